//! Where in a template a piece of drawn SVG came from: a face that fails to parse is reported at
//! the template line that wrote the failing element, not at a position in the output nobody
//! wrote ("1:5529").
//!
//! The principal function is [`origin`]. Tera keeps no map from output to source, so the output
//! around the error is matched against the literal text of each template line (what lies outside
//! `{{ }}`, `{% %}` and `{# #}`): the line whose literals appear there, in order, in the greatest
//! length wins (a match that spans the error before any other); ties go to the match nearest
//! the error. When no line shares at least
//! [`MIN_MATCH`] characters with it, there is no origin and the caller points at the template's
//! first line, quoting [`snippet`].

use std::ops::Range;

/// The fewest characters of literal text a template line must share with the output to count.
const MIN_MATCH: usize = 4;
/// How far either side of the error an output window reaches when its line is long (bytes).
const WINDOW: usize = 160;
/// The most characters [`snippet`] quotes.
const SNIPPET_CHARS: usize = 60;

/// How well a template line matches: it spans the error, its matched length, its nearness.
type Rank = (bool, usize, std::cmp::Reverse<usize>);

/// The byte range, in `template`, of the line that most likely wrote the output around byte
/// `at` of `output` (from its first to its last matched literal), if any line matches.
pub(crate) fn origin(template: &str, output: &str, at: usize) -> Option<Range<usize>> {
    let at = floor(output, at.min(output.len()));
    let (window, error) = window(output, at);
    // Ranked by whether the match spans the error, then its length, then its nearness.
    let mut best: Option<(Rank, Range<usize>)> = None;
    for pieces in literal_lines(template) {
        let mut from = 0;
        let (mut score, mut first, mut last, mut span) = (0, None, None, None::<(usize, usize)>);
        for piece in &pieces {
            let text = &template[piece.clone()];
            if let Some(i) = window[from..].find(text) {
                score += text.chars().count();
                first.get_or_insert(piece.start);
                last = Some(piece.end);
                span = Some((span.map_or(from + i, |(s, _)| s), from + i + text.len()));
                from += i + text.len();
            }
        }
        let (Some(first), Some(last), Some((start, end))) = (first, last, span) else { continue };
        if score < MIN_MATCH {
            continue;
        }
        let covers = start <= error && error <= end;
        let distance = if error < start { start - error } else { error.saturating_sub(end) };
        let rank = (covers, score, std::cmp::Reverse(distance));
        if best.as_ref().is_none_or(|(r, _)| rank > *r) {
            best = Some((rank, first..last));
        }
    }
    best.map(|(_, range)| range)
}

/// At most [`SNIPPET_CHARS`] characters of `output` around byte `at`, on one line.
pub(crate) fn snippet(output: &str, at: usize) -> String {
    let at = floor(output, at.min(output.len()));
    let (window, error) = window(output, at);
    let chars: Vec<(usize, char)> = window.char_indices().collect();
    let centre = chars.iter().position(|(i, _)| *i >= error).unwrap_or(chars.len());
    let start = centre.saturating_sub(SNIPPET_CHARS / 2);
    let end = (start + SNIPPET_CHARS).min(chars.len());
    let start = end.saturating_sub(SNIPPET_CHARS).min(start);
    chars[start..end].iter().map(|&(_, c)| if c.is_control() { ' ' } else { c }).collect::<String>().trim().to_string()
}

