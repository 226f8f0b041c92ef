//! Each setup of the pack as a saved game inside the module (File ▸ New Game ▸ the setup): the
//! decks and the chit pile on the table, the setup's counters stacked where it puts them (hexes
//! and areas on the map, off-map and track boxes on the table), and the chits it places drawn
//! from the pile and lying face down. A saved game is VASSAL's list of commands (`AddPiece` for
//! every piece, then the stacks and decks holding them, the boards in use), obfuscated into a zip
//! (`savedGame`, `savedata`, `moduledata`).

use std::collections::{BTreeMap, VecDeque};

use super::{encode, Module};
use crate::messages::Messages;
use crate::model::{Location, Pack, Piece};
use crate::render::Product;

/// VASSAL's separator between the commands of a saved game (Escape).
const SEPARATOR: char = '\u{1b}';

/// The setups for the New Game menu: name, file in the module.
pub(super) fn menu(m: &Module<'_>) -> Vec<(String, String)> {
    m.pack.setups.iter().map(|s| (m.msg.first_name(&s.name).to_string(), file(&s.id))).collect()
}

fn file(setup: &str) -> String {
    format!("{setup}.vsav")
}

/// Where a location's pieces go: the map board (hexes and areas, when the pack has a map) or a
/// place on the table.
fn on_map(location: &Location<'_>, has_map: bool) -> bool {
    has_map && matches!(location, Location::Hex(_) | Location::Area(_))
}

/// A location's key and the label players read: what the setup chart prints for it.
fn place_of(pack: &Pack, msg: &Messages, raw: &str) -> (String, String) {
    match pack.locate(raw) {
        Some(l) => {
            let label = match &l {
                Location::Hex(h) => match &h.place {
                    Some(place) => format!("{} {}", h.id, msg.first_name(&place.name)),
                    None => h.id.clone(),
                },
                Location::Area(a) => msg.first_name(&a.name).to_string(),
                Location::Box(b) => msg.first_name(&b.name).to_string(),
                Location::TrackBox(t, b) => format!("{} {}", msg.first_name(&t.name), b.value),
            };
            (l.key(), label)
        }
        None => (format!("place:{raw}"), raw.to_string()),
    }
}

/// Every place some setup puts pieces in that is not on the map board, in the order the setups
/// first name them: the table gets a labelled place for each.
pub(super) fn off_map_places(pack: &Pack, msg: &Messages, has_map: bool) -> Vec<(String, String)> {
    let mut places: Vec<(String, String)> = Vec::new();
    for p in &pack.placements {
        if pack.locate(&p.location.value).is_some_and(|l| on_map(&l, has_map)) {
            continue;
        }
        let place = place_of(pack, msg, &p.location.value);
        if !places.iter().any(|(k, _)| *k == place.0) {
            places.push(place);
        }
    }
    places
}

/// The piece that shows `piece` and whether its back is up: the counter kind whose front (or
/// else back) is the unit or marker, the named counter kind, or `None` for a chit.
fn counter_for(m: &Module<'_>, piece: &Piece<'_>) -> Option<(usize, bool)> {
    let kind = |id: &str| m.by_kind.get(&(Product::Counters, id.to_string())).copied();
    let face = match piece {
        Piece::Counter(c) => return kind(&c.id).map(|i| (i, false)),
        Piece::Chit => return None,
        Piece::Unit(u) => u.id.as_str(),
        Piece::Marker(mk) => mk.id.as_str(),
    };
    let counters = &m.pack.counters;
    let front = counters.iter().find(|c| c.front.value == face).and_then(|c| kind(&c.id)).map(|i| (i, false));
    front.or_else(|| {
        counters
            .iter()
            .find(|c| c.back.as_ref().is_some_and(|b| b.value == face))
            .and_then(|c| kind(&c.id))
            .map(|i| (i, true))
    })
}

/// The saved game of every setup: `(file in the module, bytes)`.
pub(super) fn saves(m: &Module<'_>) -> Result<Vec<(String, Vec<u8>)>, String> {
    m.pack
        .setups
        .iter()
        .map(|setup| {
            let text = commands(m, &setup.id).join(&SEPARATOR.to_string());
            let description = m.msg.first_name(&setup.name).to_string();
            let saved = encode::obfuscate(&text);
            let (save_data, module_data) =
                (super::module_data(m, &description, true), super::module_data(m, "", false));
            let entries =
                [("savedGame", &saved[..]), ("savedata", save_data.as_bytes()), ("moduledata", module_data.as_bytes())];
            Ok((file(&setup.id), super::zip(&entries)?))
        })
        .collect()
}

/// Ids for the pieces of one saved game, in the order they are made.
struct Ids(u64);

impl Ids {
    fn next(&mut self) -> String {
        self.0 += 1;
        self.0.to_string()
    }
}

