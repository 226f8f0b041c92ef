//! The canonical model: one game pack as plain data, read-only after loading.
//!
//! The principal type is [`Pack`]. Every generator and every check reads it; nothing in it knows
//! about files, templates, paper or SVG. Ids are stable strings chosen by the designer; display
//! numbers (card numbers, rule numbers, hex numbers) are data, not identity. References between
//! items are kept as the designer wrote them ([`Ref`], an id or a name in either language) with
//! their [`Span`], and resolved by the lookup methods of [`Pack`]; `check` reports the ones that
//! resolve to nothing. Values the sources do not give are listed in [`Pack::provisional`].

mod aid;
mod card;
pub mod declared;
pub mod emphasis;
pub mod exhibit;
pub mod filter;
pub mod game;
pub mod graph;
pub mod limits;
mod map;
pub mod markup;
pub mod records;
mod rules;
mod setup;
pub mod symbol;
pub mod templates;
mod unit;
mod values;
mod victory;
pub use victory::{Timing, Victory};

// Map graph rules, setup locations and pieces, values by turn.
mod graph_rules;
mod location;
mod lookup;
mod per_turn;

pub use aid::{AidKind, PlayAid};
pub use card::{
    BadgeShape, Call, Card, CardField, CardLook, CardType, Deck, DeckLimit, DeckRules, Expr, FieldKind, FieldShow,
    FieldValue, OwnBack, Selector, TitleMark,
};
pub use game::{
    BackPattern, CardBack, Component, Composition, Constraints, Edition, ErrataNote, Forbidden, Force, Game, Icon,
    LanguageNames, Names, Order, PackFont, Phase, Print, Side, Stacking, TextNames, Totals, Track, TrackAttribute,
    TrackBox, TrackShape,
};
pub use map::{
    Area, AreaGeometry, BoxDef, Hex, HexGrid, Hexside, Map, MapKind, Numbering, Orientation, Place, Region, Route,
    ScoreColumn, Sheet, SlotGroup, Terrain, TransportException, AREA_BOX_MM, AREA_FIELD_MM,
};
pub use map::{RegionScore, ScoreValue, ScoringLevel};
pub use rules::{
    number_at, number_levels, show_levels, Clause, Exhibit, Level, Part, Rules, Section, SectionKind, Term, Wording,
};
pub use setup::{FreePlacement, Placement, Setup};
pub use unit::{ChitMix, ChitValue, CounterKind, Marker, Modifier, UnitClass, UnitSymbol, UnitType};

pub use graph_rules::GraphRules;
pub use location::{Location, Piece};
pub use per_turn::{turns_text, PerTurn, TurnValue};

use crate::diag::Span;
use serde::Serialize;

/// A value with the place it was written, so checks can point at it. Serializes as the value.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Wraps `value` written at `span`.
    pub fn new(value: T, span: Span) -> Self {
        Spanned { value, span }
    }
}

impl<T> std::ops::Deref for Spanned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T: Serialize> Serialize for Spanned<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(s)
    }
}

/// A reference as written: an id or a name in either language; resolved by [`Pack`] lookups.
pub type Ref = Spanned<String>;

/// A value the sources do not give, recorded where the pack declares it provisional.
#[derive(Clone, Debug, Serialize)]
pub struct Provisional {
    /// What is provisional, e.g. "unit `round-facer`: anti_armour, defence".
    pub what: String,
    /// Where the pack says so.
    #[serde(skip)]
    pub span: Span,
}

/// A text a pack prints that it writes once for every language (`label = "5 peace"`): in a pack
/// printing several languages it prints in each.
#[derive(Debug, Clone)]
pub struct PlainText {
    /// What prints it (`track \`defcon\` box 5 label`).
    pub what: String,
    /// The text.
    pub text: String,
    /// Where it is written.
    pub span: Span,
}

