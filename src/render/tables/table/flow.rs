//! Pages of tables: each table placed in the room left in one or more columns, continued under
//! its title and heads where it breaks, every page titled and closed with its footer.

use super::draw::draw_measured;
use super::{Measures, Table};
use crate::layout::Paper;
use crate::render::page::canvas::{Canvas, Owner, TextBox};
use crate::render::page::chart::INK;
use crate::render::page::mm;
use crate::render::page::Page;
use crate::render::Ctx;

/// Pages of tables: each page titled (marked continued after the first), its content area cut
/// into columns the tables flow down, closed with the footer.
pub(crate) struct Flow<'c, 'a> {
    pub(super) ctx: &'c mut Ctx<'a>,
    pub(super) paper: Paper,
    pub(super) title: String,
    pub(super) owner: Owner,
    pub(super) what: String,
    pub(super) columns: usize,
    pub(super) canvas: Canvas<'a>,
    pub(super) pages: Vec<Page>,
    pub(super) column: usize,
    pub(super) top: f64,
    pub(super) y: f64,
    /// The lowest y any column of the page reached.
    pub(super) lowest: f64,
    /// Where the flow's room begins and ends on the page, mm: the content area, or one half of
    /// it for a card printed twice to a sheet ([`Flow::halves`]).
    pub(super) room: (f64, f64),
}

/// Room between columns of tables, mm.
const GUTTER: f64 = 6.0;

/// Room between tables, mm.
const TABLE_GAP: f64 = 5.0;

/// The largest a play-aid card's figures grow to, pt.
const CARD_PT: f64 = 12.0;

/// Room between the cut line of a sheet of two cards and each card's content, mm.
const CUT_ROOM: f64 = 6.0;

impl<'c, 'a> Flow<'c, 'a> {
    /// The first page, titled `title`, in `columns` columns; texts without an owner belong to
    /// `owner`; the footer says the page is `what`.
    pub(crate) fn new(
        ctx: &'c mut Ctx<'a>,
        paper: Paper,
        title: String,
        owner: Owner,
        what: String,
        columns: usize,
    ) -> Flow<'c, 'a> {
        let canvas = ctx.canvas((paper.width, paper.height), owner.clone());
        let room = (canvas.area().1, canvas.bottom());
        let mut flow = Flow {
            ctx,
            paper,
            title,
            owner,
            what,
            columns: columns.max(1),
            canvas,
            pages: Vec::new(),
            column: 0,
            top: 0.0,
            y: 0.0,
            lowest: 0.0,
            room,
        };
        flow.head(false);
        flow
    }

    /// The bottom of the flow's room, mm.
    pub(super) fn bottom(&self) -> f64 {
        self.room.1
    }

    /// Sets `tables` as a card on each half of one sheet, a cut line between them (a play-aid
    /// card for each of two players), when they fit half the page; returns false, having drawn
    /// nothing, when they do not.
    pub(crate) fn halves(&mut self, tables: &[Table]) -> bool {
        let (top, bottom) = self.room;
        let (x, _, w, _) = self.canvas.area();
        // The cut line halfway down the paper, with room on both sides of it.
        let cut = self.paper.height / 2.0;
        self.room = (top, cut - CUT_ROOM);
        if !self.holds(tables) {
            self.room = (top, bottom);
            return false;
        }
        // A card is read across the table: its figures grow, half a point at a time, while
        // the card still holds them, on the lower half too (which the footer shortens).
        self.room.1 += (bottom + top - self.paper.height).min(0.0);
        let mut tables = tables.to_vec();
        loop {
            let larger: Vec<Table> =
                tables.iter().map(|t| Table { pt: t.pt + 0.5, ..t.clone() }).filter(|t| t.pt <= CARD_PT).collect();
            if larger.len() < tables.len() || !self.holds(&larger) {
                break;
            }
            tables = larger;
        }
        let tables = &tables[..];
        self.tables(tables);
        self.canvas.raw(&format!(
            r##"<path class="cut-line" d="M{} {}H{}" stroke="#888888" stroke-width="0.25" stroke-dasharray="2 1.5"/>"##,
            mm(x),
            mm(cut),
            mm(x + w)
        ));
        self.room = (cut + CUT_ROOM, bottom);
        self.head(false);
        self.tables(tables);
        true
    }

