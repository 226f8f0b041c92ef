//! Faults while writing output: builds killed at random moments, concurrent builds into one
//! folder, a read-only old output, a write that fails midway, folders that look like ours, and a
//! re-import over hand-edited rules. After each, the output folder is the complete old or the
//! complete new output (the SHA-256 of every file), and the messages say what happened.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

use crate::support::{bin, pnpkit, root, spawn, temp_dir, text};

/// Two small builds that differ in every file, written in turn into the same folder.
const PACKS: [&str; 2] = ["tests/packs/english-only", "tests/packs/english-only-cards"];

/// Every file under `dir` (relative path → SHA-256), skipping nothing.
fn hashes(dir: &Path) -> BTreeMap<String, String> {
    fn walk(base: &Path, dir: &Path, into: &mut BTreeMap<String, String>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.map(Result::unwrap) {
            let path = entry.path();
            if entry.file_type().unwrap().is_dir() {
                walk(base, &path, into);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                let hash = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
                into.insert(path.strip_prefix(base).unwrap().to_string_lossy().into_owned(), hash);
            }
        }
    }
    let mut files = BTreeMap::new();
    walk(dir, dir, &mut files);
    files
}

/// `pnpkit build PACK --only cards --out OUT`, started and not waited for.
fn spawn_build(pack: &str, out: &Path, extra: &[&str]) -> Child {
    Command::new(bin())
        // With previews: the largest files and the longest write, where a fault hurts most.
        .args(["build", pack, "--only", "cards", "--previews", "--svg", "--out"])
        .arg(out)
        .args(extra)
        .current_dir(root())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start pnpkit")
}

/// Builds both packs into folders of their own: the complete outputs every state is compared with.
fn references(dir: &Path) -> [BTreeMap<String, String>; 2] {
    PACKS.map(|pack| {
        let out = dir.join(format!("ref-{}", Path::new(pack).file_name().unwrap().to_string_lossy()));
        let output = spawn_build(pack, &out, &[]).wait_with_output().unwrap();
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        hashes(&out)
    })
}

/// Which complete output `out` holds (0 or 1), failing when it is neither.
fn which(out: &Path, refs: &[BTreeMap<String, String>; 2], when: &str) -> usize {
    let now = hashes(out);
    refs.iter().position(|r| *r == now).unwrap_or_else(|| {
        let from = |r: &BTreeMap<String, String>| now.iter().filter(|(f, h)| r.get(*f) == Some(h)).count();
        let (old, new) = (from(&refs[0]), from(&refs[1]));
        panic!(
            "{when}: {} is neither complete output: of its {} files {old} are as in the first, {new} as in the second \
             (which have {} and {}): {:?}",
            out.display(),
            now.len(),
            refs[0].len(),
            refs[1].len(),
            now.keys().take(12).collect::<Vec<_>>()
        )
    })
}

/// Staging folders, markers and old outputs set aside, left beside `out`.
fn leftovers(out: &Path) -> Vec<String> {
    let name = out.file_name().unwrap().to_string_lossy().into_owned();
    std::fs::read_dir(out.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&format!(".{name}.staging")))
        .collect()
}

/// A small deterministic generator (SplitMix64), so the kill moments are the same every run.
struct Moments(u64);

impl Moments {
    fn next_below(&mut self, bound: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % bound.max(1)
    }
}

