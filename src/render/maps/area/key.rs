//! The area map's key beside the field: regions, what a box shows, the marked attributes, the
//! first setup's free placements, and the areas only a variant puts on the board.

use super::{attribute_label, coloured_values, marked_attributes, ADJACENT, BATTLEGROUND, NON_BATTLEGROUND};
use crate::model::Map;
use crate::render::maps::pen::{key_heading, title_block, Pen, Spot};
use crate::render::page::canvas::{Owner, VAlign};
use crate::render::page::mm;
use crate::render::Ctx;

/// A key's sample box, `width` × 5 mm.
fn swatch(pen: &mut Pen<'_, '_>, (x, y): (f64, f64), width: f64, fill: &str) {
    pen.raw(&format!(
        r##"<rect x="{}" y="{}" width="{width}" height="5" fill="{fill}" stroke="#3b3b3b" stroke-width="0.25"/>"##,
        mm(x),
        mm(y)
    ));
}

/// One entry of the key: `label` right of its sample at `indent`, on the line whose baseline
/// area ends at `y`.
fn entry(pen: &mut Pen<'_, '_>, label: &str, (x, y): (f64, f64), w: f64, owner: &Owner) {
    pen.text(label, Spot::left(x, y - 3.8, w, 5.0), |b| b.size(9.5).min(6.0).lines(1).valign(VAlign::Middle).of(owner));
}

