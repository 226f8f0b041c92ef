//! A typeset book as a PDF, drawn with krilla directly (not through SVG, which carries no
//! structure): real text in the embedded fonts, link annotations for cross-references, an
//! outline of parts, sections and clauses, and a tag tree (headings, paragraphs, list items, the
//! contents' entries) in reading order with the document's language, running heads and page
//! numbers marked as artifacts.

use std::collections::HashMap;
use std::num::NonZeroU16;

use krilla::color::rgb;
use krilla::configure::{Accessibility, ConfigurationBuilder};
use krilla::destination::{Destination, XyzDestination};
use krilla::geom::{PathBuilder, Point, Rect, Size};
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::outline::{Outline, OutlineNode};
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::tagging::{
    ArtifactType, ContentTag, Identifier, ListNumbering, SpanTag, TableHeaderScope, Tag, TagGroup, TagTree,
};
use krilla::text::{Font, TextDirection};
use krilla::{Document, SerializeSettings};
use krilla_svg::{SurfaceExt, SvgSettings};

use super::flow::{Book, Kind, Line, MM_PER_PT};
use crate::emit::SvgParser;
use crate::text::{Face, Fonts};

/// Points per mm.
const PT: f32 = 72.0 / 25.4;

/// The PDF of `book` on paper of `size_mm`, titled `title`, in `language`.
pub(super) fn write(
    (fonts, parser): (&Fonts, &SvgParser),
    book: &Book,
    size_mm: (f64, f64),
    title: &str,
    language: &str,
) -> Result<Vec<u8>, String> {
    // Checked against PDF/UA-1 as it is written (krilla refuses what it can check: a link or
    // figure without alternative text, a glyph with no character, a missing title or language),
    // which also states the conformance in the metadata and shows the title in the window.
    let configuration = ConfigurationBuilder::new()
        .with_accessibility_validator(Accessibility::UA1)
        .finish()
        .map_err(|e| format!("the PDF/UA-1 configuration: {e:?}"))?;
    let mut document = Document::new_with(SerializeSettings { configuration, ..SerializeSettings::default() });
    let mut cache: HashMap<*const Face, Font> = HashMap::new();
    // Per block, the marked content of its lines (and the annotations of its links), in order.
    let mut content: Vec<Vec<Identifier>> = vec![Vec::new(); book.blocks.len()];
    // Per block, its links' annotations.
    let mut links: Vec<Vec<Identifier>> = vec![Vec::new(); book.blocks.len()];
    let point = |x: f64, y: f64| Point::from_xy(x as f32 * PT, y as f32 * PT);
    for page in &book.pages {
        let size = Size::from_wh(size_mm.0 as f32 * PT, size_mm.1 as f32 * PT).ok_or("a page has no size")?;
        // A page of the book is its finished size: trim and bleed are the page, as a print shop reads.
        let whole = Rect::from_xywh(0.0, 0.0, size.width(), size.height());
        let settings = PageSettings::new(size).with_trim_box(whole).with_bleed_box(whole);
        let mut pdf_page = document.start_page_with(settings);
        let mut surface = pdf_page.surface();
        draw_page(&mut surface, (fonts, parser, &mut cache), (page, &book.figures), Some(&mut content))?;
        surface.finish();
        for link in &page.links {
            let Some(&(to_page, to_y)) = book.anchors.get(&link.anchor) else { continue };
            let (x, y, w, h) = link.rect;
            let Some(rect) = Rect::from_xywh(x as f32 * PT, y as f32 * PT, w as f32 * PT, h as f32 * PT) else {
                continue;
            };
            let target = Destination::Xyz(XyzDestination::new(to_page, point(0.0, (to_y - 4.0).max(0.0))));
            // Tagged, with its text as the alternative a reader announces: a Link in its block.
            let annotation = krilla::annotation::Annotation::new_link(
                krilla::annotation::LinkAnnotation::new(rect, krilla::annotation::Target::Destination(target)),
                Some(link.text.clone()),
            );
            let id = pdf_page.add_tagged_annotation(annotation);
            links[link.block].push(id);
        }
    }
    document.set_outline(outline(book, point));
    document.set_tag_tree(tag_tree(book, (content, links), language));
    document.set_metadata(Metadata::new().title(title.to_string()).language(language.to_string()));
    document.finish().map_err(|e| match e {
        krilla::error::KrillaError::Validation(problems) => {
            let names: Vec<String> = problems.iter().map(|(problem, _)| format!("{problem:?}")).collect();
            format!(
                "the rulebook would not be an accessible PDF (PDF/UA-1): {}; a character no font maps or a \
                 figure without a caption is the usual cause",
                names.join("; ")
            )
        }
        other => format!("{other:?}"),
    })
}

