//! Setup charts: for each setup, where every unit and chit starts — a ruled table per side, a
//! row per location with the counters drawn at their printed size (from the same faces as the
//! counter sheets) and how many of each — and its decks, open and removed cards. The tables flow
//! down two columns, page after page, their heads repeated where they go on; every text is
//! fitted through the canvas and belongs to its setup, placement row or deck.

use super::canvas::Owner;
use super::faces::{FaceRenderer, FaceSize};
use super::sheets::Page;
use super::table::{Cell, Column, Flow, Image, Row, Table};
use super::Ctx;
use crate::diag::Diagnostic;
use crate::layout::Paper;
use crate::messages::Messages;
use crate::model::{Pack, Selector, Setup};

/// Sizes, pt: location names, card lines.
const LOCATION_PT: f64 = 8.0;
const LINE_PT: f64 = 7.5;

/// The chart pages of one setup.
pub(crate) fn chart(
    ctx: &mut Ctx<'_>,
    faces: &mut FaceRenderer<'_>,
    setup: &Setup,
    paper: Paper,
) -> Result<Vec<Page>, Diagnostic> {
    let owner = Owner::new(format!("setup `{}`", setup.id), Some(&setup.span));
    let mut tables = placements(ctx, faces, setup)?;
    tables.extend(free(ctx, setup));
    let cards = cards(ctx, setup);
    // A setup that places nothing and deals no cards says so, rather than print a bare title.
    if tables.is_empty() && cards.is_none() {
        let row = Row { cells: vec![Cell::Text(ctx.msg.text("setups.nothing"))], owner: owner.clone() };
        let columns = vec![Column::text("")];
        tables.push(Table { title: String::new(), columns, rows: vec![row], pt: LINE_PT, owner: owner.clone() });
    }
    let title = format!("{} · {}", ctx.msg.name(&setup.name), ctx.msg.text("setups.title"));
    let what = ctx.msg.first("products.setup_chart");
    let mut flow = Flow::new(ctx, paper, title, owner, what, 2);
    flow.tables(&tables);
    // The cards read as sentences: across the page, under the sides.
    if let Some(cards) = &cards {
        flow.span();
        flow.table(cards);
    }
    Ok(flow.finish())
}

/// The setup's free placements as sentences: "USSR: 6 × USSR influence anywhere in Eastern
/// Europe", the locations named when the pack gives the group no name.
fn free(ctx: &Ctx<'_>, setup: &Setup) -> Option<Table> {
    let pack = ctx.pack;
    let owner = Owner::new(format!("setup `{}`", setup.id), Some(&setup.span));
    let mut rows = Vec::new();
    for f in pack.free_placements.iter().filter(|f| pack.setup(&f.setup).is_some_and(|s| s.id == setup.id)) {
        let side = pack.side(&f.side);
        let piece = pack
            .unit(side.map(|s| s.id.as_str()), &f.piece)
            .map(|u| &u.name)
            .or_else(|| pack.marker(&f.piece).map(|m| &m.name));
        let locations = pack.free_locations(f);
        // One sentence per language of the pack, each with the names in that language.
        let text = ctx.msg.each_language("\n", |m| {
            let area = |id: &str| pack.map.iter().flat_map(|x| &x.areas).find(|a| a.id == id).map(|a| &a.name);
            let place = |id: &str| pack.hex(id).and_then(|h| h.place.as_ref()).map(|p| &p.name);
            let name =
                |id: &str| area(id).or_else(|| place(id)).map_or(id.to_string(), |n| m.first_name(n).to_string());
            let whole = m.first_name(&f.label).to_string();
            let place = if whole.trim().is_empty() {
                locations.iter().map(|id| name(id)).collect::<Vec<_>>().join(&m.first("setups.and"))
            } else {
                whole
            };
            let side = side.map_or(f.side.value.as_str(), |s| m.first_name(&s.name));
            let piece = piece.map_or(f.piece.value.as_str(), |n| m.first_name(n));
            let count = f.count.value.to_string();
            m.fill_first("free.sentence", &[("side", side), ("count", &count), ("piece", piece), ("where", &place)])
        });
        let owner = Owner::new(format!("free placement of `{}`", f.piece.value), Some(&f.span));
        rows.push(Row { cells: vec![Cell::Text(text)], owner });
    }
    if rows.is_empty() {
        return None;
    }
    Some(Table {
        title: ctx.msg.text("free.title"),
        columns: vec![Column::text("").growing()],
        rows,
        pt: LINE_PT,
        owner,
    })
}

/// A side's placements before they become a table: its name and its locations, in the order
/// setups.csv first names them.
struct Placed {
    side: String,
    locations: Vec<Location>,
}

/// A location of a side's table: its hex and name, whom it belongs to (its first row of
/// setups.csv) and the pieces placed there.
struct Location {
    hex: String,
    name: String,
    owner: Owner,
    pieces: Vec<Image>,
}

