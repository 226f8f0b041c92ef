//! The errata document as PDF pages. Every change is a heading with its edition tag and the
//! designer's note (class and text, from `errata/<edition>.toml`); each changed field follows as a
//! table row with the old value beside the new one, the removed characters (or words) highlighted
//! and struck out on the old side, the added ones highlighted on the new side. Every text goes
//! through the page's [`Canvas`], owned by its change and the span of its note, so what does not
//! fit, sits in the margin or overlaps is a warning; the words are the [errata] messages in the
//! pack's languages.

use super::diff::{side, text_diff, Change, ChangeKind, Piece};
use super::mapchanges::MapNote;
use super::words::Words;
use crate::diag::Diagnostic;
use crate::layout::Paper;
use crate::model::Pack;
use crate::render::page::canvas::{Canvas, Owner, Run, TextBox};
use crate::render::page::Page;
use crate::render::Ctx;
use crate::text::breaking::break_lines;
use crate::text::fit::{set_at, PT_PER_MM};
use crate::text::{Fonts, Style, Weight};

/// Body text size, pt, and the pitch of its lines, mm.
const PT: f64 = 9.0;
const LINE: f64 = 4.4;
/// The left and right margin of the text, mm.
const MARGIN: f64 = 14.0;
/// The field column's width and the gap between columns, mm.
const FIELD: f64 = 32.0;
const GAP: f64 = 3.0;
const OLD_MARK: &str = "#fbd3cd";
const NEW_MARK: &str = "#cdeccf";

/// The body size in mm.
fn size_mm() -> f64 {
    PT / PT_PER_MM
}

/// Makes a piece of the same marking from a part of its text.
type Marking = fn(String) -> Piece;

