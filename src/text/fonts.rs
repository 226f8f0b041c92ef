//! The fonts every build embeds (Noto Sans JP Regular and Bold, SIL OFL) and any a pack brings,
//! with advance widths from their `hmtx` tables.

use std::collections::HashMap;
use std::sync::Arc;

/// The family name templates use for the embedded font.
pub const FAMILY: &str = "Noto Sans JP";

static REGULAR: &[u8] = include_bytes!("../../assets/fonts/NotoSansJP-Regular.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/fonts/NotoSansJP-Bold.ttf");

/// Regular or bold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    /// 400.
    Regular,
    /// 700.
    Bold,
}

/// A font file pnpkit cannot use.
#[derive(Debug)]
pub struct FontsError(pub String);

/// One face: its bytes and its advances per character, in em.
struct Face {
    data: Arc<Vec<u8>>,
    units_per_em: f64,
    advances: HashMap<char, f64>,
}

impl Face {
    fn new(data: Vec<u8>) -> Result<Face, FontsError> {
        let face = ttf_parser::Face::parse(&data, 0).map_err(|e| FontsError(format!("not a usable font: {e}")))?;
        let units_per_em = f64::from(face.units_per_em());
        let mut advances = HashMap::new();
        if let Some(cmap) = face.tables().cmap {
            for sub in cmap.subtables.into_iter().filter(|s| s.is_unicode()) {
                sub.codepoints(|cp| {
                    if let (Some(c), Some(glyph)) = (char::from_u32(cp), sub.glyph_index(cp)) {
                        if let Some(adv) = face.glyph_hor_advance(glyph) {
                            advances.entry(c).or_insert(f64::from(adv) / units_per_em);
                        }
                    }
                });
            }
        }
        Ok(Face { data: Arc::new(data), units_per_em, advances })
    }
}

/// The fonts text is measured and drawn with.
pub struct Fonts {
    regular: Face,
    bold: Face,
}

impl std::fmt::Debug for Fonts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fonts").field("units_per_em", &self.regular.units_per_em).finish()
    }
}

impl Fonts {
    /// The embedded Noto Sans JP faces.
    pub fn embedded() -> Fonts {
        // The embedded files are checked by build.rs; parsing them cannot fail.
        let face = |bytes: &[u8]| Face::new(bytes.to_vec()).unwrap_or_else(|e| panic!("embedded font: {}", e.0));
        Fonts { regular: face(REGULAR), bold: face(BOLD) }
    }

    fn face(&self, weight: Weight) -> &Face {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }

    /// The advance of `c` in em, or `None` when the font has no glyph for it (it would be tofu).
    pub fn advance(&self, c: char, weight: Weight) -> Option<f64> {
        self.face(weight).advances.get(&c).copied()
    }

    /// The width of `text` in em; characters without a glyph count as 1 em.
    pub fn width_em(&self, text: &str, weight: Weight) -> f64 {
        text.chars().filter(|c| !c.is_control()).map(|c| self.advance(c, weight).unwrap_or(1.0)).sum()
    }

    /// Characters of `text` the font cannot draw.
    pub fn missing(&self, text: &str, weight: Weight) -> Vec<char> {
        let mut out: Vec<char> =
            text.chars().filter(|c| !c.is_whitespace() && self.advance(*c, weight).is_none()).collect();
        out.dedup();
        out
    }

    /// The font files, for renderers (usvg's font database, the PDF writer).
    pub fn files(&self) -> Vec<Arc<Vec<u8>>> {
        vec![self.regular.data.clone(), self.bold.data.clone()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_width_characters_are_one_em_and_latin_is_narrower() {
        let fonts = Fonts::embedded();
        assert_eq!(fonts.advance('ダ', Weight::Regular), Some(1.0));
        assert_eq!(fonts.width_em("クラブガンナー", Weight::Regular), 7.0);
        let i = fonts.advance('i', Weight::Regular).unwrap();
        assert!(i > 0.1 && i < 0.5, "{i}");
        assert!(fonts.width_em("Bold", Weight::Bold) > fonts.width_em("Bold", Weight::Regular) * 0.99);
    }

    #[test]
    fn reports_characters_without_a_glyph() {
        let fonts = Fonts::embedded();
        assert!(fonts.missing("解放軍 Liberation", Weight::Regular).is_empty());
        assert_eq!(fonts.missing("a\u{E000}b", Weight::Regular), vec!['\u{E000}']);
    }
}
