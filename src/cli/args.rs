//! The command line as clap reads it: every command, its arguments and their help text. Doing is
//! kept apart, in the command modules.

use super::{find, layout, watch};
use crate::diag::print::Format;
use crate::layout::{Paper, Sides};
use crate::model::Pack;
use crate::render;
use crate::render::Product;
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};

/// The pack `build` and `check` use when none is given.
pub(super) const DEFAULT_PACK: &str = "data/dougram";

#[derive(Parser)]
#[command(name = "pnpkit", version, about = "Checks a board-game pack and builds its print-and-play edition")]
pub(super) struct Cli {
    #[command(subcommand)]
    pub(super) command: Command,
}

#[derive(Subcommand)]
pub(super) enum Command {
    /// Check the pack, then write its outputs into output/<pack>/ (nothing is written on errors).
    /// The output folder is replaced whole, in one step, and locked while it is written.
    Build {
        #[command(flatten)]
        pack: PackArgs,
        #[command(flatten)]
        print: PrintArgs,
    },
    /// Check the pack against the game's rules and print a summary.
    Check {
        #[command(flatten)]
        pack: PackArgs,
    },
    /// Work with rulebooks.
    Rules {
        #[command(subcommand)]
        command: RulesCommand,
    },
    /// Search cards, with filters: side:, deck:, tag:, name:, text:, number>N, the pack's typed
    /// card fields (ops>=3, era:early, famous), -negation.
    Cards {
        #[command(subcommand)]
        command: CardsCommand,
    },
    /// List the items of a collection a filter selects, with the filter of totals and free
    /// placements: `find data/twilight-struggle areas battleground stability>=3`.
    Find(find::FindArgs),
    /// Compare two editions of a pack: the changes, changes.json, an errata document and
    /// replacement sheets with only the changed cards and counter kinds.
    Errata {
        /// The old edition: a pack folder, or a folder at a git revision (`data/x@v1`).
        old: String,
        /// The new edition: a pack folder, or a folder at a git revision (`data/x@HEAD`).
        new: String,
        /// Output folder, replaced whole (default: output/<new pack>-errata-<edition>).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Print the changes as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Work with deck lists of collectible card games.
    Deck {
        #[command(subcommand)]
        command: DeckCommand,
    },
    /// Print the loaded model as JSON; with --context, what the templates of one piece receive.
    Dump {
        /// The pack folder.
        #[arg(default_value = DEFAULT_PACK)]
        pack: PathBuf,
        /// One piece's faces, each with its template and the context that template receives:
        /// `cards <card>`, `counters <counter kind>`, `units <unit>`, `markers <marker>`,
        /// `chits <label>`.
        #[arg(long, num_args = 2, value_names = ["KIND", "ID"])]
        context: Option<Vec<String>>,
    },
    /// Print an area map's box positions as CSV `id,x,y` (mm), the automatic layout filling in
    /// areas without one: `layout data/twilight-struggle --out layout.csv`.
    Layout(layout::LayoutArgs),
    /// Build, then build again whenever a file of the pack changes (only what changed is drawn
    /// again); with --serve, preview the pieces and sheets in a browser page that keeps itself up to date.
    Watch(watch::WatchArgs),
}

/// `search [PACK] QUERY…`, as typed.
#[derive(clap::Args)]
pub(super) struct SearchArgs {
    /// An optional pack folder, then the query (`-faction:neutral` excludes; `--json` and
    /// `--limit N` may stand anywhere).
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
    pub(super) words: Vec<String>,
    /// Print JSON.
    #[arg(long)]
    pub(super) json: bool,
    /// At most this many results (the output says when it left some out).
    #[arg(long, default_value_t = 20)]
    pub(super) limit: usize,
}

impl SearchArgs {
    /// The pack folder (the first word when it is one) and the query, with `--json` and
    /// `--limit N` written among the words taken as the options they are.
    pub(super) fn split(&mut self) -> Result<(PathBuf, String), String> {
        self.words = take_options(&self.words, &mut self.json, Some(&mut self.limit))?;
        let (pack, rest) = pack_and_rest(&self.words);
        Ok((pack, rest.join(" ")))
    }
}

/// A back offset as `flag` reads it (`X,Y` in mm), as the correction in back-page coordinates.
fn offset(flag: &str, text: Option<&str>) -> Result<(f64, f64), String> {
    let Some(text) = text else { return Ok((0.0, 0.0)) };
    let parts: Vec<Option<f64>> = text.split(',').map(|p| p.trim().parse::<f64>().ok()).collect();
    match parts.as_slice() {
        // X,Y is read on the calibration sheet from the front, through the paper. A printer shift
        // (px, py) of the back appears from the front as (-px, py), because duplex mirrors the
        // back left to right; the correction in back-page coordinates, (-px, -py), is therefore
        // (X, -Y). A landscape sheet is read on its own calibration sheet, in its own axes.
        [Some(x), Some(y)] if x.abs() <= 20.0 && y.abs() <= 20.0 => Ok((*x, -*y)),
        _ => Err(format!("{flag} `{text}` must be X,Y in mm, each within ±20 (e.g. 0.5,-1)")),
    }
}

/// A query's words without the command's options. The words take values that start with `-`
/// (`-faction:neutral`, a filter's negation), so clap hands over `--json` or `--limit 5` typed
/// after the first word as words: wherever they stand they are options. Any other word starting
/// with `--` is a mistyped option, not a query; after a `--` every word is the query's.
pub(super) fn take_options(
    words: &[String],
    json: &mut bool,
    mut limit: Option<&mut usize>,
) -> Result<Vec<String>, String> {
    let mut kept = Vec::new();
    let mut rest = words.iter();
    while let Some(word) = rest.next() {
        if word == "--" {
            kept.extend(rest.cloned()); // what follows `--` is the query's, as typed
            break;
        }
        let (name, inline) = match word.split_once('=') {
            Some((name, value)) if word.starts_with("--") => (name, Some(value.to_string())),
            _ => (word.as_str(), None),
        };
        match (name, limit.as_deref_mut()) {
            ("--json", _) if inline.is_none() => *json = true,
            ("--limit", Some(limit)) => {
                let value = inline.or_else(|| rest.next().cloned()).unwrap_or_default();
                *limit = value.parse().map_err(|_| format!("`--limit` takes a number of results, found `{value}`"))?;
            }
            _ if word.starts_with("--") && word.len() > 2 => {
                let known = if limit.is_some() { "`--json` and `--limit N`" } else { "`--json`" };
                return Err(format!("unknown option `{word}`; the options here are {known}"));
            }
            _ => kept.push(word.clone()),
        }
    }
    Ok(kept)
}

/// A command's words split into the pack folder — the first word when more follow and it holds
/// a pack.toml, else the default pack — and the words after it.
pub(super) fn pack_and_rest(words: &[String]) -> (PathBuf, &[String]) {
    match words.split_first() {
        Some((first, rest)) if !rest.is_empty() && Path::new(first).join("pack.toml").is_file() => {
            (PathBuf::from(first), rest)
        }
        _ => (PathBuf::from(DEFAULT_PACK), words),
    }
}

#[derive(Subcommand)]
pub(super) enum CardsCommand {
    /// Find cards.
    Search(SearchArgs),
}

#[derive(Subcommand)]
pub(super) enum RulesCommand {
    /// Find clauses, cards, units, places and terms, in Japanese or English.
    Search(SearchArgs),
    /// Turn a numbered plain-text rulebook (headings `N 見出し――`, clauses `N.N text`, items
    /// `・…`) into rules/*.md files, reporting duplicate numbers and gaps.
    Import {
        /// The text file.
        file: PathBuf,
        /// Where to write `rules/` (default: the current folder).
        #[arg(long, default_value = ".")]
        out: PathBuf,
        /// Overwrite rules files that differ from what the import writes (edited by hand, or
        /// imported from another text); without it such files stop the import.
        #[arg(long)]
        force: bool,
        /// When another import is writing the same rules folder, wait for it instead of stopping.
        #[arg(long)]
        wait: bool,
        /// How to print diagnostics.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
}

#[derive(Subcommand)]
pub(super) enum DeckCommand {
    /// Check a deck list (`COUNT CARD` per line) against the pack's deck-building rules.
    Check {
        /// The pack folder.
        pack: PathBuf,
        /// The deck list.
        list: PathBuf,
        /// How to print diagnostics.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
}

/// How `build` prints, as typed; [`PrintArgs::options`] checks and resolves it.
#[derive(clap::Args)]
pub(super) struct PrintArgs {
    /// Output folder (default: output/<pack name>). It is replaced whole, so it must be new, empty
    /// or an earlier build's output.
    #[arg(long)]
    pub(super) out: Option<PathBuf>,
    /// When another build is writing the same output folder, wait for it to finish instead of
    /// stopping at once.
    #[arg(long)]
    pub(super) wait: bool,
    /// Build only these products.
    #[arg(long, value_enum, value_delimiter = ',')]
    pub(super) only: Vec<Product>,
    /// Paper for every sheet: A4, A3 or Letter (default: the pack's [print] paper).
    #[arg(long)]
    pub(super) paper: Option<String>,
    /// Where your printer puts back pages relative to fronts, in mm: X,Y (right and down are
    /// positive). Measure it with the calibration sheet.
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    pub(super) back_offset: Option<String>,
    /// The same for landscape sheets (flipped on the short edge), measured on
    /// calibration-landscape.pdf.
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    pub(super) back_offset_landscape: Option<String>,
    /// Draw no bleed.
    #[arg(long)]
    pub(super) no_bleed: bool,
    /// Write PNG previews of every distinct face (png/…), as `[print] previews = true` does for
    /// every build.
    #[arg(long)]
    pub(super) previews: bool,
    /// Resolution of the PNG previews (default 300); asking for one asks for the previews.
    #[arg(long)]
    pub(super) png_dpi: Option<u32>,
    /// Write fronts and backs as separate PDFs instead of interleaved duplex pages.
    #[arg(long)]
    pub(super) split_backs: bool,
    /// Lay cards out for gutter-fold: fronts and backs side by side, fold in the middle.
    #[arg(long)]
    pub(super) fold: bool,
    /// Write every page as SVG too (svg/…), as `[print] svg = true` does for every build.
    #[arg(long)]
    pub(super) svg: bool,
    /// Give every duplex sheet a back page, even an empty one (for print shops that duplex every
    /// sheet), as `[print] blank_backs = true` does for every build.
    #[arg(long)]
    pub(super) blank_backs: bool,
    /// Where Tabletop Simulator finds the set's images: a URL or `file:///` folder that prefixes
    /// their paths in <pack>.tts.json (default: the pack's [print] tts_url, else the output
    /// folder's own absolute file:/// address, percent-encoded).
    #[arg(long, value_name = "PREFIX")]
    pub(super) tts_url: Option<String>,
    /// Living rules: the printed rulebook marks every clause changed since this edition (an id
    /// of the pack's [[editions]]) with a bar in the margin and lists the changes on a page of
    /// their own, with each errata note's reason.
    #[arg(long, value_name = "EDITION")]
    pub(super) changes_since: Option<String>,
    /// Also impose the rulebook as a saddle-stitched booklet (rules-booklet.pdf): pages of half
    /// the paper, two to a side of a landscape sheet in folding order; print duplex flipping on
    /// the short edge (the landscape back offset applies), fold and staple.
    #[arg(long)]
    pub(super) booklet: bool,
}

impl PrintArgs {
    /// Whether only face files are asked for (`--only png`, `--only pod`): no PDF is written.
    pub(super) fn faces_alone(&self) -> bool {
        !self.only.is_empty() && self.only.iter().all(|p| matches!(p, Product::Png | Product::Pod))
    }

