//! Errata: the difference between two editions of a pack, by stable id.
//!
//! The principal type is [`Change`]: an item (card, unit, counter kind, chit value, hex, setup
//! place, setup placement, rule clause, term, area, sea route, hexside, region, the map's own
//! fields) added, removed, renumbered, moved or changed field by field. Items are
//! compared through their serialized model (spans left out), so every field the model has is
//! compared without a list to keep in step. Texts get a character diff (Japanese) or a word diff
//! (everything else) for highlighting. [`map_touch`] says which marked things of the map a set
//! of changes touches, for the replacement map.

mod diff;
pub mod document;
mod history;
mod mapchanges;
mod markdown;
mod notes;
mod reprint;
mod words;

pub use diff::{describe, diff, text_diff, wording_field, Change, ChangeKind, FieldChange, Piece};
pub use history::{revisions, Revision};
pub use mapchanges::{map_touch, MapNote, MapTouch};
pub use markdown::{markdown, markdown_with_map};
pub use notes::check_notes;
pub use reprint::{reprint, Reprint};
