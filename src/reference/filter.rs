//! The card filters of `pnpkit cards search` and of rules.html's search box, in the spirit of
//! Scryfall: `side:liberation`, `deck:orange`, `tag:setup2`, `name:密航`, `text:sea`, `number>30`,
//! and one filter per typed field of the pack's card types (`ops>=3`, `era:early`, `famous`), each
//! negated by a leading `-`. The other words of a query search the cards' text.
//!
//! A query is parsed once against the pack's [`FieldDef`]s into a [`CardQuery`] of [`Filter`]s,
//! each with its byte span in the query; a mistake (an unknown field, a number compared with a
//! choice) is a [`QueryError`] with the span to point at. A filter tests a card's [`CardFacts`]
//! (its normalized side, deck, tags, names, text and field values). Field definitions and facts are
//! both serialized into rules.html, whose script (templates/reference/search.js) parses and matches
//! queries the same way.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Serialize;

use super::search::normalize;
use crate::model::{Card, FieldKind, FieldValue, Pack};

/// The filters every pack has, with what each takes, in the order hints list them.
const BUILT_IN: [(&str, &str); 6] = [
    ("side", "side:SIDE"),
    ("deck", "deck:COLOUR"),
    ("tag", "tag:TAG"),
    ("name", "name:TEXT"),
    ("text", "text:TEXT"),
    ("number", "number>=N"),
];

/// How a filter compares a number: `<`, `<=`, `=` (also `:`), `>=`, `>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `<`.
    Less,
    /// `<=`.
    AtMost,
    /// `=` or `:`.
    Equal,
    /// `>=`.
    AtLeast,
    /// `>`.
    More,
}

impl Cmp {
    fn of(op: &str) -> Cmp {
        match op {
            "<" => Cmp::Less,
            "<=" => Cmp::AtMost,
            ">=" => Cmp::AtLeast,
            ">" => Cmp::More,
            _ => Cmp::Equal,
        }
    }

    /// Whether `value` compares with `wanted` this way.
    pub fn holds(self, value: i64, wanted: i64) -> bool {
        match self {
            Cmp::Less => value < wanted,
            Cmp::AtMost => value <= wanted,
            Cmp::Equal => value == wanted,
            Cmp::AtLeast => value >= wanted,
            Cmp::More => value > wanted,
        }
    }
}

/// What a filter on a typed field asks of its value.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldTest {
    /// An integer field compared with a number.
    Compare(Cmp, i64),
    /// A choice field has this value (normalized).
    Is(String),
    /// A text field contains this (normalized).
    Contains(String),
    /// A flag field is set (`true`) or not.
    Flag(bool),
}

/// What a filter tests.
#[derive(Clone, Debug, PartialEq)]
pub enum Test {
    /// The card's side has this id or name (normalized).
    Side(String),
    /// The card's number is printed in this colour.
    Deck(String),
    /// The card has this tag.
    Tag(String),
    /// A name of the card contains this.
    Name(String),
    /// The card's text or timing contains this.
    Text(String),
    /// The card's number compares with this one (a card without number never does).
    Number(Cmp, i64),
    /// A typed field's value (a card whose type lacks the field never passes).
    Field {
        /// The field's id.
        id: String,
        /// What its value must be.
        test: FieldTest,
    },
}

/// One filter of a query.
#[derive(Clone, Debug, PartialEq)]
pub struct Filter {
    /// Written with a leading `-`: cards that fail the test pass.
    pub negated: bool,
    /// The test.
    pub test: Test,
    /// Where it is written in the query (bytes).
    pub span: Range<usize>,
}

/// A parsed card query: every filter must hold; the words search the cards' text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CardQuery {
    /// The filters.
    pub filters: Vec<Filter>,
    /// The other words, as written (with their `-`).
    pub words: Vec<String>,
}

/// A mistake in a query: what is wrong, where (bytes of the query) and how to write it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QueryError {
    /// What is wrong.
    pub message: String,
    /// The part of the query at fault.
    pub span: Range<usize>,
    /// Suggestions: a likely typo, then the filters the pack knows.
    pub hints: Vec<String>,
}

