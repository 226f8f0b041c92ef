//! Mats: a sheet of card slots where players lay out their cards (seed 004: transports face down
//! in columns 1–6, actions in slots 1–8). Each slot group is one row of numbered slots at the
//! card's proportions, as large as the row allows up to the card's own size.

use std::fmt::Write;

use super::sheets::{begin_page, end_page, escape, Page};
use super::templates::mm;
use crate::layout::Paper;
use crate::model::Sheet;

/// One mat page, landscape on the sheet's own paper.
pub(crate) fn page(ctx: &mut super::Ctx<'_>, sheet: &Sheet) -> (Page, (f64, f64)) {
    let pack = ctx.pack;
    let paper = Paper::named(&sheet.paper).unwrap_or(Paper::A3).landscape();
    let (w, h, margin, gap) = (paper.width, paper.height, 12.0, 3.0);
    let mut s = begin_page(w, h);
    let _ = write!(
        s,
        r##"<text x="{margin}" y="18" font-size="7" font-weight="700">{} {}</text>"##,
        escape(&sheet.name.ja),
        escape(&sheet.name.en)
    );
    let (card_w, card_h) = pack.print.card_mm;
    let groups = sheet.slots.len().max(1) as f64;
    // Each row gets an equal share of the height below the title.
    let row_share = (h - 30.0 - 12.0) / groups;
    let mut y = 26.0;
    for group in &sheet.slots {
        let count = group.count.value.max(1);
        let fit_w = (w - 2.0 * margin - gap * f64::from(count - 1)) / f64::from(count);
        let scale = (fit_w / card_w).min((row_share - 12.0) / card_h).min(1.0);
        let (sw, sh) = (card_w * scale, card_h * scale);
        let of = group.of.as_ref().map(|o| format!(" · {} of {}", count, o.value)).unwrap_or_default();
        let rule = crate::check::cite(pack, group.rule.as_ref());
        let _ = write!(
            s,
            r##"<text x="{margin}" y="{}" font-size="4.4" font-weight="700">{} {}{}{}</text>"##,
            mm(y + 4.0),
            escape(&group.name.ja),
            escape(&group.name.en),
            escape(&of),
            escape(&rule)
        );
        for i in 0..count {
            let x = margin + f64::from(i) * (sw + gap);
            let _ = write!(
                s,
                r##"<rect x="{}" y="{}" width="{}" height="{}" rx="2" fill="#f4f1e8" stroke="#5b4a2f" stroke-width="0.5" stroke-dasharray="2 1"/>"##,
                mm(x),
                mm(y + 7.0),
                mm(sw),
                mm(sh)
            );
            let _ = write!(
                s,
                r##"<text x="{}" y="{}" font-size="{}" font-weight="700" text-anchor="middle" fill="#8a7a5a">{}</text>"##,
                mm(x + sw / 2.0),
                mm(y + 7.0 + sh / 2.0 + sw * 0.12),
                mm(sw * 0.32),
                i + 1
            );
        }
        y += row_share;
    }
    end_page(&mut s, pack, (w, h), "mat");
    (Page { svg: s, back: false }, (w, h))
}
