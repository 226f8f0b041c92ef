//! Play sheets: one page per `[[sheets]]` entry of kind `play` or `score`, read like a
//! rulebook's charts — the sheet's name in a heading band, its chit boxes, a score table of
//! write-in boxes, its tracks at marker size, the turn sequence as a numbered chart, play-aid
//! tables and the summarized rule clauses in a ruled chart.
//!
//! Every text goes through the page's [`Canvas`] with the component it belongs to; every word the
//! page prints by itself comes from the `[sheets]` messages.

use crate::layout::Paper;
use crate::messages::Messages;
use crate::model::{Names, ScoreColumn, Sheet};
use crate::render::page::canvas::{Align, Canvas, Owner, TextBox, VAlign};
use crate::render::page::chart::{band, cell, line, shade, CREAM, INK, SHADE};
use crate::render::page::mm;
use crate::render::page::Page;
use crate::render::tables::aids::draw_table;
use crate::render::tables::tracks;
use crate::render::Ctx;
use crate::text::fit::{height_at, height_within, PT_PER_MM};
use crate::text::{Style, Weight};

/// Room between the content area's edge and the sheet's drawing, mm.
const INSET: f64 = 2.0;
/// The size of a chart's band on a play sheet, pt.
const CHART_PT: f64 = 10.0;
/// Space between two charts, mm.
const CHART_GAP: f64 = 5.0;

