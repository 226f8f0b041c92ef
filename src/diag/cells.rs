//! Where the text of a source file came from when it was not written as text: a worksheet of a
//! spreadsheet (`cards.xlsx`), turned into CSV text to be read. Diagnostics name the cell
//! (`Sheet1!C12`) instead of a line and column of that text.

/// Where the cells of a worksheet's CSV text came from: its name, and for each line of the
/// text the sheet row and the byte offset where each of its cells starts.
#[derive(Debug, Clone, Default)]
pub struct Cells {
    pub(crate) sheet: String,
    /// Per line: the sheet row (0-based) and each cell's starting byte and sheet column.
    pub(crate) lines: Vec<(u32, Vec<(usize, u32)>)>,
}

impl Cells {
    /// The cell holding byte `offset` of line `line` (`Sheet1!C12`).
    pub fn cell(&self, line: usize, offset: usize) -> String {
        let Some((row, cells)) = self.lines.get(line) else { return format!("{}!A1", self.sheet) };
        let at = cells.partition_point(|(start, _)| *start <= offset).saturating_sub(1);
        let column = cells.get(at).map_or(0, |c| c.1);
        format!("{}!{}{}", self.sheet, column_name(column), row + 1)
    }
}

/// A column's letters as spreadsheets show them: 0 → `A`, 25 → `Z`, 26 → `AA`.
pub fn column_name(mut column: u32) -> String {
    let mut letters = Vec::new();
    loop {
        letters.push(b'A' + (column % 26) as u8);
        if column < 26 {
            break;
        }
        column = column / 26 - 1;
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_named_as_spreadsheets_name_them() {
        assert_eq!(column_name(0), "A");
        assert_eq!(column_name(2), "C");
        assert_eq!(column_name(25), "Z");
        assert_eq!(column_name(26), "AA");
        assert_eq!(column_name(27), "AB");
        assert_eq!(column_name(701), "ZZ");
        assert_eq!(column_name(702), "AAA");
    }

    #[test]
    fn a_byte_of_the_text_names_its_cell() {
        let cells =
            Cells { sheet: "Sheet1".into(), lines: vec![(0, vec![(0, 0), (7, 1)]), (1, vec![(12, 0), (15, 1)])] };
        assert_eq!(cells.cell(0, 0), "Sheet1!A1");
        assert_eq!(cells.cell(0, 8), "Sheet1!B1");
        assert_eq!(cells.cell(1, 16), "Sheet1!B2");
    }
}
