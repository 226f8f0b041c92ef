//! The fonts every build embeds (Noto Sans JP Regular and Bold, SIL OFL) and any a pack brings.
//! Widths are measured by shaping with rustybuzz, the shaper usvg draws with, so kerning and
//! ligatures count exactly as they are drawn; single-character advances (for splitting an
//! over-long word) come from the `hmtx` table.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The family name templates use for the embedded font.
pub const FAMILY: &str = "Noto Sans JP";

/// The embedded faces' files (the rules reference embeds a subset of them).
pub(crate) static REGULAR: &[u8] = include_bytes!("../../assets/fonts/NotoSansJP-Regular.ttf");
pub(crate) static BOLD: &[u8] = include_bytes!("../../assets/fonts/NotoSansJP-Bold.ttf");

/// Regular or bold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    /// 400.
    Regular,
    /// 700.
    Bold,
}

/// A family (by index in [`Fonts`]) and a weight: what a text is measured with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Style {
    /// Index of the family; 0 is the embedded Noto Sans JP.
    pub family: usize,
    /// Regular or bold.
    pub weight: Weight,
}

impl Style {
    /// The embedded family at `weight`.
    pub fn embedded(weight: Weight) -> Style {
        Style { family: 0, weight }
    }
}

/// A font file pnpkit cannot use.
#[derive(Debug)]
pub struct FontsError(pub String);

/// One face: its bytes and its advances per character, in em.
struct Face {
    data: Arc<Vec<u8>>,
    advances: HashMap<char, f64>,
    /// The shaper's view of the face, parsed once (parsing its layout tables costs more than
    /// shaping a short text).
    shaper: rustybuzz::Face<'static>,
    /// Shape plans by direction and script, made once: making one costs more than shaping.
    plans: Mutex<HashMap<(rustybuzz::Direction, rustybuzz::Script), Arc<rustybuzz::ShapePlan>>>,
}

impl Face {
    /// A face of the binary's own font files.
    fn embedded(bytes: &'static [u8]) -> Result<Face, FontsError> {
        Face::new(bytes, Arc::new(bytes.to_vec()))
    }

    /// A face a pack brings. The shaper borrows its bytes for the rest of the run: fonts are
    /// loaded once per build.
    fn owned(data: Vec<u8>) -> Result<Face, FontsError> {
        let kept: &'static [u8] = Box::leak(data.clone().into_boxed_slice());
        Face::new(kept, Arc::new(data))
    }

    fn new(bytes: &'static [u8], data: Arc<Vec<u8>>) -> Result<Face, FontsError> {
        let face = ttf_parser::Face::parse(bytes, 0).map_err(|e| FontsError(format!("not a usable font: {e}")))?;
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
        let shaper = rustybuzz::Face::from_slice(bytes, 0)
            .ok_or_else(|| FontsError("not a usable font: the shaper cannot read it".into()))?;
        Ok(Face { data, advances, shaper, plans: Mutex::default() })
    }

    /// The advance of `text` shaped with this face's default features, in em.
    fn shaped_em(&self, text: &str) -> f64 {
        if text.is_empty() {
            return 0.0;
        }
        let face = &self.shaper;
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.guess_segment_properties();
        let (direction, script) = (buffer.direction(), buffer.script());
        let new_plan = || Arc::new(rustybuzz::ShapePlan::new(face, direction, Some(script), None, &[]));
        let plan = match self.plans.lock() {
            Ok(mut plans) => plans.entry((direction, script)).or_insert_with(new_plan).clone(),
            Err(_) => new_plan(),
        };
        let shaped = rustybuzz::shape_with_plan(face, &plan, buffer);
        let units: i64 = shaped.glyph_positions().iter().map(|p| i64::from(p.x_advance)).sum();
        units as f64 / f64::from(face.units_per_em())
    }
}

/// A family: its name (what templates write in `font-family`) and its faces.
struct Family {
    name: String,
    regular: Face,
    bold: Option<Face>,
}

/// The fonts text is measured and drawn with: the embedded Noto Sans JP first, then any a pack
/// brings. A character a pack font lacks is measured (and drawn) with Noto Sans JP.
pub struct Fonts {
    families: Vec<Family>,
    /// Shaped widths in em by (style, text): fitting measures the same pieces at every size.
    widths: Mutex<HashMap<(Style, String), f64>>,
}

impl std::fmt::Debug for Fonts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.families.iter().map(|fam| &fam.name)).finish()
    }
}

impl Fonts {
    /// The embedded Noto Sans JP faces.
    pub fn embedded() -> Fonts {
        // The embedded files are checked by build.rs; parsing them cannot fail.
        let face = |bytes: &'static [u8]| Face::embedded(bytes).unwrap_or_else(|e| panic!("embedded font: {}", e.0));
        Fonts {
            families: vec![Family { name: FAMILY.into(), regular: face(REGULAR), bold: Some(face(BOLD)) }],
            widths: Mutex::default(),
        }
    }

