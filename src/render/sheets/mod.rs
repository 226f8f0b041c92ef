//! Sheets players use at the table: play and score sheets, tracks and card-slot mats. Uses
//! `page` and `tables`.

pub(crate) mod mat;
pub(crate) mod playsheet;
pub(crate) mod tracks;
