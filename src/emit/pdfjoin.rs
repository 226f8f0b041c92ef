//! One PDF file out of several krilla documents, written as they come. krilla holds a whole
//! document in memory until it finishes it (every content stream, then the file once more), so a
//! 2,000-card deck's 900 pages would be held twice over: the writer draws a document a batch of
//! pages at a time instead, and each finished batch's objects are renumbered into the one file
//! and written out, so memory holds one batch, never the deck.
//!
//! The joined file has one page tree whose kids are the batches' own page trees; the first
//! batch's catalog, document information and XMP metadata (its page count and id made the whole
//! file's) stand for the file. What this reads is exactly what krilla writes: a classic
//! cross-reference table in one section, no object streams, references only outside streams.

use std::io::{self, Write};

use sha2::{Digest, Sha256};

/// Object 1 is the joined page tree, written last, when its kids are known.
const ROOT_PAGES: u32 = 1;

/// The file being written: what every batch adds to its cross-reference table and page tree.
pub(super) struct Joiner<W: Write> {
    out: W,
    /// Bytes written so far: where the next object starts.
    at: u64,
    /// Each object's offset, by number - 1.
    offsets: Vec<u64>,
    /// The batches' page trees (renumbered), the joined tree's kids.
    kids: Vec<u32>,
    pages: u64,
    /// The first batch's catalog, information and XMP (kept to be written with the totals).
    catalog: Option<u32>,
    info: Option<u32>,
    xmp: Option<(u32, Vec<u8>)>,
    /// The batches' ids, hashed into the file's.
    ids: Sha256,
}

/// Why a batch could not be joined: it is not laid out as krilla writes a PDF.
#[derive(Debug)]
pub(super) struct JoinError(pub(super) String);

impl From<io::Error> for JoinError {
    fn from(e: io::Error) -> JoinError {
        JoinError(e.to_string())
    }
}

impl<W: Write> Joiner<W> {
    pub(super) fn new(out: W) -> Joiner<W> {
        Joiner {
            out,
            at: 0,
            offsets: vec![0],
            kids: Vec::new(),
            pages: 0,
            catalog: None,
            info: None,
            xmp: None,
            ids: Sha256::new(),
        }
    }

    /// Appends the pages of `pdf` (a whole document as krilla wrote it).
    pub(super) fn add(&mut self, pdf: &[u8]) -> Result<(), JoinError> {
        let batch = Batch::read(pdf)?;
        if self.at == 0 {
            // The header (version line and the binary-comment line), as krilla wrote it.
            let first = batch.objects.iter().map(|o| o.1).min().unwrap_or(pdf.len());
            self.put(&pdf[..first])?;
        }
        let first_batch = self.kids.is_empty();
        // New numbers, in the batch's order; the catalog, information and metadata of batches
        // after the first are left out (the first's stand for the file).
        let mut numbers = vec![0u32; batch.size];
        let mut next = self.offsets.len() as u32 + 1;
        for &(old, _) in &batch.objects {
            let dropped = !first_batch && (old == batch.root || Some(old) == batch.info || Some(old) == batch.xmp);
            if !dropped {
                numbers[old as usize] = next;
                next += 1;
            }
        }
        let map = |old: u32| numbers.get(old as usize).copied().filter(|&n| n != 0);
        let body_of = |old: u32| batch.body(pdf, old);
        self.offsets.resize(next as usize - 1, 0);
        self.ids.update(batch.id.as_bytes());
        for &(old, _) in &batch.objects {
            let Some(new) = map(old) else { continue };
            let body = body_of(old)?;
            let text = if old == batch.root {
                // The catalog points at the joined page tree.
                renumber(body, |n| if n == batch.pages { Some(ROOT_PAGES) } else { map(n) })?
            } else {
                renumber(body, map)?
            };
            if old == batch.pages {
                let count = batch.page_count(&text)?;
                self.pages += count;
                self.kids.push(new);
                self.object(new, &with_parent(&text)?)?;
            } else if Some(old) == batch.xmp {
                self.xmp = Some((new, text));
            } else {
                self.object(new, &text)?;
            }
            if old == batch.root {
                self.catalog = Some(new);
            } else if Some(old) == batch.info {
                self.info = Some(new);
            }
        }
        Ok(())
    }

