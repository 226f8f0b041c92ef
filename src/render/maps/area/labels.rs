//! Region labels on area maps: each region that has areas gets one label in free space of the
//! field near its boxes — its names in bold on a band of the region's colour and, for a scored
//! region, one line per language listing its scoring levels (`Presence 3 · Dominance 7 ·
//! Control 8`, the levels' names from the pack).
//!
//! The principal entry point is [`draw`]. **Placement:** candidate spots are the label's
//! top-left corner on a 1 mm grid over the field; a spot is free when the label, grown by
//! [`GAP`], overlaps no area box, crosses no adjacency route, no off-map arrow or its label and no
//! region label placed before it, and lies inside the field. Of the free spots whose label is
//! nearer (rectangle to rectangle) one of the region's own boxes than any other region's box, the
//! one with the least score wins — the distance of its centre from the centroid of the region's
//! boxes plus [`ATTACH`] times its gap to the region's nearest box — preferring spots at least
//! [`CLEARLY`] nearer the own region than any other (ties by grid order). A region with no such
//! spot gets no label and a warning W0805 at its `[[regions]]` table:
//! labels never overlap silently. Regions are placed in the order map.toml declares them.
//! Deterministic: no hashing, no trigonometry.

use std::fmt::Write;

use crate::diag::{Code, Diagnostic};
use crate::messages::Messages;
use crate::model::{Map, Region, ScoreValue};
use crate::render::maps::area::routing::{Boxed, Piece, Route};
use crate::render::maps::pen::{width_mm, Pen, Spot};
use crate::render::page::canvas::{Owner, VAlign};
use crate::render::page::mm;
use crate::render::Ctx;
use crate::text::escape;

/// How far a label keeps from boxes, lines, other labels and the field's edge, mm.
pub(crate) const GAP: f64 = 0.8;
/// The name's size, pt, and the height of its band, mm.
const NAME_PT: f64 = 8.0;
const NAME_BAND: f64 = 4.2;
/// The scoring lines' size, pt, and the height of one line, mm.
const SCORE_PT: f64 = 6.5;
const SCORE_LINE: f64 = 3.0;
/// Padding left and right of the texts, and below the last scoring line, mm.
const PAD: f64 = 1.2;
const BOTTOM: f64 = 0.5;
/// Room between a region's label and a link line, mm: a line grazing the label's edge reads as
/// running under it.
const LINE_GAP: f64 = 2.5;
/// The grid the candidate spots lie on, mm.
const STEP: f64 = 1.0;
/// How much a mm of gap between a label and its region's nearest box weighs against a mm of
/// distance from the region's centroid: labels keep close to a box of their own.
const ATTACH: f64 = 2.0;
/// How much nearer its own region's boxes than any other's a label should be, mm, when the
/// field allows.
const CLEARLY: f64 = 3.0;

type Rect = (f64, f64, f64, f64);
type Pt = (f64, f64);

/// What a region's label says: its name line and its scoring lines (one per language, each
/// distinct line once).
pub(crate) struct Label {
    region: Region,
    name: String,
    scores: Vec<String>,
    size: (f64, f64),
}

/// The scoring lines of `region`: in each of the pack's languages, `level value` per level the
/// region scores at, joined by ` · `; each distinct line once.
fn score_lines(ctx: &Ctx<'_>, map: &Map, region: &Region) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    if region.scoring.is_empty() {
        return out;
    }
    for language in ctx.msg.languages() {
        let m = Messages::new(&[*language]);
        let parts: Vec<String> = region
            .scoring
            .iter()
            .map(|s| {
                let level = map
                    .scoring_levels
                    .iter()
                    .find(|l| l.id == s.level)
                    .map_or(s.level.as_str(), |l| m.first_name(&l.name));
                let value = match &s.value {
                    ScoreValue::Vp(n) => n.to_string(),
                    ScoreValue::Text(names) => m.first_name(names).to_string(),
                };
                format!("{level} {value}")
            })
            .collect();
        let line = parts.join(" · ");
        if !line.trim().is_empty() && !out.contains(&line) {
            out.push(line);
        }
    }
    out
}

/// Whether two rectangles (left, top, right, bottom) overlap.
fn overlaps(a: Rect, b: Rect) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// The gap between two rectangles, mm (0 when they touch or overlap).
fn gap(a: Rect, b: Rect) -> f64 {
    let dx = (b.0 - a.2).max(a.0 - b.2).max(0.0);
    let dy = (b.1 - a.3).max(a.1 - b.3).max(0.0);
    (dx * dx + dy * dy).sqrt()
}

