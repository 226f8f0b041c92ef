//! Print-on-demand files: what a card printing service takes, one image per face. Every face goes
//! out at 300 dpi with its bleed (`pod/300dpi/…`); a poker-size card's faces also at the exact
//! pixel size of the services' poker templates, so that they upload without scaling
//! (docs/print-on-demand.md lists the services and where their numbers come from).

use serde::Serialize;

use crate::layout::Art;

/// A card printer's upload template.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Template {
    /// The folder under `pod/` its files go to, named by their pixel size.
    pub folder: &'static str,
    /// Width and height of an image, in pixels at 300 dpi, bleed included.
    pub pixels: (u32, u32),
    /// The bleed on each side, in pixels.
    pub bleed_px: f64,
    /// The services whose poker template this is.
    pub services: &'static str,
}

/// The poker-card (2.5 × 3.5 in, 63 × 88 mm) templates of the common services.
pub const POKER: [Template; 2] = [
    Template { folder: "822x1122", pixels: (822, 1122), bleed_px: 36.0, services: "MakePlayingCards" },
    Template { folder: "825x1125", pixels: (825, 1125), bleed_px: 37.5, services: "The Game Crafter, DriveThruCards" },
];

/// The resolution of every print-on-demand file.
pub const DPI: u32 = 300;

/// Whether a card of `trim` mm is poker size (63 × 88 mm or 2.5 × 3.5 in, within a millimetre).
fn poker((w, h): (f64, f64)) -> bool {
    (62.5..=64.0).contains(&w) && (87.5..=89.5).contains(&h)
}

/// One print-on-demand file: where it goes, the SVG document drawn into it at [`DPI`], and how
/// many pieces show the face (what the print shop is to print of it).
#[derive(Debug)]
pub struct File {
    /// Its path under the output, e.g. `pod/822x1122/cards/029-front.png`.
    pub path: String,
    /// The face's SVG document at the file's size.
    pub svg: String,
    /// How many printed pieces show the face.
    pub copies: u32,
}

/// The files for `faces` (each its path under `png/` without extension, `cards/29-front`, its
/// drawing and how many pieces show it), each drawn at [`DPI`]. A poker card with at least
/// 2.5 mm of bleed (the templates want about 3) also goes out at each template's size. Card
/// numbers are padded with zeros to the widest one, so that files sort in card order.
pub fn files<'a>(faces: &[(&'a str, &'a Art, u32)]) -> Vec<File> {
    let leading = |name: &str| name.split('/').nth(1).map_or(0, |n| n.chars().take_while(char::is_ascii_digit).count());
    let widest = faces.iter().filter(|(n, ..)| n.starts_with("cards/")).map(|(n, ..)| leading(n)).max().unwrap_or(0);
    let mut out = Vec::new();
    for &(name, art, copies) in faces {
        let mut path = super::face_path(name);
        if name.starts_with("cards/") && leading(name) > 0 {
            path.insert_str("cards/".len(), &"0".repeat(widest - leading(name)));
        }
        out.push(File { path: format!("pod/300dpi/{path}.png"), svg: art.document(), copies });
        let (x, y, w, h) = art.view;
        let (bleed, trim) = ((-x).min(-y), (w + 2.0 * x, h + 2.0 * y));
        if name.starts_with("cards/") && poker(trim) && bleed >= 2.5 {
            for t in POKER {
                out.push(File {
                    path: format!("pod/{}/{path}.png", t.folder),
                    svg: art.document_at_pixels(t.pixels),
                    copies,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn art(w: f64, h: f64, bleed: f64) -> Art {
        Art { elements: "".into(), view: (-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed) }
    }

    #[test]
    fn a_poker_card_goes_out_at_every_template_size_and_a_counter_only_at_300_dpi() {
        let (card, counter) = (art(63.0, 88.0, 3.0), art(15.0, 15.0, 1.0));
        let files = files(&[("cards/29-front", &card, 2), ("counters/soldiers-front", &counter, 64)]);
        let paths: Vec<(&str, u32)> = files.iter().map(|f| (f.path.as_str(), f.copies)).collect();
        assert_eq!(
            paths,
            [
                ("pod/300dpi/cards/29-front.png", 2),
                ("pod/822x1122/cards/29-front.png", 2),
                ("pod/825x1125/cards/29-front.png", 2),
                ("pod/300dpi/counters/soldiers-front.png", 64)
            ]
        );
        // 822 px at 300 dpi is 69.596 mm: the image is the template's size exactly.
        assert!(files[1].svg.contains(r#"width="69.596mm" height="94.996mm""#), "{}", files[1].svg);
    }

    #[test]
    fn a_tarot_card_or_one_without_bleed_gets_only_the_300_dpi_file() {
        let (tarot, bare) = (art(70.0, 120.0, 3.0), art(63.0, 88.0, 0.0));
        let files = files(&[("cards/1-front", &tarot, 1), ("cards/2-front", &bare, 1)]);
        let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, ["pod/300dpi/cards/1-front.png", "pod/300dpi/cards/2-front.png"]);
    }

    #[test]
    fn card_numbers_are_padded_to_the_widest_so_files_sort_in_card_order() {
        let card = art(70.0, 120.0, 3.0);
        let files = files(&[("cards/2-front", &card, 1), ("cards/110-front", &card, 1), ("cards/back-us", &card, 60)]);
        let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(
            paths,
            ["pod/300dpi/cards/002-front.png", "pod/300dpi/cards/110-front.png", "pod/300dpi/cards/back-us.png"]
        );
    }
}
