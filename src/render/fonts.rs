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

/// The face of the font file at `path`, read on first call (and kept for the rest of the
/// process); an error says why it cannot be used.
pub(crate) fn pack_face(path: &Path) -> Result<&'static Face, String> {
    if let Some(face) = READ.lock().ok().and_then(|read| read.get(path).copied()) {
        return Ok(face);
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Face::check(&bytes)?;
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
                Diagnostic::error(Code::BAD_VALUE, format!("font family `{}`: {why}", font.family))
                    .at(&font.span)
                    .with_hint("use TrueType or OpenType files (.ttf, .otf)"),
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
        assert!(pack_face(&dir.join("missing.ttf")).err().unwrap_or_default().starts_with("cannot read"));
        std::fs::write(dir.join("junk.ttf"), b"not a font").unwrap();
        assert!(pack_face(&dir.join("junk.ttf")).err().unwrap_or_default().starts_with("not a usable font"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
