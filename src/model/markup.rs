//! Card text markup, one syntax for every text a pack prints on a piece: emphasis as in the rules
//! (`**bold**`, `*italic*`, see [`super::emphasis`]), a line break as a new line, and an icon the
//! pack declares in `[icons]` written as its name in single brackets (`[click]`). `[[kind:id]]`
//! (a reference) is not an icon, nor is a bracket that does not close on the same line or holds
//! anything but a name; `\[`, `\*` and `\_` print the character itself.
//!
//! [`marked`] turns such a text into what a layout measures and draws: the plain characters,
//! each icon standing as one [`ICON`] (a square a full em wide, so breaking and measuring treat
//! it as one wide character), and which characters are strong or emphasised.

pub use super::emphasis::unescaped;
use super::emphasis::{self, Emphasis, Piece};

/// What an icon stands as in the plain text: one character a full em wide in every font pnpkit
/// embeds, never drawn (the icon is drawn over its place).
pub const ICON: char = '\u{25A1}';

/// A text's plain characters and its marks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marked {
    /// The text without markers, every icon as [`ICON`].
    pub plain: String,
    /// The byte ranges of `plain` in strong emphasis.
    pub strong: Vec<std::ops::Range<usize>>,
    /// The byte ranges of `plain` in emphasis.
    pub em: Vec<std::ops::Range<usize>>,
    /// Each icon: its byte offset in `plain` and its name.
    pub icons: Vec<(usize, String)>,
}

impl Marked {
    /// Whether the text has any mark at all (a plain text is laid out as before).
    pub fn is_plain(&self) -> bool {
        self.strong.is_empty() && self.em.is_empty() && self.icons.is_empty()
    }

    /// Whether the byte at `at` of `plain` is strong, emphasised.
    pub fn style_at(&self, at: usize) -> (bool, bool) {
        (self.strong.iter().any(|r| r.contains(&at)), self.em.iter().any(|r| r.contains(&at)))
    }

    /// The icon standing at byte `at` of `plain`, if one does.
    pub fn icon_at(&self, at: usize) -> Option<&str> {
        self.icons.iter().find(|(i, _)| *i == at).map(|(_, n)| n.as_str())
    }
}

/// Whether `name` may name an icon: lower-case letters, digits, `-` and `_`, starting with a
/// letter, at most 32 characters.
pub fn is_icon_name(name: &str) -> bool {
    name.len() <= 32
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
}

/// The icons `text` names, each with its byte range in `text` (brackets included), in order:
/// what `check` holds against `[icons]`.
pub fn icon_spans(text: &str) -> Vec<(std::ops::Range<usize>, &str)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'[' if bytes.get(i + 1) == Some(&b'[') => {
                // A reference `[[kind:id]]`: skipped whole.
                i = text[i..].find("]]").map_or(bytes.len(), |e| i + e + 2);
            }
            b'[' => {
                let close = text[i + 1..].find(']').map(|e| i + 1 + e);
                match close.filter(|&e| is_icon_name(&text[i + 1..e])) {
                    Some(e) => {
                        out.push((i..e + 1, &text[i + 1..e]));
                        i = e + 1;
                    }
                    None => i += 1,
                }
            }
            _ => i += 1,
        }
    }
    out
}

/// `text` with its icons in `icons` (the pack's declared names) marked; a bracketed name that is
/// not declared stays as written (`check` reports it).
pub fn marked(text: &str, icons: &dyn Fn(&str) -> bool) -> Marked {
    let mut out = Marked::default();
    let (mut strong, mut em) = (Vec::new(), Vec::new());
    for piece in emphasis::pieces(text) {
        match piece {
            Piece::Open(Emphasis::Strong) => strong.push(out.plain.len()),
            Piece::Open(Emphasis::Em) => em.push(out.plain.len()),
            Piece::Close(Emphasis::Strong) => {
                let start = strong.pop().unwrap_or_default();
                out.strong.push(start..out.plain.len());
            }
            Piece::Close(Emphasis::Em) => {
                let start = em.pop().unwrap_or_default();
                out.em.push(start..out.plain.len());
            }
            Piece::Text(run) => push_run(&mut out, run, icons),
        }
    }
    out
}

