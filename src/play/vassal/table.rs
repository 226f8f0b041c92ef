//! The table beside the map: a board with a labelled place for each deck, the chit pile, and
//! every off-map box or track box a setup puts pieces in (on sheets in the print edition), so a
//! loaded setup shows what lies where by name.

use crate::text::escape;

/// Millimetres around the table's edge and between its places.
const MARGIN: f64 = 10.0;
/// The height of a place's label above it.
const LABEL: f64 = 7.0;

/// A labelled place on the table.
pub(super) struct Place {
    /// What it is for: a deck id, `chits`, or a location key.
    pub(super) key: String,
    /// Its centre, in pixels of the table image.
    pub(super) centre: (i64, i64),
    /// Its label, which names it in VASSAL's reports (its zone's name).
    pub(super) name: String,
    /// Its box with the label, in pixels: left, top, right, bottom (its zone).
    pub(super) rect: [i64; 4],
}

/// The table: its SVG page (mm) and its places.
pub(super) struct Table {
    /// The page, drawn as the table board's image.
    pub(super) svg: String,
    /// Decks and the chit pile, then the boxes.
    pub(super) places: Vec<Place>,
}

/// A table with one place of `size_mm` per pile in `piles` (key, label, size) in a row, and a
/// place for stacks of `counter_mm` counters per box in `boxes` (key, label) in rows below,
/// written in `family` and measured in pixels at `dpi`.
pub(super) fn lay_out(
    piles: &[(String, String, (f64, f64))],
    boxes: &[(String, String)],
    counter_mm: f64,
    family: &str,
    dpi: f64,
) -> Table {
    let px = |mm: f64| (mm * dpi / 25.4).round() as i64;
    let mut places = Vec::new();
    let mut shapes = String::new();
    let mut label = |x: f64, y: f64, w: f64, h: f64, text: &str| {
        shapes.push_str(&format!(
            r##"<rect x="{x:.2}" y="{:.2}" width="{w:.2}" height="{:.2}" rx="2" fill="#e4ddc8" stroke="#8a7f62" stroke-width="0.4"/><text x="{:.2}" y="{:.2}" font-size="4.2" fill="#3b3527">{}</text>"##,
            y + LABEL,
            h,
            x + 1.0,
            y + LABEL - 2.0,
            escape(text)
        ));
    };
    // The piles in a row, each with room around it.
    let mut x = MARGIN;
    let mut row_h: f64 = 0.0;
    for (key, text, (w, h)) in piles {
        // Wide enough for its label too.
        let (pw, ph) = ((w + 8.0).max(40.0), h + 8.0);
        label(x, MARGIN, pw, ph, text);
        places.push(Place {
            key: key.clone(),
            centre: (px(x + pw / 2.0), px(MARGIN + LABEL + ph / 2.0)),
            name: text.clone(),
            rect: [px(x), px(MARGIN), px(x + pw), px(MARGIN + LABEL + ph)],
        });
        x += pw + MARGIN;
        row_h = row_h.max(LABEL + ph);
    }
    // Boxes below, four counters wide and two high, as many to a row as the piles are wide.
    let (bw, bh) = (4.0 * counter_mm + 8.0, 2.0 * counter_mm + 8.0);
    let width = x.max(MARGIN + 3.0 * (bw + MARGIN));
    let per_row = (((width - MARGIN) / (bw + MARGIN)).floor() as usize).max(1);
    let top = MARGIN + if piles.is_empty() { 0.0 } else { row_h + MARGIN };
    for (i, (key, text)) in boxes.iter().enumerate() {
        let (bx, by) =
            (MARGIN + (i % per_row) as f64 * (bw + MARGIN), top + (i / per_row) as f64 * (LABEL + bh + MARGIN));
        label(bx, by, bw, bh, text);
        places.push(Place {
            key: key.clone(),
            centre: (px(bx + bw / 2.0), px(by + LABEL + bh / 2.0)),
            name: text.clone(),
            rect: [px(bx), px(by), px(bx + bw), px(by + LABEL + bh)],
        });
    }
    let rows = boxes.len().div_ceil(per_row) as f64;
    let (w, h) = (width, (top + rows * (LABEL + bh + MARGIN)).max(top + MARGIN));
    let svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.2}mm" height="{h:.2}mm" viewBox="0 0 {w:.2} {h:.2}" font-family="{}"><rect width="{w:.2}" height="{h:.2}" fill="#f3efe3"/>{shapes}</svg>"##,
        escape(family)
    );
    Table { svg, places }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piles_and_boxes_get_separate_places_inside_the_table() {
        let piles = [
            ("action".to_string(), "Action card".to_string(), (63.0, 88.0)),
            ("chits".into(), "Chits".into(), (15.0, 15.0)),
        ];
        let boxes: Vec<(String, String)> = (0..5).map(|i| (format!("box:{i}"), format!("Box {i}"))).collect();
        let table = lay_out(&piles, &boxes, 16.0, "Noto Sans JP", 150.0);
        assert_eq!(table.places.len(), 7);
        let size = |attr: &str| -> f64 {
            let at = table.svg.find(&format!("{attr}=\"")).unwrap() + attr.len() + 2;
            table.svg[at..].split("mm").next().unwrap().parse::<f64>().unwrap() * 150.0 / 25.4
        };
        for p in &table.places {
            assert!(p.centre.0 > 0 && (p.centre.0 as f64) < size("width"), "{}", p.key);
            assert!(p.centre.1 > 0 && (p.centre.1 as f64) < size("height"), "{}", p.key);
        }
        let mut centres: Vec<_> = table.places.iter().map(|p| p.centre).collect();
        centres.dedup();
        assert_eq!(centres.len(), 7);
        assert!(table.svg.contains(">Box 4</text>"));
    }
}
