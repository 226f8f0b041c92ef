//! The book's index: every glossary term, its aliases and the clauses' players' words, each
//! with the pages it leads to, filed in the language's order under letter (or kana row) headings.

use std::collections::BTreeMap;

use super::flow::{Flow, Kind};
use super::{chapter, either, plain, rule_anchor, PLACEHOLDER};
use unicode_normalization::UnicodeNormalization;

use crate::messages::Messages;
use crate::model::Pack;

/// How a word sorts in `language`: by its reading in Japanese, else by its letters.
pub(super) fn sort_key(name: &str, kana: &str, language: &str) -> String {
    match language {
        // Katakana read as hiragana, so a word in katakana files among the readings (ダイス by
        // だいす); a word of kanji without a reading files after them.
        "ja" => (if kana.is_empty() { name } else { kana })
            .chars()
            .map(|c| match c {
                'ァ'..='ヶ' => char::from_u32(c as u32 - 0x60).unwrap_or(c),
                _ => c,
            })
            .collect(),
        // Accents do not change a word's place (É files with E).
        _ => crate::model::filter::normalize(name)
            .nfd()
            .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
            .collect(),
    }
}

/// The group an index entry files under, by its sort key: its first letter in English, its kana
/// row (あ, か, さ…) in Japanese; words starting with a digit or a sign, and (in Japanese) Latin
/// words and kanji without a reading, under a group of their own.
fn index_group(key: &str, language: &str, msg: &Messages) -> String {
    let first = key.chars().next().unwrap_or(' ');
    if language == "ja" {
        const ROWS: [(char, char); 10] = [
            ('ぁ', 'あ'),
            ('か', 'か'),
            ('さ', 'さ'),
            ('た', 'た'),
            ('な', 'な'),
            ('は', 'は'),
            ('ま', 'ま'),
            ('ゃ', 'や'),
            ('ら', 'ら'),
            ('ゎ', 'わ'),
        ];
        return match first {
            // ゔ reads as う, the small ゕ and ゖ as か and け.
            'ゔ' => "あ".to_string(),
            'ゕ' | 'ゖ' => "か".to_string(),
            'ぁ'..='ん' => ROWS.iter().rev().find(|(from, _)| first >= *from).map_or('あ', |r| r.1).to_string(),
            c if c.is_ascii_alphanumeric() => msg.first("rulebook.index_latin"),
            _ => msg.first("rulebook.index_other"),
        };
    }
    match first {
        c if c.is_alphabetic() => c.to_uppercase().collect(),
        _ => msg.first("rulebook.index_other"),
    }
}

/// Whether `word` belongs to `language`'s index: Japanese words hold Japanese letters.
pub(super) fn in_language(word: &str, language: &str) -> bool {
    crate::text::is_japanese(word) == (language == "ja")
}

/// The index: terms, their aliases and the clauses' players' words, each with the pages of the
/// clauses they lead to, in two columns.
pub(super) fn index(pack: &Pack, msg: &Messages, f: &mut Flow<'_>, language: &str, pages: &BTreeMap<String, usize>) {
    // Word → (sort key, the anchors it leads to).
    let mut entries: BTreeMap<String, (String, Vec<String>)> = BTreeMap::new();
    let mut add = |word: &str, key: String, anchor: String| {
        let word = word.trim();
        if !word.is_empty() {
            let entry = entries.entry(word.to_string()).or_insert_with(|| (key, Vec::new()));
            if !entry.1.contains(&anchor) {
                entry.1.push(anchor);
            }
        }
    };
    for t in &pack.rules.terms {
        let anchors: Vec<String> = t.defined_in.iter().chain(&t.see).map(|r| rule_anchor(pack, &r.value)).collect();
        let anchors = if anchors.is_empty() { vec![format!("term-{}", t.id)] } else { anchors };
        let name = either(&t.name, language);
        for word in std::iter::once(name.as_str())
            .chain(t.aliases.iter().map(String::as_str).filter(|a| in_language(a, language)))
        {
            let kana = if word == name { t.kana.as_str() } else { "" };
            for anchor in &anchors {
                add(word, sort_key(word, kana, language), anchor.clone());
            }
        }
    }
    for c in pack.rules.sections.iter().flat_map(|s| &s.clauses) {
        for word in c.index.iter().filter(|w| in_language(w, language)) {
            add(word, sort_key(word, "", language), format!("clause-{}", c.id));
        }
    }
    chapter(f, 2, msg.first("rulebook.index"), "index");
    let mut sorted: Vec<(String, String, Vec<String>)> = entries.into_iter().map(|(w, (k, a))| (k, w, a)).collect();
    sorted.sort();
    let mut group = None;
    for (key, word, anchors) in sorted {
        // A heading where the first letter (or the kana row) changes, as a printed index has.
        let head = index_group(&key, language, msg);
        if group.as_ref() != Some(&head) {
            f.space(2.0);
            f.keep(12.0);
            f.block(Kind::IndexHeading, &plain(head.clone()), (10.0, 1.4, true), 0.0);
            group = Some(head);
        }
        let mut numbers: Vec<usize> = anchors.iter().filter_map(|a| pages.get(a).copied()).collect();
        numbers.sort_unstable();
        numbers.dedup();
        let shown = if numbers.is_empty() {
            PLACEHOLDER.to_string()
        } else {
            numbers.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
        };
        f.entry_of(Kind::IndexEntry, &word, &shown, (8.5, false), 0.0, &anchors[0]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_words_file_under_their_letter_or_kana_row() {
        let (ja, en) = (Messages::new(&["ja"]), Messages::new(&["en"]));
        let group = |word: &str, kana: &str, language: &str, msg: &Messages| {
            index_group(&sort_key(word, kana, language), language, msg)
        };
        // Katakana and a kanji word's reading file by their row; voiced and small kana with
        // their row's plain one.
        assert_eq!(group("ダイス", "", "ja", &ja), "た");
        assert_eq!(group("ゲーム", "", "ja", &ja), "か");
        assert_eq!(group("山札", "やまふだ", "ja", &ja), "や");
        assert_eq!(group("ヴァルキリー", "", "ja", &ja), "あ");
        assert_eq!(group("ワンダリング", "", "ja", &ja), "わ");
        assert_eq!(group("ランダム", "", "ja", &ja), "ら");
        assert_eq!(group("CBA戦闘", "", "ja", &ja), "英数字");
        assert_eq!(group("山札", "", "ja", &ja), "その他");
        assert_eq!(group("deck", "", "en", &en), "D");
        assert_eq!(group("Écu", "", "en", &en), "E");
        assert_eq!(group("6th Army", "", "en", &en), "Symbols and numbers");
    }
}
