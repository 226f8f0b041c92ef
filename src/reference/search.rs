//! Ranked search over an [`Index`], the same rule as templates/reference/engine.js.
//!
//! A query is cut into units: each Latin word (stop words dropped) and each bigram of a Japanese
//! run. A unit's score in a document is its best expansion's weight times the expansion's
//! multiplier: the word's own stem (×4), the longer words it begins (×2, three letters or more),
//! and when its stem is in no document, the words one typo away (×3, five letters or more). A
//! one-letter Japanese run finds itself (×4) and every bigram holding it (×1). A Japanese run is one
//! word: each of its n bigrams counts 1/n. A document's score is the sum of its words' scores times
//! how many words it matched, so every word is optional but more matched words rank higher. On top: a clause number (`13.4`), a card (`#29`, `card 29`,
//! `カード29`) or a whole query naming a document exactly (a clause title, a card, a unit, a term —
//! whose defining clause comes first) put that document first.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::filter::{self, QueryError};
use super::index::{Doc, DocKind, Index};
use super::tokens::{bigrams, compact_name, normalize, pieces, stem, typo_distance};
use crate::model::Pack;

/// What a clause number or a card number adds: above anything words can score.
const JUMP: f64 = 1e12;
/// What a whole query naming a document exactly adds.
const NAME: f64 = 1e9;
/// Question words (dropped as stop words) and players' everyday words, with the words rules
/// answer them in: each found in a query (whole words) adds a unit of its answer words at half
/// weight. As engine.js's ASKED.
const ASKED: [(&str, &[&str]); 6] = [
    ("how many", &["most", "limit", "maximum", "number", "more"]),
    ("how much", &["most", "limit", "maximum", "cost", "more"]),
    ("how far", &["range", "distance", "within", "away"]),
    ("same", &["equal", "tie"]),
    ("enough", &["requirement", "minimum", "short", "least"]),
    ("get", &["gain", "earn", "receive"]),
];
/// The same for Japanese, found anywhere in a query's Japanese: a player asks about a column
/// that is `もう` (already) sunk where the rule says `すでに` or `済み`. As engine.js's ASKED_JA.
const ASKED_JA: [(&str, &[&str]); 1] = [("もう", &["すでに", "済み"])];

/// What an optional or variant rule's words score, of a core rule's.
const OPTIONAL: f64 = 0.5;
/// At most this many units of a query are scored (a pasted paragraph stays fast).
const MAX_UNITS: usize = 64;
/// Snippets are about this many characters.
const SNIPPET: usize = 180;

/// A search result.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Hit {
    /// Kind.
    pub kind: DocKind,
    /// Anchor id.
    pub id: String,
    /// Clause or card number (empty for others).
    pub number: String,
    /// Title or name.
    pub title: String,
    /// Where it belongs (a clause's section).
    pub context: String,
    /// Score (higher first).
    pub score: f64,
    /// A piece of its text around the first matched word (`…` where cut).
    pub snippet: String,
    /// Matched words in the snippet, as char ranges.
    pub marks: Vec<(usize, usize)>,
    /// Matched words in the title, as char ranges.
    pub title_marks: Vec<(usize, usize)>,
}

/// One unit of a query: the tokens it may match, each with its multiplier, its weight, and the
/// total weight of its word's units (a Japanese run is one word of several bigrams: each counts
/// its share).
struct Unit {
    tokens: Vec<(String, u64)>,
    weight: f64,
    of: f64,
}

/// The weight of a query's bigram of two kanji or katakana (a word's stem), of one such and one
/// hiragana, and of two hiragana (particles, auxiliaries, verb endings: `が`, `たら`, `どうなる`).
/// A run's weights are shared out, so a run written all in hiragana (`すたっく`) ranks as before.
const STEM: f64 = 1.0;
const MIXED: f64 = 0.5;
const HIRAGANA: f64 = 0.1;

