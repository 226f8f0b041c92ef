//! Markdown emphasis in rule texts: `*x*` and `_x_` are emphasis, `**x**` strong emphasis. The
//! reference shows them as `<em>`/`<strong>`; every other output prints the text without the
//! markers (`Pack::plain_text`).
//!
//! The rules are CommonMark's, simplified: an opening marker is followed by a character that is
//! not whitespace and a closing one preceded by one, the marked text is not empty, `_` does not
//! open or close inside a word (`snake_case` stays), a `*` between two digits is a times sign
//! (`2*3 and 4*5`), `***x***` is both, and a single `*` next to another `*` is not a marker. A
//! marker without its partner stays as written (a lone `*`), and `\*`, `\_` print the character
//! itself (the runs keep the backslash; [`unescaped`] drops it).

/// Emphasis or strong emphasis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emphasis {
    /// `*x*` or `_x_`.
    Em,
    /// `**x**`.
    Strong,
}

/// A text and the emphasis marks in it, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Text to show as it is.
    Text(&'a str),
    /// Emphasis starts.
    Open(Emphasis),
    /// Emphasis ends.
    Close(Emphasis),
}

/// `text` split into plain runs and emphasis marks.
pub fn pieces(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    parse(text, &mut out);
    out
}

/// `text` without its emphasis markers.
pub fn plain(text: &str) -> String {
    pieces(text)
        .into_iter()
        .filter_map(|p| match p {
            Piece::Text(t) => Some(unescaped(t)),
            _ => None,
        })
        .collect()
}

/// A run with its escaped characters (`\*`, `\_`, `\[`) as themselves; any other backslash stays.
pub fn unescaped(run: &str) -> std::borrow::Cow<'_, str> {
    if !["\\*", "\\_", "\\["].iter().any(|e| run.contains(e)) {
        return run.into();
    }
    run.replace("\\*", "*").replace("\\_", "_").replace("\\[", "[").into()
}

/// `text` (already escaped for HTML) with its emphasis as `<em>` and `<strong>`.
pub fn html(text: &str) -> String {
    pieces(text)
        .into_iter()
        .map(|p| match p {
            Piece::Text(t) => unescaped(t),
            Piece::Open(Emphasis::Em) => "<em>".into(),
            Piece::Close(Emphasis::Em) => "</em>".into(),
            Piece::Open(Emphasis::Strong) => "<strong>".into(),
            Piece::Close(Emphasis::Strong) => "</strong>".into(),
        })
        .collect()
}

fn parse<'a>(text: &'a str, out: &mut Vec<Piece<'a>>) {
    let mut start = 0;
    let mut i = 0;
    while let Some(c) = text[i..].chars().next() {
        // An escaped marker is text: the pair is passed over.
        if c == '\\' && matches!(after(text, i + 1), Some('*' | '_' | '[')) {
            i += 2;
            continue;
        }
        if text[i..].starts_with("***") && whole(text, i, "***") && opens(text, i, "***") {
            if let Some(end) = closer(text, i + 3, "***") {
                if start < i {
                    out.push(Piece::Text(&text[start..i]));
                }
                out.extend([Piece::Open(Emphasis::Strong), Piece::Open(Emphasis::Em)]);
                parse(&text[i + 3..end], out);
                out.extend([Piece::Close(Emphasis::Em), Piece::Close(Emphasis::Strong)]);
                i = end + 3;
                start = i;
                continue;
            }
        }
        if c == '*' || c == '_' {
            let candidates: &[(&str, Emphasis)] = match c {
                '*' => &[("**", Emphasis::Strong), ("*", Emphasis::Em)],
                _ => &[("_", Emphasis::Em)],
            };
            let found = candidates
                .iter()
                .filter(|(mark, _)| opens(text, i, mark))
                .find_map(|&(mark, kind)| closer(text, i + mark.len(), mark).map(|end| (mark, kind, end)));
            if let Some((mark, kind, end)) = found {
                if start < i {
                    out.push(Piece::Text(&text[start..i]));
                }
                out.push(Piece::Open(kind));
                parse(&text[i + mark.len()..end], out);
                out.push(Piece::Close(kind));
                i = end + mark.len();
                start = i;
                continue;
            }
        }
        i += c.len_utf8();
    }
    if start < text.len() {
        out.push(Piece::Text(&text[start..]));
    }
}

fn before(text: &str, at: usize) -> Option<char> {
    text[..at].chars().next_back()
}

fn after(text: &str, at: usize) -> Option<char> {
    text.get(at..).and_then(|t| t.chars().next())
}

/// Whether `mark` at `at` is a whole marker: not part of a longer run of `*`, not escaped, and
/// not a times sign between two digits.
fn whole(text: &str, at: usize, mark: &str) -> bool {
    let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
    text[at..].starts_with(mark)
        && !(mark.starts_with('*') && (before(text, at) == Some('*') || after(text, at + mark.len()) == Some('*')))
        && before(text, at) != Some('\\')
        && !(mark == "*" && digit(before(text, at)) && digit(after(text, at + 1)))
}

fn opens(text: &str, at: usize, mark: &str) -> bool {
    whole(text, at, mark)
        && after(text, at + mark.len()).is_some_and(|c| !c.is_whitespace())
        && (mark != "_" || !before(text, at).is_some_and(char::is_alphanumeric))
}

/// Where the marker closing `mark` starts, searching from `from` (the first marked character).
fn closer(text: &str, from: usize, mark: &str) -> Option<usize> {
    let mut j = from + text[from..].chars().next()?.len_utf8();
    while j < text.len() {
        if whole(text, j, mark)
            && before(text, j).is_some_and(|c| !c.is_whitespace())
            && (mark != "_" || !after(text, j + 1).is_some_and(char::is_alphanumeric))
        {
            return Some(j);
        }
        j += after(text, j).map_or(1, char::len_utf8);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asterisks_and_underscores_mark_emphasis_and_double_asterisks_strong_emphasis() {
        assert_eq!(
            html("the anime *Fang of the Sun Dougram*, simulated"),
            "the anime <em>Fang of the Sun Dougram</em>, simulated"
        );
        assert_eq!(html("_Diplomacy_ and **never** twice"), "<em>Diplomacy</em> and <strong>never</strong> twice");
        assert_eq!(html("**all *but* one**"), "<strong>all <em>but</em> one</strong>");
        assert_eq!(html("ダグラム*太陽の牙*です"), "ダグラム<em>太陽の牙</em>です");
    }

    #[test]
    fn markers_without_a_partner_or_inside_words_stay_as_written() {
        for text in
            ["2*3", "a lone * here", "a * b * c", "snake_case_name", "「*」マーク", "**", "*", "_", "x**y", "*a**"]
        {
            assert_eq!(html(text), text);
            assert_eq!(plain(text), text);
        }
    }

    #[test]
    fn plain_text_drops_the_markers() {
        assert_eq!(plain("from *Fang of the Sun Dougram*."), "from Fang of the Sun Dougram.");
        assert_eq!(plain("**all *but* one**"), "all but one");
        assert_eq!(pieces("*x*"), vec![Piece::Open(Emphasis::Em), Piece::Text("x"), Piece::Close(Emphasis::Em)]);
    }
}
