//! Setups obey the rules: stacking limits, forbidden places, what the counter mix can supply at
//! once (every counter shows one face at a time, and seed 000's backs are enemy units), chit
//! capacity of hexes, and the number of chits the mix holds.

use std::collections::BTreeMap;

use super::eval::{eval, OpenCards};
use crate::diag::{Code, Diagnostic, Span};
use crate::model::{Pack, Placement, Setup};

/// Runs the setup checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for setup in &pack.setups {
        let placements: Vec<&Placement> = pack.placements_of(&setup.id).collect();
        let open = OpenCards::at_start(pack, setup);
        stacking(pack, setup, &placements, &open, out);
        forbidden(pack, setup, &placements, &open, out);
        supply(pack, setup, &placements, out);
        chits(pack, setup, &placements, out);
    }
}

/// A placement resolved: location id, side id, unit id (None for chits).
struct Resolved<'a> {
    location: String,
    side: String,
    unit: Option<String>,
    placement: &'a Placement,
}

fn resolve<'a>(pack: &Pack, p: &'a Placement) -> Option<Resolved<'a>> {
    let location = match (pack.hex(&p.location), pack.box_def(&p.location)) {
        (Some(h), _) => format!("hex:{}", h.id),
        (None, Some(b)) => format!("box:{}", b.id),
        (None, None) => return None,
    };
    let side = pack.side(&p.side)?.id.clone();
    let unit = if pack.chits.is_named(&p.piece) { None } else { Some(pack.unit(Some(&side), &p.piece)?.id.clone()) };
    Some(Resolved { location, side, unit, placement: p })
}

/// A location's name for messages.
fn location_name(pack: &Pack, key: &str) -> String {
    let (_, id) = key.split_once(':').unwrap_or(("", key));
    match pack.hex(id).and_then(|h| h.place.as_ref()) {
        Some(place) if !place.name.ja.is_empty() => format!("{} ({})", place.name.ja, place.id),
        _ => id.to_string(),
    }
}

fn stacking(pack: &Pack, setup: &Setup, placements: &[&Placement], open: &OpenCards, out: &mut Vec<Diagnostic>) {
    for limit in &pack.constraints.stacking {
        let Some(side) = pack.side(&limit.side) else { continue };
        if limit.until.as_ref().is_some_and(|u| eval(pack, u, open) == Some(true)) {
            continue; // lifted at this setup's start
        }
        let mut per_location: BTreeMap<String, (u32, Vec<&Span>)> = BTreeMap::new();
        for r in placements.iter().filter_map(|p| resolve(pack, p)) {
            if r.side == side.id && r.unit.is_some() && r.location.starts_with("hex:") {
                let entry = per_location.entry(r.location.clone()).or_default();
                entry.0 += r.placement.count.value;
                entry.1.push(&r.placement.span);
            }
        }
        for (location, (units, spans)) in per_location {
            if units > limit.max_units {
                let mut d = Diagnostic::error(
                    Code::STACKING,
                    format!(
                        "{} places {units} {} units in {}; at most {} may stack there{}",
                        setup.id,
                        side.id,
                        location_name(pack, &location),
                        limit.max_units,
                        super::cite(pack, limit.rule.as_ref())
                    ),
                )
                .at(spans[spans.len() - 1])
                .with_related(&limit.span, "the stacking limit")
                .with_hint("chits do not count toward the limit; move units elsewhere or lift the limit with an `until` condition");
                for s in &spans[..spans.len() - 1] {
                    d = d.with_related(s, "also placed here");
                }
                out.push(d);
            }
        }
    }
}

fn forbidden(pack: &Pack, setup: &Setup, placements: &[&Placement], open: &OpenCards, out: &mut Vec<Diagnostic>) {
    for rule in &pack.constraints.forbidden {
        let (Some(side), Some(hex)) = (pack.side(&rule.side), pack.hex(&rule.location)) else { continue };
        if rule.until.as_ref().is_some_and(|u| eval(pack, u, open) == Some(true)) {
            continue;
        }
        for r in placements.iter().filter_map(|p| resolve(pack, p)) {
            if r.side == side.id && r.unit.is_some() && r.location == format!("hex:{}", hex.id) {
                let d = Diagnostic::error(
                    Code::FORBIDDEN_LOCATION,
                    format!(
                        "{} places {} units in {}, where the rules forbid them{}",
                        setup.id,
                        side.id,
                        location_name(pack, &r.location),
                        super::cite(pack, rule.rule.as_ref())
                    ),
                )
                .at(&r.placement.location.span)
                .with_related(&rule.location.span, "forbidden here")
                .with_hint("place the units elsewhere; the ban lasts until its `until` condition holds");
                out.push(d);
            }
        }
    }
}

