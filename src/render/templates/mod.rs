//! Face templates and what bounds them: Tera (`mod.rs`), the functions templates call
//! (`functions`), the render budget and watchdog, bounded images, and a malformed face traced to its
//! template line (`svg_origin`). Uses `page` (canvas checks), `text` and `load::confine`.
//!
//! The built-in templates (`templates/` in the repository) are compiled into the binary; a pack
//! overrides any of them with a file of the same name under its own `templates/` folder, and may
//! add its own for a card type, a unit class, a marker or a counter kind (`template = "…"`).
//! Every template is registered in [`Sources`], so a template error is reported at its file,
//! line and column. Templates lay out text with the `fit(...)` function, which runs the text
//! engine, records overflows and missing glyphs against the face being drawn, and records where
//! each line went, so that text over text within a face is reported too (W0804).

pub(crate) mod budget;
mod functions;
pub(crate) mod images;
pub(crate) mod svg_origin;
pub(crate) mod symbols;
pub(crate) mod watchdog;

use std::sync::{Arc, Mutex};

use tera::{Context, Kwargs, State, Tera};

use crate::diag::{Code, Diagnostic, Sources, Span};
use crate::load::confine::Refused;
use crate::load::DecodeProblem;
use crate::model::Pack;
use crate::render::templates::watchdog::TemplateFile;
use crate::text::Fonts;

use crate::model::templates::{is_built_in, BUILT_IN};
use functions::{face_box, fit_function, layout_function, overlaps, symbol_function, FitLog, Icons};

/// The loaded templates and the text engine they call.
pub(crate) struct Templates {
    tera: Tera,
    log: Arc<Mutex<FitLog>>,
    /// Template name → its file in [`Sources`].
    files: Vec<(String, usize)>,
    /// The pack folder: the only place a drawn `<image>` may come from.
    root: std::path::PathBuf,
    /// Each template's file, for the watchdog's report.
    watched: Vec<(String, Arc<TemplateFile>)>,
}