/// A run of text without emphasis markers: its icons become [`ICON`], `\[` a bracket.
fn push_run(out: &mut Marked, run: &str, icons: &dyn Fn(&str) -> bool) {
    let mut last = 0;
    let spans = icon_spans(run);
    for (range, name) in spans.iter().filter(|(_, name)| icons(name)) {
        out.plain.push_str(&unescaped(&run[last..range.start]));
        out.icons.push((out.plain.len(), name.to_string()));
        out.plain.push(ICON);
        last = range.end;
    }
    out.plain.push_str(&unescaped(&run[last..]));
}

/// `text` as plain words for a search index or a plain-text output: markers dropped, every
/// declared icon as its name (`click`), so searching for the icon's name finds the card.
pub fn words(text: &str, icons: &dyn Fn(&str) -> bool) -> String {
    let marked = marked(text, icons);
    let mut out = String::with_capacity(marked.plain.len());
    for (i, c) in marked.plain.char_indices() {
        let Some(name) = marked.icon_at(i) else {
            out.push(c);
            continue;
        };
        // A word apart from the letters around it: `1[credit]` reads `1 credit`.
        if out.chars().next_back().is_some_and(char::is_alphanumeric) {
            out.push(' ');
        }
        out.push_str(name);
        if marked.plain[i + c.len_utf8()..].chars().next().is_some_and(char::is_alphanumeric) {
            out.push(' ');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn declared(name: &str) -> bool {
        matches!(name, "click" | "credit" | "mu")
    }

    #[test]
    fn icons_emphasis_and_escapes_are_read_and_the_rest_stays_as_written() {
        let m = marked("Gain 2[credit] and **draw** 1 card. *Trash* [unknown], \\[click], [[rule:13.4]]", &declared);
        assert_eq!(m.plain, "Gain 2□ and draw 1 card. Trash [unknown], [click], [[rule:13.4]]");
        assert_eq!(m.icons, vec![(6, "credit".to_string())]);
        assert_eq!(&m.plain[m.strong[0].clone()], "draw");
        assert_eq!(&m.plain[m.em[0].clone()], "Trash");
        assert_eq!(m.style_at(m.plain.find("draw").unwrap()), (true, false));
        assert!(marked("a plain text, 2*3", &declared).is_plain());
    }

    #[test]
    fn escapes_times_signs_and_triple_stars_read_as_a_reader_expects() {
        // An escape alone still prints without its backslash.
        assert_eq!(marked("\\[click] and \\*not emphasis\\*", &declared).plain, "[click] and *not emphasis*");
        assert!(marked("2*3 and 4*5", &declared).is_plain());
        assert_eq!(marked("2*3 and 4*5", &declared).plain, "2*3 and 4*5");
        let m = marked("***both*** then", &declared);
        assert_eq!(m.plain, "both then");
        assert_eq!((&m.plain[m.strong[0].clone()], &m.plain[m.em[0].clone()]), ("both", "both"));
        assert_eq!((m.strong.len(), m.em.len()), (1, 1));
        assert_eq!(words("\\[mu] is \\_kept\\_", &declared), "[mu] is _kept_");
    }

    #[test]
    fn an_icon_inside_emphasis_is_both() {
        let m = marked("**[click]: gain [mu]**", &declared);
        assert_eq!(m.plain, "□: gain □");
        assert_eq!(m.icons.len(), 2);
        assert_eq!(m.strong, vec![0..m.plain.len()]);
    }

    #[test]
    fn icon_spans_name_every_bracketed_name_with_its_place() {
        let text = "[click] x [Not-A-Name] [[card:29]] [a b] \\[mu] [virus-2]";
        let spans: Vec<_> = icon_spans(text).into_iter().map(|(r, n)| (&text[r], n)).collect();
        assert_eq!(spans, vec![("[click]", "click"), ("[virus-2]", "virus-2")]);
        assert_eq!(words("[click]: gain 1[credit]x", &declared), "click: gain 1 credit x");
    }
}
