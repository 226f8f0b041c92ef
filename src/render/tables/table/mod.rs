//! Ruled tables in the manner of a rulebook's charts (a combat results table, a card list): the
//! title on a dark band, the column heads on a shaded band, body rows ruled and shaded every
//! other row, numbers centred, columns sized to their content. A table longer than the room left
//! goes on in the next column or page under its title and heads again, marked continued.
//!
//! The principal types are [`Table`] (what to show) and [`Flow`] (pages of tables, in one or
//! more columns, each page titled and closed with its footer). [`draw()`] draws the rows of one
//! table that fit on one canvas; play sheets call it directly. Every text goes through the
//! canvas at a fixed size computed from the same measure as the row heights, so it fits its
//! cell; cells may also hold images (a setup chart's counters) with a caption beside each.

mod draw;
mod flow;

pub(crate) use draw::draw;
pub(crate) use flow::Flow;

use std::sync::Arc;

use crate::layout::Art;
use crate::render::page::canvas::{Align, Owner};
use crate::text::fit::{height_at, height_within, PT_PER_MM};
use crate::text::{Fonts, Style, Weight};

/// Sizes, pt: the title and the column heads (body rows take the table's own size); they grow
/// with a body set larger than [`PLAIN_PT`] (a play-aid card read across the table).
const TITLE_PT: f64 = 9.0;
const HEAD_PT: f64 = 7.0;
const PLAIN_PT: f64 = 8.0;
/// Line pitch in cells, as a multiple of the size.
const LEADING: f64 = 1.2;
/// Room between a cell's text and its rules, mm: across and down.
const PAD_X: f64 = 1.2;
const PAD_Y: f64 = 0.9;
/// The narrowest a column gets when there is room, mm.
const MIN_COLUMN: f64 = 11.0;
/// The most a word of a text column claims as the column's least width, mm (longer words and
/// CJK runs break).
const WORD_CAP: f64 = 18.0;
/// The shares of a crowded table's width its growing columns may keep; the one that makes the
/// table least tall is taken.
const GROW_SHARES: [f64; 6] = [0.25, 0.3, 0.35, 0.4, 0.45, 0.5];
/// The most of a table's width a column of words takes when no column grows.
const WORDS_SHARE: f64 = 0.4;
/// The fewest rows a table carries on to its next part when it breaks.
const WIDOW: usize = 3;
/// The steps width moves between columns in, mm, and the most moves of each step.
const STEPS: [f64; 3] = [4.0, 2.0, 1.0];
const MOVES: usize = 12;
/// The most rows widths are chosen by: a longer table (a card list of thousands) is judged by
/// this many spread evenly over it, so choosing its widths costs the same for any length.
const JUDGED_ROWS: usize = 240;
/// Taller than any sheet, mm: while the columns' widths are chosen, a cell at least this tall
/// counts as this tall. Choosing lays out every cell at dozens of widths, and a cell of a
/// megabyte is not laid out whole for each (it cannot fit any page whatever its column).
const TALLEST: f64 = 2000.0;
/// Wider than any sheet, mm: a cell's line at least this wide counts as this wide.
const WIDEST: f64 = 10_000.0;
/// Room between images in a cell, and between an image and its caption, mm.
const IMAGE_GAP: f64 = 2.0;
const CAPTION_GAP: f64 = 1.0;
/// An image caption's size, pt (a count beside a counter).
const CAPTION_PT: f64 = 9.0;

/// One column: its head and how its cells sit.
#[derive(Clone, Debug)]
pub(crate) struct Column {
    /// The head, in the pack's languages (may wrap).
    pub(crate) head: String,
    /// How cells (and the head) align across: numbers centred, words at the start.
    pub(crate) align: Align,
    /// Whether the column takes the width the others leave (a card's effect, a setup's pieces).
    pub(crate) grow: bool,
    /// Whether its cells are the row's key, set bold (a chart's row values, a card's number).
    pub(crate) key: bool,
}

