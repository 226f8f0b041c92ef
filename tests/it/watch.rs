//! `pnpkit watch` on a copy of data/dougram, as a designer uses it: after a card's name is edited
//! the next build draws that card's face again and nothing else, rewrites only the PDFs whose
//! pages changed, and the output shows the new name; a broken file stops the build with a located
//! error and keeps the last good output; `--serve` shows the same in a browser page that brings
//! itself up to date in place (tests/browser/watch.mjs in headless Chromium), and answers only requests for its own
//! address.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use super::support::{copy_dir, root, spawn, temp_dir};

/// A running `pnpkit watch`, stopped when dropped; its stderr lines arrive on `lines`.
struct Watching {
    child: Child,
    lines: Receiver<String>,
    /// Everything printed so far.
    log: String,
}

impl Watching {
    fn start(pack: &Path, out: &Path, extra: &[&str]) -> Watching {
        let args = [Path::new("watch"), pack, Path::new("--out"), out];
        let mut child = spawn(args.iter().map(|a| a.as_os_str()).chain(extra.iter().map(std::ffi::OsStr::new)));
        let stderr = child.stderr.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Watching { child, lines, log: String::new() }
    }

    /// The lines printed until one holds `done` (which is the last), failing after a minute.
    fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let until = Instant::now() + Duration::from_secs(60);
        let mut lines = Vec::new();
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.log.push_str(&line);
                    self.log.push('\n');
                    let finished = done(&line);
                    lines.push(line);
                    if finished {
                        return lines;
                    }
                }
                Err(_) => break,
            }
        }
        panic!("pnpkit watch did not get there; it printed:\n{}", self.log);
    }
}

impl Drop for Watching {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn pdf_text(pdf: &Path) -> Option<String> {
    let out = Command::new("pdftotext").arg(pdf).arg("-").output().ok()?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

const OLD_NAME: &str = "Founding of the Liberation People's Government";
const NEW_NAME: &str = "Proclamation of the Free Government";

#[test]
fn an_edited_card_is_drawn_again_alone_and_a_broken_file_keeps_the_last_good_output() {
    let dir = temp_dir("watch");
    let pack = dir.join("pack");
    copy_dir(&root().join("data/dougram"), &pack);
    let out = dir.join("out");
    let mut watch = Watching::start(&pack, &out, &[]);
    let first = watch.until(|l| l.starts_with("watching "));
    assert!(first.iter().any(|l| l.starts_with("built in ")), "{first:?}");
    let counters = std::fs::read(out.join("counters.pdf")).unwrap();

    // A card's English name: one face is drawn again; the PDFs without the card stay as they were.
    let cards = pack.join("cards.csv");
    let text = std::fs::read_to_string(&cards).unwrap();
    assert_eq!(text.matches(OLD_NAME).count(), 1);
    std::fs::write(&cards, text.replace(OLD_NAME, NEW_NAME)).unwrap();
    let rebuilt = watch.until(|l| l.starts_with("built in "));
    let rebuilt = rebuilt.join("\n");
    assert!(rebuilt.contains("changed: ") && rebuilt.contains("cards.csv"), "{rebuilt}");
    // Card 29's front, and card 76's, whose condition ("open when card 29 … is open") names it in
    // the English of its text.
    assert!(rebuilt.contains("2 faces drawn anew"), "only the faces naming card 29 are drawn again:\n{rebuilt}");
    for same in ["counters ", "chits ", "map-a3 ", "calibration "] {
        let line =
            rebuilt.lines().find(|l| l.trim_start().starts_with(same)).unwrap_or_else(|| panic!("{same}: {rebuilt}"));
        assert!(line.ends_with("(as before)"), "{line}");
    }
    for changed in ["cards ", "card-list "] {
        let line = rebuilt.lines().find(|l| l.trim_start().starts_with(changed)).unwrap();
        assert!(line.ends_with(" ms)"), "{line}");
    }
    // Unchanged diagnostics are not printed again (card 29's own warning moved to a new column).
    assert!(rebuilt.contains("diagnostics as before not repeated"), "{rebuilt}");
    assert!(rebuilt.matches("warning[").count() <= 1, "{rebuilt}");
    assert_eq!(std::fs::read(out.join("counters.pdf")).unwrap(), counters, "the same bytes");
    if let Some(cards_text) = pdf_text(&out.join("cards.pdf")) {
        let flat = cards_text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("Proclamation of the") && !flat.contains("Liberation People's"), "{flat}");
    }

