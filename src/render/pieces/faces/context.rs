//! What a face template receives, as serializable structs: `game`, `edition`, `face` (the
//! printed strings of each kind of face) and `piece` (the whole piece behind it). The planner
//! fills them; docs/templates.md describes them for template authors.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use crate::model::{BadgeShape, CardLook, FieldShow, Names, UnitSymbol};

// What every template receives.

/// `game`: the title and edition as the first templates knew them.
#[derive(Serialize)]
pub(super) struct GameInfo<'a> {
    pub(super) title: &'a str,
    pub(super) title_en: &'a str,
    pub(super) edition: &'a str,
    /// The edition mark every piece carries.
    pub(super) mark: &'a str,
}

/// `edition`: the edition the pack describes.
#[derive(Serialize)]
pub(super) struct EditionInfo<'a> {
    pub(super) id: &'a str,
    pub(super) label: &'a str,
    pub(super) date: &'a str,
    pub(super) mark: &'a str,
}

/// A thing with names: its id, its name in the pack's languages and each name.
#[derive(Clone, Serialize)]
pub(super) struct Named<'a> {
    pub(super) id: &'a str,
    pub(super) name: String,
    pub(super) names: &'a Names,
}

/// `side`: the side a piece belongs to, with the colour of its first force.
#[derive(Serialize)]
pub(super) struct SideInfo<'a> {
    #[serde(flatten)]
    pub(super) named: Named<'a>,
    pub(super) colour: Option<&'a str>,
}

/// `force`: the force a piece belongs to and its colour.
#[derive(Serialize)]
pub(super) struct ForceInfo<'a> {
    #[serde(flatten)]
    pub(super) named: Named<'a>,
    pub(super) colour: &'a str,
    pub(super) colour_name: &'a str,
}

/// What every face template receives, besides `face` and the piece's own variables.
#[derive(Serialize)]
pub(super) struct Common<'a> {
    pub(super) w: f64,
    pub(super) h: f64,
    pub(super) bleed: f64,
    pub(super) game: GameInfo<'a>,
    pub(super) edition: EditionInfo<'a>,
    pub(super) languages: &'a [String],
    pub(super) side: Option<SideInfo<'a>>,
    pub(super) force: Option<ForceInfo<'a>>,
    /// The main font family (the pack's first `[print] fonts` family, else Noto Sans JP): what
    /// the built-in templates write in `font-family`.
    pub(super) font: &'a str,
}

/// A template's whole context: the common part, `face`, and the piece's variables.
#[derive(Serialize)]
pub(super) struct Whole<'a, F: Serialize, P: Serialize> {
    #[serde(flatten)]
    pub(super) common: Common<'a>,
    pub(super) face: F,
    #[serde(flatten)]
    pub(super) piece: P,
}

// ---------------------------------------------------------------------------------------------
// `face`: the printed strings of each kind of face (what the built-in templates draw).

/// A unit or marker face.
#[derive(Serialize)]
pub(super) struct CounterFace {
    pub(super) name: String,
    pub(super) name_en: String,
    /// The name in the pack's first language, and in its other languages.
    pub(super) title: String,
    pub(super) subtitle: String,
    pub(super) colour: String,
    pub(super) ink: String,
    /// The class symbol's name: a built-in's (`infantry`), the class id for a pack's own icon,
    /// empty for none.
    pub(super) symbol: String,
    /// The symbol itself, drawn by `symbol(icon=face.icon, …)`.
    pub(super) icon: UnitSymbol,
    /// The values as one string (`5-4-4-2`).
    pub(super) factors: String,
    /// The values in fixed slots, the same slots on every unit of the pack (its factors in
    /// order, then movement when its units move), so the values line up across counters.
    pub(super) slots: Vec<Slot>,
    pub(super) movement: Option<i64>,
    /// The unit's steps, and how many this face has left (a damaged side one fewer).
    pub(super) steps: u32,
    pub(super) steps_left: u32,
    pub(super) damaged: bool,
    /// The setups that place the unit, by number (`1·2`); empty when none does.
    pub(super) setup: String,
    /// The number a marker prints large (counters.csv's `value`), empty for none.
    pub(super) value: String,
    /// Whether the face shows values the sources do not give. The built-in templates print no
    /// mark: the sheet's margin and the manifest name these pieces.
    pub(super) draft: bool,
}

