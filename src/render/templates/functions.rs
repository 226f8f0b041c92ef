//! The functions pnpkit gives face templates: `fit(...)`, which lays a text out in its box through
//! the text engine and records what it placed and what did not fit against the face being drawn
//! (W0801, W0802, and W0804 for text over text), and `symbol(...)`, which draws a unit symbol.

use crate::diag::{Code, Diagnostic};
use crate::model::markup::{self, Marked, ICON};
use crate::render::page::canvas::{fit_problems, overlapping, short, Rect};
use crate::render::page::mm;
use crate::text::fit::{fit_tracked, tracked_width_em, Request, MAX_TRACKING_EM};
use crate::text::{Fonts, Style, Weight};
use serde::Serialize;
use std::sync::Mutex;
use tera::{Context, Kwargs, TeraResult, Value};

/// What `fit` found while a face was drawn: problems, and the box of every line it placed.
#[derive(Default)]
pub(super) struct FitLog {
    pub(super) face: String,
    pub(super) problems: Vec<Diagnostic>,
    pub(super) ink: Vec<(Rect, String)>,
    /// The box the face is clipped to when placed (trim and bleed), when the context gives it.
    pub(super) visible: Option<Rect>,
}

/// The box a face is clipped to when placed: its trim box and bleed, from the context's `w`, `h`
/// and `bleed` (none for a context without them).
pub(super) fn face_box(context: &Context) -> Option<Rect> {
    let get = |key: &str| context.get(key).and_then(Value::as_f64);
    let (w, h, bleed) = (get("w")?, get("h")?, get("bleed").unwrap_or(0.0));
    Some((-bleed, -bleed, w + bleed, h + bleed))
}

/// One laid-out line for a template.
#[derive(Serialize)]
pub(super) struct Line {
    pub(super) text: String,
    pub(super) x: f64,
    pub(super) y: f64,
    /// The line's advance width, mm (to draw a box or a pill around it).
    pub(super) width: f64,
    /// A line of marked text (emphasis, icons) as the content of its `<text>`: `<tspan>`s, already
    /// escaped; empty for a plain line, which templates draw from `text`.
    pub(super) markup: String,
    /// The line's icons as `<image>` elements, to draw after its `<text>`; empty when none.
    pub(super) icons: String,
}

/// The pack's icons: name → image path inside the pack.
pub(super) type Icons = std::collections::BTreeMap<String, String>;

/// What `fit(...)` returns to a template.
#[derive(Serialize)]
pub(super) struct FitResult {
    pub(super) size: f64,
    pub(super) line: f64,
    pub(super) lines: Vec<Line>,
    /// The height of the set lines (of the fullest column), mm: 0 for no text.
    pub(super) height: f64,
    pub(super) overflow: bool,
    /// The `text-anchor` the lines were placed for (`start`, `middle`, `end`).
    pub(super) anchor: String,
}

/// The sizes a template's `fit()` may ask for, pt.
const FIT_PT: std::ops::RangeInclusive<f64> = 0.5..=500.0;

/// The most columns a template's `fit()` may set a text in.
const MAX_COLUMNS: i64 = 4;

/// The largest coordinate or length a template's `fit()` may use, mm (a sheet of A0 is 1189).
const FIT_MM: f64 = 2000.0;

