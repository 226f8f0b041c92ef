//! Sheets players use at the table: play and score sheets, tracks and card-slot mats. Uses
//! `page` and `tables`.

pub(crate) mod mat;
pub(crate) mod playsheet;

use crate::render::page::Page;
use crate::render::tables::tracks;
use crate::render::{Ctx, Document, Options, Product};

/// Play and score sheets, and the tracks (landscape).
pub(crate) fn documents(ctx: &mut Ctx<'_>, options: &Options) -> Vec<Document> {
    let pack = ctx.pack;
    let mut docs = Vec::new();
    let sheets: Vec<Page> =
        pack.sheets.iter().filter(|s| s.kind != "mat").map(|s| playsheet::sheet(ctx, s, options.paper)).collect();
    if !sheets.is_empty() {
        let page_mm = (options.paper.width, options.paper.height);
        docs.push(Document {
            product: Product::Sheets,
            name: Product::Sheets.name().into(),
            pages: sheets,
            pieces: 0,
            page_mm,
        });
    }
    // Mats at true size on their own paper, and tiled onto the run's paper when that is smaller.
    for sheet in pack.sheets.iter().filter(|s| s.kind == "mat") {
        for (name, pages, page_mm) in mat::documents(ctx, sheet, options.paper) {
            docs.push(Document { product: Product::Sheets, name, pages, pieces: 0, page_mm });
        }
    }
    // Every track no play sheet prints, at its markers' size, also those an area map prints on
    // its board: the board printed on smaller paper shrinks them below their markers.
    let on_a_sheet = |t: &crate::model::Track| pack.sheets.iter().flat_map(|s| &s.tracks).any(|r| r.value == t.id);
    let left: Vec<&crate::model::Track> = pack.tracks.iter().filter(|t| !on_a_sheet(t)).collect();
    let tracks: Vec<Page> = tracks::pages(ctx, &left, options.paper);
    if !tracks.is_empty() {
        let landscape = options.paper.landscape();
        docs.push(Document {
            product: Product::Sheets,
            name: "tracks".into(),
            pages: tracks,
            pieces: 0,
            page_mm: (landscape.width, landscape.height),
        });
    }
    docs
}
