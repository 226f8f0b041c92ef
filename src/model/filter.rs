//! One filter syntax for every collection of a pack: cards, units, counters, areas, hexes,
//! places and setup placements. `pnpkit cards search`, rules.html's search box (mirrored in
//! templates/reference/search.js), the totals declared by filter and free placements all parse
//! with [`parse`].
//!
//! A query is parsed against a [`Schema`] — named, typed fields ([`FieldDef`]: int, text, choice,
//! flag, list of choice), the collection's built-ins first — into a [`Query`] of [`Filter`]s, each
//! with its byte span. A filter is `name OP value` with `OP` one of `:` `=` `!=` `<` `<=` `>`
//! `>=` (also full-width, spaces around the operator allowed: `era = early`), or a bare flag name
//! (`famous`); a leading `-` or `!` negates it. A choice or list value may name several values,
//! any of which matches (`region:europe|asia`). Filters are joined by "and" (the word `and` may be
//! written between them); there is no `or` across fields and no parentheses. In search mode the
//! other words are text to search; in strict mode they are errors. A filter tests a [`Record`]:
//! the item's field values, normalized.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Serialize;
use unicode_normalization::UnicodeNormalization;

use super::{CardField, FieldKind};

/// Width, case and kana folding: NFKC, lower case, katakana → hiragana.
pub fn normalize(text: &str) -> String {
    text.nfkc()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'ァ'..='ヶ' => char::from_u32(c as u32 - 0x60).unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// A name as queries match it: normalized, without spaces, `-` and `_` (`no-hold`, `No_Hold`
/// and `nohold` are one name).
pub fn compact(name: &str) -> String {
    normalize(name).chars().filter(|c| !c.is_whitespace() && *c != '-' && *c != '_').collect()
}

/// The value type of a [`FieldDef`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A whole number: compared with `<`, `<=`, `=`, `!=`, `>=`, `>`.
    Int,
    /// Free text: `field:word` finds the items whose value contains the word.
    Text,
    /// One of listed values (any value when none are listed): `field:value`.
    Choice,
    /// yes / no: `field`, `field:false`, `-field`.
    Flag,
    /// Several of listed values: `field:value` finds the items that have that value among theirs.
    List,
}

/// A field as filters know it.
#[derive(Clone, Debug, Serialize)]
pub struct FieldDef {
    /// The field's id (its column).
    pub id: String,
    /// Its value type.
    pub kind: Kind,
    /// The values of a choice or list, as declared (empty: any value).
    pub values: Vec<String>,
    /// Its display names (Japanese, English), for hints.
    pub names: Vec<String>,
    /// How a filter on it is written (`ops>=N`, `era:early|mid|late`, `starred`).
    pub usage: String,
    /// What names it in a query: its id and display names, [`compact`]ed.
    pub keys: Vec<String>,
    /// The words of its display names: they name it too after a filter's operator, when no other
    /// field shares the word (`period:early` for the field named "war period").
    pub words: Vec<String>,
}

impl FieldDef {
    /// A field named `id` with display `names`.
    pub fn new(id: &str, kind: Kind, values: Vec<String>, names: Vec<String>) -> FieldDef {
        let names: Vec<String> = names.into_iter().filter(|n| !n.is_empty()).collect();
        let mut keys = Vec::new();
        add_new(&mut keys, std::iter::once(id).chain(names.iter().map(String::as_str)).map(compact));
        let mut words = Vec::new();
        for name in names.iter().map(|n| normalize(n)) {
            add_new(&mut words, name.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(String::from));
        }
        FieldDef { usage: usage(id, kind, &values), id: id.to_string(), kind, values, names, keys, words }
    }

    /// A built-in field: named by its id only, written as `usage` says.
    pub fn built_in(id: &str, kind: Kind, usage: &str) -> FieldDef {
        FieldDef {
            id: id.to_string(),
            kind,
            values: Vec::new(),
            names: Vec::new(),
            usage: usage.to_string(),
            keys: vec![id.to_string()],
            words: Vec::new(),
        }
    }

