//! Drawing a measured table on a canvas: the title band, the heads, the body rows that fit the
//! room left (the rest is the caller's next part), every cell's text and images.

use super::{
    image_lines, image_width, style, Cell, Image, Measures, Table, CAPTION_GAP, CAPTION_PT, IMAGE_GAP, LEADING, PAD_X,
    PAD_Y, WIDOW,
};
use crate::render::page::canvas::{Canvas, Owner, TextBox, VAlign};
use crate::render::page::chart::{shade, INK, RULE, SHADE, STRIPE};
use crate::render::page::mm;
use crate::text::fit::height_at;
use crate::text::Weight;

/// Draws `t`'s rows from `first` on at (`x`, `y`) across `width` mm: the title band (its title
/// followed by `continued` when it goes on from an earlier part), the head band and as many rows
/// as end above `bottom` (at least one). Returns the index of the first row not drawn and the y
/// below what was drawn.
pub(crate) fn draw(
    c: &mut Canvas<'_>,
    t: &Table,
    first: usize,
    (x, y): (f64, f64),
    width: f64,
    bottom: f64,
    continued: Option<&str>,
) -> (usize, f64) {
    let m = t.measure(c.fonts(), width);
    draw_measured(c, (t, &m), first, (x, y), (width, bottom), continued)
}

