//! The print engine end to end: `pnpkit build` on data/dougram writes print-ready PDFs and, as
//! these tests ask for them, one SVG per page (`--svg`) and PNG previews; pages are A4 with crop marks on the cut lines, backs mirror their
//! fronts, fonts are embedded subsets, Japanese text is extractable, and a re-run is identical.
//! poppler-utils checks run when the tools are installed (CI installs them; locally they are
//! skipped with a message).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use super::support::{copy_dir, pnpkit, root, temp_dir, text};

/// Builds data/dougram into a fresh folder with extra arguments; returns the folder.
fn build(name: &str, extra: &[&str]) -> std::path::PathBuf {
    let dir = temp_dir(name);
    let out = dir.join("out");
    let out_arg = out.to_string_lossy().into_owned();
    let mut args = vec!["build", "data/dougram", "--out", &out_arg, "--svg"];
    args.extend(extra);
    let output = pnpkit(&root(), &args);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    out
}

/// Runs a poppler tool, or returns `None` (and says so) when it is not installed. In CI the tools
/// must be there.
fn poppler(tool: &str, args: &[&str]) -> Option<String> {
    match Command::new(tool).args(args).output() {
        Ok(o) => Some(String::from_utf8_lossy(&o.stdout).into_owned()),
        Err(_) if std::env::var_os("CI").is_none() => {
            eprintln!("skipping {tool} checks: poppler-utils is not installed");
            None
        }
        Err(e) => panic!("{tool} is required in CI: {e}"),
    }
}

#[test]
fn previews_are_written_only_when_asked_for() {
    // Without `--previews` (the SVG pages asked for): no PNG of any face.
    let out = build("print-no-previews", &["--only", "cards"]);
    assert!(out.join("cards.pdf").is_file());
    assert!(!out.join("png").exists(), "no previews unless asked for");
    let manifest = std::fs::read_to_string(out.join("manifest.json")).unwrap();
    assert!(!manifest.contains("\"png\""), "the manifest lists no PNG");
    // `[print] previews = true` asks for them in every build of the pack.
    let dir = temp_dir("print-previews-in-pack");
    copy_dir(&root().join("tests/packs/english-only"), &dir);
    let toml = std::fs::read_to_string(dir.join("pack.toml")).unwrap();
    let toml = if toml.contains("[print]") {
        toml.replace("[print]", "[print]\npreviews = true")
    } else {
        toml + "\n[print]\npreviews = true\n"
    };
    std::fs::write(dir.join("pack.toml"), toml).unwrap();
    let out = dir.with_extension("out");
    let output =
        pnpkit(&root(), &["build", &dir.to_string_lossy(), "--only", "cards", "--out", &out.to_string_lossy()]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    assert!(std::fs::read_dir(out.join("png/cards")).unwrap().count() > 0, "previews from [print] previews");
}

#[test]
fn build_writes_every_product_as_pdf_svg_and_png() {
    let out = build("print-all", &["--previews"]);
    for file in [
        "counters.pdf",
        "chits.pdf",
        "cards.pdf",
        "calibration.pdf",
        "manifest.json",
        "svg/cards-1-front.svg",
        "svg/cards-1-back.svg",
    ] {
        assert!(out.join(file).is_file(), "{file} missing");
    }
    for png in [
        "png/cards/29-front.png",
        "png/cards/back-common.png",
        "png/counters/dougram-back.png",
        "png/chits/3P-front.png",
        "png/chits/back.png",
    ] {
        let bytes = std::fs::read(out.join(png)).unwrap_or_else(|_| panic!("{png} missing"));
        // 300 dpi: a 63 mm card with 3 mm bleed on each side is 69 mm = 815 px wide.
        if png.contains("29-front") {
            assert_eq!(u32::from_be_bytes(bytes[16..20].try_into().unwrap()), 815);
        }
    }
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("manifest.json")).unwrap()).unwrap();
    let files = manifest["files"].as_array().unwrap();
    for f in files {
        let path = out.join(f["path"].as_str().unwrap());
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(f["bytes"].as_u64(), Some(bytes.len() as u64));
        assert_eq!(f["sha256"].as_str().unwrap().len(), 64);
    }
    let docs: BTreeMap<String, (u64, u64)> = manifest["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (d["product"].as_str().unwrap().to_string(), (d["pieces"].as_u64().unwrap(), d["pages"].as_u64().unwrap()))
        })
        .collect();
    assert_eq!(docs["counters"].0, 155, "every unit and marker counter");
    assert_eq!(docs["chits"].0, 79, "every chit");
    assert_eq!(docs["cards"], (13, 4), "13 known cards: two A4 sheets, fronts and backs");
}

