//! `<pack>.vmod`: a VASSAL module made from the same pack, for play on screen. The map is a
//! board whose hex grid numbers hexes as the pack does (an area map gets a zone per area); every
//! counter kind is a piece in the palette whose back is a flip layer; the chits are a face-down
//! pile and each deck a pile of its cards with their back, on a table beside the map that also
//! holds the off-map boxes; the sides are the player roster, the dice are buttons, the rules
//! reference is the help, and each setup of the pack is a saved game with the pieces in place
//! (File ▸ New Game). The buildFile format is VASSAL's own (`VASSAL.build.*` elements); the
//! encodings are in [`encode`], the XML in [`buildfile`], the saved setups in [`setups`].

mod buildfile;
mod dice;
mod encode;
mod setups;
mod table;

use std::collections::BTreeMap;
use std::io::Write;

use crate::emit::encode_png;
use crate::messages::Messages;
use crate::model::{MapKind, Orientation, Pack};
use crate::render::PieceKind;
use crate::render::Product;

use super::Table as Drawn;
use dice::{dice, DiceButton};
use encode::Trait;

/// The VASSAL version the module is written for (its `VassalVersion`): 3.7 reads every element
/// used here.
const VASSAL_VERSION: &str = "3.7.0";

/// What the module's pieces are.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// A counter kind: its back (if any) is a flip layer.
    Counter,
    /// A card or a chit: its back hides its face when it lies face down.
    Card,
}

/// A piece the module defines: one counter kind, card or chit value.
struct PieceDef {
    /// VASSAL's piece slot id.
    gpid: u32,
    /// Its name on the front.
    name: String,
    /// Its name on the back (counters whose back is another unit).
    back_name: String,
    /// Image file names (under `images/`).
    front: String,
    back: Option<String>,
    kind: Kind,
    /// The front image's size in pixels.
    size: (u32, u32),
}

impl PieceDef {
    /// Its traits, outermost first, as the slot `gpid` holds it: in a palette or pile (`at`
    /// `None`) or at a place on a map; `turned` shows a counter's back, or lays a card or chit
    /// face down.
    fn traits(&self, msg: &Messages, gpid: u32, at: Option<(&str, i64, i64)>, turned: bool) -> Vec<Trait> {
        let Some(back) = &self.back else { return vec![encode::basic(&self.front, &self.name, gpid, at)] };
        match self.kind {
            Kind::Counter => vec![
                encode::flip_layer(
                    [&self.front, back],
                    [&self.name, &self.back_name],
                    &msg.first("vassal.flip"),
                    if turned { 2 } else { 1 },
                ),
                encode::basic("", &self.name, gpid, at),
            ],
            Kind::Card => vec![
                encode::mask(back, [&msg.first("vassal.turn_over"), &msg.first("vassal.peek")], turned),
                encode::basic(&self.front, &self.name, gpid, at),
            ],
        }
    }

    /// Its type and state in the slot `gpid`, as [`encode::piece`] gives them.
    fn encoded(&self, msg: &Messages, gpid: u32, at: Option<(&str, i64, i64)>, turned: bool) -> (String, String) {
        encode::piece(&self.traits(msg, gpid, at, turned))
    }
}

/// A face-down pile on the table: a deck of cards or the chits.
struct Pile {
    /// Its name, which also links a saved deck to it.
    name: String,
    /// Its place on the table (`Place::key`).
    key: String,
    /// The pieces in it at the start, one entry per copy (indices into `Module::pieces`).
    pieces: Vec<usize>,
    /// The slot id (gpid) of each of `pieces`: every copy has a slot of its own.
    ids: Vec<u32>,
    /// The pieces in it in each setup's saved game, by setup id (absent: `pieces`).
    by_setup: BTreeMap<String, Vec<usize>>,
    /// A player's hand: face up, never shuffled.
    hand: bool,
    /// Its size in pixels: the largest piece in it.
    size: (u32, u32),
}

