//! The flowchart's edges routed orthogonally, as a printed flowchart draws them: down from the
//! upper node, across on a track of their own in the gap between two layers, down into the next
//! layer. Each gap is made as tall as its tracks need, so no two edges run along each other and a
//! reader can follow every edge from end to end.

use super::layout::Placed;
use crate::model::graph::EdgeKind;

/// Distance between two tracks in a gap, mm.
const TRACK: f64 = 2.5;

/// A run across shorter than this goes straight down instead.
const STRAIGHT: f64 = 0.3;

/// Two lines down closer than this would read as one: a run that comes down this near where
/// another goes on down lies above it, so the two never run side by side, mm.
const NEAR: f64 = 2.0;

/// Room kept between two runs on one track, mm.
const APART: f64 = 1.5;

/// One edge's run across a gap, from the x where it comes down to the x where it goes on down.
#[derive(Clone, Debug)]
struct Run {
    from: f64,
    to: f64,
    /// The edge, and the index of its point above the run.
    edge: usize,
    point: usize,
}

impl Run {
    fn left(&self) -> f64 {
        self.from.min(self.to)
    }

    fn right(&self) -> f64 {
        self.from.max(self.to)
    }
}

/// Each run's track in one gap, counted from the top. The runs are first put in the order, top
/// to bottom, that crosses the fewest lines down (a run crosses the line down into its
/// neighbour's start when it lies above that run, and the line down from its neighbour's end
/// when it lies below); a run going down at (or [`NEAR`]) the x where another comes down lies
/// below it, or the two would share that stretch of line. Then runs next to each other in that
/// order that do not overlap share a track, which changes no crossing.
fn tracks_of(runs: &mut [Run]) -> Vec<usize> {
    runs.sort_by(|a, b| a.left().total_cmp(&b.left()).then(a.right().total_cmp(&b.right())).then(a.edge.cmp(&b.edge)));
    let n = runs.len();
    // cost[a][b]: what it costs for run a to lie above run b.
    let within = |x: f64, r: &Run| x > r.left() + 1e-6 && x < r.right() - 1e-6;
    let cost: Vec<Vec<u32>> = (0..n)
        .map(|a| {
            (0..n)
                .map(|b| {
                    let (ra, rb) = (&runs[a], &runs[b]);
                    let shared = u32::from((ra.to - rb.from).abs() < NEAR) * SHARED;
                    u32::from(within(rb.from, ra)) + u32::from(within(ra.to, rb)) + shared
                })
                .collect()
        })
        .collect();
    let order = fewest_crossings(n, &cost);
    let mut track = vec![0; n];
    let mut t = 0;
    let mut on_track: Vec<usize> = Vec::new();
    for &r in &order {
        let clear = on_track
            .iter()
            .all(|&q| runs[q].right() + APART < runs[r].left() || runs[r].right() + APART < runs[q].left());
        if !clear {
            t += 1;
            on_track.clear();
        }
        on_track.push(r);
        track[r] = t;
    }
    track
}

/// What it costs for a run to lie above one that comes down where it goes down: more than all
/// the crossings it could save.
const SHARED: u32 = 1000;

/// An order of `n` runs, top to bottom, for which the sum of `cost[a][b]` over every `a` above
/// `b` is least: exactly for up to [`EXACT`] runs (a search over subsets), else from the runs in
/// their order along the gap, improved by swapping neighbours while that helps.
fn fewest_crossings(n: usize, cost: &[Vec<u32>]) -> Vec<usize> {
    if n <= EXACT {
        // best[set]: the least cost of putting the runs in `set` at the top, and the run last
        // placed among them.
        let mut best = vec![(u32::MAX, usize::MAX); 1 << n];
        best[0] = (0, usize::MAX);
        for set in 0..(1usize << n) {
            let (so_far, _) = best[set];
            if so_far == u32::MAX {
                continue;
            }
            for r in (0..n).filter(|&r| set & (1 << r) == 0) {
                // Putting r next: it lies below every run already placed.
                let added: u32 = (0..n).filter(|&q| set & (1 << q) != 0).map(|q| cost[q][r]).sum();
                let next = set | (1 << r);
                if so_far + added < best[next].0 {
                    best[next] = (so_far + added, r);
                }
            }
        }
        let mut order = Vec::with_capacity(n);
        let mut set = (1usize << n) - 1;
        while set != 0 {
            let r = best[set].1;
            order.push(r);
            set &= !(1 << r);
        }
        order.reverse();
        return order;
    }
    // First an order that keeps every run that must lie above another above it (in their order
    // along the gap otherwise; a circle of such runs is broken at its first run); then swapping
    // two neighbours, which changes only what they cost each other and so never breaks that.
    let must_be_above = |b: usize, a: usize| cost[a][b] >= SHARED;
    let mut order: Vec<usize> = Vec::with_capacity(n);
    let mut placed = vec![false; n];
    while order.len() < n {
        let ready = (0..n).find(|&r| !placed[r] && (0..n).all(|q| placed[q] || q == r || !must_be_above(q, r)));
        let r = ready.unwrap_or_else(|| (0..n).find(|&r| !placed[r]).unwrap_or(0));
        placed[r] = true;
        order.push(r);
    }
    let mut better = true;
    while better {
        better = false;
        for i in 1..n {
            let (a, b) = (order[i - 1], order[i]);
            if cost[b][a] < cost[a][b] {
                order.swap(i - 1, i);
                better = true;
            }
        }
    }
    order
}

