//! The command line: `pnpkit build`, `pnpkit check`, `pnpkit dump`. Parsing (clap) is kept apart
//! from doing; each command is a function returning the process exit status: 0 success, 1 the
//! pack has errors (or output could not be written), 2 bad command-line usage.

mod build;
mod summary;

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::check;
use crate::diag::print::{self, Format};
use crate::diag::{Diagnostic, Sources};
use crate::model::Pack;

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
    Build {
        #[command(flatten)]
        pack: PackArgs,
        /// Output folder (default: output/<pack name>).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Check the pack against the game's rules and print a summary.
    Check {
        #[command(flatten)]
        pack: PackArgs,
    },
    /// Print the loaded model as JSON (what templates and other tools see).
    Dump {
        /// The pack folder.
        #[arg(default_value = DEFAULT_PACK)]
        pack: PathBuf,
    },
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
    match cli.command {
        Command::Check { pack } => {
            let Some((loaded, sources, diags)) = load_and_check(&pack) else { return ExitCode::FAILURE };
            report(&sources, &diags, pack.format);
            if pack.format != Format::Json {
                println!("{}", summary::text(&loaded, &diags));
            }
            status(&diags)
        }
        Command::Build { pack, out } => {
            let Some((loaded, sources, diags)) = load_and_check(&pack) else { return ExitCode::FAILURE };
            report(&sources, &diags, pack.format);
            if diags.iter().any(Diagnostic::is_error) {
                eprintln!("build stopped: the pack has errors; nothing was written");
                return ExitCode::FAILURE;
            }
            let out = out.unwrap_or_else(|| Path::new("output").join(&loaded.id));
            match build::build(&loaded, &diags, &out) {
                Ok(written) => {
                    println!("{}", summary::text(&loaded, &diags));
                    for path in written {
                        println!("wrote {}", path.display());
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: cannot write {}: {e}", out.display());
                    ExitCode::FAILURE
                }
            }
        }
        Command::Dump { pack } => {
            let mut sources = Sources::default();
            let (loaded, diags) = crate::load::pack(&pack, &mut sources);
            if diags.iter().any(Diagnostic::is_error) {
                report(&sources, &diags, Format::Human);
                return ExitCode::FAILURE;
            }
            match serde_json::to_string_pretty(&loaded) {
                Ok(json) => {
                    println!("{json}");
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

/// Loads the pack and, when it loaded without errors, checks it. `None` when the folder is not a
/// pack at all (the reason is printed).
fn load_and_check(args: &PackArgs) -> Option<(Pack, Sources, Vec<Diagnostic>)> {
    let mut sources = Sources::default();
    let (pack, mut diags) = crate::load::pack(&args.pack, &mut sources);
    if pack.game.title.ja.is_empty() && pack.game.title.en.is_empty() && diags.iter().any(Diagnostic::is_error) {
        report(&sources, &diags, args.format);
        return None;
    }
    // References are only worth checking once every file parsed; otherwise they would repeat the
    // load errors as unknown names.
    if !diags.iter().any(Diagnostic::is_error) {
        diags.extend(check::pack(&pack, check::Options { strict: args.strict }));
    }
    Some((pack, sources, diags))
}

/// Prints diagnostics to stderr (JSON to stdout, so it can be piped).
fn report(sources: &Sources, diags: &[Diagnostic], format: Format) {
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
