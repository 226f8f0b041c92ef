//! Deck sheets as Tabletop Simulator reads them: a grid of card fronts, left to right and top to
//! bottom, at most [`COLUMNS`] × [`ROWS`], whose last slot (bottom right) holds the back, which
//! TTS shows for a card hidden in another player's hand. A sheet stays within [`MAX_SIDE`] pixels
//! a side: faces are scaled down to fit when they would not.

use resvg::tiny_skia::{BlendMode, FilterQuality, Pixmap, PixmapPaint, Transform};

/// The most columns of a deck sheet TTS reads.
pub const COLUMNS: u32 = 10;
/// The most rows of a deck sheet TTS reads.
pub const ROWS: u32 = 7;
/// The largest image side TTS loads reliably, in pixels.
pub const MAX_SIDE: u32 = 4096;
/// Cards on one sheet: every slot but the last, which holds the hidden-card image.
pub const CARDS_PER_SHEET: usize = (COLUMNS * ROWS - 1) as usize;

/// One deck sheet: its grid, the size of one slot in pixels and the image.
pub struct Sheet {
    /// Columns (`NumWidth`).
    pub columns: u32,
    /// Rows (`NumHeight`).
    pub rows: u32,
    /// One slot's width and height in pixels.
    pub cell: (u32, u32),
    /// The sheet.
    pub image: Pixmap,
}

/// The grid for `cards` fronts and the hidden-card slot: as few columns as hold them (at least
/// 2, as TTS's deck dialog asks), then as few rows (at least 2).
pub fn grid(cards: usize) -> (u32, u32) {
    let slots = cards as u32 + 1;
    let columns = slots.clamp(2, COLUMNS);
    let rows = slots.div_ceil(columns).max(2);
    (columns, rows)
}

impl Sheet {
    /// An empty sheet for `cards` fronts of `face` pixels (the first front's size), scaled down
    /// evenly when it would pass [`MAX_SIDE`]: the faces are put in one at a time, so a sheet
    /// never needs all its faces drawn at once.
    pub fn blank(cards: usize, face: (u32, u32)) -> Result<Sheet, String> {
        let (columns, rows) = grid(cards);
        let (w, h) = face;
        let fit = (MAX_SIDE as f64 / (columns * w) as f64).min(MAX_SIDE as f64 / (rows * h) as f64).min(1.0);
        let cell = if fit < 1.0 { ((w as f64 * fit).floor() as u32, (h as f64 * fit).floor() as u32) } else { (w, h) };
        let (sw, sh) = (columns * cell.0, rows * cell.1);
        let image = Pixmap::new(sw, sh).ok_or_else(|| format!("cannot make a {sw}×{sh} deck sheet"))?;
        Ok(Sheet { columns, rows, cell, image })
    }

    /// Draws `face` into slot `slot` (left to right, top to bottom).
    pub fn put(&mut self, slot: usize, face: &Pixmap) {
        let (col, row) = (slot as u32 % self.columns, slot as u32 / self.columns);
        place(&mut self.image, face, (col * self.cell.0, row * self.cell.1), self.cell);
    }

    /// Draws `back` into the last slot, which TTS shows for a card hidden in another's hand.
    pub fn put_back(&mut self, back: &Pixmap) {
        self.put((self.columns * self.rows - 1) as usize, back);
    }
}

/// Draws `face` into the `cell` at `at`: pixel for pixel when it has the cell's size, else
/// scaled to fill it.
pub fn place(onto: &mut Pixmap, face: &Pixmap, at: (u32, u32), cell: (u32, u32)) {
    let paint = PixmapPaint { blend_mode: BlendMode::Source, quality: FilterQuality::Bicubic, ..Default::default() };
    if (face.width(), face.height()) == cell {
        onto.draw_pixmap(at.0 as i32, at.1 as i32, face.as_ref(), &paint, Transform::identity(), None);
    } else {
        let (sx, sy) = (cell.0 as f32 / face.width() as f32, cell.1 as f32 / face.height() as f32);
        let transform = Transform::from_row(sx, 0.0, 0.0, sy, at.0 as f32, at.1 as f32);
        onto.draw_pixmap(0, 0, face.as_ref(), &paint, transform, None);
    }
}

