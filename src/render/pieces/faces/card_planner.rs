//! What a card's front and back show: its names, the frame and badge colours, every typed field
//! where the card type puts it, the text with its effects, and the back of its side.

use serde_json::Value;

use super::context::{
    AttributeInfo, BackFace, BackPiece, BadgeLook, CardFace, CardInfo, CardPiece, FieldInfo, PlaceInfo, ShownField,
    TagInfo, Whole,
};
use super::planner::{ink_for, template_of, Planner};
use super::{FaceSize, Planned};
use crate::model::{Card, CardField, Expr, FieldKind, FieldShow, FieldValue, OwnBack, TitleMark};
use crate::render::pieces::describe::Describer;

impl<'a> Planner<'a> {
    pub(super) fn card_front(&self, card: &'a Card, size: FaceSize) -> Planned {
        self.card_side(card, size, None)
    }

    /// A double-sided card's other side: its front template with the card's number, name, type
    /// and frame, and the other side's text, flavour and art (no badge, stats, tags or rules,
    /// which belong to the front); `None` for a card with one side.
    pub(super) fn card_own_back(&self, card: &'a Card, size: FaceSize) -> Option<Planned> {
        card.own_back.as_ref().map(|back| self.card_side(card, size, Some(back)))
    }

    /// The front of `card`, or with `reverse` its other side.
    fn card_side(&self, card: &'a Card, size: FaceSize, reverse: Option<&'a OwnBack>) -> Planned {
        let pack = self.pack;
        let side = card.side.as_ref().and_then(|s| pack.side(s));
        let force = side.and_then(|s| pack.forces.iter().find(|f| f.side.value == s.id));
        let card_type = pack.card_type(&card.card_type);
        let look = card_type.map(|t| &t.look);
        // The colours of the card's value of a field the type colours by (its faction, its star).
        let value_colours = |field: Option<&String>| -> Option<&Vec<String>> {
            let field = card_type?.fields.iter().find(|f| Some(&f.id) == field)?;
            match card.fields.get(&field.id)? {
                FieldValue::Text(v) => field.value_colours.get(v),
                _ => None,
            }
        };
        // The frame: the colour of its `frame` field's value, else the type's, else the side's
        // (its own, its first force's, its card back's: a card game's sides have no forces), else
        // a neutral grey.
        let colour = value_colours(look.and_then(|l| l.frame.as_ref()))
            .map(|c| c[0].clone())
            .or_else(|| look.and_then(|l| l.colour.clone()))
            .or_else(|| side.and_then(|s| pack.side_colour(s)).map(str::to_string))
            .or_else(|| side.and(pack.card_back(card)).filter(|b| b.side.is_some()).map(|b| b.colour.clone()))
            // A game without sides (a card set of one kind) takes its back's colour.
            .or_else(|| pack.sides.is_empty().then(|| pack.card_back(card)).flatten().map(|b| b.colour.clone()))
            .unwrap_or_else(|| "#8a8f98".to_string());
        let badge_colours = value_colours(look.and_then(|l| l.badge_colour.as_ref()));
        let badge_look = BadgeLook::new(look, badge_colours.map_or(std::slice::from_ref(&colour), Vec::as_slice));
        let number_colour = match card.number_colour.as_ref().map(|c| c.value.as_str()) {
            Some("orange") => "#e07b1f",
            Some("purple") => "#7b3fa0",
            _ => "#222222",
        };
        // The type line (type, side, timing) in every language the pack prints where it fits
        // the line, else in the first, as the stat heads and badge captions are.
        let (mut meta, mut meta_all) = (Vec::new(), Vec::new());
        if let Some(side) = side {
            meta.push(self.msg.first_name(&side.name).to_string());
            meta_all.push(self.msg.name(&side.name));
        }
        if !card.timing.is_empty() {
            meta.push(card.timing.clone());
            meta_all.push(card.timing.clone());
        }
        let kind = card_type.filter(|_| pack.card_types.len() > 1);
        let fields: Vec<FieldInfo<'_>> = card_type
            .iter()
            .flat_map(|t| &t.fields)
            .filter(|_| reverse.is_none())
            .map(|f| self.field(f, card.fields.get(&f.id)))
            .collect();
        let mut rules: Vec<String> = card
            .rules
            .iter()
            .filter(|_| reverse.is_none())
            .filter_map(|r| pack.clause(r))
            .map(|c| c.number.clone())
            .collect();
        // In the rulebook's order (3.6 before 21.5), whatever order cards.csv names them in.
        rules.sort_by_cached_key(|n| crate::model::clause_order(n));
        let (title, subtitle) = self.msg.first_and_rest(&card.name);
        // The type's title marks of the flags the card sets: marks after the title, or a line
        // under it.
        let set = |id: &str| matches!(card.fields.get(id), Some(FieldValue::Flag(true)));
        let marks: Vec<&TitleMark> =
            look.map_or(&[][..], |l| &l.title_marks[..]).iter().filter(|(id, _)| set(id)).map(|(_, m)| m).collect();
        let title_mark: String = marks
            .iter()
            .filter_map(|m| match m {
                TitleMark::After(mark) => Some(mark.as_str()),
                TitleMark::Underline(_) => None,
            })
            .collect();
        let title_underline = marks
            .iter()
            .find_map(|m| match m {
                TitleMark::Underline(c) => Some(c.clone().unwrap_or_else(|| colour.clone())),
                TitleMark::After(_) => None,
            })
            .unwrap_or_default();
        let data = CardFace {
            number: card.printed_number(),
            name_ja: card.name.ja.clone(),
            name_en: card.name.en.clone(),
            title,
            subtitle,
            title_mark,
            title_underline,
            ink: ink_for(&colour).into(),
            colour,
            number_colour: number_colour.into(),
            tags: card.tags.iter().map(|t| self.tag_label(&t.value)).collect(),
            meta: meta.join(" · "),
            meta_all: meta_all.join(" · "),
            kind: kind.map_or(String::new(), |t| self.msg.first_name(&t.name).to_string()),
            kind_all: kind.map_or(String::new(), |t| self.msg.name(&t.name)),
            badge: self.badge(&fields, badge_colours.is_some()),
            badge_look,
            stats: fields.iter().filter(|f| f.show == FieldShow::Stat).filter_map(|f| self.shown(f)).collect(),
            // A tag that repeats a field's value (a Twilight Struggle card tagged `early`, its
            // period early) is shown once, by the field; one the card type's name already says
            // (a transport card tagged transport), only by the type.
            pills: card
                .tags
                .iter()
                .filter(|_| reverse.is_none())
                .filter(|t| !fields.iter().any(|f| f.show == FieldShow::Tag && f.display == t.value))
                .filter(|t| !pack.tag_says_type(&self.msg, card, &t.value))
                .map(|t| self.tag_label(&t.value))
                .chain(fields.iter().filter(|f| f.show == FieldShow::Tag).filter_map(|f| self.chip(f)))
                .collect(),
            body: reverse.map_or_else(|| self.card_body(card, &fields), |b| b.text.clone()),
            flavour: reverse.map_or(&card.flavour, |b| &b.flavour).clone(),
            art: reverse.map_or(&card.art, |b| &b.art).clone(),
            rules: if rules.is_empty() {
                String::new()
            } else {
                format!("{} {}", self.msg.text("common.rules"), rules.join(", "))
            },
            draft: card.provisional.iter().any(|p| p == "number_colour" || p == "tags" || p == "text"),
        };
        let piece = CardPiece {
            card: CardInfo {
                named: self.named(&card.id, &card.name),
                number: card.number,
                number_colour: card.number_colour.as_ref().map(|c| c.value.as_str()),
                timing: &card.timing,
                text: &card.text,
                provisional: &card.provisional,
            },
            card_type: card_type.map(|t| self.named(&t.id, &t.name)),
            field: fields.iter().map(|f| (f.id, f.clone())).collect(),
            fields,
            tags: card.tags.iter().map(|t| TagInfo { id: &t.value, label: self.tag_label(&t.value) }).collect(),
            places: self.places(card),
            rules,
        };
        let template = template_of([card_type.and_then(|t| t.template.as_ref())], "cards/front.svg.tera");
        let whole = Whole {
            common: self.common(size, side.map(|s| s.id.as_str()), force.map(|f| f.id.as_str())),
            face: data,
            piece,
        };
        let which = if reverse.is_some() { "reverse" } else { "front" };
        self.plan(format!("cards/{}-{which}", card.id), template, whole, &card.span, size)
    }

