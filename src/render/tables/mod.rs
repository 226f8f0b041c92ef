//! Ruled tables in a rulebook's manner (`table`) and the products made of them: the card list,
//! setup charts, play-aid tables, the proof's cover, and tracks (`tracks`: on track pages, play
//! sheets and an area map's board). Uses `page`, and `pieces` for the counters a setup chart shows.

pub mod aids;
pub(crate) mod cardlist;
pub mod proof;
pub(crate) mod setupchart;
pub(crate) mod table;
pub(crate) mod tracks;
