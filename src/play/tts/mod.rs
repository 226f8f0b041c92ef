//! Tabletop Simulator: the pack as a saved object (`<pack>.tts.json`, the format of a file in
//! TTS's "Saved Objects" folder) and the images it names, under `tts/`.
//!
//! Every card deck ([`decks`]: the cards that share a back) becomes a `DeckCustom` whose fronts
//! lie on [`sheets`] of at most 10 × 7 slots; every counter kind a stack of two-sided
//! `Custom_Tile`s; the chits two-sided tiles in a `Bag`; the map a `Custom_Board`. Sizes follow
//! the printed mm (see [`Scale`]); objects are laid out around the board so none overlap; GUIDs
//! are derived from ids, so the same pack gives the same bytes. It draws nothing itself: the faces
//! and the board come drawn in the [`Table`].

pub mod sheets;

use std::collections::{BTreeMap, BTreeSet};

use resvg::tiny_skia::Pixmap;
use serde_json::{json, Map, Value};

use super::{file_stem, fnv1a, Deck, Table};
use crate::messages::Messages;
use crate::model::Pack;
use crate::render::PieceKind;
use crate::render::Product;

/// How printed sizes become TTS sizes. One TTS unit is about an inch (TTS's knowledge base:
/// "in-game units (about an inch)"), so positions are mm / 25.4. A card at scale 1 is
/// [`Scale::CARD_MM`] tall and a tile or board at scale 1 [`Scale::TILE_MM`] tall (the heights
/// mods give a poker card and a board of known size); width follows the image's aspect.
pub struct Scale;

impl Scale {
    /// Millimetres per TTS unit.
    pub const MM_PER_UNIT: f64 = 25.4;
    /// The height of a card at scale 1, in mm (3.5 in).
    pub const CARD_MM: f64 = 88.9;
    /// The height of a `Custom_Tile` or `Custom_Board` at scale 1, in mm (1.318 in).
    pub const TILE_MM: f64 = 33.5;
    /// A counter's thickness, in TTS units (about 2.5 mm of card).
    pub const THICKNESS: f64 = 0.1;
}

/// The height above the table's origin objects are put at (they settle onto the table).
const TABLE_Y: f64 = 1.0;
/// Space between objects on the table, in TTS units.
const GAP: f64 = 1.0;
/// A counter kind's bag's scale: a bag about as wide as the step between two kinds.
const BAG_SCALE: f64 = 0.45;
/// Counter stacks per column beside the board.
const STACKS_PER_COLUMN: usize = 10;

/// The files of the Tabletop Simulator set: `<pack>.tts.json` and its images under `tts/`, the
/// images named `url` + their path (relative paths when `url` is empty). An error names what
/// could not be made.
pub fn files(table: &Table<'_>, url: &str) -> Result<Vec<String>, String> {
    let pack = table.pack;
    let mut set = Set { url, written: Vec::new(), shared: BTreeMap::new(), guids: BTreeSet::new(), next_key: 1 };
    let mut objects = Vec::new();
    let (board_w, board_h) = table.board.as_ref().map_or((0.0, 0.0), |b| (units(b.size_mm.0), units(b.size_mm.1)));
    if let Some(board) = &table.board {
        objects.push(set.board(table, board)?);
    }
    let (card_w, card_h) = (units(pack.print.card_mm.0), units(pack.print.card_mm.1));
    let mut z = board_h / 2.0 - card_h / 2.0;
    for deck in
        super::decks(table.pack, table.rendered, super::first_setup(pack)).iter().filter(|d| !d.cards.is_empty())
    {
        let at = (board_w / 2.0 + GAP + card_w / 2.0, z);
        objects.push(set.deck(table, deck, at)?);
        z -= card_h + GAP;
    }
    objects.extend(set.counters(table, (board_w, board_h))?);
    if let Some(bag) = set.chits(table, board_h)? {
        objects.push(bag);
    }
    if objects.is_empty() {
        return Ok(Vec::new()); // a pack of rules only has nothing to put on a table
    }
    let title = Messages::of(pack).first_name(&pack.game.title).to_string();
    let save = json!({
        "SaveName": title, "GameMode": "", "Gravity": 0.5, "PlayArea": 0.5, "Date": "", "Table": "", "Sky": "",
        "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "TabStates": {},
        "VersionNumber": "", "ObjectStates": objects,
    });
    let mut json = serde_json::to_vec_pretty(&save).map_err(|e| format!("{}.tts.json: {e}", pack.id))?;
    json.push(b'\n');
    // The faces and board the VASSAL module also shows, a batch at a time on every core.
    let shared: Vec<(String, String)> = std::mem::take(&mut set.shared).into_iter().collect();
    for batch in shared.chunks(64) {
        for ((path, _), png) in batch.iter().zip(crate::emit::in_order(batch, |(_, id)| table.png(id))) {
            set.put(table, path, &png?)?;
        }
    }
    set.put(table, &format!("{}.tts.json", pack.id), &json)?;
    Ok(set.written)
}

