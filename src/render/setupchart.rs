//! Setup charts: for each setup, where every unit and chit starts — location by location, with
//! the counters drawn at their printed size from the same faces as the counter sheets — and its
//! decks, open and removed cards. The entries flow down two columns, page after page; every text
//! is fitted through the canvas and belongs to its setup, placement row or deck.

use super::canvas::{Canvas, Owner, TextBox, VAlign};
use super::faces::{Face, FaceRenderer, FaceSize};
use super::sheets::Page;
use super::templates::mm;
use super::Ctx;
use crate::diag::Diagnostic;
use crate::layout::Paper;
use crate::messages::Messages;
use crate::model::{Pack, Selector, Setup};
use crate::text::fit::{height_at, PT_PER_MM};
use crate::text::{Style, Weight};

/// Sizes, pt: side headings, location names, piece counts, card lines.
const HEADING_PT: f64 = 10.0;
const LOCATION_PT: f64 = 8.0;
const COUNT_PT: f64 = 9.0;
const LINE_PT: f64 = 7.5;
/// The gap between the two columns, mm.
const GUTTER: f64 = 8.0;
/// The room a count (`×6`) takes beside its counter, mm.
const COUNT_W: f64 = 8.0;

/// One entry of a chart, in the order it flows down the columns.
enum Entry {
    /// A side's heading (repeated, marked continued, at the top of a column it continues in).
    Side(String),
    /// A location's name and the pieces placed there, with their counts.
    Location { name: String, pieces: Vec<(Face, u32)>, owner: Owner },
    /// The cards heading.
    Heading(String),
    /// A line about the cards (a deck, the open or removed cards).
    Line { text: String, owner: Owner },
}

/// The chart pages of one setup.
pub(crate) fn chart(
    ctx: &mut Ctx<'_>,
    faces: &mut FaceRenderer<'_>,
    setup: &Setup,
    paper: Paper,
) -> Result<Vec<Page>, Diagnostic> {
    let mut entries = placements(ctx, faces, setup)?;
    entries.extend(cards(ctx, setup));
    let owner = Owner::new(format!("setup `{}`", setup.id), Some(&setup.span));
    // A setup that places nothing and deals no cards says so, rather than print a bare title.
    if entries.is_empty() {
        entries.push(Entry::Line { text: ctx.msg.text("setups.nothing"), owner: owner.clone() });
    }
    let mut pages = Vec::new();
    let mut flow = Flow::start(ctx, setup, paper, &owner, false);
    let mut side = String::new();
    for (i, entry) in entries.iter().enumerate() {
        let width = flow.column_w;
        let height = entry_height(&flow.canvas, entry, width);
        // A heading stays with the entry under it.
        let keep = match (entry, entries.get(i + 1)) {
            (Entry::Side(_) | Entry::Heading(_), Some(next)) => entry_height(&flow.canvas, next, width),
            _ => 0.0,
        };
        if !flow.fits(height + keep) {
            if !flow.next_column() {
                pages.push(ctx.finish(flow.canvas, &ctx.msg.first("products.setup_chart")));
                flow = Flow::start(ctx, setup, paper, &owner, true);
            }
            if !side.is_empty() && matches!(entry, Entry::Location { .. }) {
                let again = Entry::Side(format!("{side} {}", ctx.msg.text("common.continued")));
                let h = entry_height(&flow.canvas, &again, width);
                draw(&mut flow, &again, h);
            }
        }
        match entry {
            Entry::Side(name) => side = name.clone(),
            Entry::Heading(_) => side.clear(),
            _ => {}
        }
        draw(&mut flow, entry, height);
    }
    pages.push(ctx.finish(flow.canvas, &ctx.msg.first("products.setup_chart")));
    Ok(pages)
}

/// The placements as entries: a heading per side, a location per run of rows with the same side
/// and location, in the order setups.csv lists them.
fn placements(ctx: &Ctx<'_>, faces: &mut FaceRenderer<'_>, setup: &Setup) -> Result<Vec<Entry>, Diagnostic> {
    let pack = ctx.pack;
    let size = FaceSize { w: pack.print.counter_mm, h: pack.print.counter_mm, bleed: 0.0 };
    let mut entries = Vec::new();
    let mut current: Option<(String, String)> = None;
    for p in pack.placements_of(&setup.id) {
        let side = pack.side(&p.side).map_or(p.side.value.clone(), |s| ctx.msg.name(&s.name));
        let location = location_name(ctx, &p.location.value);
        let face = if pack.chits.is_named(&p.piece) {
            faces.chit_back(&size)?
        } else {
            let side_id = pack.side(&p.side).map(|s| s.id.clone());
            let unit = pack.unit(side_id.as_deref(), &p.piece).map_or(p.piece.value.clone(), |u| u.id.clone());
            faces.counter(format!("setup/{unit}"), &unit, false, false, &size)?
        };
        let key = (side.clone(), location.clone());
        if current.as_ref() != Some(&key) {
            if current.as_ref().is_none_or(|(s, _)| *s != side) {
                entries.push(Entry::Side(side.clone()));
            }
            let owner = Owner::new(format!("setup `{}` at {location}", setup.id), Some(&p.span));
            entries.push(Entry::Location { name: location, pieces: Vec::new(), owner });
            current = Some(key);
        }
        if let Some(Entry::Location { pieces, .. }) = entries.last_mut() {
            pieces.push((face, p.count.value));
        }
    }
    Ok(entries)
}

