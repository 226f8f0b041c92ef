//! Sheets: faces placed on pages by an [`Imposition`], with crop marks, a footer and, for duplex,
//! a mirrored back page after each front page; plus the duplex calibration page.

use std::fmt::Write;

use crate::text::fit::{fit, Request};
use crate::text::{Fonts, Style, Weight};

use super::faces::Face;
use super::templates::mm;
use crate::layout::{CropMark, Imposition, Rect, Sides};
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

/// What the footer says besides the page number.
pub(crate) struct Footer<'a> {
    pub(crate) title: &'a str,
    pub(crate) edition: &'a str,
    pub(crate) kind: &'a str,
}

fn open_page(out: &mut String, imp: &Imposition) {
    out.push_str(&begin_page(imp.paper.width, imp.paper.height));
}

/// Places a face's SVG with its trim box at `trim`, clipped to `clip` (its bleed box).
fn place(out: &mut String, face: &Face, trim: Rect, clip: Rect) {
    let (vx, vy) = (mm(clip.x - trim.x), mm(clip.y - trim.y));
    let _ = write!(
        out,
        r#"<svg x="{}" y="{}" width="{}" height="{}" viewBox="{vx} {vy} {} {}">{}</svg>"#,
        mm(clip.x),
        mm(clip.y),
        mm(clip.w),
        mm(clip.h),
        mm(clip.w),
        mm(clip.h),
        face.svg
    );
}

