//! Automatic layout of an area map: where the boxes of areas without a position go.
//!
//! The principal type is [`Graph`] (areas as nodes, each in a region, adjacency as edges, the
//! designer's positions fixed); [`layout`] places it in a field of a given size. Four steps:
//!
//! 1. an initial placement: each region gets a cell of a grid over the field (in the order the
//!    map declares its regions), its areas a spiral around the cell's centre; an area next to
//!    fixed ones starts at their centroid;
//! 2. stress majorization (Gansner, Koren and North), localized form, so fixed areas simply stay:
//!    the ideal distance of two areas is their shortest path, where a link inside a region counts
//!    one and a link between regions more, and areas of one region are never ideally further apart
//!    than their region is wide — so regions hold together and links stay short and rarely cross;
//! 3. overlap removal: boxes (plus a margin for the lines between them) that overlap are pushed
//!    apart along the axis of least overlap and kept inside the field; should that not settle,
//!    the free areas are snapped to the nearest free cells of a grid;
//! 4. untangling: free boxes swapped and moved where their links cross fewer others (`separate`),
//!    then a search over the whole map for the crossings left (`refine`), kept only when the
//!    links as routed cross less. A link longer than half the field is drawn off the map and
//!    crosses nothing, so these steps do not count it.
//!
//! Everything is plain `f64` arithmetic and `sqrt` over index-ordered vectors: the same graph gives
//! the same positions, bit for bit. It knows nothing of SVG or of the pack; `areamap` asks it.

use super::refine::repair;
pub use super::separate::crossings;
use super::separate::{push_apart, relocate, snap_to_grid, spread, untangle};
use crate::model::Map;

/// An area map's graph, as the layout sees it.
#[derive(Debug, Clone, Default)]
pub struct Graph {
    /// The region (cluster) of each area, `0..regions`.
    pub region: Vec<usize>,
    /// Links, each once, `(i, j)` with `i != j`.
    pub edges: Vec<(usize, usize)>,
    /// The designer's position of each area (the centre of its box, field mm), kept as is.
    pub fixed: Vec<Option<(f64, f64)>>,
}

impl Graph {
    /// The graph of an area map: regions in the order the map declares them (undeclared ones
    /// after, by name), each adjacency once.
    pub fn of_map(map: &Map) -> Graph {
        let mut names: Vec<&str> = map.regions.iter().map(|r| r.id.as_str()).collect();
        let mut extra: Vec<&str> =
            map.areas.iter().map(|a| a.region.value.as_str()).filter(|r| !names.contains(r)).collect();
        extra.sort_unstable();
        extra.dedup();
        names.extend(extra);
        let region = map.areas.iter().map(|a| names.iter().position(|n| *n == a.region.value).unwrap_or(0)).collect();
        let mut edges = Vec::new();
        for (i, area) in map.areas.iter().enumerate() {
            for adj in &area.adjacent {
                if let Some(j) = map.areas.iter().position(|a| a.id == adj.value) {
                    let e = (i.min(j), i.max(j));
                    if i != j && !edges.contains(&e) {
                        edges.push(e);
                    }
                }
            }
        }
        Graph { region, edges, fixed: map.areas.iter().map(|a| a.at).collect() }
    }

    fn len(&self) -> usize {
        self.region.len()
    }

    /// Each area's linked areas.
    pub(super) fn neighbours(&self) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = vec![Vec::new(); self.len()];
        for &(a, b) in &self.edges {
            out[a].push(b);
            out[b].push(a);
        }
        out
    }

    fn regions(&self) -> usize {
        self.region.iter().max().map_or(0, |m| m + 1)
    }
}

/// How the boxes are laid out: their size and the room kept between them, mm.
#[derive(Debug, Clone, Copy)]
pub struct Spacing {
    /// A box, width × height.
    pub area: (f64, f64),
    /// The least gap between two boxes, across × down (room for the lines between them).
    pub gap: (f64, f64),
}

/// The centre of every area's box in field mm: its own position, and for areas without one the
/// automatic layout (regions together, short links, no overlaps).
pub fn positions(map: &Map) -> Vec<(f64, f64)> {
    if map.areas.iter().all(|a| a.at.is_some()) {
        return map.areas.iter().filter_map(|a| a.at).collect();
    }
    layout(&Graph::of_map(map), spacing(map), map.area.field_mm)
}

