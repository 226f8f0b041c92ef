//! Conditions and effects in words, for card faces: `open(29)` → "card 29 “解放人民政府樹立” is
//! open" in an English pack, "カード29「解放人民政府樹立」がオープン" in a Japanese one. The words
//! come from the `[face]` messages in the pack's first language; names are the pack's names.

use crate::messages::Messages;
use crate::model::{Call, Expr, Pack};

/// The pack and the words its faces use.
pub(crate) struct Describer<'a> {
    pack: &'a Pack,
    msg: &'a Messages,
}

impl<'a> Describer<'a> {
    /// Describes expressions of `pack` with the messages `msg`.
    pub(crate) fn new(pack: &'a Pack, msg: &'a Messages) -> Describer<'a> {
        Describer { pack, msg }
    }

    /// A condition in words.
    pub(crate) fn condition(&self, expr: &Expr) -> String {
        match expr {
            Expr::Call(call) => self.call(call),
            Expr::Compare { call, cmp, value } => format!("{} {} {value}", self.call(call), symbol(cmp)),
            Expr::Versus { call, cmp, other } => format!("{} {} {}", self.call(call), symbol(cmp), self.call(other)),
            Expr::Not { expr } => match expr.as_ref() {
                Expr::Call(c) if c.name.value == "open" => {
                    self.msg.fill_first("face.cond_not_open", &[("card", &self.card(c, 0))])
                }
                other => self.msg.fill_first("face.cond_not", &[("condition", &self.condition(other))]),
            },
            Expr::All { exprs } => self.join(exprs, &self.msg.first("face.cond_and")),
            Expr::Any { exprs } => self.join(exprs, &self.msg.first("face.cond_or")),
        }
    }

    fn join(&self, exprs: &[Expr], separator: &str) -> String {
        exprs
            .iter()
            .map(|e| match e {
                Expr::All { .. } | Expr::Any { .. } => {
                    self.msg.fill_first("face.group", &[("condition", &self.condition(e))])
                }
                _ => self.condition(e),
            })
            .collect::<Vec<_>>()
            .join(separator)
    }

    /// An effect in words.
    pub(crate) fn effect(&self, expr: &Expr) -> String {
        let Expr::Call(call) = expr else { return self.condition(expr) };
        let m = self.msg;
        match call.name.value.as_str() {
            "opens" => m.fill_first("face.eff_opens", &[("card", &self.card(call, 0))]),
            "removes" => m.fill_first("face.eff_removes", &[("card", &self.card(call, 0))]),
            "enables" => m.fill_first("face.eff_enables", &[("unit", &self.unit(call, 0))]),
            "allows-entry" => {
                m.fill_first("face.eff_allows_entry", &[("side", &self.side(call, 0)), ("place", &self.place(call, 1))])
            }
            "sea-routes" => m.first("face.eff_sea_routes"),
            "switches" => m.fill_first("face.eff_switches", &[("rule", &self.rule(call, 0))]),
            "security-check" => m.first("face.eff_security_check"),
            "draws-chit" => m.first("face.eff_draws_chit"),
            "wins" => m.fill_first("face.eff_wins", &[("side", &self.side(call, 0))]),
            _ => self.call(call),
        }
    }

    fn call(&self, call: &Call) -> String {
        let m = self.msg;
        match call.name.value.as_str() {
            "open" => m.fill_first("face.cond_open", &[("card", &self.card(call, 0))]),
            "removed" => m.fill_first("face.cond_removed", &[("card", &self.card(call, 0))]),
            "controls" => {
                m.fill_first("face.cond_controls", &[("side", &self.side(call, 0)), ("place", &self.place(call, 1))])
            }
            "enters" => {
                m.fill_first("face.cond_enters", &[("side", &self.side(call, 0)), ("place", &self.place(call, 1))])
            }
            "vp" => m.fill_first("face.cond_vp", &[("side", &self.side(call, 0))]),
            "track" => m.fill_first("face.cond_track", &[("track", &self.track(call, 0))]),
            "turn" => m.first("face.cond_turn"),
            "controls-region" => m.fill_first(
                "face.cond_controls_region",
                &[("side", &self.side(call, 0)), ("region", &self.region(call, 1))],
            ),
            "controlled" => m.fill_first("face.cond_controlled", &[("side", &self.side(call, 0))]),
            "held" => m.fill_first("face.cond_held", &[("side", &self.side(call, 0)), ("card", &self.card(call, 1))]),
            "played" => m.fill_first("face.cond_played", &[("card", &self.card(call, 0))]),
            "won" => m.fill_first("face.cond_won", &[("side", &self.side(call, 0))]),
            "losses" => m.fill_first("face.cond_losses", &[("side", &self.side(call, 0))]),
            "eliminated" => m.fill_first("face.cond_eliminated", &[("side", &self.side(call, 0))]),
            "deck-empty" => m.fill_first("face.cond_deck_empty", &[("side", &self.side(call, 0))]),
            "turns-without-units" => m.fill_first("face.cond_turns_without_units", &[("side", &self.side(call, 0))]),
            "phasing" => m.fill_first("face.cond_phasing", &[("side", &self.side(call, 0))]),
            other => format!("{other}({})", call.args.iter().map(|a| a.value.as_str()).collect::<Vec<_>>().join(", ")),
        }
    }

    /// A rule clause's number (its id when the pack has no such clause).
    pub(crate) fn rule_number(&self, r: &str) -> String {
        self.pack.clause(r).map_or_else(|| r.to_string(), |c| c.number.clone())
    }

    fn card(&self, call: &Call, i: usize) -> String {
        match self.pack.card(arg(call, i)) {
            Some(c) => {
                let name = self.msg.first_name(&c.name);
                if name.is_empty() {
                    self.msg.fill_first("face.card_number", &[("number", &c.id)])
                } else {
                    self.msg.fill_first("face.card_ref", &[("number", &c.id), ("name", name)])
                }
            }
            None => self.msg.fill_first("face.card_number", &[("number", arg(call, i))]),
        }
    }

    fn side(&self, call: &Call, i: usize) -> String {
        if arg(call, i) == "opponent" {
            return self.msg.first("face.opponent");
        }
        self.pack.side(arg(call, i)).map_or_else(|| arg(call, i).to_string(), |s| self.msg.first_name(&s.name).into())
    }

    fn unit(&self, call: &Call, i: usize) -> String {
        self.pack
            .unit(None, arg(call, i))
            .map_or_else(|| arg(call, i).to_string(), |u| self.msg.first_name(&u.name).into())
    }

    fn place(&self, call: &Call, i: usize) -> String {
        let r = arg(call, i);
        let area = self.pack.map.iter().flat_map(|m| &m.areas).find(|a| crate::model::names_match(r, &a.id, &a.name));
        if let Some(area) = area {
            return self.msg.first_name(&area.name).into();
        }
        match self.pack.hex(r).and_then(|h| h.place.as_ref()) {
            Some(p) => self.msg.first_name(&p.name).into(),
            None => r.to_string(),
        }
    }

    fn track(&self, call: &Call, i: usize) -> String {
        let r = arg(call, i);
        self.pack
            .tracks
            .iter()
            .find(|t| t.id == r)
            .map_or_else(|| r.to_string(), |t| self.msg.first_name(&t.name).into())
    }

    fn region(&self, call: &Call, i: usize) -> String {
        let r = arg(call, i);
        let region =
            self.pack.map.iter().flat_map(|m| &m.regions).find(|x| crate::model::names_match(r, &x.id, &x.name));
        region.map_or_else(|| r.to_string(), |x| self.msg.first_name(&x.name).into())
    }

    fn rule(&self, call: &Call, i: usize) -> String {
        self.rule_number(arg(call, i))
    }
}

