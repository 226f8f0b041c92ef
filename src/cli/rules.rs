//! `pnpkit rules import`: a rulebook's text turned into a pack's rules files, written beside the
//! pack only into a folder pnpkit may write.

use super::report;
use crate::check;
use crate::diag::print::Format;
use crate::diag::Sources;
use crate::model::Pack;
use std::path::Path;
use std::process::ExitCode;

/// `pnpkit rules import`: the sections of a plain-text rulebook as rules/*.md, with the numbering
/// problems the checks find reported as warnings (the import itself succeeds). The rules folder is
/// locked and replaced whole, like a build's output: a killed import leaves it all old or all new.
pub(super) fn import_rules(file: &Path, out: &Path, format: Format, force: bool, wait: bool) -> ExitCode {
    let limit = crate::load::confine::limit::RULEBOOK;
    let bytes =
        crate::load::confine::read_bounded(file, limit).map_err(|why| why.describe(&file.display().to_string()));
    let text =
        match bytes.and_then(|b| String::from_utf8(b).map_err(|e| format!("`{}` is not UTF-8: {e}", file.display()))) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: cannot read {e}");
                return ExitCode::FAILURE;
            }
        };
    let dir = out.join("rules");
    // Locked before the folder is read, so what --force protects cannot change under us.
    let lock = match crate::emit::OutputLock::acquire_shared(&dir, wait, "rules import") {
        Ok(lock) => lock,
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
            eprintln!("error: {e}; nothing was written\n  = help: wait for it to finish, or pass --wait");
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("error: cannot lock {}: {e}; nothing was written", dir.display());
            return ExitCode::FAILURE;
        }
    };
    let mut sources = Sources::default();
    let id = sources.add(file, text.clone());
    let sections = crate::load::import::rulebook(id, &text);
    let clauses: usize = sections.iter().map(|s| s.clauses.len()).sum();
    let mut pack = Pack::default();
    pack.rules.sections = sections;
    let mut diags = check::pack(&pack, check::Options::default());
    for d in &mut diags {
        d.severity = crate::diag::Severity::Warning;
    }
    report(&sources, &diags, format);
    let files = crate::load::import::to_markdown(&pack.rules.sections);
    // A file that differs from what the import writes may hold the designer's edits: without
    // --force, nothing is written.
    let differing: Vec<&str> = files
        .iter()
        .filter(|(name, body)| std::fs::read(dir.join(name)).is_ok_and(|old| old != body.as_bytes()))
        .map(|(name, _)| name.as_str())
        .collect();
    if !differing.is_empty() && !force {
        eprintln!(
            "error: {} file(s) in {} differ from the import: {}; nothing was written\n  = help: they may have \
             been edited by hand; pass --force to overwrite them",
            differing.len(),
            dir.display(),
            differing.join(", ")
        );
        return ExitCode::FAILURE;
    }
    match write_rules(lock, &dir, &files) {
        Ok(()) => {
            say!("imported {} sections, {clauses} clauses into {}", pack.rules.sections.len(), dir.display());
            say!(
                "{} numbering problem(s) reported above; ids are generated from the numbers: rename them as you like",
                diags.len()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", dir.display());
            ExitCode::FAILURE
        }
    }
}

/// Replaces the locked rules folder `dir` whole with one holding the imported `files`: staged
/// beside it, then swapped in one step. Every other file in it (sections written by hand, notes,
/// anything else) is carried over, as are the imported files it already holds unchanged (they
/// keep their times); when there is nothing new, the folder is left as it is.
pub(super) fn write_rules(
    lock: crate::emit::OutputLock,
    dir: &Path,
    files: &[(String, String)],
) -> std::io::Result<()> {
    let new: Vec<&(String, String)> = files
        .iter()
        .filter(|(name, body)| std::fs::read(dir.join(name)).map_or(true, |old| old != body.as_bytes()))
        .collect();
    let unchanged = |e: std::io::Error| std::io::Error::new(e.kind(), format!("{e}; the previous rules are unchanged"));
    // Made even when nothing is new: it removes what killed imports left beside the folder.
    let mut staging = crate::emit::Staging::new(lock).map_err(unchanged)?;
    if new.is_empty() && dir.is_dir() {
        return Ok(());
    }
    staging.carry_over(&new.iter().map(|(name, _)| name.as_str()).collect::<Vec<_>>()).map_err(unchanged)?;
    for (name, body) in new {
        staging.write(name, body.as_bytes()).map_err(unchanged)?;
    }
    // Its errors say whether the previous rules are in place.
    staging.commit()?;
    Ok(())
}
