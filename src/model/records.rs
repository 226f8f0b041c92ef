//! The collections a filter can select from, each with its fields ([`Pack::schema`]) and its
//! items as filters see them ([`Pack::items`]): cards, units, counters, areas, hexes, places and
//! setup placements. Built-in fields come from the pack's structure (`side`, `region`,
//! `terrain`, `count`, …); the pack's typed card fields, combat factors and map attributes follow.

use super::filter::{normalize, FieldDef, Kind, Record, Schema, Value};
use super::{Card, FieldKind, FieldValue, Names, Pack};

/// A collection of a pack's items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Collection {
    /// cards.csv.
    Cards,
    /// units.csv.
    Units,
    /// counters.csv.
    Counters,
    /// areas.csv.
    Areas,
    /// Every hex of the grid.
    Hexes,
    /// The named places in hexes.
    Places,
    /// setups.csv rows.
    Placements,
    /// The boxes of every track.
    Boxes,
    /// The links between areas of an area map, each once.
    Links,
}

impl Collection {
    /// Every collection with the name a pack writes (`of = "cards"`).
    pub const ALL: [(&'static str, Collection); 9] = [
        ("cards", Collection::Cards),
        ("units", Collection::Units),
        ("counters", Collection::Counters),
        ("areas", Collection::Areas),
        ("hexes", Collection::Hexes),
        ("places", Collection::Places),
        ("placements", Collection::Placements),
        ("boxes", Collection::Boxes),
        ("links", Collection::Links),
    ];

    /// Whether its items are locations a piece can be placed in (a free placement's `of`).
    pub fn holds_locations(self) -> bool {
        matches!(self, Collection::Areas | Collection::Hexes | Collection::Places)
    }

    /// The collection named `name`.
    pub fn named(name: &str) -> Option<Collection> {
        Collection::ALL.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)
    }

    /// What one item is called in messages.
    pub fn noun(self) -> &'static str {
        match self {
            Collection::Cards => "card",
            Collection::Units => "unit",
            Collection::Counters => "counter",
            Collection::Areas => "area",
            Collection::Hexes => "hex",
            Collection::Places => "place",
            Collection::Placements => "placement",
            Collection::Boxes => "track box",
            Collection::Links => "link",
        }
    }
}

/// `box` → `boxes`, `card` → `cards`: what messages call several items.
pub fn plural(noun: &str) -> String {
    match noun.ends_with('x') {
        true => format!("{noun}es"),
        false => format!("{noun}s"),
    }
}

/// One item of a collection: what messages call it, and its values.
#[derive(Clone, Debug)]
pub struct Item {
    /// Its id (a card's number, an area's id, a placement's `setup/location/piece`).
    pub label: String,
    /// What it is called (a placement: its piece's name; empty for a hex without a place).
    pub name: Names,
    /// Its values by field id.
    pub record: Record,
}

/// The cards' built-in filters, in the order hints list them.
pub fn card_built_in() -> Vec<FieldDef> {
    vec![
        FieldDef::built_in("type", Kind::Choice, "type:TYPE"),
        FieldDef::built_in("side", Kind::Choice, "side:SIDE"),
        FieldDef::built_in("deck", Kind::Choice, "deck:COLOUR"),
        FieldDef::built_in("tag", Kind::List, "tag:TAG"),
        FieldDef::built_in("name", Kind::Text, "name:TEXT"),
        FieldDef::built_in("text", Kind::Text, "text:TEXT"),
        FieldDef::built_in("number", Kind::Int, "number>=N"),
        FieldDef::built_in("copies", Kind::Int, "copies>=N"),
    ]
}

/// The typed fields of `pack`'s card types, one per id, in declaration order (the first
/// declaration gives the kind; the values of choices add up).
pub fn card_fields(pack: &Pack) -> Vec<FieldDef> {
    let mut defs: Vec<FieldDef> = Vec::new();
    for field in pack.card_types.iter().flat_map(|t| &t.fields) {
        let def = FieldDef::of_field(field);
        match defs.iter_mut().find(|d| d.id == field.id) {
            Some(known) => known.add_values(&def.values),
            None => defs.push(def),
        }
    }
    defs
}

/// A typed field's value as filters test it (normalized).
pub fn value_of(v: &FieldValue) -> Value {
    match v {
        FieldValue::Int(n) => Value::Int(*n),
        FieldValue::Flag(b) => Value::Flag(*b),
        FieldValue::Text(t) => Value::Texts(vec![normalize(t)]),
        FieldValue::List(l) => Value::Words(l.iter().map(|t| normalize(t)).collect()),
    }
}

