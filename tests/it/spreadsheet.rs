//! Issue 32, item 6 and its "done when": a table kept as a spreadsheet. tests/packs/english-only-cards
//! with its cards.csv replaced by cards.xlsx (written here: a minimal workbook of inline strings
//! and numbers, as a spreadsheet program saves one), with a Greek card name, markup, an icon the
//! pack declares and a copies column of numbers; it builds with no text overlapping, unfitted or
//! without a glyph, prints no markup raw, and a bad cell is reported at its sheet cell.

use std::io::Write;
use std::path::Path;

use pnpkit::diag::cells::column_name;

use super::support::{copy_dir, pnpkit, root, temp_dir, text};

/// One cell: a number or an inline string.
enum Cell<'a> {
    Text(&'a str),
    Number(f64),
}

/// Writes a one-sheet workbook (`Sheet1`) of `rows` to `path`.
fn workbook(path: &Path, rows: &[Vec<Cell<'_>>]) {
    let esc = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    let mut sheet = String::from(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#,
    );
    for (r, row) in rows.iter().enumerate() {
        sheet.push_str(&format!(r#"<row r="{}">"#, r + 1));
        for (c, cell) in row.iter().enumerate() {
            let at = format!("{}{}", column_name(c as u32), r + 1);
            match cell {
                Cell::Text("") => {}
                Cell::Text(t) => {
                    sheet.push_str(&format!(r#"<c r="{at}" t="inlineStr"><is><t>{}</t></is></c>"#, esc(t)))
                }
                Cell::Number(n) => sheet.push_str(&format!(r#"<c r="{at}"><v>{n}</v></c>"#)),
            }
        }
        sheet.push_str("</row>");
    }
    sheet.push_str("</sheetData></worksheet>");
    let ns = "http://schemas.openxmlformats.org";
    let parts = [
        (
            "[Content_Types].xml",
            format!(
                r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="{ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#
            ),
        ),
        (
            "_rels/.rels",
            format!(
                r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{ns}/package/2006/relationships"><Relationship Id="rId1" Type="{ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#
            ),
        ),
        (
            "xl/workbook.xml",
            format!(
                r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{ns}/spreadsheetml/2006/main" xmlns:r="{ns}/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>"#
            ),
        ),
        (
            "xl/_rels/workbook.xml.rels",
            format!(
                r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{ns}/package/2006/relationships"><Relationship Id="rId1" Type="{ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#
            ),
        ),
        ("xl/worksheets/sheet1.xml", sheet),
    ];
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    for (name, xml) in parts {
        zip.start_file(name, zip::write::SimpleFileOptions::default()).unwrap();
        zip.write_all(xml.as_bytes()).unwrap();
    }
    zip.finish().unwrap();
}

/// The cards of tests/packs/english-only-cards, card 2 named in Greek, with copies.
fn cards(copies_of_first: Cell<'static>) -> Vec<Vec<Cell<'static>>> {
    use Cell::{Number as N, Text as T};
    vec![
        ["number", "name_ja", "name_en", "type", "side", "timing", "requires", "effects", "text", "flavour", "copies"]
            .map(T)
            .into_iter()
            .collect(),
        vec![
            N(1.0),
            T(""),
            T("Starting Gun"),
            T("event"),
            T("runners"),
            T("Start phase"),
            T(""),
            T(""),
            T("The race begins, **at once**: take [baton] and run *fast*."),
            T("“On your marks, get set…”"),
            copies_of_first,
        ],
        vec![
            N(2.0),
            T(""),
            T("Δεύτερο σκέλος"),
            T("event"),
            T("runners"),
            T("Run phase"),
            T("open(1)"),
            T(""),
            T("The baton passes once the race has begun."),
            T(""),
            N(1.0),
        ],
        vec![
            N(3.0),
            T(""),
            T("Finish Line"),
            T("event"),
            T("runners"),
            T("Run phase"),
            T("open(2)"),
            T(""),
            T("The last runner crosses the line."),
            T("The crowd rises as one,\nand the tape breaks."),
            N(1.0),
        ],
        vec![
            N(4.0),
            T(""),
            T("False Start"),
            T("event"),
            T("chasers"),
            T("Start phase"),
            T(""),
            T("removes(1)"),
            T("The race starts over."),
            T(""),
            N(1.0),
        ],
    ]
}

#[test]
fn a_cards_spreadsheet_builds_like_its_csv_and_a_bad_cell_is_named_by_its_cell() {
    let dir = temp_dir("spreadsheet");
    let pack = dir.join("pack");
    copy_dir(&root().join("tests/packs/english-only-cards"), &pack);
    // The CSV's rows beyond the four written here are dropped, and the totals with them.
    let csv = std::fs::read_to_string(pack.join("cards.csv")).unwrap();
    let known = csv.lines().count() - 1;
    std::fs::remove_file(pack.join("cards.csv")).unwrap();
    let toml = std::fs::read_to_string(pack.join("pack.toml")).unwrap();
    std::fs::write(pack.join("pack.toml"), toml.replace(&format!("cards = {known}"), "cards = 4")).unwrap();
    let setups = std::fs::read_to_string(pack.join("setups.toml")).unwrap();
    std::fs::write(pack.join("setups.toml"), setups.replace("size = 3", "size = 4")).unwrap();
    // The icon the first card's text draws, declared once.
    std::fs::create_dir_all(pack.join("icons")).unwrap();
    let baton = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect x="3" y="9" width="18" height="6" rx="3"/></svg>"#;
    std::fs::write(pack.join("icons/baton.svg"), baton).unwrap();
    let toml = std::fs::read_to_string(pack.join("pack.toml")).unwrap();
    std::fs::write(pack.join("pack.toml"), toml + "\n[icons]\nbaton = \"icons/baton.svg\"\n").unwrap();
    workbook(&pack.join("cards.xlsx"), &cards(Cell::Number(2.0)));
    let (pack_arg, out) = (pack.to_string_lossy().into_owned(), dir.join("out"));
    let run = pnpkit(&root(), &["build", &pack_arg, "--out", &out.to_string_lossy(), "--only", "cards,card-list"]);
    let (stdout, stderr) = text(&run);
    assert_eq!(run.status.code(), Some(0), "{stdout}{stderr}");
    for code in ["E0803", "W0801", "W0804"] {
        assert!(!stderr.contains(code), "no missing glyph, unfitted or overlapping text: {stderr}");
    }
    if let Ok(cards) = std::process::Command::new("pdftotext").arg(out.join("cards.pdf")).arg("-").output() {
        let words = String::from_utf8_lossy(&cards.stdout).replace('\n', " ");
        assert!(words.contains("at once") && words.contains("fast"), "the card text is printed: {words}");
        for raw in ["**", "*fast*", "[baton]"] {
            assert!(!words.contains(raw), "markup “{raw}” is printed raw: {words}");
        }
        // Read back: no word over another, in the safe margin or under its size floor.
        let problems = super::readback::audit(&out);
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
    if let Ok(list) = std::process::Command::new("pdftotext").arg(out.join("card-list.pdf")).arg("-").output() {
        // (pdftotext may cut a Greek word where its letters are kerned.)
        let words = String::from_utf8_lossy(&list.stdout).replace([' ', '\n'], "");
        assert!(words.contains("Δεύτεροσκέλος") && words.contains("×2"), "the sheet's cards are listed: {words}");
    }
    // A word where the copies must be a number: the error names the sheet cell (K2).
    workbook(&pack.join("cards.xlsx"), &cards(Cell::Text("many")));
    let check = pnpkit(&root(), &["check", &pack_arg, "--format", "short"]);
    let (stdout, stderr) = text(&check);
    assert_eq!(check.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stderr.contains("cards.xlsx:Sheet1!K2: error["), "{stderr}");
    // A file that is no spreadsheet is an error naming it, not a panic.
    std::fs::write(pack.join("cards.xlsx"), b"number,name_en\n1,x\n").unwrap();
    let check = pnpkit(&root(), &["check", &pack_arg, "--format", "short"]);
    let (stdout, stderr) = text(&check);
    assert_eq!(check.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stderr.contains("cards.xlsx: not a spreadsheet pnpkit can read"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
