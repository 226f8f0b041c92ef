//! Conditions and effects in words, for card faces: `open(29)` → "card 29 (解放人民政府樹立) is
//! open". English, with the Japanese names kept.

use crate::model::{Call, Expr, Pack};

/// A condition in words.
pub(crate) fn describe(pack: &Pack, expr: &Expr) -> String {
    match expr {
        Expr::Call(call) => describe_call(pack, call),
        Expr::Compare { call, cmp, value } => {
            let cmp = match cmp.as_str() {
                ">=" => "≥",
                "<=" => "≤",
                "==" => "=",
                other => other,
            };
            format!("{} {cmp} {value}", describe_call(pack, call))
        }
        Expr::Not { expr } => match expr.as_ref() {
            Expr::Call(c) if c.name.value == "open" => format!("{} is not open", card(pack, c, 0)),
            other => format!("not ({})", describe(pack, other)),
        },
        Expr::All { exprs } => join(pack, exprs, " and "),
        Expr::Any { exprs } => join(pack, exprs, ", or "),
    }
}

fn join(pack: &Pack, exprs: &[Expr], sep: &str) -> String {
    exprs
        .iter()
        .map(|e| match e {
            Expr::All { .. } | Expr::Any { .. } => format!("({})", describe(pack, e)),
            _ => describe(pack, e),
        })
        .collect::<Vec<_>>()
        .join(sep)
}

/// An effect in words.
pub(crate) fn describe_effect(pack: &Pack, expr: &Expr) -> String {
    let Expr::Call(call) = expr else { return describe(pack, expr) };
    match call.name.value.as_str() {
        "opens" => format!("{} opens", card(pack, call, 0)),
        "removes" => format!("{} is removed from the game", card(pack, call, 0)),
        "enables" => format!("{} becomes available", unit(pack, call, 0)),
        "allows-entry" => format!("{} units may enter {}", side(pack, call, 0), place(pack, call, 1)),
        "sea-routes" => "sea move along this card's routes".into(),
        "switches" => format!("rule {} applies", rule(pack, call, 0)),
        "security-check" => "security checks may be made".into(),
        "draws-chit" => "draw a chit".into(),
        "wins" => format!("{} wins", side(pack, call, 0)),
        _ => describe_call(pack, call),
    }
}

fn describe_call(pack: &Pack, call: &Call) -> String {
    match call.name.value.as_str() {
        "open" => format!("{} is open", card(pack, call, 0)),
        "removed" => format!("{} is removed", card(pack, call, 0)),
        "controls" => format!("{} controls {}", side(pack, call, 0), place(pack, call, 1)),
        "enters" => format!("a {} unit enters {}", side(pack, call, 0), place(pack, call, 1)),
        "vp" => format!("{} VP", side(pack, call, 0)),
        other => format!("{other}({})", call.args.iter().map(|a| a.value.as_str()).collect::<Vec<_>>().join(", ")),
    }
}

fn arg(call: &Call, i: usize) -> &str {
    call.args.get(i).map_or("", |a| a.value.as_str())
}

fn card(pack: &Pack, call: &Call, i: usize) -> String {
    match pack.card(arg(call, i)) {
        Some(c) => format!("card {} ({})", c.id, c.name.ja),
        None => format!("card {}", arg(call, i)),
    }
}

fn side(pack: &Pack, call: &Call, i: usize) -> String {
    pack.side(arg(call, i)).map_or_else(|| arg(call, i).to_string(), |s| s.name.en.clone())
}

fn unit(pack: &Pack, call: &Call, i: usize) -> String {
    pack.unit(None, arg(call, i)).map_or_else(|| arg(call, i).to_string(), |u| format!("{} ({})", u.name.ja, u.name.en))
}

fn place(pack: &Pack, call: &Call, i: usize) -> String {
    match pack.hex(arg(call, i)).and_then(|h| h.place.as_ref()) {
        Some(p) => format!("{} ({})", p.name.en, p.name.ja),
        None => arg(call, i).to_string(),
    }
}

fn rule(pack: &Pack, call: &Call, i: usize) -> String {
    pack.clause(arg(call, i)).map_or_else(|| arg(call, i).to_string(), |c| c.number.clone())
}
