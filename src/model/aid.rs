//! Play aids computed from the game's dice mechanics, declared as data in pack.toml `[[aids]]`.

use serde::Serialize;

use super::{Names, Ref};

/// One computed table.
#[derive(Debug, Clone, Serialize)]
pub struct PlayAid {
    /// Stable id.
    pub id: String,
    /// Title.
    pub title: Names,
    /// What is computed.
    pub kind: AidKind,
    /// The rule the mechanic comes from.
    pub rule: Option<Ref>,
}

/// The dice mechanics pnpkit can tabulate.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum AidKind {
    /// One die of `sides`: a roll at or under the value succeeds and scores as many hits as the
    /// roll. A row per value `from..=to`: chance of success and expected hits.
    RollUnder {
        /// Faces of the die.
        sides: u32,
        /// Smallest value.
        from: u32,
        /// Largest value.
        to: u32,
    },
    /// One die at or under `base + bonus × count`: rows for the base, columns for the count.
    RollUnderBonus {
        /// Faces of the die.
        sides: u32,
        /// What the rows count (e.g. "Federal soldiers").
        rows: super::TextNames,
        /// Smallest and largest base value.
        from: u32,
        /// Largest base value.
        to: u32,
        /// What the columns count (e.g. "of them Garcia squads").
        columns: super::TextNames,
        /// Largest count (a count never exceeds the base).
        max_count: u32,
        /// What each counted unit adds.
        bonus: u32,
    },
    /// `dice` dice of `sides` summed, plus each modifier, at least a target `from..=to`.
    SumAtLeast {
        /// How many dice.
        dice: u32,
        /// Faces of each die.
        sides: u32,
        /// Smallest target.
        from: u32,
        /// Largest target.
        to: u32,
        /// A column per modifier added to the sum (e.g. 0 and +3).
        modifiers: Vec<i64>,
    },
    /// The chance of drawing each value from the chit mix.
    Chits,
    /// `from..=to` dice of `sides`: per number of dice, the chance that at least one face shows at
    /// least k times, for each k of `kinds` (2: a pair, 3: three of a kind, …).
    OfAKind {
        /// Faces of each die.
        sides: u32,
        /// Fewest dice.
        from: u32,
        /// Most dice.
        to: u32,
        /// The multiplicities to tabulate.
        kinds: Vec<u32>,
    },
}