    /// Whether rules.html is the only product asked for (`--only reference`).
    pub(super) fn reference_alone(&self) -> bool {
        self.only == [Product::Reference]
    }

    /// Whether `product` is written: every product when none is named.
    pub(super) fn wants(&self, product: Product) -> bool {
        self.only.is_empty() || self.only.contains(&product)
    }

    /// The render options these arguments ask for, or why they cannot be used.
    pub(super) fn options(&self, pack: &Pack) -> Result<render::Options, String> {
        let paper_name = self.paper.as_deref().unwrap_or(&pack.print.paper);
        let paper = Paper::named(paper_name)
            .ok_or_else(|| format!("unknown paper `{paper_name}`: use A4, A3, A2, A1 or Letter"))?;
        let back_offset = offset("--back-offset", self.back_offset.as_deref())?;
        let back_offset_landscape = offset("--back-offset-landscape", self.back_offset_landscape.as_deref())?;
        if let Some(dpi) = self.png_dpi.filter(|d| !(36..=1200).contains(d)) {
            return Err(format!("--png-dpi {dpi} is out of range: use 36 to 1200"));
        }
        let mut options = render::Options::new(paper);
        options.back_offset = back_offset;
        options.back_offset_landscape = back_offset_landscape;
        options.bleed = !self.no_bleed;
        if self.fold {
            options.card_sides = Sides::Fold;
        }
        options.blank_backs = self.blank_backs || pack.print.blank_backs;
        if !self.only.is_empty() {
            options.only = self.only.clone();
        }
        // The digital tables are made from the faces and the map drawn for print.
        if self.wants(Product::Vassal) || self.wants(Product::Tts) {
            for product in [Product::Counters, Product::Chits, Product::Cards, Product::Map] {
                if !options.only.contains(&product) {
                    options.only.push(product);
                }
            }
        }
        // `--only png` or `pod` alone: the faces of every product that has them, and no PDF.
        if self.faces_alone() {
            options.only = vec![Product::Counters, Product::Chits, Product::Cards];
        } else if self.only.contains(&Product::Pod) {
            for product in [Product::Counters, Product::Chits, Product::Cards] {
                if !options.only.contains(&product) {
                    options.only.push(product);
                }
            }
        }
        Ok(options)
    }
}

#[derive(clap::Args)]
pub(super) struct PackArgs {
    /// The pack folder.
    #[arg(default_value = DEFAULT_PACK)]
    pub(super) pack: PathBuf,
    /// Treat provisional values as errors.
    #[arg(long)]
    pub(super) strict: bool,
    /// A release: provisional values, placeholder text and incomplete sets are errors, and no
    /// page says PROOF (without it, a build is a proof with its notes in proof.pdf).
    #[arg(long)]
    pub(super) release: bool,
    /// List every provisional value (by default one line per kind of thing and file, counted).
    #[arg(long, visible_alias = "verbose")]
    pub(super) provisional: bool,
    /// How to print diagnostics.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub(super) format: Format,
}

impl PackArgs {
    /// `diags` as they are printed: provisional values counted per kind unless `--provisional`
    /// asks for each or JSON is wanted.
    pub(super) fn shown<'d>(
        &self,
        diags: &'d [crate::diag::Diagnostic],
    ) -> std::borrow::Cow<'d, [crate::diag::Diagnostic]> {
        if self.provisional || self.format == Format::Json {
            diags.into()
        } else {
            crate::check::provisional::summarised(diags).into()
        }
    }
}
