//! PDF through krilla: each page is an SVG drawn with krilla-svg, text embedded as real text, the
//! fonts subset once per document.

use krilla::geom::{Rect as PdfRect, Size};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::Document;
use krilla_svg::{SurfaceExt, SvgSettings};

use super::svgdoc::{SvgError, SvgParser};
use crate::layout::{PrintBoxes, Rect};

/// Points per mm.
const PT: f32 = 72.0 / 25.4;

/// Writes `pages` (SVG documents of `page_mm`, each with its print boxes) as one PDF. Every page
/// states its TrimBox and BleedBox, so a print shop's software reads where to cut: an imposed
/// sheet's are its grid's, a page without boxes is itself the finished size.
pub fn pdf(
    parser: &SvgParser,
    pages: &[(&str, Option<PrintBoxes>)],
    page_mm: (f64, f64),
    title: &str,
) -> Result<Vec<u8>, SvgError> {
    let mut doc = Document::new();
    doc.set_metadata(Metadata::new().title(title.to_string()).creator("pnpkit".to_string()));
    let (w, h) = (page_mm.0 as f32 * PT, page_mm.1 as f32 * PT);
    let settings = PageSettings::from_wh(w, h).ok_or_else(|| SvgError(format!("invalid page size {page_mm:?}")))?;
    let size = Size::from_wh(w, h).ok_or_else(|| SvgError(format!("invalid page size {page_mm:?}")))?;
    let whole = Rect { x: 0.0, y: 0.0, w: page_mm.0, h: page_mm.1 };
    for (svg, boxes) in pages {
        let tree = parser.parse(svg)?;
        let boxes = boxes.unwrap_or(PrintBoxes { trim: whole, bleed: whole });
        let settings = settings
            .clone()
            .with_trim_box(Some(points(boxes.trim, page_mm)?))
            .with_bleed_box(Some(points(boxes.bleed, page_mm)?));
        let mut page = doc.start_page_with(settings);
        let mut surface = page.surface();
        surface.draw_svg(&tree, size, SvgSettings { embed_text: true, ..Default::default() });
        surface.finish();
        page.finish();
    }
    doc.finish().map_err(|e| SvgError(format!("{e:?}")))
}

/// `r` (mm) in points, kept on the page (PDF readers reject boxes past the MediaBox).
fn points(r: Rect, page_mm: (f64, f64)) -> Result<PdfRect, SvgError> {
    let (x0, y0) = (r.x.max(0.0), r.y.max(0.0));
    let (x1, y1) = (r.right().min(page_mm.0), r.bottom().min(page_mm.1));
    PdfRect::from_ltrb(x0 as f32 * PT, y0 as f32 * PT, x1 as f32 * PT, y1 as f32 * PT)
        .ok_or_else(|| SvgError(format!("invalid print box {r:?}")))
}
