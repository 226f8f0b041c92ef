//! A face placed on a page, as the PDF writer sees it: drawn once, placed many times.

use std::ops::Range;
use std::sync::Arc;

use super::{Packed, Rect};

/// A face's drawing on its own: SVG elements in mm, and the rectangle of them that is the whole
/// face (with its bleed).
#[derive(Debug)]
pub struct Art {
    /// SVG elements (no root element), in mm; shared with the face it was made from.
    pub elements: Packed,
    /// The face's left, top, width and height in the elements' coordinates, mm (left and top
    /// are minus the bleed).
    pub view: (f64, f64, f64, f64),
}

impl Art {
    /// The face as an SVG document of its own, its size in mm.
    pub fn document(&self) -> String {
        let (x, y, w, h) = self.view;
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="{x} {y} {w} {h}">{}</svg>"#,
            self.elements.text()
        )
    }

    /// The face with its bleed stretched over a `px` × `py` pixel image at 300 dpi (a card
    /// printer's template: the few tenths of a per cent by which its proportions differ from
    /// the face's are not worth a white edge).
    pub fn document_at_pixels(&self, (px, py): (u32, u32)) -> String {
        let (x, y, w, h) = self.view;
        let mm = |p: u32| f64::from(p) * 25.4 / 300.0;
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}mm" height="{}mm" viewBox="{x} {y} {w} {h}" preserveAspectRatio="none">{}</svg>"#,
            mm(px),
            mm(py),
            self.elements.text()
        )
    }

    /// The face without its bleed (its trim box, at the origin) as an SVG document of its own:
    /// what a digital table shows.
    pub fn trimmed_document(&self) -> String {
        let (x, y, w, h) = self.view;
        let (w, h) = (w + 2.0 * x, h + 2.0 * y);
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">{}</svg>"#,
            self.elements.text()
        )
    }
}

/// One placement of an [`Art`] on a page, whose SVG text holds an empty `<svg>` element for it
/// (filled in for the SVG pages and previews): the PDF writer draws the art once per document
/// and places it here.
#[derive(Clone, Debug)]
pub struct Placed {
    /// The bytes of the page's SVG text that stand for this face: its `<svg …></svg>` element,
    /// empty (`Page::full_svg` fills in the art).
    pub span: Range<usize>,
    /// What is drawn.
    pub art: Arc<Art>,
    /// Where the art's top left corner (its view's) lies on the page, mm.
    pub at: (f64, f64),
    /// What of it shows: the rectangle on the page it is clipped to, mm.
    pub clip: Rect,
}