/// What the set is being made of: the files written so far, the GUIDs given so far and the next
/// `CustomDeck` key.
struct Set<'u> {
    url: &'u str,
    /// The files written into the output so far (sheets, backs, a shrunk board), by path.
    written: Vec<String>,
    /// Faces and the board as drawn for both products, by path: their face id (or `board`).
    shared: BTreeMap<String, String>,
    guids: BTreeSet<String>,
    next_key: u32,
}

impl Set<'_> {
    /// Writes `path` into the output.
    fn put(&mut self, table: &Table<'_>, path: &str, bytes: &[u8]) -> Result<(), String> {
        table.sink.put(path, bytes)?;
        self.written.push(path.to_string());
        Ok(())
    }

    /// Writes the image `path`, made for the set, into the output.
    fn image(&mut self, table: &Table<'_>, path: &str, image: &Pixmap) -> Result<(), String> {
        let png = crate::emit::encode_png(image, super::DPI).map_err(|e| format!("{path}: {e}"))?;
        self.put(table, path, &png)
    }

    /// The deck sheet of `cards`, each slot the face `side` names (`back` where it names none)
    /// and `back` in its last slot: each face drawn once (copies share it), a few at a time on
    /// every core, put in its slots and dropped.
    fn sheet(
        &self,
        table: &Table<'_>,
        cards: &[&PieceKind],
        side: &dyn Fn(&PieceKind) -> Option<String>,
        back: &Pixmap,
    ) -> Result<sheets::Sheet, String> {
        let faces: Vec<Option<String>> = cards.iter().map(|k| side(k)).collect();
        // In order of first appearance: the first face drawn is the first card's, which sizes
        // every slot.
        let mut distinct: Vec<&str> = Vec::new();
        for face in faces.iter().flatten() {
            if !distinct.contains(&face.as_str()) {
                distinct.push(face);
            }
        }
        let mut sheet = sheets::Sheet::blank(cards.len(), (back.width(), back.height()))?;
        let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
        for batch in distinct.chunks(workers) {
            let drawn = crate::emit::in_order(batch, |id| table.face(id).map_err(|e| format!("the card face {e}")));
            for (id, face) in batch.iter().zip(drawn) {
                let face = face?;
                for (slot, _) in faces.iter().enumerate().filter(|(_, f)| f.as_deref() == Some(*id)) {
                    sheet.put(slot, &face);
                }
            }
        }
        for (slot, _) in faces.iter().enumerate().filter(|(_, f)| f.is_none()) {
            sheet.put(slot, back);
        }
        sheet.put_back(back);
        Ok(sheet)
    }

    /// The URL naming `path` in the JSON: the set's prefix and the path, percent-encoded.
    fn url(&self, path: &str) -> String {
        let path = escaped(path);
        match self.url {
            "" => path,
            u if u.ends_with('/') => format!("{u}{path}"),
            u => format!("{u}/{path}"),
        }
    }

    /// A GUID of six hex digits from `seed`, never one given before.
    fn guid(&mut self, seed: &str) -> String {
        let mut n = 0u32;
        loop {
            let salted = if n == 0 { seed.to_string() } else { format!("{seed}#{n}") };
            let guid = format!("{:06x}", fnv1a(&salted) & 0xff_ffff);
            if self.guids.insert(guid.clone()) {
                return guid;
            }
            n += 1;
        }
    }

    /// The face `id` as an image file under `tts/`, its URL.
    fn face(&mut self, table: &Table<'_>, id: &str) -> Result<String, String> {
        if !table.has_face(id) {
            return Err(format!("tts: the face `{id}` was not drawn"));
        }
        let path = format!("tts/{}.png", id.split('/').map(file_stem).collect::<Vec<_>>().join("/"));
        self.shared.insert(path.clone(), id.to_string());
        Ok(self.url(&path))
    }

    /// The map as a locked board at the table's centre.
    fn board(&mut self, table: &Table<'_>, board: &super::board::Board) -> Result<Value, String> {
        let pack = table.pack;
        if let Some(smaller) = sheets::fitted(&board.image)? {
            self.image(table, "tts/board.png", &smaller)?;
        } else {
            self.shared.insert("tts/board.png".into(), "board".into());
        }
        let scale = board.size_mm.1 / Scale::TILE_MM;
        let name = pack.map.as_ref().map(|m| Messages::of(pack).first_name(&m.name).to_string()).unwrap_or_default();
        let mut board =
            object("Custom_Board", self.guid("board"), &name, "", transform((0.0, TABLE_Y, 0.0), scale, false));
        board.insert("Locked".into(), true.into());
        board.insert(
            "CustomImage".into(),
            json!({ "ImageURL": self.url("tts/board.png"), "ImageSecondaryURL": "",
            "ImageScalar": 1.0, "WidthScale": 0.0 }),
        );
        Ok(Value::Object(board))
    }

    /// A deck face down at `at` (x, z): its sheets and back as images, one `Card` per printed
    /// card (a deck of one card is that card alone, as TTS keeps it).
    fn deck(&mut self, table: &Table<'_>, deck: &Deck<'_>, at: (f64, f64)) -> Result<Value, String> {
        let pack = table.pack;
        let msg = Messages::of(pack);
        let back_image = match deck.back {
            Some(id) => table.face(id).map_err(|e| format!("tts: the card back {e}"))?,
            None => plain_back(table, deck)?,
        };
        let back_path = format!("tts/{}-back.png", deck.stem);
        let back_url = self.url(&back_path);
        self.image(table, &back_path, &back_image)?;
        let printed: Vec<&PieceKind> =
            deck.cards.iter().flat_map(|k| std::iter::repeat_n(*k, k.count as usize)).collect();
        let scale = pack.print.card_mm.1 / Scale::CARD_MM;
        let sideways = pack.print.card_mm.0 > pack.print.card_mm.1;
        let mut custom = Map::new();
        let (mut ids, mut cards) = (Vec::new(), Vec::new());
        // A double-sided card's other side stands where the deck's back would.
        let own_back = |k: &PieceKind| k.back.clone().filter(|b| Some(b.as_str()) != deck.back);
        for (n, chunk) in printed.chunks(sheets::CARDS_PER_SHEET).enumerate() {
            let path = format!("tts/{}-{}.png", deck.stem, n + 1);
            let sheet = self
                .sheet(table, chunk, &|k| Some(k.front.clone()), &back_image)
                .map_err(|e| format!("{path}: {e}"))?;
            let key = self.next_key;
            self.next_key += 1;
            // With double-sided cards the backs are a sheet too, slot for slot (`UniqueBack`).
            let (unique, back_url) = if chunk.iter().any(|k| own_back(k).is_some()) {
                let backs_path = format!("tts/{}-{}-backs.png", deck.stem, n + 1);
                let backs =
                    self.sheet(table, chunk, &own_back, &back_image).map_err(|e| format!("{backs_path}: {e}"))?;
                self.image(table, &backs_path, &backs.image)?;
                (true, self.url(&backs_path))
            } else {
                (false, back_url.clone())
            };
            // `BackIsHidden` false: a card hidden in another player's hand shows the sheet's last
            // slot, which holds the back; `BackURL` is the card's own back.
            let def = json!({ "FaceURL": self.url(&path), "BackURL": back_url, "NumWidth": sheet.columns,
                "NumHeight": sheet.rows, "BackIsHidden": false, "UniqueBack": unique, "Type": 0 });
            self.image(table, &path, &sheet.image)?;
            custom.insert(key.to_string(), def.clone());
            for (i, kind) in chunk.iter().enumerate() {
                let card_id = key * 100 + i as u32;
                let card = pack.cards.iter().find(|c| c.id == kind.id);
                let name = card.map_or_else(|| kind.id.clone(), |c| msg.first_name(&c.name).to_string());
                let text = card.map_or(String::new(), describe);
                let guid = self.guid(&format!("card/{}/{}", kind.id, cards.len()));
                // A hand's cards lie face up: their player holds them.
                let mut obj = object("Card", guid, &name, &text, transform((at.0, TABLE_Y, at.1), scale, !deck.hand));
                obj.insert("GMNotes".into(), kind.id.clone().into());
                obj.insert("CardID".into(), card_id.into());
                obj.insert("SidewaysCard".into(), sideways.into());
                obj.insert("Hands".into(), true.into());
                obj.insert("CustomDeck".into(), json!({ key.to_string(): def }));
                ids.push(card_id);
                cards.push(Value::Object(obj));
            }
        }
        if cards.len() == 1 {
            return Ok(cards.remove(0));
        }
        let guid = self.guid(&format!("deck/{}", deck.stem));
        let mut obj = object("DeckCustom", guid, &deck.name, "", transform((at.0, TABLE_Y, at.1), scale, !deck.hand));
        obj.insert("SidewaysCard".into(), sideways.into());
        obj.insert("Hands".into(), false.into());
        obj.insert("DeckIDs".into(), ids.into());
        obj.insert("CustomDeck".into(), Value::Object(custom));
        obj.insert("ContainedObjects".into(), cards.into());
        Ok(Value::Object(obj))
    }

    /// Every counter kind in columns left of the board: one tile face up, or a bag of its count
    /// of tiles named after it (a tower of tiles topples in TTS), from which a player draws them.
    fn counters(&mut self, table: &Table<'_>, (board_w, board_h): (f64, f64)) -> Result<Vec<Value>, String> {
        let side = units(table.pack.print.counter_mm);
        let step = side + GAP / 2.0;
        let scale = table.pack.print.counter_mm / Scale::TILE_MM;
        let mut out = Vec::new();
        let kinds = table.rendered.pieces.iter().filter(|k| k.product == Product::Counters);
        for (n, kind) in kinds.enumerate() {
            let (column, row) = (n / STACKS_PER_COLUMN, n % STACKS_PER_COLUMN);
            let x = -board_w / 2.0 - GAP - side / 2.0 - column as f64 * step;
            let z = board_h / 2.0 - side / 2.0 - row as f64 * step;
            let (name, text) = counter_names(table.pack, kind);
            let tiles = (0..kind.count)
                .map(|i| self.tile(table, kind, (&name, &text), (x, TABLE_Y, z), scale, i))
                .collect::<Result<Vec<Value>, String>>()?;
            if let [tile] = &tiles[..] {
                out.push(tile.clone());
                continue;
            }
            let guid = self.guid(&format!("bag/counters/{}", kind.id));
            let mut bag = object(
                "Bag",
                guid,
                &format!("{name} ×{}", kind.count),
                &text,
                transform((x, TABLE_Y, z), BAG_SCALE, false),
            );
            bag.insert("ContainedObjects".into(), tiles.into());
            out.push(Value::Object(bag));
        }
        Ok(out)
    }

    /// The chits as tiles in a bag below the board, face down and named only as chits, so neither
    /// a glance nor a tooltip tells a drawn chit's value (none when the pack has no chits).
    fn chits(&mut self, table: &Table<'_>, board_h: f64) -> Result<Option<Value>, String> {
        let kinds: Vec<&PieceKind> = table.rendered.pieces.iter().filter(|k| k.product == Product::Chits).collect();
        if kinds.is_empty() {
            return Ok(None);
        }
        let pack = table.pack;
        let msg = Messages::of(pack);
        let name = msg.first_name(&pack.chits.name).to_string();
        let name = if name.is_empty() { msg.first("play.chits") } else { name };
        let scale = pack.print.chit_mm / Scale::TILE_MM;
        let at = (0.0, TABLE_Y, -board_h / 2.0 - 3.0 * GAP);
        let mut inside = Vec::new();
        for kind in kinds {
            for i in 0..kind.count {
                let mut tile = self.tile(table, kind, (&name, ""), at, scale, i)?;
                tile["Transform"]["rotZ"] = 180.0.into();
                inside.push(tile);
            }
        }
        let mut bag = object("Bag", self.guid("chits"), &name, "", transform(at, 1.0, false));
        bag.insert("ContainedObjects".into(), inside.into());
        Ok(Some(Value::Object(bag)))
    }

    /// The `i`th tile of `kind`: its front on top, its back (if any) below.
    fn tile(
        &mut self,
        table: &Table<'_>,
        kind: &PieceKind,
        (name, text): (&str, &str),
        at: (f64, f64, f64),
        scale: f64,
        i: u32,
    ) -> Result<Value, String> {
        let front = self.face(table, &kind.front)?;
        let back = kind.back.as_deref().map(|b| self.face(table, b)).transpose()?.unwrap_or_default();
        let product = kind.product.name();
        let guid = self.guid(&format!("{product}/{}/{i}", kind.id));
        let mut tile = object("Custom_Tile", guid, name, text, transform(at, scale, false));
        tile.insert("GMNotes".into(), format!("{product}/{}", kind.id).into());
        tile.insert(
            "CustomImage".into(),
            json!({ "ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0, "WidthScale": 0.0,
                "CustomTile": { "Type": 0, "Thickness": Scale::THICKNESS, "Stackable": true, "Stretch": true } }),
        );
        Ok(Value::Object(tile))
    }
}

