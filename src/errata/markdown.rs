//! The errata document in Markdown (GitHub-flavoured): the changes by item kind, each with its
//! edition tag and the designer's note, and each changed field as a table row with the old value
//! beside the new one, the removed pieces ~~struck out~~ and the added ones in **bold**.

use std::fmt::Write as _;

use super::diff::{headline, text_diff, Change, ChangeKind, Piece};
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
    let (from, to) = (&old.game.edition, &new.game.edition);
    let mut md = format!("# {} — errata: {from} → {to}\n\n", new.game.title.ja);
    if changes.is_empty() {
        md.push_str("No changes.\n");
    }
    let mut current = "";
    for c in changes {
        if c.item != current {
            let _ = writeln!(md, "## {}s\n", c.item);
            current = c.item;
        }
        let _ = writeln!(md, "### [{to}] {}\n", headline(c));
        for note in new.errata_notes.iter().filter(|n| n.item == c.item && n.id == c.id) {
            let field = note.field.as_ref().map(|f| format!(" · {f}")).unwrap_or_default();
            let _ = writeln!(md, "*{}{field}:* {}\n", note.class, note.text);
        }
        if let ChangeKind::Changed { fields } = &c.kind {
            let _ = writeln!(md, "| field | 旧 old · {from} | 新 new · {to} |\n| --- | --- | --- |");
            for f in fields {
                let (mut was, mut now) = (String::new(), String::new());
                for piece in text_diff(&f.old, &f.new) {
                    match piece {
                        Piece::Same(t) => {
                            was.push_str(&t);
                            now.push_str(&t);
                        }
                        Piece::Old(t) => was.push_str(&marked(&t, "~~")),
                        Piece::New(t) => now.push_str(&marked(&t, "**")),
                    }
                }
                let name = f.field.trim_start_matches("fields.");
                let _ = writeln!(md, "| {name} | {} | {} |", cell(&was), cell(&now));
            }
            md.push('\n');
        }
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
