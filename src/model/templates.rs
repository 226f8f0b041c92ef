//! The face templates built into pnpkit (`templates/` in the repository, compiled into the
//! binary): what a pack may name without a file of its own. The loader asks for their names,
//! `render` draws with their text.

/// The built-in templates, by name.
pub const BUILT_IN: &[(&str, &str)] = &[
    ("counters/unit.svg.tera", include_str!("../../templates/counters/unit.svg.tera")),
    ("counters/marker.svg.tera", include_str!("../../templates/counters/marker.svg.tera")),
    ("chits/front.svg.tera", include_str!("../../templates/chits/front.svg.tera")),
    ("chits/back.svg.tera", include_str!("../../templates/chits/back.svg.tera")),
    ("cards/front.svg.tera", include_str!("../../templates/cards/front.svg.tera")),
    ("cards/back.svg.tera", include_str!("../../templates/cards/back.svg.tera")),
];

/// Whether `name` is one of the built-in templates (`cards/front.svg.tera`, …).
pub fn is_built_in(name: &str) -> bool {
    BUILT_IN.iter().any(|(n, _)| *n == name)
}
