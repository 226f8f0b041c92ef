//! Provisional values on imposed sheets: the faces themselves carry no mark (a 暫定 tag on every
//! counter is noise a publisher rejects); instead each side of a sheet names, in its margin
//! below the crop marks and above the footer, the pieces on it whose printed values the sources
//! do not give, and the manifest lists every such piece with its fields and sheets.

use serde::Serialize;

use crate::render::page::canvas::{Align, Canvas, Owner, TextBox};
use crate::render::pieces::faces::Face;
use crate::render::Ctx;
use crate::text::fit::{fit, Request, PT_PER_MM};
use crate::text::{Style, Weight};

/// The note's size: the floor for sheet text.
const NOTE_PT: f64 = 6.0;
/// Its line spacing, in ems.
const LEADING: f64 = 1.2;

/// One face that carries provisional values, as the manifest lists it.
#[derive(Clone, Debug, Serialize)]
pub struct ProvisionalPiece {
    /// The face's id (`counters/soldiers-front`).
    pub face: String,
    /// The piece's name in the pack's languages.
    pub name: String,
    /// The fields whose values the sources do not give.
    pub fields: Vec<String>,
    /// The sheets (1-based) it is printed on.
    pub sheets: Vec<usize>,
}

/// The distinct faces of `faces` that carry provisional values, in order of first appearance.
fn carrying<'f>(faces: &[&'f Face]) -> Vec<&'f Face> {
    let mut out: Vec<&Face> = Vec::new();
    for face in faces.iter().filter(|f| !f.provisional.is_empty()) {
        if !out.iter().any(|o| o.id == face.id) {
            out.push(face);
        }
    }
    out
}

/// Writes the note naming the faces of `faces` that carry provisional values on `c`, in the band
/// from `marks_bottom` (below the grid's crop marks) to the footer, and records them for the
/// manifest as printed on `sheet`. Returns a short note for the footer instead when the band is
/// too low for a line of sheet text, and nothing when no face carries provisional values.
pub(crate) fn sheet_note(
    ctx: &mut Ctx<'_>,
    c: &mut Canvas<'_>,
    faces: &[&Face],
    marks_bottom: f64,
    sheet: usize,
) -> String {
    let faces = carrying(faces);
    record(&mut ctx.provisional, &faces, sheet, &ctx.msg);
    // The note names each piece once (two counters may show the same unit on their backs).
    let mut named: Vec<&Face> = Vec::new();
    for face in faces {
        if !named.iter().any(|n| n.names == face.names) {
            named.push(face);
        }
    }
    let faces = named;
    if faces.is_empty() {
        return String::new();
    }
    let (top, bottom) = (marks_bottom + 0.4, c.footer_top() - 0.3);
    let line = NOTE_PT / PT_PER_MM;
    if bottom - top < line {
        return short(ctx, faces.len());
    }
    let (x, _, width, _) = c.area();
    let height = bottom - top;
    let fits = |text: &str| !set(c, text, width, height).overflow;
    // As many names as fit, in each of the pack's languages; the rest are counted.
    let text = (1..=faces.len())
        .rev()
        .map(|k| note(ctx, &faces, k))
        .find(|t| fits(t))
        .unwrap_or_else(|| short(ctx, faces.len()));
    let owner = Owner::new("provisional values note", None);
    let block = set(c, &text, width, height).height_mm;
    c.text(
        TextBox::new(&text, x, top + (height - block) / 2.0, width, block)
            .fixed(NOTE_PT)
            .leading(LEADING)
            .align(Align::Middle)
            .fill("#9b2c1f")
            .of(&owner),
    );
    String::new()
}

/// `text` set at the note's size in a column `width` mm wide, at most `height` mm tall.
fn set(c: &Canvas<'_>, text: &str, width: f64, height: f64) -> crate::text::fit::Fitted {
    let style = Style::main(Weight::Regular);
    let request = Request {
        text,
        width_mm: width,
        height_mm: height,
        max_pt: NOTE_PT,
        min_pt: NOTE_PT,
        leading: LEADING,
        style,
        max_lines: 0,
    };
    fit(c.fonts(), &request)
}