/// Can the counter mix show every unit a setup places at the same time? Each counter shows one
/// face, so this is a flow problem: counters → the unit types on their faces → demand.
fn supply(pack: &Pack, setup: &Setup, placements: &[&Placement], out: &mut Vec<Diagnostic>) {
    let mut demand: BTreeMap<String, (u32, &Span)> = BTreeMap::new();
    for r in placements.iter().filter_map(|p| resolve(pack, p)) {
        if let Some(unit) = r.unit {
            let entry = demand.entry(unit).or_insert((0, &r.placement.piece.span));
            entry.0 += r.placement.count.value;
        }
    }
    if demand.is_empty() || pack.counters.is_empty() {
        return;
    }
    let unit_ids: Vec<&String> = demand.keys().collect();
    let index = |id: &str| unit_ids.iter().position(|u| u.as_str() == id);
    let groups: Vec<(u32, Vec<usize>)> = pack
        .counters
        .iter()
        .map(|c| {
            let mut faces: Vec<usize> =
                [Some(&c.front), c.back.as_ref()].into_iter().flatten().filter_map(|f| index(f)).collect();
            faces.dedup();
            (c.count.value, faces)
        })
        .collect();
    let wants: Vec<u32> = demand.values().map(|(n, _)| *n).collect();
    let served = max_supply(&groups, &wants);
    for (i, (unit, (wanted, span))) in demand.iter().enumerate() {
        if served[i] < *wanted {
            let max_alone: u32 = groups.iter().filter(|g| g.1.contains(&i)).map(|g| g.0).sum();
            let why = if max_alone < *wanted {
                format!("the counter mix shows `{unit}` on only {max_alone} counters")
            } else {
                format!("the counters that show `{unit}` are needed for their other face too; at most {} can show it at once", served[i])
            };
            out.push(
                Diagnostic::error(
                    Code::COUNTER_SUPPLY,
                    format!("{} needs {wanted} × `{unit}` at once, but {why}", setup.id),
                )
                .at(span)
                .with_hint("add counters to counters.csv or change the setup"),
            );
        }
    }
}

/// Maximum flow from counter groups (capacity, the unit indices their faces show) to unit demands;
/// returns how many of each unit can be served. Augmenting paths on a graph of a few dozen nodes.
fn max_supply(groups: &[(u32, Vec<usize>)], wants: &[u32]) -> Vec<u32> {
    let (g, u) = (groups.len(), wants.len());
    let (source, sink) = (g + u, g + u + 1);
    let n = g + u + 2;
    let mut cap = vec![vec![0u32; n]; n];
    for (i, (count, faces)) in groups.iter().enumerate() {
        cap[source][i] = *count;
        for &f in faces {
            cap[i][g + f] = u32::MAX / 4;
        }
    }
    for (j, w) in wants.iter().enumerate() {
        cap[g + j][sink] = *w;
    }
    loop {
        // Breadth-first search for an augmenting path.
        let mut prev = vec![usize::MAX; n];
        prev[source] = source;
        let mut queue = std::collections::VecDeque::from([source]);
        while let Some(v) = queue.pop_front() {
            for w in 0..n {
                if prev[w] == usize::MAX && cap[v][w] > 0 {
                    prev[w] = v;
                    queue.push_back(w);
                }
            }
        }
        if prev[sink] == usize::MAX {
            break;
        }
        let mut bottleneck = u32::MAX;
        let mut v = sink;
        while v != source {
            bottleneck = bottleneck.min(cap[prev[v]][v]);
            v = prev[v];
        }
        let mut v = sink;
        while v != source {
            cap[prev[v]][v] -= bottleneck;
            cap[v][prev[v]] += bottleneck;
            v = prev[v];
        }
    }
    (0..u).map(|j| wants[j] - cap[g + j][sink]).collect()
}

fn chits(pack: &Pack, setup: &Setup, placements: &[&Placement], out: &mut Vec<Diagnostic>) {
    let mut per_hex: BTreeMap<String, (u32, &Span)> = BTreeMap::new();
    let mut total = 0;
    for r in placements.iter().filter_map(|p| resolve(pack, p)) {
        if r.unit.is_none() {
            total += r.placement.count.value;
            if r.location.starts_with("hex:") {
                let e = per_hex.entry(r.location.clone()).or_insert((0, &r.placement.count.span));
                e.0 += r.placement.count.value;
                e.1 = &r.placement.count.span;
            }
        }
    }
    for (location, (n, span)) in per_hex {
        let hex = pack.hex(location.trim_start_matches("hex:"));
        if let Some(capacity) = hex.and_then(|h| h.chit_capacity).filter(|c| n > *c) {
            let mut d = Diagnostic::error(
                Code::CHIT_CAPACITY,
                format!("{} places {n} chits in {}, which holds {capacity}", setup.id, location_name(pack, &location)),
            )
            .at(span);
            if let Some(h) = hex {
                d = d.with_related(&h.span, "its capacity");
            }
            out.push(d.with_hint("raise the hex's `chits` in hexes.csv or place fewer chits"));
        }
    }
    let mix = pack.chits.total();
    if mix > 0 && total > mix {
        out.push(
            Diagnostic::error(
                Code::CHIT_SUPPLY,
                format!("{} places {total} chits; the chit mix holds {mix}", setup.id),
            )
            .at(&setup.span)
            .with_related(&pack.chits.span, "the chit mix"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::max_supply;

    #[test]
    fn a_counter_serves_one_face_at_a_time() {
        // 10 counters: federal soldier front, liberation soldier back; both sides want 6.
        assert_eq!(max_supply(&[(10, vec![0, 1])], &[6, 6]), vec![6, 4]);
    }

    #[test]
    fn flow_reroutes_through_other_groups() {
        // Group 0 shows A or B, group 1 shows only B: A 3, B 3 is feasible with 3 + 3 counters.
        assert_eq!(max_supply(&[(3, vec![0, 1]), (3, vec![1])], &[3, 3]), vec![3, 3]);
    }
}
