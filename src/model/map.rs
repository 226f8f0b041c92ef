//! The map (a hex grid or a point-to-point area map), off-map boxes and the sheets they sit on.
//! Hex geometry is integer cube-coordinate arithmetic, so every result is exact and repeatable.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{CardField, FieldValue, Names, Ref, Span, Spanned};

/// A game map.
#[derive(Debug, Clone, Serialize, Default)]
pub struct Map {
    /// Hex grid or areas joined by adjacency.
    pub kind: MapKind,
    /// Name.
    pub name: Names,
    /// Paper size of the published map.
    pub paper: String,
    /// The grid, for hex maps.
    pub grid: Option<HexGrid>,
    /// Terrain kinds, including any the pack adds.
    pub terrain: Vec<Terrain>,
    /// Every hex of the grid, in column-major order, with defaults applied.
    pub hexes: Vec<Hex>,
    /// Features on hex edges.
    pub hexsides: Vec<Hexside>,
    /// Areas, for point-to-point maps.
    pub areas: Vec<Area>,
    /// Regions of an area map (absent: regions are free text).
    pub regions: Vec<Region>,
    /// The game-specific attribute columns of areas.csv (stability, battleground, …), typed as
    /// card fields are.
    pub area_attributes: Vec<CardField>,
    /// The game-specific attribute columns of hexes.csv that describe the hex.
    pub hex_attributes: Vec<CardField>,
    /// The game-specific attribute columns of hexes.csv that describe the hex's place.
    pub place_attributes: Vec<CardField>,
    /// What the map's key calls those attributes, by column.
    pub area_attribute_names: BTreeMap<String, Names>,
    /// Sea routes, each enabled by a card.
    pub routes: Vec<Route>,
    /// Exceptions to the transport range.
    pub transport: Vec<TransportException>,
    /// Whether the geometry is our reconstruction rather than the published map.
    pub provisional: bool,
    /// Land hexes the designer declares unreachable on purpose (decoration, off-limits).
    pub isolated: Vec<Ref>,
    /// Graph rules the map declares (`[map.graph]`): connected, no self-loops, degree bounds.
    pub graph: Option<super::GraphRules>,
    /// Area maps: the size of the boxes, their influence squares and the field.
    pub area: AreaGeometry,
    /// The levels at which a region scores (presence, dominance, control), in the order the map
    /// declares and prints them.
    pub scoring_levels: Vec<ScoringLevel>,
    /// Where the map is declared.
    #[serde(skip)]
    pub span: Span,
}

impl Map {
    /// The map as the standard game's board: without the areas only a variant or optional rule
    /// puts on it, and without the links to them (borrowed when there are none).
    pub fn board(&self) -> std::borrow::Cow<'_, Map> {
        if self.areas.iter().all(|a| a.variant.is_none()) {
            return std::borrow::Cow::Borrowed(self);
        }
        let mut board = self.clone();
        board.areas.retain(|a| a.variant.is_none());
        let kept: Vec<String> = board.areas.iter().map(|a| a.id.clone()).collect();
        for area in &mut board.areas {
            area.adjacent.retain(|x| kept.contains(&x.value));
        }
        std::borrow::Cow::Owned(board)
    }

    /// The areas only a variant or optional rule puts on the board, in file order.
    pub fn variant_areas(&self) -> impl Iterator<Item = &Area> {
        self.areas.iter().filter(|a| a.variant.is_some())
    }
}

/// Hex grid or point-to-point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum MapKind {
    /// Hexes on a grid.
    #[default]
    Hex,
    /// Named areas with explicit adjacency.
    Area,
}

/// Flat-top or pointy-top hexes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Orientation {
    /// Columns of hexes with flat tops; alternate columns are shifted half a hex down.
    FlatTop,
    /// Rows of hexes with pointed tops; alternate rows are shifted half a hex right.
    PointyTop,
}

/// How hexes are numbered: a pattern with `{c}`/`{r}` (column, row from 1) or `{n}` (running
/// number, row by row), each optionally zero-padded as `{c:02}`. `"{c:02}{r:02}"` gives CCRR
/// (0512); `"{c}{r}"` gives the two-digit numbers of seed 000's map (53 = column 5, row 3).
#[derive(Debug, Clone, Serialize)]
pub struct Numbering {
    /// The pattern.
    pub pattern: String,
}

