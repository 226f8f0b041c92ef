//! A face placed on a page, as the PDF writer sees it: drawn once, placed many times.

use std::ops::Range;
use std::sync::Arc;

use super::Rect;

/// A face's drawing on its own: a standalone SVG document of `size` mm (the face with its bleed).
#[derive(Debug)]
pub struct Art {
    /// The SVG document.
    pub svg: String,
    /// Its width and height, mm.
    pub size: (f64, f64),
}

/// One placement of an [`Art`] on a page whose SVG text also holds it inline (for the SVG pages
/// and previews): the PDF writer draws the art once per document and places it here instead.
#[derive(Clone, Debug)]
pub struct Placed {
    /// The bytes of the page's SVG text that draw this face inline.
    pub span: Range<usize>,
    /// What is drawn.
    pub art: Arc<Art>,
    /// Where the art's top left corner lies on the page, mm.
    pub at: (f64, f64),
    /// What of it shows: the rectangle on the page it is clipped to, mm.
    pub clip: Rect,
}
