//! Provisional values on imposed sheets: neither the faces nor the sheets carry a mark (a 暫定
//! tag on every counter, or a red note under every sheet, is noise a publisher rejects); the
//! proof's cover lists what the sources do not give, and the manifest lists every face carrying
//! such values with its fields and sheets.

use serde::Serialize;

use crate::render::pieces::faces::Face;
use crate::render::Ctx;

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

/// Adds the faces of `faces` that carry provisional values, printed on `sheet`, to the
/// manifest's list (a face already listed gains the sheet).
pub(crate) fn record(ctx: &mut Ctx<'_>, faces: &[&Face], sheet: usize) {
    for face in faces.iter().filter(|f| !f.provisional.is_empty()) {
        match ctx.provisional.iter_mut().find(|p| p.face == face.id) {
            Some(p) if !p.sheets.contains(&sheet) => p.sheets.push(sheet),
            Some(_) => {}
            None => {
                let name = ctx.msg.name(&face.names);
                ctx.provisional.push(ProvisionalPiece {
                    face: face.id.clone(),
                    name,
                    fields: face.provisional.clone(),
                    sheets: vec![sheet],
                })
            }
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
            svg: "".into(),
            names: Names { ja: ja.into(), en: en.into() },
            provisional: fields.iter().map(|f| f.to_string()).collect(),
            plain: false,
        }
    }

    #[test]
    fn the_manifest_lists_each_face_with_provisional_values_once_with_its_sheets() {
        let fonts = Fonts::embedded();
        let mut pack = Pack::default();
        pack.game.languages = vec!["ja".into(), "en".into()];
        let mut ctx = Ctx::new(&pack, &fonts);
        let soldier = face("counters/soldiers-front", "連邦軍兵士", "Federal soldier", &["defence"]);
        let stack = face("counters/stack-front", "スタック", "stack", &[]);
        record(&mut ctx, &[&soldier, &stack, &soldier], 1);
        record(&mut ctx, &[&soldier], 3);
        assert_eq!(ctx.provisional.len(), 1, "a piece without provisional values is not listed");
        assert_eq!(ctx.provisional[0].name, "連邦軍兵士 Federal soldier");
        assert_eq!(ctx.provisional[0].fields, ["defence"]);
        assert_eq!(ctx.provisional[0].sheets, [1, 3]);
    }
}
