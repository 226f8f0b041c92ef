//! The furniture of a printed hex map: the frame around the page's content (a heavy rule and
//! a hairline inside it, the map and the side column parted by a rule), the cartouche (the
//! title block in a double-ruled box, with how to read the hex numbers), and the key in a box of
//! its own. Everything lies inside the frame, and the frame inside the safe margin.

use std::fmt::Write;

use crate::messages::Messages;
use crate::model::Map;
use crate::render::maps::pen::{key_heading, title_block, Pen, Spot};
use crate::render::page::canvas::{Owner, VAlign};
use crate::render::page::mm;
use crate::render::Ctx;
use crate::text::escape;

/// The space between a box's rule and what it holds, mm.
const PAD: f64 = 3.0;
/// How far inside the paper edge the frame's outer rule runs, mm (outside it: the safe margin).
pub(crate) const FRAME_INSET: f64 = 6.5;

/// The frame around `(x0, y0, x1, y1)` (page mm): a heavy outer rule and a hairline 1 mm
/// inside it; a rule at `divider` parts the map from the side column.
pub(crate) fn frame(pen: &mut Pen<'_, '_>, (x0, y0, x1, y1): (f64, f64, f64, f64), divider: f64) {
    let rect = |inset: f64, width: f64| {
        format!(
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#2b2b2b" stroke-width="{width}"/>"##,
            mm(x0 + inset),
            mm(y0 + inset),
            mm(x1 - x0 - 2.0 * inset),
            mm(y1 - y0 - 2.0 * inset)
        )
    };
    pen.raw(&format!(
        r##"<g class="map-frame">{}{}<path d="M{} {} V{}" stroke="#2b2b2b" stroke-width="0.25"/></g>"##,
        rect(0.0, 0.8),
        rect(1.0, 0.2),
        mm(divider),
        mm(y0 + 1.0),
        mm(y1 - 1.0)
    ));
}

