//! The duplex calibration sheet: five targets on the front (the centre and the four corners), the
//! same five on the back at mirrored places. Printed on both sides of one sheet and held against the
//! light, each back target's position on its front target's rulers is the back's shift there: the
//! centre gives the offset pnpkit corrects (`--back-offset`), the corners' differences give the
//! rotation and the scale of the back, which no offset can correct (feed the paper straight, print
//! at 100 %). A table of write-in boxes holds the five readings.

use std::fmt::Write;

use crate::layout::{Paper, Sides};
use crate::render::page::canvas::{Align, Canvas, Owner, TextBox, VAlign};
use crate::render::page::mm;
use crate::render::page::Page;
use crate::render::pieces::sheets::{flip_hint, sheet_footer, Side};
use crate::render::Ctx;

/// How far the corner targets' centres sit inside the safe margin, mm: room for their rulers
/// (±10 mm) and numbers.
const CORNER_INSET: f64 = 17.0;
/// Half the length of a corner target's rulers, mm.
const CORNER_RULER: f64 = 10.0;
/// Half the length of the centre target's rulers, mm.
const CENTRE_RULER: f64 = 40.0;
/// A write-in box's height, mm: room for a handwritten number.
const WRITE_IN: f64 = 8.0;

/// One target: its letter and its centre on the front page.
struct Target {
    label: &'static str,
    at: (f64, f64),
    ruler: f64,
}

/// The five targets on the front of `paper`: A top left, B top right, C bottom left, D bottom
/// right, and the centre (its label is the word for "centre", drawn apart). On a portrait page the
/// centre target stands above the middle, the words under it; on a landscape one it stands in the
/// left half's middle, the words in the right half.
fn targets(paper: Paper, safe: f64, bottom: f64) -> [Target; 5] {
    let (w, h) = (paper.width, paper.height);
    let (l, r) = (safe + CORNER_INSET, w - safe - CORNER_INSET);
    let (t, b) = (safe + CORNER_INSET, bottom - CORNER_INSET);
    let centre = if paper.is_landscape() { ((safe + w / 2.0) / 2.0, h / 2.0) } else { (w / 2.0, h / 2.0 - 25.0) };
    [
        Target { label: "A", at: (l, t), ruler: CORNER_RULER },
        Target { label: "B", at: (r, t), ruler: CORNER_RULER },
        Target { label: "C", at: (l, b), ruler: CORNER_RULER },
        Target { label: "D", at: (r, b), ruler: CORNER_RULER },
        Target { label: "", at: centre, ruler: CENTRE_RULER },
    ]
}

/// The calibration sheet's two pages on `paper`, portrait or landscape as the sheets it serves.
pub(crate) fn calibration(ctx: &mut Ctx<'_>, paper: Paper) -> Vec<Page> {
    let (w, h) = (paper.width, paper.height);
    let kind = ctx.msg.first("products.calibration");
    let owner = Owner::new("calibration sheet", None);
    let mut pages = Vec::new();
    for back in [false, true] {
        let mut c = ctx.canvas((w, h), owner.clone());
        let (ax, ay, aw, ah) = c.area();
        let all = targets(paper, ax, ay + ah);
        for target in &all {
            // Duplex mirrors left and right (a portrait sheet flipped on its long edge, a
            // landscape one on its short edge): the back's target behind front target (x, y) is
            // drawn at (w − x, y), and named after the front target it meets.
            let at = if back { (w - target.at.0, target.at.1) } else { target.at };
            crosshair(&mut c, at, target.ruler, !back);
            if !back {
                ruler_numbers(&mut c, at, target.ruler);
            }
            if !target.label.is_empty() {
                // Up and right of the centre, beyond the vertical ruler's numbers there.
                let (x, y) = (at.0 + 8.0, at.1 - target.ruler);
                c.text(TextBox::new(target.label, x, y, 5.0, 5.0).fixed(11.0).bold().of(&owner));
            }
        }
        let title_x = ax + 2.0 * CORNER_INSET + CORNER_RULER;
        let title_w = aw - 2.0 * (title_x - ax);
        // The words' column: under the title on a portrait page, the right half (clear of the
        // corner targets B and D) on a landscape one.
        let landscape = paper.is_landscape();
        let (text_x, text_w) =
            if landscape { (w / 2.0 + 8.0, ax + aw - (w / 2.0 + 8.0) - (title_x - ax)) } else { (title_x, title_w) };
        let laid = c.text(
            TextBox::new(&ctx.msg.text("calibration.title"), title_x, ay + 4.0, title_w, 8.0)
                .size(12.0)
                .bold()
                .align(Align::Middle)
                .of(&owner),
        );
        let how = match (back, landscape) {
            (true, _) => ctx.msg.text("calibration.back"),
            (false, false) => ctx.msg.text("calibration.front"),
            (false, true) => ctx.msg.text("calibration.front_landscape"),
        };
        let told = c.text(TextBox::new(&how, text_x, laid.bottom + 2.0, text_w, 60.0).size(9.0).min(7.0).of(&owner));
        if !back {
            let centre = &all[4];
            let top = if landscape { told.bottom + 4.0 } else { centre.at.1 + CENTRE_RULER + 6.0 };
            readings(ctx, &mut c, &all, (text_x, top, text_w), &owner);
        }
        let side = if back { Side::Back } else { Side::Front };
        let what = sheet_footer(ctx, &kind, 1, 1, side) + &flip_hint(ctx, Sides::Duplex, paper);
        let page = ctx.finish(c, &what);
        pages.push(Page { back, ..page });
    }
    pages
}

