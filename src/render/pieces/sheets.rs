//! Sheets: faces placed on pages by an [`Imposition`], with crop marks, a footer inside the safe
//! margin and, for duplex, a mirrored back page after each front page that duplex printing needs
//! one behind (`backs.rs` decides which). Every text these pages print goes through the [`Canvas`].

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Arc;

use crate::layout::{Art, CropMark, Imposition, Paper, PrintBoxes, Rect, Sides};
use crate::render::page::canvas::{Canvas, Owner};
use crate::render::page::mm;
use crate::render::page::Page;
use crate::render::pieces::backs::back_pages;
use crate::render::pieces::faces::Face;
use crate::render::pieces::provisional;
use crate::render::Ctx;

/// A piece to print: its front and back faces (shared strings for identical pieces).
pub(crate) struct Piece<'a> {
    pub(crate) front: &'a Face,
    pub(crate) back: Option<&'a Face>,
}

/// The words of a sheet's footer after the title and edition: the product, the sheet's number
/// and which side it is (`counters · sheet 1/2 · front`).
pub(crate) fn sheet_footer(ctx: &Ctx<'_>, kind: &str, sheet: usize, sheets: usize, side: Side) -> String {
    let (n, of) = (sheet.to_string(), sheets.to_string());
    let number = ctx.msg.fill_first("common.sheet_of", &[("n", &n), ("of", &of)]);
    let side = match side {
        Side::Front => ctx.msg.first("common.front"),
        Side::Back => ctx.msg.first("common.back"),
        Side::Fold => ctx.msg.first("common.fold"),
    };
    format!("{kind} · {number} · {side}")
}

/// How a duplex sheet is turned over, when it is not the usual way: a landscape page's backs are
/// mirrored left to right, which the printer matches only when it flips the paper on its short edge.
pub(crate) fn flip_hint(ctx: &Ctx<'_>, sides: Sides, paper: Paper) -> String {
    if sides == Sides::Duplex && paper.is_landscape() {
        format!(" · {}", ctx.msg.first("common.short_edge"))
    } else {
        String::new()
    }
}

/// Which side of the paper a page is.
#[derive(Clone, Copy)]
pub(crate) enum Side {
    Front,
    Back,
    Fold,
}

/// The faces of one document drawn on their own, by face id: each made once.
#[derive(Default)]
pub(crate) struct Arts(BTreeMap<String, Arc<Art>>);

impl Arts {
    /// `face`'s art, made the first time it is asked for.
    pub(crate) fn of(&mut self, face: &Face) -> Arc<Art> {
        let art = || Art {
            elements: face.svg.clone(),
            view: (-face.bleed, -face.bleed, face.w + 2.0 * face.bleed, face.h + 2.0 * face.bleed),
        };
        self.0.entry(face.id.clone()).or_insert_with(|| Arc::new(art())).clone()
    }
}

/// Places a face's SVG with its trim box at `trim`, clipped to `clip` (its bleed box).
fn place(c: &mut Canvas<'_>, (face, arts): (&Face, &mut Arts), trim: Rect, clip: Rect) {
    let (vx, vy) = (mm(clip.x - trim.x), mm(clip.y - trim.y));
    let open = format!(
        r#"<svg x="{}" y="{}" width="{}" height="{}" viewBox="{vx} {vy} {} {}">"#,
        mm(clip.x),
        mm(clip.y),
        mm(clip.w),
        mm(clip.h),
        mm(clip.w),
        mm(clip.h),
    );
    c.place(&arts.of(face), &open, (trim.x - face.bleed, trim.y - face.bleed), clip);
}

