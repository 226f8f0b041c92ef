//! What every generated page shares: the canvas (the one path every text takes, fitted into its
//! box and checked against the margin and other text), the build's fonts, and the printed look of
//! headings and ruled bands. Uses `text`, `layout` and `messages`; nothing else in `render`.

pub(crate) mod canvas;
pub(crate) mod chart;
mod checks;
pub(crate) mod fonts;
mod textbox;

use crate::layout::{Placed, PrintBoxes};

/// One page of a document, as a complete SVG.
#[derive(Clone, Debug)]
pub struct Page {
    /// The SVG text (width and height in mm, user units in mm).
    pub svg: String,
    /// Whether this is the back of the page before it.
    pub back: bool,
    /// Where its pieces are cut and how far they bleed; `None`: the page is the finished size.
    pub boxes: Option<PrintBoxes>,
    /// The faces its SVG draws inline, which the PDF writer draws once per document instead.
    pub placed: Vec<Placed>,
}

/// Rounds to a thousandth of a millimetre, so SVG numbers are short and stable.
pub(crate) fn mm(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}
