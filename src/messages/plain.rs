//! Rule texts as plain words: `[[kind:target]]` references written out (rule numbers, card
//! numbers and names, unit and place names) in a reader's language, emphasis markers dropped. It
//! lives here, not in `model`, because a cited card reads "card 29" in the reader's words.

use super::Messages;
use crate::model::{markup, Card, CardField, FieldKind, FieldValue, Names, Pack};

impl Pack {
    /// A rule text with its `[[kind:target]]` references written out in English (rule numbers,
    /// card numbers, names); without its emphasis markers (`*x*`, `**x**`), its icons as their
    /// names ([`markup::words`]).
    pub fn plain_text(&self, text: &str) -> String {
        self.plain_text_in(text, "en")
    }

    /// A rule text with its references written out as a reader of `language` reads them: names in
    /// that language where the pack has them, else in the other.
    pub fn plain_text_in(&self, text: &str, language: &str) -> String {
        self.written_out(text, language, &mut |run| self.words(run))
    }

    /// A card text as a table prints it: references written out as [`Pack::plain_text`] does,
    /// emphasis markers dropped, and each icon standing as one [`markup::ICON`]; also the icons'
    /// images in the order they stand.
    pub fn marked_text(&self, text: &str) -> (String, Vec<String>) {
        let mut icons = Vec::new();
        let plain = self.written_out(text, "en", &mut |run| {
            let marked = markup::marked(run, &|name| self.icon(name).is_some());
            icons.extend(marked.icons.iter().filter_map(|(_, name)| self.icon(name)).map(|i| i.path.clone()));
            marked.plain
        });
        (plain, icons)
    }

    /// `text` with its references written out for a reader of `language`, the runs between them
    /// as `words` makes them.
    fn written_out(&self, text: &str, language: &str, words: &mut dyn FnMut(&str) -> String) -> String {
        let pack = self;
        let name = |names: &Names| -> String {
            match language {
                "ja" => either(&names.ja, &names.en),
                _ => either(&names.en, &names.ja),
            }
            .to_string()
        };
        let mut out = String::new();
        let mut rest = text;
        while let Some(open) = rest.find("[[") {
            out.push_str(&words(&rest[..open]));
            let Some(close) = rest[open..].find("]]") else { break };
            let inner = &rest[open + 2..open + close];
            let (kind, target) = inner.split_once(':').unwrap_or(("", inner));
            let shown = match kind {
                // A clause, a whole section or a part, by its number.
                "rule" => match pack.clause(target) {
                    Some(c) => c.number.clone(),
                    None => pack
                        .rules
                        .sections
                        .iter()
                        .find(|s| s.id == target)
                        .map(|s| s.number.clone())
                        .or_else(|| pack.rules.parts.iter().find(|p| p.id == target).map(|p| p.number.clone()))
                        .unwrap_or_else(|| target.to_string()),
                },
                // A card by its number and its name (the printed Japanese one first in English
                // text too, as the card shows it), or its number alone.
                "card" => {
                    let (number, card_name) = match pack.card(target) {
                        Some(c) if language == "ja" => (c.id.clone(), name(&c.name)),
                        Some(c) => (c.id.clone(), either(&c.name.ja, &c.name.en).to_string()),
                        None => (target.to_string(), String::new()),
                    };
                    // The word "card" in the reader's language; made only where a card is cited.
                    let msg = super::Messages::new(&[language]);
                    match card_name.as_str() {
                        "" => msg.fill_first("reference.card_number", &[("number", &number)]),
                        n => msg.fill_first("reference.card_named", &[("number", &number), ("name", n)]),
                    }
                }
                "unit" => pack.unit(None, target).map_or(target.to_string(), |u| name(&u.name)),
                // A named hex, else an area of an area map, else a box (as the checks accept).
                "place" | "hex" | "box" => pack
                    .hex(target)
                    .and_then(|h| h.place.as_ref().map(|p| name(&p.name)))
                    .or_else(|| pack.area(target).map(|a| name(&a.name)))
                    .or_else(|| pack.box_def(target).map(|b| name(&b.name)))
                    .unwrap_or_else(|| target.to_string()),
                "term" => pack.term(target).map_or(target.to_string(), |t| name(&t.name)),
                "setup" => pack.setup(target).map_or(target.to_string(), |s| name(&s.name)),
                "side" => pack.side(target).map_or(target.to_string(), |s| name(&s.name)),
                "value" => pack.data_value(target).unwrap_or_else(|| target.to_string()),
                _ => target.to_string(),
            };
            out.push_str(&shown);
            rest = &rest[open + close + 2..];
        }
        out.push_str(&words(rest));
        out
    }

    /// A card tag as pages print it: its name from `[tag_names]` in the first language, else the
    /// tag spelt out (never a raw id).
    pub fn tag_label(&self, msg: &Messages, tag: &str) -> String {
        let name = self.tag_names.get(tag).map_or("", |names| msg.first_name(names));
        if name.is_empty() {
            super::spelt_out(tag)
        } else {
            name.to_string()
        }
    }

    /// Whether `tag` only repeats what `card`'s type name says (a transport card tagged
    /// transport): faces and the card list then show it by the type alone.
    pub fn tag_says_type(&self, msg: &Messages, card: &Card, tag: &str) -> bool {
        self.card_type(&card.card_type).is_some_and(|t| msg.first_name(&t.name).contains(&self.tag_label(msg, tag)))
    }

    /// `card`'s typed fields that `keep` selects, in its card type's order, each as its display
    /// name, `between`, and its value (a set flag as its name alone, text read as words), joined
    /// by ` · `: what the card list and rules.html's card table print of them.
    pub fn card_fields(&self, msg: &Messages, card: &Card, keep: &dyn Fn(&CardField) -> bool, between: &str) -> String {
        let Some(card_type) = self.card_type(&card.card_type) else { return String::new() };
        let shown = card_type.fields.iter().filter(|f| keep(f)).filter_map(|field| {
            let name = msg.name(&field.name);
            let value = match card.fields.get(&field.id)? {
                FieldValue::Flag(false) => return None,
                FieldValue::Flag(true) => return Some(name),
                FieldValue::Text(t) if matches!(field.kind, FieldKind::Choice { .. }) => msg.value_name(field, t),
                FieldValue::Text(t) => self.plain_text(t),
                FieldValue::List(l) => l.iter().map(|v| msg.value_name(field, v)).collect::<Vec<_>>().join(", "),
                other => other.display(),
            };
            Some(format!("{name}{between}{value}"))
        });
        shown.collect::<Vec<_>>().join(" · ")
    }

    /// A run of text between references: markers dropped, the pack's icons as their names.
    fn words(&self, text: &str) -> String {
        markup::words(text, &|name| self.icon(name).is_some())
    }
}

/// `preferred` when the data gives it, else `other`: a name in the language the sentence is
/// written in when the pack has it, so a pack with names in one language only never prints an
/// empty name.
fn either<'s>(preferred: &'s str, other: &'s str) -> &'s str {
    if preferred.trim().is_empty() {
        other
    } else {
        preferred
    }
}
