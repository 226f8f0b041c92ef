//! Cross-references typed in a rulebook's text ("see rule 702.19b", "section 8", "rules 1.1 and
//! 1.2", "13.4項参照", "第3条"), found so the importer can make each a link.

use std::ops::Range;

use unicode_normalization::UnicodeNormalization;

/// What the words before a number call it: a rule may be a clause, a section or a part; a
/// section or chapter is a section or a part first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Wants {
    Rule,
    Section,
}

/// One number a text cites: where it stands in the line, and as the model writes it.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Cited {
    pub at: Range<usize>,
    pub number: String,
    pub wants: Wants,
    /// Standing alone, with no word calling it a rule (`as in 101.4a`): a link only if a clause
    /// has that number, never an error (it may be a value).
    pub bare: bool,
}

/// The words that introduce a cited number, in small letters, and what they call it.
const KEYWORDS: [(&str, Wants); 10] = [
    ("rules", Wants::Rule),
    ("rule", Wants::Rule),
    ("sections", Wants::Section),
    ("section", Wants::Section),
    ("chapter", Wants::Section),
    ("see", Wants::Rule),
    ("§", Wants::Rule),
    ("ルール", Wants::Rule),
    ("規則", Wants::Rule),
    ("第", Wants::Rule),
];

/// Words joining a list of cited numbers (`rules 1.1, 1.2, and 1.4`).
const JOINERS: [&str; 8] = [", and ", ", or ", " and ", " or ", ", ", "、", "・", " through "];

/// The numbers `line` cites.
pub(super) fn cited(line: &str) -> Vec<Cited> {
    let lower = line.to_ascii_lowercase();
    let mut out: Vec<Cited> = Vec::new();
    for (keyword, wants) in KEYWORDS {
        for (at, _) in lower.match_indices(keyword) {
            // A Latin keyword is a whole word.
            let before = lower[..at].chars().next_back();
            if keyword.is_ascii() && before.is_some_and(char::is_alphanumeric) {
                continue;
            }
            let mut from = at + keyword.len();
            from += line[from..].len() - line[from..].trim_start_matches([' ', '\u{3000}']).len();
            let wants = if keyword == "第" && line[from..].contains(['章', '節', '部', '編']) {
                Wants::Section
            } else {
                wants
            };
            while let Some((number, len)) = number_at(&line[from..]) {
                // "see 3 cards" cites nothing: after `see` only a dotted number is a rule.
                if keyword == "see" && !number.contains('.') {
                    break;
                }
                // `第3条` is a rule, `第6軍` (the 6th Army) is not.
                if keyword == "第" && !line[from + len..].starts_with(['条', '章', '節', '項', '部', '編']) {
                    break;
                }
                if !out.iter().any(|c| c.at.start == from) {
                    out.push(Cited { at: from..from + len, number, wants, bare: false });
                }
                let rest = &line[from + len..];
                let Some(joiner) = JOINERS.iter().find(|j| rest.to_ascii_lowercase().starts_with(*j)) else { break };
                from += len + joiner.len();
            }
        }
    }
    // `13.4項`, `13.4参照`: a number followed by the word for a rule.
    let mut at = 0;
    while at < line.len() {
        // A number starts after anything but a digit, a Latin letter or a dot (`には２．１項`).
        let starts = !line[..at].chars().next_back().is_some_and(|c| {
            let c = c.nfkc().next().unwrap_or(c);
            c.is_ascii_alphanumeric() || c == '.'
        });
        match number_at(&line[at..]).filter(|_| starts) {
            Some((number, len)) => {
                let after = &line[at + len..];
                let section = after.starts_with(['章', '節']);
                let worded = after.starts_with(['項', '条']) || after.starts_with("参照") || section;
                // A bare number reads as a rule only when no value looks like it: two dots or
                // a letter level (`1.2.3`, `101.4a`), never `2.5`.
                let ruled = number.matches('.').count() >= 2 || number.ends_with(|c: char| c.is_ascii_lowercase());
                if (worded || ruled) && !out.iter().any(|c| c.at.start == at) {
                    let wants = if section { Wants::Section } else { Wants::Rule };
                    out.push(Cited { at: at..at + len, number, wants, bare: !worded });
                }
                at += len;
            }
            None => at += line[at..].chars().next().map_or(1, char::len_utf8),
        }
    }
    out.sort_by_key(|c| c.at.start);
    out
}

/// The rule number `text` starts with (digits, dots, a small letter level; full-width digits
/// too) and its length in bytes, without a sentence's final dot.
fn number_at(text: &str) -> Option<(String, usize)> {
    let part = |c: char, at: usize| c.is_ascii_digit() || c == '.' || (c.is_ascii_lowercase() && at > 0);
    super::lines::number_run(text, part).map(|(number, written, _)| (number, written))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(line: &str) -> Vec<(&str, String, Wants)> {
        cited(line).into_iter().filter(|c| !c.bare).map(|c| (&line[c.at.clone()], c.number, c.wants)).collect()
    }

    #[test]
    fn cited_numbers_are_found_as_rulebooks_write_them() {
        use Wants::*;
        let n = |s: &'static str, w: Wants| (s, s.to_string(), w);
        assert_eq!(numbers("See rule 702.19b, \"Trample.\""), [n("702.19b", Rule)]);
        assert_eq!(numbers("See section 8, \"Multiplayer Rules.\""), [n("8", Section)]);
        assert_eq!(numbers("(see rule 100.4)"), [n("100.4", Rule)]);
        assert_eq!(numbers("rules 1.1, 1.2, and 1.4 apply"), [n("1.1", Rule), n("1.2", Rule), n("1.4", Rule)]);
        let bare = cited("except as specified in 101.4a, on average 2.5");
        assert_eq!((bare.len(), bare[0].number.as_str(), bare[0].bare), (1, "101.4a", true));
        assert_eq!(numbers("13.4項参照。"), [n("13.4", Rule)]);
        assert_eq!(numbers("詳しくは第3条を見よ"), [n("3", Rule)]);
        assert_eq!(numbers("（１３．４参照）"), [("１３．４", "13.4".to_string(), Rule)]);
        assert_eq!(numbers("第2章で述べる"), [n("2", Section)]);
        assert_eq!(numbers("第6軍のユニット"), []);
        assert_eq!(numbers("the rules of 2 players, see 3 cards"), []);
        assert_eq!(numbers("a rule that says 5 cards"), []);
    }
}
