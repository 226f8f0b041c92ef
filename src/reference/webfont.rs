//! The web font of the rules reference: the pack's font cut down to the characters the page shows
//! and embedded as a WOFF `data:` URL, so the page shows Japanese on a machine with no Japanese
//! font.
//!
//! `subsetter` keeps the glyphs (with their components), metrics, `name` and `head`, but drops
//! `cmap` and `OS/2`, which browsers need (Chrome's font sanitizer rejects a font without them):
//! this module writes a `cmap` (format 4, and format 12 beyond the BMP) for the kept characters,
//! copies `OS/2`, writes `post` version 3 (no glyph names), and assembles the font with its table
//! checksums and `head.checkSumAdjustment`, then wraps it as WOFF 1.0 (each table zlib-compressed).

use std::collections::{BTreeMap, BTreeSet};

use base64::Engine;
use ttf_parser::Tag;

use crate::diag::{Code, Diagnostic};
use crate::model::Pack;
use crate::text::{BOLD, FAMILY, REGULAR};

/// The `@font-face` rules to put in the page's stylesheet and the families to put first in its
/// `font-family` (each followed by `, `).
pub(crate) struct WebFonts {
    /// `@font-face { … }` rules, one per face.
    pub css: String,
    /// `"pnpkit Noto Sans JP", ` and so on, ending with the main family's own name (a font of
    /// that name installed on the reader's machine draws what the embedded ones lack).
    pub families: String,
}

/// A family to embed: its name and the bytes of its faces.
struct Source {
    name: String,
    regular: &'static [u8],
    bold: Option<&'static [u8]>,
}

/// The web fonts for a page showing `chars`: the pack's own font (the first of `[print] fonts`)
/// for the characters it has, then Noto Sans JP for the rest, as pnpkit prints them. Characters
/// neither has are left to the browser's fallbacks.
pub(crate) fn for_page(pack: &Pack, chars: &BTreeSet<char>) -> Result<WebFonts, Diagnostic> {
    let mut sources = Vec::new();
    if let Some(font) = pack.print.fonts.first() {
        // The file the build measures and draws with, read once per process and shared.
        let read = |path: &std::path::Path| {
            crate::render::pack_face(path).map(|face| face.bytes()).map_err(|why| {
                Diagnostic::error(why.code, format!("font family `{}`: {why}", font.family)).at(&font.span)
            })
        };
        let bold = font.bold.as_deref().map(read).transpose()?;
        sources.push(Source { name: font.family.clone(), regular: read(&font.regular)?, bold });
    }
    sources.push(Source { name: FAMILY.into(), regular: REGULAR, bold: Some(BOLD) });
    let mut left = chars.clone();
    let mut out = WebFonts { css: String::new(), families: String::new() };
    for source in &sources {
        if left.is_empty() {
            // The fonts before have every character: Noto Sans JP is not even looked at.
            break;
        }
        let failed = |e: String| {
            let d = Diagnostic::error(Code::BAD_VALUE, format!("font family `{}`: {e}", source.name));
            match pack.print.fonts.iter().find(|f| f.family == source.name) {
                Some(f) => d.at(&f.span),
                None => d,
            }
        };
        let covered = covered(source.regular, &left).map_err(failed)?;
        if covered.is_empty() {
            continue;
        }
        left.retain(|c| !covered.contains(c));
        let family = format!("pnpkit {}", css_name(&source.name));
        out.families.push_str(&format!("\"{family}\", "));
        let faces = std::iter::once((400, &source.regular)).chain(source.bold.iter().map(|b| (700, b)));
        for (weight, bytes) in faces {
            let woff = woff(&subset(bytes, &covered).map_err(failed)?).map_err(failed)?;
            let data = base64::engine::general_purpose::STANDARD.encode(woff);
            out.css.push_str(&format!(
                "@font-face {{ font-family: \"{family}\"; font-weight: {weight}; font-style: normal; font-display: block; src: url(data:font/woff;base64,{data}) format(\"woff\"); }}\n"
            ));
        }
    }
    let main = crate::render::main_family(pack);
    out.families.push_str(&format!("\"{}\", ", css_name(main)));
    Ok(out)
}

/// A family name safe inside a CSS string in a `<style>` element.
fn css_name(name: &str) -> String {
    name.chars().filter(|c| !matches!(c, '"' | '\\' | '<' | '>' | '&') && !c.is_control()).collect()
}

