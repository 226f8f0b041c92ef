//! Unit symbols drawn in the NATO APP-6 manner, as printed on hex-and-counter wargame counters: a
//! frame (a 3:2 rectangle for land units, a circle for naval ones) with its icon inside. The
//! catalogue of built-in icons and the path syntax are [`crate::model::symbol`]; templates draw a
//! symbol with `symbol(...)`, which calls [`draw`].

use std::fmt::Write;

use crate::model::symbol::{built_in, parse_path, Frame, Segment};
use crate::model::UnitSymbol;

use crate::render::page::mm;

/// The symbol `symbol` drawn in `ink` inside the box (`x`, `y`, `w`, `h`) in mm, as SVG elements:
/// its frame centred in the box (a 3:2 rectangle, or a circle) and its icons over the frame's
/// inside. An unknown base or unreadable path draws what remains (the loader has reported it).
pub(crate) fn draw(symbol: &UnitSymbol, (x, y, w, h): (f64, f64, f64, f64), ink: &str) -> String {
    let base = built_in(&symbol.base);
    let frame = symbol.frame.as_deref().and_then(Frame::named).or(base.map(|b| b.frame)).unwrap_or(
        if symbol.base.is_empty() && symbol.path.is_empty() && symbol.fill.is_empty() {
            Frame::None
        } else {
            Frame::Rectangle
        },
    );
    let staff = base.is_some_and(|b| b.staff);
    // A staff hangs below the frame's left edge: the frame gives it the box's lower fifth.
    let room_h = if staff { h * 0.8 } else { h };
    let (fw, fh) = match frame {
        Frame::Circle => {
            let d = w.min(room_h);
            (d, d)
        }
        _ => {
            let fh = room_h.min(w / 1.5);
            (fh * 1.5, fh)
        }
    };
    let fx = x + (w - fw) / 2.0;
    let fy = if staff { y } else { y + (h - fh) / 2.0 };
    let stroke = mm((fh * 0.075).max(0.12));
    let mut out = String::new();
    let _ =
        write!(out, r#"<g class="symbol" fill="none" stroke="{ink}" stroke-width="{stroke}" stroke-linejoin="round">"#);
    match frame {
        Frame::Rectangle => {
            let _ = write!(out, r#"<rect x="{}" y="{}" width="{}" height="{}"/>"#, mm(fx), mm(fy), mm(fw), mm(fh));
        }
        Frame::Circle => {
            let _ =
                write!(out, r#"<circle cx="{}" cy="{}" r="{}"/>"#, mm(fx + fw / 2.0), mm(fy + fh / 2.0), mm(fw / 2.0));
        }
        Frame::None => {}
    }
    if staff {
        let _ = write!(out, r#"<path d="M{} {} L{} {}"/>"#, mm(fx), mm(fy + fh), mm(fx), mm(y + h));
    }
    let boxed = (fx, fy, fw, fh);
    for d in [base.map_or("", |b| b.stroke), symbol.path.as_str()] {
        if let Some(segments) = parse_path(d).ok().map(|s| placed(&s, boxed)).filter(|s| !s.is_empty()) {
            let _ = write!(out, r#"<path d="{segments}"/>"#);
        }
    }
    for d in [base.map_or("", |b| b.fill), symbol.fill.as_str()] {
        if let Some(segments) = parse_path(d).ok().map(|s| placed(&s, boxed)).filter(|s| !s.is_empty()) {
            let _ = write!(out, r#"<path d="{segments}" fill="{ink}" stroke="none"/>"#);
        }
    }
    out.push_str("</g>");
    out
}

/// Path data in mm for `segments` laid over the box (`x`, `y`, `w`, `h`).
fn placed(segments: &[Segment], (x, y, w, h): (f64, f64, f64, f64)) -> String {
    let px = |v: f64| mm(x + v * w);
    let py = |v: f64| mm(y + v * h);
    let mut d = String::new();
    for s in segments {
        if !d.is_empty() {
            d.push(' ');
        }
        let _ = match *s {
            Segment::Move(a, b) => write!(d, "M{} {}", px(a), py(b)),
            Segment::Line(a, b) => write!(d, "L{} {}", px(a), py(b)),
            Segment::Cubic(c) => {
                write!(d, "C{} {} {} {} {} {}", px(c[0]), py(c[1]), px(c[2]), py(c[3]), px(c[4]), py(c[5]))
            }
            Segment::Quad(q) => write!(d, "Q{} {} {} {}", px(q[0]), py(q[1]), px(q[2]), py(q[3])),
            // Radii are in units of the box's height, so a circle stays round in the 3:2 frame.
            Segment::Arc(a) => {
                write!(d, "A{} {} {} {} {} {} {}", mm(a[0] * h), mm(a[1] * h), a[2], a[3], a[4], px(a[5]), py(a[6]))
            }
            Segment::Close => write!(d, "Z"),
        };
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn symbol(base: &str, path: &str) -> UnitSymbol {
        UnitSymbol { base: base.into(), path: path.into(), ..UnitSymbol::default() }
    }

    #[test]
    fn infantry_is_a_3_by_2_frame_with_its_diagonals_corner_to_corner() {
        let svg = draw(&symbol("infantry", ""), (0.0, 0.0, 9.0, 6.0), "#000000");
        assert!(svg.contains(r#"<rect x="0" y="0" width="9" height="6"/>"#), "{svg}");
        assert!(svg.contains(r#"<path d="M0 0 L9 6 M0 6 L9 0"/>"#), "{svg}");
    }

    #[test]
    fn a_wide_box_centres_the_frame_and_a_tall_one_keeps_its_proportions() {
        let wide = draw(&symbol("recon", ""), (0.0, 0.0, 12.0, 4.0), "#000000");
        assert!(wide.contains(r#"<rect x="3" y="0" width="6" height="4"/>"#), "{wide}");
        let tall = draw(&symbol("recon", ""), (0.0, 0.0, 6.0, 10.0), "#000000");
        assert!(tall.contains(r#"<rect x="0" y="3" width="6" height="4"/>"#), "{tall}");
    }

    #[test]
    fn a_headquarters_hangs_its_staff_below_the_frame_and_naval_units_are_round() {
        let hq = draw(&symbol("hq", ""), (0.0, 0.0, 9.0, 7.5), "#000000");
        assert!(hq.contains(r#"<rect x="0" y="0" width="9" height="6"/>"#), "{hq}");
        assert!(hq.contains(r#"<path d="M0 6 L0 7.5"/>"#), "{hq}");
        let naval = draw(&symbol("naval", ""), (0.0, 0.0, 9.0, 6.0), "#000000");
        assert!(naval.contains(r#"<circle cx="4.5" cy="3" r="3"/>"#), "{naval}");
    }

    #[test]
    fn artillery_is_a_filled_round_dot_and_mechanised_adds_the_track_to_the_cross() {
        let gun = draw(&symbol("artillery", ""), (0.0, 0.0, 9.0, 6.0), "#112233");
        // Radii scale with the height: 0.16 × 6 mm on both axes.
        assert!(gun.contains(r##"A0.96 0.96 0 1 1 4.5 3.96"##) && gun.contains(r##"fill="#112233""##), "{gun}");
        let mech = draw(&symbol("mechanised", ""), (0.0, 0.0, 9.0, 6.0), "#000000");
        assert!(mech.contains("M0 0 L9 6") && mech.contains("A1.2 1.2 0 0 1 6.3 4.2"), "{mech}");
    }

    #[test]
    fn a_packs_own_path_is_drawn_over_its_base_in_the_frames_box() {
        let svg = draw(&symbol("armour", "M0.5 0 L0.5 0.25"), (0.0, 0.0, 9.0, 6.0), "#000000");
        assert!(svg.contains(r#"<path d="M4.5 0 L4.5 1.5"/>"#), "{svg}");
        let bare = draw(&UnitSymbol::default(), (0.0, 0.0, 9.0, 6.0), "#000000");
        assert!(!bare.contains("<rect") && !bare.contains("<path"), "no symbol draws nothing: {bare}");
    }
}
