//! Rule numbering: no two clauses share a display number or an id, and numbers run in order
//! without gaps inside each section.

use std::collections::BTreeMap;

use crate::diag::{Code, Diagnostic, Span};
use crate::model::{number_at, number_levels, show_levels, Level, Pack};

/// Runs the numbering checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let mut numbers: BTreeMap<&str, &Span> = BTreeMap::new();
    let mut ids: BTreeMap<&str, &Span> = BTreeMap::new();
    let mut parts: BTreeMap<&str, &Span> = BTreeMap::new();
    for part in &pack.rules.parts {
        unique(&mut parts, (&part.id, &part.span), "parts", out);
    }
    for section in &pack.rules.sections {
        unique(&mut ids, (&section.id, &section.span), "sections", out);
        let mut previous: Option<Vec<Level>> = None;
        for clause in &section.clauses {
            let duplicate = numbers.insert(&clause.number, &clause.span);
            if let Some(first) = duplicate {
                out.push(
                    Diagnostic::error(
                        Code::RULE_NUMBER_DUPLICATE,
                        format!("two clauses are numbered {}", clause.number),
                    )
                    .at(&clause.span)
                    .with_related(first, "first numbered here")
                    .with_hint("renumber one of them; references use ids, so no reference changes"),
                );
            }
            unique(&mut ids, (&clause.id, &clause.span), "clauses", out);
            let parts = number_levels(&clause.number).unwrap_or_default();
            if clause.number.split('.').next() != Some(section.number.as_str()) {
                out.push(
                    Diagnostic::error(
                        Code::RULE_NUMBER_ORDER,
                        format!("clause {} sits in section {}", clause.number, section.number),
                    )
                    .at(&clause.span),
                );
            } else if let Some(problem) = order_problem(previous.as_deref(), &parts).filter(|_| duplicate.is_none()) {
                out.push(
                    Diagnostic::error(Code::RULE_NUMBER_ORDER, format!("clause {} {problem}", clause.number))
                        .at(&clause.span),
                );
            }
            previous = Some(parts);
        }
    }
}

/// E0107: a second `what` (parts, sections, clauses) with an id `seen` holds already,
/// located at the second with the first.
fn unique<'a>(
    seen: &mut BTreeMap<&'a str, &'a Span>,
    (id, span): (&'a str, &'a Span),
    what: &str,
    out: &mut Vec<Diagnostic>,
) {
    if let Some(first) = seen.insert(id, span) {
        out.push(
            Diagnostic::error(Code::DUPLICATE_ID, format!("two {what} have the id `{id}`"))
                .at(span)
                .with_related(first, "first here"),
        );
    }
}

/// Words after which a number means a rule: "see rule 8.4.2", "(clause 13.4)", "ルール13.4".
const RULE_WORDS: [&str; 7] = ["rule ", "rules ", "clause ", "section ", "see ", "ルール", "§"];

/// Warns about rule numbers typed in prose: they go stale when clauses are renumbered, and they
/// are not links in the rules reference.
pub(super) fn typed_numbers(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for clause in pack.rules.sections.iter().flat_map(|s| &s.clauses) {
        for text in clause.texts() {
            let lower = text.to_lowercase();
            for word in RULE_WORDS {
                for (at, _) in lower.match_indices(word) {
                    let rest = &text[(at + word.len()).min(text.len())..];
                    // `702.19b`, else its digits (`13.4` of "13.4ff").
                    let digits = rest.find(|c: char| !c.is_ascii_digit() && c != '.').map_or(rest, |end| &rest[..end]);
                    let found = [number_at(rest), digits.trim_end_matches('.')].into_iter().find_map(|number| {
                        pack.rules
                            .sections
                            .iter()
                            .flat_map(|s| &s.clauses)
                            .find(|c| c.number == number)
                            .map(|c| (number, c))
                    });
                    if let Some((number, target)) = found {
                        out.push(
                            Diagnostic::warning(
                                Code::TYPED_RULE_NUMBER,
                                format!("clause {} types “{word}{number}” instead of a link", clause.number),
                            )
                            .at(&clause.span)
                            .with_hint(format!(
                                "write [[rule:{}]]; it renders as {number} and follows renumbering",
                                target.id
                            )),
                        );
                    }
                }
            }
        }
    }
}

