//! The build's PDFs, written on other cores while the products after them are still being
//! rendered: a document is queued as soon as it is drawn and its files are written straight into
//! the staging folder as they are made (the manifest lists them by path, so the output does not
//! depend on which thread finished first). A document drawn exactly as in the build before
//! (`pnpkit watch`) takes that build's files from the output folder, when they are unchanged there.

use std::collections::HashMap;
use std::io::Write;
use std::sync::{mpsc, Arc, Mutex};
use std::thread::{Scope, ScopedJoinHandle};
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

use super::staged::Staged;
use crate::emit::{pdf_to, PdfPage, SvgParser};
use crate::model::Pack;
use crate::play::Sink;
use crate::render::Document;

/// One PDF file of a document, written into the staging folder: its name, page count, length and
/// SHA-256 (or why it could not be written) and the time it took; `kept` when it is an earlier
/// build's file, taken as it was.
#[derive(Clone)]
pub(super) struct Written {
    pub(super) file: String,
    pub(super) pages: usize,
    pub(super) staged: Result<(usize, [u8; 32]), String>,
    pub(super) took: Duration,
    pub(super) kept: bool,
}

/// The PDF files of a build's documents by what they were written from ([`drawing`]), for the
/// next build to take when it draws a document the same.
#[derive(Default)]
pub(super) struct Kept(HashMap<[u8; 32], Vec<Written>>);

/// What the PDF files of `doc` are written from: its name, pages, size, the pack's title and
/// whether backs are split.
fn drawing(pack: &Pack, doc: &Document, split_backs: bool) -> [u8; 32] {
    let mut hash = Sha256::new();
    let title = [&pack.game.title.ja, &pack.game.title.en];
    hash.update(format!("{title:?}\0{}\0{split_backs}\0{:?}\0", doc.name, doc.page_mm).as_bytes());
    for page in &doc.pages {
        hash.update([u8::from(page.back)]);
        hash.update(page.svg.stored().len().to_le_bytes());
        hash.update(page.svg.stored());
        for placed in &page.placed {
            hash.update(placed.art.elements.stored().len().to_le_bytes());
            hash.update(placed.art.elements.stored());
        }
    }
    hash.finalize().into()
}

/// Writes the PDF files of `doc` into the staging folder as they are made: one, or its fronts and
/// its backs when `split_backs`.
pub(super) fn write((parser, pack, staged): Output<'_>, doc: &Document, split_backs: bool) -> Vec<Written> {
    let name = doc.name.as_str();
    let title = format!("{} — {name}", crate::messages::Messages::of(pack).first_name(&pack.game.title));
    let pages = |back: Option<bool>| -> Vec<PdfPage<'_>> {
        doc.pages.iter().filter(|p| back.is_none_or(|b| p.back == b)).map(crate::emit::PdfPage::of).collect()
    };
    let files = if split_backs && doc.pages.iter().any(|p| p.back) {
        vec![(format!("{name}-fronts.pdf"), pages(Some(false))), (format!("{name}-backs.pdf"), pages(Some(true)))]
    } else {
        vec![(format!("{name}.pdf"), pages(None))]
    };
    files
        .into_iter()
        .map(|(file, pages)| {
            let started = Instant::now();
            let staged = staged.create(&file).and_then(|out| {
                let out = Hashed::new(std::io::BufWriter::new(out));
                let out = pdf_to(out, parser, &pages, doc.page_mm, &title).map_err(|e| format!("{file}: {}", e.0))?;
                out.finish().map_err(|e| format!("{file}: {e}"))
            });
            Written { pages: pages.len(), file, staged, took: started.elapsed(), kept: false }
        })
        .collect()
}

/// What the PDF writers need: the SVG parser, the pack and the staging folder they write into.
pub(super) type Output<'a> = (&'a SvgParser, &'a Pack, &'a Staged);

/// A file being written, its length and SHA-256 counted on the way (the manifest's entry needs
/// both, and reading the file back would cost a second pass).
struct Hashed<W: Write> {
    out: W,
    hash: Sha256,
    bytes: usize,
}

