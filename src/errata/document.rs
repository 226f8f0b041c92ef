//! The errata document as PDF pages: every change with its edition tag, and for texts the old and
//! new wording with the changed characters (or words) marked: struck out in red, new in green.

use std::fmt::Write;

use super::diff::{describe, text_diff, Change, ChangeKind, Piece};
use crate::layout::Paper;
use crate::model::Pack;
use crate::render::sheets::{begin_page, end_page, escape, Page};
use crate::text::breaking::break_lines;
use crate::text::{Fonts, Style, Weight};

const SIZE: f64 = 3.2;
const LINE: f64 = 4.6;

/// Makes a piece of the same marking from a part of its text.
type Marking = fn(String) -> Piece;

/// Splits diff pieces into lines no wider than `width` mm in `weight`, at the same break
/// opportunities as every other text (whole Latin words, kinsoku for Japanese); a piece crossing a
/// break is split in two, keeping its marking on both lines.
fn wrap(fonts: &Fonts, pieces: Vec<Piece>, width: f64, weight: Weight) -> Vec<Vec<Piece>> {
    let mut text = String::new();
    let mut spans: Vec<(usize, usize, Marking)> = Vec::new();
    for piece in pieces {
        let (t, make): (String, Marking) = match piece {
            Piece::Same(t) => (t, Piece::Same),
            Piece::Old(t) => (t, Piece::Old),
            Piece::New(t) => (t, Piece::New),
        };
        spans.push((text.len(), text.len() + t.len(), make));
        text.push_str(&t);
    }
    let mut lines = Vec::new();
    let mut pos = 0;
    for line in break_lines(fonts, &text, width / SIZE, Style::embedded(weight)) {
        // Each line is the text from `pos` on, less the whitespace dropped at the break before it.
        while !text.get(pos..).unwrap_or_default().starts_with(line.as_str()) {
            match text.get(pos..).unwrap_or_default().chars().next() {
                Some(c) if c.is_whitespace() => pos += c.len_utf8(),
                _ => break,
            }
        }
        let end = pos + line.len();
        let row = spans
            .iter()
            .filter_map(|&(a, b, make)| {
                text.get(a.max(pos)..b.min(end)).filter(|t| !t.is_empty()).map(|t| make(t.into()))
            })
            .collect();
        lines.push(row);
        pos = end.min(text.len());
    }
    lines
}

/// The document's pages.
pub fn pages(old: &Pack, new: &Pack, changes: &[Change], fonts: &Fonts, paper: Paper) -> Vec<Page> {
    let (w, h, margin) = (paper.width, paper.height, 14.0);
    let mut pages = Vec::new();
    let mut s = begin_page(w, h);
    let title = format!("{} — errata {} → {}", new.game.title.ja, old.game.edition, new.game.edition);
    let _ = write!(s, r##"<text x="{margin}" y="18" font-size="6" font-weight="700">{}</text>"##, escape(&title));
    let mut y = 28.0;
    let mut lines: Vec<(bool, Vec<Piece>)> = Vec::new(); // (is a heading, pieces)
    for c in changes {
        for line in wrap(
            fonts,
            vec![Piece::Same(format!("[{}] {}", new.game.edition, describe(c)))],
            w - 2.0 * margin,
            Weight::Bold,
        ) {
            lines.push((true, line));
        }
        if let ChangeKind::Changed { fields } = &c.kind {
            for f in fields.iter().filter(|f| f.old.chars().count() > 3 || f.new.chars().count() > 3) {
                for line in wrap(fonts, text_diff(&f.old, &f.new), w - 2.0 * margin - 6.0, Weight::Regular) {
                    lines.push((false, line));
                }
            }
        }
    }
    if lines.is_empty() {
        lines.push((false, vec![Piece::Same("No changes.".into())]));
    }
    for (heading, pieces) in lines {
        if y > h - 14.0 {
            end_page(&mut s, new, (w, h), "errata");
            pages.push(Page { svg: std::mem::take(&mut s), back: false });
            s = begin_page(w, h);
            y = 18.0;
        }
        let x = if heading { margin } else { margin + 6.0 };
        let weight = if heading { r#" font-weight="700""# } else { "" };
        let _ = write!(s, r##"<text x="{x}" y="{y}" font-size="{SIZE}"{weight}>"##);
        for p in pieces {
            let _ = match p {
                Piece::Same(t) => write!(s, "<tspan>{}</tspan>", escape(&t)),
                Piece::Old(t) => {
                    write!(s, r##"<tspan fill="#c0392b" text-decoration="line-through">{}</tspan>"##, escape(&t))
                }
                Piece::New(t) => write!(s, r##"<tspan fill="#1e7d32" font-weight="700">{}</tspan>"##, escape(&t)),
            };
        }
        s.push_str("</text>");
        y += LINE;
    }
    end_page(&mut s, new, (w, h), "errata");
    pages.push(Page { svg: s, back: false });
    pages
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(line: &[Piece]) -> String {
        line.iter()
            .map(|p| match p {
                Piece::Same(t) => t.clone(),
                Piece::Old(t) => format!("-{t}-"),
                Piece::New(t) => format!("+{t}+"),
            })
            .collect()
    }

    #[test]
    fn english_diffs_wrap_between_words_and_keep_their_marks() {
        let pieces = text_diff("A unit may move two hexes per turn", "A unit may move three hexes per turn");
        let lines = wrap(&Fonts::embedded(), pieces, 14.0 * SIZE, Weight::Regular);
        let shown: Vec<String> = lines.iter().map(|l| texts(l)).collect();
        assert!(lines.len() > 1, "{shown:?}");
        for line in &shown {
            let plain = line.replace(['-', '+'], "");
            assert!(!plain.starts_with(' '), "no line starts with the space of a break: {shown:?}");
        }
        let joined = shown.join(" ");
        assert!(joined.contains("-two-") && joined.contains("+three"), "{shown:?}");
        // No word is cut between characters.
        for word in ["unit", "move", "hexes", "turn"] {
            assert!(shown.iter().any(|l| l.contains(word)), "{word} split across lines: {shown:?}");
        }
    }
}
