//! pack.toml: the game's metadata, sides, forces, classes, factors, markers, chit mix, card
//! types, sheets, tracks, constraints, turn sequence and victory conditions.

mod card_type;
mod print;
mod raw;
mod track;

use toml::Spanned as TS;

use super::{toml_ref, Loader};
use crate::diag::{Code, Diagnostic, FileId};
use crate::model::game::FactorDef;
use crate::model::*;
use card_type::card_type;
use print::{one_sided_with_backs, print_settings};
use raw::{RawEdition, RawPack};
use track::track;

/// E0137 at the `git` key of each `[[editions]]` whose pack folder at that revision is larger
/// than pnpkit reads from git (see [`super::git::within_limits`]), found by reading trees and
/// file sizes only: `check` then stops before writing any of it out. A revision that cannot be
/// read is left for the edition's loading to report.
fn git_editions_within_limits(l: &mut Loader<'_>, file: FileId, editions: &[TS<RawEdition>]) {
    for edition in editions {
        let edition = edition.get_ref();
        let Some(revision) = &edition.git else { continue };
        let folder = edition.pack.as_ref().map_or_else(|| l.dir.clone(), |p| l.dir.join(p));
        if let Err(e) = super::git::within_limits(&folder, revision.get_ref()) {
            l.diags.push(
                Diagnostic::error(e.code, format!("edition {}: {e}", edition.id))
                    .at(&Loader::span(file, revision))
                    .with_hint(
                        "name a revision whose pack folder holds the pack only (a revision of a repository someone else controls can hold anything)",
                    ),
            );
        }
    }
}

