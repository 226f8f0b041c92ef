//! Totals declared by filter hold: how many items a filter selects (E0310), the sum of a number
//! field over them (E0311), how many per group (E0312), that no two share a value (E0317). A
//! mismatch is an error at the stated figure saying what was found and, when few, which items.
//! With an incomplete card list (`[totals] cards` above the cards known) finding fewer cards than
//! stated is only a warning.

use std::collections::BTreeMap;

use super::filters;
use crate::diag::{Code, Diagnostic};
use crate::model::declared::{Figure, FilterTotal};
use crate::model::filter::{normalize, Kind, Value};
use crate::model::records::{Collection, Item};
use crate::model::{Pack, Spanned};

/// Items listed in a message at most; more are only counted.
const LISTED: usize = 12;

/// Runs the checks of the totals declared by filter.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for total in &pack.game.totals.by_filter {
        if let Err(d) = check_one(pack, total, out) {
            out.push(d);
        }
    }
}

/// `a, b, c` for a few labels, `N items` past [`LISTED`].
fn listing(labels: &[&str]) -> String {
    if labels.len() <= LISTED {
        labels.join(", ")
    } else {
        format!("{}, … ({} in all)", labels[..LISTED].join(", "), labels.len())
    }
}

fn check_one(pack: &Pack, total: &FilterTotal, out: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
    let collection = filters::collection(&total.of)?;
    let items: Vec<Item> = match &total.filter {
        Some(text) => {
            let query = filters::parse(pack, collection, text)?;
            pack.items(collection).into_iter().filter(|i| query.matches(&i.record)).collect()
        }
        None => pack.items(collection),
    };
    let incomplete = collection == Collection::Cards
        && pack.game.totals.cards.as_ref().is_some_and(|t| (t.value as usize) > pack.cards.len());
    let rule = super::cite(pack, total.rule.as_ref());
    let nouns = crate::model::records::plural(collection.noun());
    let what = match &total.filter {
        Some(f) => format!("{} where `{}`", total.of.value, f.value),
        None => total.of.value.clone(),
    };
    // Fewer than stated, of a collection the pack does not hold whole: a warning.
    let short = |found: i64, stated: i64, at: &crate::diag::Span, text: String| {
        (incomplete && found < stated).then(|| Diagnostic::warning(Code::INCOMPLETE, text).at(at))
    };
    match &total.figure {
        Figure::Count(stated) => {
            let found = items.len();
            if found != stated.value as usize {
                let labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
                let known = format!("{what}: {found} of the {} {nouns} are known{rule}", stated.value);
                out.push(short(found as i64, i64::from(stated.value), &stated.span, known).unwrap_or_else(|| {
                    Diagnostic::error(
                        Code::TOTAL_COUNT,
                        format!("{what}: {found} {nouns} found; the pack declares {}{rule}", stated.value),
                    )
                    .at(&stated.span)
                    .with_hint_opt((found > 0).then(|| format!("found: {}", listing(&labels))))
                }));
            }
        }
        Figure::Sum { field, equals } => {
            let def =
                pack.schema(collection).field(&field.value).cloned().ok_or_else(|| unknown(pack, collection, field))?;
            if def.kind != Kind::Int {
                return Err(Diagnostic::error(
                    Code::FILTER_SYNTAX,
                    format!("`{}` is not a number to sum", field.value),
                )
                .at(&field.span));
            }
            let values: Vec<(&str, i64)> = items
                .iter()
                .filter_map(|i| match i.record.get(&field.value) {
                    Some(Value::Int(v)) => Some((i.label.as_str(), *v)),
                    _ => None,
                })
                .collect();
            let sum: i64 = values.iter().map(|(_, v)| v).sum();
            if sum != equals.value {
                let known = format!(
                    "{what}: `{}` adds up to {sum} over the {nouns} known, of {}{rule}",
                    field.value, equals.value
                );
                let pairs: Vec<String> = values.iter().map(|(l, v)| format!("{l} {v}")).collect();
                let pairs: Vec<&str> = pairs.iter().map(String::as_str).collect();
                out.push(short(sum, equals.value, &equals.span, known).unwrap_or_else(|| {
                    Diagnostic::error(
                        Code::TOTAL_SUM,
                        format!("{what}: `{}` adds up to {sum}; the pack declares {}{rule}", field.value, equals.value),
                    )
                    .at(&equals.span)
                    .with_hint_opt((!pairs.is_empty()).then(|| format!("values: {}", listing(&pairs))))
                }));
            }
        }
        Figure::Groups { by, counts } => {
            let def = pack.schema(collection).field(&by.value).cloned().ok_or_else(|| unknown(pack, collection, by))?;
            let declared: Vec<String> = counts.iter().map(|(k, _)| group_key(&normalize(k))).collect();
            // Every card is in one group of a choice: the groups of all cards make the card total.
            let sum: u32 = counts.iter().map(|(_, n)| n.value).sum();
            if let (Collection::Cards, None, Kind::Choice, Some(cards)) =
                (collection, &total.filter, def.kind, &pack.game.totals.cards)
            {
                if sum != cards.value {
                    let sizes: Vec<String> = counts.iter().map(|(k, n)| format!("{k} {}", n.value)).collect();
                    out.push(
                        Diagnostic::error(
                            Code::TOTAL_GROUPS,
                            format!(
                                "the cards per {} add up to {sum} ({}); the game has {}{rule}",
                                by.value,
                                sizes.join(" + "),
                                cards.value
                            ),
                        )
                        .at(&by.span)
                        .with_related(&cards.span, "the declared number of cards"),
                    );
                }
            }
            for ((key, stated), wanted) in counts.iter().zip(&declared) {
                let found: Vec<&str> = items
                    .iter()
                    .filter(|i| i.record.get(&by.value).is_some_and(|v| groups(def.kind, v).contains(wanted)))
                    .map(|i| i.label.as_str())
                    .collect();
                if found.len() != stated.value as usize {
                    let known = format!(
                        "{what}, {} `{key}`: {} of the {} {nouns} are known{rule}",
                        by.value,
                        found.len(),
                        stated.value
                    );
                    out.push(short(found.len() as i64, i64::from(stated.value), &stated.span, known).unwrap_or_else(
                        || {
                            Diagnostic::error(
                                Code::TOTAL_GROUPS,
                                format!(
                                    "{what}, {} `{key}`: {} {nouns} found; the pack declares {}{rule}",
                                    by.value,
                                    found.len(),
                                    stated.value
                                ),
                            )
                            .at(&stated.span)
                            .with_hint_opt((!found.is_empty()).then(|| format!("found: {}", listing(&found))))
                        },
                    ));
                }
            }
            // Items in groups the declaration does not list.
            let mut others: BTreeMap<String, Vec<&str>> = BTreeMap::new();
            for item in &items {
                let Some(value) = item.record.get(&by.value) else { continue };
                let mine = groups(def.kind, value);
                match def.kind {
                    Kind::List => mine
                        .iter()
                        .filter(|g| !declared.contains(g))
                        .for_each(|g| others.entry(g.clone()).or_default().push(&item.label)),
                    _ if !mine.iter().any(|g| declared.contains(g)) => {
                        others.entry(mine.first().cloned().unwrap_or_default()).or_default().push(&item.label)
                    }
                    _ => {}
                }
            }
            for (group, labels) in others {
                out.push(
                    Diagnostic::error(
                        Code::TOTAL_GROUPS,
                        format!(
                            "{what}: {} {nouns} have {} `{group}`, which `counts` does not list{rule}",
                            labels.len(),
                            by.value
                        ),
                    )
                    .at(&by.span)
                    .with_hint(format!("found: {}", listing(&labels))),
                );
            }
        }
        Figure::Distinct(field) => {
            let def =
                pack.schema(collection).field(&field.value).cloned().ok_or_else(|| unknown(pack, collection, field))?;
            let mut holders: BTreeMap<String, Vec<&str>> = BTreeMap::new();
            for item in &items {
                let Some(value) = item.record.get(&field.value) else { continue };
                // A choice by its id (its first word), a list by each of its values.
                let keys = match (def.kind, value) {
                    (Kind::Choice, Value::Words(w)) => w.iter().take(1).cloned().collect(),
                    _ => groups(def.kind, value),
                };
                keys.into_iter().for_each(|k| holders.entry(k).or_default().push(&item.label));
            }
            for (key, labels) in holders.into_iter().filter(|(_, l)| l.len() > 1) {
                out.push(
                    Diagnostic::error(
                        Code::TOTAL_DISTINCT,
                        format!(
                            "{what}: {} {nouns} share {} `{key}`, which the pack declares distinct{rule}",
                            labels.len(),
                            field.value
                        ),
                    )
                    .at(&field.span)
                    .with_hint(format!("found: {}", listing(&labels))),
                );
            }
        }
    }
    Ok(())
}

