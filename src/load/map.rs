//! map.toml (grid, terrain kinds, transport exceptions), hexes.csv, hexsides.csv, areas.csv,
//! routes.csv and boxes.csv.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned as TS;

use super::csv::Columns;
use super::units::{duplicate_check, provisional_fields};
use super::{toml_ref, Loader, RawNames};
use crate::diag::{Code, Diagnostic};
use crate::model::*;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMapFile {
    map: TS<RawMap>,
    grid: Option<RawGrid>,
    #[serde(default)]
    terrain: Vec<RawTerrain>,
    #[serde(default)]
    transport: Vec<RawTransport>,
    #[serde(default)]
    regions: Vec<TS<RawRegion>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRegion {
    id: String,
    name: RawNames,
    colour: String,
    scoring: Option<super::scoring::RawScoring>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    kind: String,
    #[serde(default)]
    name: RawNames,
    paper: Option<TS<String>>,
    #[serde(default)]
    provisional: bool,
    #[serde(default)]
    default_terrain: Option<String>,
    default_chit_capacity: Option<u32>,
    #[serde(default)]
    area_attributes: Vec<super::attributes::RawAttribute>,
    #[serde(default)]
    hex_attributes: Vec<super::attributes::RawAttribute>,
    #[serde(default)]
    place_attributes: Vec<super::attributes::RawAttribute>,
    #[serde(default)]
    area_attribute_names: BTreeMap<String, RawNames>,
    #[serde(default)]
    isolated: Vec<TS<String>>,
    graph: Option<TS<super::graph_rules::RawGraph>>,
    marker_size: Option<TS<f64>>,
    field: Option<TS<[f64; 2]>>,
    #[serde(default)]
    scoring_levels: Vec<super::scoring::RawLevel>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGrid {
    orientation: TS<String>,
    columns: u32,
    rows: u32,
    hex_mm: f64,
    #[serde(default = "even")]
    shifted: TS<String>,
    numbering: String,
}

fn even() -> TS<String> {
    TS::new(0..0, "even".to_string())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrain {
    id: String,
    name: RawNames,
    colour: String,
    #[serde(default)]
    water: bool,
    #[serde(default)]
    pattern: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTransport {
    side: Option<TS<String>>,
    between: [TS<String>; 2],
    distance: Option<TS<u32>>,
    rule: Option<TS<String>>,
}

const HEX_COLUMNS: Columns = Columns {
    required: &["hex", "terrain"],
    optional: &["place", "name_ja", "name_en", "city", "vp", "chits", "features", "rules", "provisional", "note"],
};
const HEXSIDE_COLUMNS: Columns =
    Columns { required: &["hex_a", "hex_b", "feature"], optional: &["provisional", "note"] };
const ROUTE_COLUMNS: Columns = Columns { required: &["card", "from", "to"], optional: &["rule", "note"] };
const BOX_COLUMNS: Columns =
    Columns { required: &["id", "sheet"], optional: &["name_ja", "name_en", "side", "holds", "provisional", "note"] };
const AREA_COLUMNS: Columns = Columns {
    required: &["id"],
    optional: &["name_ja", "name_en", "region", "adjacent", "x", "y", "side", "variant", "provisional", "note"],
};

/// Loads the map files and boxes.csv.
pub(super) fn load(l: &mut Loader<'_>, pack: &mut Pack) {
    if let Some(file) = l.read("map.toml", false) {
        if let Some(raw) = l.toml::<RawMapFile>(file) {
            pack.map = Some(map(l, file, raw, pack.sides.len()));
        }
    }
    if let Some(map) = &mut pack.map {
        load_hexes(l, map);
        load_hexsides(l, map);
        load_routes(l, map);
    }
    if let Some(file) = l.read("boxes.csv", false) {
        let table = l.csv(file, &BOX_COLUMNS, &[]);
        for row in table.rows() {
            let id = row.text("id", &mut l.diags).value;
            l.provisional(&format!("box `{id}`"), &provisional_fields(&row), row.cell("provisional").span);
            duplicate_check(l, &id, &row, "box");
            pack.boxes.push(BoxDef {
                id,
                name: row.names_required(&mut l.diags),
                side: row.opt_ref("side"),
                sheet: row.text("sheet", &mut l.diags),
                holds: row.list("holds").into_iter().map(|h| h.value).collect(),
                span: row.span(),
            });
        }
    }
}

fn map(l: &mut Loader<'_>, file: usize, raw: RawMapFile, sides: usize) -> Map {
    let span = Loader::span(file, &raw.map);
    let mut m = raw.map.into_inner();
    let paper = m.paper.take().map_or_else(
        || "A3".to_string(),
        |p| {
            if crate::layout::Paper::named(p.get_ref()).is_none() {
                l.diags.push(
                    Diagnostic::error(Code::BAD_VALUE, format!("unknown map paper `{}`", p.get_ref()))
                        .at(&Loader::span(file, &p))
                        .with_hint("use A4, A3, A2, A1 or Letter"),
                );
            }
            p.into_inner()
        },
    );
    let declare =
        |l: &mut Loader<'_>, a| super::attributes::declare(l, file, std::mem::take(a), &m.area_attribute_names, &span);
    let area_attributes = declare(l, &mut m.area_attributes);
    let hex_attributes = declare(l, &mut m.hex_attributes);
    let place_attributes = declare(l, &mut m.place_attributes);
    let kind = match m.kind.as_str() {
        "hex" => MapKind::Hex,
        "area" => MapKind::Area,
        other => {
            l.diags.push(
                Diagnostic::error(Code::BAD_VALUE, format!("unknown map kind `{other}`"))
                    .at(&span)
                    .with_hint("use \"hex\" or \"area\""),
            );
            MapKind::Hex
        }
    };
    if m.provisional {
        let what = match kind {
            MapKind::Hex => "map geometry: hex positions, terrain and hexsides are reconstructed from the rules, not the published map",
            MapKind::Area => "map geometry: area positions and links are reconstructed from the rules, not the published map",
        };
        l.provisional.push(Provisional { what: what.into(), span: span.clone() });
    }
    let has_stability = area_attributes.iter().any(|a| a.id == "stability");
    let area = AreaGeometry::new(marker_size(l, file, &m), sides, has_stability, field_size(l, file, &m));
    let grid = raw.grid.map(|g| {
        let orientation = match g.orientation.get_ref().as_str() {
            "flat-top" => Orientation::FlatTop,
            "pointy-top" => Orientation::PointyTop,
            other => {
                l.diags.push(
                    Diagnostic::error(Code::BAD_VALUE, format!("unknown orientation `{other}`"))
                        .at(&Loader::span(file, &g.orientation))
                        .with_hint("use \"flat-top\" or \"pointy-top\""),
                );
                Orientation::FlatTop
            }
        };
        let even_shifted = match g.shifted.get_ref().as_str() {
            "even" => true,
            "odd" => false,
            other => {
                l.diags.push(
                    Diagnostic::error(
                        Code::BAD_VALUE,
                        format!("`shifted` must be \"even\" or \"odd\", found `{other}`"),
                    )
                    .at(&Loader::span(file, &g.shifted)),
                );
                true
            }
        };
        HexGrid {
            orientation,
            columns: g.columns.min(200),
            rows: g.rows.min(200),
            hex_mm: g.hex_mm,
            even_shifted,
            numbering: Numbering { pattern: g.numbering },
        }
    });
    let default_terrain = Spanned::new(m.default_terrain.unwrap_or_else(|| "clear".into()), span.clone());
    let mut hexes = Vec::new();
    if let Some(g) = &grid {
        for col in 1..=g.columns {
            for row in 1..=g.rows {
                hexes.push(Hex {
                    id: g.numbering.label(col, row, g.columns),
                    col,
                    row,
                    terrain: default_terrain.clone(),
                    place: None,
                    chit_capacity: m.default_chit_capacity,
                    attributes: BTreeMap::new(),
                    span: span.clone(),
                });
            }
        }
    }
    let scoring_levels = super::scoring::levels(l, file, std::mem::take(&mut m.scoring_levels));
    let mut seen: BTreeMap<&str, (u32, u32)> = BTreeMap::new();
    for h in &hexes {
        if let Some((c, r)) = seen.insert(&h.id, (h.col, h.row)) {
            l.diags.push(
                Diagnostic::error(
                    Code::DUPLICATE_ID,
                    format!("the numbering gives hex {}/{} and hex {c}/{r} the same number `{}`", h.col, h.row, h.id),
                )
                .at(&span)
                .with_hint("pad the numbers, e.g. \"{c:02}{r:02}\""),
            );
            break;
        }
    }
    Map {
        area,
        kind,
        name: m.name.into(),
        paper,
        grid,
        terrain: raw
            .terrain
            .into_iter()
            .map(|t| Terrain { id: t.id, name: t.name.into(), colour: t.colour, water: t.water, pattern: t.pattern })
            .collect(),
        regions: raw
            .regions
            .into_iter()
            .map(|r| {
                let span = Loader::span(file, &r);
                let r = r.into_inner();
                super::units::duplicate_at(l, "region", &r.id, &span);
                let scoring = super::scoring::scoring(l, file, &r.id, &scoring_levels, r.scoring);
                Region { id: r.id, name: r.name.into(), colour: r.colour, scoring, span }
            })
            .collect(),
        scoring_levels,
        hexes,
        hexsides: Vec::new(),
        areas: Vec::new(),
        routes: Vec::new(),
        transport: raw
            .transport
            .iter()
            .map(|t| TransportException {
                side: t.side.as_ref().map(|s| toml_ref(file, s)),
                between: (toml_ref(file, &t.between[0]), toml_ref(file, &t.between[1])),
                distance: t.distance.as_ref().map(|d| Loader::spanned(file, d)),
                rule: t.rule.as_ref().map(|r| toml_ref(file, r)),
            })
            .collect(),
        area_attributes,
        hex_attributes,
        place_attributes,
        area_attribute_names: m.area_attribute_names.into_iter().map(|(k, n)| (k, n.into())).collect(),
        isolated: m.isolated.iter().map(|h| toml_ref(file, h)).collect(),
        graph: m.graph.as_ref().map(|g| super::graph_rules::graph_rules(l, file, g)),
        provisional: m.provisional,
        span,
    }
}

/// `[map] marker_size`: the side of the markers an area's influence squares hold, 5–60 mm.
fn marker_size(l: &mut Loader<'_>, file: usize, m: &RawMap) -> Option<f64> {
    l.mm_within(
        file,
        m.marker_size.as_ref()?,
        5.0..=60.0,
        |size| format!("marker_size {size} mm is not a marker between 5 and 60 mm"),
        "give the side of the markers placed in an area's influence squares in mm, e.g. marker_size = 15",
    )
}

/// `[map] field = [width, height]`: the area map's field in mm, 100–2000 mm each way.
fn field_size(l: &mut Loader<'_>, file: usize, m: &RawMap) -> Option<(f64, f64)> {
    let raw = m.field.as_ref()?;
    let [w, h] = *raw.get_ref();
    if [w, h].iter().all(|v| (100.0..=2000.0).contains(v)) {
        return Some((w, h));
    }
    l.diags.push(
        Diagnostic::error(Code::BAD_VALUE, format!("field {w} × {h} mm is not between 100 and 2000 mm each way"))
            .at(&Loader::span(file, raw))
            .with_hint(
                "give the area map's field in mm, e.g. field = [540, 450]; leave it out to size it from the boxes",
            ),
    );
    None
}

fn load_hexes(l: &mut Loader<'_>, map: &mut Map) {
    if let Some(file) = l.read("areas.csv", map.kind == MapKind::Area) {
        let extra: Vec<String> = map.area_attributes.iter().map(|f| f.id.clone()).collect();
        let table = l.csv(file, &AREA_COLUMNS, &extra);
        for row in table.rows() {
            let attributes = super::attributes::values(l, &row, &map.area_attributes);
            let x = row.parse::<f64>("x", "a position in mm", &mut l.diags);
            let y = row.parse::<f64>("y", "a position in mm", &mut l.diags);
            let id = row.text("id", &mut l.diags).value;
            super::units::duplicate_check(l, &id, &row, "area");
            l.provisional(&format!("area {id}"), &provisional_fields(&row), row.cell("provisional").span);
            map.areas.push(Area {
                id,
                name: row.names_required(&mut l.diags),
                region: row.cell("region"),
                adjacent: row.list("adjacent"),
                at: x.zip(y).map(|(x, y)| (x.value, y.value)),
                attributes,
                side: row.opt_ref("side"),
                variant: row.opt_ref("variant"),
                span: row.span(),
            });
        }
    }
    let Some(file) = l.read("hexes.csv", false) else { return };
    let extra: Vec<String> = map.hex_attributes.iter().chain(&map.place_attributes).map(|f| f.id.clone()).collect();
    let table = l.csv(file, &HEX_COLUMNS, &extra);
    for row in table.rows() {
        let number = row.text("hex", &mut l.diags);
        let Some(hex) = map.hexes.iter_mut().find(|h| h.id == number.value) else {
            let size =
                map.grid.as_ref().map_or("no grid".to_string(), |g| format!("{} columns × {} rows", g.columns, g.rows));
            l.diags.push(
                Diagnostic::error(
                    Code::HEX_OUTSIDE_GRID,
                    format!("hex `{}` is not on the map grid ({size})", number.value),
                )
                .at(&number.span)
                .with_hint("check the hex number against map.toml's [grid] numbering"),
            );
            continue;
        };
        // A second row of one hex would silently replace the first.
        super::units::duplicate_at(l, "hex", &number.value, &number.span);
        hex.terrain = row.text("terrain", &mut l.diags);
        hex.attributes = super::attributes::values(l, &row, &map.hex_attributes);
        hex.span = row.span();
        if let Some(c) = row.parse::<u32>("chits", "a whole number of chits", &mut l.diags) {
            hex.chit_capacity = Some(c.value);
        }
        if let Some(place) = row.opt_ref("place") {
            super::units::duplicate_at(l, "place", &place.value, &place.span);
            hex.place = Some(Place {
                id: place.value,
                name: row.names(),
                city: row.flag("city", false, &mut l.diags),
                vp: row.parse::<u32>("vp", "a whole number of victory points", &mut l.diags).map(|v| v.value),
                features: row.list("features").into_iter().map(|f| f.value).collect(),
                attributes: super::attributes::values(l, &row, &map.place_attributes),
                rules: row.list("rules"),
            });
        } else {
            super::attributes::without_place(l, &row, &map.place_attributes);
        }
        l.provisional(&format!("hex {}", number.value), &provisional_fields(&row), row.cell("provisional").span);
    }
}

fn load_hexsides(l: &mut Loader<'_>, map: &mut Map) {
    let Some(file) = l.read("hexsides.csv", false) else { return };
    let table = l.csv(file, &HEXSIDE_COLUMNS, &[]);
    for row in table.rows() {
        map.hexsides.push(Hexside {
            a: row.text("hex_a", &mut l.diags),
            b: row.text("hex_b", &mut l.diags),
            feature: row.text("feature", &mut l.diags).value,
            span: row.span(),
        });
    }
}

fn load_routes(l: &mut Loader<'_>, map: &mut Map) {
    let Some(file) = l.read("routes.csv", false) else { return };
    let table = l.csv(file, &ROUTE_COLUMNS, &[]);
    for row in table.rows() {
        map.routes.push(Route {
            card: row.text("card", &mut l.diags),
            from: row.text("from", &mut l.diags),
            to: row.text("to", &mut l.diags),
            rule: row.opt_ref("rule"),
            span: row.span(),
        });
    }
}
