//! Faces: what each card, counter and chit face shows, handed to its template as `face`.
//! This module decides content (names, colours, factor strings, card texts, draft marks); the
//! templates decide looks.

use serde::Serialize;
use tera::Context;

use super::describe::{describe, describe_effect};
use super::templates::Templates;
use crate::diag::{Diagnostic, Sources, Span};
use crate::model::{Card, Pack, UnitType};

/// A rendered face: the inner SVG of one side of one piece, in mm, trim box at the origin.
#[derive(Clone, Debug)]
pub struct Face {
    /// Stable name: `counters/soldiers-front`, `cards/29-front`, `chits/3P-front`.
    pub id: String,
    /// Trim width in mm.
    pub w: f64,
    /// Trim height in mm.
    pub h: f64,
    /// Bleed drawn around the trim box in mm.
    pub bleed: f64,
    /// SVG elements (no root element).
    pub svg: String,
}

/// Settings shared by every face of one kind.
pub(crate) struct FaceSize {
    pub(crate) w: f64,
    pub(crate) h: f64,
    pub(crate) bleed: f64,
}

/// Renders faces through the templates, collecting warnings.
pub(crate) struct FaceRenderer<'a> {
    pub(crate) pack: &'a Pack,
    pub(crate) templates: &'a Templates,
    pub(crate) sources: &'a Sources,
    pub(crate) warnings: Vec<Diagnostic>,
}

#[derive(Serialize)]
struct GameInfo<'a> {
    title: &'a str,
    title_en: &'a str,
    edition: &'a str,
    /// The edition mark every piece carries.
    mark: &'a str,
}

/// A unit or marker face.
#[derive(Serialize)]
struct CounterFace {
    name: String,
    name_en: String,
    colour: String,
    ink: String,
    symbol: String,
    factors: String,
    movement: Option<i64>,
    damaged: bool,
    draft: bool,
}

#[derive(Serialize)]
struct ChitFace {
    label: String,
}

#[derive(Serialize)]
struct CardFace {
    number: String,
    name_ja: String,
    name_en: String,
    colour: String,
    number_colour: String,
    tags: Vec<String>,
    meta: String,
    body: String,
    rules: String,
    draft: bool,
}

#[derive(Serialize)]
struct BackFace {
    name_ja: String,
    name_en: String,
    colour: String,
}