/// The fields every TTS object has.
fn object(name: &str, guid: String, nickname: &str, description: &str, transform: Value) -> Map<String, Value> {
    let mut obj = Map::new();
    for (k, v) in [
        ("Name", Value::from(name)),
        ("GUID", guid.into()),
        ("Nickname", nickname.into()),
        ("Description", description.into()),
        ("GMNotes", "".into()),
        ("Transform", transform),
        ("ColorDiffuse", json!({ "r": 1.0, "g": 1.0, "b": 1.0 })),
        ("Locked", false.into()),
        ("Grid", true.into()),
        ("Snap", true.into()),
        ("Autoraise", true.into()),
        ("Sticky", true.into()),
        ("Tooltip", true.into()),
        ("HideWhenFaceDown", (name == "Card" || name == "DeckCustom").into()),
        ("Hands", false.into()),
        ("LuaScript", "".into()),
        ("LuaScriptState", "".into()),
        ("XmlUI", "".into()),
    ] {
        obj.insert(k.into(), v);
    }
    obj
}

/// A transform at `at` (x, y, z) turned to face the player at the bottom edge, face down when
/// asked, scaled evenly across the table.
fn transform(at: (f64, f64, f64), scale: f64, face_down: bool) -> Value {
    let r = |v: f64| (v * 10_000.0).round() / 10_000.0;
    json!({ "posX": r(at.0), "posY": r(at.1), "posZ": r(at.2), "rotX": 0.0, "rotY": 180.0,
        "rotZ": if face_down { 180.0 } else { 0.0 }, "scaleX": r(scale), "scaleY": 1.0, "scaleZ": r(scale) })
}