impl Numbering {
    /// The number of the hex at `col`, `row` (both from 1) on a grid `columns` wide.
    pub fn label(&self, col: u32, row: u32, columns: u32) -> String {
        let mut out = String::new();
        let mut rest = self.pattern.as_str();
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let Some(close) = rest[open..].find('}') else { break };
            let field = &rest[open + 1..open + close];
            let (name, width) = field.split_once(':').map_or((field, 0), |(n, w)| (n, w.parse().unwrap_or(0)));
            let value = match name {
                "c" => col,
                "r" => row,
                _ => (row - 1) * columns + col,
            };
            out.push_str(&format!("{value:0width$}"));
            rest = &rest[open + close + 1..];
        }
        out.push_str(rest);
        out
    }
}

/// A hex grid.
#[derive(Debug, Clone, Serialize)]
pub struct HexGrid {
    /// Flat-top or pointy-top.
    pub orientation: Orientation,
    /// Columns, numbered from 1.
    pub columns: u32,
    /// Rows, numbered from 1.
    pub rows: u32,
    /// Hex size across the flats, in mm.
    pub hex_mm: f64,
    /// Whether the even (true) or odd (false) columns (rows, for pointy-top) are shifted.
    pub even_shifted: bool,
    /// How hexes are numbered.
    pub numbering: Numbering,
}

impl HexGrid {
    /// Cube coordinates (q, r) of the hex at `col`, `row` (from 1).
    fn cube(&self, col: u32, row: u32) -> (i64, i64) {
        let (x, y) = (i64::from(col) - 1, i64::from(row) - 1);
        // A 1-based even column (row) is a 0-based odd one: "odd-q" ("odd-r") in the usual terms.
        let half = |i: i64| if self.even_shifted { (i - (i & 1)) / 2 } else { (i + (i & 1)) / 2 };
        match self.orientation {
            Orientation::FlatTop => (x, y - half(x)),
            Orientation::PointyTop => (x - half(y), y),
        }
    }

    /// Hex distance between two grid positions.
    pub fn distance(&self, a: (u32, u32), b: (u32, u32)) -> u32 {
        let (aq, ar) = self.cube(a.0, a.1);
        let (bq, br) = self.cube(b.0, b.1);
        let (dq, dr) = (aq - bq, ar - br);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }

    /// The positions next to `at` that lie on the grid.
    pub fn neighbours(&self, at: (u32, u32)) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for c in at.0.saturating_sub(1).max(1)..=(at.0 + 1).min(self.columns) {
            for r in at.1.saturating_sub(1).max(1)..=(at.1 + 1).min(self.rows) {
                if (c, r) != at && self.distance(at, (c, r)) == 1 {
                    out.push((c, r));
                }
            }
        }
        out
    }
}

/// A terrain kind and how it is drawn.
#[derive(Debug, Clone, Serialize)]
pub struct Terrain {
    /// Stable id (`clear`, `sea`, `desert`, `cold`, `mountain`, …).
    pub id: String,
    /// Name.
    pub name: Names,
    /// Fill colour, `#rrggbb`.
    pub colour: String,
    /// Water: land units cannot enter; a land hex next to it is coastal.
    pub water: bool,
    /// A pattern drawn over the fill: `dots`, `hatch`, `cross` or `waves` (none when empty).
    pub pattern: String,
}

/// A named location in a hex: a city, a mine, a port.
#[derive(Debug, Clone, Serialize)]
pub struct Place {
    /// Stable id.
    pub id: String,
    /// Name.
    pub name: Names,
    /// Whether it is a city (control is checked only for cities in seed 000).
    pub city: bool,
    /// Victory points, for cities.
    pub vp: Option<u32>,
    /// Other features (`mine`, `port`, `capital`).
    pub features: Vec<String>,
    /// Values of the map's `place_attributes`.
    pub attributes: BTreeMap<String, FieldValue>,
    /// Rule clauses about this place.
    pub rules: Vec<super::Ref>,
}

/// One hex.
#[derive(Debug, Clone, Serialize)]
pub struct Hex {
    /// Its printed number.
    pub id: String,
    /// Column, from 1.
    pub col: u32,
    /// Row, from 1.
    pub row: u32,
    /// Terrain id.
    pub terrain: Ref,
    /// The place in it, if any.
    pub place: Option<Place>,
    /// How many hidden chits it can hold.
    pub chit_capacity: Option<u32>,
    /// Values of the map's `hex_attributes`.
    pub attributes: BTreeMap<String, FieldValue>,
    /// Where it is described (its row in hexes.csv, or the map's defaults).
    #[serde(skip)]
    pub span: Span,
}

