//! Paper sizes, and the boxes a print shop reads off a page.

use serde::Serialize;

use super::Rect;

/// Where a page's pieces are cut (the PDF's TrimBox) and how far their colour runs past the cut
/// (its BleedBox), in mm from the page's top-left. A page without them is itself the finished
/// size (a play sheet, a map): trim and bleed are the whole page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PrintBoxes {
    /// The finished pieces' extent: the outermost cut lines.
    pub trim: Rect,
    /// The trim box plus the bleed printed around it.
    pub bleed: Rect,
}

impl PrintBoxes {
    /// The boxes around pieces cut at `trims` whose bleed reaches `bleeds`; `None` without pieces.
    pub fn around(trims: impl IntoIterator<Item = Rect>, bleeds: impl IntoIterator<Item = Rect>) -> Option<PrintBoxes> {
        Some(PrintBoxes { trim: union(trims)?, bleed: union(bleeds)? })
    }
}

/// The smallest rectangle holding every one of `rects`.
fn union(rects: impl IntoIterator<Item = Rect>) -> Option<Rect> {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for r in rects {
        (x0, y0, x1, y1) = (x0.min(r.x), y0.min(r.y), x1.max(r.right()), y1.max(r.bottom()));
    }
    (x0 <= x1).then_some(Rect { x: x0, y: y0, w: x1 - x0, h: y1 - y0 })
}

/// A sheet of paper, in mm, portrait.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Paper {
    /// Its name.
    pub name: &'static str,
    /// Width in mm (portrait).
    pub width: f64,
    /// Height in mm (portrait).
    pub height: f64,
}

impl Paper {
    /// ISO A4.
    pub const A4: Paper = Paper { name: "A4", width: 210.0, height: 297.0 };
    /// ISO A3.
    pub const A3: Paper = Paper { name: "A3", width: 297.0, height: 420.0 };
    /// ISO A2 (maps).
    pub const A2: Paper = Paper { name: "A2", width: 420.0, height: 594.0 };
    /// ISO A1 (maps).
    pub const A1: Paper = Paper { name: "A1", width: 594.0, height: 841.0 };
    /// US Letter.
    pub const LETTER: Paper = Paper { name: "Letter", width: 215.9, height: 279.4 };

    /// The paper called `name` (case-insensitive).
    pub fn named(name: &str) -> Option<Paper> {
        [Paper::A4, Paper::A3, Paper::A2, Paper::A1, Paper::LETTER]
            .into_iter()
            .find(|p| p.name.eq_ignore_ascii_case(name))
    }

    /// The same paper turned sideways.
    pub fn landscape(self) -> Paper {
        Paper { width: self.height, height: self.width, ..self }
    }

    /// Whether it lies sideways (wider than tall).
    pub fn is_landscape(self) -> bool {
        self.width > self.height
    }
}