    /// Whether `text`, written in a pack that has English, is written in English only (no kana
    /// or kanji): the words pnpkit adds beside it then speak English too.
    fn in_english_only(&self, text: &str) -> bool {
        let japanese = |c: char| matches!(c, '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{9fff}');
        !text.is_empty() && !text.chars().any(japanese) && self.msg.has("en")
    }

    /// The card's text block: conditions, typed field values, its text and effects, in words.
    fn card_body(&self, card: &Card, fields: &[FieldInfo<'_>]) -> String {
        // The block speaks one language: a card whose text is written in English only (a
        // Japanese pack's cards with English text) gets its conditions and effects in English.
        let english = self.in_english_only(&card.text);
        let in_english = crate::messages::Messages::new(&["en"]);
        let m = if english { &in_english } else { &self.msg };
        let words = Describer::new(self.pack, m);
        let mut body = Vec::new();
        if let Some(r) = &card.requires {
            let label = m.first("face.requires");
            body.push(m.fill_first("face.labelled", &[("label", &label), ("text", &words.condition(r))]));
        }
        if let Some(r) = &card.auto_open {
            body.push(m.fill_first("face.opens_by_itself", &[("condition", &words.condition(r))]));
        }
        // Typed fields the type shows as lines of the text block (the others have their own
        // places on the face: badge, stat boxes, tags).
        for f in fields.iter().filter(|f| f.show == FieldShow::Line && !f.display.is_empty()) {
            let label = self.short_label(f);
            let text = match &f.value {
                Value::Bool(true) => label,
                Value::Bool(false) => continue,
                _ => m.fill_first("face.labelled", &[("label", &label), ("text", &f.display)]),
            };
            body.push(text);
        }
        if !card.text.is_empty() {
            body.push(card.text.clone());
        }
        // The effects in words only when the card has no text of its own: the text says them
        // as the designer wrote it, and a second telling reads as a machine's.
        let effects = if card.text.is_empty() { self.effects(card, (m, &words)) } else { Vec::new() };
        if !effects.is_empty() {
            let sentence = m.fill_first("face.sentence", &[("text", &effects.join(&m.first("face.effect_separator")))]);
            let label = m.first("face.effects");
            body.push(m.fill_first("face.labelled", &[("label", &label), ("text", &sentence)]));
        }
        body.join("\n")
    }

    /// A card's effects in words; rule switches read better as one phrase ("rules 3.3, 8.4.2
    /// and 13.2 change").
    fn effects(&self, card: &Card, (m, words): (&crate::messages::Messages, &Describer<'_>)) -> Vec<String> {
        let is_switch = |e: &&Expr| matches!(e, Expr::Call(c) if c.name.value == "switches");
        let switched: Vec<String> = card
            .effects
            .iter()
            .filter(is_switch)
            .flat_map(|e| e.calls().into_iter().flat_map(|c| c.args.iter()))
            .map(|a| words.rule_number(a))
            .collect();
        let mut effects: Vec<String> = card.effects.iter().filter(|e| !is_switch(e)).map(|e| words.effect(e)).collect();
        match switched.as_slice() {
            [] => {}
            [one] => effects.insert(0, m.fill_first("face.rule_changes", &[("rule", one)])),
            [rest @ .., last] => {
                let rules = rest.join(&m.first("face.list_separator"));
                effects.insert(0, m.fill_first("face.rules_change", &[("rules", &rules), ("last", last)]));
            }
        }
        effects
    }

    /// A field's name in the first language (格闘, not 格闘 fight (F)), else its id spelt out.
    fn short_label(&self, f: &FieldInfo<'_>) -> String {
        let short = self.msg.first_name(f.short);
        let label = if short.is_empty() { self.msg.first_name(f.names) } else { short };
        if label.is_empty() {
            crate::messages::spelt_out(f.id)
        } else {
            label.to_string()
        }
    }

    /// A badge or stat box: the field's short label and value (none when the card gives none).
    fn shown(&self, f: &FieldInfo<'_>) -> Option<ShownField> {
        (!f.display.is_empty()).then(|| ShownField {
            id: f.id.into(),
            label: self.short_label(f),
            names: self.msg.name(f.names),
            display: f.display.clone(),
        })
    }

    /// The corner badge: the badge field's value, or an empty badge (no label) when its colour
    /// alone says something (a scoring card's star without a number).
    fn badge(&self, fields: &[FieldInfo<'_>], coloured: bool) -> Option<ShownField> {
        let field = fields.iter().find(|f| f.show == FieldShow::Badge)?;
        self.shown(field).or_else(|| {
            coloured.then(|| ShownField {
                id: field.id.into(),
                label: String::new(),
                names: String::new(),
                display: String::new(),
            })
        })
    }

    /// A field shown as a tag: a set flag by its name, a choice or number as `name value`.
    fn chip(&self, f: &FieldInfo<'_>) -> Option<String> {
        match &f.value {
            Value::Null | Value::Bool(false) => None,
            Value::Bool(true) => Some(self.short_label(f)),
            _ => Some(format!("{} {}", self.short_label(f), f.display)),
        }
    }

    /// A typed field of a card: its label, kind, value and the value as text.
    fn field(&self, f: &'a CardField, value: Option<&FieldValue>) -> FieldInfo<'a> {
        let (kind, values): (&'static str, &'a [String]) = match &f.kind {
            FieldKind::Int { .. } => ("int", &[]),
            FieldKind::Text => ("text", &[]),
            FieldKind::Choice { values } => ("enum", values),
            FieldKind::Flag => ("bool", &[]),
            FieldKind::List { values } => ("list", values),
        };
        // An empty flag cell means "no".
        let value = match (value, &f.kind) {
            (None, FieldKind::Flag) => Some(&FieldValue::Flag(false)),
            (v, _) => v,
        };
        // A choice's values are ids: the face prints their names, else the id spelt out.
        let named = |v: &str| self.msg.value_name(f, v);
        let (json, display) = match value {
            Some(FieldValue::Int(i)) => (Value::from(*i), i.to_string()),
            Some(FieldValue::Text(t)) if matches!(f.kind, FieldKind::Choice { .. }) => {
                (Value::from(t.clone()), named(t))
            }
            Some(FieldValue::Text(t)) => (Value::from(t.clone()), t.clone()),
            Some(FieldValue::Flag(b)) => (Value::Bool(*b), b.to_string()),
            Some(FieldValue::List(l)) => {
                (Value::from(l.clone()), l.iter().map(|v| named(v)).collect::<Vec<_>>().join(", "))
            }
            None => (Value::Null, String::new()),
        };
        FieldInfo {
            id: &f.id,
            label: self.msg.name_or_id(&f.name, &f.id),
            names: &f.name,
            short: &f.short,
            kind,
            value: json,
            display,
            values,
            show: f.show,
        }
    }

    /// The places a card's conditions and effects name, with their attributes, each once.
    fn places(&self, card: &'a Card) -> Vec<PlaceInfo<'a>> {
        let pack = self.pack;
        let exprs = card.requires.iter().chain(&card.auto_open).chain(&card.effects);
        let mut out: Vec<PlaceInfo<'a>> = Vec::new();
        for arg in exprs.flat_map(|e| e.calls()).flat_map(|c| &c.args) {
            let r = arg.value.as_str();
            let area = pack.map.iter().flat_map(|m| &m.areas).find(|a| crate::model::names_match(r, &a.id, &a.name));
            let place = if let Some(a) = area {
                PlaceInfo {
                    named: self.named(&a.id, &a.name),
                    kind: "area",
                    hex: None,
                    vp: None,
                    attributes: a
                        .attributes
                        .iter()
                        .map(|(k, v)| AttributeInfo { id: k, label: self.attribute_label(k), value: v.display() })
                        .collect(),
                }
            } else {
                let hex = pack
                    .map
                    .iter()
                    .flat_map(|m| &m.hexes)
                    .find(|h| h.place.as_ref().is_some_and(|p| crate::model::names_match(r, &p.id, &p.name)));
                let Some((hex, p)) = hex.and_then(|h| h.place.as_ref().map(|p| (h, p))) else { continue };
                PlaceInfo {
                    named: self.named(&p.id, &p.name),
                    kind: "hex",
                    hex: Some(&hex.id),
                    vp: p.vp,
                    attributes: Vec::new(),
                }
            };
            if !out.iter().any(|o| o.named.id == place.named.id) {
                out.push(place);
            }
        }
        out
    }

    /// What an area attribute is called: its declared name, else its id.
    fn attribute_label(&self, id: &str) -> String {
        let map = self.pack.map.as_ref();
        match map.and_then(|m| m.area_attributes.iter().find(|f| f.id == id)) {
            Some(f) => self.msg.name_or_id(&f.name, &f.id),
            None => id.to_string(),
        }
    }

    pub(super) fn card_back(&self, card: &Card, size: FaceSize) -> Planned {
        let back = self.pack.card_back(card);
        // Without a back of its own, a card's back carries the game's title, as a published
        // game's common back does.
        let names = back.map_or_else(|| self.pack.game.title.clone(), |b| b.name.clone());
        let (title, subtitle) = self.msg.first_and_rest(&names);
        let pattern = back.map_or_else(Default::default, |b| b.pattern);
        let data = BackFace {
            name_ja: names.ja.clone(),
            name_en: names.en.clone(),
            title,
            subtitle,
            colour: back.map_or_else(|| "#333a45".to_string(), |b| b.colour.clone()),
            pattern,
            pattern_svg: super::back_pattern::pattern_svg(pattern, size),
        };
        let side = back.and_then(|b| b.side.as_ref()).and_then(|s| self.pack.side(s));
        let which = back.and_then(|b| b.side.as_ref()).map_or("common", |s| s.value.as_str());
        let piece = BackPiece { card_back: back.map(|b| self.named(which, &b.name)) };
        let whole = Whole { common: self.common(size, side.map(|s| s.id.as_str()), None), face: data, piece };
        self.plan(format!("cards/back-{which}"), "cards/back.svg.tera", whole, &card.span, size)
    }

    fn tag_label(&self, tag: &str) -> String {
        self.pack.tag_label(&self.msg, tag)
    }
}