impl Column {
    /// A column of words, at the start of their cells.
    pub(crate) fn text(head: impl Into<String>) -> Column {
        Column { head: head.into(), align: Align::Start, grow: false, key: false }
    }

    /// A column of numbers, centred.
    pub(crate) fn number(head: impl Into<String>) -> Column {
        Column { head: head.into(), align: Align::Middle, grow: false, key: false }
    }

    /// A column that takes the width the others leave.
    pub(crate) fn growing(mut self) -> Column {
        self.grow = true;
        self
    }

    /// A column of the rows' keys, set bold.
    pub(crate) fn key(mut self) -> Column {
        self.key = true;
        self
    }

    /// The weight of its cells.
    fn weight(&self) -> Weight {
        if self.key {
            Weight::Bold
        } else {
            Weight::Regular
        }
    }
}

/// An image drawn in a cell at its true size, with a caption beside it.
#[derive(Clone, Debug)]
pub(crate) struct Image {
    /// The drawing, its view from (0, 0).
    pub(crate) art: Arc<Art>,
    /// Beside the image, e.g. `×3`.
    pub(crate) caption: String,
}

impl Image {
    /// Width, mm.
    fn w(&self) -> f64 {
        self.art.view.2
    }

    /// Height, mm.
    fn h(&self) -> f64 {
        self.art.view.3
    }
}

/// What a cell holds.
#[derive(Clone, Debug)]
pub(crate) enum Cell {
    /// Words (lines broken at `\n`, wrapped to the column).
    Text(String),
    /// Words with icons: each [`ICON`](crate::model::markup::ICON) of the text drawn as the next
    /// of the images (paths inside the pack), an em square.
    Marked(String, Vec<String>),
    /// Images side by side, wrapping to more lines when the column is narrow.
    Images(Vec<Image>),
}

impl From<String> for Cell {
    fn from(text: String) -> Cell {
        Cell::Text(text)
    }
}

/// A body row and whom its texts belong to.
#[derive(Clone, Debug)]
pub(crate) struct Row {
    /// One cell per column.
    pub(crate) cells: Vec<Cell>,
    /// For warnings about its texts.
    pub(crate) owner: Owner,
}

/// A table: a title, column heads and rows.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    /// On the band above the table (none when empty).
    pub(crate) title: String,
    /// The columns; a table whose heads are all empty has no head band.
    pub(crate) columns: Vec<Column>,
    /// The body rows.
    pub(crate) rows: Vec<Row>,
    /// The body's size, pt.
    pub(crate) pt: f64,
    /// Whom the title and heads belong to.
    pub(crate) owner: Owner,
}

impl Table {
    /// The title band's size, pt.
    pub(super) fn title_pt(&self) -> f64 {
        TITLE_PT * (self.pt / PLAIN_PT).max(1.0)
    }

    /// The column heads' size, pt.
    pub(super) fn head_pt(&self) -> f64 {
        HEAD_PT * (self.pt / PLAIN_PT).max(1.0)
    }
}

/// A table's measures at one width: the columns' widths and the bands' and rows' heights, mm.
struct Measures {
    widths: Vec<f64>,
    title: f64,
    head: f64,
    rows: Vec<f64>,
}

/// The regular and bold styles texts are measured in.
fn style(weight: Weight) -> Style {
    Style::main(weight)
}

/// The width of the widest line of `text` at `pt`, mm; a line wider than [`WIDEST`] counts as
/// that wide, told without shaping it whole (a megabyte-long line would be shaped at every
/// measure of the table).
fn line_width(fonts: &Fonts, text: &str, pt: f64, weight: Weight) -> f64 {
    let widest_em = WIDEST * PT_PER_MM / pt;
    let width =
        |line: &str| fonts.width_em_within(line, style(weight), widest_em).map_or(widest_em, |w| w.min(widest_em));
    text.lines().map(width).fold(0.0, f64::max) * pt / PT_PER_MM
}

