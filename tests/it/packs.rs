//! The small valid packs in tests/packs/ load and check clean: the model carries game systems
//! other than seed 000's (point-to-point areas, tracks, typed card fields, score sheets).

use super::support::{pnpkit, root, text};

#[test]
fn point_to_point_pack_checks_clean() {
    let output = pnpkit(&root(), &["check", "tests/packs/point-to-point"]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "no warnings expected: {stderr}");
    assert!(stdout.contains("4 of 4 cards known"), "{stdout}");
}

#[test]
fn point_to_point_model_holds_areas_tracks_and_typed_fields() {
    let output = pnpkit(&root(), &["dump", "tests/packs/point-to-point"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    let pack: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let areas = &pack["map"]["areas"];
    assert_eq!(areas[0]["adjacent"], serde_json::json!(["port", "hills"]));
    assert_eq!(areas[0]["attributes"]["stability"], "3");
    assert_eq!(pack["tracks"][0]["boxes"][1]["attributes"]["forbids"]["en"], "coups in region A");
    assert_eq!(pack["cards"][0]["fields"]["ops"], 3);
    assert_eq!(pack["cards"][0]["fields"]["starred"], true);
    assert_eq!(pack["cards"][3]["fields"]["fight"], 4);
    assert_eq!(pack["sheets"][0]["kind"], "score");
}

/// Builds `data/<pack>` into a fresh folder; returns it.
fn build(pack: &str) -> std::path::PathBuf {
    let dir = super::support::temp_dir(&format!("seed-pack-{pack}"));
    let out = dir.join("out");
    let output = pnpkit(&root(), &["build", &format!("data/{pack}"), "--out", &out.to_string_lossy(), "--svg"]);
    assert_eq!(output.status.code(), Some(0), "{pack}: {}", text(&output).1);
    out
}

fn read(dir: &std::path::Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

#[test]
fn twilight_struggle_draws_its_area_map_with_every_area_region_and_adjacency() {
    let out = build("twilight-struggle");
    let svg = read(&out, "svg/map-a1-1-front.svg");
    let dump = pnpkit(&root(), &["dump", "data/twilight-struggle"]);
    let pack: serde_json::Value = serde_json::from_slice(&dump.stdout).expect("JSON");
    let all = pack["map"]["areas"].as_array().unwrap();
    // China belongs to the Chinese Civil War variant: the key prints it, beside no route.
    let areas: Vec<_> = all.iter().filter(|a| a["variant"].is_null()).collect();
    assert!(areas.len() >= 50 && areas.len() + 1 == all.len(), "{} areas", areas.len());
    for area in all {
        let name = area["name"]["ja"].as_str().unwrap();
        assert!(svg.contains(&format!(">{name}<")), "{name} is not drawn");
    }
    for region in pack["map"]["regions"].as_array().unwrap() {
        assert!(svg.contains(region["colour"].as_str().unwrap()), "region {} has no colour on the map", region["id"]);
    }
    // Each adjacency is one route or one pair of off-map arrows (drawn once per pair).
    let on_board = |id: &serde_json::Value| areas.iter().any(|a| &a["id"] == id);
    let pairs: usize =
        areas.iter().map(|a| a["adjacent"].as_array().unwrap().iter().filter(|x| on_board(x)).count()).sum::<usize>()
            / 2;
    assert_eq!(svg.matches(" data-link=").count(), pairs, "one route per adjacent pair");
    for file in ["map-a4.pdf", "counters.pdf", "cards.pdf", "tracks.pdf", "rules.html"] {
        assert!(out.join(file).is_file(), "{file}");
    }
    // The tracks the seed describes: DEFCON 5-1, VP -20..+20, the space race's 8 boxes.
    let tracks = pack["tracks"].as_array().unwrap();
    let values = |id: &str| -> Vec<i64> {
        let t = tracks.iter().find(|t| t["id"] == id).unwrap_or_else(|| panic!("track {id}"));
        t["boxes"].as_array().unwrap().iter().map(|b| b["value"].as_i64().unwrap()).collect()
    };
    assert_eq!(values("defcon"), [5, 4, 3, 2, 1]);
    assert_eq!(values("vp"), (-20..=20).collect::<Vec<_>>());
    assert_eq!(values("space-race").len(), 8);
}

#[test]
fn submarine_attack_prints_its_cards_mat_and_dice_table() {
    let out = build("submarine-attack");
    let manifest: serde_json::Value = serde_json::from_str(&read(&out, "manifest.json")).unwrap();
    let cards = manifest["documents"].as_array().unwrap().iter().find(|d| d["product"] == "cards").unwrap();
    assert_eq!(cards["pieces"], 36, "two sets of 8 transports and 10 actions");
    let mat = read(&out, "svg/mat-a3-1-front.svg") + &read(&out, "svg/mat-actions-a3-1-front.svg");
    assert_eq!(mat.matches("stroke-dasharray=\"2 1\"").count(), 6 + 8, "six columns and eight action slots");
    assert!(
        mat.contains("place 6 of your 8 cards") && mat.contains("place 8 of your 10 cards"),
        "each row says how many are chosen"
    );
    // Seven dice of six faces always show a pair (a certain chance reads "自動 auto"); four
    // dice do 13/18 of the time; one die never does (—). The play sheet prints the table, so no
    // play aid repeats it.
    let sheet = read(&out, "svg/play-sheets-1-front.svg");
    assert!(
        sheet.contains(">自動 auto<") && sheet.contains(">72.2%<") && !sheet.contains(">100.0%<"),
        "the of-a-kind table"
    );
    assert!(!out.join("play-aids.pdf").exists(), "the table is printed once");
}

#[test]
fn submarine_attack_editions_publish_their_dated_revisions() {
    let dir = super::support::temp_dir("seed-pack-submarine-errata");
    let out = dir.join("out").to_string_lossy().into_owned();
    let old = "data/submarine-attack/editions/2002-11-02";
    let output = pnpkit(&root(), &["errata", old, "data/submarine-attack", "--out", &out]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stdout.contains("card-type torpedo 魚雷カード: fields[grade].kind.values"),
        "torpedo D abolished: {stdout}"
    );
    assert!(
        stdout.contains("sheet mat-actions 配置図（アクション）: slots[actions].count 10 → 8"),
        "8 of 10 actions: {stdout}"
    );
    assert!(stdout.contains("when.exprs[0].value 10 → 15"), "the game ends at 15 VP: {stdout}");
    assert!(stdout.contains("replacement sheet: 2 cards on"), "the two torpedo D cards become C: {stdout}");
    let output = pnpkit(&root(), &["errata", "data/submarine-attack/editions/original", old, "--out", &out]);
    let (stdout, _) = text(&output);
    assert_eq!(stdout.lines().filter(|l| l.starts_with("card ") && l.ends_with(": removed")).count(), 4, "{stdout}");
    assert!(stdout.contains("totals game: cards 40 → 36"), "{stdout}");
    // `check` holds every edition to its notes.
    for pack in ["data/submarine-attack", old] {
        assert_eq!(pnpkit(&root(), &["check", pack]).status.code(), Some(0), "{pack}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn doomtrooper_checks_deck_lists_and_prints_its_player_aids() {
    let output = pnpkit(&root(), &["deck", "check", "data/doomtrooper", "data/doomtrooper/decks/sample-60.txt"]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains(": 60 cards in ") && stdout.ends_with("legal\n"), "{stdout}");
    let out = build("doomtrooper");
    let sheets = read(&out, "svg/play-sheets-2-front.svg");
    assert!(sheets.contains("昇進ポイント") && sheets.contains("運命ポイント"), "the tracker carries both tracks");
    assert!(read(&out, "svg/play-sheets-1-front.svg").contains("手順 Turn sequence"));
}

#[test]
fn diceplomacy_prints_a_score_sheet_for_eight_players() {
    let out = build("diceplomacy");
    let score = read(&out, "svg/play-sheets-1-front.svg");
    let ticks = score.matches(r#"class="score-box""#).count();
    // A score pad: as many games as the page holds, each 8 players × 3 wins and 3 losses.
    assert!(ticks >= 8 * (3 + 3) && ticks.is_multiple_of(8 * (3 + 3)), "{ticks} boxes");
    assert!(!out.join("cards.pdf").exists() && !out.join("calibration.pdf").exists(), "no cards, no duplex sheet");
}

#[test]
fn a_card_type_with_typed_fields_draws_them_through_its_own_template() {
    let dir = super::support::temp_dir("typed-card-fields");
    let out = dir.join("out");
    let output = pnpkit(&root(), &["build", "tests/packs/typed-card-fields", "--out", &out.to_string_lossy(), "--svg"]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("W08"), "the faces fit and nothing overlaps: {stderr}");
    let svg = read(&out, "svg/cards-1-front.svg");
    // The card type's template prints every field as label: id=display (kind).
    assert!(svg.contains(">Operations: ops=0 (int)</text>"), "{svg}");
    assert!(svg.contains(">Scoring card: scoring=true (bool)</text>"));
    assert!(svg.contains(">Operations: ops=3 (int)</text>"));
    assert!(svg.contains(">Scoring card: scoring=false (bool)</text>"), "a false flag prints `false`, not its label");
    assert!(svg.contains(">Period: period=mid (enum)</text>"));
    assert_eq!(svg.matches(">SCORING</text>").count(), 1, "`field.scoring.value` is a boolean");
    assert!(svg.contains(">Capital stability 3</text>"), "the attributes of the place card 2 names");
    assert!(svg.contains(">T1 en</text>"), "the edition mark and the pack's languages");
    // The marker's own template; the English-only pack prints no Japanese.
    let counters = read(&out, "svg/counters-1-front.svg");
    assert!(counters.contains(">VP Victory</text>"), "{counters}");
    let backs = read(&out, "svg/cards-1-back.svg");
    // A pack without card backs of its own gets the game's title on its common back.
    assert!(backs.contains(">Test Scoring</text>") && !backs.contains("カード"), "{backs}");
}

#[test]
fn dump_context_prints_what_the_template_of_one_card_receives() {
    let output = pnpkit(&root(), &["dump", "tests/packs/typed-card-fields", "--context", "cards", "2"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    let faces: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let front = &faces[0];
    assert_eq!(front["face"], "cards/2-front");
    assert_eq!(front["template"], "cards/scoring.svg.tera");
    let context = &front["context"];
    let ids: Vec<&str> = context["fields"].as_array().unwrap().iter().map(|f| f["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["ops", "scoring", "period"], "in declaration order");
    assert_eq!(context["field"]["ops"]["value"], 3);
    assert_eq!(context["field"]["ops"]["kind"], "int");
    assert_eq!(context["field"]["scoring"]["value"], false);
    assert_eq!(context["field"]["scoring"]["display"], "false");
    assert_eq!(context["field"]["period"]["value"], "mid");
    assert_eq!(context["field"]["period"]["kind"], "enum");
    assert_eq!(context["side"]["colour"], "#c8373b");
    assert_eq!(context["places"][0]["attributes"][0]["value"], "3");
    assert_eq!(context["edition"]["mark"], "T1");
    assert_eq!(context["languages"], serde_json::json!(["en"]));
    assert_eq!(context["labels"]["common"]["proof"], "PROOF");
    // The typed fields have their own places on the default front: the only int is the badge,
    // the enum a tag (an unset flag shows nothing); the body keeps conditions, text and effects.
    assert_eq!(context["field"]["ops"]["show"], "badge");
    assert_eq!(context["field"]["period"]["show"], "tag");
    assert_eq!(
        context["face"]["badge"],
        serde_json::json!({ "id": "ops", "label": "Operations", "names": "Operations", "display": "3" })
    );
    assert_eq!(context["face"]["stats"], serde_json::json!([]));
    assert_eq!(context["face"]["pills"], serde_json::json!(["Period mid"]));
    assert_eq!(context["face"]["body"], "Requires: East controls Capital\nEffects: card 1 “Europe Scoring” opens.");
    assert_eq!(faces[1]["face"], "cards/back-common");
    let unknown = pnpkit(&root(), &["dump", "tests/packs/typed-card-fields", "--context", "cards", "99"]);
    assert_eq!(unknown.status.code(), Some(2));
}

/// Whether `s` holds a Japanese character (kana, kanji, full-width forms).
fn has_japanese(s: &str) -> bool {
    s.chars().any(|c| {
        matches!(c, '\u{3000}'..='\u{30ff}' | '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}')
    })
}

#[test]
fn an_english_only_pack_prints_no_japanese_and_no_doubled_names() {
    let dir = super::support::temp_dir("english-only");
    let out = dir.join("out");
    let output = pnpkit(&root(), &["build", "tests/packs/english-only", "--out", &out.to_string_lossy()]);
    let stderr = text(&output).1;
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("warning["), "an English-only pack builds without warnings: {stderr}");
    let mut pdfs: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        .collect();
    pdfs.sort();
    let names: Vec<String> = pdfs.iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
    for expected in ["cards.pdf", "card-list.pdf", "flowchart.pdf", "map-a3.pdf", "play-sheets.pdf", "tracks.pdf"] {
        assert!(names.iter().any(|n| n == expected), "{expected} among {names:?}");
    }
    for pdf in &pdfs {
        let words = std::process::Command::new("pdftotext").arg(pdf).arg("-").output().expect("pdftotext").stdout;
        let words = String::from_utf8_lossy(&words);
        let japanese: Vec<&str> = words.lines().filter(|l| has_japanese(l)).collect();
        assert!(japanese.is_empty(), "{}: Japanese on an English-only pack's page: {japanese:?}", pdf.display());
        assert!(
            !words.contains("night_only"),
            "{}: a field without a name prints as words, not its key",
            pdf.display()
        );
        for doubled in ["Harbour Lights Harbour Lights", "Navy Navy", "Quay Quay", "event event"] {
            assert!(!words.contains(doubled), "{}: doubled name `{doubled}`", pdf.display());
        }
    }
    let html = read(&out, "rules.html");
    // What the page shows: everything outside <script> (the search script folds kana, so it
    // holds Japanese characters that never show).
    let visible: String =
        html.split("<script").map(|part| part.split_once("</script>").map_or(part, |(_, after)| after)).collect();
    let shown: Vec<&str> = visible.lines().filter(|l| has_japanese(l)).collect();
    assert!(shown.is_empty(), "rules.html of an English-only pack shows Japanese: {shown:?}");
}

#[test]
fn an_english_only_pack_prints_sheets_tracks_and_aids_in_english_only() {
    let dir = super::support::temp_dir("english-only-tracks");
    let out = dir.join("out");
    let args =
        ["build", "tests/packs/english-only-tracks", "--out", &out.to_string_lossy(), "--only", "sheets,aids", "--svg"];
    let output = pnpkit(&root(), &args);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("warning[W08"), "every text fits, clear of the margin and of other text: {stderr}");
    let mut texts = Vec::new();
    for entry in std::fs::read_dir(out.join("svg")).unwrap().flatten() {
        let svg = std::fs::read_to_string(entry.path()).unwrap();
        let parts: Vec<&str> = svg.split("</text>").collect();
        // Every part but the last ends where a text's content ends.
        texts.extend(parts[..parts.len() - 1].iter().filter_map(|t| t.rsplit_once('>')).map(|(_, t)| t.to_string()));
    }
    let japanese = |c: char| matches!(c, '\u{3000}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}');
    let found: Vec<&String> = texts.iter().filter(|t| t.chars().any(japanese)).collect();
    assert!(found.is_empty(), "Japanese on an English-only pack's pages: {found:?}");
    for expected in ["watch sheet", "Turn sequence", "Harbour player turn", "expected hits", "player"] {
        assert!(texts.iter().any(|t| t == expected), "no text “{expected}” in {texts:?}");
    }
    // A track box's attribute, however its caption breaks into lines.
    assert!(texts.join(" ").contains("forbids: landing on the reef"), "{texts:?}");
    assert!(!texts.iter().any(|t| t.contains("watch sheet watch sheet") || t.trim().is_empty()), "{texts:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn typed_areas_pack_checks_clean_with_totals_by_filter_graph_rules_and_free_placements() {
    let output = pnpkit(&root(), &["check", "tests/packs/typed-areas"]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "no warnings expected: {stderr}");
    assert!(stdout.contains("5 of 5 cards known"), "{stdout}");
    let dump = pnpkit(&root(), &["dump", "tests/packs/typed-areas"]);
    let pack: serde_json::Value = serde_json::from_slice(&dump.stdout).expect("JSON");
    let areas = pack["map"]["areas"].as_array().unwrap();
    let border = areas.iter().find(|a| a["id"] == "border").unwrap();
    assert_eq!(border["attributes"]["stability"], 1, "an int attribute is a number");
    assert_eq!(border["attributes"]["battleground"], true, "a flag is a boolean");
    assert_eq!(border["attributes"]["subregions"], serde_json::json!(["west", "east"]));
    assert_eq!(pack["game"]["totals"]["by_filter"].as_array().unwrap().len(), 7);
    assert_eq!(pack["free_placements"][1]["where"], "subregions = west and stability <= 2");
    assert_eq!(pack["map"]["graph"]["connected"], true, "the pack states its map connected, and check holds it");
    assert_eq!(pack["map"]["graph"]["max_degree"], 3);
}

#[test]
fn twilight_struggle_states_its_era_split_as_totals_and_turn_one_influence_as_free_placements() {
    let output = pnpkit(&root(), &["check", "data/twilight-struggle", "--format", "short"]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    // Seven of the 110 cards are known: each era's count can only be a warning so far.
    assert!(stderr.contains("warning[W0002]: cards, era `early`: 4 of the 39 cards are known (rule 3.3)"), "{stderr}");
    assert!(stderr.contains("era `late`: 0 of the 23 cards are known"), "{stderr}");
    let dump = pnpkit(&root(), &["dump", "data/twilight-struggle"]);
    let pack: serde_json::Value = serde_json::from_slice(&dump.stdout).expect("JSON");
    // The decks select by the era field: no tag is made up to sort the cards.
    let decks = pack["decks"].as_array().unwrap();
    assert_eq!(decks.len(), 4, "Early, Mid and Late War, and the China Card in the USSR's hand");
    assert!(decks.iter().all(|d| d["select"]["tag"].is_null() && d["select"]["filter"].is_string()), "{decks:?}");
    assert!(pack["cards"].as_array().unwrap().iter().all(|c| c["tags"] == serde_json::json!([])), "no era tags");
    let dir = super::support::temp_dir("twilight-setup-chart");
    let out = dir.join("out");
    let built =
        pnpkit(&root(), &["build", "data/twilight-struggle", "--out", &out.to_string_lossy(), "--only", "setups"]);
    assert_eq!(built.status.code(), Some(0), "{}", text(&built).1);
    let words =
        std::process::Command::new("pdftotext").arg(out.join("setup-charts.pdf")).arg("-").output().expect("pdftotext");
    let chart = String::from_utf8_lossy(&words.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(chart.contains("Soviet Union (USSR): 6 × USSR influence anywhere in East Europe"), "{chart}");
    assert!(chart.contains("東欧にソ連影響を6個"), "{chart}");
    assert!(chart.contains("United States (US): 7 × US influence anywhere in West Europe"), "{chart}");
}
