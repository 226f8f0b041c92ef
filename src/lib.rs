//! pnpkit turns a game pack into print files and a rules reference, checking the pack against the
//! game's own rules on the way.
//!
//! 1. [`load`]: pack files → [`model::Pack`]; every value keeps its [`diag::Span`].
//! 2. [`check`]: `&Pack` → [`diag::Diagnostic`]s; never mutates, never stops at the first.
//! 3. render (later issues): `&Pack` → pages of items placed in mm.
//! 4. [`emit`]: files are staged, then renamed into `output/<pack>/`.
//!
//! [`cli`] ties the stages to the command line.

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
pub mod text;
pub mod watch;
