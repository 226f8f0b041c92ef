//! Evaluating conditions against what a setup knows at its start (which cards are open).

use std::collections::BTreeSet;

use crate::model::{Expr, Pack, Setup};

/// The card ids open at the start of a setup.
#[derive(Debug, Default)]
pub struct OpenCards(pub BTreeSet<String>);

impl OpenCards {
    /// The cards `setup` opens at its start.
    pub fn at_start(pack: &Pack, setup: &Setup) -> Self {
        let Some(open) = &setup.open else { return OpenCards::default() };
        let side_id = |r: &str| pack.side(r).map(|s| s.id.clone());
        OpenCards(pack.cards.iter().filter(|c| open.selects(c, side_id)).map(|c| c.id.clone()).collect())
    }
}

/// The value of `expr` when only the open cards are known: `Some(true/false)` where the open cards
/// decide it, `None` where it depends on the position (control, entering a place, VP).
pub fn eval(pack: &Pack, expr: &Expr, open: &OpenCards) -> Option<bool> {
    match expr {
        Expr::Call(call) => match call.name.value.as_str() {
            "open" => call.args.first().and_then(|a| pack.card(a)).map(|c| open.0.contains(&c.id)),
            _ => None,
        },
        Expr::Compare { .. } | Expr::Versus { .. } => None,
        Expr::Not { expr } => eval(pack, expr, open).map(|v| !v),
        Expr::All { exprs } => {
            let values: Vec<_> = exprs.iter().map(|e| eval(pack, e, open)).collect();
            if values.contains(&Some(false)) {
                Some(false)
            } else if values.iter().all(|v| *v == Some(true)) {
                Some(true)
            } else {
                None
            }
        }
        Expr::Any { exprs } => {
            let values: Vec<_> = exprs.iter().map(|e| eval(pack, e, open)).collect();
            if values.contains(&Some(true)) {
                Some(true)
            } else if values.iter().all(|v| *v == Some(false)) {
                Some(false)
            } else {
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Card;

    fn value(expr: &str, open: &[&str]) -> Option<bool> {
        let pack = Pack { cards: ["29", "34", "77"].map(Card::blank).into(), ..Pack::default() };
        let expr = crate::load::parse_expr_for_tests(expr);
        eval(&pack, &expr, &OpenCards(open.iter().map(|s| s.to_string()).collect()))
    }

    #[test]
    fn open_cards_decide_card_conditions() {
        assert_eq!(value("open(29)", &["29"]), Some(true));
        assert_eq!(value("open(29)", &[]), Some(false));
        assert_eq!(value("open(77) & !open(34)", &["77"]), Some(true));
        assert_eq!(value("open(77) & !open(34)", &["77", "34"]), Some(false));
    }

    #[test]
    fn the_position_leaves_other_conditions_open() {
        assert_eq!(value("controls(liberation, cardinal)", &["29"]), None);
        // Known false on one side of `&` decides it; known true on one side of `|` decides it.
        assert_eq!(value("open(29) & controls(liberation, cardinal)", &[]), Some(false));
        assert_eq!(value("open(29) | controls(liberation, cardinal)", &["29"]), Some(true));
        assert_eq!(value("open(29) & vp(liberation) >= 9", &["29"]), None);
    }
}