    /// Whether `tables` fit the room from the top of the page's flow, in its columns (as
    /// [`Flow::tables`] balances them), none of them split.
    fn holds(&self, tables: &[Table]) -> bool {
        let (heights, column) = self.stacked(tables);
        match self.columns {
            1 => heights.iter().sum::<f64>() <= column,
            _ => (0..=tables.len())
                .any(|k| heights[..k].iter().sum::<f64>() <= column && heights[k..].iter().sum::<f64>() <= column),
        }
    }

    /// What `tables` take stacked in a column, each with the gap after it, and what a whole
    /// column holds counted the same way, mm.
    fn stacked(&self, tables: &[Table]) -> (Vec<f64>, f64) {
        let (fonts, width) = (self.canvas.fonts(), self.width());
        let heights = tables.iter().map(|t| t.height(fonts, width) + TABLE_GAP).collect();
        (heights, self.bottom() - self.top + TABLE_GAP)
    }

    /// Titles the page in hand and puts the flow at the top of its first column.
    fn head(&mut self, continued: bool) {
        let (x, _, w, _) = self.canvas.area();
        let y = self.room.0;
        let title = if continued {
            format!("{} {}", self.title, self.ctx.msg.text("common.continued"))
        } else {
            self.title.clone()
        };
        let head = TextBox::new(&title, x, y, w, 8.0).size(15.0).min(9.0).lines(1).bold().of(&self.owner);
        let laid = self.canvas.text(head);
        let rule = laid.bottom + 1.2;
        self.canvas.raw(&format!(
            r##"<path d="M{} {}H{}" stroke="{INK}" stroke-width="0.6"/>"##,
            mm(x),
            mm(rule),
            mm(x + w)
        ));
        self.top = rule + 4.0;
        self.y = self.top;
        self.lowest = self.top;
        self.column = 0;
    }

    /// From here on, tables take the page's whole width, below everything on the page so far
    /// (a setup's cards under its sides' columns).
    pub(crate) fn span(&mut self) {
        self.columns = 1;
        self.column = 0;
        self.y = self.lowest;
    }

    /// The width of a column, mm.
    pub(crate) fn width(&self) -> f64 {
        let (_, _, w, _) = self.canvas.area();
        (w - GUTTER * (self.columns - 1) as f64) / self.columns as f64
    }

    /// The left edge of the column in use.
    fn x(&self) -> f64 {
        self.canvas.area().0 + self.column as f64 * (self.width() + GUTTER)
    }

    /// Moves to the top of the next column, or of a new page when this one has none left.
    fn turn(&mut self) {
        if self.column + 1 < self.columns {
            self.column += 1;
            self.y = self.top;
            return;
        }
        let blank = self.ctx.canvas((self.paper.width, self.paper.height), self.owner.clone());
        let done = std::mem::replace(&mut self.canvas, blank);
        let page = self.ctx.finish(done, &self.what);
        self.pages.push(page);
        self.head(true);
    }

    /// Adds `t` where the flow is: whole in the next column when it fits one but not the room
    /// left here, else row by row, going on under its title and heads again in the next column.
    pub(crate) fn table(&mut self, t: &Table) {
        let m = t.measure(self.canvas.fonts(), self.width());
        self.table_measured(t, &m);
    }

