//! Values the sources do not give are listed: warnings, or errors with `--strict`.

use crate::diag::{Code, Diagnostic, Severity};
use crate::model::Pack;

/// Lists every provisional value: errors with `--strict`, or in a release, which prints none.
pub(super) fn check(pack: &Pack, (strict, release): (bool, bool), out: &mut Vec<Diagnostic>) {
    for p in &pack.provisional {
        let mut d = Diagnostic::warning(Code::PROVISIONAL, format!("provisional: {}", p.what)).at(&p.span);
        if strict || release {
            d.severity = Severity::Error;
            let why = if release { "a release prints no provisional value" } else { "--strict makes it an error" };
            d = d.with_hint(format!("{why}: give the real value and drop it from `provisional`"));
        }
        out.push(d);
    }
}

/// `diags` as a terminal shows them: the provisional-value warnings of one kind of thing (units,
/// cards, hexes, …) in one file become one warning with their count, at the first of them, so a
/// pack with 70 provisional values greets its designer with a few lines, not 70
/// (`--provisional` lists each; so do JSON and `--strict`, where each is an error to fix).
pub fn summarised(diags: &[Diagnostic]) -> Vec<Diagnostic> {
    let kind = |d: &Diagnostic| {
        let what = d.message.strip_prefix("provisional: ").unwrap_or(&d.message);
        what.split([' ', ':']).next().unwrap_or_default().to_string()
    };
    let is_listed = |d: &Diagnostic| d.code == Code::PROVISIONAL && d.severity == Severity::Warning;
    let mut counts: std::collections::HashMap<(String, Option<usize>), usize> = std::collections::HashMap::new();
    for d in diags.iter().filter(|d| is_listed(d)) {
        *counts.entry((kind(d), d.span.as_ref().map(|s| s.file))).or_default() += 1;
    }
    let mut out = Vec::new();
    for d in diags {
        if !is_listed(d) {
            out.push(d.clone());
            continue;
        }
        let key = (kind(d), d.span.as_ref().map(|s| s.file));
        match counts.remove(&key) {
            Some(1) => out.push(d.clone()),
            Some(n) => {
                let first = d.message.strip_prefix("provisional: ").unwrap_or(&d.message);
                let mut summary = d.clone();
                summary.message =
                    format!("provisional: {n} {} entries give values the sources do not (the first: {first})", key.0);
                summary.hints = vec!["`--provisional` lists each one; `build --release` refuses them".into()];
                out.push(summary);
            }
            None => {} // summarised at the first of its kind
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::{Sources, Span};

    #[test]
    fn provisional_values_of_one_kind_in_one_file_become_one_line_with_their_count() {
        let mut sources = Sources::default();
        let units = sources.add(std::path::Path::new("units.csv"), "id\na\nb\nc\n".into());
        let pack = sources.add(std::path::Path::new("pack.toml"), "[game]\n".into());
        let at = |file, line: usize| Span::new(file, line * 2..line * 2 + 1);
        let warn =
            |what: &str, span: Span| Diagnostic::warning(Code::PROVISIONAL, format!("provisional: {what}")).at(&span);
        let diags = vec![
            warn("unit `a`: defence", at(units, 1)),
            Diagnostic::warning(Code::LONG_TEXT_LAYOUT, "cards/1-front uses the long-text layout"),
            warn("unit `b`: defence, attack", at(units, 2)),
            warn("game: designer", at(pack, 0)),
            warn("unit `c`: attack", at(units, 3)),
        ];
        let shown = summarised(&diags);
        let messages: Vec<&str> = shown.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "provisional: 3 unit entries give values the sources do not (the first: unit `a`: defence)",
                "cards/1-front uses the long-text layout",
                "provisional: game: designer",
            ]
        );
        assert_eq!(shown[0].span, diags[0].span, "at the first of them");
        // Errors (--strict) are each a thing to fix: all of them stay.
        let strict: Vec<Diagnostic> = diags
            .iter()
            .cloned()
            .map(|mut d| {
                d.severity = Severity::Error;
                d
            })
            .collect();
        assert_eq!(summarised(&strict).len(), 5);
    }
}
