//! Sea routes on a hex map: one route per pair of places (every card that opens it listed once
//! on its one label), drawn as a cubic Bézier curve bowed away from what is printed on the map.
//!
//! Each route picks its curve from a fixed fan of candidates (the angles at which it leaves and
//! reaches its ends), scoring each by what its sampled points run through: city names, VP and
//! chit texts and other cities' markers (heavily), hex numbers (lightly: they can move out of
//! the way), the other routes' curves (crossings and running alongside), the paper outside the
//! map and, a little, its length. Two passes: each route against those chosen before it, then
//! each against all the others. Labels then go to the free spot along their curve nearest its
//! middle. Everything is plain arithmetic over a fixed order, so the output is deterministic.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::{Geometry, MARKER_DY};
use crate::model::{Hex, Map, Pack};
use crate::render::maps::pen::{Extent, Pen, Spot};
use crate::render::maps::recent::Recent;
use crate::render::page::canvas::{Owner, VAlign};
use crate::render::page::mm;
use crate::text::escape;

/// A point in map mm.
pub(crate) type P = (f64, f64);

/// A cubic Bézier curve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Cubic(pub(crate) P, pub(crate) P, pub(crate) P, pub(crate) P);

impl Cubic {
    /// The point at `t` in 0..=1.
    pub(crate) fn at(&self, t: f64) -> P {
        let u = 1.0 - t;
        let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
        (
            a * self.0 .0 + b * self.1 .0 + c * self.2 .0 + d * self.3 .0,
            a * self.0 .1 + b * self.1 .1 + c * self.2 .1 + d * self.3 .1,
        )
    }

    /// `n` points evenly spaced in t, both ends included.
    pub(crate) fn samples(&self, n: usize) -> Vec<P> {
        (0..=n).map(|i| self.at(i as f64 / n as f64)).collect()
    }

    /// The straight line from `a` to `b`.
    fn straight(a: P, b: P) -> Cubic {
        let third = |k: f64| (a.0 + (b.0 - a.0) * k, a.1 + (b.1 - a.1) * k);
        Cubic(a, third(1.0 / 3.0), third(2.0 / 3.0), b)
    }
}

/// What a route must keep clear of, in map mm.
#[derive(Default)]
pub(crate) struct Obstacles {
    /// Texts a line must never run through: city names, VP and chit lines.
    pub(crate) texts: Vec<Extent>,
    /// Hex numbers where they stand before they move out of the way.
    pub(crate) numbers: Vec<Extent>,
    /// City and mine markers, with the point each stands for.
    pub(crate) markers: Vec<(P, Extent)>,
    /// The land hexes (terrain without `water`) a sea route should not cross: each one's centre
    /// and the radius of the circle inside it.
    pub(crate) land: Vec<(P, f64)>,
    /// The map's own extent.
    pub(crate) map: Extent,
}

fn inside((x, y): P, e: &Extent, pad: f64) -> bool {
    e.0 - pad <= x && x <= e.2 + pad && e.1 - pad <= y && y <= e.3 + pad
}

fn dist(a: P, b: P) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

fn cross(o: P, a: P, b: P) -> f64 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

