//! The HTML reference in headless Chromium, opened from `file://`: every query of
//! tests/search/queries.toml, typed into the search box by Playwright (tests/browser/search.mjs)
//! and also passed in the URL, must put the same result first as the CLI does, and the page must
//! request nothing from the network. Every card query, on the reference of its pack, must show the
//! cards `pnpkit cards search` finds; a limit says how many results there were, and a query error
//! says what the CLI says. Runs when Debian's `chromium` is installed (CI installs it and the
//! Playwright driver; locally the test says what it skipped).

use std::path::Path;
use std::process::Command;

use super::support::{pnpkit, root, temp_dir, text};

/// Builds the reference of `pack` into `out` and returns the path of its rules.html.
pub(crate) fn reference(pack: &str, out: &Path) -> std::path::PathBuf {
    let output = pnpkit(&root(), &["build", pack, "--out", &out.to_string_lossy(), "--only", "reference"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    out.join("rules.html")
}

/// Types each of `queries` into the page with Playwright: per query, the result ids shown and the
/// status line. `None` when the Playwright driver is not installed.
fn typed(html: &Path, queries: &[&str], list: &Path) -> Option<Vec<(Vec<String>, String)>> {
    let browser_dir = root().join("tests/browser");
    if !browser_dir.join("node_modules/playwright-core").is_dir() {
        return None;
    }
    std::fs::write(list, serde_json::to_string(queries).unwrap()).unwrap();
    let run = Command::new("node").arg(browser_dir.join("search.mjs")).arg(html).arg(list).output().expect("run node");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let report: serde_json::Value = serde_json::from_slice(&run.stdout).expect("JSON from search.mjs");
    let requests: Vec<&str> = report["requests"].as_array().unwrap().iter().filter_map(|r| r.as_str()).collect();
    assert!(
        requests.iter().all(|r| r.starts_with("file://")),
        "the page requested something from the network: {requests:?}"
    );
    assert_eq!(report["errors"], serde_json::json!([]), "the page's script failed");
    let shown = report["results"].as_array().unwrap().iter().map(|r| {
        let ids = r["ids"].as_array().unwrap().iter().map(|i| i.as_str().unwrap().to_string()).collect();
        (ids, r["status"].as_str().unwrap().to_string())
    });
    Some(shown.collect())
}

#[test]
fn the_offline_reference_reads_lettered_rule_numbers_as_the_cli_does() {
    let pack = "tests/packs/lettered-rules";
    let dir = temp_dir("browser-lettered");
    let html_path = reference(pack, &dir.join("out"));
    let queries = ["2.1b", "a.2", "what does 2.2m say", "2.2"];
    let Some(shown) = typed(&html_path, &queries, &dir.join("queries.json")) else {
        assert!(std::env::var_os("CI").is_none(), "the Playwright driver is required in CI");
        eprintln!("skipping: the Playwright driver is not installed");
        return;
    };
    for ((ids, _), query) in shown.iter().zip(queries) {
        let cli = super::search::ids(&["rules", "search", pack, "--json", "--limit", "30", "--", query]);
        assert_eq!(*ids, cli, "typed “{query}”: the page and the CLI differ");
    }
    let firsts: Vec<&str> = shown.iter().map(|(ids, _)| ids.first().map_or("", String::as_str)).collect();
    assert_eq!(firsts, ["clause-turns.light", "clause-variants.team", "clause-turns.stars", "clause-turns.limits"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_offline_reference_answers_the_other_packs_questions_as_the_cli_does() {
    let questions = super::search::questions_of("questions-packs.toml");
    let packs: std::collections::BTreeSet<&str> = questions.iter().map(|q| q.pack.as_str()).collect();
    let dir = temp_dir("browser-packs");
    let mut wrong = Vec::new();
    for (n, pack) in packs.iter().enumerate() {
        let html_path = reference(pack, &dir.join(format!("out-{n}")));
        let texts: Vec<&str> = questions.iter().filter(|q| q.pack == *pack).map(|q| q.q.as_str()).collect();
        let Some(shown) = typed(&html_path, &texts, &dir.join("queries.json")) else {
            assert!(std::env::var_os("CI").is_none(), "the Playwright driver is required in CI");
            eprintln!("skipping: the Playwright driver is not installed");
            return;
        };
        // The players' index, the irregular forms and the everyday words weigh alike on both sides.
        for ((ids, _), query) in shown.iter().zip(&texts) {
            let cli = super::search::ids(&["rules", "search", pack, "--json", "--limit", "30", "--", query]);
            if *ids != cli {
                wrong.push(format!("{pack}: typed “{query}”: the page shows {ids:?}, the CLI {cli:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

fn percent(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

#[test]
fn the_offline_reference_finds_what_the_cli_finds() {
    if Command::new("chromium").arg("--version").output().is_err() {
        assert!(std::env::var_os("CI").is_none(), "chromium is required in CI");
        eprintln!("skipping: chromium is not installed");
        return;
    }
    let dir = temp_dir("browser");
    let html_path = reference("data/dougram", &dir.join("out"));
    let html = std::fs::read_to_string(&html_path).unwrap();
    assert!(html.len() < 1_000_000, "under 1 MB: {} bytes", html.len());
    for forbidden in ["src=\"http", "href=\"http", "fetch(", "XMLHttpRequest", "import(", "<script type=\"module\""] {
        assert!(!html.contains(forbidden), "the page must not load anything: found {forbidden}");
    }
    for anchor in [
        r#"id="13.4""#,
        r#"id="clause-capture.garcia""#,
        r#"id="card-29""#,
        r#"id="term-hidden-chit""#,
        "referenced by",
    ] {
        assert!(html.contains(anchor), "rules.html lacks {anchor}");
    }
    let golden: toml::Value =
        toml::from_str(&std::fs::read_to_string(root().join("tests/search/queries.toml")).unwrap()).unwrap();
    let queries: Vec<(&str, &str)> = golden["query"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| (q["q"].as_str().unwrap(), q["first"].as_str().unwrap()))
        .collect();
    let questions = super::search::questions();
    let mut wrong = Vec::new();
    // Playwright types each query and each player question into the search box, as a reader
    // would: the page shows what the CLI finds, in the CLI's order (the page shows 30).
    let texts: Vec<&str> = queries.iter().map(|q| q.0).chain(questions.iter().map(|q| q.q.as_str())).collect();
    match typed(&html_path, &texts, &dir.join("queries.json")) {
        Some(shown) => {
            for ((ids, _), query) in shown.iter().zip(&texts) {
                let cli =
                    super::search::ids(&["rules", "search", "data/dougram", "--json", "--limit", "30", "--", query]);
                if *ids != cli {
                    wrong.push(format!("typed “{query}”: the page shows {ids:?}, the CLI {cli:?}"));
                }
            }
            for ((ids, _), (query, first)) in shown.iter().zip(&queries) {
                let got = ids.first().map_or("", String::as_str);
                if got != *first {
                    wrong.push(format!("typed “{query}”: the page put {got:?} first, the golden file says {first:?}"));
                }
            }
            let page: Vec<Vec<String>> = shown[queries.len()..].iter().map(|(ids, _)| ids.clone()).collect();
            let (top1, top3, misses) = super::search::rates(&questions, &page);
            eprintln!("player questions in the page: {top1:.0} % answered first, {top3:.0} % in the top 3");
            if top3 < 90.0 || top1 < 70.0 {
                wrong.push(format!("the page answers {top1:.0} % first and {top3:.0} % in the top 3:\n{misses}"));
            }
        }
        None => {
            assert!(std::env::var_os("CI").is_none(), "CI installs tests/browser/node_modules (npm install)");
            eprintln!(
                "tests/browser/node_modules is missing (npm install in tests/browser); using --dump-dom instead of typing"
            );
        }
    }
    // The same queries through the URL (`#q=`), read back with chromium's --dump-dom.
    let url = format!("file://{}", html_path.display());
    let profile = dir.join("profile");
    for (query, first) in &queries {
        let dom = Command::new("chromium")
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("--dump-dom")
            .arg(format!("{url}#q={}", percent(query)))
            .output()
            .expect("run chromium");
        let dom = String::from_utf8_lossy(&dom.stdout);
        let got = dom.split(" data-id=\"").nth(1).and_then(|s| s.split('"').next()).unwrap_or("");
        if got != *first {
            wrong.push(format!("“{query}” in the URL: the page put {got:?} first, the golden file says {first:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `pnpkit cards search` as JSON: the ids of every result.
fn cli_cards(pack: &str, query: &str) -> Vec<String> {
    let output = pnpkit(&root(), &["cards", "search", pack, "--json", "--limit", "1000", "--", query]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    let found: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    found["hits"].as_array().unwrap().iter().map(|h| h["id"].as_str().unwrap().to_string()).collect()
}

/// What the CLI says of a query error, as the page's status line says it: the message, then the
/// hints, one a line.
fn cli_error(pack: &str, query: &str) -> String {
    let output = pnpkit(&root(), &["cards", "search", pack, "--", query]);
    assert_eq!(output.status.code(), Some(1));
    let (_, stderr) = text(&output);
    let message = stderr.lines().next().unwrap().trim_start_matches("error: ");
    let hints = stderr.lines().filter_map(|l| l.strip_prefix("  = help: "));
    std::iter::once(message).chain(hints).collect::<Vec<_>>().join("\n")
}

#[test]
fn the_offline_reference_filters_cards_as_the_cli_does() {
    if Command::new("chromium").arg("--version").output().is_err()
        || !root().join("tests/browser/node_modules/playwright-core").is_dir()
    {
        assert!(std::env::var_os("CI").is_none(), "chromium and tests/browser/node_modules are required in CI");
        eprintln!("skipping: chromium or the Playwright driver is not installed");
        return;
    }
    let golden: toml::Value =
        toml::from_str(&std::fs::read_to_string(root().join("tests/search/queries.toml")).unwrap()).unwrap();
    let mut by_pack: std::collections::BTreeMap<&str, Vec<(&str, Vec<String>)>> = Default::default();
    for q in golden["cards"].as_array().unwrap() {
        let pack = q.get("pack").and_then(|p| p.as_str()).unwrap_or("data/dougram");
        let ids = q["ids"].as_array().unwrap().iter().map(|i| i.as_str().unwrap().to_string()).collect();
        by_pack.entry(pack).or_default().push((q["q"].as_str().unwrap(), ids));
    }
    assert!(by_pack.len() >= 4, "card queries on dougram and three packs with typed fields");
    let dir = temp_dir("browser-cards");
    let mut wrong = Vec::new();
    for (n, (pack, queries)) in by_pack.iter().enumerate() {
        let html = reference(pack, &dir.join(format!("out-{n}")));
        let texts: Vec<&str> = queries.iter().map(|q| q.0).collect();
        let shown = typed(&html, &texts, &dir.join(format!("cards-{n}.json"))).expect("Playwright");
        for ((ids, status), (query, expected)) in shown.iter().zip(queries) {
            let cards: Vec<String> = ids.iter().filter(|i| i.starts_with("card-")).cloned().collect();
            if &cards != expected || cli_cards(pack, query) != *expected {
                wrong.push(format!(
                    "“{query}” on {pack}: the page shows {cards:?} ({status:?}), the golden file says {expected:?}"
                ));
            }
        }
    }
    // A limit: the page shows 30 results and says how many the CLI finds.
    let html = reference("data/submarine-attack", &dir.join("out-limit"));
    let ts = reference("data/twilight-struggle", &dir.join("out-error"));
    let shown = typed(&html, &["number>0"], &dir.join("limit.json")).expect("Playwright");
    assert_eq!(shown[0].0.len(), 30);
    assert_eq!(shown[0].0, cli_cards("data/submarine-attack", "number>0")[..30]);
    assert_eq!(shown[0].1, "36件中30件 30 of 36 results", "in the pack's languages");
    // A query error: the page says what the CLI says, and shows no result.
    let query = "ops>=3 perod:early";
    let shown = typed(&ts, &[query, "era>=2"], &dir.join("error.json")).expect("Playwright");
    assert_eq!(shown[0], (Vec::new(), cli_error("data/twilight-struggle", query)));
    assert!(
        shown[0].1.starts_with("no filter or card field is named `perod`\ndid you mean `period`?\n"),
        "{}",
        shown[0].1
    );
    assert_eq!(shown[1].1, cli_error("data/twilight-struggle", "era>=2"));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Card and term names that would break out of the places pnpkit writes them into: a script
/// element, a Graphviz string, a Mermaid label.
const HOSTILE: &[(&str, &str, &str)] = &[
    // (file, the cell as it is in data/dougram, the cell made hostile)
    ("cards.csv", ",Stowaway,", ",Stowaway <!--<script>,"),
    ("cards.csv", ",Bax's Arms Procurement,", ",\"Bax's \"\"Arms\"\" </script> <b>Procurement\\\","),
    ("cards.csv", "2,バックスの武器調達,", "2,バックスの武器調達 # & \\,"),
    ("terms.csv", "soldier,兵士,soldier,", "soldier,兵士,\"soldier <!--<script> </script> \"\"<b>\"\"\","),
];

/// The names of [`HOSTILE`] as they read once unquoted.
const HOSTILE_NAMES: &[&str] = &[
    "Stowaway <!--<script>",
    "Bax's \"Arms\" </script> <b>Procurement\\",
    "2 バックスの武器調達 # & \\",
    "soldier <!--<script> </script> \"<b>\"",
];

/// A copy of data/dougram with [`HOSTILE`] names, built into `dir/out` (reference and flowchart).
fn hostile_build(dir: &Path) -> std::path::PathBuf {
    let pack = dir.join("pack");
    super::support::copy_dir(&root().join("data/dougram"), &pack);
    for (file, from, to) in HOSTILE {
        let path = pack.join(file);
        let csv = std::fs::read_to_string(&path).unwrap();
        assert_eq!(csv.matches(from).count(), 1, "{file}: {from}");
        std::fs::write(&path, csv.replacen(from, to, 1)).unwrap();
    }
    let out = dir.join("out");
    let output = pnpkit(
        &root(),
        &[
            "build",
            &pack.to_string_lossy(),
            "--out",
            &out.to_string_lossy(),
            "--only",
            "reference",
            "--only",
            "flowchart",
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    out
}

/// Every string in a JSON value.
fn strings(value: &serde_json::Value, into: &mut Vec<String>) {
    match value {
        serde_json::Value::String(s) => into.push(s.clone()),
        serde_json::Value::Array(a) => a.iter().for_each(|v| strings(v, into)),
        serde_json::Value::Object(o) => o.values().for_each(|v| strings(v, into)),
        _ => {}
    }
}

/// Graphviz's reading of a double-quoted string starting just after its opening quote: the text
/// up to the closing quote, with `\\` and `\"` unescaped, and the rest after the quote.
fn dot_string(s: &str) -> Option<(String, &str)> {
    let mut out = String::new();
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((out, &s[i + 1..])),
            '\\' => match chars.next()?.1 {
                'n' => out.push('\n'),
                other @ ('\\' | '"') => out.push(other),
                other => panic!("unexpected escape \\{other} in flowchart.dot"),
            },
            c => out.push(c),
        }
    }
    None
}

#[test]
fn hostile_names_stay_inside_the_search_index_the_dot_file_and_the_mermaid_labels() {
    let dir = temp_dir("hostile-names");
    let out = hostile_build(&dir);
    let html = std::fs::read_to_string(out.join("rules.html")).unwrap();
    // The index script holds no markup at all; its JSON reads back with every name in it.
    let script = html.split("<script>const INDEX = ").nth(1).and_then(|s| s.split(";</script>").next()).unwrap();
    for markup in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
        assert!(!script.contains(markup), "the index script holds {markup:?}");
    }
    let index: serde_json::Value = serde_json::from_str(script).expect("the index is JSON");
    let mut texts = Vec::new();
    strings(&index, &mut texts);
    for name in HOSTILE_NAMES.iter().map(|n| n.trim_start_matches("2 ")) {
        assert!(texts.iter().any(|t| t.contains(name)), "the index lacks {name:?}");
    }
    assert_eq!(html.matches("<script>").count(), 2, "the index and the search script, nothing else");
    // flowchart.dot: every quoted string closes where it should, each node line is whole, and the
    // labels unescape to the names.
    let dot = std::fs::read_to_string(out.join("flowchart.dot")).unwrap();
    let mut labels = Vec::new();
    for line in dot.lines().filter(|l| l.contains('"')) {
        let mut rest = line;
        let mut strings = Vec::new();
        while let Some(at) = rest.find('"') {
            let (s, after) = dot_string(&rest[at + 1..]).unwrap_or_else(|| panic!("an unclosed string: {line}"));
            strings.push(s);
            rest = after;
        }
        assert!(rest.ends_with(']') || rest.ends_with("];") || rest.ends_with(';'), "{line}");
        if line.contains(" label=") && line.contains("[id=") {
            labels.push(strings[1].clone());
        }
    }
    for name in ["Stowaway <!--<script>", "Bax's \"Arms\" </script> <b>Procurement\\", "2 バックスの武器調達 # & \\"]
    {
        assert!(labels.iter().any(|l| l.split('\n').any(|part| part == name)), "no dot label reads {name:?}");
    }
    // flowchart.mmd: no raw markup in a label but the line breaks pnpkit puts there.
    let mermaid = std::fs::read_to_string(out.join("flowchart.mmd")).unwrap();
    for line in mermaid.lines().filter(|l| l.contains("[\"")) {
        let label = line.split_once("[\"").unwrap().1.strip_suffix("\"]").unwrap_or_else(|| panic!("{line}"));
        let label = label.replace("<br/>", "\n");
        assert!(!label.contains(['<', '>', '"', '`']), "raw markup in a Mermaid label: {line}");
    }
    assert!(mermaid.contains("Stowaway #lt;!--#lt;script#gt;"), "{mermaid}");
    assert!(mermaid.contains("Bax's #quot;Arms#quot; #lt;/script#gt; #lt;b#gt;Procurement\\"), "{mermaid}");
    assert!(mermaid.contains("2 バックスの武器調達 #35; #amp; \\"), "{mermaid}");
    // The page's search finds them, typed in headless Chromium.
    if Command::new("chromium").arg("--version").output().is_err()
        || !root().join("tests/browser/node_modules/playwright-core").is_dir()
    {
        assert!(std::env::var_os("CI").is_none(), "chromium and tests/browser/node_modules are required in CI");
        eprintln!("skipping the browser half: chromium or the Playwright driver is not installed");
    } else {
        let shown = typed(&out.join("rules.html"), &["Stowaway", "Procurement", "soldier"], &dir.join("hostile.json"))
            .expect("Playwright");
        assert!(shown[0].0.iter().any(|id| id == "card-20"), "{shown:?}");
        assert!(shown[1].0.iter().any(|id| id == "card-2"), "{shown:?}");
        assert!(shown[2].0.iter().any(|id| id == "term-soldier"), "{shown:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_reference_works_from_the_keyboard_and_passes_axe() {
    if Command::new("chromium").arg("--version").output().is_err()
        || !root().join("tests/browser/node_modules/axe-core").is_dir()
    {
        assert!(std::env::var_os("CI").is_none(), "chromium and tests/browser/node_modules are required in CI");
        eprintln!("skipping: chromium, Playwright or axe-core is not installed");
        return;
    }
    let dir = temp_dir("browser-keys");
    let html = reference("data/dougram", &dir.join("out"));
    let run = Command::new("node")
        .arg(root().join("tests/browser/page.mjs"))
        .arg(&html)
        .arg("stacking")
        .output()
        .expect("run node");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let seen: serde_json::Value = serde_json::from_slice(&run.stdout).expect("JSON from page.mjs");
    assert_eq!(seen["errors"], serde_json::json!([]), "the page's script failed");
    // axe-core: no serious or critical violation, loaded, with results, after opening one.
    for (state, violations) in seen["axe"].as_object().unwrap() {
        let bad: Vec<&serde_json::Value> = violations
            .as_array()
            .unwrap()
            .iter()
            .filter(|v| matches!(v["impact"].as_str(), Some("serious" | "critical")))
            .collect();
        assert!(bad.is_empty(), "axe-core, {state}: {bad:#?}");
    }
    assert_eq!(seen["slash"]["focus"], "search", "`/` focuses the search box");
    let typed = &seen["typed"];
    let cli = super::search::ids(&["rules", "search", "data/dougram", "--json", "--limit", "30", "--", "stacking"]);
    assert_eq!(typed["ids"], serde_json::json!(cli), "the results of the CLI");
    assert_eq!(typed["expanded"], "true");
    // ↓ ↓ chooses the second result.
    assert_eq!(seen["chosen"]["activedescendant"], "hit-1");
    assert_eq!(seen["chosen"]["selected"], serde_json::json!([cli[1]]));
    // Enter opens it: the list closes, the entry has the focus and shows below the header.
    let opened = &seen["opened"];
    assert_eq!(opened["hidden"], true);
    assert_eq!(opened["expanded"], "false");
    assert_eq!(opened["focus"], cli[1].as_str());
    assert_eq!(opened["hash"], format!("#{}", cli[1]));
    let place = &opened["place"];
    let (top, header, viewport) =
        (place["top"].as_f64().unwrap(), place["header"].as_f64().unwrap(), place["viewport"].as_f64().unwrap());
    assert!(top >= header && top < viewport, "the chosen entry is in view below the header: {place}");
    // Esc clears the box and the results.
    assert_eq!(seen["cleared"]["value"], "");
    assert_eq!(seen["cleared"]["ids"], serde_json::json!([]));
    let _ = std::fs::remove_dir_all(&dir);
}