/// An id and names, normalized, as a choice's words.
fn words(id: &str, names: &Names) -> Value {
    Value::Words(word_list(id, names))
}

fn word_list(id: &str, names: &Names) -> Vec<String> {
    [id, &names.ja, &names.en].iter().filter(|s| !s.is_empty()).map(|s| normalize(s)).collect()
}

fn texts(names: &Names) -> Value {
    Value::Texts(vec![normalize(&names.ja), normalize(&names.en)])
}

fn choice(id: &str, usage: &str) -> FieldDef {
    FieldDef::built_in(id, Kind::Choice, usage)
}

/// A card's values: its built-ins and its type's fields (an unset flag of its type is `false`).
pub fn card_record(pack: &Pack, card: &Card) -> Record {
    let mut r = Record::new();
    let flags = pack.card_type(&card.card_type).into_iter().flat_map(|t| &t.fields);
    for f in flags.filter(|f| matches!(f.kind, FieldKind::Flag)) {
        r.insert(f.id.clone(), Value::Flag(false));
    }
    for (id, v) in &card.fields {
        r.insert(id.clone(), value_of(v));
    }
    if let Some(side) = card.side.as_ref().and_then(|s| pack.side(s)) {
        r.insert("side".into(), words(&side.id, &side.name));
    }
    let card_type = match pack.card_type(&card.card_type) {
        Some(t) => words(&t.id, &t.name),
        None => Value::Words(vec![normalize(&card.card_type)]),
    };
    r.insert("type".into(), card_type);
    r.insert("copies".into(), Value::Int(i64::from(card.copies.value)));
    if let Some(colour) = card.number_colour.as_ref() {
        r.insert("deck".into(), Value::Words(vec![normalize(colour)]));
    }
    r.insert("tag".into(), Value::Words(card.tags.iter().map(|t| normalize(t)).collect()));
    r.insert("name".into(), texts(&card.name));
    r.insert(
        "text".into(),
        Value::Texts(vec![normalize(&card.text_and_reverse(|t| t.to_string())), normalize(&card.timing)]),
    );
    if let Some(n) = card.number {
        r.insert("number".into(), Value::Int(i64::from(n)));
    }
    r
}

impl Pack {
    /// The fields filters over `collection` know.
    pub fn schema(&self, collection: Collection) -> Schema {
        let map = self.map.as_ref();
        let typed = |fields: &[super::CardField]| fields.iter().map(FieldDef::of_field).collect::<Vec<_>>();
        let (built_in, fields) = match collection {
            Collection::Cards => (card_built_in(), card_fields(self)),
            Collection::Units => (
                vec![
                    choice("side", "side:SIDE"),
                    choice("force", "force:FORCE"),
                    choice("class", "class:CLASS"),
                    FieldDef::built_in("name", Kind::Text, "name:TEXT"),
                    FieldDef::built_in("tag", Kind::List, "tag:TAG"),
                    FieldDef::built_in("movement", Kind::Int, "movement>=N"),
                    FieldDef::built_in("steps", Kind::Int, "steps>=N"),
                ],
                self.factors
                    .iter()
                    .map(|f| FieldDef::new(&f.id, Kind::Int, Vec::new(), vec![f.name.ja.clone(), f.name.en.clone()]))
                    .collect(),
            ),
            Collection::Counters => (
                vec![
                    choice("front", "front:PIECE"),
                    choice("back", "back:PIECE"),
                    choice("side", "side:SIDE"),
                    FieldDef::built_in("count", Kind::Int, "count>=N"),
                ],
                Vec::new(),
            ),
            Collection::Areas => (
                vec![
                    choice("region", "region:REGION"),
                    FieldDef::built_in("name", Kind::Text, "name:TEXT"),
                    FieldDef::built_in("adjacent", Kind::List, "adjacent:AREA"),
                    FieldDef::built_in("degree", Kind::Int, "degree>=N"),
                    choice("variant", "variant:SECTION"),
                ],
                map.map(|m| typed(&m.area_attributes)).unwrap_or_default(),
            ),
            Collection::Hexes | Collection::Places => {
                let mut built_in = vec![
                    choice("terrain", "terrain:TERRAIN"),
                    FieldDef::built_in("place", Kind::Flag, "place"),
                    FieldDef::built_in("city", Kind::Flag, "city"),
                    FieldDef::built_in("vp", Kind::Int, "vp>=N"),
                    FieldDef::built_in("chits", Kind::Int, "chits>=N"),
                    FieldDef::built_in("name", Kind::Text, "name:TEXT"),
                    FieldDef::built_in("features", Kind::List, "features:FEATURE"),
                ];
                if collection == Collection::Places {
                    built_in.retain(|f| f.id != "place");
                }
                let mut fields = map.map(|m| typed(&m.hex_attributes)).unwrap_or_default();
                fields.extend(map.map(|m| typed(&m.place_attributes)).unwrap_or_default());
                (built_in, fields)
            }
            Collection::Placements => (
                vec![
                    choice("setup", "setup:SETUP"),
                    choice("side", "side:SIDE"),
                    choice("location", "location:LOCATION"),
                    choice("piece", "piece:PIECE"),
                    FieldDef::built_in("count", Kind::Int, "count>=N"),
                    FieldDef::built_in("free", Kind::Flag, "free"),
                ],
                Vec::new(),
            ),
            Collection::Boxes => (
                vec![
                    choice("track", "track:TRACK"),
                    FieldDef::built_in("value", Kind::Int, "value>=N"),
                    FieldDef::built_in("label", Kind::Text, "label:TEXT"),
                ],
                self.box_fields(),
            ),
            Collection::Links => (
                vec![
                    FieldDef::built_in("area", Kind::List, "area:AREA"),
                    FieldDef::built_in("region", Kind::List, "region:REGION"),
                    FieldDef::built_in("across", Kind::Flag, "across"),
                ],
                Vec::new(),
            ),
        };
        Schema { noun: collection.noun().to_string(), built_in, fields }
    }

