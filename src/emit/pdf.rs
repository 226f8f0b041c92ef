//! PDF through krilla: each page is an SVG drawn with krilla-svg, text embedded as real text, the
//! fonts subset once per document. A face placed on a sheet is drawn once per document as a form
//! XObject and placed wherever it repeats (155 counters of 21 kinds cost 21 faces), so it is
//! parsed, shaped and compressed once.

use std::collections::HashMap;
use std::sync::Arc;

use krilla::geom::{PathBuilder, Rect as PdfRect, Size, Transform};
use krilla::graphic::Graphic;
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::FillRule;
use krilla::surface::Surface;
use krilla::Document;
use krilla_svg::{SurfaceExt, SvgSettings};

use super::svgdoc::{SvgError, SvgParser};
use crate::layout::{Art, Packed, Placed, PrintBoxes, Rect};

/// Points per mm.
const PT: f32 = 72.0 / 25.4;

/// What a PDF page is made of: its SVG, its print boxes (`None`: the page is the finished size)
/// and the faces placed on it (empty elements of its SVG), which the writer places as XObjects.
#[derive(Clone, Copy, Debug)]
pub struct PdfPage<'a> {
    /// The page as SVG, each placed face an empty element (inflated a page at a time).
    pub svg: &'a Packed,
    /// Where its pieces are cut and how far they bleed.
    pub boxes: Option<PrintBoxes>,
    /// The spans of `svg` that are placed faces, in order.
    pub placed: &'a [Placed],
}