#[test]
fn pdfs_are_a4_with_embedded_subset_fonts_and_extractable_japanese() {
    let out = build("print-poppler", &[]);
    let pdf = |name: &str| out.join(name).to_string_lossy().into_owned();
    let Some(info) = poppler("pdfinfo", &[&pdf("counters.pdf")]) else { return };
    assert!(info.contains("Page size:       595.276 x 841.89 pts (A4)"), "{info}");
    // Cards a gutter apart hold more turned landscape (4 × 2) than upright (2 × 3).
    let cards = poppler("pdfinfo", &[&pdf("cards.pdf")]).unwrap_or_default();
    assert!(cards.contains("Page size:       841.89 x 595.276 pts (A4)"), "{cards}");
    let fonts = poppler("pdffonts", &[&pdf("counters.pdf")]).unwrap_or_default();
    let rows: Vec<&str> = fonts.lines().skip(2).collect();
    assert_eq!(rows.len(), 2, "Regular and Bold, each once per document: {fonts}");
    for row in rows {
        assert!(row.contains("NotoSansJP") && row.contains("yes yes yes"), "embedded, subset, unicode: {row}");
        assert!(row.split_whitespace().next().unwrap().contains('+'), "subset prefix: {row}");
    }
    let cards = poppler("pdftotext", &[&pdf("cards.pdf"), "-"]).unwrap_or_default();
    for name in [
        "バックスの武器調達",
        "密航",
        "解放人民政府樹立",
        "海峡横断作戦",
        "ラコック暗殺",
        "ゲリラ狩り",
        "密告",
        "デロイア州自治法発布",
        "ヘイスティ配備開始",
        "アンディ鉱山進入許可",
        "強襲上陸作戦",
        "第6軍出撃",
        "和平交渉開始",
    ] {
        assert!(cards.contains(name), "cards.pdf lacks {name}");
    }
    // (A long name still breaks over two lines inside the word: issue 33 item 3.)
    let counters = poppler("pdftotext", &[&pdf("counters.pdf"), "-"]).unwrap_or_default().replace('\n', "");
    for name in [
        "解放軍兵士",
        "連邦軍兵士",
        "クラブガンナー",
        "ダグラム",
        "ダグラムTB",
        "ヤクトダグラム",
        "フェイサー",
        "ニコラエフ",
        "ガルシア隊",
        "ガンナー",
        "要塞",
        "マーカー",
    ] {
        assert!(counters.contains(name), "counters.pdf lacks {name}");
    }
    let map = poppler("pdfinfo", &["-box", &pdf("map-a3.pdf")]).unwrap_or_default();
    // The A3 sheet and the map's 3 mm bleed round it (8.5 pt), trimmed to A3, over the proof's
    // slug (12.3 mm, 35 pt, for the PROOF footer 6 mm above its foot).
    assert!(
        map.contains("Pages:           1")
            && map.contains("1207.56 x 893.744 pts")
            && map.contains("BleedBox:            0.00    34.85  1207.56   893.74")
            && map.contains("TrimBox:             8.50    43.35  1199.06   885.24"),
        "one A3 page (420×297 mm) with its bleed: {map}"
    );
    let tiles = poppler("pdfinfo", &[&pdf("map-a4.pdf")]).unwrap_or_default();
    assert!(
        tiles.contains("Pages:           4") && tiles.contains("(A4)"),
        "the A3 map tiled onto four A4 pages: {tiles}"
    );
    let map_text = poppler("pdftotext", &[&pdf("map-a3.pdf"), "-"]).unwrap_or_default();
    for city in ["北極ポート", "カーディナル", "グランテ", "アンディ", "補充ボックス"] {
        assert!(map_text.contains(city), "map lacks {city}");
    }
    let size = std::fs::metadata(out.join("cards.pdf")).unwrap().len();
    assert!(size < 400_000, "the font is subset once, not embedded whole: {size} bytes");
}