/// The card piles on the table: every deck any setup declares and the cards of each back (see
/// [`super::decks`]), holding the first setup's decks at the start and each setup's in its
/// saved game.
fn card_piles(
    pack: &Pack,
    msg: &Messages,
    rendered: &crate::render::Rendered,
    by_kind: &BTreeMap<(Product, String), usize>,
) -> Vec<Pile> {
    let copies = |deck: &super::Deck<'_>| -> Vec<usize> {
        let each = deck.cards.iter().map(|k| (by_kind[&(Product::Cards, k.id.clone())], k.count as usize));
        each.flat_map(|(i, n)| std::iter::repeat_n(i, n)).collect()
    };
    let first = super::first_setup(pack);
    let mut piles: Vec<Pile> = Vec::new();
    let setups: Vec<Option<&str>> =
        if pack.setups.is_empty() { vec![None] } else { pack.setups.iter().map(|s| Some(s.id.as_str())).collect() };
    // The first setup's piles first, in its order; then those only other setups use.
    let order = std::iter::once(first).chain(setups.iter().copied().filter(|s| *s != first));
    for setup in order {
        for deck in super::decks(pack, rendered, setup) {
            let key = format!("deck:{}", deck.stem);
            let pile = match piles.iter().position(|p| p.key == key) {
                Some(i) => &mut piles[i],
                None => {
                    // VASSAL links a saved deck to its pile by name: two setups' decks named after
                    // the same side are told apart by their setup's name.
                    let mut name = deck.name.clone();
                    if piles.iter().any(|p| p.name == name) {
                        let setup = setup.and_then(|s| pack.setup(s)).map(|s| msg.first_name(&s.name).to_string());
                        name = format!("{name} ({})", setup.unwrap_or_else(|| deck.stem.clone()));
                    }
                    let (pieces, by_setup, hand) = (Vec::new(), BTreeMap::new(), deck.hand);
                    piles.push(Pile { name, key, pieces, ids: Vec::new(), by_setup, hand, size: (0, 0) });
                    piles.last_mut().expect("just pushed")
                }
            };
            let held = copies(&deck);
            if setup == first {
                pile.pieces = held.clone();
            }
            if let Some(id) = setup {
                pile.by_setup.insert(id.to_string(), held);
            }
        }
    }
    // A pile a setup does not use is empty in its saved game.
    let ids: Vec<String> = pack.setups.iter().map(|s| s.id.clone()).collect();
    for pile in &mut piles {
        for id in &ids {
            pile.by_setup.entry(id.clone()).or_default();
        }
    }
    piles
}

/// The hex grid as VASSAL's `HexGrid` states it, in board pixels.
struct HexGrid {
    dx: f64,
    dy: f64,
    origin: (i64, i64),
    sideways: bool,
    /// `HexGridNumbering` attributes when the pack's numbering is one VASSAL can state.
    numbering: Option<Numbering>,
}

/// `HexGridNumbering`: column then row (or row then column), each padded to a width, with a
/// separator.
struct Numbering {
    column_first: bool,
    separator: String,
    column_leading: u32,
    row_leading: u32,
    column_offset: i64,
}

/// The map as a VASSAL board.
struct MapBoard {
    name: String,
    image: String,
    size: (u32, u32),
    grid: Option<HexGrid>,
    /// Zones of an area map: name and polygon (pixels).
    zones: Vec<(String, [i64; 4])>,
}

/// Everything the module holds, before it is written.
struct Module<'a> {
    pack: &'a Pack,
    msg: Messages,
    pieces: Vec<PieceDef>,
    /// Palette groups: a name and the counter kinds in it.
    palette: Vec<(String, Vec<usize>)>,
    piles: Vec<Pile>,
    map: Option<MapBoard>,
    table: table::Table,
    table_size: (u32, u32),
    /// The table's picture, `images/table.png`.
    table_png: Vec<u8>,
    /// Dice buttons.
    dice: Vec<DiceButton>,
    /// The words of the decks' menus and reports.
    deck_words: encode::DeckWords,
    /// The first slot id (gpid) after every palette and pile slot.
    next_gpid: u32,
    /// Where the saves put a hex's or an area's pieces on the map board, by location key.
    board_centres: BTreeMap<String, (i64, i64)>,
    /// Whether the module carries the rules reference as its help.
    help: bool,
    /// Which piece is each kind of [`crate::render::Rendered::pieces`], by product and id.
    by_kind: BTreeMap<(Product, String), usize>,
}

