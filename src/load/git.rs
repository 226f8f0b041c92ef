//! A pack folder as it was at a git revision (`data/dougram@v1`, `data/dougram@HEAD~2`).
//!
//! The folder's tree at that revision is written into a temporary folder of the same name, so it
//! loads, checks and renders exactly like a folder on disk; the temporary folder is removed when
//! the [`Checkout`] is dropped. A checkout left by a process that was killed (Ctrl-C, SIGKILL) is
//! removed by the next one: each temporary folder holds a marker file with its process's PID.
//! Git is read in-process (gix), never by running `git`.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

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

/// Writes `folder` as it was at `revision` of the git repository holding it into a temporary
/// folder. Errors are sentences for the user.
pub fn checkout(folder: &Path, revision: &str) -> Result<Checkout, String> {
    let label = format!("{}@{revision}", folder.display());
    let absolute = std::path::absolute(folder).map_err(|e| format!("{label}: {e}"))?;
    // The folder need not exist in the work tree any more: the repository is found from the
    // nearest folder that does.
    let existing = absolute.ancestors().find(|p| p.is_dir()).unwrap_or(&absolute);
    let repo = gix::discover(existing)
        .map_err(|e| format!("{label}: {} is not inside a git repository ({e})", folder.display()))?;
    let workdir = repo.workdir().ok_or_else(|| format!("{label}: the repository has no work tree"))?;
    let workdir = workdir.canonicalize().map_err(|e| format!("{label}: {e}"))?;
    let rest = absolute.strip_prefix(existing).unwrap_or(Path::new(""));
    let absolute = existing.canonicalize().map_err(|e| format!("{label}: {e}"))?.join(rest);
    let relative = absolute
        .strip_prefix(&workdir)
        .map_err(|_| format!("{label}: {} is outside the repository's work tree", folder.display()))?;
    let id = repo.rev_parse_single(revision).map_err(|e| format!("{label}: no revision `{revision}` ({e})"))?;
    let root =
        id.object().and_then(|o| o.peel_to_tree()).map_err(|e| format!("{label}: `{revision}` has no tree ({e})"))?;
    let tree = if relative.as_os_str().is_empty() {
        root
    } else {
        let entry = root
            .lookup_entry_by_path(relative)
            .map_err(|e| format!("{label}: {e}"))?
            .filter(|e| e.mode().is_tree())
            .ok_or_else(|| format!("{label}: {} is not a folder at `{revision}`", relative.display()))?;
        entry.object().map_err(|e| format!("{label}: {e}"))?.into_tree()
    };
    remove_stale(&std::env::temp_dir());
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let pid = std::process::id();
    let temp = std::env::temp_dir().join(format!("pnpkit-{pid}-{}", NEXT.fetch_add(1, Ordering::Relaxed)));
    let name = absolute.file_name().map_or_else(|| "pack".into(), |n| n.to_os_string());
    let checkout = Checkout { dir: temp.join(name), label, temp };
    std::fs::create_dir_all(&checkout.temp).map_err(|e| format!("{}: {e}", checkout.label))?;
    std::fs::write(checkout.temp.join(MARKER), format!("pnpkit {pid}\n"))
        .map_err(|e| format!("{}: {e}", checkout.label))?;
    write_tree(&repo, &tree, &checkout.dir).map_err(|e| format!("{}: {e}", checkout.label))?;
    Ok(checkout)
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
        if marked && pid != std::process::id() && !crate::emit::process_is_running(pid) {
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

/// Writes a tree's blobs (and, recursively, its subtrees) under `dir`.
fn write_tree(repo: &gix::Repository, tree: &gix::Tree<'_>, dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    for entry in tree.iter() {
        let entry = entry.map_err(|e| e.to_string())?;
        let name = entry.inner.filename.to_string();
        if name.contains(['/', '\\']) || name == ".." || name == "." {
            return Err(format!("the tree has an unsafe file name `{name}`"));
        }
        let path = dir.join(&name);
        let mode = entry.inner.mode;
        if mode.is_tree() {
            let subtree = repo.find_tree(entry.inner.oid.to_owned()).map_err(|e| e.to_string())?;
            write_tree(repo, &subtree, &path)?;
        } else if mode.is_blob() {
            let blob = repo.find_blob(entry.inner.oid.to_owned()).map_err(|e| e.to_string())?;
            std::fs::write(&path, &blob.data).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        // Symbolic links and submodules are not part of a pack.
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
