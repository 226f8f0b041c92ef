//! Render: `&Pack` → documents of SVG pages and face previews, everything in mm.
//!
//! The principal types are [`Options`] (paper, sides, back offset, bleed, which products),
//! [`Document`] (a named list of [`Page`]s, each a complete SVG) and [`Preview`] (one face on its
//! own). Faces come from Tera templates ([`templates`]) filled with what [`faces`] decides a face
//! shows; [`sheets`] imposes them with crop marks and footers. Rendering takes a checked pack;
//! what it can still find wrong is a template error (E0801), components that do not fit the
//! paper (E0802), or text that overflows or lacks glyphs (warnings W0801, W0802). It writes
//! nothing: `emit` turns the SVG into PDF, SVG and PNG files.

pub mod flowchart;
pub mod maps;
pub mod page;
pub mod pieces;
pub mod sheets;
pub mod tables;
pub(crate) mod templates;

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::diag::{Code, Diagnostic, Sources};
use crate::layout::{Imposition, Paper, Sides};
use crate::messages::Messages;
use crate::model::Pack;
use crate::text::Fonts;
use page::canvas::{Canvas, Owner};
pub use page::fonts::fonts_for;
pub(crate) use page::fonts::{main_family, pack_face};
use page::Page;
pub use pieces::faces::FaceMemo;
use pieces::faces::{Face, FaceRenderer, FaceSize};
use pieces::sheets::Piece;
use pieces::{calibration, provisional};
use tables::{aids, cardlist, setupchart};
pub(crate) use templates::mm;

/// A kind of output `build` can make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Product {
    /// Unit and marker counters.
    Counters,
    /// Random chits.
    Chits,
    /// Cards.
    Cards,
    /// The duplex calibration sheet.
    Calibration,
    /// The map: one page of the published size, and the same cut into tiles of the run's paper.
    Map,
    /// Play-aid tables computed from the dice mechanics.
    Aids,
    /// Play sheets, score sheets and tracks.
    Sheets,
    /// Setup charts: where everything starts in each setup.
    Setups,
    /// The event flowchart (with Graphviz and Mermaid exports).
    Flowchart,
    /// The card list: a table of every known card.
    CardList,
    /// The offline HTML rules reference (`rules.html`, written by the reference module).
    Reference,
    /// PNG previews of every distinct face (`png/…`) and of the flowchart's page; alone, the
    /// previews without the PDFs.
    Png,
    /// A VASSAL module (`<pack>.vmod`), made by `play` from the faces and map drawn for print.
    Vassal,
    /// A Tabletop Simulator set (`<pack>.tts.json` and `tts/…` images), made by `play` likewise.
    Tts,
}

impl Product {
    /// Every product, in build order.
    pub const ALL: [Product; 13] = [
        Product::Counters,
        Product::Chits,
        Product::Cards,
        Product::Calibration,
        Product::Map,
        Product::Aids,
        Product::Sheets,
        Product::Setups,
        Product::Flowchart,
        Product::CardList,
        Product::Reference,
        Product::Vassal,
        Product::Tts,
    ];

    /// File stem and footer word.
    pub fn name(self) -> &'static str {
        match self {
            Product::Counters => "counters",
            Product::Chits => "chits",
            Product::Cards => "cards",
            Product::Calibration => "calibration",
            Product::Map => "map",
            Product::Aids => "play-aids",
            Product::Sheets => "play-sheets",
            Product::Setups => "setup-charts",
            Product::Flowchart => "flowchart",
            Product::CardList => "card-list",
            Product::Reference => "rules",
            Product::Png => "png",
            Product::Vassal => "vassal",
            Product::Tts => "tts",
        }
    }
}

/// How to render.
#[derive(Clone, Debug)]
pub struct Options {
    /// Paper for every sheet (default: the pack's `[print] paper`).
    pub paper: Paper,
    /// Where the printer puts back pages relative to fronts, mm (x right, y down).
    pub back_offset: (f64, f64),
    /// Whether to draw bleed.
    pub bleed: bool,
    /// Cards as duplex pages (default) or gutter-fold pages.
    pub card_sides: Sides,
    /// Which products.
    pub only: Vec<Product>,
    /// Only these pieces, for replacement sheets: card ids, counter kind ids or chit labels, as
    /// the product has them; `None`: every piece.
    pub piece_ids: Option<Vec<String>>,
    /// A back page behind every duplex sheet, even an empty one (`--blank-backs`); otherwise
    /// `sheets::pages` writes only the back pages duplex printing needs.
    pub blank_backs: bool,
}

