//! The small expression language of card conditions and effects:
//!
//! ```text
//! expr    = any
//! any     = all ("|" all)*
//! all     = unary ("&" unary)*
//! unary   = "!" unary | "(" expr ")" | call [cmp integer]
//! call    = name "(" [arg ("," arg)*] ")"      name: a-z, 0-9, '-'
//! cmp     = ">=" | "<=" | "==" | ">" | "<"
//! ```
//!
//! Arguments are references as written (card numbers, side ids, place names in either language).
//! Every node keeps its span so a bad reference is reported at its column.

use crate::diag::{Code, Diagnostic, Span};
use crate::model::{Call, Expr, Spanned};

/// Parses `text`, which starts at byte `base` of `file`.
pub(crate) fn parse(text: &str, file: usize, base: usize) -> Result<Expr, Box<Diagnostic>> {
    let mut p = Parser { text, pos: 0, file, base };
    let expr = p.any()?;
    p.skip_space();
    if p.pos < text.len() {
        return Err(p.error("unexpected text after the expression", "join conditions with `&` or `|`"));
    }
    Ok(expr)
}

/// Parses a `;`-separated list of expressions (a card's effects).
pub(crate) fn parse_list(text: &str, file: usize, base: usize) -> Result<Vec<Expr>, Box<Diagnostic>> {
    let mut out = Vec::new();
    let mut offset = 0;
    for part in text.split(';') {
        if !part.trim().is_empty() {
            out.push(parse(part, file, base + offset)?);
        }
        offset += part.len() + 1;
    }
    Ok(out)
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    file: usize,
    base: usize,
}