impl Templates {
    /// Loads the built-in templates, overridden by the pack's own (`<pack>/templates/<name>`),
    /// and the templates the pack's card types, unit classes, markers and counter kinds name.
    pub(crate) fn load(pack: &Pack, fonts: Arc<Fonts>, sources: &mut Sources) -> Result<Templates, Vec<Diagnostic>> {
        let pack_root = pack.root.as_path();
        let mut tera = Tera::new();
        tera.autoescape_on(vec![".svg.tera", ".html.tera"]);
        let log = Arc::new(Mutex::new(FitLog::default()));
        let fit_log = log.clone();
        // Card texts draw the pack's icons inline: each name with its image, as templates draw it.
        let icons: Icons = pack.icons.iter().map(|i| (i.name.clone(), i.path.clone())).collect();
        tera.register_function("fit", move |kwargs: Kwargs, _: &State| {
            fit_function((&fonts, &icons), &fit_log, &kwargs)
        });
        tera.register_function("symbol", |kwargs: Kwargs, _: &State| symbol_function(&kwargs));
        let layout_log = log.clone();
        tera.register_function("layout", move |kwargs: Kwargs, _: &State| layout_function(&layout_log, &kwargs));
        crate::render::templates::budget::register(&mut tera);
        let mut files = Vec::new();
        let mut texts = Vec::new();
        let mut problems = Vec::new();
        for (name, built_in) in BUILT_IN {
            // A pack's own file of the same name overrides the built-in one; it is read only if
            // it lies inside the pack (a symlink out of it, or to nothing, is an error).
            let rel = format!("templates/{name}");
            let own = pack_root.join(&rel);
            let (path, text) = match read_inside(pack_root, &rel) {
                Ok((text, problem)) => {
                    if let Some(d) = decode_problem(problem, &own, &text, sources) {
                        problems.push(d);
                        continue;
                    }
                    (own, text)
                }
                Err(Refused::Missing) => (std::path::Path::new("templates").join(name), (*built_in).to_string()),
                Err(why) => {
                    let at = Span::new(sources.add(&own, String::new()), 0..0);
                    problems.push(
                        Diagnostic::error(why.code(), format!("template {}", why.describe(&rel)))
                            .at(&at)
                            .with_hint(why.hint()),
                    );
                    continue;
                }
            };
            files.push((name.to_string(), sources.add(&path, text.clone())));
            texts.push((name.to_string(), text));
        }
        for key in named_templates(pack) {
            if texts.iter().any(|(n, _)| *n == key.value) || is_built_in(&key.value) {
                continue;
            }
            let rel = format!("templates/{}", key.value);
            if !crate::load::confine::is_plain_relative(&key.value) {
                let why = Refused::NotInside;
                problems.push(
                    Diagnostic::error(why.code(), format!("template {}", why.describe(&key.value)))
                        .at(&key.span)
                        .with_hint(why.hint()),
                );
                continue;
            }
            match read_inside(pack_root, &rel) {
                Ok((text, problem)) => {
                    if let Some(d) = decode_problem(problem, &pack_root.join(&rel), &text, sources) {
                        problems.push(d);
                        continue;
                    }
                    files.push((key.value.clone(), sources.add(&pack_root.join(&rel), text.clone())));
                    texts.push((key.value.clone(), text));
                }
                Err(why) => problems.push(
                    Diagnostic::error(why.code(), format!("template {}", why.describe(&key.value)))
                        .at(&key.span)
                        .with_hint("the path is relative to the pack's templates/ folder (docs/templates.md)"),
                ),
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let watched = files
            .iter()
            .map(|(n, f)| {
                let file = sources.get(*f);
                (n.clone(), Arc::new(TemplateFile { path: file.path.clone(), text: file.text.clone() }))
            })
            .collect();
        let mut templates = Templates { tera, log, files, root: pack_root.to_path_buf(), watched };
        if let Err(e) = templates.tera.add_raw_templates(texts.iter().map(|(n, t)| (n.as_str(), t.as_str()))) {
            return Err(vec![templates.diagnostic(&e, sources)]);
        }
        Ok(templates)
    }

    /// The SHA-256 of every template's name, text and file id: faces drawn by templates with the
    /// same fingerprint from the same context are the same, their warnings at the same places.
    pub(crate) fn fingerprint(&self, sources: &Sources) -> [u8; 32] {
        use sha2::Digest;
        let mut hash = sha2::Sha256::new();
        for (name, file) in &self.files {
            hash.update(name.as_bytes());
            hash.update(file.to_le_bytes());
            hash.update(sources.get(*file).text.as_bytes());
            hash.update([0]);
        }
        hash.finalize().into()
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
            log.ink.clear();
            log.visible = face_box(context);
        }
        let file = self.watched.iter().find(|(n, _)| n == name).map(|(_, f)| f.clone());
        let watched = crate::render::templates::watchdog::watch(name, face_label, file);
        let out = crate::render::templates::budget::render(&self.tera, name, context);
        drop(watched);
        let out = out.map_err(|e| {
            let d = crate::render::templates::budget::classify(self.diagnostic(&e, sources), name, face_label);
            // An error without a place (the output cap) is still at its template's file.
            match self.files.iter().find(|(n, _)| n == name) {
                Some((_, file)) if d.span.is_none() => d.at(&Span::new(*file, 0..0)),
                _ => d,
            }
        })?;
        let (mut problems, ink) = self
            .log
            .lock()
            .map(|mut l| (std::mem::take(&mut l.problems), std::mem::take(&mut l.ink)))
            .unwrap_or_default();
        problems.extend(overlaps(face_label, &ink));
        self.check_svg(name, face_label, &out, sources)?;
        Ok((out, problems))
    }

    /// What a face's SVG must be before it is drawn: well-formed XML, and images only from data
    /// URLs or files inside the pack, each within the image budget (`images`, E0135). A problem
    /// is reported at the template (at the line that made it, when that line is found in the
    /// template as written).
    fn check_svg(&self, name: &str, face: &str, svg: &str, sources: &Sources) -> Result<(), Diagnostic> {
        let file = self.files.iter().find(|(n, _)| n == name).map(|(_, f)| *f);
        // The line of the template that wrote `needle` (the template's start when not found).
        let at = |needle: &str| -> Option<Span> {
            let file = file?;
            let text = &sources.get(file).text;
            let needle = needle.trim();
            let found = (!needle.is_empty()).then(|| text.find(needle)).flatten();
            Some(Span::new(file, found.map_or(0..0, |i| i..i + needle.len())))
        };
        let locate = |d: Diagnostic, needle: &str| match at(needle) {
            Some(span) => d.at(&span),
            None => d,
        };
        // A face is a fragment (several top-level elements): parse it inside an element that
        // declares what a page declares (the SVG namespace). The wrapper adds no line, so rows match.
        let wrapped = format!("<svg xmlns=\"http://www.w3.org/2000/svg\">{svg}</svg>");
        let doc = match resvg::usvg::roxmltree::Document::parse(&wrapped) {
            Ok(doc) => doc,
            Err(e) => return Err(self.malformed(name, face, svg, &wrapped, &e, sources)),
        };
        for href in crate::render::templates::images::hrefs(&doc) {
            if href.is_empty() || href.starts_with('#') {
                continue;
            }
            // A data URL as usvg reads it; a file only from inside the pack. Either is measured
            // from its header before anything decodes it.
            let too_large = if let Some((mime, bytes)) = crate::render::templates::images::data_url(href) {
                crate::render::templates::images::examine(&mime, &bytes)
                    .err()
                    .map(|why| ("a data: URL image".to_string(), why))
            } else if href.starts_with("data:") {
                continue;
            } else {
                match crate::load::confine::resolve(&self.root, href) {
                    Ok(real) => {
                        crate::render::templates::images::check_file(&real).err().map(|why| (format!("`{href}`"), why))
                    }
                    Err(why) => {
                        let d = Diagnostic::error(
                            why.code(),
                            format!("template `{name}` draws an image for {face}: {}", why.describe(href)),
                        )
                        .with_hint(
                            "draw images from files inside the pack folder (a path relative to it) or from data: URLs",
                        );
                        return Err(locate(d, href));
                    }
                }
            };
            if let Some((image, why)) = too_large {
                let d = Diagnostic::error(
                    Code::IMAGE_TOO_LARGE,
                    format!("template `{name}` draws an image for {face}: {image} {}", why.describe()),
                )
                .with_hint(format!(
                    "scale the image down: a 63 × 88 mm card at 1200 dpi is 12 megapixels; pnpkit draws images of at most {} megapixels and {} MB",
                    crate::render::templates::images::MAX_PIXELS / 1_000_000,
                    crate::render::templates::images::MAX_BYTES >> 20
                ));
                return Err(locate(d, href));
            }
        }
        Ok(())
    }

    /// A Tera error as a diagnostic at the template's file, line and column.
    fn diagnostic(&self, e: &tera::Error, sources: &Sources) -> Diagnostic {
        let report = match e.kind() {
            tera::ErrorKind::SyntaxError(r) | tera::ErrorKind::RenderingError(r) => Some(r),
            _ => None,
        };
        if let Some(d) = self.circular(e, sources) {
            return d;
        }
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
        } else if let Some(missing) = message.split("Unknown template `").nth(1).and_then(|m| m.split('`').next()) {
            // Tera reports an include of a missing template as text: find the include.
            let found = self.files.iter().find_map(|(_, file)| {
                find_directive(&sources.get(*file).text, "include", missing).map(|range| Span::new(*file, range))
            });
            if let Some(span) = found {
                d.message = format!("template error: it includes `{missing}`, which does not exist");
                d.hints = vec![format!(
                    "`{missing}` is neither a template of the pack nor a built-in one (docs/templates.md lists them)"
                )];
                d = d.at(&span);
            }
        }
        d
    }
}

