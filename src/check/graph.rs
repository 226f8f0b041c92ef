//! Graph rules a map declares in `[map.graph]`: the map is connected (else its islands are listed,
//! each by a few names and its size: E0150), no area is adjacent to itself (E0151), every area or
//! land hex has between `min_degree` and `max_degree` neighbours (E0152). Errors sit at the
//! declaration in map.toml, with related notes at the offending rows. One-way adjacency stays
//! E0507 (areas.rs); here adjacency counts as soon as either side lists it.

use std::collections::{BTreeSet, HashMap, HashSet};

use crate::diag::{Code, Diagnostic, Span};
use crate::model::{GraphRules, Map, MapKind, Pack};

/// How many islands, and names per island, a message lists before it says "…".
const ISLANDS_LISTED: usize = 6;
const NAMES_LISTED: usize = 3;

/// Runs the graph-rule checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let Some(map) = &pack.map else { return };
    let Some(rules) = &map.graph else { return };
    if let Some(rule) = rules.rule.as_ref().filter(|r| pack.clause(r).is_none()) {
        let ids = pack.rules.sections.iter().flat_map(|s| s.clauses.iter().map(|c| c.id.as_str()));
        out.push(super::references::unknown(Code::UNKNOWN_RULE, "rule clause", rule, ids));
    }
    let graph = match map.kind {
        MapKind::Area => MapGraph::of_areas(map),
        MapKind::Hex => MapGraph::of_hexes(pack, map, rules),
    };
    let cite = super::cite(pack, rules.rule.as_ref());
    if !rules.self_loops.value {
        for (node, span) in &graph.loops {
            out.push(
                Diagnostic::error(
                    Code::MAP_SELF_LOOP,
                    format!(
                        "{} `{}` is adjacent to itself; the map's graph rules allow no self-loops{cite}",
                        graph.noun, graph.names[*node]
                    ),
                )
                .at(&rules.self_loops.span)
                .with_related(span, "listed here")
                .with_hint(format!("remove `{}` from its own adjacent column", graph.names[*node])),
            );
        }
    }
    degrees(&graph, rules, &cite, out);
    if rules.connected.as_ref().is_some_and(|c| c.value) {
        connected(&graph, rules, &cite, out);
    }
}

/// The undirected graph of a map: areas, or land hexes.
pub(crate) struct MapGraph<'m> {
    /// `area` or `hex`, for messages.
    noun: &'static str,
    /// Each node's name: an area id, a hex's place id or its number.
    pub(crate) names: Vec<String>,
    /// Each node's row.
    spans: Vec<&'m Span>,
    /// Neighbours of each node (never itself).
    pub(crate) adjacent: Vec<BTreeSet<usize>>,
    /// Nodes listed as their own neighbour, with where.
    loops: Vec<(usize, &'m Span)>,
}

impl<'m> MapGraph<'m> {
    /// Areas joined by their `adjacent` lists (either side's listing counts).
    pub(crate) fn of_areas(map: &'m Map) -> Self {
        let index: HashMap<&str, usize> = map.areas.iter().enumerate().map(|(i, a)| (a.id.as_str(), i)).collect();
        let mut g = MapGraph {
            noun: "area",
            names: map.areas.iter().map(|a| a.id.clone()).collect(),
            spans: map.areas.iter().map(|a| &a.span).collect(),
            adjacent: vec![BTreeSet::new(); map.areas.len()],
            loops: Vec::new(),
        };
        for (i, area) in map.areas.iter().enumerate() {
            for adj in &area.adjacent {
                match index.get(adj.value.as_str()) {
                    Some(&j) if j == i => g.loops.push((i, &adj.span)),
                    Some(&j) => {
                        g.adjacent[i].insert(j);
                        g.adjacent[j].insert(i);
                    }
                    None => {} // an unknown area is E0203
                }
            }
        }
        g
    }

