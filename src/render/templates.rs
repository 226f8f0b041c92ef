//! Face templates: Tera SVG templates that draw one face of a card, counter or chit.
//!
//! The built-in templates (`templates/` in the repository) are compiled into the binary; a pack
//! overrides any of them with a file of the same name under its own `templates/` folder. Every
//! template is registered in [`Sources`], so a template error is reported at its file, line and
//! column. Templates lay out text with the `fit(...)` function, which runs the text engine and
//! records overflows and missing glyphs against the face being drawn.

use std::sync::{Arc, Mutex};

use serde::Serialize;
use tera::{Context, Kwargs, State, Tera, TeraResult, Value};

use crate::diag::{Code, Diagnostic, Sources, Span};
use crate::text::fit::{fit, Request};
use crate::text::{Fonts, Style, Weight};

/// The built-in templates, by name.
const BUILT_IN: &[(&str, &str)] = &[
    ("counters/unit.svg.tera", include_str!("../../templates/counters/unit.svg.tera")),
    ("counters/marker.svg.tera", include_str!("../../templates/counters/marker.svg.tera")),
    ("chits/front.svg.tera", include_str!("../../templates/chits/front.svg.tera")),
    ("chits/back.svg.tera", include_str!("../../templates/chits/back.svg.tera")),
    ("cards/front.svg.tera", include_str!("../../templates/cards/front.svg.tera")),
    ("cards/back.svg.tera", include_str!("../../templates/cards/back.svg.tera")),
];

/// What `fit` found wrong while a face was drawn.
#[derive(Default)]
struct FitLog {
    face: String,
    problems: Vec<(String, Diagnostic)>,
}

/// The loaded templates and the text engine they call.
pub(crate) struct Templates {
    tera: Tera,
    log: Arc<Mutex<FitLog>>,
    /// Template name → its file in [`Sources`].
    files: Vec<(String, usize)>,
}

/// One laid-out line for a template.
#[derive(Serialize)]
struct Line {
    text: String,
    x: f64,
    y: f64,
}

/// What `fit(...)` returns to a template.
#[derive(Serialize)]
struct FitResult {
    size: f64,
    line: f64,
    lines: Vec<Line>,
    overflow: bool,
}