/// One game pack, as loaded from `data/<pack>/`.
#[derive(Debug, Default, Serialize)]
pub struct Pack {
    /// The pack's folder name, e.g. `dougram`.
    pub id: String,
    /// The pack's folder.
    #[serde(skip)]
    pub root: std::path::PathBuf,
    /// Titles, edition, players, declared totals, published components.
    pub game: Game,
    /// The sides players take (e.g. Liberation, Federal).
    pub sides: Vec<Side>,
    /// Forces within sides, each with its counter colour.
    pub forces: Vec<Force>,
    /// Unit classes (soldier, combat armour, fortress, …).
    pub classes: Vec<UnitClass>,
    /// The combat factor columns units carry, in printing order.
    pub factors: Vec<game::FactorDef>,
    /// Unit types: what one counter face shows.
    pub units: Vec<UnitType>,
    /// Markers (stack markers, control markers, …).
    pub markers: Vec<Marker>,
    /// Physical counters: front face + back face, with how many of each.
    pub counters: Vec<CounterKind>,
    /// The random-chit distribution.
    pub chits: ChitMix,
    /// Card types with their typed fields.
    pub card_types: Vec<CardType>,
    /// Card backs (one common back, or one per side).
    pub card_backs: Vec<CardBack>,
    /// The icons card texts draw inline (`[icons]`, see [`markup`]), by name.
    pub icons: Vec<Icon>,
    /// What card faces print for a tag (`[tag_names]`), by tag; a tag without a name prints
    /// spelt out (`setup2-open` as "setup2 open").
    pub tag_names: std::collections::BTreeMap<String, Names>,
    /// Print settings (paper, component sizes, bleed).
    pub print: Print,
    /// How the printed rulebook is made by default.
    pub rulebook: game::RulebookSettings,
    /// Cards known to the pack (unknown cards of the published deck are simply absent).
    pub cards: Vec<Card>,
    /// Deck definitions (which cards form a side's starting deck in a setup).
    pub decks: Vec<Deck>,
    /// Deck-building rules of a collectible card game (`[deck]`), checked by `pnpkit deck check`.
    pub deck_rules: Option<DeckRules>,
    /// The map: a hex grid or a point-to-point area map.
    pub map: Option<Map>,
    /// Off-map boxes, on the map or on a play sheet.
    pub boxes: Vec<BoxDef>,
    /// Play sheets, score sheets, placement mats.
    pub sheets: Vec<Sheet>,
    /// Tracks (turn, VP, DEFCON-like).
    pub tracks: Vec<Track>,
    /// Setups (scenarios).
    pub setups: Vec<Setup>,
    /// Where units and chits start, every setup's rows in file order.
    pub placements: Vec<Placement>,
    /// Rules the setups must obey, as data (stacking, forbidden places, compositions).
    pub constraints: Constraints,
    /// The turn sequence.
    pub sequence: Vec<Phase>,
    /// Victory conditions.
    pub victory: Vec<Victory>,
    /// Play-aid tables computed from the dice mechanics.
    pub aids: Vec<PlayAid>,
    /// The designer's notes on the changes since the previous edition.
    pub errata_notes: Vec<ErrataNote>,
    /// The numbered rules and the glossary.
    pub rules: Rules,
    /// Every value the pack marks provisional.
    pub provisional: Vec<Provisional>,
    /// Pieces setups place anywhere among the locations a filter selects.
    pub free_placements: Vec<FreePlacement>,
    /// The texts a pack prints that it writes once for every language (a track box's label).
    #[serde(skip)]
    pub plain_texts: Vec<PlainText>,
    /// Clauses and terms by id and name, made on first use.
    #[serde(skip)]
    pub lookup: lookup::Lookup,
}

/// Cards by id, Japanese name and English name (ASCII case folded), each to the first card that
/// has it: [`CardIndex::get`] answers exactly as [`Pack::card`] does, without a scan.
#[derive(Debug)]
pub struct CardIndex<'a> {
    cards: &'a [Card],
    by_id: std::collections::HashMap<&'a str, usize>,
    by_ja: std::collections::HashMap<&'a str, usize>,
    by_en: std::collections::HashMap<String, usize>,
}

impl<'a> CardIndex<'a> {
    /// Indexes `cards`.
    pub fn new(cards: &'a [Card]) -> Self {
        let mut index =
            CardIndex { cards, by_id: Default::default(), by_ja: Default::default(), by_en: Default::default() };
        // Reversed, so the first card with a key is the one kept (as `Pack::card`'s scan finds it).
        for (i, c) in cards.iter().enumerate().rev() {
            index.by_id.insert(&c.id, i);
            if !c.name.ja.is_empty() {
                index.by_ja.insert(&c.name.ja, i);
            }
            if !c.name.en.is_empty() {
                index.by_en.insert(c.name.en.to_ascii_lowercase(), i);
            }
        }
        index
    }

