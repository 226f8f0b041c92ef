//! Which characters a rules page shows, read as the page is written: what its embedded font
//! must hold (`webfont` cuts the font down to them).

use std::collections::BTreeSet;

/// The characters a page shows: the text of its elements (entities decoded), the text of its
/// scripts (the search index and the words the results list shows come from there), the
/// search box's placeholder, and printable ASCII (what the box is typed with; CSS may upper-case
/// letters). Control characters have no glyph and are left out.
///
/// They are read as the page is written (`std::io::Write`), so a page of megabytes is never held
/// whole just to learn which characters its font must have.
pub(crate) struct PageChars {
    chars: CharSet,
    state: Scanning,
    /// Bytes written but not scanned yet: a tag, comment, entity or UTF-8 sequence cut between
    /// two writes.
    pending: Vec<u8>,
}

/// A set of characters as one bit each: a page of megabytes adds every character it shows, and a
/// bit costs less to set than a tree node to find.
struct CharSet {
    bits: Vec<u64>,
}

impl Default for CharSet {
    fn default() -> CharSet {
        CharSet { bits: vec![0; (char::MAX as usize + 1).div_ceil(64)] }
    }
}

impl CharSet {
    fn extend(&mut self, chars: impl IntoIterator<Item = char>) {
        for c in chars {
            self.bits[c as usize / 64] |= 1 << (c as usize % 64);
        }
    }

    fn iter(&self) -> impl Iterator<Item = char> + '_ {
        self.bits.iter().enumerate().flat_map(|(word, &bits)| {
            (0..64)
                .filter(move |bit| bits & (1 << bit) != 0)
                .filter_map(move |bit| char::from_u32((word * 64 + bit) as u32))
        })
    }
}

/// Where the scanner is in the page.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scanning {
    Text,
    /// At a `<`: a tag or a comment.
    Markup,
    /// Inside a `<script>` (its text counts) or a `<style>` (it does not).
    Raw {
        script: bool,
    },
}

impl Default for PageChars {
    fn default() -> PageChars {
        let mut chars = CharSet::default();
        chars.extend(' '..='~');
        PageChars { chars, state: Scanning::Text, pending: Vec::new() }
    }
}

impl PageChars {
    /// The characters the page shows, once all of it is written.
    pub(crate) fn chars(mut self) -> BTreeSet<char> {
        let rest = std::mem::take(&mut self.pending);
        self.scan(&String::from_utf8_lossy(&rest), true);
        self.chars.iter().filter(|c| !c.is_control()).collect()
    }

    /// Adds the characters of element text, decoding its character references.
    fn text(&mut self, text: &str) {
        if text.contains('&') {
            self.chars.extend(decode(text).chars());
        } else {
            self.chars.extend(text.chars());
        }
    }

    /// Scans `s` as far as it can be read without what follows it (all of it when `last`) and
    /// says how far that is.
    fn scan(&mut self, s: &str, last: bool) -> usize {
        let mut at = 0;
        loop {
            let rest = &s[at..];
            match self.state {
                Scanning::Text => {
                    let Some(lt) = rest.find('<') else {
                        // An entity may be cut at the end.
                        let cut = rest.rfind('&').filter(|&amp| !last && !rest[amp..].contains(';'));
                        let end = cut.unwrap_or(rest.len());
                        self.text(&rest[..end]);
                        return at + end;
                    };
                    self.text(&rest[..lt]);
                    at += lt;
                    self.state = Scanning::Markup;
                }
                Scanning::Markup => {
                    if rest.is_empty() || (!last && rest.len() < 4 && "<!--".starts_with(rest)) {
                        return at;
                    }
                    if let Some(comment) = rest.strip_prefix("<!--") {
                        match comment.find("-->") {
                            Some(end) => at += 4 + end + 3,
                            None if last => return s.len(),
                            None => return at,
                        }
                        self.state = Scanning::Text;
                        continue;
                    }
                    let end = tag_end(rest);
                    let tag = &rest[..end];
                    if !last && !tag.ends_with('>') {
                        return at;
                    }
                    if let Some(value) = attribute(tag, "placeholder") {
                        self.chars.extend(decode(value).chars());
                    }
                    let name = tag[1..].chars().take_while(char::is_ascii_alphanumeric).collect::<String>();
                    let name = name.to_ascii_lowercase();
                    self.state = match name.as_str() {
                        "script" => Scanning::Raw { script: true },
                        "style" => Scanning::Raw { script: false },
                        _ => Scanning::Text,
                    };
                    at += end;
                }
                Scanning::Raw { script } => {
                    let close = if script { "</script" } else { "</style" };
                    let found = find_ci(rest, close);
                    // Without its close, what may be the start of it is kept for the next write.
                    let keep = if last { 0 } else { close.len() - 1 };
                    let end = found.unwrap_or_else(|| {
                        (0..=rest.len().saturating_sub(keep)).rev().find(|&i| rest.is_char_boundary(i)).unwrap_or(0)
                    });
                    if script {
                        self.chars.extend(rest[..end].chars());
                    }
                    at += end;
                    if found.is_none() {
                        return at;
                    }
                    self.state = Scanning::Markup;
                }
            }
        }
    }
}