impl Options {
    /// Every product on `paper`, with bleed, duplex backs and no back offset.
    pub fn new(paper: Paper) -> Options {
        Options {
            paper,
            back_offset: (0.0, 0.0),
            bleed: true,
            card_sides: Sides::Duplex,
            only: Product::ALL.to_vec(),
            piece_ids: None,
            blank_backs: false,
        }
    }

    /// Whether the piece with this id is printed.
    fn chosen(&self, id: &str) -> bool {
        self.piece_ids.as_ref().is_none_or(|ids| ids.iter().any(|i| i == id))
    }
}

/// One output document.
#[derive(Debug)]
pub struct Document {
    /// Which product.
    pub product: Product,
    /// File stem: the product's name, or e.g. `map-a3` and `map-a4` for the map's two sizes.
    pub name: String,
    /// Its pages in print order (a back page follows its front).
    pub pages: Vec<Page>,
    /// How many physical pieces it holds.
    pub pieces: usize,
    /// The page size in mm.
    pub page_mm: (f64, f64),
}

/// One face on its own, for PNG previews.
#[derive(Debug)]
pub struct Preview {
    /// Path under `png/` without extension, e.g. `cards/29-front`.
    pub name: String,
    /// The face with its bleed (the drawing the PDFs place; its SVG document is made only when
    /// previews are written).
    pub art: Arc<crate::layout::Art>,
}

/// Everything rendered for a pack.
#[derive(Debug, Default)]
pub struct Rendered {
    /// The documents, in product order (shared with the threads writing them).
    pub documents: Vec<Arc<Document>>,
    /// Every distinct face, once.
    pub previews: Vec<Preview>,
    /// Overflowing texts and missing glyphs.
    pub warnings: Vec<Diagnostic>,
    /// Other files, by name (the flowchart's `.dot` and `.mmd` exports).
    pub files: Vec<(String, Vec<u8>)>,
    /// Whole pages to write as PNG too (name, SVG): the flowchart.
    pub page_previews: Vec<(String, String)>,
    /// The imposed faces that carry provisional values, for the manifest.
    pub provisional: Vec<provisional::ProvisionalPiece>,
    /// Every kind of imposed piece (counter kind, chit value, card) with the ids of its faces in
    /// `previews`, in print order: what digital tables (VASSAL, Tabletop Simulator) are made of.
    pub pieces: Vec<PieceKind>,
    /// How many faces went through their template (the others a [`FaceMemo`] held).
    pub faces_drawn: usize,
}

/// One kind of imposed piece and its faces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceKind {
    /// Counters, chits or cards.
    pub product: Product,
    /// The counter kind's or card's id, or the chit's label.
    pub id: String,
    /// The front face's id in [`Rendered::previews`].
    pub front: String,
    /// The back face's id, when the piece has a back.
    pub back: Option<String>,
    /// How many of it are printed.
    pub count: u32,
}

/// What every page renderer works with: the pack, the fonts text is measured with, the words
/// pnpkit prints in the pack's languages, and the findings of the page checks so far.
pub(crate) struct Ctx<'a> {
    /// The pack.
    pub(crate) pack: &'a Pack,
    /// The fonts.
    pub(crate) fonts: &'a Fonts,
    /// The message tables of the pack's languages.
    pub(crate) msg: Messages,
    /// Overflowing, misplaced and overlapping texts found so far.
    pub(crate) warnings: Vec<Diagnostic>,
    /// The imposed faces found so far that carry provisional values.
    pub(crate) provisional: Vec<provisional::ProvisionalPiece>,
}

