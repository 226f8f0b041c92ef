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
//!
//! ## 13.3 {#capture.roll} Capture roll a titled clause: a level-2 heading with number, id, title
//! ja: 捕捉チェックの判定                its Japanese title (optional; may stand alone)
//! The Federal player rolls …          then its text on the following lines (`en:` may mark them)
//! ja: 連邦軍プレイヤーは…              past the title, `ja:` lines are its Japanese text,
//! ja: - …                             and `ja: - ` its Japanese items, in the English order
//! ```
//!
//! A titled clause's heading may be followed by blank lines before its text. A heading that
//! does not read `## <number> {#<id>} <title>`, a clause heading with no title in either language
//! and a `ja:` line that follows no heading are syntax errors (E0108); a titled clause with no
//! text is E0170.
//!
//! A `part: 1 {#concepts} Game Concepts` line (and its `ja:` title) opens a part, a level above
//! sections that holds the sections after it up to the next part.
//!
//! Numbers are written as publishers write them: dotted parts of digits (`8.4.2`), a small letter
//! for the level below a number (`702.19b`, `1.2.3a`) and capitals for a lettered section
//! (`# A Appendix`, `A.4`).
//!
//! References are written `[[kind:target]]` (rule, card, unit, place, box, term, setup).

use super::csv::Columns;
use super::units::duplicate_check;
use super::Loader;
use crate::diag::{Code, Diagnostic, FileId, Span};
use crate::model::{Clause, Exhibit, Names, Pack, Part, Ref, Section, SectionKind, Spanned, Term};

const TERM_COLUMNS: Columns = Columns {
    required: &["id"],
    optional: &["ja", "en", "kana", "aliases", "definition", "definition_ja", "defined_in", "see", "note"],
};

/// A definition cell of terms.csv, its references recorded where they stand in the file (a quoted
/// cell's text starts after its quote).
fn definition_cell(
    l: &mut Loader<'_>,
    file: FileId,
    row: &super::csv::Row<'_>,
    column: &str,
    refs: &mut Vec<(String, Ref)>,
) -> String {
    let cell = row.cell(column);
    let quoted = l.text(file).as_bytes().get(cell.span.range.start) == Some(&b'"');
    scan_refs(&mut l.diags, refs, &cell.value, file, cell.span.range.start + usize::from(quoted));
    cell.value
}

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
            parse_rules(&mut l.diags, file, &text, (&mut pack.rules.parts, &mut pack.rules.sections));
        }
    }
    let Some(file) = l.read("terms.csv", false) else { return };
    let table = l.csv(file, &TERM_COLUMNS, &[]);
    for row in table.rows() {
        let id = row.text("id", &mut l.diags).value;
        duplicate_check(l, &id, &row, "term");
        let mut refs = Vec::new();
        let definition = Names {
            en: definition_cell(l, file, &row, "definition", &mut refs),
            ja: definition_cell(l, file, &row, "definition_ja", &mut refs),
        };
        pack.rules.terms.push(Term {
            id,
            name: row.either_name("ja", "en", &mut l.diags),
            kana: row.cell("kana").value,
            aliases: row.list("aliases").into_iter().map(|a| a.value).collect(),
            definition,
            refs,
            defined_in: row.list("defined_in"),
            see: row.list("see"),
            span: row.span(),
        });
    }
}

/// A clause opened by a `##` heading, until the next heading or clause closes it.
struct Titled {
    /// Its `ja:` line may still come (nothing but blank lines since the heading).
    ja_open: bool,
    /// A line of its own (text, item or note) has come: a blank line now ends it.
    started: bool,
    /// A bad `ja:` line was reported already, so a missing title is not reported twice.
    flagged: bool,
}

