//! The numbered rules and the glossary. A clause's id is its identity; its display number is data,
//! so a renumbering changes no reference. References inside texts are written `[[kind:target]]`.

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
    /// Text in our own words, with `[[kind:target]]` references.
    pub text: String,
    /// List items belonging to the clause.
    pub items: Vec<String>,
    /// Editorial notes (e.g. how the clause was numbered in print).
    pub notes: Vec<String>,
    /// Every reference in the text and items, with its place.
    pub refs: Vec<(String, Ref)>,
    /// The clause's first line.
    #[serde(skip)]
    pub span: Span,
}

impl Clause {
    /// Its title in `language` (`ja` or `en`); empty when it has none in that language.
    pub fn title_in(&self, language: &str) -> &str {
        match language {
            "ja" => &self.title.ja,
            _ => &self.title.en,
        }
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
