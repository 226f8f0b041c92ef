//! The search index as rules.html's script element holds it: JSON made safe inside `<script>`,
//! kept deflated until the page is written.

use std::collections::BTreeMap;

use serde::Serialize;

use super::filter::CardFacts;
use super::index::Index;
use super::pagechars::PageChars;
use crate::layout::Packed;
use crate::model::Pack;

/// The search index as the page's script reads it, with what its card filters look at, what its
/// search box says and the anchors of printed rule numbers.
#[derive(Serialize)]
pub(super) struct PageIndex<'a> {
    #[serde(flatten)]
    pub index: Index,
    pub cards: CardsFacts<'a>,
    pub labels: serde_json::Value,
    pub anchors: BTreeMap<String, String>,
}

/// What card filters look at, per card of a pack in number order, made as each is written (at
/// thousands of cards, the facts of all of them held at once are megabytes).
pub(super) struct CardsFacts<'a>(pub &'a Pack);

impl Serialize for CardsFacts<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.cards_in_order().into_iter().map(|c| CardFacts::of(self.0, c)))
    }
}

/// The index as the script's deflated JSON, with the characters it holds (what the page's font
/// must have for the results the search box shows).
pub(super) fn index_script(index: &PageIndex) -> (Packed, PageChars) {
    // The JSON holds no `<` or `&` (see [`script_json`]): read as page text, it is all characters.
    let Both(packed, chars) = script_json(index, Both(Packed::writer(), PageChars::default()));
    (packed.finish(), chars)
}

/// A writer that writes to two.
pub(super) struct Both<A, B>(pub A, pub B);

impl<A: std::io::Write, B: std::io::Write> std::io::Write for Both<A, B> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write_all(buf)?;
        self.1.write_all(buf)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()?;
        self.1.flush()
    }
}

/// JSON made safe to embed in a `<script>` element. The HTML parser reads a script's text before
/// JavaScript does: `</script>` would end the element and `<!--<script>` makes the parser skip the
/// real end tag, so `<`, `>` and `&` are written as `\u003c` escapes, and U+2028/U+2029 too (line
/// terminators in older JavaScript). They can only occur inside JSON strings, where the escape
/// reads back as the same character.
fn script_json<W: std::io::Write>(value: &impl Serialize, out: W) -> W {
    let mut out = ScriptJson(out);
    // Writing JSON into memory fails only on a value JSON cannot hold (none of the index's).
    let _ = serde_json::to_writer(&mut out, value);
    out.0
}

/// A writer that escapes JSON for a script element on the way through (see [`script_json`]).
/// serde_json writes whole characters per call (slices of its strings), so U+2028 and U+2029
/// are never cut between two writes.
struct ScriptJson<W>(W);

impl<W: std::io::Write> std::io::Write for ScriptJson<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut from = 0;
        for (at, &byte) in buf.iter().enumerate() {
            let escape = match (byte, buf.get(at + 1..at + 3)) {
                (b'<', _) => "\\u003c",
                (b'>', _) => "\\u003e",
                (b'&', _) => "\\u0026",
                (0xE2, Some([0x80, 0xA8])) => "\\u2028",
                (0xE2, Some([0x80, 0xA9])) => "\\u2029",
                _ => continue,
            };
            self.0.write_all(&buf[from..at])?;
            self.0.write_all(escape.as_bytes())?;
            from = at + if byte == 0xE2 { 3 } else { 1 };
        }
        // Skipped bytes of an escaped line separator lie before `from`.
        if from < buf.len() {
            self.0.write_all(&buf[from..])?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::script_json;

    #[test]
    fn json_in_a_script_holds_no_markup_and_reads_back_the_same() {
        let value = serde_json::json!({ "name": "<!--<script>a & b</script>\u{2028}\u{2029}" });
        let safe = script_json(&value, crate::layout::Packed::writer()).finish().text().into_owned();
        assert!(!safe.contains(['<', '>', '&', '\u{2028}', '\u{2029}']), "{safe}");
        assert_eq!(serde_json::from_str::<serde_json::Value>(&safe).unwrap(), value);
    }
}
