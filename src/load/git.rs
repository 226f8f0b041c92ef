//! A pack folder as it was at a git revision (`data/dougram@v1`, `data/dougram@HEAD~2`).
//!
//! The folder's tree at that revision is written into a temporary folder of the same name, so it
//! loads, checks and renders exactly like a folder on disk; the temporary folder is removed when
//! the [`Checkout`] is dropped. A checkout left by a process that was killed (Ctrl-C, SIGKILL) is
//! removed by the next one: each temporary folder holds a marker file with its process's PID.
//! Git is read in-process (gix), never by running `git`.
//!
//! A revision is only as trustworthy as the repository, and a tree of a few kB can name 10⁹
//! files (a "git bomb": one subtree named ten times over, level after level). So only the pack
//! folder's subtree is read, every object's size is read from its header before the object, and
//! the subtree is measured before anything is written: at most [`MAX_ENTRIES`] files and
//! folders, [`MAX_BYTES`] of files, no file above [`MAX_FILE_BYTES`], no folder deeper than
//! [`MAX_DEPTH`]. Past a limit, nothing is written and the error (E0137) names the revision and
//! the limit; `check` finds it at the `[[editions]] git` key before it writes any checkout.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::diag::Code;

/// A pack folder written out from a git revision; removed again on drop.
#[derive(Debug)]
pub struct Checkout {
    /// The pack folder inside the temporary folder (same name as the original).
    pub dir: PathBuf,
    /// How the folder is named in messages: `data/dougram@v1`.
    pub label: String,
    temp: PathBuf,
}

impl Drop for Checkout {
    fn drop(&mut self) {
        // The pack first and the marker last, so a process killed while it removes a large
        // checkout leaves it marked, for the next one to remove.
        let _ = std::fs::remove_dir_all(&self.dir);
        let _ = std::fs::remove_dir_all(&self.temp);
    }
}

/// Splits `PATH@REV` into the folder and the revision. An argument that names an existing folder
/// as written is a folder, even if it contains `@`.
pub fn split_revision(arg: &str) -> (PathBuf, Option<String>) {
    if Path::new(arg).is_dir() {
        return (PathBuf::from(arg), None);
    }
    match arg.rsplit_once('@') {
        Some((path, rev)) if !rev.is_empty() => {
            (PathBuf::from(if path.is_empty() { "." } else { path }), Some(rev.to_string()))
        }
        _ => (PathBuf::from(arg), None),
    }
}

/// The most files and folders (and symbolic links and submodules, which are skipped) pnpkit
/// reads from a git revision: 100,000. A pack is a few hundred files; a "git bomb" is a tree
/// naming one subtree ten times over, ten levels deep: 10¹⁰ entries in a few kB of objects.
pub const MAX_ENTRIES: u64 = 100_000;
/// The most bytes of files pnpkit writes from a git revision: 512 MB.
pub const MAX_BYTES: u64 = 512 << 20;
/// The largest file pnpkit writes from a git revision: 64 MB, the most it reads of a font or an
/// image (no other pack file comes near it).
pub const MAX_FILE_BYTES: u64 = 64 << 20;
/// The deepest a pack's folders may nest at a git revision: 32 (a pack nests three or four).
pub const MAX_DEPTH: usize = 32;

/// Why a folder at a git revision cannot be read.
#[derive(Debug)]
pub struct CheckoutError {
    /// E0137 when the folder is larger than pnpkit reads from git ([`MAX_ENTRIES`], [`MAX_BYTES`],
    /// [`MAX_FILE_BYTES`], [`MAX_DEPTH`]); E0100 for anything else.
    pub code: Code,
    /// A sentence for the user, naming the folder and revision (`data/dougram@v1: …`).
    pub message: String,
}

impl std::fmt::Display for CheckoutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<CheckoutError> for String {
    fn from(e: CheckoutError) -> String {
        e.message
    }
}

/// What stopped a walk of a revision's tree.
enum Stop {
    /// A limit, in words: "holds more than 100000 files and folders; …".
    Over(String),
    /// Anything else (an object that cannot be read, a file that cannot be written).
    Failed(String),
}

