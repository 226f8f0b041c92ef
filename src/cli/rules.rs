//! `pnpkit rules import`: a rulebook's text turned into a pack's rules files, written beside the
//! pack only into a folder pnpkit may write.

use super::report;
use crate::check;
use crate::diag::print::Format;
use crate::diag::Sources;
use crate::model::Pack;
use std::path::Path;
use std::process::ExitCode;

/// `pnpkit rules import`: a rulebook's text as rules/*.md (and its glossary as terms.csv), with
/// a report of what was found. What the import cannot read (no clause, a line with no clause to
/// belong to, a cross-reference to no rule) stops it with nothing written, not even the folder
/// it would go in; the numbering problems the checks find are warnings. The rules folder is
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
    let existed = out.exists();
    // Locked before the folder is read, so what --force protects cannot change under us, and
    // before the rulebook is parsed, so of two imports started together one stops at once.
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
    let imported = crate::load::import::rulebook(id, &text);
    if !imported.problems.is_empty() {
        // The lock made the folder the rules go in; an import that writes nothing leaves no
        // folder it made behind (an empty one only: never anything that holds a file), removed
        // while the lock is still held.
        if !existed {
            let _ = std::fs::remove_dir(out);
        }
        drop(lock);
        report(&sources, &imported.problems, format);
        eprintln!(
            "error: {} problem(s) in {} stop the import; nothing was written",
            imported.problems.len(),
            file.display()
        );
        return ExitCode::FAILURE;
    }
    let (files, glossary) = crate::load::import::to_files(&imported);
    let terms_csv = out.join("terms.csv");
    let found = found(&imported);
    let pack = Pack { rules: imported.rules, ..Pack::default() };
    let mut diags = check::pack(&pack, check::Options::default());
    for d in &mut diags {
        d.severity = crate::diag::Severity::Warning;
    }
    report(&sources, &diags, format);
    // A file that differs from what the import writes may hold the designer's edits: without
    // --force, nothing is written.
    let differs = |path: &Path, body: &str| std::fs::read(path).is_ok_and(|old| old != body.as_bytes());
    let mut differing: Vec<String> =
        files.iter().filter(|(name, body)| differs(&dir.join(name), body)).map(|(name, _)| name.clone()).collect();
    if glossary.as_deref().is_some_and(|g| differs(&terms_csv, g)) {
        differing.push(terms_csv.display().to_string());
    }
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
    let written = write_rules(lock, &dir, &files).and_then(|()| match &glossary {
        // Written beside the rules folder once it is in place: staged, then renamed over.
        Some(body) => {
            let staged = out.join(".terms.csv.importing");
            std::fs::write(&staged, body).and_then(|()| std::fs::rename(&staged, &terms_csv))
        }
        None => Ok(()),
    });
    match written {
        Ok(()) => {
            say!("imported {found} into {}", out.display());
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

/// What an import found, for its report: `2 parts, 12 sections, 340 clauses, 40 glossary terms
/// (English); 55 cross-references made links; skipped front matter and contents (lines 1–20)`.
fn found(imported: &crate::load::import::Imported) -> String {
    let rules = &imported.rules;
    let clauses: usize = rules.sections.iter().map(|s| s.clauses.len()).sum();
    let mut out = format!(
        "{} parts, {} sections, {clauses} clauses, {} glossary terms ({}); {} cross-references made links",
        rules.parts.len(),
        rules.sections.len(),
        rules.terms.len(),
        if imported.japanese { "Japanese" } else { "English" },
        imported.links
    );
    for (what, first, last) in &imported.skipped {
        out.push_str(&format!("; skipped {what} (lines {first}–{last})"));
    }
    out
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
