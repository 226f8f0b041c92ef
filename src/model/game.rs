//! Game-wide data: titles, sides and forces, declared totals, published components, the turn
//! sequence, victory conditions, tracks, editions and the constraints setups must obey.

use serde::Serialize;

use super::{Expr, Ref, Spanned};

/// A name in Japanese and English (either may be empty when a game has only one).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Names {
    /// Japanese name, as printed.
    pub ja: String,
    /// English name.
    pub en: String,
}

/// Names as a pack writes them in TOML, `name = { ja = "…", en = "…" }` (either may be left
/// out; any other key is an error).
#[derive(Clone, Debug, Default, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LanguageNames {
    /// Japanese.
    #[serde(default)]
    pub ja: String,
    /// English.
    #[serde(default)]
    pub en: String,
}

impl From<LanguageNames> for Names {
    fn from(n: LanguageNames) -> Self {
        Names { ja: n.ja, en: n.en }
    }
}

/// A text a pack prints as written in TOML: one string for every language (`"30+"`,
/// `"soldiers"`) or one per language (`{ ja = "兵士", en = "soldiers" }`).
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum TextNames {
    /// The same text in every language.
    Plain(String),
    /// A text per language.
    Names(LanguageNames),
}

impl Default for TextNames {
    fn default() -> Self {
        TextNames::Plain(String::new())
    }
}

impl From<&TextNames> for Names {
    fn from(t: &TextNames) -> Self {
        match t {
            TextNames::Plain(s) => Names { ja: s.clone(), en: s.clone() },
            TextNames::Names(n) => n.clone().into(),
        }
    }
}

impl Names {
    /// Whether neither language has a name.
    pub fn is_empty(&self) -> bool {
        self.ja.is_empty() && self.en.is_empty()
    }

    /// These names where given, `full`'s in the other languages: a short name for a counter.
    pub fn over(&self, full: &Names) -> Names {
        let pick = |short: &String, long: &String| if short.is_empty() { long.clone() } else { short.clone() };
        Names { ja: pick(&self.ja, &full.ja), en: pick(&self.en, &full.en) }
    }

    /// Both names, for "did you mean" candidates.
    pub fn both(&self) -> [&str; 2] {
        [self.ja.as_str(), self.en.as_str()]
    }

    /// The name in `language` (`ja`; any other code is English); empty when it has none there.
    pub fn of_language(&self, language: &str) -> &str {
        match language {
            "ja" => &self.ja,
            _ => &self.en,
        }
    }
}

/// What the game is.
#[derive(Debug, Default, Serialize)]
pub struct Game {
    /// Title.
    pub title: Names,
    /// The languages the pack prints, first one first (`ja`, `en`): declared in `[game]
    /// languages`, else those whose name columns the pack fills.
    pub languages: Vec<String>,
    /// The edition this pack describes (an id from `editions`).
    pub edition: String,
    /// Designer.
    pub designer: String,
    /// Publisher or circle.
    pub publisher: String,
    /// Genre or kind, e.g. "strategic simulation".
    pub genre: String,
    /// Fewest players.
    pub players_min: u32,
    /// Most players.
    pub players_max: u32,
    /// Play time in minutes: shortest, longest.
    pub play_minutes: (u32, u32),
    /// Price as published, free text.
    pub price: String,
    /// Declared component totals, checked against the pack.
    pub totals: Totals,
    /// The published component list.
    pub components: Vec<Component>,
    /// Known editions, oldest first.
    pub editions: Vec<Edition>,
}

impl Game {
    /// The mark printed on every piece and page so prints of different editions can be told
    /// apart: the current edition's `mark` (its date or id when it gives none).
    pub fn edition_mark(&self) -> &str {
        self.editions.iter().find(|e| e.id == self.edition).map_or(self.edition.as_str(), |e| e.mark.as_str())
    }
}

