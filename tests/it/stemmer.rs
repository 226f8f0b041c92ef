//! The page's stemmer (templates/reference/stem.js) against the CLI's (the crate rust-stemmers,
//! Snowball English): node runs stem.js over a word list (tests/browser/stem.mjs) and every stem
//! must equal the crate's. The list: the edge cases below and every word of every pack's rules,
//! cards and glossary in data/, each also with common suffixes; every string of up to 4
//! characters over nine letters and the apostrophe; the system dictionary /usr/share/dict/words
//! when present (Debian's `wamerican`, which .ci/run installs). Runs when node is installed (CI
//! has it; locally the test says what it skipped).

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use rust_stemmers::{Algorithm, Stemmer};

use super::support::{root, temp_dir};

/// Words that exercise each corner of Porter2: short words, the exceptional forms, the words kept
/// after step 1a, the prefixes gener/commun/arsen, apostrophes, y as a consonant, digits; one
/// string, split at spaces.
const EDGE_CASES: &str = "\
    a i y s ' is as us be by ys yy 's s' '' yyy yyyy ''' generously generous general generals \
    generate generation generic gener communism communication commune communal commun arsenal \
    arsenic arsen skies skis sky dying lying tying idly gently ugly early only singly news howe \
    atlas cosmos bias andes inning innings outing outings canning cannings herring herrings earring \
    earrings proceed proceeds proceeded exceed exceeds succeed succeeded succeeds sky's skies' \
    news's player's players' players's 'players 'tis o'clock rock'n'roll y'all ya yes yellow you're \
    year's years' youth boy boys boyish saying sayings toy toys enjoy enjoyed enjoyment cry cries \
    cried crying by bye say ties tied dies died pies lies ied ies sses caresses ponies gas gaps \
    kiwis this its hopping hoped hoping tanned falling filing luxuriated agreed feed bleed eed ed \
    ing ingly edly eedly agreedly hopefully conditional rational relational valency hesitancy \
    digitizer conformabli radically differently vilely analogously vietnamization predication \
    operator feudalism decisiveness hopefulness callousness formality sensitivity sensibility \
    geology apology ecology fluently formative formalize electricity electrical hopeful goodness \
    revival allowance inference airliner gyroscopic adjustable defensible irritant replacement \
    adjustment dependent adoption ion tion sion homologou communism activate angulariti homologous \
    effective bowdlerize probate rate cease controll roll fall hope ape free ye eye aye quay quays \
    sayyid mayyou ayyy yay yayy ayay 2d6 1st 2nd 3rd 4th 10th mk2 a1 x'y hex hexes axes boxes sixes \
    stacking stacked stacks transport transported transporting transportation allocation allocate \
    allocated fortress fortresses placement placed placing damage damaged damages card cards supply \
    supplied supplies attacker attacking defender defending retreat retreated mechanical";

/// Words with Latin letters beyond ASCII, which the page's tokenizer may pass on: the crate moves
/// by characters and stem.js by UTF-16 units, the same for these (they are all in the BMP).
const BEYOND_ASCII: &[&str] =
    &["café", "cafés", "naïve", "naïvely", "résumés", "über", "façades", "rôles", "ärgerlich"];

/// Every string of 1 to 4 characters over letters that drive the steps (a, e, y, s, d, l, n, g, t)
/// and the apostrophe: each rule's boundary cases, which a dictionary seldom reaches.
fn short_strings(words: &mut BTreeSet<String>) {
    const ALPHABET: &[u8] = b"aeysdlngt'";
    let mut layer = vec![String::new()];
    for _ in 0..4 {
        layer = layer.iter().flat_map(|w| ALPHABET.iter().map(move |&c| format!("{w}{}", c as char))).collect();
        words.extend(layer.iter().cloned());
    }
}

