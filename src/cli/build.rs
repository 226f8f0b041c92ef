//! `pnpkit build`: everything the build writes, in the order it is written. Until the generators
//! exist it writes the manifest: what the pack holds and what was checked.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::diag::Diagnostic;
use crate::emit::Staging;
use crate::model::Pack;

/// Writes the build's products into `out` (staged, then renamed).
pub(super) fn build(pack: &Pack, diags: &[Diagnostic], out: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut staging = Staging::new(out)?;
    staging.write("manifest.json", &manifest(pack, diags))?;
    staging.commit()
}

#[derive(Serialize)]
struct Manifest<'a> {
    pack: &'a str,
    title: &'a crate::model::Names,
    edition: &'a str,
    counts: super::summary::Counts,
    provisional: Vec<&'a str>,
    warnings: usize,
}

/// The manifest as pretty JSON; no timestamps, so the same pack gives the same bytes.
fn manifest(pack: &Pack, diags: &[Diagnostic]) -> Vec<u8> {
    let manifest = Manifest {
        pack: &pack.id,
        title: &pack.game.title,
        edition: &pack.game.edition,
        counts: super::summary::Counts::of(pack),
        provisional: pack.provisional.iter().map(|p| p.what.as_str()).collect(),
        warnings: diags.len(),
    };
    let mut bytes = serde_json::to_vec_pretty(&manifest).unwrap_or_default();
    bytes.push(b'\n');
    bytes
}
