//! Text kept deflated until it is read, written and read back in pieces.

use std::borrow::Cow;
use std::io::{self, Write};
use std::sync::Arc;

use miniz_oxide::deflate::core::TDEFLStatus;
use miniz_oxide::deflate::core::{compress, create_comp_flags_from_zip_params, CompressorOxide, TDEFLFlush};
use miniz_oxide::inflate::stream::{inflate, InflateState};
use miniz_oxide::{DataFormat, MZFlush, MZStatus};

/// SVG or HTML text kept deflated until it is read: a deck's faces and every document's pages
/// are held from the moment they are drawn until the last product that uses them (PDFs,
/// previews, digital tables) is made, and at 2,000 cards their text was a third of the build's
/// heap. Each is read a few times, and inflating a few kilobytes costs microseconds. Cloning
/// shares the bytes. A text of megabytes (rules.html) is written into it as it is made
/// ([`Packed::writer`]) and read out the same way ([`Packed::write_to`]), never held whole.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Packed {
    deflated: Arc<[u8]>,
    len: usize,
}

/// Deflate level: the fastest; pages are SVG and HTML, which deflate well at any level.
const LEVEL: i32 = 1;
/// The piece deflated and inflated at a time, bytes.
const CHUNK: usize = 32 * 1024;

impl Packed {
    /// Below this many bytes a text is kept as it is (deflating it would not pay).
    const PLAIN: usize = 256;

    /// `text`, deflated when that is smaller.
    pub fn new(text: &str) -> Packed {
        let mut writer = Packed::writer();
        writer.push(text.as_bytes());
        writer.finish()
    }

    /// A writer that deflates what is written to it as it comes; [`PackedWriter::finish`] gives
    /// the same `Packed` as [`Packed::new`] of all of it. Only UTF-8 text may be written.
    pub fn writer() -> PackedWriter {
        PackedWriter { pending: Vec::new(), compressor: None, deflated: Vec::new(), len: 0 }
    }

    /// The text.
    pub fn text(&self) -> Cow<'_, str> {
        if self.len < Packed::PLAIN {
            return String::from_utf8_lossy(&self.deflated);
        }
        let mut bytes = Vec::with_capacity(self.len);
        // Writing into memory fails only if the bytes were not deflated by `PackedWriter`.
        let _ = self.write_to(&mut bytes);
        Cow::Owned(String::from_utf8(bytes).unwrap_or_default())
    }

    /// Writes the text to `out` a piece at a time (a page of megabytes is never held whole).
    pub fn write_to<W: Write + ?Sized>(&self, out: &mut W) -> io::Result<()> {
        if self.len < Packed::PLAIN {
            return out.write_all(&self.deflated);
        }
        let mut state = InflateState::new_boxed(DataFormat::Raw);
        let mut input = &self.deflated[..];
        let mut piece = vec![0; CHUNK];
        loop {
            let step = inflate(&mut state, input, &mut piece, MZFlush::None);
            input = &input[step.bytes_consumed..];
            out.write_all(&piece[..step.bytes_written])?;
            match step.status {
                Ok(MZStatus::StreamEnd) => return Ok(()),
                Ok(_) if step.bytes_consumed + step.bytes_written > 0 => {}
                _ => return Err(io::Error::new(io::ErrorKind::InvalidData, "a packed text does not inflate")),
            }
        }
    }

    /// The text's length in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the text is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bytes kept: the same for the same text, so they stand for it in a hash.
    pub fn stored(&self) -> &[u8] {
        &self.deflated
    }
}

/// Deflates a text into a [`Packed`] as it is written (see [`Packed::writer`]).
pub struct PackedWriter {
    /// Bytes written and not deflated yet: writers such as tera's write a few bytes at a time,
    /// and the deflater is given a piece of [`CHUNK`] bytes at once.
    pending: Vec<u8>,
    /// Made when the first piece is deflated.
    compressor: Option<Box<CompressorOxide>>,
    deflated: Vec<u8>,
    len: usize,
}

