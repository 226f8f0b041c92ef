//! Render: `&Pack` → documents of SVG pages and face previews, everything in mm.
//!
//! The principal types are [`Options`] (paper, sides, back offset, bleed, which products),
//! [`Document`] (a named list of [`Page`]s, each a complete SVG) and [`Preview`] (one face on its
//! own). The folders name what they draw:
//!
//! - [`page`]: what every page shares: the canvas (the one path every text takes), fonts, the look;
//! - [`templates`]: face templates (Tera) and what bounds them;
//! - [`pieces`]: counter, chit and card faces, the sheets they are imposed on, calibration;
//! - [`tables`]: the ruled table and the card list, setup charts and play aids made of it;
//! - [`maps`]: the hex map, the area map, tiles and replacement maps;
//! - [`sheets`]: play and score sheets, tracks, mats;
//! - [`flowchart`]: the event flowchart and its exports.
//!
//! A folder uses only the folders listed before it. Rendering takes a checked pack; what
//! it can still find wrong is a template error (E0801), components that do not fit the paper
//! (E0802), or text that overflows or lacks glyphs (warnings W0801, W0802). It writes nothing:
//! `emit` turns the SVG into PDF, SVG and PNG files.

// In the order they may use each other: a folder uses only those above it.
pub mod page;
// Face templates and what bounds them.
pub(crate) mod templates;
// Counters, chits, cards and their sheets.
pub mod pieces;
// Ruled tables: card list, setup charts, play aids.
pub mod tables;
// Hex and area maps, tiles, replacement maps.
pub mod maps;
// Play sheets, tracks, mats.
pub mod sheets;
// The event flowchart.
pub mod flowchart;
// What the component list states against what the build prints.
pub mod stated;

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::diag::{Diagnostic, Sources};
use crate::layout::{Paper, Sides};
use crate::messages::Messages;
use crate::model::Pack;
use crate::text::Fonts;
use page::canvas::{Canvas, Owner};
pub use page::fonts::fonts_for;
pub(crate) use page::fonts::{main_family, pack_face};
pub(crate) use page::mm;
use page::Page;
pub use pieces::faces::FaceMemo;
use pieces::faces::FaceRenderer;
use pieces::provisional;
pub use tables::proof::ProofNote;
use tables::{aids, cardlist, setupchart};

/// A kind of output `build` can make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Product {
    /// The proof's cover (`proof.pdf`): what stands between a proof build and a release; not
    /// written by `build --release`.
    Proof,
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
    /// The printed rulebook (`rules.pdf`, one per language; written by the rulebook module).
    Rulebook,
    /// PNG previews of every distinct face (`png/…`) and of the flowchart's page; alone, the
    /// previews without the PDFs.
    Png,
    /// Print-on-demand files (`pod/…`): every card face at the pixel size of the card printers'
    /// poker templates, every face at 300 dpi with its bleed; alone, without the PDFs.
    Pod,
    /// A VASSAL module (`<pack>.vmod`), made by `play` from the faces and map drawn for print.
    Vassal,
    /// A Tabletop Simulator set (`<pack>.tts.json` and `tts/…` images), made by `play` likewise.
    Tts,
}

impl Product {
    /// Every product, in build order.
    pub const ALL: [Product; 15] = [
        Product::Proof,
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
        Product::Rulebook,
        Product::Vassal,
        Product::Tts,
    ];

