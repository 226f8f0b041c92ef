//! Cards as a print shop and a player see them, read back from what `build` writes: every text
//! of every card of every pack with cards at least 6 pt (the card's edition line and the sheet
//! footer at least 4 pt), measured with `pdftotext -bbox-layout` where a word's height is its
//! font size; and with `[print] gutter` at twice the bleed, every card front and back printed with
//! its full bleed on all four sides, no two bleeds overlapping, crop marks on every cut line
//! and backs still mirroring their fronts.

use std::path::Path;

use super::print::geometry;
use super::readback::{read_words, Word};
use super::support::{add_csv_column, copy_dir, png, pnpkit, root, temp_dir, text};

/// Every pack with cards.
const PACKS: [&str; 6] = [
    "data/dougram",
    "data/doomtrooper",
    "data/submarine-attack",
    "data/twilight-struggle",
    "tests/packs/typed-card-fields",
    "tests/packs/english-only-cards",
];

/// Millimetres per PDF point.
const MM_PER_PT: f64 = 25.4 / 72.0;
/// How far up from a card's bottom edge its edition line reaches, mm.
const FOOTER_BAND_MM: f64 = 5.8;

fn build_cards(pack: &Path, out: &Path) {
    let (pack, out) = (pack.to_string_lossy().into_owned(), out.to_string_lossy().into_owned());
    let output = pnpkit(&root(), &["build", &pack, "--out", &out, "--only", "cards", "--svg"]);
    assert_eq!(output.status.code(), Some(0), "{pack}: {}", text(&output).1);
}

#[test]
fn every_card_text_is_at_least_6_pt_and_edition_lines_at_least_4_pt() {
    let dir = temp_dir("cards-floors");
    let mut problems = Vec::new();
    let mut measured = 0;
    for pack in PACKS {
        let out = dir.join(pack.replace('/', "-"));
        build_cards(&root().join(pack), &out);
        for (i, page) in read_words(&out.join("cards.pdf")).iter().enumerate() {
            let svg_name = format!("svg/cards-{}-{}.svg", i / 2 + 1, if i % 2 == 0 { "front" } else { "back" });
            let svg = std::fs::read_to_string(out.join(&svg_name)).unwrap_or_else(|_| panic!("{pack}: {svg_name}"));
            let trims = geometry(&svg, (63.0, 88.0)).trims;
            let grid_bottom = trims.iter().map(|t| t.1 + t.3).fold(f64::MIN, f64::max);
            for w in &page.words {
                measured += 1;
                let size = (w.y1 - w.y0) / MM_PER_PT;
                let bottom_mm = w.y1;
                // The sheet footer under the grid, or the edition line at a card's foot.
                let footer = bottom_mm > grid_bottom + 3.0
                    || trims.iter().any(|t| bottom_mm <= t.1 + t.3 && bottom_mm >= t.1 + t.3 - FOOTER_BAND_MM);
                let floor = if footer { 4.0 } else { 6.0 };
                if size < floor - 0.05 {
                    problems.push(format!("{pack} {svg_name}: “{}” is {size:.2} pt (floor {floor} pt)", w.text));
                }
            }
        }
    }
    assert!(measured > 1000, "too few words read back ({measured}): is pdftotext reading the cards?");
    assert!(problems.is_empty(), "{} word(s) under the floor:\n  {}", problems.len(), problems.join("\n  "));
}