/// Normalized `query`, character by character, and whether each character came from a kanji,
/// katakana or other non-hiragana letter of the query (normalizing folds katakana to hiragana,
/// so this is read before).
fn stem_marked(query: &str) -> (String, Vec<bool>) {
    let (mut text, mut stem) = (String::new(), Vec::new());
    for c in query.chars() {
        let normalized = normalize(&c.to_string());
        stem.extend(normalized.chars().map(|_| !('\u{3040}'..='\u{309f}').contains(&c)));
        text.push_str(&normalized);
    }
    (text, stem)
}

impl Index {
    /// The weight of `token` in document `doc`.
    fn weight(&self, token: &str, doc: usize) -> u64 {
        let Some(list) = self.postings.get(token) else { return 0 };
        let (mut low, mut high) = (0, list.len() / 2);
        while low < high {
            let mid = (low + high) / 2;
            match list[2 * mid].cmp(&(doc as u32)) {
                std::cmp::Ordering::Less => low = mid + 1,
                std::cmp::Ordering::Greater => high = mid,
                std::cmp::Ordering::Equal => return u64::from(list[2 * mid + 1]),
            }
        }
        0
    }

    /// The units of a query, normalized and marked by [`stem_marked`].
    fn units(&self, (q, from_stem): &(String, Vec<bool>)) -> Vec<Unit> {
        let all = pieces(q);
        let content: Vec<_> = all.iter().filter(|p| p.japanese || !self.stop.contains(&p.text.as_str())).collect();
        let chosen = if content.is_empty() { all.iter().collect() } else { content };
        let mut units = Vec::new();
        for p in chosen {
            if !p.japanese {
                units.push(Unit { tokens: self.expand(&p.text), weight: 1.0, of: 1.0 });
                continue;
            }
            let grams = bigrams(&p.text);
            if grams.len() == 1 && grams[0].chars().count() == 1 {
                units.push(self.letter(&grams[0]));
                continue;
            }
            let stems: Vec<bool> =
                (0..=grams.len()).map(|k| from_stem.get(p.start + k).copied().unwrap_or(false)).collect();
            let weights: Vec<f64> = (0..grams.len())
                .map(|k| match (stems[k], stems[k + 1]) {
                    (true, true) => STEM,
                    (false, false) => HIRAGANA,
                    _ => MIXED,
                })
                .collect();
            let of = weights.iter().sum::<f64>();
            units.extend(grams.into_iter().zip(weights).map(|(g, weight)| Unit { tokens: vec![(g, 4)], weight, of }));
            // A kanji or katakana standing alone between hiragana (`海を渡る`) is a word itself; so
            // is the counter a question asks about (`何人` asks for `人`: `人数`, `2人`).
            let letters: Vec<char> = p.text.chars().collect();
            for k in 0..letters.len() {
                let alone = stems[k] && !(k > 0 && stems[k - 1]) && !stems.get(k + 1).copied().unwrap_or(false);
                let asked = k > 0 && letters[k - 1] == '何' && stems[k];
                // The counter is what the answer's number is counted in: a hint, not a topic.
                if alone || asked {
                    let mut unit = self.letter(&letters[k].to_string());
                    unit.weight = if alone { 1.0 } else { 0.5 };
                    units.push(unit);
                }
            }
        }
        // What a question word asks for, which the words of its answer say another way: `how
        // many` is answered by a limit or a number (`at most four`), `how far` by a range.
        let words =
            format!(" {} ", all.iter().filter(|p| !p.japanese).map(|p| p.text.as_str()).collect::<Vec<_>>().join(" "));
        let asked_en = ASKED.iter().filter(|(asked, _)| words.contains(&format!(" {asked} ")));
        units.extend(asked_en.filter_map(|(_, answer)| self.answer_unit(answer.iter().map(|w| stem(w)))));
        let japanese: String = all.iter().filter(|p| p.japanese).map(|p| p.text.as_str()).collect();
        let asked_ja = ASKED_JA.iter().filter(|(asked, _)| japanese.contains(asked));
        units.extend(asked_ja.filter_map(|(_, answer)| self.answer_unit(answer.iter().flat_map(|w| bigrams(w)))));
        units.truncate(MAX_UNITS);
        units
    }

