//! Counter faces against the rules: a back shows what `[[constraints.backs]]` says it must (seed
//! 000 rule 2.2: a one-step unit's back is an enemy unit), and steps agree with backs (a counter
//! whose back is its own damaged side holds a unit of two or more steps, and a unit of two or more
//! steps has its damaged side on the back of every counter that shows it).

use crate::diag::{Code, Diagnostic};
use crate::model::{CounterKind, Pack};

/// Runs the counter checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    backs(pack, out);
    steps(pack, out);
}

/// What the back of `c` shows relative to its front: `same-unit`, `enemy`, `same-side` or `blank`
/// (`None` when a face is not a unit: a marker).
fn back_kind(pack: &Pack, c: &CounterKind) -> Option<&'static str> {
    let front = pack.unit_by_id(&c.front)?;
    let Some(back) = &c.back else { return Some("blank") };
    if back.value == front.id {
        return Some("same-unit");
    }
    let back = pack.unit_by_id(back)?;
    let (a, b) = (pack.side_of_force(&front.force), pack.side_of_force(&back.force));
    Some(if a == b { "same-side" } else { "enemy" })
}

fn backs(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for rule in &pack.constraints.backs {
        let side = rule.side.as_ref().and_then(|s| pack.side(s)).map(|s| s.id.as_str());
        for c in &pack.counters {
            let Some(front) = pack.unit_by_id(&c.front) else { continue };
            if rule.steps.is_some_and(|n| n != front.steps) {
                continue;
            }
            if side.is_some() && pack.side_of_force(&front.force) != side {
                continue;
            }
            let Some(found) = back_kind(pack, c) else { continue };
            if found != rule.back {
                let back = c.back.as_ref().map_or("nothing", |b| b.value.as_str());
                out.push(
                    Diagnostic::error(
                        Code::COUNTER_BACK,
                        format!(
                            "counter `{}` shows `{}` on its back ({found}); the rules say the back is {}{}",
                            c.id,
                            back,
                            rule.back,
                            super::cite(pack, rule.rule.as_ref())
                        ),
                    )
                    .at(c.back.as_ref().map_or(&c.front.span, |b| &b.span))
                    .with_related(&rule.span, "the rule as data"),
                );
            }
        }
    }
}

fn steps(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for c in &pack.counters {
        let Some(front) = pack.unit_by_id(&c.front) else { continue };
        let damaged_back = c.back.as_ref().is_some_and(|b| b.value == front.id);
        let (message, hint) = if damaged_back && front.steps < 2 {
            (
                format!(
                    "counter `{}` has `{}` on both faces (a damaged side), but the unit has {} step",
                    c.id, front.id, front.steps
                ),
                "give the unit `steps` 2 in units.csv, or an enemy or blank back in counters.csv",
            )
        } else if !damaged_back && front.steps >= 2 {
            (
                format!(
                    "unit `{}` has {} steps, but counter `{}` shows no damaged side on its back",
                    front.id, front.steps, c.id
                ),
                "put the unit on the counter's back too (its damaged side), or give it 1 step",
            )
        } else {
            continue;
        };
        out.push(
            Diagnostic::error(Code::UNIT_STEPS, message)
                .at(&front.span)
                .with_related(&c.front.span, "the counter")
                .with_hint(hint),
        );
    }
}
