//! `[print]`: paper, sizes, bleed, gutter, fonts and the other print settings, each checked
//! against what can be printed.

use super::raw::RawPrint;
use crate::diag::{Code, Diagnostic, FileId};
use crate::load::Loader;
use crate::model::*;
use toml::Spanned as TS;

/// W0190 at `[print] one_sided_cards = true` when the pack also declares `backs` card backs,
/// which one-sided cards never print.
pub(super) fn one_sided_with_backs(l: &mut Loader<'_>, file: FileId, raw: &TS<RawPrint>, backs: usize) {
    let Some(key) = raw.get_ref().one_sided_cards.as_ref().filter(|v| *v.get_ref() && backs > 0) else { return };
    l.diags.push(
        Diagnostic::warning(
            Code::ONE_SIDED_CARD_BACKS,
            format!("one-sided cards print no backs, but the pack declares {backs} [[card_backs]]"),
        )
        .at(&Loader::span(file, key))
        .with_hint("remove the [[card_backs]], or `one_sided_cards` to print them on the cards' backs"),
    );
}

/// `[print]`, with defaults for what it leaves out and sizes checked to be printable.
pub(super) fn print_settings(l: &mut Loader<'_>, file: FileId, raw: &TS<RawPrint>) -> Print {
    let span = Loader::span(file, raw);
    let p = raw.get_ref();
    let d = Print::default();
    let mut print = Print {
        paper: p.paper.as_ref().map_or(d.paper.clone(), |v| v.get_ref().clone()),
        card_mm: p.card_size.map_or(d.card_mm, |[w, h]| (w, h)),
        card_bleed: p.card_bleed.unwrap_or(d.card_bleed),
        gutter: gutter(l, file, p.gutter.as_ref()),
        counter_mm: p.counter_size.unwrap_or(d.counter_mm),
        counter_bleed: p.counter_bleed.unwrap_or(d.counter_bleed),
        map_bleed: p.map_bleed.unwrap_or(d.map_bleed),
        chit_mm: p.chit_size.unwrap_or(d.chit_mm),
        safe_margin: p.safe_margin.unwrap_or(d.safe_margin),
        previews: p.previews.unwrap_or(d.previews),
        svg: p.svg.unwrap_or(d.svg),
        blank_backs: p.blank_backs.unwrap_or(d.blank_backs),
        one_sided_cards: p.one_sided_cards.as_ref().map_or(d.one_sided_cards, |v| *v.get_ref()),
        tts_url: p.tts_url.clone().unwrap_or_default(),
        fonts: Vec::new(),
        span: span.clone(),
    };
    for font in &p.fonts {
        let font_span = Loader::span(file, font);
        let f = font.get_ref();
        // Font files must lie inside the pack (symlinks followed only inside it).
        let mut resolve = |rel: &str| match crate::load::confine::resolve(&l.dir, rel) {
            Ok(real) => Some(real),
            Err(why) => {
                let message = format!("font file {}", why.describe(rel));
                let hint = match why {
                    crate::load::confine::Refused::Missing | crate::load::confine::Refused::NotInside => {
                        "font paths are relative to the pack folder, e.g. \"fonts/MyFont-Regular.ttf\""
                    }
                    _ => why.hint(),
                };
                l.diags.push(Diagnostic::error(why.code(), message).at(&font_span).with_hint(hint));
                None
            }
        };
        let regular = resolve(&f.regular);
        let bold = f.bold.as_deref().map(&mut resolve);
        if let (Some(regular), Some(bold)) = (regular, bold.map_or(Some(None), |b| b.map(Some))) {
            print.fonts.push(PackFont { family: f.family.clone(), regular, bold, span: font_span });
        }
    }
    if let Some(paper) = &p.paper {
        if crate::layout::Paper::named(paper.get_ref()).is_none() {
            l.diags.push(
                Diagnostic::error(Code::BAD_VALUE, format!("unknown paper `{}`", paper.get_ref()))
                    .at(&Loader::span(file, paper))
                    .with_hint("use A4, A3, A2, A1 or Letter"),
            );
            print.paper = d.paper.clone();
        }
    }
    let sizes = [print.card_mm.0, print.card_mm.1, print.counter_mm, print.chit_mm];
    let bleeds = [print.card_bleed, print.counter_bleed, print.map_bleed];
    if sizes.iter().any(|v| !(5.0..=300.0).contains(v)) || bleeds.iter().any(|v| !(0.0..=10.0).contains(v)) {
        l.diags.push(
            Diagnostic::error(
                Code::BAD_VALUE,
                "component sizes must lie between 5 and 300 mm and bleeds between 0 and 10 mm",
            )
            .at(&span),
        );
        print = Print { span, ..d };
    }
    print
}

/// `[print] gutter`: the space between cards, from 0 (abutting cards) to 30 mm; `None` when the
/// pack does not say.
pub(super) fn gutter(l: &mut Loader<'_>, file: FileId, raw: Option<&TS<f64>>) -> Option<f64> {
    let raw = raw?;
    l.mm_within(
        file,
        raw,
        0.0..=30.0,
        |mm| format!("gutter {mm} mm is outside 0 to 30 mm"),
        "write the space between cards in mm, e.g. gutter = 6 (twice the card bleed prints all of it)",
    )
    .or(Some(0.0))
}
