//! Line breaking for Japanese and Latin text. Break opportunities come from UAX #14
//! (unicode-linebreak), which keeps Latin words whole; the kinsoku rules are enforced on top:
//! no closing bracket, small kana, prolonged sound mark or punctuation at a line start, no opening
//! bracket at a line end. A katakana word is kept whole like a Latin one (サブマリン・アタック
//! breaks at the ・ or not at all), unless it is longer than a line.

use super::{Fonts, Style};

/// Characters that must not start a line (行頭禁則).
const NO_START: &str = "、。，．,.・：；:;？！?!ー－〜～…‥」』）］｝〕〉》】〙〗”’)]}%‰℃ゝゞヽヾぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々〻";
/// Characters that must not end a line (行末禁則).
const NO_END: &str = "「『（［｛〔〈《【〘〖“‘([{";

/// True when a line may end between `before` and `after`.
fn kinsoku_allows(before: Option<char>, after: Option<char>) -> bool {
    !after.is_some_and(|c| NO_START.contains(c)) && !before.is_some_and(|c| NO_END.contains(c))
}

/// A letter of a katakana word (the middle dot ・ that joins two words is not one).
fn is_katakana(c: char) -> bool {
    matches!(c, '\u{30A1}'..='\u{30FA}' | '\u{30FC}'..='\u{30FF}' | '\u{31F0}'..='\u{31FF}' | '\u{FF66}'..='\u{FF9F}')
}

/// True when `before` and `after` are letters of one katakana word, which UAX #14 would break
/// anywhere but a typesetter keeps whole (a word longer than a line is still split).
fn inside_katakana_word(before: Option<char>, after: Option<char>) -> bool {
    before.is_some_and(is_katakana) && after.is_some_and(is_katakana)
}

/// Byte offsets where `text` may break (after the offset's preceding character), and whether the
/// break is mandatory (a newline).
fn opportunities(text: &str) -> Vec<(usize, bool)> {
    let mut out = Vec::new();
    for (i, kind) in unicode_linebreak::linebreaks(text) {
        if i == text.len() {
            continue;
        }
        let before = text[..i].chars().next_back();
        let after = text[i..].chars().next();
        let mandatory = kind == unicode_linebreak::BreakOpportunity::Mandatory;
        if mandatory || (kinsoku_allows(before, after) && !inside_katakana_word(before, after)) {
            out.push((i, mandatory));
        }
    }
    out
}

/// Breaks `text` into lines no wider than `width_em` (in em of the font at size 1), greedily.
/// A piece wider than a whole line (a very long word) is broken between characters, still
/// honouring kinsoku where it can. Trailing spaces do not count toward a line's width.
pub fn break_lines(fonts: &Fonts, text: &str, width_em: f64, style: Style) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line_start = 0;
    let mut last_fit: Option<usize> = None; // the last opportunity that still fit on this line
    let width = |s: &str| fonts.width_em(s.trim_end(), style);
    let mut points = opportunities(text);
    points.push((text.len(), true));
    for (at, mandatory) in points {
        if width(&text[line_start..at]) <= width_em + 1e-9 {
            last_fit = Some(at);
        } else {
            // Close the line at the last fitting break, or split an over-long piece.
            let end = match last_fit {
                Some(end) if end > line_start => end,
                _ => split_point(fonts, text, line_start, at, width_em, style),
            };
            lines.push(text[line_start..end].trim_end().to_string());
            line_start = end;
            // The rest of the piece may itself be too long.
            // (An empty rest is done, even when the width is below zero.)
            while line_start < at && width(&text[line_start..at]) > width_em + 1e-9 {
                let end = split_point(fonts, text, line_start, at, width_em, style);
                lines.push(text[line_start..end].trim_end().to_string());
                line_start = end;
            }
            last_fit = Some(at);
        }
        if mandatory {
            lines.push(text[line_start..at].trim_end_matches(['\n', '\r']).trim_end().to_string());
            line_start = at;
            last_fit = None;
        }
    }
    while lines.last().is_some_and(String::is_empty) && lines.len() > 1 {
        lines.pop();
    }
    lines
}

