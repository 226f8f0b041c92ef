//! Edge routing on area maps: where each adjacency line runs so that it never passes under a box
//! that is not one of its ends.
//!
//! The principal entry point is [`route`]: from the boxes ([`Boxed`], centre and size in field
//! mm), the links (pairs of box indices) and the field's size, it gives one [`Route`] per link:
//!
//! - a [`Route::Curve`]: the shortest path in the visibility graph of the boxes inflated by
//!   [`CLEARANCE`] (nodes are the inflated corners that lie in the field and outside every other
//!   inflated box), from the centre of one end box to the centre of the other, then cut at the two
//!   boxes' borders and its corners rounded (a quadratic Bézier at each bend, its radius at most
//!   [`ROUNDING`], which keeps the curve outside the boxes it bends around). Where several routes
//!   bend at the same corner, each after the first is pushed further out from that corner by
//!   [`SPACING`], so they run side by side instead of on one another (kept only when the moved
//!   route is still clear of every box);
//! - a [`Route::OffMap`]: a pair of short arrows, one at each end, pointing off its box, each with
//!   a label box for the other end's name, as printed maps draw the link from the United States to
//!   Japan. **The rule:** a link is drawn off the map when its ends are further apart than half
//!   the field's width (it would cross the whole map), when its route would be more than twice as
//!   long as the straight line between the box centres plus 10 mm (a detour a reader cannot
//!   follow), or when no route exists. Each arrow leaves its box towards the nearer left or right
//!   edge of the field when there is room (the world wraps east–west), else towards the other
//!   side, then up, then down; its label goes beyond the arrow's tip, else above or below its
//!   shaft, clear of every box, of the field's edge and of the labels placed before it; a place
//!   where neither arrow nor label crosses a drawn route is taken first.
//!
//! Everything is deterministic: ties are broken by index, no hashing, no trigonometry.

use super::visibility::{crosses, overlaps, Graph};

/// How far a route keeps from a box it passes, mm.
pub(crate) const CLEARANCE: f64 = 1.2;
/// The largest radius of a rounded bend, mm (≤ 1.5 × [`CLEARANCE`], so a bend never cuts into the
/// box it turns around).
pub(crate) const ROUNDING: f64 = 1.8;
/// How far apart routes bending at the same corner run, mm.
pub(crate) const SPACING: f64 = 0.7;
/// The longest and shortest off-map arrow, mm.
const ARROW_MAX: f64 = 8.0;
const ARROW_MIN: f64 = 4.0;
/// How far an off-map arrow and its label keep from boxes, labels and the field's edge, mm.
const LABEL_GAP: f64 = 0.5;

/// A box on the map: centre and size, mm.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Boxed {
    /// Centre, mm.
    pub(crate) centre: (f64, f64),
    /// Width and height, mm.
    pub(crate) size: (f64, f64),
}

impl Boxed {
    /// Left, top, right, bottom, grown by `by` on every side.
    pub(crate) fn bounds(&self, by: f64) -> (f64, f64, f64, f64) {
        let (hw, hh) = (self.size.0 / 2.0 + by, self.size.1 / 2.0 + by);
        (self.centre.0 - hw, self.centre.1 - hh, self.centre.0 + hw, self.centre.1 + hh)
    }
}

/// A piece of a route's path after its start point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Piece {
    /// A straight line to the point.
    Line((f64, f64)),
    /// A quadratic Bézier through the control point to the point.
    Quad((f64, f64), (f64, f64)),
}

/// One off-map arrow: its shaft from the box border to the tip, and the box its label goes in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Arrow {
    /// The box the arrow leaves.
    pub(crate) from_box: usize,
    /// The box the label names (the link's other end).
    pub(crate) names: usize,
    /// Start of the shaft, on the box's border, mm.
    pub(crate) from: (f64, f64),
    /// The tip, mm.
    pub(crate) tip: (f64, f64),
    /// The label's box: left, top, width, height, mm.
    pub(crate) label: (f64, f64, f64, f64),
    /// Whether the label box is left of the tip, so its text ends at the tip side.
    pub(crate) label_right_aligned: bool,
}

