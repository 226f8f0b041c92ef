//! Writes a synthetic English-only card game pack for benchmarks: 2,000 cards by default, of five
//! card types with typed fields (long-named whole-number stats, a six-value faction choice, the
//! `unique` and `limited` flags, a flavour text field), two sides with their own card backs, four
//! `[icons]` (SVG files written into `icons/`), card texts with `**bold**`, `*italic*`, line breaks
//! and icons — most one to three sentences, about one in twenty 400–700 characters —, 1–3 copies
//! per card, an illustration per card type (`art`), one name in fifty with Greek, Cyrillic or Turkish letters, and a few rule clauses for
//! the deck limits. Every word is our own. Deterministic: a fixed-seed LCG, the same pack every run.
//!
//! Usage: `cargo run --release --example card-game-pack -- OUT_DIR [CARDS]`

use std::fmt::Write;
use std::path::Path;

fn main() {
    let mut args = std::env::args().skip(1);
    let out = args.next().unwrap_or_else(|| "target/card-game-pack".into());
    let cards: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    if let Err(e) = write_pack(Path::new(&out), cards) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
    println!("wrote {out}: {cards} cards");
}

/// Knuth's MMIX linear congruential generator; the high bits are the output.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
    fn pick<'a>(&mut self, list: &'a str) -> &'a str {
        let w = words(list);
        w[self.below(w.len())]
    }
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
}

// Word lists, `|`-separated: every name and sentence is made of them.
const FACTIONS: &str = "ember|tide|gale|root|spire|veil";
const ADJECTIVES: &str = "Rusted|Silent|Bright|Hollow|Frozen|Shifting|Quiet|Gilded|Broken|Distant|Crooked|Patient|\
    Copper|Lantern|Dusty|Restless|Narrow|Pale|Humming|Sunken";
const NOUNS: &str = "Relay|Vault|Cache|Node|Beacon|Circuit|Archive|Courier|Signal|Lattice|Conduit|Ledger|Harbour|\
    Switchyard|Mirror|Kiln|Orchard|Lockbox|Compass|Bellows|Spindle|Furnace|Gantry|Sluice|Weathervane";
const EXOTIC: &str = "Ωmega Relay|Ştefan's Gambit|Жар-птица Drone|Δelta Sweep|Ağaç Cache|Кузнец Patch|Λambda Node|\
    Çığ Protocol|Ψ-Lattice|Öğrenci Ledger|Светлячок Beacon|Θeta Courier";
const VERBS: &str = "scan|salvage|patch|reroute|stash|jam|decode|seal|uplink|overclock";
const WORDS: &str = "relay|vault|cache|node|beacon|circuit|depot|courier|signal|conduit|ledger|lockbox";
const KEYWORDS: &str = "Surge|Anchor|Echo|Overload|Stealth|Recall";
const LORE: &str = "“Nothing stays sealed for long.”|The {n} hums a little louder every night.|\
    “Follow the *{n}*, not the crowd.”|Old wiring never forgets a path.|“If it ticks, it can be taught.”|\
    Every {n} has a back door somewhere.";

fn words(list: &str) -> Vec<&str> {
    list.split('|').collect()
}

