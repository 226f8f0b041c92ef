//! Every reference resolves: sides, forces, units, markers, cards, locations, terrain, rules,
//! terms and setups, each with a "did you mean" hint by edit distance over ids and names in both
//! languages. Also the vocabulary of condition and effect expressions.

use crate::diag::{did_you_mean, Code, Diagnostic};
use crate::model::{Expr, Pack, Ref, Timing};

/// What a function argument must name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Arg {
    Card,
    Side,
    Location,
    Unit,
    Rule,
    Track,
    Region,
}

/// The functions conditions and effects may use: name, arguments, meaning (for docs and hints).
pub(crate) const FUNCTIONS: &[(&str, &[Arg], &str)] = &[
    ("open", &[Arg::Card], "condition: the card is open"),
    ("removed", &[Arg::Card], "condition: the card is removed from the game"),
    ("controls", &[Arg::Side, Arg::Location], "condition: the side controls the place"),
    ("enters", &[Arg::Side, Arg::Location], "condition: a unit of the side enters the place"),
    ("vp", &[Arg::Side], "number: the side's victory points, compared as `vp(side) >= 9`"),
    ("opens", &[Arg::Card], "effect: the card becomes open"),
    ("removes", &[Arg::Card], "effect: the card is removed from the game"),
    ("enables", &[Arg::Unit], "effect: the unit type becomes available"),
    ("allows-entry", &[Arg::Side, Arg::Location], "effect: the side's units may enter the place"),
    ("sea-routes", &[], "effect: a sea move along one of this card's routes (routes.csv)"),
    ("switches", &[Arg::Rule], "effect: the rule clause now applies instead of its alternative"),
    ("security-check", &[], "effect: the Federal player may make security checks"),
    ("draws-chit", &[], "effect: draw a chit and use its points"),
    ("wins", &[Arg::Side], "effect: the side wins the game"),
    ("track", &[Arg::Track], "number: the value a track's marker shows, compared as `track(defcon) <= 2`"),
    ("turn", &[], "number: the current turn, compared as `turn() == 10`"),
    ("controls-region", &[Arg::Side, Arg::Region], "condition: the side controls the map region"),
    ("controlled", &[Arg::Side], "number: how many areas or places the side controls"),
    ("held", &[Arg::Side, Arg::Card], "condition: the side holds the card in hand"),
    ("played", &[Arg::Card], "condition: the card has been played"),
    ("won", &[Arg::Side], "number: the wins the side has recorded (a score sheet's wins)"),
    ("losses", &[Arg::Side], "number: the losses the side has recorded"),
    ("eliminated", &[Arg::Side], "condition: the side is out of the game"),
    ("deck-empty", &[Arg::Side], "condition: the side's draw deck has run out"),
    ("turns-without-units", &[Arg::Side], "number: turns in a row the side has had no unit in play"),
    ("phasing", &[Arg::Side], "condition: the side is the phasing (active) player"),
];

/// The word a condition may use for the other player of a two-player game in place of a side
/// (`deck-empty(opponent)` in a victory of the symmetric side `player`).
pub(crate) const OPPONENT: &str = "opponent";