#[test]
fn rebuilding_gives_byte_identical_files() {
    // The Tabletop Simulator set names its images by the output folder's address unless told
    // where they will be: given one address, two folders hold the same bytes.
    let url = ["--tts-url", "https://example.org/dougram/"];
    let a = build("print-det-a", &url);
    let b = build("print-det-b", &url);
    let manifest = |dir: &Path| std::fs::read_to_string(dir.join("manifest.json")).unwrap();
    assert_eq!(manifest(&a), manifest(&b), "same hashes for every file");
    assert_eq!(std::fs::read(a.join("cards.pdf")).unwrap(), std::fs::read(b.join("cards.pdf")).unwrap());
}

#[test]
fn every_piece_carries_the_edition_mark_and_common_backs_none() {
    let out = build("print-mark", &["--only", "counters,chits,cards"]);
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("manifest.json")).unwrap()).unwrap();
    let pieces = |product: &str| {
        manifest["documents"].as_array().unwrap().iter().find(|d| d["product"] == product).unwrap()["pieces"]
            .as_u64()
            .unwrap() as usize
    };
    // Marks counted over every page of one side of a product.
    let marks = |product: &str, side: &str, mark: &str| -> usize {
        std::fs::read_dir(out.join("svg"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                name.starts_with(&format!("{product}-")) && name.ends_with(&format!("-{side}.svg"))
            })
            .map(|p| std::fs::read_to_string(p).unwrap().matches(mark).count())
            .sum()
    };
    // Counters: both sides of every counter; chits: every value face; cards: every front ("title ·
    // mark"). The sheet footer names the edition too, so the mark is matched as its own text.
    assert_eq!(marks("counters", "front", ">v1<"), pieces("counters"));
    let csv = std::fs::read_to_string(root().join("data/dougram/counters.csv")).unwrap();
    let two_sided: usize = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|f| !f[2].is_empty())
        .map(|f| f[3].parse::<usize>().unwrap())
        .sum();
    assert!(two_sided > 0 && two_sided < pieces("counters"), "markers are one-sided");
    // A one-sided marker's back repeats its front, mark and all: every counter's back has one.
    assert_eq!(marks("counters", "back", ">v1<"), pieces("counters"));
    assert_eq!(marks("chits", "front", ">v1<"), pieces("chits"));
    assert_eq!(marks("cards", "front", "· v1<"), pieces("cards"));
    // Common backs must look alike, or drawn chits and held cards could be told apart.
    assert_eq!(marks("chits", "back", ">v1<"), 0);
    assert_eq!(marks("cards", "back", "· v1<"), 0);
}

/// Face placements (trim boxes and the bleed boxes they are clipped to) and crop-mark segments
/// read back from a page SVG.
pub(super) struct PageGeometry {
    pub(super) trims: Vec<(f64, f64, f64, f64)>,
    pub(super) bleeds: Vec<(f64, f64, f64, f64)>,
    pub(super) marks: Vec<(f64, f64, f64, f64)>,
}

fn numbers(s: &str) -> Vec<f64> {
    s.split([' ', ','])
        .filter(|p| !p.is_empty())
        .filter_map(|p| p.trim_start_matches(['M', 'L']).parse().ok())
        .collect()
}

fn attr(tag: &str, name: &str) -> f64 {
    let tag = format!(" {tag}");
    let start = tag.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    tag[start..].split('"').next().unwrap().parse().unwrap()
}

