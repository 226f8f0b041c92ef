//! The look sheets share, as a printed game's charts have it: a heading set apart in a dark band,
//! ruled rows and shaded header cells.
//!
//! Play sheets, score sheets, tracks, mats and the ruled tables ([`crate::render::tables::table`]: play aids, card
//! list, setup charts) draw with these, so a band or a rule looks the same on every page of a pack.

use crate::render::page::canvas::{Align, Canvas, Owner, TextBox, VAlign};
use crate::render::page::mm;
use crate::text::fit::PT_PER_MM;

/// The dark ink of rules, frames and heading bands.
pub(crate) const INK: &str = "#3b2f1c";
/// The cream of boxes on a sheet.
pub(crate) const CREAM: &str = "#f7f3e8";
/// The shade of header cells and head bands.
pub(crate) const SHADE: &str = "#e8e0cb";
/// The lighter shade of every other body row of a table.
pub(crate) const STRIPE: &str = "#f2ede1";
/// Thin rules between a table's rows and columns.
pub(crate) const RULE: &str = "#9a8f78";

/// The height of a heading band whose text is `pt`, mm.
pub(crate) fn band_height(pt: f64) -> f64 {
    pt / PT_PER_MM * 1.25 + 2.0
}

/// A heading band across (`x`, `y`, `w`): `text` bold in white on the dark ink, with `aside`
/// (a note such as "continued from sheet 1") set smaller at its right end; returns the y below
/// the band. (What is provisional is listed on the proof's cover, never on the component.)
pub(crate) fn band(
    c: &mut Canvas<'_>,
    text: &str,
    aside: &str,
    (x, y, w): (f64, f64, f64),
    pt: f64,
    owner: &Owner,
) -> f64 {
    let h = band_height(pt);
    c.raw(&format!(r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{INK}"/>"##, mm(x), mm(y), mm(w), mm(h)));
    let pad = 2.0;
    let mut right = x + w - pad;
    if !aside.is_empty() {
        let laid = c.text(
            TextBox::new(aside, x + w * 0.45, y, right - x - w * 0.45, h)
                .size((pt * 0.7).max(6.5))
                .min(6.0)
                .lines(1)
                .align(Align::End)
                .valign(VAlign::Middle)
                .fill("#ffffff")
                .of(owner),
        );
        right -= laid.width + 3.0;
    }
    c.text(
        TextBox::new(text, x + pad, y, right - x - pad, h)
            .size(pt)
            .min(pt.min(8.0))
            .lines(1)
            .bold()
            .valign(VAlign::Middle)
            .fill("#ffffff")
            .of(owner),
    );
    y + h
}

/// A filled, ruled cell (header cells and shaded rows: `fill`; frames in the ink at `stroke` mm).
pub(crate) fn cell(c: &mut Canvas<'_>, (x, y, w, h): (f64, f64, f64, f64), fill: &str, stroke: f64) {
    c.raw(&format!(
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="{INK}" stroke-width="{}"/>"##,
        mm(x),
        mm(y),
        mm(w),
        mm(h),
        mm(stroke)
    ));
}

/// A shaded area without a frame (a shaded row of a chart).
pub(crate) fn shade(c: &mut Canvas<'_>, (x, y, w, h): (f64, f64, f64, f64), fill: &str) {
    c.raw(&format!(r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}"/>"##, mm(x), mm(y), mm(w), mm(h)));
}

/// A rule from (`x0`, `y0`) to (`x1`, `y1`), `width` mm thick.
pub(crate) fn line(c: &mut Canvas<'_>, (x0, y0): (f64, f64), (x1, y1): (f64, f64), width: f64) {
    c.raw(&format!(
        r##"<path d="M{} {} L{} {}" stroke="{INK}" stroke-width="{}"/>"##,
        mm(x0),
        mm(y0),
        mm(x1),
        mm(y1),
        mm(width)
    ));
}
