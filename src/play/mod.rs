//! Digital tables: the pack's pieces, decks and map for play on screen (a VASSAL module, a
//! Tabletop Simulator set), made from what `render` drew for print: every distinct face
//! ([`crate::render::Rendered::previews`]) and every kind of piece with its faces
//! ([`crate::render::Rendered::pieces`]). What is shared here is drawing those faces and the map
//! as images, once for both products: [`vassal`] and [`tts`] each turn them into their files.

pub mod board;
pub mod tts;
pub mod vassal;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use resvg::tiny_skia::Pixmap;
use sha2::{Digest, Sha256};

use crate::emit::{encode_png, in_order, raster, SvgParser};
use crate::layout::Art;
use crate::model::Pack;
use crate::render::Product;
use crate::render::Rendered;

/// The resolution of every image the digital tables get: sharp on a screen at 100 % zoom, a deck
/// sheet of ten cards across stays within Tabletop Simulator's 4096 px, and it is 1.5 × usvg's
/// 96 px per inch, where resvg draws pattern fills (the map's terrain) on whole pixels: the A3
/// map takes 62 ms at 144 dpi and 169 ms at 150.
pub const DPI: u32 = 144;

/// Where the digital tables put each file as soon as it is made (the build's staging folder), so
/// that no more than one batch of pictures is held at a time, whatever the number of cards.
pub trait Sink: Sync {
    /// Writes `path` (relative to the output folder) whole.
    fn put(&self, path: &str, bytes: &[u8]) -> Result<(), String>;
    /// Opens `path` to be written piece by piece (the module's zip); [`Sink::done`] says when it
    /// is complete.
    fn create(&self, path: &str) -> Result<std::fs::File, String>;
    /// `path`, opened by [`Sink::create`], is complete.
    fn done(&self, path: &str) -> Result<(), String>;
}

/// What both digital tables are made from: the pack, what was rendered for print, every piece's
/// face as drawn for print (each drawn as an image at [`DPI`] when a table needs it, and dropped
/// once written), the map's published page as a board (when the pack has a map), and the rules
/// reference's HTML (when it was made).
pub struct Table<'a> {
    /// What draws the pack's SVG (its fonts).
    pub parser: &'a SvgParser,
    /// The checked pack.
    pub pack: &'a Pack,
    /// What was rendered for print: the pieces and their faces.
    pub rendered: &'a Rendered,
    /// Every piece's faces, by face id: each made into an SVG document without its bleed only
    /// when it is drawn, so a 2,000-card set's documents are never held at once.
    arts: BTreeMap<String, Arc<Art>>,
    /// The map's published page, when the pack has a map.
    pub board: Option<board::Board>,
    /// The rules reference, when it was made (deflated until the module takes it).
    pub rules_html: Option<&'a crate::layout::Packed>,
    /// Where the files go.
    pub sink: &'a dyn Sink,
    /// What each face (and `board`) was drawn from, by face id.
    hashes: BTreeMap<String, Hash>,
    /// PNG files kept from earlier builds (`pnpkit watch`), and, when `keep`, those made now.
    pngs: Mutex<BTreeMap<Hash, Arc<Vec<u8>>>>,
    keep: bool,
    /// How many pictures were drawn (not taken from earlier builds).
    drawn: AtomicUsize,
}

impl Table<'_> {
    /// The ids of every face a piece shows, in order.
    pub fn face_ids(&self) -> impl Iterator<Item = &str> {
        self.arts.keys().map(String::as_str)
    }

    /// Whether `id` is a face a piece shows.
    pub fn has_face(&self, id: &str) -> bool {
        self.arts.contains_key(id)
    }

    /// The face `id` drawn now at [`DPI`] (the caller drops it once used).
    pub fn face(&self, id: &str) -> Result<Pixmap, String> {
        let art = self.arts.get(id).ok_or_else(|| format!("{id}: the face was not drawn"))?;
        self.drawn.fetch_add(1, Ordering::Relaxed);
        raster(self.parser, &art.trimmed_document(), DPI).map_err(|e| format!("{id}: {}", e.0))
    }

    /// The face `id` (or `board`) as a PNG file: drawn and encoded now, or as kept from an
    /// earlier build of `pnpkit watch`.
    pub fn png(&self, id: &str) -> Result<Arc<Vec<u8>>, String> {
        let key = *self.hashes.get(id).ok_or_else(|| format!("{id}: the face was not drawn"))?;
        if let Some(done) = self.pngs.lock().map_err(|e| e.to_string())?.get(&key) {
            return Ok(done.clone());
        }
        let bytes = match (id, &self.board) {
            ("board", Some(board)) => encode_png(&board.image, board.dpi.round() as u32),
            _ => encode_png(&self.face(id)?, DPI),
        };
        let bytes = Arc::new(bytes.map_err(|e| format!("{id}: {e}"))?);
        if self.keep {
            self.pngs.lock().map_err(|e| e.to_string())?.insert(key, bytes.clone());
        }
        Ok(bytes)
    }
}

