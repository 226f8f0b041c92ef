//! Output written whole: a lock on the output folder, a staging folder beside it, one swap.
//!
//! A command that writes an output folder first takes its [`OutputLock`]: the folder's place is
//! checked ([`super::ownership`]: never the pack, the working folder or a folder inside another
//! output), the folder is locked against every other writer of it or of a folder inside or around
//! it ([`super::lock`]), and an existing folder must be one pnpkit can prove it made. The command
//! then writes every file into a [`Staging`] folder beside the output and, once all of them are
//! written, with the marker listing them, swaps the two folders in one step
//! (`renameat2(RENAME_EXCHANGE)` on Linux, `renameatx_np(RENAME_SWAP)` on macOS; elsewhere rename
//! the old folder aside, rename the new one in) and removes the old one. A reader sees the
//! complete old or the complete new output, never a mix, and files the new build does not make
//! do not linger. A folder that also holds the user's own files (`rules/`, written by `rules
//! import`) is locked with [`OutputLock::acquire_shared`], and its files the writer does not make
//! are carried into the staging folder ([`Staging::carry_over`]) before the swap.
//!
//! Staging folders are named `.<name>.staging-<pid>-<n>` and marked by a file beside them,
//! `.<name>.staging-<pid>-<n>.pnpkit`, holding the PID. A later writer removes only folders with such
//! a marker whose process is gone (killed mid-build); a user's folder that merely looks like one is
//! never touched.

