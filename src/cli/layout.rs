//! `pnpkit layout [PACK] [--out FILE]`: the positions of an area map's boxes — the designer's,
//! and the automatic layout's for areas without one — as a CSV `id,x,y` (mm from the field's
//! top-left corner, one decimal) that the designer can merge into areas.csv and edit.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::diag::{Diagnostic, Sources};
use crate::messages::Messages;
use crate::model::MapKind;
use crate::render::arealayout;

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

/// The CSV: a header, then one row per area in the order of areas.csv.
pub(crate) fn csv(map: &crate::model::Map) -> String {
    let mut out = String::from("id,x,y\n");
    for (area, (x, y)) in map.areas.iter().zip(arealayout::positions(map)) {
        let _ = writeln!(out, "{},{x:.1},{y:.1}", area.id);
    }
    out
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
            if let Err(e) = std::fs::write(file, &text) {
                let (file, e) = (file.display().to_string(), e.to_string());
                eprintln!("{}", msg.fill_first("layout.cannot_write", &[("file", &file), ("error", &e)]));
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