/// A PNG file's width and height in pixels, from its header.
pub fn png_size(png: &[u8]) -> (u32, u32) {
    let at = |i: usize| png.get(i..i + 4).map_or(0, |b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]));
    (at(16), at(20))
}

/// One deck on the table: a deck the setup declares, or the cards that share a back.
pub struct Deck<'a> {
    /// A file stem: the declared deck's id, else made from its back (`common`, `player-a`;
    /// `cards` for one-sided cards).
    pub stem: String,
    /// Its name on the table: the declared deck's name, else the side whose back it has, else
    /// the back's name, else "Cards"; a hand says whose.
    pub name: String,
    /// The back's face id (`None` for cards printed on one side).
    pub back: Option<&'a str>,
    /// Its kinds of card (each as many times as its copies count says, by the caller).
    pub cards: Vec<&'a crate::render::PieceKind>,
    /// It starts in a player's hand, face up to that player (the China Card), not as a deck.
    pub hand: bool,
}

/// The decks on the table when `setup` is played: each deck it declares (`[[decks]]`) with the
/// cards its selector takes, then the cards no such deck takes grouped by the back they are
/// printed with, as they are sorted when the printed cards are cut. Without a setup, or for one
/// that declares no deck, the cards are grouped by back alone.
pub fn decks<'a>(pack: &Pack, rendered: &'a Rendered, setup: Option<&str>) -> Vec<Deck<'a>> {
    let msg = crate::messages::Messages::of(pack);
    let kinds: Vec<&'a crate::render::PieceKind> =
        rendered.pieces.iter().filter(|k| k.product == Product::Cards).collect();
    let mut taken = BTreeSet::new();
    let mut out: Vec<Deck<'a>> = Vec::new();
    for deck in setup.into_iter().flat_map(|s| pack.decks_of(s)) {
        let ids: BTreeSet<&str> = pack
            .selected_cards(&deck.select)
            .into_iter()
            .map(|c| c.id.as_str())
            .filter(|id| !taken.contains(id))
            .collect();
        let cards: Vec<_> = kinds.iter().copied().filter(|k| ids.contains(k.id.as_str())).collect();
        taken.extend(ids);
        let side = deck.side.as_ref().and_then(|s| pack.side(s)).map(|s| msg.first_name(&s.name).to_string());
        let mut name = msg.first_name(&deck.name).to_string();
        if name.is_empty() {
            name = side.clone().unwrap_or_else(|| deck.id.clone());
        }
        if deck.hand {
            let whose = side.unwrap_or_default();
            name = msg.fill_first("play.hand", &[("side", &whose), ("cards", &name)]);
        }
        let back = cards.first().and_then(|k| k.deck_back.as_deref());
        out.push(Deck { stem: file_stem(&deck.id), name, back, cards, hand: deck.hand });
    }
    let declared = out.len();
    for kind in kinds.into_iter().filter(|k| !taken.contains(k.id.as_str())) {
        let back = kind.deck_back.as_deref();
        if let Some(deck) = out[declared..].iter_mut().find(|d| d.back == back) {
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
        out.push(Deck { stem: file_stem(stem), name, back, cards: vec![kind], hand: false });
    }
    out
}

/// The setup a table starts in: the first that declares decks, else the first.
pub fn first_setup(pack: &Pack) -> Option<&str> {
    let declaring = pack.setups.iter().find(|s| pack.decks_of(&s.id).next().is_some());
    declaring.or(pack.setups.first()).map(|s| s.id.as_str())
}

/// The name of a counter face (a unit or marker id) in the pack's first language.
pub fn face_name(pack: &Pack, msg: &crate::messages::Messages, id: &str) -> String {
    pack.unit_by_id(id)
        .map(|u| msg.first_name(&u.name).to_string())
        .or_else(|| pack.marker(id).map(|m| msg.first_name(&m.name).to_string()))
        .unwrap_or_else(|| id.to_string())
}

/// A safe file name in ASCII (a Tabletop Simulator URL): ASCII letters, digits, `-`, `_` and `.`
/// kept, anything else as `_` and the name's hash added; a name that is not safe as it is
/// (`..`, a leading dot, a reserved name) also gets the hash.
pub fn file_stem(s: &str) -> String {
    let kept: String =
        s.chars().map(|c| if c.is_ascii_alphanumeric() || "-_.".contains(c) { c } else { '_' }).collect();
    if kept == s && crate::emit::is_safe_file_name(s) {
        kept
    } else {
        // Two names that differ only in the characters replaced keep apart.
        let kept = match kept.strip_prefix('.') {
            Some(rest) => format!("_{rest}"),
            None => kept,
        };
        format!("{kept}-{:06x}", fnv1a(s) & 0xff_ffff)
    }
}