/// The placements as a table per side: a row per location, each piece's counter at its printed
/// size with its count beside it (rows of setups.csv for the same side and location are one
/// row, wherever they stand in the file).
fn placements(ctx: &Ctx<'_>, faces: &mut FaceRenderer<'_>, setup: &Setup) -> Result<Vec<Table>, Diagnostic> {
    let pack = ctx.pack;
    let size = FaceSize { w: pack.print.counter_mm, h: pack.print.counter_mm, bleed: 0.0 };
    let mut sides: Vec<Placed> = Vec::new();
    for p in pack.placements_of(&setup.id) {
        let side = pack.side(&p.side).map_or(p.side.value.clone(), |s| ctx.msg.name(&s.name));
        let (hex, name) = location_name(ctx, &p.location.value);
        let face = if pack.chits.is_named(&p.piece) {
            faces.chit_back(&size)?
        } else {
            let side_id = pack.side(&p.side).map(|s| s.id.clone());
            let unit = pack.unit(side_id.as_deref(), &p.piece).map_or(p.piece.value.clone(), |u| u.id.clone());
            faces.counter(format!("setup/{unit}"), &unit, false, false, &size)?
        };
        let s = sides.iter().position(|s| s.side == side).unwrap_or_else(|| {
            sides.push(Placed { side: side.clone(), locations: Vec::new() });
            sides.len() - 1
        });
        let locations = &mut sides[s].locations;
        let l = locations.iter().position(|l| l.hex == hex && l.name == name).unwrap_or_else(|| {
            let owner = Owner::new(format!("setup `{}` at {}", setup.id, p.location.value), Some(&p.span));
            locations.push(Location { hex, name, owner, pieces: Vec::new() });
            locations.len() - 1
        });
        let image = Image { svg: face.svg, w: face.w, h: face.h, caption: format!("×{}", p.count.value) };
        locations[l].pieces.push(image);
    }
    Ok(sides.into_iter().map(|placed| side_table(ctx, placed, setup)).collect())
}

/// One side's table: hex (when any location is a hex), location (when any has a name), pieces.
fn side_table(ctx: &Ctx<'_>, placed: Placed, setup: &Setup) -> Table {
    let hexes = placed.locations.iter().any(|l| !l.hex.is_empty());
    let names = placed.locations.iter().any(|l| !l.name.is_empty());
    let mut columns = Vec::new();
    if hexes {
        columns.push(Column::number(ctx.msg.text("setups.hex_column")).key());
    }
    if names {
        columns.push(Column::text(ctx.msg.text("setups.location")));
    }
    columns.push(Column::text(ctx.msg.text("setups.pieces")).growing());
    let rows = placed
        .locations
        .into_iter()
        .map(|l| {
            let mut cells = Vec::new();
            if hexes {
                cells.push(Cell::Text(l.hex));
            }
            if names {
                cells.push(Cell::Text(l.name));
            }
            cells.push(Cell::Images(l.pieces));
            Row { cells, owner: l.owner }
        })
        .collect();
    let owner = Owner::new(format!("setup `{}` side {}", setup.id, placed.side), Some(&setup.span));
    Table { title: placed.side, columns, rows, pt: LOCATION_PT, owner }
}

/// A location as players know it, as (hex, name): a place's hex and name, a hex by its number
/// alone (the hex column says it), a box by its name alone.
fn location_name(ctx: &Ctx<'_>, location: &str) -> (String, String) {
    let pack = ctx.pack;
    match (pack.hex(location), pack.box_def(location)) {
        (Some(h), _) => match &h.place {
            Some(place) => (h.id.clone(), ctx.msg.name(&place.name)),
            None => (h.id.clone(), String::new()),
        },
        (None, Some(b)) => (String::new(), ctx.msg.name(&b.name)),
        _ => (String::new(), location.to_string()),
    }
}

/// The cards table: a row per deck (whose, how many cards, which), then the open and the
/// removed cards, each cell in every language of the pack (one line per language).
fn cards(ctx: &Ctx<'_>, setup: &Setup) -> Option<Table> {
    let pack = ctx.pack;
    let owner = Owner::new(format!("setup `{}`", setup.id), Some(&setup.span));
    let row = |name: String, size: String, which: String, owner: Owner| Row {
        cells: vec![Cell::Text(name), Cell::Text(size), Cell::Text(which)],
        owner,
    };
    let mut rows = Vec::new();
    for deck in pack.decks.iter().filter(|d| pack.setup(&d.setup).is_some_and(|s| s.id == setup.id)) {
        let side = deck.side.as_ref().and_then(|r| pack.side(r));
        let name = ctx.msg.each_language("\n", |m| match side {
            Some(side) => m.fill_first("setups.side_deck", &[("side", m.first_name(&side.name))]),
            None => m.first("setups.shared_deck"),
        });
        let which = ctx
            .msg
            .each_language("\n", |m| selection(pack, m, &deck.select, deck.side.as_ref().map(|r| r.value.as_str())));
        let deck_owner = Owner::new(format!("deck `{}`", deck.id), Some(&deck.span));
        rows.push(row(name, deck.size.value.to_string(), which, deck_owner));
    }
    for (key, select) in [("setups.open", &setup.open), ("setups.removed", &setup.removed)] {
        if let Some(select) = select {
            let which = ctx.msg.each_language("\n", |m| selection(pack, m, select, None));
            rows.push(row(ctx.msg.each_language("\n", |m| m.first(key)), "—".into(), which, owner.clone()));
        }
    }
    if rows.is_empty() {
        return None;
    }
    let columns = vec![
        Column::text(ctx.msg.text("setups.deck_column")),
        Column::number(ctx.msg.text("setups.size_column")),
        Column::text(ctx.msg.text("setups.which_column")).growing(),
    ];
    Some(Table { title: ctx.msg.text("setups.cards"), columns, rows, pt: LINE_PT, owner })
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
