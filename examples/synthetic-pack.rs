//! Writes a large synthetic pack for benchmarks: 1,000 cards and 2,000 counters (100 unit types
//! × 20), with texts long enough to exercise line breaking. Deterministic: the same pack every run.
//!
//! Usage: `cargo run --release --example synthetic-pack -- OUT_DIR [CARDS] [COUNTERS]`

use std::fmt::Write;
use std::path::Path;

fn main() {
    let mut args = std::env::args().skip(1);
    let out = args.next().unwrap_or_else(|| "target/synthetic-pack".into());
    let cards: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let counters: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    if let Err(e) = write_pack(Path::new(&out), cards, counters) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
    println!("wrote {out}: {cards} cards, {counters} counters");
}

fn write_pack(dir: &Path, cards: usize, counters: usize) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let kinds = 100.min(counters.max(1));
    let per_kind = counters / kinds;
    std::fs::write(
        dir.join("pack.toml"),
        format!(
            r##"[game]
title = {{ ja = "合成ベンチマーク", en = "Synthetic benchmark" }}
edition = "bench"
players = [2, 2]

[totals]
counters = {total}
cards = {cards}

[[sides]]
id = "red"
name = {{ ja = "赤軍", en = "Red" }}

[[sides]]
id = "blue"
name = {{ ja = "青軍", en = "Blue" }}

[[forces]]
id = "red"
side = "red"
name = {{ ja = "赤軍", en = "Red" }}
colour = "#c8373b"

[[forces]]
id = "blue"
side = "blue"
name = {{ ja = "青軍", en = "Blue" }}
colour = "#3a6fc4"

[[classes]]
id = "infantry"
name = {{ ja = "歩兵", en = "Infantry" }}
symbol = "infantry"

[[factors]]
id = "attack"
name = {{ ja = "攻撃力", en = "attack" }}

[[factors]]
id = "defence"
name = {{ ja = "防御力", en = "defence" }}

[[card_types]]
id = "action"
name = {{ ja = "アクション", en = "action" }}

[[card_backs]]
name = {{ ja = "アクションカード", en = "Action card" }}
colour = "#2e3440"
"##,
            total = kinds * per_kind
        ),
    )?;
    // Every regiment is always available: the synthetic pack has no setups to place them.
    let mut units = String::from("id,name_ja,name_en,force,class,attack,defence,movement,tags\n");
    let mut mix = String::from("id,front,back,count\n");
    for i in 0..kinds {
        let _ = writeln!(
            units,
            "r{i},赤軍歩兵第{i}連隊,Red regiment {i},red,infantry,{},{},4,always-available",
            1 + i % 6,
            1 + i % 4
        );
        let _ = writeln!(
            units,
            "b{i},青軍歩兵第{i}連隊,Blue regiment {i},blue,infantry,{},{},4,always-available",
            1 + (i + 3) % 6,
            1 + (i + 1) % 4
        );
        let _ = writeln!(mix, "k{i},r{i},b{i},{per_kind}");
    }
    std::fs::write(dir.join("units.csv"), units)?;
    std::fs::write(dir.join("counters.csv"), mix)?;
    let mut list = String::from("number,name_ja,name_en,type,side,timing,text\n");
    let phrases = [
        "このカードを使用すると、",
        "敵ユニット1枚を選び、",
        "そのヘックスの支配を判定し直す。",
        "Draw two cards, then discard one of them.",
        "「作戦」が成功した場合（ダイス4以上）、",
    ];
    for n in 1..=cards {
        let text: String = (0..(n % 5 + 2)).map(|k| phrases[(n + k) % phrases.len()]).collect();
        let side = if n % 2 == 0 { "red" } else { "blue" };
        let _ = writeln!(
            list,
            "{n},作戦カード{n}号,Operation {n},action,{side},Action phase,\"{}\"",
            text.replace('"', "\"\"")
        );
    }
    std::fs::write(dir.join("cards.csv"), list)
}
