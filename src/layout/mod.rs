//! Imposition: where each face sits on a sheet, in mm. It knows nothing about cards or counters.
//!
//! The principal type is [`Imposition`], made by [`Imposition::grid`] from a [`Paper`], a face
//! size, bleed and gutters. It yields [`Rect`] slots for the fronts, the mirrored slot behind each
//! for long-edge duplex (shifted by a printer's back offset), the crop marks outside the grid, and
//! fold-over (gutter-fold) slots. Pages are portrait or landscape, whichever holds more faces.

mod imposition;
mod packed;
mod paper;
mod placed;

pub use imposition::{CropMark, Imposition, ImpositionError, Rect, Sides};
pub use packed::{Packed, PackedWriter};
pub use paper::{Paper, PrintBoxes};
pub use placed::{Art, Placed};
