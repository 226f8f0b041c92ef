//! `pnpkit errata OLD NEW`: what changed between two editions of a pack, as a list on the
//! terminal, `changes.json`, an errata document in Markdown with the changed characters (or words)
//! marked, and replacement sheets holding only the changed cards and counter kinds.

use std::path::Path;
use std::sync::Arc;

use crate::diag::{Diagnostic, Sources};
use crate::emit::{pdf, OutputLock, Staging, SvgParser};
use crate::errata::{describe, diff};
use crate::layout::Paper;
use crate::messages::Messages;
use crate::render;
use crate::render::Product;

/// Runs the command: `old` and `new` are pack folders, each optionally at a git revision (`data/x@v1`).
pub(super) fn run(old: &str, new: &str, out: Option<&Path>, json: bool) -> Result<(), String> {
    // The output may be none of the packs' folders, nor hold or lie in one.
    let packs = [old, new].map(|arg| crate::load::git::split_revision(arg).0);
    let mut sources = Sources::default();
    let mut load = |arg: &str| {
        let (dir, revision) = crate::load::git::split_revision(arg);
        crate::load::pack_at(&dir, revision.as_deref(), &mut sources).map_err(|e| {
            // A revision that cannot be read (or is larger than pnpkit reads: E0137) keeps its code.
            let d = Diagnostic::error(e.code, e.message);
            super::report(&Sources::default(), &[d], crate::diag::print::Format::Human);
            "an edition does not load".to_string()
        })
    };
    // Each `Loaded` keeps its git checkout alive while the new edition's sheets are rendered.
    let (old, new) = (load(old)?, load(new)?);
    let errors: Vec<Diagnostic> = old.diags.iter().chain(&new.diags).filter(|d| d.is_error()).cloned().collect();
    let (old, new) = (&old.pack, &new.pack);
    if !errors.is_empty() {
        super::report(&sources, &errors, crate::diag::print::Format::Human);
        return Err("an edition does not load".into());
    }
    let changes = diff(old, new);
    if json {
        super::say_text(&serde_json::to_string_pretty(&changes).unwrap_or_default());
    } else {
        for c in &changes {
            super::say_text(&describe(c));
        }
        super::say_text(&format!("{} change(s) from {} to {}", changes.len(), old.game.edition, new.game.edition));
    }
    // With --json, standard output carries the JSON alone (so it can be piped to a parser); what
    // was written is told on standard error.
    let progress = |line: &str| {
        if json {
            eprintln!("{line}");
        } else {
            super::say_text(line);
        }
    };
    // An edition is the pack's text: as a file name it is made safe (`../x` cannot climb).
    let edition = &*crate::emit::file_name(&new.game.edition);
    let out = out.map(Path::to_path_buf).unwrap_or_else(|| {
        Path::new("output").join(crate::emit::file_name(&format!("{}-errata-{edition}", new.id)).as_ref())
    });
    // Beside the build's output, not in it: a build replaces its folder whole.
    let lock = OutputLock::acquire(&out, false, "errata", &packs).map_err(|e| {
        super::print_lock_error(&out, &e);
        "the errata were not written".to_string()
    })?;
    let mut staging = Staging::new(lock).map_err(|e| e.to_string())?;
    staging
        .write("changes.json", serde_json::to_string_pretty(&changes).unwrap_or_default().as_bytes())
        .map_err(|e| e.to_string())?;
    // The PDFs' title: the game's in the pack's first language.
    let game = Messages::of(new).first_name(&new.game.title).to_string();
    let fonts = Arc::new(render::fonts_for(new).map_err(|_| "a font could not be loaded".to_string())?);
    let parser = SvgParser::new(&fonts);
    let paper = Paper::named(&new.print.paper).unwrap_or(Paper::A4);
    // The replacement map (the page, and the tiles a change lies on), named in the document.
    let map = replacement_map(old, new, &changes, &fonts, paper);
    let note = map.as_ref().map(|(note, _)| note);
    staging
        .write(&format!("errata-{edition}.md"), crate::errata::markdown_with_map(old, new, &changes, note).as_bytes())
        .map_err(|e| e.to_string())?;
    let (document, warnings) = crate::errata::document::pages_with_map(old, new, (&changes, note), &fonts, paper);
    // The page checks' findings (text that does not fit, in the margin, over other text).
    if !warnings.is_empty() {
        super::report(&sources, &warnings, crate::diag::print::Format::Human);
    }
    let svgs: Vec<_> = document.iter().map(crate::emit::PdfPage::of).collect();
    let bytes = pdf(&parser, &svgs, (paper.width, paper.height), &format!("{} — errata {}", game, new.game.edition))
        .map_err(|e| e.0)?;
    staging.write(&format!("errata-{edition}.pdf"), &bytes).map_err(|e| e.to_string())?;
    // Replacement sheets: only the cards and counter kinds whose faces changed, imposed like the
    // full set (a counter kind at its full count, since every copy of it is wrong).
    let reprint = crate::errata::reprint(new, &changes);
    let sets =
        [(Product::Cards, reprint.cards), (Product::Counters, reprint.counters), (Product::Chits, reprint.chits)];
    for (product, ids) in sets {
        if ids.is_empty() {
            continue;
        }
        let mut options = render::Options::new(paper);
        options.only = vec![product];
        options.piece_ids = Some(ids);
        let rendered = render::render(new, fonts.clone(), &mut sources, &options)
            .map_err(|d| d.first().map_or(String::new(), |d| d.message.clone()))?;
        let what = product.name();
        for doc in &rendered.documents {
            let pages: Vec<_> = doc.pages.iter().map(crate::emit::PdfPage::of).collect();
            let bytes =
                pdf(&parser, &pages, doc.page_mm, &format!("{} — replacement {what} {}", game, new.game.edition))
                    .map_err(|e| e.0)?;
            staging.write(&format!("replacement-{what}-{edition}.pdf"), &bytes).map_err(|e| e.to_string())?;
            progress(&format!("replacement sheet: {} {what} on {} page(s)", doc.pieces, doc.pages.len()));
        }
    }
    if let Some((note, documents)) = &map {
        for doc in documents {
            let pages: Vec<_> = doc.pages.iter().map(crate::emit::PdfPage::of).collect();
            let title = format!("{} — replacement {} {}", game, doc.name, new.game.edition);
            let bytes = pdf(&parser, &pages, doc.page_mm, &title).map_err(|e| e.0)?;
            staging.write(&format!("replacement-{}-{edition}.pdf", doc.name), &bytes).map_err(|e| e.to_string())?;
        }
        let tiles = match &note.tiles_file {
            Some(file) => {
                format!("{} tile(s) of {} ({}) in {file}, ", note.tiles.len(), note.tiles_in_set, note.tiles.join(", "))
            }
            None => String::new(),
        };
        progress(&format!("replacement map: {tiles}the whole map in {}", note.page_file));
    }
    staging.commit().map_err(|e| e.to_string())?;
    progress(&format!("wrote {}", out.display()));
    Ok(())
}

