//! One font face, parsed only when something measures with it.
//!
//! A face is its file's bytes (the binary's own, or a pack's read once) and, on first use, the
//! shaper's view of them (rustybuzz, the shaper usvg draws with). Advances of single characters
//! are looked up in the face's `cmap` and `hmtx` tables when first asked for and kept; nothing
//! walks the whole character map.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A font face: its bytes, parsed on first use.
pub(crate) struct Face {
    bytes: &'static [u8],
    shaper: OnceLock<Option<Shaper>>,
}

/// What parsing a face gives: the shaper's face and its shape plans.
struct Shaper {
    face: rustybuzz::Face<'static>,
    units_per_em: f64,
    /// Advances in em by character (`None`: no glyph), filled as characters are asked for.
    advances: Mutex<HashMap<char, Option<f64>>>,
    /// Shape plans by direction and script, made once: making one costs more than shaping.
    plans: Mutex<HashMap<(rustybuzz::Direction, rustybuzz::Script), Arc<rustybuzz::ShapePlan>>>,
}

impl Face {
    /// A face of `bytes`, not parsed yet. [`Face::check`] tells whether it can be.
    pub(crate) const fn new(bytes: &'static [u8]) -> Face {
        Face { bytes, shaper: OnceLock::new() }
    }

    /// Why `bytes` are no usable font, if they are not: a quick look at the table directory and
    /// the tables measuring needs (the face is not kept parsed).
    pub(crate) fn check(bytes: &[u8]) -> Result<(), String> {
        ttf_parser::Face::parse(bytes, 0).map(drop).map_err(|e| format!("not a usable font: {e}"))
    }

    /// The file's bytes, shared (renderers load them from here, not from a copy).
    pub(crate) fn bytes(&self) -> &'static [u8] {
        self.bytes
    }

    /// Whether the face has been parsed (something measured with it).
    #[cfg(test)]
    pub(crate) fn is_parsed(&self) -> bool {
        self.shaper.get().is_some()
    }

    /// The parsed face. Faces are checked when loaded ([`Face::check`]; the embedded ones by
    /// build.rs), so parsing does not fail here; if it did, the face would have no glyphs.
    fn shaper(&self) -> Option<&Shaper> {
        self.shaper
            .get_or_init(|| {
                let face = rustybuzz::Face::from_slice(self.bytes, 0)?;
                let units_per_em = f64::from(face.units_per_em());
                (units_per_em > 0.0).then(|| Shaper {
                    face,
                    units_per_em,
                    advances: Mutex::default(),
                    plans: Mutex::default(),
                })
            })
            .as_ref()
    }

    /// Whether the face has a glyph for `c`.
    pub(crate) fn has(&self, c: char) -> bool {
        self.advance(c).is_some()
    }

    /// The advance of `c` in em, `None` when the face has no glyph for it.
    pub(crate) fn advance(&self, c: char) -> Option<f64> {
        let shaper = self.shaper()?;
        let look_up = || {
            let glyph = shaper.face.glyph_index(c)?;
            shaper.face.glyph_hor_advance(glyph).map(|a| f64::from(a) / shaper.units_per_em)
        };
        match shaper.advances.lock() {
            Ok(mut advances) => *advances.entry(c).or_insert_with(look_up),
            Err(_) => look_up(),
        }
    }

    /// The advance of `text` shaped with this face's default features, in em.
    pub(crate) fn shaped_em(&self, text: &str) -> f64 {
        let Some((shaper, shaped)) = self.shape(text) else {
            return 0.0;
        };
        let units: i64 = shaped.glyph_positions().iter().map(|p| i64::from(p.x_advance)).sum();
        units as f64 / shaper.units_per_em
    }

    /// `text` shaped as [`Face::shaped_em`] measures it, with the parsed face.
    fn shape(&self, text: &str) -> Option<(&Shaper, rustybuzz::GlyphBuffer)> {
        let shaper = self.shaper().filter(|_| !text.is_empty())?;
        let face = &shaper.face;
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.guess_segment_properties();
        let (direction, script) = (buffer.direction(), buffer.script());
        let new_plan = || Arc::new(rustybuzz::ShapePlan::new(face, direction, Some(script), None, &[]));
        let plan = match shaper.plans.lock() {
            Ok(mut plans) => plans.entry((direction, script)).or_insert_with(new_plan).clone(),
            Err(_) => new_plan(),
        };
        Some((shaper, rustybuzz::shape_with_plan(face, &plan, buffer)))
    }

    /// Appends the outlines of `text`'s glyphs to `path` (SVG path data, drawing units), shaped
    /// as measured, at `size` units per em from `origin` (the left end of its baseline), each
    /// glyph after the first `tracking` em closer; returns the advance drawn, in units.
    pub(crate) fn outline(&self, text: &str, size: f64, tracking: f64, origin: (f64, f64), path: &mut String) -> f64 {
        let Some((shaper, shaped)) = self.shape(text) else {
            return 0.0;
        };
        let scale = size / shaper.units_per_em;
        let mut pen = Outline { path, scale, x: origin.0, y: origin.1 };
        for (i, (glyph, at)) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()).enumerate() {
            if i > 0 {
                pen.x -= tracking * size;
            }
            let (x, y) = (pen.x, pen.y);
            pen.x += f64::from(at.x_offset) * scale;
            pen.y -= f64::from(at.y_offset) * scale;
            shaper.face.outline_glyph(ttf_parser::GlyphId(glyph.glyph_id as u16), &mut pen);
            pen.x = x + f64::from(at.x_advance) * scale;
            pen.y = y;
        }
        pen.x - origin.0
    }
}

/// Writes glyph outlines (font units, y up) as SVG path data (drawing units, y down) from a pen
/// position.
struct Outline<'p> {
    path: &'p mut String,
    scale: f64,
    x: f64,
    y: f64,
}

impl Outline<'_> {
    fn point(&mut self, x: f32, y: f32) {
        use std::fmt::Write;
        let at = |v: f64| (v * 1000.0).round() / 1000.0;
        let _ =
            write!(self.path, " {} {}", at(self.x + f64::from(x) * self.scale), at(self.y - f64::from(y) * self.scale));
    }
}

impl ttf_parser::OutlineBuilder for Outline<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        self.path.push('M');
        self.point(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.path.push('L');
        self.point(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.path.push('Q');
        self.point(x1, y1);
        self.point(x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.path.push('C');
        self.point(x1, y1);
        self.point(x2, y2);
        self.point(x, y);
    }
    fn close(&mut self) {
        self.path.push('Z');
    }
}
