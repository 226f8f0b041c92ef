//! The fonts a build draws with: the embedded Noto Sans JP plus the families a pack declares in
//! `[print] fonts`.

use crate::diag::{Code, Diagnostic};
use crate::model::Pack;
use crate::text::Fonts;

/// Loads the embedded fonts and the pack's own; a file that cannot be read or is not a font is
/// an error at its declaration.
pub fn fonts_for(pack: &Pack) -> Result<Fonts, Vec<Diagnostic>> {
    let mut fonts = Fonts::embedded();
    let mut errors = Vec::new();
    for font in &pack.print.fonts {
        let read =
            |path: &std::path::Path| std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()));
        let result = read(&font.regular)
            .and_then(|regular| Ok((regular, font.bold.as_deref().map(read).transpose()?)))
            .and_then(|(regular, bold)| fonts.add_family(&font.family, regular, bold).map_err(|e| e.0));
        if let Err(why) = result {
            errors.push(
                Diagnostic::error(Code::BAD_VALUE, format!("font family `{}`: {why}", font.family))
                    .at(&font.span)
                    .with_hint("use TrueType or OpenType files (.ttf, .otf)"),
            );
        }
    }
    if errors.is_empty() {
        Ok(fonts)
    } else {
        Err(errors)
    }
}
