//! The area (point-to-point) map: every area as a box at its position — its names fitted to the
//! box, the battleground strip and stability number where the pack has those attributes, one
//! influence square per side — joined by adjacency lines, filled in its region's colour, with a
//! key and title block beside the field. `check` guarantees that positioned boxes lie inside the
//! field and do not overlap; a map without positions is laid out region by region on a grid.

use std::fmt::Write;

use super::sheets::{begin_page, escape, Page};
use super::templates::mm;
use crate::layout::Paper;
use crate::model::{Area, Map, Pack, AREA_BOX_MM, AREA_FIELD_MM};
use crate::text::fit::{fit, Request};
use crate::text::{Fonts, Style, Weight};

/// Where the field sits on the page, mm.
const FIELD_AT: (f64, f64) = (10.0, 13.5);
/// Fill of an area whose region the map does not declare.
const PLAIN: &str = "#eeeeee";
/// The name strip of a battleground area (seed 003: purple) and of any other (beige).
const BATTLEGROUND: &str = "#6d4c9f";
const NON_BATTLEGROUND: &str = "#efe3c2";

/// The centre of every area's box in field mm: its own position, or a grid cell in region order
/// when the pack gives no positions.
pub(crate) fn positions(map: &Map) -> Vec<(f64, f64)> {
    if map.areas.iter().all(|a| a.at.is_some()) {
        return map.areas.iter().filter_map(|a| a.at).collect();
    }
    let (cell_w, cell_h) = (AREA_BOX_MM.0 + 4.0, AREA_BOX_MM.1 + 8.0);
    let per_row = (AREA_FIELD_MM.0 / cell_w).floor().max(1.0) as usize;
    let region_rank = |a: &Area| map.regions.iter().position(|r| r.id == a.region.value).unwrap_or(usize::MAX);
    let mut order: Vec<usize> = (0..map.areas.len()).collect();
    order.sort_by_key(|&i| (region_rank(&map.areas[i]), map.areas[i].region.value.clone(), i));
    let mut at = vec![(0.0, 0.0); map.areas.len()];
    for (slot, &i) in order.iter().enumerate() {
        let (col, row) = (slot % per_row, slot / per_row);
        at[i] = (cell_w * (col as f64 + 0.5), cell_h * (row as f64 + 0.5));
    }
    at
}

/// How a label is drawn: its largest and smallest size in pt, weight and colour.
struct Ink<'a> {
    pt: (f64, f64),
    bold: bool,
    fill: &'a str,
}

/// One line of text fitted to `width` (shrunk from `ink.pt.0` down to `ink.pt.1`), centred at `x`.
fn centred(s: &mut String, fonts: &Fonts, text: &str, (x, y): (f64, f64), width: f64, ink: &Ink<'_>) {
    if text.is_empty() {
        return;
    }
    let weight = if ink.bold { Weight::Bold } else { Weight::Regular };
    let fitted = fit(
        fonts,
        &Request {
            text,
            width_mm: width,
            height_mm: 100.0,
            max_pt: ink.pt.0,
            min_pt: ink.pt.1,
            leading: 1.1,
            style: Style::embedded(weight),
            max_lines: 1,
        },
    );
    let line = fitted.lines.first().map_or(text, String::as_str);
    let bold = if ink.bold { r#" font-weight="700""# } else { "" };
    let _ = write!(
        s,
        r##"<text x="{}" y="{}" font-size="{}" text-anchor="middle" fill="{}"{bold}>{}</text>"##,
        mm(x),
        mm(y),
        mm(fitted.size_mm),
        ink.fill,
        escape(line)
    );
}

fn region_colour<'m>(map: &'m Map, area: &Area) -> &'m str {
    map.regions.iter().find(|r| r.id == area.region.value).map_or(PLAIN, |r| r.colour.as_str())
}

