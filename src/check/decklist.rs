//! A deck list against the pack's deck-building rules (`[deck]`): every card exists, no card has
//! more copies than allowed (stricter for flagged cards such as famous warriors), and the deck's
//! size lies within the limits. Each problem points at its line of the list.

use std::collections::HashMap;

use crate::diag::{Code, Diagnostic};
use crate::load::decklist::DeckList;
use crate::messages::Messages;
use crate::model::{Card, DeckRules, FieldValue, Pack};

/// Checks `list` against `pack`'s `[deck]` rules.
pub fn check(pack: &Pack, list: &DeckList) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let Some(rules) = &pack.deck_rules else {
        out.push(
            Diagnostic::error(Code::DECK_LIST_SIZE, "the pack has no deck-building rules")
                .with_hint("add a [deck] table to pack.toml (min_cards, max_copies, limits)"),
        );
        return out;
    };
    // Copies so far per card, in list order, so an excess is reported on the line that causes it.
    // Summed as u64: a list of u32 counts can never overflow it (2 + 4294967295 + 4 is not 5).
    let mut copies: HashMap<&str, u64> = HashMap::new();
    let mut total: u64 = 0;
    let cards = pack.card_index();
    for entry in &list.entries {
        total += u64::from(entry.count.value);
        let Some(card) = cards.get(&entry.card.value) else {
            let names = pack.cards.iter().flat_map(|c| [c.id.as_str(), c.name.ja.as_str(), c.name.en.as_str()]);
            out.push(super::references::unknown(Code::UNKNOWN_CARD, "card", &entry.card, names));
            continue;
        };
        // A name several cards share (a reprint, a card at another level) could mean any of them.
        let named = entry.card.value.trim_start_matches('#');
        let sharing: Vec<&str> = if named == card.id {
            Vec::new()
        } else {
            pack.cards
                .iter()
                .filter(|c| crate::model::names_match(named, &c.id, &c.name))
                .map(|c| c.id.as_str())
                .collect()
        };
        if sharing.len() > 1 {
            out.push(
                Diagnostic::error(
                    Code::DECK_LIST_AMBIGUOUS,
                    format!("`{named}` names {} cards: {}", sharing.len(), sharing.join(", ")),
                )
                .at(&entry.card.span)
                .with_hint(format!("write the card's number instead, e.g. `{} #{}`", entry.count.value, sharing[0])),
            );
            continue;
        }
        let held = copies.entry(card.id.as_str()).or_default();
        *held += u64::from(entry.count.value);
        let (limit, why) = limit_for(pack, rules, card);
        if let Some(limit) = limit.filter(|l| *held > u64::from(*l)) {
            out.push(
                Diagnostic::error(
                    Code::DECK_LIST_COPIES,
                    format!(
                        "{held} copies of {} (card {}); a deck may hold at most {limit}{why}",
                        name_in_first(pack, card),
                        card.id
                    ),
                )
                .at(&entry.count.span)
                .with_hint(format!("remove {} of them", *held - u64::from(limit))),
            );
        }
    }
    let rule = super::cite(pack, rules.rule.as_ref());
    let last = list.entries.last().map(|e| e.card.span.clone());
    let mut size = |message: String| {
        let d = Diagnostic::error(Code::DECK_LIST_SIZE, message);
        out.push(match &last {
            Some(span) => d.at(span),
            None => d,
        });
    };
    if let Some(min) = rules.min_cards.as_ref().filter(|m| total < u64::from(m.value)) {
        size(format!("the deck has {total} cards; it needs at least {}{rule}", min.value));
    }
    if let Some(max) = rules.max_cards.as_ref().filter(|m| total > u64::from(m.value)) {
        size(format!("the deck has {total} cards; it may have at most {}{rule}", max.value));
    }
    out
}

/// `card`'s name in the pack's first language (in the other when it has none there), else its id.
fn name_in_first(pack: &Pack, card: &Card) -> String {
    let msg = Messages::of(pack);
    let name = msg.first_name(&card.name);
    if name.is_empty() {
        card.id.clone()
    } else {
        name.to_string()
    }
}

/// The most copies of `card` a deck may hold, and why: the strictest limit whose flag the card
/// has set, else the general one.
fn limit_for(pack: &Pack, rules: &DeckRules, card: &Card) -> (Option<u32>, String) {
    let flagged = rules
        .limits
        .iter()
        .filter(|l| matches!(card.fields.get(&l.field.value), Some(FieldValue::Flag(true))))
        .min_by_key(|l| l.max_copies.value);
    match flagged {
        Some(l) => {
            (Some(l.max_copies.value), format!(" of a {} card{}", l.field.value, super::cite(pack, l.rule.as_ref())))
        }
        None => (
            rules.max_copies.as_ref().map(|m| m.value),
            super::cite(pack, rules.copies_rule.as_ref().or(rules.rule.as_ref())),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Span;
    use crate::model::Spanned;

    #[test]
    fn copies_that_overflow_a_u32_are_still_too_many() {
        let rules = DeckRules {
            min_cards: Some(Spanned::new(5, Span::default())),
            max_cards: Some(Spanned::new(60, Span::default())),
            max_copies: Some(Spanned::new(5, Span::default())),
            limits: Vec::new(),
            rule: None,
            copies_rule: None,
        };
        let pack = Pack { cards: vec![Card::blank("1")], deck_rules: Some(rules), ..Pack::default() };
        // 2 + 4294967295 + 4 wraps to 5 in u32: one legal-looking deck of five.
        let (list, _) = crate::load::decklist::parse(0, "2 #1\n4294967295 #1\n4 #1\n");
        let mut list = list;
        if list.entries.len() < 3 {
            // The reader refuses the huge line; put it back to test the sum on its own.
            list.entries.insert(
                1,
                crate::load::decklist::Entry {
                    count: Spanned::new(u32::MAX, Span::default()),
                    card: Spanned::new("#1".into(), Span::default()),
                },
            );
        }
        let codes: Vec<_> = check(&pack, &list).iter().map(|d| d.code).collect();
        assert!(codes.contains(&Code::DECK_LIST_COPIES), "{codes:?}");
        assert!(codes.contains(&Code::DECK_LIST_SIZE), "{codes:?}");
    }

    #[test]
    fn a_name_two_cards_share_is_refused_and_their_numbers_named() {
        let rules = DeckRules {
            min_cards: None,
            max_cards: None,
            max_copies: Some(Spanned::new(2, Span::default())),
            limits: Vec::new(),
            rule: None,
            copies_rule: None,
        };
        let mut cards = vec![Card::blank("01016"), Card::blank("03190"), Card::blank("01087")];
        cards[0].name.en = ".45 Automatic".into();
        cards[1].name.en = ".45 Automatic".into();
        cards[2].name.en = "Knife".into();
        let pack = Pack { cards, deck_rules: Some(rules), ..Pack::default() };
        let (list, _) = crate::load::decklist::parse(0, "2 .45 Automatic\n2 #03190\n3 Knife\n");
        let found = check(&pack, &list);
        let messages: Vec<&str> = found.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(found[0].code, Code::DECK_LIST_AMBIGUOUS, "{messages:?}");
        assert_eq!(messages[0], "`.45 Automatic` names 2 cards: 01016, 03190");
        assert!(found[0].hints.iter().any(|h| h.contains("`2 #01016`")), "{:?}", found[0].hints);
        // By number it is one card; the copies message names a card by its name in the pack's
        // language (it printed the empty Japanese name).
        assert_eq!(messages[1], "3 copies of Knife (card 01087); a deck may hold at most 2", "{messages:?}");
        assert_eq!(found.len(), 2, "{messages:?}");
    }
}
