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

/// The files for the faces `faces` (each its path under `png/` without extension, `cards/29-front`,
/// and its drawing): `(path, SVG document)` pairs, each drawn at [`DPI`]. A poker card with at
/// least 2.5 mm of bleed (the templates want about 3) also goes out at each template's size.
pub fn files<'a>(faces: impl Iterator<Item = (&'a str, &'a Art)>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (name, art) in faces {
        let path = super::face_path(name);
        out.push((format!("pod/300dpi/{path}.png"), art.document()));
        let (x, y, w, h) = art.view;
        let (bleed, trim) = ((-x).min(-y), (w + 2.0 * x, h + 2.0 * y));
        if name.starts_with("cards/") && poker(trim) && bleed >= 2.5 {
            for t in POKER {
                out.push((format!("pod/{}/{path}.png", t.folder), art.document_at_pixels(t.pixels)));
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
        let files = files([("cards/29-front", &card), ("counters/soldiers-front", &counter)].into_iter());
        let paths: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            paths,
            [
                "pod/300dpi/cards/29-front.png",
                "pod/822x1122/cards/29-front.png",
                "pod/825x1125/cards/29-front.png",
                "pod/300dpi/counters/soldiers-front.png"
            ]
        );
        // 822 px at 300 dpi is 69.596 mm: the image is the template's size exactly.
        assert!(files[1].1.contains(r#"width="69.596mm" height="94.996mm""#), "{}", files[1].1);
    }

    #[test]
    fn a_tarot_card_or_one_without_bleed_gets_only_the_300_dpi_file() {
        let (tarot, bare) = (art(70.0, 120.0, 3.0), art(63.0, 88.0, 0.0));
        let files = files([("cards/1-front", &tarot), ("cards/2-front", &bare)].into_iter());
        let paths: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(paths, ["pod/300dpi/cards/1-front.png", "pod/300dpi/cards/2-front.png"]);
    }
}
