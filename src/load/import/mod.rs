//! Importing a numbered rulebook (plain text or Markdown, English or Japanese) into rule parts,
//! sections, clauses and a glossary, keeping its own numbers, its text as written (the
//! designer's own) and every line's place in the file.
//!
//! What it reads: numbers as publishers print them (`1.`, `100.1.`, `702.19b`, `1.2.3a`, `A.4`,
//! `３．２`, `第3条`, `第2章`, the seed's `13 見出し――`); a heading followed at once by another
//! heading is a part (chapter), any other a section; list items (`・`, `-`, `*`); a glossary
//! after a `Glossary` / `用語集` heading, one entry per paragraph (its name on the first line).
//! A table of contents (headings that come again below) and the matter before the first rule
//! and after the glossary are skipped and reported. Typed cross-references ("see rule 702.19b",
//! "section 8", "13.4項参照") become `[[rule:…]]` links.
//!
//! What stops it (each a located error): no numbered clause at all, text with no clause to
//! belong to, and a cross-reference whose number no clause, section or part has.

mod crossrefs;
mod files;
mod lines;

use std::collections::HashMap;

use crate::diag::{Code, Diagnostic, FileId, Span};
use crate::model::{Clause, Names, Part, Rules, Section, Term};
use crossrefs::Wants;
use lines::Kind;

pub use files::to_files;

/// A rulebook read by [`rulebook`].
#[derive(Debug, Default)]
pub struct Imported {
    /// Parts, sections, clauses and the glossary.
    pub rules: Rules,
    /// Whether the rulebook is written in Japanese (its text then becomes the clauses' `ja:`
    /// wording).
    pub japanese: bool,
    /// What was recognised but not imported, with its first and last line (1-based).
    pub skipped: Vec<(&'static str, usize, usize)>,
    /// Typed cross-references made links.
    pub links: usize,
    /// Why the import cannot be written (each located).
    pub problems: Vec<Diagnostic>,
}

/// What a line of the body is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Blank,
    Part,
    Section,
    Clause,
    Item,
    Text,
}

/// One line: where it starts in the file and its text (without its line end).
struct Line<'t> {
    start: usize,
    text: &'t str,
    number: Option<lines::Number>,
}

/// Words that head a glossary.
const GLOSSARY: [&str; 6] = ["glossary", "glossary of terms", "用語集", "用語", "用語解説", "用語一覧"];

