//! Every change since the previous edition needs a note, and every note a change; an edition
//! with changes and no notes at all is an error of its own.

use super::diff::{Change, ChangeKind};
use crate::diag::{Code, Diagnostic};
use crate::model::{ErrataNote, Pack};

fn covers(note: &ErrataNote, change: &Change) -> bool {
    if note.item != change.item || note.id != change.id {
        return false;
    }
    match (&note.field, &change.kind) {
        (None, _) => true,
        (Some(field), ChangeKind::Changed { fields }) => fields.iter().any(|f| f.is_named(field)),
        (Some(_), _) => false,
    }
}

/// Checks `pack`'s errata notes against `changes`, those since the previous edition. A pack that
/// names no earlier edition has no changes here, so packs without errata publishing are not
/// bothered; one that does and changed something must say why in `errata/<edition>.toml`.
pub fn check_notes(changes: &[Change], pack: &Pack, out: &mut Vec<Diagnostic>) {
    if pack.errata_notes.is_empty() {
        if let Some(first) = changes.first() {
            let edition = &pack.game.edition;
            let span = pack.game.editions.iter().find(|e| e.id == *edition).map(|e| e.span.clone());
            let mut d = Diagnostic::error(
                Code::ERRATA_NOTES_MISSING,
                format!(
                    "edition `{edition}` has {} change(s) since the previous edition ({}, …) but no errata notes",
                    changes.len(),
                    super::diff::describe(first)
                ),
            )
            .with_hint(format!(
                "write errata/{edition}.toml with a [[note]] (item, id, field, class, text) for every change"
            ));
            if let Some(span) = &span {
                d = d.at(span);
            }
            out.push(d);
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::errata::diff::FieldChange;

    fn changed(item: &'static str, field: &str) -> Change {
        let fields = vec![FieldChange { field: field.into(), old: "4".into(), new: "5".into() }];
        Change { item, id: "x".into(), name: "x".into(), kind: ChangeKind::Changed { fields } }
    }

    fn note(item: &str, field: &str) -> ErrataNote {
        ErrataNote {
            item: item.into(),
            id: "x".into(),
            field: Some(field.into()),
            class: "correction".into(),
            text: String::new(),
            span: Default::default(),
        }
    }

    #[test]
    fn notes_name_a_field_by_its_path_or_its_csv_column() {
        let factor = changed("unit", "factors.anti_armour");
        assert!(covers(&note("unit", "factors.anti_armour"), &factor));
        assert!(covers(&note("unit", "anti_armour"), &factor), "the units.csv column");
        assert!(!covers(&note("unit", "armour"), &factor));
        let name = changed("card", "name.ja");
        assert!(covers(&note("card", "name_ja"), &name), "the cards.csv column");
        assert!(covers(&note("card", "heart"), &changed("card", "fields.heart")));
    }

    #[test]
    fn changes_without_any_notes_are_one_error() {
        let mut pack = Pack::default();
        pack.game.edition = "v2".into();
        let mut out = Vec::new();
        check_notes(&[changed("card", "text"), changed("card", "name.ja")], &pack, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].code, Code::ERRATA_NOTES_MISSING);
        assert!(out[0].message.contains("2 change(s)"), "{}", out[0].message);
        out.clear();
        check_notes(&[], &pack, &mut out);
        assert!(out.is_empty(), "no earlier edition, nothing to note");
    }
}
