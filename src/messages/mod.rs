//! Messages: every word pnpkit prints on a page by itself (headings, keys, legends, footers,
//! draft and damaged marks), one table per language, so a page speaks the pack's languages.
//!
//! The principal type is [`Messages`], made for a pack's languages by [`Messages::new`]. A key is
//! `section.name` (`sheets.turn_sequence`); [`Messages::text`] gives it in every language of the
//! pack, joined (`手順 Turn sequence` for `["ja", "en"]`, `Turn sequence` for `["en"]`),
//! [`Messages::first`] in the first language only (for footers and tight labels). Names from the
//! pack's data go through [`Messages::name`], which drops empty and repeated names, so an
//! English-only pack never prints a blank or a doubled name. The tables are `ja.toml` and
//! `en.toml` beside this file; a test keeps their keys equal and every key the code uses present.

mod plain;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::model::Names;
use crate::text::escape;

/// The languages pnpkit has a message table for, in their usual printing order.
pub const LANGUAGES: [&str; 2] = ["ja", "en"];

const TABLES: [(&str, &str); 2] = [("ja", include_str!("ja.toml")), ("en", include_str!("en.toml"))];

/// A language's table, flattened to `section.key` → text.
type Table = BTreeMap<String, String>;

fn tables() -> &'static BTreeMap<&'static str, Table> {
    static TABLES_PARSED: OnceLock<BTreeMap<&'static str, Table>> = OnceLock::new();
    TABLES_PARSED.get_or_init(|| {
        TABLES
            .iter()
            .map(|(lang, text)| {
                // The tables are part of the binary and covered by tests; a syntax error is a bug.
                let value: toml::Table = toml::from_str(text).unwrap_or_else(|e| panic!("messages/{lang}.toml: {e}"));
                let mut flat = Table::new();
                flatten("", &toml::Value::Table(value), &mut flat);
                (*lang, flat)
            })
            .collect()
    })
}

fn flatten(prefix: &str, value: &toml::Value, out: &mut Table) {
    match value {
        toml::Value::Table(t) => {
            for (k, v) in t {
                let key = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                flatten(&key, v, out);
            }
        }
        toml::Value::String(s) => {
            out.insert(prefix.to_string(), s.clone());
        }
        other => {
            out.insert(prefix.to_string(), other.to_string());
        }
    }
}

/// The message tables of a pack's languages.
#[derive(Clone, Debug)]
pub struct Messages {
    languages: Vec<&'static str>,
}

impl Default for Messages {
    /// Japanese and English, the languages of the first packs.
    fn default() -> Self {
        Messages { languages: LANGUAGES.to_vec() }
    }
}

impl Messages {
    /// The tables for `languages` (codes pnpkit has no table for are skipped; load rejects them);
    /// no known language gives English.
    pub fn new<S: AsRef<str>>(languages: &[S]) -> Messages {
        let languages: Vec<&'static str> =
            languages.iter().filter_map(|l| LANGUAGES.iter().find(|k| **k == l.as_ref()).copied()).collect();
        Messages { languages: if languages.is_empty() { vec!["en"] } else { languages } }
    }

    /// The tables for the languages `pack` prints.
    pub fn of(pack: &crate::model::Pack) -> Messages {
        Messages::new(&pack.game.languages)
    }

    /// The pack's languages, first one first.
    pub fn languages(&self) -> &[&'static str] {
        &self.languages
    }

    /// Whether the pack prints Japanese.
    pub fn has(&self, language: &str) -> bool {
        self.languages.contains(&language)
    }

