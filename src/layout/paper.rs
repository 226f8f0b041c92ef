//! Paper sizes.

use serde::Serialize;

/// A sheet of paper, in mm, portrait.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Paper {
    /// Its name.
    pub name: &'static str,
    /// Width in mm (portrait).
    pub width: f64,
    /// Height in mm (portrait).
    pub height: f64,
}

impl Paper {
    /// ISO A4.
    pub const A4: Paper = Paper { name: "A4", width: 210.0, height: 297.0 };
    /// ISO A3.
    pub const A3: Paper = Paper { name: "A3", width: 297.0, height: 420.0 };
    /// US Letter.
    pub const LETTER: Paper = Paper { name: "Letter", width: 215.9, height: 279.4 };

    /// The paper called `name` (case-insensitive).
    pub fn named(name: &str) -> Option<Paper> {
        [Paper::A4, Paper::A3, Paper::LETTER].into_iter().find(|p| p.name.eq_ignore_ascii_case(name))
    }

    /// The same paper turned sideways.
    pub fn landscape(self) -> Paper {
        Paper { width: self.height, height: self.width, ..self }
    }
}
