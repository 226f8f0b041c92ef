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

/// The provisional values of one kind of thing (units, cards, hexes, …) in one file.
pub struct Group<'d> {
    /// The kind: the first word of the warnings (`unit`, `card`, `area`).
    pub kind: String,
    /// Its warnings, in the order of `diags`.
    pub items: Vec<&'d Diagnostic>,
}

impl Group<'_> {
    /// Each value named and how many of the group's entries give it provisionally, in the order
    /// first named (`defence` ×19).
    pub fn values(&self) -> Vec<(&str, usize)> {
        let mut out: Vec<(&str, usize)> = Vec::new();
        for d in &self.items {
            let named = d.message.rsplit_once(": ").map_or("", |(_, values)| values);
            for value in named.split(", ").filter(|v| !v.is_empty()) {
                match out.iter_mut().find(|(v, _)| *v == value) {
                    Some((_, n)) => *n += 1,
                    None => out.push((value, 1)),
                }
            }
        }
        out
    }
}

/// The provisional-value warnings of `diags` (not those `--strict` made errors) by kind of thing
/// and file, in the order each group first appears.
pub fn groups(diags: &[Diagnostic]) -> Vec<Group<'_>> {
    let kind = |d: &Diagnostic| {
        let what = d.message.strip_prefix("provisional: ").unwrap_or(&d.message);
        what.split([' ', ':']).next().unwrap_or_default().to_string()
    };
    let mut out: Vec<(Option<usize>, Group<'_>)> = Vec::new();
    for d in diags.iter().filter(|d| d.code == Code::PROVISIONAL && d.severity == Severity::Warning) {
        let (kind, file) = (kind(d), d.span.as_ref().map(|s| s.file));
        match out.iter_mut().find(|(f, g)| *f == file && g.kind == kind) {
            Some((_, g)) => g.items.push(d),
            None => out.push((file, Group { kind, items: vec![d] })),
        }
    }
    out.into_iter().map(|(_, g)| g).collect()
}

/// `diags` as a terminal shows them: the provisional-value warnings of one kind of thing (units,
/// cards, hexes, …) in one file become one warning with their count, at the first of them, so a
/// pack with 70 provisional values greets its designer with a few lines, not 70
/// (`--provisional` lists each; so do JSON and `--strict`, where each is an error to fix).
pub fn summarised(diags: &[Diagnostic]) -> Vec<Diagnostic> {
    let groups = groups(diags);
    // Each grouped warning's group, by its address (a search of every group per warning would
    // cost a pack of thousands of provisional values millions of comparisons).
    let group_of: std::collections::HashMap<*const Diagnostic, &Group<'_>> =
        groups.iter().flat_map(|g| g.items.iter().map(move |d| (*d as *const Diagnostic, g))).collect();
    let mut out = Vec::new();
    for d in diags {
        match group_of.get(&(d as *const Diagnostic)).copied() {
            None => out.push(d.clone()),
            Some(g) if g.items.len() == 1 => out.push(d.clone()),
            // Summarised at the first of its kind.
            Some(g) if std::ptr::eq(g.items[0], d) => {
                let first = d.message.strip_prefix("provisional: ").unwrap_or(&d.message);
                let mut summary = d.clone();
                summary.message = format!(
                    "provisional: {} {} entries give values the sources do not (the first: {first})",
                    g.items.len(),
                    g.kind
                );
                summary.hints = vec!["`--provisional` lists each one; `build --release` refuses them".into()];
                out.push(summary);
            }
            Some(_) => {}
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
        let groups = groups(&diags);
        assert_eq!(
            groups.iter().map(|g| (g.kind.as_str(), g.items.len())).collect::<Vec<_>>(),
            [("unit", 3), ("game", 1)]
        );
        assert_eq!(groups[0].values(), [("defence", 2), ("attack", 2)]);
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
