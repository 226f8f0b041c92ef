//! How text becomes search tokens, the same for documents and queries (and, word for word, in
//! templates/reference/search.js).
//!
//! Text is normalized first ([`normalize`]: NFKC, lower case, katakana folded to hiragana). Latin
//! words are runs of ASCII letters and digits; a word is stemmed with Snowball's English stemmer
//! (`stacking`, `stacked` → `stack`), a number is kept as it is. Japanese has no spaces: a run of
//! other letters is cut into overlapping character bigrams (`潜伏ちっと` → `潜伏 伏ち ちっ っと`), a
//! one-letter run is its own token.

use std::sync::OnceLock;

use rust_stemmers::{Algorithm, Stemmer};

pub use crate::model::filter::normalize;

/// English words a question is made of that say nothing about the rule it asks for. Dropped
/// from a query that has other words; documents keep them (their weight is low anyway).
pub(super) const STOP_WORDS: &[&str] = &[
    "a", "about", "am", "an", "and", "are", "as", "at", "be", "been", "by", "can", "could", "did", "do", "does", "for",
    "from", "get", "gets", "go", "goes", "happen", "happens", "has", "have", "how", "i", "if", "in", "is", "it", "its",
    "m", "many", "me", "much", "my", "of", "on", "or", "s", "should", "so", "than", "that", "the", "their", "them",
    "then", "there", "they", "this", "to", "was", "were", "what", "when", "where", "which", "who", "why", "will",
    "with", "work", "works", "would", "you", "your",
];

/// English words whose other forms the stemmer cannot join (`won` is `win`, `dice` is `die`),
/// as rules and questions use them: each form → the word it is a form of. The page ships it with
/// its index, so its search joins them as this one does.
pub(super) const IRREGULAR: &[(&str, &str)] = &[
    ("beaten", "beat"),
    ("began", "begin"),
    ("begun", "begin"),
    ("bought", "buy"),
    ("broke", "break"),
    ("broken", "break"),
    ("chose", "choose"),
    ("chosen", "choose"),
    ("dealt", "deal"),
    ("dice", "die"),
    ("drawn", "draw"),
    ("drew", "draw"),
    ("fought", "fight"),
    ("gave", "give"),
    ("given", "give"),
    ("held", "hold"),
    ("kept", "keep"),
    ("lost", "lose"),
    ("paid", "pay"),
    ("sank", "sink"),
    ("shot", "shoot"),
    ("sold", "sell"),
    ("spent", "spend"),
    ("sunk", "sink"),
    ("taken", "take"),
    ("threw", "throw"),
    ("thrown", "throw"),
    ("took", "take"),
    ("won", "win"),
];

/// Whether `c` belongs to a Japanese run (any letter or digit outside ASCII).
pub(super) fn is_japanese(c: char) -> bool {
    !c.is_ascii() && c.is_alphanumeric()
}

/// A piece of normalized text: a Latin word or a Japanese run, with its char offsets.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Piece {
    /// The piece as written (normalized).
    pub text: String,
    /// Whether it is a Japanese run.
    pub japanese: bool,
    /// Char offset of its first character.
    pub start: usize,
}

/// The Latin words and Japanese runs of normalized text, in order.
pub(super) fn pieces(text: &str) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::new();
    let mut current: Option<Piece> = None;
    for (i, c) in text.chars().enumerate() {
        let kind = if c.is_ascii_alphanumeric() {
            Some(false)
        } else if is_japanese(c) {
            Some(true)
        } else {
            None
        };
        match (&mut current, kind) {
            (Some(p), Some(japanese)) if p.japanese == japanese => p.text.push(c),
            (_, kind) => {
                out.extend(current.take());
                current = kind.map(|japanese| Piece { text: c.to_string(), japanese, start: i });
            }
        }
    }
    out.extend(current);
    out
}

/// A name or a whole query as exact matches compare them: normalized, letters and digits only
/// (`Stacking?`, `stacking` and `Stack-ing` are one name).
pub(super) fn compact_name(text: &str) -> String {
    normalize(text).chars().filter(|c| c.is_alphanumeric()).collect()
}

/// The bigrams of a Japanese run, or the run itself when it is one letter.
pub(super) fn bigrams(run: &str) -> Vec<String> {
    let chars: Vec<char> = run.chars().collect();
    if chars.len() < 2 {
        return vec![run.to_string()];
    }
    chars.windows(2).map(|w| w.iter().collect()).collect()
}

/// The token of a Latin word: its English stem (of the word it is a form of, for an irregular
/// one), or the number as written.
pub(super) fn stem(word: &str) -> String {
    static STEMMER: OnceLock<Stemmer> = OnceLock::new();
    if word.chars().any(|c| c.is_ascii_digit()) {
        return word.to_string();
    }
    let word = IRREGULAR.binary_search_by_key(&word, |(form, _)| form).map_or(word, |at| IRREGULAR[at].1);
    STEMMER.get_or_init(|| Stemmer::create(Algorithm::English)).stem(word).into_owned()
}

/// Every token of `text` (normalized here), in order; `stem_of` gives a Latin word's token (an
/// indexer caches the stems of words it has seen).
pub(super) fn tokens_with(text: &str, mut stem_of: impl FnMut(&str) -> String) -> Vec<String> {
    let mut out = Vec::new();
    for p in pieces(&normalize(text)) {
        if p.japanese {
            out.extend(bigrams(&p.text));
        } else {
            out.push(stem_of(&p.text));
        }
    }
    out
}

/// The optimal string alignment distance of two words (a swap of two neighbouring letters counts
/// one, as typing mistakes do: `stackign` is 1 from `stacking`), or `limit + 1` at once when their
/// lengths differ by more than `limit`.
pub(super) fn typo_distance(a: &str, b: &str, limit: usize) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return limit + 1;
    }
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[i - 1][j] + 1).min(rows[i][j - 1] + 1).min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = d;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_splits_into_stemmed_words_and_japanese_bigrams() {
        let tokens = |text: &str| tokens_with(text, stem);
        assert_eq!(tokens("Stacking limits"), vec!["stack", "limit"]);
        assert_eq!(tokens("潜伏チット 13"), vec!["潜伏", "伏ち", "ちっ", "っと", "13"]);
        assert_eq!(tokens("港"), vec!["港"]);
        assert_eq!(tokens("ＣＢＡ"), vec!["cba"]);
        let p = pieces("第8軍 move");
        assert_eq!(p.iter().map(|p| p.text.as_str()).collect::<Vec<_>>(), vec!["第", "8", "軍", "move"]);
        assert_eq!(p[3].start, 4);
    }

    #[test]
    fn an_irregular_form_has_the_token_of_its_word() {
        assert!(IRREGULAR.windows(2).all(|w| w[0].0 < w[1].0), "sorted, for the binary search");
        assert_eq!(stem("won"), stem("wins"));
        assert_eq!(stem("lost"), stem("losing"));
        assert_eq!(stem("dice"), stem("die"));
        assert_eq!(stem("drawn"), stem("draws"));
        assert_eq!(stem("sunk"), stem("sinks"));
        assert_eq!(stem("winning"), "win");
    }

    #[test]
    fn a_swap_of_two_letters_is_one_typo() {
        assert_eq!(typo_distance("stackign", "stacking", 1), 1);
        assert_eq!(typo_distance("transprot", "transport", 1), 1);
        assert_eq!(typo_distance("combat", "combats", 1), 1);
        assert!(typo_distance("combat", "compute", 1) > 1);
        assert_eq!(typo_distance("fortess", "fortress", 1), 1);
    }
}
