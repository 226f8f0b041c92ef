//! Turns [`Diagnostic`]s into text: the human format (a `file:line:column: error[CODE]: message`
//! line, then the source line with a caret and the help lines, rendered by codespan-reporting) and
//! a JSON array for tools.

use std::collections::BTreeMap;
use std::io::{self, Write};

use codespan_reporting::diagnostic::{self as cs, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Config};
use serde::Serialize;

use super::{Diagnostic, Severity, Sources};

/// How many findings of one code in one file the human and short formats print.
const MAX_ALIKE: usize = 20;
/// Source lines longer than this (in characters) are shown as an excerpt around the finding:
/// codespan-reporting prints whole lines, and a 48 kB line once per finding floods the terminal.
const LONG_LINE: usize = 160;
/// Characters of context an excerpt keeps on each side of the finding.
const EXCERPT_CONTEXT: usize = 40;

/// How diagnostics are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Format {
    /// A location line per finding, the source line with a caret, help lines.
    #[default]
    Human,
    /// One `file:line:column: error[CODE]: message` line per finding, then its help lines.
    Short,
    /// A JSON array of findings.
    Json,
}

/// Writes `diags` to `out` in `format`.
pub fn write(out: &mut dyn Write, sources: &Sources, diags: &[Diagnostic], format: Format) -> io::Result<()> {
    match format {
        Format::Json => {
            let items: Vec<JsonDiagnostic> = diags.iter().map(|d| JsonDiagnostic::new(sources, d)).collect();
            serde_json::to_writer_pretty(&mut *out, &items)?;
            writeln!(out)
        }
        Format::Human | Format::Short => {
            // The files are indexed once for all findings, not once per finding.
            let files = files_of(sources);
            // A damaged file can make thousands of one finding (a header of 16,000 unknown
            // columns): past a few of one code in one file, the rest are counted, not printed.
            // Provisional values are a list the designer works through, so all of them print.
            let mut seen: BTreeMap<(&str, Option<usize>), usize> = BTreeMap::new();
            for d in diags {
                let count = seen.entry((d.code.0, d.span.as_ref().map(|s| s.file))).or_default();
                *count += usize::from(d.code != super::Code::PROVISIONAL);
                if *count <= MAX_ALIKE {
                    out.write_all(human_in(sources, &files, d, format == Format::Short).as_bytes())?;
                }
            }
            for ((code, file), count) in seen.into_iter().filter(|(_, n)| *n > MAX_ALIKE) {
                let place = file.map(|f| format!(" in {}", sources.get(f).name)).unwrap_or_default();
                writeln!(out, "... and {} more [{code}]{place} (`--format json` lists them all)", count - MAX_ALIKE)?;
            }
            Ok(())
        }
    }
}

/// The text of one diagnostic in the human or short format.
pub fn human(sources: &Sources, d: &Diagnostic, short: bool) -> String {
    human_in(sources, &files_of(sources), d, short)
}

/// The text of one diagnostic in the short format (its line and notes, no source excerpt).
pub fn short(sources: &Sources, d: &Diagnostic) -> String {
    // The short format shows no excerpt: no file needs indexing.
    human_in(sources, &SimpleFiles::new(), d, true)
}

/// Every source file, indexed by lines for codespan-reporting.
fn files_of(sources: &Sources) -> SimpleFiles<String, String> {
    let mut files = SimpleFiles::new();
    for f in sources.iter() {
        files.add(f.name.clone(), f.text.clone());
    }
    files
}

/// [`human`] with the files already indexed.
fn human_in(sources: &Sources, files: &SimpleFiles<String, String>, d: &Diagnostic, short: bool) -> String {
    let mut text =
        format!("{}{}[{}]: {}\n", location_prefix(sources, d), severity_word(d.severity), d.code.0, d.message);
    // Warnings stay one line (plus hints) so that a long list of provisional values stays readable;
    // errors show the source line with a caret, unless there is no line to show (a missing file).
    let has_source = d.span.as_ref().is_some_and(|s| !sources.get(s.file).text.is_empty());
    match (has_source, short || d.severity == Severity::Warning) {
        (true, false) => match d.span.as_ref().and_then(|span| excerpt(sources, span)) {
            Some(shown) => {
                text.push_str(&shown);
                push_notes(&mut text, sources, d);
            }
            None => text.push_str(&snippet(files, d)),
        },
        _ => push_notes(&mut text, sources, d),
    }
    text
}

