//! Unit symbols as data: the built-in icons of the NATO APP-6 manner (infantry's crossed
//! diagonals, armour's track, artillery's dot, recon's single diagonal, a headquarters' staff) and
//! the path syntax a pack writes its own icon in (SVG path data in a 0..1 box, see
//! [`super::UnitSymbol`]). The loader checks names and paths here; `render` draws them.

/// A built-in symbol: its frame, whether it carries a headquarters staff, its stroked icon and
/// its filled icon (path data in the frame's 0..1 box).
pub(crate) struct BuiltIn {
    pub(crate) name: &'static str,
    pub(crate) frame: Frame,
    pub(crate) staff: bool,
    pub(crate) stroke: &'static str,
    pub(crate) fill: &'static str,
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
pub(crate) enum Frame {
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
    pub(crate) fn named(name: &str) -> Option<Frame> {
        match name {
            "rectangle" => Some(Frame::Rectangle),
            "circle" => Some(Frame::Circle),
            "none" => Some(Frame::None),
            _ => None,
        }
    }
}

/// The built-in symbol called `name` (or one of its other spellings).
pub(crate) fn built_in(name: &str) -> Option<&'static BuiltIn> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
