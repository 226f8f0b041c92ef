//! Play sheets: one page per `[[sheets]]` entry of kind `play` or `score` — its boxes, the turn
//! sequence, summarized rule clauses and play-aid tables — and the generic track component.

use std::fmt::Write;

use super::aids::draw_table;
use super::canvas::{Align, Canvas, Owner, TextBox};
use super::sheets::{begin_page, end_page, escape, paragraph, Page};
use super::templates::mm;
use crate::layout::Paper;
use crate::model::{Pack, Sheet, Track};

/// One play sheet.
pub(crate) fn sheet(ctx: &mut super::Ctx<'_>, sheet: &Sheet, paper: Paper) -> Page {
    let (pack, fonts) = (ctx.pack, ctx.fonts);
    let mut s = begin_page(paper.width, paper.height);
    let (w, margin) = (paper.width, 12.0);
    let _ = write!(
        s,
        r##"<text x="{margin}" y="18" font-size="7" font-weight="700">{} {}</text>"##,
        escape(&sheet.name.ja),
        escape(&sheet.name.en)
    );
    let boxes: Vec<_> = pack.boxes.iter().filter(|b| b.sheet.value == sheet.id).collect();
    // Boxes: two columns, each big enough for a stack of chits.
    let (bw, bh, gap) = ((w - 2.0 * margin - 6.0) / 2.0, 24.0, 6.0);
    let mut y = 26.0;
    for (i, b) in boxes.iter().enumerate() {
        let (x, by) = (margin + (i % 2) as f64 * (bw + gap), y + (i / 2) as f64 * (bh + 4.0));
        let _ = write!(
            s,
            r##"<rect x="{x}" y="{by}" width="{}" height="{bh}" rx="2" fill="#f7f3e8" stroke="#3b2f1c" stroke-width="0.5"/>"##,
            mm(bw)
        );
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="4" font-weight="700">{}</text>"##,
            mm(x + 3.0),
            mm(by + 6.0),
            escape(&b.name.ja)
        );
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="3" fill="#555555">{}</text>"##,
            mm(x + 3.0),
            mm(by + 10.5),
            escape(&b.name.en)
        );
        if pack.provisional.iter().any(|p| p.what.starts_with(&format!("box `{}`", b.id))) {
            let _ = write!(
                s,
                r##"<text x="{}" y="{}" font-size="2.6" font-weight="700" text-anchor="end" fill="#c0392b">暫定 DRAFT</text>"##,
                mm(x + bw - 3.0),
                mm(by + 6.0)
            );
        }
    }
    y += boxes.len().div_ceil(2) as f64 * (bh + 4.0) + 6.0;
    if !sheet.columns.is_empty() {
        y = score_table(&mut s, pack, sheet, (margin, y), w - 2.0 * margin) + 4.0;
    }
    for track in sheet.tracks.iter().filter_map(|t| pack.tracks.iter().find(|x| x.id == t.value)) {
        let _ = write!(
            s,
            r##"<text x="{margin}" y="{}" font-size="4.4" font-weight="700">{} {}</text>"##,
            mm(y),
            escape(&track.name.ja),
            escape(&track.name.en)
        );
        y = draw_track(&mut s, track, (margin, y + 3.0), w - 2.0 * margin, 16.0) + 4.0;
    }
    // The turn sequence on the left, play-aid tables on the right, the rule summary below both.
    let top = y;
    let half = (w - 2.0 * margin) / 2.0;
    if sheet.sequence && !pack.sequence.is_empty() {
        let _ = write!(
            s,
            r##"<text x="{margin}" y="{}" font-size="4.4" font-weight="700">手順 Turn sequence</text>"##,
            mm(y)
        );
        y += 6.0;
        let mut current: Option<&str> = None;
        for phase in &pack.sequence {
            let side = phase.side.as_ref().and_then(|r| pack.side(r));
            let side_name = side.map(|s| s.name.ja.as_str());
            if side_name != current {
                if let Some(side) = side {
                    let _ = write!(
                        s,
                        r##"<text x="{margin}" y="{}" font-size="3.4" font-weight="700">{}プレイヤーターン · {} player turn</text>"##,
                        mm(y),
                        escape(&side.name.ja),
                        escape(&side.name.en)
                    );
                    y += 4.6;
                }
                current = side_name;
            }
            let rule = phase
                .rule
                .as_ref()
                .and_then(|r| pack.rules.sections.iter().find(|sec| sec.id == r.value))
                .map(|sec| format!(" ({})", sec.number))
                .unwrap_or_default();
            let text = format!("· {} {}{}", phase.name.ja, phase.name.en, rule);
            // `y` is a baseline; a paragraph takes its top and returns the top of the next line.
            y = paragraph(&mut s, fonts, &text, (margin + 4.0, y - 3.0), half - 8.0, 9.0) + 3.0 + 0.6;
        }
    }
    let mut right = top;
    for aid in sheet.aids.iter().filter_map(|a| pack.aids.iter().find(|x| x.id == a.value)) {
        right = draw_table(&mut s, pack, fonts, aid, (margin + half + 4.0, right), half - 4.0) + 8.0;
    }
    y = y.max(right) + 4.0;
    if !sheet.summary.is_empty() {
        let _ =
            write!(s, r##"<text x="{margin}" y="{}" font-size="4.4" font-weight="700">要約 Summary</text>"##, mm(y));
        y += 3.0;
        for clause in sheet.summary.iter().filter_map(|c| pack.clause(c)) {
            let mut text = format!("{} {}", clause.number, pack.plain_text(&clause.text));
            for item in &clause.items {
                text.push_str(&format!("\n    · {}", pack.plain_text(item)));
            }
            y = paragraph(&mut s, fonts, &text, (margin, y + 1.2), w - 2.0 * margin, 7.0);
        }
    }
    end_page(&mut s, pack, (paper.width, paper.height), &format!("{} sheet", sheet.kind));
    Page { svg: s, back: false }
}

