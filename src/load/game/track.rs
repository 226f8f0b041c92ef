//! `[[tracks]]` in pack.toml: a numbered track's boxes, the attributes they carry (typed like
//! card fields: `{ id, name, type = "int", order = "rising" }`) and what the rules state about
//! its run of boxes (`step`, `contiguous`, `start`, `count`), which `check` holds it to.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned as TS;

use crate::diag::{Code, Diagnostic, FileId};
use crate::load::{toml_ref, Loader, RawNames};
use crate::model::*;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTrack {
    pub(super) id: String,
    name: RawNames,
    #[serde(default)]
    attributes: Vec<RawTrackAttribute>,
    boxes: Vec<TS<RawTrackBox>>,
    pub(super) provisional: Option<TS<Vec<String>>>,
    marker_size: Option<TS<f64>>,
    #[serde(default)]
    markers: Vec<TS<String>>,
    step: Option<TS<i64>>,
    #[serde(default = "yes")]
    contiguous: bool,
    start: Option<TS<i64>>,
    count: Option<TS<u32>>,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTrackAttribute {
    id: String,
    name: TS<RawNames>,
    #[serde(default)]
    every_box: bool,
    #[serde(rename = "type")]
    kind: Option<TS<String>>,
    min: Option<i64>,
    max: Option<i64>,
    #[serde(default)]
    values: Vec<String>,
    order: Option<TS<String>>,
    states: Option<TS<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTrackBox {
    value: i64,
    #[serde(default)]
    label: TextNames,
    #[serde(default)]
    attributes: BTreeMap<TS<String>, RawBoxValue>,
}

/// A box's attribute as TOML gives it: a number, a yes/no, or text (one, or per language).
#[derive(Deserialize)]
#[serde(untagged)]
enum RawBoxValue {
    Int(i64),
    Flag(bool),
    Text(TextNames),
}

/// A `[[tracks]]` table; every attribute a box carries must be declared on the track with the
/// label it prints under (E0102 at the box's key otherwise), so no raw key reaches a page, and
/// hold a value of the attribute's type (E0106 at the key otherwise).
pub(super) fn track(l: &mut Loader<'_>, file: FileId, raw: &TS<RawTrack>) -> Track {
    let span = Loader::span(file, raw);
    let t = raw.get_ref();
    let attributes: Vec<TrackAttribute> = t.attributes.iter().map(|a| attribute(l, file, &t.id, a)).collect();
    let mut boxes = Vec::new();
    for b in &t.boxes {
        let box_span = Loader::span(file, b);
        let b = b.get_ref();
        let mut printed = BTreeMap::new();
        let mut values = BTreeMap::new();
        for (key, raw_value) in &b.attributes {
            let Some(declared) = attributes.iter().find(|a| a.id == *key.get_ref()) else {
                l.diags.push(undeclared(file, &t.id, b.value, key));
                continue;
            };
            let names = match raw_value {
                RawBoxValue::Int(n) => Names { ja: n.to_string(), en: n.to_string() },
                RawBoxValue::Flag(f) => Names { ja: yes_no(*f).into(), en: yes_no(*f).into() },
                RawBoxValue::Text(text) => {
                    let what = format!("track `{}` box {}'s `{}`", t.id, b.value, declared.id);
                    l.plain_text(what, text, &Loader::span(file, key));
                    text.into()
                }
            };
            let value = match (&declared.kind, raw_value) {
                (FieldKind::Text, _) => {
                    Some(FieldValue::Text(if names.en.is_empty() { &names.ja } else { &names.en }.clone()))
                }
                (_, RawBoxValue::Text(TextNames::Names(_))) => {
                    l.diags.push(
                        Diagnostic::error(
                            Code::BAD_VALUE,
                            format!(
                                "track `{}`: box {}'s `{}` is one value, the same in every language",
                                t.id, b.value, declared.id
                            ),
                        )
                        .at(&Loader::span(file, key))
                        .with_hint("write it once, e.g. ops = 2"),
                    );
                    None
                }
                (kind, _) => {
                    let cell = crate::model::Spanned { value: names.en.clone(), span: Loader::span(file, key) };
                    crate::load::fields::value(l, kind, &declared.id, &cell)
                }
            };
            if let Some(value) = value {
                values.insert(declared.id.clone(), value);
                printed.insert(declared.id.clone(), names);
            }
        }
        l.plain_text(format!("track `{}` box {}'s label", t.id, b.value), &b.label, &box_span);
        boxes.push(TrackBox { value: b.value, label: (&b.label).into(), attributes: printed, values, span: box_span });
    }
    Track {
        id: t.id.clone(),
        name: t.name.clone().into(),
        attributes,
        boxes,
        marker_mm: marker_size(l, file, t),
        markers: t.markers.iter().map(|m| toml_ref(file, m)).collect(),
        shape: TrackShape {
            step: t.step.as_ref().map(|s| Loader::spanned(file, s)),
            contiguous: t.contiguous,
            start: t.start.as_ref().map(|s| Loader::spanned(file, s)),
            count: t.count.as_ref().map(|c| Loader::spanned(file, c)),
        },
        span,
    }
}

fn yes_no(flag: bool) -> &'static str {
    if flag {
        "yes"
    } else {
        "no"
    }
}

/// One declared attribute: a label it prints under (E0102 when empty), a known type, an order
/// only on a number.
fn attribute(l: &mut Loader<'_>, file: FileId, track: &str, a: &RawTrackAttribute) -> TrackAttribute {
    if a.name.get_ref().ja.is_empty() && a.name.get_ref().en.is_empty() {
        l.diags.push(
            Diagnostic::error(Code::TOML_SHAPE, format!("track `{track}`: attribute `{}` has an empty name", a.id))
                .at(&Loader::span(file, &a.name))
                .with_hint("give it the label boxes print it under, e.g. name = { ja = \"禁止\", en = \"forbids\" }"),
        );
    }
    let kind = match &a.kind {
        None => FieldKind::Text,
        Some(kind) => crate::load::fields::kind(l, file, kind, (a.min, a.max), a.values.clone()),
    };
    let order = a.order.as_ref().and_then(|o| {
        let order = match (o.get_ref().as_str(), &kind) {
            ("rising", FieldKind::Int { .. }) => Order::Rising,
            ("falling", FieldKind::Int { .. }) => Order::Falling,
            (word, _) => {
                l.diags.push(
                    Diagnostic::error(
                        Code::BAD_VALUE,
                        format!("track `{track}`: attribute `{}` has order `{word}`", a.id),
                    )
                    .at(&Loader::span(file, o))
                    .with_hint("an order is `rising` or `falling`, on an attribute of type = \"int\""),
                );
                return None;
            }
        };
        Some(crate::model::Spanned { value: order, span: Loader::span(file, o) })
    });
    let states = a.states.as_ref().and_then(|s| {
        if ["hand_size", "action_rounds"].contains(&s.get_ref().as_str()) && matches!(kind, FieldKind::Int { .. }) {
            return Some(Loader::spanned(file, s));
        }
        l.diags.push(
            Diagnostic::error(Code::BAD_VALUE, format!("track `{track}`: attribute `{}` states `{}`", a.id, s.get_ref()))
                .at(&Loader::span(file, s))
                .with_hint("an int attribute of a turn track may state `hand_size` or `action_rounds` (setups.toml's per-turn values)"),
        );
        None
    });
    TrackAttribute {
        id: a.id.clone(),
        name: a.name.get_ref().clone().into(),
        every_box: a.every_box,
        kind,
        order,
        states,
    }
}

fn undeclared(file: FileId, track: &str, value: i64, key: &TS<String>) -> Diagnostic {
    Diagnostic::error(
        Code::TOML_SHAPE,
        format!("track `{track}`: box {value} has attribute `{}`, which the track does not declare", key.get_ref()),
    )
    .at(&Loader::span(file, key))
    .with_hint(format!(
        "declare it with the label it prints under: attributes = [{{ id = \"{}\", name = {{ ja = \"…\", en = \"…\" }} }}]",
        key.get_ref()
    ))
}

/// A track's `marker_size`: a marker between 5 and 100 mm (E0106 at the value otherwise, and the
/// pack's counter size is used).
fn marker_size(l: &mut Loader<'_>, file: FileId, t: &RawTrack) -> Option<crate::model::Spanned<f64>> {
    let raw = t.marker_size.as_ref()?;
    l.mm_within(
        file,
        raw,
        5.0..=100.0,
        |size| format!("track `{}`: marker_size {size} mm is not a marker between 5 and 100 mm", t.id),
        "give the size of the marker that moves along the track in mm, e.g. marker_size = 16",
    )
    .map(|_| Loader::spanned(file, raw))
}