/// The spacing of a map's boxes: its box size, and 6 × 8 mm between boxes for the lines.
pub fn spacing(map: &Map) -> Spacing {
    Spacing { area: map.area.box_mm, gap: (6.0, 8.0) }
}

/// How many units a link between regions counts, against 1 for a link inside one.
const BETWEEN_REGIONS: f64 = 1.6;
/// Stress majorization sweeps.
const SWEEPS: usize = 120;
/// Rounds of [`spread`] before pushing boxes apart instead.
pub(super) const SPREAD_ROUNDS: usize = 60;
/// Sweeps of [`untangle`].
pub(super) const UNTANGLE_SWEEPS: usize = 4;
/// Overlap removal sweeps before the grid is used instead.
pub(super) const PUSHES: usize = 400;

/// The centre of every area's box in field mm: fixed areas where the designer put them, the rest
/// laid out. Boxes do not overlap (nor come closer than the gap) and lie inside `field`, unless
/// the fixed ones already do or there are more areas than the field holds.
pub fn layout(g: &Graph, spacing: Spacing, field: (f64, f64)) -> Vec<(f64, f64)> {
    let n = g.len();
    if n == 0 {
        return Vec::new();
    }
    let free: Vec<bool> = g.fixed.iter().map(Option::is_none).collect();
    if !free.iter().any(|f| *f) {
        return g.fixed.iter().map(|p| p.unwrap_or_default()).collect();
    }
    let cell = (spacing.area.0 + spacing.gap.0, spacing.area.1 + spacing.gap.1);
    // The length of one link: the diagonal of a cell, a little more, so neighbours sit apart.
    let unit = (cell.0 * cell.0 + cell.1 * cell.1).sqrt() * 1.05;
    let d = ideal_distances(g, unit);
    let mut at = initial(g, field, cell);
    majorize(&mut at, &d, &free);
    if free.iter().all(|f| *f) {
        fit(&mut at, field, spacing.area);
    }
    let clear = (cell.0, cell.1);
    if !spread(&mut at, &free, clear, field, spacing.area) && !push_apart(&mut at, &free, clear, field, spacing.area) {
        snap_to_grid(&mut at, &free, clear, field, spacing.area);
    }
    // A link longer than half the field is drawn off the map, crossing nothing (`routing`).
    let long = field.0 / 2.0;
    untangle(g, &mut at, &free, unit, long);
    relocate(g, &mut at, &free, (clear, field, spacing.area), unit, long);
    untangle(g, &mut at, &free, unit, long);
    repair(g, &mut at, &free, (clear, field, spacing.area), unit, long);
    at
}

/// What a reader sees of `g` laid out at `at` with boxes of `spacing` in `field`: how many pairs
/// of its links cross as drawn (routed round the boxes), and how many are drawn as off-map arrows.
pub fn seen(g: &Graph, at: &[(f64, f64)], spacing: Spacing, field: (f64, f64)) -> (usize, usize) {
    super::refine::seen(&g.edges, at, spacing.area, field)
}