/// The most runs in one gap ordered exactly (2^12 subsets).
const EXACT: usize = 12;

/// How the layers lie: the first one's top, a node's height, the gap between two layers (before
/// routing) and how many layers there are.
pub(super) struct Layers {
    pub(super) top: f64,
    pub(super) node_h: f64,
    pub(super) gap: f64,
    pub(super) count: usize,
}

impl Layers {
    /// The layer `y` lies in (a layer owns its row and the gap below it); the rows under the
    /// graph count as the layer after the last.
    fn of(&self, y: f64) -> usize {
        (((y - self.top + 1e-6) / (self.node_h + self.gap)).floor().max(0.0) as usize).min(self.count)
    }
}

/// Routes `edges`, laid out as polylines from a node's side through the middle of each layer
/// they cross (their dummies) to another node's side, with every gap `layers.gap` tall: each
/// change of x becomes a run across on a track in its gap, and every gap grows to hold its
/// tracks. Moves `nodes` down with their layers; returns how much taller the graph became.
pub(super) fn route(layers: &Layers, nodes: &mut [Placed], edges: &mut [(Vec<(f64, f64)>, EdgeKind)]) -> f64 {
    if layers.count == 0 {
        return 0.0; // no edges
    }
    // Every edge top-down while it is routed.
    let upward: Vec<bool> = edges.iter().map(|(p, _)| p[0].1 > p[p.len() - 1].1).collect();
    for ((points, _), &up) in edges.iter_mut().zip(&upward) {
        if up {
            points.reverse();
        }
    }
    // The runs across each gap.
    let mut runs: Vec<Vec<Run>> = vec![Vec::new(); layers.count + 1];
    for (e, (points, _)) in edges.iter().enumerate() {
        for (i, pair) in points.windows(2).enumerate() {
            let (from, to) = (pair[0].0, pair[1].0);
            if (from - to).abs() > STRAIGHT {
                runs[layers.of(pair[0].1)].push(Run { from, to, edge: e, point: i });
            }
        }
    }
    // track[(edge, point)] = (gap, track), the tracks counted from the top of the gap.
    let mut track = std::collections::BTreeMap::new();
    let mut tracks = vec![0usize; layers.count + 1];
    for (gap, list) in runs.iter_mut().enumerate() {
        let assigned = tracks_of(list);
        tracks[gap] = assigned.iter().max().map_or(0, |t| t + 1);
        for (run, t) in list.iter().zip(assigned) {
            track.insert((run.edge, run.point), (gap, t));
        }
    }
    let gap_of = |g: usize| layers.gap.max((tracks[g] + 1) as f64 * TRACK);
    // How far each layer moves down: the growth of the gaps above it.
    let mut shift = vec![0.0; layers.count + 1];
    for l in 1..=layers.count {
        shift[l] = shift[l - 1] + gap_of(l - 1) - layers.gap;
    }
    // The rows under the graph start after the last layer's row, not its gap.
    shift[layers.count] = shift[layers.count - 1];
    let track_y = |gap: usize, t: usize| {
        let below_row = layers.top + gap as f64 * (layers.node_h + layers.gap) + layers.node_h + shift[gap];
        below_row + (t + 1) as f64 * gap_of(gap) / (tracks[gap] + 1) as f64
    };
    for (e, (points, _)) in edges.iter_mut().enumerate() {
        let mut routed = Vec::with_capacity(points.len() * 3);
        for (i, &(x, y)) in points.iter().enumerate() {
            if let Some(&(gap, t)) = i.checked_sub(1).and_then(|up| track.get(&(e, up))) {
                let ty = track_y(gap, t);
                routed.push((points[i - 1].0, ty));
                routed.push((x, ty));
            }
            routed.push((x, y + shift[layers.of(y)]));
        }
        *points = routed;
    }
    for ((points, _), up) in edges.iter_mut().zip(upward) {
        if up {
            points.reverse();
        }
    }
    for node in nodes.iter_mut() {
        node.y += shift[layers.of(node.y)];
    }
    shift[layers.count]
}
