//! Sheets: faces placed on pages by an [`Imposition`], with crop marks, a footer inside the safe
//! margin and, for duplex, a mirrored back page after each front page; plus the duplex
//! calibration page. Every text these pages print goes through the [`Canvas`].

use std::fmt::Write;

use super::canvas::{Align, Canvas, Owner, TextBox, VAlign};
use super::faces::Face;
use super::templates::mm;
use super::Ctx;
use crate::layout::{CropMark, Imposition, Paper, Rect, Sides};
use crate::text::FAMILY;

/// One page of a document, as a complete SVG.
#[derive(Clone, Debug)]
pub struct Page {
    /// The SVG text (width and height in mm, user units in mm).
    pub svg: String,
    /// Whether this is the back of the page before it.
    pub back: bool,
}

/// A piece to print: its front and back faces (shared strings for identical pieces).
pub(crate) struct Piece<'a> {
    pub(crate) front: &'a Face,
    pub(crate) back: Option<&'a Face>,
}

/// The words of a sheet's footer after the title and edition: the product, the sheet's number
/// and which side it is (`counters · sheet 1/2 · front`).
fn sheet_footer(ctx: &Ctx<'_>, kind: &str, sheet: usize, sheets: usize, side: Side) -> String {
    let (n, of) = (sheet.to_string(), sheets.to_string());
    let number = ctx.msg.fill_first("common.sheet_of", &[("n", &n), ("of", &of)]);
    let side = match side {
        Side::Front => ctx.msg.first("common.front"),
        Side::Back => ctx.msg.first("common.back"),
        Side::Fold => ctx.msg.first("common.fold"),
    };
    format!("{kind} · {number} · {side}")
}

/// Which side of the paper a page is.
#[derive(Clone, Copy)]
enum Side {
    Front,
    Back,
    Fold,
}