/// Whether the segment `p`–`q` meets the closed rectangle `r`.
fn meets(p: Pt, q: Pt, r: Rect) -> bool {
    crate::render::maps::area::routing::segment_meets(p, q, r, false)
}

/// The segments of every drawn route and off-map arrow shaft (quadratic bends sampled), and the
/// rectangles of the off-map arrows' heads and labels.
fn route_geometry(routes: &[Route]) -> (Vec<(Pt, Pt)>, Vec<Rect>) {
    let (mut segments, mut rects) = (Vec::new(), Vec::new());
    for route in routes {
        match route {
            Route::Curve { start, pieces, .. } => {
                let mut at = *start;
                for piece in pieces {
                    match *piece {
                        Piece::Line(q) => {
                            segments.push((at, q));
                            at = q;
                        }
                        Piece::Quad(c, q) => {
                            for k in 1..=8 {
                                let t = f64::from(k) / 8.0;
                                let u = 1.0 - t;
                                let p = (
                                    u * u * at.0 + 2.0 * u * t * c.0 + t * t * q.0,
                                    u * u * at.1 + 2.0 * u * t * c.1 + t * t * q.1,
                                );
                                segments.push((at, p));
                                at = p;
                            }
                        }
                    }
                }
            }
            Route::OffMap { arrows, .. } => {
                for arrow in arrows {
                    segments.push((arrow.from, arrow.tip));
                    let (tx, ty) = arrow.tip;
                    rects.push((tx - 1.0, ty - 1.0, tx + 1.0, ty + 1.0));
                    let (x, y, w, h) = arrow.label;
                    rects.push((x, y, x + w, y + h));
                }
            }
        }
    }
    (segments, rects)
}

/// Where `label` of the region whose boxes are `own` goes (its rectangle), or `None` when the
/// field has no free spot nearer the region than any other; see the module doc.
fn place(
    size: (f64, f64),
    field: (f64, f64),
    boxes: &[(Rect, bool)],
    segments: &[(Pt, Pt)],
    taken: &[Rect],
) -> Option<Rect> {
    let own: Vec<Rect> = boxes.iter().filter(|(_, mine)| *mine).map(|(r, _)| *r).collect();
    if own.is_empty() {
        return None;
    }
    let n = own.len() as f64;
    let centroid = (
        own.iter().map(|r| (r.0 + r.2) / 2.0).sum::<f64>() / n,
        own.iter().map(|r| (r.1 + r.3) / 2.0).sum::<f64>() / n,
    );
    let (w, h) = size;
    let columns = ((field.0 - w - 2.0 * GAP) / STEP).floor();
    let rows = ((field.1 - h - 2.0 * GAP) / STEP).floor();
    if columns < 0.0 || rows < 0.0 {
        return None;
    }
    let nearest = |r: Rect, mine: bool| {
        boxes.iter().filter(|(_, m)| *m == mine).map(|(b, _)| gap(r, *b)).fold(f64::INFINITY, f64::min)
    };
    let mut spots: Vec<(f64, Rect)> = Vec::new();
    for j in 0..=rows as usize {
        for i in 0..=columns as usize {
            let (x, y) = (GAP + i as f64 * STEP, GAP + j as f64 * STEP);
            let (cx, cy) = (x + w / 2.0 - centroid.0, y + h / 2.0 - centroid.1);
            spots.push(((cx * cx + cy * cy).sqrt(), (x, y, x + w, y + h)));
        }
    }
    // Nearest the centroid first; a stable sort keeps grid order among equally distant spots.
    spots.sort_by(|a, b| a.0.total_cmp(&b.0));
    let free = |r: Rect| {
        let grown = (r.0 - GAP, r.1 - GAP, r.2 + GAP, r.3 + GAP);
        let clear = (r.0 - LINE_GAP, r.1 - LINE_GAP, r.2 + LINE_GAP, r.3 + LINE_GAP);
        boxes.iter().all(|(b, _)| !overlaps(grown, *b))
            && taken.iter().all(|t| !overlaps(grown, *t))
            && segments.iter().all(|&(p, q)| !meets(p, q, clear))
    };
    // The free spot of least score at least `margin` nearer its own region than any other. A
    // spot's score is never below its distance, so the search stops at the first spot whose
    // distance reaches the best score found.
    let search = |margin: f64| {
        let mut best: Option<(f64, Rect)> = None;
        for &(distance, r) in &spots {
            if best.is_some_and(|(score, _)| distance >= score) {
                break;
            }
            let (own, other) = (nearest(r, true), nearest(r, false));
            if other <= own || other - own < margin {
                continue;
            }
            let score = distance + ATTACH * own;
            if best.is_none_or(|(least, _)| score < least) && free(r) {
                best = Some((score, r));
            }
        }
        best.map(|(_, r)| r)
    };
    search(CLEARLY).or_else(|| search(0.0))
}

