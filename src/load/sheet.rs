//! Spreadsheets in place of CSV files: any table the pack reads as `NAME.csv` may be kept as
//! `NAME.xlsx` or `NAME.ods` instead, as designers keep card data (read with calamine). Its
//! worksheet named `NAME`, else its first, becomes CSV text that the CSV reader reads as it
//! reads any CSV; each line of that text remembers the cells it came from, so a diagnostic
//! points at `cards.xlsx:Sheet1!C12` rather than at a line of text the designer never saw.

use calamine::{Data, Reader};

use crate::diag::cells::{column_name, Cells};

/// The spreadsheet formats read, by file extension, in the order they are looked for.
pub(crate) const EXTENSIONS: [&str; 2] = ["xlsx", "ods"];

/// A cell's value as CSV text: whole numbers without a decimal point, flags as `yes`/`no`, an
/// error cell as `None` (the caller reports it).
fn text_of(cell: &Data) -> Option<String> {
    Some(match cell {
        Data::Empty => String::new(),
        Data::String(s) | Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::Bool(b) => if *b { "yes" } else { "no" }.to_string(),
        Data::Error(_) => return None,
        other => other.to_string(),
    })
}

/// The worksheet `stem` (else the first) of the workbook `bytes` as CSV text and where its
/// cells are, or a sentence saying why it cannot be read.
pub(crate) fn to_csv(bytes: Vec<u8>, stem: &str) -> Result<(String, Cells), String> {
    let mut book = calamine::open_workbook_auto_from_rs(std::io::Cursor::new(bytes))
        .map_err(|e| format!("not a spreadsheet pnpkit can read ({e})"))?;
    let names = book.sheet_names();
    let sheet = names.iter().find(|n| n.eq_ignore_ascii_case(stem)).or(names.first()).cloned();
    let sheet = sheet.ok_or("the workbook has no worksheet")?;
    let range = book.worksheet_range(&sheet).map_err(|e| format!("worksheet `{sheet}`: {e}"))?;
    let (first_row, first_col) = range.start().unwrap_or((0, 0));
    let mut text = String::new();
    let mut cells = Cells { sheet: sheet.clone(), lines: Vec::new() };
    for (r, row) in range.rows().enumerate() {
        // Trailing empty cells are left off, as a CSV file would have them.
        let used = row.iter().rposition(|c| !matches!(c, Data::Empty)).map_or(0, |i| i + 1);
        let sheet_row = first_row + r as u32;
        let mut starts = Vec::with_capacity(used);
        for (c, cell) in row[..used].iter().enumerate() {
            if c > 0 {
                text.push(',');
            }
            let column = first_col + c as u32;
            starts.push((text.len(), column));
            let value = text_of(cell).ok_or_else(|| {
                format!("{sheet}!{}{} holds an error ({cell}): give it a value", column_name(column), sheet_row + 1)
            })?;
            if value.contains([',', '"', '\n', '\r']) {
                text.push('"');
                text.push_str(&value.replace('"', "\"\""));
                text.push('"');
            } else {
                text.push_str(&value);
            }
        }
        let end = text.len();
        text.push('\n');
        // A cell holding line breaks spans several lines of the text: each line names the cells
        // that start on it, and first the one it continues.
        let row_start = starts.first().map_or(end, |s| s.0);
        let mut line_start = row_start;
        loop {
            let line_end = text[line_start..end].find('\n').map_or(end, |i| line_start + i);
            let mut on_line: Vec<(usize, u32)> =
                starts.iter().copied().filter(|(s, _)| *s >= line_start && *s <= line_end).collect();
            if on_line.first().is_none_or(|(s, _)| *s > line_start) {
                let continued = starts.iter().rev().find(|(s, _)| *s <= line_start).map_or(first_col, |c| c.1);
                on_line.insert(0, (line_start, continued));
            }
            cells.lines.push((sheet_row, on_line));
            if line_end >= end {
                break;
            }
            line_start = line_end + 1;
        }
    }
    Ok((text, cells))
}
