//! The fonts text is measured with: a pack's own (`[print] fonts`), the first of them the main
//! family, and the embedded Noto Sans JP (SIL OFL), the main family when a pack brings none and
//! otherwise the fallback for characters the pack's fonts lack; then the embedded Noto Sans, for
//! what Noto Sans JP lacks (most of Latin Extended, accented Greek, much of Cyrillic). Widths are measured by shaping
//! with rustybuzz, the shaper usvg draws with, so kerning and ligatures count exactly as they are
//! drawn; single-character advances (for splitting an over-long word) come from the `hmtx` table.
//!
//! Faces are parsed on first use ([`super::face`]): a build that draws no bold text never parses
//! a bold face, and one whose pack font has every character never parses Noto Sans JP.

use std::collections::HashMap;
#[cfg(test)]
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use super::face::Face;

/// The family name of the embedded font.
pub const FAMILY: &str = "Noto Sans JP";

/// The family name of the embedded fallback for scripts Noto Sans JP lacks.
pub(crate) const LATIN_FAMILY: &str = "Noto Sans";

/// The embedded faces' files (the rules reference embeds a subset of them).
pub(crate) static REGULAR: &[u8] = include_bytes!("../../assets/fonts/NotoSansJP-Regular.ttf");
pub(crate) static BOLD: &[u8] = include_bytes!("../../assets/fonts/NotoSansJP-Bold.ttf");
static LATIN_REGULAR: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Regular.ttf");
static LATIN_BOLD: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Bold.ttf");

/// The embedded faces, parsed at most once per process, when first measured with.
static NOTO_REGULAR: Face = Face::new(REGULAR);
static NOTO_BOLD: Face = Face::new(BOLD);
static NOTO_LATIN_REGULAR: Face = Face::new(LATIN_REGULAR);
static NOTO_LATIN_BOLD: Face = Face::new(LATIN_BOLD);

/// How many families at the end of [`Fonts`] are the embedded fallbacks: Noto Sans JP, then
/// Noto Sans.
const EMBEDDED: usize = 2;

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
    /// Index of the family; 0 is the main family ([`Fonts::main_family`]).
    pub family: usize,
    /// Regular or bold.
    pub weight: Weight,
}

impl Style {
    /// The main family (the pack's first font, else Noto Sans JP) at `weight`.
    pub fn main(weight: Weight) -> Style {
        Style { family: 0, weight }
    }
}

/// A family: its name (what templates write in `font-family`) and its faces.
struct Family {
    name: String,
    regular: &'static Face,
    bold: Option<&'static Face>,
}

/// Texts longer than this (bytes) are shaped every time rather than remembered: fitting measures
/// the same short pieces (a name, a line) at every size, while keeping every long one would hold
/// a copy of a huge text for each way it was cut (a 1 MB card text took 2 GB that way).
const CACHED_TEXT: usize = 1024;
/// The most each generation of the width cache holds (its texts' bytes plus a share for each
/// entry): when the recent one is full it becomes the older one and the one before is dropped, so
/// memory stays bounded whatever a pack measures while what the pieces being laid out now
/// measure stays at hand. Fitting measures a piece's texts again and again, but a deck's pieces
/// share little: a 2,000-card deck built as fast with 1 MB as with 16 MB, in 4.5 MB less.
const CACHE_BYTES: usize = 1 << 20;
/// What an entry of the width cache costs besides its text, bytes (key, value, table slot).
const CACHE_ENTRY: usize = 64;

/// How much wider than its nominal width (the sum of its characters' `hmtx` advances) a text
/// can be assumed not to shape: kerning, ligatures and marks change a real font's widths by far
/// less than half. A text whose nominal width exceeds `SLACK_FACTOR × width + SLACK_EM` is taken
/// as wider than `width` without shaping it, so a megabyte-long word is never shaped whole just
/// to learn that it does not fit a line.
const SLACK_FACTOR: f64 = 2.0;
const SLACK_EM: f64 = 4.0;

/// The nominal width beyond which a text is certainly wider than `width_em` (see
/// [`SLACK_FACTOR`]).
pub(crate) fn surely_wider_beyond(width_em: f64) -> f64 {
    SLACK_FACTOR * width_em.max(0.0) + SLACK_EM
}