/// The value type of a [`FieldDef`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A whole number: compared with `<`, `<=`, `=`, `>=`, `>`.
    Int,
    /// Free text: `field:word` finds the cards whose value contains the word.
    Text,
    /// One of listed values: `field:value`.
    Choice,
    /// yes / no: `field`, `field:false`, `-field`.
    Flag,
}

/// A typed card field as filters know it: the fields of every card type of a pack, one per id
/// (the first declaration gives the kind; the values of choices add up).
#[derive(Clone, Debug, Serialize)]
pub struct FieldDef {
    /// The field's id (its column in cards.csv).
    pub id: String,
    /// Its value type.
    pub kind: Kind,
    /// The values of a choice, as declared.
    pub values: Vec<String>,
    /// Its display names (Japanese, English), for hints.
    pub names: Vec<String>,
    /// How a filter on it is written (`ops>=N`, `era:early|mid|late`, `starred`).
    pub usage: String,
    /// What names it in a query: its id and display names, [`compact`]ed.
    pub keys: Vec<String>,
    /// The words of its display names: they name it too after a filter's operator, when no other
    /// field shares the word (`period:early` for the field named "war period").
    pub words: Vec<String>,
}

/// What filters look at on one card, normalized.
#[derive(Clone, Debug, Serialize)]
pub struct CardFacts {
    /// Anchor id (`card-29`).
    pub id: String,
    /// What results show.
    pub title: String,
    /// The printed number.
    pub number: Option<u32>,
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

/// A name as queries match it: normalized, without spaces, `-` and `_` (`no-hold`, `No_Hold`
/// and `nohold` are one name).
pub fn compact(name: &str) -> String {
    normalize(name).chars().filter(|c| !c.is_whitespace() && *c != '-' && *c != '_').collect()
}

/// The typed fields of `pack`'s card types, one per id, in declaration order.
pub fn field_defs(pack: &Pack) -> Vec<FieldDef> {
    let mut defs: Vec<FieldDef> = Vec::new();
    for field in pack.card_types.iter().flat_map(|t| &t.fields) {
        let values = match &field.kind {
            FieldKind::Choice { values } => values.clone(),
            _ => Vec::new(),
        };
        if let Some(def) = defs.iter_mut().find(|d| d.id == field.id) {
            add_new(&mut def.values, values);
            def.usage = usage(&def.id, def.kind, &def.values);
            continue;
        }
        let kind = match field.kind {
            FieldKind::Int { .. } => Kind::Int,
            FieldKind::Text => Kind::Text,
            FieldKind::Choice { .. } => Kind::Choice,
            FieldKind::Flag => Kind::Flag,
        };
        let names: Vec<String> =
            [&field.name.ja, &field.name.en].into_iter().filter(|n| !n.is_empty()).cloned().collect();
        let mut keys = Vec::new();
        add_new(&mut keys, std::iter::once(&field.id).chain(&names).map(|n| compact(n)));
        let mut words = Vec::new();
        for name in names.iter().map(|n| normalize(n)) {
            add_new(&mut words, name.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(String::from));
        }
        defs.push(FieldDef {
            usage: usage(&field.id, kind, &values),
            id: field.id.clone(),
            kind,
            values,
            names,
            keys,
            words,
        });
    }
    defs
}

/// Appends the items `list` does not hold yet.
fn add_new(list: &mut Vec<String>, items: impl IntoIterator<Item = String>) {
    for item in items {
        if !list.contains(&item) {
            list.push(item);
        }
    }
}

fn usage(id: &str, kind: Kind, values: &[String]) -> String {
    match kind {
        Kind::Int => format!("{id}>=N"),
        Kind::Text => format!("{id}:TEXT"),
        Kind::Choice => format!("{id}:{}", values.join("|")),
        Kind::Flag => id.to_string(),
    }
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
                FieldValue::Text(t) => FieldValue::Text(normalize(t)),
                other => other.clone(),
            };
            fields.insert(id.clone(), value);
        }
        CardFacts {
            id: format!("card-{}", card.id),
            title: format!("{} {} {}", card.id, card.name.ja, card.name.en),
            number: card.number,
            side: side
                .map(|s| vec![normalize(&s.id), normalize(&s.name.ja), normalize(&s.name.en)])
                .unwrap_or_default(),
            deck: card.number_colour.as_ref().map(|n| normalize(n)).unwrap_or_default(),
            tags: card.tags.iter().map(|t| normalize(t)).collect(),
            name: vec![normalize(&card.name.ja), normalize(&card.name.en)],
            text: vec![normalize(&card.text), normalize(&card.timing)],
            fields,
        }
    }
}