    /// Writes the joined page tree, the metadata, the cross-reference table and the trailer.
    pub(super) fn finish(mut self) -> Result<W, JoinError> {
        let catalog = self.catalog.ok_or_else(|| JoinError("no pages to join".into()))?;
        let kids: Vec<String> = self.kids.iter().map(|k| format!("{k} 0 R")).collect();
        let tree = format!("<</Type/Pages/Count {}/Kids[{}]>>\nendobj\n", self.pages, kids.join(" "));
        self.object(ROOT_PAGES, tree.as_bytes())?;
        let id: String = self.ids.clone().finalize()[..16].iter().map(|b| format!("{b:02X}")).collect();
        if let Some((number, xmp)) = self.xmp.take() {
            let xmp = whole_file_xmp(&xmp, self.pages, &id)?;
            self.object(number, &xmp)?;
        }
        let xref = self.at;
        let mut table = format!("xref\n0 {}\n0000000000 65535 f\r\n", self.offsets.len() + 1);
        for offset in &self.offsets {
            table.push_str(&format!("{offset:010} 00000 n\r\n"));
        }
        let info = self.info.map(|i| format!("/Info {i} 0 R")).unwrap_or_default();
        table.push_str(&format!(
            "trailer\n<</Size {}/Root {catalog} 0 R{info}/ID[<{id}><{id}>]>>\nstartxref\n{xref}\n%%EOF",
            self.offsets.len() + 1
        ));
        self.put(table.as_bytes())?;
        Ok(self.out)
    }

    fn object(&mut self, number: u32, body: &[u8]) -> Result<(), JoinError> {
        self.offsets[number as usize - 1] = self.at;
        self.put(format!("{number} 0 obj\n").as_bytes())?;
        self.put(body)?;
        self.put(b"\n")
    }

    fn put(&mut self, bytes: &[u8]) -> Result<(), JoinError> {
        self.out.write_all(bytes)?;
        self.at += bytes.len() as u64;
        Ok(())
    }
}

/// One krilla document as its cross-reference table and trailer describe it.
struct Batch {
    /// (number, offset) of every object, in the file's order.
    objects: Vec<(u32, usize)>,
    /// The xref table's offset: where the last object ends.
    xref: usize,
    size: usize,
    root: u32,
    pages: u32,
    info: Option<u32>,
    xmp: Option<u32>,
    id: String,
}

impl Batch {
    fn read(pdf: &[u8]) -> Result<Batch, JoinError> {
        let bad = |what: &str| JoinError(format!("a batch of pages is not a PDF as krilla writes it: {what}"));
        let tail = &pdf[pdf.len().saturating_sub(64)..];
        let xref = text_after(tail, "startxref\n")
            .and_then(|t| t.split_whitespace().next()?.parse::<usize>().ok())
            .ok_or_else(|| bad("no startxref"))?;
        let table = pdf.get(xref..).ok_or_else(|| bad("startxref past the end"))?;
        let mut lines = table.split(|&b| b == b'\n');
        let (Some(b"xref"), Some(section)) = (lines.next(), lines.next()) else { return Err(bad("no xref table")) };
        let section = std::str::from_utf8(section).map_err(|_| bad("xref section"))?;
        let mut numbers = section.split_whitespace().map(str::parse::<usize>);
        let (Some(Ok(0)), Some(Ok(size))) = (numbers.next(), numbers.next()) else {
            return Err(bad("xref section"));
        };
        let mut objects = Vec::with_capacity(size);
        for number in 0..size {
            let entry = lines.next().ok_or_else(|| bad("short xref table"))?;
            let entry = std::str::from_utf8(entry).map_err(|_| bad("xref entry"))?;
            if number > 0 && entry.contains(" n") {
                let offset = entry.get(..10).and_then(|o| o.parse::<usize>().ok()).ok_or_else(|| bad("xref entry"))?;
                objects.push((number as u32, offset));
            }
        }
        objects.sort_by_key(|o| o.1);
        let trailer = std::str::from_utf8(&pdf[xref..]).map_err(|_| bad("trailer"))?;
        let reference = |text: &str, key: &str| -> Option<u32> {
            let after = &text[text.find(key)? + key.len()..];
            after.split_whitespace().next()?.parse().ok()
        };
        let root = reference(trailer, "/Root ").ok_or_else(|| bad("no catalog"))?;
        let info = reference(trailer, "/Info ");
        let id =
            trailer.find("/ID[").map(|i| trailer[i..].split(']').next().unwrap_or("").to_string()).unwrap_or_default();
        let mut batch = Batch { objects, xref, size, root, pages: 0, info, xmp: None, id };
        let catalog = String::from_utf8_lossy(batch.body(pdf, root)?).into_owned();
        batch.pages = reference(&catalog, "/Pages ").ok_or_else(|| bad("no page tree"))?;
        batch.xmp = reference(&catalog, "/Metadata ");
        Ok(batch)
    }

