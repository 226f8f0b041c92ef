//! Loading: a pack folder → [`Pack`], with a span for every value.
//!
//! [`pack`] reads every file of the pack format (docs/pack-format.md), one module per file kind,
//! and reports syntax, shape and type problems (E01xx) as diagnostics, as many as it finds in one
//! run. It does not resolve references or judge the game: that is `check`'s job. Nothing else in
//! pnpkit parses pack files.

mod attributes;
mod backs;
mod cards;
pub(crate) mod confine;
pub(crate) mod csv;
pub mod decklist;
mod errata;
mod expr;
mod fields;
mod free;
mod game;
pub mod git;
pub mod import;
mod map;
mod rules;
mod scoring;
mod setups;
mod sheet;
mod totals;
mod units;

// Setups' values by turn; map graph rules.
mod graph_rules;
mod per_turn;

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use crate::diag::{Code, Diagnostic, FileId, Sources, Span};
use crate::model::{Pack, Provisional, Spanned};

/// Loads the pack in `dir`. Returns the pack (as complete as the files allow) and every problem
/// found; the pack is only safe to check or build from when no diagnostic is an error.
pub fn pack(dir: &Path, sources: &mut Sources) -> (Pack, Vec<Diagnostic>) {
    let mut loader = Loader {
        dir: dir.to_path_buf(),
        sources,
        diags: Vec::new(),
        provisional: Vec::new(),
        plain_texts: Vec::new(),
        ids: Default::default(),
    };
    let mut pack = Pack { id: pack_id(dir), root: dir.to_path_buf(), ..Pack::default() };
    if !dir.join("pack.toml").is_file() {
        let message = format!("`{}` is not a pack: it has no pack.toml", dir.display());
        let span = loader.missing(&dir.join("pack.toml"));
        loader.diags.push(
            Diagnostic::error(Code::MISSING_FILE, message)
                .at(&span)
                .with_hint("a pack is a folder such as data/dougram holding pack.toml and the files it lists"),
        );
        return (pack, loader.diags);
    }
    if !game::load(&mut loader, &mut pack) {
        return (pack, loader.diags);
    }
    units::load(&mut loader, &mut pack);
    cards::load(&mut loader, &mut pack);
    map::load(&mut loader, &mut pack);
    setups::load(&mut loader, &mut pack);
    rules::load(&mut loader, &mut pack);
    errata::load(&mut loader, &mut pack);
    if pack.game.languages.is_empty() {
        pack.game.languages = filled_languages(&pack);
    }
    pack.provisional = loader.provisional;
    pack.plain_texts = loader.plain_texts;
    (pack, loader.diags)
}

/// The languages whose name columns a pack fills (title, sides, units, cards, places), in the
/// order of [`crate::messages::LANGUAGES`]; English when it fills none.
fn filled_languages(pack: &Pack) -> Vec<String> {
    let names = std::iter::once(&pack.game.title)
        .chain(pack.sides.iter().map(|s| &s.name))
        .chain(pack.units.iter().map(|u| &u.name))
        .chain(pack.cards.iter().map(|c| &c.name))
        .chain(pack.map.iter().flat_map(|m| m.areas.iter().map(|a| &a.name)));
    let (mut ja, mut en) = (false, false);
    for n in names {
        ja |= !n.ja.is_empty() && n.ja != n.en;
        en |= !n.en.is_empty();
    }
    let mut out = Vec::new();
    if ja {
        out.push("ja".to_string());
    }
    if en || !ja {
        out.push("en".to_string());
    }
    out
}

/// A pack loaded from a folder, or from a folder at a git revision.
#[derive(Debug)]
pub struct Loaded {
    /// The pack.
    pub pack: Pack,
    /// What loading found.
    pub diags: Vec<Diagnostic>,
    /// The temporary folder a git revision was written to; the pack's files (templates, fonts)
    /// are read from it, so it lives as long as the pack is used.
    pub checkout: Option<git::Checkout>,
}

/// Loads the pack in `dir`, or in `dir` as it was at git `revision`. Errors reading git are
/// sentences for the user; diagnostics name a revision's files as `dir@revision/file`.
pub fn pack_at(dir: &Path, revision: Option<&str>, sources: &mut Sources) -> Result<Loaded, git::CheckoutError> {
    let Some(revision) = revision else {
        let (pack, diags) = pack(dir, sources);
        return Ok(Loaded { pack, diags, checkout: None });
    };
    let checkout = git::checkout(dir, revision)?;
    let (pack, diags) = pack(&checkout.dir, sources);
    sources.relabel(&checkout.dir, &checkout.label);
    Ok(Loaded { pack, diags, checkout: Some(checkout) })
}

