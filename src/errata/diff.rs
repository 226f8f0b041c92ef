//! Comparing two packs.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use crate::model::Pack;

/// One changed field.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct FieldChange {
    /// Field path, e.g. `fields.heart` or `text`.
    pub field: String,
    /// Value before (JSON text; strings unquoted).
    pub old: String,
    /// Value after.
    pub new: String,
}

/// What happened to an item.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(tag = "change", rename_all = "lowercase")]
pub enum ChangeKind {
    /// New in the new edition.
    Added,
    /// Gone from the new edition.
    Removed,
    /// Only its display number changed.
    Renumbered {
        /// Number before.
        old: String,
        /// Number after.
        new: String,
    },
    /// Fields changed.
    Changed {
        /// Each changed field.
        fields: Vec<FieldChange>,
    },
}

/// One change between editions.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Change {
    /// `card`, `unit`, `counter`, `chit`, `hex`, `placement`, `clause`, `term`.
    pub item: &'static str,
    /// The item's stable id.
    pub id: String,
    /// A readable name (e.g. the card's Japanese name).
    pub name: String,
    /// What happened.
    pub kind: ChangeKind,
}

fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// Field-by-field differences of two serialized items (nested objects by dotted path).
fn fields(prefix: &str, old: &Value, new: &Value, out: &mut Vec<FieldChange>) {
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
            for k in keys {
                let path = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                fields(&path, a.get(k).unwrap_or(&Value::Null), b.get(k).unwrap_or(&Value::Null), out);
            }
        }
        (a, b) if a != b => out.push(FieldChange { field: prefix.to_string(), old: text_of(a), new: text_of(b) }),
        _ => {}
    }
}

/// Items of one kind, keyed by id, with a display name.
fn keyed<T: Serialize>(
    items: &[T],
    key: impl Fn(&T) -> String,
    name: impl Fn(&T) -> String,
) -> BTreeMap<String, (String, Value)> {
    items.iter().map(|i| (key(i), (name(i), serde_json::to_value(i).unwrap_or(Value::Null)))).collect()
}

fn compare(
    item: &'static str,
    old: BTreeMap<String, (String, Value)>,
    new: BTreeMap<String, (String, Value)>,
    out: &mut Vec<Change>,
) {
    for (id, (name, before)) in &old {
        match new.get(id) {
            None => out.push(Change { item, id: id.clone(), name: name.clone(), kind: ChangeKind::Removed }),
            Some((_, after)) => {
                let mut changed = Vec::new();
                fields("", before, after, &mut changed);
                if changed.is_empty() {
                    continue;
                }
                let kind = match changed.as_slice() {
                    [only] if only.field == "number" => {
                        ChangeKind::Renumbered { old: only.old.clone(), new: only.new.clone() }
                    }
                    _ => ChangeKind::Changed { fields: changed },
                };
                out.push(Change { item, id: id.clone(), name: name.clone(), kind });
            }
        }
    }
    for (id, (name, _)) in &new {
        if !old.contains_key(id) {
            out.push(Change { item, id: id.clone(), name: name.clone(), kind: ChangeKind::Added });
        }
    }
}

