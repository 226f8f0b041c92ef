//! A map page cut into overlapping tiles for smaller paper: each tile prints its window of the
//! page, the texts lying wholly inside it as text and the parts of others as outlines, cut and placement marks in a band around the
//! window (never over the map), a caption and a small assembly diagram. Each seam (the edge a
//! tile is cut along and laid over its neighbour at) is placed on its own: never through one of
//! the drawing's uncut parts (an area map's boxes, a mat's card slots, a track) when there is
//! room to avoid them with up to two more tiles, and clear of every text where that costs no
//! extra tile; a text a seam does cross lies whole on the tile before it, and the tile laid over
//! that one prints the rest of it as outlines, so it runs on unbroken across the seam.

use std::fmt::Write;

use crate::layout::Paper;
use crate::render::maps::pen::{Drawing, Extent, Pen};
use crate::render::maps::recent::Recent;
use crate::render::page::canvas::{Canvas, Owner, TextBox, VAlign};
use crate::render::page::mm;
use crate::render::page::Page;
use crate::render::Ctx;

/// The height of a tile's caption band (the caption and the assembly diagram), mm.
const CAPTION: f64 = 9.0;
/// The band around a tile's window, inside the safe area, that holds its cut and placement
/// marks: they never print over the map, mm.
const MARKS: f64 = 4.0;
/// The least overlap between neighbouring tiles, mm.
const MIN_OVERLAP: f64 = 10.0;
/// How far a seam keeps from an uncut part's edge where it can, mm.
const SEAM_MARGIN: f64 = 3.0;
/// Seams are tried this far apart, mm.
const SEAM_STEP: f64 = 0.5;

/// How a page is cut into tiles.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Tiling {
    /// The tile paper (portrait or landscape).
    pub(crate) paper: Paper,
    /// Columns.
    pub(crate) cols: usize,
    /// Rows.
    pub(crate) rows: usize,
    /// The printable window of a tile: its left and top on the tile, its width and height.
    pub(crate) window: (f64, f64, f64, f64),
    /// Where each column's window begins on the page (the first at the content's left; the
    /// others at their seams).
    pub(crate) xs: Vec<f64>,
    /// Where each row's window begins on the page.
    pub(crate) ys: Vec<f64>,
}

impl Tiling {
    /// The part of the page tile (`col`, `row`) prints.
    pub(crate) fn window_on_page(&self, col: usize, row: usize) -> Extent {
        let (_, _, vw, vh) = self.window;
        (self.xs[col], self.ys[row], self.xs[col] + vw, self.ys[row] + vh)
    }

    /// Whether a seam crosses `e`: a tile's cut left or top edge (where it lies over its
    /// neighbour) passing through it.
    #[cfg(test)]
    fn cuts(&self, e: &Extent) -> bool {
        self.xs[1..].iter().any(|&x| across(e.0, e.2, x)) || self.ys[1..].iter().any(|&y| across(e.1, e.3, y))
    }

    /// Whether `e` lies wholly inside at least one tile.
    #[cfg(test)]
    fn shows_whole(&self, e: &Extent) -> bool {
        (0..self.rows).any(|row| (0..self.cols).any(|col| super::pen::holds(&self.window_on_page(col, row), e)))
    }

    /// How far tile (`col`, `row`)'s right and bottom neighbours lie over it, mm (0 at the edge).
    fn overlaps(&self, col: usize, row: usize) -> (f64, f64) {
        let (_, _, vw, vh) = self.window;
        let next = |starts: &[f64], i: usize, view: f64| starts.get(i + 1).map_or(0.0, |n| starts[i] + view - n);
        (next(&self.xs, col, vw), next(&self.ys, row, vh))
    }
}

/// Whether `at` lies strictly inside `lo..hi`.
fn across(lo: f64, hi: f64, at: f64) -> bool {
    lo + 1e-6 < at && at < hi - 1e-6
}

/// How bad a seam at one place is, best first: it crosses nothing; it runs within
/// [`SEAM_MARGIN`] of an uncut part's edge (a miscut would trim the box); the texts it crosses
/// lie whole in the tile before it (which prints them; the next tile covers their end); it cuts
/// an uncut part (a box, a slot, a track); a text it crosses is whole on neither side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Seam {
    Clear,
    Grazes,
    CoversText,
    CutsParts,
    CutsText,
}

impl Seam {
    /// How a tiling with this worst seam ranks before its number of tiles counts: a seam over a
    /// text costs no extra sheet, one through a box or a word does.
    fn rank(self) -> Seam {
        self.max(Seam::CoversText)
    }
}

