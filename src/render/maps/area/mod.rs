//! The area (point-to-point) map: the page (`mod.rs`), where unplaced boxes go (`layout`,
//! `separate`, `refine`), adjacency lines routed around boxes (`routing` on `visibility`), region
//! fields (`backdrop`) and region labels (`labels`). Uses `maps::pen` and `page`.
//!
//! The page: every area as a box at its position — its names fitted to the
//! box, the battleground strip and stability number where the pack has those attributes, a tab
//! per coloured attribute value, one influence square per side — joined by adjacency lines,
//! filled in its region's colour over the region's light field, with a key and title block
//! beside the field. `check` guarantees that positioned boxes lie inside the
//! field and do not overlap; areas without positions are laid out by [`layout`], and the
//! adjacency lines are routed around the boxes by [`routing`].

mod backdrop;
pub(crate) mod board_tracks;
mod key;
pub(crate) mod labels;
pub mod layout;
mod refine;
pub(crate) mod routing;
mod separate;
mod visibility;

use std::fmt::Write;

use crate::diag::{Code, Diagnostic};
use crate::layout::Paper;
use crate::model::{Area, AreaGeometry, FieldValue, Map, Names};
use crate::render::maps::area::layout as arealayout;
use crate::render::maps::pen::{Drawing, Extent, Pen, Spot};
use crate::render::page::canvas::{Align, Owner, VAlign};
use crate::render::page::mm;
use crate::render::Ctx;
use routing::{Arrow, Boxed, Route};

/// Where the field sits on the page, mm.
const FIELD_AT: (f64, f64) = (10.0, 13.5);
/// Fill of an area whose region the map does not declare.
const PLAIN: &str = "#eeeeee";
/// The name strip of a battleground area (seed 003: purple) and of any other (beige).
const BATTLEGROUND: &str = "#6d4c9f";
const NON_BATTLEGROUND: &str = "#efe3c2";
/// The adjacency lines' stroke (the key draws a sample of it).
const ADJACENT: &str = r##"fill="none" stroke="#8c8c8c" stroke-width="0.4"/>"##;

/// The centre of every area's box in field mm: its own position, and for areas without one the
/// automatic layout (regions together, short links, no overlaps; see `arealayout`).
pub(crate) fn positions(map: &Map) -> Vec<(f64, f64)> {
    arealayout::positions(map)
}

fn region_colour<'m>(map: &'m Map, area: &Area) -> &'m str {
    map.regions.iter().find(|r| r.id == area.region.value).map_or(PLAIN, |r| r.colour.as_str())
}

/// A name in each language the pack prints, first language first, empty and repeated ones left
/// out (an English-only pack: one name).
fn names_in_languages<'n>(ctx: &Ctx<'_>, names: &'n Names) -> Vec<&'n str> {
    let mut out: Vec<&str> = Vec::new();
    for lang in ctx.msg.languages() {
        let name = match *lang {
            "ja" => names.ja.as_str(),
            _ => names.en.as_str(),
        };
        if !name.trim().is_empty() && !out.contains(&name) {
            out.push(name);
        }
    }
    if out.is_empty() {
        out.push(ctx.msg.first_name(names));
    }
    out
}

/// What the key calls an area attribute: the pack's name for it, else pnpkit's word for the
/// attributes it draws.
fn attribute_label(ctx: &Ctx<'_>, map: &Map, attribute: &str) -> String {
    let declared = map.area_attributes.iter().find(|f| f.id == attribute).map(|f| &f.name);
    match declared.or(map.area_attribute_names.get(attribute)).map(|n| ctx.msg.name(n)).filter(|n| !n.is_empty()) {
        Some(name) => name,
        None if attribute == "battleground" => ctx.msg.text("areamap.battleground"),
        None => ctx.msg.text("areamap.stability"),
    }
}

