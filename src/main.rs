//! The `pnpkit` binary: everything happens in [`pnpkit::cli::run`].

fn main() -> std::process::ExitCode {
    pnpkit::cli::run(std::env::args_os())
}
