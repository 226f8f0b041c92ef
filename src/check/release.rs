//! What a release may not print: placeholder text on a component and a set that is not yet
//! complete. A proof (the default build) says so as warnings and lists them on its cover;
//! `--release` makes them errors, as it does provisional values.

use crate::diag::{Code, Diagnostic, Severity};
use crate::model::{Names, Pack};

/// Words that mark a text as not yet written, matched as whole words in this case.
const MARKERS: [&str; 4] = ["TODO", "TBD", "FIXME", "???"];
/// Phrases that mark it, in any case.
const PHRASES: [&str; 2] = ["lorem ipsum", "placeholder"];

/// Placeholder texts of cards and unit types, and a card set smaller than declared.
pub(super) fn check(pack: &Pack, release: bool, out: &mut Vec<Diagnostic>) {
    let finding = |d: Diagnostic, fix: &str| {
        if release {
            Diagnostic { severity: Severity::Error, ..d }
                .with_hint(format!("{fix}; a release prints no placeholder and only complete sets"))
        } else {
            d
        }
    };
    for card in &pack.cards {
        let texts = [
            ("name", card.name.ja.as_str()),
            ("name", &card.name.en),
            ("text", &card.text),
            ("flavour", &card.flavour),
        ];
        if let Some((field, marker)) = texts.iter().find_map(|(f, t)| placeholder(t).map(|m| (f, m))) {
            let d = Diagnostic::warning(
                Code::PLACEHOLDER_TEXT,
                format!("card {}: its {field} is a placeholder (“{marker}”)", card.id),
            );
            out.push(finding(d.at(&card.span), "write the text, or build a proof (without --release)"));
        }
    }
    for unit in &pack.units {
        if let Some(marker) = names_placeholder(&unit.name) {
            let d = Diagnostic::warning(
                Code::PLACEHOLDER_TEXT,
                format!("unit type `{}`: its name is a placeholder (“{marker}”)", unit.id),
            );
            out.push(finding(d.at(&unit.span), "write the name, or build a proof (without --release)"));
        }
    }
    if let Some(declared) = pack.game.totals.cards.as_ref().filter(|_| !pack.cards_complete()) {
        let known = pack.cards.len();
        let d = Diagnostic::warning(
            Code::INCOMPLETE_SET,
            format!("the set is not complete: {known} of the {} cards the pack declares are defined", declared.value),
        );
        out.push(finding(d.at(&declared.span), "add the missing cards, or declare the number the pack has"));
    }
}

fn names_placeholder(names: &Names) -> Option<&'static str> {
    placeholder(&names.ja).or_else(|| placeholder(&names.en))
}

/// The marker that makes `text` a placeholder, if any.
fn placeholder(text: &str) -> Option<&'static str> {
    let words =
        text.split(|c: char| c.is_whitespace() || matches!(c, '.' | ',' | ':' | ';' | '(' | ')' | '[' | ']' | '!'));
    for word in words {
        if let Some(marker) = MARKERS.iter().find(|m| word == **m || (**m == "???" && word.contains("???"))) {
            return Some(marker);
        }
    }
    let lower = text.to_lowercase();
    PHRASES.iter().copied().find(|p| lower.contains(p))
}

#[cfg(test)]
mod tests {
    use super::placeholder;

    #[test]
    fn markers_are_whole_words_and_phrases_any_case() {
        assert_eq!(placeholder("Effect: TODO."), Some("TODO"));
        assert_eq!(placeholder("TBD"), Some("TBD"));
        assert_eq!(placeholder("Lorem ipsum dolor"), Some("lorem ipsum"));
        assert_eq!(placeholder("Name???"), Some("???"));
        assert_eq!(placeholder("[Placeholder] art"), Some("placeholder"));
        assert_eq!(placeholder("Todos los santos"), None, "a word that starts alike is not a marker");
        assert_eq!(placeholder("The 3rd MOTODO brigade"), None);
        assert_eq!(placeholder("朝鮮戦争"), None);
    }
}