/// A free spot in the field (`field` mm, boxes `at` of `box_mm`) for a rectangle of `size`: clear
/// by `clearance` of the boxes, the `routes` and the rectangles `taken` (the region labels, the
/// tracks placed before), the nearest the field's foot, then its left edge, where a published
/// board prints its tracks; `None` when there is none.
pub(crate) fn free_spot(
    (field, box_mm): ((f64, f64), (f64, f64)),
    at: &[(f64, f64)],
    routes: &[Route],
    taken: &[Rect],
    (size, clearance): ((f64, f64), f64),
) -> Option<Rect> {
    let (segments, mut avoid) = route_geometry(routes);
    avoid.extend(at.iter().map(|&centre| Boxed { centre, size: box_mm }.bounds(0.0)));
    avoid.extend_from_slice(taken);
    let (w, h) = size;
    let (columns, rows) = ((field.0 - w - 2.0 * GAP) / STEP, (field.1 - h - 2.0 * GAP) / STEP);
    if columns < 0.0 || rows < 0.0 {
        return None;
    }
    let free = |r: Rect| {
        let grown = (r.0 - clearance, r.1 - clearance, r.2 + clearance, r.3 + clearance);
        avoid.iter().all(|a| !overlaps(grown, *a)) && segments.iter().all(|&(p, q)| !meets(p, q, grown))
    };
    (0..=rows as usize).rev().find_map(|j| {
        let y = GAP + j as f64 * STEP;
        (0..=columns as usize).map(|i| GAP + i as f64 * STEP).map(|x| (x, y, x + w, y + h)).find(|&r| free(r))
    })
}

/// A region's label where it goes, or the warning that it found no room.
pub(crate) type Placed = Result<(Label, Rect), Diagnostic>;

/// Each region with areas' label and where it goes, in the map's region order: nearest the
/// region's areas, clear of the boxes (`at`, the map's box size), the `routes` and the labels
/// placed before it. Placed once per map; every page and tile draws the same labels.
pub(crate) fn place_all(ctx: &Ctx<'_>, map: &Map, at: &[(f64, f64)], routes: &[Route]) -> Vec<Placed> {
    let (segments, mut taken) = route_geometry(routes);
    let rects: Vec<Rect> = at.iter().map(|&centre| Boxed { centre, size: map.area.box_mm }.bounds(0.0)).collect();
    let mut out = Vec::new();
    for region in &map.regions {
        if !map.areas.iter().any(|a| a.region.value == region.id) {
            continue;
        }
        let name = ctx.msg.name(&region.name);
        let scores = score_lines(ctx, map, region);
        let width = std::iter::once(width_mm(ctx.fonts, &name, NAME_PT, true))
            .chain(scores.iter().map(|s| width_mm(ctx.fonts, s, SCORE_PT, false)))
            .fold(0.0, f64::max);
        let height = NAME_BAND + if scores.is_empty() { 0.0 } else { SCORE_LINE * scores.len() as f64 + BOTTOM };
        let label = Label { region: region.clone(), name, scores, size: (width + 2.0 * PAD + 0.4, height) };
        let boxes: Vec<(Rect, bool)> =
            map.areas.iter().zip(&rects).map(|(a, r)| (*r, a.region.value == region.id)).collect();
        out.push(match place(label.size, map.area.field_mm, &boxes, &segments, &taken) {
            Some(r) => {
                taken.push(r);
                Ok((label, r))
            }
            None => Err(Diagnostic::warning(
                Code::REGION_LABEL_NO_ROOM,
                format!(
                    "region `{}`: the area map has no free spot near its areas for its label ({:.0} × {:.0} mm), so it is left out",
                    region.id, label.size.0, label.size.1
                ),
            )
            .at(&region.span)
            .with_hint("make room near the region's areas (move areas in areas.csv, or leave their positions to the layout)")),
        });
    }
    out
}

