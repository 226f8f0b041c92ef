//! A watchdog over face renders, for the work the render budget cannot count.
//!
//! [`crate::render::templates::budget`] bounds `range()` steps, `replace` results and output bytes, but Tera has no
//! step hook: `{% set s = s ~ s %}` in a short loop doubles a string to terabytes, and `{% for c
//! in s %}` over such a string loops without counting. So a thread outside Tera watches every face
//! render in progress ([`watch`], one entry per rendering thread, naming its template and face)
//! against a deadline per face and a ceiling on the process's resident memory (Linux; elsewhere
//! the deadline only). When one is passed it calls the handler the command [`install`]ed, which
//! reports E0133 and ends the process: the render thread cannot be stopped from outside.
//!
//! Faces render before the build stages any file (`emit::Staging` is made only after every
//! product is drawn), so ending the process here leaves no staging folder and keeps the previous
//! output. Without an installed handler (library use, tests, the fuzzer) [`watch`] does nothing.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use crate::diag::{Code, Diagnostic, Sources, Span};

/// How long one face may render. The slowest face of the seed packs renders in 1.7 ms (a
/// Submarine Attack card front, release build), so this is over a thousand times that — room for
/// a slow, busy machine and a pack's heavier template — while a hang is reported within seconds.
pub(crate) const DEADLINE: Duration = Duration::from_secs(5);
/// The most resident memory renders may add over the process's size when the watchdog starts;
/// a quarter of the machine's memory when that is less. A whole build of data/dougram peaks at
/// 80 MB resident, so only a runaway template comes near it.
pub(crate) const MEMORY: u64 = 2 << 30;
/// How often the watchdog looks. A doubling string takes longer than this to double once past
/// a few hundred MB, so it is caught within one doubling of the ceiling.
const POLL: Duration = Duration::from_millis(10);

/// How long one command may run, whatever it draws: the largest build measured (1,504 cards,
/// every product) takes 21 s, so this leaves room for a slow machine while a run that would never
/// end stops within minutes.
pub(crate) const PROCESS_DEADLINE: Duration = Duration::from_secs(600);
/// The most resident memory one command may use, whatever it draws; half the machine's memory
/// when that is less, so the machine stays usable.
pub(crate) const PROCESS_MEMORY: u64 = 8 << 30;

/// The limits a watchdog holds renders, and the whole process, to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Per face.
    pub(crate) deadline: Duration,
    /// Resident memory over the start, bytes; `None` where it cannot be read.
    pub(crate) memory: Option<u64>,
    /// For the whole command; `None` for one that runs until stopped (`watch`).
    pub(crate) process_deadline: Option<Duration>,
    /// Resident memory of the whole process, bytes; `None` where it cannot be read.
    pub(crate) process_memory: Option<u64>,
}

impl Limits {
    /// [`DEADLINE`] and [`MEMORY`] (bounded by a quarter of the machine's memory); the tests
    /// lower them with `PNPKIT_RENDER_DEADLINE_MS` and `PNPKIT_RENDER_MEMORY_MB` so that a hang
    /// is found quickly.
    ///
    /// The whole process is held to [`PROCESS_DEADLINE`] and [`PROCESS_MEMORY`]
    /// (`PNPKIT_MAX_SECONDS`, `PNPKIT_MAX_MEMORY_MB`).
    pub(crate) fn from_env() -> Limits {
        let env = |name: &str| std::env::var(name).ok().and_then(|v| v.trim().parse::<u64>().ok());
        let deadline = env("PNPKIT_RENDER_DEADLINE_MS").map_or(DEADLINE, Duration::from_millis);
        let machine = memory_total().map_or(MEMORY, |total| MEMORY.min(total / 4));
        let memory = resident().map(|_| env("PNPKIT_RENDER_MEMORY_MB").map_or(machine, |mb| mb << 20));
        let process_deadline = Some(env("PNPKIT_MAX_SECONDS").map_or(PROCESS_DEADLINE, Duration::from_secs));
        let whole = memory_total().map_or(PROCESS_MEMORY, |total| PROCESS_MEMORY.min(total / 2));
        let process_memory = resident().map(|_| env("PNPKIT_MAX_MEMORY_MB").map_or(whole, |mb| mb << 20));
        Limits { deadline, memory, process_deadline, process_memory }
    }
}

