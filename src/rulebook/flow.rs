//! Setting text into pages: lines broken by the measured text path (the one every other product
//! uses), flowed down one or more columns of the run's paper, with the places headings and
//! clauses land on (their pages) and the link boxes of cross-references.

mod exhibit;

use std::collections::BTreeMap;

use crate::text::breaking::break_lines;
use crate::text::{Fonts, Style, Weight};

/// mm per point.
pub(super) const MM_PER_PT: f64 = 25.4 / 72.0;

/// The book's face at a weight: bold or regular.
pub(super) fn style(bold: bool) -> Style {
    Style::main(if bold { Weight::Bold } else { Weight::Regular })
}

/// What a block of lines is, for the PDF's structure (its tags) and its outline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A title: the cover's, a part's (level 1), a section's (2) or a clause's heading (3).
    Heading(u8),
    /// A paragraph.
    Paragraph,
    /// An item of a list.
    Item,
    /// A line of the contents or the changes page (a label and its page).
    Entry,
    /// A line of the index (a word and its pages), and the heading of a letter's (or kana
    /// row's) words: tagged as an Index, not as contents.
    IndexEntry,
    IndexHeading,
    /// A cell of a table (the book's `table`th), in row `row` (0 the head).
    Cell {
        table: usize,
        row: usize,
        head: bool,
    },
    /// A figure: the book's `n`th.
    Figure(usize),
}

/// One line as drawn: its baseline's left end (mm from the page's top left), its size and weight.
#[derive(Clone, Debug)]
pub(super) struct Line {
    pub(super) x: f64,
    pub(super) baseline: f64,
    pub(super) pt: f64,
    pub(super) bold: bool,
    pub(super) text: String,
    /// The block it belongs to (an index into [`Book::blocks`]); `None` for running heads and
    /// page numbers, which are no content.
    pub(super) block: Option<usize>,
}

/// A rectangle on a page: left, top, width and height in mm.
pub(super) type Rect = (f64, f64, f64, f64);

/// A cross-reference's place on a page and the anchor it goes to.
#[derive(Clone, Debug)]
pub(super) struct LinkBox {
    /// Left, top, width, height in mm.
    pub(super) rect: (f64, f64, f64, f64),
    pub(super) anchor: String,
    /// What the link says (its alternative text), and the block it is in.
    pub(super) text: String,
    pub(super) block: usize,
}

/// A page's lines and links.
#[derive(Debug, Default)]
pub(super) struct Page {
    pub(super) lines: Vec<Line>,
    pub(super) links: Vec<LinkBox>,
    /// Hairlines (x1, y1, x2, y2 in mm): the rule under a running head.
    pub(super) rules: Vec<(f64, f64, f64, f64)>,
    /// The section heading the page runs under (for its running head).
    pub(super) running: String,
    /// Change bars (x, top, bottom in mm): beside a clause changed since an earlier edition.
    pub(super) bars: Vec<(f64, f64, f64)>,
    /// Strokes (x1, y, x2 in mm): through deleted words, under inserted ones.
    pub(super) strokes: Vec<(f64, f64, f64, Edit)>,
    /// Grey bands (left, top, width, height in mm; grey level): a table's head.
    pub(super) fills: Vec<(Rect, u8)>,
    /// Figures (left, top, width, height in mm), each the book's `n`th, and its block.
    pub(super) figures: Vec<(Rect, usize, usize)>,
}

/// A figure of the book: the SVG that draws its image, and its text alternative.
#[derive(Clone, Debug)]
pub(super) struct Figure {
    pub(super) svg: String,
    pub(super) alt: String,
}

/// An outline entry: its level (0 top), its title and the anchor it opens.
#[derive(Clone, Debug)]
pub(super) struct Mark {
    pub(super) level: u8,
    pub(super) title: String,
    pub(super) anchor: String,
}

