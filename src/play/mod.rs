//! Digital tables: the pack's pieces, decks and map for play on screen (a VASSAL module, a
//! Tabletop Simulator set), made from what `render` drew for print: every distinct face
//! ([`crate::render::Rendered::previews`]) and every kind of piece with its faces
//! ([`crate::render::Rendered::pieces`]). What is shared here is drawing those faces as images.

use std::collections::BTreeMap;

use resvg::tiny_skia::Pixmap;

use crate::emit::{in_order, raster, SvgParser};
use crate::render::Rendered;

/// Every distinct face of `rendered` whose id `wanted` accepts, drawn without its bleed at `dpi`,
/// on every core, by face id.
pub fn faces(
    parser: &SvgParser,
    rendered: &Rendered,
    dpi: u32,
    wanted: impl Fn(&str) -> bool,
) -> Result<BTreeMap<String, Pixmap>, String> {
    let chosen: Vec<_> = rendered.previews.iter().filter(|p| wanted(&p.name)).collect();
    let svgs: Vec<String> = chosen.iter().map(|p| p.art.trimmed_document()).collect();
    let drawn = in_order(&svgs, |svg| raster(parser, svg, dpi));
    chosen
        .iter()
        .zip(drawn)
        .map(|(p, pixmap)| pixmap.map(|px| (p.name.clone(), px)).map_err(|e| format!("{}: {}", p.name, e.0)))
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::layout::Paper;
    use crate::render::{render, Options, Product};

    #[test]
    fn every_printed_piece_is_a_kind_whose_faces_are_drawn_without_their_bleed() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/dougram");
        let mut sources = crate::diag::Sources::default();
        let (pack, _) = crate::load::pack(&dir, &mut sources);
        let fonts = Arc::new(crate::render::fonts_for(&pack).unwrap());
        let mut options = Options::new(Paper::named("a4").unwrap());
        options.only = vec![Product::Counters, Product::Chits, Product::Cards];
        let rendered = render(&pack, fonts.clone(), &mut sources, &options).unwrap();
        let total = |p: Product| -> u32 { rendered.pieces.iter().filter(|k| k.product == p).map(|k| k.count).sum() };
        let printed = |p: Product| rendered.documents.iter().find(|d| d.product == p).unwrap().pieces as u32;
        for product in [Product::Counters, Product::Chits, Product::Cards] {
            assert_eq!(total(product), printed(product), "{product:?}");
        }
        // The 234 counters of the published game: 155 unit and marker counters and 79 chits.
        assert_eq!((total(Product::Counters), total(Product::Chits)), (155, 79));
        assert_eq!(rendered.pieces.iter().filter(|k| k.product == Product::Cards).count(), pack.cards.len());
        let faces = |k: &crate::render::PieceKind| [Some(k.front.clone()), k.back.clone()];
        assert!(rendered
            .pieces
            .iter()
            .flat_map(faces)
            .flatten()
            .all(|id| rendered.previews.iter().any(|p| p.name == id)));

        let parser = crate::emit::SvgParser::for_pack(&fonts, &pack.root);
        let drawn = super::faces(&parser, &rendered, 96, |id| id.starts_with("counters/")).unwrap();
        let soldier = &drawn["counters/soldiers-front"];
        // A 16 mm counter at 96 dpi: 60.47 px, its 1 mm bleed left off.
        let side = (pack.print.counter_mm / 25.4 * 96.0).round() as u32;
        assert_eq!((soldier.width(), soldier.height()), (side, side));
        assert!(drawn.keys().all(|id| id.starts_with("counters/")));
    }
}