impl Templates {
    /// A face that is not well-formed XML, at the template line that wrote the failing element
    /// (matched by its literal text, in the template or one it includes); else at the template's
    /// first line, quoting the output there.
    fn malformed(
        &self,
        name: &str,
        face: &str,
        svg: &str,
        wrapped: &str,
        e: &resvg::usvg::roxmltree::Error,
        sources: &Sources,
    ) -> Diagnostic {
        let pos = e.pos();
        // The error's byte in the face's own SVG (the wrapper's start tag is on its first row).
        let row_start = wrapped.split_inclusive('\n').take(pos.row.saturating_sub(1) as usize).map(str::len).sum();
        let in_wrapped = wrapped[row_start..]
            .char_indices()
            .nth(pos.col.saturating_sub(1) as usize)
            .map_or(wrapped.len(), |(i, _)| row_start + i);
        let prefix = wrapped.len() - svg.len() - "</svg>".len();
        let at = in_wrapped.saturating_sub(prefix).min(svg.len());
        let line = svg[..at].matches('\n').count() + 1;
        let mut d = Diagnostic::error(
            Code::TEMPLATE,
            format!("template `{name}` drew malformed SVG for {face}: {e} (line {line} of the drawn SVG)"),
        )
        .with_hint("the template's output must be well-formed XML: close every element, escape `<` and `&` (Tera escapes values unless `| safe`)");
        let found = self.family(name, sources).into_iter().find_map(|file| {
            let text = &sources.get(file).text;
            crate::render::templates::svg_origin::origin(text, svg, at).map(|range| Span::new(file, range))
        });
        match (found, self.files.iter().find(|(n, _)| n == name)) {
            (Some(span), _) => d = d.at(&span),
            (None, Some((_, file))) => {
                let quoted = crate::render::templates::svg_origin::snippet(svg, at);
                d = d
                    .at(&Span::new(*file, 0..0))
                    .with_hint(format!("no line of the template reads like the output there; {face} drew: “{quoted}”"));
            }
            (None, None) => {}
        }
        d
    }

