//! Tracks at the size of what they hold: each box at least the marker that sits on it + 1 mm
//! each way (the track's `marker_size`, else the pack's counter size), numbered large in its
//! marker space, its label and attributes in a caption strip below that the marker leaves clear.
//!
//! A track wraps over rows; on the track pages (landscape, the run's paper) tracks stack as many
//! to a page as fit, a track too long for what is left of a page moves on whole when a page
//! holds it, and one too long for any page is split between rows, each part headed by the
//! track's band with "continued" notes and arrows so the parts read (and tape) in order.

use std::ops::Range;

use crate::layout::Paper;
use crate::messages::Messages;
use crate::model::{Track, TrackBox};
use crate::render::page::canvas::{Canvas, Owner, TextBox};
use crate::render::page::chart::{band, band_height, CREAM, INK};
use crate::render::page::mm;
use crate::render::page::Page;
use crate::render::Ctx;
use crate::text::breaking::Words;
use crate::text::fit::{height_at, height_within, PT_PER_MM};
use crate::text::{Fonts, Style, Weight};

/// The least a box exceeds its marker each way, mm.
pub(crate) const MARKER_ROOM: f64 = 1.0;
/// Padding inside a box's caption strip, mm.
const PAD: f64 = 1.0;
/// Space between two rows of boxes, mm.
const ROW_GAP: f64 = 2.5;
/// Space between two tracks on a page, mm.
const TRACK_GAP: f64 = 8.0;
/// Room at a row's right end for the arrow to the next row, mm.
const ARROW: f64 = 4.0;
/// The size of captions (labels and attributes), pt; they shrink no further than 6 pt.
const CAPTION_PT: f64 = 7.0;
/// How tall a box's caption may grow before the boxes are made wider, mm.
const MAX_CAPTION: f64 = 32.0;
/// How tall a caption may be before its box is made wider, when the row has room, mm.
const COMFORT: f64 = 10.0;
/// The widest a box is made for its caption's comfort, in marker spaces.
const STRETCH: f64 = 2.5;
/// Room under a part that continues on the next page, for the note saying so, mm.
const TAIL: f64 = 5.0;
/// The narrowest band over a track, mm.
const MIN_BAND: f64 = 130.0;
/// The size of a track's band on its own page and on a play sheet, pt.
const PAGE_BAND_PT: f64 = 12.0;
const SHEET_BAND_PT: f64 = 10.0;

/// The marker size a track's boxes hold, mm.
pub(crate) fn marker_mm(ctx: &Ctx<'_>, track: &Track) -> f64 {
    track.marker_mm.as_ref().map_or(ctx.pack.print.counter_mm, |m| m.value)
}

/// What one box prints: its number (the label's leading number when it has one, as a tug of war
/// prints "20" for the USSR's 20), its label and its attributes under their names.
#[derive(Debug, PartialEq)]
pub(crate) struct BoxText {
    pub(crate) number: String,
    pub(crate) label: String,
    pub(crate) attributes: String,
}

/// `previous` is the box before `b`: an attribute it gives the same value is not printed again
/// (a turn track says "hand size 8" where it becomes 8, not in every box after), unless the
/// attribute is printed in every box (`every_box`: the ops each space race attempt needs).
pub(crate) fn box_text(msg: &Messages, track: &Track, b: &TrackBox, previous: Option<&TrackBox>) -> BoxText {
    // A leading number, or the value with a sign after it ("30+"), is what the box prints large;
    // each language's label gives it up before the languages are joined ("5 平和", "5 peace").
    let is_number = |t: &str| {
        t.parse::<i64>().is_ok()
            || t.strip_prefix(&b.value.to_string())
                .is_some_and(|r| !r.is_empty() && r.chars().all(|c| "+-±".contains(c)))
    };
    let split = |label: &str| -> (Option<String>, String) {
        let label = label.trim();
        match label.split_once(' ') {
            Some((n, rest)) if is_number(n) => (Some(n.to_string()), rest.trim().to_string()),
            _ if is_number(label) => (Some(label.to_string()), String::new()),
            _ => (None, label.to_string()),
        }
    };
    let (number_ja, ja) = split(&b.label.ja);
    let (number_en, en) = split(&b.label.en);
    let first_is_ja = msg.languages().first() == Some(&"ja");
    let number = if first_is_ja { number_ja.or(number_en) } else { number_en.or(number_ja) };
    let number = number.unwrap_or_else(|| b.value.to_string());
    let rest = msg.name(&crate::model::Names { ja, en });
    let attributes = track
        .attributes
        .iter()
        .filter_map(|a| {
            let here = b.attributes.get(&a.id)?;
            if !a.every_box && previous.and_then(|p| p.attributes.get(&a.id)) == Some(here) {
                return None;
            }
            // Each language on its own line, in its own words: `開始：ここから始める`, then
            // `start: the game starts here` (a value written once prints once per language).
            Some(msg.each_language("\n", |m| {
                m.fill_first("tracks.attribute", &[("label", &m.name(&a.name)), ("value", &m.name(here))])
            }))
        })
        .collect::<Vec<_>>()
        .join("\n");
    BoxText { number, label: rest.trim().to_string(), attributes }
}

