//! Fitting text into a box: the largest size from a maximum down to a minimum at which the broken
//! lines fit both width and height; at the minimum, the lines are kept and flagged as overflowing,
//! so the caller can warn (naming the card or counter) instead of clipping silently.

use serde::Serialize;

use super::breaking::{break_lines, break_lines_within, whole_words_em, widest_piece_em, words_kept, Words};
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
    /// Set in this many columns (1: one), this far apart in mm: the box's width is shared
    /// between them and its height holds that many times the lines, filled column by column.
    pub columns: (usize, f64),
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
    /// Whether a word had to be broken inside (it is wider than the box even at the minimum).
    #[serde(skip)]
    pub split_word: bool,
    /// Lines in each column (all of them for one column): line `i` is set in column
    /// `i / per_column`, on row `i % per_column`.
    #[serde(skip)]
    pub per_column: usize,
    /// The width of one column and the distance from one column's left edge to the next, mm.
    #[serde(skip)]
    pub column_mm: (f64, f64),
    /// Characters the font cannot draw.
    pub missing: Vec<char>,
    /// How much closer than the font sets them the letters are drawn, em per gap between two
    /// letters of a line (0 but for a name tightened to keep its words whole; see [`fit_tracked`]).
    #[serde(skip)]
    pub tracking_em: f64,
}

/// The most a name or title is tightened before a word of it is broken inside, em per gap
/// between letters: about what a published counter's typesetter allows.
pub const MAX_TRACKING_EM: f64 = 0.08;

/// Tracking is tightened in steps of this, em.
const TRACKING_STEP_EM: f64 = 0.02;

/// Fits a text into a box (sizes are tried in steps of 0.25 pt); a name or title (at most three
/// lines) that would have a word broken inside even at the smallest size is tightened up to
/// [`MAX_TRACKING_EM`] first.
pub fn fit(fonts: &Fonts, req: &Request<'_>) -> Fitted {
    fit_tracked(fonts, req, MAX_TRACKING_EM)
}

/// [`fit`], tightening a name or title by at most `most_tracking_em` (0: never) before a word of
/// it is broken inside.
///
/// A size that is tried and found too small is laid out only until its box is full, so a
/// megabyte of text costs what its box holds at every size but the last; only the smallest
/// size, which is drawn with its overflow reported, lays out the whole text.
pub fn fit_tracked(fonts: &Fonts, req: &Request<'_>, most_tracking_em: f64) -> Fitted {
    let max = req.max_pt.max(req.min_pt);
    let steps = ((max - req.min_pt) / 0.25).round() as i64;
    let missing = fonts.missing(req.text, req.style);
    // A text of a few lines (a name, a title) breaks only between phrases; running text anywhere
    // Japanese allows.
    let words = if (1..=3).contains(&req.max_lines) { Words::Phrases } else { Words::Anywhere };
    // A word is split only at the smallest size: the text shrinks first (a counter's クラブガンナー
    // at 5.5 pt on one line, not クラブガン / ナー at 7 pt). A fixed size has nothing to choose.
    let widest = if steps > 0 { widest_piece_em(fonts, req.text, (req.style, words)) } else { 0.0 };
    // Running Japanese keeps its words whole where as many lines allow ([`words_kept`]); a short
    // text already breaks only between phrases.
    let whole = if words == Words::Anywhere { whole_words_em(fonts, req.text, req.style) } else { None };
    let kept = |size_pt: f64, lines| words_kept(fonts, (req.text, req.style), width_em(req, size_pt), whole, lines);
    for step in 0..steps {
        let size_pt = max - 0.25 * step as f64;
        if widest > width_em(req, size_pt) + 1e-9 {
            continue;
        }
        let Some(lines) =
            break_lines_within(fonts, req.text, width_em(req, size_pt), (req.style, words), room(req, size_pt))
        else {
            continue; // more lines than the box holds: overflows here
        };
        let fitted = block(fonts, req, (size_pt, 0.0), kept(size_pt, lines), &missing);
        if !fitted.overflow {
            return fitted;
        }
    }
    let size_pt = if steps < 0 { req.min_pt } else { max - 0.25 * steps as f64 };
    let lines = break_lines_within(fonts, req.text, width_em(req, size_pt), (req.style, words), usize::MAX);
    let mut fitted = block(fonts, req, (size_pt, 0.0), kept(size_pt, lines.unwrap_or_default()), &missing);
    // Only a text set on more than one line can have a word broken across two (a fixed size
    // measures its widest word only then).
    if fitted.lines.len() > 1 {
        let widest = if steps > 0 { widest } else { widest_piece_em(fonts, req.text, (req.style, words)) };
        fitted.split_word = widest > width_em(req, size_pt) + 1e-9;
    }
    let short = words == Words::Phrases;
    if short && (fitted.split_word || fitted.overflow) && most_tracking_em > 0.0 {
        if let Some(tight) = tightened(fonts, req, (size_pt, most_tracking_em), words, &missing) {
            return tight;
        }
    }
    fitted
}

