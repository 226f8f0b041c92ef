//! Issue 17, item 6 (area half): the adjacency routes of an area map, read back from the SVG the
//! build writes. Every area's box is the first `<rect>` of its `<g data-area="id">`; every route
//! is a `<path data-link="a b">` (or the arrows of a `<g data-link="a b" data-offmap="">`); every
//! off-map label is a `<g data-label="id">` of `<text>`s, measured with the embedded font as
//! drawn. Each route's path is flattened (lines as they are, quadratic and cubic Béziers sampled)
//! and no sample may lie inside a box that is not one of its ends (0.2 mm tolerance); no label
//! may overlap a box or another label. [`check_area_map`] runs on any area-map pack folder.

use std::path::Path;

use pnpkit::text::{Fonts, Style, Weight};

use super::support::{copy_dir, pnpkit, root, temp_dir, text};

/// How far a route may reach into a box it does not end at (stroke and rounding), mm.
const TOLERANCE: f64 = 0.2;
/// The share of the em box above the baseline (Noto Sans JP).
const ASCENT: f64 = 0.88;

type Rect = (f64, f64, f64, f64);
/// A route as drawn: its ends, whether it is an off-map arrow, its flattened points.
type Drawn = ((String, String), bool, Vec<(f64, f64)>);

pub(super) fn attr<'t>(tag: &'t str, name: &str) -> Option<&'t str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let end = tag[start..].find('"')? + start;
    Some(&tag[start..end])
}

pub(super) fn num(tag: &str, name: &str) -> f64 {
    attr(tag, name)
        .unwrap_or_else(|| panic!("no {name} in {tag}"))
        .parse()
        .unwrap_or_else(|_| panic!("bad {name} in {tag}"))
}

/// The tags (and the text after each, up to the next tag) of an SVG, in order.
pub(super) fn tags(svg: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').map(|e| start + e + 1).expect("tag closes");
        let tag = &rest[start..end];
        rest = &rest[end..];
        let text = &rest[..rest.find('<').unwrap_or(rest.len())];
        out.push((tag, text));
    }
    out
}

/// Points along SVG path data (M, L, H, V, Q, C, Z; absolute), curves sampled 24 times.
pub(super) fn flatten(d: &str) -> Vec<(f64, f64)> {
    let mut tokens: Vec<String> = Vec::new();
    for part in d.replace(',', " ").split_whitespace() {
        let (head, tail) =
            part.split_at(part.chars().next().map_or(0, |c| if c.is_ascii_alphabetic() { 1 } else { 0 }));
        if !head.is_empty() {
            tokens.push(head.into());
        }
        if !tail.is_empty() {
            tokens.push(tail.into());
        }
    }
    let mut points = Vec::new();
    let (mut at, mut first, mut cmd) = ((0.0, 0.0), (0.0, 0.0), 'M');
    let mut i = 0;
    let take = |i: &mut usize| -> f64 {
        *i += 1;
        tokens[*i - 1].parse().unwrap_or_else(|_| panic!("bad number in {d}"))
    };
    while i < tokens.len() {
        if let Some(c) = tokens[i].chars().next().filter(|c| c.is_ascii_alphabetic()) {
            cmd = c;
            i += 1;
            if c == 'Z' {
                points.push(first);
                at = first;
            }
            continue;
        }
        match cmd {
            'M' | 'L' | 'H' | 'V' => {
                let p = match cmd {
                    'H' => (take(&mut i), at.1),
                    'V' => (at.0, take(&mut i)),
                    _ => (take(&mut i), take(&mut i)),
                };
                if cmd == 'M' {
                    first = p;
                    points.push(p);
                } else {
                    for k in 1..=24 {
                        let t = k as f64 / 24.0;
                        points.push((at.0 + (p.0 - at.0) * t, at.1 + (p.1 - at.1) * t));
                    }
                }
                at = p;
            }
            'Q' => {
                let (c, p) = ((take(&mut i), take(&mut i)), (take(&mut i), take(&mut i)));
                for k in 1..=24 {
                    let t = k as f64 / 24.0;
                    let u = 1.0 - t;
                    points.push((
                        u * u * at.0 + 2.0 * u * t * c.0 + t * t * p.0,
                        u * u * at.1 + 2.0 * u * t * c.1 + t * t * p.1,
                    ));
                }
                at = p;
            }
            'C' => {
                let (c1, c2, p) =
                    ((take(&mut i), take(&mut i)), (take(&mut i), take(&mut i)), (take(&mut i), take(&mut i)));
                for k in 1..=24 {
                    let t = k as f64 / 24.0;
                    let u = 1.0 - t;
                    let b = |a: f64, b: f64, c: f64, e: f64| {
                        u * u * u * a + 3.0 * u * u * t * b + 3.0 * u * t * t * c + t * t * t * e
                    };
                    points.push((b(at.0, c1.0, c2.0, p.0), b(at.1, c1.1, c2.1, p.1)));
                }
                at = p;
            }
            other => panic!("path command {other} in {d}"),
        }
    }
    points
}

