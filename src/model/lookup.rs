//! The pack's clauses and terms by id and name, made on first use. A reference resolves through
//! them thousands of times in a big rulebook (every link printed, every term a clause names), so a
//! scan per lookup made the reference build grow as clauses × references.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::{names_match, Clause, Pack, Term};

/// Where each clause and term sits in the pack. A pack changed after the tables were made (the
/// importer, tests) still gets right answers: a hit is verified, and a miss falls back to a scan.
#[derive(Debug, Default)]
pub struct Lookup {
    /// Clause id → (section, clause) positions.
    clauses: OnceLock<HashMap<String, (usize, usize)>>,
    /// Term id, Japanese name and lower-cased English name → the term's position (the first
    /// term holding the key, as a scan would find).
    terms: OnceLock<HashMap<String, usize>>,
}

impl Pack {
    /// The clause with id `r`.
    pub fn clause(&self, r: &str) -> Option<&Clause> {
        let table = self.lookup.clauses.get_or_init(|| {
            let mut table = HashMap::new();
            for (s, section) in self.rules.sections.iter().enumerate() {
                for (c, clause) in section.clauses.iter().enumerate() {
                    table.entry(clause.id.clone()).or_insert((s, c));
                }
            }
            table
        });
        let hit = table.get(r).and_then(|&(s, c)| self.rules.sections.get(s)?.clauses.get(c)).filter(|c| c.id == r);
        hit.or_else(|| self.rules.sections.iter().flat_map(|s| &s.clauses).find(|c| c.id == r))
    }

    /// Every card in the order the game lists them (see [`super::Card::order`]).
    pub fn cards_in_order(&self) -> Vec<&super::Card> {
        let mut cards: Vec<&super::Card> = self.cards.iter().collect();
        cards.sort_by_key(|c| c.order());
        cards
    }

    /// The rules section with id `r`.
    pub fn section(&self, r: &str) -> Option<&super::Section> {
        self.rules.sections.iter().find(|s| s.id == r)
    }

    /// The glossary term `r` names: its id, its Japanese name, or its English name in any case.
    pub fn term(&self, r: &str) -> Option<&Term> {
        let table = self.lookup.terms.get_or_init(|| {
            let mut table = HashMap::new();
            for (i, t) in self.rules.terms.iter().enumerate() {
                for key in [t.id.clone(), t.name.ja.clone(), t.name.en.to_ascii_lowercase()] {
                    if !key.is_empty() {
                        table.entry(key).or_insert(i);
                    }
                }
            }
            table
        });
        let hit = [table.get(r), table.get(&r.to_ascii_lowercase())]
            .into_iter()
            .flatten()
            .min()
            .and_then(|&i| self.rules.terms.get(i))
            .filter(|t| names_match(r, &t.id, &t.name));
        hit.or_else(|| self.rules.terms.iter().find(|t| names_match(r, &t.id, &t.name)))
    }
}
