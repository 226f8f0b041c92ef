//! The card list: a table of every known card (number, names, type, deck, figures, timing,
//! effect in short), continued over as many pages as it needs. Every cell is fitted in its
//! column through the canvas and belongs to its card (and the card's row of cards.csv).

use std::collections::{BTreeMap, BTreeSet};

use crate::layout::Paper;
use crate::model::markup::ICON;
use crate::model::{BadgeShape, Card, CardField, CardType, FieldKind, FieldValue};
use crate::render::page::canvas::Owner;
use crate::render::page::Page;
use crate::render::tables::table::{Cell, Column, Flow, Row, Table};
use crate::render::Ctx;

/// The cells' size, pt.
const SIZE_PT: f64 = 7.0;
/// The smallest the cells are set to save a page, pt.
const SMALLEST_PT: f64 = 6.0;

/// The card-list pages: ruled tables of every known card in number order, their heads repeated
/// on every page. A game of several card types with fields of their own (a real card database:
/// investigators, assets, events) gets a table per type, in the order the types are declared,
/// each with that type's fields alone; otherwise one table. Columns: number, names, card type
/// (when a table has more than one), deck, up to [`OWN_COLUMNS`] whole-number and choice fields
/// each in its own column (under its short name when it has one), the other fields together,
/// timing and effect; a column no card of the table fills is left out.
pub(crate) fn pages(ctx: &mut Ctx<'_>, paper: Paper) -> Vec<Page> {
    let pack = ctx.pack;
    let cards = pack.cards_in_order();
    let known = pack.cards.len().to_string();
    let total = pack.game.totals.cards.as_ref().map_or(pack.cards.len() as u32, |c| c.value).to_string();
    // A complete set says how many cards it has; an incomplete one (a proof: a release refuses
    // it) how many are known.
    let key = if known == total { "cardlist.all" } else { "cardlist.known" };
    let footer = ctx.msg.fill_first(key, &[("known", known.as_str()), ("total", total.as_str())]);
    let used: Vec<&CardType> =
        pack.card_types.iter().filter(|t| cards.iter().any(|c| c.card_type.value == t.id)).collect();
    let fields_differ = used.windows(2).any(|w| {
        let ids = |t: &CardType| t.fields.iter().map(|f| f.id.clone()).collect::<BTreeSet<_>>();
        ids(w[0]) != ids(w[1])
    });
    let tables: Vec<Table> = if used.len() > 1 && fields_differ {
        used.iter()
            .map(|t| {
                let of_type: Vec<&Card> = cards.iter().copied().filter(|c| c.card_type.value == t.id).collect();
                let title = format!("{} ({})", ctx.msg.name(&t.name), of_type.len());
                table(ctx, title, &of_type, &t.fields.iter().collect::<Vec<_>>())
            })
            .collect()
    } else {
        let fields: Vec<&CardField> = pack.card_types.iter().flat_map(|t| &t.fields).collect();
        vec![table(ctx, String::new(), &cards, &fields)]
    };
    let title = format!("{} · {}", ctx.msg.name(&pack.game.title), ctx.msg.text("cardlist.title"));
    let mut flow = Flow::new(ctx, paper, title, Owner::new("card list", None), footer, 1);
    for t in &tables {
        flow.table_in_fewest_columns(t, SMALLEST_PT);
    }
    flow.finish()
}

/// The most typed fields that get a column of their own in one table; the others share one, so
/// a type with many fields does not squeeze the effect into broken words.
const OWN_COLUMNS: usize = 6;

/// The table of `cards` under `title`, with the columns `fields` and the cards fill.
fn table(ctx: &Ctx<'_>, title: String, cards: &[&Card], fields: &[&CardField]) -> Table {
    let columns = columns(ctx, fields);
    let rows: Vec<(Owner, Vec<Cell>)> = cards
        .iter()
        .map(|card| {
            let owner = Owner::new(format!("card {}", card.id), Some(&card.span));
            (owner, columns.iter().map(|(_, cell)| cell(ctx, card)).collect())
        })
        .collect();
    let rows = alike_merged(cards, rows);
    // The number and the name always show; the other columns only when some card fills them.
    let types: BTreeSet<&str> = cards.iter().map(|c| c.card_type.value.as_str()).collect();
    let shown: Vec<usize> = (0..columns.len())
        .filter(|&j| j < 2 || rows.iter().any(|(_, cells)| !blank(&cells[j])))
        .filter(|&j| j != 2 || types.len() > 1)
        .collect();
    Table {
        title,
        columns: shown.iter().map(|&j| columns[j].0.clone()).collect(),
        rows: rows
            .into_iter()
            .map(|(owner, cells)| Row { cells: shown.iter().map(|&j| cells[j].clone()).collect(), owner })
            .collect(),
        pt: SIZE_PT,
        owner: Owner::new("card list", None),
    }
}

