//! The proof's cover: what stands between this build and a release (values the sources do not
//! give, sets not yet complete, placeholder text), one row per note with where the data says it.
//! Components carry no such mark; every page of a proof says "PROOF" in its footer instead.

use crate::diag::Span;
use crate::layout::Paper;
use crate::render::page::canvas::Owner;
use crate::render::page::Page;
use crate::render::tables::table::{Cell, Column, Flow, Row, Table};
use crate::render::Ctx;

/// The cells' size, pt.
const SIZE_PT: f64 = 8.0;

/// One note of a proof: where the data says it (`units.csv:2`) and what it is.
#[derive(Clone, Debug)]
pub struct ProofNote {
    /// `file:line`.
    pub place: String,
    /// The finding, as `check` words it.
    pub what: String,
    /// Its place in the pack, for warnings about the cover itself.
    pub span: Option<Span>,
}

/// The cover's pages: a ruled table of `notes`, or a line saying there is nothing to settle.
pub(crate) fn pages(ctx: &mut Ctx<'_>, paper: Paper, notes: &[ProofNote]) -> Vec<Page> {
    let m = &ctx.msg;
    let rows: Vec<Row> = if notes.is_empty() {
        vec![Row {
            cells: vec![Cell::Text(String::new()), Cell::Text(m.text("proof.none"))],
            owner: Owner::new("proof notes", None),
        }]
    } else {
        notes
            .iter()
            .map(|n| Row {
                cells: vec![Cell::Text(n.place.clone()), Cell::Text(n.what.clone())],
                owner: Owner::new("proof note", n.span.as_ref()),
            })
            .collect()
    };
    let table = Table {
        title: String::new(),
        columns: vec![Column::text(m.text("proof.where")), Column::text(m.text("proof.what")).growing()],
        rows,
        pt: SIZE_PT,
        owner: Owner::new("proof notes", None),
    };
    let title = format!("{} · {}", m.first_name(&ctx.pack.game.title), m.text("proof.title"));
    let what = m.first("products.proof");
    let mut flow = Flow::new(ctx, paper, title, Owner::new("proof notes", None), what, 1);
    flow.table(&table);
    flow.finish()
}
