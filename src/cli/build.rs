//! `pnpkit build`: everything the build writes, in the order it is written. Each product is
//! rendered, then written as PDF and, when asked for, as one SVG per page (`--svg`) and PNG
//! previews of every distinct face and of the flowchart's page (`--previews`); rules.html, the
//! flowchart's .dot and .mmd and the manifest (every file with its pages and content hash) are
//! always written. Files are staged beside the output and the whole folder is swapped in only when
//! everything succeeded.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::pdfs::{Kept, Written, WrittenPdfs};
use super::staged::{self, FileEntry, Staged};
use super::{load_and_check, pdfs, Checked, PackArgs, PrintArgs};
use crate::diag::print::Format;
use crate::diag::Code;
use crate::diag::{Diagnostic, Sources};
use crate::emit::{pngs, Staging, SvgParser};
use crate::model::Pack;
use crate::render;
use crate::render::Document;
use crate::render::FaceMemo;
use crate::render::Product;
use crate::render::Rendered;

/// What a build keeps for the next one to reuse (`pnpkit watch`): the faces it drew, the PDF
/// files it wrote and the digital tables' pictures, each by what it was made from, and, once
/// asked to ([`Reuse::quiet`]), the diagnostics it printed.
#[derive(Default)]
pub(super) struct Reuse {
    pub(super) faces: FaceMemo,
    pub(super) pdfs: Kept,
    pub(super) tables: crate::play::Memo,
    /// The diagnostics printed so far, as printed: only those not printed by the build before
    /// are printed again (`None`: all of them, every build).
    printed: Option<BTreeSet<String>>,
}

impl Reuse {
    /// From now on, prints only the diagnostics the build before did not print.
    pub(super) fn quiet(&mut self) {
        self.printed.get_or_insert_with(BTreeSet::new);
    }

    /// Forgets the faces and PDFs kept (the next build makes them all), not what was printed.
    pub(super) fn afresh(&mut self) {
        let keep = self.tables.keep;
        (self.faces, self.pdfs, self.tables) = Default::default();
        self.tables.keep = keep;
    }

    /// Prints `diags` (only the new ones once [`Reuse::quiet`]), then how many were printed before.
    pub(super) fn report(&mut self, sources: &Sources, diags: &[Diagnostic], format: Format) {
        let Some(printed) = &mut self.printed else { return super::report(sources, diags, format) };
        let text = |d: &Diagnostic| crate::diag::print::short(sources, d);
        let now: BTreeSet<String> = diags.iter().map(text).collect();
        let new: Vec<Diagnostic> = diags.iter().filter(|d| !printed.contains(&text(d))).cloned().collect();
        super::report(sources, &new, format);
        if new.len() < diags.len() {
            eprintln!("({} diagnostics as before not repeated)", diags.len() - new.len());
        }
        *printed = now;
    }
}

/// How a build ended: its exit status and, as far as it got, the pack, its sources and
/// diagnostics, and what was rendered (only when the files were written).
pub(super) struct Outcome {
    pub(super) code: ExitCode,
    pub(super) pack: Option<Pack>,
    pub(super) sources: Sources,
    pub(super) diags: Vec<Diagnostic>,
    pub(super) rendered: Option<Rendered>,
}

impl Outcome {
    /// A build that stopped before the pack was loaded, with `code`.
    pub(super) fn failed(code: ExitCode) -> Outcome {
        Outcome { code, pack: None, sources: Sources::default(), diags: Vec::new(), rendered: None }
    }
}

/// A build's pieces and pages once drawn, before its files are written: what `watch` shows first.
/// Handed over only when nothing drawn stops the build (`diags` holds no error).
pub(super) struct Drawn<'a> {
    pub(super) pack: &'a Pack,
    pub(super) rendered: &'a Rendered,
    pub(super) sources: &'a Sources,
    pub(super) diags: &'a [Diagnostic],
}

/// What `build` writes besides the documents themselves.
pub(super) struct Plan {
    /// Separate front and back PDFs instead of interleaved duplex pages.
    pub(super) split_backs: bool,
    /// The resolution of the faces' PNG previews, when they are asked for.
    pub(super) png_dpi: Option<u32>,
    /// Whether to write every page as SVG too (`svg/<doc>-<sheet>-<side>.svg`).
    pub(super) svg: bool,
    /// Whether to write the PDFs (not for `--only png` or `pod` alone: the faces without them).
    pub(super) pdfs: bool,
    /// Whether to write the print-on-demand files (`--only pod`).
    pub(super) pod: bool,
}