/// Parses one rules file, appending its sections.
pub(super) fn parse_rules(
    diags: &mut Vec<Diagnostic>,
    file: FileId,
    text: &str,
    (parts, sections): (&mut Vec<Part>, &mut Vec<Section>),
) {
    let mut offset = 0;
    let mut in_clause = false;
    // A `part:` line was the last line: a `ja:` line now titles the part.
    let mut part_open = false;
    let mut titled: Option<Titled> = None;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let content = line.trim_end_matches(['\n', '\r']);
        let span = Span::new(file, start..start + content.len());
        if content.trim().is_empty() {
            // Blank lines may part a clause heading from its text, as Markdown writers do.
            if titled.as_ref().is_none_or(|t| t.started) {
                in_clause = false;
            }
            continue;
        }
        if let (true, Some(ja), Some(part)) = (part_open, content.strip_prefix("ja:"), parts.last_mut()) {
            part.title.ja = ja.trim().to_string();
            part_open = false;
            continue;
        }
        part_open = false;
        if let Some(line) = content.strip_prefix("part:") {
            close_titled(diags, sections, &mut titled);
            match parse_part(line.trim_start()) {
                Some((number, id, title)) => {
                    parts.push(Part { id, number, title: Names { ja: String::new(), en: title }, span });
                    part_open = true;
                }
                None => diags.push(syntax(&span, "a part line must read `part: <number> {#<id>} <title>`")),
            }
            in_clause = false;
            continue;
        }
        if let Some(heading) = content.strip_prefix("# ") {
            close_titled(diags, sections, &mut titled);
            match parse_heading(heading) {
                Some((number, title, id)) => sections.push(Section {
                    id,
                    number,
                    title: Names { ja: String::new(), en: title },
                    part: parts.last().map(|p| p.id.clone()),
                    kind: None,
                    clauses: Vec::new(),
                    span,
                }),
                None => diags.push(syntax(&span, "a section heading must read `# <number> <title> {#<id>}`")),
            }
            in_clause = false;
            continue;
        }
        let Some(section) = sections.last_mut() else {
            diags.push(syntax(&span, "text before the first section heading"));
            continue;
        };
        // `kind: optional` or `kind: variant` under a section's heading, before its clauses.
        if let Some(kind) = content.strip_prefix("kind:").filter(|_| section.clauses.is_empty()) {
            section.kind = match kind.trim() {
                "optional" => Some(SectionKind::Optional),
                "variant" => Some(SectionKind::Variant),
                _ => {
                    diags.push(syntax(&span, "a section's kind is `kind: optional` or `kind: variant`"));
                    None
                }
            };
            continue;
        }
        if let Some(ja) = content.strip_prefix("ja:") {
            let ja = ja.trim();
            if let (Some(t), Some(clause)) = (titled.as_mut().filter(|t| t.ja_open), section.clauses.last_mut()) {
                t.ja_open = false;
                if ja.is_empty() {
                    t.flagged = true;
                    diags.push(
                        syntax(&span, "this `ja:` line gives no title")
                            .with_hint("write the clause's Japanese title after `ja:`, or delete the line"),
                    );
                }
                clause.title.ja = ja.to_string();
                continue;
            }
            if section.clauses.is_empty() {
                section.title.ja = ja.to_string();
                continue;
            }
            // Past the title, a `ja:` line is the clause's Japanese text (or, `ja: - …`, an item).
            if let Some(clause) = section.clauses.last_mut().filter(|_| in_clause && !ja.is_empty()) {
                if let Some(t) = titled.as_mut() {
                    t.started = true;
                }
                let ja_start = start + (ja.as_ptr() as usize - content.as_ptr() as usize);
                match ja.strip_prefix("- ") {
                    Some(item) => append_text(diags, clause, item, file, ja_start + 2, Target::Item("ja")),
                    None => append_text(diags, clause, ja, file, ja_start, Target::Text("ja")),
                }
                continue;
            }
            diags.push(syntax(&span, "this `ja:` line follows no heading, so it titles nothing").with_hint(
                "a `ja:` line goes right under a section heading or a clause heading such as \
                 `## 8.4 {#movement.stacking} Stacking`",
            ));
            continue;
        }
        if let Some(heading) = content.strip_prefix("##") {
            close_titled(diags, sections, &mut titled);
            let Some(section) = sections.last_mut() else { continue };
            match heading.strip_prefix(' ').and_then(parse_clause_line).filter(|(_, id, _)| !id.is_empty()) {
                Some((number, id, title)) => {
                    section.clauses.push(Clause {
                        id,
                        number,
                        title: Names { ja: String::new(), en: title.trim().to_string() },
                        span,
                        ..Clause::default()
                    });
                    titled = Some(Titled { ja_open: true, started: false, flagged: false });
                    in_clause = true;
                }
                None => {
                    diags.push(syntax(&span, "a clause heading must read `## <number> {#<id>} <title>`").with_hint(
                        "e.g. `## 8.4 {#movement.stacking} Stacking`; a clause without a title is written \
                         `8.4 {#movement.stacking} text` instead",
                    ));
                    in_clause = false;
                }
            }
            continue;
        }
        if let Some((number, id, rest)) = parse_clause_line(content) {
            close_titled(diags, sections, &mut titled);
            let Some(section) = sections.last_mut() else { continue };
            let text_start = start + content.len() - rest.len();
            let mut clause = Clause { id, number, span, ..Clause::default() };
            append_text(diags, &mut clause, rest, file, text_start, Target::Text("en"));
            section.clauses.push(clause);
            in_clause = true;
            continue;
        }
        let Some(clause) = section.clauses.last_mut().filter(|_| in_clause) else {
            diags.push(
                syntax(&span, "this line belongs to no clause")
                    .with_hint("start a clause with its number and id, e.g. `13.1 {#capture.request} …`"),
            );
            continue;
        };
        if let Some(t) = titled.as_mut() {
            t.ja_open = false;
            t.started = true;
        }
        // `en:` marks English text where a writer wants both languages spelled out.
        let (content, start) = match content.strip_prefix("en:") {
            Some(en) => (en.trim_start(), start + content.len() - en.trim_start().len()),
            None => (content, start),
        };
        if let Some(note) = content.strip_prefix("note:") {
            clause.notes.push(note.trim().to_string());
        } else if let Some(remark) = content.strip_prefix("remark:") {
            clause.remarks.push(remark.trim().to_string());
        } else if let Some(words) = content.strip_prefix("index:") {
            let words: Vec<String> =
                words.split('|').map(str::trim).filter(|w| !w.is_empty()).map(String::from).collect();
            if words.is_empty() {
                diags.push(syntax(&span, "this `index:` line gives no words").with_hint(
                    "write the words players look the clause up by, `|`-separated \
                     (`index: win the game | 勝ち方`), or delete the line",
                ));
            }
            clause.index.extend(words);
        } else if let Some(exhibit) = exhibit(diags, content, file, start) {
            clause.exhibits.extend(exhibit);
        } else if let Some(item) = content.trim_start().strip_prefix("- ") {
            let item_start = start + content.len() - item.len();
            append_text(diags, clause, item, file, item_start, Target::Item("en"));
        } else {
            append_text(diags, clause, content, file, start, Target::Text("en"));
        }
    }
    close_titled(diags, sections, &mut titled);
}

