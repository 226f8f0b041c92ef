//! Each deck definition yields the number of cards the rules state. With an incomplete card list
//! (seed 000 names 13 of its 99 cards) the check can only be partial: more selected cards than the
//! stated size is an error, fewer is a warning saying how many are known.

use crate::diag::{Code, Diagnostic};
use crate::model::Pack;

/// Runs the deck checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let complete = pack.game.totals.cards.as_ref().is_some_and(|t| t.value as usize == pack.cards.len());
    let side_id = |r: &str| pack.side(r).map(|s| s.id.clone());
    for deck in &pack.decks {
        let selected = pack.cards.iter().filter(|c| deck.select.selects(c, side_id)).count() as u32;
        let size = deck.size.value;
        let rule = deck
            .rule
            .as_ref()
            .and_then(|r| pack.clause(r))
            .map(|c| format!(" (rule {})", c.number))
            .unwrap_or_default();
        if selected > size || (complete && selected != size) {
            out.push(
                Diagnostic::error(
                    Code::DECK_SIZE,
                    format!("deck `{}` selects {selected} cards; it must have {size}{rule}", deck.id),
                )
                .at(&deck.size.span)
                .with_hint("fix the cards' number colours, tags or sides in cards.csv, or the deck's selector"),
            );
        } else if selected < size {
            out.push(
                Diagnostic::warning(
                    Code::INCOMPLETE,
                    format!(
                        "deck `{}`: {selected} of its {size} cards are known{rule}; the rest are not in cards.csv",
                        deck.id
                    ),
                )
                .at(&deck.size.span),
            );
        }
    }
    for setup in &pack.setups {
        let (Some(open), Some(count)) = (&setup.open, &setup.open_count) else { continue };
        let selected = pack.cards.iter().filter(|c| open.selects(c, side_id)).count() as u32;
        if selected > count.value || (complete && selected != count.value) {
            out.push(
                Diagnostic::error(
                    Code::DECK_SIZE,
                    format!("setup `{}` opens {selected} cards; it must open {}", setup.id, count.value),
                )
                .at(&count.span),
            );
        } else if selected < count.value {
            out.push(
                Diagnostic::warning(
                    Code::INCOMPLETE,
                    format!(
                        "setup `{}`: {selected} of the {} cards open at its start are known",
                        setup.id, count.value
                    ),
                )
                .at(&count.span),
            );
        }
    }
}