/// One value slot of a unit face.
#[derive(Serialize)]
pub(super) struct Slot {
    /// The factor's id, or `movement`.
    pub(super) id: String,
    /// Its abbreviation (`甲`), empty for movement.
    pub(super) abbrev: String,
    /// The value as printed (`?` when the sources do not give it).
    pub(super) value: String,
}

#[derive(Serialize)]
pub(super) struct ChitFace {
    pub(super) label: String,
}

/// The corner badge's shape, its fill (the left and right halves: the same colour unless the
/// value is drawn in two) and the colour of the number on it.
#[derive(Serialize)]
pub(super) struct BadgeLook {
    /// `circle` or `star`.
    pub(super) shape: BadgeShape,
    pub(super) left: String,
    pub(super) right: String,
    pub(super) ink: &'static str,
}

impl BadgeLook {
    /// A badge of `look`'s shape filled with `fills` (one colour, or two halves); its number is
    /// dark when either half is light.
    pub(super) fn new(look: Option<&CardLook>, fills: &[String]) -> BadgeLook {
        let light = fills.iter().any(|c| super::planner::ink_for(c) != "#ffffff");
        let (left, right) = (fills.first().cloned().unwrap_or_default(), fills.last().cloned().unwrap_or_default());
        BadgeLook {
            shape: look.map_or(BadgeShape::Circle, |l| l.badge_shape),
            left,
            right,
            ink: if light { "#1a1a1a" } else { "#ffffff" },
        }
    }
}

/// A typed field as the default card front prints it: a short label and the value.
#[derive(Serialize)]
pub(super) struct ShownField {
    pub(super) id: String,
    /// The field's name in the pack's first language (short: 格闘, not 格闘 fight (F)).
    pub(super) label: String,
    /// The field's name in every language of the pack (心 heart), for a face with room for it.
    pub(super) names: String,
    /// The value as printed.
    pub(super) display: String,
}

#[derive(Serialize)]
pub(super) struct CardFace {
    pub(super) number: String,
    pub(super) name_ja: String,
    pub(super) name_en: String,
    pub(super) title: String,
    pub(super) subtitle: String,
    /// Marks the card type's `title_marks` set after the title (`*`), or empty.
    pub(super) title_mark: String,
    /// The colour of a line under the title (a `title_marks` underline), or empty.
    pub(super) title_underline: String,
    pub(super) colour: String,
    pub(super) number_colour: String,
    /// Black or white, whichever reads on `colour` (the badge's and stat labels' text).
    pub(super) ink: String,
    pub(super) tags: Vec<String>,
    /// The type line's side and timing in the first language, and in every language.
    pub(super) meta: String,
    pub(super) meta_all: String,
    /// The card type's name, when the pack has more than one type, in the first language and in
    /// every language.
    pub(super) kind: String,
    pub(super) kind_all: String,
    /// The field shown large in the corner (the card type's `badge`), if the card gives it.
    pub(super) badge: Option<ShownField>,
    /// How the badge is drawn.
    pub(super) badge_look: BadgeLook,
    /// The fields shown as a row of stat boxes, in order.
    pub(super) stats: Vec<ShownField>,
    /// What the front shows as tags: the card's tags as printed, then the typed fields shown as
    /// tags (`時代 early`, a set flag's name).
    pub(super) pills: Vec<String>,
    pub(super) body: String,
    pub(super) flavour: String,
    /// The card's illustration (a path inside the pack), or empty.
    pub(super) art: String,
    pub(super) rules: String,
    pub(super) draft: bool,
}

#[derive(Serialize)]
pub(super) struct BackFace {
    pub(super) name_ja: String,
    pub(super) name_en: String,
    pub(super) title: String,
    pub(super) subtitle: String,
    pub(super) colour: String,
    /// The drawing behind the name: `frame`, `waves`, `hexes`, `stripes` or `rays`.
    pub(super) pattern: crate::model::BackPattern,
    /// That drawing as SVG in `currentColor` (empty for `frame`, which the template draws).
    pub(super) pattern_svg: String,
}

// ---------------------------------------------------------------------------------------------
// The piece's own variables.

