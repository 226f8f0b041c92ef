//! Issue 18, item 1: a build writes only what is asked for, read back from what it writes. SVG
//! pages only with `--svg` (one per PDF page, the same bytes every build, in the manifest); the
//! flowchart's page as PNG only with the previews.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::support::{pnpkit, root, temp_dir, text};

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
    let pages: usize = files(&a, "pdf").iter().map(|p| pdf_pages(p)).sum();
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
