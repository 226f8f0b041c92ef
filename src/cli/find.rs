//! `pnpkit find [PACK] COLLECTION FILTER…`: the items of any collection (cards, units, counters,
//! areas, hexes, places, placements) that a filter selects — the filter of `[[totals.by_filter]]`
//! and `[[free]]`, so a designer can see what a declared total counts before declaring it, and a
//! player can ask "which battlegrounds have stability 3 or more?".

use std::path::PathBuf;
use std::process::ExitCode;

use crate::diag::{Diagnostic, Sources};
use crate::model::filter::{self, Mode};
use crate::model::records::Collection;

use super::{pack_and_rest, query_error, report, take_options, usage_error, Format};

/// `find [PACK] COLLECTION FILTER…`, as typed.
#[derive(clap::Args)]
pub(super) struct FindArgs {
    /// An optional pack folder, the collection, then the filter (every word a filter, joined by
    /// spaces or `and`; no filter lists them all).
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
    words: Vec<String>,
    /// Print JSON: the count and each item's label and values.
    #[arg(long)]
    json: bool,
}

impl FindArgs {
    /// The pack folder (the first word when it is one), the collection's name and the filter.
    /// `--json` may stand among the words (see [`take_options`]).
    fn split(&mut self) -> Result<(PathBuf, String, String), String> {
        self.words = take_options(&self.words, &mut self.json, None)?;
        let (pack, rest) = pack_and_rest(&self.words);
        let (collection, filter) = rest.split_first().map_or(("", &[][..]), |(c, f)| (c.as_str(), f));
        Ok((pack, collection.to_string(), filter.join(" ")))
    }
}

/// A value as `find` prints it after its field: a choice by its id (the first of its words), a
/// list whole.
fn shown(value: &filter::Value, list: bool) -> Option<String> {
    match value {
        filter::Value::Int(n) => Some(n.to_string()),
        filter::Value::Flag(b) => Some(b.to_string()),
        filter::Value::Words(w) if w.is_empty() => Some("-".into()),
        filter::Value::Words(w) if list => Some(w.join("|")),
        filter::Value::Words(w) => Some(w[0].clone()),
        filter::Value::Texts(_) => None,
    }
}

/// Runs `find`: exit 1 for a pack that does not load, an unknown collection or a bad filter.
pub(super) fn run(mut args: FindArgs) -> ExitCode {
    let (dir, name, query) = match args.split() {
        Ok(split) => split,
        Err(e) => return usage_error(&e),
    };
    let name = name.as_str();
    let Some(collection) = Collection::named(name) else {
        let names: Vec<&str> = Collection::ALL.iter().map(|(n, _)| *n).collect();
        eprintln!("error: no collection `{name}`\n  = help: the collections are {}", names.join(", "));
        return ExitCode::FAILURE;
    };
    let mut sources = Sources::default();
    let (pack, diags) = crate::load::pack(&dir, &mut sources);
    if diags.iter().any(Diagnostic::is_error) {
        report(&sources, &diags, Format::Human);
        return ExitCode::FAILURE;
    }
    let schema = pack.schema(collection);
    let parsed = match filter::parse(&schema, &query, Mode::Strict) {
        Ok(parsed) => parsed,
        Err(e) => {
            eprint!("{}", query_error(&query, &e));
            return ExitCode::FAILURE;
        }
    };
    let found: Vec<_> = pack.items(collection).into_iter().filter(|item| parsed.matches(&item.record)).collect();
    if args.json {
        let items: Vec<_> = found.iter().map(|i| serde_json::json!({ "label": i.label, "values": i.record })).collect();
        let out = serde_json::json!({ "collection": name, "filter": query, "count": found.len(), "items": items });
        say!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    } else {
        let msg = crate::messages::Messages::of(&pack);
        use unicode_width::UnicodeWidthStr;
        let width = found.iter().map(|i| i.label.width()).max().unwrap_or(0);
        let mut tested: Vec<&str> = parsed.filters.iter().map(|f| f.field.as_str()).collect();
        tested.dedup();
        for item in &found {
            let pad = " ".repeat(width - item.label.width());
            let mut line = format!("{}{pad}  {}", item.label, msg.first_name(&item.name));
            // The values the filter looked at (a text it searched is the name or too long to show).
            for field in tested.iter().filter(|f| !matches!(**f, "name" | "text")) {
                let list = schema.field(field).is_some_and(|f| f.kind == filter::Kind::List);
                if let Some(value) = item.record.get(*field).and_then(|v| shown(v, list)) {
                    line.push_str(&format!("  {field}={value}"));
                }
            }
            say!("{}", line.trim_end());
        }
        let noun = collection.noun();
        let nouns = if found.len() == 1 { noun.to_string() } else { crate::model::records::plural(noun) };
        say!("{} {nouns}", found.len());
    }
    ExitCode::SUCCESS
}
