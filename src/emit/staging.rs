//! Staged output: write everything aside, then rename into place.

use std::io;
use std::path::{Path, PathBuf};

/// Files written for one build, kept aside until [`Staging::commit`].
#[derive(Debug)]
pub struct Staging {
    out: PathBuf,
    stage: PathBuf,
    files: Vec<String>,
}

impl Staging {
    /// Starts staging output for the folder `out` (created on commit if missing).
    pub fn new(out: &Path) -> io::Result<Staging> {
        let name = out.file_name().map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
        let parent = out.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        std::fs::create_dir_all(parent)?;
        let stage = parent.join(format!(".{name}.staging"));
        if stage.exists() {
            std::fs::remove_dir_all(&stage)?; // left over from a build that was killed
        }
        std::fs::create_dir_all(&stage)?;
        Ok(Staging { out: out.to_path_buf(), stage, files: Vec::new() })
    }

    /// Writes `name` (a path relative to the output folder, `/`-separated) into the staging folder.
    pub fn write(&mut self, name: &str, bytes: &[u8]) -> io::Result<()> {
        let path = self.stage.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(path, bytes)?;
        self.files.push(name.to_string());
        Ok(())
    }

    /// Moves every staged file into the output folder and removes the staging folder.
    pub fn commit(self) -> io::Result<Vec<PathBuf>> {
        std::fs::create_dir_all(&self.out)?;
        let mut written = Vec::new();
        for name in &self.files {
            let target = self.out.join(name);
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::rename(self.stage.join(name), &target)?;
            written.push(target);
        }
        std::fs::remove_dir_all(&self.stage)?;
        Ok(written)
    }
}

impl Drop for Staging {
    /// A staging that was never committed leaves nothing behind.
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.stage);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_reaches_the_output_until_commit() {
        let dir = std::env::temp_dir().join(format!("pnpkit-staging-{}", std::process::id()));
        let out = dir.join("pack");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("a.txt"), "old").unwrap();
        let mut staging = Staging::new(&out).unwrap();
        staging.write("a.txt", b"new").unwrap();
        assert_eq!(std::fs::read_to_string(out.join("a.txt")).unwrap(), "old");
        drop(staging);
        assert_eq!(std::fs::read_to_string(out.join("a.txt")).unwrap(), "old");
        let mut staging = Staging::new(&out).unwrap();
        staging.write("a.txt", b"new").unwrap();
        staging.commit().unwrap();
        assert_eq!(std::fs::read_to_string(out.join("a.txt")).unwrap(), "new");
        assert!(!dir.join(".pack.staging").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
