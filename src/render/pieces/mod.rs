//! Pieces: what each counter, chit and card face shows (`faces`, `describe`), the
//! sheets they are imposed on (`sheets`, `backs`, `provisional`) and the duplex calibration sheet.
//! Uses `page` and `templates`.

pub(crate) mod backs;
pub(crate) mod calibration;
pub(crate) mod describe;
pub mod faces;
pub(crate) mod imposed;
pub mod provisional;
pub mod sheets;