    /// File stem and footer word.
    pub fn name(self) -> &'static str {
        match self {
            Product::Proof => "proof",
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
            Product::Rulebook => "rulebook",
            Product::Png => "png",
            Product::Pod => "pod",
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
    /// Where the printer puts back pages relative to fronts, mm (x right, y down), on portrait
    /// duplex sheets (long-edge flip).
    pub back_offset: (f64, f64),
    /// The same on landscape duplex sheets (short-edge flip), measured on the landscape
    /// calibration sheet: the driver turns such a sheet onto the paper its own way.
    pub back_offset_landscape: (f64, f64),
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
    /// A proof's notes (every page then says PROOF in its footer and the proof's cover lists
    /// them); `None`: a release, or pages made for another purpose (errata replacement sheets).
    pub proof: Option<Vec<ProofNote>>,
}

impl Options {
    /// Every product on `paper`, with bleed, duplex backs and no back offset.
    pub fn new(paper: Paper) -> Options {
        Options {
            paper,
            back_offset: (0.0, 0.0),
            back_offset_landscape: (0.0, 0.0),
            bleed: true,
            card_sides: Sides::Duplex,
            only: Product::ALL.to_vec(),
            piece_ids: None,
            blank_backs: false,
            proof: None,
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
    /// The paths of the files the digital tables wrote straight into the output as they made
    /// them (the VASSAL module, the Tabletop Simulator set and its images).
    pub streamed: Vec<String>,
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
    /// The back a deck of it shows face down: `back`, but a double-sided card's (whose `back`
    /// is its other side) is its side's common back.
    pub deck_back: Option<String>,
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
    /// Whether the pages are a proof's (their footers say so).
    pub(crate) proof: bool,
}

impl<'a> Ctx<'a> {
    /// The context for `pack`.
    pub(crate) fn new(pack: &'a Pack, fonts: &'a Fonts) -> Ctx<'a> {
        Ctx { pack, fonts, msg: Messages::of(pack), warnings: Vec::new(), provisional: Vec::new(), proof: false }
    }

    /// A blank page of `size` mm whose texts belong to `owner` unless they name their own.
    pub(crate) fn canvas(&self, size: (f64, f64), owner: Owner) -> Canvas<'a> {
        Canvas::new(self.fonts, size, self.pack.print.safe_margin, owner)
    }

    /// The footer every page carries: the title, the edition and `what` the page is, after
    /// "PROOF" on a proof's pages (outside the trim, where a print shop looks).
    pub(crate) fn footer(&self, what: &str) -> String {
        let game = &self.pack.game;
        let footer = format!("{} · {} · {what}", self.msg.first_name(&game.title), game.edition_mark());
        if self.proof {
            format!("{} · {footer}", self.msg.text("common.proof"))
        } else {
            footer
        }
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
    ctx.proof = options.proof.is_some();
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
            Product::Proof => Ok(match &options.proof {
                Some(notes) => one(product, tables::proof::pages(&mut ctx, options.paper, notes), 0),
                None => Vec::new(),
            }),
            Product::Counters | Product::Chits | Product::Cards | Product::Calibration => {
                pieces::imposed::documents(&mut ctx, faces, options, product, (&mut previews, &mut pieces))
            }
            Product::Map => Ok(maps::reprint::documents(&mut ctx, options.paper)),
            Product::Aids => Ok(one(
                product,
                if pack.aids.is_empty() { Vec::new() } else { aids::pages(&mut ctx, options.paper) },
                0,
            )),
            Product::Sheets => Ok(sheets::documents(&mut ctx, options)),
            Product::Setups => pack
                .setups
                .iter()
                .map(|setup| setupchart::chart(&mut ctx, faces, setup, options.paper))
                .collect::<Result<Vec<_>, _>>()
                .map(|pages| one(product, pages.concat(), 0)),
            Product::Flowchart => Ok(flowchart::documents(&mut ctx, options, &mut out)),
            Product::Reference => Ok(Vec::new()), // written by `reference::html`
            Product::Rulebook => Ok(Vec::new()),  // written by `rulebook`
            // Not in `ALL`: previews and print-on-demand files of the other products' faces.
            Product::Png | Product::Pod => Ok(Vec::new()),
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
    // A table's heads are drawn on every page it runs over: a head that does not fit is said once.
    let mut said = std::collections::HashSet::new();
    out.warnings.retain(|w| said.insert(format!("{:?}\0{}\0{:?}", w.code, w.message, w.span)));
    out.faces_drawn = faces.drawn;
    out.provisional = std::mem::take(&mut ctx.provisional);
    out.previews = previews.into_iter().map(|(name, art)| Preview { name, art }).collect();
    out.pieces = pieces;
    Ok(out)
}