/// A track's heading as a printed game's track reads ("DEFCON track", "ターン・トラック"): its
/// name with the word for track, unless the name says it already.
pub(crate) fn heading(msg: &Messages, track: &Track) -> String {
    msg.each_language(" ", |m| {
        let name = m.name(&track.name);
        let lower = name.to_lowercase();
        let text = if lower.ends_with("track") || name.ends_with("トラック") || name.ends_with("表") {
            name
        } else {
            m.fill("tracks.heading", &[("name", &name)])
        };
        let mut chars = text.chars();
        chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
    })
}

/// How a track's boxes lie: so many to a row, each `box_w` wide, and each row's height.
#[derive(Debug)]
struct Geometry {
    texts: Vec<BoxText>,
    per_row: usize,
    box_w: f64,
    /// The marker space's side (marker + room), mm.
    square: f64,
    /// Each row's caption height (0 for a row without captions), mm.
    captions: Vec<f64>,
    /// Whether the rows leave room for arrows at their ends.
    arrows: bool,
}

impl Geometry {
    fn row_height(&self, row: usize) -> f64 {
        self.square + self.captions[row]
    }

    fn rows(&self) -> usize {
        self.captions.len()
    }

    /// The width the band over the track takes: the rows' width (a short track is headed over
    /// its own boxes), but at least [`MIN_BAND`] for the heading, and at most `width`.
    fn band_width(&self, width: f64) -> f64 {
        let rows = self.per_row as f64 * self.box_w + if self.arrows { ARROW } else { 0.0 };
        rows.max(MIN_BAND).min(width)
    }
}

fn caption_height(fonts: &Fonts, t: &BoxText, w: f64) -> f64 {
    let at = |text: &str, weight| height_at(fonts, text, w - 2.0 * PAD, CAPTION_PT, 1.15, Style::main(weight));
    with_padding(at(&t.label, Weight::Bold), at(&t.attributes, Weight::Regular))
}

/// The room between a box's label and its attributes: their lines' leading, so that a label's
/// descenders (`Space`) keep clear of the next line's kanji, mm.
const LABEL_GAP: f64 = 0.15 * CAPTION_PT / PT_PER_MM;

/// A caption's height from its label's and attributes' heights: padded, or none.
fn with_padding(label: f64, attributes: f64) -> f64 {
    let gap = if label > 0.0 && attributes > 0.0 { LABEL_GAP } else { 0.0 };
    let h = label + gap + attributes;
    if h > 0.0 {
        h + 2.0 * PAD
    } else {
        0.0
    }
}

/// Whether `caption_height(fonts, t, w) <= most`, told without laying out more of a caption
/// than `most` holds: widths are tried one after another, and a megabyte-long label must not be
/// laid out whole at each.
fn caption_within(fonts: &Fonts, t: &BoxText, w: f64, most: f64) -> bool {
    let at =
        |text: &str, weight| height_within(fonts, text, w - 2.0 * PAD, CAPTION_PT, 1.15, Style::main(weight), most);
    match (at(&t.label, Weight::Bold), at(&t.attributes, Weight::Regular)) {
        (Some(label), Some(attributes)) => with_padding(label, attributes) <= most,
        // One text alone is taller than `most`.
        _ => false,
    }
}

