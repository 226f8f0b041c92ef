//! Setup rows one by one: no row repeats another (the same setup, side, location and piece twice,
//! where one row with the summed count was meant), and no land unit starts on water terrain. A
//! unit is a land unit unless its class draws the built-in `naval` or `air` symbol.

use std::collections::BTreeMap;

use crate::diag::{Code, Diagnostic, Span};
use crate::model::Pack;

/// Unit classes whose units may stand on water.
const NOT_LAND: [&str; 2] = ["naval", "air"];

/// Runs the row checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    duplicates(pack, out);
    water(pack, out);
}

fn duplicates(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let mut seen: BTreeMap<(String, String, String, String), &Span> = BTreeMap::new();
    for p in &pack.placements {
        // Resolve names, so `スパ` and its hex number are one location and a unit's id and name one piece.
        let side = pack.side(&p.side).map_or_else(|| p.side.value.clone(), |s| s.id.clone());
        let location = match (pack.hex(&p.location), pack.box_def(&p.location)) {
            (Some(h), _) => format!("hex:{}", h.id),
            (None, Some(b)) => format!("box:{}", b.id),
            _ => p.location.value.clone(),
        };
        let piece = if pack.chits.is_named(&p.piece) {
            "chit".to_string()
        } else {
            pack.unit(Some(&side), &p.piece).map_or_else(|| p.piece.value.clone(), |u| u.id.clone())
        };
        let key = (p.setup.value.clone(), side, location, piece);
        if let Some(first) = seen.get(&key) {
            out.push(
                Diagnostic::error(
                    Code::DUPLICATE_PLACEMENT,
                    format!(
                        "setup `{}` places {} `{}` in {} on two rows",
                        p.setup.value, p.side.value, p.piece.value, p.location.value
                    ),
                )
                .at(&p.span)
                .with_related(first, "first placed here")
                .with_hint("write one row with the total count, or fix the location or piece"),
            );
        } else {
            seen.insert(key, &p.span);
        }
    }
}

fn water(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for p in &pack.placements {
        let Some(hex) = pack.hex(&p.location) else { continue };
        let Some(terrain) = pack.terrain(&hex.terrain).filter(|t| t.water) else { continue };
        let side = pack.side(&p.side).map(|s| s.id.as_str());
        let Some(unit) = pack.unit(side, &p.piece) else { continue };
        let class = pack.classes.iter().find(|c| c.id == unit.class.value);
        if class.is_some_and(|c| NOT_LAND.contains(&c.symbol.base.as_str())) {
            continue;
        }
        out.push(
            Diagnostic::error(
                Code::PLACED_ON_WATER,
                format!(
                    "setup `{}` places the land unit `{}` in hex {}, which is {} (water)",
                    p.setup.value, unit.id, hex.id, terrain.id
                ),
            )
            .at(&p.location.span)
            .with_hint("place it on a land hex; only naval and air units may stand on water"),
        );
    }
}