/// Suffixes appended to every word of the packs, so that each step also meets them on real stems.
const SUFFIXES: &[&str] = &[
    "s", "'s", "s'", "ed", "ing", "ly", "edly", "ingly", "ness", "ation", "ational", "al", "ize", "ful", "ement",
    "ion", "e", "y", "ies", "er",
];

/// Every word (split on anything but ASCII letters, lower-cased) of the rules, cards and
/// glossaries under `dir`.
fn pack_words(dir: &Path, words: &mut BTreeSet<String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            pack_words(&path, words);
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let in_rules = path.parent().is_some_and(|p| p.ends_with("rules"));
        if !(in_rules && name.ends_with(".md") || name == "cards.csv" || name == "terms.csv") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for word in text.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| !w.is_empty()) {
            words.insert(word.to_ascii_lowercase());
        }
    }
}

/// The lines of the system dictionary made of ASCII letters and apostrophes only, lower-cased.
fn dictionary_words(words: &mut BTreeSet<String>) -> usize {
    let Ok(text) = std::fs::read_to_string("/usr/share/dict/words") else { return 0 };
    let before = words.len();
    for line in text.lines() {
        if !line.is_empty() && line.chars().all(|c| c.is_ascii_alphabetic() || c == '\'') {
            words.insert(line.to_ascii_lowercase());
        }
    }
    words.len() - before
}

#[test]
fn the_pages_stemmer_gives_the_crates_stems() {
    if Command::new("node").arg("--version").output().is_err() {
        assert!(std::env::var_os("CI").is_none(), "node is required in CI");
        eprintln!("skipping: node is not installed, so templates/reference/stem.js cannot be run");
        return;
    }
    let mut words: BTreeSet<String> =
        EDGE_CASES.split_whitespace().chain(BEYOND_ASCII.iter().copied()).map(|w| w.to_string()).collect();
    pack_words(&root().join("data"), &mut words);
    // The suffixes go on the edge cases too.
    let bases: Vec<String> = words.iter().cloned().collect();
    words.extend(bases.iter().flat_map(|w| SUFFIXES.iter().map(move |s| format!("{w}{s}"))));
    short_strings(&mut words);
    let from_packs = words.len();
    let from_dictionary = dictionary_words(&mut words);
    if from_dictionary == 0 {
        assert!(std::env::var_os("CI").is_none(), "CI installs /usr/share/dict/words (wamerican)");
        eprintln!("/usr/share/dict/words is missing (Debian's wamerican); only the packs' words and the edge cases");
    }
    let words: Vec<String> = words.into_iter().collect();

    let dir = temp_dir("stemmer");
    let list = dir.join("words.txt");
    std::fs::write(&list, words.join("\n") + "\n").unwrap();
    let started = Instant::now();
    let run = Command::new("node")
        .arg(root().join("tests/browser/stem.mjs"))
        .arg(root().join("templates/reference/stem.js"))
        .arg(&list)
        .output()
        .expect("run node");
    let elapsed = started.elapsed();
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let stdout = String::from_utf8(run.stdout).expect("UTF-8 from stem.mjs");
    let page: Vec<&str> = stdout.lines().collect();
    assert_eq!(page.len(), words.len(), "stem.mjs printed one stem per word");

    let stemmer = Stemmer::create(Algorithm::English);
    let wrong: Vec<String> = words
        .iter()
        .zip(&page)
        .filter(|(word, got)| stemmer.stem(word) != **got)
        .map(|(word, got)| format!("{word:?}: stem.js gives {got:?}, rust-stemmers {:?}", stemmer.stem(word)))
        .collect();
    eprintln!(
        "stemmer parity: {} words ({} from the packs with and without suffixes, short strings and edge cases, {} more from the dictionary); node ran in {} ms ({})",
        words.len(),
        from_packs,
        from_dictionary,
        elapsed.as_millis(),
        String::from_utf8_lossy(&run.stderr).trim()
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(wrong.is_empty(), "{} of {} words stem differently:\n{}", wrong.len(), words.len(), wrong.join("\n"));
}