/// A feature drawn on the edge between two hexes.
#[derive(Debug, Clone, Serialize)]
pub struct Hexside {
    /// One hex.
    pub a: Ref,
    /// The other.
    pub b: Ref,
    /// `mountain` or `impassable` (or a kind the pack adds).
    pub feature: String,
    /// The row.
    #[serde(skip)]
    pub span: Span,
}

/// An area of a point-to-point map.
#[derive(Debug, Clone, Serialize)]
pub struct Area {
    /// Stable id.
    pub id: String,
    /// Name.
    pub name: Names,
    /// Region (Europe, Asia, …): a `[[regions]]` id when the map declares regions.
    pub region: Ref,
    /// Areas it connects to.
    pub adjacent: Vec<Ref>,
    /// Where its centre is drawn on the map, mm from the top-left corner.
    pub at: Option<(f64, f64)>,
    /// Values of the map's `area_attributes` (stability, battleground, …).
    pub attributes: BTreeMap<String, FieldValue>,
    /// The side whose home it is (a superpower, a capital): drawn in the side's colour.
    pub side: Option<Ref>,
    /// The rules section (`kind: variant` or `optional`) that alone puts it on the board: the
    /// standard board leaves it out and the map's key prints it beside the field.
    pub variant: Option<Ref>,
    /// Its row in areas.csv.
    #[serde(skip)]
    pub span: Span,
}

/// The size of an area's box on an area map whose squares hold no declared marker, mm: its names,
/// stability and 6 mm influence squares.
pub const AREA_BOX_MM: (f64, f64) = (24.0, 15.0);
/// The field such a map's areas' `x`, `y` are measured in, mm from its top-left corner.
pub const AREA_FIELD_MM: (f64, f64) = (300.0, 270.0);

/// How big an area map's boxes, squares and field are. An influence square holds the marker the
/// map declares (`marker_size`), so a larger marker makes larger boxes and, unless the map gives
/// its own `field`, a field that holds the same grid of boxes.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct AreaGeometry {
    /// One area's box, mm.
    pub box_mm: (f64, f64),
    /// The field the areas' `x`, `y` are measured in, mm.
    pub field_mm: (f64, f64),
    /// The side of one influence square, mm.
    pub square_mm: f64,
    /// The marker the squares hold (`[map] marker_size`), mm, when the map declares one.
    pub marker_mm: Option<f64>,
}

impl Default for AreaGeometry {
    fn default() -> AreaGeometry {
        AreaGeometry { box_mm: AREA_BOX_MM, field_mm: AREA_FIELD_MM, square_mm: 6.0, marker_mm: None }
    }
}

impl AreaGeometry {
    /// The height of a box's name strip, mm.
    pub const STRIP_MM: f64 = 7.0;
    /// The width of the stability column at a box's right, mm.
    pub const STABILITY_MM: f64 = 6.4;
    /// The space between and around influence squares, mm.
    pub const GAP_MM: f64 = 1.5;

    /// The geometry of a map whose squares hold `marker` mm markers (none: 6 mm squares), one
    /// square per side of `sides`, with a stability column when `stability`, in `field` (none:
    /// the default field grown with the boxes). Sizes are whole or half millimetres.
    pub fn new(marker: Option<f64>, sides: usize, stability: bool, field: Option<(f64, f64)>) -> AreaGeometry {
        let half_up = |v: f64| (v * 2.0).ceil() / 2.0;
        // A square 1 mm larger than its marker, so that the marker sits inside its printed edge.
        let square = marker.map_or(6.0, |m| half_up(m + 1.0));
        let sides = sides.max(1) as f64;
        let stability = if stability { Self::STABILITY_MM } else { 0.0 };
        let w = half_up(sides * (square + Self::GAP_MM) + Self::GAP_MM + stability).max(AREA_BOX_MM.0);
        let h = half_up(Self::STRIP_MM + square + 2.0).max(AREA_BOX_MM.1);
        let grown = ((AREA_FIELD_MM.0 * w / AREA_BOX_MM.0).ceil(), (AREA_FIELD_MM.1 * h / AREA_BOX_MM.1).ceil());
        AreaGeometry { box_mm: (w, h), field_mm: field.unwrap_or(grown), square_mm: square, marker_mm: marker }
    }
}