/// The width an image with its caption takes, mm.
fn image_width(fonts: &Fonts, image: &Image) -> f64 {
    let caption = line_width(fonts, &image.caption, CAPTION_PT, Weight::Bold);
    image.w() + if caption > 0.0 { CAPTION_GAP + caption } else { 0.0 }
}

/// The images of a cell `width` mm wide, line by line: (index of the first, count, height).
fn image_lines(fonts: &Fonts, images: &[Image], width: f64) -> Vec<(usize, usize, f64)> {
    let mut lines: Vec<(usize, usize, f64)> = Vec::new();
    let mut used = 0.0;
    for (i, image) in images.iter().enumerate() {
        let w = image_width(fonts, image);
        match lines.last_mut() {
            Some((_, n, h)) if used + IMAGE_GAP + w <= width => {
                *n += 1;
                *h = h.max(image.h());
                used += IMAGE_GAP + w;
            }
            _ => {
                lines.push((i, 1, image.h()));
                used = w;
            }
        }
    }
    lines
}

impl Table {
    fn has_heads(&self) -> bool {
        self.columns.iter().any(|c| !c.head.trim().is_empty())
    }

    /// How wide each column wants to be and the least it may be, mm: it wants its widest cell
    /// on one line (with `typical`, the cell four in five of its cells are no wider than, so one
    /// long cell may wrap rather than widen the column); it needs its head's widest word, its
    /// widest image, a number whole and a word of text (up to [`WORD_CAP`]; CJK text breaks
    /// anywhere).
    fn wanted(&self, fonts: &Fonts, typical: bool) -> Vec<(f64, f64)> {
        let widest_word = |text: &str, pt: f64, weight: Weight| {
            text.split_whitespace().map(|word| line_width(fonts, word, pt, weight)).fold(0.0, f64::max)
        };
        self.columns
            .iter()
            .enumerate()
            .map(|(j, column)| {
                let head = widest_word(&column.head, self.head_pt(), Weight::Bold);
                let mut need = head;
                let mut wants = Vec::new();
                for cell in self.rows.iter().filter_map(|r| r.cells.get(j)) {
                    let (w, n) = match cell {
                        Cell::Text(t) | Cell::Marked(t, _) if column.align == Align::Middle => {
                            let w = line_width(fonts, t, self.pt, column.weight());
                            (w, w)
                        }
                        Cell::Text(t) | Cell::Marked(t, _) => (
                            line_width(fonts, t, self.pt, column.weight()),
                            widest_word(t, self.pt, column.weight()).min(WORD_CAP),
                        ),
                        Cell::Images(images) => {
                            let widths = images.iter().map(|i| image_width(fonts, i));
                            (widths.clone().map(|w| w + IMAGE_GAP).sum::<f64>() - IMAGE_GAP, widths.fold(0.0, f64::max))
                        }
                    };
                    wants.push(w);
                    need = need.max(n);
                }
                wants.sort_by(f64::total_cmp);
                let at = if typical {
                    (wants.len() * 4).div_ceil(5).saturating_sub(1)
                } else {
                    wants.len().saturating_sub(1)
                };
                let want = wants.get(at).copied().unwrap_or(0.0);
                (want.max(need) + 2.0 * PAD_X, need + 2.0 * PAD_X)
            })
            .collect()
    }

    /// The rows widths are chosen by: all of them, or [`JUDGED_ROWS`] spread evenly over a
    /// longer table.
    fn judged_rows(&self) -> Vec<&Row> {
        if self.rows.len() <= JUDGED_ROWS {
            self.rows.iter().collect()
        } else {
            (0..JUDGED_ROWS).map(|i| &self.rows[i * self.rows.len() / JUDGED_ROWS]).collect()
        }
    }