/// The pack's id: its folder name.
pub fn pack_id(dir: &Path) -> String {
    let canonical = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    canonical.file_name().map_or_else(|| "pack".to_string(), |n| n.to_string_lossy().into_owned())
}

/// Shared state while one pack loads.
pub(crate) struct Loader<'s> {
    dir: PathBuf,
    sources: &'s mut Sources,
    /// Problems found so far.
    pub(crate) diags: Vec<Diagnostic>,
    /// Provisional values found so far.
    pub(crate) provisional: Vec<Provisional>,
    /// Texts written once for every language, for `check` to hold to the pack's languages.
    pub(crate) plain_texts: Vec<crate::model::PlainText>,
    /// Where each (kind, id) was first defined, so a duplicate is found without a scan.
    pub(crate) ids: std::collections::HashMap<(&'static str, String), Span>,
}

impl Loader<'_> {
    /// Reads `rel` (relative to the pack); `None` when absent (reported only if `required`).
    /// Only files inside the pack are read (a symlink out of it is an error, E0120); a UTF-8 BOM
    /// is dropped, and a file that is not UTF-8 or holds control characters is an error at the
    /// first bad character.
    pub(crate) fn read(&mut self, rel: &str, required: bool) -> Option<FileId> {
        let path = self.dir.join(rel);
        let real = match confine::resolve(&self.dir, rel) {
            Ok(real) => real,
            Err(confine::Refused::Missing) if self.spreadsheet(rel).is_some() => {
                return self.read_sheet(rel);
            }
            Err(confine::Refused::Missing) => {
                if required {
                    let span = self.missing(&path);
                    self.diags.push(
                        Diagnostic::error(Code::MISSING_FILE, format!("the pack has no {rel}"))
                            .at(&span)
                            .with_hint(format!("create {} (see docs/pack-format.md)", path.display())),
                    );
                }
                return None;
            }
            Err(why) => {
                let span = self.missing(&path);
                self.diags.push(Diagnostic::error(why.code(), why.describe(rel)).at(&span).with_hint(why.hint()));
                return None;
            }
        };
        match confine::read_bounded(&real, confine::limit::DATA) {
            Ok(bytes) => {
                let (text, problem) = decode(rel, bytes);
                let problem = problem.or_else(|| long_line(rel, &text));
                let file = self.sources.add(&path, text);
                if let Some((code, message, at, hint)) = problem {
                    self.diags.push(Diagnostic::error(code, message).at(&Span::new(file, at)).with_hint(hint));
                    // Nothing else is judged from a garbled or oversized file.
                    if code == Code::READ_FAILED || code == Code::FILE_TOO_LARGE {
                        return None;
                    }
                }
                Some(file)
            }
            Err(why) => {
                let span = self.missing(&path);
                self.diags.push(Diagnostic::error(why.code(), why.describe(rel)).at(&span).with_hint(why.hint()));
                None
            }
        }
    }

    /// The spreadsheet kept in place of the CSV file `rel` (`cards.xlsx` for `cards.csv`).
    fn spreadsheet(&self, rel: &str) -> Option<(String, PathBuf)> {
        let stem = rel.strip_suffix(".csv")?;
        sheet::EXTENSIONS.iter().map(|ext| format!("{stem}.{ext}")).find_map(|alt| {
            let real = confine::resolve(&self.dir, &alt).ok()?;
            Some((alt, real))
        })
    }

    /// Reads the spreadsheet kept in place of `rel` as CSV text whose diagnostics name its cells.
    fn read_sheet(&mut self, rel: &str) -> Option<FileId> {
        let (alt, real) = self.spreadsheet(rel)?;
        let path = self.dir.join(&alt);
        let stem = Path::new(rel).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let read = confine::read_bounded(&real, confine::limit::DATA).map_err(|why| why.describe(&alt));
        match read.and_then(|bytes| sheet::to_csv(bytes, &stem)) {
            Ok((text, cells)) => Some(self.sources.add_sheet(&path, text, cells)),
            Err(why) => {
                let span = self.missing(&path);
                self.diags.push(
                    Diagnostic::error(Code::READ_FAILED, format!("{alt}: {why}"))
                        .at(&span)
                        .with_hint(format!("save it as .xlsx or .ods, or keep the table as {rel}")),
                );
                None
            }
        }
    }

    /// A span for a file that does not exist, so its diagnostic still names it as `file:1:1`.
    fn missing(&mut self, path: &Path) -> Span {
        Span::new(self.sources.add(path, String::new()), 0..0)
    }

    /// The text of a loaded file.
    pub(crate) fn text(&self, file: FileId) -> &str {
        &self.sources.get(file).text
    }

    /// Parses a TOML file into `T`, reporting syntax (E0101) and shape (E0102) errors.
    pub(crate) fn toml<T: DeserializeOwned>(&mut self, file: FileId) -> Option<T> {
        let text = self.text(file).to_string();
        if let Err(e) = text.parse::<toml::Table>() {
            self.push_toml_error(file, Code::TOML_SYNTAX, &e, &text);
            return None;
        }
        match toml::from_str::<T>(&text) {
            Ok(v) => Some(v),
            Err(e) => {
                self.push_toml_error(file, Code::TOML_SHAPE, &e, &text);
                None
            }
        }
    }

    fn push_toml_error(&mut self, file: FileId, code: Code, e: &toml::de::Error, text: &str) {
        let range = e.span().unwrap_or(0..0);
        let range = range.start.min(text.len())..range.end.min(text.len());
        let message = e.message().trim().to_string();
        let hint = if message.starts_with("unknown field") {
            "remove the key or fix its spelling; docs/pack-format.md lists every key"
        } else if message.starts_with("missing field") {
            "add the key; docs/pack-format.md lists the keys each table needs"
        } else {
            "see docs/pack-format.md for this file's format"
        };
        self.diags.push(Diagnostic::error(code, message).at(&Span::new(file, range)).with_hint(hint));
    }

    /// Parses a CSV file with the given columns.
    pub(crate) fn csv(&mut self, file: FileId, columns: &csv::Columns, extra: &[String]) -> csv::Table {
        let text = self.text(file).to_string();
        csv::Table::parse(file, &text, columns, extra, &mut self.diags)
    }

    /// Converts a toml span into ours.
    pub(crate) fn span<T>(file: FileId, value: &toml::Spanned<T>) -> Span {
        Span::new(file, value.span())
    }

    /// Converts a spanned toml value into ours.
    pub(crate) fn spanned<T: Clone>(file: FileId, value: &toml::Spanned<T>) -> Spanned<T> {
        Spanned::new(value.get_ref().clone(), Self::span(file, value))
    }

    /// Notes a text written once for every language (`TextNames::Plain`), for `check` to hold
    /// to the pack's languages (W0006); `what` names what prints it.
    pub(crate) fn plain_text(&mut self, what: String, text: &crate::model::TextNames, span: &Span) {
        if let crate::model::TextNames::Plain(text) = text {
            self.plain_texts.push(crate::model::PlainText { what, text: text.clone(), span: span.clone() });
        }
    }

    /// A length in mm from the pack, when it lies in `range`; otherwise an error (E0106) at it,
    /// saying `message(value)` with `hint`, and `None`.
    pub(crate) fn mm_within(
        &mut self,
        file: FileId,
        raw: &toml::Spanned<f64>,
        range: std::ops::RangeInclusive<f64>,
        message: impl FnOnce(f64) -> String,
        hint: &str,
    ) -> Option<f64> {
        let mm = *raw.get_ref();
        if range.contains(&mm) {
            return Some(mm);
        }
        self.diags.push(
            Diagnostic::error(Code::BAD_VALUE, message(mm)).at(&Self::span(file, raw)).with_hint(hint.to_string()),
        );
        None
    }

    /// Whether `raw` is a `#rrggbb` colour; an error (E0106) at it otherwise.
    pub(crate) fn colour(&mut self, file: FileId, raw: &toml::Spanned<String>) -> bool {
        let s = raw.get_ref();
        let ok = is_hex_colour(s);
        if !ok {
            self.diags.push(
                Diagnostic::error(Code::BAD_VALUE, format!("colour `{s}` is not a #rrggbb colour"))
                    .at(&Self::span(file, raw))
                    .with_hint("write e.g. \"#f2c21b\""),
            );
        }
        ok
    }

    /// Records that `fields` of `what` are provisional (nothing when `fields` is empty).
    pub(crate) fn provisional(&mut self, what: &str, fields: &[String], span: Span) {
        if !fields.is_empty() {
            self.provisional.push(Provisional { what: format!("{what}: {}", fields.join(", ")), span });
        }
    }

    /// Parses a condition or effect expression written at `span`, reporting syntax errors.
    pub(crate) fn expr(&mut self, text: &str, span: &Span) -> Option<crate::model::Expr> {
        if text.trim().is_empty() {
            return None;
        }
        let base = self.content_start(text, span);
        match expr::parse(text, span.file, base) {
            Ok(e) => Some(e),
            Err(d) => {
                self.diags.push(*d);
                None
            }
        }
    }

    /// Parses a `;`-separated list of effects.
    pub(crate) fn expr_list(&mut self, text: &str, span: &Span) -> Vec<crate::model::Expr> {
        let base = self.content_start(text, span);
        match expr::parse_list(text, span.file, base) {
            Ok(list) => list,
            Err(d) => {
                self.diags.push(*d);
                Vec::new()
            }
        }
    }

    /// Where `text` (a trimmed, unquoted cell or string value) starts inside `span`.
    fn content_start(&self, text: &str, span: &Span) -> usize {
        let source = self.text(span.file).get(span.range.clone()).unwrap_or("");
        span.range.start + source.find(text).unwrap_or(0)
    }

    /// The pack folder.
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }
}