pub(super) fn geometry(svg: &str, face: (f64, f64)) -> PageGeometry {
    let (mut trims, mut bleeds) = (Vec::new(), Vec::new());
    for tag in svg.split("<svg ").skip(2).map(|t| t.split('>').next().unwrap()) {
        let view = tag.split("viewBox=\"").nth(1).unwrap().split('"').next().unwrap();
        let v = numbers(view);
        trims.push((attr(tag, "x") - v[0], attr(tag, "y") - v[1], face.0, face.1));
        bleeds.push((attr(tag, "x"), attr(tag, "y"), attr(tag, "width"), attr(tag, "height")));
    }
    let marks_group = svg.split("class=\"crop-marks\"").nth(1).unwrap().split("</g>").next().unwrap();
    let marks = marks_group
        .split("d=\"")
        .skip(1)
        .map(|d| {
            let n = numbers(d.split('"').next().unwrap());
            (n[0], n[1], n[2], n[3])
        })
        .collect();
    PageGeometry { trims, bleeds, marks }
}

#[test]
fn crop_marks_sit_exactly_on_the_cut_lines_outside_the_faces() {
    let out = build("print-crop", &[]);
    for (page, face) in
        [("cards-1-front", (63.0, 88.0)), ("cards-1-back", (63.0, 88.0)), ("counters-1-front", (15.0, 15.0))]
    {
        let svg = std::fs::read_to_string(out.join(format!("svg/{page}.svg"))).unwrap();
        let g = geometry(&svg, face);
        assert!(!g.trims.is_empty() && !g.marks.is_empty(), "{page}");
        let xs: Vec<f64> = g.trims.iter().flat_map(|t| [t.0, t.0 + t.2]).collect();
        let ys: Vec<f64> = g.trims.iter().flat_map(|t| [t.1, t.1 + t.3]).collect();
        let (top, bottom) = (ys.iter().cloned().fold(f64::MAX, f64::min), ys.iter().cloned().fold(f64::MIN, f64::max));
        let (left, right) = (xs.iter().cloned().fold(f64::MAX, f64::min), xs.iter().cloned().fold(f64::MIN, f64::max));
        for m in &g.marks {
            if (m.0 - m.2).abs() < 1e-9 {
                assert!(
                    xs.iter().any(|x| (x - m.0).abs() <= 0.1),
                    "{page}: vertical mark at x={} is on no cut line",
                    m.0
                );
                assert!(m.3.max(m.1) < top || m.1.min(m.3) > bottom, "{page}: mark {m:?} crosses the faces");
            } else {
                assert!(
                    ys.iter().any(|y| (y - m.1).abs() <= 0.1),
                    "{page}: horizontal mark at y={} is on no cut line",
                    m.1
                );
                assert!(m.2.max(m.0) < left || m.0.min(m.2) > right, "{page}: mark {m:?} crosses the faces");
            }
        }
        for x in &xs {
            assert!(
                g.marks.iter().any(|m| (m.0 - m.2).abs() < 1e-9 && (m.0 - x).abs() <= 0.1),
                "{page}: cut line x={x} has no mark"
            );
        }
    }
}

