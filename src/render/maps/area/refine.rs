//! The last step of an area map's layout: a search that moves and swaps free boxes to take out
//! the crossings the earlier, one-area-at-a-time steps leave (two areas that must move together,
//! a link drawn through a box). It counts what a reader will see: pairs of links that cross,
//! and links passing under a box that is not their end (routing takes those round the box,
//! across the box's own links); links long enough to be drawn off the map count for nothing.
//!
//! Simulated annealing with a fixed-seed generator and a work budget (not a clock), so the same
//! graph gives the same positions. Every move keeps each box clear of the others and inside the
//! field, and every moved area (and each free neighbour) within two box widths of a neighbour;
//! the best layout seen is kept.

use super::layout::Graph;
use super::routing::{self, Boxed, Route};
use super::separate::{crossing_pairs, dist2, off_map, spot_free};
use super::visibility::crosses;

/// How much work the search may do: segment tests summed over its steps (about 0.1 s of a
/// laptop core; a map of 72 areas and 130 links gets some 7,000 steps).
const BUDGET: usize = 120_000_000;
/// The most steps, for small maps.
const MOST_STEPS: usize = 20_000;
/// How many link lengths a crossing weighs against the total link length.
const CROSSING: f64 = 6.0;

/// Moves free areas to remove crossings; see the module's documentation. `long` is the length
/// beyond which a link is drawn off the map, `unit` the length of one link. The search counts
/// straight lines; its result is kept only when the links as routed ([`seen`]) cross no more
/// often than before.
pub(super) fn repair(
    g: &Graph,
    at: &mut [(f64, f64)],
    free: &[bool],
    (clear, field, area): ((f64, f64), (f64, f64), (f64, f64)),
    unit: f64,
    long: f64,
) {
    let n = at.len();
    let movable: Vec<usize> = (0..n).filter(|&i| free[i]).collect();
    if movable.is_empty() || g.edges.is_empty() {
        return;
    }
    let neighbours = g.neighbours();
    let near = area.0 + clear.0;
    let close = |at: &[(f64, f64)], i: usize| {
        neighbours[i].is_empty() || neighbours[i].iter().any(|&j| dist2(at[i], at[j]) <= near * near + 1e-6)
    };
    // Every moved area and each of its free neighbours keep a neighbour within reach.
    let keeps_close = |at: &[(f64, f64)], moved: &[usize]| {
        moved.iter().all(|&i| close(at, i) && neighbours[i].iter().all(|&j| !free[j] || close(at, j)))
    };
    let cost = |at: &[(f64, f64)]| score(g, at, area, long);
    let per_step = g.edges.len() * g.edges.len() / 2 + g.edges.len() * n;
    let steps = (BUDGET / per_step.max(1)).min(MOST_STEPS);
    let mut random = Lcg(0x00a1_ea5e);
    let start = at.to_vec();
    let at_start = &start[..];
    let mut now = cost(at);
    let mut best = (now, at.to_vec());
    // Start hot enough to accept a step that adds one crossing now and then.
    let hottest = CROSSING * unit * 0.5;
    for step in 0..steps {
        if best.0 .0 == 0 {
            break;
        }
        let heat = hottest * (1.0 - step as f64 / steps as f64).powi(2);
        let i = movable[random.below(movable.len())];
        let was = at[i];
        let swap = random.below(5) == 0;
        let other = if swap {
            let near_ones: Vec<usize> =
                movable.iter().copied().filter(|&j| j != i && dist2(at[i], at[j]) <= (3.0 * unit).powi(2)).collect();
            if near_ones.is_empty() {
                continue;
            }
            Some(near_ones[random.below(near_ones.len())])
        } else {
            // A spot near where it is, or beside one of its neighbours, in half cells.
            let centre = match neighbours[i].len() {
                0 => was,
                k => match random.below(k + 1) {
                    0 => was,
                    m => at[neighbours[i][m - 1]],
                },
            };
            let (dx, dy) = (random.below(9) as f64 - 4.0, random.below(9) as f64 - 4.0);
            let p = (centre.0 + dx * clear.0 / 2.0, centre.1 + dy * clear.1 / 2.0);
            if p == was || !spot_free(at, i, p, (clear, field, area)) {
                continue;
            }
            at[i] = p;
            None
        };
        if let Some(j) = other {
            at.swap(i, j);
        }
        let moved: Vec<usize> = [Some(i), other].into_iter().flatten().collect();
        let next = if keeps_close(at, &moved) { Some(cost(at)) } else { None };
        let accept = next.is_some_and(|next| {
            let delta = weigh(next, unit) - weigh(now, unit);
            delta <= 0.0 || (heat > 0.0 && random.unit() < (-delta / heat).exp())
        });
        match (accept, next) {
            (true, Some(next)) => {
                now = next;
                if (now.0, now.1) < (best.0 .0, best.0 .1 - 1e-6) {
                    best = (now, at.to_vec());
                }
            }
            _ => match other {
                Some(j) => at.swap(i, j),
                None => at[i] = was,
            },
        }
    }
    let sum = |(crossed, off): (usize, usize)| crossed + off;
    // Routing is the costly part: a search that found nothing better routes nothing.
    if best.1 != at_start && sum(seen(&g.edges, &best.1, area, field)) < sum(seen(&g.edges, at_start, area, field)) {
        at.copy_from_slice(&best.1);
    } else {
        at.copy_from_slice(at_start);
    }
}