/// `req`'s text at `size_pt` with every word whole and its letters drawn closer, by the least
/// step of tracking up to `most_em` at which every line fits the box; `None` when none does.
fn tightened(
    fonts: &Fonts,
    req: &Request<'_>,
    (size_pt, most_em): (f64, f64),
    words: Words,
    missing: &[char],
) -> Option<Fitted> {
    let width = width_em(req, size_pt);
    // Broken no narrower than its widest word, so no word is broken inside.
    let whole = widest_piece_em(fonts, req.text, (req.style, words)).max(width);
    let lines = break_lines_within(fonts, req.text, whole, (req.style, words), room(req, size_pt))?;
    let needed = lines
        .iter()
        .map(|line| (fonts.width_em(line, req.style) - width) / gaps(line).max(1) as f64)
        .fold(0.0, f64::max);
    let tracking = (needed / TRACKING_STEP_EM - 1e-9).ceil().max(0.0) * TRACKING_STEP_EM;
    let fitted = block(fonts, req, (size_pt, tracking), lines, missing);
    (tracking <= most_em + 1e-9 && !fitted.overflow).then_some(fitted)
}

/// The gaps between letters in a line, where tracking applies (not after its last letter).
fn gaps(line: &str) -> usize {
    line.trim_end().chars().count().saturating_sub(1)
}

/// How wide `line` is drawn in `style` with `tracking_em` taken from each gap between its
/// letters, in em.
pub fn tracked_width_em(fonts: &Fonts, line: &str, style: Style, tracking_em: f64) -> f64 {
    fonts.width_em(line, style) - tracking_em * gaps(line) as f64
}

/// `text` broken into lines at `pt` with `leading` in a column `width_mm` wide, with no height
/// limit: for layouts that must know a block's lines or height before placing it.
pub fn set_at(fonts: &Fonts, text: &str, width_mm: f64, pt: f64, leading: f64, style: Style) -> Fitted {
    let request = Request {
        text,
        width_mm,
        height_mm: f64::MAX,
        max_pt: pt,
        min_pt: pt,
        leading,
        style,
        max_lines: 0,
        columns: (1, 0.0),
    };
    let lines = break_lines(fonts, text, width_em(&request, pt), style);
    block(fonts, &request, (pt, 0.0), lines, &fonts.missing(text, style))
}

/// How tall `text` sets at `pt` with `leading` in a column `width_mm` wide, in mm (its lines'
/// em boxes; 0 for no text).
pub fn height_at(fonts: &Fonts, text: &str, width_mm: f64, pt: f64, leading: f64, style: Style) -> f64 {
    if text.is_empty() {
        return 0.0;
    }
    set_at(fonts, text, width_mm, pt, leading, style).height_mm
}

/// [`height_at`] when the text is at most `most_mm` tall, else `None`, told without laying out
/// more of the text than `most_mm` holds: for layouts that try widths or sizes until a text is
/// short enough.
pub fn height_within(
    fonts: &Fonts,
    text: &str,
    width_mm: f64,
    pt: f64,
    leading: f64,
    style: Style,
    most_mm: f64,
) -> Option<f64> {
    if text.is_empty() {
        return (0.0 <= most_mm).then_some(0.0);
    }
    let size_mm = pt / PT_PER_MM;
    let limit = lines_within(size_mm, size_mm * leading, most_mm);
    let lines = break_lines_within(fonts, text, width_mm / size_mm, (style, Words::Anywhere), limit)?;
    let height = block_height(lines.len(), size_mm, size_mm * leading);
    (height <= most_mm).then_some(height)
}

/// The height of `lines` lines: the last line needs only its own size, not a full line pitch.
fn block_height(lines: usize, size_mm: f64, line_mm: f64) -> f64 {
    if lines == 0 {
        0.0
    } else {
        line_mm * (lines - 1) as f64 + size_mm
    }
}

