//! Deck lists: a text file with one `COUNT CARD` line per card (`3 サンプル突撃兵`, `2x #12`),
//! `#` comments (a `#` standing alone) and blank lines; CARD is a card number or name in either language, resolved by
//! `check::decklist`.

use crate::diag::{Code, Diagnostic, FileId, Sources, Span};
use crate::model::{Ref, Spanned};

/// The most copies one line may ask for: the limit on one piece (`check::limits`).
const MAX_COPIES: u64 = crate::model::limits::MAX_OF_ONE_PIECE;

/// One line of a deck list.
#[derive(Debug)]
pub struct Entry {
    /// How many copies.
    pub count: Spanned<u32>,
    /// The card as written.
    pub card: Ref,
}

/// A deck list as read.
#[derive(Debug)]
pub struct DeckList {
    /// The file.
    pub file: FileId,
    /// Its card lines, in order.
    pub entries: Vec<Entry>,
}

/// Reads a deck list; lines that are not `COUNT CARD` are errors (E0111) at their place.
/// A UTF-8 BOM is dropped; a list that is not UTF-8 or holds a control character is one error at
/// its first bad character (and no entries, so nothing else is judged from a garbled list).
pub fn read(path: &std::path::Path, sources: &mut Sources) -> Result<(DeckList, Vec<Diagnostic>), String> {
    let bytes = super::confine::read_bounded(path, super::confine::limit::DECK_LIST)
        .map_err(|why| format!("cannot read {}: {}", path.display(), why.describe(&path.display().to_string())))?;
    let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
    let (text, problem) = crate::load::decode(&name, bytes);
    let file = sources.add(path, text.clone());
    if let Some((code, message, at, hint)) = problem {
        let d = Diagnostic::error(code, message).at(&Span::new(file, at)).with_hint(hint);
        return Ok((DeckList { file, entries: Vec::new() }, vec![d]));
    }
    Ok(parse(file, &text))
}

/// Whether `diags` (from [`read`]) say the list could not be read as text at all.
pub fn unreadable(diags: &[Diagnostic]) -> bool {
    diags.iter().any(|d| d.code == Code::READ_FAILED || d.code == Code::CONTROL_CHARACTER)
}

/// Where a line's comment starts: a `#` standing alone as a word (`#12` is a card number).
fn comment_start(line: &str) -> usize {
    let bytes = line.as_bytes();
    (0..bytes.len())
        .find(|&i| {
            bytes[i] == b'#'
                && (i == 0 || bytes[i - 1].is_ascii_whitespace())
                && bytes.get(i + 1).is_none_or(|b| b.is_ascii_whitespace())
        })
        .unwrap_or(line.len())
}

/// Parses the text of a deck list.
pub(crate) fn parse(file: FileId, text: &str) -> (DeckList, Vec<Diagnostic>) {
    let mut entries = Vec::new();
    let mut diags = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let content = line[..comment_start(line)].trim_end();
        let lead = content.len() - content.trim_start().len();
        let content = content.trim_start();
        if content.is_empty() {
            continue;
        }
        let at = |from: usize, len: usize| Span::new(file, start + lead + from..start + lead + from + len);
        let (count, rest) = content.split_once(char::is_whitespace).unwrap_or((content, ""));
        let number = count.trim_end_matches(['x', '×', 'X']);
        let card = rest.trim();
        // All digits but too long for u64 is still a count: far too many.
        let parsed = number.parse::<u64>().or_else(|e| match number.bytes().all(|b| b.is_ascii_digit()) {
            true if !number.is_empty() => Ok(u64::MAX),
            _ => Err(e),
        });
        match parsed {
            // More copies than can be printed: refused here, so no sum downstream sees it.
            Ok(n) if n > MAX_COPIES && !card.is_empty() => diags.push(
                Diagnostic::error(
                    Code::TOO_MANY_OF_ONE,
                    format!("{number} copies of `{card}`; a deck-list line holds at most {MAX_COPIES}"),
                )
                .at(&at(0, count.len()))
                .with_hint(format!("write a count from 1 to {MAX_COPIES} (is a digit too many?)")),
            ),
            Ok(n) if n > 0 && !card.is_empty() => {
                let n = n as u32; // at most MAX_COPIES
                let card_from = content.len() - rest.trim_start().len();
                entries.push(Entry {
                    count: Spanned::new(n, at(0, count.len())),
                    card: Ref::new(card.to_string(), at(card_from, card.len())),
                });
            }
            _ => diags.push(
                Diagnostic::error(Code::DECK_LIST_SYNTAX, format!("`{content}` is not a deck-list line"))
                    .at(&at(0, content.len()))
                    .with_hint("write `COUNT CARD`, e.g. `3 サンプル突撃兵` or `2 #12`; `# ` starts a comment"),
            ),
        }
    }
    (DeckList { file, entries }, diags)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_names_comments_and_bad_lines() {
        let text = "# a deck\n3 Sample Trooper\n  2x  #12  # two\n\nthree Bad\n1\n";
        let (list, diags) = parse(0, text);
        let got: Vec<(u32, &str)> = list.entries.iter().map(|e| (e.count.value, e.card.value.as_str())).collect();
        assert_eq!(got, [(3, "Sample Trooper"), (2, "#12")]);
        assert_eq!(&text[list.entries[1].card.span.range.clone()], "#12", "the card's own columns");
        assert_eq!(&text[list.entries[1].count.span.range.clone()], "2x");
        assert_eq!(diags.len(), 2, "`three Bad` and a count without a card");
    }

    #[test]
    fn a_count_past_the_limit_is_refused_at_its_line() {
        let text = "2 #1\n4294967295 #1\n99999999999999999999 #1\n10000 #1\n";
        let (list, diags) = parse(0, text);
        assert_eq!(list.entries.len(), 2, "2 and 10,000 copies are read");
        let codes: Vec<_> = diags.iter().map(|d| d.code).collect();
        assert_eq!(codes, [Code::TOO_MANY_OF_ONE, Code::TOO_MANY_OF_ONE]);
        assert_eq!(&text[diags[0].span.as_ref().expect("placed").range.clone()], "4294967295");
    }
}