pub use crate::emit::fnv1a;

/// The SHA-256 of what a picture was drawn from.
type Hash = [u8; 32];

fn hash(svg: &str) -> Hash {
    Sha256::digest(svg.as_bytes()).into()
}

/// What a face is drawn from, hashed from its parts: its document is made only when it is drawn.
fn art_hash(art: &Art) -> Hash {
    let mut hasher = Sha256::new();
    hasher.update(format!("{:?}", art.view).as_bytes());
    hasher.update(art.elements.stored());
    hasher.finalize().into()
}

/// What one build of the digital tables keeps for the next (`pnpkit watch`): the board as drawn
/// and every face's and the board's PNG file, by the SHA-256 of the SVG they were drawn from;
/// only what the last build used is kept. A single build keeps nothing (`keep` false), so its
/// memory does not grow with the number of faces.
#[derive(Default)]
pub struct Memo {
    board: Option<(Hash, board::Board)>,
    pngs: BTreeMap<Hash, Arc<Vec<u8>>>,
    /// Whether to keep the pictures for the next build.
    pub keep: bool,
    /// How many pictures (faces and the board) the last build drew.
    pub drawn: usize,
}

/// Makes the digital-table products in `wanted` and puts their files into `sink` as they are
/// made (returning their paths, relative to the output folder): the faces are drawn as each
/// product needs them and dropped once written; `tts_url` prefixes the image paths the Tabletop
/// Simulator set names. An error names the face or page that could not be drawn.
pub fn files(
    (parser, pack, rendered): (&SvgParser, &Pack, &Rendered),
    rules_html: Option<&crate::layout::Packed>,
    (wanted, tts_url): (&[Product], &str),
    memo: &mut Memo,
    sink: &dyn Sink,
) -> Result<Vec<String>, String> {
    let wants = |p: Product| wanted.contains(&p);
    if !wants(Product::Vassal) && !wants(Product::Tts) {
        return Ok(Vec::new());
    }
    let used: BTreeSet<&str> =
        rendered.pieces.iter().flat_map(|k| std::iter::once(k.front.as_str()).chain(k.back.as_deref())).collect();
    let arts: BTreeMap<String, Arc<Art>> = rendered
        .previews
        .iter()
        .filter(|p| used.contains(p.name.as_str()))
        .map(|p| (p.name.clone(), p.art.clone()))
        .collect();
    let mut hashes: BTreeMap<String, Hash> = arts.iter().map(|(id, art)| (id.clone(), art_hash(art))).collect();
    let page = board::map_page(rendered);
    let board_hash = page.map(|(_, page)| hash(&page.full_svg()));
    let kept_board = match memo.board.take() {
        Some((h, b)) if Some(h) == board_hash => Some(b),
        _ => None,
    };
    let board_drawn = usize::from(kept_board.is_none() && page.is_some());
    let board = match kept_board {
        Some(b) => Some(b),
        None => page.map(|(doc, page)| board::Board::of(parser, doc, page)).transpose()?,
    };
    if let Some(h) = board_hash {
        hashes.insert("board".into(), h);
    }
    let pngs = Mutex::new(std::mem::take(&mut memo.pngs));
    let keep = memo.keep;
    let drawn = AtomicUsize::new(board_drawn);
    let table = Table { parser, pack, rendered, arts, board, rules_html, sink, hashes, pngs, keep, drawn };
    // The two products are made side by side.
    let (vassal, tts) = std::thread::scope(|scope| {
        let vassal = scope.spawn(|| if wants(Product::Vassal) { vassal::files(&table) } else { Ok(Vec::new()) });
        let tts = if wants(Product::Tts) { tts::files(&table, tts_url) } else { Ok(Vec::new()) };
        (vassal.join().unwrap_or_else(|e| std::panic::resume_unwind(e)), tts)
    });
    // Keep what this build used for the next.
    let Table { board, hashes, pngs, drawn, .. } = table;
    let current: BTreeSet<Hash> = hashes.values().copied().collect();
    memo.pngs = pngs.into_inner().map_err(|e| e.to_string())?;
    memo.pngs.retain(|h, _| current.contains(h));
    memo.board = board_hash.zip(board).filter(|_| keep);
    memo.drawn = drawn.into_inner();
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

/// What the tests of the digital tables start from.
#[cfg(test)]
pub(crate) mod testing {
    use std::sync::Arc;

    use crate::emit::SvgParser;
    use crate::layout::Paper;
    use crate::model::Pack;
    use crate::render::render;
    use crate::render::Options;
    use crate::render::Product;
    use crate::render::Rendered;

    /// A sink holding the files in memory, by path (a file written piece by piece goes through
    /// a temporary file under target/).
    #[derive(Default)]
    pub(crate) struct Files(pub(crate) std::sync::Mutex<std::collections::BTreeMap<String, Vec<u8>>>);

    impl Files {
        fn spool(path: &str) -> std::path::PathBuf {
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/test-sink");
            let _ = std::fs::create_dir_all(&dir);
            dir.join(format!("{}-{:?}-{}", std::process::id(), std::thread::current().id(), path.replace('/', "_")))
        }

        /// The files, in path order.
        pub(crate) fn take(&self) -> Vec<(String, Vec<u8>)> {
            std::mem::take(&mut *self.0.lock().unwrap()).into_iter().collect()
        }
    }

    impl super::Sink for Files {
        fn put(&self, path: &str, bytes: &[u8]) -> Result<(), String> {
            self.0.lock().unwrap().insert(path.to_string(), bytes.to_vec());
            Ok(())
        }
        fn create(&self, path: &str) -> Result<std::fs::File, String> {
            std::fs::File::create(Self::spool(path)).map_err(|e| e.to_string())
        }
        fn done(&self, path: &str) -> Result<(), String> {
            let bytes = std::fs::read(Self::spool(path)).map_err(|e| e.to_string())?;
            let _ = std::fs::remove_file(Self::spool(path));
            self.put(path, &bytes)
        }
    }

    /// data/dougram loaded and its `products` rendered, with the parser that draws its pictures.
    pub(crate) fn dougram(products: &[Product]) -> (Pack, Rendered, SvgParser) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/dougram");
        let mut sources = crate::diag::Sources::default();
        let (pack, _) = crate::load::pack(&dir, &mut sources);
        let fonts = Arc::new(crate::render::fonts_for(&pack).unwrap());
        let mut options = Options::new(Paper::named("a4").unwrap());
        options.only = products.to_vec();
        let rendered = render(&pack, fonts.clone(), &mut sources, &options).unwrap();
        let parser = SvgParser::for_pack(&fonts, &pack.root);
        (pack, rendered, parser)
    }
}