    /// The filter field of a typed card field or attribute.
    pub fn of_field(field: &CardField) -> FieldDef {
        FieldDef::of_kind(&field.id, &field.name, &field.kind)
    }

    /// The filter field of a field `id` named `name` with value type `kind`.
    pub fn of_kind(id: &str, name: &super::Names, kind: &FieldKind) -> FieldDef {
        let (kind, values) = match kind {
            FieldKind::Int { .. } => (Kind::Int, Vec::new()),
            FieldKind::Text => (Kind::Text, Vec::new()),
            FieldKind::Choice { values } => (Kind::Choice, values.clone()),
            FieldKind::Flag => (Kind::Flag, Vec::new()),
            FieldKind::List { values } => (Kind::List, values.clone()),
        };
        FieldDef::new(id, kind, values, vec![name.ja.clone(), name.en.clone()])
    }

    /// Adds the values another declaration of the same field lists.
    pub fn add_values(&mut self, values: &[String]) {
        add_new(&mut self.values, values.iter().cloned());
        self.usage = usage(&self.id, self.kind, &self.values);
    }
}

/// Appends the items `list` does not hold yet.
fn add_new(list: &mut Vec<String>, items: impl IntoIterator<Item = String>) {
    for item in items {
        if !list.contains(&item) {
            list.push(item);
        }
    }
}

fn usage(id: &str, kind: Kind, values: &[String]) -> String {
    match kind {
        Kind::Int => format!("{id}>=N"),
        Kind::Text => format!("{id}:TEXT"),
        Kind::Choice | Kind::List if values.is_empty() => format!("{id}:VALUE"),
        Kind::Choice | Kind::List => format!("{id}:{}", values.join("|")),
        Kind::Flag => id.to_string(),
    }
}

/// The fields of one collection: built-ins (resolved first, by id) and the pack's own typed
/// fields (by id, display name, or a word of a display name).
#[derive(Clone, Debug, Default)]
pub struct Schema {
    /// What one item is called in messages (`card`, `area`).
    pub noun: String,
    /// The fields every such collection has.
    pub built_in: Vec<FieldDef>,
    /// The pack's typed fields.
    pub fields: Vec<FieldDef>,
}

impl Schema {
    /// The field with id `id`, built-in or own.
    pub fn field(&self, id: &str) -> Option<&FieldDef> {
        self.built_in.iter().chain(&self.fields).find(|f| f.id == id)
    }

    /// The field `name` names: a built-in by id, else a field by id or display name, else the one
    /// field with that word in its display name. `Err` holds the fields sharing the word (none:
    /// unknown).
    pub fn resolve(&self, name: &str) -> Result<&FieldDef, Vec<&FieldDef>> {
        let key = compact(name);
        if let Some(f) = self.built_in.iter().find(|f| f.keys.contains(&key)) {
            return Ok(f);
        }
        if let Some(f) = self.fields.iter().find(|f| f.keys.contains(&key)) {
            return Ok(f);
        }
        let by_word: Vec<&FieldDef> = self.fields.iter().filter(|f| f.words.contains(&key)).collect();
        match by_word.as_slice() {
            [one] => Ok(one),
            _ => Err(by_word),
        }
    }

    /// What the filters of this collection are, for hints: the built-in ones, the pack's fields.
    pub fn known(&self) -> Vec<String> {
        let mut out = Vec::new();
        if !self.built_in.is_empty() {
            let built_in: Vec<&str> = self.built_in.iter().map(|f| f.usage.as_str()).collect();
            out.push(format!("filters: {}", built_in.join(", ")));
        }
        out.push(if self.fields.is_empty() {
            format!("this pack's {} have no typed fields", super::records::plural(&self.noun))
        } else {
            let listed: Vec<String> =
                self.fields.iter().map(|f| format!("{} ({})", f.usage, f.names.join(" · "))).collect();
            format!("{} fields: {}", self.noun, listed.join(", "))
        });
        out
    }
}

