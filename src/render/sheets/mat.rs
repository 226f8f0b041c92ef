//! Mats: a sheet of card slots where players lay out their cards (seed 004: transports face down
//! in columns 1–6, actions in slots 1–8), at true size: every slot is the card (`[print]
//! card_size`) + 2 mm each way (a millimetre at each edge), slot groups under heading bands, wrapped over rows
//! or, for a group the rules make neighbours of (`one_row`), side by side in one.
//!
//! The mat goes on the sheet's paper when it fits there (portrait or landscape), else on A3,
//! else on a page as large as it needs; slots that leave a third of the paper empty make a strip
//! of it; and, when the page does not fit the run's paper either way up, it is also cut
//! into overlapping tiles of the run's paper with cut and placement marks and an assembly diagram
//! (the map's tiling, its seams between slots), so it can be printed at home and taped together.

use crate::layout::Paper;
use crate::messages::Messages;
use crate::model::{Pack, Sheet, SlotGroup};
use crate::render::maps::hex::{self as map};
use crate::render::maps::pen::{Drawing, Pen, Spot};
use crate::render::page::canvas::{Owner, TextBox, VAlign};
use crate::render::page::chart::{band_height, INK};
use crate::render::page::mm;
use crate::render::page::Page;
use crate::render::Ctx;
use crate::text::fit::PT_PER_MM;

/// How much a slot exceeds its card each way (1 mm at each edge), mm.
pub(crate) const SLOT_ROOM: f64 = 2.0;
/// Space between two slots, mm.
const GAP: f64 = 2.5;
/// Room between the content area's edge and the mat's drawing, mm.
const INSET: f64 = 2.0;
/// The size of the title band and of each group's band, pt.
const TITLE_PT: f64 = 14.0;
const GROUP_PT: f64 = 10.0;
/// The most of its paper's height a mat's slots may leave the mat as tall as the paper; with less,
/// the mat is a strip as tall as its slots (the rest of the paper would be empty board).
const STRIP: f64 = 2.0 / 3.0;
/// Space under a band, and between groups, mm.
const UNDER_BAND: f64 = 2.0;
const GROUP_GAP: f64 = 4.0;

/// One row of slots: which group, its first slot's number (from 0), how many, and its top.
#[derive(Clone, Debug, PartialEq)]
struct SlotRow {
    group: usize,
    first: u32,
    count: u32,
    y: f64,
}

/// Where everything on a mat goes, in mm of its page.
#[derive(Clone, Debug, PartialEq)]
struct Layout {
    /// The page: its size, and the paper it prints on when that is a paper pnpkit knows (the
    /// page is the paper, or a strip of it as tall as the slots need).
    size: (f64, f64),
    paper: Option<Paper>,
    /// Each group's band top, in group order.
    bands: Vec<f64>,
    rows: Vec<SlotRow>,
    /// A slot's size.
    slot: (f64, f64),
    /// The drawing's left and width.
    x: f64,
    w: f64,
}

/// A group of slots as the layout sees it: how many, and whether they must stand in one row.
type Group = (u32, bool);