/// The boxes of `track` across `width` mm: as many to a row as fit at the marker's size (or at
/// the width the longest caption word needs), fewer when a caption would grow taller than
/// [`MAX_CAPTION`], rows balanced, boxes widened only as far as their captions need.
fn geometry(fonts: &Fonts, msg: &Messages, track: &Track, marker: f64, width: f64) -> Geometry {
    let texts: Vec<BoxText> = track
        .boxes
        .iter()
        .enumerate()
        .map(|(i, b)| box_text(msg, track, b, i.checked_sub(1).map(|p| &track.boxes[p])))
        .collect();
    let square = marker + MARKER_ROOM;
    let count = texts.len().max(1);
    // A word longer than this may break. The pieces measured are those no line may break
    // inside: a Latin word, a katakana word, a number, not a run of Japanese text (which breaks
    // between characters, so a long sentence does not force wide boxes).
    const LONGEST_WORD: f64 = 28.0;
    let piece_mm = |text: &str, weight| {
        let em = crate::text::breaking::widest_piece_em(fonts, text, (Style::main(weight), Words::Anywhere));
        em * CAPTION_PT / PT_PER_MM
    };
    let longest = texts
        .iter()
        .map(|t| piece_mm(&t.label, Weight::Bold).max(piece_mm(&t.attributes, Weight::Regular)))
        .fold(0.0, f64::max)
        .min(LONGEST_WORD);
    let narrowest = square.max(longest + 2.0 * PAD + 0.5);
    let fits = |arrows: bool| ((width - if arrows { ARROW } else { 0.0 }) / narrowest).floor().max(1.0) as usize;
    let arrows = fits(false) < count;
    let usable = width - if arrows { ARROW } else { 0.0 };
    let mut most = fits(arrows).clamp(1, count);
    while most > 1 {
        let bw = usable / most as f64;
        if texts.iter().all(|t| caption_within(fonts, t, bw, MAX_CAPTION)) {
            break;
        }
        most -= 1;
    }
    let rows = count.div_ceil(most);
    let per_row = count.div_ceil(rows);
    // As narrow as keeps every caption within a comfortable height (a track of numbers is its
    // markers' width), never wider than the row allows: a short track is not stretched.
    let widest = usable / per_row as f64;
    let fits = |bw: f64, most: f64| texts.iter().all(|t| caption_within(fonts, t, bw, most));
    let wide = (STRETCH * square).max(narrowest);
    let upper = if wide < widest && fits(wide, MAX_CAPTION) { wide } else { widest };
    // A track that wraps fills its rows: each row as wide as the room, like every other
    // wrapping track on the sheet.
    let box_w = if rows > 1 {
        widest
    } else {
        (0..)
            .map(|i| narrowest + f64::from(i))
            .take_while(|&bw| bw < upper)
            .find(|&bw| fits(bw, COMFORT))
            .unwrap_or(upper)
    };
    let captions = texts
        .chunks(per_row)
        .map(|row| row.iter().map(|t| caption_height(fonts, t, box_w)).fold(0.0, f64::max))
        .collect();
    Geometry { texts, per_row, box_w, square, captions, arrows }
}

