//! The card filters of `pnpkit cards search` and of rules.html's search box, in the spirit of
//! Scryfall: `side:liberation`, `deck:orange`, `tag:setup2`, `name:密航`, `text:sea`, `number>30`,
//! and one filter per typed field of the pack's card types (`ops>=3`, `era:early`, `famous`), each
//! negated by a leading `-`. The other words of a query search the cards' text.
//!
//! The grammar is the pack-wide one of [`crate::model::filter`]; this module gives it the cards'
//! fields ([`card_schema`]) and what one card shows them ([`CardFacts`], serialized into
//! rules.html, whose script templates/reference/search.js parses and matches queries the same
//! way).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::model::filter::{self, Mode, Schema};
use crate::model::{Card, FieldKind, FieldValue, Pack};

pub use crate::model::filter::{compact, Cmp, FieldDef, Filter, Query as CardQuery, QueryError, Test};

pub use crate::model::records::{card_built_in as built_in, card_fields as field_defs};

/// What filters look at on one card, normalized.
#[derive(Clone, Debug, Serialize)]
pub struct CardFacts {
    /// Anchor id (`card-29`).
    pub id: String,
    /// What results show.
    pub title: String,
    /// The printed number.
    pub number: Option<u32>,
    /// Its card type's id and names.
    #[serde(rename = "type")]
    pub card_type: Vec<String>,
    /// How many copies the game has.
    pub copies: u32,
    /// Its side's id and names (empty: no side).
    pub side: Vec<String>,
    /// The colour of its printed number (empty: unknown).
    pub deck: String,
    /// Its tags.
    pub tags: Vec<String>,
    /// Its names.
    pub name: Vec<String>,
    /// Its text and timing.
    pub text: Vec<String>,
    /// The values of its type's fields: text normalized, an unset flag of its type `false`.
    pub fields: BTreeMap<String, FieldValue>,
}

/// The cards' schema: the built-in filters, then the typed fields of `pack`'s card types.
pub fn card_schema(pack: &Pack) -> Schema {
    Schema { noun: "card".into(), built_in: built_in(), fields: field_defs(pack) }
}

impl CardFacts {
    /// The facts of `card` in `pack`.
    pub fn of(pack: &Pack, card: &Card) -> CardFacts {
        let side = card.side.as_ref().and_then(|s| pack.side(s));
        let flags = pack
            .card_type(&card.card_type)
            .into_iter()
            .flat_map(|t| &t.fields)
            .filter(|f| matches!(f.kind, FieldKind::Flag))
            .map(|f| (f.id.clone(), FieldValue::Flag(false)));
        let mut fields: BTreeMap<String, FieldValue> = flags.collect();
        for (id, value) in &card.fields {
            let value = match value {
                FieldValue::Text(t) => FieldValue::Text(filter::normalize(&pack.plain_text(t))),
                FieldValue::List(v) => FieldValue::List(v.iter().map(|t| filter::normalize(t)).collect()),
                other => other.clone(),
            };
            fields.insert(id.clone(), value);
        }
        let normalize = filter::normalize;
        CardFacts {
            id: format!("card-{}", card.id),
            title: format!("{} {} {}", card.id, card.name.ja, card.name.en),
            number: card.number,
            card_type: match pack.card_type(&card.card_type) {
                Some(t) => vec![normalize(&t.id), normalize(&t.name.ja), normalize(&t.name.en)],
                None => vec![normalize(&card.card_type)],
            },
            copies: card.copies.value,
            side: side
                .map(|s| vec![normalize(&s.id), normalize(&s.name.ja), normalize(&s.name.en)])
                .unwrap_or_default(),
            deck: card.number_colour.as_ref().map(|n| normalize(n)).unwrap_or_default(),
            tags: card.tags.iter().map(|t| normalize(t)).collect(),
            name: vec![normalize(&card.name.ja), normalize(&card.name.en)],
            // What the card prints: markers dropped, icons by name (`text:click` finds them).
            text: vec![normalize(&pack.plain_text(&card.text_and_reverse(|t| t.to_string()))), normalize(&card.timing)],
            fields,
        }
    }
}

/// Parses a card query of `pack`'s cards; the words that are no filter search the cards' text.
pub fn parse(schema: &Schema, query: &str) -> Result<CardQuery, QueryError> {
    filter::parse(schema, query, Mode::Search)
}

