//! Counter supply (E0303): can the counter mix show, at once, every piece a setup places? Every
//! placement of a unit or marker counts — on a hex, an area, a box or a track — against the
//! counters whose front or back shows it; each counter shows one face at a time (seed 000's backs
//! are enemy units), so this is a flow from counters to faces. Chits are E0305 (setups.rs).
//!
//! [`demand`] is what a setup asks for, by face; free placements ("6 USSR influence anywhere in
//! East Europe") add to it in [`add_free_placements`]. When the fixed placements fit and the free
//! ones push a face over, the finding is E0314 at the free placement, else E0303.

use std::collections::BTreeMap;

use crate::diag::{Code, Diagnostic, Span};
use crate::model::{Pack, Setup};

/// How many of one face a setup places, and where the first such piece is written.
#[derive(Debug)]
pub struct Demand<'p> {
    /// Pieces showing this face at the start.
    pub count: u32,
    /// The first placement's piece cell, where an error points.
    pub span: &'p Span,
    /// How many of `count` the setup's free placements add.
    pub free: u32,
    /// The count of the last free placement of this face, where an error points when the free
    /// placements push the face over its supply (E0314).
    pub free_span: Option<&'p Span>,
}

/// What `setup` places, by counter face (a unit or marker id): every row of setups.csv for the
/// setup whose piece is a unit of its side, a marker or a counter kind (its front face), wherever
/// it stands, plus its free placements.
pub fn demand<'p>(pack: &'p Pack, setup: &'p Setup) -> BTreeMap<String, Demand<'p>> {
    let mut demand: BTreeMap<String, Demand<'p>> = BTreeMap::new();
    for p in pack.placements_of(&setup.id) {
        let side = pack.side(&p.side).map(|s| s.id.as_str());
        if side.is_none() && !p.side.value.is_empty() {
            continue; // E0205
        }
        let Some(face) = pack.piece(side, &p.piece).and_then(|piece| piece.face().map(str::to_string)) else {
            continue; // a chit, or an unknown piece (E0201/E0209)
        };
        let entry = demand.entry(face).or_insert(Demand { count: 0, span: &p.piece.span, free: 0, free_span: None });
        entry.count = entry.count.saturating_add(p.count.value);
    }
    add_free_placements(pack, setup, &mut demand);
    demand
}

/// Adds a setup's free placements ("6 USSR influence anywhere in East Europe") to the demand of
/// their face, so the supply check counts them with the fixed placements.
fn add_free_placements<'p>(pack: &'p Pack, setup: &'p Setup, demand: &mut BTreeMap<String, Demand<'p>>) {
    for free in pack.free_placements_of(&setup.id) {
        let side = pack.side(&free.side).map(|s| s.id.as_str());
        let Some(face) = pack.piece(side, &free.piece).and_then(|piece| piece.face().map(str::to_string)) else {
            continue; // unknown: reported by the free-placement check
        };
        let entry = demand.entry(face).or_insert(Demand { count: 0, span: &free.count.span, free: 0, free_span: None });
        entry.count = entry.count.saturating_add(free.count.value);
        entry.free = entry.free.saturating_add(free.count.value);
        entry.free_span = Some(&free.count.span);
    }
}

/// E0303 for every face `setup` needs more of than the counters can show at once.
pub(super) fn check(pack: &Pack, setup: &Setup, out: &mut Vec<Diagnostic>) {
    let demand = demand(pack, setup);
    if demand.is_empty() || pack.counters.is_empty() {
        return;
    }
    let faces: Vec<&String> = demand.keys().collect();
    let index = |id: &str| faces.iter().position(|f| f.as_str() == id);
    let groups: Vec<(u32, Vec<usize>)> = pack
        .counters
        .iter()
        .map(|c| {
            let mut shown: Vec<usize> =
                [Some(&c.front), c.back.as_ref()].into_iter().flatten().filter_map(|f| index(f)).collect();
            shown.dedup();
            (c.count.value, shown)
        })
        .collect();
    let wants: Vec<u32> = demand.values().map(|d| d.count).collect();
    let served = max_supply(&groups, &wants);
    for (i, (face, d)) in demand.iter().enumerate() {
        if served[i] < d.count {
            let max_alone: u32 = groups.iter().filter(|g| g.1.contains(&i)).map(|g| g.0).sum();
            let why = if max_alone < d.count {
                format!("the counter mix shows `{face}` on only {max_alone} counters")
            } else {
                format!(
                    "the counters that show `{face}` are needed for their other face too; at most {} can show it at once",
                    served[i]
                )
            };
            // Placements that fit alone are pushed over by the free placements: say so there.
            let diagnostic = match d.free_span.filter(|_| d.count - d.free <= served[i]) {
                Some(free_span) => Diagnostic::error(
                    Code::FREE_SUPPLY,
                    format!(
                        "setup `{}` places {} × `{face}` and {} more freely, {} in all, but {why}",
                        setup.id,
                        d.count - d.free,
                        d.free,
                        d.count
                    ),
                )
                .at(free_span)
                .with_hint("lower the counts, or add counters in counters.csv"),
                None => Diagnostic::error(
                    Code::COUNTER_SUPPLY,
                    format!("{} needs {} × `{face}` at once, but {why}", setup.id, d.count),
                )
                .at(d.span)
                .with_hint("add counters to counters.csv or change the setup"),
            };
            out.push(diagnostic);
        }
    }
}

/// Maximum flow from counter groups (capacity, the face indices they show) to face demands;
/// returns how many of each face can be served. Augmenting paths on a graph of a few dozen nodes.
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

    #[test]
    fn influence_and_control_share_their_counters() {
        // 80 double-sided influence/control markers: 100 influence cannot all show at once.
        assert_eq!(max_supply(&[(80, vec![0, 1])], &[100]), vec![80]);
        assert_eq!(max_supply(&[(80, vec![0, 1])], &[60, 20]), vec![60, 20]);
    }
}