/// Loads pack.toml into `pack`; false when it could not be read, so the files that depend on it
/// (factor columns, card-type fields) are not judged against an empty game.
pub(super) fn load(l: &mut Loader<'_>, pack: &mut Pack) -> bool {
    let Some(file) = l.read("pack.toml", true) else { return false };
    let Some(raw) = l.toml::<RawPack>(file) else { return false };
    let r = |v: &Option<TS<String>>| v.as_ref().map(|v| toml_ref(file, v));

    let g = raw.game;
    let mut provisional: Vec<(String, &TS<Vec<String>>)> = Vec::new();
    provisional.extend(g.provisional.as_ref().map(|p| ("game".to_string(), p)));
    provisional.extend(raw.totals.provisional.as_ref().map(|p| ("declared totals".to_string(), p)));
    for t in &raw.tracks {
        let t = t.get_ref();
        provisional.extend(t.provisional.as_ref().map(|p| (format!("track `{}`", t.id), p)));
    }
    for c in &raw.components {
        let kind = &c.get_ref().kind;
        provisional.extend(c.get_ref().provisional.as_ref().map(|p| (format!("component `{kind}`"), p)));
    }
    for v in &raw.victory {
        provisional.extend(v.provisional.as_ref().map(|p| (format!("victory `{}`", v.id), p)));
    }
    for a in &raw.aids {
        provisional.extend(a.provisional.as_ref().map(|p| (format!("play aid `{}`", a.id), p)));
    }
    for b in &raw.card_backs {
        provisional.extend(b.provisional.as_ref().map(|p| (format!("card back `{}`", b.name.ja), p)));
    }
    for limit in raw.deck.iter().flat_map(|d| &d.limits) {
        let field = limit.field.get_ref();
        provisional.extend(limit.provisional.as_ref().map(|p| (format!("deck limit on `{field}`"), p)));
    }
    for (what, fields) in provisional {
        l.provisional(&what, fields.get_ref(), Loader::span(file, fields));
    }
    let [fewest, most] = *g.players.get_ref();
    if fewest == 0 || fewest > most {
        l.diags.push(
            Diagnostic::error(Code::BAD_VALUE, format!("players = [{fewest}, {most}] is not a player range"))
                .at(&Loader::span(file, &g.players))
                .with_hint("write [fewest, most], e.g. [4, 8], with at least one player"),
        );
    }
    let languages = match &g.languages {
        Some(declared) => languages(l, file, declared),
        None => Vec::new(), // filled from the names once every file is read
    };
    git_editions_within_limits(l, file, &raw.editions);
    pack.game = Game {
        title: g.title.into(),
        languages,
        edition: g.edition.get_ref().clone(),
        designer: g.designer,
        publisher: g.publisher,
        genre: g.genre,
        players_min: g.players.get_ref()[0],
        players_max: g.players.get_ref()[1],
        play_minutes: (g.play_minutes[0], g.play_minutes[1]),
        price: g.price,
        totals: Totals {
            counters: raw.totals.counters.as_ref().map(|v| Loader::spanned(file, v)),
            counters_include_chits: raw.totals.counters_include_chits,
            cards: raw.totals.cards.as_ref().map(|v| Loader::spanned(file, v)),
            chits: raw.totals.chits.as_ref().map(|v| Loader::spanned(file, v)),
            chit_mean: raw.totals.chit_mean.as_ref().map(|v| Loader::spanned(file, v)),
            by_filter: super::totals::load(l, file, &raw.totals.by_filter),
            chit_counts: raw.totals.chit_counts.as_ref().map(|v| Loader::spanned(file, v)),
        },
        components: raw
            .components
            .iter()
            .map(|c| {
                let span = Loader::span(file, c);
                let c = c.get_ref();
                Component {
                    kind: c.kind.clone(),
                    name: c.name.clone().into(),
                    count: c.count,
                    paper: c.paper.clone(),
                    sheets: c.sheets,
                    per_sheet: c.per_sheet,
                    span,
                }
            })
            .collect(),
        editions: raw
            .editions
            .into_iter()
            .map(|e| {
                let span = Loader::span(file, &e);
                let e = e.into_inner();
                Edition {
                    // A date tells two prints apart as well as a mark does and reads better on
                    // a piece than an id such as `basic-set`; the id only when there is neither.
                    mark: e.mark.unwrap_or_else(|| if e.date.is_empty() { e.id.clone() } else { e.date.clone() }),
                    id: e.id,
                    date: e.date,
                    label: (&e.label).into(),
                    notes: e.notes,
                    pack: e.pack.map(std::path::PathBuf::from),
                    git: e.git.map(TS::into_inner),
                    span,
                }
            })
            .collect(),
    };
    if !pack.game.editions.iter().any(|e| e.id == pack.game.edition) && !pack.game.editions.is_empty() {
        l.diags.push(
            Diagnostic::error(
                Code::BAD_VALUE,
                format!("game.edition `{}` is not one of the [[editions]]", pack.game.edition),
            )
            .at(&Loader::span(file, &g.edition))
            .with_hint("add an [[editions]] table with this id, or use one of the listed ids"),
        );
    }
    pack.sides = raw
        .sides
        .into_iter()
        .map(|s| {
            let colour = s.colour.filter(|c| l.colour(file, c)).map(TS::into_inner);
            Side { id: s.id, name: s.name.into(), colour }
        })
        .collect();
    for f in raw.forces {
        l.colour(file, &f.colour);
        pack.forces.push(Force {
            id: f.id,
            side: toml_ref(file, &f.side),
            name: f.name.into(),
            colour: f.colour.into_inner(),
            colour_name: f.colour_name,
            rule: r(&f.rule),
        });
    }
    pack.classes = raw
        .classes
        .into_iter()
        .map(|c| {
            let template = c.template.as_ref().and_then(|t| template_key(l, &Loader::spanned(file, t)));
            let symbol = super::units::symbol(l, file, c.symbol.as_ref());
            UnitClass { id: c.id, name: c.name.into(), symbol, template }
        })
        .collect();
    pack.factors =
        raw.factors.into_iter().map(|f| FactorDef { id: f.id, name: f.name.into(), abbrev: f.abbrev }).collect();
    pack.markers = raw
        .markers
        .into_iter()
        .map(|m| {
            let template = m.template.as_ref().and_then(|t| template_key(l, &Loader::spanned(file, t)));
            let side = m.side.as_ref().and_then(|s| known_side(l, file, &pack.sides, s));
            Marker { id: m.id, name: m.name.into(), short_name: m.short_name.into(), colour: m.colour, side, template }
        })
        .collect();
    if let Some(chits) = &raw.chits {
        let span = Loader::span(file, chits);
        let c = chits.get_ref();
        if let Some(back) = &c.back_label {
            l.plain_text("the chits' back_label".into(), back.get_ref(), &Loader::span(file, back));
        }
        pack.chits = ChitMix {
            name: c.name.clone().into(),
            back_label: c.back_label.as_ref().map(|b| b.get_ref().into()).unwrap_or_default(),
            aliases: c.aliases.clone(),
            values: c
                .values
                .iter()
                .map(|v| ChitValue {
                    value: v.value,
                    label: if v.label.is_empty() { v.value.to_string() } else { v.label.clone() },
                    count: v.count,
                })
                .collect(),
            span,
        };
    }
    pack.icons = raw.icons.iter().filter_map(|(name, path)| icon(l, file, name, path)).collect();
    pack.tag_names = raw.tag_names.into_iter().map(|(tag, names)| (tag, names.into())).collect();
    pack.card_types = raw.card_types.into_iter().map(|t| card_type(l, file, t)).collect();
    for b in &raw.card_backs {
        l.colour(file, &b.colour);
        pack.card_backs.push(CardBack {
            side: r(&b.side),
            name: b.name.clone().into(),
            colour: b.colour.get_ref().clone(),
            pattern: back_pattern(l, file, b.pattern.as_ref()),
        });
    }
    if let Some(book) = &raw.rulebook {
        pack.rulebook = crate::model::game::RulebookSettings {
            changes_since: book
                .changes_since
                .as_ref()
                .map(|e| Spanned::new(e.get_ref().clone(), Loader::span(file, e))),
            booklet: book.booklet,
            languages: book.languages.as_ref().map(|l| Spanned::new(l.get_ref().clone(), Loader::span(file, l))),
        };
    }
    if let Some(print) = &raw.print {
        pack.print = print_settings(l, file, print);
        one_sided_with_backs(l, file, print, raw.card_backs.len());
    }
    // A score column's goal is one of its boxes.
    for column in raw.sheets.iter().flat_map(|s| &s.get_ref().columns) {
        if let Some(goal) = column.goal.as_ref().filter(|g| !(1..=column.boxes).contains(g.get_ref())) {
            l.diags.push(
                Diagnostic::error(
                    Code::BAD_VALUE,
                    format!("goal = {} is not one of the column's {} boxes", goal.get_ref(), column.boxes),
                )
                .at(&Loader::span(file, goal))
                .with_hint(format!("give the box that wins or ends the game, 1 to {}", column.boxes)),
            );
        }
    }
    pack.sheets = raw
        .sheets
        .iter()
        .map(|s| {
            let span = Loader::span(file, s);
            let s = s.get_ref();
            Sheet {
                id: s.id.clone(),
                name: s.name.clone().into(),
                kind: s.kind.clone(),
                side: r(&s.side),
                paper: s.paper.clone(),
                boxes: s.boxes.map(|[a, b]| (a, b)),
                rule: r(&s.rule),
                sequence: s.sequence,
                summary: s.summary.iter().map(|c| toml_ref(file, c)).collect(),
                aids: s.aids.iter().map(|a| toml_ref(file, a)).collect(),
                rows: s.rows.as_ref().map(|v| Loader::spanned(file, v)),
                tracks: s.tracks.iter().map(|t| toml_ref(file, t)).collect(),
                columns: s
                    .columns
                    .iter()
                    .map(|c| ScoreColumn {
                        name: c.name.clone().into(),
                        boxes: c.boxes,
                        goal: c.goal.as_ref().map(|g| *g.get_ref()),
                    })
                    .collect(),
                slots: s
                    .slots
                    .iter()
                    .map(|g| SlotGroup {
                        id: g.id.clone(),
                        name: g.name.clone().into(),
                        count: Loader::spanned(file, &g.count),
                        of: g.of.as_ref().map(|v| Loader::spanned(file, v)),
                        select: super::setups::selector(file, &g.select),
                        rule: r(&g.rule),
                        one_row: g.one_row,
                    })
                    .collect(),
                span,
            }
        })
        .collect();
    pack.deck_rules = raw.deck.as_ref().map(|d| DeckRules {
        min_cards: d.min_cards.as_ref().map(|v| Loader::spanned(file, v)),
        max_cards: d.max_cards.as_ref().map(|v| Loader::spanned(file, v)),
        max_copies: d.max_copies.as_ref().map(|v| Loader::spanned(file, v)),
        limits: d
            .limits
            .iter()
            .map(|x| DeckLimit {
                field: toml_ref(file, &x.field),
                max_copies: Loader::spanned(file, &x.max_copies),
                rule: r(&x.rule),
            })
            .collect(),
        rule: r(&d.rule),
        copies_rule: r(&d.copies_rule),
    });
    for t in &raw.tracks {
        crate::load::units::duplicate_at(l, "track", &t.get_ref().id, &Loader::span(file, t));
    }
    pack.tracks = raw.tracks.iter().map(|t| track(l, file, t)).collect();
    let until = |l: &mut Loader<'_>, v: &Option<TS<String>>| {
        v.as_ref().and_then(|u| l.expr(u.get_ref(), &Loader::span(file, u)))
    };
    for s in &raw.constraints.stacking {
        let span = Loader::span(file, s);
        let s = s.get_ref();
        let until = until(l, &s.until);
        pack.constraints.stacking.push(Stacking {
            side: toml_ref(file, &s.side),
            max_units: s.max_units,
            until,
            rule: r(&s.rule),
            span,
        });
    }
    for f in &raw.constraints.forbidden {
        let until = until(l, &f.until);
        pack.constraints.forbidden.push(Forbidden {
            side: toml_ref(file, &f.side),
            location: toml_ref(file, &f.location),
            until,
            rule: r(&f.rule),
        });
    }
    for c in &raw.constraints.compositions {
        let span = Loader::span(file, c);
        let c = c.get_ref();
        pack.constraints.compositions.push(Composition {
            name: c.name.clone(),
            force: toml_ref(file, &c.force),
            units: c.units.as_ref().map(|u| Loader::spanned(file, u)),
            exactly: c.exactly.iter().map(|(k, v)| (toml_ref(file, k), *v)).collect(),
            rule: r(&c.rule),
            span,
        });
    }
    pack.constraints.backs = super::backs::load(l, file, &raw.constraints.backs);
    pack.sequence = raw
        .sequence
        .iter()
        .map(|p| Phase { id: p.id.clone(), side: r(&p.side), name: p.name.clone().into(), rule: r(&p.rule) })
        .collect();
    for v in &raw.victory {
        let Some(when) = l.expr(v.when.get_ref(), &Loader::span(file, &v.when)) else { continue };
        let at_span = v.at.as_ref().map_or_else(|| Loader::span(file, &v.when), |a| Loader::span(file, a));
        let at = match &v.at {
            None => Timing::Immediate,
            Some(at) => match Timing::parse(at.get_ref()) {
                Some(timing) => timing,
                None => {
                    l.diags.push(
                        Diagnostic::error(Code::BAD_VALUE, format!("victory `{}`: `at = \"{}\"` is no moment of play", v.id, at.get_ref()))
                            .at(&at_span)
                            .with_hint("write `immediate` (the default), `turn-end`, `scoring:REGION` or `phase:PHASE` (a [[sequence]] id)"),
                    );
                    continue;
                }
            },
        };
        pack.victory.push(Victory {
            id: v.id.clone(),
            side: toml_ref(file, &v.side),
            when,
            at,
            at_span,
            rule: r(&v.rule),
            text: v.text.clone(),
        });
    }
    pack.aids = raw
        .aids
        .iter()
        .map(|a| PlayAid { id: a.id.clone(), title: a.title.clone().into(), kind: a.kind.clone(), rule: r(&a.rule) })
        .collect();
    true
}