/// Ideal distances, mm: shortest paths (1 inside a region, [`BETWEEN_REGIONS`] across), capped
/// within a region by its size, and unreachable pairs one step beyond the longest path.
fn ideal_distances(g: &Graph, unit: f64) -> Vec<Vec<f64>> {
    let n = g.len();
    let mut adj: Vec<Vec<(usize, f64)>> = vec![Vec::new(); n];
    for &(i, j) in &g.edges {
        let w = if g.region[i] == g.region[j] { 1.0 } else { BETWEEN_REGIONS };
        adj[i].push((j, w));
        adj[j].push((i, w));
    }
    let mut size = vec![0usize; g.regions()];
    for &r in &g.region {
        size[r] += 1;
    }
    let mut d = vec![vec![f64::INFINITY; n]; n];
    for (s, row) in d.iter_mut().enumerate() {
        // Dijkstra by linear scan: n is small (a few hundred) and it keeps the order fixed.
        let mut done = vec![false; n];
        row[s] = 0.0;
        for _ in 0..n {
            let Some(u) = (0..n).filter(|&u| !done[u] && row[u].is_finite()).min_by(|&a, &b| row[a].total_cmp(&row[b]))
            else {
                break;
            };
            done[u] = true;
            for &(v, w) in &adj[u] {
                if row[u] + w < row[v] {
                    row[v] = row[u] + w;
                }
            }
        }
    }
    let longest = d.iter().flatten().copied().filter(|x| x.is_finite()).fold(1.0, f64::max);
    for (i, row) in d.iter_mut().enumerate() {
        for (j, cell) in row.iter_mut().enumerate() {
            let mut x = *cell;
            if !x.is_finite() {
                x = longest + 1.0;
            }
            if i != j && g.region[i] == g.region[j] {
                // A region of k areas is about sqrt(k) boxes across.
                x = x.min((size[g.region[i]] as f64).sqrt().max(1.0));
            }
            *cell = x * unit;
        }
    }
    d
}

/// Regions in cells of a grid over the field, their areas on a spiral round the cell's centre;
/// fixed areas where they are; a free area next to fixed ones at their centroid.
fn initial(g: &Graph, field: (f64, f64), cell: (f64, f64)) -> Vec<(f64, f64)> {
    let k = g.regions().max(1);
    let cols = ((k as f64 * field.0 / field.1).sqrt().ceil() as usize).clamp(1, k);
    let rows = k.div_ceil(cols);
    let centre = |r: usize| {
        let (c, w) = (r % cols, r / cols);
        (field.0 * (c as f64 + 0.5) / cols as f64, field.1 * (w as f64 + 0.5) / rows as f64)
    };
    let mut seen = vec![0usize; k];
    let mut at = vec![(0.0, 0.0); g.len()];
    for (i, p) in at.iter_mut().enumerate() {
        if let Some(fixed) = g.fixed[i] {
            *p = fixed;
            continue;
        }
        let r = g.region[i];
        let (cx, cy) = centre(r);
        let (dx, dy) = spiral(seen[r]);
        seen[r] += 1;
        *p = (cx + dx as f64 * cell.0, cy + dy as f64 * cell.1);
    }
    for (i, p) in at.iter_mut().enumerate() {
        if g.fixed[i].is_some() {
            continue;
        }
        let near: Vec<(f64, f64)> = g
            .edges
            .iter()
            .filter_map(|&(a, b)| {
                if a == i {
                    g.fixed[b]
                } else if b == i {
                    g.fixed[a]
                } else {
                    None
                }
            })
            .collect();
        if !near.is_empty() {
            let k = near.len() as f64;
            // A small offset by index keeps two such areas from starting on one point.
            let off = (i % 5) as f64 - 2.0;
            *p = (
                near.iter().map(|q| q.0).sum::<f64>() / k + off * 3.0,
                near.iter().map(|q| q.1).sum::<f64>() / k + off,
            );
        }
    }
    at
}

/// The `n`th step of a square spiral from (0, 0): (0,0), (1,0), (1,1), (0,1), (-1,1), …
fn spiral(n: usize) -> (i64, i64) {
    let (mut x, mut y, mut dx, mut dy) = (0i64, 0i64, 1i64, 0i64);
    let (mut leg, mut walked, mut turns) = (1, 0, 0);
    for _ in 0..n {
        x += dx;
        y += dy;
        walked += 1;
        if walked == leg {
            walked = 0;
            (dx, dy) = (-dy, dx);
            turns += 1;
            if turns % 2 == 0 {
                leg += 1;
            }
        }
    }
    (x, y)
}

