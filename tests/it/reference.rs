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
        out.push((lang, super::support::html_text(&rest[body_at..close])));
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

/// What tests/browser/rules.mjs saw on the reference of `pack` at `width` × `height`, or `None`
/// when Chromium or the Playwright driver is not installed (CI installs both).
fn used_in_chromium(
    pack: &str,
    width: u32,
    height: u32,
    query: &str,
    hashes: &[&str],
    tag: &str,
) -> Option<serde_json::Value> {
    if std::process::Command::new("chromium").arg("--version").output().is_err()
        || !root().join("tests/browser/node_modules/axe-core").is_dir()
    {
        assert!(std::env::var_os("CI").is_none(), "chromium and tests/browser/node_modules are required in CI");
        eprintln!("skipping: chromium, Playwright or axe-core is not installed");
        return None;
    }
    // Each test its own folder: two tests may open the same pack at the same time.
    let dir = super::support::temp_dir(&format!("rules-{tag}-{pack}-{width}"));
    let html = super::browser::reference(&format!("data/{pack}"), &dir.join("out"));
    let run = std::process::Command::new("node")
        .arg(root().join("tests/browser/rules.mjs"))
        .arg(&html)
        .args([width.to_string(), height.to_string(), query.to_string()])
        .args(hashes)
        .output()
        .expect("run node");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let _ = std::fs::remove_dir_all(&dir);
    Some(serde_json::from_slice(&run.stdout).expect("JSON from rules.mjs"))
}

/// The focused element's id, and whether it sits just below the header and inside the viewport.
fn in_view(place: &serde_json::Value) -> (String, bool) {
    let n = |k: &str| place[k].as_f64().unwrap();
    let below_header = n("top") >= n("header") - 1.0 && n("top") <= n("header") + 24.0;
    (place["id"].as_str().unwrap_or_default().to_string(), below_header && n("top") < n("viewport"))
}

/// Each pack's checks at a phone's and a desktop's viewport.
fn a_player_uses_the_reference(pack: &str, query: &str, links: &[(&str, &str)], bilingual: bool) {
    let hashes: Vec<&str> = links.iter().map(|(hash, _)| *hash).collect();
    for (width, height) in [(390, 844), (1280, 900)] {
        let Some(seen) = used_in_chromium(pack, width, height, query, &hashes, "player") else { return };
        let at = format!("{pack} at {width}×{height}");
        assert_eq!(seen["errors"], serde_json::json!([]), "{at}: the page's script failed");
        // Accessibility: no axe-core violation of any impact, loaded, with results, history shown.
        for (state, violations) in seen["axe"].as_object().unwrap() {
            assert_eq!(violations, &serde_json::json!([]), "{at}: axe-core, {state}");
        }
        assert_eq!(seen["axe"].as_object().unwrap().len(), 3);
        // Links into the page land on their target, focused, just below the header.
        for (hash, target) in links {
            let (id, visible) = in_view(&seen["landed"][hash]);
            assert_eq!((id.as_str(), visible), (*target, true), "{at}: #{hash} → {}", seen["landed"][hash]);
        }
        // The search box is labelled, its results are a listbox whose count is announced.
        assert!(seen["label"]["labels"][0].as_str().is_some_and(|l| !l.is_empty()), "{at}: {}", seen["label"]);
        assert_eq!(seen["label"]["list"], "listbox");
        let results = &seen["results"];
        assert_eq!((results["live"].as_str(), results["expanded"].as_str()), (Some("polite"), Some("true")));
        let first = results["ids"][0].as_str().unwrap_or_else(|| panic!("{at}: “{query}” finds nothing"));
        assert!(results["status"].as_str().is_some_and(|s| s.chars().any(|c| c.is_ascii_digit())), "{results}");
        // Choosing a result (a click, a tap on the phone) closes the panel and shows the clause.
        let chosen = &seen["chosen"];
        assert_eq!(chosen["hidden"], true, "{at}: the results panel closes");
        assert_eq!(in_view(chosen), (first.to_string(), true), "{at}: the chosen result in view: {chosen}");
        // The language switch shows one language alone.
        let shown = |mode: &str, lang: &str| seen["languages"][mode][lang].as_u64().unwrap_or(0);
        if bilingual {
            assert!(shown("all", "ja") > 0 && shown("all", "en") > 0, "{at}: {}", seen["languages"]);
            assert_eq!((shown("en", "ja"), shown("ja", "en")), (0, 0), "{at}: {}", seen["languages"]);
            assert_eq!((shown("en", "en"), shown("ja", "ja")), (shown("all", "en"), shown("all", "ja")));
        }
        // A glossary term shows its definition: on hover, or on a first tap that stays put; a
        // second tap follows the link.
        let tip = &seen["tip"];
        assert_eq!(tip["first"]["shown"], true, "{at}: {tip}");
        assert!(tip["first"]["text"].as_str().is_some_and(|t| t.chars().count() > 20), "{at}: {tip}");
        if width < 600 {
            assert_eq!(tip["first"]["hash"], "", "{at}: the first tap stays on the page");
            assert_eq!(tip["second"]["hash"], tip["term"], "{at}: the second tap follows the link");
        } else {
            assert_eq!(tip["second"]["shown"], false, "{at}: the tip goes with the pointer");
        }
        // The skip link: first Tab, then Enter lands in the rules, the next Tab is a link there.
        let skip = &seen["skip"];
        assert_eq!((skip["skipFocus"].as_str(), skip["afterSkip"].as_str()), (Some("skip"), Some("main")), "{skip}");
        assert_eq!((skip["nextTab"]["tag"].as_str(), skip["nextTab"]["inMain"].as_bool()), (Some("A"), Some(true)));
    }
}

