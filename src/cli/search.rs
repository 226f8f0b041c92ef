//! `pnpkit rules search` and `pnpkit cards search`: the hits of a query, printed for a terminal
//! (the matched words marked, columns fitted to its width) or as JSON.

use super::{earlier_editions, report, SearchArgs};
use crate::diag::print::Format;
use crate::diag::{Diagnostic, Sources};
use crate::model::Pack;
use std::process::ExitCode;

/// `pnpkit rules search` and `pnpkit cards search`: at most `--limit` results, and how many
/// there were when the limit cut them; exit 1 for a pack that does not load or a card query
/// that names no filter or misuses one.
pub(super) fn search(mut args: SearchArgs, cards: bool) -> ExitCode {
    let (dir, query) = match args.split() {
        Ok(split) => split,
        Err(e) => return super::usage_error(&e),
    };
    let mut sources = Sources::default();
    let (pack, mut diags) = crate::load::pack(&dir, &mut sources);
    if diags.iter().any(Diagnostic::is_error) {
        report(&sources, &diags, Format::Human);
        return ExitCode::FAILURE;
    }
    // Earlier editions' wordings are searched as the page searches them.
    let earlier = earlier_editions(&pack, &mut sources, &mut diags);
    let chain: Vec<&Pack> = earlier.iter().map(|e| &e.pack).chain([&pack]).collect();
    let index = crate::reference::Index::of(&pack, &crate::errata::revisions(&chain));
    let (hits, total) = if cards {
        match crate::reference::search_cards(&pack, &index, &query) {
            Ok(mut hits) => {
                let total = hits.len();
                hits.truncate(args.limit);
                (hits, total)
            }
            Err(e) => {
                eprint!("{}", query_error(&query, &e));
                return ExitCode::FAILURE;
            }
        }
    } else {
        index.search(&query, args.limit)
    };
    let msg = crate::messages::Messages::of(&pack);
    if args.json {
        let found = Found { total, hits: &hits };
        say!("{}", serde_json::to_string_pretty(&found).unwrap_or_default());
    } else if total == 0 {
        // In every language the pack prints, with the nearest names to try.
        say!("{}", msg.fill("search.none", &[("query", &query)]));
        let near = index.suggest(&query);
        if !near.is_empty() {
            say!("{} {}", msg.text("search.suggest"), near.join(", "));
        }
    } else {
        let bold = std::io::IsTerminal::is_terminal(&std::io::stdout());
        for h in &hits {
            say!("{}", hit_lines(&msg, h, bold));
        }
        if total > hits.len() {
            let (shown, total) = (hits.len().to_string(), total.to_string());
            let args = [("shown", shown.as_str()), ("total", total.as_str())];
            say!("{}; {}", msg.fill_first("search.cut", &args), msg.fill_first("search.all", &args));
        }
    }
    ExitCode::SUCCESS
}

/// One result as the terminal shows it: kind, number, title and where it belongs, its anchor id,
/// then its snippet indented, matched words in bold on a terminal.
pub(super) fn hit_lines(msg: &crate::messages::Messages, h: &crate::reference::Hit, bold: bool) -> String {
    let kind = msg.first(&format!("search.{}", h.kind.name()));
    let marked = |text: &str, marks: &[(usize, usize)]| -> String {
        if !bold {
            return text.to_string();
        }
        let mut out = String::new();
        for (i, c) in text.chars().enumerate() {
            if marks.iter().any(|m| m.0 == i) {
                out.push_str("\x1b[1m");
            }
            out.push(c);
            if marks.iter().any(|m| m.1 == i + 1) {
                out.push_str("\x1b[0m");
            }
        }
        out
    };
    let head = [h.number.as_str(), &marked(&h.title, &h.title_marks), &h.context]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
    let mut text = format!("{kind}{} {head}  ({})", " ".repeat(8usize.saturating_sub(columns(&kind))), h.id);
    if !h.snippet.is_empty() {
        text.push_str(&format!("\n         {}", marked(&h.snippet, &h.marks)));
    }
    text
}

/// What `--json` prints for a search: how many results there were, and those shown.
#[derive(serde::Serialize)]
struct Found<'a> {
    total: usize,
    hits: &'a [crate::reference::Hit],
}

/// A query error as the terminal shows it: the message, the query with the faulty part
/// underlined, the hints.
pub(super) fn query_error(query: &str, e: &crate::reference::QueryError) -> String {
    let start = e.span.start.min(query.len());
    let end = e.span.end.clamp(start, query.len());
    let (before, at) = (query.get(..start).unwrap_or(""), query.get(start..end).unwrap_or(""));
    let mut text = format!(
        "error: {}\n  {query}\n  {}{}\n",
        e.message,
        " ".repeat(columns(before)),
        "^".repeat(columns(at).max(1))
    );
    for hint in &e.hints {
        text.push_str(&format!("  = help: {hint}\n"));
    }
    text
}

/// How many terminal columns `text` takes (wide characters two).
pub(super) fn columns(text: &str) -> usize {
    text.chars().map(|c| if is_wide(c) { 2 } else { 1 }).sum()
}

/// Whether a terminal gives `c` two columns (CJK, kana, full-width forms).
pub(super) fn is_wide(c: char) -> bool {
    matches!(
        c,
        '\u{1100}'..='\u{115F}'
            | '\u{2E80}'..='\u{A4CF}'
            | '\u{AC00}'..='\u{D7A3}'
            | '\u{F900}'..='\u{FAFF}'
            | '\u{FE30}'..='\u{FE4F}'
            | '\u{FF00}'..='\u{FF60}'
            | '\u{FFE0}'..='\u{FFE6}'
    )
}