/// One play sheet.
pub(crate) fn sheet(ctx: &mut Ctx<'_>, sheet: &Sheet, paper: Paper) -> Page {
    let pack = ctx.pack;
    let owner = Owner::new(format!("sheet `{}`", sheet.id), Some(&sheet.span));
    let mut c = ctx.canvas((paper.width, paper.height), owner.clone());
    let (ax, ay, aw, _) = c.area();
    let (x, w) = (ax + INSET, aw - 2.0 * INSET);
    let title = ctx.msg.name(&sheet.name);
    let mut y = band(&mut c, &title, "", (x, ay + INSET, w), 15.0, &owner) + CHART_GAP;
    y = chit_boxes(&mut c, ctx, sheet, (x, y), w);
    if sheet.kind == "score" || !sheet.columns.is_empty() {
        y = score_tables(&mut c, ctx, sheet, (x, y), w);
    }
    for track in sheet.tracks.iter().filter_map(|t| pack.tracks.iter().find(|x| x.id == t.value)) {
        y = tracks::on_sheet(&mut c, ctx, track, (x, y), w) + CHART_GAP;
    }
    // The turn sequence on the left, play-aid tables on the right, the rule summary below both.
    let half = (w - 6.0) / 2.0;
    let has_sequence = sheet.sequence && !pack.sequence.is_empty();
    let aids: Vec<_> = sheet.aids.iter().filter_map(|a| pack.aids.iter().find(|x| x.id == a.value)).collect();
    let sequence_w = if aids.is_empty() { w } else { half };
    let left = if has_sequence { sequence(&mut c, ctx, (x, y), sequence_w) + CHART_GAP } else { y };
    let mut right = y;
    let aid_x = if has_sequence { x + half + 6.0 } else { x };
    for aid in aids {
        right =
            draw_table(&mut c, pack, &ctx.msg, aid, (aid_x, right), if has_sequence { half } else { w }) + CHART_GAP;
    }
    if !sheet.summary.is_empty() {
        summary(&mut c, ctx, sheet, (x, left.max(right)), w);
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

/// The sheet's chit boxes in two columns, each big enough for a stack of chits, its name on a
/// shaded strip across its top; returns the y below them.
fn chit_boxes(c: &mut Canvas<'_>, ctx: &Ctx<'_>, sheet: &Sheet, (x, y): (f64, f64), w: f64) -> f64 {
    let pack = ctx.pack;
    let boxes: Vec<_> = pack.boxes.iter().filter(|b| b.sheet.value == sheet.id).collect();
    let (gap, bh, strip) = (6.0, 26.0, 6.0);
    let bw = (w - gap) / 2.0;
    for (i, b) in boxes.iter().enumerate() {
        let owner = Owner::new(format!("box `{}`", b.id), Some(&b.span));
        let (bx, by) = (x + (i % 2) as f64 * (bw + gap), y + (i / 2) as f64 * (bh + 4.0));
        cell(c, (bx, by, bw, bh), CREAM, 0.5);
        cell(c, (bx, by, bw, strip), SHADE, 0.5);
        let (tx, tw) = (bx + 2.0, bw - 4.0);
        let name = ctx.msg.name(&b.name);
        c.text(
            TextBox::new(&name, tx, by, tw, strip).size(9.0).min(7.0).lines(1).bold().valign(VAlign::Middle).of(&owner),
        );
    }
    if boxes.is_empty() {
        y
    } else {
        y + boxes.len().div_ceil(2) as f64 * (bh + 4.0) + 1.0
    }
}

/// A row of a chart: a number cell, a text cell and a rule reference at its right end, ruled
/// under, shaded when `shade`.
struct ChartRow<'r> {
    number: String,
    /// A title set in bold above the text (a summarised clause's), or empty.
    title: String,
    text: String,
    aside: String,
    weight: Weight,
    shade: bool,
    owner: &'r Owner,
}

/// Draws `rows` as a ruled chart under a band from (`x`, `y`), numbers in a column of
/// `number_w` mm, texts at `pt`; returns the y below it.
fn chart_rows(c: &mut Canvas<'_>, rows: &[ChartRow<'_>], (x, y): (f64, f64), w: f64, number_w: f64, pt: f64) -> f64 {
    let pad = 1.0;
    // The rule column: as wide as its widest reference.
    let aside_w = rows
        .iter()
        .map(|r| c.fonts().width_em(&r.aside, Style::main(Weight::Regular)) * pt / PT_PER_MM)
        .fold(0.0, f64::max);
    let aside_w = if aside_w > 0.0 { aside_w + 3.0 * pad } else { 0.0 };
    let mut top = y;
    for row in rows {
        let text_w = w - number_w - aside_w - 2.0 * pad;
        let title_h = if row.title.is_empty() {
            0.0
        } else {
            height_at(c.fonts(), &row.title, text_w, pt, 1.25, Style::main(Weight::Bold)) + 0.4
        };
        let h = title_h
            + height_at(c.fonts(), &row.text, text_w, pt, 1.25, Style::main(row.weight)).max(pt / PT_PER_MM)
            + 2.0 * pad;
        if row.shade {
            shade(c, (x, top, w, h), SHADE);
        }
        if !row.number.is_empty() {
            c.text(
                TextBox::new(&row.number, x + 0.5, top + pad, number_w - 1.0, pt / PT_PER_MM * 1.25)
                    .fixed(pt)
                    .bold()
                    .lines(1)
                    .align(Align::Middle)
                    .of(row.owner),
            );
        }
        if !row.title.is_empty() {
            c.text(
                TextBox::new(&row.title, x + number_w + pad, top + pad, text_w, title_h)
                    .fixed(pt)
                    .leading(1.25)
                    .bold()
                    .of(row.owner),
            );
        }
        c.text(
            TextBox::new(&row.text, x + number_w + pad, top + pad + title_h, text_w, h - 2.0 * pad - title_h)
                .fixed(pt)
                .leading(1.25)
                .weight(row.weight)
                .of(row.owner),
        );
        if !row.aside.is_empty() {
            c.text(
                TextBox::new(&row.aside, x + w - aside_w + pad, top + pad, aside_w - 2.5 * pad, pt / PT_PER_MM * 1.25)
                    .fixed(pt)
                    .lines(1)
                    .align(Align::End)
                    .fill("#6b5a3c")
                    .of(row.owner),
            );
        }
        top += h;
        line(c, (x, top), (x + w, top), 0.2);
    }
    // The chart's frame and the number and rule columns' rules.
    cell(c, (x, y, w, top - y), "none", 0.4);
    line(c, (x + number_w, y), (x + number_w, top), 0.2);
    if aside_w > 0.0 {
        line(c, (x + w - aside_w, y), (x + w - aside_w, top), 0.2);
    }
    top
}

