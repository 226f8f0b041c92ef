//! Setup charts: for each setup, where every unit and chit starts — a ruled table per side, a
//! row per location with the counters drawn at their printed size (from the same faces as the
//! counter sheets) and how many of each — and its decks, open and removed cards. The tables flow
//! down two columns, page after page, their heads repeated where they go on; every text is
//! fitted through the canvas and belongs to its setup, placement row or deck.

use std::collections::HashMap;
use std::sync::Arc;

use crate::diag::Diagnostic;
use crate::layout::{Art, Paper};
use crate::messages::Messages;
use crate::model::{turns_text, FreePlacement, Location as Where, Pack, PerTurn, Selector, Setup};
use crate::render::page::canvas::Owner;
use crate::render::page::Page;
use crate::render::pieces::faces::{FaceRenderer, FaceSize};
use crate::render::tables::table::{Cell, Column, Flow, Image, Row, Table};
use crate::render::Ctx;

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
    let turns = turns(ctx, setup);
    // A setup that places nothing and deals no cards says so, rather than print a bare title.
    if tables.is_empty() && cards.is_none() && turns.is_none() {
        let row = Row { cells: vec![Cell::Text(ctx.msg.text("setups.nothing"))], owner: owner.clone() };
        let columns = vec![Column::text("")];
        tables.push(Table { title: String::new(), columns, rows: vec![row], pt: LINE_PT, owner: owner.clone() });
    }
    // Each language's title whole ("キャンペーン用セットアップ表 Campaign · Setup chart"), not the
    // two names and then the two words; a name that already says "setup" takes "chart" after it,
    // not "Setup chart" again.
    let title = ctx.msg.each_language(" ", |m| {
        let name = m.first_name(&setup.name);
        if name.to_lowercase().contains(&m.text("setups.word").to_lowercase()) {
            m.fill("setups.of_named", &[("name", name)])
        } else {
            format!("{name} · {}", m.text("setups.title"))
        }
    });
    let what = ctx.msg.first("products.setup_chart");
    let mut flow = Flow::new(ctx, paper, title, owner, what, 2);
    flow.tables(&tables);
    // The cards read as sentences: across the page, under the sides; hands and rounds with them.
    if cards.is_some() || turns.is_some() {
        flow.span();
    }
    for table in [&turns, &cards].into_iter().flatten() {
        flow.table(table);
    }
    Ok(flow.finish())
}

