//! A text a pack writes once for every language prints in each of them: one holding Japanese
//! script in a pack that prints English (or any language but Japanese) would print Japanese
//! there, and an English phrase in a pack that prints only Japanese would print English
//! (W0006; an error with `--release`). Such a text wants a name per language.

use crate::diag::{Code, Diagnostic, Severity};
use crate::model::Pack;

/// Runs the check.
pub(super) fn check(pack: &Pack, release: bool, out: &mut Vec<Diagnostic>) {
    let languages: Vec<&str> = pack.game.languages.iter().map(String::as_str).collect();
    let other = languages.iter().copied().find(|l| *l != "ja");
    // A pack printing only Japanese prints an English phrase as it is; one printing another
    // language prints Japanese script in that language's pages.
    let (script, language, wrong): (&str, &str, fn(&str) -> bool) = match other {
        Some(first) => ("Japanese", first, japanese_script),
        None if languages.contains(&"ja") => ("English", "ja", english_phrase),
        None => return,
    };
    for plain in pack.plain_texts.iter().filter(|p| wrong(&p.text)) {
        let d = Diagnostic::warning(
            Code::PLAIN_TEXT_SCRIPT,
            format!(
                "{} `{}` is written once for every language, so it prints in {script} in `{language}` too",
                plain.what, plain.text
            ),
        )
        .at(&plain.span)
        .with_hint(match script {
            "English" => format!("write it per language, e.g. {{ ja = \"…\", en = \"{}\" }}", plain.text),
            _ => format!("write it per language, e.g. {{ ja = \"{}\", {language} = \"…\" }}", plain.text),
        });
        // A release prints no text in a language it is not in.
        out.push(if release { Diagnostic { severity: Severity::Error, ..d } } else { d });
    }
}

/// Whether `text` reads as an English phrase: no Japanese script, and at least two words of
/// Latin letters, one of them in lower case (`USSR wins at once`; not `20 USSR`, `DEFCON` or
/// `VP`, which Japanese rules print as they are).
fn english_phrase(text: &str) -> bool {
    let words: Vec<&str> = text.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 2).collect();
    !japanese_script(text) && words.len() >= 2 && words.iter().any(|w| w.chars().all(|c| c.is_ascii_lowercase()))
}

/// Whether `text` holds kana or kanji (not merely a letter beyond ASCII: `é` is Latin).
fn japanese_script(text: &str) -> bool {
    text.chars().any(|c| matches!(c, '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{9fff}' | '\u{ff66}'..='\u{ff9f}'))
}

#[cfg(test)]
mod tests {
    use super::{english_phrase, japanese_script};

    #[test]
    fn kana_and_kanji_are_japanese_script_and_accented_latin_is_not() {
        assert!(japanese_script("5 平和 / peace"));
        assert!(japanese_script("チット"));
        assert!(japanese_script("ｶﾀｶﾅ"));
        assert!(!japanese_script("Café Ş α"));
        assert!(!japanese_script("5 / peace"));
    }

    #[test]
    fn a_sentence_in_latin_letters_is_english_and_abbreviations_are_not() {
        assert!(english_phrase("USSR wins at once"));
        assert!(english_phrase("the game starts here"));
        assert!(!english_phrase("20 USSR"));
        assert!(!english_phrase("DEFCON"));
        assert!(!english_phrase("peace"), "one word may be a name");
        assert!(!english_phrase("ソ連の勝利 USSR wins"), "Japanese text with an aside");
    }
}