/// The turn sequence as a numbered chart: a band, each side's player turn on a shaded row, and
/// its phases numbered with their rule numbers; returns the y below it.
fn sequence(c: &mut Canvas<'_>, ctx: &Ctx<'_>, (x, y): (f64, f64), w: f64) -> f64 {
    let pack = ctx.pack;
    let owner = Owner::new("turn sequence", None);
    let heading = ctx.msg.text("sheets.turn_sequence");
    let below = band(c, &heading, "", (x, y, w), CHART_PT, &owner);
    let owners: Vec<Owner> = pack.sequence.iter().map(|p| Owner::new(format!("phase `{}`", p.id), None)).collect();
    let mut rows = Vec::new();
    let mut current: Option<&str> = None;
    let mut n = 0;
    for (phase, phase_owner) in pack.sequence.iter().zip(&owners) {
        let side = phase.side.as_ref().and_then(|r| pack.side(r));
        let side_id = side.map(|s| s.id.as_str());
        if side_id != current {
            if let Some(side) = side {
                let turn =
                    ctx.msg.each_language(" · ", |m| m.fill("sheets.player_turn", &[("side", &m.name(&side.name))]));
                rows.push(ChartRow {
                    title: String::new(),
                    number: String::new(),
                    text: turn,
                    aside: String::new(),
                    weight: Weight::Bold,
                    shade: true,
                    owner: &owner,
                });
                n = 0;
            }
            current = side_id;
        }
        n += 1;
        let (mark, name) = phase_mark(&phase.name);
        let rule = phase
            .rule
            .as_ref()
            .and_then(|r| pack.section(&r.value))
            .map(|sec| ctx.msg.fill_first("mat.rule", &[("number", &sec.number)]))
            .unwrap_or_default();
        rows.push(ChartRow {
            number: mark.unwrap_or_else(|| n.to_string()),
            title: String::new(),
            text: ctx.msg.name(&name),
            aside: rule,
            weight: Weight::Regular,
            shade: false,
            owner: phase_owner,
        });
    }
    chart_rows(c, &rows, (x, below), w, 6.0, 8.0)
}

/// A phase's own step mark (a number or a letter), when every name of it starts with the same one ("A. Deal cards",
/// "A. カード補充" → "A"), and the names without it; else no mark and the names as they are.
fn phase_mark(names: &Names) -> (Option<String>, Names) {
    let split = |name: &str| -> Option<(String, String)> {
        let (first, rest) = name.split_once(' ')?;
        let mark = first.strip_suffix('.').or_else(|| first.strip_suffix(')'))?;
        // A step number (1–999) or a single letter (A–Z); "Mr." is no mark.
        let digits = (1..=3).contains(&mark.len()) && mark.chars().all(|c| c.is_ascii_digit());
        let short = digits || (mark.len() == 1 && mark.chars().all(|c| c.is_ascii_alphabetic()));
        short.then(|| (mark.to_string(), rest.trim().to_string()))
    };
    let given: Vec<&str> = [names.ja.as_str(), names.en.as_str()].into_iter().filter(|n| !n.is_empty()).collect();
    let split_all: Option<Vec<(String, String)>> = given.iter().map(|n| split(n)).collect();
    match split_all {
        Some(parts) if !parts.is_empty() && parts.iter().all(|(m, _)| *m == parts[0].0) => {
            let strip = |n: &str| split(n).map_or(String::new(), |(_, rest)| rest);
            (Some(parts[0].0.clone()), Names { ja: strip(&names.ja), en: strip(&names.en) })
        }
        _ => (None, names.clone()),
    }
}