/// Draws `track`'s boxes from (`x`, `y`) across `width` mm, wrapping onto more rows, each box
/// `size` mm wide with its value, label and attributes; returns the y below the last row.
fn draw_track(s: &mut String, track: &Track, (x, y): (f64, f64), width: f64, size: f64) -> f64 {
    let per_row = (width / size).floor().max(1.0) as usize;
    let bw = width / per_row as f64;
    let (bh, value_pt, text_pt) = (size, size * 0.3, (size * 0.085).max(1.8));
    for (i, b) in track.boxes.iter().enumerate() {
        let (bx, by) = (x + (i % per_row) as f64 * bw, y + (i / per_row) as f64 * (bh + 4.0));
        let _ = write!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="{bh}" fill="#f7f3e8" stroke="#3b2f1c" stroke-width="0.4"/>"##,
            mm(bx),
            mm(by),
            mm(bw)
        );
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="{}" font-weight="700" text-anchor="middle">{}</text>"##,
            mm(bx + bw / 2.0),
            mm(by + bh * 0.38),
            mm(value_pt),
            b.value
        );
        let mut line = by + bh * 0.58;
        for text in std::iter::once(b.label.clone())
            .chain(b.attributes.iter().map(|(k, v)| format!("{k}: {v}")))
            .filter(|t| !t.is_empty())
        {
            let _ = write!(
                s,
                r##"<text x="{}" y="{}" font-size="{}" text-anchor="middle">{}</text>"##,
                mm(bx + bw / 2.0),
                mm(line),
                mm(text_pt),
                escape(&text)
            );
            line += text_pt * 1.35;
        }
    }
    y + track.boxes.len().div_ceil(per_row) as f64 * (bh + 4.0)
}

/// A track on its own page: a row of numbered boxes (wrapping onto more rows), each with its label
/// and attributes.
pub(crate) fn track(ctx: &mut super::Ctx<'_>, track: &Track, paper: Paper) -> Page {
    let paper = paper.landscape();
    let owner = Owner::new(format!("track `{}`", track.id), None);
    let mut c = ctx.canvas((paper.width, paper.height), owner.clone());
    let (x, y, w, _) = c.area();
    let title = ctx.msg.name(&track.name);
    let head = c.text(TextBox::new(&title, x, y, w, 9.0).size(18.0).min(10.0).lines(1).bold().of(&owner));
    draw_track_on(&mut c, track, (x, head.bottom + 4.0), w, 26.0);
    ctx.finish(c, &ctx.msg.first("products.track"))
}