/// Totals the publisher states; `check` compares each with what the pack defines.
#[derive(Debug, Default, Serialize)]
pub struct Totals {
    /// Physical counters (unit and marker counters, plus chits when `counters_include_chits`).
    pub counters: Option<Spanned<u32>>,
    /// Whether the counter total includes the random chits.
    pub counters_include_chits: bool,
    /// Cards in the published deck (numbered 1..=cards).
    pub cards: Option<Spanned<u32>>,
    /// Random chits.
    pub chits: Option<Spanned<u32>>,
    /// The chits' mean value as stated, e.g. "2.5"; compared to that many decimals.
    pub chit_mean: Option<Spanned<String>>,
    /// Totals over the items a filter selects (`[[totals.by_filter]]`).
    pub by_filter: Vec<super::declared::FilterTotal>,
    /// How many chits of each value the sources list (`{ 1 = 21, 2 = 23, … }`), keyed by value
    /// as written: a rounded mean cannot tell one chit moved to the next value.
    pub chit_counts: Option<Spanned<std::collections::BTreeMap<String, u32>>>,
}

/// One item of the published component list.
#[derive(Debug, Serialize)]
pub struct Component {
    /// Kind: counters, map, play-sheet, cards, card-list, flowchart, rules, …
    pub kind: String,
    /// Name.
    pub name: Names,
    /// How many pieces (counters, cards) or sheets.
    pub count: u32,
    /// Paper size of each sheet or page, if stated.
    pub paper: Option<String>,
    /// Sheets or pages it is printed on, if stated.
    pub sheets: Option<u32>,
    /// Pieces per sheet, when the layout is fixed (e.g. 9 cards per A4 sheet).
    pub per_sheet: Option<u32>,
    /// Where it is declared.
    #[serde(skip)]
    pub span: super::Span,
}

/// A published edition.
#[derive(Debug, Serialize)]
pub struct Edition {
    /// Stable id, e.g. `2011-06-12`.
    pub id: String,
    /// Date of publication or revision.
    pub date: String,
    /// What it is called, per language (`First edition`, `初版`): the rulebook's cover prints it
    /// in the book's language.
    pub label: Names,
    /// The short mark printed on its pieces (defaults to the id).
    pub mark: String,
    /// What changed, free text.
    pub notes: String,
    /// The pack folder holding this edition (for earlier editions), relative to the pack.
    pub pack: Option<std::path::PathBuf>,
    /// The git revision holding this edition (for earlier editions): of `pack` when given, else
    /// of this pack's own folder.
    pub git: Option<String>,
    /// Where it is declared.
    #[serde(skip)]
    pub span: super::Span,
}

/// A designer's note on one change between editions (`errata/<edition>.toml`).
#[derive(Debug, Clone, Serialize)]
pub struct ErrataNote {
    /// Item kind: card, unit, counter, chit, hex, placement, clause, term.
    pub item: String,
    /// The item's stable id.
    pub id: String,
    /// The changed fields the note is about (`heart` for `fields.heart`, `text` for every
    /// language's text); empty: every field of the item (a warning names them).
    pub fields: Vec<String>,
    /// The new value the note states (`new = "3"`), as printed: `check` compares it with the
    /// edition's.
    pub new: Option<super::Spanned<String>>,
    /// correction, clarification or balance.
    pub class: String,
    /// The note.
    pub text: String,
    /// Where it is written.
    #[serde(skip)]
    pub span: super::Span,
}

/// A side players take.
#[derive(Debug, Serialize)]
pub struct Side {
    /// Stable id.
    pub id: String,
    /// Name.
    pub name: Names,
    /// `#rrggbb` its cards are framed in (else its first force's colour).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
}

/// A force within a side, with its counter colour (seed 000 rule 2.3).
#[derive(Debug, Serialize)]
pub struct Force {
    /// Stable id.
    pub id: String,
    /// The side it fights for.
    pub side: Ref,
    /// Name.
    pub name: Names,
    /// Counter background colour, `#rrggbb`.
    pub colour: String,
    /// The colour's name as the rules give it (黄色, 緑, …).
    pub colour_name: String,
    /// Rule clause that defines it.
    pub rule: Option<Ref>,
}

/// A combat factor column units carry (anti-armour, anti-personnel, defence, …).
#[derive(Debug, Serialize)]
pub struct FactorDef {
    /// Column name in units.csv.
    pub id: String,
    /// Name.
    pub name: Names,
    /// Short label printed on counters.
    pub abbrev: String,
}

/// A phase of the turn sequence.
#[derive(Debug, Serialize)]
pub struct Phase {
    /// Stable id.
    pub id: String,
    /// The side whose player turn it belongs to, if any.
    pub side: Option<Ref>,
    /// Name.
    pub name: Names,
    /// The rule section describing it.
    pub rule: Option<Ref>,
}