/// A field's value on one item, normalized as queries are.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Value {
    /// A whole number.
    Int(i64),
    /// A flag.
    Flag(bool),
    /// A choice (with its aliases, e.g. a side's id and names) or the values of a list: a
    /// choice filter matches when its value equals one of them.
    Words(Vec<String>),
    /// Texts: a text filter matches when one of them contains its value.
    Texts(Vec<String>),
}

/// One item as filters see it: its field values by field id.
pub type Record = BTreeMap<String, Value>;

/// How a filter compares a number: `<`, `<=`, `=` (also `:`), `>=`, `>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `<`.
    Less,
    /// `<=`.
    AtMost,
    /// `=` or `:`.
    Equal,
    /// `>=`.
    AtLeast,
    /// `>`.
    More,
}

impl Cmp {
    fn of(op: &str) -> Cmp {
        match op {
            "<" => Cmp::Less,
            "<=" => Cmp::AtMost,
            ">=" => Cmp::AtLeast,
            ">" => Cmp::More,
            _ => Cmp::Equal,
        }
    }

    /// The sign a reader knows it by (`≤`, `=`, …).
    pub fn symbol(self) -> &'static str {
        match self {
            Cmp::Less => "<",
            Cmp::AtMost => "≤",
            Cmp::Equal => "=",
            Cmp::AtLeast => "≥",
            Cmp::More => ">",
        }
    }

    /// Whether `value` compares with `wanted` this way.
    pub fn holds(self, value: i64, wanted: i64) -> bool {
        match self {
            Cmp::Less => value < wanted,
            Cmp::AtMost => value <= wanted,
            Cmp::Equal => value == wanted,
            Cmp::AtLeast => value >= wanted,
            Cmp::More => value > wanted,
        }
    }
}

/// What a filter asks of a field's value.
#[derive(Clone, Debug, PartialEq)]
pub enum Test {
    /// A number compared with this one.
    Compare(Cmp, i64),
    /// A number equal to one of these (`number=11|13`).
    OneOf(Vec<i64>),
    /// A choice or list holds one of these values (normalized).
    AnyOf(Vec<String>),
    /// A text contains one of these (normalized; `name:korea|vietnam`).
    Contains(Vec<String>),
    /// A flag is set (`true`) or not.
    Flag(bool),
}

impl Test {
    fn holds(&self, value: &Value) -> bool {
        match (self, value) {
            (Test::Compare(cmp, n), Value::Int(v)) => cmp.holds(*v, *n),
            (Test::OneOf(want), Value::Int(v)) => want.contains(v),
            (Test::AnyOf(want), Value::Words(have) | Value::Texts(have)) => want.iter().any(|w| have.contains(w)),
            (Test::Contains(want), Value::Words(have) | Value::Texts(have)) => {
                have.iter().any(|t| want.iter().any(|w| t.contains(w.as_str())))
            }
            (Test::Flag(want), Value::Flag(v)) => v == want,
            _ => false,
        }
    }
}

/// One filter of a query.
#[derive(Clone, Debug, PartialEq)]
pub struct Filter {
    /// Written with a leading `-` or `!`, or with `!=`: items that fail the test pass.
    pub negated: bool,
    /// The id of the field it tests.
    pub field: String,
    /// The test (an item without the field never passes it).
    pub test: Test,
    /// Where it is written in the query (bytes).
    pub span: Range<usize>,
}

impl Filter {
    /// Whether the item with these values passes the filter.
    pub fn matches(&self, record: &Record) -> bool {
        record.get(&self.field).is_some_and(|v| self.test.holds(v)) != self.negated
    }
}

/// A parsed query: every filter must hold; the words (search mode) search the items' text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Query {
    /// The filters.
    pub filters: Vec<Filter>,
    /// The other words, as written (with their `-`).
    pub words: Vec<String>,
}

impl Query {
    /// Whether every filter passes the item (the words are not looked at).
    pub fn matches(&self, record: &Record) -> bool {
        self.filters.iter().all(|f| f.matches(record))
    }
}

