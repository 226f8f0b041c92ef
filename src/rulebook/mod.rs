//! The printed rulebook (`rules.pdf`): the pack's numbered rules set as a book on the run's
//! paper, one document per language the pack prints. A cover with the game's facts and its
//! components, the contents with page numbers, the parts, sections and clauses, the glossary with
//! its definitions and an index of terms and players' words, every cross-reference printed with
//! its page (`see 13.4, p. 7`) and linked, bookmarks and a tagged structure.
//!
//! Pages are counted from the cover. A cross-reference's page is known only once the book is
//! set, and printing it can move what follows: the book is set again with the pages found until
//! no anchor moves (two or three times).

pub(crate) mod exhibits;
mod flow;
mod index;
mod living;
mod pdf;

use std::collections::BTreeMap;

use flow::{Flow, Frame, Kind, Run};
pub use living::Living;

use crate::emit::SvgParser;
use crate::errata::Piece;
use crate::layout::Paper;
use crate::messages::Messages;
use crate::model::{Exhibit, Names, Pack, Part};
use crate::text::Fonts;

/// Body text size and leading.
const BODY: (f64, f64) = (9.5, 1.45);

/// How to make the rulebooks.
#[derive(Clone, Copy, Debug)]
pub struct Settings<'a> {
    /// The run's paper: the book's page, or the booklet's sheet.
    pub paper: Paper,
    /// The living rules: clauses changed since an edition barred and listed on a page of their own.
    pub living: Option<&'a Living>,
    /// Also a saddle-stitched booklet of each (pages of half the paper), with the printer's
    /// landscape back offset in mm.
    pub booklet: Option<(f64, f64)>,
}

/// The rulebooks of `pack`: (file name, PDF) per language, the first language's as `rules.pdf`
/// and the others' as `rules-<language>.pdf`, and each one's booklet (`rules-booklet.pdf`) when
/// asked for. None for a pack without rules.
pub fn documents(pack: &Pack, fonts: &Fonts, settings: Settings<'_>) -> Result<Vec<(String, Vec<u8>)>, String> {
    if pack.rules.sections.is_empty() {
        return Ok(Vec::new());
    }
    let languages = pack.printed_languages();
    let paper = settings.paper;
    // Figures are drawn as the pages' images are: from inside the pack only.
    let parser = crate::emit::SvgParser::for_pack(fonts, &pack.root);
    // One book per language, or one in the two languages `[rulebook] languages` names.
    let bilingual = pack.rulebook.languages.as_ref().map_or(&[][..], |l| l.value.as_slice());
    let books: Vec<(String, &str, Option<&str>)> = match bilingual {
        [first, second, ..] => vec![("rules".to_string(), first.as_str(), Some(second.as_str()))],
        _ => languages
            .iter()
            .enumerate()
            .map(|(n, l)| (if n == 0 { "rules".to_string() } else { format!("rules-{l}") }, *l, None))
            .collect(),
    };
    let mut out = Vec::new();
    for (stem, language, second) in books {
        let title = either(&pack.game.title, language);
        let edition = (language, second, settings.living);
        let book = set(pack, (fonts, &parser), Frame::of((paper.width, paper.height)), edition);
        out.push((
            format!("{stem}.pdf"),
            pdf::write((fonts, &parser), &book, (paper.width, paper.height), &title, language)?,
        ));
        if let Some(offset) = settings.booklet {
            // Half the sheet a page: A5 pages on A4 sheets, turned landscape.
            let (page, sheet) = ((paper.height / 2.0, paper.width), (paper.height, paper.width));
            let book = set(pack, (fonts, &parser), Frame::of(page), edition);
            out.push((
                format!("{stem}-booklet.pdf"),
                pdf::booklet((fonts, &parser), &book, (page, sheet), offset, &title)?,
            ));
        }
    }
    Ok(out)
}

