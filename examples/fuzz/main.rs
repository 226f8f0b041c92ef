//! A stable, in-repo fuzzer: damages the seed packs' files of one input kind with a seeded RNG
//! (byte flips, splices from other seed files, truncation, deleted and repeated lines, control
//! and random Unicode characters, huge numbers, template tags), runs each case in a child process
//! of itself (the library in-process there) killed after a time limit, and keeps every case that panics or hangs in `tests/fuzz-corpus/<kind>/<hash>/`,
//! which `cargo test --release --test it fuzz` replays.
//!
//! ```sh
//! cargo run --release --example fuzz -- csv --seconds 300 --seed 1
//! ```
//! Kinds: csv, toml, markdown, decklist, rules-import, templates, errata, or `all` (each kind for
//! `--seconds`); `--limit` is the per-case time limit (5 s) past which a case counts as a hang, and
//! `--memory` the peak resident memory in MB (1024) past which a case that finished counts as a
//! failure; each kind's line gives the median and largest peak of its cases. The case being run is
//! in `target/fuzz/<kind>-current-<pid>/`.

#[path = "cases.rs"]
mod cases;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cases::{Case, Kind, Outcome};

/// The folders holding seed packs.
const PACK_ROOTS: &[&str] = &["data", "tests/packs"];

/// Text a mutation may insert: separators, quotes, template and Markdown syntax, numbers far out
/// of range, byte-order marks and control characters.
const JUNK: &[&str] = &[
    "\"",
    ",",
    ";",
    "\n",
    "\r\n",
    "\r",
    "\t",
    "\0",
    "\u{1b}",
    "\u{b}",
    "\u{feff}",
    "\u{2028}",
    "\u{202e}",
    "|",
    "[[",
    "]]",
    "[",
    "]",
    "{",
    "}",
    "{{",
    "}}",
    "{%",
    "%}",
    "{#",
    "#",
    "##",
    "(",
    ")",
    "=",
    "&",
    "<",
    ">",
    "\\",
    "'",
    "`",
    "*",
    "-1",
    "0",
    "-0",
    "99999999999",
    "4294967295",
    "2147483648",
    "18446744073709551616",
    "1e308",
    "NaN",
    "inf",
    "-9223372036854775809",
    "0x7fffffff",
    "ー",
    "漢字",
    "🂡",
    "e\u{301}",
    "..",
    "../",
    "/etc/passwd",
    "{% for i in range(end=100000000) %}x{% endfor %}",
    "{% include \"x\" %}",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: cargo run --release --example fuzz -- <csv|toml|markdown|decklist|rules-import|templates|errata|all> [--seconds N] [--seed N] [--limit SECONDS] [--memory MB]";
    let Some(kind_arg) = args.first() else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    if kind_arg == "--case" {
        // A child process running one case (see `run_child`): a panic's message goes to stderr.
        let dir = PathBuf::from(&args[1]);
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let (case, _) = Case::read(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let scratch = dir.join("scratch");
        let _ = std::fs::remove_dir_all(&scratch);
        std::fs::create_dir_all(&scratch).expect("create scratch folder");
        case.run(&root, &scratch);
        let _ = std::fs::remove_dir_all(&scratch);
        // The process's peak resident memory, for the parent (Linux; elsewhere none is recorded).
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        if let Some(kb) = status.lines().find_map(|l| l.strip_prefix("VmHWM:")) {
            let _ = std::fs::write(dir.join("peak-kb"), kb.trim().trim_end_matches("kB").trim());
        }
        return;
    }
    let flag = |name: &str, default: u64| -> u64 {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(|v| v.parse().unwrap_or_else(|_| panic!("{name} takes a number")))
            .unwrap_or(default)
    };
    let (seconds, seed) = (flag("--seconds", 60), flag("--seed", 1));
    let limits = Limits { seconds: flag("--limit", 5), memory_mb: flag("--memory", 1024) };
    let kinds: Vec<Kind> = if kind_arg == "all" {
        Kind::ALL.to_vec()
    } else {
        vec![Kind::named(kind_arg).unwrap_or_else(|| {
            eprintln!("unknown kind `{kind_arg}`\n{usage}");
            std::process::exit(2);
        })]
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut failures = 0;
    for kind in kinds {
        failures += fuzz(&root, kind, Duration::from_secs(seconds), seed, limits);
    }
    std::process::exit(if failures == 0 { 0 } else { 1 });
}

/// What one case may take before it counts as a failure.
#[derive(Clone, Copy)]
struct Limits {
    seconds: u64,
    memory_mb: u64,
}

/// Fuzzes `kind` for `time`; returns how many cases failed.
fn fuzz(root: &Path, kind: Kind, time: Duration, seed: u64, limits: Limits) -> usize {
    let seeds = seeds(root, kind);
    assert!(!seeds.is_empty(), "no seed files for {}", kind.name());
    let donors: Vec<Vec<u8>> = seeds.iter().map(|c| c.input.clone()).collect();
    let mut rng = fastrand::Rng::with_seed(seed);
    // Per process: two runs of one kind must not share a folder.
    let current = root.join("target/fuzz").join(format!("{}-current-{}", kind.name(), std::process::id()));
    let (start, mut cases, mut failures) = (Instant::now(), 0u64, 0);
    let mut seen = std::collections::HashSet::new();
    // Every finished case's peak memory in kB, and the largest with its case's hash.
    let (mut peaks, mut largest) = (Vec::new(), (0u64, String::new()));
    while start.elapsed() < time {
        let mut case = seeds[rng.usize(..seeds.len())].clone();
        for _ in 0..rng.usize(1..=4) {
            mutate(&mut rng, &mut case.input, &donors);
        }
        // Rendering every product takes a second or more: one case in eight (templates always
        // render their pieces).
        case.render = rng.u8(..8) == 0;
        save(&current, &case, None);
        cases += 1;
        let failure = match run_child(&current, Duration::from_secs(limits.seconds)) {
            Outcome::Ok => {
                let Some(kb) = std::fs::read_to_string(current.join("peak-kb")).ok().and_then(|k| k.parse().ok())
                else {
                    continue;
                };
                peaks.push(kb);
                if kb > largest.0 {
                    largest = (kb, case.hash());
                }
                if kb <= limits.memory_mb * 1024 {
                    continue;
                }
                format!("MEMORY: peak {} MB, over {} MB", kb / 1024, limits.memory_mb)
            }
            Outcome::Panic(message) => message,
            Outcome::Hang => format!("HANG: over {} s", limits.seconds),
        };
        failures += 1;
        // One kept case per kind of failure (the message without its numbers).
        if !seen.insert(failure.replace(|c: char| c.is_ascii_digit(), "")) {
            continue;
        }
        let dir = keep(root, &case);
        println!("{}: {failure}\n  kept in {}", kind.name(), dir.display());
    }
    let _ = std::fs::remove_dir_all(&current);
    peaks.sort_unstable();
    let median = peaks.get(peaks.len() / 2).copied().unwrap_or_default();
    println!(
        "{}: {cases} cases in {:.0} s, {failures} failed; peak memory median {} MB, largest {} MB (case {})",
        kind.name(),
        start.elapsed().as_secs_f64(),
        median / 1024,
        largest.0 / 1024,
        largest.1
    );
    failures
}

/// Runs the case saved in `dir` in a child process of this program, killed after `limit`: a
/// hang is stopped and an abort (an allocation the system refuses) is caught like a panic.
fn run_child(dir: &Path, limit: Duration) -> Outcome {
    let exe = std::env::current_exe().expect("the fuzzer's path");
    let _ = std::fs::remove_file(dir.join("peak-kb"));
    let mut child = std::process::Command::new(exe)
        .arg("--case")
        .arg(dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(dir.join("stderr")).expect("create stderr file"))
        .spawn()
        .expect("start a case");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait for a case") {
            if status.success() {
                return Outcome::Ok;
            }
            let stderr = std::fs::read_to_string(dir.join("stderr")).unwrap_or_default();
            let first = stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("").to_string();
            let panic = stderr.lines().skip_while(|l| !l.contains("panicked at")).nth(1).unwrap_or("");
            return Outcome::Panic(format!("FAILED ({status}): {first} {panic}"));
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Outcome::Hang;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Writes `case` into the corpus; its folder.
fn keep(root: &Path, case: &Case) -> PathBuf {
    let dir = root.join("tests/fuzz-corpus").join(case.kind.name()).join(case.hash());
    save(&dir, case, None);
    dir
}

fn save(dir: &Path, case: &Case, note: Option<&str>) {
    std::fs::create_dir_all(dir).expect("create corpus folder");
    std::fs::write(dir.join("case.toml"), case.toml(note)).expect("write case.toml");
    std::fs::write(dir.join("input"), &case.input).expect("write input");
}

/// The seed cases of `kind`: every file of that kind in the seed packs, as it is.
fn seeds(root: &Path, kind: Kind) -> Vec<Case> {
    let mut out = Vec::new();
    let mut packs = Vec::new();
    for dir in PACK_ROOTS {
        for entry in std::fs::read_dir(root.join(dir)).into_iter().flatten().flatten() {
            if entry.path().join("pack.toml").is_file() {
                packs.push(format!("{dir}/{}", entry.file_name().to_string_lossy()));
            }
        }
    }
    packs.sort();
    let case = |pack: &str, file: String, old: Option<String>| Case {
        kind,
        pack: pack.to_string(),
        old,
        input: std::fs::read(root.join(pack).join(&file)).unwrap(),
        file,
        render: false,
    };
    for pack in &packs {
        for file in files(&root.join(pack)) {
            let wanted = match kind {
                Kind::Csv => file.ends_with(".csv"),
                Kind::Toml => file.ends_with(".toml"),
                Kind::Markdown | Kind::RulesImport => file.ends_with(".md") && file.starts_with("rules/"),
                Kind::Decklist => file.starts_with("decks/") && file.ends_with(".txt"),
                Kind::Templates => file.ends_with(".tera"),
                Kind::Errata => false,
            };
            if wanted {
                out.push(case(pack, file, None));
            }
        }
    }
    if kind == Kind::Errata {
        // Two editions in two folders; and a pack against a damaged copy of itself.
        let pairs = [("data/league-erratum/revised", Some("data/league-erratum/original")), ("data/dougram", None)];
        for (pack, old) in pairs {
            for file in files(&root.join(pack)).into_iter().filter(|f| f.ends_with(".csv") || f.ends_with(".toml")) {
                out.push(case(pack, file, old.map(str::to_string)));
            }
        }
    }
    out
}

/// Every file under `dir`, relative to it, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if let Ok(rel) = path.strip_prefix(dir) {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

/// One random damage to `bytes`, maybe with a piece of a `donor` file.
fn mutate(rng: &mut fastrand::Rng, bytes: &mut Vec<u8>, donors: &[Vec<u8>]) {
    let at = |rng: &mut fastrand::Rng, len: usize| rng.usize(..=len);
    match rng.u8(..10) {
        9 => {
            // A huge run of one token (up to ~2 MB): a word with no break, quotes, wide
            // characters, spaces; text must still be laid out in time linear in its length.
            const RUNS: &[&str] = &["x", "\"", "長", "ab ", "&amp;", "**", "[click]", "\\"];
            let token = RUNS[rng.usize(..RUNS.len())];
            let i = at(rng, bytes.len());
            let run = token.repeat(rng.usize(1_000..=2_000_000 / token.len()));
            bytes.splice(i..i, run.into_bytes());
        }
        0 if !bytes.is_empty() => {
            let i = rng.usize(..bytes.len());
            bytes[i] = rng.u8(..);
        }
        1 => {
            let i = at(rng, bytes.len());
            let junk = JUNK[rng.usize(..JUNK.len())];
            bytes.splice(i..i, junk.bytes());
        }
        2 => {
            // A random Unicode scalar value, control characters included.
            let c = loop {
                if let Some(c) = char::from_u32(rng.u32(..0x11_0000)) {
                    break c;
                }
            };
            let i = at(rng, bytes.len());
            bytes.splice(i..i, c.to_string().into_bytes());
        }
        3 => bytes.truncate(at(rng, bytes.len())),
        4 if !bytes.is_empty() => {
            let i = rng.usize(..bytes.len());
            let j = (i + rng.usize(..64)).min(bytes.len());
            bytes.drain(i..j);
        }
        5 | 6 => {
            // A line deleted or repeated (up to 200 times).
            let text = String::from_utf8_lossy(bytes).into_owned();
            let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
            if !lines.is_empty() {
                let i = rng.usize(..lines.len());
                if rng.bool() {
                    lines.remove(i);
                } else {
                    let line = lines[i];
                    for _ in 0..rng.usize(1..=200) {
                        lines.insert(i, line);
                    }
                }
            }
            *bytes = lines.concat().into_bytes();
        }
        7 if !donors.is_empty() => {
            // A splice from another seed file of the same kind.
            let donor = &donors[rng.usize(..donors.len())];
            if !donor.is_empty() {
                let from = rng.usize(..donor.len());
                let to = (from + rng.usize(..512)).min(donor.len());
                let i = at(rng, bytes.len());
                bytes.splice(i..i, donor[from..to].iter().copied());
            }
        }
        _ => {
            // A number made huge or negative: the first digit run after a random point.
            let start = at(rng, bytes.len());
            if let Some(i) = bytes[start..].iter().position(u8::is_ascii_digit).map(|p| p + start) {
                let j = bytes[i..].iter().position(|b| !b.is_ascii_digit()).map_or(bytes.len(), |p| p + i);
                let numbers: [&str; 5] = ["4294967301", "2147483648", "99999999999999999999", "-1", "100000000"];
                bytes.splice(i..j, numbers[rng.usize(..numbers.len())].bytes());
            }
        }
    }
}
