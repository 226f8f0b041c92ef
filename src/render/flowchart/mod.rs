//! The event flowchart: the card graph laid out in layers (Sugiyama: cycle removal, longest-path
//! layering, dummy nodes on long edges, barycentre ordering), grouped in one lane per side, with
//! typed edges, a legend and the title block; plus Graphviz and Mermaid exports.
//! Everything is computed in pure Rust and is deterministic.

use std::fmt::Write;

use crate::diag::{Code, Diagnostic};
use crate::layout::Paper;
use crate::messages::Messages;
use crate::model::graph::{CardGraph, Edge, EdgeKind, Group, Node, NodeKind};
use crate::model::{Card, Names};
use crate::render::page::canvas::{Align, Canvas, Owner, TextBox, VAlign};
use crate::render::page::Page;
use crate::render::templates::mm;
use crate::render::Ctx;
use crate::text::escape;
use crate::text::fit::PT_PER_MM;
use crate::text::{Fonts, Style, Weight};

/// Label sizes (mm) and spacing.
const LABEL: f64 = 3.2;
const LABEL_EN: f64 = 2.3;
const NODE_H: f64 = 11.0;
const PAD: f64 = 2.5;
const GAP_X: f64 = 5.0;
const GAP_Y: f64 = 10.0;
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
}