/// Sets the book until every cross-reference prints the page its target landed on.
fn set(pack: &Pack, fonts: (&Fonts, &SvgParser), frame: Frame, edition: Edition<'_>) -> flow::Book {
    let mut pages: BTreeMap<String, usize> = BTreeMap::new();
    let mut book = compose(pack, fonts, frame, edition, &pages);
    for _ in 0..4 {
        let found: BTreeMap<String, usize> = book.anchors.iter().map(|(a, (page, _))| (a.clone(), page + 1)).collect();
        if found == pages {
            break;
        }
        pages = found;
        book = compose(pack, fonts, frame, edition, &pages);
    }
    book
}

/// The book's language, the second language of a bilingual book, and the living rules.
type Edition<'a> = (&'a str, Option<&'a str>, Option<&'a Living>);

/// A name in `language`, then in `second` when the book is bilingual and it differs.
fn both(names: &Names, language: &str, second: Option<&str>) -> String {
    let first = either(names, language);
    match second.map(|l| names.of_language(l)).filter(|n| !n.is_empty() && *n != first) {
        Some(other) => format!("{first} / {other}"),
        None => first,
    }
}

/// A name in `language`, else in the other.
fn either(names: &Names, language: &str) -> String {
    let own = names.of_language(language);
    if own.is_empty() {
        [names.ja.as_str(), names.en.as_str()].into_iter().find(|n| !n.is_empty()).unwrap_or("")
    } else {
        own
    }
    .to_string()
}

/// The anchor a `[[rule:…]]` target lands on: a clause's, a section's or a part's.
fn rule_anchor(pack: &Pack, target: &str) -> String {
    if let Some(c) = pack.clause(target) {
        return format!("clause-{}", c.id);
    }
    match pack.section(target) {
        Some(s) => format!("section-{}", s.id),
        None => format!("part-{target}"),
    }
}

/// `text` (with `[[kind:target]]` references and emphasis) as runs in `language`: a rule
/// reference prints its number and page and links to it, the rest prints as plain text does.
fn runs(pack: &Pack, msg: &Messages, text: &str, language: &str, pages: &BTreeMap<String, usize>) -> Vec<Run> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("[[") {
        let Some(close) = rest[open..].find("]]") else { break };
        let (before, reference) = (&rest[..open], &rest[open..open + close + 2]);
        if !before.is_empty() {
            out.push(Run::Plain(pack.plain_text_in(before, language)));
        }
        let inner = &reference[2..reference.len() - 2];
        match inner.split_once(':') {
            Some(("rule", target)) => {
                let anchor = rule_anchor(pack, target);
                let number = pack.plain_text_in(reference, language);
                // Before the book is set, a page of two digits holds the place.
                let page = page_of(pages, &anchor);
                out.push(Run::Link(
                    msg.fill_first("rulebook.page_ref", &[("number", &number), ("page", &page)]),
                    anchor,
                ));
            }
            _ => out.push(Run::Plain(pack.plain_text_in(reference, language))),
        }
        rest = &rest[open + close + 2..];
    }
    if !rest.is_empty() {
        out.push(Run::Plain(pack.plain_text_in(rest, language)));
    }
    out
}

/// The page a printed page number stands for until the book is set: two digits hold its place.
const PLACEHOLDER: &str = "00";

/// The page `anchor` landed on, as printed; the placeholder before the book is set.
fn page_of(pages: &BTreeMap<String, usize>, anchor: &str) -> String {
    pages.get(anchor).map_or(PLACEHOLDER.to_string(), usize::to_string)
}

/// The part `section` opens, if it is the first of a part (`open` is the part of the section
/// before it, and becomes this one's).
fn opens_part<'p>(pack: &'p Pack, section: &crate::model::Section, open: &mut Option<String>) -> Option<&'p Part> {
    if section.part == *open {
        return None;
    }
    open.clone_from(&section.part);
    pack.rules.parts.iter().find(|p| Some(&p.id) == open.as_ref())
}

fn plain(text: impl Into<String>) -> Vec<Run> {
    vec![Run::Plain(text.into())]
}