/// Runs the reference checks.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let r = Resolver { pack };
    for f in &pack.forces {
        r.side(&f.side, out);
        r.opt_rule(&f.rule, out);
    }
    for u in &pack.units {
        r.force(&u.force, out);
        if !pack.classes.iter().any(|c| c.id == u.class.value) {
            out.push(unknown(
                Code::UNKNOWN_UNIT,
                "unit class",
                &u.class,
                pack.classes.iter().flat_map(|c| [c.id.as_str(), c.name.ja.as_str()]),
            ));
        }
        for m in &u.modifiers {
            r.terrain(&m.terrain, out);
        }
        u.rules.iter().for_each(|c| r.rule(c, out));
    }
    for place in pack.map.iter().flat_map(|m| &m.hexes).filter_map(|h| h.place.as_ref()) {
        place.rules.iter().for_each(|c| r.rule(c, out));
    }
    for c in &pack.counters {
        r.face(&c.front, out);
        if let Some(back) = &c.back {
            r.face(back, out);
        }
    }
    for card in &pack.cards {
        if pack.card_type(&card.card_type).is_none() {
            out.push(unknown(
                Code::UNKNOWN_FIELD,
                "card type",
                &card.card_type,
                pack.card_types.iter().map(|t| t.id.as_str()),
            ));
        }
        if let Some(side) = &card.side {
            r.side(side, out);
        }
        card.rules.iter().for_each(|c| r.rule(c, out));
        for expr in card.requires.iter().chain(&card.auto_open).chain(&card.effects) {
            r.expr(expr, out);
            for call in expr.calls() {
                for arg in &call.args {
                    if FUNCTIONS.iter().any(|(n, a, _)| *n == call.name.value && a.first() == Some(&Arg::Card))
                        && pack.card(arg).is_some_and(|c| c.id == card.id)
                    {
                        out.push(
                            Diagnostic::error(
                                Code::CARD_SELF_REFERENCE,
                                format!("card {} refers to itself in `{}`", card.id, call.name.value),
                            )
                            .at(&arg.span)
                            .with_hint("a card cannot require, open or remove itself"),
                        );
                    }
                }
            }
        }
    }
    for d in &pack.decks {
        r.setup(&d.setup, out);
        if let Some(side) = &d.side {
            r.side(side, out);
        }
        r.opt_rule(&d.rule, out);
        if let Some(s) = &d.select.side {
            r.side(s, out);
        }
    }
    for s in &pack.setups {
        r.opt_rule(&s.rule, out);
    }
    for p in &pack.placements {
        r.setup(&p.setup, out);
        if !p.side.value.is_empty() {
            r.side(&p.side, out); // the location and the piece: pieces.rs
        }
    }
    if let Some(map) = &pack.map {
        for h in &map.hexes {
            r.terrain(&h.terrain, out);
        }
        for s in &map.hexsides {
            r.location(&s.a, out);
            r.location(&s.b, out);
        }
        for h in &map.isolated {
            r.location(h, out);
        }
        for route in &map.routes {
            r.card(&route.card, out);
            r.location(&route.from, out);
            r.location(&route.to, out);
            r.opt_rule(&route.rule, out);
        }
        for t in &map.transport {
            if let Some(s) = &t.side {
                r.side(s, out);
            }
            r.location(&t.between.0, out);
            r.location(&t.between.1, out);
            r.opt_rule(&t.rule, out);
        }
        for a in &map.areas {
            if let Some(s) = &a.side {
                r.side(s, out);
            }
            for adj in &a.adjacent {
                if !map.areas.iter().any(|x| x.id == adj.value) {
                    out.push(unknown(Code::UNKNOWN_LOCATION, "area", adj, map.areas.iter().map(|x| x.id.as_str())));
                }
            }
        }
    }
    for b in &pack.boxes {
        if let Some(s) = &b.side {
            r.side(s, out);
        }
        if b.sheet.value != "map" && !pack.sheets.iter().any(|s| s.id == b.sheet.value) {
            out.push(unknown(
                Code::UNKNOWN_LOCATION,
                "sheet",
                &b.sheet,
                pack.sheets.iter().map(|s| s.id.as_str()).chain(["map"]),
            ));
        }
    }
    for s in &pack.sheets {
        if let Some(side) = &s.side {
            r.side(side, out);
        }
        r.opt_rule(&s.rule, out);
        s.summary.iter().for_each(|c| r.rule(c, out));
        for t in &s.tracks {
            if !pack.tracks.iter().any(|x| x.id == t.value) {
                out.push(unknown(Code::UNKNOWN_RULE, "track", t, pack.tracks.iter().map(|x| x.id.as_str())));
            }
        }
        for a in &s.aids {
            if !pack.aids.iter().any(|x| x.id == a.value) {
                out.push(unknown(Code::UNKNOWN_RULE, "play aid", a, pack.aids.iter().map(|x| x.id.as_str())));
            }
        }
    }
    for s in &pack.constraints.stacking {
        r.side(&s.side, out);
        r.opt_rule(&s.rule, out);
        s.until.iter().for_each(|e| r.expr(e, out));
    }
    for f in &pack.constraints.forbidden {
        r.side(&f.side, out);
        r.location(&f.location, out);
        r.opt_rule(&f.rule, out);
        f.until.iter().for_each(|e| r.expr(e, out));
    }
    for c in &pack.constraints.compositions {
        r.force(&c.force, out);
        r.opt_rule(&c.rule, out);
        for (unit, _) in &c.exactly {
            if pack.unit_by_id(unit).is_none() {
                out.push(unknown(Code::UNKNOWN_UNIT, "unit", unit, pack.units.iter().map(|u| u.id.as_str())));
            }
        }
    }
    for b in &pack.constraints.backs {
        b.side.iter().for_each(|s| {
            r.side(s, out);
        });
        r.opt_rule(&b.rule, out);
    }
    for p in &pack.sequence {
        if let Some(s) = &p.side {
            r.side(s, out);
        }
        r.opt_rule(&p.rule, out);
    }
    for a in &pack.aids {
        r.opt_rule(&a.rule, out);
    }
    for v in &pack.victory {
        r.side(&v.side, out);
        r.expr(&v.when, out);
        r.opt_rule(&v.rule, out);
        out.extend(timing(pack, v));
    }
    for section in &pack.rules.sections {
        for clause in &section.clauses {
            for (kind, target) in &clause.refs {
                r.rule_text_ref(kind, target, out);
            }
        }
    }
    for t in &pack.rules.terms {
        t.defined_in.iter().chain(&t.see).for_each(|c| r.rule(c, out));
        for (kind, target) in &t.refs {
            r.rule_text_ref(kind, target, out);
        }
    }
    if let Some(d) = &pack.deck_rules {
        r.opt_rule(&d.rule, out);
        r.opt_rule(&d.copies_rule, out);
        d.limits.iter().for_each(|l| r.opt_rule(&l.rule, out));
    }
}

