//! The flowchart's layout (Sugiyama): cycle removal, longest-path layering, dummy nodes on long
//! edges, barycentre ordering, one lane per side; every node's box sized to its measured labels;
//! then the edges routed on tracks between the layers (`routing`).

use std::collections::BTreeMap;

use super::routing::{route, Layers};
use super::{LABEL, LABEL_EN, NODE_H, PAD};
use crate::model::graph::{CardGraph, Edge, EdgeKind, Group, Node, NodeKind};
use crate::text::{Fonts, Style, Weight};

/// Spacing between nodes, layers and lanes (mm).
const GAP_X: f64 = 5.0;

/// The least room between two layers, mm (a chart with height to spare spaces them further).
pub(super) const GAP_Y: f64 = 10.0;

const LANE_GAP: f64 = 8.0;

/// A placed node: its rectangle in mm.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    /// Index into the graph's nodes.
    pub node: usize,
    /// Left.
    pub x: f64,
    /// Top.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
    /// Width of the widest label line, mm (never more than `w - 2 × PAD`).
    pub label_w: f64,
}

/// The computed layout.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// Every node's box.
    pub nodes: Vec<Placed>,
    /// Every edge as a polyline (through its dummy positions), with its kind.
    pub edges: Vec<(Vec<(f64, f64)>, EdgeKind)>,
    /// Lanes: group, left, right.
    pub lanes: Vec<(Group, f64, f64)>,
    /// Overall width and height.
    pub size: (f64, f64),
    /// How many layers the linked cards take.
    pub layers: usize,
}

/// Lays `graph` out.
pub fn layout(graph: &CardGraph, fonts: &Fonts) -> Layout {
    spaced(graph, fonts, GAP_Y)
}

