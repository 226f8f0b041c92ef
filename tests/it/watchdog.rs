//! The render watchdog: templates in tests/watchdog/ do work the render budget cannot count (a
//! string doubled with `~`, a loop over a long string). `build` stops with E0133 naming the
//! template and the face, exits 1 and keeps the previous output. The limits are lowered through
//! `PNPKIT_RENDER_DEADLINE_MS` and `PNPKIT_RENDER_MEMORY_MB`, which only tests set.
// See: issue 14, 4 (resources).

use std::path::Path;
use std::process::Command;

use super::support::{copy_dir, root, temp_dir, text};

/// Every file under `dir` with its bytes, sorted by path.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("read output folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let name = path.strip_prefix(dir).expect("inside").to_string_lossy().into_owned();
                out.push((name, std::fs::read(&path).expect("read output file")));
            }
        }
    }
    out.sort();
    out
}

/// Builds the chits of dougram, then again with `template` as the chit back under `env`; the
/// second build must fail with E0133 at the template, naming the face, and leave the first
/// build's output as it was.
fn stops_and_keeps_output(case: &str, template: &str, env: &[(&str, &str)], limit: &str) {
    let dir = temp_dir(&format!("watchdog-{case}"));
    copy_dir(&root().join("data/dougram"), &dir.join("pack"));
    let build = |env: &[(&str, &str)]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_pnpkit"));
        command.args(["build", "pack", "--out", "out", "--only", "chits", "--format", "short"]).current_dir(&dir);
        command.envs(env.iter().copied());
        command.output().expect("run pnpkit")
    };
    let first = build(&[]);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first).1);
    let before = snapshot(&dir.join("out"));
    assert!(before.iter().any(|(name, _)| name == "chits.pdf"));

    let source = std::fs::read_to_string(root().join("tests/watchdog").join(template)).expect("fixture");
    std::fs::create_dir_all(dir.join("pack/templates/chits")).expect("templates folder");
    std::fs::write(dir.join("pack/templates/chits/back.svg.tera"), source).expect("write template");
    let second = build(env);
    let (_, stderr) = text(&second);
    assert_eq!(second.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let first_error = stderr.lines().find(|l| l.contains("error[")).unwrap_or_default();
    assert!(
        first_error.starts_with("pack/templates/chits/back.svg.tera:1:1: error[E0133]: template `chits/back.svg.tera` drawing face chits/back "),
        "{stderr}"
    );
    assert!(first_error.contains(limit), "{stderr}");
    assert_eq!(snapshot(&dir.join("out")), before, "the previous output changed");
    let leftovers: Vec<String> = std::fs::read_dir(&dir)
        .expect("read test folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("staging"))
        .collect();
    assert!(leftovers.is_empty(), "staging left behind: {leftovers:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_string_doubled_forty_times_is_stopped_by_the_memory_ceiling() {
    // The deadline is set far off so that the memory ceiling is what stops it (where the process's
    // memory can be read; elsewhere the deadline does).
    let linux = Path::new("/proc/self/status").exists();
    let deadline = if linux { "600000" } else { "300" };
    let env = [("PNPKIT_RENDER_MEMORY_MB", "256"), ("PNPKIT_RENDER_DEADLINE_MS", deadline)];
    let limit = if linux { "more than the 256 MB one face may use" } else { "ran for more than 300 ms" };
    stops_and_keeps_output("doubling", "doubling-string.svg.tera", &env, limit);
}

#[test]
fn a_loop_over_a_long_string_is_stopped_by_the_deadline() {
    let env = [("PNPKIT_RENDER_DEADLINE_MS", "300")];
    stops_and_keeps_output("long-loop", "loop-over-long-string.svg.tera", &env, "ran for more than 300 ms");
}
