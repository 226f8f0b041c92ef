//! Numbers the data and its rule clause both state must agree: a deck's `size`, a stacking
//! constraint's `max_units` and the number a victory condition compares with (when it has one
//! comparison; its size for a negative threshold on a tug-of-war track), each against the
//! numbers its `rule` clause types ("takes out the 18 cards", "no more than four units", "9 VP or
//! more"). A clause that prints the value from the data (`[[value:deck.setup1-liberation.size]]`)
//! always agrees; a clause that states no number is not compared.

use crate::diag::{Code, Diagnostic, Span};
use crate::model::{Clause, Expr, Pack, Ref};

/// Number words a clause may write instead of digits.
const WORDS: [&str; 13] =
    ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

/// The whole numbers a clause's text and items state, with data values printed and other
/// references left out (their card and rule numbers are not statements of quantity).
pub(crate) fn numbers(pack: &Pack, clause: &Clause) -> Vec<i64> {
    let mut out = Vec::new();
    for text in std::iter::once(&clause.text).chain(&clause.items).chain([&clause.title.en, &clause.title.ja]) {
        let mut plain = String::new();
        let mut rest = text.as_str();
        while let Some(open) = rest.find("[[") {
            plain.push_str(&rest[..open]);
            let Some(close) = rest[open..].find("]]") else { break };
            if let Some(path) = rest[open + 2..open + close].strip_prefix("value:") {
                plain.push_str(&format!(" {} ", pack.data_value(path).unwrap_or_default()));
            }
            plain.push(' ');
            rest = &rest[open + close + 2..];
        }
        plain.push_str(rest);
        // Digit runs that are not part of a dotted rule number (8.4.2) or a decimal.
        let chars: Vec<char> = plain.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            if chars[i].is_ascii_digit() {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let digit_at = |j: usize| chars.get(j).is_some_and(char::is_ascii_digit);
                let dotted_after = chars.get(i) == Some(&'.') && digit_at(i + 1);
                let dotted_before = start >= 2 && chars[start - 1] == '.' && digit_at(start - 2);
                if !dotted_after && !dotted_before {
                    if let Ok(n) = chars[start..i].iter().collect::<String>().parse() {
                        out.push(n);
                    }
                }
            } else {
                i += 1;
            }
        }
        for word in plain.split(|c: char| !c.is_alphabetic()) {
            if let Some(n) = WORDS.iter().position(|w| word.eq_ignore_ascii_case(w)) {
                out.push(n as i64);
            }
        }
    }
    out
}

/// Runs the comparison for decks, stacking constraints and victories.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for deck in &pack.decks {
        let what = format!("deck `{}` has {} cards", deck.id, deck.size.value);
        compare(pack, i64::from(deck.size.value), deck.rule.as_ref(), &deck.size.span, &what, out);
    }
    for s in &pack.constraints.stacking {
        let what = format!("the {} stacking limit is {} units", s.side.value, s.max_units);
        compare(pack, i64::from(s.max_units), s.rule.as_ref(), &s.span, &what, out);
    }
    for v in &pack.victory {
        // Only a condition with one comparison has one threshold the clause can state.
        let mut values = Vec::new();
        thresholds(&v.when, &mut values);
        if let [(value, span)] = values[..] {
            let what = format!("victory `{}` compares with {value}", v.id);
            compare(pack, value, v.rule.as_ref(), span, &what, out);
        }
    }
}

fn compare(pack: &Pack, value: i64, rule: Option<&Ref>, span: &Span, what: &str, out: &mut Vec<Diagnostic>) {
    let Some(clause) = rule.and_then(|r| pack.clause(r)) else { return };
    let stated = numbers(pack, clause);
    // A tug-of-war track states "20" for the side whose lead is -20.
    if stated.is_empty() || stated.contains(&value) || stated.contains(&value.saturating_abs()) {
        return;
    }
    let mut list: Vec<String> = Vec::new();
    for n in &stated {
        if !list.contains(&n.to_string()) {
            list.push(n.to_string());
        }
    }
    out.push(
        Diagnostic::error(
            Code::STATED_NUMBER,
            format!("{what}, but rule {} states {}", clause.number, list.join(", ")),
        )
        .at(span)
        .with_related(&clause.span, "the rule clause")
        .with_hint("make the data and the rule agree; a clause can print the data's value with [[value:…]]"),
    );
}

/// The numbers a condition compares with, each at its function's name.
fn thresholds<'a>(expr: &'a Expr, out: &mut Vec<(i64, &'a Span)>) {
    match expr {
        Expr::Call(_) | Expr::Versus { .. } => {}
        Expr::Compare { call, value, .. } => out.push((*value, &call.name.span)),
        Expr::Not { expr } => thresholds(expr, out),
        Expr::All { exprs } | Expr::Any { exprs } => exprs.iter().for_each(|e| thresholds(e, out)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clause(text: &str) -> Clause {
        Clause { id: "c".into(), number: "1.1".into(), text: text.into(), ..Default::default() }
    }

    #[test]
    fn a_clause_states_digits_and_number_words_but_not_rule_or_card_numbers() {
        let pack = Pack::default();
        let n = |t: &str| numbers(&pack, &clause(t));
        assert_eq!(n("The Liberation player takes out the 18 cards."), [18]);
        assert_eq!(n("no more than four units per hex until [[card:29]] is open"), [4]);
        assert_eq!(n("see rule 8.4.2 and 2.5 on average"), Vec::<i64>::new());
        assert_eq!(n("9 VP or more: Liberation wins; 0 VP: Federal wins"), [9, 0]);
    }

    #[test]
    fn a_clause_title_states_numbers_too() {
        let mut titled = clause("Draw cards up to your hand size.");
        titled.title.en = "Hand of six".into();
        titled.title.ja = "手札7枚".into();
        assert_eq!(numbers(&Pack::default(), &titled), [6, 7]);
    }
}