/// A problem [`decode`] found: its code, message, byte range and help line.
pub(crate) type DecodeProblem = (Code, String, std::ops::Range<usize>, &'static str);

/// The text of a pack file (or deck list) named `rel`, without a UTF-8 byte-order mark, and the
/// first problem in it: bytes that are not UTF-8 (E0100; the text is then decoded lossily), or a
/// control character other than tab, CR and LF (E0122), which no pack value may hold and which
/// would make the drawn SVG invalid.
/// The most bytes one line of a pack's data file may hold: a card's text or a clause is a few
/// hundred; a line this long is a mistake (a missing line break, a pasted file) that would only
/// make every product that prints it slow.
const MAX_LINE: usize = 64 << 10;

/// The first line of `text` longer than [`MAX_LINE`], as an error at its start.
fn long_line(rel: &str, text: &str) -> Option<DecodeProblem> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.len() > MAX_LINE {
            let kb = line.len() >> 10;
            return Some((
                Code::FILE_TOO_LARGE,
                format!("a line of {rel} holds {kb} kB; a line of a pack file may hold at most {} kB", MAX_LINE >> 10),
                at..at + line.chars().next().map_or(0, char::len_utf8),
                "break the line, or check that the file is what you meant (a card's text or a clause is a few hundred bytes)",
            ));
        }
        at += line.len();
    }
    None
}