/// `rows` (one per card of `cards`, the number first) with each run of cards that differ only in
/// their number made one row under all their numbers (`4–6`, `1, 19`): a game's sixteen
/// transport cards of four kinds read as four lines, not sixteen repeats. A row keeps its first
/// card as its owner.
fn alike_merged(cards: &[&Card], rows: Vec<(Owner, Vec<Cell>)>) -> Vec<(Owner, Vec<Cell>)> {
    let mut out: Vec<(Owner, Vec<Cell>, Vec<&Card>)> = Vec::new();
    for (card, (owner, cells)) in cards.iter().zip(rows) {
        match out.last_mut() {
            Some((_, last, run))
                if last.len() == cells.len() && last[1..].iter().zip(&cells[1..]).all(|(a, b)| same(a, b)) =>
            {
                run.push(card)
            }
            _ => out.push((owner, cells, vec![card])),
        }
    }
    out.into_iter()
        .map(|(owner, mut cells, run)| {
            if run.len() > 1 {
                cells[0] = Cell::Text(numbers(&run));
            }
            (owner, cells)
        })
        .collect()
}

/// The printed numbers of `run`, a range when they follow each other (`4–6`; two are `1, 2`).
fn numbers(run: &[&Card]) -> String {
    let values: Vec<Option<u32>> =
        run.iter().map(|c| c.number.filter(|_| c.id.bytes().all(|b| b.is_ascii_digit()))).collect();
    let following = values.windows(2).all(|w| matches!(w, [Some(a), Some(b)] if *b == a + 1));
    if run.len() > 2 && following {
        format!("{}–{}", run[0].printed_number(), run[run.len() - 1].printed_number())
    } else {
        run.iter().map(|c| c.printed_number()).collect::<Vec<_>>().join(", ")
    }
}

/// Whether two cells show the same.
fn same(a: &Cell, b: &Cell) -> bool {
    match (a, b) {
        (Cell::Text(a), Cell::Text(b)) => a == b,
        (Cell::Marked(a, x), Cell::Marked(b, y)) => a == b && x == y,
        (Cell::Images(a), Cell::Images(b)) => {
            a.len() == b.len()
                && a.iter().zip(b).all(|(a, b)| std::sync::Arc::ptr_eq(&a.art, &b.art) && a.caption == b.caption)
        }
        _ => false,
    }
}

