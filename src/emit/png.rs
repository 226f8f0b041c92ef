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

/// Renders many SVGs at `dpi`, spread over the machine's cores; results keep the input order.
/// Items are dealt round-robin so that big faces (cards) and small ones (counters) mix.
pub fn pngs(parser: &SvgParser, svgs: &[&str], dpi: u32) -> Vec<Result<Vec<u8>, SvgError>> {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, svgs.len().max(1));
    let mut results: Vec<Option<Result<Vec<u8>, SvgError>>> = (0..svgs.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|k| {
                scope.spawn(move || {
                    (k..svgs.len()).step_by(workers).map(|i| (i, png(parser, svgs[i], dpi))).collect::<Vec<_>>()
                })
            })
            .collect();
        for handle in handles {
            for (i, result) in handle.join().unwrap_or_default() {
                results[i] = Some(result);
            }
        }
    });
    results.into_iter().map(|r| r.unwrap_or_else(|| Err(SvgError("a PNG worker stopped".into())))).collect()
}