    // A broken row: a located error, and the output stays the last good build's.
    let good = std::fs::read_to_string(&cards).unwrap();
    let broken = good.replacen("\n29,", "\n29 x,", 1).replacen(",action,", ",no-such-type,", 1);
    std::fs::write(&cards, &broken).unwrap();
    let stopped = watch.until(|l| l.starts_with("the build stopped")).join("\n");
    assert!(stopped.contains("cards.csv:4:1: error[E0106]"), "{stopped}");
    assert_eq!(std::fs::read(out.join("counters.pdf")).unwrap(), counters);
    assert!(out.join("cards.pdf").exists());

    // Fixed again: the build goes on from what it kept.
    std::fs::write(&cards, &good).unwrap();
    let fixed = watch.until(|l| l.starts_with("built in ")).join("\n");
    assert!(fixed.contains("0 faces drawn anew"), "{fixed}");
}

#[test]
fn the_served_preview_updates_in_place_with_the_new_name_and_shows_errors_over_the_last_good_build() {
    if Command::new("chromium").arg("--version").output().is_err() {
        assert!(std::env::var_os("CI").is_none(), "chromium is required in CI");
        eprintln!("skipping: chromium is not installed");
        return;
    }
    let browser_dir = root().join("tests/browser");
    assert!(browser_dir.join("node_modules/playwright-core").is_dir(), "run .ci/run's npm install first");
    let dir = temp_dir("watch-serve");
    let pack = dir.join("pack");
    copy_dir(&root().join("data/dougram"), &pack);
    let mut watch = Watching::start(&pack, &dir.join("out"), &["--serve", "--port", "0"]);
    let serving = watch.until(|l| l.starts_with("serving the preview on "));
    let url = serving.last().unwrap().trim_start_matches("serving the preview on ").to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");

    let cards = pack.join("cards.csv");
    let good = std::fs::read_to_string(&cards).unwrap();
    let renamed = good.replace(OLD_NAME, NEW_NAME);
    let broken = renamed.replacen(",action,", ",no-such-type,", 1);
    let steps = serde_json::json!([
        { "path": cards, "content": renamed },
        { "path": cards, "content": broken },
        { "path": cards, "content": renamed },
    ]);
    let steps_file = dir.join("steps.json");
    std::fs::write(&steps_file, steps.to_string()).unwrap();
    let run = Command::new("node").arg(browser_dir.join("watch.mjs")).arg(&url).arg(&steps_file).output().unwrap();
    assert!(run.status.success(), "{}\n{}", String::from_utf8_lossy(&run.stderr), watch.log);
    let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(report["errors"], serde_json::json!([]), "the page's script failed");
    let results = report["results"].as_array().unwrap();
    let has = |i: usize, name: &str| {
        results[i]["captions"].as_array().unwrap().iter().any(|c| c.as_str().unwrap().contains(name))
    };

    // First build: every piece kind with its pictures, every page of every document.
    assert!(has(0, OLD_NAME) && !has(0, NEW_NAME), "{}\n{}", results[0], watch.log);
    assert_eq!(results[0]["failed"], false);
    // 21 counter kinds, the chit values and 13 cards, each with its faces (most have two).
    let kinds = results[0]["captions"].as_array().unwrap().len();
    assert!(kinds >= 21 + 13 && results[0]["pictures"].as_u64().unwrap() as usize > kinds, "{}", results[0]);
    assert!(results[0]["sheets"].as_u64().unwrap() > 20, "{}", results[0]);
    // Renamed: the page brought itself up to date in place with the new name, and says when it
    // showed it.
    assert!(has(1, NEW_NAME) && !has(1, OLD_NAME), "{}", results[1]);
    assert!(results.iter().skip(1).all(|r| r["inPlace"] == true), "the page reloaded: {results:?}");
    // (In the pack's first language: 変更から N ミリ秒で画面に表示。)
    let shown = results[1]["shown"].as_str().unwrap();
    assert!(shown.starts_with("変更から") && shown.ends_with("ミリ秒で画面に表示。"), "{shown}");
    // Two faces drawn again: card 29's and card 76's, whose condition names card 29.
    assert!(results[1]["status"].as_str().unwrap().contains("描き直した面: 2。"), "{}", results[1]);
    // Broken: the error at the top, over the last good pieces.
    assert_eq!(results[2]["failed"], true);
    let unfolded = results[2]["unfolded"].as_str().unwrap();
    assert!(unfolded.contains("cards.csv:2:") && unfolded.contains("no-such-type"), "{unfolded}");
    assert!(!unfolded.contains("warning["), "the pack's standing warnings stay folded: {unfolded}");
    assert!(has(2, NEW_NAME) && results[2]["pictures"] == results[1]["pictures"], "{}", results[2]);
    // Fixed: no problem left but the pack's warnings.
    assert_eq!(results[3]["failed"], false);
    assert!(!results[3]["diagnostics"].as_str().unwrap().contains("error["), "{}", results[3]);
    assert_eq!(results[3]["unfolded"], "", "{}", results[3]);
    eprintln!(
        "save to the page settled with the new name: {} ms; broken: {} ms; fixed: {} ms",
        results[1]["ms"], results[2]["ms"], results[3]["ms"]
    );
}

#[test]
fn the_preview_server_answers_only_requests_for_its_own_address() {
    let dir = temp_dir("watch-host");
    let pack = dir.join("pack");
    copy_dir(&root().join("data/league-erratum"), &pack);
    let mut watch = Watching::start(&pack, &dir.join("out"), &["--serve", "--port", "0"]);
    let serving = watch.until(|l| l.starts_with("serving the preview on "));
    let url = serving.last().unwrap().trim_start_matches("serving the preview on ").to_string();
    let addr = url.trim_start_matches("http://").trim_end_matches('/').to_string();
    let port = addr.rsplit(':').next().unwrap().to_string();
    let ask = |request: &str| {
        let mut stream = std::net::TcpStream::connect(&addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        // The server may refuse before reading all of a request too large.
        let _ = stream.write_all(request.as_bytes());
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        answer
    };
    // What a page of another site whose name was made to point here (DNS rebinding) would ask.
    let rebound = ask(&format!("GET / HTTP/1.1\r\nHost: attacker.example:{port}\r\n\r\n"));
    assert!(rebound.starts_with("HTTP/1.1 403 Forbidden"), "{rebound}");
    for host in [format!("127.0.0.1:{port}"), format!("localhost:{port}")] {
        let answer = ask(&format!("GET / HTTP/1.1\r\nHost: {host}\r\n\r\n"));
        assert!(answer.starts_with("HTTP/1.1 200 OK") && answer.contains("<!DOCTYPE html>"), "{host}: {answer}");
    }
    let long = ask(&format!("GET /{} HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n", "a".repeat(100_000)));
    assert!(long.starts_with("HTTP/1.1 414"), "{long}");
}

#[test]
fn a_sheet_too_large_for_its_picture_names_the_face_and_keeps_serving() {
    // Each counter face draws 9,900 elements, under the 10,000 a face may draw; a counter sheet of
    // over a hundred of them is more than a page picture may hold, though the PDF is fine.
    let dir = temp_dir("watch-heavy");
    let pack = dir.join("pack");
    copy_dir(&root().join("data/dougram"), &pack);
    std::fs::create_dir_all(pack.join("templates/counters")).unwrap();
    std::fs::write(
        pack.join("templates/counters/unit.svg.tera"),
        r##"<rect width="{{ w }}" height="{{ h }}" fill="#ffffff"/>{% for i in range(end=9900) %}<rect x="{{ i }}" width="1" height="1"/>{% endfor %}"##,
    )
    .unwrap();
    let mut watch = Watching::start(&pack, &dir.join("out"), &["--serve", "--port", "0"]);
    let lines = watch.until(|l| l.starts_with("error: the preview:"));
    let error = lines.last().unwrap();
    assert!(error.contains("counters page 1 holds up to"), "{error}");
    assert!(error.contains("more than the 1000000 one picture may hold"), "{error}");
    assert!(error.contains("the face counters/") && error.contains("draws 990"), "{error}");
    assert!(error.contains("(the PDF is not affected)"), "{error}");
    assert!(dir.join("out/counters.pdf").is_file(), "the build itself was written");
    assert!(watch.log.contains("serving the preview on "), "{}", watch.log);
}