/// Whether segments `p`–`q` and `r`–`s` cross properly.
fn segments_cross(p: P, q: P, r: P, s: P) -> bool {
    let (d1, d2) = (cross(r, s, p), cross(r, s, q));
    let (d3, d4) = (cross(p, q, r), cross(p, q, s));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

/// The cost of one of a route's points on a land hex it does not start or end in: a route
/// crossing a whole hex (a dozen points) costs about what running through a name does.
const LAND: f64 = 15.0;

/// How far, as a share of the circle inside its hex, a route may run over its own city's land
/// to reach the sea.
const HARBOUR: f64 = 0.6;

/// How many points a curve is judged by.
const SAMPLES: usize = 96;
/// Points nearer an end than this (mm) lie on the end's own marker: not judged.
const END_CLEAR: f64 = 2.8;
/// The departure and arrival angles tried, degrees from the straight line.
const ANGLES: [f64; 13] = [0.0, 15.0, -15.0, 30.0, -30.0, 45.0, -45.0, 60.0, -60.0, 75.0, -75.0, 90.0, -90.0];

/// The candidates for a route from `a` to `b`, straightest first.
fn candidates(a: P, b: P) -> Vec<Cubic> {
    let l = dist(a, b);
    if l < 1e-9 {
        return vec![Cubic::straight(a, b)];
    }
    let u = ((b.0 - a.0) / l, (b.1 - a.1) / l);
    let rot = |(x, y): P, deg: f64| {
        let (s, c) = deg.to_radians().sin_cos();
        (x * c - y * s, x * s + y * c)
    };
    let mut out = Vec::new();
    for &ta in &ANGLES {
        for &tb in &ANGLES {
            let (da, db) = (rot(u, ta), rot((-u.0, -u.1), tb));
            // Steep departures reach further, to clear a name under their own marker.
            for reach in [0.36, 0.6] {
                if reach > 0.5 && ta.abs().max(tb.abs()) < 45.0 {
                    continue;
                }
                let k = l * reach;
                out.push(Cubic(a, (a.0 + da.0 * k, a.1 + da.1 * k), (b.0 + db.0 * k, b.1 + db.1 * k), b));
            }
        }
    }
    out
}

/// The other routes as one route sees them (all its candidates share its ends): the grid cells
/// their points occupy away from the ends they share with it, and their polylines with their
/// bounding boxes, for counting crossings.
struct Others {
    cells: Grid<bool>,
    lines: Vec<(Extent, Vec<P>)>,
}

/// The side of the cells of [`Others`], mm: a point in an occupied cell runs alongside.
const CELL: f64 = 1.6;

impl Others {
    fn new((a, b): (P, P), others: &[Cubic]) -> Others {
        let near_end = |q: P| dist(q, a) < 6.0 || dist(q, b) < 6.0;
        let samples: Vec<Vec<P>> = others.iter().map(|o| o.samples(SAMPLES)).collect();
        let points = samples.iter().flatten().filter(|q| !near_end(**q));
        let mut cells = Grid::new(hull(points.clone().map(|&(x, y)| (x, y, x, y))), CELL);
        for &q in points {
            if let Some(i) = cells.cell(q) {
                cells.cells[i] = true;
            }
        }
        let mut lines = Vec::new();
        for o in others {
            let coarse: Vec<P> = o.samples(SAMPLES / 3).into_iter().collect();
            let bbox = coarse.iter().fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |e, p| {
                (e.0.min(p.0), e.1.min(p.1), e.2.max(p.0), e.3.max(p.1))
            });
            lines.push((bbox, coarse));
        }
        Others { cells, lines }
    }
}

/// The side of the cells of [`Index`], mm.
const INDEX_CELL: f64 = 4.0;

/// A dense grid of cells of `side` mm over a rectangle: looking a point's cell up is an index,
/// not a hash (the cost function looks up every sample of every candidate).
struct Grid<C> {
    side: f64,
    origin: (i64, i64),
    size: (i64, i64),
    cells: Vec<C>,
}

impl<C: Default> Grid<C> {
    /// A grid of `side` mm cells covering `extent`.
    fn new(extent: Extent, side: f64) -> Grid<C> {
        let at = |v: f64| (v / side).floor() as i64;
        let origin = (at(extent.0), at(extent.1));
        // An empty extent (nothing to file) makes an empty grid.
        let span = |lo: f64, hi: f64| if lo <= hi { at(hi) - at(lo) + 1 } else { 0 };
        let size = (span(extent.0, extent.2), span(extent.1, extent.3));
        let cells = (0..size.0 * size.1).map(|_| C::default()).collect();
        Grid { side, origin, size, cells }
    }