/// Draws one area's box centred at (`x`, `y`) in field mm: the name strip, the stability number
/// at the right, and one influence square per side that holds the map's marker.
fn draw_area(pen: &mut Pen<'_, '_>, ctx: &Ctx<'_>, map: &Map, area: &Area, (x, y): (f64, f64)) {
    let geometry = map.area;
    let (w, h) = geometry.box_mm;
    let (left, top) = (x - w / 2.0, y - h / 2.0);
    let owner = Owner::new(format!("area `{}`", area.id), Some(&area.span));
    let attribute = |k: &str| area.attributes.get(k).map(FieldValue::display).unwrap_or_default();
    let battleground = matches!(attribute("battleground").as_str(), "yes" | "true" | "1");
    let has_strip = map.area_attributes.iter().any(|a| a.id == "battleground");
    // A side's home (a superpower) in the side's colour, else the region's.
    let home = area.side.as_ref().and_then(|s| ctx.pack.side(s)).and_then(|s| ctx.pack.side_colour(s));
    pen.raw(&format!(
        r##"<rect class="area" x="{}" y="{}" width="{w}" height="{h}" rx="1" fill="{}" stroke="#3b3b3b" stroke-width="0.3"/>"##,
        mm(left),
        mm(top),
        home.unwrap_or_else(|| region_colour(map, area))
    ));
    // The name strip, purple for battlegrounds when the pack has the attribute.
    let strip = AreaGeometry::STRIP_MM;
    let (strip_fill, ink) = match (has_strip, battleground) {
        (true, true) => (BATTLEGROUND, "#ffffff"),
        (true, false) => (NON_BATTLEGROUND, "#1a1a1a"),
        _ => ("#ffffff", "#1a1a1a"),
    };
    pen.raw(&format!(
        r##"<rect x="{}" y="{}" width="{w}" height="{strip}" rx="1" fill="{strip_fill}" stroke="#3b3b3b" stroke-width="0.2"/>"##,
        mm(left),
        mm(top)
    ));
    // The names take the strip's whole width (two languages at 6 pt need it); the stability
    // number sits in the body, right of the influence squares.
    let name_width = w - 1.6;
    let names = names_in_languages(ctx, &area.name);
    match names.as_slice() {
        [only] => {
            pen.text(only, Spot::left(left + 0.8, top + 0.4, name_width, strip - 0.8).centre(), |b| {
                b.size(8.0).min(6.0).bold().lines(2).leading(1.05).valign(VAlign::Middle).fill(ink).of(&owner)
            });
        }
        [first, second, ..] => {
            pen.text(first, Spot::left(left + 0.8, top + 0.3, name_width, 3.6).centre(), |b| {
                b.size(8.0).min(6.0).bold().lines(1).valign(VAlign::Middle).fill(ink).of(&owner)
            });
            pen.text(second, Spot::left(left + 0.8, top + 3.9, name_width, 2.9).centre(), |b| {
                b.size(6.0).min(6.0).lines(1).valign(VAlign::Middle).fill(ink).of(&owner)
            });
        }
        [] => {}
    }
    let square = geometry.square_mm;
    let body = top + strip + 1.0;
    let stability = attribute("stability");
    let has_stability = map.area_attributes.iter().any(|a| a.id == "stability");
    let stability_w = if has_stability { AreaGeometry::STABILITY_MM } else { 0.0 };
    if !stability.is_empty() {
        let (sw, sh) = (4.6, 5.4);
        let sy = body + (square - sh) / 2.0;
        pen.raw(&format!(
            r##"<rect x="{}" y="{}" width="{sw}" height="{sh}" fill="#ffffff" stroke="#3b3b3b" stroke-width="0.2"/>"##,
            mm(left + w - stability_w + 0.8),
            mm(sy)
        ));
        pen.text(&stability, Spot::left(left + w - stability_w + 0.9, sy + 0.1, sw - 0.2, sh - 0.2).centre(), |b| {
            b.size(10.0).min(6.0).bold().lines(1).valign(VAlign::Middle).of(&owner)
        });
    }
    value_marks(pen, map, area, (left, top), stability_w, body + square);
    // One influence square per side, left to right in the pack's side order (seed 003: US left,
    // USSR right), spread across the body left of the stability number; none in an area with no
    // stability on a map whose areas have it (a superpower) where no setup places influence.
    let starts_any = ctx.pack.sides.iter().any(|side| start_influence(ctx, area, &side.id) > 0);
    if has_stability && stability.is_empty() && !starts_any {
        // A side's home holds no influence: a white star marks it as the side's own.
        if home.is_some() {
            let r = (h - strip) * 0.36;
            pen.raw(&format!(
                r##"<path d="{}" fill="#ffffff"/>"##,
                crate::render::page::star((x, top + strip + (h - strip) / 2.0), r)
            ));
        }
        return;
    }
    let sides = ctx.pack.sides.len().max(1) as f64;
    let span = w - stability_w;
    let mut s = String::new();
    let mut starts = Vec::new();
    for (i, side) in ctx.pack.sides.iter().enumerate() {
        let cx = left + span * (i as f64 + 0.5) / sides;
        let start = start_influence(ctx, area, &side.id);
        if start > 0 {
            starts.push((start.to_string(), cx));
        }
        let _ = write!(
            s,
            r##"<rect data-influence="{}" x="{}" y="{}" width="{square}" height="{square}" fill="#ffffff" stroke="#3b3b3b" stroke-width="0.25"><title>{}</title></rect>"##,
            crate::text::escape(&side.id),
            mm(cx - square / 2.0),
            mm(body),
            crate::text::escape(ctx.msg.first_name(&side.name))
        );
    }
    pen.raw(&s);
    // The influence the first setup places here, printed in the side's square: large in a
    // pencil-and-paper square, small in its lower right corner when a marker covers the square
    // (as seed 003's board prints it).
    for (start, cx) in starts {
        let spot = Spot::left(cx - square / 2.0, body, square, square).centre();
        match geometry.marker_mm {
            None => pen.text(&start, spot, |b| b.size(9.0).min(6.0).bold().lines(1).valign(VAlign::Middle).of(&owner)),
            Some(_) => {
                let corner = Spot {
                    align: Align::End,
                    ..Spot::left(cx - square / 2.0 + 0.4, body + square - 3.4, square - 0.8, 3.0)
                };
                pen.text(&start, corner, |b| b.size(7.0).min(6.0).bold().lines(1).valign(VAlign::Middle).of(&owner))
            }
        };
    }
}

