//! Numbers a condition compares must be reachable with the pack's data: `track(vp) >= 25` on a
//! track whose boxes end at 20 can never hold, nor can `turn() > 10` on a ten-box turn track or
//! `vp(liberation) >= 40` when the map's cities are worth 30 VP in all. Counts the pack does not
//! bound (losses, wins recorded) need nothing.

use crate::diag::{Code, Diagnostic};
use crate::model::{Call, Expr, Pack};

/// The values a number in a condition can take: `None` at an end means unbounded that way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Range {
    pub(crate) lo: Option<i64>,
    pub(crate) hi: Option<i64>,
}

impl Range {
    fn between(lo: i64, hi: i64) -> Range {
        Range { lo: Some(lo), hi: Some(hi) }
    }

    fn at_least(lo: i64) -> Range {
        Range { lo: Some(lo), hi: None }
    }

    /// Whether some value in the range compares with `n` as `cmp` says.
    pub(crate) fn allows(self, cmp: &str, n: i64) -> bool {
        let above = |v: i64| self.hi.is_none_or(|hi| hi >= v); // some value >= v
        let below = |v: i64| self.lo.is_none_or(|lo| lo <= v); // some value <= v
        match cmp {
            ">=" => above(n),
            ">" => n.checked_add(1).is_some_and(above),
            "<=" => below(n),
            "<" => n.checked_sub(1).is_some_and(below),
            "==" => above(n) && below(n),
            _ => true,
        }
    }

    fn describe(self) -> String {
        match (self.lo, self.hi) {
            (Some(lo), Some(hi)) => format!("from {lo} to {hi}"),
            (Some(lo), None) => format!("from {lo} up"),
            (None, Some(hi)) => format!("up to {hi}"),
            (None, None) => "any number".into(),
        }
    }
}

/// The range of a numeric call and what bounds it (for the message), when the pack bounds it.
pub(crate) fn range(pack: &Pack, call: &Call) -> Option<(Range, String)> {
    let arg = |i: usize| call.args.get(i).map_or("", |a| a.value.as_str());
    let track_range = |id: &str| {
        let track = pack.tracks.iter().find(|t| t.id == id)?;
        let lo = track.boxes.iter().map(|b| b.value).min()?;
        let hi = track.boxes.iter().map(|b| b.value).max()?;
        Some((Range::between(lo, hi), format!("track `{id}` runs {}", Range::between(lo, hi).describe())))
    };
    match call.name.value.as_str() {
        "track" => track_range(arg(0)),
        "turn" => track_range("turn").or(Some((Range::at_least(1), "turns count from 1".into()))),
        "vp" => {
            // A map whose places carry VP bounds what a side can hold; else a `vp` track does.
            let places: Vec<u32> =
                pack.map.iter().flat_map(|m| &m.hexes).filter_map(|h| h.place.as_ref()?.vp).collect();
            if places.is_empty() {
                return track_range("vp");
            }
            let sum: i64 = places.iter().map(|v| i64::from(*v)).sum();
            Some((Range::between(0, sum), format!("the map's places are worth {sum} VP in all")))
        }
        "controlled" => {
            let map = pack.map.as_ref();
            let areas = map.map_or(0, |m| m.areas.len());
            let places = map.map_or(0, |m| m.hexes.iter().filter(|h| h.place.is_some()).count());
            let n = i64::try_from(areas + places).unwrap_or(i64::MAX);
            Some((Range::between(0, n), format!("the map has {n} areas and places")))
        }
        "won" | "losses" | "turns-without-units" => Some((Range::at_least(0), "it counts from 0".into())),
        _ => None,
    }
}

/// Runs the reachability check on every condition of the pack.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let mut exprs: Vec<&Expr> = Vec::new();
    for card in &pack.cards {
        exprs.extend(card.requires.iter().chain(&card.auto_open).chain(&card.effects));
    }
    exprs.extend(pack.constraints.stacking.iter().filter_map(|s| s.until.as_ref()));
    exprs.extend(pack.constraints.forbidden.iter().filter_map(|f| f.until.as_ref()));
    exprs.extend(pack.victory.iter().map(|v| &v.when));
    for expr in exprs {
        compares(expr, &mut |call, cmp, value| {
            let Some((range, why)) = range(pack, call) else { return };
            if !range.allows(cmp, value) {
                let args: Vec<&str> = call.args.iter().map(|a| a.value.as_str()).collect();
                let written = format!("{}({}) {cmp} {value}", call.name.value, args.join(", "));
                out.push(
                    Diagnostic::error(Code::CONDITION_UNREACHABLE, format!("`{written}` can never hold: {why}"))
                        .at(&call.name.span)
                        .with_hint("compare with a value the data can reach, or extend the track or map"),
                );
            }
        });
    }
}

/// Calls `f` with every comparison in `expr`.
fn compares<'a>(expr: &'a Expr, f: &mut impl FnMut(&'a Call, &'a str, i64)) {
    match expr {
        // Two values of one kind compared can always hold, one way or the other.
        Expr::Call(_) | Expr::Versus { .. } => {}
        Expr::Compare { call, cmp, value } => f(call, cmp, *value),
        Expr::Not { expr } => compares(expr, f),
        Expr::All { exprs } | Expr::Any { exprs } => exprs.iter().for_each(|e| compares(e, f)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Track;

    fn pack_with_tracks() -> Pack {
        let track = Track::numbered;
        Pack { tracks: vec![track("vp", -20..=20), track("turn", 1..=10), track("defcon", 1..=5)], ..Pack::default() }
    }

    fn errors(pack: &Pack, when: &str) -> Vec<String> {
        let expr = crate::load::parse_expr_for_tests(when);
        let mut out = Vec::new();
        compares(&expr, &mut |call, cmp, value| {
            if let Some((range, why)) = range(pack, call) {
                if !range.allows(cmp, value) {
                    out.push(why);
                }
            }
        });
        out
    }

    #[test]
    fn values_inside_a_track_are_reachable() {
        let pack = pack_with_tracks();
        assert!(errors(&pack, "track(vp) >= 20").is_empty());
        assert!(errors(&pack, "track(vp) <= -20").is_empty());
        assert!(errors(&pack, "track(defcon) <= 2 & turn() == 10").is_empty());
        assert!(errors(&pack, "losses(player) >= 3").is_empty(), "losses need nothing");
    }

    #[test]
    fn values_past_a_track_are_not() {
        let pack = pack_with_tracks();
        assert_eq!(errors(&pack, "track(vp) >= 25"), ["track `vp` runs from -20 to 20"]);
        assert_eq!(errors(&pack, "turn() > 10"), ["track `turn` runs from 1 to 10"]);
        assert_eq!(errors(&pack, "track(defcon) < 1 | track(defcon) == 0").len(), 2);
    }

    #[test]
    fn ranges_compare_at_their_ends() {
        let r = Range::between(1, 10);
        assert!(r.allows(">=", 10) && !r.allows(">", 10) && r.allows("<", 2) && !r.allows("<", 1));
        assert!(Range::at_least(0).allows(">=", i64::MAX) && !Range::at_least(0).allows("<", 0));
    }
}
