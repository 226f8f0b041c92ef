//! The rules validator: `&Pack` → diagnostics. It never mutates the pack and never stops at the
//! first finding.
//!
//! One module per family of checks, each a function `fn check(pack, out)`:
//! [`references`] (every id or name resolves, with "did you mean"), [`totals`] (declared totals and
//! compositions), [`setups`] (stacking, forbidden places, counter and chit supply, chit capacity),
//! [`decks`] (deck sizes), [`map`] (hexsides, coastal sea routes, transport exceptions),
//! [`rules`] (clause numbering), [`reach`] (values conditions compare are reachable), [`stated`]
//! (data against its rule clause's numbers), [`placements`], [`counters`], [`stale`] (typed rule
//! numbers), [`chits`], [`icons`] (icons card texts draw are declared), and [`provisional`] (values the sources do not give), all after
//! [`limits`] (counts bounded by what can be printed). [`templates`] draws a sample of the faces
//! through the renderer; it needs the pack's files, so the command runs it after these.
//! Game-specific facts are data in the pack (constraints, declared totals), so these checks serve
//! every game.

mod areas;
mod cards;
mod chits;
mod counters;
pub mod decklist;
mod decks;
mod eval;
mod exhibits;
mod filtered;
mod filters;
mod free;
pub mod limits;
mod map;
mod placements;
pub mod provisional;
mod reach;
mod references;
mod release;
mod rules;
mod setups;
mod stale;
mod stated;
pub mod templates;
mod totals;
mod tracks;
mod variants;

// Map graph rules, setup pieces and supply, values by turn.
mod graph;
mod icons;
mod pieces;
mod plain;
pub mod supply;
mod turns;

use crate::diag::Diagnostic;
use crate::model::{Pack, Ref};

pub use eval::{eval, OpenCards};

/// How strict to be.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Treat provisional values as errors.
    pub strict: bool,
    /// A release: provisional values, placeholder text and incomplete sets are errors.
    pub release: bool,
}

/// Runs every check on `pack`.
pub fn pack(pack: &Pack, options: Options) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    // A count past what can be printed stops here: the other checks walk the pieces.
    if limits::check(pack, &mut out) {
        return out;
    }
    references::check(pack, &mut out);
    totals::check(pack, &mut out);
    setups::check(pack, &mut out);
    decks::check(pack, &mut out);
    cards::check(pack, &mut out);
    icons::check(pack, &mut out);
    exhibits::check(pack, &mut out);
    map::check(pack, &mut out);
    areas::check(pack, &mut out);
    variants::check(pack, &mut out);
    graph::check(pack, &mut out);
    pieces::check(pack, &mut out);
    turns::check(pack, &mut out);
    tracks::check(pack, &mut out);
    plain::check(pack, options.release, &mut out);
    rules::check(pack, &mut out);
    rules::typed_numbers(pack, &mut out);
    filtered::check(pack, &mut out);
    free::check(pack, &mut out);
    reach::check(pack, &mut out);
    stated::check(pack, &mut out);
    placements::check(pack, &mut out);
    counters::check(pack, &mut out);
    stale::check(pack, &mut out);
    chits::check(pack, &mut out);
    provisional::check(pack, (options.strict, options.release), &mut out);
    release::check(pack, options.release, &mut out);
    out
}

/// " (rule 8.4.2)" for a clause reference that resolves, else "": lets a message cite the rule.
pub(crate) fn cite(pack: &Pack, rule: Option<&Ref>) -> String {
    rule.and_then(|r| pack.clause(r)).map(|c| format!(" (rule {})", c.number)).unwrap_or_default()
}