/// A numbered track (turn, VP, DEFCON, space race).
#[derive(Debug, Serialize)]
pub struct Track {
    /// Stable id.
    pub id: String,
    /// Name.
    pub name: Names,
    /// The attributes its boxes may carry, with the labels they print under, in print order.
    pub attributes: Vec<TrackAttribute>,
    /// Its boxes in order.
    pub boxes: Vec<TrackBox>,
    /// The size of the marker that moves along it (`marker_size`, mm), when it is not the pack's
    /// counter size: every box is drawn at least this + 1 mm each way.
    pub marker_mm: Option<super::Spanned<f64>>,
    /// The markers that may stand on it (`markers`; empty: any marker), checked for setups.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<super::Ref>,
    /// What the rules state about its boxes, checked by `check`.
    pub shape: TrackShape,
    /// Where it is declared.
    #[serde(skip)]
    pub span: super::Span,
}

/// What a track declares about its run of boxes (`step`, `contiguous`, `start`, `count`).
#[derive(Debug, Default, Serialize)]
pub struct TrackShape {
    /// The difference between neighbouring boxes' values (`step`, 1 unless said).
    pub step: Option<super::Spanned<i64>>,
    /// Whether the values run without a gap (`contiguous = false` for a track of chosen values).
    pub contiguous: bool,
    /// The value its markers start at (`start`): a box of the track, and where every setup puts them.
    pub start: Option<super::Spanned<i64>>,
    /// How many boxes the game prints (`count`).
    pub count: Option<super::Spanned<u32>>,
}

impl Track {
    /// A track `id` with one plain box per value, for tests.
    #[cfg(test)]
    pub(crate) fn numbered(id: &str, values: std::ops::RangeInclusive<i64>) -> Track {
        Track {
            id: id.into(),
            name: Names::default(),
            attributes: Vec::new(),
            boxes: values
                .map(|value| TrackBox {
                    value,
                    label: Names::default(),
                    attributes: Default::default(),
                    values: Default::default(),
                    span: Default::default(),
                })
                .collect(),
            marker_mm: None,
            markers: Vec::new(),
            shape: TrackShape { contiguous: true, ..Default::default() },
            span: Default::default(),
        }
    }
}

/// An attribute a track's boxes carry (`forbids`, `hand_size`): its key and the label a page
/// prints for it, so a raw key never reaches the page.
#[derive(Debug, Serialize)]
pub struct TrackAttribute {
    /// The key boxes use in their `attributes`.
    pub id: String,
    /// The label printed before each value.
    pub name: Names,
    /// Printed in every box that gives it (a cost each attempt pays), not only where its value
    /// changes (a hand size from a turn on).
    pub every_box: bool,
    /// Its value type (`type`, as card fields have); text unless said.
    pub kind: super::FieldKind,
    /// The direction its numbers keep along the boxes (`order = "rising"`), checked by `check`.
    pub order: Option<super::Spanned<Order>>,
    /// The per-turn value of setups.toml it prints again on a turn track (`states = "hand_size"`
    /// or `"action_rounds"`), checked against each setup using the track.
    pub states: Option<super::Spanned<String>>,
}

/// The direction an int attribute's values keep along a track: each box's at least (rising) or at
/// most (falling) the value of the box before that gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    /// Never smaller than the one before.
    Rising,
    /// Never larger than the one before.
    Falling,
}

/// One box of a track, with whatever the game prints in it.
#[derive(Debug, Serialize)]
pub struct TrackBox {
    /// The number in the box.
    pub value: i64,
    /// Extra label (e.g. "Early War", "Nuclear war") in the pack's languages; a label written as
    /// one plain string holds it in both.
    pub label: Names,
    /// Further per-box data (e.g. ops needed, VP awarded), by the track's attribute ids, in the
    /// pack's languages like the label.
    pub attributes: std::collections::BTreeMap<String, Names>,
    /// The same values as their attributes' types read them (filters, totals and checks use these).
    #[serde(skip)]
    pub values: std::collections::BTreeMap<String, super::FieldValue>,
    /// Where it is declared.
    #[serde(skip)]
    pub span: super::Span,
}

