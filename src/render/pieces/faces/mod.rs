//! Faces: what each card, counter and chit face shows, and the whole piece behind it, handed to
//! its template. This module decides content (names in the pack's languages, colours, factor
//! strings, card texts, draft marks, every typed field); the templates decide looks.
//!
//! The principal types are [`Planner`], which turns a piece into a [`Planned`] face (its id, the
//! template that draws it and the context that template receives), and [`FaceRenderer`], which
//! draws planned faces through the templates. `pnpkit dump --context` prints what the planner
//! makes ([`contexts`]), so what it shows is exactly what a template receives.

mod back_pattern;
mod card_planner;
mod context;
mod planner;

pub(crate) use planner::Planner;

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use serde_json::Value;
use sha2::Digest;

use crate::diag::{Diagnostic, Sources, Span};
use crate::model::{Card, CounterKind, Names, Pack};
use crate::render::templates::Templates;

/// A rendered face: the inner SVG of one side of one piece, in mm, trim box at the origin.
#[derive(Clone, Debug)]
pub struct Face {
    /// Stable name: `counters/soldiers-front`, `cards/29-front`, `chits/3P-front`.
    pub id: String,
    /// Trim width in mm.
    pub w: f64,
    /// Trim height in mm.
    pub h: f64,
    /// Bleed drawn around the trim box in mm.
    pub bleed: f64,
    /// SVG elements (no root element), shared with the art placed on sheets and the face cache.
    pub svg: crate::layout::Packed,
    /// The piece's name, for the sheet's note on provisional values.
    pub names: Names,
    /// The fields whose values on this face the sources do not give (`anti_armour`, `back`, …);
    /// the sheet's margin and the manifest list them, the face itself carries no mark.
    pub provisional: Vec<String>,
    /// A back that only repeats its front (a one-sided counter's): printed where its sheet has
    /// a back page anyway, never the reason a sheet gets one.
    pub plain: bool,
}

/// Settings shared by every face of one kind.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FaceSize {
    pub(crate) w: f64,
    pub(crate) h: f64,
    pub(crate) bleed: f64,
}

impl FaceSize {
    /// The size of `pack`'s faces of `kind` (`cards`, `counters` or `chits`), with bleed.
    fn of(pack: &Pack, kind: &str) -> FaceSize {
        let p = &pack.print;
        match kind {
            "cards" => FaceSize { w: p.card_mm.0, h: p.card_mm.1, bleed: p.card_bleed },
            "chits" => FaceSize { w: p.chit_mm, h: p.chit_mm, bleed: p.counter_bleed },
            _ => FaceSize { w: p.counter_mm, h: p.counter_mm, bleed: p.counter_bleed },
        }
    }
}

/// One face ready to draw.
#[derive(Debug, Serialize)]
pub struct Planned {
    /// The face's id (`cards/29-front`).
    pub face: String,
    /// The template that draws it.
    pub template: String,
    /// Everything the template receives.
    pub context: Value,
    /// The data row it comes from (warnings point here).
    #[serde(skip)]
    origin: Span,
    #[serde(skip)]
    size: FaceSize,
    /// The piece's name and its provisional fields, handed on to the [`Face`].
    #[serde(skip)]
    provisional: (Names, Vec<String>),
}

impl Planned {
    /// This face, recording that it shows `fields` of the piece called `names` as provisional.
    fn carrying(mut self, names: &Names, fields: Vec<String>) -> Planned {
        self.provisional = (names.clone(), fields);
        self
    }
}

/// The faces of one piece, as `pnpkit dump --context <kind> <id>` prints them: `cards <card>`,
/// `counters <counter kind>`, `units <unit>`, `markers <marker>`, `chits <label>`.
pub fn contexts(pack: &Pack, kind: &str, id: &str) -> Result<Vec<Planned>, String> {
    let planner = Planner::new(pack);
    let planned = planned(&planner, pack, kind, id)?;
    Ok(planned.into_iter().map(|p| planner.with_labels(p)).collect())
}