/// The canvas version of [`draw_track`]: every label fitted into its box.
fn draw_track_on(c: &mut Canvas<'_>, track: &Track, (x, y): (f64, f64), width: f64, size: f64) -> f64 {
    let per_row = (width / size).floor().max(1.0) as usize;
    let bw = width / per_row as f64;
    let bh = size;
    let owner = Owner::new(format!("track `{}`", track.id), None);
    for (i, b) in track.boxes.iter().enumerate() {
        let (bx, by) = (x + (i % per_row) as f64 * bw, y + (i / per_row) as f64 * (bh + 4.0));
        c.raw(&format!(
            r##"<rect x="{}" y="{}" width="{}" height="{bh}" fill="#f7f3e8" stroke="#3b2f1c" stroke-width="0.4"/>"##,
            mm(bx),
            mm(by),
            mm(bw)
        ));
        let pad = 0.8;
        let value = b.value.to_string();
        c.text(
            TextBox::new(&value, bx + pad, by + pad, bw - 2.0 * pad, bh * 0.4)
                .size(bh * 0.9)
                .min(8.0)
                .bold()
                .lines(1)
                .centred()
                .of(&owner),
        );
        let label: Vec<String> = std::iter::once(b.label.clone())
            .chain(b.attributes.iter().map(|(k, v)| format!("{k}: {v}")))
            .filter(|t| !t.is_empty())
            .collect();
        let label = label.join("\n");
        c.text(
            TextBox::new(&label, bx + pad, by + bh * 0.45, bw - 2.0 * pad, bh * 0.55 - pad)
                .size(7.0)
                .min(4.0)
                .align(Align::Middle)
                .leading(1.15)
                .of(&owner),
        );
    }
    y + track.boxes.len().div_ceil(per_row) as f64 * (bh + 4.0)
}

/// A score sheet's table: a row per player (a blank for the name, then each column's tick
/// boxes), under a header naming the columns; returns the y below it.
fn score_table(s: &mut String, pack: &Pack, sheet: &Sheet, (x, y): (f64, f64), width: f64) -> f64 {
    let rows = sheet.rows.as_ref().map_or(pack.game.players_max, |r| r.value).max(1);
    let name_w = 60.0_f64.min(width * 0.4);
    let ticks: u32 = sheet.columns.iter().map(|c| c.boxes).sum::<u32>().max(1);
    let gap = 4.0;
    let tick_w = ((width - name_w - gap * sheet.columns.len() as f64) / f64::from(ticks)).min(12.0);
    let row_h = 11.0;
    let _ = write!(
        s,
        r##"<text x="{}" y="{}" font-size="3.6" font-weight="700">プレイヤー player</text>"##,
        mm(x),
        mm(y + 5.0)
    );
    let mut cx = x + name_w;
    let mut starts = Vec::new();
    for c in &sheet.columns {
        starts.push(cx);
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="3.6" font-weight="700">{} {}</text>"##,
            mm(cx),
            mm(y + 5.0),
            escape(&c.name.ja),
            escape(&c.name.en)
        );
        cx += f64::from(c.boxes) * tick_w + gap;
    }
    for r in 0..rows {
        let top = y + 8.0 + f64::from(r) * row_h;
        let _ = write!(
            s,
            r##"<path d="M{} {} L{} {}" stroke="#3b2f1c" stroke-width="0.3"/>"##,
            mm(x),
            mm(top + row_h - 1.5),
            mm(x + name_w - 4.0),
            mm(top + row_h - 1.5)
        );
        for (c, start) in sheet.columns.iter().zip(&starts) {
            for b in 0..c.boxes {
                let _ = write!(
                    s,
                    r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#ffffff" stroke="#3b2f1c" stroke-width="0.4"/>"##,
                    mm(start + f64::from(b) * tick_w + 0.8),
                    mm(top + 1.0),
                    mm(tick_w - 1.6),
                    mm((tick_w - 1.6).min(row_h - 3.0))
                );
            }
        }
    }
    y + 8.0 + f64::from(rows) * row_h + 4.0
}