    /// The columns' widths filling `width`: of the widths [`Table::widths_sharing`] gives for
    /// each of [`GROW_SHARES`], from the widest or the typical cells, those that make the table
    /// least tall; then width moves from column to column while that makes it less tall still.
    fn widths(&self, fonts: &Fonts, width: f64) -> Vec<f64> {
        let mut best: Option<(f64, Vec<f64>)> = None;
        for typical in [false, true] {
            let wanted = self.wanted(fonts, typical);
            for share in GROW_SHARES {
                let widths = self.widths_sharing(&wanted, width, share);
                if best.as_ref().is_some_and(|(_, b)| *b == widths) {
                    continue;
                }
                let height: f64 =
                    self.judged_rows().iter().map(|row| self.row_height(fonts, row, &widths, TALLEST)).sum();
                if best.as_ref().is_none_or(|(h, _)| height < *h - 1e-6) {
                    best = Some((height, widths));
                }
            }
        }
        let widths = best.map(|(_, w)| w).unwrap_or_default();
        let need: Vec<f64> = self.wanted(fonts, false).iter().map(|w| w.1).collect();
        self.settle(fonts, widths, &need)
    }

    /// Moves width from one column to another, [`STEPS`] mm at a time, while the move that
    /// shortens the table most shortens it at all; no column goes below what it `need`s.
    fn settle(&self, fonts: &Fonts, mut widths: Vec<f64>, need: &[f64]) -> Vec<f64> {
        let n = widths.len();
        let judged = self.judged_rows();
        let heights = |j: usize, w: f64| -> Vec<f64> {
            judged.iter().map(|r| r.cells.get(j).map_or(0.0, |c| self.cell_height(fonts, c, j, w, TALLEST))).collect()
        };
        let total = |cols: &[&Vec<f64>]| -> f64 {
            (0..judged.len()).map(|r| cols.iter().map(|c| c[r]).fold(0.0, f64::max)).sum()
        };
        let mut cols: Vec<Vec<f64>> = (0..n).map(|j| heights(j, widths[j])).collect();
        for step in STEPS {
            for _ in 0..MOVES {
                let now = total(&cols.iter().collect::<Vec<_>>());
                let narrower: Vec<Option<Vec<f64>>> =
                    (0..n).map(|j| (widths[j] - step >= need[j]).then(|| heights(j, widths[j] - step))).collect();
                let wider: Vec<Vec<f64>> = (0..n).map(|j| heights(j, widths[j] + step)).collect();
                let mut best: Option<(f64, usize, usize)> = None;
                for (a, from) in narrower.iter().enumerate().filter_map(|(a, c)| c.as_ref().map(|c| (a, c))) {
                    for b in (0..n).filter(|&b| b != a) {
                        let trial: Vec<&Vec<f64>> = (0..n)
                            .map(|j| {
                                if j == a {
                                    from
                                } else if j == b {
                                    &wider[b]
                                } else {
                                    &cols[j]
                                }
                            })
                            .collect();
                        let h = total(&trial);
                        if h < now - 0.01 && best.is_none_or(|(bh, ..)| h < bh) {
                            best = Some((h, a, b));
                        }
                    }
                }
                let Some((_, a, b)) = best else { break };
                widths[a] -= step;
                widths[b] += step;
                cols[a] = heights(a, widths[a]);
                cols[b] = heights(b, widths[b]);
            }
        }
        widths
    }

