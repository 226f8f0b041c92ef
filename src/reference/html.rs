//! The offline HTML rules reference: one file with every clause (anchored by id and number), the
//! glossary, cards, units, places and setups, back-links, and the search index with its script
//! inline, so it works from `file://` with no network.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use tera::{Context, Tera};

use super::history::{clause_history, editions, HistoryView};
use super::icons;
use super::index::Index;
use super::links::{self, Connections};
use super::pagechars::PageChars;
use super::script::{self, PageIndex};
use super::webfont;
use crate::diag::{Code, Diagnostic};
use crate::errata::{Change, ChangeKind, Revision};
use crate::layout::Packed;
use crate::messages::Messages;
use crate::model::{emphasis, Names, Pack};
use crate::render::tables::setupchart;
use crate::text::escape;

const TEMPLATE: &str = include_str!("../../templates/reference/rules.html.tera");
/// Where the template is cut into the pieces the page is written in.
const PIECE: &str = "{# piece #}";
/// The pieces: everything before the cards' rows, one card's row (written for each card in
/// turn, so the rows are never all held), the rest up to the search index's JSON (written from
/// its deflated text), and what follows it.
const PIECES: [&str; 4] = ["head.html.tera", "card.html.tera", "body.html.tera", "tail.html.tera"];
/// The page's scripts, in order: the English stemmer, the ranked search (the CLI's rules), card
/// filters, the search box.
const SCRIPTS: [&str; 4] = [
    include_str!("../../templates/reference/stem.js"),
    include_str!("../../templates/reference/engine.js"),
    include_str!("../../templates/reference/cards.js"),
    include_str!("../../templates/reference/page.js"),
];

/// A text in one language, marked with it (`lang`) so a screen reader speaks it right and the
/// page's language switch can hide it.
#[derive(Serialize, Clone)]
pub(super) struct LangText {
    pub(super) lang: &'static str,
    pub(super) text: String,
}

/// A clause's wording in one language, as HTML.
#[derive(Serialize)]
struct WordingView {
    lang: &'static str,
    html: String,
    items: Vec<String>,
    /// The tables the clause shows, in this language (HTML).
    tables: String,
}

#[derive(Serialize)]
struct ClauseView {
    id: String,
    number: String,
    /// Its title in each of the pack's languages, first one first.
    titles: Vec<LangText>,
    /// Its wording in each of the pack's languages it has one in.
    wordings: Vec<WordingView>,
    notes: Vec<String>,
    /// What points at it (clauses, cards, units, terms), as links.
    referenced_by: String,
    /// The clauses its text refers to, in order.
    refers_to: Vec<RefView>,
    /// The pack's figures it shows.
    figures: Vec<super::exhibits::FigureView>,
    /// What each earlier revision did to the clause, oldest first.
    history: Vec<HistoryView>,
    /// Whether the current edition changed it.
    changed: bool,
}

#[derive(Serialize, Clone)]
struct RefView {
    id: String,
    number: String,
}

#[derive(Serialize)]
struct SectionView {
    /// The part (chapter) this section opens, if it is the first of one.
    part: Option<PartView>,
    id: String,
    number: String,
    /// The title in each of the pack's languages.
    titles: Vec<LangText>,
    clauses: Vec<ClauseView>,
    /// Whether the current edition changed any of its clauses.
    changed: bool,
    /// `optional` or `variant` in the pack's languages, for a section of such rules.
    kind: String,
}

/// A part (chapter) heading: its anchor id, number and titles.
#[derive(Serialize)]
struct PartView {
    id: String,
    number: String,
    titles: Vec<LangText>,
}

/// A card's text as HTML, and a double-sided card's other side's on a line of its own (each side
/// linked alone, so that no link spans the two).
fn card_text(pack: &Pack, msg: &crate::messages::Messages, card: &crate::model::Card) -> String {
    card.both_sides(
        &|text| linked(pack, text, "en"),
        &|text| linked(pack, &msg.fill_first("cardlist.reverse", &[("text", text)]), "en"),
        "<br>",
    )
}

