//! Each deck definition yields the number of cards the rules state. With an incomplete card list
//! (seed 000 names 13 of its 99 cards) the check can only be partial: more selected cards than the
//! stated size is an error, fewer is a warning saying how many are known. The same holds for the
//! cards a setup opens and for the cards each player chooses from for a mat's slots; decks that
//! split the card total (Early, Mid, Late War) add up to it; a mat's row of slots holds no more
//! cards than a player chooses from.

use crate::diag::{Code, Diagnostic};
use crate::model::{Pack, Spanned};

/// Compares how many cards a selector gives with how many the rules say: an error when there are
/// more (or, with a complete card list, any other number), a warning when some are unknown.
fn compare(what: &str, selected: u32, stated: &Spanned<u32>, complete: bool, out: &mut Vec<Diagnostic>) {
    let size = stated.value;
    if selected > size || (complete && selected != size) {
        out.push(
            Diagnostic::error(Code::DECK_SIZE, format!("{what}: {selected} cards selected; the rules say {size}"))
                .at(&stated.span)
                .with_hint("fix the cards' number colours, tags or sides in cards.csv, or the selector"),
        );
    } else if selected < size {
        out.push(
            Diagnostic::warning(
                Code::INCOMPLETE,
                format!("{what}: {selected} of its {size} cards are known; the rest are not in cards.csv"),
            )
            .at(&stated.span),
        );
    }
}

/// The filters of the pack's card selectors (`where`): a mistake is located inside its string.
fn filters(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let setups = pack.setups.iter().flat_map(|s| [&s.open, &s.removed]).flatten();
    let slots = pack.sheets.iter().flat_map(|s| &s.slots).map(|g| &g.select);
    for select in pack.decks.iter().map(|d| &d.select).chain(setups).chain(slots) {
        if let Some(text) = &select.filter {
            if let Err(d) = super::filters::parse(pack, crate::model::records::Collection::Cards, text) {
                out.push(d);
            }
        }
    }
}

/// Runs the deck checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    filters(pack, out);
    let complete = pack.game.totals.cards.as_ref().is_some_and(|t| t.value as usize == pack.cards.len());
    let side_id = |r: &str| pack.side(r).map(|s| s.id.clone());
    for deck in &pack.decks {
        // A deck holds every copy of its cards.
        let selected: u32 = pack.selected_cards(&deck.select).iter().map(|c| c.copies.value).sum();
        let rule = super::cite(pack, deck.rule.as_ref());
        compare(&format!("deck `{}`{rule}", deck.id), selected, &deck.size, complete, out);
    }
    for setup in &pack.setups {
        let (Some(open), Some(count)) = (&setup.open, &setup.open_count) else { continue };
        let selected = pack.selected_cards(open).len() as u32;
        compare(&format!("the open cards of setup `{}`", setup.id), selected, count, complete, out);
    }
    partition(pack, out);
    for sheet in &pack.sheets {
        for group in &sheet.slots {
            let rule = super::cite(pack, group.rule.as_ref());
            if let Some(of) = &group.of {
                if group.count.value > of.value {
                    out.push(
                        Diagnostic::error(
                            Code::COMPONENT_LAYOUT,
                            format!(
                                "mat `{}` has {} {} slots, but a player chooses from only {} cards{rule}",
                                sheet.id, group.count.value, group.id, of.value
                            ),
                        )
                        .at(&group.count.span),
                    );
                }
                // Every player's own set gives the cards to choose from.
                for side in &pack.sides {
                    let selected = pack
                        .selected_cards(&group.select)
                        .into_iter()
                        .filter(|c| c.side.as_ref().and_then(|s| side_id(s)).as_deref() == Some(side.id.as_str()))
                        .count() as u32;
                    let what = format!("{}'s cards for the {} slots of mat `{}`{rule}", side.id, group.id, sheet.id);
                    compare(&what, selected, of, complete, out);
                }
            }
        }
    }
}

/// The decks marked `partition` split the whole card total between them.
fn partition(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let parts: Vec<_> = pack.decks.iter().filter(|d| d.partition).collect();
    let (Some(first), Some(total)) = (parts.first(), &pack.game.totals.cards) else { return };
    let sum: u32 = parts.iter().map(|d| d.size.value).sum();
    if sum != total.value {
        let sizes: Vec<String> = parts.iter().map(|d| format!("{} {}", d.id, d.size.value)).collect();
        out.push(
            Diagnostic::error(
                Code::TOTAL_MISMATCH,
                format!(
                    "the partition decks add up to {sum} cards ({}); the game has {}",
                    sizes.join(" + "),
                    total.value
                ),
            )
            .at(&first.size.span)
            .with_hint("every card belongs to exactly one partition deck: fix a deck size or [totals] cards"),
        );
    }
}