#[derive(Serialize)]
struct DocumentEntry {
    product: Product,
    name: String,
    pieces: usize,
    pages: usize,
    page_mm: (f64, f64),
}

#[derive(Serialize)]
struct Manifest<'a> {
    pack: &'a str,
    title: &'a crate::model::Names,
    edition: &'a str,
    counts: super::summary::Counts,
    documents: Vec<DocumentEntry>,
    files: Vec<FileEntry>,
    provisional: Vec<&'a str>,
    /// Every printed face carrying provisional values: its fields and the sheets it is on (the
    /// sheets' margins name these pieces; the faces carry no mark).
    provisional_pieces: &'a [crate::render::pieces::provisional::ProvisionalPiece],
    /// How the files are to be printed: what a print shop asks before it takes them.
    print: PrintSpec,
    warnings: usize,
}

/// The print specification the manifest states.
#[derive(Serialize)]
struct PrintSpec {
    paper: String,
    /// Every PDF page and PNG is RGB (sRGB); a print shop converts to its CMYK.
    colour: &'static str,
    /// PDF fonts are embedded and subset; imposed pages carry TrimBox and BleedBox.
    pdf: &'static str,
    card_trim_mm: (f64, f64),
    card_bleed_mm: f64,
    card_gutter_mm: f64,
    counter_mm: f64,
    counter_bleed_mm: f64,
    /// Maps and mats at their published size: the bleed around the trim.
    map_bleed_mm: f64,
    /// How the duplex sheets are turned over.
    duplex: &'static str,
    /// The print-on-demand files' resolution and templates, when they were written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pod: Option<PodSpec>,
}

#[derive(Serialize)]
struct PodSpec {
    dpi: u32,
    templates: &'static [crate::emit::pod::Template],
}

impl PrintSpec {
    fn of(pack: &Pack, pod: bool) -> PrintSpec {
        let p = &pack.print;
        PrintSpec {
            paper: p.paper.clone(),
            colour: "RGB (sRGB), no spot colours",
            pdf: "PDF 1.7, fonts embedded and subset; imposed pages and published-size maps and mats carry TrimBox and BleedBox",
            card_trim_mm: p.card_mm,
            card_bleed_mm: p.card_bleed,
            card_gutter_mm: p.card_gutter(p.card_bleed),
            counter_mm: p.counter_mm,
            counter_bleed_mm: p.counter_bleed,
            map_bleed_mm: p.map_bleed,
            duplex: "portrait sheets: flip on the long edge; landscape sheets: flip on the short edge (each footer says which)",
            pod: pod.then_some(PodSpec { dpi: crate::emit::pod::DPI, templates: &crate::emit::pod::POKER }),
        }
    }
}

/// Writes the rendered products into the output folder `lock` holds, printing a line per product;
/// the PDF files written are then kept in `keep`. An error is a sentence that says what became of
/// the previous output.
pub(super) fn write(
    (pack, rendered, diags): (&Pack, &Rendered, &[Diagnostic]),
    (parser, pdfs, keep): (&SvgParser, WrittenPdfs, &mut Kept),
    plan: &Plan,
    staged: Staged,
) -> Result<Vec<PathBuf>, String> {
    let unchanged = |e: String| format!("{e}; the previous output is unchanged");
    let staging = stage((pack, rendered, diags), (parser, pdfs, keep), plan, staged).map_err(unchanged)?;
    // The commit's errors say themselves whether the previous output is in place.
    staging.commit().map_err(|e| e.to_string())
}

