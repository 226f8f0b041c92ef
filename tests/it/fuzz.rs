//! A quick fuzz of the loaders: random damage to each pack file (flipped bytes, deleted or
//! repeated lines, truncation, stray quotes and separators) must give diagnostics, never a panic.
//! The loader, the checks and the printer run in-process on a copy of data/dougram.

use proptest::prelude::*;

use super::support::{copy_dir, root, temp_dir};

const FILES: &[&str] = &[
    "pack.toml",
    "units.csv",
    "counters.csv",
    "cards.csv",
    "map.toml",
    "hexes.csv",
    "hexsides.csv",
    "routes.csv",
    "boxes.csv",
    "setups.toml",
    "setups.csv",
    "terms.csv",
    "rules/03-control.md",
];

/// One kind of damage at a relative position (0..1000 of the file length).
#[derive(Debug, Clone)]
enum Damage {
    Flip(u16, u8),
    Insert(u16, &'static str),
    DeleteLine(u16),
    RepeatLine(u16),
    Truncate(u16),
}

fn damage() -> impl Strategy<Value = Damage> {
    let junk = prop::sample::select(vec![
        "\"",
        ",",
        "\n",
        "|",
        "[[",
        "]]",
        "{#",
        "(",
        ")",
        "&",
        "=",
        "[",
        "]",
        "ー",
        "\u{feff}",
        "\r\n",
        "-1",
        "99999999999",
        "#",
    ]);
    prop_oneof![
        (0u16..1000, any::<u8>()).prop_map(|(at, b)| Damage::Flip(at, b)),
        (0u16..1000, junk).prop_map(|(at, s)| Damage::Insert(at, s)),
        (0u16..1000).prop_map(Damage::DeleteLine),
        (0u16..1000).prop_map(Damage::RepeatLine),
        (0u16..1000).prop_map(Damage::Truncate),
    ]
}

fn apply(bytes: &mut Vec<u8>, d: &Damage) {
    let at = |rel: u16, len: usize| (usize::from(rel) * len) / 1000;
    match d {
        Damage::Flip(rel, b) if !bytes.is_empty() => {
            let i = at(*rel, bytes.len()).min(bytes.len() - 1);
            bytes[i] = *b;
        }
        Damage::Insert(rel, s) => {
            let i = at(*rel, bytes.len());
            bytes.splice(i..i, s.bytes());
        }
        Damage::DeleteLine(rel) | Damage::RepeatLine(rel) => {
            let text = String::from_utf8_lossy(bytes).into_owned();
            let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
            if !lines.is_empty() {
                let i = at(*rel, lines.len()).min(lines.len() - 1);
                if matches!(d, Damage::DeleteLine(_)) {
                    lines.remove(i);
                } else {
                    lines.insert(i, lines[i]);
                }
            }
            *bytes = lines.concat().into_bytes();
        }
        Damage::Truncate(rel) => bytes.truncate(at(*rel, bytes.len())),
        Damage::Flip(..) => {}
    }
}

proptest! {
    // 256 cases by default; PROPTEST_CASES=5000 for a longer run.
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn damaged_pack_files_never_panic(file in prop::sample::select(FILES), damages in prop::collection::vec(damage(), 1..4)) {
        let dir = temp_dir("fuzz");
        let pack = dir.join("pack");
        copy_dir(&root().join("data/dougram"), &pack);
        let path = pack.join(file);
        let mut bytes = std::fs::read(&path).unwrap();
        for d in &damages {
            apply(&mut bytes, d);
        }
        std::fs::write(&path, &bytes).unwrap();
        let mut sources = pnpkit::diag::Sources::default();
        let (loaded, mut diags) = pnpkit::load::pack(&pack, &mut sources);
        diags.extend(pnpkit::check::pack(&loaded, pnpkit::check::Options::default()));
        let mut sink = Vec::new();
        for format in [pnpkit::diag::print::Format::Human, pnpkit::diag::print::Format::Json] {
            pnpkit::diag::print::write(&mut sink, &sources, &diags, format).unwrap();
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[path = "../../examples/fuzz/cases.rs"]
#[allow(dead_code, unreachable_pub)]
pub(super) mod cases;

/// Every case of `tests/fuzz-corpus/<kind>/<hash>/` (written by `cargo run --release --example
/// fuzz`) but those whose `case.toml` marks them `known` (a failure not fixed yet, kept for
/// whoever fixes it, who then drops the line so the case is tested here).
fn corpus() -> Vec<(std::path::PathBuf, cases::Case, Option<String>)> {
    let mut out = Vec::new();
    let corpus = root().join("tests/fuzz-corpus");
    for kind in std::fs::read_dir(&corpus).into_iter().flatten().flatten() {
        for case in std::fs::read_dir(kind.path()).into_iter().flatten().flatten() {
            let dir = case.path();
            let (case, note) = cases::Case::read(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
            if note.is_none() {
                out.push((dir, case, note));
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Replays `cases`, each within a generous time limit (the test profile is barely optimised).
fn replay(cases: &[(std::path::PathBuf, cases::Case, Option<String>)]) {
    let scratch = temp_dir("fuzz-corpus");
    let mut failed = Vec::new();
    for (dir, case, note) in cases {
        let outcome = cases::run_limited(case, &root(), &scratch, std::time::Duration::from_secs(60));
        if !matches!(outcome, cases::Outcome::Ok) {
            failed.push(format!(
                "{}: {outcome:?}{}",
                dir.display(),
                note.as_deref().map_or(String::new(), |n| format!(" ({n})"))
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn every_case_of_the_fuzz_corpus_finishes_without_a_panic() {
    let cases = corpus();
    assert!(cases.len() >= 5, "the corpus holds the crashes found so far: {}", cases.len());
    replay(&cases);
}
