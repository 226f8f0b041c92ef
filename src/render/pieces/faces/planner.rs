//! The planner: what each counter and chit face shows (names in the pack's languages, colours,
//! factor strings) and which template draws it; cards are planned in `card_planner`.

use serde::Serialize;
use serde_json::Value;

use super::context::{
    ChitFace, ChitPiece, ClassInfo, Common, CounterFace, CounterInfo, EditionInfo, FactorInfo, ForceInfo, GameInfo,
    MarkerInfo, MarkerPiece, Named, SideInfo, Slot, UnitPiece, Whole,
};
use super::{FaceSize, Planned};
use crate::diag::Span;
use crate::messages::Messages;
use crate::model::{CounterKind, Names, Pack, Spanned, UnitSymbol, UnitType};

/// Turns pieces into planned faces: decides what each face shows and what its template gets.
pub(crate) struct Planner<'a> {
    pub(super) pack: &'a Pack,
    pub(super) msg: Messages,
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

    pub(super) fn named(&self, id: &'a str, names: &'a Names) -> Named<'a> {
        Named { id, name: self.msg.name(names), names }
    }

    pub(super) fn common(&self, size: FaceSize, side: Option<&str>, force: Option<&str>) -> Common<'_> {
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
                label: edition.map_or("", |e| self.msg.first_name(&e.label)),
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

    pub(super) fn plan<F: Serialize, P: Serialize>(
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
        let (title, subtitle) =
            marker.map_or((face.to_string(), String::new()), |m| self.msg.first_and_rest(&m.short_name.over(&m.name)));
        let colour = marker.and_then(|m| m.colour.clone()).unwrap_or_else(|| "#e8e4d8".into());
        // A light marker of a side is inked in the side's colour (a white influence marker in US
        // blue); a dark one in white.
        let side = marker.and_then(|m| m.side.as_deref()).and_then(|s| self.pack.side(s));
        let ink = match side.and_then(|s| self.pack.side_colour(s)) {
            Some(side) if ink_for(&colour) != "#ffffff" => side.to_string(),
            _ => ink_for(&colour).into(),
        };
        let data = CounterFace {
            name: title.clone(),
            name_en: marker.map_or(String::new(), |m| m.name.en.clone()),
            title,
            subtitle,
            ink,
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
            value: counter.map_or(String::new(), |(c, _)| c.value.clone()),
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
                // A damaged side prints its own reduced values where the pack gives them.
                let reduced = unit.damaged.get(&f.id).filter(|_| damaged).copied();
                let value = reduced.or_else(|| unit.factors.get(&f.id).copied().flatten());
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
        let (title, subtitle) = self.msg.first_and_rest(&unit.short_name.over(&unit.name));
        let movement = unit.damaged.get("movement").filter(|_| damaged).copied().or(unit.movement);
        let slots = self.slots(movement, &factors);
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
            movement,
            steps: unit.steps,
            steps_left: if damaged { unit.steps.saturating_sub(1).max(1) } else { unit.steps },
            damaged,
            setup: self.setup_code(unit),
            value: String::new(),
            draft: !provisional.is_empty(),
        };
        let template = template_of([own_template, class.and_then(|c| c.template.as_ref())], "counters/unit.svg.tera");
        let piece = UnitPiece {
            unit: self.named(&unit.id, &unit.name),
            class: class.map(|c| ClassInfo { named: self.named(&c.id, &c.name), symbol: c.symbol.name(&c.id) }),
            factors,
            movement,
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
    fn slots(&self, movement: Option<i64>, factors: &[FactorInfo<'_>]) -> Vec<Slot> {
        let mut slots: Vec<Slot> = factors
            .iter()
            .map(|f| Slot { id: f.id.to_string(), abbrev: f.abbrev.to_string(), value: f.display.clone() })
            .collect();
        if self.pack.units.iter().any(|u| u.movement.is_some()) {
            let value = movement.map_or("?".to_string(), |m| m.to_string());
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
            self.msg.first_name(&chits.back_label).to_string()
        };
        let piece = ChitPiece { chits: self.named("chits", &chits.name), chit: None };
        let whole = Whole { common: self.common(size, None, None), face: ChitFace { label }, piece };
        self.plan("chits/back".into(), "chits/back.svg.tera", whole, &chits.span, size)
    }
}

/// The first template the piece names, else `default` (a pack's override or the built-in one).
pub(super) fn template_of<'t, const N: usize>(own: [Option<&'t Spanned<String>>; N], default: &'t str) -> &'t str {
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