/// A mistake in a query: what is wrong, where (bytes of the query) and how to write it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QueryError {
    /// What is wrong.
    pub message: String,
    /// The part of the query at fault.
    pub span: Range<usize>,
    /// Suggestions: a likely typo, then the filters the collection knows.
    pub hints: Vec<String>,
    /// The mistake names no field (rather than misusing one).
    #[serde(skip)]
    pub unknown_field: bool,
}

/// What the words of a query that are not filters are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Text to search (card search).
    Search,
    /// Mistakes: every word must be a filter (totals, free placements); `and` may join them.
    Strict,
}

/// The operators of filters, full-width forms included.
fn op_char(c: char) -> Option<char> {
    match c {
        ':' | '：' => Some(':'),
        '<' | '＜' => Some('<'),
        '>' | '＞' => Some('>'),
        '=' | '＝' => Some('='),
        '!' | '！' => Some('!'),
        _ => None,
    }
}

/// The operator starting at `at` of `text`: its length in bytes and ASCII form. A `!` is one
/// only before `=`.
fn operator_at(text: &str, at: usize) -> Option<(usize, &'static str)> {
    let mut chars = text[at..].chars();
    let first = chars.next()?;
    let next = chars.next().filter(|c| op_char(*c) == Some('='));
    let two = first.len_utf8() + next.map_or(0, char::len_utf8);
    Some(match (op_char(first)?, next) {
        ('<', Some(_)) => (two, "<="),
        ('>', Some(_)) => (two, ">="),
        ('!', Some(_)) => (two, "!="),
        ('=', Some(_)) => (two, "="),
        ('!', None) => return None,
        ('<', None) => (first.len_utf8(), "<"),
        ('>', None) => (first.len_utf8(), ">"),
        ('=', None) => (first.len_utf8(), "="),
        _ => (first.len_utf8(), ":"),
    })
}

/// One lexical piece of a query.
#[derive(Clone, Debug)]
enum Token {
    /// A run of text up to whitespace or an operator (the rest of its chunk after one).
    Word(Range<usize>),
    /// An operator.
    Op(&'static str, Range<usize>),
}

/// Splits `query` into words and operators: each whitespace-separated chunk at its first
/// operator (a chunk's value after the operator stays whole: `name:a:b` is `name`, `:`, `a:b`).
fn tokens(query: &str) -> Vec<(Token, usize)> {
    let mut out = Vec::new();
    let mut chunk_no = 0;
    let mut at = 0;
    while at < query.len() {
        let rest = &query[at..];
        let skip = rest.len() - rest.trim_start().len();
        at += skip;
        if at >= query.len() {
            break;
        }
        let chunk = at..at + chunk_len(&query[at..]);
        // The first operator of the chunk, not counting a leading negation.
        let body =
            if query[chunk.clone()].starts_with(['-', '!']) && operator_at(query, at).is_none() { at + 1 } else { at };
        let op = query[body..chunk.end]
            .char_indices()
            .find_map(|(i, _)| operator_at(&query[..chunk.end], body + i).map(|(l, o)| (body + i, l, o)));
        match op {
            Some((o, l, name)) => {
                if o > chunk.start {
                    out.push((Token::Word(chunk.start..o), chunk_no));
                }
                out.push((Token::Op(name, o..o + l), chunk_no));
                if o + l < chunk.end {
                    out.push((Token::Word(o + l..chunk.end), chunk_no));
                }
            }
            None => out.push((Token::Word(chunk.clone()), chunk_no)),
        }
        chunk_no += 1;
        at = chunk.end;
    }
    out
}

/// Whether `c` opens or closes a quoted value (`name:"Korean War"`, also “…” and 「…」).
fn is_quote(c: char) -> bool {
    matches!(c, '"' | '“' | '”' | '「' | '」')
}

/// The length in bytes of the chunk `text` starts with: up to whitespace outside quotes.
fn chunk_len(text: &str) -> usize {
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        if is_quote(c) {
            quoted = !quoted;
        } else if c.is_whitespace() && !quoted {
            return i;
        }
    }
    text.len()
}