/// The characters of `chars` the font has a glyph for.
fn covered(font: &[u8], chars: &BTreeSet<char>) -> Result<BTreeSet<char>, String> {
    let face = ttf_parser::Face::parse(font, 0).map_err(|e| format!("not a usable font: {e}"))?;
    Ok(chars.iter().copied().filter(|&c| face.glyph_index(c).is_some_and(|g| g.0 != 0)).collect())
}

/// The font cut down to `chars` (those it has), as an sfnt with a `cmap` for exactly them.
pub(crate) fn subset(font: &[u8], chars: &BTreeSet<char>) -> Result<Vec<u8>, String> {
    let face = ttf_parser::Face::parse(font, 0).map_err(|e| format!("not a usable font: {e}"))?;
    let mut remapper = subsetter::GlyphRemapper::new();
    let mut old: Vec<(u32, u16)> = Vec::new();
    for &c in chars {
        if let Some(g) = face.glyph_index(c).filter(|g| g.0 != 0) {
            remapper.remap(g.0);
            old.push((c as u32, g.0));
        }
    }
    let cut = subsetter::subset(font, 0, &remapper).map_err(|e| format!("cannot cut the font down: {e}"))?;
    // The subsetter only adds the components of composite glyphs after the ones asked for, so
    // the mapping of those is the same in its copy of the remapper.
    let mapping: Vec<(u32, u16)> = old.iter().filter_map(|&(cp, g)| remapper.get(g).map(|new| (cp, new))).collect();
    let mut tables = tables_of(&cut)?;
    tables.retain(|tag, _| *tag != Tag::from_bytes(b"post"));
    let raw = ttf_parser::RawFace::parse(font, 0).map_err(|e| format!("not a usable font: {e}"))?;
    let os2 = raw.table(Tag::from_bytes(b"OS/2")).ok_or("the font has no OS/2 table")?;
    tables.insert(Tag::from_bytes(b"OS/2"), os2_for(os2, &mapping));
    let post = raw.table(Tag::from_bytes(b"post")).ok_or("the font has no post table")?;
    tables.insert(Tag::from_bytes(b"post"), post_v3(post)?);
    tables.insert(Tag::from_bytes(b"cmap"), cmap(&mapping));
    let version = cut.get(..4).ok_or("the subset is empty")?;
    Ok(sfnt(version, &tables))
}

/// The tables of an sfnt by tag.
fn tables_of(font: &[u8]) -> Result<BTreeMap<Tag, Vec<u8>>, String> {
    let raw = ttf_parser::RawFace::parse(font, 0).map_err(|e| format!("unreadable subset: {e}"))?;
    Ok(raw.table_records.into_iter().filter_map(|r| raw.table(r.tag).map(|d| (r.tag, d.to_vec()))).collect())
}

/// OS/2 with the first and last character of the subset.
fn os2_for(os2: &[u8], mapping: &[(u32, u16)]) -> Vec<u8> {
    let mut os2 = os2.to_vec();
    let bmp = |cp: u32| cp.min(0xFFFF) as u16;
    if let (Some(first), Some(last), Some(field)) = (mapping.first(), mapping.last(), os2.get_mut(64..68)) {
        field[..2].copy_from_slice(&bmp(first.0).to_be_bytes());
        field[2..].copy_from_slice(&bmp(last.0).to_be_bytes());
    }
    os2
}

/// `post` version 3: the font's metrics for underlines and fixed pitch, no glyph names.
fn post_v3(post: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = post.get(..32).ok_or("the font's post table is too short")?.to_vec();
    out[..4].copy_from_slice(&0x0003_0000u32.to_be_bytes());
    Ok(out)
}

/// A `cmap` for `mapping` (characters in ascending order and their glyphs): format 4 for the
/// BMP when it fits, format 12 when a character lies beyond the BMP or format 4 cannot hold them.
fn cmap(mapping: &[(u32, u16)]) -> Vec<u8> {
    // Runs of consecutive characters on consecutive glyphs.
    let mut runs: Vec<(u32, u32, u16)> = Vec::new();
    for &(cp, g) in mapping {
        match runs.last_mut() {
            Some((start, end, first)) if cp == *end + 1 && u32::from(g) == u32::from(*first) + (cp - *start) => {
                *end = cp
            }
            _ => runs.push((cp, cp, g)),
        }
    }
    let bmp: Vec<(u32, u32, u16)> = runs.iter().copied().filter(|r| r.1 < 0xFFFF).collect();
    let format4 = format4(&bmp);
    let needs12 = format4.is_none() || bmp.len() < runs.len();
    let mut subtables: Vec<((u16, u16), Vec<u8>)> = Vec::new();
    if let Some(f4) = format4 {
        subtables.push(((3, 1), f4));
    }
    if needs12 {
        subtables.push(((3, 10), format12(&runs)));
    }
    let mut out = Vec::new();
    put16(&mut out, 0);
    put16(&mut out, subtables.len() as u16);
    let mut offset = 4 + 8 * subtables.len() as u32;
    for ((platform, encoding), data) in &subtables {
        put16(&mut out, *platform);
        put16(&mut out, *encoding);
        put32(&mut out, offset);
        offset += data.len() as u32;
    }
    for (_, data) in subtables {
        out.extend(data);
    }
    out
}