#[test]
fn by_default_cards_are_a_gutter_apart_and_each_prints_its_full_bleed() {
    let dir = temp_dir("cards-gutter");
    let pack = dir.join("pack");
    copy_dir(&root().join("data/dougram"), &pack);
    let toml = std::fs::read_to_string(pack.join("pack.toml")).unwrap();
    assert!(toml.contains("card_bleed = 3\n") && !toml.contains("gutter"), "the default gutter is what is tested");
    let out = dir.join("out");
    build_cards(&pack, &out);
    // Eight to a landscape A4 sheet, and the sheet says how to turn it over.
    let text = std::process::Command::new("pdftotext")
        .args([&out.join("cards.pdf").to_string_lossy(), "-"])
        .output()
        .expect("pdftotext (poppler-utils) must be installed: .ci/run installs it");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("両面印刷は短辺とじ"), "no flip hint in:\n{text}");
    let (bleed, card) = (3.0, (63.0, 88.0));
    let svg = |page: &str| std::fs::read_to_string(out.join(format!("svg/{page}.svg"))).unwrap();
    let page_w: f64 = {
        let s = svg("cards-1-front");
        s.split("width=\"").nth(1).unwrap().split("mm").next().unwrap().parse().unwrap()
    };
    let mut sheets = 0;
    while out.join(format!("svg/cards-{}-front.svg", sheets + 1)).is_file() {
        sheets += 1;
        let front = geometry(&svg(&format!("cards-{sheets}-front")), card);
        let back = geometry(&svg(&format!("cards-{sheets}-back")), card);
        assert_eq!(front.trims.len(), back.trims.len(), "sheet {sheets}: every front has its back");
        for g in [&front, &back] {
            for (t, b) in g.trims.iter().zip(&g.bleeds) {
                let sides = [t.0 - b.0, t.1 - b.1, b.0 + b.2 - (t.0 + t.2), b.1 + b.3 - (t.1 + t.3)];
                assert!(
                    sides.iter().all(|s| *s >= bleed - 1e-6),
                    "sheet {sheets}: card at {t:?} bleeds only {sides:?}"
                );
            }
            for (i, a) in g.bleeds.iter().enumerate() {
                for b in &g.bleeds[i + 1..] {
                    let apart = a.0 + a.2 <= b.0 + 1e-6
                        || b.0 + b.2 <= a.0 + 1e-6
                        || a.1 + a.3 <= b.1 + 1e-6
                        || b.1 + b.3 <= a.1 + 1e-6;
                    assert!(apart, "sheet {sheets}: bleeds {a:?} and {b:?} overlap");
                }
            }
            // Each card has its own four cut lines, each with a crop mark in the margin.
            for t in &g.trims {
                for x in [t.0, t.0 + t.2] {
                    assert!(
                        g.marks.iter().any(|m| (m.0 - m.2).abs() < 1e-9 && (m.0 - x).abs() <= 0.01),
                        "no mark at x={x}"
                    );
                }
                for y in [t.1, t.1 + t.3] {
                    assert!(
                        g.marks.iter().any(|m| (m.1 - m.3).abs() < 1e-9 && (m.1 - y).abs() <= 0.01),
                        "no mark at y={y}"
                    );
                }
            }
        }
        // Backs still register: mirrored left to right about the page centre, same height.
        for (f, b) in front.trims.iter().zip(&back.trims) {
            assert!((f.0 + b.0 + card.0 - page_w).abs() < 1e-6, "sheet {sheets}: {f:?} and {b:?} do not mirror");
            assert!((f.1 - b.1).abs() < 1e-6);
        }
        // The cards really are apart: neighbours in a row are one gutter apart.
        let mut xs: Vec<f64> = front.trims.iter().map(|t| t.0).collect();
        xs.sort_by(f64::total_cmp);
        xs.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
        assert!(xs.windows(2).all(|p| (p[1] - p[0] - card.0 - 6.0).abs() < 1e-6), "columns {xs:?}");
    }
    assert!(sheets >= 2, "13 cards fill more than one sheet");
}