/// What a column shows of a card.
type CellOf = Box<dyn Fn(&Ctx<'_>, &Card) -> Cell>;

/// Whether a cell shows nothing.
fn blank(cell: &Cell) -> bool {
    match cell {
        Cell::Text(t) | Cell::Marked(t, _) => t.trim().is_empty(),
        Cell::Images(images) => images.is_empty(),
    }
}

/// Every column a table may have, with how each card fills it: number, names (the first
/// language's above the others'), type (third: left out when the cards have only one), deck,
/// the whole-number and choice `fields` (up to [`OWN_COLUMNS`]), the others, timing, effect.
fn columns(ctx: &Ctx<'_>, fields: &[&CardField]) -> Vec<(Column, CellOf)> {
    let msg = &ctx.msg;
    let mut columns: Vec<(Column, CellOf)> = vec![
        (Column::number(msg.text("cardlist.number")).key(), Box::new(|_, card| card.printed_number().into())),
        (Column::text(msg.text("cardlist.name")), Box::new(|ctx, card| stacked(ctx, &card.name).into())),
        (
            Column::text(msg.text("cardlist.type")),
            Box::new(|ctx, card| {
                ctx.pack.card_type(&card.card_type).map(|t| stacked(ctx, &t.name)).unwrap_or_default().into()
            }),
        ),
        (Column::text(msg.text("cardlist.side")), Box::new(|ctx, card| side_and_marks(ctx, card).into())),
        (Column::text(msg.text("cardlist.tags")), Box::new(|ctx, card| tags(ctx, card).into())),
    ];
    // The decks the setups declare that take each card (the China Card: the USSR's hand).
    if !ctx.pack.decks.is_empty() {
        let mut decks: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for deck in &ctx.pack.decks {
            let name = msg.name(&deck.name);
            let name = if name.is_empty() { deck.id.clone() } else { name };
            for card in ctx.pack.selected_cards(&deck.select) {
                let names = decks.entry(card.id.clone()).or_default();
                if !names.contains(&name) {
                    names.push(name.clone());
                }
            }
        }
        let cell: CellOf =
            Box::new(move |_, card| decks.get(&card.id).map(|d| d.join("\n")).unwrap_or_default().into());
        columns.push((Column::text(msg.text("cardlist.deck")), cell));
    }
    // How many of each card, when the game holds more than one of any.
    if ctx.pack.cards.iter().any(|c| c.copies.value > 1) {
        columns.insert(
            3,
            (Column::number(msg.text("cardlist.copies")), Box::new(|_, card| format!("×{}", card.copies.value).into())),
        );
    }
    // The first whole-number and choice fields each in a column of its own under its short name
    // (numbers centred); the other typed fields (flags, texts, lists, the rest) together in one
    // column, a set flag by its name.
    let mut own: Vec<&CardField> = Vec::new();
    for field in fields {
        let kind = matches!(field.kind, FieldKind::Int { .. } | FieldKind::Choice { .. });
        if kind && own.len() < OWN_COLUMNS && !own.iter().any(|f| f.id == field.id) {
            own.push(field);
        }
    }
    let own_ids: BTreeSet<String> = own.iter().map(|f| f.id.clone()).collect();
    for field in own {
        let id = field.id.clone();
        let head = if field.short.is_empty() { &field.name } else { &field.short };
        let (name, int) = (msg.name(head), matches!(field.kind, FieldKind::Int { .. }));
        // A choice's values by their names (a line per language, as names are), named once
        // for the whole column.
        let value_name = |v: &String| match field.value_names.get(v) {
            Some(names) => stacked(ctx, names),
            None => msg.value_name(field, v),
        };
        let values: BTreeMap<String, String> = match &field.kind {
            FieldKind::Choice { values } => values.iter().map(|v| (v.clone(), value_name(v))).collect(),
            _ => BTreeMap::new(),
        };
        // A value drawn in colours on the card shows them here too, in the badge's shape.
        let shape = badge_shape(ctx, field);
        let swatches: BTreeMap<String, String> =
            field.value_colours.iter().map(|(value, colours)| (value.clone(), swatch(colours, shape))).collect();
        let cell: CellOf = Box::new(move |_, card| match card.fields.get(&id) {
            Some(FieldValue::Int(n)) => Cell::Text(n.to_string()),
            Some(FieldValue::Text(t)) => {
                let name = values.get(t).cloned().unwrap_or_else(|| crate::messages::spelt_out(t));
                match swatches.get(t) {
                    Some(swatch) => Cell::Marked(format!("{ICON}\u{2002}{name}"), vec![swatch.clone()]),
                    None => Cell::Text(name),
                }
            }
            _ => Cell::Text(String::new()),
        });
        columns.push((if int { Column::number(name) } else { Column::text(name) }, cell));
    }
    columns.push((
        Column::text(msg.text("cardlist.fields")),
        Box::new(move |ctx, card| ctx.pack.card_fields(&ctx.msg, card, &|f| !own_ids.contains(&f.id), ": ").into()),
    ));
    columns.push((Column::text(msg.text("cardlist.timing")), Box::new(|_, card| card.timing.clone().into())));
    columns.push((
        Column::text(msg.text("cardlist.effect")).growing(),
        // Its icons drawn as on the card.
        Box::new(|ctx, card| {
            let text = card.text_and_reverse(|t| ctx.msg.fill_first("cardlist.reverse", &[("text", t)]));
            match ctx.pack.marked_text(&text) {
                (text, icons) if icons.is_empty() => Cell::Text(text),
                (text, icons) => Cell::Marked(text, icons),
            }
        }),
    ));
    columns
}
/// The shape a choice field's colours are drawn in on the cards: the star of a card type whose
/// star badge it fills, otherwise a disc.
fn badge_shape(ctx: &Ctx<'_>, field: &CardField) -> BadgeShape {
    let star =
        ctx.pack.card_types.iter().any(|t| {
            t.look.badge_shape == BadgeShape::Star && t.look.badge_colour.as_deref() == Some(field.id.as_str())
        });
    if star {
        BadgeShape::Star
    } else {
        BadgeShape::Circle
    }
}

/// A small picture of `colours` (one, or two drawn in halves, left and right) in `shape`,
/// outlined so white shows on white paper: an image the table draws inline, as an icon.
fn swatch(colours: &[String], shape: BadgeShape) -> String {
    use base64::Engine;
    let outline = match shape {
        BadgeShape::Star => format!(r#"<path d="{}"/>"#, crate::render::page::star((5.0, 5.4), 4.8)),
        BadgeShape::Circle => r#"<circle cx="5" cy="5" r="4.2"/>"#.to_string(),
    };
    let (left, right) = match colours {
        [one] => (one, one),
        [left, right, ..] => (left, right),
        [] => return String::new(),
    };
    let half = |colour: &str, x: f64| {
        format!(
            r#"<g clip-path="url(#h{x})" fill="{colour}">{outline}</g><clipPath id="h{x}"><rect x="{x}" y="0" width="5" height="10"/></clipPath>"#
        )
    };
    let svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">{}{}<g fill="none" stroke="#1d1d1d" stroke-width="0.5" stroke-linejoin="round">{outline}</g></svg>"##,
        half(left, 0.0),
        half(right, 5.0)
    );
    format!("data:image/svg+xml;base64,{}", base64::engine::general_purpose::STANDARD.encode(svg))
}

/// A name with its first language's above the others' (a line each, so a narrow column breaks
/// between the languages, not inside them).
fn stacked(ctx: &Ctx<'_>, names: &crate::model::Names) -> String {
    let (first, rest) = ctx.msg.first_and_rest(names);
    if rest.is_empty() {
        first
    } else {
        format!("{first}\n{rest}")
    }
}

/// A card's side and the colour of its number, in words.
fn side_and_marks(ctx: &Ctx<'_>, card: &Card) -> String {
    let pack = ctx.pack;
    let side = card.side.as_ref().and_then(|r| pack.side(r)).map(|s| stacked(ctx, &s.name)).unwrap_or_default();
    let colour = card.number_colour.as_ref().map(|c| ctx.msg.each_language(" ", |m| m.colour(&c.value)));
    [side, colour.unwrap_or_default()].into_iter().filter(|x| !x.is_empty()).collect::<Vec<_>>().join(" · ")
}

/// A card's tags by their names, in the pack's languages.
fn tags(ctx: &Ctx<'_>, card: &Card) -> String {
    // A tag the card's type already says (a transport card tagged transport) is left to the type.
    let each = |m: &crate::messages::Messages| {
        card.tags
            .iter()
            .filter(|t| !ctx.pack.tag_says_type(&ctx.msg, card, &t.value))
            .map(|t| ctx.pack.tag_label(m, &t.value))
            .collect::<Vec<_>>()
            .join(&m.first("setups.and"))
    };
    ctx.msg.each_language("\n", each)
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;

    #[test]
    fn a_value_drawn_in_colours_on_the_cards_shows_them_in_the_list_in_the_badge_shape() {
        let pack = crate::load::example_pack_for_tests("twilight-struggle");
        let fonts = crate::text::Fonts::embedded();
        let mut ctx = Ctx::new(&pack, &fonts);
        let svg: String = pages(&mut ctx, Paper::A4).iter().map(|p| p.svg.text().into_owned()).collect();
        let swatches: Vec<String> = svg
            .split(r#"href="data:image/svg+xml;base64,"#)
            .skip(1)
            .map(|rest| rest.split('"').next().unwrap_or_default())
            .map(|b64| String::from_utf8(base64::engine::general_purpose::STANDARD.decode(b64).unwrap()).unwrap())
            .collect();
        // One per card whose star is coloured (every listed card has one).
        assert_eq!(swatches.len(), pack.cards.iter().filter(|c| c.fields.contains_key("star")).count());
        let red = "#c0392b";
        assert!(
            swatches.iter().all(|s| s.contains("M5 0.6L") && s.contains(r##"stroke="#1d1d1d""##)),
            "stars, outlined"
        );
        let two = swatches.iter().find(|s| s.contains(red) && s.contains("#ffffff")).expect("a red and white star");
        assert_eq!(two.matches("clip-path").count(), 2, "drawn in halves: {two}");
    }

    #[test]
    fn cards_that_differ_only_in_their_number_share_a_row() {
        let pack = crate::load::example_pack_for_tests("submarine-attack");
        let fonts = crate::text::Fonts::embedded();
        let ctx = Ctx::new(&pack, &fonts);
        let cards = pack.cards_in_order();
        let transports: Vec<&Card> = cards.iter().copied().filter(|c| c.card_type.value == "transport").collect();
        let fields: Vec<&CardField> = pack.card_types.iter().flat_map(|t| &t.fields).collect();
        let t = table(&ctx, String::new(), &transports, &fields);
        let numbers: Vec<String> = t
            .rows
            .iter()
            .map(|r| match &r.cells[0] {
                Cell::Text(n) => n.clone(),
                other => panic!("{other:?}"),
            })
            .collect();
        // Player A's eight transports carry 1, 1, 2, 3, 3, 3, 4 and 5 ships; player B's too.
        assert_eq!(numbers, ["1, 2", "3", "4–6", "7", "8", "19, 20", "21", "22–24", "25", "26"]);
    }
}
