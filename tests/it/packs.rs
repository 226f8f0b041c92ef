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
    assert_eq!(pack["tracks"][0]["boxes"][1]["attributes"]["forbids"], "coups in region A");
    assert_eq!(pack["cards"][0]["fields"]["ops"], 3);
    assert_eq!(pack["cards"][0]["fields"]["starred"], true);
    assert_eq!(pack["cards"][3]["fields"]["fight"], 4);
    assert_eq!(pack["sheets"][0]["kind"], "score");
}
