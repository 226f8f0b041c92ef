//! The map's typed attributes: map.toml's `area_attributes`, `hex_attributes` and
//! `place_attributes`, declared as card fields are (`{ id, name, type = "int", min = 1, max = 5 }`),
//! and their values in the extra columns of areas.csv and hexes.csv, checked at load.
//!
//! The older form, a list of column names (`area_attributes = ["stability"]`), still loads: each
//! becomes a text attribute named by `area_attribute_names`.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::csv::Row;
use super::fields::RawField;
use super::{Loader, RawNames};
use crate::diag::{Code, Diagnostic, FileId, Span};
use crate::model::{CardField, FieldKind, FieldShow, FieldValue};

/// An attribute as written: a typed declaration, or only a column name (text).
pub(super) enum RawAttribute {
    /// `"stability"`: a text column.
    Column(String),
    /// `{ id = "stability", type = "int", min = 1, max = 5 }`.
    Typed(Box<RawField>),
}

// By hand rather than `untagged`: a table is read by the TOML deserializer itself, so the spans
// inside it (the field's `type`) survive.
impl<'de> Deserialize<'de> for RawAttribute {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = RawAttribute;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a column name or a table { id, name, type, min, max, values, required }")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<RawAttribute, E> {
                Ok(RawAttribute::Column(v.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<RawAttribute, A::Error> {
                RawField::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(|f| RawAttribute::Typed(Box::new(f)))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// The attributes `raw` declares; a plain column name takes its name from `names`.
pub(super) fn declare(
    l: &mut Loader<'_>,
    file: FileId,
    raw: Vec<RawAttribute>,
    names: &BTreeMap<String, RawNames>,
    span: &Span,
) -> Vec<CardField> {
    let mut out: Vec<CardField> = Vec::new();
    for a in raw {
        let field = match a {
            RawAttribute::Typed(f) => super::fields::field(l, file, *f),
            RawAttribute::Column(id) => CardField {
                name: names.get(&id).cloned().unwrap_or_default().into(),
                id,
                short: Default::default(),
                value_names: Default::default(),
                value_colours: Default::default(),
                kind: FieldKind::Text,
                required: false,
                show: FieldShow::Line,
            },
        };
        if out.iter().any(|f| f.id == field.id) {
            l.diags.push(
                Diagnostic::error(Code::DUPLICATE_ID, format!("the attribute `{}` is declared twice", field.id))
                    .at(span),
            );
            continue;
        }
        out.push(field);
    }
    out
}

/// The values of `fields` in `row` (an empty cell gives no value; a required one is an error).
pub(super) fn values(l: &mut Loader<'_>, row: &Row<'_>, fields: &[CardField]) -> BTreeMap<String, FieldValue> {
    let mut out = BTreeMap::new();
    for field in fields {
        let cell = row.cell(&field.id);
        if cell.value.is_empty() {
            if field.required {
                l.diags.push(
                    Diagnostic::error(Code::BAD_VALUE, format!("this row needs a value of `{}`", field.id))
                        .at(&cell.span),
                );
            }
            continue;
        }
        if let Some(value) = super::fields::value(l, &field.kind, &field.id, &cell) {
            out.insert(field.id.clone(), value);
        }
    }
    out
}

/// Place attributes given on a hexes.csv row that names no place: an error at each such cell.
pub(super) fn without_place(l: &mut Loader<'_>, row: &Row<'_>, fields: &[CardField]) {
    for field in fields {
        let cell = row.cell(&field.id);
        if !cell.value.is_empty() {
            l.diags.push(
                Diagnostic::error(Code::BAD_VALUE, format!("`{}` describes a place, and this hex has none", field.id))
                    .at(&cell.span)
                    .with_hint("name the place in the `place` column, or declare the column in `hex_attributes`"),
            );
        }
    }
}
