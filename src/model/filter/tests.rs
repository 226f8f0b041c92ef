//! The filter grammar on a small schema of areas: every operator, spaced forms, negation,
//! lists, strict mode and the spans of mistakes.

use super::*;

/// Areas: a built-in region, stability 1–5, a battleground flag, subregions west/east.
fn schema() -> Schema {
    let names = |ja: &str, en: &str| vec![ja.to_string(), en.to_string()];
    let parts = vec!["west".to_string(), "east".to_string()];
    Schema {
        noun: "area".into(),
        built_in: vec![FieldDef::built_in("region", Kind::Choice, "region:REGION")],
        fields: vec![
            FieldDef::new("stability", Kind::Int, Vec::new(), names("安定値", "stability")),
            FieldDef::new("battleground", Kind::Flag, Vec::new(), names("係争地", "battleground")),
            FieldDef::new("subregions", Kind::List, parts, names("欧州の区分", "part of Europe")),
        ],
    }
}

/// Four areas: (id, region, stability, battleground, subregions).
fn records() -> Vec<(&'static str, Record)> {
    let rows = [
        ("poland", "europe", 3, true, vec!["east"]),
        ("austria", "europe", 4, false, vec!["west", "east"]),
        ("france", "europe", 3, true, vec!["west"]),
        ("japan", "asia", 4, true, vec![]),
    ];
    rows.into_iter()
        .map(|(id, region, stability, bg, parts)| {
            let mut r = Record::new();
            r.insert("region".into(), Value::Words(vec![region.into()]));
            r.insert("stability".into(), Value::Int(stability));
            r.insert("battleground".into(), Value::Flag(bg));
            r.insert("subregions".into(), Value::Words(parts.into_iter().map(String::from).collect()));
            (id, r)
        })
        .collect()
}

fn strict(query: &str) -> Vec<&'static str> {
    let q = parse(&schema(), query, Mode::Strict).unwrap_or_else(|e| panic!("{query}: {e:?}"));
    records().into_iter().filter(|(_, r)| q.matches(r)).map(|(id, _)| id).collect()
}

fn error(query: &str) -> QueryError {
    parse(&schema(), query, Mode::Strict).expect_err(query)
}

#[test]
fn colon_and_equals_mean_the_same_with_or_without_spaces() {
    assert_eq!(strict("region:europe"), ["poland", "austria", "france"]);
    assert_eq!(strict("region = europe"), ["poland", "austria", "france"]);
    assert_eq!(strict("region= europe"), ["poland", "austria", "france"]);
    assert_eq!(strict("region: europe"), ["poland", "austria", "france"]);
    assert_eq!(error("region =europe").message, "`region` is not a filter", "spaces on both sides or neither");
    assert_eq!(strict("region == asia"), ["japan"]);
}

#[test]
fn numbers_compare_with_every_operator_including_not_equal() {
    assert_eq!(strict("stability >= 4"), ["austria", "japan"]);
    assert_eq!(strict("stability>3"), ["austria", "japan"]);
    assert_eq!(strict("stability < 4"), ["poland", "france"]);
    assert_eq!(strict("stability<=3"), ["poland", "france"]);
    assert_eq!(strict("stability != 3"), ["austria", "japan"]);
    assert_eq!(strict("安定値＝４"), ["austria", "japan"]);
}

#[test]
fn flags_negations_and_and_combine() {
    assert_eq!(strict("battleground"), ["poland", "france", "japan"]);
    assert_eq!(strict("!battleground"), ["austria"]);
    assert_eq!(strict("-battleground"), ["austria"]);
    assert_eq!(strict("battleground and region = europe"), ["poland", "france"]);
    assert_eq!(strict("battleground region:europe stability>=3"), ["poland", "france"]);
    assert_eq!(strict("battleground:no"), ["austria"]);
    assert_eq!(strict("region != europe"), ["japan"]);
    assert_eq!(strict("-region:europe"), ["japan"]);
}

#[test]
fn lists_match_any_of_their_values_and_a_value_may_list_alternatives() {
    assert_eq!(strict("subregions:east"), ["poland", "austria"]);
    assert_eq!(strict("subregions = west"), ["austria", "france"]);
    assert_eq!(strict("subregions:west|east"), ["poland", "austria", "france"]);
    assert_eq!(strict("part-of-europe:east battleground"), ["poland"]);
    assert_eq!(strict("region:asia|europe stability=4"), ["austria", "japan"]);
}

#[test]
fn strict_mode_refuses_words_that_are_no_filter_at_their_column() {
    let e = error("region:europe near");
    assert_eq!((e.message.as_str(), e.span.clone()), ("`near` is not a filter", 14..18));
    assert!(!e.unknown_field);
    assert_eq!(error(">3").span, 0..2);
    let q = parse(&schema(), "region:europe near >3", Mode::Search).unwrap();
    assert_eq!(q.words, ["near", ">3"]);
}

#[test]
fn mistakes_point_at_the_name_the_operator_or_the_value() {
    let e = error("battleground and stabilty >= 2");
    assert_eq!((e.span.clone(), e.unknown_field), (17..25, true));
    assert_eq!(e.message, "no filter or area field is named `stabilty`");
    assert_eq!(e.hints[0], "did you mean `stability`?");
    assert_eq!(e.hints[1], "filters: region:REGION");
    assert!(e.hints[2].starts_with("area fields: stability>=N (安定値 · stability)"), "{:?}", e.hints);
    let e = error("subregions >= 2");
    assert_eq!(
        (e.span.clone(), e.message.as_str()),
        (11..13, "`>=` compares numbers, and `subregions` is not a number")
    );
    let e = error("subregions = north");
    assert_eq!((e.span.clone(), e.message.as_str()), (13..18, "`north` is not a value of `subregions`: west, east"));
    let e = error("subregions:west|north");
    assert_eq!(e.message, "`north` is not a value of `subregions`: west, east");
    assert_eq!(error("stability = high").span, 12..16);
    assert_eq!(error("stability =").span, 0..11, "a filter without a value spans its name and operator");
}

#[test]
fn a_negation_sign_alone_or_in_a_value_is_no_operator() {
    let q = parse(&schema(), "-", Mode::Search).unwrap();
    assert_eq!(q.words, ["-"]);
    assert_eq!(strict("!region:asia"), ["poland", "austria", "france"]);
}

#[test]
fn numbers_and_texts_take_alternatives_and_quotes_keep_spaces() {
    assert_eq!(strict("stability=3|5"), ["poland", "france"]);
    assert_eq!(strict("stability != 3|5"), ["austria", "japan"]);
    assert_eq!(error("stability>=3|4").message, "`>=` compares with one number; `|` lists numbers after `=`");
    let mut schema = schema();
    schema.fields.push(FieldDef::new("note", Kind::Text, Vec::new(), vec!["注".into(), "note".into()]));
    let q = parse(&schema, r#"note:"iron curtain"|wall region:"europe""#, Mode::Strict).unwrap();
    assert_eq!(q.filters[0].test, Test::Contains(vec!["iron curtain".into(), "wall".into()]));
    assert_eq!(q.filters[0].span, 0..24, "the quoted space does not end the filter");
    assert_eq!(q.filters[1].test, Test::AnyOf(vec!["europe".into()]));
    let q = parse(&schema, "note:「鉄のカーテン」", Mode::Strict).unwrap();
    assert_eq!(q.filters[0].test, Test::Contains(vec![normalize("鉄のカーテン")]));
    assert!(parse(&schema, "note:a||b", Mode::Strict).unwrap_err().message.contains("empty alternative"));
}
