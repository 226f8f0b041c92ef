//! Broken packs, one folder per case under tests/broken/. A case is a base pack (data/dougram
//! unless `base` says otherwise) with the edits of its case.toml applied; expect.txt holds the
//! exact error diagnostics `pnpkit check --format short` prints for it (warnings are left out).
//! `PNPKIT_BLESS=1 cargo test` rewrites expect.txt files for review.

use std::path::Path;

use serde::Deserialize;

use super::support::{copy_dir, pnpkit, root, temp_dir, text};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    /// What the case shows, one sentence.
    about: String,
    #[serde(default = "default_base")]
    base: String,
    /// `check` (default), `build` (for problems only drawing finds) or `deck check` (a deck list:
    /// its path, relative to the case's folder, goes in `args`).
    #[serde(default = "default_command")]
    command: String,
    #[serde(default)]
    args: Vec<String>,
    /// The pack is this folder inside the base (for bases holding several editions).
    #[serde(default)]
    pack: Option<String>,
    #[serde(default)]
    edit: Vec<Edit>,
    /// Environment variables the command runs with (the process-wide ceiling's, for one).
    #[serde(default)]
    env: std::collections::BTreeMap<String, String>,
}

fn default_base() -> String {
    "data/dougram".into()
}

fn default_command() -> String {
    "check".into()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Edit {
    file: String,
    /// Text to replace (must occur exactly once) …
    find: Option<String>,
    /// … with this.
    #[serde(default)]
    replace: String,
    /// Or: text appended at the end of the file.
    append: Option<String>,
    /// Or: raw bytes appended at the end of the file.
    append_bytes: Option<Vec<u8>>,
    /// Or: delete the file.
    #[serde(default)]
    delete: bool,
    /// Or: write the file with this text (creating folders).
    write: Option<String>,
    /// Or: make the file a symlink to this target (replacing it; creating folders).
    symlink: Option<String>,
    /// Or: make it a named pipe (replacing it), which nothing ever writes to.
    #[serde(default)]
    fifo: bool,
    /// Or: make it an empty folder (replacing it).
    #[serde(default)]
    folder: bool,
    /// Or: text appended this many times (a huge line without a huge fixture).
    append_run: Option<(String, usize)>,
    /// Or: make the file this many bytes long, padding it with zero bytes (creating it and its
    /// folders): sparse, so a file of gigabytes takes no room.
    grow_to: Option<u64>,
}

/// Builds the case's pack in a temporary folder; returns that folder (the pack is `pack/` in it).
fn materialize(name: &str, case: &Case) -> std::path::PathBuf {
    let dir = temp_dir(&format!("broken-{name}"));
    copy_dir(&root().join(&case.base), &dir.join("pack"));
    for edit in &case.edit {
        let path = dir.join("pack").join(&edit.file);
        if edit.delete {
            std::fs::remove_file(&path).unwrap_or_else(|e| panic!("{name}: cannot delete {}: {e}", edit.file));
            continue;
        }
        if let Some(target) = &edit.symlink {
            std::fs::create_dir_all(path.parent().expect("parent")).expect("create folders");
            let _ = std::fs::remove_file(&path);
            #[cfg(unix)]
            std::os::unix::fs::symlink(target, &path).expect("make symlink");
            continue;
        }
        if edit.fifo || edit.folder {
            let _ = std::fs::remove_file(&path);
            if edit.folder {
                std::fs::create_dir_all(&path).expect("make folder");
            } else {
                let made = std::process::Command::new("mkfifo").arg(&path).status().expect("run mkfifo");
                assert!(made.success(), "{name}: mkfifo {}", edit.file);
            }
            continue;
        }
        if let Some(text) = &edit.write {
            std::fs::create_dir_all(path.parent().expect("parent")).expect("create folders");
            std::fs::write(&path, text).expect("write file");
            continue;
        }
        if let Some(len) = edit.grow_to {
            std::fs::create_dir_all(path.parent().expect("parent")).expect("create folders");
            let file = std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(&path).expect("open");
            file.set_len(len).expect("grow file");
            continue;
        }
        let mut bytes = std::fs::read(&path).unwrap_or_default();
        if let Some(find) = &edit.find {
            let text = String::from_utf8(bytes).expect("utf-8 base file");
            assert_eq!(
                text.matches(find.as_str()).count(),
                1,
                "{name}: `{find}` must occur exactly once in {}",
                edit.file
            );
            bytes = text.replacen(find.as_str(), &edit.replace, 1).into_bytes();
        }
        if let Some(append) = &edit.append {
            bytes.extend_from_slice(append.as_bytes());
        }
        if let Some((text, times)) = &edit.append_run {
            bytes.extend_from_slice(text.repeat(*times).as_bytes());
        }
        if let Some(raw) = &edit.append_bytes {
            bytes.extend_from_slice(raw);
        }
        std::fs::create_dir_all(path.parent().expect("parent")).expect("create folders");
        std::fs::write(&path, bytes).expect("write edited file");
    }
    dir
}

/// The error lines (and their help/note lines) of `--format short` output.
fn errors_only(stderr: &str) -> String {
    let mut out = String::new();
    let mut keep = false;
    for line in stderr.lines() {
        if line.starts_with("  = ") {
            if keep {
                out.push_str(line);
                out.push('\n');
            }
            continue;
        }
        keep = line.contains(": error[") || line.starts_with("error[");
        if keep {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

fn cases() -> Vec<(String, Case)> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("tests/broken"))
        .expect("tests/broken")
        .filter_map(Result::ok)
        .filter(|e| e.path().join("case.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let text =
                std::fs::read_to_string(root().join("tests/broken").join(&name).join("case.toml")).expect("case.toml");
            let case: Case = toml::from_str(&text).unwrap_or_else(|e| panic!("{name}/case.toml: {e}"));
            (name, case)
        })
        .collect()
}

#[test]
fn every_broken_pack_fails_with_its_expected_diagnostics() {
    let bless = std::env::var_os("PNPKIT_BLESS").is_some();
    let mut failures = Vec::new();
    for (name, case) in cases() {
        assert!(!case.about.is_empty(), "{name}: say what the case shows in `about`");
        let dir = materialize(&name, &case);
        let pack = case.pack.as_ref().map_or("pack".to_string(), |p| format!("pack/{p}"));
        let mut args: Vec<&str> = case.command.split_whitespace().collect();
        args.extend([pack.as_str(), "--format", "short"]);
        if case.command == "build" {
            args.extend(["--out", "out"]);
        }
        args.extend(case.args.iter().map(String::as_str));
        let output =
            std::process::Command::new(super::support::bin()).args(&args).envs(&case.env).current_dir(&dir).output();
        let output = output.expect("run pnpkit");
        let (_, stderr) = text(&output);
        let actual = errors_only(&stderr);
        let expect_path = root().join("tests/broken").join(&name).join("expect.txt");
        if output.status.code() != Some(1) {
            failures.push(format!("{name}: exit status {:?}, expected 1\n{stderr}", output.status.code()));
        } else if stderr.contains("panicked") {
            failures.push(format!("{name}: panicked\n{stderr}"));
        } else if dir.join("out").exists() {
            failures.push(format!("{name}: a failed build wrote output"));
        } else if bless {
            std::fs::write(&expect_path, &actual).expect("write expect.txt");
        } else {
            let expected = std::fs::read_to_string(&expect_path).unwrap_or_default();
            if expected != actual {
                failures.push(format!("{name}: diagnostics differ\n--- expected\n{expected}--- actual\n{actual}"));
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(failures.is_empty(), "{} case(s) failed:\n\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_error_code_has_a_broken_pack() {
    let mut all_expected = String::new();
    for (name, _) in cases() {
        all_expected.push_str(
            &std::fs::read_to_string(root().join("tests/broken").join(&name).join("expect.txt")).unwrap_or_default(),
        );
    }
    let missing: Vec<&str> = pnpkit::diag::Code::ALL
        .iter()
        .map(|(code, _)| code.0)
        .filter(|code| code.starts_with('E') && !all_expected.contains(&format!("[{code}]")))
        .collect();
    assert!(missing.is_empty(), "no broken pack in tests/broken/ shows these codes: {missing:?}");
}

#[test]
fn broken_packs_keep_the_base_intact() {
    // The base pack itself must pass, or every case would fail for the wrong reason.
    let output = pnpkit(&root(), &["check", "data/dougram"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    assert!(Path::new(&root().join("data/dougram/pack.toml")).is_file());
}

/// docs/limitations.md names each limitation that a broken pack shows (`limit-…`), and every
/// such pack is named there: the pack still failing (the test above) keeps the page true.
#[test]
fn every_limitation_the_docs_name_has_a_broken_pack_and_every_such_pack_is_named() {
    let doc = std::fs::read_to_string(root().join("docs/limitations.md")).expect("docs/limitations.md");
    let named: std::collections::BTreeSet<String> = doc
        .match_indices("`limit-")
        .map(|(i, _)| doc[i + 1..].chars().take_while(|c| c.is_ascii_lowercase() || *c == '-').collect::<String>())
        .filter(|name| !name.ends_with('-')) // the page's own `limit-…`
        .collect();
    let cases: std::collections::BTreeSet<String> = std::fs::read_dir(root().join("tests/broken"))
        .expect("tests/broken")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("limit-"))
        .collect();
    assert!(!named.is_empty(), "docs/limitations.md names no case");
    assert_eq!(named, cases, "the cases docs/limitations.md names, and the limit-… packs in tests/broken");
}