/// `n` of a word, in the plural unless one: "1 card", "3 cards".
fn count(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// One sentence of card text, with markup and icons.
fn sentence(r: &mut Lcg) -> String {
    let (v, w, a, n) = (r.pick(VERBS), r.pick(WORDS), r.pick(ADJECTIVES).to_lowercase(), r.range(1, 4));
    match r.below(10) {
        0 => format!("[click]: Gain {n}[credit]."),
        1 => format!("When you {v} a {a} {w}, draw {}.", count(n, "card")),
        2 => format!("**{}** – {v} up to {} you control.", r.pick(KEYWORDS), count(n, w)),
        3 => format!("*Once per turn*, you may pay {n}[credit] to {v} a {w}."),
        4 => format!("This card uses {n}[mu] while a {a} {w} is in play."),
        5 => format!("[trash]: Prevent {n} damage to a {w}."),
        6 => format!("Your opponent loses [click] at the start of their next turn unless they {v} a {w}."),
        7 => format!("If the {w} is *{a}*, place {} on it.", count(n, "token")),
        8 => format!("**Trash** this card after you {v} {}.", count(n, w)),
        _ => format!("[click], [click]: Reveal the top {} of your stack; you may {v} one.", count(n, "card")),
    }
}

/// A card's text: one to three sentences, or for about one card in twenty 400–700 characters;
/// sentences are joined by a space or a line break (a new line inside the quoted cell).
fn card_text(r: &mut Lcg) -> String {
    let long = r.below(100) < 5;
    let (target, sentences) = if long { (r.range(400, 700), usize::MAX) } else { (0, r.range(1, 3)) };
    let mut text = sentence(r);
    for _ in 1..sentences {
        let s = sentence(r);
        if long && (text.len() >= target || text.len() + 1 + s.len() > 700) {
            break;
        }
        text.push(if r.below(4) == 0 { '\n' } else { ' ' });
        text.push_str(&s);
    }
    text
}

/// Distinct names: an adjective and a noun, then the same pairs again with "II", "III", …; one in
/// fifty from the list of names with Greek, Cyrillic or Turkish letters.
fn name(n: usize) -> String {
    let (base, round) = if n % 50 == 17 {
        let (k, exotic) = (n / 50, words(EXOTIC));
        (exotic[k % exotic.len()].to_string(), k / exotic.len())
    } else {
        let k = n - (n + 33) / 50; // the ordinary names before n: no pair skipped or repeated
        (format!("{} {}", words(ADJECTIVES)[k % 20], words(NOUNS)[(k / 20 + 3 * k) % 25]), k / 500)
    };
    const ROMAN: [&str; 8] = ["", " II", " III", " IV", " V", " VI", " VII", " VIII"];
    match ROMAN.get(round) {
        Some(suffix) => format!("{base}{suffix}"),
        None => format!("{base} Mk {}", round + 1),
    }
}

/// A card type's illustration: a skyline of blocks under a sun, in shades of one hue (our own
/// drawing, so that the benchmark's fronts set text beside art as a published game's do).
fn art(hue: u32) -> String {
    let blocks: String = (0..8)
        .map(|i| {
            let h = 18 + (i * 37 % 5) * 6;
            format!(
                r#"<rect x="{}" y="{}" width="9" height="{h}" fill="hsl({hue},35%,{}%)"/>"#,
                i * 10,
                60 - h,
                30 + i * 4
            )
        })
        .collect();
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 60"><rect width="80" height="60" fill="hsl({hue},45%,85%)"/><circle cx="58" cy="16" r="9" fill="hsl({hue},70%,60%)"/>{blocks}</svg>
"#
    )
}

fn csv(cell: &str) -> String {
    format!("\"{}\"", cell.replace('"', "\"\""))
}

/// The icons, one a line: a name, then the body of its 24 × 24 SVG. A clock for a click, a coin
/// for a credit, a chip for a memory unit, a shield for trash.
const ICONS: &str = r##"click <circle cx="12" cy="12" r="10" fill="#fff" stroke="#222" stroke-width="2"/><path d="M12 6 V12 L16 15" fill="none" stroke="#222" stroke-width="2" stroke-linecap="round"/>
credit <circle cx="12" cy="12" r="10" fill="#e0b030" stroke="#8a6510" stroke-width="1.5"/><circle cx="12" cy="12" r="6" fill="none" stroke="#8a6510" stroke-width="1.5"/>
mu <rect x="6" y="6" width="12" height="12" rx="1.5" fill="#2e5d8a"/><path d="M9 2 V6 M15 2 V6 M9 18 V22 M15 18 V22 M2 9 H6 M2 15 H6 M18 9 H22 M18 15 H22" stroke="#2e5d8a" stroke-width="2"/>
trash <path d="M12 2 L20 5 V11 C20 16 16.5 20 12 22 C7.5 20 4 16 4 11 V5 Z" fill="#b03a2e" stroke="#5a1d17" stroke-width="1.5"/>"##;