/// A victory timed to a moment names one that happens: a region the game scores, a phase of the
/// turn sequence (E0169).
fn timing(pack: &Pack, v: &crate::model::Victory) -> Option<Diagnostic> {
    let (moment, name, candidates): (&str, &str, Vec<&str>) = match &v.at {
        Timing::Scoring(region) => {
            let scored: Vec<_> = pack.map.iter().flat_map(|m| &m.regions).filter(|r| !r.scoring.is_empty()).collect();
            if scored.iter().any(|r| crate::model::names_match(region, &r.id, &r.name)) {
                return None;
            }
            ("the scoring of", region, scored.iter().map(|r| r.id.as_str()).collect())
        }
        Timing::Phase(phase) => {
            if pack.sequence.iter().any(|p| &p.id == phase) {
                return None;
            }
            ("phase", phase, pack.sequence.iter().map(|p| p.id.as_str()).collect())
        }
        Timing::Immediate | Timing::TurnEnd => return None,
    };
    let known = if candidates.is_empty() { "none is declared".to_string() } else { candidates.join(", ") };
    Some(
        Diagnostic::error(
            Code::VICTORY_TIMING,
            format!("victory `{}` is timed to {moment} `{name}`, which never comes", v.id),
        )
        .at(&v.at_span)
        .with_hint_opt(did_you_mean(name, candidates.iter().copied()))
        .with_hint(format!("{}: {known}", if moment == "phase" { "the phases" } else { "the regions scored" })),
    )
}

/// "unknown <what> `x`" with a did-you-mean hint over `candidates`.
pub(crate) fn unknown<'a>(
    code: Code,
    what: &str,
    r: &Ref,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Diagnostic {
    Diagnostic::error(code, format!("unknown {what} `{}`", r.value))
        .at(&r.span)
        .with_hint_opt(did_you_mean(&r.value, candidates))
}

