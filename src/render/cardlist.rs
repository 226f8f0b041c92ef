//! The card list: a table of every known card (number, names, deck, timing, effect in short),
//! continued over as many pages as it needs. Every cell is fitted in its column through the
//! canvas and belongs to its card (and the card's row of cards.csv).

use super::canvas::{Canvas, Owner, TextBox};
use super::flowchart::card_number;
use super::sheets::Page;
use super::templates::mm;
use super::Ctx;
use crate::layout::Paper;
use crate::model::Card;
use crate::text::fit::height_at;
use crate::text::{Style, Weight};

/// Column widths as shares of the content width: number, name, deck, timing, effect.
const COLUMNS: [f64; 5] = [0.07, 0.25, 0.15, 0.13, 0.40];
/// The cells' size, pt.
const SIZE_PT: f64 = 6.5;
/// Space between a cell's text and the next column, mm.
const CELL_GAP: f64 = 1.5;

/// The card-list pages.
pub(crate) fn pages(ctx: &mut Ctx<'_>, paper: Paper) -> Vec<Page> {
    let pack = ctx.pack;
    let mut cards: Vec<&Card> = pack.cards.iter().collect();
    cards.sort_by_key(|c| (c.number.unwrap_or(u32::MAX), c.id.clone()));
    let known = pack.cards.len().to_string();
    let total = pack.game.totals.cards.as_ref().map_or(pack.cards.len() as u32, |c| c.value).to_string();
    let footer = ctx.msg.fill_first("cardlist.known", &[("known", known.as_str()), ("total", total.as_str())]);
    let mut pages = Vec::new();
    let mut c = ctx.canvas((paper.width, paper.height), Owner::new("card list", None));
    let mut y = header(&mut c, ctx, false);
    for card in cards {
        let cells = cells(ctx, card);
        let (x0, _, w, _) = c.area();
        let widths: Vec<f64> = COLUMNS.iter().map(|share| share * w).collect();
        let row_h = cells
            .iter()
            .zip(&widths)
            .map(|(text, cw)| {
                height_at(c.fonts(), text, cw - CELL_GAP, SIZE_PT, 1.25, Style::embedded(Weight::Regular))
            })
            .fold(0.0, f64::max);
        if y + row_h > c.bottom() {
            pages.push(ctx.finish(c, &footer));
            c = ctx.canvas((paper.width, paper.height), Owner::new("card list", None));
            y = header(&mut c, ctx, true);
        }
        let owner = Owner::new(format!("card {}", card.id), Some(&card.span));
        let mut x = x0;
        for (text, cw) in cells.iter().zip(&widths) {
            c.text(TextBox::new(text, x, y, cw - CELL_GAP, row_h + 0.5).fixed(SIZE_PT).of(&owner));
            x += cw;
        }
        y += row_h + 1.2;
        c.raw(&format!(
            r##"<path d="M{} {} L{} {}" stroke="#cccccc" stroke-width="0.2"/>"##,
            mm(x0),
            mm(y - 0.6),
            mm(x0 + w),
            mm(y - 0.6)
        ));
    }
    pages.push(ctx.finish(c, &footer));
    pages
}

/// The page's title and the column headings; returns the y where rows start.
fn header(c: &mut Canvas<'_>, ctx: &Ctx<'_>, continued: bool) -> f64 {
    let (x, y, w, _) = c.area();
    let owner = Owner::new("card list", None);
    let mut title = format!("{} · {}", ctx.msg.name(&ctx.pack.game.title), ctx.msg.text("cardlist.title"));
    if continued {
        title = format!("{title} {}", ctx.msg.text("common.continued"));
    }
    let head = c.text(TextBox::new(&title, x, y, w, 7.0).size(14.0).min(8.0).lines(1).bold().of(&owner));
    let headings = [
        ctx.msg.text("cardlist.number"),
        ctx.msg.text("cardlist.name"),
        ctx.msg.text("cardlist.deck"),
        ctx.msg.text("cardlist.timing"),
        ctx.msg.text("cardlist.effect"),
    ];
    let top = head.bottom + 3.0;
    let mut cx = x;
    let mut bottom = top;
    for (text, share) in headings.iter().zip(COLUMNS) {
        let laid = c.text(
            TextBox::new(text, cx, top, share * w - CELL_GAP, 7.0).size(8.0).min(6.0).bold().fill("#333333").of(&owner),
        );
        bottom = bottom.max(laid.bottom);
        cx += share * w;
    }
    c.raw(&format!(
        r##"<path d="M{} {} L{} {}" stroke="#333333" stroke-width="0.3"/>"##,
        mm(x),
        mm(bottom + 0.8),
        mm(x + w),
        mm(bottom + 0.8)
    ));
    bottom + 2.0
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
