//! The summary `check` and `build` print: counts per component kind, then the verdict.

use serde::Serialize;

use crate::diag::Diagnostic;
use crate::model::Pack;

/// What a pack holds, counted.
#[derive(Serialize, Default)]
pub(super) struct Counts {
    sides: usize,
    forces: usize,
    unit_types: usize,
    markers: usize,
    counter_kinds: usize,
    unit_and_marker_counters: u32,
    chits: u32,
    physical_counters: u32,
    cards_known: usize,
    cards_declared: Option<u32>,
    decks: usize,
    setups: usize,
    placements: usize,
    hexes: usize,
    areas: usize,
    places: usize,
    cities: usize,
    hexside_features: usize,
    sea_routes: usize,
    boxes: usize,
    sheets: usize,
    rule_sections: usize,
    rule_clauses: usize,
    terms: usize,
    provisional_values: usize,
}

impl Counts {
    /// Counts `pack`.
    pub(super) fn of(pack: &Pack) -> Counts {
        let counters: u32 = pack.counters.iter().map(|c| c.count.value).sum();
        let chits = pack.chits.total();
        let places = pack.map.iter().flat_map(|m| &m.hexes).filter_map(|h| h.place.as_ref());
        Counts {
            sides: pack.sides.len(),
            forces: pack.forces.len(),
            unit_types: pack.units.len(),
            markers: pack.markers.len(),
            counter_kinds: pack.counters.len(),
            unit_and_marker_counters: counters,
            chits,
            physical_counters: counters + chits,
            cards_known: pack.cards.len(),
            cards_declared: pack.game.totals.cards.as_ref().map(|c| c.value),
            decks: pack.decks.len(),
            setups: pack.setups.len(),
            placements: pack.placements.len(),
            hexes: pack.map.as_ref().map_or(0, |m| m.hexes.len()),
            areas: pack.map.as_ref().map_or(0, |m| m.areas.len()),
            places: places.clone().count(),
            cities: places.filter(|p| p.city).count(),
            hexside_features: pack.map.as_ref().map_or(0, |m| m.hexsides.len()),
            sea_routes: pack.map.as_ref().map_or(0, |m| m.routes.len()),
            boxes: pack.boxes.len(),
            sheets: pack.sheets.len(),
            rule_sections: pack.rules.sections.len(),
            rule_clauses: pack.rules.sections.iter().map(|s| s.clauses.len()).sum(),
            terms: pack.rules.terms.len(),
            provisional_values: pack.provisional.len(),
        }
    }
}

/// The summary text.
pub(super) fn text(pack: &Pack, diags: &[Diagnostic]) -> String {
    let c = Counts::of(pack);
    let errors = diags.iter().filter(|d| d.is_error()).count();
    let warnings = diags.len() - errors;
    let cards = match c.cards_declared {
        Some(declared) => format!("{} of {declared} cards known", c.cards_known),
        None => format!("{} cards", c.cards_known),
    };
    let title = [pack.game.title.ja.as_str(), pack.game.title.en.as_str()]
        .into_iter()
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(" / ");
    let verdict = if errors > 0 { "FAILED" } else { "ok" };
    format!(
        "{id}: {title} (edition {edition})\n\
         \x20 units       {sides} sides, {forces} forces, {units} unit types, {markers} markers\n\
         \x20 counters    {counters} unit/marker counters in {kinds} kinds + {chits} chits = {physical}\n\
         \x20 cards       {cards}, {decks} deck definitions\n\
         \x20 setups      {setups} ({placements} placement rows)\n\
         \x20 map         {hexes} hexes, {areas} areas, {places} places ({cities} cities), {hexsides} hexside features, {routes} sea routes\n\
         \x20 sheets      {sheets} sheets, {boxes} boxes\n\
         \x20 rules       {sections} sections, {clauses} clauses, {terms} glossary terms\n\
         \x20 provisional {provisional} values the sources do not give (counted above by kind; `--provisional` lists each)\n\
         check {verdict}: {errors} error(s), {warnings} warning(s)",
        id = pack.id,
        edition = pack.game.edition,
        sides = c.sides,
        forces = c.forces,
        units = c.unit_types,
        markers = c.markers,
        counters = c.unit_and_marker_counters,
        kinds = c.counter_kinds,
        chits = c.chits,
        physical = c.physical_counters,
        decks = c.decks,
        setups = c.setups,
        placements = c.placements,
        hexes = c.hexes,
        areas = c.areas,
        places = c.places,
        cities = c.cities,
        hexsides = c.hexside_features,
        routes = c.sea_routes,
        sheets = c.sheets,
        boxes = c.boxes,
        sections = c.rule_sections,
        clauses = c.rule_clauses,
        terms = c.terms,
        provisional = c.provisional_values,
    )
}