/// The attributes drawn as coloured marks: a choice or list whose values have colours
/// (`value_colours`), such as the part of Europe a country counts in.
fn marked_attributes(map: &Map) -> impl Iterator<Item = &crate::model::CardField> {
    map.area_attributes.iter().filter(|a| {
        matches!(a.kind, crate::model::FieldKind::Choice { .. } | crate::model::FieldKind::List { .. })
            && !a.value_colours.is_empty()
    })
}

/// A marked attribute's values that have a colour, with their (first) colour, in the order the
/// attribute declares its values.
fn coloured_values(attribute: &crate::model::CardField) -> Vec<(&str, &str)> {
    let values = match &attribute.kind {
        crate::model::FieldKind::Choice { values } | crate::model::FieldKind::List { values } => values.as_slice(),
        _ => &[],
    };
    values.iter().filter_map(|v| Some((v.as_str(), attribute.value_colours.get(v)?.first()?.as_str()))).collect()
}

/// The colours of `area`'s marked values, attribute by attribute, each in its value order.
fn marks_of<'m>(map: &'m Map, area: &Area) -> Vec<&'m str> {
    let mut out = Vec::new();
    for attribute in marked_attributes(map) {
        let has = |value: &str| match area.attributes.get(&attribute.id) {
            Some(FieldValue::List(values)) => values.iter().any(|v| v == value),
            Some(FieldValue::Text(v)) => v == value,
            _ => false,
        };
        out.extend(coloured_values(attribute).into_iter().filter(|(v, _)| has(v)).map(|(_, colour)| colour));
    }
    out
}

/// One tab per marked value of `area` (the key says what each colour means): side by side in the
/// right column under the stability number, or as a band along the box's foot when the map has
/// no stability column. `bottom` is the foot of the influence squares.
fn value_marks(pen: &mut Pen<'_, '_>, map: &Map, area: &Area, (left, top): (f64, f64), column: f64, bottom: f64) {
    let marks = marks_of(map, area);
    if marks.is_empty() {
        return;
    }
    let (w, h) = map.area.box_mm;
    let (x, y, width, height) = if column > 0.0 {
        (left + w - column + 0.8, bottom - 3.6, 4.6, 3.6)
    } else {
        (left + 1.0, top + h - 1.3, w - 2.0, 1.0)
    };
    let each = width / marks.len() as f64;
    let mut s = String::new();
    for (k, colour) in marks.iter().enumerate() {
        let _ = write!(
            s,
            r##"<rect data-mark="" x="{}" y="{}" width="{}" height="{height}" fill="{colour}" stroke="#3b3b3b" stroke-width="0.15"/>"##,
            mm(x + each * k as f64),
            mm(y),
            mm(each)
        );
    }
    pen.raw(&s);
}

/// How many pieces of side `side` the first setup places in `area` (setups.csv rows naming the
/// area by id or name): its start influence.
fn start_influence(ctx: &Ctx<'_>, area: &Area, side: &str) -> u32 {
    let Some(setup) = ctx.pack.setups.first() else { return 0 };
    let here = |loc: &str| loc == area.id || (!loc.is_empty() && (loc == area.name.en || loc == area.name.ja));
    ctx.pack
        .placements
        .iter()
        .filter(|p| p.setup.value == setup.id && p.side.value == side && here(&p.location.value))
        .map(|p| p.count.value)
        .sum()
}