/// The spans of one axis a seam is judged by: the texts' and the uncut parts', as (start, end).
struct Axis {
    texts: Vec<(f64, f64)>,
    uncut: Vec<(f64, f64)>,
}

/// What crosses a seam at one place: whether an uncut part does, and the span of the texts that
/// do (none: no text).
struct Crossing {
    parts: bool,
    near: bool,
    texts: Option<(f64, f64)>,
}

impl Crossing {
    /// How bad the seam is when the window before it begins at `before` and is `view` long.
    fn seam(&self, before: f64, view: f64) -> Seam {
        match self.texts {
            Some((lo, hi)) if lo < before - 1e-6 || hi > before + view + 1e-6 => Seam::CutsText,
            _ if self.parts => Seam::CutsParts,
            Some(_) => Seam::CoversText,
            None if self.near => Seam::Grazes,
            None => Seam::Clear,
        }
    }
}

impl Axis {
    fn crossing(&self, at: f64) -> Crossing {
        let texts = (self.texts.iter().filter(|t| across(t.0, t.1, at)))
            .fold(None, |acc: Option<(f64, f64)>, t| Some(acc.map_or(*t, |(lo, hi)| (lo.min(t.0), hi.max(t.1)))));
        let near = self.uncut.iter().any(|u| (u.0 - at).abs() < SEAM_MARGIN || (u.1 - at).abs() < SEAM_MARGIN);
        Crossing { parts: self.uncut.iter().any(|u| across(u.0, u.1, at)), near, texts }
    }

    /// Where `n` windows of `view` mm begin to cover `lo..hi` (neighbours overlapping by at least
    /// [`MIN_OVERLAP`]), the seams placed on a half-millimetre grid so that the worst of them is
    /// as good as it can be, and that worst seam; `None` when `n` windows cannot cover it.
    fn starts(&self, (lo, hi): (f64, f64), view: f64, n: usize) -> Option<(Vec<f64>, Seam)> {
        let reach = view - MIN_OVERLAP;
        let last = (hi - view).max(lo);
        if n == 0 || lo + (n - 1) as f64 * reach < last - 1e-6 {
            return None;
        }
        // The places a window may begin: the grid from `lo`, `last` (the least the last window
        // may begin at), and on past it as far as one more step of a window (the last window
        // may begin later where that keeps its seam off a box or a slot, showing blank paper
        // past the page).
        let mut at: Vec<f64> = (0..).map(|i| lo + f64::from(i) * SEAM_STEP).take_while(|x| *x < last - 1e-6).collect();
        at.extend((0..).map(|i| last + f64::from(i) * SEAM_STEP).take_while(|x| *x <= last + reach + 1e-6));
        let crossing: Vec<Crossing> = at.iter().map(|&x| self.crossing(x)).collect();
        // Among equally good seams, the windows spread evenly over the drawing (window k near
        // `ideal(k)`): the slack n windows leave is shared by the overlaps, not left as blank
        // paper on the last row.
        let ideal = |k: usize| if n == 1 { lo } else { lo + k as f64 * (last - lo) / (n - 1) as f64 };
        let better = |a: &(Seam, f64, usize), b: &(Seam, f64, usize)| {
            (a.0.rank().cmp(&b.0.rank())).then(a.1.total_cmp(&b.1)).then(a.0.cmp(&b.0))
        };
        // best[k][i]: the worst seam and the distance from even spacing of the best way for
        // window k to begin at `at[i]`, and where window k - 1 then begins.
        let mut best: Vec<Vec<Option<(Seam, f64, usize)>>> = vec![vec![None; at.len()]; n];
        best[0][0] = Some((Seam::Clear, 0.0, 0));
        for k in 1..n {
            for i in 1..at.len() {
                let from = at.partition_point(|&x| x < at[i] - reach - 1e-6);
                best[k][i] = (from..i)
                    .rev()
                    .filter_map(|j| {
                        let (worst, off, _) = best[k - 1][j]?;
                        Some((worst.max(crossing[i].seam(at[j], view)), off + (at[i] - ideal(k)).abs(), j))
                    })
                    .min_by(better);
            }
        }
        // The last window begins at `last` or later: the best ranked seams (a seam over a text
        // ranks with a clear one), then the evenest spacing, so that as little of it as may be is
        // blank paper past the page.
        let (worst, _, mut i) = (at.partition_point(|&x| x < last - 1e-6)..at.len())
            .filter_map(|i| best[n - 1][i].map(|(worst, off, _)| (worst, off, i)))
            .min_by(better)?;
        let mut starts = vec![at[i]];
        for k in (1..n).rev() {
            i = best[k][i].map_or(0, |(_, _, j)| j);
            starts.push(at[i]);
        }
        starts.reverse();
        Some((starts, worst))
    }

