//! The card list: a table of every known card (number, names, deck, timing, effect in short),
//! continued over as many pages as it needs. Every cell is fitted in its column through the
//! canvas and belongs to its card (and the card's row of cards.csv).

use super::canvas::Owner;
use super::flowchart::card_number;
use super::sheets::Page;
use super::table::{Cell, Column, Flow, Row, Table};
use super::Ctx;
use crate::layout::Paper;
use crate::model::Card;

/// The cells' size, pt.
const SIZE_PT: f64 = 7.0;

/// The card-list pages: one ruled table of every known card in number order, its heads repeated
/// on every page; a column no card fills (a game without timings) is left out.
pub(crate) fn pages(ctx: &mut Ctx<'_>, paper: Paper) -> Vec<Page> {
    let pack = ctx.pack;
    let mut cards: Vec<&Card> = pack.cards.iter().collect();
    cards.sort_by_key(|c| (c.number.unwrap_or(u32::MAX), c.id.clone()));
    let known = pack.cards.len().to_string();
    let total = pack.game.totals.cards.as_ref().map_or(pack.cards.len() as u32, |c| c.value).to_string();
    let footer = ctx.msg.fill_first("cardlist.known", &[("known", known.as_str()), ("total", total.as_str())]);
    let columns = [
        Column::number(ctx.msg.text("cardlist.number")).key(),
        Column::text(ctx.msg.text("cardlist.name")),
        Column::text(ctx.msg.text("cardlist.deck")),
        Column::text(ctx.msg.text("cardlist.timing")),
        Column::text(ctx.msg.text("cardlist.effect")).growing(),
    ];
    let rows: Vec<(Owner, [String; 5])> = cards
        .iter()
        .map(|card| (Owner::new(format!("card {}", card.id), Some(&card.span)), cells(ctx, card)))
        .collect();
    // The number and the name always show; the other columns only when some card fills them.
    let shown: Vec<usize> =
        (0..columns.len()).filter(|&j| j < 2 || rows.iter().any(|(_, cells)| !cells[j].trim().is_empty())).collect();
    let table = Table {
        title: String::new(),
        columns: shown.iter().map(|&j| columns[j].clone()).collect(),
        rows: rows
            .into_iter()
            .map(|(owner, cells)| Row { cells: shown.iter().map(|&j| Cell::Text(cells[j].clone())).collect(), owner })
            .collect(),
        pt: SIZE_PT,
        owner: Owner::new("card list", None),
    };
    let title = format!("{} · {}", ctx.msg.name(&pack.game.title), ctx.msg.text("cardlist.title"));
    let mut flow = Flow::new(ctx, paper, title, Owner::new("card list", None), footer, 1);
    flow.table(&table);
    flow.finish()
}

/// A card's cells: number, names (the first language's above the others'), deck, timing,
/// effect.
fn cells(ctx: &Ctx<'_>, card: &Card) -> [String; 5] {
    let pack = ctx.pack;
    let side = card.side.as_ref().and_then(|r| pack.side(r)).map(|s| ctx.msg.name(&s.name)).unwrap_or_default();
    let deck = [
        side,
        card.number_colour.as_ref().map(|c| c.value.clone()).unwrap_or_default(),
        card.tags.iter().map(|t| t.value.clone()).collect::<Vec<_>>().join(" "),
    ]
    .into_iter()
    .filter(|x| !x.is_empty())
    .collect::<Vec<_>>()
    .join(" · ");
    let (first, second) = ctx.msg.first_and_rest(&card.name);
    let name = if second.is_empty() { first } else { format!("{first}\n{second}") };
    [card_number(card), name, deck, card.timing.clone(), card.text.clone()]
}
