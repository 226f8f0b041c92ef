//! Read-back: every PDF the packs in `data/` (and an English-only test pack) build, read back
//! with poppler's `pdftotext -bbox-layout` — independently of pnpkit's layout code — must keep
//! every word inside the page's safe area (5 mm from the paper edge), no word may overlap
//! another, and no word may be smaller than a reader can read at the table: 6 pt, except page
//! footers and the texts on counters, chits and cards (whose stricter floors — names, factors,
//! edition marks — their own tests hold) at 4 pt. A word's box is as tall as its font size.
//! Crop marks and bleed are paths, not text, so they do not count. Every page states a TrimBox
//! and a BleedBox for the print shop (read with `pdfinfo -box`).

use std::path::{Path, PathBuf};
use std::process::Command;

use super::support::{pnpkit, root, temp_dir, text};

/// Millimetres per PDF point.
pub(super) const MM_PER_PT: f64 = 25.4 / 72.0;
/// The default safe margin in mm.
const SAFE_MM: f64 = 6.0;
/// Rounding in poppler's boxes and ours: a word may touch the margin by this much (mm).
const SLACK_MM: f64 = 0.1;
/// The least size of a text a player reads at the table, pt.
const READABLE_PT: f64 = 6.0;
/// The least size of page footers and of the small print on pieces (edition marks), pt.
const SMALL_PRINT_PT: f64 = 4.0;
/// How far above the safe margin a page's footer line reaches, mm (6.5 pt and its leading).
const FOOTER_BAND_MM: f64 = 3.5;
/// Rounding in poppler's word boxes, pt.
const SIZE_SLACK_PT: f64 = 0.05;

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

/// The words of every page of `pdf`, from `pdftotext -bbox-layout`'s XHTML (a word's height
/// is its font size).
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

/// The least size a word of the PDF called `file` may have, pt: pieces (counters, chits, cards,
/// the counter images of setup charts, and their replacement sheets) hold small print down to
/// 4 pt, other documents 6 pt.
fn floor_of(file: &str) -> f64 {
    let pieces = ["counters", "chits", "cards", "setup-charts", "replacement-"];
    if pieces.iter().any(|p| file.starts_with(p)) {
        SMALL_PRINT_PT
    } else {
        READABLE_PT
    }
}

