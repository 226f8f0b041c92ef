//! Grids of faces on a page, duplex mirroring, crop marks and gutter-fold layouts.

use serde::Serialize;

use super::Paper;

/// A rectangle in mm, from the page's top-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl Rect {
    /// Right edge.
    pub fn right(&self) -> f64 {
        self.x + self.w
    }
    /// Bottom edge.
    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }
}

/// A short line in the margin that continues a cut line, in mm.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CropMark {
    /// Start x.
    pub x1: f64,
    /// Start y.
    pub y1: f64,
    /// End x.
    pub x2: f64,
    /// End y.
    pub y2: f64,
}

/// Whether a layout prints fronts only, fronts and mirrored backs (duplex), or both on one page
/// folded along the middle (gutter-fold).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sides {
    /// One-sided.
    Front,
    /// Long-edge duplex: each back page mirrors its front page left to right.
    Duplex,
    /// Fronts on the left half, backs mirrored on the right half; fold on the vertical centre line.
    Fold,
}

/// Faces do not fit on the paper.
#[derive(Debug, Clone, PartialEq)]
pub struct ImpositionError(pub String);

/// A grid of equal faces on a page.
#[derive(Clone, Debug)]
pub struct Imposition {
    /// The page (portrait or landscape, whichever holds more).
    pub paper: Paper,
    /// Face size in mm (the trim size).
    pub face_w: f64,
    /// Face height in mm.
    pub face_h: f64,
    /// Bleed around the grid in mm; between faces each face bleeds up to half the gutter.
    pub bleed: f64,
    /// Space between trimmed faces in mm (0: faces abut and share their cut lines).
    pub gutter: f64,
    /// Columns.
    pub cols: usize,
    /// Rows.
    pub rows: usize,
    /// Left edge of the first column's trim box.
    pub left: f64,
    /// Top edge of the first row's trim box.
    pub top: f64,
    /// Sides.
    pub sides: Sides,
    /// Room kept at the bottom for the sheet footer, mm.
    pub footer: f64,
}

/// The margin every page keeps free, mm.
const MARGIN: f64 = 3.0;
/// Crop-mark length and the gap between the marks and the bleed, mm.
const MARK_LEN: f64 = 3.0;
const MARK_GAP: f64 = 1.0;
/// How far from the paper's edge a crop mark stops, and the shortest mark worth printing, mm.
const EDGE_CLEAR: f64 = 5.0;
const MIN_MARK: f64 = 1.0;

impl Imposition {
    /// The largest grid of `face_w × face_h` faces (plus gutters, and bleed around the grid) that
    /// fits `paper` inside the margins, keeping room for crop marks and a footer; centred.
    pub fn grid(
        paper: Paper,
        face_w: f64,
        face_h: f64,
        bleed: f64,
        gutter: f64,
        sides: Sides,
    ) -> Result<Imposition, ImpositionError> {
        let footer = 5.0;
        let fit = |paper: Paper| {
            // Crop marks need MARK_GAP + MARK_LEN outside the bleed on every side.
            let outer = MARGIN + MARK_GAP + MARK_LEN + bleed;
            let avail_w = paper.width - 2.0 * outer;
            let avail_w = if sides == Sides::Fold { (avail_w - gutter) / 2.0 } else { avail_w };
            let avail_h = paper.height - 2.0 * outer - footer;
            let count = |avail: f64, size: f64| {
                if avail < size {
                    0
                } else {
                    ((avail + gutter) / (size + gutter)).floor() as usize
                }
            };
            (count(avail_w, face_w), count(avail_h, face_h))
        };
        let (pc, pr) = fit(paper);
        let (lc, lr) = fit(paper.landscape());
        let (paper, cols, rows) = if lc * lr > pc * pr { (paper.landscape(), lc, lr) } else { (paper, pc, pr) };
        if cols == 0 || rows == 0 {
            return Err(ImpositionError(format!("{face_w}×{face_h} mm faces do not fit on {} paper", paper.name)));
        }
        let halves = if sides == Sides::Fold { 2.0 } else { 1.0 };
        let grid_w = halves * (cols as f64 * face_w + (cols - 1) as f64 * gutter) + (halves - 1.0) * gutter;
        let grid_h = rows as f64 * face_h + (rows - 1) as f64 * gutter;
        let left = ((paper.width - grid_w) / 2.0 * 100.0).round() / 100.0;
        let top = ((paper.height - footer - grid_h) / 2.0 * 100.0).round() / 100.0;
        Ok(Imposition { paper, face_w, face_h, bleed, gutter, cols, rows, left, top, sides, footer })
    }