/// What a walk has counted so far against the limits.
#[derive(Default)]
struct Budget {
    entries: u64,
    bytes: u64,
}

/// Writes `folder` as it was at `revision` of the git repository holding it into a temporary
/// folder. Only that folder's subtree is read, within [`MAX_ENTRIES`], [`MAX_BYTES`],
/// [`MAX_FILE_BYTES`] and [`MAX_DEPTH`]: the subtree is measured from its objects first, and one
/// over a limit is an error (E0137) before anything is written; the writing counts again and
/// stops at a limit too, and the temporary folder is removed on every error. Errors are
/// sentences for the user.
pub fn checkout(folder: &Path, revision: &str) -> Result<Checkout, CheckoutError> {
    let label = format!("{}@{revision}", folder.display());
    let (repo, tree, name) = pack_tree(folder, revision, &label)?;
    // Measured whole before anything is written: a folder over a limit writes nothing. (Git
    // objects never change, so what is written next is exactly what was measured.)
    Measure::new(&repo).tree(tree, "", 0).map_err(|stop| stop_error(stop, &label, revision))?;
    remove_stale(&std::env::temp_dir());
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let pid = std::process::id();
    let temp = std::env::temp_dir().join(format!("pnpkit-{pid}-{}", NEXT.fetch_add(1, Ordering::Relaxed)));
    // Made before anything is written, so whatever is written is removed on every return.
    let checkout = Checkout { dir: temp.join(name), label, temp };
    let failed = |e: String| CheckoutError { code: Code::READ_FAILED, message: format!("{}: {e}", checkout.label) };
    std::fs::create_dir_all(&checkout.temp).map_err(|e| failed(e.to_string()))?;
    std::fs::write(checkout.temp.join(MARKER), format!("pnpkit {pid}\n")).map_err(|e| failed(e.to_string()))?;
    write_tree(&repo, tree, &checkout.dir, "", 0, &mut Budget::default())
        .map_err(|stop| stop_error(stop, &checkout.label, revision))?;
    Ok(checkout)
}

/// Whether `folder` at `revision` lies within the limits [`checkout`] keeps, found by reading
/// its trees and the sizes of its files, writing nothing. Only a folder over a limit is an error
/// here (E0137); one that cannot be read at all passes, for [`checkout`] to report.
pub fn within_limits(folder: &Path, revision: &str) -> Result<(), CheckoutError> {
    let label = format!("{}@{revision}", folder.display());
    let (repo, tree) = match pack_tree(folder, revision, &label) {
        Ok((repo, tree, _)) => (repo, tree),
        Err(e) if e.code == Code::GIT_TOO_LARGE => return Err(e),
        Err(_) => return Ok(()),
    };
    match Measure::new(&repo).tree(tree, "", 0) {
        Err(stop @ Stop::Over(_)) => Err(stop_error(stop, &label, revision)),
        _ => Ok(()),
    }
}

fn stop_error(stop: Stop, label: &str, revision: &str) -> CheckoutError {
    match stop {
        Stop::Over(why) => CheckoutError {
            code: Code::GIT_TOO_LARGE,
            message: format!("{label}: the pack folder at `{revision}` {why}"),
        },
        Stop::Failed(e) => CheckoutError { code: Code::READ_FAILED, message: format!("{label}: {e}") },
    }
}

