//! Diagnostics: what every stage reports instead of failing on the first problem.
//!
//! The principal type is [`Diagnostic`]: a [`Severity`], a stable [`Code`], a message, a primary
//! [`Span`] into one of the pack's files, optional secondary spans (one error may point into two
//! files) and help lines. Spans are byte ranges into the texts held by [`Sources`]; line and column
//! (1-based, columns counted in characters so Japanese lines read right) are computed only when a
//! diagnostic is printed, by [`LineCol`]. Printing lives in [`print`]; nothing here writes to a
//! terminal.

pub mod cells;
mod codes;
pub mod print;

pub use codes::Code;

use std::ops::Range;
use std::path::{Path, PathBuf};

/// How bad a finding is: errors stop `check` and `build` with exit status 1, warnings only print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Something a designer should look at, such as a provisional value.
    Warning,
    /// The pack is wrong; nothing is built from it.
    Error,
}

/// Index of a file in [`Sources`].
pub type FileId = usize;

/// A byte range in one source file.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Span {
    /// Which file.
    pub file: FileId,
    /// Byte offsets into that file's text.
    pub range: Range<usize>,
}

impl Span {
    /// A span covering `range` of `file`.
    pub fn new(file: FileId, range: Range<usize>) -> Self {
        Span { file, range }
    }
}

/// One finding about a pack.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Stable code, listed in docs/diagnostics.md.
    pub code: Code,
    /// What is wrong, in one sentence.
    pub message: String,
    /// Where; `None` for findings about the pack as a whole.
    pub span: Option<Span>,
    /// Other places that explain the finding, each with a short label.
    pub related: Vec<(Span, String)>,
    /// "did you mean …?" and other fixes, printed as `help:` lines.
    pub hints: Vec<String>,
}

impl Diagnostic {
    /// An error with `code` and `message`, not yet placed.
    pub fn error(code: Code, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            span: None,
            related: Vec::new(),
            hints: Vec::new(),
        }
    }

    /// A warning with `code` and `message`, not yet placed.
    pub fn warning(code: Code, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(code, message) }
    }

    /// Places the diagnostic at `span`.
    pub fn at(mut self, span: &Span) -> Self {
        self.span = Some(span.clone());
        self
    }

    /// Adds a secondary place with a label.
    pub fn with_related(mut self, span: &Span, label: impl Into<String>) -> Self {
        self.related.push((span.clone(), label.into()));
        self
    }

    /// Adds a help line.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hints.push(hint.into());
        self
    }

    /// Adds a help line only when there is one.
    pub fn with_hint_opt(self, hint: Option<String>) -> Self {
        match hint {
            Some(h) => self.with_hint(h),
            None => self,
        }
    }

    /// True for errors.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A line and a column, 0-based inside; the column counts characters, not bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    line: usize,
    col: usize,
}

impl LineCol {
    /// The position of byte `offset` in `text` (clamped to the text, rounded down to a character).
    pub fn of(text: &str, offset: usize) -> LineCol {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        LineCol { line: before.matches('\n').count(), col: before[line_start..].chars().count() }
    }

    /// 1-based line and column, as printed.
    pub fn numbers(self) -> (usize, usize) {
        (self.line + 1, self.col + 1)
    }
}

/// The texts of every file a pack was loaded from, so spans can be printed.
#[derive(Debug, Default)]
pub struct Sources {
    files: Vec<SourceFile>,
}

/// One loaded file.
#[derive(Debug)]
pub struct SourceFile {
    /// Path as shown to the user (relative to where pnpkit was started when possible).
    pub name: String,
    /// The file's path on disk.
    pub path: PathBuf,
    /// Its whole text.
    pub text: String,
    /// Where each line starts, so locating a span does not rescan the text (a deck list of a
    /// million lines with an error on each).
    line_starts: Vec<usize>,
    /// The worksheet cells the text was made from, for a spreadsheet read as CSV.
    cells: Option<cells::Cells>,
}

impl SourceFile {
    /// The position of byte `offset`, as [`LineCol::of`] gives it, found by binary search.
    pub fn line_col(&self, offset: usize) -> LineCol {
        let text = &self.text;
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        LineCol { line, col: text[self.line_starts[line]..offset].chars().count() }
    }
}

impl Sources {
    /// Registers a file and returns its id.
    pub fn add(&mut self, path: &Path, text: String) -> FileId {
        let line_starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        self.files.push(SourceFile {
            name: display_path(path),
            path: path.to_path_buf(),
            text,
            line_starts,
            cells: None,
        });
        self.files.len() - 1
    }

    /// Registers the CSV text made from a worksheet of the spreadsheet at `path`, whose cells
    /// diagnostics then name.
    pub fn add_sheet(&mut self, path: &Path, text: String, cells: cells::Cells) -> FileId {
        let id = self.add(path, text);
        self.files[id].cells = Some(cells);
        id
    }