#[cfg(test)]
mod tests {
    use super::testing::dougram;
    use crate::render::Product;

    #[test]
    fn every_printed_piece_is_a_kind_whose_faces_are_drawn_without_their_bleed() {
        let (pack, rendered, parser) = dougram(&[Product::Counters, Product::Chits, Product::Cards]);
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

        let drawn = super::faces(&parser, &rendered, 96, |id| id.starts_with("counters/")).unwrap();
        let soldier = &drawn["counters/soldiers-front"];
        // A 16 mm counter at 96 dpi: 60.47 px, its 1 mm bleed left off.
        let side = (pack.print.counter_mm / 25.4 * 96.0).round() as u32;
        assert_eq!((soldier.width(), soldier.height()), (side, side));
        assert!(drawn.keys().all(|id| id.starts_with("counters/")));
    }

    #[test]
    fn a_second_build_of_the_same_pack_draws_no_picture_again_and_writes_the_same_files() {
        let (pack, rendered, parser) = dougram(&[Product::Counters, Product::Chits, Product::Cards, Product::Map]);
        let wanted = [Product::Vassal, Product::Tts];
        let mut memo = super::Memo { keep: true, ..Default::default() };
        let sink = super::testing::Files::default();
        super::files((&parser, &pack, &rendered), None, (&wanted, ""), &mut memo, &sink).unwrap();
        let first = sink.take();
        let ids: std::collections::BTreeSet<&str> =
            rendered.pieces.iter().flat_map(|k| std::iter::once(k.front.as_str()).chain(k.back.as_deref())).collect();
        // Faces that look alike (a unit on two counter kinds) are drawn once.
        let looks: std::collections::BTreeSet<String> = rendered
            .previews
            .iter()
            .filter(|p| ids.contains(p.name.as_str()))
            .map(|p| p.art.trimmed_document())
            .collect();
        assert!(looks.len() < ids.len());
        // The deck sheets are put together from faces drawn anew (the faces are not kept: a
        // 2,000-card pack's would not fit in memory); every other picture comes from the files
        // kept: the card fronts and their one back.
        let cards = rendered.pieces.iter().filter(|k| k.product == Product::Cards).count();
        assert!(memo.drawn > looks.len(), "every face, the board and the sheets' faces: {}", memo.drawn);
        super::files((&parser, &pack, &rendered), None, (&wanted, ""), &mut memo, &sink).unwrap();
        assert_eq!(memo.drawn, cards + 1, "only the deck sheets' faces are drawn again");
        assert!(first == sink.take(), "the same files from what was kept");
    }
}