    /// Faces per page.
    pub fn per_page(&self) -> usize {
        self.cols * self.rows
    }

    /// The trim box of front slot `i` (0-based, row by row).
    pub fn front(&self, i: usize) -> Rect {
        let (col, row) = (i % self.cols, i / self.cols);
        Rect {
            x: self.left + col as f64 * (self.face_w + self.gutter),
            y: self.top + row as f64 * (self.face_h + self.gutter),
            w: self.face_w,
            h: self.face_h,
        }
    }

    /// The area front slot `i` (of `n` filled slots) is drawn in: its trim box grown by the
    /// bleed on every side that has no filled neighbour, and by up to half the gutter where a
    /// neighbour sits (so neighbours never overlap).
    pub fn bleed_box(&self, i: usize, n: usize) -> Rect {
        let trim = self.front(i);
        let (col, row) = (i % self.cols, i / self.cols);
        let filled = |j: usize| j < n;
        let inner = self.bleed.min(self.gutter / 2.0);
        let side = |has_neighbour: bool| if has_neighbour { inner } else { self.bleed };
        let left = side(col > 0);
        let right = side(col + 1 < self.cols && filled(i + 1));
        let top = side(row > 0);
        let bottom = side(filled(i + self.cols));
        Rect { x: trim.x - left, y: trim.y - top, w: trim.w + left + right, h: trim.h + top + bottom }
    }

    /// The bleed box behind front slot `i` on a duplex back page: the front's bleed box mirrored
    /// with its trim box (bleed that reached past the grid's left edge now reaches past its right).
    pub fn back_bleed_box(&self, i: usize, n: usize, offset: (f64, f64)) -> Rect {
        let (front, back) = (self.front(i), self.back(i, offset));
        let bled = self.bleed_box(i, n);
        let (right, top) = (bled.right() - front.right(), front.y - bled.y);
        Rect { x: back.x - right, y: back.y - top, ..bled }
    }

    /// Where a gutter-fold sheet is folded: the middle of the gutter after the front columns.
    pub fn fold_x(&self) -> f64 {
        self.left + self.cols as f64 * (self.face_w + self.gutter) - self.gutter / 2.0
    }

    /// The trim box of the back of slot `i`: mirrored left to right about the page centre for
    /// long-edge duplex (about the fold line for gutter-fold), then moved by the printer's
    /// back offset `(dx, dy)` in mm.
    pub fn back(&self, i: usize, offset: (f64, f64)) -> Rect {
        let f = self.front(i);
        let axis = match self.sides {
            Sides::Fold => self.fold_x(),
            _ => self.paper.width / 2.0,
        };
        let (dx, dy) = if self.sides == Sides::Fold { (0.0, 0.0) } else { offset };
        Rect { x: 2.0 * axis - f.right() + dx, y: f.y + dy, ..f }
    }

