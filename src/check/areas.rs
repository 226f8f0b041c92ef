//! Area (point-to-point) maps: every area's region is declared, adjacency goes both ways, and the
//! areas' boxes sit inside the map field without overlapping, so the drawn map is legible.

use crate::diag::{Code, Diagnostic};
use crate::model::{Area, Map, Pack};

/// Runs the area-map checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let Some(map) = &pack.map else { return };
    regions(map, out);
    adjacency(map, out);
    placement(map, out);
}

fn regions(map: &Map, out: &mut Vec<Diagnostic>) {
    if map.regions.is_empty() {
        return;
    }
    for area in &map.areas {
        if !map.regions.iter().any(|r| r.id == area.region.value) {
            out.push(super::references::unknown(
                Code::UNKNOWN_LOCATION,
                "region",
                &area.region,
                map.regions.iter().map(|r| r.id.as_str()),
            ));
        }
    }
}

fn adjacency(map: &Map, out: &mut Vec<Diagnostic>) {
    for area in &map.areas {
        for adj in &area.adjacent {
            let Some(other) = map.areas.iter().find(|a| a.id == adj.value) else { continue };
            if !other.adjacent.iter().any(|b| b.value == area.id) {
                out.push(
                    Diagnostic::error(
                        Code::ADJACENCY_ONE_WAY,
                        format!(
                            "`{}` lists `{}` as adjacent, but `{}` does not list `{}`",
                            area.id, other.id, other.id, area.id
                        ),
                    )
                    .at(&adj.span)
                    .with_hint(format!("add `{}` to the adjacent column of `{}`", area.id, other.id)),
                );
            }
        }
    }
}

/// Whether two boxes of `size` centred at `a` and `b` overlap.
fn overlap(size: (f64, f64), a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < size.0 && (a.1 - b.1).abs() < size.1
}

fn placement(map: &Map, out: &mut Vec<Diagnostic>) {
    // Areas without a position are laid out automatically, around the ones the designer placed.
    // The sizes come from the squares' marker (`[map] marker_size`) and `[map] field`.
    let (size, field) = (map.area.box_mm, map.area.field_mm);
    let (half_w, half_h) = (size.0 / 2.0, size.1 / 2.0);
    let why = map
        .area
        .marker_mm
        .map_or(String::new(), |m| format!(" (their squares hold the {m} mm markers of `marker_size`)"));
    let placed: Vec<(&Area, (f64, f64))> = map.areas.iter().filter_map(|a| a.at.map(|at| (a, at))).collect();
    for (i, (area, (x, y))) in placed.iter().enumerate() {
        let inside = (half_w..=field.0 - half_w).contains(x) && (half_h..=field.1 - half_h).contains(y);
        if !inside {
            out.push(
                Diagnostic::error(
                    Code::AREA_PLACEMENT,
                    format!("area `{}` at ({x}, {y}) does not fit inside the map field", area.id),
                )
                .at(&area.span)
                .with_hint(format!(
                    "a box is {} × {} mm{why}: keep x within {half_w}–{} and y within {half_h}–{}",
                    size.0,
                    size.1,
                    field.0 - half_w,
                    field.1 - half_h
                )),
            );
        }
        if let Some((other, _)) = placed[..i].iter().find(|(_, at)| overlap(size, *at, (*x, *y))) {
            out.push(
                Diagnostic::error(
                    Code::AREA_PLACEMENT,
                    format!("area `{}` overlaps `{}` on the map", area.id, other.id),
                )
                .at(&area.span)
                .with_hint(format!(
                    "boxes are {} × {} mm{why}: centres must differ by at least that much in x or in y",
                    size.0, size.1
                )),
            );
        }
    }
}
