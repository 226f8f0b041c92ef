//! Issue 19, item 2: the Tabletop Simulator set read back from what `pnpkit build --only tts`
//! writes. The saved object's structure (the keys each object type needs, CardIDs inside their
//! sheet's grid, DeckIDs equal to the cards held, GUIDs unique), its counts against the pack's own
//! files (cards per deck, counters per kind, chits per value), every image it names present with
//! the size its grid and the faces' printed size give, the faces on a sheet the faces drawn alone,
//! and the same bytes from two builds.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::support::{png, pnpkit, root, temp_dir, text};

/// Faces are drawn at 144 dpi (`play::DPI`).
const DPI: f64 = 144.0;

/// Builds `pack` into `out` with `extra` arguments.
fn build(pack: &str, out: &Path, extra: &[&str]) {
    let out_arg = out.to_string_lossy().into_owned();
    let output = pnpkit(&root(), &[&["build", pack, "--out", &out_arg], extra].concat());
    assert_eq!(output.status.code(), Some(0), "{pack} {extra:?}: {}", text(&output).1);
}

/// The saved object `<pack>.tts.json` in `out`.
fn saved(out: &Path, pack: &str) -> Value {
    let path = out.join(format!("{pack}.tts.json"));
    serde_json::from_slice(&std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))).expect("JSON")
}

/// mm at the faces' resolution, as `emit::raster` rounds it.
fn px(mm: f64) -> u32 {
    (mm / 25.4 * DPI).round() as u32
}

/// The records of a CSV file as maps column → value (quoted fields with commas and newlines too).
fn csv(path: &Path) -> Vec<BTreeMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut rows: Vec<Vec<String>> = vec![vec![String::new()]];
    let (mut quoted, mut chars) = (false, text.chars().peekable());
    while let Some(c) = chars.next() {
        let row = rows.last_mut().unwrap();
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                row.last_mut().unwrap().push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => row.push(String::new()),
            ('\n', false) => rows.push(vec![String::new()]),
            ('\r', false) => {}
            (c, _) => row.last_mut().unwrap().push(c),
        }
    }
    rows.retain(|r| r.iter().any(|f| !f.is_empty()));
    let header = rows.remove(0);
    rows.into_iter().map(|r| header.iter().cloned().zip(r).collect()).collect()
}

