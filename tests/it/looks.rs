//! Golden images guard the look: a small set of faces and pages from the packs in `data/`, drawn
//! in-process at a fixed resolution, must look like the PNG files in tests/golden/png/ (reviewers
//! see a change of look as an image diff). The comparison allows a few pixels of anti-aliasing
//! noise, not a moved or recoloured element. `PNPKIT_BLESS=1 cargo test --release --test it looks`
//! rewrites them; a mismatch writes the new image and a difference image (changed pixels in red)
//! to target/golden-diff/.

use std::path::PathBuf;
use std::sync::Arc;

use pnpkit::emit::{png, SvgParser};
use pnpkit::layout::Paper;
use pnpkit::render::{self, Options};
use pnpkit::text::Fonts;
use resvg::tiny_skia::Pixmap;

use super::support::root;

/// Faces are drawn at this resolution: fine enough to see a 4 pt mark.
const FACE_DPI: u32 = 150;
/// Whole pages are drawn at this resolution: the layout, not the letters.
const PAGE_DPI: u32 = 50;
/// A pixel differs when a channel moves by more than this (anti-aliasing noise stays below).
const CHANNEL_SLACK: u8 = 40;
/// The share of differing pixels a picture may have before its look counts as changed.
const PIXEL_SLACK: f64 = 0.002;

/// What is drawn: a face preview (`pack`, preview name) or a page (`pack`, document name as the
/// output file's stem, page index).
enum Shot {
    Face(&'static str, &'static str),
    Page(&'static str, &'static str, usize),
}

const SHOTS: &[Shot] = &[
    Shot::Face("dougram", "cards/29-front"),
    Shot::Face("dougram", "cards/back-common"),
    Shot::Face("dougram", "counters/soldiers-front"),
    Shot::Face("dougram", "counters/dougram-back"),
    Shot::Face("dougram", "chits/3P-front"),
    Shot::Face("doomtrooper", "cards/1-front"),
    Shot::Face("twilight-struggle", "cards/11-front"),
    Shot::Face("twilight-struggle", "counters/us-influence-3-front"),
    Shot::Face("submarine-attack", "cards/1-front"),
    Shot::Page("dougram", "cards", 0),
    Shot::Page("dougram", "counters", 0),
    Shot::Page("dougram", "play-sheets", 0),
    Shot::Page("dougram", "setup-charts", 0),
    Shot::Page("dougram", "card-list", 0),
    Shot::Page("dougram", "play-aids", 0),
    Shot::Page("dougram", "calibration", 0),
    Shot::Page("submarine-attack", "play-sheets", 0),
    Shot::Page("submarine-attack", "mat-a3", 0),
    Shot::Page("twilight-struggle", "tracks", 0),
    Shot::Page("twilight-struggle", "map-a1", 0),
    Shot::Page("diceplomacy", "play-sheets", 0),
];

fn rendered(pack: &str) -> render::Rendered {
    let mut sources = pnpkit::diag::Sources::default();
    let (pack, diags) = pnpkit::load::pack(&root().join("data").join(pack), &mut sources);
    assert!(diags.iter().all(|d| !d.is_error()));
    let options = Options::new(Paper::A4);
    render::render(&pack, Arc::new(Fonts::embedded()), &mut sources, &options).expect("renders")
}

/// The SVG of a shot and its file name.
fn svg_of(out: &render::Rendered, pack: &str, shot: &Shot) -> (String, String, u32) {
    match shot {
        Shot::Face(_, name) => {
            let preview = out.previews.iter().find(|p| p.name == *name).unwrap_or_else(|| panic!("{pack}: no {name}"));
            (format!("{pack}-{}", name.replace('/', "-")), preview.art.document(), FACE_DPI)
        }
        Shot::Page(_, document, page) => {
            let doc =
                out.documents.iter().find(|d| d.name == *document).unwrap_or_else(|| panic!("{pack}: no {document}"));
            (format!("{pack}-{}-{}", doc.name, page + 1), doc.pages[*page].full_svg().into_owned(), PAGE_DPI)
        }
    }
}

/// How many pixels of `a` and `b` differ, and a picture of where (red on a faded copy of `b`).
fn difference(a: &Pixmap, b: &Pixmap) -> (usize, Pixmap) {
    let mut diff = b.clone();
    let mut n = 0;
    for (i, (p, q)) in a.pixels().iter().zip(b.pixels()).enumerate() {
        let channels = [(p.red(), q.red()), (p.green(), q.green()), (p.blue(), q.blue()), (p.alpha(), q.alpha())];
        let changed = channels.iter().any(|(x, y)| x.abs_diff(*y) > CHANNEL_SLACK);
        let out = &mut diff.data_mut()[i * 4..i * 4 + 4];
        if changed {
            n += 1;
            out.copy_from_slice(&[255, 0, 0, 255]);
        } else {
            for c in &mut out[..3] {
                *c = 255 - (255 - *c) / 4;
            }
        }
    }
    (n, diff)
}

#[test]
fn faces_and_pages_look_like_their_golden_images() {
    let fonts = Fonts::embedded();
    let parser = SvgParser::new(&fonts);
    let mut changed = Vec::new();
    let mut packs: Vec<&str> = SHOTS
        .iter()
        .map(|s| match s {
            Shot::Face(p, _) | Shot::Page(p, _, _) => *p,
        })
        .collect();
    packs.dedup();
    for pack in packs {
        let out = rendered(pack);
        for shot in SHOTS.iter().filter(|s| matches!(s, Shot::Face(p, _) | Shot::Page(p, _, _) if *p == pack)) {
            let (name, svg, dpi) = svg_of(&out, pack, shot);
            let bytes = png(&parser, &svg, dpi).expect("draws");
            changed.extend(compared(&name, &bytes));
        }
    }
    assert!(
        changed.is_empty(),
        "the look changed:\n  {}\ncompare tests/golden/png/ with target/golden-diff/, then bless",
        changed.join("\n  ")
    );
}

