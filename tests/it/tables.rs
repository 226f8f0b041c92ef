//! Tables read back: the play aids, card lists and setup charts the seed packs build, read with
//! poppler's `pdftotext -bbox-layout` (where a word's height is its font size), keep every word
//! at 6 pt or more — the page footer at 4 pt or more, and the words of the counters a setup chart
//! embeds at whatever size the counter faces print them — and the setup charts draw every placed
//! piece at its printed size, at least 10 mm.

use std::path::Path;

use super::readback::{build_with, read_words, PageWords, Word, MM_PER_PT};
use super::support::temp_dir;

/// The products made of tables.
const PRODUCTS: [&str; 3] = ["play-aids", "card-list", "setup-charts"];
/// The packs that build them.
const PACKS: [&str; 4] = ["dougram", "doomtrooper", "submarine-attack", "twilight-struggle"];
/// The least size of a table's text and of the footer, pt.
const TEXT_PT: f64 = 6.0;
const FOOTER_PT: f64 = 4.0;
/// The page's safe margin (the packs keep the default), mm.
const SAFE_MM: f64 = 5.0;
/// Poppler's rounding of a word's box, pt.
const SLACK_PT: f64 = 0.05;

/// An embedded piece's box on a page, mm: x, y, w, h.
type Piece = (f64, f64, f64, f64);