/// Draws one area's box centred at (`x`, `y`) in field mm.
fn draw_area(s: &mut String, pack: &Pack, map: &Map, fonts: &Fonts, area: &Area, (x, y): (f64, f64)) {
    let (w, h) = AREA_BOX_MM;
    let (left, top) = (x - w / 2.0, y - h / 2.0);
    let attribute = |k: &str| area.attributes.get(k).map(String::as_str).unwrap_or_default();
    let battleground = matches!(attribute("battleground"), "yes" | "true" | "1");
    let has_strip = map.area_attributes.iter().any(|a| a == "battleground");
    let _ = write!(
        s,
        r##"<rect x="{}" y="{}" width="{w}" height="{h}" rx="1" fill="{}" stroke="#3b3b3b" stroke-width="0.3"/>"##,
        mm(left),
        mm(top),
        region_colour(map, area)
    );
    // The name strip: 7 mm tall, purple for battlegrounds when the pack has the attribute.
    let strip = 7.0;
    let (strip_fill, ink) = match (has_strip, battleground) {
        (true, true) => (BATTLEGROUND, "#ffffff"),
        (true, false) => (NON_BATTLEGROUND, "#1a1a1a"),
        _ => ("#ffffff", "#1a1a1a"),
    };
    let _ = write!(
        s,
        r##"<rect x="{}" y="{}" width="{w}" height="{strip}" rx="1" fill="{strip_fill}" stroke="#3b3b3b" stroke-width="0.2"/>"##,
        mm(left),
        mm(top)
    );
    let stability = attribute("stability");
    let name_width = if stability.is_empty() { w - 1.6 } else { w - 6.5 };
    let name_x = left + 0.8 + name_width / 2.0;
    centred(s, fonts, &area.name.ja, (name_x, top + 3.6), name_width, &Ink { pt: (8.0, 4.0), bold: true, fill: ink });
    centred(s, fonts, &area.name.en, (name_x, top + 6.3), name_width, &Ink { pt: (5.0, 3.0), bold: false, fill: ink });
    if !stability.is_empty() {
        let _ = write!(
            s,
            r##"<rect x="{}" y="{}" width="4.6" height="5" fill="#ffffff" stroke="#3b3b3b" stroke-width="0.2"/>"##,
            mm(left + w - 5.4),
            mm(top + 1.0)
        );
        let ink = Ink { pt: (10.0, 6.0), bold: true, fill: "#1a1a1a" };
        centred(s, fonts, stability, (left + w - 3.1, top + 4.9), 4.2, &ink);
    }
    // One influence square per side, left to right in the pack's side order (seed 003: US left,
    // USSR right).
    let sides = pack.sides.len().max(1) as f64;
    let square = 6.0_f64.min((w - 2.0) / sides - 1.0);
    for (i, side) in pack.sides.iter().enumerate() {
        let cx = left + w * (i as f64 + 0.5) / sides;
        let _ = write!(
            s,
            r##"<rect x="{}" y="{}" width="{square}" height="{square}" fill="#ffffff" stroke="#3b3b3b" stroke-width="0.25"><title>{}</title></rect>"##,
            mm(cx - square / 2.0),
            mm(top + strip + 0.9),
            escape(&side.name.en)
        );
    }
}

/// A key's sample box, `width` × 5 mm.
fn swatch(s: &mut String, (x, y): (f64, f64), width: f64, fill: &str) {
    let _ = write!(
        s,
        r##"<rect x="{}" y="{}" width="{width}" height="5" fill="{fill}" stroke="#3b3b3b" stroke-width="0.25"/>"##,
        mm(x),
        mm(y)
    );
}

