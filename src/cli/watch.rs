//! `pnpkit watch`: builds the pack, then again each time one of its files changes, printing the
//! diagnostics as `build` does. Each build reuses what the one before made from the same input:
//! faces whose template and context are unchanged are not drawn again, a document drawn exactly
//! as before keeps its PDF, and the preview's pictures are drawn only for faces and pages that
//! changed. A file that is not one the last build read (an image, a font) starts afresh. With
//! `--serve`, the preview page shows on localhost and reloads itself after each build; while the
//! pack has errors it shows them above the last good build's pieces and sheets.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use super::build::{Outcome, Reuse};
use super::{PackArgs, PrintArgs};
use crate::diag::print::{self, Format};
use crate::diag::Diagnostic;
use crate::messages::Messages;
use crate::model::Pack;
use crate::render::Product;
use crate::render::Rendered;
use crate::watch::files::Changes;
use crate::watch::page::{self, Group, Item, Made, Sheet, View};
use crate::watch::pictures::Pictures;
use crate::watch::serve::{self, Shared};

/// `pnpkit watch` as typed.
#[derive(clap::Args)]
pub(super) struct WatchArgs {
    #[command(flatten)]
    pack: PackArgs,
    #[command(flatten)]
    print: PrintArgs,
    /// Serve a preview of the pieces and sheets on http://127.0.0.1:PORT/ (this machine only),
    /// which reloads itself after each build.
    #[arg(long)]
    serve: bool,
    /// The port to serve on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8765)]
    port: u16,
}

/// The resolution of the preview's face pictures and page pictures (dots per inch): enough to
/// tell what changed; the PDFs are a click away.
const FACE_DPI: u32 = 120;
const PAGE_DPI: u32 = 50;

