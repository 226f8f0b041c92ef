//! The right to write one output folder, and to nothing around it.
//!
//! A writer takes the OS's advisory lock on a file that stands for its output folder, so a
//! second writer into the same folder stops at once (or waits) instead of mixing its files in.
//! A folder also conflicts with every folder inside or around it (`o` and `o/sub`: a build of `o`
//! replaces `o/sub` whole), so a writer also holds a *shared* lock for each folder above its own:
//! two writers into `o/a` and `o/b` run together, a writer into `o` waits for both.
//!
//! The lock files live in pnpkit's own folder (`$XDG_RUNTIME_DIR/pnpkit-locks`, else
//! `<temp>/pnpkit-locks-<uid>`), one per folder, named by the hash of its path; never in a user's
//! folder. They are never removed (a lock file removed while another process waits on it would let
//! a third lock a new file of the same name), only emptied when released; each holds its exclusive
//! holder's PID, start time, command and folder, for the message a second writer gets.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};

/// The exclusive right to write one output folder, held until dropped (or the process dies: the
/// OS releases the lock then, so a killed build never blocks the next one).
#[derive(Debug)]
pub(crate) struct Held {
    /// The lock of the folder itself, exclusive.
    own: File,
    /// Shared locks of every folder above it, root first.
    _above: Vec<File>,
}

impl Drop for Held {
    fn drop(&mut self) {
        // Emptied while still held, so no later reader takes a finished writer for a live one.
        let _ = self.own.set_len(0);
    }
}

/// Locks the folder `target` (an absolute path with its existing part resolved, which need not
/// exist) for the command `who` ("build"): shared locks on every folder above it, root first (the
/// one order every writer follows, so two writers never wait for each other in a circle), then an
/// exclusive lock on it. A lock another process holds fails at once (`ErrorKind::WouldBlock`, with
/// a message naming it), or with `wait` is waited for. `shown` is the folder as the user named it.
pub(crate) fn lock(target: &Path, shown: &Path, wait: bool, who: &str) -> io::Result<Held> {
    let dir = lock_dir()?;
    let mut above = Vec::new();
    let mut ancestors: Vec<&Path> = target.ancestors().skip(1).collect();
    ancestors.reverse();
    for folder in ancestors {
        let file = open(&dir, folder)?;
        take(&file, false, wait, folder)?;
        above.push(file);
    }
    let own = open(&dir, target)?;
    take(&own, true, wait, shown)?;
    own.set_len(0)?;
    let started = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let record = format!("{}\n{started}\n{who}\n{}\n", std::process::id(), target.display());
    (&own).write_all(record.as_bytes())?;
    Ok(Held { own, _above: above })
}

/// Takes the lock `file` of the folder `shown`, `exclusive` or shared: at once, or, when another
/// process holds it, fails naming that process, or with `wait` waits for it.
fn take(file: &File, exclusive: bool, wait: bool, shown: &Path) -> io::Result<()> {
    let tried = if exclusive { file.try_lock() } else { file.try_lock_shared() };
    match tried {
        Ok(()) => Ok(()),
        Err(TryLockError::WouldBlock) => {
            let why = holder(file, shown);
            if !wait {
                return Err(io::Error::new(ErrorKind::WouldBlock, why));
            }
            eprintln!("waiting: {why}");
            if exclusive {
                file.lock()
            } else {
                file.lock_shared()
            }
        }
        Err(TryLockError::Error(e)) => Err(e),
    }
}

/// The lock file standing for `folder`, opened (created when new; never truncated before the
/// lock is ours: the holder's PID is in it).
fn open(dir: &Path, folder: &Path) -> io::Result<File> {
    let digest = Sha256::digest(folder.as_os_str().as_encoded_bytes());
    let name: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    OpenOptions::new().read(true).write(true).create(true).truncate(false).open(dir.join(format!("{name}.lock")))
}

/// pnpkit's own folder of lock files, made when missing and refused when someone else owns it
/// (on a shared temp folder another user could have made it first).
fn lock_dir() -> io::Result<PathBuf> {
    let dir = match std::env::var_os("XDG_RUNTIME_DIR").map(PathBuf::from).filter(|d| d.is_dir()) {
        Some(runtime) => runtime.join("pnpkit-locks"),
        None => std::env::temp_dir().join(format!("pnpkit-locks-{}", user())),
    };
    let mut builder = std::fs::DirBuilder::new();
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    match builder.create(&dir) {
        Ok(()) => {}
        Err(e) if e.kind() == ErrorKind::AlreadyExists => {}
        Err(e) => return Err(io::Error::new(e.kind(), format!("cannot make the lock folder {}: {e}", dir.display()))),
    }
    let meta = std::fs::symlink_metadata(&dir)?;
    #[cfg(unix)]
    let ours = std::os::unix::fs::MetadataExt::uid(&meta) == rustix::process::getuid().as_raw();
    #[cfg(not(unix))]
    let ours = true;
    if !meta.is_dir() || !ours {
        let why = format!("the lock folder {} is not a folder of this user's; remove it", dir.display());
        return Err(io::Error::new(ErrorKind::PermissionDenied, why));
    }
    Ok(dir)
}

/// The user's id, which keeps users' lock folders apart in a shared temp folder.
fn user() -> u32 {
    #[cfg(unix)]
    return rustix::process::getuid().as_raw();
    #[cfg(not(unix))]
    0
}

/// Who holds the lock `file` of the folder `shown`, as a sentence: "another build is writing
/// output/x, started by PID 4242 3 s ago", or, when only writers into folders inside it hold it
/// (shared), that such a writer is at work.
fn holder(file: &File, shown: &Path) -> String {
    // The holder writes its PID right after taking the lock; give it a moment to do so.
    for _ in 0..20 {
        let mut text = String::new();
        let _ = (&*file).read_to_string(&mut text);
        let _ = std::io::Seek::rewind(&mut &*file);
        let mut lines = text.lines();
        let mut number = || lines.next().map(|l| l.trim().parse::<u64>());
        if let (Some(Ok(pid)), Some(Ok(started))) = (number(), number()) {
            // A holder killed before emptying it left its record: only shared holders remain.
            if !crate::process::is_running(pid as u32) {
                break;
            }
            let who = lines.next().map(str::trim).filter(|w| !w.is_empty()).unwrap_or("build");
            let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
            let ago = now.saturating_sub(started);
            return format!("another {who} is writing {}, started by PID {pid} {ago} s ago", shown.display());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    format!("another pnpkit command is writing a folder inside {}", shown.display())
}
