//! The map as a board for the digital tables: its published page drawn as one image, and where
//! each hex and area lies on it in pixels, read back from the page's marks (the same drawing the
//! print edition has, so a piece set on hex 53 sits where 53 is printed).

use std::collections::BTreeMap;

use resvg::tiny_skia::Pixmap;

use crate::emit::{raster, SvgParser};
use crate::render::maps::reprint::marks;
use crate::render::page::Page;
use crate::render::Document;
use crate::render::Product;
use crate::render::Rendered;

/// The map's published page in `rendered` (its first map document's page), when the pack has a
/// map and it was rendered.
pub fn map_page(rendered: &Rendered) -> Option<(&Document, &Page)> {
    let doc = rendered.documents.iter().find(|d| d.product == Product::Map)?;
    Some((doc, doc.pages.first()?))
}

/// The longest side of a board image: Tabletop Simulator's limit, and a VASSAL map that still
/// scrolls smoothly. A larger page is drawn at a lower resolution than [`super::DPI`].
const MAX_SIDE_PX: f64 = 4096.0;

/// The map's published page as an image, with the pixel boxes of its hexes and areas.
pub struct Board {
    /// The page drawn at [`Board::dpi`].
    pub image: Pixmap,
    /// The page's size in mm.
    pub size_mm: (f64, f64),
    /// The resolution it is drawn at: [`super::DPI`], or less for a page larger than
    /// [`MAX_SIDE_PX`].
    pub dpi: f64,
    /// Every hex by its number: left, top, right, bottom in pixels.
    pub hexes: BTreeMap<String, [f64; 4]>,
    /// Every area by its id: left, top, right, bottom in pixels.
    pub areas: BTreeMap<String, [f64; 4]>,
}

impl Board {
    /// The board of the map's published `page` in `doc`.
    pub fn of(parser: &SvgParser, doc: &Document, page: &Page) -> Result<Board, String> {
        let longest_in = doc.page_mm.0.max(doc.page_mm.1) / 25.4;
        let dpi = f64::from(super::DPI).min((MAX_SIDE_PX / longest_in).floor());
        let mut image = raster(parser, &page.full_svg(), dpi as u32).map_err(|e| format!("{}: {}", doc.name, e.0))?;
        // The image is a whole number of pixels: scale by what was really drawn.
        let px_per_mm = f64::from(image.width()) / doc.page_mm.0;
        // The board ends with its bleed: a proof's slug below it (the PROOF footer) is no part
        // of the table. The bleed box starts at the page's corner, so positions stay as drawn.
        let mut size_mm = doc.page_mm;
        if let Some(bleed) = page.boxes.map(|b| b.bleed).filter(|b| b.h < doc.page_mm.1) {
            let rows = ((bleed.h * px_per_mm).round() as u32).clamp(1, image.height());
            image = image
                .clone_rect(resvg::tiny_skia::IntRect::from_xywh(0, 0, image.width(), rows).ok_or("an empty board")?)
                .ok_or("an empty board")?;
            size_mm.1 = bleed.h;
        }
        let (mut hexes, mut areas) = (BTreeMap::new(), BTreeMap::new());
        for mark in marks(&page.full_svg()) {
            let (l, t, r, b) = mark.extent;
            let px = [l * px_per_mm, t * px_per_mm, r * px_per_mm, b * px_per_mm];
            if let Some(id) = mark.key.strip_prefix("hex ") {
                hexes.insert(id.to_string(), px);
            } else if let Some(id) = mark.key.strip_prefix("area ") {
                areas.insert(id.to_string(), px);
            }
        }
        Ok(Board { image, size_mm, dpi: px_per_mm * 25.4, hexes, areas })
    }
}