/// Draws a page's lines, hairlines and change bars; with `content`, each line's marked content
/// joins its block's (a booklet's imposed sheets carry no structure).
fn draw_page(
    surface: &mut Surface<'_>,
    (fonts, parser, cache): (&Fonts, &SvgParser, &mut HashMap<*const Face, Font>),
    (page, figures): (&super::flow::Page, &[super::flow::Figure]),
    mut content: Option<&mut Vec<Vec<Identifier>>>,
) -> Result<(), String> {
    // Black text, no outline: a page drawn after another on the same sheet starts clean.
    surface.set_fill(Some(Fill::default()));
    surface.set_stroke(None);
    for &((x, y, w, h), grey) in &page.fills {
        let Some(band) = Rect::from_xywh(x as f32 * PT, y as f32 * PT, w as f32 * PT, h as f32 * PT) else { continue };
        surface.start_tagged(ContentTag::Artifact(krilla::tagging::Artifact::new(ArtifactType::Page, None)));
        surface.set_fill(Some(Fill { paint: rgb::Color::new(grey, grey, grey).into(), ..Fill::default() }));
        let mut path = PathBuilder::new();
        path.push_rect(band);
        if let Some(path) = path.finish() {
            surface.draw_path(&path);
        }
        surface.end_tagged();
    }
    surface.set_fill(Some(Fill::default()));
    for &((x, y, w, h), n, block) in &page.figures {
        let tree = parser.parse(&figures[n].svg).map_err(|e| e.0)?;
        let size = Size::from_wh(w as f32 * PT, h as f32 * PT).ok_or("a figure has no size")?;
        let id = surface.start_tagged(ContentTag::Other);
        surface.push_transform(&krilla::geom::Transform::from_translate(x as f32 * PT, y as f32 * PT));
        surface.draw_svg(&tree, size, SvgSettings { embed_text: true, ..Default::default() });
        surface.pop();
        surface.end_tagged();
        if let Some(content) = content.as_deref_mut() {
            content[block].push(id);
        }
    }
    for line in &page.lines {
        let id = match line.block {
            Some(_) => surface.start_tagged(ContentTag::Span(SpanTag::empty())),
            None => {
                surface.start_tagged(ContentTag::Artifact(krilla::tagging::Artifact::new(ArtifactType::Header, None)))
            }
        };
        draw_line(surface, fonts, cache, line)?;
        surface.end_tagged();
        if let (Some(block), Some(content)) = (line.block, content.as_deref_mut()) {
            content[block].push(id);
        }
    }
    for &(x1, y1, x2, y2) in &page.rules {
        let mut path = PathBuilder::new();
        path.move_to(x1 as f32 * PT, y1 as f32 * PT);
        path.line_to(x2 as f32 * PT, y2 as f32 * PT);
        if let Some(path) = path.finish() {
            surface.start_tagged(ContentTag::Artifact(krilla::tagging::Artifact::new(ArtifactType::Page, None)));
            surface.set_fill(None);
            surface.set_stroke(Some(Stroke {
                paint: rgb::Color::new(120, 120, 120).into(),
                width: 0.3,
                opacity: NormalizedF32::ONE,
                ..Stroke::default()
            }));
            surface.draw_path(&path);
            surface.end_tagged();
        }
    }
    for &(x1, y, x2, edit) in &page.strokes {
        let mut path = PathBuilder::new();
        path.move_to(x1 as f32 * PT, y as f32 * PT);
        path.line_to(x2 as f32 * PT, y as f32 * PT);
        let Some(path) = path.finish() else { continue };
        // Deleted words struck through in red, inserted ones underlined in green (the colours of
        // rules.html's history).
        let colour = match edit {
            super::flow::Edit::Deleted => rgb::Color::new(200, 30, 45),
            super::flow::Edit::Inserted => rgb::Color::new(30, 125, 50),
        };
        surface.start_tagged(ContentTag::Artifact(krilla::tagging::Artifact::new(ArtifactType::Page, None)));
        surface.set_fill(None);
        surface.set_stroke(Some(Stroke {
            paint: colour.into(),
            width: 0.7,
            opacity: NormalizedF32::ONE,
            ..Stroke::default()
        }));
        surface.draw_path(&path);
        surface.end_tagged();
    }
    for &(x, y0, y1) in &page.bars {
        let Some(bar) = Rect::from_xywh((x - 0.4) as f32 * PT, y0 as f32 * PT, 0.8 * PT, (y1 - y0) as f32 * PT) else {
            continue;
        };
        surface.start_tagged(ContentTag::Artifact(krilla::tagging::Artifact::new(ArtifactType::Page, None)));
        surface.set_stroke(None);
        surface.set_fill(Some(Fill { paint: rgb::Color::new(200, 30, 45).into(), ..Fill::default() }));
        let mut path = PathBuilder::new();
        path.push_rect(bar);
        if let Some(path) = path.finish() {
            surface.draw_path(&path);
        }
        surface.end_tagged();
    }
    Ok(())
}

