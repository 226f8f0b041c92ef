//! Writing output files: [`pdf`] (krilla, fonts subset once per document), [`png`] (resvg) and
//! SVG as it is, all from the same SVG pages, parsed by one [`SvgParser`] that knows only the
//! embedded fonts. The principal type is [`Staging`]: every file is written into a staging folder
//! first and renamed into the output folder only when the whole build succeeded, so a failed
//! build never leaves a half-written file and never destroys the last good one.

mod pdf;
mod png;
mod staging;
mod svgdoc;

pub use pdf::pdf;
pub use png::{png, pngs};
pub use staging::Staging;
pub use svgdoc::{SvgError, SvgParser};