    /// The fewest windows, up to two more than that, with the best worst seam (the last few
    /// choices kept for the next build).
    fn best(&self, span: (f64, f64), view: f64) -> (Vec<f64>, Seam) {
        // Each axis of each tile paper's two ways round, for every tiled page of a build.
        static CHOSEN: Recent<(Vec<f64>, Seam)> = Recent::new(64);
        let mut inputs = vec![span.0, span.1, view, self.texts.len() as f64];
        inputs.extend(self.texts.iter().chain(&self.uncut).flat_map(|&(lo, hi)| [lo, hi]));
        CHOSEN.get_or(inputs, || self.choose(span, view))
    }

    /// [`Axis::best`], chosen.
    fn choose(&self, span: (f64, f64), view: f64) -> (Vec<f64>, Seam) {
        let fewest = (((span.1 - span.0) - MIN_OVERLAP) / (view - MIN_OVERLAP)).ceil().max(1.0) as usize;
        (fewest..fewest + 3)
            .filter_map(|n| self.starts(span, view, n))
            .min_by_key(|(starts, seam)| (seam.rank(), starts.len(), *seam))
            .unwrap_or_else(|| {
                ((0..fewest).map(|i| span.0 + i as f64 * (view - MIN_OVERLAP)).collect(), Seam::CutsText)
            })
    }
}

/// The tiling of `drawing`'s page whose texts lie at `extents` on tiles of `paper`, portrait or
/// landscape: seams through no uncut part and no text that is whole on neither side where
/// there is room (up to two more tiles than the fewest on each axis), then the fewest tiles, then
/// seams clear of texts too.
pub(crate) fn choose_tiling(ctx: &Ctx<'_>, drawing: &Drawing<'_>, extents: &[Extent], paper: Paper) -> Tiling {
    let safe = ctx.pack.print.safe_margin;
    let content = (safe, safe, drawing.size.0 - safe, drawing.size.1 - safe);
    let axis = |pick: fn(&Extent) -> (f64, f64)| Axis {
        texts: extents.iter().map(pick).collect(),
        uncut: drawing.uncut.iter().map(pick).collect(),
    };
    let (across_x, across_y) = (axis(|e| (e.0, e.2)), axis(|e| (e.1, e.3)));
    let layout = |p: Paper| {
        let (x, y, w, h) = ctx.canvas((p.width, p.height), Owner::default()).area();
        let window = (x + MARKS, y + MARKS, w - 2.0 * MARKS, h - CAPTION - 2.0 * MARKS);
        let (xs, x_seam) = across_x.best((content.0, content.2), window.2);
        let (ys, y_seam) = across_y.best((content.1, content.3), window.3);
        let tiling = Tiling { paper: p, cols: xs.len(), rows: ys.len(), window, xs, ys };
        (x_seam.max(y_seam), tiling)
    };
    let (a, b) = (layout(paper), layout(paper.landscape()));
    let key = |(seam, t): &(Seam, Tiling)| (seam.rank(), t.cols * t.rows, *seam);
    if key(&b) < key(&a) {
        b.1
    } else {
        a.1
    }
}

/// The page of `drawing` cut into tiles of `tile_paper`: each prints its window of the page
/// (clipped to the area inside the safe margin) with the texts lying wholly inside it,
/// registration crosses in the overlaps, a caption with the footer message `footer_key` (given
/// `{tile}`: `map.tile_footer` for maps) and a small diagram of where it goes.
pub(crate) fn tiles_as(
    ctx: &mut Ctx<'_>,
    drawing: &Drawing<'_>,
    extents: &[Extent],
    tile_paper: Paper,
    footer_key: &str,
) -> Vec<Page> {
    tiles_where(ctx, drawing, extents, tile_paper, footer_key, &|_| true).into_iter().map(|(_, page)| page).collect()
}

/// A tile's name: its row as a letter, its column as a number (`A1`, `B2` …).
pub(crate) fn tile_name(col: usize, row: usize) -> String {
    format!("{}{}", (b'A' + row as u8) as char, col + 1)
}