/// The note naming the first `k` of `faces` (and counting the rest), in each of the pack's languages.
fn note(ctx: &Ctx<'_>, faces: &[&Face], k: usize) -> String {
    ctx.msg.each_language(" / ", |m| {
        let names: Vec<&str> = faces[..k].iter().map(|f| m.first_name(&f.names)).collect();
        let pieces = names.join(&m.first("face.list_separator"));
        let pieces = if k < faces.len() {
            m.fill_first("sheets.provisional_more", &[("pieces", &pieces), ("n", &(faces.len() - k).to_string())])
        } else {
            pieces
        };
        m.fill_first("sheets.provisional_note", &[("pieces", &pieces)])
    })
}

/// The note as a count, for the footer line.
fn short(ctx: &Ctx<'_>, n: usize) -> String {
    ctx.msg.fill_first("sheets.provisional_short", &[("n", &n.to_string())])
}

/// Adds `faces`, printed on `sheet`, to the manifest's list (a face already listed gains the sheet).
fn record(list: &mut Vec<ProvisionalPiece>, faces: &[&Face], sheet: usize, msg: &crate::messages::Messages) {
    for face in faces {
        match list.iter_mut().find(|p| p.face == face.id) {
            Some(p) if !p.sheets.contains(&sheet) => p.sheets.push(sheet),
            Some(_) => {}
            None => list.push(ProvisionalPiece {
                face: face.id.clone(),
                name: msg.name(&face.names),
                fields: face.provisional.clone(),
                sheets: vec![sheet],
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Names, Pack};
    use crate::text::Fonts;

    fn face(id: &str, ja: &str, en: &str, fields: &[&str]) -> Face {
        Face {
            id: id.into(),
            w: 15.0,
            h: 15.0,
            bleed: 1.0,
            svg: String::new(),
            names: Names { ja: ja.into(), en: en.into() },
            provisional: fields.iter().map(|f| f.to_string()).collect(),
        }
    }

    #[test]
    fn a_sheet_names_its_provisional_pieces_once_in_each_language_below_its_crop_marks() {
        let fonts = Fonts::embedded();
        let mut pack = Pack::default();
        pack.print.safe_margin = 5.0;
        pack.game.languages = vec!["ja".into(), "en".into()];
        let mut ctx = Ctx::new(&pack, &fonts);
        let soldier = face("counters/soldiers-front", "連邦軍兵士", "Federal soldier", &["defence"]);
        let stack = face("counters/stack-front", "スタック", "stack", &[]);
        let mut c = ctx.canvas((210.0, 297.0), Owner::new("counters sheet 1", None));
        let footer = sheet_note(&mut ctx, &mut c, &[&soldier, &stack, &soldier], 284.0, 1);
        assert_eq!(footer, "", "the band below the marks holds the note");
        let (page, warnings) = c.finish("footer");
        assert!(warnings.is_empty(), "{warnings:?}");
        assert!(
            page.svg.contains(">暫定値を含む駒: 連邦軍兵士 / Pieces with provisional values: Federal soldier</text>"),
            "{}",
            page.svg
        );
        assert!(!page.svg.contains("スタック"), "a piece without provisional values is not named");
        assert_eq!(ctx.provisional.len(), 1);
        assert_eq!(ctx.provisional[0].fields, ["defence"]);
        assert_eq!(ctx.provisional[0].sheets, [1]);
    }

    #[test]
    fn too_many_names_are_counted_and_no_band_puts_a_count_in_the_footer() {
        let fonts = Fonts::embedded();
        let mut pack = Pack::default();
        pack.print.safe_margin = 5.0;
        pack.game.languages = vec!["en".into()];
        let mut ctx = Ctx::new(&pack, &fonts);
        let faces: Vec<Face> = (0..40)
            .map(|i| face(&format!("counters/u{i}-front"), "", &format!("Unit number {i}"), &["count"]))
            .collect();
        let refs: Vec<&Face> = faces.iter().collect();
        let mut c = ctx.canvas((210.0, 297.0), Owner::new("counters sheet 1", None));
        assert_eq!(sheet_note(&mut ctx, &mut c, &refs, 284.0, 2), "");
        let (page, warnings) = c.finish("");
        assert!(warnings.is_empty(), "{warnings:?}");
        assert!(page.svg.contains("more (listed in manifest.json)</text>"), "{}", page.svg);
        let mut c = ctx.canvas((210.0, 297.0), Owner::new("counters sheet 1", None));
        let footer = sheet_note(&mut ctx, &mut c, &refs, 289.0, 3);
        assert_eq!(footer, "40 kinds of piece on this side carry provisional values (listed in manifest.json)");
        assert_eq!(ctx.provisional[0].sheets, [2, 3]);
    }
}
