//! The errata document as PDF pages. Every change is a heading with its edition tag and the
//! designer's note (class and text, from `errata/<edition>.toml`); each changed field follows as a
//! table row with the old value beside the new one, the removed characters (or words) highlighted
//! and struck out on the old side, the added ones highlighted on the new side.

use std::fmt::Write;

use super::diff::{headline, side, text_diff, Change, ChangeKind, Piece};
use super::notes::notes_on;
use crate::layout::Paper;
use crate::model::Pack;
use crate::render::mm;
use crate::render::sheets::{begin_page, end_page, escape, Page};
use crate::text::breaking::break_lines;
use crate::text::{Fonts, Style, Weight};

/// Text size and line pitch, mm.
const SIZE: f64 = 3.2;
const LINE: f64 = 4.6;
const MARGIN: f64 = 14.0;
/// The field column's width and the gap between columns, mm.
const FIELD: f64 = 24.0;
const GAP: f64 = 3.0;
const OLD_MARK: &str = "#fbd3cd";
const NEW_MARK: &str = "#cdeccf";

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

/// Draws one line of pieces at (`x`, `y`) in `colour`: a highlight behind each changed piece
/// (measured with the font the text is drawn in), then the text, the removed pieces struck out.
fn draw_line(s: &mut String, fonts: &Fonts, pieces: &[Piece], (x, y): (f64, f64), weight: Weight, colour: &str) {
    let style = Style::embedded(weight);
    let mut cursor = x;
    for p in pieces {
        let (text, mark) = match p {
            Piece::Same(t) => (t, None),
            Piece::Old(t) => (t, Some(OLD_MARK)),
            Piece::New(t) => (t, Some(NEW_MARK)),
        };
        let width = fonts.width_em(text, style) * SIZE;
        if let Some(fill) = mark {
            let _ = write!(
                s,
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}"/>"##,
                mm(cursor - 0.2),
                mm(y - SIZE * 0.88),
                mm(width + 0.4),
                mm(SIZE * 1.16)
            );
        }
        cursor += width;
    }
    let bold = if weight == Weight::Bold { r#" font-weight="700""# } else { "" };
    let _ = write!(s, r##"<text x="{}" y="{}" font-size="{SIZE}" fill="{colour}"{bold}>"##, mm(x), mm(y));
    for p in pieces {
        let _ = match p {
            Piece::Same(t) => write!(s, "<tspan>{}</tspan>", escape(t)),
            Piece::Old(t) => {
                write!(s, r##"<tspan fill="#a93226" text-decoration="line-through">{}</tspan>"##, escape(t))
            }
            Piece::New(t) => write!(s, r##"<tspan fill="#1b5e20">{}</tspan>"##, escape(t)),
        };
    }
    s.push_str("</text>");
}

/// Something drawn across the page's width, kept whole on one page.
enum Block {
    /// The document's title.
    Title(String),
    /// Wrapped lines at `x`.
    Lines { lines: Vec<Vec<Piece>>, x: f64, weight: Weight, colour: &'static str },
    /// The column heads of the field rows.
    Heads([(f64, String); 3]),
    /// A changed field: its name, then the old and the new value's lines side by side.
    Row { name: String, old: Vec<Vec<Piece>>, new: Vec<Vec<Piece>>, new_x: f64 },
    /// Vertical space.
    Space(f64),
}

impl Block {
    /// Wrapped plain text.
    fn text(fonts: &Fonts, text: String, x: f64, width: f64, weight: Weight, colour: &'static str) -> Block {
        Block::Lines { lines: wrap(fonts, vec![Piece::Same(text)], width, weight), x, weight, colour }
    }

    fn height(&self) -> f64 {
        match self {
            Block::Title(_) => 12.0,
            Block::Lines { lines, .. } => lines.len() as f64 * LINE,
            Block::Heads(_) => LINE,
            Block::Row { old, new, .. } => old.len().max(new.len()).max(1) as f64 * LINE + 1.2,
            Block::Space(h) => *h,
        }
    }

    fn draw(&self, s: &mut String, fonts: &Fonts, top: f64, right: f64) {
        let line_y = |i: usize| top + SIZE + i as f64 * LINE;
        match self {
            Block::Title(title) => {
                let _ = write!(
                    s,
                    r##"<text x="{MARGIN}" y="{}" font-size="6" font-weight="700">{}</text>"##,
                    mm(top + 6.0),
                    escape(title)
                );
            }
            Block::Lines { lines, x, weight, colour } => {
                for (i, line) in lines.iter().enumerate() {
                    draw_line(s, fonts, line, (*x, line_y(i)), *weight, colour);
                }
            }
            Block::Heads(heads) => {
                for (x, head) in heads {
                    let _ = write!(
                        s,
                        r##"<text x="{}" y="{}" font-size="2.6" font-weight="700" fill="#777777">{}</text>"##,
                        mm(*x),
                        mm(top + 2.8),
                        escape(head)
                    );
                }
            }
            Block::Row { name, old, new, new_x } => {
                let _ = write!(
                    s,
                    r##"<text x="{}" y="{}" font-size="{SIZE}" fill="#555555">{}</text>"##,
                    mm(MARGIN + 2.0),
                    mm(line_y(0)),
                    escape(name)
                );
                for (x, lines) in [(MARGIN + FIELD + GAP, old), (*new_x, new)] {
                    for (i, line) in lines.iter().enumerate() {
                        draw_line(s, fonts, line, (x, line_y(i)), Weight::Regular, "#1d1d1d");
                    }
                }
                let bottom = top + self.height() - 0.6;
                let _ = write!(
                    s,
                    r##"<path d="M{} {} L{} {}" stroke="#dddddd" stroke-width="0.2"/>"##,
                    mm(MARGIN + 2.0),
                    mm(bottom),
                    mm(right),
                    mm(bottom)
                );
            }
            Block::Space(_) => {}
        }
    }
}

/// The blocks of one change: its heading, the designer's note, and its changed fields as rows
/// with the old and new values side by side.
fn change_blocks(fonts: &Fonts, old: &Pack, new: &Pack, c: &Change, width: f64) -> Vec<Block> {
    let heading = format!("[{}] {}", new.game.edition, headline(c));
    let mut blocks = vec![Block::text(fonts, heading, MARGIN, width, Weight::Bold, "#1d1d1d")];
    for (label, text) in notes_on(new, c) {
        let text = format!("{label}: {text}");
        blocks.push(Block::text(fonts, text, MARGIN + 2.0, width - 2.0, Weight::Regular, "#8a6d3b"));
    }
    if let ChangeKind::Changed { fields } = &c.kind {
        let column = (width - FIELD - 2.0 * GAP) / 2.0;
        let new_x = MARGIN + FIELD + 2.0 * GAP + column;
        blocks.push(Block::Heads([
            (MARGIN + 2.0, "field".to_string()),
            (MARGIN + FIELD + GAP, format!("旧 old · {}", old.game.edition)),
            (new_x, format!("新 new · {}", new.game.edition)),
        ]));
        for f in fields {
            let pieces = text_diff(&f.old, &f.new);
            blocks.push(Block::Row {
                name: f.name().to_string(),
                old: wrap(fonts, side(&pieces, true), column, Weight::Regular),
                new: wrap(fonts, side(&pieces, false), column, Weight::Regular),
                new_x,
            });
        }
    }
    blocks.push(Block::Space(2.0));
    blocks
}

/// The document's pages.
pub fn pages(old: &Pack, new: &Pack, changes: &[Change], fonts: &Fonts, paper: Paper) -> Vec<Page> {
    let (w, h) = (paper.width, paper.height);
    let width = w - 2.0 * MARGIN;
    let title = format!("{} — errata {} → {}", new.game.title.ja, old.game.edition, new.game.edition);
    let summary = format!(
        "{} change(s). Removed text is struck out on a red ground, new text is on a green ground; \
         the replacement sheets hold every changed card, counter and chit.",
        changes.len()
    );
    let mut blocks = vec![Block::Title(title), Block::text(fonts, summary, MARGIN, width, Weight::Regular, "#444444")];
    let mut current = "";
    for c in changes {
        if c.item != current {
            current = c.item;
            blocks.push(Block::Space(2.0));
            blocks.push(Block::text(fonts, format!("{}s", c.item), MARGIN, width, Weight::Bold, "#1e5aa8"));
        }
        blocks.extend(change_blocks(fonts, old, new, c, width));
    }
    let (top, bottom) = (14.0, h - 12.0);
    let mut pages = Vec::new();
    let mut s = begin_page(w, h);
    let mut y = top;
    for block in blocks {
        if y + block.height() > bottom && y > top {
            end_page(&mut s, new, (w, h), "errata");
            pages.push(Page { svg: std::mem::replace(&mut s, begin_page(w, h)), back: false });
            y = top;
        }
        block.draw(&mut s, fonts, y, MARGIN + width);
        y += block.height();
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
