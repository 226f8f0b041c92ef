//! Issue 17, items 1 and 3: Twilight Struggle's area map with every position removed is laid out
//! by pnpkit; read back from the SVG page it builds, every area's box lies inside the field and
//! none overlaps another; `pnpkit layout` prints the same positions as CSV.

use std::path::{Path, PathBuf};

use super::support::{copy_dir, pnpkit, root, temp_dir, text};

/// The field of an area map, mm (`AREA_FIELD_MM`).
const FIELD: (f64, f64) = (300.0, 270.0);

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

fn attr(tag: &str, name: &str) -> f64 {
    let key = format!(" {name}=\"");
    let at = tag.find(&key).unwrap_or_else(|| panic!("{name} in {tag}")) + key.len();
    tag[at..].split('"').next().unwrap().parse().unwrap()
}

/// The area boxes (`<rect class="area">`) of an SVG page: x, y, width, height in field mm.
fn area_boxes(svg: &Path) -> Vec<(f64, f64, f64, f64)> {
    let page = std::fs::read_to_string(svg).expect("svg page");
    page.match_indices("<rect class=\"area\"")
        .map(|(i, _)| {
            let tag = &page[i..i + page[i..].find('>').unwrap()];
            (attr(tag, "x"), attr(tag, "y"), attr(tag, "width"), attr(tag, "height"))
        })
        .collect()
}

#[test]
fn twilight_struggle_without_positions_builds_a_map_with_every_box_inside_and_apart() {
    let pack = ts_without_positions("ts-no-positions");
    let out = pack.join("out");
    let output = pnpkit(&root(), &["build", &pack.to_string_lossy(), "--out", &out.to_string_lossy(), "--only", "map"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    let boxes = area_boxes(&out.join("svg/map-a3-1-front.svg"));
    let areas = std::fs::read_to_string(pack.join("areas.csv")).unwrap().lines().count() - 1;
    assert_eq!(boxes.len(), areas);
    for (i, &(x, y, w, h)) in boxes.iter().enumerate() {
        assert!(x >= 0.0 && y >= 0.0 && x + w <= FIELD.0 + 1e-3 && y + h <= FIELD.1 + 1e-3, "box {i} {:?}", boxes[i]);
        for (j, &(u, v, bw, bh)) in boxes[..i].iter().enumerate() {
            let apart = x + w <= u + 1e-3 || u + bw <= x + 1e-3 || y + h <= v + 1e-3 || v + bh <= y + 1e-3;
            assert!(apart, "box {i} {:?} overlaps box {j} {:?}", boxes[i], boxes[j]);
        }
    }
}

#[test]
fn layout_prints_the_positions_the_map_is_drawn_at() {
    let pack = ts_without_positions("ts-layout-csv");
    let out = pack.join("out");
    let output = pnpkit(&root(), &["build", &pack.to_string_lossy(), "--out", &out.to_string_lossy(), "--only", "map"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    let boxes = area_boxes(&out.join("svg/map-a3-1-front.svg"));
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
    let out = dir.join("out");
    let output =
        pnpkit(&root(), &["build", "tests/packs/area-influence", "--out", &out.to_string_lossy(), "--only", "map"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
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
