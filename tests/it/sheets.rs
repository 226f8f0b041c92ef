//! Sheets at true component size, measured from what the build wrote: every word of the play
//! sheets, score sheets, tracks and mats read back from the PDFs with `pdftotext -bbox` is at
//! least 6 pt (a word's yMax − yMin is its font size), and the boxes the SVG pages draw hold what
//! they are for — track boxes the marker + 1 mm, mat slots the card + 2 mm, score boxes 6 mm.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::support::{copy_dir, pnpkit, root, temp_dir, text};

/// The packs with tracks, mats, score sheets and play sheets.
const PACKS: [&str; 5] = ["twilight-struggle", "doomtrooper", "submarine-attack", "diceplomacy", "dougram"];

/// Builds the sheets of the pack at `dir` into a fresh folder named `name`; returns the folder.
fn build_sheets(name: &str, dir: &Path) -> PathBuf {
    let out = temp_dir(&format!("sheets-{name}")).join("out");
    let out_arg = out.to_string_lossy().into_owned();
    let output = pnpkit(&root(), &["build", &dir.to_string_lossy(), "--out", &out_arg, "--only", "sheets", "--svg"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    out
}

/// The pack loaded in-process, for the sizes it declares.
fn load(dir: &Path) -> pnpkit::model::Pack {
    let (pack, diags) = pnpkit::load::pack(dir, &mut pnpkit::diag::Sources::default());
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    pack
}

/// Every word of `pdf` with its size in pt (yMax − yMin of poppler's box).
fn word_sizes(pdf: &Path) -> Vec<(String, f64)> {
    let out = Command::new("pdftotext")
        .args(["-bbox", &pdf.to_string_lossy(), "-"])
        .output()
        .expect("pdftotext (poppler-utils) must be installed: .ci/run installs it");
    let xml = String::from_utf8_lossy(&out.stdout).into_owned();
    xml.split("<word ")
        .skip(1)
        .map(|w| {
            let num = |key: &str| -> f64 {
                let start = w.find(&format!("{key}=\"")).map(|i| i + key.len() + 2).expect("attribute");
                w[start..start + w[start..].find('"').expect("quote")].parse().expect("number")
            };
            let word = &w[w.find('>').expect("tag") + 1..w.find("</word>").expect("end")];
            (word.to_string(), num("yMax") - num("yMin"))
        })
        .collect()
}

/// The (width, height) in mm of every `<rect class="{class}" …>` of an SVG page.
fn rects(svg: &str, class: &str) -> Vec<(f64, f64)> {
    let attr = |tag: &str, name: &str| -> f64 {
        let key = format!(" {name}=\"");
        let start = tag.find(&key).map(|i| i + key.len()).unwrap_or_else(|| panic!("no {name} in {tag}"));
        tag[start..start + tag[start..].find('"').expect("quote")].parse().expect("number")
    };
    svg.split(&format!("<rect class=\"{class}\""))
        .skip(1)
        .map(|rest| {
            let tag = &rest[..rest.find("/>").expect("closed")];
            (attr(tag, "width"), attr(tag, "height"))
        })
        .collect()
}

/// The SVG pages of the documents whose names start with `prefix`.
fn pages(out: &Path, prefix: &str) -> Vec<String> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(out.join("svg"))
        .expect("svg folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with(prefix)))
        .collect();
    names.sort();
    names.iter().map(|p| std::fs::read_to_string(p).expect("svg")).collect()
}

#[test]
fn every_word_of_every_sheet_is_six_points_or_more() {
    for name in PACKS {
        let out = build_sheets(name, &root().join("data").join(name));
        let pdfs: Vec<PathBuf> = std::fs::read_dir(&out)
            .expect("out")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
            .collect();
        assert!(!pdfs.is_empty(), "{name} builds sheets");
        for pdf in pdfs {
            let words = word_sizes(&pdf);
            assert!(!words.is_empty(), "{}", pdf.display());
            let small: Vec<_> = words.iter().filter(|(_, pt)| *pt < 6.0 - 0.05).collect();
            assert!(small.is_empty(), "{name} {}: words under 6 pt: {small:?}", pdf.display());
        }
    }
}

#[test]
fn track_boxes_hold_their_marker_mat_slots_their_card_and_score_boxes_a_number() {
    let dir = root().join("data/twilight-struggle");
    let (pack, out) = (load(&dir), build_sheets("twilight-struggle-geometry", &dir));
    let least = pack.print.counter_mm + 1.0;
    let boxes: Vec<(f64, f64)> = pages(&out, "tracks-").iter().flat_map(|svg| rects(svg, "track-box")).collect();
    assert_eq!(boxes.len(), pack.tracks.iter().map(|t| t.boxes.len()).sum::<usize>(), "every box once");
    assert!(boxes.iter().all(|&(w, h)| w >= least - 1e-6 && h >= least - 1e-6), "{boxes:?}");
    // The doomtrooper point tracker carries its two tracks at the same size on its play sheet,
    // and no track pages repeat them.
    let out = build_sheets("doomtrooper-tracker", &root().join("data/doomtrooper"));
    assert!(pages(&out, "tracks-").is_empty(), "the tracker's tracks are printed once");
    let tracker = rects(&pages(&out, "play-sheets-2-")[0], "track-box");
    assert_eq!(tracker.len(), 26 + 31);
    assert!(tracker.iter().all(|&(w, h)| w >= 16.0 && h >= 16.0), "{tracker:?}");

    let dir = root().join("data/submarine-attack");
    let (pack, out) = (load(&dir), build_sheets("submarine-attack-geometry", &dir));
    let (card_w, card_h) = pack.print.card_mm;
    // The six columns stand in one row (a strip of A3 landscape), the eight action slots on a
    // mat of their own, each at true size and tiled onto the run's A4.
    for (mat, count) in [("mat", 6), ("mat-actions", 8)] {
        let whole = pages(&out, &format!("{mat}-a3-"));
        assert_eq!(whole.len(), 1, "{mat} fits A3 at true size");
        let slots = rects(&whole[0], "mat-slot");
        assert_eq!(slots.len(), count, "{mat}'s slots");
        assert!(slots.iter().all(|&(w, h)| w >= card_w + 2.0 - 1e-6 && h >= card_h + 2.0 - 1e-6), "{slots:?}");
        assert!(!pages(&out, &format!("{mat}-a4-")).is_empty(), "{mat} tiled onto the run's A4");
    }
    let ys: Vec<f64> = pages(&out, "mat-a3-")[0]
        .split("<rect class=\"mat-slot\" x=\"")
        .skip(1)
        .map(|part| numbers_after(part, "", 2)[1])
        .collect();
    assert!(ys.iter().all(|y| (y - ys[0]).abs() < 1e-6), "columns 1-6 side by side: {ys:?}");
    let score = rects(&pages(&out, "play-sheets-2-")[0], "score-box");
    assert!(score.len() >= 2 * 34 && score.len().is_multiple_of(2 * 34), "two players × 34 victory points, per game");
    assert!(score.iter().all(|&(w, h)| w >= 6.0 && h >= 6.0), "{score:?}");

    let out = build_sheets("diceplomacy-geometry", &root().join("data/diceplomacy"));
    let score = rects(&pages(&out, "play-sheets-1-")[0], "score-box");
    assert!(score.len() >= 8 * 6 && score.iter().all(|&(w, h)| w >= 6.0 && h >= 6.0), "{score:?}");
}

/// The first `n` numbers of the tag that `key` opens in `text` (up to its `>`): a rect's x, y,
/// width and height, a transform's translation.
fn numbers_after(text: &str, key: &str, n: usize) -> Vec<f64> {
    let start = text.find(key).unwrap_or_else(|| panic!("no {key}")) + key.len();
    let tag = &text[start..start + text[start..].find('>').expect("tag end")];
    let numbers: Vec<f64> =
        tag.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-')).filter_map(|t| t.parse().ok()).collect();
    assert!(numbers.len() >= n, "{n} numbers in {tag}");
    numbers[..n].to_vec()
}

#[test]
fn mat_tiles_are_cut_between_slots_and_their_marks_stay_off_the_mat() {
    // submarine-attack's A3 action mat on A4 tiles: no tile's cut edge (its window's left and
    // top, where it lies over its neighbour) passes through a card slot, and every cut and
    // placement mark lies in the band outside the window, never over the mat, and 5 mm or more
    // from the edge.
    let out = build_sheets("mat-seams", &root().join("data/submarine-attack"));
    let tiles = [pages(&out, "mat-a4-"), pages(&out, "mat-actions-a4-")].concat();
    assert_eq!(tiles.len(), 2 + 2);
    for (i, svg) in tiles.iter().enumerate() {
        let window = numbers_after(svg, "<clipPath id=\"tile-window\"><rect x=\"", 4);
        let (wx, wy, ww, wh) = (window[0], window[1], window[2], window[3]);
        let shift = numbers_after(svg, "<g transform=\"translate(", 2);
        for part in svg.split("<rect class=\"mat-slot\" x=\"").skip(1) {
            let r = numbers_after(part, "", 4);
            let (x0, y0) = (r[0] + shift[0], r[1] + shift[1]);
            let (x1, y1) = (x0 + r[2], y0 + r[3]);
            assert!(
                !(x0 < wx - 1e-6 && wx + 1e-6 < x1),
                "tile {}: its left cut goes through a slot at x {x0}–{x1}",
                i + 1
            );
            assert!(
                !(y0 < wy - 1e-6 && wy + 1e-6 < y1),
                "tile {}: its top cut goes through a slot at y {y0}–{y1}",
                i + 1
            );
        }
        let marks = &svg[svg.find("<g class=\"registration\"").expect("marks")..];
        let marks = &marks[..marks.find("</g>").expect("closed")];
        let points: Vec<f64> = marks
            .split(" d=\"M")
            .skip(1)
            .flat_map(|d| {
                d[..d.find('"').unwrap()].split([' ', 'L', 'Z']).filter_map(|t| t.parse().ok()).collect::<Vec<f64>>()
            })
            .collect();
        assert!(points.len() >= 8, "tile {}: marks drawn", i + 1);
        // A4 either way up: the strip's tiles are landscape.
        let (pw, ph) = if svg.contains("width=\"297mm\"") { (297.0, 210.0) } else { (210.0, 297.0) };
        for p in points.chunks(2) {
            let inside = wx < p[0] && p[0] < wx + ww && wy < p[1] && p[1] < wy + wh;
            assert!(!inside, "tile {}: a mark at {p:?} over the mat", i + 1);
            assert!(
                p[0] >= 5.0 && p[1] >= 5.0 && p[0] <= pw - 5.0 && p[1] <= ph - 5.0,
                "tile {}: a mark at {p:?} near the edge",
                i + 1
            );
        }
    }
}

#[test]
fn a_track_that_declares_a_larger_marker_gets_larger_boxes() {
    let dir = temp_dir("sheets-marker-size");
    let pack = dir.join("pack");
    copy_dir(&root().join("tests/packs/point-to-point"), &pack);
    let toml = std::fs::read_to_string(pack.join("pack.toml")).expect("pack.toml");
    let edited = toml.replacen("id = \"alert\"", "id = \"alert\"\nmarker_size = 25", 1);
    assert_ne!(toml, edited);
    std::fs::write(pack.join("pack.toml"), edited).expect("write");
    let out = build_sheets("marker-size-out", &pack);
    let boxes = rects(&pages(&out, "tracks-")[0], "track-box");
    assert_eq!(boxes.len(), 5);
    assert!(boxes.iter().all(|&(w, h)| w >= 26.0 && h >= 26.0), "{boxes:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Golden SVG pages of the sheets (as tests/golden guards faces): the first track page of
/// twilight-struggle, the submarine-attack mat on A3 and the diceplomacy score pad.
/// `PNPKIT_BLESS=1` rewrites them.
#[test]
fn sheet_pages_match_their_golden_svg() {
    use pnpkit::render::{self, Options, Product};
    let page = |pack: &str, document: &str| -> String {
        let mut sources = pnpkit::diag::Sources::default();
        let pack = load(&root().join("data").join(pack));
        let mut options = Options::new(pnpkit::layout::Paper::A4);
        options.only = vec![Product::Sheets];
        let fonts = std::sync::Arc::new(pnpkit::text::Fonts::embedded());
        let out = render::render(&pack, fonts, &mut sources, &options).expect("renders");
        let doc = out.documents.iter().find(|d| d.name == document).unwrap_or_else(|| panic!("no {document}"));
        doc.pages[0].svg.text().into_owned()
    };
    super::golden::match_goldens([
        ("sheet-tracks-twilight-struggle".to_string(), page("twilight-struggle", "tracks")),
        ("sheet-mat-a3-submarine-attack".to_string(), page("submarine-attack", "mat-a3")),
        ("sheet-score-diceplomacy".to_string(), page("diceplomacy", "play-sheets")),
    ]);
}

#[test]
fn play_aids_that_fit_half_a_sheet_print_as_a_card_for_each_player_in_rule_order() {
    // dougram's aids but the combat table its play sheets print fit half an A4 sheet: they print
    // on both halves (title and tables twice, one copy above the cut line, one below), in the
    // order of the rules they come from (2.4, 13.4, 20.3.2). submarine-attack's one table is on
    // its play sheet: it has no play-aids.pdf.
    for (name, cited) in [("submarine-attack", vec![]), ("dougram", vec!["2.4", "13.4", "20.3.2"])] {
        let out = temp_dir(&format!("aids-card-{name}")).join("out");
        let dir = root().join("data").join(name);
        let run =
            pnpkit(&root(), &["build", &dir.to_string_lossy(), "--out", &out.to_string_lossy(), "--only", "aids"]);
        assert_eq!(run.status.code(), Some(0), "{}", text(&run).1);
        if cited.is_empty() {
            assert!(!out.join("play-aids.pdf").exists(), "{name}: no table printed twice");
            continue;
        }
        let pages = super::readback::read_words(&out.join("play-aids.pdf"));
        assert_eq!(pages.len(), 1, "{name}: one sheet");
        let page = &pages[0];
        let half = page.h / 2.0;
        for upper in [true, false] {
            let mut words: Vec<_> =
                page.words.iter().filter(|w| (w.y1 < half) == upper && w.y0 < page.h - 12.0).collect();
            let title = words.iter().filter(|w| w.text.contains("aids")).count();
            assert_eq!(title, 1, "{name}: one title on the {} half", if upper { "upper" } else { "lower" });
            // Read down the left column, then the right.
            words.sort_by(|a, b| (a.x0 > page.w / 2.0, a.y0).partial_cmp(&(b.x0 > page.w / 2.0, b.y0)).unwrap());
            let order: Vec<&str> =
                words.iter().filter_map(|w| w.text.strip_prefix("(ルール").and_then(|n| n.strip_suffix(')'))).collect();
            assert_eq!(order, cited, "{name}: the tables, in rule order");
        }
    }
}
