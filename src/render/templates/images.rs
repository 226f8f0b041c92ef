//! The images a template draws, bounded before anything reads them whole or decodes them.
//!
//! A PNG of 60000 × 60000 pixels compresses to 440 kB, and decoding it asks for 14 GB. So every
//! image is measured from its header first — with `imagesize`, the parser usvg itself uses to
//! tell an image's type and size, so what is measured here is what usvg hands the decoders — and
//! refused (E0135) when it has more than [`MAX_PIXELS`], when its file has more than
//! [`MAX_BYTES`], or when it is a compressed SVG that unpacks to more. The same rules serve the
//! template check (`check` and `build` report the image at the template line that draws it) and
//! the usvg resolver (`emit::svgdoc`), which leaves a refused image out rather than decode it.

use std::borrow::Cow;
use std::path::Path;

/// The most pixels an image may have: 64 megapixels (8000 × 8000, or 16000 × 4000), 256 MB once
/// decoded to RGBA. A face is at most a card: a 63 × 88 mm card at 1200 dpi is 12 megapixels, an
/// A4 page at 600 dpi 35.
pub(crate) const MAX_PIXELS: u64 = 64_000_000;

/// The most bytes an image file may have, and an SVG image once unpacked: 64 MB, as for a font.
/// usvg reads an image file whole for every page that draws it; a face's art at 1200 dpi is a
/// few MB, and only a lossless photo near [`MAX_PIXELS`] comes near the limit.
pub(crate) const MAX_BYTES: u64 = 64 << 20;

/// How deep SVG images may hold SVG images (each a `data:` URL inside the one before).
const MAX_NESTING: usize = 8;

/// Why an image is not drawn.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum TooLarge {
    /// A file of this many bytes (at least).
    Bytes(u64),
    /// A compressed SVG that unpacks to more than [`MAX_BYTES`].
    Unpacked,
    /// An image of width × height pixels.
    Pixels(u64, u64),
    /// SVG images nested deeper than [`MAX_NESTING`].
    Nested,
    /// An SVG image holding an image refused for the reason inside.
    Holds(Box<TooLarge>),
}

impl TooLarge {
    /// The problem as a clause after the image's name: "`art.png` is …".
    pub(crate) fn describe(&self) -> String {
        match self {
            TooLarge::Bytes(n) => {
                format!("is a file of {} MB; pnpkit reads at most {} MB of an image", mb(*n), MAX_BYTES >> 20)
            }
            TooLarge::Unpacked => {
                format!("is a compressed SVG that unpacks to more than {} MB, the most pnpkit reads", MAX_BYTES >> 20)
            }
            TooLarge::Pixels(w, h) => format!(
                "is {w} × {h} pixels ({} megapixels); pnpkit draws at most {} megapixels",
                w.saturating_mul(*h) / 1_000_000,
                MAX_PIXELS / 1_000_000
            ),
            TooLarge::Nested => format!("nests SVG images more than {MAX_NESTING} deep"),
            TooLarge::Holds(inner) => format!("holds an image that {}", inner.describe()),
        }
    }
}

/// Whole megabytes, rounded up (so a file just over the limit does not read as the limit).
fn mb(bytes: u64) -> u64 {
    bytes.div_ceil(1 << 20)
}