/// The most lines whose [`block_height`] is at most `most_mm` (`usize::MAX`: no limit, as when
/// lines do not add height).
fn lines_within(size_mm: f64, line_mm: f64, most_mm: f64) -> usize {
    // Far more lines than any page holds: no limit worth laying out to.
    const NO_LIMIT: f64 = 1e9;
    // (A pitch that is not above zero, NaN included, adds no height.)
    let adds_height = line_mm.partial_cmp(&0.0) == Some(std::cmp::Ordering::Greater);
    if !adds_height || !most_mm.is_finite() || (most_mm - size_mm) / line_mm >= NO_LIMIT {
        return usize::MAX;
    }
    let fits = |n: usize| block_height(n, size_mm, line_mm) <= most_mm;
    if !fits(1) {
        return 0;
    }
    // The estimate, then corrected by the same arithmetic the check uses.
    let mut n = (((most_mm - size_mm) / line_mm).floor().max(0.0) as usize) + 1;
    while n > 1 && !fits(n) {
        n -= 1;
    }
    while fits(n + 1) {
        n += 1;
    }
    n
}

/// How many columns `req` sets its text in (at least one).
fn columns(req: &Request<'_>) -> usize {
    req.columns.0.max(1)
}

/// The width of one of `req`'s columns, mm (the box's width when it has one column).
fn column_width(req: &Request<'_>) -> f64 {
    let n = columns(req) as f64;
    (req.width_mm - (n - 1.0) * req.columns.1) / n
}

/// The column's width at `size_pt`, in em.
fn width_em(req: &Request<'_>, size_pt: f64) -> f64 {
    column_width(req) / (size_pt / PT_PER_MM)
}

/// The most lines `req`'s box holds at `size_pt` (its height in every column, its line limit).
fn room(req: &Request<'_>, size_pt: f64) -> usize {
    let size_mm = size_pt / PT_PER_MM;
    let by_height = lines_within(size_mm, size_mm * req.leading, req.height_mm + 1e-6).saturating_mul(columns(req));
    if req.max_lines > 0 {
        by_height.min(req.max_lines)
    } else {
        by_height
    }
}

