//! The fuzz targets, one per input kind, shared by the fuzzer (examples/fuzz/main.rs) and the
//! corpus replay (tests/it/fuzz.rs). A case is a seed pack folder of the repository, one of its
//! files replaced by the case's bytes, and the kind saying what reads it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What a case feeds its bytes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A pack's CSV file: load, check, and for some cases the reference and every product.
    Csv,
    /// A pack's TOML file, the same way.
    Toml,
    /// A pack's rules Markdown, the same way.
    Markdown,
    /// A deck list, checked against its pack.
    Decklist,
    /// A plain-text rulebook, through `rules import`'s parser and checks.
    RulesImport,
    /// A pack's own template, rendered (within the template render budget).
    Templates,
    /// The newer of two edition folders, compared with the older: changes, errata text and pages.
    Errata,
}

impl Kind {
    /// Every kind.
    pub(crate) const ALL: [Kind; 7] =
        [Kind::Csv, Kind::Toml, Kind::Markdown, Kind::Decklist, Kind::RulesImport, Kind::Templates, Kind::Errata];

    /// The kind's name on the command line and in the corpus folder.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Csv => "csv",
            Kind::Toml => "toml",
            Kind::Markdown => "markdown",
            Kind::Decklist => "decklist",
            Kind::RulesImport => "rules-import",
            Kind::Templates => "templates",
            Kind::Errata => "errata",
        }
    }

    /// The kind named `name`.
    pub(crate) fn named(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// One input: `file` (relative to `pack`) of the seed pack `pack` (relative to the repository)
/// replaced by `input`; for errata, `old` is the older edition's folder, kept as it is.
#[derive(Clone, Debug)]
pub(crate) struct Case {
    pub(crate) kind: Kind,
    pub(crate) pack: String,
    pub(crate) old: Option<String>,
    pub(crate) file: String,
    /// Whether to render the reference and every product when the pack checks clean (slow).
    pub(crate) render: bool,
    pub(crate) input: Vec<u8>,
}

impl Case {
    /// `case.toml` of a corpus folder (the bytes go beside it, in `input`).
    pub(crate) fn toml(&self, note: Option<&str>) -> String {
        let mut s = format!(
            "kind = {:?}\npack = {:?}\nfile = {:?}\nrender = {}\n",
            self.kind.name(),
            self.pack,
            self.file,
            self.render
        );
        if let Some(old) = &self.old {
            s.push_str(&format!("old = {old:?}\n"));
        }
        if let Some(note) = note {
            s.push_str(&format!("# Fails today; replayed by the ignored test only.\nknown = {note:?}\n"));
        }
        s
    }

    /// The case kept in corpus folder `dir`, and its `known` note if it is a known failure.
    #[allow(dead_code)] // only the corpus replay reads cases back
    pub(crate) fn read(dir: &Path) -> Result<(Case, Option<String>), String> {
        let text = std::fs::read_to_string(dir.join("case.toml")).map_err(|e| e.to_string())?;
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| e.to_string())?;
        let get = |key: &str| table.get(key).and_then(|v| v.as_str()).map(str::to_string);
        let kind = get("kind").and_then(|k| Kind::named(&k)).ok_or("no known `kind`")?;
        let case = Case {
            kind,
            pack: get("pack").ok_or("no `pack`")?,
            old: get("old"),
            file: get("file").ok_or("no `file`")?,
            render: table.get("render").and_then(|v| v.as_bool()).unwrap_or(false),
            input: std::fs::read(dir.join("input")).map_err(|e| e.to_string())?,
        };
        Ok((case, get("known")))
    }

    /// A short content hash naming the case's corpus folder.
    pub(crate) fn hash(&self) -> String {
        use sha2::Digest;
        let mut h = sha2::Sha256::new();
        h.update(self.toml(None));
        h.update(&self.input);
        h.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect()
    }

    /// Runs the case in `scratch` (a fresh folder it may fill), from the repository at `root`.
    /// Bad input must give diagnostics; a panic is the failure this looks for.
    pub(crate) fn run(&self, root: &Path, scratch: &Path) {
        let pack = scratch.join("pack");
        copy_dir(&root.join(&self.pack), &pack);
        match self.kind {
            Kind::RulesImport => {
                let text = String::from_utf8_lossy(&self.input).into_owned();
                let mut sources = pnpkit::diag::Sources::default();
                let id = sources.add(Path::new(&self.file), text.clone());
                let imported = pnpkit::load::import::rulebook(id, &text);
                print(&sources, &imported.problems);
                let _ = pnpkit::load::import::to_files(&imported);
                let pack = pnpkit::model::Pack { rules: imported.rules, ..Default::default() };
                let diags = pnpkit::check::pack(&pack, pnpkit::check::Options::default());
                print(&sources, &diags);
            }
            Kind::Decklist => {
                let mut sources = pnpkit::diag::Sources::default();
                let (loaded, diags) = pnpkit::load::pack(&pack, &mut sources);
                assert!(!diags.iter().any(|d| d.is_error()), "the seed pack {} must load", self.pack);
                let list = scratch.join("deck.txt");
                std::fs::write(&list, &self.input).unwrap();
                if let Ok((deck, mut diags)) = pnpkit::load::decklist::read(&list, &mut sources) {
                    diags.extend(pnpkit::check::decklist::check(&loaded, &deck));
                    print(&sources, &diags);
                }
            }
            Kind::Errata => {
                std::fs::write(pack.join(&self.file), &self.input).unwrap();
                let old_dir = root.join(self.old.as_deref().unwrap_or(&self.pack));
                let mut sources = pnpkit::diag::Sources::default();
                let (old, old_diags) = pnpkit::load::pack(&old_dir, &mut sources);
                let (new, new_diags) = pnpkit::load::pack(&pack, &mut sources);
                print(&sources, &new_diags);
                if old_diags.iter().chain(&new_diags).any(|d| d.is_error()) {
                    return;
                }
                let changes = pnpkit::errata::diff(&old, &new);
                for c in &changes {
                    let _ = pnpkit::errata::describe(c);
                }
                let _ = serde_json::to_string(&changes);
                let _ = pnpkit::errata::markdown(&old, &new, &changes);
                let mut notes = Vec::new();
                pnpkit::errata::check_notes(&changes, &new, &mut notes);
                let _ = pnpkit::errata::reprint(&new, &changes);
                let _ = pnpkit::errata::revisions(&[&old, &new]);
                if self.render {
                    if let Ok(fonts) = pnpkit::render::fonts_for(&new) {
                        let paper = pnpkit::layout::Paper::named(&new.print.paper).unwrap_or(pnpkit::layout::Paper::A4);
                        let _ = pnpkit::errata::document::pages(&old, &new, &changes, &fonts, paper);
                    }
                }
            }
            Kind::Csv | Kind::Toml | Kind::Markdown | Kind::Templates => {
                std::fs::write(pack.join(&self.file), &self.input).unwrap();
                let mut sources = pnpkit::diag::Sources::default();
                let (loaded, mut diags) = pnpkit::load::pack(&pack, &mut sources);
                diags.extend(pnpkit::check::pack(&loaded, pnpkit::check::Options::default()));
                print(&sources, &diags);
                if diags.iter().any(|d| d.is_error()) || !(self.render || self.kind == Kind::Templates) {
                    return;
                }
                let _ = pnpkit::reference::html(&loaded, &[]);
                let Ok(fonts) = pnpkit::render::fonts_for(&loaded) else { return };
                let paper = pnpkit::layout::Paper::named(&loaded.print.paper).unwrap_or(pnpkit::layout::Paper::A4);
                let mut options = pnpkit::render::Options::new(paper);
                if self.kind == Kind::Templates && !self.render {
                    use pnpkit::render::Product;
                    options.only = vec![Product::Cards, Product::Counters, Product::Chits];
                }
                let _ = pnpkit::render::render(&loaded, Arc::new(fonts), &mut sources, &options);
            }
        }
    }
}