/// Format 4: one segment per run (mapped by its delta), and the closing 0xFFFF segment; `None`
/// when the segments do not fit its 16-bit length.
fn format4(runs: &[(u32, u32, u16)]) -> Option<Vec<u8>> {
    let mut segments: Vec<(u16, u16, u16)> =
        runs.iter().map(|&(s, e, g)| (s as u16, e as u16, g.wrapping_sub(s as u16))).collect();
    segments.push((0xFFFF, 0xFFFF, 1));
    let count = segments.len();
    let length = u16::try_from(16 + 8 * count).ok()?;
    let selector = count.ilog2() as u16;
    let search = 2 * (1u16 << selector);
    let mut out = Vec::with_capacity(usize::from(length));
    for v in [4, length, 0, 2 * count as u16, search, selector, 2 * count as u16 - search] {
        put16(&mut out, v);
    }
    segments.iter().for_each(|s| put16(&mut out, s.1));
    put16(&mut out, 0);
    segments.iter().for_each(|s| put16(&mut out, s.0));
    segments.iter().for_each(|s| put16(&mut out, s.2));
    segments.iter().for_each(|_| put16(&mut out, 0));
    Some(out)
}

/// Format 12: one group per run.
fn format12(runs: &[(u32, u32, u16)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(16 + 12 * runs.len());
    put16(&mut out, 12);
    put16(&mut out, 0);
    put32(&mut out, 16 + 12 * runs.len() as u32);
    put32(&mut out, 0);
    put32(&mut out, runs.len() as u32);
    for &(start, end, glyph) in runs {
        put32(&mut out, start);
        put32(&mut out, end);
        put32(&mut out, u32::from(glyph));
    }
    out
}

fn put16(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_be_bytes());
}

fn put32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_be_bytes());
}

/// The sum of the big-endian 32-bit words of `data`, padded with zeros.
fn checksum(data: &[u8]) -> u32 {
    data.chunks(4).fold(0u32, |sum, chunk| {
        let mut word = [0u8; 4];
        word[..chunk.len()].copy_from_slice(chunk);
        sum.wrapping_add(u32::from_be_bytes(word))
    })
}

/// An sfnt of `tables` (in tag order, each padded to 4 bytes) with their checksums, and
/// `head.checkSumAdjustment` set so the whole file sums to 0xB1B0AFBA.
fn sfnt(version: &[u8], tables: &BTreeMap<Tag, Vec<u8>>) -> Vec<u8> {
    let count = tables.len() as u16;
    let selector = if count == 0 { 0 } else { count.ilog2() as u16 };
    let search = 16 * (1u16 << selector);
    let mut out = version.to_vec();
    for v in [count, search, selector, count * 16 - search] {
        put16(&mut out, v);
    }
    let mut offset = 12 + 16 * tables.len();
    let mut head_at = None;
    let mut body = Vec::new();
    for (tag, data) in tables {
        let mut data = data.clone();
        if *tag == Tag::from_bytes(b"head") && data.len() >= 12 {
            data[8..12].fill(0);
            head_at = Some(offset + 8);
        }
        out.extend_from_slice(&tag.to_bytes());
        put32(&mut out, checksum(&data));
        put32(&mut out, offset as u32);
        put32(&mut out, data.len() as u32);
        let padded = data.len().div_ceil(4) * 4;
        body.extend_from_slice(&data);
        body.resize(body.len() + padded - data.len(), 0);
        offset += padded;
    }
    out.extend(body);
    if let Some(at) = head_at {
        let adjustment = 0xB1B0_AFBAu32.wrapping_sub(checksum(&out));
        out[at..at + 4].copy_from_slice(&adjustment.to_be_bytes());
    }
    out
}

