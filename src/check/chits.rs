//! The chit mix against the counts per value the sources list (`[totals] chit_counts`). The
//! declared mean cannot do this alone: seed 000's 79 chits sum to 198, mean 2.506, and moving one
//! chit from 2P to 1P (22 and 22) gives 197/79 = 2.494; both round to the stated 2.5.

use crate::diag::{Code, Diagnostic};
use crate::model::Pack;

/// Runs the comparison.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let Some(stated) = &pack.game.totals.chit_counts else { return };
    for (key, &count) in &stated.value {
        let Ok(value) = key.parse::<u32>() else {
            out.push(
                Diagnostic::error(Code::BAD_VALUE, format!("chit_counts key `{key}` is not a chit value"))
                    .at(&stated.span)
                    .with_hint("key each count by the chit's value: `chit_counts = { 1 = 21, 2 = 23 }`"),
            );
            continue;
        };
        let defined = pack.chits.values.iter().filter(|v| v.value == value).map(|v| v.count).sum::<u32>();
        if defined != count {
            out.push(
                Diagnostic::error(
                    Code::CHIT_COUNTS,
                    format!("the chit mix has {defined} chits of value {value}; the sources list {count}"),
                )
                .at(&stated.span)
                .with_related(&pack.chits.span, "the chit mix")
                .with_hint("fix the count in [chits] values, or the listed count"),
            );
        }
    }
    for v in &pack.chits.values {
        if !stated.value.keys().any(|k| k.parse::<u32>() == Ok(v.value)) {
            out.push(
                Diagnostic::error(
                    Code::CHIT_COUNTS,
                    format!("the chit mix has {} chits of value {}, which the sources do not list", v.count, v.value),
                )
                .at(&stated.span)
                .with_related(&pack.chits.span, "the chit mix"),
            );
        }
    }
}
