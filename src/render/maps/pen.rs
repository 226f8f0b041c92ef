//! The drawing surface every map page shares (hex maps, area maps, mats and their tiles): a
//! [`Drawing`] is a function that draws the page onto a [`Pen`], which records the extent of what
//! it prints so tiles set as text only the texts lying wholly inside their window; and the map's
//! title block and key headings.

use crate::layout::{PrintBoxes, Rect};
use crate::model::Map;
use crate::render::page::canvas::{Align, Canvas, Laid, Owner, TextBox, FOOTER_MM};
use crate::render::page::Page;
use crate::render::Ctx;
use crate::text::{Style, Weight};

/// A rectangle in page mm: left, top, right, bottom.
pub(crate) type Extent = (f64, f64, f64, f64);

/// Whether `outer` holds all of `e` (a tile's window, a whole text).
pub(crate) fn holds(outer: &Extent, e: &Extent) -> bool {
    outer.0 <= e.0 && outer.1 <= e.1 && e.2 <= outer.2 && e.3 <= outer.3
}

/// Whether `a` and `b` share some area (touching edges do not count).
pub(crate) fn meets(a: &Extent, b: &Extent) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// Where a text goes: its box in the current drawing coordinates and how it is aligned in it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spot {
    /// Left, mm.
    pub(crate) x: f64,
    /// Top, mm.
    pub(crate) y: f64,
    /// Width, mm.
    pub(crate) w: f64,
    /// Height, mm.
    pub(crate) h: f64,
    /// Horizontal alignment.
    pub(crate) align: Align,
}

impl Spot {
    /// A box of `w` × `h` mm centred on (`x`, `y`).
    pub(crate) fn centred(x: f64, y: f64, w: f64, h: f64) -> Spot {
        Spot { x: x - w / 2.0, y: y - h / 2.0, w, h, align: Align::Middle }
    }

    /// A box of `w` × `h` mm from (`x`, `y`), left-aligned.
    pub(crate) fn left(x: f64, y: f64, w: f64, h: f64) -> Spot {
        Spot { x, y, w, h, align: Align::Start }
    }

    /// The same box, its lines centred.
    pub(crate) fn centre(self) -> Spot {
        Spot { align: Align::Middle, ..self }
    }
}

/// Draws a map page onto a page or onto one tile of it. On a tile ([`Pen::window`]) the texts
/// not lying wholly inside the tile's window are drawn as outlines, which the window clips (not
/// text: each text is set as text once, on a tile it lies wholly in). Either way every text's
/// extent on the published page is kept, so that placement decisions and the tiles' overlap see
/// the same texts.
pub(crate) struct Pen<'p, 'c> {
    c: &'p mut Canvas<'c>,
    /// The open groups, (dx, dy, scale) each, relative to the published page.
    groups: Vec<(f64, f64, f64)>,
    /// On a tile, the part of the published page it prints.
    window: Option<Extent>,
    /// Where every text went on the published page (drawn or not), in drawing order.
    pub(crate) extents: Vec<Extent>,
}

impl<'p, 'c> Pen<'p, 'c> {
    pub(crate) fn new(c: &'p mut Canvas<'c>, window: Option<Extent>) -> Pen<'p, 'c> {
        Pen { c, groups: Vec::new(), window, extents: Vec::new() }
    }

    /// Writes shapes (no text).
    pub(crate) fn raw(&mut self, svg: &str) {
        self.c.raw(svg);
    }

    /// Opens a translated and scaled group.
    pub(crate) fn group(&mut self, dx: f64, dy: f64, scale: f64) {
        self.c.group(dx, dy, scale);
        self.groups.push((dx, dy, scale));
    }

    /// Closes the innermost group.
    pub(crate) fn end_group(&mut self) {
        self.c.end_group();
        self.groups.pop();
    }

    /// A rectangle of drawing coordinates on the published page.
    fn to_page(&self, (x0, y0, x1, y1): Extent) -> Extent {
        let (dx, dy, s) =
            self.groups.iter().fold((0.0, 0.0, 1.0), |(dx, dy, s), (gx, gy, gs)| (dx + gx * s, dy + gy * s, s * gs));
        (dx + x0 * s, dy + y0 * s, dx + x1 * s, dy + y1 * s)
    }