/// What an area map's SVG page shows: boxes by area id, routes (link ends, points), labels.
#[derive(Debug, Default)]
struct AreaMap {
    boxes: Vec<(String, Rect)>,
    /// The areas only a variant puts on the board, drawn in the key (by id).
    variant_boxes: Vec<String>,
    routes: Vec<Drawn>,
    labels: Vec<(String, Rect)>,
}

fn read_area_map(svg: &str, fonts: &Fonts) -> AreaMap {
    let mut map = AreaMap::default();
    let mut open: Vec<&str> = Vec::new();
    let mut want_box: Option<String> = None;
    let mut link: Option<((String, String), bool)> = None;
    let mut label: Option<(String, Rect)> = None;
    for (tag, body) in tags(svg) {
        if tag.starts_with("</g") {
            match open.pop() {
                Some("link") => link = None,
                Some("label") => map.labels.push(label.take().expect("label open")),
                _ => {}
            }
        } else if tag.starts_with("<g") {
            if let Some(id) = attr(tag, "data-area") {
                want_box = Some(id.into());
                open.push("area");
            } else if let Some(id) = attr(tag, "data-variant-area") {
                map.variant_boxes.push(id.into());
                open.push("other");
            } else if let Some(ends) = attr(tag, "data-link") {
                let (a, b) = ends.split_once(' ').expect("two ends");
                link = Some(((a.into(), b.into()), true));
                open.push("link");
            } else if let Some(id) = attr(tag, "data-label") {
                label = Some((id.into(), (f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY)));
                open.push("label");
            } else if !tag.ends_with("/>") {
                open.push("other");
            }
        } else if tag.starts_with("<rect") {
            if let Some(id) = want_box.take() {
                let (x, y) = (num(tag, "x"), num(tag, "y"));
                map.boxes.push((id, (x, y, x + num(tag, "width"), y + num(tag, "height"))));
            }
        } else if tag.starts_with("<path") {
            let d = attr(tag, "d").expect("path data");
            if let Some(ends) = attr(tag, "data-link") {
                let (a, b) = ends.split_once(' ').expect("two ends");
                map.routes.push(((a.into(), b.into()), false, flatten(d)));
            } else if let Some((ends, offmap)) = link.as_ref().filter(|_| label.is_none()) {
                // A path in a link's label is its text, outlined where a tile cuts it.
                map.routes.push((ends.clone(), *offmap, flatten(d)));
            }
        } else if tag.starts_with("<text") {
            if let Some((_, r)) = label.as_mut() {
                let t = text_extent(tag, body, fonts);
                *r = (r.0.min(t.0), r.1.min(t.1), r.2.max(t.2), r.3.max(t.3));
            }
        }
    }
    map
}

/// The extent of a `<text>` element (its opening tag and its content) from the font's widths:
/// left, top, right, bottom.
pub(super) fn text_extent(tag: &str, body: &str, fonts: &Fonts) -> (f64, f64, f64, f64) {
    let size = num(tag, "font-size");
    let weight = if attr(tag, "font-weight") == Some("700") { Weight::Bold } else { Weight::Regular };
    let w = fonts.width_em(&unescape(body), Style::main(weight)) * size;
    let x = num(tag, "x");
    let x0 = match attr(tag, "text-anchor") {
        Some("middle") => x - w / 2.0,
        Some("end") => x - w,
        _ => x,
    };
    let top = num(tag, "y") - ASCENT * size;
    (x0, top, x0 + w, top + size)
}