/// Localized stress majorization: each free area moves to the weighted mean of where each other
/// area says it should be (weights 1/d²); fixed areas do not move.
fn majorize(at: &mut [(f64, f64)], d: &[Vec<f64>], free: &[bool]) {
    let n = at.len();
    for _ in 0..SWEEPS {
        let mut moved = 0.0_f64;
        for i in (0..n).filter(|&i| free[i]) {
            let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
            for j in (0..n).filter(|&j| j != i) {
                let dij = d[i][j];
                let w = 1.0 / (dij * dij);
                let (ex, ey) = (at[i].0 - at[j].0, at[i].1 - at[j].1);
                let len = (ex * ex + ey * ey).sqrt();
                // Coincident points: push along a direction fixed by the pair's indices.
                let (ux, uy) = if len > 1e-9 { (ex / len, ey / len) } else { unit_for(i, j) };
                sx += w * (at[j].0 + dij * ux);
                sy += w * (at[j].1 + dij * uy);
                sw += w;
            }
            if sw > 0.0 {
                let next = (sx / sw, sy / sw);
                moved = moved.max((next.0 - at[i].0).abs() + (next.1 - at[i].1).abs());
                at[i] = next;
            }
        }
        if moved < 0.05 {
            break;
        }
    }
}

pub(super) fn unit_for(i: usize, j: usize) -> (f64, f64) {
    if i < j {
        (0.6, 0.8)
    } else {
        (-0.6, -0.8)
    }
}

/// Moves a fully free layout to the middle of the field, shrunk (each axis on its own) where it
/// is larger than the field, never enlarged: a small map keeps its links short.
fn fit(at: &mut [(f64, f64)], field: (f64, f64), area: (f64, f64)) {
    let (min_x, max_x) = at.iter().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (min_y, max_y) = at.iter().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let (room_x, room_y) = ((field.0 - area.0).max(0.0), (field.1 - area.1).max(0.0));
    let scale_x = if max_x - min_x > room_x { room_x / (max_x - min_x) } else { 1.0 };
    let scale_y = if max_y - min_y > room_y { room_y / (max_y - min_y) } else { 1.0 };
    let (mid_x, mid_y) = ((min_x + max_x) / 2.0, (min_y + max_y) / 2.0);
    for p in at.iter_mut() {
        p.0 = field.0 / 2.0 + (p.0 - mid_x) * scale_x;
        p.1 = field.1 / 2.0 + (p.1 - mid_y) * scale_y;
    }
}