/// Writes every file into the staging folder beside those the digital tables wrote into it: the
/// PDFs `pdfs` holds (those it lacks are written now), which then go to `keep`.
fn stage(
    (pack, rendered, diags): (&Pack, &Rendered, &[Diagnostic]),
    (parser, mut pdfs, keep): (&SvgParser, WrittenPdfs, &mut Kept),
    plan: &Plan,
    staged: Staged,
) -> Result<Staging, String> {
    // The PDFs first: the writers put them into the staging folder as they wrote them (those
    // not written yet are written now), so no document is ever held in memory whole.
    let pdf_files: Vec<Vec<Written>> = rendered
        .documents
        .iter()
        .map(|doc| if plan.pdfs { pdfs.take((parser, pack, &staged), doc, plan.split_backs) } else { Vec::new() })
        .collect();
    let (mut staging, tables) = staged.into_parts()?;
    let mut files = Vec::new();
    for (doc, written) in rendered.documents.iter().zip(pdf_files) {
        let same = !written.is_empty() && written.iter().all(|f| f.kept);
        let mut took = std::time::Duration::ZERO;
        for file in written {
            let (bytes, sha256) = file.staged?;
            files.push(FileEntry::new(file.file, "pdf", Some(file.pages), bytes, &sha256));
            took += file.took;
        }
        if plan.pdfs {
            let took = if same { "as before".to_string() } else { format!("{} ms", took.as_millis()) };
            eprintln!("  {:<12} {} pieces, {} pages  ({took})", doc.name, doc.pieces, doc.pages.len());
        }
    }
    let mut put = |staging: &mut Staging,
                   path: String,
                   kind: &'static str,
                   pages: Option<usize>,
                   bytes: &[u8]|
     -> Result<(), String> {
        staging.write(&path, bytes).map_err(|e| format!("{path}: {e}"))?;
        files.push(FileEntry::new(path, kind, pages, bytes.len(), &Sha256::digest(bytes)));
        Ok(())
    };
    for doc in rendered.documents.iter().filter(|_| plan.svg) {
        let name = doc.name.as_str();
        for (i, page) in doc.pages.iter().enumerate() {
            let sheet = doc.pages[..=i].iter().filter(|p| !p.back).count();
            let side = if page.back { "back" } else { "front" };
            put(&mut staging, format!("svg/{name}-{sheet}-{side}.svg"), "svg", Some(1), page.full_svg().as_bytes())?;
        }
    }
    *keep = pdfs.kept();
    // The previews, when asked for, in one batch on every core: the whole pages (the flowchart)
    // at 150 dpi, enough to read on a screen, and every distinct face at the asked resolution.
    let started = std::time::Instant::now();
    let (page_pngs, face_pngs) = match plan.png_dpi {
        Some(dpi) => {
            let faces: Vec<String> = rendered.previews.iter().map(|p| p.art.document()).collect();
            let pages = rendered.page_previews.iter().map(|(_, svg)| (svg.as_str(), 150));
            let jobs: Vec<(&str, u32)> = pages.chain(faces.iter().map(|svg| (svg.as_str(), dpi))).collect();
            let mut pngs = pngs(parser, &jobs);
            let faces = pngs.split_off(rendered.page_previews.len());
            (pngs, faces)
        }
        None => (Vec::new(), Vec::new()),
    };
    for ((name, _), bytes) in rendered.page_previews.iter().zip(page_pngs) {
        let bytes = bytes.map_err(|e| format!("{name}.png: {}", e.0))?;
        put(&mut staging, format!("{name}.png"), "png", Some(1), &bytes)?;
    }
    for (name, bytes) in &rendered.files {
        put(&mut staging, name.clone(), staged::kind_of(name), None, bytes)?;
    }
    if let (Some(dpi), false) = (plan.png_dpi, rendered.previews.is_empty()) {
        for (preview, bytes) in rendered.previews.iter().zip(face_pngs) {
            let bytes = bytes.map_err(|e| format!("{}: {}", preview.name, e.0))?;
            put(&mut staging, format!("png/{}.png", crate::emit::face_path(&preview.name)), "png", None, &bytes)?;
        }
        eprintln!(
            "  {:<12} {} faces at {dpi} dpi  ({} ms)",
            "previews",
            rendered.previews.len(),
            started.elapsed().as_millis()
        );
    }
    if plan.pod {
        let started = std::time::Instant::now();
        // How many printed pieces show each face: the count of every kind whose front or back it is.
        let mut copies: BTreeMap<&str, u32> = BTreeMap::new();
        for kind in &rendered.pieces {
            for face in std::iter::once(&kind.front).chain(kind.back.as_ref()) {
                *copies.entry(face.as_str()).or_default() += kind.count;
            }
        }
        let faces: Vec<_> = rendered
            .previews
            .iter()
            .map(|p| (p.name.as_str(), &*p.art, copies.get(p.name.as_str()).copied().unwrap_or(0)))
            .collect();
        let jobs = crate::emit::pod::files(&faces);
        let svgs: Vec<(&str, u32)> = jobs.iter().map(|f| (f.svg.as_str(), crate::emit::pod::DPI)).collect();
        for (file, bytes) in jobs.iter().zip(pngs(parser, &svgs)) {
            let bytes = bytes.map_err(|e| format!("{}: {}", file.path, e.0))?;
            put(&mut staging, file.path.clone(), "png", None, &bytes)?;
        }
        // The manifest says how many of each face to print.
        let count = files.len();
        for (entry, file) in files[count - jobs.len()..].iter_mut().zip(&jobs) {
            entry.copies = Some(file.copies);
        }
        eprintln!("  {:<12} {} files at 300 dpi  ({} ms)", "pod", jobs.len(), started.elapsed().as_millis());
    }
    // The digital tables' files, written while the pack rendered.
    files.extend(tables);
    let manifest = Manifest {
        pack: &pack.id,
        title: &pack.game.title,
        edition: &pack.game.edition,
        counts: super::summary::Counts::of(pack),
        documents: rendered.documents.iter().map(|d| entry(d)).collect(),
        files,
        provisional: pack.provisional.iter().map(|p| p.what.as_str()).collect(),
        provisional_pieces: &rendered.provisional,
        print: PrintSpec::of(pack, plan.pod),
        warnings: diags.len(),
    };
    let mut bytes = serde_json::to_vec_pretty(&manifest).map_err(|e| e.to_string())?;
    bytes.push(b'\n');
    staging.write("manifest.json", &bytes).map_err(|e| e.to_string())?;
    Ok(staging)
}

