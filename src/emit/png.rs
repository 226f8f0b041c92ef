//! PNG previews: drawn by resvg, encoded by the `png` crate in its fast mode (fdeflate), which
//! is several times faster than the default deflate for a file a few percent larger; previews are
//! for looking at, not for printing.

use super::svgdoc::{SvgError, SvgParser};

/// Renders an SVG (sized in mm) at `dpi` dots per inch.
pub fn png(parser: &SvgParser, svg: &str, dpi: u32) -> Result<Vec<u8>, SvgError> {
    let pixmap = raster(parser, svg, dpi)?;
    encode(&pixmap, dpi).map_err(|e| SvgError(e.to_string()))
}

/// Draws an SVG (sized in mm) at `dpi` dots per inch.
pub fn raster(parser: &SvgParser, svg: &str, dpi: u32) -> Result<resvg::tiny_skia::Pixmap, SvgError> {
    let tree = parser.parse(svg)?;
    // usvg resolves mm at 96 px per inch.
    let scale = dpi as f32 / 96.0;
    let size = tree.size();
    let (w, h) = ((size.width() * scale).round() as u32, (size.height() * scale).round() as u32);
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w.max(1), h.max(1))
        .ok_or_else(|| SvgError(format!("cannot make a {w}×{h} image")))?;
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    Ok(pixmap)
}

/// Draws a large SVG (a map page) at `dpi` in horizontal bands, one per core: the same pixels as
/// [`raster`], in a fraction of the time.
pub fn raster_banded(parser: &SvgParser, svg: &str, dpi: u32) -> Result<resvg::tiny_skia::Pixmap, SvgError> {
    use resvg::tiny_skia::{Pixmap, PixmapPaint, Transform};
    let tree = parser.parse(svg)?;
    let scale = dpi as f32 / 96.0;
    let size = tree.size();
    let (w, h) = (((size.width() * scale).round() as u32).max(1), ((size.height() * scale).round() as u32).max(1));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
    let band = h.div_ceil(cores.max(1));
    let tops: Vec<u32> = (0..h).step_by(band as usize).collect();
    let bands = super::parallel::in_order(&tops, |&top| {
        let mut part = Pixmap::new(w, band.min(h - top))?;
        let shift = Transform::from_scale(scale, scale).post_translate(0.0, -(top as f32));
        resvg::render(&tree, shift, &mut part.as_mut());
        Some(part)
    });
    let mut whole = Pixmap::new(w, h).ok_or_else(|| SvgError(format!("cannot make a {w}×{h} image")))?;
    for (top, part) in tops.iter().zip(bands) {
        let part = part.ok_or_else(|| SvgError(format!("cannot make a {w}-pixel-wide band")))?;
        whole.draw_pixmap(0, *top as i32, part.as_ref(), &PixmapPaint::default(), Transform::identity(), None);
    }
    Ok(whole)
}

/// A drawn page as an 8-bit RGBA PNG that records its resolution (`dpi`).
pub fn encode(pixmap: &resvg::tiny_skia::Pixmap, dpi: u32) -> Result<Vec<u8>, png::EncodingError> {
    // tiny-skia keeps premultiplied colour; PNG stores it straight.
    let mut rgba = Vec::with_capacity(pixmap.data().len());
    for pixel in pixmap.pixels() {
        let c = pixel.demultiply();
        rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let per_metre = (f64::from(dpi) / 0.0254).round() as u32;
    encoder.set_pixel_dims(Some(png::PixelDimensions { xppu: per_metre, yppu: per_metre, unit: png::Unit::Meter }));
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgba)?;
    writer.finish()?;
    Ok(out)
}

/// Renders many SVGs, each at its dots per inch, spread over the machine's cores; results keep
/// the input order.
pub fn pngs(parser: &SvgParser, svgs: &[(&str, u32)]) -> Vec<Result<Vec<u8>, SvgError>> {
    super::parallel::in_order(svgs, |&(svg, dpi)| png(parser, svg, dpi))
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia::{Color, Pixmap};

    #[test]
    fn a_page_drawn_in_bands_has_the_pixels_of_one_drawn_whole() {
        let fonts = crate::text::Fonts::embedded();
        let parser = SvgParser::for_pack(&fonts, std::path::Path::new("."));
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="30mm" viewBox="0 0 40 30"><circle cx="20" cy="15" r="12" fill="#c33"/><path d="M0 0 L40 30" stroke="#000" stroke-width="0.7"/></svg>"##;
        let whole = raster(&parser, svg, 150).unwrap();
        let banded = raster_banded(&parser, svg, 150).unwrap();
        assert_eq!((whole.width(), whole.height()), (banded.width(), banded.height()));
        let differ = whole.pixels().iter().zip(banded.pixels()).filter(|(a, b)| a != b).count();
        // Anti-aliasing at a band's edge may round one row differently, nothing more.
        assert!(differ <= whole.width() as usize * 2, "{differ} pixels differ");
    }

    #[test]
    fn the_fast_encoding_keeps_every_pixel_and_records_the_resolution() {
        let mut pixmap = Pixmap::new(7, 5).unwrap();
        pixmap.fill(Color::from_rgba8(200, 100, 50, 128));
        pixmap.pixels_mut()[3] = Color::from_rgba8(1, 2, 3, 255).premultiply().to_color_u8();
        let bytes = encode(&pixmap, 150).unwrap();
        let back = Pixmap::decode_png(&bytes).unwrap();
        assert_eq!((back.width(), back.height()), (7, 5));
        assert_eq!(back.data(), pixmap.data(), "the same premultiplied pixels after a round trip");
        // pHYs: 150 dpi is 5906 pixels per metre on both axes, the unit being the metre.
        let at = bytes.windows(4).position(|w| w == b"pHYs").expect("a pHYs chunk");
        assert_eq!(&bytes[at + 4..at + 13], &[0, 0, 0x17, 0x12, 0, 0, 0x17, 0x12, 1]);
    }
}
