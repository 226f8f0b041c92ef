//! Comparing two packs.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use crate::model::{Pack, Placement};

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

impl FieldChange {
    /// The field as the designer names it: a typed card field without its `fields.` prefix.
    pub fn name(&self) -> &str {
        self.field.trim_start_matches("fields.")
    }

    /// Whether a designer's note naming `field` means this change: by its path, its name, its
    /// column, or a path it lies under (`title` covers `title.en` and `title.ja`).
    pub fn is_named(&self, field: &str) -> bool {
        self.field == field
            || self.name() == field
            || self.column() == field
            || self.field.strip_prefix(field).is_some_and(|rest| rest.starts_with('.'))
    }

    /// The field as a CSV column names it: `factors.anti_armour` → `anti_armour`,
    /// `name.ja` → `name_ja`.
    pub fn column(&self) -> String {
        let path = self.name();
        match path.split_once('.') {
            Some(("name", lang)) => format!("name_{lang}"),
            _ => path.rsplit('.').next().unwrap_or(path).to_string(),
        }
    }
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
    /// Only its position changed: a place to another hex, setup pieces to another location.
    Moved {
        /// Where it was.
        from: String,
        /// Where it is.
        to: String,
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
    /// `card`, `unit`, `counter`, `chit`, `hex`, `place`, `placement`, `clause`, `term`, `area`,
    /// `totals`, `component`, `card-type`, `setup`, `deck`, `sheet`, `track`, `phase`, `victory`,
    /// `aid`, `route`, `hexside`, `region`, `map`.
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

/// The language of a clause's wording field (`text.ja`, `items.en`), the fields the errata
/// compare a clause's words by; `None` for any other field.
pub fn wording_field(field: &str) -> Option<&str> {
    field.strip_prefix("text.").or_else(|| field.strip_prefix("items."))
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
        // Lists of items with ids (a mat's slot groups, a card type's fields) by id; other lists
        // of the same length element by element; anything else as a whole.
        (Value::Array(a), Value::Array(b)) if a != b => {
            let id = |v: &Value| v.get("id").and_then(Value::as_str).map(String::from);
            if a.iter().chain(b).all(|v| id(v).is_some()) {
                let keys: std::collections::BTreeSet<String> = a.iter().chain(b).filter_map(id).collect();
                for k in keys {
                    let find = |list: &Vec<Value>| list.iter().find(|v| id(v).as_deref() == Some(&k)).cloned();
                    let (x, y) = (find(a).unwrap_or(Value::Null), find(b).unwrap_or(Value::Null));
                    fields(&format!("{prefix}[{k}]"), &x, &y, out);
                }
            } else if a.len() == b.len() {
                for (i, (x, y)) in a.iter().zip(b).enumerate() {
                    fields(&format!("{prefix}[{i}]"), x, y, out);
                }
            } else {
                out.push(FieldChange { field: prefix.to_string(), old: text_of(old), new: text_of(new) });
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
                    [only] if only.field == "hex" => ChangeKind::Moved { from: only.old.clone(), to: only.new.clone() },
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

/// Setup placements, keyed by setup, side, location and piece. The same pieces (setup, side,
/// piece and count) gone from one location and new in another are one move.
fn placements(old: &Pack, new: &Pack, out: &mut Vec<Change>) {
    fn key(p: &Placement) -> String {
        format!("{}/{}/{}/{}", p.setup.value, p.side.value, p.location.value, p.piece.value)
    }
    fn find<'p>(pack: &'p Pack, id: &str) -> Option<&'p Placement> {
        pack.placements.iter().find(|p| key(p) == id)
    }
    let mut changes = Vec::new();
    compare("placement", keyed(&old.placements, key, key), keyed(&new.placements, key, key), &mut changes);
    let mut moved = Vec::new();
    for removed in changes.iter().filter(|c| c.kind == ChangeKind::Removed) {
        let Some(was) = find(old, &removed.id) else { continue };
        let target = changes
            .iter()
            .filter(|c| c.kind == ChangeKind::Added && !moved.iter().any(|(_, a)| a == &c.id))
            .find(|c| {
                find(new, &c.id).is_some_and(|now| {
                    (&now.setup.value, &now.side.value, &now.piece.value, now.count.value)
                        == (&was.setup.value, &was.side.value, &was.piece.value, was.count.value)
                })
            });
        if let Some(added) = target {
            moved.push((removed.id.clone(), added.id.clone()));
        }
    }
    for change in changes {
        if let Some((from, to)) = moved.iter().find(|(r, _)| *r == change.id) {
            let (Some(was), Some(now)) = (find(old, from), find(new, to)) else { continue };
            let id = format!("{}/{}/{}", was.setup.value, was.side.value, was.piece.value);
            let kind = ChangeKind::Moved { from: was.location.value.clone(), to: now.location.value.clone() };
            out.push(Change { item: "placement", name: id.clone(), id, kind });
        } else if !moved.iter().any(|(_, a)| *a == change.id) {
            out.push(change);
        }
    }
}

/// Compares one list of items both editions have, keyed by id.
fn lists<T: Serialize>(
    out: &mut Vec<Change>,
    item: &'static str,
    (old, new): (&Pack, &Pack),
    list: fn(&Pack) -> &Vec<T>,
    key: fn(&T) -> String,
    name: fn(&T) -> String,
) {
    compare(item, keyed(list(old), key, name), keyed(list(new), key, name), out);
}

/// Every change from `old` to `new`, in a stable order (by item kind, then id).
pub fn diff(old: &Pack, new: &Pack) -> Vec<Change> {
    let mut out = Vec::new();
    lists(&mut out, "card", (old, new), |p| &p.cards, |c| c.id.clone(), |c| c.name.ja.clone());
    lists(&mut out, "unit", (old, new), |p| &p.units, |u| u.id.clone(), |u| u.name.ja.clone());
    lists(&mut out, "counter", (old, new), |p| &p.counters, |c| c.id.clone(), |c| c.id.clone());
    lists(&mut out, "chit", (old, new), |p| &p.chits.values, |v| v.label.clone(), |v| v.label.clone());
    // A hex is compared without its place; places are compared by their own id, with the hex they
    // stand in as a field, so a city drawn one hex further is one move, not two changed hexes.
    let hexes = |p: &Pack| {
        p.map
            .iter()
            .flat_map(|m| &m.hexes)
            .map(|h| {
                let mut value = serde_json::to_value(h).unwrap_or(Value::Null);
                if let Value::Object(o) = &mut value {
                    o.remove("place");
                }
                (h.id.clone(), (h.id.clone(), value))
            })
            .collect()
    };
    compare("hex", hexes(old), hexes(new), &mut out);
    let places = |p: &Pack| {
        p.map
            .iter()
            .flat_map(|m| &m.hexes)
            .filter_map(|h| h.place.as_ref().map(|pl| (h, pl)))
            .map(|(h, pl)| {
                let mut value = serde_json::to_value(pl).unwrap_or(Value::Null);
                if let Value::Object(o) = &mut value {
                    o.insert("hex".into(), Value::String(h.id.clone()));
                }
                (pl.id.clone(), (pl.name.ja.clone(), value))
            })
            .collect()
    };
    compare("place", places(old), places(new), &mut out);
    placements(old, new, &mut out);
    let clauses = |p: &Pack| {
        p.rules
            .sections
            .iter()
            .flat_map(|s| &s.clauses)
            .map(|c| {
                // English is the clause's own text; another language counts where it has words.
                let written: Vec<_> = c.wordings().filter(|w| w.0 == "en" || c.is_written_in(w.0)).collect();
                // A title, a text and the items are one field per language (`title.en`,
                // `text.ja`); a note naming `title` or `text` covers every language's.
                let value = serde_json::json!({
                    "number": c.number,
                    "title": { "ja": c.title.ja, "en": c.title.en },
                    "text": written.iter().map(|(l, text, _)| (*l, *text)).collect::<BTreeMap<_, _>>(),
                    "items": written.iter().map(|(l, _, items)| (*l, items.join("\n"))).collect::<BTreeMap<_, _>>(),
                });
                (c.id.clone(), (c.number.clone(), value))
            })
            .collect::<BTreeMap<_, _>>()
    };
    let (mut was, mut is) = (clauses(old), clauses(new));
    // A language only one edition has the clause in is a translation made or dropped, not an
    // erratum: the wordings are compared in the languages both editions have.
    for (id, (_, before)) in &mut was {
        if let Some((_, after)) = is.get_mut(id) {
            for field in ["text", "items"] {
                if let (Some(Value::Object(a)), Some(Value::Object(b))) = (before.get_mut(field), after.get_mut(field))
                {
                    a.retain(|language, _| b.contains_key(language));
                    b.retain(|language, _| a.contains_key(language));
                }
            }
        }
    }
    compare("clause", was, is, &mut out);
    // A term's aliases are the players' words search finds it by, not rules: an alias added or
    // reworded is no erratum (its definition and clauses are).
    let terms = |p: &Pack| {
        let mut terms = keyed(&p.rules.terms, |t| t.id.clone(), |t| t.name.ja.clone());
        for (_, value) in terms.values_mut() {
            if let Value::Object(o) = value {
                o.remove("aliases");
            }
        }
        terms
    };
    compare("term", terms(old), terms(new), &mut out);
    let areas =
        |p: &Pack| p.map.as_ref().map(|m| keyed(&m.areas, |a| a.id.clone(), |a| a.name.ja.clone())).unwrap_or_default();
    compare("area", areas(old), areas(new), &mut out);
    // The game's structure in pack.toml and setups.toml: what the rules fix as data.
    let single = |p: &Pack| {
        let value = serde_json::to_value(&p.game.totals).unwrap_or(Value::Null);
        BTreeMap::from([("game".to_string(), ("game".to_string(), value))])
    };
    compare("totals", single(old), single(new), &mut out);
    lists(&mut out, "component", (old, new), |p| &p.game.components, |c| c.kind.clone(), |c| c.name.ja.clone());
    lists(&mut out, "card-type", (old, new), |p| &p.card_types, |t| t.id.clone(), |t| t.name.ja.clone());
    lists(&mut out, "setup", (old, new), |p| &p.setups, |x| x.id.clone(), |x| x.name.ja.clone());
    lists(&mut out, "deck", (old, new), |p| &p.decks, |d| d.id.clone(), |d| d.id.clone());
    lists(&mut out, "sheet", (old, new), |p| &p.sheets, |x| x.id.clone(), |x| x.name.ja.clone());
    lists(&mut out, "track", (old, new), |p| &p.tracks, |x| x.id.clone(), |x| x.name.ja.clone());
    lists(&mut out, "phase", (old, new), |p| &p.sequence, |x| x.id.clone(), |x| x.name.ja.clone());
    lists(&mut out, "victory", (old, new), |p| &p.victory, |x| x.id.clone(), |x| x.id.clone());
    lists(&mut out, "aid", (old, new), |p| &p.aids, |x| x.id.clone(), |x| x.title.ja.clone());
    // The rest of the map: sea routes, hexsides and regions by their own keys, and the map's own
    // fields (name, paper, grid, terrain kinds, …) as one item.
    let map_list = |p: &Pack, list: fn(&crate::model::Map) -> BTreeMap<String, (String, Value)>| {
        p.map.as_ref().map(list).unwrap_or_default()
    };
    let routes = |m: &crate::model::Map| {
        let key = |r: &crate::model::Route| format!("{} {} {}", r.from.value, r.to.value, r.card.value);
        keyed(&m.routes, key, key)
    };
    compare("route", map_list(old, routes), map_list(new, routes), &mut out);
    let hexsides = |m: &crate::model::Map| {
        let key = |h: &crate::model::Hexside| format!("{} {}", h.a.value, h.b.value);
        keyed(&m.hexsides, key, key)
    };
    compare("hexside", map_list(old, hexsides), map_list(new, hexsides), &mut out);
    let regions = |m: &crate::model::Map| keyed(&m.regions, |r| r.id.clone(), |r| r.name.ja.clone());
    compare("region", map_list(old, regions), map_list(new, regions), &mut out);
    let own = |m: &crate::model::Map| {
        let mut value = serde_json::to_value(m).unwrap_or(Value::Null);
        if let Value::Object(o) = &mut value {
            for compared in ["hexes", "areas", "routes", "hexsides", "regions"] {
                o.remove(compared);
            }
        }
        BTreeMap::from([("map".to_string(), (m.name.ja.clone(), value))])
    };
    compare("map", map_list(old, own), map_list(new, own), &mut out);
    // Texts are shown as printed (`[[term:control]]` as "control"), each in its own edition and
    // in the language of its field (a `text.ja` names the terms in Japanese).
    let languages = new.printed_languages();
    for change in &mut out {
        if let ChangeKind::Changed { fields } = &mut change.kind {
            for f in fields.iter_mut() {
                let last = f.field.rsplit('.').next().unwrap_or_default();
                let language = languages.iter().find(|l| **l == last).copied().unwrap_or("en");
                f.old = old.plain_text_in(&f.old, language);
                f.new = new.plain_text_in(&f.new, language);
            }
            // A text that prints as it did (a term's name now linked) changed nothing a player
            // reads: no erratum.
            fields.retain(|f| f.old != f.new);
        }
    }
    out.retain(|c| !matches!(&c.kind, ChangeKind::Changed { fields } if fields.is_empty()));
    out
}

/// The item a change is about: kind, id and name (`card 6 GZ`).
fn item_of(c: &Change) -> String {
    if c.name == c.id || c.name.is_empty() {
        format!("{} {}", c.item, c.id)
    } else {
        format!("{} {} {}", c.item, c.id, c.name)
    }
}

/// One line per change, for the terminal.
pub fn describe(c: &Change) -> String {
    let head = item_of(c);
    match &c.kind {
        ChangeKind::Added => format!("{head}: added"),
        ChangeKind::Removed => format!("{head}: removed"),
        ChangeKind::Renumbered { old, new } => format!("{head}: renumbered {old} → {new}"),
        ChangeKind::Moved { from, to } => format!("{head}: moved {from} → {to}"),
        ChangeKind::Changed { fields } => {
            let parts: Vec<String> = fields.iter().map(|f| format!("{} {} → {}", f.name(), f.old, f.new)).collect();
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

/// One side of a text diff: the pieces both texts share, and the old (or new) text's own pieces.
pub(super) fn side(pieces: &[Piece], old: bool) -> Vec<Piece> {
    pieces
        .iter()
        .filter(|p| match p {
            Piece::Same(_) => true,
            Piece::Old(_) => old,
            Piece::New(_) => !old,
        })
        .cloned()
        .collect()
}

/// The difference of two texts: Latin words (runs of ASCII letters and digits) are compared whole,
/// every other character — Japanese, punctuation — on its own, so Japanese is diffed per
/// character and English per word, also where the two mix in one text.
pub fn text_diff(old: &str, new: &str) -> Vec<Piece> {
    // 0: a token of its own; 1: whitespace run; 2: word run. Spaces are tokens apart from words,
    // so a word followed by a different space or by the end of the text still matches.
    let class = |c: char| u8::from(c.is_whitespace()) + 2 * u8::from(c.is_ascii_alphanumeric());
    let split = |s: &str| -> Vec<String> {
        let mut tokens: Vec<String> = Vec::new();
        for c in s.chars() {
            match tokens.last_mut() {
                Some(t) if class(c) != 0 && t.chars().last().map(class) == Some(class(c)) => t.push(c),
                _ => tokens.push(c.to_string()),
            }
        }
        tokens
    };
    let (a, b) = (split(old), split(new));
    // Myers' diff (linear memory, O((N+M)·D) time) with a deadline, so a huge text with many
    // differences gives a coarser diff in bounded time instead of an O(N·M) table.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
    let ops = similar::capture_diff_slices_deadline(similar::Algorithm::Myers, &a, &b, Some(deadline));
    let mut out: Vec<Piece> = Vec::new();
    let mut push = |p: Piece| match (out.last_mut(), &p) {
        (Some(Piece::Same(x)), Piece::Same(y))
        | (Some(Piece::Old(x)), Piece::Old(y))
        | (Some(Piece::New(x)), Piece::New(y)) => x.push_str(y),
        _ => out.push(p),
    };
    // Within a changed run the old text comes first, then the new, as readers of a diff expect
    // ("~~four~~five", never "fivefour").
    let (mut gone, mut came) = (String::new(), String::new());
    for op in ops {
        let (tag, old_range, new_range) = op.as_tag_tuple();
        match tag {
            similar::DiffTag::Equal => {
                if !gone.is_empty() {
                    push(Piece::Old(std::mem::take(&mut gone)));
                }
                if !came.is_empty() {
                    push(Piece::New(std::mem::take(&mut came)));
                }
                push(Piece::Same(a[old_range].concat()));
            }
            _ => {
                gone.push_str(&a[old_range].concat());
                came.push_str(&b[new_range].concat());
            }
        }
    }
    if !gone.is_empty() {
        push(Piece::Old(gone));
    }
    if !came.is_empty() {
        push(Piece::New(came));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_search_finds_by_are_no_erratum_but_a_definition_is() {
        let pack = || {
            let term =
                crate::model::Term { id: "hand".into(), aliases: vec!["hand size".into()], ..Default::default() };
            let clause =
                crate::model::Clause { id: "turn.draw".into(), text: "Draw to 7.".into(), ..Default::default() };
            let mut pack = Pack::default();
            pack.rules.terms.push(term);
            pack.rules.sections.push(crate::model::Section { clauses: vec![clause], ..Default::default() });
            pack
        };
        let (old, mut new) = (pack(), pack());
        new.rules.terms[0].aliases.push("手持ち".into());
        new.rules.sections[0].clauses[0].index.push("refill".into());
        new.rules.sections[0].clauses[0].notes.push("an editor's note".into());
        assert_eq!(diff(&old, &new), [], "aliases, index words and notes");
        new.rules.terms[0].definition.en = "The cards you hold.".into();
        let changes = diff(&old, &new);
        assert_eq!(changes.len(), 1);
        assert_eq!((changes[0].item, changes[0].id.as_str()), ("term", "hand"));
    }

    #[test]
    fn a_clause_is_compared_in_each_language_as_printed() {
        let pack = |en: &str, ja: Option<&str>| {
            let mut clause = crate::model::Clause { id: "war.sum".into(), text: en.into(), ..Default::default() };
            if let Some(ja) = ja {
                let wording = crate::model::Wording { text: ja.into(), items: Vec::new() };
                clause.translations.insert("ja".into(), wording);
            }
            let term = crate::model::Term {
                id: "camp".into(),
                name: crate::model::Names { ja: "陣営".into(), en: "camp".into() },
                ..Default::default()
            };
            let mut pack = Pack::default();
            pack.rules.terms.push(term);
            pack.rules.sections.push(crate::model::Section { clauses: vec![clause], ..Default::default() });
            pack
        };
        let fields = |changes: Vec<Change>| -> Vec<(String, String, String)> {
            changes
                .into_iter()
                .flat_map(|c| match c.kind {
                    ChangeKind::Changed { fields } => fields,
                    _ => Vec::new(),
                })
                .map(|f| (f.field, f.old, f.new))
                .collect()
        };
        // A term's name now linked prints the same: no erratum.
        let linked = diff(
            &pack("Each camp adds.", Some("各陣営が足す。")),
            &pack("Each [[term:camp]] adds.", Some("各[[term:camp]]が足す。")),
        );
        assert_eq!(linked, []);
        // A Japanese wording changed is a change of `text.ja`, its terms named in Japanese.
        let changed = diff(
            &pack("Each camp adds.", Some("各陣営が足す。")),
            &pack("Each camp adds.", Some("各[[term:camp]]が掛ける。")),
        );
        assert_eq!(
            fields(changed),
            [("text.ja".to_string(), "各陣営が足す。".to_string(), "各陣営が掛ける。".to_string())]
        );
        // A translation made since the earlier edition is no erratum.
        assert_eq!(diff(&pack("Each camp adds.", None), &pack("Each camp adds.", Some("各陣営が足す。"))), []);
    }

    #[test]
    fn a_million_characters_diff_without_a_quadratic_table() {
        // Two texts of a million characters each, differing every few hundred words: the old
        // O(N·M) table would need terabytes. Both sides must read back whole.
        let old: String = (0..220_000).map(|i| format!("w{} ", i % 997)).collect();
        let new: String =
            (0..220_000).map(|i| if i % 500 == 0 { "x ".to_string() } else { format!("w{} ", i % 997) }).collect();
        assert!(old.len() > 1_000_000, "a million characters");
        let pieces = text_diff(&old, &new);
        let join = |keep_old: bool| -> String {
            side(&pieces, keep_old)
                .iter()
                .map(|p| match p {
                    Piece::Same(t) | Piece::Old(t) | Piece::New(t) => t.as_str(),
                })
                .collect()
        };
        assert_eq!(join(true), old);
        assert_eq!(join(false), new);
        assert!(pieces.iter().any(|p| matches!(p, Piece::New(t) if t.contains('x'))));
    }

    #[test]
    fn japanese_texts_differ_by_character_english_by_word() {
        assert_eq!(
            text_diff("心 3", "心 2"),
            vec![Piece::Same("心 ".into()), Piece::Old("3".into()), Piece::New("2".into())]
        );
        assert_eq!(
            text_diff("the game ends at 20 points", "the game ends at 15 points"),
            vec![
                Piece::Same("the game ends at ".into()),
                Piece::Old("20".into()),
                Piece::New("15".into()),
                Piece::Same(" points".into())
            ]
        );
    }

    #[test]
    fn english_words_stay_whole_beside_japanese_in_one_text() {
        let pieces = text_diff("No card is left out (1回目 to 10回目).", "The 2 cards left over (1回目 to 8回目).");
        let changed: Vec<&str> = pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Old(t) | Piece::New(t) => Some(t.as_str()),
                Piece::Same(_) => None,
            })
            .collect();
        for piece in &changed {
            // Every changed Latin piece is made of whole words of either text.
            let words = piece.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty());
            for w in words {
                assert!(
                    ["No", "card", "is", "out", "The", "2", "cards", "over", "10", "8"].contains(&w),
                    "`{w}` is part of a word: {pieces:?}"
                );
            }
        }
        assert!(pieces.contains(&Piece::Same(" left ".into())), "{pieces:?}");
        assert!(pieces.contains(&Piece::Same("回目).".into())), "Japanese still compared per character: {pieces:?}");
    }

    #[test]
    fn each_side_keeps_the_shared_text_and_only_its_own_changes() {
        let pieces = text_diff("心 3", "心 2");
        assert_eq!(side(&pieces, true), vec![Piece::Same("心 ".into()), Piece::Old("3".into())]);
        assert_eq!(side(&pieces, false), vec![Piece::Same("心 ".into()), Piece::New("2".into())]);
    }
}
