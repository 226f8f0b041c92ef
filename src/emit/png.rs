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
    let (w, h) = (((size.width() * scale).round() as u32).max(1), ((size.height() * scale).round() as u32).max(1));
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(w, h).ok_or_else(|| SvgError(format!("cannot make a {w}×{h} image")))?;
    // The drawing fills the whole pixels (a 17 mm counter is 200.8 px at 300 dpi: drawn 201 wide,
    // not with a last column a fifth covered and see-through), off the exact scale by under half
    // a pixel.
    let (sx, sy) = (w as f32 / size.width(), h as f32 / size.height());
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(sx, sy), &mut pixmap.as_mut());
    Ok(pixmap)
}

/// A drawn page as an 8-bit sRGB PNG that records its resolution (`dpi`): RGB when every pixel
/// is opaque (a print file: print shops and their RIPs want no alpha channel), RGBA when some
/// are see-through (a round chit's corners on a digital table).
pub fn encode(pixmap: &resvg::tiny_skia::Pixmap, dpi: u32) -> Result<Vec<u8>, png::EncodingError> {
    use std::io::Write;
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    let opaque = pixmap.pixels().iter().all(|p| p.alpha() == u8::MAX);
    encoder.set_color(if opaque { png::ColorType::Rgb } else { png::ColorType::Rgba });
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_source_srgb(png::SrgbRenderingIntent::Perceptual);
    encoder.set_compression(png::Compression::Fast);
    let per_metre = (f64::from(dpi) / 0.0254).round() as u32;
    encoder.set_pixel_dims(Some(png::PixelDimensions { xppu: per_metre, yppu: per_metre, unit: png::Unit::Meter }));
    let mut writer = encoder.write_header()?;
    // Row by row: a 4096-pixel deck sheet is not copied whole. tiny-skia keeps premultiplied
    // colour; PNG stores it straight.
    let mut stream = writer.stream_writer()?;
    let mut row = Vec::with_capacity(pixmap.width() as usize * 4);
    for pixels in pixmap.pixels().chunks(pixmap.width().max(1) as usize) {
        row.clear();
        for pixel in pixels {
            let c = pixel.demultiply();
            row.extend_from_slice(&[c.red(), c.green(), c.blue()]);
            if !opaque {
                row.push(c.alpha());
            }
        }
        stream.write_all(&row)?;
    }
    stream.finish()?;
    drop(writer);
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
        assert!(bytes.windows(4).any(|w| w == b"sRGB"), "an sRGB chunk");
        assert_eq!(bytes[25], 6, "colour type RGBA: some pixels are see-through");
    }

    #[test]
    fn an_opaque_page_is_written_as_rgb_without_alpha() {
        let mut pixmap = Pixmap::new(4, 3).unwrap();
        pixmap.fill(Color::from_rgba8(10, 20, 30, 255));
        let bytes = encode(&pixmap, 300).unwrap();
        assert_eq!(bytes[25], 2, "colour type RGB");
        let back = Pixmap::decode_png(&bytes).unwrap();
        assert_eq!(back.data(), pixmap.data());
    }
}
