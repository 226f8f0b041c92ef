//! Card text markup and icons, read back from what `build` writes: a copy of
//! tests/packs/english-only-cards whose texts carry `**strong**`, `*emphasis*`, `[icon]`s the pack
//! declares, and a `\[` for a bracket. No marker is printed, every icon is drawn once where its
//! name stood (on the card and in the card list), the strong run is set in bold, the fit stays
//! quiet (no overflow or overlap), and the search index finds the card by its icon's name. Letters Noto Sans JP lacks (accented
//! Greek, Turkish, Ukrainian) print from the embedded Noto Sans, with no missing-glyph warning.

use super::support::{copy_dir, pnpkit, root, temp_dir, text};

const ICON: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#c0392b"/></svg>"##;

#[test]
fn marked_card_texts_print_bold_and_icons_and_no_markers() {
    let dir = temp_dir("markup");
    let pack = dir.join("pack");
    copy_dir(&root().join("tests/packs/english-only-cards"), &pack);
    std::fs::create_dir_all(pack.join("icons")).unwrap();
    std::fs::write(pack.join("icons/baton.svg"), ICON).unwrap();
    std::fs::write(
        pack.join("icons/lap.svg"),
        ICON.replace("circle", "ellipse").replace(r#"r="4""#, r#"rx="4" ry="3""#),
    )
    .unwrap();
    let toml = std::fs::read_to_string(pack.join("pack.toml")).unwrap();
    std::fs::write(
        pack.join("pack.toml"),
        format!("{toml}\n[icons]\nbaton = \"icons/baton.svg\"\nlap = \"icons/lap.svg\"\n"),
    )
    .unwrap();
    let cards = std::fs::read_to_string(pack.join("cards.csv")).unwrap();
    let marked = cards.replace(
        "The baton passes once the race has begun.",
        r"Pass the [baton] **once** the race has begun; run one [lap] *at most*. Write \[lap] for the word.",
    );
    // Accented Greek, Turkish and Ukrainian letters Noto Sans JP lacks: drawn from Noto Sans.
    let marked =
        marked.replace("The last runner crosses the line.", "The last runner crosses the line: Ἀθῆναι · Şişli · Київ.");
    assert_ne!(marked, cards);
    std::fs::write(pack.join("cards.csv"), marked).unwrap();

    let out = dir.join("out");
    let run = pnpkit(&root(), &["build", &pack.to_string_lossy(), "--out", &out.to_string_lossy(), "--svg"]);
    let (stdout, stderr) = text(&run);
    assert_eq!(run.status.code(), Some(0), "{stdout}\n{stderr}");
    for code in ["W0801", "E0803", "W0804", "E0211"] {
        assert!(!stderr.contains(code), "{code}: {stderr}");
    }
    // The cards' page as drawn: one image per icon, the strong run in bold, no marker left.
    let svg = std::fs::read_to_string(out.join("svg/cards-1-front.svg")).unwrap();
    assert_eq!(svg.matches(r#"<image href="icons/baton.svg""#).count(), 1, "one baton");
    assert_eq!(svg.matches(r#"<image href="icons/lap.svg""#).count(), 1, "one lap: the escaped one is a word");
    assert!(svg.contains(r#"<tspan font-weight="700">once</tspan>"#), "bold run");
    assert!(svg.contains(r#"<tspan font-style="italic">at most</tspan>"#), "emphasis");
    // The card list draws the icons too, where their names stood.
    let list = std::fs::read_to_string(out.join("svg/card-list-1-front.svg")).unwrap();
    assert_eq!(list.matches(r#"<image href="icons/baton.svg""#).count(), 1, "the list's baton");
    assert_eq!(list.matches(r#"<image href="icons/lap.svg""#).count(), 1, "the list's lap");
    assert!(!list.contains("the baton once") && !list.contains('□'), "no name, no stand-in printed");
    // The PDF as a reader copies it: no marker, no placeholder, the escaped bracket as written.
    let pdf = std::process::Command::new("pdftotext").arg(out.join("cards.pdf")).arg("-").output();
    let Ok(pdf) = pdf else {
        assert!(std::env::var_os("CI").is_none(), "pdftotext is required in CI");
        return;
    };
    let words = String::from_utf8_lossy(&pdf.stdout).replace('\n', " ");
    assert!(words.contains("once") && words.contains("[lap] for the word"), "{words}");
    assert!(words.contains("Ἀθῆναι · Şişli · Київ"), "{words}");
    if let Ok(fonts) = std::process::Command::new("pdffonts").arg(out.join("cards.pdf")).output() {
        assert!(String::from_utf8_lossy(&fonts.stdout).contains("NotoSans-"), "Noto Sans embedded for them");
    }
    for raw in ["**", "[baton]", "*at", "□"] {
        assert!(!words.contains(raw), "`{raw}` printed: {words}");
    }
    // rules.html: the icon drawn from its one style rule, emphasis as HTML, no marker.
    let html = std::fs::read_to_string(out.join("rules.html")).unwrap();
    assert_eq!(html.matches(".icon-baton{background-image:url(\"data:image/svg+xml;base64,").count(), 1);
    assert!(html.contains(r#"<i class="icon icon-baton" role="img" aria-label="baton" title="baton"></i>"#));
    assert!(html.contains("<strong>once</strong>") && html.contains("<em>at most</em>"));
    assert!(!html.contains("[baton]") && html.contains("Write [lap] for the word"));
    // The search finds the card by its icon's name.
    let found = pnpkit(&root(), &["cards", "search", &pack.to_string_lossy(), "baton"]);
    assert!(text(&found).0.contains("Second Leg"), "{}", text(&found).0);
}

/// What a trial on a real card database found: a text whose only mark is an escape printed its
/// backslash, a times sign lost its stars, `***x***` printed its stars, an icon drawing its
/// letter in a generic family (`sans-serif`) lost the letter, and an English-only pack's PDFs had
/// no title. Each now prints as a reader expects.
#[test]
fn escapes_times_signs_triple_stars_and_an_icons_generic_font_print_as_meant() {
    let dir = temp_dir("markup-edges");
    let pack = dir.join("pack");
    copy_dir(&root().join("tests/packs/english-only-cards"), &pack);
    std::fs::create_dir_all(pack.join("icons")).unwrap();
    let lettered = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#1f4e79"/><text x="12" y="16" font-family="sans-serif" font-size="12" text-anchor="middle" fill="#fff">Q</text></svg>"##;
    std::fs::write(pack.join("icons/baton.svg"), lettered).unwrap();
    let toml = std::fs::read_to_string(pack.join("pack.toml")).unwrap();
    std::fs::write(pack.join("pack.toml"), format!("{toml}\n[icons]\nbaton = \"icons/baton.svg\"\n")).unwrap();
    let cards = std::fs::read_to_string(pack.join("cards.csv")).unwrap();
    let edited = cards
        .replace("The baton passes once the race has begun.", r"Write \[baton] and \*stars\* as they are.")
        .replace("The last runner crosses the line.", "Run 2*3 and 4*5 laps then ***pass*** the [baton].");
    assert_ne!(edited, cards);
    std::fs::write(pack.join("cards.csv"), edited).unwrap();
    let out = dir.join("out");
    let run = pnpkit(&root(), &["build", &pack.to_string_lossy(), "--out", &out.to_string_lossy(), "--only", "cards"]);
    let (stdout, stderr) = text(&run);
    assert_eq!(run.status.code(), Some(0), "{stdout}\n{stderr}");
    let pdf = std::process::Command::new("pdftotext").arg(out.join("cards.pdf")).arg("-").output();
    let Ok(pdf) = pdf else {
        assert!(std::env::var_os("CI").is_none(), "pdftotext is required in CI");
        return;
    };
    let words = String::from_utf8_lossy(&pdf.stdout).replace('\n', " ");
    assert!(words.contains(r"Write [baton] and *stars* as they are."), "{words}");
    assert!(words.contains("Run 2*3 and 4*5 laps then pass the Q"), "the icon's letter drawn: {words}");
    assert!(!words.contains('\\') && !words.contains("***"), "{words}");
    // The document's title is the game's in the pack's language (it was the empty Japanese one).
    if let Ok(info) = std::process::Command::new("pdfinfo").arg(out.join("cards.pdf")).output() {
        let info = String::from_utf8_lossy(&info.stdout).into_owned();
        assert!(info.lines().any(|l| l.starts_with("Title:") && l.ends_with("Relay Run — cards")), "{info}");
    }
}