    /// The columns' widths filling `width`, from what they want and need ([`Table::wanted`]).
    /// Each gets what it wants (at least [`MIN_COLUMN`]; beside a growing column, at most a
    /// third of the width), the room left going to the growing columns (or shared). When
    /// they want more than there is, the growing columns keep at least `grow_share` of the width
    /// and the others shrink by one share of what they want, none below what it needs; only when
    /// even that is too much does every column give up a share of what it needs.
    fn widths_sharing(&self, wanted: &[(f64, f64)], width: f64, grow_share: f64) -> Vec<f64> {
        let growing: Vec<bool> = self.columns.iter().map(|c| c.grow).collect();
        let any_growing = growing.contains(&true);
        let need: Vec<f64> = wanted.iter().map(|w| w.1).collect();
        let want: Vec<f64> = wanted
            .iter()
            .zip(&growing)
            .map(|(&(want, need), &grow)| {
                let want = want.max(MIN_COLUMN);
                if any_growing && !grow {
                    want.min(width / 3.0).max(need)
                } else {
                    want
                }
            })
            .collect();
        let sum =
            |v: &[f64], grow: bool| v.iter().zip(&growing).filter(|(_, g)| **g == grow).map(|(w, _)| w).sum::<f64>();
        let total: f64 = want.iter().sum();
        if total <= width {
            // The room left goes to the growing columns, else to the columns of words (a
            // card list without effects), else to every column (a chart of figures).
            let words = self.columns.iter().any(|c| c.align == Align::Start);
            let takes = |j: usize| {
                if any_growing {
                    growing[j]
                } else {
                    !words || self.columns[j].align == Align::Start
                }
            };
            let shared = (0..want.len()).filter(|&j| takes(j)).count().max(1);
            let mut widths: Vec<f64> = (0..want.len())
                .map(|j| if takes(j) { want[j] + (width - total) / shared as f64 } else { want[j] })
                .collect();
            // Without a growing column, a column of words stops at WORDS_SHARE of the width (a
            // checklist's name column does not push its figures to the page's edge); the room
            // it leaves goes to every column alike.
            if !any_growing {
                let cap = width * WORDS_SHARE;
                let each = widths.iter().map(|w| (w - cap).max(0.0)).sum::<f64>() / widths.len() as f64;
                widths.iter_mut().for_each(|w| *w = w.min(cap) + each);
            }
            return widths;
        }
        // The growing columns' room, shared in proportion to what they want.
        let grow_room = if any_growing { (width * grow_share).max(sum(&need, true)) } else { 0.0 };
        let (fixed_want, fixed_need) = (sum(&want, false), sum(&need, false));
        let fixed_room = (width - grow_room).max(width - sum(&want, true)).min(fixed_want);
        if fixed_need > fixed_room {
            let needed: f64 = need.iter().sum();
            return need.iter().map(|n| n * width / needed).collect();
        }
        // Every other column keeps the same share of what it wants, but never less than it needs.
        let mut share = fixed_room / fixed_want;
        for _ in 0..want.len() {
            let pinned = |j: usize| !growing[j] && want[j] * share < need[j];
            let (held, free): (Vec<usize>, Vec<usize>) =
                (0..want.len()).filter(|&j| !growing[j]).partition(|&j| pinned(j));
            let free_want: f64 = free.iter().map(|&j| want[j]).sum();
            let next = (fixed_room - held.iter().map(|&j| need[j]).sum::<f64>()) / free_want.max(1e-9);
            if (next - share).abs() < 1e-12 {
                break;
            }
            share = next;
        }
        let grown = sum(&want, true);
        (0..want.len())
            .map(|j| if growing[j] { want[j] * (width - fixed_room) / grown } else { (want[j] * share).max(need[j]) })
            .collect()
    }

    /// Measures the table at `width` mm.
    fn measure(&self, fonts: &Fonts, width: f64) -> Measures {
        let widths = self.widths(fonts, width);
        let title = if self.title.is_empty() {
            0.0
        } else {
            height_at(fonts, &self.title, width - 2.0 * PAD_X, self.title_pt(), LEADING, style(Weight::Bold))
                + 2.0 * PAD_Y
        };
        let head = if self.has_heads() {
            self.columns
                .iter()
                .zip(&widths)
                .map(|(c, w)| height_at(fonts, &c.head, w - 2.0 * PAD_X, self.head_pt(), LEADING, style(Weight::Bold)))
                .fold(0.0, f64::max)
                + 2.0 * PAD_Y
        } else {
            0.0
        };
        let rows = self.row_heights(fonts, &widths, f64::INFINITY);
        Measures { widths, title, head, rows }
    }