/// The key beside the field: title, edition, draft notice, regions, what a box shows; returns
/// the y below it.
pub(super) fn draw_key(pen: &mut Pen<'_, '_>, ctx: &Ctx<'_>, map: &Map, (x, y): (f64, f64), width: f64) -> f64 {
    let msg = &ctx.msg;
    let owner = Owner::new("the area map's key", Some(&map.span));
    let mut line = title_block(pen, ctx, map, (x, y), width) + 5.0;
    line = key_heading(pen, &msg.text("areamap.regions"), (x, line), width, &owner) + 1.0;
    for r in &map.regions {
        line += 6.0;
        swatch(pen, (x, line - 4.0), 8.0, &r.colour);
        entry(pen, &msg.name(&r.name), (x + 11.0, line), width - 11.0, &owner);
    }
    line = key_heading(pen, &msg.text("areamap.key"), (x, line + 5.0), width, &owner) + 1.0;
    if map.area_attributes.iter().any(|a| a.id == "battleground") {
        let labels = [attribute_label(ctx, map, "battleground"), msg.text("areamap.other_areas")];
        for (fill, label) in [BATTLEGROUND, NON_BATTLEGROUND].into_iter().zip(labels) {
            line += 6.0;
            swatch(pen, (x, line - 4.0), 8.0, fill);
            entry(pen, &label, (x + 11.0, line), width - 11.0, &owner);
        }
    }
    if map.area_attributes.iter().any(|a| a.id == "stability") {
        line += 6.0;
        swatch(pen, (x + 1.5, line - 4.0), 5.0, "#ffffff");
        // A sample number, bold as on the boxes.
        pen.text("3", Spot::left(x + 1.6, line - 3.9, 4.8, 4.8).centre(), |b| {
            b.size(9.0).min(6.0).bold().lines(1).valign(VAlign::Middle).of(&owner)
        });
        entry(pen, &attribute_label(ctx, map, "stability"), (x + 11.0, line), width - 11.0, &owner);
    }
    line += 6.0;
    swatch(pen, (x + 1.5, line - 4.0), 5.0, "#ffffff");
    entry(pen, &msg.text("areamap.influence"), (x + 11.0, line), width - 11.0, &owner);
    for side in &ctx.pack.sides {
        line += 4.6;
        entry(pen, &msg.name(&side.name), (x + 14.0, line), width - 14.0, &owner);
    }
    for attribute in marked_attributes(map) {
        line += 6.0;
        // A subheading: the key's size, bold, under the key's headings.
        pen.text(&msg.name(&attribute.name), Spot::left(x, line - 3.8, width, 5.0), |b| {
            b.size(9.5).min(6.0).bold().lines(1).valign(VAlign::Middle).of(&owner)
        });
        for (value, colour) in coloured_values(attribute) {
            line += 5.0;
            pen.raw(&format!(
                r##"<rect x="{}" y="{}" width="4.6" height="3.6" fill="{colour}" stroke="#3b3b3b" stroke-width="0.15"/>"##,
                mm(x + 1.7),
                mm(line - 3.2)
            ));
            entry(pen, &msg.value_name(attribute, value), (x + 11.0, line), width - 11.0, &owner);
        }
    }
    line += 6.0;
    pen.raw(&format!(r##"<path d="M{} {} L{} {}" {ADJACENT}"##, mm(x), mm(line - 1.5), mm(x + 8.0), mm(line - 1.5)));
    entry(pen, &msg.text("areamap.adjacent"), (x + 11.0, line), width - 11.0, &owner);
    let line = free_placements(pen, ctx, (x, line + 5.0), width);
    variant_areas(pen, ctx, map, (x, line), width)
}

/// The areas only a variant or optional rule puts on the board (`variant` in areas.csv), which
/// the standard board's field leaves out: each box as the field would draw it, beside the rule
/// that uses it and the areas it joins, so players of the variant cut it out or play on it here.
/// Returns the y below them (`y` when there are none).
fn variant_areas(pen: &mut Pen<'_, '_>, ctx: &Ctx<'_>, map: &Map, (x, y): (f64, f64), width: f64) -> f64 {
    let areas: Vec<_> = map.variant_areas().collect();
    if areas.is_empty() {
        return y;
    }
    let owner = Owner::new("the area map's key", Some(&map.span));
    let mut line = key_heading(pen, &ctx.msg.text("areamap.variant_areas"), (x, y + 5.0), width, &owner) + 2.0;
    let (bw, bh) = map.area.box_mm;
    for area in areas {
        let owner = Owner::new(format!("area `{}`", area.id), Some(&area.span));
        // A stable marker for tests reading the SVG back, as the field's areas have.
        pen.raw(&format!(r#"<g data-variant-area="{}">"#, crate::text::escape(&area.id)));
        super::draw_area(pen, ctx, map, area, (x + bw / 2.0, line + bh / 2.0));
        pen.raw("</g>");
        let section = area.variant.as_ref().and_then(|v| ctx.pack.section(&v.value));
        let text = ctx.msg.each_language("\n", |m| {
            let language = m.languages()[0];
            let adjacent = (area.adjacent.iter())
                .filter_map(|r| map.areas.iter().find(|a| a.id == r.value))
                .map(|a| a.name.of_language(language).to_string())
                .collect::<Vec<_>>()
                .join(", ");
            let rule = section.map_or_else(String::new, |s| format!("{} {}", s.number, s.title.of_language(language)));
            m.fill_first("areamap.variant_area", &[("rule", rule.trim()), ("adjacent", &adjacent)])
        });
        // Beside the box when the key leaves a readable column there, else under it.
        const PT: f64 = 8.0;
        const LINE: f64 = 3.6;
        let beside = width - bw - 3.0 >= 45.0;
        let (tx, ty, tw) = if beside { (x + bw + 3.0, line, width - bw - 3.0) } else { (x, line + bh + 1.5, width) };
        let lines = wrapped_lines(pen, &text, PT, tw);
        let h = LINE * lines as f64 + 0.4;
        pen.text(&text, Spot::left(tx, ty, tw, h), |b| b.size(PT).min(6.0).lines(lines).leading(1.15).of(&owner));
        line = if beside { line + bh.max(h) } else { ty + h } + 3.0;
    }
    line
}

/// The first setup's free placements (the influence a side spreads over a group of areas), in the
/// key under their own heading: the squares show only the influence the setup puts in one area.
/// Returns the y below them (`y` when there are none).
fn free_placements(pen: &mut Pen<'_, '_>, ctx: &Ctx<'_>, (x, y): (f64, f64), width: f64) -> f64 {
    let pack = ctx.pack;
    let Some(setup) = pack.setups.first() else { return y };
    let free: Vec<_> = pack.free_placements_of(&setup.id).collect();
    if free.is_empty() {
        return y;
    }
    let owner = Owner::new(format!("setup `{}`", setup.id), Some(&setup.span));
    let heading = format!("{} ({})", ctx.msg.text("free.title"), ctx.msg.name(&setup.name));
    let mut line = key_heading(pen, &heading, (x, y), width, &owner) + 1.5;
    const PT: f64 = 8.0;
    const LINE: f64 = 3.6;
    for f in free {
        let owner = Owner::new(format!("free placement of `{}`", f.piece.value), Some(&f.span));
        let text = crate::render::tables::setupchart::free_sentence(ctx, f, "\n");
        let lines = wrapped_lines(pen, &text, PT, width);
        let h = LINE * lines as f64 + 0.4;
        pen.text(&text, Spot::left(x, line, width, h), |b| b.size(PT).min(6.0).lines(lines).leading(1.15).of(&owner));
        line += h + 1.2;
    }
    line
}

/// The lines `text` wraps to at `pt` in `width` mm, from the font's widths alone, so the
/// published page and every tile give a key's sentence the same room.
fn wrapped_lines(pen: &Pen<'_, '_>, text: &str, pt: f64, width: f64) -> usize {
    text.lines().map(|l| (pen.width_mm(l, pt, false) / (width - 1.0)).ceil().max(1.0) as usize).sum()
}
