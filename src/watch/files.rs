//! The pack folder's changes, as batches: an editor's save is several events (write, rename,
//! attributes), so after the first one the batch waits until the folder has been quiet for a
//! moment, and the whole save is one rebuild.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use notify::event::{AccessKind, AccessMode, EventKind};
use notify::{RecommendedWatcher, RecursiveMode, Watcher};

/// How long the folder must be quiet before a batch is taken: long enough for an editor's
/// write-and-rename, short enough to be unnoticed.
const QUIET: Duration = Duration::from_millis(25);

/// The longest a batch waits for quiet (a tool writing files without pause still gets builds).
const LONGEST: Duration = Duration::from_millis(500);

/// Changes under a folder, but not under the folders to ignore (an output folder inside it).
pub struct Changes {
    events: Receiver<notify::Result<notify::Event>>,
    root: PathBuf,
    ignored: Vec<PathBuf>,
    // Kept alive: dropping it stops the events.
    _watcher: RecommendedWatcher,
}

impl Changes {
    /// Watches everything under `root` except what lies under `ignored`.
    pub fn watch(root: &Path, ignored: Vec<PathBuf>) -> Result<Changes, String> {
        let root = root.canonicalize().map_err(|e| format!("cannot watch {}: {e}", root.display()))?;
        let (send, events) = channel();
        let mut watcher = notify::recommended_watcher(move |event| {
            // The receiver is gone only when `Changes` is dropped; nothing is left to tell.
            let _ = send.send(event);
        })
        .map_err(|e| format!("cannot watch {}: {e}", root.display()))?;
        watcher.watch(&root, RecursiveMode::Recursive).map_err(|e| format!("cannot watch {}: {e}", root.display()))?;
        let ignored = ignored.iter().map(|p| p.canonicalize().unwrap_or_else(|_| p.clone())).collect();
        Ok(Changes { events, root, ignored, _watcher: watcher })
    }

    /// Waits for the next batch of changed files, sorted, with the moment of the first change;
    /// `None` when watching failed for good.
    pub fn next(&self) -> Option<Result<(Vec<PathBuf>, Instant), String>> {
        let mut changed = BTreeSet::new();
        loop {
            match self.events.recv() {
                Ok(Ok(event)) => changed.extend(self.relevant(event)),
                Ok(Err(e)) => return Some(Err(e.to_string())),
                Err(_) => return None,
            }
            if !changed.is_empty() {
                break;
            }
        }
        let started = Instant::now();
        while started.elapsed() < LONGEST {
            match self.events.recv_timeout(QUIET) {
                Ok(Ok(event)) => changed.extend(self.relevant(event)),
                Ok(Err(e)) => return Some(Err(e.to_string())),
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        }
        Some(Ok((changed.into_iter().collect(), started)))
    }

    /// The files of `event` that a build reads: not reads or opens, not editors' swap and backup
    /// files or hidden files, not the ignored folders.
    fn relevant(&self, event: notify::Event) -> Vec<PathBuf> {
        match event.kind {
            EventKind::Access(AccessKind::Close(AccessMode::Write)) => {}
            EventKind::Access(_) | EventKind::Other => return Vec::new(),
            _ => {}
        }
        let inside =
            |path: &PathBuf| path.strip_prefix(&self.root).map(Path::to_path_buf).unwrap_or_else(|_| path.clone());
        event
            .paths
            .into_iter()
            .filter(|path| !self.ignored.iter().any(|dir| path.starts_with(dir)) && !scratch(&inside(path)))
            .collect()
    }
}

/// Whether `path` (inside the watched folder) is an editor's scratch file or lies in a hidden
/// folder (`.git`, a staging folder): nothing a pack is read from.
fn scratch(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let hidden = path
        .components()
        .any(|c| c.as_os_str().to_str().is_some_and(|c| c.starts_with('.') && c.len() > 1 && c != ".."));
    hidden
        || name.ends_with('~')
        || [".swp", ".swx", ".tmp", ".part"].iter().any(|ext| name.ends_with(ext))
        || name == "4913" // vim's probe of a folder's permissions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editors_scratch_files_and_hidden_folders_are_not_changes_to_the_pack() {
        for path in
            ["data/x/.cards.csv.swp", "data/x/cards.csv~", "data/x/4913", "data/x/.git/index", "out/.x.staging-1/a.pdf"]
        {
            assert!(scratch(Path::new(path)), "{path}");
        }
        for path in ["data/x/cards.csv", "data/x/rules/01.md", "../x/templates/cards/front.svg.tera"] {
            assert!(!scratch(Path::new(path)), "{path}");
        }
    }

    #[test]
    fn a_save_is_one_batch_naming_the_file_and_ignored_folders_stay_quiet() {
        let dir = std::env::temp_dir().join(format!("pnpkit-watch-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("out")).unwrap();
        let changes = Changes::watch(&dir, vec![dir.join("out")]).unwrap();
        std::fs::write(dir.join("out/ignored.pdf"), "x").unwrap();
        std::fs::write(dir.join("cards.csv"), "id\n1\n").unwrap();
        std::fs::write(dir.join("cards.csv"), "id\n2\n").unwrap();
        let (batch, _) = changes.next().unwrap().unwrap();
        let names: Vec<_> = batch.iter().map(|p| p.file_name().unwrap().to_str().unwrap()).collect();
        assert_eq!(names, ["cards.csv"], "{batch:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
