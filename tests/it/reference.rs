//! Issue 20: the rules reference's text. Every clause of data/dougram is written in Japanese as
//! well as English, in our own words (no run of 10 characters shared with a seed beyond names);
//! the page prints every clause of every pack as its source reads, references written out, with
//! no word doubled where a link's name meets the text after it.

use std::collections::{BTreeSet, HashSet};

use pnpkit::model::{Clause, Names, Pack};

use super::support::root;

fn load(pack: &str) -> Pack {
    let mut sources = pnpkit::diag::Sources::default();
    let (pack, diags) = pnpkit::load::pack(&root().join("data").join(pack), &mut sources);
    assert!(diags.iter().all(|d| !d.is_error()), "{pack:?} loads", pack = pack.id);
    pack
}

fn packs() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("data"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("pack.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn clauses(pack: &Pack) -> impl Iterator<Item = &Clause> {
    pack.rules.sections.iter().flat_map(|s| &s.clauses)
}

#[test]
fn every_dougram_clause_has_japanese_text_and_a_title_in_both_languages() {
    let pack = load("dougram");
    let mut missing = Vec::new();
    for c in clauses(&pack) {
        let ja = c.translations.get("ja");
        if ja.is_none_or(|w| w.text.is_empty()) || c.title.ja.is_empty() || c.title.en.is_empty() {
            missing.push(c.number.clone());
        } else if ja.is_some_and(|w| w.items.len() != c.items.len()) {
            missing.push(format!("{} (items)", c.number));
        }
    }
    assert_eq!(missing, Vec::<String>::new(), "clauses without Japanese text, a title in each language or all items");
    assert!(clauses(&pack).count() >= 187);
}

/// Every Japanese name the pack prints by itself: what a reference or a heading shows may match
/// the published book, as names do.
fn japanese_names(pack: &Pack) -> Vec<String> {
    let mut names: Vec<&Names> = Vec::new();
    names.extend(pack.cards.iter().map(|c| &c.name));
    names.extend(pack.units.iter().map(|u| &u.name));
    names.extend(pack.sides.iter().map(|s| &s.name));
    names.extend(pack.forces.iter().map(|f| &f.name));
    names.extend(pack.boxes.iter().map(|b| &b.name));
    names.extend(pack.setups.iter().map(|s| &s.name));
    names.extend(pack.map.iter().flat_map(|m| &m.hexes).filter_map(|h| h.place.as_ref()).map(|p| &p.name));
    names.extend(pack.rules.terms.iter().map(|t| &t.name));
    names.extend(pack.rules.sections.iter().map(|s| &s.title));
    names.extend(clauses(pack).map(|c| &c.title));
    let mut out: Vec<String> = names.into_iter().map(|n| n.ja.clone()).collect();
    out.extend(pack.rules.terms.iter().flat_map(|t| t.aliases.iter().cloned()));
    out.retain(|n| n.chars().count() >= 2);
    // Longest first, so a name inside a longer one does not cut it.
    out.sort_by_key(|n| std::cmp::Reverse(n.chars().count()));
    out
}

#[test]
fn no_japanese_clause_text_shares_ten_characters_with_a_seed_beyond_names() {
    let seeds = root().join("../shared/seeds");
    let Ok(entries) = std::fs::read_dir(&seeds) else {
        assert!(std::env::var_os("CI").is_none(), "CI has ../shared/seeds");
        eprintln!("skipping: {} is not here", seeds.display());
        return;
    };
    const RUN: usize = 10;
    let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<Vec<char>>();
    let mut grams: HashSet<String> = HashSet::new();
    for e in entries.flatten() {
        let text = squeeze(&std::fs::read_to_string(e.path()).unwrap_or_default());
        for w in text.windows(RUN) {
            grams.insert(w.iter().collect());
        }
    }
    assert!(grams.len() > 10_000, "the seeds were read");
    let mut shared = Vec::new();
    for pack in packs() {
        let pack = load(&pack);
        let names = japanese_names(&pack);
        for c in clauses(&pack) {
            let Some(ja) = c.translations.get("ja") else { continue };
            for text in std::iter::once(&ja.text).chain(&ja.items) {
                // References print names; names are data, not sentences.
                let mut plain = String::new();
                let mut rest = text.as_str();
                while let Some(open) = rest.find("[[") {
                    plain.push_str(&rest[..open]);
                    plain.push('|');
                    rest = rest[open..].find("]]").map_or("", |close| &rest[open + close + 2..]);
                }
                plain.push_str(rest);
                for name in &names {
                    plain = plain.replace(name.as_str(), "|");
                }
                for piece in plain.split('|') {
                    let chars = squeeze(piece);
                    if let Some(w) = chars.windows(RUN).find(|w| grams.contains(&w.iter().collect::<String>())) {
                        shared.push(format!("{} {}: {}", pack.id, c.number, w.iter().collect::<String>()));
                    }
                }
            }
        }
    }
    assert_eq!(shared, Vec::<String>::new(), "runs of {RUN} characters shared with a seed");
}

/// The text of `html` without its tags, its entities read back.
fn text_of(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#x27;", "'").replace("&amp;", "&")
}

/// Each wording of the clause `id` on the page: (language, its text).
fn wordings_on_page<'a>(html: &'a str, id: &str) -> Vec<(&'a str, String)> {
    let start = html.find(&format!("id=\"clause-{id}\"")).unwrap_or_else(|| panic!("clause {id} is on the page"));
    let end = html[start..].find("<div class=\"clause").map_or(html.len(), |e| start + e);
    let mut out = Vec::new();
    let mut rest = &html[start..end];
    while let Some(at) = rest.find("<div class=\"w") {
        rest = &rest[at..];
        let lang_at = rest.find("lang=\"").expect("a wording has its lang") + 6;
        let lang = &rest[lang_at..lang_at + rest[lang_at..].find('"').unwrap()];
        let body_at = rest.find('>').unwrap() + 1;
        let close = rest.find("</div>").unwrap();
        out.push((lang, text_of(&rest[body_at..close])));
        rest = &rest[close..];
    }
    out
}