impl<W: Write> Hashed<W> {
    fn new(out: W) -> Hashed<W> {
        Hashed { out, hash: Sha256::new(), bytes: 0 }
    }

    fn finish(mut self) -> std::io::Result<(usize, [u8; 32])> {
        self.out.flush()?;
        Ok((self.bytes, self.hash.finalize().into()))
    }
}

impl<W: Write> Write for Hashed<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.hash.update(&buf[..n]);
        self.bytes += n;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// The files of an earlier build drawn as `doc` is now, taken from the output folder into the
/// staging folder; `None` when one of them is gone or changed there (it is written again).
fn reuse(staged: &Staged, files: &[Written]) -> Option<Vec<Written>> {
    let mut taken = Vec::new();
    for file in files {
        let (_, sha256) = file.staged.as_ref().ok()?;
        if !staged.reuse(&file.file, sha256).ok()? {
            return None;
        }
        taken.push(Written { took: Duration::ZERO, kept: true, ..file.clone() });
    }
    Some(taken)
}

/// The documents one writer took, each with what it was written from and its files.
type Done = Vec<(Arc<Document>, [u8; 32], Vec<Written>)>;

/// The PDFs of the documents handed to it, written by a thread per core.
pub(super) struct Pdfs<'scope> {
    queue: mpsc::Sender<Arc<Document>>,
    workers: Vec<ScopedJoinHandle<'scope, Done>>,
}

/// The files written, by document, and those taken so far to be kept for the next build.
pub(super) struct WrittenPdfs {
    files: HashMap<*const Document, ([u8; 32], Vec<Written>)>,
    taken: Kept,
}

impl<'scope> Pdfs<'scope> {
    /// Starts the writers in `scope`; a document drawn as one in `kept` takes its files.
    pub(super) fn start<'env>(
        scope: &'scope Scope<'scope, 'env>,
        output: Output<'env>,
        split_backs: bool,
        kept: &'env Kept,
    ) -> Pdfs<'scope> {
        let (queue, documents) = mpsc::channel::<Arc<Document>>();
        let documents = Arc::new(Mutex::new(documents));
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let workers = (0..threads)
            .map(|_| {
                let documents = documents.clone();
                scope.spawn(move || {
                    let mut done = Vec::new();
                    // The lock is held only while taking the next document; a poisoned lock
                    // (another writer panicked) ends this one too, and the panic is raised at join.
                    while let Some(doc) = documents.lock().ok().and_then(|queue| queue.recv().ok()) {
                        let key = drawing(output.1, &doc, split_backs);
                        let files = match kept.0.get(&key).and_then(|files| reuse(output.2, files)) {
                            Some(files) => files,
                            None => write(output, &doc, split_backs),
                        };
                        done.push((doc, key, files));
                    }
                    done
                })
            })
            .collect();
        Pdfs { queue, workers }
    }

    /// Queues `doc`.
    pub(super) fn add(&self, doc: &Arc<Document>) {
        // The writers stop only when the queue closes, so the send cannot fail while they run.
        let _ = self.queue.send(doc.clone());
    }

    /// Waits for every queued document's files.
    pub(super) fn finish(self) -> WrittenPdfs {
        drop(self.queue);
        let mut out = HashMap::new();
        for worker in self.workers {
            for (doc, key, files) in worker.join().unwrap_or_else(|e| std::panic::resume_unwind(e)) {
                out.insert(Arc::as_ptr(&doc), (key, files));
            }
        }
        WrittenPdfs { files: out, taken: Kept::default() }
    }
}

impl WrittenPdfs {
    /// The files of `doc`, written now if no writer did.
    pub(super) fn take(&mut self, output: Output<'_>, doc: &Arc<Document>, split_backs: bool) -> Vec<Written> {
        let (key, files) = self
            .files
            .remove(&Arc::as_ptr(doc))
            .unwrap_or_else(|| (drawing(output.1, doc, split_backs), write(output, doc, split_backs)));
        if files.iter().all(|f| f.staged.is_ok()) {
            self.taken.0.insert(key, files.clone());
        }
        files
    }

    /// The files taken, to be kept for the next build.
    pub(super) fn kept(self) -> Kept {
        self.taken
    }
}
