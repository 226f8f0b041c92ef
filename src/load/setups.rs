//! setups.toml (setups and their deck definitions) and setups.csv (placements).

use serde::Deserialize;
use toml::Spanned as TS;

use super::csv::Columns;
use super::per_turn::{per_turn, RawPerTurn};
use super::{toml_ref, Loader, RawNames};
use crate::model::{Deck, Pack, Placement, Selector, Setup, Spanned};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSetups {
    #[serde(default)]
    setups: Vec<TS<RawSetup>>,
    #[serde(default)]
    decks: Vec<TS<RawDeck>>,
    #[serde(default)]
    free: Vec<TS<super::free::RawFree>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSetup {
    id: String,
    name: RawNames,
    #[serde(default)]
    play_minutes: [u32; 2],
    open: Option<RawSelector>,
    open_count: Option<TS<u32>>,
    removed: Option<RawSelector>,
    hand_size: Option<TS<RawPerTurn>>,
    action_rounds: Option<TS<RawPerTurn>>,
    turn_track: Option<TS<String>>,
    variant: Option<TS<String>>,
    rule: Option<TS<String>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSelector {
    side: Option<TS<String>>,
    number_colour: Option<String>,
    tag: Option<String>,
    r#where: Option<TS<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    id: String,
    #[serde(default)]
    name: Option<RawNames>,
    setup: TS<String>,
    side: Option<TS<String>>,
    select: RawSelector,
    size: TS<u32>,
    #[serde(default)]
    partition: bool,
    #[serde(default)]
    hand: bool,
    rule: Option<TS<String>>,
}

const PLACEMENT_COLUMNS: Columns =
    Columns { required: &["setup", "side", "location", "piece", "count"], optional: &["note"] };

/// A card selector as written in TOML (setups' open and removed cards, decks, mat slots).
pub(super) fn selector(file: crate::diag::FileId, s: &RawSelector) -> Selector {
    Selector {
        side: s.side.as_ref().map(|v| toml_ref(file, v)),
        number_colour: s.number_colour.clone(),
        tag: s.tag.clone(),
        filter: s.r#where.as_ref().map(|w| Loader::spanned(file, w)),
    }
}

/// Loads setups.toml and setups.csv.
pub(super) fn load(l: &mut Loader<'_>, pack: &mut Pack) {
    if let Some(file) = l.read("setups.toml", false) {
        if let Some(raw) = l.toml::<RawSetups>(file) {
            let selector = |s: &RawSelector| selector(file, s);
            for s in &raw.setups {
                let span = Loader::span(file, s);
                let s = s.get_ref();
                pack.setups.push(Setup {
                    id: s.id.clone(),
                    name: s.name.clone().into(),
                    play_minutes: (s.play_minutes[0], s.play_minutes[1]),
                    open: s.open.as_ref().map(selector),
                    open_count: s.open_count.as_ref().map(|c| Loader::spanned(file, c)),
                    removed: s.removed.as_ref().map(selector),
                    hand_size: s.hand_size.as_ref().map(|h| per_turn(l, file, h, "hand_size")),
                    action_rounds: s.action_rounds.as_ref().map(|a| per_turn(l, file, a, "action_rounds")),
                    turn_track: s.turn_track.as_ref().map(|t| toml_ref(file, t)),
                    variant: s.variant.as_ref().map(|v| toml_ref(file, v)),
                    rule: s.rule.as_ref().map(|r| toml_ref(file, r)),
                    span,
                });
            }
            for d in &raw.decks {
                let span = Loader::span(file, d);
                let d = d.get_ref();
                super::units::duplicate_at(l, "deck", &d.id, &span);
                pack.decks.push(Deck {
                    id: d.id.clone(),
                    name: d.name.clone().map(Into::into).unwrap_or_default(),
                    setup: toml_ref(file, &d.setup),
                    side: d.side.as_ref().map(|s| toml_ref(file, s)),
                    select: selector(&d.select),
                    size: Loader::spanned(file, &d.size),
                    partition: d.partition,
                    hand: d.hand,
                    rule: d.rule.as_ref().map(|r| toml_ref(file, r)),
                    span,
                });
            }
            pack.free_placements = super::free::load(file, &raw.free);
        }
    }
    let Some(file) = l.read("setups.csv", false) else { return };
    let table = l.csv(file, &PLACEMENT_COLUMNS, &[]);
    for row in table.rows() {
        let count = row
            .parse::<u32>("count", "a whole number", &mut l.diags)
            .unwrap_or_else(|| Spanned::new(0, row.cell("count").span));
        pack.placements.push(Placement {
            setup: row.text("setup", &mut l.diags),
            side: row.cell("side"), // empty for a marker no side owns; pieces.rs holds units to a side
            location: row.text("location", &mut l.diags),
            piece: row.text("piece", &mut l.diags),
            count,
            span: row.span(),
        });
    }
}
