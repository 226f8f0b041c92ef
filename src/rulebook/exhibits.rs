//! The tables a clause shows (`table:`), made from the data in the book's language: a play aid's
//! chances as the play sheets print them, a track's boxes, the chit mix, or the items of a
//! collection a filter selects with their fields.

use super::flow::Figure;
use crate::messages::Messages;
use crate::model::exhibit::TableSource;
use crate::model::filter::Value;
use crate::model::records::Collection;
use crate::model::{Names, Pack};
use crate::render::tables::table::Cell;
use crate::render::tables::{aids, tracks};

/// A table to set: its title, column heads and rows of text, and which columns hold figures
/// (centred).
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Grid {
    pub(crate) title: String,
    pub(crate) head: Vec<String>,
    pub(crate) rows: Vec<Vec<String>>,
    pub(crate) numeric: Vec<bool>,
}

/// The table `source` names, in `language`; None for one that names nothing (`check` has said so).
pub(crate) fn grid(pack: &Pack, source: &str, language: &str) -> Option<Grid> {
    let msg = Messages::new(&[language]);
    let source = pack.table_source(source).ok()?;
    Some(match source {
        TableSource::Aid(aid) => {
            let chart = aids::chart(pack, &msg, aid);
            Grid {
                title: chart.title,
                head: chart.columns.iter().map(|c| c.head.clone()).collect(),
                numeric: chart.columns.iter().map(|_| true).collect(),
                rows: chart
                    .rows
                    .iter()
                    .map(|r| {
                        r.cells
                            .iter()
                            .map(|c| match c {
                                Cell::Text(t) | Cell::Marked(t, _) => t.clone(),
                                Cell::Images(_) => String::new(),
                            })
                            .collect()
                    })
                    .collect(),
            }
        }
        TableSource::Track(track) => {
            let mut previous = None;
            let rows = track
                .boxes
                .iter()
                .map(|b| {
                    let text = tracks::box_text(&msg, track, b, previous);
                    previous = Some(b);
                    vec![text.number, text.label, text.attributes.replace('\n', "; ")]
                })
                .collect::<Vec<Vec<String>>>();
            let mut grid = Grid {
                title: tracks::heading(&msg, track),
                head: vec![
                    msg.first("rulebook.column_box"),
                    msg.first("reference.name"),
                    msg.first("rulebook.column_effect"),
                ],
                rows,
                numeric: vec![true, false, false],
            };
            drop_empty_columns(&mut grid);
            grid
        }
        TableSource::Chits => {
            let mix = &pack.chits;
            let mut rows: Vec<Vec<String>> = mix
                .values
                .iter()
                .map(|v| {
                    vec![if v.label.is_empty() { v.value.to_string() } else { v.label.clone() }, v.count.to_string()]
                })
                .collect();
            rows.push(vec![msg.first("rulebook.total"), mix.total().to_string()]);
            Grid {
                title: capitalised(&super::either(&mix.name, language)),
                head: vec![msg.first("rulebook.column_value"), msg.first("rulebook.column_count")],
                rows,
                numeric: vec![true, true],
            }
        }
        TableSource::Items { collection, query, columns } => {
            items(pack, &msg, (collection, &query, &columns), language)
        }
    })
}

/// The items a filter selects, one row each: the number of a card, the name, then the chosen
/// fields (or every field an item has a value for).
fn items(
    pack: &Pack,
    msg: &Messages,
    (collection, query, chosen): (Collection, &crate::model::filter::Query, &[String]),
    language: &str,
) -> Grid {
    let schema = pack.schema(collection);
    let found: Vec<_> = pack.items(collection).into_iter().filter(|i| query.matches(&i.record)).collect();
    let fields: Vec<&crate::model::filter::FieldDef> = schema.built_in.iter().chain(&schema.fields).collect();
    let shown: Vec<&str> = if chosen.is_empty() {
        let mut shown = vec!["name"];
        if collection == Collection::Cards {
            shown.insert(0, "number");
        }
        for f in &fields {
            let has_value =
                found.iter().any(|i| i.record.get(&f.id).is_some_and(|v| !cell(pack, &f.id, v, language).is_empty()));
            if f.kind != crate::model::filter::Kind::Text && has_value && !shown.contains(&f.id.as_str()) {
                shown.push(f.id.as_str());
            }
        }
        shown
    } else {
        chosen.iter().map(String::as_str).collect()
    };
    let head = shown
        .iter()
        .map(|id| {
            let own_name = fields
                .iter()
                .find(|f| f.id == *id)
                .and_then(|f| f.names.iter().find(|n| super::index::in_language(n, language)).cloned());
            [format!("rulebook.column_{id}"), format!("reference.{id}")]
                .iter()
                .map(|k| msg.first(k))
                .find(|t| !t.is_empty())
                .or(own_name)
                .map_or_else(|| id.to_string(), |head| capitalised(&head))
        })
        .collect();
    let rows = found
        .iter()
        .map(|item| {
            shown
                .iter()
                .map(|id| match *id {
                    "name" => Some(super::either(&item.name, language))
                        .filter(|n| !n.is_empty())
                        .unwrap_or(item.label.clone()),
                    id => item.record.get(id).map(|v| cell(pack, id, v, language)).unwrap_or_default(),
                })
                .collect()
        })
        .collect();
    let numeric = shown
        .iter()
        .map(|id| *id == "number" || fields.iter().any(|f| f.id == *id && f.kind == crate::model::filter::Kind::Int))
        .collect();
    Grid { title: String::new(), head, rows, numeric }
}

