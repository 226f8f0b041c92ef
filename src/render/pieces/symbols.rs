//! Unit symbols in the NATO APP-6 manner, as printed on hex-and-counter wargame counters: a frame
//! (a 3:2 rectangle for land units, a circle for naval ones) with an icon inside: infantry's
//! crossed diagonals, armour's track, artillery's dot, recon's single diagonal, a headquarters'
//! staff. A pack adds its own icon as SVG path data in a 0..1 box laid over the frame's inside
//! (see [`UnitSymbol`]); the loader checks that data with [`parse_path`], templates draw a
//! symbol with `symbol(...)`, which calls [`draw`].

use std::fmt::Write;

use crate::model::UnitSymbol;

use crate::render::templates::mm;

/// A built-in symbol: its frame, whether it carries a headquarters staff, its stroked icon and
/// its filled icon (path data in the frame's 0..1 box).
struct BuiltIn {
    name: &'static str,
    frame: Frame,
    staff: bool,
    stroke: &'static str,
    fill: &'static str,
}

/// Armour's track: a stadium across the middle (arc radii are in units of the box's height).
const TRACK: &str = "M0.3 0.3 L0.7 0.3 A0.2 0.2 0 0 1 0.7 0.7 L0.3 0.7 A0.2 0.2 0 0 1 0.3 0.3 Z";
/// Infantry's crossed diagonals.
const CROSS: &str = "M0 0 L1 1 M0 1 L1 0";

const BUILT_IN: &[BuiltIn] = &[
    BuiltIn { name: "infantry", frame: Frame::Rectangle, staff: false, stroke: CROSS, fill: "" },
    BuiltIn { name: "armour", frame: Frame::Rectangle, staff: false, stroke: TRACK, fill: "" },
    BuiltIn {
        name: "mechanised",
        frame: Frame::Rectangle,
        staff: false,
        stroke: concat!(
            "M0 0 L1 1 M0 1 L1 0 ",
            "M0.3 0.3 L0.7 0.3 A0.2 0.2 0 0 1 0.7 0.7 L0.3 0.7 A0.2 0.2 0 0 1 0.3 0.3 Z"
        ),
        fill: "",
    },
    BuiltIn {
        name: "artillery",
        frame: Frame::Rectangle,
        staff: false,
        stroke: "",
        fill: "M0.5 0.34 A0.16 0.16 0 1 1 0.5 0.66 A0.16 0.16 0 1 1 0.5 0.34 Z",
    },
    BuiltIn { name: "recon", frame: Frame::Rectangle, staff: false, stroke: "M0 1 L1 0", fill: "" },
    BuiltIn { name: "hq", frame: Frame::Rectangle, staff: true, stroke: "", fill: "" },
    // Fixed-wing aviation: a propeller of two lobes.
    BuiltIn {
        name: "air",
        frame: Frame::Rectangle,
        staff: false,
        stroke: "M0.5 0.5 C0.42 0.22 0.18 0.22 0.18 0.5 C0.18 0.78 0.42 0.78 0.5 0.5 \
                 C0.58 0.22 0.82 0.22 0.82 0.5 C0.82 0.78 0.58 0.78 0.5 0.5 Z",
        fill: "",
    },
    // A sea unit: the round frame with an anchor.
    BuiltIn {
        name: "naval",
        frame: Frame::Circle,
        staff: false,
        stroke: "M0.5 0.26 L0.5 0.8 M0.34 0.36 L0.66 0.36 M0.24 0.56 C0.26 0.76 0.4 0.8 0.5 0.8 \
                 C0.6 0.8 0.74 0.76 0.76 0.56",
        fill: "M0.5 0.12 A0.07 0.07 0 1 1 0.5 0.26 A0.07 0.07 0 1 1 0.5 0.12 Z",
    },
    // A fortified position: battlements.
    BuiltIn {
        name: "fortification",
        frame: Frame::Rectangle,
        staff: false,
        stroke: "M0.16 0.82 L0.16 0.28 L0.32 0.28 L0.32 0.44 L0.42 0.44 L0.42 0.28 L0.58 0.28 L0.58 0.44 \
                 L0.68 0.44 L0.68 0.28 L0.84 0.28 L0.84 0.82 Z",
        fill: "",
    },
];

/// Other spellings of the built-in names.
const ALIASES: &[(&str, &str)] = &[
    ("armor", "armour"),
    ("mechanized", "mechanised"),
    ("mech", "mechanised"),
    ("cavalry", "recon"),
    ("reconnaissance", "recon"),
    ("headquarters", "hq"),
    ("aviation", "air"),
    ("fortress", "fortification"),
    ("fort", "fortification"),
];