/// Lays `graph` out with at least `gap_y` mm between two layers.
pub(super) fn spaced(graph: &CardGraph, fonts: &Fonts, gap_y: f64) -> Layout {
    let n = graph.nodes.len();
    let widths: Vec<(f64, f64)> = graph
        .nodes
        .iter()
        .map(|node| {
            let ja = fonts.width_em(&node.label, Style::main(Weight::Bold)) * LABEL;
            let en = fonts.width_em(&node.label_en, Style::main(Weight::Regular)) * LABEL_EN;
            let label = ja.max(en);
            (label + 2.0 * PAD, label)
        })
        .collect();
    // 1. Edges pointing forward: a depth-first search reverses the edges that close a cycle.
    let mut edges: Vec<(usize, usize, EdgeKind, bool)> =
        graph.edges.iter().map(|e| (e.from, e.to, e.kind, false)).collect();
    let mut state = vec![0u8; n];
    fn visit(v: usize, edges: &mut [(usize, usize, EdgeKind, bool)], state: &mut [u8]) {
        state[v] = 1;
        for i in 0..edges.len() {
            if edges[i].0 == v && !edges[i].3 {
                let w = edges[i].1;
                if state[w] == 1 {
                    edges[i].3 = true; // back edge: laid out reversed
                } else if state[w] == 0 {
                    visit(w, edges, state);
                }
            }
        }
        state[v] = 2;
    }
    for v in 0..n {
        if state[v] == 0 {
            visit(v, &mut edges, &mut state);
        }
    }
    let forward: Vec<(usize, usize)> =
        edges.iter().map(|&(a, b, _, rev)| if rev { (b, a) } else { (a, b) }).filter(|(a, b)| a != b).collect();
    // 2. Longest-path layers; nodes without any edge go to rows of their own at the bottom.
    let connected: Vec<bool> = (0..n).map(|v| forward.iter().any(|&(a, b)| a == v || b == v)).collect();
    let mut layer = vec![0usize; n];
    for _ in 0..n {
        let mut changed = false;
        for &(a, b) in &forward {
            if layer[b] < layer[a] + 1 {
                layer[b] = layer[a] + 1;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let deepest = (0..n).filter(|&v| connected[v]).map(|v| layer[v]).max().map_or(0, |d| d + 1);
    // 3. Dummy nodes on edges longer than one layer: (layer, position slot) chains.
    let mut rows: Vec<Vec<Slot>> = vec![Vec::new(); deepest];
    for v in (0..n).filter(|&v| connected[v]) {
        rows[layer[v]].push(Slot::Node(v));
    }
    for (e, &(a, b)) in forward.iter().enumerate() {
        for row in &mut rows[layer[a] + 1..layer[b]] {
            row.push(Slot::Dummy(e));
        }
    }
    // 4. Order each layer: by lane, then by the barycentre of the layer above; two sweeps each way.
    let group_of = |slot: &Slot| match slot {
        Slot::Node(v) => graph.nodes[*v].group,
        Slot::Dummy(e) => {
            let (ga, gb) = (graph.nodes[forward[*e].0].group, graph.nodes[forward[*e].1].group);
            if ga == gb {
                ga
            } else {
                Group::Both
            }
        }
    };
    for row in rows.iter_mut() {
        row.sort_by_key(|s| (group_of(s), s.key()));
    }
    for sweep in 0..4 {
        let down = sweep % 2 == 0;
        let order: Vec<usize> =
            if down { (1..rows.len()).collect() } else { (0..rows.len().saturating_sub(1)).rev().collect() };
        for l in order {
            let neighbour = if down { l - 1 } else { l + 1 };
            let position = |slot: &Slot| -> Option<f64> {
                let adjacent: Vec<f64> = rows[neighbour]
                    .iter()
                    .enumerate()
                    .filter(|(_, other)| linked(slot, other, &forward))
                    .map(|(i, _)| i as f64)
                    .collect();
                (!adjacent.is_empty()).then(|| adjacent.iter().sum::<f64>() / adjacent.len() as f64)
            };
            let mut keyed: Vec<(Group, i64, String, Slot)> = rows[l]
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    (group_of(s), (position(s).unwrap_or(i as f64) * 1000.0).round() as i64, s.key(), s.clone())
                })
                .collect();
            keyed.sort_by(|a, b| (a.0, a.1, &a.2).cmp(&(b.0, b.1, &b.2)));
            rows[l] = keyed.into_iter().map(|k| k.3).collect();
        }
    }
    // 5. Coordinates: lanes side by side, each as wide as its widest layer.
    let slot_w = |s: &Slot| match s {
        Slot::Node(v) => widths[*v].0,
        Slot::Dummy(_) => 2.0,
    };
    let groups = [Group::First, Group::Both, Group::Second];
    let isolated: Vec<usize> = (0..n).filter(|&v| !connected[v]).collect();
    let lane_width = |g: Group| -> f64 {
        let in_layers = rows
            .iter()
            .map(|row| row.iter().filter(|s| group_of(s) == g).map(|s| slot_w(s) + GAP_X).sum::<f64>())
            .fold(0.0, f64::max);
        let alone: Vec<f64> =
            isolated.iter().filter(|&&v| graph.nodes[v].group == g).map(|&v| widths[v].0 + GAP_X).collect();
        let widest = alone.iter().copied().fold(0.0, f64::max);
        // Cards without relations wrap into about as many columns as make their block half as
        // wide again as it is tall (a landscape page), instead of one tall column.
        let mean = alone.iter().sum::<f64>() / alone.len().max(1) as f64;
        let columns = (1.5 * alone.len() as f64 * (NODE_H + 4.0) / mean.max(1.0)).sqrt().round().max(1.0);
        in_layers.max(widest).max((columns * mean).min(alone.iter().sum())).max(30.0)
    };
    let mut lanes = Vec::new();
    let mut x = 0.0;
    for g in groups {
        if graph.nodes.iter().any(|node| node.group == g) {
            let w = lane_width(g);
            lanes.push((g, x, x + w));
            x += w + LANE_GAP;
        }
    }
    let total_w = (x - LANE_GAP).max(0.0);
    let mut pos: Vec<Option<(f64, f64)>> = vec![None; n];
    // Per forward edge: the (layer, point) of each of its dummies.
    let mut dummy_pos: BTreeMap<usize, Vec<DummyPoint>> = Default::default();
    let top = 14.0; // room for the lane headings
    for (l, row) in rows.iter().enumerate() {
        let y = top + l as f64 * (NODE_H + gap_y);
        for &(g, left, right) in &lanes {
            let members: Vec<&Slot> = row.iter().filter(|s| group_of(s) == g).collect();
            let used: f64 = members.iter().map(|s| slot_w(s) + GAP_X).sum::<f64>() - GAP_X;
            let mut cx = left + (right - left - used.max(0.0)) / 2.0;
            for s in members {
                match s {
                    Slot::Node(v) => pos[*v] = Some((cx, y)),
                    Slot::Dummy(e) => dummy_pos.entry(*e).or_default().push((l, (cx + 1.0, y + NODE_H / 2.0))),
                }
                cx += slot_w(s) + GAP_X;
            }
        }
    }
    // Cards without relations: rows of their own under the graph, in their lanes.
    // They sit 16 mm under the last layer's row however far apart the layers are.
    let mut y = top + deepest as f64 * (NODE_H + gap_y) + if deepest > 0 { 16.0 - gap_y } else { 0.0 };
    let mut bottom = y;
    for &(g, left, right) in &lanes {
        let (mut cx, mut cy) = (left, y);
        for &v in isolated.iter().filter(|&&v| graph.nodes[v].group == g) {
            if cx + widths[v].0 > right + 0.01 && cx > left {
                cx = left;
                cy += NODE_H + 4.0;
            }
            pos[v] = Some((cx, cy));
            cx += widths[v].0 + GAP_X;
            bottom = bottom.max(cy + NODE_H);
        }
    }
    y = bottom.max(top + deepest as f64 * (NODE_H + gap_y) - gap_y);
    let mut nodes: Vec<Placed> = (0..n)
        .map(|v| {
            let (x, y) = pos[v].unwrap_or((0.0, 0.0));
            Placed { node: v, x, y, w: widths[v].0, h: NODE_H, label_w: widths[v].1 }
        })
        .collect();
    // 6. Edges: from the bottom of the upper node through its dummies to the top of the lower one.
    let mut out_edges = Vec::new();
    let mut ends = Ends::new();
    for (e, &(a, b, kind, reversed)) in edges.iter().enumerate() {
        if a == b {
            continue;
        }
        let (upper, lower) = if reversed { (b, a) } else { (a, b) };
        let (pu, pl) = (&nodes[upper], &nodes[lower]);
        let mut points = vec![(pu.x + pu.w / 2.0, pu.y + pu.h)];
        let fe = forward.iter().position(|&(x, y)| (x, y) == (upper, lower)).unwrap_or(e);
        if let Some(d) = dummy_pos.get(&fe) {
            let mut d = d.clone();
            d.sort_by_key(|(l, _)| *l);
            points.extend(d.into_iter().map(|(_, p)| p));
        }
        points.push((pl.x + pl.w / 2.0, pl.y));
        let last = points.len() - 1;
        let (at_upper, at_lower) = if reversed { (last, 0) } else { (0, last) };
        let (after_upper, before_lower) = (points[1].0, points[last - 1].0);
        if reversed {
            points.reverse();
        }
        ends.entry((upper, true)).or_default().push((after_upper, out_edges.len(), at_upper));
        ends.entry((lower, false)).or_default().push((before_lower, out_edges.len(), at_lower));
        out_edges.push((points, kind));
    }
    spread_ends(&nodes, ends, &mut out_edges);
    let layers = Layers { top, node_h: NODE_H, gap: gap_y, count: deepest };
    let grown = route(&layers, &mut nodes, &mut out_edges);
    Layout { nodes, edges: out_edges, lanes, size: (total_w, y + grown + 2.0), layers: deepest }
}

/// The edge ends on each side of each node, by (node, bottom side): the x of the edge's next
/// point away from the node, the edge and the index of its end point.
type Ends = BTreeMap<(usize, bool), Vec<(f64, usize, usize)>>;

/// Spreads the ends of the edges meeting one side of a node evenly along it, in the order of
/// where each edge goes (so they do not cross there): no two edges share an end or run together
/// into a node, and two edges between the same pair of nodes run side by side. The ends on a
/// bottom side sit a little left of those on a top side, so an edge leaving a node never comes
/// down the line another takes into the node below.
fn spread_ends(nodes: &[Placed], ends: Ends, edges: &mut [(Vec<(f64, f64)>, EdgeKind)]) {
    for ((v, bottom), mut list) in ends {
        list.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let p = &nodes[v];
        let step = p.w / (list.len() + 1) as f64;
        let aside = (step / 4.0).min(1.0) * if bottom { -1.0 } else { 1.0 };
        for (i, &(_, e, end)) in list.iter().enumerate() {
            edges[e].0[end].0 = p.x + step * (i + 1) as f64 + aside;
        }
    }
}

/// Where a long edge crosses a layer: the layer and the point.
type DummyPoint = (usize, (f64, f64));

/// A place in a layer: a real node or a dummy on a long edge.
#[derive(Clone, Debug)]
enum Slot {
    Node(usize),
    Dummy(usize),
}

impl Slot {
    fn key(&self) -> String {
        match self {
            Slot::Node(v) => format!("n{v:06}"),
            Slot::Dummy(e) => format!("d{e:06}"),
        }
    }
}

/// Whether two slots of adjacent layers are joined by an edge (or a piece of one).
fn linked(a: &Slot, b: &Slot, forward: &[(usize, usize)]) -> bool {
    let ends = |s: &Slot| -> Vec<usize> {
        match s {
            Slot::Node(v) => {
                forward.iter().enumerate().filter(|(_, &(x, y))| x == *v || y == *v).map(|(i, _)| i).collect()
            }
            Slot::Dummy(e) => vec![*e],
        }
    };
    let (ea, eb) = (ends(a), ends(b));
    ea.iter().any(|e| eb.contains(e))
}

/// A deterministic synthetic graph of `n` cards and `m` edges, for benchmarks and tests.
pub fn synthetic(n: usize, m: usize) -> CardGraph {
    let mut g = CardGraph::default();
    for i in 0..n {
        let group = [Group::First, Group::Both, Group::Second][i % 3];
        g.nodes.push(Node {
            id: format!("card:{i}"),
            label: format!("{i} 作戦カード{i}号"),
            label_en: format!("Operation {i}"),
            group,
            kind: NodeKind::Card,
        });
    }
    let mut seed = 12345u64;
    while g.edges.len() < m {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let a = (seed >> 33) as usize % n;
        let b = (seed >> 13) as usize % n;
        if a != b && !g.edges.iter().any(|e| e.from == a && e.to == b) {
            g.edges.push(Edge { from: a, to: b, kind: EdgeKind::Enables });
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overlaps(a: &Placed, b: &Placed) -> bool {
        a.x < b.x + b.w - 1e-6 && b.x < a.x + a.w - 1e-6 && a.y < b.y + b.h - 1e-6 && b.y < a.y + a.h - 1e-6
    }

    #[test]
    fn no_nodes_overlap_and_every_label_fits_its_box() {
        let fonts = Fonts::embedded();
        for g in [synthetic(30, 45), synthetic(200, 400)] {
            let l = layout(&g, &fonts);
            for (i, a) in l.nodes.iter().enumerate() {
                assert!(a.label_w + 2.0 * PAD <= a.w + 1e-9, "label wider than its box");
                for b in &l.nodes[i + 1..] {
                    assert!(!overlaps(a, b), "{a:?} overlaps {b:?}");
                }
            }
        }
    }

    #[test]
    fn full_width_labels_are_measured_at_one_em_per_character() {
        let fonts = Fonts::embedded();
        let mut g = CardGraph::default();
        g.nodes.push(Node {
            id: "card:1".into(),
            label: "解放人民政府樹立".into(),
            label_en: String::new(),
            group: Group::First,
            kind: NodeKind::Card,
        });
        let l = layout(&g, &fonts);
        assert!(l.nodes[0].label_w >= 8.0 * LABEL - 1e-9);
    }

    #[test]
    fn cycles_are_laid_out_and_edges_point_downwards_or_back() {
        let fonts = Fonts::embedded();
        let mut g = synthetic(4, 0);
        for (a, b) in [(0, 1), (1, 2), (2, 0), (2, 3)] {
            g.edges.push(Edge { from: a, to: b, kind: EdgeKind::Enables });
        }
        let l = layout(&g, &fonts);
        assert_eq!(l.edges.len(), 4);
        let y = |i: usize| l.nodes[i].y;
        assert!(y(0) < y(1) && y(1) < y(2) && y(2) < y(3));
    }

    #[test]
    fn cards_without_relations_wrap_into_columns() {
        let fonts = Fonts::embedded();
        let l = layout(&synthetic(30, 0), &fonts);
        let mut columns: Vec<i64> = l.nodes.iter().map(|p| (p.x * 10.0).round() as i64).collect();
        columns.sort_unstable();
        columns.dedup();
        assert!(columns.len() >= 6, "three lanes of at least two columns: {columns:?}");
        assert!(l.size.1 < l.size.0, "a landscape block, not a tall column: {:?}", l.size);
    }

    /// How far two polylines run along each other (parallel segments within 0.5 mm: at 0.5 pt
    /// lines they read as one), mm.
    fn shared_length(a: &[(f64, f64)], b: &[(f64, f64)]) -> f64 {
        let mut shared = 0.0;
        for p in a.windows(2) {
            let (dx, dy) = (p[1].0 - p[0].0, p[1].1 - p[0].1);
            let len = dx.hypot(dy);
            if len < 1e-9 {
                continue;
            }
            let (ux, uy) = (dx / len, dy / len);
            let along = |q: (f64, f64)| (q.0 - p[0].0) * ux + (q.1 - p[0].1) * uy;
            let off = |q: (f64, f64)| ((q.0 - p[0].0) * uy - (q.1 - p[0].1) * ux).abs();
            for q in b.windows(2) {
                if off(q[0]) < 0.5 && off(q[1]) < 0.5 {
                    let (t0, t1) = (along(q[0]).min(along(q[1])), along(q[0]).max(along(q[1])));
                    shared += (t1.min(len) - t0.max(0.0)).max(0.0);
                }
            }
        }
        shared
    }

    /// Whether `point` lies inside `node`'s box, more than 0.1 mm from its edge.
    fn inside(node: &Placed, (x, y): (f64, f64)) -> bool {
        x > node.x + 0.1 && x < node.x + node.w - 0.1 && y > node.y + 0.1 && y < node.y + node.h - 0.1
    }

    #[test]
    fn no_two_edges_run_along_each_other_or_share_an_end() {
        let fonts = Fonts::embedded();
        let pack = crate::load::example_pack_for_tests("dougram");
        let dougram = CardGraph::of(&pack);
        assert!(dougram.edges.len() >= 10, "dougram's cards are linked: {}", dougram.edges.len());
        let mut parallel = synthetic(6, 0);
        for (a, b, kind) in [(0, 1, EdgeKind::Enables), (0, 1, EdgeKind::Opens), (1, 0, EdgeKind::Blocks)] {
            parallel.edges.push(Edge { from: a, to: b, kind });
        }
        for g in [dougram, parallel, synthetic(60, 120), synthetic(200, 400)] {
            let l = layout(&g, &fonts);
            for (i, (a, _)) in l.edges.iter().enumerate() {
                // Down and across only (a step under 0.3 mm goes straight on), and never through
                // a box (sampled every 0.5 mm).
                for s in a.windows(2) {
                    let (dx, dy) = (s[1].0 - s[0].0, s[1].1 - s[0].1);
                    assert!(dx.abs() <= 0.3 || dy.abs() < 1e-6, "edge {i} runs aslant: {s:?}");
                    let steps = (dx.hypot(dy) / 0.5).ceil() as usize;
                    for k in 0..=steps {
                        let t = k as f64 / steps.max(1) as f64;
                        let p = (s[0].0 + t * dx, s[0].1 + t * dy);
                        assert!(l.nodes.iter().all(|n| !inside(n, p)), "edge {i} passes through a box at {p:?}");
                    }
                }
                for (j, (b, _)) in l.edges.iter().enumerate().skip(i + 1) {
                    assert!(shared_length(a, b) < 0.5, "edges {i} and {j} run together: {a:?} {b:?}");
                    let ends = [a[0], a[a.len() - 1]];
                    for q in [b[0], b[b.len() - 1]] {
                        assert!(
                            ends.iter().all(|p| (p.0 - q.0).hypot(p.1 - q.1) > 0.5),
                            "edges {i} and {j} share an end"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn layout_is_deterministic() {
        let fonts = Fonts::embedded();
        let g = synthetic(60, 120);
        let (a, b) = (layout(&g, &fonts), layout(&g, &fonts));
        assert_eq!(a.nodes, b.nodes);
        assert_eq!(a.edges, b.edges);
    }
}
