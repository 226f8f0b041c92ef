//! Index and query.

use serde::Serialize;

use super::filter::{self, CardFacts, FieldDef, QueryError};
pub use crate::model::filter::normalize;
use crate::model::{Card, Pack};

/// What a document is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DocKind {
    /// A glossary term.
    Term,
    /// A rule clause.
    Clause,
    /// A card.
    Card,
    /// A unit type.
    Unit,
    /// A place on the map.
    Place,
}

/// One searchable document.
#[derive(Clone, Debug, Serialize)]
pub struct Doc {
    /// Kind.
    pub kind: DocKind,
    /// Anchor id in the reference (`clause-capture.garcia`, `card-29`, `term-hidden-chit`).
    pub id: String,
    /// What results show: number and title.
    pub title: String,
    /// Names that jump straight to it (term names, readings, aliases; clause numbers; `#29`).
    pub keys: Vec<String>,
    /// Normalized searchable text (title, names, body).
    pub text: String,
}

/// A search result.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Hit {
    /// Kind.
    pub kind: DocKind,
    /// Anchor id.
    pub id: String,
    /// Title.
    pub title: String,
    /// Score (higher first).
    pub score: u32,
}

fn is_japanese(c: char) -> bool {
    !c.is_ascii() && c.is_alphanumeric()
}

/// Japanese runs and Latin words of a normalized query.
fn pieces(query: &str) -> (Vec<String>, Vec<String>) {
    let mut runs = Vec::new();
    let mut words = Vec::new();
    let mut run = String::new();
    let mut word = String::new();
    for c in query.chars() {
        if is_japanese(c) {
            run.push(c);
        } else if !run.is_empty() {
            runs.push(std::mem::take(&mut run));
        }
        if c.is_ascii_alphanumeric() {
            word.push(c);
        } else if !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
    }
    runs.extend((!run.is_empty()).then_some(run));
    words.extend((!word.is_empty()).then_some(word));
    (runs, words)
}

fn bigrams(run: &str) -> Vec<String> {
    let chars: Vec<char> = run.chars().collect();
    if chars.len() < 2 {
        return vec![run.to_string()];
    }
    chars.windows(2).map(|w| w.iter().collect()).collect()
}

/// The search index of a pack.
#[derive(Debug, Default, Serialize)]
pub struct Index {
    /// Every document.
    pub docs: Vec<Doc>,
    /// The typed fields card filters know.
    pub fields: Vec<FieldDef>,
    /// What card filters look at, per card, in number order.
    pub cards: Vec<CardFacts>,
    /// The same as filters test it, per card.
    #[serde(skip)]
    pub records: Vec<crate::model::filter::Record>,
}

impl Index {
    /// Indexes the clauses, cards, units, places and terms of `pack`.
    pub fn of(pack: &Pack) -> Index {
        let mut docs = Vec::new();
        let plain = |t: &str| pack.plain_text(t);
        for t in &pack.rules.terms {
            let mut keys = vec![t.id.clone(), t.name.ja.clone(), t.name.en.clone(), t.kana.clone()];
            keys.extend(t.aliases.iter().cloned());
            let text = format!("{} {} {} {}", t.name.ja, t.name.en, t.kana, t.aliases.join(" "));
            docs.push(Doc {
                kind: DocKind::Term,
                id: format!("term-{}", t.id),
                title: format!("{} {}", t.name.ja, t.name.en),
                keys,
                text,
            });
        }
        for section in &pack.rules.sections {
            for c in &section.clauses {
                let body = std::iter::once(plain(&c.text))
                    .chain(c.items.iter().map(|i| plain(i)))
                    .collect::<Vec<_>>()
                    .join(" ");
                let title = format!("{} {} {}", c.number, section.title.ja, section.title.en);
                docs.push(Doc {
                    kind: DocKind::Clause,
                    id: format!("clause-{}", c.id),
                    title: title.clone(),
                    keys: vec![c.number.clone()],
                    text: format!("{title} {body}"),
                });
            }
        }
        for card in &pack.cards {
            docs.push(card_doc(card));
        }
        for u in &pack.units {
            docs.push(Doc {
                kind: DocKind::Unit,
                id: format!("unit-{}", u.id),
                title: format!("{} {}", u.name.ja, u.name.en),
                keys: vec![u.id.clone()],
                text: format!("{} {} {}", u.name.ja, u.name.en, u.class.value),
            });
        }
        for hex in pack.map.iter().flat_map(|m| &m.hexes) {
            if let Some(p) = &hex.place {
                docs.push(Doc {
                    kind: DocKind::Place,
                    id: format!("place-{}", p.id),
                    title: format!("{} {} ({})", p.name.ja, p.name.en, hex.id),
                    keys: vec![p.id.clone()],
                    text: format!("{} {} {}", p.name.ja, p.name.en, hex.id),
                });
            }
        }
        for d in &mut docs {
            d.text = normalize(&d.text);
            d.keys = d.keys.iter().filter(|k| !k.is_empty()).map(|k| normalize(k)).collect();
        }
        let mut cards: Vec<&Card> = pack.cards.iter().collect();
        cards.sort_by_key(|c| (c.number.unwrap_or(u32::MAX), c.id.clone()));
        let records = cards.iter().map(|c| crate::model::records::card_record(pack, c)).collect();
        let cards: Vec<CardFacts> = cards.into_iter().map(|c| CardFacts::of(pack, c)).collect();
        Index { docs, fields: filter::field_defs(pack), cards, records }
    }