    /// The half-weight unit of the words that answer a question word (`tokens`, those the index
    /// has), `None` when it has none of them.
    fn answer_unit(&self, tokens: impl Iterator<Item = String>) -> Option<Unit> {
        let tokens: Vec<(String, u64)> = tokens.filter(|t| self.postings.contains_key(t)).map(|t| (t, 2)).collect();
        (!tokens.is_empty()).then_some(Unit { tokens, weight: 0.5, of: 1.0 })
    }

    /// The unit of one Japanese letter: itself (×4) and every bigram holding it (×1).
    fn letter(&self, c: &str) -> Unit {
        let mut tokens = vec![(c.to_string(), 4)];
        tokens.extend(self.postings.keys().filter(|t| t.chars().count() == 2 && t.contains(c)).map(|t| (t.clone(), 1)));
        Unit { tokens, weight: 1.0, of: 1.0 }
    }

    /// A Latin word's expansions: its stem (×4) and the longer words it begins (×2, three letters
    /// or more: `move` finds `movement`, a half-typed word its ends), or, when its stem is in no
    /// document, the words one typo away (×3, five letters or more).
    fn expand(&self, word: &str) -> Vec<(String, u64)> {
        let own = stem(word);
        if word.chars().any(|c| c.is_ascii_digit()) {
            return vec![(own, 4)];
        }
        let exact = self.postings.contains_key(&own);
        let len = word.chars().count();
        let mut found: BTreeMap<String, u64> = BTreeMap::new();
        if exact {
            found.insert(own, 4);
        }
        for (surface, token) in &self.words {
            let m = if !exact && len >= 5 && typo_distance(word, surface, 1) == 1 {
                3
            } else if len >= 3 && surface.len() > word.len() && surface.starts_with(word) {
                2
            } else {
                continue;
            };
            let best = found.entry(token.clone()).or_insert(0);
            *best = (*best).max(m);
        }
        found.into_iter().collect()
    }

    /// The first `limit` documents matching `query`, best first, and how many matched.
    pub fn search(&self, query: &str, limit: usize) -> (Vec<Hit>, usize) {
        let (ranked, units) = self.rank(query);
        let hits = ranked.iter().take(limit).map(|&(doc, score)| self.hit(doc, score, &units)).collect();
        (hits, ranked.len())
    }

    /// Every document matching `query`, best first.
    pub fn search_all(&self, query: &str) -> Vec<Hit> {
        let (ranked, units) = self.rank(query);
        ranked.into_iter().map(|(doc, score)| self.hit(doc, score, &units)).collect()
    }

    /// Every document matching `query` with its score, best first, and the query's units.
    fn rank(&self, query: &str) -> (Vec<(usize, f64)>, Vec<Unit>) {
        let q = normalize(query.trim());
        if q.is_empty() {
            return (Vec::new(), Vec::new());
        }
        let units = self.units(&stem_marked(query.trim()));
        // Per document: the sum of its units' scores and how many words it matched, a unit of a
        // word of n units counting 1/n in both. Floating point, added in the same order as the
        // page's script adds them, so both get the same numbers.
        let mut scores: BTreeMap<usize, (f64, f64)> = BTreeMap::new();
        for unit in &units {
            let mut best: BTreeMap<usize, u64> = BTreeMap::new();
            for (token, m) in &unit.tokens {
                let Some(list) = self.postings.get(token) else { continue };
                for pair in list.chunks_exact(2) {
                    let b = best.entry(pair[0] as usize).or_insert(0);
                    *b = (*b).max(m * u64::from(pair[1]));
                }
            }
            for (doc, s) in best {
                let e = scores.entry(doc).or_insert((0.0, 0.0));
                e.0 += s as f64 * unit.weight / unit.of;
                e.1 += unit.weight / unit.of;
            }
        }
        // An optional or variant rule answers only where no core rule does as well.
        let mut total: BTreeMap<usize, f64> = scores
            .into_iter()
            .map(|(d, (raw, n))| (d, if self.docs[d].optional { raw * n * OPTIONAL } else { raw * n }))
            .collect();
        for (doc, bonus) in self.jumps(&q) {
            *total.entry(doc).or_insert(0.0) += bonus;
        }
        let mut ranked: Vec<(usize, f64)> = total.into_iter().filter(|(_, s)| *s > 0.0).collect();
        ranked.sort_by(|a, b| {
            b.1.total_cmp(&a.1).then(self.docs[a.0].kind.cmp(&self.docs[b.0].kind)).then(a.0.cmp(&b.0))
        });
        (ranked, units)
    }