/// A counter kind's name (its front's unit or marker in the pack's first language) and
/// description (front / back names).
fn counter_names(pack: &Pack, kind: &PieceKind) -> (String, String) {
    let msg = Messages::of(pack);
    let Some(counter) = pack.counters.iter().find(|c| c.id == kind.id) else { return (kind.id.clone(), String::new()) };
    let front = super::face_name(pack, &msg, &counter.front.value);
    let text = match &counter.back {
        Some(b) if b.value != counter.front.value => format!("{front} / {}", super::face_name(pack, &msg, &b.value)),
        _ => String::new(),
    };
    (front, text)
}

/// A card's description: its number and its text.
fn describe(card: &crate::model::Card) -> String {
    match card.text.trim() {
        "" => format!("#{}", card.printed_number()),
        text => format!("#{} {text}", card.printed_number()),
    }
}

/// A plain back for cards printed on one side: the colour of the built-in back, card-sized.
fn plain_back(table: &Table<'_>, deck: &Deck<'_>) -> Result<Pixmap, String> {
    let first = deck.cards.first().map(|k| table.face(&k.front)).transpose()?;
    let (w, h) = first.map_or((1, 1), |f| (f.width(), f.height()));
    let mut back = Pixmap::new(w, h).ok_or_else(|| format!("cannot make a {w}×{h} card back"))?;
    back.fill(resvg::tiny_skia::Color::from_rgba8(0x33, 0x3a, 0x45, 0xff));
    Ok(back)
}