    /// The items of `collection`, in file order.
    pub fn items(&self, collection: Collection) -> Vec<Item> {
        match collection {
            Collection::Cards => self
                .cards
                .iter()
                .map(|c| Item { label: c.id.clone(), name: c.name.clone(), record: card_record(self, c) })
                .collect(),
            Collection::Units => self
                .units
                .iter()
                .map(|u| Item { label: u.id.clone(), name: u.name.clone(), record: self.unit_record(u) })
                .collect(),
            Collection::Counters => self
                .counters
                .iter()
                .map(|c| {
                    let mut r = Record::new();
                    r.insert("front".into(), self.piece_words(&c.front));
                    if let Some(back) = &c.back {
                        r.insert("back".into(), self.piece_words(back));
                    }
                    if let Some(side) = self.unit(None, &c.front).and_then(|u| self.side_of_force(&u.force)) {
                        r.insert("side".into(), self.side_words(side));
                    }
                    r.insert("count".into(), Value::Int(i64::from(c.count.value)));
                    Item { label: c.id.clone(), name: self.piece_name(&c.front), record: r }
                })
                .collect(),
            Collection::Areas => self
                .map
                .iter()
                .flat_map(|m| &m.areas)
                .map(|a| {
                    let mut r: Record = a.attributes.iter().map(|(k, v)| (k.clone(), value_of(v))).collect();
                    let region = self.map.iter().flat_map(|m| &m.regions).find(|g| g.id == a.region.value);
                    let region = region.map_or(Value::Words(vec![normalize(&a.region)]), |g| words(&g.id, &g.name));
                    r.insert("region".into(), region);
                    r.insert("name".into(), texts(&a.name));
                    r.insert("adjacent".into(), Value::Words(a.adjacent.iter().map(|x| normalize(x)).collect()));
                    r.insert("degree".into(), Value::Int(a.adjacent.len() as i64));
                    let variant = a.variant.as_ref().and_then(|v| self.section(&v.value));
                    let variant = variant
                        .map(|s| words(&s.id, &s.title))
                        .or(a.variant.as_ref().map(|v| Value::Words(vec![normalize(v)])));
                    r.insert("variant".into(), variant.unwrap_or(Value::Words(Vec::new())));
                    Item { label: a.id.clone(), name: a.name.clone(), record: r }
                })
                .collect(),
            Collection::Hexes | Collection::Places => self
                .map
                .iter()
                .flat_map(|m| &m.hexes)
                .filter(|h| collection == Collection::Hexes || h.place.is_some())
                .map(|h| {
                    let mut r: Record = h.attributes.iter().map(|(k, v)| (k.clone(), value_of(v))).collect();
                    let terrain = self
                        .terrain(&h.terrain)
                        .map_or(Value::Words(vec![normalize(&h.terrain)]), |t| words(&t.id, &t.name));
                    r.insert("terrain".into(), terrain);
                    r.insert("place".into(), Value::Flag(h.place.is_some()));
                    if let Some(c) = h.chit_capacity {
                        r.insert("chits".into(), Value::Int(i64::from(c)));
                    }
                    r.insert("city".into(), Value::Flag(h.place.as_ref().is_some_and(|p| p.city)));
                    if let Some(p) = &h.place {
                        r.extend(p.attributes.iter().map(|(k, v)| (k.clone(), value_of(v))));
                        if let Some(vp) = p.vp {
                            r.insert("vp".into(), Value::Int(i64::from(vp)));
                        }
                        r.insert("name".into(), texts(&p.name));
                        r.insert("features".into(), Value::Words(p.features.iter().map(|f| normalize(f)).collect()));
                    }
                    let label = match (&h.place, collection) {
                        (Some(p), Collection::Places) => p.id.clone(),
                        _ => h.id.clone(),
                    };
                    Item { label, name: h.place.as_ref().map(|p| p.name.clone()).unwrap_or_default(), record: r }
                })
                .collect(),
            Collection::Placements => self.placement_items(),
            Collection::Boxes => self.box_items(),
            Collection::Links => self.link_items(),
        }
    }