impl Parser<'_> {
    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, self.base + start..self.base + end)
    }

    fn error(&self, message: &str, hint: &str) -> Box<Diagnostic> {
        let end = self.text[self.pos..].chars().next().map_or(self.pos, |c| self.pos + c.len_utf8());
        Box::new(
            Diagnostic::error(Code::EXPR_SYNTAX, message.to_string())
                .at(&self.span(self.pos, end))
                .with_hint(hint.to_string())
                .with_hint("the syntax is described in docs/pack-format.md, section \"Conditions and effects\""),
        )
    }

    fn skip_space(&mut self) {
        while self.text[self.pos..].starts_with(char::is_whitespace) {
            self.pos += self.text[self.pos..].chars().next().map_or(1, char::len_utf8);
        }
    }

    fn eat(&mut self, token: &str) -> bool {
        self.skip_space();
        if self.text[self.pos..].starts_with(token) {
            self.pos += token.len();
            true
        } else {
            false
        }
    }

    fn any(&mut self) -> Result<Expr, Box<Diagnostic>> {
        let mut parts = vec![self.all()?];
        while self.eat("|") {
            parts.push(self.all()?);
        }
        Ok(if parts.len() == 1 { parts.remove(0) } else { Expr::Any { exprs: parts } })
    }

    fn all(&mut self) -> Result<Expr, Box<Diagnostic>> {
        let mut parts = vec![self.unary()?];
        while self.eat("&") {
            parts.push(self.unary()?);
        }
        Ok(if parts.len() == 1 { parts.remove(0) } else { Expr::All { exprs: parts } })
    }

    fn unary(&mut self) -> Result<Expr, Box<Diagnostic>> {
        if self.eat("!") {
            return Ok(Expr::Not { expr: Box::new(self.unary()?) });
        }
        if self.eat("(") {
            let inner = self.any()?;
            if !self.eat(")") {
                return Err(self.error("expected `)`", "close the parenthesis"));
            }
            return Ok(inner);
        }
        let call = self.call()?;
        for cmp in [">=", "<=", "==", ">", "<"] {
            if self.eat(cmp) {
                self.skip_space();
                if self.text[self.pos..].starts_with(|c: char| c.is_ascii_alphabetic()) {
                    let other = self.call()?;
                    return Ok(Expr::Versus { call, cmp: cmp.to_string(), other });
                }
                let start = self.pos;
                let digits = self.text[start..]
                    .find(|c: char| !(c.is_ascii_digit() || c == '-'))
                    .map_or(self.text.len(), |i| start + i);
                let Ok(value) = self.text[start..digits].parse::<i64>() else {
                    return Err(self.error(
                        "expected a number or a function after the comparison",
                        "e.g. `vp(liberation) >= 9` or `vp(player-a) > vp(player-b)`",
                    ));
                };
                self.pos = digits;
                return Ok(Expr::Compare { call, cmp: cmp.to_string(), value });
            }
        }
        Ok(Expr::Call(call))
    }

    fn call(&mut self) -> Result<Call, Box<Diagnostic>> {
        self.skip_space();
        let start = self.pos;
        let end = self.text[start..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .map_or(self.text.len(), |i| start + i);
        if end == start {
            return Err(self.error(
                "expected a condition such as `open(29)`",
                "a condition is a name followed by arguments in parentheses",
            ));
        }
        let name = Spanned::new(self.text[start..end].to_string(), self.span(start, end));
        self.pos = end;
        if !self.eat("(") {
            return Err(self.error(
                &format!("expected `(` after `{}`", name.value),
                "write the arguments in parentheses, e.g. `open(29)`",
            ));
        }
        let mut args = Vec::new();
        loop {
            self.skip_space();
            if self.eat(")") {
                break;
            }
            let arg_start = self.pos;
            let arg_end = self.text[arg_start..].find([',', ')', '(']).map_or(self.text.len(), |i| arg_start + i);
            let raw = &self.text[arg_start..arg_end];
            let arg = raw.trim_end();
            if arg.is_empty() {
                return Err(self.error("expected an argument", "remove the extra comma"));
            }
            args.push(Spanned::new(arg.to_string(), self.span(arg_start, arg_start + arg.len())));
            self.pos = arg_end;
            if self.eat(",") {
                continue;
            }
            if !self.eat(")") {
                return Err(self.error("expected `,` or `)`", "close the argument list"));
            }
            break;
        }
        Ok(Call { name, args })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(e: &Expr) -> String {
        match e {
            Expr::Call(c) => {
                format!("{}({})", c.name.value, c.args.iter().map(|a| a.value.as_str()).collect::<Vec<_>>().join(","))
            }
            Expr::Compare { call, cmp, value } => format!("{}{cmp}{value}", show(&Expr::Call(call.clone()))),
            Expr::Versus { call, cmp, other } => {
                format!("{}{cmp}{}", show(&Expr::Call(call.clone())), show(&Expr::Call(other.clone())))
            }
            Expr::Not { expr } => format!("!{}", show(expr)),
            Expr::All { exprs } => format!("all[{}]", exprs.iter().map(show).collect::<Vec<_>>().join(" ")),
            Expr::Any { exprs } => format!("any[{}]", exprs.iter().map(show).collect::<Vec<_>>().join(" ")),
        }
    }

    #[test]
    fn parses_precedence_and_negation() {
        let e = parse("enters(liberation, 北極ポート) | open(29) & controls(liberation, cardinal)", 0, 0).unwrap();
        assert_eq!(show(&e), "any[enters(liberation,北極ポート) all[open(29) controls(liberation,cardinal)]]");
        let e = parse("open(77) & !open(34)", 0, 0).unwrap();
        assert_eq!(show(&e), "all[open(77) !open(34)]");
        assert_eq!(show(&parse("vp(liberation) >= 9", 0, 0).unwrap()), "vp(liberation)>=9");
    }

    #[test]
    fn compares_two_functions_for_the_higher_total() {
        let e = parse("vp(player-a) >= 15 & vp(player-a) > vp(player-b)", 0, 0).unwrap();
        assert_eq!(show(&e), "all[vp(player-a)>=15 vp(player-a)>vp(player-b)]");
        assert_eq!(e.calls().len(), 3, "both sides' functions are checked like any call");
        let err = parse("vp(player-a) > ", 0, 0).unwrap_err();
        assert!(err.message.contains("a number or a function"), "{}", err.message);
    }

    #[test]
    fn argument_spans_point_into_the_file() {
        let text = "open(29) & controls(liberation, カーディナル)";
        let e = parse(text, 0, 100).unwrap();
        let calls = e.calls();
        let place = &calls[1].args[1];
        assert_eq!(&text[place.span.range.start - 100..place.span.range.end - 100], "カーディナル");
    }

    #[test]
    fn reports_syntax_errors_at_their_column() {
        let err = parse("open(29) &", 0, 0).unwrap_err();
        assert_eq!(err.code, Code::EXPR_SYNTAX);
        let err = parse("open 29", 0, 0).unwrap_err();
        assert_eq!(err.span.unwrap().range.start, 5);
        assert!(parse("open(29", 0, 0).is_err());
    }

    #[test]
    fn lists_are_split_on_semicolons() {
        let list = parse_list("open(76); enable(fed6-soldier)", 0, 0).unwrap();
        assert_eq!(list.len(), 2);
        assert_eq!(list[1].calls()[0].args[0].span.range, 17..29);
    }
}
