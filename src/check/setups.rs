//! Setups obey the rules: stacking limits, forbidden places, what the counter mix can supply at
//! once (supply.rs), chit capacity of hexes, and the number of chits the mix holds.

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
        super::supply::check(pack, setup, out);
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