/// Draws a line, each run in the face that has its characters.
fn draw_line(
    surface: &mut Surface<'_>,
    fonts: &Fonts,
    cache: &mut HashMap<*const Face, Font>,
    line: &Line,
) -> Result<(), String> {
    let style = super::flow::style(line.bold);
    let em = line.pt * MM_PER_PT;
    let mut x = line.x;
    for (face, run) in fonts.face_runs(&line.text, style) {
        let font = match cache.get(&(face as *const Face)) {
            Some(font) => font.clone(),
            None => {
                let font =
                    Font::new(face.bytes().into(), 0).ok_or("a font the build measured with cannot be embedded")?;
                cache.insert(face as *const Face, font.clone());
                font
            }
        };
        surface.draw_text(
            Point::from_xy(x as f32 * PT, line.baseline as f32 * PT),
            font,
            line.pt as f32,
            run,
            false,
            TextDirection::Auto,
        );
        x += fonts.width_em(run, style) * em;
    }
    Ok(())
}

/// Parts, sections and clauses as bookmarks, nested by level.
fn outline(book: &Book, point: impl Fn(f64, f64) -> Point) -> Outline {
    let mut outline = Outline::new();
    // The open nodes, one per level.
    let mut open: Vec<(u8, OutlineNode)> = Vec::new();
    let close = |open: &mut Vec<(u8, OutlineNode)>, outline: &mut Outline, level: u8| {
        while open.last().is_some_and(|(l, _)| *l >= level) {
            let (_, node) = open.pop().expect("an open node");
            match open.last_mut() {
                Some((_, parent)) => parent.push_child(node),
                None => outline.push_child(node),
            }
        }
    };
    for mark in &book.outline {
        let Some(&(page, y)) = book.anchors.get(&mark.anchor) else { continue };
        close(&mut open, &mut outline, mark.level);
        let node = OutlineNode::new(mark.title.clone(), XyzDestination::new(page, point(0.0, (y - 4.0).max(0.0))));
        open.push((mark.level, node));
    }
    close(&mut open, &mut outline, 0);
    outline
}

/// The structure: each block a heading, paragraph, list item, contents entry, table cell or
/// figure holding its lines (and a Link for each of its cross-references), list items gathered in
/// lists, entries in a table of contents, cells in rows of tables; the document in the language
/// it is written in.
fn tag_tree(book: &Book, (content, links): (Vec<Vec<Identifier>>, Vec<Vec<Identifier>>), language: &str) -> TagTree {
    let mut tree = TagTree::new().with_lang(Some(language.to_string()));
    // The group being gathered (a list, a contents, a table with its open row).
    let mut open: Option<(Gathering, TagGroup)> = None;
    let mut row: Option<(usize, TagGroup)> = None;
    for (block, ((kind, ids), annotations)) in book.blocks.iter().zip(content).zip(links).enumerate() {
        let gathering = match kind {
            Kind::Item => Some(Gathering::List),
            Kind::Entry => Some(Gathering::Contents),
            Kind::IndexEntry | Kind::IndexHeading => Some(Gathering::Index),
            Kind::Cell { table, .. } => Some(Gathering::Table(*table)),
            _ => None,
        };
        if open.as_ref().map(|(g, _)| *g) != gathering {
            close(&mut tree, &mut open, &mut row);
        }
        let tag: krilla::tagging::TagKind = match kind {
            Kind::Heading(level) => {
                let level = NonZeroU16::new(u16::from(*level).max(1)).expect("a level");
                Tag::Hn(level, book.headings.get(&block).cloned()).into()
            }
            Kind::Paragraph => Tag::P.into(),
            Kind::Entry => Tag::TOCI.into(),
            // A letter's heading under the index's own (H1).
            Kind::IndexHeading => Tag::Hn(NonZeroU16::new(2).expect("2"), book.headings.get(&block).cloned()).into(),
            Kind::IndexEntry => Tag::P.into(),
            Kind::Item => Tag::LBody.into(),
            Kind::Cell { head: true, .. } => Tag::TH(TableHeaderScope::Column).into(),
            Kind::Cell { .. } => Tag::TD.into(),
            Kind::Figure(n) => Tag::Figure(Some(book.figures[*n].alt.clone())).into(),
        };
        let mut tag = tag;
        if let Some(language) = book.languages.get(&block) {
            tag.set_lang(Some(language.clone()));
        }
        let mut group = TagGroup::new(tag);
        ids.iter().for_each(|id| group.push(*id));
        for annotation in annotations {
            group.push(TagGroup::with_children(Tag::Link, vec![annotation.into()]));
        }
        match (kind, gathering) {
            (_, None) => tree.push(group),
            (Kind::Cell { row: r, .. }, Some(g)) => {
                if row.as_ref().is_some_and(|(at, _)| at != r) {
                    let (_, done) = row.take().expect("an open row");
                    open.as_mut().expect("an open table").1.push(done);
                }
                open.get_or_insert_with(|| (g, TagGroup::new(Tag::Table)));
                row.get_or_insert_with(|| (*r, TagGroup::new(Tag::TR))).1.push(group);
            }
            (Kind::Item, Some(g)) => {
                let item = TagGroup::with_children(Tag::LI, vec![group.into()]);
                open.get_or_insert_with(|| (g, TagGroup::new(Tag::L(ListNumbering::Disc)))).1.push(item);
            }
            (_, Some(Gathering::Index)) => {
                open.get_or_insert_with(|| (Gathering::Index, TagGroup::new(Tag::Index))).1.push(group)
            }
            (_, Some(g)) => open.get_or_insert_with(|| (g, TagGroup::new(Tag::TOC))).1.push(group),
        }
    }
    close(&mut tree, &mut open, &mut row);
    tree
}