pub(super) fn fit_function(
    (fonts, icons): (&Fonts, &Icons),
    log: &Mutex<FitLog>,
    kwargs: &Kwargs,
) -> TeraResult<Value> {
    let written: String = kwargs.get::<&str>("text")?.unwrap_or_default().to_string();
    // Marked text (`**bold**`, `*em*`, `[icon]`) is laid out from its plain characters, an icon
    // standing as one em-wide character; a text without marks is laid out as its characters are
    // (escapes such as `\[` undone).
    let marked = markup::marked(&written, &|name| icons.contains_key(name));
    let text = marked.plain.clone();
    let marked = (!marked.is_plain()).then_some(marked);
    let num = |key: &str, default: f64| -> TeraResult<f64> { Ok(kwargs.get::<f64>(key)?.unwrap_or(default)) };
    let (x, y, width, height) = (num("x", 0.0)?, num("y", 0.0)?, num("width", 10.0)?, num("height", 10.0)?);
    let (max, min, leading) = (num("max", 8.0)?, num("min", 5.0)?, num("leading", 1.2)?);
    // The fitter tries sizes from `max` down to `min` in quarter points: bound them by what a face
    // can hold, so a stray digit is an error rather than billions of tries.
    if !(FIT_PT.contains(&max) && FIT_PT.contains(&min) && min <= max) {
        return Err(tera::Error::message(format!(
            "fit: max ({max}) and min ({min}) must be sizes from {} to {} pt, min not above max",
            FIT_PT.start(),
            FIT_PT.end()
        )));
    }
    if ![x, y, width, height, leading].iter().all(|v| v.is_finite() && v.abs() <= FIT_MM) {
        return Err(tera::Error::message(format!("fit: x, y, width, height and leading must lie within ±{FIT_MM}")));
    }
    let bold = kwargs.get::<bool>("bold")?.unwrap_or(false);
    let max_lines = kwargs.get::<i64>("lines")?.unwrap_or(0).max(0) as usize;
    // `columns=2` sets the text in two columns `gap` mm apart (3 by default), filled in turn.
    let columns = kwargs.get::<i64>("columns")?.unwrap_or(1);
    let gap = num("gap", 3.0)?;
    if !(1..=MAX_COLUMNS).contains(&columns) || (columns > 1 && !(0.0..width / 2.0).contains(&gap)) {
        return Err(tera::Error::message(format!(
            "fit: columns must be 1 to {MAX_COLUMNS} and gap from 0 to half the width, not {columns} and {gap}"
        )));
    }
    let columns = (columns as usize, gap);
    let valign = kwargs.get::<&str>("valign")?.unwrap_or("top").to_string();
    let anchor = kwargs.get::<&str>("anchor")?.unwrap_or("start").to_string();
    if !matches!(anchor.as_str(), "start" | "middle" | "end") {
        return Err(tera::Error::message(format!("fit: anchor must be start, middle or end, not `{anchor}`")));
    }
    let weight = if bold { Weight::Bold } else { Weight::Regular };
    let family = match kwargs.get::<&str>("family")? {
        None => 0,
        Some(name) => fonts.family(name).ok_or_else(|| {
            tera::Error::message(format!("fit: unknown font family `{name}`; declare it in [print] fonts"))
        })?,
    };
    // Strong runs are measured in bold throughout: the text never grows past its box when drawn.
    let strong = marked.as_ref().is_some_and(|m| !m.strong.is_empty());
    let style = Style { family, weight: if strong { Weight::Bold } else { weight } };
    // Marked lines place their runs and icons by measure, so they are never tightened.
    let tracking = if marked.is_some() { 0.0 } else { MAX_TRACKING_EM };
    let fitted = fit_tracked(
        fonts,
        &Request {
            text: &text,
            width_mm: width,
            height_mm: height,
            max_pt: max,
            min_pt: min,
            leading,
            style,
            max_lines,
            columns,
        },
        tracking,
    );
    // `measure=true` only measures (to size a pill or a box before placing the text): nothing
    // is drawn from it, so it neither warns nor records ink.
    let measure = kwargs.get::<bool>("measure")?.unwrap_or(false);
    let mut log = log.lock().map_err(|_| tera::Error::message("fit: the text log is unusable"))?;
    let room = "shorten the text, or give it a larger box in the template";
    if !measure {
        let problems = fit_problems(&log.face, &text, (width, height), min, &fitted, room);
        log.problems.extend(problems);
    }
    // The first baseline sits 0.88 em below the top of the line (the ideographic em box).
    let block = fitted.height_mm;
    let top = match valign.as_str() {
        "middle" => y + (height - block) / 2.0,
        "bottom" => y + height - block,
        _ => y,
    };
    let size = fitted.size_mm;
    let mut lines = Vec::new();
    // An empty text has no lines, so templates draw no empty elements.
    let drawn: &[String] = if text.trim().is_empty() { &[] } else { &fitted.lines };
    // Of a text that does not fit (reported above), the lines lying wholly outside the box the
    // face is clipped to are left out: nothing of them could be seen, and a megabyte of them
    // would cost the PDF writer minutes. An em of slack allows for glyphs beyond their em box.
    let cull = if measure || !fitted.overflow { None } else { log.visible };
    let outside = |a0: f64, a1: f64, lo: f64, hi: f64| a1 < lo - size || a0 > hi + size;
    let mut cursor = 0;
    for (i, text) in drawn.iter().enumerate() {
        let (column, row) = (i / fitted.per_column.max(1), i % fitted.per_column.max(1));
        let baseline = top + 0.88 * size + row as f64 * fitted.line_mm;
        // Every column's lines anchor as the first column's do, one column step further right.
        let x = x + column as f64 * fitted.column_mm.1;
        // Where this line lies in the plain text: lines are its pieces, in order.
        let start =
            marked.as_ref().and_then(|m| m.plain[cursor..].find(text.as_str())).map_or(cursor, |at| cursor + at);
        cursor = start + text.len();
        if cull.is_some_and(|(_, y0, _, y1)| outside(baseline - 0.88 * size, baseline + 0.12 * size, y0, y1)) {
            continue;
        }
        let runs = marked.as_ref().map(|m| Runs::of(fonts, m, (start, text), (Style { weight, ..style }, size)));
        let width =
            runs.as_ref().map_or_else(|| tracked_width_em(fonts, text, style, fitted.tracking_em) * size, |r| r.width);
        let x0 = match anchor.as_str() {
            "middle" => x - width / 2.0,
            "end" => x - width,
            _ => x,
        };
        if cull.is_some_and(|(x_0, _, x_1, _)| outside(x0, x0 + width, x_0, x_1)) {
            continue;
        }
        if !measure && !text.trim().is_empty() {
            log.ink.push(((x0, baseline - 0.88 * size, x0 + width, baseline + 0.12 * size), text.clone()));
        }
        match runs {
            // Marked lines are placed at their start, whatever the anchor: their icons lie at
            // measured places along the line.
            Some(runs) => {
                let drawn_icons = runs.icons(icons, (x0, baseline), size);
                lines.push(Line {
                    text: runs.text,
                    x: mm(x0),
                    y: mm(baseline),
                    width: mm(width),
                    markup: runs.markup,
                    icons: drawn_icons,
                });
            }
            // A tightened line is drawn as markup: its letters closer by the tracking.
            None => lines.push(Line {
                text: text.clone(),
                x: mm(x),
                y: mm(baseline),
                width: mm(width),
                markup: if fitted.tracking_em > 0.0 {
                    format!(
                        r#"<tspan letter-spacing="-{}">{}</tspan>"#,
                        mm(fitted.tracking_em * size),
                        crate::text::escape(text)
                    )
                } else {
                    String::new()
                },
                icons: String::new(),
            }),
        }
    }
    // Marked lines come placed at their start (see above).
    let anchor = if marked.is_some() { "start".to_string() } else { anchor };
    Ok(Value::from_serializable(&FitResult {
        size: mm(size),
        line: mm(fitted.line_mm),
        height: if drawn.is_empty() { 0.0 } else { mm(fitted.height_mm) },
        lines,
        overflow: fitted.overflow,
        anchor,
    }))
}