/// Draws rows `rows` of a track's boxes from (`x`, `y`); returns the y below the last.
fn draw_rows(c: &mut Canvas<'_>, track: &Track, g: &Geometry, rows: Range<usize>, (x, y): (f64, f64)) -> f64 {
    let value_pt = (g.square * 0.4 * PT_PER_MM).clamp(10.0, 20.0);
    let last_row = g.rows() - 1;
    let mut top = y;
    for row in rows {
        let h = g.row_height(row);
        let start = row * g.per_row;
        let end = (start + g.per_row).min(track.boxes.len());
        for (i, (b, t)) in track.boxes[start..end].iter().zip(&g.texts[start..end]).enumerate() {
            let owner = Owner::new(format!("track `{}` box {}", track.id, b.value), Some(&b.span));
            let bx = x + i as f64 * g.box_w;
            c.raw(&format!(
                r##"<rect class="track-box" x="{}" y="{}" width="{}" height="{}" fill="{CREAM}" stroke="{INK}" stroke-width="0.4"/>"##,
                mm(bx),
                mm(top),
                mm(g.box_w),
                mm(h)
            ));
            c.text(
                TextBox::new(&t.number, bx + PAD, top + PAD, g.box_w - 2.0 * PAD, g.square - 2.0 * PAD)
                    .size(value_pt)
                    .min(8.0)
                    .bold()
                    .lines(1)
                    .centred()
                    .fill(INK)
                    .of(&owner),
            );
            if g.captions[row] > 0.0 {
                // The caption strip under the marker space, shaded so the space reads as the spot;
                // every box of a row with captions has it, so the row's boxes look alike (an empty
                // one unruled, so that it does not read as a form to fill).
                let rule = if t.label.is_empty() && t.attributes.is_empty() { "none" } else { INK };
                c.raw(&format!(
                    r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#ffffff" stroke="{rule}" stroke-width="0.2"/>"##,
                    mm(bx + 0.2),
                    mm(top + g.square),
                    mm(g.box_w - 0.4),
                    mm(h - g.square - 0.2)
                ));
                let (cx, cw) = (bx + PAD, g.box_w - 2.0 * PAD);
                let mut cy = top + g.square + PAD;
                if !t.label.is_empty() {
                    let laid = c.text(
                        TextBox::new(&t.label, cx, cy, cw, top + h - PAD - cy)
                            .size(CAPTION_PT)
                            .min(6.0)
                            .bold()
                            .leading(1.15)
                            .align(crate::render::page::canvas::Align::Middle)
                            .of(&owner),
                    );
                    cy = laid.bottom + LABEL_GAP;
                }
                if !t.attributes.is_empty() {
                    c.text(
                        TextBox::new(&t.attributes, cx, cy, cw, (top + h - PAD - cy).max(0.1))
                            .size(CAPTION_PT)
                            .min(6.0)
                            .leading(1.15)
                            .align(crate::render::page::canvas::Align::Middle)
                            .of(&owner),
                    );
                }
            }
        }
        if g.arrows && row < last_row {
            arrow(c, (x + g.per_row as f64 * g.box_w + 0.8, top + g.square / 2.0));
        }
        top += h + ROW_GAP;
    }
    top - ROW_GAP
}

/// A solid arrowhead pointing right with its tip `ARROW - 1` mm right of (`x`, `y`).
fn arrow(c: &mut Canvas<'_>, (x, y): (f64, f64)) {
    let (w, h) = (ARROW - 1.2, 2.6);
    c.raw(&format!(
        r##"<path d="M{} {} L{} {} L{} {} Z" fill="{INK}"/>"##,
        mm(x),
        mm(y - h),
        mm(x + w),
        mm(y),
        mm(x),
        mm(y + h)
    ));
}

/// A whole track on a play sheet: its band and every row; returns the y below it.
pub(crate) fn on_sheet(c: &mut Canvas<'_>, ctx: &Ctx<'_>, track: &Track, (x, y): (f64, f64), w: f64) -> f64 {
    let owner = Owner::new(format!("track `{}`", track.id), Some(&track.span));
    let g = geometry(c.fonts(), &ctx.msg, track, marker_mm(ctx, track), w);
    let below = band(c, &heading(&ctx.msg, track), "", (x, y, g.band_width(w)), SHEET_BAND_PT, &owner);
    draw_rows(c, track, &g, 0..g.rows(), (x, below + 1.5))
}

/// One page's share of one track: which track and which of its rows.
#[derive(Clone, Debug, PartialEq)]
struct Part {
    track: usize,
    rows: Range<usize>,
}

/// Puts tracks on pages of `room` mm: each track is a heading of `head` mm over rows of the
/// given heights. A track goes whole onto the page when it fits there, else whole onto the next
/// page when a page holds it, else its rows are split over pages, each part under its own
/// heading, the parts that continue leaving [`TAIL`] for the note saying so.
fn paginate(tracks: &[(f64, Vec<f64>)], room: f64) -> Vec<Vec<Part>> {
    let height =
        |head: f64, rows: &[f64]| head + rows.iter().sum::<f64>() + ROW_GAP * rows.len().saturating_sub(1) as f64;
    let mut pages: Vec<Vec<Part>> = vec![Vec::new()];
    let mut used = 0.0;
    for (t, (head, rows)) in tracks.iter().enumerate() {
        let whole = height(*head, rows);
        let start = if used > 0.0 { used + TRACK_GAP } else { 0.0 };
        if start + whole <= room || (used == 0.0 && rows.len() <= 1) {
            pages.last_mut().expect("a page").push(Part { track: t, rows: 0..rows.len() });
            used = start + whole;
            continue;
        }
        if used > 0.0 && whole <= room {
            pages.push(vec![Part { track: t, rows: 0..rows.len() }]);
            used = whole;
            continue;
        }
        let mut r = 0;
        while r < rows.len() {
            let start = if used > 0.0 { used + TRACK_GAP } else { 0.0 };
            // As many rows as fit under the heading, with room for the note when more follow.
            let fit = (1..=rows.len() - r)
                .rev()
                .find(|&k| {
                    let tail = if r + k < rows.len() { TAIL } else { 0.0 };
                    start + height(*head, &rows[r..r + k]) + tail <= room
                })
                .unwrap_or(0);
            let k = match fit {
                0 if used > 0.0 => {
                    pages.push(Vec::new());
                    used = 0.0;
                    continue;
                }
                0 => 1, // not even one row fits an empty page: it goes alone and is reported
                k => k,
            };
            pages.last_mut().expect("a page").push(Part { track: t, rows: r..r + k });
            used = start + height(*head, &rows[r..r + k]);
            r += k;
            if r < rows.len() {
                pages.push(Vec::new());
                used = 0.0;
            }
        }
    }
    pages.retain(|p| !p.is_empty());
    pages
}

