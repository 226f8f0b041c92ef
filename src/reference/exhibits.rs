//! What a clause shows under its text in rules.html: its tables, made from the data in each
//! language as the printed rulebook sets them, and its figures embedded as data URLs (the page
//! stays one offline file).

use base64::Engine;
use serde::Serialize;

use super::html::LangText;
use crate::messages::Messages;
use crate::model::{Clause, Exhibit, Pack};
use crate::rulebook::exhibits::grid;
use crate::text::escape;

/// A figure: its image as a data URL and its caption in each language it has one in.
#[derive(Serialize)]
pub(super) struct FigureView {
    src: String,
    alt: String,
    captions: Vec<LangText>,
}

/// The clause's tables in `language`, as HTML.
pub(super) fn tables(pack: &Pack, c: &Clause, language: &str) -> String {
    let mut html = String::new();
    for exhibit in &c.exhibits {
        let Exhibit::Table(source) = exhibit else { continue };
        let Some(g) = grid(pack, source, language) else { continue };
        html.push_str("<div class=\"scroll\" tabindex=\"0\"><table class=\"exhibit\">");
        if !g.title.is_empty() {
            html.push_str(&format!("<caption>{}</caption>", escape(&g.title)));
        }
        // `open` is the tag with its attributes; it closes by its name.
        let cell = |open: &str, text: &str, numeric: bool| {
            let class = if numeric { " class=\"n\"" } else { "" };
            let name = open.split(' ').next().unwrap_or(open);
            format!("<{open}{class}>{}</{name}>", escape(text))
        };
        if g.head.iter().any(|h| !h.is_empty()) {
            html.push_str("<thead><tr>");
            g.head.iter().zip(&g.numeric).for_each(|(h, n)| html.push_str(&cell("th scope=\"col\"", h, *n)));
            html.push_str("</tr></thead>");
        }
        html.push_str("<tbody>");
        for row in &g.rows {
            html.push_str("<tr>");
            row.iter().zip(&g.numeric).for_each(|(t, n)| html.push_str(&cell("td", t, *n)));
            html.push_str("</tr>");
        }
        html.push_str("</tbody></table></div>");
    }
    html
}

/// The clause's figures, each image read from inside the pack (one that cannot be read is left
/// out: `check` reports its path).
pub(super) fn figures(pack: &Pack, msg: &Messages, c: &Clause) -> Vec<FigureView> {
    c.exhibits
        .iter()
        .filter_map(|exhibit| {
            let Exhibit::Figure { path, caption } = exhibit else { return None };
            let bytes = crate::render::templates::images::read_in(&pack.root, path)?;
            let mime = match path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).as_deref() {
                Some("svg") => "image/svg+xml",
                Some("png") => "image/png",
                _ => "image/jpeg",
            };
            let src = format!("data:{mime};base64,{}", base64::engine::general_purpose::STANDARD.encode(&bytes));
            let captions = super::html::in_languages(msg, caption);
            let alt = captions.first().map_or_else(|| path.value.clone(), |t| t.text.clone());
            Some(FigureView { src, alt, captions })
        })
        .collect()
}
