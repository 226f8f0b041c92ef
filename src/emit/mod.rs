//! Writing output files. The principal type is [`Staging`]: every product is written into a
//! staging folder first and renamed into the output folder only when the whole build succeeded,
//! so a failed build never leaves a half-written file and never destroys the last good one.

mod staging;

pub use staging::Staging;
