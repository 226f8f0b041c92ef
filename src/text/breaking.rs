//! Line breaking for Japanese and Latin text. Break opportunities come from UAX #14
//! (unicode-linebreak), which keeps Latin words whole; the kinsoku rules are enforced on top:
//! no closing bracket, small kana, prolonged sound mark or punctuation at a line start, no opening
//! bracket at a line end. A katakana word is kept whole like a Latin one (サブマリン・アタック
//! breaks at the ・ or not at all), unless it is longer than a line. A short text such as a name
//! or a title is broken only between phrases ([`Words::Phrases`]): a run of kanji (軍事作戦), of
//! kanji and the kana that follow it, or of hiragana is kept whole as well, so that
//! USSR軍事作戦マーカー breaks as USSR軍事作戦 / マーカー, never as USSR軍事作 / 戦マーカー.

use super::fonts::{surely_wider_beyond, Advances};
use super::{Fonts, Style};

/// Characters that must not start a line (行頭禁則).
const NO_START: &str = "、。，．,.・：；:;？！?!ー－〜～…‥」』）］｝〕〉》】〙〗”’)]}%‰℃ゝゞヽヾぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々〻";
/// Characters that must not end a line (行末禁則).
const NO_END: &str = "「『（［｛〔〈《【〘〖“‘([{";

/// True when a line may end between `before` and `after`. A number and the Japanese counter or
/// unit after it stay together too (8ページ, 3個, 10回目), as a typesetter keeps them.
fn kinsoku_allows(before: Option<char>, after: Option<char>) -> bool {
    let counted = before.is_some_and(|c| c.is_ascii_digit() || ('０'..='９').contains(&c))
        && after.is_some_and(|c| is_kanji(c) || is_hiragana(c) || is_katakana(c));
    !counted && !after.is_some_and(|c| NO_START.contains(c)) && !before.is_some_and(|c| NO_END.contains(c))
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

/// Where a text may break besides spaces and punctuation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Words {
    /// Between any two Japanese characters but inside a katakana word (running text).
    Anywhere,
    /// Also not inside a run of kanji, between kanji and the kana after them, or inside a run of
    /// hiragana (names, titles, labels).
    Phrases,
}

/// A kanji (CJK ideograph, 々 and 〆 included).
fn is_kanji(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{F900}'..='\u{FAFF}' | '々' | '〆')
}

fn is_hiragana(c: char) -> bool {
    matches!(c, '\u{3041}'..='\u{309F}')
}

/// True when `before` and `after` belong to one phrase of a name: kanji with kanji, kanji with the
/// hiragana after it, hiragana with hiragana.
fn inside_phrase(before: Option<char>, after: Option<char>) -> bool {
    let (Some(b), Some(a)) = (before, after) else { return false };
    (is_kanji(b) || is_hiragana(b)) && (is_kanji(a) || is_hiragana(a)) && !(is_hiragana(b) && is_kanji(a))
}

/// The break opportunities of a text as byte offsets (a line may end before the offset's
/// character) with whether each is mandatory (a newline), the end of the text last, read from
/// UAX #14 only as far as a layout gets: one that stops early never looks at the rest.
struct Points<'t> {
    text: &'t str,
    words: Words,
    breaks: Box<dyn Iterator<Item = (usize, unicode_linebreak::BreakOpportunity)> + 't>,
    read: Vec<(usize, bool)>,
    ended: bool,
}