/// A region of an area map, with the colour its areas are drawn in.
#[derive(Debug, Clone, Serialize)]
pub struct Region {
    /// Stable id.
    pub id: String,
    /// Name.
    pub name: Names,
    /// Fill colour, `#rrggbb`.
    pub colour: String,
    /// What the region scores at each level the map declares, in the map's level order (empty:
    /// the region is not scored).
    pub scoring: Vec<RegionScore>,
    /// Its `[[regions]]` table in map.toml.
    #[serde(skip)]
    pub span: Span,
}

/// A level at which a region scores: `presence`, `dominance`, `control`, or what a game has.
#[derive(Debug, Clone, Serialize)]
pub struct ScoringLevel {
    /// Stable id, the key of a region's `scoring` table.
    pub id: String,
    /// Name, printed on the map.
    pub name: Names,
}

/// What a region scores at one level.
#[derive(Debug, Clone, Serialize)]
pub struct RegionScore {
    /// The level's id.
    pub level: String,
    /// Its value.
    pub value: ScoreValue,
}

/// A region's score at a level: victory points, or a text (Europe's control wins the game).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScoreValue {
    /// A whole number of victory points.
    Vp(u32),
    /// A text in the pack's languages.
    Text(Names),
}

/// A sea route between two locations, usable when its card is played.
#[derive(Debug, Clone, Serialize)]
pub struct Route {
    /// The card that enables it.
    pub card: Ref,
    /// One end.
    pub from: Ref,
    /// The other end.
    pub to: Ref,
    /// The rule listing it.
    pub rule: Option<Ref>,
    /// The row.
    #[serde(skip)]
    pub span: Span,
}

/// Two locations the transport rules treat specially.
#[derive(Debug, Clone, Serialize)]
pub struct TransportException {
    /// Whose transport (`None`: both sides).
    pub side: Option<Ref>,
    /// The two locations.
    pub between: (Ref, Ref),
    /// Counted as this many hexes apart; `None`: the distance is ignored.
    pub distance: Option<Spanned<u32>>,
    /// The rule stating it.
    pub rule: Option<Ref>,
}

/// An off-map box: on the map or on a play sheet.
#[derive(Debug, Serialize)]
pub struct BoxDef {
    /// Stable id.
    pub id: String,
    /// Name.
    pub name: Names,
    /// Whose box, if one side's.
    pub side: Option<Ref>,
    /// `map` or a sheet id.
    pub sheet: Ref,
    /// What it holds (`units`, `chits`, `cards`).
    pub holds: Vec<String>,
    /// The row.
    #[serde(skip)]
    pub span: Span,
}

/// A printed sheet that is not the map: a play sheet, a score sheet, a placement mat.
#[derive(Debug, Serialize)]
pub struct Sheet {
    /// Stable id.
    pub id: String,
    /// Name.
    pub name: Names,
    /// `play`, `score`, `mat`.
    pub kind: String,
    /// Whose sheet, if one side's.
    pub side: Option<Ref>,
    /// Paper size.
    pub paper: String,
    /// The fewest and most boxes the rules say it has.
    pub boxes: Option<(u32, u32)>,
    /// The rule stating it.
    pub rule: Option<Ref>,
    /// Whether it prints the turn sequence as a player aid.
    pub sequence: bool,
    /// Rule clauses it summarizes (printed with their numbers), e.g. the combat procedure.
    pub summary: Vec<Ref>,
    /// Play aids (`[[aids]]` ids) it prints.
    pub aids: Vec<Ref>,
    /// Score sheets: how many rows (one per player).
    pub rows: Option<Spanned<u32>>,
    /// Score sheets: the columns of each row, each with its tick boxes.
    pub columns: Vec<ScoreColumn>,
    /// Mats: rows of card slots.
    pub slots: Vec<SlotGroup>,
    /// Tracks (`[[tracks]]` ids) it prints, e.g. a point tracker.
    pub tracks: Vec<Ref>,
    /// Where it is declared.
    #[serde(skip)]
    pub span: Span,
}

/// A column of a score sheet: a name and as many tick boxes as the rules count to (3 wins).
#[derive(Debug, Serialize)]
pub struct ScoreColumn {
    /// Name.
    pub name: Names,
    /// Tick boxes per row.
    pub boxes: u32,
    /// The box that wins or ends the game (15 victory points), marked on the sheet.
    pub goal: Option<u32>,
}

