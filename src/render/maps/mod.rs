//! Maps: the hex map (`hex`) and the area map (`area`) drawn on one surface (`pen`), each one page
//! at its published size, cut into tiles for smaller paper (`tiles`), and an erratum's replacement
//! map (`reprint`); the costly choices are kept for the next build (`recent`). Uses `page`; `sheets::mat` draws its mats on the same surface.

pub mod area;
pub mod hex;
pub(crate) mod pen;
mod recent;
pub mod reprint;
pub(crate) mod tiles;
