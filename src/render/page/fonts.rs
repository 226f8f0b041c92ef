//! The fonts a build draws with: the families a pack declares in `[print] fonts` (the first is
//! the main family of everything pnpkit prints) and the embedded Noto Sans JP.
//!
//! A pack's font file is read once per process and kept for the rest of it: `pnpkit build` checks
//! the pack's templates and then draws them, the rules reference embeds a subset of the same
//! file, and measuring, drawing and embedding all share the one copy.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::diag::{Code, Diagnostic};
use crate::model::Pack;
use crate::text::{Face, Fonts};

/// Pack font files read so far, by path.
static READ: Mutex<BTreeMap<PathBuf, &'static Face>> = Mutex::new(BTreeMap::new());

/// The largest font file pnpkit reads: 64 MB. A font is read whole and kept for the run (the
/// regular and the bold file of each family), so a pack naming a 3 GB file took 3 GB. The
/// embedded Noto Sans JP, every Japanese character, is 5.5 MB a weight; fonts with far more
/// glyphs (every CJK ideograph, most of Unicode) stay within tens of MB. 64 MB leaves them room
/// and refuses what no face needs: a collection of every weight, or a file that is not a font.
pub(crate) const MAX_FONT_BYTES: u64 = 64 << 20;

/// Why a pack's font file cannot be used.
#[derive(Debug)]
pub(crate) struct FontRefused {
    /// E0136 for a file too large, E0106 for one that cannot be read or is not a font.
    pub(crate) code: Code,
    message: String,
}

impl std::fmt::Display for FontRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl FontRefused {
    fn new(code: Code, message: String) -> FontRefused {
        FontRefused { code, message }
    }

    /// What to do about it.
    pub(crate) fn hint(&self) -> &'static str {
        if self.code == Code::FONT_TOO_LARGE {
            "name the file of the one weight the pack prints with (not a collection of every weight), or a subset of it"
        } else {
            "use TrueType or OpenType files (.ttf, .otf)"
        }
    }
}

/// The face of the font file at `path`, read on first call (and kept for the rest of the
/// process); an error says why it cannot be used. A file larger than [`MAX_FONT_BYTES`] is
/// refused from its length, before it is read, and the read stops one byte past the limit.
pub(crate) fn pack_face(path: &Path) -> Result<&'static Face, FontRefused> {
    if let Some(face) = READ.lock().ok().and_then(|read| read.get(path).copied()) {
        return Ok(face);
    }
    let unreadable =
        |e: std::io::Error| FontRefused::new(Code::BAD_VALUE, format!("cannot read {}: {e}", path.display()));
    let too_large = |len: u64| {
        FontRefused::new(
            Code::FONT_TOO_LARGE,
            format!(
                "the file is {} MB; pnpkit reads at most {} MB of a font",
                len.div_ceil(1 << 20),
                MAX_FONT_BYTES >> 20
            ),
        )
    };
    // The loader's bounded read: refused from its length, never more read, no pipe or device.
    use crate::load::confine::{read_bounded, Refused};
    let bytes = read_bounded(path, MAX_FONT_BYTES).map_err(|why| match why {
        Refused::TooLarge { bytes, .. } => too_large(bytes),
        other => unreadable(std::io::Error::other(other.describe(&path.display().to_string()))),
    })?;
    Face::check(&bytes).map_err(|why| FontRefused::new(Code::BAD_VALUE, why))?;
    // Kept for the rest of the run and shared: the one copy of the file in memory.
    let face: &'static Face = Box::leak(Box::new(Face::new(Box::leak(bytes.into_boxed_slice()))));
    if let Ok(mut read) = READ.lock() {
        read.insert(path.to_path_buf(), face);
    }
    Ok(face)
}

/// The pack's fonts and the embedded ones; a file that cannot be read or is not a font is an
/// error at its declaration. No face is parsed here (only checked): each is parsed when first
/// measured with.
pub fn fonts_for(pack: &Pack) -> Result<Fonts, Vec<Diagnostic>> {
    let mut fonts = Fonts::embedded();
    let mut errors = Vec::new();
    for font in &pack.print.fonts {
        let faces = pack_face(&font.regular).and_then(|r| Ok((r, font.bold.as_deref().map(pack_face).transpose()?)));
        match faces {
            Ok((regular, bold)) => fonts.add_family(&font.family, regular, bold),
            Err(why) => errors.push(
                Diagnostic::error(why.code, format!("font family `{}`: {why}", font.family))
                    .at(&font.span)
                    .with_hint(why.hint()),
            ),
        }
    }
    if errors.is_empty() {
        Ok(fonts)
    } else {
        Err(errors)
    }
}

/// The main family of what pnpkit prints for `pack`: its first `[print] fonts` family, else the
/// embedded Noto Sans JP (the name [`Fonts::main_family`] gives once loaded).
pub(crate) fn main_family(pack: &Pack) -> &str {
    pack.print.fonts.first().map_or(crate::text::FAMILY, |f| f.family.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pack_font_file_is_read_once_and_shared() {
        let dir = std::env::temp_dir().join(format!("pnpkit-pack-face-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("Pack.ttf");
        std::fs::write(&path, crate::text::BOLD).unwrap();
        let first = pack_face(&path).unwrap();
        // Gone from disk: a second load is the same face, not a second read.
        std::fs::remove_file(&path).unwrap();
        let second = pack_face(&path).unwrap();
        assert!(std::ptr::eq(first, second));
        assert_eq!(first.bytes(), crate::text::BOLD);
        let why =
            |path: &Path| pack_face(path).err().map(|e| (e.code, e.to_string())).unwrap_or((Code("-"), String::new()));
        let (code, message) = why(&dir.join("missing.ttf"));
        assert!(code == Code::BAD_VALUE && message.starts_with("cannot read"), "{message}");
        std::fs::write(dir.join("junk.ttf"), b"not a font").unwrap();
        let (code, message) = why(&dir.join("junk.ttf"));
        assert!(code == Code::BAD_VALUE && message.starts_with("not a usable font"), "{message}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_font_file_over_64_mb_is_refused_before_it_is_read() {
        let dir = std::env::temp_dir().join(format!("pnpkit-pack-face-large-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // Sparse: 3 GB that take no room on disk, and would take 3 GB of memory to read whole.
        let path = dir.join("Huge.ttf");
        std::fs::File::create(&path).unwrap().set_len(3 << 30).unwrap();
        let refused = pack_face(&path).err().expect("refused");
        assert_eq!(refused.code, Code::FONT_TOO_LARGE);
        assert!(refused.to_string().ends_with("is 3072 MB; pnpkit reads at most 64 MB of a font"), "{refused}");
        // One byte over is over; at the limit the file is read (and is then not a font).
        std::fs::File::create(&path).unwrap().set_len(MAX_FONT_BYTES + 1).unwrap();
        assert_eq!(pack_face(&path).err().map(|e| e.code), Some(Code::FONT_TOO_LARGE));
        std::fs::File::create(&path).unwrap().set_len(MAX_FONT_BYTES).unwrap();
        assert_eq!(pack_face(&path).err().map(|e| e.code), Some(Code::BAD_VALUE));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