/// A location as players know it: a place's name with its hex, a hex by its number, a box by
/// its name.
fn location_name(ctx: &Ctx<'_>, location: &str) -> String {
    let pack = ctx.pack;
    match (pack.hex(location), pack.box_def(location)) {
        (Some(h), _) => match &h.place {
            Some(place) => format!("{} ({})", ctx.msg.name(&place.name), h.id),
            None => ctx.msg.fill("setups.hex", &[("hex", h.id.as_str())]),
        },
        (None, Some(b)) => ctx.msg.name(&b.name),
        _ => location.to_string(),
    }
}

/// The cards heading and a line per deck, open and removed cards, each in every language of the
/// pack (one line per language).
fn cards(ctx: &Ctx<'_>, setup: &Setup) -> Vec<Entry> {
    let pack = ctx.pack;
    let mut lines = Vec::new();
    for deck in pack.decks.iter().filter(|d| pack.setup(&d.setup).is_some_and(|s| s.id == setup.id)) {
        let size = deck.size.value.to_string();
        let text = ctx.msg.each_language("\n", |m| {
            let selection = selection(pack, m, &deck.select, deck.side.as_ref().map(|r| r.value.as_str()));
            match deck.side.as_ref().and_then(|r| pack.side(r)) {
                Some(side) => m.fill_first(
                    "setups.side_deck",
                    &[("side", m.first_name(&side.name)), ("size", &size), ("selection", &selection)],
                ),
                None => m.fill_first("setups.shared_deck", &[("size", &size), ("selection", &selection)]),
            }
        });
        lines.push(Entry::Line { text, owner: Owner::new(format!("deck `{}`", deck.id), Some(&deck.span)) });
    }
    let owner = Owner::new(format!("setup `{}`", setup.id), Some(&setup.span));
    if let Some(open) = &setup.open {
        let text = ctx
            .msg
            .each_language("\n", |m| m.fill_first("setups.open", &[("selection", &selection(pack, m, open, None))]));
        lines.push(Entry::Line { text, owner: owner.clone() });
    }
    if let Some(removed) = &setup.removed {
        let text = ctx.msg.each_language("\n", |m| {
            m.fill_first("setups.removed", &[("selection", &selection(pack, m, removed, None))])
        });
        lines.push(Entry::Line { text, owner });
    }
    if lines.is_empty() {
        return lines;
    }
    std::iter::once(Entry::Heading(ctx.msg.text("setups.cards"))).chain(lines).collect()
}

/// What a selector takes, in words of one language, with the cards the pack knows of it; its
/// side is left out when it is `deck_side` (the line names it already).
fn selection(pack: &Pack, m: &Messages, select: &Selector, deck_side: Option<&str>) -> String {
    let mut what = Vec::new();
    let same = |side: &str| deck_side.and_then(|d| pack.side(d)).is_some_and(|d| d.id == side);
    if let Some(side) = select.side.as_ref().and_then(|r| pack.side(r)).filter(|s| !same(&s.id)) {
        what.push(m.fill_first("setups.of_side", &[("side", m.first_name(&side.name))]));
    }
    if let Some(c) = &select.number_colour {
        what.push(m.fill_first("setups.numbers_in", &[("colour", c)]));
    }
    if let Some(t) = &select.tag {
        what.push(m.fill_first("setups.marked", &[("tag", t)]));
    }
    let side_id = |r: &str| pack.side(r).map(|s| s.id.clone());
    let known: Vec<&str> = pack.cards.iter().filter(|c| select.selects(c, side_id)).map(|c| c.id.as_str()).collect();
    let known = if known.is_empty() {
        m.first("setups.none_known")
    } else {
        m.fill_first("setups.known", &[("cards", &known.join(", "))])
    };
    let what = what.join(&m.first("setups.and"));
    if what.is_empty() {
        known
    } else {
        format!("{what} ({known})")
    }
}

/// The page being filled: its canvas, the column in use and the y reached in it.
struct Flow<'a> {
    canvas: Canvas<'a>,
    column: usize,
    column_w: f64,
    top: f64,
    y: f64,
}

