//! The binary on the real pack: `check` passes with a summary, `build` writes byte-identical
//! output, and a failed build keeps the last good output.

use super::support::{copy_dir, pnpkit, root, temp_dir, text};

#[test]
fn check_passes_on_dougram_and_prints_a_summary() {
    let output = pnpkit(&root(), &["check", "data/dougram"]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    for expected in [
        "155 unit/marker counters in 21 kinds + 79 chits = 234",
        "13 of 99 cards known, 4 deck definitions",
        "2 sides, 4 forces, 22 unit types",
        "28 sections",
        "check ok: 0 error(s)",
    ] {
        assert!(stdout.contains(expected), "summary lacks `{expected}`:\n{stdout}");
    }
    // Provisional values are never silent: counted per kind and file at the first of them, a
    // single one as it is; `--provisional` lists each.
    assert!(
        stderr.contains("units.csv:2:93: warning[W0001]: provisional: 22 unit entries give values the sources do not (the first: unit `lib-soldier`: anti_armour, anti_personnel, defence)"),
        "{stderr}"
    );
    assert!(!stderr.contains("round-facer`: anti_armour"), "{stderr}");
    assert!(stderr.contains("warning[W0001]: provisional: map geometry"), "{stderr}");
    assert!(stderr.lines().count() < 50, "a few lines greet the designer: {stderr}");
    let listed = pnpkit(&root(), &["check", "data/dougram", "--provisional"]);
    let (_, stderr) = text(&listed);
    assert!(
        stderr.contains("warning[W0001]: provisional: unit `round-facer`: anti_armour, anti_personnel, defence"),
        "{stderr}"
    );
    assert_eq!(stderr.matches("warning[W0001]").count(), 74, "{stderr}");
}

#[test]
fn check_defaults_to_the_dougram_pack() {
    let output = pnpkit(&root(), &["check"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(text(&output).0.starts_with("dougram: 太陽の牙ダグラム"));
}

#[test]
fn strict_turns_provisional_values_into_errors() {
    let output = pnpkit(&root(), &["check", "data/dougram", "--strict"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output).1.contains("error[W0001]: provisional"));
}

#[test]
fn json_format_is_machine_readable() {
    let output = pnpkit(&root(), &["check", "data/dougram", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0));
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("stdout is JSON");
    let items = value.as_array().expect("an array");
    assert!(items.iter().all(|d| d["severity"] == "warning"));
    let first = &items[0];
    assert_eq!(first["file"], "data/dougram/pack.toml");
    assert!(first["line"].as_u64().is_some() && first["column"].as_u64().is_some());
}

#[test]
fn build_writes_the_same_bytes_twice() {
    let dir = temp_dir("build-twice");
    let out = dir.join("out");
    let out_arg = out.to_string_lossy().into_owned();
    let first = pnpkit(&root(), &["build", "data/dougram", "--out", &out_arg]);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first).1);
    let manifest = std::fs::read(out.join("manifest.json")).expect("manifest written");
    let second = pnpkit(&root(), &["build", "data/dougram", "--out", &out_arg]);
    assert_eq!(second.status.code(), Some(0));
    assert_eq!(std::fs::read(out.join("manifest.json")).expect("manifest"), manifest, "output must be deterministic");
    let json: serde_json::Value = serde_json::from_slice(&manifest).expect("manifest is JSON");
    assert_eq!(json["counts"]["physical_counters"], 234);
    assert_eq!(json["counts"]["cards_known"], 13);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn failed_build_keeps_the_last_good_output() {
    let dir = temp_dir("build-fails");
    copy_dir(&root().join("data/dougram"), &dir.join("pack"));
    let good = pnpkit(&dir, &["build", "pack", "--out", "out"]);
    assert_eq!(good.status.code(), Some(0), "{}", text(&good).1);
    let before = std::fs::read(dir.join("out/manifest.json")).expect("first build output");
    let units = dir.join("pack/units.csv");
    let broken = std::fs::read_to_string(&units).unwrap().replace(
        "lib-soldier,解放軍兵士,Liberation soldier,,liberation,soldier,1,",
        "lib-soldier,解放軍兵士,Liberation soldier,,liberation,soldier,one,",
    );
    std::fs::write(&units, broken).unwrap();
    let bad = pnpkit(&dir, &["build", "pack", "--out", "out"]);
    let (_, stderr) = text(&bad);
    assert_eq!(bad.status.code(), Some(1));
    assert!(stderr.contains("pack/units.csv:2:"), "{stderr}");
    assert!(stderr.contains("nothing was written"), "{stderr}");
    assert_eq!(std::fs::read(dir.join("out/manifest.json")).expect("old output kept"), before);
    assert!(std::fs::read_dir(&dir).unwrap().all(|e| !e.unwrap().file_name().to_string_lossy().contains("staging")));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_that_is_not_a_pack_is_an_error_not_a_panic() {
    let dir = temp_dir("not-a-pack");
    let output = pnpkit(&dir, &["check", "nowhere"]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr.contains("error[E0110]") && stderr.contains("has no pack.toml"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_usage_exits_with_status_2() {
    let output = pnpkit(&root(), &["check", "--no-such-flag"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn dump_prints_the_model_as_json() {
    let output = pnpkit(&root(), &["dump", "data/dougram"]);
    assert_eq!(output.status.code(), Some(0));
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(value["game"]["title"]["ja"], "太陽の牙ダグラム");
    assert_eq!(value["cards"].as_array().map(Vec::len), Some(13));
    assert_eq!(value["forces"][0]["colour"], "#f2c21b");
}

#[test]
fn every_diagnostic_code_is_documented() {
    let doc = std::fs::read_to_string(root().join("docs/diagnostics.md")).expect("docs/diagnostics.md");
    for (code, _) in pnpkit::diag::Code::ALL {
        assert!(
            doc.contains(&format!("| {} |", code.0)),
            "{} is missing from docs/diagnostics.md (run scripts/diagnostics-table.py)",
            code.0
        );
    }
}

#[test]
fn importing_the_seed_rulebook_finds_its_sections_clauses_and_duplicate() {
    let seed = root().join("../shared/seeds/000_c181ae2e65f2b854.txt");
    if !seed.is_file() {
        eprintln!("skipping: {} is not here (the seeds live beside the repository)", seed.display());
        return;
    }
    let dir = temp_dir("import");
    let out = dir.to_string_lossy().into_owned();
    let output = pnpkit(&root(), &["rules", "import", &seed.to_string_lossy(), "--out", &out, "--format", "short"]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("imported 0 parts, 28 sections, 187 clauses"), "{stdout}");
    assert!(
        stderr.contains("warning[E0701]: two clauses are numbered 3.3"),
        "the seed's duplicate 3.3 is reported: {stderr}"
    );
    assert_eq!(stderr.matches(": warning[").count(), 1, "only the duplicate: {stderr}");
    // The output loads back as rules of a pack.
    let files: Vec<_> = std::fs::read_dir(dir.join("rules")).unwrap().collect();
    assert_eq!(files.len(), 28);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_english_rulebook_imports_with_its_numbers_parts_glossary_and_links_and_builds() {
    // tests/packs/rulebook-import/rulebook.txt is written in the style of long-running card
    // games' comprehensive rules (our own words): a table of contents, parts, lettered subrules,
    // typed cross-references, a glossary and credits.
    let base = temp_dir("import-english");
    let dir = base.join("pack");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(root().join("tests/packs/lettered-rules/pack.toml"), dir.join("pack.toml")).unwrap();
    let rulebook = root().join("tests/packs/rulebook-import/rulebook.txt");
    let out = dir.to_string_lossy().into_owned();
    let output = pnpkit(&root(), &["rules", "import", &rulebook.to_string_lossy(), "--out", &out, "--format", "short"]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stdout.contains(
            "imported 3 parts, 7 sections, 17 clauses, 4 glossary terms (English); 14 cross-references made links; \
             skipped front matter and contents (lines 1–30); skipped back matter (lines 102–104)"
        ),
        "{stdout}"
    );
    assert!(!stderr.contains("warning["), "no numbering problem: {stderr}");
    // The imported pack builds, with its own numbers as anchors and links, and a glossary whose
    // entries lead with their definitions.
    let site = base.join("site");
    let built = pnpkit(&dir, &["build", ".", "--out", &site.to_string_lossy(), "--only", "reference"]);
    let (stdout, stderr) = text(&built);
    assert!(built.status.success() && stdout.contains("0 error(s), 0 warning(s)"), "{stdout}{stderr}");
    let html = std::fs::read_to_string(site.join("rules.html")).unwrap();
    for anchor in [r#"id="101.3a""#, r#"id="part-p3""#, r#"id="section-s202""#, r#"id="term-oil""#] {
        assert!(html.contains(anchor), "{anchor}");
    }
    assert!(html.contains(r##"See rule <a href="#clause-s101.c101-3a">101.3a</a> for the one exception"##));
    assert!(
        html.contains(r##"See section <a href="#part-p3">3</a>, “Variants.”"##)
            || html.contains(r##"See section <a href="#part-p3">3</a>, &quot;Variants.&quot;"##)
    );
    assert!(html.contains(r#"<p class="def" lang="en">What lamps burn and players pay."#));
    let found = pnpkit(&dir, &["rules", "search", ".", "oil", "--json"]);
    let found: serde_json::Value = serde_json::from_slice(&found.stdout).unwrap();
    assert_eq!(found["hits"][0]["id"], "term-oil", "{found}");
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_typed_rule_number_in_prose_is_a_warning_with_the_link_to_write() {
    let dir = temp_dir("typed-number");
    copy_dir(&root().join("data/dougram"), &dir.join("pack"));
    let file = dir.join("pack/rules/13-capture.md");
    let edited = std::fs::read_to_string(&file).unwrap().replacen("[[card:29]]", "card 29 (see rule 8.4.2)", 1);
    std::fs::write(&file, edited).unwrap();
    let output = pnpkit(&dir, &["check", "pack"]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "a warning, not an error: {stderr}");
    assert!(stderr.contains("warning[W0701]: clause 13.2 types “rule 8.4.2” instead of a link"), "{stderr}");
    assert!(stderr.contains("write [[rule:movement.liberation-stacking]]"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_build_is_a_proof_with_its_notes_on_a_cover_and_a_release_refuses_them() {
    let dir = temp_dir("cli-proof-release");
    let out = |name: &str| dir.join(name).to_string_lossy().into_owned();
    // dougram: the proof's cover lists every value the sources do not give, at its row, and the
    // incomplete card set; every page's footer says PROOF and no sheet carries a note.
    let proof = pnpkit(&root(), &["build", "data/dougram", "--out", &out("proof"), "--only", "proof,counters"]);
    assert_eq!(proof.status.code(), Some(0), "{}", text(&proof).1);
    let words = |pdf: &str| -> String {
        let o = std::process::Command::new("pdftotext").arg(dir.join(pdf)).arg("-").output().expect("pdftotext");
        String::from_utf8_lossy(&o.stdout).split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let cover = words("proof/proof.pdf");
    for line in [
        "pack.toml:19 the set is not complete: 13 of the 99 cards the pack declares are defined",
        // One row per kind of thing and file, counted.
        "units.csv:2–23 provisional: 22 unit entries: anti_armour ×22, anti_personnel ×22, defence ×22",
        "map.toml:9 provisional: map geometry",
    ] {
        assert!(cover.contains(line), "the cover lacks “{line}”: {cover}");
    }
    let counters = words("proof/counters.pdf");
    assert_eq!(counters.matches("校正刷り PROOF").count(), 2, "both sides say PROOF: {counters}");
    assert!(!counters.contains("暫定"), "no note on the sheets: {counters}");
    // --release refuses the same pack, each finding located, and writes nothing.
    let release = pnpkit(&root(), &["build", "data/dougram", "--release", "--out", &out("release")]);
    let (_, stderr) = text(&release);
    assert_eq!(release.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("units.csv:9:150: error[W0001]: provisional: unit `round-facer`"), "{stderr}");
    assert!(stderr.contains("pack.toml:19:9: error[W0005]: the set is not complete"), "{stderr}");
    assert!(!dir.join("release").exists(), "nothing written");
    // A complete pack with nothing provisional builds as a release: no PROOF, no cover.
    let clean = pnpkit(&root(), &["build", "tests/packs/english-only-cards", "--release", "--out", &out("clean")]);
    assert_eq!(clean.status.code(), Some(0), "{}", text(&clean).1);
    assert!(!dir.join("clean/proof.pdf").exists());
    assert!(!words("clean/cards.pdf").contains("PROOF"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_query_excludes_with_a_leading_minus_and_takes_its_options_anywhere() {
    let pack = "tests/packs/english-only-cards";
    // `-side:runners` is a filter, not an option; `--json` after it is still the option.
    let run = pnpkit(&root(), &["cards", "search", pack, "type:event", "-side:runners", "--json"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run).1);
    let found: serde_json::Value = serde_json::from_str(&text(&run).0).expect("JSON");
    assert_eq!(found["total"], 1, "{found}");
    assert_eq!(found["hits"][0]["title"], "False Start");
    let run = pnpkit(&root(), &["cards", "search", pack, "type:event", "--limit=1"]);
    assert!(text(&run).0.contains("1 of 4 results"), "{}", text(&run).0);
    let run = pnpkit(&root(), &["find", pack, "cards", "-side:runners", "--json"]);
    let found: serde_json::Value = serde_json::from_str(&text(&run).0).expect("JSON");
    assert_eq!(found["count"], 1, "{found}");
    // A mistyped option is named, not searched for.
    let run = pnpkit(&root(), &["cards", "search", pack, "type:event", "--lim", "1"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run).1.contains("unknown option `--lim`"), "{}", text(&run).1);
}