/// Places a face's SVG with its trim box at `trim`, clipped to `clip` (its bleed box).
fn place(c: &mut Canvas<'_>, face: &Face, trim: Rect, clip: Rect) {
    let (vx, vy) = (mm(clip.x - trim.x), mm(clip.y - trim.y));
    c.raw(&format!(
        r#"<svg x="{}" y="{}" width="{}" height="{}" viewBox="{vx} {vy} {} {}">{}</svg>"#,
        mm(clip.x),
        mm(clip.y),
        mm(clip.w),
        mm(clip.h),
        mm(clip.w),
        mm(clip.h),
        face.svg
    ));
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
/// `sides` is duplex; for gutter-fold, fronts and backs share each page. `kind` names the
/// product in the footer.
pub(crate) fn pages(
    ctx: &mut Ctx<'_>,
    imp: &Imposition,
    pieces: &[Piece<'_>],
    offset: (f64, f64),
    kind: &str,
) -> Vec<Page> {
    let per = imp.per_page();
    let sheets = pieces.len().div_ceil(per).max(1);
    let size = (imp.paper.width, imp.paper.height);
    let mut out = Vec::new();
    for (n, chunk) in pieces.chunks(per).enumerate() {
        let mut front = ctx.canvas(size, Owner::new(format!("{kind} sheet {}", n + 1), None));
        for (i, piece) in chunk.iter().enumerate() {
            place(&mut front, piece.front, imp.front(i), imp.bleed_box(i, chunk.len()));
        }
        if imp.sides == Sides::Fold {
            for (i, piece) in chunk.iter().enumerate() {
                if let Some(back) = piece.back {
                    place(&mut front, back, imp.back(i, offset), imp.back_bleed_box(i, chunk.len(), offset));
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
            let mut all = imp.crop_marks(chunk.len(), None);
            all.extend(imp.crop_marks(chunk.len(), Some((0.0, 0.0))));
            marks(&mut front, &all);
        } else {
            marks(&mut front, &imp.crop_marks(chunk.len(), None));
        }
        let side = if imp.sides == Sides::Fold { Side::Fold } else { Side::Front };
        let mut what = sheet_footer(ctx, kind, n + 1, sheets, side);
        let backs = chunk.iter().filter_map(|p| p.back).filter(|_| imp.sides == Sides::Fold);
        let shown: Vec<&Face> = chunk.iter().map(|p| p.front).chain(backs).collect();
        provisional_note(ctx, &mut front, imp, (chunk.len(), None), &shown, (n + 1, &mut what));
        out.push(ctx.finish(front, &what));
        if imp.sides == Sides::Duplex && chunk.iter().any(|p| p.back.is_some()) {
            let mut back = ctx.canvas(size, Owner::new(format!("{kind} sheet {} back", n + 1), None));
            for (i, piece) in chunk.iter().enumerate() {
                if let Some(face) = piece.back {
                    let trim = imp.back(i, offset);
                    place(&mut back, face, trim, imp.back_bleed_box(i, chunk.len(), offset));
                }
            }
            marks(&mut back, &imp.crop_marks(chunk.len(), Some(offset)));
            let mut what = sheet_footer(ctx, kind, n + 1, sheets, Side::Back);
            let shown: Vec<&Face> = chunk.iter().filter_map(|p| p.back).collect();
            provisional_note(ctx, &mut back, imp, (chunk.len(), Some(offset)), &shown, (n + 1, &mut what));
            out.push(Page { back: true, ..ctx.finish(back, &what) });
        }
    }
    out
}

/// The note naming the pieces of `shown` that carry provisional values, below the crop marks of
/// the `filled` slots (`back` offset for a back page) of sheet `sheet`; when the margin has no
/// room for it, a count joins the footer's `what`.
fn provisional_note(
    ctx: &mut Ctx<'_>,
    c: &mut Canvas<'_>,
    imp: &Imposition,
    (filled, back): (usize, Option<(f64, f64)>),
    shown: &[&Face],
    (sheet, what): (usize, &mut String),
) {
    let mut all = imp.crop_marks(filled, back);
    if imp.sides == Sides::Fold {
        all.extend(imp.crop_marks(filled, Some((0.0, 0.0))));
    }
    let below = all.iter().map(|m| m.y1.max(m.y2)).fold(0.0, f64::max);
    let short = super::provisional::sheet_note(ctx, c, shown, below, sheet);
    if !short.is_empty() {
        what.push_str(" · ");
        what.push_str(&short);
    }
}

/// The duplex calibration sheet on `paper`: a crosshair and rulers on the front, the same
/// crosshair mirrored on the back. Printed duplex and held against the light, the back
/// crosshair's position on the front rulers is the printer's back offset.
pub(crate) fn calibration(ctx: &mut Ctx<'_>, paper: Paper) -> Vec<Page> {
    let (w, h) = (paper.width, paper.height);
    let (cx, cy) = (w / 2.0, h / 2.0);
    let kind = ctx.msg.first("products.calibration");
    let mut pages = Vec::new();
    for back in [false, true] {
        let mut c = ctx.canvas((w, h), Owner::new("calibration sheet", None));
        crosshair(&mut c, (cx, cy), !back);
        if !back {
            ruler_numbers(&mut c, (cx, cy));
        }
        let how = if back { ctx.msg.text("calibration.back") } else { ctx.msg.text("calibration.front") };
        let (x, y, aw, _) = c.area();
        let owner = Owner::new("calibration instructions", None);
        let laid = c.text(
            TextBox::new(&ctx.msg.text("calibration.title"), x + 10.0, y + 15.0, aw - 20.0, 8.0)
                .size(12.0)
                .bold()
                .align(Align::Middle)
                .of(&owner),
        );
        c.text(
            TextBox::new(&how, x + 20.0, laid.bottom + 3.0, aw - 40.0, 50.0).size(9.0).align(Align::Middle).of(&owner),
        );
        let side = if back { Side::Back } else { Side::Front };
        let what = sheet_footer(ctx, &kind, 1, 1, side);
        let page = ctx.finish(c, &what);
        pages.push(Page { back, ..page });
    }
    pages
}

/// The crosshair at `(cx, cy)` (on the mirror axis, so front and back coincide on a perfect
/// printer), with rulers along its lines when `rulers`: ticks every 0.5 mm, longer at 1 mm and
/// 5 mm, so the back's crosshair, seen through the paper, is read off directly.
fn crosshair(c: &mut Canvas<'_>, (cx, cy): (f64, f64), rulers: bool) {
    let mut s = String::from(r##"<g stroke="#000000" fill="none">"##);
    let _ = write!(
        s,
        r#"<path d="M{} {cy} L{} {cy} M{cx} {} L{cx} {}" stroke-width="0.2"/>"#,
        cx - 40.0,
        cx + 40.0,
        cy - 40.0,
        cy + 40.0
    );
    let _ = write!(s, r#"<circle cx="{cx}" cy="{cy}" r="2.5" stroke-width="0.2"/>"#);
    if rulers {
        for i in -40..=40 {
            let len = if i % 10 == 0 {
                3.0
            } else if i % 2 == 0 {
                1.8
            } else {
                1.0
            };
            let d = f64::from(i) * 0.5;
            let _ =
                write!(s, r#"<path d="M{} {cy} L{} {}" stroke-width="0.08"/>"#, mm(cx + d), mm(cx + d), mm(cy + len));
            let _ =
                write!(s, r#"<path d="M{cx} {} L{} {}" stroke-width="0.08"/>"#, mm(cy + d), mm(cx + len), mm(cy + d));
        }
    }
    s.push_str("</g>");
    c.raw(&s);
}

/// The rulers' numbers every 5 mm: the horizontal ruler's below its ticks, the vertical ruler's
/// left of its line, so the two never meet near the centre.
fn ruler_numbers(c: &mut Canvas<'_>, (cx, cy): (f64, f64)) {
    let owner = Owner::new("calibration rulers", None);
    for i in (-20..=20).step_by(5).filter(|i| *i != 0) {
        let (d, label) = (f64::from(i), i.to_string());
        c.text(TextBox::new(&label, cx + d - 3.0, cy + 3.4, 6.0, 2.6).fixed(6.0).align(Align::Middle).of(&owner));
        c.text(
            TextBox::new(&label, cx - 7.2, cy + d - 1.3, 6.0, 2.6)
                .fixed(6.0)
                .align(Align::End)
                .valign(VAlign::Middle)
                .of(&owner),
        );
    }
}

/// A face on its own, with its bleed, for PNG previews.
pub(crate) fn standalone(face: &Face) -> String {
    let (w, h) = (mm(face.w + 2.0 * face.bleed), mm(face.h + 2.0 * face.bleed));
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="{} {} {w} {h}" font-family="{FAMILY}">{}</svg>"#,
        mm(-face.bleed),
        mm(-face.bleed),
        face.svg
    )
}

/// Escapes text for SVG.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Pack;
    use crate::text::Fonts;

    #[test]
    fn the_calibration_sheet_keeps_its_words_apart_and_inside_the_safe_margin() {
        let fonts = Fonts::embedded();
        let mut pack = Pack::default();
        pack.print.safe_margin = 5.0;
        pack.game.languages = vec!["en".into()];
        let mut ctx = Ctx::new(&pack, &fonts);
        let pages = calibration(&mut ctx, Paper::A4);
        assert_eq!(pages.iter().map(|p| p.back).collect::<Vec<_>>(), [false, true]);
        assert!(ctx.warnings.is_empty(), "{:?}", ctx.warnings);
        assert!(pages[0].svg.contains(">Duplex calibration</text>"));
        assert!(pages[1].svg.contains("sheet 1/1 · back</text>"), "the footer names the side");
        assert!(!pages[0].svg.contains("位置合わせ"), "an English pack prints no Japanese");
    }
}
