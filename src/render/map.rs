//! The map: a hex grid drawn from the model (terrain, hexsides, places, sea routes, on-map boxes,
//! hex numbers), with a terrain key and a title block, on one page of the published size; and
//! the same page cut into overlapping tiles for smaller paper, with registration marks and an
//! assembly diagram. Geometry is exact: corners come from the hex size and √3, nothing else.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::sheets::{begin_page, escape, Page};
use super::templates::mm;
use crate::layout::Paper;
use crate::model::{Hex, HexGrid, Map, Orientation, Pack};
use crate::text::FAMILY;

const SQRT_3: f64 = 1.732_050_807_568_877_2;

/// Hex centres and corners in map mm.
struct Geometry<'g> {
    grid: &'g HexGrid,
    /// Circumradius (centre to corner).
    r: f64,
}

impl Geometry<'_> {
    fn centre(&self, col: u32, row: u32) -> (f64, f64) {
        let (c, r) = (f64::from(col - 1), f64::from(row - 1));
        let h = self.grid.hex_mm;
        let shifted = |i: u32| i.is_multiple_of(2) == self.grid.even_shifted;
        match self.grid.orientation {
            Orientation::FlatTop => {
                (self.r + c * 1.5 * self.r, h / 2.0 + r * h + if shifted(col) { h / 2.0 } else { 0.0 })
            }
            Orientation::PointyTop => {
                (h / 2.0 + c * h + if shifted(row) { h / 2.0 } else { 0.0 }, self.r + r * 1.5 * self.r)
            }
        }
    }

    fn corners(&self, col: u32, row: u32) -> [(f64, f64); 6] {
        let (x, y) = self.centre(col, row);
        let (r, h) = (self.r, self.grid.hex_mm / 2.0);
        match self.grid.orientation {
            Orientation::FlatTop => [
                (x + r, y),
                (x + r / 2.0, y + h),
                (x - r / 2.0, y + h),
                (x - r, y),
                (x - r / 2.0, y - h),
                (x + r / 2.0, y - h),
            ],
            Orientation::PointyTop => [
                (x, y - r),
                (x + h, y - r / 2.0),
                (x + h, y + r / 2.0),
                (x, y + r),
                (x - h, y + r / 2.0),
                (x - h, y - r / 2.0),
            ],
        }
    }

    /// The map's width and height in mm.
    fn size(&self) -> (f64, f64) {
        let (cols, rows) = (f64::from(self.grid.columns), f64::from(self.grid.rows));
        let h = self.grid.hex_mm;
        match self.grid.orientation {
            Orientation::FlatTop => (self.r * (2.0 + 1.5 * (cols - 1.0)), h * (rows + 0.5)),
            Orientation::PointyTop => (h * (cols + 0.5), self.r * (2.0 + 1.5 * (rows - 1.0))),
        }
    }

    /// The edge two adjacent hexes share.
    fn shared_edge(&self, a: &Hex, b: &Hex) -> Option<((f64, f64), (f64, f64))> {
        let ca = self.corners(a.col, a.row);
        let cb = self.corners(b.col, b.row);
        let near = |p: (f64, f64)| cb.iter().any(|q| (p.0 - q.0).abs() < 1e-6 && (p.1 - q.1).abs() < 1e-6);
        let shared: Vec<(f64, f64)> = ca.iter().copied().filter(|p| near(*p)).collect();
        (shared.len() == 2).then(|| (shared[0], shared[1]))
    }
}

fn points(corners: &[(f64, f64)]) -> String {
    corners.iter().map(|(x, y)| format!("{},{}", mm(*x), mm(*y))).collect::<Vec<_>>().join(" ")
}