/// Reads `text` (file `file`).
pub fn rulebook(file: FileId, text: &str) -> Imported {
    let mut all: Vec<Line> = Vec::new();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let (start, line) = match line.strip_prefix('\u{feff}') {
            Some(rest) => (start + '\u{feff}'.len_utf8(), rest),
            None => (start, line),
        };
        all.push(Line { start, text: line, number: lines::number(line) });
    }
    let mut out = Imported::default();
    let body_start = body_start(&all);
    if all[..body_start].iter().any(|l| !l.text.trim().is_empty()) {
        out.skipped.push(("front matter and contents", 1, body_start));
    }
    let glossary_at = (body_start..all.len()).find(|&i| {
        all[i].number.is_none()
            && GLOSSARY.contains(
                &all[i]
                    .text
                    .trim()
                    .trim_start_matches('#')
                    .trim()
                    .trim_end_matches([':', '：'])
                    .to_lowercase()
                    .as_str(),
            )
    });
    let body_end = glossary_at.unwrap_or(all.len());
    let roles = roles(&all[..body_end], body_start);
    let (ids, targets) = ids(&all, &roles, body_start..body_end);
    let mut last_clause_ready = false;
    let mut section_open = false;
    for i in body_start..body_end {
        let line = &all[i];
        let span = Span::new(file, line.start..line.start + line.text.len());
        match roles[i] {
            Role::Blank => {}
            Role::Part => {
                let n = line.number.as_ref().expect("a part is numbered");
                let title = lines::title(&line.text[n.rest_at..]).to_string();
                out.rules.parts.push(Part {
                    id: ids[i].clone(),
                    number: n.text.clone(),
                    title: Names { ja: title, en: String::new() },
                    span,
                });
                section_open = false;
                last_clause_ready = false;
            }
            Role::Section => {
                let n = line.number.as_ref().expect("a section is numbered");
                let title = lines::title(&line.text[n.rest_at..]).to_string();
                out.rules.sections.push(Section {
                    id: ids[i].clone(),
                    number: n.text.clone(),
                    title: Names { ja: title, en: String::new() },
                    part: out.rules.parts.last().map(|p| p.id.clone()),
                    kind: None,
                    clauses: Vec::new(),
                    span,
                });
                section_open = true;
                last_clause_ready = false;
            }
            Role::Clause => {
                let n = line.number.as_ref().expect("a clause is numbered");
                if !section_open {
                    // Clauses before any heading: one section holds them.
                    out.rules.sections.push(Section {
                        id: LOOSE.into(),
                        number: String::new(),
                        title: Names { ja: "Rules".into(), en: String::new() },
                        part: None,
                        kind: None,
                        clauses: Vec::new(),
                        span: span.clone(),
                    });
                    section_open = true;
                }
                let (words, _) = linked(&line.text[n.rest_at..], line.start + n.rest_at, file, &targets, &mut out);
                let section = out.rules.sections.last_mut().expect("a section is open");
                section.clauses.push(Clause {
                    id: ids[i].clone(),
                    number: n.text.clone(),
                    text: words.trim().to_string(),
                    span,
                    ..Clause::default()
                });
                last_clause_ready = true;
            }
            Role::Item | Role::Text if !last_clause_ready => {
                let what = if section_open {
                    "text under a heading before its first clause"
                } else {
                    "text between a part heading and its first section"
                };
                out.problems.push(
                    Diagnostic::error(Code::IMPORT_UNPLACED, format!("{what} has no clause to belong to"))
                        .at(&span)
                        .with_hint("number it as a clause, or move it into the clause it belongs to"),
                );
            }
            role => {
                let words = match (role, lines::item(line.text)) {
                    (Role::Item, Some(item)) => item,
                    _ => line.text.trim(),
                };
                let at = line.start + (words.as_ptr() as usize - line.text.as_ptr() as usize);
                let (words, _) = linked(words, at, file, &targets, &mut out);
                let clause =
                    out.rules.sections.last_mut().and_then(|s| s.clauses.last_mut()).expect("a clause is open");
                if role == Role::Item {
                    clause.items.push(words);
                } else if clause.items.is_empty() {
                    clause.text.push('\n');
                    clause.text.push_str(&words);
                } else {
                    clause.items.push(words);
                }
            }
        }
    }
    for clause in out.rules.sections.iter_mut().flat_map(|s| &mut s.clauses) {
        let Some((first, rest)) = clause.text.split_once('\n') else { continue };
        if is_label(first) {
            clause.title.ja = first.to_string();
            clause.text = rest.to_string();
        }
    }
    if let Some(at) = glossary_at {
        glossary(&all[at + 1..], at + 1, file, &targets, &mut out);
    }
    out.japanese = japanese(&out.rules);
    if !out.japanese {
        // Titles were read into the Japanese slot; an English rulebook's are English.
        let english = |names: &mut Names| names.en = std::mem::take(&mut names.ja);
        out.rules.parts.iter_mut().for_each(|p| english(&mut p.title));
        for section in &mut out.rules.sections {
            english(&mut section.title);
            section.clauses.iter_mut().for_each(|c| english(&mut c.title));
        }
        for term in &mut out.rules.terms {
            english(&mut term.name);
            english(&mut term.definition);
        }
    }
    if out.rules.sections.iter().all(|s| s.clauses.is_empty()) {
        out.problems.insert(
            0,
            Diagnostic::error(Code::IMPORT_NO_CLAUSES, "the rulebook has no numbered clause pnpkit can read")
                .at(&Span::new(file, 0..text.len().min(1)))
                .with_hint("clauses start with their number: `1.2 text`, `702.19b text`, `３．２ 本文`, `第3条 本文`"),
        );
    }
    out
}