/// A typeset book: pages, where each anchor landed (page index, mm from the top), its blocks'
/// kinds and its outline.
#[derive(Debug, Default)]
pub(super) struct Book {
    pub(super) pages: Vec<Page>,
    pub(super) anchors: BTreeMap<String, (usize, f64)>,
    pub(super) blocks: Vec<Kind>,
    pub(super) outline: Vec<Mark>,
    /// The figures the pages draw.
    pub(super) figures: Vec<Figure>,
    /// Each heading block's text, its title in the structure.
    pub(super) headings: BTreeMap<usize, String>,
    /// The blocks in another language than the book's (a bilingual book's second), by block.
    pub(super) languages: BTreeMap<usize, String>,
    /// How many tables are set so far.
    pub(super) tables: usize,
}

/// A run of text: plain, a cross-reference to an anchor (drawn as a link), or words an
/// edition deleted (struck through) or inserted (underlined).
#[derive(Clone, Debug)]
pub(super) enum Run {
    Plain(String),
    Link(String, String),
    Deleted(String),
    Inserted(String),
}

/// What a stroke beside text marks: an edition's edit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Edit {
    Deleted,
    Inserted,
}

/// The page's frame: paper size and margins in mm.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    pub(super) width: f64,
    pub(super) height: f64,
    pub(super) margin: f64,
    /// Room above the text for the running head, and below it for the page number.
    pub(super) head: f64,
}

impl Frame {
    /// The frame of a page of `(width, height)` mm: margins of about a twelfth of its width
    /// (18 mm on A4, 13 mm on A5), room for the running head and the page number.
    pub(super) fn of((width, height): (f64, f64)) -> Frame {
        Frame { width, height, margin: (width / 12.0).clamp(12.0, 20.0).round(), head: 8.0 }
    }

    pub(super) fn top(&self) -> f64 {
        self.margin + self.head
    }
    pub(super) fn bottom(&self) -> f64 {
        self.height - self.margin - self.head
    }
    pub(super) fn text_width(&self) -> f64 {
        self.width - 2.0 * self.margin
    }
}

/// Flows blocks down the columns of pages.
pub(super) struct Flow<'f> {
    pub(super) fonts: &'f Fonts,
    pub(super) frame: Frame,
    pub(super) book: Book,
    columns: usize,
    column: usize,
    y: f64,
    running: String,
    /// A bilingual book's second language.
    pub(super) second: Option<String>,
}

/// The gap between columns, mm.
const GUTTER: f64 = 8.0;

