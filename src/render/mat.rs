//! Mats: a sheet of card slots where players lay out their cards (seed 004: transports face down
//! in columns 1–6, actions in slots 1–8). Each slot group is one row of numbered slots at the
//! card's proportions, as large as the row allows up to the card's own size.

use super::canvas::{Owner, TextBox};
use super::sheets::Page;
use super::templates::mm;
use super::Ctx;
use crate::layout::Paper;
use crate::messages::Messages;
use crate::model::{Pack, Sheet, SlotGroup};
use crate::text::fit::PT_PER_MM;

/// One mat page, landscape on the sheet's own paper.
pub(crate) fn page(ctx: &mut Ctx<'_>, sheet: &Sheet) -> (Page, (f64, f64)) {
    let pack = ctx.pack;
    let paper = Paper::named(&sheet.paper).unwrap_or(Paper::A3).landscape();
    let owner = Owner::new(format!("mat `{}`", sheet.id), Some(&sheet.span));
    let mut c = ctx.canvas((paper.width, paper.height), owner.clone());
    let (ax, ay, aw, ah) = c.area();
    let (x, w, gap) = (ax + 3.0, aw - 6.0, 3.0);
    let title = ctx.msg.name(&sheet.name);
    let head = c.text(TextBox::new(&title, x, ay + 3.0, w, 8.0).size(16.0).min(10.0).lines(1).bold().of(&owner));
    let (card_w, card_h) = pack.print.card_mm;
    let groups = sheet.slots.len().max(1) as f64;
    // Each row gets an equal share of the height below the title: a heading, then the slots.
    let mut y = head.bottom + 4.0;
    let row_share = (ay + ah - y) / groups;
    let heading_h = 9.0 / PT_PER_MM * 1.3;
    for group in &sheet.slots {
        let group_owner = Owner::new(format!("mat `{}` slots `{}`", sheet.id, group.id), Some(&group.count.span));
        let count = group.count.value.max(1);
        let fit_w = (w - gap * f64::from(count - 1)) / f64::from(count);
        let scale = (fit_w / card_w).min((row_share - heading_h - 6.0) / card_h).min(1.0);
        let (sw, sh) = (card_w * scale, card_h * scale);
        let heading = group_heading(pack, &ctx.msg, group);
        c.text(TextBox::new(&heading, x, y, w, heading_h).size(9.0).min(7.0).lines(1).bold().of(&group_owner));
        let top = y + heading_h + 1.5;
        for i in 0..count {
            let sx = x + f64::from(i) * (sw + gap);
            c.raw(&format!(
                r##"<rect x="{}" y="{}" width="{}" height="{}" rx="2" fill="#f4f1e8" stroke="#5b4a2f" stroke-width="0.5" stroke-dasharray="2 1"/>"##,
                mm(sx),
                mm(top),
                mm(sw),
                mm(sh)
            ));
            let number = (i + 1).to_string();
            let pt = sw * 0.32 * PT_PER_MM;
            c.text(
                TextBox::new(&number, sx + 1.0, top + 1.0, sw - 2.0, sh - 2.0)
                    .size(pt)
                    .min(8.0)
                    .lines(1)
                    .bold()
                    .centred()
                    .fill("#8a7a5a")
                    .of(&group_owner),
            );
        }
        y += row_share;
    }
    let page = ctx.finish(c, &ctx.msg.first("products.mat"));
    (page, (paper.width, paper.height))
}

/// A slot group's heading: its name, how many of how many cards it holds, in each of the pack's
/// languages, and the rule it comes from.
fn group_heading(pack: &Pack, msg: &Messages, group: &SlotGroup) -> String {
    let count = group.count.value.to_string();
    let heading = match &group.of {
        Some(of) => {
            let of = of.value.to_string();
            msg.each_language(" · ", |m| {
                m.fill("mat.slots_of", &[("name", &m.name(&group.name)), ("count", &count), ("of", &of)])
            })
        }
        None => msg.name(&group.name),
    };
    let rule = group
        .rule
        .as_ref()
        .and_then(|r| pack.clause(r))
        .map(|c| format!(" ({})", msg.fill_first("mat.rule", &[("number", &c.number)])))
        .unwrap_or_default();
    format!("{heading}{rule}")
}