    /// Documents matching `query`, best first, grouped by kind (terms, clauses, cards, units,
    /// places), at most `limit`.
    pub fn search(&self, query: &str, limit: usize) -> Vec<Hit> {
        let mut hits = self.search_all(query);
        hits.truncate(limit);
        hits
    }

    /// Every document matching `query`, in the order of [`Index::search`].
    pub fn search_all(&self, query: &str) -> Vec<Hit> {
        let q = normalize(query.trim());
        if q.is_empty() {
            return Vec::new();
        }
        let hit = |d: &Doc, score: u32| Hit { kind: d.kind, id: d.id.clone(), title: d.title.clone(), score };
        // Direct jumps: a clause number, `#29`, or an exact key.
        let key = q.strip_prefix('#').unwrap_or(&q);
        let direct: Vec<Hit> = self
            .docs
            .iter()
            .filter(|d| {
                d.keys.iter().any(|k| k == key)
                    && (d.kind != DocKind::Card || q.starts_with('#') || !key.chars().all(|c| c.is_ascii_digit()))
            })
            .map(|d| hit(d, 1000))
            .collect();
        if !direct.is_empty()
            && (q.starts_with('#') || key.contains('.') || direct.iter().any(|h| h.kind == DocKind::Term))
        {
            return direct;
        }
        let (runs, words) = pieces(&q);
        let mut hits: Vec<Hit> = self
            .docs
            .iter()
            .filter_map(|d| {
                let mut score = 0u32;
                for run in &runs {
                    // Every bigram must occur, and the run itself as a substring (the bigram
                    // index narrows, the substring confirms).
                    if !bigrams(run).iter().all(|b| d.text.contains(b.as_str())) || !d.text.contains(run.as_str()) {
                        return None;
                    }
                    score += 10 * run.chars().count() as u32 + 3 * d.text.matches(run.as_str()).count() as u32;
                }
                let doc_words: Vec<&str> =
                    d.text.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
                for word in &words {
                    let prefix = doc_words.iter().filter(|w| w.starts_with(word.as_str())).count() as u32;
                    if prefix == 0 {
                        return None;
                    }
                    score += 8 + prefix.min(5);
                }
                if normalize(&d.title).contains(&q) {
                    score += 40;
                }
                Some(hit(d, score))
            })
            .collect();
        for h in direct {
            if let Some(existing) = hits.iter_mut().find(|x| x.id == h.id) {
                existing.score += h.score;
            } else {
                hits.push(h);
            }
        }
        // Grouped by kind, the group with the best hit first; best first within a group.
        let best = |kind: DocKind| hits.iter().filter(|h| h.kind == kind).map(|h| h.score).max().unwrap_or(0);
        let group_rank: std::collections::BTreeMap<DocKind, u32> =
            hits.iter().map(|h| (h.kind, best(h.kind))).collect();
        hits.sort_by(|a, b| {
            group_rank[&b.kind]
                .cmp(&group_rank[&a.kind])
                .then(a.kind.cmp(&b.kind))
                .then(b.score.cmp(&a.score))
                .then(a.id.cmp(&b.id))
        });
        hits
    }
}

fn card_doc(card: &Card) -> Doc {
    Doc {
        kind: DocKind::Card,
        id: format!("card-{}", card.id),
        title: format!("{} {} {}", card.id, card.name.ja, card.name.en),
        keys: vec![card.id.clone()],
        text: format!("{} {} {} {} {}", card.id, card.name.ja, card.name.en, card.timing, card.text),
    }
}

/// Cards matching `query` (see [`super::filter`]): the cards every filter passes, in number
/// order, or, when the query also has words, those of the cards the words find, best first. Every
/// match: the caller shows as many as it likes and says how many there were.
pub fn search_cards(index: &Index, query: &str) -> Result<Vec<Hit>, QueryError> {
    let schema = crate::model::filter::Schema {
        noun: "card".into(),
        built_in: filter::built_in(),
        fields: index.fields.clone(),
    };
    let q = filter::parse(&schema, query)?;
    let passing: Vec<&CardFacts> =
        index.cards.iter().zip(&index.records).filter(|(_, r)| q.matches(r)).map(|(c, _)| c).collect();
    let hit = |c: &CardFacts| Hit { kind: DocKind::Card, id: c.id.clone(), title: c.title.clone(), score: 0 };
    if q.words.is_empty() {
        return Ok(passing.into_iter().map(hit).collect());
    }
    let ids: std::collections::HashSet<&str> = passing.iter().map(|c| c.id.as_str()).collect();
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
    fn normalizing_folds_width_case_and_kana() {
        assert_eq!(normalize("１３．４"), "13.4");
        assert_eq!(normalize("ＣＢＡ Capture"), "cba capture");
        assert_eq!(normalize("ラウンドフェイサー"), normalize("らうんどふぇいさー"));
        assert_eq!(normalize("ｶｰﾄﾞ"), "かーど");
    }

    #[test]
    fn queries_split_into_japanese_runs_and_latin_words() {
        let (runs, words) = pieces(&normalize("潜伏チット capture 13"));
        assert_eq!(runs, vec![normalize("潜伏チット")]);
        assert_eq!(words, vec!["capture", "13"]);
        assert_eq!(bigrams("潜伏ち"), vec!["潜伏", "伏ち"]);
    }
}
