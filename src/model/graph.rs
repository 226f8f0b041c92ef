//! The card graph: which card's opening enables, opens, removes or blocks which other card, unit
//! or victory. Built from the conditions and effects of the pack; the flowchart draws it and the
//! card-logic checks walk it.

use serde::Serialize;

use std::collections::{HashMap, HashSet};

use super::{Expr, Pack};

/// Which side a node belongs to, for grouping.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Hash)]
pub enum Group {
    /// The first side of the pack.
    First,
    /// Either side, or unknown.
    Both,
    /// The second side of the pack.
    Second,
}

/// What a node stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum NodeKind {
    /// A card.
    Card,
    /// A unit type that becomes available.
    Unit,
    /// A place that opens to a side.
    Place,
    /// A side's victory.
    Victory,
}

/// One node.
#[derive(Clone, Debug, Serialize)]
pub struct Node {
    /// `card:29`, `unit:hasty`, `place:andy`, `victory:liberation`.
    pub id: String,
    /// First label line (e.g. `29 解放人民政府樹立`).
    pub label: String,
    /// Second label line (English).
    pub label_en: String,
    /// Side group.
    pub group: Group,
    /// Kind.
    pub kind: NodeKind,
}

/// How one node leads to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Hash)]
pub enum EdgeKind {
    /// The source being open is (part of) the target's condition.
    Enables,
    /// Playing the source opens the target.
    Opens,
    /// Playing the source removes the target from the game.
    Removes,
    /// The source being open prevents the target.
    Blocks,
    /// The source being open is (part of) a victory condition.
    Victory,
}

/// A directed edge between node indices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Hash)]
pub struct Edge {
    /// Source node index.
    pub from: usize,
    /// Target node index.
    pub to: usize,
    /// Kind.
    pub kind: EdgeKind,
}

/// The whole graph.
#[derive(Clone, Debug, Default, Serialize)]
pub struct CardGraph {
    /// Nodes: cards in number order, then units, places, victories.
    pub nodes: Vec<Node>,
    /// Edges, deduplicated.
    pub edges: Vec<Edge>,
    /// Node index by id and the edges so far, so building stays linear in a large pack.
    #[serde(skip)]
    seen_nodes: HashMap<String, usize>,
    #[serde(skip)]
    seen_edges: HashSet<Edge>,
}

/// The `open(x)` cards an expression mentions, each with whether it appears negated.
pub fn card_atoms<'e>(expr: &'e Expr, negated: bool, out: &mut Vec<(&'e str, bool)>) {
    match expr {
        Expr::Call(c) if c.name.value == "open" => {
            if let Some(a) = c.args.first() {
                out.push((a.value.as_str(), negated));
            }
        }
        Expr::Call(_) | Expr::Compare { .. } | Expr::Versus { .. } => {}
        Expr::Not { expr } => card_atoms(expr, !negated, out),
        Expr::All { exprs } | Expr::Any { exprs } => exprs.iter().for_each(|e| card_atoms(e, negated, out)),
    }
}

