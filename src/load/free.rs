//! `[[free]]` in setups.toml: pieces a side places anywhere among the locations a filter
//! selects. The filter is parsed by `check`, once the map is loaded.

use serde::Deserialize;
use toml::Spanned as TS;

use super::{toml_ref, Loader, RawNames};
use crate::diag::FileId;
use crate::model::FreePlacement;

/// One free placement as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFree {
    setup: TS<String>,
    side: TS<String>,
    piece: TS<String>,
    count: TS<u32>,
    of: Option<TS<String>>,
    #[serde(rename = "where")]
    filter: TS<String>,
    #[serde(default)]
    label: RawNames,
    rule: Option<TS<String>>,
}

/// The free placements of setups.toml.
pub(super) fn load(file: FileId, raw: &[TS<RawFree>]) -> Vec<FreePlacement> {
    raw.iter()
        .map(|f| {
            let span = Loader::span(file, f);
            let f = f.get_ref();
            FreePlacement {
                setup: toml_ref(file, &f.setup),
                side: toml_ref(file, &f.side),
                piece: toml_ref(file, &f.piece),
                count: Loader::spanned(file, &f.count),
                of: f.of.as_ref().map(|o| Loader::spanned(file, o)),
                filter: Loader::spanned(file, &f.filter),
                label: f.label.clone().into(),
                rule: f.rule.as_ref().map(|r| toml_ref(file, r)),
                span,
            }
        })
        .collect()
}