/// Lays `graph` out.
pub fn layout(graph: &CardGraph, fonts: &Fonts) -> Layout {
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
    let mut dummy_pos: std::collections::BTreeMap<usize, Vec<DummyPoint>> = Default::default();
    let top = 14.0; // room for the lane headings
    for (l, row) in rows.iter().enumerate() {
        let y = top + l as f64 * (NODE_H + GAP_Y);
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
    let mut y = top + deepest as f64 * (NODE_H + GAP_Y) + if deepest > 0 { 6.0 } else { 0.0 };
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
    y = bottom.max(top + deepest as f64 * (NODE_H + GAP_Y) - GAP_Y);
    let nodes: Vec<Placed> = (0..n)
        .map(|v| {
            let (x, y) = pos[v].unwrap_or((0.0, 0.0));
            Placed { node: v, x, y, w: widths[v].0, h: NODE_H, label_w: widths[v].1 }
        })
        .collect();
    // 6. Edges: from the bottom of the upper node through its dummies to the top of the lower one.
    let mut out_edges = Vec::new();
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
        if reversed {
            points.reverse();
        }
        out_edges.push((points, kind));
    }
    Layout { nodes, edges: out_edges, lanes, size: (total_w, y + 2.0) }
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

/// Every edge kind, in the legend's order.
const KINDS: [EdgeKind; 5] =
    [EdgeKind::Enables, EdgeKind::Opens, EdgeKind::Removes, EdgeKind::Blocks, EdgeKind::Victory];

/// An edge kind's colour, dash and the keyword the Graphviz and Mermaid exports label it with.
fn edge_style(kind: EdgeKind) -> (&'static str, &'static str, &'static str) {
    match kind {
        EdgeKind::Enables => ("#2e7d32", "", "enables"),
        EdgeKind::Opens => ("#1565c0", "", "opens"),
        EdgeKind::Removes => ("#6d4c41", " stroke-dasharray=\"2 1\"", "removes"),
        EdgeKind::Blocks => ("#c62828", " stroke-dasharray=\"1 1\"", "blocks"),
        EdgeKind::Victory => ("#8e24aa", "", "victory"),
    }
}

/// An edge kind in the legend, in the pack's languages.
fn legend_text(msg: &Messages, kind: EdgeKind) -> String {
    match kind {
        EdgeKind::Enables => msg.text("flowchart.enables"),
        EdgeKind::Opens => msg.text("flowchart.opens"),
        EdgeKind::Removes => msg.text("flowchart.removes"),
        EdgeKind::Blocks => msg.text("flowchart.blocks"),
        EdgeKind::Victory => msg.text("flowchart.wins"),
    }
}

fn lane_name(ctx: &Ctx<'_>, g: Group) -> String {
    let side = |i: usize| ctx.pack.sides.get(i).map_or("—".into(), |s| ctx.msg.name(&s.name));
    match g {
        Group::First => side(0),
        Group::Second => side(1),
        Group::Both => ctx.msg.text("flowchart.either_side"),
    }
}

/// What a node stands for in the pack: its names (a victory's made from its side's) and whom
/// warnings about it name.
fn node_names(ctx: &Ctx<'_>, node: &Node) -> (Names, Owner) {
    let pack = ctx.pack;
    let (kind, id) = node.id.split_once(':').unwrap_or(("", node.id.as_str()));
    let fallback = || (Names { ja: node.label.clone(), en: node.label_en.clone() }, Owner::new(&node.id, None));
    match kind {
        "card" => pack
            .card(id)
            .map_or_else(fallback, |c| (c.name.clone(), Owner::new(format!("card {}", c.id), Some(&c.span)))),
        "unit" => pack
            .units
            .iter()
            .find(|u| u.id == id)
            .map_or_else(fallback, |u| (u.name.clone(), Owner::new(format!("unit `{}`", u.id), Some(&u.span)))),
        "place" => pack
            .hex(id)
            .and_then(|h| h.place.as_ref().map(|p| (p, h)))
            .map_or_else(fallback, |(p, h)| (p.name.clone(), Owner::new(format!("place `{}`", p.id), Some(&h.span)))),
        "victory" => pack.side(id).map_or_else(fallback, |s| {
            let in_language = |l: &str, name: &str| {
                if name.is_empty() {
                    String::new()
                } else {
                    Messages::new(&[l]).fill_first("flowchart.victory", &[("side", name)])
                }
            };
            let names = Names { ja: in_language("ja", &s.name.ja), en: in_language("en", &s.name.en) };
            (names, Owner::new(format!("victory of `{}`", s.id), None))
        }),
        _ => fallback(),
    }
}

/// A card's number as printed (its id when it has none).
pub(crate) fn card_number(card: &Card) -> String {
    card.number.map_or(card.id.clone(), |n| n.to_string())
}

/// The graph with its node labels in the pack's languages (the first language's name on the
/// first line, the others' below), as the page prints them and the layout measures them.
pub(crate) fn labelled(ctx: &Ctx<'_>, graph: &CardGraph) -> CardGraph {
    let mut graph = graph.clone();
    for node in &mut graph.nodes {
        let (names, _) = node_names(ctx, node);
        let (first, second) = ctx.msg.first_and_rest(&names);
        // A card's number leads its first line.
        let number = node.id.strip_prefix("card:").map(|id| ctx.pack.card(id).map_or(id.to_string(), card_number));
        node.label = match number {
            Some(n) if first.is_empty() => n,
            Some(n) => format!("{n} {first}"),
            None if first.is_empty() => node.label.clone(),
            None => first,
        };
        node.label_en = second;
    }
    graph
}

/// The flowchart page: a title block, the layout scaled into the content area (never so far
/// that a label prints below 5 pt: such a layout is reported), lanes, typed edges, nodes linking
/// to the rules reference, and a legend at the bottom. `graph` carries the labels of
/// [`labelled`], which `layout` measured.
pub(crate) fn page(ctx: &mut Ctx<'_>, graph: &CardGraph, layout: &Layout, paper: Paper) -> Page {
    let pack = ctx.pack;
    let (lw, lh) = layout.size;
    let paper = if lw > lh { paper.landscape() } else { paper };
    let owner = Owner::new("event flowchart", None);
    let mut c = ctx.canvas((paper.width, paper.height), owner.clone());
    let (x, y, w, h) = c.area();
    let title = format!("{} · {}", ctx.msg.name(&pack.game.title), ctx.msg.text("flowchart.title"));
    let head = c.text(TextBox::new(&title, x, y, w, 8.0).size(18.0).min(9.0).lines(1).bold().of(&owner));
    let total = pack.game.totals.cards.as_ref().map_or(pack.cards.len() as u32, |c| c.value).to_string();
    let known = pack.cards.len().to_string();
    let subtitle = ctx.msg.fill(
        "flowchart.subtitle",
        &[("edition", pack.game.edition.as_str()), ("known", known.as_str()), ("total", total.as_str())],
    );
    let sub = c.text(
        TextBox::new(&subtitle, x, head.bottom + 1.0, w, 7.0).size(8.0).min(6.0).lines(2).fill("#444444").of(&owner),
    );
    let legend_top = legend(&mut c, &ctx.msg, (x, y + h), w);
    let top = sub.bottom + 3.0;
    let room = (w, legend_top - 3.0 - top);
    // Small graphs grow a little to fill the page; large ones shrink.
    let scale = (room.0 / lw.max(1.0)).min(room.1 / lh.max(1.0)).min(MAX_SCALE);
    let smallest = LABEL_EN * PT_PER_MM * scale;
    if smallest < MIN_PT {
        ctx.warnings.push(
            Diagnostic::warning(
                Code::TEXT_OVERFLOW,
                format!(
                    "event flowchart: the graph is too large for the page; its labels print at {smallest:.1} pt, below {MIN_PT} pt"
                ),
            )
            .with_hint("print the flowchart on larger paper (--paper a3), or use flowchart.dot"),
        );
    }
    c.raw("<defs>");
    for kind in KINDS {
        let (colour, ..) = edge_style(kind);
        c.raw(&format!(
            r#"<marker id="arrow-{kind:?}" viewBox="0 0 6 6" refX="6" refY="3" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0 L6 3 L0 6 Z" fill="{colour}"/></marker>"#
        ));
    }
    c.raw("</defs>");
    c.group(x + (room.0 - lw * scale) / 2.0, top, scale);
    lanes(&mut c, ctx, layout);
    for (points, kind) in &layout.edges {
        let (colour, dash, _) = edge_style(*kind);
        let d: String = points
            .iter()
            .enumerate()
            .map(|(i, (x, y))| format!("{}{} {}", if i == 0 { "M" } else { " L" }, mm(*x), mm(*y)))
            .collect();
        c.raw(&format!(
            r#"<path class="edge" d="{d}" fill="none" stroke="{colour}" stroke-width="0.5"{dash} marker-end="url(#arrow-{kind:?})"/>"#
        ));
    }
    for p in &layout.nodes {
        node(&mut c, ctx, &graph.nodes[p.node], p);
    }
    c.end_group();
    ctx.finish(c, &ctx.msg.first("products.flowchart"))
}

/// The most a small graph is enlarged to fill the page.
const MAX_SCALE: f64 = 1.4;

/// The smallest size a label may print at after the layout is scaled into the page, pt.
const MIN_PT: f64 = 5.0;

/// The lanes' backgrounds and headings, in layout coordinates.
fn lanes(c: &mut Canvas<'_>, ctx: &Ctx<'_>, layout: &Layout) {
    for &(g, left, right) in &layout.lanes {
        let fill = match g {
            Group::First => "#fdf6d8",
            Group::Second => "#e6f2e7",
            Group::Both => "#f1f1f1",
        };
        c.raw(&format!(
            r##"<rect class="lane" x="{}" y="0" width="{}" height="{}" rx="2" fill="{fill}"/>"##,
            mm(left - 2.0),
            mm(right - left + 4.0),
            mm(layout.size.1)
        ));
        let name = lane_name(ctx, g);
        let owner = Owner::new(format!("flowchart lane “{name}”"), None);
        c.text(
            TextBox::new(&name, left, 2.5, right - left, 6.0)
                .size(LANE_PT)
                .min(LANE_PT * 0.7)
                .lines(1)
                .bold()
                .align(Align::Middle)
                .fill("#333333")
                .of(&owner),
        );
    }
}

/// One node: its box, linked to the rules reference, and its two label lines.
fn node(c: &mut Canvas<'_>, ctx: &Ctx<'_>, node: &Node, p: &Placed) {
    let (fill, stroke) = match node.kind {
        NodeKind::Card => ("#ffffff", "#333333"),
        NodeKind::Unit => ("#eef3fb", "#1565c0"),
        NodeKind::Place => ("#f3eee6", "#6d4c41"),
        NodeKind::Victory => ("#f6e8f8", "#8e24aa"),
    };
    let anchor = escape(&node.id.replace(':', "-"));
    c.raw(&format!(r#"<a href="rules.html#{anchor}"><g class="node" id="{anchor}">"#));
    c.raw(&format!(
        r#"<rect x="{}" y="{}" width="{}" height="{}" rx="1.5" fill="{fill}" stroke="{stroke}" stroke-width="0.4"/>"#,
        mm(p.x),
        mm(p.y),
        mm(p.w),
        mm(p.h)
    ));
    let (_, owner) = node_names(ctx, node);
    let (pt, pt_en) = (LABEL * PT_PER_MM, LABEL_EN * PT_PER_MM);
    let (lx, lw) = (p.x + PAD, p.w - 2.0 * PAD + 0.2);
    // A one-line label sits in the middle of its box.
    let top = if node.label_en.is_empty() { p.y + (p.h - LABEL * 1.1) / 2.0 } else { p.y + 1.6 };
    c.text(TextBox::new(&node.label, lx, top, lw, LABEL * 1.1).size(pt).lines(1).bold().of(&owner));
    c.text(
        TextBox::new(&node.label_en, lx, p.y + 6.6, lw, LABEL_EN * 1.1).size(pt_en).lines(1).fill("#555555").of(&owner),
    );
    c.raw("</g></a>");
}

/// The legend: one entry per edge kind, in rows from the left, ending at `bottom`; returns the
/// top of the legend.
fn legend(c: &mut Canvas<'_>, msg: &Messages, (x, bottom): (f64, f64), width: f64) -> f64 {
    let owner = Owner::new("flowchart legend", None);
    let style = Style::main(Weight::Regular);
    let (line, gap, row_h) = (8.0, 6.0, LEGEND_PT / PT_PER_MM * 1.6);
    let entries: Vec<(EdgeKind, String, f64)> = KINDS
        .into_iter()
        .map(|kind| {
            let text = legend_text(msg, kind);
            let text_w = c.fonts().width_em(&text, style) * LEGEND_PT / PT_PER_MM;
            (kind, text, (line + 2.0 + text_w).min(width))
        })
        .collect();
    // Rows first, so that the legend's last row ends at `bottom`.
    let mut rows: Vec<Vec<usize>> = vec![Vec::new()];
    let mut used = 0.0;
    for (i, (_, _, w)) in entries.iter().enumerate() {
        if used + w > width && used > 0.0 {
            rows.push(Vec::new());
            used = 0.0;
        }
        if let Some(row) = rows.last_mut() {
            row.push(i);
        }
        used += w + gap;
    }
    let top = bottom - rows.len() as f64 * row_h;
    for (r, row) in rows.iter().enumerate() {
        let (mut lx, ly) = (x, top + r as f64 * row_h);
        for &i in row {
            let (kind, text, w) = &entries[i];
            let (colour, dash, _) = edge_style(*kind);
            let mid = ly + row_h / 2.0;
            c.raw(&format!(
                r#"<path d="M{} {} L{} {}" stroke="{colour}" stroke-width="0.6"{dash} marker-end="url(#arrow-{kind:?})"/>"#,
                mm(lx),
                mm(mid),
                mm(lx + line),
                mm(mid)
            ));
            c.text(
                TextBox::new(text, lx + line + 2.0, ly, w - line - 2.0 + 0.2, row_h)
                    .size(LEGEND_PT)
                    .lines(1)
                    .valign(VAlign::Middle)
                    .of(&owner),
            );
            lx += w + gap;
        }
    }
    top
}

/// Sizes of the lane headings and the legend, pt.
const LANE_PT: f64 = 10.0;
const LEGEND_PT: f64 = 7.0;

/// The graph in Graphviz `dot`, its nodes set in `font` (the main family).
pub fn dot(graph: &CardGraph, font: &str) -> String {
    let mut s =
        format!("digraph flowchart {{\n  rankdir=TB;\n  node [shape=box, fontname=\"{}\"];\n", dot_quoted(font));
    for (i, node) in graph.nodes.iter().enumerate() {
        let label = label_lines(node, "\\n", dot_quoted);
        let _ = writeln!(s, "  n{i} [id=\"{}\", label=\"{label}\"];", dot_quoted(&node.id));
    }
    for e in &graph.edges {
        let (colour, dash, keyword) = edge_style(e.kind);
        let style = if dash.is_empty() { "solid" } else { "dashed" };
        let _ = writeln!(s, "  n{} -> n{} [color=\"{colour}\", style={style}, label=\"{}\"];", e.from, e.to, keyword);
    }
    s.push_str("}\n");
    s
}

/// A node's label lines for the exports, each escaped by `escape`, joined by `newline` (one line
/// when it has one).
fn label_lines(node: &Node, newline: &str, escape: fn(&str) -> String) -> String {
    if node.label_en.is_empty() {
        escape(&node.label)
    } else {
        format!("{}{newline}{}", escape(&node.label), escape(&node.label_en))
    }
}

/// `text` inside a double-quoted Graphviz string (an `escString`): a backslash or a quote would
/// end or change the string, a line break is written `\n` as between the label's lines.
fn dot_quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

/// `text` inside a quoted Mermaid label: Mermaid renders labels as HTML, so markup characters,
/// the quote and its own entity sign `#` are written as Mermaid entity codes (`#lt;` becomes
/// `&lt;`), a leading backtick would make a Markdown string, and a line break becomes the same
/// `<br/>` as between the label's lines, the only markup a label holds.
fn mermaid_quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '<' => out.push_str("#lt;"),
            '>' => out.push_str("#gt;"),
            '&' => out.push_str("#amp;"),
            '"' => out.push_str("#quot;"),
            '#' => out.push_str("#35;"),
            '`' => out.push_str("#96;"),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => out.push_str("<br/>"),
            c => out.push(c),
        }
    }
    out
}