impl<'f> Flow<'f> {
    pub(super) fn new(fonts: &'f Fonts, frame: Frame) -> Flow<'f> {
        Flow {
            fonts,
            frame,
            book: Book::default(),
            columns: 1,
            column: 0,
            y: 0.0,
            running: String::new(),
            second: None,
        }
    }

    /// Starts a new page of `columns` columns.
    pub(super) fn new_page(&mut self, columns: usize) {
        self.book.pages.push(Page { running: self.running.clone(), ..Page::default() });
        self.columns = columns.max(1);
        self.column = 0;
        self.y = self.frame.top();
    }

    /// The running head of the pages from here on (and of this page if nothing is on it yet).
    pub(super) fn run_under(&mut self, head: &str) {
        self.running = head.to_string();
        if let Some(page) = self.book.pages.last_mut().filter(|p| p.lines.iter().all(|l| l.block.is_none())) {
            page.running = head.to_string();
        }
    }

    fn column_width(&self) -> f64 {
        let n = self.columns as f64;
        (self.frame.text_width() - GUTTER * (n - 1.0)) / n
    }

    fn column_x(&self) -> f64 {
        self.frame.margin + self.column as f64 * (self.column_width() + GUTTER)
    }

    /// Moves down `mm`, except at the top of a column (a heading there needs no space above).
    pub(super) fn space(&mut self, mm: f64) {
        if self.y > self.frame.top() {
            self.y += mm;
        }
    }

    /// Moves down to `y` mm from the page's top (never up).
    pub(super) fn down_to(&mut self, y: f64) {
        self.y = self.y.max(y);
    }

    /// Makes sure `needed` mm are left in the column, else goes on in the next one.
    pub(super) fn keep(&mut self, needed: f64) {
        if self.book.pages.is_empty() {
            self.new_page(1);
        }
        if self.y + needed > self.frame.bottom() && self.y > self.frame.top() {
            self.next_column();
        }
    }

    fn next_column(&mut self) {
        if self.column + 1 < self.columns {
            self.column += 1;
            self.y = self.frame.top();
        } else {
            let columns = self.columns;
            self.new_page(columns);
        }
    }

    /// Where the flow stands: page index and mm from the top.
    pub(super) fn here(&self) -> (usize, f64) {
        (self.book.pages.len().saturating_sub(1), self.y)
    }

    /// A change bar in the left margin from `from` (page index, mm from the top) to here, cut
    /// where the text goes on to another page.
    pub(super) fn bar_from(&mut self, from: (usize, f64)) {
        let x = self.frame.margin - 3.0;
        let (top, bottom) = (self.frame.top(), self.frame.bottom());
        let here = self.here();
        for page in from.0..=here.0 {
            let y0 = if page == from.0 { from.1 } else { top };
            let y1 = if page == here.0 { here.1 } else { bottom };
            if y1 > y0 {
                self.book.pages[page].bars.push((x, y0, y1));
            }
        }
    }

    /// Centres each line of `block` on the current page in its column.
    pub(super) fn centre(&mut self, block: usize) {
        let (x, width) = (self.column_x(), self.column_width());
        let fonts = self.fonts;
        let page = self.book.pages.last_mut().expect("a page");
        for line in page.lines.iter_mut().filter(|l| l.block == Some(block)) {
            let style = style(line.bold);
            let drawn = fonts.width_em(&line.text, style) * line.pt * MM_PER_PT;
            line.x = x + ((width - drawn) / 2.0).max(0.0);
        }
    }

    /// A band `mm` thick and `grey` dark across the column here, and the space it takes.
    pub(super) fn band(&mut self, mm: f64, grey: u8) {
        let (x, width, y) = (self.column_x(), self.column_width(), self.y);
        let page = self.book.pages.last_mut().expect("a page");
        page.fills.push(((x, y, width, mm), grey));
        self.y += mm;
    }

    /// Records that `anchor` is here.
    pub(super) fn anchor(&mut self, anchor: &str) {
        let here = self.here();
        self.book.anchors.entry(anchor.to_string()).or_insert(here);
    }

    /// Sets `runs` as a block of `kind`: lines at `pt` (leading × size apart), indented `indent`
    /// mm, breaking columns and pages between lines. Returns the block's index.
    pub(super) fn block(
        &mut self,
        kind: Kind,
        runs: &[Run],
        (pt, leading, bold): (f64, f64, bool),
        indent: f64,
    ) -> usize {
        let block = self.book.blocks.len();
        self.book.blocks.push(kind);
        let style = style(bold);
        let text: String = runs
            .iter()
            .map(|r| match r {
                Run::Plain(t) | Run::Link(t, _) | Run::Deleted(t) | Run::Inserted(t) => t.as_str(),
            })
            .collect();
        if matches!(kind, Kind::Heading(_) | Kind::IndexHeading) {
            self.book.headings.insert(block, text.clone());
        }
        let em = pt * MM_PER_PT;
        let step = em * leading;
        if self.book.pages.is_empty() {
            self.new_page(1);
        }
        let width = self.column_width() - indent;
        let lines = break_lines(self.fonts, &text, width / em, style);
        // Each line's byte range in `text`, found in order (a broken line is a piece of it).
        let mut from = 0;
        for line in lines {
            let piece = line.trim_end();
            let start = text[from..].find(piece).map_or(from, |at| from + at);
            let end = (start + piece.len()).min(text.len());
            from = end;
            self.keep(step);
            let x = self.column_x() + indent;
            let baseline = self.y + em * 0.88;
            self.links_in((&text, block), runs, (start, end), (x, self.y, em), style);
            let page = self.book.pages.last_mut().expect("a page");
            page.lines.push(Line { x, baseline, pt, bold, text: piece.to_string(), block: Some(block) });
            self.y += step;
        }
        block
    }

    /// The link boxes of the cross-references, and the strokes through deleted and under
    /// inserted words, that fall within `range` of a line set at `x`.
    fn links_in(
        &mut self,
        (text, block): (&str, usize),
        runs: &[Run],
        range: (usize, usize),
        (x, top, em): (f64, f64, f64),
        style: Style,
    ) {
        let mut at = 0;
        for run in runs {
            let t = match run {
                Run::Plain(t) | Run::Link(t, _) | Run::Deleted(t) | Run::Inserted(t) => t,
            };
            let (start, end) = (at, at + t.len());
            at = end;
            let (from, to) = (start.max(range.0), end.min(range.1));
            if from >= to || matches!(run, Run::Plain(_)) {
                continue;
            }
            let left = x + self.fonts.width_em(&text[range.0..from], style) * em;
            let width = self.fonts.width_em(&text[from..to], style) * em;
            let page = self.book.pages.last_mut().expect("a page");
            match run {
                Run::Link(_, anchor) => {
                    let link =
                        LinkBox { rect: (left, top, width, em * 1.1), anchor: anchor.clone(), text: t.clone(), block };
                    page.links.push(link);
                }
                // Through the middle of the small letters; under the baseline.
                Run::Deleted(_) => page.strokes.push((left, top + em * 0.6, left + width, Edit::Deleted)),
                _ => page.strokes.push((left, top + em * 1.02, left + width, Edit::Inserted)),
            }
        }
    }

    /// An entry whose pages take more than a line's room beside it: the label on its own
    /// line(s) (linked), then the pages broken at their commas under it, 4 mm further in.
    fn entry_wrapped(
        &mut self,
        block: usize,
        (label, page): (&str, &str),
        (pt, bold): (f64, bool),
        indent: f64,
        anchor: &str,
    ) {
        let style = style(bold);
        let em = pt * MM_PER_PT;
        let step = em * 1.35;
        let width = self.column_width() - indent;
        let labels = break_lines(self.fonts, label, width / em, style);
        let pages = break_lines(self.fonts, page, (width - 4.0) / em, style);
        let count = labels.len();
        for (i, line) in labels.into_iter().chain(pages).enumerate() {
            self.keep(step);
            let x = self.column_x() + indent + if i < count { 0.0 } else { 4.0 };
            let baseline = self.y + em * 0.88;
            let text = line.trim_end().to_string();
            let page_now = self.book.pages.last_mut().expect("a page");
            if i == 0 && !anchor.is_empty() {
                let label_width = self.fonts.width_em(&text, style) * em;
                page_now.links.push(LinkBox {
                    rect: (x, self.y, label_width, em * 1.1),
                    anchor: anchor.to_string(),
                    text: format!("{label} {page}"),
                    block,
                });
            }
            page_now.lines.push(Line { x, baseline, pt, bold, text, block: Some(block) });
            self.y += step;
        }
    }

    /// A label on the left and a page number on the right of the column, dotted between (a line
    /// of the contents or the index); a long label wraps, the number stands on its last line.
    pub(super) fn entry(&mut self, label: &str, page: &str, (pt, bold): (f64, bool), indent: f64, anchor: &str) {
        self.entry_of(Kind::Entry, label, page, (pt, bold), indent, anchor);
    }

    /// A line of `kind` (an entry of the contents or the index): `label`, leader dots and `page`.
    pub(super) fn entry_of(
        &mut self,
        kind: Kind,
        label: &str,
        page: &str,
        (pt, bold): (f64, bool),
        indent: f64,
        anchor: &str,
    ) {
        let block = self.book.blocks.len();
        self.book.blocks.push(kind);
        let style = style(bold);
        let em = pt * MM_PER_PT;
        let step = em * 1.35;
        let number_width = self.fonts.width_em(page, style) * em;
        if number_width > self.column_width() * 0.4 {
            // A word cited on many pages: the pages wrap under it, indented, as an index has them.
            self.entry_wrapped(block, (label, page), (pt, bold), indent, anchor);
            return;
        }
        let width = self.column_width() - indent - number_width - 3.0;
        let lines = break_lines(self.fonts, label, width / em, style);
        let count = lines.len();
        for (i, line) in lines.into_iter().enumerate() {
            self.keep(step);
            let x = self.column_x() + indent;
            let baseline = self.y + em * 0.88;
            let right = self.column_x() + self.column_width();
            let page_lines = &mut self.book.pages.last_mut().expect("a page").lines;
            let text = line.trim_end().to_string();
            let line_width = self.fonts.width_em(&text, style) * em;
            page_lines.push(Line { x, baseline, pt, bold, text, block: Some(block) });
            if i + 1 == count {
                // Leader dots from the label's end to the number, on a grid so columns of them align.
                let dot = self.fonts.width_em(". ", Style::main(Weight::Regular)) * em;
                let (start, stop) = (x + line_width + 1.5, right - number_width - 1.5);
                if stop - start > 2.0 * dot {
                    let first = (start / dot).ceil() * dot;
                    let n = ((stop - first) / dot).floor() as usize;
                    page_lines.push(Line {
                        x: first,
                        baseline,
                        pt,
                        bold: false,
                        text: ". ".repeat(n),
                        block: Some(block),
                    });
                }
                page_lines.push(Line {
                    x: right - number_width,
                    baseline,
                    pt,
                    bold,
                    text: page.to_string(),
                    block: Some(block),
                });
                if !anchor.is_empty() {
                    let links = &mut self.book.pages.last_mut().expect("a page").links;
                    let text = format!("{label} {page}");
                    links.push(LinkBox {
                        rect: (x, self.y, right - x, em * 1.1),
                        anchor: anchor.to_string(),
                        text,
                        block,
                    });
                }
            }
            self.y += step;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An index entry cited on many pages keeps its label whole and wraps its pages under it,
    /// every line inside its column; a short one stands on one line with its page at the right.
    #[test]
    fn an_entry_with_many_pages_wraps_them_under_its_label_inside_the_column() {
        let fonts = Fonts::embedded();
        let mut f = Flow::new(&fonts, Frame::of((210.0, 297.0)));
        f.new_page(2);
        let pages: Vec<String> = (1..=40).map(|n| (n * 7).to_string()).collect();
        f.entry_of(Kind::IndexEntry, "deck", &pages.join(", "), (8.5, false), 0.0, "clause-deck");
        f.entry_of(Kind::IndexEntry, "hand limit", "12", (8.5, false), 0.0, "clause-hand");
        let (left, right) = (f.column_x(), f.column_x() + f.column_width());
        let lines = &f.book.pages[0].lines;
        assert_eq!(lines[0].text, "deck", "the label whole on its own line");
        let wrapped: Vec<&Line> = lines.iter().filter(|l| l.block == Some(0)).skip(1).collect();
        assert!(wrapped.len() >= 2, "the pages wrap: {wrapped:?}");
        assert_eq!(wrapped.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join(" "), pages.join(", "));
        for line in lines {
            let width = fonts.width_em(&line.text, Style::main(Weight::Regular)) * line.pt * MM_PER_PT;
            assert!(line.x >= left && line.x + width <= right + 0.01, "{line:?} leaves the column");
        }
        let short: Vec<&Line> = lines.iter().filter(|l| l.block == Some(1)).collect();
        assert!(short.iter().all(|l| (l.baseline - short[0].baseline).abs() < 1e-9), "one line: {short:?}");
        assert_eq!(short.last().map(|l| l.text.as_str()), Some("12"));
        assert_eq!(f.book.pages[0].links.len(), 2, "each entry links to its clause");
    }
}
