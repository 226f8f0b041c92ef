//! The face templates, checked as `build` would find them: each template the pack uses is drawn
//! once per kind of piece it draws, through the build's own renderer (render budget, watchdog and
//! the SVG check included), so a Tera syntax error, an unknown variable, malformed SVG or a
//! budget overrun (E0133) shows in `check`, not only in `build`.
//!
//! This is the one check that uses `render`: what it checks is the renderer's input. It samples
//! one card of each card type and card back, one counter kind of each kind of face (unit class,
//! marker, own template, damaged back), and a chit front and the chit back. Only errors are kept:
//! text warnings of every face come from `build`, which draws them all.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::diag::{Diagnostic, Sources};
use crate::model::{CounterKind, Pack};
use crate::render::pieces::faces::{FaceRenderer, FaceSize};
use crate::render::templates::Templates;

/// The errors drawing a sample of the pack's faces finds (each once).
pub fn check(pack: &Pack, sources: &mut Sources) -> Vec<Diagnostic> {
    let fonts = match crate::render::fonts_for(pack) {
        Ok(fonts) => Arc::new(fonts),
        Err(errors) => return errors,
    };
    let missing = glyphs(pack, &fonts, sources);
    if !missing.is_empty() {
        return missing;
    }
    let templates = match Templates::load(pack, fonts, sources) {
        Ok(t) => t,
        Err(errors) => return errors,
    };
    let mut faces = FaceRenderer::new(pack, &templates, sources);
    let mut errors: Vec<Diagnostic> = Vec::new();
    let mut keep = |result: Result<crate::render::pieces::faces::Face, Diagnostic>| {
        if let Err(d) = result {
            if !errors.iter().any(|e| e.code == d.code && e.message == d.message && e.span == d.span) {
                errors.push(d);
            }
        }
    };
    let p = &pack.print;
    let card = FaceSize { w: p.card_mm.0, h: p.card_mm.1, bleed: p.card_bleed };
    let mut seen = BTreeSet::new();
    for c in &pack.cards {
        let back = pack.card_back(c).map(|b| b as *const _ as usize);
        if seen.insert((c.card_type.value.clone(), back)) {
            keep(faces.card_front(c, &card));
            if !p.one_sided_cards {
                keep(faces.card_back(c, &card));
            }
        }
    }
    let counter = FaceSize { w: p.counter_mm, h: p.counter_mm, bleed: p.counter_bleed };
    let mut seen = BTreeSet::new();
    for c in &pack.counters {
        if seen.insert(kind_of(pack, c)) {
            keep(faces.counter_side(c, false, &counter));
            if c.back.is_some() {
                keep(faces.counter_side(c, true, &counter));
            }
        }
    }
    let chit = FaceSize { w: p.chit_mm, h: p.chit_mm, bleed: p.counter_bleed };
    if let Some(value) = pack.chits.values.first() {
        keep(faces.chit_front(&value.label, &chit));
        keep(faces.chit_back(&chit));
    }
    errors
}

/// The characters of the cards' and units' texts that no font of the pack can draw (E0803), each
/// at its column in its row: found here rather than as each face is drawn, so the error points at
/// the data, before anything is built.
fn glyphs(pack: &Pack, fonts: &crate::text::Fonts, sources: &Sources) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut look = |what: String, texts: Vec<&str>, row: &crate::diag::Span| {
        let mut chars: Vec<char> = Vec::new();
        for text in texts {
            for c in fonts.missing(&pack.plain_text(text), crate::text::Style::main(crate::text::Weight::Regular)) {
                if !chars.contains(&c) {
                    chars.push(c);
                }
            }
        }
        let Some(first) = chars.first() else { return };
        // At the first such character in the row, when the row's text holds it.
        let at = sources.slice(row).find(*first).map_or(row.clone(), |i| {
            crate::diag::Span::new(row.file, row.range.start + i..row.range.start + i + first.len_utf8())
        });
        let listed: String = chars.iter().collect();
        out.push(
            Diagnostic::error(crate::diag::Code::MISSING_GLYPH, format!("{what}: no font has a glyph for “{listed}”"))
                .at(&at)
                .with_hint("use another character, or bring a font that has it ([print] fonts)"),
        );
    };
    for card in &pack.cards {
        let mut texts = vec![card.name.ja.as_str(), &card.name.en, &card.text, &card.flavour, &card.timing];
        texts.extend(card.fields.values().filter_map(|v| match v {
            crate::model::FieldValue::Text(t) => Some(t.as_str()),
            _ => None,
        }));
        look(format!("card {}", card.id), texts, &card.span);
    }
    for unit in &pack.units {
        look(format!("unit {}", unit.id), vec![&unit.name.ja, &unit.name.en], &unit.span);
    }
    out
}

/// What decides how a counter kind is drawn: its own template, what each side shows (a unit's
/// class, or the marker), and whether its back is its front damaged.
fn kind_of(pack: &Pack, c: &CounterKind) -> (Option<String>, String, Option<String>, bool) {
    let face = |id: &str| match pack.unit_by_id(id) {
        Some(unit) => format!("class:{}", unit.class.value),
        None => format!("marker:{id}"),
    };
    (
        c.template.as_ref().map(|t| t.value.clone()),
        face(&c.front.value),
        c.back.as_ref().map(|b| face(&b.value)),
        c.is_two_step(),
    )
}
