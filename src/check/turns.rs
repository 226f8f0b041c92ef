//! Hand size and action rounds by turn (setups.toml): the ranges may not overlap, and together
//! they cover every turn of the turn track (the setup's `turn_track`, else the track `turn`)
//! and no turn off it; without a turn track they must at least leave no gap between them (E0153,
//! at the entry in setups.toml).

use crate::diag::{Code, Diagnostic};
use crate::model::{turns_text, Pack, PerTurn, Setup, Track};

/// "turn" or "turns".
fn plural(n: usize) -> &'static str {
    if n == 1 {
        "turn"
    } else {
        "turns"
    }
}

/// How many turns a message lists.
const LISTED: usize = 8;

/// Runs the turn-range checks of every setup.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for setup in &pack.setups {
        let track = turn_track(pack, setup, out);
        let before = out.len();
        for (what, values) in [("hand size", &setup.hand_size), ("action rounds", &setup.action_rounds)] {
            if let Some(values) = values {
                ranges(setup, what, values, track, out);
            }
        }
        // Ranges with a fault give no one value per turn to compare with.
        if let Some(track) = track.filter(|_| out.len() == before) {
            printed_again(setup, track, out);
        }
    }
}

/// A turn track's attribute that states a setup's per-turn value (`states = "hand_size"`) gives
/// the same number in every box that has it (E0410): the value is typed twice, so it is compared.
fn printed_again(setup: &Setup, track: &Track, out: &mut Vec<Diagnostic>) {
    for attribute in &track.attributes {
        let Some(states) = &attribute.states else { continue };
        let values = match states.value.as_str() {
            "hand_size" => setup.hand_size.as_ref(),
            _ => setup.action_rounds.as_ref(),
        };
        let Some(values) = values else { continue };
        for b in &track.boxes {
            let Some(crate::model::FieldValue::Int(printed)) = b.values.get(&attribute.id) else { continue };
            let Some(stated) = u32::try_from(b.value).ok().and_then(|turn| values.at(turn)) else { continue };
            if i64::from(stated) != *printed {
                out.push(
                    Diagnostic::error(
                        Code::PRINTED_AGAIN,
                        format!(
                            "track `{}` prints {} {printed} on turn {}; setup `{}` gives {stated}",
                            track.id,
                            states.value.replace('_', " "),
                            b.value,
                            setup.id
                        ),
                    )
                    .at(&b.span)
                    .with_related(&values.span, "the setup's value")
                    .with_hint("the value is typed twice: correct the track box or setups.toml"),
                );
            }
        }
    }
}

/// The setup's turn track: `turn_track` when it names one (an unknown one is E0204), else the
/// track with id `turn`.
fn turn_track<'p>(pack: &'p Pack, setup: &Setup, out: &mut Vec<Diagnostic>) -> Option<&'p Track> {
    match &setup.turn_track {
        Some(r) => {
            let track = pack.tracks.iter().find(|t| crate::model::names_match(r, &t.id, &t.name));
            if track.is_none() {
                out.push(super::references::unknown(
                    Code::UNKNOWN_RULE,
                    "track",
                    r,
                    pack.tracks.iter().map(|t| t.id.as_str()),
                ));
            }
            track
        }
        None => pack.tracks.iter().find(|t| t.id == "turn"),
    }
}

fn ranges(setup: &Setup, what: &str, values: &PerTurn, track: Option<&Track>, out: &mut Vec<Diagnostic>) {
    let mut entries: Vec<_> = values.entries.iter().filter_map(|e| e.turns.as_ref().map(|t| (t, e))).collect();
    if entries.is_empty() {
        return; // one number for every turn
    }
    entries.sort_by_key(|(t, _)| t.value);
    let error = |message: String, span, hint: &str| {
        Diagnostic::error(Code::TURN_RANGES, format!("setup `{}`: {what} {message}", setup.id)).at(span).with_hint(hint)
    };
    for pair in entries.windows(2) {
        let ((a, _), (b, _)) = (pair[0], pair[1]);
        if b.value.0 <= a.value.1 {
            out.push(error(
                format!(
                    "for turns {} overlaps turns {}",
                    turns_text(b.value.0, b.value.1),
                    turns_text(a.value.0, a.value.1)
                ),
                &b.span,
                "give every turn one value: ranges may not share a turn",
            ));
        }
    }
    let covered =
        |turn: i64| entries.iter().any(|(t, _)| (i64::from(t.value.0)..=i64::from(t.value.1)).contains(&turn));
    let Some(track) = track else {
        for pair in entries.windows(2) {
            let ((a, _), (b, _)) = (pair[0], pair[1]);
            if b.value.0 > a.value.1 + 1 {
                out.push(error(
                    format!("gives no value for turns {}", turns_text(a.value.1 + 1, b.value.0 - 1)),
                    &b.span,
                    "let the ranges meet: each starts the turn after the last one ends",
                ));
            }
        }
        return;
    };
    let turns: Vec<i64> = track.boxes.iter().map(|b| b.value).collect();
    let missing: Vec<String> = turns.iter().filter(|&&t| !covered(t)).take(LISTED).map(|t| t.to_string()).collect();
    if !missing.is_empty() {
        out.push(error(
            format!(
                "gives no value for {} {} of the turn track `{}`",
                plural(missing.len()),
                missing.join(", "),
                track.id
            ),
            &values.span,
            "cover every box of the turn track with one range",
        ));
    }
    for (t, _) in &entries {
        // At most a track's length of turns on it, so `take` ends the walk early on a huge range.
        let off: Vec<String> = (t.value.0..=t.value.1)
            .filter(|&turn| !turns.contains(&i64::from(turn)))
            .take(LISTED)
            .map(|turn| turn.to_string())
            .collect();
        if !off.is_empty() {
            out.push(error(
                format!(
                    "names {} {}, which the turn track `{}` does not have",
                    plural(off.len()),
                    off.join(", "),
                    track.id
                ),
                &t.span,
                "name only turns that are boxes of the turn track",
            ));
        }
    }
}