/// The planned faces of one piece (`kind`, `id`), their contexts without the labels.
fn planned(planner: &Planner<'_>, pack: &Pack, kind: &str, id: &str) -> Result<Vec<Planned>, String> {
    let size = FaceSize::of(pack, kind);
    let not_found = |what: &str| format!("no {what} `{id}` in this pack");
    match kind {
        "cards" => {
            let card = pack.card(id).ok_or_else(|| not_found("card"))?;
            Ok(vec![planner.card_front(card, size), planner.card_back(card, size)])
        }
        "counters" => {
            let counter = pack.counters.iter().find(|c| c.id == id).ok_or_else(|| not_found("counter kind"))?;
            let mut out = vec![planner.counter_side(counter, false, size)];
            out.extend(counter.back.is_some().then(|| planner.counter_side(counter, true, size)));
            Ok(out)
        }
        "units" => {
            let unit = pack.unit(None, id).ok_or_else(|| not_found("unit"))?;
            Ok(vec![planner.counter(format!("units/{}", unit.id), &unit.id, false, Vec::new(), None, size)])
        }
        "markers" => {
            let marker = pack.marker(id).ok_or_else(|| not_found("marker"))?;
            Ok(vec![planner.counter(format!("markers/{}", marker.id), &marker.id, false, Vec::new(), None, size)])
        }
        "chits" => {
            pack.chits.values.iter().find(|v| v.label == id).ok_or_else(|| not_found("chit value"))?;
            Ok(vec![planner.chit_front(id, size), planner.chit_back(size)])
        }
        other => Err(format!("unknown piece kind `{other}`: use cards, counters, units, markers or chits")),
    }
}

/// A face's identity for the memo: its id, template, size (bits of w, h, bleed) and the SHA-256
/// of its context (a deck of unique cards keeps no copy of each context).
type FaceKey = (String, String, [u64; 3], [u8; 32]);

/// Faces drawn through the templates, kept from one render to the next (`pnpkit watch`): a
/// face whose template, size and context are unchanged is not drawn again. Each keeps its text
/// warnings as the template gave them, so a later render says them again, at the row the face
/// now comes from. The memo holds only as long as the templates and what they are drawn with
/// (message labels, fonts) are the same: [`FaceMemo::keep_if`] empties it otherwise.
#[derive(Default)]
pub struct FaceMemo {
    /// What the faces were drawn with (templates, labels, fonts).
    fingerprint: [u8; 32],
    drawn: BTreeMap<FaceKey, (Face, Vec<Diagnostic>)>,
}

impl FaceMemo {
    /// Empties the memo unless its faces were drawn with what `fingerprint` stands for.
    fn keep_if(&mut self, fingerprint: [u8; 32]) {
        if self.fingerprint != fingerprint {
            self.drawn.clear();
            self.fingerprint = fingerprint;
        }
    }

    /// How many faces it holds.
    pub fn len(&self) -> usize {
        self.drawn.len()
    }

    /// Whether it holds no face.
    pub fn is_empty(&self) -> bool {
        self.drawn.is_empty()
    }
}

/// Renders faces through the templates, collecting warnings.
pub(crate) struct FaceRenderer<'a> {
    planner: Planner<'a>,
    templates: &'a Templates,
    sources: &'a Sources,
    pub(crate) warnings: Vec<Diagnostic>,
    /// Faces drawn so far (in this render or, with a memo handed in, an earlier one): a face many
    /// pieces share (a deck's back, a unit at many setup locations) is drawn once.
    memo: FaceMemo,
    /// The faces this render used, its warnings said once each.
    used: BTreeSet<FaceKey>,
    /// How many faces this render drew through their template (not found in the memo).
    pub(crate) drawn: usize,
}

impl<'a> FaceRenderer<'a> {
    /// A renderer of `pack`'s faces through `templates`.
    pub(crate) fn new(pack: &'a Pack, templates: &'a Templates, sources: &'a Sources) -> FaceRenderer<'a> {
        FaceRenderer::with_memo(pack, templates, sources, FaceMemo::default())
    }

    /// A renderer that starts from the faces `memo` holds, if they were drawn with the same
    /// templates, labels and fonts.
    pub(crate) fn with_memo(
        pack: &'a Pack,
        templates: &'a Templates,
        sources: &'a Sources,
        mut memo: FaceMemo,
    ) -> FaceRenderer<'a> {
        let planner = Planner::new(pack);
        let mut hash = sha2::Sha256::new();
        hash.update(templates.fingerprint(sources));
        for (name, _, value) in &planner.labels {
            hash.update(name.as_bytes());
            hash.update(value.to_string().as_bytes());
        }
        for font in &pack.print.fonts {
            hash.update(format!("{}\0{:?}\0{:?}\0", font.family, font.regular, font.bold).as_bytes());
        }
        memo.keep_if(hash.finalize().into());
        FaceRenderer { planner, templates, sources, warnings: Vec::new(), memo, used: BTreeSet::new(), drawn: 0 }
    }