#[test]
fn a_card_with_copies_is_printed_listed_and_dealt_that_many_times() {
    let dir = temp_dir("cards-copies");
    let pack = dir.join("pack");
    copy_dir(&root().join("tests/packs/english-only-cards"), &pack);
    let cards = std::fs::read_to_string(pack.join("cards.csv")).unwrap();
    let mut lines: Vec<String> = cards.lines().map(str::to_string).collect();
    lines[0].push_str(",copies");
    for (i, line) in lines.iter_mut().enumerate().skip(1) {
        line.push_str(if i == 1 { ",3" } else { "," });
    }
    std::fs::write(pack.join("cards.csv"), lines.join("\n") + "\n").unwrap();
    // A deck counts every copy: the runners' three cards are five.
    let setups = std::fs::read_to_string(pack.join("setups.toml")).unwrap();
    let (pack_arg, out_arg) = (pack.to_string_lossy().into_owned(), dir.join("out").to_string_lossy().into_owned());
    let check = pnpkit(&root(), &["check", &pack_arg, "--format", "short"]);
    assert!(text(&check).1.contains("deck `runners-deck`: 5 cards selected; the rules say 3"), "{}", text(&check).1);
    std::fs::write(pack.join("setups.toml"), setups.replace("size = 3", "size = 5")).unwrap();
    let out = dir.join("out");
    let run = pnpkit(&root(), &["build", &pack_arg, "--out", &out_arg, "--only", "cards,card-list,tts"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run).1);
    // Card 1 three times in its deck, the others once.
    let tts: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("pack.tts.json")).unwrap()).unwrap();
    let decks: Vec<&serde_json::Value> =
        tts["ObjectStates"].as_array().unwrap().iter().filter(|o| o["Name"] == "DeckCustom").collect();
    let loose = tts["ObjectStates"].as_array().unwrap().iter().filter(|o| o["Name"] == "Card").count();
    let held: usize = decks.iter().map(|d| d["DeckIDs"].as_array().unwrap().len()).sum::<usize>() + loose;
    let rows = lines.len() - 1;
    assert_eq!(held, rows + 2, "{rows} cards, one of them three times");
    // The card list shows the count.
    if let Ok(list) = std::process::Command::new("pdftotext").arg(out.join("card-list.pdf")).arg("-").output() {
        assert!(String::from_utf8_lossy(&list.stdout).contains("×3"), "the card list shows ×3");
    }
    // No copies at all is an error at the cell.
    std::fs::write(pack.join("cards.csv"), lines.join("\n").replacen(",3", ",0", 1) + "\n").unwrap();
    let check = pnpkit(&root(), &["check", &pack_arg, "--format", "short"]);
    assert_eq!(check.status.code(), Some(1));
    let (stdout, stderr) = text(&check);
    assert!(format!("{stdout}{stderr}").contains("error[E0106]: a card has 0 copies"), "{stdout}{stderr}");
}