/// The rule summary as a ruled chart: a band, then each clause with its number in the number
/// column and its items under it, at 8 pt when the page has room for that, else 7 pt; returns
/// the y below.
fn summary(c: &mut Canvas<'_>, ctx: &Ctx<'_>, sheet: &Sheet, (x, y): (f64, f64), w: f64) -> f64 {
    let pack = ctx.pack;
    let owner = Owner::new(format!("sheet `{}`", sheet.id), Some(&sheet.span));
    let heading = ctx.msg.text("sheets.summary");
    let below = band(c, &heading, "", (x, y, w), CHART_PT, &owner);
    // In rule order, whatever order the sheet names them in, under their sections' titles (a
    // shaded bold row each: the summary reads as the rulebook's outline, not a list of
    // numbers); in every language the pack prints and the clause is written in when the page
    // holds that, else in the first. `parts`: each section with a clause the sheet names, those
    // clauses, and whom each row belongs to.
    let owned = |what: &str, number: &str, span| Owner::new(format!("{what} {number}"), Some(span));
    let parts: Vec<_> = pack
        .rules
        .sections
        .iter()
        .filter_map(|section| {
            let clauses: Vec<_> = (section.clauses.iter())
                .filter(|c| sheet.summary.iter().any(|s| s.value == c.id))
                .map(|c| (c, owned("clause", &c.number, &c.span)))
                .collect();
            (!clauses.is_empty()).then(|| (section, owned("section", &section.number, &section.span), clauses))
        })
        .collect();
    let languages = ctx.msg.languages();
    let number_w = 11.0;
    let rows_in = |every: bool, headed: bool| -> Vec<ChartRow<'_>> {
        let mut rows = Vec::new();
        for (section, owner, clauses) in &parts {
            if headed {
                rows.push(ChartRow {
                    number: section.number.clone(),
                    title: String::new(),
                    text: ctx.msg.name(&section.title),
                    aside: String::new(),
                    weight: Weight::Bold,
                    shade: true,
                    owner,
                });
            }
            for (clause, owner) in clauses {
                let written: Vec<&str> = languages.iter().copied().filter(|l| clause.is_written_in(l)).collect();
                let shown: Vec<&str> = match written.as_slice() {
                    [] => vec!["en"],
                    [first, ..] if !every => vec![*first],
                    all => all.to_vec(),
                };
                // The clause's title in every language the pack has it in, in bold above its
                // text: a clause written in one language only is still found by its title in
                // the other.
                let title = ctx.msg.name(&clause.title);
                let mut lines: Vec<String> = Vec::new();
                for language in shown {
                    let wording = clause.wording_in(language);
                    lines.push(pack.plain_text_in(&wording.text, language));
                    lines.extend(wording.items.iter().map(|item| format!("· {}", pack.plain_text_in(item, language))));
                }
                rows.push(ChartRow {
                    number: clause.number.clone(),
                    title,
                    text: lines.join("\n"),
                    aside: String::new(),
                    weight: Weight::Regular,
                    // Without section rows, every other clause shaded to guide the eye.
                    shade: !headed && rows.len() % 2 == 1,
                    owner,
                });
            }
        }
        rows
    };
    // Whether the rows fit above the page's bottom at `pt`: summed row by row, a row taller than
    // the whole room settling it without laying out more of a long clause than the page holds.
    let fits = |rows: &[ChartRow<'_>], pt: f64| -> bool {
        let room = c.bottom() - below;
        let mut height = 0.0;
        for r in rows {
            let style = Style::main(Weight::Regular);
            // The bold title counted as a line of text: a little short of its width, which the
            // slack below each row covers.
            let text = if r.title.is_empty() { r.text.clone() } else { format!("{}\n{}", r.title, r.text) };
            let Some(h) = height_within(c.fonts(), &text, w - number_w - 2.0, pt, 1.25, style, room) else {
                return false;
            };
            height += h + 2.0;
            if below + height > c.bottom() {
                return false;
            }
        }
        below + height <= c.bottom()
    };
    const SIZES: [f64; 3] = [8.0, 7.5, 7.0];
    // Every language under section titles, then the first language under them, then the first
    // language alone, each at the largest size that fits; the last at 6.5 pt when nothing does.
    let mut tries =
        [(true, true), (false, true), (false, false)].into_iter().map(|(every, headed)| rows_in(every, headed));
    let (rows, pt) = loop {
        let rows = tries.next().unwrap_or_default();
        match SIZES.into_iter().find(|&pt| fits(&rows, pt)) {
            Some(pt) => break (rows, pt),
            None if tries.len() == 0 => break (rows, 6.5),
            None => {}
        }
    };
    chart_rows(c, &rows, (x, below), w, number_w, pt)
}

