//! What a publisher must reprint for an erratum: the cards, counter kinds and chit values whose
//! printed faces differ between the editions.

use super::{Change, ChangeKind};
use crate::model::Pack;

/// Ids of the pieces to print on replacement sheets.
#[derive(Debug, Default, PartialEq)]
pub struct Reprint {
    /// Cards added or changed.
    pub cards: Vec<String>,
    /// Counter kinds added or changed, or showing a unit whose values changed on either face.
    pub counters: Vec<String>,
    /// Chit values added or changed (their labels), at their full count.
    pub chits: Vec<String>,
}

/// The pieces of `new` that `changes` touch. A removed piece needs no reprint (the errata
/// document says to take it out).
pub fn reprint(new: &Pack, changes: &[Change]) -> Reprint {
    let touched = |item: &str| -> Vec<&str> {
        changes
            .iter()
            .filter(|c| c.item == item && !matches!(c.kind, ChangeKind::Removed))
            .map(|c| c.id.as_str())
            .collect()
    };
    let cards = touched("card");
    let units = touched("unit");
    let kinds = touched("counter");
    let counters = new
        .counters
        .iter()
        .filter(|k| {
            kinds.contains(&k.id.as_str())
                || units.contains(&k.front.value.as_str())
                || k.back.as_ref().is_some_and(|b| units.contains(&b.value.as_str()))
        })
        .map(|k| k.id.clone())
        .collect();
    let owned = |ids: Vec<&str>| ids.into_iter().map(String::from).collect();
    Reprint { cards: owned(cards), counters, chits: owned(touched("chit")) }
}
