//! PDF through krilla: each page is an SVG drawn with krilla-svg, text embedded as real text, the
//! fonts subset once per document.

use krilla::geom::Size;
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::Document;
use krilla_svg::{SurfaceExt, SvgSettings};

use super::svgdoc::{SvgError, SvgParser};

/// Points per mm.
const PT: f32 = 72.0 / 25.4;

/// Writes `pages` (SVG documents of `page_mm`) as one PDF.
pub fn pdf(parser: &SvgParser, pages: &[&str], page_mm: (f64, f64), title: &str) -> Result<Vec<u8>, SvgError> {
    let mut doc = Document::new();
    doc.set_metadata(Metadata::new().title(title.to_string()).creator("pnpkit".to_string()));
    let (w, h) = (page_mm.0 as f32 * PT, page_mm.1 as f32 * PT);
    let settings = PageSettings::from_wh(w, h).ok_or_else(|| SvgError(format!("invalid page size {page_mm:?}")))?;
    let size = Size::from_wh(w, h).ok_or_else(|| SvgError(format!("invalid page size {page_mm:?}")))?;
    for svg in pages {
        let tree = parser.parse(svg)?;
        let mut page = doc.start_page_with(settings.clone());
        let mut surface = page.surface();
        surface.draw_svg(&tree, size, SvgSettings { embed_text: true, ..Default::default() });
        surface.finish();
        page.finish();
    }
    doc.finish().map_err(|e| SvgError(format!("{e:?}")))
}