    /// A rectangle of the published page in drawing coordinates (the inverse of `to_page`).
    pub(crate) fn to_drawing(&self, (x0, y0, x1, y1): Extent) -> Extent {
        let (dx, dy, s) =
            self.groups.iter().fold((0.0, 0.0, 1.0), |(dx, dy, s), (gx, gy, gs)| (dx + gx * s, dy + gy * s, s * gs));
        ((x0 - dx) / s, (y0 - dy) / s, (x1 - dx) / s, (y1 - dy) / s)
    }

    /// Reports a warning about the drawing: once, on the published page (not again on each tile).
    pub(crate) fn warn(&mut self, warning: crate::diag::Diagnostic) {
        if self.window.is_none() {
            self.c.warn(warning);
        }
    }

    /// The width of `text` at `pt`, mm.
    pub(crate) fn width_mm(&self, text: &str, pt: f64, bold: bool) -> f64 {
        width_mm(self.c.fonts(), text, pt, bold)
    }

    /// Draws `draw` straight onto the canvas when the whole of `extent` (drawing coordinates)
    /// prints here: always on the published page, on a tile only when it lies wholly inside the
    /// tile's window. For a piece drawn by a page's own code (a track), kept whole on one tile.
    pub(crate) fn whole(&mut self, extent: Extent, draw: impl FnOnce(&mut Canvas<'c>)) {
        let on_page = self.to_page(extent);
        self.extents.push(on_page);
        if self.window.is_none_or(|w| holds(&w, &on_page)) {
            draw(self.c);
        }
    }

    /// Places `text` at `spot`, styled by `style` (sizes, weight, colour, owner; not the box or
    /// its alignment, which `spot` gives); on a tile, only when it lies wholly inside the window.
    /// Returns where it lies, drawn or not (`None` for no text), so what is placed after it lies
    /// where it does on the published page, on every tile.
    pub(crate) fn text<'t>(
        &mut self,
        text: &'t str,
        spot: Spot,
        style: impl Fn(TextBox<'t>) -> TextBox<'t>,
    ) -> Option<Laid> {
        if text.trim().is_empty() {
            return None;
        }
        let boxed = || style(TextBox::new(text, spot.x, spot.y, spot.w, spot.h).align(spot.align));
        let laid = match self.window {
            None => self.c.text(boxed()),
            // Measured on a scratch page first (one reaching past the box, so none of its lines
            // count as off the paper): only what will lie inside the window is drawn.
            Some(_) => {
                let reach = (spot.x + spot.w, spot.y + spot.h);
                Canvas::new(self.c.fonts(), reach, 0.0, Owner::default()).text(boxed())
            }
        };
        let x0 = match spot.align {
            Align::Start => spot.x,
            Align::Middle => spot.x + (spot.w - laid.width) / 2.0,
            Align::End => spot.x + spot.w - laid.width,
        };
        let extent = self.to_page((x0, laid.top, x0 + laid.width, laid.bottom));
        self.extents.push(extent);
        match self.window {
            Some(w) if holds(&w, &extent) => {
                self.c.text(boxed());
            }
            // A text a tile's edge cuts is printed whole on a neighbouring tile; this one shows its
            // part as shapes (clipped by the window), so where this tile is laid over that one
            // the text runs on across the seam instead of being covered.
            Some(w) if meets(&w, &extent) => {
                self.c.text(boxed().outlined());
            }
            _ => {}
        }
        Some(laid)
    }
}

/// The width of `text` set in the embedded face at `pt`, mm.
pub(crate) fn width_mm(fonts: &crate::text::Fonts, text: &str, pt: f64, bold: bool) -> f64 {
    let style = Style::main(if bold { Weight::Bold } else { Weight::Regular });
    fonts.width_em(text, style) * pt / crate::text::fit::PT_PER_MM
}

/// A map page: its size, the part of it the drawing covers, and what draws it.
pub(crate) struct Drawing<'d> {
    /// Paper size, mm.
    pub(crate) size: (f64, f64),
    /// What the footer calls the page.
    pub(crate) what: String,
    /// Who owns the page's texts in warnings.
    pub(crate) owner: Owner,
    /// Draws the page (without its footer).
    pub(crate) draw: Box<Draw<'d>>,
    /// Parts of the page no tile seam may cross (a mat's card slots), mm.
    pub(crate) uncut: Vec<Extent>,
}

