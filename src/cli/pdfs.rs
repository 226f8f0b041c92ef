//! The build's PDFs, written on other cores while the products after them are still being
//! rendered: a document is queued as soon as it is drawn, and the files are staged later in the
//! documents' order, so the output does not depend on which thread finished first. A document
//! drawn exactly as in the build before (`pnpkit watch`) takes that build's files as they are.

use std::collections::HashMap;
use std::sync::{mpsc, Arc, Mutex};
use std::thread::{Scope, ScopedJoinHandle};
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

use crate::emit::{pdf, PdfPage, SvgParser};
use crate::model::Pack;
use crate::render::Document;

/// One PDF file of a document: its name, page count, bytes (or why it could not be written) and
/// the time it took; `kept` when it is an earlier build's file, taken as it was.
#[derive(Clone)]
pub(super) struct Written {
    pub(super) file: String,
    pub(super) pages: usize,
    pub(super) bytes: Result<Arc<Vec<u8>>, String>,
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
        hash.update(page.svg.len().to_le_bytes());
        hash.update(page.svg.as_bytes());
        for placed in &page.placed {
            hash.update(placed.art.elements.len().to_le_bytes());
            hash.update(placed.art.elements.as_bytes());
        }
    }
    hash.finalize().into()
}

/// Writes the PDF files of `doc`: one, or its fronts and its backs when `split_backs`.
pub(super) fn write(parser: &SvgParser, pack: &Pack, doc: &Document, split_backs: bool) -> Vec<Written> {
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
            let bytes = pdf(parser, &pages, doc.page_mm, &title).map(Arc::new).map_err(|e| format!("{file}: {}", e.0));
            Written { pages: pages.len(), file, bytes, took: started.elapsed(), kept: false }
        })
        .collect()
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
        (parser, pack): (&'env SvgParser, &'env Pack),
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
                        let key = drawing(pack, &doc, split_backs);
                        let files = match kept.0.get(&key) {
                            Some(files) => files
                                .iter()
                                .map(|f| Written { took: Duration::ZERO, kept: true, ..f.clone() })
                                .collect(),
                            None => write(parser, pack, &doc, split_backs),
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
    pub(super) fn take(
        &mut self,
        parser: &SvgParser,
        pack: &Pack,
        doc: &Arc<Document>,
        split_backs: bool,
    ) -> Vec<Written> {
        let (key, files) = self
            .files
            .remove(&Arc::as_ptr(doc))
            .unwrap_or_else(|| (drawing(pack, doc, split_backs), write(parser, pack, doc, split_backs)));
        if files.iter().all(|f| f.bytes.is_ok()) {
            self.taken.0.insert(key, files.clone());
        }
        files
    }

    /// The files taken, to be kept for the next build.
    pub(super) fn kept(self) -> Kept {
        self.taken
    }
}