/// The cartouche from (`x`, `y`), `w` wide: the title block and how the hexes are numbered, in a
/// double-ruled box. Returns the y below it.
pub(crate) fn cartouche(pen: &mut Pen<'_, '_>, ctx: &Ctx<'_>, map: &Map, (x, y): (f64, f64), w: f64) -> f64 {
    let owner = Owner::new("the map's title block", Some(&map.span));
    let mut line = title_block(pen, ctx, map, (x + PAD, y + PAD), w - 2.0 * PAD);
    if let Some(grid) =
        map.grid.as_ref().filter(|g| g.numbering.pattern.contains("{c") && g.numbering.pattern.contains("{r"))
    {
        let (c, r) = (grid.columns.min(5), grid.rows.min(3));
        let example = grid.numbering.label(c, r, grid.columns);
        let note =
            ctx.msg.fill("map.numbering", &[("example", &example), ("c", &c.to_string()), ("r", &r.to_string())]);
        let laid = pen.text(&note, Spot::left(x + PAD, line + 1.0, w - 2.0 * PAD, 8.0), |b| {
            b.size(7.5).min(6.0).lines(2).leading(1.15).valign(VAlign::Middle).fill("#333333").of(&owner)
        });
        line = laid.map_or(line + 9.0, |l| l.bottom);
    }
    let bottom = line + PAD;
    let mut s = String::from(r##"<g class="cartouche" fill="none" stroke="#3b2f1c">"##);
    for (inset, width) in [(0.0, 0.7), (0.9, 0.2)] {
        let _ = write!(
            s,
            r#"<rect x="{}" y="{}" width="{}" height="{}" stroke-width="{width}"/>"#,
            mm(x + inset),
            mm(y + inset),
            mm(w - 2.0 * inset),
            mm(bottom - y - 2.0 * inset)
        );
    }
    s.push_str("</g>");
    pen.raw(&s);
    bottom
}

/// One entry of the key: `label` right of its sample, at the key's one `pt`.
fn key_label(pen: &mut Pen<'_, '_>, (x, y): (f64, f64), (w, pt): (f64, f64), label: &str, owner: &Owner) {
    pen.text(label, Spot::left(x + 11.0, y - 3.5, w - 11.0, 5.0), |b| {
        b.size(pt).min(KEY_MIN_PT).lines(1).valign(VAlign::Middle).of(owner)
    });
}

/// The key's labels' largest and smallest size, pt.
const KEY_PT: f64 = 9.5;
const KEY_MIN_PT: f64 = 6.0;

/// The one size, in half points, at which every one of `labels` fits the key's column `w` mm
/// wide, so the key reads as one list rather than lines of different sizes.
fn key_pt(pen: &Pen<'_, '_>, labels: &[String], w: f64) -> f64 {
    let room = w - 11.0;
    let fits = |label: &String| {
        let width = pen.width_mm(label, KEY_PT, false);
        if width <= room {
            KEY_PT
        } else {
            KEY_PT * room / width
        }
    };
    let pt = labels.iter().map(fits).fold(KEY_PT, f64::min);
    ((pt * 2.0).floor() / 2.0).max(KEY_MIN_PT)
}

/// What the key calls a hexside `feature`.
fn feature_label(msg: &Messages, feature: &str) -> String {
    match feature {
        "mountain" => msg.text("map.mountain_hexside"),
        "impassable" => msg.text("map.impassable_hexside"),
        other => other.to_string(),
    }
}

/// The key in a box of its own from (`x`, `y`), `w` wide: terrain, hexside features, cities,
/// sea routes; then the off-map boxes printed on the map. Returns the y below them.
pub(crate) fn key(pen: &mut Pen<'_, '_>, ctx: &Ctx<'_>, map: &Map, (x0, y0): (f64, f64), w0: f64) -> f64 {
    let (pack, msg) = (ctx.pack, &ctx.msg);
    let owner = Owner::new("the map's key", Some(&map.span));
    let (x, w) = (x0 + PAD, w0 - 2.0 * PAD);
    let mut features: Vec<&str> = map.hexsides.iter().map(|h| h.feature.as_str()).collect();
    features.sort_unstable();
    features.dedup();
    let cities = map.hexes.iter().any(|h| h.place.as_ref().is_some_and(|p| p.city));
    let labels: Vec<String> = (map.terrain.iter().map(|t| msg.name(&t.name)))
        .chain(features.iter().map(|f| feature_label(msg, f)))
        .chain(cities.then(|| msg.text("map.city")))
        .chain((!map.routes.is_empty()).then(|| msg.text("map.sea_route")))
        .collect();
    let column = (w, key_pt(pen, &labels, w));
    let mut line = y0 + PAD;
    // One heading over terrain, hexsides, cities and routes alike.
    line = key_heading(pen, &msg.text("map.key"), (x, line), w, &owner) + 1.0;
    for t in &map.terrain {
        line += 6.0;
        let mut s = format!(
            r##"<rect x="{x}" y="{}" width="8" height="5" fill="{}" stroke="#5f6b73" stroke-width="0.25"/>"##,
            mm(line - 4.0),
            t.colour
        );
        if !t.pattern.is_empty() {
            let _ = write!(
                s,
                r#"<rect x="{x}" y="{}" width="8" height="5" fill="url(#terrain-{})"/>"#,
                mm(line - 4.0),
                escape(&t.id)
            );
        }
        pen.raw(&s);
        key_label(pen, (x, line), column, &msg.name(&t.name), &owner);
    }
    for f in features {
        line += 6.0;
        let label = feature_label(msg, f);
        let (colour, width, dash) = super::hexside_style(f);
        pen.raw(&format!(
            r##"<path d="M{x} {} L{} {}" stroke="{colour}" stroke-width="{width}" stroke-linecap="round"{dash}/>"##,
            mm(line - 1.5),
            mm(x + 8.0),
            mm(line - 1.5)
        ));
        key_label(pen, (x, line), column, &label, &owner);
    }
    if cities {
        line += 6.0;
        pen.raw(&format!(r##"<rect x="{x}" y="{}" width="4" height="4" fill="#b03a2e"/>"##, mm(line - 3.5)));
        key_label(pen, (x, line), column, &msg.text("map.city"), &owner);
    }
    if !map.routes.is_empty() {
        line += 6.0;
        pen.raw(&format!(
            r##"<path d="M{x} {} L{} {}" stroke="#1f4e79" stroke-width="0.6" stroke-dasharray="2 1.2"/>"##,
            mm(line - 1.5),
            mm(x + 8.0),
            mm(line - 1.5)
        ));
        key_label(pen, (x, line), column, &msg.text("map.sea_route"), &owner);
    }
    line += PAD;
    pen.raw(&format!(
        r##"<rect class="map-key" x="{}" y="{}" width="{}" height="{}" rx="1" fill="none" stroke="#3b2f1c" stroke-width="0.35"/>"##,
        mm(x0),
        mm(y0),
        mm(w0),
        mm(line - y0)
    ));
    let (x, w) = (x0, w0);
    // Off-map boxes printed on the map.
    for b in pack.boxes.iter().filter(|b| b.sheet.value == "map") {
        line += 8.0;
        pen.raw(&format!(
            r##"<rect x="{x}" y="{}" width="{w}" height="22" rx="1.5" fill="#f7f3e8" stroke="#3b2f1c" stroke-width="0.4"/>"##,
            mm(line)
        ));
        let owner = Owner::new(format!("box `{}`", b.id), Some(&b.span));
        pen.text(&msg.name(&b.name), Spot::left(x + 2.0, line + 1.5, w - 4.0, 5.0), |t| {
            t.size(10.0).min(6.0).bold().lines(1).of(&owner)
        });
        line += 22.0;
    }
    line
}
