//! The search index of a pack: one document per clause, card, unit, place and glossary term, each
//! made of weighted fields, and for every token the documents holding it with a precomputed
//! BM25F weight. The page's script reads the same index (serialized into rules.html), so the CLI
//! and the page score from the same integer weights.

use std::collections::BTreeMap;

use serde::Serialize;

use super::filter::{self, FieldDef};
use super::tokens::{compact_name, stem, tokens_with, IRREGULAR, STOP_WORDS};
use crate::errata::{wording_field, ChangeKind, Revision};
use crate::messages::Messages;
use crate::model::{Card, FieldValue, Names, Pack};

/// What a document is. The order is the order of equal scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DocKind {
    /// A rule clause.
    Clause,
    /// A card.
    Card,
    /// A unit type.
    Unit,
    /// A place on the map.
    Place,
    /// A glossary term.
    Term,
}

impl DocKind {
    /// Its name as JSON and the message tables (`search.clause`) spell it.
    pub fn name(self) -> &'static str {
        match self {
            DocKind::Clause => "clause",
            DocKind::Card => "card",
            DocKind::Unit => "unit",
            DocKind::Place => "place",
            DocKind::Term => "term",
        }
    }
}

/// One searchable document, as results show it.
#[derive(Clone, Debug, Serialize)]
pub struct Doc {
    /// Kind.
    pub kind: DocKind,
    /// Anchor id in the reference (`clause-capture.garcia`, `card-29`, `term-hidden-chit`).
    pub id: String,
    /// What a jump finds it by: a clause's number (`13.4`), a card's number (`29`); else empty.
    pub number: String,
    /// Its name or title in the pack's languages (a clause's title; empty when it has none).
    pub title: String,
    /// Where it belongs: a clause's section, a card's side, a term's defining clause.
    pub context: String,
    /// Its text, plain (what snippets are cut from).
    pub text: String,
    /// Its names, compacted (`normalize` less spaces, `-`, `_`), that a whole query matching
    /// exactly puts first.
    pub names: Vec<String>,
    /// For a term, the document of the clause that defines it (an exact name also finds it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defined_by: Option<usize>,
    /// In an optional or variant section: ranked below core rules.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub optional: bool,
}

/// The fields of a document and their weights: a word in a clause's title says more about what
/// the clause is for than the same word in its text.
#[derive(Clone, Copy)]
enum Field {
    /// A clause's or entry's own names.
    Title,
    /// The glossary terms a clause defines (names, aliases, readings).
    Defines,
    /// The section a clause is in.
    Section,
    /// The names and readings of the terms a clause refers to.
    Terms,
    /// A clause's players' index: the words a player looks it up by (`index:` lines).
    Players,
    /// The text.
    Body,
    /// A clause's wording in earlier editions: a player holding an old rulebook still finds it.
    History,
}

impl Field {
    const ALL: [Field; 7] =
        [Field::Title, Field::Defines, Field::Section, Field::Terms, Field::Players, Field::Body, Field::History];

    /// (weight, length normalization b) of BM25F.
    fn params(self) -> (f64, f64) {
        match self {
            Field::Title => (6.0, 0.5),
            Field::Defines => (5.0, 0.5),
            Field::Section => (1.5, 0.5),
            Field::Terms => (1.0, 0.75),
            // Below a title: the index words point at the clause, but a clause titled with the
            // very words is the surer answer.
            Field::Players => (3.0, 0.5),
            Field::Body => (1.0, 0.75),
            Field::History => (0.5, 0.75),
        }
    }
}

/// BM25's saturation: how quickly more occurrences of a word stop adding to a score.
const K1: f64 = 1.2;

/// The search index of a pack.
#[derive(Debug, Default, Serialize)]
pub struct Index {
    /// Every document.
    pub docs: Vec<Doc>,
    /// For each token, `[doc, weight, doc, weight, …]` (doc ascending; weight = 100 × its BM25F
    /// score, rounded, at least 1).
    pub postings: BTreeMap<String, Vec<u32>>,
    /// Every Latin word of the documents with its token, for prefixes and typos.
    pub words: BTreeMap<String, String>,
    /// Query words dropped when the query has others.
    pub stop: Vec<&'static str>,
    /// English forms the stemmer cannot join → the word they are a form of.
    pub irregular: BTreeMap<&'static str, &'static str>,
    /// A number a clause was printed with in an earlier edition (its `printed as` note), where
    /// no clause has it now → that clause's document: typed in a query, it finds the clause.
    pub printed: BTreeMap<String, usize>,
    /// The typed fields card filters know.
    pub fields: Vec<FieldDef>,
}

