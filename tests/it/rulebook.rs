//! The printed rulebook (rules.pdf), read back with poppler as a reader's software reads it:
//! one document per language, a contents page whose page numbers are where the sections are,
//! every cross-reference printing the page its clause is on, bookmarks for every section and
//! clause, a tagged structure, and the read-back audit (every word inside the safe area, none
//! over another, none too small to read).

use std::path::Path;
use std::process::Command;

use super::readback::{audit, build_with};
use super::support::temp_dir;

/// The text of each page of `pdf`, in reading order.
fn pages(pdf: &Path) -> Vec<String> {
    let out = Command::new("pdftotext").args([&pdf.to_string_lossy(), "-"]).output().expect("pdftotext");
    String::from_utf8_lossy(&out.stdout).split('\u{c}').map(str::to_string).collect()
}

/// Whether a line of `page` starts with the rule number `number` followed by a space.
fn heads(page: &str, number: &str) -> bool {
    page.lines().any(|l| l.strip_prefix(number).is_some_and(|rest| rest.starts_with(' ')))
}

/// The bookmarks of `pdf`: (depth, page, title), from poppler's XML.
fn bookmarks(pdf: &Path) -> Vec<(usize, usize, String)> {
    let out = Command::new("pdftohtml").args(["-xml", "-i", "-stdout", "-q", &pdf.to_string_lossy()]).output();
    let xml = String::from_utf8_lossy(&out.expect("pdftohtml (poppler-utils)").stdout).into_owned();
    let (mut depth, mut found) = (0usize, Vec::new());
    for piece in xml.split('<').skip(1) {
        if piece.starts_with("outline") {
            depth += 1;
        } else if piece.starts_with("/outline") {
            depth = depth.saturating_sub(1);
        } else if let Some(item) = piece.strip_prefix("item page=\"") {
            let (page, rest) = item.split_once('"').unwrap();
            let title = rest.split_once('>').map_or("", |(_, t)| t);
            found.push((depth, page.parse().unwrap(), title.replace("&amp;", "&").replace("&#39;", "'")));
        }
    }
    found
}