impl FaceRenderer<'_> {
    /// Renders one face; text warnings point at `origin`, the row the face comes from.
    fn render(
        &mut self,
        template: &str,
        id: String,
        size: &FaceSize,
        face: &impl Serialize,
        origin: &Span,
    ) -> Result<Face, Diagnostic> {
        let mut context = Context::new();
        context.insert("face", face);
        context.insert("w", &size.w);
        context.insert("h", &size.h);
        context.insert("bleed", &size.bleed);
        let game = &self.pack.game;
        context.insert(
            "game",
            &GameInfo {
                title: &game.title.ja,
                title_en: &game.title.en,
                edition: &game.edition,
                mark: game.edition_mark(),
            },
        );
        let (svg, warnings) = self.templates.render(template, &id, &context, self.sources)?;
        self.warnings.extend(warnings.into_iter().map(|w| if w.span.is_some() { w } else { w.at(origin) }));
        Ok(Face { id, w: size.w, h: size.h, bleed: size.bleed, svg })
    }

    /// One face of a counter: a unit (`damaged` for the back of a two-step counter) or a marker.
    pub(crate) fn counter(
        &mut self,
        id: String,
        face: &str,
        damaged: bool,
        counter_draft: bool,
        size: &FaceSize,
    ) -> Result<Face, Diagnostic> {
        if let Some(unit) = self.pack.unit_by_id(face) {
            let data = self.unit_face(unit, damaged, counter_draft);
            return self.render("counters/unit.svg.tera", id, size, &data, &unit.span);
        }
        let marker = self.pack.marker(face);
        let (name, name_en) =
            marker.map_or((face.to_string(), String::new()), |m| (m.name.ja.clone(), m.name.en.clone()));
        let colour = marker.and_then(|m| m.colour.clone()).unwrap_or_else(|| "#e8e4d8".into());
        let data = CounterFace {
            name,
            name_en,
            ink: ink_for(&colour).into(),
            colour,
            symbol: String::new(),
            factors: String::new(),
            movement: None,
            damaged: false,
            draft: false,
        };
        self.render("counters/marker.svg.tera", id, size, &data, &Span::default())
    }

    fn unit_face(&self, unit: &UnitType, damaged: bool, counter_draft: bool) -> CounterFace {
        let colour = self.pack.force(&unit.force).map_or("#dddddd".to_string(), |f| f.colour.clone());
        let factors = self
            .pack
            .factors
            .iter()
            .map(|f| unit.factors.get(&f.id).copied().flatten().map_or("?".to_string(), |v| v.to_string()))
            .collect::<Vec<_>>()
            .join("-");
        let symbol =
            self.pack.classes.iter().find(|c| c.id == unit.class.value).map_or(String::new(), |c| c.symbol.clone());
        let draft = counter_draft
            || unit.provisional.iter().any(|p| self.pack.factors.iter().any(|f| &f.id == p) || p == "movement");
        CounterFace {
            name: unit.name.ja.clone(),
            name_en: unit.name.en.clone(),
            ink: ink_for(&colour).into(),
            colour,
            symbol,
            factors,
            movement: unit.movement,
            damaged,
            draft,
        }
    }

    /// The value face of a chit.
    pub(crate) fn chit_front(&mut self, label: &str, size: &FaceSize) -> Result<Face, Diagnostic> {
        let origin = self.pack.chits.span.clone();
        self.render(
            "chits/front.svg.tera",
            format!("chits/{label}-front"),
            size,
            &ChitFace { label: label.into() },
            &origin,
        )
    }

    /// The common back of the chits.
    pub(crate) fn chit_back(&mut self, size: &FaceSize) -> Result<Face, Diagnostic> {
        let label = if self.pack.chits.back_label.is_empty() {
            self.pack.chits.name.ja.clone()
        } else {
            self.pack.chits.back_label.clone()
        };
        let origin = self.pack.chits.span.clone();
        self.render("chits/back.svg.tera", "chits/back".into(), size, &ChitFace { label }, &origin)
    }

    /// A card's face.
    pub(crate) fn card_front(&mut self, card: &Card, size: &FaceSize) -> Result<Face, Diagnostic> {
        let pack = self.pack;
        let side = card.side.as_ref().and_then(|s| pack.side(s));
        let colour = side
            .and_then(|s| pack.forces.iter().find(|f| f.side.value == s.id))
            .map_or("#8a8f98".to_string(), |f| f.colour.clone());
        let number_colour = match card.number_colour.as_ref().map(|c| c.value.as_str()) {
            Some("orange") => "#e07b1f",
            Some("purple") => "#7b3fa0",
            _ => "#222222",
        };
        let mut meta = Vec::new();
        if let Some(side) = side {
            meta.push(format!("{} {}", side.name.ja, side.name.en));
        }
        if !card.timing.is_empty() {
            meta.push(card.timing.clone());
        }
        let mut body = Vec::new();
        if let Some(r) = &card.requires {
            body.push(format!("条件 Requires: {}", describe(pack, r)));
        }
        if let Some(r) = &card.auto_open {
            body.push(format!("自動オープン Opens by itself when {}", describe(pack, r)));
        }
        // The values of the card type's typed fields (e.g. 心 2), as printed values.
        if let Some(card_type) = pack.card_type(&card.card_type) {
            let values: Vec<String> = card_type
                .fields
                .iter()
                .filter_map(|f| card.fields.get(&f.id).map(|v| (f, v)))
                .map(|(f, v)| {
                    let value = match v {
                        crate::model::FieldValue::Int(i) => i.to_string(),
                        crate::model::FieldValue::Text(t) => t.clone(),
                        crate::model::FieldValue::Flag(b) => {
                            if *b {
                                "✓".into()
                            } else {
                                "—".into()
                            }
                        }
                    };
                    format!("{} {value}", if f.name.ja.is_empty() { &f.id } else { &f.name.ja })
                })
                .collect();
            if !values.is_empty() {
                body.push(values.join("  "));
            }
        }
        if !card.text.is_empty() {
            body.push(card.text.clone());
        }
        // Rule switches read better as one phrase: "rules 3.3, 8.4.2 and 13.2 change".
        let is_switch =
            |e: &&crate::model::Expr| matches!(e, crate::model::Expr::Call(c) if c.name.value == "switches");
        let switched: Vec<String> = card
            .effects
            .iter()
            .filter(is_switch)
            .flat_map(|e| e.calls().into_iter().flat_map(|c| c.args.iter()))
            .map(|a| pack.clause(a).map_or_else(|| a.value.clone(), |c| c.number.clone()))
            .collect();
        let mut effects: Vec<String> =
            card.effects.iter().filter(|e| !is_switch(e)).map(|e| describe_effect(pack, e)).collect();
        match switched.as_slice() {
            [] => {}
            [one] => effects.insert(0, format!("rule {one} changes")),
            [rest @ .., last] => effects.insert(0, format!("rules {} and {last} change", rest.join(", "))),
        }
        if !effects.is_empty() {
            body.push(format!("効果 Effects: {}.", effects.join("; ")));
        }
        let rules: Vec<&str> = card.rules.iter().filter_map(|r| pack.clause(r)).map(|c| c.number.as_str()).collect();
        let data = CardFace {
            number: card.number.map_or(card.id.clone(), |n| n.to_string()),
            name_ja: card.name.ja.clone(),
            name_en: card.name.en.clone(),
            colour,
            number_colour: number_colour.into(),
            tags: card.tags.iter().map(|t| tag_label(&t.value)).collect(),
            meta: meta.join(" · "),
            body: body.join("\n"),
            rules: if rules.is_empty() { String::new() } else { format!("ルール Rules {}", rules.join(", ")) },
            draft: card.provisional.iter().any(|p| p == "number_colour" || p == "tags" || p == "text"),
        };
        self.render("cards/front.svg.tera", format!("cards/{}-front", card.id), size, &data, &card.span)
    }

    /// The back printed behind `card`.
    pub(crate) fn card_back(&mut self, card: &Card, size: &FaceSize) -> Result<Face, Diagnostic> {
        let back = self.pack.card_back(card);
        let data = BackFace {
            name_ja: back.map_or_else(|| "カード".to_string(), |b| b.name.ja.clone()),
            name_en: back.map_or_else(|| "Card".to_string(), |b| b.name.en.clone()),
            colour: back.map_or_else(|| "#333a45".to_string(), |b| b.colour.clone()),
        };
        let which = back.and_then(|b| b.side.as_ref()).map_or("common".to_string(), |s| s.value.clone());
        self.render("cards/back.svg.tera", format!("cards/back-{which}"), size, &data, &card.span)
    }
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

/// How a setup tag is printed under the card number (rule 28.2.2).
fn tag_label(tag: &str) -> String {
    match tag {
        "setup2-open" => "setup2オープン".into(),
        "setup2-removed" => "setup2除外".into(),
        other => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::ink_for;

    #[test]
    fn dark_text_on_yellow_white_text_on_green_blue_and_red() {
        assert_eq!(ink_for("#f2c21b"), "#1a1a1a");
        assert_eq!(ink_for("#3f9a4a"), "#ffffff");
        assert_eq!(ink_for("#3a6fc4"), "#ffffff");
        assert_eq!(ink_for("#c8373b"), "#ffffff");
    }
}
