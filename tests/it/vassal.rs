//! The VASSAL module read back from outside: `pywargame` (PyPI, in a venv under target/, on
//! Python ≥ 3.12) lists its pieces, piles, boards, grid locations, sides, dice, help and saved
//! setups (tests/vassal/read.py), and each must match the pack.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use serde_json::Value;

use super::support::{pnpkit, root, temp_dir, text};

/// The pywargame version the reader script is written against.
const PYWARGAME: &str = "pywargame==0.8.0";

/// The venv's Python with pywargame, made once per test run.
fn python() -> &'static Path {
    static VENV: OnceLock<PathBuf> = OnceLock::new();
    VENV.get_or_init(|| {
        let venv = root().join("target").join("pywargame-venv");
        let python = venv.join("bin").join("python");
        let ready =
            |p: &Path| Command::new(p).args(["-c", "import pywargame"]).output().is_ok_and(|o| o.status.success());
        if !ready(&python) {
            let base = base_python().unwrap_or_else(|| {
                panic!("the VASSAL tests need Python ≥ 3.12 for pywargame: set PNPKIT_PYTHON or install it (pyenv)")
            });
            let made = Command::new(&base).args(["-m", "venv", "--clear"]).arg(&venv).output().expect("make the venv");
            assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
            let pip = Command::new(&python).args(["-m", "pip", "install", "-q", PYWARGAME]).output().expect("run pip");
            assert!(pip.status.success(), "pip install {PYWARGAME}: {}", String::from_utf8_lossy(&pip.stderr));
        }
        python
    })
}

/// A Python ≥ 3.12 on this machine: `PNPKIT_PYTHON`, a pyenv version, or one on the PATH.
fn base_python() -> Option<PathBuf> {
    let mut candidates: Vec<PathBuf> = std::env::var_os("PNPKIT_PYTHON").map(PathBuf::from).into_iter().collect();
    if let Some(home) = std::env::var_os("HOME") {
        let versions = Path::new(&home).join(".pyenv").join("versions");
        let mut found: Vec<PathBuf> = std::fs::read_dir(versions)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path().join("bin").join("python"))
            .collect();
        found.sort();
        candidates.extend(found.into_iter().rev());
    }
    candidates.extend(["python3.13", "python3.12", "python3"].map(PathBuf::from));
    let new_enough = |p: &PathBuf| {
        let check = "import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)";
        Command::new(p).args(["-c", check]).output().is_ok_and(|o| o.status.success())
    };
    candidates.into_iter().find(new_enough)
}

/// Builds `pack`'s module alone and reads it back; `hexes` are numbers whose VASSAL location to
/// ask for. Returns what the reader printed and the module's path.
fn read_back(pack: &str, hexes: &[String]) -> (Value, PathBuf) {
    let out = temp_dir(&format!("vassal-{pack}"));
    let built =
        pnpkit(&root(), &["build", &format!("data/{pack}"), "--only", "vassal", "--out", out.to_str().unwrap()]);
    assert!(built.status.success(), "{}", text(&built).1);
    let module = out.join(format!("{pack}.vmod"));
    let read = Command::new(python())
        .arg(root().join("tests/vassal/read.py"))
        .arg(&module)
        .arg(hexes.join(","))
        .output()
        .expect("run the reader");
    assert!(read.status.success(), "pywargame could not read {pack}.vmod: {}", String::from_utf8_lossy(&read.stderr));
    (serde_json::from_slice(&read.stdout).expect("the reader's JSON"), module)
}

fn loaded(pack: &str) -> pnpkit::model::Pack {
    let mut sources = pnpkit::diag::Sources::default();
    pnpkit::load::pack(&root().join("data").join(pack), &mut sources).0
}

/// The module's decks on every map: name → card count.
fn decks(module: &Value) -> BTreeMap<String, u64> {
    let maps = module["maps"].as_object().unwrap();
    maps.values()
        .flat_map(|m| m["decks"].as_object().unwrap().iter().map(|(k, v)| (k.clone(), v["cards"].as_u64().unwrap())))
        .collect()
}