#[test]
fn back_pages_mirror_their_fronts_and_honour_the_back_offset() {
    let plain = build("print-mirror", &["--only", "cards"]);
    // Cards lie on landscape sheets: their offset is measured on the landscape calibration sheet.
    let shifted = build("print-offset", &["--only", "cards", "--back-offset-landscape", "0.5,-1"]);
    let portrait_only = build("print-offset-portrait", &["--only", "cards,counters", "--back-offset", "0.5,-1"]);
    let read = |dir: &Path, page: &str| {
        geometry(&std::fs::read_to_string(dir.join(format!("svg/{page}.svg"))).unwrap(), (63.0, 88.0))
    };
    let front = read(&plain, "cards-1-front");
    let back = read(&plain, "cards-1-back");
    assert_eq!(front.trims.len(), back.trims.len());
    for (f, b) in front.trims.iter().zip(&back.trims) {
        assert!((f.0 + b.0 + 63.0 - 297.0).abs() < 1e-6, "mirrored about the (landscape) page centre: {f:?} {b:?}");
        assert!((f.1 - b.1).abs() < 1e-6);
    }
    // The reading 0.5,-1 (taken through the paper) moves the back by +0.5 mm in x and +1 mm in y.
    let moved = read(&shifted, "cards-1-back");
    for (b, m) in back.trims.iter().zip(&moved.trims) {
        assert!((m.0 - b.0 - 0.5).abs() < 1e-6 && (m.1 - b.1 - 1.0).abs() < 1e-6, "{b:?} → {m:?}");
    }
    assert_eq!(read(&shifted, "cards-1-front").trims, front.trims, "fronts never move");
    // The portrait offset moves the portrait counter sheets' backs, never the landscape cards'.
    assert_eq!(read(&portrait_only, "cards-1-back").trims, back.trims, "landscape backs keep their place");
    let counters = |dir: &Path| {
        geometry(&std::fs::read_to_string(dir.join("svg/counters-1-back.svg")).unwrap(), (15.0, 15.0)).trims
    };
    let unmoved = counters(&build("print-counters", &["--only", "counters"]));
    assert!(!unmoved.is_empty(), "the counter sheet has faces");
    for (b, m) in unmoved.iter().zip(&counters(&portrait_only)) {
        assert!((m.0 - b.0 - 0.5).abs() < 1e-6 && (m.1 - b.1 - 1.0).abs() < 1e-6, "{b:?} → {m:?}");
    }
}