impl<'a> Flow<'a> {
    /// A new page with the setup's title (marked continued after the first).
    fn start(ctx: &Ctx<'a>, setup: &Setup, paper: Paper, owner: &Owner, continued: bool) -> Flow<'a> {
        let mut c = ctx.canvas((paper.width, paper.height), owner.clone());
        let (x, y, w, _) = c.area();
        let mut title = format!("{} · {}", ctx.msg.name(&setup.name), ctx.msg.text("setups.title"));
        if continued {
            title = format!("{title} {}", ctx.msg.text("common.continued"));
        }
        let head = c.text(TextBox::new(&title, x, y, w, 7.0).size(16.0).min(9.0).lines(1).bold().of(owner));
        let top = head.bottom + 4.0;
        Flow { canvas: c, column: 0, column_w: (w - GUTTER) / 2.0, top, y: top }
    }

    /// The left edge of the column in use.
    fn x(&self) -> f64 {
        self.canvas.area().0 + self.column as f64 * (self.column_w + GUTTER)
    }

    /// Whether an entry `height` mm tall fits in the rest of the column (an entry taller than a
    /// whole column goes at the top of one anyway).
    fn fits(&self, height: f64) -> bool {
        self.y + height <= self.canvas.bottom() || self.y <= self.top
    }

    /// Moves to the top of the next column; false when the page has none left.
    fn next_column(&mut self) -> bool {
        if self.column == 1 {
            return false;
        }
        self.column += 1;
        self.y = self.top;
        true
    }
}

/// How many counters fit on a row of a column `width` mm wide, and the room each takes.
fn per_row(width: f64, face: &Face) -> (usize, f64) {
    let slot = face.w + COUNT_W + 2.0;
    (((width - 2.0) / slot).floor().max(1.0) as usize, slot)
}

/// The height an entry takes in a column `width` mm wide, mm.
fn entry_height(c: &Canvas<'_>, entry: &Entry, width: f64) -> f64 {
    match entry {
        Entry::Side(_) | Entry::Heading(_) => HEADING_PT / PT_PER_MM * 1.3 + 2.0,
        Entry::Location { pieces, .. } => {
            let Some((face, _)) = pieces.first() else { return 0.0 };
            let (n, _) = per_row(width, face);
            LOCATION_PT / PT_PER_MM * 1.3 + 1.0 + pieces.len().div_ceil(n) as f64 * (face.h + 2.0) + 1.5
        }
        Entry::Line { text, .. } => {
            height_at(c.fonts(), text, width - 2.0, LINE_PT, 1.25, Style::embedded(Weight::Regular)) + 1.5
        }
    }
}

/// Draws an entry `height` mm tall at the flow's place and moves below it.
fn draw(flow: &mut Flow<'_>, entry: &Entry, height: f64) {
    let (x, y, w) = (flow.x(), flow.y, flow.column_w);
    let c = &mut flow.canvas;
    match entry {
        Entry::Side(text) | Entry::Heading(text) => {
            let owner = Owner::new(format!("setup chart heading “{text}”"), None);
            c.text(TextBox::new(text, x, y, w, height - 2.0).size(HEADING_PT).min(7.0).lines(1).bold().of(&owner));
        }
        Entry::Location { name, pieces, owner } => {
            let label_h = LOCATION_PT / PT_PER_MM * 1.3;
            c.text(TextBox::new(name, x + 2.0, y, w - 2.0, label_h).size(LOCATION_PT).min(6.0).lines(1).of(owner));
            let Some((first, _)) = pieces.first() else { return };
            let (n, slot) = per_row(w, first);
            for (i, (face, count)) in pieces.iter().enumerate() {
                let fx = x + 2.0 + (i % n) as f64 * slot;
                let fy = y + label_h + 1.0 + (i / n) as f64 * (face.h + 2.0);
                c.raw(&format!(
                    r#"<svg x="{}" y="{}" width="{}" height="{}" viewBox="0 0 {} {}">{}</svg>"#,
                    mm(fx),
                    mm(fy),
                    mm(face.w),
                    mm(face.h),
                    mm(face.w),
                    mm(face.h),
                    face.svg
                ));
                let count = format!("×{count}");
                c.text(
                    TextBox::new(&count, fx + face.w + 1.0, fy, COUNT_W, face.h)
                        .size(COUNT_PT)
                        .min(6.0)
                        .lines(1)
                        .bold()
                        .valign(VAlign::Middle)
                        .of(owner),
                );
            }
        }
        Entry::Line { text, owner } => {
            c.text(TextBox::new(text, x + 2.0, y, w - 2.0, height).fixed(LINE_PT).of(owner));
        }
    }
    flow.y += height;
}