#[test]
fn the_dougram_module_holds_the_packs_counters_chits_cards_map_and_setups() {
    let pack = loaded("dougram");
    let map = pack.map.as_ref().unwrap();
    let hexes: Vec<String> = map.hexes.iter().map(|h| h.id.clone()).collect();
    let (module, path) = read_back("dougram", &hexes);

    // One palette piece per counter kind, each with a flip layer naming both faces' images.
    let pieces = module["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), pack.counters.len());
    for (piece, counter) in pieces.iter().zip(&pack.counters) {
        let traits: Vec<&str> = piece["traits"].as_array().unwrap().iter().map(|t| t.as_str().unwrap()).collect();
        let images = piece["images"].as_array().unwrap();
        if counter.back.is_some() {
            assert_eq!(traits, ["emb2", "piece"], "{}", counter.id);
            assert_eq!(images.len(), 2, "{}: front and back", counter.id);
        }
    }
    // The chit pile holds every chit, the card deck every card, face down with their backs.
    let chits: u64 = pack.chits.values.iter().map(|v| u64::from(v.count)).sum();
    let decks = decks(&module);
    assert_eq!(decks.values().sum::<u64>(), chits + pack.cards.len() as u64, "{decks:?}");
    assert!(decks.values().any(|&n| n == chits), "{decks:?}");
    let table =
        module["maps"].as_object().unwrap().values().find(|m| !m["decks"].as_object().unwrap().is_empty()).unwrap();
    // (A deck a setup declares whose cards are not known yet is an empty place.)
    for deck in table["decks"].as_object().unwrap().values().filter(|d| d["cards"] != 0) {
        assert_eq!(deck["face_down"], "Always");
        assert_eq!(deck["traits"], serde_json::json!(["obs,piece"]));
    }

    // The map board: a hex grid whose numbering puts every hex number on that hex, where the
    // saved setups also stack their pieces.
    let map_name = pnpkit::messages::Messages::of(&pack).first_name(&map.name).to_string();
    let board = &module["maps"][&map_name]["boards"][&map_name];
    assert_eq!(board["image"], "board.png");
    let locations = board["locations"].as_object().expect("a numbered hex grid");
    assert_eq!(locations.len(), map.hexes.len());
    let dy = board["hexgrid"]["dy"].as_f64().unwrap();
    let xy = |v: &Value| (v[0].as_i64().unwrap(), v[1].as_i64().unwrap());
    let mut positions: Vec<(i64, i64)> = locations.values().map(xy).collect();
    positions.sort();
    positions.dedup();
    assert_eq!(positions.len(), map.hexes.len(), "each hex number at its own place");

    // The sides and the dice of the play aids (1d6 for combat and capture, 3d6 for victory).
    assert_eq!(module["sides"].as_array().unwrap().len(), pack.sides.len());
    let dice: Vec<(u64, u64)> = module["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["n"].as_u64().unwrap(), d["sides"].as_u64().unwrap()))
        .collect();
    assert_eq!(dice, [(1, 6), (3, 6)]);
    assert_eq!(module["help"].as_array().unwrap().len(), 1);

    // A saved game per setup: every counter it places, stacked on the hex it names; the chits
    // it places drawn from the pile, which keeps the rest.
    let setups = module["setups"].as_object().unwrap();
    assert_eq!(setups.len(), pack.setups.len());
    for setup in &pack.setups {
        let name = pnpkit::messages::Messages::of(&pack).first_name(&setup.name).to_string();
        let save = &setups[&name];
        assert_eq!((save["first"].as_str(), save["last"].as_str()), (Some("begin_save"), Some("end_save")));
        assert_eq!(save["setup_stack"], true, "the save replaces the at-start piles");
        let placed: u64 = pack.placements_of(&setup.id).map(|p| u64::from(p.count.value)).sum();
        let stacked: u64 = save["stacks"].as_array().unwrap().iter().map(|s| s["pieces"].as_u64().unwrap()).sum();
        assert_eq!(stacked, placed, "setup {}: every placed piece is in a stack", setup.id);
        let in_piles: u64 = save["decks"].as_array().unwrap().iter().map(|d| d["pieces"].as_u64().unwrap()).sum();
        let placed_chits: u64 = pack
            .placements_of(&setup.id)
            .filter(|p| {
                pack.piece(None, &p.piece.value).is_some_and(|piece| matches!(piece, pnpkit::model::Piece::Chit))
            })
            .map(|p| u64::from(p.count.value))
            .sum();
        assert!(placed_chits > 0, "setup {} places chits", setup.id);
        assert_eq!(in_piles, chits + pack.cards.len() as u64 - placed_chits, "setup {}", setup.id);
        // Stacks on the map sit on a hex centre as VASSAL's numbering gives it.
        for stack in save["stacks"].as_array().unwrap().iter().filter(|s| s["map"] == map_name) {
            let at = (stack["x"].as_i64().unwrap(), stack["y"].as_i64().unwrap());
            let near = positions.iter().any(|p| (p.0 - at.0).abs() <= 2 && (p.1 - at.1).abs() <= 2);
            assert!(near, "setup {}: a stack at {at:?} is on no hex centre (hexes {dy} px)", setup.id);
        }
    }

    // Every image the module names is in it; two builds give the same bytes.
    let files: Vec<&str> = module["files"].as_array().unwrap().iter().map(|f| f.as_str().unwrap()).collect();
    let named =
        pieces.iter().chain(table["decks"].as_object().unwrap().values()).flat_map(|p| p["images"].as_array().unwrap());
    for image in named {
        assert!(files.contains(&format!("images/{}", image.as_str().unwrap()).as_str()), "{image} is missing");
    }
    let (_, again) = read_back("dougram", &[]);
    assert_eq!(std::fs::read(&path).unwrap(), std::fs::read(again).unwrap(), "two builds, one module");
}

#[test]
fn a_cards_only_game_gets_a_table_with_a_deck_per_back() {
    let pack = loaded("submarine-attack");
    let (module, _) = read_back("submarine-attack", &[]);
    assert!(module["pieces"].as_array().unwrap().is_empty(), "no counters, no palette pieces");
    let maps = module["maps"].as_object().unwrap();
    assert_eq!(maps.len(), 1, "only the table: {:?}", maps.keys().collect::<Vec<_>>());
    // Each player's cards have their own back: a deck each, together every card of the pack.
    let decks = decks(&module);
    assert_eq!(decks.len(), 2, "{decks:?}");
    assert_eq!(decks.values().sum::<u64>(), pack.cards.len() as u64);
    let sides: Vec<String> =
        pack.sides.iter().map(|s| pnpkit::messages::Messages::of(&pack).first_name(&s.name).to_string()).collect();
    assert!(decks.keys().all(|d| sides.contains(d)), "decks named by side: {decks:?}");
}

#[test]
fn an_area_map_gets_a_zone_per_area() {
    let pack = loaded("twilight-struggle");
    let (module, _) = read_back("twilight-struggle", &[]);
    let map = pack.map.as_ref().unwrap();
    let messages = pnpkit::messages::Messages::of(&pack);
    let name = messages.first_name(&map.name).to_string();
    let zones: Vec<&str> = module["maps"][&name]["boards"][&name]["zones"]
        .as_array()
        .unwrap()
        .iter()
        .map(|z| z.as_str().unwrap())
        .collect();
    let mut areas: Vec<String> = map.areas.iter().map(|a| messages.first_name(&a.name).to_string()).collect();
    areas.sort();
    assert_eq!(zones, areas);
    assert_eq!(decks(&module).values().sum::<u64>(), pack.cards.len() as u64);
    // The piles are the decks setups.toml declares, each with the cards its filter selects.
    let piles = decks(&module);
    assert_eq!(piles.len(), pack.decks.len(), "{piles:?}");
    for deck in &pack.decks {
        let name = messages.first_name(&deck.name);
        let held = piles.iter().find(|(pile, _)| pile.ends_with(name)).map(|(_, n)| *n);
        assert_eq!(held, Some(pack.selected_cards(&deck.select).len() as u64), "{} in {piles:?}", deck.id);
    }
}

/// `../shared/tools/vassal-check/<tool>`: VASSAL 3.7.0's own Player code loading a module
/// headless (`check-vmod`), and the Tabletop Simulator save checker (`check-tts`). `None` on a
/// machine without them (never on CI).
fn vassal_check(tool: &str) -> Option<PathBuf> {
    let path = root().join("../shared/tools/vassal-check").join(tool);
    if path.is_file() {
        return Some(path);
    }
    assert!(std::env::var_os("CI").is_none(), "CI has {}", path.display());
    eprintln!("skipped: {} is not on this machine", path.display());
    None
}

/// Runs `tool` on `file`, returning its exit status and report.
fn checked(tool: &Path, file: &Path) -> (Option<i32>, String) {
    let output = Command::new(tool).arg(file).arg("--quiet").output().expect("the checker runs");
    let report = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output.status.code(), report)
}

#[test]
fn vassal_loads_every_packs_module_and_every_tabletop_set_checks_with_no_problem() {
    let (Some(vmod), Some(tts)) = (vassal_check("check-vmod"), vassal_check("check-tts")) else { return };
    let dir = temp_dir("vassal-check");
    for pack in ["diceplomacy", "doomtrooper", "dougram", "submarine-attack", "twilight-struggle"] {
        let out = dir.join(pack);
        let out_arg = out.to_string_lossy().into_owned();
        let build = pnpkit(&root(), &["build", &format!("data/{pack}"), "--out", &out_arg, "--only", "vassal,tts"]);
        assert_eq!(build.status.code(), Some(0), "{pack}: {}", text(&build).1);
        let (status, report) = checked(&vmod, &out.join(format!("{pack}.vmod")));
        assert!(status == Some(0) && report.contains("vassal-check: 0 problems"), "{pack}.vmod:\n{report}");
        // A game without cards, counters or a map (diceplomacy) has no table to set.
        let set = out.join(format!("{pack}.tts.json"));
        if set.is_file() {
            let (status, report) = checked(&tts, &set);
            assert!(status == Some(0) && report.contains("tts-check: 0 problems"), "{pack}.tts.json:\n{report}");
        }
    }
}
