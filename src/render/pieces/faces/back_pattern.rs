//! The drawing a card back's `pattern` puts behind its name: waves, a hex grid, stripes or rays,
//! one faint path across the whole back and its bleed (the sheet clips each face to its bleed
//! box, so the path may run past it). `frame` is drawn by the back template itself. The path is
//! drawn in `currentColor`, so the template gives it its colour (`<g color="…">`).

use std::fmt::Write;

use super::FaceSize;

/// A point, mm.
type P = (f64, f64);
use crate::model::BackPattern;

/// The SVG of `pattern` on a back of `size`, in `currentColor`; empty for `frame`.
pub(super) fn pattern_svg(pattern: BackPattern, size: FaceSize) -> String {
    let FaceSize { w, h, bleed } = size;
    let (x0, y0, x1, y1) = (-bleed, -bleed, w + bleed, h + bleed);
    let mut d = String::new();
    let stroke = |d: &str, width: f64, opacity: f64| {
        format!(
            r#"<path d="{d}" fill="none" stroke="currentColor" stroke-width="{width}" stroke-opacity="{opacity}"/>"#
        )
    };
    match pattern {
        BackPattern::Frame => String::new(),
        BackPattern::Waves => {
            // Rows 4.5 mm apart, each a smooth wave 6 mm long and 1 mm high.
            let (gap, length, height) = (4.5, 6.0, 1.0);
            let mut y = y0;
            while y <= y1 + gap {
                let _ = write!(d, "M{} {} q{} {} {} 0", n(x0), n(y), n(length / 4.0), n(-height), n(length / 2.0));
                let mut x = x0 + length / 2.0;
                while x < x1 {
                    let _ = write!(d, " t{} 0", n(length / 2.0));
                    x += length / 2.0;
                }
                y += gap;
            }
            stroke(&d, 0.35, 0.3)
        }
        BackPattern::Hexes => {
            // Flat-topped hexes of 3.2 mm sides, each drawn whole (shared sides twice, which
            // does not show at this weight).
            let side = 3.2;
            let (dx, dy) = (1.5 * side, 3f64.sqrt() * side);
            // The corners from the right one round, exact (no trigonometry: the same bytes on
            // every machine).
            let (half, rise) = (side / 2.0, dy / 2.0);
            let corners = [(side, 0.0), (half, rise), (-half, rise), (-side, 0.0), (-half, -rise), (half, -rise)];
            let columns = ((x1 - x0) / dx).ceil() as i32 + 1;
            let rows = ((y1 - y0) / dy).ceil() as i32 + 1;
            for column in 0..=columns {
                for row in 0..=rows {
                    let cx = x0 + f64::from(column) * dx;
                    let cy = y0 + f64::from(row) * dy + if column % 2 == 1 { dy / 2.0 } else { 0.0 };
                    for (k, (px, py)) in corners.iter().enumerate() {
                        let _ = write!(d, "{}{} {} ", if k == 0 { "M" } else { "L" }, n(cx + px), n(cy + py));
                    }
                    d.push_str("Z ");
                }
            }
            stroke(d.trim_end(), 0.3, 0.28)
        }
        BackPattern::Stripes => {
            // Broad 45° bands 3.5 mm apart, each line long enough to cross the whole back.
            let gap = 3.5;
            let span = (x1 - x0) + (y1 - y0);
            let mut c = -span;
            while c <= span {
                let _ = write!(d, "M{} {} l{} {} ", n(x0 + c), n(y0), n(span), n(span));
                c += gap;
            }
            stroke(d.trim_end(), 1.1, 0.12)
        }
        BackPattern::Rays => {
            // 24 wedges from the middle to points spaced evenly round a square well outside the
            // back (no trigonometry: the same bytes on every machine), every other one filled.
            let (cx, cy) = (w / 2.0, h / 2.0);
            let reach = w.max(h) + 2.0 * bleed;
            let wedges = 24;
            let round = |k: i32| -> P {
                // Along the square's edge, 8 × reach long, from its top-left corner clockwise.
                let along = 8.0 * reach * f64::from(k % wedges) / f64::from(wedges);
                let side = (along / (2.0 * reach)).floor();
                let t = along - side * 2.0 * reach - reach;
                match side as i32 {
                    0 => (cx + t, cy - reach),
                    1 => (cx + reach, cy + t),
                    2 => (cx - t, cy + reach),
                    _ => (cx - reach, cy - t),
                }
            };
            for k in (0..wedges).step_by(2) {
                let ((ax, ay), (bx, by)) = (round(k), round(k + 1));
                let _ = write!(d, "M{} {} L{} {} L{} {} Z ", n(cx), n(cy), n(ax), n(ay), n(bx), n(by));
            }
            format!(r#"<path d="{}" fill="currentColor" fill-opacity="0.1"/>"#, d.trim_end())
        }
    }
}

/// A coordinate in mm to two decimals, without a trailing `.00` (the same pack gives the same bytes).
fn n(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CARD: FaceSize = FaceSize { w: 63.0, h: 88.0, bleed: 3.0 };

    #[test]
    fn frame_draws_nothing_here_and_every_other_pattern_one_path() {
        assert_eq!(pattern_svg(BackPattern::Frame, CARD), "");
        for (name, pattern) in BackPattern::ALL.into_iter().filter(|(_, p)| *p != BackPattern::Frame) {
            let svg = pattern_svg(pattern, CARD);
            assert_eq!(svg.matches("<path").count(), 1, "{name}");
            assert!(svg.contains("\"currentColor\""), "{name}: in the template's colour");
            assert!(!svg.contains("NaN") && !svg.contains("inf"), "{name}");
        }
    }

    #[test]
    fn patterns_cover_the_bleed_from_corner_to_corner() {
        // Every pattern starts at or before the bleed's top-left corner and reaches past its
        // bottom-right one, so no corner of the back is left bare.
        for pattern in [BackPattern::Waves, BackPattern::Stripes] {
            let svg = pattern_svg(pattern, CARD);
            let d = svg.split("d=\"").nth(1).unwrap().split('"').next().unwrap();
            let numbers: Vec<f64> = d
                .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
                .filter_map(|t| t.parse().ok())
                .collect();
            let first = (numbers[0], numbers[1]);
            assert!(first.0 <= -3.0 && first.1 <= -3.0, "{pattern:?} starts at {first:?}");
        }
        // The first hex is centred on the bleed's corner.
        let hexes = pattern_svg(BackPattern::Hexes, CARD);
        assert!(hexes.contains("d=\"M0.2 -3 L-1.4 -0.23"), "{}", &hexes[..80]);
        let rays = pattern_svg(BackPattern::Rays, CARD);
        assert_eq!(rays.matches('Z').count(), 12);
    }

    #[test]
    fn coordinates_are_short_and_stable() {
        assert_eq!(n(1.0), "1");
        assert_eq!(n(-0.001), "0");
        assert_eq!(n(2.346), "2.35");
        assert_eq!(pattern_svg(BackPattern::Hexes, CARD), pattern_svg(BackPattern::Hexes, CARD));
    }
}
