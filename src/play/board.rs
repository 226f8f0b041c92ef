//! The map as a board for the digital tables: its published page drawn at [`super::DPI`].

use resvg::tiny_skia::Pixmap;

use crate::emit::{raster, SvgParser};
use crate::render::{Product, Rendered};

/// The map's published page as an image.
pub struct Board {
    /// The page drawn at [`super::DPI`].
    pub image: Pixmap,
    /// The page's size in mm.
    pub size_mm: (f64, f64),
}

impl Board {
    /// The board of `rendered`'s map (its first map document is the published page), or `None`
    /// when the pack has no map or the map was not rendered.
    pub fn of(parser: &SvgParser, rendered: &Rendered) -> Result<Option<Board>, String> {
        let Some(doc) = rendered.documents.iter().find(|d| d.product == Product::Map) else { return Ok(None) };
        let Some(page) = doc.pages.first() else { return Ok(None) };
        let image = raster(parser, &page.svg, super::DPI).map_err(|e| format!("{}: {}", doc.name, e.0))?;
        Ok(Some(Board { image, size_mm: doc.page_mm }))
    }
}
