//! The rules reference: a search index over clauses, cards, units, places and terms, with one set
//! of rules for matching shared by the CLI and the offline HTML reference, and the card filters
//! ([`filter`]) of `pnpkit cards search` and of the reference's search box.
//!
//! The principal types are [`Index`] (documents of a pack, each with its kind, anchor id, title
//! and normalized text) and [`Hit`]. Matching: text is NFKC-normalized (full-width digits and
//! letters become ASCII, half-width kana full-width), lower-cased and kana-folded (katakana →
//! hiragana); Japanese runs match by overlapping character bigrams confirmed by the whole run as a
//! substring, Latin words by prefix. `13.4`, `１３．４` and `#29` jump straight to a clause or a
//! card; an exact term name, reading or alias jumps to the term.

mod exhibits;
pub mod filter;
mod history;
mod html;
mod icons;
mod index;
mod links;
mod pagechars;
mod script;
mod search;
mod tokens;
mod webfont;

pub use html::{html, packed_html};

pub use filter::{CardFacts, CardQuery, FieldDef, Filter, QueryError};
pub use index::{Doc, DocKind, Index};
pub use search::{search_cards, Hit};
pub use tokens::normalize;
