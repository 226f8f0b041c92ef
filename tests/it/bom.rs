//! A UTF-8 byte-order mark (as Windows Notepad and Excel write it) at the start of a pack file or
//! a deck list is dropped: the pack still checks clean, the first rules heading still parses and
//! a legal deck list stays legal.

use super::support::{copy_dir, pnpkit, root, temp_dir, text};

fn prepend_bom(path: &std::path::Path) {
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(std::fs::read(path).expect("read"));
    std::fs::write(path, bytes).expect("write");
}

#[test]
fn a_bom_at_the_start_of_pack_files_is_accepted() {
    let dir = temp_dir("bom-pack");
    copy_dir(&root().join("data/dougram"), &dir.join("pack"));
    for file in ["pack.toml", "cards.csv", "units.csv", "terms.csv", "rules/01-introduction.md"] {
        prepend_bom(&dir.join("pack").join(file));
    }
    let output = pnpkit(&dir, &["check", "pack", "--format", "short"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bom_at_the_start_of_a_deck_list_keeps_it_legal() {
    let dir = temp_dir("bom-deck");
    copy_dir(&root().join("data/doomtrooper"), &dir.join("pack"));
    prepend_bom(&dir.join("pack/decks/sample-60.txt"));
    let output = pnpkit(&dir, &["deck", "check", "pack", "pack/decks/sample-60.txt"]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains(": legal") || stderr.contains(": legal"), "{stdout}{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
