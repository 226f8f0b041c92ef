//! Which marked things of the map an erratum touches: the hexes, places, areas, adjacency lines,
//! sea routes and start influence the changes name, as the keys the rendered map page marks them
//! by (`hex 27`, `area usa`, `link a b`, `route a b`; see `render::mapreprint`), in the old
//! edition's page (where a removed or moved thing was) and in the new one's (where it is now).

use std::collections::BTreeSet;

use super::{Change, ChangeKind};
use crate::model::{Map, MapKind, Pack};

/// What of the map an erratum touches.
#[derive(Debug, Default, PartialEq)]
pub struct MapTouch {
    /// The whole map is redrawn (an area added or removed where the layout places it, so every
    /// box may move): every tile.
    pub whole: bool,
    /// Keys on the old edition's page.
    pub old: BTreeSet<String>,
    /// Keys on the new edition's page.
    pub new: BTreeSet<String>,
    /// Areas whose adjacency lines changed: every `link` mark naming one of them.
    pub linked: BTreeSet<String>,
}

impl MapTouch {
    /// Whether the mark `key` shows something touched, on the old page (`old`) or the new one.
    pub fn touches(&self, key: &str, old: bool) -> bool {
        let keys = if old { &self.old } else { &self.new };
        keys.contains(key)
            || key.strip_prefix("link ").is_some_and(|ends| ends.split(' ').any(|end| self.linked.contains(end)))
    }
}

/// The hex holding place `id` in `pack`.
fn place_hex<'p>(pack: &'p Pack, id: &str) -> Option<&'p str> {
    let map = pack.map.as_ref()?;
    map.hexes.iter().find(|h| h.place.as_ref().is_some_and(|p| p.id == id)).map(|h| h.id.as_str())
}

/// The area of `map` a setup location names (its id, or either of its names).
fn area_at<'m>(map: &'m Map, location: &str) -> Option<&'m str> {
    let here = |a: &&crate::model::Area| {
        a.id == location || (!location.is_empty() && (a.name.en == location || a.name.ja == location))
    };
    map.areas.iter().find(here).map(|a| a.id.as_str())
}

/// Adds the area box a placement of `setup` at `location` is printed in: an area map prints the
/// first setup's pieces as start influence.
fn placement(pack: &Pack, setup: &str, location: &str, keys: &mut BTreeSet<String>) {
    let Some(map) = pack.map.as_ref().filter(|m| m.kind == MapKind::Area) else { return };
    if pack.setups.first().is_none_or(|s| s.id != setup) {
        return;
    }
    if let Some(area) = area_at(map, location) {
        keys.insert(format!("area {area}"));
    }
}

/// Adds the line of the sea route `id` (`from to card`, as the diff keys it) of `pack` and the
/// hexes of its ends.
fn route(pack: &Pack, id: &str, keys: &mut BTreeSet<String>) {
    let Some(map) = pack.map.as_ref() else { return };
    let Some(r) = map.routes.iter().find(|r| format!("{} {} {}", r.from.value, r.to.value, r.card.value) == id) else {
        return;
    };
    let (Some(a), Some(b)) = (pack.hex(&r.from), pack.hex(&r.to)) else { return };
    let (a, b) = if a.id <= b.id { (a, b) } else { (b, a) };
    keys.insert(format!("route {} {}", a.id, b.id));
    keys.insert(format!("hex {}", a.id));
    keys.insert(format!("hex {}", b.id));
}

/// What of the map `changes` touch; `None` when they touch nothing printed on the map.
pub fn map_touch(old: &Pack, new: &Pack, changes: &[Change]) -> Option<MapTouch> {
    let mut t = MapTouch::default();
    let laid_out = |pack: &Pack, id: &str| {
        pack.map.as_ref().and_then(|m| m.areas.iter().find(|a| a.id == id)).is_some_and(|a| a.at.is_none())
    };
    for c in changes {
        match c.item {
            "hex" => {
                t.old.insert(format!("hex {}", c.id));
                t.new.insert(format!("hex {}", c.id));
            }
            // A place is drawn in its hex: the old hex and the new one (a removed place still
            // changes the tile it was on).
            "place" => {
                if let Some(h) = place_hex(old, &c.id) {
                    t.old.insert(format!("hex {h}"));
                }
                if let Some(h) = place_hex(new, &c.id) {
                    t.new.insert(format!("hex {h}"));
                }
            }
            "area" => {
                let key = format!("area {}", c.id);
                t.old.insert(key.clone());
                t.new.insert(key);
                let adjacency = match &c.kind {
                    ChangeKind::Changed { fields } => fields.iter().any(|f| f.field.starts_with("adjacent")),
                    _ => true,
                };
                if adjacency {
                    t.linked.insert(c.id.clone());
                }
                // An area the layout places, added or removed: every box may move.
                if matches!(c.kind, ChangeKind::Added | ChangeKind::Removed)
                    && (laid_out(old, &c.id) || laid_out(new, &c.id))
                {
                    t.whole = true;
                }
            }
            "placement" => match &c.kind {
                // `setup/side/piece`, from one location to another.
                ChangeKind::Moved { from, to } => {
                    let setup = c.id.split('/').next().unwrap_or_default();
                    placement(old, setup, from, &mut t.old);
                    placement(new, setup, to, &mut t.new);
                }
                // `setup/side/location/piece`.
                _ => {
                    let parts: Vec<&str> = c.id.splitn(4, '/').collect();
                    if let [setup, _, location, _] = parts.as_slice() {
                        placement(old, setup, location, &mut t.old);
                        placement(new, setup, location, &mut t.new);
                    }
                }
            },
            // A sea route's line, and the hexes of its ends (its label stands near them).
            "route" => {
                for (pack, keys) in [(old, &mut t.old), (new, &mut t.new)] {
                    route(pack, &c.id, keys);
                }
            }
            // A hexside is drawn on the edge its two hexes share.
            "hexside" => {
                for hex in c.id.split(' ') {
                    t.old.insert(format!("hex {hex}"));
                    t.new.insert(format!("hex {hex}"));
                }
            }
            // A region's colour fills its areas' boxes.
            "region" => {
                for (pack, keys) in [(old, &mut t.old), (new, &mut t.new)] {
                    let areas = pack.map.iter().flat_map(|m| &m.areas).filter(|a| a.region.value == c.id);
                    keys.extend(areas.map(|a| format!("area {}", a.id)));
                }
            }
            // The map's own fields (its name, paper, grid, terrain kinds …): all of it.
            "map" => t.whole = true,
            _ => {}
        }
    }
    let touched = t.whole || !t.old.is_empty() || !t.new.is_empty() || !t.linked.is_empty();
    touched.then_some(t)
}