    /// [`Flow::table`] with `t` measured already (`m`, at the flow's column width).
    fn table_measured(&mut self, t: &Table, m: &Measures) {
        let width = self.width();
        let whole = m.title + m.head + m.rows.iter().sum::<f64>();
        let column_h = self.bottom() - self.top;
        let start = m.title + m.head + m.rows.first().copied().unwrap_or(0.0);
        let left = self.bottom() - self.y;
        if self.y > self.top && (whole > left && whole <= column_h || start > left) {
            self.turn();
        }
        let continued = self.ctx.msg.text("common.continued");
        let mut next = 0;
        loop {
            let more = (next > 0).then_some(continued.as_str());
            let (x, bottom) = (self.x(), self.bottom());
            let (after, y) = draw_measured(&mut self.canvas, (t, m), next, (x, self.y), (width, bottom), more);
            self.y = y + TABLE_GAP;
            self.lowest = self.lowest.max(self.y);
            next = after;
            if next >= t.rows.len() {
                break;
            }
            self.turn();
        }
    }

    /// Adds `t` at the largest size from its own down to `smallest` pt, half a point at a
    /// time, that needs no more columns than the smallest does: a long list that would spill a
    /// few rows onto a page of their own is set a little smaller instead.
    pub(crate) fn table_in_fewest_columns(&mut self, t: &Table, smallest: f64) {
        if t.pt <= smallest {
            return self.table(t);
        }
        // One copy, its size changed as it is tried; each size measured once, and the chosen
        // size's measures drawn.
        let mut chosen = Table { pt: smallest, ..t.clone() };
        let (fewest, at_smallest) = self.columns_for(&chosen);
        chosen.pt = t.pt;
        let measures = loop {
            if chosen.pt <= smallest {
                break at_smallest;
            }
            let (columns, m) = self.columns_for(&chosen);
            if columns <= fewest {
                break m;
            }
            chosen.pt = (chosen.pt - 0.5).max(smallest);
        };
        self.table_measured(&chosen, &measures);
    }

    /// How many columns `t` takes from where the flow is, row by row as [`Flow::table`] sets it,
    /// and its measures.
    fn columns_for(&self, t: &Table) -> (usize, Measures) {
        let m = t.measure(self.canvas.fonts(), self.width());
        let column_h = self.bottom() - self.top;
        let heads = m.title + m.head;
        let (mut columns, mut used, mut room) = (1, heads, self.bottom() - self.y);
        for row in &m.rows {
            if used + row > room && used > heads {
                columns += 1;
                (used, room) = (heads, column_h);
            }
            used += row;
        }
        (columns, m)
    }

    /// Adds `tables` in order. When they all fit the last two columns of the page, the break
    /// between the columns goes where they end most nearly level, so a short set of tables does
    /// not leave the second column standing empty.
    pub(crate) fn tables(&mut self, tables: &[Table]) {
        if let Some(k) = self.balanced_break(tables) {
            for t in &tables[..k] {
                self.table(t);
            }
            self.turn();
            for t in &tables[k..] {
                self.table(t);
            }
        } else {
            for t in tables {
                self.table(t);
            }
        }
    }

    /// How many of `tables` go in this column for both columns left to end most nearly level,
    /// if the page has exactly two columns left and they hold every table.
    fn balanced_break(&self, tables: &[Table]) -> Option<usize> {
        if self.column + 2 != self.columns || tables.len() < 2 {
            return None;
        }
        let (heights, column) = self.stacked(tables);
        let here = self.bottom() - self.y + TABLE_GAP;
        (1..tables.len())
            .map(|k| (k, heights[..k].iter().sum::<f64>(), heights[k..].iter().sum::<f64>()))
            .filter(|&(_, left, right)| left <= here && right <= column)
            .min_by(|a, b| a.1.max(a.2).total_cmp(&b.1.max(b.2)))
            .map(|(k, ..)| k)
    }

    /// Closes the last page; the pages, in order.
    pub(crate) fn finish(mut self) -> Vec<Page> {
        let page = self.ctx.finish(self.canvas, &self.what);
        self.pages.push(page);
        self.pages
    }
}
