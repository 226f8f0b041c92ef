//! Search: the player questions of tests/search/questions.toml through the CLI, answered at the
//! rates issue 16 asks (≥ 90 % with an answer in the top 3, ≥ 70 % first); every query of
//! tests/search/queries.toml through the CLI (`--json`), compared with the result it must put first; card queries with filters (built-in and typed fields, on the pack
//! each names) compared with their full result; a limit that cuts results says how many there
//! were; a query naming no filter is an error.

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
    #[serde(default = "default_pack")]
    pack: String,
    q: String,
    ids: Vec<String>,
}

/// The JSON a search prints: the total and the hits shown.
pub(crate) fn found(args: &[&str]) -> serde_json::Value {
    let output = pnpkit(&root(), args);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    serde_json::from_slice(&output.stdout).expect("JSON")
}

/// A player's question and the documents that answer it.
#[derive(Clone, Deserialize)]
pub(crate) struct Question {
    pub(crate) q: String,
    lang: String,
    /// The pack asked about (data/dougram when not given).
    #[serde(default = "default_pack")]
    pub(crate) pack: String,
    kinds: Vec<String>,
    answers: Vec<String>,
}

/// The pack a question or card query asks about when it names none.
fn default_pack() -> String {
    "data/dougram".into()
}

/// The player questions of a file in tests/search/.
pub(crate) fn questions_of(file: &str) -> Vec<Question> {
    #[derive(Deserialize)]
    struct File {
        question: Vec<Question>,
    }
    let text = std::fs::read_to_string(root().join("tests/search").join(file)).unwrap();
    toml::from_str::<File>(&text).expect(file).question
}

/// The player questions of tests/search/questions.toml (data/dougram).
pub(crate) fn questions() -> Vec<Question> {
    questions_of("questions.toml")
}

/// Of `results` (per question, the ids shown in order): the percentage answered first, the
/// percentage with an answer in the top 3, and the questions that missed, one a line.
pub(crate) fn rates(questions: &[Question], results: &[Vec<String>]) -> (f64, f64, String) {
    let (mut first, mut top3, mut misses) = (0, 0, String::new());
    for (q, ids) in questions.iter().zip(results) {
        let answers = |n: usize| ids.iter().take(n).any(|id| q.answers.contains(id));
        first += usize::from(answers(1));
        top3 += usize::from(answers(3));
        if !answers(1) {
            misses.push_str(&format!(
                "  {} “{}” ({}): {:?}, answers {:?}\n",
                q.lang,
                q.q,
                q.kinds.join(" "),
                &ids[..ids.len().min(3)],
                q.answers
            ));
        }
    }
    let percent = |n: usize| 100.0 * n as f64 / questions.len().max(1) as f64;
    (percent(first), percent(top3), misses)
}

#[test]
fn player_questions_find_their_answer_in_the_cli() {
    let questions = questions();
    assert!(questions.len() >= 60, "at least 60 questions");
    let japanese = questions.iter().filter(|q| q.lang == "ja").count();
    assert!(japanese * 2 >= questions.len() - 1 && japanese * 2 <= questions.len() + 1, "half of them Japanese");
    for kind in ["typo", "fullwidth", "variant", "number", "card"] {
        assert!(questions.iter().any(|q| q.kinds.iter().any(|k| k == kind)), "questions of kind {kind}");
    }
    let results: Vec<Vec<String>> = questions
        .iter()
        .map(|q| ids(&["rules", "search", "data/dougram", "--json", "--limit", "3", "--", &q.q]))
        .collect();
    let (top1, top3, misses) = rates(&questions, &results);
    eprintln!("player questions in the CLI: {top1:.0} % answered first, {top3:.0} % in the top 3");
    assert!(top3 >= 90.0 && top1 >= 70.0, "{top1:.0} % first, {top3:.0} % in the top 3; not first:\n{misses}");
    for lang in ["en", "ja"] {
        let (qs, rs): (Vec<&Question>, Vec<&Vec<String>>) =
            questions.iter().zip(&results).filter(|(q, _)| q.lang == lang).unzip();
        let answered = qs.iter().zip(rs).filter(|(q, ids)| ids.iter().any(|id| q.answers.contains(id))).count();
        assert!(answered * 100 >= 80 * qs.len(), "{lang}: {answered} of {} answered in the top 3", qs.len());
    }
}