/// `side`, when it names one of `sides`; an error with a "did you mean" at it otherwise.
fn known_side(l: &mut Loader<'_>, file: FileId, sides: &[Side], side: &TS<String>) -> Option<String> {
    let id = side.get_ref();
    if sides.iter().any(|s| &s.id == id) {
        return Some(id.clone());
    }
    l.diags.push(
        Diagnostic::error(Code::UNKNOWN_SIDE, format!("unknown side `{id}`"))
            .at(&Loader::span(file, side))
            .with_hint_opt(crate::diag::did_you_mean(id, sides.iter().map(|s| s.id.as_str())))
            .with_hint(format!(
                "the sides are: {}",
                sides.iter().map(|s| s.id.as_str()).collect::<Vec<_>>().join(", ")
            )),
    );
    None
}

/// A `template` key: a path under the pack's `templates/` folder that must exist there (or name
/// a built-in template). Absolute paths and `..` are refused, so templates come only from inside
/// the pack.
pub(super) fn template_key(l: &mut Loader<'_>, key: &Spanned<String>) -> Option<Spanned<String>> {
    let rel = format!("templates/{}", key.value);
    let refused = if super::confine::is_plain_relative(&key.value) {
        super::confine::resolve(&l.dir, &rel).err()
    } else {
        Some(super::confine::Refused::NotInside)
    };
    let Some(why) = refused else { return Some(key.clone()) };
    let hint = match why {
        super::confine::Refused::NotInside => {
            "write a path under the pack's templates/ folder, e.g. \"cards/scoring.svg.tera\"".to_string()
        }
        super::confine::Refused::Missing if crate::model::templates::is_built_in(&key.value) => {
            return Some(key.clone());
        }
        super::confine::Refused::Missing => format!(
            "create {} (docs/templates.md), or remove the key to use the default template",
            l.dir.join(&rel).display()
        ),
        _ => why.hint().to_string(),
    };
    let message = match why {
        super::confine::Refused::Missing => format!("template `{}` does not exist", key.value),
        _ => format!("template {}", why.describe(&key.value)),
    };
    l.diags.push(Diagnostic::error(why.code(), message).at(&key.span).with_hint(hint));
    None
}

