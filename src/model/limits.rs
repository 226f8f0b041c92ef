//! Counts bounded by what can be printed, far beyond any published game: `load` refuses a deck
//! list past them, `check` a pack, before anything walks the pieces or draws them.

/// The most pieces of one kind (one counter row, one chit value, one placement, one deck-list
/// line): a hundred full sheets of counters.
pub const MAX_OF_ONE_PIECE: u64 = 10_000;
/// The most pieces in a pack: counters, chits and cards together.
pub const MAX_PIECES: u64 = 100_000;
/// The most boxes on one track.
pub const MAX_TRACK_BOXES: u64 = 1_000;