fn marks(out: &mut String, marks: &[CropMark]) {
    out.push_str(r##"<g class="crop-marks" stroke="#000000" stroke-width="0.15" fill="none">"##);
    for m in marks {
        let _ = write!(out, r#"<path d="M{} {} L{} {}"/>"#, mm(m.x1), mm(m.y1), mm(m.x2), mm(m.y2));
    }
    out.push_str("</g>");
}

fn footer(out: &mut String, imp: &Imposition, f: &Footer<'_>, sheet: usize, sheets: usize, side: &str) {
    let text = format!("{} · {} · {} · sheet {sheet}/{sheets} · {side}", f.title, f.edition, f.kind);
    let _ = write!(
        out,
        r##"<text x="{}" y="{}" font-size="2.4" text-anchor="middle" fill="#555555">{}</text>"##,
        mm(imp.paper.width / 2.0),
        mm(imp.paper.height - 2.5),
        escape(&text)
    );
}

/// Lays `pieces` out on pages: front pages, each followed by its mirrored back page when
/// `sides` is duplex; for gutter-fold, fronts and backs share each page.
pub(crate) fn pages(imp: &Imposition, pieces: &[Piece<'_>], offset: (f64, f64), f: &Footer<'_>) -> Vec<Page> {
    let per = imp.per_page();
    let sheets = pieces.len().div_ceil(per).max(1);
    let mut out = Vec::new();
    for (n, chunk) in pieces.chunks(per).enumerate() {
        let mut front = String::new();
        open_page(&mut front, imp);
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
            let _ = write!(
                front,
                r##"<path class="fold" d="M{} {} L{} {}" stroke="#888888" stroke-width="0.2" stroke-dasharray="2 1.5"/>"##,
                mm(fold),
                mm(imp.top - 4.0),
                mm(fold),
                mm(imp.top + imp.rows as f64 * (imp.face_h + imp.gutter))
            );
            let mut all = imp.crop_marks(chunk.len(), None);
            all.extend(imp.crop_marks(chunk.len(), Some((0.0, 0.0))));
            marks(&mut front, &all);
        } else {
            marks(&mut front, &imp.crop_marks(chunk.len(), None));
        }
        footer(&mut front, imp, f, n + 1, sheets, if imp.sides == Sides::Fold { "fold" } else { "front" });
        front.push_str("</svg>");
        out.push(Page { svg: front, back: false });
        if imp.sides == Sides::Duplex && chunk.iter().any(|p| p.back.is_some()) {
            let mut back = String::new();
            open_page(&mut back, imp);
            for (i, piece) in chunk.iter().enumerate() {
                if let Some(face) = piece.back {
                    let trim = imp.back(i, offset);
                    place(&mut back, face, trim, imp.back_bleed_box(i, chunk.len(), offset));
                }
            }
            marks(&mut back, &imp.crop_marks(chunk.len(), Some(offset)));
            footer(&mut back, imp, f, n + 1, sheets, "back");
            back.push_str("</svg>");
            out.push(Page { svg: back, back: true });
        }
    }
    out
}

/// The duplex calibration sheet: a crosshair and rulers on the front, the same crosshair
/// mirrored on the back. Printed duplex and held against the light, the back crosshair's
/// position on the front rulers is the printer's back offset.
pub(crate) fn calibration(imp: &Imposition, f: &Footer<'_>) -> Vec<Page> {
    let (w, h) = (imp.paper.width, imp.paper.height);
    let (cx, cy) = (w / 2.0, h / 2.0);
    let mut pages = Vec::new();
    for back in [false, true] {
        let mut s = String::new();
        open_page(&mut s, imp);
        s.push_str(r##"<g stroke="#000000" fill="none">"##);
        // Crosshair: the centre is on the mirror axis, so front and back coincide on a perfect printer.
        let _ = write!(
            s,
            r#"<path d="M{} {cy} L{} {cy} M{cx} {} L{cx} {}" stroke-width="0.2"/>"#,
            cx - 40.0,
            cx + 40.0,
            cy - 40.0,
            cy + 40.0
        );
        let _ = write!(s, r#"<circle cx="{cx}" cy="{cy}" r="5" stroke-width="0.2"/>"#);
        if !back {
            // Rulers on the crosshair lines: ticks every 0.5 mm (longer at 1 mm and 5 mm), numbered
            // every 5 mm, so the back's crosshair, seen through the paper, is read off directly.
            for i in -40..=40 {
                let len = if i % 10 == 0 {
                    3.0
                } else if i % 2 == 0 {
                    1.8
                } else {
                    1.0
                };
                let d = f64::from(i) * 0.5;
                let _ = write!(
                    s,
                    r#"<path d="M{} {cy} L{} {}" stroke-width="0.08"/>"#,
                    mm(cx + d),
                    mm(cx + d),
                    mm(cy + len)
                );
                let _ = write!(
                    s,
                    r#"<path d="M{cx} {} L{} {}" stroke-width="0.08"/>"#,
                    mm(cy + d),
                    mm(cx + len),
                    mm(cy + d)
                );
            }
        }
        s.push_str("</g>");
        if !back {
            for i in (-20..=20).step_by(5).filter(|i| *i != 0) {
                let d = f64::from(i);
                let _ = write!(
                    s,
                    r##"<text x="{}" y="{}" font-size="1.8" text-anchor="middle" fill="#000000">{i}</text>"##,
                    mm(cx + d),
                    mm(cy + 5.5)
                );
                let _ = write!(
                    s,
                    r##"<text x="{}" y="{}" font-size="1.8" fill="#000000">{i}</text>"##,
                    mm(cx + 4.0),
                    mm(cy + d + 0.6)
                );
            }
        }
        let lines: &[&str] = if back {
            &[
                "Back of the calibration sheet.",
                "Hold the sheet against the light and read where this crosshair falls on the front's rulers.",
            ]
        } else {
            &[
                "Duplex calibration: print this page and the next on both sides (long-edge flip).",
                "Hold it against the light. Where the back's crosshair falls on these rulers (mm) is the back offset:",
                "right and down are positive. Build with  pnpkit build --back-offset X,Y  to correct it.",
            ]
        };
        for (i, line) in lines.iter().enumerate() {
            let _ = write!(
                s,
                r##"<text x="{}" y="{}" font-size="3.2" text-anchor="middle" fill="#000000">{}</text>"##,
                mm(cx),
                mm(30.0 + 6.0 * i as f64),
                escape(line)
            );
        }
        footer(&mut s, imp, f, 1, 1, if back { "back" } else { "front" });
        s.push_str("</svg>");
        pages.push(Page { svg: s, back });
    }
    pages
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

/// Starts a page of `w × h` mm: the SVG root (user units in mm) and a white background.
pub fn begin_page(w: f64, h: f64) -> String {
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}" font-family="{FAMILY}"><rect width="{w}" height="{h}" fill="#ffffff"/>"##
    )
}

/// Ends a page with the footer every sheet carries: title · edition · `what`.
pub fn end_page(s: &mut String, pack: &crate::model::Pack, (w, h): (f64, f64), what: &str) {
    let text = format!("{} · {} · {what}", pack.game.title.ja, pack.game.edition);
    let _ = write!(
        s,
        r##"<text x="{}" y="{}" font-size="2.4" text-anchor="middle" fill="#555555">{}</text></svg>"##,
        mm(w / 2.0),
        mm(h - 2.5),
        escape(&text)
    );
}

/// Lines of `text` fitted into a box, drawn; returns the y below them.
pub(crate) fn paragraph(
    s: &mut String,
    fonts: &Fonts,
    text: &str,
    (x, y): (f64, f64),
    width: f64,
    size_pt: f64,
) -> f64 {
    let weight = Weight::Regular;
    let fitted = fit(
        fonts,
        &Request {
            text,
            width_mm: width,
            height_mm: 1000.0,
            max_pt: size_pt,
            min_pt: size_pt,
            leading: 1.3,
            style: Style::embedded(weight),
            max_lines: 0,
        },
    );
    let mut yy = y;
    for (i, line) in fitted.lines.iter().enumerate() {
        yy = y + 0.88 * fitted.size_mm + i as f64 * fitted.line_mm;
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="{}">{}</text>"##,
            mm(x),
            mm(yy),
            mm(fitted.size_mm),
            escape(line)
        );
    }
    yy + fitted.line_mm - 0.88 * fitted.size_mm
}

/// Escapes text for SVG.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
