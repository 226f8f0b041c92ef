//! What clauses show under their text: every `table:` names a table the data makes, every
//! `figure:` an image inside the pack that the rulebook and rules.html can draw.

use crate::diag::{Code, Diagnostic};
use crate::load::confine;
use crate::model::{Exhibit, Pack};

/// The image kinds a figure may be, by extension.
pub(crate) const FIGURE_KINDS: [&str; 4] = ["svg", "png", "jpg", "jpeg"];

/// Reports each table that names nothing and each figure that cannot be drawn, at its line.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for clause in pack.rules.sections.iter().flat_map(|s| &s.clauses) {
        for exhibit in &clause.exhibits {
            match exhibit {
                Exhibit::Table(source) => {
                    if let Err(no) = pack.table_source(source) {
                        out.push(
                            Diagnostic::error(Code::UNKNOWN_TABLE, format!("clause {}: {}", clause.number, no.message))
                                .at(&source.span)
                                .with_hint(no.hint),
                        );
                    }
                }
                Exhibit::Figure { path, .. } => {
                    let extension = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
                    let problem = if !FIGURE_KINDS.contains(&extension.as_str()) {
                        Some((
                            format!("`{}` is no SVG, PNG or JPEG image", path.value),
                            "give an .svg, .png or .jpg file: the rulebook and rules.html draw these".to_string(),
                        ))
                    } else {
                        confine::resolve(&pack.root, &path.value)
                            .err()
                            .map(|refused| (refused.describe(&path.value), refused.hint().to_string()))
                    };
                    if let Some((message, hint)) = problem {
                        out.push(
                            Diagnostic::error(
                                Code::BAD_FIGURE,
                                format!("clause {}: the figure {message}", clause.number),
                            )
                            .at(&path.span)
                            .with_hint(hint),
                        );
                    }
                }
            }
        }
    }
}
