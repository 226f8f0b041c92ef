//! Filters written in the pack (a declared total's `where`, a free placement's `where`), parsed
//! in strict mode against a collection's schema; a mistake is a diagnostic at its column inside
//! the TOML string (E0140, or E0141 for a name that is no field).

use crate::diag::{Code, Diagnostic, Span};
use crate::model::filter::{self, Mode, Query, QueryError};
use crate::model::records::Collection;
use crate::model::{Pack, Spanned};

/// The span of bytes `range` of a TOML string written at `string` (its quotes included).
pub(super) fn inside(string: &Span, range: std::ops::Range<usize>) -> Span {
    // A basic or literal string opens with one quote; escapes inside are not expected in filters.
    let start = string.range.start + 1;
    let end = (start + range.end).min(string.range.end.saturating_sub(1)).max(start + range.start);
    Span::new(string.file, start + range.start..end)
}

/// The diagnostic for a mistake in the filter written at `text`.
pub(super) fn diagnostic(text: &Spanned<String>, e: QueryError) -> Diagnostic {
    let code = if e.unknown_field { Code::FILTER_UNKNOWN_FIELD } else { Code::FILTER_SYNTAX };
    let mut d = Diagnostic::error(code, e.message).at(&inside(&text.span, e.span));
    for hint in e.hints {
        d = d.with_hint(hint);
    }
    d
}

/// The filter `text` over `collection`, or the diagnostic saying what is wrong with it.
pub(super) fn parse(pack: &Pack, collection: Collection, text: &Spanned<String>) -> Result<Query, Diagnostic> {
    filter::parse(&pack.schema(collection), text, Mode::Strict).map_err(|e| diagnostic(text, e))
}

/// The collection `of` names, or an error at it listing the collections.
pub(super) fn collection(of: &Spanned<String>) -> Result<Collection, Diagnostic> {
    Collection::named(of).ok_or_else(|| {
        let names: Vec<&str> = Collection::ALL.iter().map(|(n, _)| *n).collect();
        Diagnostic::error(Code::FILTER_UNKNOWN_FIELD, format!("the pack has no collection `{}`", of.value))
            .at(&of.span)
            .with_hint_opt(crate::diag::did_you_mean(of, names.iter().copied()))
            .with_hint(format!("collections: {}", names.join(", ")))
    })
}