/// The advances ([`Fonts::advance`]) of the characters one pass over a text reads, kept in a
/// small direct-mapped table: asking the fonts takes a lock and a hash lookup, and a layout reads
/// each character of a long text two or three times.
pub(crate) struct Advances<'f> {
    fonts: &'f Fonts,
    style: Style,
    /// (character as u32, advance); `u32::MAX` is no character, so an empty slot never matches.
    slots: Box<[(u32, Option<f64>); 256]>,
}

impl<'f> Advances<'f> {
    pub(crate) fn new(fonts: &'f Fonts, style: Style) -> Advances<'f> {
        Advances { fonts, style, slots: Box::new([(u32::MAX, None); 256]) }
    }

    /// [`Fonts::advance`] of `c`.
    pub(crate) fn of(&mut self, c: char) -> Option<f64> {
        self.fonts.count_work(1);
        let slot = &mut self.slots[c as usize & 255];
        if slot.0 != c as u32 {
            *slot = (c as u32, self.fonts.advance(c, self.style));
        }
        slot.1
    }

    /// The nominal advance of `c` in em, what [`Fonts::width_em`] adds for it before kerning:
    /// its advance in the face that draws it, 1 em when no font has it, nothing for a control
    /// character.
    pub(crate) fn nominal(&mut self, c: char) -> f64 {
        if c.is_control() {
            self.fonts.count_work(1);
            0.0
        } else {
            self.of(c).unwrap_or(1.0)
        }
    }
}

/// Shaped widths in em by (style, text), in two generations, and the bytes the recent one holds.
#[derive(Default)]
struct WidthCache {
    recent: HashMap<(Style, String), f64>,
    older: HashMap<(Style, String), f64>,
    bytes: usize,
}

impl WidthCache {
    /// The width of `key`, moved to the recent generation if the older one had it.
    fn get(&mut self, key: &(Style, String)) -> Option<f64> {
        if let Some(&w) = self.recent.get(key) {
            return Some(w);
        }
        let w = self.older.remove(key)?;
        self.insert(key.clone(), w);
        Some(w)
    }

    fn insert(&mut self, key: (Style, String), width: f64) {
        let cost = key.1.len() + CACHE_ENTRY;
        if self.bytes + cost > CACHE_BYTES {
            self.older = std::mem::take(&mut self.recent);
            self.bytes = 0;
        }
        if self.recent.insert(key, width).is_none() {
            self.bytes += cost;
        }
    }
}

/// The fonts text is measured and drawn with: the pack's families in the order it declares them,
/// then the embedded Noto Sans JP. A character a pack font lacks is measured (and drawn) with
/// Noto Sans JP.
pub struct Fonts {
    /// The main family first; Noto Sans JP last.
    families: Vec<Family>,
    /// Shaped widths of short texts: fitting measures the same pieces at every size.
    widths: Mutex<WidthCache>,
    /// Bytes of text shaped (cache misses) and nominal advances read: the work laying out text
    /// costs, for tests that it grows linearly with the text.
    #[cfg(test)]
    work: AtomicU64,
}

impl std::fmt::Debug for Fonts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.families.iter().map(|fam| &fam.name)).finish()
    }
}

impl Fonts {
    /// The embedded Noto Sans JP faces (shared by every `Fonts` of the process, parsed when first
    /// measured with).
    pub fn embedded() -> Fonts {
        Fonts::noto(&NOTO_REGULAR, &NOTO_BOLD)
    }

    fn noto(regular: &'static Face, bold: &'static Face) -> Fonts {
        let latin = Family { name: LATIN_FAMILY.into(), regular: &NOTO_LATIN_REGULAR, bold: Some(&NOTO_LATIN_BOLD) };
        Fonts {
            families: vec![Family { name: FAMILY.into(), regular, bold: Some(bold) }, latin],
            widths: Mutex::default(),
            #[cfg(test)]
            work: AtomicU64::new(0),
        }
    }

    /// The bytes shaped and nominal advances read so far: the work measuring has cost.
    #[cfg(test)]
    pub(crate) fn work(&self) -> u64 {
        self.work.load(Ordering::Relaxed)
    }

    /// Counts `units` of measuring work (see the `work` field); nothing outside tests.
    #[cfg(test)]
    pub(crate) fn count_work(&self, units: usize) {
        self.work.fetch_add(units as u64, Ordering::Relaxed);
    }