impl<'a> PdfPage<'a> {
    /// What the writer takes of a rendered page: the SVG, the print boxes and the placed faces.
    pub fn of(page: &'a crate::render::page::Page) -> PdfPage<'a> {
        PdfPage { svg: &page.svg, boxes: page.boxes, placed: &page.placed }
    }
}

/// Pages drawn into one krilla document before it is finished and joined to the file: enough
/// that a face repeated on many sheets (a card back, a counter kind) is embedded a few times
/// only, few enough that a batch's content streams stay a few megabytes.
const PAGES_PER_BATCH: usize = 64;
/// The pages' own drawing (SVG bytes, placed faces aside) that also closes a batch: a page of
/// text (a card list's, about 50 kB) makes content streams a sheet of placed faces does not,
/// which krilla holds until the batch is finished (12 MB for 55 such pages).
const SVG_PER_BATCH: usize = 1 << 20;

/// Writes `pages` (SVG documents of `page_mm`, each with its print boxes) as one PDF. Every page
/// states its TrimBox and BleedBox, so a print shop's software reads where to cut: an imposed
/// sheet's are its grid's, a page without boxes is itself the finished size.
pub fn pdf(parser: &SvgParser, pages: &[PdfPage<'_>], page_mm: (f64, f64), title: &str) -> Result<Vec<u8>, SvgError> {
    pdf_to(Vec::new(), parser, pages, page_mm, title)
}

/// [`pdf`] written to `out` a batch of pages at a time ([`super::pdfjoin`]): memory holds one
/// batch of the document, not all of it.
pub fn pdf_to<W: std::io::Write>(
    out: W,
    parser: &SvgParser,
    pages: &[PdfPage<'_>],
    page_mm: (f64, f64),
    title: &str,
) -> Result<W, SvgError> {
    let mut joined = super::pdfjoin::Joiner::new(out);
    for batch in batches(pages) {
        joined.add(&document(parser, batch, page_mm, title)?).map_err(|e| SvgError(e.0))?;
    }
    joined.finish().map_err(|e| SvgError(e.0))
}

/// `pages` cut into batches of at most [`PAGES_PER_BATCH`] pages and, but for a batch's first
/// page, [`SVG_PER_BATCH`] bytes of their own drawing. An empty document is still one (empty)
/// batch.
fn batches<'p, 'a>(pages: &'p [PdfPage<'a>]) -> Vec<&'p [PdfPage<'a>]> {
    let mut out = Vec::new();
    let (mut start, mut bytes) = (0, 0);
    for (i, page) in pages.iter().enumerate() {
        if i > start && (i - start == PAGES_PER_BATCH || bytes + page.svg.len() > SVG_PER_BATCH) {
            out.push(&pages[start..i]);
            (start, bytes) = (i, 0);
        }
        bytes += page.svg.len();
    }
    out.push(&pages[start..]);
    out
}

/// `pages` as one krilla document.
fn document(parser: &SvgParser, pages: &[PdfPage<'_>], page_mm: (f64, f64), title: &str) -> Result<Vec<u8>, SvgError> {
    let mut doc = Document::new();
    doc.set_metadata(Metadata::new().title(title.to_string()).creator("pnpkit".to_string()));
    let (w, h) = (page_mm.0 as f32 * PT, page_mm.1 as f32 * PT);
    let settings = PageSettings::from_wh(w, h).ok_or_else(|| SvgError(format!("invalid page size {page_mm:?}")))?;
    let size = Size::from_wh(w, h).ok_or_else(|| SvgError(format!("invalid page size {page_mm:?}")))?;
    let whole = Rect { x: 0.0, y: 0.0, w: page_mm.0, h: page_mm.1 };
    let mut faces = Faces::default();
    // A face's graphic holds its whole content stream: it is kept only up to its last page.
    let mut last_page: HashMap<*const Art, usize> = HashMap::new();
    for (i, page) in pages.iter().enumerate() {
        last_page.extend(page.placed.iter().map(|p| (Arc::as_ptr(&p.art), i)));
    }
    let new_faces = first_placements(pages);
    std::thread::scope(|scope| {
        // Each page's new faces are parsed (on every core) ahead of the page that draws them:
        // while one page's faces go into the PDF, the next page's are parsed. The channel holds
        // one page, so memory holds about two pages' parsed faces, never a whole deck's.
        let (parsed, trees) = std::sync::mpsc::sync_channel(1);
        let new_faces = &new_faces;
        scope.spawn(move || {
            for arts in new_faces {
                let trees = super::parallel::in_order(arts, |art| parser.parse(&art.document()));
                if parsed.send(trees).is_err() {
                    break; // the pages stopped at an error
                }
            }
        });
        for (i, page) in pages.iter().enumerate() {
            let trees = trees.recv().map_err(|_| SvgError("the faces could not be parsed".into()))?;
            let boxes = page.boxes.unwrap_or(PrintBoxes { trim: whole, bleed: whole });
            let settings = settings
                .clone()
                .with_trim_box(Some(points(boxes.trim, page_mm)?))
                .with_bleed_box(Some(points(boxes.bleed, page_mm)?));
            let mut pdf_page = doc.start_page_with(settings);
            let mut surface = pdf_page.surface();
            faces.add(&mut surface, &new_faces[i], trees)?;
            draw_page(&mut surface, parser, page, size, &faces)?;
            surface.finish();
            pdf_page.finish();
            faces.0.retain(|art, _| last_page.get(art).is_some_and(|&last| last > i));
        }
        Ok::<_, SvgError>(())
    })?;
    doc.finish().map_err(|e| SvgError(format!("{e:?}")))
}

/// The faces each page places that no earlier page placed, page by page.
fn first_placements<'p>(pages: &'p [PdfPage<'_>]) -> Vec<Vec<&'p Arc<Art>>> {
    let mut seen = std::collections::HashSet::new();
    pages
        .iter()
        .map(|page| page.placed.iter().map(|p| &p.art).filter(|art| seen.insert(Arc::as_ptr(art))).collect())
        .collect()
}

fn svg_settings() -> SvgSettings {
    SvgSettings { embed_text: true, ..Default::default() }
}

/// Draws `page` on `surface`: the SVG between its placed faces as it is, each placed face as its
/// document's XObject, in the SVG's order (what is drawn later lies on top).
fn draw_page(
    surface: &mut Surface<'_>,
    parser: &SvgParser,
    page: &PdfPage<'_>,
    size: Size,
    faces: &Faces,
) -> Result<(), SvgError> {
    let svg = page.svg.text();
    let svg = svg.as_ref();
    if page.placed.is_empty() {
        surface.draw_svg(&parser.parse(svg)?, size, svg_settings());
        return Ok(());
    }
    // Every placed face is a child of the root element, so the text between two of them (and
    // before the first, after the last) is whole elements: each is drawn as a document of its own
    // under the page's root element.
    let root = svg.find('>').map_or(0, |i| i + 1);
    let body_end = svg.rfind("</svg>").unwrap_or(svg.len());
    let draw_between = |surface: &mut Surface<'_>, between: &str| -> Result<(), SvgError> {
        if !between.trim().is_empty() {
            let part = format!("{}{between}</svg>", &svg[..root]);
            surface.draw_svg(&parser.parse(&part)?, size, svg_settings());
        }
        Ok(())
    };
    let mut from = root;
    for placed in page.placed {
        draw_between(surface, &svg[from..placed.span.start])?;
        let graphic = faces.graphic(&placed.art)?;
        let (x, y) = (placed.at.0 as f32 * PT, placed.at.1 as f32 * PT);
        // Everything that can fail comes before the pushes: krilla's surface must be popped as
        // often as it was pushed, even on the way out with an error.
        let clip = placed.clip;
        let mut path = PathBuilder::new();
        let clip_pt = PdfRect::from_xywh(
            (clip.x - placed.at.0) as f32 * PT,
            (clip.y - placed.at.1) as f32 * PT,
            clip.w as f32 * PT,
            clip.h as f32 * PT,
        )
        .ok_or_else(|| SvgError(format!("invalid clip {clip:?}")))?;
        path.push_rect(clip_pt);
        let path = path.finish().ok_or_else(|| SvgError(format!("invalid clip {clip:?}")))?;
        surface.push_transform(&Transform::from_translate(x, y));
        surface.push_clip_path(&path, &FillRule::NonZero);
        surface.draw_graphic(graphic);
        surface.pop();
        surface.pop();
        from = placed.span.end;
    }
    draw_between(surface, &svg[from..body_end])
}

/// The placed faces of one document, each drawn once as a graphic (a form XObject), by its art;
/// their parsed trees are dropped once drawn.
#[derive(Default)]
struct Faces(HashMap<*const Art, Graphic>);

impl Faces {
    /// Draws `arts` (parsed into `trees`) as graphics.
    fn add(
        &mut self,
        surface: &mut Surface<'_>,
        arts: &[&Arc<Art>],
        trees: Vec<Result<resvg::usvg::Tree, SvgError>>,
    ) -> Result<(), SvgError> {
        for (art, tree) in arts.iter().zip(trees) {
            let (_, _, w, h) = art.view;
            let size = Size::from_wh(w as f32 * PT, h as f32 * PT)
                .ok_or_else(|| SvgError(format!("invalid face size {:?}", art.view)))?;
            let mut builder = surface.stream_builder();
            let mut face = builder.surface();
            face.draw_svg(&tree?, size, svg_settings());
            face.finish();
            self.0.insert(Arc::as_ptr(art), Graphic::new(builder.finish(), false));
        }
        Ok(())
    }

    /// The graphic of `art`, drawn by [`Faces::add`]. Keyed by the art's address: the pages
    /// hold every art alive while the document is drawn.
    fn graphic(&self, art: &Arc<Art>) -> Result<Graphic, SvgError> {
        self.0.get(&Arc::as_ptr(art)).cloned().ok_or_else(|| SvgError("a placed face was not drawn".into()))
    }
}

/// `r` (mm) in points, kept on the page (PDF readers reject boxes past the MediaBox).
fn points(r: Rect, page_mm: (f64, f64)) -> Result<PdfRect, SvgError> {
    let (x0, y0) = (r.x.max(0.0), r.y.max(0.0));
    let (x1, y1) = (r.right().min(page_mm.0), r.bottom().min(page_mm.1));
    PdfRect::from_ltrb(x0 as f32 * PT, y0 as f32 * PT, x1 as f32 * PT, y1 as f32 * PT)
        .ok_or_else(|| SvgError(format!("invalid print box {r:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes(batches: &[&[PdfPage<'_>]]) -> Vec<usize> {
        batches.iter().map(|b| b.len()).collect()
    }

    #[test]
    fn batches_close_at_their_page_count_or_their_drawing_size() {
        let (small, large) = (Packed::new("<svg/>"), Packed::new(&"x".repeat(SVG_PER_BATCH / 3 + 1)));
        let page = |svg| PdfPage { svg, boxes: None, placed: &[] };
        let sheets: Vec<PdfPage<'_>> = (0..150).map(|_| page(&small)).collect();
        assert_eq!(sizes(&batches(&sheets)), vec![64, 64, 22]);
        let text: Vec<PdfPage<'_>> = (0..7).map(|_| page(&large)).collect();
        assert_eq!(sizes(&batches(&text)), vec![2, 2, 2, 1], "three such pages pass the bound");
        let huge = Packed::new(&"x".repeat(SVG_PER_BATCH * 2));
        assert_eq!(sizes(&batches(&[page(&huge), page(&huge)])), vec![1, 1], "a page larger than the bound is a batch");
        assert_eq!(sizes(&batches(&[])), vec![0]);
    }
}
