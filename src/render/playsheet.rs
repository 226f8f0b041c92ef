//! Play sheets: one page per `[[sheets]]` entry of kind `play` or `score` — its boxes, the turn
//! sequence, summarized rule clauses and play-aid tables — and the generic track component.
//!
//! Every text goes through the page's [`Canvas`] with the component it belongs to; every word the
//! page prints by itself comes from the `[sheets]` and `[tracks]` messages.

use super::aids::draw_table;
use super::canvas::{Align, Canvas, Owner, TextBox};
use super::sheets::Page;
use super::templates::mm;
use super::Ctx;
use crate::layout::Paper;
use crate::messages::Messages;
use crate::model::{Sheet, Track, TrackBox};
use crate::text::fit::{height_at, PT_PER_MM};
use crate::text::{Fonts, Style, Weight};

/// Room between the content area's edge and the sheet's drawing, mm.
const INSET: f64 = 3.0;
/// The least size texts inside track boxes may shrink to, pt.
const BOX_MIN_PT: f64 = 6.0;
/// Padding inside a track box, mm.
const BOX_PAD: f64 = 1.0;
/// Space between two rows of track boxes, mm.
const ROW_GAP: f64 = 3.0;
/// The red of draft marks.
const DRAFT_RED: &str = "#c0392b";

/// One play sheet.
pub(crate) fn sheet(ctx: &mut Ctx<'_>, sheet: &Sheet, paper: Paper) -> Page {
    let pack = ctx.pack;
    let owner = Owner::new(format!("sheet `{}`", sheet.id), Some(&sheet.span));
    let mut c = ctx.canvas((paper.width, paper.height), owner.clone());
    let (ax, ay, aw, _) = c.area();
    let (x, w) = (ax + INSET, aw - 2.0 * INSET);
    let title = ctx.msg.name(&sheet.name);
    let head = c.text(TextBox::new(&title, x, ay + INSET, w, 8.0).size(16.0).min(10.0).lines(1).bold().of(&owner));
    let mut y = head.bottom + 5.0;
    y = chit_boxes(&mut c, ctx, sheet, (x, y), w);
    if !sheet.columns.is_empty() {
        y = score_table(&mut c, ctx, sheet, (x, y), w) + 4.0;
    }
    for track in sheet.tracks.iter().filter_map(|t| pack.tracks.iter().find(|x| x.id == t.value)) {
        let head = track_heading(&mut c, ctx, track, (x, y), w, 10.0);
        y = draw_track(&mut c, &ctx.msg, track, (x, head + 2.0), w, TrackStyle::SHEET) + 3.0;
    }
    // The turn sequence on the left, play-aid tables on the right, the rule summary below both.
    let half = (w - 6.0) / 2.0;
    let left = if sheet.sequence && !pack.sequence.is_empty() { sequence(&mut c, ctx, (x, y), half) } else { y };
    let mut right = y;
    for aid in sheet.aids.iter().filter_map(|a| pack.aids.iter().find(|x| x.id == a.value)) {
        right = draw_table(&mut c, pack, &ctx.msg, aid, (x + half + 6.0, right), half) + 5.0;
    }
    if !sheet.summary.is_empty() {
        summary(&mut c, ctx, sheet, (x, left.max(right) + 3.0), w);
    }
    let what = match sheet.kind.as_str() {
        "score" => ctx.msg.first("products.score_sheet"),
        _ if is_tracker(ctx, sheet) => ctx.msg.first("products.tracker_sheet"),
        _ => ctx.msg.first("products.play_sheet"),
    };
    ctx.finish(c, &what)
}

/// Whether a play sheet holds nothing but tracks (a point tracker).
fn is_tracker(ctx: &Ctx<'_>, sheet: &Sheet) -> bool {
    !sheet.tracks.is_empty()
        && sheet.aids.is_empty()
        && sheet.summary.is_empty()
        && !sheet.sequence
        && !ctx.pack.boxes.iter().any(|b| b.sheet.value == sheet.id)
}

