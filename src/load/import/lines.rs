//! How the importer reads one line of a rulebook: its leading rule number in the styles
//! publishers print (`100.`, `100.1.`, `702.19b`, `1.2.3a`, `A.4`, `３．２`, `第3条`, `第2章`),
//! list items, and whether a line reads as a heading or a sentence.

use unicode_normalization::UnicodeNormalization;

/// What a numbered line's own words say it is, where the number itself says (`第2章` is a
/// chapter, `第3条` an article); `Unknown` is decided by the lines around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Part,
    Section,
    Clause,
    Unknown,
}

/// A rule number at the start of a line.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Number {
    /// As the model writes it: ASCII, no trailing dot (`100.1`, `702.19b`, `3.2`).
    pub text: String,
    pub kind: Kind,
    /// Whether the line is marked as a heading (Markdown `#`, or the seed style's `――` rule).
    pub marked: bool,
    /// Byte offset in the line where the words after the number start.
    pub rest_at: usize,
}

/// The rule number `line` starts with, if it starts with one followed by a space or nothing.
pub(super) fn number(line: &str) -> Option<Number> {
    let hashes = line.len() - line.trim_start_matches('#').len();
    let marked = (hashes > 0 && line[hashes..].starts_with(' ')) || line.contains("――");
    let body_at = hashes + (line[hashes..].len() - line[hashes..].trim_start().len());
    let body = &line[body_at..];
    let (text, kind, used) = japanese_numbered(body).or_else(|| dotted(body))?;
    let after = &body[used..];
    let spaced = after.trim_start_matches([' ', '\t', '\u{3000}']);
    // `第3条（移動）` runs on without a space; a dotted number must be followed by one.
    if spaced.len() == after.len() && !after.is_empty() && !body.starts_with('第') {
        return None;
    }
    Some(Number { text, kind, marked, rest_at: body_at + used + (after.len() - spaced.len()) })
}

/// `第3条`, `第2章`, `第1部`: the number and what the word after it makes it.
fn japanese_numbered(body: &str) -> Option<(String, Kind, usize)> {
    let rest = body.strip_prefix('第')?;
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit() || ('０'..='９').contains(c)).collect();
    let unit = rest[digits.len()..].chars().next()?;
    let kind = match unit {
        '部' | '編' => Kind::Part,
        '章' | '節' => Kind::Section,
        '条' => Kind::Clause,
        _ => return None,
    };
    let text: String = digits.nfkc().collect();
    (!text.is_empty()).then(|| (text, kind, '第'.len_utf8() + digits.len() + unit.len_utf8()))
}

/// `100.1.`, `702.19b`, `A.4`, `３．２`, `13`: the longest run that reads as a rule number.
fn dotted(body: &str) -> Option<(String, Kind, usize)> {
    let (number, _, end) = number_run(body, |c, _| c.is_ascii_alphanumeric() || c == '.')?;
    // A capital starts only a lettered section's number, one capital then a dot and digits
    // (`A.4`): never a sentence's first word (`A player…`), nor a name (`S.T.A.R.S`).
    let lettered = number.starts_with(|c: char| c.is_ascii_uppercase());
    let lettered_ok = !lettered || number.as_bytes().get(1..3).is_some_and(|b| b[0] == b'.' && b[1].is_ascii_digit());
    lettered_ok.then_some((number, Kind::Unknown, end))
}

/// The rule number `text` starts with, written in ASCII or full-width characters: the longest run
/// of the characters `part` accepts (given each as ASCII, with the run's length so far), without
/// one final dot (`100.1.`, or a sentence's), read as the model reads numbers; without a dot only
/// digits are one (`13`, but not `2nd` or `12am`). Gives the number in ASCII, then the bytes of
/// `text` it is written in, then those of the whole run with its final dot.
pub(super) fn number_run(text: &str, part: impl Fn(char, usize) -> bool) -> Option<(String, usize, usize)> {
    let mut end = 0;
    for (at, c) in text.char_indices() {
        if !part(c.nfkc().next().unwrap_or(c), at) {
            break;
        }
        end = at + c.len_utf8();
    }
    let written = text[..end].strip_suffix(['.', '．']).unwrap_or(&text[..end]);
    let number: String = written.nfkc().collect();
    let plain = number.chars().all(|c| c.is_ascii_digit());
    if number.is_empty() || (!number.contains('.') && !plain) {
        return None;
    }
    crate::model::number_levels(&number)?;
    Some((number, written.len(), end))
}

