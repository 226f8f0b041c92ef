//! Every change since the previous edition needs a note, and every note a change; an edition
//! with changes and no notes at all is an error of its own.

use super::diff::{Change, ChangeKind, FieldChange};
use crate::diag::{Code, Diagnostic};
use crate::model::{ErrataNote, Pack};

/// Whether `note` is about `change`: its item, and (when it names fields) one of the fields
/// that changed.
fn covers(note: &ErrataNote, change: &Change) -> bool {
    if note.item != change.item || note.id != change.id {
        return false;
    }
    match &change.kind {
        _ if note.fields.is_empty() => true,
        ChangeKind::Changed { fields } => fields.iter().any(|f| names(note, f)),
        _ => false,
    }
}

/// Whether `note` names the changed field `field`.
fn names(note: &ErrataNote, field: &FieldChange) -> bool {
    note.fields.iter().any(|n| field.is_named(n))
}

/// The changed fields of `change` no note on it names (none when a note names no field, or the
/// item was added, removed or moved whole).
fn fields_without_note<'c>(notes: &[&ErrataNote], change: &'c Change) -> Vec<&'c FieldChange> {
    match &change.kind {
        ChangeKind::Changed { fields } if notes.iter().all(|n| !n.fields.is_empty()) => {
            fields.iter().filter(|f| !notes.iter().any(|n| names(n, f))).collect()
        }
        _ => Vec::new(),
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
        let notes: Vec<&ErrataNote> = pack.errata_notes.iter().filter(|n| covers(n, change)).collect();
        // Found only when a diagnostic needs it.
        let span = || {
            match change.item {
                "card" => pack.card(&change.id).map(|c| c.span.clone()),
                "unit" => pack.unit_by_id(&change.id).map(|u| u.span.clone()),
                _ => None,
            }
            .unwrap_or_else(|| notes_span.clone())
        };
        if notes.is_empty() {
            out.push(
                Diagnostic::error(
                    Code::CHANGE_WITHOUT_NOTE,
                    format!("{}: no errata note", super::diff::describe(change)),
                )
                .at(&span())
                .with_hint(format!(
                    "add [[note]] item = \"{}\", id = \"{}\", class = …, text = … to errata/{}.toml",
                    change.item, change.id, pack.game.edition
                )),
            );
            continue;
        }
        // Notes that name their fields must name every field that changed: a change to another
        // field of the same item is a change of its own.
        let missed = fields_without_note(&notes, change);
        if !missed.is_empty() {
            let names: Vec<String> = missed.iter().map(|f| format!("{} ({} → {})", f.field, f.old, f.new)).collect();
            out.push(
                Diagnostic::error(
                    Code::CHANGE_WITHOUT_NOTE,
                    format!("{} {}: no errata note on {}", change.item, change.id, names.join(", ")),
                )
                .at(&span())
                .with_hint("name the field in a note's `field` (a list names several), or undo the change"),
            );
        }
        for note in &notes {
            check_fields_and_value(note, change, out);
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
                        if note.fields.is_empty() { String::new() } else { format!(" ({})", note.fields.join(", ")) }
                    ),
                )
                .at(&note.span)
                .with_hint("fix the item, id or field, or remove the note"),
            );
        }
    }
}

/// A note naming no field is told the fields it covers (W0901), and a note's stated new value is
/// compared with the edition's (E0903).
fn check_fields_and_value(note: &ErrataNote, change: &Change, out: &mut Vec<Diagnostic>) {
    let ChangeKind::Changed { fields } = &change.kind else { return };
    if note.fields.is_empty() {
        let names: Vec<&str> = fields.iter().map(|f| f.field.as_str()).collect();
        out.push(
            Diagnostic::warning(
                Code::NOTE_NAMES_NO_FIELD,
                format!("the note on {} {} names no field; it covers {}", note.item, note.id, names.join(", ")),
            )
            .at(&note.span)
            .with_hint("name them, `field = [\"…\", …]`, so a later change to another field needs a note of its own"),
        );
    }
    let Some(new) = &note.new else { return };
    let named = fields.iter().find(|f| note.fields.first().is_some_and(|n| f.is_named(n)));
    if let Some(f) = named.filter(|f| f.new != new.value) {
        out.push(
            Diagnostic::error(
                Code::NOTE_VALUE_DIFFERS,
                format!(
                    "the note on {} {} says {} is now `{}`; the edition has `{}`",
                    note.item, note.id, f.field, new.value, f.new
                ),
            )
            .at(&new.span)
            .with_hint("correct the data or the note's `new`"),
        );
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
            fields: vec![field.into()],
            new: None,
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

    #[test]
    fn notes_cover_the_fields_they_name_and_their_stated_values_are_compared() {
        let mut pack = Pack::default();
        let fields = ["fields.dice", "name.en"]
            .iter()
            .map(|f| FieldChange { field: f.to_string(), old: "2".into(), new: "3".into() })
            .collect();
        let change = Change { item: "card", id: "x".into(), name: "x".into(), kind: ChangeKind::Changed { fields } };
        let codes = |pack: &Pack| {
            let mut out = Vec::new();
            check_notes(std::slice::from_ref(&change), pack, &mut out);
            out.iter().map(|d| d.code).collect::<Vec<_>>()
        };
        // A note on one field leaves the other changed field without a note.
        pack.errata_notes.push(note("card", "dice"));
        assert_eq!(codes(&pack), [Code::CHANGE_WITHOUT_NOTE]);
        // Naming both covers the change; a note naming none covers it with a warning.
        pack.errata_notes[0].fields = vec!["dice".into(), "name".into()];
        assert_eq!(codes(&pack), []);
        pack.errata_notes[0].fields.clear();
        assert_eq!(codes(&pack), [Code::NOTE_NAMES_NO_FIELD]);
        // A stated new value is held to the edition's.
        pack.errata_notes[0].fields = vec!["dice".into(), "name".into()];
        pack.errata_notes.push(note("card", "dice"));
        pack.errata_notes[1].new = Some(crate::model::Spanned::new("3".into(), Default::default()));
        assert_eq!(codes(&pack), []);
        pack.errata_notes[1].new = Some(crate::model::Spanned::new("4".into(), Default::default()));
        assert_eq!(codes(&pack), [Code::NOTE_VALUE_DIFFERS]);
    }
}
