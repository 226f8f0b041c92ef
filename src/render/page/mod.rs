//! What every generated page shares: the canvas (the one path every text takes, fitted into its
//! box and checked against the margin and other text), the build's fonts, and the printed look of
//! headings and ruled bands. Uses `text`, `layout` and `messages`; nothing else in `render`.

pub(crate) mod canvas;
pub(crate) mod chart;
mod checks;
pub(crate) mod fonts;
mod textbox;

use crate::layout::{Packed, Placed, PrintBoxes};

/// One page of a document: its SVG and the faces placed on it.
#[derive(Clone, Debug)]
pub struct Page {
    /// The SVG text (width and height in mm, user units in mm), each placed face an empty
    /// `<svg>` element ([`Page::full_svg`] fills them in); kept deflated, as a build holds every
    /// document's pages until its PDFs and previews are written.
    pub svg: Packed,
    /// Whether this is the back of the page before it.
    pub back: bool,
    /// Where its pieces are cut and how far they bleed; `None`: the page is the finished size.
    pub boxes: Option<PrintBoxes>,
    /// The faces placed on it, each an empty element of its SVG: the PDF writer draws each once
    /// per document and places it.
    pub placed: Vec<Placed>,
}

impl Page {
    /// The page as a complete SVG document, every placed face drawn inline.
    pub fn full_svg(&self) -> std::borrow::Cow<'_, str> {
        let page = self.svg.text();
        if self.placed.is_empty() {
            return page;
        }
        let faces: usize = self.placed.iter().map(|p| p.art.elements.len()).sum();
        let mut svg = String::with_capacity(page.len() + faces);
        let mut from = 0;
        for placed in &self.placed {
            // The span is `<svg …></svg>`: the art goes before its closing tag.
            let close = placed.span.end - "</svg>".len();
            svg.push_str(&page[from..close]);
            svg.push_str(&placed.art.elements.text());
            from = close;
        }
        svg.push_str(&page[from..]);
        svg.into()
    }
}

/// A five-pointed star's path, point up, centred at `(x, y)` with its points `r` mm out (the
/// points as exact constants, the card badge's star, so every platform draws the same bytes).
pub(crate) fn star((x, y): (f64, f64), r: f64) -> String {
    const POINTS: [(f64, f64); 10] = [
        (0.0, -1.0),
        (0.3233, -0.445),
        (0.9511, -0.309),
        (0.5231, 0.17),
        (0.5878, 0.809),
        (0.0, 0.55),
        (-0.5878, 0.809),
        (-0.5231, 0.17),
        (-0.9511, -0.309),
        (-0.3233, -0.445),
    ];
    let mut d = String::new();
    for (i, (px, py)) in POINTS.into_iter().enumerate() {
        let (px, py) = (mm(x + r * px), mm(y + r * py));
        d += &format!("{}{px} {py}", if i == 0 { 'M' } else { 'L' });
    }
    d + "Z"
}

/// Rounds to a thousandth of a millimetre, so SVG numbers are short and stable.
pub(crate) fn mm(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}