/// One pass of setting the book, cross-references printing `pages`.
fn compose(
    pack: &Pack,
    (fonts, parser): (&Fonts, &SvgParser),
    frame: Frame,
    (language, second, living): Edition<'_>,
    pages: &BTreeMap<String, usize>,
) -> flow::Book {
    let msg = Messages::new(&[language]);
    let mut f = Flow::new(fonts, frame);
    f.second = second.map(String::from);
    let page_of = |anchor: &str| page_of(pages, anchor);
    cover(pack, &msg, &mut f, language);
    // The contents.
    chapter(&mut f, 1, msg.first("rulebook.contents"), "contents");
    if let Some(living) = living {
        let heading = msg.fill_first("rulebook.changes", &[("edition", &either(&living.since, language))]);
        f.entry(&heading, &page_of("changes"), (10.0, true), 0.0, "changes");
        f.space(1.5);
    }
    let mut part = None;
    for section in &pack.rules.sections {
        if let Some(p) = opens_part(pack, section, &mut part) {
            let label = format!("{} {}", p.number, both(&p.title, language, second));
            f.space(1.5);
            f.entry(&label, &page_of(&format!("part-{}", p.id)), (10.0, true), 0.0, &format!("part-{}", p.id));
        }
        let label = format!("{} {}", section.number, both(&section.title, language, second));
        let anchor = format!("section-{}", section.id);
        f.entry(&label, &page_of(&anchor), (9.5, false), if part.is_some() { 5.0 } else { 0.0 }, &anchor);
    }
    let has_glossary = !pack.rules.terms.is_empty();
    f.space(1.5);
    if has_glossary {
        f.entry(&msg.first("rulebook.glossary"), &page_of("glossary"), (10.0, true), 0.0, "glossary");
        f.entry(&msg.first("rulebook.index"), &page_of("index"), (10.0, true), 0.0, "index");
    }
    if let Some(living) = living {
        changes(pack, &msg, &mut f, (language, living), pages);
    }
    rules((pack, parser), &msg, &mut f, (language, living), pages);
    if has_glossary {
        glossary(pack, &msg, &mut f, language, pages);
        index::index(pack, &msg, &mut f, language, pages);
    }
    let mut book = f.book;
    running_heads(&mut book, frame, fonts, &either(&pack.game.title, language));
    book
}

/// The cover: the title, the edition, players and time, and the components.
fn cover(pack: &Pack, msg: &Messages, f: &mut Flow<'_>, language: &str) {
    f.new_page(1);
    let title = either(&pack.game.title, language);
    // A title page as a boxed game's rulebook has one: the title centred between two bands a
    // fifth of the way down, what the book is and the game's facts under it, the components
    // below as a centred list.
    f.down_to(f.frame.height / 5.0);
    f.band(1.2, 40);
    f.space(10.0);
    f.anchor("cover");
    let block = f.block(Kind::Heading(1), &plain(title.clone()), (30.0, 1.2, true), 0.0);
    f.centre(block);
    if let Some(second) = f.second.clone() {
        let other = pack.game.title.of_language(&second).to_string();
        if !other.is_empty() && other != title {
            let block = f.block(Kind::Paragraph, &plain(other), (16.0, 1.3, false), 0.0);
            f.book.languages.insert(block, second);
            f.centre(block);
        }
    }
    f.space(3.0);
    let block = f.block(Kind::Paragraph, &plain(msg.first("rulebook.subtitle")), (14.0, 1.3, false), 0.0);
    f.centre(block);
    f.space(8.0);
    f.band(0.4, 40);
    f.space(6.0);
    let g = &pack.game;
    let second = f.second.clone();
    let edition = g.editions.iter().find(|e| e.id == g.edition).map(|e| both(&e.label, language, second.as_deref()));
    let edition = edition.unwrap_or_default();
    // "2–4 players", or "2 players" where the two ends are one number.
    let range = |key: &str, (min, max): (u32, u32)| match (min, max) {
        (_, 0) => None,
        (a, b) if a == b || a == 0 => Some(msg.fill_first(&format!("{key}_exact"), &[("n", &b.to_string())])),
        (a, b) => Some(msg.fill_first(key, &[("min", &a.to_string()), ("max", &b.to_string())])),
    };
    let facts: Vec<String> =
        [range("rulebook.players", (g.players_min, g.players_max)), range("rulebook.minutes", g.play_minutes)]
            .into_iter()
            .flatten()
            .collect();
    for line in [edition, facts.join(" · "), g.designer.clone(), g.publisher.clone()] {
        if !line.is_empty() {
            let block = f.block(Kind::Paragraph, &plain(line), (11.0, 1.5, false), 0.0);
            f.centre(block);
        }
    }
    if !g.components.is_empty() {
        f.down_to(f.frame.height * 0.55);
        let block = f.block(Kind::Heading(2), &plain(msg.first("rulebook.components")), (12.0, 1.6, true), 0.0);
        f.centre(block);
        let items: Vec<String> = g
            .components
            .iter()
            .map(|c| {
                let count = if c.count > 0 { format!(" × {}", c.count) } else { String::new() };
                format!("• {}{count}", either(&c.name, language))
            })
            .collect();
        // The list's lines start under each other, the list as a whole centred.
        let (pt, style) = (10.5, crate::text::Style::main(crate::text::Weight::Regular));
        let widest = items.iter().map(|i| f.fonts.width_em(i, style) * pt * flow::MM_PER_PT).fold(0.0, f64::max);
        let indent = ((f.frame.text_width() - widest) / 2.0).max(0.0);
        for item in items {
            f.block(Kind::Item, &plain(item), (pt, 1.5, false), indent);
        }
    }
}