impl<'a> Ctx<'a> {
    /// The context for `pack`.
    pub(crate) fn new(pack: &'a Pack, fonts: &'a Fonts) -> Ctx<'a> {
        Ctx { pack, fonts, msg: Messages::of(pack), warnings: Vec::new(), provisional: Vec::new() }
    }

    /// A blank page of `size` mm whose texts belong to `owner` unless they name their own.
    pub(crate) fn canvas(&self, size: (f64, f64), owner: Owner) -> Canvas<'a> {
        Canvas::new(self.fonts, size, self.pack.print.safe_margin, owner)
    }

    /// The footer every page carries: the title, the edition and `what` the page is.
    pub(crate) fn footer(&self, what: &str) -> String {
        let game = &self.pack.game;
        format!("{} · {} · {what}", self.msg.first_name(&game.title), game.edition)
    }

    /// Closes `canvas` with the footer (`what` the page is) and keeps its findings.
    pub(crate) fn finish(&mut self, canvas: Canvas<'_>, what: &str) -> Page {
        let (page, warnings) = canvas.finish(&self.footer(what));
        self.warnings.extend(warnings);
        page
    }
}

/// Renders the products of `options.only` for `pack`.
pub fn render(
    pack: &Pack,
    fonts: Arc<Fonts>,
    sources: &mut Sources,
    options: &Options,
) -> Result<Rendered, Vec<Diagnostic>> {
    render_each(pack, fonts, sources, options, &mut |_| {})
}

/// Renders the products of `options.only` for `pack`, handing each document to `each` as soon
/// as it is drawn (a build writes its PDF meanwhile).
pub fn render_each(
    pack: &Pack,
    fonts: Arc<Fonts>,
    sources: &mut Sources,
    options: &Options,
    each: &mut dyn FnMut(&Arc<Document>),
) -> Result<Rendered, Vec<Diagnostic>> {
    render_with(pack, (fonts, &mut FaceMemo::default()), sources, options, each)
}

/// [`render_each`], drawing again only the faces `memo` does not hold from an earlier render
/// (`pnpkit watch`); `memo` then holds the faces of this render.
pub fn render_with(
    pack: &Pack,
    (fonts, memo): (Arc<Fonts>, &mut FaceMemo),
    sources: &mut Sources,
    options: &Options,
    each: &mut dyn FnMut(&Arc<Document>),
) -> Result<Rendered, Vec<Diagnostic>> {
    let templates = templates::Templates::load(pack, fonts.clone(), sources)?;
    let mut faces = FaceRenderer::with_memo(pack, &templates, sources, std::mem::take(memo));
    let result = render_faces(pack, (&fonts, &mut faces), options, each);
    *memo = faces.into_memo();
    result
}