/// `lines` of `req` at `size_pt`, tightened by `tracking_em`, as a block: its measures and
/// whether it overflows the box.
fn block(
    fonts: &Fonts,
    req: &Request<'_>,
    (size_pt, tracking_em): (f64, f64),
    lines: Vec<String>,
    missing: &[char],
) -> Fitted {
    let size_mm = size_pt / PT_PER_MM;
    let drawn_em = |l: &String| fonts.width_em(l, req.style) - tracking_em * gaps(l) as f64;
    let widest = lines.iter().map(drawn_em).fold(0.0, f64::max) * size_mm;
    let line_mm = size_mm * req.leading;
    // Columns are filled in turn, the first ones fullest (balanced: 7 lines in two go 4 + 3).
    let per_column = lines.len().div_ceil(columns(req));
    let height_mm = block_height(per_column, size_mm, line_mm);
    let too_many = req.max_lines > 0 && lines.len() > req.max_lines;
    let overflow = widest > column_width(req) + 1e-6 || height_mm > req.height_mm + 1e-6 || too_many;
    Fitted {
        size_pt,
        size_mm,
        line_mm,
        lines,
        width_mm: widest,
        height_mm,
        overflow,
        split_word: false,
        per_column,
        column_mm: (column_width(req), column_width(req) + req.columns.1),
        missing: missing.to_vec(),
        tracking_em,
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
            columns: (1, 0.0),
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
    fn two_columns_share_the_width_and_hold_twice_the_lines() {
        // 14 kanji at 6 pt (about 2.1 mm each) in a 33 mm box of two 15 mm columns 3 mm apart:
        // seven to a line, so two lines, one in each column, the box only one line high.
        let fonts = Fonts::embedded();
        let text = "解放人民政府樹立解放人民政府";
        let one_line = 6.0 / PT_PER_MM;
        let req = Request { max_pt: 6.0, columns: (2, 3.0), ..request(text, 33.0, one_line) };
        let f = fit(&fonts, &req);
        assert!(!f.overflow, "{f:?}");
        assert_eq!((f.lines.len(), f.per_column), (2, 1));
        assert!(f.width_mm <= 15.0 + 1e-9 && (f.height_mm - one_line).abs() < 1e-9);
        assert_eq!(f.column_mm, (15.0, 18.0));
        // One such column alone, one line high, does not hold it.
        assert!(fit(&fonts, &Request { max_pt: 6.0, ..request(text, 15.0, one_line) }).overflow);
        // Lines are balanced, the first columns fullest (four lines go two and two; three, two and one).
        let req = Request {
            columns: (2, 3.0), ..request("解放人民政府樹立解放人民政府樹立解放人民政府", 33.0, 100.0)
        };
        let f = fit(&fonts, &Request { max_pt: 6.0, ..req });
        assert!(f.lines.len() >= 3 && f.per_column == f.lines.len().div_ceil(2), "{f:?}");
    }

    #[test]
    fn a_word_shrinks_before_it_is_split() {
        // "Random" is wider than 9.9 mm at 8 pt bold: rather than "Rando / m chit" at 8 pt, the
        // text shrinks until each word is whole on its line.
        let fonts = Fonts::embedded();
        let req = Request {
            max_pt: 8.0,
            min_pt: 6.0,
            style: Style::main(crate::text::Weight::Bold),
            ..request("Random chit", 9.9, 6.0)
        };
        let f = fit(&fonts, &req);
        assert_eq!(f.lines, ["Random", "chit"], "{f:?}");
        assert!(f.size_pt < 8.0 && !f.overflow, "{f:?}");
        // Only at the smallest size, when nothing else fits, is a word split.
        let floor = fit(&fonts, &Request { min_pt: 7.5, ..req.clone() });
        assert_eq!((floor.size_pt, floor.lines[0].as_str()), (7.5, "Rando"), "{floor:?}");
    }

    #[test]
    fn a_name_is_tightened_before_a_word_of_it_is_broken() {
        // テキーラガンナー is eight ems; a box half an em narrower at the smallest size takes it
        // whole with its seven gaps tightened by 0.08 em (the step at or above 0.5 / 7).
        let fonts = Fonts::embedded();
        let em = 5.0 / PT_PER_MM;
        let name = "テキーラガンナー";
        let req = Request { max_pt: 7.0, min_pt: 5.0, max_lines: 2, ..request(name, 7.5 * em, 3.0 * em) };
        let tight = fit(&fonts, &req);
        assert_eq!((tight.lines.as_slice(), tight.size_pt), ([name.to_string()].as_slice(), 5.0), "{tight:?}");
        assert!((tight.tracking_em - 0.08).abs() < 1e-9 && !tight.split_word && !tight.overflow, "{tight:?}");
        assert!(tight.width_mm <= 7.5 * em + 1e-9, "{tight:?}");
        // Without tightening the word is broken inside, as it is when a whole em must go.
        let split = fit_tracked(&fonts, &req, 0.0);
        assert!(split.split_word && split.tracking_em == 0.0, "{split:?}");
        let too_wide = fit(&fonts, &Request { width_mm: 7.0 * em, ..req.clone() });
        assert!(too_wide.split_word && too_wide.tracking_em == 0.0, "{too_wide:?}");
        // Running text is never tightened.
        let running = fit(&fonts, &Request { max_lines: 0, ..req });
        assert_eq!(running.tracking_em, 0.0, "{running:?}");
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

    #[test]
    fn a_megabyte_card_text_is_laid_out_whole_only_at_the_size_it_is_drawn() {
        // Issue 30: a 1 MB card text took 14 s and 2.1 GB: each of the sizes tried laid the whole
        // text out (and kept every piece it measured).
        let fonts = Fonts::embedded();
        let text = "lorem ipsum dolor ".repeat(55_000);
        let req = Request { max_pt: 8.5, min_pt: 6.0, leading: 1.3, ..request(&text, 52.6, 53.1) };
        let f = fit(&fonts, &req);
        assert!(f.overflow);
        assert_eq!(f.size_pt, 6.0);
        assert_eq!(f.lines.concat().replace(' ', ""), text.replace(' ', ""), "nothing is dropped");
        let trying = fonts.work();
        // Laying it out once at 6 pt alone costs about as much as the ten sizes tried.
        let once = Fonts::embedded();
        set_at(&once, &text, 52.6, 6.0, 1.3, req.style);
        assert!(trying < once.work() + once.work() / 4, "{trying} against {} for one layout", once.work());
    }

    #[test]
    fn height_within_a_limit_is_the_height_or_nothing_and_reads_only_what_the_limit_holds() {
        let fonts = Fonts::embedded();
        let style = Style::main(crate::text::Weight::Regular);
        for text in ["", "密告", "とても長い説明文".repeat(20).as_str(), "a\nb\nc\n\n"] {
            for most in [0.0, 3.0, 5.0, 12.0, 40.0] {
                let h = height_at(&fonts, text, 20.0, 8.0, 1.25, style);
                let within = height_within(&fonts, text, 20.0, 8.0, 1.25, style, most);
                assert_eq!(within, (h <= most).then_some(h), "{text:?} within {most} mm");
            }
        }
        let word = "z".repeat(2_000_000);
        let counting = Fonts::embedded();
        assert_eq!(height_within(&counting, &word, 20.0, 8.0, 1.25, style, 10.0), None);
        assert!(counting.work() < 10_000, "{} units of work for a box of a few lines", counting.work());
    }
}
