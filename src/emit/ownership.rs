//! Which folders pnpkit may replace: only one it can prove it made.
//!
//! A build replaces its output folder whole, so the folder it is given must be new, empty, or an
//! output of the same command that holds nothing pnpkit did not write. The proof is a marker file
//! only pnpkit writes, [`MARKER`], whose first line is [`SIGNATURE`] and which lists every file of
//! the folder; a file named `manifest.json` proves nothing (a web app has one too). Before anything
//! is written, [`refuse_place`] also refuses an output that is the pack, holds it or lies in it,
//! holds the folder the user works in, or lies inside another pnpkit output (whose next build
//! would delete it).

use std::collections::BTreeSet;
use std::io::{self, ErrorKind, Read};
use std::path::{Component, Path, PathBuf};

/// The marker's file name, inside the output folder.
pub const MARKER: &str = ".pnpkit-output";
/// The marker's first line.
const SIGNATURE: &str = "pnpkit output folder";
/// The most of a marker read: a listing of 100,000 files fits.
const MARKER_BYTES: u64 = 16 << 20;

/// The marker for an output of `pnpkit <command>` holding `files` (paths relative to it,
/// `/`-separated): the same files give the same bytes, so two builds of a pack stay identical.
pub(crate) fn marker(command: &str, files: &[String]) -> String {
    let mut files: Vec<&str> = files.iter().map(String::as_str).collect();
    files.sort_unstable();
    files.dedup();
    let mut text = format!(
        "{SIGNATURE}\nmade by: pnpkit {command}\npnpkit version: {}\n\
         This folder is replaced whole by the next `pnpkit {command}` into it. Files:\n",
        env!("CARGO_PKG_VERSION")
    );
    for file in files {
        text.push_str(file);
        text.push('\n');
    }
    text
}

/// `out` as an absolute path with every part that exists resolved (symbolic links followed), the
/// rest taken as written; nothing is created.
pub(crate) fn absolute(out: &Path) -> io::Result<PathBuf> {
    let joined = if out.is_absolute() { out.to_path_buf() } else { std::env::current_dir()?.join(out) };
    let mut at = PathBuf::new();
    for part in joined.components() {
        match part {
            Component::Prefix(_) | Component::RootDir => at.push(part),
            Component::CurDir => {}
            Component::ParentDir => {
                at.pop();
            }
            Component::Normal(name) => {
                at.push(name);
                if let Ok(real) = at.canonicalize() {
                    at = real;
                }
            }
        }
    }
    Ok(at)
}

/// Refuses (`ErrorKind::InvalidInput`, a sentence) an output folder `target` (from [`absolute`])
/// whose place makes replacing it unsafe, before anything is written: the file-system root, a
/// folder that is one of `packs`, holds one or lies inside one, the folder the user works in or
/// one above it, the home folder, or a folder inside an output pnpkit made. `shown` is the folder
/// as the user named it.
pub(crate) fn refuse_place(target: &Path, shown: &Path, packs: &[PathBuf]) -> io::Result<()> {
    let refuse = |why: String| Err(io::Error::new(ErrorKind::InvalidInput, format!("{}: {why}", shown.display())));
    if target.parent().is_none() {
        return refuse("is the root of the file system".into());
    }
    for pack in packs {
        let Ok(pack) = absolute(pack) else { continue };
        if pack == target {
            return refuse("is the pack folder itself; an output replaces its folder whole".into());
        }
        if pack.starts_with(target) {
            return refuse(format!("holds the pack {}; an output replaces its folder whole", pack.display()));
        }
        if target.starts_with(&pack) {
            return refuse(format!("lies inside the pack {}; outputs are kept out of the pack", pack.display()));
        }
    }
    if let Ok(cwd) = absolute(Path::new(".")) {
        if cwd.starts_with(target) {
            return refuse("is the folder you are working in, or holds it".into());
        }
    }
    if let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty()) {
        if absolute(Path::new(&home)).is_ok_and(|home| home == target) {
            return refuse("is your home folder".into());
        }
    }
    if let Some(output) = target.ancestors().skip(1).find(|a| has_marker(a)) {
        return refuse(format!(
            "lies inside {}, an output pnpkit wrote, which its next build replaces whole",
            output.display()
        ));
    }
    Ok(())
}

