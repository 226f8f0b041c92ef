//! Every change since the previous edition needs a note, and every note a change.

use super::diff::{Change, ChangeKind};
use crate::diag::{Code, Diagnostic};
use crate::model::{ErrataNote, Pack};

fn covers(note: &ErrataNote, change: &Change) -> bool {
    if note.item != change.item || note.id != change.id {
        return false;
    }
    match (&note.field, &change.kind) {
        (None, _) => true,
        (Some(field), ChangeKind::Changed { fields }) => fields.iter().any(|f| f.field == *field || f.name() == field),
        (Some(_), _) => false,
    }
}

/// Checks `pack`'s errata notes against `changes`, those since the previous edition; only when the
/// pack keeps notes (an `errata/<edition>.toml`), so packs without errata publishing are not
/// bothered.
pub fn check_notes(changes: &[Change], pack: &Pack, out: &mut Vec<Diagnostic>) {
    if pack.errata_notes.is_empty() {
        return;
    }
    let notes_span = pack.errata_notes.first().map(|n| n.span.clone()).unwrap_or_default();
    for change in changes {
        if !pack.errata_notes.iter().any(|n| covers(n, change)) {
            let span = match change.item {
                "card" => pack.card(&change.id).map(|c| c.span.clone()),
                "unit" => pack.unit_by_id(&change.id).map(|u| u.span.clone()),
                _ => None,
            }
            .unwrap_or_else(|| notes_span.clone());
            out.push(
                Diagnostic::error(
                    Code::CHANGE_WITHOUT_NOTE,
                    format!("{}: no errata note", super::diff::describe(change)),
                )
                .at(&span)
                .with_hint(format!(
                    "add [[note]] item = \"{}\", id = \"{}\", class = …, text = … to errata/{}.toml",
                    change.item, change.id, pack.game.edition
                )),
            );
        }
    }
    for note in &pack.errata_notes {
        if !changes.iter().any(|c| covers(note, c)) {
            out.push(
                Diagnostic::error(
                    Code::NOTE_WITHOUT_CHANGE,
                    format!(
                        "the note on {} {}{} matches no change since the previous edition",
                        note.item,
                        note.id,
                        note.field.as_ref().map(|f| format!(" ({f})")).unwrap_or_default()
                    ),
                )
                .at(&note.span)
                .with_hint("fix the item, id or field, or remove the note"),
            );
        }
    }
}
