//! Tracks hold what the rules state about them: the boxes run by their step without a gap or a
//! repeat (E0407), as many as `count` says (E0407), the `start` is a box and every setup puts the
//! track's markers there (E0408), and an attribute declared rising or falling never turns back
//! (E0409). Deleting DEFCON 3 or swapping two boxes' costs is caught here.

use crate::diag::{Code, Diagnostic};
use crate::model::{FieldValue, Location, Order, Pack, Track};

/// Runs the track checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for track in &pack.tracks {
        run(track, out);
        count(track, out);
        start(pack, track, out);
        order(track, out);
    }
}

/// The boxes step by the declared step in one direction (a repeated value always fails).
fn run(track: &Track, out: &mut Vec<Diagnostic>) {
    let step = track.shape.step.as_ref().map_or(1, |s| s.value.abs());
    let mut direction = 0;
    for pair in track.boxes.windows(2) {
        let (before, box_) = (&pair[0], &pair[1]);
        let difference = box_.value - before.value;
        let repeated = difference == 0;
        let wrong_step = track.shape.contiguous && difference.abs() != step;
        let turned = direction != 0 && difference.signum() != direction;
        if repeated || wrong_step || turned {
            let what = if repeated {
                format!("box {} comes twice", box_.value)
            } else if turned {
                format!("box {} after box {} turns back", box_.value, before.value)
            } else {
                format!("box {} follows box {}, which is not a step of {step}", box_.value, before.value)
            };
            let heading = if direction != 0 { direction } else { difference.signum() };
            let expected = before.value + heading * step;
            out.push(
                Diagnostic::error(Code::TRACK_SHAPE, format!("track `{}`: {what}", track.id))
                    .at(&box_.span)
                    .with_hint(if repeated || turned {
                        "list each value once, in the order the boxes print".to_string()
                    } else {
                        format!(
                            "the next box would be {expected}; declare `step = N` for a track counting in Ns, or `contiguous = false` for chosen values"
                        )
                    }),
            );
            return;
        }
        direction = difference.signum();
    }
}

fn count(track: &Track, out: &mut Vec<Diagnostic>) {
    let Some(count) = &track.shape.count else { return };
    if track.boxes.len() != count.value as usize {
        out.push(
            Diagnostic::error(
                Code::TRACK_SHAPE,
                format!("track `{}` has {} boxes; its count states {}", track.id, track.boxes.len(), count.value),
            )
            .at(&count.span)
            .with_hint("add or remove boxes, or correct `count` to what the game prints"),
        );
    }
}

/// `start` is a box, and each setup's placement of the track's markers on it is at `start`.
fn start(pack: &Pack, track: &Track, out: &mut Vec<Diagnostic>) {
    let Some(start) = &track.shape.start else { return };
    if !track.boxes.iter().any(|b| b.value == start.value) {
        let values: Vec<String> = track.boxes.iter().map(|b| b.value.to_string()).collect();
        out.push(
            Diagnostic::error(
                Code::TRACK_START,
                format!("track `{}` starts at {}, which is not one of its boxes", track.id, start.value),
            )
            .at(&start.span)
            .with_hint(format!("its boxes are {}", shorten(&values))),
        );
        return;
    }
    for p in &pack.placements {
        let Some(Location::TrackBox(t, b)) = pack.locate(&p.location) else { continue };
        if t.id != track.id || b.value == start.value {
            continue;
        }
        // A marker the track does not take is reported by the setup checks (E0208).
        let piece = pack.marker(&p.piece).map(|m| m.id.as_str());
        if track.markers.is_empty() || track.markers.iter().any(|m| pack.marker(m).map(|m| m.id.as_str()) == piece) {
            out.push(
                Diagnostic::error(
                    Code::TRACK_START,
                    format!(
                        "setup `{}` puts `{}` on box {} of track `{}`, which starts at {}",
                        p.setup.value, p.piece.value, b.value, track.id, start.value
                    ),
                )
                .at(&p.location.span)
                .with_related(&start.span, "the start stated here")
                .with_hint("the rules state the start once: correct the setup row or the track's `start`"),
            );
        }
    }
}

/// An attribute declared rising (falling) is never smaller (larger) than in the box before that
/// gives it.
fn order(track: &Track, out: &mut Vec<Diagnostic>) {
    for attribute in &track.attributes {
        let Some(order) = &attribute.order else { continue };
        let mut before: Option<(i64, i64)> = None;
        for b in &track.boxes {
            let Some(FieldValue::Int(n)) = b.values.get(&attribute.id) else { continue };
            if let Some((value, previous)) = before {
                let turned = match order.value {
                    Order::Rising => *n < previous,
                    Order::Falling => *n > previous,
                };
                if turned {
                    out.push(
                        Diagnostic::error(
                            Code::TRACK_ORDER,
                            format!(
                                "track `{}`: `{}` is {n} in box {} after {previous} in box {value}, and it is declared {}",
                                track.id,
                                attribute.id,
                                b.value,
                                if order.value == Order::Rising { "rising" } else { "falling" }
                            ),
                        )
                        .at(&b.span)
                        .with_related(&order.span, "declared here")
                        .with_hint("two boxes' values may have been swapped: compare them with the printed track"),
                    );
                    break;
                }
            }
            before = Some((b.value, *n));
        }
    }
}

/// At most the first and last few values of a long list.
fn shorten(values: &[String]) -> String {
    if values.len() <= 8 {
        return values.join(", ");
    }
    format!("{}, …, {}", values[..3].join(", "), values[values.len() - 3..].join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Spanned, Track};

    fn codes(track: &Track) -> Vec<&'static str> {
        let mut out = Vec::new();
        run(track, &mut out);
        out.iter().map(|d| d.code.0).collect()
    }

    #[test]
    fn a_run_steps_one_way_by_its_step_unless_it_is_of_chosen_values() {
        let falling = Track::numbered("defcon", 1..=5);
        assert!(codes(&Track { boxes: falling.boxes.into_iter().rev().collect(), ..Track::numbered("d", 1..=1) })
            .is_empty());
        let mut fives = Track::numbered("vp", 0..=3);
        fives.boxes.iter_mut().for_each(|b| b.value *= 5);
        assert_eq!(codes(&fives), ["E0407"]);
        fives.shape.step = Some(Spanned { value: 5, span: Default::default() });
        assert!(codes(&fives).is_empty());
        let mut chosen = Track::numbered("casualties", 0..=3);
        chosen.boxes[3].value = 5;
        assert_eq!(codes(&chosen), ["E0407"]);
        chosen.shape.contiguous = false;
        assert!(codes(&chosen).is_empty());
        chosen.boxes[3].value = 2;
        assert_eq!(codes(&chosen), ["E0407"], "a repeated value fails whatever the step");
        chosen.boxes[3].value = 1;
        assert_eq!(codes(&chosen), ["E0407"], "turning back fails whatever the step");
    }
}