/// A clause's first line that is a label rather than a sentence: short, with no sentence or
/// clause punctuation.
fn is_label(line: &str) -> bool {
    line.chars().count() <= 20 && !line.contains(['。', '．', '.', '、', '，', ',', ':', '：', '!', '?', '！', '？'])
}

/// The id of the section holding clauses that come before any heading.
const LOOSE: &str = "rules";

/// Where the rules start: after a table of contents (the first heading's second coming), else at
/// the first numbered line.
fn body_start(all: &[Line]) -> usize {
    let Some(first) = all.iter().position(|l| l.number.as_ref().is_some_and(|n| heading_like(l.text, n))) else {
        return all.iter().position(|l| l.number.is_some()).unwrap_or(all.len());
    };
    let again = all[first + 1..].iter().position(|l| l.text.trim() == all[first].text.trim());
    let numbered = all.iter().position(|l| l.number.is_some()).unwrap_or(first);
    again.map_or(numbered.min(first), |at| first + 1 + at)
}

/// Whether a numbered line reads as a heading: marked as one, named by its own word (`第2章`),
/// or one number with a title after it (`100. General`).
fn heading_like(text: &str, n: &lines::Number) -> bool {
    matches!(n.kind, Kind::Part | Kind::Section)
        || (n.kind == Kind::Unknown
            && (n.marked || lines::depth(&n.text) == 1)
            && lines::title_like(&text[n.rest_at..]))
}

/// What each line of the body is. A heading followed at once by another heading is a part; a
/// marked heading numbered under the open section is a titled clause. Once rules have begun, an
/// unmarked one-number line heads a section only where one may come (the next section's or
/// part's number, or right after a part): else it is a numbered list item of the clause above
/// (`1. 捕捉ステップ` under 12.7).
fn roles(body: &[Line], from: usize) -> Vec<Role> {
    let mut roles = vec![Role::Blank; body.len()];
    let (mut part, mut section) = (String::new(), String::new());
    let mut previous = Role::Blank;
    for i in from..body.len() {
        let line = &body[i];
        let expected = |n: &lines::Number| {
            n.marked
                || (part.is_empty() && section.is_empty())
                || previous == Role::Part
                || follows(&section, &n.text)
                || follows(&part, &n.text)
        };
        roles[i] = match &line.number {
            _ if line.text.trim().is_empty() => Role::Blank,
            None if lines::item(line.text).is_some() => Role::Item,
            None => Role::Text,
            Some(n) if n.kind == Kind::Part => Role::Part,
            Some(n) if n.kind == Kind::Clause => Role::Clause,
            Some(n) if n.kind == Kind::Section => Role::Section,
            Some(n) if !section.is_empty() && n.text.starts_with(&format!("{section}.")) => Role::Clause,
            Some(n) if heading_like(line.text, n) && expected(n) => {
                let next = body[i + 1..].iter().find(|l| !l.text.trim().is_empty());
                match next.and_then(|l| l.number.as_ref().map(|m| (l, m))) {
                    // An empty section is followed by the next one (`600.` then `601.`).
                    Some((l, m)) if heading_like(l.text, m) && !follows(&n.text, &m.text) => Role::Part,
                    _ => Role::Section,
                }
            }
            Some(n) if lines::depth(&n.text) == 1 => Role::Item,
            Some(_) => Role::Clause,
        };
        let number = || line.number.as_ref().map(|n| n.text.clone()).unwrap_or_default();
        match roles[i] {
            Role::Section => section = number(),
            Role::Part => part = number(),
            _ => {}
        }
        if roles[i] != Role::Blank {
            previous = roles[i];
        }
    }
    roles
}