/// The `<svg class="piece">` boxes of one SVG page, mm.
fn pieces(svg: &str) -> Vec<Piece> {
    let attr = |tag: &str, name: &str| -> f64 {
        let key = format!(" {name}=\"");
        let start = tag.find(&key).map(|i| i + key.len()).unwrap_or_else(|| panic!("no {name} in {tag}"));
        let end = tag[start..].find('"').map_or(tag.len(), |i| start + i);
        tag[start..end].parse().unwrap_or_else(|_| panic!("bad {name} in {tag}"))
    };
    svg.split(r#"<svg class="piece""#)
        .skip(1)
        .map(|rest| {
            let tag = &rest[..rest.find('>').unwrap_or(rest.len())];
            (attr(tag, "x"), attr(tag, "y"), attr(tag, "width"), attr(tag, "height"))
        })
        .collect()
}

/// Whether a word's middle lies in a piece.
fn inside(word: &Word, pieces: &[Piece]) -> bool {
    let (cx, cy) = ((word.x0 + word.x1) / 2.0, (word.y0 + word.y1) / 2.0);
    pieces.iter().any(|&(x, y, w, h)| cx >= x && cx <= x + w && cy >= y && cy <= y + h)
}

/// The words of one page set smaller than they may be: the footer (the line below the content
/// area) at 4 pt, the rest at 6 pt; words inside the page's pieces are the pieces' own.
fn too_small(page: &PageWords, pieces: &[Piece]) -> Vec<String> {
    let footer_top = page.h - SAFE_MM - 4.0;
    page.words
        .iter()
        .filter(|w| !inside(w, pieces))
        .filter_map(|w| {
            let pt = (w.y1 - w.y0) / MM_PER_PT;
            let least = if w.y0 >= footer_top { FOOTER_PT } else { TEXT_PT };
            (pt < least - SLACK_PT).then(|| format!("“{}” at {pt:.2} pt (least {least})", w.text))
        })
        .collect()
}

/// Every too-small word of `product` built into `out`, as `product p.N: …` lines, and the pieces
/// of each page.
fn audit(out: &Path, product: &str) -> (Vec<String>, Vec<Vec<Piece>>) {
    let pdf = out.join(format!("{product}.pdf"));
    let mut problems = Vec::new();
    let mut all = Vec::new();
    if !pdf.is_file() {
        return (problems, all);
    }
    for (i, page) in read_words(&pdf).iter().enumerate() {
        let svg = out.join("svg").join(format!("{product}-{}-front.svg", i + 1));
        let svg = std::fs::read_to_string(&svg).unwrap_or_else(|e| panic!("{}: {e}", svg.display()));
        let on_page = pieces(&svg);
        problems.extend(too_small(page, &on_page).into_iter().map(|p| format!("{product} p.{}: {p}", i + 1)));
        all.push(on_page);
    }
    (problems, all)
}

#[test]
fn every_word_of_the_aids_card_lists_and_setup_charts_is_6_pt_or_more_and_the_footer_4_pt() {
    let dir = temp_dir("tables-sizes");
    let mut failures = Vec::new();
    let mut built = 0;
    for pack in PACKS {
        let out = dir.join(pack);
        build_with(&format!("data/{pack}"), &out, &["--svg"]);
        for product in PRODUCTS {
            built += usize::from(out.join(format!("{product}.pdf")).is_file());
            let (problems, _) = audit(&out, product);
            failures.extend(problems.into_iter().map(|p| format!("{pack} {p}")));
        }
    }
    // One play aid (submarine-attack's one table is on its play sheet), four card lists, two
    // setup charts.
    assert_eq!(built, 7, "the packs' table products");
    assert!(failures.is_empty(), "{} word(s) too small:\n  {}", failures.len(), failures.join("\n  "));
}

#[test]
fn the_setup_charts_draw_every_placed_piece_at_its_printed_size_of_at_least_10_mm() {
    let dir = temp_dir("tables-pieces");
    let out = dir.join("dougram");
    build_with("data/dougram", &out, &["--svg"]);
    let (_, pages) = audit(&out, "setup-charts");
    let drawn: Vec<Piece> = pages.concat();
    // One image per row of setups.csv (a piece placed at a location, with its count beside it).
    let csv = std::fs::read_to_string(super::support::root().join("data/dougram/setups.csv")).expect("setups.csv");
    let placed = csv.lines().skip(1).filter(|l| !l.trim().is_empty() && !l.starts_with('#')).count();
    assert_eq!(drawn.len(), placed, "a counter per placement");
    // data/dougram prints its counters at 15 mm ([print] counter_size).
    for &(x, y, w, h) in &drawn {
        assert!(w >= 10.0 && h >= 10.0, "a counter of {w}×{h} mm at ({x}, {y})");
        assert!((w - 15.0).abs() < 1e-6 && (h - 15.0).abs() < 1e-6, "counter_size is 15 mm: {w}×{h}");
    }
    // No two pieces on a page cover each other.
    for page in &pages {
        for (i, a) in page.iter().enumerate() {
            for b in &page[i + 1..] {
                let dx = (a.0 + a.2).min(b.0 + b.2) - a.0.max(b.0);
                let dy = (a.1 + a.3).min(b.1 + b.3) - a.1.max(b.1);
                assert!(dx <= 0.0 || dy <= 0.0, "pieces at {a:?} and {b:?} overlap");
            }
        }
    }
}

#[test]
fn the_audit_exempts_words_inside_pieces_and_holds_the_footer_to_4_pt() {
    let pt = |p: f64| p * MM_PER_PT;
    let word = |text: &str, y0: f64, size: f64| Word { text: text.into(), x0: 20.0, y0, x1: 30.0, y1: y0 + pt(size) };
    let page = PageWords {
        w: 210.0,
        h: 297.0,
        words: vec![
            word("cell", 50.0, 7.0),
            word("tiny", 60.0, 5.0),
            word("counter", 100.0, 3.0),
            word("footer", 289.7, 4.5),
            word("smaller", 289.7, 3.5),
        ],
    };
    let found = too_small(&page, &[(15.0, 95.0, 20.0, 15.0)]);
    assert_eq!(found, ["“tiny” at 5.00 pt (least 6)", "“smaller” at 3.50 pt (least 4)"]);
    assert_eq!(
        pieces(r#"<svg class="piece" x="5" y="6.5" width="15" height="15" viewBox="0 0 15 15">"#),
        [(5.0, 6.5, 15.0, 15.0)]
    );
}
