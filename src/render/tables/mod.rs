//! Ruled tables in a rulebook's manner (`table`) and the products made of them: the card list,
//! setup charts, play-aid tables and the proof's cover. Uses `page`, and `pieces` for the counters a setup chart shows.

pub mod aids;
pub(crate) mod cardlist;
pub mod proof;
pub(crate) mod setupchart;
pub(crate) mod table;