    /// Names near a query that found nothing: glossary terms and clause titles holding a word a
    /// typing mistake from one of the query's words (two in a long word), or a Japanese bigram of
    /// it; the five nearest (most of the query's words), terms first. As engine.js's `suggest`.
    pub fn suggest(&self, query: &str) -> Vec<String> {
        let wanted = pieces(&normalize(query.trim()));
        let mut scored: Vec<(usize, bool, usize)> = Vec::new();
        for (i, d) in self.docs.iter().enumerate() {
            if !matches!(d.kind, DocKind::Term | DocKind::Clause) || d.title.is_empty() {
                continue;
            }
            let have = pieces(&normalize(&d.title));
            let near = |w: &super::tokens::Piece| {
                if w.japanese {
                    let grams = bigrams(&w.text);
                    let mut grams = grams.iter().filter(|g| g.chars().count() == 2);
                    grams.any(|g| have.iter().any(|h| h.japanese && h.text.contains(g.as_str())))
                } else {
                    // One mistake in a short word, two in a word of five letters or more.
                    let limit = if w.text.chars().count() >= 5 { 2 } else { 1 };
                    w.text.chars().count() >= 3
                        && !self.stop.contains(&w.text.as_str())
                        && have.iter().any(|h| {
                            !h.japanese
                                && !self.stop.contains(&h.text.as_str())
                                && typo_distance(&w.text, &h.text, limit) <= limit
                        })
                }
            };
            let score = wanted.iter().filter(|w| near(w)).count();
            if score > 0 {
                scored.push((score, d.kind != DocKind::Term, i));
            }
        }
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
        let mut out: Vec<String> = Vec::new();
        for (_, _, i) in scored {
            let title = &self.docs[i].title;
            if !out.contains(title) {
                out.push(title.clone());
            }
            if out.len() == 5 {
                break;
            }
        }
        out
    }

    /// Bonuses for a clause number, a card number and a whole query naming a document.
    fn jumps(&self, q: &str) -> Vec<(usize, f64)> {
        let mut out = Vec::new();
        let numbers = clause_numbers(q);
        let cards = card_numbers(q);
        let name = compact_name(q);
        for (i, d) in self.docs.iter().enumerate() {
            let jump = match d.kind {
                DocKind::Clause => {
                    numbers.iter().any(|n| n.eq_ignore_ascii_case(&d.number) || self.printed.get(n) == Some(&i))
                }
                DocKind::Card => cards.contains(&d.number),
                _ => false,
            };
            if jump {
                out.push((i, JUMP));
            }
            if !name.is_empty() && d.names.contains(&name) {
                // A term's defining clause is what a player asking for the term wants first.
                // A term with its own definition answers first, ahead of a clause of the same
                // title, as a glossary leads a rules site's answers.
                match (d.defined_by, d.kind) {
                    (Some(clause), _) => out.extend([(clause, NAME), (i, NAME / 2.0)]),
                    (None, DocKind::Term) => out.push((i, 2.0 * NAME)),
                    (None, _) => out.push((i, NAME)),
                }
            }
        }
        out
    }

