//! The second half of the area layout: after the stress layout has placed the boxes, they are
//! pushed apart until none overlap (with the clearance their adjacency lines need), snapped to
//! the grid, kept inside the field, and line crossings are untangled by swapping boxes.

use super::layout::{unit_for, Graph, PUSHES, SPREAD_ROUNDS, UNTANGLE_SWEEPS};

/// How far apart two boxes of size `clear` must be, along the line from one centre to the other
/// (`ux`, `uy`, a unit vector), not to overlap.
fn clearance((ux, uy): (f64, f64), clear: (f64, f64)) -> f64 {
    let across = if ux.abs() > 1e-9 { clear.0 / ux.abs() } else { f64::INFINITY };
    let down = if uy.abs() > 1e-9 { clear.1 / uy.abs() } else { f64::INFINITY };
    across.min(down)
}

/// Overlap removal that keeps the picture (after Gansner and Hu's PRISM, over all pairs): each
/// round, every overlapping pair wants to be as far apart as its boxes need (at most 1.8 times its
/// distance now), every other pair as far as it is; a few majorization sweeps, inside the field.
/// Whether no overlap is left.
pub(super) fn spread(
    at: &mut [(f64, f64)],
    free: &[bool],
    clear: (f64, f64),
    field: (f64, f64),
    area: (f64, f64),
) -> bool {
    let n = at.len();
    let mut target = vec![vec![0.0; n]; n];
    for _ in 0..SPREAD_ROUNDS {
        let mut overlaps = false;
        for i in 0..n {
            for j in 0..n {
                if i == j {
                    continue;
                }
                let (ex, ey) = (at[i].0 - at[j].0, at[i].1 - at[j].1);
                let len = (ex * ex + ey * ey).sqrt();
                let u = if len > 1e-9 { (ex / len, ey / len) } else { unit_for(i, j) };
                let need = clearance(u, clear) * 1.001;
                target[i][j] = if len < need {
                    overlaps |= free[i] || free[j];
                    need.min(len.max(1.0) * 1.8)
                } else {
                    len
                };
            }
        }
        if !overlaps {
            return true;
        }
        for _ in 0..4 {
            for i in (0..n).filter(|&i| free[i]) {
                let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
                for j in (0..n).filter(|&j| j != i) {
                    let t = target[i][j];
                    let w = 1.0 / (t * t);
                    let (ex, ey) = (at[i].0 - at[j].0, at[i].1 - at[j].1);
                    let len = (ex * ex + ey * ey).sqrt();
                    let (ux, uy) = if len > 1e-9 { (ex / len, ey / len) } else { unit_for(i, j) };
                    sx += w * (at[j].0 + t * ux);
                    sy += w * (at[j].1 + t * uy);
                    sw += w;
                }
                at[i] = (sx / sw, sy / sw);
                clamp(&mut at[i], field, area);
            }
        }
    }
    false
}

fn clamp(p: &mut (f64, f64), field: (f64, f64), area: (f64, f64)) {
    p.0 = p.0.clamp(area.0 / 2.0, (field.0 - area.0 / 2.0).max(area.0 / 2.0));
    p.1 = p.1.clamp(area.1 / 2.0, (field.1 - area.1 / 2.0).max(area.1 / 2.0));
}

/// Pushes overlapping boxes (of size `clear`, centred on the points) apart along the axis of least
/// relative overlap, keeping them inside the field. Whether no overlap is left.
pub(super) fn push_apart(
    at: &mut [(f64, f64)],
    free: &[bool],
    clear: (f64, f64),
    field: (f64, f64),
    area: (f64, f64),
) -> bool {
    let n = at.len();
    for p in at.iter_mut().zip(free).filter(|(_, f)| **f).map(|(p, _)| p) {
        clamp(p, field, area);
    }
    for _ in 0..PUSHES {
        let mut any = false;
        for i in 0..n {
            for j in i + 1..n {
                if !free[i] && !free[j] {
                    continue;
                }
                let (dx, dy) = (at[j].0 - at[i].0, at[j].1 - at[i].1);
                let (ox, oy) = (clear.0 - dx.abs(), clear.1 - dy.abs());
                if ox <= 1e-6 || oy <= 1e-6 {
                    continue;
                }
                any = true;
                let (share_i, share_j) = match (free[i], free[j]) {
                    (true, true) => (0.5, 0.5),
                    (true, false) => (1.0, 0.0),
                    _ => (0.0, 1.0),
                };
                let sign = |v: f64| {
                    if v > 0.0 {
                        1.0
                    } else if v < 0.0 {
                        -1.0
                    } else {
                        1.0
                    }
                };
                if ox / clear.0 <= oy / clear.1 {
                    let m = (ox + 0.01) * sign(dx);
                    at[i].0 -= m * share_i;
                    at[j].0 += m * share_j;
                } else {
                    let m = (oy + 0.01) * sign(dy);
                    at[i].1 -= m * share_i;
                    at[j].1 += m * share_j;
                }
                if free[i] {
                    clamp(&mut at[i], field, area);
                }
                if free[j] {
                    clamp(&mut at[j], field, area);
                }
            }
        }
        if !any {
            return true;
        }
    }
    false
}