    /// The index of the cell holding `p`; `None` outside the grid.
    fn cell(&self, (x, y): P) -> Option<usize> {
        // Saturating: a point far outside (or not finite) is simply outside the grid.
        let index = |v: f64, origin: i64| ((v / self.side).floor() as i64).saturating_sub(origin);
        let (cx, cy) = (index(x, self.origin.0), index(y, self.origin.1));
        (0..self.size.0).contains(&cx).then_some(())?;
        (0..self.size.1).contains(&cy).then(|| (cy * self.size.0 + cx) as usize)
    }

    /// What the cell holding `p` holds; `None` outside the grid.
    fn at(&self, p: P) -> Option<&C> {
        self.cell(p).map(|i| &self.cells[i])
    }
}

/// The smallest extent holding every one of `extents`.
fn hull(extents: impl Iterator<Item = Extent>) -> Extent {
    extents
        .fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |e, x| (e.0.min(x.0), e.1.min(x.1), e.2.max(x.2), e.3.max(x.3)))
}

/// One kind of obstacle, its extents grown by their padding and filed by the grid cells they
/// reach: a curve's point is tested only against the few in its own cell (the same count as
/// testing them all, since an extent holding the point reaches the point's cell).
struct Index {
    extents: Vec<Extent>,
    grid: Grid<Vec<u32>>,
}

impl Index {
    fn new<'e>(extents: impl Iterator<Item = &'e Extent>, pad: f64) -> Index {
        let extents: Vec<Extent> = extents.map(|e| (e.0 - pad, e.1 - pad, e.2 + pad, e.3 + pad)).collect();
        let mut grid: Grid<Vec<u32>> = Grid::new(hull(extents.iter().copied()), INDEX_CELL);
        for (i, e) in extents.iter().enumerate() {
            let (Some(first), Some(last)) = (grid.cell((e.0, e.1)), grid.cell((e.2, e.3))) else { continue };
            let columns = last % grid.size.0 as usize - first % grid.size.0 as usize;
            for row in (first..=last).step_by(grid.size.0 as usize) {
                for cell in &mut grid.cells[row..=row + columns] {
                    cell.push(i as u32);
                }
            }
        }
        Index { extents, grid }
    }

    /// The obstacles whose extent holds `p`, by index.
    fn holding(&self, p: P) -> impl Iterator<Item = usize> + '_ {
        self.grid.at(p).into_iter().flatten().map(|&i| i as usize).filter(move |&i| inside(p, &self.extents[i], 0.0))
    }
}

/// The obstacles of a map filed for [`cost`], made once for all its routes.
struct Indexed<'o> {
    obstacles: &'o Obstacles,
    texts: Index,
    numbers: Index,
    markers: Index,
    land: Index,
}