/// Every product of `options.only`, its faces drawn by `faces`.
fn render_faces(
    pack: &Pack,
    (fonts, faces): (&Fonts, &mut FaceRenderer<'_>),
    options: &Options,
    each: &mut dyn FnMut(&Arc<Document>),
) -> Result<Rendered, Vec<Diagnostic>> {
    let mut ctx = Ctx::new(pack, fonts);
    let mut out = Rendered::default();
    let mut previews: BTreeMap<String, Arc<crate::layout::Art>> = BTreeMap::new();
    let mut pieces = Vec::new();
    let mut errors = Vec::new();
    let page_mm = (options.paper.width, options.paper.height);
    let one = |product: Product, pages: Vec<Page>, pieces: usize| -> Vec<Document> {
        if pages.is_empty() {
            Vec::new()
        } else {
            vec![Document { product, name: product.name().into(), pages, pieces, page_mm }]
        }
    };
    for product in Product::ALL.into_iter().filter(|p| options.only.contains(p)) {
        let result = match product {
            Product::Counters | Product::Chits | Product::Cards | Product::Calibration => {
                imposed(&mut ctx, faces, options, product, (&mut previews, &mut pieces))
            }
            Product::Map => Ok(map_documents(&mut ctx, options)),
            Product::Aids => Ok(one(
                product,
                if pack.aids.is_empty() { Vec::new() } else { aids::pages(&mut ctx, options.paper) },
                0,
            )),
            Product::Sheets => Ok(sheet_documents(&mut ctx, options)),
            Product::Setups => pack
                .setups
                .iter()
                .map(|setup| setupchart::chart(&mut ctx, faces, setup, options.paper))
                .collect::<Result<Vec<_>, _>>()
                .map(|pages| one(product, pages.concat(), 0)),
            Product::Flowchart => Ok(flowchart_documents(&mut ctx, options, &mut out)),
            Product::Reference => Ok(Vec::new()), // written by `reference::html`
            Product::Png => Ok(Vec::new()),       // not in `ALL`: previews of the other products
            Product::Vassal | Product::Tts => Ok(Vec::new()), // made by `play` from the others' faces
            Product::CardList => {
                let pages = if pack.cards.is_empty() { Vec::new() } else { cardlist::pages(&mut ctx, options.paper) };
                Ok(one(product, pages, pack.cards.len()))
            }
        };
        match result {
            Ok(documents) => {
                for document in documents.into_iter().map(Arc::new) {
                    each(&document);
                    out.documents.push(document);
                }
            }
            // A face several products draw (a chit back on sheets and setup charts) fails alike
            // in each: say it once.
            Err(d) => {
                if !errors.iter().any(|e: &Diagnostic| e.code == d.code && e.message == d.message && e.span == d.span) {
                    errors.push(d);
                }
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    out.warnings = std::mem::take(&mut faces.warnings);
    out.warnings.append(&mut ctx.warnings);
    out.faces_drawn = faces.drawn;
    out.provisional = std::mem::take(&mut ctx.provisional);
    out.previews = previews.into_iter().map(|(name, art)| Preview { name, art }).collect();
    out.pieces = pieces;
    Ok(out)
}

/// A product of faces imposed on sheets (counters, chits, cards) or the calibration sheet; every
/// distinct face also goes to `previews`, every kind of piece to `kinds`.
fn imposed(
    ctx: &mut Ctx<'_>,
    faces: &mut FaceRenderer<'_>,
    options: &Options,
    product: Product,
    (previews, kinds): (&mut BTreeMap<String, Arc<crate::layout::Art>>, &mut Vec<PieceKind>),
) -> Result<Vec<Document>, Diagnostic> {
    let pack = ctx.pack;
    let built = match product {
        Product::Counters => counters(pack, faces, options)?,
        Product::Chits => chits(pack, faces, options)?,
        Product::Cards => cards(pack, faces, options)?,
        // The duplex calibration sheet serves double-sided pieces; a game without any needs none.
        _ if pack.cards.is_empty() && pack.counters.is_empty() && pack.chits.values.is_empty() => {
            return Ok(Vec::new());
        }
        _ => {
            let pages = calibration::calibration(ctx, options.paper);
            let page_mm = (options.paper.width, options.paper.height);
            return Ok(vec![Document { product, name: product.name().into(), pages, pieces: 0, page_mm }]);
        }
    };
    if built.pieces.is_empty() {
        return Ok(Vec::new()); // the pack has nothing of this kind
    }
    // One drawing per distinct face, shared by the sheets' placements and the previews.
    let mut arts = pieces::sheets::Arts::default();
    for face in &built.faces {
        previews.entry(face.id.clone()).or_insert_with(|| arts.of(face));
    }
    kinds.extend(built.kinds.iter().map(|(id, front, back, count)| PieceKind {
        product,
        id: id.clone(),
        front: built.faces[*front].id.clone(),
        back: back.map(|b| built.faces[b].id.clone()),
        count: *count,
    }));
    let pieces: Vec<Piece<'_>> =
        built.pieces.iter().map(|&(f, b)| Piece { front: &built.faces[f], back: b.map(|b| &built.faces[b]) }).collect();
    let kind = match product {
        Product::Counters => ctx.msg.first("products.counters"),
        Product::Chits => ctx.msg.first("products.chits"),
        _ => ctx.msg.first("products.cards"),
    };
    let pages =
        pieces::sheets::pages(ctx, (&built.imp, &mut arts), &pieces, options.back_offset, &kind, options.blank_backs);
    let page_mm = (built.imp.paper.width, built.imp.paper.height);
    Ok(vec![Document { product, name: product.name().into(), pages, pieces: pieces.len(), page_mm }])
}

/// Play and score sheets, and the tracks (landscape).
fn sheet_documents(ctx: &mut Ctx<'_>, options: &Options) -> Vec<Document> {
    let pack = ctx.pack;
    let mut docs = Vec::new();
    let sheets: Vec<Page> = pack
        .sheets
        .iter()
        .filter(|s| s.kind != "mat")
        .map(|s| sheets::playsheet::sheet(ctx, s, options.paper))
        .collect();
    if !sheets.is_empty() {
        let page_mm = (options.paper.width, options.paper.height);
        docs.push(Document {
            product: Product::Sheets,
            name: Product::Sheets.name().into(),
            pages: sheets,
            pieces: 0,
            page_mm,
        });
    }
    // Mats at true size on their own paper, and tiled onto the run's paper when that is smaller.
    for sheet in pack.sheets.iter().filter(|s| s.kind == "mat") {
        for (name, pages, page_mm) in sheets::mat::documents(ctx, sheet, options.paper) {
            docs.push(Document { product: Product::Sheets, name, pages, pieces: 0, page_mm });
        }
    }
    let tracks: Vec<Page> = sheets::tracks::pages(ctx, &pack.tracks, options.paper);
    if !tracks.is_empty() {
        let landscape = options.paper.landscape();
        docs.push(Document {
            product: Product::Sheets,
            name: "tracks".into(),
            pages: tracks,
            pieces: 0,
            page_mm: (landscape.width, landscape.height),
        });
    }
    docs
}

/// The flowchart page, plus its PNG, Graphviz and Mermaid files in `out`.
fn flowchart_documents(ctx: &mut Ctx<'_>, options: &Options, out: &mut Rendered) -> Vec<Document> {
    let (pack, fonts) = (ctx.pack, ctx.fonts);
    // The flowchart shows which card's opening enables which: a game without cards, or whose
    // cards enable nothing, has none (a page of unlinked boxes tells a player nothing).
    let graph = crate::model::graph::CardGraph::of(pack);
    if graph.edges.is_empty() || pack.cards.is_empty() {
        return Vec::new();
    }
    let graph = flowchart::labelled(ctx, &graph);
    let layout = flowchart::layout(&graph, fonts);
    let page = flowchart::page(ctx, &graph, &layout, options.paper);
    let landscape = page.svg.contains(&format!("width=\"{}mm\"", options.paper.height));
    let page_mm = if landscape {
        (options.paper.height, options.paper.width)
    } else {
        (options.paper.width, options.paper.height)
    };
    out.page_previews.push(("flowchart".into(), page.svg.clone()));
    out.files.push(("flowchart.dot".into(), flowchart::dot(&graph, fonts.main_family()).into_bytes()));
    out.files.push(("flowchart.mmd".into(), flowchart::mermaid(&graph).into_bytes()));
    vec![Document {
        product: Product::Flowchart,
        name: Product::Flowchart.name().into(),
        pages: vec![page],
        pieces: 0,
        page_mm,
    }]
}

/// The map (a hex grid or an area map) at its published size (`map-<paper>`) and tiled onto the
/// run's paper, when the run's paper is smaller.
fn map_documents(ctx: &mut Ctx<'_>, options: &Options) -> Vec<Document> {
    maps::reprint::documents(ctx, options.paper)
}

/// Faces (each distinct face once) and the pieces that use them, by index: every copy, and
/// every kind (its id, faces and count).
struct Built {
    imp: Imposition,
    faces: Vec<Face>,
    pieces: Vec<(usize, Option<usize>)>,
    kinds: Vec<(String, usize, Option<usize>, u32)>,
}

impl Built {
    fn new(imp: Imposition) -> Built {
        Built { imp, faces: Vec::new(), pieces: Vec::new(), kinds: Vec::new() }
    }

    /// `count` copies of the piece `id` with these faces.
    fn add(&mut self, id: &str, (front, back): (usize, Option<usize>), count: u32) {
        self.pieces.extend(std::iter::repeat_n((front, back), count as usize));
        self.kinds.push((id.to_string(), front, back, count));
    }
}

/// The imposition for one product, or a layout error pointing at `[print]`.
fn grid(
    pack: &Pack,
    paper: Paper,
    (w, h): (f64, f64),
    bleed: f64,
    gutter: f64,
    sides: Sides,
) -> Result<Imposition, Diagnostic> {
    Imposition::grid(paper, w, h, bleed, gutter, sides).map_err(|e| {
        Diagnostic::error(Code::LAYOUT, e.0)
            .at(&pack.print.span)
            .with_hint("choose larger paper (--paper) or smaller components in [print]")
    })
}

fn bleed(options: &Options, bleed: f64) -> f64 {
    if options.bleed {
        bleed
    } else {
        0.0
    }
}

fn counters(pack: &Pack, faces: &mut FaceRenderer<'_>, options: &Options) -> Result<Built, Diagnostic> {
    let size = FaceSize {
        w: pack.print.counter_mm,
        h: pack.print.counter_mm,
        bleed: bleed(options, pack.print.counter_bleed),
    };
    let imp = grid(pack, options.paper, (size.w, size.h), size.bleed, 0.0, Sides::Duplex)?;
    let mut built = Built::new(imp);
    let chosen = |id: &String| options.chosen(id);
    for counter in pack.counters.iter().filter(|c| chosen(&c.id)) {
        let front = faces.counter_side(counter, false, &size)?;
        let back = match &counter.back {
            Some(_) => Some(faces.counter_side(counter, true, &size)?),
            None => None,
        };
        let f = push(&mut built.faces, front);
        let b = back.map(|b| push(&mut built.faces, b));
        built.add(&counter.id, (f, b), counter.count.value);
    }
    Ok(built)
}

fn chits(pack: &Pack, faces: &mut FaceRenderer<'_>, options: &Options) -> Result<Built, Diagnostic> {
    let size =
        FaceSize { w: pack.print.chit_mm, h: pack.print.chit_mm, bleed: bleed(options, pack.print.counter_bleed) };
    let imp = grid(pack, options.paper, (size.w, size.h), size.bleed, 0.0, Sides::Duplex)?;
    let mut built = Built::new(imp);
    let back = push(&mut built.faces, faces.chit_back(&size)?);
    for value in pack.chits.values.iter().filter(|v| options.chosen(&v.label)) {
        let front = push(&mut built.faces, faces.chit_front(&value.label, &size)?);
        built.add(&value.label, (front, Some(back)), value.count);
    }
    Ok(built)
}

fn cards(pack: &Pack, faces: &mut FaceRenderer<'_>, options: &Options) -> Result<Built, Diagnostic> {
    let (w, h) = pack.print.card_mm;
    let size = FaceSize { w, h, bleed: bleed(options, pack.print.card_bleed) };
    // `[print] gutter` spaces the cards; a gutter-fold sheet needs room for the bleed of both halves.
    // One-sided cards have nothing to fold.
    let sides = if pack.print.one_sided_cards { Sides::Duplex } else { options.card_sides };
    let gutter = match sides {
        Sides::Fold => pack.print.gutter.max(2.0 * size.bleed),
        _ => pack.print.gutter,
    };
    let imp = grid(pack, options.paper, (w, h), size.bleed, gutter, sides)?;
    let mut built = Built::new(imp);
    let mut cards: Vec<_> = pack.cards.iter().filter(|c| options.chosen(&c.id)).collect();
    cards.sort_by_key(|c| (c.number.unwrap_or(u32::MAX), c.id.clone()));
    for card in cards {
        let mut front = faces.card_front(card, &size)?;
        // The sheet's margin and the manifest name the cards that carry provisional values.
        (front.names, front.provisional) = (card.name.clone(), card.provisional.clone());
        let front = push(&mut built.faces, front);
        if pack.print.one_sided_cards {
            built.add(&card.id, (front, None), 1);
            continue;
        }
        let back = faces.card_back(card, &size)?;
        let back = match built.faces.iter().position(|f| f.id == back.id) {
            Some(i) => i,
            None => push(&mut built.faces, back),
        };
        built.add(&card.id, (front, Some(back)), 1);
    }
    Ok(built)
}

fn push(faces: &mut Vec<Face>, face: Face) -> usize {
    faces.push(face);
    faces.len() - 1
}