struct Resolver<'p> {
    pack: &'p Pack,
}

impl Resolver<'_> {
    fn side(&self, r: &Ref, out: &mut Vec<Diagnostic>) -> bool {
        let found = self.pack.side(r).is_some();
        if !found {
            out.push(unknown(
                Code::UNKNOWN_SIDE,
                "side",
                r,
                self.pack.sides.iter().flat_map(|s| [s.id.as_str(), s.name.ja.as_str(), s.name.en.as_str()]),
            ));
        }
        found
    }

    fn force(&self, r: &Ref, out: &mut Vec<Diagnostic>) {
        if self.pack.force(r).is_none() {
            out.push(unknown(
                Code::UNKNOWN_SIDE,
                "force",
                r,
                self.pack.forces.iter().flat_map(|f| [f.id.as_str(), f.name.ja.as_str(), f.name.en.as_str()]),
            ));
        }
    }

    fn unit(&self, r: &Ref, out: &mut Vec<Diagnostic>) {
        if self.pack.unit(None, r).is_none() {
            out.push(unknown(
                Code::UNKNOWN_UNIT,
                "unit",
                r,
                self.pack.units.iter().flat_map(|u| [u.id.as_str(), u.name.ja.as_str(), u.name.en.as_str()]),
            ));
        }
    }

    fn face(&self, r: &Ref, out: &mut Vec<Diagnostic>) {
        if self.pack.unit_by_id(r).is_none() && self.pack.marker(r).is_none() {
            let names =
                self.pack.units.iter().map(|u| u.id.as_str()).chain(self.pack.markers.iter().map(|m| m.id.as_str()));
            out.push(unknown(Code::UNKNOWN_PIECE, "counter face (a unit or marker id)", r, names));
        }
    }

    fn card(&self, r: &Ref, out: &mut Vec<Diagnostic>) {
        if self.pack.card(r).is_none() {
            let names = self.pack.cards.iter().flat_map(|c| [c.id.as_str(), c.name.ja.as_str(), c.name.en.as_str()]);
            out.push(
                unknown(Code::UNKNOWN_CARD, "card", r, names)
                    .with_hint("cards are named by number (29) or by name; the card must have a row in cards.csv"),
            );
        }
    }

    fn location(&self, r: &Ref, out: &mut Vec<Diagnostic>) {
        if self.pack.hex(r).is_none()
            && self.pack.box_def(r).is_none()
            && self.pack.map.as_ref().is_none_or(|m| !m.areas.iter().any(|a| a.id == r.value))
        {
            out.push(unknown(Code::UNKNOWN_LOCATION, "location", r, self.pack.location_names()));
        }
    }

    fn terrain(&self, r: &Ref, out: &mut Vec<Diagnostic>) {
        if self.pack.terrain(r).is_none() {
            let names =
                self.pack.map.iter().flat_map(|m| m.terrain.iter().flat_map(|t| [t.id.as_str(), t.name.ja.as_str()]));
            out.push(unknown(Code::UNKNOWN_TERRAIN, "terrain", r, names));
        }
    }

    fn rule(&self, r: &Ref, out: &mut Vec<Diagnostic>) {
        let rules = &self.pack.rules;
        let heading = rules.sections.iter().any(|s| s.id == r.value) || rules.parts.iter().any(|p| p.id == r.value);
        if self.pack.clause(r).is_none() && !heading {
            let ids = self
                .pack
                .rules
                .sections
                .iter()
                .flat_map(|s| std::iter::once(s.id.as_str()).chain(s.clauses.iter().map(|c| c.id.as_str())));
            out.push(unknown(Code::UNKNOWN_RULE, "rule clause", r, ids));
        }
    }

    fn opt_rule(&self, r: &Option<Ref>, out: &mut Vec<Diagnostic>) {
        if let Some(r) = r {
            self.rule(r, out);
        }
    }

    fn setup(&self, r: &Ref, out: &mut Vec<Diagnostic>) {
        if self.pack.setup(r).is_none() {
            out.push(unknown(Code::UNKNOWN_SETUP, "setup", r, self.pack.setups.iter().map(|s| s.id.as_str())));
        }
    }

    fn term(&self, r: &Ref, out: &mut Vec<Diagnostic>) {
        if self.pack.term(r).is_none() {
            out.push(unknown(
                Code::UNKNOWN_TERM,
                "glossary term",
                r,
                self.pack.rules.terms.iter().map(|t| t.id.as_str()),
            ));
        }
    }

    /// A function call's name and arguments.
    fn expr(&self, expr: &Expr, out: &mut Vec<Diagnostic>) {
        for call in expr.calls() {
            let Some((_, args, _)) = FUNCTIONS.iter().find(|(n, _, _)| *n == call.name.value) else {
                out.push(
                    Diagnostic::error(Code::EXPR_SYNTAX, format!("unknown function `{}`", call.name.value))
                        .at(&call.name.span)
                        .with_hint_opt(did_you_mean(&call.name, FUNCTIONS.iter().map(|f| f.0)))
                        .with_hint("docs/pack-format.md lists the functions"),
                );
                continue;
            };
            if args.len() != call.args.len() {
                out.push(
                    Diagnostic::error(
                        Code::EXPR_SYNTAX,
                        format!("`{}` takes {} argument(s), found {}", call.name.value, args.len(), call.args.len()),
                    )
                    .at(&call.name.span),
                );
                continue;
            }
            for (kind, arg) in args.iter().zip(&call.args) {
                match kind {
                    Arg::Card => self.card(arg, out),
                    Arg::Side if arg.value == OPPONENT => {}
                    Arg::Side => {
                        self.side(arg, out);
                    }
                    Arg::Location => self.location(arg, out),
                    Arg::Unit => self.unit(arg, out),
                    Arg::Rule => self.rule(arg, out),
                    Arg::Track => {
                        if !self.pack.tracks.iter().any(|t| t.id == arg.value) {
                            let ids = self.pack.tracks.iter().map(|t| t.id.as_str());
                            out.push(unknown(Code::UNKNOWN_TRACK_OR_REGION, "track", arg, ids));
                        }
                    }
                    Arg::Region => {
                        let regions = self.pack.map.iter().flat_map(|m| &m.regions);
                        if !regions.clone().any(|r| crate::model::names_match(&arg.value, &r.id, &r.name)) {
                            let ids = regions.map(|r| r.id.as_str());
                            out.push(unknown(Code::UNKNOWN_TRACK_OR_REGION, "map region", arg, ids));
                        }
                    }
                }
            }
        }
    }

    /// A `[[kind:target]]` reference in a rule text.
    fn rule_text_ref(&self, kind: &str, target: &Ref, out: &mut Vec<Diagnostic>) {
        match kind {
            "rule" => self.rule(target, out),
            "card" => self.card(target, out),
            "unit" => self.unit(target, out),
            "place" | "box" | "hex" => self.location(target, out),
            "term" => self.term(target, out),
            "setup" => self.setup(target, out),
            "side" => {
                self.side(target, out);
            }
            "value" => {
                if self.pack.data_value(target).is_none() {
                    out.push(
                        Diagnostic::error(
                            Code::UNKNOWN_DATA_VALUE,
                            format!("`[[value:{}]]` names no value of the data", target.value),
                        )
                        .at(&target.span)
                        .with_hint(
                            "use stacking.<side>, deck.<deck>.size, victory.<id> (a condition with one comparison) \
                             or totals.<key>",
                        ),
                    );
                }
            }
            other => out.push(
                Diagnostic::error(Code::RULES_SYNTAX, format!("unknown reference kind `{other}`"))
                    .at(&target.span)
                    .with_hint("use rule, card, unit, place, box, term, setup, side or value"),
            ),
        }
    }
}