/// A document while it is built: its fields' texts.
struct Draft {
    doc: Doc,
    fields: Vec<(Field, String)>,
}

impl Draft {
    fn new(kind: DocKind, id: String, title: String, context: String, text: String) -> Draft {
        let doc = Doc {
            kind,
            id,
            number: String::new(),
            title,
            context,
            text,
            names: Vec::new(),
            defined_by: None,
            optional: false,
        };
        Draft { doc, fields: Vec::new() }
    }

    fn field(mut self, field: Field, text: impl Into<String>) -> Draft {
        self.fields.push((field, text.into()));
        self
    }

    fn names<'a>(mut self, names: impl IntoIterator<Item = &'a str>) -> Draft {
        let names = names.into_iter().map(compact_name).filter(|n| !n.is_empty());
        self.doc.names.extend(names);
        self.doc.names.dedup();
        self
    }
}

fn both(names: &Names) -> String {
    format!("{} {}", names.ja, names.en)
}

impl Index {
    /// Indexes the clauses, cards, units, places and terms of `pack`, and the earlier wordings
    /// of its clauses that `revisions` (oldest first) changed.
    pub fn of(pack: &Pack, revisions: &[Revision]) -> Index {
        let mut old_wording: BTreeMap<&str, Vec<String>> = BTreeMap::new();
        for change in revisions.iter().flat_map(|r| &r.changes).filter(|c| c.item == "clause") {
            if let ChangeKind::Changed { fields } = &change.kind {
                let old = fields.iter().filter_map(|f| wording_field(&f.field).map(|l| pack.plain_text_in(&f.old, l)));
                old_wording.entry(change.id.as_str()).or_default().extend(old);
            }
        }
        let msg = Messages::of(pack);
        let mut drafts: Vec<Draft> = Vec::new();
        let mut clause_doc: BTreeMap<&str, usize> = BTreeMap::new();
        // Clause id → the names of the terms it defines, made once (not a scan of the glossary
        // per clause).
        let mut defines: BTreeMap<&str, Vec<String>> = BTreeMap::new();
        for t in &pack.rules.terms {
            for c in t.defined_in.iter().filter_map(|d| pack.clause(&d.value)) {
                let names = format!("{} {} {} {}", t.name.ja, t.name.en, t.kana, t.aliases.join(" "));
                defines.entry(c.id.as_str()).or_default().push(names);
            }
        }
        for section in &pack.rules.sections {
            let section_title = format!("{} {}", section.number, msg.name(&section.title));
            for c in &section.clauses {
                // Every language's wording is searched, and snippets are cut from all of them.
                let body: Vec<String> = c
                    .wordings()
                    .flat_map(|(l, text, items)| {
                        std::iter::once(pack.plain_text_in(text, l))
                            .chain(items.iter().map(move |i| pack.plain_text_in(i, l)))
                    })
                    .filter(|t| !t.is_empty())
                    .collect();
                let defines = defines.get(c.id.as_str()).map(Vec::as_slice).unwrap_or_default();
                // The terms a clause cites bring their readings and the players' own words for
                // them (aliases): `山札` finds the clause citing the term whose alias it is. (A
                // term only named, not cited, brings none: tried, its aliases' bigrams outranked
                // better answers to Japanese questions.) Each term counts once, however often cited.
                let cited: BTreeMap<&str, &crate::model::Term> = c
                    .refs
                    .iter()
                    .filter(|(kind, _)| kind == "term")
                    .filter_map(|(_, t)| pack.term(&t.value))
                    .map(|t| (t.id.as_str(), t))
                    .collect();
                let terms: Vec<String> =
                    cited.values().map(|t| format!("{} {} {}", both(&t.name), t.kana, t.aliases.join(" "))).collect();
                // Notes are searched with the text (an editor's note may hold the very word).
                let notes = c.notes.iter().map(|n| pack.plain_text(n)).collect::<Vec<_>>().join(" ");
                clause_doc.insert(c.id.as_str(), drafts.len());
                let mut draft = Draft::new(
                    DocKind::Clause,
                    format!("clause-{}", c.id),
                    msg.name(&c.title),
                    section_title.clone(),
                    body.join(" "),
                )
                .field(Field::Title, both(&c.title))
                .field(Field::Defines, defines.join(" "))
                .field(Field::Section, both(&section.title))
                .field(Field::Terms, terms.join(" "))
                .field(Field::Players, c.index.join(" "))
                .field(Field::Body, format!("{} {notes}", body.join(" ")))
                .field(Field::History, old_wording.get(c.id.as_str()).map(|w| w.join(" ")).unwrap_or_default())
                .names([c.title.ja.as_str(), c.title.en.as_str()]);
                draft.doc.number = c.number.clone();
                draft.doc.optional = section.kind.is_some();
                drafts.push(draft);
            }
        }
        let cards = pack.cards_in_order();
        for card in &cards {
            drafts.push(card_draft(pack, &msg, card));
        }
        for u in &pack.units {
            let force = pack.force(&u.force).map(|f| msg.name(&f.name)).unwrap_or_default();
            let draft =
                Draft::new(DocKind::Unit, format!("unit-{}", u.id), msg.name(&u.name), force.clone(), String::new())
                    .field(Field::Title, both(&u.name))
                    .field(Field::Body, format!("{} {force}", u.class.value))
                    .names([u.name.ja.as_str(), u.name.en.as_str(), u.id.as_str()]);
            drafts.push(draft);
        }
        for hex in pack.map.iter().flat_map(|m| &m.hexes) {
            if let Some(p) = &hex.place {
                let draft = Draft::new(
                    DocKind::Place,
                    format!("place-{}", p.id),
                    msg.name(&p.name),
                    hex.id.clone(),
                    String::new(),
                )
                .field(Field::Title, both(&p.name))
                .field(Field::Body, hex.id.clone())
                .names([p.name.ja.as_str(), p.name.en.as_str()]);
                drafts.push(draft);
            }
        }
        for t in &pack.rules.terms {
            let defined = t.defined_in.iter().find_map(|d| pack.clause(&d.value));
            // The definition in every language the pack writes it in: what a term hit shows.
            let definition: Vec<String> = [("en", &t.definition.en), ("ja", &t.definition.ja)]
                .into_iter()
                .filter(|(_, text)| !text.is_empty())
                .map(|(l, text)| pack.plain_text_in(text, l))
                .collect();
            let mut draft = Draft::new(
                DocKind::Term,
                format!("term-{}", t.id),
                msg.name(&t.name),
                defined.map(|c| c.number.clone()).unwrap_or_default(),
                definition.join(" "),
            )
            .field(Field::Title, format!("{} {} {}", both(&t.name), t.kana, t.aliases.join(" ")))
            .field(Field::Body, definition.join(" "))
            .names([t.name.ja.as_str(), t.name.en.as_str(), t.kana.as_str()])
            .names(t.aliases.iter().map(String::as_str));
            // A term with a definition answers a question naming it itself; one without sends
            // the reader to the clause that defines it.
            if definition.is_empty() {
                draft.doc.defined_by = defined.and_then(|c| clause_doc.get(c.id.as_str()).copied());
            }
            drafts.push(draft);
        }
        let mut printed = BTreeMap::new();
        for (old, c) in pack.rules.old_numbers() {
            printed.entry(old.to_ascii_lowercase()).or_insert(clause_doc[c.id.as_str()]);
        }
        let (postings, words) = weigh(&mut drafts);
        Index {
            docs: drafts.into_iter().map(|d| d.doc).collect(),
            postings,
            words,
            stop: STOP_WORDS.to_vec(),
            irregular: IRREGULAR.iter().copied().collect(),
            printed,
            fields: filter::field_defs(pack),
        }
    }
}