/// `[game] languages`: codes pnpkit has a message table for, each once, at least one.
fn languages(l: &mut Loader<'_>, file: FileId, declared: &TS<Vec<String>>) -> Vec<String> {
    let known = crate::messages::LANGUAGES;
    let mut out: Vec<String> = Vec::new();
    for code in declared.get_ref() {
        if !known.contains(&code.as_str()) {
            l.diags.push(
                Diagnostic::error(Code::BAD_VALUE, format!("pnpkit has no message table for language `{code}`"))
                    .at(&Loader::span(file, declared))
                    .with_hint(format!("languages are written as codes: {}", known.join(", "))),
            );
        } else if !out.contains(code) {
            out.push(code.clone());
        }
    }
    if declared.get_ref().is_empty() {
        l.diags.push(
            Diagnostic::error(Code::BAD_VALUE, "`languages` is empty")
                .at(&Loader::span(file, declared))
                .with_hint("write the languages the pack prints, e.g. languages = [\"en\"]"),
        );
    }
    out
}

/// One `[icons]` entry: a name texts may write in brackets and an image inside the pack.
fn icon(l: &mut Loader<'_>, file: FileId, name: &str, path: &TS<String>) -> Option<Icon> {
    let span = Loader::span(file, path);
    if !crate::model::markup::is_icon_name(name) {
        l.diags.push(
            Diagnostic::error(Code::BAD_VALUE, format!("`{name}` cannot name an icon")).at(&span).with_hint(
                "an icon's name is lower-case letters, digits, `-` and `_`, starting with a letter (`click`)",
            ),
        );
        return None;
    }
    let rel = path.get_ref();
    let image =
        [".svg", ".png", ".jpg", ".jpeg", ".gif", ".webp"].iter().any(|e| rel.to_ascii_lowercase().ends_with(e));
    if !image {
        l.diags.push(
            Diagnostic::error(Code::BAD_VALUE, format!("icon `{name}`: `{rel}` is not an image pnpkit draws"))
                .at(&span)
                .with_hint("name an SVG, PNG, JPEG, GIF or WebP file inside the pack, e.g. \"icons/click.svg\""),
        );
        return None;
    }
    if let Err(why) = crate::load::confine::resolve(&l.dir, rel) {
        l.diags.push(
            Diagnostic::error(why.code(), format!("icon `{name}`: image {}", why.describe(rel)))
                .at(&span)
                .with_hint("icon paths are relative to the pack folder, e.g. \"icons/click.svg\""),
        );
        return None;
    }
    Some(Icon { name: name.to_string(), path: rel.clone(), span })
}

/// A card back's `pattern`, one of the built-in drawings; an unknown name is a located error.
fn back_pattern(l: &mut Loader, file: FileId, pattern: Option<&TS<String>>) -> BackPattern {
    let Some(pattern) = pattern else { return BackPattern::default() };
    let name = pattern.get_ref().as_str();
    if let Some((_, known)) = BackPattern::ALL.iter().find(|(n, _)| *n == name) {
        return *known;
    }
    let names = BackPattern::ALL.map(|(n, _)| n);
    l.diags.push(
        Diagnostic::error(Code::BAD_VALUE, format!("unknown card back pattern `{name}`"))
            .at(&Loader::span(file, pattern))
            .with_hint(
                crate::diag::did_you_mean(name, names).unwrap_or_else(|| format!("write one of {}", names.join(", "))),
            ),
    );
    BackPattern::default()
}