impl<'o> Indexed<'o> {
    fn new(obstacles: &'o Obstacles) -> Indexed<'o> {
        Indexed {
            obstacles,
            texts: Index::new(obstacles.texts.iter(), 1.0),
            numbers: Index::new(obstacles.numbers.iter(), 0.4),
            markers: Index::new(obstacles.markers.iter().map(|(_, e)| e), 1.0),
            land: Index::new(
                obstacles.land.iter().map(|&((x, y), r)| (x - r, y - r, x + r, y + r)).collect::<Vec<_>>().iter(),
                0.0,
            ),
        }
    }
}

/// The cost of `curve` (from `a` to `b`) among the `indexed` obstacles and the `others` routes.
fn cost(curve: &Cubic, indexed: &Indexed<'_>, others: &Others) -> f64 {
    let (a, b) = (curve.0, curve.3);
    let pts = curve.samples(SAMPLES);
    let judged = |p: &P| dist(*p, a) > END_CLEAR && dist(*p, b) > END_CLEAR;
    let mut c = 0.0;
    let mut length = 0.0;
    for w in pts.windows(2) {
        length += dist(w[0], w[1]);
    }
    c += 0.08 * (length - dist(a, b));
    // A marker standing for one of the curve's own ends is not in its way.
    let foreign = |i: &usize| {
        let q = indexed.obstacles.markers[*i].0;
        dist(q, a) > 1e-6 && dist(q, b) > 1e-6
    };
    let bbox = pts.iter().fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |e, p| {
        (e.0.min(p.0), e.1.min(p.1), e.2.max(p.0), e.3.max(p.1))
    });
    // A point inside a land hex, away from the end it leaves or reaches: the route crosses land
    // it should sail round (a route between two cities on neighbouring land hexes too).
    let on_land = |p: &P| {
        indexed.land.holding(*p).any(|i| {
            let (centre, r) = indexed.obstacles.land[i];
            let leaves = |end: P| dist(centre, end) <= r && dist(*p, end) < r * HARBOUR;
            dist(centre, *p) < r && !leaves(a) && !leaves(b)
        })
    };
    for p in pts.iter().filter(|p| judged(p)) {
        c += 200.0 * indexed.texts.holding(*p).count() as f64;
        if on_land(p) {
            c += LAND;
        }
        c += 3.0 * indexed.numbers.holding(*p).count() as f64;
        c += 200.0 * indexed.markers.holding(*p).filter(foreign).count() as f64;
        if !inside(*p, &indexed.obstacles.map, -2.0) {
            c += 20.0;
        }
        if others.cells.at(*p) == Some(&true) {
            c += 1.0;
        }
    }
    let near_end = |p: &P| dist(*p, a) < 6.0 || dist(*p, b) < 6.0;
    // The other routes' segments that reach this curve's bounding box (none further away can
    // cross it), per route, so each segment of the curve is tested against those alone.
    let reach = |o: &[P]| {
        o[0].0.max(o[1].0) >= bbox.0
            && bbox.2 >= o[0].0.min(o[1].0)
            && o[0].1.max(o[1].1) >= bbox.1
            && bbox.3 >= o[0].1.min(o[1].1)
    };
    let close: Vec<(Extent, Vec<&[P]>)> =
        others.lines.iter().map(|(e, line)| (*e, line.windows(2).filter(|o| reach(o)).collect())).collect();
    for s in pts.windows(2).filter(|s| !near_end(&s[0]) && !near_end(&s[1])) {
        for (bbox, line) in &close {
            let (lo, hi) = ((s[0].0.min(s[1].0), s[0].1.min(s[1].1)), (s[0].0.max(s[1].0), s[0].1.max(s[1].1)));
            if hi.0 < bbox.0 || bbox.2 < lo.0 || hi.1 < bbox.1 || bbox.3 < lo.1 {
                continue;
            }
            c += 6.0 * line.iter().filter(|o| segments_cross(s[0], s[1], o[0], o[1])).count() as f64;
        }
    }
    c
}

/// The cost of each of `candidates`, in order, computed on every core (each cost depends on its
/// candidate alone, so the result is the same as one after the other).
fn costs(candidates: &[Cubic], indexed: &Indexed<'_>, others: &Others) -> Vec<f64> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
    let chunk = candidates.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let parts: Vec<_> = candidates
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(|c| cost(c, indexed, others)).collect::<Vec<f64>>()))
            .collect();
        parts.into_iter().flat_map(|p| p.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    })
}

/// The curve of each route (`ends`, in a fixed order) among `obstacles`. Choosing them is most
/// of drawing a hex map: the last few choices are kept for the next build.
pub(crate) fn curves(ends: &[(P, P)], obstacles: &Obstacles) -> Vec<Cubic> {
    // A map, an erratum's reprint of it.
    static CHOSEN: Recent<Vec<Cubic>> = Recent::new(4);
    let mut inputs: Vec<f64> = ends.iter().flat_map(|&((ax, ay), (bx, by))| [ax, ay, bx, by]).collect();
    for (group, extents) in [&obstacles.texts, &obstacles.numbers].into_iter().enumerate() {
        inputs.extend([group as f64, extents.len() as f64]);
        inputs.extend(extents.iter().flat_map(|&(x, y, w, h)| [x, y, w, h]));
    }
    inputs.push(obstacles.markers.len() as f64);
    inputs.extend(obstacles.markers.iter().flat_map(|&((px, py), (x, y, w, h))| [px, py, x, y, w, h]));
    inputs.push(obstacles.land.len() as f64);
    inputs.extend(obstacles.land.iter().flat_map(|&((x, y), r)| [x, y, r]));
    let (x, y, w, h) = obstacles.map;
    inputs.extend([x, y, w, h]);
    CHOSEN.get_or(inputs, || choose(ends, obstacles))
}