/// Refuses (`ErrorKind::AlreadyExists`, a sentence) to replace the existing folder `target`
/// unless pnpkit can prove `pnpkit <command>` made it: empty, or with a marker of that command
/// listing every file in it. An output of an older pnpkit without a marker is proved by its
/// `manifest.json` (builds only): every other file listed in it with its SHA-256.
pub(crate) fn refuse_foreign(target: &Path, shown: &Path, command: &str) -> io::Result<()> {
    let Ok(meta) = std::fs::symlink_metadata(target) else { return Ok(()) };
    let refuse = |why: String| {
        let message = format!(
            "{} {why}; pnpkit replaces its output folder whole, so it writes only into a new or empty \
             folder or one it wrote before",
            shown.display()
        );
        Err(io::Error::new(ErrorKind::AlreadyExists, message))
    };
    if !meta.is_dir() {
        return refuse("exists and is not a folder".into());
    }
    if std::fs::read_dir(target)?.next().is_none() {
        return Ok(());
    }
    let found = files_in(target)?;
    let Some(listed) = read_marker(target)? else {
        if command == "build" && made_before_markers(target, &found) {
            return Ok(());
        }
        return refuse(format!("exists and is not an output pnpkit wrote (it has no {MARKER})"));
    };
    if listed.command != command {
        return refuse(format!("is an output of `pnpkit {}`, not of `pnpkit {command}`", listed.command));
    }
    let foreign: Vec<&String> = found.iter().filter(|f| *f != MARKER && !listed.files.contains(*f)).collect();
    if !foreign.is_empty() {
        let shown: Vec<&str> = foreign.iter().take(5).map(|f| f.as_str()).collect();
        let more = if foreign.len() > 5 { format!(" and {} more", foreign.len() - 5) } else { String::new() };
        return refuse(format!("holds files pnpkit did not write ({}{more}): move them out of it", shown.join(", ")));
    }
    Ok(())
}

/// What a marker says.
struct Listed {
    command: String,
    files: BTreeSet<String>,
}

/// Whether `dir` holds a pnpkit marker.
fn has_marker(dir: &Path) -> bool {
    matches!(read_marker(dir), Ok(Some(_)))
}

/// The marker in `dir`, when there is one: a regular file beginning with [`SIGNATURE`].
fn read_marker(dir: &Path) -> io::Result<Option<Listed>> {
    let path = dir.join(MARKER);
    match std::fs::symlink_metadata(&path) {
        Ok(meta) if meta.is_file() => {}
        _ => return Ok(None),
    }
    let mut text = String::new();
    std::fs::File::open(&path)?.take(MARKER_BYTES).read_to_string(&mut text)?;
    let mut lines = text.lines();
    if lines.next() != Some(SIGNATURE) {
        return Ok(None);
    }
    let Some(command) = lines.next().and_then(|l| l.strip_prefix("made by: pnpkit ")) else { return Ok(None) };
    let files = lines.skip_while(|l| !l.ends_with("Files:")).skip(1).map(str::to_string).collect();
    Ok(Some(Listed { command: command.to_string(), files }))
}