#[test]
fn a_build_killed_at_any_moment_leaves_the_complete_old_or_new_output() {
    let dir = temp_dir("faults-kill");
    let refs = references(&dir);
    let out = dir.join("out");
    let started = Instant::now();
    assert!(spawn_build(PACKS[0], &out, &[]).wait().unwrap().success());
    // Kill moments spread over a whole build, with a margin past its end.
    let mut span = started.elapsed().as_millis() as u64 * 5 / 4;
    let mut moments = Moments(14);
    let (mut killed, mut seen) = (0, [0; 2]);
    // At least 60 kills, 20 of them while the build still ran; on a loaded machine more rounds
    // are needed to reach that, up to a bound.
    // A machine busy with other tests slows the builds past the first one's time: while one of
    // the two outputs never completes, the kill moments stretch (a quarter longer every 20 rounds).
    let mut round = 0;
    while (round < 60 || killed < 20 || seen.contains(&0)) && round < 400 {
        if round > 0 && round % 20 == 0 && seen.contains(&0) {
            span = span * 5 / 4;
        }
        let mut child = spawn_build(PACKS[(round + 1) % 2], &out, &[]);
        std::thread::sleep(Duration::from_millis(moments.next_below(span)));
        if child.try_wait().unwrap().is_none() {
            killed += 1;
        }
        let _ = child.kill(); // SIGKILL on Unix
        child.wait().unwrap();
        seen[which(&out, &refs, &format!("kill {round}"))] += 1;
        round += 1;
    }
    assert!(killed >= 20, "only {killed} of {round} builds were still running when killed");
    assert!(seen[0] > 0 && seen[1] > 0, "both outputs took turns: {seen:?}");
    // The next build cleans up what the killed ones left.
    let output = spawn_build(PACKS[1], &out, &[]).wait_with_output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(which(&out, &refs, "after the last build"), 1);
    assert_eq!(leftovers(&out), Vec::<String>::new(), "staging folders of killed builds are removed");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn of_two_concurrent_builds_one_writes_and_the_other_stops_at_once() {
    let dir = temp_dir("faults-concurrent");
    let refs = references(&dir);
    let out = dir.join("out");
    let start = |edition: usize, extra: &[&str]| spawn_build(PACKS[edition], &out, extra);
    concurrent_pairs(&out, &refs, start, "another build is writing");
    waits_its_turn(&out, &refs, start);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_read_only_old_output_is_replaced_whole() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("faults-read-only");
    let refs = references(&dir);
    let out = dir.join("out");
    assert!(spawn_build(PACKS[0], &out, &[]).wait().unwrap().success());
    std::fs::set_permissions(out.join("manifest.json"), std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::set_permissions(out.join("svg"), std::fs::Permissions::from_mode(0o555)).unwrap();
    // Read-only modes do not stop root: run the second build as `nobody`, owner of the folders,
    // so that the modes hold (CI runs the tests as root).
    let user = unprivileged(&dir);
    let output = match user {
        Some(user) => Command::new("setpriv")
            .args(user)
            .arg(bin())
            .args(["build", PACKS[1], "--only", "cards", "--previews", "--svg", "--out"])
            .arg(&out)
            .current_dir(root())
            .output()
            .unwrap(),
        None => spawn_build(PACKS[1], &out, &[]).wait_with_output().unwrap(),
    };
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(which(&out, &refs, "over a read-only output"), 1);
    if user.is_some() {
        use std::os::unix::fs::MetadataExt;
        assert_eq!(std::fs::metadata(out.join("manifest.json")).unwrap().uid(), 65534, "built as nobody");
    }
    assert_eq!(leftovers(&out), Vec::<String>::new(), "the old output is removed");
    let _ = std::fs::remove_dir_all(&dir);
}

/// When the tests run as root and `setpriv` is there: gives `dir` to `nobody` and returns the
/// `setpriv` arguments that run a command as `nobody`. Else `None` (the caller runs as itself).
fn unprivileged(dir: &Path) -> Option<[&'static str; 3]> {
    use std::os::unix::fs::MetadataExt;
    const NOBODY: u32 = 65534;
    let probe = dir.join(".uid-probe");
    std::fs::write(&probe, "").ok()?;
    let root_user = std::fs::metadata(&probe).ok()?.uid() == 0;
    let _ = std::fs::remove_file(&probe);
    let runs = Command::new("setpriv").arg("--version").output().is_ok_and(|o| o.status.success());
    if !root_user || !runs {
        return None;
    }
    fn give(path: &Path) {
        std::os::unix::fs::lchown(path, Some(NOBODY), Some(NOBODY)).unwrap();
        if path.is_dir() && !path.is_symlink() {
            for entry in std::fs::read_dir(path).unwrap() {
                give(&entry.unwrap().path());
            }
        }
    }
    give(dir);
    Some(["--reuid=65534", "--regid=65534", "--clear-groups"])
}

#[test]
fn a_build_or_import_that_fails_midway_keeps_the_old_output_and_says_so() {
    let dir = temp_dir("faults-midway");
    let refs = references(&dir);
    let out = dir.join("out");
    assert!(spawn_build(PACKS[0], &out, &[]).wait().unwrap().success());
    // A file size limit (in KiB for bash) above every PDF and SVG page but below the largest PNG
    // preview, which are written last: the limit stops the build midway with EFBIG.
    let reference = dir.join("ref-english-only-cards");
    let largest = |previews: bool| {
        let sizes = hashes(&reference).into_keys().filter(|f| f.starts_with("png/") == previews);
        sizes.map(|f| std::fs::metadata(reference.join(f)).unwrap().len()).max().unwrap()
    };
    let limit = largest(false) / 1024 + 1;
    assert!(limit * 1024 < largest(true), "the previews must be the largest files");
    let script =
        format!("trap '' XFSZ; ulimit -f {limit}; exec \"$0\" build {} --only cards --previews --out \"$1\"", PACKS[1]);
    let Ok(output) = Command::new("bash").args(["-c", &script]).arg(bin()).arg(&out).current_dir(root()).output()
    else {
        eprintln!("skipping: no bash to set a file size limit");
        return;
    };
    let (_, stderr) = text(&output);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("File too large") && stderr.contains("the previous output is unchanged"), "{stderr}");
    assert_eq!(which(&out, &refs, "after a failed write"), 0, "the old output, complete");
    assert_eq!(leftovers(&out), Vec::<String>::new(), "the failed build's staging folder is removed");
    // The same for `rules import`: a second edition whose last section is too large for the
    // limit; the first 49 files, all changed, are written before it.
    let pack = dir.join("pack");
    let book = |edition: &str, last: usize| {
        let mut text = rulebook(edition).split("50 第50章").next().unwrap().to_string();
        text.push_str("50 第50章――――\n");
        for c in 1..=last {
            text.push_str(&format!("50.{c} {edition}の条項。\n"));
        }
        let path = dir.join(format!("midway-{edition}.txt"));
        std::fs::write(&path, text).unwrap();
        path
    };
    let (first, second) = (book("A", 5), book("B", 5000));
    add_user_files(&pack);
    assert!(spawn_import(&first, &pack, &[]).wait().unwrap().success());
    let before = hashes(&pack.join("rules"));
    let script =
        format!("trap '' XFSZ; ulimit -f 64; exec \"$0\" rules import \"$1\" --out \"$2\" {}", force().join(" "));
    let output = Command::new("bash").args(["-c", &script]).arg(bin()).arg(&second).arg(&pack).output().unwrap();
    let (_, stderr) = text(&output);
    let after = hashes(&pack.join("rules"));
    let kept = after.iter().filter(|(name, hash)| before.get(*name) == Some(hash)).count();
    assert!(
        after == before,
        "the old rules, complete: {kept} of {} files kept, {} now\n{stderr}",
        before.len(),
        after.len()
    );
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("File too large") && stderr.contains("the previous rules are unchanged"), "{stderr}");
    assert_eq!(leftovers(&pack.join("rules")), Vec::<String>::new(), "the failed import's staging folder is removed");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn folders_that_only_look_like_ours_are_never_deleted() {
    let dir = temp_dir("faults-look-alike");
    let out = dir.join("out");
    // Named like staging folders (one with a PID that never runs), but without pnpkit's marker.
    let look_alikes = [".out.staging", ".out.staging-4194305-0", ".out.staging-4194305-0.old"];
    for name in look_alikes {
        std::fs::create_dir_all(dir.join(name)).unwrap();
        std::fs::write(dir.join(name).join("mine.txt"), "keep").unwrap();
    }
    // A marker whose content does not name the folder's process is not ours either.
    std::fs::create_dir_all(dir.join(".out.staging-4194306-0")).unwrap();
    std::fs::write(dir.join(".out.staging-4194306-0.pnpkit"), "my notes\n").unwrap();
    // And a folder that is not an output is refused as --out, not replaced.
    let notes = dir.join("notes");
    std::fs::create_dir_all(&notes).unwrap();
    std::fs::write(notes.join("mine.txt"), "keep").unwrap();
    let refused = pnpkit(&root(), &["build", PACKS[0], "--only", "cards", "--out", &notes.to_string_lossy()]);
    let (_, stderr) = text(&refused);
    assert_eq!(refused.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("is not an output pnpkit wrote"), "{stderr}");
    assert_eq!(std::fs::read_dir(&notes).unwrap().count(), 1);
    for pack in PACKS {
        let output = pnpkit(&root(), &["build", pack, "--only", "cards", "--out", &out.to_string_lossy()]);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    }
    for name in look_alikes {
        assert_eq!(std::fs::read_to_string(dir.join(name).join("mine.txt")).unwrap(), "keep", "{name}");
    }
    assert!(dir.join(".out.staging-4194306-0").is_dir());
    assert_eq!(std::fs::read_to_string(notes.join("mine.txt")).unwrap(), "keep");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rules_import_never_overwrites_an_edited_file_without_force() {
    let dir = temp_dir("faults-import");
    let rulebook = dir.join("rulebook.txt");
    std::fs::write(&rulebook, "1 はじめに――――\n1.1 最初の条項。\n2 手番――――\n2.1 手番の順。\n").unwrap();
    let args = |extra: &[&'static str]| {
        let mut args = vec!["rules".to_string(), "import".into(), rulebook.to_string_lossy().into_owned()];
        args.extend(["--out".to_string(), dir.to_string_lossy().into_owned()]);
        args.extend(extra.iter().map(|s| s.to_string()));
        args
    };
    let run = |extra: &[&'static str]| {
        let args = args(extra);
        pnpkit(&root(), &args.iter().map(String::as_str).collect::<Vec<_>>())
    };
    assert_eq!(run(&[]).status.code(), Some(0));
    // Importing the same text again changes nothing and succeeds.
    assert_eq!(run(&[]).status.code(), Some(0));
    let edited = dir.join("rules/01-s1.md");
    let by_hand = std::fs::read_to_string(&edited).unwrap().replace("最初の条項", "書き直した条項");
    std::fs::write(&edited, &by_hand).unwrap();
    std::fs::write(dir.join("rules/09-mine.md"), "# 9 自作 {#mine}\n").unwrap();
    let refused = run(&[]);
    let (_, stderr) = text(&refused);
    assert_eq!(refused.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("01-s1.md") && stderr.contains("--force") && stderr.contains("nothing was written"));
    assert_eq!(std::fs::read_to_string(&edited).unwrap(), by_hand, "the edit is kept");
    let forced = run(&["--force"]);
    assert_eq!(forced.status.code(), Some(0), "{}", text(&forced).1);
    assert!(std::fs::read_to_string(&edited).unwrap().contains("最初の条項"), "--force overwrites");
    assert!(dir.join("rules/09-mine.md").is_file(), "a file the import does not make is kept");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A plain-text rulebook of 2,000 sections (one rules file each) of five clauses, every clause
/// naming `edition`, so two editions differ in every file; large enough that an import takes a
/// while (about 0.1 s) and a kill can land while it writes.
fn rulebook(edition: &str) -> String {
    let mut text = String::new();
    for s in 1..=2000 {
        text.push_str(&format!("{s} 第{s}章――――\n"));
        for c in 1..=5 {
            text.push_str(&format!("{s}.{c} {edition}の条項。移動、戦闘、補給の手順をここに定める。\n"));
        }
    }
    text
}

/// `pnpkit rules import RULEBOOK --out OUT` with `extra` arguments, started and not waited for.
fn spawn_import(rulebook: &Path, out: &Path, extra: &[&str]) -> Child {
    let args = [Path::new("rules"), Path::new("import"), rulebook, Path::new("--out"), out];
    spawn(args.iter().map(|a| a.as_os_str()).chain(extra.iter().map(std::ffi::OsStr::new)))
}

/// `--force` for `rules import` over the other edition's files. Binaries from before the flag
/// (run through `PNPKIT_TEST_BIN`) always overwrote and refuse it, so they get none: the tests then
/// show what those binaries do to the rules folder rather than a usage error.
fn force() -> &'static [&'static str] {
    static KNOWS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let knows = *KNOWS.get_or_init(|| {
        let help = Command::new(bin()).args(["rules", "import", "--help"]).output().expect("run pnpkit");
        String::from_utf8_lossy(&help.stdout).contains("--force")
    });
    if knows {
        &["--force"]
    } else {
        &[]
    }
}

/// The user's own files in a rules folder, which every import keeps.
const USER_FILES: [(&str, &str); 3] =
    [("99-mine.md", "# 99 自作 {#mine}\n"), ("notes.txt", "keep me\n"), ("drafts/next.md", "draft\n")];

/// Two rulebooks (editions A and B) in `dir`, and the rules folders they import into a folder
/// holding the user's files: the complete states every rules folder is compared with.
fn import_references(dir: &Path) -> ([std::path::PathBuf; 2], [BTreeMap<String, String>; 2]) {
    let books = ["A", "B"].map(|edition| {
        let path = dir.join(format!("rulebook-{edition}.txt"));
        std::fs::write(&path, rulebook(edition)).unwrap();
        path
    });
    let refs = [0, 1].map(|n| {
        let pack = dir.join(format!("ref-{n}"));
        add_user_files(&pack);
        let output = spawn_import(&books[n], &pack, &[]).wait_with_output().unwrap();
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        hashes(&pack.join("rules"))
    });
    (books, refs)
}

fn add_user_files(pack: &Path) {
    for (name, body) in USER_FILES {
        let path = pack.join("rules").join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, body).unwrap();
    }
}

#[test]
fn a_rules_import_killed_at_any_moment_leaves_the_rules_all_old_or_all_new() {
    let dir = temp_dir("faults-import-kill");
    let (books, refs) = import_references(&dir);
    let pack = dir.join("pack");
    add_user_files(&pack);
    assert!(spawn_import(&books[1], &pack, &[]).wait().unwrap().success());
    // Kill moments spread over an import that replaces every file, with a margin past its end.
    let started = Instant::now();
    assert!(spawn_import(&books[0], &pack, force()).wait().unwrap().success());
    let mut span = started.elapsed().as_millis() as u64 * 3 / 2;
    let rules = pack.join("rules");
    let mut moments = Moments(41);
    let (mut kills, mut killed, mut seen) = (0, 0, [0; 2]);
    // At least 60 kills, 20 of them while the import still ran; on a loaded machine more rounds
    // are needed to reach that, up to a bound.
    let mut round = 0;
    while (kills < 60 || killed < 20) && round < 400 {
        let mut child = spawn_import(&books[(round + 1) % 2], &pack, force());
        if round % 3 == 2 {
            // Every third import, of either edition in turn, runs to its end: the editions take
            // turns however slow the machine is, and the kill moments follow its current speed.
            let started = Instant::now();
            child.wait().unwrap();
            span = started.elapsed().as_millis() as u64 * 3 / 2;
        } else {
            std::thread::sleep(Duration::from_millis(moments.next_below(span)));
            if child.try_wait().unwrap().is_none() {
                killed += 1;
            }
            kills += 1;
            let _ = child.kill();
            child.wait().unwrap();
        }
        seen[which(&rules, &refs, &format!("import {round}"))] += 1;
        round += 1;
    }
    assert!(killed >= 20, "only {killed} of {kills} imports were still running when killed");
    assert!(seen[0] > 0 && seen[1] > 0, "both editions took turns: {seen:?}");
    let output = spawn_import(&books[1], &pack, force()).wait_with_output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(which(&rules, &refs, "after the last import"), 1);
    assert_eq!(leftovers(&rules), Vec::<String>::new(), "staging folders of killed imports are removed");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn of_two_concurrent_rules_imports_one_writes_and_the_other_stops_at_once() {
    let dir = temp_dir("faults-import-concurrent");
    let (books, refs) = import_references(&dir);
    let pack = dir.join("pack");
    add_user_files(&pack);
    let rules = pack.join("rules");
    let start = |edition: usize, extra: &[&str]| spawn_import(&books[edition], &pack, &[force(), extra].concat());
    concurrent_pairs(&rules, &refs, start, "another rules import is writing");
    waits_its_turn(&rules, &refs, start);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ten pairs of writers into `folder` at once (`start(edition, extra args)`): one writes, the
/// other stops at once saying `busy` and who holds the lock; the folder is the winner's, whole.
fn concurrent_pairs(
    folder: &Path,
    refs: &[BTreeMap<String, String>; 2],
    start: impl Fn(usize, &[&str]) -> Child,
    busy: &str,
) {
    for pair in 0..10 {
        let first = pair % 2;
        let (a, b) = (start(first, &[]), start(1 - first, &[]));
        let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
        let codes = (a.status.code(), b.status.code());
        let (winner, loser) = match codes {
            (Some(0), Some(1)) => (first, &b),
            (Some(1), Some(0)) => (1 - first, &a),
            _ => panic!("pair {pair}: exit codes {codes:?}, {}", String::from_utf8_lossy(&b.stderr)),
        };
        let stderr = String::from_utf8_lossy(&loser.stderr);
        assert!(stderr.contains(busy) && stderr.contains("started by PID "), "{stderr}");
        assert!(!stderr.contains("unchanged"), "the loser cannot know the output is unchanged: {stderr}");
        assert_eq!(which(folder, refs, &format!("pair {pair}")), winner, "the winner's files, complete");
    }
}

/// With `--wait` a second writer waits until the first is done, and its files are the ones left,
/// with nothing else beside them.
fn waits_its_turn(folder: &Path, refs: &[BTreeMap<String, String>; 2], start: impl Fn(usize, &[&str]) -> Child) {
    let mut a = start(0, &[]);
    let since = Instant::now();
    // The first writer's staging marker (`.<name>.staging-<pid>-<n>.pnpkit`, beside the folder)
    // is made under its lock: once it is there, the lock is held.
    let name = folder.file_name().unwrap().to_string_lossy().into_owned();
    let staging = format!(".{name}.staging-{}-", a.id());
    let staging_started = || {
        std::fs::read_dir(folder.parent().unwrap())
            .unwrap()
            .any(|e| e.unwrap().file_name().to_string_lossy().starts_with(&staging))
    };
    // (A writer quicker than this loop may be done before it looks: then the second simply follows.)
    while !staging_started() && a.try_wait().unwrap().is_none() {
        assert!(since.elapsed() < Duration::from_secs(30), "the first writer never took the lock");
        std::thread::sleep(Duration::from_millis(2));
    }
    let b = start(1, &["--wait"]);
    assert!(a.wait_with_output().unwrap().status.success());
    let b = b.wait_with_output().unwrap();
    assert!(b.status.success(), "{}", String::from_utf8_lossy(&b.stderr));
    assert_eq!(which(folder, refs, "--wait"), 1);
    assert_eq!(leftovers(folder), Vec::<String>::new());
}
