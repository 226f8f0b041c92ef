//! CSV files with a span for every cell, so a diagnostic can point at `cards.csv:31:7`.
//!
//! [`Table::parse`] splits the text with `csv-core` (RFC 4180 quoting), keeps each field's byte
//! range, checks the header against the columns a file kind allows, and yields [`Row`]s whose
//! typed accessors report bad values as diagnostics instead of failing.

use std::str::FromStr;

use crate::diag::{did_you_mean, Code, Diagnostic, FileId, Span};
use crate::model::{Names, Ref, Spanned};

/// The columns a CSV file kind allows.
pub(crate) struct Columns {
    /// Columns every file of the kind must have.
    pub(crate) required: &'static [&'static str],
    /// Columns it may have.
    pub(crate) optional: &'static [&'static str],
}

/// A parsed CSV file: header and rows, every cell with its span.
pub(crate) struct Table {
    file: FileId,
    header: Vec<(String, Span)>,
    rows: Vec<Vec<(String, Span)>>,
}

/// One record of a [`Table`].
pub(crate) struct Row<'t> {
    table: &'t Table,
    cells: &'t [(String, Span)],
}

impl Table {
    /// Splits `text` into fields; reports malformed records and header problems into `diags`.
    /// `extra` lists further allowed columns (e.g. a card type's typed fields).
    pub(crate) fn parse(
        file: FileId,
        text: &str,
        columns: &Columns,
        extra: &[String],
        diags: &mut Vec<Diagnostic>,
    ) -> Table {
        let records = split_records(file, text, diags);
        let mut records = records.into_iter();
        let header = records.next().unwrap_or_default();
        let table_span = Span::new(file, 0..text.find('\n').unwrap_or(text.len()));
        // A European Excel saves "CSV" with semicolons: one error for the file, not one per row.
        if let [(name, span)] = header.as_slice() {
            if name.contains(';') {
                diags.push(
                    Diagnostic::error(Code::CSV_SYNTAX, "the header has no commas but semicolons".to_string())
                        .at(span)
                        .with_hint("this file is separated by semicolons; save it as comma-separated CSV (Excel: \"CSV UTF-8 (Comma delimited)\")"),
                );
                return Table { file, header: Vec::new(), rows: Vec::new() };
            }
        }
        for (name, span) in &header {
            let known = columns.required.contains(&name.as_str())
                || columns.optional.contains(&name.as_str())
                || extra.iter().any(|e| e == name);
            if !known {
                let all =
                    columns.required.iter().chain(columns.optional).copied().chain(extra.iter().map(String::as_str));
                diags.push(
                    Diagnostic::error(Code::CSV_UNKNOWN_COLUMN, format!("unknown column `{name}`"))
                        .at(span)
                        .with_hint_opt(did_you_mean(name, all))
                        .with_hint(format!(
                            "this file's columns are: {}",
                            columns.required.iter().chain(columns.optional).copied().collect::<Vec<_>>().join(", ")
                        )),
                );
            }
        }
        for required in columns.required {
            if !header.iter().any(|(n, _)| n == required) {
                diags.push(
                    Diagnostic::error(Code::CSV_MISSING_COLUMN, format!("missing required column `{required}`"))
                        .at(&table_span)
                        .with_hint(format!("add `{required}` to the header line")),
                );
            }
        }
        let width = header.len();
        let mut rows = Vec::new();
        for record in records {
            if record.len() == 1 && record[0].0.trim().is_empty() {
                continue; // a blank line
            }
            if record.len() != width {
                let span = Span::new(file, record[0].1.range.start..record.last().map_or(0, |c| c.1.range.end));
                diags.push(
                    Diagnostic::error(
                        Code::CSV_SYNTAX,
                        format!("this row has {} fields, the header has {width}", record.len()),
                    )
                    .at(&span)
                    .with_hint("quote a field that contains a comma: \"a, b\""),
                );
                continue;
            }
            rows.push(record);
        }
        Table { file, header, rows }
    }

    /// The rows, in file order.
    pub(crate) fn rows(&self) -> impl ExactSizeIterator<Item = Row<'_>> {
        self.rows.iter().map(|cells| Row { table: self, cells })
    }
}