/// The frame around a symbol's icon.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Frame {
    /// A land unit's 3:2 rectangle.
    Rectangle,
    /// A sea unit's circle.
    Circle,
    /// No frame: the icon alone, in a 3:2 box.
    None,
}

/// The frames a pack may name.
pub const FRAMES: &[&str] = &["rectangle", "circle", "none"];

impl Frame {
    fn named(name: &str) -> Option<Frame> {
        match name {
            "rectangle" => Some(Frame::Rectangle),
            "circle" => Some(Frame::Circle),
            "none" => Some(Frame::None),
            _ => None,
        }
    }
}

/// The built-in symbol called `name` (or one of its other spellings).
fn built_in(name: &str) -> Option<&'static BuiltIn> {
    let name = ALIASES.iter().find(|(alias, _)| *alias == name).map_or(name, |(_, n)| n);
    BUILT_IN.iter().find(|b| b.name == name)
}

/// Whether `name` is a built-in symbol (`infantry`, `armor`, …).
pub fn is_built_in(name: &str) -> bool {
    built_in(name).is_some()
}

/// The built-in symbols' names, for hints.
pub fn built_in_names() -> String {
    BUILT_IN.iter().map(|b| b.name).collect::<Vec<_>>().join(", ")
}

/// One segment of a symbol's path, coordinates in the 0..1 box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Segment {
    /// Move to.
    Move(f64, f64),
    /// Line to.
    Line(f64, f64),
    /// Cubic Bézier: two controls and the end.
    Cubic([f64; 6]),
    /// Quadratic Bézier: a control and the end.
    Quad([f64; 4]),
    /// Elliptical arc: radii (in units of the box's height), rotation, large-arc and sweep flags, end.
    Arc([f64; 7]),
    /// Close the subpath.
    Close,
}

/// What is wrong with a path, and where (a byte offset into it).
#[derive(Debug, PartialEq)]
pub struct PathError {
    /// Byte offset of the offending command or number.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads symbol path data: absolute commands `M L H V C Q A Z` (a command's arguments may repeat;
/// numbers after `M` are lines), every coordinate within the 0..1 box.
pub fn parse_path(d: &str) -> Result<Vec<Segment>, PathError> {
    let tokens = tokens(d)?;
    let mut out = Vec::new();
    let (mut i, mut command, mut at) = (0, None::<(char, usize)>, (0.0, 0.0));
    while i < tokens.len() {
        let (offset, token) = tokens[i];
        let (c, c_offset) = match token {
            Token::Command(c) => {
                i += 1;
                (c, offset)
            }
            Token::Number(_) => match command {
                Some(('M', o)) => ('L', o),
                Some((c, o)) if c != 'Z' => (c, o),
                _ => {
                    return Err(PathError { offset, message: "a number where a command (M, L, …) should be".into() })
                }
            },
        };
        command = Some((c, c_offset));
        let arity = match c {
            'M' | 'L' => 2,
            'H' | 'V' => 1,
            'C' => 6,
            'Q' => 4,
            'A' => 7,
            'Z' => 0,
            other => {
                let message = if other.is_ascii_lowercase() {
                    format!("relative command `{other}`: write absolute commands (upper case) in the 0..1 box")
                } else {
                    format!("unknown command `{other}`: use M, L, H, V, C, Q, A or Z")
                };
                return Err(PathError { offset, message });
            }
        };
        let mut args = [0.0; 7];
        for (k, arg) in args.iter_mut().enumerate().take(arity) {
            match tokens.get(i + k) {
                Some((_, Token::Number(n))) => *arg = *n,
                _ => {
                    let offset = tokens.get(i + k).map_or(d.len(), |(o, _)| *o);
                    return Err(PathError { offset, message: format!("`{c}` takes {arity} numbers") });
                }
            }
        }
        // Which arguments are coordinates in the box (arcs' radii, rotation and flags are not).
        let coordinates: &[usize] = match c {
            'A' => &[5, 6],
            _ => &[0, 1, 2, 3, 4, 5],
        };
        for k in coordinates.iter().filter(|k| **k < arity) {
            if !(-1e-9..=1.0 + 1e-9).contains(&args[*k]) {
                let offset = tokens[i + k].0;
                return Err(PathError { offset, message: format!("{} is outside the 0..1 box", args[*k]) });
            }
        }
        if c == 'A' {
            for k in [0, 1] {
                if !(args[k] > 0.0 && args[k] <= 2.0) {
                    return Err(PathError {
                        offset: tokens[i + k].0,
                        message: format!("arc radius {} must be above 0 and at most 2", args[k]),
                    });
                }
            }
            for k in [3, 4] {
                if args[k] != 0.0 && args[k] != 1.0 {
                    return Err(PathError { offset: tokens[i + k].0, message: "an arc's flags are 0 or 1".into() });
                }
            }
        }
        let segment = match c {
            'M' => Segment::Move(args[0], args[1]),
            'L' => Segment::Line(args[0], args[1]),
            'H' => Segment::Line(args[0], at.1),
            'V' => Segment::Line(at.0, args[0]),
            'C' => Segment::Cubic([args[0], args[1], args[2], args[3], args[4], args[5]]),
            'Q' => Segment::Quad([args[0], args[1], args[2], args[3]]),
            'A' => Segment::Arc(args),
            _ => Segment::Close,
        };
        if out.is_empty() && !matches!(segment, Segment::Move(..)) {
            return Err(PathError { offset: c_offset, message: "a path starts with `M`".into() });
        }
        at = match segment {
            Segment::Move(x, y) | Segment::Line(x, y) => (x, y),
            Segment::Cubic(a) => (a[4], a[5]),
            Segment::Quad(a) => (a[2], a[3]),
            Segment::Arc(a) => (a[5], a[6]),
            Segment::Close => at,
        };
        out.push(segment);
        i += arity;
    }
    Ok(out)
}

#[derive(Clone, Copy, Debug)]
enum Token {
    Command(char),
    Number(f64),
}

/// Splits path data into commands and numbers, each with its byte offset.
fn tokens(d: &str) -> Result<Vec<(usize, Token)>, PathError> {
    let mut out = Vec::new();
    let bytes = d.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() || b == b',' {
            i += 1;
        } else if b.is_ascii_alphabetic() {
            out.push((i, Token::Command(b as char)));
            i += 1;
        } else if b.is_ascii_digit() || b == b'.' || b == b'-' || b == b'+' {
            let start = i;
            i += 1;
            while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
                i += 1;
            }
            let text = &d[start..i];
            let n = text
                .parse::<f64>()
                .map_err(|_| PathError { offset: start, message: format!("`{text}` is not a number") })?;
            out.push((start, Token::Number(n)));
        } else {
            let c = d[i..].chars().next().unwrap_or('?');
            return Err(PathError { offset: i, message: format!("unexpected `{c}` in path data") });
        }
    }
    Ok(out)
}