/// [`draw`] with the table's measures at `width` taken once: a table drawn in many parts (a
/// card list of 1,000 rows over 28 pages) is measured once, not once per part.
pub(super) fn draw_measured(
    c: &mut Canvas<'_>,
    (t, m): (&Table, &Measures),
    first: usize,
    (x, y): (f64, f64),
    (width, bottom): (f64, f64),
    continued: Option<&str>,
) -> (usize, f64) {
    let fonts = c.fonts();
    let mut top = y;
    if !t.title.is_empty() {
        let title = match continued {
            Some(more) => format!("{} {more}", t.title),
            None => t.title.clone(),
        };
        let h = if continued.is_some() {
            height_at(fonts, &title, width - 2.0 * PAD_X, t.title_pt(), LEADING, style(Weight::Bold)) + 2.0 * PAD_Y
        } else {
            m.title
        };
        shade(c, (x, top, width, h), INK);
        let b = TextBox::new(&title, x + PAD_X, top + PAD_Y, width - 2.0 * PAD_X, h - 2.0 * PAD_Y);
        c.text(b.fixed(t.title_pt()).leading(LEADING).bold().fill("#ffffff").of(&t.owner));
        top += h;
    }
    let grid_top = top;
    if m.head > 0.0 {
        shade(c, (x, top, width, m.head), SHADE);
        let mut cx = x;
        for (column, w) in t.columns.iter().zip(&m.widths) {
            let b = TextBox::new(&column.head, cx + PAD_X, top + PAD_Y, w - 2.0 * PAD_X, m.head - 2.0 * PAD_Y);
            c.text(
                b.fixed(t.head_pt()).leading(LEADING).bold().align(column.align).valign(VAlign::Middle).of(&t.owner),
            );
            cx += w;
        }
        top += m.head;
    }
    let head_bottom = top;
    let end = last_row(&m.rows, first, bottom - top);
    let mut next = first;
    let mut rules = Vec::new();
    while next < end {
        let (row, h) = (&t.rows[next], m.rows[next]);
        if next % 2 == 1 {
            shade(c, (x, top, width, h), STRIPE);
        }
        let mut cx = x;
        for ((cell, column), w) in row.cells.iter().zip(&t.columns).zip(&m.widths) {
            let inner = (cx + PAD_X, top + PAD_Y, w - 2.0 * PAD_X, h - 2.0 * PAD_Y);
            match cell {
                Cell::Text(text) | Cell::Marked(text, _) => {
                    let icons = match cell {
                        Cell::Marked(_, icons) => icons.as_slice(),
                        _ => &[],
                    };
                    let b = TextBox::new(text, inner.0, inner.1, inner.2, inner.3).icons(icons);
                    let b = b.fixed(t.pt).leading(LEADING).weight(column.weight()).align(column.align);
                    c.text(b.valign(VAlign::Middle).of(&row.owner));
                }
                Cell::Images(images) => draw_images(c, images, inner, &row.owner),
            }
            cx += w;
        }
        top += h;
        rules.push(top);
        next += 1;
    }
    // Rules over the fills: between rows, between columns, a heavier one under the heads, and
    // the frame.
    let mut d = String::new();
    for r in rules.iter().take(rules.len().saturating_sub(1)) {
        d.push_str(&format!("M{} {}H{}", mm(x), mm(*r), mm(x + width)));
    }
    let mut cx = x;
    for w in &m.widths[..m.widths.len().saturating_sub(1)] {
        cx += w;
        d.push_str(&format!("M{} {}V{}", mm(cx), mm(grid_top), mm(top)));
    }
    c.raw(&format!(r##"<path d="{d}" fill="none" stroke="{RULE}" stroke-width="0.2"/>"##));
    if head_bottom > grid_top && top > head_bottom {
        c.raw(&format!(
            r##"<path d="M{} {}H{}" stroke="{INK}" stroke-width="0.35"/>"##,
            mm(x),
            mm(head_bottom),
            mm(x + width)
        ));
    }
    c.raw(&format!(
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{INK}" stroke-width="0.4"/>"##,
        mm(x),
        mm(y),
        mm(width),
        mm(top - y)
    ));
    (next, top)
}

/// The end of the rows from `first` on that fit in `room` mm (at least one). When the table
/// breaks there, at least [`WIDOW`] rows go on to the next part if the part has rows to spare,
/// so no page carries a lone last row under its repeated heads.
pub(super) fn last_row(rows: &[f64], first: usize, room: f64) -> usize {
    let mut end = first;
    let mut used = 0.0;
    while end < rows.len() && (end == first || used + rows[end] <= room) {
        used += rows[end];
        end += 1;
    }
    let left = rows.len() - end;
    if left > 0 && left < WIDOW {
        end = end.saturating_sub(WIDOW - left).max((first + WIDOW).min(end));
    }
    end
}

/// Draws images at their true size in the cell (x, y, w, h), line by line, each line centred
/// down its height, each caption centred beside its image. Each image is an `<svg
/// class="piece">`, which is how a reader of the page finds them.
fn draw_images(c: &mut Canvas<'_>, images: &[Image], (x, y, w, h): (f64, f64, f64, f64), owner: &Owner) {
    let fonts = c.fonts();
    let lines = image_lines(fonts, images, w);
    let total = lines.iter().map(|l| l.2).sum::<f64>() + IMAGE_GAP * lines.len().saturating_sub(1) as f64;
    let mut ly = y + (h - total).max(0.0) / 2.0;
    for (start, n, line_h) in lines {
        let mut ix = x;
        for image in &images[start..start + n] {
            let (w, h) = (image.w(), image.h());
            let iy = ly + (line_h - h) / 2.0;
            let open = format!(
                r#"<svg class="piece" x="{}" y="{}" width="{}" height="{}" viewBox="0 0 {} {}">"#,
                mm(ix),
                mm(iy),
                mm(w),
                mm(h),
                mm(w),
                mm(h),
            );
            c.place(&image.art, &open, (ix, iy), crate::layout::Rect { x: ix, y: iy, w, h });
            let caption_w = image_width(fonts, image) - w;
            if caption_w > 0.0 {
                let b = TextBox::new(&image.caption, ix + w + CAPTION_GAP, iy, caption_w, h);
                c.text(b.fixed(CAPTION_PT).lines(1).bold().valign(VAlign::Middle).of(owner));
            }
            ix += image_width(fonts, image) + IMAGE_GAP;
        }
        ly += line_h + IMAGE_GAP;
    }
}
