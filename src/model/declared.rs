//! Totals declared by filter (`[[totals.by_filter]]` in pack.toml): a fact the rules state as a
//! number over some of a collection's items — how many, the sum of a number field, or how many
//! per group — checked against the pack.

use serde::Serialize;

use super::{Ref, Span, Spanned};

/// A total over the items of one collection that a filter selects.
#[derive(Debug, Serialize)]
pub struct FilterTotal {
    /// The collection (`cards`, `areas`, …), as written.
    pub of: Spanned<String>,
    /// The filter (`where`); none: every item.
    #[serde(rename = "where")]
    pub filter: Option<Spanned<String>>,
    /// What is stated.
    pub figure: Figure,
    /// The rule that states it.
    pub rule: Option<Ref>,
    /// The declaration.
    #[serde(skip)]
    pub span: Span,
}

/// The figure a [`FilterTotal`] states.
#[derive(Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Figure {
    /// How many items (`count = 39`).
    Count(Spanned<u32>),
    /// The sum of an int field over the items (`sum = "ops", equals = 254`).
    Sum {
        /// The field summed.
        field: Spanned<String>,
        /// The sum stated.
        equals: Spanned<i64>,
    },
    /// How many items per value of a field (`group_by = "era", counts = { early = 39 }`); an item
    /// with several values (a list) counts in each.
    Groups {
        /// The field grouped by.
        by: Spanned<String>,
        /// Each group's value and stated count, in the order written.
        counts: Vec<(String, Spanned<u32>)>,
    },
    /// No two items share a value of a field (`distinct = "location"`: no area holds both sides'
    /// influence at the start); a list's items share none of their values.
    Distinct(Spanned<String>),
}