/// Every file, symbolic link or other non-folder entry under `dir`, relative and `/`-separated.
fn files_in(dir: &Path) -> io::Result<Vec<String>> {
    fn walk(dir: &Path, rel: &str, out: &mut Vec<String>) -> io::Result<()> {
        for entry in std::fs::read_dir(dir)? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let rel = if rel.is_empty() { name } else { format!("{rel}/{name}") };
            if entry.file_type()?.is_dir() {
                walk(&entry.path(), &rel, out)?;
            } else {
                out.push(rel);
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(dir, "", &mut out)?;
    Ok(out)
}

/// Whether `dir`, holding `found`, is a build output of a pnpkit from before the marker: its
/// `manifest.json` lists every other file with the SHA-256 it has.
fn made_before_markers(dir: &Path, found: &[String]) -> bool {
    use sha2::{Digest, Sha256};
    let Ok(meta) = std::fs::symlink_metadata(dir.join("manifest.json")) else { return false };
    if !meta.is_file() || meta.len() > MARKER_BYTES {
        return false;
    }
    let Ok(text) = std::fs::read(dir.join("manifest.json")) else { return false };
    let Ok(manifest) = serde_json::from_slice::<serde_json::Value>(&text) else { return false };
    let Some(files) = manifest.get("files").and_then(|f| f.as_array()) else { return false };
    let listed: std::collections::BTreeMap<&str, &str> =
        files.iter().filter_map(|f| Some((f.get("path")?.as_str()?, f.get("sha256")?.as_str()?))).collect();
    found.iter().filter(|f| *f != "manifest.json").all(|f| {
        let path = dir.join(f);
        listed.get(f.as_str()).is_some_and(|sha| {
            std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file())
                && std::fs::read(&path).is_ok_and(|bytes| {
                    Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect::<String>() == *sha
                })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("pnpkit-ownership-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.canonicalize().unwrap()
    }

    #[test]
    fn a_folder_is_ours_only_with_our_marker_listing_everything_in_it() {
        let dir = temp("marker");
        let out = dir.join("out");
        assert!(refuse_foreign(&out, &out, "build").is_ok(), "a new folder");
        std::fs::create_dir_all(&out).unwrap();
        assert!(refuse_foreign(&out, &out, "build").is_ok(), "an empty folder");
        std::fs::create_dir_all(out.join("png")).unwrap();
        std::fs::write(out.join("manifest.json"), r#"{"name": "my web app"}"#).unwrap();
        let e = refuse_foreign(&out, &out, "build").unwrap_err();
        assert!(e.to_string().contains("is not an output pnpkit wrote"), "{e}");
        let files = vec!["manifest.json".to_string(), "png/a.png".to_string()];
        std::fs::write(out.join("png/a.png"), "x").unwrap();
        std::fs::write(out.join(MARKER), marker("build", &files)).unwrap();
        assert!(refuse_foreign(&out, &out, "build").is_ok());
        let e = refuse_foreign(&out, &out, "errata").unwrap_err();
        assert!(e.to_string().contains("is an output of `pnpkit build`"), "{e}");
        std::fs::write(out.join("notes.txt"), "mine").unwrap();
        let e = refuse_foreign(&out, &out, "build").unwrap_err();
        assert!(e.to_string().contains("holds files pnpkit did not write (notes.txt)"), "{e}");
        std::fs::remove_file(out.join("notes.txt")).unwrap();
        // A marker that does not begin with the signature proves nothing.
        std::fs::write(out.join(MARKER), "made by: pnpkit build\n").unwrap();
        assert!(refuse_foreign(&out, &out, "build").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_older_output_is_proved_by_its_manifest_hashes() {
        let dir = temp("legacy");
        let out = dir.join("out");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("cards.pdf"), "pdf").unwrap();
        // Not the SHA-256 of "pdf".
        let sha = "e7ed9aa5a6d0d3d8fab4ee7c6a2e4a7bb8f3b1e0d0e8f7e4e1b4b5e6b0f1f2a3";
        let manifest = |sha: &str| format!(r#"{{"files": [{{"path": "cards.pdf", "sha256": "{sha}"}}]}}"#);
        std::fs::write(out.join("manifest.json"), manifest(sha)).unwrap();
        assert!(refuse_foreign(&out, &out, "build").is_err(), "a wrong hash proves nothing");
        use sha2::{Digest, Sha256};
        let real: String = Sha256::digest(b"pdf").iter().map(|b| format!("{b:02x}")).collect();
        std::fs::write(out.join("manifest.json"), manifest(&real)).unwrap();
        assert!(refuse_foreign(&out, &out, "build").is_ok());
        std::fs::write(out.join("index.html"), "mine").unwrap();
        assert!(refuse_foreign(&out, &out, "build").is_err(), "a file it does not list");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn places_that_hold_or_lie_in_a_pack_or_the_working_folder_are_refused() {
        let dir = temp("place");
        let pack = dir.join("game");
        std::fs::create_dir_all(&pack).unwrap();
        let packs = [pack.clone()];
        let place = |p: &Path| refuse_place(&absolute(p).unwrap(), p, &packs);
        assert!(place(&dir.join("output/game")).is_ok());
        assert!(place(&pack).unwrap_err().to_string().contains("is the pack folder itself"));
        assert!(place(&dir).unwrap_err().to_string().contains("holds the pack"));
        assert!(place(&pack.join("out")).unwrap_err().to_string().contains("lies inside the pack"));
        assert!(place(&pack.join("x/../../game")).unwrap_err().to_string().contains("is the pack folder"));
        assert!(place(Path::new(".")).unwrap_err().to_string().contains("the folder you are working in"));
        assert!(place(Path::new("/")).is_err());
        let output = dir.join("output/game");
        std::fs::create_dir_all(&output).unwrap();
        std::fs::write(output.join(MARKER), marker("build", &[])).unwrap();
        let e = place(&output.join("sub")).unwrap_err();
        assert!(e.to_string().contains("an output pnpkit wrote"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