fn entry(doc: &Document) -> DocumentEntry {
    DocumentEntry {
        product: doc.product,
        name: doc.name.clone(),
        pieces: doc.pieces,
        pages: doc.pages.len(),
        page_mm: doc.page_mm,
    }
}

/// Locks the output folder `out` of `pnpkit <command>` reading `packs` for this process, or prints
/// why it may not be written (who holds it, or why the folder is not pnpkit's to replace).
pub(super) fn lock_output(
    out: &Path,
    wait: bool,
    command: &'static str,
    packs: &[PathBuf],
) -> Result<crate::emit::OutputLock, ExitCode> {
    crate::emit::OutputLock::acquire(out, wait, command, packs).map_err(|e| {
        print_lock_error(out, &e);
        ExitCode::FAILURE
    })
}

/// Prints why the output folder `out` cannot be written, with what to do about it.
pub(super) fn print_lock_error(out: &Path, e: &std::io::Error) {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::WouldBlock => {
            eprintln!("error: {e}; nothing was written\n  = help: wait for it to finish, or pass --wait")
        }
        ErrorKind::AlreadyExists => {
            eprintln!("error: {e}; nothing was written\n  = help: choose another --out, or empty the folder yourself")
        }
        ErrorKind::InvalidInput => eprintln!(
            "error: --out {e}; nothing was written\n  = help: choose a folder of its own outside the pack, such as \
             output/<pack>"
        ),
        _ => eprintln!("error: cannot lock {}: {e}; nothing was written", out.display()),
    }
}

/// `pnpkit build`: lock the output, check, render, write; nothing is written unless every step
/// succeeded.
pub(super) fn run_build(pack: &PackArgs, print: &PrintArgs) -> ExitCode {
    build_reusing(pack, print, &mut Reuse::default(), &mut |_| {}).code
}

