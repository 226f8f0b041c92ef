//! What the pack's component list states against what this build prints: the sheets of cards and
//! counters, the play sheets and the flowchart's pages (W0808). The published rulebook's and card
//! list's page counts are not compared: pnpkit sets them in its own layout, so their pages differ
//! from the publisher's by design.

use crate::diag::{Code, Diagnostic};
use crate::model::{Component, Pack};

use super::{Document, Product};

/// A warning per stated count the documents built do not match; a product not built this run
/// (`--only`), or a card set still incomplete (W0005 says so), is not compared.
pub fn stated_counts(pack: &Pack, documents: &[std::sync::Arc<Document>]) -> Vec<Diagnostic> {
    // The front pages (sheets) of a product's documents, with the pieces they hold.
    let fronts = |product: Product, name: Option<&str>| -> Option<(usize, usize)> {
        let docs: Vec<_> =
            documents.iter().filter(|d| d.product == product && name.is_none_or(|n| d.name == n)).collect();
        let sheets = docs.iter().map(|d| d.pages.iter().filter(|p| !p.back).count()).sum();
        (!docs.is_empty()).then(|| (sheets, docs.iter().map(|d| d.pieces).sum()))
    };
    let complete = pack.game.totals.cards.as_ref().is_none_or(|t| t.value as usize <= pack.cards.len());
    let mut out = Vec::new();
    for component in &pack.game.components {
        let (stated, built, what) = match component.kind.as_str() {
            "cards" if complete => (component.sheets, fronts(Product::Cards, None), "sheets"),
            "counters" => (component.sheets, fronts(Product::Counters, None), "sheets"),
            "play-sheet" => (Some(component.count), fronts(Product::Sheets, Some("play-sheets")), "play sheets"),
            "flowchart" => (Some(component.count), fronts(Product::Flowchart, None), "pages"),
            _ => continue,
        };
        let (Some(stated), Some((built, pieces))) = (stated, built) else { continue };
        if stated as usize != built {
            // Of sheets of pieces, how many the build fits on one.
            let per_sheet = (component.per_sheet.is_some() && built > 0).then(|| pieces.div_ceil(built));
            out.push(differs(component, (stated, built, per_sheet), what));
        }
    }
    out
}

fn differs(component: &Component, (stated, built, fits): (u32, usize, Option<usize>), what: &str) -> Diagnostic {
    let per_sheet = component.per_sheet.map(|n| format!(" of {n}")).unwrap_or_default();
    let fits = fits.map(|n| format!(" of up to {n}")).unwrap_or_default();
    Diagnostic::warning(
        Code::STATED_PAGES,
        format!(
            "the component `{}` states {stated} {what}{per_sheet}; this build prints {built}{fits}",
            component.kind
        ),
    )
    .at(&component.span)
    .with_hint(
        "correct the component list to the published product, or the pack to match it (for sheets of pieces: [print] paper and gutter decide how many fit)",
    )
}
