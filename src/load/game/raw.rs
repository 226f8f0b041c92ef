//! pack.toml as serde reads it: one struct per table, every value kept with its span so the
//! loader can report a problem at its file, line and column. `deny_unknown_fields` everywhere: a
//! misspelt key is an error, not a silently ignored line.

use crate::load::RawNames;
use crate::model::*;
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned as TS;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPack {
    pub(super) game: RawGame,
    #[serde(default)]
    pub(super) totals: RawTotals,
    #[serde(default)]
    pub(super) editions: Vec<TS<RawEdition>>,
    #[serde(default)]
    pub(super) components: Vec<TS<RawComponent>>,
    #[serde(default)]
    pub(super) sides: Vec<RawSide>,
    #[serde(default)]
    pub(super) forces: Vec<RawForce>,
    #[serde(default)]
    pub(super) classes: Vec<RawClass>,
    #[serde(default)]
    pub(super) factors: Vec<RawFactor>,
    #[serde(default)]
    pub(super) markers: Vec<RawMarker>,
    pub(super) chits: Option<TS<RawChits>>,
    #[serde(default)]
    pub(super) card_types: Vec<RawCardType>,
    #[serde(default)]
    pub(super) card_backs: Vec<RawCardBack>,
    pub(super) print: Option<TS<RawPrint>>,
    pub(super) rulebook: Option<RawRulebook>,
    #[serde(default)]
    pub(super) sheets: Vec<TS<RawSheet>>,
    #[serde(default)]
    pub(super) tracks: Vec<TS<super::track::RawTrack>>,
    #[serde(default)]
    pub(super) constraints: RawConstraints,
    #[serde(default)]
    pub(super) sequence: Vec<RawPhase>,
    #[serde(default)]
    pub(super) victory: Vec<RawVictory>,
    #[serde(default)]
    pub(super) aids: Vec<RawAid>,
    pub(super) deck: Option<RawDeckRules>,
    #[serde(default)]
    pub(super) icons: BTreeMap<String, TS<String>>,
    /// What a card face prints for each tag of cards.csv (`transport = { ja = "輸送船" }`).
    #[serde(default)]
    pub(super) tag_names: BTreeMap<String, RawNames>,
}

