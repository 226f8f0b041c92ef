//! Where a setup puts a piece, and what piece: a location is a hex, an area, a box or a box of a
//! track (`track:vp:0`); a piece is a unit of the row's side, a marker, a counter kind (by its id,
//! meaning its front face) or a chit. Resolved once here so checks and setup charts agree.

use super::{Area, BoxDef, CounterKind, Hex, Marker, Pack, Track, TrackBox, UnitType};

/// A resolved location.
#[derive(Clone, Copy, Debug)]
pub enum Location<'a> {
    /// A hex (by number, `hex-53`, `ヘックス53` or its place's name).
    Hex(&'a Hex),
    /// An area of a point-to-point map (by id or name).
    Area(&'a Area),
    /// An off-map box (by id or name).
    Box(&'a BoxDef),
    /// A box of a track: `track:<track id or name>:<value>`.
    TrackBox(&'a Track, &'a TrackBox),
}

impl Location<'_> {
    /// A stable key for counting per location (`hex:53`, `area:poland`, `box:stack`,
    /// `track:vp:0`).
    pub fn key(&self) -> String {
        match self {
            Location::Hex(h) => format!("hex:{}", h.id),
            Location::Area(a) => format!("area:{}", a.id),
            Location::Box(b) => format!("box:{}", b.id),
            Location::TrackBox(t, b) => format!("track:{}:{}", t.id, b.value),
        }
    }
}

/// A resolved setup piece.
#[derive(Clone, Copy, Debug)]
pub enum Piece<'a> {
    /// A unit type of the placement's side.
    Unit(&'a UnitType),
    /// A marker, named directly.
    Marker(&'a Marker),
    /// A counter kind named by its id: its front face is placed.
    Counter(&'a CounterKind),
    /// A random or hidden chit.
    Chit,
}

impl Piece<'_> {
    /// The counter face it shows (a unit or marker id); `None` for chits.
    pub fn face(&self) -> Option<&str> {
        match self {
            Piece::Unit(u) => Some(&u.id),
            Piece::Marker(m) => Some(&m.id),
            Piece::Counter(c) => Some(&c.front),
            Piece::Chit => None,
        }
    }

    /// True for a marker, named directly or by a counter kind whose front is a marker.
    pub fn is_marker(&self, pack: &Pack) -> bool {
        match self {
            Piece::Marker(_) => true,
            Piece::Counter(c) => pack.unit_by_id(&c.front).is_none(),
            Piece::Unit(_) | Piece::Chit => false,
        }
    }
}

impl Pack {
    /// The location `r` names: a hex, an area, a box or `track:<track>:<value>`.
    pub fn locate(&self, r: &str) -> Option<Location<'_>> {
        if let Some(rest) = r.strip_prefix("track:") {
            let (track, value) = rest.rsplit_once(':')?;
            let track = self.tracks.iter().find(|t| super::names_match(track, &t.id, &t.name))?;
            let value: i64 = value.trim().parse().ok()?;
            return track.boxes.iter().find(|b| b.value == value).map(|b| Location::TrackBox(track, b));
        }
        if let Some(h) = self.hex(r) {
            return Some(Location::Hex(h));
        }
        if let Some(a) = self.area(r) {
            return Some(Location::Area(a));
        }
        self.box_def(r).map(Location::Box)
    }

    /// The area with id or name `r`.
    pub fn area(&self, r: &str) -> Option<&Area> {
        self.map.as_ref()?.areas.iter().find(|a| super::names_match(r, &a.id, &a.name))
    }

    /// The piece a placement of `side` names: a chit, a unit of that side, a marker, or a
    /// counter kind by id (in that order: a unit's name wins over a marker's).
    pub fn piece(&self, side: Option<&str>, r: &str) -> Option<Piece<'_>> {
        if self.chits.is_named(r) {
            return Some(Piece::Chit);
        }
        if let Some(u) = self.unit(side, r) {
            return Some(Piece::Unit(u));
        }
        if let Some(m) = self.marker(r) {
            return Some(Piece::Marker(m));
        }
        self.counters.iter().find(|c| c.id == r).map(Piece::Counter)
    }
}