/// Every object of the save, those in decks and bags too.
fn all_objects(save: &Value) -> Vec<&Value> {
    fn walk<'a>(objects: &'a [Value], out: &mut Vec<&'a Value>) {
        for o in objects {
            out.push(o);
            if let Some(inside) = o["ContainedObjects"].as_array() {
                walk(inside, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(save["ObjectStates"].as_array().expect("ObjectStates"), &mut out);
    out
}

/// Checks what every object and every object type needs; gives the image URLs named.
fn check_structure(save: &Value) -> BTreeSet<String> {
    for key in ["SaveName", "ObjectStates"] {
        assert!(save.get(key).is_some(), "the save has no {key}");
    }
    let mut guids = BTreeSet::new();
    let mut urls = BTreeSet::new();
    for o in all_objects(save) {
        let name = o["Name"].as_str().expect("Name");
        let guid = o["GUID"].as_str().expect("GUID");
        assert!(guid.len() == 6 && guid.chars().all(|c| c.is_ascii_hexdigit()), "GUID {guid}");
        assert!(guids.insert(guid.to_string()), "GUID {guid} given twice");
        assert!(o["Nickname"].is_string() && o["Description"].is_string(), "{name} {guid}: names");
        for k in ["posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"] {
            assert!(o["Transform"][k].is_number(), "{name} {guid}: Transform.{k}");
        }
        match name {
            "DeckCustom" => {
                let ids: Vec<u64> = o["DeckIDs"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
                let held: Vec<u64> =
                    o["ContainedObjects"].as_array().unwrap().iter().map(|c| c["CardID"].as_u64().unwrap()).collect();
                assert_eq!(ids, held, "{guid}: DeckIDs are the cards it holds, in order");
                for id in ids {
                    let sheet = &o["CustomDeck"][(id / 100).to_string()];
                    let slots = sheet["NumWidth"].as_u64().unwrap() * sheet["NumHeight"].as_u64().unwrap();
                    assert!(id % 100 < slots - 1, "CardID {id} outside its sheet's grid or in the hidden slot");
                }
            }
            "Card" => {
                let id = o["CardID"].as_u64().expect("CardID");
                let sheet = &o["CustomDeck"][(id / 100).to_string()];
                for k in ["FaceURL", "BackURL"] {
                    urls.insert(sheet[k].as_str().unwrap_or_else(|| panic!("card {id}: {k}")).to_string());
                }
                for k in ["NumWidth", "NumHeight"] {
                    let n = sheet[k].as_u64().unwrap();
                    assert!((1..=if k == "NumWidth" { 10 } else { 7 }).contains(&n), "{k} {n}");
                }
            }
            "Custom_Tile" | "Custom_Board" => {
                let image = &o["CustomImage"];
                urls.insert(image["ImageURL"].as_str().expect("ImageURL").to_string());
                if let Some(back) = image["ImageSecondaryURL"].as_str().filter(|b| !b.is_empty()) {
                    urls.insert(back.to_string());
                }
                if name == "Custom_Tile" {
                    assert!(image["CustomTile"]["Thickness"].as_f64().unwrap() > 0.0);
                }
            }
            "Bag" => assert!(o["ContainedObjects"].is_array()),
            other => panic!("unexpected object {other}"),
        }
    }
    urls
}

/// The cards of the save's decks: deck nickname → its cards' ids (their GMNotes).
fn decks(save: &Value) -> BTreeMap<String, Vec<String>> {
    let objects = save["ObjectStates"].as_array().unwrap();
    objects
        .iter()
        .filter(|o| o["Name"] == "DeckCustom")
        .map(|d| {
            let ids = d["ContainedObjects"].as_array().unwrap().iter();
            (
                d["Nickname"].as_str().unwrap().to_string(),
                ids.map(|c| c["GMNotes"].as_str().unwrap().to_string()).collect(),
            )
        })
        .collect()
}

/// How many tiles the save holds per GMNotes (`counters/<kind>`, `chits/<label>`).
fn tiles(save: &Value) -> BTreeMap<String, u32> {
    let mut counts = BTreeMap::new();
    for o in all_objects(save).into_iter().filter(|o| o["Name"] == "Custom_Tile") {
        *counts.entry(o["GMNotes"].as_str().unwrap().to_string()).or_default() += 1;
    }
    counts
}

/// The file a URL of the set built into `out` names: by default the URLs are the output
/// folder's absolute `file:///` address and the path under it (TTS loads nothing relative).
fn local(out: &Path, url: &str) -> PathBuf {
    let prefix = format!("file://{}/", out.display());
    let path = url.strip_prefix(&prefix).unwrap_or_else(|| panic!("{url} is not under {prefix}"));
    assert!(path.starts_with("tts/") && path.ends_with(".png"), "{url}");
    out.join(path)
}

/// Every URL names a file under `out`; sheets have the size of their grid of `card` slots,
/// within 4096 px.
fn check_images(out: &Path, save: &Value, urls: &BTreeSet<String>, card: (u32, u32)) {
    for url in urls {
        let (w, h, _) = png(&local(out, url));
        assert!(w <= 4096 && h <= 4096, "{url}: {w}×{h}");
    }
    for o in all_objects(save).into_iter().filter(|o| o["Name"] == "DeckCustom") {
        for sheet in o["CustomDeck"].as_object().unwrap().values() {
            let (w, h, _) = png(&local(out, sheet["FaceURL"].as_str().unwrap()));
            let (cols, rows) =
                (sheet["NumWidth"].as_u64().unwrap() as u32, sheet["NumHeight"].as_u64().unwrap() as u32);
            assert_eq!((w, h), (cols * card.0, rows * card.1), "{}", sheet["FaceURL"]);
            assert_eq!(png(&local(out, sheet["BackURL"].as_str().unwrap())).0, card.0);
        }
    }
}

/// The slot `slot` of a sheet of `cols` columns with `cell`-sized slots, as RGBA rows.
fn slot(sheet: &(u32, u32, Vec<u8>), cols: u32, slot: u32, cell: (u32, u32)) -> Vec<u8> {
    let (x0, y0) = ((slot % cols) * cell.0, (slot / cols) * cell.1);
    let mut out = Vec::new();
    for y in y0..y0 + cell.1 {
        let start = ((y * sheet.0 + x0) * 4) as usize;
        out.extend_from_slice(&sheet.2[start..start + (cell.0 * 4) as usize]);
    }
    out
}

/// The mean absolute difference of two `cell`-sized RGBA images, per channel, compared as means
/// of 6 × 6 px blocks: what the eye sees, not where an edge's anti-aliasing falls when the bleed
/// cut off is not a whole number of pixels.
fn difference(a: &[u8], b: &[u8], cell: (u32, u32)) -> f64 {
    assert_eq!(a.len(), b.len());
    let (w, h) = (cell.0 / 6, cell.1 / 6);
    let block = |img: &[u8], bx: u32, by: u32, ch: usize| -> f64 {
        let mut sum = 0.0;
        for y in by * 6..by * 6 + 6 {
            for x in bx * 6..bx * 6 + 6 {
                sum += img[((y * cell.0 + x) * 4) as usize + ch] as f64;
            }
        }
        sum / 36.0
    };
    let mut total = 0.0;
    for by in 0..h {
        for bx in 0..w {
            for ch in 0..4 {
                total += (block(a, bx, by, ch) - block(b, bx, by, ch)).abs();
            }
        }
    }
    total / (w * h * 4) as f64
}

/// `image` (a face drawn with its bleed) without `bleed` px on each side, as RGBA rows.
fn trimmed(image: &(u32, u32, Vec<u8>), bleed: u32, cell: (u32, u32)) -> Vec<u8> {
    let mut out = Vec::new();
    for y in bleed..bleed + cell.1 {
        let start = ((y * image.0 + bleed) * 4) as usize;
        out.extend_from_slice(&image.2[start..start + (cell.0 * 4) as usize]);
    }
    out
}

fn files_under(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(files_under(&path));
        } else if path.file_name().is_some_and(|n| n != "manifest.json") {
            out.insert(path.strip_prefix(dir).unwrap().to_path_buf(), std::fs::read(&path).unwrap());
        }
    }
    out
}

#[test]
fn dougram_gives_its_cards_counters_chits_and_map_with_every_image_at_size() {
    let dir = temp_dir("tts-dougram");
    let out = dir.join("out");
    build("data/dougram", &out, &["--only", "tts"]);
    let save = saved(&out, "dougram");
    let urls = check_structure(&save);
    check_images(&out, &save, &urls, (px(63.0), px(88.0)));

    // One deck: every card of cards.csv shares the common back.
    let cards = csv(&root().join("data/dougram/cards.csv"));
    let decks = decks(&save);
    assert_eq!(decks.len(), 1, "{:?}", decks.keys());
    let held: BTreeSet<&String> = decks.values().flatten().collect();
    let want: BTreeSet<&String> = cards.iter().map(|c| &c["number"]).collect();
    assert_eq!(held, want);

    // Counters per kind as counters.csv counts them; chits per value as pack.toml's notes do.
    let tiles = tiles(&save);
    for row in csv(&root().join("data/dougram/counters.csv")) {
        let count: u32 = row["count"].parse().unwrap();
        assert_eq!(tiles.get(&format!("counters/{}", row["id"])), Some(&count), "counter kind {}", row["id"]);
    }
    let counters: u32 = tiles.iter().filter(|(k, _)| k.starts_with("counters/")).map(|(_, n)| n).sum();
    let chits: Vec<u32> = ["1P", "2P", "3P", "4P", "5P"].iter().map(|l| tiles[&format!("chits/{l}")]).collect();
    assert_eq!((counters, chits), (155, vec![21, 23, 17, 10, 8]));
    let bag = save["ObjectStates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["Nickname"] == "ランダムチット")
        .expect("a bag of chits");
    assert_eq!(bag["ContainedObjects"].as_array().unwrap().len(), 79);
    assert_eq!(bag["Nickname"], "ランダムチット", "the chits' name in the pack's first language");
    for chit in bag["ContainedObjects"].as_array().unwrap() {
        assert_eq!(chit["Nickname"], bag["Nickname"], "a chit's name does not tell its value");
        assert_eq!(chit["Transform"]["rotZ"], 180.0, "chits lie face down in the bag");
        let image = &chit["CustomImage"];
        assert!(image["ImageSecondaryURL"].as_str().unwrap().ends_with("chits/back.png"), "{image}");
    }

    // Counter tiles have both faces, the size of a printed counter.
    let soldier = all_objects(&save).into_iter().find(|o| o["GMNotes"] == "counters/soldiers").unwrap();
    assert_eq!(soldier["Nickname"], "連邦軍兵士");
    let image = &soldier["CustomImage"];
    assert_ne!(image["ImageURL"], image["ImageSecondaryURL"], "the enemy unit on the back");
    let (w, h, _) = png(&local(&out, image["ImageURL"].as_str().unwrap()));
    assert_eq!((w, h), (px(15.0), px(15.0)));
    // A kind of several counters lies in a bag named with its count.
    let soldiers = save["ObjectStates"].as_array().unwrap().iter().find(|o| o["Nickname"] == "連邦軍兵士 ×64");
    assert_eq!(soldiers.map(|b| b["ContainedObjects"].as_array().unwrap().len()), Some(64), "a bag of 64 soldiers");

    // The map as a board at its published aspect ratio.
    let board = save["ObjectStates"].as_array().unwrap().iter().find(|o| o["Name"] == "Custom_Board").expect("board");
    let (w, h, _) = png(&local(&out, board["CustomImage"]["ImageURL"].as_str().unwrap()));
    assert!(((w as f64 / h as f64) - 420.0 / 297.0).abs() < 0.01, "board {w}×{h}");

    // Nothing overlaps on the table: the board, the deck and every counter stack apart.
    let footprints: Vec<(f64, f64, f64, f64)> = save["ObjectStates"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["Nickname"] != "ランダムチット")
        .map(|o| {
            let t = &o["Transform"];
            let (x, z) = (t["posX"].as_f64().unwrap(), t["posZ"].as_f64().unwrap());
            let (hw, hd) = match o["Name"].as_str().unwrap() {
                "Custom_Board" => (420.0 / 25.4 / 2.0, 297.0 / 25.4 / 2.0),
                "DeckCustom" => (63.0 / 25.4 / 2.0, 88.0 / 25.4 / 2.0),
                _ => (15.0 / 25.4 / 2.0, 15.0 / 25.4 / 2.0),
            };
            (x - hw, x + hw, z - hd, z + hd)
        })
        .collect();
    for (i, a) in footprints.iter().enumerate() {
        for b in &footprints[i + 1..] {
            let apart = a.1 <= b.0 || b.1 <= a.0 || a.3 <= b.2 || b.3 <= a.2;
            assert!(apart, "{a:?} overlaps {b:?}");
        }
    }
}

#[test]
fn submarine_attack_gives_a_deck_per_back_whose_sheets_show_the_faces_drawn_alone() {
    let dir = temp_dir("tts-submarine");
    let out = dir.join("out");
    // The faces drawn alone too, at the same resolution, to compare the sheets with.
    build("data/submarine-attack", &out, &["--only", "tts,png", "--png-dpi", "144"]);
    let save = saved(&out, "submarine-attack");
    let urls = check_structure(&save);
    let cell = (px(63.0), px(88.0));
    check_images(&out, &save, &urls, cell);

    // A deck per player, holding the cards of that side, named after the side.
    let cards = csv(&root().join("data/submarine-attack/cards.csv"));
    let side =
        |s: &str| -> Vec<String> { cards.iter().filter(|c| c["side"] == s).map(|c| c["number"].clone()).collect() };
    let decks = decks(&save);
    assert_eq!(decks.get("プレイヤーA"), Some(&side("player-a")), "{:?}", decks.keys());
    assert_eq!(decks.get("プレイヤーB"), Some(&side("player-b")));
    assert!(save["ObjectStates"].as_array().unwrap().iter().all(|o| o["Name"] == "DeckCustom"), "cards only");

    // Each card's slot on its sheet is its face drawn alone (with 3 mm of bleed, 17.7 px, cut off
    // here at 18 px): within 2 of 255 a channel, and at least 2.5 times closer to it than to another
    // card's face (the cards of a set share their frame; measured: 1.2–1.34 against 3.7–5.3).
    // The hidden slot is the back drawn alone, pixel for pixel.
    let bleed = px(3.0);
    for deck in save["ObjectStates"].as_array().unwrap() {
        let (key, sheet) = deck["CustomDeck"].as_object().unwrap().iter().next().unwrap();
        let image = png(&local(&out, sheet["FaceURL"].as_str().unwrap()));
        let cols = sheet["NumWidth"].as_u64().unwrap() as u32;
        let slots = cols * sheet["NumHeight"].as_u64().unwrap() as u32;
        let back = png(&local(&out, sheet["BackURL"].as_str().unwrap()));
        assert_eq!(slot(&image, cols, slots - 1, cell), back.2, "the hidden slot is the back");
        let held = deck["ContainedObjects"].as_array().unwrap();
        let alone = |card: &Value| png(&out.join(format!("png/cards/{}-front.png", card["GMNotes"].as_str().unwrap())));
        for (i, card) in held.iter().enumerate() {
            assert_eq!(card["CardID"].as_u64().unwrap(), key.parse::<u64>().unwrap() * 100 + i as u64);
            let on_sheet = slot(&image, cols, i as u32, cell);
            let same = difference(&on_sheet, &trimmed(&alone(card), bleed, cell), cell);
            let other = difference(&on_sheet, &trimmed(&alone(&held[(i + 9) % held.len()]), bleed, cell), cell);
            assert!(same < 2.0 && same * 2.5 < other, "card {}: {same:.2} vs {other:.2}", card["GMNotes"]);
        }
    }
}

#[test]
fn doomtrooper_builds_the_same_set_twice_and_tts_url_prefixes_every_image() {
    let dir = temp_dir("tts-doomtrooper");
    let (a, b, c) = (dir.join("a"), dir.join("b"), dir.join("c"));
    build("data/doomtrooper", &a, &["--only", "tts"]);
    build("data/doomtrooper", &b, &["--only", "tts"]);
    let (first, second) = (files_under(&a), files_under(&b));
    assert!(first.len() > 2, "{:?}", first.keys());
    assert_eq!(first.keys().collect::<Vec<_>>(), second.keys().collect::<Vec<_>>());
    // The same bytes, but for the output folder each set's URLs name.
    let folder = |out: &Path, bytes: &[u8]| {
        String::from_utf8_lossy(bytes).replace(&format!("file://{}/", out.display()), "OUT/")
    };
    for (path, bytes) in &first {
        assert!(folder(&a, bytes) == folder(&b, &second[path]), "{} differs between two builds", path.display());
    }
    let save = saved(&a, "doomtrooper");
    check_structure(&save);
    let cards = csv(&root().join("data/doomtrooper/cards.csv"));
    let held: usize = decks(&save).values().map(Vec::len).sum();
    assert_eq!(held, cards.len());

    build("data/doomtrooper", &c, &["--only", "tts", "--tts-url", "file:///home/me/doom"]);
    let prefixed = check_structure(&saved(&c, "doomtrooper"));
    assert!(!prefixed.is_empty());
    for url in prefixed {
        let path = url.strip_prefix("file:///home/me/doom/").unwrap_or_else(|| panic!("{url} not prefixed"));
        assert!(c.join(path).is_file(), "{url}");
    }
}

#[test]
fn a_pack_of_rules_only_writes_no_tabletop_set() {
    let dir = temp_dir("tts-rules-only");
    let out = dir.join("out");
    build("data/diceplomacy", &out, &["--only", "tts"]);
    assert!(!out.join("diceplomacy.tts.json").exists() && !out.join("tts").exists());
}

#[test]
fn twilight_struggle_lays_out_the_decks_its_setup_declares_and_the_china_card_in_hand() {
    let out = temp_dir("tts-declared-decks");
    build("data/twilight-struggle", &out, &["--only", "tts"]);
    let save = saved(&out, "twilight-struggle");
    check_structure(&save);
    // cards.csv read here: each era's known cards, the China Card (number 6) dealt to no deck.
    let cards = csv(&root().join("data/twilight-struggle/cards.csv"));
    let era = |e: &str| -> Vec<String> {
        cards.iter().filter(|c| c["era"] == e && c["number"] != "6").map(|c| c["number"].clone()).collect()
    };
    let mut expected = BTreeMap::new();
    for (name, e) in [("初期戦争デッキ", "early"), ("中期戦争カード", "mid")] {
        expected.insert(name.to_string(), era(e));
    }
    assert!(era("late").is_empty(), "no Late War card is known: that deck is left off the table");
    let mut found = decks(&save);
    for ids in found.values_mut() {
        ids.sort_by_key(|id| id.parse::<u32>().unwrap());
    }
    assert_eq!(found, expected);
    // The China Card lies alone and face up: it starts in the USSR's hand.
    let loose: Vec<&Value> = save["ObjectStates"].as_array().unwrap().iter().filter(|o| o["Name"] == "Card").collect();
    assert_eq!(loose.len(), 1);
    assert_eq!(loose[0]["GMNotes"], "6");
    assert_eq!(loose[0]["Transform"]["rotZ"], 0.0, "face up");
    let _ = std::fs::remove_dir_all(&out);
}