    /// The memo, holding the faces this render used (the others are dropped, so a long watch
    /// session does not collect every face it ever drew).
    pub(crate) fn into_memo(self) -> FaceMemo {
        let FaceRenderer { mut memo, used, .. } = self;
        memo.drawn.retain(|key, _| used.contains(key));
        memo
    }

    /// Draws a planned face; its text warnings point at the row it comes from.
    fn render(&mut self, planned: Planned) -> Result<Face, Diagnostic> {
        let FaceSize { w, h, bleed } = planned.size;
        let size = [w.to_bits(), h.to_bits(), bleed.to_bits()];
        let context = sha2::Sha256::digest(planned.context.to_string().as_bytes()).into();
        let key = (planned.face, planned.template, size, context);
        if !self.memo.drawn.contains_key(&key) {
            let mut context = tera::Context::from_serialize(&planned.context)
                .map_err(|e| Diagnostic::error(crate::diag::Code::TEMPLATE, format!("template context: {e}")))?;
            for (name, _, value) in &self.planner.labels {
                context.insert_value(*name, value.clone());
            }
            let (svg, warnings) = self.templates.render(&key.1, &key.0, &context, self.sources)?;
            let face = Face {
                id: key.0.clone(),
                w,
                h,
                bleed,
                svg: svg.into(),
                names: Names::default(),
                provisional: Vec::new(),
                plain: false,
            };
            self.memo.drawn.insert(key.clone(), (face, warnings));
            self.drawn += 1;
        }
        let (face, warnings) = &self.memo.drawn[&key];
        if self.used.insert(key.clone()) {
            let origin = &planned.origin;
            self.warnings
                .extend(warnings.iter().map(|w| if w.span.is_some() { w.clone() } else { w.clone().at(origin) }));
        }
        let (names, provisional) = planned.provisional;
        Ok(Face { names, provisional, ..face.clone() })
    }

    /// One face of a unit or marker outside any counter kind (setup charts): a unit
    /// (`damaged` for its damaged side) or a marker.
    pub(crate) fn counter(
        &mut self,
        id: String,
        face: &str,
        damaged: bool,
        counter_draft: bool,
        size: &FaceSize,
    ) -> Result<Face, Diagnostic> {
        let fields = if counter_draft { vec!["back".to_string()] } else { Vec::new() };
        let planned = self.planner.counter(id, face, damaged, fields, None, *size);
        self.render(planned)
    }

    /// The front (or `back`) of a physical counter.
    pub(crate) fn counter_side(
        &mut self,
        counter: &CounterKind,
        back: bool,
        size: &FaceSize,
    ) -> Result<Face, Diagnostic> {
        let planned = self.planner.counter_side(counter, back, *size);
        self.render(planned)
    }

    /// The back of a counter with none of its own: its front again, marked `plain` (so it
    /// prints only on a sheet that has a back page for other pieces).
    pub(crate) fn repeated_back(&mut self, counter: &CounterKind, size: &FaceSize) -> Result<Face, Diagnostic> {
        let front = self.counter_side(counter, false, size)?;
        Ok(Face { id: format!("counters/{}-back", counter.id), plain: true, ..front })
    }

    /// The value face of a chit.
    pub(crate) fn chit_front(&mut self, label: &str, size: &FaceSize) -> Result<Face, Diagnostic> {
        let planned = self.planner.chit_front(label, *size);
        self.render(planned)
    }

    /// The common back of the chits.
    pub(crate) fn chit_back(&mut self, size: &FaceSize) -> Result<Face, Diagnostic> {
        let planned = self.planner.chit_back(*size);
        self.render(planned)
    }

    /// A card's face.
    pub(crate) fn card_front(&mut self, card: &Card, size: &FaceSize) -> Result<Face, Diagnostic> {
        let planned = self.planner.card_front(card, *size);
        self.render(planned)
    }

    /// A double-sided card's other side, `None` for a card with one side.
    pub(crate) fn card_own_back(&mut self, card: &Card, size: &FaceSize) -> Option<Result<Face, Diagnostic>> {
        let planned = self.planner.card_own_back(card, *size)?;
        Some(self.render(planned))
    }

    /// The back printed behind `card`.
    pub(crate) fn card_back(&mut self, card: &Card, size: &FaceSize) -> Result<Face, Diagnostic> {
        let planned = self.planner.card_back(card, *size);
        self.render(planned)
    }
}
