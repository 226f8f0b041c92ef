//! The page checks every drawn text goes through: text that does not fit its box at its smallest
//! size, lines that overlap, and the short form a warning quotes a text in.

use super::textbox::Owner;
use crate::diag::{Code, Diagnostic};
use crate::text::fit::Fitted;

/// What is wrong with one fitted text, as warnings about `label`: it does not fit its `w × h` mm
/// box even at `min_pt` (W0801; `room` says how to make room), or it uses characters no font can
/// draw (E0803: it would print as empty boxes). Shared by pages and the templates' `fit`.
pub(crate) fn fit_problems(
    label: &str,
    text: &str,
    (w, h): (f64, f64),
    min_pt: f64,
    fitted: &Fitted,
    room: &str,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if fitted.overflow && !text.trim().is_empty() {
        let message =
            format!("{label}: text does not fit its {w:.1}×{h:.1} mm box even at {min_pt} pt: “{}”", short(text));
        out.push(Diagnostic::warning(Code::TEXT_OVERFLOW, message).with_hint(room));
    } else if fitted.split_word {
        let lines = fitted.lines.join(" / ");
        let message = format!("{label}: “{}” is broken inside a word ({lines}) even at {min_pt} pt", short(text));
        out.push(Diagnostic::warning(Code::WORD_BROKEN, message).with_hint(
            "give it a shorter form where the data has one (a unit's short_name_ja/short_name_en, a card field's `short`), or a larger box in the template",
        ));
    }
    if !fitted.missing.is_empty() {
        let chars: String = fitted.missing.iter().collect();
        out.push(
            Diagnostic::error(Code::MISSING_GLYPH, format!("{label}: no font has a glyph for “{chars}”"))
                .with_hint("use another character, or bring a font that has it ([print] fonts)"),
        );
    }
    out
}

pub(super) fn at(d: Diagnostic, owner: &Owner) -> Diagnostic {
    match &owner.span {
        Some(span) => d.at(span),
        None => d,
    }
}

/// A box of ink, mm: left, top, right, bottom.
pub(crate) type Rect = (f64, f64, f64, f64);

/// The pairs of boxes (by index, in input order) that overlap by more than 0.05 mm both ways,
/// the tolerance the page check uses; for checks outside a page, such as within one face.
pub(crate) fn overlapping(rects: &[Rect]) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..rects.len()).collect();
    order.sort_by(|&a, &b| rects[a].0.total_cmp(&rects[b].0));
    let mut pairs = Vec::new();
    for (i, &a) in order.iter().enumerate() {
        for &b in &order[i + 1..] {
            let (p, q) = (rects[a], rects[b]);
            if q.0 >= p.2 - 0.05 {
                break;
            }
            let dx = p.2.min(q.2) - p.0.max(q.0);
            let dy = p.3.min(q.3) - p.1.max(q.1);
            if dx > 0.05 && dy > 0.05 {
                pairs.push((a.min(b), a.max(b)));
            }
        }
    }
    pairs.sort_unstable();
    pairs
}

/// The first 30 characters of a text, for messages.
pub(crate) fn short(text: &str) -> String {
    let mut s: String = text.chars().take(30).collect();
    if text.chars().count() > 30 {
        s.push('…');
    }
    s.replace('\n', " ")
}