impl Filter {
    /// Whether the card with these facts passes the filter.
    pub fn matches(&self, card: &CardFacts) -> bool {
        let holds = match &self.test {
            Test::Side(v) => card.side.contains(v),
            Test::Deck(v) => card.deck == *v,
            Test::Tag(v) => card.tags.contains(v),
            Test::Name(v) => card.name.iter().any(|n| n.contains(v.as_str())),
            Test::Text(v) => card.text.iter().any(|t| t.contains(v.as_str())),
            Test::Number(cmp, n) => card.number.is_some_and(|x| cmp.holds(i64::from(x), *n)),
            Test::Field { id, test } => card.fields.get(id).is_some_and(|value| test.holds(value)),
        };
        holds != self.negated
    }
}

impl FieldTest {
    fn holds(&self, value: &FieldValue) -> bool {
        match (self, value) {
            (FieldTest::Compare(cmp, n), FieldValue::Int(v)) => cmp.holds(*v, *n),
            (FieldTest::Is(want), FieldValue::Text(v)) => v == want,
            (FieldTest::Contains(want), FieldValue::Text(v)) => v.contains(want.as_str()),
            (FieldTest::Flag(want), FieldValue::Flag(v)) => v == want,
            _ => false,
        }
    }
}

impl CardQuery {
    /// Whether every filter passes `card` of `pack` (the words are not looked at): the reusable
    /// test, e.g. for totals declared by filter.
    pub fn selects(&self, pack: &Pack, card: &Card) -> bool {
        let facts = CardFacts::of(pack, card);
        self.filters.iter().all(|f| f.matches(&facts))
    }
}

/// Parses `query` against the pack's typed fields. A word with an operator (`:`, `<`, `<=`, `=`,
/// `>=`, `>`, also full-width) after a name is a filter, and must name a built-in filter or a
/// field; a bare word that names a flag field is that flag; other words are text.
pub fn parse(fields: &[FieldDef], query: &str) -> Result<CardQuery, QueryError> {
    let mut out = CardQuery::default();
    for token in query.split_whitespace() {
        let start = token.as_ptr() as usize - query.as_ptr() as usize;
        match parse_token(fields, token, start)? {
            Some(filter) => out.filters.push(filter),
            None => out.words.push(token.to_string()),
        }
    }
    Ok(out)
}

/// The operators of filters, full-width forms included.
fn op_char(c: char) -> Option<char> {
    match c {
        ':' | '：' => Some(':'),
        '<' | '＜' => Some('<'),
        '>' | '＞' => Some('>'),
        '=' | '＝' => Some('='),
        _ => None,
    }
}

/// The first operator of a word: where it starts, its length in bytes and its ASCII form.
fn operator(body: &str) -> Option<(usize, usize, &'static str)> {
    let (at, first) = body.char_indices().find(|(_, c)| op_char(*c).is_some())?;
    let len = first.len_utf8();
    let next = body[at + len..].chars().next().filter(|c| op_char(*c) == Some('='));
    Some(match (op_char(first)?, next) {
        ('<', Some(n)) => (at, len + n.len_utf8(), "<="),
        ('>', Some(n)) => (at, len + n.len_utf8(), ">="),
        ('<', _) => (at, len, "<"),
        ('>', _) => (at, len, ">"),
        ('=', _) => (at, len, "="),
        _ => (at, len, ":"),
    })
}