impl PackedWriter {
    /// Takes `bytes` in, deflating whole pieces (a long text given at once, as it is).
    fn push(&mut self, bytes: &[u8]) {
        self.len += bytes.len();
        if self.pending.is_empty() && bytes.len() >= CHUNK {
            return self.deflate(bytes, TDEFLFlush::None);
        }
        self.pending.extend_from_slice(bytes);
        if self.pending.len() >= CHUNK {
            let pending = std::mem::take(&mut self.pending);
            self.deflate(&pending, TDEFLFlush::None);
            self.pending = pending;
            self.pending.clear();
        }
    }

    /// Deflates `input`; `Finish` ends the stream.
    fn deflate(&mut self, mut input: &[u8], flush: TDEFLFlush) {
        let compressor = self
            .compressor
            .get_or_insert_with(|| Box::new(CompressorOxide::new(create_comp_flags_from_zip_params(LEVEL, 0, 0))));
        loop {
            let at = self.deflated.len();
            self.deflated.resize(at + CHUNK, 0);
            let (status, used, made) = compress(compressor, input, &mut self.deflated[at..], flush);
            self.deflated.truncate(at + made);
            input = &input[used..];
            // Deflating into memory cannot fail; a piece is done when it is taken in (and, when
            // finishing, all of the stream written out).
            let done = if flush == TDEFLFlush::Finish { status == TDEFLStatus::Done } else { input.is_empty() };
            if done || status != TDEFLStatus::Okay {
                break;
            }
        }
    }

    /// The text written, packed.
    pub fn finish(mut self) -> Packed {
        if self.compressor.is_none() && self.len < Packed::PLAIN {
            return Packed { deflated: std::mem::take(&mut self.pending).into(), len: self.len };
        }
        let pending = std::mem::take(&mut self.pending);
        self.deflate(&pending, TDEFLFlush::Finish);
        Packed { deflated: self.deflated.into(), len: self.len }
    }
}

impl Write for PackedWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.push(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl std::fmt::Debug for Packed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Packed").field(&self.text()).finish()
    }
}

impl From<&str> for Packed {
    fn from(text: &str) -> Packed {
        Packed::new(text)
    }
}

impl From<String> for Packed {
    fn from(text: String) -> Packed {
        Packed::new(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_text_reads_back_the_same_and_the_same_text_is_stored_the_same() {
        let long = r##"<rect x="1" y="2" width="3" height="4" fill="#c0392b"/><text>ダグラム 𠮟 Å</text>"##.repeat(40);
        for text in ["", "<g/>", long.as_str()] {
            let packed = Packed::new(text);
            assert_eq!(packed.text(), text);
            assert_eq!((packed.len(), packed.is_empty()), (text.len(), text.is_empty()));
            assert_eq!(Packed::new(text).stored(), packed.stored(), "deterministic, so it can stand in a hash");
        }
        assert!(Packed::new(&long).stored().len() * 5 < long.len(), "a long drawing is kept deflated");
    }

    #[test]
    fn a_text_written_in_pieces_packs_and_reads_back_as_it_does_whole() {
        // Megabytes of varied text, so the stream runs over many of the deflater's pieces.
        let page: String = (0..60_000)
            .map(|i| format!("<tr id=\"card-{i}\"><td>カード {i}</td><td>{}</td></tr>\n", i * 7919 % 1000))
            .collect();
        assert!(page.len() > 2 * 1024 * 1024);
        let whole = Packed::new(&page);
        for cut in [1, 7, 255, 256, 4096, 100_000] {
            let mut writer = Packed::writer();
            for piece in page.as_bytes().chunks(cut) {
                writer.write_all(piece).unwrap();
            }
            let packed = writer.finish();
            assert_eq!(packed.len(), page.len());
            assert_eq!(packed.stored(), whole.stored(), "cut every {cut} bytes: the same bytes as whole");
        }
        // Read back a piece at a time, and whole.
        let mut out = Vec::new();
        whole.write_to(&mut out).unwrap();
        assert!(out == page.as_bytes());
        assert_eq!(whole.text(), page);
        assert!(whole.stored().len() * 4 < page.len());
        // Short texts are kept as written, in any pieces.
        let mut writer = Packed::writer();
        for piece in ["<g>", "ダ", "</g>"] {
            writer.write_all(piece.as_bytes()).unwrap();
        }
        assert_eq!(writer.finish(), Packed::new("<g>ダ</g>"));
    }
}