/// How one link is drawn.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Route {
    /// A path from the border of one end box to the border of the other.
    Curve {
        /// The link's index.
        link: usize,
        /// Where the path starts, mm.
        start: (f64, f64),
        /// The path after its start.
        pieces: Vec<Piece>,
    },
    /// A pair of off-map arrows (fewer when no room was found for one).
    OffMap {
        /// The link's index.
        link: usize,
        /// One arrow per end that found room.
        arrows: Vec<Arrow>,
    },
}

impl Route {
    /// The path as SVG path data (a curve), or `None` for off-map arrows.
    pub(crate) fn path_data(&self) -> Option<String> {
        let Route::Curve { start, pieces, .. } = self else { return None };
        let mut d = format!("M{} {}", n(start.0), n(start.1));
        for p in pieces {
            match p {
                Piece::Line(q) => d += &format!(" L{} {}", n(q.0), n(q.1)),
                Piece::Quad(c, q) => d += &format!(" Q{} {} {} {}", n(c.0), n(c.1), n(q.0), n(q.1)),
            }
        }
        Some(d)
    }
}

/// A number for SVG: three decimals, no trailing zeros.
fn n(v: f64) -> String {
    let s = format!("{:.3}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

pub(super) type Pt = (f64, f64);

pub(super) fn dist(a: Pt, b: Pt) -> f64 {
    ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)).sqrt()
}

/// Whether the segment `p`–`q` meets the rectangle `r` (left, top, right, bottom; Liang–Barsky):
/// its inside only when `open`, its edges too when not.
pub(super) fn segment_meets(p: Pt, q: Pt, r: (f64, f64, f64, f64), open: bool) -> bool {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for (pk, qk) in [(-dx, p.0 - r.0), (dx, r.2 - p.0), (-dy, p.1 - r.1), (dy, r.3 - p.1)] {
        if pk == 0.0 {
            if qk < 0.0 || (open && qk == 0.0) {
                return false;
            }
        } else {
            let t = qk / pk;
            if pk < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
            if t0 > t1 || (open && t0 == t1) {
                return false;
            }
        }
    }
    true
}

/// Where the ray from a box's centre towards `towards` leaves the box.
fn border(b: &Boxed, towards: Pt) -> Pt {
    let (dx, dy) = (towards.0 - b.centre.0, towards.1 - b.centre.1);
    let tx = if dx == 0.0 { f64::INFINITY } else { b.size.0 / 2.0 / dx.abs() };
    let ty = if dy == 0.0 { f64::INFINITY } else { b.size.1 / 2.0 / dy.abs() };
    let t = tx.min(ty).min(1.0);
    (b.centre.0 + dx * t, b.centre.1 + dy * t)
}