/// The mat laid out on a page `size` mm with `safe` mm margins and a footer of `footer` mm: as
/// many slots to a row as its width holds, each group's rows balanced; `None` when the page is
/// not tall enough (unless `grow`, which makes it as tall as the mat needs) or not wide enough
/// for a group that stands in one row.
fn layout_on(
    size: (f64, f64),
    safe: f64,
    footer: f64,
    slot: (f64, f64),
    groups: &[Group],
    grow: bool,
) -> Option<Layout> {
    let (x, w) = (safe + INSET, size.0 - 2.0 * (safe + INSET));
    let per_row = (((w + GAP) / (slot.0 + GAP)).floor() as u32).max(1);
    if groups.iter().any(|&(count, one_row)| one_row && count > per_row) && !grow {
        return None;
    }
    let mut y = safe + INSET + band_height(TITLE_PT) + GROUP_GAP;
    let (mut bands, mut rows) = (Vec::new(), Vec::new());
    for (group, &(count, _)) in groups.iter().enumerate() {
        let count = count.max(1);
        bands.push(y);
        y += band_height(GROUP_PT) + UNDER_BAND;
        let lines = count.div_ceil(per_row);
        let per = count.div_ceil(lines);
        for line in 0..lines {
            let first = line * per;
            rows.push(SlotRow { group, first, count: per.min(count - first), y });
            y += slot.1 + GAP;
        }
        y += GROUP_GAP - GAP;
    }
    let height = y - GROUP_GAP + INSET + safe + footer;
    if height <= size.1 * STRIP {
        // Slots that leave a third of the paper empty make a strip, cut from the paper.
        Some(Layout { size: (size.0, height.ceil()), paper: None, bands, rows, slot, x, w })
    } else if height <= size.1 {
        Some(Layout { size, paper: None, bands, rows, slot, x, w })
    } else if grow {
        Some(Layout { size: (size.0, height.ceil()), paper: None, bands, rows, slot, x, w })
    } else {
        None
    }
}

/// The mat's layout: on the first of the sheet's paper (portrait, landscape) and A3 (portrait,
/// landscape) that holds it, else on a page of A3's landscape width (or the widest row's) as
/// tall as it needs.
fn layout(sheet_paper: Paper, safe: f64, footer: f64, slot: (f64, f64), groups: &[Group]) -> Layout {
    let mut papers = vec![sheet_paper, sheet_paper.landscape()];
    if sheet_paper.width * sheet_paper.height < Paper::A3.width * Paper::A3.height {
        papers.extend([Paper::A3, Paper::A3.landscape()]);
    }
    papers
        .into_iter()
        .find_map(|p| {
            layout_on((p.width, p.height), safe, footer, slot, groups, false).map(|l| Layout { paper: Some(p), ..l })
        })
        .or_else(|| {
            let widest = groups.iter().filter(|g| g.1).map(|g| g.0).max().unwrap_or(0);
            let row = f64::from(widest) * (slot.0 + GAP) - GAP + 2.0 * (safe + INSET);
            layout_on((Paper::A3.height.max(row.ceil()), Paper::A3.width), safe, footer, slot, groups, true)
        })
        .expect("a growing page holds any mat")
}