fn card_draft(pack: &Pack, msg: &Messages, card: &Card) -> Draft {
    let side = card.side.as_ref().and_then(|s| pack.side(s)).map(|s| msg.name(&s.name)).unwrap_or_default();
    let values: Vec<String> = card
        .fields
        .values()
        .map(|v| match v {
            FieldValue::Text(t) => t.clone(),
            FieldValue::List(l) => l.join(" "),
            FieldValue::Int(n) => n.to_string(),
            FieldValue::Flag(_) => String::new(),
        })
        .collect();
    let text = pack.plain_text(&card.text_and_reverse(|t| t.to_string()));
    let mut draft =
        Draft::new(DocKind::Card, format!("card-{}", card.id), msg.name(&card.name), side.clone(), text.clone())
            .field(Field::Title, format!("{} {}", both(&card.name), card.id))
            .field(Field::Body, format!("{text} {} {side} {}", card.timing, values.join(" ")))
            .names([card.name.ja.as_str(), card.name.en.as_str()]);
    draft.doc.number = card.printed_number();
    draft
}

/// The postings of every token (BM25F over the fields), and the Latin words seen.
fn weigh(drafts: &mut [Draft]) -> (BTreeMap<String, Vec<u32>>, BTreeMap<String, String>) {
    let mut words = BTreeMap::new();
    // Every token is kept once, numbered; documents count numbers, not copies of their tokens
    // (at thousands of cards, hundreds of thousands of small strings).
    let mut vocabulary: std::collections::HashMap<String, u32> = Default::default();
    // Per document, per field: (token number, count) and length.
    type Counted = (Field, Vec<(u32, u32)>, usize);
    let mut counted: Vec<Vec<Counted>> = Vec::with_capacity(drafts.len());
    for d in drafts.iter_mut() {
        let mut fields = Vec::new();
        // A field's text is read only here: it goes as it is counted.
        for (field, text) in std::mem::take(&mut d.fields) {
            // Each Latin word seen (numbers aside) is kept with its stem, which also spares
            // stemming it again.
            let toks = tokens_with(&text, |word| {
                if word.chars().any(|c| c.is_ascii_digit()) {
                    return stem(word);
                }
                if let Some(stemmed) = words.get(word) {
                    return String::clone(stemmed);
                }
                let stemmed = stem(word);
                words.insert(word.to_string(), stemmed.clone());
                stemmed
            });
            let mut numbers: Vec<u32> = toks
                .iter()
                .map(|t| match vocabulary.get(t) {
                    Some(&n) => n,
                    None => {
                        let n = vocabulary.len() as u32;
                        vocabulary.insert(t.clone(), n);
                        n
                    }
                })
                .collect();
            numbers.sort_unstable();
            let mut counts: Vec<(u32, u32)> = Vec::new();
            for n in numbers {
                match counts.last_mut() {
                    Some((last, count)) if *last == n => *count += 1,
                    _ => counts.push((n, 1)),
                }
            }
            fields.push((field, counts, toks.len()));
        }
        counted.push(fields);
    }
    let average = |field: Field| {
        let lengths: Vec<usize> = counted
            .iter()
            .flat_map(|f| f.iter().filter(|(g, _, len)| *g as u8 == field as u8 && *len > 0).map(|(_, _, len)| *len))
            .collect();
        (lengths.iter().sum::<usize>() as f64 / lengths.len().max(1) as f64).max(1.0)
    };
    let averages: Vec<f64> = Field::ALL.iter().map(|f| average(*f)).collect();
    // Per token number: (document, weighted frequency), documents in rising order as they are
    // visited.
    let mut frequency: Vec<Vec<(usize, f64)>> = vec![Vec::new(); vocabulary.len()];
    for (doc, fields) in counted.into_iter().enumerate() {
        for (field, counts, len) in fields {
            let (weight, b) = field.params();
            let norm = 1.0 - b + b * len as f64 / averages[field as usize];
            for (token, n) in counts {
                let docs = &mut frequency[token as usize];
                let add = weight * f64::from(n) / norm;
                match docs.last_mut() {
                    Some((last, tf)) if *last == doc => *tf += add,
                    _ => docs.push((doc, add)),
                }
            }
        }
    }
    let n = drafts.len() as f64;
    let postings = vocabulary
        .into_iter()
        .map(|(token, number)| {
            let docs = std::mem::take(&mut frequency[number as usize]);
            let df = docs.len() as f64;
            let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
            let list = docs
                .into_iter()
                .flat_map(|(doc, tf)| {
                    let score = idf * tf * (K1 + 1.0) / (K1 + tf);
                    [doc as u32, ((score * 100.0).round() as u32).max(1)]
                })
                .collect();
            (token, list)
        })
        .collect();
    (postings, words)
}
