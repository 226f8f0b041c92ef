//! errata/<edition>.toml: the designer's notes on the changes since the previous edition.

use serde::Deserialize;
use toml::Spanned as TS;

use super::Loader;
use crate::diag::{Code, Diagnostic};
use crate::model::{ErrataNote, Pack};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNotes {
    #[serde(default)]
    note: Vec<TS<RawNote>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNote {
    item: String,
    id: String,
    /// One field (`field = "heart"`) or several (`field = ["dice", "name"]`).
    field: Option<OneOrMany>,
    /// The new value as printed (`new = "3"`, or a number).
    new: Option<TS<toml::Value>>,
    class: TS<String>,
    text: String,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

/// The classes a note may give a change.
const CLASSES: [&str; 3] = ["correction", "clarification", "balance"];

/// Loads the notes of the pack's current edition, if the file exists.
pub(super) fn load(l: &mut Loader<'_>, pack: &mut Pack) {
    let Some(file) = l.read(&format!("errata/{}.toml", pack.game.edition), false) else { return };
    let Some(raw) = l.toml::<RawNotes>(file) else { return };
    for note in &raw.note {
        let span = Loader::span(file, note);
        let n = note.get_ref();
        if !CLASSES.contains(&n.class.get_ref().as_str()) {
            l.diags.push(
                Diagnostic::error(Code::BAD_VALUE, format!("unknown errata class `{}`", n.class.get_ref()))
                    .at(&Loader::span(file, &n.class))
                    .with_hint("use correction, clarification or balance"),
            );
        }
        let fields = match &n.field {
            None => Vec::new(),
            Some(OneOrMany::One(f)) => vec![f.clone()],
            Some(OneOrMany::Many(f)) => f.clone(),
        };
        // A number is compared as it prints (`3`, not `3.0` for an integer).
        let new = n.new.as_ref().map(|v| {
            let text = match v.get_ref() {
                toml::Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            crate::model::Spanned::new(text, Loader::span(file, v))
        });
        if new.is_some() && fields.len() != 1 {
            l.diags.push(
                Diagnostic::error(Code::BAD_VALUE, "a note's `new` value needs the one field it is the value of")
                    .at(&span)
                    .with_hint("give `field = \"dice\"` with `new`, or one note per field"),
            );
        }
        pack.errata_notes.push(ErrataNote {
            item: n.item.clone(),
            id: n.id.clone(),
            fields,
            new,
            class: n.class.get_ref().clone(),
            text: n.text.clone(),
            span,
        });
    }
}