    /// Object `number`'s text after its `N 0 obj` line, up to and with its `endobj`.
    fn body<'p>(&self, pdf: &'p [u8], number: u32) -> Result<&'p [u8], JoinError> {
        let i = self.objects.iter().position(|o| o.0 == number);
        let missing = || JoinError(format!("object {number} is missing from a batch of pages"));
        let i = i.ok_or_else(missing)?;
        let end = self.objects.get(i + 1).map_or(self.xref, |o| o.1);
        let whole = pdf.get(self.objects[i].1..end).ok_or_else(missing)?;
        let start = whole.iter().position(|&b| b == b'\n').ok_or_else(missing)? + 1;
        let mut end = whole.len();
        while end > start && whole[end - 1].is_ascii_whitespace() {
            end -= 1;
        }
        Ok(&whole[start..end])
    }

    /// The `/Count` of this batch's page tree.
    fn page_count(&self, tree: &[u8]) -> Result<u64, JoinError> {
        text_after(tree, "/Count ")
            .and_then(|t| t.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
            .ok_or_else(|| JoinError("a batch's page tree has no /Count".into()))
    }
}

/// The text after the first `key` in `bytes` (read up to the first byte that is not UTF-8: what
/// this looks for always comes before a stream).
fn text_after<'t>(bytes: &'t [u8], key: &str) -> Option<&'t str> {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).ok()?,
    };
    Some(&text[text.find(key)? + key.len()..])
}

/// The batch's page tree made a kid of the joined one.
fn with_parent(tree: &[u8]) -> Result<Vec<u8>, JoinError> {
    let rest = tree.strip_prefix(b"<<").ok_or_else(|| JoinError("a batch's page tree is not a dictionary".into()))?;
    let mut out = format!("<</Parent {ROOT_PAGES} 0 R").into_bytes();
    out.extend_from_slice(rest);
    Ok(out)
}

/// The first batch's XMP packet with the whole file's page count and id (it is written
/// uncompressed, its length in its dictionary).
fn whole_file_xmp(object: &[u8], pages: u64, id: &str) -> Result<Vec<u8>, JoinError> {
    let bad = || JoinError("the XMP metadata is not as krilla writes it".into());
    let text = std::str::from_utf8(object).map_err(|_| bad())?;
    let start = text.find("stream\n").ok_or_else(bad)? + "stream\n".len();
    let end = text.rfind("\nendstream").ok_or_else(bad)?;
    let mut packet = text[start..end].to_string();
    let mut set = |tag: &str, value: &str| {
        let (open, close) = (format!("<{tag}>"), format!("</{tag}>"));
        if let (Some(a), Some(b)) = (packet.find(&open), packet.find(&close)) {
            packet.replace_range(a + open.len()..b, value);
        }
    };
    set("xmpTPg:NPages", &pages.to_string());
    set("xmpMM:InstanceID", id);
    set("xmpMM:DocumentID", id);
    let head = &text[..start];
    let length = text_after(head.as_bytes(), "/Length ").ok_or_else(bad)?;
    let old_length: String = length.chars().take_while(char::is_ascii_digit).collect();
    let head = head.replacen(&format!("/Length {old_length}"), &format!("/Length {}", packet.len()), 1);
    Ok(format!("{head}{packet}{}", &text[end..]).into_bytes())
}

