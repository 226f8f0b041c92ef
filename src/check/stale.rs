//! Rule numbers typed in card texts and in clauses' text, items, notes and remarks must name a
//! clause or section that exists: after a renumbering, "see rule 13.4" in a card's text points at nothing
//! (an error; a typed number that still resolves is only warning W0701, in `rules`).

use crate::diag::{Code, Diagnostic, Span};
use crate::model::Pack;

/// Words after which a number means a rule (the same as W0701's).
const RULE_WORDS: [&str; 7] = ["rule ", "rules ", "clause ", "section ", "see ", "ルール", "§"];

/// The rule numbers `text` types after a rule word that name no clause or section. After "see",
/// only a dotted number counts ("see 3 dice" is not a reference).
pub(crate) fn stale(pack: &Pack, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let lower = text.to_lowercase();
    for word in RULE_WORDS {
        for (at, _) in lower.match_indices(word) {
            let Some(rest) = lower.get(at + word.len()..) else { continue };
            let number: String = rest.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
            let number = number.trim_end_matches('.').to_string();
            if number.is_empty() || (word == "see " && !number.contains('.')) {
                continue;
            }
            let clauses = pack.rules.sections.iter().flat_map(|s| &s.clauses);
            let known =
                clauses.clone().any(|c| c.number == number) || pack.rules.sections.iter().any(|s| s.number == number);
            if !known && !out.contains(&number) {
                out.push(number);
            }
        }
    }
    out
}

/// Runs the check over card texts and clause texts, items, notes and remarks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    if pack.rules.sections.is_empty() {
        return; // a pack without rules has nothing to resolve against
    }
    let mut report = |what: String, number: &str, span: &Span| {
        out.push(
            Diagnostic::error(Code::STALE_RULE_NUMBER, format!("{what} types rule {number}, which no clause has"))
                .at(span)
                .with_hint("link the clause with [[rule:<clause id>]] (it follows renumbering), or fix the number"),
        );
    };
    for card in &pack.cards {
        for text in [&card.text, &card.flavour] {
            for number in stale(pack, text) {
                report(format!("card {}", card.id), &number, &card.span);
            }
        }
    }
    for clause in pack.rules.sections.iter().flat_map(|s| &s.clauses) {
        for text in clause.texts().chain(&clause.notes).chain(&clause.remarks) {
            for number in stale(pack, text) {
                report(format!("clause {}", clause.number), &number, &clause.span);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Clause, Section};

    #[test]
    fn only_numbers_no_clause_has_are_stale() {
        let clause = |number: &str| Clause { id: number.into(), number: number.into(), ..Default::default() };
        let mut pack = Pack::default();
        pack.rules.sections.push(Section {
            id: "movement".into(),
            number: "8".into(),
            title: Default::default(),
            part: None,
            kind: None,
            clauses: vec![clause("8.1"), clause("8.4.2")],
            span: Span::default(),
        });
        assert!(stale(&pack, "see rule 8.4.2, and section 8").is_empty());
        assert_eq!(stale(&pack, "Liberation stacks freely (rule 8.3.2)."), ["8.3.2"]);
        assert_eq!(stale(&pack, "ルール9.1を参照"), ["9.1"]);
        assert!(stale(&pack, "roll the dice and see 3 results").is_empty(), "a count, not a reference");
    }
}
