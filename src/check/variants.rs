//! Areas only a variant puts on the board (`variant` in areas.csv) and setups played with a
//! variant (`variant` in setups.toml) name a rules section marked `kind: variant` or
//! `kind: optional` (E0509); no other setup puts pieces on such an area, by a setups.csv row or
//! by a free placement's filter (E0510).

use crate::diag::{did_you_mean, Code, Diagnostic, Span};
use crate::model::{Area, Pack, Ref};

/// Runs the variant checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let areas = pack.map.iter().flat_map(|m| &m.areas).filter_map(|a| a.variant.as_ref().map(|v| ("area", v)));
    let setups = pack.setups.iter().filter_map(|s| s.variant.as_ref().map(|v| ("setup", v)));
    for (what, variant) in areas.chain(setups) {
        out.extend(not_a_variant(pack, what, variant));
    }
    for p in &pack.placements {
        let Some(area) = pack.area(&p.location.value) else { continue };
        let who = format!("setup `{}` places {} × `{}` in", p.setup.value, p.count.value, p.piece.value);
        out.extend(placed_on(pack, &p.setup.value, area, &who, &p.location.span, None));
    }
    for f in &pack.free_placements {
        for id in pack.free_locations(f) {
            let Some(area) = pack.area(&id) else { continue };
            let who = format!("the free placement of `{}` in setup `{}` selects", f.piece.value, f.setup.value);
            let hint = format!("leave the area out of the filter (add `-variant:{}`)", variant_of(area));
            out.extend(placed_on(pack, &f.setup.value, area, &who, &f.filter.span, Some(hint)));
        }
    }
}

fn variant_of(area: &Area) -> &str {
    area.variant.as_ref().map_or("", |v| v.value.as_str())
}

/// E0509 when `variant` names no section, or a section of the core rules.
fn not_a_variant(pack: &Pack, what: &str, variant: &Ref) -> Option<Diagnostic> {
    let marked = || pack.rules.sections.iter().filter(|s| s.kind.is_some()).map(|s| s.id.as_str());
    let message = match pack.section(&variant.value) {
        Some(s) if s.kind.is_some() => return None,
        Some(s) => {
            format!("the {what}'s variant `{}` is section {}, a section of the core rules", variant.value, s.number)
        }
        None => format!("the {what}'s variant `{}` names no rules section", variant.value),
    };
    let listed: Vec<&str> = marked().collect();
    let hint = did_you_mean(&variant.value, marked()).unwrap_or_else(|| match listed.as_slice() {
        [] => "mark the variant's section `kind: variant` (or `kind: optional`) under its heading".to_string(),
        _ => format!("the sections marked variant or optional are: {}", listed.join(", ")),
    });
    Some(Diagnostic::error(Code::VARIANT_UNKNOWN, message).at(&variant.span).with_hint(hint))
}

/// E0510 when setup `setup` is not played with the variant that alone puts `area` on the board
/// and `who` (in that setup) puts pieces there anyway.
fn placed_on(pack: &Pack, setup: &str, area: &Area, who: &str, at: &Span, hint: Option<String>) -> Option<Diagnostic> {
    let variant = area.variant.as_ref()?;
    let played = pack.setup(setup).and_then(|s| s.variant.as_ref());
    if played.is_some_and(|p| p.value == variant.value) {
        return None;
    }
    let rule = pack.section(&variant.value).map_or_else(String::new, |s| format!(" (section {})", s.number));
    let hint = hint.unwrap_or_else(|| {
        format!(
            "place the pieces elsewhere, or play the setup with the variant (variant = \"{}\" in setups.toml)",
            variant.value
        )
    });
    Some(
        Diagnostic::error(
            Code::VARIANT_AREA_PLACED,
            format!("{who} `{}`, which only the variant `{}`{rule} puts on the board", area.id, variant.value),
        )
        .at(at)
        .with_related(&area.span, "the area")
        .with_hint(hint),
    )
}
