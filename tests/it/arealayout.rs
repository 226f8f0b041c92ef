//! Issue 17, items 1 and 3: Twilight Struggle's area map with every position removed is laid out
//! by pnpkit; read back from the SVG page it builds, every area's box lies inside the field and
//! none overlaps another; `pnpkit layout` prints the same positions as CSV.

use std::path::{Path, PathBuf};

use super::support::{copy_dir, pnpkit, root, temp_dir, text};

/// Twilight Struggle's published map page (map.toml's paper: A1), as an SVG page.
const TS_PAGE: &str = "svg/map-a1-1-front.svg";

/// A copy of data/twilight-struggle whose areas.csv has empty `x` and `y` columns.
fn ts_without_positions(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    copy_dir(&root().join("data/twilight-struggle"), &dir);
    let csv = std::fs::read_to_string(dir.join("areas.csv")).expect("areas.csv");
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().expect("header").split(',').collect();
    let (x, y) = (header.iter().position(|h| *h == "x").unwrap(), header.iter().position(|h| *h == "y").unwrap());
    let mut out = header.join(",") + "\n";
    for line in lines {
        // The note column may hold commas; x and y come before it, so split only that far.
        let mut cells: Vec<String> = line.splitn(y + 2, ',').map(str::to_string).collect();
        cells[x].clear();
        cells[y].clear();
        out += &(cells.join(",") + "\n");
    }
    std::fs::write(dir.join("areas.csv"), out).expect("write areas.csv");
    dir
}

/// Builds the map of `pack` into `out`, requiring success; returns what the build printed on
/// stderr (its warnings).
fn build_map(pack: &Path, out: &Path) -> String {
    let output =
        pnpkit(&root(), &["build", &pack.to_string_lossy(), "--out", &out.to_string_lossy(), "--only", "map", "--svg"]);
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    stderr
}

fn attr(tag: &str, name: &str) -> f64 {
    let key = format!(" {name}=\"");
    let at = tag.find(&key).unwrap_or_else(|| panic!("{name} in {tag}")) + key.len();
    tag[at..].split('"').next().unwrap().parse().unwrap()
}

/// The first element of an SVG page whose tag starts with `start`.
fn tag<'p>(page: &'p str, start: &str) -> &'p str {
    let i = page.find(start).unwrap_or_else(|| panic!("{start} on the page"));
    &page[i..i + page[i..].find('>').unwrap()]
}

/// The field of an area map page (`<rect data-field>`): width and height in field mm.
fn field(svg: &Path) -> (f64, f64) {
    let page = std::fs::read_to_string(svg).expect("svg page");
    let field = tag(&page, "<rect data-field");
    (attr(field, "width"), attr(field, "height"))
}

/// The area boxes (`<rect class="area">`) of an SVG page's field: x, y, width, height in field
/// mm (not the boxes of areas only a variant puts on the board, which the key draws).
fn area_boxes(svg: &Path) -> Vec<(f64, f64, f64, f64)> {
    let page = std::fs::read_to_string(svg).expect("svg page");
    page.match_indices("<rect class=\"area\"")
        .filter(|(i, _)| {
            !page[..*i].ends_with('>')
                || !page[..*i].rsplit('<').next().is_some_and(|t| t.starts_with("g data-variant-area"))
        })
        .map(|(i, _)| {
            let tag = &page[i..i + page[i..].find('>').unwrap()];
            (attr(tag, "x"), attr(tag, "y"), attr(tag, "width"), attr(tag, "height"))
        })
        .collect()
}

#[test]
fn twilight_struggle_without_positions_builds_a_map_with_every_box_inside_and_apart() {
    let pack = ts_without_positions("ts-no-positions");
    let out = pack.with_extension("out");
    build_map(&pack, &out);
    let boxes = area_boxes(&out.join(TS_PAGE));
    let field = field(&out.join(TS_PAGE));
    assert_eq!(boxes.len(), super::area_routes::areas(&pack));
    for (i, &(x, y, w, h)) in boxes.iter().enumerate() {
        assert!(x >= 0.0 && y >= 0.0 && x + w <= field.0 + 1e-3 && y + h <= field.1 + 1e-3, "box {i} {:?}", boxes[i]);
        for (j, &(u, v, bw, bh)) in boxes[..i].iter().enumerate() {
            let apart = x + w <= u + 1e-3 || u + bw <= x + 1e-3 || y + h <= v + 1e-3 || v + bh <= y + 1e-3;
            assert!(apart, "box {i} {:?} overlaps box {j} {:?}", boxes[i], boxes[j]);
        }
    }
}

