//! The imposed products: counters, chits and cards, each distinct face drawn once through its
//! template and placed on sheets as often as the piece is printed, and the duplex calibration
//! sheet that serves them.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::diag::{Code, Diagnostic};
use crate::layout::{Imposition, Paper, Sides};
use crate::model::Pack;
use crate::render::pieces::faces::{Face, FaceRenderer, FaceSize};
use crate::render::pieces::sheets::{Arts, Piece};
use crate::render::pieces::{calibration, sheets};
use crate::render::{Ctx, Document, Options, PieceKind, Product};

/// A product of faces imposed on sheets (counters, chits, cards) or the calibration sheet; every
/// distinct face also goes to `previews`, every kind of piece to `kinds`.
pub(crate) fn documents(
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
        // One calibration sheet per orientation of the duplex sheets: a printer's back offset
        // is measured on a sheet printed as the sheets it corrects are (a landscape sheet flips on
        // its short edge, and the printer driver turns it onto the paper its own way).
        _ => {
            let sheets = duplex_impositions(pack, options);
            let wanted = [
                (options.paper, sheets.iter().any(|i| !i.paper.is_landscape()) || sheets.is_empty(), ""),
                (options.paper.landscape(), sheets.iter().any(|i| i.paper.is_landscape()), "-landscape"),
            ];
            let documents = wanted.into_iter().filter(|(_, wanted, _)| *wanted).map(|(paper, _, suffix)| Document {
                product,
                name: format!("{}{suffix}", product.name()),
                pages: calibration::calibration(ctx, paper),
                pieces: 0,
                page_mm: (paper.width, paper.height),
            });
            return Ok(documents.collect());
        }
    };
    if built.pieces.is_empty() {
        return Ok(Vec::new()); // the pack has nothing of this kind
    }
    // One drawing per distinct face, shared by the sheets' placements and the previews.
    let mut arts = Arts::default();
    for face in &built.faces {
        previews.entry(face.id.clone()).or_insert_with(|| arts.of(face));
    }
    let face_id = |i: Option<usize>| i.map(|i| built.faces[i].id.clone());
    kinds.extend(built.kinds.iter().map(|k| PieceKind {
        product,
        id: k.id.clone(),
        front: built.faces[k.front].id.clone(),
        back: face_id(k.back),
        deck_back: face_id(k.deck_back),
        count: k.count,
    }));
    let pieces: Vec<Piece<'_>> =
        built.pieces.iter().map(|&(f, b)| Piece { front: &built.faces[f], back: b.map(|b| &built.faces[b]) }).collect();
    let kind = match product {
        Product::Counters => ctx.msg.first("products.counters"),
        Product::Chits => ctx.msg.first("products.chits"),
        _ => ctx.msg.first("products.cards"),
    };
    let offset = if built.imp.paper.is_landscape() { options.back_offset_landscape } else { options.back_offset };
    let pages = sheets::pages(ctx, (&built.imp, &mut arts), &pieces, offset, &kind, options.blank_backs);
    let page_mm = (built.imp.paper.width, built.imp.paper.height);
    Ok(vec![Document { product, name: product.name().into(), pages, pieces: pieces.len(), page_mm }])
}

/// Faces (each distinct face once) and the pieces that use them, by index: every copy, and
/// every kind (its id, faces and count).
struct Built {
    imp: Imposition,
    faces: Vec<Face>,
    pieces: Vec<(usize, Option<usize>)>,
    kinds: Vec<BuiltKind>,
}

/// One kind of piece, its faces by index.
struct BuiltKind {
    id: String,
    front: usize,
    back: Option<usize>,
    /// The back its deck shows face down: its back, or a double-sided card's side's common back.
    deck_back: Option<usize>,
    count: u32,
}

impl Built {
    fn new(imp: Imposition) -> Built {
        Built { imp, faces: Vec::new(), pieces: Vec::new(), kinds: Vec::new() }
    }

