//! Parsing our SVG pages once for both writers (PDF and PNG), with the build's fonts.

use std::sync::Arc;

use resvg::usvg::fontdb;

use crate::render::templates::images::{self, Kind, TooLarge};
use crate::text::Fonts;

/// usvg settings with pnpkit's fonts, made once per build.
pub struct SvgParser {
    options: resvg::usvg::Options<'static>,
}

impl std::fmt::Debug for SvgParser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SvgParser")
    }
}

/// A page or face that could not be parsed (a template produced invalid SVG).
#[derive(Debug)]
pub struct SvgError(pub String);

impl SvgParser {
    /// A parser that resolves font families to the build's fonts (the pack's and the embedded
    /// Noto Sans JP), and nothing else (no system fonts: output must not depend on the machine).
    /// Text naming no family is set in the main one.
    ///
    /// Images are drawn only from data URLs: a parser that may read image files is
    /// [`SvgParser::for_pack`].
    pub fn new(fonts: &Fonts) -> SvgParser {
        SvgParser::with_images(fonts, None)
    }

    /// A parser for a pack's pages: an `<image>` may also name a file inside `pack` (relative to
    /// it; a symlink is followed only while it stays inside). Anything else (an absolute path,
    /// `../`, a link out of the pack) is not read: the image is left out. Templates report such
    /// hrefs as errors before a page gets here. Every image, file or data URL, is left out as
    /// well when it is larger than pnpkit draws ([`images::MAX_PIXELS`], [`images::MAX_BYTES`]).
    pub fn for_pack(fonts: &Fonts, pack: &std::path::Path) -> SvgParser {
        SvgParser::with_images(fonts, Some(pack.to_path_buf()))
    }

    fn with_images(fonts: &Fonts, pack: Option<std::path::PathBuf>) -> SvgParser {
        let mut db = fontdb::Database::new();
        for bytes in fonts.files() {
            // The file's bytes themselves, shared: nothing is copied (usvg reads them when it
            // shapes with the face).
            db.load_font_source(fontdb::Source::Binary(Arc::new(bytes)));
        }
        // A generic family (`sans-serif` in an icon someone drew) and, through usvg's last
        // resort (serif), a family no font has are set in the pack's main font, not left out.
        let main = fonts.main_family().to_string();
        db.set_serif_family(main.clone());
        db.set_sans_serif_family(main.clone());
        db.set_monospace_family(main.clone());
        db.set_cursive_family(main.clone());
        db.set_fantasy_family(main);
        // Both resolvers measure an image before usvg keeps it (render::images): one over the
        // budget is left out, never decoded, so no page can ask the decoders for gigabytes.
        // Templates report such images (E0135) before a page gets here.
        let resolve_string: resvg::usvg::ImageHrefStringResolverFn<'static> =
            Box::new(move |href: &str, options: &resvg::usvg::Options| {
                let real = crate::load::confine::resolve(pack.as_deref()?, href).ok()?;
                let bytes = Arc::new(images::read(&real).ok()?);
                image_kind(images::examine_file(&real, &bytes), &bytes, options)
            });
        let image_href_resolver = resvg::usvg::ImageHrefResolver {
            resolve_data: Box::new(|mime: &str, bytes: Arc<Vec<u8>>, options: &resvg::usvg::Options| {
                image_kind(images::examine(mime, &bytes), &bytes, options)
            }),
            resolve_string,
        };
        let options = resvg::usvg::Options {
            font_family: fonts.main_family().to_string(),
            font_resolver: resvg::usvg::FontResolver { select_fallback: fallback(), ..Default::default() },
            fontdb: Arc::new(db),
            resources_dir: None,
            image_href_resolver,
            ..Default::default()
        };
        SvgParser { options }
    }

    /// Parses one SVG document.
    pub fn parse(&self, svg: &str) -> Result<resvg::usvg::Tree, SvgError> {
        let nodes = nodes(svg);
        if nodes > MAX_NODES {
            return Err(SvgError(format!(
                "the drawing holds up to {nodes} elements, more than the {MAX_NODES} one page may hold"
            )));
        }
        resvg::usvg::Tree::from_str(svg, &self.options).map_err(|e| SvgError(e.to_string()))
    }
}

/// The most nodes usvg makes of one document: it refuses more (a guard of its own).
pub const MAX_NODES: usize = 1_000_000;

/// An upper bound of the nodes usvg makes of `svg`, in one pass over its bytes: every start tag
/// is an element, and every run of text between two tags may be a text node.
pub fn nodes(svg: &str) -> usize {
    let bytes = svg.as_bytes();
    let starts = bytes.windows(2).filter(|w| w[0] == b'<' && !matches!(w[1], b'/' | b'!' | b'?')).count();
    let texts = bytes.windows(2).filter(|w| w[0] == b'>' && !w[1].is_ascii_whitespace() && w[1] != b'<').count();
    starts + texts
}

/// What usvg keeps of an image examined by [`images`]: nothing when it is too large (or not an
/// image usvg draws), else what usvg's own resolvers would keep.
fn image_kind(
    examined: Result<Kind<'_>, TooLarge>,
    bytes: &Arc<Vec<u8>>,
    options: &resvg::usvg::Options,
) -> Option<resvg::usvg::ImageKind> {
    use resvg::usvg::ImageKind;
    match examined.ok()? {
        Kind::Raster("image/png") => Some(ImageKind::PNG(bytes.clone())),
        Kind::Raster("image/jpeg") => Some(ImageKind::JPEG(bytes.clone())),
        Kind::Raster("image/gif") => Some(ImageKind::GIF(bytes.clone())),
        Kind::Raster(_) => Some(ImageKind::WEBP(bytes.clone())),
        // Already unpacked when it was compressed, within the budget.
        Kind::Svg(text) => resvg::usvg::Tree::from_data_nested(&text, options).ok().map(ImageKind::SVG),
        Kind::Other => None,
    }
}