    /// The body rows' heights with the columns `widths` mm wide, each cell's text counted as at
    /// most `most` mm tall.
    fn row_heights(&self, fonts: &Fonts, widths: &[f64], most: f64) -> Vec<f64> {
        self.rows.iter().map(|row| self.row_height(fonts, row, widths, most)).collect()
    }

    /// The height of `row` with its columns `widths` wide (padding included).
    fn row_height(&self, fonts: &Fonts, row: &Row, widths: &[f64], most: f64) -> f64 {
        let cells = row.cells.iter().zip(widths).enumerate();
        cells.map(|(j, (cell, w))| self.cell_height(fonts, cell, j, *w, most)).fold(0.0, f64::max) + 2.0 * PAD_Y
    }

    /// The height of a cell's content in column `j`, `w` mm wide (at least a line), its text
    /// counted as at most `most` mm tall (infinite: as tall as it is).
    fn cell_height(&self, fonts: &Fonts, cell: &Cell, j: usize, w: f64, most: f64) -> f64 {
        let content = match cell {
            Cell::Text(t) | Cell::Marked(t, _) => {
                let weight = self.columns.get(j).map_or(Weight::Regular, Column::weight);
                if most.is_finite() {
                    height_within(fonts, t, w - 2.0 * PAD_X, self.pt, LEADING, style(weight), most).unwrap_or(most)
                } else {
                    height_at(fonts, t, w - 2.0 * PAD_X, self.pt, LEADING, style(weight))
                }
            }
            Cell::Images(images) => {
                let lines = image_lines(fonts, images, w - 2.0 * PAD_X);
                lines.iter().map(|l| l.2).sum::<f64>() + IMAGE_GAP * lines.len().saturating_sub(1) as f64
            }
        };
        content.max(self.pt / PT_PER_MM)
    }

    /// The height of the whole table at `width` mm.
    pub(crate) fn height(&self, fonts: &Fonts, width: f64) -> f64 {
        let m = self.measure(fonts, width);
        m.title + m.head + m.rows.iter().sum::<f64>()
    }
}

#[cfg(test)]
mod tests {
    use super::draw::last_row;
    use super::*;
    use crate::layout::Paper;
    use crate::model::Pack;
    use crate::render::page::canvas::Canvas;
    use crate::render::Ctx;

    fn row(cells: &[&str]) -> Row {
        Row { cells: cells.iter().map(|c| Cell::Text(c.to_string())).collect(), owner: Owner::default() }
    }

    fn long_table(rows: usize) -> Table {
        Table {
            title: "Combat results".into(),
            columns: vec![Column::number("No.").key(), Column::text("Name"), Column::text("Effect").growing()],
            rows: (1..=rows)
                .map(|n| row(&[&n.to_string(), &format!("Card {n}"), "Roll two dice and add the attacker's factor."]))
                .collect(),
            pt: 7.0,
            owner: Owner::default(),
        }
    }

    #[test]
    fn a_long_table_goes_on_over_pages_under_its_title_and_heads_again() {
        let fonts = Fonts::embedded();
        let pack = Pack::default();
        let mut ctx = Ctx::new(&pack, &fonts);
        let continued = ctx.msg.text("common.continued");
        let mut flow = Flow::new(&mut ctx, Paper::A4, "Card list".into(), Owner::default(), "list".into(), 1);
        flow.table(&long_table(150));
        let pages = flow.finish();
        assert!(pages.len() >= 3, "{} pages", pages.len());
        for (i, page) in pages.iter().enumerate() {
            // The heads on every page, the title marked continued after the first.
            assert!(page.svg.text().contains(">Effect</text>"), "page {}", i + 1);
            assert_eq!(
                page.svg.text().contains(&format!(">Combat results {continued}</text>")),
                i > 0,
                "page {}",
                i + 1
            );
        }
        // Every row once, in order.
        let all: String = pages.iter().map(|p| p.svg.text()).collect();
        let mut at = 0;
        for n in 1..=150 {
            let found = all[at..].find(&format!(">Card {n}</text>")).unwrap_or_else(|| panic!("card {n}"));
            at += found + 1;
        }
        assert!(ctx.warnings.is_empty(), "{:?}", ctx.warnings);
    }