/// `body` with every reference `n 0 R` before its stream renumbered by `map` (strings, names and
/// the stream's bytes are copied as they are). A reference `map` does not know is an error.
fn renumber(body: &[u8], map: impl Fn(u32) -> Option<u32>) -> Result<Vec<u8>, JoinError> {
    let mut out = Vec::with_capacity(body.len() + 16);
    let mut i = 0;
    let delimiter = |b: u8| b.is_ascii_whitespace() || b"()<>[]{}/%".contains(&b);
    while i < body.len() {
        let b = body[i];
        let token_start = i == 0 || delimiter(body[i - 1]);
        match b {
            b'(' => {
                // A literal string: balanced parentheses, backslash escapes.
                let (mut depth, mut j) = (0usize, i);
                while j < body.len() {
                    match body[j] {
                        b'\\' => j += 1,
                        b'(' => depth += 1,
                        b')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                let end = (j + 1).min(body.len());
                out.extend_from_slice(&body[i..end]);
                i = end;
            }
            b'<' if body.get(i + 1) == Some(&b'<') => {
                out.extend_from_slice(b"<<");
                i += 2;
            }
            b'<' => {
                let end = body[i..].iter().position(|&c| c == b'>').map_or(body.len(), |p| i + p + 1);
                out.extend_from_slice(&body[i..end]);
                i = end;
            }
            b'/' => {
                let end = body[i + 1..].iter().position(|&c| delimiter(c)).map_or(body.len(), |p| i + 1 + p);
                out.extend_from_slice(&body[i..end]);
                i = end;
            }
            b's' if token_start && body[i..].starts_with(b"stream") => {
                out.extend_from_slice(&body[i..]);
                break;
            }
            b'0'..=b'9' if token_start => match reference_at(&body[i..]) {
                Some((number, len)) => {
                    let new =
                        map(number).ok_or_else(|| JoinError(format!("a reference to object {number} is dangling")))?;
                    out.extend_from_slice(format!("{new} 0 R").as_bytes());
                    i += len;
                }
                None => {
                    let end = body[i..].iter().position(|c| !c.is_ascii_digit()).map_or(body.len(), |p| i + p);
                    out.extend_from_slice(&body[i..end]);
                    i = end;
                }
            },
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    Ok(out)
}

/// `n 0 R` at the start of `text`: the number and the reference's length.
fn reference_at(text: &[u8]) -> Option<(u32, usize)> {
    let digits = |from: usize| text[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let spaces = |from: usize| text[from..].iter().take_while(|c| c.is_ascii_whitespace()).count();
    let n = digits(0);
    let s1 = spaces(n);
    let g = digits(n + s1);
    let s2 = spaces(n + s1 + g);
    let r = n + s1 + g + s2;
    let is_reference = s1 > 0
        && g > 0
        && s2 > 0
        && text.get(r) == Some(&b'R')
        && text.get(r + 1).is_none_or(|&c| c.is_ascii_whitespace() || b"()<>[]{}/%".contains(&c));
    let number = std::str::from_utf8(&text[..n]).ok()?.parse().ok()?;
    is_reference.then_some((number, r + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_renumbered_but_strings_names_and_streams_are_not() {
        let body = b"<</Kids[3 0 R 4 0 R]/D<</E 8 0 R>>/F[<</G 9 0 R>>]/Kids[3 0 R 12 0 R]/T(4 0 R (x) \\) 5 0 R)/N/f3 0 R/H<0A0B>/Length 6 0 R>>\nstream\n7 0 R\nendstream\nendobj";
        let out = renumber(body, |n| Some(n + 100)).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "<</Kids[103 0 R 104 0 R]/D<</E 108 0 R>>/F[<</G 109 0 R>>]/Kids[103 0 R 112 0 R]/T(4 0 R (x) \\) 5 0 R)/N/f3 0 R/H<0A0B>/Length 106 0 R>>\nstream\n7 0 R\nendstream\nendobj"
        );
        // Numbers that are not references stay.
        let out = renumber(b"[0 0 595.3 841.9]/W[1 2 3 4]", |_| None).unwrap();
        assert_eq!(out, b"[0 0 595.3 841.9]/W[1 2 3 4]");
        assert!(renumber(b"/P 9 0 R", |_| None).is_err());
    }

    #[test]
    fn a_batch_not_laid_out_as_krilla_writes_is_an_error_never_a_panic() {
        let bad: [&[u8]; 4] = [
            b"",
            b"%PDF-1.7\nnot a pdf",
            b"%PDF-1.7\nxref\n0 3\n0000000000 65535 f\r\n0000\nstartxref\n9\n%%EOF",
            b"%PDF-1.7\n1 0 obj\n<</Type/Catalog>>\nendobj\nxref\n0 2\n0000000000 65535 f\r\n0000000009 00000 n\r\ntrailer\n<</Size 2/Root 1 0 R>>\nstartxref\n40\n%%EOF",
        ];
        for pdf in bad {
            assert!(Joiner::new(Vec::new()).add(pdf).is_err(), "{}", String::from_utf8_lossy(pdf));
        }
        assert!(Joiner::new(Vec::new()).finish().is_err(), "no pages");
    }
}
