//! Living rules: what changed in the rules since an earlier edition, from the errata diffs the
//! build already made (one per pair of editions) and the designer's notes on them.

use std::collections::BTreeMap;

use crate::errata::{wording_field, ChangeKind, Revision};
use crate::model::Names;

/// The clauses changed since an edition, for the rulebook to mark.
#[derive(Debug, Default)]
pub struct Living {
    /// The edition's label (its id when it has none), as the changes page names it.
    pub since: Names,
    /// Clause id → the errata notes on its changes (class and reason), oldest first; a clause
    /// changed without a note has none.
    pub changed: BTreeMap<String, Vec<String>>,
    /// Clauses that were not in that edition.
    pub added: Vec<String>,
    /// Clauses gone since: their number then.
    pub removed: Vec<String>,
    /// Clause id → each wording change since (language, old and new text of its text or items
    /// in that language, the fields the errata compare), oldest first.
    pub wording: BTreeMap<String, Vec<(String, String, String)>>,
}

impl Living {
    /// The changes of `revisions` (consecutive editions, oldest first) after edition `since`,
    /// which `label` names; `since` is the oldest edition when no revision ends at it.
    pub fn of(revisions: &[Revision], since: &str, label: &Names) -> Living {
        let start = revisions.iter().position(|r| r.edition == since).map_or(0, |at| at + 1);
        let mut living = Living { since: label.clone(), ..Living::default() };
        for revision in &revisions[start..] {
            for change in revision.changes.iter().filter(|c| c.item == "clause") {
                let notes = revision
                    .notes
                    .iter()
                    .filter(|n| n.item == "clause" && n.id == change.id)
                    .map(|n| format!("{} ({})", n.text, n.class));
                match &change.kind {
                    ChangeKind::Added => living.added.push(change.id.clone()),
                    ChangeKind::Removed => {
                        living.added.retain(|id| *id != change.id);
                        living.changed.remove(&change.id);
                        living.wording.remove(&change.id);
                        living.removed.push(change.name.clone());
                    }
                    ChangeKind::Changed { fields } => {
                        living.changed.entry(change.id.clone()).or_default().extend(notes);
                        let words = fields.iter().filter_map(|f| Some((wording_field(&f.field)?, f)));
                        let wording = living.wording.entry(change.id.clone()).or_default();
                        wording.extend(words.map(|(l, f)| (l.to_string(), f.old.clone(), f.new.clone())));
                    }
                    _ => living.changed.entry(change.id.clone()).or_default().extend(notes),
                }
            }
        }
        for id in &living.added {
            living.changed.remove(id);
        }
        living
    }

    /// Whether the clause `id` is marked: changed or added.
    pub fn marks(&self, id: &str) -> bool {
        self.changed.contains_key(id) || self.added.iter().any(|a| a == id)
    }
}