/// [`curves`], chosen: each route's candidates costed against the obstacles and the other routes,
/// twice over.
fn choose(ends: &[(P, P)], obstacles: &Obstacles) -> Vec<Cubic> {
    let fans: Vec<Vec<Cubic>> = ends.iter().map(|&(a, b)| candidates(a, b)).collect();
    let indexed = Indexed::new(obstacles);
    let mut chosen: Vec<Option<Cubic>> = vec![None; ends.len()];
    for pass in 0..2 {
        for i in 0..ends.len() {
            let others: Vec<Cubic> = chosen
                .iter()
                .enumerate()
                .filter(|(j, c)| *j != i && (pass > 0 || c.is_some()))
                .filter_map(|(_, c)| *c)
                .collect();
            let others = Others::new(ends[i], &others);
            let mut best: Option<(f64, Cubic)> = None;
            for (cand, c) in fans[i].iter().zip(costs(&fans[i], &indexed, &others)) {
                if best.is_none_or(|(b, _)| c < b - 1e-9) {
                    best = Some((c, *cand));
                }
            }
            chosen[i] = best.map(|(_, c)| c);
        }
    }
    chosen.into_iter().zip(ends).map(|(c, &(a, b))| c.unwrap_or_else(|| Cubic::straight(a, b))).collect()
}

/// Where along `curve` a `w` × `h` label goes: the free spot nearest the middle, judged against
/// `texts` (never), `numbers` (hex numbers, avoided when possible), `others` (the other curves'
/// samples) and the map's edge.
pub(crate) fn label_spot(
    curve: &Cubic,
    (w, h): (f64, f64),
    texts: &[Extent],
    numbers: &[Extent],
    others: &[Vec<P>],
    map: Extent,
) -> P {
    let boxed = |(x, y): P| (x - w / 2.0, y - h / 2.0, x + w / 2.0, y + h / 2.0);
    let overlaps = |r: &Extent, e: &Extent| !(e.2 <= r.0 || r.2 <= e.0 || e.3 <= r.1 || r.3 <= e.1);
    let mut best: Option<(f64, P)> = None;
    // 0.5, 0.475, 0.525, 0.45, … 0.2, 0.8: the middle first.
    let ts = std::iter::once((0, 0.5)).chain((1..=12).flat_map(|k| {
        let step = f64::from(k) * 0.025;
        [(k, 0.5 - step), (k, 0.5 + step)]
    }));
    for (k, t) in ts {
        let p = curve.at(t);
        let r = boxed(p);
        let mut c = 0.01 * f64::from(k);
        c += 100.0 * texts.iter().filter(|e| overlaps(&r, e)).count() as f64;
        c += 5.0 * numbers.iter().filter(|e| overlaps(&r, e)).count() as f64;
        c += 2.0 * others.iter().flatten().filter(|q| inside(**q, &r, 0.3)).count() as f64;
        if !(map.0 <= r.0 && map.1 <= r.1 && r.2 <= map.2 && r.3 <= map.3) {
            c += 100.0;
        }
        if best.is_none_or(|(b, _)| c < b - 1e-9) {
            best = Some((c, p));
        }
    }
    best.map_or_else(|| curve.at(0.5), |(_, p)| p)
}

/// A sea route drawn once per pair of ends: the cards that enable it, its two ends on the map,
/// its curve, and the route whose row names it in warnings.
pub(super) struct RouteLine<'m> {
    pub(super) cards: Vec<String>,
    pub(super) ids: (String, String),
    pub(super) curve: Cubic,
    pub(super) route: &'m crate::model::Route,
}

