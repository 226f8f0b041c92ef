//! Declared totals match the pack: counters, cards, chits and their mean, the published component
//! list, play-sheet box counts, and the stated compositions of forces.

use crate::diag::{Code, Diagnostic};
use crate::model::{CounterKind, Pack};

/// Runs the totals checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let totals = &pack.game.totals;
    let chits = pack.chits.total();
    let counter_pieces: u32 = pack.counters.iter().map(|c| c.count.value).sum();
    if let Some(declared) = &totals.counters {
        let (defined, how) = if totals.counters_include_chits {
            (counter_pieces + chits, format!("{counter_pieces} unit and marker counters + {chits} chits"))
        } else {
            (counter_pieces, format!("{counter_pieces} unit and marker counters"))
        };
        if defined != declared.value {
            out.push(
                Diagnostic::error(
                    Code::TOTAL_MISMATCH,
                    format!("the pack declares {} counters but defines {defined} ({how})", declared.value),
                )
                .at(&declared.span)
                .with_hint("fix the counts in counters.csv or the chit mix, or the declared total"),
            );
        }
    }
    if let Some(declared) = &totals.chits {
        if chits != declared.value {
            out.push(
                Diagnostic::error(
                    Code::TOTAL_MISMATCH,
                    format!("the pack declares {} random chits but the chit mix holds {chits}", declared.value),
                )
                .at(&declared.span)
                .with_related(&pack.chits.span, "the chit mix"),
            );
        }
    }
    if let Some(mean) = &totals.chit_mean {
        check_mean(pack, mean, out);
    }
    if let Some(declared) = &totals.cards {
        for card in &pack.cards {
            if card.number.is_some_and(|n| n == 0 || n > declared.value) {
                out.push(
                    Diagnostic::error(
                        Code::CARD_NUMBER,
                        format!("card number {} lies outside 1–{}", card.id, declared.value),
                    )
                    .at(&card.span)
                    .with_related(&declared.span, "the declared number of cards"),
                );
            }
        }
        let known = pack.cards.len() as u32;
        if known > declared.value {
            out.push(
                Diagnostic::error(
                    Code::TOTAL_MISMATCH,
                    format!("the pack declares {} cards but defines {known}", declared.value),
                )
                .at(&declared.span),
            );
        }
    }
    for component in &pack.game.components {
        let stated = match component.kind.as_str() {
            "counters" => totals.counters.as_ref(),
            "cards" => totals.cards.as_ref(),
            _ => None,
        };
        if let Some(stated) = stated.filter(|s| s.value != component.count) {
            out.push(
                Diagnostic::error(
                    Code::TOTAL_MISMATCH,
                    format!(
                        "the component list says {} {} but [totals] says {}",
                        component.count, component.kind, stated.value
                    ),
                )
                .at(&component.span)
                .with_related(&stated.span, "declared here"),
            );
        }
        if let (Some(sheets), Some(per_sheet)) = (component.sheets, component.per_sheet) {
            if sheets * per_sheet < component.count {
                out.push(
                    Diagnostic::error(
                        Code::COMPONENT_LAYOUT,
                        format!("{} {} do not fit on {sheets} sheets of {per_sheet}", component.count, component.kind),
                    )
                    .at(&component.span)
                    .with_hint(format!("{} sheets are needed", component.count.div_ceil(per_sheet))),
                );
            }
        }
    }
    for sheet in &pack.sheets {
        let Some((min, max)) = sheet.boxes else { continue };
        // Rule 2.6 counts the boxes that hold chits; a stack box for units does not count.
        let boxes = pack
            .boxes
            .iter()
            .filter(|b| b.sheet.value == sheet.id && (b.holds.is_empty() || b.holds.iter().any(|h| h == "chits")))
            .count() as u32;
        if !(min..=max).contains(&boxes) {
            out.push(
                Diagnostic::error(
                    Code::SHEET_BOXES,
                    format!("sheet `{}` has {boxes} boxes; the rules say {min}–{max}", sheet.id),
                )
                .at(&sheet.span)
                .with_hint("add or remove rows for this sheet in boxes.csv"),
            );
        }
    }
    for sheet in &pack.sheets {
        let Some(rows) = &sheet.rows else { continue };
        let players = pack.game.players_max;
        if rows.value < players {
            out.push(
                Diagnostic::error(
                    Code::COMPONENT_LAYOUT,
                    format!("score sheet `{}` has {} rows, but up to {players} play", sheet.id, rows.value),
                )
                .at(&rows.span)
                .with_hint("one row per player: make rows at least [game] players' maximum"),
            );
        }
    }
    deck_limits(pack, out);
    compositions(pack, out);
}

/// A deck-building limit names a flag field some card type has.
fn deck_limits(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let Some(rules) = &pack.deck_rules else { return };
    for limit in &rules.limits {
        let flags = || {
            pack.card_types
                .iter()
                .flat_map(|t| &t.fields)
                .filter(|f| matches!(f.kind, crate::model::FieldKind::Flag))
                .map(|f| f.id.as_str())
        };
        if !flags().any(|f| f == limit.field.value) {
            out.push(super::references::unknown(Code::UNKNOWN_FIELD, "flag field", &limit.field, flags()));
        }
    }
}