/// A rule text as HTML: escaped, with `[[kind:target]]` references as links (showing what a
/// reader of `language` reads) and Markdown emphasis as `<em>`/`<strong>` (within the text
/// between links, never across one).
fn linked(pack: &Pack, text: &str, language: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find("[[") {
        out.push_str(&icons::inline(pack, &emphasis::html(&escape(&rest[..open]))));
        let Some(close) = rest[open..].find("]]") else { break };
        let inner = &rest[open + 2..open + close];
        let shown = escape(&pack.plain_text_in(&format!("[[{inner}]]"), language));
        let (kind, target) = inner.split_once(':').unwrap_or(("", inner));
        let anchor = match kind {
            "rule" => pack
                .clause(target)
                .map(|c| format!("clause-{}", c.id))
                .or_else(|| pack.section(target).map(|s| format!("section-{}", s.id)))
                .or_else(|| pack.rules.parts.iter().find(|p| p.id == target).map(|p| format!("part-{}", p.id))),
            "card" => pack.card(target).map(|c| format!("card-{}", c.id)),
            "unit" => pack.unit(None, target).map(|u| format!("unit-{}", u.id)),
            "term" => pack.term(target).map(|t| format!("term-{}", t.id)),
            "place" => pack.hex(target).and_then(|h| h.place.as_ref()).map(|p| format!("place-{}", p.id)),
            "setup" => Some("setups".to_string()),
            _ => None,
        };
        match anchor {
            Some(a) => out.push_str(&format!("<a href=\"#{}\">{shown}</a>", escape(&a))),
            None => out.push_str(&shown),
        }
        rest = &rest[open + close + 2..];
    }
    out.push_str(&icons::inline(pack, &emphasis::html(&escape(rest))));
    out
}

/// A name in each of the pack's languages it has (each distinct name once), first language first.
pub(super) fn in_languages(msg: &Messages, names: &Names) -> Vec<LangText> {
    let mut out: Vec<LangText> = Vec::new();
    for &lang in msg.languages() {
        let text = names.of_language(lang).trim();
        if !text.is_empty() && !out.iter().any(|o| o.text == text) {
            out.push(LangText { lang, text: text.to_string() });
        }
    }
    out
}

/// A clause's wording in each of the pack's languages it is written in: English is its own text,
/// another language its translation.
fn wordings(pack: &Pack, msg: &Messages, c: &crate::model::Clause) -> Vec<WordingView> {
    msg.languages()
        .iter()
        .filter(|lang| c.is_written_in(lang))
        .map(|&lang| {
            let w = c.wording_in(lang);
            WordingView {
                lang,
                html: linked(pack, &w.text, lang),
                items: w.items.iter().map(|i| linked(pack, i, lang)).collect(),
                tables: super::exhibits::tables(pack, c, lang),
            }
        })
        .collect()
}

/// A setup's location as players know it: a place by its name and hex, a hex by its number, an
/// area or box by its name, a track box by its track and value.
fn location_name(pack: &Pack, msg: &Messages, location: &str) -> String {
    use crate::model::Location;
    match pack.locate(location) {
        Some(Location::Hex(h)) => match &h.place {
            Some(p) => format!("{} ({})", msg.name(&p.name), h.id),
            None => format!("{} {}", msg.first("reference.hex"), h.id),
        },
        Some(Location::Area(a)) => msg.name_or_id(&a.name, &a.id),
        Some(Location::Box(b)) => msg.name_or_id(&b.name, &b.id),
        Some(Location::TrackBox(t, b)) => format!("{} {}", msg.name_or_id(&t.name, &t.id), b.value),
        None => location.to_string(),
    }
}

/// A setup's piece by its name in the pack's languages.
fn piece_name(pack: &Pack, msg: &Messages, side: &str, piece: &str) -> String {
    use crate::model::Piece;
    match pack.piece(Some(side), piece) {
        Some(Piece::Unit(u)) => msg.name_or_id(&u.name, &u.id),
        Some(Piece::Marker(m)) => msg.name_or_id(&m.name, &m.id),
        Some(Piece::Counter(c)) => {
            pack.unit_by_id(&c.front).map_or(piece.to_string(), |u| msg.name_or_id(&u.name, &u.id))
        }
        Some(Piece::Chit) | None => piece.to_string(),
    }
}

/// The unit table's legend: what each number of "3-2-2" is, in order.
fn factor_legend(pack: &Pack, msg: &Messages) -> String {
    pack.factors.iter().map(|f| msg.name_or_id(&f.name, &f.id)).collect::<Vec<_>>().join(" – ")
}

