//! Issue 30: pnpkit never touches what is not its own. A folder that merely holds a
//! `manifest.json` is not an output; `--out` may not be the pack, hold it, lie in it or hold the
//! folder the user works in; an id cannot make a file appear outside `--out`; writers into nested
//! folders never run at once; `layout --out` never replaces a pack file. Each test fails on the
//! code before issue 30 (see docs/reliability.md).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use sha2::{Digest, Sha256};

use crate::support::{bin, copy_dir, pnpkit, root, temp_dir, text};

/// Every entry under `dir` (relative path → SHA-256 of a file, `dir` for a folder), `.git`'s too.
fn tree(dir: &Path) -> BTreeMap<String, String> {
    fn walk(base: &Path, dir: &Path, into: &mut BTreeMap<String, String>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.map(Result::unwrap) {
            let path = entry.path();
            let rel = path.strip_prefix(base).unwrap().to_string_lossy().into_owned();
            if entry.file_type().unwrap().is_dir() {
                into.insert(rel, "dir".into());
                walk(base, &path, into);
            } else {
                let hash = Sha256::digest(std::fs::read(&path).unwrap_or_default());
                into.insert(rel, hash.iter().map(|b| format!("{b:02x}")).collect());
            }
        }
    }
    let mut found = BTreeMap::new();
    walk(dir, dir, &mut found);
    found
}

