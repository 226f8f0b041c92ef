//! Search benchmark: a synthetic rulebook of 3,000 clauses (100 sections × 30), indexed once;
//! median time of Japanese, English and direct-jump queries over 21 runs each.
//! `cargo bench --bench search`

use std::time::Instant;

use pnpkit::model::{Clause, Names, Pack, Section};
use pnpkit::reference::Index;

fn main() {
    let mut pack = Pack::default();
    let phrases = [
        "潜伏チットを配置する",
        "捕捉チェックを行う",
        "the unit moves two hexes",
        "control of the city",
        "補充ボックスのユニット",
        "combat resolves in steps",
    ];
    for s in 1..=100 {
        let clauses = (1..=30)
            .map(|c| Clause {
                id: format!("s{s}.c{c}"),
                number: format!("{s}.{c}"),
                title: Names { ja: String::new(), en: format!("Topic {c}") },
                text: format!("{} {} {}", phrases[(s + c) % 6], phrases[(s * c) % 6], phrases[c % 6]),
                ..Default::default()
            })
            .collect();
        pack.rules.sections.push(Section {
            id: format!("s{s}"),
            number: s.to_string(),
            title: Names { ja: format!("第{s}章"), en: format!("Section {s}") },
            part: None,
            kind: None,
            clauses,
            span: Default::default(),
        });
    }
    let t = Instant::now();
    let index = Index::of(&pack, &[]);
    println!("index of {} documents: {:.1} ms", index.docs.len(), t.elapsed().as_secs_f64() * 1000.0);
    for query in ["捕捉", "潜伏チット", "control city", "77.15", "moves"] {
        let mut times: Vec<f64> = (0..21)
            .map(|_| {
                let t = Instant::now();
                let (hits, _) = index.search(query, 20);
                assert!(!hits.is_empty(), "{query}");
                t.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        times.sort_by(f64::total_cmp);
        println!("query {query:<12} {:.2} ms (median of 21)", times[10]);
    }
}