impl Row<'_> {
    fn index(&self, column: &str) -> Option<usize> {
        self.table.header.iter().position(|(n, _)| n == column)
    }

    /// The span of the whole row.
    pub(crate) fn span(&self) -> Span {
        let start = self.cells.first().map_or(0, |c| c.1.range.start);
        let end = self.cells.last().map_or(start, |c| c.1.range.end);
        Span::new(self.table.file, start..end)
    }

    /// The trimmed text of `column` with its span; empty when the column is absent.
    pub(crate) fn cell(&self, column: &str) -> Spanned<String> {
        match self.index(column) {
            Some(i) => Spanned::new(self.cells[i].0.trim().to_string(), self.cells[i].1.clone()),
            None => Spanned::new(String::new(), self.span()),
        }
    }

    /// The text of `column`, reporting an empty required cell.
    pub(crate) fn text(&self, column: &str, diags: &mut Vec<Diagnostic>) -> Ref {
        let cell = self.cell(column);
        if cell.value.is_empty() && self.index(column).is_some() {
            diags.push(
                Diagnostic::error(Code::BAD_VALUE, format!("`{column}` is empty"))
                    .at(&cell.span)
                    .with_hint(format!("every row needs a `{column}`")),
            );
        }
        cell
    }

    /// The cell as a reference, or `None` when empty.
    pub(crate) fn opt_ref(&self, column: &str) -> Option<Ref> {
        let cell = self.cell(column);
        (!cell.value.is_empty()).then_some(cell)
    }

    /// `name_ja` and `name_en`.
    pub(crate) fn names(&self) -> Names {
        Names { ja: self.cell("name_ja").value, en: self.cell("name_en").value }
    }

    /// `name_ja` and `name_en`, reporting a row with neither: a pack names things in at least
    /// one of its languages (an English-only pack leaves `name_ja` out).
    pub(crate) fn names_required(&self, diags: &mut Vec<Diagnostic>) -> Names {
        self.either_name("name_ja", "name_en", diags)
    }

    /// The texts of columns `ja` and `en` as names, reporting a row where both are empty.
    pub(crate) fn either_name(&self, ja: &str, en: &str, diags: &mut Vec<Diagnostic>) -> Names {
        let names = Names { ja: self.cell(ja).value, en: self.cell(en).value };
        if names.ja.is_empty() && names.en.is_empty() {
            let at = if self.index(ja).is_some() { self.cell(ja).span } else { self.cell(en).span };
            diags.push(
                Diagnostic::error(Code::BAD_VALUE, format!("the row has no name: `{ja}` and `{en}` are both empty"))
                    .at(&at)
                    .with_hint(format!(
                        "write the name in the pack's languages (`{en}` for English, `{ja}` for Japanese)"
                    )),
            );
        }
        names
    }

    /// The cell parsed as `T`; `None` (and a diagnostic) when it does not parse, `None` silently
    /// when empty.
    pub(crate) fn parse<T: FromStr>(
        &self,
        column: &str,
        what: &str,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Spanned<T>> {
        let cell = self.cell(column);
        if cell.value.is_empty() {
            return None;
        }
        match cell.value.parse::<T>() {
            Ok(v) => Some(Spanned::new(v, cell.span)),
            Err(_) => {
                diags.push(
                    Diagnostic::error(Code::BAD_VALUE, format!("`{column}` must be {what}, found `{}`", cell.value))
                        .at(&cell.span)
                        .with_hint(format!("write {what}, or leave the cell empty if the value is unknown")),
                );
                None
            }
        }
    }

    /// A `|`-separated list cell, each item with its own span.
    pub(crate) fn list(&self, column: &str) -> Vec<Ref> {
        let cell = self.cell(column);
        let Some(i) = self.index(column) else { return Vec::new() };
        let raw = &self.cells[i].0;
        let base = self.cells[i].1.range.start + content_offset(raw, &self.cells[i].1);
        let mut out = Vec::new();
        let mut offset = 0;
        for part in raw.split('|') {
            let lead = part.len() - part.trim_start().len();
            let item = part.trim();
            if !item.is_empty() {
                let start = base + offset + lead;
                out.push(Spanned::new(item.to_string(), Span::new(cell.span.file, start..start + item.len())));
            }
            offset += part.len() + 1;
        }
        out
    }

    /// A yes/no cell (`yes`, `true`, `1`, `x`, `✓` are yes; empty is `default`).
    pub(crate) fn flag(&self, column: &str, default: bool, diags: &mut Vec<Diagnostic>) -> bool {
        let cell = self.cell(column);
        match cell.value.to_ascii_lowercase().as_str() {
            "" => default,
            "yes" | "true" | "1" | "x" | "✓" | "y" => true,
            "no" | "false" | "0" | "n" => false,
            other => {
                diags.push(
                    Diagnostic::error(Code::BAD_VALUE, format!("`{column}` must be yes or no, found `{other}`"))
                        .at(&cell.span),
                );
                default
            }
        }
    }
}

/// How far a field's content starts after its span start: 1 past the opening quote of a quoted
/// field (whose span is longer than its content), else 0.
fn content_offset(content: &str, span: &Span) -> usize {
    usize::from(span.range.len() > content.len())
}