/// Hairlines along the cut edges of pieces set edge to edge (counters, chits: no gutter), so a
/// white or pale piece on white paper still shows where to cut; the crop marks only reach the
/// grid's outer edges. Half of each line is cut away with each neighbour.
fn cut_lines(c: &mut Canvas<'_>, imp: &Imposition, trims: &[Rect]) {
    if imp.gutter > 0.0 || trims.is_empty() {
        return;
    }
    let mut s = String::from(r##"<g class="cut-lines" stroke="#8c8c8c" stroke-width="0.1" fill="none">"##);
    for t in trims {
        let _ = write!(s, r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#, mm(t.x), mm(t.y), mm(t.w), mm(t.h));
    }
    s.push_str("</g>");
    c.raw(&s);
}

fn marks(c: &mut Canvas<'_>, marks: &[CropMark]) {
    let mut s = String::from(r##"<g class="crop-marks" stroke="#000000" stroke-width="0.15" fill="none">"##);
    for m in marks {
        let _ = write!(s, r#"<path d="M{} {} L{} {}"/>"#, mm(m.x1), mm(m.y1), mm(m.x2), mm(m.y2));
    }
    s.push_str("</g>");
    c.raw(&s);
}

/// Lays `pieces` out on pages: front pages, each followed by its mirrored back page when
/// `sides` is duplex and duplex printing needs it ([`back_pages`]; every sheet with
/// `blank_backs`); for gutter-fold, fronts and backs share each page. `kind` names the product in
/// the footer.
pub(crate) fn pages(
    ctx: &mut Ctx<'_>,
    (imp, arts): (&Imposition, &mut Arts),
    pieces: &[Piece<'_>],
    offset: (f64, f64),
    kind: &str,
    blank_backs: bool,
) -> Vec<Page> {
    let per = imp.per_page();
    let sheets = pieces.len().div_ceil(per).max(1);
    let has_back: Vec<bool> = pieces.chunks(per).map(|c| c.iter().any(|p| p.back.is_some_and(|b| !b.plain))).collect();
    let with_back = back_pages(&has_back, blank_backs);
    let size = (imp.paper.width, imp.paper.height);
    let mut out = Vec::new();
    for (n, chunk) in pieces.chunks(per).enumerate() {
        let filled = chunk.len();
        // Every slot's cut (trim) and bleed box, computed once: they place the faces and make the
        // page's print boxes.
        let front_trims: Vec<Rect> = (0..filled).map(|i| imp.front(i)).collect();
        let front_bleeds: Vec<Rect> = (0..filled).map(|i| imp.bleed_box(i, filled)).collect();
        let back_trims: Vec<Rect> = (0..filled).map(|i| imp.back(i, offset)).collect();
        let back_bleeds: Vec<Rect> = (0..filled).map(|i| imp.back_bleed_box(i, filled, offset)).collect();
        let mut front = ctx.canvas(size, Owner::new(format!("{kind} sheet {}", n + 1), None));
        for (i, piece) in chunk.iter().enumerate() {
            place(&mut front, (piece.front, &mut *arts), front_trims[i], front_bleeds[i]);
        }
        let mut front_marks = imp.crop_marks(filled, None);
        let (mut trims, mut bleeds) = (front_trims, front_bleeds);
        if imp.sides == Sides::Fold {
            for (i, piece) in chunk.iter().enumerate() {
                if let Some(back) = piece.back {
                    place(&mut front, (back, &mut *arts), back_trims[i], back_bleeds[i]);
                }
            }
            let fold = imp.fold_x();
            front.raw(&format!(
                r##"<path class="fold" d="M{} {} L{} {}" stroke="#888888" stroke-width="0.2" stroke-dasharray="2 1.5"/>"##,
                mm(fold),
                mm(imp.top - 4.0),
                mm(fold),
                mm(imp.top + imp.rows as f64 * (imp.face_h + imp.gutter))
            ));
            front_marks.extend(imp.crop_marks(filled, Some((0.0, 0.0))));
            trims.extend(&back_trims);
            bleeds.extend(&back_bleeds);
        }
        cut_lines(&mut front, imp, &trims);
        marks(&mut front, &front_marks);
        let side = if imp.sides == Sides::Fold { Side::Fold } else { Side::Front };
        let what = sheet_footer(ctx, kind, n + 1, sheets, side) + &flip_hint(ctx, imp.sides, imp.paper);
        let backs = chunk.iter().filter_map(|p| p.back).filter(|_| imp.sides == Sides::Fold);
        let shown: Vec<&Face> = chunk.iter().map(|p| p.front).chain(backs).collect();
        provisional::record(ctx, &shown, n + 1);
        out.push(Page { boxes: PrintBoxes::around(trims, bleeds), ..ctx.finish(front, &what) });
        if imp.sides == Sides::Duplex && with_back[n] {
            let mut back = ctx.canvas(size, Owner::new(format!("{kind} sheet {} back", n + 1), None));
            for (i, piece) in chunk.iter().enumerate() {
                if let Some(face) = piece.back {
                    place(&mut back, (face, &mut *arts), back_trims[i], back_bleeds[i]);
                }
            }
            let back_marks = imp.crop_marks(filled, Some(offset));
            marks(&mut back, &back_marks);
            let what = sheet_footer(ctx, kind, n + 1, sheets, Side::Back) + &flip_hint(ctx, imp.sides, imp.paper);
            let shown: Vec<&Face> = chunk.iter().filter_map(|p| p.back).collect();
            provisional::record(ctx, &shown, n + 1);
            // The back's boxes mirror the whole front grid: the sheet is cut once, through both.
            let boxes = PrintBoxes::around(back_trims, back_bleeds);
            out.push(Page { back: true, boxes, ..ctx.finish(back, &what) });
        }
    }
    out
}