/// How many faces are drawn and encoded at a time before they are written into the module.
const BATCH: usize = 64;

/// Writes the module `<pack id>.vmod` into the table's sink as it is made: every face's picture
/// a batch at a time (only its size is kept), then the board, the build file, the saved setups
/// and the help. Returns its path.
pub fn files(drawn: &Drawn<'_>) -> Result<Vec<String>, String> {
    let path = format!("{}.vmod", drawn.pack.id);
    let mut zip = Zip::new(drawn.sink.create(&path)?);
    let mut sizes = BTreeMap::new();
    let ids: Vec<&str> = drawn.face_ids().collect();
    for batch in ids.chunks(BATCH) {
        for (id, png) in batch.iter().zip(crate::emit::in_order(batch, |id| drawn.png(id))) {
            let png = png?;
            sizes.insert(id.to_string(), super::png_size(&png));
            zip.add(&format!("images/{}", image_name(id)), &png)?;
        }
    }
    if drawn.board.is_some() {
        zip.add("images/board.png", &drawn.png("board")?)?;
    }
    let module = Module::of(drawn, &sizes)?;
    zip.add("images/table.png", &module.table_png)?;
    zip.add("buildFile.xml", buildfile::xml(&module).as_bytes())?;
    zip.add("moduledata", module_data(&module, "", false).as_bytes())?;
    for (file, bytes) in setups::saves(&module)? {
        zip.add(&file, &bytes)?;
    }
    if let Some(html) = drawn.rules_html {
        // VASSAL's browser help unpacks a zip kept under help/ and opens its starting page.
        let help = self::zip(&[("rules.html", html.text().as_bytes())])?;
        zip.add(&format!("help/{}", help_entry(&module.msg)), &help)?;
    }
    zip.finish()?;
    drawn.sink.done(&path)?;
    Ok(vec![path])
}

/// The help zip's entry name: the help's title with its spaces as underscores, as VASSAL looks
/// for it.
fn help_entry(msg: &Messages) -> String {
    msg.first("vassal.rules").replace(' ', "_")
}

/// `moduledata` (or a saved game's `savedata`, with `description`): the module's name, version
/// and the VASSAL version, which VASSAL's module manager lists.
fn module_data(module: &Module<'_>, description: &str, save: bool) -> String {
    let esc = crate::text::escape;
    let pack = module.pack;
    let name =
        if save { String::new() } else { format!("<name>{}</name>", esc(module.msg.first_name(&pack.game.title))) };
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\"><version>{}</version><VassalVersion>{VASSAL_VERSION}</VassalVersion>{name}<description>{}</description><dateSaved>0</dateSaved></data>\n",
        esc(&version(pack)),
        esc(description)
    )
}

/// The module's version: the pack's edition (VASSAL wants something; "1" when it has none).
fn version(pack: &Pack) -> String {
    if pack.game.edition.is_empty() {
        "1".into()
    } else {
        pack.game.edition.clone()
    }
}

/// A zip written entry by entry, deflated (PNG stored: it is compressed already), every entry
/// dated 1980-01-01 so that the same entries give the same bytes.
struct Zip<W: Write + std::io::Seek>(zip::ZipWriter<W>);

impl<W: Write + std::io::Seek> Zip<W> {
    fn new(to: W) -> Zip<W> {
        Zip(zip::ZipWriter::new(to))
    }