/// What a reader sees of `links` with boxes of `size` at `at` in `field`: how many pairs of
/// drawn links cross, and how many links are drawn as off-map arrows (`routing`).
pub(super) fn seen(links: &[(usize, usize)], at: &[(f64, f64)], size: (f64, f64), field: (f64, f64)) -> (usize, usize) {
    let boxes: Vec<Boxed> = at.iter().map(|&centre| Boxed { centre, size }).collect();
    // Label sizes place only the off-map arrows' labels, which are not counted.
    let routes = routing::route(field, &boxes, links, |_| (20.0, 3.0));
    let off = routes.iter().filter(|r| matches!(r, Route::OffMap { .. })).count();
    (routing::crossings(&routes, links), off)
}

/// What a layout costs: the crossings a reader sees and the total length of the links drawn on
/// the map.
fn score(g: &Graph, at: &[(f64, f64)], area: (f64, f64), long: f64) -> (usize, f64) {
    // A link drawn off the map crosses nothing, but its reader must look for the other end: it
    // counts as a crossing, so that no step sends an area away to hide its links.
    type Links = Vec<(usize, usize)>;
    let (short, off): (Links, Links) = g.edges.iter().copied().partition(|&e| !off_map(at, e, long));
    // Routes keep their clearance from a box they pass: a line that close is taken round it.
    let by = super::routing::CLEARANCE;
    let (hw, hh) = (area.0 / 2.0 + by, area.1 / 2.0 + by);
    let through: usize = short
        .iter()
        .map(|&(a, b)| {
            (0..at.len())
                .filter(|&k| k != a && k != b)
                .filter(|&k| crosses(at[a], at[b], (at[k].0 - hw, at[k].1 - hh, at[k].0 + hw, at[k].1 + hh)))
                .count()
        })
        .sum();
    let length = short.iter().map(|&(a, b)| dist2(at[a], at[b]).sqrt()).sum();
    (crossing_pairs(&short, at).len() + through + off.len(), length)
}

fn weigh((crossed, length): (usize, f64), unit: f64) -> f64 {
    crossed as f64 * CROSSING * unit + length
}

/// A linear congruential generator with a fixed seed: the same steps every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    /// A number in `0..bound`.
    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound.max(1) as u64) as usize
    }

    /// A number in `[0, 1)`.
    fn unit(&mut self) -> f64 {
        self.next() as f64 / (1u64 << 31) as f64
    }
}
