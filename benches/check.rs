//! `check` at scale: a synthetic pack of 50,000 cards (written to a temporary folder by
//! `examples/synthetic-pack.rs`) loaded and checked, and a deck list of 40,000 lines checked
//! against data/doomtrooper; the median of several runs of each. Both were quadratic once
//! (3 min 35 s and 9.7 s); the target is under a second.
//!
//! `cargo bench --bench check`

use std::time::Instant;

const RUNS: usize = 7;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("pnpkit-bench-check-{}", std::process::id()));
    let status = std::process::Command::new("cargo")
        .args(["run", "--release", "--quiet", "--example", "synthetic-pack", "--"])
        .arg(&dir)
        .args(["50000", "2000"])
        .current_dir(&root)
        .status()
        .expect("generate the synthetic pack");
    assert!(status.success());

    let mut times = Vec::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        let mut sources = pnpkit::diag::Sources::default();
        let (pack, diags) = pnpkit::load::pack(&dir, &mut sources);
        assert!(diags.iter().all(|d| !d.is_error()), "the synthetic pack loads cleanly");
        let checked = pnpkit::check::pack(&pack, Default::default());
        assert!(checked.iter().all(|d| !d.is_error()), "and checks cleanly");
        assert_eq!(pack.cards.len(), 50_000);
        times.push(t.elapsed().as_secs_f64());
    }
    println!("load + check, 50,000 cards: {:.0} ms (median of {RUNS})", median(times) * 1000.0);

    let mut sources = pnpkit::diag::Sources::default();
    let (pack, _) = pnpkit::load::pack(&root.join("data/doomtrooper"), &mut sources);
    let ids: Vec<&str> = pack.cards.iter().map(|c| c.id.as_str()).collect();
    let list: String = (0..40_000).map(|i| format!("1 #{}\n", ids[i % ids.len()])).collect();
    let path = dir.join("deck.txt");
    std::fs::write(&path, list).expect("write the deck list");
    let mut times = Vec::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        let mut sources = pnpkit::diag::Sources::default();
        let (deck, problems) = pnpkit::load::decklist::read(&path, &mut sources).expect("read");
        assert!(problems.is_empty());
        let diags = pnpkit::check::decklist::check(&pack, &deck);
        // Every card past its fifth copy is reported: printing them is part of the work.
        let mut out = Vec::new();
        pnpkit::diag::print::write(&mut out, &sources, &diags, pnpkit::diag::print::Format::Human).expect("print");
        assert!(diags.len() > 39_000);
        times.push(t.elapsed().as_secs_f64());
    }
    println!("deck check, 40,000 lines (all reported): {:.0} ms (median of {RUNS})", median(times) * 1000.0);
    let _ = std::fs::remove_dir_all(&dir);
}