    /// Land hexes (not water, not declared `isolated`) joined across every hexside that is not
    /// impassable, and by sea routes when the rules say `routes = true`.
    fn of_hexes(pack: &Pack, map: &'m Map, rules: &GraphRules) -> Self {
        let isolated: HashSet<&str> = map.isolated.iter().filter_map(|r| pack.hex(r)).map(|h| h.id.as_str()).collect();
        let land: Vec<usize> = (0..map.hexes.len())
            .filter(|&i| {
                let h = &map.hexes[i];
                !isolated.contains(h.id.as_str()) && !pack.terrain(&h.terrain).is_some_and(|t| t.water)
            })
            .collect();
        let node_of: HashMap<(u32, u32), usize> =
            land.iter().enumerate().map(|(n, &i)| ((map.hexes[i].col, map.hexes[i].row), n)).collect();
        let by_id: HashMap<&str, usize> =
            land.iter().enumerate().map(|(n, &i)| (map.hexes[i].id.as_str(), n)).collect();
        let blocked: HashSet<(usize, usize)> = map
            .hexsides
            .iter()
            .filter(|s| s.feature == "impassable")
            .filter_map(|s| {
                let (a, b) = (pack.hex(&s.a)?, pack.hex(&s.b)?);
                Some((*by_id.get(a.id.as_str())?, *by_id.get(b.id.as_str())?))
            })
            .flat_map(|(a, b)| [(a, b), (b, a)])
            .collect();
        let mut g = MapGraph {
            noun: "hex",
            names: land
                .iter()
                .map(|&i| {
                    let h = &map.hexes[i];
                    h.place.as_ref().map_or_else(|| h.id.clone(), |p| format!("{} ({})", h.id, p.id))
                })
                .collect(),
            spans: land.iter().map(|&i| &map.hexes[i].span).collect(),
            adjacent: vec![BTreeSet::new(); land.len()],
            loops: Vec::new(),
        };
        if let Some(grid) = &map.grid {
            for (n, &i) in land.iter().enumerate() {
                let h = &map.hexes[i];
                for at in grid.neighbours((h.col, h.row)) {
                    if let Some(&m) = node_of.get(&at) {
                        if !blocked.contains(&(n, m)) {
                            g.adjacent[n].insert(m);
                        }
                    }
                }
            }
        }
        if rules.routes {
            for route in &map.routes {
                let ends = (pack.hex(&route.from), pack.hex(&route.to));
                let (Some(a), Some(b)) = ends else { continue };
                let (Some(&a), Some(&b)) = (by_id.get(a.id.as_str()), by_id.get(b.id.as_str())) else { continue };
                if a == b {
                    g.loops.push((a, &route.span));
                } else {
                    g.adjacent[a].insert(b);
                    g.adjacent[b].insert(a);
                }
            }
        }
        g
    }

    /// The connected components, largest first (ties: the one with the earliest node first),
    /// each in node order.
    pub(crate) fn components(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.names.len()];
        let mut out = Vec::new();
        for start in 0..self.names.len() {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut island = vec![start];
            let mut next = 0;
            while next < island.len() {
                let v = island[next];
                next += 1;
                for &w in &self.adjacent[v] {
                    if !seen[w] {
                        seen[w] = true;
                        island.push(w);
                    }
                }
            }
            island.sort_unstable();
            out.push(island);
        }
        out.sort_by(|a, b| b.len().cmp(&a.len()).then(a[0].cmp(&b[0])));
        out
    }

    /// "3 areas (a, b, c)" or "12 hexes (…, …, …, …)".
    fn describe(&self, island: &[usize]) -> String {
        let noun = if island.len() == 1 {
            self.noun.to_string()
        } else if self.noun == "hex" {
            "hexes".to_string()
        } else {
            format!("{}s", self.noun)
        };
        let mut names: Vec<&str> = island.iter().take(NAMES_LISTED).map(|&n| self.names[n].as_str()).collect();
        if island.len() > NAMES_LISTED {
            names.push("…");
        }
        format!("{} {noun} ({})", island.len(), names.join(", "))
    }
}