/// What an image's bytes are, as usvg will take them.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Kind<'a> {
    /// A PNG, JPEG, GIF or WebP image within the budget, with its MIME type.
    Raster(&'static str),
    /// An SVG image (unpacked when it was compressed), every image inside within the budget.
    Svg(Cow<'a, [u8]>),
    /// Something usvg does not draw.
    Other,
}

/// Reads the image file at `path`, at most [`MAX_BYTES`], through the loader's bounded read (a
/// larger file is refused from its length, a pipe or device is not read).
pub(crate) fn read(path: &Path) -> Result<Vec<u8>, Result<TooLarge, std::io::Error>> {
    use crate::load::confine::{read_bounded, Refused};
    read_bounded(path, MAX_BYTES).map_err(|why| match why {
        Refused::TooLarge { bytes, .. } => Ok(TooLarge::Bytes(bytes)),
        other => Err(std::io::Error::other(other.describe(&path.display().to_string()))),
    })
}

/// The image at `rel` inside the pack folder `root` (a symlink followed only while it stays
/// inside), as [`read`] reads it; None when it is outside, missing or too large (`check` says why).
pub(crate) fn read_in(root: &Path, rel: &str) -> Option<Vec<u8>> {
    read(&crate::load::confine::resolve(root, rel).ok()?).ok()
}

/// Whether the image file at `path` is within the budget, reading no more of it than its
/// header (an SVG image, which may hold images anywhere, is read whole, at most [`MAX_BYTES`]).
/// A file that cannot be read passes: usvg cannot read it either, and leaves it out.
pub(crate) fn check_file(path: &Path) -> Result<(), TooLarge> {
    use std::io::{BufReader, Seek};
    let Ok(len) = std::fs::metadata(path).map(|m| m.len()) else { return Ok(()) };
    if len > MAX_BYTES {
        return Err(TooLarge::Bytes(len));
    }
    if is_svg_name(path) {
        return match read(path) {
            Ok(bytes) => examine_file(path, &bytes).map(drop),
            Err(Ok(why)) => Err(why),
            Err(Err(_)) => Ok(()),
        };
    }
    let Ok(file) = std::fs::File::open(path) else { return Ok(()) };
    let mut reader = BufReader::new(file);
    let Ok(kind) = imagesize::reader_type(&mut reader) else { return Ok(()) };
    if !matches!(
        kind,
        imagesize::ImageType::Png | imagesize::ImageType::Jpeg | imagesize::ImageType::Gif | imagesize::ImageType::Webp
    ) || reader.rewind().is_err()
    {
        return Ok(());
    }
    match kind.reader_size(&mut reader) {
        Ok(size) if (size.width as u64).saturating_mul(size.height as u64) > MAX_PIXELS => {
            Err(TooLarge::Pixels(size.width as u64, size.height as u64))
        }
        _ => Ok(()),
    }
}

/// Whether usvg takes the file at `path` as an SVG image (by its extension).
fn is_svg_name(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("svg") || e.eq_ignore_ascii_case("svgz"))
}

/// What a file image is (an SVG by its extension, as usvg decides; else by its first bytes).
pub(crate) fn examine_file<'a>(path: &Path, bytes: &'a [u8]) -> Result<Kind<'a>, TooLarge> {
    if is_svg_name(path) {
        return svg(bytes, 0).map(Kind::Svg);
    }
    examine(raster_mime(bytes).unwrap_or(""), bytes)
}

/// What the bytes of a `data:` URL of MIME type `mime` are, as usvg's data resolver takes them:
/// by the MIME type, or by the first bytes when it is `text/plain` (the default).
pub(crate) fn examine<'a>(mime: &str, bytes: &'a [u8]) -> Result<Kind<'a>, TooLarge> {
    examine_nested(mime, bytes, 0)
}

fn examine_nested<'a>(mime: &str, bytes: &'a [u8], depth: usize) -> Result<Kind<'a>, TooLarge> {
    let raster = match mime {
        "image/png" => Some("image/png"),
        "image/jpeg" | "image/jpg" => Some("image/jpeg"),
        "image/gif" => Some("image/gif"),
        "image/webp" => Some("image/webp"),
        "text/plain" => raster_mime(bytes),
        _ => None,
    };
    match raster {
        Some(mime) => {
            // usvg draws nothing whose size it cannot read (with this same call), so neither is
            // it decoded.
            if let Ok(size) = imagesize::blob_size(bytes) {
                let (w, h) = (size.width as u64, size.height as u64);
                if w.saturating_mul(h) > MAX_PIXELS {
                    return Err(TooLarge::Pixels(w, h));
                }
            }
            Ok(Kind::Raster(mime))
        }
        None if matches!(mime, "image/svg+xml" | "text/plain") => svg(bytes, depth).map(Kind::Svg),
        None => Ok(Kind::Other),
    }
}

/// The MIME type of a PNG, JPEG, GIF or WebP image from its first bytes.
fn raster_mime(bytes: &[u8]) -> Option<&'static str> {
    match imagesize::image_type(bytes).ok()? {
        imagesize::ImageType::Png => Some("image/png"),
        imagesize::ImageType::Jpeg => Some("image/jpeg"),
        imagesize::ImageType::Gif => Some("image/gif"),
        imagesize::ImageType::Webp => Some("image/webp"),
        _ => None,
    }
}

/// An SVG image, unpacked when compressed (at most [`MAX_BYTES`]), once every `data:` image it
/// holds is within the budget. usvg draws no file an SVG image names, only its `data:` URLs.
fn svg(bytes: &[u8], depth: usize) -> Result<Cow<'_, [u8]>, TooLarge> {
    if depth >= MAX_NESTING {
        return Err(TooLarge::Nested);
    }
    let text: Cow<'_, [u8]> = if bytes.starts_with(&[0x1f, 0x8b]) { Cow::Owned(gunzip(bytes)?) } else { bytes.into() };
    images_inside(&text, depth)?;
    Ok(text)
}

