//! Issue 17, item 3 (second part): region names and scoring on area maps, read back from the SVG
//! the build writes. Each region label is a `<g data-label="region" data-region="ID">` whose first
//! `<rect>` is its background; each area's box the first `<rect>` of its `<g data-area="ID">`;
//! routes are `<path>`s with `data-link` (or inside a `<g data-link>` of off-map arrows); off-map
//! labels `<g data-label="ID">` of `<text>`s, measured with the embedded font as drawn. Which
//! region an area belongs to and what each region scores comes from `pnpkit dump`, not from the
//! renderer.

use std::collections::BTreeMap;
use std::path::Path;

use pnpkit::text::Fonts;

use super::area_routes::{attr, flatten, num, tags, text_extent, unescape, without_positions};
use super::support::{pnpkit, root, temp_dir, text};

type Rect = (f64, f64, f64, f64);

/// A region label as drawn: its background and its texts, in order.
#[derive(Debug)]
struct Label {
    region: String,
    rect: Rect,
    texts: Vec<String>,
}

/// What the page draws: the field, the boxes, route samples, off-map labels, region labels.
#[derive(Debug, Default)]
struct Page {
    field: Option<Rect>,
    boxes: Vec<(String, Rect)>,
    samples: Vec<(f64, f64)>,
    offmap_labels: Vec<Rect>,
    labels: Vec<Label>,
}

fn read(svg: &str, fonts: &Fonts) -> Page {
    let mut page = Page::default();
    let mut open: Vec<&str> = Vec::new();
    let mut want_box: Option<String> = None;
    let mut in_link = false;
    let mut offmap: Option<Rect> = None;
    let mut label: Option<Label> = None;
    for (tag, body) in tags(svg) {
        if tag.starts_with("</g") {
            match open.pop() {
                Some("link") => in_link = false,
                Some("offmap-label") => page.offmap_labels.push(offmap.take().expect("label open")),
                Some("region") => page.labels.push(label.take().expect("region label open")),
                _ => {}
            }
        } else if tag.starts_with("<g") {
            if let Some(id) = attr(tag, "data-area") {
                want_box = Some(id.into());
                open.push("area");
            } else if attr(tag, "data-link").is_some() {
                in_link = true;
                open.push("link");
            } else if attr(tag, "data-label") == Some("region") {
                let region = attr(tag, "data-region").expect("data-region").to_string();
                label = Some(Label { region, rect: (0.0, 0.0, 0.0, 0.0), texts: Vec::new() });
                open.push("region");
            } else if attr(tag, "data-label").is_some() {
                offmap = Some((f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY));
                open.push("offmap-label");
            } else if !tag.ends_with("/>") {
                open.push("other");
            }
        } else if tag.starts_with("<rect") {
            let rect = || {
                let (x, y) = (num(tag, "x"), num(tag, "y"));
                (x, y, x + num(tag, "width"), y + num(tag, "height"))
            };
            if let Some(id) = want_box.take() {
                page.boxes.push((id, rect()));
            } else if let Some(l) = label.as_mut().filter(|l| l.texts.is_empty() && l.rect.2 == 0.0) {
                l.rect = rect();
            } else if page.field.is_none()
                && page.boxes.is_empty()
                && attr(tag, "x") == Some("0")
                && attr(tag, "y") == Some("0")
            {
                page.field = Some(rect());
            }
        } else if tag.starts_with("<path") {
            if attr(tag, "data-link").is_some() || in_link {
                page.samples.extend(flatten(attr(tag, "d").expect("path data")));
            }
        } else if tag.starts_with("<text") {
            if let Some(l) = label.as_mut() {
                l.texts.push(unescape(body));
            } else if let Some(r) = offmap.as_mut() {
                let t = text_extent(tag, body, fonts);
                *r = (r.0.min(t.0), r.1.min(t.1), r.2.max(t.2), r.3.max(t.3));
            }
        }
    }
    page
}

fn overlap(a: Rect, b: Rect) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

fn gap(a: Rect, b: Rect) -> f64 {
    let dx = (b.0 - a.2).max(a.0 - b.2).max(0.0);
    let dy = (b.1 - a.3).max(a.1 - b.3).max(0.0);
    (dx * dx + dy * dy).sqrt()
}

/// What the pack says, from `pnpkit dump`: each area's region, the regions (id, en name), and
/// each scored region's expected English scoring parts (`Presence 3`).
struct Declared {
    region_of: BTreeMap<String, String>,
    regions: Vec<String>,
    scoring: BTreeMap<String, Vec<String>>,
}

