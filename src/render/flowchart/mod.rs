//! The event flowchart: its layout (`layout`), its page (`page`) and its Graphviz and Mermaid
//! exports (`export`). Uses `page` and `model::graph`.
//!
//! The card graph laid out in layers (Sugiyama: cycle removal, longest-path
//! layering, dummy nodes on long edges, barycentre ordering), grouped in one lane per side, with
//! typed edges, a legend and the title block; plus Graphviz and Mermaid exports.
//! Everything is computed in pure Rust and is deterministic.

mod export;
mod layout;
mod page;
mod routing;

pub use export::{dot, mermaid};
pub use layout::{layout, synthetic, Layout, Placed};
pub(crate) use page::{labelled, page};

use crate::render::{Document, Options, Product, Rendered};

use crate::model::graph::EdgeKind;
use crate::render::Ctx;

/// Label sizes (mm) and a node's height and inner margin, shared by the layout and the page.
const LABEL: f64 = 3.2;

const LABEL_EN: f64 = 2.3;

const NODE_H: f64 = 11.0;

const PAD: f64 = 2.5;

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

/// The flowchart page, plus its PNG, Graphviz and Mermaid files in `out`.
pub(crate) fn documents(ctx: &mut Ctx<'_>, options: &Options, out: &mut Rendered) -> Vec<Document> {
    let (pack, fonts) = (ctx.pack, ctx.fonts);
    // The flowchart shows which card's opening enables which: a game without cards, or whose
    // cards enable nothing, has none (a page of unlinked boxes tells a player nothing).
    let graph = crate::model::graph::CardGraph::of(pack);
    if graph.edges.is_empty() || pack.cards.is_empty() {
        return Vec::new();
    }
    let graph = labelled(ctx, &graph);
    let layout = layout(&graph, fonts);
    let page = page(ctx, &graph, &layout, options.paper);
    let landscape = page.svg.text().contains(&format!("width=\"{}mm\"", options.paper.height));
    let page_mm = if landscape {
        (options.paper.height, options.paper.width)
    } else {
        (options.paper.width, options.paper.height)
    };
    out.page_previews.push(("flowchart".into(), page.full_svg().into_owned()));
    out.files.push(("flowchart.dot".into(), dot(&graph, fonts.main_family()).into_bytes()));
    out.files.push(("flowchart.mmd".into(), mermaid(&graph).into_bytes()));
    vec![Document {
        product: Product::Flowchart,
        name: Product::Flowchart.name().into(),
        pages: vec![page],
        pieces: 0,
        page_mm,
    }]
}