/// What a filter's name names.
#[derive(Clone, Copy)]
enum Target<'f> {
    BuiltIn(&'static str),
    Field(&'f FieldDef),
}

/// The filter `name` names: a built-in, else a field by id or display name, else the one field
/// with that word in its display name. `Err` holds the fields sharing the word (none: unknown).
fn resolve<'f>(fields: &'f [FieldDef], name: &str) -> Result<Target<'f>, Vec<&'f FieldDef>> {
    let key = compact(name);
    if let Some((b, _)) = BUILT_IN.iter().find(|(b, _)| *b == key) {
        return Ok(Target::BuiltIn(b));
    }
    if let Some(f) = fields.iter().find(|f| f.keys.contains(&key)) {
        return Ok(Target::Field(f));
    }
    let by_word: Vec<&FieldDef> = fields.iter().filter(|f| f.words.contains(&key)).collect();
    match by_word.as_slice() {
        [one] => Ok(Target::Field(one)),
        _ => Err(by_word),
    }
}

/// One word of a query: a filter, or `None` for a text word.
fn parse_token(fields: &[FieldDef], token: &str, start: usize) -> Result<Option<Filter>, QueryError> {
    let negated = token.len() > 1 && token.starts_with('-');
    let body_start = start + usize::from(negated);
    let body = &token[usize::from(negated)..];
    let span = start..start + token.len();
    let Some((at, len, op)) = operator(body).filter(|(at, _, _)| *at > 0) else {
        let key = compact(body);
        let flag = fields.iter().find(|f| f.kind == Kind::Flag && f.keys.contains(&key));
        return Ok(flag.map(|f| Filter {
            negated,
            test: Test::Field { id: f.id.clone(), test: FieldTest::Flag(true) },
            span,
        }));
    };
    let name = &body[..at];
    let value = &body[at + len..];
    let parts = Parts {
        name,
        op,
        value,
        name_span: body_start..body_start + at,
        op_span: body_start + at..body_start + at + len,
        value_span: body_start + at + len..span.end,
    };
    let target = resolve(fields, name).map_err(|shared| unknown(fields, &parts, &shared))?;
    let test = test_of(target, &parts, fields)?;
    Ok(Some(Filter { negated, test, span }))
}

/// A filter word cut at its operator, with the byte span of each part.
struct Parts<'q> {
    name: &'q str,
    op: &'static str,
    value: &'q str,
    name_span: Range<usize>,
    op_span: Range<usize>,
    value_span: Range<usize>,
}

/// What the filters of a pack are, for hints: the built-in ones, the pack's card fields.
fn known(fields: &[FieldDef]) -> [String; 2] {
    let built_in: Vec<&str> = BUILT_IN.iter().map(|(_, u)| *u).collect();
    let own = if fields.is_empty() {
        "this pack's cards have no typed fields".to_string()
    } else {
        let listed: Vec<String> = fields.iter().map(|f| format!("{} ({})", f.usage, f.names.join(" · "))).collect();
        format!("card fields: {}", listed.join(", "))
    };
    [format!("filters: {}", built_in.join(", ")), own]
}

fn unknown(fields: &[FieldDef], parts: &Parts<'_>, shared: &[&FieldDef]) -> QueryError {
    let mut hints = Vec::new();
    let message = if shared.is_empty() {
        let candidates = BUILT_IN.iter().map(|(b, _)| *b).chain(fields.iter().flat_map(|f| {
            std::iter::once(f.id.as_str())
                .chain(f.names.iter().map(String::as_str))
                .chain(f.words.iter().map(String::as_str))
        }));
        hints.extend(crate::diag::did_you_mean(parts.name, candidates));
        format!("no filter or card field is named `{}`", parts.name)
    } else {
        let ids: Vec<&str> = shared.iter().map(|f| f.id.as_str()).collect();
        format!("`{}` could be any of the card fields {}: write its id", parts.name, ids.join(", "))
    };
    hints.extend(known(fields));
    QueryError { message, span: parts.name_span.clone(), hints }
}

