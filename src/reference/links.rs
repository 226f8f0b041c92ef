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

fn push(list: &mut Vec<Link>, link: Link) {
    if !list.contains(&link) {
        list.push(link);
    }
}

/// A link to a clause, labelled with its number.
fn link_to(c: &crate::model::Clause) -> Link {
    Link { kind: "clause", anchor: format!("clause-{}", c.id), label: c.number.clone() }
}

/// Whether lower-cased `text` names `name`: a Japanese name anywhere, a Latin one as whole words
/// (a plural `s` allowed): "unit" is found in "two units" but not in "community".
fn mentions(text: &str, name: &str) -> bool {
    if !name.is_ascii() {
        return text.contains(name);
    }
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let mut after = text[at + name.len()..].chars();
        let next = match after.next() {
            Some('s') => after.next(),
            other => other,
        };
        !before.is_some_and(char::is_alphanumeric) && !next.is_some_and(char::is_alphanumeric)
    })
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
                            push(out.to_clause.entry(t.id.clone()).or_default(), this.clone());
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
                    push(out.rules_of.entry(anchor).or_default(), this.clone());
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
        for term in &pack.rules.terms {
            let names: Vec<String> = [&term.name.en, &term.name.ja]
                .into_iter()
                .chain(&term.aliases)
                .map(|n| n.trim().to_lowercase())
                .filter(|n| n.chars().count() >= 2)
                .collect();
            for (c, text) in &clause_texts {
                if names.iter().any(|n| mentions(text, n)) {
                    push(out.rules_of.entry(format!("term-{}", term.id)).or_default(), link_to(c));
                }
            }
        }
        let mut cards: Vec<_> = pack.cards.iter().collect();
        cards.sort_by_key(|c| c.order());
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
            out.name_rules(pack, Link { kind: "term", anchor: format!("term-{}", term.id), label }, &term.defined_in);
        }
        // Clauses first, then cards, units, places and terms, each group in the order found.
        let rank = |k: &str| ["clause", "card", "unit", "place", "term"].iter().position(|x| *x == k).unwrap_or(5);
        for list in out.to_clause.values_mut() {
            list.sort_by_key(|l| rank(l.kind));
        }
        let order: BTreeMap<&str, usize> =
            pack.rules.sections.iter().flat_map(|s| &s.clauses).enumerate().map(|(i, c)| (c.id.as_str(), i)).collect();
        for list in out.rules_of.values_mut() {
            list.sort_by_key(|l| order.get(l.anchor.trim_start_matches("clause-")).copied().unwrap_or(usize::MAX));
        }
        // A term's defining clause comes first.
        for term in &pack.rules.terms {
            let Some(rule) = term.defined_in.as_ref().and_then(|d| clause_link(&d.value)) else { continue };
            let list = out.rules_of.entry(format!("term-{}", term.id)).or_default();
            list.retain(|l| *l != rule);
            list.insert(0, rule);
        }
        out
    }

    /// `entry` (a card, unit, place or term) names `rules` as the clauses about it: each of them
    /// lists the entry among what refers to it, and the entry links each of them.
    fn name_rules<'a>(&mut self, pack: &Pack, entry: Link, rules: impl IntoIterator<Item = &'a Ref>) {
        for clause in rules.into_iter().filter_map(|r| pack.clause(&r.value)) {
            push(self.to_clause.entry(clause.id.clone()).or_default(), entry.clone());
            push(self.rules_of.entry(entry.anchor.clone()).or_default(), link_to(clause));
        }
    }

    /// The clauses governing the entry `anchor`, as HTML links.
    pub(super) fn rules_html(&self, msg: &Messages, anchor: &str) -> String {
        html(msg, self.rules_of.get(anchor).map_or(&[][..], Vec::as_slice))
    }
}

#[cfg(test)]
mod tests {
    use super::mentions;

    #[test]
    fn a_latin_name_is_found_as_whole_words_and_a_japanese_one_anywhere() {
        assert!(mentions("two units in a hex", "unit"));
        assert!(mentions("the unit.", "unit"));
        assert!(!mentions("a community", "unit"));
        assert!(!mentions("unity", "unit"));
        assert!(mentions("潜伏チットを置く", "潜伏チット"));
    }
}