/// Rounds to a thousandth of a millimetre, so SVG numbers are short and stable.
pub(crate) fn mm(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

impl Templates {
    /// Loads the built-in templates, overridden by the pack's own (`<pack>/templates/<name>`).
    pub(crate) fn load(
        pack_root: &std::path::Path,
        fonts: Arc<Fonts>,
        sources: &mut Sources,
    ) -> Result<Templates, Vec<Diagnostic>> {
        let mut tera = Tera::new();
        tera.autoescape_on(vec![".svg.tera", ".html.tera"]);
        let log = Arc::new(Mutex::new(FitLog::default()));
        let fit_log = log.clone();
        tera.register_function("fit", move |kwargs: Kwargs, _: &State| fit_function(&fonts, &fit_log, &kwargs));
        let mut files = Vec::new();
        let mut texts = Vec::new();
        for (name, built_in) in BUILT_IN {
            let own = pack_root.join("templates").join(name);
            let (path, text) = match std::fs::read_to_string(&own) {
                Ok(text) => (own, text),
                Err(_) => (std::path::Path::new("templates").join(name), (*built_in).to_string()),
            };
            files.push((name.to_string(), sources.add(&path, text.clone())));
            texts.push((name.to_string(), text));
        }
        let mut templates = Templates { tera, log, files };
        if let Err(e) = templates.tera.add_raw_templates(texts.iter().map(|(n, t)| (n.as_str(), t.as_str()))) {
            return Err(vec![templates.diagnostic(&e, sources)]);
        }
        Ok(templates)
    }

    /// Renders template `name` for the face called `face_label` (used in overflow warnings).
    pub(crate) fn render(
        &self,
        name: &str,
        face_label: &str,
        context: &Context,
        sources: &Sources,
    ) -> Result<(String, Vec<Diagnostic>), Diagnostic> {
        if let Ok(mut log) = self.log.lock() {
            log.face = face_label.to_string();
            log.problems.clear();
        }
        let out = self.tera.render(name, context).map_err(|e| self.diagnostic(&e, sources))?;
        let problems = self.log.lock().map(|mut l| std::mem::take(&mut l.problems)).unwrap_or_default();
        Ok((out, problems.into_iter().map(|(_, d)| d).collect()))
    }

    /// A Tera error as a diagnostic at the template's file, line and column.
    fn diagnostic(&self, e: &tera::Error, sources: &Sources) -> Diagnostic {
        let report = match e.kind() {
            tera::ErrorKind::SyntaxError(r) | tera::ErrorKind::RenderingError(r) => Some(r),
            _ => None,
        };
        let message = report.map_or_else(|| e.to_string(), |r| r.message().to_string());
        let mut d =
            Diagnostic::error(Code::TEMPLATE, format!("template error: {}", message.lines().next().unwrap_or("")))
                .with_hint("see docs/templates.md for what a face template receives");
        if let Some(r) = report {
            let file = self.files.iter().find(|(n, _)| n == r.filename()).map(|(_, f)| *f);
            if let Some(file) = file {
                let len = sources.get(file).text.len();
                let range = r.span().range.start.min(len)..r.span().range.end.min(len);
                d = d.at(&Span::new(file, range));
            } else {
                d.message = format!("{} (in {})", d.message, r.filename());
            }
        }
        d
    }
}

fn fit_function(fonts: &Fonts, log: &Mutex<FitLog>, kwargs: &Kwargs) -> TeraResult<Value> {
    let text: String = kwargs.get::<&str>("text")?.unwrap_or_default().to_string();
    let num = |key: &str, default: f64| -> TeraResult<f64> { Ok(kwargs.get::<f64>(key)?.unwrap_or(default)) };
    let (x, y, width, height) = (num("x", 0.0)?, num("y", 0.0)?, num("width", 10.0)?, num("height", 10.0)?);
    let (max, min, leading) = (num("max", 8.0)?, num("min", 5.0)?, num("leading", 1.2)?);
    let bold = kwargs.get::<bool>("bold")?.unwrap_or(false);
    let max_lines = kwargs.get::<i64>("lines")?.unwrap_or(0).max(0) as usize;
    let valign = kwargs.get::<&str>("valign")?.unwrap_or("top").to_string();
    let weight = if bold { Weight::Bold } else { Weight::Regular };
    let family = match kwargs.get::<&str>("family")? {
        None => 0,
        Some(name) => fonts.family(name).ok_or_else(|| {
            tera::Error::message(format!("fit: unknown font family `{name}`; declare it in [print] fonts"))
        })?,
    };
    let style = Style { family, weight };
    let fitted = fit(
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
        },
    );
    if let Ok(mut log) = log.lock() {
        let face = log.face.clone();
        if fitted.overflow && !text.is_empty() {
            let d = Diagnostic::warning(
                Code::TEXT_OVERFLOW,
                format!(
                    "{face}: text does not fit its {width:.1}×{height:.1} mm box even at {min} pt: “{}”",
                    short(&text)
                ),
            )
            .with_hint("shorten the text, or give it a larger box in the template");
            log.problems.push((face.clone(), d));
        }
        if !fitted.missing.is_empty() {
            let chars: String = fitted.missing.iter().collect();
            let d = Diagnostic::warning(Code::MISSING_GLYPH, format!("{face}: the font has no glyph for “{chars}”"))
                .with_hint("use another character, or bring a font that has it");
            log.problems.push((face, d));
        }
    }
    // The first baseline sits 0.88 em below the top of the line (the ideographic em box).
    let block = fitted.height_mm;
    let top = match valign.as_str() {
        "middle" => y + (height - block) / 2.0,
        "bottom" => y + height - block,
        _ => y,
    };
    let lines = fitted
        .lines
        .iter()
        .enumerate()
        .map(|(i, l)| Line {
            text: l.clone(),
            x: mm(x),
            y: mm(top + 0.88 * fitted.size_mm + i as f64 * fitted.line_mm),
        })
        .collect();
    Ok(Value::from_serializable(&FitResult {
        size: mm(fitted.size_mm),
        line: mm(fitted.line_mm),
        lines,
        overflow: fitted.overflow,
    }))
}

/// The first 30 characters of a text, for messages.
fn short(text: &str) -> String {
    let mut s: String = text.chars().take(30).collect();
    if text.chars().count() > 30 {
        s.push('…');
    }
    s.replace('\n', " ")
}