    /// The card with number or id `r` (`29`, `#29` or the card's name), as [`Pack::card`].
    pub fn get(&self, r: &str) -> Option<&'a Card> {
        let r = r.trim_start_matches('#');
        let en = if r.bytes().any(|b| b.is_ascii_uppercase()) {
            self.by_en.get(&r.to_ascii_lowercase())
        } else {
            self.by_en.get(r)
        };
        [self.by_id.get(r), self.by_ja.get(r), en].into_iter().flatten().min().map(|&i| &self.cards[i])
    }
}

/// True when `r` names the item with `id` and `names` (by id, Japanese or English name).
pub fn names_match(r: &str, id: &str, names: &Names) -> bool {
    r == id || (!names.ja.is_empty() && r == names.ja) || (!names.en.is_empty() && r.eq_ignore_ascii_case(&names.en))
}

/// A clause number as it sorts in a rulebook: its dotted parts, each by its leading number and
/// then the rest (`3.6` before `21.5`, `702.19` before `702.19b`).
pub fn clause_order(number: &str) -> Vec<(u64, String)> {
    number
        .split('.')
        .map(|part| {
            let digits = part.len() - part.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            (part[..digits].parse().unwrap_or(u64::MAX), part[digits..].to_string())
        })
        .collect()
}

impl Pack {
    /// Whether every card the pack declares (`[totals] cards`) is defined; a pack that declares
    /// no total is as complete as its cards.
    pub fn cards_complete(&self) -> bool {
        self.game.totals.cards.as_ref().is_none_or(|total| self.cards.len() >= total.value as usize)
    }

    /// The languages the pack prints, first first (Japanese when it names none).
    pub fn printed_languages(&self) -> Vec<&str> {
        match self.game.languages.is_empty() {
            true => vec!["ja"],
            false => self.game.languages.iter().map(String::as_str).collect(),
        }
    }

    /// The side with id or name `r`.
    pub fn side(&self, r: &str) -> Option<&Side> {
        self.sides.iter().find(|s| names_match(r, &s.id, &s.name))
    }

    /// The colour `side`'s pieces are drawn in: its own (`[[sides]] colour`), else its first
    /// force's.
    pub fn side_colour<'a>(&'a self, side: &'a Side) -> Option<&'a str> {
        side.colour
            .as_deref()
            .or_else(|| self.forces.iter().find(|f| f.side.value == side.id).map(|f| f.colour.as_str()))
    }

    /// The force with id or name `r`.
    pub fn force(&self, r: &str) -> Option<&Force> {
        self.forces.iter().find(|f| names_match(r, &f.id, &f.name))
    }

    /// The side a force belongs to.
    pub fn side_of_force(&self, force: &str) -> Option<&str> {
        self.force(force).map(|f| f.side.value.as_str())
    }

    /// The unit type named `r`; with `side`, only that side's types (names repeat across sides:
    /// both sides field a クラブガンナー).
    pub fn unit(&self, side: Option<&str>, r: &str) -> Option<&UnitType> {
        self.units
            .iter()
            .find(|u| names_match(r, &u.id, &u.name) && side.is_none_or(|s| self.side_of_force(&u.force) == Some(s)))
    }

    /// The unit type with exactly this id.
    pub fn unit_by_id(&self, id: &str) -> Option<&UnitType> {
        self.units.iter().find(|u| u.id == id)
    }

    /// The marker named `r`.
    pub fn marker(&self, r: &str) -> Option<&Marker> {
        self.markers.iter().find(|m| names_match(r, &m.id, &m.name))
    }

    /// The card with number or id `r` (`29`, `#29` or the card's name).
    pub fn card(&self, r: &str) -> Option<&Card> {
        let r = r.trim_start_matches('#');
        self.cards.iter().find(|c| c.id == r || names_match(r, &c.id, &c.name))
    }