/// Routes every link; see the module doc. `label_size(i)` is the size (mm) of a label naming
/// box `i`, for off-map arrows.
pub(crate) fn route(
    field: (f64, f64),
    boxes: &[Boxed],
    links: &[(usize, usize)],
    label_size: impl Fn(usize) -> (f64, f64),
) -> Vec<Route> {
    let graph = Graph::new(field, boxes);
    // First the polylines (node indices), to know which routes share a corner.
    let mut paths: Vec<Option<Vec<usize>>> = Vec::with_capacity(links.len());
    for &(a, b) in links {
        let (from, to) = (boxes[a].centre, boxes[b].centre);
        let straight = dist(from, to);
        let path = graph.shortest(from, to, a, b).filter(|nodes| {
            let mut points = vec![from];
            points.extend(nodes.iter().map(|&v| graph.nodes[v]));
            points.push(to);
            let length: f64 = points.windows(2).map(|w| dist(w[0], w[1])).sum();
            straight <= field.0 / 2.0 && length <= 2.0 * straight + 10.0
        });
        paths.push(path);
    }
    let mut users = vec![0_usize; graph.nodes.len()];
    let mut labels: Vec<(f64, f64, f64, f64)> = Vec::new();
    let mut routes = Vec::with_capacity(links.len());
    for (link, (&(a, b), path)) in links.iter().zip(&paths).enumerate() {
        let Some(nodes) = path else {
            // Arrows come after every curve is known, so they can keep off the curves.
            routes.push(Route::OffMap { link, arrows: Vec::new() });
            continue;
        };
        // Spread routes bending at a shared corner: the k-th user is pushed k × SPACING out.
        let plain: Vec<Pt> = nodes.iter().map(|&v| graph.nodes[v]).collect();
        let spread: Vec<Pt> = nodes
            .iter()
            .map(|&v| {
                let k = users[v] as f64;
                let c = boxes[graph.corner_of[v]].centre;
                let p = graph.nodes[v];
                let (sx, sy) = ((p.0 - c.0).signum(), (p.1 - c.1).signum());
                (p.0 + sx * k * SPACING, p.1 + sy * k * SPACING)
            })
            .collect();
        let ok = |pts: &[Pt]| {
            let (from, to) = (boxes[a].centre, boxes[b].centre);
            let mut all = vec![from];
            all.extend_from_slice(pts);
            all.push(to);
            let n = all.len();
            all.windows(2).enumerate().all(|(i, w)| {
                let skip: &[usize] = match (i == 0, i == n - 2) {
                    (true, true) => &[a, b],
                    (true, false) => &[a],
                    (false, true) => &[b],
                    _ => &[],
                };
                boxes.iter().enumerate().all(|(j, bx)| skip.contains(&j) || !crosses(w[0], w[1], bx.bounds(0.0)))
            }) && pts.iter().all(|p| {
                p.0 >= -CLEARANCE && p.1 >= -CLEARANCE && p.0 <= field.0 + CLEARANCE && p.1 <= field.1 + CLEARANCE
            })
        };
        let points = if spread != plain && ok(&spread) { spread } else { plain };
        for &v in nodes {
            users[v] += 1;
        }
        routes.push(curve(link, &boxes[a], &boxes[b], &points));
    }
    // The curves as segments between their pieces' ends (a bend stays within ROUNDING of them).
    let mut segments: Vec<(Pt, Pt)> = Vec::new();
    for r in &routes {
        if let Route::Curve { start, pieces, .. } = r {
            let mut at = *start;
            for p in pieces {
                let (Piece::Line(q) | Piece::Quad(_, q)) = *p;
                segments.push((at, q));
                at = q;
            }
        }
    }
    for r in routes.iter_mut() {
        let Route::OffMap { link, arrows } = r else { continue };
        let (a, b) = links[*link];
        for (end, other) in [(a, b), (b, a)] {
            // First where the arrow and its label cross no route, else where they only miss boxes.
            let place = |strict| place_arrow(field, boxes, &labels, &segments, end, other, label_size(other), strict);
            if let Some(arrow) = [true, false].into_iter().find_map(place) {
                let r = arrow.label;
                labels.push((r.0, r.1, r.0 + r.2, r.1 + r.3));
                arrows.push(arrow);
            }
        }
    }
    routes
}

/// How many pairs of drawn links cross as a reader sees them: curves (off-map arrows do not
/// run across the map) whose paths meet, links sharing an end box not counted. A bend is taken
/// as the two lines to and from its corner, within [`ROUNDING`] of the curve itself.
pub(crate) fn crossings(routes: &[Route], links: &[(usize, usize)]) -> usize {
    let paths: Vec<(usize, Vec<(Pt, Pt)>)> = routes
        .iter()
        .filter_map(|r| {
            let Route::Curve { link, start, pieces } = r else { return None };
            let mut at = *start;
            let mut segments = Vec::new();
            for p in pieces {
                match *p {
                    Piece::Line(q) => segments.push((at, q)),
                    Piece::Quad(c, q) => segments.extend([(at, c), (c, q)]),
                }
                at = segments.last().map_or(at, |s| s.1);
            }
            Some((*link, segments))
        })
        .collect();
    let mut n = 0;
    for (k, (l1, s1)) in paths.iter().enumerate() {
        for (l2, s2) in &paths[k + 1..] {
            let ((a, b), (c, d)) = (links[*l1], links[*l2]);
            if a == c || a == d || b == c || b == d {
                continue;
            }
            if s1.iter().any(|&(p, q)| s2.iter().any(|&(r, s)| super::separate::segments_cross(p, q, r, s))) {
                n += 1;
            }
        }
    }
    n
}