/// A group's key: flags as `true`/`false` whichever way they are written.
fn group_key(key: &str) -> String {
    match key {
        "yes" | "true" => "true".into(),
        "no" | "false" => "false".into(),
        other => other.into(),
    }
}

/// The groups an item with `value` falls in: a choice's aliases (its id first), a list's
/// values, a flag's or number's text.
fn groups(kind: Kind, value: &Value) -> Vec<String> {
    match value {
        Value::Int(n) => vec![n.to_string()],
        Value::Flag(b) => vec![b.to_string()],
        Value::Words(w) | Value::Texts(w) if kind == Kind::List || kind == Kind::Choice => w.clone(),
        Value::Words(w) | Value::Texts(w) => w.iter().take(1).cloned().collect(),
    }
}

fn unknown(pack: &Pack, collection: Collection, field: &Spanned<String>) -> Diagnostic {
    let schema = pack.schema(collection);
    let ids = schema.built_in.iter().chain(&schema.fields).map(|f| f.id.as_str());
    let mut d = Diagnostic::error(
        Code::FILTER_UNKNOWN_FIELD,
        format!("{} have no field `{}`", collection_name(collection), field.value),
    )
    .at(&field.span)
    .with_hint_opt(crate::diag::did_you_mean(&field.value, ids));
    for hint in schema.known() {
        d = d.with_hint(hint);
    }
    d
}

fn collection_name(c: Collection) -> &'static str {
    Collection::ALL.iter().find(|(_, x)| *x == c).map_or("items", |(n, _)| *n)
}
