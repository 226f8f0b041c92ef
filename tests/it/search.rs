//! Search: every query of tests/search/queries.toml through the CLI (`--json`), compared with the
//! result it must put first; card queries with field filters compared with their full result.

use serde::Deserialize;

use super::support::{pnpkit, root, text};

#[derive(Deserialize)]
struct Golden {
    query: Vec<Query>,
    cards: Vec<CardQuery>,
}

#[derive(Deserialize)]
struct Query {
    q: String,
    first: String,
}

#[derive(Deserialize)]
struct CardQuery {
    q: String,
    ids: Vec<String>,
}

fn ids(args: &[&str]) -> Vec<String> {
    let output = pnpkit(&root(), args);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    let hits: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    hits.as_array().unwrap().iter().map(|h| h["id"].as_str().unwrap().to_string()).collect()
}

fn golden() -> Golden {
    toml::from_str(&std::fs::read_to_string(root().join("tests/search/queries.toml")).unwrap()).expect("queries.toml")
}

#[test]
fn rules_search_puts_the_expected_result_first() {
    let mut wrong = Vec::new();
    for q in golden().query {
        let got = ids(&["rules", "search", "data/dougram", "--json", "--", &q.q]);
        let first = got.first().cloned().unwrap_or_default();
        if first != q.first {
            wrong.push(format!("“{}”: expected {:?} first, got {:?}", q.q, q.first, got));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn cards_search_filters_by_field_and_negation() {
    for q in golden().cards {
        assert_eq!(ids(&["cards", "search", "data/dougram", "--json", "--", &q.q]), q.ids, "“{}”", q.q);
    }
}

#[test]
fn search_defaults_to_the_dougram_pack_and_prints_plain_lines() {
    let output = pnpkit(&root(), &["rules", "search", "#29"]);
    let (stdout, _) = text(&output);
    assert!(stdout.starts_with("card    card-29"), "{stdout}");
}