/// The test a filter word asks for, or why it cannot be one.
fn test_of(target: Target<'_>, parts: &Parts<'_>, fields: &[FieldDef]) -> Result<Test, QueryError> {
    let (id, kind, usage) = match target {
        Target::BuiltIn(b) => {
            let usage = BUILT_IN.iter().find(|(n, _)| *n == b).map_or("", |(_, u)| *u);
            (b, if b == "number" { Kind::Int } else { Kind::Text }, usage)
        }
        Target::Field(f) => (f.id.as_str(), f.kind, f.usage.as_str()),
    };
    let how = if kind == Kind::Flag { format!("{id}, {id}:false or -{id}") } else { usage.to_string() };
    let fail = |message: String, span: &Range<usize>| QueryError {
        message,
        span: span.clone(),
        hints: std::iter::once(format!("write {how}")).chain(known(fields)).collect(),
    };
    if parts.value.is_empty() {
        let message = format!("`{}{}` needs a value", parts.name, parts.op);
        return Err(fail(message, &(parts.name_span.start..parts.op_span.end)));
    }
    if kind != Kind::Int && !matches!(parts.op, ":" | "=") {
        return Err(fail(format!("`{}` compares numbers, and `{id}` is not a number", parts.op), &parts.op_span));
    }
    let value = normalize(parts.value);
    let number = || {
        value.parse::<i64>().map_err(|_| {
            fail(format!("`{id}` is compared with whole numbers, not `{}`", parts.value), &parts.value_span)
        })
    };
    let field = match target {
        Target::BuiltIn("number") => return Ok(Test::Number(Cmp::of(parts.op), number()?)),
        Target::BuiltIn("side") => return Ok(Test::Side(value)),
        Target::BuiltIn("deck") => return Ok(Test::Deck(value)),
        Target::BuiltIn("tag") => return Ok(Test::Tag(value)),
        Target::BuiltIn("name") => return Ok(Test::Name(value)),
        Target::BuiltIn(_) => return Ok(Test::Text(value)),
        Target::Field(f) => f,
    };
    let test = match kind {
        Kind::Int => FieldTest::Compare(Cmp::of(parts.op), number()?),
        Kind::Text => FieldTest::Contains(value),
        Kind::Choice if field.values.iter().any(|v| normalize(v) == value) => FieldTest::Is(value),
        Kind::Choice => {
            let message = format!("`{}` is not a value of `{id}`: {}", parts.value, field.values.join(", "));
            return Err(fail(message, &parts.value_span));
        }
        Kind::Flag => match value.as_str() {
            "true" | "yes" => FieldTest::Flag(true),
            "false" | "no" => FieldTest::Flag(false),
            _ => return Err(fail(format!("`{id}` is true or false, not `{}`", parts.value), &parts.value_span)),
        },
    };
    Ok(Test::Field { id: id.to_string(), test })
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
            show: crate::model::FieldShow::default_for(&kind),
            kind,
            required: false,
        }
    }

    /// A small card game: ops 1–4, a war period, a starred flag; cards 1–4.
    fn pack() -> Pack {
        let mut pack = Pack::default();
        pack.sides.push(Side { id: "us".into(), name: names("アメリカ", "United States") });
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
        let q = parse(&field_defs(&pack), query).unwrap_or_else(|e| panic!("{query}: {e:?}"));
        pack.cards.iter().filter(|c| q.selects(&pack, c)).map(|c| c.id.clone()).collect()
    }

    fn error(query: &str) -> QueryError {
        parse(&field_defs(&pack()), query).expect_err(query)
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
        let q = parse(&field_defs(&pack()), "starred sea").unwrap();
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
        let e = parse(&field_defs(&pack), "value>1").expect_err("ambiguous");
        assert_eq!(e.message, "`value` could be any of the card fields ops, vp: write its id");
    }

    #[test]
    fn words_with_an_operator_first_or_no_operator_are_text() {
        let q = parse(&field_defs(&pack()), ">3 13.4 #29 -sea").unwrap();
        assert!(q.filters.is_empty());
        assert_eq!(q.words, [">3", "13.4", "#29", "-sea"]);
    }
}