#[test]
fn layout_prints_the_positions_the_map_is_drawn_at() {
    let pack = ts_without_positions("ts-layout-csv");
    let out = pack.with_extension("out");
    build_map(&pack, &out);
    let boxes = area_boxes(&out.join(TS_PAGE));
    let file = pack.join("layout.csv");
    let output = pnpkit(&root(), &["layout", &pack.to_string_lossy(), "--out", &file.to_string_lossy()]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    let csv = std::fs::read_to_string(&file).expect("layout.csv");
    let mut rows = csv.lines();
    assert_eq!(rows.next(), Some("id,x,y"));
    let rows: Vec<(String, f64, f64)> = rows
        .map(|r| {
            let c: Vec<&str> = r.split(',').collect();
            assert_eq!(c.len(), 3, "{r}");
            assert!(c[1].split('.').nth(1).is_some_and(|d| d.len() == 1), "one decimal: {r}");
            (c[0].to_string(), c[1].parse().unwrap(), c[2].parse().unwrap())
        })
        .collect();
    assert_eq!(rows.len(), boxes.len());
    assert_eq!(rows[0].0, "united-states");
    for ((id, x, y), (bx, by, w, h)) in rows.iter().zip(&boxes) {
        assert!(
            (x - (bx + w / 2.0)).abs() <= 0.051 && (y - (by + h / 2.0)).abs() <= 0.051,
            "{id}: {x},{y} vs {bx},{by}"
        );
    }
    // The same pack, printed to stdout: the same CSV, byte for byte.
    let again = pnpkit(&root(), &["layout", &pack.to_string_lossy()]);
    assert_eq!(text(&again).0, csv);
}

#[test]
fn layout_refuses_a_pack_without_an_area_map() {
    let output = pnpkit(&root(), &["layout", "data/dougram"]);
    let (stdout, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout.is_empty() && stderr.contains("data/dougram"), "{stderr}");
}

/// The `<text>` elements of an SVG page: x, y (anchor) and content.
fn texts(svg: &Path) -> Vec<(f64, f64, String)> {
    let page = std::fs::read_to_string(svg).expect("svg page");
    page.match_indices("<text ")
        .map(|(i, _)| {
            let end = i + page[i..].find('>').unwrap();
            let close = end + page[end..].find("</text>").unwrap();
            (attr(&page[i..end], "x"), attr(&page[i..end], "y"), page[end + 1..close].to_string())
        })
        .collect()
}

#[test]
fn the_first_setups_influence_is_printed_in_its_sides_square() {
    let dir = temp_dir("area-influence-start");
    let out = dir.with_extension("out");
    build_map(&root().join("tests/packs/area-influence"), &out);
    let page = out.join("svg/map-a3-1-front.svg");
    let (boxes, words) = (area_boxes(&page), texts(&page));
    // Boxes and their words are both in the field group's coordinates.
    let inside =
        |b: &(f64, f64, f64, f64), (x, y): (f64, f64)| x >= b.0 && x <= b.0 + b.2 && y >= b.1 && y <= b.1 + b.3;
    // setups.csv: East 12 in North, 6 in East Coast (by name), 2 markers on Island; West 10 in
    // West Coast. Sides run East (left square), West (right square).
    for (area, count, left) in
        [("North", "12", true), ("East Coast", "6", true), ("Island", "2", true), ("West Coast", "10", false)]
    {
        let name = words.iter().find(|w| w.2 == area).unwrap_or_else(|| panic!("{area} on the map"));
        let b = boxes.iter().find(|b| inside(b, (name.0, name.1))).unwrap_or_else(|| panic!("{area}'s box"));
        let n = words.iter().filter(|w| w.2 == count && inside(b, (w.0, w.1))).collect::<Vec<_>>();
        assert_eq!(n.len(), 1, "{area}: {count} once in its box");
        assert_eq!(n[0].0 < b.0 + b.2 / 2.0, left, "{area}: {count} in the right square");
    }
    let south = words.iter().find(|w| w.2 == "South").unwrap();
    let b = boxes.iter().find(|b| inside(b, (south.0, south.1))).unwrap();
    assert!(words.iter().filter(|w| inside(b, (w.0, w.1))).all(|w| w.2 == "South"), "no start influence in South");
}

/// The scale of the field group (`<g transform="translate(x y) scale(s)">`) on a map page.
fn field_scale(svg: &Path) -> f64 {
    let page = std::fs::read_to_string(svg).expect("svg page");
    let group = tag(super::support::inside_bleed(&page), "<g transform=\"translate(");
    let at = group.find("scale(").expect("a scaled group") + "scale(".len();
    group[at..].split(')').next().unwrap().parse().unwrap()
}

/// The influence squares (`<rect data-influence>`) of a page: their widths and heights in field mm.
fn influence_squares(svg: &Path) -> Vec<(f64, f64)> {
    let page = std::fs::read_to_string(svg).expect("svg page");
    page.match_indices("<rect data-influence=")
        .map(|(i, _)| {
            let tag = &page[i..i + page[i..].find('>').unwrap()];
            (attr(tag, "width"), attr(tag, "height"))
        })
        .collect()
}

#[test]
fn influence_squares_hold_the_declared_markers_on_the_printed_page() {
    // data/twilight-struggle declares marker_size = 15 (its influence counters) and an A1 map.
    for (pack, name) in
        [(root().join("data/twilight-struggle"), "positions"), (ts_without_positions("ts-squares"), "laid out")]
    {
        let out = temp_dir(&format!("ts-squares-{}", name.replace(' ', "-")));
        let stderr = build_map(&pack, &out);
        assert!(!stderr.contains("W0501"), "{name}: the A1 map holds its markers: {stderr}");
        let page = out.join(TS_PAGE);
        let scale = field_scale(&page);
        let squares = influence_squares(&page);
        let areas = area_boxes(&page);
        // The two superpowers have no stability and hold no influence: no squares. China, which
        // only a variant puts on the board, has its box (and squares) in the key.
        let in_key = std::fs::read_to_string(&page).unwrap().matches("<g data-variant-area=").count();
        assert_eq!(in_key, 1, "{name}: China in the key");
        assert_eq!(squares.len(), (areas.len() - 2 + in_key) * 2, "{name}: one square per side in every country's box");
        for (w, h) in squares {
            assert!(
                w * scale >= 15.0 && h * scale >= 15.0,
                "{name}: a {w}×{h} mm square at {scale} holds a 15 mm marker"
            );
        }
        // Each square lies inside its box with the box's other contents: the box is the
        // group's first rect, its squares follow it.
        let svg = std::fs::read_to_string(&page).unwrap();
        // areas.csv gives each superpower its side: the US box in blue, the USSR's in red.
        let fills: Vec<&str> = svg
            .split("<g data-area=")
            .skip(1)
            .map(|g| tag(g, "<rect class=\"area\""))
            .filter_map(|b| b.split("fill=\"").nth(1)?.split('"').next())
            .collect();
        for colour in ["#2f6db5", "#c0392b"] {
            assert_eq!(fills.iter().filter(|f| **f == colour).count(), 1, "{name}: one home box in {colour}");
        }
        for group in svg.split("<g data-area=").skip(1) {
            let group = &group[..group.find("</g>").unwrap()];
            let b = tag(group, "<rect class=\"area\"");
            let (bx, by, bw, bh) = (attr(b, "x"), attr(b, "y"), attr(b, "width"), attr(b, "height"));
            for (i, _) in group.match_indices("<rect data-influence=") {
                let s = &group[i..i + group[i..].find('>').unwrap()];
                let (x, y, w, h) = (attr(s, "x"), attr(s, "y"), attr(s, "width"), attr(s, "height"));
                assert!(x >= bx && y >= by && x + w <= bx + bw && y + h <= by + bh, "{name}: square {s} in box {b}");
            }
        }
    }
}

#[test]
fn a_paper_too_small_for_the_markers_is_a_warning_naming_the_paper_that_holds_them() {
    let dir = temp_dir("ts-squares-a3");
    copy_dir(&root().join("data/twilight-struggle"), &dir);
    let toml = std::fs::read_to_string(dir.join("map.toml")).unwrap().replace("paper = \"A1\"", "paper = \"A3\"");
    std::fs::write(dir.join("map.toml"), toml).unwrap();
    let out = dir.with_extension("out");
    // A warning, not an error: the build succeeds.
    let stderr = build_map(&dir, &out);
    let warning = stderr.lines().find(|l| l.contains("warning[W0501]")).unwrap_or_else(|| panic!("W0501 in {stderr}"));
    assert!(warning.contains("map.toml:") && warning.contains("A3") && warning.contains("15 mm"), "{warning}");
    assert!(stderr.contains("paper = \"A1\""), "the hint names the paper that holds the field: {stderr}");
    // The page says what the warning says: the squares really are printed smaller.
    let page = out.join("svg/map-a3-1-front.svg");
    let scale = field_scale(&page);
    assert!(influence_squares(&page).iter().all(|(w, _)| w * scale < 15.0), "scaled to {scale}");
}
