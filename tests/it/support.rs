//! Test support: materialize a pack (a copy of a base pack with edits applied) in a fresh
//! temporary folder, and run the pnpkit binary on it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root.
pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh, empty temporary folder named after the test.
pub(crate) fn temp_dir(name: &str) -> PathBuf {
    let dir = root().join("target").join("test-packs").join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// Adds the column `header` to the CSV file `path` (one whose rows are single lines): each row
/// gets `cell(row)`.
pub(crate) fn add_csv_column(path: &Path, header: &str, cell: impl Fn(&str) -> String) {
    let csv = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let lines: Vec<String> = csv
        .lines()
        .enumerate()
        .map(|(i, line)| if i == 0 { format!("{line},{header}") } else { format!("{line},{}", cell(line)) })
        .collect();
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

/// Copies the folder `from` into `to`, recursively (the fuzzer's copy, shared with it).
pub(crate) use super::fuzz::cases::copy_dir;

/// The pnpkit binary under test: the one `PNPKIT_TEST_BIN` names when it is set (to run these
/// tests against another build, e.g. an older commit's, see tests/README.md), else cargo's.
pub(crate) fn bin() -> PathBuf {
    match std::env::var_os("PNPKIT_TEST_BIN") {
        // Absolute, since the tests run it from other folders.
        Some(path) => std::fs::canonicalize(&path).unwrap_or_else(|e| panic!("PNPKIT_TEST_BIN={path:?}: {e}")),
        None => PathBuf::from(env!("CARGO_BIN_EXE_pnpkit")),
    }
}

/// Runs pnpkit with `args` in folder `cwd`.
pub(crate) fn pnpkit(cwd: &Path, args: &[&str]) -> Output {
    Command::new(bin()).args(args).current_dir(cwd).output().expect("run pnpkit")
}

/// pnpkit with `args`, started and not waited for: its stdout discarded, its stderr piped.
pub(crate) fn spawn<S: AsRef<std::ffi::OsStr>>(args: impl IntoIterator<Item = S>) -> std::process::Child {
    Command::new(bin())
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start pnpkit")
}

/// stdout and stderr as text.
pub(crate) fn text(output: &Output) -> (String, String) {
    (String::from_utf8_lossy(&output.stdout).into_owned(), String::from_utf8_lossy(&output.stderr).into_owned())
}

/// The text of an HTML fragment: its tags dropped, the entities Tera and pnpkit write decoded.
pub(crate) fn html_text(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    for (entity, c) in [
        ("&lt;", "<"),
        ("&gt;", ">"),
        ("&quot;", "\""),
        ("&#x27;", "'"),
        ("&#39;", "'"),
        ("&#x2F;", "/"),
        ("&amp;", "&"),
    ] {
        out = out.replace(entity, c);
    }
    out
}

/// A PNG's pixels, straight RGBA (an opaque image is written as RGB: each pixel gets alpha 255),
/// and its size.
pub(crate) fn png(path: &Path) -> (u32, u32, Vec<u8>) {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = png::Decoder::new(std::io::BufReader::new(file)).read_info().expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    buf.truncate(info.buffer_size());
    match info.color_type {
        png::ColorType::Rgba => {}
        png::ColorType::Rgb => buf = buf.chunks(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
        other => panic!("{}: {other:?}, not RGB or RGBA", path.display()),
    }
    (info.width, info.height, buf)
}

/// A published map or mat page's SVG after its bleed: the drawing inside the group that shifts it
/// by `[print] map_bleed` (the `<rect data-board>` background and that group's opening tag left
/// out), so a test reads the drawing's own groups and coordinates (those of the trimmed sheet).
pub(crate) fn inside_bleed(svg: &str) -> &str {
    let board = svg.find("data-board").expect("a map page's board background");
    let group = board + svg[board..].find("<g transform=").expect("the bleed's group");
    &svg[group + svg[group..].find('>').expect("a closed tag") + 1..]
}