/// The commands of the saved game of setup `id`.
fn commands(m: &Module<'_>, id: &str) -> Vec<String> {
    let (table, msg) = (m.table_name(), &m.msg);
    let map_name = m.map.as_ref().map(|b| b.name.clone());
    let mut ids = Ids(1000);
    let mut out = vec!["begin_save".to_string()];
    // The chits this setup places come out of the pile: the pile's copies, taken in an order
    // mixed by the setup's id, so the same pack gives the same save.
    let mut chit_pool: Vec<usize> =
        m.piles.iter().filter(|p| p.key == "chits").flat_map(|p| p.pieces.clone()).collect();
    mix(&mut chit_pool, id);
    // Stacks by place, in the order the setup names them.
    let mut stacks: Vec<(String, (i64, i64), Vec<String>)> = Vec::new();
    let mut stack_at =
        |map: &str, at: (i64, i64), piece_id: String| match stacks.iter_mut().find(|(m, a, _)| m == map && *a == at) {
            Some((_, _, members)) => members.push(piece_id),
            None => stacks.push((map.to_string(), at, vec![piece_id])),
        };
    // Each piece the save puts down takes the id (gpid) of a slot that holds it, no slot twice:
    // a copy in a pile its own slot's, a counter its palette slot's.
    let mut free: BTreeMap<usize, VecDeque<u32>> = BTreeMap::new();
    for pile in &m.piles {
        for (&index, &gpid) in pile.pieces.iter().zip(&pile.ids) {
            free.entry(index).or_default().push_back(gpid);
        }
    }
    let mut slot_of = |index: usize| free.get_mut(&index).and_then(VecDeque::pop_front).unwrap_or(m.pieces[index].gpid);
    let mut placed_chits: Vec<usize> = Vec::new();
    for p in m.pack.placements_of(id) {
        let location = m.pack.locate(&p.location.value);
        let (map, at) = match (&location, &m.map, map_name.as_deref()) {
            (Some(l), Some(_), Some(name)) if on_map(l, true) => {
                let board = m.board_centres.get(&l.key()).copied();
                match board {
                    Some(at) => (name.to_string(), at),
                    None => continue,
                }
            }
            _ => {
                let key = place_of(m.pack, msg, &p.location.value).0;
                match m.table.places.iter().find(|pl| pl.key == key) {
                    Some(pl) => (table.clone(), pl.centre),
                    None => continue,
                }
            }
        };
        let side = m.pack.side(&p.side.value).map(|s| s.id.clone());
        let Some(piece) = m.pack.piece(side.as_deref(), &p.piece.value) else { continue };
        for _ in 0..p.count.value {
            let (index, turned) = match counter_for(m, &piece) {
                Some(found) => found,
                None if matches!(piece, Piece::Chit) => match chit_pool.pop() {
                    Some(chit) => {
                        placed_chits.push(chit);
                        (chit, true)
                    }
                    None => break,
                },
                None => break,
            };
            let piece_id = ids.next();
            let def = &m.pieces[index];
            out.push(encode::add_piece(&piece_id, &def.encoded(msg, slot_of(index), Some((&map, at.0, at.1)), turned)));
            stack_at(&map, at, piece_id);
        }
    }
    // The piles, less what the setup took from them.
    for pile in &m.piles {
        let Some(place) = m.table.places.iter().find(|pl| pl.key == pile.key) else { continue };
        let mut left = pile.by_setup.get(id).unwrap_or(&pile.pieces).clone();
        for chit in &placed_chits {
            if let Some(i) = left.iter().position(|c| c == chit).filter(|_| pile.key == "chits") {
                left.remove(i);
            }
        }
        let mut members = Vec::new();
        for &index in &left {
            let piece_id = ids.next();
            let at = Some((table.as_str(), place.centre.0, place.centre.1));
            out.push(encode::add_piece(&piece_id, &m.pieces[index].encoded(msg, slot_of(index), at, false)));
            members.push(piece_id);
        }
        out.push(encode::deck(&ids.next(), &m.deck_spec(pile), (&table, place.centre.0, place.centre.1), &members));
    }
    for (map, at, members) in &stacks {
        out.push(encode::stack(&ids.next(), map, *at, members));
    }
    // The boards in use, then: every at-start pile is in this save already.
    for name in map_name.iter().chain([&table]) {
        let board = if Some(name) == map_name.as_ref() { name.clone() } else { table.clone() };
        out.push(encode::seq(
            &[format!("{name}BoardPicker"), encode::seq(&[board], '/'), "0".into(), "0".into()],
            '\t',
        ));
    }
    out.push("SETUP_STACK\t".into());
    out.push("end_save".into());
    out
}

/// `items` in an order mixed by `seed` (a linear congruential generator over its bytes): the
/// chits a setup draws differ between setups yet never between builds.
fn mix(items: &mut [usize], seed: &str) {
    let mut state =
        seed.bytes().fold(0x9E37_79B9_7F4A_7C15_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01B3));
    for i in (1..items.len()).rev() {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let j = ((state >> 33) % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// The table of centres the saves place pieces at on the map board, by location key.
pub(super) fn board_centres(pack: &Pack, board: &super::super::board::Board) -> BTreeMap<String, (i64, i64)> {
    let centre = |b: &[f64; 4]| (((b[0] + b[2]) / 2.0).round() as i64, ((b[1] + b[3]) / 2.0).round() as i64);
    let mut out = BTreeMap::new();
    if let Some(map) = &pack.map {
        for hex in &map.hexes {
            if let Some(b) = board.hexes.get(&hex.id) {
                out.insert(format!("hex:{}", hex.id), centre(b));
            }
        }
        for area in &map.areas {
            if let Some(b) = board.areas.get(&area.id) {
                out.insert(format!("area:{}", area.id), centre(b));
            }
        }
    }
    out
}