/// The map page at the published paper size (landscape when the map is wider than tall).
pub(crate) fn map_page(ctx: &mut super::Ctx<'_>, map: &Map, paper: Paper) -> Option<(Page, (f64, f64))> {
    let pack = ctx.pack;
    let grid = map.grid.as_ref()?;
    let geo = Geometry { grid, r: grid.hex_mm / SQRT_3 };
    let (map_w, map_h) = geo.size();
    let paper = if map_w > map_h { paper.landscape() } else { paper };
    let (pw, ph) = (paper.width, paper.height);
    // The map on the left, the key and title block in a column on the right (or below).
    let margin = 10.0;
    let side = 95.0;
    let scale = ((pw - 2.0 * margin - side) / map_w).min((ph - 2.0 * margin) / map_h).min(1.0);
    let mut s = begin_page(pw, ph);
    let _ = write!(s, r#"<g transform="translate({margin} {margin}) scale({})">"#, mm(scale));
    draw_hexes(&mut s, pack, map, &geo);
    draw_hexsides(&mut s, pack, map, &geo);
    draw_routes(&mut s, pack, map, &geo);
    draw_places(&mut s, map, &geo);
    s.push_str("</g>");
    draw_key(&mut s, pack, map, pw - margin - side + 5.0, margin, side - 5.0);
    s.push_str("</svg>");
    Some((Page { svg: s, back: false }, (pw, ph)))
}

fn terrain_colour<'a>(pack: &'a Pack, id: &str) -> &'a str {
    pack.terrain(id).map_or("#ffffff", |t| t.colour.as_str())
}

/// SVG pattern definitions for the terrain kinds that ask for one.
fn patterns(s: &mut String, map: &Map) {
    s.push_str("<defs>");
    for t in map.terrain.iter().filter(|t| !t.pattern.is_empty()) {
        let body = match t.pattern.as_str() {
            "dots" => r##"<circle cx="1.5" cy="1.5" r="0.35" fill="#000000" fill-opacity="0.2"/>"##,
            "hatch" => r##"<path d="M0 3 L3 0" stroke="#000000" stroke-opacity="0.2" stroke-width="0.3"/>"##,
            "cross" => {
                r##"<path d="M0 3 L3 0 M0 0 L3 3" stroke="#000000" stroke-opacity="0.12" stroke-width="0.25"/>"##
            }
            "waves" => {
                r##"<path d="M0 2 Q0.75 1 1.5 2 T3 2" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="0.3"/>"##
            }
            _ => "",
        };
        let _ = write!(
            s,
            r#"<pattern id="terrain-{}" width="3" height="3" patternUnits="userSpaceOnUse">{body}</pattern>"#,
            escape(&t.id)
        );
    }
    s.push_str("</defs>");
}