/// A row of card slots on a mat: each player places `count` of the `of` cards `select` gives
/// them (seed 004: six of eight transport cards in columns 1–6).
#[derive(Debug, Serialize)]
pub struct SlotGroup {
    /// Stable id.
    pub id: String,
    /// What a slot is called (`column`, `attack`); slots print it with their number.
    pub name: Names,
    /// How many slots.
    pub count: Spanned<u32>,
    /// How many such cards each player has to choose from, as the rules say.
    pub of: Option<Spanned<u32>>,
    /// Which of a player's cards go here.
    pub select: crate::model::Selector,
    /// The rule stating it.
    pub rule: Option<Ref>,
    /// The slots stand side by side in one row (the rules make neighbours of them, as
    /// Submarine Attack's columns 1–6 are), never wrapped onto a second.
    pub one_row: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn area_boxes_grow_with_the_marker_their_squares_hold() {
        // No marker: the 24 × 15 mm box with 6 mm squares in the 300 × 270 mm field.
        assert_eq!(AreaGeometry::new(None, 2, true, None), AreaGeometry::default());
        // 15 mm markers, two sides and a stability column: 16 mm squares, 2 × 17.5 + 1.5 + 6.4 mm
        // wide (to the half mm), 7 + 16 + 2 mm tall; the field grows by the same factors.
        let ts = AreaGeometry::new(Some(15.0), 2, true, None);
        assert_eq!((ts.square_mm, ts.box_mm, ts.field_mm), (16.0, (43.0, 25.0), (538.0, 450.0)));
        // Three sides without a stability column; a field the map gives is kept.
        let three = AreaGeometry::new(Some(12.0), 3, false, Some((400.0, 300.0)));
        assert_eq!((three.square_mm, three.box_mm, three.field_mm), (13.0, (45.0, 22.0), (400.0, 300.0)));
    }

    fn grid(orientation: Orientation, even_shifted: bool) -> HexGrid {
        HexGrid {
            orientation,
            columns: 12,
            rows: 9,
            hex_mm: 28.0,
            even_shifted,
            numbering: Numbering { pattern: "{c}{r}".into() },
        }
    }

    #[test]
    fn numbering_patterns_give_the_seeds_numbers_and_ccrr() {
        assert_eq!(Numbering { pattern: "{c}{r}".into() }.label(5, 3, 12), "53");
        assert_eq!(Numbering { pattern: "{c:02}{r:02}".into() }.label(5, 12, 12), "0512");
        assert_eq!(Numbering { pattern: "{n}".into() }.label(3, 2, 10), "13");
        assert_eq!(Numbering { pattern: "H-{n:03}".into() }.label(1, 1, 10), "H-001");
    }

    #[test]
    fn flat_top_even_columns_shifted_down_have_these_neighbours() {
        let g = grid(Orientation::FlatTop, true);
        // Column 6 is even, so it sits lower: its neighbours in columns 5 and 7 are rows 3 and 4.
        assert_eq!(g.neighbours((6, 3)), vec![(5, 3), (5, 4), (6, 2), (6, 4), (7, 3), (7, 4)]);
        // Column 5 is odd: its side neighbours are rows 2 and 3.
        assert_eq!(g.neighbours((5, 3)), vec![(4, 2), (4, 3), (5, 2), (5, 4), (6, 2), (6, 3)]);
    }

    #[test]
    fn odd_shift_mirrors_the_neighbourhood() {
        let g = grid(Orientation::FlatTop, false);
        assert_eq!(g.neighbours((5, 3)), vec![(4, 3), (4, 4), (5, 2), (5, 4), (6, 3), (6, 4)]);
    }

    #[test]
    fn distance_is_symmetric_and_counts_hex_steps() {
        let g = grid(Orientation::FlatTop, true);
        assert_eq!(g.distance((5, 4), (2, 7)), 5);
        assert_eq!(g.distance((2, 7), (5, 4)), 5);
        assert_eq!(g.distance((1, 1), (1, 9)), 8);
        assert_eq!(g.distance((1, 1), (12, 1)), 11);
        let p = grid(Orientation::PointyTop, true);
        assert_eq!(p.neighbours((3, 3)).len(), 6);
        assert_eq!(p.distance((1, 1), (12, 1)), 11);
    }

    #[test]
    fn corner_hexes_have_fewer_neighbours() {
        let g = grid(Orientation::FlatTop, true);
        // Column 2 sits lower, so only its row 1 touches (1, 1).
        assert_eq!(g.neighbours((1, 1)), vec![(1, 2), (2, 1)]);
    }
}