/// The parts, sections and clauses.
fn rules(
    (pack, parser): (&Pack, &SvgParser),
    msg: &Messages,
    f: &mut Flow<'_>,
    edition: (&str, Option<&Living>),
    pages: &BTreeMap<String, usize>,
) {
    let (language, living) = edition;
    let second = f.second.clone();
    let second = second.as_deref();
    let mut part = None;
    let level = u8::from(!pack.rules.parts.is_empty());
    f.new_page(1);
    for section in &pack.rules.sections {
        if let Some(p) = opens_part(pack, section, &mut part) {
            let title = format!("{} {}", p.number, both(&p.title, language, second));
            f.space(6.0);
            f.keep(40.0);
            f.anchor(&format!("part-{}", p.id));
            f.book.outline.push(flow::Mark { level: 0, title: title.clone(), anchor: format!("part-{}", p.id) });
            f.block(Kind::Heading(1), &plain(title), (16.0, 1.3, true), 0.0);
            f.space(2.0);
        }
        let title = format!("{} {}", section.number, both(&section.title, language, second));
        // A heading is kept with the first lines under it.
        f.space(5.0);
        f.keep(30.0);
        f.run_under(&title);
        let anchor = format!("section-{}", section.id);
        f.anchor(&anchor);
        f.book.outline.push(flow::Mark { level, title: title.clone(), anchor });
        f.block(Kind::Heading(2), &plain(title), (13.0, 1.35, true), 0.0);
        f.space(1.5);
        for c in &section.clauses {
            let anchor = format!("clause-{}", c.id);
            let wording = c.wording_in(language);
            let clause_title = both(&c.title, language, second);
            let mut text = runs(pack, msg, &wording.text, language, pages);
            // Space first, then room for two lines: the anchor stands where the clause begins.
            f.space(1.2);
            f.keep(BODY.0 * flow::MM_PER_PT * BODY.1 * 2.0);
            f.anchor(&anchor);
            let start = f.here();
            let mark = if clause_title.is_empty() { c.number.clone() } else { format!("{} {clause_title}", c.number) };
            f.book.outline.push(flow::Mark { level: level + 1, title: mark, anchor });
            if clause_title.is_empty() {
                text.insert(0, Run::Plain(format!("{}  ", c.number)));
            } else {
                f.block(Kind::Heading(3), &plain(format!("{} {clause_title}", c.number)), (BODY.0, 1.4, true), 0.0);
            }
            f.block(Kind::Paragraph, &text, BODY_STYLE, 0.0);
            for item in &wording.items {
                let mut item_runs = runs(pack, msg, item, language, pages);
                item_runs.insert(0, Run::Plain("• ".into()));
                f.block(Kind::Item, &item_runs, BODY_STYLE, 4.0);
            }
            if let Some(second) = second.filter(|l| c.is_written_in(l)) {
                other_wording(pack, f, c, second, pages);
            }
            for exhibit in &c.exhibits {
                match exhibit {
                    Exhibit::Table(source) => {
                        if let Some(grid) = exhibits::grid(pack, source, language) {
                            f.table(&grid);
                        }
                    }
                    Exhibit::Figure { path, caption } => {
                        let caption = either(caption, language);
                        let alt = if caption.is_empty() { path.value.clone() } else { caption.clone() };
                        if let Some((figure, size)) = exhibits::figure(pack, parser, path, alt) {
                            let caption = if caption.is_empty() { Vec::new() } else { plain(caption) };
                            f.figure(figure, size, &caption);
                        }
                    }
                }
            }
            if living.is_some_and(|l| l.marks(&c.id)) {
                f.bar_from(start);
            }
        }
    }
}