#[test]
fn the_card_list_and_the_rules_reference_show_every_typed_field() {
    let dir = temp_dir("cards-fields");
    let out = dir.join("out");
    let pack = root().join("data/doomtrooper");
    let run = pnpkit(
        &root(),
        &["build", &pack.to_string_lossy(), "--out", &out.to_string_lossy(), "--only", "card-list,reference"],
    );
    assert_eq!(run.status.code(), Some(0), "{}", text(&run).1);
    // Card 1 is a warrior: whole numbers, a choice and a text field, under their display names.
    let html = std::fs::read_to_string(out.join("rules.html")).unwrap();
    let row = html.split(r#"<tr id="card-1""#).nth(1).and_then(|r| r.split("</tr>").next()).unwrap();
    for shown in ["4", "5", "corporation", "Northern Heavy Industries"] {
        assert!(row.contains(shown), "card 1's row lacks {shown}: {row}");
    }
    assert!(row.matches(" · ").count() >= 5, "its fields, each with its name: {row}");
    if let Ok(list) = std::process::Command::new("pdftotext").arg(out.join("card-list.pdf")).arg("-").output() {
        let words = String::from_utf8_lossy(&list.stdout).replace('\n', " ");
        assert!(words.contains("Northern Heavy Industries"), "the text field is listed: {words}");
        // Card types with fields of their own get a table each, titled with the type and its
        // count, the warriors' figures only in theirs (a real database's 22 columns of every
        // type's fields broke its effects into single words).
        let at = |what: &str| words.find(what).unwrap_or_else(|| panic!("no {what}: {words}"));
        let (warriors, equipment) = (at("warrior (8)"), at("equipment (2)"));
        assert!(warriors < equipment && at("special (1)") > equipment, "{words}");
        assert!(!words[equipment..].contains("armour (A)"), "a warrior's field in another type's table: {words}");
    }
}

#[test]
fn a_card_whose_text_takes_its_art_box_is_reported_at_its_row() {
    // twilight-struggle with an illustration for every card (the `art` column): the China Card's
    // text, the longest, takes the art's room and says so at the card's row; the shorter texts
    // keep their art. The same pack without art prints no empty frame and reports nothing.
    let dir = temp_dir("cards-long-text-layout");
    let pack = dir.join("pack");
    copy_dir(&root().join("data/twilight-struggle"), &pack);
    let run = |name: &str| {
        let out = dir.join(name).to_string_lossy().into_owned();
        let run = pnpkit(&root(), &["build", &pack.to_string_lossy(), "--only", "cards", "--out", &out, "--svg"]);
        let (_, stderr) = text(&run);
        assert_eq!(run.status.code(), Some(0), "{stderr}");
        stderr
    };
    let bare = run("bare");
    assert!(!bare.contains("W0806"), "{bare}");
    let page = std::fs::read_to_string(dir.join("bare/svg/cards-1-front.svg")).unwrap();
    assert!(!page.contains("<image"), "no art, no frame");
    std::fs::create_dir_all(pack.join("art")).unwrap();
    let art = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30"><rect width="40" height="30" fill="#d9c9a3"/><circle cx="20" cy="15" r="9" fill="#8a2f2f"/></svg>"##;
    std::fs::write(pack.join("art/star.svg"), art).unwrap();
    add_csv_column(&pack.join("cards.csv"), "art", |_| "art/star.svg".into());
    let stderr = run("art");
    let reported: Vec<&str> = stderr.lines().filter(|l| l.contains("warning[W0806]")).collect();
    assert_eq!(reported.len(), 1, "{stderr}");
    assert!(
        reported[0].ends_with("cards.csv:2:1: warning[W0806]: cards/6-front uses the long-text layout: its text leaves no room for the art box"),
        "{stderr}"
    );
    let page = std::fs::read_to_string(dir.join("art/svg/cards-1-front.svg")).unwrap();
    assert_eq!(page.matches("<image").count(), 6, "the other six cards of the sheet show their art");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_longer_text_is_set_condensed_then_text_only_and_each_card_says_which() {
    // doomtrooper's warriors show three stat boxes. A text of nine sentences fits only with tight
    // line spacing; one of eleven only when the boxes become one band of numbers; both are
    // reported at their rows, and nothing overlaps, leaves its box or shrinks under 6 pt.
    let dir = temp_dir("cards-condensed-text-only");
    let pack = dir.join("pack");
    copy_dir(&root().join("data/doomtrooper"), &pack);
    let sentence = "A veteran who holds the line while the others fall back to the trenches. ";
    let csv = std::fs::read_to_string(pack.join("cards.csv")).unwrap();
    let csv = csv.replacen("A veteran who holds the line.", &sentence.repeat(9), 1).replacen(
        "Goes in first when the whistle blows.",
        &sentence.repeat(11),
        1,
    );
    std::fs::write(pack.join("cards.csv"), csv).unwrap();
    let out = dir.join("out");
    let run = pnpkit(&root(), &["build", &pack.to_string_lossy(), "--only", "cards", "--out", &out.to_string_lossy()]);
    let (_, stderr) = text(&run);
    assert_eq!(run.status.code(), Some(0), "{stderr}");
    let reported: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("warning[W08"))
        .map(|l| l.split_once("cards.csv:").map_or(l, |(_, rest)| rest))
        .collect();
    assert_eq!(
        reported,
        [
            "2:1: warning[W0806]: cards/1-front uses the condensed layout: its text fits only with tight line spacing",
            "3:1: warning[W0806]: cards/2-front uses the text-only layout: its text fits only with the numbers on one line and tight line spacing",
        ],
        "{stderr}"
    );
    let words = read_words(&out.join("cards.pdf"));
    let first: String = words[0].words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ");
    assert!(
        first.contains("格闘 (F) 5 · 射撃 (S) 4 · 防御 (A) 3"),
        "the text-only card's numbers on one band: {first}"
    );
    let problems = super::readback::audit(&out);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_long_text_on_a_wide_card_is_set_in_two_columns() {
    // doomtrooper on landscape 88 × 63 mm cards: a special card (no stat boxes) with a six-sentence
    // text is set in two columns of readable length, reported at its row; read back from the
    // PDF, its words start at two left edges side by side, and nothing overlaps or leaves its box.
    let dir = temp_dir("cards-two-columns");
    let pack = dir.join("pack");
    copy_dir(&root().join("data/doomtrooper"), &pack);
    let toml = std::fs::read_to_string(pack.join("pack.toml")).unwrap();
    std::fs::write(pack.join("pack.toml"), toml + "\n[print]\ncard_size = [88, 63]\n").unwrap();
    let sentence = "One warrior in this combat gets +2 shoot. ";
    let csv = std::fs::read_to_string(pack.join("cards.csv")).unwrap();
    assert!(csv.contains(sentence.trim_end()));
    std::fs::write(pack.join("cards.csv"), csv.replacen(sentence.trim_end(), sentence.repeat(6).trim_end(), 1))
        .unwrap();
    let out = dir.join("out");
    let run = pnpkit(&root(), &["build", &pack.to_string_lossy(), "--only", "cards", "--out", &out.to_string_lossy()]);
    let (_, stderr) = text(&run);
    assert_eq!(run.status.code(), Some(0), "{stderr}");
    let reported: Vec<&str> = stderr.lines().filter(|l| l.contains("warning[W08")).collect();
    assert_eq!(reported.len(), 1, "{stderr}");
    assert!(
        reported[0].ends_with("cards.csv:17:1: warning[W0806]: cards/16-front uses the two-column layout: its long text is set in two columns on this wide card"),
        "{stderr}"
    );
    // The card's words "shoot." end its sentences; their left edges fall in two columns, the
    // second starting to the right of every word of the first.
    let pages = read_words(&out.join("cards.pdf"));
    let card = pages.iter().find(|p| p.words.iter().any(|w| w.text == "援護射撃")).expect("card 16's page");
    let name = card.words.iter().find(|w| w.text == "援護射撃").unwrap();
    let body: Vec<_> = card
        .words
        .iter()
        .filter(|w| ["One", "warrior", "combat", "shoot."].contains(&w.text.as_str()))
        .filter(|w| w.y0 > name.y1 && w.y0 < name.y0 + 50.0 && (w.x0 - name.x0).abs() < 80.0)
        .collect();
    let middle = name.x0 - 16.0 + 44.0; // the card's centre, mm: the name starts 16 mm in
    let (left, right): (Vec<&&Word>, Vec<&&Word>) = body.iter().partition(|w| w.x1 < middle);
    assert!(left.len() >= 8 && right.len() >= 8, "words in each column: {} and {}", left.len(), right.len());
    assert!(right.iter().all(|w| w.x0 > middle), "a word straddles the columns' gap");
    let problems = super::readback::audit(&out);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sides_factions_and_star_colours_are_drawn_not_written() {
    // twilight-struggle frames a card in its side's colour and holds the operations value in a
    // star of the card's star colour; a scoring card (added here) has a two-colour star and no
    // number. The previews are read back pixel by pixel.
    let dir = temp_dir("cards-colours");
    let pack = dir.join("pack");
    copy_dir(&root().join("data/twilight-struggle"), &pack);
    let mut csv = std::fs::read_to_string(pack.join("cards.csv")).unwrap();
    csv.push_str("1,アジア得点,Asia Scoring,card,,,,Scores Asia.,,early,two-colour,,,yes,yes,text,\n");
    std::fs::write(pack.join("cards.csv"), csv).unwrap();
    let out = dir.join("out");
    let run = pnpkit(
        &root(),
        &["build", &pack.to_string_lossy(), "--only", "png", "--png-dpi", "150", "--out", &out.to_string_lossy()],
    );
    assert_eq!(run.status.code(), Some(0), "{}", text(&run).1);
    let (bleed, w, dpi) = (3.0, 63.0, 150.0);
    let at = |card: u32, (x, y): (f64, f64)| -> [u8; 3] {
        let (width, _, rgba) = png(&out.join(format!("png/cards/{card}-front.png")));
        let px = |mm: f64| ((mm + bleed) / 25.4 * dpi).round() as usize;
        let i = 4 * (px(y) * width as usize + px(x));
        [rgba[i], rgba[i + 1], rgba[i + 2]]
    };
    let near = |got: [u8; 3], want: [u8; 3]| got.iter().zip(want).all(|(g, w)| g.abs_diff(w) <= 10);
    let (blue, red, white) = ([0x2f, 0x6d, 0xb5], [0xc0, 0x39, 0x2b], [0xff, 0xff, 0xff]);
    // The star's centre, and points 3 mm to its left and right inside its body.
    let (left, right) = ((w - 10.6 - 3.0, 10.5), (w - 10.6 + 3.0, 10.5));
    for (card, frame, star_left, star_right) in
        [(35, blue, white, white), (11, red, red, red), (1, [0x8a, 0x8f, 0x98], red, white)]
    {
        let edge = at(card, (1.0, 40.0));
        assert!(near(edge, frame), "card {card}: frame {edge:?}, not {frame:?}");
        let (l, r) = (at(card, left), at(card, right));
        assert!(near(l, star_left) && near(r, star_right), "card {card}: star halves {l:?} {r:?}");
    }
    // The scoring card's star holds no number: 1 mm either side of its middle is bare colour.
    assert!(near(at(1, (w - 10.6 - 1.0, 11.1)), red) && near(at(1, (w - 10.6 + 1.0, 11.1)), white));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn title_marks_print_the_asterisk_and_the_red_line_the_published_cards_have() {
    // twilight-struggle's card type marks starred events with `*` after the name and lasting
    // ones with a red line under it; neither is also printed as a tag.
    let dir = temp_dir("cards-title-marks");
    build_cards(&root().join("data/twilight-struggle"), &dir);
    let page = std::fs::read_to_string(dir.join("svg/cards-1-front.svg")).unwrap();
    for starred in ["朝鮮戦争*", "台湾決起案*", "文化大革命*"] {
        assert!(page.contains(&format!(">{starred}</text>")), "{starred} in {page}");
    }
    assert!(!page.contains(">中国カード*<"), "the China Card is not starred");
    let formosan = page.find(">台湾決起案*</text>").unwrap();
    let after = &page[formosan + ">台湾決起案*</text>".len()..];
    let next = after[..after.find('>').unwrap()].trim_start();
    assert!(next.starts_with("<path") && next.contains(r##"stroke="#c0392b""##), "a red line under 35: {next}");
    assert!(!page.contains("イベント後除外") && !page.contains("効果継続"), "the marks are no tags");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn card_numbers_print_as_written_with_leading_zeros_and_letters() {
    let dir = temp_dir("cards-keys");
    let pack = dir.join("pack");
    copy_dir(&root().join("tests/packs/english-only-cards"), &pack);
    let cards = std::fs::read_to_string(pack.join("cards.csv")).unwrap();
    // 1 becomes 001 and 2 becomes 001a (numbers stay within `[totals] cards = 4`), with the expressions naming them.
    let renumbered = cards
        .replace("\n1,,Starting Gun", "\n001,,Starting Gun")
        .replace("\n2,,Second Leg", "\n001a,,Second Leg")
        .replace("open(1)", "open(001)")
        .replace("open(2)", "open(001a)")
        .replace("removes(1)", "removes(001)");
    std::fs::write(pack.join("cards.csv"), &renumbered).unwrap();
    let (pack_arg, out) = (pack.to_string_lossy().into_owned(), dir.join("out"));
    let run = pnpkit(&root(), &["build", &pack_arg, "--out", &out.to_string_lossy(), "--only", "card-list,reference"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run).1);
    // The rules reference's card table holds the numbers as printed, in order: 001 before 001a.
    let html = std::fs::read_to_string(out.join("rules.html")).unwrap();
    let (plain, lettered) =
        (html.find("id=\"card-001\"").expect("card-001"), html.find("id=\"card-001a\"").expect("card-001a"));
    assert!(plain < lettered, "001 comes before 001a");
    if let Ok(list) = std::process::Command::new("pdftotext").arg(out.join("card-list.pdf")).arg("-").output() {
        let list = String::from_utf8_lossy(&list.stdout);
        assert!(list.contains("001a") && list.contains("001\n"), "{list}");
    }
    // A deck list names a card by its number as printed.
    std::fs::write(dir.join("deck.txt"), "1 #001a\n").unwrap();
    let deck = pnpkit(&root(), &["deck", "check", &pack_arg, &dir.join("deck.txt").to_string_lossy()]);
    assert!(!text(&deck).0.contains("unknown") && !text(&deck).1.contains("E0202"), "{:?}", text(&deck));
    // A number a rule or a deck list could not name is an error at its cell.
    std::fs::write(pack.join("cards.csv"), renumbered.replace("\n001a,", "\n1 a,")).unwrap();
    let check = pnpkit(&root(), &["check", &pack_arg, "--format", "short"]);
    assert_eq!(check.status.code(), Some(1));
    assert!(text(&check).1.contains("a card number holds ` `: `1 a`"), "{}", text(&check).1);
}

#[test]
fn a_double_sided_card_prints_its_other_side_behind_it_everywhere() {
    let dir = temp_dir("cards-reverse");
    let pack = dir.join("pack");
    copy_dir(&root().join("tests/packs/english-only-cards"), &pack);
    add_csv_column(&pack.join("cards.csv"), "back_text", |line| {
        if line.starts_with("2,") {
            "Turn the tape over: the **rematch** starts here.".into()
        } else {
            String::new()
        }
    });
    add_csv_column(&pack.join("cards.csv"), "back_flavour", |line| {
        if line.starts_with("2,") {
            "Nobody stays at the line for long.".into()
        } else {
            String::new()
        }
    });
    let (pack_arg, out) = (pack.to_string_lossy().into_owned(), dir.join("out"));
    let run = pnpkit(
        &root(),
        &["build", &pack_arg, "--out", &out.to_string_lossy(), "--only", "cards,card-list,reference,tts", "--svg"],
    );
    assert_eq!(run.status.code(), Some(0), "{}", text(&run).1);
    // The back page holds the other side in the slot behind card 2's front, mirrored for duplex;
    // the other cards keep their side's common back.
    let front_svg = std::fs::read_to_string(out.join("svg/cards-1-front.svg")).unwrap();
    let back_svg = std::fs::read_to_string(out.join("svg/cards-1-back.svg")).unwrap();
    assert!(!front_svg.contains("rematch"), "the other side is not on the fronts");
    assert!(back_svg.contains("rematch") && back_svg.contains("Nobody stays"), "the back page holds the other side");
    let (fronts, backs) = (geometry(&front_svg, (63.0, 88.0)).trims, geometry(&back_svg, (63.0, 88.0)).trims);
    assert_eq!(fronts.len(), backs.len(), "every front has a back behind it");
    let pages = read_words(&out.join("cards.pdf"));
    let word = |page: usize, w: &str| pages[page].words.iter().find(|x| x.text == w).cloned();
    let (front, back) = (word(0, "Second").expect("card 2's front"), word(1, "rematch").expect("card 2's other side"));
    // Duplex: the back of the slot at x lies at the page width minus x.
    let page_w = pages[0].w;
    let slot = |x: f64, trims: &[(f64, f64, f64, f64)]| trims.iter().position(|t| x >= t.0 && x <= t.0 + t.2);
    let front_slot = slot(front.x0, &fronts).expect("front slot");
    let mirrored = (page_w - fronts[front_slot].0 - fronts[front_slot].2, fronts[front_slot].1);
    let back_slot = slot(back.x0, &backs).expect("back slot");
    assert!((backs[back_slot].0 - mirrored.0).abs() < 0.5 && (backs[back_slot].1 - mirrored.1).abs() < 0.5);
    // The card list and rules.html print the other side's text, search finds it.
    if let Ok(list) = std::process::Command::new("pdftotext").arg(out.join("card-list.pdf")).arg("-").output() {
        let list = String::from_utf8_lossy(&list.stdout).replace('\n', " ");
        assert!(list.contains("Other side: Turn the tape over"), "{list}");
    }
    let html = std::fs::read_to_string(out.join("rules.html")).unwrap();
    assert!(html.contains("Other side: Turn the tape over: the <strong>rematch</strong>"), "rules.html");
    let found = pnpkit(&root(), &["cards", "search", &pack_arg, "rematch", "--json"]);
    let found: serde_json::Value = serde_json::from_str(&text(&found).0).unwrap();
    assert_eq!(found["hits"][0]["id"], "card-2", "{found}");
    // Tabletop Simulator: the deck has a sheet of backs, slot for slot.
    let tts: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("pack.tts.json")).unwrap()).unwrap();
    let tts = tts.to_string();
    assert!(tts.contains("\"UniqueBack\":true") && tts.contains("-backs.png"), "{tts}");
    let backs: Vec<_> = std::fs::read_dir(out.join("tts")).unwrap().flatten().map(|e| e.file_name()).collect();
    assert!(backs.iter().any(|n| n.to_string_lossy().ends_with("-backs.png")), "{backs:?}");
}

/// A long deck is drawn a batch of pages at a time and joined into one PDF as it goes (memory
/// holds a batch, not the deck): the file is one valid document with every page in order, every
/// cross-reference entry where its object is, and the same bytes every build.
#[test]
fn a_long_deck_is_joined_into_one_valid_pdf_the_same_every_build() {
    let dir = temp_dir("cards-long-deck");
    let pack = dir.join("pack");
    copy_dir(&root().join("tests/packs/english-only-cards"), &pack);
    // Card 1 four hundred times: 51 sheets of eight, with their backs more than a batch of pages.
    add_csv_column(
        &pack.join("cards.csv"),
        "copies",
        |row| if row.starts_with("1,") { "400".into() } else { String::new() },
    );
    let setups = std::fs::read_to_string(pack.join("setups.toml")).unwrap();
    std::fs::write(pack.join("setups.toml"), setups.replace("size = 3", "size = 402")).unwrap();
    let pack_arg = pack.to_string_lossy().into_owned();
    let mut files = Vec::new();
    for run in ["a", "b"] {
        let out = dir.join(run);
        let built = pnpkit(&root(), &["build", &pack_arg, "--out", &out.to_string_lossy(), "--only", "cards"]);
        assert_eq!(built.status.code(), Some(0), "{}", text(&built).1);
        files.push(std::fs::read(out.join("cards.pdf")).unwrap());
    }
    assert!(files[0] == files[1], "two builds, two different files");
    let pdf = &files[0];
    // Every cross-reference entry points at its object's `N 0 obj` line.
    let tail = String::from_utf8_lossy(&pdf[pdf.len() - 64..]).into_owned();
    let xref: usize = tail.split("startxref").nth(1).unwrap().split_whitespace().next().unwrap().parse().unwrap();
    let table = String::from_utf8_lossy(&pdf[xref..]).into_owned();
    let entries: Vec<&str> = table.lines().skip(3).take_while(|l| l.ends_with(" n")).collect();
    assert!(entries.len() > 100, "{} objects", entries.len());
    for (i, entry) in entries.iter().enumerate() {
        let offset: usize = entry[..10].parse().unwrap();
        let head = format!("{} 0 obj\n", i + 1);
        assert!(pdf[offset..].starts_with(head.as_bytes()), "object {} is not at {offset}", i + 1);
    }
    // Readers see every page: more than one batch of them, and the card on all its 400 copies.
    let path = dir.join("a/cards.pdf");
    let Ok(info) = std::process::Command::new("pdfinfo").arg(&path).output() else {
        eprintln!("pdfinfo not installed: the pages are not read back");
        return;
    };
    let info = String::from_utf8_lossy(&info.stdout).into_owned();
    let pages: usize = info.lines().find_map(|l| l.strip_prefix("Pages:")).map_or(0, |n| n.trim().parse().unwrap());
    assert!(pages > 64, "{pages} pages: more than one batch");
    let words = std::process::Command::new("pdftotext").arg(&path).arg("-").output().unwrap();
    let words = String::from_utf8_lossy(&words.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
    // (Card 2's requirement names it once more, perhaps across two lines.)
    assert_eq!(words.matches("Starting Gun").count(), 401);
}