/// Builds, then watches; returns only when watching fails.
pub(super) fn run(mut args: WatchArgs) -> ExitCode {
    let id = crate::load::pack_id(&args.pack.pack);
    let out = args.print.out.get_or_insert_with(|| Path::new("output").join(id)).clone();
    // A build waits for another one writing the same folder rather than stopping the watch.
    args.print.wait = true;
    let shared = Arc::new(Shared::default());
    let mut session =
        Session { reuse: Reuse::default(), pictures: Pictures::default(), last_good: None, read: Vec::new() };
    if args.serve {
        let msg = Messages::new(&["en"]);
        shared.publish(waiting_page(&msg), Default::default());
        match serve::start(args.port, out.clone(), shared.clone()) {
            Ok(addr) => eprintln!("serving the preview on http://{addr}/"),
            Err(e) => {
                eprintln!("error: {e}\n  = help: choose another --port, or --port 0 for any free one");
                return ExitCode::FAILURE;
            }
        }
    }
    let changes = match Changes::watch(&args.pack.pack, vec![out.clone()]) {
        Ok(changes) => changes,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    session.reuse.quiet();
    // The digital tables' pictures are kept between builds: only changed faces are drawn again.
    session.reuse.tables.keep = true;
    session.build(&args, &shared, Instant::now());
    eprintln!("watching {} for changes (Ctrl-C stops)", args.pack.pack.display());
    while let Some(batch) = changes.next() {
        match batch {
            Ok((changed, since)) => {
                let names: Vec<String> =
                    changed.iter().filter(|p| p.exists()).map(|p| shown(p, &args.pack.pack)).collect();
                eprintln!("\nchanged: {}", names.join(", "));
                // A file the last build did not read (an image, a font, a new file) changes what
                // cannot be told apart; an editor's file renamed away meanwhile changes nothing.
                if changed.iter().any(|p| p.exists() && !session.read.contains(&canonical(p))) {
                    session.reuse.afresh();
                }
                session.build(&args, &shared, since);
            }
            Err(e) => eprintln!("warning: watching: {e}"),
        }
    }
    eprintln!("error: the pack folder can no longer be watched");
    ExitCode::FAILURE
}

/// What one build leaves for the next.
struct Session {
    reuse: Reuse,
    pictures: Pictures,
    /// The pieces, sheets and links of the last build that succeeded.
    last_good: Option<Made>,
    /// The files the last build read.
    read: Vec<PathBuf>,
}

impl Session {
    /// Builds; with `--serve`, publishes the preview. `since`: when the change was seen.
    fn build(&mut self, args: &WatchArgs, shared: &Shared, since: Instant) {
        let outcome = super::build_reusing(&args.pack, &args.print, &mut self.reuse);
        let built = since.elapsed();
        let Outcome { pack, sources, diags, rendered, code } = outcome;
        if pack.is_some() {
            self.read = sources.iter().map(|f| canonical(&f.path)).collect();
        }
        let drawn = rendered.as_ref().map(|r| r.faces_drawn).unwrap_or_default();
        let msg = pack.as_ref().map_or_else(|| Messages::new(&["en"]), Messages::of);
        let ms = built.as_millis().to_string();
        let mut status = if code == ExitCode::SUCCESS {
            eprintln!("built in {ms} ms after the change, {drawn} faces drawn anew");
            msg.fill_first("watch.built", &[("ms", &ms), ("faces", &drawn.to_string())])
        } else {
            eprintln!("the build stopped; the output is the last good build's");
            msg.first("watch.failed")
        };
        if !args.serve {
            return;
        }
        if let (Some(pack), Some(rendered)) = (&pack, &rendered) {
            match self.pictures_of(pack, rendered, &msg) {
                Ok((view, pictures_drawn)) => {
                    self.last_good = Some(view);
                    let published = since.elapsed().as_millis().to_string();
                    status = msg.fill_first(
                        "watch.published",
                        &[("status", &status), ("pictures", &pictures_drawn.to_string()), ("ms", &published)],
                    );
                }
                Err(e) => eprintln!("error: the preview: {e}"),
            }
        }
        let mut sorted: Vec<Diagnostic> = diags;
        sorted.sort_by_key(|d| d.span.as_ref().map(|s| (s.file, s.range.start)));
        let (errors, warnings): (Vec<Diagnostic>, Vec<Diagnostic>) = sorted.into_iter().partition(Diagnostic::is_error);
        let text = |diags: &[Diagnostic]| {
            let mut text = Vec::new();
            // Writing into memory cannot fail.
            let _ = print::write(&mut text, &sources, diags, Format::Human);
            String::from_utf8_lossy(&text).into_owned()
        };
        let heading = |key: &str, n: usize| msg.fill_first(key, &[("n", &n.to_string())]);
        let mut diagnostics = Vec::new();
        if !errors.is_empty() {
            diagnostics.push((heading("watch.errors", errors.len()), text(&errors), true));
        }
        if !warnings.is_empty() {
            diagnostics.push((heading("watch.warnings", warnings.len()), text(&warnings), false));
        }
        let view = View {
            lang: msg.languages().first().copied().unwrap_or("en").to_string(),
            title: pack.as_ref().map(|p| msg.first_name(&p.game.title).to_string()).unwrap_or_default(),
            heading: msg.first("watch.preview"),
            files_label: msg.first("watch.files"),
            status,
            failed: code != ExitCode::SUCCESS,
            diagnostics,
            made: self.last_good.clone().unwrap_or_default(),
            build: shared.next_build(),
        };
        shared.publish(page::html(&view), self.pictures.all());
    }

    /// The preview's pieces, sheets and links for a build, drawing the pictures not drawn
    /// before; also how many were drawn.
    fn pictures_of(&mut self, pack: &Pack, rendered: &Rendered, msg: &Messages) -> Result<(Made, usize), String> {
        let fonts = crate::render::fonts_for(pack).map_err(|_| "the pack's fonts did not load".to_string())?;
        let parser = crate::emit::SvgParser::for_pack(&fonts, &pack.root);
        let art = |id: &str| rendered.previews.iter().find(|p| p.name == id).map(|p| p.art.trimmed_document());
        let mut svgs: Vec<(String, u32)> = Vec::new();
        for kind in &rendered.pieces {
            svgs.extend(
                [Some(&kind.front), kind.back.as_ref()]
                    .into_iter()
                    .flatten()
                    .filter_map(|id| art(id))
                    .map(|svg| (svg, FACE_DPI)),
            );
        }
        for doc in &rendered.documents {
            for (n, page) in doc.pages.iter().enumerate() {
                too_large(rendered, &doc.name, n + 1, page)?;
                svgs.push((page.full_svg().into_owned(), PAGE_DPI));
            }
        }
        let jobs: Vec<(&str, u32)> = svgs.iter().map(|(svg, dpi)| (svg.as_str(), *dpi)).collect();
        let (names, drawn) = self.pictures.update(&parser, &jobs)?;
        let mut names = names.into_iter();
        let mut groups: Vec<Group> = Vec::new();
        for kind in &rendered.pieces {
            let faces = [Some(&kind.front), kind.back.as_ref()].into_iter().flatten().filter(|id| art(id).is_some());
            let item = Item {
                caption: caption(pack, msg, kind),
                faces: faces.map(|_| names.next().unwrap_or_default()).collect(),
            };
            match groups.last_mut() {
                Some(group) if group.kind == kind.product.name() => group.items.push(item),
                _ => groups.push(Group {
                    kind: kind.product.name(),
                    heading: msg.first(&format!("products.{}", kind.product.name())),
                    items: vec![item],
                }),
            }
        }
        let sheets = rendered
            .documents
            .iter()
            .map(|doc| Sheet {
                name: doc.name.clone(),
                href: format!("{}.pdf", doc.name),
                pages: doc.pages.iter().map(|_| names.next().unwrap_or_default()).collect(),
            })
            .collect();
        let pdfs = rendered.documents.iter().map(|doc| format!("{}.pdf", doc.name));
        // The documents, the digital tables by their module and set: no single image.
        let tables = rendered.streamed.iter().cloned();
        let links = pdfs
            .chain(rendered.files.iter().map(|(name, _)| name.clone()))
            .chain(tables)
            .filter(|f| !f.ends_with(".png"))
            .map(|f| (f.clone(), f))
            .collect();
        Ok((Made { links, pieces: groups, sheets }, drawn))
    }
}

/// Refuses a page whose picture usvg would refuse for its size, naming the face that draws the
/// most on it. The PDF draws each face once on its own and is not affected; the picture of a sheet
/// draws every copy, so 100 copies of a face of 10,000 elements reach usvg's limit.
fn too_large(rendered: &Rendered, doc: &str, n: usize, page: &crate::render::page::Page) -> Result<(), String> {
    use crate::emit::{nodes, MAX_NODES};
    let total = nodes(&page.full_svg());
    if total <= MAX_NODES {
        return Ok(());
    }
    // The face that costs the page most: its elements times its copies there.
    let copies = |art: &Arc<crate::layout::Art>| page.placed.iter().filter(|q| Arc::ptr_eq(&q.art, art)).count();
    let heaviest = page.placed.iter().max_by_key(|p| nodes(&p.art.elements) * copies(&p.art)).map(|p| {
        let name = rendered.previews.iter().find(|f| Arc::ptr_eq(&f.art, &p.art)).map_or("?", |f| f.name.as_str());
        let times = match copies(&p.art) {
            1 => "once".to_string(),
            n => format!("{n} times"),
        };
        format!("; the face {name} draws {} elements, {times}: draw fewer in its template", nodes(&p.art.elements))
    });
    Err(format!(
        "{doc} page {n} holds up to {total} elements, more than the {MAX_NODES} one picture may hold{} (the PDF is not affected)",
        heaviest.unwrap_or_default()
    ))
}

/// A piece's name in the preview, with how many there are.
fn caption(pack: &Pack, msg: &Messages, kind: &crate::render::PieceKind) -> String {
    let name = match kind.product {
        Product::Cards => pack.card(&kind.id).map(|c| {
            let name = msg.name_or_id(&c.name, &c.id);
            c.number.map_or(name.clone(), |n| format!("{n} {name}"))
        }),
        Product::Counters => pack.counters.iter().find(|c| c.id == kind.id).map(|c| {
            let front = &c.front.value;
            match (pack.unit(None, front), pack.marker(front)) {
                (Some(unit), _) => msg.name_or_id(&unit.name, &unit.id),
                (None, Some(marker)) => msg.name_or_id(&marker.name, &marker.id),
                _ => c.id.clone(),
            }
        }),
        _ => None,
    };
    let name = name.unwrap_or_else(|| kind.id.clone());
    if kind.count > 1 {
        format!("{name} ×{}", kind.count)
    } else {
        name
    }
}

/// The page shown before the first build is done.
fn waiting_page(msg: &Messages) -> String {
    page::html(&View {
        lang: "en".into(),
        title: "pnpkit".into(),
        heading: msg.first("watch.preview"),
        files_label: msg.first("watch.files"),
        status: msg.first("watch.building"),
        failed: false,
        diagnostics: Vec::new(),
        made: Made::default(),
        build: 1,
    })
}

fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

/// `path` as the user named the pack folder: `data/x/cards.csv`.
fn shown(path: &Path, pack: &Path) -> String {
    let root = canonical(pack);
    match path.strip_prefix(&root) {
        Ok(inside) => pack.join(inside).display().to_string(),
        Err(_) => path.display().to_string(),
    }
}
