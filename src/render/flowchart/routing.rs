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

/// Each run's track in one gap (sorted here by where they start): filled from the top, each
/// track from the left with every run that fits (the fewest tracks intervals can take), except
/// that a run going down at (or [`NEAR`]) the x where another comes down must lie below it, or
/// the two would share that stretch of line. (Should such runs wait on each other in a circle,
/// one is placed anyway.)
fn tracks_of(runs: &mut [Run]) -> Vec<usize> {
    runs.sort_by(|a, b| a.left().total_cmp(&b.left()).then(a.right().total_cmp(&b.right())).then(a.edge.cmp(&b.edge)));
    let above: Vec<Vec<usize>> = runs
        .iter()
        .enumerate()
        .map(|(r, run)| (0..runs.len()).filter(|&q| q != r && (runs[q].from - run.to).abs() < NEAR).collect())
        .collect();
    let mut placed: Vec<Option<usize>> = vec![None; runs.len()];
    let mut t = 0;
    while placed.iter().any(Option::is_none) {
        let mut end = f64::NEG_INFINITY;
        let mut any = false;
        for r in 0..runs.len() {
            let waits = above[r].iter().any(|&q| placed[q].is_none_or(|tq| tq >= t));
            if placed[r].is_none() && !waits && runs[r].left() > end + APART {
                placed[r] = Some(t);
                end = runs[r].right();
                any = true;
            }
        }
        if !any {
            if let Some(r) = placed.iter().position(Option::is_none) {
                placed[r] = Some(t);
            }
        }
        t += 1;
    }
    placed.into_iter().map(|t| t.unwrap_or(0)).collect()
}

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
