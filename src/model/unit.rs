//! Units, markers, physical counters and the random-chit mix.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Names, Ref, Span, Spanned};

/// A class of units (soldier, combat armour, fortress, …), with the symbol printed for it.
#[derive(Debug, Serialize)]
pub struct UnitClass {
    /// Stable id.
    pub id: String,
    /// Name.
    pub name: Names,
    /// Symbol drawn on the counter.
    pub symbol: UnitSymbol,
    /// The template that draws units of this class, instead of `counters/unit.svg.tera`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template: Option<Spanned<String>>,
}

/// A unit class's symbol in the NATO APP-6 manner: a built-in symbol (`infantry`, `armour`, …),
/// the pack's own icon drawn over it or alone, and its frame.
#[derive(Clone, Debug, Default, Serialize)]
pub struct UnitSymbol {
    /// The built-in symbol it starts from (`infantry`, `armour`, `hq`, …); empty: none.
    pub base: String,
    /// The pack's own strokes: SVG path data in a 0..1 box over the frame's inside.
    pub path: String,
    /// The pack's own filled shapes, path data in the same box.
    pub fill: String,
    /// The frame (`rectangle`, `circle` or `none`) when not the base's (a rectangle).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frame: Option<String>,
}

impl UnitSymbol {
    /// The symbol's name as templates compare it: the built-in's, or `own` for a pack's icon.
    pub fn name<'a>(&'a self, own: &'a str) -> &'a str {
        if self.path.is_empty() && self.fill.is_empty() {
            &self.base
        } else {
            own
        }
    }
}

/// What one counter face shows: a unit of one force.
#[derive(Debug, Serialize)]
pub struct UnitType {
    /// Stable id.
    pub id: String,
    /// Name (two sides may share a name: both field a クラブガンナー).
    pub name: Names,
    /// What its counters print instead of a name too long for them (`short_name_ja`,
    /// `short_name_en`); empty: the name.
    pub short_name: Names,
    /// The force (and so the side and the colour).
    pub force: Ref,
    /// Class id.
    pub class: Ref,
    /// Combat factors by factor id; `None` when the sources do not give the value.
    pub factors: BTreeMap<String, Option<i64>>,
    /// Movement points.
    pub movement: Option<i64>,
    /// Steps before elimination (2 for a unit whose back is its damaged side).
    pub steps: u32,
    /// Conditional changes to factors (in desert: anti-armour 5).
    pub modifiers: Vec<Modifier>,
    /// What its damaged side prints instead, by factor id or `movement` (`damaged` column;
    /// a value not given is the same as the full side's).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub damaged: BTreeMap<String, i64>,
    /// Other special rules as tags (`immobile`, `no-security-check`, `returns-to-stock`, …).
    pub tags: Vec<String>,
    /// Rule clauses about this unit.
    pub rules: Vec<Ref>,
    /// Columns whose values the sources do not give.
    pub provisional: Vec<String>,
    /// The unit's row.
    #[serde(skip)]
    pub span: Span,
}

/// A factor change that applies in some terrain: `desert: anti_armour=5` or `cold: anti_armour+1`.
#[derive(Debug, Clone, Serialize)]
pub struct Modifier {
    /// Terrain id where it applies.
    pub terrain: Ref,
    /// Factor id.
    pub factor: String,
    /// True: add `value`; false: set to `value`.
    pub add: bool,
    /// The value.
    pub value: i64,
}

/// A marker (no combat values).
#[derive(Debug, Serialize)]
pub struct Marker {
    /// Stable id.
    pub id: String,
    /// Name.
    pub name: Names,
    /// What its counters print instead of a name too long for them (`デフコン・マーカー`, broken at
    /// the dot); empty: the name.
    #[serde(skip_serializing_if = "Names::is_empty")]
    pub short_name: Names,
    /// Background colour, `#rrggbb` (seed 003: US markers blue, USSR red); absent: plain.
    pub colour: Option<String>,
    /// The side whose marker it is: a light marker prints its name, number and rule in the
    /// side's colour (a white influence marker in US blue).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// The template that draws it, instead of `counters/marker.svg.tera`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template: Option<Spanned<String>>,
}

/// A kind of physical counter: what its front and back show, and how many exist.
#[derive(Debug, Serialize)]
pub struct CounterKind {
    /// Stable id.
    pub id: String,
    /// Front face: a unit type or marker id.
    pub front: Ref,
    /// Back face: a unit type or marker id; the same unit for a damaged side, an enemy unit for
    /// seed 000's ordinary units (rule 2.2), or empty for a blank back.
    pub back: Option<Ref>,
    /// How many counters of this kind.
    pub count: Spanned<u32>,
    /// A number both its faces print large (`value` column: an influence marker's 1, 2, 3…);
    /// empty for none.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub value: String,
    /// The template that draws both its faces, before its unit class's or marker's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template: Option<Spanned<String>>,
    /// Columns whose values the sources do not give.
    pub provisional: Vec<String>,
    /// The counter's row.
    #[serde(skip)]
    pub span: Span,
}

impl CounterKind {
    /// True when the back shows the front unit damaged (so the counter supplies only one unit).
    pub fn is_two_step(&self) -> bool {
        self.back.as_ref().is_some_and(|b| b.value == self.front.value)
    }
}

/// The random chits: a common back and a value face, with how many of each value.
#[derive(Debug, Default, Serialize)]
pub struct ChitMix {
    /// Name of the chits.
    pub name: Names,
    /// Text on the common back.
    pub back_label: super::Names,
    /// Other names setups use for chits (a chit placed on the map is a 潜伏チット, hidden chit).
    pub aliases: Vec<String>,
    /// The values.
    pub values: Vec<ChitValue>,
    /// Where the mix is declared.
    #[serde(skip)]
    pub span: Span,
}

/// How many chits show one value.
#[derive(Debug, Serialize)]
pub struct ChitValue {
    /// The value.
    pub value: u32,
    /// How it is printed, e.g. `3P`.
    pub label: String,
    /// How many chits.
    pub count: u32,
}

impl ChitMix {
    /// Number of chits.
    pub fn total(&self) -> u32 {
        self.values.iter().map(|v| v.count).sum()
    }

    /// True when a setup piece `r` means a chit.
    pub fn is_named(&self, r: &str) -> bool {
        r == "random-chit"
            || r == self.name.ja
            || (!self.name.en.is_empty() && r.eq_ignore_ascii_case(&self.name.en))
            || self.aliases.iter().any(|a| a == r)
    }

    /// Sum of all values.
    pub fn value_sum(&self) -> u32 {
        self.values.iter().map(|v| v.value * v.count).sum()
    }
}
