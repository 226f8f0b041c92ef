//! The HTML reference in headless Chromium, opened from `file://`: every query of
//! tests/search/queries.toml must put the same result first as the CLI does, and the page must
//! need nothing from the network. Runs when Debian's `chromium` is installed (CI installs it;
//! locally the test says it is skipped).

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
    let url = format!("file://{}", out.join("rules.html").display());
    let profile = dir.join("profile");
    let mut wrong = Vec::new();
    for q in golden["query"].as_array().unwrap() {
        let (query, first) = (q["q"].as_str().unwrap(), q["first"].as_str().unwrap());
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
        if got != first {
            wrong.push(format!("“{query}”: the page put {got:?} first, the golden file says {first:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let _ = std::fs::remove_dir_all(&dir);
}