impl std::io::Write for PageChars {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        let valid = match std::str::from_utf8(&self.pending) {
            Ok(text) => text.len(),
            Err(e) => e.valid_up_to(),
        };
        let mut pending = std::mem::take(&mut self.pending);
        let text = std::str::from_utf8(&pending[..valid]).unwrap_or_default();
        let scanned = self.scan(text, false);
        pending.drain(..scanned);
        self.pending = pending;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The end of the tag at the start of `s` (after its `>`), skipping quoted attribute values.
fn tag_end(s: &str) -> usize {
    let mut quote = None;
    for (i, c) in s.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => return i + 1,
            _ => {}
        }
    }
    s.len()
}

/// Where ASCII `needle` first occurs in `s`, ignoring ASCII case (without copying `s`: it may be
/// the rest of a page of megabytes).
fn find_ci(s: &str, needle: &str) -> Option<usize> {
    let needle = needle.as_bytes();
    s.as_bytes().windows(needle.len().max(1)).position(|w| w.eq_ignore_ascii_case(needle))
}

/// The raw value of attribute `name` in a tag (`name="…"` or `name='…'`).
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let at = find_ci(tag, &format!(" {name}="))? + name.len() + 2;
    let quote = tag[at..].chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let value = &tag[at + 1..];
    value.find(quote).map(|end| &value[..end])
}

/// Text with its character references decoded (`&amp;`, `&#x27;`, `&#39;`, …).
fn decode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let reference = rest.find(';').map(|semi| &rest[1..semi]).filter(|r| r.len() <= 10);
        let decoded = reference.and_then(|r| match r {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some('\u{a0}'),
            _ => r
                .strip_prefix("#x")
                .or_else(|| r.strip_prefix("#X"))
                .map(|hex| u32::from_str_radix(hex, 16))
                .or_else(|| r.strip_prefix('#').map(str::parse))
                .and_then(Result::ok)
                .and_then(char::from_u32),
        });
        match (reference, decoded) {
            (Some(r), Some(c)) => {
                out.push(c);
                rest = &rest[r.len() + 2..];
            }
            _ => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page_chars(html: &str) -> BTreeSet<char> {
        let mut page = PageChars::default();
        page.scan(html, true);
        page.chars()
    }

    #[test]
    fn the_page_characters_are_its_text_scripts_and_placeholder_not_its_markup_or_styles() {
        let page = "<!DOCTYPE html><html><head><style>body { font: \"スタイル\" }</style></head>\
            <body title=\"題\"><!-- 注釈 --><h1 class=\"x\">ダグラム &amp; &#x27;牙&#39; &lt;b&gt;</h1>\
            <input placeholder=\"検索: 捕捉, 13.4\" autocomplete='off'>\n<script>const I = {\"t\":\"索引\"};</script></body></html>";
        let chars = page_chars(page);
        for c in "ダグラム&'牙<>検索捕捉引:,".chars().chain(' '..='~') {
            assert!(chars.contains(&c), "{c:?}");
        }
        for c in "スタイル題注釈\n".chars() {
            assert!(!chars.contains(&c), "{c:?}");
        }
        assert_eq!(chars.iter().filter(|c| !c.is_ascii()).collect::<String>(), "グダムラ引捉捕検牙索");
    }

    #[test]
    fn a_page_read_as_it_is_written_gives_the_same_characters_however_it_is_cut() {
        use std::io::Write;
        let page = "<html><head><STYLE>b { content: \"ス</sty\" }</STYLE></head><body><!-- 注 -- 釈 -->\
            <p>ダグ&amp;ラム &#x27;牙&#39;</p><input placeholder=\"検索 13.4\"><script>let s = \"<b>索</scr\" + \"引\";\
            </SCRIPT><p>終</p></body></html>";
        let whole = page_chars(page);
        assert!(whole.contains(&'索') && whole.contains(&'終') && !whole.contains(&'ス') && !whole.contains(&'注'));
        // Every cut, through tags, comments, entities, closes and multi-byte characters.
        for size in [1, 2, 3, 5, 7, 64] {
            let mut streamed = PageChars::default();
            for chunk in page.as_bytes().chunks(size) {
                streamed.write_all(chunk).unwrap();
            }
            assert_eq!(streamed.chars(), whole, "written {size} bytes at a time");
        }
    }
}
