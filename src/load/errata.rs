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
    field: Option<String>,
    class: TS<String>,
    text: String,
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
        pack.errata_notes.push(ErrataNote {
            item: n.item.clone(),
            id: n.id.clone(),
            field: n.field.clone(),
            class: n.class.get_ref().clone(),
            text: n.text.clone(),
            span,
        });
    }
}