/// The word (English) or the last characters (Japanese) a shown name ends with that the text
/// right after it repeats: "anti-armour value" + " value", "砂漠ヘックス" + "ヘックス".
fn doubled(shown: &str, after: &str, lang: &str) -> Option<String> {
    if lang == "en" {
        // The next word must follow at once: "value (card 6 …)" is an aside, not a repeat.
        let last = shown.split_whitespace().last()?.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
        let next = after.strip_prefix(' ')?.split_whitespace().next()?;
        let next = next.trim_end_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
        let plural = next.strip_suffix('s').is_some_and(|n| n == last);
        (!last.is_empty() && (last == next || plural)).then_some(last)
    } else {
        let shown: Vec<char> = shown.chars().collect();
        let after: Vec<char> = after.chars().collect();
        (2..=shown.len().min(after.len()))
            .find(|&k| {
                shown[shown.len() - k..] == after[..k] && !shown[shown.len() - k..].iter().all(|c| c.is_ascii_digit())
            })
            .map(|k| shown[shown.len() - k..].iter().collect())
    }
}

#[test]
fn every_clause_of_every_pack_prints_its_source_text_with_no_word_doubled_at_a_link() {
    let mut problems = Vec::new();
    for name in packs() {
        let pack = load(&name);
        let html = pnpkit::reference::html(&pack, &[]).expect("the reference renders");
        for c in clauses(&pack) {
            let on_page = wordings_on_page(&html, &c.id);
            let languages: BTreeSet<&str> = on_page.iter().map(|(l, _)| *l).collect();
            assert_eq!(languages.len(), on_page.len(), "{name} {}: one wording per language", c.number);
            for (lang, shown) in &on_page {
                let source = c.wording_in(lang);
                // The source minus its markup: references written out, emphasis dropped.
                let expected: String = std::iter::once(&source.text)
                    .chain(&source.items)
                    .map(|t| pack.plain_text_in(t, lang))
                    .collect::<Vec<_>>()
                    .concat();
                let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
                if squeeze(shown) != squeeze(&expected) {
                    problems.push(format!("{name} {} [{lang}]: page “{shown}” ≠ source “{expected}”", c.number));
                }
                for text in std::iter::once(&source.text).chain(&source.items) {
                    let mut rest = text.as_str();
                    while let Some(open) = rest.find("[[") {
                        let Some(close) = rest[open..].find("]]") else { break };
                        let shown = pack.plain_text_in(&rest[open..open + close + 2], lang);
                        rest = &rest[open + close + 2..];
                        if let Some(word) = doubled(&shown, &pack.plain_text_in(rest, lang), lang) {
                            problems
                                .push(format!("{name} {} [{lang}]: “{shown}” is followed by “{word}” again", c.number));
                        }
                    }
                }
            }
        }
    }
    assert_eq!(problems, Vec::<String>::new());
}

#[test]
fn the_doubling_check_sees_a_repeated_word_or_tail_and_nothing_else() {
    assert_eq!(doubled("anti-armour value", " value of 3", "en"), Some("value".into()));
    assert_eq!(doubled("anti-armour value", " of 3", "en"), None);
    assert_eq!(doubled("unit", "s in the hex", "en"), None, "a plural ending is no word");
    assert_eq!(doubled("realignment roll", " rolls", "en"), Some("roll".into()));
    assert_eq!(doubled("China Card", " (card 6)", "en"), None, "an aside in brackets");
    assert_eq!(doubled("砂漠ヘックス", "ヘックスでは", "ja"), Some("ヘックス".into()));
    assert_eq!(doubled("砂漠ヘックス", "では", "ja"), None);
}
