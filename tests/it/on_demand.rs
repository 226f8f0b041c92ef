//! Issue 18, item 1: a build writes only what is asked for, read back from what it writes. SVG
//! pages only with `--svg` (one per PDF page, the same bytes every build, in the manifest); the
//! flowchart's page as PNG only with the previews.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::support::{png, pnpkit, root, temp_dir, text};

/// Builds `pack` into `out` with `extra` arguments.
fn build(pack: &str, out: &Path, extra: &[&str]) {
    let out_arg = out.to_string_lossy().into_owned();
    let output = pnpkit(&root(), &[&["build", pack, "--out", &out_arg], extra].concat());
    assert_eq!(output.status.code(), Some(0), "{pack} {extra:?}: {}", text(&output).1);
}

/// The page count pdfinfo reads from `pdf`.
fn pdf_pages(pdf: &Path) -> usize {
    let info = Command::new("pdfinfo").arg(pdf).output().expect("pdfinfo (poppler-utils)");
    let info = String::from_utf8_lossy(&info.stdout);
    info.lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("{}: no page count in {info}", pdf.display()))
}

/// The files of `dir` with the extension `ext`, sorted.
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == ext)).collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// manifest.json's files: path → kind.
fn manifest_files(out: &Path) -> BTreeMap<String, String> {
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("manifest.json")).expect("manifest.json")).expect("JSON");
    manifest["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|f| (f["path"].as_str().unwrap().to_string(), f["kind"].as_str().unwrap().to_string()))
        .collect()
}