use std::io::{self, ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use super::ownership;

/// The exclusive right to write one output folder, held until dropped (or the process dies: the
/// OS releases the lock then, so a killed build never blocks the next one).
#[derive(Debug)]
pub struct OutputLock {
    /// The output folder, absolute, symbolic links followed.
    out: PathBuf,
    /// The folder as the user named it, for messages.
    shown: PathBuf,
    /// The command whose marker the folder gets (`build`, `errata`); `None` for a folder of the
    /// user's own that a command only adds to (`rules/`).
    command: Option<&'static str>,
    _held: super::lock::Held,
}

impl OutputLock {
    /// Locks the output folder `out` (which need not exist) of `pnpkit <command>` reading `packs`.
    /// Refuses, before anything is written, a folder whose place is unsafe (`ErrorKind::InvalidInput`:
    /// the pack, around or in it, the working folder, inside another output) and an existing
    /// folder pnpkit cannot prove this command made (`ErrorKind::AlreadyExists`): it is replaced
    /// whole on commit. When another process writes it, or a folder inside or around it, fails at
    /// once with a message naming it (`ErrorKind::WouldBlock`), or with `wait` waits for it.
    pub fn acquire(out: &Path, wait: bool, command: &'static str, packs: &[PathBuf]) -> io::Result<OutputLock> {
        let target = ownership::absolute(out)?;
        let held = super::lock::lock(&target, out, wait, command)?;
        // Under the lock: no writer of a folder around this one can make it an output meanwhile.
        ownership::refuse_place(&target, out, packs)?;
        let lock = OutputLock::new(out, &target, held, Some(command))?;
        ownership::refuse_foreign(&lock.out, out, command)?;
        Ok(lock)
    }

    /// Locks a folder that also holds the user's own files (`rules/`), for the writer `who`
    /// ("rules import"), named in the message a second writer gets. Any existing folder is
    /// accepted: the writer keeps its other files with [`Staging::carry_over`].
    pub fn acquire_shared(out: &Path, wait: bool, who: &str) -> io::Result<OutputLock> {
        let target = ownership::absolute(out)?;
        if std::fs::symlink_metadata(&target).is_ok_and(|m| !m.is_dir()) {
            let why = format!("{} exists and is not a folder", out.display());
            return Err(io::Error::new(ErrorKind::AlreadyExists, why));
        }
        let held = super::lock::lock(&target, out, wait, who)?;
        OutputLock::new(out, &target, held, None)
    }

    /// The lock of `target` (named `out` by the user), its parent folder made.
    fn new(out: &Path, target: &Path, held: super::lock::Held, command: Option<&'static str>) -> io::Result<Self> {
        let name = target.file_name().ok_or_else(|| io::Error::other(format!("{} names no folder", out.display())))?;
        let parent = target.parent().unwrap_or(Path::new("/"));
        std::fs::create_dir_all(parent)?;
        let out_path = parent.canonicalize()?.join(name);
        Ok(OutputLock { out: out_path, shown: out.to_path_buf(), command, _held: held })
    }
}

/// Files written for one build, kept in a folder beside the output until [`Staging::commit`].
#[derive(Debug)]
pub struct Staging {
    lock: OutputLock,
    /// The staging folder; after the swap it holds the old output, which is then removed.
    stage: PathBuf,
    /// Where the old output waits while it is renamed aside (platforms without an exchange).
    aside: PathBuf,
    /// The marker file beside the staging folder.
    marker: PathBuf,
    files: Vec<String>,
    /// The old output's permissions, given to the new one when its files are carried over.
    mode: Option<std::fs::Permissions>,
}

impl Staging {
    /// Starts staging output for the locked folder, first removing staging folders left by
    /// killed builds.
    pub fn new(lock: OutputLock) -> io::Result<Staging> {
        let (parent, name) = split(&lock.out);
        remove_stale(&parent, &name, &lock.out);
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let pid = std::process::id();
        loop {
            let base = format!(".{name}.staging-{pid}-{}", NEXT.fetch_add(1, Ordering::Relaxed));
            let stage = parent.join(&base);
            let marker = parent.join(format!("{base}.pnpkit"));
            if stage.exists() || stage.is_symlink() || marker.exists() {
                continue; // someone else's folder of that name: leave it alone
            }
            // The marker first, so a folder of ours never exists unmarked.
            std::fs::write(&marker, format!("pnpkit {pid}\n"))?;
            let aside = parent.join(format!("{base}.old"));
            let staging = Staging { lock, stage, aside, marker, files: Vec::new(), mode: None };
            std::fs::create_dir(&staging.stage)?;
            return Ok(staging);
        }
    }

    /// Writes `name` (a path relative to the output folder, `/`-separated) into the staging folder.
    /// A name that would leave the folder (`..`, an absolute path) is refused: nothing a pack
    /// holds can make a file appear outside the output.
    pub fn write(&mut self, name: &str, bytes: &[u8]) -> io::Result<()> {
        if !super::names::is_inside(name) || name == ownership::MARKER {
            let why = format!("refused to write `{}`: not a file name inside the output folder", name.escape_debug());
            return Err(io::Error::new(ErrorKind::InvalidInput, why));
        }
        let path = self.stage.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        // A carried-over file may be a hard link to the old output's: replace it, never write
        // through it.
        if std::fs::symlink_metadata(&path).is_ok() {
            std::fs::remove_file(&path)?;
        }
        write_new(&path, bytes)?;
        // Written again (a PDF taken from the last build, then found changed): listed once.
        if !self.files.iter().any(|f| f == name) {
            self.files.push(name.to_string());
        }
        Ok(())
    }

    /// Creates `name` in the staging folder for the caller to write as it makes it (a file too
    /// large to hold in memory: the VASSAL module); the same names are refused as by
    /// [`Staging::write`].
    pub fn create(&mut self, name: &str) -> io::Result<std::fs::File> {
        self.write(name, &[])?;
        std::fs::OpenOptions::new().write(true).truncate(true).open(self.stage.join(name))
    }

    /// Takes `name` from the current output into the staging folder (a hard link where the file
    /// system allows, a copy elsewhere) when its contents still hash to `sha256`; `false`, and
    /// nothing staged, when it is gone, not a plain file, or changed.
    pub fn reuse(&mut self, name: &str, sha256: &[u8; 32]) -> io::Result<bool> {
        let source = self.lock.out.join(name);
        if !super::names::is_inside(name) || !std::fs::symlink_metadata(&source).is_ok_and(|m| m.is_file()) {
            return Ok(false);
        }
        let mut hash = <sha2::Sha256 as sha2::Digest>::new();
        io::copy(&mut std::fs::File::open(&source)?, &mut hash)?;
        if <[u8; 32]>::from(sha2::Digest::finalize(hash)) != *sha256 {
            return Ok(false);
        }
        let target = self.stage.join(name);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)?;
        }
        if std::fs::hard_link(&source, &target).is_err() {
            std::fs::copy(&source, &target)?;
        }
        self.files.push(name.to_string());
        Ok(true)
    }

    /// Opens `name`, written into the staging folder, to read it back.
    pub fn open(&self, name: &str) -> io::Result<std::fs::File> {
        if !self.files.iter().any(|f| f == name) {
            return Err(io::Error::new(ErrorKind::NotFound, format!("`{name}` was not staged")));
        }
        std::fs::File::open(self.stage.join(name))
    }

    /// Carries every file and folder of the current output but those in `written` (paths relative
    /// to the output, `/`-separated, that this writer makes) into the staging folder, so the swap
    /// keeps them: hard links where the file system allows (same content, permissions and times),
    /// copies elsewhere; symbolic links stay links. Returns the carried files' paths.
    pub fn carry_over(&mut self, written: &[&str]) -> io::Result<Vec<String>> {
        let mut carried = Vec::new();
        let Ok(meta) = std::fs::metadata(&self.lock.out) else { return Ok(carried) };
        carry(&self.lock.out, &self.stage, "", written, &mut carried)?;
        self.mode = Some(meta.permissions());
        Ok(carried)
    }

    /// Puts the staged folder in place of the output in one step and removes the old output. On
    /// an error the old output is in place, complete, and the message says so.
    pub fn commit(self) -> io::Result<Vec<PathBuf>> {
        let out = &self.lock.out;
        let unchanged = |e: io::Error| io::Error::new(e.kind(), format!("{e}; the previous output is unchanged"));
        if let Some(command) = self.lock.command {
            let marker = ownership::marker(command, &self.files);
            write_new(&self.stage.join(ownership::MARKER), marker.as_bytes()).map_err(unchanged)?;
        }
        if let Some(mode) = &self.mode {
            std::fs::set_permissions(&self.stage, mode.clone()).map_err(unchanged)?;
        }
        if std::fs::symlink_metadata(out).is_ok() {
            swap(&self.stage, out, &self.aside)?;
        } else {
            std::fs::rename(&self.stage, out).map_err(unchanged)?;
        }
        // The old output, now at `stage` or `aside`, is removed when `self` drops.
        Ok(self.files.iter().map(|f| self.lock.shown.join(f)).collect())
    }
}