    fn hit(&self, doc: usize, score: f64, units: &[Unit]) -> Hit {
        let d: &Doc = &self.docs[doc];
        let matched: BTreeSet<&str> = units
            .iter()
            .flat_map(|u| &u.tokens)
            .filter(|(t, _)| self.weight(t, doc) > 0)
            .map(|(t, _)| t.as_str())
            .collect();
        let (snippet, marks) = snippet(&d.text, &matched);
        Hit {
            kind: d.kind,
            id: d.id.clone(),
            number: d.number.clone(),
            title: d.title.clone(),
            context: d.context.clone(),
            score,
            snippet,
            marks,
            title_marks: marked(&d.title, &matched),
        }
    }
}

/// Clause numbers a query names: runs of digits, letters and dots holding a dot and a digit that
/// read as a rule number (`13.4`, `１３．４`, `702.19b`, `a.4`), in small letters (the query is).
fn clause_numbers(q: &str) -> Vec<String> {
    q.split(|c: char| !c.is_ascii_alphanumeric() && c != '.')
        .map(|run| run.trim_matches('.'))
        .filter(|run| run.contains('.') && run.contains(|c: char| c.is_ascii_digit()))
        .filter(|run| crate::model::number_levels(&capital_start(run)).is_some())
        .map(str::to_string)
        .collect()
}

/// `a.4` as it is printed, `A.4`: a query is in small letters, an appendix's number in capitals.
fn capital_start(run: &str) -> String {
    let (first, rest) = run.split_once('.').unwrap_or((run, ""));
    if first.bytes().all(|b| b.is_ascii_lowercase()) {
        format!("{}.{rest}", first.to_ascii_uppercase())
    } else {
        run.to_string()
    }
}

/// Card numbers a query names: `#29`, `card 29`, `card #29`, `かーど29` (カード, normalized).
fn card_numbers(q: &str) -> Vec<String> {
    let chars: Vec<char> = q.chars().collect();
    let mut out = Vec::new();
    for marker in ["#", "card", "かーど"] {
        let m: Vec<char> = marker.chars().collect();
        for start in 0..chars.len() {
            if !chars[start..].starts_with(&m)
                || (marker == "card" && start > 0 && chars[start - 1].is_ascii_alphanumeric())
            {
                continue;
            }
            let mut i = start + m.len();
            while i < chars.len() && (chars[i] == ' ' || chars[i] == '#') {
                i += 1;
            }
            let digits: String = chars[i..].iter().take_while(|c| c.is_ascii_digit()).collect();
            if !digits.is_empty()
                && !chars.get(i + digits.len()).is_some_and(|c| c.is_ascii_alphanumeric() || *c == '.')
            {
                out.push(digits.trim_start_matches('0').to_string());
            }
        }
    }
    out
}

/// The char ranges of `text` whose tokens are in `matched` (a Latin word whole, both letters of
/// a Japanese bigram), merged.
pub(super) fn marked(text: &str, matched: &BTreeSet<&str>) -> Vec<(usize, usize)> {
    // Normalized char by char, so every normalized char knows the original char it came from.
    let mut norm = String::new();
    let mut origin = Vec::new();
    for (i, c) in text.chars().enumerate() {
        for n in normalize(&c.to_string()).chars() {
            norm.push(n);
            origin.push(i);
        }
    }
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    for p in pieces(&norm) {
        let len = p.text.chars().count();
        if !p.japanese {
            if matched.contains(stem(&p.text).as_str()) {
                ranges.push((origin[p.start], origin[p.start + len - 1] + 1));
            }
            continue;
        }
        let chars: Vec<char> = p.text.chars().collect();
        if len == 1 && matched.contains(p.text.as_str()) {
            ranges.push((origin[p.start], origin[p.start] + 1));
        }
        for k in 0..len.saturating_sub(1) {
            let gram: String = chars[k..k + 2].iter().collect();
            if matched.contains(gram.as_str()) {
                ranges.push((origin[p.start + k], origin[p.start + k + 1] + 1));
            }
        }
    }
    ranges.sort();
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for r in ranges {
        match merged.last_mut() {
            Some(last) if r.0 <= last.1 => last.1 = last.1.max(r.1),
            _ => merged.push(r),
        }
    }
    merged
}

