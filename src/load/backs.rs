//! `[[constraints.backs]]`: what the back of a counter must show, by the kind of unit on its
//! front (seed 000 rule 2.2: a one-step unit's back is an enemy unit).

use serde::Deserialize;
use toml::Spanned as TS;

use super::{toml_ref, Loader};
use crate::diag::{Code, Diagnostic, FileId};
use crate::model::game::BackRule;

/// What a back may be required to show.
pub(crate) const BACKS: [&str; 4] = ["enemy", "same-unit", "same-side", "blank"];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBack {
    steps: Option<u32>,
    side: Option<TS<String>>,
    back: TS<String>,
    rule: Option<TS<String>>,
}

/// The back rules of pack.toml's `[constraints]`.
pub(super) fn load(l: &mut Loader<'_>, file: FileId, raw: &[TS<RawBack>]) -> Vec<BackRule> {
    let mut out = Vec::new();
    for b in raw {
        let span = Loader::span(file, b);
        let b = b.get_ref();
        if !BACKS.contains(&b.back.get_ref().as_str()) {
            l.diags.push(
                Diagnostic::error(Code::BAD_VALUE, format!("unknown counter back `{}`", b.back.get_ref()))
                    .at(&Loader::span(file, &b.back))
                    .with_hint(format!("use one of {}", BACKS.join(", "))),
            );
            continue;
        }
        out.push(BackRule {
            steps: b.steps,
            side: b.side.as_ref().map(|s| toml_ref(file, s)),
            back: b.back.get_ref().clone(),
            rule: b.rule.as_ref().map(|r| toml_ref(file, r)),
            span,
        });
    }
    out
}