/// The replacement map for `changes`: the new edition's map page at its published size, and the
/// tiles of `paper` whose window holds a changed hex, place or area — where the old edition's page
/// had it (a removed or moved thing) or where the new one's has it. `None` when no change touches
/// the map.
fn replacement_map(
    old: &crate::model::Pack,
    new: &crate::model::Pack,
    changes: &[crate::errata::Change],
    fonts: &crate::text::Fonts,
    paper: Paper,
) -> Option<(crate::errata::MapNote, Vec<render::Document>)> {
    let touch = crate::errata::map_touch(old, new, changes)?;
    let was: Vec<_> = render::maps::reprint::map_marks(old, fonts)
        .into_iter()
        .filter(|m| touch.touches(&m.key, true))
        .map(|m| m.extent)
        .collect();
    let now = |key: &str| touch.touches(key, false);
    let touched: Option<&dyn Fn(&str) -> bool> = if touch.whole { None } else { Some(&now) };
    let map = render::maps::reprint::replacement_map(new, fonts, paper, &was, touched)?;
    let edition = crate::emit::file_name(&new.game.edition);
    let file = |doc: &render::Document| format!("replacement-{}-{edition}.pdf", doc.name);
    let note = crate::errata::MapNote {
        page_file: map.documents.first().map(file).unwrap_or_default(),
        tiles_file: map.documents.get(1).map(file),
        tiles: map.tiles,
        tiles_in_set: map.tiles_in_set,
    };
    Some((note, map.documents))
}
