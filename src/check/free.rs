//! Free placements (`[[free]]` in setups.toml) hold: setup, side and piece resolve, the filter
//! selects at least one location (E0313), and a label names what the filter selects (E0316).
//! What a setup places of a piece, placed and free together, is held against the counters by the
//! supply check (check/supply.rs: E0314 when the free placements push a piece over, E0303
//! otherwise).

use super::filters;
use crate::diag::{Code, Diagnostic};
use crate::model::filter::{normalize, Filter, Query, Test};
use crate::model::records::Collection;
use crate::model::{FreePlacement, Pack};

/// Runs the free-placement checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for free in &pack.free_placements {
        resolve(pack, free, out);
        match query(pack, free) {
            Err(d) => out.push(d),
            Ok(_) if pack.free_locations(free).is_empty() => out.push(nowhere(free)),
            Ok(query) => out.extend(label_disagrees(pack, free, &query)),
        }
    }
}

/// A free placement states its group twice, in words (`label = "East Europe"`) and as a filter
/// (`subregions:east`): when the filter is one region or named value, the label must name it
/// (in some language, or by the value's id), so a filter moved to another group is caught (E0316).
fn label_disagrees(pack: &Pack, free: &FreePlacement, query: &Query) -> Option<Diagnostic> {
    if free.label.is_empty() {
        return None;
    }
    // One filter selecting one value, as the filter parser read it (field by id, value normalized).
    let [Filter { negated: false, field, test: Test::AnyOf(values), .. }] = query.filters.as_slice() else {
        return None;
    };
    let [value] = values.as_slice() else { return None };
    let map = pack.map.as_ref()?;
    let names = if field == "region" {
        map.regions.iter().find(|r| crate::model::names_match(value, &r.id, &r.name))?.name.clone()
    } else {
        let attributes = map.area_attributes.iter().chain(&map.hex_attributes).chain(&map.place_attributes);
        let named = attributes.filter(|a| &a.id == field).flat_map(|a| &a.value_names);
        named.into_iter().find(|(id, _)| normalize(id) == *value).map(|(_, names)| names.clone())?
    };
    let same = |a: &str, b: &str| !a.is_empty() && normalize(a) == normalize(b);
    let label = [&free.label.ja, &free.label.en];
    let agrees = label.iter().any(|l| same(l, &names.ja) || same(l, &names.en))
        || label.iter().any(|l| normalize(l).split(' ').any(|w| w == value));
    (!agrees).then(|| {
        Diagnostic::error(
            Code::FREE_LABEL,
            format!(
                "the free placement of `{}` is labelled `{}`, and its filter `{}` selects {}",
                free.piece.value,
                if free.label.en.is_empty() { &free.label.ja } else { &free.label.en },
                free.filter.value,
                if names.en.is_empty() { &names.ja } else { &names.en },
            ),
        )
        .at(&free.filter.span)
        .with_hint("the rules name one group: correct the filter, or the label")
    })
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

/// A free placement's filter as parsed over its collection of locations (its mistakes, or a
/// collection that holds no locations, as a diagnostic).
fn query(pack: &Pack, free: &FreePlacement) -> Result<Query, Diagnostic> {
    let collection = match &free.of {
        Some(of) => filters::collection(of)?,
        None => pack.free_collection(free).unwrap_or(Collection::Places),
    };
    if !collection.holds_locations() {
        return Err(Diagnostic::error(
            Code::FILTER_UNKNOWN_FIELD,
            format!(
                "a free placement places pieces in locations, and `{}` are not locations",
                free.of.as_ref().map_or("", |o| o.value.as_str())
            ),
        )
        .at(&free.of.as_ref().map_or(free.filter.span.clone(), |o| o.span.clone()))
        .with_hint("write of = \"areas\", \"hexes\" or \"places\""));
    }
    filters::parse(pack, collection, &free.filter)
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