/// The declared mean, compared to as many decimals as it is written with.
fn check_mean(pack: &Pack, mean: &crate::model::Spanned<String>, out: &mut Vec<Diagnostic>) {
    let decimals = mean.value.split_once('.').map_or(0, |(_, d)| d.len()) as u32;
    let Ok(declared) = mean.value.replace('.', "").parse::<i64>() else {
        out.push(
            Diagnostic::error(Code::BAD_VALUE, format!("chit_mean `{}` is not a decimal number", mean.value))
                .at(&mean.span),
        );
        return;
    };
    let total = i64::from(pack.chits.total());
    if total == 0 {
        return;
    }
    // Round sum / total to `decimals` places in integers: no floating point, so no surprises.
    let scale = 10i64.pow(decimals);
    let sum = i64::from(pack.chits.value_sum());
    let rounded = (2 * sum * scale + total) / (2 * total);
    if rounded != declared {
        let actual =
            format!("{}/{} = {}.{:0width$}", sum, total, rounded / scale, rounded % scale, width = decimals as usize);
        out.push(
            Diagnostic::error(Code::CHIT_MEAN, format!("the chit mix's mean is {actual}, not {}", mean.value))
                .at(&mean.span)
                .with_related(&pack.chits.span, "the chit mix"),
        );
    }
}

/// How many units of `unit` the counters show: a counter whose two faces show it once counts once.
pub(crate) fn faces_of(counters: &[CounterKind], matches: impl Fn(&str) -> bool) -> u32 {
    counters
        .iter()
        .map(|c| {
            let front = matches(&c.front);
            let back = c.back.as_ref().is_some_and(|b| matches(b));
            c.count.value * u32::from(front || back) * if front && back && !c.is_two_step() { 2 } else { 1 }
        })
        .sum()
}

fn compositions(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for comp in &pack.constraints.compositions {
        let Some(force) = pack.force(&comp.force) else { continue };
        let in_force =
            |face: &str| pack.unit_by_id(face).is_some_and(|u| pack.force(&u.force).is_some_and(|f| f.id == force.id));
        if let Some(units) = &comp.units {
            let found = faces_of(&pack.counters, in_force);
            if found != units.value {
                out.push(
                    Diagnostic::error(
                        Code::COMPOSITION,
                        format!(
                            "{} must have exactly {} units{}, the counters show {found}",
                            comp.name,
                            units.value,
                            super::cite(pack, comp.rule.as_ref())
                        ),
                    )
                    .at(&units.span)
                    .with_hint("fix counters.csv so this force's faces add up"),
                );
            }
        }
        let mut listed = 0;
        for (unit, want) in &comp.exactly {
            let found = faces_of(&pack.counters, |face| face == unit.value);
            listed += want;
            if found != *want {
                out.push(
                    Diagnostic::error(
                        Code::COMPOSITION,
                        format!(
                            "{} must have exactly {want} × `{}`{}, the counters show {found}",
                            comp.name,
                            unit.value,
                            super::cite(pack, comp.rule.as_ref())
                        ),
                    )
                    .at(&unit.span),
                );
            }
        }
        // Units of the force that the list leaves out (the per-type counts above cover the rest).
        let others: Vec<&str> = pack
            .units
            .iter()
            .filter(|u| in_force(&u.id) && !comp.exactly.iter().any(|(x, _)| x.value == u.id))
            .map(|u| u.id.as_str())
            .collect();
        if !comp.exactly.is_empty() && !others.is_empty() {
            let total = faces_of(&pack.counters, in_force);
            if total != listed {
                out.push(
                    Diagnostic::error(Code::COMPOSITION, format!("{} must be exactly the units listed ({listed}), the counters show {total} units of force `{}`", comp.name, force.id))
                        .at(&comp.span)
                        .with_hint(format!("units of this force not in the list: {}", others.join(", "))),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Span;
    use crate::model::{ChitMix, ChitValue, Spanned};

    fn counter(front: &str, back: Option<&str>, count: u32) -> CounterKind {
        CounterKind {
            id: front.into(),
            front: Spanned::new(front.into(), Span::default()),
            back: back.map(|b| Spanned::new(b.into(), Span::default())),
            count: Spanned::new(count, Span::default()),
            value: String::new(),
            template: None,
            provisional: Vec::new(),
            span: Span::default(),
        }
    }

    #[test]
    fn a_two_step_counter_shows_one_unit_and_a_two_faced_one_two() {
        let counters = [
            counter("dougram", Some("dougram"), 1),
            counter("fed6-a", Some("fed6-b"), 3),
            counter("fed6-a", Some("lib"), 2),
        ];
        assert_eq!(faces_of(&counters, |f| f == "dougram"), 1);
        assert_eq!(faces_of(&counters, |f| f.starts_with("fed6")), 3 * 2 + 2);
        assert_eq!(faces_of(&counters, |f| f == "lib"), 2);
    }

    fn mean_errors(values: &[(u32, u32)], declared: &str) -> usize {
        let pack = Pack {
            chits: ChitMix {
                values: values.iter().map(|&(value, count)| ChitValue { value, label: String::new(), count }).collect(),
                ..ChitMix::default()
            },
            ..Pack::default()
        };
        let mut out = Vec::new();
        check_mean(&pack, &Spanned::new(declared.to_string(), Span::default()), &mut out);
        out.len()
    }

    #[test]
    fn the_seed_chit_mix_has_mean_2_5_to_the_stated_precision() {
        let seed = [(1, 21), (2, 23), (3, 17), (4, 10), (5, 8)]; // 198 / 79 = 2.506…
        assert_eq!(mean_errors(&seed, "2.5"), 0);
        assert_eq!(mean_errors(&seed, "2.51"), 0);
        assert_eq!(mean_errors(&seed, "2.50"), 1);
        assert_eq!(mean_errors(&seed, "3"), 0);
        assert_eq!(mean_errors(&[(1, 30), (2, 14), (3, 17), (4, 10), (5, 8)], "2.5"), 1);
    }
}