/// What the errata document says of the replacement map: its files and the tiles it holds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MapNote {
    /// The file of the published-size page.
    pub page_file: String,
    /// The file of the replacement tiles, when the run's paper is smaller than the map's.
    pub tiles_file: Option<String>,
    /// The tiles it holds, by their printed names (`A1`, `B2` …).
    pub tiles: Vec<String>,
    /// How many tiles the full set has.
    pub tiles_in_set: usize,
}

impl MapNote {
    /// The document's lines about the replacement map, in the pack's languages.
    pub(super) fn lines(&self, msg: &crate::messages::Messages) -> Vec<String> {
        let mut lines = vec![msg.fill("errata.replacement_map", &[("file", &self.page_file)])];
        if let Some(file) = &self.tiles_file {
            let (n, of) = (self.tiles.len().to_string(), self.tiles_in_set.to_string());
            let tiles = self.tiles.join(", ");
            lines.push(
                msg.fill("errata.replacement_tiles", &[("file", file), ("tiles", &tiles), ("n", &n), ("of", &of)]),
            );
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::errata::FieldChange;

    use crate::load::example_pack_for_tests as load;

    fn change(item: &'static str, id: &str, kind: ChangeKind) -> Change {
        Change { item, id: id.into(), name: id.into(), kind }
    }

    #[test]
    fn start_influence_moved_between_countries_touches_both_boxes_and_adjacency_their_lines() {
        let pack = load("twilight-struggle");
        let setup = pack.setups.first().map(|s| s.id.clone()).unwrap();
        let moved = ChangeKind::Moved { from: "cuba".into(), to: "Mexico".into() };
        let t = map_touch(&pack, &pack, &[change("placement", &format!("{setup}/us/us-influence"), moved)]).unwrap();
        assert!(t.old.contains("area cuba") && !t.old.contains("area mexico"), "{t:?}");
        assert!(t.new.contains("area mexico"), "a location by its English name: {t:?}");
        assert!(!t.touches("link cuba nicaragua", true), "a placement redraws no line");
        let fields = vec![FieldChange { field: "adjacent".into(), old: "a".into(), new: "b".into() }];
        let t = map_touch(&pack, &pack, &[change("area", "cuba", ChangeKind::Changed { fields })]).unwrap();
        assert!(t.touches("link united-states cuba", false) && t.touches("link cuba nicaragua", true));
        assert!(!t.touches("link mexico guatemala", false) && !t.whole);
        // A later setup's pieces are not printed on the map; nor is a card.
        let other = ChangeKind::Moved { from: "cuba".into(), to: "mexico".into() };
        assert_eq!(map_touch(&pack, &pack, &[change("placement", "other/us/us-influence", other)]), None);
        assert_eq!(map_touch(&pack, &pack, &[change("card", "1", ChangeKind::Added)]), None);
    }

    #[test]
    fn a_place_touches_its_hex_in_each_edition_and_the_map_s_own_fields_all_of_it() {
        let pack = load("dougram");
        let t = map_touch(&pack, &pack, &[change("place", "grante", ChangeKind::Removed)]).unwrap();
        assert!(t.old.contains("hex 27") && !t.whole, "{t:?}");
        let t = map_touch(&pack, &pack, &[change("hexside", "63 73", ChangeKind::Added)]).unwrap();
        assert!(t.new.contains("hex 63") && t.new.contains("hex 73"), "{t:?}");
        assert!(map_touch(&pack, &pack, &[change("map", "map", ChangeKind::Added)]).unwrap().whole);
    }
}