/// What is wrong with `next` following `prev` (`None` when it is the natural successor): the next
/// clause either opens a first sub-clause (`.1`) or steps one of the levels of `prev` by one.
fn order_problem(prev: Option<&[Level]>, next: &[Level]) -> Option<String> {
    let Some(prev) = prev else {
        let first = next.len() == 2 && next[1].value == 1;
        return (!first).then(|| "should be the section's first clause, .1 (or .a, .A)".to_string());
    };
    if next.len() == prev.len() + 1 && next[..prev.len()] == *prev && next[prev.len()].value == 1 {
        return None;
    }
    for depth in (1..prev.len().min(next.len())).rev() {
        if next.len() == depth + 1 && next[..depth] == prev[..depth] {
            return match follows(prev[depth], next[depth]) {
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some(format!("leaves a gap after {}", show_levels(&prev[..=depth]))),
                std::cmp::Ordering::Less => {
                    Some(format!("comes after {} (out of order or a duplicate)", show_levels(prev)))
                }
            };
        }
    }
    Some(format!("does not follow {}", show_levels(prev)))
}

/// Whether `next` is the level after `prev` (Equal), beyond it (Greater) or not after it (Less).
/// Lettered levels may skip `l` and `o`, as rulebooks do that keep them apart from 1 and 0.
fn follows(prev: Level, next: Level) -> std::cmp::Ordering {
    let skipped = |v: u32| prev.letter && [12, 15].contains(&v);
    let want = if skipped(prev.value + 1) { prev.value + 2 } else { prev.value + 1 };
    if next.value == prev.value + 1 || next.value == want {
        std::cmp::Ordering::Equal
    } else {
        next.value.cmp(&want)
    }
}

#[cfg(test)]
mod tests {
    use super::order_problem;
    use crate::model::{number_levels, Level};

    fn n(number: &str) -> Vec<Level> {
        number_levels(number).unwrap()
    }

    #[test]
    fn natural_successors_pass() {
        assert_eq!(order_problem(None, &n("3.1")), None);
        assert_eq!(order_problem(Some(&n("3.3")), &n("3.3.1")), None);
        assert_eq!(order_problem(Some(&n("3.3.3")), &n("3.4")), None);
        assert_eq!(order_problem(Some(&n("28.1.2.2")), &n("28.1.3")), None);
    }

    #[test]
    fn gaps_and_repeats_are_reported() {
        assert!(order_problem(Some(&n("3.2")), &n("3.4")).unwrap().contains("gap"));
        assert!(order_problem(Some(&n("3.3.3")), &n("3.3")).unwrap().contains("out of order"));
        assert!(order_problem(None, &n("3.2")).is_some());
    }

    #[test]
    fn lettered_levels_follow_as_numbered_ones_do() {
        let pass = [
            ("702.19", "702.19a"),
            ("702.19a", "702.19b"),
            ("702.19b", "702.20"),
            ("1.2.3", "1.2.3a"),
            ("1.2.3a", "1.2.4"),
            ("A.3", "A.4"),
            // Rulebooks that skip l and o (kept apart from 1 and 0) lose no letter by it.
            ("100.1k", "100.1m"),
            ("100.1n", "100.1p"),
        ];
        for (before, after) in pass {
            assert_eq!(order_problem(Some(&n(before)), &n(after)), None, "{before} then {after}");
        }
        assert_eq!(order_problem(None, &n("A.1")), None);
        let gap = order_problem(Some(&n("702.19b")), &n("702.19d")).unwrap();
        assert!(gap.contains("gap after 702.19b"), "{gap}");
        let back = order_problem(Some(&n("702.19c")), &n("702.19b")).unwrap();
        assert!(back.contains("after 702.19c"), "{back}");
    }
}
