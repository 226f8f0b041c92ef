//! Free placements (`[[free]]` in setups.toml) hold: setup, side and piece resolve, the filter
//! selects at least one location (E0313), and what a setup places of a piece, placed and free
//! together, fits the counters that show it (E0314).
//!
//! E0314 is reported only when the free placements push a piece over its supply: placements alone
//! over it are the counter-supply check's (E0303). [`free_counts`] gives that check, or any
//! other, the free pieces of a setup.

use std::collections::BTreeMap;

use super::filters;
use crate::diag::{Code, Diagnostic};
use crate::model::records::Collection;
use crate::model::{FreePlacement, Pack};

/// Runs the free-placement checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for free in &pack.free_placements {
        resolve(pack, free, out);
        match locations(pack, free) {
            Err(d) => out.push(d),
            Ok(found) if found.is_empty() => out.push(nowhere(free)),
            Ok(_) => {}
        }
    }
    supply(pack, out);
}

fn nowhere(free: &FreePlacement) -> Diagnostic {
    Diagnostic::error(
        Code::FREE_NOWHERE,
        format!(
            "the free placement of {} × `{}` selects no location with `{}`",
            free.count.value, free.piece.value, free.filter.value
        ),
    )
    .at(&free.filter.span)
    .with_hint("check the filter against the locations' attributes (areas.csv, hexes.csv)")
}

/// The ids of the locations a free placement may use (its filter's mistakes as a diagnostic).
fn locations(pack: &Pack, free: &FreePlacement) -> Result<Vec<String>, Diagnostic> {
    let collection = match &free.of {
        Some(of) => filters::collection(of)?,
        None => pack.free_collection(free).unwrap_or(Collection::Places),
    };
    filters::parse(pack, collection, &free.filter)?;
    Ok(pack.free_locations(free))
}

/// The piece's id: a unit of the side, or a marker.
fn piece_id(pack: &Pack, side: Option<&str>, piece: &str) -> Option<String> {
    pack.unit(side, piece).map(|u| u.id.clone()).or_else(|| pack.marker(piece).map(|m| m.id.clone()))
}

fn resolve(pack: &Pack, free: &FreePlacement, out: &mut Vec<Diagnostic>) {
    let unknown = |code, what: &str, r: &crate::model::Ref, names: Vec<&str>| {
        Diagnostic::error(code, format!("a free placement names unknown {what} `{}`", r.value))
            .at(&r.span)
            .with_hint_opt(crate::diag::did_you_mean(&r.value, names))
    };
    if pack.setup(&free.setup).is_none() {
        out.push(unknown(
            Code::UNKNOWN_SETUP,
            "setup",
            &free.setup,
            pack.setups.iter().map(|s| s.id.as_str()).collect(),
        ));
    }
    let side = pack.side(&free.side).map(|s| s.id.as_str());
    if side.is_none() {
        out.push(unknown(Code::UNKNOWN_SIDE, "side", &free.side, pack.sides.iter().map(|s| s.id.as_str()).collect()));
    }
    if piece_id(pack, side, &free.piece).is_none() {
        let names = pack.units.iter().map(|u| u.id.as_str()).chain(pack.markers.iter().map(|m| m.id.as_str()));
        out.push(unknown(Code::UNKNOWN_PIECE, "piece", &free.piece, names.collect()));
    }
}

/// How many of each piece (by id) the free placements of `setup` place.
pub(crate) fn free_counts(pack: &Pack, setup: &str) -> BTreeMap<String, u32> {
    let mut out = BTreeMap::new();
    for free in pack.free_placements.iter().filter(|f| pack.setup(&f.setup).is_some_and(|s| s.id == setup)) {
        let side = pack.side(&free.side).map(|s| s.id.as_str());
        if let Some(id) = piece_id(pack, side, &free.piece) {
            *out.entry(id).or_insert(0) += free.count.value;
        }
    }
    out
}

/// Placed plus free pieces of each setup against the counters showing that piece.
fn supply(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let mut shown: BTreeMap<String, u32> = BTreeMap::new();
    for c in &pack.counters {
        let faces = std::iter::once(&c.front).chain(&c.back);
        let mut ids: Vec<String> = faces.filter_map(|f| piece_id(pack, None, f)).collect();
        ids.dedup();
        for id in ids {
            *shown.entry(id).or_insert(0) += c.count.value;
        }
    }
    for setup in &pack.setups {
        for (piece, free) in free_counts(pack, &setup.id) {
            let placed: u32 = pack
                .placements_of(&setup.id)
                .filter(|p| {
                    piece_id(pack, pack.side(&p.side).map(|s| s.id.as_str()), &p.piece).as_deref() == Some(&piece)
                })
                .map(|p| p.count.value)
                .sum();
            let have = shown.get(&piece).copied().unwrap_or(0);
            if placed + free > have && placed <= have {
                let last = pack
                    .free_placements
                    .iter()
                    .filter(|f| pack.setup(&f.setup).is_some_and(|s| s.id == setup.id))
                    .rfind(|f| {
                        piece_id(pack, pack.side(&f.side).map(|s| s.id.as_str()), &f.piece).as_deref() == Some(&piece)
                    });
                let Some(last) = last else { continue };
                out.push(
                    Diagnostic::error(
                        Code::FREE_SUPPLY,
                        format!(
                            "setup `{}` places {placed} × `{piece}` and {free} more freely, {} in all, but only {have} counters show `{piece}`",
                            setup.id,
                            placed + free
                        ),
                    )
                    .at(&last.count.span)
                    .with_hint("lower the counts, or add counters in counters.csv"),
                );
            }
        }
    }
}
