//! Digital tables: the pack's pieces, decks and map for play on screen (a VASSAL module, a
//! Tabletop Simulator set), made from what `render` drew for print: every distinct face
//! ([`crate::render::Rendered::previews`]) and every kind of piece with its faces
//! ([`crate::render::Rendered::pieces`]). What is shared here is drawing those faces and the map
//! as images, once for both products: [`vassal`] and [`tts`] each turn them into their files.

pub mod board;
pub mod tts;
pub mod vassal;

use std::collections::BTreeMap;

use resvg::tiny_skia::Pixmap;

use crate::emit::{encode_png, in_order, raster, SvgParser};
use crate::model::Pack;
use crate::render::{Product, Rendered};

/// The resolution of every image the digital tables get: sharp on a screen at 100 % zoom, a deck
/// sheet of ten cards across stays within Tabletop Simulator's 4096 px, and it is 1.5 × usvg's
/// 96 px per inch, where resvg draws pattern fills (the map's terrain) on whole pixels: the A3
/// map takes 62 ms at 144 dpi and 169 ms at 150.
pub const DPI: u32 = 144;

/// What both digital tables are made from: the pack, what was rendered for print, every piece's
/// faces drawn at [`DPI`] by face id, the map's published page as a board (when the pack has a
/// map), and the rules reference's HTML (when it was made).
pub struct Table<'a> {
    /// The checked pack.
    pub pack: &'a Pack,
    /// What was rendered for print: the pieces and their faces.
    pub rendered: &'a Rendered,
    /// Every piece's faces at [`DPI`], by face id.
    pub faces: BTreeMap<String, Pixmap>,
    /// The map's published page, when the pack has a map.
    pub board: Option<board::Board>,
    /// The rules reference, when it was made.
    pub rules_html: Option<&'a str>,
    /// PNG files made so far, by face id (`board` for the board), shared by both products.
    pngs: std::sync::Mutex<BTreeMap<String, std::sync::Arc<Vec<u8>>>>,
}

impl Table<'_> {
    /// The face `id` (or `board`) as a PNG file, encoded once for both products.
    pub fn png(&self, id: &str) -> Result<std::sync::Arc<Vec<u8>>, String> {
        if let Some(done) = self.pngs.lock().map_err(|e| e.to_string())?.get(id) {
            return Ok(done.clone());
        }
        let (pixmap, dpi) = match (id, &self.board) {
            ("board", Some(board)) => (&board.image, board.dpi.round() as u32),
            _ => (self.faces.get(id).ok_or_else(|| format!("{id}: the face was not drawn"))?, DPI),
        };
        let bytes = std::sync::Arc::new(encode_png(pixmap, dpi).map_err(|e| format!("{id}: {e}"))?);
        self.pngs.lock().map_err(|e| e.to_string())?.insert(id.to_string(), bytes.clone());
        Ok(bytes)
    }
}

/// One deck: the cards that share a back, in print order.
pub struct Deck<'a> {
    /// A file stem made from its back (`common`, `player-a`; `cards` for one-sided cards).
    pub stem: String,
    /// Its name on the table: the side whose back it has, else the back's name, else "Cards".
    pub name: String,
    /// The back's face id (`None` for cards printed on one side).
    pub back: Option<&'a str>,
    /// Its kinds of card.
    pub cards: Vec<&'a crate::render::PieceKind>,
}

/// The pack's decks: its cards grouped by the back they are printed with, as they are sorted
/// when the printed cards are cut (the pack's `[[decks]]` are per setup and overlap).
pub fn decks<'a>(pack: &Pack, rendered: &'a Rendered) -> Vec<Deck<'a>> {
    let msg = crate::messages::Messages::of(pack);
    let mut decks: Vec<Deck<'a>> = Vec::new();
    for kind in rendered.pieces.iter().filter(|k| k.product == Product::Cards) {
        let back = kind.back.as_deref();
        if let Some(deck) = decks.iter_mut().find(|d| d.back == back) {
            deck.cards.push(kind);
            continue;
        }
        let card = pack.cards.iter().find(|c| c.id == kind.id);
        let card_back = card.and_then(|c| pack.card_back(c));
        let side = card_back.and_then(|b| b.side.as_ref()).and_then(|s| pack.side(s));
        let name = match (side, card_back) {
            (Some(side), _) => msg.first_name(&side.name).to_string(),
            (None, Some(b)) => msg.first_name(&b.name).to_string(),
            _ => String::new(),
        };
        let name = if name.is_empty() { msg.first("play.cards") } else { name };
        let stem = back.map_or("cards", |b| b.strip_prefix("cards/back-").unwrap_or(b));
        decks.push(Deck { stem: file_stem(stem), name, back, cards: vec![kind] });
    }
    decks
}

/// The name of a counter face (a unit or marker id) in the pack's first language.
pub fn face_name(pack: &Pack, msg: &crate::messages::Messages, id: &str) -> String {
    pack.unit_by_id(id)
        .map(|u| msg.first_name(&u.name).to_string())
        .or_else(|| pack.marker(id).map(|m| msg.first_name(&m.name).to_string()))
        .unwrap_or_else(|| id.to_string())
}