/// What the search box suggests, taken from the pack itself: the term the rules cite most, in both
/// languages, a clause number and a card number.
fn search_examples(pack: &Pack) -> String {
    let clauses = || pack.rules.sections.iter().flat_map(|s| &s.clauses);
    let cited = |id: &str| clauses().flat_map(|c| &c.refs).filter(|(kind, t)| kind == "term" && t.value == id).count();
    let term = pack.rules.terms.iter().max_by_key(|t| (cited(&t.id), std::cmp::Reverse(t.id.clone())));
    let clause = clauses().nth(3);
    let card = pack.cards.first().map(|c| format!("#{}", c.printed_number()));
    let examples: Vec<String> =
        [term.map(|t| t.name.ja.clone()), term.map(|t| t.name.en.clone()), clause.map(|c| c.number.clone()), card]
            .into_iter()
            .flatten()
            .filter(|e| !e.is_empty())
            .collect();
    examples.join(", ")
}

/// The clauses `clause` refers to (`[[rule:…]]`), each once, in the order of its text.
fn refers_to(pack: &Pack, clause: &crate::model::Clause) -> Vec<RefView> {
    let mut out: Vec<RefView> = Vec::new();
    for (kind, target) in &clause.refs {
        if let Some(t) = pack.clause(target).filter(|t| kind == "rule" && t.id != clause.id) {
            if !out.iter().any(|r| r.id == t.id) {
                out.push(RefView { id: t.id.clone(), number: t.number.clone() });
            }
        }
    }
    out
}

/// The numbers a link may name that no element has as its id: each section's number (`13`,
/// for `#13` and `#section-13`) and each number the printed rulebook gave a clause that was
/// renumbered (`3.3.1` → 3.4.1), unless a clause has that number now.
fn anchors(pack: &Pack) -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, String> =
        pack.rules.sections.iter().map(|s| (s.number.clone(), format!("section-{}", s.id))).collect();
    for (old, c) in pack.rules.old_numbers() {
        out.entry(old.to_string()).or_insert_with(|| format!("clause-{}", c.id));
    }
    out
}

/// What the search box says, in the pack's languages (templates/reference/page.js).
fn search_labels(msg: &Messages) -> serde_json::Value {
    let keys = ["clause", "card", "unit", "place", "term", "none", "suggest", "cut", "count"];
    keys.iter().map(|k| (k.to_string(), serde_json::Value::String(msg.text(&format!("search.{k}"))))).collect()
}

/// The reference as one HTML file. `revisions` are what each earlier edition changed, oldest
/// first (empty when the pack names no earlier edition's folder); each clause lists its revisions,
/// those the current edition changed are marked, and removed clauses are listed by edition.
pub fn html(pack: &Pack, revisions: &[Revision]) -> Result<String, Diagnostic> {
    packed_html(pack, revisions, None).map(|page| page.text().into_owned())
}

/// [`html`], deflated as it is written: the page is never held whole (megabytes at 2,000 cards).
/// With `since` (living rules), what every edition after that one changed is marked, not only
/// what the current edition changed.
pub fn packed_html(pack: &Pack, revisions: &[Revision], since: Option<&str>) -> Result<Packed, Diagnostic> {
    // The search index is made, serialized and deflated before the page's views are: it is then
    // dropped, so the two, each a large part of the memory at thousands of cards, never coexist.
    let msg = Messages::of(pack);
    let index = script::index_script(&PageIndex {
        index: Index::of(pack, revisions),
        cards: script::CardsFacts(pack),
        labels: search_labels(&msg),
        anchors: anchors(pack),
    });
    drawn((pack, revisions, since), index)
}

