//! Writing output files: [`pdf`] (krilla, fonts subset once per document), [`png`] (resvg) and
//! SVG as it is, all from the same SVG pages, parsed by one [`SvgParser`] that knows only the
//! embedded fonts. The principal type is [`Staging`]: every file is written into a staging folder
//! beside the output, under a lock on it, and swapped in place of the whole output folder in one step
//! only when the whole build succeeded, so a failed or killed build never leaves a half-written
//! file or a mix of two builds and never destroys the last good output.

mod lock;
mod names;
mod ownership;
mod parallel;
mod pdf;
mod pdfjoin;
mod png;
pub mod pod;
mod staging;
mod svgdoc;

pub use names::{face_path, file_name, fnv1a, is_safe as is_safe_file_name};
pub use ownership::MARKER;
pub use parallel::in_order;
pub use pdf::{pdf, pdf_to, PdfPage};
pub use png::{encode as encode_png, png, pngs, raster};
pub use staging::{OutputLock, Staging};
pub use svgdoc::{nodes, SvgError, SvgParser, MAX_NODES};