    /// `count` copies of the piece `id` with these faces.
    fn add(&mut self, id: &str, (front, back): (usize, Option<usize>), count: u32) {
        self.pieces.extend(std::iter::repeat_n((front, back), count as usize));
        self.kinds.push(BuiltKind { id: id.to_string(), front, back, deck_back: back, count });
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

/// The impositions of the duplex sheets the pack prints: counters, chits and cards (unless
/// printed on one side or gutter-folded).
fn duplex_impositions(pack: &Pack, options: &Options) -> Vec<Imposition> {
    let mut grids = Vec::new();
    if !pack.counters.is_empty() {
        grids.push(square_grid(pack, options, pack.print.counter_mm).map(|(imp, _)| imp));
    }
    if !pack.chits.values.is_empty() {
        grids.push(square_grid(pack, options, pack.print.chit_mm).map(|(imp, _)| imp));
    }
    if !pack.cards.is_empty() && !pack.print.one_sided_cards {
        grids.push(card_grid(pack, options).map(|(imp, _)| imp));
    }
    grids.into_iter().flatten().filter(|imp| imp.sides == Sides::Duplex).collect()
}

/// The duplex grid of square pieces `side` mm across (counters, chits), with the counters' bleed.
fn square_grid(pack: &Pack, options: &Options, side: f64) -> Result<(Imposition, FaceSize), Diagnostic> {
    let size = FaceSize { w: side, h: side, bleed: bleed(options, pack.print.counter_bleed) };
    Ok((grid(pack, options.paper, (size.w, size.h), size.bleed, 0.0, Sides::Duplex)?, size))
}

fn counters(pack: &Pack, faces: &mut FaceRenderer<'_>, options: &Options) -> Result<Built, Diagnostic> {
    let (imp, size) = square_grid(pack, options, pack.print.counter_mm)?;
    let mut built = Built::new(imp);
    let chosen = |id: &String| options.chosen(id);
    for counter in pack.counters.iter().filter(|c| chosen(&c.id)) {
        let front = faces.counter_side(counter, false, &size)?;
        let back = match &counter.back {
            Some(_) => faces.counter_side(counter, true, &size)?,
            // A one-sided counter (a DEFCON or turn marker) reads the same either way up: its
            // back repeats its front, printed only where the sheet has a back page anyway.
            None => faces.repeated_back(counter, &size)?,
        };
        let f = push(&mut built.faces, front);
        let b = push(&mut built.faces, back);
        built.add(&counter.id, (f, Some(b)), counter.count.value);
    }
    Ok(built)
}

fn chits(pack: &Pack, faces: &mut FaceRenderer<'_>, options: &Options) -> Result<Built, Diagnostic> {
    let (imp, size) = square_grid(pack, options, pack.print.chit_mm)?;
    let mut built = Built::new(imp);
    let back = push(&mut built.faces, faces.chit_back(&size)?);
    for value in pack.chits.values.iter().filter(|v| options.chosen(&v.label)) {
        let front = push(&mut built.faces, faces.chit_front(&value.label, &size)?);
        built.add(&value.label, (front, Some(back)), value.count);
    }
    Ok(built)
}

fn card_grid(pack: &Pack, options: &Options) -> Result<(Imposition, FaceSize), Diagnostic> {
    let (w, h) = pack.print.card_mm;
    let size = FaceSize { w, h, bleed: bleed(options, pack.print.card_bleed) };
    // `[print] gutter` spaces the cards; a gutter-fold sheet needs room for the bleed of both halves.
    // One-sided cards have nothing to fold.
    let sides = if pack.print.one_sided_cards { Sides::Duplex } else { options.card_sides };
    let gutter = match sides {
        Sides::Fold => pack.print.card_gutter(size.bleed).max(2.0 * size.bleed),
        _ => pack.print.card_gutter(size.bleed),
    };
    Ok((grid(pack, options.paper, (w, h), size.bleed, gutter, sides)?, size))
}

fn cards(pack: &Pack, faces: &mut FaceRenderer<'_>, options: &Options) -> Result<Built, Diagnostic> {
    let (imp, size) = card_grid(pack, options)?;
    let mut built = Built::new(imp);
    let mut cards: Vec<_> = pack.cards.iter().filter(|c| options.chosen(&c.id)).collect();
    cards.sort_by_key(|c| c.order());
    for card in cards {
        let mut front = faces.card_front(card, &size)?;
        // The sheet's margin and the manifest name the cards that carry provisional values.
        (front.names, front.provisional) = (card.name.clone(), card.provisional.clone());
        let front = push(&mut built.faces, front);
        let own_back = faces.card_own_back(card, &size).transpose()?.map(|b| push(&mut built.faces, b));
        if pack.print.one_sided_cards {
            // Printed on one side, a double-sided card's other side is a card of its own beside it.
            built.add(&card.id, (front, None), card.copies.value);
            if let Some(reverse) = own_back {
                built.pieces.extend(std::iter::repeat_n((reverse, None), card.copies.value as usize));
            }
            continue;
        }
        let back = faces.card_back(card, &size)?;
        let back = match built.faces.iter().position(|f| f.id == back.id) {
            Some(i) => i,
            None => push(&mut built.faces, back),
        };
        built.add(&card.id, (front, Some(own_back.unwrap_or(back))), card.copies.value);
        if let Some(kind) = built.kinds.last_mut() {
            kind.deck_back = Some(back);
        }
    }
    Ok(built)
}

fn push(faces: &mut Vec<Face>, face: Face) -> usize {
    faces.push(face);
    faces.len() - 1
}
