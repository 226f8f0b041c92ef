//! Keeping reads inside the pack: every path a pack names (a fixed file such as cards.csv, a
//! `template` key, a font, an image a template draws) is resolved here, and only a file that
//! really lies inside the pack folder is read. Symlinks are followed only while their target
//! stays inside the pack, so a pack cannot print `/etc/hostname` on its cards.

use std::path::{Component, Path, PathBuf};

/// Why a path a pack names cannot be read.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Refused {
    /// Absolute, with `..`, `.` or a backslash: not written as a path inside the pack.
    NotInside,
    /// A symlink (the file or a folder on its way) leads to `target`, outside the pack.
    LeavesPack(PathBuf),
    /// A symlink that points at nothing (`target`).
    Dangling(PathBuf),
    /// Nothing at that path.
    Missing,
    /// A folder, pipe, device or socket: reading it would fail, block forever or never end.
    NotAFile(&'static str),
    /// Larger than files of its kind may be.
    TooLarge {
        /// The file's size.
        bytes: u64,
        /// Its kind's limit.
        limit: u64,
    },
    /// Something else stops the read (permissions, …).
    Io(String),
}

impl Refused {
    /// The problem as a clause: "`rel` …".
    pub(crate) fn describe(&self, rel: &str) -> String {
        match self {
            Refused::NotInside => format!("`{rel}` is not a path inside the pack"),
            Refused::LeavesPack(target) => {
                format!("`{rel}` is a symlink to {}, outside the pack", target.display())
            }
            Refused::Dangling(target) => format!("`{rel}` is a symlink to {}, which does not exist", target.display()),
            Refused::Missing => format!("`{rel}` does not exist"),
            Refused::NotAFile(what) => format!("`{rel}` is {what}, not a file"),
            Refused::TooLarge { bytes, limit } => {
                format!("`{rel}` holds {} MB; files of its kind may hold at most {} MB", mb(*bytes), mb(*limit))
            }
            Refused::Io(e) => format!("`{rel}` cannot be read: {e}"),
        }
    }

    /// The diagnostic code for the problem.
    pub(crate) fn code(&self) -> crate::diag::Code {
        use crate::diag::Code;
        match self {
            Refused::NotInside | Refused::LeavesPack(_) => Code::OUTSIDE_PACK,
            Refused::Dangling(_) => Code::DANGLING_SYMLINK,
            Refused::Missing => Code::MISSING_FILE,
            Refused::NotAFile(_) => Code::NOT_A_FILE,
            Refused::TooLarge { .. } => Code::FILE_TOO_LARGE,
            Refused::Io(_) => Code::READ_FAILED,
        }
    }

    /// What to do about it.
    pub(crate) fn hint(&self) -> &'static str {
        match self {
            Refused::NotInside => "write a relative path inside the pack folder, without `..`",
            Refused::LeavesPack(_) => "copy the file into the pack folder instead of linking to it",
            Refused::Dangling(_) => "point the symlink at a file inside the pack, or replace it with the file",
            Refused::Missing => "create the file, or fix the path (paths are relative to the pack folder)",
            Refused::NotAFile(_) => "put a plain file at this path",
            Refused::TooLarge { .. } => {
                "split the file, or check that it is the file you meant (docs/reliability.md lists the limits)"
            }
            Refused::Io(_) => "check the file's permissions",
        }
    }
}

/// The most bytes a file of each kind may hold; reading stops there whatever the file claims.
pub(crate) mod limit {
    /// A CSV, TOML or Markdown file of the pack: a 2,000-card database or a 3,000-clause rulebook
    /// takes a few MB.
    pub(crate) const DATA: u64 = 32 << 20;
    /// A face template.
    pub(crate) const TEMPLATE: u64 = 1 << 20;
    /// A deck list.
    pub(crate) const DECK_LIST: u64 = 1 << 20;
    /// A plain-text rulebook for `rules import`.
    pub(crate) const RULEBOOK: u64 = 32 << 20;
}

/// Bytes in MB, one decimal.
fn mb(bytes: u64) -> String {
    format!("{:.1}", bytes as f64 / f64::from(1 << 20))
}

/// Reads the file at `path` whole, only if it is a regular file of at most `limit` bytes. It is
/// opened without blocking and checked on the open file, so a pipe or device put in its place
/// cannot hang the read, and never more than `limit` bytes are read even if it grows meanwhile.
pub(crate) fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, Refused> {
    use std::io::Read;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, rustix::fs::OFlags::NONBLOCK.bits() as i32);
    let file = options.open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => Refused::Missing,
        std::io::ErrorKind::IsADirectory => Refused::NotAFile("a folder"),
        _ => Refused::Io(e.to_string()),
    })?;
    let meta = file.metadata().map_err(|e| Refused::Io(e.to_string()))?;
    if !meta.is_file() {
        return Err(Refused::NotAFile(kind_of(&meta)));
    }
    if meta.len() > limit {
        return Err(Refused::TooLarge { bytes: meta.len(), limit });
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes).map_err(|e| Refused::Io(e.to_string()))?;
    if bytes.len() as u64 > limit {
        return Err(Refused::TooLarge { bytes: bytes.len() as u64, limit });
    }
    Ok(bytes)
}

