//! units.csv (unit types with combat factors) and counters.csv (physical counters: front and
//! back faces, and how many).

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned as TS;

use super::csv::{Columns, Row};
use super::Loader;
use crate::diag::{Code, Diagnostic, FileId, Span};
use crate::model::symbol as symbols;
use crate::model::{CounterKind, Modifier, Names, Pack, Spanned, UnitSymbol, UnitType};

const UNIT_COLUMNS: Columns = Columns {
    required: &["id", "force", "class"],
    optional: &[
        "name_ja",
        "name_en",
        "short_name_ja",
        "short_name_en",
        "movement",
        "steps",
        "modifiers",
        "damaged",
        "tags",
        "rules",
        "provisional",
        "note",
    ],
};

const COUNTER_COLUMNS: Columns =
    Columns { required: &["id", "front", "count"], optional: &["back", "value", "template", "provisional", "note"] };

/// Loads units.csv and counters.csv.
pub(super) fn load(l: &mut Loader<'_>, pack: &mut Pack) {
    if let Some(file) = l.read("units.csv", false) {
        let factor_columns: Vec<String> = pack.factors.iter().map(|f| f.id.clone()).collect();
        let table = l.csv(file, &UNIT_COLUMNS, &factor_columns);
        for row in table.rows() {
            let unit = unit(l, &row, &factor_columns);
            duplicate_check(l, &unit.id, &row, "unit");
            pack.units.push(unit);
        }
    }
    if let Some(file) = l.read("counters.csv", false) {
        let table = l.csv(file, &COUNTER_COLUMNS, &[]);
        for row in table.rows() {
            let id = row.text("id", &mut l.diags);
            let count = row
                .parse::<u32>("count", "a whole number", &mut l.diags)
                .unwrap_or_else(|| Spanned::new(0, row.cell("count").span));
            l.provisional(&format!("counter `{}`", id.value), &provisional_fields(&row), row.cell("provisional").span);
            duplicate_check(l, &id.value, &row, "counter");
            pack.counters.push(CounterKind {
                id: id.value,
                front: row.text("front", &mut l.diags),
                back: row.opt_ref("back"),
                count,
                value: row.cell("value").value,
                template: row.opt_ref("template").and_then(|t| super::game::template_key(l, &t)),
                provisional: provisional_fields(&row),
                span: row.span(),
            });
        }
    }
}

fn unit(l: &mut Loader<'_>, row: &Row<'_>, factor_columns: &[String]) -> UnitType {
    let id = row.text("id", &mut l.diags).value;
    let mut factors = BTreeMap::new();
    for f in factor_columns {
        factors.insert(f.clone(), row.parse::<i64>(f, "a whole number", &mut l.diags).map(|v| v.value));
    }
    let steps = row.parse::<u32>("steps", "a whole number of steps", &mut l.diags).map_or(1, |v| v.value);
    let modifiers = row.list("modifiers").iter().filter_map(|m| modifier(l, m, factor_columns)).collect();
    let damaged = row.list("damaged").iter().filter_map(|d| damaged_value(l, d, factor_columns, steps)).collect();
    l.provisional(&format!("unit `{id}`"), &provisional_fields(row), row.cell("provisional").span);
    UnitType {
        id,
        name: row.names_required(&mut l.diags),
        short_name: Names { ja: row.cell("short_name_ja").value, en: row.cell("short_name_en").value },
        force: row.text("force", &mut l.diags),
        class: row.text("class", &mut l.diags),
        factors,
        movement: row.parse::<i64>("movement", "a whole number", &mut l.diags).map(|v| v.value),
        steps,
        modifiers,
        damaged,
        tags: row.list("tags").into_iter().map(|t| t.value).collect(),
        rules: row.list("rules"),
        provisional: provisional_fields(row),
        span: row.span(),
    }
}