/// The width the key beside the field takes, with its gaps, mm.
const KEY_ROOM: f64 = 110.0;
/// The widest the key grows on large paper, mm.
const KEY_WIDEST: f64 = 150.0;

/// The scale the field is drawn at on `paper` (landscape): 1, or less when the paper is too small
/// for the field and the key beside it.
fn field_scale(ctx: &Ctx<'_>, map: &Map, paper: Paper) -> f64 {
    let bottom = ctx.canvas((paper.width, paper.height), Owner::default()).bottom();
    let field = map.area.field_mm;
    ((paper.width - KEY_ROOM) / field.0).min((bottom - FIELD_AT.1) / field.1).min(1.0)
}

/// A warning when the published paper shrinks the field so far that a declared marker no longer
/// fits its influence square, naming the paper that would hold the map at full size.
pub(crate) fn scale_warning(ctx: &Ctx<'_>, map: &Map, paper: Paper) -> Option<Diagnostic> {
    let marker = map.area.marker_mm?;
    let scale = field_scale(ctx, map, paper.landscape());
    let printed = map.area.square_mm * scale;
    if printed >= marker {
        return None;
    }
    let fits = [Paper::A3, Paper::A2, Paper::A1].into_iter().find(|p| field_scale(ctx, map, p.landscape()) >= 1.0);
    let hint = match fits {
        Some(p) => format!("give the map paper = \"{}\" (it holds the field at full size), a smaller marker_size, or a smaller field", p.name),
        None => "give a smaller marker_size or a smaller field, or draw the map on the largest paper (A1) and accept the scale".to_string(),
    };
    Some(
        Diagnostic::warning(
            Code::AREA_SQUARES_SCALED,
            format!(
                "the area map is printed at {:.0} % on {}: its influence squares come out {printed:.1} mm, smaller than the {marker} mm markers",
                scale * 100.0,
                paper.name
            ),
        )
        .at(&map.span)
        .with_hint(hint),
    )
}

/// The column beside the field that holds the key on `paper` (landscape): its left and width,
/// mm, and the page's width. On paper much wider than the field (an A1 board), the key keeps a
/// readable width.
fn key_column(ctx: &Ctx<'_>, map: &Map, paper: Paper) -> ((f64, f64), f64) {
    let key_x = FIELD_AT.0 + map.area.field_mm.0 * field_scale(ctx, map, paper) + 8.0;
    ((key_x, (paper.width - key_x - 10.0).min(KEY_WIDEST)), paper.width)
}

/// The room under the key for the game's tracks on the map published on `paper` (turned
/// landscape here): the column (left, width), the key's foot and the foot of the page's safe
/// area, mm; `None` when the pack has no tracks.
fn board_column(ctx: &Ctx<'_>, map: &Map, paper: Paper) -> Option<((f64, f64), f64, f64)> {
    if ctx.pack.tracks.is_empty() {
        return None;
    }
    let paper = paper.landscape();
    let ((x, width), _) = key_column(ctx, map, paper);
    // The key's foot, from drawing it on a scratch page.
    let mut scratch = ctx.canvas((paper.width, paper.height), Owner::default());
    let bottom = scratch.bottom();
    let top = key::draw_key(&mut Pen::new(&mut scratch, None), ctx, map, (x, FIELD_AT.1), width);
    Some(((x, width), top, bottom))
}