    /// Adds a family a pack brings (the font files' bytes); `name` must be the files' own family
    /// name, which renderers look fonts up by.
    pub fn add_family(&mut self, name: &str, regular: Vec<u8>, bold: Option<Vec<u8>>) -> Result<(), FontsError> {
        let regular = Face::owned(regular)?;
        let bold = bold.map(Face::owned).transpose()?;
        self.families.push(Family { name: name.to_string(), regular, bold });
        if let Ok(mut m) = self.widths.lock() {
            m.clear();
        }
        Ok(())
    }

    /// The family called `name`, if loaded.
    pub fn family(&self, name: &str) -> Option<usize> {
        self.families.iter().position(|f| f.name == name)
    }

    fn face(&self, style: Style) -> &Face {
        let family = self.families.get(style.family).unwrap_or(&self.families[0]);
        match style.weight {
            Weight::Bold => family.bold.as_ref().unwrap_or(&family.regular),
            Weight::Regular => &family.regular,
        }
    }

    /// The advance of `c` in em, from the style's face or else Noto Sans JP; `None` when no font
    /// has a glyph for it (it would be tofu).
    pub fn advance(&self, c: char, style: Style) -> Option<f64> {
        let own = self.face(style).advances.get(&c);
        own.or_else(|| self.face(Style::embedded(style.weight)).advances.get(&c)).copied()
    }

    /// The width of `text` in em as drawn: shaped (kerning, ligatures) with the style's face,
    /// runs of characters it lacks shaped with Noto Sans JP (as usvg falls back); characters no
    /// font has count as 1 em.
    pub fn width_em(&self, text: &str, style: Style) -> f64 {
        if text.is_empty() {
            return 0.0;
        }
        let key = (style, text.to_string());
        if let Some(w) = self.widths.lock().ok().and_then(|m| m.get(&key).copied()) {
            return w;
        }
        let own = self.face(style);
        let fallback = self.face(Style::embedded(style.weight));
        let mut width = 0.0;
        let mut run = String::new();
        let mut run_face: Option<&Face> = None;
        for c in text.chars().filter(|c| !c.is_control()) {
            let face = if own.advances.contains_key(&c) {
                own
            } else if fallback.advances.contains_key(&c) {
                fallback
            } else {
                width += 1.0;
                continue;
            };
            if run_face.is_some_and(|f| !std::ptr::eq(f, face)) {
                width += run_face.map_or(0.0, |f| f.shaped_em(&run));
                run.clear();
            }
            run_face = Some(face);
            run.push(c);
        }
        width += run_face.map_or(0.0, |f| f.shaped_em(&run));
        if let Ok(mut m) = self.widths.lock() {
            m.insert(key, width);
        }
        width
    }

    /// Characters of `text` no font can draw.
    pub fn missing(&self, text: &str, style: Style) -> Vec<char> {
        let mut out: Vec<char> =
            text.chars().filter(|c| !c.is_whitespace() && self.advance(*c, style).is_none()).collect();
        out.dedup();
        out
    }

    /// Every font file, for renderers (usvg's font database, the PDF writer).
    pub fn files(&self) -> Vec<Arc<Vec<u8>>> {
        self.families
            .iter()
            .flat_map(|f| std::iter::once(f.regular.data.clone()).chain(f.bold.as_ref().map(|b| b.data.clone())))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_width_characters_are_one_em_and_latin_is_narrower() {
        let fonts = Fonts::embedded();
        let (regular, bold) = (Style::embedded(Weight::Regular), Style::embedded(Weight::Bold));
        assert_eq!(fonts.advance('ダ', regular), Some(1.0));
        assert_eq!(fonts.width_em("クラブガンナー", regular), 7.0);
        let i = fonts.advance('i', regular).unwrap();
        assert!(i > 0.1 && i < 0.5, "{i}");
        assert!(fonts.width_em("Bold", bold) > fonts.width_em("Bold", regular) * 0.99);
    }

    #[test]
    fn reports_characters_without_a_glyph() {
        let fonts = Fonts::embedded();
        let regular = Style::embedded(Weight::Regular);
        assert!(fonts.missing("解放軍 Liberation", regular).is_empty());
        assert_eq!(fonts.missing("a\u{E000}b", regular), vec!['\u{E000}']);
    }

    #[test]
    fn a_pack_family_falls_back_to_the_embedded_font_for_missing_glyphs() {
        let mut fonts = Fonts::embedded();
        // The bold face registered as a separate family stands in for a pack's own font.
        fonts.add_family("Pack Sans", BOLD.to_vec(), None).unwrap();
        let style = Style { family: fonts.family("Pack Sans").unwrap(), weight: Weight::Regular };
        assert_eq!(fonts.advance('ダ', style), Some(1.0));
        assert!(fonts.width_em("Bold", style) > fonts.width_em("Bold", Style::embedded(Weight::Regular)));
        assert!(fonts.add_family("Broken", b"not a font".to_vec(), None).is_err());
        assert_eq!(fonts.files().len(), 3);
    }
}