/// The height of a write-in box on a score sheet and its width, mm: room for a two-digit number
/// written by hand.
const SCORE_BOX: (f64, f64) = (8.0, 8.0);
/// The width of the one box of a column that has one: a field for a total, mm.
const TOTAL_W: f64 = 24.0;
/// The fill of a score column's goal box.
const GOAL: &str = "#f1dd9a";
/// Space between two boxes, and the wider space after every fifth, mm.
const SCORE_GAP: (f64, f64) = (1.0, 2.2);

/// The boxes of a score column on one line: at most what `width` holds, a multiple of five when
/// that is more than five (so a row of tally boxes counts in fives).
fn score_boxes_per_line(boxes: u32, width: f64) -> u32 {
    let fit = |n: u32| score_line_width(n) <= width;
    let most = (1..=boxes.max(1)).rev().find(|&n| fit(n)).unwrap_or(1);
    if most >= boxes || most < 5 {
        most.min(boxes.max(1))
    } else {
        most - most % 5
    }
}

/// The width `n` boxes take on a line, mm.
fn score_line_width(n: u32) -> f64 {
    let n = f64::from(n);
    let fives = ((n - 1.0) / 5.0).floor().max(0.0);
    n * SCORE_BOX.0 + (n - 1.0).max(0.0) * SCORE_GAP.0 + fives * (SCORE_GAP.1 - SCORE_GAP.0)
}

/// The x of box `i` on its line, from the line's left, mm.
fn score_box_x(i: u32) -> f64 {
    let before = f64::from(i);
    let fives = (before / 5.0).floor();
    before * (SCORE_BOX.0 + SCORE_GAP.0) + fives * (SCORE_GAP.1 - SCORE_GAP.0)
}

/// A score sheet's tables: one, or on a sheet that holds nothing else, as many as the page
/// holds (a score pad), each headed with its game's number; returns the y below them.
fn score_tables(c: &mut Canvas<'_>, ctx: &Ctx<'_>, sheet: &Sheet, (x, y): (f64, f64), w: f64) -> f64 {
    let alone = sheet.tracks.is_empty() && sheet.aids.is_empty() && sheet.summary.is_empty() && !sheet.sequence;
    if !alone {
        return score_table(c, ctx, sheet, (x, y), w) + CHART_GAP;
    }
    let owner = Owner::new(format!("sheet `{}`", sheet.id), Some(&sheet.span));
    let label_h = 9.0 / PT_PER_MM * 1.3 + 1.0;
    // Measured on a scratch page: how tall one table is.
    let one = score_table(&mut ctx.canvas((c.w, c.h), Owner::default()), ctx, sheet, (x, 0.0), w) + label_h + CHART_GAP;
    let count = (((c.bottom() - y + CHART_GAP) / one).floor() as u32).max(1);
    let mut top = y;
    for n in 1..=count {
        let label = ctx.msg.fill("sheets.game", &[("n", &n.to_string())]);
        c.text(TextBox::new(&label, x, top, w, label_h).size(9.0).min(7.0).bold().lines(1).of(&owner));
        top = score_table(c, ctx, sheet, (x, top + label_h), w) + CHART_GAP;
    }
    top
}