/// Ends the clause a `##` heading opened: it needs a title (in the heading or its `ja:` line) and
/// text of its own, for a title is no rule.
fn close_titled(diags: &mut Vec<Diagnostic>, sections: &[Section], titled: &mut Option<Titled>) {
    let Some(t) = titled.take() else { return };
    let Some(clause) = sections.last().and_then(|s| s.clauses.last()) else { return };
    if !t.flagged && clause.title.en.is_empty() && clause.title.ja.is_empty() {
        diags.push(syntax(&clause.span, "this clause heading has no title").with_hint(
            "write the title after the id (`## 8.4 {#movement.stacking} Stacking`) or in a `ja:` line below \
             the heading; a clause without a title is written `8.4 {#movement.stacking} text`",
        ));
    }
    if clause.text.is_empty() && clause.translations.values().all(|w| w.text.is_empty()) {
        diags.push(
            Diagnostic::error(Code::CLAUSE_WITHOUT_TEXT, format!("clause {} has a title but no text", clause.number))
                .at(&clause.span)
                .with_hint(
                    "write the clause's text on the lines below its heading (and its `ja:` line); to head a \
                     group of clauses, number a section instead",
                ),
        );
    }
}

/// A `table:` or `figure:` line's exhibit: `None` for any other line, `Some(None)` for one that
/// names nothing (reported).
fn exhibit(diags: &mut Vec<Diagnostic>, content: &str, file: FileId, start: usize) -> Option<Option<Exhibit>> {
    let (kind, rest) = [("table:", true), ("figure:", false)]
        .into_iter()
        .find_map(|(prefix, table)| content.strip_prefix(prefix).map(|rest| (table, rest)))?;
    let value = rest.trim();
    let at = start + content.len() - rest.trim_start().len();
    let span = Span::new(file, at..at + value.len());
    if value.is_empty() {
        let hint = match kind {
            true => {
                "name the table: `table: aid:combat`, `table: track:turn`, `table: chits` or a collection \
                     and a filter, `table: units force:federal`"
            }
            false => "give the image's path in the pack and its caption: `figure: images/zoc.svg | Zones of control`",
        };
        diags.push(
            syntax(&Span::new(file, start..start + content.len()), "this line names nothing to show").with_hint(hint),
        );
        return Some(None);
    }
    if kind {
        return Some(Some(Exhibit::Table(Spanned::new(value.to_string(), span))));
    }
    let mut parts = value.split('|').map(str::trim);
    let path = parts.next().unwrap_or_default();
    let mut caption = Names::default();
    for words in parts.filter(|w| !w.is_empty()) {
        // A caption is in the language its letters are.
        let slot = if crate::text::is_japanese(words) { &mut caption.ja } else { &mut caption.en };
        *slot = words.to_string();
    }
    let path_span = Span::new(file, at..at + path.len());
    Some(Some(Exhibit::Figure { path: Spanned::new(path.to_string(), path_span), caption }))
}