/// A web app's folder: its own `manifest.json`, `.git`, sources, and the game pack inside it.
fn web_app(dir: &Path) -> std::path::PathBuf {
    let app = dir.join("my-web-app");
    std::fs::create_dir_all(app.join("src")).unwrap();
    std::fs::write(app.join("manifest.json"), r#"{"name": "My web app", "start_url": "/"}"#).unwrap();
    std::fs::write(app.join("src/main.js"), "console.log('hello');\n").unwrap();
    let git = Command::new("git").args(["init", "-q"]).current_dir(&app).status().unwrap();
    assert!(git.success());
    copy_dir(&root().join("tests/packs/english-only"), &app.join("game"));
    app
}

#[test]
fn a_folder_with_a_manifest_json_is_never_taken_for_an_output() {
    let dir = temp_dir("own-web-app");
    let app = web_app(&dir);
    let before = tree(&app);
    // `cd my-web-app && pnpkit build game --out .`, and the same folder named from outside.
    for (cwd, out) in [(&app, "."), (&dir, "my-web-app"), (&app, "src/..")] {
        let output = pnpkit(cwd, &["build", &app.join("game").to_string_lossy(), "--out", out]);
        let (_, stderr) = text(&output);
        assert_eq!(output.status.code(), Some(1), "--out {out}: {stderr}");
        assert!(stderr.contains("nothing was written"), "{stderr}");
        assert_eq!(tree(&app), before, "--out {out} left the web app as it was");
    }
    // A sibling folder with a manifest.json of its own, outside the pack and the working folder.
    let site = dir.join("site");
    std::fs::create_dir_all(&site).unwrap();
    std::fs::write(site.join("manifest.json"), "{}").unwrap();
    std::fs::write(site.join("index.html"), "<p>mine</p>").unwrap();
    let output = pnpkit(&root(), &["build", "tests/packs/english-only", "--out", &site.to_string_lossy()]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("is not an output pnpkit wrote"), "{stderr}");
    assert_eq!(std::fs::read_to_string(site.join("index.html")).unwrap(), "<p>mine</p>");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_output_that_is_holds_or_lies_in_the_pack_is_refused_before_anything_is_written() {
    let dir = temp_dir("own-pack-places");
    let pack = dir.join("game");
    copy_dir(&root().join("tests/packs/english-only"), &pack);
    // The pack holds a manifest.json: it once made `build p --out p` delete the pack.
    std::fs::write(pack.join("manifest.json"), "{}").unwrap();
    let before = tree(&dir);
    let cases = [
        ("game", "is the pack folder itself"),
        (".", "holds the pack"),
        ("game/out", "lies inside the pack"),
        ("game/rules/../out", "lies inside the pack"),
    ];
    for (out, why) in cases {
        let output = pnpkit(&dir, &["build", "game", "--out", out]);
        let (_, stderr) = text(&output);
        assert_eq!(output.status.code(), Some(1), "--out {out}: {stderr}");
        assert!(stderr.contains(why), "--out {out}: {stderr}");
        assert_eq!(tree(&dir), before, "--out {out}: nothing written, nothing removed");
    }
    // errata: the new pack's folder as its output.
    let output = pnpkit(&dir, &["errata", "game", "game", "--out", "game"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output).1);
    assert_eq!(tree(&dir), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_output_holding_files_pnpkit_did_not_write_is_refused_and_kept() {
    let dir = temp_dir("own-foreign-files");
    let out = dir.join("out");
    let build = || pnpkit(&root(), &["build", "tests/packs/english-only", "--out", &out.to_string_lossy()]);
    assert_eq!(build().status.code(), Some(0));
    let marker = std::fs::read_to_string(out.join(".pnpkit-output")).unwrap();
    assert!(marker.starts_with("pnpkit output folder\nmade by: pnpkit build\n"), "{marker}");
    assert_eq!(build().status.code(), Some(0), "its own output is replaced");
    std::fs::write(out.join("my-notes.txt"), "keep").unwrap();
    let output = build();
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("holds files pnpkit did not write (my-notes.txt)"), "{stderr}");
    assert_eq!(std::fs::read_to_string(out.join("my-notes.txt")).unwrap(), "keep");
    // An errata run may not replace a build's output, nor a build an errata folder.
    std::fs::remove_file(out.join("my-notes.txt")).unwrap();
    let pack = "tests/packs/english-only";
    let output = pnpkit(&root(), &["errata", pack, pack, "--out", &out.to_string_lossy()]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output).1);
    assert!(text(&output).1.contains("is an output of `pnpkit build`"), "{}", text(&output).1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn no_id_can_make_a_file_appear_outside_the_output() {
    let dir = temp_dir("own-escape");
    let pack = dir.join("pack");
    copy_dir(&root().join("data/dougram"), &pack);
    // A counter id that climbs out of `png/counters/`, `tts/counters/` and `svg/`.
    let csv = std::fs::read_to_string(pack.join("counters.csv")).unwrap();
    let hostile = "../../../escaped/ESCAPED";
    std::fs::write(pack.join("counters.csv"), csv.replacen("\nsoldiers,", &format!("\n{hostile},"), 1)).unwrap();
    let check = pnpkit(&dir, &["check", "pack"]);
    assert_eq!(check.status.code(), Some(0), "the id itself is legal: {}", text(&check).1);
    let before = tree(&dir);
    let output = pnpkit(&dir, &["build", "pack", "--previews", "--svg", "--out", "out"]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let after = tree(&dir);
    let outside: Vec<&String> =
        after.keys().filter(|path| !before.contains_key(*path) && !path.starts_with("out")).collect();
    assert!(outside.is_empty(), "written outside --out: {outside:?}");
    assert!(!dir.join("escaped").exists());
    // The counter's preview and its table images are inside, under a safe name of their own.
    let previews: Vec<&String> =
        after.keys().filter(|p| p.starts_with("out/png/counters/") && p.contains("ESCAPED")).collect();
    assert_eq!(previews.len(), 2, "front and back previews: {previews:?}");
    // Every image the Tabletop Simulator set names lies inside the output too.
    let json = std::fs::read_to_string(dir.join("out/pack.tts.json")).unwrap();
    let urls: Vec<&str> = json
        .lines()
        .filter(|l| ["\"FaceURL\"", "\"BackURL\"", "\"ImageURL\""].iter().any(|k| l.trim_start().starts_with(k)))
        .collect();
    assert!(!urls.is_empty() && urls.iter().all(|l| !l.contains("..")), "{urls:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn builds_into_nested_folders_never_run_at_once_nor_leave_a_part() {
    let dir = temp_dir("own-nested");
    let (outer, inner) = (dir.join("o"), dir.join("o/sub"));
    let pack = "tests/packs/english-only";
    for pair in 0..10 {
        let _ = std::fs::remove_dir_all(&outer);
        let start = |out: &Path| {
            Command::new(bin())
                .args(["build", pack, "--only", "cards", "--previews", "--out"])
                .arg(out)
                .current_dir(root())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (first, second) = if pair % 2 == 0 { (&outer, &inner) } else { (&inner, &outer) };
        let (a, b) = (start(first), start(second));
        let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
        let codes = (a.status.code(), b.status.code());
        assert_ne!(codes, (Some(0), Some(0)), "pair {pair}: both wrote, one into the other's folder");
        for failed in [&a, &b].into_iter().filter(|o| !o.status.success()) {
            let stderr = String::from_utf8_lossy(&failed.stderr);
            assert_eq!(failed.status.code(), Some(1), "pair {pair}: {stderr}");
            assert!(stderr.contains("nothing was written"), "pair {pair}: {stderr}");
        }
        // Whatever folder exists is one complete output: its marker lists exactly its files.
        for out in [&outer, &inner].into_iter().filter(|o| o.join(".pnpkit-output").is_file()) {
            let marker = std::fs::read_to_string(out.join(".pnpkit-output")).unwrap();
            let listed: Vec<&str> = marker.lines().skip_while(|l| !l.ends_with("Files:")).skip(1).collect();
            let mut found: Vec<String> =
                tree(out).into_iter().filter(|(p, h)| h != "dir" && p != ".pnpkit-output").map(|(p, _)| p).collect();
            if out == &outer {
                found.retain(|p| !p.starts_with("sub"));
            }
            found.sort();
            assert_eq!(found, listed, "pair {pair}: {} is complete", out.display());
        }
        let stray: Vec<String> = std::fs::read_dir(&outer)
            .map(|entries| entries.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect())
            .unwrap_or_default();
        assert!(!stray.iter().any(|n| n.ends_with(".lock") || n.contains(".staging")), "pair {pair}: {stray:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn layout_out_never_replaces_a_file_that_is_not_a_layout() {
    let dir = temp_dir("own-layout");
    let pack = dir.join("pack");
    copy_dir(&root().join("data/twilight-struggle"), &pack);
    let areas = pack.join("areas.csv");
    let before = std::fs::read(&areas).unwrap();
    let output = pnpkit(&dir, &["layout", "pack", "--out", "pack/areas.csv"]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output).1);
    assert!(text(&output).1.contains("is not a layout CSV"), "{}", text(&output).1);
    assert_eq!(std::fs::read(&areas).unwrap(), before, "the pack's areas are as they were");
    // Into a new file, and over its own output again.
    for _ in 0..2 {
        let output = pnpkit(&dir, &["layout", "pack", "--out", "layout.csv"]);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    }
    assert!(std::fs::read_to_string(dir.join("layout.csv")).unwrap().starts_with("id,x,y\n"));
    let names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(!names.iter().any(|n| n.contains(".pnpkit-")), "no temporary file left: {names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
