//! What the rules reference connects: for each clause, everything that points at it (clauses
//! citing it, cards, units and places listing it among their rules, terms it defines), and for each card,
//! unit, place and term, the clauses that govern or use it. Built once from the clauses'
//! `[[kind:target]]` references, the `rules` columns and the glossary's `defined_in`.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::messages::Messages;
use crate::model::{Pack, Ref};
use crate::text::escape;

/// A link to an entry of the page: its kind (the message key of `search.<kind>`), anchor and label.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(super) struct Link {
    pub kind: &'static str,
    pub anchor: String,
    pub label: String,
}

/// Links as HTML, grouped by kind: clause numbers bare, other entries after their kind's word
/// (`12.7 13.1 · card #29 Name · term Cup`).
pub(super) fn html(msg: &Messages, links: &[Link]) -> String {
    let mut groups: Vec<(&str, Vec<String>)> = Vec::new();
    for l in links {
        let a = format!("<a href=\"#{}\">{}</a>", escape(&l.anchor), escape(&l.label));
        match groups.last_mut() {
            Some((kind, list)) if *kind == l.kind => list.push(a),
            _ => groups.push((l.kind, vec![a])),
        }
    }
    groups
        .into_iter()
        .map(|(kind, list)| match kind {
            "clause" => list.join(" "),
            _ => format!("{} {}", escape(&msg.first(&format!("search.{kind}"))), list.join(", ")),
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The page's connections, by anchor.
#[derive(Default)]
pub(super) struct Connections {
    /// Clause id → what points at it, clauses first, then cards, units, places and terms.
    pub to_clause: BTreeMap<String, Vec<Link>>,
    /// Entry anchor (`card-29`, `unit-garcia`, `place-grante`, `term-cup`) → the clauses that
    /// govern or use it, in rule order.
    pub rules_of: BTreeMap<String, Vec<Link>>,
}

/// Drops every link but the first of each anchor: lists are made with repeats (a clause naming a
/// term twice) and cleaned once, not searched on every push.
fn dedup(list: &mut Vec<Link>) {
    let mut seen = std::collections::HashSet::new();
    list.retain(|l| seen.insert(l.anchor.clone()));
}

/// A link to a clause, labelled with its number.
fn link_to(c: &crate::model::Clause) -> Link {
    Link { kind: "clause", anchor: format!("clause-{}", c.id), label: c.number.clone() }
}

/// Finds the glossary terms a text names, in one pass over the text: each name is tried only where
/// the text has its first character (and, for a Latin name, where a word starts), so the work
/// grows with the text, not with texts × terms.
struct TermFinder {
    /// Lower-cased name → the terms it names, grouped by the name's first character: an ASCII one
    /// by its code, any other in the map.
    ascii: Vec<Vec<(String, Vec<usize>)>>,
    other: std::collections::HashMap<char, Vec<(String, Vec<usize>)>>,
}

impl TermFinder {
    fn new(terms: &[crate::model::Term]) -> TermFinder {
        let mut names: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (i, term) in terms.iter().enumerate() {
            for name in [&term.name.en, &term.name.ja].into_iter().chain(&term.aliases) {
                let name = name.trim().to_lowercase();
                if name.chars().count() >= 2 {
                    names.entry(name).or_default().push(i);
                }
            }
        }
        let mut finder = TermFinder { ascii: vec![Vec::new(); 128], other: Default::default() };
        for (name, terms) in names {
            let first = name.chars().next().unwrap_or_default();
            match u8::try_from(first).ok().filter(u8::is_ascii) {
                Some(code) => finder.ascii[usize::from(code)].push((name, terms)),
                None => finder.other.entry(first).or_default().push((name, terms)),
            }
        }
        finder
    }

    /// The positions of the terms lower-cased `text` names, in term order, each once.
    fn named_in(&self, text: &str) -> std::collections::BTreeSet<usize> {
        let mut found = std::collections::BTreeSet::new();
        let mut before: Option<char> = None;
        for (at, c) in text.char_indices() {
            let word_start = !before.is_some_and(char::is_alphanumeric);
            before = Some(c);
            let names = match u8::try_from(c).ok().filter(u8::is_ascii) {
                // A Latin name starts a word.
                Some(code) if word_start => &self.ascii[usize::from(code)],
                Some(_) => continue,
                None => match self.other.get(&c) {
                    Some(names) => names,
                    None => continue,
                },
            };
            for (name, terms) in names {
                if text[at..].starts_with(name.as_str()) && (!name.is_ascii() || word_ends(&text[at + name.len()..])) {
                    found.extend(terms);
                }
            }
        }
        found
    }
}

/// Whether a Latin word ends where `after` starts (a plural `s` allowed).
fn word_ends(after: &str) -> bool {
    let mut after = after.chars();
    let next = match after.next() {
        Some('s') => after.next(),
        other => other,
    };
    !next.is_some_and(char::is_alphanumeric)
}

impl Connections {
    /// The connections of `pack`'s rules, names in the pack's languages.
    pub(super) fn of(pack: &Pack, msg: &Messages) -> Connections {
        let mut out = Connections::default();
        let clause_link = |id: &str| pack.clause(id).map(link_to);
        for c in pack.rules.sections.iter().flat_map(|s| &s.clauses) {
            let this = link_to(c);
            for (kind, target) in &c.refs {
                let entry = match kind.as_str() {
                    "rule" => match pack.clause(target).filter(|t| t.id != c.id) {
                        Some(t) => {
                            out.to_clause.entry(t.id.clone()).or_default().push(this.clone());
                            continue;
                        }
                        None => continue,
                    },
                    "card" => pack.card(target).map(|x| format!("card-{}", x.id)),
                    "unit" => pack.unit(None, target).map(|x| format!("unit-{}", x.id)),
                    "place" => pack.hex(target).and_then(|h| h.place.as_ref()).map(|p| format!("place-{}", p.id)),
                    "term" => pack.term(target).map(|x| format!("term-{}", x.id)),
                    _ => None,
                };
                if let Some(anchor) = entry {
                    out.rules_of.entry(anchor).or_default().push(this.clone());
                }
            }
        }
        // A term is used where a clause names it, linked or not, in any of its languages.
        let clause_texts: Vec<(&crate::model::Clause, String)> = pack
            .rules
            .sections
            .iter()
            .flat_map(|s| &s.clauses)
            .map(|c| {
                // Only the languages the clause is written in: an English-only clause read with
                // Japanese names would "name" terms its reader never sees.
                let text = ["en", "ja"]
                    .iter()
                    .filter(|l| c.is_written_in(l))
                    .map(|l| {
                        let w = c.wording_in(l);
                        std::iter::once(&w.text)
                            .chain(&w.items)
                            .map(|t| pack.plain_text_in(t, l))
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect::<Vec<_>>()
                    .join(" ");
                (c, text.to_lowercase())
            })
            .collect();
        let finder = TermFinder::new(&pack.rules.terms);
        for (c, text) in &clause_texts {
            for term in finder.named_in(text) {
                out.rules_of.entry(format!("term-{}", pack.rules.terms[term].id)).or_default().push(link_to(c));
            }
        }
        let cards = pack.cards_in_order();
        for card in cards {
            let label = format!("#{} {}", card.id, msg.first_name(&card.name));
            out.name_rules(pack, Link { kind: "card", anchor: format!("card-{}", card.id), label }, &card.rules);
        }
        for unit in &pack.units {
            let label = msg.first_name(&unit.name).to_string();
            out.name_rules(pack, Link { kind: "unit", anchor: format!("unit-{}", unit.id), label }, &unit.rules);
        }
        for (hex, place) in pack.map.iter().flat_map(|m| &m.hexes).filter_map(|h| h.place.as_ref().map(|p| (h, p))) {
            let label = format!("{} ({})", msg.first_name(&place.name), hex.id);
            out.name_rules(pack, Link { kind: "place", anchor: format!("place-{}", place.id), label }, &place.rules);
        }
        for term in &pack.rules.terms {
            let label = msg.first_name(&term.name).to_string();
            let rules = term.defined_in.iter().chain(&term.see);
            out.name_rules(pack, Link { kind: "term", anchor: format!("term-{}", term.id), label }, rules);
        }
        // Clauses first, then cards, units, places and terms, each group in the order found.
        let rank = |k: &str| ["clause", "card", "unit", "place", "term"].iter().position(|x| *x == k).unwrap_or(5);
        for list in out.to_clause.values_mut() {
            list.sort_by_key(|l| rank(l.kind));
        }
        let order: BTreeMap<&str, usize> =
            pack.rules.sections.iter().flat_map(|s| &s.clauses).enumerate().map(|(i, c)| (c.id.as_str(), i)).collect();
        for list in out.rules_of.values_mut() {
            list.sort_by_cached_key(|l| {
                order.get(l.anchor.trim_start_matches("clause-")).copied().unwrap_or(usize::MAX)
            });
        }
        // A term's defining clauses come first, in the order the glossary gives them.
        for term in &pack.rules.terms {
            let defining: Vec<Link> = term.defined_in.iter().filter_map(|d| clause_link(&d.value)).collect();
            let list = out.rules_of.entry(format!("term-{}", term.id)).or_default();
            list.retain(|l| !defining.contains(l));
            list.splice(0..0, defining);
        }
        out.to_clause.values_mut().chain(out.rules_of.values_mut()).for_each(dedup);
        out
    }

    /// `entry` (a card, unit, place or term) names `rules` as the clauses about it: each of them
    /// lists the entry among what refers to it, and the entry links each of them.
    fn name_rules<'a>(&mut self, pack: &Pack, entry: Link, rules: impl IntoIterator<Item = &'a Ref>) {
        for clause in rules.into_iter().filter_map(|r| pack.clause(&r.value)) {
            self.to_clause.entry(clause.id.clone()).or_default().push(entry.clone());
            self.rules_of.entry(entry.anchor.clone()).or_default().push(link_to(clause));
        }
    }

    /// The clauses governing the entry `anchor`, as HTML links.
    pub(super) fn rules_html(&self, msg: &Messages, anchor: &str) -> String {
        html(msg, self.rules_of.get(anchor).map_or(&[][..], Vec::as_slice))
    }
}

#[cfg(test)]
mod tests {
    use super::TermFinder;
    use crate::model::{Names, Term};

    fn term(en: &str, ja: &str) -> Term {
        Term {
            id: en.to_string(),
            name: Names { en: en.to_string(), ja: ja.to_string() },
            kana: String::new(),
            aliases: Vec::new(),
            definition: Names::default(),
            refs: Vec::new(),
            defined_in: Vec::new(),
            see: Vec::new(),
            span: Default::default(),
        }
    }

    #[test]
    fn a_latin_name_is_found_as_whole_words_and_a_japanese_one_anywhere() {
        let finder = TermFinder::new(&[term("Unit", "ユニット"), term("combat step", "潜伏チット")]);
        let found = |text: &str| finder.named_in(text).into_iter().collect::<Vec<_>>();
        assert_eq!(found("two units in a hex"), [0]);
        assert_eq!(found("the unit."), [0]);
        assert_eq!(found("a community"), [] as [usize; 0]);
        assert_eq!(found("unity"), [] as [usize; 0]);
        assert_eq!(found("unit-by-unit in the combat steps"), [0, 1]);
        assert_eq!(found("潜伏チットを置く"), [1]);
        assert_eq!(found("各ユニットは"), [0]);
    }
}
