//! Card logic: no cycle of cards enabling each other, no card whose condition can never hold in a
//! setup (a card it needs is removed there), no unit type that nothing makes available, no
//! victory condition that can never trigger.

use std::collections::{BTreeMap, BTreeSet};

use crate::diag::{Code, Diagnostic, Severity};
use crate::model::graph::CardGraph;
use crate::model::{Call, Expr, Pack, Setup};

/// Runs the card-logic checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let graph = CardGraph::of(pack);
    if let Some(cycle) = graph.card_cycle() {
        let names: Vec<String> = cycle.iter().map(|&i| graph.nodes[i].label.clone()).collect();
        let first = graph.nodes[cycle[0]].id.trim_start_matches("card:").to_string();
        let span = pack.card(&first).map(|c| c.span.clone()).unwrap_or_default();
        out.push(
            Diagnostic::error(
                Code::CARD_CYCLE,
                format!("cards enable each other in a circle: {} → {}", names.join(" → "), names[0]),
            )
            .at(&span)
            .with_hint(
                "one of these conditions must not need the next card: no card of the circle could ever be opened first",
            ),
        );
    }
    for setup in &pack.setups {
        let removed = removed_cards(pack, setup);
        if removed.is_empty() {
            continue;
        }
        for card in pack.cards.iter().filter(|c| !removed.contains(&c.id)) {
            for cond in card.requires.iter().chain(&card.auto_open) {
                if !satisfiable(pack, cond, &removed) {
                    let needed: Vec<&str> =
                        removed.iter().map(String::as_str).filter(|r| mentions(pack, cond, r)).collect();
                    out.push(
                        Diagnostic::error(Code::CARD_UNREACHABLE, format!("card {} can never be played or opened in {}: it needs card {}, which {} removes from the game", card.id, setup.id, needed.join(", "), setup.id))
                            .at(&card.span)
                            .with_hint("change the card's condition, or do not remove the card it needs in this setup"),
                    );
                }
            }
        }
    }
    for v in &pack.victory {
        let never =
            !pack.setups.is_empty() && pack.setups.iter().all(|s| !satisfiable(pack, &v.when, &removed_cards(pack, s)));
        if never || (pack.setups.is_empty() && !satisfiable(pack, &v.when, &BTreeSet::new())) {
            out.push(
                Diagnostic::error(
                    Code::VICTORY_UNREACHABLE,
                    format!("victory `{}` can never trigger in any setup", v.id),
                )
                .at(&v.when.calls().first().map(|c| c.name.span.clone()).unwrap_or_default())
                .with_hint("its condition contradicts itself or needs a card every setup removes"),
            );
        }
    }
    unavailable_units(pack, out);
}

/// Ids of the cards `setup` removes from the game.
fn removed_cards(pack: &Pack, setup: &Setup) -> BTreeSet<String> {
    let Some(sel) = &setup.removed else { return BTreeSet::new() };
    let side_id = |r: &str| pack.side(r).map(|s| s.id.clone());
    pack.cards.iter().filter(|c| sel.selects(c, side_id)).map(|c| c.id.clone()).collect()
}

fn mentions(pack: &Pack, expr: &Expr, card: &str) -> bool {
    expr.calls()
        .iter()
        .any(|c| c.name.value == "open" && c.args.first().and_then(|a| pack.card(a)).is_some_and(|x| x.id == card))
}

/// A key naming an atom of a condition: `open(29)` and `controls(liberation,cardinal)`.
fn atom_key(pack: &Pack, call: &Call) -> String {
    let args: Vec<String> = call
        .args
        .iter()
        .map(|a| {
            if call.name.value == "open" {
                pack.card(a).map_or(a.value.clone(), |c| c.id.clone())
            } else {
                a.value.clone()
            }
        })
        .collect();
    format!("{}({})", call.name.value, args.join(","))
}

/// Whether some assignment of the condition's atoms makes it true, with the cards in `removed`
/// never open. Atoms other than cards (control, entering, VP) are free.
fn satisfiable(pack: &Pack, expr: &Expr, removed: &BTreeSet<String>) -> bool {
    let atoms: Vec<String> =
        expr.calls().iter().map(|c| atom_key(pack, c)).collect::<BTreeSet<_>>().into_iter().collect();
    if atoms.len() > 16 {
        return true; // too many to enumerate; do not guess
    }
    (0u32..1 << atoms.len()).any(|bits| {
        let value: BTreeMap<&str, bool> =
            atoms.iter().enumerate().map(|(i, a)| (a.as_str(), bits & (1 << i) != 0)).collect();
        let forced_false = atoms.iter().enumerate().any(|(i, a)| {
            bits & (1 << i) != 0
                && a.strip_prefix("open(").and_then(|r| r.strip_suffix(')')).is_some_and(|c| removed.contains(c))
        });
        !forced_false && eval(pack, expr, &value)
    })
}

fn eval(pack: &Pack, expr: &Expr, value: &BTreeMap<&str, bool>) -> bool {
    match expr {
        Expr::Call(c) | Expr::Compare { call: c, .. } | Expr::Versus { call: c, .. } => {
            value.get(atom_key(pack, c).as_str()).copied().unwrap_or(false)
        }
        Expr::Not { expr } => !eval(pack, expr, value),
        Expr::All { exprs } => exprs.iter().all(|e| eval(pack, e, value)),
        Expr::Any { exprs } => exprs.iter().any(|e| eval(pack, e, value)),
    }
}

/// Unit types that no setup places, no card enables and no tag declares always available. With
/// an incomplete card list this is a warning (an unknown card may make them available).
fn unavailable_units(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let complete = pack.game.totals.cards.as_ref().is_none_or(|t| t.value as usize == pack.cards.len());
    let mut available: BTreeSet<String> = BTreeSet::new();
    for p in &pack.placements {
        let side = pack.side(&p.side).map(|s| s.id.clone());
        if let Some(u) = pack.unit(side.as_deref(), &p.piece) {
            available.insert(u.id.clone());
        }
    }
    for card in &pack.cards {
        for call in card.effects.iter().flat_map(Expr::calls).filter(|c| c.name.value == "enables") {
            if let Some(u) = call.args.first().and_then(|a| pack.unit(None, a)) {
                available.insert(u.id.clone());
            }
        }
    }
    let mut missing = Vec::new();
    for unit in &pack.units {
        let tagged = unit.tags.iter().any(|t| t == "always-available" || t == "always-replaceable");
        // A unit on the back of a counter whose front is available comes into play with it.
        if !available.contains(&unit.id) && !tagged {
            missing.push(unit);
        }
    }
    if missing.is_empty() {
        return;
    }
    for unit in missing {
        let mut d = Diagnostic::error(
            Code::UNIT_UNAVAILABLE,
            format!("unit type `{}` ({}) is placed by no setup and made available by no card", unit.id, unit.name.ja),
        )
        .at(&unit.span)
        .with_hint(
            "place it in a setup, give a card the effect `enables({id})`, or tag it `always-available`"
                .replace("{id}", &unit.id),
        );
        if !complete {
            d.severity = Severity::Warning;
            d.code = Code::UNIT_UNAVAILABLE_SO_FAR;
            d.message.push_str(" (of the cards known so far)");
        }
        out.push(d);
    }
}
