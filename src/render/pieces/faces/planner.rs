//! The planner: what each counter, chit and card face shows (names in the pack's languages,
//! colours, factor strings, card texts, every typed field) and which template draws it.

use serde::Serialize;
use serde_json::Value;

use super::context::{
    AttributeInfo, BackFace, BackPiece, BadgeLook, CardFace, CardInfo, CardPiece, ChitFace, ChitPiece, ClassInfo,
    Common, CounterFace, CounterInfo, EditionInfo, FactorInfo, FieldInfo, ForceInfo, GameInfo, MarkerInfo, MarkerPiece,
    Named, PlaceInfo, ShownField, SideInfo, Slot, TagInfo, UnitPiece, Whole,
};
use super::{FaceSize, Planned};
use crate::diag::Span;
use crate::messages::Messages;
use crate::model::{
    Card, CardField, CounterKind, Expr, FieldKind, FieldShow, FieldValue, Names, Pack, Spanned, UnitSymbol, UnitType,
};
use crate::render::pieces::describe::Describer;

/// Turns pieces into planned faces: decides what each face shows and what its template gets.
pub(crate) struct Planner<'a> {
    pack: &'a Pack,
    msg: Messages,
    /// `labels` and `first_labels`, the words of the message tables every template receives:
    /// converted once, added to each face's context when it is drawn (they are most of it).
    pub(super) labels: [(&'static str, Value, tera::Value); 2],
}

impl<'a> Planner<'a> {
    /// The planner of `pack`'s faces.
    pub(crate) fn new(pack: &'a Pack) -> Planner<'a> {
        let msg = Messages::of(pack);
        let first = Messages::new(&msg.languages()[..1]);
        let labels = |name: &'static str, value: Value| {
            let converted = tera::Value::from_serializable(&value);
            (name, value, converted)
        };
        Planner { pack, labels: [labels("labels", msg.labels()), labels("first_labels", first.labels())], msg }
    }

    /// `planned`'s whole context as its template sees it, for `pnpkit dump --context`.
    pub(super) fn with_labels(&self, mut planned: Planned) -> Planned {
        if let Value::Object(map) = &mut planned.context {
            for (name, value, _) in &self.labels {
                map.insert(name.to_string(), value.clone());
            }
        }
        planned
    }

    fn named(&self, id: &'a str, names: &'a Names) -> Named<'a> {
        Named { id, name: self.msg.name(names), names }
    }

    fn common(&self, size: FaceSize, side: Option<&str>, force: Option<&str>) -> Common<'_> {
        let pack = self.pack;
        let game = &pack.game;
        let edition = game.editions.iter().find(|e| e.id == game.edition);
        let force = force.and_then(|f| pack.force(f));
        let side = side.or(force.map(|f| f.side.value.as_str())).and_then(|s| pack.side(s));
        let side_colour = |id: &str| pack.forces.iter().find(|f| pack.side(&f.side).is_some_and(|s| s.id == id));
        Common {
            w: size.w,
            h: size.h,
            bleed: size.bleed,
            game: GameInfo {
                title: self.msg.first_name(&game.title),
                title_en: &game.title.en,
                edition: &game.edition,
                mark: game.edition_mark(),
            },
            edition: EditionInfo {
                id: &game.edition,
                label: edition.map_or("", |e| e.label.as_str()),
                date: edition.map_or("", |e| e.date.as_str()),
                mark: game.edition_mark(),
            },
            languages: &game.languages,
            side: side.map(|s| SideInfo {
                named: self.named(&s.id, &s.name),
                colour: side_colour(&s.id).map(|f| f.colour.as_str()),
            }),
            force: force.map(|f| ForceInfo {
                named: self.named(&f.id, &f.name),
                colour: &f.colour,
                colour_name: &f.colour_name,
            }),
            font: crate::render::main_family(pack),
        }
    }

    fn plan<F: Serialize, P: Serialize>(
        &self,
        face: String,
        template: &str,
        whole: Whole<'_, F, P>,
        origin: &Span,
        size: FaceSize,
    ) -> Planned {
        // Every part is plain data (strings, numbers, maps with string keys): serializing cannot fail.
        let context = serde_json::to_value(&whole).unwrap_or(Value::Null);
        Planned {
            face,
            template: template.to_string(),
            context,
            origin: origin.clone(),
            size,
            provisional: (Names::default(), Vec::new()),
        }
    }

    /// The front or back of a physical counter; its template, if any, comes before the face's.
    pub(super) fn counter_side(&self, counter: &'a CounterKind, back: bool, size: FaceSize) -> Planned {
        // The counter's own provisional values: its count goes with its front, its back's pairing
        // with its back.
        let (id, face, damaged) = match (&counter.back, back) {
            (Some(b), true) => (format!("counters/{}-back", counter.id), b.value.as_str(), counter.is_two_step()),
            _ => (format!("counters/{}-front", counter.id), counter.front.value.as_str(), false),
        };
        let fields = counter.provisional.iter().filter(|p| (p.as_str() == "back") == back).cloned().collect();
        self.counter(id, face, damaged, fields, Some((counter, back)), size)
    }

    /// A unit face (`damaged` for its damaged side) or a marker face; `counter_fields` are the
    /// physical counter's provisional fields this face carries.
    pub(super) fn counter(
        &self,
        id: String,
        face: &str,
        damaged: bool,
        counter_fields: Vec<String>,
        counter: Option<(&'a CounterKind, bool)>,
        size: FaceSize,
    ) -> Planned {
        let info =
            counter.map(|(c, back)| CounterInfo { id: &c.id, count: c.count.value, back, two_step: c.is_two_step() });
        let own_template = counter.and_then(|(c, _)| c.template.as_ref());
        if let Some(unit) = self.pack.unit_by_id(face) {
            return self.unit(id, unit, damaged, counter_fields, info, own_template, size);
        }
        let marker = self.pack.marker(face);
        let (title, subtitle) = marker.map_or((face.to_string(), String::new()), |m| self.msg.first_and_rest(&m.name));
        let colour = marker.and_then(|m| m.colour.clone()).unwrap_or_else(|| "#e8e4d8".into());
        let data = CounterFace {
            name: title.clone(),
            name_en: marker.map_or(String::new(), |m| m.name.en.clone()),
            title,
            subtitle,
            ink: ink_for(&colour).into(),
            colour,
            symbol: String::new(),
            icon: UnitSymbol::default(),
            factors: String::new(),
            slots: Vec::new(),
            movement: None,
            steps: 1,
            steps_left: 1,
            damaged: false,
            setup: String::new(),
            draft: !counter_fields.is_empty(),
        };
        let piece = MarkerPiece {
            marker: marker.map(|m| MarkerInfo { named: self.named(&m.id, &m.name), colour: m.colour.as_deref() }),
            counter: info,
        };
        let template =
            template_of([own_template, marker.and_then(|m| m.template.as_ref())], "counters/marker.svg.tera");
        let origin = counter.map_or_else(Span::default, |(c, _)| c.span.clone());
        let whole = Whole { common: self.common(size, None, None), face: data, piece };
        let names = marker.map_or_else(|| Names { ja: face.into(), en: face.into() }, |m| m.name.clone());
        self.plan(id, template, whole, &origin, size).carrying(&names, counter_fields)
    }

    #[allow(clippy::too_many_arguments)]
    fn unit(
        &self,
        id: String,
        unit: &'a UnitType,
        damaged: bool,
        counter_fields: Vec<String>,
        counter: Option<CounterInfo<'a>>,
        own_template: Option<&'a Spanned<String>>,
        size: FaceSize,
    ) -> Planned {
        let pack = self.pack;
        let colour = pack.force(&unit.force).map_or("#dddddd".to_string(), |f| f.colour.clone());
        let factors: Vec<FactorInfo<'_>> = pack
            .factors
            .iter()
            .map(|f| {
                let value = unit.factors.get(&f.id).copied().flatten();
                FactorInfo {
                    id: &f.id,
                    label: self.msg.name(&f.name),
                    names: &f.name,
                    abbrev: &f.abbrev,
                    value,
                    display: value.map_or("?".to_string(), |v| v.to_string()),
                }
            })
            .collect();
        let class = pack.classes.iter().find(|c| c.id == unit.class.value);
        // Every value the face prints that the sources do not give, and the back's pairing.
        let mut provisional: Vec<String> = unit.provisional.clone();
        provisional.extend(counter_fields);
        // A counter prints the short name where the pack gives one (a name too long for it).
        let shown =
            if unit.short_name.ja.is_empty() && unit.short_name.en.is_empty() { &unit.name } else { &unit.short_name };
        let (title, subtitle) = self.msg.first_and_rest(shown);
        let slots = self.slots(unit, &factors);
        let data = CounterFace {
            name: title.clone(),
            name_en: unit.name.en.clone(),
            title,
            subtitle,
            ink: ink_for(&colour).into(),
            colour,
            symbol: class.map_or(String::new(), |c| c.symbol.name(&c.id).to_string()),
            icon: class.map_or_else(UnitSymbol::default, |c| c.symbol.clone()),
            factors: slots.iter().map(|s| s.value.as_str()).collect::<Vec<_>>().join("-"),
            slots,
            movement: unit.movement,
            steps: unit.steps,
            steps_left: if damaged { unit.steps.saturating_sub(1).max(1) } else { unit.steps },
            damaged,
            setup: self.setup_code(unit),
            draft: !provisional.is_empty(),
        };
        let template = template_of([own_template, class.and_then(|c| c.template.as_ref())], "counters/unit.svg.tera");
        let piece = UnitPiece {
            unit: self.named(&unit.id, &unit.name),
            class: class.map(|c| ClassInfo { named: self.named(&c.id, &c.name), symbol: c.symbol.name(&c.id) }),
            factors,
            movement: unit.movement,
            steps: unit.steps,
            tags: &unit.tags,
            damaged,
            counter,
        };
        let whole = Whole { common: self.common(size, None, Some(&unit.force)), face: data, piece };
        self.plan(id, template, whole, &unit.span, size).carrying(&unit.name, provisional)
    }

    /// A unit's values in the pack's fixed slots: its factors in the pack's order, then its
    /// movement when any unit of the pack moves (an immobile unit shows its 0).
    fn slots(&self, unit: &UnitType, factors: &[FactorInfo<'_>]) -> Vec<Slot> {
        let mut slots: Vec<Slot> = factors
            .iter()
            .map(|f| Slot { id: f.id.to_string(), abbrev: f.abbrev.to_string(), value: f.display.clone() })
            .collect();
        if self.pack.units.iter().any(|u| u.movement.is_some()) {
            let value = unit.movement.map_or("?".to_string(), |m| m.to_string());
            slots.push(Slot { id: "movement".into(), abbrev: String::new(), value });
        }
        slots
    }

    /// The numbers of the setups that place `unit` (`1·2`), in the order the pack gives them.
    fn setup_code(&self, unit: &UnitType) -> String {
        let pack = self.pack;
        let places = |setup: &str| {
            pack.placements_of(setup)
                .any(|p| pack.unit(Some(&p.side.value), &p.piece.value).is_some_and(|u| u.id == unit.id))
        };
        let numbers: Vec<String> =
            pack.setups.iter().enumerate().filter(|(_, s)| places(&s.id)).map(|(i, _)| (i + 1).to_string()).collect();
        numbers.join("·")
    }

    pub(super) fn chit_front(&self, label: &str, size: FaceSize) -> Planned {
        let chits = &self.pack.chits;
        let piece =
            ChitPiece { chits: self.named("chits", &chits.name), chit: chits.values.iter().find(|v| v.label == label) };
        let whole = Whole { common: self.common(size, None, None), face: ChitFace { label: label.into() }, piece };
        self.plan(format!("chits/{label}-front"), "chits/front.svg.tera", whole, &chits.span, size)
    }

    pub(super) fn chit_back(&self, size: FaceSize) -> Planned {
        let chits = &self.pack.chits;
        let label = if chits.back_label.is_empty() {
            self.msg.first_name(&chits.name).to_string()
        } else {
            chits.back_label.clone()
        };
        let piece = ChitPiece { chits: self.named("chits", &chits.name), chit: None };
        let whole = Whole { common: self.common(size, None, None), face: ChitFace { label }, piece };
        self.plan("chits/back".into(), "chits/back.svg.tera", whole, &chits.span, size)
    }

    pub(super) fn card_front(&self, card: &'a Card, size: FaceSize) -> Planned {
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
            .or_else(|| side.and_then(|s| s.colour.clone()))
            .or_else(|| force.map(|f| f.colour.clone()))
            .or_else(|| side.and(pack.card_back(card)).filter(|b| b.side.is_some()).map(|b| b.colour.clone()))
            .unwrap_or_else(|| "#8a8f98".to_string());
        let badge_colours = value_colours(look.and_then(|l| l.badge_colour.as_ref()));
        let badge_look = BadgeLook::new(look, badge_colours.map_or(std::slice::from_ref(&colour), Vec::as_slice));
        let number_colour = match card.number_colour.as_ref().map(|c| c.value.as_str()) {
            Some("orange") => "#e07b1f",
            Some("purple") => "#7b3fa0",
            _ => "#222222",
        };
        let mut meta = Vec::new();
        if let Some(side) = side {
            meta.push(self.msg.first_name(&side.name).to_string());
        }
        if !card.timing.is_empty() {
            meta.push(card.timing.clone());
        }
        let fields: Vec<FieldInfo<'_>> =
            card_type.iter().flat_map(|t| &t.fields).map(|f| self.field(f, card.fields.get(&f.id))).collect();
        let rules: Vec<String> = card.rules.iter().filter_map(|r| pack.clause(r)).map(|c| c.number.clone()).collect();
        let (title, subtitle) = self.msg.first_and_rest(&card.name);
        let data = CardFace {
            number: card.number.map_or(card.id.clone(), |n| n.to_string()),
            name_ja: card.name.ja.clone(),
            name_en: card.name.en.clone(),
            title,
            subtitle,
            ink: ink_for(&colour).into(),
            colour,
            number_colour: number_colour.into(),
            tags: card.tags.iter().map(|t| self.tag_label(&t.value)).collect(),
            meta: meta.join(" · "),
            kind: card_type
                .filter(|_| pack.card_types.len() > 1)
                .map_or(String::new(), |t| self.msg.first_name(&t.name).to_string()),
            badge: self.badge(&fields, badge_colours.is_some()),
            badge_look,
            stats: fields.iter().filter(|f| f.show == FieldShow::Stat).filter_map(|f| self.shown(f)).collect(),
            // A tag that repeats a field's value (a Twilight Struggle card tagged `early`, its
            // period early) is shown once, by the field.
            pills: card
                .tags
                .iter()
                .filter(|t| !fields.iter().any(|f| f.show == FieldShow::Tag && f.display == t.value))
                .map(|t| self.tag_label(&t.value))
                .chain(fields.iter().filter(|f| f.show == FieldShow::Tag).filter_map(|f| self.chip(f)))
                .collect(),
            body: self.card_body(card, &fields),
            flavour: card.flavour.clone(),
            art: card.art.clone(),
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
        self.plan(format!("cards/{}-front", card.id), template, whole, &card.span, size)
    }

    /// The card's text block: conditions, typed field values, its text and effects, in words.
    fn card_body(&self, card: &Card, fields: &[FieldInfo<'_>]) -> String {
        let (m, words) = (&self.msg, Describer::new(self.pack, &self.msg));
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
        let effects = self.effects(card, &words);
        if !effects.is_empty() {
            let sentence = m.fill_first("face.sentence", &[("text", &effects.join(&m.first("face.effect_separator")))]);
            let label = m.first("face.effects");
            body.push(m.fill_first("face.labelled", &[("label", &label), ("text", &sentence)]));
        }
        body.join("\n")
    }

    /// A card's effects in words; rule switches read better as one phrase ("rules 3.3, 8.4.2
    /// and 13.2 change").
    fn effects(&self, card: &Card, words: &Describer<'_>) -> Vec<String> {
        let is_switch = |e: &&Expr| matches!(e, Expr::Call(c) if c.name.value == "switches");
        let switched: Vec<String> = card
            .effects
            .iter()
            .filter(is_switch)
            .flat_map(|e| e.calls().into_iter().flat_map(|c| c.args.iter()))
            .map(|a| words.rule_number(a))
            .collect();
        let mut effects: Vec<String> = card.effects.iter().filter(|e| !is_switch(e)).map(|e| words.effect(e)).collect();
        let m = &self.msg;
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
            display: f.display.clone(),
        })
    }

    /// The corner badge: the badge field's value, or an empty badge (no label) when its colour
    /// alone says something (a scoring card's star without a number).
    fn badge(&self, fields: &[FieldInfo<'_>], coloured: bool) -> Option<ShownField> {
        let field = fields.iter().find(|f| f.show == FieldShow::Badge)?;
        self.shown(field).or_else(|| {
            coloured.then(|| ShownField { id: field.id.into(), label: String::new(), display: String::new() })
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
        let named = |v: &str| match f.value_names.get(v) {
            Some(names) => self.msg.name_or_id(names, v),
            None => crate::messages::spelt_out(v),
        };
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
        // Without a back of its own, a card's back says "card" in the pack's languages.
        let in_language = |l: &str| Messages::new(&[l]).first("face.card");
        let names = back.map_or_else(|| Names { ja: in_language("ja"), en: in_language("en") }, |b| b.name.clone());
        let (title, subtitle) = self.msg.first_and_rest(&names);
        let data = BackFace {
            name_ja: names.ja.clone(),
            name_en: names.en.clone(),
            title,
            subtitle,
            colour: back.map_or_else(|| "#333a45".to_string(), |b| b.colour.clone()),
        };
        let side = back.and_then(|b| b.side.as_ref()).and_then(|s| self.pack.side(s));
        let which = back.and_then(|b| b.side.as_ref()).map_or("common", |s| s.value.as_str());
        let piece = BackPiece { card_back: back.map(|b| self.named(which, &b.name)) };
        let whole = Whole { common: self.common(size, side.map(|s| s.id.as_str()), None), face: data, piece };
        self.plan(format!("cards/back-{which}"), "cards/back.svg.tera", whole, &card.span, size)
    }

    /// A tag as a face prints it: its name from `[tag_names]` in the first language, else the
    /// tag spelt out (never a raw id).
    fn tag_label(&self, tag: &str) -> String {
        let name = self.pack.tag_names.get(tag).map_or("", |names| self.msg.first_name(names));
        if name.is_empty() {
            crate::messages::spelt_out(tag)
        } else {
            name.to_string()
        }
    }
}

/// The first template the piece names, else `default` (a pack's override or the built-in one).
fn template_of<'t, const N: usize>(own: [Option<&'t Spanned<String>>; N], default: &'t str) -> &'t str {
    own.into_iter().flatten().next().map_or(default, |t| t.value.as_str())
}

/// Black or white text, whichever reads better on `background` (`#rrggbb`).
pub(crate) fn ink_for(background: &str) -> &'static str {
    let channel = |i: usize| u32::from_str_radix(background.get(i..i + 2).unwrap_or("80"), 16).unwrap_or(128);
    // Integer luma (ITU-R BT.601 weights ×1000): no floating point in output decisions.
    let luma = 299 * channel(1) + 587 * channel(3) + 114 * channel(5);
    if luma > 150_000 {
        "#1a1a1a"
    } else {
        "#ffffff"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dark_text_on_yellow_white_text_on_green_blue_and_red() {
        assert_eq!(ink_for("#f2c21b"), "#1a1a1a");
        assert_eq!(ink_for("#3f9a4a"), "#ffffff");
        assert_eq!(ink_for("#3a6fc4"), "#ffffff");
        assert_eq!(ink_for("#c8373b"), "#ffffff");
    }
}