/// What must be percent-encoded in a URL's path: controls, spaces, the characters URLs reserve
/// for other parts or forbid (`"#<>?\^`{|}`) and, always, every byte of a non-ASCII character.
const IN_PATH: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'\\')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

/// `text` with what a URL's path may not hold percent-encoded (`%` itself kept: a prefix may
/// already be encoded).
fn escaped(text: &str) -> String {
    percent_encoding::utf8_percent_encode(text, IN_PATH).to_string()
}

/// The prefix of the set's image URLs: `given` (`--tts-url` or `[print] tts_url`) percent-encoded,
/// else the output folder `out` as a `file:///` URL, since TTS loads images only from an
/// absolute address. `None` when `out` has no absolute path (the URLs stay relative).
pub fn url_prefix(given: &str, out: &std::path::Path) -> Option<String> {
    if !given.is_empty() {
        return Some(escaped(given));
    }
    let absolute = std::path::absolute(out).ok()?;
    let path = absolute.to_str()?.replace('\\', "/");
    let path = if path.starts_with('/') { path } else { format!("/{path}") }; // C:/… on Windows
    Some(format!("file://{}/", escaped(path.trim_end_matches('/'))))
}

/// Millimetres as TTS units.
fn units(mm: f64) -> f64 {
    mm / Scale::MM_PER_UNIT
}

