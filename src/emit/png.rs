//! PNG previews through resvg.

use super::svgdoc::{SvgError, SvgParser};

/// Renders an SVG (sized in mm) at `dpi` dots per inch.
pub fn png(parser: &SvgParser, svg: &str, dpi: u32) -> Result<Vec<u8>, SvgError> {
    let tree = parser.parse(svg)?;
    // usvg resolves mm at 96 px per inch.
    let scale = dpi as f32 / 96.0;
    let size = tree.size();
    let (w, h) = ((size.width() * scale).round() as u32, (size.height() * scale).round() as u32);
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w.max(1), h.max(1))
        .ok_or_else(|| SvgError(format!("cannot make a {w}×{h} image")))?;
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| SvgError(e.to_string()))
}