    fn add(&mut self, name: &str, bytes: &[u8]) -> Result<(), String> {
        use zip::write::SimpleFileOptions;
        let method =
            if name.ends_with(".png") { zip::CompressionMethod::Stored } else { zip::CompressionMethod::Deflated };
        let options = SimpleFileOptions::default()
            .compression_method(method)
            .last_modified_time(zip::DateTime::default())
            .unix_permissions(0o644);
        self.0.start_file(name, options).map_err(|e| format!("{name}: {e}"))?;
        self.0.write_all(bytes).map_err(|e| format!("{name}: {e}"))
    }

    fn finish(self) -> Result<W, String> {
        self.0.finish().map_err(|e| e.to_string())
    }
}

/// A zip in memory of `entries` in their order (a saved game, the help).
fn zip(entries: &[(&str, &[u8])]) -> Result<Vec<u8>, String> {
    let mut zip = Zip::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in entries {
        zip.add(name, bytes)?;
    }
    Ok(zip.finish()?.into_inner())
}

/// An image file name for a face id (`counters/soldiers-front` → `counters_soldiers-front.png`).
fn image_name(face: &str) -> String {
    format!("{}.png", crate::emit::file_name(&face.replace('/', "_")))
}

impl<'a> Module<'a> {
    /// The module of the faces whose pictures are `sizes` big (by face id).
    fn of(drawn: &Drawn<'a>, sizes: &BTreeMap<String, (u32, u32)>) -> Result<Module<'a>, String> {
        let pack = drawn.pack;
        let msg = Messages::of(pack);
        let image = |face: &str| -> Result<(String, (u32, u32)), String> {
            let size = sizes.get(face).ok_or_else(|| format!("{face}: the face was not drawn"))?;
            Ok((image_name(face), *size))
        };
        let mut pieces = Vec::new();
        let mut by_kind = BTreeMap::new();
        for kind in &drawn.rendered.pieces {
            let (front, size) = image(&kind.front)?;
            let back = kind.back.as_deref().map(image).transpose()?.map(|(name, _)| name);
            let (name, back_name) = names(pack, &msg, kind);
            by_kind.insert((kind.product, kind.id.clone()), pieces.len());
            pieces.push(PieceDef {
                gpid: pieces.len() as u32 + 1,
                name,
                back_name,
                front,
                back,
                kind: if kind.product == Product::Counters { Kind::Counter } else { Kind::Card },
                size,
            });
        }
        let palette = palette(pack, &msg, drawn.rendered, &by_kind);
        let mut piles = card_piles(pack, &msg, drawn.rendered, &by_kind);
        let chits: Vec<usize> = drawn
            .rendered
            .pieces
            .iter()
            .filter(|k| k.product == Product::Chits)
            .flat_map(|k| std::iter::repeat_n(by_kind[&(Product::Chits, k.id.clone())], k.count as usize))
            .collect();
        if !chits.is_empty() {
            let name = msg.first_name(&pack.chits.name).to_string();
            let name = if name.is_empty() { msg.first("play.chits") } else { name };
            piles.push(Pile {
                name,
                key: "chits".into(),
                pieces: chits,
                ids: Vec::new(),
                by_setup: BTreeMap::new(),
                hand: false,
                size: (0, 0),
            });
        }
        // A palette slot has its piece's id; every copy in a pile a slot and id of its own.
        let mut next_gpid = pieces.len() as u32 + 1;
        for pile in &mut piles {
            pile.ids = (next_gpid..).take(pile.pieces.len()).collect();
            next_gpid += pile.pieces.len() as u32;
        }
        let card_size = pieces.iter().filter(|p| p.kind == Kind::Card).map(|p| p.size).max().unwrap_or((0, 0));
        for pile in &mut piles {
            let held = pile.pieces.iter().chain(pile.by_setup.values().flatten());
            pile.size = held.map(|&i| pieces[i].size).fold((0, 0), |a, b| (a.0.max(b.0), a.1.max(b.1)));
            if pile.size == (0, 0) {
                pile.size = card_size; // a deck no known card is in yet
            }
        }
        let map = drawn.board.as_ref().map(|board| map_board(pack, &msg, board)).transpose()?;
        let mm = |px: u32| f64::from(px) * 25.4 / f64::from(super::DPI);
        let pile_places: Vec<(String, String, (f64, f64))> =
            piles.iter().map(|p| (p.key.clone(), p.name.clone(), (mm(p.size.0), mm(p.size.1)))).collect();
        let boxes = setups::off_map_places(pack, &msg, map.is_some());
        let family = crate::render::main_family(pack);
        let table = table::lay_out(&pile_places, &boxes, pack.print.counter_mm, family, f64::from(super::DPI));
        let drawn_table =
            crate::emit::raster(drawn.parser, &table.svg, super::DPI).map_err(|e| format!("table: {}", e.0))?;
        let table_size = (drawn_table.width(), drawn_table.height());
        let table_png = encode_png(&drawn_table, super::DPI).map_err(|e| format!("table: {e}"))?;
        Ok(Module {
            pack,
            dice: dice(pack, &msg),
            deck_words: deck_words(&msg),
            next_gpid,
            msg,
            pieces,
            palette,
            piles,
            map,
            table,
            table_size,
            table_png,
            help: drawn.rules_html.is_some(),
            board_centres: drawn.board.as_ref().map(|b| setups::board_centres(pack, b)).unwrap_or_default(),
            by_kind,
        })
    }

    /// The table map's name.
    fn table_name(&self) -> String {
        self.msg.first("vassal.table")
    }

    /// `pile` as a deck, in the build file and in a saved game alike.
    fn deck_spec<'p>(&'p self, pile: &'p Pile) -> encode::DeckSpec<'p> {
        encode::DeckSpec { name: &pile.name, size: pile.size, hand: pile.hand, words: &self.deck_words }
    }
}

/// The words of the decks' menus and reports, in the pack's first language.
fn deck_words(msg: &Messages) -> encode::DeckWords {
    let word = |key: &str| msg.first(&format!("vassal.{key}"));
    encode::DeckWords {
        shuffle: word("shuffle"),
        reverse: word("reverse"),
        draw_multiple: word("draw_multiple"),
        draw_specific: word("draw_specific"),
        face_up: word("face_up"),
        face_down: word("face_down"),
        save: word("save_deck"),
        saved: word("deck_saved"),
        load: word("load_deck"),
        loaded: word("deck_loaded"),
    }
}

/// A piece's name on its front and on its back: a counter kind's by its faces' units or markers,
/// a card's by its number and name, a chit's by its label.
fn names(pack: &Pack, msg: &Messages, kind: &PieceKind) -> (String, String) {
    let face = |id: &str| super::face_name(pack, msg, id);
    match kind.product {
        Product::Counters => {
            let counter = pack.counters.iter().find(|c| c.id == kind.id);
            let front = counter.map_or(kind.id.clone(), |c| face(&c.front.value));
            let back = counter.and_then(|c| c.back.as_ref()).map_or(front.clone(), |b| face(&b.value));
            (front, back)
        }
        Product::Cards => {
            let card = pack.cards.iter().find(|c| c.id == kind.id);
            let name = card.map_or(kind.id.clone(), |c| format!("{} {}", c.printed_number(), msg.first_name(&c.name)));
            (name.clone(), name)
        }
        _ => {
            let chits = msg.first_name(&pack.chits.name).to_string();
            let chits = if chits.is_empty() { msg.first("play.chits") } else { chits };
            let name = format!("{chits} {}", kind.id);
            (name.clone(), name)
        }
    }
}

/// The palette: counter kinds grouped by the side of their front unit, markers last.
fn palette(
    pack: &Pack,
    msg: &Messages,
    rendered: &crate::render::Rendered,
    by_kind: &BTreeMap<(Product, String), usize>,
) -> Vec<(String, Vec<usize>)> {
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    let markers = msg.first("vassal.markers");
    for kind in rendered.pieces.iter().filter(|k| k.product == Product::Counters) {
        let front = pack.counters.iter().find(|c| c.id == kind.id).map(|c| c.front.as_str()).unwrap_or_default();
        let side = pack
            .unit_by_id(front)
            .and_then(|u| pack.force(&u.force.value))
            .and_then(|f| pack.side(&f.side.value))
            .map(|s| msg.first_name(&s.name).to_string());
        let group = side.unwrap_or_else(|| markers.clone());
        let i = by_kind[&(Product::Counters, kind.id.clone())];
        match groups.iter_mut().find(|(name, _)| *name == group) {
            Some((_, members)) => members.push(i),
            None => groups.push((group, vec![i])),
        }
    }
    // Markers after the sides.
    groups.sort_by_key(|(name, _)| *name == markers);
    groups
}

/// The map as a board: its image, and a hex grid numbered as the pack numbers hexes, or a zone
/// per area.
fn map_board(pack: &Pack, msg: &Messages, board: &super::board::Board) -> Result<MapBoard, String> {
    let map = pack.map.as_ref().ok_or("the map was drawn but the pack has none")?;
    let grid = match (map.kind, &map.grid) {
        (MapKind::Hex, Some(grid)) => hex_grid(map, grid, board),
        _ => None,
    };
    let zones = map
        .areas
        .iter()
        .filter_map(|a| {
            let [l, t, r, b] = board.areas.get(&a.id)?;
            Some((msg.first_name(&a.name).to_string(), [*l as i64, *t as i64, r.ceil() as i64, b.ceil() as i64]))
        })
        .collect();
    Ok(MapBoard {
        name: msg.first_name(&map.name).to_string(),
        image: "board.png".into(),
        size: (board.image.width(), board.image.height()),
        grid,
        zones,
    })
}

/// VASSAL's hex grid for the pack's: the spacing from the drawn hexes' size, the origin fitted
/// to every hex's drawn centre (VASSAL's column 0 is the first shifted-up column).
fn hex_grid(map: &crate::model::Map, grid: &crate::model::HexGrid, board: &super::board::Board) -> Option<HexGrid> {
    let boxes: Vec<(&crate::model::Hex, [f64; 4])> =
        map.hexes.iter().filter_map(|h| board.hexes.get(&h.id).map(|b| (h, *b))).collect();
    if boxes.is_empty() {
        return None;
    }
    let n = boxes.len() as f64;
    let mean = |f: &dyn Fn(&[f64; 4]) -> f64| boxes.iter().map(|(_, b)| f(b)).sum::<f64>() / n;
    let (width, height) = (mean(&|b| b[2] - b[0]), mean(&|b| b[3] - b[1]));
    let sideways = grid.orientation == Orientation::PointyTop;
    // Along the columns (across the flats) and between columns (three quarters of the corners'
    // width); pointy-top grids are the same turned a quarter (VASSAL's "sideways").
    let (dx, dy) = if sideways { (height * 0.75, width) } else { (width * 0.75, height) };
    let first_column_shifted = !grid.even_shifted;
    let index = |col: u32| i64::from(col) - i64::from(!first_column_shifted);
    let (mut sx, mut sy) = (0.0, 0.0);
    for (hex, b) in &boxes {
        let (cx, cy) = ((b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0);
        let (along, across) = if sideways { (cy, cx) } else { (cx, cy) };
        let (c, r) =
            if sideways { (index(hex.row), i64::from(hex.col) - 1) } else { (index(hex.col), i64::from(hex.row) - 1) };
        sx += along - c as f64 * dx;
        sy += across - r as f64 * dy - if c % 2 != 0 { dy / 2.0 } else { 0.0 };
    }
    let origin = ((sx / n).round() as i64, (sy / n).round() as i64);
    let origin = if sideways { (origin.1, origin.0) } else { origin };
    // VASSAL's column 0 is the pack's column 1 when that one is shifted up, else a column before it.
    let numbering = numbering(&grid.numbering.pattern)
        .filter(|_| !sideways)
        .map(|n| Numbering { column_offset: i64::from(!first_column_shifted), ..n });
    Some(HexGrid { dx, dy, origin, sideways, numbering })
}

/// `HexGridNumbering` for a pack numbering pattern of a column and a row field (`{c}{r}`,
/// `{c:02}{r:02}`, `{r}.{c}`), or `None` for one VASSAL cannot state (a running number, text
/// around the fields).
fn numbering(pattern: &str) -> Option<Numbering> {
    let field = |s: &str| -> Option<(char, u32, usize)> {
        let rest = s.strip_prefix('{')?;
        let close = rest.find('}')?;
        let inner = &rest[..close];
        let (name, width) = inner.split_once(':').map_or((inner, 0), |(n, w)| (n, w.parse().unwrap_or(0)));
        let which = match name {
            "c" => 'c',
            "r" => 'r',
            _ => return None,
        };
        Some((which, width, close + 2))
    };
    let (first, width1, used) = field(pattern)?;
    let rest = &pattern[used..];
    let open = rest.find('{')?;
    let separator = &rest[..open];
    let (second, width2, used2) = field(&rest[open..])?;
    if first == second || open + used2 != rest.len() {
        return None;
    }
    let leading = |w: u32| w.saturating_sub(1);
    let (cw, rw) = if first == 'c' { (width1, width2) } else { (width2, width1) };
    Some(Numbering {
        column_first: first == 'c',
        separator: separator.to_string(),
        column_leading: leading(cw),
        row_leading: leading(rw),
        column_offset: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The location VASSAL names for point `p` on a board with `grid`, as `HexGrid.getRawColumn`,
    /// `getRawRow` and `RegularGridNumbering.getName` compute it (not sideways, ascending, not
    /// staggered, numeric).
    fn vassal_location(grid: &HexGrid, (x, y): (i64, i64)) -> String {
        let n = grid.numbering.as_ref().unwrap();
        let col = ((x - grid.origin.0) as f64 / grid.dx + 0.5).floor() as i64;
        let shift = if col % 2 == 0 { 0.0 } else { grid.dy / 2.0 };
        let row = ((y - grid.origin.1) as f64 - shift) / grid.dy;
        let row = row.round() as i64;
        let name = |v: i64, leading: u32| format!("{v:0width$}", width = leading as usize + 1);
        let (c, r) = (name(col + n.column_offset, n.column_leading), name(row + 1, n.row_leading));
        if n.column_first {
            format!("{c}{}{r}", n.separator)
        } else {
            format!("{r}{}{c}", n.separator)
        }
    }

    #[test]
    fn vassal_names_every_hex_centre_by_the_packs_hex_number() {
        let (pack, rendered, parser) = crate::play::testing::dougram(&[Product::Map]);
        let (doc, page) = crate::play::board::map_page(&rendered).unwrap();
        let board = crate::play::board::Board::of(&parser, doc, page).unwrap();
        let map = pack.map.as_ref().unwrap();
        let grid = hex_grid(map, map.grid.as_ref().unwrap(), &board).unwrap();
        assert_eq!(board.hexes.len(), map.hexes.len());
        let centres = crate::play::vassal::setups::board_centres(&pack, &board);
        for hex in &map.hexes {
            let centre = centres[&format!("hex:{}", hex.id)];
            assert_eq!(vassal_location(&grid, centre), hex.id, "hex {} at {centre:?}", hex.id);
            // And a point a third of a hex off its centre is still in it.
            let off = (centre.0 + (grid.dy / 3.0) as i64, centre.1 - (grid.dy / 3.0) as i64);
            assert_eq!(vassal_location(&grid, off), hex.id, "near hex {}", hex.id);
        }
    }

    #[test]
    fn pack_numberings_become_vassal_numberings_or_none() {
        let n = numbering("{c}{r}").unwrap();
        assert!(n.column_first && n.separator.is_empty() && n.column_leading == 0 && n.row_leading == 0);
        let n = numbering("{r:02}.{c:02}").unwrap();
        assert!(!n.column_first && n.separator == "." && n.column_leading == 1 && n.row_leading == 1);
        assert!(numbering("{n}").is_none());
        assert!(numbering("A{c}{r}").is_none());
        assert!(numbering("{c}{r}x").is_none());
    }
}