/// About [`SNIPPET`] characters of `text` from a little before its first matched word, cut at
/// spaces, with `…` where cut, and the marks within it.
pub(super) fn snippet(text: &str, matched: &BTreeSet<&str>) -> (String, Vec<(usize, usize)>) {
    let chars: Vec<char> = text.chars().collect();
    let marks = marked(text, matched);
    if chars.len() <= SNIPPET {
        return (text.to_string(), marks);
    }
    let first = marks.first().map_or(0, |m| m.0);
    let mut start = first.saturating_sub(50);
    if start > 0 {
        if let Some(space) = chars[start..first].iter().position(|c| *c == ' ') {
            start += space + 1;
        }
    }
    let mut end = (start + SNIPPET).min(chars.len());
    if end < chars.len() {
        if let Some(space) = chars[end - 20..end].iter().rposition(|c| *c == ' ') {
            end = end - 20 + space;
        }
    }
    let lead = usize::from(start > 0);
    let mut out: String = if start > 0 { "…".into() } else { String::new() };
    out.extend(&chars[start..end]);
    if end < chars.len() {
        out.push('…');
    }
    let marks = marks
        .into_iter()
        .filter(|m| m.0 >= start && m.1 <= end)
        .map(|m| (m.0 - start + lead, m.1 - start + lead))
        .collect();
    (out, marks)
}

/// Cards of `pack` matching `query` (see [`super::filter`]): the cards every filter passes, in
/// number order, or, when the query also has words, those of the cards the words find, best
/// first. Every match: the caller shows as many as it likes and says how many there were.
/// `index` is `pack`'s.
pub fn search_cards(pack: &Pack, index: &Index, query: &str) -> Result<Vec<Hit>, QueryError> {
    let q = filter::parse(&filter::card_schema(pack), query)?;
    let passing: Vec<String> =
        pack.cards_in_order().into_iter().filter(|c| q.selects(pack, c)).map(|c| format!("card-{}", c.id)).collect();
    if q.words.is_empty() {
        let by_id: BTreeMap<&str, usize> = index.docs.iter().enumerate().map(|(i, d)| (d.id.as_str(), i)).collect();
        return Ok(passing.iter().filter_map(|id| by_id.get(id.as_str())).map(|&d| index.hit(d, 0.0, &[])).collect());
    }
    let ids: std::collections::HashSet<&str> = passing.iter().map(String::as_str).collect();
    let hits = index
        .search_all(&q.words.join(" "))
        .into_iter()
        .filter(|h| h.kind == DocKind::Card && ids.contains(h.id.as_str()));
    Ok(hits.collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clause_and_card_numbers_are_read_from_a_query() {
        assert_eq!(clause_numbers(&normalize("rule １３．４ and 8.4.")), vec!["13.4", "8.4"]);
        assert_eq!(
            clause_numbers(&normalize("What does 702.19b say? See A.4, e.g. 1.2.3a")),
            vec!["702.19b", "a.4", "1.2.3a"]
        );
        assert_eq!(card_numbers(&normalize("カード２９")), vec!["29"]);
        assert_eq!(card_numbers("card #7 and #12"), vec!["7", "12", "7"], "`#7` and `card #7` both");
        assert!(card_numbers("discard 3").is_empty());
        assert!(card_numbers("#13.4").is_empty());
    }

    #[test]
    fn snippets_mark_stemmed_words_and_bigrams_and_cut_at_spaces() {
        let matched: BTreeSet<&str> = ["stack", "潜伏"].into_iter().collect();
        assert_eq!(marked("Stacked units; 潜伏チット", &matched), vec![(0, 7), (15, 17)]);
        let long = format!("{} stacking {}", "word ".repeat(40), "more ".repeat(40));
        let (s, marks) = snippet(&long, &matched);
        assert!(s.starts_with('…') && s.ends_with('…'), "{s}");
        let chars: Vec<char> = s.chars().collect();
        let (a, b) = marks[0];
        assert_eq!(chars[a..b].iter().collect::<String>(), "stacking");
    }
}
