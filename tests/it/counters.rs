//! Counters as a publisher measures them: built from data/dougram and data/twilight-struggle and
//! read back with `pdftotext -bbox-layout` (a word's box height is its font size), every unit
//! name is at least 5 pt, every value at least 8 pt, every word at least 5 pt (edition marks too),
//! and no face carries a provisional tag: the sheet's margin below the grid and the manifest name
//! the pieces with provisional values instead.

use std::path::Path;

use super::readback::{read_words, Word, MM_PER_PT};
use super::support::{add_csv_column, copy_dir, pnpkit, root, temp_dir, text};

/// pdftotext rounds its boxes: a word may read this much smaller than its size (pt).
const SLACK_PT: f64 = 0.05;

fn pt(w: &Word) -> f64 {
    (w.y1 - w.y0) / MM_PER_PT
}

fn build(pack: &str) -> std::path::PathBuf {
    let out = temp_dir(&format!("counters-{}", pack.replace('/', "-")));
    let out_arg = out.to_string_lossy().into_owned();
    let output = pnpkit(&root(), &["build", pack, "--out", &out_arg, "--only", "counters,chits,proof"]);
    assert_eq!(output.status.code(), Some(0), "{pack}: {}", text(&output).1);
    out
}

fn manifest(out: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).expect("manifest")).expect("json")
}

/// A word of a provisional-values note or draft mark, which no sheet prints (the proof's cover
/// lists what the sources do not give).
fn is_note(w: &Word) -> bool {
    w.text.contains("暫定") || w.text.contains("provisional") || w.text.contains("DRAFT")
}