/// A clause's wording in the second language of a bilingual book, under the first's, a little
/// smaller and marked in its language.
fn other_wording(
    pack: &Pack,
    f: &mut Flow<'_>,
    c: &crate::model::Clause,
    second: &str,
    pages: &BTreeMap<String, usize>,
) {
    let msg = Messages::new(&[second]);
    let wording = c.wording_in(second);
    let style = (BODY.0 - 1.0, BODY.1, false);
    let block = f.block(Kind::Paragraph, &runs(pack, &msg, &wording.text, second, pages), style, 0.0);
    f.book.languages.insert(block, second.to_string());
    for item in &wording.items {
        let mut item_runs = runs(pack, &msg, item, second, pages);
        item_runs.insert(0, Run::Plain("• ".into()));
        let block = f.block(Kind::Item, &item_runs, style, 4.0);
        f.book.languages.insert(block, second.to_string());
    }
}

/// The living rules' page: each clause changed or added since the edition, with its page and
/// the errata notes' reasons, then the clauses removed.
fn changes(
    pack: &Pack,
    msg: &Messages,
    f: &mut Flow<'_>,
    (language, living): (&str, &Living),
    pages: &BTreeMap<String, usize>,
) {
    let since = either(&living.since, language);
    chapter(f, 1, msg.fill_first("rulebook.changes", &[("edition", &since)]), "changes");
    let page_of = |anchor: &str| page_of(pages, anchor);
    let mut any = false;
    for c in pack.rules.sections.iter().flat_map(|s| &s.clauses).filter(|c| living.marks(&c.id)) {
        any = true;
        let anchor = format!("clause-{}", c.id);
        let title = either(&c.title, language);
        let mut label = format!("{} {title}", c.number).trim().to_string();
        if living.added.contains(&c.id) {
            label = format!("{label} ({})", msg.first("rulebook.added"));
        }
        f.entry(&label, &page_of(&anchor), (BODY.0, true), 0.0, &anchor);
        for note in living.changed.get(&c.id).into_iter().flatten() {
            f.block(Kind::Paragraph, &plain(note.clone()), (8.5, 1.4, false), 4.0);
        }
        // The wording as it was in the book's language, what was deleted struck through and what
        // was inserted underlined.
        let words = living.wording.get(&c.id).into_iter().flatten().filter(|(l, ..)| l == language);
        for (_, old, new) in words {
            // Compared as printed, so a reference is a whole word on either side.
            let (old, new) = (pack.plain_text_in(old, language), pack.plain_text_in(new, language));
            let mut edits: Vec<Run> = Vec::new();
            for piece in crate::errata::text_diff(&old, &new) {
                // Words put in place of others stand a space apart from the struck ones (Japanese
                // sets them side by side, as it sets all its words).
                let replaces = matches!(piece, Piece::New(_)) && matches!(edits.last(), Some(Run::Deleted(_)));
                if replaces && language != "ja" {
                    edits.push(Run::Plain(" ".into()));
                }
                edits.push(match piece {
                    Piece::Same(t) => Run::Plain(t),
                    Piece::Old(t) => Run::Deleted(t),
                    Piece::New(t) => Run::Inserted(t),
                });
            }
            f.block(Kind::Paragraph, &edits, (8.5, 1.4, false), 4.0);
        }
        f.space(1.0);
    }
    for number in &living.removed {
        any = true;
        f.block(Kind::Paragraph, &plain(msg.fill_first("rulebook.removed", &[("number", number)])), BODY_STYLE, 0.0);
    }
    if !any {
        f.block(
            Kind::Paragraph,
            &plain(msg.fill_first("rulebook.no_changes", &[("edition", &since)])),
            BODY_STYLE,
            0.0,
        );
    }
}