/// The fields several card types share, one a line: the placeholder pack.toml writes, then the field.
const SHARED_FIELDS: &str = r#"{cost} { id = "cost", name = { en = "cost" }, type = "int", min = 0, max = 9, required = true },
{faction} { id = "faction", name = { en = "faction" }, type = "choice", values = [FACTIONS], required = true },
{lore} { id = "lore", name = { en = "flavour" }, type = "text" },
{unique} { id = "unique", name = { en = "unique" }, type = "flag" },
{limited} { id = "limited", name = { en = "limited" }, type = "flag" },"#;

const PACK: &str = r##"[game]
title = { en = "Signal & Static (synthetic benchmark)" }
languages = ["en"]
edition = "bench"
designer = "pnpkit benchmarks"
players = [2, 2]
play_minutes = [30, 60]

[totals]
cards = {cards}

[[editions]]
id = "bench"
date = "2026-01-01"
label = "Synthetic benchmark edition"

[[sides]]
id = "wardens"
name = { en = "Wardens" }

[[sides]]
id = "raiders"
name = { en = "Raiders" }

[[card_backs]]
side = "wardens"
name = { en = "Warden card" }
colour = "#1f4e79"

[[card_backs]]
side = "raiders"
name = { en = "Raider card" }
colour = "#7a2a1f"

[icons]
click = "icons/click.svg"
credit = "icons/credit.svg"
mu = "icons/mu.svg"
trash = "icons/trash.svg"

[deck]
min_cards = 40
max_copies = 3
rule = "deck.size"
copies_rule = "deck.copies"

[[deck.limits]]
field = "limited"
max_copies = 1
rule = "deck.limited"

# Five card types; the fields they share (cost, faction, flavour, the flags) are filled in by the generator.
[[card_types]]
id = "identity"
name = { en = "identity" }
fields = [{faction}{lore}
  { id = "influence", name = { en = "influence limit" }, type = "int", min = 0, max = 30, required = true },
  { id = "min_deck", name = { en = "minimum deck size" }, type = "int", min = 20, max = 60, required = true },
]
badge = "min_deck"
stats = ["influence"]
tags = ["faction"]

[[card_types]]
id = "agenda"
name = { en = "agenda" }
fields = [{faction}{lore}{limited}
  { id = "advancement", name = { en = "advancement requirement" }, type = "int", min = 1, max = 9, required = true },
  { id = "points", name = { en = "agenda points" }, short = "points", type = "int", min = 0, max = 4, required = true },
]
badge = "advancement"
stats = ["points"]
tags = ["faction", "limited"]
hidden = ["lore"]

[[card_types]]
id = "program"
name = { en = "program" }
fields = [{cost}{faction}{lore}{unique}
  { id = "memory", name = { en = "memory units" }, short = "MU", type = "int", min = 0, max = 4, required = true },
]
badge = "cost"
stats = ["memory"]
tags = ["faction", "unique"]

[[card_types]]
id = "hardware"
name = { en = "hardware" }
fields = [{cost}{faction}{lore}{unique}{limited}
]
badge = "cost"
tags = ["unique", "limited", "faction"]

[[card_types]]
id = "event"
name = { en = "event" }
fields = [{cost}{faction}{lore}{limited}
]
badge = "cost"
tags = ["faction", "limited"]
hidden = ["lore"]
"##;

const RULES: &str = "# 1 Decks {#deck}

## 1.1 {#deck.size} Deck size
A deck holds at least 40 cards besides its identity, and never fewer than the identity's *minimum deck size*.

## 1.2 {#deck.copies} Copies
A deck holds no more than three copies of any one card.

## 1.3 {#deck.limited} Limited cards
A deck holds at most one copy of each **limited** card.