/// Splits `text` into records of (field text, field span), using csv-core's state machine.
fn split_records(file: FileId, text: &str, diags: &mut Vec<Diagnostic>) -> Vec<Vec<(String, Span)>> {
    let bytes = text.as_bytes();
    let mut reader = csv_core::Reader::new();
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut pos = usize::from(text.starts_with('\u{feff}')) * 3;
    let mut field = vec![0u8; 256];
    let mut field_start = pos;
    let mut field_len = 0;
    loop {
        let (result, read, written) = reader.read_field(&bytes[pos..], &mut field[field_len..]);
        pos += read;
        field_len += written;
        match result {
            csv_core::ReadFieldResult::InputEmpty => {
                if pos >= bytes.len() {
                    // Tell the reader the input ended so it yields the last field.
                    let (r, _, w) = reader.read_field(&[], &mut field[field_len..]);
                    field_len += w;
                    if let csv_core::ReadFieldResult::Field { .. } = r {
                        push_field(file, text, &field[..field_len], field_start, pos, &mut record, diags);
                        records.push(std::mem::take(&mut record));
                    }
                    break;
                }
            }
            csv_core::ReadFieldResult::OutputFull => field.resize(field.len() * 2, 0),
            csv_core::ReadFieldResult::Field { record_end } => {
                let end = if record_end { trim_line_end(bytes, field_start, pos) } else { pos - 1 };
                push_field(file, text, &field[..field_len], field_start, end, &mut record, diags);
                field_len = 0;
                field_start = pos;
                if record_end {
                    // The reader ends a record at `\r` and skips the `\n` after it with the next
                    // field: that field (the next row) starts past the line break.
                    field_start += bytes[pos..].iter().take_while(|b| matches!(b, b'\n' | b'\r')).count();
                    records.push(std::mem::take(&mut record));
                }
            }
            csv_core::ReadFieldResult::End => break,
        }
    }
    records
}

/// The end of a record's last field, before its line break.
fn trim_line_end(bytes: &[u8], start: usize, mut end: usize) -> usize {
    while end > start && matches!(bytes[end - 1], b'\n' | b'\r') {
        end -= 1;
    }
    end
}

fn push_field(
    file: FileId,
    text: &str,
    content: &[u8],
    start: usize,
    end: usize,
    record: &mut Vec<(String, Span)>,
    diags: &mut Vec<Diagnostic>,
) {
    let span = Span::new(file, start..end.max(start).min(text.len()));
    match std::str::from_utf8(content) {
        Ok(s) => record.push((s.to_string(), span)),
        Err(_) => {
            diags.push(
                Diagnostic::error(Code::CSV_SYNTAX, "this field is not valid UTF-8")
                    .at(&span)
                    .with_hint("save the file as UTF-8"),
            );
            record.push((String::new(), span));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COLUMNS: Columns = Columns { required: &["a", "b"], optional: &["colour"] };

    fn parse(text: &str) -> (Table, Vec<Diagnostic>) {
        let mut diags = Vec::new();
        let table = Table::parse(0, text, &COLUMNS, &[], &mut diags);
        (table, diags)
    }

    #[test]
    fn every_cell_keeps_its_span() {
        let text = "a,b\n1,クラブガンナー\r\n\"x, y\",z\n";
        let (table, diags) = parse(text);
        assert!(diags.is_empty());
        let rows: Vec<_> = table.rows().collect();
        assert_eq!(rows.len(), 2);
        let b = rows[0].cell("b");
        assert_eq!(b.value, "クラブガンナー");
        assert_eq!(&text[b.span.range.clone()], "クラブガンナー");
        assert_eq!(rows[1].cell("a").value, "x, y");
        assert_eq!(&text[rows[1].cell("b").span.range.clone()], "z");
        // With CRLF line ends, a row starts at its own line, not at the line break before it.
        let crlf = "a,b\r\nx,y\r\nz,w\r\n";
        let mut diags = Vec::new();
        let records = split_records(0, crlf, &mut diags);
        assert_eq!(records[2][0].1.range.start, crlf.find('z').unwrap(), "{records:?}");
    }

    #[test]
    fn last_record_without_newline_is_kept() {
        let (table, _) = parse("a,b\n1,2");
        assert_eq!(table.rows().count(), 1);
        assert_eq!(table.rows().next().unwrap().cell("b").value, "2");
    }

    #[test]
    fn errors_on_unknown_and_missing_columns() {
        let (_, diags) = parse("a,color\n1,2\n");
        let codes: Vec<_> = diags.iter().map(|d| d.code.0).collect();
        assert_eq!(codes, ["E0104", "E0105"]);
        assert!(diags[0].hints[0].contains("did you mean `colour`"));
    }

    #[test]
    fn errors_on_rows_of_the_wrong_width() {
        let (table, diags) = parse("a,b\n1,2,3\n4,5\n");
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].code, Code::CSV_SYNTAX);
        assert_eq!(table.rows().count(), 1);
    }

    #[test]
    fn list_items_have_their_own_spans() {
        let text = "a,b\n1,setup2 | setup2-open\n";
        let (table, _) = parse(text);
        let items = table.rows().next().unwrap().list("b");
        assert_eq!(items.iter().map(|i| i.value.as_str()).collect::<Vec<_>>(), ["setup2", "setup2-open"]);
        assert_eq!(&text[items[1].span.range.clone()], "setup2-open");
    }
}