/// The sfnt `font` as WOFF 1.0: each table zlib-compressed (or stored, when that is no smaller).
pub(crate) fn woff(font: &[u8]) -> Result<Vec<u8>, String> {
    let raw = ttf_parser::RawFace::parse(font, 0).map_err(|e| format!("unreadable subset: {e}"))?;
    let records: Vec<_> = raw.table_records.into_iter().collect();
    let mut directory = Vec::new();
    let mut body = Vec::new();
    let start = 44 + 20 * records.len();
    for r in &records {
        let data = raw.table(r.tag).ok_or("a table of the subset lies outside it")?;
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(data, 9);
        let stored = if packed.len() < data.len() { &packed[..] } else { data };
        directory.extend_from_slice(&r.tag.to_bytes());
        put32(&mut directory, (start + body.len()) as u32);
        put32(&mut directory, stored.len() as u32);
        put32(&mut directory, data.len() as u32);
        put32(&mut directory, r.check_sum);
        body.extend_from_slice(stored);
        body.resize(body.len().div_ceil(4) * 4, 0);
    }
    let total = start + body.len();
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(b"wOFF");
    out.extend_from_slice(font.get(..4).ok_or("the subset is empty")?);
    put32(&mut out, total as u32);
    put16(&mut out, records.len() as u16);
    put16(&mut out, 0);
    put32(&mut out, font.len().div_ceil(4) as u32 * 4);
    put16(&mut out, 1);
    put16(&mut out, 0);
    out.extend_from_slice(&[0; 20]);
    out.extend(directory);
    out.extend(body);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A glyph's outline as drawing commands, to compare glyphs across fonts.
    #[derive(Default)]
    struct Path(Vec<(char, Vec<f32>)>);

    impl ttf_parser::OutlineBuilder for Path {
        fn move_to(&mut self, x: f32, y: f32) {
            self.0.push(('M', vec![x, y]));
        }
        fn line_to(&mut self, x: f32, y: f32) {
            self.0.push(('L', vec![x, y]));
        }
        fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
            self.0.push(('Q', vec![x1, y1, x, y]));
        }
        fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
            self.0.push(('C', vec![x1, y1, x2, y2, x, y]));
        }
        fn close(&mut self) {
            self.0.push(('Z', vec![]));
        }
    }

    /// A glyph as drawn: outline, bounding box and advance.
    type Drawn = (Vec<(char, Vec<f32>)>, Option<ttf_parser::Rect>, Option<u16>);

    /// The glyph of `c` as drawn.
    fn glyph(face: &ttf_parser::Face, c: char) -> Option<Drawn> {
        let g = face.glyph_index(c)?;
        let mut path = Path::default();
        face.outline_glyph(g, &mut path);
        Some((path.0, face.glyph_bounding_box(g), face.glyph_hor_advance(g)))
    }

    // 𠮟 lies beyond the BMP; Å is a composite glyph in many fonts; ' ' has no outline.
    const KEPT: &str = "太陽の牙ダグラム Fang of the Sun Dougram 1.1 「」・ー（）ÅéŠ𠮟";

    #[test]
    fn a_subset_maps_exactly_its_characters_to_the_original_glyphs() {
        let chars: BTreeSet<char> = KEPT.chars().collect();
        let sub = subset(REGULAR, &chars).unwrap();
        let (original, cut) = (ttf_parser::Face::parse(REGULAR, 0).unwrap(), ttf_parser::Face::parse(&sub, 0).unwrap());
        for c in chars.iter().copied().filter(|&c| original.glyph_index(c).is_some()) {
            assert!(cut.glyph_index(c).is_some(), "{c:?} is not in the subset's cmap");
            assert_eq!(glyph(&cut, c), glyph(&original, c), "{c:?} is drawn differently");
        }
        assert!(original.glyph_index('𠮟').is_some(), "the test wants a character beyond the BMP");
        let beyond_bmp =
            (0x2_0000..0x3_0000).filter_map(char::from_u32).find(|&c| c != '𠮟' && original.glyph_index(c).is_some());
        for c in ['x', '漢', 'ア'].into_iter().chain(beyond_bmp) {
            assert!(original.glyph_index(c).is_some());
            assert_eq!(cut.glyph_index(c), None, "{c:?} was not asked for");
        }
        assert!(cut.number_of_glyphs() < 100, "{}", cut.number_of_glyphs());
        assert!(sub.len() < 40_000, "{} bytes", sub.len());
    }

    #[test]
    fn a_subset_has_the_tables_browsers_require_with_right_checksums() {
        let sub = subset(REGULAR, &"ダグラム abc".chars().collect()).unwrap();
        let raw = ttf_parser::RawFace::parse(&sub, 0).unwrap();
        let tags: Vec<[u8; 4]> = raw.table_records.into_iter().map(|r| r.tag.to_bytes()).collect();
        for required in [b"cmap", b"head", b"hhea", b"hmtx", b"maxp", b"name", b"OS/2", b"post", b"glyf", b"loca"] {
            assert!(tags.contains(required), "no {}", String::from_utf8_lossy(required));
        }
        let mut sorted = tags.clone();
        sorted.sort();
        assert_eq!(tags, sorted, "tables are in tag order");
        for r in raw.table_records {
            let mut data = raw.table(r.tag).unwrap().to_vec();
            assert_eq!(r.offset % 4, 0);
            if &r.tag.to_bytes() == b"head" {
                data[8..12].fill(0);
            }
            assert_eq!(checksum(&data), r.check_sum, "{}", r.tag);
        }
        assert_eq!(checksum(&sub), 0xB1B0_AFBA, "head.checkSumAdjustment");
        let post = raw.table(Tag::from_bytes(b"post")).unwrap();
        assert_eq!(&post[..4], &[0, 3, 0, 0]);
        let os2 = raw.table(Tag::from_bytes(b"OS/2")).unwrap();
        assert_eq!((&os2[64..66], &os2[66..68]), (&[0, 0x20][..], &[0x30, 0xE9][..]), "first ' ', last 'ラ'");
        let face = ttf_parser::Face::parse(&sub, 0).unwrap();
        assert_eq!(
            face.names().into_iter().find(|n| n.name_id == 1).and_then(|n| n.to_string()).as_deref(),
            Some("Noto Sans JP")
        );
    }

    #[test]
    fn cmap_falls_back_to_format_12_when_format_4_cannot_hold_the_segments() {
        // Every other character: one segment each, more than format 4's 16-bit length allows.
        let mapping: Vec<(u32, u16)> = (0..9000u16).map(|i| (0x4E00 + 2 * u32::from(i), i + 1)).collect();
        let table = cmap(&mapping);
        let cmap = ttf_parser::cmap::Table::parse(&table).unwrap();
        let subtables: Vec<_> = cmap.subtables.into_iter().collect();
        assert_eq!(subtables.len(), 1);
        assert!(matches!(subtables[0].format, ttf_parser::cmap::Format::SegmentedCoverage(_)));
        assert_eq!(subtables[0].glyph_index(0x4E00 + 2 * 8999), Some(ttf_parser::GlyphId(9000)));
        assert_eq!(subtables[0].glyph_index(0x4E01), None);
        let small = cmap_table_formats(&[(0x41, 1), (0x42, 2), (0x44, 3)]);
        assert_eq!(small, vec![4]);
    }

    fn cmap_table_formats(mapping: &[(u32, u16)]) -> Vec<u16> {
        let table = cmap(mapping);
        let cmap = ttf_parser::cmap::Table::parse(&table).unwrap();
        cmap.subtables
            .into_iter()
            .map(|s| {
                for &(cp, g) in mapping {
                    assert_eq!(s.glyph_index(cp), Some(ttf_parser::GlyphId(g)));
                }
                assert_eq!(s.glyph_index(0x43), None);
                match s.format {
                    ttf_parser::cmap::Format::SegmentMappingToDeltaValues(_) => 4,
                    ttf_parser::cmap::Format::SegmentedCoverage(_) => 12,
                    _ => 0,
                }
            })
            .collect()
    }

    #[test]
    fn woff_holds_the_same_tables_compressed() {
        let sub = subset(REGULAR, &KEPT.chars().collect()).unwrap();
        let woff = woff(&sub).unwrap();
        assert_eq!(&woff[..4], b"wOFF");
        assert_eq!(u32::from_be_bytes(woff[8..12].try_into().unwrap()) as usize, woff.len());
        assert!(woff.len() < sub.len() * 3 / 4, "{} of {}", woff.len(), sub.len());
        let raw = ttf_parser::RawFace::parse(&sub, 0).unwrap();
        let count = usize::from(u16::from_be_bytes([woff[12], woff[13]]));
        assert_eq!(count, raw.table_records.len() as usize);
        for (i, r) in raw.table_records.into_iter().enumerate() {
            let entry = &woff[44 + 20 * i..64 + 20 * i];
            let word = |at: usize| u32::from_be_bytes(entry[at..at + 4].try_into().unwrap()) as usize;
            assert_eq!(&entry[..4], &r.tag.to_bytes());
            let stored = &woff[word(4)..word(4) + word(8)];
            let data = if word(8) < word(12) {
                miniz_oxide::inflate::decompress_to_vec_zlib(stored).unwrap()
            } else {
                stored.to_vec()
            };
            assert_eq!(data, raw.table(r.tag).unwrap(), "{}", r.tag);
            assert_eq!(word(16) as u32, r.check_sum);
        }
    }
}