# 2 Turns {#turn}

## 2.1 {#turn.clicks} Clicks
Each turn a player spends four clicks, one action per click, and then draws a card.

## 2.2 {#turn.memory} Memory
The programs a player has installed may together use no more memory units than the player's hardware provides.
";

fn write_pack(dir: &Path, cards: usize) -> std::io::Result<()> {
    std::fs::create_dir_all(dir.join("icons"))?;
    std::fs::create_dir_all(dir.join("rules"))?;
    std::fs::create_dir_all(dir.join("art"))?;
    for (kind, hue) in [("identity", 210), ("agenda", 35), ("program", 140), ("hardware", 270), ("event", 0)] {
        std::fs::write(dir.join(format!("art/{kind}.svg")), art(hue))?;
    }
    for (id, body) in ICONS.lines().filter_map(|line| line.split_once(' ')) {
        let svg = format!(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">{body}</svg>"#);
        std::fs::write(dir.join(format!("icons/{id}.svg")), svg + "\n")?;
    }
    let quoted = words(FACTIONS).iter().map(|f| format!("\"{f}\"")).collect::<Vec<_>>().join(", ");
    let mut pack = PACK.replace("{cards}", &cards.to_string());
    for (key, field) in SHARED_FIELDS.lines().filter_map(|line| line.split_once(' ')) {
        pack = pack.replace(key, &format!("\n  {}", field.replace("FACTIONS", &quoted)));
    }
    std::fs::write(dir.join("pack.toml"), pack)?;
    std::fs::write(dir.join("rules/01-play.md"), RULES)?;

    let mut r = Lcg(0x5eed_c0de_2026);
    let mut list = String::from(
        "number,name_en,type,side,tags,text,copies,influence,min_deck,advancement,points,cost,memory,faction,unique,limited,lore,art\n",
    );
    for n in 1..=cards {
        // Factions 0–2 play for the wardens, 3–5 for the raiders; agendas are the wardens' only.
        let kind = match r.below(100) {
            0..=2 => "identity",
            3..=14 => "agenda",
            15..=39 => "program",
            40..=59 => "hardware",
            _ => "event",
        };
        let faction = if kind == "agenda" { r.below(3) } else { r.below(6) };
        let side = if faction < 3 { "wardens" } else { "raiders" };
        let flag = |r: &mut Lcg, one_in: usize| if r.below(one_in) == 0 { "yes" } else { "" };
        let unique = if matches!(kind, "program" | "hardware") { flag(&mut r, 4) } else { "" };
        let limited = if matches!(kind, "agenda" | "hardware" | "event") { flag(&mut r, 8) } else { "" };
        // The columns influence, min_deck, advancement, points, cost and memory: (column, min, max).
        let columns: &[(usize, usize, usize)] = match kind {
            "identity" => &[(0, 10, 25), (1, 30, 50)],
            "agenda" => &[(2, 2, 6), (3, 1, 3)],
            "program" => &[(4, 0, 6), (5, 1, 3)],
            _ => &[(4, 0, 6)],
        };
        let mut stats: [String; 6] = Default::default();
        for &(column, lo, hi) in columns {
            stats[column] = r.range(lo, hi).to_string();
        }
        let text = card_text(&mut r);
        let lore = if r.below(3) == 0 { r.pick(LORE).replace("{n}", r.pick(WORDS)) } else { String::new() };
        let copies = if kind == "identity" || limited == "yes" { 1 } else { r.range(1, 3) };
        let tags = match n % 25 {
            0 => "promo",
            k if k % 10 == 3 => "core|starter",
            _ => "core",
        };
        let _ = writeln!(
            list,
            "{n},{},{kind},{side},{tags},{},{copies},{},{},{unique},{limited},{},art/{kind}.svg",
            csv(&name(n)),
            csv(&text),
            stats.join(","),
            words(FACTIONS)[faction],
            csv(&lore)
        );
    }
    std::fs::write(dir.join("cards.csv"), list)
}
