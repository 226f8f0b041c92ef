//! What a clause's `table:` line names: a table the data makes. Parsed here once, so the check
//! reports a table that names nothing at its line and the rulebook and rules.html draw the same
//! rows.

use super::filter::{self, Mode, Query};
use super::records::Collection;
use super::Pack;

/// The kinds of table a clause may show, as hints list them.
pub const KINDS: [&str; 3] = ["aid:<id>", "track:<id>", "chits"];

/// A table the data makes.
#[derive(Debug)]
pub enum TableSource<'p> {
    /// A play aid's chances (`[[aids]]`).
    Aid(&'p super::PlayAid),
    /// A track's boxes.
    Track(&'p super::Track),
    /// The chit mix: each value and how many chits show it.
    Chits,
    /// The items of a collection a filter selects, with the columns to show (empty: every field
    /// some item has a value for).
    Items {
        /// The collection.
        collection: Collection,
        /// The filter, parsed.
        query: Query,
        /// The columns chosen after `|`, by field id.
        columns: Vec<String>,
    },
}

/// Why a `table:` line names no table: the problem and what to write instead.
#[derive(Debug, PartialEq, Eq)]
pub struct NoTable {
    /// The problem.
    pub message: String,
    /// What to write.
    pub hint: String,
}

impl Pack {
    /// The table `source` names (`aid:combat`, `track:turn`, `chits`, `units force:federal |
    /// name, attack`).
    pub fn table_source(&self, source: &str) -> Result<TableSource<'_>, NoTable> {
        let (what, columns) = match source.split_once('|') {
            Some((what, columns)) => (what.trim(), columns.split(',').map(|c| c.trim().to_string()).collect()),
            None => (source.trim(), Vec::new()),
        };
        let (head, rest) = what.split_once(char::is_whitespace).map_or((what, ""), |(h, r)| (h, r.trim()));
        let unknown = |kind: &str, id: &str, known: Vec<&str>| NoTable {
            message: format!("the table names {kind} `{id}`, which the pack does not have"),
            hint: crate::diag::did_you_mean(id, known.iter().copied())
                .unwrap_or_else(|| format!("the pack's {kind}s are: {}", list(&known))),
        };
        if let Some(id) = head.strip_prefix("aid:") {
            return self
                .aids
                .iter()
                .find(|a| a.id == id)
                .map(TableSource::Aid)
                .ok_or_else(|| unknown("play aid", id, self.aids.iter().map(|a| a.id.as_str()).collect()));
        }
        if let Some(id) = head.strip_prefix("track:") {
            return self
                .tracks
                .iter()
                .find(|t| t.id == id)
                .map(TableSource::Track)
                .ok_or_else(|| unknown("track", id, self.tracks.iter().map(|t| t.id.as_str()).collect()));
        }
        if head == "chits" {
            return match self.chits.values.is_empty() {
                true => Err(NoTable {
                    message: "the table shows the chit mix, which the pack does not have".into(),
                    hint: "declare the mix in pack.toml (`[chits]`), or show another table".into(),
                }),
                false => Ok(TableSource::Chits),
            };
        }
        let Some(collection) = Collection::named(head) else {
            let mut known: Vec<&str> = KINDS.to_vec();
            known.extend(Collection::ALL.iter().map(|(n, _)| *n));
            return Err(NoTable {
                message: format!("`{head}` is no table the data makes"),
                hint: crate::diag::did_you_mean(head, known.iter().copied())
                    .unwrap_or_else(|| format!("write one of {}, or a collection and a filter", list(&known))),
            });
        };
        let schema = self.schema(collection);
        let query = filter::parse(&schema, rest, Mode::Strict).map_err(|e| NoTable {
            message: format!("the table's filter `{rest}`: {}", e.message),
            hint: e.hints.join("; "),
        })?;
        let known: Vec<&str> =
            ["name"].into_iter().chain(schema.built_in.iter().chain(&schema.fields).map(|f| f.id.as_str())).collect();
        if let Some(column) = columns.iter().find(|c| !known.contains(&c.as_str())) {
            return Err(NoTable {
                message: format!("the table's column `{column}` is no field of the {}", collection.noun()),
                hint: crate::diag::did_you_mean(column, known.iter().copied())
                    .unwrap_or_else(|| format!("the {} fields are: {}", collection.noun(), list(&known))),
            });
        }
        Ok(TableSource::Items { collection, query, columns })
    }
}

fn list(names: &[&str]) -> String {
    if names.is_empty() {
        "none".to_string()
    } else {
        names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
    }
}