/// A score sheet's table: a shaded header row naming the columns, then a ruled row per player
/// — its number, a wide cell to write the name in, each column's write-in boxes (on as many
/// lines as the width needs, in fives) — framed; returns the y below it.
fn score_table(c: &mut Canvas<'_>, ctx: &Ctx<'_>, sheet: &Sheet, (x, y): (f64, f64), width: f64) -> f64 {
    let rows = sheet.rows.as_ref().map_or(ctx.pack.game.players_max, |r| r.value).max(1);
    let owner = Owner::new(format!("sheet `{}`", sheet.id), Some(&sheet.span));
    let (number_w, pad) = (7.0, 2.0);
    let name_w = 48.0_f64.min(width * 0.35);
    // A score sheet that names no columns gets one: a field for each player's score.
    let score = [ScoreColumn {
        name: Names {
            ja: Messages::new(&["ja"]).text("sheets.score"),
            en: Messages::new(&["en"]).text("sheets.score"),
        },
        boxes: 1,
        goal: None,
    }];
    let columns = if sheet.columns.is_empty() { &score[..] } else { &sheet.columns[..] };
    let line_width = |col: &ScoreColumn, n: u32| if col.boxes <= 1 { TOTAL_W } else { score_line_width(n) };
    let rest = width - number_w - name_w;
    // Each column gets a share of the rest by how many boxes it has, at least what one line of
    // its boxes (or five) needs when everything fits on one line.
    let total: u32 = columns.iter().map(|c| c.boxes.max(1)).sum();
    let one_line: f64 = columns.iter().map(|c| line_width(c, c.boxes.max(1)) + 2.0 * pad).sum();
    let widths: Vec<f64> = columns
        .iter()
        .map(|col| {
            if one_line <= rest {
                (line_width(col, col.boxes.max(1)) + 2.0 * pad) * rest / one_line
            } else {
                rest * f64::from(col.boxes.max(1)) / f64::from(total)
            }
        })
        .collect();
    let per_line: Vec<u32> =
        columns.iter().zip(&widths).map(|(col, w)| score_boxes_per_line(col.boxes.max(1), w - 2.0 * pad)).collect();
    let lines = columns.iter().zip(&per_line).map(|(col, n)| col.boxes.max(1).div_ceil(*n)).max().unwrap_or(1);
    let row_h = f64::from(lines) * (SCORE_BOX.1 + SCORE_GAP.0) - SCORE_GAP.0 + 2.0 * pad;
    // The header: the player column and each column's name, shaded.
    let header = |c: &mut Canvas<'_>, text: &str, x: f64, w: f64| {
        c.text(TextBox::new(text, x + 1.5, y, w - 3.0, 100.0).size(9.0).min(7.0).bold().lines(2).of(&owner)).bottom
    };
    let scratch = &mut ctx.canvas((c.w, c.h), Owner::default());
    let player = ctx.msg.text("sheets.player");
    let mut head_h = header(scratch, &player, x + number_w, name_w) - y;
    for (col, w) in columns.iter().zip(&widths) {
        head_h = head_h.max(header(scratch, &ctx.msg.name(&col.name), 0.0, *w) - y);
    }
    let head_h = head_h + 3.0;
    cell(c, (x, y, width, head_h), SHADE, 0.4);
    let centre = |c: &mut Canvas<'_>, text: &str, cx: f64, w: f64, align: Align| {
        c.text(
            TextBox::new(text, cx + 1.5, y, w - 3.0, head_h)
                .size(9.0)
                .min(7.0)
                .bold()
                .lines(2)
                .align(align)
                .valign(VAlign::Middle)
                .of(&owner),
        );
    };
    centre(c, &player, x + number_w, name_w, Align::Start);
    let mut cx = x + number_w + name_w;
    let mut starts = Vec::new();
    for (col, w) in columns.iter().zip(&widths) {
        starts.push(cx);
        centre(c, &ctx.msg.name(&col.name), cx, *w, Align::Middle);
        cx += w;
    }
    let body = y + head_h;
    for r in (1..rows).step_by(2) {
        shade(c, (x, body + f64::from(r) * row_h, width, row_h), CREAM);
    }
    let mut s = String::new();
    let mut numbers = Vec::new();
    for r in 0..rows {
        let top = body + f64::from(r) * row_h;
        for ((col, start), (w, n)) in columns.iter().zip(&starts).zip(widths.iter().zip(&per_line)) {
            let line_w = line_width(col, (*n).min(col.boxes.max(1)));
            let box_w = if col.boxes <= 1 { TOTAL_W } else { SCORE_BOX.0 };
            let left = start + (w - line_w) / 2.0;
            for b in 0..col.boxes.max(1) {
                let (line, at) = (b / n, b % n);
                // The goal's box stands out: shaded, with a heavier rule.
                let goal = col.goal == Some(b + 1);
                let (fill, stroke) = if goal { (GOAL, 0.9) } else { ("#ffffff", 0.35) };
                let (bx, by) = (left + score_box_x(at), top + pad + f64::from(line) * (SCORE_BOX.1 + SCORE_GAP.0));
                s.push_str(&format!(
                    r##"<rect class="score-box" x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="{INK}" stroke-width="{stroke}"/>"##,
                    mm(bx),
                    mm(by),
                    mm(box_w),
                    mm(SCORE_BOX.1)
                ));
                // A tick box of a count is numbered, small and light, so a player sees the total.
                if col.boxes > 1 {
                    numbers.push(((b + 1).to_string(), bx, by, goal));
                }
            }
        }
    }
    c.raw(&s);
    for (number, bx, by, goal) in numbers {
        let ink = if goal { INK } else { "#9a9080" };
        c.text(
            TextBox::new(&number, bx, by, SCORE_BOX.0, SCORE_BOX.1)
                .size(7.0)
                .min(6.0)
                .lines(1)
                .align(Align::Middle)
                .valign(VAlign::Middle)
                .fill(ink)
                .of(&owner),
        );
    }
    for r in 0..rows {
        let top = body + f64::from(r) * row_h;
        let number = (r + 1).to_string();
        c.text(
            TextBox::new(&number, x, top, number_w, row_h)
                .fixed(8.0)
                .bold()
                .lines(1)
                .centred()
                .fill("#6b5a3c")
                .of(&owner),
        );
        line(c, (x, top + row_h), (x + width, top + row_h), 0.25);
    }
    let bottom = body + f64::from(rows) * row_h;
    // Column rules and the frame.
    for vx in std::iter::once(x + number_w).chain(starts.iter().copied()) {
        line(c, (vx, y), (vx, bottom), 0.3);
    }
    cell(c, (x, y, width, bottom - y), "none", 0.6);
    bottom
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phase_named_with_its_step_letter_is_numbered_by_it() {
        let names = |ja: &str, en: &str| Names { ja: ja.into(), en: en.into() };
        let (mark, rest) = phase_mark(&names("A. デフコン回復", "A. DEFCON improvement"));
        assert_eq!(
            (mark.as_deref(), rest.ja.as_str(), rest.en.as_str()),
            (Some("A"), "デフコン回復", "DEFCON improvement")
        );
        assert_eq!(phase_mark(&names("", "2) Draw")).0.as_deref(), Some("2"));
        // Marks that differ, or a name without one, leave the names alone.
        assert_eq!(phase_mark(&names("A. 補充", "B. Deal")).0, None);
        assert_eq!(phase_mark(&names("カードフェイズ", "Card phase")).1.en, "Card phase");
        assert_eq!(phase_mark(&names("", "Mr. Smith moves")).0, None);
    }

    #[test]
    fn score_boxes_go_in_fives_on_as_many_lines_as_the_width_needs() {
        // Three boxes fit anywhere wide enough; 34 tally boxes in 130 mm go 10 to a line in fives
        // (13 would fit, but a line of thirteen does not count in fives).
        assert_eq!(score_boxes_per_line(3, 60.0), 3);
        assert_eq!(score_boxes_per_line(34, 130.0), 10);
        assert_eq!(score_boxes_per_line(34, 400.0), 34);
        assert_eq!(score_boxes_per_line(4, 20.0), 2);
        // A line of ten: ten boxes, eight narrow gaps and one wide one after the fifth.
        assert!((score_line_width(10) - (80.0 + 8.0 + 2.2)).abs() < 1e-9);
        assert!((score_box_x(5) - (5.0 * 9.0 + 1.2)).abs() < 1e-9);
    }
}
