//! The game's tracks on the area map, as a published board prints its turn, score and DEFCON
//! tracks: in the column under the key, at the size of their markers, each track whole, in the
//! pack's order, as many as the room under the key holds (a later, shorter one may still go
//! there); those left over in free room of the field, nearest its foot, clear of the boxes, the
//! links and the region labels (a track with room in neither is left to the track pages). A tile
//! seam never runs through a track on the board: their extents are kept uncut, like the area
//! boxes. The track pages keep every track at its markers' size, for a board printed smaller.

use crate::model::{Map, Track};
use crate::render::maps::area::labels;
use crate::render::maps::area::routing::Route;
use crate::render::maps::pen::{Extent, Pen};
use crate::render::page::canvas::{Canvas, Owner};
use crate::render::tables::tracks;
use crate::render::Ctx;

/// The room kept between two tracks and under the key, mm.
const GAP: f64 = 6.0;
/// The room a track in the field keeps from the boxes, links and labels round it, mm.
const CLEARANCE: f64 = 4.0;

/// A track placed on the board: which (its index in the pack's tracks), and its extent on the
/// page.
pub(crate) struct OnBoard {
    pub(crate) track: usize,
    pub(crate) extent: Extent,
}

/// Where the pack's tracks go in the column from `x`, `width` wide, between `top` (the key's
/// foot) and `bottom` (the page's safe area), mm; and the tracks it has no room for.
pub(crate) fn place(ctx: &Ctx<'_>, (x, width): (f64, f64), top: f64, bottom: f64) -> (Vec<OnBoard>, Vec<usize>) {
    let mut y = top + GAP;
    let (mut out, mut left) = (Vec::new(), Vec::new());
    for (index, track) in ctx.pack.tracks.iter().enumerate() {
        // Measured by drawing it on a scratch page as tall as the column.
        let mut scratch = Canvas::new(ctx.fonts, (x + width + 1.0, bottom + 1.0), 0.0, Owner::default());
        let below = tracks::on_sheet(&mut scratch, ctx, track, (x, y), width);
        if below <= bottom {
            out.push(OnBoard { track: index, extent: (x, y, x + width, below) });
            y = below + GAP;
        } else {
            left.push(index);
        }
    }
    (out, left)
}

/// Where the tracks `left` go in the field of `map` (boxes at `at`, links along `routes`, region
/// labels in `taken`), each `width` mm wide, in the field's own coordinates: a free spot each,
/// nearest the field's foot; a track with none is left out.
pub(crate) fn in_field(
    ctx: &Ctx<'_>,
    (map, at, routes): (&Map, &[(f64, f64)], &[Route]),
    taken: &[Extent],
    left: &[usize],
    width: f64,
) -> Vec<OnBoard> {
    let field = map.area.field_mm;
    let mut taken = taken.to_vec();
    let mut out = Vec::new();
    for &index in left {
        let mut scratch = Canvas::new(ctx.fonts, (width + 1.0, field.1 + 1.0), 0.0, Owner::default());
        let height = tracks::on_sheet(&mut scratch, ctx, &ctx.pack.tracks[index], (0.0, 0.0), width);
        let spot = labels::free_spot((field, map.area.box_mm), at, routes, &taken, ((width, height), CLEARANCE));
        if let Some(extent) = spot {
            taken.push(extent);
            out.push(OnBoard { track: index, extent });
        }
    }
    out
}

/// Draws the placed tracks; on a tile, those lying wholly inside it.
pub(crate) fn draw(pen: &mut Pen<'_, '_>, ctx: &Ctx<'_>, placed: &[OnBoard]) {
    for p in placed {
        let (x, y, right, _) = p.extent;
        let track: &Track = &ctx.pack.tracks[p.track];
        pen.whole(p.extent, |c| {
            tracks::on_sheet(c, ctx, track, (x, y), right - x);
        });
    }
}