/// One value of the damaged side (`defence=2`, `movement=1`): a factor or movement and what the
/// flipped counter prints for it. Only a unit of two or more steps has a damaged side.
fn damaged_value(l: &mut Loader<'_>, d: &Spanned<String>, factors: &[String], steps: u32) -> Option<(String, i64)> {
    let bad = |l: &mut Loader<'_>, why: String| {
        l.diags.push(Diagnostic::error(Code::BAD_VALUE, why).at(&d.span).with_hint(
            "write the damaged side's values as `factor=value`, `|`-separated, e.g. `anti_armour=3|movement=1`",
        ));
        None
    };
    if steps < 2 {
        return bad(l, format!("`{}`: a unit of one step has no damaged side", d.value));
    }
    let Some((name, value)) = d.value.split_once('=') else {
        return bad(l, format!("damaged value `{}` has no `=`", d.value));
    };
    let name = name.trim();
    if name != "movement" && !factors.iter().any(|f| f == name) {
        let known = factors.iter().map(String::as_str).chain(["movement"]);
        l.diags.push(
            Diagnostic::error(Code::BAD_VALUE, format!("damaged value names unknown factor `{name}`"))
                .at(&d.span)
                .with_hint_opt(crate::diag::did_you_mean(name, known))
                .with_hint(format!("the factors are: {}, and movement", factors.join(", "))),
        );
        return None;
    }
    let Ok(value) = value.trim().parse::<i64>() else {
        return bad(l, format!("damaged value `{}` is not a whole number", value.trim()));
    };
    Some((name.to_string(), value))
}

/// `desert: anti_armour=5` (set) or `cold: anti_armour+1` (add).
fn modifier(l: &mut Loader<'_>, m: &Spanned<String>, factors: &[String]) -> Option<Modifier> {
    let bad = |l: &mut Loader<'_>, why: String| {
        l.diags.push(
            Diagnostic::error(Code::BAD_VALUE, why)
                .at(&m.span)
                .with_hint("write `terrain: factor=value` or `terrain: factor+value`, e.g. `desert: anti_armour=5`"),
        );
        None
    };
    let Some((terrain, change)) = m.value.split_once(':') else {
        return bad(l, format!("modifier `{}` has no terrain", m.value));
    };
    let change = change.trim();
    let (factor, add, value) = if let Some((f, v)) = change.split_once('=') {
        (f, false, v)
    } else if let Some((f, v)) = change.split_once('+') {
        (f, true, v)
    } else {
        return bad(l, format!("modifier `{}` has no `=` or `+`", m.value));
    };
    let factor = factor.trim();
    if !factors.iter().any(|f| f == factor) {
        return bad(l, format!("modifier names unknown factor `{factor}`"));
    }
    let Ok(value) = value.trim().parse::<i64>() else {
        return bad(l, format!("modifier value `{}` is not a number", value.trim()));
    };
    let terrain_start = m.span.range.start;
    let terrain_span = crate::diag::Span::new(m.span.file, terrain_start..terrain_start + terrain.len());
    Some(Modifier {
        terrain: Spanned::new(terrain.trim().to_string(), terrain_span),
        factor: factor.to_string(),
        add,
        value,
    })
}

/// The `provisional` column: which of the row's values the sources do not give.
pub(super) fn provisional_fields(row: &Row<'_>) -> Vec<String> {
    row.list("provisional").into_iter().map(|p| p.value).collect()
}

/// Reports `id` when an earlier item of the same kind has it.
pub(super) fn duplicate_check(l: &mut Loader<'_>, id: &str, row: &Row<'_>, kind: &'static str) {
    duplicate_at(l, kind, id, &row.cell("id").span);
}