/// Rules setups must obey, as data, so one generic check serves every game.
#[derive(Debug, Default, Serialize)]
pub struct Constraints {
    /// Stacking limits.
    pub stacking: Vec<Stacking>,
    /// Locations a side may not occupy.
    pub forbidden: Vec<Forbidden>,
    /// Stated compositions of forces or groups of units.
    pub compositions: Vec<Composition>,
    /// What counters' backs must show, by the unit on the front.
    pub backs: Vec<BackRule>,
}

/// What the back of a counter must show when its front is a unit with `steps` steps (of `side`):
/// `enemy` (a unit of another side), `same-unit` (its damaged side), `same-side` or `blank`.
#[derive(Debug, Serialize)]
pub struct BackRule {
    /// Fronts whose unit has this many steps (none: any).
    pub steps: Option<u32>,
    /// Fronts whose unit belongs to this side (none: any).
    pub side: Option<super::Ref>,
    /// `enemy`, `same-unit`, `same-side` or `blank`.
    pub back: String,
    /// The rule stating it.
    pub rule: Option<super::Ref>,
    /// Where it is declared.
    #[serde(skip)]
    pub span: super::Span,
}

/// At most `max_units` of a side's units in one location (chits never count).
#[derive(Debug, Serialize)]
pub struct Stacking {
    /// Whose units.
    pub side: Ref,
    /// The limit.
    pub max_units: u32,
    /// The limit applies until this condition holds (e.g. card 29 open).
    pub until: Option<Expr>,
    /// The rule stating it.
    pub rule: Option<Ref>,
    /// Where it is declared.
    #[serde(skip)]
    pub span: super::Span,
}

/// A side's units may not be in a location.
#[derive(Debug, Serialize)]
pub struct Forbidden {
    /// Whose units.
    pub side: Ref,
    /// Where.
    pub location: Ref,
    /// Lifted once this condition holds (e.g. card 64 open).
    pub until: Option<Expr>,
    /// The rule stating it.
    pub rule: Option<Ref>,
}

/// A force or group has exactly this make-up (rule 2.9: the mercenaries; 24.3: the 6th Army).
#[derive(Debug, Serialize)]
pub struct Composition {
    /// What is described, e.g. "the mercenaries".
    pub name: String,
    /// The force whose counters are counted.
    pub force: Ref,
    /// Total number of units of the force, if stated.
    pub units: Option<Spanned<u32>>,
    /// Exact numbers per unit type, if stated.
    pub exactly: Vec<(Ref, u32)>,
    /// The rule stating it.
    pub rule: Option<Ref>,
    /// Where it is declared.
    #[serde(skip)]
    pub span: super::Span,
}

/// How the printed rulebook is made unless `build` says otherwise (`[rulebook]`).
#[derive(Debug, Clone, Default, Serialize)]
pub struct RulebookSettings {
    /// Living rules: mark what changed since this edition (an `[[editions]]` id).
    pub changes_since: Option<super::Spanned<String>>,
    /// Also impose it as a saddle-stitched booklet.
    pub booklet: bool,
    /// One bilingual book in these two languages (the first's text, then the second's under
    /// it) instead of a book per language; empty: a book per language.
    pub languages: Option<super::Spanned<Vec<String>>>,
}

