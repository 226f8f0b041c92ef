//! A map page cut into overlapping tiles for smaller paper: each tile prints its window of the
//! page with the texts lying wholly inside it, cut and placement marks in a band around the
//! window (never over the map), a caption and a small assembly diagram. The overlap is chosen so
//! that every text lies wholly inside at least one tile, so no word is ever cut by a tile's edge.

use std::fmt::Write;

use crate::layout::Paper;
use crate::render::maps::pen::{Drawing, Extent, Pen};
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

/// How a page is cut into tiles.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Tiling {
    /// The tile paper (portrait or landscape).
    pub(crate) paper: Paper,
    /// Columns and rows.
    pub(crate) cols: usize,
    /// Rows.
    pub(crate) rows: usize,
    /// The overlap between neighbours, mm.
    pub(crate) overlap: f64,
    /// The printable window of a tile: its left and top on the tile, its width and height.
    pub(crate) window: (f64, f64, f64, f64),
    /// The part of the page the tiles cover: its left and top.
    pub(crate) origin: (f64, f64),
}

impl Tiling {
    /// The part of the page tile (`col`, `row`) prints.
    pub(crate) fn window_on_page(&self, col: usize, row: usize) -> Extent {
        let (_, _, vw, vh) = self.window;
        let x = self.origin.0 + col as f64 * (vw - self.overlap);
        let y = self.origin.1 + row as f64 * (vh - self.overlap);
        (x, y, x + vw, y + vh)
    }

    /// Whether a seam crosses `e`: a tile's cut left or top edge (where it lies over its
    /// neighbour) passing through it.
    fn cuts(&self, e: &Extent) -> bool {
        let across = |lo: f64, hi: f64, at: f64| lo + 1e-6 < at && at < hi - 1e-6;
        (1..self.cols).any(|col| across(e.0, e.2, self.window_on_page(col, 0).0))
            || (1..self.rows).any(|row| across(e.1, e.3, self.window_on_page(0, row).1))
    }

    /// Whether `e` lies wholly inside at least one tile.
    pub(crate) fn shows_whole(&self, e: &Extent) -> bool {
        (0..self.rows).any(|row| {
            (0..self.cols).any(|col| {
                let w = self.window_on_page(col, row);
                w.0 <= e.0 && w.1 <= e.1 && e.2 <= w.2 && e.3 <= w.3
            })
        })
    }
}

/// How to cut `content` (left, top, right, bottom of the page's printed part) into tiles of
/// `paper` with `overlap`: portrait or landscape, whichever needs fewer tiles.
fn tiling(ctx: &Ctx<'_>, content: Extent, paper: Paper, overlap: f64) -> Tiling {
    let layout = |p: Paper| {
        let (x, y, w, h) = ctx.canvas((p.width, p.height), Owner::default()).area();
        let window = (x + MARKS, y + MARKS, w - 2.0 * MARKS, h - CAPTION - 2.0 * MARKS);
        let n = |total: f64, view: f64| ((total - overlap) / (view - overlap)).ceil().max(1.0) as usize;
        let (cols, rows) = (n(content.2 - content.0, window.2), n(content.3 - content.1, window.3));
        Tiling { paper: p, cols, rows, overlap, window, origin: (content.0, content.1) }
    };
    let (a, b) = (layout(paper), layout(paper.landscape()));
    if b.cols * b.rows < a.cols * a.rows {
        b
    } else {
        a
    }
}

/// The tiling of `drawing`'s page whose texts lie at `extents`: of the overlaps from 10 mm (in
/// half millimetres) at which every text lies wholly inside some tile, so no tile needs to print a
/// cut word, one whose seams cross none of the drawing's uncut parts (a mat's card slots, an area
/// map's boxes) if there is one, else one crossing fewest; failing all, the least overlap.
pub(crate) fn choose_tiling(ctx: &Ctx<'_>, drawing: &Drawing<'_>, extents: &[Extent], paper: Paper) -> Tiling {
    let safe = ctx.pack.print.safe_margin;
    let content = (safe, safe, drawing.size.0 - safe, drawing.size.1 - safe);
    let tries: Vec<Tiling> = (0..120).map(|i| tiling(ctx, content, paper, MIN_OVERLAP + 0.5 * f64::from(i))).collect();
    // Of those whose texts are whole: one whose seams cross nothing uncut, else the one that
    // crosses fewest; then the fewest tiles; then the least overlap (the first such).
    let cut = |t: &Tiling| drawing.uncut.iter().filter(|e| t.cuts(e)).count();
    tries
        .iter()
        .filter(|t| extents.iter().all(|e| t.shows_whole(e)))
        .min_by_key(|t| (cut(t) > 0, t.cols * t.rows, cut(t)))
        .copied()
        .unwrap_or_else(|| tiling(ctx, content, paper, MIN_OVERLAP))
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
    if col + 1 < t.cols {
        let x = right - t.overlap;
        triangle((x, top - near), (0.0, -1.0));
        triangle((x, bottom + near), (0.0, 1.0));
    }
    if row + 1 < t.rows {
        let y = bottom - t.overlap;
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
    let (rows, cols, overlap) = (t.rows.to_string(), t.cols.to_string(), t.overlap.to_string());
    let text =
        ctx.msg.fill("map.tile_caption", &[("tile", name), ("rows", &rows), ("cols", &cols), ("overlap", &overlap)]);
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
    use crate::model::{MapKind, Pack};
    use crate::render::maps::hex::hex_drawing;
    use crate::render::maps::pen::page;
    use crate::text::Fonts;

    fn load(name: &str) -> Pack {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(name);
        let (pack, diags) = crate::load::pack(&dir, &mut crate::diag::Sources::default());
        assert!(diags.iter().all(|d| d.severity != crate::diag::Severity::Error), "{diags:?}");
        pack
    }

    #[test]
    fn every_text_of_a_tiled_map_is_whole_on_some_tile_and_no_tile_prints_a_cut_word() {
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
            assert!(tiling.overlap >= MIN_OVERLAP);
            for e in &extents {
                assert!(tiling.shows_whole(e), "{name}: a text at {e:?} is whole on no tile of {tiling:?}");
            }
            let tiles = tiles_as(&mut ctx, &drawing, &extents, Paper::A4, "map.tile_footer");
            assert_eq!(tiles.len(), tiling.cols * tiling.rows);
            // The page checks saw every tile: nothing in the margin, nothing over anything.
            assert!(ctx.warnings.is_empty(), "{name}: {:?}", ctx.warnings);
        }
    }
}
