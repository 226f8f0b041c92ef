//! Fitting text into a box: the largest size from a maximum down to a minimum at which the broken
//! lines fit both width and height; at the minimum, the lines are kept and flagged as overflowing,
//! so the caller can warn (naming the card or counter) instead of clipping silently.

use serde::Serialize;

use super::breaking::break_lines;
use super::{Fonts, Style};

/// Points per millimetre.
pub const PT_PER_MM: f64 = 72.0 / 25.4;

/// What to fit.
#[derive(Clone, Debug)]
pub struct Request<'a> {
    /// The text; `\n` forces a break.
    pub text: &'a str,
    /// Box width in mm.
    pub width_mm: f64,
    /// Box height in mm.
    pub height_mm: f64,
    /// Largest font size, in pt.
    pub max_pt: f64,
    /// Smallest font size, in pt.
    pub min_pt: f64,
    /// Line height as a multiple of the size.
    pub leading: f64,
    /// Family and weight.
    pub style: Style,
    /// At most this many lines (0: as many as the height allows).
    pub max_lines: usize,
}

/// Lines at a size, ready to draw.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Fitted {
    /// The chosen size in pt.
    pub size_pt: f64,
    /// The same in mm (SVG user units of the templates).
    pub size_mm: f64,
    /// Distance between baselines in mm.
    pub line_mm: f64,
    /// The lines.
    pub lines: Vec<String>,
    /// Width of the widest line in mm.
    pub width_mm: f64,
    /// Height of all lines in mm.
    pub height_mm: f64,
    /// Whether the text does not fit even at the minimum size.
    pub overflow: bool,
    /// Characters the font cannot draw.
    pub missing: Vec<char>,
}

/// Fits a text into a box (sizes are tried in steps of 0.25 pt).
pub fn fit(fonts: &Fonts, req: &Request<'_>) -> Fitted {
    let max = req.max_pt.max(req.min_pt);
    let steps = ((max - req.min_pt) / 0.25).round() as i64;
    let mut last = None;
    for step in 0..=steps {
        let size_pt = max - 0.25 * step as f64;
        let fitted = at_size(fonts, req, size_pt);
        if !fitted.overflow {
            return fitted;
        }
        last = Some(fitted);
    }
    last.unwrap_or_else(|| at_size(fonts, req, req.min_pt))
}

/// `text` broken into lines at `pt` with `leading` in a column `width_mm` wide, with no height
/// limit: for layouts that must know a block's lines or height before placing it.
pub fn set_at(fonts: &Fonts, text: &str, width_mm: f64, pt: f64, leading: f64, style: Style) -> Fitted {
    let request = Request { text, width_mm, height_mm: f64::MAX, max_pt: pt, min_pt: pt, leading, style, max_lines: 0 };
    at_size(fonts, &request, pt)
}

/// How tall `text` sets at `pt` with `leading` in a column `width_mm` wide, in mm (its lines'
/// em boxes; 0 for no text).
pub fn height_at(fonts: &Fonts, text: &str, width_mm: f64, pt: f64, leading: f64, style: Style) -> f64 {
    if text.is_empty() {
        return 0.0;
    }
    set_at(fonts, text, width_mm, pt, leading, style).height_mm
}

fn at_size(fonts: &Fonts, req: &Request<'_>, size_pt: f64) -> Fitted {
    let size_mm = size_pt / PT_PER_MM;
    let width_em = req.width_mm / size_mm;
    let lines = break_lines(fonts, req.text, width_em, req.style);
    let widest = lines.iter().map(|l| fonts.width_em(l, req.style)).fold(0.0, f64::max) * size_mm;
    let line_mm = size_mm * req.leading;
    // The last line needs only its own size, not a full line pitch.
    let height_mm = if lines.is_empty() { 0.0 } else { line_mm * (lines.len() - 1) as f64 + size_mm };
    let too_many = req.max_lines > 0 && lines.len() > req.max_lines;
    let overflow = widest > req.width_mm + 1e-6 || height_mm > req.height_mm + 1e-6 || too_many;
    Fitted {
        size_pt,
        size_mm,
        line_mm,
        lines,
        width_mm: widest,
        height_mm,
        overflow,
        missing: fonts.missing(req.text, req.style),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(text: &str, width_mm: f64, height_mm: f64) -> Request<'_> {
        Request {
            text,
            width_mm,
            height_mm,
            max_pt: 12.0,
            min_pt: 6.0,
            leading: 1.25,
            style: Style::main(crate::text::Weight::Regular),
            max_lines: 0,
        }
    }

    #[test]
    fn short_text_keeps_the_largest_size() {
        let fonts = Fonts::embedded();
        let f = fit(&fonts, &request("密告", 40.0, 10.0));
        assert_eq!(f.size_pt, 12.0);
        assert_eq!(f.lines, ["密告"]);
        assert!(!f.overflow);
        assert!((f.width_mm - 2.0 * 12.0 / PT_PER_MM).abs() < 1e-9);
    }

    #[test]
    fn long_text_shrinks_until_it_fits() {
        let fonts = Fonts::embedded();
        let f = fit(&fonts, &request("解放人民政府樹立", 20.0, 6.0));
        assert!(f.size_pt < 12.0 && f.size_pt >= 6.0, "{f:?}");
        assert!(!f.overflow);
        assert!(f.width_mm <= 20.0 && f.height_mm <= 6.0);
    }

    #[test]
    fn a_line_limit_shrinks_instead_of_breaking() {
        let fonts = Fonts::embedded();
        let free = fit(&fonts, &request("ラウンドフェイサー", 13.8, 6.0));
        assert_eq!(free.lines.len(), 2, "two lines fit the height at a larger size: {free:?}");
        let one = fit(&fonts, &Request { max_lines: 1, min_pt: 3.0, ..request("ラウンドフェイサー", 13.8, 6.0) });
        assert_eq!(one.lines, ["ラウンドフェイサー"]);
        assert!(!one.overflow && one.size_pt < free.size_pt);
    }

    #[test]
    fn text_too_long_for_the_minimum_size_is_flagged_not_cut() {
        let fonts = Fonts::embedded();
        let text = "とても長い説明文".repeat(20);
        let f = fit(&fonts, &request(&text, 20.0, 5.0));
        assert!(f.overflow);
        assert_eq!(f.size_pt, 6.0);
        assert_eq!(f.lines.concat(), text, "nothing is dropped");
    }
}