/// The proof cover's text, on one line.
fn proof_cover(out: &Path) -> String {
    read_words(&out.join("proof.pdf"))
        .iter()
        .flat_map(|p| &p.words)
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn dougram_counters_print_names_values_and_marks_at_published_sizes_with_provisional_values_on_the_proof_cover() {
    let out = build("data/dougram");
    let units = std::fs::read_to_string(root().join("data/dougram/units.csv")).expect("units.csv");
    let names: Vec<String> = units.lines().skip(1).filter_map(|l| l.split(',').nth(1)).map(String::from).collect();
    let pages = read_words(&out.join("counters.pdf"));
    assert_eq!(pages.len(), 2, "one sheet, front and back");
    for (i, page) in pages.iter().enumerate() {
        let (note, grid): (Vec<&Word>, Vec<&Word>) = page.words.iter().partition(|w| is_note(w));
        let small: Vec<String> =
            grid.iter().filter(|w| pt(w) < 5.0 - SLACK_PT).map(|w| format!("{} {:.2} pt", w.text, pt(w))).collect();
        assert!(small.is_empty(), "p.{}: words under 5 pt: {small:?}", i + 1);
        // A unit name's words (a long name breaks over two lines) are 5 pt or more.
        let name_words: Vec<&&Word> = grid
            .iter()
            .filter(|w| w.text.chars().count() >= 2 && names.iter().any(|n| n.contains(w.text.as_str())))
            .collect();
        assert!(name_words.len() > 100, "p.{}: unit names found: {}", i + 1, name_words.len());
        let small_names: Vec<String> =
            name_words.iter().filter(|w| pt(w) < 5.0 - SLACK_PT).map(|w| format!("{} {:.2}", w.text, pt(w))).collect();
        assert!(small_names.is_empty(), "p.{}: names under 5 pt: {small_names:?}", i + 1);
        // Digits are values (8 pt or more, four slots to a unit) or setup codes (6 pt).
        let digits: Vec<&&Word> = grid.iter().filter(|w| w.text.chars().all(|c| c.is_ascii_digit())).collect();
        let odd: Vec<String> = digits
            .iter()
            .filter(|w| pt(w) < 8.0 - SLACK_PT && (pt(w) - 6.0).abs() > 0.1)
            .map(|w| format!("{} {:.2}", w.text, pt(w)))
            .collect();
        assert!(odd.is_empty(), "p.{}: digits neither values (≥ 8 pt) nor setup codes: {odd:?}", i + 1);
        let values = digits.iter().filter(|w| pt(w) >= 8.0 - SLACK_PT).count();
        assert_eq!(values % 4, 0, "p.{}: every unit prints its four values", i + 1);
        assert!(values >= 4 * 100, "p.{}: {values} values", i + 1);
        assert!(note.is_empty(), "p.{}: no note or draft mark on the sheet: {note:?}", i + 1);
        let proof = page.words.iter().filter(|w| w.text == "PROOF").count();
        assert_eq!(proof, 1, "p.{}: the footer says the sheet is a proof", i + 1);
    }
    let cover = proof_cover(&out);
    assert!(cover.contains("counters.csv:2–22 provisional: 18 counter entries: count ×15, back ×15"), "{cover}");
    let m = manifest(&out);
    let pieces = m["provisional_pieces"].as_array().expect("provisional_pieces");
    let soldier = pieces.iter().find(|p| p["face"] == "counters/soldiers-front").expect("soldiers listed");
    assert_eq!(soldier["fields"], serde_json::json!(["anti_armour", "anti_personnel", "defence", "count"]));
    assert_eq!(soldier["sheets"], serde_json::json!([1]));
    let back = pieces.iter().find(|p| p["face"] == "counters/round-facers-back").expect("a back's pairing is listed");
    assert!(back["fields"].as_array().is_some_and(|f| f.iter().any(|v| v == "back")));
    let chit = |p: &&serde_json::Value| p["face"].as_str().is_some_and(|f| f.starts_with("chits/"));
    assert!(!pieces.iter().any(|p| chit(&p)), "the chits' values are all given");
}

#[test]
fn twilight_struggle_markers_print_names_at_5_pt_and_their_provisional_counts_on_the_proof_cover() {
    let out = build("data/twilight-struggle");
    let pages = read_words(&out.join("counters.pdf"));
    let front = &pages[0];
    let (note, grid): (Vec<&Word>, Vec<&Word>) = front.words.iter().partition(|w| is_note(w));
    let footer_top = front.words.iter().filter(|w| w.text.contains("シート")).map(|w| w.y0).fold(f64::MAX, f64::min);
    for w in grid.iter().filter(|w| w.y1 < footer_top) {
        // Names and edition marks (PnP 1) alike are 5 pt or more.
        assert!(pt(w) >= 5.0 - SLACK_PT, "“{}” is {:.2} pt", w.text, pt(w));
    }
    assert!(note.is_empty(), "no note on the sheet: {note:?}");
    assert!(
        proof_cover(&out).contains("counters.csv:2–18 provisional: 17 counter entries: count ×17, value ×10"),
        "the cover names the markers"
    );
    let m = manifest(&out);
    let pieces = m["provisional_pieces"].as_array().expect("provisional_pieces");
    assert!(pieces
        .iter()
        .any(|p| p["face"] == "counters/us-influence-1-front" && p["fields"] == serde_json::json!(["count", "value"])));
}

/// How many form XObjects a PDF holds (krilla writes dictionaries without spaces).
fn form_xobjects(pdf: &Path) -> usize {
    let bytes = std::fs::read(pdf).expect("pdf");
    bytes.windows(13).filter(|w| w == b"/Subtype/Form").count()
}

/// A face repeated on the sheets is drawn once per PDF and placed wherever it repeats: ten times
/// the soldiers (640 instead of 64) add sheets of placements, not faces, and cost tens of bytes
/// a counter, where a face drawn inline costs hundreds.
#[test]
fn a_repeated_face_is_drawn_once_however_often_it_is_placed() {
    let dir = temp_dir("counters-repeated-face");
    let pack = dir.join("pack");
    copy_dir(&root().join("data/dougram"), &pack);
    let edit = |file: &str, find: &str, replace: &str| {
        let path = pack.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(find), "{file} no longer holds {find}");
        std::fs::write(&path, text.replace(find, replace)).unwrap();
    };
    edit("counters.csv", "soldiers,fed-soldier,lib-soldier,64,", "soldiers,fed-soldier,lib-soldier,640,");
    // The declared totals follow, or the check stops the build (E0401).
    edit("pack.toml", "counters = 234 ", "counters = 810 ");
    edit("pack.toml", "count = 234\n", "count = 810\n");
    let build = |pack: &Path, out: &str| {
        let out = dir.join(out);
        let (pack_arg, out_arg) = (pack.to_string_lossy().into_owned(), out.to_string_lossy().into_owned());
        let output = pnpkit(&root(), &["build", &pack_arg, "--out", &out_arg, "--only", "counters"]);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
        out.join("counters.pdf")
    };
    let (once, tenfold) = (build(&root().join("data/dougram"), "once"), build(&pack, "tenfold"));
    let faces = form_xobjects(&once);
    // 21 kinds, a front and a back each, some faces shared: never one per counter (155).
    assert!((1..=42).contains(&faces), "{faces} faces for 21 kinds");
    assert_eq!(form_xobjects(&tenfold), faces, "576 more soldiers, no more faces");
    let added = std::fs::metadata(&tenfold).unwrap().len() - std::fs::metadata(&once).unwrap().len();
    assert!(added / 576 < 100, "{} bytes a counter", added / 576);
}

