//! The errata document in Markdown (GitHub-flavoured): the changes by item kind, each with its
//! edition tag and the designer's note, and each changed field as a table row with the old value
//! beside the new one, the removed pieces ~~struck out~~ and the added ones in **bold**. Its own
//! words are the [errata] messages in the pack's languages.

use std::fmt::Write as _;

use super::diff::{side, text_diff, Change, ChangeKind, Piece};
use super::mapchanges::MapNote;
use super::words::Words;
use crate::model::Pack;

/// Wraps `text` in `delimiter`, leaving its outer whitespace outside (Markdown ignores `** x**`).
fn marked(text: &str, delimiter: &str) -> String {
    let core = text.trim();
    if core.is_empty() {
        return text.to_string();
    }
    let lead = &text[..text.len() - text.trim_start().len()];
    let trail = &text[text.trim_end().len()..];
    format!("{lead}{delimiter}{core}{delimiter}{trail}")
}

/// A table cell: pipes escaped, line breaks as `<br>`.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', "<br>")
}

/// The document.
pub fn markdown(old: &Pack, new: &Pack, changes: &[Change]) -> String {
    markdown_with_map(old, new, changes, None)
}

/// The document, ending with the replacement map `map` the errata come with, if any.
pub fn markdown_with_map(old: &Pack, new: &Pack, changes: &[Change], map: Option<&MapNote>) -> String {
    let words = Words::new(old, new);
    let mut md = format!("# {}\n\n", words.title());
    if changes.is_empty() {
        let _ = writeln!(md, "{}", words.msg.text("errata.no_changes"));
    }
    let mut current = "";
    for c in changes {
        if c.item != current {
            let _ = writeln!(md, "## {}\n", words.heading(c.item));
            current = c.item;
        }
        let _ = writeln!(md, "### {}\n", words.headline(c));
        for (label, note) in words.notes(c) {
            let _ = writeln!(md, "*{label}:* {}\n", note.text);
        }
        if let ChangeKind::Changed { fields } = &c.kind {
            let [field, was, now] = words.heads();
            let _ = writeln!(md, "| {} | {} | {} |\n| --- | --- | --- |", cell(&field), cell(&was), cell(&now));
            // Each side shows the shared text, with its own pieces marked.
            let shown = |pieces: Vec<Piece>| -> String {
                pieces
                    .into_iter()
                    .map(|p| match p {
                        Piece::Same(t) => t,
                        Piece::Old(t) => marked(&t, "~~"),
                        Piece::New(t) => marked(&t, "**"),
                    })
                    .collect()
            };
            for f in fields {
                let pieces = text_diff(&f.old, &f.new);
                let (was, now) = (shown(side(&pieces, true)), shown(side(&pieces, false)));
                let _ = writeln!(md, "| {} | {} | {} |", cell(&words.field(c, &f.field)), cell(&was), cell(&now));
            }
            md.push('\n');
        }
    }
    if let Some(map) = map {
        let _ = writeln!(md, "## {}\n", words.msg.text("errata.replacement_map_heading"));
        for line in map.lines(&words.msg) {
            let _ = writeln!(md, "- {line}");
        }
        md.push('\n');
    }
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_keep_outer_spaces_outside_the_delimiters() {
        assert_eq!(marked(" It also opens", "~~"), " ~~It also opens~~");
        assert_eq!(marked("2", "**"), "**2**");
        assert_eq!(marked(" ", "**"), " ");
        assert_eq!(cell("a|b\nc"), "a\\|b<br>c");
    }
}