/// Splits diff pieces into lines no wider than `width` mm at the body size in `weight`, at the
/// same break opportunities as every other text (whole Latin words, kinsoku for Japanese); a piece
/// crossing a break is split in two, keeping its marking on both lines.
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
    for line in break_lines(fonts, &text, width / size_mm(), Style::main(weight)) {
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

/// Draws one line of diff pieces from (`x`, `top`): the removed pieces struck out on a red
/// ground, the added ones on a green ground.
fn draw_pieces(c: &mut Canvas<'_>, pieces: &[Piece], (x, top): (f64, f64), width: f64, owner: &Owner) {
    let runs: Vec<Run<'_>> = pieces
        .iter()
        .map(|p| match p {
            Piece::Same(t) => Run { text: t, fill: "#1d1d1d", mark: None, strike: false },
            Piece::Old(t) => Run { text: t, fill: "#a93226", mark: Some(OLD_MARK), strike: true },
            Piece::New(t) => Run { text: t, fill: "#1b5e20", mark: Some(NEW_MARK), strike: false },
        })
        .collect();
    c.runs(&runs, (x, top), width, PT, Weight::Regular, owner);
}

/// A text of one style flowing in a column: how many lines it takes at `pt`.
fn lines_of(fonts: &Fonts, text: &str, width: f64, pt: f64, weight: Weight) -> usize {
    set_at(fonts, text, width, pt, 1.25, Style::main(weight)).lines.len().max(1)
}

/// A text of one style in a column.
struct Para {
    text: String,
    x: f64,
    width: f64,
    pt: f64,
    weight: Weight,
    fill: &'static str,
    owner: Owner,
    lines: usize,
}

impl Para {
    fn new(fonts: &Fonts, text: String, (x, width): (f64, f64), pt: f64, weight: Weight, fill: &'static str) -> Para {
        let lines = lines_of(fonts, &text, width, pt, weight);
        Para { text, x, width, pt, weight, fill, owner: Owner::default(), lines }
    }

    fn of(mut self, owner: &Owner) -> Para {
        self.owner = owner.clone();
        self
    }

    /// The pitch of its lines, mm.
    fn pitch(&self) -> f64 {
        LINE * self.pt / PT
    }

    fn height(&self) -> f64 {
        self.lines as f64 * self.pitch()
    }

    fn draw(&self, c: &mut Canvas<'_>, top: f64) {
        let leading = self.pitch() / (self.pt / PT_PER_MM);
        let b = TextBox::new(&self.text, self.x, top, self.width, self.height() + 0.5)
            .fixed(self.pt)
            .leading(leading)
            .weight(self.weight)
            .fill(self.fill);
        c.text(if self.owner.label.is_empty() { b } else { b.of(&self.owner) });
    }
}

/// Something drawn across the page's width, kept whole on one page.
enum Block {
    /// A text.
    Text(Para),
    /// The column heads of the field rows.
    Heads([Para; 3]),
    /// A changed field: its name, then the old and the new value's lines side by side.
    Row { name: Para, old: Vec<Vec<Piece>>, new: Vec<Vec<Piece>>, columns: [(f64, f64); 2], owner: Owner },
    /// Vertical space.
    Space(f64),
}

impl Block {
    fn height(&self) -> f64 {
        match self {
            Block::Text(p) => p.height() + 0.6,
            Block::Heads(heads) => heads.iter().map(Para::height).fold(0.0, f64::max) + 0.4,
            Block::Row { name, old, new, .. } => {
                (old.len().max(new.len()).max(1) as f64 * LINE).max(name.height()) + 1.2
            }
            Block::Space(h) => *h,
        }
    }

    fn draw(&self, c: &mut Canvas<'_>, top: f64, right: f64) {
        match self {
            Block::Text(p) => p.draw(c, top),
            Block::Heads(heads) => heads.iter().for_each(|h| h.draw(c, top)),
            Block::Row { name, old, new, columns, owner } => {
                name.draw(c, top);
                for ((x, width), lines) in columns.iter().zip([old, new]) {
                    for (i, line) in lines.iter().enumerate() {
                        draw_pieces(c, line, (*x, top + i as f64 * LINE), *width, owner);
                    }
                }
                let bottom = top + self.height() - 0.6;
                c.raw(&format!(
                    r##"<path d="M{} {} L{} {}" stroke="#dddddd" stroke-width="0.2"/>"##,
                    crate::render::mm(MARGIN + 2.0),
                    crate::render::mm(bottom),
                    crate::render::mm(right),
                    crate::render::mm(bottom)
                ));
            }
            Block::Space(_) => {}
        }
    }
}

/// Who the texts of a change belong to: the change, and the span of its first note.
fn owner_of(words: &Words<'_>, c: &Change) -> Owner {
    let notes = words.notes(c);
    Owner::new(format!("errata: {} {}", c.item, c.id), notes.first().map(|(_, n)| &n.span))
}

/// The blocks of one change: its heading, the designer's notes, and its changed fields as rows
/// with the old and new values side by side.
fn change_blocks(fonts: &Fonts, words: &Words<'_>, c: &Change, width: f64) -> Vec<Block> {
    let owner = owner_of(words, c);
    let heading = Para::new(fonts, words.headline(c), (MARGIN, width), PT, Weight::Bold, "#1d1d1d").of(&owner);
    let mut blocks = vec![Block::Text(heading)];
    for (label, note) in words.notes(c) {
        let owner = Owner::new(owner.label.clone(), Some(&note.span));
        let text = format!("{label}: {}", note.text);
        let para = Para::new(fonts, text, (MARGIN + 2.0, width - 2.0), PT, Weight::Regular, "#8a6d3b");
        blocks.push(Block::Text(para.of(&owner)));
    }
    if let ChangeKind::Changed { fields } = &c.kind {
        let column = (width - 2.0 - FIELD - 2.0 * GAP) / 2.0;
        let old_x = MARGIN + 2.0 + FIELD + GAP;
        let new_x = old_x + column + GAP;
        let xs = [(MARGIN + 2.0, FIELD), (old_x, column), (new_x, column)];
        let heads = words.heads();
        let head = |i: usize| Para::new(fonts, heads[i].clone(), xs[i], 7.0, Weight::Bold, "#777777").of(&owner);
        blocks.push(Block::Heads([head(0), head(1), head(2)]));
        for f in fields {
            let pieces = text_diff(&f.old, &f.new);
            let name = Para::new(fonts, words.field(c, &f.field), xs[0], PT, Weight::Regular, "#555555");
            blocks.push(Block::Row {
                name: name.of(&owner),
                old: wrap(fonts, side(&pieces, true), column, Weight::Regular),
                new: wrap(fonts, side(&pieces, false), column, Weight::Regular),
                columns: [xs[1], xs[2]],
                owner: owner.clone(),
            });
        }
    }
    blocks.push(Block::Space(2.0));
    blocks
}

/// Every block of the document, in order: the changes, then the replacement map (`map`).
fn blocks(fonts: &Fonts, words: &Words<'_>, changes: &[Change], map: Option<&MapNote>, width: f64) -> Vec<Block> {
    let title = Para::new(fonts, words.title(), (MARGIN, width), 16.0, Weight::Bold, "#1d1d1d");
    let summary = if changes.is_empty() {
        words.msg.text("errata.no_changes")
    } else {
        words.msg.fill("errata.summary", &[("n", &changes.len().to_string())])
    };
    let mut blocks = vec![
        Block::Text(title),
        Block::Space(1.0),
        Block::Text(Para::new(fonts, summary, (MARGIN, width), PT, Weight::Regular, "#444444")),
    ];
    let mut current = "";
    for c in changes {
        if c.item != current {
            current = c.item;
            blocks.push(Block::Space(2.0));
            let heading = Para::new(fonts, words.heading(c.item), (MARGIN, width), 10.0, Weight::Bold, "#1e5aa8");
            blocks.push(Block::Text(heading));
        }
        blocks.extend(change_blocks(fonts, words, c, width));
    }
    if let Some(map) = map {
        blocks.push(Block::Space(2.0));
        let heading = words.msg.text("errata.replacement_map_heading");
        blocks.push(Block::Text(Para::new(fonts, heading, (MARGIN, width), 10.0, Weight::Bold, "#1e5aa8")));
        let owner = Owner::new("errata: replacement map", None);
        for line in map.lines(&words.msg) {
            let para = Para::new(fonts, line, (MARGIN + 2.0, width - 2.0), PT, Weight::Regular, "#1d1d1d");
            blocks.push(Block::Text(para.of(&owner)));
        }
    }
    blocks
}

/// The document's pages, and what the page checks found (text that does not fit, sits in the
/// margin or overlaps other text).
pub fn pages(old: &Pack, new: &Pack, changes: &[Change], fonts: &Fonts, paper: Paper) -> (Vec<Page>, Vec<Diagnostic>) {
    pages_with_map(old, new, (changes, None), fonts, paper)
}

/// [`pages`], ending with the replacement map `map` the errata come with, if any.
pub fn pages_with_map(
    old: &Pack,
    new: &Pack,
    (changes, map): (&[Change], Option<&MapNote>),
    fonts: &Fonts,
    paper: Paper,
) -> (Vec<Page>, Vec<Diagnostic>) {
    let (w, h) = (paper.width, paper.height);
    let width = w - 2.0 * MARGIN;
    let words = Words::new(old, new);
    let mut ctx = Ctx::new(new, fonts);
    let top = MARGIN;
    let bottom = ctx.canvas((w, h), Owner::default()).bottom().min(h - 12.0);
    // Blocks go onto pages whole; a block taller than a page gets a page of its own.
    let mut paged: Vec<Vec<(f64, Block)>> = vec![Vec::new()];
    let mut y = top;
    for block in blocks(fonts, &words, changes, map, width) {
        if y + block.height() > bottom && y > top {
            paged.push(Vec::new());
            y = top;
        }
        let height = block.height();
        if let Some(page) = paged.last_mut() {
            page.push((y, block));
        }
        y += height;
    }
    let count = paged.len().to_string();
    let what = ctx.msg.first("products.errata");
    let mut pages = Vec::new();
    for (i, blocks) in paged.iter().enumerate() {
        let mut canvas = ctx.canvas((w, h), Owner::new("errata", None));
        for (y, block) in blocks {
            block.draw(&mut canvas, *y, MARGIN + width);
        }
        let n = (i + 1).to_string();
        let page = ctx.msg.fill_first("common.page_of", &[("n", &n), ("of", &count)]);
        pages.push(ctx.finish(canvas, &format!("{what} · {page}")));
    }
    (pages, ctx.warnings)
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
        let lines = wrap(&Fonts::embedded(), pieces, 14.0 * size_mm(), Weight::Regular);
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
