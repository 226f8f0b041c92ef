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
    pub fn new(fonts: &Fonts) -> SvgParser {
        let mut db = resvg::usvg::fontdb::Database::new();
        for data in fonts.files() {
            db.load_font_data(data.as_ref().clone());
        }
        let options =
            resvg::usvg::Options { font_family: FAMILY.to_string(), fontdb: Arc::new(db), ..Default::default() };
        SvgParser { options }
    }

    /// Parses one SVG document.
    pub fn parse(&self, svg: &str) -> Result<resvg::usvg::Tree, SvgError> {
        resvg::usvg::Tree::from_str(svg, &self.options).map_err(|e| SvgError(e.to_string()))
    }
}
