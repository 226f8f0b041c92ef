//! rules/*.md (the numbered rules, in files read in name order) and terms.csv (the glossary).
//!
//! A rules file is line-based Markdown:
//!
//! ```text
//! # 13 Capture step {#capture}        a section: number, title, stable id
//! ja: 捕捉ステップ                      its printed Japanese title
//!
//! 13.1 {#capture.request} Text …      a clause: display number, stable id, text
//! continuation lines join the clause
//! - a list item of the clause
//! note: an editorial note
//! ```
//!
//! References are written `[[kind:target]]` (rule, card, unit, place, box, term, setup).

use super::csv::Columns;
use super::units::duplicate_check;
use super::Loader;
use crate::diag::{Code, Diagnostic, FileId, Span};
use crate::model::{Clause, Names, Pack, Section, Spanned, Term};

const TERM_COLUMNS: Columns =
    Columns { required: &["id"], optional: &["ja", "en", "kana", "aliases", "defined_in", "note"] };

/// Loads every rules file and terms.csv.
pub(super) fn load(l: &mut Loader<'_>, pack: &mut Pack) {
    let mut files: Vec<String> = match std::fs::read_dir(l.dir().join("rules")) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".md"))
            .collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    for name in files {
        if let Some(file) = l.read(&format!("rules/{name}"), true) {
            let text = l.text(file).to_string();
            parse_rules(l, file, &text, &mut pack.rules.sections);
        }
    }
    let Some(file) = l.read("terms.csv", false) else { return };
    let table = l.csv(file, &TERM_COLUMNS, &[]);
    for row in table.rows() {
        let id = row.text("id", &mut l.diags).value;
        duplicate_check(l, &id, &row, "term");
        pack.rules.terms.push(Term {
            id,
            name: row.either_name("ja", "en", &mut l.diags),
            kana: row.cell("kana").value,
            aliases: row.list("aliases").into_iter().map(|a| a.value).collect(),
            defined_in: row.opt_ref("defined_in"),
            span: row.span(),
        });
    }
}

/// Parses one rules file, appending its sections.
fn parse_rules(l: &mut Loader<'_>, file: FileId, text: &str, sections: &mut Vec<Section>) {
    let mut offset = 0;
    let mut in_clause = false;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let content = line.trim_end_matches(['\n', '\r']);
        let span = Span::new(file, start..start + content.len());
        if content.trim().is_empty() {
            in_clause = false;
            continue;
        }
        if let Some(heading) = content.strip_prefix("# ") {
            match parse_heading(heading) {
                Some((number, title, id)) => sections.push(Section {
                    id,
                    number,
                    title: Names { ja: String::new(), en: title },
                    clauses: Vec::new(),
                    span,
                }),
                None => l.diags.push(syntax(&span, "a section heading must read `# <number> <title> {#<id>}`")),
            }
            in_clause = false;
            continue;
        }
        let Some(section) = sections.last_mut() else {
            l.diags.push(syntax(&span, "text before the first section heading"));
            continue;
        };
        if let Some(ja) = content.strip_prefix("ja:") {
            if section.clauses.is_empty() {
                section.title.ja = ja.trim().to_string();
                continue;
            }
        }
        if let Some((number, id, rest)) = parse_clause_line(content) {
            let text_start = start + content.len() - rest.len();
            let mut clause = Clause {
                id,
                number,
                title: Default::default(),
                text: String::new(),
                items: Vec::new(),
                notes: Vec::new(),
                refs: Vec::new(),
                span,
            };
            append_text(l, &mut clause, rest, file, text_start, false);
            section.clauses.push(clause);
            in_clause = true;
            continue;
        }
        let Some(clause) = section.clauses.last_mut().filter(|_| in_clause) else {
            l.diags.push(
                syntax(&span, "this line belongs to no clause")
                    .with_hint("start a clause with its number and id, e.g. `13.1 {#capture.request} …`"),
            );
            continue;
        };
        if let Some(note) = content.strip_prefix("note:") {
            clause.notes.push(note.trim().to_string());
        } else if let Some(item) = content.trim_start().strip_prefix("- ") {
            let item_start = start + content.len() - item.len();
            append_text(l, clause, item, file, item_start, true);
        } else {
            append_text(l, clause, content, file, start, false);
        }
    }
}

fn syntax(span: &Span, message: &str) -> Diagnostic {
    Diagnostic::error(Code::RULES_SYNTAX, message.to_string())
        .at(span)
        .with_hint("see docs/pack-format.md, section \"rules/*.md\"")
}

/// `13 Capture step {#capture}` → ("13", "Capture step", "capture").
fn parse_heading(heading: &str) -> Option<(String, String, String)> {
    let (number, rest) = heading.split_once(' ')?;
    let (title, id) = rest.rsplit_once("{#")?;
    let id = id.strip_suffix('}')?;
    (number.chars().all(|c| c.is_ascii_digit()) && !id.is_empty())
        .then(|| (number.to_string(), title.trim().to_string(), id.to_string()))
}

/// `8.4.2 {#movement.liberation-stacking} Text` → ("8.4.2", "movement.liberation-stacking", "Text").
fn parse_clause_line(line: &str) -> Option<(String, String, &str)> {
    let (number, rest) = line.split_once(' ')?;
    let numeric = number.split('.').all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
    if !numeric || !number.contains('.') {
        return None;
    }
    let rest = rest.trim_start().strip_prefix("{#")?;
    let (id, text) = rest.split_once('}')?;
    Some((number.to_string(), id.to_string(), text.trim_start()))
}

/// Adds a line of text (or a list item) to a clause and records its `[[kind:target]]` references.
fn append_text(l: &mut Loader<'_>, clause: &mut Clause, text: &str, file: FileId, base: usize, item: bool) {
    let mut rest = text;
    let mut pos = base;
    while let Some(open) = rest.find("[[") {
        let Some(close) = rest[open..].find("]]") else {
            l.diags.push(syntax(&Span::new(file, pos + open..pos + open + 2), "unclosed reference `[[`"));
            break;
        };
        let inner = &rest[open + 2..open + close];
        let inner_span = Span::new(file, pos + open + 2..pos + open + close);
        match inner.split_once(':') {
            Some((kind, target)) => clause.refs.push((kind.to_string(), Spanned::new(target.to_string(), inner_span))),
            None => l
                .diags
                .push(syntax(&inner_span, "a reference must read `[[kind:target]]`, e.g. `[[rule:capture.request]]`")),
        }
        pos += open + close + 2;
        rest = &rest[open + close + 2..];
    }
    if item {
        clause.items.push(text.to_string());
    } else if clause.text.is_empty() {
        clause.text = text.to_string();
    } else {
        clause.text.push(' ');
        clause.text.push_str(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clause_lines_split_number_id_and_text() {
        assert_eq!(
            parse_clause_line("8.4.2 {#movement.liberation-stacking} At most four."),
            Some(("8.4.2".into(), "movement.liberation-stacking".into(), "At most four."))
        );
        assert_eq!(parse_clause_line("2002 was a year."), None);
        assert_eq!(parse_clause_line("- item"), None);
    }

    #[test]
    fn headings_split_number_title_and_id() {
        assert_eq!(
            parse_heading("13 Capture step {#capture}"),
            Some(("13".into(), "Capture step".into(), "capture".into()))
        );
        assert_eq!(parse_heading("Capture step"), None);
    }
}
