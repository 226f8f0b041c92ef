//! The command line: `pnpkit build`, `pnpkit check`, `pnpkit dump`. Parsing (clap) is kept apart
//! from doing; each command is a function returning the process exit status: 0 success, 1 the
//! pack has errors (or output could not be written), 2 bad command-line usage.

use std::ffi::OsString;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use clap::Parser;

use crate::check;
use crate::diag::print::{self, Format};
use crate::diag::{Diagnostic, Sources};
use crate::model::Pack;
use crate::render;

/// Prints a line on stdout; a closed pipe (`pnpkit … | head`) ends the output quietly instead of
/// panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

mod args;
mod build;
mod errata;
mod find;
mod layout;
mod pdfs;
mod rules;
mod search;
mod staged;
mod summary;
mod watch;

use args::{
    pack_and_rest, take_options, CardsCommand, Cli, Command, DeckCommand, PackArgs, PrintArgs, RulesCommand,
    SearchArgs, DEFAULT_PACK,
};
use build::{build_reusing, print_lock_error, run_build};
use rules::import_rules;
use search::query_error;

/// Prints a line on stdout (see `say!`), for the command modules.
fn say_text(text: &str) {
    say!("{text}");
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
            report(&sources, &pack.shown(&diags), pack.format);
            if pack.format != Format::Json {
                say!("{}", summary::text(&loaded, &diags));
            }
            status(&diags)
        }
        Command::Build { pack, print } => run_build(&pack, &print),
        Command::Rules { command: RulesCommand::Import { file, out, format, force, wait } } => {
            import_rules(&file, &out, format, force, wait)
        }
        Command::Rules { command: RulesCommand::Search(args) } => search::search(args, false),
        Command::Errata { old, new, out, json } => match errata::run(&old, &new, out.as_deref(), json) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Cards { command: CardsCommand::Search(args) } => search::search(args, true),
        Command::Find(args) => find::run(args),
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

/// A loaded and checked pack.
struct Checked {
    pack: Pack,
    sources: Sources,
    diags: Vec<Diagnostic>,
    /// What each edition changed, from the earliest one `[[editions]]` names a folder or git
    /// revision for up to this pack (empty when it names none that loads).
    revisions: Vec<crate::errata::Revision>,
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
        diags.extend(check::pack(&pack, check::Options { strict: args.strict, release: args.release }));
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

/// A command line clap let through but the command cannot read: the message, exit status 2 as
/// clap's own usage errors have.
pub(super) fn usage_error(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
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