fn syntax(span: &Span, message: &str) -> Diagnostic {
    Diagnostic::error(Code::RULES_SYNTAX, message.to_string())
        .at(span)
        .with_hint("see docs/pack-format.md, section \"rules/*.md\"")
}

/// `13 Capture step {#capture}` → ("13", "Capture step", "capture"); `702`, `A` (an appendix)
/// number sections too.
fn parse_heading(heading: &str) -> Option<(String, String, String)> {
    let (number, rest) = heading.split_once(' ')?;
    let (title, id) = rest.rsplit_once("{#")?;
    let id = id.strip_suffix('}')?;
    let one_level = !number.contains('.') && crate::model::number_levels(number).is_some();
    (one_level && !id.is_empty()).then(|| (number.to_string(), title.trim().to_string(), id.to_string()))
}

/// `1 {#concepts} Game Concepts` → ("1", "concepts", "Game Concepts"): a part's number may be any
/// word (`II`, `A`), its title is required.
fn parse_part(line: &str) -> Option<(String, String, String)> {
    let (number, rest) = line.split_once(' ')?;
    let (id, title) = rest.trim_start().strip_prefix("{#")?.split_once('}')?;
    let title = title.trim();
    (!number.is_empty() && !id.is_empty() && !title.is_empty()).then(|| (number.into(), id.into(), title.into()))
}

/// `8.4.2 {#movement.liberation-stacking} Text` → ("8.4.2", "movement.liberation-stacking", "Text").
fn parse_clause_line(line: &str) -> Option<(String, String, &str)> {
    let (number, rest) = line.split_once(' ')?;
    // Numbered as publishers number: `8.4.2`, `702.19b`, `A.4` (see `model::number_levels`).
    if !number.contains('.') || crate::model::number_levels(number).is_none() {
        return None;
    }
    let rest = rest.trim_start().strip_prefix("{#")?;
    let (id, text) = rest.split_once('}')?;
    Some((number.to_string(), id.to_string(), text.trim_start()))
}

/// Records the `[[kind:target]]` references of `text`, which starts at byte `base` of `file`.
fn scan_refs(diags: &mut Vec<Diagnostic>, refs: &mut Vec<(String, Ref)>, text: &str, file: FileId, base: usize) {
    let mut rest = text;
    let mut pos = base;
    while let Some(open) = rest.find("[[") {
        let Some(close) = rest[open..].find("]]") else {
            diags.push(syntax(&Span::new(file, pos + open..pos + open + 2), "unclosed reference `[[`"));
            break;
        };
        let inner = &rest[open + 2..open + close];
        let inner_span = Span::new(file, pos + open + 2..pos + open + close);
        match inner.split_once(':') {
            Some((kind, target)) => refs.push((kind.to_string(), Spanned::new(target.to_string(), inner_span))),
            None => diags
                .push(syntax(&inner_span, "a reference must read `[[kind:target]]`, e.g. `[[rule:capture.request]]`")),
        }
        pos += open + close + 2;
        rest = &rest[open + close + 2..];
    }
}