/// Reports the `kind` id `id`, written at `at`, when an earlier item of that kind has it: an
/// error at the second, pointing at the first (a second row would otherwise be accepted, or
/// silently win over the first).
pub(super) fn duplicate_at(l: &mut Loader<'_>, kind: &'static str, id: &str, at: &Span) {
    let first = match l.ids.entry((kind, id.to_string())) {
        std::collections::hash_map::Entry::Occupied(e) => e.get().clone(),
        std::collections::hash_map::Entry::Vacant(e) => {
            e.insert(at.clone());
            return;
        }
    };
    l.diags.push(
        Diagnostic::error(
            Code::DUPLICATE_ID,
            format!("two {} have the id `{id}`", crate::model::records::plural(kind)),
        )
        .at(at)
        .with_related(&first, "first defined here")
        .with_hint("ids must be unique within a file kind"),
    );
}

/// A class's `symbol` in pack.toml: a built-in symbol's name, or a table drawing the pack's own.
#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum RawSymbol {
    /// `symbol = "infantry"`.
    Name(String),
    /// `symbol = { base = "armour", path = "M0.5 0 L0.5 0.3", frame = "rectangle" }`.
    Drawn(RawDrawnSymbol),
}

/// The table form of a class's `symbol`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawDrawnSymbol {
    base: Option<String>,
    path: Option<String>,
    fill: Option<String>,
    frame: Option<String>,
}

/// Reads a class's symbol, reporting an unknown built-in or frame and unreadable path data at
/// the place in pack.toml that holds it.
pub(super) fn symbol(l: &mut Loader<'_>, file: FileId, raw: Option<&TS<RawSymbol>>) -> UnitSymbol {
    let Some(raw) = raw else { return UnitSymbol::default() };
    let whole = Loader::span(file, raw);
    let (base, path, fill, frame) = match raw.get_ref() {
        RawSymbol::Name(name) => (Some(name), None, None, None),
        RawSymbol::Drawn(d) => (d.base.as_ref(), d.path.as_ref(), d.fill.as_ref(), d.frame.as_ref()),
    };
    // Inner values carry no span of their own (an untagged enum loses them): find each value's
    // quoted text inside the symbol's span, else point at the whole symbol.
    let text = l.sources.get(file).text.get(whole.range.clone()).unwrap_or("").to_string();
    let at = |value: &str, offset: usize, len: usize| match text.find(&format!("\"{value}\"")) {
        Some(i) => {
            let start = whole.range.start + i + 1 + offset;
            Span::new(file, start..start + len)
        }
        None => whole.clone(),
    };
    let mut out = UnitSymbol::default();
    if let Some(base) = base {
        if symbols::is_built_in(base) {
            out.base = base.clone();
        } else {
            l.diags.push(
                Diagnostic::error(Code::BAD_VALUE, format!("unknown unit symbol `{base}`"))
                    .at(&at(base, 0, base.len()))
                    .with_hint(format!(
                        "use a built-in symbol ({}) or draw the class's own: symbol = {{ path = \"M0.2 0.5 L0.8 0.5\" }} \
                         (docs/pack-format.md)",
                        symbols::built_in_names()
                    )),
            );
        }
    }
    if let Some(frame) = frame {
        if symbols::FRAMES.contains(&frame.as_str()) {
            out.frame = Some(frame.clone());
        } else {
            l.diags.push(
                Diagnostic::error(Code::BAD_VALUE, format!("unknown symbol frame `{frame}`"))
                    .at(&at(frame, 0, frame.len()))
                    .with_hint(format!("use one of {}", symbols::FRAMES.join(", "))),
            );
        }
    }
    for (data, into) in [(path, &mut out.path), (fill, &mut out.fill)] {
        let Some(data) = data else { continue };
        match symbols::parse_path(data) {
            Ok(_) => *into = data.clone(),
            Err(e) => {
                let len = data[e.offset..].find([' ', ',']).unwrap_or(data.len() - e.offset).max(1);
                l.diags.push(
                    Diagnostic::error(Code::BAD_VALUE, format!("symbol path: {}", e.message))
                        .at(&at(data, e.offset, len))
                        .with_hint(
                            "a symbol's path is SVG path data with absolute commands M, L, H, V, C, Q, A, Z and \
                             every point inside the 0..1 box laid over the frame (docs/pack-format.md)",
                        ),
                );
            }
        }
    }
    out
}