fn draw_hexes(s: &mut String, pack: &Pack, map: &Map, geo: &Geometry<'_>) {
    patterns(s, map);
    s.push_str(r##"<g class="hexes" stroke="#5f6b73" stroke-width="0.25">"##);
    for hex in &map.hexes {
        let corners = points(&geo.corners(hex.col, hex.row));
        let _ = write!(s, r#"<polygon points="{corners}" fill="{}"/>"#, terrain_colour(pack, &hex.terrain));
        if pack.terrain(&hex.terrain).is_some_and(|t| !t.pattern.is_empty()) {
            let _ = write!(
                s,
                r#"<polygon points="{corners}" fill="url(#terrain-{})" stroke="none"/>"#,
                escape(&hex.terrain)
            );
        }
    }
    s.push_str("</g>");
    s.push_str(r##"<g class="hex-numbers" font-size="2.2" text-anchor="middle" fill="#44525c">"##);
    for hex in &map.hexes {
        let (x, y) = geo.centre(hex.col, hex.row);
        let _ = write!(s, r#"<text x="{}" y="{}">{}</text>"#, mm(x), mm(y - geo.grid.hex_mm * 0.32), escape(&hex.id));
    }
    s.push_str("</g>");
}

fn draw_hexsides(s: &mut String, pack: &Pack, map: &Map, geo: &Geometry<'_>) {
    for side in &map.hexsides {
        let (Some(a), Some(b)) = (pack.hex(&side.a), pack.hex(&side.b)) else { continue };
        let Some((p, q)) = geo.shared_edge(a, b) else { continue };
        let (colour, width, dash) = match side.feature.as_str() {
            "mountain" => ("#7a4b21", 1.4, ""),
            "impassable" => ("#c0392b", 1.2, r#" stroke-dasharray="1.2 0.8""#),
            _ => ("#333333", 1.0, ""),
        };
        let _ = write!(
            s,
            r#"<path class="hexside {}" d="M{} {} L{} {}" stroke="{colour}" stroke-width="{width}" stroke-linecap="round"{dash}/>"#,
            escape(&side.feature),
            mm(p.0),
            mm(p.1),
            mm(q.0),
            mm(q.1)
        );
    }
}

/// The cards that enable a route, and its two ends on the map.
type RouteLine = (Vec<String>, (f64, f64), (f64, f64));

fn draw_routes(s: &mut String, pack: &Pack, map: &Map, geo: &Geometry<'_>) {
    // One line per pair of ends, labelled with every card that enables it.
    let mut pairs: BTreeMap<(String, String), RouteLine> = BTreeMap::new();
    for route in &map.routes {
        let (Some(a), Some(b)) = (pack.hex(&route.from), pack.hex(&route.to)) else { continue };
        let key = if a.id <= b.id { (a.id.clone(), b.id.clone()) } else { (b.id.clone(), a.id.clone()) };
        let card = pack.card(&route.card).map_or(route.card.value.clone(), |c| c.id.clone());
        let entry =
            pairs.entry(key).or_insert_with(|| (Vec::new(), geo.centre(a.col, a.row), geo.centre(b.col, b.row)));
        if !entry.0.contains(&card) {
            entry.0.push(card);
        }
    }
    s.push_str(r##"<g class="sea-routes" stroke="#1f4e79" stroke-width="0.6" stroke-dasharray="2 1.2" fill="none">"##);
    for (_, (_, a, b)) in pairs.iter() {
        let _ = write!(s, r#"<path d="M{} {} L{} {}"/>"#, mm(a.0), mm(a.1), mm(b.0), mm(b.1));
    }
    s.push_str("</g>");
    s.push_str(r##"<g class="route-labels" font-size="2.4" font-weight="700" text-anchor="middle" fill="#1f4e79">"##);
    for (_, (cards, a, b)) in pairs.iter() {
        let (x, y) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let label = cards.join("·");
        let w = 1.6 * label.chars().count() as f64 + 1.6;
        let _ = write!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="3.4" rx="0.8" fill="#ffffff" stroke="#1f4e79" stroke-width="0.2"/>"##,
            mm(x - w / 2.0),
            mm(y - 2.3),
            mm(w)
        );
        let _ = write!(s, r#"<text x="{}" y="{}">{}</text>"#, mm(x), mm(y + 0.4), escape(&label));
    }
    s.push_str("</g>");
}

fn draw_places(s: &mut String, map: &Map, geo: &Geometry<'_>) {
    let h = geo.grid.hex_mm;
    for hex in &map.hexes {
        let Some(place) = &hex.place else {
            if let Some(c) = hex.chit_capacity.filter(|c| *c > 1) {
                let (x, y) = geo.centre(hex.col, hex.row);
                let _ = write!(
                    s,
                    r##"<text x="{}" y="{}" font-size="2.2" text-anchor="middle" fill="#44525c">チット{c}</text>"##,
                    mm(x),
                    mm(y + h * 0.36)
                );
            }
            continue;
        };
        let (x, y) = geo.centre(hex.col, hex.row);
        if place.city {
            let size = if place.features.iter().any(|f| f == "capital") { 5.0 } else { 4.0 };
            let _ = write!(
                s,
                r##"<rect x="{}" y="{}" width="{size}" height="{size}" fill="#b03a2e" stroke="#ffffff" stroke-width="0.4"/>"##,
                mm(x - size / 2.0),
                mm(y - size / 2.0 - 1.0)
            );
        } else if place.features.iter().any(|f| f == "mine") {
            let _ = write!(
                s,
                r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="#3b2f1c" stroke-width="0.8"/>"##,
                mm(x - 2.0),
                mm(y - 3.0),
                mm(x + 2.0),
                mm(y + 1.0),
                mm(x + 2.0),
                mm(y - 3.0),
                mm(x - 2.0),
                mm(y + 1.0)
            );
        }
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="3.2" font-weight="700" text-anchor="middle" fill="#1a1a1a" stroke="#ffffff" stroke-width="0.6" paint-order="stroke">{}</text>"##,
            mm(x),
            mm(y + h * 0.2),
            escape(&place.name.ja)
        );
        let mut facts = Vec::new();
        if let Some(vp) = place.vp {
            facts.push(format!("{vp}VP"));
        }
        if let Some(c) = hex.chit_capacity {
            facts.push(format!("チット{c}"));
        }
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="2.3" text-anchor="middle" fill="#1a1a1a">{}</text>"##,
            mm(x),
            mm(y + h * 0.36),
            escape(&facts.join(" "))
        );
    }
}

/// One line of the key's text, right of its swatch.
fn key_label(s: &mut String, x: f64, y: f64, text: &str) {
    let _ = write!(
        s,
        r##"<text x="{}" y="{}" font-size="3.4" fill="#1a1a1a">{}</text>"##,
        mm(x + 11.0),
        mm(y),
        escape(text)
    );
}

fn draw_key(s: &mut String, pack: &Pack, map: &Map, x: f64, y: f64, w: f64) {
    let mut line = y + 6.0;
    let _ = write!(
        s,
        r##"<text x="{x}" y="{}" font-size="7" font-weight="700" fill="#1a1a1a">{}</text>"##,
        mm(line),
        escape(&pack.game.title.ja)
    );
    line += 6.0;
    let _ = write!(
        s,
        r##"<text x="{x}" y="{}" font-size="3.6" fill="#333333">{} · {} · edition {}</text>"##,
        mm(line),
        escape(&map.name.ja),
        escape(&map.name.en),
        escape(&pack.game.edition)
    );
    if map.provisional {
        line += 7.0;
        let _ = write!(
            s,
            r##"<rect x="{x}" y="{}" width="{w}" height="9" rx="1" fill="#ffffff" stroke="#c0392b" stroke-width="0.4"/>"##,
            mm(line - 5.0)
        );
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="3" font-weight="700" fill="#c0392b">暫定 DRAFT: geometry reconstructed from the rules,</text>"##,
            mm(x + 2.0),
            mm(line - 1.0)
        );
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="3" font-weight="700" fill="#c0392b">not the published map</text>"##,
            mm(x + 2.0),
            mm(line + 2.6)
        );
        line += 6.0;
    }
    line += 8.0;
    let _ = write!(
        s,
        r##"<text x="{x}" y="{}" font-size="4" font-weight="700" fill="#1a1a1a">地形 Terrain</text>"##,
        mm(line)
    );
    for t in &map.terrain {
        line += 7.0;
        let _ = write!(
            s,
            r##"<rect x="{x}" y="{}" width="8" height="5" fill="{}" stroke="#5f6b73" stroke-width="0.25"/>"##,
            mm(line - 4.0),
            t.colour
        );
        if !t.pattern.is_empty() {
            let _ = write!(
                s,
                r#"<rect x="{x}" y="{}" width="8" height="5" fill="url(#terrain-{})"/>"#,
                mm(line - 4.0),
                escape(&t.id)
            );
        }
        key_label(s, x, line, &format!("{} {}", t.name.ja, t.name.en));
    }
    let mut features: Vec<&str> = map.hexsides.iter().map(|h| h.feature.as_str()).collect();
    features.sort_unstable();
    features.dedup();
    for f in features {
        line += 7.0;
        let (colour, label) = match f {
            "mountain" => ("#7a4b21", "山脈ヘックスサイド mountain hexside (+1 MP)"),
            "impassable" => ("#c0392b", "横断禁止ヘックスサイド impassable hexside"),
            other => ("#333333", other),
        };
        let _ = write!(
            s,
            r##"<path d="M{x} {} L{} {}" stroke="{colour}" stroke-width="1.3"/>"##,
            mm(line - 1.5),
            mm(x + 8.0),
            mm(line - 1.5)
        );
        key_label(s, x, line, label);
    }
    line += 7.0;
    let _ = write!(s, r##"<rect x="{x}" y="{}" width="4" height="4" fill="#b03a2e"/>"##, mm(line - 3.5));
    key_label(s, x, line, "都市 city (VP, chit capacity)");
    if !map.routes.is_empty() {
        line += 7.0;
        let _ = write!(
            s,
            r##"<path d="M{x} {} L{} {}" stroke="#1f4e79" stroke-width="0.6" stroke-dasharray="2 1.2"/>"##,
            mm(line - 1.5),
            mm(x + 8.0),
            mm(line - 1.5)
        );
        key_label(s, x, line, "海上移動航路 sea route (cards)");
    }
    // Off-map boxes printed on the map.
    for b in pack.boxes.iter().filter(|b| b.sheet.value == "map") {
        line += 10.0;
        let _ = write!(
            s,
            r##"<rect x="{x}" y="{}" width="{w}" height="22" rx="1.5" fill="#f7f3e8" stroke="#3b2f1c" stroke-width="0.4"/>"##,
            mm(line - 4.0)
        );
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="3.6" font-weight="700" fill="#1a1a1a">{} {}</text>"##,
            mm(x + 2.0),
            mm(line + 1.0),
            escape(&b.name.ja),
            escape(&b.name.en)
        );
        line += 22.0;
    }
}

/// The page cut into tiles of `tile_paper` (portrait or landscape, whichever needs fewer), each
/// showing its part of the page with `overlap` mm shared with its neighbours, registration
/// crosses in the overlap, and a small diagram of where the tile goes.
pub(crate) fn tiles(
    _ctx: &mut super::Ctx<'_>,
    page: &Page,
    page_mm: (f64, f64),
    tile_paper: Paper,
    overlap: f64,
) -> Vec<Page> {
    let margin = 8.0;
    let count = |p: Paper| {
        let (vw, vh) = (p.width - 2.0 * margin, p.height - 2.0 * margin);
        let n = |total: f64, view: f64| ((total - overlap) / (view - overlap)).ceil().max(1.0) as usize;
        (n(page_mm.0, vw), n(page_mm.1, vh), p)
    };
    let (a, b) = (count(tile_paper), count(tile_paper.landscape()));
    let (cols, rows, paper) = if b.0 * b.1 < a.0 * a.1 { b } else { a };
    let (vw, vh) = (paper.width - 2.0 * margin, paper.height - 2.0 * margin);
    // The page's inner SVG: strip the root element so it can be nested.
    let inner = page.svg.split_once('>').map_or("", |(_, rest)| rest).trim_end_matches("</svg>");
    let mut out = Vec::new();
    for row in 0..rows {
        for col in 0..cols {
            let (ox, oy) = (col as f64 * (vw - overlap), row as f64 * (vh - overlap));
            let (pw, ph) = (paper.width, paper.height);
            let mut s = String::new();
            let _ = write!(
                s,
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="{pw}mm" height="{ph}mm" viewBox="0 0 {pw} {ph}" font-family="{FAMILY}">"#
            );
            let _ = write!(
                s,
                r#"<svg x="{margin}" y="{margin}" width="{}" height="{}" viewBox="{} {} {} {}">{inner}</svg>"#,
                mm(vw),
                mm(vh),
                mm(ox),
                mm(oy),
                mm(vw),
                mm(vh)
            );
            s.push_str(r##"<g class="registration" stroke="#000000" stroke-width="0.2" fill="none">"##);
            // Crosses at the corners of the overlap strips, on both neighbouring tiles.
            for (x, y) in [
                (margin + overlap / 2.0, margin + overlap / 2.0),
                (margin + vw - overlap / 2.0, margin + overlap / 2.0),
                (margin + overlap / 2.0, margin + vh - overlap / 2.0),
                (margin + vw - overlap / 2.0, margin + vh - overlap / 2.0),
            ] {
                let _ = write!(
                    s,
                    r#"<path d="M{} {y} L{} {y} M{x} {} L{x} {}"/><circle cx="{x}" cy="{y}" r="1.2"/>"#,
                    mm(x - 3.0),
                    mm(x + 3.0),
                    mm(y - 3.0),
                    mm(y + 3.0)
                );
            }
            s.push_str("</g>");
            // Where this tile goes: a small grid with this tile filled.
            let cell = 3.0;
            let (dx, dy) = (pw - margin - cols as f64 * cell, ph - margin + 1.5);
            for r in 0..rows {
                for c in 0..cols {
                    let fill = if (r, c) == (row, col) { "#333333" } else { "#ffffff" };
                    let _ = write!(
                        s,
                        r##"<rect x="{}" y="{}" width="{cell}" height="2" fill="{fill}" stroke="#333333" stroke-width="0.15"/>"##,
                        mm(dx + c as f64 * cell),
                        mm(dy + r as f64 * 2.2 - 2.2 * rows as f64 + 2.0)
                    );
                }
            }
            let label = format!(
                "tile {}{} of {}×{} · overlap {overlap} mm: trim one edge of each overlap and align the crosses",
                (b'A' + row as u8) as char,
                col + 1,
                rows,
                cols
            );
            let _ = write!(
                s,
                r##"<text x="{margin}" y="{}" font-size="2.6" fill="#333333">{}</text>"##,
                mm(ph - 3.0),
                escape(&label)
            );
            s.push_str("</svg>");
            out.push(Page { svg: s, back: false });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Numbering;

    fn grid() -> HexGrid {
        HexGrid {
            orientation: Orientation::FlatTop,
            columns: 12,
            rows: 9,
            hex_mm: 28.0,
            even_shifted: true,
            numbering: Numbering { pattern: "{c}{r}".into() },
        }
    }

    #[test]
    fn neighbouring_hexes_share_exactly_one_edge_of_the_right_length() {
        let g = grid();
        let geo = Geometry { grid: &g, r: 28.0 / SQRT_3 };
        let hex = |col, row| Hex {
            id: String::new(),
            col,
            row,
            terrain: Default::default(),
            place: None,
            chit_capacity: None,
            span: Default::default(),
        };
        for (a, b) in [((6, 3), (7, 4)), ((6, 3), (6, 4)), ((5, 3), (6, 2)), ((5, 4), (4, 3))] {
            let edge =
                geo.shared_edge(&hex(a.0, a.1), &hex(b.0, b.1)).unwrap_or_else(|| panic!("{a:?} {b:?} share no edge"));
            let len = ((edge.0 .0 - edge.1 .0).powi(2) + (edge.0 .1 - edge.1 .1).powi(2)).sqrt();
            assert!((len - 28.0 / SQRT_3).abs() < 1e-9, "an edge is as long as the circumradius");
        }
        assert!(geo.shared_edge(&hex(1, 1), &hex(3, 1)).is_none());
    }

    #[test]
    fn centres_of_adjacent_hexes_are_one_hex_apart() {
        let g = grid();
        let geo = Geometry { grid: &g, r: 28.0 / SQRT_3 };
        for (a, b) in [((6, 3), (7, 4)), ((6, 3), (6, 4)), ((5, 3), (6, 2))] {
            let (p, q) = (geo.centre(a.0, a.1), geo.centre(b.0, b.1));
            assert!((((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt() - 28.0).abs() < 1e-9);
        }
    }
}