/// `layout(name="long-text", why="…")`: a template says it drew this face in a fallback layout
/// (the built-in card front: long-text, condensed, text-only), reported once per face as
/// W0806 so a designer sees which cards changed layout and why.
pub(super) fn layout_function(log: &Mutex<FitLog>, kwargs: &Kwargs) -> TeraResult<Value> {
    let name = kwargs.get::<&str>("name")?.ok_or_else(|| tera::Error::message("layout: `name` is required"))?;
    let why = kwargs.get::<&str>("why")?.map(|w| format!(": {w}")).unwrap_or_default();
    let mut log = log.lock().map_err(|_| tera::Error::message("layout: the text log is unusable"))?;
    let message = format!("{} uses the {name} layout{why}", log.face);
    if !log.problems.iter().any(|p| p.message == message) {
        log.problems.push(Diagnostic::warning(Code::LONG_TEXT_LAYOUT, message));
    }
    Ok(Value::from(""))
}

/// `symbol(icon=face.icon, x=…, y=…, width=…, height=…, colour=face.ink)`: the unit symbol in the
/// box, as SVG elements (see [`crate::render::templates::symbols::draw`]); also `symbol(name="armour", …)` for a
/// built-in symbol by name.
pub(super) fn symbol_function(kwargs: &Kwargs) -> TeraResult<Value> {
    let num = |key: &str| -> TeraResult<f64> {
        kwargs.get::<f64>(key)?.ok_or_else(|| tera::Error::message(format!("symbol: `{key}` is required")))
    };
    let (x, y, w, h) = (num("x")?, num("y")?, num("width")?, num("height")?);
    let colour = kwargs.get::<&str>("colour")?.unwrap_or("#000000").to_string();
    let icon = match (kwargs.get::<Value>("icon")?, kwargs.get::<&str>("name")?) {
        (Some(icon), _) => serde_json::to_value(&icon)
            .and_then(serde_json::from_value::<IconArg>)
            .map_err(|e| tera::Error::message(format!("symbol: `icon` is not a unit symbol ({e})")))?
            .into(),
        (None, Some(name)) if crate::model::symbol::is_built_in(name) => {
            crate::model::UnitSymbol { base: name.to_string(), ..Default::default() }
        }
        (None, Some(name)) => return Err(tera::Error::message(format!("symbol: no built-in symbol `{name}`"))),
        (None, None) => return Err(tera::Error::message("symbol: give `icon` (face.icon) or `name`")),
    };
    Ok(Value::safe_string(&crate::render::templates::symbols::draw(&icon, (x, y, w, h), &colour)))
}

/// A unit symbol as a template passes it back (`face.icon`).
#[derive(serde::Deserialize)]
struct IconArg {
    #[serde(default)]
    base: String,
    #[serde(default)]
    path: String,
    #[serde(default)]
    fill: String,
    #[serde(default)]
    frame: Option<String>,
}