/// Where a route ends in a hex: on its place's marker, else at its centre.
pub(super) fn route_end(geo: &Geometry<'_>, hex: &Hex) -> P {
    let (x, y) = geo.centre(hex.col, hex.row);
    if hex.place.is_some() {
        (x, y - MARKER_DY)
    } else {
        (x, y)
    }
}

/// A pair of places' cards, ends and first route row, before its curve is chosen.
type Pair<'m> = (Vec<String>, P, P, &'m crate::model::Route);

pub(super) fn routes<'m>(pack: &Pack, map: &'m Map, geo: &Geometry<'_>, obstacles: &Obstacles) -> Vec<RouteLine<'m>> {
    // One line per pair of ends, labelled with every card that enables it.
    let mut pairs: BTreeMap<(String, String), Pair<'m>> = BTreeMap::new();
    for route in &map.routes {
        let (Some(a), Some(b)) = (pack.hex(&route.from), pack.hex(&route.to)) else { continue };
        let (a, b) = if a.id <= b.id { (a, b) } else { (b, a) };
        let card = pack.card(&route.card).map_or(route.card.value.clone(), |c| c.id.clone());
        let line = pairs
            .entry((a.id.clone(), b.id.clone()))
            .or_insert_with(|| (Vec::new(), route_end(geo, a), route_end(geo, b), route));
        if !line.0.contains(&card) {
            line.0.push(card);
        }
    }
    let ends: Vec<(P, P)> = pairs.values().map(|v| (v.1, v.2)).collect();
    let curves = curves(&ends, obstacles);
    pairs
        .into_iter()
        .zip(curves)
        .map(|((ids, (cards, _, _, route)), curve)| RouteLine { cards, ids, curve, route })
        .collect()
}

