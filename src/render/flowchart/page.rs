//! The flowchart's page: the laid-out graph drawn in its lanes with typed edges, a legend and the
//! title block, scaled to the paper, every text through the canvas.

use super::layout::{spaced, GAP_Y};
use super::{edge_style, Layout, Placed, KINDS, LABEL, LABEL_EN, PAD};
use crate::diag::{Code, Diagnostic};
use crate::layout::Paper;
use crate::messages::Messages;
use crate::model::graph::{CardGraph, EdgeKind, Group, Node, NodeKind};
use crate::model::{Card, Names};
use crate::render::page::canvas::{Align, Canvas, Owner, TextBox, VAlign};
use crate::render::page::mm;
use crate::render::page::Page;
use crate::render::Ctx;
use crate::text::escape;
use crate::text::fit::PT_PER_MM;
use crate::text::{Style, Weight};

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

/// The graph with its node labels in the pack's languages (the first language's name on the
/// first line, the others' below), as the page prints them and the layout measures them.
pub(crate) fn labelled(ctx: &Ctx<'_>, graph: &CardGraph) -> CardGraph {
    let mut graph = graph.clone();
    for node in &mut graph.nodes {
        let (names, _) = node_names(ctx, node);
        let (first, second) = ctx.msg.first_and_rest(&names);
        // A card's number leads its first line.
        let number =
            node.id.strip_prefix("card:").map(|id| ctx.pack.card(id).map_or(id.to_string(), Card::printed_number));
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
    // How many of the cards are known is the proof cover's to say, not the chart's.
    let subtitle = ctx.msg.fill("flowchart.subtitle", &[("edition", pack.game.edition_mark())]);
    let sub = c.text(
        TextBox::new(&subtitle, x, head.bottom + 1.0, w, 7.0).size(8.0).min(6.0).lines(2).fill("#444444").of(&owner),
    );
    let drawn: Vec<EdgeKind> = KINDS.into_iter().filter(|k| layout.edges.iter().any(|(_, e)| e == k)).collect();
    let legend_top = legend(&mut c, &ctx.msg, &drawn, (x, y + h), w);
    let top = sub.bottom + 3.0;
    let room = (w, legend_top - 3.0 - top);
    // Small graphs grow a little to fill the page; large ones shrink. The lanes' backgrounds
    // reach LANE_PAD beyond the layout on each side: they too stay inside the safe area.
    let scale = (room.0 / (lw + 2.0 * LANE_PAD).max(1.0)).min(room.1 / lh.max(1.0)).min(MAX_SCALE);
    // A wide chart that leaves the page's foot empty spaces its layers further apart (up to
    // [`MAX_GAP`]), so its edges' runs across stand clear of each other and the page is filled.
    let spare = room.1 / scale - lh;
    let respaced;
    let layout = if layout.layers > 0 && spare * scale > SPARE_MM {
        let gap = (GAP_Y + spare / layout.layers as f64).min(MAX_GAP);
        respaced = spaced(graph, ctx.fonts, gap);
        if respaced.size.1 * scale <= room.1 && respaced.size.0 <= lw + 1e-6 {
            &respaced
        } else {
            layout
        }
    } else {
        layout
    };
    let lw = layout.size.0;
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
/// How far a lane's background reaches beyond its nodes on each side, layout mm.
const LANE_PAD: f64 = 2.0;

/// Room a chart may leave empty under itself before its layers are spaced further apart, mm.
const SPARE_MM: f64 = 15.0;

/// The most room between two layers when a chart is spaced to fill its page, mm.
const MAX_GAP: f64 = 26.0;

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
            mm(left - LANE_PAD),
            mm(right - left + 2.0 * LANE_PAD),
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

/// The legend: one entry per edge kind the chart draws (`kinds`), in rows from the left, ending
/// at `bottom`; returns the top of the legend.
fn legend(c: &mut Canvas<'_>, msg: &Messages, kinds: &[EdgeKind], (x, bottom): (f64, f64), width: f64) -> f64 {
    let owner = Owner::new("flowchart legend", None);
    let style = Style::main(Weight::Regular);
    let (line, gap, row_h) = (8.0, 6.0, LEGEND_PT / PT_PER_MM * 1.6);
    let entries: Vec<(EdgeKind, String, f64)> = kinds
        .iter()
        .map(|&kind| {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::flowchart::{layout, synthetic};
    use crate::text::Fonts;

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
        assert!(page.svg.text().contains("Event flowchart</text>"), "the title from the messages");
        assert!(page.svg.text().contains(">3 Operation 3</text>"), "the English name with the card's number");
        assert!(!page.svg.text().contains("作戦カード"), "an English-only pack prints no Japanese name");
    }

    #[test]
    fn a_graph_too_large_for_the_page_is_reported_rather_than_printed_below_five_points() {
        let (_, warnings) = page_of(&synthetic(200, 400), &["ja", "en"]);
        assert!(
            warnings.iter().any(|w| w.message.starts_with("event flowchart: the graph is too large for the page")),
            "{warnings:?}"
        );
    }
}