/// One build, printing its diagnostics and what it wrote: from what `reuse` kept of an earlier
/// build (faces drawn, PDFs written), which then keeps this build's for the next (`watch`).
/// `drawn` is shown the pieces and pages as soon as they are drawn, while the files are written.
pub(super) fn build_reusing(
    pack: &PackArgs,
    print: &PrintArgs,
    reuse: &mut Reuse,
    drawn: &mut dyn FnMut(Drawn<'_>),
) -> Outcome {
    // The output is locked before anything else, so a second build into it stops at once and a
    // folder that is not pnpkit's to replace is refused before any work.
    let out = print.out.clone().unwrap_or_else(|| Path::new("output").join(crate::load::pack_id(&pack.pack)));
    let lock = match lock_output(&out, print.wait, "build", std::slice::from_ref(&pack.pack)) {
        Ok(lock) => lock,
        Err(code) => return Outcome::failed(code),
    };
    let Some(Checked { pack: loaded, mut sources, mut diags, revisions }) = load_and_check(pack) else {
        return Outcome::failed(ExitCode::FAILURE);
    };
    let stop = |loaded: Pack, sources: Sources, diags: Vec<Diagnostic>, why: &str, reuse: &mut Reuse| {
        reuse.report(&sources, &pack.shown(&diags), pack.format);
        eprintln!("build stopped: {why}; nothing was written");
        Outcome { code: ExitCode::FAILURE, pack: Some(loaded), sources, diags, rendered: None }
    };
    if diags.iter().any(Diagnostic::is_error) {
        return stop(loaded, sources, diags, "the pack has errors", reuse);
    }
    let mut options = match print.options(&loaded) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return Outcome::failed(ExitCode::from(2));
        }
    };
    if !pack.release {
        options.proof = Some(proof_notes(&loaded, &sources, &diags));
    }
    // Living rules: the rulebook marks what changed since the edition named.
    let since = print.changes_since.as_deref().or(loaded.rulebook.changes_since.as_deref().map(String::as_str));
    let living = match since {
        None => None,
        Some(since) => match loaded.game.editions.iter().find(|e| e.id == since) {
            Some(e) => {
                let id = crate::model::Names { ja: e.id.clone(), en: e.id.clone() };
                let label = if e.label.is_empty() { &id } else { &e.label };
                Some(crate::rulebook::Living::of(&revisions, since, label))
            }
            None => {
                let known: Vec<&str> = loaded.game.editions.iter().map(|e| e.id.as_str()).collect();
                eprintln!(
                    "error: --changes-since {since}: the pack has no edition `{since}`; its [[editions]] are: {}",
                    if known.is_empty() { "none".to_string() } else { known.join(", ") }
                );
                return Outcome::failed(ExitCode::from(2));
            }
        },
    };
    let fonts = match render::fonts_for(&loaded) {
        Ok(f) => Arc::new(f),
        Err(errors) => {
            diags.extend(errors);
            return stop(loaded, sources, diags, "a font could not be loaded", reuse);
        }
    };
    // The output is staged from here on: the digital tables write their files into it as they
    // make them; it replaces the output only once everything is written.
    let staged = match Staging::new(lock) {
        Ok(staging) => Staged::new(staging),
        Err(e) => {
            eprintln!("error: cannot write {}: {e}; the previous output is unchanged", out.display());
            return Outcome { code: ExitCode::FAILURE, pack: Some(loaded), sources, diags, rendered: None };
        }
    };
    // The rules reference needs nothing the sheets do: it is made on another core meanwhile, and
    // each document's PDF is written on the others while the next products are rendered.
    let want_reference = print.wants(Product::Reference) || print.wants(Product::Vassal);
    let parser = crate::emit::SvgParser::for_pack(&fonts, &loaded.root);
    let wanted: Vec<Product> = [Product::Vassal, Product::Tts].into_iter().filter(|p| print.wants(*p)).collect();
    // TTS loads images only from an absolute address: the output folder's, unless one is given
    // (asked only of a build that makes the set).
    let given = print.tts_url.as_deref().unwrap_or(&loaded.print.tts_url);
    let tts_url = match wanted.contains(&Product::Tts).then(|| crate::play::tts::url_prefix(given, &out)) {
        None => String::new(),
        Some(Some(url)) => url,
        Some(None) => {
            diags.push(
                Diagnostic::warning(
                    Code::TTS_RELATIVE,
                    "the Tabletop Simulator set names its images by relative paths, which TTS cannot load",
                )
                .with_hint(format!(
                    "{} has no absolute path here: pass --tts-url file:///…/ or https://…/",
                    out.display()
                )),
            );
            String::new()
        }
    };
    let tts_url = tts_url.as_str();
    // Without earlier editions that load, the reference simply carries no history. Alone, it is
    // made on this thread: a thread of its own would overlap nothing, and would take its memory
    // from a second allocator arena while this one keeps what loading and checking freed.
    let reference_here = print.reference_alone().then(|| crate::reference::packed_html(&loaded, &revisions, since));
    let (rendered, reference, tables, pdfs, rulebook) = std::thread::scope(|scope| {
        let reference = (want_reference && reference_here.is_none())
            .then(|| scope.spawn(|| crate::reference::packed_html(&loaded, &revisions, since)));
        let rulebook = print.wants(Product::Rulebook).then(|| {
            let booklet = (print.booklet || loaded.rulebook.booklet).then_some(options.back_offset_landscape);
            let settings = crate::rulebook::Settings { paper: options.paper, living: living.as_ref(), booklet };
            let (loaded, fonts) = (&loaded, &fonts);
            scope.spawn(move || crate::rulebook::documents(loaded, fonts, settings))
        });
        let pdfs = pdfs::Pdfs::start(scope, (&parser, &loaded, &staged), print.split_backs, &reuse.pdfs);
        let write_pdfs = !print.faces_alone();
        let rendered =
            render::render_with(&loaded, (fonts.clone(), &mut reuse.faces), &mut sources, &options, &mut |doc| {
                if write_pdfs && print.wants(doc.product) {
                    pdfs.add(doc);
                }
            });
        // The layout's findings join the diagnostics here, so `drawn` sees them all.
        if let Ok(rendered) = &rendered {
            diags.extend(rendered.warnings.iter().cloned().map(|w| strict_layout(w, pack.strict)));
            let stated = render::stated::stated_counts(&loaded, &rendered.documents);
            diags.extend(stated.into_iter().map(|w| strict_layout(w, pack.strict)));
            if !diags.iter().any(Diagnostic::is_error) {
                drawn(Drawn { pack: &loaded, rendered, sources: &sources, diags: &diags });
            }
        }
        // The page is kept deflated while the digital tables draw their images (megabytes at
        // 2,000 cards): the VASSAL module reads it once, rules.html is written at the end.
        let reference = reference.map(|r| r.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).or(reference_here);
        // The digital tables are made while the last PDFs are still being written.
        let html = reference.as_ref().and_then(|r| r.as_ref().ok());
        let tables = rendered
            .as_ref()
            .ok()
            .map(|r| crate::play::files((&parser, &loaded, r), html, (&wanted, tts_url), &mut reuse.tables, &staged));
        let rulebook = rulebook.map(|r| r.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        (rendered, reference, tables, pdfs.finish(), rulebook)
    });
    let mut rendered = match rendered {
        Ok(r) => r,
        Err(errors) => {
            diags.extend(errors);
            return stop(loaded, sources, diags, "a component could not be drawn", reuse);
        }
    };
    let rules_html = match reference {
        Some(Ok(html)) => Some(html),
        Some(Err(d)) => {
            diags.push(d);
            return stop(loaded, sources, diags, "the rules reference could not be drawn", reuse);
        }
        None => None,
    };
    match tables.unwrap_or_else(|| Ok(Vec::new())) {
        Ok(files) => rendered.streamed = files,
        Err(e) => {
            diags.push(Diagnostic::error(crate::diag::Code::LAYOUT, e).with_hint("see the face or page named"));
            return stop(loaded, sources, diags, "a digital table could not be made", reuse);
        }
    }
    // Products drawn only for the digital tables are not written.
    rendered.documents.retain(|d| print.wants(d.product));
    if let Some(html) = rules_html.filter(|_| print.wants(Product::Reference)) {
        rendered.files.push(("rules.html".into(), html.text().into_owned().into_bytes()));
    }
    match rulebook {
        Some(Ok(books)) => rendered.files.extend(books),
        Some(Err(e)) => {
            diags.push(Diagnostic::error(crate::diag::Code::LAYOUT, e).with_hint("the printed rulebook (rules.pdf)"));
            return stop(loaded, sources, diags, "the rulebook could not be written", reuse);
        }
        None => {}
    }
    if diags.iter().any(Diagnostic::is_error) {
        return stop(
            loaded,
            sources,
            diags,
            "a text cannot be printed as it is: characters no font has, or (--strict) text that does not fit, lies in the margin or over other text",
            reuse,
        );
    }
    reuse.report(&sources, &pack.shown(&diags), pack.format);
    eprintln!("building {} into {}", loaded.id, out.display());
    // Previews only when asked for: they cost more than all the PDFs together.
    let previews =
        print.previews || print.png_dpi.is_some() || loaded.print.previews || print.only.contains(&Product::Png);
    let plan = Plan {
        split_backs: print.split_backs,
        png_dpi: previews.then(|| print.png_dpi.unwrap_or(300)),
        svg: print.svg || loaded.print.svg,
        pdfs: !print.faces_alone(),
        pod: print.only.contains(&Product::Pod),
    };
    match write((&loaded, &rendered, &diags), (&parser, pdfs, &mut reuse.pdfs), &plan, staged) {
        Ok(written) => {
            let summary = super::summary::text(&loaded, &diags);
            let wrote = format!("wrote {} files into {}", written.len() + 1, out.display());
            // Standard output carries the JSON alone, so it can be piped to a parser.
            if pack.format == Format::Json {
                eprintln!("{summary}\n{wrote}");
            } else {
                say!("{summary}\n{wrote}");
            }
            Outcome { code: ExitCode::SUCCESS, pack: Some(loaded), sources, diags, rendered: Some(rendered) }
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", out.display());
            Outcome { code: ExitCode::FAILURE, pack: Some(loaded), sources, diags, rendered: None }
        }
    }
}

