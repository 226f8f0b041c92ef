//! cards.csv: one row per known card, with the common columns and the typed fields of its type.

use std::collections::BTreeMap;

use super::csv::{Columns, Row};
use super::units::{duplicate_check, provisional_fields};
use super::Loader;
use crate::diag::{Code, Diagnostic};
use crate::model::{Card, CardType, FieldValue, OwnBack, Pack, Spanned};

const CARD_COLUMNS: Columns = Columns {
    required: &["number", "type"],
    optional: &[
        "name_ja",
        "name_en",
        "side",
        "number_colour",
        "tags",
        "timing",
        "requires",
        "auto_open",
        "effects",
        "rules",
        "text",
        "flavour",
        "art",
        "back_text",
        "back_flavour",
        "back_art",
        "copies",
        "provisional",
        "note",
    ],
};

/// Loads cards.csv.
pub(super) fn load(l: &mut Loader<'_>, pack: &mut Pack) {
    let Some(file) = l.read("cards.csv", false) else { return };
    let typed: Vec<String> = pack.card_types.iter().flat_map(|t| t.fields.iter().map(|f| f.id.clone())).collect();
    let table = l.csv(file, &CARD_COLUMNS, &typed);
    // Grown row by row, the list would at thousands of cards hold up to twice the room it needs.
    pack.cards.reserve_exact(table.rows().len());
    for row in table.rows() {
        let (id, number) = card_key(l, &row);
        let card_type = row.text("type", &mut l.diags);
        let fields = match pack.card_types.iter().find(|t| t.id == card_type.value) {
            Some(t) => {
                foreign_fields(l, &row, t, &typed);
                typed_fields(l, &row, t)
            }
            None => BTreeMap::new(), // check reports the unknown type
        };
        let requires = row.opt_ref("requires").and_then(|c| l.expr(&c.value, &c.span));
        let auto_open = row.opt_ref("auto_open").and_then(|c| l.expr(&c.value, &c.span));
        let effects = row.opt_ref("effects").map(|c| l.expr_list(&c.value, &c.span)).unwrap_or_default();
        l.provisional(&format!("card {id}"), &provisional_fields(&row), row.cell("provisional").span);
        duplicate_check(l, &id, &row, "card");
        let copies = copies(l, &row);
        pack.cards.push(Card {
            id,
            number,
            name: row.names_required(&mut l.diags),
            card_type,
            side: row.opt_ref("side"),
            number_colour: row.opt_ref("number_colour"),
            tags: row.list("tags"),
            timing: row.cell("timing").value,
            requires,
            auto_open,
            effects,
            rules: row.list("rules"),
            text: row.cell("text").value,
            flavour: row.cell("flavour").value,
            art: row.cell("art").value,
            own_back: own_back(&row),
            fields,
            copies,
            provisional: provisional_fields(&row),
            span: row.span(),
        });
    }
}

/// The `number` cell: the card's key exactly as printed (`29`, `01121a`, `A-12`; leading zeros
/// kept) and the value of its leading digits, which orders the cards and answers `number>=100`
/// (`None`: the key starts with a letter). A key is letters, digits, `-`, `_` and `.`, so the
/// expressions, deck lists (`#01121a`) and anchors of rules.html can name it.
fn card_key(l: &mut Loader<'_>, row: &Row<'_>) -> (String, Option<u32>) {
    let cell = row.cell("number");
    let key = cell.value.trim().to_string();
    if let Some(bad) = key.chars().find(|&c| !(c.is_ascii_alphanumeric() || "-_.".contains(c))) {
        l.diags.push(
            Diagnostic::error(Code::BAD_VALUE, format!("a card number holds `{bad}`: `{key}`"))
                .at(&cell.span)
                .with_hint(
                    "write the number as printed with letters, digits, `-`, `_` or `.` (`29`, `01121a`, `A-12`)",
                ),
        );
    }
    let digits = key.len() - key.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    (key.clone(), key[..digits].parse().ok())
}

/// A double-sided card's other side, when any of its columns is filled.
fn own_back(row: &Row<'_>) -> Option<OwnBack> {
    let back = OwnBack {
        text: row.cell("back_text").value,
        flavour: row.cell("back_flavour").value,
        art: row.cell("back_art").value,
    };
    (!back.text.is_empty() || !back.flavour.is_empty() || !back.art.is_empty()).then_some(back)
}

/// The `copies` cell: a whole number from 1 (the default when empty); `check` bounds it with the
/// other piece counts.
fn copies(l: &mut Loader<'_>, row: &Row<'_>) -> Spanned<u32> {
    let cell = row.cell("copies");
    match row.parse::<u32>("copies", "a number of copies", &mut l.diags) {
        Some(n) if n.value == 0 => {
            l.diags.push(
                Diagnostic::error(Code::BAD_VALUE, "a card has 0 copies")
                    .at(&n.span)
                    .with_hint("write how many of the card the game holds, 1 or more (leave it empty for 1)"),
            );
            Spanned::new(1, n.span)
        }
        Some(n) => n,
        None => Spanned::new(1, cell.span),
    }
}

/// Reads and type-checks the columns of a card's type.
fn typed_fields(l: &mut Loader<'_>, row: &Row<'_>, card_type: &CardType) -> BTreeMap<String, FieldValue> {
    let mut out = BTreeMap::new();
    for field in &card_type.fields {
        let cell = row.cell(&field.id);
        if cell.value.is_empty() {
            if field.required {
                l.diags.push(
                    Diagnostic::error(Code::BAD_VALUE, format!("a `{}` card needs `{}`", card_type.id, field.id))
                        .at(&cell.span),
                );
            }
            continue;
        }
        if let Some(value) = super::fields::value(l, &field.kind, &field.id, &cell) {
            out.insert(field.id.clone(), value);
        }
    }
    out
}

/// A typed column filled for a card whose type does not have that field.
fn foreign_fields(l: &mut Loader<'_>, row: &Row<'_>, card_type: &CardType, typed: &[String]) {
    for column in typed {
        let cell = row.cell(column);
        if !cell.value.is_empty() && !card_type.fields.iter().any(|f| &f.id == column) {
            let own: Vec<&str> = card_type.fields.iter().map(|f| f.id.as_str()).collect();
            l.diags.push(
                Diagnostic::error(Code::UNKNOWN_FIELD, format!("a `{}` card has no field `{column}`", card_type.id))
                    .at(&cell.span)
                    .with_hint(format!(
                        "its fields are: {}",
                        if own.is_empty() { "none".to_string() } else { own.join(", ") }
                    )),
            );
        }
    }
}