pub(super) fn draw_route_lines(pen: &mut Pen<'_, '_>, routes: &[RouteLine<'_>]) {
    let mut s = String::from(
        r##"<g class="sea-routes" clip-path="url(#route-gaps)" stroke="#1f4e79" stroke-width="0.6" stroke-dasharray="2 1.2" fill="none">"##,
    );
    for r in routes {
        let Cubic(a, p, q, b) = r.curve;
        let _ = write!(
            s,
            r#"<path data-route="{} {}" d="M{} {} C{} {} {} {} {} {}"/>"#,
            escape(&r.ids.0),
            escape(&r.ids.1),
            mm(a.0),
            mm(a.1),
            mm(p.0),
            mm(p.1),
            mm(q.0),
            mm(q.1),
            mm(b.0),
            mm(b.1)
        );
    }
    s.push_str("</g>");
    pen.raw(&s);
}

/// The clip of the sea routes (defined after every text is placed; SVG links may point forward):
/// the whole map less a small margin around each text, so that no line crosses a hex number,
/// a place's name or its facts. Texts never overlap, so the even-odd holes never cancel.
pub(super) fn route_gaps(pen: &mut Pen<'_, '_>, geo: &Geometry<'_>) {
    // Line boxes already clear their glyphs above and below; a little air at the sides.
    const PAD: f64 = 0.3;
    let (w, h) = geo.size();
    let mut d = format!("M0 0 H{} V{} H0 Z", mm(w), mm(h));
    let holes: Vec<Extent> = pen.extents.iter().map(|&e| pen.to_drawing(e)).collect();
    for (x0, y0, x1, y1) in holes {
        let _ = write!(d, " M{} {} H{} V{} H{} Z", mm(x0 - PAD), mm(y0), mm(x1 + PAD), mm(y1), mm(x0 - PAD));
    }
    pen.raw(&format!(
        r#"<defs><clipPath id="route-gaps" clipPathUnits="userSpaceOnUse"><path clip-rule="evenodd" d="{d}"/></clipPath></defs>"#
    ));
}

/// Each route's cards in a white tag on its curve: at the middle, or slid along the curve to the
/// spot nearest it clear of every text already placed (place names, VP, other tags), of the
/// hex numbers and of the other routes.
pub(super) fn draw_route_labels(pen: &mut Pen<'_, '_>, routes: &[RouteLine<'_>], obstacles: &Obstacles) {
    const PT: f64 = 6.5;
    let samples: Vec<Vec<P>> = routes.iter().map(|r| r.curve.samples(96)).collect();
    for (i, r) in routes.iter().enumerate() {
        let label = r.cards.join("·");
        let (w, h) = (pen.width_mm(&label, PT, true) + 1.6, 3.2);
        let mut texts: Vec<Extent> = pen.extents.iter().map(|&e| pen.to_drawing(e)).collect();
        texts.extend(obstacles.markers.iter().map(|(_, e)| *e));
        let others: Vec<Vec<P>> = samples.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, s)| s.clone()).collect();
        let (x, y) = label_spot(&r.curve, (w, h), &texts, &obstacles.numbers, &others, obstacles.map);
        pen.raw(&format!(
            r##"<rect x="{}" y="{}" width="{}" height="{h}" rx="0.8" fill="#ffffff" stroke="#1f4e79" stroke-width="0.2"/>"##,
            mm(x - w / 2.0),
            mm(y - h / 2.0),
            mm(w)
        ));
        let owner = Owner::new(format!("sea route {label}"), Some(&r.route.span));
        let attrs = format!(r#"data-label="route" data-route="{} {}""#, escape(&r.ids.0), escape(&r.ids.1));
        pen.text(&label, Spot::centred(x, y, w, h), |b| {
            b.fixed(PT).bold().lines(1).valign(VAlign::Middle).fill("#1f4e79").attrs(&attrs).of(&owner)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_route_bows_around_a_name_in_its_way() {
        let map = (0.0, 0.0, 200.0, 200.0);
        let obstacles = Obstacles { texts: vec![(90.0, 95.0, 110.0, 105.0)], map, ..Obstacles::default() };
        let curve = curves(&[((20.0, 100.0), (180.0, 100.0))], &obstacles)[0];
        let hits = curve.samples(200).iter().filter(|p| inside(**p, &obstacles.texts[0], 0.0)).count();
        assert_eq!(hits, 0, "{curve:?}");
        let clear = curves(&[((20.0, 50.0), (180.0, 50.0))], &obstacles)[0];
        assert!(
            [clear.1, clear.2].iter().all(|p| (p.1 - 50.0).abs() < 1e-9),
            "nothing in the way: straight, {clear:?}"
        );
    }

    #[test]
    fn crossing_routes_are_untangled_when_they_can_be() {
        let map = (0.0, 0.0, 200.0, 200.0);
        let obstacles = Obstacles { map, ..Obstacles::default() };
        // Two routes that would run along each other.
        let ends = [((20.0, 100.0), (180.0, 100.0)), ((30.0, 100.5), (170.0, 100.5))];
        let c = curves(&ends, &obstacles);
        let (p, q) = (c[0].samples(SAMPLES), c[1].samples(SAMPLES));
        let close = p[6..SAMPLES - 6].iter().filter(|a| q.iter().any(|b| dist(**a, *b) < 1.6)).count();
        assert!(close < 4, "{close} points run alongside: {c:?}");
    }

    #[test]
    fn kept_curves_are_taken_only_for_the_same_routes_among_the_same_obstacles() {
        let map = (0.0, 0.0, 200.0, 200.0);
        let ends = [((20.0, 100.0), (180.0, 100.0))];
        let mut obstacles = Obstacles { texts: vec![(90.0, 95.0, 110.0, 105.0)], map, ..Obstacles::default() };
        let first = curves(&ends, &obstacles);
        assert_eq!(curves(&ends, &obstacles), first);
        // A name moved out of the way: the curves are chosen anew, not taken from before.
        obstacles.texts[0] = (90.0, 20.0, 110.0, 30.0);
        let moved = curves(&ends, &obstacles);
        assert_eq!(moved, choose(&ends, &obstacles));
        assert_ne!(moved, first);
    }
}