/// Picks the font for a character the chosen one lacks: the first face (main family first, Noto
/// Sans JP last) that has it, of the same weight if one has it, as [`Fonts`] measures it.
fn fallback() -> resvg::usvg::FallbackSelectionFn<'static> {
    Box::new(|c, used, db| {
        let weight = db.face(*used.first()?)?.weight;
        let has = |id| {
            db.with_face_data(id, |data, index| ttf_parser::Face::parse(data, index).ok()?.glyph_index(c))
                .flatten()
                .is_some()
        };
        let mut other = None;
        for face in db.faces().filter(|f| !used.contains(&f.id) && has(f.id)) {
            if face.weight == weight {
                return Some(face.id);
            }
            other = other.or(Some(face.id));
        }
        other
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;

    /// A real PNG of `w` × `h` black pixels.
    fn png(w: u32, h: u32) -> Vec<u8> {
        let mut out = Vec::new();
        let mut encoder = ::png::Encoder::new(&mut out, w, h);
        encoder.set_color(::png::ColorType::Grayscale);
        let mut writer = encoder.write_header().unwrap();
        writer.write_image_data(&vec![0; (w * h) as usize]).unwrap();
        writer.finish().unwrap();
        out
    }

    /// The first 33 bytes of a PNG (signature and IHDR) with the header's size set to `w` × `h`.
    fn png_header(w: u32, h: u32) -> Vec<u8> {
        let mut out = png(1, 1)[..33].to_vec();
        out[16..20].copy_from_slice(&w.to_be_bytes());
        out[20..24].copy_from_slice(&h.to_be_bytes());
        out
    }

    fn images_in(tree: &resvg::usvg::Tree) -> usize {
        fn count(group: &resvg::usvg::Group) -> usize {
            group
                .children()
                .iter()
                .map(|node| match node {
                    resvg::usvg::Node::Image(_) => 1,
                    resvg::usvg::Node::Group(g) => count(g),
                    _ => 0,
                })
                .sum()
        }
        count(tree.root())
    }

    fn page(href: &str) -> String {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image width="10" height="10" href="{href}"/></svg>"#
        )
    }

    #[test]
    fn the_resolver_leaves_out_an_image_over_the_budget_and_keeps_one_within_it() {
        let fonts = Fonts::embedded();
        let dir = std::env::temp_dir().join(format!("pnpkit-svgdoc-images-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let parser = SvgParser::for_pack(&fonts, &dir);
        let data =
            |bytes: &[u8]| format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(bytes));
        // Within the budget: drawn, from a file and from a data URL.
        std::fs::write(dir.join("small.png"), png(4, 4)).unwrap();
        assert_eq!(images_in(&parser.parse(&page("small.png")).unwrap()), 1);
        assert_eq!(images_in(&parser.parse(&page(&data(&png(4, 4)))).unwrap()), 1);
        // 60000 × 60000 pixels in 33 bytes: left out, so neither resvg nor krilla decodes it.
        std::fs::write(dir.join("huge.png"), png_header(60000, 60000)).unwrap();
        assert_eq!(images_in(&parser.parse(&page("huge.png")).unwrap()), 0);
        assert_eq!(images_in(&parser.parse(&page(&data(&png_header(60000, 60000)))).unwrap()), 0);
        // … also inside an SVG image.
        let inner = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><image width="1" height="1" href="{}"/></svg>"#,
            data(&png_header(60000, 60000))
        );
        std::fs::write(dir.join("holds.svg"), &inner).unwrap();
        assert_eq!(images_in(&parser.parse(&page("holds.svg")).unwrap()), 0);
        std::fs::write(dir.join("fine.svg"), inner.replace(&data(&png_header(60000, 60000)), &data(&png(4, 4))))
            .unwrap();
        assert_eq!(images_in(&parser.parse(&page("fine.svg")).unwrap()), 1);
        // A file over 64 MB (sparse) is not read.
        let file = std::fs::File::create(dir.join("long.png")).unwrap();
        file.set_len(images::MAX_BYTES + 1).unwrap();
        assert_eq!(images_in(&parser.parse(&page("long.png")).unwrap()), 0);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_node_bound_is_never_below_what_usvg_counts() {
        // usvg refuses a document of more than MAX_NODES nodes; the bound must refuse it first.
        let rects = |n: usize| "<rect width=\"1\" height=\"1\"/>".repeat(n);
        let svg =
            |body: &str| format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">{body}</svg>"#);
        let text = "<text x=\"1\" y=\"1\">a<tspan>b</tspan>c</text>\n<!-- a note -->";
        assert_eq!(nodes(&svg(&rects(3))), 4);
        assert_eq!(nodes(&svg(text)), 6, "two elements and three runs of text, and the root");
        let parser = SvgParser::new(&Fonts::embedded());
        let over = svg(&rects(MAX_NODES));
        let err = parser.parse(&over).expect_err("a million and one elements");
        assert!(err.0.contains("more than the 1000000 one page may hold"), "{}", err.0);
        assert!(resvg::usvg::Tree::from_str(&over, &resvg::usvg::Options::default()).is_err(), "usvg refuses it too");
        assert!(parser.parse(&svg(&rects(MAX_NODES - 2))).is_ok());
    }
}