/// The graph as a Mermaid flowchart.
pub fn mermaid(graph: &CardGraph) -> String {
    let mut s = String::from("flowchart TB\n");
    for (i, node) in graph.nodes.iter().enumerate() {
        let _ = writeln!(s, "  n{i}[\"{}\"]", label_lines(node, "<br/>", mermaid_quoted));
    }
    for e in &graph.edges {
        let arrow = match e.kind {
            EdgeKind::Removes | EdgeKind::Blocks => "-.->",
            _ => "-->",
        };
        let (.., keyword) = edge_style(e.kind);
        let _ = writeln!(s, "  n{} {arrow}|{keyword}| n{}", e.from, e.to);
    }
    s
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

    /// The flowchart page of `graph` for an empty pack printing `languages`, and its warnings.
    fn page_of(graph: &CardGraph, languages: &[&str]) -> (Page, Vec<Diagnostic>) {
        let fonts = Fonts::embedded();
        let mut pack = crate::model::Pack::default();
        pack.game.languages = languages.iter().map(|l| l.to_string()).collect();
        let mut ctx = Ctx::new(&pack, &fonts);
        let graph = labelled(&ctx, graph);
        let l = layout(&graph, &fonts);
        let page = page(&mut ctx, &graph, &l, Paper::A4);
        (page, ctx.warnings)
    }

    #[test]
    fn a_small_graph_fills_its_page_with_every_text_in_place() {
        let (page, warnings) = page_of(&synthetic(12, 15), &["en"]);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert!(page.svg.contains("Event flowchart</text>"), "the title from the messages");
        assert!(page.svg.contains(">3 Operation 3</text>"), "the English name with the card's number");
        assert!(!page.svg.contains("作戦カード"), "an English-only pack prints no Japanese name");
    }

    #[test]
    fn a_graph_too_large_for_the_page_is_reported_rather_than_printed_below_five_points() {
        let (_, warnings) = page_of(&synthetic(200, 400), &["ja", "en"]);
        assert!(
            warnings.iter().any(|w| w.message.starts_with("event flowchart: the graph is too large for the page")),
            "{warnings:?}"
        );
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