/// What consecutive blocks are gathered into.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Gathering {
    List,
    Contents,
    Index,
    Table(usize),
}

/// Puts the open group (and a table's open row) into the tree.
fn close(tree: &mut TagTree, open: &mut Option<(Gathering, TagGroup)>, row: &mut Option<(usize, TagGroup)>) {
    if let Some((_, mut group)) = open.take() {
        if let Some((_, r)) = row.take() {
            group.push(r);
        }
        tree.push(group);
    }
}

/// The book imposed for saddle-stitching: its pages (of `page_mm`) two to a side of a landscape
/// sheet of `sheet_mm`, in the order that, printed duplex (flipped on the short edge), folded and
/// stapled, reads 1, 2, 3 …; blank pages fill the last sheet up to a multiple of four. Backs move
/// by the printer's landscape back offset, as the counter sheets' do. A print file: no links,
/// bookmarks or structure (the reading copy is rules.pdf).
pub(super) fn booklet(
    (fonts, parser): (&Fonts, &SvgParser),
    book: &Book,
    (page_mm, sheet_mm): ((f64, f64), (f64, f64)),
    back_offset: (f64, f64),
    title: &str,
) -> Result<Vec<u8>, String> {
    let mut document = Document::new();
    let mut cache: HashMap<*const Face, Font> = HashMap::new();
    let n = book.pages.len().div_ceil(4) * 4;
    let size = Size::from_wh(sheet_mm.0 as f32 * PT, sheet_mm.1 as f32 * PT).ok_or("a sheet has no size")?;
    let whole = Rect::from_xywh(0.0, 0.0, size.width(), size.height());
    let (left, top) = ((sheet_mm.0 - 2.0 * page_mm.0) / 2.0, (sheet_mm.1 - page_mm.1) / 2.0);
    for sheet in 0..n / 4 {
        let sides = [((n - 1 - 2 * sheet, 2 * sheet), (0.0, 0.0)), ((2 * sheet + 1, n - 2 - 2 * sheet), back_offset)];
        for ((on_left, on_right), (dx, dy)) in sides {
            let settings = PageSettings::new(size).with_trim_box(whole).with_bleed_box(whole);
            let mut pdf_page = document.start_page_with(settings);
            let mut surface = pdf_page.surface();
            for (index, x) in [(on_left, left), (on_right, left + page_mm.0)] {
                let Some(page) = book.pages.get(index) else { continue };
                let shift = krilla::geom::Transform::from_translate((x + dx) as f32 * PT, (top + dy) as f32 * PT);
                surface.push_transform(&shift);
                draw_page(&mut surface, (fonts, parser, &mut cache), (page, &book.figures), None)?;
                surface.pop();
            }
            surface.finish();
        }
    }
    document.set_metadata(Metadata::new().title(title.to_string()));
    document.finish().map_err(|e| format!("{e:?}"))
}