impl Drop for Staging {
    /// An uncommitted staging, or the old output after a commit, leaves nothing behind. When it
    /// cannot be removed the marker stays, so the next build removes it.
    fn drop(&mut self) {
        let removed = [&self.stage, &self.aside].iter().all(|dir| match remove_tree(dir) {
            Ok(()) => true,
            Err(e) => {
                eprintln!("warning: cannot remove {}: {e}; the next build removes it", dir.display());
                false
            }
        });
        if removed {
            let _ = std::fs::remove_file(&self.marker);
        }
    }
}

/// Writes a new file at `path`, never through a link or an existing file someone put there.
fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(path)?;
    file.write_all(bytes)?;
    file.flush()
}

/// A resolved output folder's parent and name.
fn split(out: &Path) -> (PathBuf, String) {
    let name = out.file_name().map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    (out.parent().unwrap_or(Path::new(".")).to_path_buf(), name)
}

/// Carries the entries of folder `from` (at `rel` inside the output) into `to` but the files in
/// `written`; see [`Staging::carry_over`].
fn carry(from: &Path, to: &Path, rel: &str, written: &[&str], carried: &mut Vec<String>) -> io::Result<()> {
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let rel = if rel.is_empty() { name } else { format!("{rel}/{name}") };
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        let kind = entry.file_type()?;
        if kind.is_dir() {
            std::fs::create_dir(&target)?;
            carry(&source, &target, &rel, written, carried)?;
            // After its entries, so a read-only folder is still filled.
            std::fs::set_permissions(&target, entry.metadata()?.permissions())?;
            continue;
        }
        if written.contains(&rel.as_str()) {
            continue;
        }
        #[cfg(unix)]
        if kind.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(&source)?, &target)?;
            carried.push(rel);
            continue;
        }
        if std::fs::hard_link(&source, &target).is_err() {
            std::fs::copy(&source, &target)?;
        }
        carried.push(rel);
    }
    Ok(())
}

