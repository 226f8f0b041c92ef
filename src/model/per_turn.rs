//! A number that changes with the turn: hand size and action rounds per turn or war period
//! (seed 003: 8 cards and 7 action rounds in turns 1–3, 9 and 8 from turn 4). One number for
//! the whole game is the one-entry case with no turns.

use serde::{Serialize, Serializer};

use super::{Span, Spanned};

/// A value by turn range, in the order written.
#[derive(Clone, Debug, Default)]
pub struct PerTurn {
    /// The entries; one with `turns: None` holds for every turn.
    pub entries: Vec<TurnValue>,
    /// Where the key is written.
    pub span: Span,
}

/// One entry: a value that holds in turns `first..=last`.
#[derive(Clone, Debug)]
pub struct TurnValue {
    /// The turns, first and last (both included); `None`: every turn.
    pub turns: Option<Spanned<(u32, u32)>>,
    /// The value.
    pub value: u32,
    /// Where the entry is written.
    pub span: Span,
}

impl PerTurn {
    /// One value for every turn.
    pub fn single(value: u32, span: Span) -> Self {
        PerTurn { entries: vec![TurnValue { turns: None, value, span: span.clone() }], span }
    }

    /// The value in turn `turn`, if an entry covers it.
    pub fn at(&self, turn: u32) -> Option<u32> {
        self.entries
            .iter()
            .find(|e| e.turns.as_ref().is_none_or(|t| (t.value.0..=t.value.1).contains(&turn)))
            .map(|e| e.value)
    }

    /// The value when there is one for the whole game.
    pub fn constant(&self) -> Option<u32> {
        match self.entries.as_slice() {
            [one] if one.turns.is_none() => Some(one.value),
            _ => None,
        }
    }
}

/// `"1-3"` or `"4"`: a turn range as written in setups.toml and as pages print it.
pub fn turns_text(first: u32, last: u32) -> String {
    if first == last {
        first.to_string()
    } else {
        format!("{first}–{last}")
    }
}

/// Serializes as the number alone when it holds for every turn (as `hand_size = 6` was), else
/// as `[{ turns = "1–3", value = 8 }, …]`.
impl Serialize for PerTurn {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Entry {
            turns: String,
            value: u32,
        }
        if let Some(v) = self.constant() {
            return v.serialize(s);
        }
        let entries: Vec<Entry> = self
            .entries
            .iter()
            .map(|e| Entry {
                turns: e.turns.as_ref().map_or(String::new(), |t| turns_text(t.value.0, t.value.1)),
                value: e.value,
            })
            .collect();
        entries.serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranges(list: &[(u32, u32, u32)]) -> PerTurn {
        let entries = list
            .iter()
            .map(|&(a, b, v)| TurnValue {
                turns: Some(Spanned::new((a, b), Span::default())),
                value: v,
                span: Span::default(),
            })
            .collect();
        PerTurn { entries, span: Span::default() }
    }

    #[test]
    fn a_value_by_turn_range_answers_per_turn() {
        let hand = ranges(&[(1, 3, 8), (4, 10, 9)]);
        assert_eq!(hand.at(1), Some(8));
        assert_eq!(hand.at(3), Some(8));
        assert_eq!(hand.at(4), Some(9));
        assert_eq!(hand.at(11), None);
        assert_eq!(hand.constant(), None);
    }

    #[test]
    fn a_single_number_holds_every_turn_and_serializes_as_a_number() {
        let hand = PerTurn::single(6, Span::default());
        assert_eq!(hand.at(99), Some(6));
        assert_eq!(serde_json::to_string(&hand).unwrap(), "6");
        let by_turn = ranges(&[(1, 3, 8), (4, 10, 9)]);
        assert_eq!(
            serde_json::to_string(&by_turn).unwrap(),
            r#"[{"turns":"1–3","value":8},{"turns":"4–10","value":9}]"#
        );
    }
}
