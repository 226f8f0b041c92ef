//! Area-map layout benchmark: a synthetic graph of 200 areas and 400 links in 8 regions, laid
//! out in a field big enough to hold it (and 72 areas, 130 links in 7 regions); median of 9 runs, and
//! the links as the map draws them. `cargo bench --bench arealayout`

use std::time::Instant;

use pnpkit::render::maps::area::layout::{layout, seen, synthetic, Spacing};

fn main() {
    let spacing = Spacing { area: (24.0, 15.0), gap: (6.0, 8.0) };
    for (n, m, regions, field) in [(72, 130, 7, (300.0, 270.0)), (200, 400, 8, (500.0, 450.0))] {
        let graph = synthetic(n, m, regions);
        let mut at = Vec::new();
        let mut times: Vec<f64> = (0..9)
            .map(|_| {
                let t = Instant::now();
                at = layout(&graph, spacing, field);
                assert_eq!(at.len(), n);
                t.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let (crossed, off) = seen(&graph, &at, spacing, field);
        println!(
            "area layout, {n} areas and {} links in {regions} regions: {:.1} ms (median of 9); as drawn {crossed} crossings, {off} links off the map",
            graph.edges.len(),
            times[4],
        );
    }
}