/// The track pages: landscape on the run's paper, tracks stacked in the pack's order.
pub(crate) fn pages(ctx: &mut Ctx<'_>, tracks: &[&Track], paper: Paper) -> Vec<Page> {
    let paper = paper.landscape();
    let size = (paper.width, paper.height);
    let (ax, ay, aw, ah) = ctx.canvas(size, Owner::default()).area();
    let (x, w) = (ax + 2.0, aw - 4.0);
    let head = band_height(PAGE_BAND_PT) + 1.5;
    let geometries: Vec<Geometry> =
        tracks.iter().map(|t| geometry(ctx.fonts, &ctx.msg, t, marker_mm(ctx, t), w)).collect();
    let heights: Vec<(f64, Vec<f64>)> =
        geometries.iter().map(|g| (head, (0..g.rows()).map(|r| g.row_height(r)).collect())).collect();
    let plan = paginate(&heights, ah - 2.0);
    let mut out = Vec::new();
    for (p, parts) in plan.iter().enumerate() {
        let mut c = ctx.canvas(size, Owner::default());
        let mut y = ay + 1.0;
        for part in parts {
            let (track, g) = (&tracks[part.track], &geometries[part.track]);
            let owner = Owner::new(format!("track `{}`", track.id), Some(&track.span));
            // A part after the first continues the one on the page before.
            let aside = if part.rows.start > 0 {
                ctx.msg.fill("tracks.continued_from", &[("page", &p.to_string())])
            } else {
                String::new()
            };
            let below = band(&mut c, &heading(&ctx.msg, track), &aside, (x, y, g.band_width(w)), PAGE_BAND_PT, &owner);
            y = draw_rows(&mut c, track, g, part.rows.clone(), (x, below + 1.5));
            if part.rows.end < g.rows() {
                let next = (p + 2).to_string();
                let from = track.boxes.get(part.rows.end * g.per_row).map_or(String::new(), |b| b.value.to_string());
                let note = ctx.msg.fill("tracks.continued_on", &[("page", &next), ("box", &from)]);
                let laid = c.text(
                    TextBox::new(&note, x, y + 1.0, g.band_width(w) - ARROW - 1.0, TAIL - 1.0)
                        .size(8.0)
                        .min(6.0)
                        .lines(1)
                        .bold()
                        .align(crate::render::page::canvas::Align::End)
                        .of(&owner),
                );
                arrow(&mut c, (x + g.band_width(w) - ARROW + 0.8, (laid.top + laid.bottom) / 2.0));
                y += TAIL;
            }
            y += TRACK_GAP;
        }
        out.push(ctx.finish(c, &ctx.msg.first("products.track")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Names, TrackAttribute};

    fn names(both: &str) -> Names {
        Names { ja: both.into(), en: both.into() }
    }

    fn defcon() -> Track {
        let attribute = |id: &str, ja: &str, en: &str| TrackAttribute {
            id: id.into(),
            name: Names { ja: ja.into(), en: en.into() },
            every_box: false,
            kind: crate::model::FieldKind::Text,
            order: None,
            states: None,
        };
        let level = |value: i64, label: &str, forbids: &str| TrackBox {
            value,
            label: names(label),
            attributes: [("forbids".to_string(), names(forbids))].into_iter().collect(),
            values: Default::default(),
            span: Default::default(),
        };
        Track {
            id: "defcon".into(),
            name: Names { ja: "デフコン".into(), en: "DEFCON".into() },
            attributes: vec![attribute("forbids", "禁止", "forbids")],
            boxes: vec![
                level(5, "5 平和 / peace", "nothing"),
                level(4, "4", "coups and realignment rolls in Europe"),
                level(3, "3", "coups and realignment rolls in Europe and Asia"),
            ],
            marker_mm: None,
            markers: Vec::new(),
            shape: Default::default(),
            span: Default::default(),
        }
    }

    fn numbers(n: i64) -> Track {
        Track {
            name: Names { ja: "勝利得点".into(), en: "victory points".into() }, ..Track::numbered("vp", 0..=n - 1)
        }
    }

    #[test]
    fn a_box_prints_its_number_its_label_and_its_attributes_under_their_labels() {
        let track = defcon();
        let both = Messages::new(&["ja", "en"]);
        let t = box_text(&both, &track, &track.boxes[0], None);
        assert_eq!((t.number.as_str(), t.label.as_str()), ("5", "平和 / peace"));
        // Each language on its own line, with its own label and punctuation.
        assert_eq!(t.attributes, "禁止：nothing\nforbids: nothing");
        let english = Messages::new(&["en"]);
        let t = box_text(&english, &track, &track.boxes[2], Some(&track.boxes[1]));
        assert_eq!((t.number.as_str(), t.label.as_str()), ("3", ""));
        assert_eq!(t.attributes, "forbids: coups and realignment rolls in Europe and Asia");
    }

    #[test]
    fn an_attribute_prints_where_it_changes_not_in_every_box_after() {
        let mut track = defcon();
        let same = track.boxes[1].attributes.clone();
        track.boxes[2].attributes = same;
        let t = box_text(&Messages::new(&["en"]), &track, &track.boxes[2], Some(&track.boxes[1]));
        assert_eq!(t.attributes, "", "box 3 forbids what box 4 does: said once, in box 4");
        // An attribute printed in every box (a cost each attempt pays) is said again.
        track.attributes[0].every_box = true;
        let t = box_text(&Messages::new(&["en"]), &track, &track.boxes[2], Some(&track.boxes[1]));
        assert_eq!(t.attributes, "forbids: coups and realignment rolls in Europe");
    }

    #[test]
    fn a_tug_of_war_box_prints_the_number_its_label_leads_with() {
        let mut track = numbers(1);
        track.boxes[0].value = -20;
        track.boxes[0].label = names("20 USSR");
        let t = box_text(&Messages::new(&["en"]), &track, &track.boxes[0], None);
        assert_eq!((t.number.as_str(), t.label.as_str()), ("20", "USSR"));
        // An open end prints as its number: "30+", not 30 over "30+".
        track.boxes[0].value = 30;
        track.boxes[0].label = names("30+");
        let t = box_text(&Messages::new(&["en"]), &track, &track.boxes[0], None);
        assert_eq!((t.number.as_str(), t.label.as_str()), ("30+", ""));
    }

    #[test]
    fn headings_name_the_track_once_in_each_language() {
        let msg = Messages::new(&["ja", "en"]);
        assert_eq!(heading(&msg, &defcon()), "デフコントラック DEFCON track");
        let mut turn = numbers(1);
        turn.name = Names { ja: "ターン記録トラック".into(), en: "turn record track".into() };
        assert_eq!(heading(&msg, &turn), "ターン記録トラック Turn record track");
    }

    #[test]
    fn every_box_holds_its_marker_with_a_millimetre_to_spare() {
        let fonts = Fonts::embedded();
        let msg = Messages::new(&["ja", "en"]);
        for (track, marker) in [(defcon(), 15.0), (numbers(41), 15.0), (numbers(30), 22.0)] {
            let g = geometry(&fonts, &msg, &track, marker, 277.0);
            assert!(g.box_w >= marker + 1.0 && g.square >= marker + 1.0, "{g:?}");
            assert!(g.per_row as f64 * g.box_w + if g.arrows { ARROW } else { 0.0 } <= 277.0 + 1e-9);
            assert!(g.captions.iter().all(|&h| h <= MAX_CAPTION), "{g:?}");
            assert_eq!(g.rows(), track.boxes.len().div_ceil(g.per_row));
        }
        // 41 boxes of 16 mm: 17 fit a row less its arrow, so three balanced rows of 14, their
        // boxes widened to fill the row (a wrapping track spans the room, as the others do).
        let g = geometry(&fonts, &msg, &numbers(41), 15.0, 277.0);
        assert_eq!((g.per_row, g.rows(), g.box_w), (14, 3, (277.0 - ARROW) / 14.0));
        // One row of 10 is as wide as its markers need, not stretched to the room.
        let g = geometry(&fonts, &msg, &numbers(10), 15.0, 277.0);
        assert_eq!((g.per_row, g.rows(), g.box_w), (10, 1, 16.0));
    }

    #[test]
    fn tracks_that_fit_share_a_page_and_one_that_does_not_fit_moves_on_whole() {
        let tracks = vec![(8.0, vec![20.0]), (8.0, vec![20.0, 20.0]), (8.0, vec![20.0; 3])];
        let pages = paginate(&tracks, 150.0);
        assert_eq!(pages.len(), 2, "{pages:?}");
        assert_eq!(pages[0], [Part { track: 0, rows: 0..1 }, Part { track: 1, rows: 0..2 }]);
        assert_eq!(pages[1], [Part { track: 2, rows: 0..3 }]);
    }

    #[test]
    fn a_track_longer_than_a_page_is_split_between_rows_each_part_headed() {
        // Heading 8 + rows of 30 with 2.5 between: four rows take 135.5, plus the tail 140.5.
        let pages = paginate(&[(8.0, vec![10.0]), (8.0, vec![30.0; 9])], 150.0);
        assert_eq!(
            pages,
            [
                vec![Part { track: 0, rows: 0..1 }, Part { track: 1, rows: 0..3 }],
                vec![Part { track: 1, rows: 3..7 }],
                vec![Part { track: 1, rows: 7..9 }],
            ]
        );
        // A row taller than a page still goes somewhere (alone, to be reported), never lost.
        let pages = paginate(&[(8.0, vec![200.0, 10.0])], 150.0);
        assert_eq!(pages, [vec![Part { track: 0, rows: 0..1 }], vec![Part { track: 0, rows: 1..2 }]]);
    }

    #[test]
    fn a_track_page_fits_every_text_at_six_points_or_more() {
        let fonts = Fonts::embedded();
        let pack = crate::model::Pack::default();
        let mut ctx = Ctx::new(&pack, &fonts);
        let pages = pages(&mut ctx, &[&defcon(), &numbers(41)], Paper::A4);
        assert!(ctx.warnings.is_empty(), "{:?}", ctx.warnings);
        assert_eq!(pages.len(), 1);
        assert!(pages[0].svg.text().contains(">forbids: nothing</text>"), "{}", pages[0].svg.text());
        assert_eq!(pages[0].svg.text().matches(r#"class="track-box""#).count(), 44);
    }

    #[test]
    fn a_split_track_says_where_it_continues() {
        let fonts = Fonts::embedded();
        let pack = crate::model::Pack::default();
        let mut ctx = Ctx::new(&pack, &fonts);
        let pages = pages(&mut ctx, &[&numbers(200)], Paper::A4);
        assert!(ctx.warnings.is_empty(), "{:?}", ctx.warnings);
        assert_eq!(pages.len(), 2);
        assert!(pages[0].svg.text().contains("continued on sheet 2"), "{}", pages[0].svg.text());
        assert!(pages[1].svg.text().contains("continued from sheet 1"), "{}", pages[1].svg.text());
    }

    #[test]
    fn a_box_named_with_a_two_megabyte_word_is_measured_at_a_cost_linear_in_its_length() {
        // Issue 30: a 1.7 MB word as a track box's name made `build` run for more than 300 s:
        // each width tried for the boxes laid the whole caption out again.
        let fonts = Fonts::embedded();
        let msg = Messages::new(&["en"]);
        let mut track = defcon();
        let word = "y".repeat(2_000_000);
        track.boxes[1].label = names(&format!("4 {word}"));
        let g = geometry(&fonts, &msg, &track, 15.0, 277.0);
        // The caption is as tall as the word needs, in boxes as wide as the row allows.
        assert!(g.captions.iter().any(|&h| h > 10_000.0), "{g:?}");
        let per_byte = fonts.work() as f64 / word.len() as f64;
        assert!(per_byte < 8.0, "{per_byte} units of work per byte");
    }
}
