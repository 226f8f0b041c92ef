//! Issue 30: text is laid out in time linear in its length. A pack with a huge text builds, says
//! which piece and which row of its data do not fit, and draws only what can be seen. The inputs
//! are ones the code before the fix took hours over (a cut of a long word shaped the whole rest
//! of it again), so the test harness's timeout catches a return of that; no test times anything.
//! Each text is just under the 64 kB a line of a pack file may hold (longer lines are refused by
//! `check`, E0134: see the broken packs `rules-line-of-two-megabytes` and
//! `card-text-of-one-megabyte`).

use super::support::{copy_dir, pnpkit, root, temp_dir, text};

/// A copy of `data/<base>` in a fresh folder, with `edit` applied to its file `file`.
fn pack(name: &str, base: &str, file: &str, edit: impl FnOnce(String) -> String) -> std::path::PathBuf {
    let dir = temp_dir(name);
    copy_dir(&root().join("data").join(base), &dir.join("pack"));
    let path = dir.join("pack").join(file);
    let before = std::fs::read_to_string(&path).unwrap();
    let after = edit(before.clone());
    assert_ne!(before, after, "the edit changed nothing");
    std::fs::write(&path, after).unwrap();
    dir
}

/// The `<text>` elements of every SVG page written into `dir/out/svg`, and their bytes.
fn drawn(dir: &std::path::Path) -> (usize, usize) {
    let pages = std::fs::read_dir(dir.join("out/svg")).unwrap();
    let svgs: Vec<String> = pages.map(|p| std::fs::read_to_string(p.unwrap().path()).unwrap()).collect();
    (svgs.iter().map(|s| s.matches("<text").count()).sum(), svgs.iter().map(String::len).sum())
}

/// `pnpkit build pack --out out --only <only> --svg` in `dir`: its stderr, after asserting exit 0.
fn build(dir: &std::path::Path, only: &str) -> String {
    let output = pnpkit(dir, &["build", "pack", "--out", "out", "--only", only, "--svg"]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{}", &stderr[..stderr.len().min(4000)]);
    stderr
}

#[test]
fn a_sixty_kilobyte_word_in_a_rule_on_a_play_sheet_builds_and_is_reported_at_its_clause() {
    let word = "x".repeat(60_000);
    let dir = pack("long-word-in-a-rule", "dougram", "rules/13-capture.md", |rules| {
        // The play sheets print the clause in the pack's first language.
        rules.replacen(
            "ja: 連邦軍プレイヤーはダイスを1個振る。",
            &format!("ja: {word} 連邦軍プレイヤーはダイスを1個振る。"),
            1,
        )
    });
    let stderr = build(&dir, "sheets");
    // Clause 13.3 is in both play sheets' summaries; its row runs far off the page.
    let found = stderr.lines().filter(|l| l.contains("rules/13-capture.md:14:1: warning") && l.contains("clause 13.3"));
    assert!(found.count() >= 2, "{}", &stderr[..stderr.len().min(4000)]);
    // Of the word's lines, only those on the paper are drawn.
    let (texts, bytes) = drawn(&dir);
    assert!(texts < 1_000 && bytes < 1_000_000, "{texts} texts in {bytes} bytes");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_track_box_named_with_a_sixty_kilobyte_word_builds_and_is_reported_at_its_row() {
    let word = "y".repeat(60_000);
    let dir = pack("long-word-in-a-track", "twilight-struggle", "pack.toml", |toml| {
        toml.replacen(r#"{ value = 4, label = "4","#, &format!(r#"{{ value = 4, label = "4 {word}","#), 1)
    });
    let stderr = build(&dir, "sheets");
    let toml = std::fs::read_to_string(dir.join("pack/pack.toml")).unwrap();
    let line = 1 + toml.lines().position(|l| l.contains(r#"{ value = 4, label = "4 y"#)).expect("the box");
    assert!(
        stderr
            .lines()
            .any(|l| l.contains(&format!("pack.toml:{line}:3: warning")) && l.contains("track `defcon` box 4")),
        "{}",
        &stderr[..stderr.len().min(4000)]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_sixty_kilobyte_card_text_is_reported_at_its_row_and_drawn_only_where_the_card_shows() {
    let long = "lorem ipsum dolor ".repeat(3_500);
    let dir = pack("megabyte-card-text", "dougram", "cards.csv", |cards| {
        cards.replacen("Allows security checks in this security phase.", &long, 1)
    });
    let stderr = build(&dir, "cards");
    assert!(stderr.contains("cards.csv:7:1: warning[W0801]: cards/36-front: text does not fit"), "{stderr}");
    // Its lines at 6 pt run far above the card; the sheet draws the few on the card.
    let (texts, _) = drawn(&dir);
    assert!(texts < 1_000, "{texts} texts on the sheets");
    let pdf = std::fs::metadata(dir.join("out/cards.pdf")).unwrap().len();
    assert!(pdf < 1_000_000, "{pdf} bytes");
    let _ = std::fs::remove_dir_all(&dir);
}