pub(super) fn unescape(s: &str) -> String {
    s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'").replace("&amp;", "&")
}

fn overlap(a: Rect, b: Rect) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// What breaks the rules on one page: a route under a box not its end, a label over a box or
/// another label.
fn faults(map: &AreaMap) -> Vec<String> {
    let mut out = Vec::new();
    for ((a, b), _, points) in &map.routes {
        for (id, r) in &map.boxes {
            if id == a || id == b {
                continue;
            }
            let inner = (r.0 + TOLERANCE, r.1 + TOLERANCE, r.2 - TOLERANCE, r.3 - TOLERANCE);
            if let Some(p) = points.iter().find(|p| p.0 > inner.0 && p.0 < inner.2 && p.1 > inner.1 && p.1 < inner.3) {
                out.push(format!("the route {a}–{b} passes under `{id}` at ({:.2}, {:.2})", p.0, p.1));
            }
        }
    }
    for (i, (id, r)) in map.labels.iter().enumerate() {
        for (area, b) in &map.boxes {
            if overlap(*r, *b) {
                out.push(format!("the label naming `{id}` {r:?} overlaps the box of `{area}` {b:?}"));
            }
        }
        for (other, o) in &map.labels[..i] {
            if overlap(*r, *o) {
                out.push(format!("the labels naming `{id}` and `{other}` overlap"));
            }
        }
    }
    out
}

/// Builds `pack`'s map into a fresh folder and holds every SVG page of it that draws an area map
/// to the routing rules; returns the first such page read back.
fn check_area_map(pack: &Path, name: &str) -> AreaMap {
    let out = temp_dir(name);
    let output =
        pnpkit(&root(), &["build", pack.to_str().unwrap(), "--out", out.to_str().unwrap(), "--only", "map", "--svg"]);
    let (stdout, stderr) = text(&output);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    let fonts = Fonts::embedded();
    let mut pages: Vec<_> = std::fs::read_dir(out.join("svg"))
        .expect("svg folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("map-")))
        .collect();
    pages.sort();
    let mut first = None;
    for page in pages {
        let svg = std::fs::read_to_string(&page).expect("read svg");
        if !svg.contains("data-area=") {
            continue;
        }
        let map = read_area_map(&svg, &fonts);
        let at = page.display();
        assert!(!map.boxes.is_empty() && !map.routes.is_empty(), "{at}: no boxes or routes");
        let faults = faults(&map);
        assert!(faults.is_empty(), "{at}:\n{}", faults.join("\n"));
        first.get_or_insert(map);
    }
    first.expect("an SVG page with an area map")
}

/// A copy of `pack` whose areas.csv gives no positions (its `x` and `y` cells emptied).
pub(super) fn without_positions(pack: &Path, name: &str) -> std::path::PathBuf {
    let dir = temp_dir(name).join("pack");
    copy_dir(pack, &dir);
    let csv = std::fs::read_to_string(dir.join("areas.csv")).expect("areas.csv");
    let mut lines = csv.lines();
    let head = cells(lines.next().expect("header"));
    let (x, y) = (head.iter().position(|h| h == "x").expect("x"), head.iter().position(|h| h == "y").expect("y"));
    let mut out = head.join(",") + "\n";
    for line in lines {
        let mut row = cells(line);
        if row.len() > y {
            row[x].clear();
            row[y].clear();
        }
        out += &(row.join(",") + "\n");
    }
    std::fs::write(dir.join("areas.csv"), out).expect("write areas.csv");
    dir
}

/// A CSV line's cells, quotes kept.
fn cells(line: &str) -> Vec<String> {
    let (mut cells, mut cell, mut quoted) = (Vec::new(), String::new(), false);
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                cell.push(c);
            }
            ',' if !quoted => cells.push(std::mem::take(&mut cell)),
            _ => cell.push(c),
        }
    }
    cells.push(cell);
    cells
}

