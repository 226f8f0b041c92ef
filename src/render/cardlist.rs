//! The card list: an A4 table of every known card (number, names, deck, timing, effect in short),
//! continued over as many pages as it needs.

use std::fmt::Write;

use super::sheets::{begin_page, end_page, escape, Page};
use super::templates::mm;
use crate::layout::Paper;

use crate::text::fit::{fit, Request};
use crate::text::{Style, Weight};

/// Column x positions and widths (mm, A4 portrait).
const COLUMNS: [(f64, f64, &str); 5] = [
    (12.0, 9.0, "No."),
    (21.0, 50.0, "名称 Name"),
    (71.0, 30.0, "山札 Deck"),
    (101.0, 24.0, "時期 Timing"),
    (125.0, 73.0, "効果 Effect"),
];
const SIZE_PT: f64 = 6.5;

/// The card-list pages.
pub(crate) fn pages(ctx: &mut super::Ctx<'_>, paper: Paper) -> Vec<Page> {
    let (pack, fonts) = (ctx.pack, ctx.fonts);
    let (w, h) = (paper.width, paper.height);
    let mut cards: Vec<_> = pack.cards.iter().collect();
    cards.sort_by_key(|c| (c.number.unwrap_or(u32::MAX), c.id.clone()));
    let mut pages = Vec::new();
    let mut s = String::new();
    let mut y = 0.0;
    let lines = |text: &str, width: f64| {
        let style = Style::embedded(Weight::Regular);
        fit(
            fonts,
            &Request {
                text,
                width_mm: width,
                height_mm: 1000.0,
                max_pt: SIZE_PT,
                min_pt: SIZE_PT,
                leading: 1.25,
                style,
                max_lines: 0,
            },
        )
    };
    let header = |s: &mut String, page: usize| -> f64 {
        s.push_str(&begin_page(w, h));
        let _ = write!(
            s,
            r##"<text x="12" y="16" font-size="6" font-weight="700">{} · カードリスト Card list{}</text>"##,
            escape(&pack.game.title.ja),
            if page > 0 { " (continued)" } else { "" }
        );
        for (x, _, title) in COLUMNS {
            let _ =
                write!(s, r##"<text x="{x}" y="24" font-size="2.8" font-weight="700" fill="#333333">{title}</text>"##);
        }
        let _ = write!(s, r##"<path d="M12 25.5 L{} 25.5" stroke="#333333" stroke-width="0.3"/>"##, w - 12.0);
        28.0
    };
    let known = format!(
        "card list · {} of {} cards known",
        pack.cards.len(),
        pack.game.totals.cards.as_ref().map_or(pack.cards.len() as u32, |c| c.value)
    );
    let footer = |s: &mut String, pages: &mut Vec<Page>| {
        end_page(s, pack, (w, h), &known);
        pages.push(Page { svg: std::mem::take(s), back: false });
    };
    y = header(&mut s, 0).max(y);
    for card in cards {
        let side = card.side.as_ref().and_then(|r| pack.side(r)).map(|s| s.name.ja.clone()).unwrap_or_default();
        let deck = [
            side,
            card.number_colour.as_ref().map(|c| c.value.clone()).unwrap_or_default(),
            card.tags.iter().map(|t| t.value.clone()).collect::<Vec<_>>().join(" "),
        ]
        .into_iter()
        .filter(|x| !x.is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
        let cells = [
            card.number.map_or(card.id.clone(), |n| n.to_string()),
            format!("{}\n{}", card.name.ja, card.name.en),
            deck,
            card.timing.clone(),
            card.text.clone(),
        ];
        let fitted: Vec<_> = cells.iter().zip(COLUMNS).map(|(text, (_, width, _))| lines(text, width - 1.5)).collect();
        let row_h = fitted.iter().map(|f| f.height_mm).fold(0.0, f64::max) + 2.0;
        if y + row_h > h - 10.0 {
            footer(&mut s, &mut pages);
            y = header(&mut s, pages.len());
        }
        for (f, (x, _, _)) in fitted.iter().zip(COLUMNS) {
            for (i, line) in f.lines.iter().enumerate() {
                let _ = write!(
                    s,
                    r##"<text x="{x}" y="{}" font-size="{}">{}</text>"##,
                    mm(y + 0.88 * f.size_mm + i as f64 * f.line_mm),
                    mm(f.size_mm),
                    escape(line)
                );
            }
        }
        y += row_h;
        let _ = write!(
            s,
            r##"<path d="M12 {} L{} {}" stroke="#cccccc" stroke-width="0.2"/>"##,
            mm(y - 0.8),
            mm(w - 12.0),
            mm(y - 0.8)
        );
    }
    footer(&mut s, &mut pages);
    pages
}
