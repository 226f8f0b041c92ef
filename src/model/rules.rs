//! The numbered rules and the glossary. A clause's id is its identity; its display number is data,
//! so a renumbering changes no reference. References inside texts are written `[[kind:target]]`.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Names, Ref, Span};

/// The rulebook of a pack.
#[derive(Debug, Default, Serialize)]
pub struct Rules {
    /// Parts (chapters) above the sections, in order; empty when the rulebook has none.
    pub parts: Vec<Part>,
    /// Sections in order.
    pub sections: Vec<Section>,
    /// Glossary terms.
    pub terms: Vec<Term>,
}

impl Rules {
    /// The numbers clauses were printed with before they were renumbered (their `printed as`
    /// notes) that no clause has now, each with its clause, in rule order: what a reader's old
    /// number (typed in a search, or in a link) leads to.
    pub fn old_numbers(&self) -> Vec<(&str, &Clause)> {
        let clauses = || self.sections.iter().flat_map(|s| &s.clauses);
        clauses()
            .flat_map(|c| c.printed_numbers().into_iter().map(move |old| (old, c)))
            .filter(|(old, _)| !clauses().any(|other| other.number == *old))
            .collect()
    }
}

/// A part (chapter) of a rulebook: a level above its sections (`1 Game Concepts` over sections
/// 100–122). It holds the sections after it, up to the next part.
#[derive(Debug, Serialize)]
pub struct Part {
    /// Stable id (its anchor is `part-<id>`).
    pub id: String,
    /// Display number (`1`, `II`, `A`): any text.
    pub number: String,
    /// Title (English ours, Japanese as printed).
    pub title: Names,
    /// The `part:` line.
    #[serde(skip)]
    pub span: Span,
}

/// Rules a game may be played without.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SectionKind {
    /// Optional rules players may add.
    Optional,
    /// A variant: another way to play.
    Variant,
}

/// A numbered section (`13 Capture step`).
#[derive(Debug, Default, Serialize)]
pub struct Section {
    /// Stable id.
    pub id: String,
    /// Display number.
    pub number: String,
    /// Title (English ours, Japanese as printed).
    pub title: Names,
    /// The id of the part it belongs to, if the rulebook has parts.
    pub part: Option<String>,
    /// What kind of rules it holds beyond the core game (`kind: optional` or `kind: variant`
    /// under its heading); such a section's clauses rank below core rules in search.
    pub kind: Option<SectionKind>,
    /// Its clauses in order.
    pub clauses: Vec<Clause>,
    /// The heading line.
    #[serde(skip)]
    pub span: Span,
}

/// One numbered clause.
#[derive(Debug, Default, Serialize)]
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
    /// Editorial notes (e.g. how the clause was numbered in print), printed with the clause.
    pub notes: Vec<String>,
    /// The editor's remarks (where a figure came from, what the source leaves open): kept with
    /// the clause and checked like its notes, never printed.
    pub remarks: Vec<String>,
    /// The players' index: the words a player would look this clause up by when the rules word
    /// it otherwise (`win the game`, `同盟をやめる`), in any language.
    pub index: Vec<String>,
    /// What the clause shows under its text, in the order written: tables the data makes
    /// (`table: aid:combat`) and the pack's figures (`figure: images/zoc.svg | Zones of control`).
    pub exhibits: Vec<Exhibit>,
    /// Every reference in the text and items, with its place.
    pub refs: Vec<(String, Ref)>,
    /// The clause's first line.
    #[serde(skip)]
    pub span: Span,
}

/// A table or a figure a clause shows under its text (the printed rulebook sets it there, rules.html
/// shows it in the clause).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Exhibit {
    /// A table made from the data, so it can never disagree with it: `aid:<id>` (a play aid's
    /// chances), `track:<id>` (a track's boxes), `chits` (the chit mix), or a collection and an
    /// optional filter (`units force:federal`), its columns optionally chosen after a `|`.
    Table(super::Spanned<String>),
    /// An image of the pack (SVG, PNG or JPEG; a path inside the pack) with its caption in each
    /// language it is written in.
    Figure {
        /// The image's path, from the pack's folder.
        path: super::Spanned<String>,
        /// Its caption.
        caption: Names,
    },
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

    /// Its wording in each language it has one: (language, text, items), English (its own text)
    /// first, then its translations.
    pub fn wordings(&self) -> impl Iterator<Item = (&str, &str, &[String])> {
        std::iter::once(("en", self.text.as_str(), self.items.as_slice()))
            .chain(self.translations.iter().map(|(l, w)| (l.as_str(), w.text.as_str(), w.items.as_slice())))
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
            .map(|n| n.trim_end_matches(['.', ',', ';', ')']))
            .filter(|n| number_levels(n).is_some())
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

/// One level of a rule number: `19` in `702.19b`, or the `b` after it (a level below 19).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The number, or a letter's place in the alphabet (`a` 1, `z` 26, `aa` 27).
    pub value: u32,
    /// Written as a letter.
    pub letter: bool,
    /// Written as a capital letter, after a dot (`A` in `A.4`).
    pub capital: bool,
}