/// `value` without the quotes around it or around its `|` alternatives: `"Korean War"|Vietnam`
/// is `Korean War|Vietnam`.
pub fn unquote(value: &str) -> String {
    value.split('|').map(|v| v.trim_start_matches(is_quote).trim_end_matches(is_quote)).collect::<Vec<_>>().join("|")
}

/// A filter cut at its operator, with the byte span of each part.
struct Parts<'q> {
    name: &'q str,
    op: &'static str,
    value: &'q str,
    name_span: Range<usize>,
    op_span: Range<usize>,
    value_span: Range<usize>,
}

/// Parses `query` against `schema`. A name followed by an operator (in the same word, or with
/// the operator standing alone between spaces) is a filter and must name a field; a bare word naming a flag is that flag; in
/// [`Mode::Search`] other words are text, in [`Mode::Strict`] they are errors.
pub fn parse(schema: &Schema, query: &str, mode: Mode) -> Result<Query, QueryError> {
    let toks = tokens(query);
    let mut out = Query::default();
    let mut i = 0;
    while i < toks.len() {
        let (tok, chunk) = &toks[i];
        // A name and its operator are one word, or the operator stands alone (`era = early`).
        let joined = |next: &(Token, usize)| next.1 == *chunk || toks.get(i + 2).is_none_or(|after| after.1 != next.1);
        match (tok, toks.get(i + 1).filter(|n| joined(n))) {
            (Token::Word(w), Some((Token::Op(op, o), _))) => {
                let negated = query[w.clone()].len() > 1 && query[w.clone()].starts_with(['-', '!']);
                let name_span = w.start + usize::from(negated)..w.end;
                let (value_span, used) = match toks.get(i + 2) {
                    Some((Token::Word(v), _)) => (v.clone(), 3),
                    _ => (o.end..o.end, 2),
                };
                let parts = Parts {
                    name: &query[name_span.clone()],
                    op,
                    value: &query[value_span.clone()],
                    name_span,
                    op_span: o.clone(),
                    value_span,
                };
                let field = schema.resolve(parts.name).map_err(|shared| unknown(schema, &parts, &shared))?;
                let (test, flip) = test_of(schema, field, &parts)?;
                let span = w.start..parts.value_span.end.max(o.end);
                out.filters.push(Filter { negated: negated != flip, field: field.id.clone(), test, span });
                i += used;
            }
            (Token::Word(w), _) => {
                let word = &query[w.clone()];
                let negated = word.len() > 1 && word.starts_with(['-', '!']);
                let key = compact(&word[usize::from(negated)..]);
                let flag = schema
                    .built_in
                    .iter()
                    .chain(&schema.fields)
                    .find(|f| f.kind == Kind::Flag && f.keys.contains(&key));
                match (flag, mode) {
                    (Some(f), _) => out.filters.push(Filter {
                        negated,
                        field: f.id.clone(),
                        test: Test::Flag(true),
                        span: w.clone(),
                    }),
                    (None, Mode::Strict) if key == "and" => {}
                    (None, Mode::Strict) => return Err(not_a_filter(schema, word, w.clone())),
                    (None, Mode::Search) => out.words.push(word.to_string()),
                }
                i += 1;
            }
            (Token::Op(_, o), _) => {
                // An operator with no name before it: text as written, to the end of its chunk.
                let chunk = *chunk;
                let mut end = o.end;
                i += 1;
                while let Some((Token::Word(r) | Token::Op(_, r), _)) = toks.get(i).filter(|(_, c)| *c == chunk) {
                    end = r.end;
                    i += 1;
                }
                if mode == Mode::Strict {
                    return Err(not_a_filter(schema, &query[o.start..end], o.start..end));
                }
                out.words.push(query[o.start..end].to_string());
            }
        }
    }
    Ok(out)
}

fn not_a_filter(schema: &Schema, word: &str, span: Range<usize>) -> QueryError {
    let mut hints = vec!["write FIELD:VALUE, FIELD>=N or a flag's name; `and` may join filters".to_string()];
    hints.extend(schema.known());
    QueryError { message: format!("`{word}` is not a filter"), span, hints, unknown_field: false }
}

