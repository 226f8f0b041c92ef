//! The visibility graph adjacency lines are routed on: the corners of every box inflated by the
//! clearance, joined wherever a straight segment passes no box; and the segment tests it is made
//! of.

use super::routing::{dist, segment_meets, Boxed, Pt, CLEARANCE};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Whether the segment `p`–`q` passes through the open rectangle `r` (its edges do not count).
pub(super) fn crosses(p: Pt, q: Pt, r: (f64, f64, f64, f64)) -> bool {
    const EPS: f64 = 1e-6;
    let (x0, y0, x1, y1) = (r.0 + EPS, r.1 + EPS, r.2 - EPS, r.3 - EPS);
    x0 < x1 && y0 < y1 && segment_meets(p, q, (x0, y0, x1, y1), true)
}

/// Whether two rectangles (left, top, right, bottom) overlap.
pub(super) fn overlaps(a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// The visibility graph of the inflated boxes.
pub(super) struct Graph {
    pub(super) inflated: Vec<(f64, f64, f64, f64)>,
    pub(super) nodes: Vec<Pt>,
    /// For each node, the box whose inflated corner it is.
    pub(super) corner_of: Vec<usize>,
    pub(super) edges: Vec<Vec<(usize, f64)>>,
}

impl Graph {
    pub(super) fn new(field: (f64, f64), boxes: &[Boxed]) -> Graph {
        let inflated: Vec<_> = boxes.iter().map(|b| b.bounds(CLEARANCE)).collect();
        let mut nodes = Vec::new();
        let mut corner_of = Vec::new();
        for (i, r) in inflated.iter().enumerate() {
            for p in [(r.0, r.1), (r.2, r.1), (r.2, r.3), (r.0, r.3)] {
                // A box on the field's edge may be passed just outside it (as a printed map's line
                // runs along its frame), never further.
                let inside_field = p.0 >= -CLEARANCE - 1e-9
                    && p.1 >= -CLEARANCE - 1e-9
                    && p.0 <= field.0 + CLEARANCE + 1e-9
                    && p.1 <= field.1 + CLEARANCE + 1e-9;
                let free = inflated.iter().enumerate().all(|(j, o)| j == i || !contains(*o, p));
                if inside_field && free {
                    nodes.push(p);
                    corner_of.push(i);
                }
            }
        }
        let mut g = Graph { inflated, nodes, corner_of, edges: Vec::new() };
        g.edges = vec![Vec::new(); g.nodes.len()];
        for a in 0..g.nodes.len() {
            for b in a + 1..g.nodes.len() {
                if g.clear(g.nodes[a], g.nodes[b], &[]) {
                    let d = dist(g.nodes[a], g.nodes[b]);
                    g.edges[a].push((b, d));
                    g.edges[b].push((a, d));
                }
            }
        }
        g
    }

    /// Whether the segment passes through no inflated box other than those in `skip`.
    pub(super) fn clear(&self, p: Pt, q: Pt, skip: &[usize]) -> bool {
        self.inflated.iter().enumerate().all(|(i, r)| skip.contains(&i) || !crosses(p, q, *r))
    }

    /// The shortest polyline from the centre of box `a` to that of box `b`, as node indices
    /// between the two centres, or `None` when the boxes are walled off from each other.
    pub(super) fn shortest(&self, from: Pt, to: Pt, a: usize, b: usize) -> Option<Vec<usize>> {
        if self.clear(from, to, &[a, b]) {
            return Some(Vec::new());
        }
        let count = self.nodes.len();
        let (source, target) = (count, count + 1);
        let mut best = vec![f64::INFINITY; count + 2];
        let mut back = vec![usize::MAX; count + 2];
        let mut heap = BinaryHeap::new();
        best[source] = 0.0;
        heap.push(Reverse((0_u64, source)));
        while let Some(Reverse((bits, u))) = heap.pop() {
            let cost = f64::from_bits(bits);
            if cost > best[u] {
                continue;
            }
            if u == target {
                break;
            }
            let mut relax = |v: usize, d: f64, heap: &mut BinaryHeap<Reverse<(u64, usize)>>| {
                let c = cost + d;
                if c < best[v] {
                    best[v] = c;
                    back[v] = u;
                    heap.push(Reverse((c.to_bits(), v)));
                }
            };
            if u == source {
                for v in 0..count {
                    if self.clear(from, self.nodes[v], &[a]) {
                        relax(v, dist(from, self.nodes[v]), &mut heap);
                    }
                }
            } else {
                let p = self.nodes[u];
                for &(v, d) in &self.edges[u] {
                    relax(v, d, &mut heap);
                }
                if self.clear(p, to, &[b]) {
                    relax(target, dist(p, to), &mut heap);
                }
            }
        }
        if back[target] == usize::MAX {
            return None;
        }
        let mut path = Vec::new();
        let mut v = back[target];
        while v != source {
            path.push(v);
            v = back[v];
        }
        path.reverse();
        Some(path)
    }
}

/// Whether `p` lies strictly inside the rectangle.
pub(super) fn contains(r: (f64, f64, f64, f64), p: Pt) -> bool {
    p.0 > r.0 + 1e-9 && p.0 < r.2 - 1e-9 && p.1 > r.1 + 1e-9 && p.1 < r.3 - 1e-9
}
