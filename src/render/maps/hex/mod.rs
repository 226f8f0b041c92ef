//! The hex map: the page (`mod.rs`), its frame and cartouche (`frame`) and its sea routes
//! (`routes`). Uses `maps::pen` and `page`.
//!
//! The map: a hex grid drawn from the model (terrain, hexsides, places, sea routes, on-map boxes,
//! hex numbers), with a terrain key and a title block, on one page of the published size; and
//! the same page cut into overlapping tiles for smaller paper, with registration marks and an
//! assembly diagram. Geometry is exact: corners come from the hex size and √3, nothing else.
//!
//! A map page is a [`Drawing`]: a function that draws it onto a [`Pen`]. The page draws it once;
//! each tile draws it again through a window, clipped to the tile's printable area, and keeps
//! only the texts lying wholly inside that window. The overlap between tiles is chosen so that
//! every text lies wholly inside at least one tile, so no word is ever cut by a tile's edge.

pub(crate) mod frame;
pub(crate) mod routes;

use std::fmt::Write;

use super::pen::{Drawing, Extent, Pen, Spot};
use crate::layout::Paper;
use crate::model::{Hex, HexGrid, Map, Orientation, Pack};
pub(crate) use crate::render::maps::tiles::{tiles_as, tiles_where};
use crate::render::page::canvas::{Owner, TextBox, VAlign};
use crate::render::page::mm;
use crate::render::Ctx;
use crate::text::escape;
use frame as mapframe;
use routes as hexroutes;
use routes::{draw_route_labels, draw_route_lines, route_gaps, routes, RouteLine};

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

/// The hex map page at the published paper size (landscape when the map is wider than tall):
/// the map on the left, the cartouche and the key in a column on the right, all in a frame.
pub(crate) fn hex_drawing<'d>(ctx: &Ctx<'_>, map: &'d Map, paper: Paper) -> Option<Drawing<'d>> {
    let grid = map.grid.as_ref()?;
    let geo = Geometry { grid, r: grid.hex_mm / SQRT_3 };
    let (map_w, map_h) = geo.size();
    let paper = if map_w > map_h { paper.landscape() } else { paper };
    let (pw, ph) = (paper.width, paper.height);
    let margin = 10.0;
    // The cartouche and key's column: 95 mm, narrower (down to 50 mm, where the key's words
    // still fit) when that lets the map print at its published size.
    let side = (pw - 2.0 * margin - map_w).clamp(50.0, 95.0);
    let bottom = ctx.canvas((pw, ph), Owner::default()).bottom();
    // The map and the side column stand 3.5 mm inside the frame's outer rule.
    let scale = ((pw - 2.0 * margin - side) / map_w).min((bottom - margin - 3.5) / map_h).min(1.0);
    // The routes are chosen once, on the published page; every tile draws the same curves (the
    // texts they bow around are laid out alike on every tile, drawn or not).
    let chosen: std::cell::OnceCell<Vec<RouteLine<'d>>> = std::cell::OnceCell::new();
    let draw = move |ctx: &Ctx<'_>, pen: &mut Pen<'_, '_>| {
        let geo = Geometry { grid, r: grid.hex_mm / SQRT_3 };
        let pack = ctx.pack;
        pen.group(margin, margin, scale);
        draw_hexes(pen, pack, map, &geo);
        draw_hexsides(pen, pack, map, &geo);
        // Texts first, so the routes know what to bow around; the lines are clipped around
        // every text (`route_gaps`), and the markers go over the lines' ends.
        let (mut obstacles, markers) = draw_places(pen, ctx, map, &geo);
        obstacles.numbers = map.hexes.iter().map(|hex| number_box(pen, &geo, hex, NUMBER_SPOTS[0])).collect();
        let routes = chosen.get_or_init(|| routes(ctx.pack, map, &geo, &obstacles));
        draw_route_lines(pen, routes);
        pen.raw(&markers);
        draw_route_labels(pen, routes, &obstacles);
        draw_hex_numbers(pen, map, &geo, routes, &obstacles);
        route_gaps(pen, &geo);
        pen.end_group();
        let inset = mapframe::FRAME_INSET;
        mapframe::frame(pen, (inset, inset, pw - inset, bottom), pw - margin - side + 2.5);
        let (x, w) = (pw - margin - side + 5.0, side - 5.0);
        let below = mapframe::cartouche(pen, ctx, map, (x, margin), w);
        mapframe::key(pen, ctx, map, (x, below + 5.0), w);
    };
    Some(Drawing {
        size: (pw, ph),
        what: ctx.msg.first("products.map"),
        owner: Owner::new("map", Some(&map.span)),
        draw: Box::new(draw),
        uncut: Vec::new(),
    })
}

