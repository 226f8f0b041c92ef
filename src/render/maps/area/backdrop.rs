//! Region backdrops: each region of an area map drawn as one light field of its colour under its
//! boxes, as a published board shades Europe or Asia, so a reader sees at a glance which areas
//! "anywhere in Europe" means. A region's field is its boxes grown by [`PAD`] and joined across
//! the gap between two of its boxes that face each other (side by side or one above the other,
//! overlapping along the gap); boxes of different regions are never joined, so one region's
//! field does not cover another's boxes.

use std::fmt::Write;

use crate::model::Map;
use crate::render::page::mm;

/// How far a region's field reaches beyond its boxes, mm.
pub(super) const PAD: f64 = 2.5;
/// How much of the region's colour the field keeps (the rest is white): light enough that the
/// boxes, in the full colour, stand out.
const TINT: f64 = 0.45;

/// The region fields of `map` with its boxes centred at `at`, as SVG, one `<g data-region>` per
/// region that has areas, in the map's region order.
pub(super) fn draw(map: &Map, at: &[(f64, f64)], gap: (f64, f64)) -> String {
    let (w, h) = map.area.box_mm;
    let mut out = String::new();
    for region in &map.regions {
        let members: Vec<usize> = (0..map.areas.len()).filter(|&i| map.areas[i].region.value == region.id).collect();
        if members.is_empty() {
            continue;
        }
        let fill = tint(&region.colour);
        let _ = write!(out, r#"<g data-region="{}" fill="{fill}">"#, crate::text::escape(&region.id));
        for &i in &members {
            let (x, y) = at[i];
            rect(&mut out, (x - w / 2.0 - PAD, y - h / 2.0 - PAD, x + w / 2.0 + PAD, y + h / 2.0 + PAD), PAD);
        }
        // Bridges between facing boxes no further apart than twice the layout's wider gap (a
        // designer's grid is often wider than the gap the automatic layout keeps).
        let reach = 2.0 * gap.0.max(gap.1);
        for (k, &i) in members.iter().enumerate() {
            for &j in &members[k + 1..] {
                let ((xi, yi), (xj, yj)) = (at[i], at[j]);
                let (dx, dy) = ((xi - xj).abs(), (yi - yj).abs());
                let across = dx >= w && dx <= w + reach && dy < h;
                let down = dy >= h && dy <= h + reach && dx < w;
                if across {
                    let (top, bottom) = (yi.max(yj) - h / 2.0, yi.min(yj) + h / 2.0);
                    rect(&mut out, (xi.min(xj) + w / 2.0, top, xi.max(xj) - w / 2.0, bottom), 0.0);
                } else if down {
                    let (left, right) = (xi.max(xj) - w / 2.0, xi.min(xj) + w / 2.0);
                    rect(&mut out, (left, yi.min(yj) + h / 2.0, right, yi.max(yj) - h / 2.0), 0.0);
                }
            }
        }
        out.push_str("</g>");
    }
    out
}

fn rect(out: &mut String, (x0, y0, x1, y1): (f64, f64, f64, f64), rx: f64) {
    let radius = if rx > 0.0 { format!(r#" rx="{}""#, mm(rx)) } else { String::new() };
    let _ = write!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}"{radius}/>"#,
        mm(x0),
        mm(y0),
        mm(x1 - x0),
        mm(y1 - y0)
    );
}

/// `#rrggbb` mixed with white, keeping [`TINT`] of the colour; anything else as it is.
fn tint(colour: &str) -> String {
    let hex = colour.trim_start_matches('#');
    let channel = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
    match (hex.len(), channel(0), channel(2), channel(4)) {
        (6, Some(r), Some(g), Some(b)) => {
            let mix = |c: u8| (255.0 - (255.0 - f64::from(c)) * TINT).round() as u8;
            format!("#{:02x}{:02x}{:02x}", mix(r), mix(g), mix(b))
        }
        _ => colour.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{MapKind, Names, Region};

    fn map(areas: &[(&str, &str)]) -> Map {
        let mut map = Map { kind: MapKind::Area, ..Map::default() };
        map.regions = ["north", "south"]
            .iter()
            .map(|id| Region {
                id: id.to_string(),
                name: Names::default(),
                colour: "#c9d9ef".into(),
                scoring: Vec::new(),
                span: Default::default(),
            })
            .collect();
        map.areas = areas.iter().map(|(id, region)| super::super::tests::area(id, region)).collect();
        map
    }

    #[test]
    fn boxes_of_one_region_side_by_side_are_joined_and_other_regions_are_not() {
        let m = map(&[("a", "north"), ("b", "north"), ("c", "south")]);
        let (w, h) = m.area.box_mm;
        // a and b side by side a gap apart, c below b.
        let at = [(20.0, 20.0), (20.0 + w + 6.0, 20.0), (20.0 + w + 6.0, 20.0 + h + 8.0)];
        let svg = draw(&m, &at, (6.0, 8.0));
        let north = &svg[svg.find(r#"data-region="north""#).unwrap()..svg.find(r#"data-region="south""#).unwrap()];
        // Two grown boxes and one bridge of the gap's width.
        assert_eq!(north.matches("<rect").count(), 3, "{north}");
        assert!(north.contains(r#"width="6""#), "{north}");
        let south = &svg[svg.find(r#"data-region="south""#).unwrap()..];
        assert_eq!(south.matches("<rect").count(), 1, "{south}");
    }

    #[test]
    fn a_tint_is_lighter_than_its_colour() {
        assert_eq!(tint("#000000"), "#8c8c8c");
        assert_eq!(tint("#ffffff"), "#ffffff");
        assert_eq!(tint("none"), "none");
    }
}
