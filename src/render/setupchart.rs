//! Setup charts: for each setup, where every unit and chit starts — location by location, with
//! the counters drawn from the same faces as the counter sheets — and its decks, open and removed
//! cards.

use std::fmt::Write;

use super::faces::{Face, FaceRenderer, FaceSize};
use super::sheets::{begin_page, end_page, escape, Page};
use super::templates::mm;
use crate::diag::Diagnostic;
use crate::layout::Paper;
use crate::model::{Pack, Selector, Setup};

const ROW: f64 = 15.0;

/// One line of a chart: a side, a location, and the pieces placed there with their counts.
type ChartRow = (String, String, Vec<(Face, u32)>);
const MINI: f64 = 9.0;

/// The chart pages of one setup.
pub(crate) fn chart(
    ctx: &mut super::Ctx<'_>,
    faces: &mut FaceRenderer<'_>,
    setup: &Setup,
    paper: Paper,
) -> Result<Vec<Page>, Diagnostic> {
    let pack = ctx.pack;
    let size = FaceSize { w: pack.print.counter_mm, h: pack.print.counter_mm, bleed: 0.0 };
    // Rows: (side, location, [(face, count)]), in the order setups.csv lists them.
    let mut rows: Vec<ChartRow> = Vec::new();
    for p in pack.placements_of(&setup.id) {
        let side = pack.side(&p.side).map_or(p.side.value.clone(), |s| format!("{} {}", s.name.ja, s.name.en));
        let location = match (pack.hex(&p.location), pack.box_def(&p.location)) {
            (Some(h), _) => {
                h.place.as_ref().map_or(format!("ヘックス{}", h.id), |pl| format!("{} ({})", pl.name.ja, h.id))
            }
            (None, Some(b)) => b.name.ja.clone(),
            _ => p.location.value.clone(),
        };
        let face = if pack.chits.is_named(&p.piece) {
            faces.chit_back(&size)?
        } else {
            let side_id = pack.side(&p.side).map(|s| s.id.clone());
            let unit = pack.unit(side_id.as_deref(), &p.piece).map_or(p.piece.value.clone(), |u| u.id.clone());
            faces.counter(format!("setup/{unit}"), &unit, false, false, &size)?
        };
        match rows.last_mut() {
            Some(last) if last.0 == side && last.1 == location => last.2.push((face, p.count.value)),
            _ => rows.push((side, location, vec![(face, p.count.value)])),
        }
    }
    let (w, h) = (paper.width, paper.height);
    let mut pages = Vec::new();
    let mut s = String::new();
    let mut y = 0.0;
    let mut current_side = String::new();
    let start = |s: &mut String, page: usize| -> f64 {
        s.push_str(&begin_page(w, h));
        let cont = if page > 0 { " (continued)" } else { "" };
        let _ = write!(
            s,
            r##"<text x="12" y="17" font-size="6.5" font-weight="700">{} {} · {}{}</text>"##,
            escape(&setup.id),
            escape(&setup.name.ja),
            escape(&setup.name.en),
            cont
        );
        26.0
    };
    let finish = |s: &mut String, pages: &mut Vec<Page>| {
        end_page(s, pack, (w, h), "setup chart");
        pages.push(Page { svg: std::mem::take(s), back: false });
    };
    y = start(&mut s, 0).max(y);
    for (side, location, pieces) in &rows {
        if y + ROW + 8.0 > h - 12.0 {
            finish(&mut s, &mut pages);
            y = start(&mut s, pages.len());
            current_side.clear();
        }
        if *side != current_side {
            let _ = write!(
                s,
                r##"<text x="12" y="{}" font-size="4.4" font-weight="700">{}</text>"##,
                mm(y + 2.0),
                escape(side)
            );
            y += 7.0;
            current_side = side.clone();
        }
        let _ =
            write!(s, r##"<text x="14" y="{}" font-size="3.4">{}</text>"##, mm(y + MINI / 2.0 + 1.0), escape(location));
        let mut x = 62.0;
        for (face, count) in pieces {
            let _ = write!(
                s,
                r#"<svg x="{}" y="{}" width="{MINI}" height="{MINI}" viewBox="0 0 {} {}">{}</svg>"#,
                mm(x),
                mm(y),
                mm(face.w),
                mm(face.h),
                face.svg
            );
            let _ = write!(
                s,
                r##"<text x="{}" y="{}" font-size="3.2" font-weight="700">×{count}</text>"##,
                mm(x + MINI + 1.0),
                mm(y + MINI / 2.0 + 1.2)
            );
            x += MINI + 9.0;
        }
        y += ROW - 3.0;
    }
    // Decks, open and removed cards.
    let decks: Vec<String> = pack
        .decks
        .iter()
        .filter(|d| pack.setup(&d.setup).is_some_and(|s| s.id == setup.id))
        .map(|d| {
            let cards = format!("{} cards, {}", d.size.value, selection(pack, &d.select));
            match &d.side {
                Some(side) => {
                    let name = pack.side(side).map_or(side.value.clone(), |s| s.name.ja.clone());
                    format!("{name}の山札 {} deck: {cards}", side.value)
                }
                None => format!("山札 deck {}: {cards}", d.id),
            }
        })
        .chain(setup.open.iter().map(|o| format!("オープン open: {}", selection(pack, o))))
        .chain(setup.removed.iter().map(|r| format!("ゲームより除外 removed: {}", selection(pack, r))))
        .collect();
    if !decks.is_empty() {
        if y + 8.0 + 5.0 * decks.len() as f64 > h - 12.0 {
            finish(&mut s, &mut pages);
            y = start(&mut s, pages.len());
        }
        let _ =
            write!(s, r##"<text x="12" y="{}" font-size="4.4" font-weight="700">カード Cards</text>"##, mm(y + 4.0));
        y += 9.0;
        for line in decks {
            let _ = write!(s, r##"<text x="14" y="{}" font-size="3.2">{}</text>"##, mm(y), escape(&line));
            y += 5.0;
        }
    }
    finish(&mut s, &mut pages);
    Ok(pages)
}

/// What a selector takes, in words, with the cards the pack knows of it.
fn selection(pack: &Pack, select: &Selector) -> String {
    let mut what = Vec::new();
    if let Some(c) = &select.number_colour {
        what.push(format!("numbers printed in {c}"));
    }
    if let Some(t) = &select.tag {
        what.push(format!("marked “{t}”"));
    }
    let side_id = |r: &str| pack.side(r).map(|s| s.id.clone());
    let known: Vec<&str> = pack.cards.iter().filter(|c| select.selects(c, side_id)).map(|c| c.id.as_str()).collect();
    let known =
        if known.is_empty() { "none of them known yet".to_string() } else { format!("known: {}", known.join(", ")) };
    format!("{} ({known})", what.join(", "))
}
