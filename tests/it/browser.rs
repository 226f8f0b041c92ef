//! The HTML reference in headless Chromium, opened from `file://`: every query of
//! tests/search/queries.toml, typed into the search box by Playwright (tests/browser/search.mjs)
//! and also passed in the URL, must put the same result first as the CLI does, and the page must
//! request nothing from the network. Runs when Debian's `chromium` is installed (CI installs it
//! and the Playwright driver; locally the test says what it skipped).

use std::process::Command;

use super::support::{pnpkit, root, temp_dir, text};

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
    let out = dir.join("out");
    let output = pnpkit(&root(), &["build", "data/dougram", "--out", &out.to_string_lossy(), "--only", "reference"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    let html = std::fs::read_to_string(out.join("rules.html")).unwrap();
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
    let list = dir.join("queries.json");
    std::fs::write(&list, serde_json::to_string(&queries.iter().map(|q| q.0).collect::<Vec<_>>()).unwrap()).unwrap();
    let html_path = out.join("rules.html");
    let mut wrong = Vec::new();
    // Playwright types each query into the search box, as a reader would.
    let browser_dir = root().join("tests/browser");
    if browser_dir.join("node_modules/playwright-core").is_dir() {
        let run = Command::new("node")
            .arg(browser_dir.join("search.mjs"))
            .arg(&html_path)
            .arg(&list)
            .output()
            .expect("run node");
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
        let report: serde_json::Value = serde_json::from_slice(&run.stdout).expect("JSON from search.mjs");
        for (result, (query, first)) in report["results"].as_array().unwrap().iter().zip(&queries) {
            let got = result["first"].as_str().unwrap_or("");
            if got != *first {
                wrong.push(format!("typed “{query}”: the page put {got:?} first, the golden file says {first:?}"));
            }
        }
        let requests: Vec<&str> = report["requests"].as_array().unwrap().iter().filter_map(|r| r.as_str()).collect();
        assert!(
            requests.iter().all(|r| r.starts_with("file://")),
            "the page requested something from the network: {requests:?}"
        );
    } else {
        assert!(std::env::var_os("CI").is_none(), "CI installs tests/browser/node_modules (npm install)");
        eprintln!(
            "tests/browser/node_modules is missing (npm install in tests/browser); using --dump-dom instead of typing"
        );
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
        let got = dom.split("<li class=\"hit\" data-id=\"").nth(1).and_then(|s| s.split('"').next()).unwrap_or("");
        if got != *first {
            wrong.push(format!("“{query}” in the URL: the page put {got:?} first, the golden file says {first:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let _ = std::fs::remove_dir_all(&dir);
}
