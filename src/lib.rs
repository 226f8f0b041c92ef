//! pnpkit turns a game pack into print files and a rules reference, checking the pack against the
//! game's own rules on the way.
//!
//! 1. [`load`]: pack files → [`model::Pack`]; every value keeps its [`diag::Span`].
//! 2. [`check`]: `&Pack` → [`diag::Diagnostic`]s; never mutates, never stops at the first.
//! 3. [`render`]: `&Pack` → documents of SVG pages in mm; [`reference`](mod@reference) → rules.html; [`rulebook`] →
//!    the printed rulebook, rules.pdf; [`play`] → the VASSAL module and Tabletop Simulator set;
//!    [`errata`] → two editions' differences.
//! 4. [`emit`]: PDF, PNG and files staged, then swapped into the output folder in one step.
//!
//! Below them all: [`diag`], [`text`], [`layout`], [`process`]; [`model`] above those, then
//! [`messages`] (the words pnpkit prints). A module uses only modules before it in this order;
//! [`cli`] and [`watch`] tie the stages to the command line.

pub mod check;
pub mod cli;
pub mod diag;
pub mod emit;
pub mod errata;
pub mod layout;
pub mod load;
pub mod messages;
pub mod model;
pub mod play;
pub mod process;
pub mod reference;
pub mod render;
pub mod rulebook;
pub mod text;
pub mod watch;
