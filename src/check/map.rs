//! The map's own consistency: hexside features join adjacent hexes, sea routes join coastal city
//! hexes, transport exceptions name cities.

use crate::diag::{Code, Diagnostic};
use crate::model::{Hex, Map, Pack};

/// Runs the map checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let Some(map) = &pack.map else { return };
    if let Some(grid) = &map.grid {
        for side in &map.hexsides {
            let (Some(a), Some(b)) = (pack.hex(&side.a), pack.hex(&side.b)) else { continue };
            if grid.distance((a.col, a.row), (b.col, b.row)) != 1 {
                out.push(
                    Diagnostic::error(
                        Code::HEXSIDE_NOT_ADJACENT,
                        format!("a {} hexside joins hexes {} and {}, which are not adjacent", side.feature, a.id, b.id),
                    )
                    .at(&side.span)
                    .with_hint(format!(
                        "hexes next to {}: {}",
                        a.id,
                        neighbour_ids(map, a).join(", ")
                    )),
                );
            }
        }
    }
    for route in &map.routes {
        for end in [&route.from, &route.to] {
            let Some(hex) = pack.hex(end) else { continue };
            let city = hex.place.as_ref().is_some_and(|p| p.city);
            let coastal = is_coastal(pack, map, hex);
            if !city || !coastal {
                let what = match (city, coastal) {
                    (false, false) => "neither a city nor on the coast",
                    (false, true) => "not a city",
                    _ => "not on the coast (no adjacent sea hex)",
                };
                out.push(
                    Diagnostic::error(
                        Code::ROUTE_NOT_COASTAL,
                        format!(
                            "the sea route of card {} from {} to {} ends in hex {}, which is {what}",
                            route.card.value, route.from.value, route.to.value, hex.id
                        ),
                    )
                    .at(&end.span)
                    .with_hint("sea routes join coastal city hexes; fix the route or the map"),
                );
            }
        }
    }
    reachability(pack, map, out);
    if let Some(grid) = &map.grid {
        // An exception that counts two places as N hexes apart only makes sense when they are
        // farther apart than N (rule 11.7: Bonar and Grante lie across the sea).
        for t in map.transport.iter().filter(|t| t.distance.is_some()) {
            let (Some(a), Some(b), Some(d)) = (pack.hex(&t.between.0), pack.hex(&t.between.1), &t.distance) else {
                continue;
            };
            let actual = grid.distance((a.col, a.row), (b.col, b.row));
            if actual <= d.value {
                out.push(
                    Diagnostic::error(Code::TRANSPORT_DISTANCE, format!("{} and {} are {actual} hexes apart, yet the exception counts them as {}", a.id, b.id, d.value))
                        .at(&d.span)
                        .with_hint("the exception is meant for places farther apart (across the sea); move them on the map or drop the exception"),
                );
            }
        }
    }
    for t in &map.transport {
        for end in [&t.between.0, &t.between.1] {
            if let Some(hex) = pack.hex(end) {
                if !hex.place.as_ref().is_some_and(|p| p.city) {
                    out.push(
                        Diagnostic::error(
                            Code::TRANSPORT_NOT_CITY,
                            format!("transport exception names `{}`, which is not a city hex", end.value),
                        )
                        .at(&end.span)
                        .with_hint("transport runs between cities"),
                    );
                }
            }
        }
    }
}

/// Every land hex must be reachable: by land from a city, or by a sea route's city, unless the
/// map declares it `isolated`. Land movement stops at water and at impassable hexsides.
fn reachability(pack: &Pack, map: &Map, out: &mut Vec<Diagnostic>) {
    let Some(grid) = &map.grid else { return };
    let land = |h: &Hex| !pack.terrain(&h.terrain).is_some_and(|t| t.water);
    let at = |c: u32, r: u32| map.hexes.iter().position(|h| h.col == c && h.row == r);
    let blocked = |a: &Hex, b: &Hex| {
        map.hexsides.iter().any(|s| {
            s.feature == "impassable"
                && matches!((pack.hex(&s.a), pack.hex(&s.b)), (Some(x), Some(y)) if (x.id == a.id && y.id == b.id) || (x.id == b.id && y.id == a.id))
        })
    };
    // Flood fill from every city (sea routes only join cities, so cities are the sea's landings).
    let mut reached = vec![false; map.hexes.len()];
    let mut stack: Vec<usize> = (0..map.hexes.len())
        .filter(|&i| land(&map.hexes[i]) && map.hexes[i].place.as_ref().is_some_and(|p| p.city))
        .collect();
    for &i in &stack {
        reached[i] = true;
    }
    while let Some(i) = stack.pop() {
        let hex = &map.hexes[i];
        for (c, r) in grid.neighbours((hex.col, hex.row)) {
            if let Some(j) = at(c, r) {
                if !reached[j] && land(&map.hexes[j]) && !blocked(hex, &map.hexes[j]) {
                    reached[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    for (i, hex) in map.hexes.iter().enumerate() {
        let declared = map.isolated.iter().any(|r| pack.hex(r).is_some_and(|h| h.id == hex.id));
        if land(hex) && !reached[i] && !declared {
            out.push(
                Diagnostic::error(
                    Code::UNREACHABLE_HEX,
                    format!("land hex {} cannot be reached: no city on its landmass and no sea route to it", hex.id),
                )
                .at(&hex.span)
                .with_hint(format!(
                    "make it water, join it to land, or declare it in map.toml: isolated = [\"{}\"]",
                    hex.id
                )),
            );
        }
    }
}

/// True when a land hex has a water hex next to it.
pub(crate) fn is_coastal(pack: &Pack, map: &Map, hex: &Hex) -> bool {
    let Some(grid) = &map.grid else { return false };
    grid.neighbours((hex.col, hex.row)).into_iter().any(|(c, r)| {
        map.hexes
            .iter()
            .find(|h| h.col == c && h.row == r)
            .and_then(|h| pack.terrain(&h.terrain))
            .is_some_and(|t| t.water)
    })
}

fn neighbour_ids(map: &Map, hex: &Hex) -> Vec<String> {
    let Some(grid) = &map.grid else { return Vec::new() };
    grid.neighbours((hex.col, hex.row))
        .into_iter()
        .filter_map(|(c, r)| map.hexes.iter().find(|h| h.col == c && h.row == r).map(|h| h.id.clone()))
        .collect()
}