#[test]
fn a_short_name_is_what_a_counter_too_small_for_the_name_prints() {
    // ラウンドフェイサー is wider than a 15 mm counter even at 5 pt, so it breaks inside the word;
    // given a short name (units.csv's short_name_ja), the counter prints that whole.
    let dir = temp_dir("counters-short-name");
    let pack = dir.join("pack");
    copy_dir(&root().join("data/dougram"), &pack);
    let units = pack.join("units.csv");
    let csv = std::fs::read_to_string(&units).unwrap();
    assert!(csv.contains(",Round Facer,ラウンド・フェイサー,"), "dougram names the short form");
    std::fs::write(&units, csv.replace(",Round Facer,ラウンド・フェイサー,", ",Round Facer,Rフェイサー,")).unwrap();
    let out = dir.join("out");
    let run =
        pnpkit(&root(), &["build", &pack.to_string_lossy(), "--out", &out.to_string_lossy(), "--only", "counters"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run).1);
    let words: Vec<String> =
        read_words(&out.join("counters.pdf")).iter().flat_map(|p| p.words.iter().map(|w| w.text.clone())).collect();
    assert!(words.iter().any(|w| w == "Rフェイサー"), "the short name, whole: {words:?}");
    assert!(!words.iter().any(|w| w == "ラウンドフェイ"), "the long name no longer breaks: {words:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_side_prints_its_own_reduced_values() {
    // units.csv's `damaged` column gives the flipped Dougram lower defence and movement; the front
    // keeps the full values. A damaged value on a one-step unit, or of a factor the pack does not
    // have, is an error at the cell.
    let dir = temp_dir("counters-damaged");
    let pack = dir.join("pack");
    copy_dir(&root().join("data/dougram"), &pack);
    let units = pack.join("units.csv");
    add_csv_column(&units, "damaged", |row| {
        if row.starts_with("dougram,") {
            "defence=2|movement=1".into()
        } else {
            String::new()
        }
    });
    let pack_arg = pack.to_string_lossy().into_owned();
    let dump = pnpkit(&root(), &["dump", &pack_arg, "--context", "counters", "dougram"]);
    assert_eq!(dump.status.code(), Some(0), "{}", text(&dump).1);
    let faces: serde_json::Value = serde_json::from_slice(&dump.stdout).expect("JSON");
    let printed: Vec<(&str, &str)> = faces
        .as_array()
        .expect("faces")
        .iter()
        .map(|f| (f["face"].as_str().unwrap(), f["context"]["face"]["factors"].as_str().unwrap()))
        .collect();
    assert_eq!(printed, [("counters/dougram-front", "5-4-4-2"), ("counters/dougram-back", "5-4-2-1")]);
    std::fs::write(&units, std::fs::read_to_string(&units).unwrap().replace(",defence=2|movement=1", ",defense=2"))
        .unwrap();
    let csv = std::fs::read_to_string(&units).unwrap();
    let one_step = csv.lines().position(|l| l.starts_with("lib-soldier,")).unwrap();
    let mut lines: Vec<String> = csv.lines().map(str::to_string).collect();
    lines[one_step].push_str("defence=0");
    std::fs::write(&units, lines.join("\n") + "\n").unwrap();
    let check = pnpkit(&root(), &["check", &pack_arg, "--format", "short"]);
    assert_eq!(check.status.code(), Some(1));
    let (_, stderr) = text(&check);
    let dougram_row = 1 + csv.lines().position(|l| l.starts_with("dougram,")).unwrap();
    assert!(
        stderr.contains(&format!("units.csv:{dougram_row}:")) && stderr.contains("unknown factor `defense`"),
        "{stderr}"
    );
    assert!(stderr.contains("did you mean `defence`?"), "{stderr}");
    assert!(
        stderr.contains(&format!("units.csv:{}:", one_step + 1))
            && stderr.contains("a unit of one step has no damaged side"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_name_that_breaks_inside_a_word_is_a_warning_at_its_row() {
    // Without its short name ラウンド・フェイサー, ラウンドフェイサー is wider than a 15 mm counter
    // even at 5 pt: it still prints, broken, and the warning names the unit's row.
    let dir = temp_dir("counters-word-broken");
    let pack = dir.join("pack");
    copy_dir(&root().join("data/dougram"), &pack);
    let units = pack.join("units.csv");
    let csv = std::fs::read_to_string(&units).unwrap();
    std::fs::write(&units, csv.replace(",Round Facer,ラウンド・フェイサー,", ",Round Facer,,")).unwrap();
    let out = dir.join("out");
    let run = pnpkit(
        &root(),
        &["build", &pack.to_string_lossy(), "--out", &out.to_string_lossy(), "--only", "counters", "--format", "short"],
    );
    let (_, stderr) = text(&run);
    assert_eq!(run.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(
            "units.csv:9:1: warning[W0807]: counters/round-facers-front: “ラウンドフェイサー” is broken inside a word"
        ),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