/// Prints diagnostics both ways into nothing: the printer must cope with any location.
fn print(sources: &pnpkit::diag::Sources, diags: &[pnpkit::diag::Diagnostic]) {
    let mut sink = Vec::new();
    for format in [pnpkit::diag::print::Format::Human, pnpkit::diag::print::Format::Json] {
        pnpkit::diag::print::write(&mut sink, sources, diags, format).unwrap();
    }
}

/// Copies the folder `from` into `to`, recursively.
pub(crate) fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create dir");
    for entry in std::fs::read_dir(from).expect("read dir") {
        let entry = entry.expect("dir entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy file");
        }
    }
}

/// How a case ended when run with a time limit.
#[derive(Debug)]
pub(crate) enum Outcome {
    Ok,
    Panic(String),
    Hang,
}

/// Runs `case` in its own thread, in a fresh folder under `scratch_root`, catching a panic and
/// giving up waiting after `limit` (the thread is left behind: a hang is reported, not killed).
#[allow(dead_code)] // the fuzzer runs cases in child processes instead
pub(crate) fn run_limited(case: &Case, root: &Path, scratch_root: &Path, limit: std::time::Duration) -> Outcome {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let scratch: PathBuf = scratch_root.join(format!("case-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).expect("create scratch folder");
    let (tx, rx) = std::sync::mpsc::channel();
    let (case2, root2, scratch2) = (case.clone(), root.to_path_buf(), scratch.clone());
    std::thread::spawn(move || {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| case2.run(&root2, &scratch2)));
        let _ = tx.send(result.map_err(|e| {
            e.downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic".into())
        }));
    });
    let outcome = match rx.recv_timeout(limit) {
        Ok(Ok(())) => Outcome::Ok,
        Ok(Err(message)) => Outcome::Panic(message),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => return Outcome::Hang,
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Outcome::Panic("the case's thread died".into()),
    };
    let _ = std::fs::remove_dir_all(&scratch);
    outcome
}
