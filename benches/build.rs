//! Whole-pack build benchmark: for data/dougram and a synthetic pack (1,000 cards, 2,000
//! counters), the median time of each stage over several runs, and the process's peak memory.
//! Each pack runs in its own process so peak memory is the pack's own.
//!
//! `cargo bench --bench build` (add `-- dougram` or `-- synthetic` for one pack).

use std::sync::Arc;
use std::time::Instant;

use pnpkit::emit::{pdf, pngs, SvgParser};
use pnpkit::layout::Paper;
use pnpkit::render::{self, Options};

const RUNS: usize = 5;

fn main() {
    let which: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    if which.is_empty() {
        let exe = std::env::current_exe().expect("own path");
        for pack in ["dougram", "synthetic"] {
            let status = std::process::Command::new(&exe).arg(pack).status().expect("run bench");
            assert!(status.success());
        }
        return;
    }
    for pack in which {
        bench(&pack);
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn bench(which: &str) {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = match which {
        "dougram" => root.join("data/dougram"),
        _ => {
            let dir = root.join("target/synthetic-pack");
            let status = std::process::Command::new("cargo")
                .args(["run", "--release", "--quiet", "--example", "synthetic-pack", "--"])
                .arg(&dir)
                .current_dir(&root)
                .status()
                .expect("generate the synthetic pack");
            assert!(status.success());
            dir
        }
    };
    let fonts = Arc::new(pnpkit::text::Fonts::embedded());
    let parser = SvgParser::new(&fonts);
    let options = Options::new(Paper::A4);
    let mut times: std::collections::BTreeMap<String, Vec<f64>> = Default::default();
    let mut time = |name: &str, started: Instant| {
        times.entry(name.to_string()).or_default().push(started.elapsed().as_secs_f64() * 1000.0)
    };
    let mut documents = Vec::new();
    for run in 0..RUNS {
        let t = Instant::now();
        let mut sources = pnpkit::diag::Sources::default();
        let (pack, diags) = pnpkit::load::pack(&dir, &mut sources);
        assert!(diags.iter().all(|d| !d.is_error()), "the {which} pack must load cleanly");
        let checked = pnpkit::check::pack(&pack, Default::default());
        assert!(checked.iter().all(|d| !d.is_error()));
        time("1 load + check", t);
        let t = Instant::now();
        let rendered = render::render(&pack, fonts.clone(), &mut sources, &options).expect("renders");
        time("2 render (templates, text, imposition)", t);
        for doc in &rendered.documents {
            let t = Instant::now();
            let pages: Vec<_> = doc.pages.iter().map(pnpkit::emit::PdfPage::of).collect();
            let bytes = pdf(&parser, &pages, doc.page_mm, "bench").expect("pdf");
            time(&format!("3 pdf {}", doc.product.name()), t);
            if run == 0 {
                documents.push(format!(
                    "{} {} pieces, {} pages, {} kB",
                    doc.product.name(),
                    doc.pieces,
                    doc.pages.len(),
                    bytes.len() / 1024
                ));
            }
        }
        let t = Instant::now();
        let svgs: Vec<String> = rendered.previews.iter().map(|p| p.art.document()).collect();
        let svgs: Vec<(&str, u32)> = svgs.iter().map(|s| (s.as_str(), 300)).collect();
        assert!(pngs(&parser, &svgs).iter().all(Result::is_ok));
        time(&format!("4 png previews ({} faces, 300 dpi)", rendered.previews.len()), t);
    }
    println!("\n{which} ({}): {}", dir.display(), documents.join("; "));
    let mut total = 0.0;
    for (stage, v) in &times {
        let m = median(v.clone());
        total += m;
        println!("  {stage:<48} {m:>9.1} ms  (median of {})", v.len());
    }
    println!("  {:<48} {total:>9.1} ms", "total");
    let peak = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmHWM")).map(|l| l.split_whitespace().nth(1).unwrap_or("0").to_string())
        })
        .and_then(|kb| kb.parse::<u64>().ok());
    if let Some(kb) = peak {
        println!("  {:<48} {:>9.1} MB", "peak memory (VmHWM)", kb as f64 / 1024.0);
    }
}
