//! Importing a numbered plain-text rulebook (the style of seed 000: section headings `N 見出し――`,
//! clauses `N.N text`, nested `N.N.N`, list items `・…`) into rule sections, keeping the text as
//! written (the designer's own) and every clause's place in the file. A clause whose own line is
//! a short label with its text on the lines below (`7.11 地球からの増援`) gets that label as its
//! (Japanese) title, and the files written give it back as a clause heading.

use crate::diag::{FileId, Span};
use crate::model::{Clause, Names, Section};

/// Parses `text` (file `file`) into sections. Ids are generated from the numbers (`s13`,
/// `s13.c13-4`) for the designer to rename.
pub fn rulebook(file: FileId, text: &str) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let content = line.trim_end_matches(['\n', '\r']);
        let span = Span::new(file, start..start + content.len());
        let trimmed = content.trim();
        if trimmed.is_empty() {
            continue;
        }
        if let Some((number, title)) = heading(content) {
            sections.push(Section {
                id: format!("s{number}"),
                number: number.to_string(),
                title: Names { ja: title.to_string(), en: String::new() },
                part: None,
                clauses: Vec::new(),
                span,
            });
            continue;
        }
        let Some(section) = sections.last_mut() else { continue };
        if let Some((number, rest)) = clause(content) {
            // A repeated number (the seed prints 3.3 twice) still gets an id of its own.
            let base = format!("s{}.c{}", section.number, number.replace('.', "-"));
            let repeats =
                section.clauses.iter().filter(|c| c.id == base || c.id.starts_with(&format!("{base}-x"))).count();
            section.clauses.push(Clause {
                id: if repeats == 0 { base } else { format!("{base}-x{}", repeats + 1) },
                number: number.to_string(),
                title: Default::default(),
                text: rest.trim().to_string(),
                items: Vec::new(),
                translations: Default::default(),
                notes: Vec::new(),
                refs: Vec::new(),
                span,
            });
            continue;
        }
        let Some(clause) = section.clauses.last_mut() else { continue };
        if let Some(item) = trimmed.strip_prefix('・') {
            clause.items.push(item.trim().to_string());
        } else if clause.items.is_empty() {
            if !clause.text.is_empty() {
                clause.text.push('\n');
            }
            clause.text.push_str(trimmed);
        } else {
            clause.items.push(trimmed.to_string());
        }
    }
    for clause in sections.iter_mut().flat_map(|s| &mut s.clauses) {
        let Some((first, rest)) = clause.text.split_once('\n') else { continue };
        if is_label(first) {
            clause.title.ja = first.to_string();
            clause.text = rest.to_string();
        }
    }
    sections
}

/// A clause's first line that is a label rather than a sentence: short, with no sentence or
/// clause punctuation.
fn is_label(line: &str) -> bool {
    line.chars().count() <= 20 && !line.contains(['。', '．', '.', '、', '，', ',', ':', '：', '!', '?', '！', '？'])
}

/// `13 捕捉ステップ―――――` → ("13", "捕捉ステップ").
fn heading(line: &str) -> Option<(&str, &str)> {
    if !line.contains("――") {
        return None;
    }
    let (number, rest) = line.split_once([' ', '\u{3000}'])?;
    if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let title = rest.trim_end_matches(['―', ' ', '\u{3000}', '-', 'ー']).trim();
    Some((number, title))
}

/// `13.4 text` → ("13.4", "text").
fn clause(line: &str) -> Option<(&str, &str)> {
    let (number, rest) = line.split_once([' ', '\u{3000}'])?;
    let parts: Vec<&str> = number.split('.').collect();
    (parts.len() >= 2 && parts.iter().all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit())))
        .then_some((number, rest))
}

/// The sections in pnpkit's rules format, one file per section (`NN-sN.md`).
pub fn to_markdown(sections: &[Section]) -> Vec<(String, String)> {
    sections
        .iter()
        .map(|s| {
            let mut out = format!("# {} {} {{#{}}}\nja: {}\n", s.number, s.title.ja, s.id, s.title.ja);
            for c in &s.clauses {
                if c.has_title() {
                    // A clause heading: the English title on its line (if any), the Japanese below.
                    let en = if c.title.en.is_empty() { String::new() } else { format!(" {}", c.title.en) };
                    out.push_str(&format!("\n## {} {{#{}}}{en}\n", c.number, c.id));
                    if !c.title.ja.is_empty() {
                        out.push_str(&format!("ja: {}\n", c.title.ja));
                    }
                } else {
                    out.push_str(&format!("\n{} {{#{}}}\n", c.number, c.id));
                }
                // The rulebook's text is Japanese: it is the clauses' `ja:` text, and the
                // designer adds the English beside it.
                for line in c.text.lines() {
                    out.push_str(&format!("ja: {line}\n"));
                }
                for item in &c.items {
                    out.push_str(&format!("ja: - {item}\n"));
                }
            }
            let file = format!("{:0>2}-{}.md", s.number, s.id);
            (file, out)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_clauses_and_items_are_recognised() {
        let text =
            "1 はじめに―――――\n1.1 最初の条項。\n続きの行。\n2 定義――――\n2.1 色:\n・ 黄色\n・ 緑\n2.1.1 入れ子。\n";
        let sections = rulebook(0, text);
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
        let clauses = &rulebook(0, text)[0].clauses;
        assert_eq!((clauses[0].title.ja.as_str(), clauses[0].text.as_str()), ("", "本文。\n続き。"));
        assert_eq!((clauses[1].title.ja.as_str(), clauses[1].text.as_str()), ("地球からの増援", "増援を受け取る。"));
        assert_eq!(clauses[2].title.ja, "", "a label with no text below stays the clause's text");
    }

    #[test]
    fn titles_are_written_as_clause_headings_and_load_back() {
        let sections = rulebook(0, "7 補充――\n7.11 地球からの増援\n増援を受け取る。\n続き。\n7.12 本文。\n");
        let (_, body) = &to_markdown(&sections)[0];
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

    #[test]
    fn markdown_round_trips_through_the_rules_loader_format() {
        let sections = rulebook(0, "3 支配――\n3.1 本文。\n");
        let files = to_markdown(&sections);
        assert_eq!(files[0].0, "03-s3.md");
        assert_eq!(files[0].1, "# 3 支配 {#s3}\nja: 支配\n\n3.1 {#s3.c3-1}\nja: 本文。\n");
    }
}
