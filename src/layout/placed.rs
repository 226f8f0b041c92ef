//! A face placed on a page, as the PDF writer sees it: drawn once, placed many times.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::Arc;

use super::Rect;

/// SVG text kept deflated until it is read: a deck's faces and every document's pages are held
/// from the moment they are drawn until the last product that uses them (PDFs, previews, digital
/// tables) is made, and at 2,000 cards their text was a third of the build's heap. Each is read
/// a few times, and inflating a few kilobytes costs microseconds. Cloning shares the bytes.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Packed {
    deflated: Arc<[u8]>,
    len: usize,
}

impl Packed {
    /// Below this many bytes a text is kept as it is (deflating it would not pay).
    const PLAIN: usize = 256;

    /// `text`, deflated when that is smaller.
    pub fn new(text: &str) -> Packed {
        let bytes = if text.len() < Packed::PLAIN {
            text.as_bytes().into()
        } else {
            miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 1).into()
        };
        Packed { deflated: bytes, len: text.len() }
    }

    /// The text.
    pub fn text(&self) -> Cow<'_, str> {
        if self.len < Packed::PLAIN {
            return String::from_utf8_lossy(&self.deflated);
        }
        // The bytes were deflated from a string by `new`, so they inflate to it.
        let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&self.deflated, self.len).unwrap_or_default();
        Cow::Owned(String::from_utf8(bytes).unwrap_or_default())
    }

    /// The text's length in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the text is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bytes kept: the same for the same text, so they stand for it in a hash.
    pub fn stored(&self) -> &[u8] {
        &self.deflated
    }
}

impl std::fmt::Debug for Packed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Packed").field(&self.text()).finish()
    }
}

impl From<&str> for Packed {
    fn from(text: &str) -> Packed {
        Packed::new(text)
    }
}

impl From<String> for Packed {
    fn from(text: String) -> Packed {
        Packed::new(&text)
    }
}

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

#[cfg(test)]
mod tests {
    use super::Packed;

    #[test]
    fn packed_text_reads_back_the_same_and_the_same_text_is_stored_the_same() {
        let long = r##"<rect x="1" y="2" width="3" height="4" fill="#c0392b"/><text>ダグラム 𠮟 Å</text>"##.repeat(40);
        for text in ["", "<g/>", long.as_str()] {
            let packed = Packed::new(text);
            assert_eq!(packed.text(), text);
            assert_eq!((packed.len(), packed.is_empty()), (text.len(), text.is_empty()));
            assert_eq!(Packed::new(text).stored(), packed.stored(), "deterministic, so it can stand in a hash");
        }
        assert!(Packed::new(&long).stored().len() * 5 < long.len(), "a long drawing is kept deflated");
    }
}
