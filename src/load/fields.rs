//! Typed fields: how card types' `fields` and the map's area, hex and place attributes are
//! declared (`{ id, name, type, min, max, values, required }`), and how a CSV cell is read as a
//! value of one.

use serde::Deserialize;
use toml::Spanned as TS;

use super::{Loader, RawNames};
use crate::diag::{Code, Diagnostic, FileId};
use crate::model::{CardField, FieldKind, FieldShow, FieldValue, Spanned};

/// One typed field as written in TOML.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawField {
    pub(super) id: String,
    #[serde(default)]
    pub(super) name: RawNames,
    #[serde(rename = "type")]
    pub(super) kind: TS<String>,
    pub(super) min: Option<i64>,
    pub(super) max: Option<i64>,
    #[serde(default)]
    pub(super) values: Vec<String>,
    #[serde(default)]
    pub(super) required: bool,
    /// The label the stat boxes print: one text for every language, or `{ ja, en }`.
    pub(super) short: Option<RawShort>,
    /// What a face prints for each value of a choice or list (`dark-legion = { en = "Dark Legion" }`).
    #[serde(default)]
    pub(super) value_names: Option<TS<std::collections::BTreeMap<String, RawNames>>>,
    /// The colour each value of a choice is drawn in: `"#rrggbb"`, or two as `"#aaaaaa/#bbbbbb"`.
    #[serde(default)]
    pub(super) value_colours: Option<TS<std::collections::BTreeMap<String, String>>>,
}

/// A field's short label: the same in every language, or per language.
#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum RawShort {
    Same(String),
    Each(RawNames),
}

/// The field `f` declares; an unknown type is an error at it (the field is then text).
pub(super) fn field(l: &mut Loader<'_>, file: FileId, f: RawField) -> CardField {
    let kind = kind(l, file, &f.kind, (f.min, f.max), f.values);
    let show = FieldShow::default_for(&kind);
    let short = match f.short {
        Some(RawShort::Same(text)) => crate::model::Names { ja: text.clone(), en: text },
        Some(RawShort::Each(names)) => names.into(),
        None => crate::model::Names::default(),
    };
    let values = match &kind {
        FieldKind::Choice { values } | FieldKind::List { values } => values.as_slice(),
        _ => &[],
    };
    let mut value_names = std::collections::BTreeMap::new();
    if let Some(names) = f.value_names {
        let span = Loader::span(file, &names);
        for (value, raw) in names.into_inner() {
            if known_value(l, (&f.id, "value_names", values), &value, &span) {
                value_names.insert(value, raw.into());
            }
        }
    }
    let mut value_colours = std::collections::BTreeMap::new();
    if let Some(colours) = f.value_colours {
        let span = Loader::span(file, &colours);
        for (value, raw) in colours.into_inner() {
            let parts: Vec<String> = raw.split('/').map(|c| c.trim().to_string()).collect();
            if !(1..=2).contains(&parts.len()) || !parts.iter().all(|c| super::is_hex_colour(c)) {
                l.diags.push(
                    Diagnostic::error(
                        Code::BAD_VALUE,
                        format!("field `{}`: value `{value}` has colour `{raw}`, not #rrggbb or two of them", f.id),
                    )
                    .at(&span)
                    .with_hint("write e.g. red = \"#c0392b\", or a value drawn in halves as \"#c0392b/#ffffff\""),
                );
            } else if known_value(l, (&f.id, "value_colours", values), &value, &span) {
                value_colours.insert(value, parts);
            }
        }
    }
    CardField { id: f.id, name: f.name.into(), short, kind, required: f.required, show, value_names, value_colours }
}

/// The value type `kind` names (`type = "int"`, with `min`/`max`; a choice or list with its
/// `values`); an unknown type is an error at it, and text.
pub(super) fn kind(
    l: &mut Loader<'_>,
    file: FileId,
    kind: &TS<String>,
    (min, max): (Option<i64>, Option<i64>),
    values: Vec<String>,
) -> FieldKind {
    match kind.get_ref().as_str() {
        "int" => FieldKind::Int { min: min.unwrap_or(i64::MIN), max: max.unwrap_or(i64::MAX) },
        "text" => FieldKind::Text,
        "choice" | "enum" => FieldKind::Choice { values },
        "flag" | "bool" => FieldKind::Flag,
        "list" => FieldKind::List { values },
        other => {
            l.diags.push(
                Diagnostic::error(Code::BAD_VALUE, format!("unknown field type `{other}`"))
                    .at(&Loader::span(file, kind))
                    .with_hint("use int, text, choice (or enum), flag (or bool) or list"),
            );
            FieldKind::Text
        }
    }
}

/// Whether `value`, named in field `id`'s `key` table, is one of its `values`; an error at the
/// table with a "did you mean" otherwise.
fn known_value(
    l: &mut Loader<'_>,
    (id, key, values): (&str, &str, &[String]),
    value: &str,
    span: &crate::diag::Span,
) -> bool {
    if values.iter().any(|v| v == value) {
        return true;
    }
    l.diags.push(
        Diagnostic::error(
            Code::TOML_SHAPE,
            format!("field `{id}`: `{key}` names `{value}`, which is not one of its values"),
        )
        .at(span)
        .with_hint_opt(crate::diag::did_you_mean(value, values.iter().map(String::as_str)))
        .with_hint(match key {
            "value_names" => "value_names gives display names to a choice or list field's `values`",
            _ => "value_colours gives colours to a choice field's `values`",
        }),
    );
    false
}

/// The value of `cell` for a field of `kind` named `name`, or an error at the cell (E0106): not a
/// whole number, out of range, not one of the values, not yes or no.
pub(super) fn value(l: &mut Loader<'_>, kind: &FieldKind, name: &str, cell: &Spanned<String>) -> Option<FieldValue> {
    let bad = |l: &mut Loader<'_>, want: String| {
        l.diags.push(
            Diagnostic::error(Code::BAD_VALUE, format!("`{name}` must be {want}, found `{}`", cell.value))
                .at(&cell.span),
        );
        None
    };
    match kind {
        FieldKind::Int { min, max } => match cell.value.parse::<i64>() {
            Ok(v) if (*min..=*max).contains(&v) => Some(FieldValue::Int(v)),
            _ => bad(
                l,
                match (*min, *max) {
                    (i64::MIN, i64::MAX) => "a whole number".to_string(),
                    (min, i64::MAX) => format!("a whole number of at least {min}"),
                    (i64::MIN, max) => format!("a whole number of at most {max}"),
                    (min, max) => format!("a whole number from {min} to {max}"),
                },
            ),
        },
        FieldKind::Text => Some(FieldValue::Text(cell.value.clone())),
        FieldKind::Choice { values } if values.contains(&cell.value) => Some(FieldValue::Text(cell.value.clone())),
        FieldKind::Choice { values } => bad(l, format!("one of {}", values.join(", "))),
        FieldKind::Flag => match cell.value.as_str() {
            "yes" | "true" => Some(FieldValue::Flag(true)),
            "no" | "false" => Some(FieldValue::Flag(false)),
            _ => bad(l, "yes or no".to_string()),
        },
        FieldKind::List { values } => {
            let items: Vec<String> =
                cell.value.split('|').map(|v| v.trim().to_string()).filter(|v| !v.is_empty()).collect();
            match items.iter().find(|v| !values.is_empty() && !values.contains(v)) {
                Some(_) => bad(l, format!("`|`-separated values of {}", values.join(", "))),
                None => Some(FieldValue::List(items)),
            }
        }
    }
}