/// Every change from `old` to `new`, in a stable order (by item kind, then id).
pub fn diff(old: &Pack, new: &Pack) -> Vec<Change> {
    let mut out = Vec::new();
    compare(
        "card",
        keyed(&old.cards, |c| c.id.clone(), |c| c.name.ja.clone()),
        keyed(&new.cards, |c| c.id.clone(), |c| c.name.ja.clone()),
        &mut out,
    );
    compare(
        "unit",
        keyed(&old.units, |u| u.id.clone(), |u| u.name.ja.clone()),
        keyed(&new.units, |u| u.id.clone(), |u| u.name.ja.clone()),
        &mut out,
    );
    compare(
        "counter",
        keyed(&old.counters, |c| c.id.clone(), |c| c.id.clone()),
        keyed(&new.counters, |c| c.id.clone(), |c| c.id.clone()),
        &mut out,
    );
    compare(
        "chit",
        keyed(&old.chits.values, |v| v.label.clone(), |v| v.label.clone()),
        keyed(&new.chits.values, |v| v.label.clone(), |v| v.label.clone()),
        &mut out,
    );
    let hexes = |p: &Pack| {
        p.map
            .as_ref()
            .map(|m| {
                keyed(&m.hexes, |h| h.id.clone(), |h| h.place.as_ref().map_or(h.id.clone(), |pl| pl.name.ja.clone()))
            })
            .unwrap_or_default()
    };
    compare("hex", hexes(old), hexes(new), &mut out);
    let placement_key = |p: &crate::model::Placement| {
        format!("{}/{}/{}/{}", p.setup.value, p.side.value, p.location.value, p.piece.value)
    };
    compare(
        "placement",
        keyed(&old.placements, placement_key, placement_key),
        keyed(&new.placements, placement_key, placement_key),
        &mut out,
    );
    let clauses = |p: &Pack| {
        p.rules
            .sections
            .iter()
            .flat_map(|s| &s.clauses)
            .map(|c| {
                (
                    c.id.clone(),
                    (c.number.clone(), serde_json::json!({ "number": c.number, "text": c.text, "items": c.items })),
                )
            })
            .collect::<BTreeMap<_, _>>()
    };
    compare("clause", clauses(old), clauses(new), &mut out);
    compare(
        "term",
        keyed(&old.rules.terms, |t| t.id.clone(), |t| t.name.ja.clone()),
        keyed(&new.rules.terms, |t| t.id.clone(), |t| t.name.ja.clone()),
        &mut out,
    );
    out
}

/// One line per change, for the terminal and the document.
pub fn describe(c: &Change) -> String {
    let head = format!("{} {} {}", c.item, c.id, c.name);
    match &c.kind {
        ChangeKind::Added => format!("{head}: added"),
        ChangeKind::Removed => format!("{head}: removed"),
        ChangeKind::Renumbered { old, new } => format!("{head}: renumbered {old} → {new}"),
        ChangeKind::Changed { fields } => {
            let parts: Vec<String> = fields
                .iter()
                .map(|f| format!("{} {} → {}", f.field.trim_start_matches("fields."), f.old, f.new))
                .collect();
            format!("{head}: {}", parts.join("; "))
        }
    }
}

/// A piece of a text diff: unchanged, removed or inserted.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Piece {
    /// In both.
    Same(String),
    /// Only in the old text.
    Old(String),
    /// Only in the new text.
    New(String),
}

/// The difference of two texts: by character when either contains Japanese, else by word.
pub fn text_diff(old: &str, new: &str) -> Vec<Piece> {
    let japanese = |s: &str| !s.is_ascii();
    let split = |s: &str| -> Vec<String> {
        if japanese(old) || japanese(new) {
            s.chars().map(String::from).collect()
        } else {
            s.split_inclusive(' ').map(String::from).collect()
        }
    };
    let (a, b) = (split(old), split(new));
    // Longest common subsequence, then walk it.
    let mut lcs = vec![vec![0u32; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] { lcs[i + 1][j + 1] + 1 } else { lcs[i + 1][j].max(lcs[i][j + 1]) };
        }
    }
    let mut out: Vec<Piece> = Vec::new();
    let mut push = |p: Piece| match (out.last_mut(), &p) {
        (Some(Piece::Same(x)), Piece::Same(y))
        | (Some(Piece::Old(x)), Piece::Old(y))
        | (Some(Piece::New(x)), Piece::New(y)) => x.push_str(y),
        _ => out.push(p),
    };
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            push(Piece::Same(a[i].clone()));
            i += 1;
            j += 1;
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            push(Piece::New(b[j].clone()));
            j += 1;
        } else {
            push(Piece::Old(a[i].clone()));
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn japanese_texts_differ_by_character_english_by_word() {
        assert_eq!(
            text_diff("心 3", "心 2"),
            vec![Piece::Same("心 ".into()), Piece::New("2".into()), Piece::Old("3".into())]
        );
        assert_eq!(
            text_diff("the game ends at 20 points", "the game ends at 15 points"),
            vec![
                Piece::Same("the game ends at ".into()),
                Piece::New("15 ".into()),
                Piece::Old("20 ".into()),
                Piece::Same("points".into())
            ]
        );
    }
}