#[test]
fn the_rulebook_is_a_book_whose_contents_references_and_bookmarks_give_the_right_pages() {
    let dir = temp_dir("rulebook");
    let out = dir.join("out");
    build_with("data/dougram", &out, &["--only", "rulebook"]);
    for (file, language, contents, see) in [
        ("rules.pdf", "ja", "目次", regex_ja as fn(&str) -> Vec<(String, usize)>),
        ("rules-en.pdf", "en", "Contents", regex_en),
    ] {
        let pdf = out.join(file);
        let text = pages(&pdf);
        assert!(text.len() >= 12, "{file}: a book of {} pages", text.len());
        // The contents: each section's line gives the page its heading is on.
        let listed: Vec<(String, usize)> = text[1]
            .lines()
            .filter_map(|l| {
                let (label, page) = l.trim().rsplit_once(' ')?;
                let label = label.trim_end_matches(['.', ' ']).trim();
                Some((label.split(' ').next()?.to_string(), page.parse().ok()?))
            })
            .filter(|(n, _)| n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty())
            .collect();
        assert!(text[1].contains(contents), "{file}: the contents on page 2");
        assert_eq!(listed.len(), 28, "{file}: 28 sections in the contents: {listed:?}");
        for (number, page) in &listed {
            assert!(heads(&text[page - 1], number), "{file}: section {number} is not on page {page}");
        }
        // Every cross-reference prints the page its clause is on.
        let references: Vec<(String, usize)> = text.iter().flat_map(|p| see(p)).collect();
        assert!(references.len() >= 20, "{file}: {} cross-references", references.len());
        for (number, page) in &references {
            assert!(heads(&text[page - 1], number), "{file}: {number} is cited on p. {page} but is not there");
        }
        // Bookmarks: sections at the top level, their clauses under them, each on its page.
        let marks = bookmarks(&pdf);
        let sections: Vec<_> = marks.iter().filter(|(d, _, t)| *d == 1 && t.starts_with(char::is_numeric)).collect();
        assert_eq!(sections.len(), 28, "{file}: a bookmark per section");
        let clauses: Vec<_> = marks.iter().filter(|(d, _, _)| *d == 2).collect();
        assert!(clauses.len() >= 180, "{file}: {} clause bookmarks", clauses.len());
        for (_, page, title) in clauses.iter().take(60) {
            let number = title.split(' ').next().unwrap();
            assert!(heads(&text[page - 1], number), "{file}: bookmark {title} opens p. {page}");
        }
        // Tagged, in the book's language, with headings, paragraphs, lists and contents entries.
        let info = Command::new("pdfinfo").arg(&pdf).output().unwrap();
        assert!(String::from_utf8_lossy(&info.stdout).contains("Tagged:          yes"), "{file}: tagged");
        let structure = Command::new("pdfinfo").args(["-struct", &pdf.to_string_lossy()]).output().unwrap();
        let structure = String::from_utf8_lossy(&structure.stdout);
        for tag in ["H1", "H2", "H3", "P (block)", "LI (block)", "TOCI"] {
            assert!(structure.contains(tag), "{file}: no {tag} in the structure");
        }
        // The index is an Index of its letters' headings and entries, not more contents.
        let index_at = structure.lines().position(|l| l.trim() == "Index").expect("an Index element");
        let index: Vec<&str> = structure.lines().skip(index_at + 1).take_while(|l| l.starts_with("    ")).collect();
        assert!(index.iter().any(|l| l.trim_start().starts_with("H2")), "{file}: the index's letter headings");
        let entries = index.iter().filter(|l| l.trim_start().starts_with("P (block)")).count();
        assert!(entries >= 80, "{file}: {entries} index entries");
        assert!(structure.matches("TOCI").count() <= 40, "{file}: only the contents are TOC items");
        let meta = Command::new("pdfinfo").args(["-meta", &pdf.to_string_lossy()]).output().unwrap();
        let language_tag = format!("<dc:language><rdf:Bag><rdf:li>{language}</rdf:li>");
        assert!(String::from_utf8_lossy(&meta.stdout).contains(&language_tag), "{file}: the document's language");
    }
    let problems = audit(&out);
    assert!(problems.is_empty(), "{problems:#?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `13.4、7ページ`: the number and page of each Japanese cross-reference on a page.
fn regex_ja(page: &str) -> Vec<(String, usize)> {
    cited(page, "、", "ページ")
}

/// `13.4, p. 7`: the same in English.
fn regex_en(page: &str) -> Vec<(String, usize)> {
    cited(page, ", p. ", "")
}

/// Each `<number><between><page><after>` of `page` (a line break may stand for a space).
fn cited(page: &str, between: &str, after: &str) -> Vec<(String, usize)> {
    let flat = page.replace('\n', " ");
    let mut found = Vec::new();
    for (at, _) in flat.match_indices(between) {
        let number: String = flat[..at]
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let rest = &flat[at + between.len()..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let number = number.trim_matches('.');
        if number.contains('.') && !digits.is_empty() && rest[digits.len()..].starts_with(after) {
            found.push((number.to_string(), digits.parse().unwrap()));
        }
    }
    found
}

#[test]
fn living_rules_mark_exactly_the_clauses_the_errata_changed_since_the_edition() {
    let dir = temp_dir("rulebook-living");
    let out = dir.join("out");
    // The pack asks for living rules since 2002-11-02 (`[rulebook] changes_since`).
    build_with("data/submarine-attack", &out, &["--only", "rulebook,reference"]);
    // The clauses the current edition's errata notes name, by their numbers in the rules.
    let root = super::support::root().join("data/submarine-attack");
    let notes: toml::Value =
        toml::from_str(&std::fs::read_to_string(root.join("errata/2002-11-17.toml")).unwrap()).unwrap();
    let ids: Vec<&str> = notes["note"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["item"].as_str() == Some("clause"))
        .map(|n| n["id"].as_str().unwrap())
        .collect();
    let mut numbers: Vec<String> = Vec::new();
    for file in std::fs::read_dir(root.join("rules")).unwrap() {
        for line in std::fs::read_to_string(file.unwrap().path()).unwrap().lines() {
            let line = line.trim_start_matches("## ");
            if let Some((number, rest)) = line.split_once(" {#") {
                if ids.iter().any(|id| rest.starts_with(&format!("{id}}}"))) {
                    numbers.push(number.to_string());
                }
            }
        }
    }
    numbers.sort();
    assert_eq!(numbers.len(), ids.len(), "every noted clause is in the rules");
    // The changes page of each book, and the clauses it lists.
    let changes_page = |file: &str, heading: &str| -> String {
        let text = pages(&out.join(file));
        // The contents (page 2) names the page of changes; the page itself follows and runs up
        // to the rules' first section.
        let changes = text.iter().skip(2).position(|p| p.contains(heading)).expect("a page of changes") + 2;
        let end = text.iter().skip(changes + 1).position(|p| heads(p, "1")).expect("the rules") + changes + 1;
        text[changes..end].concat()
    };
    let (english, japanese) = (changes_page("rules-en.pdf", "Changes since"), changes_page("rules.pdf", "からの変更"));
    for changes_text in [&english, &japanese] {
        let mut listed: Vec<String> = changes_text
            .lines()
            .filter(|l| l.contains(" . . ."))
            .filter_map(|l| l.split(' ').next())
            .filter(|n| n.contains('.'))
            .map(str::to_string)
            .collect();
        listed.sort();
        assert_eq!(listed, numbers, "the changes page lists exactly the clauses the errata changed");
        assert!(changes_text.contains("(balance)"), "each with its note's class and reason");
    }
    // Each changed wording as it was, in the book's language, with the words the edition deleted
    // (struck through) and those it inserted, as the errata compare them: English by its words,
    // Japanese (no spaces between words) by the runs of characters the errata's diff marks.
    let errata = super::support::pnpkit(
        &super::support::root(),
        &[
            "errata",
            "data/submarine-attack/editions/2002-11-02",
            "data/submarine-attack",
            "--json",
            "--out",
            &dir.join("errata").to_string_lossy(),
        ],
    );
    // Standard output is the JSON alone (what was written is told on standard error).
    let changes_json: serde_json::Value =
        serde_json::from_slice(&errata.stdout).expect("errata --json prints JSON only");
    let japanese_lines: String = japanese.lines().collect();
    let (mut compared, mut compared_ja) = (0, 0);
    for change in changes_json.as_array().unwrap().iter().filter(|c| c["item"] == "clause") {
        for field in change["kind"]["fields"].as_array().into_iter().flatten() {
            let (old, new) = (field["old"].as_str().unwrap(), field["new"].as_str().unwrap());
            if field["field"] == "text.ja" {
                for piece in pnpkit::errata::text_diff(old, new) {
                    if let pnpkit::errata::Piece::Old(t) | pnpkit::errata::Piece::New(t) = piece {
                        let name = &change["name"];
                        assert!(japanese_lines.contains(t.trim()), "`{t}` of {name} is not on the 変更 page");
                        compared_ja += 1;
                    }
                }
                continue;
            }
            if field["field"] != "text.en" {
                continue;
            }
            let words = |t: &str| -> Vec<String> {
                t.split_whitespace()
                    .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string())
                    // Words of Latin letters: the Japanese names an English rule quotes (1回目)
                    // are diffed by their characters.
                    .filter(|w| !w.is_empty() && w.is_ascii())
                    .collect()
            };
            let (old, new) = (words(old), words(new));
            for word in old.iter().filter(|w| !new.contains(w)).chain(new.iter().filter(|w| !old.contains(w))) {
                assert!(english.contains(word.as_str()), "`{word}` of {} is not on the changes page", change["name"]);
                compared += 1;
            }
        }
    }
    assert!(compared >= 10, "{compared} English words deleted or inserted");
    assert!(compared_ja >= 10, "{compared_ja} Japanese runs deleted or inserted");
    // rules.html marks the same clauses.
    let html = std::fs::read_to_string(out.join("rules.html")).unwrap();
    for id in &ids {
        assert!(html.contains(&format!("<div class=\"clause changed\" id=\"clause-{id}\">")), "rules.html marks {id}");
    }
    // An edition the pack does not have is a usage error that names the ones it has.
    let output = super::support::pnpkit(
        &super::support::root(),
        &[
            "build",
            "data/submarine-attack",
            "--out",
            &dir.join("x").to_string_lossy(),
            "--only",
            "rulebook",
            "--changes-since",
            "v9",
        ],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(super::support::text(&output).1.contains("original, 2002-11-02, 2002-11-17"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_booklet_imposes_half_size_pages_in_folding_order_two_to_a_landscape_sheet() {
    let dir = temp_dir("rulebook-booklet");
    let out = dir.join("out");
    build_with("data/diceplomacy", &out, &["--only", "rulebook", "--booklet"]);
    let book = pages(&out.join("rules.pdf"));
    let sheets = pages(&out.join("rules-booklet.pdf"));
    // pdftotext ends the last page with a form feed too. Four pages to a sheet, two to a side.
    let sides = sheets.len() - 1;
    assert!(sides >= 2 && sides.is_multiple_of(2), "whole sheets: {sides} sides");
    let last = sides * 2;
    let info = Command::new("pdfinfo").arg(out.join("rules-booklet.pdf")).output().unwrap();
    assert!(String::from_utf8_lossy(&info.stdout).contains("841.89 x 595.276 pts (A4)"), "landscape A4 sheets");
    // Sheet 1's front holds the last page and the cover, its back page 2 and the one before last;
    // the two page numbers of a side add up to the booklet's page count plus one.
    // A page number is the number standing alone in the foot of the sheet, left to right.
    let words = super::readback::read_words(&out.join("rules-booklet.pdf"));
    let feet: Vec<Vec<usize>> = words
        .iter()
        .map(|side| {
            let mut foot: Vec<&super::readback::Word> = side.words.iter().filter(|w| w.y0 > side.h - 20.0).collect();
            foot.sort_by(|a, b| a.x0.total_cmp(&b.x0));
            foot.iter().filter_map(|w| w.text.parse().ok()).collect()
        })
        .collect();
    let numbers = |side: usize| feet[side].clone();
    let mut all: Vec<usize> = feet.iter().flatten().copied().collect();
    all.sort_unstable();
    let printed = *all.last().unwrap();
    assert!(printed + 3 >= last && printed <= last, "pages 2 to {printed} on {sides} sides");
    assert_eq!(all, (2..=printed).collect::<Vec<_>>(), "every page once");
    let title = book[0].lines().find(|l| !l.trim().is_empty()).unwrap().trim().to_string();
    assert!(sheets[0].contains(&title), "the cover on sheet 1's front");
    for i in 1..sides {
        let found = numbers(i);
        assert!(found.len() <= 2, "side {}: {found:?}", i + 1);
        if found.len() == 2 {
            assert_eq!(found[0] + found[1], last + 1, "side {}: pages {found:?} face each other when folded", i + 1);
        }
    }
    assert!(numbers(1).contains(&2), "page 2 on the back of sheet 1");
    let problems = audit(&out);
    assert!(problems.is_empty(), "{problems:#?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tables_and_figures_a_clause_names_come_from_the_data_into_the_book_and_the_page() {
    let dir = temp_dir("rulebook-exhibits");
    let pack = dir.join("pack");
    super::support::copy_dir(&super::support::root().join("data/dougram"), &pack);
    // A figure of our own, with a word in it that only the drawing holds.
    std::fs::create_dir_all(pack.join("images")).unwrap();
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" viewBox="0 0 120 60"><rect x="2" y="2" width="116" height="56" fill="none" stroke="black"/><text x="10" y="35" font-size="12">DRAWNWORD</text></svg>"#;
    std::fs::write(pack.join("images/stack.svg"), svg).unwrap();
    let rules = pack.join("rules/02-definitions.md");
    let text = std::fs::read_to_string(&rules).unwrap();
    assert!(text.contains("table: chits\n"), "dougram's 2.4 shows the chit mix");
    let figure = "table: chits\nfigure: images/stack.svg | A stack of chits | チットの山\n";
    std::fs::write(&rules, text.replacen("table: chits\n", figure, 1)).unwrap();
    let out = dir.join("out");
    build_with(&pack.to_string_lossy(), &out, &["--only", "rulebook,reference"]);

    let pdf = out.join("rules-en.pdf");
    let layout = Command::new("pdftotext").args(["-layout", &pdf.to_string_lossy(), "-"]).output().unwrap();
    let layout = String::from_utf8_lossy(&layout.stdout).into_owned();
    // The chit mix as the pack declares it: each value's label and count on a row of its own.
    let manifest: toml::Table = toml::from_str(&std::fs::read_to_string(pack.join("pack.toml")).unwrap()).unwrap();
    let values = manifest["chits"]["values"].as_array().expect("dougram's chit mix");
    let mut total = 0;
    for v in values {
        let (label, count) = (v["label"].as_str().unwrap(), v["count"].as_integer().unwrap());
        total += count;
        let row = layout.lines().any(|l| l.split_whitespace().collect::<Vec<_>>() == [label, &count.to_string()]);
        assert!(row, "no row `{label} {count}` in the chit table");
    }
    assert!(layout.lines().any(|l| l.split_whitespace().collect::<Vec<_>>() == ["Total", &total.to_string()]));
    // The units table: every unit the data has, by its English name, on the page of 2.1.
    let found = super::support::pnpkit(&super::support::root(), &["find", &pack.to_string_lossy(), "units", "--json"]);
    let found: serde_json::Value = serde_json::from_slice(&found.stdout).unwrap();
    let book = pages(&pdf);
    let page = book.iter().find(|p| heads(p, "2.1")).expect("2.1 in the book");
    for item in found["items"].as_array().unwrap() {
        let name = item["values"]["name"][1].as_str().unwrap_or_default();
        assert!(page.to_lowercase().contains(name), "unit `{name}` is not in the table of 2.1");
    }
    // The combat aid's chances, as the play sheets print them.
    // (on the page of 14.4 or the next, where a table that breaks goes on)
    let at = book.iter().position(|p| heads(p, "14.4")).expect("14.4 in the book");
    let combat = book[at..(at + 2).min(book.len())].concat();
    for chance in ["16.7%", "33.3%", "50.0%", "83.3%", "3.50"] {
        assert!(combat.contains(chance), "the combat table lacks {chance}");
    }
    // The figure: drawn (its text is real text), captioned, on the page of 2.4.
    let chits = book.iter().find(|p| heads(p, "2.4")).expect("2.4 in the book");
    assert!(chits.contains("DRAWNWORD") && chits.contains("A stack of chits"), "the figure on the page of 2.4");
    assert!(
        !pages(&out.join("rules.pdf")).concat().contains("A stack of chits"),
        "the Japanese book has its own caption"
    );
    // Tagged as a table of head and data cells, a figure with its caption as alternative text,
    // and links.
    let structure = Command::new("pdfinfo").args(["-struct", &pdf.to_string_lossy()]).output().unwrap();
    let structure = String::from_utf8_lossy(&structure.stdout);
    let tags: std::collections::BTreeSet<&str> =
        structure.lines().filter_map(|l| l.split_whitespace().next()).map(|t| t.trim_end_matches(':')).collect();
    for tag in ["Table", "TR", "TH", "TD", "Figure", "Link", "TOC", "TOCI"] {
        assert!(tags.contains(tag), "no {tag} in the structure: {tags:?}");
    }
    // rules.html shows the same table and the figure, embedded.
    let html = std::fs::read_to_string(out.join("rules.html")).unwrap();
    assert!(html.contains("<table class=\"exhibit\">"), "rules.html shows the tables");
    assert!(html.contains("<figure><img src=\"data:image/svg+xml;base64,"), "rules.html embeds the figure");
    let problems = audit(&out);
    assert!(problems.is_empty(), "{problems:#?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bilingual_rulebook_sets_each_clause_in_both_languages_each_marked_in_its_own() {
    let dir = temp_dir("rulebook-bilingual");
    let pack = dir.join("pack");
    super::support::copy_dir(&super::support::root().join("data/dougram"), &pack);
    let manifest = std::fs::read_to_string(pack.join("pack.toml")).unwrap();
    std::fs::write(pack.join("pack.toml"), manifest + "\n[rulebook]\nlanguages = [\"ja\", \"en\"]\n").unwrap();
    let out = dir.join("out");
    build_with(&pack.to_string_lossy(), &out, &["--only", "rulebook"]);
    assert!(!out.join("rules-en.pdf").exists(), "one book in both languages, not one per language");
    let pdf = out.join("rules.pdf");
    let book = pages(&pdf);
    // Each clause's Japanese text, then its English text, as the rules files write them.
    let rules = std::fs::read_to_string(pack.join("rules/02-definitions.md")).unwrap();
    let clause: Vec<&str> = rules.split("## 2.4 ").nth(1).unwrap().lines().take_while(|l| !l.is_empty()).collect();
    let english = clause.iter().find(|l| !l.starts_with("ja:") && l.contains(' ') && !l.contains('{')).unwrap();
    let japanese = clause.iter().filter_map(|l| l.strip_prefix("ja: ")).nth(1).unwrap();
    let page = book.iter().find(|p| heads(p, "2.4")).expect("2.4 in the book");
    let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    // Their opening words, up to the first reference (which prints otherwise).
    let opening = |t: &str, n: usize| t.split("[[").next().unwrap().chars().take(n).collect::<String>();
    let (first_en, first_ja) = (opening(english, 30), opening(japanese, 12));
    let (on_page, en, ja) = (squeeze(page), squeeze(&first_en), squeeze(&first_ja));
    let (at_ja, at_en) = (on_page.find(&ja).expect("the Japanese text"), on_page.find(&en).expect("the English text"));
    assert!(at_ja < at_en, "the book's first language first");
    assert!(page.contains("ランダムチット / Random chits"), "the clause's title in both languages");
    // The English paragraphs are marked English in the structure of a Japanese document.
    let bytes = std::fs::read(&pdf).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    let marked = text.split("/Lang").skip(1).filter(|rest| rest.trim_start().starts_with("(en)")).count();
    assert!(marked >= 180, "{marked} blocks marked English");
    let problems = audit(&out);
    assert!(problems.is_empty(), "{problems:#?}");
    let _ = std::fs::remove_dir_all(&dir);
}