/// `image` scaled down evenly so neither side passes [`MAX_SIDE`] (itself when it fits).
pub fn fitted(image: &Pixmap) -> Result<Option<Pixmap>, String> {
    let longest = image.width().max(image.height());
    if longest <= MAX_SIDE {
        return Ok(None);
    }
    let fit = MAX_SIDE as f64 / longest as f64;
    let (w, h) =
        (((image.width() as f64 * fit).round() as u32).max(1), ((image.height() as f64 * fit).round() as u32).max(1));
    let mut out = Pixmap::new(w, h).ok_or_else(|| format!("cannot make a {w}×{h} board"))?;
    place(&mut out, image, (0, 0), (w, h));
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sheet of `fronts` with `back` in its last slot, put together face by face as the set's
    /// decks put theirs.
    fn sheet(fronts: &[&Pixmap], back: &Pixmap) -> Result<Sheet, String> {
        let first = fronts.first().copied().unwrap_or(back);
        let mut sheet = Sheet::blank(fronts.len(), (first.width(), first.height()))?;
        for (slot, face) in fronts.iter().enumerate() {
            sheet.put(slot, face);
        }
        sheet.put_back(back);
        Ok(sheet)
    }

    fn filled(w: u32, h: u32, shade: u8) -> Pixmap {
        let mut p = Pixmap::new(w, h).unwrap();
        p.fill(resvg::tiny_skia::Color::from_rgba8(shade, 0, 0, 255));
        p
    }

    #[test]
    fn a_grid_holds_its_cards_and_the_hidden_slot_within_ten_by_seven() {
        assert_eq!(grid(1), (2, 2));
        assert_eq!(grid(3), (4, 2));
        assert_eq!(grid(9), (10, 2));
        assert_eq!(grid(18), (10, 2));
        assert_eq!(grid(19), (10, 2));
        assert_eq!(grid(20), (10, 3));
        assert_eq!(grid(CARDS_PER_SHEET), (COLUMNS, ROWS));
    }

    #[test]
    fn faces_too_large_for_4096_px_are_scaled_down_evenly() {
        let face = filled(600, 800, 200);
        let fronts = vec![&face; CARDS_PER_SHEET];
        let sheet = sheet(&fronts, &filled(600, 800, 10)).unwrap();
        assert_eq!((sheet.columns, sheet.rows), (10, 7));
        // 10 columns of 600 px would be 6000 px (and 7 rows of 800 px 5600): scaled by 4096 / 6000.
        assert_eq!(sheet.cell, (409, 546));
        assert!(sheet.image.width() <= MAX_SIDE && sheet.image.height() <= MAX_SIDE);
        // The back fills the last slot.
        let px = sheet.image.pixel(9 * 409 + 200, 6 * 546 + 300).unwrap();
        assert_eq!(px.red(), 10);
    }

    #[test]
    fn faces_that_fit_are_copied_pixel_for_pixel() {
        let mut face = filled(30, 40, 120);
        face.pixels_mut()[5] = resvg::tiny_skia::PremultipliedColorU8::from_rgba(1, 2, 3, 255).unwrap();
        let sheet = sheet(&[&face, &face], &filled(30, 40, 9)).unwrap();
        assert_eq!(sheet.cell, (30, 40));
        assert_eq!(sheet.image.pixel(30 + 5, 0).unwrap(), face.pixels()[5]);
    }

    #[test]
    fn a_board_past_4096_px_keeps_its_aspect() {
        let board = filled(5000, 3000, 50);
        let fitted = fitted(&board).unwrap().unwrap();
        assert_eq!((fitted.width(), fitted.height()), (4096, 2458));
        assert!(super::fitted(&filled(100, 100, 1)).unwrap().is_none());
    }
}