/// [`tiles_as`], keeping only the tiles whose window on the page `keep` accepts (errata reprint
/// the tiles a change lies on), each with its name; the tiling is the one the full set has.
pub(crate) fn tiles_where(
    ctx: &mut Ctx<'_>,
    drawing: &Drawing<'_>,
    extents: &[Extent],
    tile_paper: Paper,
    footer_key: &str,
    keep: &dyn Fn(Extent) -> bool,
) -> Vec<(String, Page)> {
    let t = choose_tiling(ctx, drawing, extents, tile_paper);
    let mut out = Vec::new();
    for row in 0..t.rows {
        for col in 0..t.cols {
            if !keep(t.window_on_page(col, row)) {
                continue;
            }
            let name = tile_name(col, row);
            let mut c = ctx.canvas((t.paper.width, t.paper.height), Owner::new(format!("map tile {name}"), None));
            let (wx, wy, vw, vh) = t.window;
            let window = t.window_on_page(col, row);
            c.raw(&format!(
                r#"<defs><clipPath id="tile-window"><rect x="{}" y="{}" width="{}" height="{}"/></clipPath></defs><g clip-path="url(#tile-window)">"#,
                mm(wx),
                mm(wy),
                mm(vw),
                mm(vh)
            ));
            c.group(wx - window.0, wy - window.1, 1.0);
            // The board's tone under the drawing, as on the full-size sheet (clipped to the window).
            let (w, h) = drawing.size;
            c.raw(&format!(r#"<rect x="0" y="0" width="{}" height="{}" fill="{}"/>"#, mm(w), mm(h), super::pen::BOARD));
            (drawing.draw)(ctx, &mut Pen::new(&mut c, Some(window)));
            c.end_group();
            c.raw("</g>");
            registration(&mut c, &t, (col, row));
            caption(&mut c, ctx, &t, (col, row), &name);
            let what = ctx.msg.fill_first(footer_key, &[("tile", &name)]);
            out.push((name, ctx.finish(c, &what)));
        }
    }
    out
}

/// The marks in the band around a tile's window. A tile is laid over the tiles to its left and
/// above: it is cut along its left and top window edges (a cut mark at each end, in the band),
/// and its right and bottom neighbours' cut edges go where the overlap begins (a triangle at each
/// end pointing at that line). All of them lie outside the window.
fn registration(c: &mut Canvas<'_>, t: &Tiling, (col, row): (usize, usize)) {
    let (wx, wy, vw, vh) = t.window;
    let (left, top, right, bottom) = (wx, wy, wx + vw, wy + vh);
    let mut s = String::from(r##"<g class="registration" stroke="#000000" stroke-width="0.2" fill="#000000">"##);
    let mut line = |(x0, y0): (f64, f64), (x1, y1): (f64, f64)| {
        let _ = write!(s, r#"<path d="M{} {} L{} {}"/>"#, mm(x0), mm(y0), mm(x1), mm(y1));
    };
    // Cut marks: the edges this tile is cut along.
    let (near, far) = (0.5, MARKS - 0.5);
    if col > 0 {
        line((left, top - far), (left, top - near));
        line((left, bottom + near), (left, bottom + far));
    }
    if row > 0 {
        line((left - far, top), (left - near, top));
        line((right + near, top), (right + far, top));
    }
    // Placement marks: where the neighbour's cut edge goes, a triangle pointing at the line.
    let mut triangle = |tip: (f64, f64), (dx, dy): (f64, f64)| {
        // The base 2.2 mm back from the tip, 2.4 mm wide.
        let (bx, by) = (tip.0 + dx * 2.2, tip.1 + dy * 2.2);
        let (a, b) = ((bx - dy * 1.2, by - dx * 1.2), (bx + dy * 1.2, by + dx * 1.2));
        let _ = write!(
            s,
            r#"<path d="M{} {} L{} {} L{} {} Z" stroke="none"/><path d="M{} {} L{} {}"/>"#,
            mm(tip.0),
            mm(tip.1),
            mm(a.0),
            mm(a.1),
            mm(b.0),
            mm(b.1),
            mm(tip.0),
            mm(tip.1),
            mm(tip.0 + dx * far),
            mm(tip.1 + dy * far)
        );
    };
    let (over_x, over_y) = t.overlaps(col, row);
    if col + 1 < t.cols {
        let x = right - over_x;
        triangle((x, top - near), (0.0, -1.0));
        triangle((x, bottom + near), (0.0, 1.0));
    }
    if row + 1 < t.rows {
        let y = bottom - over_y;
        triangle((left - near, y), (-1.0, 0.0));
        triangle((right + near, y), (1.0, 0.0));
    }
    s.push_str("</g>");
    c.raw(&s);
}

/// The caption band under the window: what the tile is and how to join it, and the assembly
/// diagram (a small grid with this tile filled) at its right.
fn caption(c: &mut Canvas<'_>, ctx: &Ctx<'_>, t: &Tiling, (col, row): (usize, usize), name: &str) {
    let (wx, wy, vw, vh) = t.window;
    let top = wy + vh + MARKS;
    let cell = (4.0, 2.6);
    let diagram_w = t.cols as f64 * cell.0;
    let (dx, dy) = (wx + vw - diagram_w, top + (CAPTION - 1.0 - t.rows as f64 * cell.1) / 2.0);
    let mut s = String::new();
    for r in 0..t.rows {
        for k in 0..t.cols {
            let fill = if (r, k) == (row, col) { "#333333" } else { "#ffffff" };
            let _ = write!(
                s,
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="#333333" stroke-width="0.15"/>"##,
                mm(dx + k as f64 * cell.0),
                mm(dy + r as f64 * cell.1),
                mm(cell.0),
                mm(cell.1)
            );
        }
    }
    c.raw(&s);
    let (rows, cols) = (t.rows.to_string(), t.cols.to_string());
    let text = ctx.msg.fill("map.tile_caption", &[("tile", name), ("rows", &rows), ("cols", &cols)]);
    let owner = Owner::new(format!("map tile {name}"), None);
    c.text(
        TextBox::new(&text, wx, top, vw - diagram_w - 3.0, CAPTION - 1.0)
            .size(7.0)
            .min(6.0)
            .lines(2)
            .leading(1.15)
            .valign(VAlign::Middle)
            .fill("#333333")
            .of(&owner),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::MapKind;
    use crate::render::maps::hex::hex_drawing;
    use crate::render::maps::pen::{holds, meets, page};
    use crate::text::Fonts;

    use crate::load::example_pack_for_tests as load;

    #[test]
    fn every_text_of_a_tiled_map_is_whole_on_some_tile_and_its_cut_parts_are_outlines() {
        let fonts = Fonts::embedded();
        for name in ["dougram", "twilight-struggle"] {
            let pack = load(name);
            let map = pack.map.as_ref().unwrap();
            let mut ctx = Ctx::new(&pack, &fonts);
            let drawing = match map.kind {
                MapKind::Hex => hex_drawing(&ctx, map, Paper::A3).unwrap(),
                MapKind::Area => crate::render::maps::area::drawing(&ctx, map, Paper::A3),
            };
            let (_, extents, _) = page(&mut ctx, &drawing);
            assert!(extents.len() > 50, "{name}: {} texts", extents.len());
            let tiling = choose_tiling(&ctx, &drawing, &extents, Paper::A4);
            for (starts, view) in [(&tiling.xs, tiling.window.2), (&tiling.ys, tiling.window.3)] {
                assert!(starts.windows(2).all(|p| p[0] + view - p[1] >= MIN_OVERLAP - 1e-9), "{name}: {tiling:?}");
            }
            for e in &extents {
                assert!(tiling.shows_whole(e), "{name}: a text at {e:?} is whole on no tile of {tiling:?}");
            }
            // No seam runs through an area box or a track.
            let cut: Vec<&Extent> = drawing.uncut.iter().filter(|e| tiling.cuts(e)).collect();
            assert!(cut.is_empty(), "{name}: seams cut {cut:?} of {tiling:?}");
            let tiles = tiles_as(&mut ctx, &drawing, &extents, Paper::A4, "map.tile_footer");
            assert_eq!(tiles.len(), tiling.cols * tiling.rows);
            // Every text a tile's window cuts is drawn there as outlines (the window clips them),
            // so the tile laid over the one printing it whole carries the text on.
            let mut outlined = 0;
            for (i, tile) in tiles.iter().enumerate() {
                let w = tiling.window_on_page(i % tiling.cols, i / tiling.cols);
                let cut = extents.iter().filter(|e| meets(&w, e) && !holds(&w, e)).count();
                assert_eq!(tile.svg.text().matches(r#"<path class="outlined""#).count(), cut, "{name}: tile {i}");
                outlined += cut;
            }
            assert!(outlined > 0, "{name}: no seam crosses a text");
            // The page checks saw every tile: nothing in the margin, nothing over anything.
            assert!(ctx.warnings.is_empty(), "{name}: {:?}", ctx.warnings);
        }
    }
}