/// `[rulebook]`: how the printed rulebook is made by default.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawRulebook {
    pub(super) changes_since: Option<TS<String>>,
    #[serde(default)]
    pub(super) booklet: bool,
    pub(super) languages: Option<TS<Vec<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawDeckRules {
    pub(super) min_cards: Option<TS<u32>>,
    pub(super) max_cards: Option<TS<u32>>,
    pub(super) max_copies: Option<TS<u32>>,
    #[serde(default)]
    pub(super) limits: Vec<RawDeckLimit>,
    pub(super) rule: Option<TS<String>>,
    pub(super) copies_rule: Option<TS<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawDeckLimit {
    pub(super) field: TS<String>,
    pub(super) max_copies: TS<u32>,
    pub(super) rule: Option<TS<String>>,
    pub(super) provisional: Option<TS<Vec<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawScoreColumn {
    pub(super) name: RawNames,
    pub(super) boxes: u32,
    pub(super) goal: Option<TS<u32>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSlotGroup {
    pub(super) id: String,
    pub(super) name: RawNames,
    pub(super) count: TS<u32>,
    pub(super) of: Option<TS<u32>>,
    #[serde(default)]
    pub(super) select: crate::load::setups::RawSelector,
    pub(super) rule: Option<TS<String>>,
    #[serde(default)]
    pub(super) one_row: bool,
}

/// `[[aids]]`: the kind's own keys sit beside `id`, `title` and `rule` (no `deny_unknown_fields`
/// here: serde cannot combine it with `flatten`; the kind itself rejects unknown keys).
#[derive(Deserialize)]
pub(super) struct RawAid {
    pub(super) id: String,
    pub(super) title: RawNames,
    #[serde(flatten)]
    pub(super) kind: AidKind,
    pub(super) rule: Option<TS<String>>,
    pub(super) provisional: Option<TS<Vec<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawGame {
    pub(super) title: RawNames,
    pub(super) languages: Option<TS<Vec<String>>>,
    pub(super) edition: TS<String>,
    #[serde(default)]
    pub(super) designer: String,
    #[serde(default)]
    pub(super) publisher: String,
    #[serde(default)]
    pub(super) genre: String,
    pub(super) players: TS<[u32; 2]>,
    #[serde(default)]
    pub(super) play_minutes: [u32; 2],
    #[serde(default)]
    pub(super) price: String,
    pub(super) provisional: Option<TS<Vec<String>>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTotals {
    pub(super) counters: Option<TS<u32>>,
    #[serde(default)]
    pub(super) counters_include_chits: bool,
    pub(super) cards: Option<TS<u32>>,
    pub(super) chits: Option<TS<u32>>,
    pub(super) chit_mean: Option<TS<String>>,
    pub(super) chit_counts: Option<TS<BTreeMap<String, u32>>>,
    pub(super) provisional: Option<TS<Vec<String>>>,
    #[serde(default)]
    pub(super) by_filter: Vec<TS<crate::load::totals::RawFilterTotal>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawEdition {
    pub(super) id: String,
    #[serde(default)]
    pub(super) date: String,
    #[serde(default)]
    pub(super) label: TextNames,
    #[serde(default)]
    pub(super) notes: String,
    pub(super) mark: Option<String>,
    pub(super) pack: Option<String>,
    pub(super) git: Option<TS<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawComponent {
    pub(super) kind: String,
    #[serde(default)]
    pub(super) name: RawNames,
    pub(super) count: u32,
    pub(super) paper: Option<String>,
    pub(super) sheets: Option<u32>,
    pub(super) per_sheet: Option<u32>,
    pub(super) provisional: Option<TS<Vec<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawMarker {
    pub(super) id: String,
    pub(super) name: RawNames,
    pub(super) colour: Option<String>,
    /// The side whose marker it is (its colour inks a light marker).
    pub(super) side: Option<TS<String>>,
    /// What its counters print instead of a name too long for them.
    #[serde(default)]
    pub(super) short_name: RawNames,
    pub(super) template: Option<TS<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSide {
    pub(super) id: String,
    pub(super) name: RawNames,
    /// What its cards are framed in.
    pub(super) colour: Option<TS<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawForce {
    pub(super) id: String,
    pub(super) side: TS<String>,
    pub(super) name: RawNames,
    pub(super) colour: TS<String>,
    #[serde(default)]
    pub(super) colour_name: String,
    pub(super) rule: Option<TS<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawClass {
    pub(super) id: String,
    pub(super) name: RawNames,
    pub(super) symbol: Option<TS<crate::load::units::RawSymbol>>,
    pub(super) template: Option<TS<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFactor {
    pub(super) id: String,
    pub(super) name: RawNames,
    #[serde(default)]
    pub(super) abbrev: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawChits {
    pub(super) name: RawNames,
    pub(super) back_label: Option<TS<TextNames>>,
    #[serde(default)]
    pub(super) aliases: Vec<String>,
    pub(super) values: Vec<RawChitValue>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawChitValue {
    pub(super) value: u32,
    #[serde(default)]
    pub(super) label: String,
    pub(super) count: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawCardBack {
    pub(super) side: Option<TS<String>>,
    pub(super) name: RawNames,
    pub(super) colour: TS<String>,
    pub(super) pattern: Option<TS<String>>,
    pub(super) provisional: Option<TS<Vec<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPrint {
    pub(super) paper: Option<TS<String>>,
    pub(super) card_size: Option<[f64; 2]>,
    pub(super) card_bleed: Option<f64>,
    pub(super) gutter: Option<TS<f64>>,
    pub(super) counter_size: Option<f64>,
    pub(super) counter_bleed: Option<f64>,
    pub(super) map_bleed: Option<f64>,
    pub(super) chit_size: Option<f64>,
    pub(super) safe_margin: Option<f64>,
    pub(super) previews: Option<bool>,
    pub(super) svg: Option<bool>,
    pub(super) blank_backs: Option<bool>,
    pub(super) one_sided_cards: Option<TS<bool>>,
    pub(super) tts_url: Option<String>,
    #[serde(default)]
    pub(super) fonts: Vec<TS<RawFont>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFont {
    pub(super) family: String,
    pub(super) regular: String,
    pub(super) bold: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawCardType {
    pub(super) id: String,
    pub(super) name: RawNames,
    #[serde(default)]
    pub(super) fields: Vec<crate::load::fields::RawField>,
    pub(super) template: Option<TS<String>>,
    /// The field shown large in the corner badge.
    pub(super) badge: Option<TS<String>>,
    /// Fields shown as stat boxes, in this order.
    #[serde(default)]
    pub(super) stats: Vec<TS<String>>,
    /// Fields shown as tags.
    #[serde(default)]
    pub(super) tags: Vec<TS<String>>,
    /// Fields not shown on the face.
    #[serde(default)]
    pub(super) hidden: Vec<TS<String>>,
    /// What the type's cards are framed in when no `frame` field colours them.
    pub(super) colour: Option<TS<String>>,
    /// The choice field (with `value_colours`) whose value colour frames each card.
    pub(super) frame: Option<TS<String>>,
    /// `circle` or `star`.
    pub(super) badge_shape: Option<TS<String>>,
    /// The choice field (with `value_colours`) whose value colour fills the badge.
    pub(super) badge_colour: Option<TS<String>>,
    /// Flags that mark the title when set: a mark after it, or `underline [#rrggbb]`.
    #[serde(default)]
    pub(super) title_marks: BTreeMap<TS<String>, TS<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSheet {
    pub(super) id: String,
    pub(super) name: RawNames,
    pub(super) kind: String,
    pub(super) side: Option<TS<String>>,
    #[serde(default = "a4")]
    pub(super) paper: String,
    pub(super) boxes: Option<[u32; 2]>,
    pub(super) rule: Option<TS<String>>,
    #[serde(default)]
    pub(super) sequence: bool,
    #[serde(default)]
    pub(super) summary: Vec<TS<String>>,
    #[serde(default)]
    pub(super) aids: Vec<TS<String>>,
    pub(super) rows: Option<TS<u32>>,
    #[serde(default)]
    pub(super) columns: Vec<RawScoreColumn>,
    #[serde(default)]
    pub(super) slots: Vec<RawSlotGroup>,
    #[serde(default)]
    pub(super) tracks: Vec<TS<String>>,
}

pub(super) fn a4() -> String {
    "A4".to_string()
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct RawConstraints {
    #[serde(default)]
    pub(super) stacking: Vec<TS<RawStacking>>,
    #[serde(default)]
    pub(super) forbidden: Vec<RawForbidden>,
    #[serde(default)]
    pub(super) compositions: Vec<TS<RawComposition>>,
    #[serde(default)]
    pub(super) backs: Vec<TS<crate::load::backs::RawBack>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawStacking {
    pub(super) side: TS<String>,
    pub(super) max_units: u32,
    pub(super) until: Option<TS<String>>,
    pub(super) rule: Option<TS<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawForbidden {
    pub(super) side: TS<String>,
    pub(super) location: TS<String>,
    pub(super) until: Option<TS<String>>,
    pub(super) rule: Option<TS<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawComposition {
    pub(super) name: String,
    pub(super) force: TS<String>,
    pub(super) units: Option<TS<u32>>,
    #[serde(default)]
    pub(super) exactly: BTreeMap<TS<String>, u32>,
    pub(super) rule: Option<TS<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPhase {
    pub(super) id: String,
    pub(super) side: Option<TS<String>>,
    pub(super) name: RawNames,
    pub(super) rule: Option<TS<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawVictory {
    pub(super) id: String,
    pub(super) side: TS<String>,
    pub(super) when: TS<String>,
    pub(super) at: Option<TS<String>>,
    pub(super) rule: Option<TS<String>>,
    #[serde(default)]
    pub(super) text: String,
    pub(super) provisional: Option<TS<Vec<String>>>,
}
