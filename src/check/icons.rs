//! Icons in card texts: every `[name]` a card's text, flavour or text field writes names an icon
//! `[icons]` declares (a bracketed name that is not one would print as written).

use crate::diag::{did_you_mean, Code, Diagnostic};
use crate::model::{markup, FieldValue, Pack};

/// Reports every undeclared icon, at its card's row.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let names: Vec<&str> = pack.icons.iter().map(|i| i.name.as_str()).collect();
    for card in &pack.cards {
        let fields = card.fields.iter().filter_map(|(name, v)| match v {
            FieldValue::Text(t) => Some((name.as_str(), t.as_str())),
            _ => None,
        });
        let texts = [("text", card.text.as_str()), ("flavour", card.flavour.as_str())].into_iter().chain(fields);
        for (field, text) in texts {
            for (_, name) in markup::icon_spans(text).into_iter().filter(|(_, n)| !names.contains(n)) {
                let hint = did_you_mean(name, names.iter().copied()).unwrap_or_else(|| {
                    format!("declare it in pack.toml: `[icons] {name} = \"icons/{name}.svg\"`, or write `\\[{name}]` to print the brackets")
                });
                out.push(
                    Diagnostic::error(
                        Code::UNKNOWN_ICON,
                        format!(
                            "card {}: its {field} draws the icon `[{name}]`, which [icons] does not declare",
                            card.id
                        ),
                    )
                    .at(&card.span)
                    .with_hint(hint),
                );
            }
        }
    }
}
