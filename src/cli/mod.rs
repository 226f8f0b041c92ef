//! The command line: `pnpkit build`, `pnpkit check`, `pnpkit dump`. Parsing (clap) is kept apart
//! from doing; each command is a function returning the process exit status: 0 success, 1 the
//! pack has errors (or output could not be written), 2 bad command-line usage.

mod build;
mod errata;
mod pdfs;
mod summary;

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use std::sync::Arc;

use crate::check;
use crate::diag::print::{self, Format};
use crate::diag::{Code, Diagnostic, Sources};
use crate::layout::{Paper, Sides};
use crate::model::Pack;
use crate::render;
use crate::render::Product;

/// Prints a line on stdout; a closed pipe (`pnpkit … | head`) ends the output quietly instead of
/// panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

mod find;
mod layout;
mod watch;

/// Prints a line on stdout (see `say!`), for the command modules.
fn say_text(text: &str) {
    say!("{text}");
}

/// The pack `build` and `check` use when none is given.
pub const DEFAULT_PACK: &str = "data/dougram";

#[derive(Parser)]
#[command(name = "pnpkit", version, about = "Checks a board-game pack and builds its print-and-play edition")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
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
    /// again); with --serve, preview the pieces and sheets in a browser that reloads itself.
    Watch(watch::WatchArgs),
}

/// `search [PACK] QUERY…`, as typed.
#[derive(clap::Args)]
struct SearchArgs {
    /// An optional pack folder, then the query (put `--` before a query that starts with `-`).
    #[arg(required = true, num_args = 1..)]
    words: Vec<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// At most this many results (the output says when it left some out).
    #[arg(long, default_value_t = 20)]
    limit: usize,
}

impl SearchArgs {
    /// The pack folder (the first word when it is one) and the query.
    fn split(&self) -> (PathBuf, String) {
        let (pack, rest) = pack_and_rest(&self.words);
        (pack, rest.join(" "))
    }
}

/// A command's words split into the pack folder — the first word when more follow and it holds
/// a pack.toml, else the default pack — and the words after it.
fn pack_and_rest(words: &[String]) -> (PathBuf, &[String]) {
    match words.split_first() {
        Some((first, rest)) if !rest.is_empty() && Path::new(first).join("pack.toml").is_file() => {
            (PathBuf::from(first), rest)
        }
        _ => (PathBuf::from(DEFAULT_PACK), words),
    }
}

#[derive(Subcommand)]
enum CardsCommand {
    /// Find cards.
    Search(SearchArgs),
}

#[derive(Subcommand)]
enum RulesCommand {
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
enum DeckCommand {
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
struct PrintArgs {
    /// Output folder (default: output/<pack name>). It is replaced whole, so it must be new, empty
    /// or an earlier build's output.
    #[arg(long)]
    out: Option<PathBuf>,
    /// When another build is writing the same output folder, wait for it to finish instead of
    /// stopping at once.
    #[arg(long)]
    wait: bool,
    /// Build only these products.
    #[arg(long, value_enum, value_delimiter = ',')]
    only: Vec<Product>,
    /// Paper for every sheet: A4, A3 or Letter (default: the pack's [print] paper).
    #[arg(long)]
    paper: Option<String>,
    /// Where your printer puts back pages relative to fronts, in mm: X,Y (right and down are
    /// positive). Measure it with the calibration sheet.
    #[arg(long, value_name = "X,Y", allow_hyphen_values = true)]
    back_offset: Option<String>,
    /// Draw no bleed.
    #[arg(long)]
    no_bleed: bool,
    /// Write PNG previews of every distinct face (png/…), as `[print] previews = true` does for
    /// every build.
    #[arg(long)]
    previews: bool,
    /// Resolution of the PNG previews (default 300); asking for one asks for the previews.
    #[arg(long)]
    png_dpi: Option<u32>,
    /// Write fronts and backs as separate PDFs instead of interleaved duplex pages.
    #[arg(long)]
    split_backs: bool,
    /// Lay cards out for gutter-fold: fronts and backs side by side, fold in the middle.
    #[arg(long)]
    fold: bool,
    /// Write every page as SVG too (svg/…), as `[print] svg = true` does for every build.
    #[arg(long)]
    svg: bool,
    /// Give every duplex sheet a back page, even an empty one (for print shops that duplex every
    /// sheet), as `[print] blank_backs = true` does for every build.
    #[arg(long)]
    blank_backs: bool,
    /// Where Tabletop Simulator finds the set's images: a URL or `file:///` folder that prefixes
    /// their paths in <pack>.tts.json (default: the pack's [print] tts_url, else paths relative
    /// to the output folder).
    #[arg(long, value_name = "PREFIX")]
    tts_url: Option<String>,
}

impl PrintArgs {
    /// Whether `--only png` is the only product asked for.
    fn png_alone(&self) -> bool {
        !self.only.is_empty() && self.only.iter().all(|p| *p == Product::Png)
    }

