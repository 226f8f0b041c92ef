//! The numbered rules and the glossary. A clause's id is its identity; its display number is data,
//! so a renumbering changes no reference. References inside texts are written `[[kind:target]]`.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Names, Ref, Span};

/// The rulebook of a pack.
#[derive(Debug, Default, Serialize)]
pub struct Rules {
    /// Sections in order.
    pub sections: Vec<Section>,
    /// Glossary terms.
    pub terms: Vec<Term>,
}

/// A numbered section (`13 Capture step`).
#[derive(Debug, Serialize)]
pub struct Section {
    /// Stable id.
    pub id: String,
    /// Display number.
    pub number: String,
    /// Title (English ours, Japanese as printed).
    pub title: Names,
    /// Its clauses in order.
    pub clauses: Vec<Clause>,
    /// The heading line.
    #[serde(skip)]
    pub span: Span,
}

/// One numbered clause.
#[derive(Debug, Serialize)]
pub struct Clause {
    /// Stable id.
    pub id: String,
    /// Display number (`8.4.2`).
    pub number: String,
    /// A short title a player looks for (`Stacking`, `スタック制限`); empty names when it has none.
    pub title: Names,
    /// Text in our own words (English), with `[[kind:target]]` references.
    pub text: String,
    /// List items belonging to the clause.
    pub items: Vec<String>,
    /// The clause in the pack's other languages (`ja`): the same rule, its references and its
    /// items in the same order, written for readers of that language.
    pub translations: BTreeMap<String, Wording>,
    /// Editorial notes (e.g. how the clause was numbered in print).
    pub notes: Vec<String>,
    /// Every reference in the text and items, with its place.
    pub refs: Vec<(String, Ref)>,
    /// The clause's first line.
    #[serde(skip)]
    pub span: Span,
}

/// A clause's text and list items in one language.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Wording {
    /// The text, with `[[kind:target]]` references.
    pub text: String,
    /// Its list items.
    pub items: Vec<String>,
}

impl Clause {
    /// Whether it is written in `language`: English is its own text, another language a
    /// translation with something in it.
    pub fn is_written_in(&self, language: &str) -> bool {
        match language {
            "en" => !self.text.is_empty() || !self.items.is_empty(),
            other => self.translations.get(other).is_some_and(|w| !w.text.is_empty() || !w.items.is_empty()),
        }
    }

    /// Its text and items in `language`: the translation when there is one, else the text itself
    /// (English).
    pub fn wording_in(&self, language: &str) -> Wording {
        match self.translations.get(language) {
            Some(w) => w.clone(),
            None => Wording { text: self.text.clone(), items: self.items.clone() },
        }
    }

    /// Every text of the clause a reader sees: its titles, its text and items in every language.
    pub fn texts(&self) -> impl Iterator<Item = &String> {
        let translated = self.translations.values().flat_map(|w| std::iter::once(&w.text).chain(&w.items));
        [&self.title.en, &self.title.ja]
            .into_iter()
            .chain(std::iter::once(&self.text))
            .chain(&self.items)
            .chain(translated)
    }

    /// The numbers the clause had in print before it was renumbered, as its notes record them
    /// (`note: printed as 3.3.1 in the 2011 edition`): a reader's old number still finds it.
    pub fn printed_numbers(&self) -> Vec<&str> {
        self.notes
            .iter()
            .filter_map(|n| n.strip_prefix("printed as "))
            .filter_map(|rest| rest.split_whitespace().next())
            .filter(|n| n.split('.').all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit())))
            .collect()
    }

    /// Its title in `language` (`ja` or `en`); empty when it has none in that language.
    pub fn title_in(&self, language: &str) -> &str {
        self.title.of_language(language)
    }

    /// Whether it has a title in any language.
    pub fn has_title(&self) -> bool {
        !self.title.ja.is_empty() || !self.title.en.is_empty()
    }
}

/// A glossary term.
#[derive(Debug, Serialize)]
pub struct Term {
    /// Stable id.
    pub id: String,
    /// Name.
    pub name: Names,
    /// Reading in kana.
    pub kana: String,
    /// Other spellings.
    pub aliases: Vec<String>,
    /// The clause that defines it.
    pub defined_in: Option<Ref>,
    /// The row.
    #[serde(skip)]
    pub span: Span,
}
