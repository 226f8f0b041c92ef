//! The source tree keeps the shape ARCHITECTURE.md describes: imports run down the pipeline
//! (a module uses only modules before it in `PIPELINE`), inside `render` a folder uses only the
//! folders before it in `RENDER`, and no source file passes 650 lines. Read from `src/` itself,
//! so a new upward import fails here with the file that made it.

use std::path::{Path, PathBuf};

use super::support::root;

/// The crate's top modules in the order they may use each other.
const PIPELINE: &[&str] = &[
    "diag",
    "text",
    "layout",
    "process",
    "model",
    "messages",
    "load",
    "check",
    "render",
    "errata",
    "reference",
    "emit",
    "play",
    "watch",
    "cli",
];
/// `render`'s folders in the order they may use each other.
const RENDER: &[&str] = &["page", "templates", "pieces", "tables", "maps", "sheets", "flowchart"];
/// The one deliberate exception (ARCHITECTURE.md): `check` draws a sample of faces through
/// `render`, so a template `build` would reject is reported by `check`.
const EXCEPTIONS: &[(&str, &str)] = &[("src/check/templates.rs", "render")];
/// Past this a file is split by concern (ARCHITECTURE.md says ~600).
const MAX_LINES: usize = 650;

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of `text` outside its unit tests and comments.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or_default();
    text.lines().map(|l| l.split("//").next().unwrap_or_default()).collect::<Vec<_>>().join("\n")
}

/// The names that follow `prefix` in `code` (`crate::render::` → `pieces`, `maps`, …).
fn used(code: &str, prefix: &str) -> Vec<String> {
    code.match_indices(prefix)
        .map(|(i, _)| code[i + prefix.len()..].chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect())
        .collect()
}

#[test]
fn imports_run_down_the_pipeline_and_files_stay_short() {
    let src = root().join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(root()).unwrap().to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(file).unwrap();
        let lines = text.lines().count();
        if lines > MAX_LINES {
            wrong.push(format!("{rel}: {lines} lines; split it by concern"));
        }
        let parts: Vec<&str> = rel.split('/').collect();
        let top = parts[1].trim_end_matches(".rs");
        let Some(at) = PIPELINE.iter().position(|m| *m == top) else { continue };
        let code = code(&text);
        for module in used(&code, "crate::") {
            let allowed = EXCEPTIONS.iter().any(|(f, m)| *f == rel && *m == module);
            if PIPELINE.iter().position(|m| *m == module).is_some_and(|to| to > at) && !allowed {
                wrong.push(format!("{rel}: `{top}` uses `{module}`, which comes after it"));
            }
        }
        if top == "render" && parts.len() > 3 {
            let folder = parts[2];
            let Some(at) = RENDER.iter().position(|f| *f == folder) else { continue };
            for used in used(&code, "crate::render::") {
                if RENDER.iter().position(|f| *f == used).is_some_and(|to| to > at) {
                    wrong.push(format!("{rel}: render's `{folder}` uses `{used}`, which comes after it"));
                }
            }
        }
    }
    assert!(files.len() > 100, "read the source tree");
    assert!(wrong.is_empty(), "the source tree leaves its shape:\n{}", wrong.join("\n"));
}

#[test]
fn the_layering_check_sees_an_upward_import() {
    let code = code("use crate::render::maps::pen::Pen; // crate::cli\n#[cfg(test)]\nuse crate::cli::x;");
    assert_eq!(used(&code, "crate::"), ["render"]);
    assert_eq!(used(&code, "crate::render::"), ["maps"]);
}