impl From<IconArg> for crate::model::UnitSymbol {
    fn from(a: IconArg) -> Self {
        crate::model::UnitSymbol { base: a.base, path: a.path, fill: a.fill, frame: a.frame }
    }
}

/// W0804 for every two lines of one face whose ink overlaps.
pub(super) fn overlaps(face: &str, ink: &[(Rect, String)]) -> Vec<Diagnostic> {
    let rects: Vec<Rect> = ink.iter().map(|(r, _)| *r).collect();
    overlapping(&rects)
        .into_iter()
        .map(|(a, b)| {
            Diagnostic::warning(
                Code::TEXT_OVERLAP,
                format!("{face}: text “{}” overlaps “{}”", short(&ink[a].1), short(&ink[b].1)),
            )
            .with_hint("give the texts separate boxes in the template, or shorten one")
        })
        .collect()
}

/// One line of marked text, drawn: its `<tspan>`s, its icons' places along it and its width.
struct Runs {
    /// The line's words, icons as their names (for templates that draw `text`).
    text: String,
    markup: String,
    /// Each icon's name and its left edge from the line's start, mm.
    placed: Vec<(String, f64)>,
    /// The drawn width, mm: each run in its own weight, each icon an em.
    width: f64,
}

impl Runs {
    /// The line `line`, which starts at byte `start` of `marked.plain`, set in `style` (the
    /// weight of text that is not strong) at `size` mm.
    fn of(fonts: &Fonts, marked: &Marked, (start, line): (usize, &str), (style, size): (Style, f64)) -> Runs {
        let strong = Style { weight: Weight::Bold, ..style };
        let icon_w = fonts.width_em(&ICON.to_string(), strong) * size;
        let mut runs = Runs { text: String::new(), markup: String::new(), placed: Vec::new(), width: 0.0 };
        // The run being gathered: its text and its (strong, em) marks; and the gap icons leave
        // before the next run (its `dx`).
        let (mut run, mut marks, mut gap) = (String::new(), (false, false), 0.0);
        let flush = |runs: &mut Runs, run: &mut String, marks: (bool, bool), gap: &mut f64| {
            if run.is_empty() {
                return;
            }
            let run_style = if marks.0 { strong } else { style };
            runs.width += fonts.width_em(run, run_style) * size;
            let weight = if marks.0 { r#" font-weight="700""# } else { "" };
            let italic = if marks.1 { r#" font-style="italic""# } else { "" };
            let dx = if *gap > 0.0 { format!(r#" dx="{}""#, mm(*gap)) } else { String::new() };
            // A space at either end of a run would be dropped by SVG's white-space handling: it
            // is drawn as a no-break space, the same width.
            let kept = run.trim_matches(' ');
            let (lead, trail) =
                (run.len() - run.trim_start_matches(' ').len(), run.len() - run.trim_end_matches(' ').len());
            let shown = if kept.is_empty() {
                "\u{a0}".repeat(run.len())
            } else {
                format!("{}{}{}", "\u{a0}".repeat(lead), kept, "\u{a0}".repeat(trail))
            };
            runs.markup.push_str(&format!("<tspan{weight}{italic}{dx}>{}</tspan>", crate::text::escape(&shown)));
            runs.text.push_str(run);
            run.clear();
            *gap = 0.0;
        };
        for (i, c) in line.char_indices() {
            if let Some(name) = marked.icon_at(start + i).filter(|_| c == ICON) {
                flush(&mut runs, &mut run, marks, &mut gap);
                runs.placed.push((name.to_string(), runs.width));
                runs.text.push_str(name);
                runs.width += icon_w;
                gap += icon_w;
                continue;
            }
            let here = marked.style_at(start + i);
            if here != marks {
                flush(&mut runs, &mut run, marks, &mut gap);
                marks = here;
            }
            run.push(c);
        }
        flush(&mut runs, &mut run, marks, &mut gap);
        runs
    }

    /// The line's icons as `<image>` elements, the line starting at `x0` on `baseline`: each a
    /// square of nine tenths of the em, centred in the em box its character takes.
    fn icons(&self, images: &Icons, (x0, baseline): (f64, f64), size: f64) -> String {
        let side = 0.9 * size;
        let top = baseline - 0.88 * size + 0.05 * size;
        let mut out = String::new();
        for (name, at) in &self.placed {
            let Some(href) = images.get(name) else { continue };
            out.push_str(&format!(
                r#"<image href="{}" x="{}" y="{}" width="{}" height="{}" preserveAspectRatio="xMidYMid meet"/>"#,
                crate::text::escape(href),
                mm(x0 + at + 0.05 * size),
                mm(top),
                mm(side),
                mm(side)
            ));
        }
        out
    }
}