/// The mat of `sheet`: the whole page (named after its paper) and, when the run's paper is
/// smaller, the same cut into tiles of the run's paper. Each entry: its name, its pages and
/// their size in mm.
pub(crate) fn documents(ctx: &mut Ctx<'_>, sheet: &Sheet, run_paper: Paper) -> Vec<(String, Vec<Page>, (f64, f64))> {
    let pack = ctx.pack;
    let (card_w, card_h) = pack.print.card_mm;
    let slot = (card_w + SLOT_ROOM, card_h + SLOT_ROOM);
    let groups: Vec<Group> = sheet.slots.iter().map(|g| (g.count.value, g.one_row)).collect();
    let (_, ay, _, ah) = ctx.canvas((100.0, 100.0), Owner::default()).area();
    let footer = 100.0 - ay - ah - pack.print.safe_margin;
    let sheet_paper = Paper::named(&sheet.paper).unwrap_or(Paper::A3);
    let lay = layout(sheet_paper, pack.print.safe_margin, footer, slot, &groups);
    let lay_paper = lay.paper;
    let base = if sheet.id.starts_with("mat") { sheet.id.clone() } else { format!("mat-{}", sheet.id) };
    let owner = Owner::new(format!("mat `{}`", sheet.id), Some(&sheet.span));
    // A tile seam through a card slot would put a card on a glued edge.
    let (sw, sh) = lay.slot;
    let uncut = (lay.rows.iter())
        .flat_map(|row| (0..row.count).map(|i| (slot_left(&lay, row, i), row.y)).collect::<Vec<_>>())
        .map(|(sx, sy)| (sx, sy, sx + sw, sy + sh))
        .collect();
    let drawing = Drawing {
        size: lay.size,
        what: ctx.msg.first("products.mat"),
        owner: owner.clone(),
        draw: Box::new(move |ctx: &Ctx<'_>, pen: &mut Pen<'_, '_>| draw(ctx, pen, sheet, &lay, &owner)),
        uncut,
    };
    let (page, extents, page_mm) = crate::render::maps::pen::page(ctx, &drawing);
    let whole_name = match lay_paper.or_else(|| paper_of(drawing.size)) {
        Some(p) => format!("{base}-{}", p.name.to_lowercase()),
        None => format!("{base}-full"),
    };
    let mut out = vec![(whole_name, vec![page], page_mm)];
    // Tiled when the run's paper holds it neither way up (a strip may have less area and still not fit).
    let (w, h) = drawing.size;
    let (rw, rh) = (run_paper.width, run_paper.height);
    if !((w <= rw && h <= rh) || (w <= rh && h <= rw)) {
        let tiles = map::tiles_as(ctx, &drawing, &extents, run_paper, "mat.tile_footer");
        let landscape =
            tiles.first().is_some_and(|t| t.svg.text().contains(&format!("width=\"{}mm\"", run_paper.height)));
        let size = if landscape { (run_paper.height, run_paper.width) } else { (run_paper.width, run_paper.height) };
        out.push((format!("{base}-{}", run_paper.name.to_lowercase()), tiles, size));
    }
    out
}

/// The left edge of slot `i` of `row`, mm. Slots stand on one grid of columns, the widest row's,
/// centred across the mat; a shorter row is as centred as the grid allows. Columns that line up
/// leave gaps down the whole mat where a tile seam can pass without cutting a slot.
fn slot_left(lay: &Layout, row: &SlotRow, i: u32) -> f64 {
    let columns = lay.rows.iter().map(|r| r.count).max().unwrap_or(row.count);
    let pitch = lay.slot.0 + GAP;
    let left = lay.x + (lay.w - f64::from(columns) * pitch + GAP) / 2.0;
    left + f64::from((columns - row.count) / 2 + i) * pitch
}

/// The paper a page of `size` mm is, either way up.
fn paper_of(size: (f64, f64)) -> Option<Paper> {
    [Paper::A4, Paper::A3, Paper::LETTER]
        .into_iter()
        .find(|p| [(p.width, p.height), (p.height, p.width)].contains(&size))
}

/// Draws the mat: its title band, then each group's band and its rows of numbered slots.
fn draw(ctx: &Ctx<'_>, pen: &mut Pen<'_, '_>, sheet: &Sheet, lay: &Layout, owner: &Owner) {
    let (x, w) = (lay.x, lay.w);
    let title = ctx.msg.name(&sheet.name);
    pen_band(
        pen,
        &title,
        (x, lay.bands.first().map_or(0.0, |b| b - GROUP_GAP - band_height(TITLE_PT)), w),
        TITLE_PT,
        owner,
    );
    for (group, top) in sheet.slots.iter().zip(&lay.bands) {
        let group_owner = Owner::new(format!("mat `{}` slots `{}`", sheet.id, group.id), Some(&group.count.span));
        pen_band(pen, &group_heading(ctx.pack, &ctx.msg, group), (x, *top, w), GROUP_PT, &group_owner);
    }
    let (sw, sh) = lay.slot;
    let number_pt = (sw * 0.4 * PT_PER_MM).min(40.0);
    for row in &lay.rows {
        let group = &sheet.slots[row.group];
        let group_owner = Owner::new(format!("mat `{}` slots `{}`", sheet.id, group.id), Some(&group.count.span));
        for i in 0..row.count {
            let sx = slot_left(lay, row, i);
            pen.raw(&format!(
                r##"<rect class="mat-slot" x="{}" y="{}" width="{}" height="{}" rx="2.5" fill="#f4f1e8" stroke="#5b4a2f" stroke-width="0.5" stroke-dasharray="2 1"/>"##,
                mm(sx),
                mm(row.y),
                mm(sw),
                mm(sh)
            ));
            let number = (row.first + i + 1).to_string();
            pen.text(
                &number,
                Spot::centred(sx + sw / 2.0, row.y + sh / 2.0, sw - 4.0, number_pt / PT_PER_MM * 1.3),
                |b| b.size(number_pt).min(12.0).lines(1).bold().fill("#9a8a6a").valign(VAlign::Middle).of(&group_owner),
            );
        }
    }
}

/// A heading band drawn through a pen (so a tile keeps it whole or leaves its text out).
fn pen_band(pen: &mut Pen<'_, '_>, text: &str, (x, y, w): (f64, f64, f64), pt: f64, owner: &Owner) {
    let h = band_height(pt);
    pen.raw(&format!(r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{INK}"/>"##, mm(x), mm(y), mm(w), mm(h)));
    let _: Option<_> = pen.text(text, Spot::left(x + 2.0, y, w - 4.0, h), |b: TextBox<'_>| {
        b.size(pt).min(8.0).lines(1).bold().valign(VAlign::Middle).fill("#ffffff").of(owner)
    });
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

#[cfg(test)]
mod tests {
    use super::*;

    const FOOTER: f64 = 4.3;
    const CARD_SLOT: (f64, f64) = (65.0, 90.0);

    #[test]
    fn six_and_eight_slots_for_poker_cards_go_on_a3_portrait_four_to_a_row() {
        // A4 is too small either way; A3 portrait holds 4 slots of 65 mm a row, so 3+3 and 4+4.
        let lay = layout(Paper::A4, 5.0, FOOTER, CARD_SLOT, &[(6, false), (8, false)]);
        assert_eq!(lay.paper, Some(Paper::A3));
        let counts: Vec<(usize, u32, u32)> = lay.rows.iter().map(|r| (r.group, r.first, r.count)).collect();
        assert_eq!(counts, [(0, 0, 3), (0, 3, 3), (1, 0, 4), (1, 4, 4)]);
        // Every row lies inside the page, above the footer, and no two rows overlap.
        for pair in lay.rows.windows(2) {
            assert!(pair[0].y + CARD_SLOT.1 <= pair[1].y);
        }
        let last = lay.rows.last().unwrap();
        assert!(last.y + CARD_SLOT.1 <= 420.0 - 5.0 - FOOTER);
        assert!(lay.x + 4.0 * CARD_SLOT.0 + 3.0 * GAP <= 297.0 - 5.0);
    }

    #[test]
    fn a_small_mat_stays_on_the_sheets_paper_and_a_huge_one_grows_its_page() {
        let lay = layout(Paper::A4, 5.0, FOOTER, CARD_SLOT, &[(2, false)]);
        assert_eq!(lay.paper, Some(Paper::A4));
        let lay = layout(Paper::A4, 5.0, FOOTER, CARD_SLOT, &[(12, false), (12, false), (12, false)]);
        assert_eq!((lay.paper, lay.size.0), (None, 420.0));
        let last = lay.rows.last().unwrap();
        assert!(last.y + CARD_SLOT.1 <= lay.size.1 - 5.0 - FOOTER, "{lay:?}");
        assert_eq!(lay.rows.iter().map(|r| r.count).sum::<u32>(), 36);
    }

    #[test]
    fn slots_that_stand_in_one_row_take_the_paper_whose_width_holds_them() {
        // Six poker slots side by side need 405 mm: A3 landscape holds them, A3 portrait not.
        let lay = layout(Paper::A4, 5.0, FOOTER, CARD_SLOT, &[(6, true)]);
        assert_eq!(lay.paper, Some(Paper::A3.landscape()));
        assert_eq!(lay.rows.iter().map(|r| r.count).collect::<Vec<_>>(), [6]);
        // Eight in a row fit no paper pnpkit tries: the page grows as wide as the row.
        let lay = layout(Paper::A4, 5.0, FOOTER, CARD_SLOT, &[(8, true)]);
        assert_eq!((lay.paper, lay.rows.len()), (None, 1));
        assert!(lay.size.0 >= 8.0 * CARD_SLOT.0 + 7.0 * GAP + 14.0, "{lay:?}");
    }
}