/// A deterministic synthetic area graph: `n` areas in `regions` regions of about equal size,
/// each region a connected chain with chords, `m` links in all (about a tenth between regions),
/// for benchmarks and tests.
pub fn synthetic(n: usize, m: usize, regions: usize) -> Graph {
    let regions = regions.max(1);
    let region: Vec<usize> = (0..n).map(|i| i * regions / n.max(1)).collect();
    let mut edges: Vec<(usize, usize)> = Vec::new();
    let push = |e: (usize, usize), edges: &mut Vec<(usize, usize)>| {
        let e = (e.0.min(e.1), e.0.max(e.1));
        if e.0 != e.1 && !edges.contains(&e) {
            edges.push(e);
        }
    };
    for i in 1..n {
        if region[i] == region[i - 1] {
            push((i - 1, i), &mut edges);
        }
    }
    // A linear congruential generator with a fixed seed.
    let mut state: u64 = 0x005e_ed17;
    let mut next = |bound: usize| {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as usize) % bound.max(1)
    };
    let mut tries = 0;
    while edges.len() < m && tries < m * 50 {
        tries += 1;
        let a = next(n);
        let across = next(10) == 0;
        let b = if across {
            next(n)
        } else {
            // A near neighbour in the same region.
            let lo = (0..n).find(|&i| region[i] == region[a]).unwrap_or(0);
            let size = region.iter().filter(|&&r| r == region[a]).count();
            let off = (a - lo + 2 + next(4)) % size;
            lo + off
        };
        push((a, b), &mut edges);
    }
    Graph { region, edges, fixed: vec![None; n] }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::maps::area::separate::dist2;

    const SPACING: Spacing = Spacing { area: (24.0, 15.0), gap: (6.0, 8.0) };
    const FIELD: (f64, f64) = (300.0, 270.0);

    fn assert_clear(at: &[(f64, f64)], field: (f64, f64)) {
        for (i, a) in at.iter().enumerate() {
            assert!(a.0 - 12.0 >= -1e-9 && a.0 + 12.0 <= field.0 + 1e-9, "{i} {a:?}");
            assert!(a.1 - 7.5 >= -1e-9 && a.1 + 7.5 <= field.1 + 1e-9, "{i} {a:?}");
            for (j, b) in at[..i].iter().enumerate() {
                assert!((a.0 - b.0).abs() >= 24.0 || (a.1 - b.1).abs() >= 15.0, "{i} {a:?} overlaps {j} {b:?}");
            }
        }
    }

    /// The share of areas whose nearest other box is of their own region.
    fn own_region_nearest(g: &Graph, at: &[(f64, f64)]) -> f64 {
        let n = at.len();
        let same = (0..n)
            .filter(|&i| {
                let near =
                    (0..n).filter(|&j| j != i).min_by(|&a, &b| dist2(at[a], at[i]).total_cmp(&dist2(at[b], at[i])));
                near.is_some_and(|j| g.region[j] == g.region[i])
            })
            .count();
        same as f64 / n as f64
    }

    #[test]
    fn seventy_areas_in_seven_regions_neither_overlap_nor_leave_the_field() {
        let g = synthetic(70, 120, 7);
        let at = layout(&g, SPACING, FIELD);
        assert_eq!(at.len(), 70);
        assert_clear(&at, FIELD);
        // Boxes keep the gap for the lines between them.
        for (i, a) in at.iter().enumerate() {
            for b in &at[..i] {
                assert!((a.0 - b.0).abs() >= 30.0 - 1e-6 || (a.1 - b.1).abs() >= 23.0 - 1e-6, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn regions_hold_together() {
        let g = synthetic(70, 120, 7);
        let at = layout(&g, SPACING, FIELD);
        let share = own_region_nearest(&g, &at);
        assert!(share >= 0.7, "{share}");
    }

    #[test]
    fn the_layout_has_fewer_crossings_than_the_grid() {
        let g = synthetic(70, 120, 7);
        let at = layout(&g, SPACING, FIELD);
        let grid: Vec<(f64, f64)> =
            (0..70).map(|i| (15.0 + 30.0 * (i % 10) as f64, 12.0 + 23.0 * (i / 10) as f64)).collect();
        // As drawn: routed round the boxes, a link across the map as off-map arrows, which
        // cross nothing but make a reader look for the other end, so each counts as a crossing.
        let drawn = |at: &[(f64, f64)]| {
            let (crossed, off) = seen(&g, at, SPACING, FIELD);
            crossed + off
        };
        let (ours, theirs) = (drawn(&at), drawn(&grid));
        assert!(ours * 2 < theirs, "layout {ours} crossings, grid {theirs}");
    }

    #[test]
    fn fixed_positions_stay_and_the_rest_fill_in() {
        let mut g = synthetic(40, 70, 4);
        let pinned = [(0, (20.0, 20.0)), (15, (280.0, 20.0)), (39, (150.0, 250.0))];
        for (i, p) in pinned {
            g.fixed[i] = Some(p);
        }
        let at = layout(&g, SPACING, FIELD);
        for (i, p) in pinned {
            assert_eq!(at[i], p);
        }
        assert_clear(&at, FIELD);
    }

    #[test]
    fn the_same_graph_gives_the_same_positions() {
        let g = synthetic(60, 100, 6);
        let a = layout(&g, SPACING, FIELD);
        let b = layout(&g, SPACING, FIELD);
        assert_eq!(
            a.iter().map(|p| (p.0.to_bits(), p.1.to_bits())).collect::<Vec<_>>(),
            b.iter().map(|p| (p.0.to_bits(), p.1.to_bits())).collect::<Vec<_>>()
        );
    }

    #[test]
    fn too_many_areas_still_never_overlap() {
        let g = synthetic(150, 260, 8);
        let at = layout(&g, SPACING, FIELD);
        for (i, a) in at.iter().enumerate() {
            for b in &at[..i] {
                assert!((a.0 - b.0).abs() >= 24.0 - 1e-6 || (a.1 - b.1).abs() >= 15.0 - 1e-6, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn a_spiral_visits_each_cell_once() {
        let cells: Vec<_> = (0..25).map(spiral).collect();
        for (i, c) in cells.iter().enumerate() {
            assert!(!cells[..i].contains(c));
            assert!(c.0.abs() <= 2 && c.1.abs() <= 2);
        }
    }
}
