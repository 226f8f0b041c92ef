//! The words the errata documents print by themselves, in the pack's languages: item kinds,
//! what happened, the designer's note classes, column heads and field labels. A field is named
//! by what the pack calls it (a card type's field, a combat factor, a mat's slot row) or by the
//! [errata] messages (a card's text, a name), never by its key in the model.

use super::diff::{Change, ChangeKind, FieldChange};
use crate::messages::{spelt_out, Messages};
use crate::model::{Names, Pack};

/// The words of an errata document between two editions.
pub(super) struct Words<'a> {
    /// The message tables of the newer edition's languages.
    pub(super) msg: Messages,
    old: &'a Pack,
    new: &'a Pack,
}

impl<'a> Words<'a> {
    /// The words for the errata from `old` to `new`, in `new`'s languages.
    pub(super) fn new(old: &'a Pack, new: &'a Pack) -> Words<'a> {
        Words { msg: Messages::of(new), old, new }
    }

    /// The document's title: the game, and the editions compared.
    pub(super) fn title(&self) -> String {
        let title = self.msg.name(&self.new.game.title);
        let (from, to) = (&self.old.game.edition, &self.new.game.edition);
        format!("{title} — {} {from} → {to}", self.msg.text("products.errata"))
    }

    /// The heading of a kind of item (`カード Cards`).
    pub(super) fn heading(&self, item: &str) -> String {
        match item {
            "card" => self.msg.text("errata.heading_card"),
            "unit" => self.msg.text("errata.heading_unit"),
            "counter" => self.msg.text("errata.heading_counter"),
            "chit" => self.msg.text("errata.heading_chit"),
            "hex" => self.msg.text("errata.heading_hex"),
            "place" => self.msg.text("errata.heading_place"),
            "placement" => self.msg.text("errata.heading_placement"),
            "clause" => self.msg.text("errata.heading_clause"),
            "term" => self.msg.text("errata.heading_term"),
            "area" => self.msg.text("errata.heading_area"),
            "totals" => self.msg.text("errata.heading_totals"),
            "component" => self.msg.text("errata.heading_component"),
            "card-type" => self.msg.text("errata.heading_card_type"),
            "setup" => self.msg.text("errata.heading_setup"),
            "deck" => self.msg.text("errata.heading_deck"),
            "sheet" => self.msg.text("errata.heading_sheet"),
            "track" => self.msg.text("errata.heading_track"),
            "phase" => self.msg.text("errata.heading_phase"),
            "victory" => self.msg.text("errata.heading_victory"),
            "aid" => self.msg.text("errata.heading_aid"),
            "route" => self.msg.text("errata.heading_route"),
            "hexside" => self.msg.text("errata.heading_hexside"),
            "region" => self.msg.text("errata.heading_region"),
            "map" => self.msg.text("errata.heading_map"),
            other => spelt_out(other),
        }
    }

    /// One item kind in the pack's languages (`カード card`).
    fn kind(&self, item: &str) -> String {
        match item {
            "card" => self.msg.text("errata.item_card"),
            "unit" => self.msg.text("errata.item_unit"),
            "counter" => self.msg.text("errata.item_counter"),
            "chit" => self.msg.text("errata.item_chit"),
            "hex" => self.msg.text("errata.item_hex"),
            "place" => self.msg.text("errata.item_place"),
            "placement" => self.msg.text("errata.item_placement"),
            "clause" => self.msg.text("errata.item_clause"),
            "term" => self.msg.text("errata.item_term"),
            "area" => self.msg.text("errata.item_area"),
            "totals" => self.msg.text("errata.item_totals"),
            "component" => self.msg.text("errata.item_component"),
            "card-type" => self.msg.text("errata.item_card_type"),
            "setup" => self.msg.text("errata.item_setup"),
            "deck" => self.msg.text("errata.item_deck"),
            "sheet" => self.msg.text("errata.item_sheet"),
            "track" => self.msg.text("errata.item_track"),
            "phase" => self.msg.text("errata.item_phase"),
            "victory" => self.msg.text("errata.item_victory"),
            "aid" => self.msg.text("errata.item_aid"),
            "route" => self.msg.text("errata.item_route"),
            "hexside" => self.msg.text("errata.item_hexside"),
            "region" => self.msg.text("errata.item_region"),
            "map" => self.msg.text("errata.item_map"),
            other => spelt_out(other),
        }
    }

    /// The item a change is about: its kind and name in the pack's languages, after the id only
    /// where players know the item by it (`カード card 15 魚雷D Torpedo D`, a hex's number) or
    /// it has no name (`条項 clause 6.1`, not the clause's internal id `actions.choose`); the
    /// totals of the game are just the kind.
    pub(super) fn item(&self, c: &Change) -> String {
        let name = self.names(c).map(|n| self.msg.name(&n)).unwrap_or_else(|| c.name.clone());
        let mut parts = vec![self.kind(c.item)];
        let named = !name.is_empty() && name != c.id;
        if c.item != "totals" && (matches!(c.item, "card" | "hex") || !named) {
            parts.push(c.id.clone());
        }
        if named && c.item != "totals" {
            parts.push(name);
        }
        parts.join(" ")
    }

    /// The item's names, from the newer edition (or the older, for a removed item).
    fn names(&self, c: &Change) -> Option<Names> {
        let find = |pack: &Pack| -> Option<Names> {
            let id = c.id.as_str();
            match c.item {
                "card" => pack.card(id).map(|x| x.name.clone()),
                "unit" => pack.unit_by_id(id).map(|x| x.name.clone()),
                "term" => pack.term(id).map(|x| x.name.clone()),
                "card-type" => pack.card_type(id).map(|x| x.name.clone()),
                "component" => pack.game.components.iter().find(|x| x.kind == id).map(|x| x.name.clone()),
                "setup" => pack.setups.iter().find(|x| x.id == id).map(|x| x.name.clone()),
                "sheet" => pack.sheets.iter().find(|x| x.id == id).map(|x| x.name.clone()),
                "track" => pack.tracks.iter().find(|x| x.id == id).map(|x| x.name.clone()),
                "phase" => pack.sequence.iter().find(|x| x.id == id).map(|x| x.name.clone()),
                "aid" => pack.aids.iter().find(|x| x.id == id).map(|x| x.title.clone()),
                "area" => pack.map.as_ref().and_then(|m| m.areas.iter().find(|x| x.id == id)).map(|x| x.name.clone()),
                "region" => {
                    pack.map.as_ref().and_then(|m| m.regions.iter().find(|x| x.id == id)).map(|x| x.name.clone())
                }
                "map" => pack.map.as_ref().map(|m| m.name.clone()),
                "place" => pack
                    .map
                    .iter()
                    .flat_map(|m| &m.hexes)
                    .filter_map(|h| h.place.as_ref())
                    .find(|p| p.id == id)
                    .map(|p| p.name.clone()),
                _ => None,
            }
        };
        find(self.new).or_else(|| find(self.old))
    }

    /// A change in a few words, naming the changed fields but not their values, for the heading
    /// above the table of old and new values.
    pub(super) fn headline(&self, c: &Change) -> String {
        let what = match &c.kind {
            ChangeKind::Added => self.msg.text("errata.added"),
            ChangeKind::Removed => self.msg.text("errata.removed"),
            ChangeKind::Renumbered { old, new } => format!("{} {old} → {new}", self.msg.text("errata.renumbered")),
            ChangeKind::Moved { from, to } => format!("{} {from} → {to}", self.msg.text("errata.moved")),
            ChangeKind::Changed { fields } => {
                let names: Vec<String> = fields.iter().map(|f| self.field(c, &f.field)).collect();
                format!("{} {}", self.msg.text("errata.changed"), names.join(", "))
            }
        };
        format!("[{}] {}: {what}", self.new.game.edition, self.item(c))
    }

    /// The designer's notes on `c` in the newer edition, each as a label (`調整 balance · ハート
    /// heart`), its text and the note.
    pub(super) fn notes(&self, c: &Change) -> Vec<(String, &'a crate::model::ErrataNote)> {
        self.new
            .errata_notes
            .iter()
            .filter(|n| n.item == c.item && n.id == c.id)
            .map(|n| {
                let mut label = self.class(&n.class);
                for field in &n.fields {
                    // A note names a field as the designer does (`heart` for `fields.heart`).
                    let path = match &c.kind {
                        ChangeKind::Changed { fields } => fields
                            .iter()
                            .find(|f| f.is_named(field))
                            .map_or(field.clone(), |f: &FieldChange| f.field.clone()),
                        _ => field.clone(),
                    };
                    label = format!("{label} · {}", self.field(c, &path));
                }
                (label, n)
            })
            .collect()
    }

    /// A note's class: correction, clarification or balance.
    fn class(&self, class: &str) -> String {
        match class {
            "correction" => self.msg.text("errata.class_correction"),
            "clarification" => self.msg.text("errata.class_clarification"),
            "balance" => self.msg.text("errata.class_balance"),
            other => spelt_out(other),
        }
    }

    /// The heads of the field table's columns: field, old (with its edition), new.
    pub(super) fn heads(&self) -> [String; 3] {
        [
            self.msg.text("errata.field"),
            format!("{} · {}", self.msg.text("errata.old"), self.old.game.edition),
            format!("{} · {}", self.msg.text("errata.new"), self.new.game.edition),
        ]
    }

    /// A changed field as the pack names it: a card type's field by its name, a combat factor by
    /// its name, a mat's slot row by its name, other keys by the [errata] messages.
    pub(super) fn field(&self, c: &Change, path: &str) -> String {
        let packs = [self.new, self.old];
        if let ("card", Some(id)) = (c.item, path.strip_prefix("fields.")) {
            let field = packs.iter().find_map(|p| {
                let card = p.card(&c.id)?;
                p.card_type(&card.card_type.value)?.fields.iter().find(|f| f.id == id).map(|f| f.name.clone())
            });
            return field.map_or_else(|| spelt_out(id), |n| self.msg.name(&n));
        }
        if let ("unit", Some(id)) = (c.item, path.strip_prefix("factors.")) {
            let factor = packs.iter().find_map(|p| p.factors.iter().find(|f| f.id == id).map(|f| f.name.clone()));
            return factor.map_or_else(|| spelt_out(id), |n| self.msg.name(&n));
        }
        // A name in one language is one field: `名称（英語） name (English)`.
        let (path, language) = match path.rsplit_once('.') {
            Some((rest, "ja")) if rest.ends_with("name") => (rest, self.msg.text("errata.field_name_ja")),
            Some((rest, "en")) if rest.ends_with("name") => (rest, self.msg.text("errata.field_name_en")),
            _ => (path, String::new()),
        };
        let mut parts: Vec<String> =
            path.split('.').filter(|s| !s.is_empty()).map(|segment| self.segment(c, segment)).collect();
        if !language.is_empty() {
            parts.pop();
            parts.push(language);
        }
        parts.join(" · ")
    }

    /// One segment of a field path: a key, or a list element (`slots[actions]`) by its name when
    /// the pack names it, else by the list's key and the element's id or index.
    fn segment(&self, c: &Change, segment: &str) -> String {
        let Some((key, rest)) = segment.split_once('[') else { return self.key(segment) };
        let selector = rest.trim_end_matches(']');
        let packs = [self.new, self.old];
        let named = packs.iter().find_map(|p| match (c.item, key) {
            ("sheet", "slots") => {
                let sheet = p.sheets.iter().find(|s| s.id == c.id)?;
                sheet.slots.iter().find(|s| s.id == selector).map(|s| s.name.clone())
            }
            ("sheet", "columns") => {
                let sheet = p.sheets.iter().find(|s| s.id == c.id)?;
                sheet.columns.get(selector.parse::<usize>().ok()?).map(|col| col.name.clone())
            }
            ("card-type", "fields") => {
                p.card_type(&c.id)?.fields.iter().find(|f| f.id == selector).map(|f| f.name.clone())
            }
            _ => None,
        });
        match named {
            Some(names) => self.msg.name(&names),
            None => format!("{} {selector}", self.key(key)),
        }
    }

    /// A key of the model in the pack's languages; a key without a message is spelt out in words.
    fn key(&self, key: &str) -> String {
        let m = &self.msg;
        match key {
            "text" => m.text("errata.field_text"),
            "name" => m.text("errata.field_name"),
            "title" => m.text("errata.field_title"),
            "ja" => m.text("errata.field_ja"),
            "en" => m.text("errata.field_en"),
            "number" => m.text("errata.field_number"),
            "count" => m.text("errata.field_count"),
            "of" => m.text("errata.field_of"),
            "boxes" => m.text("errata.field_boxes"),
            "values" => m.text("errata.field_values"),
            "value" => m.text("errata.field_value"),
            "items" => m.text("errata.field_items"),
            "sheets" => m.text("errata.field_sheets"),
            "per_sheet" => m.text("errata.field_per_sheet"),
            "cards" => m.text("errata.field_cards"),
            "kind" => m.text("errata.field_kind"),
            "when" => m.text("errata.field_when"),
            "side" => m.text("errata.field_side"),
            "timing" => m.text("errata.field_timing"),
            "tags" => m.text("errata.field_tags"),
            "effects" => m.text("errata.field_effects"),
            "requires" => m.text("errata.field_requires"),
            "rules" | "rule" => m.text("errata.field_rules"),
            "hex" => m.text("errata.field_hex"),
            "city" => m.text("errata.field_city"),
            "vp" => m.text("errata.field_vp"),
            "class" => m.text("errata.field_class"),
            "force" => m.text("errata.field_force"),
            "factors" => m.text("errata.field_factors"),
            "slots" => m.text("errata.field_slots"),
            "columns" => m.text("errata.field_columns"),
            "fields" => m.text("errata.field_fields"),
            "label" => m.text("errata.field_label"),
            "hand_size" => m.text("errata.field_hand_size"),
            "attributes" => m.text("errata.field_attributes"),
            "provisional" => m.text("errata.field_provisional"),
            "location" => m.text("errata.field_location"),
            "piece" => m.text("errata.field_piece"),
            "size" => m.text("errata.field_size"),
            "paper" => m.text("errata.field_paper"),
            other => spelt_out(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_without_a_message_are_spelt_out_in_words() {
        assert_eq!(spelt_out("milops_required"), "milops required");
        assert_eq!(spelt_out("card-type"), "card type");
    }

    #[test]
    fn an_item_is_named_by_its_printed_number_and_name_never_by_an_internal_id() {
        let pack = Pack::default();
        let words = Words::new(&pack, &pack);
        let change = |item, id: &str, name: &str| Change {
            item,
            id: id.into(),
            name: name.into(),
            kind: crate::errata::diff::ChangeKind::Added,
        };
        assert_eq!(words.item(&change("clause", "actions.choose", "6.1")), "clause 6.1");
        assert_eq!(words.item(&change("card", "15", "魚雷C")), "card 15 魚雷C");
        assert_eq!(words.item(&change("victory", "target-a", "target-a")), "victory condition target-a");
    }
}