/// Every `data:` image an SVG image holds, examined (text that is not SVG holds none: usvg will
/// not draw it either).
fn images_inside(text: &[u8], depth: usize) -> Result<(), TooLarge> {
    let Ok(source) = std::str::from_utf8(text) else { return Ok(()) };
    let Ok(doc) = resvg::usvg::roxmltree::Document::parse(source) else { return Ok(()) };
    for href in hrefs(&doc) {
        if let Some((mime, data)) = data_url(href) {
            examine_nested(&mime, &data, depth + 1).map_err(|why| match why {
                TooLarge::Holds(_) | TooLarge::Nested => why,
                other => TooLarge::Holds(Box::new(other)),
            })?;
        }
    }
    Ok(())
}

/// The `href` of every `<image>` and `<feImage>` of a parsed SVG document.
pub(crate) fn hrefs<'a>(doc: &'a resvg::usvg::roxmltree::Document<'_>) -> Vec<&'a str> {
    doc.descendants()
        .filter(|n| n.is_element() && matches!(n.tag_name().name(), "image" | "feImage"))
        .filter_map(|node| {
            node.attribute("href").or_else(|| node.attribute(("http://www.w3.org/1999/xlink", "href"))).map(str::trim)
        })
        .collect()
}

/// A `data:` URL's MIME type and bytes, read as usvg reads them (`None`: not a data URL, so usvg
/// takes it as a file name).
pub(crate) fn data_url(href: &str) -> Option<(String, Vec<u8>)> {
    let url = data_url::DataUrl::process(href).ok()?;
    let (bytes, _) = url.decode_to_vec().ok()?;
    let mime = format!("{}/{}", url.mime_type().type_, url.mime_type().subtype);
    Some((mime, bytes))
}

/// A gzip stream unpacked, refused once it passes [`MAX_BYTES`] (a compressed SVG of 64 kB can
/// unpack to 64 MB of spaces, and to much more in a few more kB).
pub(crate) fn gunzip(bytes: &[u8]) -> Result<Vec<u8>, TooLarge> {
    // The gzip header (RFC 1952): magic, method, flags, mtime, extra flags, OS, then optional
    // fields; what is not a well-formed header is left for usvg to reject as not SVG.
    let Some(deflate) = gzip_body(bytes) else { return Ok(Vec::new()) };
    match miniz_oxide::inflate::decompress_to_vec_with_limit(deflate, MAX_BYTES as usize) {
        Ok(out) => Ok(out),
        Err(e) if e.status == miniz_oxide::inflate::TINFLStatus::HasMoreOutput => Err(TooLarge::Unpacked),
        Err(_) => Ok(Vec::new()),
    }
}