/// The page around its search index (deflated script JSON and the characters it holds).
fn drawn(
    (pack, revisions, since): (&Pack, &[Revision], Option<&str>),
    (index, index_chars): (Packed, PageChars),
) -> Result<Packed, Diagnostic> {
    let msg = Messages::of(pack);
    let edition = &pack.game.edition;
    let mut history: BTreeMap<String, Vec<HistoryView>> = BTreeMap::new();
    let mut removed: Vec<serde_json::Value> = Vec::new();
    for r in revisions {
        let changes: Vec<&Change> = r.changes.iter().filter(|c| c.item == "clause").collect();
        for c in &changes {
            history.entry(c.id.clone()).or_default().push(clause_history(&msg, &r.edition, c));
        }
        let gone: Vec<String> = changes
            .iter()
            .filter(|c| c.kind == ChangeKind::Removed)
            .map(|c| format!("{} ({})", c.name, c.id))
            .collect();
        if !gone.is_empty() {
            removed.push(serde_json::json!({ "edition": r.edition, "clauses": gone }));
        }
    }
    // What the current edition changed (and still has), by kind: marked where it is listed; with
    // living rules, what every edition after `since` changed.
    let after = since.and_then(|s| revisions.iter().position(|r| r.edition == s)).map_or(0, |at| at + 1);
    let marked = |r: &Revision| if since.is_some() { true } else { r.edition == *edition };
    let changed_in_edition = |item: &str| -> BTreeSet<String> {
        revisions[after.min(revisions.len())..]
            .iter()
            .filter(|r| marked(r))
            .flat_map(|r| &r.changes)
            .filter(|c| c.item == item && c.kind != ChangeKind::Removed)
            .map(|c| c.id.clone())
            .collect()
    };
    let changed_now = changed_in_edition("clause");
    let (changed_cards, changed_units) = (changed_in_edition("card"), changed_in_edition("unit"));
    let links = Connections::of(pack, &msg);
    let sections: Vec<SectionView> = pack
        .rules
        .sections
        .iter()
        .enumerate()
        .map(|(i, s)| SectionView {
            part: s
                .part
                .as_ref()
                .filter(|p| i == 0 || pack.rules.sections[i - 1].part.as_ref() != Some(*p))
                .and_then(|p| pack.rules.parts.iter().find(|part| part.id == *p))
                .map(|p| PartView { id: p.id.clone(), number: p.number.clone(), titles: in_languages(&msg, &p.title) }),
            changed: s.clauses.iter().any(|c| changed_now.contains(&c.id)),
            kind: s.kind.map_or(String::new(), |k| {
                msg.text(match k {
                    crate::model::SectionKind::Optional => "reference.optional",
                    crate::model::SectionKind::Variant => "reference.variant",
                })
            }),
            id: s.id.clone(),
            number: s.number.clone(),
            titles: in_languages(&msg, &s.title),
            clauses: s
                .clauses
                .iter()
                .map(|c| ClauseView {
                    id: c.id.clone(),
                    number: c.number.clone(),
                    titles: in_languages(&msg, &c.title),
                    refers_to: refers_to(pack, c),
                    wordings: wordings(pack, &msg, c),
                    notes: c.notes.iter().map(|n| linked(pack, n, "en")).collect(),
                    referenced_by: links::html(&msg, links.to_clause.get(&c.id).map_or(&[][..], Vec::as_slice)),
                    figures: super::exhibits::figures(pack, &msg, c),
                    history: history.remove(&c.id).unwrap_or_default(),
                    changed: changed_now.contains(&c.id),
                })
                .collect(),
        })
        .collect();
    let terms: Vec<BTreeMap<&str, String>> = pack
        .rules
        .terms
        .iter()
        .map(|t| {
            let defined = t.defined_in.iter().find_map(|d| pack.clause(d));
            let written: Vec<&str> = msg
                .languages()
                .iter()
                .copied()
                .filter(|&l| !if l == "ja" { &t.definition.ja } else { &t.definition.en }.is_empty())
                .collect();
            let definition: String = written
                .iter()
                .map(|&l| {
                    let text = if l == "ja" { &t.definition.ja } else { &t.definition.en };
                    let class = if written.len() > 1 { "def l" } else { "def" };
                    format!("<p class=\"{class}\" lang=\"{l}\">{}</p>", linked(pack, text, l))
                })
                .collect();
            let (name, other) = msg.first_and_rest(&t.name);
            // A reading is Japanese: only a pack that prints Japanese shows it.
            let kana = if msg.has("ja") { t.kana.clone() } else { String::new() };
            BTreeMap::from([
                ("id", t.id.clone()),
                ("name", name),
                ("other", other),
                ("kana", kana),
                ("aliases", t.aliases.join(", ")),
                ("definition", definition),
                ("defined", defined.map(|c| c.number.clone()).unwrap_or_default()),
                ("defined_id", defined.map(|c| c.id.clone()).unwrap_or_default()),
                ("used", links.rules_html(&msg, &format!("term-{}", t.id))),
            ])
        })
        .collect();
    let cards = pack.cards_in_order();
    // A card's row is made as it is written, never all of them at once (megabytes at 2,000 cards).
    let card_row = |c: &crate::model::Card| {
        let (name, other) = msg.first_and_rest(&c.name);
        BTreeMap::from([
            ("id", c.id.clone()),
            ("name", name),
            ("other", other),
            ("side", c.side.as_ref().and_then(|s| pack.side(s)).map(|s| msg.name(&s.name)).unwrap_or_default()),
            ("timing", c.timing.clone()),
            ("text", card_text(pack, &msg, c)),
            ("fields", pack.card_fields(&msg, c, &|_| true, " ")),
            ("rules", links.rules_html(&msg, &format!("card-{}", c.id))),
            ("changed", if changed_cards.contains(&c.id) { edition.clone() } else { String::new() }),
        ])
    };
    let units: Vec<BTreeMap<&str, String>> = pack
        .units
        .iter()
        .map(|u| {
            let factors = pack
                .factors
                .iter()
                .map(|f| u.factors.get(&f.id).copied().flatten().map_or("?".into(), |v| v.to_string()))
                .collect::<Vec<_>>()
                .join("-");
            let (name, other) = msg.first_and_rest(&u.name);
            BTreeMap::from([
                ("id", u.id.clone()),
                ("name", name),
                ("other", other),
                ("force", pack.force(&u.force).map(|f| msg.name(&f.name)).unwrap_or_default()),
                (
                    "class",
                    pack.classes
                        .iter()
                        .find(|c| c.id == u.class.value)
                        .map_or(u.class.value.clone(), |c| msg.name_or_id(&c.name, &c.id)),
                ),
                ("factors", factors),
                ("rules", links.rules_html(&msg, &format!("unit-{}", u.id))),
                ("changed", if changed_units.contains(&u.id) { edition.clone() } else { String::new() }),
            ])
        })
        .collect();
    let places: Vec<BTreeMap<&str, String>> = pack
        .map
        .iter()
        .flat_map(|m| &m.hexes)
        .filter_map(|h| h.place.as_ref().map(|p| (h, p)))
        .map(|(h, p)| {
            let (name, other) = msg.first_and_rest(&p.name);
            BTreeMap::from([
                ("id", p.id.clone()),
                ("name", name),
                ("other", other),
                ("hex", h.id.clone()),
                ("city", if p.city { msg.text("reference.yes") } else { String::new() }),
                ("vp", p.vp.map(|v| v.to_string()).unwrap_or_default()),
                ("chits", h.chit_capacity.map(|c| c.to_string()).unwrap_or_default()),
                ("rules", links.rules_html(&msg, &format!("place-{}", p.id))),
            ])
        })
        .collect();
    let setups: Vec<serde_json::Value> = pack
        .setups
        .iter()
        .map(|s| {
            let side_name = |side: &str| pack.side(side).map_or(side.to_string(), |s| msg.name_or_id(&s.name, &s.id));
            let mut rows: Vec<serde_json::Value> = pack
                .placements_of(&s.id)
                .map(|p| {
                    serde_json::json!({
                        "side": side_name(&p.side.value),
                        "location": location_name(pack, &msg, &p.location.value),
                        "piece": piece_name(pack, &msg, &p.side.value, &p.piece.value),
                        "count": p.count.value,
                    })
                })
                .collect();
            // The free placements after the fixed ones, as the setup chart lists them.
            rows.extend(pack.free_placements_of(&s.id).map(|f| {
                let locations = pack.free_locations(f);
                let anywhere = msg.each_language(" ", |m| {
                    m.fill_first("free.anywhere", &[("where", &setupchart::free_where(pack, m, f, &locations))])
                });
                serde_json::json!({
                    "side": side_name(&f.side.value),
                    "location": anywhere,
                    "piece": piece_name(pack, &msg, &f.side.value, &f.piece.value),
                    "count": f.count.value,
                })
            }));
            serde_json::json!({ "id": s.id, "name": msg.name(&s.name), "rows": rows })
        })
        .collect();
    let mut context = Context::new();
    let (title, _) = msg.first_and_rest(&pack.game.title);
    context.insert("title", &title);
    context.insert("titles", &in_languages(&msg, &pack.game.title));
    context.insert("lang", msg.languages().first().unwrap_or(&"en"));
    // Each language by its own name, for the switch.
    let languages: Vec<LangText> = msg
        .languages()
        .iter()
        .map(|&lang| LangText {
            lang,
            text: crate::messages::Messages::new(&[lang]).first(&format!("language.{lang}")),
        })
        .collect();
    context.insert("languages", &languages);
    context.insert("other_lang", msg.languages().get(1).unwrap_or(&"en"));
    context.insert("factor_legend", &factor_legend(pack, &msg));
    context.insert("labels", &msg.labels());
    context.insert("lab", &msg.labels_marked());
    context.insert("edition", &pack.game.edition);
    context.insert("examples", &search_examples(pack));
    context.insert("sections", &sections);
    context.insert("removed", &removed);
    context.insert("editions", &editions(pack, &msg, revisions));
    context.insert("terms", &terms);
    context.insert("cards", &!cards.is_empty());
    context.insert("units", &units);
    context.insert("places", &places);
    context.insert("setups", &setups);
    context.insert("script", &SCRIPTS.join("\n"));
    context.insert("icon_css", &icons::css(pack));
    context.insert("card_fields", &pack.cards.iter().any(|c| !c.fields.is_empty()));
    // The context holds its own copies.
    drop((sections, terms, units, places, setups));
    let mut tera = Tera::new();
    tera.autoescape_on(vec![".html.tera"]);
    let failed = |e: String| Diagnostic::error(Code::TEMPLATE, format!("rules reference template: {e}"));
    let pieces: Vec<&str> = TEMPLATE.split(PIECE).collect();
    if pieces.len() != PIECES.len() {
        return Err(failed(format!("{} pieces where {} were expected", pieces.len(), PIECES.len())));
    }
    for (name, piece) in PIECES.iter().zip(pieces) {
        tera.add_raw_template(name, piece).map_err(|e| failed(e.to_string()))?;
    }
    let render = |name: &str, context: &Context, out: &mut dyn std::io::Write| {
        tera.render_to(name, context, out).map_err(|e| failed(e.to_string()))
    };
    let [head, card, body, tail] = PIECES;
    // The page is drawn once without its font, read as it is written to learn which characters
    // the font must hold (the index's JSON tells its own as it is made). Only the head names the
    // font: the rest is kept, deflated (megabytes at 2,000 cards), and follows the head drawn
    // again with it.
    context.insert("webfont_css", "");
    context.insert("webfont_families", "");
    let mut plain = PageChars::default();
    render(head, &context, &mut plain)?;
    let mut rest = script::Both(Packed::writer(), plain);
    for c in &cards {
        context.insert("c", &card_row(c));
        render(card, &context, &mut rest)?;
    }
    render(body, &context, &mut rest)?;
    let script::Both(rest, mut plain) = rest;
    let mut end = Vec::new();
    render(tail, &context, &mut end)?;
    std::io::Write::write_all(&mut plain, &end).map_err(|e| failed(e.to_string()))?;
    let fonts = webfont::for_page(pack, &plain.chars().union(&index_chars.chars()).copied().collect())?;
    context.insert("webfont_css", &fonts.css);
    context.insert("webfont_families", &fonts.families);
    let mut page = Packed::writer();
    render(head, &context, &mut page)?;
    let io = |e: std::io::Error| failed(e.to_string());
    rest.finish().write_to(&mut page).map_err(io)?;
    index.write_to(&mut page).map_err(io)?;
    std::io::Write::write_all(&mut page, &end).map_err(io)?;
    Ok(page.finish())
}

