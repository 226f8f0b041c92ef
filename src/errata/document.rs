//! The errata document as PDF pages: every change with its edition tag, and for texts the old and
//! new wording with the changed characters (or words) marked: struck out in red, new in green.

use std::fmt::Write;

use super::diff::{describe, text_diff, Change, ChangeKind, Piece};
use crate::layout::Paper;
use crate::model::Pack;
use crate::render::sheets::{begin_page, end_page, escape, Page};
use crate::text::{Fonts, Style, Weight};

const SIZE: f64 = 3.2;
const LINE: f64 = 4.6;

/// Splits diff pieces into lines no wider than `width` mm.
fn wrap(fonts: &Fonts, pieces: Vec<Piece>, width: f64) -> Vec<Vec<Piece>> {
    let style = Style::embedded(Weight::Regular);
    let mut lines = vec![Vec::new()];
    let mut used = 0.0;
    for piece in pieces {
        let (text, make): (String, fn(String) -> Piece) = match piece {
            Piece::Same(t) => (t, Piece::Same),
            Piece::Old(t) => (t, Piece::Old),
            Piece::New(t) => (t, Piece::New),
        };
        let mut chunk = String::new();
        for c in text.chars() {
            let w = fonts.advance(c, style).unwrap_or(1.0) * SIZE;
            if used + w > width && !(chunk.is_empty() && lines.last().is_some_and(Vec::is_empty)) {
                if !chunk.is_empty() {
                    lines.last_mut().expect("a line").push(make(std::mem::take(&mut chunk)));
                }
                lines.push(Vec::new());
                used = 0.0;
            }
            chunk.push(c);
            used += w;
        }
        if !chunk.is_empty() {
            lines.last_mut().expect("a line").push(make(chunk));
        }
    }
    lines
}

/// The document's pages.
pub fn pages(old: &Pack, new: &Pack, changes: &[Change], fonts: &Fonts, paper: Paper) -> Vec<Page> {
    let (w, h, margin) = (paper.width, paper.height, 14.0);
    let mut pages = Vec::new();
    let mut s = begin_page(w, h);
    let title = format!("{} — errata {} → {}", new.game.title.ja, old.game.edition, new.game.edition);
    let _ = write!(s, r##"<text x="{margin}" y="18" font-size="6" font-weight="700">{}</text>"##, escape(&title));
    let mut y = 28.0;
    let mut lines: Vec<(bool, Vec<Piece>)> = Vec::new(); // (is a heading, pieces)
    for c in changes {
        for line in wrap(fonts, vec![Piece::Same(format!("[{}] {}", new.game.edition, describe(c)))], w - 2.0 * margin)
        {
            lines.push((true, line));
        }
        if let ChangeKind::Changed { fields } = &c.kind {
            for f in fields.iter().filter(|f| f.old.chars().count() > 3 || f.new.chars().count() > 3) {
                for line in wrap(fonts, text_diff(&f.old, &f.new), w - 2.0 * margin - 6.0) {
                    lines.push((false, line));
                }
            }
        }
    }
    if lines.is_empty() {
        lines.push((false, vec![Piece::Same("No changes.".into())]));
    }
    for (heading, pieces) in lines {
        if y > h - 14.0 {
            end_page(&mut s, new, (w, h), "errata");
            pages.push(Page { svg: std::mem::take(&mut s), back: false });
            s = begin_page(w, h);
            y = 18.0;
        }
        let x = if heading { margin } else { margin + 6.0 };
        let weight = if heading { r#" font-weight="700""# } else { "" };
        let _ = write!(s, r##"<text x="{x}" y="{y}" font-size="{SIZE}"{weight}>"##);
        for p in pieces {
            let _ = match p {
                Piece::Same(t) => write!(s, "<tspan>{}</tspan>", escape(&t)),
                Piece::Old(t) => {
                    write!(s, r##"<tspan fill="#c0392b" text-decoration="line-through">{}</tspan>"##, escape(&t))
                }
                Piece::New(t) => write!(s, r##"<tspan fill="#1e7d32" font-weight="700">{}</tspan>"##, escape(&t)),
            };
        }
        s.push_str("</text>");
        y += LINE;
    }
    end_page(&mut s, new, (w, h), "errata");
    pages.push(Page { svg: s, back: false });
    pages
}
