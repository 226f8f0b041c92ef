//! `[[totals.by_filter]]` in pack.toml: totals the rules state over the items a filter selects
//! (a count, a sum, counts per group), or that no two of them share a value (`distinct`).
//! The filter is parsed by `check`, once every collection is loaded.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned as TS;

use super::{toml_ref, Loader};
use crate::diag::{Code, Diagnostic, FileId};
use crate::model::declared::{Figure, FilterTotal};

/// One declared total as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFilterTotal {
    of: TS<String>,
    #[serde(rename = "where")]
    filter: Option<TS<String>>,
    count: Option<TS<u32>>,
    sum: Option<TS<String>>,
    equals: Option<TS<i64>>,
    group_by: Option<TS<String>>,
    counts: Option<TS<BTreeMap<String, TS<u32>>>>,
    distinct: Option<TS<String>>,
    rule: Option<TS<String>>,
}

/// The declared totals; one that states no figure, or two, is an error at its table (E0102).
pub(super) fn load(l: &mut Loader<'_>, file: FileId, raw: &[TS<RawFilterTotal>]) -> Vec<FilterTotal> {
    let mut out = Vec::new();
    for t in raw {
        let span = Loader::span(file, t);
        let t = t.get_ref();
        let figure = match (&t.count, &t.sum, &t.equals, &t.group_by, &t.counts, &t.distinct) {
            (None, None, None, None, None, Some(field)) => Figure::Distinct(Loader::spanned(file, field)),
            (Some(c), None, None, None, None, None) => Figure::Count(Loader::spanned(file, c)),
            (None, Some(f), Some(e), None, None, None) => {
                Figure::Sum { field: Loader::spanned(file, f), equals: Loader::spanned(file, e) }
            }
            (None, None, None, Some(by), Some(counts), None) => {
                // In the file's order, so messages follow the declaration.
                let mut counts: Vec<(String, _)> =
                    counts.get_ref().iter().map(|(k, v)| (k.clone(), Loader::spanned(file, v))).collect();
                counts.sort_by_key(|(_, v)| v.span.range.start);
                Figure::Groups { by: Loader::spanned(file, by), counts }
            }
            _ => {
                l.diags.push(one_figure(&span));
                continue;
            }
        };
        out.push(FilterTotal {
            of: Loader::spanned(file, &t.of),
            filter: t.filter.as_ref().map(|f| Loader::spanned(file, f)),
            figure,
            rule: t.rule.as_ref().map(|r| toml_ref(file, r)),
            span,
        });
    }
    out
}

fn one_figure(span: &crate::diag::Span) -> Diagnostic {
    Diagnostic::error(Code::TOML_SHAPE, "a total by filter states one figure").at(span).with_hint(
        "write `count = N`, or `sum = \"FIELD\"` with `equals = N`, or `group_by = \"FIELD\"` with `counts = { VALUE = N, … }`, or `distinct = \"FIELD\"`",
    )
}