/// The setup's free placements as sentences: "USSR: 6 × USSR influence anywhere in Eastern
/// Europe", the locations named when the pack gives the group no name.
fn free(ctx: &Ctx<'_>, setup: &Setup) -> Option<Table> {
    let pack = ctx.pack;
    let owner = Owner::new(format!("setup `{}`", setup.id), Some(&setup.span));
    let mut rows = Vec::new();
    for f in pack.free_placements_of(&setup.id) {
        let text = free_sentence(ctx, f, "\n");
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

/// A free placement as a sentence in each of the pack's languages, joined by `separator`: "USSR:
/// 6 × USSR influence anywhere in East Europe", the locations named one by one when the pack gives
/// the group no name.
pub(crate) fn free_sentence(ctx: &Ctx<'_>, f: &FreePlacement, separator: &str) -> String {
    let pack = ctx.pack;
    let side = pack.side(&f.side);
    let piece = pack
        .unit(side.map(|s| s.id.as_str()), &f.piece)
        .map(|u| &u.name)
        .or_else(|| pack.marker(&f.piece).map(|m| &m.name));
    let locations = pack.free_locations(f);
    ctx.msg.each_language(separator, |m| {
        let place = free_where(pack, m, f, &locations);
        let side = side.map_or(f.side.value.as_str(), |s| m.first_name(&s.name));
        let piece = piece.map_or(f.piece.value.as_str(), |n| m.first_name(n));
        let count = f.count.value.to_string();
        m.fill_first("free.sentence", &[("side", side), ("count", &count), ("piece", piece), ("where", &place)])
    })
}

/// Where a free placement may go, in `m`'s first language: its label ("East Europe"), else its
/// `locations` named one by one.
pub(crate) fn free_where(pack: &Pack, m: &Messages, f: &FreePlacement, locations: &[String]) -> String {
    let whole = m.first_name(&f.label);
    if !whole.trim().is_empty() {
        return whole.to_string();
    }
    let area = |id: &str| pack.map.iter().flat_map(|x| &x.areas).find(|a| a.id == id).map(|a| &a.name);
    let place = |id: &str| pack.hex(id).and_then(|h| h.place.as_ref()).map(|p| &p.name);
    let name = |id: &str| area(id).or_else(|| place(id)).map_or(id.to_string(), |n| m.first_name(n).to_string());
    locations.iter().map(|id| name(id)).collect::<Vec<_>>().join(&m.first("setups.and"))
}

/// A side's placements before they become a table: its name and its locations, hexes in number
/// order, then the others in the order setups.csv first names them.
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
    let mut drawn: HashMap<Option<String>, Arc<Art>> = HashMap::new();
    for p in pack.placements_of(&setup.id) {
        let side = match pack.side(&p.side) {
            Some(s) => ctx.msg.name(&s.name),
            None if p.side.value.is_empty() => ctx.msg.text("setups.no_side"),
            None => p.side.value.clone(),
        };
        let (hex, name) = location_name(ctx, &p.location.value);
        let side_id = pack.side(&p.side).map(|s| s.id.clone());
        let piece = pack.piece(side_id.as_deref(), &p.piece);
        // A piece placed at many locations is drawn once (and once in the PDF).
        let key = match piece.as_ref().map(|piece| piece.face()) {
            Some(None) => None,
            Some(Some(face)) => Some(face.to_string()),
            None => Some(p.piece.value.clone()),
        };
        let art = match drawn.get(&key) {
            Some(art) => art.clone(),
            None => {
                let face = match &key {
                    None => faces.chit_back(&size)?,
                    Some(face) => faces.counter(format!("setup/{face}"), face, false, false, &size)?,
                };
                let art = Arc::new(Art { elements: face.svg, view: (0.0, 0.0, face.w, face.h) });
                drawn.insert(key, art.clone());
                art
            }
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
        let image = Image { art, caption: format!("×{}", p.count.value) };
        locations[l].pieces.push(image);
    }
    // Hexes in number order, for a player looking one up; named boxes after them, in file order.
    for placed in &mut sides {
        placed.locations.sort_by_key(|l| l.hex.parse::<u64>().map_or((1, 0), |n| (0, n)));
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
/// alone (the hex column says it), an area or a box by its name alone, a track box by its
/// track's name and its number.
fn location_name(ctx: &Ctx<'_>, location: &str) -> (String, String) {
    match ctx.pack.locate(location) {
        Some(Where::Hex(h)) => match &h.place {
            Some(place) => (h.id.clone(), ctx.msg.name(&place.name)),
            None => (h.id.clone(), String::new()),
        },
        Some(Where::Area(a)) => (String::new(), ctx.msg.name(&a.name)),
        Some(Where::Box(b)) => (String::new(), ctx.msg.name(&b.name)),
        Some(Where::TrackBox(t, b)) => (String::new(), format!("{} {}", ctx.msg.name(&t.name), b.value)),
        None => (String::new(), location.to_string()),
    }
}

/// Hand size and action rounds: a row per stretch of turns in which neither changes (turns 1–3:
/// 8 cards, 7 rounds; 4–10: 9 cards, 8 rounds), or one row for the whole game.
fn turns(ctx: &Ctx<'_>, setup: &Setup) -> Option<Table> {
    let values: Vec<(&str, &PerTurn)> =
        [("setups.hand_size", &setup.hand_size), ("setups.action_rounds", &setup.action_rounds)]
            .into_iter()
            .filter_map(|(key, v)| v.as_ref().map(|v| (key, v)))
            .collect();
    if values.is_empty() {
        return None;
    }
    // Stretches start at every range's first turn and the turn after its last.
    let mut starts: Vec<u32> = Vec::new();
    let mut end = 0;
    for (_, v) in &values {
        for t in v.entries.iter().filter_map(|e| e.turns.as_ref()) {
            starts.extend([t.value.0, t.value.1.saturating_add(1)]);
            end = end.max(t.value.1);
        }
    }
    starts.sort_unstable();
    starts.dedup();
    let owner = Owner::new(format!("setup `{}`", setup.id), Some(&setup.span));
    let cell = |v: &PerTurn, turn: Option<u32>| {
        turn.map_or(v.constant(), |t| v.at(t)).map_or_else(|| "—".to_string(), |n| n.to_string())
    };
    let mut rows = Vec::new();
    if starts.is_empty() {
        let mut cells = vec![Cell::Text(ctx.msg.text("setups.every_turn"))];
        cells.extend(values.iter().map(|(_, v)| Cell::Text(cell(v, None))));
        rows.push(Row { cells, owner: owner.clone() });
    }
    for pair in starts.windows(2).filter(|p| p[0] <= end) {
        let (first, last) = (pair[0], pair[1] - 1);
        let mut cells = vec![Cell::Text(turns_text(first, last))];
        cells.extend(values.iter().map(|(_, v)| Cell::Text(cell(v, Some(first)))));
        rows.push(Row { cells, owner: owner.clone() });
    }
    let mut columns = vec![Column::number(ctx.msg.text("setups.turns_column")).key()];
    columns.extend(values.iter().map(|(key, _)| Column::number(ctx.msg.text(key))));
    // One value alone heads the table with its own name.
    let title = match values.as_slice() {
        [(key, _)] => ctx.msg.text(key),
        _ => ctx.msg.text("setups.turns_title"),
    };
    Some(Table { title, columns, rows, pt: LINE_PT, owner })
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
    for deck in pack.decks_of(&setup.id) {
        let side = deck.side.as_ref().and_then(|r| pack.side(r));
        // The deck's own name, else its side's deck or the shared deck.
        let name = ctx.msg.each_language("\n", |m| match (m.first_name(&deck.name), side) {
            (name, _) if !name.is_empty() => name.to_string(),
            (_, Some(side)) => m.fill_first("setups.side_deck", &[("side", m.first_name(&side.name))]),
            (_, None) => m.first("setups.shared_deck"),
        });
        let which = ctx.msg.each_language("\n", |m| {
            let what = selection(pack, m, &deck.select, deck.side.as_ref().map(|r| r.value.as_str()));
            match side.filter(|_| deck.hand) {
                Some(side) => {
                    let hand = m.fill_first("setups.in_hand", &[("side", m.first_name(&side.name))]);
                    [hand, what].into_iter().filter(|t| !t.is_empty()).collect::<Vec<_>>().join(&m.first("setups.and"))
                }
                None => what,
            }
        });
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

/// What a selector takes, in words of one language, and the cards it holds when the pack knows
/// all of them (an incomplete set is the proof cover's business, not a player's); its side is
/// left out when it is `deck_side` (the line names it already).
fn selection(pack: &Pack, m: &Messages, select: &Selector, deck_side: Option<&str>) -> String {
    let mut what = Vec::new();
    let same = |side: &str| deck_side.and_then(|d| pack.side(d)).is_some_and(|d| d.id == side);
    if let Some(side) = select.side.as_ref().and_then(|r| pack.side(r)).filter(|s| !same(&s.id)) {
        what.push(m.fill_first("setups.of_side", &[("side", m.first_name(&side.name))]));
    }
    if let Some(c) = &select.number_colour {
        what.push(m.fill_first("setups.numbers_in", &[("colour", &m.colour(c))]));
    }
    if let Some(t) = &select.tag {
        what.push(m.fill_first("setups.marked", &[("tag", &pack.tag_label(m, t))]));
    }
    // A filter (`era:early -number=6`) is said in words: "war period: Early War, except number 6".
    if let Some(words) = select.filter.as_deref().and_then(|f| filter_words(pack, m, f)) {
        what.push(words);
    }
    let what = what.join(&m.first("setups.and"));
    let cards = pack.selected_cards(select);
    if !pack.cards_complete() || cards.is_empty() {
        return what;
    }
    let numbers: Vec<String> = cards.iter().map(|c| c.printed_number()).collect();
    if what.is_empty() {
        numbers.join(", ")
    } else {
        format!("{what} ({})", numbers.join(", "))
    }
}

/// A card filter of the data in words of `m`'s language: each test as the field's display name
/// and the values it takes, a negated one as "except …"; `None` when it does not parse (check
/// reports that).
fn filter_words(pack: &Pack, m: &Messages, filter: &str) -> Option<String> {
    use crate::model::filter::{parse, Cmp, Mode, Test};
    let schema = pack.schema(crate::model::records::Collection::Cards);
    let query = parse(&schema, filter, Mode::Strict).ok()?;
    let field_of = |id: &str| pack.card_types.iter().flat_map(|t| &t.fields).find(|f| f.id == id);
    let words: Vec<String> = query
        .filters
        .iter()
        .map(|f| {
            let field = field_of(&f.field);
            // A built-in field by the card list's word for it (番号 / No.), else spelt out.
            let built_in = || Some(m.first(&format!("cardlist.{}", f.field))).filter(|w| !w.is_empty());
            let name = match field {
                Some(c) => m.first_name(&c.name).to_string(),
                None => built_in().unwrap_or_else(|| crate::messages::spelt_out(&f.field)),
            };
            let value = |v: &str| field.map_or_else(|| v.to_string(), |c| m.value_name(c, v));
            let join = |values: Vec<String>| values.join(" / ");
            let test = match &f.test {
                Test::Compare(Cmp::Equal, n) => format!("{name} {n}"),
                Test::Compare(cmp, n) => format!("{name} {} {n}", cmp.symbol()),
                Test::OneOf(ns) => format!("{name} {}", join(ns.iter().map(i64::to_string).collect())),
                Test::AnyOf(vs) | Test::Contains(vs) => {
                    format!("{name}: {}", join(vs.iter().map(|v| value(v)).collect()))
                }
                Test::Flag(true) => name,
                Test::Flag(false) => m.fill_first("setups.except", &[("what", &name)]),
            };
            if f.negated {
                m.fill_first("setups.except", &[("what", &test)])
            } else {
                test
            }
        })
        .collect();
    (!words.is_empty()).then(|| words.join(&m.first("setups.and")))
}