/// What draws a map page onto a pen.
pub(crate) type Draw<'d> = dyn Fn(&Ctx<'_>, &mut Pen<'_, '_>) + 'd;

/// The background of a map or mat page, through its bleed: a light paper tone, so the board
/// reads as one printed sheet and a miscut shows no white edge.
pub(crate) const BOARD: &str = "#f4f1ea";

/// The published page of `drawing` with the pack's map bleed round it (`[print] map_bleed`: the
/// page is that much larger each way, its TrimBox the drawing's size, the board's background runs
/// through the bleed and the safe margin is kept from the trim), the extents of its texts in the
/// drawing's coordinates (for the tiles, which have no bleed), and the page's size, mm.
pub(crate) fn page(ctx: &mut Ctx<'_>, drawing: &Drawing<'_>) -> (Page, Vec<Extent>, (f64, f64)) {
    let bleed = ctx.pack.print.map_bleed;
    let (w, h) = drawing.size;
    let safe = ctx.pack.print.safe_margin + bleed;
    // A proof's footer says PROOF, which must not print on the board: it goes on a slug below
    // the bleed, a strip the print shop cuts away with the bleed (a release has none).
    let slug = if ctx.proof { safe + FOOTER_MM + 1.0 } else { 0.0 };
    // The board: the drawing and its bleed.
    let board = Rect { x: 0.0, y: 0.0, w: w + 2.0 * bleed, h: h + 2.0 * bleed };
    let size = (board.w, board.h + slug);
    let mut c = Canvas::new(ctx.fonts, size, safe, drawing.owner.clone());
    c.raw(&format!(
        r#"<rect data-board="" x="0" y="0" width="{}" height="{}" fill="{BOARD}"/>"#,
        crate::render::page::mm(board.w),
        crate::render::page::mm(board.h)
    ));
    // The drawing in its own coordinates: the shift is the canvas's, not the pen's, so the
    // extents stay those of the drawing.
    c.group(bleed, bleed, 1.0);
    let mut pen = Pen::new(&mut c, None);
    (drawing.draw)(ctx, &mut pen);
    let extents = std::mem::take(&mut pen.extents);
    c.end_group();
    let mut page = ctx.finish(c, &drawing.what);
    let trim = Rect { x: bleed, y: bleed, w, h };
    page.boxes = Some(PrintBoxes { trim, bleed: board });
    (page, extents, size)
}

/// The title block: the game, the map's name and edition; returns the y below it. (A
/// reconstructed map is named on the proof's cover, not on the map.)
pub(crate) fn title_block(pen: &mut Pen<'_, '_>, ctx: &Ctx<'_>, map: &Map, (x, y): (f64, f64), w: f64) -> f64 {
    let (pack, msg) = (ctx.pack, &ctx.msg);
    let owner = Owner::new("the map's title block", Some(&map.span));
    let title = msg.name(&pack.game.title);
    let laid = pen.text(&title, Spot::left(x, y, w, 12.0), |b| b.size(20.0).min(10.0).bold().of(&owner));
    let mut line = laid.map_or(y + 12.0, |l| l.bottom) + 1.0;
    let edition = format!("{} {}", msg.text("map.edition"), pack.game.edition_mark());
    let subtitle: Vec<String> = [msg.name(&map.name), edition].into_iter().filter(|s| !s.is_empty()).collect();
    let laid = pen.text(&subtitle.join(" · "), Spot::left(x, line, w, 9.0), |b| {
        b.size(10.0).min(6.0).fill("#333333").of(&owner)
    });
    line = laid.map_or(line + 5.0, |l| l.bottom) + 2.0;
    line
}

/// A key heading.
pub(crate) fn key_heading(pen: &mut Pen<'_, '_>, text: &str, (x, y): (f64, f64), w: f64, owner: &Owner) -> f64 {
    let laid = pen.text(text, Spot::left(x, y, w, 6.0), |b| b.size(11.0).min(7.0).bold().lines(1).of(owner));
    laid.map_or(y + 6.0, |l| l.bottom)
}
