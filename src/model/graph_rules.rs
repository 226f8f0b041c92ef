//! Graph rules a map declares as data (`[map.graph]` in map.toml): the map is connected, no area
//! is adjacent to itself, every area has between `min_degree` and `max_degree` neighbours. On an
//! area map the nodes are the areas and the edges their adjacency; on a hex map the nodes are the
//! land hexes (not water, not declared `isolated`) and the edges join grid neighbours that no
//! impassable hexside separates, plus the sea routes when `routes = true`.

use serde::Serialize;

use super::{Ref, Span, Spanned};

/// The declared graph rules of a map.
#[derive(Debug, Clone, Serialize)]
pub struct GraphRules {
    /// The map must be one piece: every node reaches every other.
    pub connected: Option<Spanned<bool>>,
    /// Whether an area may be adjacent to itself (default: no).
    pub self_loops: Spanned<bool>,
    /// The fewest neighbours a node may have.
    pub min_degree: Option<Spanned<u32>>,
    /// The most neighbours a node may have.
    pub max_degree: Option<Spanned<u32>>,
    /// Hex maps: sea routes (routes.csv) join their end hexes too.
    pub routes: bool,
    /// The rule stating them.
    pub rule: Option<Ref>,
    /// Where `[map.graph]` is written.
    #[serde(skip)]
    pub span: Span,
}
