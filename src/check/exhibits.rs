//! The printed rulebook's data: every `table:` a clause shows names a table the data makes,
//! every `figure:` an image inside the pack that the rulebook and rules.html can draw, and
//! `[rulebook] changes_since` an edition.

use crate::diag::{Code, Diagnostic};
use crate::load::confine;
use crate::model::{Exhibit, Pack};

/// The image kinds a figure may be, by extension.
pub(crate) const FIGURE_KINDS: [&str; 4] = ["svg", "png", "jpg", "jpeg"];

/// Reports each table that names nothing and each figure that cannot be drawn, at its line, and
/// living rules since an edition the pack does not name.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    if let Some(languages) = &pack.rulebook.languages {
        let printed = pack.printed_languages();
        let list = &languages.value;
        let fault = if list.len() != 2 || list[0] == list[1] {
            Some("a bilingual rulebook names two different languages".to_string())
        } else {
            list.iter().find(|l| !printed.contains(&l.as_str())).map(|l| format!("the pack does not print `{l}`"))
        };
        if let Some(fault) = fault {
            let hint = match printed.as_slice() {
                [first, second, ..] => {
                    format!("write the two languages, the first first: `languages = [\"{first}\", \"{second}\"]`")
                }
                _ => {
                    "the pack prints one language: give its clauses a second (`ja:` or English lines) first".to_string()
                }
            };
            out.push(
                Diagnostic::error(Code::BAD_RULEBOOK_LANGUAGES, format!("[rulebook] languages: {fault}"))
                    .at(&languages.span)
                    .with_hint(hint),
            );
        }
    }
    if let Some(since) = &pack.rulebook.changes_since {
        let known: Vec<&str> = pack.game.editions.iter().map(|e| e.id.as_str()).collect();
        if !known.contains(&since.as_str()) {
            let hint =
                crate::diag::did_you_mean(since, known.iter().copied()).unwrap_or_else(|| match known.is_empty() {
                    true => "declare the edition in `[[editions]]` first".to_string(),
                    false => format!("the pack's editions are: {}", known.join(", ")),
                });
            out.push(
                Diagnostic::error(
                    Code::UNKNOWN_CHANGES_SINCE,
                    format!("[rulebook] changes_since: the pack has no edition `{}`", since.value),
                )
                .at(&since.span)
                .with_hint(hint),
            );
        }
    }
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