/// The readings table (a row per target, write-in boxes for its right and down shifts) and how to
/// turn the corners' readings into rotation and scale, with the targets' distances on this paper.
fn readings(ctx: &Ctx<'_>, c: &mut Canvas<'_>, all: &[Target; 5], (x, top, w): (f64, f64, f64), owner: &Owner) {
    let head =
        [ctx.msg.text("calibration.target"), ctx.msg.text("calibration.right"), ctx.msg.text("calibration.down")];
    let cols = [w * 0.4, w * 0.3, w * 0.3];
    let row_h = WRITE_IN + 2.0;
    let bottom = top + 7.0 + all.len() as f64 * row_h;
    // Shapes first, texts over them.
    let mut svg = String::from(r##"<g class="readings" fill="none" stroke="#333333" stroke-width="0.25">"##);
    let _ = write!(svg, r##"<rect x="{}" y="{}" width="{}" height="7" fill="#e6e6e6"/>"##, mm(x), mm(top), mm(w));
    for r in 0..all.len() {
        let y = top + 7.0 + r as f64 * row_h;
        let _ = write!(svg, r#"<path d="M{} {} L{} {}"/>"#, mm(x), mm(y + row_h), mm(x + w), mm(y + row_h));
        for (i, col_x) in [x + cols[0], x + cols[0] + cols[1]].into_iter().enumerate() {
            let (bx, by, bw) = (mm(col_x + 3.0), mm(y + 1.0), mm(cols[i + 1] - 6.0));
            let _ = write!(svg, r#"<rect x="{bx}" y="{by}" width="{bw}" height="{WRITE_IN}" rx="0.6"/>"#);
        }
    }
    let _ = write!(svg, r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#, mm(x), mm(top), mm(w), mm(bottom - top));
    svg.push_str("</g>");
    c.raw(&svg);
    let mut cx = x;
    for (i, text) in head.iter().enumerate() {
        c.text(
            TextBox::new(text, cx + 1.0, top + 0.8, cols[i] - 2.0, 5.4).size(8.0).min(6.0).bold().lines(1).of(owner),
        );
        cx += cols[i];
    }
    let centre_name = ctx.msg.text("calibration.centre");
    for (r, target) in all.iter().enumerate() {
        let y = top + 7.0 + r as f64 * row_h;
        let name = if target.label.is_empty() { centre_name.as_str() } else { target.label };
        c.text(
            TextBox::new(name, x + 1.0, y, cols[0] - 2.0, row_h).size(9.0).min(6.0).valign(VAlign::Middle).of(owner),
        );
    }
    let across = format!("{:.0}", all[1].at.0 - all[0].at.0);
    let down = format!("{:.0}", all[2].at.1 - all[0].at.1);
    let text = ctx.msg.fill("calibration.corners", &[("across", &across), ("down", &down)]);
    c.text(TextBox::new(&text, x, bottom + 3.0, w, 40.0).size(8.0).min(6.0).of(owner));
}

/// The crosshair at `(cx, cy)` with arms of `ruler` mm, with ruler ticks along them when `rulers`:
/// every 0.5 mm, longer at 1 mm and 5 mm, so a crosshair seen through the paper is read off
/// directly.
fn crosshair(c: &mut Canvas<'_>, (cx, cy): (f64, f64), ruler: f64, rulers: bool) {
    let mut s = String::from(r##"<g stroke="#000000" fill="none">"##);
    let (x0, x1, y0, y1) = (mm(cx - ruler), mm(cx + ruler), mm(cy - ruler), mm(cy + ruler));
    let (cx, cy) = (mm(cx), mm(cy));
    let _ = write!(s, r#"<path d="M{x0} {cy} L{x1} {cy} M{cx} {y0} L{cx} {y1}" stroke-width="0.2"/>"#);
    let _ = write!(s, r#"<circle cx="{cx}" cy="{cy}" r="2.5" stroke-width="0.2"/>"#);
    if rulers {
        let half_steps = (ruler * 2.0) as i32;
        for i in -half_steps..=half_steps {
            let len = match i {
                _ if i % 10 == 0 => 3.0,
                _ if i % 2 == 0 => 1.8,
                _ => 1.0,
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

/// The rulers' numbers every 5 mm, one ruler's to a quadrant so that no two numbers share a row
/// and read as one ("-5 5"): the horizontal ruler's below its line to the right of the centre and
/// above it to the left; the vertical ruler's left of its line below the centre and right of it
/// (beyond the ticks) above.
fn ruler_numbers(c: &mut Canvas<'_>, (cx, cy): (f64, f64), ruler: f64) {
    let owner = Owner::new("calibration rulers", None);
    let reach = ruler as i32;
    for i in (-reach..=reach).step_by(5).filter(|i| *i != 0) {
        let (d, label) = (f64::from(i), i.to_string());
        let below = i > 0;
        let row = if below { cy + 3.4 } else { cy - 6.0 };
        c.text(TextBox::new(&label, cx + d - 3.0, row, 6.0, 2.6).fixed(6.0).align(Align::Middle).of(&owner));
        let (x, align) = if below { (cx - 7.2, Align::End) } else { (cx + 3.6, Align::Start) };
        c.text(
            TextBox::new(&label, x, cy + d - 1.3, 6.0, 2.6).fixed(6.0).align(align).valign(VAlign::Middle).of(&owner),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Pack;
    use crate::text::Fonts;

    /// An English-only pack with a 5 mm safe margin, and the fonts.
    fn english_pack() -> (Pack, Fonts) {
        let mut pack = Pack::default();
        pack.print.safe_margin = 5.0;
        pack.game.languages = vec!["en".into()];
        (pack, Fonts::embedded())
    }

    #[test]
    fn the_calibration_sheet_has_five_targets_on_each_side_and_keeps_its_words_apart_and_inside_the_safe_margin() {
        let (pack, fonts) = english_pack();
        let mut ctx = Ctx::new(&pack, &fonts);
        let pages = calibration(&mut ctx, Paper::A4);
        assert_eq!(pages.iter().map(|p| p.back).collect::<Vec<_>>(), [false, true]);
        assert!(pages[0].svg.text().contains(">Duplex calibration</text>"));
        assert!(pages[1].svg.text().contains("sheet 1/1 · back</text>"), "the footer names the side");
        assert!(!pages[0].svg.text().contains("位置合わせ"), "an English pack prints no Japanese");
        for page in &pages {
            assert_eq!(page.svg.text().matches("<circle").count(), 5, "the centre and four corners");
        }
        // The front's corner targets mirror onto the back's: the same x positions, reflected.
        let xs = |svg: &str| -> Vec<String> {
            svg.split("<circle cx=\"").skip(1).map(|s| s.split('"').next().unwrap().to_string()).collect()
        };
        let (mut front, mut back) = (xs(&pages[0].svg.text()), xs(&pages[1].svg.text()));
        front.sort();
        back.sort();
        assert_eq!(front, back, "symmetric targets meet their mirrored twins");
        assert_eq!(pages[0].svg.text().matches(r#"height="8""#).count(), 10, "two write-in boxes per target");
        assert!(ctx.warnings.is_empty(), "{:?}", ctx.warnings);
    }

    #[test]
    fn the_landscape_calibration_sheet_says_short_edge_and_mirrors_every_target() {
        let (pack, fonts) = english_pack();
        let mut ctx = Ctx::new(&pack, &fonts);
        let paper = Paper::A4.landscape();
        let pages = calibration(&mut ctx, paper);
        assert!(pages[0].svg.text().contains("--back-offset-landscape"), "it names the landscape flag");
        assert!(
            pages.iter().all(|p| p.svg.text().contains("flipping on the short edge</text>")),
            "the footers say the flip"
        );
        let xs = |svg: &str| -> Vec<f64> {
            svg.split("<circle cx=\"").skip(1).map(|s| s.split('"').next().unwrap().parse().unwrap()).collect()
        };
        let (front, back) = (xs(&pages[0].svg.text()), xs(&pages[1].svg.text()));
        assert_eq!(front.len(), 5);
        for x in &front {
            assert!(back.iter().any(|b| (b - (paper.width - x)).abs() < 0.01), "{x} meets its mirrored twin");
        }
        assert!(ctx.warnings.is_empty(), "{:?}", ctx.warnings);
    }
}