/// Where a line of a clause goes: its text or a new list item, in a language (`en` is the
/// clause's own text, another its translation).
#[derive(Clone, Copy)]
enum Target {
    Text(&'static str),
    Item(&'static str),
}

/// Adds a line of text (or a list item) to a clause and records its `[[kind:target]]` references.
fn append_text(diags: &mut Vec<Diagnostic>, clause: &mut Clause, text: &str, file: FileId, base: usize, to: Target) {
    scan_refs(diags, &mut clause.refs, text, file, base);
    let (language, item) = match to {
        Target::Text(l) => (l, false),
        Target::Item(l) => (l, true),
    };
    let (body, items) = if language == "en" {
        (&mut clause.text, &mut clause.items)
    } else {
        let w = clause.translations.entry(language.to_string()).or_default();
        (&mut w.text, &mut w.items)
    };
    if item {
        items.push(text.to_string());
    } else {
        join_line(body, text);
    }
}

/// Joins a continuation line to a text: with a space, except between two Japanese characters
/// (Japanese runs on without spaces).
fn join_line(body: &mut String, line: &str) {
    let wide = |c: Option<char>| c.is_some_and(|c| !c.is_ascii() && !c.is_whitespace());
    let run_on = wide(body.chars().last()) && wide(line.chars().next());
    if !body.is_empty() && !run_on {
        body.push(' ');
    }
    body.push_str(line);
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
    fn a_part_line_heads_the_sections_after_it_up_to_the_next() {
        let text = "# 1 Before {#before}\n\npart: I {#core} The core game\nja: 基本\n\n# 2 Turns {#turns}\n\n\
                    # 3 Ends {#ends}\n\npart: II {#extras} Extras\n# A Variants {#variants}\n\npart: III {#} x\n";
        let (mut diags, mut parts, mut sections) = (Vec::new(), Vec::new(), Vec::new());
        parse_rules(&mut diags, 0, text, (&mut parts, &mut sections));
        let shown: Vec<(&str, &str, &str, &str)> = parts
            .iter()
            .map(|p| (p.id.as_str(), p.number.as_str(), p.title.en.as_str(), p.title.ja.as_str()))
            .collect();
        assert_eq!(shown, [("core", "I", "The core game", "基本"), ("extras", "II", "Extras", "")]);
        let owners: Vec<Option<&str>> = sections.iter().map(|s| s.part.as_deref()).collect();
        assert_eq!(owners, [None, Some("core"), Some("core"), Some("extras")]);
        let messages: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages, ["a part line must read `part: <number> {#<id>} <title>`"]);
    }

    /// The sections of `text` and its diagnostics as `line: code message`.
    fn parse(text: &str) -> (Vec<Section>, Vec<String>) {
        let mut diags = Vec::new();
        let mut sections = Vec::new();
        parse_rules(&mut diags, 0, text, (&mut Vec::new(), &mut sections));
        let found = diags
            .iter()
            .map(|d| {
                let line = d.span.as_ref().map_or(0, |s| text[..s.range.start].matches('\n').count() + 1);
                format!("{line}: {} {}", d.code.0, d.message)
            })
            .collect();
        (sections, found)
    }

    const SECTION: &str = "# 8 Movement phase {#movement}\nja: 移動フェイズ\n\n";

    #[test]
    fn a_section_may_be_marked_optional_or_variant_under_its_heading() {
        let (sections, found) = parse(
            "# 11 Optional rules {#optional}\nkind: optional\n\n11.1 {#a} Text.\n# 12 Other {#other}\nkind: house\n",
        );
        assert_eq!(sections[0].kind, Some(crate::model::SectionKind::Optional));
        assert_eq!(sections[0].clauses.len(), 1);
        assert_eq!(sections[1].kind, None);
        assert_eq!(found.len(), 1, "an unknown kind is a syntax error: {found:?}");
    }

    #[test]
    fn a_clause_heading_gives_the_title_and_the_lines_below_give_the_text() {
        let (sections, diags) = parse(&format!(
            "{SECTION}## 8.4 {{#movement.stacking}} Stacking\nja: スタック制限\nThe following limits apply\nto a hex.\n- an item\n\n8.5 {{#movement.chits}} Chits never move.\n"
        ));
        assert_eq!(diags, Vec::<String>::new());
        assert_eq!(sections[0].title.ja, "移動フェイズ", "the section keeps its own ja: line");
        let c = &sections[0].clauses[0];
        assert_eq!((c.number.as_str(), c.id.as_str()), ("8.4", "movement.stacking"));
        assert_eq!(c.title, Names { ja: "スタック制限".into(), en: "Stacking".into() });
        assert_eq!((c.title_in("ja"), c.title_in("en")), ("スタック制限", "Stacking"));
        assert_eq!(c.text, "The following limits apply to a hex.");
        assert_eq!(c.items, ["an item"]);
        assert!(!sections[0].clauses[1].has_title(), "an untitled clause stays untitled");
    }

    #[test]
    fn a_title_may_be_english_only_or_japanese_only_and_blank_lines_may_follow_the_heading() {
        let (sections, diags) = parse(&format!(
            "{SECTION}## 8.4 {{#a}} Stacking\n\nText.\n\n## 8.5 {{#b}}\nja: スタック\n\nText [[rule:a]].\n"
        ));
        assert_eq!(diags, Vec::<String>::new());
        let [a, b] = &sections[0].clauses[..] else { panic!("two clauses") };
        assert_eq!((a.title.en.as_str(), a.title.ja.as_str(), a.text.as_str()), ("Stacking", "", "Text."));
        assert_eq!((b.title.en.as_str(), b.title.ja.as_str()), ("", "スタック"));
        assert_eq!(b.refs[0].1.value, "a", "references in a titled clause's text are recorded");
    }

    #[test]
    fn a_clause_heading_without_id_or_title_is_a_located_syntax_error() {
        let (_, diags) = parse(&format!("{SECTION}## 8.4 Stacking\n\n## 8.5 {{#b}}\nText.\n## Stacking\n"));
        assert_eq!(
            diags,
            [
                "4: E0108 a clause heading must read `## <number> {#<id>} <title>`",
                "6: E0108 this clause heading has no title",
                "8: E0108 a clause heading must read `## <number> {#<id>} <title>`",
            ]
        );
    }

    #[test]
    fn a_ja_line_titles_under_a_heading_and_is_japanese_text_past_it() {
        let (sections, diags) = parse(&format!(
            "{SECTION}8.4 {{#a}} Untitled text.\nja: 無題の本文。\n\nja: 宙に浮いた行\n## 8.5 {{#b}} Title\nja:\nText.\nja: 二つ目\n"
        ));
        assert_eq!(
            diags,
            [
                "7: E0108 this `ja:` line follows no heading, so it titles nothing",
                "9: E0108 this `ja:` line gives no title",
            ]
        );
        assert_eq!(sections[0].clauses[0].translations["ja"].text, "無題の本文。");
        assert_eq!(sections[0].clauses[1].translations["ja"].text, "二つ目");
    }

    #[test]
    fn japanese_text_and_items_follow_the_english_with_their_own_references() {
        let (sections, diags) = parse(&format!(
            "{SECTION}## 8.4 {{#a}} Stacking\nja: スタック制限\nAt most:\n- four [[term:unit]]s\nen: Really.\nja: 上限は\nja: 次のとおり。\nja: - [[term:unit]]4個\nnote: printed as 8.3.1 in the 2011 edition\n"
        ));
        assert_eq!(diags, Vec::<String>::new());
        let c = &sections[0].clauses[0];
        assert_eq!(
            (c.text.as_str(), c.items.as_slice()),
            ("At most: Really.", &["four [[term:unit]]s".to_string()][..])
        );
        let ja = c.wording_in("ja");
        assert_eq!(
            (ja.text.as_str(), ja.items.as_slice()),
            ("上限は次のとおり。", &["[[term:unit]]4個".to_string()][..])
        );
        assert_eq!(c.wording_in("en").text, c.text, "English is the clause's own text");
        assert_eq!(c.refs.len(), 2, "references of both languages are checked");
        assert_eq!(c.printed_numbers(), ["8.3.1"]);
        let (_, diags) = parse(&format!("{SECTION}## 8.4 {{#a}}\nja: スタック制限\nja: 日本語だけの本文。\n"));
        assert_eq!(diags, Vec::<String>::new(), "Japanese text alone is text");
    }

    #[test]
    fn a_titled_clause_with_no_text_is_e0170_wherever_it_ends() {
        let (_, diags) = parse(&format!(
            "{SECTION}## 8.4 {{#a}} Stacking\nja: スタック制限\n\n8.4.1 {{#b}} Text.\n## 8.5 {{#c}} Chits\n\n# 9 Next {{#next}}\n## 9.1 {{#d}} Last\n"
        ));
        assert_eq!(
            diags,
            [
                "4: E0170 clause 8.4 has a title but no text",
                "8: E0170 clause 8.5 has a title but no text",
                "11: E0170 clause 9.1 has a title but no text",
            ]
        );
    }

    #[test]
    fn index_lines_give_a_clause_its_players_words_and_are_no_text() {
        let (sections, found) = parse(&format!(
            "{SECTION}## 8.4 {{#a}} Stacking\nja: スタック制限\nAt most four.\nindex: how many units per hex | 重ねる\nindex: crowding\n\n8.5 {{#b}} Text.\nindex: | \n"
        ));
        let a = &sections[0].clauses[0];
        assert_eq!(a.index, ["how many units per hex", "重ねる", "crowding"]);
        assert_eq!((a.text.as_str(), a.title.ja.as_str()), ("At most four.", "スタック制限"));
        assert_eq!(found, ["11: E0108 this `index:` line gives no words"]);
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