/// The related places and help lines, one line each.
fn push_notes(text: &mut String, sources: &Sources, d: &Diagnostic) {
    for (span, label) in &d.related {
        let file = &sources.get(span.file).name;
        text.push_str(&format!("  = note: {file}:{}: {label}\n", sources.position(span)));
    }
    for hint in &d.hints {
        text.push_str(&format!("  = help: {hint}\n"));
    }
}

/// The finding's place in a source line longer than [`LONG_LINE`]: the line cut to the finding
/// and [`EXCERPT_CONTEXT`] characters each side, with a caret under it, drawn as
/// codespan-reporting draws a line. `None` for lines short enough to show whole.
fn excerpt(sources: &Sources, span: &crate::diag::Span) -> Option<String> {
    use unicode_width::UnicodeWidthStr;
    let file = sources.get(span.file);
    let (_, line, _) = sources.locate(span);
    let start = file.text[..span.range.start.min(file.text.len())].rfind('\n').map_or(0, |i| i + 1);
    let end = file.text[start..].find('\n').map_or(file.text.len(), |i| start + i);
    let whole = &file.text[start..end];
    if whole.chars().count() <= LONG_LINE {
        return None;
    }
    let boundary = |mut i: usize| {
        i = i.clamp(start, end);
        while !file.text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let (from, to) = (boundary(span.range.start), boundary(span.range.end.max(span.range.start)));
    let back = file.text[start..from].char_indices().rev().nth(EXCERPT_CONTEXT - 1).map_or(start, |(i, _)| start + i);
    let shown_to =
        (to.max(from) + 1..=end).filter(|&i| file.text.is_char_boundary(i)).nth(EXCERPT_CONTEXT - 1).unwrap_or(end);
    let lead = if back > start { "…" } else { "" };
    let tail = if shown_to < end { "…" } else { "" };
    let before = format!("{lead}{}", &file.text[back..from]);
    let marked = &file.text[from..to];
    let gutter = " ".repeat(line.to_string().len());
    Some(format!(
        "{gutter} ┌─ {}:{line}\n{gutter} │\n{line} │ {before}{marked}{}{tail}\n{gutter} │ {}{}\n{gutter} │\n",
        file.name,
        &file.text[to..shown_to],
        " ".repeat(before.width()),
        "^".repeat(marked.width().max(1)),
    ))
}

fn severity_word(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

fn location_prefix(sources: &Sources, d: &Diagnostic) -> String {
    match &d.span {
        Some(span) => format!("{}:{}: ", sources.get(span.file).name, sources.position(span)),
        None => String::new(),
    }
}

/// The source line(s) with carets and the help lines, from codespan-reporting's rich view, minus
/// its own header line (ours above already says what and where).
fn snippet(files: &SimpleFiles<String, String>, d: &Diagnostic) -> String {
    let mut labels = Vec::new();
    if let Some(span) = &d.span {
        labels.push(Label::primary(span.file, span.range.clone()));
    }
    for (span, label) in &d.related {
        labels.push(Label::secondary(span.file, span.range.clone()).with_message(label.clone()));
    }
    let severity = match d.severity {
        Severity::Error => cs::Severity::Error,
        Severity::Warning => cs::Severity::Warning,
    };
    let diagnostic = cs::Diagnostic::new(severity)
        .with_message(d.message.clone())
        .with_labels(labels)
        .with_notes(d.hints.iter().map(|h| format!("help: {h}")).collect());
    match term::emit_into_string(&Config::default(), files, &diagnostic) {
        Ok(text) => text.split_once('\n').map(|(_, rest)| rest.to_string()).unwrap_or_default(),
        Err(_) => String::new(),
    }
}

/// One finding as JSON, positions 1-based with columns in characters.
#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    severity: Severity,
    code: &'static str,
    message: &'a str,
    file: Option<String>,
    line: Option<usize>,
    column: Option<usize>,
    /// The worksheet cell (`Sheet1!C12`) when the file is a spreadsheet; line and column are
    /// then those of the CSV text read from it.
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<String>,
    hints: &'a [String],
    related: Vec<JsonRelated<'a>>,
}

#[derive(Serialize)]
struct JsonRelated<'a> {
    file: String,
    line: usize,
    column: usize,
    label: &'a str,
}