/// The repository holding `folder`, the id of the folder's tree at `revision`, and the folder's
/// name. Only the trees on the way to the folder are read, each within the limits.
fn pack_tree(
    folder: &Path,
    revision: &str,
    label: &str,
) -> Result<(gix::Repository, gix::ObjectId, std::ffi::OsString), CheckoutError> {
    let failed = |message: String| CheckoutError { code: Code::READ_FAILED, message: format!("{label}: {message}") };
    let absolute = std::path::absolute(folder).map_err(|e| failed(e.to_string()))?;
    // The folder need not exist in the work tree any more: the repository is found from the
    // nearest folder that does.
    let existing = absolute.ancestors().find(|p| p.is_dir()).unwrap_or(&absolute);
    let repo = gix::discover(existing)
        .map_err(|e| failed(format!("{} is not inside a git repository ({e})", folder.display())))?;
    let workdir = repo.workdir().ok_or_else(|| failed("the repository has no work tree".into()))?;
    let workdir = workdir.canonicalize().map_err(|e| failed(e.to_string()))?;
    let rest = absolute.strip_prefix(existing).unwrap_or(Path::new(""));
    let absolute = existing.canonicalize().map_err(|e| failed(e.to_string()))?.join(rest);
    let relative = absolute
        .strip_prefix(&workdir)
        .map_err(|_| failed(format!("{} is outside the repository's work tree", folder.display())))?;
    let id = repo.rev_parse_single(revision).map_err(|e| failed(format!("no revision `{revision}` ({e})")))?;
    let no_tree = |e: String| failed(format!("`{revision}` has no tree ({e})"));
    // Peeled by hand (tags to what they name, a commit to its tree), each object bounded.
    let mut id = id.detach();
    let mut tree = loop {
        let object = bounded(&repo, id).map_err(|stop| match stop {
            Stop::Over(why) => stop_error(Stop::Over(why), label, revision),
            Stop::Failed(e) => no_tree(e),
        })?;
        match object.kind {
            gix::object::Kind::Tree => break object.id,
            gix::object::Kind::Commit => {
                id = object.into_commit().tree_id().map_err(|e| no_tree(e.to_string()))?.detach()
            }
            gix::object::Kind::Tag => id = object.into_tag().target_id().map_err(|e| no_tree(e.to_string()))?.detach(),
            gix::object::Kind::Blob => return Err(no_tree("it names a file".into())),
        }
    };
    let not_a_folder = || failed(format!("{} is not a folder at `{revision}`", relative.display()));
    for part in relative.components() {
        let std::path::Component::Normal(part) = part else { return Err(not_a_folder()) };
        let part = part.to_str().ok_or_else(not_a_folder)?;
        let object = bounded(&repo, tree).map_err(|stop| stop_error(stop, label, revision))?;
        let entry = object.into_tree().find_entry(part).filter(|e| e.mode().is_tree()).map(|e| e.oid().to_owned());
        tree = entry.ok_or_else(not_a_folder)?;
    }
    let name = absolute.file_name().map_or_else(|| "pack".into(), |n| n.to_os_string());
    Ok((repo, tree, name))
}

/// The object `id`, read only when it is no larger than [`MAX_FILE_BYTES`]. (A tree that large
/// lists more than [`MAX_ENTRIES`]: an entry takes at most 283 bytes.)
fn bounded(repo: &gix::Repository, id: gix::ObjectId) -> Result<gix::Object<'_>, Stop> {
    let header = repo.find_header(id).map_err(|e| Stop::Failed(e.to_string()))?;
    if header.size() > MAX_FILE_BYTES {
        return Err(Stop::Over(if header.kind() == gix::object::Kind::Tree {
            format!("holds more than {MAX_ENTRIES} files and folders; pnpkit reads at most {MAX_ENTRIES} from a git revision")
        } else {
            format!(
                "has an object of {} MB; pnpkit reads at most {} MB of one",
                mb(header.size()),
                MAX_FILE_BYTES >> 20
            )
        }));
    }
    repo.find_object(id).map_err(|e| Stop::Failed(e.to_string()))
}

/// Whole megabytes, rounded up.
fn mb(bytes: u64) -> u64 {
    bytes.div_ceil(1 << 20)
}

/// The file marking a temporary folder as a checkout of the process it names.
const MARKER: &str = ".pnpkit-checkout";

