//! A text a pack writes once for every language prints in each of them: one holding Japanese
//! script in a pack that prints English (or any language but Japanese) would print Japanese
//! there (W0006; an error with `--release`). Such a text wants a name per language.

use crate::diag::{Code, Diagnostic, Severity};
use crate::model::Pack;

/// Runs the check.
pub(super) fn check(pack: &Pack, release: bool, out: &mut Vec<Diagnostic>) {
    let others: Vec<&str> = pack.game.languages.iter().map(String::as_str).filter(|l| *l != "ja").collect();
    let Some(first) = others.first() else { return };
    for plain in pack.plain_texts.iter().filter(|p| japanese_script(&p.text)) {
        let d = Diagnostic::warning(
            Code::PLAIN_TEXT_SCRIPT,
            format!(
                "{} `{}` is written once for every language, so it prints in Japanese in `{first}` too",
                plain.what, plain.text
            ),
        )
        .at(&plain.span)
        .with_hint(format!("write it per language, e.g. {{ ja = \"{}\", {first} = \"…\" }}", plain.text));
        // A release prints no text in a language it is not in.
        out.push(if release { Diagnostic { severity: Severity::Error, ..d } } else { d });
    }
}

/// Whether `text` holds kana or kanji (not merely a letter beyond ASCII: `é` is Latin).
fn japanese_script(text: &str) -> bool {
    text.chars().any(|c| matches!(c, '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{9fff}' | '\u{ff66}'..='\u{ff9f}'))
}

#[cfg(test)]
mod tests {
    use super::japanese_script;

    #[test]
    fn kana_and_kanji_are_japanese_script_and_accented_latin_is_not() {
        assert!(japanese_script("5 平和 / peace"));
        assert!(japanese_script("チット"));
        assert!(japanese_script("ｶﾀｶﾅ"));
        assert!(!japanese_script("Café Ş α"));
        assert!(!japanese_script("5 / peace"));
    }
}