impl<'a> JsonDiagnostic<'a> {
    fn new(sources: &Sources, d: &'a Diagnostic) -> Self {
        let place = d.span.as_ref().map(|s| sources.locate(s));
        JsonDiagnostic {
            severity: d.severity,
            code: d.code.0,
            message: &d.message,
            file: place.as_ref().map(|p| p.0.clone()),
            line: place.as_ref().map(|p| p.1),
            column: place.as_ref().map(|p| p.2),
            cell: d.span.as_ref().and_then(|s| sources.cell(s)),
            hints: &d.hints,
            related: d
                .related
                .iter()
                .map(|(span, label)| {
                    let (file, line, column) = sources.locate(span);
                    JsonRelated { file, line, column, label }
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::{Code, Span};
    use std::path::Path;

    fn sample() -> (Sources, Diagnostic) {
        let mut sources = Sources::default();
        let text = "setup,side,location,piece,count\nsetup1,liberation,サンドレア,クラブガンガー,1\n".to_string();
        let start = text.find("クラブガンガー").unwrap();
        let file = sources.add(Path::new("setups.csv"), text);
        let d = Diagnostic::error(Code::UNKNOWN_UNIT, "unknown unit `クラブガンガー`")
            .at(&Span::new(file, start..start + "クラブガンガー".len()))
            .with_hint("did you mean `クラブガンナー`?");
        (sources, d)
    }

    #[test]
    fn human_format_starts_with_file_line_column_and_code() {
        let (sources, d) = sample();
        let text = human(&sources, &d, false);
        assert!(text.starts_with("setups.csv:2:25: error[E0201]: unknown unit `クラブガンガー`\n"), "{text}");
        assert!(text.contains("help: did you mean `クラブガンナー`?"), "{text}");
        assert!(text.contains("^^^^^^^^^^^^^^"), "caret spans the 7 full-width characters: {text}");
    }

    #[test]
    fn json_format_gives_character_columns() {
        let (sources, d) = sample();
        let mut out = Vec::new();
        write(&mut out, &sources, &[d], Format::Json).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(value[0]["line"], 2);
        assert_eq!(value[0]["column"], 25);
        assert_eq!(value[0]["code"], "E0201");
    }

    #[test]
    fn a_long_line_is_shown_as_an_excerpt_around_the_finding() {
        let mut sources = Sources::default();
        let header = format!("id,{}", "kid,ja,en,".repeat(200));
        let file = sources.add(Path::new("terms.csv"), format!("{header}\nx\n"));
        let at = 3 + 10 * 100;
        let d = Diagnostic::error(Code::UNKNOWN_UNIT, "unknown column `kid`").at(&Span::new(file, at..at + 3));
        let text = human(&sources, &d, false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[3], format!("1 │ …{}kid{}…", &header[at - 40..at], &header[at + 3..at + 43]), "{text}");
        assert_eq!(lines[4], format!("  │ {}^^^", " ".repeat(41)), "the caret under the finding: {text}");
        assert!(text.len() < 400, "{text}");
    }

    #[test]
    fn past_twenty_findings_of_one_code_in_one_file_the_rest_are_counted() {
        let (sources, d) = sample();
        let many: Vec<Diagnostic> = (0..25).map(|_| d.clone()).collect();
        let mut out = Vec::new();
        write(&mut out, &sources, &many, Format::Short).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches("error[E0201]").count(), MAX_ALIKE, "{text}");
        assert!(text.ends_with("... and 5 more [E0201] in setups.csv (`--format json` lists them all)\n"), "{text}");
    }
}
