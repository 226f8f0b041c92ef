//! The preview server of `pnpkit watch --serve`: on the loopback address only, it serves the
//! preview page and its images from memory and every other path from the output folder; the page
//! asks `/_pnpkit/wait?after=N` (answered when build N+1 is published, or after a while) and
//! brings itself up to date after each build.
//!
//! Loopback is not enough to keep the served files to the user's own browser: a web page can
//! point its own name at 127.0.0.1 (DNS rebinding) and read the answers, so only requests naming
//! this server (`Host: 127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT`) are answered. And since
//! any program or page can open connections, each one is bounded: its request head in size and
//! in time to arrive, the connections handled at once in number (a thread each); a connection
//! still sending its head gives way to a new one when all are taken, so idle connections cannot
//! shut the preview out.

mod http;

use std::collections::{HashMap, VecDeque};
use std::net::{Ipv4Addr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use http::{answer, busy};

/// How long a waiting page's request is held before it is answered with the same build (the
/// page then asks again).
const HOLD: Duration = Duration::from_secs(20);

/// The most a request line and its headers may hold together; a browser's take a kilobyte or two.
const HEAD_MAX: usize = 16 * 1024;

/// After refusing a request it has not read to its end, how much more the server reads and drops,
/// and for how long, before it closes: closing with input unread resets the connection, and the
/// client would lose the answer.
const LINGER_BYTES: usize = 256 * 1024;
const LINGER_TIME: Duration = Duration::from_secs(1);

/// How many connections told the server is busy are kept open (for [`LINGER_TIME`]) at most.
const REFUSED_KEPT: usize = 64;

/// How long a new connection waits for the thread of one closed to make room for it to end.
const MAKE_ROOM: Duration = Duration::from_secs(1);

/// The bounds on the server's connections.
#[derive(Clone, Copy, Debug)]
struct Limits {
    /// How long a client has, from connecting, to send its whole request head.
    head_timeout: Duration,
    /// How long writing an answer may go without progress.
    write_timeout: Duration,
    /// How many connections are handled at once, each on a thread of its own.
    connections: usize,
}

impl Default for Limits {
    /// 10 s for a request head (a browser sends it at once); 32 connections: a preview tab holds
    /// one waiting request and loads its pictures over at most 6 more (Chromium's limit per host),
    /// so a few tabs fit with room to spare.
    fn default() -> Limits {
        Limits { head_timeout: Duration::from_secs(10), write_timeout: Duration::from_secs(10), connections: 32 }
    }
}

/// What the server shows: the page of the last build and the images it names.
#[derive(Default)]
pub struct Published {
    /// Counts the builds published (the first is 1).
    pub build: u64,
    /// The preview page.
    pub page: String,
    /// Its images, by the name the page gives them (`<sha>.png`).
    pub images: HashMap<String, Arc<Vec<u8>>>,
}

/// The published state, shared between the build loop and the server's threads.
#[derive(Default)]
pub struct Shared {
    now: Mutex<Published>,
    changed: Condvar,
}

impl Shared {
    /// Shows `page` with `images` as the next build, and wakes the waiting pages.
    pub fn publish(&self, page: String, images: HashMap<String, Arc<Vec<u8>>>) {
        let mut now = self.now.lock().unwrap_or_else(|e| e.into_inner());
        now.build += 1;
        now.page = page;
        now.images = images;
        self.changed.notify_all();
    }

    /// The number of the next build to publish.
    pub fn next_build(&self) -> u64 {
        self.now.lock().unwrap_or_else(|e| e.into_inner()).build + 1
    }

    /// The current build's number, once it is later than `after` or [`HOLD`] has passed.
    fn wait_after(&self, after: u64) -> u64 {
        let now = self.now.lock().unwrap_or_else(|e| e.into_inner());
        let (now, _) =
            self.changed.wait_timeout_while(now, HOLD, |now| now.build <= after).unwrap_or_else(|e| e.into_inner());
        now.build
    }
}

/// Serves `shared` and the files of `out` on 127.0.0.1:`port` (0: any free port), on threads of
/// its own; returns the address it listens on. It speaks just enough HTTP for a browser on this
/// machine: `GET`, one request per connection (a thread each, since a waiting page holds its
/// request), every answer with its length. (tiny_http was tried first: behind Chromium's
/// connections kept alive, some pictures of a reloaded page were never answered.)
pub fn start(port: u16, out: PathBuf, shared: Arc<Shared>) -> Result<SocketAddr, String> {
    listen(port, out, shared, Limits::default()).map(|(addr, _)| addr)
}

/// [`start`] within `limits`, also returning the connections being handled.
fn listen(port: u16, out: PathBuf, shared: Arc<Shared>, limits: Limits) -> Result<(SocketAddr, Arc<Slots>), String> {
    let listener =
        TcpListener::bind((Ipv4Addr::LOCALHOST, port)).map_err(|e| format!("cannot serve on port {port}: {e}"))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let slots = Arc::new(Slots { max: limits.connections.max(1), open: Mutex::default(), freed: Condvar::new() });
    let accepting = slots.clone();
    let port = addr.port();
    let accept = move || {
        // Connections told the server is busy (see [`busy`]), closed at a later connection once
        // [`LINGER_TIME`] has passed.
        let mut refused: VecDeque<(Instant, TcpStream)> = VecDeque::new();
        for stream in listener.incoming() {
            let Ok(stream) = stream else {
                // Out of file descriptors, or a connection gone before it was taken: not a reason
                // to spin.
                std::thread::sleep(Duration::from_millis(50));
                continue;
            };
            while refused.front().is_some_and(|(at, _)| at.elapsed() >= LINGER_TIME) || refused.len() >= REFUSED_KEPT {
                refused.pop_front();
            }
            let Some(slot) = accepting.take(&stream) else {
                refused.push_back((Instant::now(), busy(stream)));
                continue;
            };
            let (shared, out) = (shared.clone(), out.clone());
            // A thread that cannot be made drops its connection and its slot.
            let _ = std::thread::Builder::new().name(format!("serve:{port}")).spawn(move || {
                // A browser that went away meanwhile needs no answer.
                let _ = answer(stream, slot, &shared, &out, port, limits);
            });
        }
    };
    std::thread::Builder::new()
        .name(format!("serve:{port}:accept"))
        .spawn(accept)
        .map_err(|e| format!("cannot serve on port {port}: {e}"))?;
    Ok((addr, slots))
}

/// The connections being handled, a thread each, at most `max`.
struct Slots {
    max: usize,
    open: Mutex<Open>,
    /// Told when a connection's thread ends.
    freed: Condvar,
}

#[derive(Default)]
struct Open {
    /// The number of the last connection taken.
    last: u64,
    /// Each connection's number, when it was taken and, while its request head is being read, a
    /// handle to close it by.
    all: Vec<(u64, Instant, Option<TcpStream>)>,
}

impl Slots {
    fn lock(&self) -> MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A place for `stream`. When all are taken, the connection that has been sending its request
    /// head the longest is closed to make room: idle connections cannot keep a browser out. `None`
    /// when every connection is past its head (being answered, or a waiting page's).
    fn take(self: &Arc<Self>, stream: &TcpStream) -> Option<Slot> {
        let mut open = self.lock();
        if open.all.len() >= self.max {
            let oldest =
                open.all.iter_mut().filter(|(.., reading)| reading.is_some()).min_by_key(|(_, since, _)| *since)?;
            if let Some(reading) = oldest.2.take() {
                // Its thread's read returns at once, and the thread ends.
                let _ = reading.shutdown(Shutdown::Both);
            }
            open = self
                .freed
                .wait_timeout_while(open, MAKE_ROOM, |open| open.all.len() >= self.max)
                .unwrap_or_else(|e| e.into_inner())
                .0;
            if open.all.len() >= self.max {
                return None;
            }
        }
        let handle = stream.try_clone().ok()?;
        open.last += 1;
        let id = open.last;
        open.all.push((id, Instant::now(), Some(handle)));
        Some(Slot { slots: self.clone(), id })
    }
}

/// A connection's place among those handled, given back when its thread ends.
struct Slot {
    slots: Arc<Slots>,
    id: u64,
}

impl Slot {
    /// Marks the request head as read, so that the connection is no longer closed to make room;
    /// false if it already was.
    fn answering(&self) -> bool {
        let mut open = self.slots.lock();
        open.all.iter_mut().find(|(id, ..)| *id == self.id).is_some_and(|(.., reading)| reading.take().is_some())
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.slots.lock().all.retain(|(id, ..)| *id != self.id);
        self.slots.freed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};

    /// What the server answers to `request`, sent whole.
    fn ask(addr: SocketAddr, request: &str) -> String {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut text = String::new();
        stream.read_to_string(&mut text).unwrap();
        text
    }

    fn get(addr: SocketAddr, path: &str) -> String {
        ask(addr, &format!("GET {path} HTTP/1.0\r\nHost: localhost\r\n\r\n"))
    }

    /// A server of a page saying "preview", on any free port, with an empty output folder.
    fn server(limits: Limits) -> (SocketAddr, Arc<Shared>, Arc<Slots>) {
        let shared = Arc::new(Shared::default());
        shared.publish("preview".into(), HashMap::new());
        let (addr, slots) =
            listen(0, std::env::temp_dir().join("pnpkit-serve-nothing"), shared.clone(), limits).unwrap();
        (addr, shared, slots)
    }

    /// Polls `done` for up to a minute (a busy machine is slow, not wrong).
    fn eventually(what: &str, done: impl Fn() -> bool) {
        let until = Instant::now() + Duration::from_secs(60);
        while !done() {
            assert!(Instant::now() < until, "{what}");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The connections past their request head.
    fn answering(slots: &Slots) -> usize {
        slots.lock().all.iter().filter(|(.., reading)| reading.is_none()).count()
    }

    #[test]
    fn serves_the_page_its_images_and_the_output_folder_but_nothing_outside_it() {
        let out = std::env::temp_dir().join(format!("pnpkit-serve-{}", std::process::id()));
        std::fs::create_dir_all(out.join("png")).unwrap();
        std::fs::write(out.join("rules.html"), "<p>rules</p>").unwrap();
        let shared = Arc::new(Shared::default());
        let images = HashMap::from([("a.png".to_string(), Arc::new(b"PNG".to_vec()))]);
        shared.publish("<h1>preview</h1>".into(), images);
        let addr = start(0, out.clone(), shared.clone()).unwrap();
        assert!(addr.ip().is_loopback());
        assert!(get(addr, "/").ends_with("<h1>preview</h1>"));
        assert!(get(addr, "/rules.html").contains("text/html") && get(addr, "/rules.html").ends_with("<p>rules</p>"));
        assert!(get(addr, "/_pnpkit/img/a.png").ends_with("PNG"));
        for outside in ["/../Cargo.toml", "/%2e%2e/Cargo.toml", "/png/../../x", "/_pnpkit/img/b.png"] {
            assert!(get(addr, outside).starts_with("HTTP/1.1 404"), "{outside}");
        }
        // A page waiting after build 1 is answered when build 2 is published.
        let waiting = std::thread::spawn(move || get(addr, "/_pnpkit/wait?after=1"));
        std::thread::sleep(Duration::from_millis(50));
        shared.publish("<h1>again</h1>".into(), HashMap::new());
        assert!(waiting.join().unwrap().ends_with('2'));
        assert_eq!(get(addr, "/_pnpkit/wait?after=0").rsplit("\r\n\r\n").next(), Some("2"));
        std::fs::remove_dir_all(&out).unwrap();
    }

    #[test]
    fn a_request_for_another_host_is_refused_and_one_for_this_server_by_any_of_its_names_is_answered() {
        let (addr, ..) = server(Limits::default());
        let port = addr.port();
        let with_host = |host: &str| ask(addr, &format!("GET / HTTP/1.1\r\nHost: {host}\r\n\r\n"));
        for ours in
            ["127.0.0.1".to_string(), format!("127.0.0.1:{port}"), format!("localhost:{port}"), "LocalHost".into()]
                .into_iter()
                .chain([format!("[::1]:{port}"), "[::1]".into(), format!(" localhost:{port} ")])
        {
            let answer = with_host(&ours);
            assert!(answer.starts_with("HTTP/1.1 200 OK") && answer.ends_with("preview"), "{ours}: {answer}");
        }
        // DNS rebinding: a page of another site whose name now points here.
        let rebound = [format!("evil.example:{port}"), "evil.example".into(), format!("localhost.evil.example:{port}")];
        let wrong_port =
            [format!("127.0.0.1:{}", port.wrapping_add(1)), "localhost:".into(), format!("localhost:+{port}")];
        let malformed = [format!("::1:{port}"), format!("127.0.0.1:{port}:{port}"), String::new()];
        for theirs in rebound.iter().chain(&wrong_port).chain(&malformed) {
            let answer = with_host(theirs);
            assert!(answer.starts_with("HTTP/1.1 403 Forbidden"), "{theirs}: {answer}");
            assert!(answer.ends_with(&format!("only for 127.0.0.1:{port} and localhost:{port}")), "{answer}");
        }
        // HTTP/1.1 must name its host, once; HTTP/1.0 may leave it out.
        assert!(ask(addr, "GET / HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 400"));
        let twice = format!("GET / HTTP/1.1\r\nHost: localhost:{port}\r\nhost: evil.example\r\n\r\n");
        assert!(ask(addr, &twice).starts_with("HTTP/1.1 400"));
        assert!(ask(addr, "GET / HTTP/1.0\r\n\r\n").ends_with("preview"));
        assert!(ask(addr, "GET / HTTP/1.0\r\nHost: evil.example\r\n\r\n").starts_with("HTTP/1.1 403"));
        // A URL naming another site is not a path here.
        let absolute = format!("GET http://evil.example/ HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n");
        assert!(ask(addr, &absolute).starts_with("HTTP/1.1 400"));
    }

    #[test]
    fn a_request_line_too_long_is_refused_at_once_and_the_server_goes_on() {
        let (addr, ..) = server(Limits::default());
        let started = Instant::now();
        let mut stream = TcpStream::connect(addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        // 100 kB without a line break: the server stops reading at 16 kB.
        let _ = stream.write_all(format!("GET /{}", "a".repeat(100_000)).as_bytes());
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        assert!(answer.starts_with("HTTP/1.1 414 URI Too Long"), "{answer}");
        assert!(started.elapsed() < Duration::from_secs(20), "{:?}", started.elapsed());
        // Headers too large together, each line short.
        let header = format!("X-Filler: {}\r\n", "b".repeat(1000));
        let large = format!("GET / HTTP/1.1\r\nHost: localhost\r\n{}\r\n", header.repeat(20));
        assert!(ask(addr, &large).starts_with("HTTP/1.1 431 Request Header Fields Too Large"));
        // Just under the cap is answered.
        let fits = format!("GET / HTTP/1.1\r\nHost: localhost\r\n{}\r\n", header.repeat(14));
        assert!(ask(addr, &fits).ends_with("preview"));
        assert!(get(addr, "/").ends_with("preview"));
    }

    #[test]
    fn many_idle_connections_take_a_bounded_number_of_threads_and_a_browser_is_still_answered() {
        // Idle connections are never timed out here: they have to make room.
        let limits = Limits { head_timeout: Duration::from_secs(600), ..Limits::default() };
        let (addr, shared, slots) = server(limits);
        // Two preview tabs waiting for the next build.
        let tabs: Vec<_> = (0..2).map(|_| std::thread::spawn(move || get(addr, "/_pnpkit/wait?after=1"))).collect();
        eventually("the tabs' requests are read", || answering(&slots) == 2);
        let idle: Vec<TcpStream> = (0..200).map(|_| TcpStream::connect(addr).unwrap()).collect();
        let started = Instant::now();
        let answer = get(addr, "/");
        assert!(answer.ends_with("preview"), "{answer}");
        assert!(started.elapsed() < Duration::from_secs(20), "{:?}", started.elapsed());
        assert!(slots.lock().all.len() <= 32);
        #[cfg(target_os = "linux")]
        {
            // The server's threads by their names (the accepting one's is longer); one whose
            // connection was closed to make room may take a moment to end.
            let name = format!("serve:{}\n", addr.port());
            let threads = || {
                let tasks = std::fs::read_dir("/proc/self/task").unwrap().flatten();
                tasks.filter(|t| std::fs::read_to_string(t.path().join("comm")).is_ok_and(|c| c == name)).count()
            };
            eventually("at most 32 threads answer", || threads() <= 32);
            assert!(threads() >= 2, "the tabs' threads");
        }
        // The waiting tabs were not pushed out: they hear of the next build.
        shared.publish("again".into(), HashMap::new());
        for tab in tabs {
            assert!(tab.join().unwrap().ends_with('2'));
        }
        drop(idle);
    }

    #[test]
    fn when_every_connection_is_being_answered_a_new_one_is_told_the_server_is_busy() {
        let (addr, shared, slots) = server(Limits { connections: 2, ..Limits::default() });
        let tabs: Vec<_> = (0..2).map(|_| std::thread::spawn(move || get(addr, "/_pnpkit/wait?after=1"))).collect();
        eventually("the tabs' requests are read", || answering(&slots) == 2);
        let started = Instant::now();
        let answer = get(addr, "/");
        assert!(answer.starts_with("HTTP/1.1 503 Service Unavailable"), "{answer}");
        assert!(started.elapsed() < Duration::from_secs(20), "{:?}", started.elapsed());
        shared.publish("again".into(), HashMap::new());
        for tab in tabs {
            assert!(tab.join().unwrap().ends_with('2'));
        }
        eventually("the tabs' threads end", || slots.lock().all.is_empty());
        assert!(get(addr, "/").ends_with("again"));
    }

    #[test]
    fn a_connection_that_does_not_send_its_request_in_time_is_closed() {
        let timeout = Duration::from_millis(300);
        let (addr, ..) = server(Limits { head_timeout: timeout, ..Limits::default() });
        // Silent: closed without a word.
        let started = Instant::now();
        let mut silent = TcpStream::connect(addr).unwrap();
        silent.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        assert_eq!(silent.read(&mut [0; 64]).unwrap(), 0);
        let waited = started.elapsed();
        assert!(waited >= timeout && waited < Duration::from_secs(20), "{waited:?}");
        // Sending a header line every 100 ms: the timeout is for the whole head, not each read.
        let started = Instant::now();
        let mut slow = TcpStream::connect(addr).unwrap();
        slow.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let mut dripping = slow.try_clone().unwrap();
        std::thread::spawn(move || {
            let _ = dripping.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\n");
            for _ in 0..600 {
                std::thread::sleep(Duration::from_millis(100));
                if dripping.write_all(b"X: y\r\n").is_err() {
                    break;
                }
            }
        });
        let mut answer = Vec::new();
        // The answer, unless the lines still coming reset the connection first.
        let _ = slow.read_to_end(&mut answer);
        let waited = started.elapsed();
        assert!(waited >= timeout && waited < Duration::from_secs(20), "{waited:?}");
        let answer = String::from_utf8_lossy(&answer);
        assert!(answer.is_empty() || answer.starts_with("HTTP/1.1 408 Request Timeout"), "{answer}");
    }
}