/// How many areas a pack's areas.csv puts on the standard board (rows with no `variant`).
pub(super) fn areas(pack: &Path) -> usize {
    let csv = std::fs::read_to_string(pack.join("areas.csv")).expect("areas.csv");
    let mut lines = csv.lines().filter(|l| !l.trim().is_empty());
    let variant = cells(lines.next().expect("header")).iter().position(|h| h == "variant");
    lines.filter(|l| variant.is_none_or(|v| cells(l).get(v).is_none_or(|c| c.is_empty()))).count()
}

#[test]
fn no_route_of_the_twilight_struggle_map_passes_under_a_box_and_no_label_overlaps() {
    let map = check_area_map(&root().join("data/twilight-struggle"), "area-routes-ts");
    assert_eq!(map.boxes.len(), areas(&root().join("data/twilight-struggle")), "every country has its box");
    // China belongs to the Chinese Civil War variant: not in the field, but in the key.
    assert!(!map.boxes.iter().any(|(id, _)| id == "china"), "China is drawn on the standard board");
    assert_eq!(map.variant_boxes, ["china"]);
    // The United States–Japan link crosses the whole map: two arrows, each labelled with the
    // other end, none of its pieces under another country.
    let us_japan: Vec<_> =
        map.routes.iter().filter(|(ends, _, _)| ends == &("united-states".into(), "japan".into())).collect();
    assert!(!us_japan.is_empty() && us_japan.iter().all(|(_, offmap, _)| *offmap), "{us_japan:?}");
    let named: Vec<&str> = map.labels.iter().map(|(id, _)| id.as_str()).collect();
    assert!(named.contains(&"japan") && named.contains(&"united-states"), "{named:?}");
    // Every other link is a drawn route.
    let links = map.routes.iter().filter(|(_, offmap, _)| !offmap).count();
    assert!(links >= 95, "{links} routes");
}

#[test]
fn the_twilight_struggle_map_without_positions_is_routed_clear_of_its_boxes() {
    let pack = without_positions(&root().join("data/twilight-struggle"), "area-routes-ts-bare");
    let map = check_area_map(&pack, "area-routes-ts-bare-out");
    assert_eq!(map.boxes.len(), areas(&pack));
}

#[test]
fn the_pack_without_positions_in_tests_packs_is_routed_clear_of_its_boxes_when_present() {
    let pack = root().join("tests/packs/ts-no-positions");
    if pack.exists() {
        check_area_map(&pack, "area-routes-ts-no-positions");
    }
}

#[test]
fn the_flattened_path_follows_lines_and_curves() {
    let points = flatten("M0 0 L10 0 Q20 0 20 10 C20 20 30 20 30 30 Z");
    assert_eq!(points[0], (0.0, 0.0));
    assert!(points.contains(&(10.0, 0.0)) && points.contains(&(20.0, 10.0)) && points.contains(&(30.0, 30.0)));
    // The quadratic bulges towards its control point: its middle is at (17.5, 2.5).
    assert!(points.iter().any(|p| (p.0 - 17.5).abs() < 1e-9 && (p.1 - 2.5).abs() < 1e-9));
    assert_eq!(*points.last().unwrap(), (0.0, 0.0));
}

#[test]
fn the_read_back_catches_a_line_under_a_box_and_a_label_over_one() {
    let svg = r##"<g transform="translate(10 13.5) scale(1)"><g data-area="a"><rect x="0" y="0" width="24" height="15"/></g>
<g data-area="b"><rect x="30" y="0" width="24" height="15"/></g><g data-area="c"><rect x="60" y="0" width="24" height="15"/></g>
<path data-link="a c" d="M24 7.5 Q40 8 60 7.5" fill="none"/><path data-link="a b" d="M24 7.5 L30 7.5" fill="none"/>
<g data-link="a c" data-offmap=""><g data-label="c"><text x="1" y="5" font-size="2.117">Over a</text></g></g></g>"##;
    let map = read_area_map(svg, &Fonts::embedded());
    assert_eq!(map.boxes.len(), 3);
    let faults = faults(&map);
    assert_eq!(faults.len(), 2, "{faults:?}");
    assert!(faults[0].starts_with("the route a–c passes under `b`"), "{faults:?}");
    assert!(faults[1].starts_with("the label naming `c`"), "{faults:?}");
}
