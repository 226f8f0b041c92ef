//! Text: font metrics, Japanese and Latin line breaking, and fitting text into a box.
//!
//! The principal types are [`Fonts`] (a pack's own fonts and the embedded Noto Sans JP faces,
//! each parsed when first measured with, glyph advances read by ttf-parser) and [`fit::Fitted`],
//! what [`fit::fit`] returns: the lines of a text broken to a width at the largest size between a
//! maximum and a minimum that fits a box, or the minimum size with an overflow flag, never
//! clipped. Line breaking ([`breaking`]) rests on Unicode line-break opportunities (UAX #14, via
//! unicode-linebreak) with the Japanese kinsoku rules on top. Every generator lays out text
//! through this module and nothing else, so the widths measured here are the widths drawn.

pub mod breaking;
mod face;
pub mod fit;
mod fonts;

pub(crate) use face::Face;
pub use fonts::{Fonts, Style, Weight, FAMILY};
pub(crate) use fonts::{BOLD, REGULAR};

/// Whether `text` is Japanese: it holds a letter beyond ASCII (kana or kanji). How a caption, an
/// index word or an alias the pack writes in either language is told apart.
pub fn is_japanese(text: &str) -> bool {
    text.chars().any(|c| !c.is_ascii() && c.is_alphabetic())
}

/// Escapes text for SVG, XML and HTML (text and attribute values alike).
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