/// Whether number `next` comes right after `number` at the same level (`600` → `601`).
fn follows(number: &str, next: &str) -> bool {
    use crate::model::number_levels;
    match (number_levels(number), number_levels(next)) {
        (Some(a), Some(b)) if a.len() == b.len() => {
            let last = a.len() - 1;
            a[..last].iter().zip(&b[..last]).all(|(x, y)| x.value == y.value) && b[last].value == a[last].value + 1
        }
        _ => false,
    }
}

/// Every number the rulebook gives, by kind: what its cross-references may name.
#[derive(Default)]
struct Targets {
    parts: HashMap<String, String>,
    sections: HashMap<String, String>,
    clauses: HashMap<String, String>,
}

impl Targets {
    fn find(&self, number: &str, wants: Wants) -> Option<&String> {
        let (p, s, c) = (self.parts.get(number), self.sections.get(number), self.clauses.get(number));
        match wants {
            Wants::Rule => c.or(s).or(p),
            Wants::Section => s.or(p).or(c),
        }
    }
}

/// The id of every numbered line of the body (made from the numbers: `p1`, `s100`,
/// `s100.c100-1a`; a repeated number gets `-x2`), and the numbers as targets.
fn ids(all: &[Line], roles: &[Role], body: std::ops::Range<usize>) -> (Vec<String>, Targets) {
    let mut ids = vec![String::new(); all.len()];
    let mut targets = Targets::default();
    let mut section = LOOSE.to_string();
    let mut seen: HashMap<String, usize> = HashMap::new();
    for i in body {
        let Some(n) = &all[i].number else { continue };
        let (prefix, map) = match roles[i] {
            Role::Part => ("p".to_string(), &mut targets.parts),
            Role::Section => ("s".to_string(), &mut targets.sections),
            Role::Clause => (format!("{section}.c"), &mut targets.clauses),
            _ => continue,
        };
        let base = format!("{prefix}{}", n.text.replace('.', "-"));
        let count = seen.entry(base.clone()).or_default();
        *count += 1;
        ids[i] = if *count == 1 { base } else { format!("{base}-x{count}") };
        map.entry(n.text.clone()).or_insert_with(|| ids[i].clone());
        if roles[i] == Role::Section {
            section = ids[i].clone();
        }
    }
    (ids, targets)
}

/// `words` (starting at byte `at` of `file`) with each cross-reference it types made a
/// `[[rule:…]]` link, and the ids linked; a cited number no clause, section or part has is a
/// problem.
fn linked(words: &str, at: usize, file: FileId, targets: &Targets, out: &mut Imported) -> (String, Vec<String>) {
    let (mut text, mut ids) = (String::new(), Vec::new());
    let mut from = 0;
    for cited in crossrefs::cited(words) {
        match targets.find(&cited.number, cited.wants) {
            Some(id) => {
                text.push_str(&words[from..cited.at.start]);
                text.push_str(&format!("[[rule:{id}]]"));
                ids.push(id.clone());
                from = cited.at.end;
                out.links += 1;
            }
            None if cited.bare => {}
            None => out.problems.push(
                Diagnostic::error(
                    Code::IMPORT_UNKNOWN_TARGET,
                    format!("no rule, section or part is numbered {}", cited.number),
                )
                .at(&Span::new(file, at + cited.at.start..at + cited.at.end))
                .with_hint("the text cites it: correct the number, or write the reference out in words"),
            ),
        }
    }
    text.push_str(&words[from..]);
    (text, ids)
}