/// How [`swap`] put the new folder in place.
#[derive(Debug, PartialEq, Eq)]
enum Swapped {
    /// In one step: the OS exchanged the two folders.
    Exchanged,
    /// In two renames, through the folder beside it (no exchange on this OS or file system).
    Renamed,
}

/// Puts `stage` in place of the existing `out`: one exchange where the OS has it, otherwise two
/// renames through `aside`.
fn swap(stage: &Path, out: &Path, aside: &Path) -> io::Result<Swapped> {
    let unchanged = |e: io::Error| io::Error::new(e.kind(), format!("{e}; the previous output is unchanged"));
    // rustix 1.1 has `renameat_with` on Linux and Android (`renameat2`, RENAME_EXCHANGE) and on
    // every Apple target, i.e. macOS, iOS, tvOS, visionOS, watchOS (`renameatx_np`, RENAME_SWAP;
    // NOSYS before macOS 10.12). Only the Linux branch runs in our tests.
    #[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
    {
        use rustix::fs::{renameat_with, RenameFlags, CWD};
        use rustix::io::Errno;
        match renameat_with(CWD, stage, CWD, out, RenameFlags::EXCHANGE) {
            Ok(()) => return Ok(Swapped::Exchanged),
            // A file system without the exchange: fall back to two renames.
            Err(Errno::INVAL | Errno::NOSYS | Errno::NOTSUP) => {}
            Err(e) => return Err(unchanged(e.into())),
        }
    }
    std::fs::rename(out, aside).map_err(unchanged)?;
    if let Err(e) = std::fs::rename(stage, out) {
        return match std::fs::rename(aside, out) {
            Ok(()) => Err(unchanged(e)),
            Err(back) => Err(io::Error::new(
                e.kind(),
                format!("{e}; the previous output is complete in {} ({back})", aside.display()),
            )),
        };
    }
    Ok(Swapped::Renamed)
}

/// Removes the staging folders (and old outputs set aside) of `out` whose marker names a process
/// that is gone. Called under the output lock, so no live build of this output owns them. An old
/// output set aside by a build killed between its two renames is put back first.
fn remove_stale(parent: &Path, name: &str, out: &Path) {
    let Ok(entries) = std::fs::read_dir(parent) else { return };
    let prefix = format!(".{name}.staging-");
    for entry in entries.filter_map(Result::ok) {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(base) = file.strip_suffix(".pnpkit").filter(|b| b.starts_with(&prefix)) else { continue };
        let Some(pid) = base[prefix.len()..].split('-').next().and_then(|p| p.parse::<u32>().ok()) else { continue };
        let marker = parent.join(&file);
        if pid == std::process::id() || crate::process::is_running(pid) {
            continue;
        }
        let (stage, aside) = (parent.join(base), parent.join(format!("{base}.old")));
        let signed = format!("pnpkit {pid}\n");
        let Ok(text) = std::fs::read_to_string(&marker) else { continue };
        if text != signed {
            // A build killed between making its marker and writing it leaves the marker short
            // and no folder (the folder comes after the marker): that file alone is ours to remove.
            let ours_alone = signed.starts_with(&text)
                && std::fs::symlink_metadata(&stage).is_err()
                && std::fs::symlink_metadata(&aside).is_err();
            if ours_alone {
                let _ = std::fs::remove_file(&marker);
            }
            continue;
        }
        if std::fs::symlink_metadata(out).is_err() && aside.is_dir() {
            let _ = std::fs::rename(&aside, out);
        }
        if remove_tree(&stage).is_ok() && remove_tree(&aside).is_ok() {
            let _ = std::fs::remove_file(&marker);
        }
    }
}

