//! `pnpkit errata OLD NEW`: what changed between two editions of a pack, as a list on the
//! terminal, `changes.json`, an errata document in Markdown with the changed characters (or words)
//! marked, and replacement sheets holding only the changed cards and counter kinds.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

use crate::diag::{Diagnostic, Sources};
use crate::emit::{pdf, Staging, SvgParser};
use crate::errata::{describe, diff, text_diff, Change, ChangeKind, Piece};
use crate::layout::Paper;
use crate::model::Pack;
use crate::render::{self, Product};

/// The errata document in Markdown: changes by kind, with old and new text side by side and the
/// changed pieces marked (~~old~~, **new**).
fn markdown(old: &Pack, new: &Pack, changes: &[Change]) -> String {
    let mut md = format!("# {} — errata: {} → {}\n\n", new.game.title.ja, old.game.edition, new.game.edition);
    if changes.is_empty() {
        md.push_str("No changes.\n");
    }
    let mut current = "";
    for c in changes {
        if c.item != current {
            let _ = writeln!(md, "\n## {}s\n", c.item);
            current = c.item;
        }
        let _ = writeln!(md, "- **[{}]** {}", new.game.edition, describe(c));
        if let ChangeKind::Changed { fields } = &c.kind {
            for f in fields.iter().filter(|f| f.old.chars().count() > 3 || f.new.chars().count() > 3) {
                let marked: String = text_diff(&f.old, &f.new)
                    .into_iter()
                    .map(|p| match p {
                        Piece::Same(s) => s,
                        Piece::Old(s) => format!("~~{s}~~"),
                        Piece::New(s) => format!("**{s}**"),
                    })
                    .collect();
                let _ = writeln!(md, "  - {}: {marked}", f.field);
            }
        }
    }
    md
}

/// Runs the command; errors are printed, the status returned.
pub(super) fn run(old_dir: &Path, new_dir: &Path, out: Option<&Path>, json: bool) -> Result<(), String> {
    let mut sources = Sources::default();
    let (old, old_diags) = crate::load::pack(old_dir, &mut sources);
    let (new, new_diags) = crate::load::pack(new_dir, &mut sources);
    let errors: Vec<Diagnostic> = old_diags.into_iter().chain(new_diags).filter(Diagnostic::is_error).collect();
    if !errors.is_empty() {
        super::report(&sources, &errors, crate::diag::print::Format::Human);
        return Err("an edition does not load".into());
    }
    let changes = diff(&old, &new);
    if json {
        super::say_text(&serde_json::to_string_pretty(&changes).unwrap_or_default());
    } else {
        for c in &changes {
            super::say_text(&describe(c));
        }
        super::say_text(&format!("{} change(s) from {} to {}", changes.len(), old.game.edition, new.game.edition));
    }
    let out = out
        .map(Path::to_path_buf)
        .unwrap_or_else(|| Path::new("output").join(&new.id).join(format!("errata-{}", new.game.edition)));
    let mut staging = Staging::new(&out).map_err(|e| e.to_string())?;
    let edition = &new.game.edition;
    staging
        .write("changes.json", serde_json::to_string_pretty(&changes).unwrap_or_default().as_bytes())
        .map_err(|e| e.to_string())?;
    staging
        .write(&format!("errata-{edition}.md"), markdown(&old, &new, &changes).as_bytes())
        .map_err(|e| e.to_string())?;
    let fonts = Arc::new(render::fonts_for(&new).map_err(|_| "a font could not be loaded".to_string())?);
    let parser = SvgParser::new(&fonts);
    let paper = Paper::named(&new.print.paper).unwrap_or(Paper::A4);
    let document = crate::errata::document::pages(&old, &new, &changes, &fonts, paper);
    let svgs: Vec<&str> = document.iter().map(|p| p.svg.as_str()).collect();
    let bytes = pdf(&parser, &svgs, (paper.width, paper.height), &format!("{} — errata {edition}", new.game.title.ja))
        .map_err(|e| e.0)?;
    staging.write(&format!("errata-{edition}.pdf"), &bytes).map_err(|e| e.to_string())?;
    // Replacement sheets: only the cards and counter kinds whose faces changed, imposed like the
    // full set (a counter kind at its full count, since every copy of it is wrong).
    let reprint = crate::errata::reprint(&new, &changes);
    for (product, ids) in [(Product::Cards, reprint.cards), (Product::Counters, reprint.counters)] {
        if ids.is_empty() {
            continue;
        }
        let mut options = render::Options::new(paper);
        options.only = vec![product];
        match product {
            Product::Cards => options.card_ids = Some(ids),
            _ => options.counter_ids = Some(ids),
        }
        let rendered = render::render(&new, fonts.clone(), &mut sources, &options)
            .map_err(|d| d.first().map_or(String::new(), |d| d.message.clone()))?;
        let what = product.name();
        for doc in &rendered.documents {
            let pages: Vec<&str> = doc.pages.iter().map(|p| p.svg.as_str()).collect();
            let bytes =
                pdf(&parser, &pages, doc.page_mm, &format!("{} — replacement {what} {edition}", new.game.title.ja))
                    .map_err(|e| e.0)?;
            staging.write(&format!("replacement-{what}-{edition}.pdf"), &bytes).map_err(|e| e.to_string())?;
            super::say_text(&format!("replacement sheet: {} {what} on {} page(s)", doc.pieces, doc.pages.len()));
        }
    }
    staging.commit().map_err(|e| e.to_string())?;
    super::say_text(&format!("wrote {}", out.display()));
    Ok(())
}