/// The levels of a rule number as publishers write them: parts between dots, each digits with
/// small letters after them (`19b`: 19, then b a level below it) or capital letters alone (`A`,
/// an appendix). `702.19b` → 702, 19, b; `1.2.3a` → 1, 2, 3, a; `A.4` → A, 4. `None` for
/// anything else (an empty part, `4B`, `v2`, full-width digits).
pub fn number_levels(number: &str) -> Option<Vec<Level>> {
    // Letters of one case only (`base` is b'a' or b'A'), as a bijective base-26 number.
    let letters = |s: &str, base: u8| -> Option<u32> {
        let of_case = s.len() <= 3 && s.bytes().all(|b| (base..base + 26).contains(&b));
        of_case.then(|| s.bytes().fold(0, |v, b| v * 26 + u32::from(b - base + 1)))
    };
    let mut out = Vec::new();
    for part in number.split('.') {
        let digits = part.len() - part.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let (number, rest) = part.split_at(digits);
        if number.is_empty() {
            let capitals = !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_uppercase());
            out.push(Level { value: letters(rest, b'A').filter(|_| capitals)?, letter: true, capital: true });
            continue;
        }
        out.push(Level { value: number.parse().ok()?, letter: false, capital: false });
        if !rest.is_empty() {
            let small = rest.bytes().all(|b| b.is_ascii_lowercase());
            out.push(Level { value: letters(rest, b'a').filter(|_| small)?, letter: true, capital: false });
        }
    }
    Some(out)
}

/// The rule number `text` begins with (`702.19b` of "702.19b applies"), or "" when it begins
/// with none: the longest run of digits, letters and dots that reads as one, its last dot left out.
pub fn number_at(text: &str) -> &str {
    let run = text.find(|c: char| !c.is_ascii_alphanumeric() && c != '.').map_or(text, |end| &text[..end]);
    let mut end = run.trim_end_matches('.').len();
    while end > 0 {
        let candidate = run[..end].trim_end_matches('.');
        if number_levels(candidate).is_some() {
            return candidate;
        }
        end = candidate.len().saturating_sub(1);
    }
    ""
}

/// Levels written back as a number: a small letter joins the number before it (`19b`), every
/// other level follows a dot.
pub fn show_levels(levels: &[Level]) -> String {
    let mut out = String::new();
    for (i, level) in levels.iter().enumerate() {
        let joined = level.letter && !level.capital;
        if i > 0 && !joined {
            out.push('.');
        }
        if level.letter {
            let (mut v, mut word) = (level.value, Vec::new());
            while v > 0 {
                let digit = ((v - 1) % 26) as u8;
                word.push(if level.capital { b'A' } else { b'a' } + digit);
                v = (v - 1) / 26;
            }
            word.reverse();
            out.push_str(&String::from_utf8_lossy(&word));
        } else {
            out.push_str(&level.value.to_string());
        }
    }
    out
}

/// A glossary term.
#[derive(Debug, Default, Serialize)]
pub struct Term {
    /// Stable id.
    pub id: String,
    /// Name.
    pub name: Names,
    /// Reading in kana.
    pub kana: String,
    /// Other spellings and the players' own words for it ("hand limit", "deck runs out").
    pub aliases: Vec<String>,
    /// What it means, in each language the pack writes it in (our words; may hold references).
    pub definition: Names,
    /// The `[[kind:target]]` references of the definition (compared as part of its text).
    #[serde(skip)]
    pub refs: Vec<(String, Ref)>,
    /// The clauses that define it, the first the main one.
    pub defined_in: Vec<Ref>,
    /// Further clauses about it.
    pub see: Vec<Ref>,
    /// The row.
    #[serde(skip)]
    pub span: Span,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_numbers_read_as_publishers_write_them() {
        let values = |n: &str| number_levels(n).map(|l| l.iter().map(|l| (l.value, l.letter)).collect::<Vec<_>>());
        assert_eq!(values("702.19b"), Some(vec![(702, false), (19, false), (2, true)]));
        assert_eq!(values("1.2.3a"), Some(vec![(1, false), (2, false), (3, false), (1, true)]));
        assert_eq!(values("A.4"), Some(vec![(1, true), (4, false)]));
        assert_eq!(values("8.4.2"), Some(vec![(8, false), (4, false), (2, false)]));
        assert_eq!(values("100.1aa"), Some(vec![(100, false), (1, false), (27, true)]));
        for bad in ["", "8..4", "8.4.", "4B.1", "v2", "１３．４", "8.4-2", "8.4a1"] {
            assert_eq!(number_levels(bad), None, "{bad}");
        }
        assert_eq!(number_at("702.19b applies."), "702.19b");
        assert_eq!(number_at("13.4では"), "13.4");
        assert_eq!(number_at("8.4.2, then"), "8.4.2");
        assert_eq!(number_at("13.4."), "13.4");
        assert_eq!(number_at("the rule"), "");
        for n in ["702.19b", "1.2.3a", "A.4", "8.4.2", "100.1aa", "B", "C.2a"] {
            assert_eq!(show_levels(&number_levels(n).unwrap()), n, "{n}");
        }
    }
}
