//! Rule numbering: no two clauses share a display number or an id, and numbers run in order
//! without gaps inside each section.

use std::collections::BTreeMap;

use crate::diag::{Code, Diagnostic, Span};
use crate::model::Pack;

/// Runs the numbering checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let mut numbers: BTreeMap<&str, &Span> = BTreeMap::new();
    let mut ids: BTreeMap<&str, &Span> = BTreeMap::new();
    for section in &pack.rules.sections {
        if let Some(first) = ids.insert(&section.id, &section.span) {
            out.push(
                Diagnostic::error(Code::DUPLICATE_ID, format!("two sections have the id `{}`", section.id))
                    .at(&section.span)
                    .with_related(first, "first here"),
            );
        }
        let mut previous: Option<Vec<u32>> = None;
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
            if let Some(first) = ids.insert(&clause.id, &clause.span) {
                out.push(
                    Diagnostic::error(Code::DUPLICATE_ID, format!("two clauses have the id `{}`", clause.id))
                        .at(&clause.span)
                        .with_related(first, "first here"),
                );
            }
            let parts: Vec<u32> = clause.number.split('.').filter_map(|p| p.parse().ok()).collect();
            if parts.first().map(u32::to_string).as_deref() != Some(section.number.as_str()) {
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
                    let number: String = rest.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
                    let number = number.trim_end_matches('.');
                    if let Some(target) =
                        pack.rules.sections.iter().flat_map(|s| &s.clauses).find(|c| c.number == number)
                    {
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
fn order_problem(prev: Option<&[u32]>, next: &[u32]) -> Option<String> {
    let Some(prev) = prev else {
        return (next.len() != 2 || next[1] != 1).then(|| "should be the section's first clause, .1".to_string());
    };
    if next.len() == prev.len() + 1 && next[..prev.len()] == *prev && next[prev.len()] == 1 {
        return None;
    }
    for depth in (1..prev.len().min(next.len())).rev() {
        if next.len() == depth + 1 && next[..depth] == prev[..depth] {
            let want = prev[depth] + 1;
            return match next[depth].cmp(&want) {
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some(format!("leaves a gap after {}", join(&prev[..=depth]))),
                std::cmp::Ordering::Less => Some(format!("comes after {} (out of order or a duplicate)", join(prev))),
            };
        }
    }
    Some(format!("does not follow {}", join(prev)))
}

fn join(parts: &[u32]) -> String {
    parts.iter().map(u32::to_string).collect::<Vec<_>>().join(".")
}

#[cfg(test)]
mod tests {
    use super::order_problem;

    #[test]
    fn natural_successors_pass() {
        assert_eq!(order_problem(None, &[3, 1]), None);
        assert_eq!(order_problem(Some(&[3, 3]), &[3, 3, 1]), None);
        assert_eq!(order_problem(Some(&[3, 3, 3]), &[3, 4]), None);
        assert_eq!(order_problem(Some(&[28, 1, 2, 2]), &[28, 1, 3]), None);
    }

    #[test]
    fn gaps_and_repeats_are_reported() {
        assert!(order_problem(Some(&[3, 2]), &[3, 4]).unwrap().contains("gap"));
        assert!(order_problem(Some(&[3, 3, 3]), &[3, 3]).unwrap().contains("out of order"));
        assert!(order_problem(None, &[3, 2]).is_some());
    }
}