/// A safe file name: ASCII letters, digits, `-`, `_` and `.` kept, anything else as `_` and the
/// name's hash added.
pub fn file_stem(s: &str) -> String {
    let kept: String =
        s.chars().map(|c| if c.is_ascii_alphanumeric() || "-_.".contains(c) { c } else { '_' }).collect();
    if kept == s {
        kept
    } else {
        // Two names that differ only in the characters replaced keep apart.
        format!("{kept}-{:06x}", fnv1a(s) & 0xff_ffff)
    }
}

/// 32-bit FNV-1a: stable across builds and machines, for GUIDs and names.
pub fn fnv1a(s: &str) -> u32 {
    s.bytes().fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

/// The files of the digital-table products in `wanted` (paths relative to the output folder),
/// drawing the faces and the board once for all of them; `tts_url` prefixes the image paths the
/// Tabletop Simulator set names. An error names the face or page that could not be drawn.
pub fn files(
    (parser, pack, rendered): (&SvgParser, &Pack, &Rendered),
    rules_html: Option<&str>,
    wanted: &[Product],
    tts_url: &str,
) -> Result<Vec<(String, Vec<u8>)>, String> {
    let wants = |p: Product| wanted.contains(&p);
    if !wants(Product::Vassal) && !wants(Product::Tts) {
        return Ok(Vec::new());
    }
    let used: std::collections::BTreeSet<&str> =
        rendered.pieces.iter().flat_map(|k| std::iter::once(k.front.as_str()).chain(k.back.as_deref())).collect();
    // The board is drawn on one core while the faces are drawn on the others, and the two
    // products are then made side by side.
    let (faces, board) = std::thread::scope(|scope| {
        let board = scope.spawn(|| board::Board::of(parser, rendered));
        let faces = faces(parser, rendered, DPI, |id| used.contains(id));
        (faces, board.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
    });
    let table = Table { pack, rendered, faces: faces?, board: board?, rules_html, pngs: Default::default() };
    let (vassal, tts) = std::thread::scope(|scope| {
        let vassal = scope.spawn(|| if wants(Product::Vassal) { vassal::files(&table) } else { Ok(Vec::new()) });
        let tts = if wants(Product::Tts) { tts::files(&table, tts_url) } else { Ok(Vec::new()) };
        (vassal.join().unwrap_or_else(|e| std::panic::resume_unwind(e)), tts)
    });
    let mut files = vassal?;
    files.extend(tts?);
    Ok(files)
}

/// Every distinct face of `rendered` whose id `wanted` accepts, drawn without its bleed at `dpi`,
/// on every core, by face id.
pub fn faces(
    parser: &SvgParser,
    rendered: &Rendered,
    dpi: u32,
    wanted: impl Fn(&str) -> bool,
) -> Result<BTreeMap<String, Pixmap>, String> {
    let chosen: Vec<_> = rendered.previews.iter().filter(|p| wanted(&p.name)).collect();
    let svgs: Vec<String> = chosen.iter().map(|p| p.art.trimmed_document()).collect();
    let drawn = in_order(&svgs, |svg| raster(parser, svg, dpi));
    chosen
        .iter()
        .zip(drawn)
        .map(|(p, pixmap)| pixmap.map(|px| (p.name.clone(), px)).map_err(|e| format!("{}: {}", p.name, e.0)))
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::layout::Paper;
    use crate::render::{render, Options, Product};

    #[test]
    fn every_printed_piece_is_a_kind_whose_faces_are_drawn_without_their_bleed() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/dougram");
        let mut sources = crate::diag::Sources::default();
        let (pack, _) = crate::load::pack(&dir, &mut sources);
        let fonts = Arc::new(crate::render::fonts_for(&pack).unwrap());
        let mut options = Options::new(Paper::named("a4").unwrap());
        options.only = vec![Product::Counters, Product::Chits, Product::Cards];
        let rendered = render(&pack, fonts.clone(), &mut sources, &options).unwrap();
        let total = |p: Product| -> u32 { rendered.pieces.iter().filter(|k| k.product == p).map(|k| k.count).sum() };
        let printed = |p: Product| rendered.documents.iter().find(|d| d.product == p).unwrap().pieces as u32;
        for product in [Product::Counters, Product::Chits, Product::Cards] {
            assert_eq!(total(product), printed(product), "{product:?}");
        }
        // The 234 counters of the published game: 155 unit and marker counters and 79 chits.
        assert_eq!((total(Product::Counters), total(Product::Chits)), (155, 79));
        assert_eq!(rendered.pieces.iter().filter(|k| k.product == Product::Cards).count(), pack.cards.len());
        let faces = |k: &crate::render::PieceKind| [Some(k.front.clone()), k.back.clone()];
        assert!(rendered
            .pieces
            .iter()
            .flat_map(faces)
            .flatten()
            .all(|id| rendered.previews.iter().any(|p| p.name == id)));

        let parser = crate::emit::SvgParser::for_pack(&fonts, &pack.root);
        let drawn = super::faces(&parser, &rendered, 96, |id| id.starts_with("counters/")).unwrap();
        let soldier = &drawn["counters/soldiers-front"];
        // A 16 mm counter at 96 dpi: 60.47 px, its 1 mm bleed left off.
        let side = (pack.print.counter_mm / 25.4 * 96.0).round() as u32;
        assert_eq!((soldier.width(), soldier.height()), (side, side));
        assert!(drawn.keys().all(|id| id.starts_with("counters/")));
    }
}