    #[cfg(not(test))]
    pub(crate) fn count_work(&self, _units: usize) {}

    /// Adds a family a pack brings, after the pack's earlier ones and before Noto Sans JP (the
    /// first added becomes the main family); `name` must be the files' own family name, which
    /// renderers look fonts up by.
    pub(crate) fn add_family(&mut self, name: &str, regular: &'static Face, bold: Option<&'static Face>) {
        let at = self.families.len() - EMBEDDED;
        self.families.insert(at, Family { name: name.to_string(), regular, bold });
        if let Ok(mut m) = self.widths.lock() {
            *m = WidthCache::default();
        }
    }

    /// The family called `name`, if loaded.
    pub fn family(&self, name: &str) -> Option<usize> {
        self.families.iter().position(|f| f.name == name)
    }

    /// The name of the main family: what every text pnpkit draws is set in unless a template
    /// names another.
    pub fn main_family(&self) -> &str {
        &self.families[0].name
    }

    fn face(&self, style: Style) -> &'static Face {
        let family = self.families.get(style.family).unwrap_or(&self.families[0]);
        match style.weight {
            Weight::Bold => family.bold.unwrap_or(family.regular),
            Weight::Regular => family.regular,
        }
    }

    /// The embedded fallbacks at `weight`, in order: Noto Sans JP, then Noto Sans.
    fn fallbacks(&self, weight: Weight) -> impl Iterator<Item = &'static Face> + '_ {
        (self.families.len() - EMBEDDED..self.families.len()).map(move |family| self.face(Style { family, weight }))
    }

    /// The face that draws `c` in `style`: the style's own, else the first fallback that has it.
    fn face_for(&self, c: char, style: Style) -> Option<&'static Face> {
        let own = self.face(style);
        if own.has(c) {
            return Some(own);
        }
        self.fallbacks(style.weight).find(|f| f.has(c))
    }

    /// `text` cut into runs each drawn by one face (the style's own, else the fallback that has
    /// the character; a character no font has stays with the style's face): what a writer that
    /// draws glyphs itself, not through SVG, needs.
    pub(crate) fn face_runs<'t>(&self, text: &'t str, style: Style) -> Vec<(&'static Face, &'t str)> {
        let own = self.face(style);
        let mut runs: Vec<(&'static Face, &'t str)> = Vec::new();
        let mut start = 0;
        let mut current: Option<&'static Face> = None;
        for (at, c) in text.char_indices() {
            let face = self.face_for(c, style).unwrap_or(own);
            match current {
                Some(f) if std::ptr::eq(f, face) => {}
                Some(f) => {
                    runs.push((f, &text[start..at]));
                    start = at;
                    current = Some(face);
                }
                None => current = Some(face),
            }
        }
        if let Some(f) = current {
            runs.push((f, &text[start..]));
        }
        runs
    }

    /// The advance of `c` in em, from the style's face or else the first fallback that has it;
    /// `None` when no font has a glyph for it (it would be tofu).
    pub fn advance(&self, c: char, style: Style) -> Option<f64> {
        self.face(style).advance(c).or_else(|| self.fallbacks(style.weight).find_map(|f| f.advance(c)))
    }

    /// The width of `text` in em as drawn ([`Fonts::width_em`]), or `None` when it is certainly
    /// wider than `limit_em`, told from its nominal width without shaping it (a huge word costs
    /// only what reading up to that limit costs).
    pub(crate) fn width_em_within(&self, text: &str, style: Style, limit_em: f64) -> Option<f64> {
        let beyond = surely_wider_beyond(limit_em);
        let mut advances = Advances::new(self, style);
        let mut sum = 0.0;
        for c in text.chars() {
            sum += advances.nominal(c);
            if sum > beyond {
                return None;
            }
        }
        Some(self.width_em(text, style))
    }

    /// The width of `text` in em as drawn: shaped (kerning, ligatures) with the style's face,
    /// runs of characters it lacks shaped with Noto Sans JP, or Noto Sans (as usvg falls back);
    /// characters no font has count as 1 em.
    pub fn width_em(&self, text: &str, style: Style) -> f64 {
        if text.is_empty() {
            return 0.0;
        }
        let key = (text.len() <= CACHED_TEXT).then(|| (style, text.to_string()));
        if let Some(key) = &key {
            if let Some(w) = self.widths.lock().ok().and_then(|mut m| m.get(key)) {
                return w;
            }
        }
        self.count_work(text.len());
        let mut width = 0.0;
        let mut run = String::new();
        let mut run_face: Option<&Face> = None;
        for c in text.chars().filter(|c| !c.is_control()) {
            let Some(face) = self.face_for(c, style) else {
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
        if let Some(key) = key {
            if let Ok(mut m) = self.widths.lock() {
                m.insert(key, width);
            }
        }
        width
    }

    /// The outlines of `text` as drawn ([`Fonts::width_em`]'s runs and faces) at `size` drawing
    /// units per em from `origin` (the left end of its baseline), `tracking` em taken from each
    /// gap: SVG path data, for a text that must be drawn as shapes (one cut at a map tile's
    /// edge). A character no font has leaves a blank 1 em wide.
    pub(crate) fn outline(&self, text: &str, style: Style, size: f64, tracking: f64, origin: (f64, f64)) -> String {
        let mut path = String::new();
        let (mut x, y) = origin;
        let mut run = String::new();
        let mut run_face: Option<&Face> = None;
        let flush = |run: &mut String, face: Option<&Face>, x: &mut f64, path: &mut String| {
            if let Some(face) = face.filter(|_| !run.is_empty()) {
                *x += face.outline(run, size, tracking, (*x, y), path) - tracking * size;
            }
            run.clear();
        };
        for c in text.chars().filter(|c| !c.is_control()) {
            let Some(face) = self.face_for(c, style) else {
                flush(&mut run, run_face, &mut x, &mut path);
                run_face = None;
                x += size - tracking * size;
                continue;
            };
            if run_face.is_some_and(|f| !std::ptr::eq(f, face)) {
                flush(&mut run, run_face, &mut x, &mut path);
            }
            run_face = Some(face);
            run.push(c);
        }
        flush(&mut run, run_face, &mut x, &mut path);
        path
    }

    /// Characters of `text` no font can draw.
    pub fn missing(&self, text: &str, style: Style) -> Vec<char> {
        let mut advances = Advances::new(self, style);
        let mut out: Vec<char> = text.chars().filter(|c| !c.is_whitespace() && advances.of(*c).is_none()).collect();
        out.dedup();
        out
    }

    /// Every font file, main family first, for renderers (usvg's font database): the bytes
    /// themselves, shared, not copies.
    pub(crate) fn files(&self) -> Vec<&'static [u8]> {
        self.families.iter().flat_map(|f| std::iter::once(f.regular).chain(f.bold)).map(Face::bytes).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_width_characters_are_one_em_and_latin_is_narrower() {
        let fonts = Fonts::embedded();
        let (regular, bold) = (Style::main(Weight::Regular), Style::main(Weight::Bold));
        assert_eq!(fonts.advance('ダ', regular), Some(1.0));
        assert_eq!(fonts.width_em("クラブガンナー", regular), 7.0);
        let i = fonts.advance('i', regular).unwrap();
        assert!(i > 0.1 && i < 0.5, "{i}");
        assert!(fonts.width_em("Bold", bold) > fonts.width_em("Bold", regular) * 0.99);
    }

    #[test]
    fn reports_characters_without_a_glyph() {
        let fonts = Fonts::embedded();
        let regular = Style::main(Weight::Regular);
        assert!(fonts.missing("解放軍 Liberation", regular).is_empty());
        assert_eq!(fonts.missing("a\u{E000}b", regular), vec!['\u{E000}']);
    }

    /// A face of its own, not shared with other tests (which may parse the shared ones).
    fn fresh(bytes: &'static [u8]) -> &'static Face {
        Box::leak(Box::new(Face::new(bytes)))
    }

    #[test]
    fn a_pack_family_is_the_main_one_and_falls_back_to_the_embedded_font() {
        let mut fonts = Fonts::embedded();
        // The bold face registered as a separate family stands in for a pack's own font.
        fonts.add_family("Pack Sans", fresh(BOLD), None);
        assert_eq!(fonts.main_family(), "Pack Sans");
        assert_eq!(fonts.family("Pack Sans"), Some(0));
        assert_eq!(fonts.family(FAMILY), Some(1));
        let style = Style::main(Weight::Regular);
        assert_eq!(fonts.advance('ダ', style), Some(1.0));
        let noto = Style { family: 1, weight: Weight::Regular };
        assert!(fonts.width_em("Bold", style) > fonts.width_em("Bold", noto));
        assert_eq!(fonts.files(), [BOLD, REGULAR, BOLD, LATIN_REGULAR, LATIN_BOLD]);
    }

    #[test]
    fn what_noto_sans_jp_lacks_comes_from_noto_sans_and_the_rest_is_unchanged() {
        let fonts = Fonts::embedded();
        let (regular, bold) = (Style::main(Weight::Regular), Style::main(Weight::Bold));
        // Turkish, accented Greek and Ukrainian letters Noto Sans JP has no glyph for.
        for text in ["Şişli", "Ἀθῆναι ά", "Київ ґ", "ŁĄĘ ő ű"] {
            assert!(fonts.missing(text, regular).is_empty(), "{text}: {:?}", fonts.missing(text, regular));
            assert!(fonts.missing(text, bold).is_empty(), "{text} in bold");
            assert!(fonts.width_em(text, regular) > 0.0);
        }
        assert_eq!(fonts.family(LATIN_FAMILY), Some(1));
        // A character both have is still measured with Noto Sans JP, as before.
        let jp = Style { family: 0, weight: Weight::Regular };
        assert_eq!(fonts.width_em("Liberation", regular), fonts.width_em("Liberation", jp));
    }

    #[test]
    fn faces_are_parsed_only_when_measured_with() {
        let (regular, bold) = (fresh(REGULAR), fresh(BOLD));
        let fonts = Fonts::noto(regular, bold);
        assert!(!regular.is_parsed() && !bold.is_parsed(), "nothing is parsed before it is measured");
        assert!(fonts.width_em("クラブガンナー", Style::main(Weight::Regular)) > 0.0);
        assert!(regular.is_parsed());
        assert!(!bold.is_parsed(), "a build that draws no bold text never parses the bold face");
        assert!(fonts.missing("解放軍", Style::main(Weight::Regular)).is_empty());
        assert!(!bold.is_parsed());
        assert!(fonts.width_em("Bold", Style::main(Weight::Bold)) > 0.0);
        assert!(bold.is_parsed());
    }

    #[test]
    fn the_embedded_font_is_parsed_only_for_characters_the_pack_font_lacks() {
        let (noto_regular, noto_bold) = (fresh(REGULAR), fresh(BOLD));
        let mut fonts = Fonts::noto(noto_regular, noto_bold);
        fonts.add_family("Pack Sans", fresh(BOLD), None);
        let style = Style::main(Weight::Regular);
        assert!(fonts.width_em("ダグラム Dougram", style) > 0.0);
        assert!(fonts.missing("ダグラム", style).is_empty());
        assert!(!noto_regular.is_parsed() && !noto_bold.is_parsed(), "the pack font has every character");
        // A character the pack font lacks is looked up in Noto Sans JP, which is parsed then.
        assert_eq!(fonts.missing("\u{E000}", style), vec!['\u{E000}']);
        assert!(noto_regular.is_parsed() && !noto_bold.is_parsed());
    }

    #[test]
    fn a_file_that_is_not_a_font_is_refused_and_never_measures() {
        assert!(Face::check(b"not a font").is_err());
        assert!(Face::check(REGULAR).is_ok());
        let mut fonts = Fonts::embedded();
        fonts.add_family("Broken", fresh(b"not a font"), None);
        // Every character falls back to Noto Sans JP.
        let style = Style::main(Weight::Regular);
        assert_eq!(fonts.width_em("ダ", style), 1.0);
        assert_eq!(fonts.advance('ダ', style), Some(1.0));
    }

    #[test]
    fn long_texts_are_measured_without_being_kept() {
        let fonts = Fonts::embedded();
        let style = Style::main(Weight::Regular);
        let long = "長".repeat(CACHED_TEXT);
        assert_eq!(fonts.width_em(&long, style), CACHED_TEXT as f64);
        assert_eq!(fonts.width_em("長い", style), 2.0);
        let cache = fonts.widths.lock().unwrap();
        assert_eq!(cache.recent.len(), 1, "only the short text is kept");
        assert_eq!(cache.bytes, "長い".len() + CACHE_ENTRY);
    }

    #[test]
    fn the_width_cache_keeps_two_generations_and_no_more() {
        let mut cache = WidthCache::default();
        let key = |i: usize| (Style::main(Weight::Regular), format!("{i:0>100}"));
        let per_generation = CACHE_BYTES / (100 + CACHE_ENTRY);
        for i in 0..=per_generation {
            cache.insert(key(i), i as f64);
        }
        assert_eq!((cache.older.len(), cache.recent.len()), (per_generation, 1), "the last insert rolled over");
        assert_eq!(cache.get(&key(7)), Some(7.0), "the older generation still answers");
        assert!(!cache.older.contains_key(&key(7)) && cache.recent.contains_key(&key(7)), "and its entry moves up");
        for i in per_generation + 1..3 * per_generation {
            cache.insert(key(i), 0.0);
        }
        assert_eq!(cache.get(&key(1)), None, "two generations on, an entry is gone");
        assert!(cache.recent.len() + cache.older.len() <= 2 * per_generation);
    }

    #[test]
    fn a_text_far_wider_than_a_limit_is_told_so_without_being_shaped() {
        let fonts = Fonts::embedded();
        let style = Style::main(Weight::Regular);
        assert_eq!(fonts.width_em_within("クラブガンナー", style, 7.0), Some(7.0));
        assert_eq!(fonts.width_em_within("クラブガンナー", style, 3.0), Some(7.0), "shaped: not far wider");
        let word = "w".repeat(2_000_000);
        assert_eq!(fonts.width_em_within(&word, style, 30.0), None);
        assert!(fonts.work() < 1_000, "{}", fonts.work());
    }

    /// The x and y ranges a path's points span.
    fn span_of(path: &str) -> ((f64, f64), (f64, f64)) {
        let numbers: Vec<f64> =
            path.split(|c: char| c.is_ascii_alphabetic() || c == ' ').filter_map(|n| n.parse().ok()).collect();
        let range = |v: Vec<f64>| v.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &x| (lo.min(x), hi.max(x)));
        (
            range(numbers.iter().step_by(2).copied().collect()),
            range(numbers.iter().skip(1).step_by(2).copied().collect()),
        )
    }

    #[test]
    fn outlines_lie_where_the_text_is_measured_and_drawn() {
        let fonts = Fonts::embedded();
        for (text, weight) in [("Cardinal 20·68", Weight::Regular), ("カラム1〜6 (ルール5.1)", Weight::Bold)] {
            let style = Style::main(weight);
            let (size, origin) = (4.0, (10.0, 30.0));
            let path = fonts.outline(text, style, size, 0.0, origin);
            assert!(path.starts_with('M') && path.ends_with('Z'), "{path}");
            let ((x0, x1), (y0, y1)) = span_of(&path);
            let width = fonts.width_em(text, style) * size;
            // Ink starts at the first glyph's side bearing and ends within the last one's advance.
            assert!(x0 >= origin.0 && x0 < origin.0 + 0.1 * size, "{text}: ink starts at {x0}");
            assert!(
                x1 <= origin.0 + width && x1 > origin.0 + width - 0.2 * size,
                "{text}: ink ends at {x1} of {width}"
            );
            // Above the baseline by at most the ascent, below it by at most the descent.
            assert!(y0 >= origin.1 - 1.16 * size && y0 < origin.1 - 0.5 * size, "{text}: top {y0}");
            assert!(y1 <= origin.1 + 0.29 * size, "{text}: bottom {y1}");
            // Tracking draws the same glyphs closer together.
            let tight = fonts.outline(text, style, size, 0.05, origin);
            let gaps = (text.chars().count() - 1) as f64;
            let ((_, t1), _) = span_of(&tight);
            assert!((x1 - t1 - 0.05 * size * gaps).abs() < 0.01, "{text}: tracked end {t1} against {x1}");
        }
        // A character no font has leaves its place blank, the rest still drawn after it.
        let with_gap = fonts.outline("a\u{E000}b", Style::main(Weight::Regular), 4.0, 0.0, (0.0, 10.0));
        let ((_, end), _) = span_of(&with_gap);
        assert!(end > 4.0, "{with_gap}");
    }
}
