//! `pnpkit watch`: builds the pack, then again each time one of its files changes, printing the
//! diagnostics as `build` does. Each build reuses what the one before made from the same input:
//! faces whose template and context are unchanged are not drawn again, a document drawn exactly
//! as before keeps its PDF, and the preview's pictures are drawn only for faces and pages that
//! changed. A file that is not one the last build read (an image, a font) starts afresh. With
//! `--serve`, the preview page shows on localhost and is brought up to date after each build (the
//! pieces as soon as they are drawn, again once the files are written); while the pack has
//! errors it shows them above the last good build's pieces and sheets.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use super::build::{Drawn, Outcome, Reuse};
use super::{PackArgs, PrintArgs};
use crate::diag::print::{self, Format};
use crate::diag::Diagnostic;
use crate::messages::Messages;
use crate::model::Pack;
use crate::render::Product;
use crate::render::Rendered;
use crate::watch::files::Changes;
use crate::watch::page::{self, Group, Item, Made, Sheet, View};
use crate::watch::pictures::{Job, Pictures};
use crate::watch::serve::{self, Shared};

/// `pnpkit watch` as typed.
#[derive(clap::Args)]
pub(super) struct WatchArgs {
    #[command(flatten)]
    pack: PackArgs,
    #[command(flatten)]
    print: PrintArgs,
    /// Serve a preview of the pieces and sheets on http://127.0.0.1:PORT/ (this machine only),
    /// which keeps itself up to date.
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
    let mut session = Session { reuse: Reuse::default(), preview: Preview::default(), read: Vec::new() };
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
    preview: Preview,
    /// The files the last build read.
    read: Vec<PathBuf>,
}

/// The preview's side of the builds.
#[derive(Default)]
struct Preview {
    pictures: Pictures,
    /// The pieces, sheets and links of the last build that succeeded.
    last_good: Option<Made>,
    /// How many pictures this build has drawn anew so far.
    drawn: usize,
}

impl Session {
    /// Builds; with `--serve`, publishes the preview as soon as the pieces and pages are drawn,
    /// then again once the files are written. `since`: when the change was seen.
    fn build(&mut self, args: &WatchArgs, shared: &Shared, since: Instant) {
        // The change's time on the clock the browser reads, for the page to time itself by.
        let changed = SystemTime::now().checked_sub(since.elapsed()).unwrap_or(UNIX_EPOCH);
        let changed = changed.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
        let preview = &mut self.preview;
        preview.drawn = 0;
        let mut early = |drawn: Drawn<'_>| {
            if !args.serve {
                return;
            }
            let msg = Messages::of(drawn.pack);
            // The pages' pictures wait: the pieces are what an edit changes first.
            if let Ok((made, pictures)) = preview.pictures_of(drawn.pack, drawn.rendered, &msg, true) {
                let status = msg.fill_first(
                    "watch.drawn",
                    &[
                        ("ms", &since.elapsed().as_millis().to_string()),
                        ("faces", &drawn.rendered.faces_drawn.to_string()),
                        ("pictures", &pictures.to_string()),
                    ],
                );
                let diagnostics = diagnostics(&msg, drawn.sources, drawn.diags.to_vec());
                let mut view = preview.view(Some(drawn.pack), &msg, (status, false), diagnostics, Some(&made));
                view.settled = false;
                shared.publish(page::html(&view, shared.next_build(), changed), preview.pictures.all());
                preview.drawn = pictures;
            }
            // A picture that cannot be drawn is said once the files are written, when the
            // preview is drawn again.
        };
        let outcome = super::build_reusing(&args.pack, &args.print, &mut self.reuse, &mut early);
        let built = since.elapsed().as_millis().to_string();
        let Outcome { pack, sources, diags, rendered, code } = outcome;
        if pack.is_some() {
            self.read = sources.iter().map(|f| canonical(&f.path)).collect();
        }
        let faces = rendered.as_ref().map(|r| r.faces_drawn).unwrap_or_default().to_string();
        let msg = pack.as_ref().map_or_else(|| Messages::new(&["en"]), Messages::of);
        let failed = code != ExitCode::SUCCESS;
        let status = if failed {
            eprintln!("the build stopped; the output is the last good build's");
            msg.first("watch.failed")
        } else {
            eprintln!("built in {built} ms after the change, {faces} faces drawn anew");
            msg.fill_first("watch.built", &[("ms", &built), ("faces", &faces)])
        };
        if !args.serve {
            return;
        }
        let preview = &mut self.preview;
        let mut status = (status, failed);
        if let (false, Some(pack), Some(rendered)) = (failed, &pack, &rendered) {
            match preview.pictures_of(pack, rendered, &msg, false) {
                Ok((made, pictures)) => {
                    let pictures = (preview.drawn + pictures).to_string();
                    status.0 = msg.fill_first("watch.published", &[("status", &status.0), ("pictures", &pictures)]);
                    preview.last_good = Some(made);
                }
                Err(e) => eprintln!("error: the preview: {e}"),
            }
        }
        let diagnostics = diagnostics(&msg, &sources, diags);
        let view = preview.view(pack.as_ref(), &msg, status, diagnostics, None);
        shared.publish(page::html(&view, shared.next_build(), changed), preview.pictures.all());
    }
}

