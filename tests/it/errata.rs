//! Errata between two editions: the league-card erratum of seed 000 gives exactly 23 value
//! changes (15 of heart, 8 of growth) and a replacement sheet of exactly those 23 cards; a clause renumbered without a
//! change of text is a renumbering, not a removal and an addition.

use super::support::{copy_dir, pnpkit, root, temp_dir, text};

#[test]
fn the_league_card_erratum_is_23_value_changes_and_23_replacement_cards() {
    let dir = temp_dir("errata-league");
    let out = dir.join("out").to_string_lossy().into_owned();
    let output =
        pnpkit(&root(), &["errata", "data/league-erratum/original", "data/league-erratum/revised", "--out", &out]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    // In the order of the cards' ids as text (the diff is keyed by id).
    let expected = [
        "card 1 マッハウィンディ: heart 3 → 2",
        "card 10 5ピート: growth 3 → 2",
        "card 11 6ロニー: growth 3 → 2",
        "card 12 7リンキー: growth 3 → 2",
        "card 13 8ボビー: growth 3 → 2",
        "card 14 10カール: growth 3 → 2",
        "card 15 スーパーヘッド: heart 1 → 0",
        "card 16 デウス: heart 1 → 0",
        "card 17 ジェットセッター: heart 1 → 0",
        "card 18 ゲバラ: heart 1 → 0",
        "card 19 ワイルドホーク: heart 2 → 0",
        "card 2 キアイリュウケン: heart 3 → 2",
        "card 20 ダイクダイソン: heart 2 → 1",
        "card 21 シスレー: heart 1 → 0",
        "card 22 ワット: heart 1 → 0",
        "card 23 アンプ: heart 2 → 1",
        "card 3 ブルアーマー: heart 2 → 1",
        "card 4 極十郎太: heart 2 → 1",
        "card 5 トップジョイ: heart 2 → 1",
        "card 6 GZ: heart 1 → 0",
        "card 7 シルキー: growth 4 → 3",
        "card 8 2ピック: growth 3 → 2",
        "card 9 4パット: growth 3 → 2",
    ];
    let changes: Vec<&str> = stdout.lines().filter(|l| l.starts_with("card ")).collect();
    assert_eq!(changes, expected);
    assert!(stdout.contains("23 change(s) from original to revised"));
    assert!(stdout.contains("replacement sheet: 23 cards on"), "{stdout}");
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("out/changes.json")).unwrap()).unwrap();
    assert_eq!(json.as_array().unwrap().len(), 23);
    assert_eq!(json[0]["kind"]["fields"][0]["field"], "fields.heart");
    assert_eq!(json[1]["kind"]["fields"][0]["field"], "fields.growth");
    let md = std::fs::read_to_string(dir.join("out/errata-revised.md")).unwrap();
    assert!(
        md.contains("### [revised] カード card 6 GZ: 変更 changed 心 heart\n\n*調整 balance · 心 heart:* Heart lowered from 1 to 0."),
        "{md}"
    );
    assert!(md.contains("| 心 heart | ~~1~~ | **0** |"), "old beside new, changes marked: {md}");
    assert!(dir.join("out/errata-revised.pdf").is_file(), "the errata document as PDF");
    let pdf = dir.join("out/replacement-cards-revised.pdf");
    assert!(pdf.is_file());
    if let Ok(o) = std::process::Command::new("pdftotext").arg(&pdf).arg("-").output() {
        let text = String::from_utf8_lossy(&o.stdout);
        for name in [
            "マッハウィンディ",
            "キアイリュウケン",
            "ブルアーマー",
            "極十郎太",
            "トップジョイ",
            "GZ",
            "シルキー",
            "アンプ",
        ] {
            assert!(text.contains(name), "the replacement sheet lacks {name}");
        }
        assert!(text.matches("v2").count() >= 23, "every card carries its edition mark");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `pnpkit errata data/dougram NEW --out DIR/out` where NEW is a copy of the pack with `find`
/// replaced by `replace` in `file`; returns the test folder and stdout.
fn errata_after_edit(name: &str, file: &str, find: &str, replace: &str) -> (std::path::PathBuf, String) {
    let dir = temp_dir(name);
    copy_dir(&root().join("data/dougram"), &dir.join("new"));
    let path = dir.join("new").join(file);
    let edited = std::fs::read_to_string(&path).unwrap();
    assert!(edited.contains(find), "{file} no longer holds {find}");
    std::fs::write(&path, edited.replace(find, replace)).unwrap();
    let out = dir.join("out").to_string_lossy().into_owned();
    let new = dir.join("new").to_string_lossy().into_owned();
    let output = pnpkit(&root(), &["errata", "data/dougram", &new, "--out", &out]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    (dir, stdout)
}

#[test]
fn renumbering_a_clause_is_reported_as_a_renumbering() {
    let (dir, stdout) =
        errata_after_edit("errata-renumber", "rules/03-control.md", "3.5 {#control.current}", "3.6 {#control.current}");
    assert!(stdout.starts_with("clause control.current 3.5: renumbered 3.5 → 3.6\n1 change(s)"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_retitled_clause_is_a_change_of_its_title() {
    let (dir, stdout) = errata_after_edit(
        "errata-title",
        "rules/08-movement.md",
        "## 8.4 {#movement.stacking} Stacking\nja: スタック制限\n",
        "## 8.4 {#movement.stacking} Stacking limits\nja: スタック制限\n",
    );
    assert!(
        stdout.starts_with("clause movement.stacking 8.4: title.en Stacking → Stacking limits\n1 change(s)"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_changed_unit_reprints_every_counter_kind_that_shows_it() {
    let (dir, stdout) = errata_after_edit(
        "errata-counters",
        "units.csv",
        "lib-crab-gunner,クラブガンナー,Crab Gunner,,liberation,cba,3,2,2,",
        "lib-crab-gunner,クラブガンナー,Crab Gunner,,liberation,cba,4,2,2,",
    );
    assert!(stdout.starts_with("unit lib-crab-gunner クラブガンナー: factors.anti_armour 3 → 4\n"), "{stdout}");
    // Every kind with the Crab Gunner on either face, at its full count; no card sheet.
    let csv = std::fs::read_to_string(root().join("data/dougram/counters.csv")).unwrap();
    let expected: u32 = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|f| f[1] == "lib-crab-gunner" || f[2] == "lib-crab-gunner")
        .map(|f| f[3].parse::<u32>().unwrap())
        .sum();
    assert!(expected > 0);
    assert!(stdout.contains(&format!("replacement sheet: {expected} counters on")), "{stdout}");
    assert!(has_file(&dir.join("out"), "replacement-counters-"));
    assert!(!has_file(&dir.join("out"), "replacement-cards-"));
    let _ = std::fs::remove_dir_all(&dir);
}

fn has_file(dir: &std::path::Path, prefix: &str) -> bool {
    std::fs::read_dir(dir).unwrap().any(|e| e.unwrap().file_name().to_string_lossy().starts_with(prefix))
}

#[test]
fn the_rules_reference_says_which_clauses_changed_since_the_previous_edition() {
    let dir = temp_dir("errata-history");
    copy_dir(&root().join("data/dougram"), &dir.join("old"));
    copy_dir(&root().join("data/dougram"), &dir.join("new"));
    let manifest = dir.join("new/pack.toml");
    let edited = std::fs::read_to_string(&manifest)
        .unwrap()
        .replace("edition = \"2011-06-12\"", "edition = \"2012-01-01\"")
        .replace("id = \"2011-06-12\"\n", "id = \"2011-06-12\"\npack = \"../old\"\n")
        + "\n[[editions]]\nid = \"2012-01-01\"\ndate = \"2012-01-01\"\nlabel = \"Second edition\"\n";
    std::fs::write(&manifest, edited).unwrap();
    let rules = dir.join("new/rules/03-control.md");
    let edited = std::fs::read_to_string(&rules)
        .unwrap()
        .replace("Only [[term:city-hex]]es ever", "Only the [[term:city-hex]]es ever")
        .replace(
            "## 3.5 {#control.current}",
            "3.5 {#control.neutral} A hex nobody has entered yet belongs to nobody.\n\n## 3.6 {#control.current}",
        );
    std::fs::write(&rules, edited).unwrap();
    // An edition that names its predecessor keeps a note on every change.
    let note =
        |id: &str| format!("[[note]]\nitem = \"clause\"\nid = \"{id}\"\nclass = \"clarification\"\ntext = \"…\"\n\n");
    let notes = ["control.check", "control.neutral", "control.current"].map(note).concat();
    std::fs::create_dir_all(dir.join("new/errata")).unwrap();
    std::fs::write(dir.join("new/errata/2012-01-01.toml"), notes).unwrap();
    let out = dir.join("out").to_string_lossy().into_owned();
    let new = dir.join("new").to_string_lossy().into_owned();
    let output = pnpkit(&root(), &["build", &new, "--only", "reference", "--out", &out]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let html = std::fs::read_to_string(dir.join("out/rules.html")).unwrap();
    let clause = |id: &str| {
        let start = html.find(&format!("id=\"clause-{id}\"")).unwrap();
        let end = html[start..].find("<div class=\"clause").map_or(html.len(), |e| start + e);
        html[start..end].to_string()
    };
    let check = clause("control.check");
    assert!(check.contains("<b>2012-01-01</b>: 変更 changed (本文 text)"), "{check}");
    assert!(check.contains("Only <ins>the </ins>city hexes ever"), "the old wording, marked, as printed: {check}");
    assert!(
        check.starts_with("id=\"clause-control.check\"")
            && html.contains("class=\"clause changed\" id=\"clause-control.check\"")
    );
    assert!(clause("control.current").contains("renumbered (was 3.5)"), "{}", clause("control.current"));
    assert!(!clause("control.timing").contains("2012-01-01"), "an unchanged clause has no history");
    assert!(clause("control.neutral").contains("<b>2012-01-01</b>: 新設 new"), "{}", clause("control.neutral"));
    assert_eq!(html.matches("class=\"history\"").count(), 3, "exactly the three changed clauses");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_place_on_another_hex_and_pieces_set_up_elsewhere_are_moves() {
    let (dir, stdout) = errata_after_edit(
        "errata-moved-place",
        "hexes.csv",
        "27,clear,grante,グランテ,Grante,yes,1,3,,control.check|victory.vp-check,vp|chits,\n49,clear,,,,,,,,,,",
        "27,clear,,,,,,3,,,,\n49,clear,grante,グランテ,Grante,yes,1,,,control.check|victory.vp-check,vp|chits,",
    );
    // The chit capacity belongs to the hex, so hexes 27 and 49 change too; the city itself moves.
    assert!(stdout.contains("place grante グランテ: moved 27 → 49\n"), "{stdout}");
    assert!(!stdout.contains("place grante グランテ: removed"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
    let (dir, stdout) = errata_after_edit(
        "errata-moved-placement",
        "setups.csv",
        "setup1,federal,スパ,クラブガンナー,1,",
        "setup1,federal,49,クラブガンナー,1,",
    );
    assert!(
        stdout.starts_with("placement setup1/federal/クラブガンナー: moved スパ → 49\n1 change(s)"),
        "one move, not a removal and an addition: {stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `git` in `dir` (tests only: pnpkit itself reads git in-process).
fn git(dir: &std::path::Path, args: &[&str]) {
    let output = std::process::Command::new("git")
        .args(["-c", "user.name=pnpkit test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git is installed");
    assert!(output.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn editions_can_be_git_revisions_of_one_pack_folder() {
    let dir = temp_dir("errata-git");
    let pack = dir.join("games/league");
    copy_dir(&root().join("data/league-erratum/original"), &pack);
    git(&dir, &["init", "-q"]);
    git(&dir, &["add", "."]);
    git(&dir, &["commit", "-q", "-m", "original"]);
    git(&dir, &["tag", "v1"]);
    // The revised edition in the same folder, naming the original by its tag instead of a folder.
    copy_dir(&root().join("data/league-erratum/revised"), &pack);
    let manifest = pack.join("pack.toml");
    let toml = std::fs::read_to_string(&manifest).unwrap().replace("pack = \"../original\"", "git = \"v1\"");
    std::fs::write(&manifest, toml).unwrap();
    git(&dir, &["add", "."]);
    git(&dir, &["commit", "-q", "-m", "revised"]);

    let out = dir.join("out").to_string_lossy().into_owned();
    let output = pnpkit(&dir, &["errata", "games/league@v1", "games/league@HEAD", "--out", &out]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert_eq!(stdout.lines().filter(|l| l.starts_with("card ")).count(), 23, "{stdout}");
    assert!(stdout.contains("replacement sheet: 23 cards on"), "{stdout}");
    // `check` loads the previous edition from the tag and holds the notes to its changes.
    let output = pnpkit(&dir, &["check", "games/league"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    std::fs::write(
        pack.join("errata/revised.toml"),
        std::fs::read_to_string(pack.join("errata/revised.toml")).unwrap().replace("id = \"6\"\n", "id = \"99\"\n"),
    )
    .unwrap();
    let output = pnpkit(&dir, &["check", "games/league"]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr.contains("error[E0901]") && stderr.contains("card 6 GZ: heart 1 → 0: no errata note"), "{stderr}");
    // A revision that does not exist is an error naming it; nothing is left behind.
    let output = pnpkit(&dir, &["errata", "games/league@v9", "games/league", "--out", &out]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr.contains("games/league@v9: no revision `v9`"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_rules_reference_lists_every_earlier_revision_of_a_clause() {
    let dir = temp_dir("errata-history-chain");
    // Three editions: 2011 (folder e1), 2012 (folder e2) and 2013 (the pack), each rewording 3.1.
    let editions = [("e1", "2011-06-12"), ("e2", "2012-01-01"), ("e3", "2013-01-01")];
    let wordings =
        ["Only [[term:city-hex]]es ever", "Only the [[term:city-hex]]es ever", "Only [[term:city-hex]]es can ever"];
    for (i, ((folder, edition), wording)) in editions.iter().zip(wordings).enumerate() {
        copy_dir(&root().join("data/dougram"), &dir.join(folder));
        let manifest = dir.join(folder).join("pack.toml");
        let mut toml = std::fs::read_to_string(&manifest).unwrap();
        if i == 2 {
            toml = toml.replace("id = \"2011-06-12\"\n", "id = \"2011-06-12\"\npack = \"../e1\"\n");
        }
        for (_, later) in &editions[1..=i] {
            let from = if i == 2 && *later == "2012-01-01" { "pack = \"../e2\"\n" } else { "" };
            toml += &format!("\n[[editions]]\nid = \"{later}\"\nlabel = \"{later}\"\n{from}");
        }
        std::fs::write(&manifest, toml.replace("edition = \"2011-06-12\"", &format!("edition = \"{edition}\"")))
            .unwrap();
        let rules = dir.join(folder).join("rules/03-control.md");
        let text = std::fs::read_to_string(&rules).unwrap().replace("Only [[term:city-hex]]es ever", wording);
        std::fs::write(&rules, text).unwrap();
        std::fs::create_dir_all(dir.join(folder).join("errata")).unwrap();
        let note = "[[note]]\nitem = \"clause\"\nid = \"control.check\"\nclass = \"clarification\"\ntext = \"…\"\n";
        std::fs::write(dir.join(folder).join(format!("errata/{edition}.toml")), note).unwrap();
    }
    let out = dir.join("out").to_string_lossy().into_owned();
    let e3 = dir.join("e3").to_string_lossy().into_owned();
    let output = pnpkit(&root(), &["build", &e3, "--only", "reference", "--out", &out]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    let html = std::fs::read_to_string(dir.join("out/rules.html")).unwrap();
    let start = html.find("id=\"clause-control.check\"").unwrap();
    let clause = &html[start..start + html[start..].find("<div class=\"clause").unwrap()];
    let first = clause.find("<b>2012-01-01</b>: 変更 changed (本文 text)").expect(clause);
    let second = clause.find("<b>2013-01-01</b>: 変更 changed (本文 text)").expect(clause);
    assert!(first < second, "oldest revision first: {clause}");
    assert!(clause.contains("Only <ins>the </ins>city hexes ever"), "{clause}");
    assert!(clause.contains("Only <del>the </del>city hexes <ins>can </ins>ever"), "{clause}");
    assert_eq!(html.matches("class=\"history\"").count(), 2, "only clause 3.1 has a history");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_changed_chit_value_reprints_only_that_value() {
    let (dir, stdout) = errata_after_edit(
        "errata-chits",
        "pack.toml",
        "{ value = 5, label = \"5P\", count = 8 }",
        "{ value = 6, label = \"5P\", count = 8 }",
    );
    assert!(stdout.starts_with("chit 5P: value 5 → 6\n"), "{stdout}");
    assert!(stdout.contains("replacement sheet: 8 chits on"), "{stdout}");
    assert!(!has_file(&dir.join("out"), "replacement-cards-") && !has_file(&dir.join("out"), "replacement-counters-"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether `text` holds a kana or a kanji.
fn has_japanese(text: &str) -> bool {
    text.chars().any(|c| matches!(c, '\u{3040}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}'))
}

#[test]
fn the_errata_of_an_english_pack_speak_english_and_name_fields_not_keys() {
    let dir = temp_dir("errata-english");
    let out = dir.join("out").to_string_lossy().into_owned();
    let packs = "tests/packs/harbour-errata";
    let output = pnpkit(&root(), &["errata", &format!("{packs}/first"), &format!("{packs}/second"), "--out", &out]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("warning["), "the errata pages fit: {stderr}");
    let md = std::fs::read_to_string(dir.join("out/errata-second.md")).unwrap();
    let pdf = std::process::Command::new("pdftotext").arg(dir.join("out/errata-second.pdf")).arg("-").output();
    let pdf = pdf.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_else(|_| md.clone());
    for (what, doc) in [("Markdown", &md), ("PDF", &pdf)] {
        assert!(!has_japanese(doc), "the {what} errata of an English-only pack print Japanese:\n{doc}");
        for key in ["milops_required", "hand_size", "fields.", "name.en", "name_en"] {
            assert!(!doc.contains(key), "the {what} errata print the raw key `{key}`:\n{doc}");
        }
        // The card type's names for its fields, and the messages' words for fixed fields.
        for label in ["military operations", "cards in hand", "name (English)", "correction", "balance"] {
            assert!(doc.contains(label), "the {what} errata lack “{label}”:\n{doc}");
        }
    }
    assert!(md.contains("| military operations | ~~2~~ | **1** |"), "{md}");
    assert!(md.contains("*balance · cards in hand:* The ferry's player"), "{md}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_rules_reference_of_an_english_pack_has_no_japanese_headings() {
    let dir = temp_dir("reference-english");
    let out = dir.join("out").to_string_lossy().into_owned();
    let output = pnpkit(&root(), &["build", "tests/packs/harbour-errata/second", "--only", "reference", "--out", &out]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    let html = std::fs::read_to_string(dir.join("out/rules.html")).unwrap();
    let page = html.split("<script>").next().unwrap_or_default();
    assert!(!has_japanese(page), "{page}");
    for label in ["<h2>Contents</h2>", "<h2>Cards</h2>", "<th>Timing</th>", "placeholder=\"search: ", "lang=\"en\""] {
        assert!(page.contains(label), "rules.html lacks {label}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `pnpkit errata data/PACK NEW --out DIR/OUT` where NEW is a copy of the pack with each
/// `(find, replace)` applied to `file`; returns the test folder and stdout.
fn errata_of_copy(dir: &std::path::Path, pack: &str, file: &str, edits: &[(&str, &str)], out: &str) -> String {
    let new = dir.join("new");
    if !new.exists() {
        copy_dir(&root().join("data").join(pack), &new);
        let path = new.join(file);
        let mut edited = std::fs::read_to_string(&path).unwrap();
        for (find, replace) in edits {
            assert!(edited.contains(find), "{file} no longer holds {find}");
            edited = edited.replace(find, replace);
        }
        std::fs::write(&path, edited).unwrap();
    }
    let out = dir.join(out).to_string_lossy().into_owned();
    let output = pnpkit(&root(), &["errata", &format!("data/{pack}"), &new.to_string_lossy(), "--out", &out]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    stdout
}

/// The words of each page of `pdf`, read back with pdftotext.
/// A proof page's words without its footer's "校正刷り PROOF ·".
fn without_proof_mark(words: Vec<String>) -> Vec<String> {
    let at = words.iter().position(|w| w == "PROOF");
    words
        .into_iter()
        .enumerate()
        .filter(|(i, _)| at.is_none_or(|p| !(p.saturating_sub(1)..=p + 1).contains(i)))
        .map(|(_, w)| w)
        .collect()
}

fn page_words(pdf: &std::path::Path) -> Vec<Vec<String>> {
    let o = std::process::Command::new("pdftotext").arg(pdf).arg("-").output().expect("pdftotext (poppler-utils)");
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let mut pages: Vec<Vec<String>> =
        text.split('\u{c}').map(|p| p.split_whitespace().map(String::from).collect()).collect();
    if pages.last().is_some_and(Vec::is_empty) {
        pages.pop();
    }
    pages
}

/// The tile a page of tiles is, from its caption (`Tile B1 of 2×2`).
fn tile_of(words: &[String]) -> String {
    let at = words.iter().position(|w| w == "Tile").expect("a tile caption");
    words[at + 1].clone()
}

/// The single file in `dir` whose name starts with `prefix`.
fn file_starting(dir: &std::path::Path, prefix: &str) -> std::path::PathBuf {
    let found: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(prefix))
        .collect();
    assert_eq!(found.len(), 1, "one {prefix}* in {}: {found:?}", dir.display());
    found[0].clone()
}

/// The replacement map of an erratum against the full build of the new edition's map: the
/// published page is one page; the replacement tiles are those the terminal names, each the same
/// page as the full set's tile of that name, and they include every tile of the full set on which
/// one of `shown` (a hex number or area name, as a word) is printed. Returns the reprinted tiles'
/// names.
fn check_replacement_map(dir: &std::path::Path, stdout: &str, shown: &[&str]) -> Vec<String> {
    let out = dir.join("out");
    // The published size: A3 for data/dougram, A1 for Twilight Struggle's board.
    let published: Vec<_> = ["a3", "a2", "a1"]
        .iter()
        .filter(|p| {
            std::fs::read_dir(&out)
                .unwrap()
                .flatten()
                .any(|e| e.file_name().to_string_lossy().starts_with(&format!("replacement-map-{p}-")))
        })
        .map(|p| file_starting(&out, &format!("replacement-map-{p}-")))
        .collect();
    assert_eq!(published.len(), 1, "one published-size replacement map: {published:?}");
    let published = &published[0];
    assert_eq!(page_words(published).len(), 1, "the map at its published size is one page");
    let tiles_pdf = file_starting(&out, "replacement-map-a4-");
    let tiles = page_words(&tiles_pdf);
    let names: Vec<String> = tiles.iter().map(|w| tile_of(w)).collect();
    let line = stdout.lines().find(|l| l.starts_with("replacement map: ")).expect("a replacement map line");
    assert!(line.starts_with(&format!("replacement map: {} tile(s) of ", names.len())), "{line}");
    assert!(line.contains(&format!("({})", names.join(", "))), "{line} names {names:?}");
    // The full set, built from the same new edition.
    let build = dir.join("build");
    let output = pnpkit(
        &root(),
        &["build", &dir.join("new").to_string_lossy(), "--out", &build.to_string_lossy(), "--only", "map"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    // The full set is a proof (its footers say so); replacement sheets are not.
    let full: Vec<Vec<String>> =
        page_words(&file_starting(&build, "map-a4")).into_iter().map(without_proof_mark).collect();
    assert!(names.len() < full.len(), "only some tiles: {names:?} of {}", full.len());
    for words in &full {
        let name = tile_of(words);
        if let Some(i) = names.iter().position(|n| *n == name) {
            // The same words; compared sorted, since pdftotext's reading order of a map's words
            // shifts with the length of the footer (the proof's is longer).
            let sorted = |words: &[String]| {
                let mut words = words.to_vec();
                words.sort();
                words
            };
            assert_eq!(sorted(&tiles[i]), sorted(words), "replacement tile {name} is the full set's tile {name}");
        }
        for word in shown {
            if words.iter().any(|w| w == word) {
                assert!(names.contains(&name), "tile {name} shows {word} but is not reprinted ({names:?})");
            }
        }
    }
    names
}

#[test]
fn a_changed_hex_reprints_the_map_and_only_the_tiles_that_hold_it() {
    let dir = temp_dir("errata-map-hex");
    let edit = [("27,clear,grante,", "27,desert,grante,")];
    let stdout = errata_of_copy(&dir, "dougram", "hexes.csv", &edit, "out");
    assert!(stdout.starts_with("hex 27: terrain clear → desert\n"), "{stdout}");
    let names = check_replacement_map(&dir, &stdout, &["27"]);
    let tiles = page_words(&file_starting(&dir.join("out"), "replacement-map-a4-"));
    assert!(tiles.iter().all(|w| w.iter().any(|w| w == "27")), "every reprinted tile shows hex 27: {names:?}");
    // The errata document names both files and the tiles.
    let md = std::fs::read_to_string(dir.join("out/errata-2011-06-12.md")).unwrap();
    assert!(md.contains("## 差し替え地図 Replacement map"), "{md}");
    assert!(md.contains("replacement-map-a3-2011-06-12.pdf: the whole map at its published size."), "{md}");
    assert!(md.contains(&format!("the tiles {} ({} of ", names.join(", "), names.len())), "{md}");
    let document = page_words(&dir.join("out/errata-2011-06-12.pdf")).concat();
    assert!(document.iter().any(|w| w.starts_with("replacement-map-a4-2011-06-12.pdf")), "{document:?}");
    // The same inputs give the same bytes.
    errata_of_copy(&dir, "dougram", "hexes.csv", &edit, "again");
    for file in ["replacement-map-a3-2011-06-12.pdf", "replacement-map-a4-2011-06-12.pdf", "errata-2011-06-12.md"] {
        let (a, b) = (std::fs::read(dir.join("out").join(file)), std::fs::read(dir.join("again").join(file)));
        assert!(a.unwrap() == b.unwrap(), "{file} differs between two runs");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_moved_place_reprints_the_tiles_of_its_old_hex_and_its_new_one() {
    let dir = temp_dir("errata-map-place");
    // The Andy mine from hex 79 (the bottom of the map, in both columns' tiles) to hex 49 (the
    // bottom left, in the first column's only).
    let edits = [
        ("79,clear,andy,アンディ,Andy,no,,1,mine,,chits,", "79,clear,,,,,,1,,,,"),
        ("49,clear,,,,,,,,,,", "49,clear,andy,アンディ,Andy,no,,,mine,,chits,"),
    ];
    let stdout = errata_of_copy(&dir, "dougram", "hexes.csv", &edits, "out");
    assert!(stdout.starts_with("place andy アンディ: moved 79 → 49\n1 change(s)"), "{stdout}");
    let names = check_replacement_map(&dir, &stdout, &["79", "49"]);
    let tiles = page_words(&file_starting(&dir.join("out"), "replacement-map-a4-"));
    // Hexes 79 and 49 lie on different tiles: both are reprinted, the new one with the mine.
    let with = |word: &str| tiles.iter().filter(|w| w.iter().any(|x| x == word)).collect::<Vec<_>>();
    assert!(names.len() >= 2, "{names:?}");
    let (old, new) = (with("79"), with("49"));
    assert!(!old.is_empty() && !new.is_empty() && old != new, "{names:?}");
    assert!(new.iter().any(|w| w.iter().any(|x| x.contains("アンディ"))), "the mine on its new hex: {names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_changed_country_reprints_the_area_map() {
    let dir = temp_dir("errata-map-area");
    let csv = std::fs::read_to_string(root().join("data/twilight-struggle/areas.csv")).unwrap();
    let row = csv.lines().find(|l| l.starts_with("cuba,")).expect("Cuba's row").to_string();
    let fields: Vec<&str> = row.split(',').collect();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let at = header.iter().position(|h| *h == "stability").unwrap();
    let mut changed: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
    let old: u32 = changed[at].parse().unwrap();
    changed[at] = (old + 1).to_string();
    let changed = changed.join(",");
    let edit = [(row.as_str(), changed.as_str())];
    let stdout = errata_of_copy(&dir, "twilight-struggle", "areas.csv", &edit, "out");
    assert!(stdout.starts_with(&format!("area cuba キューバ: attributes.stability {old} → {}\n", old + 1)), "{stdout}");
    check_replacement_map(&dir, &stdout, &["Cuba"]);
    let published = page_words(&file_starting(&dir.join("out"), "replacement-map-a1-")).concat(); // the A1 board
    assert!(published.iter().any(|w| w == "Cuba"), "the area map at its published size");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_change_off_the_map_makes_no_replacement_map() {
    let (dir, stdout) = errata_after_edit(
        "errata-no-map",
        "cards.csv",
        "Draw a chit and add its points",
        "Draw one chit and add its points",
    );
    assert!(stdout.starts_with("card 2 "), "{stdout}");
    assert!(!stdout.contains("replacement map"), "{stdout}");
    assert!(!has_file(&dir.join("out"), "replacement-map"), "no map file for a card's text");
    let md = std::fs::read_to_string(dir.join("out/errata-2011-06-12.md")).unwrap();
    assert!(!md.contains("Replacement map"), "{md}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_changed_hexside_and_the_map_s_own_fields_reprint_the_map() {
    let dir = temp_dir("errata-map-hexside");
    let edit = [("63,73,mountain,", "63,73,impassable,")];
    let stdout = errata_of_copy(&dir, "dougram", "hexsides.csv", &edit, "out");
    assert!(stdout.starts_with("hexside 63 73: feature mountain → impassable\n1 change(s)"), "{stdout}");
    check_replacement_map(&dir, &stdout, &["63", "73"]);
    let _ = std::fs::remove_dir_all(&dir);
    // A map's own field (its hex size) redraws all of it: every tile.
    let dir = temp_dir("errata-map-grid");
    let stdout = errata_of_copy(&dir, "dougram", "map.toml", &[("hex_mm = 28", "hex_mm = 27")], "out");
    assert!(stdout.contains(": grid.hex_mm 28.0 → 27.0\n"), "{stdout}");
    let tiles = page_words(&file_starting(&dir.join("out"), "replacement-map-a4-"));
    let line = stdout.lines().find(|l| l.starts_with("replacement map: ")).expect("a replacement map line");
    assert!(line.starts_with(&format!("replacement map: {n} tile(s) of {n} (", n = tiles.len())), "{line}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn start_influence_added_on_an_area_map_reprints_the_tiles_of_its_country() {
    let dir = temp_dir("errata-map-influence");
    let csv = std::fs::read_to_string(root().join("data/twilight-struggle/setups.csv")).unwrap();
    let setup = csv.lines().nth(1).and_then(|l| l.split(',').next()).expect("a setup row").to_string();
    let last = csv.lines().last().unwrap().to_string();
    // Two more US influence in Cuba in the first setup: the area map prints it in Cuba's box.
    let added = format!("{last}\n{setup},us,cuba,us-influence,2,");
    let stdout = errata_of_copy(&dir, "twilight-struggle", "setups.csv", &[(last.as_str(), added.as_str())], "out");
    assert!(stdout.contains(&format!("placement {setup}/us/cuba/us-influence: ")), "{stdout}");
    check_replacement_map(&dir, &stdout, &["Cuba"]);
    let _ = std::fs::remove_dir_all(&dir);
}