/// The output line holding byte `at`, or [`WINDOW`] bytes either side of it when the line is
/// long; and where `at` falls inside it.
fn window(output: &str, at: usize) -> (&str, usize) {
    let line_start = output[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = output[at..].find('\n').map_or(output.len(), |i| at + i);
    let (start, end) = if line_end - line_start <= 2 * WINDOW {
        (line_start, line_end)
    } else {
        (floor(output, at.saturating_sub(WINDOW).max(line_start)), floor(output, (at + WINDOW).min(line_end)))
    };
    (&output[start..end], at - start)
}

/// The largest char boundary of `text` at or before `i`.
fn floor(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Per template line, the byte ranges of its literal text (outside Tera's tags), trimmed, in
/// order. A tag that spans lines hides the lines it covers.
fn literal_lines(template: &str) -> Vec<Vec<Range<usize>>> {
    let mut lines = Vec::new();
    let mut pieces: Vec<Range<usize>> = Vec::new();
    let mut close: Option<&str> = None; // inside a tag: its closing delimiter
    let mut start = 0; // where the current literal began
    let bytes = template.as_bytes();
    let mut i = 0;
    let push = |pieces: &mut Vec<Range<usize>>, range: Range<usize>| {
        let text = &template[range.clone()];
        let trimmed = text.trim();
        if !trimmed.is_empty() {
            let offset = range.start + (text.len() - text.trim_start().len());
            pieces.push(offset..offset + trimmed.len());
        }
    };
    while i < bytes.len() {
        match close {
            Some(end) => {
                if bytes[i..].starts_with(end.as_bytes()) {
                    i += end.len();
                    close = None;
                    start = i;
                    continue;
                }
                if bytes[i] == b'\n' {
                    lines.push(std::mem::take(&mut pieces));
                }
            }
            None => {
                let opener = ["{{", "{%", "{#"].into_iter().find(|o| bytes[i..].starts_with(o.as_bytes()));
                if let Some(open) = opener {
                    push(&mut pieces, start..i);
                    close = Some(match open {
                        "{{" => "}}",
                        "{%" => "%}",
                        _ => "#}",
                    });
                    i += 2;
                    continue;
                }
                if bytes[i] == b'\n' {
                    push(&mut pieces, start..i);
                    lines.push(std::mem::take(&mut pieces));
                    start = i + 1;
                }
            }
        }
        i += 1;
    }
    if close.is_none() {
        push(&mut pieces, start..template.len());
    }
    lines.push(pieces);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str = "<rect width=\"{{ w }}\" height=\"{{ h }}\"/>\n\
        {% for v in values %}\n\
        <text x=\"{{ v.x }}\" class=\"value\">{{ v.label }}</g>\n\
        {% endfor %}\n\
        <text x=\"1\" class=\"name\">{{ name }}</text>\n";

    fn line_of(template: &str, range: Range<usize>) -> usize {
        template[..range.start].matches('\n').count() + 1
    }

    #[test]
    fn an_error_inside_a_loop_is_traced_to_the_line_with_its_literals() {
        let output = "<rect width=\"15\" height=\"15\"/>\n<text x=\"2.5\" class=\"value\">3</g>\n<text x=\"1\" class=\"name\">ダグラム</text>\n";
        let at = output.find("</g>").expect("error");
        let range = origin(TEMPLATE, output, at).expect("found");
        assert_eq!(line_of(TEMPLATE, range.clone()), 3);
        assert_eq!(&TEMPLATE[range], "<text x=\"{{ v.x }}\" class=\"value\">{{ v.label }}</g>");
    }

    #[test]
    fn a_face_drawn_on_one_long_line_is_matched_near_the_error() {
        let mut output = "<rect width=\"15\" height=\"15\"/>".to_string();
        for i in 0..200 {
            output.push_str(&format!("<text x=\"1\" class=\"name\">n{i}</text>"));
        }
        let at = output.len();
        output.push_str("<text x=\"9\" class=\"value\">x</g>");
        let range = origin(TEMPLATE, &output, at + 30).expect("found");
        assert_eq!(line_of(TEMPLATE, range), 3);
    }

    #[test]
    fn output_no_template_line_wrote_has_no_origin_and_a_short_snippet() {
        let template = "<rect width=\"{{ w }}\"/>\n{{ open | safe }}{{ lt | safe }}\n";
        let output = "<rect width=\"15\"/>\n<g<\n";
        let at = output.find("<g<").expect("error") + 2;
        assert_eq!(origin(template, output, at), None);
        assert_eq!(snippet(output, at), "<g<");
        let long = "x".repeat(500);
        assert_eq!(snippet(&long, 250).chars().count(), 60);
    }

    #[test]
    fn tags_spanning_lines_hide_their_lines() {
        let lines = literal_lines("a{% if x\n and y %}b\nc");
        let texts: Vec<Vec<&str>> =
            lines.iter().map(|l| l.iter().map(|r| &"a{% if x\n and y %}b\nc"[r.clone()]).collect()).collect();
        assert_eq!(texts, vec![vec!["a"], vec!["b"], vec!["c"]]);
    }
}