#[test]
fn a_player_finds_reads_and_follows_the_dougram_rules_on_a_phone_and_a_desktop() {
    let links = [
        ("13", "section-capture"),
        ("section-13", "section-capture"),
        ("13.4", "clause-capture.garcia"),
        ("3.3.1", "clause-control.timing-movement"),
        ("clause-movement.stacking", "clause-movement.stacking"),
    ];
    a_player_uses_the_reference("dougram", "スタック制限", &links, true);
}

#[test]
fn a_player_finds_reads_and_follows_the_submarine_attack_rules_and_its_history() {
    let links = [("2", "section-prep"), ("section-2", "section-prep"), ("1.3", "clause-intro.data")];
    a_player_uses_the_reference("submarine-attack", "torpedo", &links, false);
}

#[test]
fn japanese_questions_are_answered_from_japanese_clause_text() {
    // Questions a Japanese player types that no title or glossary name holds whole: the answer
    // is found in the clause's Japanese text, and the snippet shows where.
    for (question, answer) in [
        ("スタック制限", "clause-movement.stacking"),
        ("勝利条件", "clause-victory.purpose"),
        ("要塞 配置", "clause-fortress.placement"),
        ("手札 7枚", "clause-card-phase.hand-limit"),
        ("ダグラム 修理", "clause-dougram.repair"),
    ] {
        let found =
            super::search::found(&["rules", "search", "data/dougram", "--json", "--limit", "3", "--", question]);
        let hits = found["hits"].as_array().unwrap();
        let hit =
            hits.iter().find(|h| h["id"] == answer).unwrap_or_else(|| panic!("“{question}”: {answer} not in {hits:?}"));
        let snippet: Vec<char> = hit["snippet"].as_str().unwrap().chars().collect();
        let marked_japanese = hit["marks"].as_array().unwrap().iter().any(|m| {
            let (a, b) = (m[0].as_u64().unwrap() as usize, m[1].as_u64().unwrap() as usize);
            snippet[a..b].iter().any(|c| !c.is_ascii())
        });
        assert!(marked_japanese, "“{question}”: the snippet marks Japanese text: {hit}");
    }
}