    /// Where in its file a span starts, as a user finds it: `line:column`, or the worksheet cell
    /// (`Sheet1!C12`) of a spreadsheet.
    pub fn position(&self, span: &Span) -> String {
        self.cell(span).unwrap_or_else(|| {
            let (_, line, col) = self.locate(span);
            format!("{line}:{col}")
        })
    }

    /// The worksheet cell a span starts in (`Sheet1!C12`), when its file is a spreadsheet.
    pub fn cell(&self, span: &Span) -> Option<String> {
        let file = self.get(span.file);
        let cells = file.cells.as_ref()?;
        Some(cells.cell(file.line_col(span.range.start).line, span.range.start))
    }

    /// Shows the files under `dir` as under `label` instead (a folder written out from a git
    /// revision is shown as `data/dougram@v1/cards.csv`, not as its temporary path).
    pub fn relabel(&mut self, dir: &Path, label: &str) {
        for file in &mut self.files {
            if let Ok(rest) = file.path.strip_prefix(dir) {
                let rest = rest.to_string_lossy().replace('\\', "/");
                file.name = if rest.is_empty() { label.to_string() } else { format!("{label}/{rest}") };
            }
        }
    }

    /// The file with id `id`.
    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id]
    }

    /// All files, in the order they were loaded.
    pub fn iter(&self) -> impl Iterator<Item = &SourceFile> {
        self.files.iter()
    }

    /// `file:line:column` of a span's start.
    pub fn locate(&self, span: &Span) -> (String, usize, usize) {
        let file = self.get(span.file);
        let (line, col) = file.line_col(span.range.start).numbers();
        (file.name.clone(), line, col)
    }

    /// The text a span covers.
    pub fn slice(&self, span: &Span) -> &str {
        self.get(span.file).text.get(span.range.clone()).unwrap_or("")
    }
}

/// Shows a path relative to the current directory when it lies below it.
fn display_path(path: &Path) -> String {
    let shown = std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(&cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf());
    shown.to_string_lossy().replace('\\', "/")
}

/// The closest of `candidates` to `wanted` by edit distance (two letters swapped count as one
/// edit), if it is close enough to be a likely typo; used for every "did you mean" hint.
/// Candidates are names in any language and ids.
pub fn did_you_mean<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let wanted_len = wanted.chars().count();
    // The distance is at least the difference in length: a candidate that length alone puts out
    // of reach is not measured (a megabyte of `wanted` against every id would take minutes).
    let close_enough = |distance: usize, len: usize| distance * 3 <= wanted_len.max(len).max(2);
    candidates
        .into_iter()
        .filter(|c| !c.is_empty())
        .filter_map(|c| {
            let len = c.chars().count();
            close_enough(wanted_len.abs_diff(len), len).then(|| (strsim::osa_distance(wanted, c), c, len))
        })
        .filter(|&(distance, _, len)| distance > 0 && close_enough(distance, len))
        .map(|(distance, c, _)| (distance, c))
        .min_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)))
        .map(|(_, c)| format!("did you mean `{c}`?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_name_gets_no_hint_and_a_typo_still_gets_one() {
        let ids: Vec<String> = (0..500).map(|i| format!("section-{i}.clause")).collect();
        let huge = "x".repeat(2_000_000);
        // Measured against every id, two million characters took minutes (fuzz case
        // csv/b83f6498141f0212); length alone rules them all out now.
        assert_eq!(did_you_mean(&huge, ids.iter().map(String::as_str)), None);
        assert_eq!(
            did_you_mean("section-7.clase", ids.iter().map(String::as_str)).as_deref(),
            Some("did you mean `section-7.clause`?")
        );
    }

    #[test]
    fn two_letters_swapped_are_one_typo() {
        assert_eq!(did_you_mean("bleu", ["red", "blue"]).as_deref(), Some("did you mean `blue`?"));
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "number,name\n31,クラブガンガー,2\n";
        let offset = text.rfind('2').unwrap_or(0);
        assert_eq!(LineCol::of(text, offset).numbers(), (2, 12));
        assert_eq!(LineCol::of(text, 0).numbers(), (1, 1));
        assert_eq!(LineCol::of(text, text.find('ク').unwrap()).numbers(), (2, 4));
    }

    #[test]
    fn offsets_inside_a_character_round_down() {
        let text = "あい";
        assert_eq!(LineCol::of(text, 4).numbers(), (1, 2));
        assert_eq!(LineCol::of(text, 99).numbers(), (1, 3));
    }

    #[test]
    fn suggests_the_closest_japanese_name() {
        let names = ["クラブガンナー", "ラウンドフェイサー", "ニコラエフ"];
        assert_eq!(did_you_mean("クラブガンガー", names).as_deref(), Some("did you mean `クラブガンナー`?"));
    }

    #[test]
    fn suggests_nothing_for_unrelated_names() {
        assert_eq!(did_you_mean("ダグラム", ["ニコラエフ", "ブッシュマン"]), None);
        assert_eq!(did_you_mean("spa", ["spa"]), None);
    }
}