    /// An index answering [`Pack::card`] in constant time, for checks that resolve many
    /// references (a 50,000-card pack, a deck list of a million lines).
    pub fn card_index(&self) -> CardIndex<'_> {
        CardIndex::new(&self.cards)
    }

    /// The card type with id `r`.
    pub fn card_type(&self, r: &str) -> Option<&CardType> {
        self.card_types.iter().find(|t| names_match(r, &t.id, &t.name))
    }

    /// The setup with id or name `r`.
    pub fn setup(&self, r: &str) -> Option<&Setup> {
        self.setups.iter().find(|s| names_match(r, &s.id, &s.name))
    }

    /// The free placements of the setup with id `setup`.
    pub fn free_placements_of<'a>(&'a self, setup: &'a str) -> impl Iterator<Item = &'a FreePlacement> + 'a {
        self.free_placements.iter().filter(move |f| self.setup(&f.setup).is_some_and(|s| s.id == setup))
    }

    /// The placements of the setup with id `setup`.
    pub fn placements_of<'a>(&'a self, setup: &'a str) -> impl Iterator<Item = &'a Placement> + 'a {
        self.placements.iter().filter(move |p| self.setup(&p.setup).is_some_and(|s| s.id == setup))
    }

    /// The decks the setup with id `setup` declares.
    pub fn decks_of<'a>(&'a self, setup: &'a str) -> impl Iterator<Item = &'a Deck> + 'a {
        self.decks.iter().filter(move |d| self.setup(&d.setup).is_some_and(|s| s.id == setup))
    }

    /// The box with id or name `r` (`第6軍ボックス` and `第6軍` both name the 6th Army box).
    pub fn box_def(&self, r: &str) -> Option<&BoxDef> {
        self.boxes.iter().find(|b| {
            names_match(r, &b.id, &b.name)
                || r.strip_suffix("ボックス").is_some_and(|stem| stem == b.name.ja)
                || b.name.ja.strip_suffix("ボックス").is_some_and(|stem| stem == r)
        })
    }

    /// The hex that location `r` names: a place name, a hex number (`53`), `hex-53` or `ヘックス53`.
    pub fn hex(&self, r: &str) -> Option<&Hex> {
        let map = self.map.as_ref()?;
        let number = r.strip_prefix("hex-").or_else(|| r.strip_prefix("ヘックス")).unwrap_or(r);
        map.hexes
            .iter()
            .find(|h| h.id == number)
            .or_else(|| map.hexes.iter().find(|h| h.place.as_ref().is_some_and(|p| names_match(r, &p.id, &p.name))))
    }

    /// The terrain kind with id or name `r`.
    pub fn terrain(&self, r: &str) -> Option<&Terrain> {
        self.map.as_ref()?.terrain.iter().find(|t| names_match(r, &t.id, &t.name))
    }

    /// The icon called `name` in `[icons]`.
    pub fn icon(&self, name: &str) -> Option<&Icon> {
        self.icons.iter().find(|i| i.name == name)
    }

    /// The back printed behind `card`: its side's back, else the common back.
    pub fn card_back(&self, card: &Card) -> Option<&CardBack> {
        let side = card.side.as_ref().and_then(|s| self.side(s)).map(|s| s.id.as_str());
        self.card_backs
            .iter()
            .find(|b| side.is_some() && b.side.as_ref().and_then(|s| self.side(s)).map(|s| s.id.as_str()) == side)
            .or_else(|| self.card_backs.iter().find(|b| b.side.is_none()))
    }

    /// Every name a location reference could have meant, for "did you mean" hints.
    pub fn location_names(&self) -> Vec<&str> {
        let mut names = Vec::new();
        if let Some(map) = &self.map {
            for h in &map.hexes {
                if let Some(p) = &h.place {
                    names.extend([p.id.as_str(), p.name.ja.as_str(), p.name.en.as_str()]);
                }
            }
        }
        for b in &self.boxes {
            names.extend([b.id.as_str(), b.name.ja.as_str(), b.name.en.as_str()]);
        }
        names
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn clause_numbers_sort_as_a_rulebook_orders_them() {
        let mut numbers = vec!["22.1", "20.3.1", "3.6", "21.5", "702.19b", "702.19", "A.4", "3.10"];
        numbers.sort_by_cached_key(|n| super::clause_order(n));
        assert_eq!(numbers, ["3.6", "3.10", "20.3.1", "21.5", "22.1", "702.19", "702.19b", "A.4"]);
    }
}
