//! Read-back: every PDF the packs in `data/` (and an English-only test pack) build, read back
//! with poppler's `pdftotext -bbox-layout` — independently of pnpkit's layout code — must keep
//! every word inside the page's safe area (5 mm from the paper edge) and no word may overlap
//! another. Crop marks and bleed are paths, not text, so they do not count.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::support::{pnpkit, root, temp_dir, text};

/// Millimetres per PDF point.
pub(super) const MM_PER_PT: f64 = 25.4 / 72.0;
/// The default safe margin in mm.
const SAFE_MM: f64 = 5.0;
/// Rounding in poppler's boxes and ours: a word may touch the margin by this much (mm).
const SLACK_MM: f64 = 0.1;

/// A word and its box in mm, as poppler reads it.
#[derive(Debug, Clone)]
pub(super) struct Word {
    pub(super) text: String,
    pub(super) x0: f64,
    pub(super) y0: f64,
    pub(super) x1: f64,
    pub(super) y1: f64,
}

/// A page: its size in mm and its words.
#[derive(Debug)]
pub(super) struct PageWords {
    pub(super) w: f64,
    pub(super) h: f64,
    pub(super) words: Vec<Word>,
}

fn attr(tag: &str, name: &str) -> f64 {
    let key = format!("{name}=\"");
    let start = tag.find(&key).map(|i| i + key.len()).unwrap_or_else(|| panic!("no {name} in {tag}"));
    let end = tag[start..].find('"').map(|i| start + i).unwrap_or(tag.len());
    tag[start..end].parse::<f64>().unwrap_or_else(|_| panic!("bad {name} in {tag}")) * MM_PER_PT
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'").replace("&amp;", "&")
}

/// The words of every page of `pdf`, from `pdftotext -bbox-layout`'s XHTML.
pub(super) fn read_words(pdf: &Path) -> Vec<PageWords> {
    let out = Command::new("pdftotext")
        .args(["-bbox-layout", &pdf.to_string_lossy(), "-"])
        .output()
        .expect("pdftotext (poppler-utils) must be installed: .ci/run installs it");
    assert!(out.status.success(), "pdftotext failed on {}", pdf.display());
    let xml = String::from_utf8_lossy(&out.stdout);
    let mut pages = Vec::new();
    for chunk in xml.split("<page ").skip(1) {
        let head = &chunk[..chunk.find('>').unwrap_or(0)];
        let mut page = PageWords { w: attr(head, "width"), h: attr(head, "height"), words: Vec::new() };
        for word in chunk.split("<word ").skip(1) {
            let close = word.find('>').unwrap_or(0);
            let tag = &word[..close];
            let end = word.find("</word>").unwrap_or(word.len());
            page.words.push(Word {
                text: unescape(&word[close + 1..end]),
                x0: attr(tag, "xMin"),
                y0: attr(tag, "yMin"),
                x1: attr(tag, "xMax"),
                y1: attr(tag, "yMax"),
            });
        }
        pages.push(page);
    }
    pages
}

/// What is wrong with the words of one page: words in the safe margin, words over words.
fn problems(page: &PageWords) -> Vec<String> {
    let mut out = Vec::new();
    for w in &page.words {
        let distance = w.x0.min(w.y0).min(page.w - w.x1).min(page.h - w.y1);
        if distance < SAFE_MM - SLACK_MM {
            out.push(format!("“{}” is {distance:.1} mm from the paper edge", w.text));
        }
    }
    let mut order: Vec<&Word> = page.words.iter().collect();
    order.sort_by(|a, b| a.x0.total_cmp(&b.x0));
    for (i, a) in order.iter().enumerate() {
        for b in &order[i + 1..] {
            if b.x0 >= a.x1 {
                break;
            }
            let dx = a.x1.min(b.x1) - a.x0.max(b.x0);
            let dy = a.y1.min(b.y1) - a.y0.max(b.y0);
            // Poppler's boxes of neighbouring words on one line may touch; a tenth of a
            // millimetre both ways is an overlap a reader sees.
            if dx > SLACK_MM && dy > SLACK_MM {
                out.push(format!("“{}” overlaps “{}”", a.text, b.text));
            }
        }
    }
    out
}

