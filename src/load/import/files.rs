//! An imported rulebook written in pnpkit's formats: a rules file per section (`rules/*.md`, in
//! the rulebook's order, parts as `part:` lines) and the glossary as `terms.csv`.

use super::Imported;
use crate::model::Clause;

/// Lines a rules file reads as something other than text: a continuation line starting so is
/// joined to the line before it instead.
const MARKERS: [&str; 6] = ["#", "- ", "ja:", "note:", "part:", "en:"];

/// The rules files (name in rules/, body) and the glossary's terms.csv, if it has one.
pub fn to_files(imported: &Imported) -> (Vec<(String, String)>, Option<String>) {
    let japanese = imported.japanese;
    let width = imported.rules.sections.len().to_string().len().max(2);
    let mut part = None;
    let files = imported
        .rules
        .sections
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut out = String::new();
            if s.part != part {
                part = s.part.clone();
                if let Some(p) = imported.rules.parts.iter().find(|p| Some(&p.id) == s.part.as_ref()) {
                    let title = if japanese { &p.title.ja } else { &p.title.en };
                    out.push_str(&format!("part: {} {{#{}}} {title}\n", p.number, p.id));
                    if japanese {
                        out.push_str(&format!("ja: {title}\n"));
                    }
                    out.push('\n');
                }
            }
            let title = if japanese { &s.title.ja } else { &s.title.en };
            out.push_str(&format!("# {} {title} {{#{}}}\n", s.number, s.id));
            if japanese {
                out.push_str(&format!("ja: {title}\n"));
            }
            for c in &s.clauses {
                out.push('\n');
                clause(&mut out, c, japanese);
            }
            (format!("{:0>width$}-{}.md", i + 1, s.id), out)
        })
        .collect();
    (files, glossary(imported))
}

/// One clause: a heading when it has a title, its text line by line (`ja:` lines for a Japanese
/// rulebook, whose English the designer adds beside it), then its list items.
fn clause(out: &mut String, c: &Clause, japanese: bool) {
    let title = if japanese { &c.title.ja } else { &c.title.en };
    let mut lines: Vec<String> = Vec::new();
    for line in c.text.lines().filter(|l| !l.trim().is_empty()) {
        match lines.last_mut() {
            Some(last) if !japanese && MARKERS.iter().any(|m| line.starts_with(m)) => {
                last.push(' ');
                last.push_str(line);
            }
            _ => lines.push(line.to_string()),
        }
    }
    let items = c.items.iter().map(|i| format!("- {i}"));
    if japanese {
        if title.is_empty() {
            out.push_str(&format!("{} {{#{}}}\n", c.number, c.id));
        } else {
            out.push_str(&format!("## {} {{#{}}}\nja: {title}\n", c.number, c.id));
        }
        for line in lines.into_iter().chain(items) {
            out.push_str(&format!("ja: {line}\n"));
        }
        return;
    }
    let mut rest = lines.into_iter();
    if title.is_empty() {
        let first = rest.next().unwrap_or_default();
        out.push_str(&format!("{} {{#{}}} {first}\n", c.number, c.id));
    } else {
        out.push_str(&format!("## {} {{#{}}} {title}\n", c.number, c.id));
    }
    for line in rest.chain(items) {
        out.push_str(&line);
        out.push('\n');
    }
}

/// The glossary as terms.csv: a term's name and definition in the rulebook's language, and the
/// clauses its definition cites as where it is defined.
fn glossary(imported: &Imported) -> Option<String> {
    if imported.rules.terms.is_empty() {
        return None;
    }
    let mut out = String::from("id,ja,en,definition,definition_ja,defined_in\n");
    for t in &imported.rules.terms {
        let defined: Vec<&str> = t.defined_in.iter().map(|d| d.value.as_str()).collect();
        let cells = [&t.id, &t.name.ja, &t.name.en, &t.definition.en, &t.definition.ja, &defined.join("|")];
        out.push_str(&cells.map(|c| csv_cell(c)).join(","));
        out.push('\n');
    }
    Some(out)
}

/// A CSV cell, quoted when it holds a comma, a quote or a line break.
fn csv_cell(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}