/// Draws the placed labels; a label without room is a warning (once, for the whole page).
pub(crate) fn draw(pen: &mut Pen<'_, '_>, placed: &[Placed]) {
    for p in placed {
        match p {
            Ok((label, r)) => draw_label(pen, label, *r),
            Err(warning) => pen.warn(warning.clone()),
        }
    }
}

/// One label in its rectangle: background, the band in the region's colour with the name, the
/// scoring lines below it.
fn draw_label(pen: &mut Pen<'_, '_>, label: &Label, (x0, y0, x1, y1): Rect) {
    let region = &label.region;
    let owner = Owner::new(format!("region `{}`", region.id), Some(&region.span));
    let w = x1 - x0;
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<g data-label="region" data-region="{}"><rect x="{}" y="{}" width="{}" height="{}" rx="0.8" fill="#ffffff" stroke="#3b3b3b" stroke-width="0.25"/>"##,
        escape(&region.id),
        mm(x0),
        mm(y0),
        mm(w),
        mm(y1 - y0)
    );
    let _ = write!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{NAME_BAND}" rx="0.8" fill="{}" stroke="#3b3b3b" stroke-width="0.25"/>"##,
        mm(x0),
        mm(y0),
        mm(w),
        escape(&region.colour)
    );
    pen.raw(&s);
    pen.text(&label.name, Spot::left(x0 + PAD, y0, w - 2.0 * PAD, NAME_BAND).centre(), |b| {
        b.size(NAME_PT).min(NAME_PT).bold().lines(1).valign(VAlign::Middle).fill("#1a1a1a").of(&owner)
    });
    for (k, line) in label.scores.iter().enumerate() {
        let top = y0 + NAME_BAND + SCORE_LINE * k as f64;
        pen.text(line, Spot::left(x0 + PAD, top, w - 2.0 * PAD, SCORE_LINE).centre(), |b| {
            b.size(SCORE_PT).min(SCORE_PT).lines(1).valign(VAlign::Middle).fill("#1a1a1a").of(&owner)
        });
    }
    pen.raw("</g>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_goes_beside_its_region_clear_of_boxes_and_lines() {
        // Two regions side by side: left boxes at x 10–34, right boxes at x 70–94.
        let boxes = vec![
            ((10.0, 10.0, 34.0, 25.0), true),
            ((10.0, 40.0, 34.0, 55.0), true),
            ((70.0, 10.0, 94.0, 25.0), false),
            ((70.0, 40.0, 94.0, 55.0), false),
        ];
        // A line joins the two left boxes down their middle.
        let segments = vec![((22.0, 25.0), (22.0, 40.0))];
        let r = place((20.0, 8.0), (120.0, 80.0), &boxes, &segments, &[]).expect("room");
        for (b, _) in &boxes {
            assert!(!overlaps(r, *b), "{r:?} over {b:?}");
        }
        assert!(!meets((22.0, 25.0), (22.0, 40.0), r), "{r:?}");
        // Nearer the left boxes than the right ones.
        let own = gap(r, boxes[0].0).min(gap(r, boxes[1].0));
        let other = gap(r, boxes[2].0).min(gap(r, boxes[3].0));
        assert!(own < other, "{r:?}");
        // A spot taken by another label is avoided.
        let again = place((20.0, 8.0), (120.0, 80.0), &boxes, &segments, &[r]).expect("room");
        assert!(!overlaps(again, r));
    }

    #[test]
    fn a_full_field_has_no_spot() {
        let boxes = vec![((0.0, 0.0, 40.0, 30.0), true)];
        assert_eq!(place((20.0, 8.0), (40.0, 30.0), &boxes, &[], &[]), None);
    }

    #[test]
    fn segments_meet_rectangles_they_cross_and_not_those_they_pass() {
        let r = (0.0, 0.0, 10.0, 10.0);
        assert!(meets((-5.0, 5.0), (15.0, 5.0), r));
        assert!(meets((2.0, 2.0), (3.0, 3.0), r));
        assert!(!meets((-5.0, -1.0), (15.0, -1.0), r));
        assert!(!meets((11.0, -5.0), (20.0, 5.0), r));
    }
}