/// Every problem of every page of every PDF under `dir`, as `file p.N: problem` lines.
fn audit(dir: &Path) -> Vec<String> {
    let mut pdfs: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("output folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        .collect();
    pdfs.sort();
    assert!(!pdfs.is_empty(), "no PDF in {}", dir.display());
    let mut out = Vec::new();
    for pdf in pdfs {
        let name = pdf.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        for (i, page) in read_words(&pdf).iter().enumerate() {
            out.extend(problems(page).into_iter().map(|p| format!("{name} p.{}: {p}", i + 1)));
        }
    }
    out
}

pub(super) fn build(pack: &str, out: &Path) {
    let out_arg = out.to_string_lossy().into_owned();
    let output = pnpkit(&root(), &["build", pack, "--out", &out_arg]);
    assert_eq!(output.status.code(), Some(0), "{pack}: {}", text(&output).1);
}

/// The first 40 problems, for a readable failure.
fn report(what: &str, problems: &[String]) -> String {
    let shown: Vec<&str> = problems.iter().take(40).map(String::as_str).collect();
    format!("{what}: {} problem(s)\n  {}", problems.len(), shown.join("\n  "))
}

#[test]
fn every_word_of_every_pack_pdf_stays_in_the_safe_area_and_clear_of_other_words() {
    let dir = temp_dir("readback-packs");
    let mut failures = Vec::new();
    let mut packs: Vec<String> = std::fs::read_dir(root().join("data"))
        .expect("data/")
        .flatten()
        .filter(|e| e.path().join("pack.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    packs.sort();
    assert!(packs.len() >= 5, "the seed packs: {packs:?}");
    // A designer's own English-only game too: its labels come from the other message table.
    let folders = packs.iter().map(|p| format!("data/{p}")).chain(["tests/packs/english-only".to_string()]);
    for pack in folders {
        let out = dir.join(pack.replace('/', "-"));
        build(&pack, &out);
        let found = audit(&out);
        if !found.is_empty() {
            failures.push(report(&pack, &found));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_word_of_the_errata_documents_and_replacement_sheets_stays_clear() {
    let dir = temp_dir("readback-errata");
    let mut failures = Vec::new();
    for (name, old, new) in [
        ("league", "data/league-erratum/original", "data/league-erratum/revised"),
        ("submarine", "data/submarine-attack/editions/2002-11-02", "data/submarine-attack"),
    ] {
        let out = dir.join(name);
        let out_arg = out.to_string_lossy().into_owned();
        let output = pnpkit(&root(), &["errata", old, new, "--out", &out_arg]);
        assert_eq!(output.status.code(), Some(0), "{name}: {}", text(&output).1);
        let found = audit(&out);
        if !found.is_empty() {
            failures.push(report(name, &found));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_audit_sees_a_word_in_the_margin_and_two_words_over_each_other() {
    let page = PageWords {
        w: 210.0,
        h: 297.0,
        words: vec![
            Word { text: "edge".into(), x0: 2.0, y0: 100.0, x1: 10.0, y1: 103.0 },
            Word { text: "one".into(), x0: 50.0, y0: 50.0, x1: 60.0, y1: 53.0 },
            Word { text: "two".into(), x0: 58.0, y0: 51.0, x1: 70.0, y1: 54.0 },
            Word { text: "apart".into(), x0: 80.0, y0: 50.0, x1: 90.0, y1: 53.0 },
        ],
    };
    assert_eq!(page_problems_sorted(&page), ["“edge” is 2.0 mm from the paper edge", "“one” overlaps “two”"]);
}

fn page_problems_sorted(page: &PageWords) -> Vec<String> {
    let mut p = problems(page);
    p.sort();
    p
}