/// The sheet's chit boxes in two columns, each big enough for a stack of chits, with its name
/// and a draft mark when the pack marks it provisional; returns the y below them.
fn chit_boxes(c: &mut Canvas<'_>, ctx: &Ctx<'_>, sheet: &Sheet, (x, y): (f64, f64), w: f64) -> f64 {
    let pack = ctx.pack;
    let boxes: Vec<_> = pack.boxes.iter().filter(|b| b.sheet.value == sheet.id).collect();
    let (gap, bh) = (6.0, 22.0);
    let bw = (w - gap) / 2.0;
    for (i, b) in boxes.iter().enumerate() {
        let owner = Owner::new(format!("box `{}`", b.id), Some(&b.span));
        let (bx, by) = (x + (i % 2) as f64 * (bw + gap), y + (i / 2) as f64 * (bh + 4.0));
        c.raw(&format!(
            r##"<rect x="{}" y="{}" width="{}" height="{bh}" rx="2" fill="#f7f3e8" stroke="#3b2f1c" stroke-width="0.5"/>"##,
            mm(bx),
            mm(by),
            mm(bw)
        ));
        let (tx, ty, tw) = (bx + 3.0, by + 2.5, bw - 6.0);
        let mut name_w = tw;
        if pack.provisional.iter().any(|p| p.what.starts_with(&format!("box `{}`", b.id))) {
            let draft = ctx.msg.text("common.draft");
            let mark = c.text(
                TextBox::new(&draft, tx, ty, tw, 4.0)
                    .fixed(7.0)
                    .bold()
                    .lines(1)
                    .align(Align::End)
                    .fill(DRAFT_RED)
                    .of(&owner),
            );
            name_w -= mark.width + 3.0;
        }
        let name = ctx.msg.name(&b.name);
        c.text(TextBox::new(&name, tx, ty, name_w, bh - 5.0).size(10.0).min(7.0).bold().of(&owner));
    }
    if boxes.is_empty() {
        y
    } else {
        y + boxes.len().div_ceil(2) as f64 * (bh + 4.0) + 2.0
    }
}

/// A track's name as a heading at (`x`, `y`), with a draft mark when the pack marks the track
/// provisional; returns the y below it.
fn track_heading(c: &mut Canvas<'_>, ctx: &Ctx<'_>, track: &Track, (x, y): (f64, f64), w: f64, pt: f64) -> f64 {
    let owner = Owner::new(format!("track `{}`", track.id), Some(&track.span));
    let h = pt / PT_PER_MM * 1.3;
    let mut name_w = w;
    if ctx.pack.provisional.iter().any(|p| p.what.starts_with(&format!("track `{}`", track.id))) {
        let draft = ctx.msg.text("common.draft");
        let mark = c.text(
            TextBox::new(&draft, x, y, w, h).fixed(7.0).bold().lines(1).align(Align::End).fill(DRAFT_RED).of(&owner),
        );
        name_w -= mark.width + 3.0;
    }
    let name = ctx.msg.name(&track.name);
    c.text(TextBox::new(&name, x, y, name_w, h).size(pt).min(pt.min(8.0)).lines(1).bold().of(&owner)).bottom
}