#[test]
fn a_default_build_writes_no_svg_pages_and_no_flowchart_png() {
    let dir = temp_dir("on-demand-default");
    let out = dir.join("out");
    build("data/dougram", &out, &[]);
    assert!(out.join("cards.pdf").is_file() && out.join("flowchart.pdf").is_file());
    for kept in ["rules.html", "flowchart.dot", "flowchart.mmd", "manifest.json"] {
        assert!(out.join(kept).is_file(), "{kept} is written by default");
    }
    assert!(!out.join("svg").exists(), "no svg/ folder unless asked for");
    assert!(!out.join("flowchart.png").exists(), "the flowchart's PNG is a preview");
    let listed = manifest_files(&out);
    assert!(listed.values().all(|kind| kind != "svg" && kind != "png"), "{listed:?}");
    // With the previews, the flowchart's page comes as PNG too.
    let out = dir.join("previews");
    build("data/dougram", &out, &["--only", "flowchart", "--previews"]);
    assert!(out.join("flowchart.png").is_file());
    assert_eq!(manifest_files(&out).get("flowchart.png").map(String::as_str), Some("png"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn svg_writes_one_page_per_pdf_page_the_same_every_build_and_listed_in_the_manifest() {
    let dir = temp_dir("on-demand-svg");
    let (a, b) = (dir.join("a"), dir.join("b"));
    build("data/dougram", &a, &["--svg"]);
    build("data/dougram", &b, &["--svg"]);
    // The rulebook is drawn straight into its PDF (its structure and links need it), so it has
    // no SVG pages.
    let drawn = |p: &&std::path::PathBuf| !p.file_name().unwrap().to_string_lossy().starts_with("rules");
    let pages: usize = files(&a, "pdf").iter().filter(drawn).map(|p| pdf_pages(p)).sum();
    let svgs = files(&a.join("svg"), "svg");
    assert_eq!(svgs.len(), pages, "one SVG page per PDF page");
    let listed = manifest_files(&a);
    for svg in &svgs {
        let name = svg.file_name().unwrap().to_string_lossy();
        let twin = b.join("svg").join(&*name);
        assert_eq!(std::fs::read(svg).unwrap(), std::fs::read(&twin).unwrap(), "{name} differs between builds");
        assert_eq!(listed.get(&format!("svg/{name}")).map(String::as_str), Some("svg"), "{name} in the manifest");
    }
    assert_eq!(files(&b.join("svg"), "svg").len(), svgs.len());
    // `[print] svg = true` asks for them in every build of the pack.
    let pack = dir.join("pack");
    super::support::copy_dir(&root().join("tests/packs/english-only"), &pack);
    let toml = std::fs::read_to_string(pack.join("pack.toml")).unwrap();
    assert!(!toml.contains("[print]"), "the test adds the table");
    std::fs::write(pack.join("pack.toml"), toml + "\n[print]\nsvg = true\n").unwrap();
    let out = dir.join("from-pack");
    build(&pack.to_string_lossy(), &out, &["--only", "cards"]);
    assert_eq!(files(&out.join("svg"), "svg").len(), pdf_pages(&out.join("cards.pdf")));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The side (`front`, `back`, `表`, `裏` …) and sheet number each page's footer names, in page
/// order, read from `pdf` with pdftotext.
fn footers(pdf: &Path) -> Vec<(usize, String)> {
    let pages = pdf_pages(pdf);
    (1..=pages)
        .map(|page| {
            let words = page_text(pdf, page);
            // `… · sheet 3/7 · back` (or `シート 3/7 · 裏`): the number before the slash, the side.
            let line = words.lines().find(|l| l.contains(" · ") && l.contains('/')).unwrap_or_else(|| {
                panic!("{} p.{page}: no footer in {words}", pdf.display());
            });
            // A landscape sheet's footer ends with how to turn it over, after the side.
            let parts: Vec<&str> = line.split(" · ").collect();
            let at = parts.iter().rposition(|p| p.contains('/')).expect("sheet n/of");
            let (sheet, side) = (parts[at], parts[at + 1]);
            let number = sheet.split('/').next().unwrap().rsplit(' ').next().unwrap().parse().expect("sheet number");
            (number, side.trim().to_string())
        })
        .collect()
}

/// The text of page `page` (1-based) of `pdf`.
fn page_text(pdf: &Path, page: usize) -> String {
    let n = page.to_string();
    let out = Command::new("pdftotext").args(["-f", &n, "-l", &n]).arg(pdf).arg("-").output().expect("pdftotext");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A copy of tests/packs/area-influence whose 60 mm counters fill seven A4 sheets of 12: sheets
/// 1–2 with backs, 3 without, 4–5 with, 6–7 without; `extra` is appended to `[print]`.
fn mixed_backs(dir: &Path, extra: &str) -> PathBuf {
    let pack = dir.join("pack");
    super::support::copy_dir(&root().join("tests/packs/area-influence"), &pack);
    let toml = std::fs::read_to_string(pack.join("pack.toml")).unwrap();
    assert!(!toml.contains("[print]"), "the test adds the table");
    std::fs::write(pack.join("pack.toml"), format!("{toml}\n[print]\ncounter_size = 60\n{extra}")).unwrap();
    let csv = "id,front,back,count\neast-markers,east-influence,east-control,24\nturn,turn,,12\n\
               west-markers,west-influence,west-control,24\nalert-marker,alert,,24\n";
    std::fs::write(pack.join("counters.csv"), csv).unwrap();
    pack
}

/// `(sheet, side)` for fronts and backs in print order.
fn sides(list: &[(usize, &str)]) -> Vec<(usize, String)> {
    list.iter().map(|&(n, s)| (n, s.to_string())).collect()
}

#[test]
fn back_pages_are_written_where_duplex_printing_needs_them() {
    let dir = temp_dir("on-demand-backs");
    let pack = mixed_backs(&dir, "");
    let out = dir.join("out");
    build(&pack.to_string_lossy(), &out, &["--only", "counters", "--svg"]);
    let pdf = out.join("counters.pdf");
    // Sheet 3's back stays (else sheet 4's front would print on it); 6 and 7 have none.
    let want = sides(&[
        (1, "front"),
        (1, "back"),
        (2, "front"),
        (2, "back"),
        (3, "front"),
        (3, "back"),
        (4, "front"),
        (4, "back"),
        (5, "front"),
        (5, "back"),
        (6, "front"),
        (7, "front"),
    ]);
    assert_eq!(footers(&pdf), want);
    // The empty back: its footer and nothing else; its crop marks are drawn.
    let empty = page_text(&pdf, 6);
    assert_eq!(empty.split_whitespace().filter(|w| w.contains("control")).count(), 0, "{empty}");
    assert!(page_text(&pdf, 4).contains("East control"), "a printed back shows its faces");
    let svg = std::fs::read_to_string(out.join("svg/counters-3-back.svg")).unwrap();
    assert!(svg.contains(r#"class="crop-marks""#), "the empty back has crop marks");
    assert!(!out.join("svg/counters-6-back.svg").exists());
    // --split-backs: the backs stay aligned with the fronts sheet for sheet.
    let split = dir.join("split");
    build(&pack.to_string_lossy(), &split, &["--only", "counters", "--split-backs"]);
    let fronts: Vec<usize> = footers(&split.join("counters-fronts.pdf")).into_iter().map(|(n, _)| n).collect();
    let backs: Vec<usize> = footers(&split.join("counters-backs.pdf")).into_iter().map(|(n, _)| n).collect();
    assert_eq!(fronts, [1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(backs, [1, 2, 3, 4, 5], "back page k is sheet k's back");
    // The data/dougram chits (one sheet, every chit with a back) keep theirs.
    let out = dir.join("dougram");
    build("data/dougram", &out, &["--only", "chits"]);
    assert_eq!(footers(&out.join("chits.pdf")), sides(&[(1, "表"), (1, "裏")]));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn blank_backs_keep_a_back_page_behind_every_sheet() {
    let dir = temp_dir("on-demand-blank-backs");
    let every: Vec<(usize, String)> =
        (1..=7).flat_map(|n| [(n, "front".to_string()), (n, "back".to_string())]).collect();
    let pack = mixed_backs(&dir, "");
    let out = dir.join("flag");
    build(&pack.to_string_lossy(), &out, &["--only", "counters", "--blank-backs"]);
    assert_eq!(footers(&out.join("counters.pdf")), every);
    let split = dir.join("split");
    build(&pack.to_string_lossy(), &split, &["--only", "counters", "--blank-backs", "--split-backs"]);
    let backs: Vec<usize> = footers(&split.join("counters-backs.pdf")).into_iter().map(|(n, _)| n).collect();
    assert_eq!(backs, [1, 2, 3, 4, 5, 6, 7]);
    // `[print] blank_backs = true` does the same in every build of the pack.
    let dir2 = dir.join("in-pack");
    let pack = mixed_backs(&dir2, "blank_backs = true\n");
    let out = dir2.join("out");
    build(&pack.to_string_lossy(), &out, &["--only", "counters"]);
    assert_eq!(footers(&out.join("counters.pdf")), every);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn one_sided_cards_print_no_backs_and_change_nothing_else() {
    let dir = temp_dir("on-demand-one-sided");
    let pack = dir.join("pack");
    super::support::copy_dir(&root().join("data/dougram"), &pack);
    let toml = std::fs::read_to_string(pack.join("pack.toml")).unwrap();
    assert!(toml.contains("chit_size = 15\n"));
    std::fs::write(
        pack.join("pack.toml"),
        toml.replacen("chit_size = 15\n", "chit_size = 15\none_sided_cards = true\n", 1),
    )
    .unwrap();
    // The pack still declares its card back: a warning at the key says it is never printed.
    let line =
        std::fs::read_to_string(pack.join("pack.toml")).unwrap().lines().position(|l| l.starts_with("one_sided"));
    let checked = pnpkit(&dir, &["check", "pack"]);
    let stderr = text(&checked).1;
    assert_eq!(checked.status.code(), Some(0), "a warning: {stderr}");
    let at = format!("pack/pack.toml:{}:19: warning[W0190]: one-sided cards print no backs", line.unwrap() + 1);
    assert!(stderr.contains(&at), "{at} in {stderr}");
    let (one, two) = (dir.join("one-sided"), dir.join("two-sided"));
    build(&pack.to_string_lossy(), &one, &["--only", "cards,card-list,counters", "--previews"]);
    build("data/dougram", &two, &["--only", "cards,card-list,counters"]);
    // 13 known cards on two sheets: two front pages, no back page.
    assert_eq!(footers(&one.join("cards.pdf")), sides(&[(1, "表"), (2, "表")]));
    assert_eq!(footers(&two.join("cards.pdf")), sides(&[(1, "表"), (1, "裏"), (2, "表"), (2, "裏")]));
    assert!(!page_text(&one.join("cards.pdf"), 1).is_empty());
    for same in ["card-list.pdf", "counters.pdf"] {
        assert_eq!(std::fs::read(one.join(same)).unwrap(), std::fs::read(two.join(same)).unwrap(), "{same}");
    }
    let backs: Vec<PathBuf> = files(&one.join("png/cards"), "png")
        .into_iter()
        .filter(|p| p.file_name().unwrap().to_string_lossy().contains("back"))
        .collect();
    assert_eq!(backs, Vec::<PathBuf>::new(), "no back face is drawn");
    assert!(files(&one.join("png/cards"), "png").len() >= 13, "every front is");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--only png` alone writes the previews of every face and no PDF; beside another product, the
/// previews come with that product's PDF.
#[test]
fn only_png_writes_the_previews_and_no_pdf() {
    let dir = temp_dir("on-demand-only-png");
    let out = dir.join("png");
    build("data/dougram", &out, &["--only", "png"]);
    let listed = manifest_files(&out);
    assert!(listed.values().all(|kind| kind == "png"), "{listed:?}");
    for kind in ["counters", "chits", "cards"] {
        let faces = files(&out.join("png").join(kind), "png");
        assert!(!faces.is_empty(), "no {kind} previews");
        // Each is a real PNG, listed in the manifest.
        for face in &faces {
            assert!(std::fs::read(face).unwrap().starts_with(b"\x89PNG\r\n\x1a\n"), "{}", face.display());
            let path = face.strip_prefix(&out).unwrap().to_string_lossy().into_owned();
            assert_eq!(listed.get(&path).map(String::as_str), Some("png"), "{path}");
        }
    }
    let out = dir.join("cards");
    build("data/dougram", &out, &["--only", "png,cards"]);
    assert!(out.join("cards.pdf").is_file() && !out.join("counters.pdf").exists());
    assert!(!files(&out.join("png").join("cards"), "png").is_empty());
    assert!(!out.join("png").join("counters").exists(), "previews of the products built only");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn print_on_demand_files_match_the_card_printers_templates_and_the_manifest_states_the_print_spec() {
    let dir = temp_dir("on-demand-pod");
    let out = dir.join("out");
    let run = pnpkit(&root(), &["build", "data/dougram", "--only", "pod", "--out", &out.to_string_lossy()]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run).1);
    assert!(!out.join("cards.pdf").exists(), "--only pod alone writes no PDF");
    // Every card front and the common back, at each template's exact size and at 300 dpi.
    let cards = std::fs::read_dir(out.join("pod/300dpi/cards")).unwrap().count();
    assert_eq!(cards, 13 + 1, "13 known cards and their one back");
    for (folder, size) in [("822x1122", (822, 1122)), ("825x1125", (825, 1125))] {
        for file in std::fs::read_dir(out.join("pod").join(folder).join("cards")).unwrap() {
            let (w, h, _) = png(&file.unwrap().path());
            assert_eq!((w, h), size, "{folder}");
        }
        assert_eq!(std::fs::read_dir(out.join("pod").join(folder).join("cards")).unwrap().count(), cards);
    }
    // A counter at 300 dpi with its 1 mm bleed: 17 mm is 201 px.
    let (w, h, _) = png(&out.join("pod/300dpi/counters/soldiers-front.png"));
    assert_eq!((w, h), (201, 201));
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("manifest.json")).unwrap()).expect("manifest");
    let spec = &manifest["print"];
    assert_eq!(spec["card_trim_mm"], serde_json::json!([63.0, 88.0]));
    assert_eq!((spec["card_bleed_mm"].as_f64(), spec["card_gutter_mm"].as_f64()), (Some(3.0), Some(6.0)));
    assert_eq!(spec["pod"]["templates"][0]["pixels"], serde_json::json!([822, 1122]));
    let _ = std::fs::remove_dir_all(&dir);
}
