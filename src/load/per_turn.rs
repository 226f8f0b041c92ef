//! `hand_size` and `action_rounds` of setups.toml: one number for every turn (`hand_size = 6`) or
//! a list of turn ranges (`hand_size = [{ turns = "1-3", size = 8 }, { turns = "4-10", size = 9 }]`,
//! `action_rounds = [{ turns = "1-3", rounds = 7 }, …]`). Whether the ranges cover the turn track
//! without overlap is `check`'s (E0153).

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use toml::Spanned as TS;

use super::Loader;
use crate::diag::{Code, Diagnostic, FileId};
use crate::model::{PerTurn, Spanned, TurnValue};

/// As written: a number, or a list of entries (a visitor, not an untagged enum, so the entries
/// keep their spans).
pub(super) enum RawPerTurn {
    One(u32),
    ByTurn(Vec<TS<RawTurnEntry>>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTurnEntry {
    turns: TS<RawTurns>,
    size: Option<u32>,
    rounds: Option<u32>,
}

/// `turns = "1-3"`, `turns = "4"` or `turns = 4`.
pub(super) struct RawTurns(String);

impl<'de> Deserialize<'de> for RawPerTurn {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawPerTurn;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number, or a list of { turns = \"1-3\", … } entries")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<RawPerTurn, E> {
                u32::try_from(v).map(RawPerTurn::One).map_err(|_| E::custom(format!("{v} is not a count from 0")))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<RawPerTurn, E> {
                u32::try_from(v).map(RawPerTurn::One).map_err(|_| E::custom(format!("{v} is too large")))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawPerTurn, A::Error> {
                let mut out = Vec::new();
                while let Some(e) = seq.next_element()? {
                    out.push(e);
                }
                Ok(RawPerTurn::ByTurn(out))
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for RawTurns {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawTurns;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a turn (4) or a range of turns (\"1-3\")")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<RawTurns, E> {
                Ok(RawTurns(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<RawTurns, E> {
                Ok(RawTurns(v.to_string()))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawTurns, E> {
                Ok(RawTurns(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<RawTurns, A::Error> {
                Err(de::Error::custom("expected a turn (4) or a range of turns (\"1-3\")"))
            }
        }
        d.deserialize_any(V)
    }
}

/// `"1-3"`, `"1–3"` or `"4"` as (first, last).
pub(crate) fn parse_turns(text: &str) -> Option<(u32, u32)> {
    let text = text.trim();
    let (a, b) = text.split_once(['-', '–']).unwrap_or((text, text));
    let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    (a <= b).then_some((a, b))
}

/// Converts `key` (`hand_size` with entries' `size`, or `action_rounds` with `rounds`).
pub(super) fn per_turn(l: &mut Loader<'_>, file: FileId, raw: &TS<RawPerTurn>, key: &str) -> PerTurn {
    let span = Loader::span(file, raw);
    let value_key = if key == "hand_size" { "size" } else { "rounds" };
    let entries = match raw.get_ref() {
        RawPerTurn::One(n) => return PerTurn::single(*n, span),
        RawPerTurn::ByTurn(entries) => entries,
    };
    let mut out = PerTurn { entries: Vec::new(), span: span.clone() };
    for e in entries {
        let entry_span = Loader::span(file, e);
        let raw_entry = e.get_ref();
        let turns_span = Loader::span(file, &raw_entry.turns);
        let (value, other) = if value_key == "size" {
            (raw_entry.size, raw_entry.rounds.map(|_| "rounds"))
        } else {
            (raw_entry.rounds, raw_entry.size.map(|_| "size"))
        };
        if let Some(other) = other {
            l.diags.push(
                Diagnostic::error(Code::TOML_SHAPE, format!("a `{key}` entry takes `{value_key}`, not `{other}`"))
                    .at(&entry_span)
                    .with_hint(format!("write {{ turns = \"1-3\", {value_key} = … }}")),
            );
            continue;
        }
        let Some(value) = value else {
            l.diags.push(
                Diagnostic::error(Code::TOML_SHAPE, format!("a `{key}` entry needs `{value_key}`"))
                    .at(&entry_span)
                    .with_hint(format!("write {{ turns = \"1-3\", {value_key} = … }}")),
            );
            continue;
        };
        let written = &raw_entry.turns.get_ref().0;
        let Some(turns) = parse_turns(written) else {
            l.diags.push(
                Diagnostic::error(Code::BAD_VALUE, format!("`{written}` is not a turn or a range of turns"))
                    .at(&turns_span)
                    .with_hint(
                        "write one turn (\"4\") or the first and last turn (\"1-3\"), the first not after the last",
                    ),
            );
            continue;
        };
        out.entries.push(TurnValue { turns: Some(Spanned::new(turns, turns_span)), value, span: entry_span });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::parse_turns;

    #[test]
    fn turn_ranges_read_with_a_hyphen_or_an_en_dash() {
        assert_eq!(parse_turns("1-3"), Some((1, 3)));
        assert_eq!(parse_turns(" 4 – 10 "), Some((4, 10)));
        assert_eq!(parse_turns("7"), Some((7, 7)));
        assert_eq!(parse_turns("5-2"), None);
        assert_eq!(parse_turns("early"), None);
    }
}