impl<'t> Points<'t> {
    fn new(text: &'t str, words: Words) -> Points<'t> {
        Points { text, words, breaks: Box::new(unicode_linebreak::linebreaks(text)), read: Vec::new(), ended: false }
    }

    /// The `i`th opportunity, `None` past the end of the text.
    fn get(&mut self, i: usize) -> Option<(usize, bool)> {
        while self.read.len() <= i && !self.ended {
            let Some((at, kind)) = self.breaks.next() else {
                self.read.push((self.text.len(), true));
                self.ended = true;
                break;
            };
            if at == self.text.len() {
                continue;
            }
            let before = self.text[..at].chars().next_back();
            let after = self.text[at..].chars().next();
            let mandatory = kind == unicode_linebreak::BreakOpportunity::Mandatory;
            let whole =
                inside_katakana_word(before, after) || (self.words == Words::Phrases && inside_phrase(before, after));
            if mandatory || (kinsoku_allows(before, after) && !whole) {
                self.read.push((at, mandatory));
            }
        }
        self.read.get(i).copied()
    }
}

/// Lines being laid out, up to a limit.
struct Lines {
    lines: Vec<String>,
    /// The lines up to the last that is not empty (trailing empty lines are dropped at the end).
    kept: usize,
    limit: usize,
}

impl Lines {
    /// Adds a line; false once more than `limit` lines are kept, when laying out can stop.
    fn push(&mut self, line: &str) -> bool {
        self.lines.push(line.to_string());
        if !line.is_empty() {
            self.kept = self.lines.len();
        }
        self.kept <= self.limit
    }
}

/// Breaks `text` into lines no wider than `width_em` (in em of the font at size 1), greedily.
/// A piece wider than a whole line (a very long word) is broken between characters, still
/// honouring kinsoku where it can. Trailing spaces do not count toward a line's width.
pub fn break_lines(fonts: &Fonts, text: &str, width_em: f64, style: Style) -> Vec<String> {
    break_lines_within(fonts, text, width_em, (style, Words::Anywhere), usize::MAX).unwrap_or_default()
}

/// The widest piece of `text` no line may break inside (a word, a katakana word, a number), in
/// em: a size at which it is wider than the column splits a word. Texts longer than a card's are
/// not measured (0): a block of paragraphs is fitted by its height, not its longest word.
pub(crate) fn widest_piece_em(fonts: &Fonts, text: &str, (style, words): (Style, Words)) -> f64 {
    const LONGEST: usize = 2_000;
    if text.len() > LONGEST {
        return 0.0;
    }
    let mut points = Points::new(text, words);
    let (mut start, mut widest, mut i) = (0, 0.0_f64, 0);
    while let Some((at, _)) = points.get(i) {
        let piece = text[start..at].trim();
        if !piece.is_empty() {
            widest = widest.max(fonts.width_em(piece, style));
        }
        start = at;
        i += 1;
    }
    widest
}

/// The widest word of running `text` that [`words_kept`] keeps whole, in em (the same at every
/// size a text is tried at, so measured once); `None` when there is nothing to keep: no kanji,
/// or a text longer than a card's.
pub(crate) fn whole_words_em(fonts: &Fonts, text: &str, style: Style) -> Option<f64> {
    const LONGEST: usize = 2_000;
    (text.len() <= LONGEST && text.chars().any(is_kanji)).then(|| widest_piece_em(fonts, text, (style, Words::Phrases)))
}

/// `lines` (running text broken by [`Words::Anywhere`] at `width_em`), or the same text in no
/// more lines with its words kept whole ([`Words::Phrases`]: no kanji run, kanji with their kana
/// or run of hiragana split) when there is such a layout: Japanese may break between any two
/// characters, but 再 / 編成 across the end of a line reads as two words. The block keeps its
/// height; only where its lines end moves. `widest` is [`whole_words_em`] of `text`.
pub(crate) fn words_kept(
    fonts: &Fonts,
    (text, style): (&str, Style),
    width_em: f64,
    widest: Option<f64>,
    lines: Vec<String>,
) -> Vec<String> {
    if lines.len() < 2 || widest.is_none_or(|w| w > width_em + 1e-9) {
        return lines;
    }
    match break_lines_within(fonts, text, width_em, (style, Words::Phrases), lines.len()) {
        Some(kept) if kept.len() <= lines.len() => kept,
        _ => lines,
    }
}

/// [`break_lines`], or `None` as soon as it is clear the text takes more than `limit` lines (the
/// rest is not laid out: a box that is full is full however long the text goes on).
///
/// Each line costs time in proportion to its own length, whatever the text's: where a line
/// ends is found from the characters' nominal advances summed once (a candidate end whose
/// nominal width is far beyond the line is not shaped at all), then checked by shaping the
/// line at the opportunities around that guess (about two per line) rather than at every
/// opportunity from the line's start. Shaped widths grow with each opportunity added, so the
/// line found is the one the plain greedy scan finds.
pub(crate) fn break_lines_within(
    fonts: &Fonts,
    text: &str,
    width_em: f64,
    (style, words): (Style, Words),
    limit: usize,
) -> Option<Vec<String>> {
    if text.is_empty() {
        // One empty line, whatever the width (below zero, there was nothing to split and the
        // scan below would try).
        return Some(vec![String::new()]);
    }
    let mut out = Lines { lines: Vec::new(), kept: 0, limit };
    let mut points = Points::new(text, words);
    let beyond = surely_wider_beyond(width_em);
    let mut advances = Advances::new(fonts, style);
    // Whether `text[start..end]` fits: shaped, unless its nominal width says it cannot.
    let fits_exactly = |start: usize, end: usize| fonts.width_em(text[start..end].trim_end(), style) <= width_em + 1e-9;
    let mut line_start = 0;
    let mut last_fit: Option<usize> = None; // the last opportunity that still fit on this line
    let mut next = 0; // the first opportunity not yet placed
    let mut nominal = Vec::new(); // each candidate end's nominal width, line trimmed
    while points.get(next).is_some() {
        // The candidate ends of this line: from `next`, up to a mandatory break or the first
        // whose nominal width is certainly too wide (`over`).
        nominal.clear();
        let (mut pos, mut sum, mut trimmed) = (line_start, 0.0, 0.0);
        let mut over = None;
        let mut i = next;
        while let Some((at, mandatory)) = points.get(i) {
            for c in text[pos..at].chars() {
                sum += advances.nominal(c);
                if !c.is_whitespace() {
                    trimmed = sum;
                }
                if trimmed > beyond {
                    break;
                }
            }
            if trimmed > beyond {
                over = Some(i);
                break;
            }
            pos = at;
            nominal.push(trimmed);
            if mandatory {
                break;
            }
            i += 1;
        }
        // The first candidate that does not fit, by shaping around where the nominal widths
        // cross the width.
        let guess = nominal.partition_point(|&w| w <= width_em + 1e-9);
        let first = first_failing(nominal.len(), guess, |k| {
            points.get(next + k).is_some_and(|(at, _)| fits_exactly(line_start, at))
        });
        let failing = if first < nominal.len() { Some(next + first) } else { over };
        let Some(f) = failing else {
            // Everything up to the mandatory break fits.
            let (at, _) = points.get(next + nominal.len() - 1).unwrap_or((text.len(), true));
            if !out.push(text[line_start..at].trim_end_matches(['\n', '\r']).trim_end()) {
                return None;
            }
            line_start = at;
            last_fit = None;
            next += nominal.len();
            continue;
        };
        if f > next {
            last_fit = points.get(f - 1).map(|(at, _)| at);
        }
        let (at, mandatory) = points.get(f).unwrap_or((text.len(), true));
        // Close the line at the last fitting break, or split an over-long piece.
        let end = match last_fit {
            Some(end) if end > line_start => end,
            _ => split_point(&mut advances, text, line_start, at, width_em),
        };
        if !out.push(text[line_start..end].trim_end()) {
            return None;
        }
        line_start = end;
        // The rest of the piece may itself be too long.
        // (An empty rest is done, even when the width is below zero.)
        while line_start < at
            && (exceeds(&mut advances, &text[line_start..at], beyond) || !fits_exactly(line_start, at))
        {
            let end = split_point(&mut advances, text, line_start, at, width_em);
            if !out.push(text[line_start..end].trim_end()) {
                return None;
            }
            line_start = end;
        }
        last_fit = Some(at);
        if mandatory {
            if !out.push(text[line_start..at].trim_end_matches(['\n', '\r']).trim_end()) {
                return None;
            }
            line_start = at;
            last_fit = None;
        }
        next = f + 1;
    }
    let mut lines = out.lines;
    while lines.last().is_some_and(String::is_empty) && lines.len() > 1 {
        lines.pop();
    }
    Some(lines)
}

/// Whether `text`'s nominal width, trailing white space left out, exceeds `limit` em; reads no
/// further than it must to tell.
fn exceeds(advances: &mut Advances<'_>, text: &str, limit: f64) -> bool {
    let mut sum = 0.0;
    for c in text.chars() {
        sum += advances.nominal(c);
        // The sum so far, up to a character that is not white space, is a trimmed width.
        if !c.is_whitespace() && sum > limit {
            return true;
        }
    }
    false
}

/// How many steps from the guess [`first_failing`] walks before it bisects.
const WALK: usize = 8;

/// The first of `0..n` for which `fits` is false (`n` when none is), for a `fits` that is true
/// then false: found by walking from `guess` (where the answer usually is), then bisecting, so
/// a good guess costs about two calls and a bad one a logarithm of `n`.
fn first_failing(n: usize, guess: usize, mut fits: impl FnMut(usize) -> bool) -> usize {
    let guess = guess.min(n);
    let (mut lo, mut hi); // the answer lies in lo..=hi
    if guess > 0 && !fits(guess - 1) {
        (lo, hi) = (0, guess - 1);
        for _ in 0..WALK {
            if hi == 0 || fits(hi - 1) {
                return hi;
            }
            hi -= 1;
        }
    } else {
        (lo, hi) = (guess, n);
        for _ in 0..WALK {
            if lo == n || !fits(lo) {
                return lo;
            }
            lo += 1;
        }
    }
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Where to cut `text[start..end]` so the first part fits: the last character boundary that fits,
/// moved back while kinsoku forbids it (but never to an empty line).
fn split_point(advances: &mut Advances<'_>, text: &str, start: usize, end: usize, width_em: f64) -> usize {
    let mut cut = start;
    let mut used = 0.0;
    for (i, c) in text[start..end].char_indices() {
        let w = advances.of(c).unwrap_or(1.0);
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
    lines!(a_number_keeps_its_counter, "参照は13.1、8ページ", 9.0, ["参照は13.1、", "8ページ"]);
    lines!(short_text_is_one_line, "ダグラム", 10.0, ["ダグラム"]);
    lines!(newlines_are_mandatory_breaks, "一行目\n二行目", 10.0, ["一行目", "二行目"]);

    #[test]
    fn running_japanese_keeps_its_words_whole_when_as_many_lines_allow() {
        let (fonts, style) = (Fonts::embedded(), Style::main(crate::text::Weight::Regular));
        let text = "欧州でのクーデターと再編成";
        let anywhere = break_lines(&fonts, text, 11.0, style);
        assert_eq!(anywhere, ["欧州でのクーデターと再", "編成"]);
        let widest = whole_words_em(&fonts, text, style);
        assert_eq!(words_kept(&fonts, (text, style), 11.0, widest, anywhere), ["欧州でのクーデターと", "再編成"]);
        // Kept whole only in as many lines: here the words would take a third.
        let text = "再編成と再編成と再編";
        let two = break_lines(&fonts, text, 5.0, style);
        assert_eq!(two, ["再編成と再", "編成と再編"]);
        assert_eq!(words_kept(&fonts, (text, style), 5.0, whole_words_em(&fonts, text, style), two.clone()), two);
        // A text with no kanji has no word to keep.
        assert_eq!(whole_words_em(&fonts, "Liberation controls Cardinal", style), None);
    }

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

    /// The greedy scan as it was before issue 30, which measured the line from its start at every
    /// opportunity and the whole rest of an over-long piece after every cut: the reference the
    /// faster layout must agree with, line for line.
    fn reference(fonts: &Fonts, text: &str, width_em: f64, style: Style) -> Vec<String> {
        let mut points: Vec<(usize, bool)> = Vec::new();
        for (i, kind) in unicode_linebreak::linebreaks(text) {
            if i == text.len() {
                continue;
            }
            let before = text[..i].chars().next_back();
            let after = text[i..].chars().next();
            let mandatory = kind == unicode_linebreak::BreakOpportunity::Mandatory;
            if mandatory || (kinsoku_allows(before, after) && !inside_katakana_word(before, after)) {
                points.push((i, mandatory));
            }
        }
        points.push((text.len(), true));
        let mut advances = Advances::new(fonts, style);
        let mut lines = Vec::new();
        let mut line_start = 0;
        let mut last_fit: Option<usize> = None;
        let width = |s: &str| fonts.width_em(s.trim_end(), style);
        for (at, mandatory) in points {
            if width(&text[line_start..at]) <= width_em + 1e-9 {
                last_fit = Some(at);
            } else {
                let end = match last_fit {
                    Some(end) if end > line_start => end,
                    _ => split_point(&mut advances, text, line_start, at, width_em),
                };
                lines.push(text[line_start..end].trim_end().to_string());
                line_start = end;
                while line_start < at && width(&text[line_start..at]) > width_em + 1e-9 {
                    let end = split_point(&mut advances, text, line_start, at, width_em);
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

    #[test]
    fn every_rule_of_the_seed_packs_breaks_as_the_plain_greedy_scan_breaks_it_at_every_width() {
        // Issue 30 made the layout linear; what it lays out must not change. The rules of two
        // packs (English, Japanese, mixed, lists, long words) and texts made to hit the edges.
        let rules = [
            include_str!("../../data/dougram/rules/02-definitions.md"),
            include_str!("../../data/dougram/rules/13-capture.md"),
            include_str!("../../data/twilight-struggle/rules/01-introduction.md"),
            include_str!("../../data/submarine-attack/rules/02-preparation.md"),
        ];
        let edges = [
            "",
            "\n\n",
            "a\n\nb\n\n\n",
            "   leading and trailing   ",
            "Supercalifragilisticexpialidocious is a word, and so is floccinaucinihilipilification.",
            "「解放」を宣言する。ダグラム、ソルティック・クラブガンナー（兵士）……！",
            "\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"",
            "tab\tseparated\tcolumns\tand a soft\u{AD}hyphen and a no\u{A0}break space",
            "AVAVAVAVAVAV WAWAWA To Ty Yo — kerned pairs, ligatures: office affine",
        ];
        let texts: Vec<&str> = rules.iter().flat_map(|r| r.lines()).chain(edges).collect();
        let fonts = Fonts::embedded();
        let (regular, bold) = (Style::main(crate::text::Weight::Regular), Style::main(crate::text::Weight::Bold));
        let mut compared = 0;
        for text in &texts {
            for width in [-1.0, 0.0, 0.4, 1.0, 1.5, 2.0, 3.3, 5.0, 7.0, 10.0, 12.5, 16.0, 25.0, 40.0, 80.0, 1e6] {
                for style in [regular, bold] {
                    if text.is_empty() && width < 0.0 {
                        // The old scan panicked here (it split the empty text after its end).
                        assert_eq!(break_lines(&fonts, text, width, style), [""]);
                        continue;
                    }
                    assert_eq!(
                        break_lines(&fonts, text, width, style),
                        reference(&fonts, text, width, style),
                        "{text:?} at {width} em"
                    );
                    compared += 1;
                }
            }
        }
        assert!(compared > 1000, "{compared}");
    }

    #[test]
    fn a_limit_stops_laying_out_only_when_the_text_takes_more_lines() {
        let fonts = Fonts::embedded();
        let style = Style::main(crate::text::Weight::Regular);
        let text = "one two three four five six seven eight nine ten\n\n\n";
        let all = break_lines(&fonts, text, 6.0, style);
        assert!(all.len() > 3, "{all:?}");
        assert_eq!(break_lines_within(&fonts, text, 6.0, (style, Words::Anywhere), all.len()), Some(all.clone()));
        assert_eq!(break_lines_within(&fonts, text, 6.0, (style, Words::Anywhere), all.len() - 1), None);
        // Trailing empty lines are dropped, so they never count against the limit.
        assert_eq!(
            break_lines_within(&fonts, "a\n\n\n\n", 6.0, (style, Words::Anywhere), 1),
            Some(vec!["a".to_string()])
        );
    }

    /// The measuring a layout costs per byte of text.
    fn work_per_byte(text: &str, width_em: f64) -> f64 {
        let fonts = Fonts::embedded();
        let lines = break_lines(&fonts, text, width_em, Style::main(crate::text::Weight::Regular));
        assert_eq!(lines.concat().replace(' ', ""), text.replace(' ', ""), "nothing is lost");
        fonts.work() as f64 / text.len() as f64
    }

    #[test]
    fn a_two_megabyte_word_is_cut_into_lines_at_a_cost_linear_in_its_length() {
        // Issue 30: a 1.7 MB word in a rule made `build` run for more than 300 s: every cut
        // shaped the whole rest of the word again (and kept a copy of it).
        let word = "x".repeat(2_000_000);
        let per_byte = work_per_byte(&word, 30.0);
        assert!(per_byte < 8.0, "{per_byte} units of work per byte");
        // The same at a width a play sheet's row has, and a tenth of the word costs the same
        // per byte: the cost is linear.
        let tenth = work_per_byte(&word[..200_000], 60.0);
        assert!(tenth < 8.0 && (work_per_byte(&word, 60.0) - tenth).abs() < 1.0, "{tenth}");
    }

    #[test]
    fn thirty_three_thousand_quotes_cost_what_any_text_of_their_length_costs() {
        // Issue 30: 33,000 `"` (no break between them) in a clause on a play sheet took 16 s.
        let quotes = "\"".repeat(33_000);
        let per_byte = work_per_byte(&quotes, 80.0);
        assert!(per_byte < 8.0, "{per_byte}");
    }

    #[test]
    fn a_megabyte_of_words_costs_a_few_measures_per_byte() {
        // Words break where the nominal widths say and are checked by shaping there: about two
        // shaped lines per line, not one per word.
        let words = "lorem ipsum dolor sit amet, 解放軍の攻撃。 ".repeat(25_000);
        for width in [8.0, 24.0, 80.0] {
            let per_byte = work_per_byte(&words, width);
            assert!(per_byte < 12.0, "{per_byte} at {width} em");
        }
    }
}