    fn lookup(language: &str, key: &str) -> &'static str {
        tables().get(language).and_then(|t| t.get(key)).map_or("", String::as_str)
    }

    /// `key` in every language of the pack, joined by a space; a repeated text once.
    pub fn text(&self, key: &str) -> String {
        join(self.languages.iter().map(|l| Self::lookup(l, key).to_string()))
    }

    /// `key` in the pack's first language.
    pub fn first(&self, key: &str) -> String {
        self.languages.iter().map(|l| Self::lookup(l, key)).find(|t| !t.is_empty()).unwrap_or_default().to_string()
    }

    /// A colour word of the data (`orange`, a card's number colour) in the first language, as
    /// it is written when pnpkit has no word for it.
    pub fn colour(&self, colour: &str) -> String {
        let word = self.first(&format!("colours.{colour}"));
        if word.is_empty() {
            colour.to_string()
        } else {
            word
        }
    }

    /// `key` in every language with `{name}` placeholders filled from `args`.
    pub fn fill(&self, key: &str, args: &[(&str, &str)]) -> String {
        join(self.languages.iter().map(|l| substitute(Self::lookup(l, key), args)))
    }

    /// `key` in the first language with placeholders filled.
    pub fn fill_first(&self, key: &str, args: &[(&str, &str)]) -> String {
        substitute(&self.first(key), args)
    }

    /// A name from the pack's data in the pack's languages: empty and repeated names dropped; a
    /// name given only in a language the pack does not print is still better than nothing.
    pub fn name(&self, names: &Names) -> String {
        let joined = join(self.languages.iter().map(|l| names.of_language(l).to_string()));
        if joined.is_empty() {
            join([names.ja.clone(), names.en.clone()])
        } else {
            joined
        }
    }

    /// A name in the pack's languages or, for an item the data gives no name, its id spelt out in
    /// words (`hand_size` → `hand size`): a raw key never reaches a page.
    pub fn name_or_id(&self, names: &Names, id: &str) -> String {
        let name = self.name(names);
        if name.is_empty() {
            spelt_out(id)
        } else {
            name
        }
    }

    /// A value of a choice or list field as printed: its name from the field's `value_names`,
    /// else the id spelt out (`opponent-warrior` → `opponent warrior`), never the raw id.
    pub fn value_name(&self, field: &crate::model::CardField, value: &str) -> String {
        match field.value_names.get(value) {
            Some(names) => self.name_or_id(names, value),
            None => spelt_out(value),
        }
    }

    /// A name as two lines: the pack's first language's name, and the names in its other
    /// languages (empty when they repeat it or the pack prints one language).
    pub fn first_and_rest(&self, names: &Names) -> (String, String) {
        let first = self.first_name(names).trim().to_string();
        // The other languages' names by themselves: the joined name may have shortened the
        // first (`ソ連 Soviet Union (USSR)`), so it cannot be cut off the front.
        let others = self.languages.iter().map(|l| names.of_language(l).trim().to_string()).filter(|n| *n != first);
        let rest = join(others);
        (first, rest)
    }

    /// A text made in each of the pack's languages by `make` (given that language's messages
    /// alone), each distinct non-empty text once, joined by `separator`: for messages that embed
    /// a name or a phrase, so each language gets them in its own words.
    pub fn each_language(&self, separator: &str, make: impl Fn(&Messages) -> String) -> String {
        let mut texts: Vec<String> = Vec::new();
        for language in &self.languages {
            let text = make(&Messages::new(&[*language]));
            if !text.trim().is_empty() && !texts.contains(&text) {
                texts.push(text);
            }
        }
        texts.join(separator)
    }

    /// A name in the pack's first language that has one (else any).
    pub fn first_name<'n>(&self, names: &'n Names) -> &'n str {
        self.languages
            .iter()
            .map(|l| names.of_language(l))
            .chain([names.ja.as_str(), names.en.as_str()])
            .find(|n| !n.is_empty())
            .unwrap_or_default()
    }

    /// [`Messages::labels`] as HTML for a page's text: each language's words escaped and marked
    /// with its `lang`, so a screen reader speaks each in its own voice.
    pub fn labels_marked(&self) -> serde_json::Value {
        self.label_tree(|key| {
            if self.languages.len() == 1 {
                // One language: the page's own `lang` says it.
                return escape(&self.text(key));
            }
            let mut seen: Vec<&str> = Vec::new();
            let mut parts: Vec<String> = Vec::new();
            for &l in &self.languages {
                let t = Self::lookup(l, key).trim();
                if !t.is_empty() && !seen.contains(&t) {
                    seen.push(t);
                    parts.push(format!("<span lang=\"{l}\">{}</span>", escape(t)));
                }
            }
            parts.join(" ")
        })
    }

    /// Every message in the pack's languages, nested by section, for templates:
    /// `labels.face.damaged`.
    pub fn labels(&self) -> serde_json::Value {
        self.label_tree(|key| self.text(key))
    }

    /// Every key of the tables as a nested JSON object, each value made by `value`.
    fn label_tree(&self, value: impl Fn(&str) -> String) -> serde_json::Value {
        let mut root = serde_json::Map::new();
        let keys = tables().get("en").map(|t| t.keys().cloned().collect::<Vec<_>>()).unwrap_or_default();
        for key in keys {
            let mut node = &mut root;
            let mut parts: Vec<&str> = key.split('.').collect();
            let last = parts.pop().unwrap_or_default();
            for part in parts {
                node = node
                    .entry(part.to_string())
                    .or_insert_with(|| serde_json::Value::Object(serde_json::Map::new()))
                    .as_object_mut()
                    .expect("message sections are tables");
            }
            node.insert(last.to_string(), serde_json::Value::String(value(&key)));
        }
        serde_json::Value::Object(root)
    }
}