/// One typed field of a card, as `fields[i]` and `field.<id>`.
#[derive(Clone, Serialize)]
pub(super) struct FieldInfo<'a> {
    pub(super) id: &'a str,
    pub(super) label: String,
    pub(super) names: &'a Names,
    /// Its short label (`short`), empty when it has none.
    #[serde(skip)]
    pub(super) short: &'a Names,
    /// `int`, `bool`, `enum` or `text`.
    pub(super) kind: &'static str,
    /// The value: a number, `true`/`false`, a string, or null when the card gives none.
    pub(super) value: Value,
    /// The value as text: `3`, `true`, `false`, `early`; empty when the card gives none.
    pub(super) display: String,
    /// The allowed values of an `enum` field.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    pub(super) values: &'a [String],
    /// Where the default front shows it: `badge`, `stat`, `tag`, `line` or `hidden`.
    pub(super) show: FieldShow,
}

/// A tag: as written and as printed.
#[derive(Serialize)]
pub(super) struct TagInfo<'a> {
    pub(super) id: &'a str,
    pub(super) label: String,
}

/// An attribute of a place: its id, label and value.
#[derive(Serialize)]
pub(super) struct AttributeInfo<'a> {
    pub(super) id: &'a str,
    pub(super) label: String,
    pub(super) value: String,
}

/// A place a card names: an area of an area map or a named place in a hex.
#[derive(Serialize)]
pub(super) struct PlaceInfo<'a> {
    #[serde(flatten)]
    pub(super) named: Named<'a>,
    /// `area` or `hex`.
    pub(super) kind: &'static str,
    /// The hex holding it (hex places).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) hex: Option<&'a str>,
    /// Victory points (hex places).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) vp: Option<u32>,
    pub(super) attributes: Vec<AttributeInfo<'a>>,
}

#[derive(Serialize)]
pub(super) struct CardInfo<'a> {
    #[serde(flatten)]
    pub(super) named: Named<'a>,
    pub(super) number: Option<u32>,
    pub(super) number_colour: Option<&'a str>,
    pub(super) timing: &'a str,
    pub(super) text: &'a str,
    pub(super) provisional: &'a [String],
}

#[derive(Serialize)]
pub(super) struct CardPiece<'a> {
    pub(super) card: CardInfo<'a>,
    pub(super) card_type: Option<Named<'a>>,
    pub(super) fields: Vec<FieldInfo<'a>>,
    pub(super) field: BTreeMap<&'a str, FieldInfo<'a>>,
    pub(super) tags: Vec<TagInfo<'a>>,
    pub(super) places: Vec<PlaceInfo<'a>>,
    pub(super) rules: Vec<String>,
}

#[derive(Serialize)]
pub(super) struct FactorInfo<'a> {
    pub(super) id: &'a str,
    pub(super) label: String,
    pub(super) names: &'a Names,
    pub(super) abbrev: &'a str,
    /// The value, null when the sources do not give it.
    pub(super) value: Option<i64>,
    /// The value as printed (`?` when unknown).
    pub(super) display: String,
}

#[derive(Serialize)]
pub(super) struct ClassInfo<'a> {
    #[serde(flatten)]
    pub(super) named: Named<'a>,
    pub(super) symbol: &'a str,
}

/// `counter`: the physical counter a face is printed on.
#[derive(Serialize)]
pub(super) struct CounterInfo<'a> {
    pub(super) id: &'a str,
    pub(super) count: u32,
    /// Whether this is its back.
    pub(super) back: bool,
    /// Whether its back shows its front unit damaged.
    pub(super) two_step: bool,
}

#[derive(Serialize)]
pub(super) struct UnitPiece<'a> {
    pub(super) unit: Named<'a>,
    pub(super) class: Option<ClassInfo<'a>>,
    pub(super) factors: Vec<FactorInfo<'a>>,
    pub(super) movement: Option<i64>,
    pub(super) steps: u32,
    pub(super) tags: &'a [String],
    pub(super) damaged: bool,
    pub(super) counter: Option<CounterInfo<'a>>,
}

#[derive(Serialize)]
pub(super) struct MarkerInfo<'a> {
    #[serde(flatten)]
    pub(super) named: Named<'a>,
    pub(super) colour: Option<&'a str>,
}

#[derive(Serialize)]
pub(super) struct MarkerPiece<'a> {
    pub(super) marker: Option<MarkerInfo<'a>>,
    pub(super) counter: Option<CounterInfo<'a>>,
}

#[derive(Serialize)]
pub(super) struct ChitPiece<'a> {
    pub(super) chits: Named<'a>,
    /// The value shown (absent on the common back).
    pub(super) chit: Option<&'a crate::model::ChitValue>,
}

#[derive(Serialize)]
pub(super) struct BackPiece<'a> {
    pub(super) card_back: Option<Named<'a>>,
}