/// The area map page at the published paper size, landscape: the standard board's field on the
/// left, the key on the right (with the areas only a variant puts on the board).
pub(crate) fn drawing<'d>(ctx: &Ctx<'_>, full: &'d Map, published: Paper) -> Drawing<'d> {
    let paper = published.landscape();
    let board = full.board();
    let map: &Map = &board;
    let (pw, ph) = (paper.width, paper.height);
    // Smaller paper than the field needs: the field is scaled down (`scale_warning` says so
    // when the markers no longer fit; tiles of a larger map are the better choice).
    let scale = field_scale(ctx, map, paper);
    let field = map.area.field_mm;
    let at = positions(map);
    // Routes and region labels are placed once; the page and each tile draw the same ones.
    let (links, routes) = route_links(ctx, map, &at);
    let labels = crate::render::maps::area::labels::place_all(ctx, map, &at, &routes);
    let ((key_x, key_w), _) = key_column(ctx, full, paper);
    // The game's tracks in the column under the key, where they fit; the rest in free room of
    // the field when it is printed at full size.
    let (on_board, left_over) = board_column(ctx, full, published)
        .map(|(column, top, bottom)| board_tracks::place(ctx, column, top, bottom))
        .unwrap_or_default();
    let in_field = if scale < 1.0 || left_over.is_empty() {
        Vec::new()
    } else {
        let taken: Vec<Extent> = labels.iter().filter_map(|l| l.as_ref().ok().map(|(_, r)| *r)).collect();
        board_tracks::in_field(ctx, (map, &at, &routes), &taken, &left_over, key_w)
    };
    // A tile seam through an area's box would split its influence squares between two sheets,
    // and one through a track its boxes.
    let (bw, bh) = map.area.box_mm;
    let uncut = (at.iter())
        .map(|&(x, y)| {
            let (left, top) = (FIELD_AT.0 + scale * (x - bw / 2.0), FIELD_AT.1 + scale * (y - bh / 2.0));
            (left, top, left + scale * bw, top + scale * bh)
        })
        .chain(on_board.iter().map(|t| t.extent))
        .chain(in_field.iter().map(|t| {
            let (x0, y0, x1, y1) = t.extent;
            (FIELD_AT.0 + x0, FIELD_AT.1 + y0, FIELD_AT.0 + x1, FIELD_AT.1 + y1)
        }))
        .collect();
    let draw = move |ctx: &Ctx<'_>, pen: &mut Pen<'_, '_>| {
        pen.group(FIELD_AT.0, FIELD_AT.1, scale);
        pen.raw(&format!(
            r##"<rect data-field="" x="0" y="0" width="{}" height="{}" fill="#f5f8fb" stroke="#9aa7b3" stroke-width="0.4"/>"##,
            field.0, field.1
        ));
        let map: &Map = &board;
        pen.raw(&backdrop::draw(map, &at, arealayout::spacing(map).gap));
        draw_adjacency(pen, ctx, map, &links, &routes);
        for (area, centre) in map.areas.iter().zip(&at) {
            // A stable marker for tests reading the SVG back: the box is the group's first rect.
            pen.raw(&format!(r#"<g data-area="{}">"#, crate::text::escape(&area.id)));
            draw_area(pen, ctx, map, area, *centre);
            pen.raw("</g>");
        }
        crate::render::maps::area::labels::draw(pen, &labels);
        board_tracks::draw(pen, ctx, &in_field);
        pen.end_group();
        key::draw_key(pen, ctx, full, (key_x, FIELD_AT.1), key_w);
        board_tracks::draw(pen, ctx, &on_board);
    };
    Drawing {
        size: (pw, ph),
        what: ctx.msg.first("products.map"),
        owner: Owner::new("area map", Some(&full.span)),
        draw: Box::new(draw),
        uncut,
    }
}

/// Every adjacent pair once (by area index), and its route around the boxes that are not its
/// ends ([`routing::route`]).
fn route_links(ctx: &Ctx<'_>, map: &Map, at: &[(f64, f64)]) -> (Vec<(usize, usize)>, Vec<Route>) {
    let links = links_of(map);
    let boxes: Vec<Boxed> = at.iter().map(|&centre| Boxed { centre, size: map.area.box_mm }).collect();
    let label_size = |i: usize| {
        let lines = names_in_languages(ctx, &map.areas[i].name);
        let w =
            lines.iter().map(|l| crate::render::maps::pen::width_mm(ctx.fonts, l, LABEL_PT, false)).fold(0.0, f64::max);
        (w + 0.6, LABEL_LINE * lines.len() as f64)
    };
    let routes = routing::route(map.area.field_mm, &boxes, &links, label_size);
    (links, routes)
}

/// Every adjacent pair of areas once, by area index.
fn links_of(map: &Map) -> Vec<(usize, usize)> {
    let mut links = Vec::new();
    for (i, area) in map.areas.iter().enumerate() {
        for adj in &area.adjacent {
            let Some(j) = map.areas.iter().position(|a| a.id == adj.value) else { continue };
            if i != j && (j > i || !map.areas[j].adjacent.iter().any(|b| b.value == area.id)) {
                links.push((i, j));
            }
        }
    }
    links
}

/// How many pairs of the map's links cross as drawn with its boxes at `at` (field mm): routed
/// around the boxes, links across the whole map drawn as off-map arrows, which cross nothing.
pub fn drawn_crossings(map: &Map, at: &[(f64, f64)]) -> usize {
    refine::seen(&links_of(map), at, map.area.box_mm, map.area.field_mm).0
}

/// Adjacency routes, drawn first so that the boxes cover their ends; each pair once. Each link is
/// routed around the boxes that are not its ends ([`routing::route`]): a `<path data-link="a b">`
/// from border to border, or, for a link across the whole map, a `<g data-link="a b"
/// data-offmap="">` of two arrows pointing off the map, each with a `<g data-label="id">` naming
/// the other end in the pack's languages.
fn draw_adjacency(pen: &mut Pen<'_, '_>, ctx: &Ctx<'_>, map: &Map, links: &[(usize, usize)], routes: &[Route]) {
    let label_lines = |i: usize| names_in_languages(ctx, &map.areas[i].name);
    let mut s = String::new();
    for route in routes {
        if let Some(d) = route.path_data() {
            let Route::Curve { link, .. } = route else { continue };
            let (a, b) = links[*link];
            let (a, b) = (crate::text::escape(&map.areas[a].id), crate::text::escape(&map.areas[b].id));
            let _ = write!(s, r##"<path data-link="{a} {b}" d="{d}" {ADJACENT}"##);
        }
    }
    pen.raw(&s);
    for route in routes {
        let Route::OffMap { link, arrows } = route else { continue };
        let (a, b) = links[*link];
        let ends = (crate::text::escape(&map.areas[a].id), crate::text::escape(&map.areas[b].id));
        pen.raw(&format!(r#"<g data-link="{} {}" data-offmap="">"#, ends.0, ends.1));
        for arrow in arrows {
            draw_arrow(pen, arrow);
            let owner =
                Owner::new(format!("area `{}`", map.areas[arrow.from_box].id), Some(&map.areas[arrow.from_box].span));
            let (x, y, w, _) = arrow.label;
            pen.raw(&format!(r#"<g data-label="{}">"#, crate::text::escape(&map.areas[arrow.names].id)));
            for (k, line) in label_lines(arrow.names).iter().enumerate() {
                let spot = Spot::left(x, y + LABEL_LINE * k as f64, w, LABEL_LINE);
                let spot = if arrow.label_right_aligned { Spot { align: Align::End, ..spot } } else { spot };
                pen.text(line, spot, |t| {
                    t.size(LABEL_PT).min(LABEL_PT).lines(1).valign(VAlign::Middle).fill(ARROW_INK).of(&owner)
                });
            }
            pen.raw("</g>");
        }
        pen.raw("</g>");
    }
}

/// The size of an off-map arrow's label, pt, and the height of one of its lines, mm.
const LABEL_PT: f64 = 6.0;
const LABEL_LINE: f64 = 2.6;
/// The ink of off-map arrows and their labels.
const ARROW_INK: &str = "#4a4a4a";

/// One off-map arrow: a shaft and a filled head at its tip.
fn draw_arrow(pen: &mut Pen<'_, '_>, arrow: &Arrow) {
    let (f, t) = (arrow.from, arrow.tip);
    let len = ((t.0 - f.0) * (t.0 - f.0) + (t.1 - f.1) * (t.1 - f.1)).sqrt().max(1e-9);
    let (ux, uy) = ((t.0 - f.0) / len, (t.1 - f.1) / len);
    let (bx, by) = (t.0 - ux * 1.8, t.1 - uy * 1.8);
    pen.raw(&format!(
        r##"<path d="M{} {} L{} {}" fill="none" stroke="{ARROW_INK}" stroke-width="0.5"/><path d="M{} {} L{} {} L{} {} Z" fill="{ARROW_INK}"/>"##,
        mm(f.0),
        mm(f.1),
        mm(bx),
        mm(by),
        mm(t.0),
        mm(t.1),
        mm(bx - uy * 0.9),
        mm(by + ux * 0.9),
        mm(bx + uy * 0.9),
        mm(by - ux * 0.9)
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{MapKind, Names, Ref, AREA_BOX_MM, AREA_FIELD_MM};

    /// An area of `region` named by its id, with no links and no position (also for the
    /// other area modules' tests).
    pub(super) fn area(id: &str, region: &str) -> Area {
        Area {
            id: id.into(),
            name: Names { ja: id.into(), en: id.into() },
            region: Ref::new(region.into(), Default::default()),
            adjacent: Vec::new(),
            at: None,
            attributes: Default::default(),
            side: None,
            variant: None,
            span: Default::default(),
        }
    }

    #[test]
    fn a_map_without_positions_is_laid_out_without_overlaps_inside_the_field() {
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
    }
}