/// The turn sequence: a heading, each side's player turn and its phases with their rule
/// numbers; returns the y below it.
fn sequence(c: &mut Canvas<'_>, ctx: &Ctx<'_>, (x, mut y): (f64, f64), w: f64) -> f64 {
    let pack = ctx.pack;
    let owner = Owner::new("turn sequence", None);
    let heading = ctx.msg.text("sheets.turn_sequence");
    y = c.text(TextBox::new(&heading, x, y, w, 5.0).size(11.0).min(8.0).lines(1).bold().of(&owner)).bottom + 1.5;
    let mut current: Option<&str> = None;
    for phase in &pack.sequence {
        let side = phase.side.as_ref().and_then(|r| pack.side(r));
        let side_id = side.map(|s| s.id.as_str());
        if side_id != current {
            if let Some(side) = side {
                let turn =
                    ctx.msg.each_language(" · ", |m| m.fill("sheets.player_turn", &[("side", &m.name(&side.name))]));
                let laid = c.text(TextBox::new(&turn, x, y + 0.8, w, 8.0).size(8.5).min(7.0).bold().of(&owner));
                y = laid.bottom + 0.6;
            }
            current = side_id;
        }
        let rule = phase
            .rule
            .as_ref()
            .and_then(|r| pack.rules.sections.iter().find(|sec| sec.id == r.value))
            .map(|sec| format!(" ({})", sec.number))
            .unwrap_or_default();
        let text = format!("· {}{rule}", ctx.msg.name(&phase.name));
        let phase_owner = Owner::new(format!("phase `{}`", phase.id), None);
        y = c.paragraph(&text, (x + 3.0, y), w - 3.0, 8.0, &phase_owner);
    }
    y
}

/// The rule summary: a heading and each clause with its number, its items indented below it, at
/// 8 pt when the page has room for that, else 7 pt; returns the y below.
fn summary(c: &mut Canvas<'_>, ctx: &Ctx<'_>, sheet: &Sheet, (x, y): (f64, f64), w: f64) -> f64 {
    let pack = ctx.pack;
    let owner = Owner::new(format!("sheet `{}`", sheet.id), Some(&sheet.span));
    let heading = ctx.msg.text("sheets.summary");
    let mut y =
        c.text(TextBox::new(&heading, x, y, w, 5.0).size(11.0).min(8.0).lines(1).bold().of(&owner)).bottom + 1.5;
    let indent = 3.0;
    let paragraphs: Vec<(Owner, f64, String)> = sheet
        .summary
        .iter()
        .filter_map(|c| pack.clause(c))
        .flat_map(|clause| {
            let owner = Owner::new(format!("clause {}", clause.number), Some(&clause.span));
            let text = format!("{} {}", clause.number, pack.plain_text(&clause.text));
            let items = clause.items.iter().map(move |item| (indent, format!("· {}", pack.plain_text(item))));
            std::iter::once((0.0, text)).chain(items).map(move |(dx, text)| (owner.clone(), dx, text))
        })
        .collect();
    // As `Canvas::paragraph` sets them: leading 1.3, a third of a line between paragraphs.
    let height = |pt: f64| -> f64 {
        paragraphs
            .iter()
            .map(|(_, dx, text)| {
                height_at(c.fonts(), text, w - dx, pt, 1.3, Style::embedded(Weight::Regular)) + pt / PT_PER_MM * 0.3
            })
            .sum()
    };
    let pt = if y + height(8.0) <= c.bottom() { 8.0 } else { 7.0 };
    for (owner, dx, text) in &paragraphs {
        y = c.paragraph(text, (x + dx, y), w - dx, pt, owner);
    }
    y
}

/// Space between two tracks sharing a page, mm.
const TRACK_GAP: f64 = 10.0;