    #[test]
    fn columns_take_their_content_and_the_growing_one_the_rest() {
        let fonts = Fonts::embedded();
        let t = long_table(3);
        let widths = t.widths(&fonts, 180.0);
        assert!((widths.iter().sum::<f64>() - 180.0).abs() < 1e-9, "{widths:?}");
        assert_eq!(widths[0], MIN_COLUMN, "a number column as narrow as allowed");
        let name = line_width(&fonts, "Card 1", 7.0, Weight::Regular) + 2.0 * PAD_X;
        assert!((widths[1] - name.max(MIN_COLUMN)).abs() < 1e-9, "{widths:?}");
        assert!(widths[2] > 100.0);
        // Too narrow for everything on one line: the growing column gives way first.
        let narrow = t.widths(&fonts, 60.0);
        assert!((narrow.iter().sum::<f64>() - 60.0).abs() < 1e-9 && narrow[2] < 60.0 - 2.0 * MIN_COLUMN + 1e-9);
    }

    #[test]
    fn a_table_that_fits_a_fresh_column_is_not_split() {
        let fonts = Fonts::embedded();
        let pack = Pack::default();
        let mut ctx = Ctx::new(&pack, &fonts);
        let mut flow = Flow::new(&mut ctx, Paper::A4, "Aids".into(), Owner::default(), "aids".into(), 2);
        let short = long_table(30);
        let height = short.height(&fonts, flow.width());
        flow.table(&long_table(50));
        let left = flow.bottom() - flow.y;
        assert!(left < height, "the second table does not fit under the first");
        flow.table(&short);
        assert_eq!(flow.column, 1, "it went whole to the next column");
        let pages = flow.finish();
        assert_eq!(pages.len(), 1);
        assert!(!pages[0].svg.text().contains("continued"), "nothing was split");
    }

    #[test]
    fn a_break_leaves_no_lone_rows_for_the_next_part() {
        let rows = [5.0; 10];
        assert_eq!(last_row(&rows, 0, 100.0), 10, "all fit");
        assert_eq!(last_row(&rows, 0, 36.0), 7, "seven fit, three go on");
        assert_eq!(last_row(&rows, 0, 46.0), 7, "nine would fit, but one alone would go on: three do");
        assert_eq!(last_row(&rows, 0, 3.0), 1, "at least one row, even too tall");
        assert_eq!(last_row(&rows, 6, 16.0), 9, "a short part keeps what it has");
    }

    #[test]
    fn images_wrap_to_the_cell_and_keep_their_size() {
        let fonts = Fonts::embedded();
        let art = Arc::new(Art { elements: "".into(), view: (0.0, 0.0, 15.0, 15.0) });
        let image = |n: u32| Image { art: art.clone(), caption: format!("×{n}") };
        let images: Vec<Image> = (1..=3).map(image).collect();
        let one = image_width(&fonts, &images[0]);
        let lines = image_lines(&fonts, &images, 2.0 * one + IMAGE_GAP);
        assert_eq!(lines, [(0, 2, 15.0), (2, 1, 15.0)]);
        let mut c = Canvas::new(&fonts, (210.0, 297.0), 5.0, Owner::default());
        let t = Table {
            title: String::new(),
            columns: vec![Column::text("Location"), Column::text("Pieces").growing()],
            rows: vec![Row { cells: vec![Cell::Text("Spa".into()), Cell::Images(images)], owner: Owner::default() }],
            pt: 8.0,
            owner: Owner::default(),
        };
        draw(&mut c, &t, 0, (10.0, 10.0), 60.0, 280.0, None);
        let (page, warnings) = c.finish("");
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(page.svg.text().matches(r#"<svg class="piece""#).count(), 3);
        assert_eq!(page.svg.text().matches(r#"width="15" height="15" viewBox="0 0 15 15""#).count(), 3);
    }
}
