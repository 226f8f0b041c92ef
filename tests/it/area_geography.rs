//! An area map laid out around the countries a designer pins to their published places: the
//! twilight-struggle map with a quarter of its areas pinned where the pack puts them (each of the
//! four quarters in turn: every fourth area, from the first, second, third and fourth) and the
//! rest left to the layout. No free area lies farther than two box widths (and a gap) from all
//! the areas it is linked to, and the links, as the map draws them (routed round the boxes, a link
//! across the whole map as off-map arrows), cross at most 3 times — as the pack's own positions
//! cross once (France–Algeria over Spain–Italy, as on the published board).

use pnpkit::render::maps::area::drawn_crossings;
use pnpkit::render::maps::area::layout::{layout, spacing, Graph};

use super::support::root;

#[test]
fn a_quarter_pinned_the_rest_sit_beside_their_neighbours_with_few_crossings() {
    let (pack, diags) =
        pnpkit::load::pack(&root().join("data/twilight-struggle"), &mut pnpkit::diag::Sources::default());
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    let map = pack.map.as_ref().expect("an area map");
    let published: Vec<(f64, f64)> = map.areas.iter().map(|a| a.at.expect("every area placed")).collect();
    assert!(drawn_crossings(map, &published) <= 1, "the pack's own board");
    let spacing = spacing(map);
    let near = 2.0 * spacing.area.0 + spacing.gap.0;
    for quarter in 0..4 {
        let mut g = Graph::of_map(map);
        let pinned: Vec<usize> = (0..g.fixed.len()).filter(|i| i % 4 == quarter).collect();
        for (i, fixed) in g.fixed.iter_mut().enumerate() {
            if !pinned.contains(&i) {
                *fixed = None;
            }
        }
        let at = layout(&g, spacing, map.area.field_mm);
        for &i in &pinned {
            assert_eq!(Some(at[i]), g.fixed[i], "{} stays where it is pinned", map.areas[i].id);
        }
        let far: Vec<String> = (0..at.len())
            .filter(|i| !pinned.contains(i))
            .filter_map(|i| {
                let nearest = g
                    .edges
                    .iter()
                    .filter_map(|&(a, b)| match (a == i, b == i) {
                        (true, _) => Some(b),
                        (_, true) => Some(a),
                        _ => None,
                    })
                    .map(|j| (at[i].0 - at[j].0).hypot(at[i].1 - at[j].1))
                    .fold(f64::MAX, f64::min);
                (nearest > near && nearest < f64::MAX)
                    .then(|| format!("{} is {nearest:.0} mm from its nearest neighbour", map.areas[i].id))
            })
            .collect();
        assert!(far.is_empty(), "quarter {quarter}: {far:?}");
        let crossed = drawn_crossings(map, &at);
        eprintln!("quarter {quarter} pinned: {crossed} crossings as drawn");
        assert!(
            crossed <= 3,
            "quarter {quarter}: {crossed} crossings with {} of {} areas pinned",
            pinned.len(),
            at.len()
        );
    }
}