    /// setups.csv's placements, then the free placements (`free`: their `location` holds every
    /// location they may use).
    fn placement_items(&self) -> Vec<Item> {
        let record = |setup: &super::Ref, side: &super::Ref, piece: &str, count: u32, free: bool| {
            let mut r = Record::new();
            let known = self.setup(setup);
            r.insert("setup".into(), known.map_or(Value::Words(vec![normalize(setup)]), |s| words(&s.id, &s.name)));
            let side = self.side(side).map(|s| s.id.clone()).unwrap_or_else(|| side.value.clone());
            r.insert("side".into(), self.side_words(&side));
            r.insert("piece".into(), self.piece_words(piece));
            r.insert("count".into(), Value::Int(i64::from(count)));
            r.insert("free".into(), Value::Flag(free));
            r
        };
        let fixed = self.placements.iter().map(|p| {
            let mut r = record(&p.setup, &p.side, &p.piece, p.count.value, false);
            r.insert("location".into(), Value::Words(vec![normalize(&p.location)]));
            let label = format!("{}/{}/{}", p.setup.value, p.location.value, p.piece.value);
            Item { label, name: self.piece_name(&p.piece), record: r }
        });
        let free = self.free_placements.iter().map(|f| {
            let mut r = record(&f.setup, &f.side, &f.piece, f.count.value, true);
            r.insert("location".into(), Value::Words(self.free_locations(f).iter().map(|l| normalize(l)).collect()));
            let label = format!("{}/free:{}/{}", f.setup.value, f.filter.value, f.piece.value);
            Item { label, name: self.piece_name(&f.piece), record: r }
        });
        fixed.chain(free).collect()
    }

    /// The typed attributes of every track, one per id (the first declaration gives the kind).
    fn box_fields(&self) -> Vec<FieldDef> {
        let mut defs: Vec<FieldDef> = Vec::new();
        for a in self.tracks.iter().flat_map(|t| &t.attributes) {
            if !defs.iter().any(|d| d.id == a.id) {
                defs.push(FieldDef::of_kind(&a.id, &a.name, &a.kind));
            }
        }
        defs
    }

    /// Every track's boxes (`defcon/3`), with their typed attributes.
    fn box_items(&self) -> Vec<Item> {
        let mut items = Vec::new();
        for t in &self.tracks {
            for b in &t.boxes {
                let mut r: Record = b.values.iter().map(|(k, v)| (k.clone(), value_of(v))).collect();
                r.insert("track".into(), words(&t.id, &t.name));
                r.insert("value".into(), Value::Int(b.value));
                r.insert("label".into(), texts(&b.label));
                items.push(Item { label: format!("{}/{}", t.id, b.value), name: b.label.clone(), record: r });
            }
        }
        items
    }

    /// The area map's links, each pair once in file order (`poland–east-germany`): the two areas,
    /// their regions, and whether the link crosses from one region into another.
    fn link_items(&self) -> Vec<Item> {
        let Some(map) = &self.map else { return Vec::new() };
        let index = |id: &str| map.areas.iter().position(|a| a.id == id);
        let region = |area: &super::Area| {
            let known = map.regions.iter().find(|g| g.id == area.region.value);
            known.map_or_else(|| vec![normalize(&area.region)], |g| word_list(&g.id, &g.name))
        };
        let area_words = |x: &super::Area| word_list(&x.id, &x.name);
        let mut items = Vec::new();
        for (i, a) in map.areas.iter().enumerate() {
            for other in a.adjacent.iter().filter_map(|id| index(id)).filter(|&j| j > i) {
                let b = &map.areas[other];
                let mut r = Record::new();
                r.insert("area".into(), Value::Words([area_words(a), area_words(b)].concat()));
                r.insert("region".into(), Value::Words([region(a), region(b)].concat()));
                r.insert("across".into(), Value::Flag(a.region.value != b.region.value));
                let name = Names {
                    ja: format!("{}–{}", a.name.ja, b.name.ja),
                    en: format!("{}–{}", a.name.en, b.name.en),
                };
                items.push(Item { label: format!("{}–{}", a.id, b.id), name, record: r });
            }
        }
        items
    }

