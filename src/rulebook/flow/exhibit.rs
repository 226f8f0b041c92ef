//! Tables and figures in the flow: a table's columns sized to their content within the column
//! of text, its head on a shaded band and repeated where it goes on in the next column or page;
//! a figure scaled to the column and kept whole with its caption.

use super::{Flow, Kind, Line, Run, MM_PER_PT};
use crate::rulebook::exhibits::Grid;
use crate::text::breaking::break_lines;
use crate::text::{Style, Weight};

/// A table's body size, pt, and line pitch.
const TABLE_PT: f64 = 8.5;
const TABLE_LEADING: f64 = 1.3;
/// Room between a cell's text and its rules, mm: across and down.
const PAD_X: f64 = 1.5;
const PAD_Y: f64 = 0.9;
/// The narrowest a column of words is squeezed to, mm.
const MIN_WORDS: f64 = 14.0;
/// The most of a page's text height a figure takes.
const MOST_TALL: f64 = 0.45;
/// The grey of the head band (0 black, 255 white).
const HEAD_GREY: u8 = 225;

/// One row laid out: each cell's lines, and the row's height in mm.
struct Laid {
    cells: Vec<Vec<String>>,
    height: f64,
}

impl Flow<'_> {
    /// Sets `grid` as a table: its title, then its head and rows, breaking between rows.
    pub(in crate::rulebook) fn table(&mut self, grid: &Grid) {
        let table = self.book.tables;
        self.book.tables += 1;
        let em = TABLE_PT * MM_PER_PT;
        let step = em * TABLE_LEADING;
        let (regular, bold) = (Style::main(Weight::Regular), Style::main(Weight::Bold));
        let widths = self.widths(grid, em);
        let lay = |f: &Flow<'_>, cells: &[String], style: Style| -> Laid {
            let cells: Vec<Vec<String>> = cells
                .iter()
                .zip(&widths)
                .map(|(text, w)| {
                    break_lines(f.fonts, text, (w - 2.0 * PAD_X) / em, style)
                        .into_iter()
                        .map(|l| l.trim_end().to_string())
                        .filter(|l| !l.is_empty())
                        .collect()
                })
                .collect();
            let lines = cells.iter().map(Vec::len).max().unwrap_or(0).max(1);
            Laid { cells, height: lines as f64 * step + 2.0 * PAD_Y }
        };
        let head = lay(self, &grid.head, bold);
        let has_head = grid.head.iter().any(|h| !h.is_empty());
        let rows: Vec<Laid> = grid.rows.iter().map(|r| lay(self, r, regular)).collect();
        self.space(2.0);
        let first = rows.first().map_or(0.0, |r| r.height);
        let title_room = if grid.title.is_empty() { 0.0 } else { 9.5 * MM_PER_PT * 1.4 };
        self.keep(title_room + if has_head { head.height } else { 0.0 } + first);
        if !grid.title.is_empty() {
            self.block(Kind::Paragraph, &[Run::Plain(grid.title.clone())], (9.5, 1.4, true), 0.0);
        }
        // The page and column the head was last drawn in: a row that goes on elsewhere draws it again.
        let mut head_at = None;
        for (r, row) in rows.iter().enumerate() {
            self.keep(row.height);
            let here = Some((self.book.pages.len(), self.column));
            if has_head && head_at != here {
                // A repeated head is no content of its own (it is drawn as an artifact).
                self.row(&head, grid, (table, 0, true, head_at.is_some()), (em, step, &widths));
                head_at = here;
            }
            self.row(row, grid, (table, r + 1, false, false), (em, step, &widths));
        }
        self.space(2.0);
    }

    /// Each column's width, mm: its content's when the table fits the column of text; else the
    /// columns of figures keep theirs and the columns of words share what is left.
    fn widths(&self, grid: &Grid, em: f64) -> Vec<f64> {
        let (regular, bold) = (Style::main(Weight::Regular), Style::main(Weight::Bold));
        let natural: Vec<f64> = (0..grid.head.len())
            .map(|c| {
                let head = self.fonts.width_em(&grid.head[c], bold);
                let body = grid.rows.iter().map(|r| self.fonts.width_em(&r[c], regular)).fold(0.0, f64::max);
                head.max(body) * em + 2.0 * PAD_X + 0.5
            })
            .collect();
        let room = self.column_width();
        if natural.iter().sum::<f64>() <= room {
            return natural;
        }
        let fixed: f64 = natural.iter().zip(&grid.numeric).filter(|(_, n)| **n).map(|(w, _)| *w).sum();
        let words: f64 = natural.iter().zip(&grid.numeric).filter(|(_, n)| !**n).map(|(w, _)| *w).sum();
        let left = (room - fixed).max(0.0);
        let widths: Vec<f64> = natural
            .iter()
            .zip(&grid.numeric)
            .map(|(w, numeric)| if *numeric || words == 0.0 { *w } else { (left * w / words).max(MIN_WORDS) })
            .collect();
        // Still too wide (many columns of figures): every column in proportion.
        let total: f64 = widths.iter().sum();
        if total > room {
            widths.iter().map(|w| w * room / total).collect()
        } else {
            widths
        }
    }

    /// Draws one laid row here: its band (a head's), its cells' lines and the rule under it.
    /// `cell` is (table, row, head, repeat): a repeated head is drawn as no content.
    fn row(
        &mut self,
        row: &Laid,
        grid: &Grid,
        cell: (usize, usize, bool, bool),
        (em, step, widths): (f64, f64, &[f64]),
    ) {
        let (table, r, head, repeat) = cell;
        let x0 = self.column_x();
        let width: f64 = widths.iter().sum();
        let top = self.y;
        let page = self.book.pages.len() - 1;
        if head {
            self.book.pages[page].fills.push(((x0, top, width, row.height), HEAD_GREY));
            self.book.pages[page].rules.push((x0, top, x0 + width, top));
        }
        let mut x = x0;
        for (c, lines) in row.cells.iter().enumerate() {
            let block = (!repeat).then(|| {
                self.book.blocks.push(Kind::Cell { table, row: r, head });
                self.book.blocks.len() - 1
            });
            let style = super::style(head);
            for (i, text) in lines.iter().enumerate() {
                let line_width = self.fonts.width_em(text, style) * em;
                let left = match grid.numeric.get(c).copied().unwrap_or(false) {
                    true => x + (widths[c] - line_width) / 2.0,
                    false => x + PAD_X,
                };
                let baseline = top + PAD_Y + i as f64 * step + em * 0.88;
                let pt = TABLE_PT;
                self.book.pages[page].lines.push(Line { x: left, baseline, pt, bold: head, text: text.clone(), block });
            }
            x += widths[c];
        }
        self.y = top + row.height;
        self.book.pages[page].rules.push((x0, self.y, x0 + width, self.y));
    }

    /// Sets a figure: its image at its natural size (mm), made smaller to fit the column and
    /// at most `MOST_TALL` of the page's text height, centred, its caption under it; both kept
    /// on one page.
    pub(in crate::rulebook) fn figure(&mut self, figure: super::Figure, (w, h): (f64, f64), caption: &[Run]) {
        let room = self.column_width();
        let most = (self.frame.bottom() - self.frame.top()) * MOST_TALL;
        let scale = (room / w).min(most / h).min(1.0);
        let (w, h) = (w * scale, h * scale);
        let caption_room = if caption.is_empty() { 0.0 } else { 8.5 * MM_PER_PT * 1.4 * 2.0 };
        self.space(2.0);
        self.keep(h + 2.0 + caption_room);
        self.book.figures.push(figure);
        let n = self.book.figures.len() - 1;
        self.book.blocks.push(Kind::Figure(n));
        let block = self.book.blocks.len() - 1;
        let x = self.column_x() + (room - w) / 2.0;
        let page = self.book.pages.len() - 1;
        self.book.pages[page].figures.push(((x, self.y, w, h), n, block));
        self.y += h + 2.0;
        if !caption.is_empty() {
            self.block(Kind::Paragraph, caption, (8.5, 1.4, false), 0.0);
        }
        self.space(1.5);
    }
}