impl CardQuery {
    /// Whether every filter passes `card` of `pack` (the words are not looked at).
    pub fn selects(&self, pack: &Pack, card: &Card) -> bool {
        self.matches(&crate::model::records::card_record(pack, card))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Span;
    use crate::model::{CardField, CardType, Names, Side, Spanned};

    fn names(ja: &str, en: &str) -> Names {
        Names { ja: ja.into(), en: en.into() }
    }

    fn field(id: &str, ja: &str, en: &str, kind: FieldKind) -> CardField {
        CardField {
            id: id.into(),
            name: names(ja, en),
            short: Names::default(),
            value_names: Default::default(),
            value_colours: Default::default(),
            show: crate::model::FieldShow::default_for(&kind),
            kind,
            required: false,
        }
    }

    /// A small card game: ops 1–4, a war period, a starred flag; cards 1–4.
    fn pack() -> Pack {
        let mut pack = Pack::default();
        pack.sides.push(Side { id: "us".into(), name: names("アメリカ", "United States"), colour: None });
        let periods = ["early", "mid", "late"].map(String::from).to_vec();
        pack.card_types.push(CardType {
            id: "card".into(),
            name: names("カード", "card"),
            fields: vec![
                field("ops", "作戦値", "operations value", FieldKind::Int { min: 1, max: 4 }),
                field("era", "時代", "war period", FieldKind::Choice { values: periods }),
                field("starred", "除外", "starred", FieldKind::Flag),
                field("note", "注", "note", FieldKind::Text),
            ],
            template: None,
            look: Default::default(),
        });
        for (n, ops, era, starred) in [(1, 4, "early", None), (2, 2, "early", Some(true)), (3, 3, "mid", Some(false))] {
            let mut card = Card::blank(&n.to_string());
            card.card_type = Spanned::new("card".into(), Span::default());
            card.fields.insert("ops".into(), FieldValue::Int(ops));
            card.fields.insert("era".into(), FieldValue::Text(era.into()));
            card.fields.extend(starred.map(|s| ("starred".to_string(), FieldValue::Flag(s))));
            pack.cards.push(card);
        }
        let mut fourth = Card::blank("4");
        fourth.side = Some(Spanned::new("us".into(), Span::default()));
        fourth.fields.insert("note".into(), FieldValue::Text("Ｂｉｇ Deal".into()));
        pack.cards.push(fourth);
        pack
    }

    /// The numbers of the cards of `pack()` that `query` selects.
    fn selected(query: &str) -> Vec<String> {
        let pack = pack();
        let q = parse(&card_schema(&pack), query).unwrap_or_else(|e| panic!("{query}: {e:?}"));
        pack.cards.iter().filter(|c| q.selects(&pack, c)).map(|c| c.id.clone()).collect()
    }

    fn error(query: &str) -> QueryError {
        parse(&card_schema(&pack()), query).expect_err(query)
    }

    #[test]
    fn integer_fields_compare_with_every_operator() {
        assert_eq!(selected("ops>=3"), ["1", "3"]);
        assert_eq!(selected("ops>3"), ["1"]);
        assert_eq!(selected("ops<=2"), ["2"]);
        assert_eq!(selected("ops<3"), ["2"]);
        assert_eq!(selected("ops=3"), ["3"]);
        assert_eq!(selected("ops:3"), ["3"]);
        assert_eq!(selected("-ops>=3"), ["2", "4"], "a card without the field passes a negated filter");
    }

    #[test]
    fn fields_are_named_by_id_display_name_or_a_word_of_it_in_any_width() {
        assert_eq!(selected("period:early"), ["1", "2"]);
        assert_eq!(selected("war-period:EARLY"), ["1", "2"]);
        assert_eq!(selected("時代:ｅａｒｌｙ"), ["1", "2"]);
        assert_eq!(selected("作戦値＞＝３"), ["1", "3"]);
        assert_eq!(selected("operations>3 era:early"), ["1"]);
    }

    #[test]
    fn flags_are_bare_words_or_true_and_false_and_unset_counts_as_false() {
        assert_eq!(selected("starred"), ["2"]);
        assert_eq!(selected("starred:yes"), ["2"]);
        assert_eq!(selected("starred:false"), ["1", "3"], "card 4 has no such field");
        assert_eq!(selected("-starred"), ["1", "3", "4"]);
        let q = parse(&card_schema(&pack()), "starred sea").unwrap();
        assert_eq!(q.words, ["sea"]);
        assert_eq!(q.filters[0].span, 0..7);
    }

    #[test]
    fn text_fields_match_a_part_and_built_in_filters_keep_working() {
        assert_eq!(selected("note:big"), ["4"]);
        assert_eq!(selected("side:united-states"), Vec::<String>::new(), "a side matches by whole name");
        assert_eq!(selected("side:us number>3"), ["4"]);
        assert_eq!(selected("-side:us number<=2"), ["1", "2"]);
    }

    #[test]
    fn an_unknown_field_is_an_error_at_its_name_listing_the_known_ones() {
        let e = error("ops>=3 perod:early");
        assert_eq!(e.span, 7..12);
        assert_eq!(e.message, "no filter or card field is named `perod`");
        assert_eq!(e.hints[0], "did you mean `period`?");
        assert!(e.hints[2].contains("ops>=N (作戦値 · operations value)"), "{:?}", e.hints);
        assert!(e.hints[2].contains("era:early|mid|late"), "{:?}", e.hints);
    }

    #[test]
    fn comparing_a_field_that_is_no_number_is_an_error_at_the_operator() {
        let e = error("era>=2");
        assert_eq!((e.span, e.message.as_str()), (3..5, "`>=` compares numbers, and `era` is not a number"));
        assert_eq!(e.hints[0], "write era:early|mid|late");
        assert_eq!(error("side<3").span, 4..5);
    }

    #[test]
    fn values_a_field_cannot_have_are_errors_at_the_value() {
        assert_eq!(error("-era:erly").span, 5..9);
        assert_eq!(error("ops>=many").message, "`ops` is compared with whole numbers, not `many`");
        assert_eq!(error("starred:maybe").hints[0], "write starred, starred:false or -starred");
        assert_eq!(error("時代：").span, 0..9, "a filter without a value spans its name and operator");
    }

    #[test]
    fn a_word_shared_by_two_fields_names_neither() {
        let mut pack = pack();
        let value = field("vp", "得点", "victory value", FieldKind::Int { min: 0, max: 9 });
        pack.card_types[0].fields.push(value);
        let e = parse(&card_schema(&pack), "value>1").expect_err("ambiguous");
        assert_eq!(e.message, "`value` could be any of the card fields ops, vp: write its id");
    }

    #[test]
    fn words_with_an_operator_first_or_no_operator_are_text() {
        let q = parse(&card_schema(&pack()), ">3 13.4 #29 -sea").unwrap();
        assert!(q.filters.is_empty());
        assert_eq!(q.words, [">3", "13.4", "#29", "-sea"]);
    }
}