fn terrain_colour<'a>(pack: &'a Pack, id: &str) -> &'a str {
    pack.terrain(id).map_or("#ffffff", |t| t.colour.as_str())
}

/// SVG pattern definitions for the terrain kinds that ask for one.
fn patterns(pen: &mut Pen<'_, '_>, map: &Map) {
    let mut s = String::from("<defs>");
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
    pen.raw(&s);
}

/// The owner of a hex's texts.
fn hex_owner(hex: &Hex) -> Owner {
    Owner::new(format!("hex {}", hex.id), Some(&hex.span))
}

fn draw_hexes(pen: &mut Pen<'_, '_>, pack: &Pack, map: &Map, geo: &Geometry<'_>) {
    patterns(pen, map);
    let mut s = String::from(r##"<g class="hexes" stroke="#5f6b73" stroke-width="0.25">"##);
    for hex in &map.hexes {
        let corners = points(&geo.corners(hex.col, hex.row));
        // `data-hex` marks the hex for readers of the page (errata find the changed hexes by it).
        let _ = write!(
            s,
            r#"<polygon data-hex="{}" points="{corners}" fill="{}"/>"#,
            escape(&hex.id),
            terrain_colour(pack, &hex.terrain)
        );
        if pack.terrain(&hex.terrain).is_some_and(|t| !t.pattern.is_empty()) {
            let _ = write!(
                s,
                r#"<polygon points="{corners}" fill="url(#terrain-{})" stroke="none"/>"#,
                escape(&hex.terrain)
            );
        }
    }
    s.push_str("</g>");
    pen.raw(&s);
}

/// Where a hex number may stand, its centre's offset and its top's, in hex heights from the
/// hex's centre, in order of preference: the top, the upper corners, the sides, the lower
/// corners, the bottom.
const NUMBER_SPOTS: [(f64, f64); 8] = [
    (0.0, -0.45),
    (-0.27, -0.36),
    (0.27, -0.36),
    (-0.4, -0.12),
    (0.4, -0.12),
    (-0.27, 0.25),
    (0.27, 0.25),
    (0.0, 0.36),
];
/// The size of hex numbers on hexes of `hex_mm`, pt: 6 pt, smaller on small hexes (0.13 of the
/// hex's height, as the number's box is), never below 4 pt (½-inch hexes print theirs at about
/// 4.5 pt).
fn number_pt(hex_mm: f64) -> f64 {
    (hex_mm * 0.13 * crate::text::fit::PT_PER_MM).clamp(4.0, 6.0)
}

/// The box of `hex`'s number at `spot` (one of [`NUMBER_SPOTS`]), in map mm.
fn number_box(pen: &Pen<'_, '_>, geo: &Geometry<'_>, hex: &Hex, (dx, dy): (f64, f64)) -> Extent {
    let (x, y) = geo.centre(hex.col, hex.row);
    let h = geo.grid.hex_mm;
    let pt = number_pt(h);
    let w = pen.width_mm(&hex.id, pt, false);
    let (cx, top) = (x + dx * h, y + dy * h);
    (cx - w / 2.0, top, cx + w / 2.0, top + pt / crate::text::fit::PT_PER_MM)
}

/// Each hex's number at the first of its spots clear of every text and marker already placed
/// (names, VP, route labels), and of the routes' lines where it can be.
fn draw_hex_numbers(
    pen: &mut Pen<'_, '_>,
    map: &Map,
    geo: &Geometry<'_>,
    routes: &[RouteLine<'_>],
    obstacles: &hexroutes::Obstacles,
) {
    let h = geo.grid.hex_mm;
    let lines: Vec<hexroutes::P> = routes.iter().flat_map(|r| r.curve.samples(160)).collect();
    let overlaps = |r: &Extent, e: &Extent| !(e.2 <= r.0 || r.2 <= e.0 || e.3 <= r.1 || r.3 <= e.1);
    for hex in &map.hexes {
        let texts: Vec<Extent> = pen.extents.iter().map(|&e| pen.to_drawing(e)).collect();
        let score = |k: usize| {
            let b = number_box(pen, geo, hex, NUMBER_SPOTS[k]);
            let hits = texts.iter().chain(obstacles.markers.iter().map(|(_, e)| e)).filter(|e| overlaps(&b, e));
            let crossed = lines.iter().filter(|p| b.0 - 0.3 <= p.0 && p.0 <= b.2 + 0.3 && b.1 <= p.1 && p.1 <= b.3);
            100.0 * hits.count() as f64 + crossed.count() as f64 + 0.5 * k as f64
        };
        let best = (1..NUMBER_SPOTS.len()).fold(0, |best, k| if score(k) < score(best) - 1e-9 { k } else { best });
        let b = number_box(pen, geo, hex, NUMBER_SPOTS[best]);
        let (cx, top) = ((b.0 + b.2) / 2.0, b.1);
        let owner = hex_owner(hex);
        let spot = Spot::left(cx - h * 0.3, top, h * 0.6, h * 0.13).centre();
        pen.text(&hex.id, spot, |b| {
            b.fixed(number_pt(h)).lines(1).fill("#44525c").attrs(r#"data-label="hexnum""#).of(&owner)
        });
    }
}

fn draw_hexsides(pen: &mut Pen<'_, '_>, pack: &Pack, map: &Map, geo: &Geometry<'_>) {
    let mut s = String::new();
    for side in &map.hexsides {
        let (Some(a), Some(b)) = (pack.hex(&side.a), pack.hex(&side.b)) else { continue };
        let Some((p, q)) = geo.shared_edge(a, b) else { continue };
        let (colour, width, dash) = hexside_style(&side.feature);
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
    pen.raw(&s);
}

/// How a hexside feature is drawn, on the map and in its key alike: colour, width (mm) and any
/// dash attribute.
pub(super) fn hexside_style(feature: &str) -> (&'static str, f64, &'static str) {
    match feature {
        "mountain" => ("#7a4b21", 1.4, ""),
        "impassable" => ("#c0392b", 1.2, r#" stroke-dasharray="1.2 0.8""#),
        _ => ("#333333", 1.0, ""),
    }
}

/// How a hex's small facts line (VP, chit capacity) is set.
fn facts(b: TextBox<'_>) -> TextBox<'_> {
    b.fixed(6.0).lines(1).valign(VAlign::Middle).fill("#1a1a1a")
}

/// How far above a place's hex centre its marker stands, mm.
const MARKER_DY: f64 = 2.0;

/// The extent of the text `pen` placed last, if it placed one since it held `before` texts.
fn placed(pen: &Pen<'_, '_>, before: usize) -> Option<Extent> {
    (pen.extents.len() > before).then(|| pen.to_drawing(pen.extents[pen.extents.len() - 1]))
}

/// The places' names and facts lines (and the chit capacity of hexes without a place); returns
/// what the routes must keep clear of and the markers (cities, mines), to be drawn over the routes.
fn draw_places(pen: &mut Pen<'_, '_>, ctx: &Ctx<'_>, map: &Map, geo: &Geometry<'_>) -> (hexroutes::Obstacles, String) {
    let h = geo.grid.hex_mm;
    let msg = &ctx.msg;
    let (w, ht) = geo.size();
    let mut obstacles = hexroutes::Obstacles { map: (0.0, 0.0, w, ht), ..Default::default() };
    let mut markers = String::new();
    for hex in &map.hexes {
        let (x, y) = geo.centre(hex.col, hex.row);
        if !ctx.pack.terrain(&hex.terrain).is_some_and(|t| t.water) {
            // The circle inside the hex: a route may graze its hexsides, not cross it.
            obstacles.land.push(((x, y), h / 2.0));
        }
        let owner = hex_owner(hex);
        let facts_spot = Spot::centred(x, y + h * 0.38, h * 0.8, h * 0.1);
        let chits = hex.chit_capacity.map(|c| msg.fill_first("map.chits", &[("n", &c.to_string())]));
        let Some(place) = &hex.place else {
            if hex.chit_capacity.is_some_and(|c| c > 1) {
                let before = pen.extents.len();
                pen.text(chits.as_deref().unwrap_or_default(), facts_spot, |b| {
                    facts(b).attrs(r#"data-label="chits""#).of(&owner)
                });
                obstacles.texts.extend(placed(pen, before));
            }
            continue;
        };
        let (mx, my) = (x, y - MARKER_DY);
        if place.city {
            let size = if place.features.iter().any(|f| f == "capital") { 5.0 } else { 4.0 };
            let _ = write!(
                markers,
                r##"<rect x="{}" y="{}" width="{size}" height="{size}" fill="#b03a2e" stroke="#ffffff" stroke-width="0.4"/>"##,
                mm(mx - size / 2.0),
                mm(my - size / 2.0)
            );
            obstacles.markers.push(((mx, my), (mx - size / 2.0, my - size / 2.0, mx + size / 2.0, my + size / 2.0)));
        } else if place.features.iter().any(|f| f == "mine") {
            let _ = write!(
                markers,
                r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="#3b2f1c" stroke-width="0.8"/>"##,
                mm(mx - 2.0),
                mm(my - 2.0),
                mm(mx + 2.0),
                mm(my + 2.0),
                mm(mx + 2.0),
                mm(my - 2.0),
                mm(mx - 2.0),
                mm(my + 2.0)
            );
            obstacles.markers.push(((mx, my), (mx - 2.0, my - 2.0, mx + 2.0, my + 2.0)));
        }
        let name = msg.name(&place.name);
        let before = pen.extents.len();
        // 0.82 of the hex's height wide: the hex is that wide at the foot of the name's box
        // (0.28 of its height below the centre), so no name runs past the hexsides.
        pen.text(&name, Spot::centred(x, y + h * 0.16, h * 0.82, h * 0.24), |b| {
            b.size(9.0)
                .min(6.0)
                .bold()
                .lines(2)
                .leading(1.05)
                .valign(VAlign::Middle)
                .attrs(r##"stroke="#ffffff" stroke-width="0.6" paint-order="stroke" data-label="city""##)
                .of(&owner)
        });
        obstacles.texts.extend(placed(pen, before));
        let vp = place.vp.map(|vp| msg.fill_first("map.vp", &[("n", &vp.to_string())]));
        let line: Vec<String> = vp.into_iter().chain(chits).collect();
        let before = pen.extents.len();
        pen.text(&line.join(" "), facts_spot, |b| facts(b).attrs(r#"data-label="vp""#).of(&owner));
        obstacles.texts.extend(placed(pen, before));
    }
    (obstacles, markers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Numbering;
    use crate::text::Fonts;

    #[test]
    fn a_tile_prints_only_the_texts_inside_its_window() {
        let fonts = Fonts::embedded();
        let pack = Pack::default();
        let ctx = Ctx::new(&pack, &fonts);
        let mut c = ctx.canvas((210.0, 297.0), Owner::default());
        let mut pen = Pen::new(&mut c, Some((50.0, 50.0, 100.0, 100.0)));
        let inside = pen.text("inside", Spot::left(60.0, 60.0, 30.0, 5.0), |b| b.fixed(9.0));
        let straddling = pen.text("straddling", Spot::left(90.0, 60.0, 30.0, 5.0), |b| b.fixed(9.0));
        assert_eq!(pen.extents.len(), 2, "both are known, for placing what comes after them");
        assert!(inside.is_some() && straddling.is_some_and(|l| l.width > 0.0), "both are measured, drawn or not");
        let (page, _) = c.finish("");
        assert!(page.svg.text().contains(">inside</text>") && !page.svg.text().contains("straddling"));
    }

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
            attributes: Default::default(),
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