/// A key spelt out in words (`action_rounds` → `action rounds`), for keys without a name.
pub fn spelt_out(key: &str) -> String {
    key.replace(['_', '-'], " ")
}

/// Non-empty texts joined by a space, each distinct text once.
/// The texts in order, each once, with a parenthesis they all end with (`アメリカ (US)`,
/// `United States (US)`) printed only after the last.
fn join(texts: impl IntoIterator<Item = String>) -> String {
    let mut seen: Vec<String> = Vec::new();
    for t in texts.into_iter().map(|t| t.trim().to_string()).filter(|t| !t.is_empty()) {
        if !seen.contains(&t) {
            seen.push(t);
        }
    }
    let tail = |t: &str| t.ends_with(')').then(|| t.rfind('(')).flatten().map(|at| t[at..].to_string());
    if let [first, .., last] = seen.as_mut_slice() {
        if let Some(shared) = tail(first).filter(|s| tail(last).as_ref() == Some(s) && first.len() > s.len()) {
            let kept = seen.len() - 1;
            for t in &mut seen[..kept] {
                if t.ends_with(&shared) {
                    t.truncate(t.len() - shared.len());
                    *t = t.trim_end().to_string();
                }
            }
        }
    }
    seen.join(" ")
}

fn substitute(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_parenthesis_both_languages_end_with_is_printed_once() {
        let both = Messages::new(&["ja", "en"]);
        let names = Names { ja: "アメリカ (US)".into(), en: "United States (US)".into() };
        assert_eq!(both.name(&names), "アメリカ United States (US)");
        let other = Names { ja: "ソ連 (USSR)".into(), en: "Soviet Union (US)".into() };
        assert_eq!(both.name(&other), "ソ連 (USSR) Soviet Union (US)", "different parentheses stay");
        let only = Names { ja: "(US)".into(), en: "(US)".into() };
        assert_eq!(both.name(&only), "(US)");
    }

    #[test]
    fn every_table_has_the_same_keys() {
        let all = tables();
        let en: Vec<&String> = all["en"].keys().collect();
        for (lang, table) in all {
            let keys: Vec<&String> = table.keys().collect();
            assert_eq!(keys, en, "messages/{lang}.toml and messages/en.toml differ in keys");
            for (key, text) in table {
                assert!(!text.trim().is_empty(), "messages/{lang}.toml: `{key}` is empty");
            }
        }
    }

    #[test]
    fn every_key_the_code_uses_is_in_the_tables() {
        // Calls are written `.text("section.key")`, `.first(…)`, `.fill(…)`, `.fill_first(…)`,
        // templates write `labels.section.key`; collect them from the sources.
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        collect(&root.join("src"), &mut files);
        collect(&root.join("templates"), &mut files);
        let en = &tables()["en"];
        let mut missing = Vec::new();
        for file in files.iter().filter(|f| !f.ends_with("messages/mod.rs")) {
            let text = std::fs::read_to_string(file).unwrap_or_default();
            let template = file.extension().is_some_and(|e| e == "tera");
            for key in used_keys(&text, template) {
                if !en.contains_key(&key) {
                    missing.push(format!("{}: {key}", file.display()));
                }
            }
        }
        assert!(missing.is_empty(), "message keys used but not in the tables:\n{}", missing.join("\n"));
    }

    fn collect(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                collect(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs" || e == "tera") {
                out.push(path);
            }
        }
    }

    fn used_keys(text: &str, template: bool) -> Vec<String> {
        let mut keys = Vec::new();
        let calls: &[&str] =
            if template { &["labels."] } else { &[".text(\"", ".first(\"", ".fill(\"", ".fill_first(\""] };
        for call in calls {
            for (at, _) in text.match_indices(call) {
                let rest = &text[at + call.len()..];
                let key: String =
                    rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '.').collect();
                let key = key.trim_end_matches('.').to_string();
                // A call's key is a whole string literal; a template's runs to the next non-key character.
                let literal = rest[key.len()..].starts_with('"') && key.contains('.');
                if template || literal {
                    keys.push(key);
                }
            }
        }
        keys
    }

    #[test]
    fn a_bilingual_pack_prints_both_and_an_english_pack_only_english() {
        let both = Messages::new(&["ja", "en"]);
        let en = Messages::new(&["en"]);
        assert_eq!(both.text("common.proof"), "校正刷り PROOF");
        assert_eq!(en.text("common.proof"), "PROOF");
        assert_eq!(both.first("common.proof"), "校正刷り");
        assert_eq!(en.fill("common.sheet_of", &[("n", "2"), ("of", "3")]), "sheet 2/3");
    }

    #[test]
    fn names_drop_empty_and_repeated_parts() {
        let both = Messages::new(&["ja", "en"]);
        let en = Messages::new(&["en"]);
        let europe = Names { ja: "Europe".into(), en: "Europe".into() };
        assert_eq!(both.name(&europe), "Europe");
        let only_en = Names { ja: String::new(), en: "Scoring".into() };
        assert_eq!(both.name(&only_en), "Scoring");
        let dougram = Names { ja: "ダグラム".into(), en: "Dougram".into() };
        assert_eq!(both.name(&dougram), "ダグラム Dougram");
        assert_eq!(en.name(&dougram), "Dougram");
        assert_eq!(en.first_name(&Names { ja: "密告".into(), en: String::new() }), "密告");
    }

    #[test]
    fn names_split_into_the_first_language_and_the_others_never_twice() {
        let both = Messages::new(&["ja", "en"]);
        let dougram = Names { ja: "ダグラム".into(), en: "Dougram".into() };
        assert_eq!(both.first_and_rest(&dougram), ("ダグラム".into(), "Dougram".into()));
        assert_eq!(Messages::new(&["en"]).first_and_rest(&dougram), ("Dougram".into(), String::new()));
        let europe = Names { ja: "Europe".into(), en: "Europe".into() };
        assert_eq!(both.first_and_rest(&europe), ("Europe".into(), String::new()));
        let only_ja = Names { ja: "密告".into(), en: String::new() };
        assert_eq!(both.first_and_rest(&only_ja), ("密告".into(), String::new()));
    }

    #[test]
    fn a_text_made_in_each_language_prints_each_distinct_one_once() {
        let both = Messages::new(&["ja", "en"]);
        let side = Names { ja: "解放軍".into(), en: "Liberation".into() };
        let turn = |m: &Messages| m.fill("sheets.player_turn", &[("side", &m.name(&side))]);
        assert_eq!(both.each_language(" · ", turn), "解放軍プレイヤーターン · Liberation player turn");
        assert_eq!(Messages::new(&["en"]).each_language(" · ", turn), "Liberation player turn");
        assert_eq!(both.each_language("\n", |_| "same".to_string()), "same");
    }
}