#[test]
fn print_options_change_paper_bleed_and_files() {
    let out = build(
        "print-options",
        &["--only", "counters,cards", "--paper", "Letter", "--no-bleed", "--split-backs", "--png-dpi", "72"],
    );
    assert!(out.join("counters-fronts.pdf").is_file() && out.join("counters-backs.pdf").is_file());
    assert!(!out.join("chits.pdf").exists(), "--only leaves other products out");
    let svg = std::fs::read_to_string(out.join("svg/cards-1-front.svg")).unwrap();
    // Letter holds more cards landscape (4 × 2) than portrait (3 × 2).
    assert!(
        svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="279.4mm" height="215.9mm""#),
        "{}",
        &svg[..120]
    );
    assert!(svg.contains(r#"viewBox="0 0 63 88""#), "no bleed: each face is clipped to its trim box");
    let png = std::fs::read(out.join("png/cards/29-front.png")).unwrap();
    assert_eq!(u32::from_be_bytes(png[16..20].try_into().unwrap()), 179, "63 mm at 72 dpi");
}

#[test]
fn bad_print_options_are_usage_errors() {
    for args in [&["--back-offset", "1"][..], &["--paper", "B5"], &["--png-dpi", "5"]] {
        let mut all = vec!["build", "data/dougram", "--out", "/nonexistent/never"];
        all.extend(args);
        let output = pnpkit(&root(), &all);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", text(&output).1);
    }
}

#[test]
fn overlong_text_is_a_warning_naming_the_card_never_clipped_silently() {
    let dir = temp_dir("print-overflow");
    copy_dir(&root().join("data/dougram"), &dir.join("pack"));
    let cards = dir.join("pack/cards.csv");
    let long = "This sentence is far too long for one card. ".repeat(30);
    let text_before = std::fs::read_to_string(&cards).unwrap();
    std::fs::write(
        &cards,
        text_before.replace(
            "Allows security checks in this security phase.,number_colour|tags,Side:",
            &format!("{long},number_colour|tags,Side:"),
        ),
    )
    .unwrap();
    let output = pnpkit(&dir, &["build", "pack", "--out", "out", "--only", "cards"]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("cards.csv:7:1: warning[W0801]: cards/36-front: text does not fit"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_template_keeps_the_last_good_output() {
    let dir = temp_dir("print-template");
    copy_dir(&root().join("data/dougram"), &dir.join("pack"));
    let good = pnpkit(&dir, &["build", "pack", "--out", "out", "--only", "cards"]);
    assert_eq!(good.status.code(), Some(0), "{}", text(&good).1);
    let before = std::fs::read(dir.join("out/cards.pdf")).unwrap();
    std::fs::create_dir_all(dir.join("pack/templates/cards")).unwrap();
    std::fs::write(dir.join("pack/templates/cards/back.svg.tera"), "<rect fill=\"{{ face.colour }}\"/>\n{% if %}\n")
        .unwrap();
    let bad = pnpkit(&dir, &["build", "pack", "--out", "out", "--only", "cards"]);
    let (_, stderr) = text(&bad);
    assert_eq!(bad.status.code(), Some(1));
    assert!(stderr.contains("pack/templates/cards/back.svg.tera:2:"), "{stderr}");
    assert!(stderr.contains("error[E0801]"), "{stderr}");
    assert_eq!(std::fs::read(dir.join("out/cards.pdf")).unwrap(), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_aids_of_dougram_are_computed_exactly() {
    use pnpkit::render::tables::aids::{table, Fraction};
    let mut sources = pnpkit::diag::Sources::default();
    let (pack, _) = pnpkit::load::pack(&root().join("data/dougram"), &mut sources);
    let aid = |id: &str| pack.aids.iter().find(|a| a.id == id).unwrap_or_else(|| panic!("no aid {id}"));
    let f = |n, d| Some(Fraction::new(n, d));
    // Combat (rules 14–16): factor 3 succeeds on 1–3 and scores (1+2+3)/6 = 1 hit on average.
    assert_eq!(table(&pack, aid("combat")).rows[2].1, vec![f(1, 2), f(1, 1)]);
    // Capture (13.3–13.4): two soldiers, one of them Garcia: 2 + 3 = 5 → 5/6.
    assert_eq!(table(&pack, aid("capture")).rows[1].1[1], f(5, 6));
    // Federal victory (20.3.2): 10 Liberation units → 3D6 ≥ 10 is 135/216; with +3, 3D6 ≥ 7 is 196/216.
    let victory = table(&pack, aid("federal-dice-victory"));
    let row = victory.rows.iter().find(|r| r.0 == "≥ 10").expect("row ≥ 10");
    assert_eq!(row.1, vec![f(135, 216), f(196, 216)]);
    // Chits (2.4 and the designer's notes): 23 of 79 are 2P.
    assert_eq!(table(&pack, aid("chits")).rows[1].1[0], f(23, 79));
}

#[test]
fn play_sheets_show_boxes_sequence_and_summary_and_tracks_print_for_packs_that_have_them() {
    let out = build("print-sheets", &["--only", "sheets"]);
    let sheets = std::fs::read_to_string(out.join("svg/play-sheets-1-front.svg")).unwrap();
    for text in [
        "解放軍プレイシート",
        "ザルツェフボックス",
        "デスタンボックス",
        "カードフェイズ",
        ">戦闘フェイズ Combat phase<",
        ">ルール12<",
        ">12.7<",
        // The summary is in the pack's first language.
        ">1回の戦闘は",
    ] {
        assert!(sheets.contains(text), "the Liberation sheet lacks {text}");
    }
    assert!(out.join("svg/play-sheets-2-front.svg").is_file(), "one page per side");
    let dir = temp_dir("print-tracks");
    let tracks_out = dir.join("out").to_string_lossy().into_owned();
    let output = pnpkit(
        &root(),
        &["build", "tests/packs/point-to-point", "--out", &tracks_out, "--only", "sheets,cards", "--svg"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    let track = std::fs::read_to_string(dir.join("out/svg/tracks-1-front.svg")).unwrap();
    // Attributes print under the labels the track declares, each of the pack's languages on
    // its own line.
    assert!(
        track.contains("警戒度")
            && track.contains(">禁止：coups in region A<")
            && track.contains(">forbids: coups in region A<"),
        "{track}"
    );
    assert!(dir.join("out/play-sheets.pdf").is_file(), "the score sheet");
}

#[test]
fn setup_charts_list_every_location_with_counter_images_and_the_cards() {
    let out = build("print-setups", &["--only", "setups"]);
    let mut all = String::new();
    for page in 1.. {
        match std::fs::read_to_string(out.join(format!("svg/setup-charts-{page}-front.svg"))) {
            Ok(svg) => all.push_str(&svg),
            Err(_) => break,
        }
    }
    for text in [
        "キャンペーン用セットアップ表 Campaign · Setup chart",
        "ショートスタート用セットアップ表 Short start · Setup chart",
        ">カーディナル Cardinal</text>",
        ">85</text>",
        ">53</text>",
        "第6軍ボックス",
        "デロイア人ボックス",
        "×6",
        "marked “face up in the short start”",
        "numbers printed in orange",
    ] {
        assert!(all.contains(text), "the setup charts lack {text}");
    }
    // Counter images come from the counter faces: the Liberation soldier's name is drawn in them.
    assert!(all.contains("解放軍兵士") && all.contains("ダグラムTB"));
    // Sides are named, never shown by their ids.
    assert!(
        all.contains(">連邦軍の山札（キャンペーン）</text>") && all.contains(">Federal deck (campaign)</text>"),
        "deck rows carry the decks' own names"
    );
    assert!(all.contains(">18</text>"), "and say how many cards");
    assert!(!all.contains(">federal") && !all.contains(" federal "), "a raw side id on the setup charts");
    assert!(!all.contains("setup2"), "a raw tag on the setup charts");
}

/// Whether a text holds a Japanese character (kana or kanji).
fn has_japanese(text: &str) -> bool {
    text.chars().any(|c| matches!(c, '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{9fff}' | '\u{ff01}'..='\u{ff60}'))
}

#[test]
fn an_english_only_pack_prints_its_card_list_flowchart_and_setup_chart_in_english_only() {
    let dir = temp_dir("print-english-only");
    let out = dir.join("out");
    let out_arg = out.to_string_lossy().into_owned();
    let args = ["build", "tests/packs/english-only-cards", "--out", &out_arg, "--svg"];
    let output =
        pnpkit(&root(), &[&args[..], &["--only", "flowchart", "--only", "card-list", "--only", "setups"]].concat());
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stdout.contains("warning[W08") && !stderr.contains("warning[W08"), "{stdout}{stderr}");
    let mut svgs = BTreeMap::new();
    for entry in std::fs::read_dir(out.join("svg")).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        svgs.insert(name, std::fs::read_to_string(entry.path()).unwrap());
    }
    for name in ["flowchart-1-front.svg", "card-list-1-front.svg", "setup-charts-1-front.svg"] {
        let svg = svgs.get(name).unwrap_or_else(|| panic!("no {name}"));
        assert!(!has_japanese(svg), "{name} prints Japanese");
    }
    let flowchart = &svgs["flowchart-1-front.svg"];
    assert!(flowchart.contains("Relay Run · Event flowchart"), "the title in English");
    assert!(flowchart.contains(">1 Starting Gun</text>") && flowchart.contains(">Runners victory</text>"));
    assert_eq!(flowchart.matches(r#"class="edge""#).count(), 4, "1 → 2 → 3 → victory, 4 removes 1");
    assert!(flowchart.contains(">enables (its opening is a condition)</text>"), "the legend in English");
    let list = &svgs["card-list-1-front.svg"];
    assert!(list.contains(">Relay Run · Card list</text>") && list.contains(">False Start</text>"));
    assert!(list.contains(">Runners</text>") && list.contains(">Effect</text>"));
    let chart = &svgs["setup-charts-1-front.svg"];
    assert!(
        chart.contains(">Runners deck</text>") && chart.contains(">3</text>") && chart.contains(">1, 2, 3</text>"),
        "{chart}"
    );
    let dot = std::fs::read_to_string(out.join("flowchart.dot")).unwrap();
    assert!(dot.contains(r#"label="2 Second Leg"]"#) && !has_japanese(&dot), "{dot}");
}

#[test]
fn the_flowchart_shows_every_known_card_and_its_relations_on_one_a4_page() {
    let out = build("print-flowchart", &["--only", "flowchart"]);
    let svg = std::fs::read_to_string(out.join("svg/flowchart-1-front.svg")).unwrap();
    assert!(
        svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="297mm" height="210mm""#),
        "one A4 page (landscape)"
    );
    for card in ["2", "20", "29", "32", "34", "36", "37", "50", "61", "64", "68", "76", "77"] {
        assert!(
            svg.contains(&format!(r#"<a href="rules.html#card-{card}">"#)),
            "card {card} is missing or does not link to the rules reference"
        );
    }
    // The lanes' tinted backgrounds keep 5 mm from the paper's edges, as text does: read from
    // the drawing's group (translate, scale) and each lane's rect in it.
    let group = &svg[svg.find("<g transform=\"translate(").expect("the chart's group")..];
    let numbers = |s: &str| -> Vec<f64> {
        s.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-')).filter_map(|n| n.parse().ok()).collect()
    };
    let head = numbers(&group[..group.find('>').unwrap()]);
    let (tx, scale) = (head[0], head[2]);
    let lanes: Vec<&str> = group.match_indices("<rect class=\"lane\"").map(|(i, _)| &group[i..]).collect();
    assert!(!lanes.is_empty(), "lanes drawn");
    for lane in lanes {
        let attr = |name: &str| -> f64 {
            let at = lane.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
            lane[at..].split('"').next().unwrap().parse().unwrap()
        };
        let (left, right) = (tx + scale * attr("x"), tx + scale * (attr("x") + attr("width")));
        assert!(left >= 5.0 && right <= 297.0 - 5.0, "a lane spans {left:.1}–{right:.1} mm of the 297 mm page");
    }
    // 29 enables 76 (24.1), 61 enables Hasty, 34 and 77 decide victory, 34 blocks Federal's.
    let dot = std::fs::read_to_string(out.join("flowchart.dot")).unwrap();
    for needle in ["ヘイスティ", "連邦軍勝利", "解放軍勝利", "style=dashed"] {
        assert!(dot.contains(needle), "flowchart.dot lacks {needle}");
    }
    let mermaid = std::fs::read_to_string(out.join("flowchart.mmd")).unwrap();
    assert!(mermaid.starts_with("flowchart TB") && mermaid.contains("-.->|blocks|"), "{mermaid}");
}

#[test]
fn a_game_whose_cards_enable_nothing_gets_no_flowchart() {
    let dir = temp_dir("no-flowchart");
    let out = dir.join("out");
    let out_arg = out.to_string_lossy().into_owned();
    // The CCG's cards stand alone; the strategic game's cards open one another.
    for (pack, wanted) in [("data/doomtrooper", false), ("data/dougram", true)] {
        let output = pnpkit(&root(), &["build", pack, "--out", &out_arg, "--only", "flowchart"]);
        assert_eq!(output.status.code(), Some(0), "{pack}: {}", text(&output).1);
        for file in ["flowchart.pdf", "flowchart.dot", "flowchart.mmd"] {
            assert_eq!(out.join(file).is_file(), wanted, "{pack}: {file}");
        }
    }
}

#[test]
fn a_play_sheets_summary_follows_the_rules_order_whatever_order_the_sheet_names_its_clauses() {
    let dir = temp_dir("print-summary-order");
    let pack = dir.join("pack");
    copy_dir(&root().join("data/dougram"), &pack);
    let toml = std::fs::read_to_string(pack.join("pack.toml")).unwrap();
    let listed = r#"summary = ["combat.steps", "capture.roll", "capture.garcia","#;
    assert!(toml.contains(listed));
    let reversed = r#"summary = ["capture.garcia", "capture.roll", "combat.steps","#;
    std::fs::write(pack.join("pack.toml"), toml.replace(listed, reversed)).unwrap();
    let out = dir.join("out");
    let run = pnpkit(
        &root(),
        &["build", &pack.to_string_lossy(), "--only", "sheets", "--svg", "--out", &out.to_string_lossy()],
    );
    assert_eq!(run.status.code(), Some(0), "{}", text(&run).1);
    let sheet = std::fs::read_to_string(out.join("svg/play-sheets-1-front.svg")).unwrap();
    let at = |n: &str| sheet.find(&format!(">{n}<")).unwrap_or_else(|| panic!("no {n}"));
    assert!(at("12.7") < at("13.3") && at("13.3") < at("13.4"), "12.7, 13.3, 13.4 in rule order");
    let _ = std::fs::remove_dir_all(&dir);
}