fn connected(graph: &MapGraph<'_>, rules: &GraphRules, cite: &str, out: &mut Vec<Diagnostic>) {
    let islands = graph.components();
    if islands.len() < 2 {
        return;
    }
    let mut listed: Vec<String> = islands.iter().take(ISLANDS_LISTED).map(|i| graph.describe(i)).collect();
    if islands.len() > ISLANDS_LISTED {
        listed.push(format!("{} more", islands.len() - ISLANDS_LISTED));
    }
    let Some(connected) = &rules.connected else { return };
    let mut d = Diagnostic::error(
        Code::MAP_DISCONNECTED,
        format!("the map is not connected: it falls into {} islands: {}{cite}", islands.len(), listed.join("; ")),
    )
    .at(&connected.span);
    for island in islands.iter().skip(1).take(ISLANDS_LISTED) {
        d = d.with_related(graph.spans[island[0]], format!("an island of {}", graph.describe(island)));
    }
    let hint = if graph.noun == "hex" {
        "join the land across a passable hexside (or, with `routes = true`, by a sea route), declare the cut-off hexes `isolated`, or drop `connected = true`"
    } else {
        "add the adjacency that joins the islands (areas.csv `adjacent`), or drop `connected = true` if the map has separate parts on purpose"
    };
    out.push(d.with_hint(hint));
}

fn degrees(graph: &MapGraph<'_>, rules: &GraphRules, cite: &str, out: &mut Vec<Diagnostic>) {
    for (n, adjacent) in graph.adjacent.iter().enumerate() {
        let degree = adjacent.len() as u32;
        let bound = [(&rules.min_degree, true), (&rules.max_degree, false)].into_iter().find_map(|(b, min)| {
            b.as_ref().filter(|b| if min { degree < b.value } else { degree > b.value }).map(|b| (b, min))
        });
        let Some((bound, min)) = bound else { continue };
        let neighbours: Vec<&str> = adjacent.iter().map(|&m| graph.names[m].as_str()).collect();
        let (want, hint) = if min {
            (format!("at least {}", bound.value), "join it to more neighbours, or lower `min_degree`")
        } else {
            (format!("at most {}", bound.value), "drop some of its adjacency, or raise `max_degree`")
        };
        let plural = if degree == 1 { "neighbour" } else { "neighbours" };
        let list = if neighbours.is_empty() { String::new() } else { format!(" ({})", neighbours.join(", ")) };
        out.push(
            Diagnostic::error(
                Code::MAP_DEGREE,
                format!(
                    "{} `{}` has {degree} {plural}{list}; the map's graph rules want {want}{cite}",
                    graph.noun, graph.names[n]
                ),
            )
            .at(&bound.span)
            .with_related(graph.spans[n], format!("the {}", graph.noun))
            .with_hint(hint),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Area, Names, Spanned};

    fn area(id: &str, adjacent: &[&str]) -> Area {
        Area {
            id: id.into(),
            name: Names::default(),
            region: Spanned::default(),
            adjacent: adjacent.iter().map(|a| Spanned::new(a.to_string(), Span::default())).collect(),
            at: None,
            attributes: Default::default(),
            side: None,
            variant: None,
            span: Span::default(),
        }
    }

    #[test]
    fn islands_are_listed_largest_first_with_their_areas() {
        let map = Map {
            kind: MapKind::Area,
            areas: vec![
                area("a", &["b"]),
                area("b", &["a", "c"]),
                area("c", &["b"]),
                area("d", &["e"]),
                area("e", &["d"]),
                area("f", &[]),
            ],
            ..Map::default()
        };
        let g = MapGraph::of_areas(&map);
        assert_eq!(g.components(), vec![vec![0, 1, 2], vec![3, 4], vec![5]]);
        assert_eq!(g.describe(&[0, 1, 2]), "3 areas (a, b, c)");
        assert_eq!(g.describe(&[5]), "1 area (f)");
    }

    #[test]
    fn one_way_adjacency_still_joins_two_areas_and_self_loops_are_kept_apart() {
        let map = Map { kind: MapKind::Area, areas: vec![area("a", &["b", "a"]), area("b", &[])], ..Map::default() };
        let g = MapGraph::of_areas(&map);
        assert_eq!(g.components().len(), 1);
        assert_eq!(g.adjacent[1].len(), 1);
        assert_eq!(g.loops.len(), 1);
    }
}