/// The glossary's entries: a paragraph each, its name on the first line; a name with no text
/// under it ends the glossary (the back matter's first heading). `lines` start at line `first`.
fn glossary(lines: &[Line], first: usize, file: FileId, targets: &Targets, out: &mut Imported) {
    let mut i = 0;
    while i < lines.len() {
        if lines[i].text.trim().is_empty() {
            i += 1;
            continue;
        }
        let name = &lines[i];
        let body: Vec<&Line> = lines[i + 1..].iter().take_while(|l| !l.text.trim().is_empty()).collect();
        if body.is_empty() {
            if lines[i..].iter().any(|l| !l.text.trim().is_empty()) {
                out.skipped.push(("back matter", first + i + 1, first + lines.len()));
            }
            return;
        }
        let mut definition = Vec::new();
        let mut cited = Vec::new();
        for line in &body {
            let words = line.text.trim();
            let at = line.start + (words.as_ptr() as usize - line.text.as_ptr() as usize);
            let (linked, ids) = linked(words, at, file, targets, out);
            cited.extend(ids);
            definition.push(linked);
        }
        let title = name.text.trim().trim_end_matches([':', '：']).to_string();
        let mut id: String = title
            .to_lowercase()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect::<String>()
            .split('-')
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        if id.is_empty() || out.rules.terms.iter().any(|t| t.id == id) {
            id = format!("t{}", out.rules.terms.len() + 1);
        }
        let span = Span::new(file, name.start..name.start + name.text.len());
        let separator = if title.is_ascii() { " " } else { "" };
        // Every clause once, in the order the definition cites them.
        let mut seen = std::collections::HashSet::new();
        cited.retain(|c| seen.insert(c.clone()));
        out.rules.terms.push(Term {
            id,
            name: Names { ja: title, en: String::new() },
            kana: String::new(),
            aliases: Vec::new(),
            definition: Names { ja: definition.join(separator), en: String::new() },
            refs: Vec::new(),
            defined_in: cited.into_iter().map(|c| crate::model::Spanned::new(c, span.clone())).collect(),
            see: Vec::new(),
            span,
        });
        i += 1 + body.len();
    }
}

/// Whether the clauses are mostly Japanese.
fn japanese(rules: &Rules) -> bool {
    let (mut kana, mut all) = (0usize, 0usize);
    for c in rules.sections.iter().flat_map(|s| &s.clauses).flat_map(|c| c.text.chars()).filter(|c| !c.is_whitespace())
    {
        all += 1;
        if matches!(c, '\u{3040}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}') {
            kana += 1;
        }
    }
    kana * 5 > all
}
#[cfg(test)]
mod tests {
    use super::*;

    fn sections(text: &str) -> Vec<Section> {
        let imported = rulebook(0, text);
        assert!(imported.problems.is_empty(), "{:?}", imported.problems);
        imported.rules.sections
    }

    #[test]
    fn headings_clauses_and_items_are_recognised() {
        let text =
            "1 はじめに―――――\n1.1 最初の条項。\n続きの行。\n2 定義――――\n2.1 色:\n・ 黄色\n・ 緑\n2.1.1 入れ子。\n";
        let sections = sections(text);
        assert_eq!(sections.len(), 2);
        assert_eq!(sections[0].title.ja, "はじめに");
        assert_eq!(sections[0].clauses[0].text, "最初の条項。\n続きの行。");
        assert_eq!(sections[1].clauses[0].items, ["黄色", "緑"]);
        assert_eq!(sections[1].clauses[1].number, "2.1.1");
        assert_eq!(sections[1].clauses[1].id, "s2.c2-1-1");
    }

    #[test]
    fn a_short_label_above_its_text_is_the_clause_title() {
        let text = "7 補充――\n7.10 本文。\n続き。\n7.11 地球からの増援\n増援を受け取る。\n・ 第6軍\n7.12 短い\n";
        let clauses = &sections(text)[0].clauses;
        assert_eq!((clauses[0].title.ja.as_str(), clauses[0].text.as_str()), ("", "本文。\n続き。"));
        assert_eq!((clauses[1].title.ja.as_str(), clauses[1].text.as_str()), ("地球からの増援", "増援を受け取る。"));
        assert_eq!(clauses[2].title.ja, "", "a label with no text below stays the clause's text");
    }