/// The key beside the field: title, edition, draft notice, regions, what a box shows.
fn draw_key(s: &mut String, pack: &Pack, map: &Map, x: f64, y: f64, width: f64) {
    let mut line = y + 6.0;
    let text = |s: &mut String, x: f64, y: f64, size: f64, bold: bool, t: &str| {
        let bold = if bold { r#" font-weight="700""# } else { "" };
        let _ = write!(s, r##"<text x="{}" y="{}" font-size="{size}"{bold}>{}</text>"##, mm(x), mm(y), escape(t));
    };
    text(s, x, line, 7.0, true, &pack.game.title.ja);
    line += 6.0;
    text(s, x, line, 3.6, false, &format!("{} · {} · edition {}", map.name.ja, map.name.en, pack.game.edition));
    if map.provisional {
        line += 7.0;
        let _ = write!(
            s,
            r##"<rect x="{}" y="{}" width="{width}" height="9" rx="1" fill="#ffffff" stroke="#c0392b" stroke-width="0.4"/>"##,
            mm(x),
            mm(line - 5.0)
        );
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="3" font-weight="700" fill="#c0392b">暫定 DRAFT: positions and values are ours,</text><text x="{}" y="{}" font-size="3" font-weight="700" fill="#c0392b">not the published map</text>"##,
            mm(x + 2.0),
            mm(line - 1.0),
            mm(x + 2.0),
            mm(line + 2.6)
        );
        line += 6.0;
    }
    line += 9.0;
    text(s, x, line, 4.0, true, "地域 Regions");
    for r in &map.regions {
        line += 6.5;
        swatch(s, (x, line - 4.0), 8.0, &r.colour);
        text(s, x + 11.0, line, 3.4, false, &format!("{} {}", r.name.ja, r.name.en));
    }
    line += 10.0;
    text(s, x, line, 4.0, true, "凡例 Key");
    if map.area_attributes.iter().any(|a| a == "battleground") {
        for (fill, label) in [(BATTLEGROUND, "係争地 battleground"), (NON_BATTLEGROUND, "非係争地 not a battleground")]
        {
            line += 6.5;
            swatch(s, (x, line - 4.0), 8.0, fill);
            text(s, x + 11.0, line, 3.4, false, label);
        }
    }
    if map.area_attributes.iter().any(|a| a == "stability") {
        line += 6.5;
        swatch(s, (x + 1.5, line - 4.0), 5.0, "#ffffff");
        text(s, x + 11.0, line, 3.4, false, "安定値 stability");
    }
    line += 6.5;
    swatch(s, (x + 1.5, line - 4.0), 5.0, "#ffffff");
    text(s, x + 11.0, line, 3.4, false, "影響力 influence, left to right:");
    for side in &pack.sides {
        line += 4.8;
        text(s, x + 14.0, line, 3.2, false, &format!("{} {}", side.name.ja, side.name.en));
    }
    line += 6.5;
    let _ = write!(
        s,
        r##"<path d="M{} {} L{} {}" stroke="#7a7a7a" stroke-width="0.6"/>"##,
        mm(x),
        mm(line - 1.5),
        mm(x + 8.0),
        mm(line - 1.5)
    );
    text(s, x + 11.0, line, 3.4, false, "隣接 adjacent areas");
}

/// The area map page at the published paper size, landscape.
pub(crate) fn page(ctx: &mut super::Ctx<'_>, map: &Map, paper: Paper) -> (Page, (f64, f64)) {
    let (pack, fonts) = (ctx.pack, ctx.fonts);
    let paper = paper.landscape();
    let (pw, ph) = (paper.width, paper.height);
    // Smaller paper than the field needs: scale the field down (tiles are the better choice).
    let scale = ((pw - 110.0) / AREA_FIELD_MM.0).min((ph - 2.0 * FIELD_AT.1) / AREA_FIELD_MM.1).min(1.0);
    let at = positions(map);
    let mut s = begin_page(pw, ph);
    let _ = write!(s, r#"<g transform="translate({} {}) scale({})">"#, FIELD_AT.0, FIELD_AT.1, mm(scale));
    let _ = write!(
        s,
        r##"<rect x="0" y="0" width="{}" height="{}" fill="#f5f8fb" stroke="#9aa7b3" stroke-width="0.4"/>"##,
        AREA_FIELD_MM.0, AREA_FIELD_MM.1
    );
    // Adjacency first, so the boxes cover the lines' ends; each pair once.
    for (i, area) in map.areas.iter().enumerate() {
        for adj in &area.adjacent {
            let Some(j) = map.areas.iter().position(|a| a.id == adj.value) else { continue };
            if j > i || !map.areas[j].adjacent.iter().any(|b| b.value == area.id) {
                let ((x1, y1), (x2, y2)) = (at[i], at[j]);
                let _ = write!(
                    s,
                    r##"<path d="M{} {} L{} {}" stroke="#7a7a7a" stroke-width="0.6"/>"##,
                    mm(x1),
                    mm(y1),
                    mm(x2),
                    mm(y2)
                );
            }
        }
    }
    for (area, centre) in map.areas.iter().zip(&at) {
        draw_area(&mut s, pack, map, fonts, area, *centre);
    }
    s.push_str("</g>");
    let key_x = FIELD_AT.0 + AREA_FIELD_MM.0 * scale + 8.0;
    draw_key(&mut s, pack, map, key_x, FIELD_AT.1, pw - key_x - 10.0);
    s.push_str("</svg>");
    (Page { svg: s, back: false }, (pw, ph))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{MapKind, Names, Ref};

    fn area(id: &str, region: &str) -> Area {
        Area {
            id: id.into(),
            name: Names { ja: id.into(), en: id.into() },
            region: Ref::new(region.into(), Default::default()),
            adjacent: Vec::new(),
            at: None,
            attributes: Default::default(),
            span: Default::default(),
        }
    }

    #[test]
    fn a_map_without_positions_is_laid_out_in_non_overlapping_cells_inside_the_field() {
        let mut map = Map { kind: MapKind::Area, ..Map::default() };
        map.areas = (0..60).map(|i| area(&format!("a{i}"), if i % 3 == 0 { "north" } else { "south" })).collect();
        let at = positions(&map);
        for (i, a) in at.iter().enumerate() {
            assert!(a.0 - AREA_BOX_MM.0 / 2.0 >= 0.0 && a.0 + AREA_BOX_MM.0 / 2.0 <= AREA_FIELD_MM.0, "{a:?}");
            assert!(a.1 - AREA_BOX_MM.1 / 2.0 >= 0.0 && a.1 + AREA_BOX_MM.1 / 2.0 <= AREA_FIELD_MM.1, "{a:?}");
            for b in &at[..i] {
                assert!((a.0 - b.0).abs() >= AREA_BOX_MM.0 || (a.1 - b.1).abs() >= AREA_BOX_MM.1, "{a:?} {b:?}");
            }
        }
        // Areas of one region sit together.
        let first_south = at[1];
        assert!(at[3].1 <= first_south.1, "north before south: {:?} {:?}", at[3], first_south);
    }
}
