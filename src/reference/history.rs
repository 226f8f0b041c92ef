//! The rules reference's edition history: what each revision did to a clause (with the old and
//! new wording marked, deletions first), and the editions the pack names with each one's changes
//! index and the errata notes that explain them.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::errata::{text_diff, wording_field, Change, ChangeKind, Piece, Revision};
use crate::messages::Messages;
use crate::model::Pack;
use crate::text::escape;

/// One revision of a clause: a sentence, and for each changed wording the old text with the
/// removed and added pieces marked (HTML).
#[derive(Serialize)]
pub(super) struct HistoryView {
    edition: String,
    summary: String,
    wording: Vec<MarkedWording>,
}

/// A changed wording with its differences marked, and the language it is in.
#[derive(Serialize)]
pub(super) struct MarkedWording {
    lang: String,
    html: String,
}

/// One edition of the pack, with what it changed from the one before.
#[derive(Serialize)]
pub(super) struct EditionView {
    id: String,
    date: String,
    label: String,
    notes: String,
    current: bool,
    changes: Vec<ChangeView>,
}

/// One entry of an edition's changes index.
#[derive(Serialize)]
pub(super) struct ChangeView {
    /// The entry's anchor on the page; empty for an item the page has no entry for (a removed one).
    anchor: String,
    what: String,
    summary: String,
    /// The errata note's class (correction, clarification, balance) and reason, when it has one.
    class: String,
    reason: String,
}

/// The editions the pack names, oldest first, each with its changes index: clauses in rule
/// order (removed ones after), then cards in number order, then every other item; each with the
/// errata note that explains it.
pub(super) fn editions(pack: &Pack, msg: &Messages, revisions: &[Revision]) -> Vec<EditionView> {
    let order: BTreeMap<&str, usize> =
        pack.rules.sections.iter().flat_map(|s| &s.clauses).enumerate().map(|(i, c)| (c.id.as_str(), i)).collect();
    let item_rank = |item: &str| ["clause", "card", "unit", "term"].iter().position(|x| *x == item).unwrap_or(4);
    pack.game
        .editions
        .iter()
        .map(|e| {
            let revision = revisions.iter().find(|r| r.edition == e.id);
            let mut changes: Vec<&Change> = revision.map(|r| r.changes.iter().collect()).unwrap_or_default();
            changes.sort_by_key(|c| {
                let card = pack.card(&c.id).and_then(|k| k.number).filter(|_| c.item == "card");
                (item_rank(c.item), order.get(c.id.as_str()).copied().unwrap_or(usize::MAX), card, c.id.clone())
            });
            let changes = changes
                .into_iter()
                .map(|c| {
                    let note = revision.and_then(|r| r.notes.iter().find(|n| n.item == c.item && n.id == c.id));
                    change_view(pack, msg, c, note)
                })
                .collect();
            EditionView {
                id: e.id.clone(),
                date: e.date.clone(),
                label: msg.name(&e.label),
                notes: e.notes.clone(),
                current: e.id == pack.game.edition,
                changes,
            }
        })
        .collect()
}

fn change_view(pack: &Pack, msg: &Messages, c: &Change, note: Option<&crate::model::ErrataNote>) -> ChangeView {
    let (anchor, what) = match c.item {
        "clause" => match pack.clause(&c.id) {
            Some(k) => (format!("clause-{}", k.id), format!("{} {}", k.number, msg.first_name(&k.title))),
            None => (String::new(), c.name.clone()),
        },
        "card" => match pack.card(&c.id) {
            Some(k) => (format!("card-{}", k.id), format!("#{} {}", k.id, msg.first_name(&k.name))),
            None => (String::new(), format!("#{} {}", c.id, c.name)),
        },
        "unit" => match pack.unit(None, &c.id) {
            Some(u) => (format!("unit-{}", u.id), msg.first_name(&u.name).to_string()),
            None => (String::new(), c.name.clone()),
        },
        "term" => match pack.term(&c.id) {
            Some(t) => (format!("term-{}", t.id), msg.first_name(&t.name).to_string()),
            None => (String::new(), c.name.clone()),
        },
        _ => (String::new(), if c.name.is_empty() { c.id.clone() } else { c.name.clone() }),
    };
    let kind = match &c.kind {
        ChangeKind::Added => "added",
        ChangeKind::Removed => "removed",
        ChangeKind::Renumbered { .. } => "renumbered",
        ChangeKind::Moved { .. } => "moved",
        ChangeKind::Changed { .. } => "changed",
    };
    let summary = match &c.kind {
        ChangeKind::Renumbered { old, new } | ChangeKind::Moved { from: old, to: new } => {
            format!("{} ({old} → {new})", msg.first(&format!("errata.{kind}")))
        }
        _ => msg.first(&format!("errata.{kind}")),
    };
    // A searchable kind by its word (rule, card), any other by the errata's heading for it.
    let item = [format!("search.{}", c.item), format!("errata.heading_{}", c.item.replace('-', "_"))]
        .iter()
        .map(|key| msg.first(key))
        .find(|w| !w.is_empty())
        .unwrap_or_else(|| c.item.replace('-', " "));
    ChangeView {
        anchor,
        what: format!("{item} {what}").trim().to_string(),
        summary,
        class: note.map(|n| msg.first(&format!("errata.class_{}", n.class))).unwrap_or_default(),
        reason: note.map(|n| n.text.clone()).unwrap_or_default(),
    }
}

/// A field of a clause in the pack's languages.
fn clause_field(msg: &Messages, field: &str) -> String {
    match field {
        "text" => msg.text("reference.field_text"),
        "items" => msg.text("reference.field_items"),
        "number" => msg.text("reference.field_number"),
        other => other.replace('_', " "),
    }
}

/// What one revision did to a clause: a sentence, and each changed wording with its differences
/// marked (`<del>` removed, `<ins>` added).
pub(super) fn clause_history(msg: &Messages, edition: &str, change: &Change) -> HistoryView {
    let (summary, wording) = match &change.kind {
        ChangeKind::Added => (msg.text("reference.history_new"), Vec::new()),
        ChangeKind::Removed => (msg.text("reference.history_removed"), Vec::new()),
        ChangeKind::Renumbered { old, .. } | ChangeKind::Moved { from: old, .. } => {
            (msg.fill("reference.history_renumbered", &[("old", old)]), Vec::new())
        }
        ChangeKind::Changed { fields } => {
            // A field is named once, whichever languages' wordings changed (each wording shows
            // in its own language below).
            let mut names: Vec<String> = Vec::new();
            for f in fields {
                let name = clause_field(msg, f.field.split('.').next().unwrap_or_default());
                if !names.contains(&name) {
                    names.push(name);
                }
            }
            let wording = fields
                .iter()
                .filter_map(|f| Some((wording_field(&f.field)?, f)))
                .map(|(lang, f)| MarkedWording {
                    lang: lang.to_string(),
                    html: text_diff(&f.old, &f.new)
                        .into_iter()
                        .map(|p| match p {
                            Piece::Same(t) => escape(&t),
                            Piece::Old(t) => format!("<del>{}</del>", escape(&t)),
                            Piece::New(t) => format!("<ins>{}</ins>", escape(&t)),
                        })
                        .collect(),
                })
                .collect();
            (format!("{} ({})", msg.text("reference.history_changed"), names.join(", ")), wording)
        }
    };
    HistoryView { edition: edition.to_string(), summary, wording }
}