/// How the pack's components are printed; `build` options override these per run.
#[derive(Debug, Clone, Serialize)]
pub struct Print {
    /// Paper name (A4, A3, Letter).
    pub paper: String,
    /// Card trim size in mm (width, height).
    pub card_mm: (f64, f64),
    /// Card bleed in mm.
    pub card_bleed: f64,
    /// Space between cards on a card sheet, mm (`[print] gutter`; 0: cards abut and share cut
    /// lines; `None`: twice the bleed printed, see [`Print::card_gutter`]).
    pub gutter: Option<f64>,
    /// Counter side in mm.
    pub counter_mm: f64,
    /// Counter bleed in mm (around the counter grid).
    pub counter_bleed: f64,
    /// Bleed around a map or mat printed at its published size, mm: the board's background runs
    /// this far past the trim.
    pub map_bleed: f64,
    /// Chit side in mm.
    pub chit_mm: f64,
    /// How far from the paper edge every text stays, in mm (printers cannot print to the edge).
    pub safe_margin: f64,
    /// Whether every build writes PNG previews of the faces (`[print] previews`; `--previews`
    /// asks for them in one build).
    pub previews: bool,
    /// Whether every build writes an SVG file of every page (`[print] svg`; `--svg` asks for them
    /// in one build).
    pub svg: bool,
    /// Whether every imposed duplex sheet gets a back page, even one with nothing on it
    /// (`[print] blank_backs`; `--blank-backs` in one build), for print shops that duplex every
    /// sheet.
    pub blank_backs: bool,
    /// Whether cards are printed on one side only (`[print] one_sided_cards`): no back faces and
    /// no back pages in cards.pdf.
    pub one_sided_cards: bool,
    /// What prefixes the image paths of the Tabletop Simulator set (`[print] tts_url`, a URL or a
    /// `file:///` folder; `--tts-url` in one build); empty: paths relative to the output folder.
    pub tts_url: String,
    /// Fonts the pack brings: the first is the main family of everything pnpkit prints, the
    /// embedded Noto Sans JP only the fallback for characters they lack.
    pub fonts: Vec<PackFont>,
    /// Where `[print]` is declared (the start of pack.toml when it is not).
    #[serde(skip)]
    pub span: super::Span,
}

/// A font family a pack brings: its name as the font files give it, and the files.
#[derive(Debug, Clone, Serialize)]
pub struct PackFont {
    /// The family name templates use in `font-family` and `fit(family=…)`.
    pub family: String,
    /// The regular face's file.
    pub regular: std::path::PathBuf,
    /// The bold face's file, if any.
    pub bold: Option<std::path::PathBuf>,
    /// Where it is declared.
    #[serde(skip)]
    pub span: super::Span,
}

impl Default for Print {
    fn default() -> Self {
        Print {
            paper: "A4".into(),
            card_mm: (63.0, 88.0),
            card_bleed: 3.0,
            gutter: None,
            counter_mm: 15.0,
            counter_bleed: 1.0,
            map_bleed: 3.0,
            chit_mm: 15.0,
            safe_margin: 6.0,
            previews: false,
            svg: false,
            blank_backs: false,
            one_sided_cards: false,
            tts_url: String::new(),
            fonts: Vec::new(),
            span: super::Span::default(),
        }
    }
}

impl Print {
    /// The space between cards when `bleed` mm is printed: the pack's gutter, or twice the bleed,
    /// so that every card prints its whole bleed and has its own cut lines (a miscut then shows
    /// the card's own colour, never its neighbour's); cards printed without bleed abut.
    pub fn card_gutter(&self, bleed: f64) -> f64 {
        self.gutter.unwrap_or(2.0 * bleed)
    }
}

/// An icon a card text draws inline as `[name]` (`[icons] name = "icons/name.svg"`).
#[derive(Clone, Debug, Serialize)]
pub struct Icon {
    /// The name texts write in brackets: `click`.
    pub name: String,
    /// Its image, relative to the pack folder as written (SVG, PNG, JPEG, GIF or WebP).
    pub path: String,
    /// Where `[icons]` names it.
    #[serde(skip)]
    pub span: crate::diag::Span,
}

/// The back of cards: one common back (`side` absent) or one per side.
#[derive(Debug, Serialize)]
pub struct CardBack {
    /// The side whose cards carry it; `None` for the common back.
    pub side: Option<Ref>,
    /// What the back says.
    pub name: Names,
    /// Background colour, `#rrggbb`.
    pub colour: String,
    /// The drawing behind its name.
    pub pattern: BackPattern,
}

/// What a card back draws behind its name, so one game's backs are not another's.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BackPattern {
    /// A double frame with corner diamonds and a faint diamond behind the band.
    #[default]
    Frame,
    /// Rows of waves (a naval or card game).
    Waves,
    /// A hex grid (a wargame).
    Hexes,
    /// Diagonal stripes.
    Stripes,
    /// Rays from the middle (a poster's sunburst).
    Rays,
}

impl BackPattern {
    /// Every pattern and the name a pack writes for it.
    pub const ALL: [(&'static str, BackPattern); 5] = [
        ("frame", BackPattern::Frame),
        ("waves", BackPattern::Waves),
        ("hexes", BackPattern::Hexes),
        ("stripes", BackPattern::Stripes),
        ("rays", BackPattern::Rays),
    ];
}