/// A template file as the watchdog's report shows it (the report is made without `Sources`).
#[derive(Debug)]
pub(crate) struct TemplateFile {
    /// The file's path.
    pub(crate) path: PathBuf,
    /// Its text.
    pub(crate) text: String,
}

/// Which limit a render, or the whole command, passed.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Why {
    /// It ran longer than this.
    Deadline(Duration),
    /// The process grew by more than `limit` bytes (to `grown`) while it ran.
    Memory { grown: u64, limit: u64 },
    /// The whole command ran longer than this.
    ProcessDeadline(Duration),
    /// The whole process took `resident` bytes, more than `limit`.
    ProcessMemory { resident: u64, limit: u64 },
}

/// A face render that passed a limit.
#[derive(Debug)]
pub(crate) struct Trip {
    /// The template's name (`cards/front.svg.tera`).
    pub(crate) template: String,
    /// The face (`cards/29-front`).
    pub(crate) face: String,
    /// The template's file, when it is known.
    pub(crate) file: Option<Arc<TemplateFile>>,
    /// The limit.
    pub(crate) why: Why,
}

impl Trip {
    /// The trip as E0133 at the template's first line (where the render was is unknown), its
    /// file added to `sources`.
    pub(crate) fn diagnostic(&self, sources: &mut Sources) -> Diagnostic {
        let (Trip { template, face, .. }, mb) = (self, |b: u64| b >> 20);
        let what = match self.why {
            Why::Deadline(d) => format!("ran for more than {} ms", d.as_millis()),
            Why::Memory { grown, limit } => {
                format!("grew the process by {} MB, more than the {} MB one face may use", mb(grown), mb(limit))
            }
            Why::ProcessDeadline(d) => return ceiling(format!("ran for more than {} s", d.as_secs())),
            Why::ProcessMemory { resident, limit } => {
                return ceiling(format!(
                    "took {} MB of memory, more than its ceiling of {} MB",
                    mb(resident),
                    mb(limit)
                ))
            }
        };
        let mut d = Diagnostic::error(
            Code::TEMPLATE_BUDGET,
            format!("template `{template}` drawing face {face} {what}; the render was stopped"),
        )
        .with_hint(
            "bound what the template builds: a string grown in a loop (`s ~ s`, `replace`), a loop over a long \
             string or list; a face must draw within a few seconds",
        );
        if let Some(file) = &self.file {
            let id = sources.add(&file.path, file.text.clone());
            d = d.at(&Span::new(id, 0..0));
        }
        d
    }
}

/// The whole command passed a ceiling (`what`): E0138, with what the user can do.
fn ceiling(what: String) -> Diagnostic {
    Diagnostic::error(Code::PROCESS_CEILING, format!("the command {what}; it was stopped")).with_hint(
        "a pack this large or slow is beyond what pnpkit expects (docs/reliability.md); raise the ceiling with \
         PNPKIT_MAX_SECONDS or PNPKIT_MAX_MEMORY_MB if the pack is right",
    )
}

/// What a command does when a render passes a limit: report it and end the process.
pub(crate) type Handler = Box<dyn Fn(Trip) + Send + Sync>;

struct Watchdog {
    limits: Limits,
    handler: Handler,
    /// Resident memory when the watchdog started, bytes.
    baseline: u64,
    /// When the watchdog started: the command's start, near enough.
    started: Instant,
}

/// A face render in progress on one thread.
struct Active {
    template: String,
    face: String,
    file: Option<Arc<TemplateFile>>,
    since: Instant,
}

static WATCHDOG: OnceLock<Watchdog> = OnceLock::new();
static ACTIVE: Mutex<Option<HashMap<ThreadId, Active>>> = Mutex::new(None);

/// Starts the watchdog with `limits`, calling `handler` when a render passes one (once per
/// process; a second call changes nothing).
pub(crate) fn install(limits: Limits, handler: Handler) {
    let baseline = resident().unwrap_or(0);
    if WATCHDOG.set(Watchdog { limits, handler, baseline, started: Instant::now() }).is_ok() {
        // Detached: it sleeps between looks and ends with the process.
        let _ = std::thread::Builder::new().name("render-watchdog".into()).spawn(run);
    }
}