    /// The collection a free placement's filter runs over: its `of`, else the areas of an area
    /// map, else the places. `None`: `of` names no collection of locations.
    pub fn free_collection(&self, free: &super::FreePlacement) -> Option<Collection> {
        match &free.of {
            // Locations only: the placements themselves hold the free ones (no loop through them).
            Some(of) => Collection::named(of).filter(|c| c.holds_locations()),
            None if self.map.as_ref().is_some_and(|m| m.kind == super::MapKind::Area) => Some(Collection::Areas),
            None => Some(Collection::Places),
        }
    }

    /// The locations (ids) a free placement may use; empty when its filter is faulty (check
    /// reports it).
    pub fn free_locations(&self, free: &super::FreePlacement) -> Vec<String> {
        let Some(collection) = self.free_collection(free) else { return Vec::new() };
        let schema = self.schema(collection);
        match super::filter::parse(&schema, &free.filter, super::filter::Mode::Strict) {
            Ok(q) => self.items(collection).into_iter().filter(|i| q.matches(&i.record)).map(|i| i.label).collect(),
            Err(_) => Vec::new(),
        }
    }

    fn unit_record(&self, u: &super::UnitType) -> Record {
        let mut r: Record = u.factors.iter().filter_map(|(k, v)| v.map(|v| (k.clone(), Value::Int(v)))).collect();
        if let Some(side) = self.side_of_force(&u.force) {
            r.insert("side".into(), self.side_words(side));
        }
        let force = self.force(&u.force).map_or(Value::Words(vec![normalize(&u.force)]), |f| words(&f.id, &f.name));
        r.insert("force".into(), force);
        let class = self.classes.iter().find(|c| super::names_match(&u.class, &c.id, &c.name));
        r.insert("class".into(), class.map_or(Value::Words(vec![normalize(&u.class)]), |c| words(&c.id, &c.name)));
        r.insert("name".into(), texts(&u.name));
        r.insert("tag".into(), Value::Words(u.tags.iter().map(|t| normalize(t)).collect()));
        if let Some(m) = u.movement {
            r.insert("movement".into(), Value::Int(m));
        }
        r.insert("steps".into(), Value::Int(i64::from(u.steps)));
        r
    }

    /// A side's id and names as a choice's words (the id alone when no side has it).
    fn side_words(&self, side: &str) -> Value {
        self.side(side).map_or(Value::Words(vec![normalize(side)]), |s| words(&s.id, &s.name))
    }

    /// A piece (unit, marker) as written, with its id and names when it resolves.
    fn piece_words(&self, piece: &str) -> Value {
        if let Some(u) = self.unit(None, piece) {
            return words(&u.id, &u.name);
        }
        if let Some(m) = self.marker(piece) {
            return words(&m.id, &m.name);
        }
        Value::Words(vec![normalize(piece)])
    }

    /// The cards `select` takes, in file order: those of its side, number colour and tag that
    /// its filter also selects (a filter with a mistake takes none: check reports it).
    pub fn selected_cards(&self, select: &super::Selector) -> Vec<&Card> {
        let side_id = |r: &str| self.side(r).map(|s| s.id.clone());
        let query = match &select.filter {
            Some(f) => match super::filter::parse(&self.schema(Collection::Cards), f, super::filter::Mode::Strict) {
                Ok(q) => Some(q),
                Err(_) => return Vec::new(),
            },
            None => None,
        };
        self.cards
            .iter()
            .filter(|c| select.selects(c, side_id))
            .filter(|c| query.as_ref().is_none_or(|q| q.matches(&card_record(self, c))))
            .collect()
    }

    /// The name of the unit or marker `piece` names (empty when it names neither).
    fn piece_name(&self, piece: &str) -> Names {
        let unit = self.unit(None, piece).map(|u| u.name.clone());
        unit.or_else(|| self.marker(piece).map(|m| m.name.clone())).unwrap_or_default()
    }
}