/// A value as a cell prints it: a number, a choice by its name in the language (a side, force,
/// class, region or terrain the pack names), a list joined, a flag as a check mark.
fn cell(pack: &Pack, field: &str, value: &Value, language: &str) -> String {
    match value {
        Value::Int(n) => n.to_string(),
        Value::Flag(true) => "✓".to_string(),
        Value::Flag(false) | Value::Texts(_) => String::new(),
        Value::Words(words) if field == "tag" || words.len() > 1 && !is_choice(field) => words.join(", "),
        Value::Words(words) => words.first().map(|id| choice_name(pack, field, id, language)).unwrap_or_default(),
    }
}

/// Whether a field's words are one choice (its id and names) rather than a list.
fn is_choice(field: &str) -> bool {
    matches!(field, "side" | "force" | "class" | "region" | "terrain" | "type" | "deck" | "front" | "back" | "piece")
}

/// A choice's name in `language`, found among the pack's sides, forces, classes, regions and
/// terrain; its id when the pack names it nowhere.
fn choice_name(pack: &Pack, field: &str, id: &str, language: &str) -> String {
    let names: Option<&Names> = match field {
        "side" => pack.side(id).map(|s| &s.name),
        "force" => pack.force(id).map(|f| &f.name),
        "class" => pack.classes.iter().find(|c| c.id == id).map(|c| &c.name),
        "terrain" => pack.terrain(id).map(|t| &t.name),
        "region" => pack.map.as_ref().and_then(|m| m.regions.iter().find(|r| r.id == id)).map(|r| &r.name),
        _ => None,
    };
    names.map(|n| super::either(n, language)).filter(|n| !n.is_empty()).unwrap_or_else(|| id.to_string())
}

/// Drops the columns no row has anything in (a track without attributes).
fn drop_empty_columns(grid: &mut Grid) {
    let keep: Vec<bool> = (0..grid.head.len()).map(|c| grid.rows.iter().any(|r| !r[c].is_empty())).collect();
    let filter = |cells: &mut Vec<String>| {
        let mut k = keep.iter();
        cells.retain(|_| *k.next().unwrap_or(&true));
    };
    filter(&mut grid.head);
    grid.rows.iter_mut().for_each(filter);
    let mut k = keep.iter();
    grid.numeric.retain(|_| *k.next().unwrap_or(&true));
}

/// The figure of the image at `path` (inside the pack) and its natural size in mm; None
/// when it cannot be read or measured (`check` reports a path that is not a file of the pack).
pub(super) fn figure(
    pack: &Pack,
    parser: &crate::emit::SvgParser,
    path: &str,
    alt: String,
) -> Option<(Figure, (f64, f64))> {
    let bytes = crate::render::templates::images::read_in(&pack.root, path)?;
    // Its size in mm: an SVG's user units are CSS pixels (96 to the inch); a photo or scan is
    // taken at 150 dpi, the least a print shop takes.
    let (w, h, dpi) = if path.to_ascii_lowercase().ends_with(".svg") {
        let size = parser.parse(std::str::from_utf8(&bytes).ok()?).ok()?.size();
        (f64::from(size.width()), f64::from(size.height()), 96.0)
    } else {
        let size = imagesize::blob_size(&bytes).ok()?;
        (size.width as f64, size.height as f64, 150.0)
    };
    if w <= 0.0 || h <= 0.0 {
        return None;
    }
    // The image is drawn by the same parser as every page's, so it stays inside the pack.
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}"><image href="{}" width="{w}" height="{h}"/></svg>"#,
        crate::text::escape(path)
    );
    Some((Figure { svg, alt }, (w * 25.4 / dpi, h * 25.4 / dpi)))
}

/// A head as a table prints it: its first letter a capital (`anti-armour` → `Anti-armour`).
fn capitalised(head: &str) -> String {
    let mut chars = head.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}