pub(crate) fn decode(rel: &str, mut bytes: Vec<u8>) -> (String, Option<DecodeProblem>) {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    match String::from_utf8(bytes) {
        Ok(text) => {
            let bad = text.char_indices().find(|&(_, c)| is_bad_control(c));
            let problem = bad.map(|(at, c)| {
                let count = text.chars().filter(|&c| is_bad_control(c)).count();
                let more = if count > 1 { format!(" (and {} more)", count - 1) } else { String::new() };
                (
                    Code::CONTROL_CHARACTER,
                    format!("{rel} contains the control character {}{more}", control_name(c)),
                    at..at + 1,
                    "delete the character: a pack file holds text, tabs and line breaks only",
                )
            });
            (text, problem)
        }
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            let problem = (
                Code::READ_FAILED,
                format!("{rel} is not valid UTF-8"),
                valid..valid + 1,
                "save the file as UTF-8 (Excel: \"CSV UTF-8\"; a text editor: encoding UTF-8)",
            );
            (text, Some(problem))
        }
    }
}

/// A C0 control character other than tab, CR and LF.
fn is_bad_control(c: char) -> bool {
    c < ' ' && !matches!(c, '\t' | '\r' | '\n')
}

/// A control character as a reader knows it: `NUL (U+0000)`, `ESC (U+001B)`, …
fn control_name(c: char) -> String {
    let name = match c {
        '\0' => "NUL",
        '\x07' => "BEL",
        '\x08' => "backspace",
        '\x0B' => "vertical tab",
        '\x0C' => "form feed",
        '\x1B' => "ESC",
        _ => "",
    };
    let code = format!("U+{:04X}", u32::from(c));
    if name.is_empty() {
        code
    } else {
        format!("{name} ({code})")
    }
}

/// Parses an expression written nowhere in particular (for unit tests of the checks).
#[cfg(test)]
pub(crate) fn parse_expr_for_tests(text: &str) -> crate::model::Expr {
    match expr::parse(text, 0, 0) {
        Ok(e) => e,
        Err(d) => panic!("{}", d.message),
    }
}

/// Whether `s` is a `#rrggbb` colour.
pub(crate) fn is_hex_colour(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].chars().all(|c| c.is_ascii_hexdigit())
}

/// The name pair every TOML table uses: `name = { ja = "…", en = "…" }`.
pub(crate) type RawNames = crate::model::LanguageNames;

/// A string with its toml span, converted to a [`crate::model::Ref`].
pub(crate) fn toml_ref(file: FileId, value: &toml::Spanned<String>) -> crate::model::Ref {
    Loader::spanned(file, value)
}

/// One of the example packs in `data/`, loaded (for unit tests that draw from real data); a pack
/// that loads with errors fails the test.
#[cfg(test)]
pub(crate) fn example_pack_for_tests(name: &str) -> Pack {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(name);
    let (pack, diags) = pack(&dir, &mut Sources::default());
    assert!(diags.iter().all(|d| d.severity != crate::diag::Severity::Error), "{name}: {diags:?}");
    pack
}