    #[test]
    fn titles_are_written_as_clause_headings_and_load_back() {
        let imported = rulebook(0, "7 補充――\n7.11 地球からの増援\n増援を受け取る。\n続き。\n7.12 本文。\n");
        let (files, _) = to_files(&imported);
        let (name, body) = &files[0];
        assert_eq!(name, "01-s7.md");
        assert_eq!(
            body,
            "# 7 補充 {#s7}\nja: 補充\n\n## 7.11 {#s7.c7-11}\nja: 地球からの増援\nja: 増援を受け取る。\nja: 続き。\n\n7.12 {#s7.c7-12}\nja: 本文。\n"
        );
        let (mut diags, mut loaded) = (Vec::new(), Vec::new());
        super::super::rules::parse_rules(&mut diags, 0, body, (&mut Vec::new(), &mut loaded));
        assert!(diags.is_empty(), "{diags:?}");
        let c = &loaded[0].clauses[0];
        assert_eq!(
            (c.title.ja.as_str(), c.translations["ja"].text.as_str()),
            ("地球からの増援", "増援を受け取る。続き。")
        );
        assert_eq!(loaded[0].clauses[1].translations["ja"].text, "本文。", "an untitled clause's text too");
    }

    /// A rulebook in the style of long-running card games (our own words): title and introduction,
    /// a table of contents, parts over sections, lettered subrules, an example line, typed
    /// cross-references, a glossary and credits.
    const ENGLISH: &str = "\u{feff}Lantern Comprehensive Rules\n\nIntroduction\n\nThis text explains the game.\n\nContents\n\n1. Basics\n   100. General\n   101. Turns\n\n2. Cards\n   200. General\n\nGlossary\n\n\n1. Basics\n\n100. General\n\n   100.1. Two players play one game.\n\n      100.1a A player who leaves loses. See rule 101.2a.\n\n      100.1b A match is three games. See section 2, \"Cards.\"\n            Example: Ann wins two games and the match.\n\n101. Turns\n\n   101.1. Players alternate turns.\n\n   101.2. Each turn has two steps:\n   - draw\n   - play\n\n      101.2a Skipping the draw is allowed (see rule 100.1).\n\n2. Cards\n\n200. General\n\n   200.1. A card has a name and a cost, as rules 100.1 and 101.1 assume.\n\nGlossary\n\nDraw\nTo take the top card of your deck into your hand. See rule 101.2.\n\nMatch\nThree games in a row. See rule 100.1b.\n\nCredits\n\nWritten by us.\n";

    #[test]
    fn an_english_rulebook_keeps_its_numbers_parts_links_and_glossary() {
        let imported = rulebook(0, ENGLISH);
        assert!(imported.problems.is_empty(), "{:?}", imported.problems);
        assert!(!imported.japanese);
        let rules = &imported.rules;
        let parts: Vec<(&str, &str)> = rules.parts.iter().map(|p| (p.number.as_str(), p.title.en.as_str())).collect();
        assert_eq!(parts, [("1", "Basics"), ("2", "Cards")]);
        let sections: Vec<(&str, Option<&str>)> =
            rules.sections.iter().map(|s| (s.number.as_str(), s.part.as_deref())).collect();
        assert_eq!(sections, [("100", Some("p1")), ("101", Some("p1")), ("200", Some("p2"))]);
        let numbers: Vec<&str> = rules.sections.iter().flat_map(|s| &s.clauses).map(|c| c.number.as_str()).collect();
        assert_eq!(numbers, ["100.1", "100.1a", "100.1b", "101.1", "101.2", "101.2a", "200.1"]);
        let clause = |n: &str| rules.sections.iter().flat_map(|s| &s.clauses).find(|c| c.number == n).unwrap();
        assert_eq!(clause("100.1a").text, "A player who leaves loses. See rule [[rule:s101.c101-2a]].");
        assert_eq!(
            clause("100.1b").text,
            "A match is three games. See section [[rule:p2]], \"Cards.\"\nExample: Ann wins two games and the match."
        );
        assert_eq!(clause("101.2").items, ["draw", "play"]);
        assert!(clause("200.1").text.contains("rules [[rule:s100.c100-1]] and [[rule:s101.c101-1]] assume"));
        assert_eq!(imported.links, 7);
        let terms: Vec<(&str, &str, &str)> =
            rules.terms.iter().map(|t| (t.id.as_str(), t.name.en.as_str(), t.defined_in[0].value.as_str())).collect();
        assert_eq!(terms, [("draw", "Draw", "s101.c101-2"), ("match", "Match", "s100.c100-1b")]);
        assert_eq!(rules.terms[1].definition.en, "Three games in a row. See rule [[rule:s100.c100-1b]].");
        assert_eq!(imported.skipped, [("front matter and contents", 1, 18), ("back matter", 54, 56)]);
        // Written and read back by the rules loader with no problem.
        let (files, glossary) = to_files(&imported);
        assert_eq!(
            files.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
            ["01-s100.md", "02-s101.md", "03-s200.md"]
        );
        assert!(files[0]
            .1
            .starts_with("part: 1 {#p1} Basics\n\n# 100 General {#s100}\n\n100.1 {#s100.c100-1} Two players"));
        assert!(glossary
            .unwrap()
            .contains("match,,Match,Three games in a row. See rule [[rule:s100.c100-1b]].,,s100.c100-1b"));
        let (mut diags, mut parts, mut loaded) = (Vec::new(), Vec::new(), Vec::new());
        for (_, body) in &files {
            super::super::rules::parse_rules(&mut diags, 0, body, (&mut parts, &mut loaded));
        }
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(loaded.iter().map(|s| s.clauses.len()).sum::<usize>(), 7);
        assert_eq!(
            loaded[0].clauses[2].text,
            "A match is three games. See section [[rule:p2]], \"Cards.\" Example: Ann wins two games and the match."
        );
    }