/// The symbol `symbol` drawn in `ink` inside the box (`x`, `y`, `w`, `h`) in mm, as SVG elements:
/// its frame centred in the box (a 3:2 rectangle, or a circle) and its icons over the frame's
/// inside. An unknown base or unreadable path draws what remains (the loader has reported it).
pub fn draw(symbol: &UnitSymbol, (x, y, w, h): (f64, f64, f64, f64), ink: &str) -> String {
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
    fn every_built_in_icon_is_valid_path_data_inside_the_box() {
        for b in BUILT_IN {
            for d in [b.stroke, b.fill] {
                assert!(parse_path(d).is_ok(), "{}: {:?}", b.name, parse_path(d));
            }
        }
        assert!(is_built_in("armor") && is_built_in("fortress") && is_built_in("cavalry"));
        assert!(!is_built_in("combat-armour"));
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

    #[test]
    fn path_data_is_read_with_repeats_and_bad_data_is_reported_where_it_is() {
        assert_eq!(
            parse_path("M0 0 1 1 H0.5 V0.25 Z").unwrap(),
            [
                Segment::Move(0.0, 0.0),
                Segment::Line(1.0, 1.0),
                Segment::Line(0.5, 1.0),
                Segment::Line(0.5, 0.25),
                Segment::Close
            ]
        );
        let err = |d: &str| parse_path(d).unwrap_err();
        assert_eq!(err("M0 0 L1.5 0.5"), PathError { offset: 6, message: "1.5 is outside the 0..1 box".into() });
        assert_eq!(err("M0 0 l1 1").offset, 5);
        assert!(err("M0 0 l1 1").message.contains("relative command `l`"));
        assert_eq!(err("L0 0").message, "a path starts with `M`");
        assert_eq!(err("M0 0 L1").message, "`L` takes 2 numbers");
        assert_eq!(err("M0 0 A0.2 0.2 0 2 1 1 1").offset, 16);
        assert_eq!(err("M0 0 X1").message, "unknown command `X`: use M, L, H, V, C, Q, A or Z");
        assert_eq!(err("M0 0 L0.5 ½").offset, 10);
    }
}