#[test]
fn player_questions_about_four_more_packs_in_two_languages() {
    let questions = questions_of("questions-packs.toml");
    let packs: std::collections::BTreeSet<&str> = questions.iter().map(|q| q.pack.as_str()).collect();
    assert!(questions.len() >= 60 && packs.len() >= 3, "60 questions across three packs at least");
    let japanese = questions.iter().filter(|q| q.lang == "ja").count();
    assert!(japanese * 2 >= questions.len() - 1 && japanese * 2 <= questions.len() + 1, "half of them Japanese");
    let results: Vec<Vec<String>> =
        questions.iter().map(|q| ids(&["rules", "search", &q.pack, "--json", "--limit", "3", "--", &q.q])).collect();
    // Each language, and each pack in each language (printed for the note), holds the goal:
    // 90 % in the top 3 and 70 % first.
    let mut report = String::new();
    let mut floors_missed = Vec::new();
    for (what, floor1, floor3) in [("en", 70.0, 90.0), ("ja", 70.0, 90.0)] {
        let (qs, rs): (Vec<Question>, Vec<Vec<String>>) =
            questions.iter().cloned().zip(results.iter().cloned()).filter(|(q, _)| q.lang == what).unzip();
        let (top1, top3, misses) = rates(&qs, &rs);
        report.push_str(&format!("{what}: {top1:.0} % first, {top3:.0} % in the top 3 ({} questions)\n", qs.len()));
        if top1 < floor1 || top3 < floor3 {
            floors_missed.push(format!("{what}: {top1:.0} % first, {top3:.0} % in the top 3; not first:\n{misses}"));
        }
    }
    for pack in &packs {
        for lang in ["en", "ja"] {
            let picked: Vec<usize> =
                (0..questions.len()).filter(|&i| questions[i].pack == *pack && questions[i].lang == lang).collect();
            let first = picked
                .iter()
                .filter(|&&i| results[i].first().is_some_and(|id| questions[i].answers.contains(id)))
                .count();
            let top3 =
                picked.iter().filter(|&&i| results[i].iter().any(|id| questions[i].answers.contains(id))).count();
            report.push_str(&format!(
                "{pack} {lang}: {first} of {n} first, {top3} of {n} in the top 3\n",
                n = picked.len()
            ));
            if first * 10 < picked.len() * 7 || top3 * 10 < picked.len() * 9 {
                floors_missed.push(format!("{pack} {lang}: {first} first, {top3} in the top 3 of {}", picked.len()));
            }
        }
    }
    eprintln!("{report}");
    assert!(floors_missed.is_empty(), "{}", floors_missed.join("\n"));
}

pub(crate) fn ids(args: &[&str]) -> Vec<String> {
    let found = found(args);
    found["hits"].as_array().unwrap().iter().map(|h| h["id"].as_str().unwrap().to_string()).collect()
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
        assert_eq!(ids(&["cards", "search", &q.pack, "--json", "--", &q.q]), q.ids, "“{}” on {}", q.q, q.pack);
    }
}

#[test]
fn a_limit_that_cuts_the_results_says_how_many_there_were() {
    let args = ["cards", "search", "data/submarine-attack", "--limit", "3", "--", "dice>=5"];
    let (stdout, _) = text(&pnpkit(&root(), &args));
    let lines: Vec<&str> = stdout.lines().collect();
    // Each result: kind, number, name, side and anchor, then its text indented.
    assert_eq!(lines.len(), 7, "{stdout}");
    assert!(lines[0].starts_with("カード   9 · 魚雷S Torpedo S") && lines[0].ends_with("(card-9)"), "{stdout}");
    assert!(lines[1].starts_with("         Attack: roll 7 dice"), "{stdout}");
    assert!(lines[4].ends_with("(card-11)"), "{stdout}");
    assert_eq!(lines[6], "6件中3件; --limit 6 で全件", "in the pack's first language");
    let json = found(&["cards", "search", "data/submarine-attack", "--json", "--limit", "3", "--", "dice>=5"]);
    assert_eq!(json["total"], 6);
    assert_eq!(
        ids(&["cards", "search", "data/submarine-attack", "--json", "--limit", "3", "--", "dice>=5"]),
        ["card-9", "card-10", "card-11"]
    );
    let rules = found(&["rules", "search", "data/dougram", "--json", "--limit", "2", "capture"]);
    assert_eq!(rules["hits"].as_array().unwrap().len(), 2);
    assert!(rules["total"].as_u64().unwrap() > 2, "{rules}");
    let (all, _) = text(&pnpkit(&root(), &["cards", "search", "data/submarine-attack", "--", "dice>=5"]));
    assert_eq!(all.lines().count(), 12, "no count line when nothing is cut: {all}");
}

