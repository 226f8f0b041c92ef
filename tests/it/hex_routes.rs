//! Issue 17 (hex half of item 6): the geometry of data/dougram's hex map, read back from the SVG
//! the renderer writes. Texts carry `data-label` (`city`, `vp`, `chits`, `hexnum`, `route`),
//! route curves and route labels `data-route="A B"`; a text's box is measured from its position,
//! size and anchor in the SVG with the embedded fonts (ascent 0.88 em, descent 0.12 em, as the
//! canvas lays lines). All of them sit in the same map group, so their coordinates compare as
//! written.

use pnpkit::text::{Fonts, Style, Weight};

use super::support::{pnpkit, root, temp_dir, text};

/// A labelled text on the map: what it is, its route (for route labels), its words and its box.
#[derive(Debug)]
struct Label {
    kind: String,
    route: String,
    text: String,
    rect: (f64, f64, f64, f64),
}

/// The value of attribute `name` in the tag `tag`.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    tag[start..].find('"').map(|end| &tag[start..start + end])
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'").replace("&amp;", "&")
}

fn labels(svg: &str, fonts: &Fonts) -> Vec<Label> {
    let mut out = Vec::new();
    for piece in svg.split("<text ").skip(1) {
        let Some(close) = piece.find('>') else { continue };
        let tag = format!(" {}", &piece[..close]);
        let Some(kind) = attr(&tag, "data-label") else { continue };
        let body = unescape(&piece[close + 1..piece.find("</text>").expect("closed text")]);
        let num = |n: &str| attr(&tag, n).and_then(|v| v.parse::<f64>().ok()).expect(n);
        let (x, y, size) = (num("x"), num("y"), num("font-size"));
        let weight = if attr(&tag, "font-weight") == Some("700") { Weight::Bold } else { Weight::Regular };
        let w = fonts.width_em(&body, Style::main(weight)) * size;
        let x0 = match attr(&tag, "text-anchor") {
            Some("middle") => x - w / 2.0,
            Some("end") => x - w,
            _ => x,
        };
        out.push(Label {
            kind: kind.to_string(),
            route: attr(&tag, "data-route").unwrap_or_default().to_string(),
            text: body,
            rect: (x0, y - 0.88 * size, x0 + w, y + 0.12 * size),
        });
    }
    out
}

/// Each route curve: its `data-route` and its four control points.
fn curves(svg: &str) -> Vec<(String, [(f64, f64); 4])> {
    let mut out = Vec::new();
    for piece in svg.split("<path ").skip(1) {
        let tag = format!(" {}", &piece[..piece.find('>').expect("closed path")]);
        let Some(route) = attr(&tag, "data-route") else { continue };
        let d = attr(&tag, "d").expect("d");
        let n: Vec<f64> = d.replace(['M', 'C'], " ").split_whitespace().map(|v| v.parse().expect("number")).collect();
        assert_eq!(n.len(), 8, "a route is one cubic curve: {d}");
        out.push((route.to_string(), [(n[0], n[1]), (n[2], n[3]), (n[4], n[5]), (n[6], n[7])]));
    }
    out
}

fn at(c: &[(f64, f64); 4], t: f64) -> (f64, f64) {
    let u = 1.0 - t;
    let k = [u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t];
    (k.iter().zip(c).map(|(k, p)| k * p.0).sum(), k.iter().zip(c).map(|(k, p)| k * p.1).sum())
}

/// Rounding in the SVG's numbers: boxes may touch by this much (mm).
const SLACK: f64 = 0.05;

fn overlap(a: &(f64, f64, f64, f64), b: &(f64, f64, f64, f64)) -> bool {
    a.0 < b.2 - SLACK && b.0 < a.2 - SLACK && a.1 < b.3 - SLACK && b.1 < a.3 - SLACK
}

/// The SVG of data/dougram's A3 map, built into a folder named after `test`.
fn dougram_map_svg(test: &str) -> String {
    let out = temp_dir(test);
    let args = ["build", "data/dougram", "--out", out.to_str().unwrap(), "--only", "map", "--svg"];
    let output = pnpkit(&root(), &args);
    assert!(output.status.success(), "{:?}", text(&output));
    std::fs::read_to_string(out.join("svg").join("map-a3-1-front.svg")).expect("the map's SVG")
}

