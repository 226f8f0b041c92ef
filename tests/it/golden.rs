//! Golden files guard the layout: selected faces and one whole page of data/dougram, rendered
//! in-process, must equal the SVG files in tests/golden/. `PNPKIT_BLESS=1 cargo test` rewrites
//! them; a mismatch writes the new SVG to target/golden-diff/ to compare by eye.

use std::sync::Arc;

use pnpkit::layout::Paper;
use pnpkit::render::{self, Options, Product};

use super::support::root;

fn rendered() -> render::Rendered {
    let mut sources = pnpkit::diag::Sources::default();
    let (pack, diags) = pnpkit::load::pack(&root().join("data/dougram"), &mut sources);
    assert!(diags.iter().all(|d| !d.is_error()));
    let options = Options::new(Paper::A4);
    render::render(&pack, Arc::new(pnpkit::text::Fonts::embedded()), &mut sources, &options).expect("renders")
}

#[test]
fn faces_and_pages_match_their_golden_svg() {
    let out = rendered();
    let mut wanted: Vec<(String, String)> =
        ["cards/29-front", "cards/back-common", "counters/dougram-back", "counters/soldiers-front", "chits/3P-front"]
            .iter()
            .map(|name| {
                let svg = out
                    .previews
                    .iter()
                    .find(|p| p.name == *name)
                    .unwrap_or_else(|| panic!("no preview {name}"))
                    .art
                    .document();
                (name.replace('/', "-"), svg)
            })
            .collect();
    let cards = out.documents.iter().find(|d| d.product == Product::Cards).expect("cards");
    wanted.push(("page-cards-1-front".into(), cards.pages[0].full_svg().into_owned()));
    let flowchart = out.documents.iter().find(|d| d.product == Product::Flowchart).expect("flowchart");
    wanted.push(("page-flowchart".into(), flowchart.pages[0].full_svg().into_owned()));
    // The ruled tables: the play aids (two columns of charts) and the card list.
    for (product, name) in [(Product::Aids, "page-play-aids"), (Product::CardList, "page-card-list")] {
        let document = out.documents.iter().find(|d| d.product == product).unwrap_or_else(|| panic!("{name}"));
        wanted.push((name.into(), document.pages[0].full_svg().into_owned()));
    }
    match_goldens(wanted);
}

/// Compares each (name, SVG) with tests/golden/<name>.svg, or rewrites them under `PNPKIT_BLESS`;
/// a page that differs is written to target/golden-diff/ and the test fails naming it.
pub(super) fn match_goldens(wanted: impl IntoIterator<Item = (String, String)>) {
    let bless = std::env::var_os("PNPKIT_BLESS").is_some();
    let mut differ = Vec::new();
    for (name, svg) in wanted {
        let path = root().join("tests/golden").join(format!("{name}.svg"));
        if bless {
            std::fs::write(&path, &svg).expect("write golden");
            continue;
        }
        if std::fs::read_to_string(&path).unwrap_or_default() != svg {
            let diff_dir = root().join("target/golden-diff");
            std::fs::create_dir_all(&diff_dir).expect("diff dir");
            std::fs::write(diff_dir.join(format!("{name}.svg")), &svg).expect("write actual");
            differ.push(name);
        }
    }
    assert!(
        differ.is_empty(),
        "layout changed for {differ:?}: compare tests/golden/ with target/golden-diff/, then bless"
    );
}

#[test]
fn rendering_twice_gives_identical_svg() {
    let (a, b) = (rendered(), rendered());
    for (x, y) in a.documents.iter().zip(&b.documents) {
        assert!(x.pages.iter().zip(&y.pages).all(|(p, q)| p.full_svg() == q.full_svg()), "{:?}", x.product);
    }
}
