//! Setups: where units and chits start, and which cards form the decks, are open or removed.

use serde::Serialize;

use super::{Names, Ref, Selector, Span, Spanned};

/// A setup (scenario).
#[derive(Debug, Serialize)]
pub struct Setup {
    /// Stable id (`setup1`).
    pub id: String,
    /// Name.
    pub name: Names,
    /// Play time in minutes: shortest, longest.
    pub play_minutes: (u32, u32),
    /// Cards open at the start.
    pub open: Option<Selector>,
    /// How many cards the sources say are open at the start, if stated.
    pub open_count: Option<Spanned<u32>>,
    /// Cards removed from the game at the start.
    pub removed: Option<Selector>,
    /// Cards in each hand: one number, or by turn range (8 in turns 1–3, 9 from turn 4).
    pub hand_size: Option<super::PerTurn>,
    /// Action rounds per turn, by turn range like `hand_size`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action_rounds: Option<super::PerTurn>,
    /// The track whose boxes are the turns (`turn_track`; default: the track with id `turn`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn_track: Option<Ref>,
    /// The variant or optional rules section it is played with (`variant`): its pieces may go
    /// on the areas only that variant puts on the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<Ref>,
    /// The rule section describing it.
    pub rule: Option<Ref>,
    /// Where it is declared.
    #[serde(skip)]
    pub span: Span,
}

/// `count` pieces of one kind placed in one location.
#[derive(Debug, Serialize)]
pub struct Placement {
    /// Which setup.
    pub setup: Ref,
    /// Whose pieces (empty: a marker no side owns, e.g. the DEFCON marker).
    pub side: Ref,
    /// A place name, hex number or box.
    pub location: Ref,
    /// A unit type (by name or id), or a chit kind (`random-chit`, `hidden-chit`).
    pub piece: Ref,
    /// How many.
    pub count: Spanned<u32>,
    /// The row.
    #[serde(skip)]
    pub span: Span,
}

/// Pieces a side places anywhere among the locations a filter selects ("6 USSR influence
/// anywhere in Eastern Europe"): `[[free]]` in setups.toml.
#[derive(Debug, Serialize)]
pub struct FreePlacement {
    /// Which setup.
    pub setup: Ref,
    /// Whose pieces.
    pub side: Ref,
    /// A unit of that side or a marker, by name or id.
    pub piece: Ref,
    /// How many, spread as the player likes.
    pub count: Spanned<u32>,
    /// The collection of locations (`areas`, `hexes`, `places`); none: the map's areas on an
    /// area map, else its places.
    pub of: Option<Spanned<String>>,
    /// The filter selecting the locations (`subregions:east`).
    #[serde(rename = "where")]
    pub filter: Spanned<String>,
    /// What the rules call those locations (`Eastern Europe`), for the setup chart.
    pub label: Names,
    /// The rule stating it.
    pub rule: Option<Ref>,
    /// The declaration.
    #[serde(skip)]
    pub span: Span,
}
