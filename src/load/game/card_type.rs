//! A `[[card_types]]` table: its typed fields, where the built-in front shows each of them, and
//! how the front looks (frame and badge colours, badge shape, title marks), each key checked
//! where it is written.

use toml::Spanned as TS;

use super::raw::RawCardType;
use crate::diag::{Code, Diagnostic, FileId};
use crate::load::Loader;
use crate::model::*;

pub(super) fn card_type(l: &mut Loader<'_>, file: FileId, mut t: RawCardType) -> CardType {
    let mut fields = Vec::new();
    for f in std::mem::take(&mut t.fields) {
        fields.push(crate::load::fields::field(l, file, f));
    }
    field_layout(l, file, &t, &mut fields);
    let template = t.template.as_ref().and_then(|v| super::template_key(l, &Loader::spanned(file, v)));
    let look = card_look(l, file, &t, &fields);
    CardType { id: t.id, name: t.name.into(), fields, template, look }
}

/// A card type's `colour`, `frame`, `badge_shape` and `badge_colour`: each checked at its key (a
/// colour field must be one of the type's fields and give its values colours).
fn card_look(l: &mut Loader<'_>, file: FileId, t: &RawCardType, fields: &[CardField]) -> CardLook {
    let mut colour_field = |key: &Option<TS<String>>, which: &str| {
        let key = key.as_ref()?;
        let id = key.get_ref();
        let found = fields.iter().find(|f| &f.id == id);
        if found.is_some_and(|f| !f.value_colours.is_empty()) {
            return Some(id.clone());
        }
        let hint = match found {
            Some(_) => format!("give `{id}` a `value_colours` table, e.g. value_colours = {{ red = \"#c0392b\" }}"),
            None => format!("its fields are: {}", fields.iter().map(|f| f.id.as_str()).collect::<Vec<_>>().join(", ")),
        };
        let why = if found.is_some() { "gives its values no colours" } else { "is not one of its fields" };
        l.diags.push(
            Diagnostic::error(Code::UNKNOWN_FIELD, format!("card type `{}`: `{which}` field `{id}` {why}", t.id))
                .at(&Loader::span(file, key))
                .with_hint(hint),
        );
        None
    };
    let frame = colour_field(&t.frame, "frame");
    let badge_colour = colour_field(&t.badge_colour, "badge_colour");
    let badge_shape = match t.badge_shape.as_ref().map(|s| s.get_ref().as_str()) {
        None | Some("circle") => BadgeShape::Circle,
        Some("star") => BadgeShape::Star,
        Some(other) => {
            l.diags.push(
                Diagnostic::error(Code::BAD_VALUE, format!("card type `{}`: unknown badge shape `{other}`", t.id))
                    .at(&Loader::span(file, t.badge_shape.as_ref().expect("given")))
                    .with_hint("use circle or star"),
            );
            BadgeShape::Circle
        }
    };
    let colour = t.colour.as_ref().filter(|c| l.colour(file, c)).map(|c| c.get_ref().clone());
    // Title marks name flags of the type, in its field order.
    let mut title_marks = Vec::new();
    for (key, mark) in &t.title_marks {
        let id = key.get_ref();
        match fields.iter().position(|f| &f.id == id && matches!(f.kind, crate::model::FieldKind::Flag)) {
            Some(at) => {
                if let Some(mark) = title_mark(l, file, mark) {
                    title_marks.push((at, id.clone(), mark));
                }
            }
            None => l.diags.push(
                Diagnostic::error(
                    Code::UNKNOWN_FIELD,
                    format!("card type `{}`: title mark `{id}` is not one of its flags", t.id),
                )
                .at(&Loader::span(file, key))
                .with_hint(format!(
                    "its flags are: {}",
                    fields
                        .iter()
                        .filter(|f| matches!(f.kind, crate::model::FieldKind::Flag))
                        .map(|f| f.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            ),
        }
    }
    title_marks.sort_by_key(|(at, _, _)| *at);
    let title_marks = title_marks.into_iter().map(|(_, id, mark)| (id, mark)).collect();
    CardLook { colour, frame, badge_shape, badge_colour, title_marks }
}

/// A title mark as written: `underline` with an optional `#rrggbb` colour, else the mark itself;
/// a colour that is not `#rrggbb` is an error at the mark.
fn title_mark(l: &mut Loader<'_>, file: FileId, raw: &TS<String>) -> Option<TitleMark> {
    let Some(rest) = raw.get_ref().strip_prefix("underline") else {
        return Some(TitleMark::After(raw.get_ref().clone()));
    };
    let colour = rest.trim();
    if colour.is_empty() {
        return Some(TitleMark::Underline(None));
    }
    if crate::load::is_hex_colour(colour) {
        return Some(TitleMark::Underline(Some(colour.to_string())));
    }
    l.diags.push(
        Diagnostic::error(
            Code::BAD_VALUE,
            format!("title mark `{}`: `{colour}` is not a #rrggbb colour", raw.get_ref()),
        )
        .at(&Loader::span(file, raw))
        .with_hint("write e.g. \"underline #c0392b\", or \"underline\" for the card's colour"),
    );
    None
}

/// A card type's `badge`, `stats`, `tags` and `hidden` keys: where the default front shows each
/// field it names (the rest go where their kind puts them). A key naming a field the type lacks,
/// a field named twice, or a badge or stat that is free text is an error at the key.
fn field_layout(l: &mut Loader<'_>, file: FileId, t: &RawCardType, fields: &mut [CardField]) {
    let roles = t.badge.iter().map(|b| (b, FieldShow::Badge, "badge"));
    let roles = roles
        .chain(t.stats.iter().map(|f| (f, FieldShow::Stat, "stats")))
        .chain(t.tags.iter().map(|f| (f, FieldShow::Tag, "tags")))
        .chain(t.hidden.iter().map(|f| (f, FieldShow::Hidden, "hidden")));
    let mut named: Vec<&str> = Vec::new();
    let own = fields.iter().map(|f| f.id.as_str()).collect::<Vec<_>>().join(", ");
    for (key, show, which) in roles {
        let span = Loader::span(file, key);
        let id = key.get_ref().as_str();
        let Some(field) = fields.iter_mut().find(|f| f.id == id) else {
            l.diags.push(
                Diagnostic::error(
                    Code::UNKNOWN_FIELD,
                    format!("card type `{}` has no field `{id}` for `{which}`", t.id),
                )
                .at(&span)
                .with_hint(if own.is_empty() {
                    "declare it in the type's `fields` first".to_string()
                } else {
                    format!("its fields are: {own}")
                }),
            );
            continue;
        };
        if named.contains(&id) {
            l.diags.push(
                Diagnostic::error(Code::BAD_VALUE, format!("card type `{}` places field `{id}` twice", t.id))
                    .at(&span)
                    .with_hint("name each field in one of badge, stats, tags and hidden"),
            );
            continue;
        }
        named.push(id);
        if matches!(show, FieldShow::Badge | FieldShow::Stat) && matches!(field.kind, FieldKind::Text) {
            l.diags.push(
                Diagnostic::error(Code::BAD_VALUE, format!("`{id}` is free text and cannot be a {which} value"))
                    .at(&span)
                    .with_hint("a badge or stat box shows a number or a short choice; put text fields in `tags` or leave them to the text block"),
            );
            continue;
        }
        field.show = show;
    }
    // Without a `badge` key or `stats`, a type's only number is its key value (a transport's ships).
    let mut ints = fields.iter_mut().filter(|f| matches!(f.kind, FieldKind::Int { .. }) && f.show == FieldShow::Stat);
    if let (None, true, Some(only), None) = (&t.badge, t.stats.is_empty(), ints.next(), ints.next()) {
        only.show = FieldShow::Badge;
    }
}
