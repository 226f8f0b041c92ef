//! Flowchart layout benchmark: a synthetic graph of 200 cards and 400 edges, laid out in layers
//! with lanes; median of 9 runs. `cargo bench --bench flowchart`

use std::time::Instant;

use pnpkit::render::flowchart::{layout, synthetic};

fn main() {
    let fonts = pnpkit::text::Fonts::embedded();
    for (n, m) in [(13, 12), (200, 400)] {
        let graph = synthetic(n, m);
        let mut times: Vec<f64> = (0..9)
            .map(|_| {
                let t = Instant::now();
                let l = layout(&graph, &fonts);
                assert_eq!(l.nodes.len(), n);
                t.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        times.sort_by(f64::total_cmp);
        println!("flowchart layout, {n} cards and {m} edges: {:.1} ms (median of 9)", times[4]);
    }
}