/// What a non-regular file is, for the message.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    if meta.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_fifo() {
            return "a named pipe";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// Whether `rel` is written as a path inside a folder: relative, only plain names.
pub(crate) fn is_plain_relative(rel: &str) -> bool {
    let path = Path::new(rel);
    !rel.is_empty()
        && !rel.contains('\\')
        && !path.is_absolute()
        && path.components().all(|c| matches!(c, Component::Normal(_)))
}

/// Resolves `rel` (relative to `root`) to the real file it names, refusing anything that is not
/// inside `root` once symlinks are followed.
pub(crate) fn resolve(root: &Path, rel: &str) -> Result<PathBuf, Refused> {
    if !is_plain_relative(rel) {
        return Err(Refused::NotInside);
    }
    resolve_path(root, &root.join(rel))
}

/// Resolves `path` (already joined under `root`), following symlinks only inside `root`.
pub(crate) fn resolve_path(root: &Path, path: &Path) -> Result<PathBuf, Refused> {
    let root = root.canonicalize().map_err(|e| Refused::Io(e.to_string()))?;
    match path.canonicalize() {
        Ok(real) if real.starts_with(&root) => Ok(real),
        // Named as the link says (when the file itself is one), which is what its author wrote.
        Ok(real) => Err(Refused::LeavesPack(std::fs::read_link(path).unwrap_or(real))),
        Err(e) => Err(broken_link(path).unwrap_or(if e.kind() == std::io::ErrorKind::NotFound {
            Refused::Missing
        } else {
            Refused::Io(e.to_string())
        })),
    }
}

/// A dangling symlink on the way to `path` (the file itself or a folder above it), if any.
fn broken_link(path: &Path) -> Option<Refused> {
    let mut at = Some(path);
    while let Some(p) = at {
        if let Ok(meta) = std::fs::symlink_metadata(p) {
            if meta.file_type().is_symlink() && std::fs::metadata(p).is_err() {
                return Some(Refused::Dangling(std::fs::read_link(p).unwrap_or_default()));
            }
            // An existing component: the problem lies below it, so it is not a broken link.
            return None;
        }
        at = p.parent();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn symlinks_are_followed_only_inside_the_pack() {
        let dir = std::env::temp_dir().join(format!("pnpkit-confine-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let pack = dir.join("pack");
        std::fs::create_dir_all(pack.join("rules")).unwrap();
        std::fs::write(pack.join("a.csv"), "id\n").unwrap();
        std::fs::write(dir.join("secret.txt"), "x").unwrap();
        std::os::unix::fs::symlink("a.csv", pack.join("inside.csv")).unwrap();
        std::os::unix::fs::symlink("../secret.txt", pack.join("out.csv")).unwrap();
        std::os::unix::fs::symlink("nothing.csv", pack.join("dangling.csv")).unwrap();
        assert!(resolve(&pack, "inside.csv").is_ok());
        assert!(matches!(resolve(&pack, "out.csv"), Err(Refused::LeavesPack(_))));
        assert_eq!(resolve(&pack, "dangling.csv"), Err(Refused::Dangling("nothing.csv".into())));
        assert_eq!(resolve(&pack, "none.csv"), Err(Refused::Missing));
        assert_eq!(resolve(&pack, "../secret.txt"), Err(Refused::NotInside));
        assert_eq!(resolve(&pack, "/etc/hostname"), Err(Refused::NotInside));
        assert_eq!(resolve(&pack, "rules/../a.csv"), Err(Refused::NotInside));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_within_their_limit_are_read() {
        let dir = std::env::temp_dir().join(format!("pnpkit-bounded-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.csv"), "id\n1\n").unwrap();
        assert_eq!(read_bounded(&dir.join("a.csv"), 5).unwrap(), b"id\n1\n");
        assert_eq!(read_bounded(&dir.join("a.csv"), 4), Err(Refused::TooLarge { bytes: 5, limit: 4 }));
        assert_eq!(read_bounded(&dir, 100), Err(Refused::NotAFile("a folder")));
        // A named pipe with no writer: an ordinary open would wait for one forever.
        let fifo = dir.join("pipe.csv");
        rustix::fs::mknodat(
            rustix::fs::CWD,
            &fifo,
            rustix::fs::FileType::Fifo,
            rustix::fs::Mode::RUSR | rustix::fs::Mode::WUSR,
            0,
        )
        .unwrap();
        assert_eq!(read_bounded(&fifo, 100), Err(Refused::NotAFile("a named pipe")));
        assert_eq!(read_bounded(Path::new("/dev/zero"), 100), Err(Refused::NotAFile("a device")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