impl Preview {
    /// The page: the `status` line (and whether the build failed), the `diagnostics`, and the
    /// pieces and sheets `made` (by default the last good build's).
    fn view(
        &self,
        pack: Option<&Pack>,
        msg: &Messages,
        (status, failed): (String, bool),
        diagnostics: Vec<(String, String, bool)>,
        made: Option<&Made>,
    ) -> View {
        View {
            lang: msg.languages().first().copied().unwrap_or("en").to_string(),
            title: pack.map(|p| msg.first_name(&p.game.title).to_string()).unwrap_or_default(),
            heading: msg.first("watch.preview"),
            files_label: msg.first("watch.files"),
            shown_label: msg.first("watch.shown"),
            status,
            failed,
            settled: true,
            diagnostics,
            made: made.or(self.last_good.as_ref()).cloned().unwrap_or_default(),
        }
    }

    /// The preview's pieces, sheets and links for a build, drawing the pictures not drawn
    /// before; also how many were drawn. With `pages_later`, a page drawn otherwise than before
    /// keeps the last build's picture (marked as such) and is drawn by the next call.
    fn pictures_of(
        &mut self,
        pack: &Pack,
        rendered: &Rendered,
        msg: &Messages,
        pages_later: bool,
    ) -> Result<(Made, usize), String> {
        let fonts = crate::render::fonts_for(pack).map_err(|_| "the pack's fonts did not load".to_string())?;
        let parser = crate::emit::SvgParser::for_pack(&fonts, &pack.root);
        let art = |id: &str| rendered.previews.iter().find(|p| p.name == id).map(|p| p.art.trimmed_document());
        let mut svgs: Vec<(String, u32, bool)> = Vec::new();
        for kind in &rendered.pieces {
            svgs.extend(
                [Some(&kind.front), kind.back.as_ref()]
                    .into_iter()
                    .flatten()
                    .filter_map(|id| art(id))
                    .map(|svg| (svg, FACE_DPI, false)),
            );
        }
        // The last build's picture of a page, to show until this one's is drawn.
        let shown = self.last_good.as_ref().map(|made| &made.sheets);
        let before = |doc: &str, n: usize| {
            shown.and_then(|sheets| sheets.iter().find(|s| s.name == doc)).and_then(|s| s.pages.get(n)).cloned()
        };
        for doc in &rendered.documents {
            for (n, page) in doc.pages.iter().enumerate() {
                too_large(rendered, &doc.name, n + 1, page)?;
                let wait = pages_later && before(&doc.name, n).is_some();
                svgs.push((page.full_svg().into_owned(), PAGE_DPI, wait));
            }
        }
        let jobs: Vec<Job<'_>> = svgs.iter().map(|(svg, dpi, wait)| (svg.as_str(), *dpi, *wait)).collect();
        let (names, drawn) = self.pictures.update(&parser, &jobs)?;
        let mut names = names.into_iter();
        let mut groups: Vec<Group> = Vec::new();
        for kind in &rendered.pieces {
            let faces = [Some(&kind.front), kind.back.as_ref()].into_iter().flatten().filter(|id| art(id).is_some());
            let item = Item {
                caption: caption(pack, msg, kind),
                faces: faces.map(|_| names.next().flatten().unwrap_or_default()).collect(),
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
                pages: (0..doc.pages.len())
                    .map(|n| match names.next().flatten() {
                        Some(name) => (name, false),
                        None => (before(&doc.name, n).map(|(name, _)| name).unwrap_or_default(), true),
                    })
                    .collect(),
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

/// The diagnostics in groups for the page: the errors unfolded, then the warnings folded.
fn diagnostics(
    msg: &Messages,
    sources: &crate::diag::Sources,
    mut diags: Vec<Diagnostic>,
) -> Vec<(String, String, bool)> {
    diags.sort_by_key(|d| d.span.as_ref().map(|s| (s.file, s.range.start)));
    let (errors, warnings): (Vec<Diagnostic>, Vec<Diagnostic>) = diags.into_iter().partition(Diagnostic::is_error);
    let text = |diags: &[Diagnostic]| {
        let mut text = Vec::new();
        // Writing into memory cannot fail.
        let _ = print::write(&mut text, sources, diags, Format::Human);
        String::from_utf8_lossy(&text).into_owned()
    };
    let heading = |key: &str, n: usize| msg.fill_first(key, &[("n", &n.to_string())]);
    let mut groups = Vec::new();
    if !errors.is_empty() {
        groups.push((heading("watch.errors", errors.len()), text(&errors), true));
    }
    if !warnings.is_empty() {
        groups.push((heading("watch.warnings", warnings.len()), text(&warnings), false));
    }
    groups
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
    let heaviest = page.placed.iter().max_by_key(|p| nodes(&p.art.elements.text()) * copies(&p.art)).map(|p| {
        let name = rendered.previews.iter().find(|f| Arc::ptr_eq(&f.art, &p.art)).map_or("?", |f| f.name.as_str());
        let times = match copies(&p.art) {
            1 => "once".to_string(),
            n => format!("{n} times"),
        };
        format!(
            "; the face {name} draws {} elements, {times}: draw fewer in its template",
            nodes(&p.art.elements.text())
        )
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
    let view = View {
        lang: "en".into(),
        title: "pnpkit".into(),
        heading: msg.first("watch.preview"),
        files_label: msg.first("watch.files"),
        shown_label: msg.first("watch.shown"),
        status: msg.first("watch.building"),
        failed: false,
        settled: false,
        diagnostics: Vec::new(),
        made: Made::default(),
    };
    page::html(&view, 1, 0)
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