/// Where to cut `text[start..end]` so the first part fits: the last character boundary that fits,
/// moved back while kinsoku forbids it (but never to an empty line).
fn split_point(fonts: &Fonts, text: &str, start: usize, end: usize, width_em: f64, style: Style) -> usize {
    let mut cut = start;
    let mut used = 0.0;
    for (i, c) in text[start..end].char_indices() {
        let w = fonts.advance(c, style).unwrap_or(1.0);
        if used + w > width_em + 1e-9 && i > 0 {
            break;
        }
        used += w;
        cut = start + i + c.len_utf8();
    }
    let mut adjusted = cut;
    while adjusted > start {
        let before = text[..adjusted].chars().next_back();
        let after = text[adjusted..].chars().next();
        if kinsoku_allows(before, after) {
            break;
        }
        adjusted -= before.map_or(1, char::len_utf8);
    }
    if adjusted > start {
        adjusted
    } else {
        cut.max(start + text[start..].chars().next().map_or(1, char::len_utf8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str, width_em: f64) -> Vec<String> {
        break_lines(&Fonts::embedded(), text, width_em, Style::main(crate::text::Weight::Regular))
    }

    #[test]
    fn a_width_below_zero_puts_at_most_one_character_a_line_rather_than_panicking() {
        // Found by the fuzzer (tests/fuzz-corpus/templates): a template's fit() with a negative width.
        let broken = lines("T1 en", -1.0);
        assert_eq!(broken.concat(), "T1en", "{broken:?}");
        assert!(broken.iter().all(|l| l.chars().count() <= 1), "{broken:?}");
    }

    macro_rules! lines {
        ($name:ident, $text:expr, $width:expr, $want:expr) => {
            #[test]
            fn $name() {
                assert_eq!(lines($text, $width), $want);
            }
        };
    }

    lines!(kuten_never_starts_a_line, "攻撃する。", 4.0, ["攻撃す", "る。"]);
    lines!(kakko_never_ends_a_line, "敵（歩兵）", 2.0, ["敵", "（歩", "兵）"]);
    lines!(small_kana_never_starts_a_line, "チェックする", 3.0, ["チェッ", "クする"]);
    lines!(prolonged_mark_stays_with_its_kana, "クラブガンナー", 6.0, ["クラブガン", "ナー"]);
    lines!(closing_quote_stays_on_the_line, "「解放」を", 3.0, ["「解", "放」を"]);
    lines!(katakana_words_break_at_the_middle_dot, "サブマリン・アタック", 7.0, ["サブマリン・", "アタック"]);
    lines!(katakana_word_is_not_broken_after_a_kanji, "新型クラブガンナー", 7.0, ["新型", "クラブガンナー"]);
    lines!(short_text_is_one_line, "ダグラム", 10.0, ["ダグラム"]);
    lines!(newlines_are_mandatory_breaks, "一行目\n二行目", 10.0, ["一行目", "二行目"]);

    #[test]
    fn latin_words_are_kept_whole() {
        let got = lines("Liberation controls Cardinal", 7.0);
        assert!(got.iter().all(|l| ["Liberation", "controls", "Cardinal"].iter().any(|w| l.contains(w))), "{got:?}");
        assert!(got.iter().all(|l| !l.ends_with(' ')));
        assert_eq!(got.join(" "), "Liberation controls Cardinal");
    }

    #[test]
    fn mixed_japanese_and_latin_text_breaks_between_words() {
        let got = lines("カード29がオープンの時、CBA 1枚", 6.0);
        assert_eq!(got.concat().replace(' ', ""), "カード29がオープンの時、CBA1枚");
        for l in &got {
            assert!(!l.starts_with(['、', '。', 'ー']), "{got:?}");
        }
    }

    #[test]
    fn an_overlong_word_is_split_rather_than_lost() {
        let got = lines("Supercalifragilistic", 3.0);
        assert!(got.len() > 1);
        assert_eq!(got.concat(), "Supercalifragilistic");
    }
}