#[test]
fn the_editions_are_listed_with_their_changes_notes_and_marks_and_old_wording_is_searchable() {
    let dir = super::support::temp_dir("rules-history");
    let html = super::browser::reference("data/submarine-attack", &dir.join("out"));
    let html = std::fs::read_to_string(html).unwrap();
    let editions = &html[html.find("<section id=\"editions\">").expect("an editions section")..];
    let editions = &editions[..editions.find("</section>").unwrap()];
    // Every edition with its date, oldest first, the current one marked.
    let dates: Vec<usize> =
        ["2002-09", "2002-11-02", "2002-11-17"].iter().map(|d| editions.find(d).expect(d)).collect();
    assert!(dates.windows(2).all(|w| w[0] < w[1]), "editions oldest first");
    let current = &editions[editions.find("id=\"edition-2002-11-17\"").unwrap()..];
    assert!(current.contains("class=\"badge\""), "the current edition is marked");
    // Its changes index: clauses in rule order before cards, each with the note's class and reason.
    let text = super::support::html_text(current);
    let torpedo = text.find("Torpedo D no longer exists").expect("the errata note's reason");
    let mix = text.find("A set's torpedo D is now a second torpedo C").expect("a second note");
    assert!(torpedo < mix, "3.3 before 3.5: rule order");
    let card = text.find("#15").expect("card 15 in the index");
    assert!(mix < card, "clauses before cards");
    assert!(
        current.contains("<span class=\"class\">調整</span> — Torpedo D no longer exists"),
        "the note's class (balance)"
    );
    // Changed cards are marked in their table.
    assert!(html.contains("<tr id=\"card-15\" class=\"changed\">"), "card 15 is marked as changed");
    // Deletions come before insertions in a clause's history.
    let history = &html[html.find("id=\"clause-cards.torpedo\"").unwrap()..];
    let history = &history[..history.find("<div class=\"clause").unwrap_or(history.len())];
    let (del, ins) = (history.find("<del>").expect("a deletion"), history.find("<ins>").expect("an insertion"));
    assert!(del < ins, "the old text before the new: {history}");
    // The old wording is searchable, in the CLI as in the page (same index).
    // (The old text's own words: `five torpedoes` alone now also meets the players' index word
    // `five of a kind` of 7.7, an answer of its own.)
    let old_words = "five torpedoes, S, A, B, C and D";
    let found = super::search::found(&["rules", "search", "data/submarine-attack", "--json", "--", old_words]);
    assert_eq!(found["hits"][0]["id"], "clause-cards.torpedo", "{found}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_packs_reference_passes_axe_with_no_violation_of_any_impact() {
    for pack in packs() {
        let Some(seen) = used_in_chromium(&pack, 1280, 900, "1", &[], "axe") else { return };
        assert_eq!(seen["errors"], serde_json::json!([]), "{pack}: the page's script failed");
        for (state, violations) in seen["axe"].as_object().unwrap() {
            assert_eq!(violations, &serde_json::json!([]), "{pack}: axe-core, {state}");
        }
    }
}

#[test]
fn clauses_list_what_refers_to_them_and_entries_link_their_rules() {
    let dir = super::support::temp_dir("rules-links");
    let html = std::fs::read_to_string(super::browser::reference("data/dougram", &dir.join("out"))).unwrap();
    let part = |from: &str, to: &str| -> String {
        let start = html.find(from).unwrap_or_else(|| panic!("{from} is on the page"));
        let body = start + from.len();
        let end = html[body..].find(to).map_or(html.len(), |e| body + e);
        html[start..end].to_string()
    };
    // 3.1 is pointed at by clauses, by the cities (their rules column) and by the terms it defines.
    let control = part("id=\"clause-control.check\"", "<div class=\"clause");
    for anchor in ["#place-grante", "#term-control"] {
        assert!(control.contains(&format!("href=\"{anchor}\"")), "3.1 lists {anchor}: {control}");
    }
    // 29's row links the rules that mention it; a unit's row its rules column's clauses.
    let card = part("<tr id=\"card-29\"", "</tr>");
    assert!(card.matches("href=\"#clause-").count() >= 3, "card 29 links its rules: {card}");
    let unit = part("<tr id=\"unit-lib-crab-gunner\"", "</tr>");
    assert!(unit.contains("href=\"#clause-arming.crab-gunner-only\""), "{unit}");
    // A glossary term lists every clause that uses it, its definition first, and names the
    // defining clause whose text a hover shows.
    let term = part("<dt id=\"term-hidden-chit\"", "<dt ");
    assert!(term.matches("href=\"#clause-").count() >= 5, "{term}");
    assert!(term.contains("data-def=\"clause-definitions.hidden-chits\""), "{term}");
    // Sides, places and pieces in the setup tables by name; the factors' legend.
    let setups = part("<section id=\"setups\">", "</section>");
    assert!(!setups.contains("<td>federal</td>") && setups.contains("(55)"), "setups by name: {setups}");
    assert!(
        html.contains("<small>対甲力 anti-armour – 対人力 anti-personnel – 防御力 defence</small>"),
        "the factor legend"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rule_numbers_with_letters_and_lettered_sections_link_anchor_search_and_check() {
    use super::support::{pnpkit, temp_dir, text};
    let pack = "tests/packs/lettered-rules";
    let out = temp_dir("lettered-rules");
    let built = pnpkit(&root(), &["build", pack, "--out", &out.to_string_lossy(), "--only", "reference"]);
    let (stdout, stderr) = text(&built);
    assert!(built.status.success(), "{stderr}");
    // The order check takes 2.1 → 2.1a → 2.1b → 2.2 and 2.2k → 2.2m (no l) as they stand.
    assert!(stdout.contains("0 error(s), 0 warning(s)"), "{stdout}{stderr}");
    let html = std::fs::read_to_string(out.join("rules.html")).unwrap();
    // Each number is its clause's anchor (`#2.1b`), and a link prints the number it leads to.
    for number in ["2.1a", "2.1b", "2.2m", "A.1", "A.2"] {
        assert!(html.contains(&format!(r#"id="{number}""#)), "no anchor {number}");
    }
    assert!(html.contains(r##"<a href="#clause-turns.light">2.1b</a>"##), "the link in A.1");
    assert!(html.contains(r##"<a href="#section-variants">A "##), "the lettered section in the contents");
    // Parts above the sections: in the contents and as headings, each before its first section.
    for (part, first) in [("core", "basics"), ("extras", "variants")] {
        let heading = html.find(&format!(r#"<h2 class="part" id="part-{part}">"#)).expect(part);
        let section = html.find(&format!(r#"<section id="section-{first}">"#)).unwrap();
        assert!(heading < section && !html[heading..section].contains("<section"), "{part} opens {first}");
        assert!(html.contains(&format!(r##"<li class="part"><a href="#part-{part}">"##)), "{part} in the contents");
    }
    assert_eq!(html.matches(r#"<h2 class="part""#).count(), 2, "a part heads only its first section");
    // A number typed as a query finds its clause first, the appendix's in small letters too.
    for (query, first) in [("2.1b", "2.1b"), ("a.2", "A.2"), ("what does 2.2m say", "2.2m")] {
        let found = pnpkit(&root(), &["rules", "search", pack, query]);
        let (stdout, stderr) = text(&found);
        let top = stdout.lines().next().unwrap_or_default();
        assert!(top.starts_with(&format!("rule     {first} ")), "{query}: {top}\n{stderr}");
    }
}

#[test]
fn a_glossary_entry_leads_with_its_definition_in_the_page_and_in_search() {
    use super::support::{pnpkit, temp_dir, text};
    let out = temp_dir("glossary-definitions");
    let built = pnpkit(&root(), &["build", "data/dougram", "--out", &out.to_string_lossy(), "--only", "reference"]);
    assert!(built.status.success(), "{}", text(&built).1);
    let html = std::fs::read_to_string(out.join("rules.html")).unwrap();
    // The entry: its definition in both languages, the value reference printed as the number,
    // then its clauses, the defining one first and the `see` ones after it.
    let entry = html.split(r#"<dt id="term-stacking">"#).nth(1).and_then(|e| e.split("</dd>").next()).unwrap();
    let en = entry.find(r#"<p class="def l" lang="en">How many units may share one hex"#).expect(entry);
    let ja = entry.find(r#"<p class="def l" lang="ja">1ヘックスに置けるユニット数の制限"#).expect(entry);
    assert!(entry.contains("at most 4 until"), "{entry}");
    let rules = entry.find(r#"<span class="rules">"#).expect(entry);
    let (main, see) = (
        entry.find(r##"href="#clause-movement.stacking""##),
        entry.find(r##"href="#clause-movement.stacking-timing""##),
    );
    assert!(en < rules && ja < rules && main.unwrap() > rules && see.unwrap() > main.unwrap(), "{entry}");
    // A player's words (an alias) find the term first, its definition as the snippet, in either language.
    for (query, term, words) in [
        ("hand limit", "term-hand", "a hand of seven is cut to six"),
        ("deck runs out", "term-draw-pile", "shuffled to become the new draw pile"),
        ("山札切れ", "term-draw-pile", "自分の捨て札を切り混ぜて"),
        ("stacking", "term-stacking", "How many units may share one hex"),
    ] {
        let found = pnpkit(&root(), &["rules", "search", "data/dougram", query, "--json"]);
        let found: serde_json::Value = serde_json::from_slice(&found.stdout).expect(query);
        let first = &found["hits"][0];
        assert_eq!(first["id"], term, "{query}: {found}");
        assert!(first["snippet"].as_str().unwrap().contains(words), "{query}: {first}");
    }
}
