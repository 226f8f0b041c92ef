//! The reference and the rulebook at 3,000 clauses and 700 glossary terms: data/dougram with its
//! rules repeated 16 times (renumbered, ids suffixed) and its glossary 10 times (names numbered,
//! pointing at their own copy's clauses). Prints the median time of `build --only rulebook` and of
//! `build --only reference` over five runs each, then types every player question of
//! tests/search/questions.toml into the built page's search box a character at a time in headless
//! Chromium (tests/browser/latency.mjs) and prints the median and 95th percentile of the time from
//! a keystroke to the results laid out, and to the next frame.
//! Needs chromium and tests/browser/node_modules (as the browser tests do).
//! `cargo bench --bench rules_page`

use std::path::{Path, PathBuf};
use std::process::Command;

const COPIES: usize = 16;
/// Copies of the glossary: 10 × dougram's 70 terms.
const TERM_COPIES: usize = 10;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A rules line of copy `k` (k > 0): section and clause numbers moved past the earlier copies,
/// ids and rule references suffixed.
fn shifted(line: &str, k: usize, sections: usize) -> String {
    let mut line = line.to_string();
    // The first copies of the glossary are the terms of the first copies of the rules.
    let markers: &[&str] = if k < TERM_COPIES { &["{#", "[[rule:", "[[term:"] } else { &["{#", "[[rule:"] };
    for &marker in markers {
        let close = if marker == "{#" { "}" } else { "]]" };
        let mut out = String::new();
        let mut rest = line.as_str();
        while let Some(at) = rest.find(marker) {
            let end = rest[at..].find(close).map_or(rest.len(), |e| at + e);
            out.push_str(&rest[..end]);
            out.push_str(&format!("-k{k}"));
            rest = &rest[end..];
        }
        out.push_str(rest);
        line = out;
    }
    let (prefix, body) = if let Some(b) = line.strip_prefix("## ") {
        ("## ", b.to_string())
    } else if let Some(b) = line.strip_prefix("# ") {
        ("# ", b.to_string())
    } else {
        ("", line.clone())
    };
    let number: String = body.chars().take_while(|c| c.is_ascii_digit()).collect();
    let rest = &body[number.len()..];
    if number.is_empty() || !(rest.starts_with(' ') || rest.starts_with('.')) {
        return line;
    }
    let moved = number.parse::<usize>().unwrap() + k * sections;
    format!("{prefix}{moved}{rest}")
}

fn pack(dir: &Path) {
    let source = root().join("data/dougram");
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    for entry in std::fs::read_dir(&source).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
        }
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(source.join("rules")).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let sections = files.len();
    for k in 0..COPIES {
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            let name = format!("{k:02}{}", file.file_name().unwrap().to_string_lossy());
            let lines: Vec<String> =
                text.lines().map(|l| if k == 0 { l.to_string() } else { shifted(l, k, sections) }).collect();
            std::fs::write(dir.join("rules").join(name), lines.join("\n") + "\n").unwrap();
        }
    }
    terms(&source.join("terms.csv"), &dir.join("terms.csv"));
}

/// dougram's glossary copied TERM_COPIES times: copy k's ids, names and clause ids suffixed as the
/// rules of copy k are.
fn terms(source: &Path, target: &Path) {
    let text = std::fs::read_to_string(source).unwrap();
    let mut lines = text.lines();
    let header = cells(lines.next().unwrap());
    let rows: Vec<Vec<String>> = lines.map(cells).collect();
    let mut out = header.join(",") + "\n";
    for k in 0..TERM_COPIES {
        for row in &rows {
            let cells: Vec<String> = header
                .iter()
                .zip(row)
                .map(|(column, cell)| match (column.as_str(), k) {
                    (_, 0) | ("kana", _) | ("aliases", _) | ("definition", _) | ("definition_ja", _) => cell.clone(),
                    ("id", _) => format!("{cell}-k{k}"),
                    ("ja", _) if !cell.is_empty() => format!("{cell}{k}"),
                    ("en", _) if !cell.is_empty() => format!("{cell} {k}"),
                    ("defined_in" | "see", _) => cell
                        .split('|')
                        .filter(|c| !c.is_empty())
                        .map(|c| format!("{c}-k{k}"))
                        .collect::<Vec<_>>()
                        .join("|"),
                    _ => cell.clone(),
                })
                .map(|cell| quoted(&cell))
                .collect();
            out += &(cells.join(",") + "\n");
        }
    }
    std::fs::write(target, out).unwrap();
}

/// The cells of a CSV line (quoted cells may hold commas and doubled quotes; none spans lines).
fn cells(line: &str) -> Vec<String> {
    let (mut out, mut cell, mut quoted, mut chars) = (Vec::new(), String::new(), false, line.chars().peekable());
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                cell.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(std::mem::take(&mut cell)),
            _ => cell.push(c),
        }
    }
    out.push(cell);
    out
}

fn quoted(cell: &str) -> String {
    if cell.contains([',', '"']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell.to_string()
    }
}

fn percentile(samples: &mut [f64], p: f64) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[((samples.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let dir = std::env::temp_dir().join("pnpkit-bench-rules-page");
    pack(&dir.join("pack"));
    let out = dir.join("out");
    // The reference, and the printed rulebook of the same 3,000 clauses (rules.pdf and
    // rules-en.pdf, each set until its page references settle).
    for only in ["rulebook", "reference"] {
        let mut times = Vec::new();
        for _ in 0..5 {
            let start = std::time::Instant::now();
            let build = Command::new(env!("CARGO_BIN_EXE_pnpkit"))
                .args(["build", &dir.join("pack").to_string_lossy(), "--out", &out.to_string_lossy(), "--only", only])
                .output()
                .expect("run pnpkit");
            times.push(start.elapsed().as_secs_f64());
            assert!(build.status.success(), "{}", String::from_utf8_lossy(&build.stderr));
        }
        println!("build --only {only}: median {:.3} s of 5 runs", percentile(&mut times, 0.5));
    }
    let html = out.join("rules.html");
    let page = std::fs::read_to_string(&html).unwrap();
    let clauses = page.matches("class=\"clause").count();
    #[derive(serde::Deserialize)]
    struct File {
        question: Vec<toml::Value>,
    }
    let questions: File =
        toml::from_str(&std::fs::read_to_string(root().join("tests/search/questions.toml")).unwrap()).unwrap();
    let queries: Vec<&str> = questions.question.iter().filter_map(|q| q["q"].as_str()).collect();
    let list = dir.join("queries.json");
    std::fs::write(&list, serde_json::to_string(&queries).unwrap()).unwrap();
    let run = Command::new("node")
        .arg(root().join("tests/browser/latency.mjs"))
        .arg(&html)
        .arg(&list)
        .output()
        .expect("run node (tests/browser needs `npm install`)");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let samples: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let series =
        |key: &str| -> Vec<f64> { samples[key].as_array().unwrap().iter().filter_map(|v| v.as_f64()).collect() };
    let (mut laid_out, mut frame) = (series("laidOut"), series("frame"));
    println!(
        "rules.html of {clauses} clauses, {} kB; {} keystrokes ({} questions)",
        page.len() / 1000,
        laid_out.len(),
        queries.len()
    );
    println!(
        "keystroke to results laid out: median {:.1} ms, p95 {:.1} ms",
        percentile(&mut laid_out, 0.5),
        percentile(&mut laid_out, 0.95)
    );
    println!(
        "keystroke to next frame:       median {:.1} ms, p95 {:.1} ms",
        percentile(&mut frame, 0.5),
        percentile(&mut frame, 0.95)
    );
}