/// Removes the checkouts in `temp` (`pnpkit-<pid>-<n>`) whose marker names a process that is gone.
/// Folders without the marker are never touched.
fn remove_stale(temp: &Path) {
    let Ok(entries) = std::fs::read_dir(temp) else { return };
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix("pnpkit-")
            .and_then(|rest| rest.split_once('-'))
            .and_then(|(pid, n)| n.parse::<u64>().ok().and(pid.parse::<u32>().ok()))
        else {
            continue;
        };
        let dir = entry.path();
        let marked = std::fs::read_to_string(dir.join(MARKER)).is_ok_and(|t| t.trim() == format!("pnpkit {pid}"));
        if marked && pid != std::process::id() && !crate::process::is_running(pid) {
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

/// What a tree holds: its files and folders (all the way down), its files' bytes, and how many
/// levels of folders it nests.
#[derive(Clone, Copy, Default)]
struct Size {
    entries: u64,
    bytes: u64,
    height: usize,
}

/// Measures trees against the limits from their objects alone, each tree and file once however
/// often the tree names it: a git bomb of 10⁹ entries is a dozen objects, measured as such.
struct Measure<'r> {
    repo: &'r gix::Repository,
    trees: std::collections::HashMap<gix::ObjectId, Size>,
    files: std::collections::HashMap<gix::ObjectId, u64>,
}

impl<'r> Measure<'r> {
    fn new(repo: &'r gix::Repository) -> Measure<'r> {
        Measure { repo, trees: Default::default(), files: Default::default() }
    }

    /// The size of tree `id`, the folder `rel` at `depth`; a stop at the first limit it passes.
    fn tree(&mut self, id: gix::ObjectId, rel: &str, depth: usize) -> Result<Size, Stop> {
        if let Some(size) = self.trees.get(&id) {
            return Ok(*size);
        }
        let tree = bounded(self.repo, id)?.into_tree();
        let mut size = Size::default();
        for entry in tree.iter() {
            let entry = entry.map_err(|e| Stop::Failed(e.to_string()))?;
            let name = safe_name(&entry.inner.filename.to_string())?;
            let rel = if rel.is_empty() { name } else { format!("{rel}/{name}") };
            let oid = entry.inner.oid.to_owned();
            size.entries += 1;
            if entry.inner.mode.is_tree() {
                if depth + 1 > MAX_DEPTH {
                    return Err(too_deep(&rel));
                }
                let inner = self.tree(oid, &rel, depth + 1)?;
                if depth + 1 + inner.height > MAX_DEPTH {
                    return Err(too_deep(&rel));
                }
                size.entries = size.entries.saturating_add(inner.entries);
                size.bytes = size.bytes.saturating_add(inner.bytes);
                size.height = size.height.max(inner.height + 1);
            } else if entry.inner.mode.is_blob() {
                size.bytes = size.bytes.saturating_add(self.file(oid, &rel)?);
            }
            if size.entries > MAX_ENTRIES {
                return Err(too_many());
            }
            if size.bytes > MAX_BYTES {
                return Err(too_many_bytes());
            }
        }
        self.trees.insert(id, size);
        Ok(size)
    }

    /// The size of the file `rel` (from its object's header: the file is not read).
    fn file(&mut self, id: gix::ObjectId, rel: &str) -> Result<u64, Stop> {
        if let Some(size) = self.files.get(&id) {
            return Ok(*size);
        }
        let size = self.repo.find_header(id).map_err(|e| Stop::Failed(e.to_string()))?.size();
        if size > MAX_FILE_BYTES {
            return Err(Stop::Over(format!(
                "has a file `{rel}` of {} MB; pnpkit reads no file larger than {} MB from a git revision",
                mb(size),
                MAX_FILE_BYTES >> 20
            )));
        }
        self.files.insert(id, size);
        Ok(size)
    }
}

/// `name` if it is a plain file name (a tree can hold anything).
fn safe_name(name: &str) -> Result<String, Stop> {
    if name.contains(['/', '\\']) || name == ".." || name == "." || name.is_empty() {
        return Err(Stop::Failed(format!("the tree has an unsafe file name `{name}`")));
    }
    Ok(name.to_string())
}

fn too_many() -> Stop {
    Stop::Over(format!(
        "holds more than {MAX_ENTRIES} files and folders; pnpkit reads at most {MAX_ENTRIES} from a git revision"
    ))
}

fn too_many_bytes() -> Stop {
    Stop::Over(format!(
        "holds more than {} MB of files; pnpkit reads at most {} MB from a git revision",
        MAX_BYTES >> 20,
        MAX_BYTES >> 20
    ))
}

fn too_deep(rel: &str) -> Stop {
    Stop::Over(format!(
        "nests folders more than {MAX_DEPTH} deep (`{rel}`); pnpkit reads at most {MAX_DEPTH} levels from a git revision"
    ))
}

/// Writes the tree `id` (the folder `rel` of the pack, at `depth`) under `dir`, and its subtrees
/// recursively, counting every entry and every file's size against the limits again as it
/// writes (a second guard: [`Measure`] has passed the same tree), and stopping before the first
/// entry past a limit.
fn write_tree(
    repo: &gix::Repository,
    id: gix::ObjectId,
    dir: &Path,
    rel: &str,
    depth: usize,
    budget: &mut Budget,
) -> Result<(), Stop> {
    std::fs::create_dir_all(dir).map_err(|e| Stop::Failed(format!("{}: {e}", dir.display())))?;
    let tree = bounded(repo, id)?.into_tree();
    for entry in tree.iter() {
        let entry = entry.map_err(|e| Stop::Failed(e.to_string()))?;
        let name = safe_name(&entry.inner.filename.to_string())?;
        let rel = if rel.is_empty() { name.clone() } else { format!("{rel}/{name}") };
        budget.entries += 1;
        if budget.entries > MAX_ENTRIES {
            return Err(too_many());
        }
        let path = dir.join(&name);
        let oid = entry.inner.oid.to_owned();
        if entry.inner.mode.is_tree() {
            if depth + 1 > MAX_DEPTH {
                return Err(too_deep(&rel));
            }
            write_tree(repo, oid, &path, &rel, depth + 1, budget)?;
        } else if entry.inner.mode.is_blob() {
            let size = repo.find_header(oid).map_err(|e| Stop::Failed(e.to_string()))?.size();
            budget.bytes += size;
            if size > MAX_FILE_BYTES || budget.bytes > MAX_BYTES {
                return Err(too_many_bytes());
            }
            let blob = repo.find_blob(oid).map_err(|e| Stop::Failed(e.to_string()))?;
            std::fs::write(&path, &blob.data).map_err(|e| Stop::Failed(format!("{}: {e}", path.display())))?;
        }
        // Symbolic links and submodules are not part of a pack: counted, not written.
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_revision_follows_the_last_at_unless_the_folder_exists() {
        assert_eq!(split_revision("data/dougram@v1"), (PathBuf::from("data/dougram"), Some("v1".into())));
        assert_eq!(split_revision("data/dougram@HEAD~2"), (PathBuf::from("data/dougram"), Some("HEAD~2".into())));
        assert_eq!(split_revision("@HEAD"), (PathBuf::from("."), Some("HEAD".into())));
        assert_eq!(split_revision("data/dougram"), (PathBuf::from("data/dougram"), None));
        assert_eq!(split_revision("data/dougram@"), (PathBuf::from("data/dougram@"), None));
    }

    /// Runs `git` in `dir` with `input` on stdin; its output, trimmed (tests only: pnpkit itself
    /// reads git in-process).
    fn git(dir: &Path, args: &[&str], input: &[u8]) -> String {
        use std::io::Write;
        let mut child = std::process::Command::new("git")
            .args(["-c", "user.name=pnpkit", "-c", "user.email=dev@pnpkit.invalid"])
            .args(args)
            .current_dir(dir)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("git is installed");
        child.stdin.take().expect("stdin").write_all(input).expect("write to git");
        let out = child.wait_with_output().expect("git runs");
        assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).expect("utf-8").trim().to_string()
    }

    /// A tree naming `oid` (a blob when `blob`, else a tree) `n` times, as `f0`, `f1`, …
    fn tree_of(dir: &Path, oid: &str, blob: bool, n: usize) -> String {
        let (mode, kind) = if blob { ("100644", "blob") } else { ("040000", "tree") };
        let listing: String = (0..n).map(|i| format!("{mode} {kind} {oid}\tf{i}\n")).collect();
        git(dir, &["mktree"], listing.as_bytes())
    }

    /// A repository in a fresh folder holding a small pack folder `pack` (committed), with `tag`
    /// naming a commit whose `pack` folder is the tree `make` returns.
    fn repo_with(name: &str, tag: &str, make: impl FnOnce(&Path) -> String) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("pnpkit-git-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("pack")).unwrap();
        std::fs::write(dir.join("pack/pack.toml"), "# a pack\n").unwrap();
        git(&dir, &["init", "-q"], b"");
        git(&dir, &["add", "."], b"");
        git(&dir, &["commit", "-q", "-m", "pack"], b"");
        let pack = make(&dir);
        let root = git(&dir, &["mktree"], format!("040000 tree {pack}\tpack\n").as_bytes());
        let commit = git(&dir, &["commit-tree", &root, "-m", tag], b"");
        git(&dir, &["tag", tag, &commit], b"");
        dir
    }

    /// This process's checkouts in the temporary folder.
    fn our_checkouts() -> usize {
        let prefix = format!("pnpkit-{}-", std::process::id());
        std::fs::read_dir(std::env::temp_dir())
            .map(|d| d.filter_map(Result::ok).filter(|e| e.file_name().to_string_lossy().starts_with(&prefix)).count())
            .unwrap_or(0)
    }

    /// The error a checkout of `pack` at `tag` gives, with the number of this process's
    /// checkouts before and after it.
    fn refused(dir: &Path, tag: &str) -> (CheckoutError, usize, usize) {
        let before = our_checkouts();
        let error = checkout(&dir.join("pack"), tag).expect_err("refused");
        (error, before, our_checkouts())
    }

    #[test]
    fn a_git_bomb_is_refused_before_a_file_is_written() {
        // 10⁹ files and folders in a dozen objects: nine levels of a tree naming the one below
        // ten times, over a one-line file.
        let dir = repo_with("bomb", "bomb", |dir| {
            let mut oid = git(dir, &["hash-object", "-w", "--stdin"], b"x\n");
            for level in 0..9 {
                oid = tree_of(dir, &oid, level == 0, 10);
            }
            oid
        });
        let (error, before, after) = refused(&dir, "bomb");
        assert_eq!(error.code, Code::GIT_TOO_LARGE);
        assert!(error.message.ends_with(
            "pack@bomb: the pack folder at `bomb` holds more than 100000 files and folders; pnpkit reads at most 100000 from a git revision"
        ), "{}", error.message);
        assert_eq!(before, after, "no checkout folder is made");
        assert_eq!(within_limits(&dir.join("pack"), "bomb").map_err(|e| e.code), Err(Code::GIT_TOO_LARGE));
        // The pack folder of the same repository at HEAD is fine.
        let fine = checkout(&dir.join("pack"), "HEAD").expect("a small pack checks out");
        assert_eq!(std::fs::read_to_string(fine.dir.join("pack.toml")).unwrap(), "# a pack\n");
        assert!(within_limits(&dir.join("pack"), "HEAD").is_ok());
        drop(fine);
        assert_eq!(our_checkouts(), before, "a checkout is removed when dropped");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_git_revision_with_100000_files_and_folders_passes_and_one_more_is_refused() {
        // 99 folders of 1000 files (99,099 entries) and `extra` more files.
        let with = |dir: &Path, extra: usize| {
            let empty = git(dir, &["hash-object", "-w", "--stdin"], b"");
            let thousand = tree_of(dir, &empty, true, 1000);
            let mut listing: String = (0..99).map(|i| format!("040000 tree {thousand}\td{i}\n")).collect();
            listing.extend((0..extra).map(|i| format!("100644 blob {empty}\tf{i}\n")));
            git(dir, &["mktree"], listing.as_bytes())
        };
        let dir = repo_with("entries", "over", |dir| with(dir, 902));
        let (error, before, after) = refused(&dir, "over");
        assert_eq!(error.code, Code::GIT_TOO_LARGE, "{}", error.message);
        assert!(error.message.contains("holds more than 100000 files and folders"), "{}", error.message);
        assert_eq!(before, after);
        let root = git(&dir, &["mktree"], format!("040000 tree {}\tpack\n", with(&dir, 901)).as_bytes());
        git(&dir, &["tag", "exact", &git(&dir, &["commit-tree", &root, "-m", "exact"], b"")], b"");
        assert!(within_limits(&dir.join("pack"), "exact").is_ok(), "99,099 + 901 = 100,000 entries");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_over_64_mb_512_mb_of_files_and_33_levels_of_folders_are_refused() {
        let dir = repo_with("sizes", "large-file", |dir| {
            let large = git(dir, &["hash-object", "-w", "--stdin"], &vec![0; (64 << 20) + 1]);
            tree_of(dir, &large, true, 1)
        });
        let (error, before, after) = refused(&dir, "large-file");
        assert_eq!(error.code, Code::GIT_TOO_LARGE);
        assert!(error.message.contains("has a file `f0` of 65 MB"), "{}", error.message);
        assert_eq!(before, after);
        // Nine names for one file of 60 MB: 540 MB once written.
        let sixty = git(&dir, &["hash-object", "-w", "--stdin"], &vec![0; 60 << 20]);
        let nine = tree_of(&dir, &sixty, true, 9);
        let root = git(&dir, &["mktree"], format!("040000 tree {nine}\tpack\n").as_bytes());
        git(&dir, &["tag", "bytes", &git(&dir, &["commit-tree", &root, "-m", "bytes"], b"")], b"");
        let (error, before, after) = refused(&dir, "bytes");
        assert!(error.message.contains("holds more than 512 MB of files"), "{}", error.message);
        assert_eq!(before, after);
        // 33 folders, one in the other.
        let mut oid = git(&dir, &["hash-object", "-w", "--stdin"], b"x\n");
        oid = tree_of(&dir, &oid, true, 1);
        for _ in 0..33 {
            oid = tree_of(&dir, &oid, false, 1);
        }
        let root = git(&dir, &["mktree"], format!("040000 tree {oid}\tpack\n").as_bytes());
        git(&dir, &["tag", "deep", &git(&dir, &["commit-tree", &root, "-m", "deep"], b"")], b"");
        let (error, before, after) = refused(&dir, "deep");
        assert!(error.message.contains("nests folders more than 32 deep (`f0/f0/"), "{}", error.message);
        assert_eq!(before, after);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn only_marked_checkouts_of_dead_processes_are_removed() {
        let temp = std::env::temp_dir().join(format!("pnpkit-git-stale-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&temp);
        // A PID above the kernel's maximum (4194304) never runs.
        let dead = 4_194_305 + (std::process::id() % 1000);
        let stale = temp.join(format!("pnpkit-{dead}-0"));
        std::fs::create_dir_all(stale.join("pack")).unwrap();
        std::fs::write(stale.join(MARKER), format!("pnpkit {dead}\n")).unwrap();
        let unmarked = temp.join(format!("pnpkit-{dead}-1"));
        std::fs::create_dir_all(&unmarked).unwrap();
        let ours = temp.join(format!("pnpkit-{}-0", std::process::id()));
        std::fs::create_dir_all(&ours).unwrap();
        std::fs::write(ours.join(MARKER), format!("pnpkit {}\n", std::process::id())).unwrap();
        remove_stale(&temp);
        assert!(!stale.exists(), "a checkout of a killed process is removed");
        assert!(unmarked.is_dir(), "a folder without the marker is kept");
        assert!(ours.is_dir(), "a running process's checkout is kept");
        std::fs::remove_dir_all(&temp).unwrap();
    }
}