/// The tracks on landscape pages, stacked in the pack's order as many to a page as fit (a short
/// track alone on a page left most of it blank): each its name, then rows of numbered boxes, each
/// with its label and attributes, as wide as their texts need.
pub(crate) fn tracks(ctx: &mut Ctx<'_>, tracks: &[Track], paper: Paper) -> Vec<Page> {
    let paper = paper.landscape();
    let size = (paper.width, paper.height);
    let mut pages = Vec::new();
    let mut page: Option<(Canvas<'_>, f64)> = None;
    for track in tracks {
        let owner = Owner::new(format!("track `{}`", track.id), Some(&track.span));
        let (ax, ay, aw, ah) = ctx.canvas(size, owner.clone()).area();
        let (x, w) = (ax + INSET, aw - 2.0 * INSET);
        // Measured on a scratch page first: a track moves to a new page rather than run off one.
        let height = draw_one(&mut ctx.canvas(size, owner.clone()), ctx, track, (x, 0.0), w);
        let top = match page.take() {
            Some((c, y)) if y + TRACK_GAP + height <= ay + ah => {
                page = Some((c, y + TRACK_GAP));
                y + TRACK_GAP
            }
            full => {
                if let Some((c, _)) = full {
                    pages.push(ctx.finish(c, &ctx.msg.first("products.track")));
                }
                page = Some((ctx.canvas(size, owner), ay + INSET));
                ay + INSET
            }
        };
        if let Some((c, y)) = page.as_mut() {
            *y = top + draw_one(c, ctx, track, (x, top), w);
        }
    }
    if let Some((c, _)) = page {
        pages.push(ctx.finish(c, &ctx.msg.first("products.track")));
    }
    pages
}

/// Draws one track (its heading and its boxes) with its top at `y`; returns its height.
fn draw_one(c: &mut Canvas<'_>, ctx: &Ctx<'_>, track: &Track, (x, y): (f64, f64), w: f64) -> f64 {
    let head = track_heading(c, ctx, track, (x, y), w, 18.0);
    draw_track(c, &ctx.msg, track, (x, head + 4.0), w, TrackStyle::PAGE) - y
}

/// How large a track is drawn: on its own page or as a part of a sheet.
#[derive(Clone, Copy)]
struct TrackStyle {
    /// The size of each box's value, pt.
    value_pt: f64,
    /// The size of the label and attributes under it, pt.
    text_pt: f64,
    /// The narrowest a box may be, mm.
    min_box: f64,
    /// The least height of a box, room for a marker, mm.
    min_height: f64,
    /// How tall a box's texts may grow before the boxes are made wider, mm.
    max_text: f64,
}

impl TrackStyle {
    const PAGE: TrackStyle =
        TrackStyle { value_pt: 20.0, text_pt: 9.0, min_box: 16.0, min_height: 24.0, max_text: 50.0 };
    const SHEET: TrackStyle =
        TrackStyle { value_pt: 11.0, text_pt: 7.0, min_box: 11.0, min_height: 13.0, max_text: 25.0 };
}

/// The texts a track box prints under its value: its label (without a leading copy of the value)
/// and each attribute under its label, in the order the track declares them.
fn box_text(msg: &Messages, track: &Track, b: &TrackBox) -> String {
    let value = b.value.to_string();
    let label = b.label.trim();
    let label = label.strip_prefix(&format!("{value} ")).unwrap_or(if label == value { "" } else { label });
    let attributes = track.attributes.iter().filter_map(|a| {
        let text = b.attributes.get(&a.id)?;
        Some(msg.fill_first("tracks.attribute", &[("label", &msg.name(&a.name)), ("value", text)]))
    });
    std::iter::once(label.trim().to_string()).chain(attributes).filter(|t| !t.is_empty()).collect::<Vec<_>>().join("\n")
}

/// How many boxes go in a row: as many as fit at the style's narrowest box, widened until no
/// word is broken and no box's texts grow taller than the style allows; rows balanced.
fn boxes_per_row(fonts: &Fonts, texts: &[String], width: f64, style: TrackStyle) -> usize {
    let count = texts.len().max(1);
    let word_mm = |word: &str| fonts.width_em(word, Style::embedded(Weight::Regular)) * style.text_pt / PT_PER_MM;
    // A word longer than this may break: Japanese runs without spaces break anywhere anyway.
    let longest = texts.iter().flat_map(|t| t.split_whitespace()).map(word_mm).fold(0.0, f64::max).min(28.0);
    let narrowest = style.min_box.max(longest + 2.0 * BOX_PAD + 0.5);
    let mut most = ((width / narrowest).floor() as usize).clamp(1, count);
    while most > 1 {
        let bw = width / most as f64;
        let tallest = texts
            .iter()
            .map(|t| height_at(fonts, t, bw - 2.0 * BOX_PAD, style.text_pt, 1.2, Style::embedded(Weight::Regular)))
            .fold(0.0, f64::max);
        if tallest <= style.max_text {
            break;
        }
        most -= 1;
    }
    let rows = count.div_ceil(most);
    count.div_ceil(rows)
}

/// Draws `track`'s boxes from (`x`, `y`) across `width` mm in rows, each box with its value, label
/// and attributes fitted at 6 pt or more; returns the y below the last row.
fn draw_track(
    c: &mut Canvas<'_>,
    msg: &Messages,
    track: &Track,
    (x, y): (f64, f64),
    width: f64,
    style: TrackStyle,
) -> f64 {
    let fonts = c.fonts();
    let texts: Vec<String> = track.boxes.iter().map(|b| box_text(msg, track, b)).collect();
    let per_row = boxes_per_row(fonts, &texts, width, style);
    let bw = width / per_row as f64;
    let value_h = style.value_pt / PT_PER_MM * 1.1;
    let mut top = y;
    for (row, boxes) in track.boxes.chunks(per_row).enumerate() {
        let row_texts = &texts[row * per_row..row * per_row + boxes.len()];
        let text_h = row_texts
            .iter()
            .map(|t| height_at(fonts, t, bw - 2.0 * BOX_PAD, style.text_pt, 1.2, Style::embedded(Weight::Regular)))
            .fold(0.0, f64::max);
        let bh = (BOX_PAD + value_h + if text_h > 0.0 { text_h + 1.0 } else { 0.0 } + BOX_PAD).max(style.min_height);
        for (i, (b, text)) in boxes.iter().zip(row_texts).enumerate() {
            let owner = Owner::new(format!("track `{}` box {}", track.id, b.value), Some(&b.span));
            let bx = x + i as f64 * bw;
            c.raw(&format!(
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#f7f3e8" stroke="#3b2f1c" stroke-width="0.4"/>"##,
                mm(bx),
                mm(top),
                mm(bw),
                mm(bh)
            ));
            let (ix, iw) = (bx + BOX_PAD, bw - 2.0 * BOX_PAD);
            let value = b.value.to_string();
            c.text(
                TextBox::new(&value, ix, top + BOX_PAD, iw, value_h)
                    .size(style.value_pt)
                    .min(8.0)
                    .bold()
                    .lines(1)
                    .centred()
                    .of(&owner),
            );
            let text_top = top + BOX_PAD + value_h + 0.5;
            c.text(
                TextBox::new(text, ix, text_top, iw, top + bh - BOX_PAD - text_top)
                    .size(style.text_pt)
                    .min(BOX_MIN_PT)
                    .align(Align::Middle)
                    .leading(1.2)
                    .of(&owner),
            );
        }
        top += bh + ROW_GAP;
    }
    top - ROW_GAP
}

/// A score sheet's table: a row per player (a blank for the name, then each column's tick
/// boxes), under a header naming the columns; returns the y below it.
fn score_table(c: &mut Canvas<'_>, ctx: &Ctx<'_>, sheet: &Sheet, (x, y): (f64, f64), width: f64) -> f64 {
    let rows = sheet.rows.as_ref().map_or(ctx.pack.game.players_max, |r| r.value).max(1);
    let owner = Owner::new(format!("sheet `{}`", sheet.id), Some(&sheet.span));
    let name_w = 60.0_f64.min(width * 0.4);
    let ticks: u32 = sheet.columns.iter().map(|c| c.boxes).sum::<u32>().max(1);
    let gap = 4.0;
    let tick_w = ((width - name_w - gap * sheet.columns.len() as f64) / f64::from(ticks)).min(12.0);
    let row_h = 11.0;
    let player = ctx.msg.text("sheets.player");
    let mut head = c.text(TextBox::new(&player, x, y, name_w - 4.0, 8.0).size(9.0).min(6.5).bold().of(&owner)).bottom;
    let mut cx = x + name_w;
    let mut starts = Vec::new();
    for column in &sheet.columns {
        starts.push(cx);
        let name = ctx.msg.name(&column.name);
        let cw = f64::from(column.boxes) * tick_w + gap - 1.0;
        head = head.max(c.text(TextBox::new(&name, cx, y, cw, 8.0).size(9.0).min(6.5).bold().of(&owner)).bottom);
        cx += f64::from(column.boxes) * tick_w + gap;
    }
    let body = head + 1.5;
    for r in 0..rows {
        let top = body + f64::from(r) * row_h;
        c.raw(&format!(
            r##"<path d="M{} {} L{} {}" stroke="#3b2f1c" stroke-width="0.3"/>"##,
            mm(x),
            mm(top + row_h - 1.5),
            mm(x + name_w - 4.0),
            mm(top + row_h - 1.5)
        ));
        for (column, start) in sheet.columns.iter().zip(&starts) {
            for b in 0..column.boxes {
                c.raw(&format!(
                    r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#ffffff" stroke="#3b2f1c" stroke-width="0.4"/>"##,
                    mm(start + f64::from(b) * tick_w + 0.8),
                    mm(top + 1.0),
                    mm(tick_w - 1.6),
                    mm((tick_w - 1.6).min(row_h - 3.0))
                ));
            }
        }
    }
    body + f64::from(rows) * row_h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Names, TrackAttribute};

    fn defcon() -> Track {
        let attribute = |id: &str, ja: &str, en: &str| TrackAttribute {
            id: id.into(),
            name: Names { ja: ja.into(), en: en.into() },
        };
        let level = |value: i64, label: &str, forbids: &str| TrackBox {
            value,
            label: label.into(),
            attributes: [("forbids".to_string(), forbids.to_string())].into_iter().collect(),
            span: Default::default(),
        };
        Track {
            id: "defcon".into(),
            name: Names { ja: "デフコン".into(), en: "DEFCON".into() },
            attributes: vec![attribute("forbids", "禁止", "forbids")],
            boxes: vec![
                level(5, "5 平和 / peace", "nothing"),
                level(4, "4", "coups and realignment rolls in Europe"),
                level(3, "3", "coups and realignment rolls in Europe and Asia"),
            ],
            span: Default::default(),
        }
    }

    #[test]
    fn a_box_prints_its_label_without_the_value_and_its_attributes_under_their_labels() {
        let track = defcon();
        let both = Messages::new(&["ja", "en"]);
        assert_eq!(box_text(&both, &track, &track.boxes[0]), "平和 / peace\n禁止 forbids: nothing");
        assert_eq!(box_text(&both, &track, &track.boxes[1]), "禁止 forbids: coups and realignment rolls in Europe");
        let english = Messages::new(&["en"]);
        assert_eq!(
            box_text(&english, &track, &track.boxes[2]),
            "forbids: coups and realignment rolls in Europe and Asia"
        );
    }

    #[test]
    fn a_track_page_fits_every_box_text_at_six_points_or_more() {
        let fonts = Fonts::embedded();
        let pack = crate::model::Pack::default();
        let mut ctx = Ctx::new(&pack, &fonts);
        let pages = tracks(&mut ctx, &[defcon()], Paper::A4);
        assert!(ctx.warnings.is_empty(), "{:?}", ctx.warnings);
        assert!(pages[0].svg.contains(">forbids: nothing</text>"), "{}", pages[0].svg);
    }

    #[test]
    fn short_tracks_share_a_page_and_a_track_that_would_run_off_it_starts_the_next() {
        let fonts = Fonts::embedded();
        let pack = crate::model::Pack::default();
        let mut ctx = Ctx::new(&pack, &fonts);
        assert_eq!(tracks(&mut ctx, &[defcon(), defcon(), defcon()], Paper::A4).len(), 1);
        assert_eq!(tracks(&mut ctx, &std::array::from_fn::<_, 6, _>(|_| defcon()), Paper::A4).len(), 2);
        assert!(ctx.warnings.is_empty(), "{:?}", ctx.warnings);
    }
}