/// The deflate stream of a gzip member.
fn gzip_body(bytes: &[u8]) -> Option<&[u8]> {
    let (&[0x1f, 0x8b, 8, flags], rest) = bytes.split_first_chunk::<4>()? else { return None };
    let mut rest = rest.get(6..)?;
    if flags & 4 != 0 {
        let (len, after) = rest.split_first_chunk::<2>()?;
        rest = after.get(u16::from_le_bytes(*len) as usize..)?;
    }
    for flag in [8, 16] {
        if flags & flag != 0 {
            rest = rest.get(rest.iter().position(|&b| b == 0)? + 1..)?;
        }
    }
    if flags & 2 != 0 {
        rest = rest.get(2..)?;
    }
    Some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG of `w` × `h` pixels that is only its signature and IHDR (no pixel data).
    pub(crate) fn png_header(w: u32, h: u32) -> Vec<u8> {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend(w.to_be_bytes());
        png.extend(h.to_be_bytes());
        png.extend([1, 0, 0, 0, 0, 0, 0, 0, 0]);
        png
    }

    #[test]
    fn an_image_is_measured_from_its_header_and_refused_above_64_megapixels() {
        assert_eq!(examine("image/png", &png_header(8000, 8000)), Ok(Kind::Raster("image/png")));
        assert_eq!(examine("image/png", &png_header(8000, 8001)), Err(TooLarge::Pixels(8000, 8001)));
        assert_eq!(examine("text/plain", &png_header(60000, 60000)), Err(TooLarge::Pixels(60000, 60000)));
        // u32 × u32 does not wrap.
        assert!(examine("image/png", &png_header(u32::MAX, u32::MAX)).is_err());
        // The MIME type says how usvg takes it; the header says how large it is.
        assert_eq!(examine("image/jpeg", &png_header(60000, 60000)), Err(TooLarge::Pixels(60000, 60000)));
        let gif = [b"GIF89a".as_slice(), &[0x60, 0xea, 0x60, 0xea, 0, 0, 0]].concat();
        assert_eq!(examine("image/gif", &gif), Err(TooLarge::Pixels(60000, 60000)));
        // A JPEG: SOI, an APP0 segment, then SOF0 giving 60000 × 60000.
        let jpeg =
            [&[0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0][..], &[0xff, 0xc0, 0, 11, 8, 0xea, 0x60, 0xea, 0x60, 3, 1, 0x22, 0]]
                .concat();
        assert_eq!(examine("image/jpeg", &jpeg), Err(TooLarge::Pixels(60000, 60000)));
        assert_eq!(examine("text/plain", b"plain words"), Ok(Kind::Svg(Cow::Borrowed(&b"plain words"[..]))));
        assert_eq!(examine("application/pdf", b"%PDF"), Ok(Kind::Other));
    }

    #[test]
    fn an_svg_image_is_refused_for_an_image_inside_it_and_unpacked_only_to_64_mb() {
        use base64::Engine;
        let inner = base64::engine::general_purpose::STANDARD.encode(png_header(60000, 60000));
        let svg =
            format!(r#"<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/png;base64,{inner}"/></svg>"#);
        assert_eq!(
            examine("image/svg+xml", svg.as_bytes()),
            Err(TooLarge::Holds(Box::new(TooLarge::Pixels(60000, 60000))))
        );
        let small = base64::engine::general_purpose::STANDARD.encode(png_header(10, 10));
        let svg = svg.replace(&inner, &small);
        assert!(matches!(examine("image/svg+xml", svg.as_bytes()), Ok(Kind::Svg(_))));
        // 65 MB of spaces, gzipped to 64 kB.
        let spaces = vec![b' '; 65 << 20];
        let gz = gzip(&spaces);
        assert!(gz.len() < 100_000);
        assert_eq!(examine("image/svg+xml", &gz), Err(TooLarge::Unpacked));
        let gz = gzip(svg.as_bytes());
        assert_eq!(examine("image/svg+xml", &gz), Ok(Kind::Svg(Cow::Owned(svg.into_bytes()))));
    }

    #[test]
    fn svg_images_nested_deeper_than_eight_are_refused() {
        use base64::Engine;
        let mut svg = r#"<svg xmlns="http://www.w3.org/2000/svg"/>"#.to_string();
        for _ in 0..9 {
            let inner = base64::engine::general_purpose::STANDARD.encode(&svg);
            svg = format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/svg+xml;base64,{inner}"/></svg>"#
            );
        }
        assert_eq!(examine("image/svg+xml", svg.as_bytes()), Err(TooLarge::Nested));
    }

    #[test]
    fn an_image_file_is_refused_from_its_length_before_it_is_read() {
        let dir = std::env::temp_dir().join(format!("pnpkit-images-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("huge.png");
        let file = std::fs::File::create(&path).unwrap();
        // Sparse: 3 GB that take no room and would take 3 GB of memory to read.
        file.set_len(3 << 30).unwrap();
        assert!(matches!(read(&path), Err(Ok(TooLarge::Bytes(n))) if n == 3 << 30));
        file.set_len(MAX_BYTES).unwrap();
        assert_eq!(read(&path).map(|b| b.len() as u64).ok(), Some(MAX_BYTES));
        assert_eq!(check_file(&path), Ok(()), "64 MB of zeros is no image usvg draws");
        file.set_len(MAX_BYTES + 1).unwrap();
        assert_eq!(check_file(&path), Err(TooLarge::Bytes(MAX_BYTES + 1)));
        std::fs::write(&path, png_header(9000, 9000)).unwrap();
        assert_eq!(check_file(&path), Err(TooLarge::Pixels(9000, 9000)));
        std::fs::write(&path, png_header(8000, 8000)).unwrap();
        assert_eq!(check_file(&path), Ok(()));
        std::fs::write(&path, png_header(9000, 9000)).unwrap();
        let bytes = read(&path).unwrap();
        assert_eq!(examine_file(&path, &bytes), Err(TooLarge::Pixels(9000, 9000)));
        // An SVG by its name, whatever it holds.
        assert!(matches!(examine_file(&dir.join("a.svg"), &bytes), Ok(Kind::Svg(_))));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// `bytes` as a gzip member (stored CRC and length are not checked by [`gunzip`]).
    fn gzip(bytes: &[u8]) -> Vec<u8> {
        let mut out = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3];
        out.extend(miniz_oxide::deflate::compress_to_vec(bytes, 9));
        out.extend([0; 8]);
        out
    }
}