fn unknown(schema: &Schema, parts: &Parts<'_>, shared: &[&FieldDef]) -> QueryError {
    let mut hints = Vec::new();
    let noun = &schema.noun;
    let message = if shared.is_empty() {
        let candidates = schema.built_in.iter().map(|f| f.id.as_str()).chain(schema.fields.iter().flat_map(|f| {
            std::iter::once(f.id.as_str())
                .chain(f.names.iter().map(String::as_str))
                .chain(f.words.iter().map(String::as_str))
        }));
        hints.extend(crate::diag::did_you_mean(parts.name, candidates));
        format!("no filter or {noun} field is named `{}`", parts.name)
    } else {
        let ids: Vec<&str> = shared.iter().map(|f| f.id.as_str()).collect();
        format!("`{}` could be any of the {noun} fields {}: write its id", parts.name, ids.join(", "))
    };
    hints.extend(schema.known());
    QueryError { message, span: parts.name_span.clone(), hints, unknown_field: true }
}

/// The test a filter asks for, and whether its operator negates it (`!=`), or why it cannot be
/// one.
fn test_of(schema: &Schema, field: &FieldDef, parts: &Parts<'_>) -> Result<(Test, bool), QueryError> {
    let id = field.id.as_str();
    let how = if field.kind == Kind::Flag { format!("{id}, {id}:false or -{id}") } else { field.usage.clone() };
    let fail = |message: String, span: &Range<usize>| QueryError {
        message,
        span: span.clone(),
        hints: std::iter::once(format!("write {how}")).chain(schema.known()).collect(),
        unknown_field: false,
    };
    if parts.value.is_empty() {
        let message = format!("`{}{}` needs a value", parts.name, parts.op);
        return Err(fail(message, &(parts.name_span.start..parts.op_span.end)));
    }
    if field.kind != Kind::Int && !matches!(parts.op, ":" | "=" | "!=") {
        return Err(fail(format!("`{}` compares numbers, and `{id}` is not a number", parts.op), &parts.op_span));
    }
    let flip = parts.op == "!=";
    let value = normalize(&unquote(parts.value));
    let wanted: Vec<String> = value.split('|').map(str::to_string).collect();
    let test = match field.kind {
        Kind::Int => match wanted.iter().map(|w| w.parse::<i64>()).collect::<Result<Vec<i64>, _>>() {
            Ok(n) if n.len() == 1 => Test::Compare(if flip { Cmp::Equal } else { Cmp::of(parts.op) }, n[0]),
            Ok(_) if !matches!(parts.op, ":" | "=" | "!=") => {
                let message = format!("`{}` compares with one number; `|` lists numbers after `=`", parts.op);
                return Err(fail(message, &parts.op_span));
            }
            Ok(n) => Test::OneOf(n),
            Err(_) => {
                let message = format!("`{id}` is compared with whole numbers, not `{}`", parts.value);
                return Err(fail(message, &parts.value_span));
            }
        },
        Kind::Text => {
            if wanted.iter().any(String::is_empty) {
                return Err(fail(format!("`{}` has an empty alternative", parts.value), &parts.value_span));
            }
            Test::Contains(wanted)
        }
        Kind::Choice | Kind::List => {
            let declared: Vec<String> = field.values.iter().map(|v| normalize(v)).collect();
            if let Some(bad) = wanted.iter().find(|w| w.is_empty() || (!declared.is_empty() && !declared.contains(w))) {
                let bad = if wanted.len() == 1 { parts.value } else { bad.as_str() };
                let message = format!("`{bad}` is not a value of `{id}`: {}", field.values.join(", "));
                return Err(fail(message, &parts.value_span));
            }
            Test::AnyOf(wanted)
        }
        Kind::Flag => match value.as_str() {
            "true" | "yes" => Test::Flag(true),
            "false" | "no" => Test::Flag(false),
            _ => return Err(fail(format!("`{id}` is true or false, not `{}`", parts.value), &parts.value_span)),
        },
    };
    Ok((test, flip))
}

#[cfg(test)]
mod tests;