/// The fallback: free areas, nearest first, to the nearest grid cell that no box takes yet.
pub(super) fn snap_to_grid(
    at: &mut [(f64, f64)],
    free: &[bool],
    clear: (f64, f64),
    field: (f64, f64),
    area: (f64, f64),
) {
    let cols = ((field.0 - area.0) / clear.0).floor().max(0.0) as usize + 1;
    let rows = ((field.1 - area.1) / clear.1).floor().max(0.0) as usize + 1;
    // Cells spread evenly over the field; more rows below it when the field is too small.
    let need = at.len().div_ceil(cols).max(rows);
    let step_x = if cols > 1 { (field.0 - area.0) / (cols - 1) as f64 } else { 0.0 };
    let step_y = if rows > 1 { (field.1 - area.1) / (rows - 1) as f64 } else { clear.1 };
    let cells: Vec<(f64, f64)> = (0..need * cols)
        .map(|c| (area.0 / 2.0 + step_x * (c % cols) as f64, area.1 / 2.0 + step_y * (c / cols) as f64))
        .collect();
    let hits = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() < clear.0 - 1e-6 && (a.1 - b.1).abs() < clear.1 - 1e-6;
    let mut taken: Vec<bool> = cells.iter().map(|c| at.iter().zip(free).any(|(p, f)| !f && hits(*p, *c))).collect();
    let mut order: Vec<usize> = (0..at.len()).filter(|&i| free[i]).collect();
    order.sort_by(|&a, &b| at[a].1.total_cmp(&at[b].1).then(at[a].0.total_cmp(&at[b].0)).then(a.cmp(&b)));
    for i in order {
        let p = at[i];
        let best = (0..cells.len())
            .filter(|&c| !taken[c])
            .min_by(|&a, &b| dist2(cells[a], p).total_cmp(&dist2(cells[b], p)).then(a.cmp(&b)));
        if let Some(c) = best {
            taken[c] = true;
            at[i] = cells[c];
        }
    }
}

pub(super) fn dist2(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)
}

/// Swaps the boxes of two nearby free areas wherever that removes crossings or shortens links
/// (a crossing weighs as much as two link lengths). Boxes keep their places, so nothing new
/// overlaps or leaves the field.
pub(super) fn untangle(g: &Graph, at: &mut [(f64, f64)], free: &[bool], unit: f64, long: f64) {
    let n = at.len();
    let mut incident: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, &(a, b)) in g.edges.iter().enumerate() {
        incident[a].push(k);
        incident[b].push(k);
    }
    let cost = |at: &[(f64, f64)], i: usize, j: usize| {
        let mut mine: Vec<usize> = incident[i].iter().chain(&incident[j]).copied().collect();
        mine.sort_unstable();
        mine.dedup();
        let mut total = 0.0;
        for &k in &mine {
            let (a, b) = g.edges[k];
            total += dist2(at[a], at[b]).sqrt();
            if off_map(at, (a, b), long) {
                continue;
            }
            for (l, &(c, d)) in g.edges.iter().enumerate() {
                if l == k || a == c || a == d || b == c || b == d || off_map(at, (c, d), long) {
                    continue;
                }
                if segments_cross(at[a], at[b], at[c], at[d]) {
                    total += 2.0 * unit;
                }
            }
        }
        total
    };
    let reach = (2.5 * unit) * (2.5 * unit);
    for _ in 0..UNTANGLE_SWEEPS {
        let mut better = false;
        for i in (0..n).filter(|&i| free[i]) {
            for j in (i + 1..n).filter(|&j| free[j]) {
                if dist2(at[i], at[j]) > reach {
                    continue;
                }
                let before = cost(at, i, j);
                at.swap(i, j);
                if cost(at, i, j) + 1e-6 < before {
                    better = true;
                } else {
                    at.swap(i, j);
                }
            }
        }
        if !better {
            break;
        }
    }
}

