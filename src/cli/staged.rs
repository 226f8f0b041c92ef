//! The output folder being staged while a build runs: the digital tables write their files into
//! it as they make them (so a 2,000-card set is never held in memory whole), and the manifest
//! lists them with the files written at the end. Nothing of it replaces the output until the
//! build commits; dropped, it leaves nothing behind.

use std::io::Read;
use std::sync::Mutex;

use sha2::{Digest, Sha256};

use crate::emit::Staging;

/// One file of the output as the manifest lists it.
#[derive(serde::Serialize)]
pub(super) struct FileEntry {
    pub(super) path: String,
    pub(super) kind: &'static str,
    pub(super) pages: Option<usize>,
    pub(super) bytes: usize,
    pub(super) sha256: String,
    /// A print-on-demand face: how many pieces show it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) copies: Option<u32>,
}

impl FileEntry {
    /// The entry of `path`, whose contents hash to `sha256`.
    pub(super) fn new(path: String, kind: &'static str, pages: Option<usize>, bytes: usize, sha256: &[u8]) -> Self {
        let sha256 = sha256.iter().map(|b| format!("{b:02x}")).collect();
        FileEntry { path, kind, pages, bytes, sha256, copies: None }
    }
}

/// What kind of file the manifest calls `path` among the extra files (not PDFs or previews).
pub(super) fn kind_of(path: &str) -> &'static str {
    // The Tabletop Simulator set's images belong to it, like its JSON: "png" is the previews' kind.
    match path.rsplit('.').next() {
        Some("dot") => "dot",
        Some("html") => "html",
        Some("vmod") => "vassal",
        Some("json" | "png") => "tts",
        _ => "mermaid",
    }
}

/// The staging folder, shared by the threads that write into it, and the files they wrote.
pub(super) struct Staged {
    staging: Mutex<Staging>,
    written: Mutex<Vec<FileEntry>>,
}

impl Staged {
    pub(super) fn new(staging: Staging) -> Staged {
        Staged { staging: Mutex::new(staging), written: Mutex::new(Vec::new()) }
    }

    /// The staging folder and the files written into it so far, by path.
    pub(super) fn into_parts(self) -> Result<(Staging, Vec<FileEntry>), String> {
        let staging = self.staging.into_inner().map_err(|e| e.to_string())?;
        let mut written = self.written.into_inner().map_err(|e| e.to_string())?;
        written.sort_by(|a, b| a.path.cmp(&b.path));
        Ok((staging, written))
    }

    /// Takes `path` from the output folder as it is (an earlier build's file), when its SHA-256
    /// is still `sha256`; `false` when it is gone or changed.
    pub(super) fn reuse(&self, path: &str, sha256: &[u8; 32]) -> Result<bool, String> {
        let mut staging = self.staging.lock().map_err(|e| e.to_string())?;
        staging.reuse(path, sha256).map_err(|e| format!("{path}: {e}"))
    }

    fn record(&self, entry: FileEntry) -> Result<(), String> {
        self.written.lock().map_err(|e| e.to_string())?.push(entry);
        Ok(())
    }
}

impl crate::play::Sink for Staged {
    fn put(&self, path: &str, bytes: &[u8]) -> Result<(), String> {
        let mut staging = self.staging.lock().map_err(|e| e.to_string())?;
        staging.write(path, bytes).map_err(|e| format!("{path}: {e}"))?;
        drop(staging);
        self.record(FileEntry::new(path.to_string(), kind_of(path), None, bytes.len(), &Sha256::digest(bytes)))
    }

    fn create(&self, path: &str) -> Result<std::fs::File, String> {
        let mut staging = self.staging.lock().map_err(|e| e.to_string())?;
        staging.create(path).map_err(|e| format!("{path}: {e}"))
    }

    fn done(&self, path: &str) -> Result<(), String> {
        // Hashed as read back a block at a time: the file is not held in memory.
        let staging = self.staging.lock().map_err(|e| e.to_string())?;
        let mut file = staging.open(path).map_err(|e| format!("{path}: {e}"))?;
        drop(staging);
        let mut hasher = Sha256::new();
        let mut block = vec![0u8; 1 << 16];
        let mut bytes = 0;
        loop {
            let n = file.read(&mut block).map_err(|e| format!("{path}: {e}"))?;
            if n == 0 {
                break;
            }
            hasher.update(&block[..n]);
            bytes += n;
        }
        self.record(FileEntry::new(path.to_string(), kind_of(path), None, bytes, &hasher.finalize()))
    }
}
