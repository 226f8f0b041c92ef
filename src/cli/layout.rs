//! `pnpkit layout [PACK] [--out FILE]`: the positions of an area map's boxes — the designer's,
//! and the automatic layout's for areas without one — as a CSV `id,x,y` (mm from the field's
//! top-left corner, one decimal) that the designer can merge into areas.csv and edit.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::diag::{Diagnostic, Sources};
use crate::messages::Messages;
use crate::model::MapKind;
use crate::render::maps::area::layout as arealayout;

use super::{report, Format, DEFAULT_PACK};

/// `layout [PACK] [--out FILE]`, as typed.
#[derive(clap::Args)]
pub(super) struct LayoutArgs {
    /// The pack folder.
    #[arg(default_value = DEFAULT_PACK)]
    pack: PathBuf,
    /// Write the CSV to this file instead of printing it.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// The CSV: a header, then one row per area of the standard board in the order of areas.csv
/// (an area only a variant puts on the board is drawn in the key, at no position of the field).
pub(crate) fn csv(map: &crate::model::Map) -> String {
    let mut out = String::from("id,x,y\n");
    let board = map.board();
    for (area, (x, y)) in board.areas.iter().zip(arealayout::positions(&board)) {
        let _ = writeln!(out, "{},{x:.1},{y:.1}", area.id);
    }
    out
}

/// Writes the CSV to `file` in one step (a file beside it, renamed over it), but only over a file
/// that is itself such a CSV (header `id,x,y`): a mistyped `--out areas.csv` must not replace the
/// pack's own data.
fn write_layout(file: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::io::{ErrorKind, Read, Write};
    if let Ok(meta) = std::fs::symlink_metadata(file) {
        let mut head = [0u8; 7];
        let ours = meta.is_file()
            && std::fs::File::open(file).and_then(|mut f| f.read_exact(&mut head)).is_ok()
            && (head == *b"id,x,y\n" || head == *b"id,x,y\r");
        if !ours {
            let why = "it exists and is not a layout CSV (its first line is not `id,x,y`); choose another file";
            return Err(std::io::Error::new(ErrorKind::AlreadyExists, why));
        }
    }
    let name = file.file_name().ok_or_else(|| std::io::Error::new(ErrorKind::InvalidInput, "not a file name"))?;
    let beside = file.with_file_name(format!(".{}.pnpkit-{}", name.to_string_lossy(), std::process::id()));
    // Created new, so it is ours to remove when a later step fails.
    let mut created = std::fs::OpenOptions::new().write(true).create_new(true).open(&beside)?;
    let written = created.write_all(text.as_bytes()).and_then(|()| created.sync_all());
    match written.and_then(|()| std::fs::rename(&beside, file)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = std::fs::remove_file(&beside);
            Err(e)
        }
    }
}

/// Runs `layout`: exit 1 for a pack that does not load, a pack without an area map, or a file
/// that cannot be written.
pub(super) fn run(args: &LayoutArgs) -> ExitCode {
    let mut sources = Sources::default();
    let (pack, diags) = crate::load::pack(&args.pack, &mut sources);
    if diags.iter().any(Diagnostic::is_error) {
        report(&sources, &diags, Format::Human);
        return ExitCode::FAILURE;
    }
    let msg = Messages::of(&pack);
    let Some(map) = pack.map.as_ref().filter(|m| m.kind == MapKind::Area && !m.areas.is_empty()) else {
        eprintln!("{}", msg.fill_first("layout.no_area_map", &[("pack", &args.pack.display().to_string())]));
        return ExitCode::FAILURE;
    };
    let text = csv(map);
    match &args.out {
        None => {
            use std::io::Write as _;
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
        }
        Some(file) => {
            if let Err(e) = write_layout(file, &text) {
                let (file, e) = (file.display().to_string(), e.to_string());
                eprintln!("{}", msg.fill_first("layout.cannot_write", &[("file", &file), ("error", &e)]));
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