/// The rounded path from box `a`'s border through `points` to box `b`'s border.
fn curve(link: usize, a: &Boxed, b: &Boxed, points: &[Pt]) -> Route {
    let start = border(a, points.first().copied().unwrap_or(b.centre));
    let end = border(b, points.last().copied().unwrap_or(a.centre));
    let mut all = vec![start];
    all.extend_from_slice(points);
    all.push(end);
    let mut pieces = Vec::new();
    for i in 1..all.len() - 1 {
        let (p, q, r) = (all[i - 1], all[i], all[i + 1]);
        let (l1, l2) = (dist(p, q), dist(q, r));
        let rad = ROUNDING.min(l1 / 2.0).min(l2 / 2.0);
        if rad <= 1e-9 {
            pieces.push(Piece::Line(q));
            continue;
        }
        let before = (q.0 + (p.0 - q.0) * rad / l1, q.1 + (p.1 - q.1) * rad / l1);
        let after = (q.0 + (r.0 - q.0) * rad / l2, q.1 + (r.1 - q.1) * rad / l2);
        pieces.push(Piece::Line(before));
        pieces.push(Piece::Quad(q, after));
    }
    pieces.push(Piece::Line(end));
    Route::Curve { link, start, pieces }
}

/// One off-map arrow leaving box `end` for the link to `other`, with its label box of `label`
/// size, or `None` when there is no room on any side; `strict` also keeps the arrow and label
/// off every route.
#[allow(clippy::too_many_arguments)]
fn place_arrow(
    field: (f64, f64),
    boxes: &[Boxed],
    labels: &[(f64, f64, f64, f64)],
    curves: &[(Pt, Pt)],
    end: usize,
    other: usize,
    label: (f64, f64),
    strict: bool,
) -> Option<Arrow> {
    let b = &boxes[end];
    let (l, t, r, bot) = b.bounds(0.0);
    let west = b.centre.0 <= field.0 / 2.0;
    let away = if west { (-1.0, 0.0) } else { (1.0, 0.0) };
    let towards = (-away.0, 0.0);
    let directions = [away, towards, (0.0, -1.0), (0.0, 1.0)];
    let free = |rect: (f64, f64, f64, f64)| {
        (!strict || curves.iter().all(|(p, q)| !crosses(*p, *q, rect)))
            && rect.0 >= LABEL_GAP
            && rect.1 >= LABEL_GAP
            && rect.2 <= field.0 - LABEL_GAP
            && rect.3 <= field.1 - LABEL_GAP
            && boxes.iter().all(|o| !overlaps(o.bounds(LABEL_GAP), rect))
            && labels.iter().all(|o| !overlaps(*o, rect))
    };
    let (lw, lh) = label;
    for dir in directions {
        let from = match dir {
            (x, _) if x < 0.0 => (l, b.centre.1),
            (x, _) if x > 0.0 => (r, b.centre.1),
            (_, y) if y < 0.0 => (b.centre.0, t),
            _ => (b.centre.0, bot),
        };
        let mut length = ARROW_MAX;
        while length >= ARROW_MIN {
            let tip = (from.0 + dir.0 * length, from.1 + dir.1 * length);
            let start = (from.0 + dir.0 * (LABEL_GAP + 0.01), from.1 + dir.1 * (LABEL_GAP + 0.01));
            // The shaft and its head, 0.9 mm either side of the line (not along it: it starts at the box).
            let (px, py) = (dir.1.abs() * 0.9, dir.0.abs() * 0.9);
            let shaft =
                (start.0.min(tip.0) - px, start.1.min(tip.1) - py, start.0.max(tip.0) + px, start.1.max(tip.1) + py);
            if free(shaft) {
                // Beyond the tip, then above and below the shaft (beside it, for vertical arrows).
                let beyond = match dir {
                    (x, _) if x < 0.0 => (tip.0 - 0.6 - lw, tip.1 - lh / 2.0),
                    (x, _) if x > 0.0 => (tip.0 + 0.6, tip.1 - lh / 2.0),
                    (_, y) if y < 0.0 => (tip.0 - lw / 2.0, tip.1 - 0.6 - lh),
                    _ => (tip.0 - lw / 2.0, tip.1 + 0.6),
                };
                let mid = ((start.0 + tip.0) / 2.0, (start.1 + tip.1) / 2.0);
                // Above or below a level shaft, the label ends at the box's side.
                let x = if dir.0 < 0.0 { from.0 - LABEL_GAP - lw } else { from.0 + LABEL_GAP };
                let beside = if dir.1 == 0.0 {
                    [(x, mid.1 - 1.2 - lh), (x, mid.1 + 1.2)]
                } else {
                    [(mid.0 + 1.2, mid.1 - lh / 2.0), (mid.0 - 1.2 - lw, mid.1 - lh / 2.0)]
                };
                for at in std::iter::once(beyond).chain(beside) {
                    let rect = (at.0, at.1, at.0 + lw, at.1 + lh);
                    if free(rect) {
                        return Some(Arrow {
                            from_box: end,
                            names: other,
                            from,
                            tip,
                            label: (at.0, at.1, lw, lh),
                            label_right_aligned: dir.0 < 0.0,
                        });
                    }
                }
            }
            length -= 1.0;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::maps::area::visibility::contains;

    fn boxed(x: f64, y: f64) -> Boxed {
        Boxed { centre: (x, y), size: (24.0, 15.0) }
    }

    /// Every point of a route, its curves sampled.
    fn samples(route: &Route) -> Vec<Pt> {
        let Route::Curve { start, pieces, .. } = route else { return Vec::new() };
        let mut out = vec![*start];
        let mut at = *start;
        for p in pieces {
            match *p {
                Piece::Line(q) => {
                    for i in 1..=20 {
                        let t = i as f64 / 20.0;
                        out.push((at.0 + (q.0 - at.0) * t, at.1 + (q.1 - at.1) * t));
                    }
                    at = q;
                }
                Piece::Quad(c, q) => {
                    for i in 1..=20 {
                        let t = i as f64 / 20.0;
                        let u = 1.0 - t;
                        out.push((
                            u * u * at.0 + 2.0 * u * t * c.0 + t * t * q.0,
                            u * u * at.1 + 2.0 * u * t * c.1 + t * t * q.1,
                        ));
                    }
                    at = q;
                }
            }
        }
        out
    }

    fn assert_clear(boxes: &[Boxed], links: &[(usize, usize)], routes: &[Route]) {
        for route in routes {
            let Route::Curve { link, .. } = route else { continue };
            let (a, b) = links[*link];
            for p in samples(route) {
                for (i, bx) in boxes.iter().enumerate() {
                    if i != a && i != b {
                        assert!(!contains(bx.bounds(-0.01), p), "link {a}-{b} passes under box {i} at {p:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_route_goes_around_a_box_between_its_ends() {
        let boxes = [boxed(30.0, 50.0), boxed(70.0, 50.0), boxed(110.0, 50.0)];
        let links = [(0, 2)];
        let routes = route((200.0, 100.0), &boxes, &links, |_| (10.0, 5.0));
        let pts = samples(&routes[0]);
        assert!(!pts.is_empty(), "{routes:?}");
        // It leaves box 0 at its border and arrives at box 2's border.
        let (first, last) = (pts[0], pts[pts.len() - 1]);
        assert!((first.1 - 42.5).abs() < 1e-6 || (first.1 - 57.5).abs() < 1e-6 || (first.0 - 42.0).abs() < 1e-6);
        assert!(last.0 >= 98.0 - 1e-6 && last.0 <= 122.0 + 1e-6);
        // It passes above or below the middle box.
        assert!(pts.iter().any(|p| p.1 < 42.5 - CLEARANCE + 1e-6 || p.1 > 57.5 + CLEARANCE - 1e-6));
        assert_clear(&boxes, &links, &routes);
    }

    #[test]
    fn no_route_enters_a_box_that_is_not_one_of_its_ends() {
        // A 6 × 5 grid of boxes 1 mm apart across and 4 mm apart down, every box linked to some far ones.
        let mut boxes = Vec::new();
        for row in 0..5 {
            for col in 0..6 {
                boxes.push(boxed(
                    15.0 + 25.0 * col as f64 + if row % 2 == 1 { 12.0 } else { 0.0 },
                    10.0 + 19.0 * row as f64,
                ));
            }
        }
        let links: Vec<(usize, usize)> =
            (0..boxes.len()).flat_map(|i| [(i, (i * 7 + 3) % 30), (i, (i + 8) % 30)]).filter(|(a, b)| a != b).collect();
        let routes = route((190.0, 100.0), &boxes, &links, |_| (10.0, 5.0));
        assert_eq!(routes.len(), links.len());
        assert!(routes.iter().filter(|r| matches!(r, Route::Curve { .. })).count() > links.len() / 2);
        assert_clear(&boxes, &links, &routes);
        // Deterministic.
        assert_eq!(routes, route((190.0, 100.0), &boxes, &links, |_| (10.0, 5.0)));
    }

    #[test]
    fn a_link_across_the_whole_field_becomes_two_labelled_arrows_pointing_off_the_map() {
        let boxes = [boxed(30.0, 50.0), boxed(150.0, 50.0), boxed(270.0, 50.0)];
        let links = [(0, 2)];
        let routes = route((300.0, 100.0), &boxes, &links, |_| (12.0, 5.0));
        let Route::OffMap { arrows, .. } = &routes[0] else { panic!("{routes:?}") };
        assert_eq!(arrows.len(), 2);
        // Each points away from its box towards the nearer side edge, its label names the other end.
        assert!(arrows[0].tip.0 < arrows[0].from.0 && arrows[0].names == 2);
        assert!(arrows[1].tip.0 > arrows[1].from.0 && arrows[1].names == 0);
        for arrow in arrows {
            let (x, y, w, h) = arrow.label;
            let rect = (x, y, x + w, y + h);
            assert!(boxes.iter().all(|b| !overlaps(b.bounds(0.0), rect)), "{arrow:?}");
            assert!(x >= 0.0 && x + w <= 300.0);
        }
    }

    #[test]
    fn two_hundred_boxes_and_four_hundred_links_are_all_routed_clear_of_the_boxes() {
        // 20 × 10 boxes, 4 mm apart across and down, each linked to two neighbours a few cells off.
        let mut boxes = Vec::new();
        for row in 0..10 {
            for col in 0..20 {
                boxes.push(boxed(14.0 + 28.0 * col as f64, 9.5 + 19.0 * row as f64));
            }
        }
        let links: Vec<(usize, usize)> = (0..200).flat_map(|i| [(i, (i + 3) % 200), (i, (i + 41) % 200)]).collect();
        let routes = route((560.0, 190.0), &boxes, &links, |_| (12.0, 5.0));
        assert_eq!(routes.len(), 400);
        assert_clear(&boxes, &links, &routes);
    }

    #[test]
    fn routes_bending_at_the_same_corner_are_spaced_apart() {
        // Two boxes on the left, two on the right, a wall in the middle: both links bend round it.
        let boxes = [boxed(20.0, 30.0), boxed(20.0, 50.0), boxed(60.0, 70.0), boxed(100.0, 30.0), boxed(100.0, 50.0)];
        let mut big = boxes;
        big[2].size = (20.0, 100.0);
        let links = [(0, 3), (1, 4)];
        let routes = route((140.0, 120.0), &big, &links, |_| (10.0, 5.0));
        let (a, b) = (samples(&routes[0]), samples(&routes[1]));
        let closest = a.iter().flat_map(|p| b.iter().map(move |q| dist(*p, *q))).fold(f64::INFINITY, f64::min);
        assert!(closest >= SPACING * 0.5, "routes sit on each other: {closest}");
        assert_clear(&big, &links, &routes);
    }
}