    /// Crop marks for the slots `0..n` (fronts, or backs when `back` is given), drawn in the
    /// margin outside the grid's bleed so that they never print on a face: one pair per distinct
    /// cut line.
    pub fn crop_marks(&self, n: usize, back: Option<(f64, f64)>) -> Vec<CropMark> {
        let slots: Vec<Rect> =
            (0..n.min(self.per_page())).map(|i| back.map_or_else(|| self.front(i), |o| self.back(i, o))).collect();
        if slots.is_empty() {
            return Vec::new();
        }
        let min_x = slots.iter().map(|r| r.x).fold(f64::MAX, f64::min) - self.bleed - MARK_GAP;
        let max_x = slots.iter().map(Rect::right).fold(f64::MIN, f64::max) + self.bleed + MARK_GAP;
        let min_y = slots.iter().map(|r| r.y).fold(f64::MAX, f64::min) - self.bleed - MARK_GAP;
        let max_y = slots.iter().map(Rect::bottom).fold(f64::MIN, f64::max) + self.bleed + MARK_GAP;
        let mut xs: Vec<f64> = slots.iter().flat_map(|r| [r.x, r.right()]).collect();
        let mut ys: Vec<f64> = slots.iter().flat_map(|r| [r.y, r.bottom()]).collect();
        for v in [&mut xs, &mut ys] {
            v.sort_by(f64::total_cmp);
            v.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
        }
        // Each mark ends 5 mm from the paper's edge, shorter where the grid leaves less room
        // (a printer loses the outer millimetres); where under 1 mm is left it is not printed.
        let (w, h) = (self.paper.width, self.paper.height);
        let (top, bottom) = ((min_y - MARK_LEN).max(EDGE_CLEAR), (max_y + MARK_LEN).min(h - EDGE_CLEAR));
        let (left, right) = ((min_x - MARK_LEN).max(EDGE_CLEAR), (max_x + MARK_LEN).min(w - EDGE_CLEAR));
        let mut marks = Vec::new();
        for x in xs {
            marks.push(CropMark { x1: x, y1: top, x2: x, y2: min_y });
            marks.push(CropMark { x1: x, y1: max_y, x2: x, y2: bottom });
        }
        for y in ys {
            marks.push(CropMark { x1: left, y1: y, x2: min_x, y2: y });
            marks.push(CropMark { x1: max_x, y1: y, x2: right, y2: y });
        }
        marks.retain(|m| (m.x2 - m.x1).abs() + (m.y2 - m.y1).abs() >= MIN_MARK);
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_poker_cards_with_bleed_fit_an_a4_sheet() {
        let imp = Imposition::grid(Paper::A4, 63.0, 88.0, 3.0, 0.0, Sides::Duplex).unwrap();
        assert_eq!((imp.cols, imp.rows, imp.paper.width), (3, 3, 210.0));
        let last = imp.bleed_box(8, 9);
        assert!(last.right() <= 210.0 - MARGIN && last.bottom() <= 297.0 - MARGIN);
        // Abutting faces share cut lines: bleed only where no neighbour sits.
        let first = imp.bleed_box(0, 9);
        assert_eq!(
            (first.x, first.y, first.right(), first.bottom()),
            (imp.left - 3.0, imp.top - 3.0, imp.left + 63.0, imp.top + 88.0)
        );
        let lone = imp.bleed_box(3, 4); // the only card of the second row
        assert_eq!(
            (lone.x, lone.right(), lone.bottom()),
            (imp.left - 3.0, imp.left + 66.0, imp.top + 2.0 * 88.0 + 3.0)
        );
        assert_eq!(lone.y, imp.top + 88.0, "its top touches the card above");
    }

    #[test]
    fn a_gutter_of_twice_the_bleed_gives_every_face_its_full_bleed_and_its_own_cut_lines() {
        let imp = Imposition::grid(Paper::A4, 63.0, 88.0, 3.0, 6.0, Sides::Duplex).unwrap();
        let n = imp.per_page();
        assert_eq!((imp.paper.width, imp.cols, imp.rows), (297.0, 4, 2), "landscape holds 8 with 6 mm gutters");
        for i in 0..n {
            let (trim, bled) = (imp.front(i), imp.bleed_box(i, n));
            assert_eq!((trim.x - bled.x, trim.y - bled.y), (3.0, 3.0), "slot {i}");
            assert!(
                (bled.right() - trim.right() - 3.0).abs() < 1e-9 && (bled.bottom() - trim.bottom() - 3.0).abs() < 1e-9
            );
            let back = imp.back_bleed_box(i, n, (0.0, 0.0));
            assert!((back.w - bled.w).abs() < 1e-9 && (back.h - bled.h).abs() < 1e-9, "backs bleed as much");
        }
        // Neighbouring bleeds meet in the middle of the gutter, never overlap.
        assert!((imp.bleed_box(0, n).right() - imp.bleed_box(1, n).x).abs() < 1e-9);
        // Two cut lines per gutter, each with its marks: 2 per column and per row, top and bottom.
        assert_eq!(imp.crop_marks(n, None).len(), 2 * (2 * imp.cols) + 2 * (2 * imp.rows));
    }

    #[test]
    fn backs_mirror_left_to_right_for_long_edge_duplex() {
        let imp = Imposition::grid(Paper::A4, 63.0, 88.0, 3.0, 0.0, Sides::Duplex).unwrap();
        let (f, b) = (imp.front(0), imp.back(0, (0.0, 0.0)));
        assert!((b.right() - (210.0 - f.x)).abs() < 1e-9);
        assert_eq!(b.y, f.y);
        let shifted = imp.back(0, (0.5, -0.25));
        assert!((shifted.x - b.x - 0.5).abs() < 1e-9 && (shifted.y - b.y + 0.25).abs() < 1e-9);
    }

    #[test]
    fn crop_marks_stop_5_mm_from_the_paper_edge() {
        // Nine poker cards with 3 mm bleed leave 1.5 mm beside the grid for the side marks.
        let imp = Imposition::grid(Paper::A4, 63.0, 88.0, 3.0, 0.0, Sides::Duplex).unwrap();
        let marks = imp.crop_marks(imp.per_page(), None);
        assert!(!marks.is_empty());
        for m in &marks {
            for (x, y) in [(m.x1, m.y1), (m.x2, m.y2)] {
                assert!(x >= 5.0 - 1e-9 && x <= imp.paper.width - 5.0 + 1e-9, "{m:?}");
                assert!(y >= 5.0 - 1e-9 && y <= imp.paper.height - 5.0 + 1e-9, "{m:?}");
            }
            assert!((m.x2 - m.x1).abs() + (m.y2 - m.y1).abs() >= 1.0, "{m:?}");
        }
    }

    #[test]
    fn crop_marks_continue_every_cut_line_outside_the_bleed() {
        let imp = Imposition::grid(Paper::A4, 15.0, 15.0, 0.0, 0.0, Sides::Duplex).unwrap();
        let marks = imp.crop_marks(imp.per_page(), None);
        let first = imp.front(0);
        let last = imp.front(imp.per_page() - 1);
        // One vertical cut per column edge (shared edges once), one horizontal per row edge.
        assert_eq!(marks.len(), 2 * (imp.cols + 1) + 2 * (imp.rows + 1));
        for m in &marks {
            let vertical = (m.x1 - m.x2).abs() < 1e-9;
            if vertical {
                assert!(m.y2 <= first.y || m.y1 >= last.bottom(), "marks stay outside the grid: {m:?}");
            } else {
                assert!(m.x2 <= first.x || m.x1 >= last.right(), "{m:?}");
            }
        }
    }

    #[test]
    fn gutter_fold_puts_backs_across_the_fold() {
        let imp = Imposition::grid(Paper::A4, 63.0, 88.0, 0.0, 4.0, Sides::Fold).unwrap();
        assert_eq!(imp.paper.width, 297.0, "landscape holds two halves of cards");
        let (f, b) = (imp.front(0), imp.back(0, (9.0, 9.0)));
        let fold = imp.fold_x();
        assert!((fold - (imp.left + imp.cols as f64 * (63.0 + imp.gutter) - imp.gutter / 2.0)).abs() < 1e-9);
        assert!(((f.x + b.right()) / 2.0 - fold).abs() < 1e-9, "mirror images about the fold");
        assert!(b.x > fold && f.right() < fold);
    }

    #[test]
    fn faces_larger_than_the_paper_are_an_error() {
        assert!(Imposition::grid(Paper::A4, 400.0, 88.0, 0.0, 0.0, Sides::Front).is_err());
    }
}