/// Moves free areas, one at a time, to the free spot near their neighbours where their links cross
/// fewest others and are shortest: the spots are
/// the points of a grid of box cells around the middle of the area's neighbours, each clear of
/// every other box and inside the field (a crossing weighs twelve link lengths).
/// What swapping cannot mend (an area pulled far from its neighbours by pinned ones, a
/// link across a pinned cluster) this does.
pub(super) fn relocate(
    g: &Graph,
    at: &mut [(f64, f64)],
    free: &[bool],
    (clear, field, area): ((f64, f64), (f64, f64), (f64, f64)),
    unit: f64,
    long: f64,
) {
    // How far around the neighbours' middle a spot is looked for, in cells; how much a crossing
    // weighs, in link lengths; how many rounds.
    const REACH: i64 = 4;
    const CROSSING: f64 = 12.0;
    const ROUNDS: usize = 20;
    let n = at.len();
    let neighbours = g.neighbours();
    // An area whose nearest neighbour is more than two box widths (and a gap) away reads as cut
    // off from its neighbours.
    let near = area.0 + clear.0;
    let cost = |at: &[(f64, f64)], i: usize, p: (f64, f64)| {
        let mut total = 0.0;
        let nearest = neighbours[i].iter().map(|&j| dist2(p, at[j]).sqrt()).fold(f64::MAX, f64::min);
        if nearest > near {
            total += 4.0 * unit;
        }
        for &j in &neighbours[i] {
            total += dist2(p, at[j]).sqrt();
            if dist2(p, at[j]) > long * long {
                continue;
            }
            for &(c, d) in &g.edges {
                if c == i || d == i || c == j || d == j || off_map(at, (c, d), long) {
                    continue;
                }
                if segments_cross(p, at[j], at[c], at[d]) {
                    total += CROSSING * unit;
                }
            }
        }
        total
    };
    let fits = |at: &[(f64, f64)], i: usize, p: (f64, f64)| spot_free(at, i, p, (clear, field, area));
    for _ in 0..ROUNDS {
        let mut moved = false;
        for i in (0..n).filter(|&i| free[i] && !neighbours[i].is_empty()) {
            let k = neighbours[i].len() as f64;
            let middle = neighbours[i].iter().fold((0.0, 0.0), |s, &j| (s.0 + at[j].0 / k, s.1 + at[j].1 / k));
            let mut best = (cost(at, i, at[i]), at[i]);
            // Around the middle of the neighbours, and right beside each of them.
            let around = std::iter::once((middle, REACH)).chain(neighbours[i].iter().map(|&j| (at[j], 1)));
            for (centre, reach) in around.collect::<Vec<_>>() {
                for dy in -reach..=reach {
                    for dx in -reach..=reach {
                        let p = (centre.0 + dx as f64 * clear.0, centre.1 + dy as f64 * clear.1);
                        if fits(at, i, p) {
                            let c = cost(at, i, p);
                            if c + 1e-6 < best.0 {
                                best = (c, p);
                            }
                        }
                    }
                }
            }
            if best.1 != at[i] {
                at[i] = best.1;
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
}

/// Whether area `i`'s box may stand at `p`: inside the field and `clear` from every other box.
pub(super) fn spot_free(
    at: &[(f64, f64)],
    i: usize,
    p: (f64, f64),
    (clear, field, area): ((f64, f64), (f64, f64), (f64, f64)),
) -> bool {
    let (half_w, half_h) = (area.0 / 2.0, area.1 / 2.0);
    p.0 - half_w >= 0.0
        && p.0 + half_w <= field.0
        && p.1 - half_h >= 0.0
        && p.1 + half_h <= field.1
        && (0..at.len())
            .all(|j| j == i || (p.0 - at[j].0).abs() >= clear.0 - 1e-9 || (p.1 - at[j].1).abs() >= clear.1 - 1e-9)
}

/// The pairs of `links` that cross (links sharing an end do not count).
pub(super) fn crossing_pairs(links: &[(usize, usize)], at: &[(f64, f64)]) -> Vec<((usize, usize), (usize, usize))> {
    let mut out = Vec::new();
    for (k, &(a, b)) in links.iter().enumerate() {
        for &(c, d) in &links[k + 1..] {
            if a != c && a != d && b != c && b != d && segments_cross(at[a], at[b], at[c], at[d]) {
                out.push(((a, b), (c, d)));
            }
        }
    }
    out
}

/// Whether a link is longer than `long`, so drawn as a pair of off-map arrows that cross nothing
/// (the rule of `routing`: longer than half the field's width).
pub(super) fn off_map(at: &[(f64, f64)], (a, b): (usize, usize), long: f64) -> bool {
    dist2(at[a], at[b]) > long * long
}

/// How many pairs of links cross (links sharing an end do not count): a measure of a layout.
pub fn crossings(g: &Graph, at: &[(f64, f64)]) -> usize {
    crossing_pairs(&g.edges, at).len()
}

pub(super) fn segments_cross(p1: (f64, f64), p2: (f64, f64), p3: (f64, f64), p4: (f64, f64)) -> bool {
    let orient = |a: (f64, f64), b: (f64, f64), c: (f64, f64)| (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0);
    let (d1, d2) = (orient(p3, p4, p1), orient(p3, p4, p2));
    let (d3, d4) = (orient(p1, p2, p3), orient(p1, p2, p4));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}