/// Compares the PNG `bytes` drawn for `name` with its golden image (or rewrites it under
/// `PNPKIT_BLESS`); says how it differs, and leaves the new image and a difference image in
/// target/golden-diff/.
fn compared(name: &str, bytes: &[u8]) -> Option<String> {
    let golden = root().join("tests/golden/png");
    let diff_dir = root().join("target/golden-diff");
    let path: PathBuf = golden.join(format!("{name}.png"));
    if std::env::var_os("PNPKIT_BLESS").is_some() {
        std::fs::create_dir_all(&golden).expect("golden dir");
        std::fs::write(&path, bytes).expect("write golden");
        return None;
    }
    let actual = Pixmap::decode_png(bytes).expect("a PNG");
    let verdict = match std::fs::read(&path).ok().and_then(|b| Pixmap::decode_png(&b).ok()) {
        None => Some(format!("{name}: no golden image")),
        Some(want) if (want.width(), want.height()) != (actual.width(), actual.height()) => Some(format!(
            "{name}: {}×{} px, golden {}×{}",
            actual.width(),
            actual.height(),
            want.width(),
            want.height()
        )),
        Some(want) => {
            let (n, diff) = difference(&actual, &want);
            let share = n as f64 / (actual.width() * actual.height()) as f64;
            (share > PIXEL_SLACK).then(|| {
                std::fs::create_dir_all(&diff_dir).expect("diff dir");
                diff.save_png(diff_dir.join(format!("{name}-diff.png"))).expect("write diff");
                format!("{name}: {n} pixels differ ({:.2} %)", share * 100.0)
            })
        }
    };
    if verdict.is_some() {
        std::fs::create_dir_all(&diff_dir).expect("diff dir");
        std::fs::write(diff_dir.join(format!("{name}.png")), bytes).expect("write actual");
    }
    verdict
}

/// The look of the printed rulebook: its cover, a section's opening page and the index, in
/// Japanese and English. The book is a PDF the rulebook module writes straight (not an SVG page),
/// so its pages are drawn by poppler (`pdftoppm`), as a reader's viewer would.
#[test]
fn the_rulebooks_cover_section_opening_and_index_look_like_their_golden_images() {
    let mut sources = pnpkit::diag::Sources::default();
    let (pack, diags) = pnpkit::load::pack(&root().join("data/dougram"), &mut sources);
    assert!(diags.iter().all(|d| !d.is_error()));
    let settings = pnpkit::rulebook::Settings { paper: Paper::A4, living: None, booklet: None };
    let books = pnpkit::rulebook::documents(&pack, &Fonts::embedded(), settings).expect("the rulebooks");
    let dir = super::support::temp_dir("looks-rulebook");
    let mut changed = Vec::new();
    for (file, pages) in [("rules.pdf", &["cover", "section", "index"][..]), ("rules-en.pdf", &["index"][..])] {
        let pdf = dir.join(file);
        std::fs::write(&pdf, &books.iter().find(|(f, _)| f == file).expect(file).1).expect("write the book");
        let count = pdf_pages(&pdf);
        for page in pages {
            // The cover is page 1, the contents page 2, the first section opens page 3; the
            // index ends the book.
            let number = match *page {
                "cover" => 1,
                "section" => 3,
                _ => count,
            };
            let stem = dir.join(format!("{}-{page}", file.trim_end_matches(".pdf")));
            let n = number.to_string();
            let status = std::process::Command::new("pdftoppm")
                .args(["-r", &PAGE_DPI.to_string(), "-f", &n, "-l", &n, "-png", "-singlefile"])
                .arg(&pdf)
                .arg(&stem)
                .status()
                .expect("pdftoppm (poppler-utils) must be installed: .ci/run installs it");
            assert!(status.success(), "pdftoppm failed on {}", pdf.display());
            let bytes = std::fs::read(stem.with_extension("png")).expect("the page's PNG");
            let name = format!("dougram-{}-{page}", file.trim_end_matches(".pdf"));
            changed.extend(compared(&name, &bytes));
        }
    }
    assert!(
        changed.is_empty(),
        "the rulebook's look changed:\n  {}\nsee target/golden-diff/, then bless",
        changed.join("\n  ")
    );
}

/// How many pages `pdf` has, as pdfinfo reads it.
fn pdf_pages(pdf: &std::path::Path) -> usize {
    let out = std::process::Command::new("pdfinfo").arg(pdf).output().expect("pdfinfo");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("Pages:").and_then(|n| n.trim().parse().ok()))
        .expect("a page count")
}

#[test]
fn the_comparison_sees_a_moved_element_but_not_anti_aliasing_noise() {
    let mut a = Pixmap::new(100, 100).expect("pixmap");
    a.fill(resvg::tiny_skia::Color::WHITE);
    let mut noisy = a.clone();
    noisy.data_mut()[0] = 230; // one channel of one pixel, by less than the slack
    assert_eq!(difference(&a, &noisy).0, 0);
    let mut moved = a.clone();
    for px in 0..50 {
        moved.data_mut()[px * 4..px * 4 + 3].copy_from_slice(&[0, 0, 0]);
    }
    let (n, _) = difference(&a, &moved);
    assert_eq!(n, 50);
    assert!(n as f64 / 10_000.0 > PIXEL_SLACK, "50 black pixels in 10 000 is a change of look");
}