/// What is wrong with the words of one page: words in the safe margin, words over words, words
/// smaller than `floor` pt (the footer's down to 4 pt).
fn problems(page: &PageWords, floor: f64) -> Vec<String> {
    let mut out = Vec::new();
    for w in &page.words {
        let distance = w.x0.min(w.y0).min(page.w - w.x1).min(page.h - w.y1);
        if distance < SAFE_MM - SLACK_MM {
            out.push(format!("“{}” is {distance:.1} mm from the paper edge", w.text));
        }
        let size = (w.y1 - w.y0) / MM_PER_PT;
        let footer = w.y0 > page.h - SAFE_MM - FOOTER_BAND_MM;
        let least = if footer { SMALL_PRINT_PT } else { floor };
        if size < least - SIZE_SLACK_PT {
            out.push(format!("“{}” is {size:.1} pt (at least {least} pt)", w.text));
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
pub(super) fn audit(dir: &Path) -> Vec<String> {
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
            out.extend(problems(page, floor_of(&name)).into_iter().map(|p| format!("{name} p.{}: {p}", i + 1)));
        }
        out.extend(box_problems(&pdf).into_iter().map(|p| format!("{name}: {p}")));
    }
    out
}

/// A page's boxes from `pdfinfo -box`, in pt: (name, [x0, y0, x1, y1]).
fn page_boxes(pdf: &Path) -> Vec<Vec<(String, [f64; 4])>> {
    let out = Command::new("pdfinfo")
        .args(["-box", "-f", "1", "-l", "9999", &pdf.to_string_lossy()])
        .output()
        .expect("pdfinfo (poppler-utils)");
    let mut pages: Vec<Vec<(String, [f64; 4])>> = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines().filter(|l| l.starts_with("Page ")) {
        let parts: Vec<&str> = line.split_whitespace().collect();
        let (Some(n), Some(name)) = (parts.get(1).and_then(|n| n.parse::<usize>().ok()), parts.get(2)) else {
            continue;
        };
        let values: Vec<f64> = parts[3..].iter().filter_map(|v| v.parse().ok()).collect();
        if values.len() != 4 {
            continue;
        }
        if pages.len() < n {
            pages.resize(n, Vec::new());
        }
        pages[n - 1].push((name.trim_end_matches(':').to_string(), [values[0], values[1], values[2], values[3]]));
    }
    pages
}

/// What a print shop would find wrong with `pdf`'s page boxes: a page that does not state its
/// TrimBox and BleedBox (poppler reports the MediaBox for a missing one, so the file itself is
/// read), or boxes out of order (trim ⊆ bleed ⊆ media).
fn box_problems(pdf: &Path) -> Vec<String> {
    let bytes = std::fs::read(pdf).expect("pdf");
    let count = |needle: &[u8]| bytes.windows(needle.len()).filter(|w| *w == needle).count();
    let pages = page_boxes(pdf);
    let mut out = Vec::new();
    for key in ["/TrimBox", "/BleedBox"] {
        if count(key.as_bytes()) != pages.len() {
            out.push(format!("{} of {} pages state a {key}", count(key.as_bytes()), pages.len()));
        }
    }
    let inside = |a: [f64; 4], b: [f64; 4]| {
        a[0] >= b[0] - 0.01 && a[1] >= b[1] - 0.01 && a[2] <= b[2] + 0.01 && a[3] <= b[3] + 0.01
    };
    for (i, page) in pages.iter().enumerate() {
        let get = |n: &str| page.iter().find(|(k, _)| k == n).map(|(_, v)| *v);
        let (Some(media), Some(bleed), Some(trim)) = (get("MediaBox"), get("BleedBox"), get("TrimBox")) else {
            out.push(format!("p.{}: boxes missing from pdfinfo", i + 1));
            continue;
        };
        if !inside(trim, bleed) || !inside(bleed, media) {
            out.push(format!("p.{}: trim {trim:?} ⊄ bleed {bleed:?} ⊄ media {media:?}", i + 1));
        }
    }
    out
}

pub(super) fn build(pack: &str, out: &Path) {
    build_with(pack, out, &[]);
}

/// Builds `pack` into `out` with `extra` arguments (`--svg` for tests that read the SVG pages).
pub(super) fn build_with(pack: &str, out: &Path, extra: &[&str]) {
    let out_arg = out.to_string_lossy().into_owned();
    let output = pnpkit(&root(), &[&["build", pack, "--out", &out_arg], extra].concat());
    assert_eq!(output.status.code(), Some(0), "{pack}: {}", text(&output).1);
}

/// The first 40 distinct problems, each with how often it occurs, for a readable failure.
fn report(what: &str, problems: &[String]) -> String {
    let mut counted: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    for p in problems {
        *counted.entry(p.as_str()).or_default() += 1;
    }
    let shown: Vec<String> =
        counted.iter().take(40).map(|(p, n)| if *n > 1 { format!("{p} (×{n})") } else { p.to_string() }).collect();
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

#[test]
fn the_audit_sees_small_print_but_lets_footers_and_pieces_be_smaller() {
    let word =
        |text: &str, y0: f64, pt: f64| Word { text: text.into(), x0: 50.0, y0, x1: 60.0, y1: y0 + pt * MM_PER_PT };
    let page = PageWords {
        w: 210.0,
        h: 297.0,
        words: vec![word("tiny", 100.0, 5.0), word("fine", 120.0, 6.0), word("footer", 289.0, 4.5)],
    };
    assert_eq!(problems(&page, floor_of("play-sheets.pdf")), ["“tiny” is 5.0 pt (at least 6 pt)"]);
    assert!(problems(&page, floor_of("counters.pdf")).is_empty(), "small print on pieces down to 4 pt");
}

#[test]
fn the_imposed_sheets_state_where_the_pieces_are_cut() {
    let dir = temp_dir("readback-boxes");
    build("data/dougram", &dir);
    let pt = 72.0 / 25.4;
    // Cards are a gutter (twice the 3 mm bleed) apart; counters abut.
    for (file, piece_w, piece_h, gap) in [("cards.pdf", 63.0, 88.0, 6.0), ("counters.pdf", 15.0, 15.0, 0.0)] {
        for (i, page) in page_boxes(&dir.join(file)).iter().enumerate() {
            let get = |n: &str| page.iter().find(|(k, _)| k == n).map(|(_, v)| *v).expect("box");
            let (media, trim, bleed) = (get("MediaBox"), get("TrimBox"), get("BleedBox"));
            let (w, h) = ((trim[2] - trim[0]) / pt, (trim[3] - trim[1]) / pt);
            // The trim box is the grid: a whole number of pieces (and gaps) each way, inside the bleed.
            for (extent, piece) in [(w, piece_w), (h, piece_h)] {
                let n = ((extent + gap) / (piece + gap)).round();
                let grid = n * piece + (n - 1.0) * gap;
                assert!(n >= 1.0 && (extent - grid).abs() < 0.05, "{file} p.{}: trim {extent:.2} mm", i + 1);
            }
            assert!(bleed[0] < trim[0] && bleed[2] > trim[2], "{file} p.{}: bleed beyond the trim", i + 1);
            assert!(trim != media, "{file} p.{}: the trim box is the grid, not the paper", i + 1);
        }
    }
}

fn page_problems_sorted(page: &PageWords) -> Vec<String> {
    let mut p = problems(page, READABLE_PT);
    p.sort();
    p
}

/// The first pixel of page 1 of `pdf` rendered at 20 dpi, from poppler's PPM (`P6 w h 255\n` and
/// RGB bytes).
fn corner_pixel(pdf: &Path) -> [u8; 3] {
    let out = Command::new("pdftoppm")
        .args(["-r", "20", "-f", "1", "-l", "1", "-x", "0", "-y", "0", "-W", "1", "-H", "1", &pdf.to_string_lossy()])
        .output()
        .expect("pdftoppm (poppler-utils) must be installed: .ci/run installs it");
    assert!(out.status.success(), "pdftoppm failed on {}", pdf.display());
    let rgb = &out.stdout[out.stdout.len() - 3..];
    [rgb[0], rgb[1], rgb[2]]
}

#[test]
fn maps_and_mats_bleed_their_board_and_keep_their_words_inside_the_trim() {
    let dir = temp_dir("readback-map-bleed");
    let pt = 72.0 / 25.4;
    // The published sizes (landscape for the maps; the transport mat is a strip of A3 landscape
    // as tall as its one row of slots, height 0 here), and pnpkit's default 3 mm map bleed.
    let (bleed, board) = (3.0, [0xf4, 0xf1, 0xea]);
    for (pack, file, (w, h)) in [
        ("data/twilight-struggle", "map-a1.pdf", (841.0_f64, 594.0_f64)),
        ("data/dougram", "map-a3.pdf", (420.0, 297.0)),
        ("data/submarine-attack", "mat-a3.pdf", (420.0, 0.0)),
    ] {
        let out = dir.join(pack.trim_start_matches("data/"));
        build_with(pack, &out, &["--only", "map,sheets"]);
        let pdf = out.join(file);
        let boxes = page_boxes(&pdf);
        let get = |n: &str| boxes[0].iter().find(|(k, _)| k == n).map(|(_, v)| *v).expect("box");
        let (media, trim, bled) = (get("MediaBox"), get("TrimBox"), get("BleedBox"));
        let mm = |v: [f64; 4]| v.map(|x| (x / pt * 10.0).round() / 10.0);
        // A landscape or portrait published sheet, whichever the page is.
        let (tw, th) = if h == 0.0 {
            let strip = (trim[3] - trim[1]) / pt;
            assert!(strip > 93.0 && strip < 297.0 * 2.0 / 3.0, "{file}: a strip as tall as its slots: {strip}");
            (w, (strip * 10.0).round() / 10.0)
        } else if media[2] > media[3] {
            (w.max(h), w.min(h))
        } else {
            (w.min(h), w.max(h))
        };
        // A proof's page is the sheet, its bleed and a slug below them for the PROOF footer
        // (PDF's y runs up: the slug is at y 0).
        let slug = ((mm(media)[3] - (th + 2.0 * bleed)) * 10.0).round() / 10.0;
        assert!(slug > 5.0, "{pack} {file}: a slug below the bleed: {:?}", mm(media));
        assert_eq!(mm(media)[..3], [0.0, 0.0, tw + 2.0 * bleed], "{pack} {file}: the sheet's width and its bleed");
        assert_eq!(
            mm(trim),
            [bleed, slug + bleed, tw + bleed, slug + th + bleed],
            "{pack} {file}: trimmed to the published sheet"
        );
        assert_eq!(mm(bled), [0.0, slug, tw + 2.0 * bleed, slug + th + 2.0 * bleed], "{pack} {file}: the bleed");
        assert_eq!(corner_pixel(&pdf), board, "{pack} {file}: the board's background runs through the bleed");
        // Every word keeps the safe margin from the trim, not only from the paper's edge; the
        // footer is on the slug, outside the bleed, where the print shop cuts it away.
        let page = &read_words(&pdf)[0];
        let on_board = th + 2.0 * bleed;
        let footer: Vec<&str> = page.words.iter().filter(|wd| wd.y0 >= on_board).map(|wd| wd.text.as_str()).collect();
        assert!(footer.contains(&"PROOF"), "{pack} {file}: the PROOF footer on the slug: {footer:?}");
        let (x0, y0, x1, y1) = (bleed + SAFE_MM, bleed + SAFE_MM, tw + bleed - SAFE_MM, th + bleed - SAFE_MM);
        let outside: Vec<String> = (page.words.iter())
            .filter(|wd| wd.y0 < on_board)
            .filter(|wd| {
                wd.x0 < x0 - SLACK_MM || wd.y0 < y0 - SLACK_MM || wd.x1 > x1 + SLACK_MM || wd.y1 > y1 + SLACK_MM
            })
            .map(|wd| format!("“{}” at {:.1},{:.1}", wd.text, wd.x0, wd.y0))
            .collect();
        assert!(outside.is_empty(), "{pack} {file}: words within 5 mm of the trim: {outside:?}");
    }
}