/// Opens a chapter of the back (or front) matter on a page of its own: a first-level heading,
/// its bookmark and running head.
fn chapter(f: &mut Flow<'_>, columns: usize, heading: String, anchor: &str) {
    f.new_page(columns);
    f.run_under(&heading);
    f.anchor(anchor);
    f.book.outline.push(flow::Mark { level: 0, title: heading.clone(), anchor: anchor.into() });
    f.block(Kind::Heading(1), &plain(heading), (16.0, 1.3, true), 0.0);
    f.space(2.0);
}

/// Body text: size, leading, regular.
const BODY_STYLE: (f64, f64, bool) = (BODY.0, BODY.1, false);

/// The glossary: each term, its definition and where the rules define it, in the language's order.
fn glossary(pack: &Pack, msg: &Messages, f: &mut Flow<'_>, language: &str, pages: &BTreeMap<String, usize>) {
    chapter(f, 1, msg.first("rulebook.glossary"), "glossary");
    let mut terms: Vec<_> = pack.rules.terms.iter().collect();
    terms.sort_by_key(|t| index::sort_key(&either(&t.name, language), &t.kana, language));
    for t in terms {
        f.space(1.2);
        f.keep(BODY.0 * flow::MM_PER_PT * BODY.1 * 3.0);
        f.anchor(&format!("term-{}", t.id));
        // Under the glossary's own heading (level 1), a level down.
        f.block(Kind::Heading(2), &plain(either(&t.name, language)), (BODY.0, 1.4, true), 0.0);
        let definition = t.definition.of_language(language);
        let mut text = if definition.is_empty() { Vec::new() } else { runs(pack, msg, definition, language, pages) };
        let cited: Vec<String> = t.defined_in.iter().chain(&t.see).map(|r| format!("[[rule:{}]]", r.value)).collect();
        if !cited.is_empty() {
            let see = runs(pack, msg, &cited.join(&msg.first("rulebook.list_separator")), language, pages);
            if !text.is_empty() {
                text.push(Run::Plain(" ".into()));
            }
            text.push(Run::Plain(msg.first("rulebook.see")));
            text.extend(see);
        }
        if !text.is_empty() {
            f.block(Kind::Paragraph, &text, BODY_STYLE, 4.0);
        }
    }
}

/// Each page after the cover: the game's title and the section it runs under at the head, over
/// a hairline, and its number at the foot.
fn running_heads(book: &mut flow::Book, frame: Frame, fonts: &Fonts, title: &str) {
    let style = crate::text::Style::main(crate::text::Weight::Regular);
    let pt = 7.5;
    let em = pt * flow::MM_PER_PT;
    let top = frame.margin;
    for (n, page) in book.pages.iter_mut().enumerate().skip(1) {
        let right = &page.running;
        let right_width = fonts.width_em(right, style) * em;
        let line = |x: f64, baseline: f64, text: &str| flow::Line {
            x,
            baseline,
            pt,
            bold: false,
            text: text.to_string(),
            block: None,
        };
        page.lines.push(line(frame.margin, top + em, title));
        // The section stands at the right when it fits beside the title (the page shows it anyway).
        let room = frame.text_width() - fonts.width_em(title, style) * em - 10.0;
        if !right.is_empty() && right != title && right_width <= room {
            page.lines.push(line(frame.width - frame.margin - right_width, top + em, right));
        }
        page.rules.push((frame.margin, top + em + 1.5, frame.width - frame.margin, top + em + 1.5));
        let number = (n + 1).to_string();
        let width = fonts.width_em(&number, style) * em;
        page.lines.push(line((frame.width - width) / 2.0, frame.height - frame.margin, &number));
    }
}