    #[test]
    fn a_japanese_rulebook_in_chapters_and_full_width_numbers() {
        let text = "第1章 移動\n\n１．１ ユニットは移動できる。\n１．２ 山を越えるには２．１項参照。\n\n第2章 戦闘\n\n２．１ 戦闘は任意である（１．１参照）。\n\n用語集\n\n移動\nユニットを動かすこと。１．１項参照。\n";
        let imported = rulebook(0, text);
        assert!(imported.problems.is_empty(), "{:?}", imported.problems);
        assert!(imported.japanese);
        let rules = &imported.rules;
        assert_eq!(rules.sections.iter().map(|s| s.title.ja.as_str()).collect::<Vec<_>>(), ["移動", "戦闘"]);
        let clauses: Vec<(&str, &str)> =
            rules.sections.iter().flat_map(|s| &s.clauses).map(|c| (c.number.as_str(), c.text.as_str())).collect();
        assert_eq!(
            clauses,
            [
                ("1.1", "ユニットは移動できる。"),
                ("1.2", "山を越えるには[[rule:s2.c2-1]]項参照。"),
                ("2.1", "戦闘は任意である（[[rule:s1.c1-1]]参照）。")
            ]
        );
        assert_eq!(rules.terms[0].definition.ja, "ユニットを動かすこと。[[rule:s1.c1-1]]項参照。");
        let (files, _) = to_files(&imported);
        assert!(files[0].1.contains("1.2 {#s1.c1-2}\nja: 山を越えるには[[rule:s2.c2-1]]項参照。\n"), "{}", files[0].1);
    }

    #[test]
    fn what_cannot_be_read_is_a_located_error() {
        let codes = |text: &str| -> Vec<(&'static str, usize)> {
            rulebook(0, text)
                .problems
                .iter()
                .map(|d| (d.code.0, d.span.as_ref().map_or(0, |s| s.range.start)))
                .collect()
        };
        assert_eq!(codes("Some prose.\nNo numbers here.\n"), [("E0703", 0)]);
        let text = "100. General\n\nAn introduction with no number.\n\n100.1. A rule citing rule 100.9.\n";
        let introduction = text.find("An introduction").unwrap();
        let cited = text.find("100.9").unwrap();
        assert_eq!(codes(text), [("E0704", introduction), ("E0705", cited)]);
    }
}