#[cfg(test)]
mod tests {
    use super::linked;

    #[test]
    fn a_side_named_in_a_rule_prints_by_its_name_never_its_id() {
        let pack = crate::load::example_pack_for_tests("twilight-struggle");
        let side = pack.side("ussr").expect("the USSR side");
        let html = linked(&pack, "one plays the [[side:ussr]]", "en");
        assert_eq!(html, format!("one plays the {}", side.name.en));
        assert_ne!(side.name.en, "ussr");
    }

    #[test]
    fn clause_text_shows_emphasis_but_never_across_a_link() {
        let pack = crate::load::example_pack_for_tests("dougram");
        let clause = pack.clause("introduction.subject").expect("dougram's clause 1.1");
        let html = linked(&pack, &clause.text, "en");
        assert!(html.contains("<em>Fang of the Sun Dougram</em>"), "{html}");
        assert!(!html.contains('*'), "{html}");
        assert_eq!(linked(&pack, "*a <b>* & **c**", "en"), "<em>a &lt;b&gt;</em> &amp; <strong>c</strong>");
        let across = linked(&pack, "*see [[rule:introduction.subject]]*", "en");
        assert_eq!(across, "*see <a href=\"#clause-introduction.subject\">1.1</a>*");
        assert_eq!(pack.plain_text(&clause.text).matches('*').count(), 0);
    }

    #[test]
    fn the_page_title_is_plain_text_in_every_language() {
        // <title> is raw text: a browser tab would show markup in it literally.
        let page = super::html(&crate::load::example_pack_for_tests("dougram"), &[]).unwrap();
        let title = page.split("<title>").nth(1).and_then(|t| t.split("</title>").next()).unwrap();
        assert!(!title.contains(['<', '>']), "{title}");
        assert!(title.contains("ダグラム") && title.contains("ルール") && title.contains("rules reference"), "{title}");
    }
}