    /// Whether `product` is written: every product when none is named.
    fn wants(&self, product: Product) -> bool {
        self.only.is_empty() || self.only.contains(&product)
    }

    /// The render options these arguments ask for, or why they cannot be used.
    fn options(&self, pack: &Pack) -> Result<render::Options, String> {
        let paper_name = self.paper.as_deref().unwrap_or(&pack.print.paper);
        let paper = Paper::named(paper_name)
            .ok_or_else(|| format!("unknown paper `{paper_name}`: use A4, A3, A2, A1 or Letter"))?;
        let back_offset = match &self.back_offset {
            None => (0.0, 0.0),
            Some(text) => {
                let parts: Vec<Option<f64>> = text.split(',').map(|p| p.trim().parse::<f64>().ok()).collect();
                match parts.as_slice() {
                    // X,Y is read on the calibration sheet from the front, through the paper. A printer
                    // shift (px, py) of the back appears from the front as (-px, py), because
                    // long-edge duplex mirrors the back left to right; the correction in back-page
                    // coordinates, (-px, -py), is therefore (X, -Y).
                    [Some(x), Some(y)] if x.abs() <= 20.0 && y.abs() <= 20.0 => (*x, -*y),
                    _ => {
                        return Err(format!("--back-offset `{text}` must be X,Y in mm, each within ±20 (e.g. 0.5,-1)"))
                    }
                }
            }
        };
        if let Some(dpi) = self.png_dpi.filter(|d| !(36..=1200).contains(d)) {
            return Err(format!("--png-dpi {dpi} is out of range: use 36 to 1200"));
        }
        let mut options = render::Options::new(paper);
        options.back_offset = back_offset;
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
        // `--only png` alone: the previews of every product that has faces, and no PDF.
        if self.png_alone() {
            options.only = vec![Product::Counters, Product::Chits, Product::Cards];
        }
        Ok(options)
    }
}

#[derive(clap::Args)]
struct PackArgs {
    /// The pack folder.
    #[arg(default_value = DEFAULT_PACK)]
    pack: PathBuf,
    /// Treat provisional values as errors.
    #[arg(long)]
    strict: bool,
    /// How to print diagnostics.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

/// Runs pnpkit with `args` (the first is the program name) and returns the exit status.
pub fn run(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    // Every command is held to the process-wide ceiling, reported in its diagnostics' format.
    match &cli.command {
        Command::Check { pack } => watch_renders(pack.format, "check"),
        Command::Build { pack, .. } => watch_renders(pack.format, "build"),
        Command::Watch(_) => watch_renders(Format::Human, "watch"),
        _ => watch_renders(Format::Human, "command"),
    }
    match cli.command {
        Command::Check { pack } => {
            let Some(Checked { pack: loaded, sources, diags, .. }) = load_and_check(&pack) else {
                return ExitCode::FAILURE;
            };
            report(&sources, &diags, pack.format);
            if pack.format != Format::Json {
                say!("{}", summary::text(&loaded, &diags));
            }
            status(&diags)
        }
        Command::Build { pack, print } => run_build(&pack, &print),
        Command::Rules { command: RulesCommand::Import { file, out, format, force, wait } } => {
            import_rules(&file, &out, format, force, wait)
        }
        Command::Rules { command: RulesCommand::Search(args) } => search(&args, false),
        Command::Errata { old, new, out, json } => match errata::run(&old, &new, out.as_deref(), json) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Cards { command: CardsCommand::Search(args) } => search(&args, true),
        Command::Find(args) => find::run(&args),
        Command::Layout(args) => layout::run(&args),
        Command::Watch(args) => watch::run(args),
        Command::Deck { command: DeckCommand::Check { pack, list, format } } => check_deck(&pack, &list, format),
        Command::Dump { pack, context } => {
            let mut sources = Sources::default();
            let (loaded, diags) = crate::load::pack(&pack, &mut sources);
            if diags.iter().any(Diagnostic::is_error) {
                report(&sources, &diags, Format::Human);
                return ExitCode::FAILURE;
            }
            let json = match context.as_deref() {
                Some([kind, id]) => match render::pieces::faces::contexts(&loaded, kind, id) {
                    Ok(faces) => serde_json::to_string_pretty(&faces),
                    Err(e) => {
                        eprintln!("error: {e}");
                        return ExitCode::from(2);
                    }
                },
                _ => serde_json::to_string_pretty(&loaded),
            };
            match json {
                Ok(json) => {
                    say!("{json}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// Starts the render watchdog: a face render that runs past its deadline or grows the process
/// past its memory ceiling is reported as E0133 and ends the process with status 1. Faces render
/// before any output is staged, so nothing is written and the previous output stays.
///
/// The whole command is held to a ceiling of time and memory too (E0138); `watch`, which runs
/// until stopped, to the memory one only.
fn watch_renders(format: Format, command: &'static str) {
    let mut limits = render::templates::watchdog::Limits::from_env();
    if command == "watch" {
        limits.process_deadline = None;
    }
    render::templates::watchdog::install(
        limits,
        Box::new(move |trip| {
            let mut sources = Sources::default();
            let d = trip.diagnostic(&mut sources);
            report(&sources, &[d], format);
            if command == "build" {
                eprintln!("build stopped; nothing was written");
            }
            let _ = std::io::stdout().flush();
            let _ = std::io::stderr().flush();
            std::process::exit(1);
        }),
    );
}

/// Locks the output folder `out` of `pnpkit <command>` reading `packs` for this process, or prints
/// why it may not be written (who holds it, or why the folder is not pnpkit's to replace).
fn lock_output(
    out: &Path,
    wait: bool,
    command: &'static str,
    packs: &[PathBuf],
) -> Result<crate::emit::OutputLock, ExitCode> {
    crate::emit::OutputLock::acquire(out, wait, command, packs).map_err(|e| {
        print_lock_error(out, &e);
        ExitCode::FAILURE
    })
}

/// Prints why the output folder `out` cannot be written, with what to do about it.
fn print_lock_error(out: &Path, e: &std::io::Error) {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::WouldBlock => {
            eprintln!("error: {e}; nothing was written\n  = help: wait for it to finish, or pass --wait")
        }
        ErrorKind::AlreadyExists => {
            eprintln!("error: {e}; nothing was written\n  = help: choose another --out, or empty the folder yourself")
        }
        ErrorKind::InvalidInput => eprintln!(
            "error: --out {e}; nothing was written\n  = help: choose a folder of its own outside the pack, such as \
             output/<pack>"
        ),
        _ => eprintln!("error: cannot lock {}: {e}; nothing was written", out.display()),
    }
}

/// `pnpkit build`: lock the output, check, render, write; nothing is written unless every step
/// succeeded.
fn run_build(pack: &PackArgs, print: &PrintArgs) -> ExitCode {
    build_reusing(pack, print, &mut build::Reuse::default()).code
}

/// One build, printing its diagnostics and what it wrote: from what `reuse` kept of an earlier
/// build (faces drawn, PDFs written), which then keeps this build's for the next (`watch`).
fn build_reusing(pack: &PackArgs, print: &PrintArgs, reuse: &mut build::Reuse) -> build::Outcome {
    use build::Outcome;
    // The output is locked before anything else, so a second build into it stops at once and a
    // folder that is not pnpkit's to replace is refused before any work.
    let out = print.out.clone().unwrap_or_else(|| Path::new("output").join(crate::load::pack_id(&pack.pack)));
    let lock = match lock_output(&out, print.wait, "build", std::slice::from_ref(&pack.pack)) {
        Ok(lock) => lock,
        Err(code) => return Outcome::failed(code),
    };
    let Some(Checked { pack: loaded, mut sources, mut diags, revisions }) = load_and_check(pack) else {
        return Outcome::failed(ExitCode::FAILURE);
    };
    let stop = |loaded: Pack, sources: Sources, diags: Vec<Diagnostic>, why: &str, reuse: &mut build::Reuse| {
        reuse.report(&sources, &diags, pack.format);
        eprintln!("build stopped: {why}; nothing was written");
        Outcome { code: ExitCode::FAILURE, pack: Some(loaded), sources, diags, rendered: None }
    };
    if diags.iter().any(Diagnostic::is_error) {
        return stop(loaded, sources, diags, "the pack has errors", reuse);
    }
    let options = match print.options(&loaded) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return Outcome::failed(ExitCode::from(2));
        }
    };
    let fonts = match render::fonts_for(&loaded) {
        Ok(f) => Arc::new(f),
        Err(errors) => {
            diags.extend(errors);
            return stop(loaded, sources, diags, "a font could not be loaded", reuse);
        }
    };
    // The rules reference needs nothing the sheets do: it is made on another core meanwhile, and
    // each document's PDF is written on the others while the next products are rendered.
    let want_reference = print.wants(Product::Reference) || print.wants(Product::Vassal);
    let parser = crate::emit::SvgParser::for_pack(&fonts, &loaded.root);
    let wanted: Vec<Product> = [Product::Vassal, Product::Tts].into_iter().filter(|p| print.wants(*p)).collect();
    let tts_url = print.tts_url.as_deref().unwrap_or(&loaded.print.tts_url);
    let (rendered, reference, tables, pdfs) = std::thread::scope(|scope| {
        // Without earlier editions that load, the reference simply carries no history.
        let reference = want_reference.then(|| scope.spawn(|| crate::reference::html(&loaded, &revisions)));
        let pdfs = pdfs::Pdfs::start(scope, (&parser, &loaded), print.split_backs, &reuse.pdfs);
        let write_pdfs = !print.png_alone();
        let rendered =
            render::render_with(&loaded, (fonts.clone(), &mut reuse.faces), &mut sources, &options, &mut |doc| {
                if write_pdfs && print.wants(doc.product) {
                    pdfs.add(doc);
                }
            });
        let reference = reference.map(|r| r.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        // The digital tables are made while the last PDFs are still being written.
        let html = reference.as_ref().and_then(|r| r.as_ref().ok()).map(String::as_str);
        let tables = rendered
            .as_ref()
            .ok()
            .map(|r| crate::play::files((&parser, &loaded, r), html, (&wanted, tts_url), &mut reuse.tables));
        (rendered, reference, tables, pdfs.finish())
    });
    let mut rendered = match rendered {
        Ok(r) => r,
        Err(errors) => {
            diags.extend(errors);
            return stop(loaded, sources, diags, "a component could not be drawn", reuse);
        }
    };
    let rules_html = match reference {
        Some(Ok(html)) => Some(html),
        Some(Err(d)) => {
            diags.push(d);
            return stop(loaded, sources, diags, "the rules reference could not be drawn", reuse);
        }
        None => None,
    };
    match tables.unwrap_or_else(|| Ok(Vec::new())) {
        Ok(files) => rendered.files.extend(files),
        Err(e) => {
            diags.push(Diagnostic::error(crate::diag::Code::LAYOUT, e).with_hint("see the face or page named"));
            return stop(loaded, sources, diags, "a digital table could not be made", reuse);
        }
    }
    // Products drawn only for the digital tables are not written.
    rendered.documents.retain(|d| print.wants(d.product));
    if let Some(html) = rules_html.filter(|_| print.wants(Product::Reference)) {
        rendered.files.push(("rules.html".into(), html.into_bytes()));
    }
    diags.extend(rendered.warnings.iter().cloned().map(|w| strict_layout(w, pack.strict)));
    if diags.iter().any(Diagnostic::is_error) {
        return stop(
            loaded,
            sources,
            diags,
            "--strict: text does not fit, or lies in the margin or over other text",
            reuse,
        );
    }
    reuse.report(&sources, &diags, pack.format);
    eprintln!("building {} into {}", loaded.id, out.display());
    // Previews only when asked for: they cost more than all the PDFs together.
    let previews =
        print.previews || print.png_dpi.is_some() || loaded.print.previews || print.only.contains(&Product::Png);
    let plan = build::Plan {
        split_backs: print.split_backs,
        png_dpi: previews.then(|| print.png_dpi.unwrap_or(300)),
        svg: print.svg || loaded.print.svg,
        pdfs: !print.png_alone(),
    };
    match build::write((&loaded, &rendered, &diags), (&parser, pdfs, &mut reuse.pdfs), &plan, lock) {
        Ok(written) => {
            say!("{}", summary::text(&loaded, &diags));
            say!("wrote {} files into {}", written.len() + 1, out.display());
            Outcome { code: ExitCode::SUCCESS, pack: Some(loaded), sources, diags, rendered: Some(rendered) }
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", out.display());
            Outcome { code: ExitCode::FAILURE, pack: Some(loaded), sources, diags, rendered: None }
        }
    }
}

/// `pnpkit deck check`: the list against the pack's deck-building rules; 0 when it is legal.
fn check_deck(pack: &Path, list: &Path, format: Format) -> ExitCode {
    let mut sources = Sources::default();
    let (loaded, mut diags) = crate::load::pack(pack, &mut sources);
    if diags.iter().any(Diagnostic::is_error) {
        report(&sources, &diags, format);
        return ExitCode::FAILURE;
    }
    diags.clear();
    let deck = match crate::load::decklist::read(list, &mut sources) {
        Ok((deck, problems)) => {
            diags.extend(problems);
            deck
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if !crate::load::decklist::unreadable(&diags) {
        diags.extend(check::decklist::check(&loaded, &deck));
    }
    report(&sources, &diags, format);
    if format != Format::Json {
        let cards: u32 = deck.entries.iter().map(|e| e.count.value).sum();
        let verdict = if diags.iter().any(Diagnostic::is_error) { "not legal" } else { "legal" };
        say!("{}: {cards} cards in {} lines: {verdict}", list.display(), deck.entries.len());
    }
    status(&diags)
}

/// `pnpkit rules search` and `pnpkit cards search`: at most `--limit` results, and how many
/// there were when the limit cut them; exit 1 for a pack that does not load or a card query
/// that names no filter or misuses one.
fn search(args: &SearchArgs, cards: bool) -> ExitCode {
    let (dir, query) = args.split();
    let mut sources = Sources::default();
    let (pack, mut diags) = crate::load::pack(&dir, &mut sources);
    if diags.iter().any(Diagnostic::is_error) {
        report(&sources, &diags, Format::Human);
        return ExitCode::FAILURE;
    }
    // Earlier editions' wordings are searched as the page searches them.
    let earlier = earlier_editions(&pack, &mut sources, &mut diags);
    let chain: Vec<&Pack> = earlier.iter().map(|e| &e.pack).chain([&pack]).collect();
    let index = crate::reference::Index::of(&pack, &crate::errata::revisions(&chain));
    let (hits, total) = if cards {
        match crate::reference::search_cards(&index, &query) {
            Ok(mut hits) => {
                let total = hits.len();
                hits.truncate(args.limit);
                (hits, total)
            }
            Err(e) => {
                eprint!("{}", query_error(&query, &e));
                return ExitCode::FAILURE;
            }
        }
    } else {
        index.search(&query, args.limit)
    };
    let msg = crate::messages::Messages::of(&pack);
    if args.json {
        let found = Found { total, hits: &hits };
        say!("{}", serde_json::to_string_pretty(&found).unwrap_or_default());
    } else if total == 0 {
        say!("{}", msg.fill_first("search.none", &[("query", &query)]));
    } else {
        let bold = std::io::IsTerminal::is_terminal(&std::io::stdout());
        for h in &hits {
            say!("{}", hit_lines(&msg, h, bold));
        }
        if total > hits.len() {
            let (shown, total) = (hits.len().to_string(), total.to_string());
            let args = [("shown", shown.as_str()), ("total", total.as_str())];
            say!("{}; {}", msg.fill_first("search.cut", &args), msg.fill_first("search.all", &args));
        }
    }
    ExitCode::SUCCESS
}

/// One result as the terminal shows it: kind, number, title and where it belongs, its anchor id,
/// then its snippet indented, matched words in bold on a terminal.
fn hit_lines(msg: &crate::messages::Messages, h: &crate::reference::Hit, bold: bool) -> String {
    let kind = msg.first(&format!("search.{}", h.kind.name()));
    let marked = |text: &str, marks: &[(usize, usize)]| -> String {
        if !bold {
            return text.to_string();
        }
        let mut out = String::new();
        for (i, c) in text.chars().enumerate() {
            if marks.iter().any(|m| m.0 == i) {
                out.push_str("\x1b[1m");
            }
            out.push(c);
            if marks.iter().any(|m| m.1 == i + 1) {
                out.push_str("\x1b[0m");
            }
        }
        out
    };
    let head = [h.number.as_str(), &marked(&h.title, &h.title_marks), &h.context]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
    let mut text = format!("{kind}{} {head}  ({})", " ".repeat(8usize.saturating_sub(columns(&kind))), h.id);
    if !h.snippet.is_empty() {
        text.push_str(&format!("\n         {}", marked(&h.snippet, &h.marks)));
    }
    text
}

/// What `--json` prints for a search: how many results there were, and those shown.
#[derive(serde::Serialize)]
struct Found<'a> {
    total: usize,
    hits: &'a [crate::reference::Hit],
}

/// A query error as the terminal shows it: the message, the query with the faulty part
/// underlined, the hints.
fn query_error(query: &str, e: &crate::reference::QueryError) -> String {
    let start = e.span.start.min(query.len());
    let end = e.span.end.clamp(start, query.len());
    let (before, at) = (query.get(..start).unwrap_or(""), query.get(start..end).unwrap_or(""));
    let mut text = format!(
        "error: {}\n  {query}\n  {}{}\n",
        e.message,
        " ".repeat(columns(before)),
        "^".repeat(columns(at).max(1))
    );
    for hint in &e.hints {
        text.push_str(&format!("  = help: {hint}\n"));
    }
    text
}

/// How many terminal columns `text` takes (wide characters two).
fn columns(text: &str) -> usize {
    text.chars().map(|c| if is_wide(c) { 2 } else { 1 }).sum()
}

/// Whether a terminal gives `c` two columns (CJK, kana, full-width forms).
fn is_wide(c: char) -> bool {
    matches!(
        c,
        '\u{1100}'..='\u{115F}'
            | '\u{2E80}'..='\u{A4CF}'
            | '\u{AC00}'..='\u{D7A3}'
            | '\u{F900}'..='\u{FAFF}'
            | '\u{FE30}'..='\u{FE4F}'
            | '\u{FF00}'..='\u{FF60}'
            | '\u{FFE0}'..='\u{FFE6}'
    )
}

/// `pnpkit rules import`: the sections of a plain-text rulebook as rules/*.md, with the numbering
/// problems the checks find reported as warnings (the import itself succeeds). The rules folder is
/// locked and replaced whole, like a build's output: a killed import leaves it all old or all new.
fn import_rules(file: &Path, out: &Path, format: Format, force: bool, wait: bool) -> ExitCode {
    let limit = crate::load::confine::limit::RULEBOOK;
    let bytes =
        crate::load::confine::read_bounded(file, limit).map_err(|why| why.describe(&file.display().to_string()));
    let text =
        match bytes.and_then(|b| String::from_utf8(b).map_err(|e| format!("`{}` is not UTF-8: {e}", file.display()))) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: cannot read {e}");
                return ExitCode::FAILURE;
            }
        };
    let dir = out.join("rules");
    // Locked before the folder is read, so what --force protects cannot change under us.
    let lock = match crate::emit::OutputLock::acquire_shared(&dir, wait, "rules import") {
        Ok(lock) => lock,
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
            eprintln!("error: {e}; nothing was written\n  = help: wait for it to finish, or pass --wait");
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("error: cannot lock {}: {e}; nothing was written", dir.display());
            return ExitCode::FAILURE;
        }
    };
    let mut sources = Sources::default();
    let id = sources.add(file, text.clone());
    let sections = crate::load::import::rulebook(id, &text);
    let clauses: usize = sections.iter().map(|s| s.clauses.len()).sum();
    let mut pack = Pack::default();
    pack.rules.sections = sections;
    let mut diags = check::pack(&pack, check::Options::default());
    for d in &mut diags {
        d.severity = crate::diag::Severity::Warning;
    }
    report(&sources, &diags, format);
    let files = crate::load::import::to_markdown(&pack.rules.sections);
    // A file that differs from what the import writes may hold the designer's edits: without
    // --force, nothing is written.
    let differing: Vec<&str> = files
        .iter()
        .filter(|(name, body)| std::fs::read(dir.join(name)).is_ok_and(|old| old != body.as_bytes()))
        .map(|(name, _)| name.as_str())
        .collect();
    if !differing.is_empty() && !force {
        eprintln!(
            "error: {} file(s) in {} differ from the import: {}; nothing was written\n  = help: they may have \
             been edited by hand; pass --force to overwrite them",
            differing.len(),
            dir.display(),
            differing.join(", ")
        );
        return ExitCode::FAILURE;
    }
    match write_rules(lock, &dir, &files) {
        Ok(()) => {
            say!("imported {} sections, {clauses} clauses into {}", pack.rules.sections.len(), dir.display());
            say!(
                "{} numbering problem(s) reported above; ids are generated from the numbers: rename them as you like",
                diags.len()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", dir.display());
            ExitCode::FAILURE
        }
    }
}

/// Replaces the locked rules folder `dir` whole with one holding the imported `files`: staged
/// beside it, then swapped in one step. Every other file in it (sections written by hand, notes,
/// anything else) is carried over, as are the imported files it already holds unchanged (they
/// keep their times); when there is nothing new, the folder is left as it is.
fn write_rules(lock: crate::emit::OutputLock, dir: &Path, files: &[(String, String)]) -> std::io::Result<()> {
    let new: Vec<&(String, String)> = files
        .iter()
        .filter(|(name, body)| std::fs::read(dir.join(name)).map_or(true, |old| old != body.as_bytes()))
        .collect();
    let unchanged = |e: std::io::Error| std::io::Error::new(e.kind(), format!("{e}; the previous rules are unchanged"));
    // Made even when nothing is new: it removes what killed imports left beside the folder.
    let mut staging = crate::emit::Staging::new(lock).map_err(unchanged)?;
    if new.is_empty() && dir.is_dir() {
        return Ok(());
    }
    staging.carry_over(&new.iter().map(|(name, _)| name.as_str()).collect::<Vec<_>>()).map_err(unchanged)?;
    for (name, body) in new {
        staging.write(name, body.as_bytes()).map_err(unchanged)?;
    }
    // Its errors say whether the previous rules are in place.
    staging.commit()?;
    Ok(())
}

/// A loaded and checked pack.
struct Checked {
    pack: Pack,
    sources: Sources,
    diags: Vec<Diagnostic>,
    /// What each edition changed, from the earliest one `[[editions]]` names a folder or git
    /// revision for up to this pack (empty when it names none that loads).
    revisions: Vec<crate::errata::Revision>,
}

/// With `--strict`, a layout warning (text that does not fit its box, lies in the safe margin or
/// over other text) is an error: a print file with such text is not ready for the printer.
fn strict_layout(mut d: Diagnostic, strict: bool) -> Diagnostic {
    let layout = [Code::TEXT_OVERFLOW, Code::TEXT_IN_MARGIN, Code::TEXT_OVERLAP];
    if strict && layout.contains(&d.code) {
        d.severity = crate::diag::Severity::Error;
    }
    d
}

/// Loads the pack and, when it loaded without errors, checks it (against its previous edition
/// too). `None` when the folder is not a pack at all (the reason is printed).
fn load_and_check(args: &PackArgs) -> Option<Checked> {
    let mut sources = Sources::default();
    let (pack, mut diags) = crate::load::pack(&args.pack, &mut sources);
    if pack.game.title.ja.is_empty() && pack.game.title.en.is_empty() && diags.iter().any(Diagnostic::is_error) {
        report(&sources, &diags, args.format);
        return None;
    }
    // References are only worth checking once every file parsed; otherwise they would repeat the
    // load errors as unknown names.
    let mut revisions = Vec::new();
    if !diags.iter().any(Diagnostic::is_error) {
        diags.extend(check::pack(&pack, check::Options { strict: args.strict }));
        let earlier = earlier_editions(&pack, &mut sources, &mut diags);
        let chain: Vec<&Pack> = earlier.iter().map(|e| &e.pack).chain([&pack]).collect();
        revisions = crate::errata::revisions(&chain);
        // The last revision is the change from the previous edition to this one.
        if let Some(last) = revisions.last() {
            crate::errata::check_notes(&last.changes, &pack, &mut diags);
        }
    }
    // The templates as `build` would draw them, once the pack they draw is sound.
    if !diags.iter().any(Diagnostic::is_error) {
        diags.extend(check::templates::check(&pack, &mut sources));
    }
    Some(Checked { pack, sources, diags, revisions })
}

/// Loads the editions before the current one whose folder (`pack`) or git revision (`git`)
/// `[[editions]]` names, oldest first. One that does not load is reported as an error and left
/// out. The last one is the previous edition: when the pack keeps errata notes, every change since
/// then needs a note and every note a change.
fn earlier_editions(pack: &Pack, sources: &mut Sources, diags: &mut Vec<Diagnostic>) -> Vec<crate::load::Loaded> {
    let editions = &pack.game.editions;
    let Some(current) = editions.iter().position(|e| e.id == pack.game.edition) else { return Vec::new() };
    let mut loaded = Vec::new();
    for edition in editions[..current].iter().filter(|e| e.pack.is_some() || e.git.is_some()) {
        let folder = edition.pack.as_ref().map_or_else(|| pack.root.clone(), |p| pack.root.join(p));
        match crate::load::pack_at(&folder, edition.git.as_deref(), sources) {
            Ok(old) if old.diags.iter().any(Diagnostic::is_error) => {
                diags.extend(old.diags.into_iter().filter(Diagnostic::is_error));
            }
            Ok(old) => loaded.push(old),
            Err(e) => diags.push(
                Diagnostic::error(e.code, format!("edition {}: {e}", edition.id)).at(&edition.span).with_hint(
                    "[[editions]] git names a revision (tag, branch or commit) of the repository holding the pack",
                ),
            ),
        }
    }
    loaded
}

/// Prints diagnostics to stderr (JSON to stdout, so it can be piped).
pub(super) fn report(sources: &Sources, diags: &[Diagnostic], format: Format) {
    let mut sorted: Vec<&Diagnostic> = diags.iter().collect();
    // Errors first, then in file order, so the first lines a user sees are what blocks the build.
    sorted.sort_by_key(|d| (std::cmp::Reverse(d.severity), d.span.as_ref().map(|s| (s.file, s.range.start))));
    let sorted: Vec<Diagnostic> = sorted.into_iter().cloned().collect();
    let result = if format == Format::Json {
        print::write(&mut std::io::stdout().lock(), sources, &sorted, format)
    } else {
        let mut err = std::io::stderr().lock();
        print::write(&mut err, sources, &sorted, format).and_then(|_| err.flush())
    };
    if let Err(e) = result {
        eprintln!("error: cannot print diagnostics: {e}");
    }
}

fn status(diags: &[Diagnostic]) -> ExitCode {
    if diags.iter().any(Diagnostic::is_error) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
