//! `[map.graph]` of map.toml: the graph rules a map declares (connected, self-loops, degree
//! bounds). `check` holds the map to them (E0150–E0152).

use serde::Deserialize;
use toml::Spanned as TS;

use super::{toml_ref, Loader};
use crate::diag::{Code, Diagnostic, FileId};
use crate::model::{GraphRules, Spanned};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawGraph {
    connected: Option<TS<bool>>,
    self_loops: Option<TS<bool>>,
    min_degree: Option<TS<u32>>,
    max_degree: Option<TS<u32>>,
    #[serde(default)]
    routes: bool,
    rule: Option<TS<String>>,
}

/// Converts `[map.graph]`; bounds the wrong way round are E0106 at `max_degree`.
pub(super) fn graph_rules(l: &mut Loader<'_>, file: FileId, raw: &TS<RawGraph>) -> GraphRules {
    let span = Loader::span(file, raw);
    let g = raw.get_ref();
    let min_degree = g.min_degree.as_ref().map(|d| Loader::spanned(file, d));
    let max_degree = g.max_degree.as_ref().map(|d| Loader::spanned(file, d));
    if let (Some(min), Some(max)) = (&min_degree, &max_degree) {
        if min.value > max.value {
            l.diags.push(
                Diagnostic::error(
                    Code::BAD_VALUE,
                    format!("max_degree {} is below min_degree {}", max.value, min.value),
                )
                .at(&max.span)
                .with_related(&min.span, "min_degree")
                .with_hint("the fewest neighbours an area may have cannot exceed the most"),
            );
        }
    }
    GraphRules {
        connected: g.connected.as_ref().map(|c| Loader::spanned(file, c)),
        self_loops: g
            .self_loops
            .as_ref()
            .map_or_else(|| Spanned::new(false, span.clone()), |s| Loader::spanned(file, s)),
        min_degree,
        max_degree,
        routes: g.routes,
        rule: g.rule.as_ref().map(|r| toml_ref(file, r)),
        span,
    }
}