#[test]
fn an_unknown_field_is_an_error_that_lists_the_known_ones() {
    let output = pnpkit(&root(), &["cards", "search", "data/twilight-struggle", "--", "ops>=3 perod:early"]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines[0], "error: no filter or card field is named `perod`");
    assert_eq!(lines[1], "  ops>=3 perod:early");
    assert_eq!(lines[2], "         ^^^^^");
    assert_eq!(lines[3], "  = help: did you mean `period`?");
    assert!(lines[5].contains("ops>=N (作戦値 · operations value)"), "{stderr}");
    assert!(lines[5].contains("era:early|mid|late (時代 · war period)"), "{stderr}");
    assert!(lines[5].contains("no_hold (保留不可 · may not be held)"), "{stderr}");
}

#[test]
fn comparing_a_field_that_is_no_number_is_an_error() {
    let output = pnpkit(&root(), &["cards", "search", "data/twilight-struggle", "--", "era>=2"]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("error: `>=` compares numbers, and `era` is not a number\n  era>=2\n     ^^\n"),
        "{stderr}"
    );
    assert!(stderr.contains("= help: write era:early|mid|late"), "{stderr}");
}

#[test]
fn a_bare_flag_name_is_a_filter_in_card_search() {
    assert_eq!(ids(&["cards", "search", "data/doomtrooper", "--json", "famous"]), ["card-5", "card-7"]);
    assert_eq!(ids(&["cards", "search", "data/twilight-struggle", "--json", "--", "-starred"]), ["card-6", "card-31"]);
}

#[test]
fn search_defaults_to_the_dougram_pack_and_prints_plain_lines() {
    let output = pnpkit(&root(), &["rules", "search", "#29"]);
    let (stdout, _) = text(&output);
    assert!(
        stdout.starts_with("カード   29 · 解放人民政府樹立") && stdout.lines().next().unwrap().ends_with("(card-29)"),
        "{stdout}"
    );
}

#[test]
fn find_lists_the_areas_a_filter_selects_as_areas_csv_says() {
    // Read areas.csv independently: battlegrounds whose stability is 3 or more.
    let csv = std::fs::read_to_string(root().join("data/twilight-struggle/areas.csv")).unwrap();
    let mut lines = csv.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| head.iter().position(|h| *h == name).unwrap();
    let (id, name, stability, battleground) = (col("id"), col("name_ja"), col("stability"), col("battleground"));
    // Each area as find prints it: its id, its name and the values the filter tested.
    let expected: Vec<(String, String)> = lines
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|c| c[battleground] == "yes" && c[stability].parse::<i64>().is_ok_and(|s| s >= 3))
        .map(|c| (c[id].to_string(), format!("{}  battleground=true  stability={}", c[name], c[stability])))
        .collect();
    assert!(expected.len() > 5, "the pack has such areas: {expected:?}");
    let output = pnpkit(&root(), &["find", "data/twilight-struggle", "areas", "battleground", "stability>=3"]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let mut lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.pop(), Some(format!("{} areas", expected.len()).as_str()));
    let printed: Vec<(String, String)> = lines
        .iter()
        .map(|l| l.split_once("  ").map(|(id, rest)| (id.trim().to_string(), rest.trim().to_string())).unwrap())
        .collect();
    assert_eq!(printed, expected);
    // A misspelt field is an error with the column and the fields the collection has.
    let output = pnpkit(&root(), &["find", "data/twilight-struggle", "areas", "stabilty>=3"]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr.contains("did you mean `stability`?") && stderr.contains("subregions:west|east"), "{stderr}");
}