    /// The files of template `name` and of the templates it includes, extends or imports, the
    /// named one first.
    fn family(&self, name: &str, sources: &Sources) -> Vec<usize> {
        let mut names = vec![name.to_string()];
        let mut files = Vec::new();
        let mut i = 0;
        while let Some(n) = names.get(i).cloned() {
            i += 1;
            let Some((_, file)) = self.files.iter().find(|(f, _)| *f == n) else { continue };
            files.push(*file);
            for (other, _) in &self.files {
                let named = ["include", "extends", "import"]
                    .iter()
                    .any(|k| find_directive(&sources.get(*file).text, k, other).is_some());
                if named && !names.contains(other) {
                    names.push(other.clone());
                }
            }
        }
        files
    }

    /// A template that includes or extends itself (directly or round a circle), as an error at
    /// the `include`/`extends` that closes the circle.
    fn circular(&self, e: &tera::Error, sources: &Sources) -> Option<Diagnostic> {
        let (keyword, chain): (&str, Vec<String>) = match e.kind() {
            tera::ErrorKind::CircularInclude { include_chain, .. } => ("include", include_chain.clone()),
            tera::ErrorKind::CircularExtend { tpl, inheritance_chain } => {
                ("extends", std::iter::once(tpl.clone()).chain(inheritance_chain.iter().cloned()).collect())
            }
            _ => return None,
        };
        let [.., from, to] = chain.as_slice() else { return None };
        let mut d = Diagnostic::error(
            Code::TEMPLATE,
            format!("template `{from}` {keyword}s `{to}`, which leads back to it: {}", chain.join(" → ")),
        )
        .with_hint(format!("a template cannot {keyword} itself, directly or through others: remove the `{keyword}`"));
        if let Some(file) = self.files.iter().find(|(n, _)| n == from).map(|(_, f)| *f) {
            let text = &sources.get(file).text;
            let range = find_directive(text, keyword, to).unwrap_or(0..0);
            d = d.at(&Span::new(file, range));
        }
        Some(d)
    }
}

/// Where `{% keyword "name" %}` names `name` in a template's text.
fn find_directive(text: &str, keyword: &str, name: &str) -> Option<std::ops::Range<usize>> {
    ['"', '\''].iter().find_map(|q| {
        let quoted = format!("{q}{name}{q}");
        text.match_indices(&quoted).map(|(i, _)| i).find(|&i| text[..i].trim_end().ends_with(keyword)).map(|i| {
            let start = text[..i].trim_end().len() - keyword.len();
            start..i + quoted.len()
        })
    })
}

/// Reads `rel` from the pack only if it lies inside it, through the loader's one decoder: no BOM,
/// and the first bytes that are not UTF-8 or a control character XML forbids, if any.
fn read_inside(root: &std::path::Path, rel: &str) -> Result<(String, Option<DecodeProblem>), Refused> {
    let real = crate::load::confine::resolve(root, rel)?;
    let bytes = crate::load::confine::read_bounded(&real, crate::load::confine::limit::TEMPLATE)?;
    Ok(crate::load::decode(rel, bytes))
}

/// What [`crate::load::decode`] found in the template at `path`, as an error at its line and
/// column (the file is registered in `sources` for it).
fn decode_problem(
    problem: Option<DecodeProblem>,
    path: &std::path::Path,
    text: &str,
    sources: &mut Sources,
) -> Option<Diagnostic> {
    let (code, message, at, hint) = problem?;
    let file = sources.add(path, text.to_string());
    Some(Diagnostic::error(code, message).at(&Span::new(file, at)).with_hint(hint))
}

/// Every `template` key of the pack: card types, unit classes, markers, counter kinds.
fn named_templates(pack: &Pack) -> impl Iterator<Item = &crate::model::Spanned<String>> {
    let types = pack.card_types.iter().filter_map(|t| t.template.as_ref());
    let classes = pack.classes.iter().filter_map(|c| c.template.as_ref());
    let markers = pack.markers.iter().filter_map(|m| m.template.as_ref());
    let counters = pack.counters.iter().filter_map(|c| c.template.as_ref());
    types.chain(classes).chain(markers).chain(counters)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_lines_of_one_face_that_overlap_are_one_warning_naming_the_face() {
        let ink = vec![
            ((1.0, 1.0, 9.0, 3.0), "ダグラム".to_string()),
            ((8.0, 2.5, 12.0, 4.0), "損傷".to_string()),
            ((1.0, 10.0, 9.0, 12.0), "5-4-4".to_string()),
        ];
        let warnings = overlaps("counters/dougram-back", &ink);
        assert_eq!(warnings.len(), 1);
        assert_eq!(warnings[0].code.0, "W0804");
        assert_eq!(warnings[0].message, "counters/dougram-back: text “ダグラム” overlaps “損傷”");
    }
}