/// What stands between this proof and a release, for the proof's cover: the provisional values
/// (one row per kind of thing and file), placeholder texts and incomplete sets `check` found, in
/// file order, each at its pack file's line (or worksheet cell).
fn proof_notes(pack: &Pack, sources: &Sources, diags: &[Diagnostic]) -> Vec<render::ProofNote> {
    let place = |span: &crate::diag::Span| {
        let file = sources.get(span.file);
        let name = file
            .path
            .strip_prefix(&pack.root)
            .map_or_else(|_| file.name.clone(), |p| p.to_string_lossy().replace('\\', "/"));
        (name, sources.cell(span).unwrap_or_else(|| sources.locate(span).1.to_string()))
    };
    // Provisional values: one row per kind of thing and file, with its count and the values
    // its entries leave open (a cover of 100 rows of one unit each is read by no one).
    let provisional = crate::check::provisional::groups(diags).into_iter().map(|g| {
        let first = g.items[0];
        let at = first.span.as_ref().map_or_else(String::new, |span| {
            let (name, at) = place(span);
            match g.items.last().and_then(|d| d.span.as_ref()).filter(|_| g.items.len() > 1) {
                Some(last) => format!("{name}:{at}–{}", place(last).1),
                None => format!("{name}:{at}"),
            }
        });
        let what = if g.items.len() == 1 {
            first.message.clone()
        } else {
            let values: Vec<String> = g.values().iter().map(|(v, n)| format!("{v} ×{n}")).collect();
            format!("provisional: {} {} entries: {}", g.items.len(), g.kind, values.join(", "))
        };
        (first.span.clone(), render::ProofNote { place: at, what, span: first.span.clone() })
    });
    let others = [Code::PLACEHOLDER_TEXT, Code::INCOMPLETE_SET];
    let others = diags.iter().filter(|d| others.contains(&d.code)).map(|d| {
        let at = d.span.as_ref().map_or_else(String::new, |span| {
            let (name, at) = place(span);
            format!("{name}:{at}")
        });
        (d.span.clone(), render::ProofNote { place: at, what: d.message.clone(), span: d.span.clone() })
    });
    let mut notes: Vec<_> = provisional.chain(others).collect();
    notes.sort_by_key(|(span, _)| span.as_ref().map(|s| (s.file, s.range.start)));
    notes.into_iter().map(|(_, note)| note).collect()
}

/// With `--strict`, a layout warning (text that does not fit its box, lies in the safe margin or
/// over other text, sheets other than the component list states) is an error: a print file with
/// such text is not ready for the printer.
pub(super) fn strict_layout(mut d: Diagnostic, strict: bool) -> Diagnostic {
    let layout = [Code::TEXT_OVERFLOW, Code::TEXT_IN_MARGIN, Code::TEXT_OVERLAP, Code::STATED_PAGES];
    if strict && layout.contains(&d.code) {
        d.severity = crate::diag::Severity::Error;
    }
    d
}
