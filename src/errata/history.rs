//! The history of a pack across its editions: what each edition changed in the one before it.

use super::diff::{diff, Change};
use crate::model::Pack;

/// The changes one edition made to the edition before it.
#[derive(Debug)]
pub struct Revision {
    /// The newer edition's id.
    pub edition: String,
    /// Its changes, as [`diff`] reports them.
    pub changes: Vec<Change>,
    /// The designer's notes on them (class and reason), from the newer edition's errata file.
    pub notes: Vec<crate::model::ErrataNote>,
}

/// The revisions of a chain of editions given oldest first (the current pack last): one per
/// consecutive pair.
pub fn revisions(editions: &[&Pack]) -> Vec<Revision> {
    editions
        .windows(2)
        .map(|pair| Revision {
            edition: pair[1].game.edition.clone(),
            changes: diff(pair[0], pair[1]),
            notes: pair[1].errata_notes.clone(),
        })
        .collect()
}