#[cfg(test)]
mod tests {
    use crate::play::testing::dougram;
    use crate::render::Product;

    #[test]
    fn urls_are_absolute_and_percent_encoded() {
        use std::path::Path;
        // The output folder by default: TTS loads nothing relative.
        assert_eq!(
            super::url_prefix("", Path::new("/tmp/ダグ ラム")).as_deref(),
            Some("file:///tmp/%E3%83%80%E3%82%B0%20%E3%83%A9%E3%83%A0/")
        );
        // A given prefix keeps its own escapes and gains the missing ones.
        assert_eq!(
            super::url_prefix("file:///home/me/My Games/%E3%83%80/", Path::new("x")).as_deref(),
            Some("file:///home/me/My%20Games/%E3%83%80/")
        );
        assert_eq!(super::escaped("tts/counters/a b#1.png"), "tts/counters/a%20b%231.png");
    }

    #[test]
    fn a_deck_of_more_than_69_cards_spans_sheets_numbered_by_their_key() {
        let (pack, mut rendered, parser) = dougram(&[Product::Cards]);
        // The first card printed 80 times: 92 cards, 69 on the first sheet and 23 on the second.
        rendered.pieces.iter_mut().find(|k| k.product == Product::Cards).unwrap().count = 80;
        let wanted = [Product::Tts];
        let mut memo = super::super::Memo::default();
        let sink = crate::play::testing::Files::default();
        super::super::files((&parser, &pack, &rendered), None, (&wanted, ""), &mut memo, &sink).unwrap();
        let files = sink.take();
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["dougram.tts.json", "tts/common-1.png", "tts/common-2.png", "tts/common-back.png"]);
        let save: serde_json::Value = serde_json::from_slice(&files[0].1).unwrap();
        let deck = &save["ObjectStates"][0];
        assert_eq!(deck["Name"], "DeckCustom");
        let ids: Vec<u64> = deck["DeckIDs"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
        let want: Vec<u64> = (100..169).chain(200..223).collect();
        assert_eq!(ids, want);
        let grid =
            |key: &str| (deck["CustomDeck"][key]["NumWidth"].clone(), deck["CustomDeck"][key]["NumHeight"].clone());
        assert_eq!(grid("1"), (10.into(), 7.into()));
        assert_eq!(grid("2"), (10.into(), 3.into()));
        assert_eq!(deck["CustomDeck"]["2"]["FaceURL"], "tts/common-2.png");
        // The same card 80 times, each a Card of its own with its own GUID.
        let held = deck["ContainedObjects"].as_array().unwrap();
        assert_eq!(held.iter().filter(|c| c["GMNotes"] == held[0]["GMNotes"]).count(), 80);
        let guids: std::collections::BTreeSet<&str> = held.iter().map(|c| c["GUID"].as_str().unwrap()).collect();
        assert_eq!(guids.len(), 92);
    }
}