/// The words of a list item (`・ a`, `- a`, `* a`, `• a`).
pub(super) fn item(line: &str) -> Option<&str> {
    let line = line.trim_start();
    for mark in ["・", "- ", "* ", "• ", "● "] {
        if let Some(rest) = line.strip_prefix(mark) {
            return Some(rest.trim());
        }
    }
    None
}

/// Whether words read as a title rather than a sentence: short, with no sentence end.
pub(super) fn title_like(words: &str) -> bool {
    let words = words.trim_end_matches(['―', '-', 'ー', ' ', '\u{3000}']).trim();
    !words.is_empty()
        && words.chars().count() <= 60
        && !words.ends_with(['.', '。', '．', ':', '：', ',', '、', ';'])
        && !words.contains(['。', '．'])
}

/// A title without the seed style's trailing rule (`捕捉ステップ―――` → `捕捉ステップ`).
pub(super) fn title(words: &str) -> &str {
    words.trim_end_matches(['―', ' ', '\u{3000}', '-', 'ー']).trim()
}

/// How many dotted levels a number has (`100` 1, `100.1` 2, `702.19b` 3).
pub(super) fn depth(number: &str) -> usize {
    crate::model::number_levels(number).map_or(0, |l| l.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(line: &str) -> Option<(String, Kind, bool, &str)> {
        number(line).map(|n| (n.text, n.kind, n.marked, &line[n.rest_at..]))
    }

    #[test]
    fn numbers_are_read_in_the_styles_publishers_print() {
        let some = |n: &str, k: Kind, m: bool, r: &'static str| Some((n.to_string(), k, m, r));
        assert_eq!(read("100.1. These rules apply."), some("100.1", Kind::Unknown, false, "These rules apply."));
        assert_eq!(read("      100.1a A two-player game"), some("100.1a", Kind::Unknown, false, "A two-player game"));
        assert_eq!(read("702.19b The controller"), some("702.19b", Kind::Unknown, false, "The controller"));
        assert_eq!(read("1. Game Concepts"), some("1", Kind::Unknown, false, "Game Concepts"));
        assert_eq!(read("## 1.2.3a Moving"), some("1.2.3a", Kind::Unknown, true, "Moving"));
        assert_eq!(read("A.4 Variant"), some("A.4", Kind::Unknown, false, "Variant"));
        assert_eq!(read("３．２　移動"), some("3.2", Kind::Unknown, false, "移動"));
        assert_eq!(read("13 捕捉ステップ―――"), some("13", Kind::Unknown, true, "捕捉ステップ―――"));
        assert_eq!(read("第3条（移動）本文"), some("3", Kind::Clause, false, "（移動）本文"));
        assert_eq!(read("第２章 戦闘"), some("2", Kind::Section, false, "戦闘"));
        assert_eq!(read("第1部 基本"), some("1", Kind::Part, false, "基本"));
        for no in ["A player may", "13.4項では", "2nd edition", "v2 rules", "Example: 3", "", "12am", "S.T.A.R.S の"]
        {
            assert_eq!(read(no), None, "{no}");
        }
    }

    #[test]
    fn titles_and_sentences_are_told_apart() {
        assert!(title_like("Game Concepts") && title_like("捕捉ステップ―――") && title_like("Trample"));
        assert!(!title_like("These rules apply to any game.") && !title_like("本文。続き"));
        assert_eq!(title("捕捉ステップ―――"), "捕捉ステップ");
        assert_eq!(item("・ 黄色"), Some("黄色"));
        assert_eq!(item("- a"), Some("a"));
        assert_eq!(depth("702.19b"), 3);
    }
}