#[test]
fn dougram_routes_are_curves_with_one_free_label_each_and_hex_numbers_stand_clear() {
    let svg = dougram_map_svg("hex-routes");
    let fonts = Fonts::embedded();
    let labels = labels(&svg, &fonts);
    let curves = curves(&svg);
    let of = |kind: &'static str| labels.iter().filter(move |l| l.kind == kind);
    for kind in ["city", "vp", "hexnum", "route"] {
        assert!(of(kind).count() > 0, "the map marks its {kind} texts");
    }
    assert_eq!(of("hexnum").count(), 108, "every hex of the 12 × 9 grid is numbered");

    // One curve and one label per pair of places; a label lists each card once.
    let mut pairs: Vec<&str> = curves.iter().map(|(r, _)| r.as_str()).collect();
    pairs.sort_unstable();
    pairs.dedup();
    assert_eq!(pairs.len(), curves.len(), "one curve per pair of places");
    assert_eq!(curves.len(), 11, "routes.csv joins 11 pairs of places");
    for (route, _) in &curves {
        let tags: Vec<&Label> = of("route").filter(|l| &l.route == route).collect();
        assert_eq!(tags.len(), 1, "route {route} has exactly one label: {tags:?}");
        let cards: Vec<&str> = tags[0].text.split('·').collect();
        let mut once = cards.clone();
        once.dedup();
        assert_eq!(cards, once, "route {route} lists each card once");
    }
    assert_eq!(of("route").count(), curves.len());

    // No route label over another label, a city name, VP text or a hex number.
    for (i, a) in labels.iter().enumerate().filter(|(_, l)| l.kind == "route") {
        for b in labels.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, b)| b) {
            assert!(!overlap(&a.rect, &b.rect), "route label {a:?} overlaps {b:?}");
        }
    }
    // No hex number under a city name, VP or chit text, or a route label.
    for n in of("hexnum") {
        for b in labels.iter().filter(|l| l.kind != "hexnum") {
            assert!(!overlap(&n.rect, &b.rect), "hex number {n:?} overlaps {b:?}");
        }
    }
    // Curves bend where a straight line would cross what is printed (before issue 17 every
    // route was straight, through names and other routes).
    let bent = curves.iter().filter(|(_, c)| {
        let (a, b) = (c[0], c[3]);
        let off = |p: (f64, f64)| ((b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)).abs() > 1e-3;
        off(c[1]) || off(c[2])
    });
    assert!(bent.count() > 0, "no route bends");
    // No curve runs through a city name (sampled finely).
    for (route, c) in &curves {
        for i in 0..=400 {
            let p = at(c, f64::from(i) / 400.0);
            for name in of("city") {
                let r = name.rect;
                let inside = r.0 + SLACK < p.0 && p.0 < r.2 - SLACK && r.1 + SLACK < p.1 && p.1 < r.3 - SLACK;
                assert!(!inside, "route {route} runs through city name {name:?} at {p:?}");
            }
        }
    }
}

/// The rectangle (x, y, width, height) of the first `<rect` after `marker` in `svg`.
fn rect_after(svg: &str, marker: &str) -> (f64, f64, f64, f64) {
    let at = svg.find(marker).unwrap_or_else(|| panic!("no {marker}"));
    let tag = &svg[at + svg[at..].find("<rect").expect("a rect")..];
    let tag = format!(" {}", &tag[5..tag.find('>').expect("closed rect")]);
    let n = |name: &str| attr(&tag, name).and_then(|v| v.parse::<f64>().ok()).expect(name);
    (n("x"), n("y"), n("width"), n("height"))
}

#[test]
fn dougram_map_has_a_frame_in_the_safe_area_holding_the_cartouche_and_the_key_clear_of_the_hexes() {
    let page = dougram_map_svg("hex-frame");
    // The A3 sheet and 3 mm of bleed round it (a proof's slug below); the drawing's
    // coordinates are the sheet's.
    assert!(page.contains(r#"viewBox="0 0 426 "#), "the A3 map is landscape");
    assert!(
        page.contains(r#"<rect data-board="" x="0" y="0" width="426" height="303""#),
        "the board is A3 and its bleed"
    );
    let svg = super::support::inside_bleed(&page);
    let (page_w, page_h) = (420.0, 297.0);
    let frame = rect_after(svg, r#"class="map-frame""#);
    assert!(frame.0 >= 5.0 && frame.1 >= 5.0, "the frame keeps the 5 mm safe margin: {frame:?}");
    assert!(frame.0 + frame.2 <= page_w - 5.0 && frame.1 + frame.3 <= page_h - 5.0, "{frame:?}");
    // The map group's placement on the page, and the hexes' extent on it.
    let g = &svg[svg.find("<g transform=\"translate(").expect("the map group") + 23..];
    let t: Vec<f64> = g[..g.find('"').unwrap()]
        .replace([')', '(', 's', 'c', 'a', 'l', 'e'], " ")
        .split_whitespace()
        .map(|v| v.parse().expect("number"))
        .collect();
    let hexes = &svg[svg.find(r#"class="hexes""#).expect("hexes")..];
    let hexes = &hexes[..hexes.find("</g>").unwrap()];
    let right = hexes
        .split("points=\"")
        .skip(1)
        .flat_map(|p| {
            p[..p.find('"').unwrap()].split(' ').map(|xy| xy.split(',').next().unwrap().parse::<f64>().unwrap())
        })
        .fold(f64::MIN, f64::max);
    let map_right = t[0] + right * t[2];
    for (what, marker) in [("cartouche", r#"class="cartouche""#), ("key", r#"<rect class="map-key""#)] {
        let r = rect_after(svg, marker);
        let inside = frame.0 + 1.0 <= r.0
            && frame.1 + 1.0 <= r.1
            && r.0 + r.2 <= frame.0 + frame.2 - 1.0
            && r.1 + r.3 <= frame.1 + frame.3 - 1.0;
        assert!(inside, "the {what} {r:?} lies inside the frame {frame:?}");
        assert!(r.0 > map_right, "the {what} {r:?} stands clear of the hexes (right edge {map_right})");
    }
}
