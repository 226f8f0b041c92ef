//! Parsing our SVG pages once for both writers (PDF and PNG), with the build's fonts.

use std::sync::Arc;

use resvg::usvg::fontdb;

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
    /// hrefs as errors before a page gets here.
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
        let files = resvg::usvg::ImageHrefResolver::default_string_resolver();
        let resolve_string: resvg::usvg::ImageHrefStringResolverFn<'static> =
            Box::new(move |href: &str, options: &resvg::usvg::Options| {
                let real = crate::load::confine::resolve(pack.as_deref()?, href).ok()?;
                files(real.to_str()?, options)
            });
        let image_href_resolver = resvg::usvg::ImageHrefResolver {
            resolve_data: resvg::usvg::ImageHrefResolver::default_data_resolver(),
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
        resvg::usvg::Tree::from_str(svg, &self.options).map_err(|e| SvgError(e.to_string()))
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
