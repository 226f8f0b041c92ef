//! Issue 15's graph rules and marker setups on the small pack `tests/packs/area-influence`: a
//! connected area map with degree bounds, influence markers placed in areas, a box and on tracks
//! (by marker id, name and counter id), hand sizes by turn range; the counter supply holds at
//! exactly the markers there are and fails one past it; the setup chart prints hands and rounds.

use super::support::{copy_dir, pnpkit, root, temp_dir, text};

const PACK: &str = "tests/packs/area-influence";

#[test]
fn an_area_map_with_graph_rules_and_marker_placements_checks_clean() {
    let output = pnpkit(&root(), &["check", PACK]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "no warnings expected: {stderr}");
    assert!(stdout.contains("7 placement rows"), "{stdout}");
}

#[test]
fn the_model_holds_graph_rules_and_values_by_turn() {
    let output = pnpkit(&root(), &["dump", PACK]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    let pack: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(pack["map"]["graph"]["connected"], true);
    assert_eq!(pack["map"]["graph"]["max_degree"], 3);
    let setup = &pack["setups"][0];
    assert_eq!(setup["hand_size"], serde_json::json!([{ "turns": "1–3", "value": 6 }, { "turns": "4–6", "value": 7 }]));
    assert_eq!(setup["action_rounds"], 5);
    assert_eq!(pack["tracks"][0]["markers"], serde_json::json!(["turn"]));
}

#[test]
fn one_influence_more_than_the_markers_fails_on_the_area_map() {
    let dir = temp_dir("area-influence-supply");
    copy_dir(&root().join(PACK), &dir);
    let setups = std::fs::read_to_string(dir.join("setups.csv")).expect("setups.csv");
    let setups = setups.replace("standard,east,north,east-influence,12", "standard,east,north,east-influence,13");
    std::fs::write(dir.join("setups.csv"), setups).expect("write");
    let output = pnpkit(&root(), &["check", &dir.to_string_lossy(), "--format", "short"]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "error[E0303]: standard needs 21 × `east-influence` at once, but the counter mix shows `east-influence` on only 20 counters"
        ),
        "{stderr}"
    );
}

#[test]
fn the_setup_chart_prints_hand_size_and_action_rounds_by_turn() {
    let dir = temp_dir("area-influence-chart");
    let out = dir.join("out");
    let output = pnpkit(&root(), &["build", PACK, "--out", &out.to_string_lossy(), "--only", "setups"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    let pdf = std::process::Command::new("pdftotext")
        .args(["-layout", &out.join("setup-charts.pdf").to_string_lossy(), "-"])
        .output()
        .expect("pdftotext (poppler-utils)");
    let words = String::from_utf8_lossy(&pdf.stdout);
    for expected in [
        "Hands and action rounds",
        "Hand size",
        "Action rounds",
        "1–3",
        "4–6",
        "turn 1",
        "alert level 3",
        "Reserve",
        "East Coast",
        "Neither side",
    ] {
        assert!(words.contains(expected), "`{expected}` missing from the setup chart:\n{words}");
    }
    let rows: Vec<&str> =
        words.lines().filter(|l| l.trim_start().starts_with("1–3") || l.trim_start().starts_with("4–6")).collect();
    assert_eq!(rows.len(), 2, "{words}");
    assert!(rows[0].split_whitespace().eq(["1–3", "6", "5"]), "{rows:?}");
    assert!(rows[1].split_whitespace().eq(["4–6", "7", "5"]), "{rows:?}");
}

/// Issue 36: rules.html lists a setup's free placements after its fixed rows, in each language,
/// and `find` counts them among the placements.
#[test]
fn free_placements_show_in_the_reference_setups_and_in_the_placements_collection() {
    let dir = temp_dir("ts-reference-free");
    let out = dir.join("out");
    let output =
        pnpkit(&root(), &["build", "data/twilight-struggle", "--only", "reference", "--out", &out.to_string_lossy()]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    let html = std::fs::read_to_string(out.join("rules.html")).expect("rules.html");
    let setup = &html[html.find("id=\"setup-standard\"").expect("the standard setup")..];
    let setup = &setup[..setup.find("</table>").expect("its table")];
    for row in ["東欧の任意の場所 anywhere in East Europe", "西欧の任意の場所 anywhere in West Europe", "×6", "×7"]
    {
        assert!(setup.contains(row), "{row} in {setup}");
    }
    let output = pnpkit(&root(), &["find", "data/twilight-struggle", "placements", "free"]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stdout.trim_end().ends_with("2 placements"), "{stdout}");
    assert!(stdout.contains("standard/free:subregions:east/ussr-influence"), "{stdout}");
}
