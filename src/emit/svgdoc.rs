//! Parsing our SVG pages once for both writers (PDF and PNG), with the embedded fonts.

use std::sync::Arc;

use crate::text::{Fonts, FAMILY};

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
    /// A parser that resolves `font-family="Noto Sans JP"` to the embedded faces, and nothing else
    /// (no system fonts: output must not depend on the machine).
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
        let mut db = resvg::usvg::fontdb::Database::new();
        for data in fonts.files() {
            db.load_font_data(data.as_ref().clone());
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
            font_family: FAMILY.to_string(),
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