/// Removes a folder of ours and everything in it (nothing when it does not exist), making its
/// subfolders writable first when a read-only one is in the way.
fn remove_tree(dir: &Path) -> io::Result<()> {
    match std::fs::remove_dir_all(dir) {
        Err(e) if e.kind() == ErrorKind::PermissionDenied => {
            make_writable(dir);
            std::fs::remove_dir_all(dir)
        }
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
        other => other,
    }
}

fn make_writable(dir: &Path) {
    let Ok(meta) = std::fs::symlink_metadata(dir) else { return };
    if !meta.is_dir() {
        return;
    }
    let mut permissions = meta.permissions();
    #[allow(clippy::permissions_set_readonly_false)] // only our own folder, to remove it
    permissions.set_readonly(false);
    let _ = std::fs::set_permissions(dir, permissions);
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        make_writable(&entry.path());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("pnpkit-staging-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn stage(out: &Path) -> Staging {
        Staging::new(OutputLock::acquire(out, false, "build", &[]).unwrap()).unwrap()
    }

    #[test]
    fn nothing_reaches_the_output_until_commit_and_old_files_do_not_linger() {
        let dir = temp("commit");
        let out = dir.join("pack");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("manifest.json"), "old").unwrap();
        std::fs::write(out.join("gone.txt"), "old").unwrap();
        let files = ["manifest.json".to_string(), "gone.txt".to_string()];
        std::fs::write(out.join(ownership::MARKER), ownership::marker("build", &files)).unwrap();
        let mut staging = stage(&out);
        let escape = staging.write("../escaped.txt", b"x").unwrap_err();
        assert_eq!(escape.kind(), ErrorKind::InvalidInput, "{escape}");
        assert!(!dir.join("escaped.txt").exists());
        staging.write("manifest.json", b"new").unwrap();
        assert_eq!(std::fs::read_to_string(out.join("manifest.json")).unwrap(), "old");
        drop(staging);
        assert_eq!(std::fs::read_to_string(out.join("manifest.json")).unwrap(), "old");
        let mut staging = stage(&out);
        staging.write("manifest.json", b"new").unwrap();
        staging.write("svg/a.svg", b"new").unwrap();
        staging.commit().unwrap();
        assert_eq!(std::fs::read_to_string(out.join("manifest.json")).unwrap(), "new");
        assert!(out.join("svg/a.svg").is_file());
        assert!(!out.join("gone.txt").exists(), "files the new build does not make are gone");
        let mut left: Vec<_> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        left.sort();
        assert_eq!(left, ["pack"], "nothing but the output: no lock file, no staging folder");
        let marker = std::fs::read_to_string(out.join(ownership::MARKER)).unwrap();
        assert!(marker.ends_with("Files:\nmanifest.json\nsvg/a.svg\n"), "{marker}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_second_writer_is_refused_with_the_holders_pid() {
        let dir = temp("lock");
        let out = dir.join("pack");
        let first = OutputLock::acquire(&out, false, "build", &[]).unwrap();
        let second = OutputLock::acquire(&out, false, "build", &[]).unwrap_err();
        assert_eq!(second.kind(), ErrorKind::WouldBlock);
        let message = second.to_string();
        assert!(message.contains(&format!("started by PID {}", std::process::id())), "{message}");
        drop(first);
        assert!(OutputLock::acquire(&out, false, "build", &[]).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_folder_that_is_not_an_output_is_refused_not_replaced() {
        let dir = temp("foreign");
        let out = dir.join("notes");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("mine.txt"), "keep").unwrap();
        let error = OutputLock::acquire(&out, false, "build", &[]).unwrap_err();
        assert!(error.to_string().contains("is not an output pnpkit wrote"), "{error}");
        assert_eq!(std::fs::read_to_string(out.join("mine.txt")).unwrap(), "keep");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn only_marked_staging_folders_of_dead_processes_are_removed() {
        let dir = temp("stale");
        let out = dir.join("pack");
        // A PID above the kernel's maximum (4194304) never runs.
        let dead = 4_194_305 + (std::process::id() % 1000);
        let ours = dir.join(format!(".pack.staging-{dead}-0"));
        std::fs::create_dir_all(ours.join("svg")).unwrap();
        std::fs::write(dir.join(format!(".pack.staging-{dead}-0.pnpkit")), format!("pnpkit {dead}\n")).unwrap();
        let unmarked = dir.join(format!(".pack.staging-{dead}-1"));
        std::fs::create_dir_all(&unmarked).unwrap();
        let old_style = dir.join(".pack.staging");
        std::fs::create_dir_all(&old_style).unwrap();
        let live = dir.join(".pack.staging-1-0");
        std::fs::create_dir_all(&live).unwrap();
        std::fs::write(dir.join(".pack.staging-1-0.pnpkit"), "pnpkit 1\n").unwrap();
        // Killed between making its marker and writing it: an empty marker and no folder.
        let short_marker = dir.join(format!(".pack.staging-{dead}-2.pnpkit"));
        std::fs::write(&short_marker, "").unwrap();
        // An empty marker beside a folder proves nothing: both stay.
        let unproven = dir.join(format!(".pack.staging-{dead}-3"));
        std::fs::create_dir_all(&unproven).unwrap();
        std::fs::write(dir.join(format!(".pack.staging-{dead}-3.pnpkit")), "").unwrap();
        let staging = stage(&out);
        assert!(!ours.exists(), "a marked staging folder of a dead process is removed");
        assert!(!short_marker.exists(), "a marker cut short with no folder is removed");
        assert!(unproven.is_dir() && dir.join(format!(".pack.staging-{dead}-3.pnpkit")).exists());
        assert!(unmarked.is_dir() && old_style.is_dir(), "look-alike folders are kept");
        assert!(live.is_dir() || !crate::process::is_running(1), "a running process's folder is kept");
        drop(staging);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_shared_folder_keeps_the_users_files_and_gets_the_written_ones_whole() {
        let dir = temp("shared");
        let out = dir.join("rules");
        std::fs::create_dir_all(out.join("notes")).unwrap();
        std::fs::write(out.join("01-a.md"), "old").unwrap();
        std::fs::write(out.join("09-mine.md"), "mine").unwrap();
        std::fs::write(out.join("notes/todo.txt"), "todo").unwrap();
        let lock = OutputLock::acquire_shared(&out, false, "rules import").unwrap();
        let refused = OutputLock::acquire_shared(&out, false, "rules import").unwrap_err();
        assert!(refused.to_string().starts_with("another rules import is writing"), "{refused}");
        let mut staging = Staging::new(lock).unwrap();
        let mut carried = staging.carry_over(&["01-a.md", "02-b.md"]).unwrap();
        carried.sort();
        assert_eq!(carried, ["09-mine.md", "notes/todo.txt"]);
        staging.write("01-a.md", b"new").unwrap();
        staging.write("09-mine.md", b"over a carried file").unwrap();
        assert_eq!(std::fs::read_to_string(out.join("09-mine.md")).unwrap(), "mine", "never written through a link");
        staging.commit().unwrap();
        assert_eq!(std::fs::read_to_string(out.join("01-a.md")).unwrap(), "new");
        assert_eq!(std::fs::read_to_string(out.join("09-mine.md")).unwrap(), "over a carried file");
        assert_eq!(std::fs::read_to_string(out.join("notes/todo.txt")).unwrap(), "todo");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn the_swap_is_one_exchange_on_linux() {
        let dir = temp("exchange");
        let (old, new) = (dir.join("old"), dir.join("new"));
        std::fs::create_dir_all(&old).unwrap();
        std::fs::create_dir_all(&new).unwrap();
        std::fs::write(old.join("f"), "old").unwrap();
        std::fs::write(new.join("f"), "new").unwrap();
        assert_eq!(swap(&new, &old, &dir.join("aside")).unwrap(), Swapped::Exchanged);
        assert_eq!(std::fs::read_to_string(old.join("f")).unwrap(), "new");
        assert_eq!(std::fs::read_to_string(new.join("f")).unwrap(), "old", "the old folder is where the new was");
        assert!(!dir.join("aside").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