/// The render of `face` by `template` on this thread is watched until the guard drops.
pub(crate) fn watch(template: &str, face: &str, file: Option<Arc<TemplateFile>>) -> Watched {
    if WATCHDOG.get().is_some() {
        let active = Active { template: template.into(), face: face.into(), file, since: Instant::now() };
        if let Ok(mut map) = ACTIVE.lock() {
            map.get_or_insert_with(HashMap::new).insert(std::thread::current().id(), active);
        }
    }
    Watched(())
}

/// A watched render; dropping it ends the watch.
pub(crate) struct Watched(());

impl Drop for Watched {
    fn drop(&mut self) {
        if WATCHDOG.get().is_some() {
            if let Ok(mut map) = ACTIVE.lock() {
                map.get_or_insert_with(HashMap::new).remove(&std::thread::current().id());
            }
        }
    }
}

fn run() {
    let Some(dog) = WATCHDOG.get() else { return };
    loop {
        std::thread::sleep(POLL);
        if let Some(trip) = look(dog) {
            (dog.handler)(trip);
            return;
        }
    }
}

/// The first limit passed, if any: the whole command's, else a render's (past the deadline, or
/// the longest-running one when the process has grown past the ceiling).
fn look(dog: &Watchdog) -> Option<Trip> {
    let whole = |why| Some(Trip { template: String::new(), face: String::new(), file: None, why });
    if let Some(deadline) = dog.limits.process_deadline.filter(|d| dog.started.elapsed() > *d) {
        return whole(Why::ProcessDeadline(deadline));
    }
    if let (Some(limit), Some(resident)) = (dog.limits.process_memory, resident()) {
        if resident > limit {
            return whole(Why::ProcessMemory { resident, limit });
        }
    }
    let mut map = ACTIVE.lock().ok()?;
    let map = map.as_mut()?;
    let oldest = map.values().min_by_key(|a| a.since)?;
    let trip = |a: &Active, why| Trip { template: a.template.clone(), face: a.face.clone(), file: a.file.clone(), why };
    let ran = oldest.since.elapsed();
    if ran > dog.limits.deadline {
        return Some(trip(oldest, Why::Deadline(dog.limits.deadline)));
    }
    let limit = dog.limits.memory?;
    let grown = resident()?.saturating_sub(dog.baseline);
    (grown > limit).then(|| trip(oldest, Why::Memory { grown, limit }))
}

/// The process's resident memory, bytes (Linux: `/proc/self/status`, VmRSS).
fn resident() -> Option<u64> {
    proc_kb("/proc/self/status", "VmRSS:")
}

/// The machine's memory, bytes (Linux: `/proc/meminfo`, MemTotal).
fn memory_total() -> Option<u64> {
    proc_kb("/proc/meminfo", "MemTotal:")
}

/// A `key:   1234 kB` line of a /proc file, in bytes.
fn proc_kb(path: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kb: u64 = line[key.len()..].trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kb << 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resident_memory_is_read_where_proc_exists() {
        if std::path::Path::new("/proc/self/status").exists() {
            let rss = resident().expect("VmRSS");
            assert!(rss > 0 && rss < memory_total().expect("MemTotal"));
        }
    }

    #[test]
    fn a_trip_is_e0133_at_the_template_naming_the_face() {
        let file = Arc::new(TemplateFile { path: "pack/templates/cards/front.svg.tera".into(), text: "<g/>\n".into() });
        let trip = Trip {
            template: "cards/front.svg.tera".into(),
            face: "cards/29-front".into(),
            file: Some(file),
            why: Why::Deadline(Duration::from_millis(300)),
        };
        let mut sources = Sources::default();
        let d = trip.diagnostic(&mut sources);
        assert_eq!(d.code, Code::TEMPLATE_BUDGET);
        assert_eq!(
            d.message,
            "template `cards/front.svg.tera` drawing face cards/29-front ran for more than 300 ms; the render was stopped"
        );
        assert_eq!(d.span.expect("located").file, 0);
    }
}