fn arg(call: &Call, i: usize) -> &str {
    call.args.get(i).map_or("", |a| a.value.as_str())
}

/// A comparison as printed: `≥`, `≤`, `=`, `>`, `<`.
fn symbol(cmp: &str) -> &str {
    match cmp {
        ">=" => "≥",
        "<=" => "≤",
        "==" => "=",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Spanned;

    fn call(name: &str, args: &[&str]) -> Expr {
        let r = |v: &str| Spanned::new(v.to_string(), crate::diag::Span::default());
        Expr::Call(Call { name: r(name), args: args.iter().map(|a| r(a)).collect() })
    }

    #[test]
    fn conditions_read_in_the_packs_first_language() {
        let pack = Pack::default();
        let (en, ja) = (Messages::new(&["en"]), Messages::new(&["ja", "en"]));
        let both = Expr::All { exprs: vec![call("open", &["29"]), call("removed", &["30"])] };
        assert_eq!(Describer::new(&pack, &en).condition(&both), "card 29 is open and card 30 is removed");
        assert_eq!(Describer::new(&pack, &ja).condition(&both), "カード29がオープンかつカード30が除外済み");
        let not = Expr::Not { expr: Box::new(call("open", &["29"])) };
        assert_eq!(Describer::new(&pack, &en).condition(&not), "card 29 is not open");
    }

    #[test]
    fn effects_read_in_the_packs_first_language() {
        let pack = Pack::default();
        let en = Messages::new(&["en"]);
        assert_eq!(Describer::new(&pack, &en).effect(&call("draws-chit", &[])), "draw a chit");
        assert_eq!(Describer::new(&pack, &en).effect(&call("wins", &["federal"])), "federal wins");
    }

    #[test]
    fn the_new_predicates_read_as_words() {
        let pack = Pack::default();
        let en = Messages::new(&["en"]);
        let d = Describer::new(&pack, &en);
        let both = Expr::All { exprs: vec![call("deck-empty", &["opponent"]), call("held", &["us", "6"])] };
        assert_eq!(d.condition(&both), "the opponent's deck has run out and us holds card 6");
        let cmp = crate::load::parse_expr_for_tests("track(defcon) <= 1");
        assert_eq!(d.condition(&cmp), "the defcon marker ≤ 1");
    }
}
