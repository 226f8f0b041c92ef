//! Values of the data a rule clause may print by reference, `[[value:PATH]]`, so the rules and the
//! data cannot disagree: the stacking clause prints the stacking constraint's limit, a victory
//! clause the number its condition compares with.
//!
//! | path | value |
//! | --- | --- |
//! | `stacking.<side>` | `max_units` of the side's `[[constraints.stacking]]` |
//! | `deck.<deck id>.size` | the deck's `size` |
//! | `victory.<victory id>` | the number in the victory's `when` (its only comparison) |
//! | `totals.<key>` | `[totals]` `counters`, `cards`, `chits` or `chit_mean` |

use super::{Expr, Pack};

impl Pack {
    /// The data value `[[value:path]]` prints, or `None` when the path names nothing.
    pub fn data_value(&self, path: &str) -> Option<String> {
        let (kind, rest) = path.split_once('.')?;
        match kind {
            "stacking" => self
                .constraints
                .stacking
                .iter()
                .find(|s| self.side(&s.side).is_some_and(|x| x.id == rest) || s.side.value == rest)
                .map(|s| s.max_units.to_string()),
            "deck" => {
                let id = rest.strip_suffix(".size")?;
                self.decks.iter().find(|d| d.id == id).map(|d| d.size.value.to_string())
            }
            "victory" => {
                let victory = self.victory.iter().find(|v| v.id == rest)?;
                let mut values = Vec::new();
                compared(&victory.when, &mut values);
                match values.as_slice() {
                    [one] => Some(one.to_string()),
                    _ => None,
                }
            }
            "totals" => {
                let t = &self.game.totals;
                match rest {
                    "counters" => t.counters.as_ref().map(|v| v.value.to_string()),
                    "cards" => t.cards.as_ref().map(|v| v.value.to_string()),
                    "chits" => t.chits.as_ref().map(|v| v.value.to_string()),
                    "chit_mean" => t.chit_mean.as_ref().map(|v| v.value.clone()),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// The numbers `expr` compares with.
fn compared(expr: &Expr, out: &mut Vec<i64>) {
    match expr {
        Expr::Call(_) | Expr::Versus { .. } => {}
        Expr::Compare { value, .. } => out.push(*value),
        Expr::Not { expr } => compared(expr, out),
        Expr::All { exprs } | Expr::Any { exprs } => exprs.iter().for_each(|e| compared(e, out)),
    }
}