fn declared(pack: &Path) -> Declared {
    let output = pnpkit(&root(), &["dump", pack.to_str().unwrap()]);
    assert!(output.status.success(), "{}", text(&output).1);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("dump is JSON");
    let map = &json["map"];
    let s = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_string();
    let region_of = map["areas"].as_array().expect("areas").iter().map(|a| (s(&a["id"]), s(&a["region"]))).collect();
    let levels: BTreeMap<String, String> = map["scoring_levels"]
        .as_array()
        .map(|l| l.iter().map(|l| (s(&l["id"]), s(&l["name"]["en"]))).collect())
        .unwrap_or_default();
    let mut regions = Vec::new();
    let mut scoring = BTreeMap::new();
    for r in map["regions"].as_array().expect("regions") {
        regions.push(s(&r["id"]));
        let parts: Vec<String> = r["scoring"]
            .as_array()
            .expect("scoring list")
            .iter()
            .map(|p| {
                let value = match p["value"]["vp"].as_u64() {
                    Some(n) => n.to_string(),
                    None => s(&p["value"]["text"]["en"]),
                };
                format!("{} {value}", levels[&s(&p["level"])])
            })
            .collect();
        if !parts.is_empty() {
            scoring.insert(s(&r["id"]), parts);
        }
    }
    Declared { region_of, regions, scoring }
}