impl CardGraph {
    /// Builds the graph of `pack`.
    pub fn of(pack: &Pack) -> CardGraph {
        let mut g = CardGraph::default();
        let group = |side: Option<&str>| match side
            .and_then(|s| pack.side(s))
            .and_then(|s| pack.sides.iter().position(|x| x.id == s.id))
        {
            Some(0) => Group::First,
            Some(_) => Group::Second,
            None => Group::Both,
        };
        let cards = pack.cards_in_order();
        for c in &cards {
            g.nodes.push(Node {
                id: format!("card:{}", c.id),
                label: format!("{} {}", c.id, c.name.ja),
                label_en: c.name.en.clone(),
                group: group(c.side.as_ref().map(|s| s.value.as_str())),
                kind: NodeKind::Card,
            });
        }
        // Cards are the first nodes, in `cards` order; a card's node is found by its id.
        let lookup = pack.card_index();
        let mut position: HashMap<&str, usize> = HashMap::new();
        for (i, c) in cards.iter().enumerate() {
            position.entry(c.id.as_str()).or_insert(i);
        }
        for (i, n) in g.nodes.iter().enumerate() {
            g.seen_nodes.entry(n.id.clone()).or_insert(i);
        }
        let card_index = |_: &CardGraph, r: &str| lookup.get(r).and_then(|c| position.get(c.id.as_str()).copied());
        for c in &cards {
            let me = card_index(&g, &c.id).unwrap_or(0);
            for cond in c.requires.iter().chain(&c.auto_open) {
                let mut atoms = Vec::new();
                card_atoms(cond, false, &mut atoms);
                for (card, negated) in atoms {
                    if let Some(from) = card_index(&g, card) {
                        g.edge(from, me, if negated { EdgeKind::Blocks } else { EdgeKind::Enables });
                    }
                }
            }
            for effect in &c.effects {
                for call in effect.calls() {
                    let arg = call.args.first().map_or("", |a| a.value.as_str());
                    match call.name.value.as_str() {
                        "opens" | "removes" => {
                            if let Some(to) = card_index(&g, arg) {
                                g.edge(
                                    me,
                                    to,
                                    if call.name.value == "opens" { EdgeKind::Opens } else { EdgeKind::Removes },
                                );
                            }
                        }
                        "enables" => {
                            if let Some(u) = pack.unit(None, arg) {
                                let side = pack.side_of_force(&u.force).map(str::to_string);
                                let to = g.node(
                                    format!("unit:{}", u.id),
                                    &u.name.ja,
                                    &u.name.en,
                                    group(side.as_deref()),
                                    NodeKind::Unit,
                                );
                                g.edge(me, to, EdgeKind::Enables);
                            }
                        }
                        "allows-entry" => {
                            let place = call.args.get(1).map_or("", |a| a.value.as_str());
                            if let Some(p) = pack.hex(place).and_then(|h| h.place.as_ref()) {
                                let to = g.node(
                                    format!("place:{}", p.id),
                                    &p.name.ja,
                                    &p.name.en,
                                    group(Some(arg)),
                                    NodeKind::Place,
                                );
                                g.edge(me, to, EdgeKind::Enables);
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        for v in &pack.victory {
            let side = pack.side(&v.side);
            let (ja, en) = side.map_or((v.side.value.clone(), String::new()), |s| {
                (format!("{}勝利", s.name.ja), format!("{} victory", s.name.en))
            });
            let to =
                g.node(format!("victory:{}", v.side.value), &ja, &en, group(Some(&v.side.value)), NodeKind::Victory);
            let mut atoms = Vec::new();
            card_atoms(&v.when, false, &mut atoms);
            for (card, negated) in atoms {
                if let Some(from) = card_index(&g, card) {
                    g.edge(from, to, if negated { EdgeKind::Blocks } else { EdgeKind::Victory });
                }
            }
        }
        g
    }

    fn node(&mut self, id: String, label: &str, label_en: &str, group: Group, kind: NodeKind) -> usize {
        if let Some(&i) = self.seen_nodes.get(&id) {
            return i;
        }
        self.seen_nodes.insert(id.clone(), self.nodes.len());
        self.nodes.push(Node { id, label: label.to_string(), label_en: label_en.to_string(), group, kind });
        self.nodes.len() - 1
    }

    fn edge(&mut self, from: usize, to: usize, kind: EdgeKind) {
        let e = Edge { from, to, kind };
        if self.seen_edges.insert(e.clone()) {
            self.edges.push(e);
        }
    }

    /// A cycle among cards through enables/opens edges, as node indices, if there is one.
    pub fn card_cycle(&self) -> Option<Vec<usize>> {
        let n = self.nodes.len();
        // Successors of every node, sorted (so the cycle found does not depend on edge order).
        let mut successors = vec![Vec::new(); n];
        for e in &self.edges {
            if matches!(e.kind, EdgeKind::Enables | EdgeKind::Opens) && self.nodes[e.to].kind == NodeKind::Card {
                successors[e.from].push(e.to);
            }
        }
        for s in &mut successors {
            s.sort_unstable();
            s.dedup();
        }
        let succ = |v: usize| -> &[usize] { &successors[v] };
        // Iterative DFS with colours: 0 new, 1 on the stack, 2 done.
        let mut colour = vec![0u8; n];
        let mut parent = vec![usize::MAX; n];
        for start in 0..n {
            if colour[start] != 0 {
                continue;
            }
            let mut stack = vec![(start, 0usize)];
            colour[start] = 1;
            while let Some(&mut (v, ref mut next)) = stack.last_mut() {
                let children = succ(v);
                if *next < children.len() {
                    let w = children[*next];
                    *next += 1;
                    match colour[w] {
                        0 => {
                            colour[w] = 1;
                            parent[w] = v;
                            stack.push((w, 0));
                        }
                        1 => {
                            let mut cycle = vec![w];
                            let mut x = v;
                            while x != w && x != usize::MAX {
                                cycle.push(x);
                                x = parent[x];
                            }
                            cycle.reverse();
                            return Some(cycle);
                        }
                        _ => {}
                    }
                } else {
                    colour[v] = 2;
                    stack.pop();
                }
            }
        }
        None
    }
}