/// Builds `pack`'s map and holds the published page's region labels to the rules; returns the page and
/// what the pack declares.
fn check(pack: &Path, name: &str) -> (Page, Declared) {
    let out = temp_dir(name);
    let output =
        pnpkit(&root(), &["build", pack.to_str().unwrap(), "--out", out.to_str().unwrap(), "--only", "map", "--svg"]);
    let (stdout, stderr) = text(&output);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(!stderr.contains("W0805") && !stdout.contains("W0805"), "a region found no room:\n{stderr}");
    // The published page, named after map.toml's paper (Twilight Struggle's board is A1).
    let toml = std::fs::read_to_string(pack.join("map.toml")).expect("map.toml");
    let paper =
        toml.lines().find_map(|l| l.strip_prefix("paper = \"")).and_then(|p| p.split('"').next()).unwrap_or("A3");
    let file = format!("svg/map-{}-1-front.svg", paper.to_lowercase());
    let svg = std::fs::read_to_string(out.join(&file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let page = read(&svg, &Fonts::embedded());
    let declared = declared(pack);
    assert!(!page.boxes.is_empty() && !page.samples.is_empty(), "no boxes or routes read back");
    let faults = faults(&page, &declared);
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    (page, declared)
}

/// What breaks the rules: a label missing or doubled, outside the field, over a box, a label or
/// a route, or nearer another region's boxes than its own.
fn faults(page: &Page, declared: &Declared) -> Vec<String> {
    let field = page.field.expect("the field's rect");
    let with_areas: Vec<&String> =
        declared.regions.iter().filter(|r| declared.region_of.values().any(|a| a == *r)).collect();
    let labelled: Vec<&String> = page.labels.iter().map(|l| &l.region).collect();
    let mut faults = Vec::new();
    if labelled != with_areas {
        faults.push(format!("labels for {labelled:?}, regions with areas {with_areas:?}"));
    }
    for (i, l) in page.labels.iter().enumerate() {
        let r = l.rect;
        if !(field.0 <= r.0 && field.1 <= r.1 && r.2 <= field.2 && r.3 <= field.3) {
            faults.push(format!("{}: label {r:?} leaves the field {field:?}", l.region));
        }
        for (area, b) in &page.boxes {
            if overlap(r, *b) {
                faults.push(format!("{}: label {r:?} overlaps the box of `{area}` {b:?}", l.region));
            }
        }
        for o in &page.labels[..i] {
            if overlap(r, o.rect) {
                faults.push(format!("{}: label overlaps the label of {}", l.region, o.region));
            }
        }
        for o in &page.offmap_labels {
            if overlap(r, *o) {
                faults.push(format!("{}: label overlaps an off-map label {o:?}", l.region));
            }
        }
        if let Some(p) = page.samples.iter().find(|p| p.0 > r.0 && p.0 < r.2 && p.1 > r.1 && p.1 < r.3) {
            faults.push(format!("{}: a route runs under the label at ({:.2}, {:.2})", l.region, p.0, p.1));
        }
        let nearest = |own: bool| {
            page.boxes
                .iter()
                .filter(|(area, _)| (declared.region_of.get(area).map_or("", String::as_str) == l.region) == own)
                .map(|(_, b)| gap(r, *b))
                .fold(f64::INFINITY, f64::min)
        };
        if nearest(true) >= nearest(false) {
            faults.push(format!(
                "{}: label is {:.1} mm from its own region's boxes but {:.1} mm from another's",
                l.region,
                nearest(true),
                nearest(false)
            ));
        }
    }
    faults
}

/// Every scored region's label carries each of its levels with its value, in English; an
/// unscored region's label only its name.
fn assert_scoring(page: &Page, declared: &Declared) {
    for l in &page.labels {
        match declared.scoring.get(&l.region) {
            Some(parts) => {
                let all = l.texts.join("\n");
                let english = l.texts.iter().find(|t| t.contains(&parts[0])).unwrap_or_else(|| panic!("{all}"));
                assert_eq!(english, &parts.join(" · "), "{}", l.region);
            }
            None => assert_eq!(l.texts.len(), 1, "{}: {:?}", l.region, l.texts),
        }
    }
}

#[test]
fn the_twilight_struggle_map_labels_each_region_with_its_scoring_in_free_space() {
    let pack = root().join("data/twilight-struggle");
    let (page, declared) = check(&pack, "region-labels-ts");
    assert_eq!(declared.scoring.len(), 6, "six scored regions");
    assert_scoring(&page, &declared);
    let europe = page.labels.iter().find(|l| l.region == "europe").expect("Europe");
    assert_eq!(europe.texts[0], "ヨーロッパ Europe");
    assert_eq!(europe.texts[2], "Presence 3 · Dominance 7 · Control wins the game");
    let superpowers = page.labels.iter().find(|l| l.region == "superpower").expect("the superpowers");
    assert_eq!(superpowers.texts, ["超大国 superpowers"]);
}

#[test]
fn the_twilight_struggle_map_without_positions_labels_each_region_in_free_space() {
    let pack = without_positions(&root().join("data/twilight-struggle"), "region-labels-ts-bare");
    let (page, declared) = check(&pack, "region-labels-ts-bare-out");
    assert_scoring(&page, &declared);
}

#[test]
fn a_pack_without_scoring_gets_name_only_labels() {
    let (page, declared) = check(&root().join("tests/packs/typed-areas"), "region-labels-typed-areas");
    assert!(declared.scoring.is_empty());
    let texts: Vec<&Vec<String>> = page.labels.iter().map(|l| &l.texts).collect();
    assert_eq!(texts, [&vec!["Continent".to_string()], &vec!["Sea".to_string()]]);
}

#[test]
fn the_read_back_catches_a_label_over_a_box_a_route_and_nearer_another_region() {
    let svg = r##"<g transform="translate(10 13.5) scale(1)"><rect x="0" y="0" width="100" height="60"/>
<g data-area="a"><rect x="0" y="0" width="24" height="15"/></g><g data-area="b"><rect x="60" y="0" width="24" height="15"/></g>
<path data-link="a b" d="M24 7.5 L60 7.5" fill="none"/>
<g data-label="region" data-region="north"><rect x="40" y="5" width="15" height="5"/><text x="47" y="8" font-size="2">North</text></g>
<g data-label="region" data-region="south"><rect x="20" y="40" width="15" height="5"/><text x="27" y="43" font-size="2">South</text></g></g>"##;
    let page = read(svg, &Fonts::embedded());
    assert_eq!((page.boxes.len(), page.labels.len()), (2, 2));
    assert_eq!(page.field, Some((0.0, 0.0, 100.0, 60.0)));
    let declared = Declared {
        region_of: [("a".to_string(), "north".to_string()), ("b".into(), "south".into())].into(),
        regions: vec!["north".into(), "south".into()],
        scoring: BTreeMap::new(),
    };
    let faults = faults(&page, &declared);
    // North's label lies on the route and nearer b (south); south's nearer a (north).
    assert_eq!(faults.len(), 3, "{faults:?}");
    assert!(faults[0].starts_with("north: a route runs under the label"), "{faults:?}");
    assert!(faults[1].starts_with("north: label is"), "{faults:?}");
    assert!(faults[2].starts_with("south: label is"), "{faults:?}");
}
