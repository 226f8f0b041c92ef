//! The preview server of `pnpkit watch --serve`: on the loopback address only, it serves the
//! preview page and its images from memory and every other path from the output folder; the page
//! asks `/_pnpkit/wait?after=N` (answered when build N+1 is published, or after a while) and
//! reloads itself after each build.
//!
//! Loopback is not enough to keep the served files to the user's own browser: a web page can
//! point its own name at 127.0.0.1 (DNS rebinding) and read the answers, so only requests naming
//! this server (`Host: 127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT`) are answered. And since
//! any program or page can open connections, each one is bounded: its request head in size and
//! in time to arrive, the connections handled at once in number (a thread each); a connection
//! still sending its head gives way to a new one when all are taken, so idle connections cannot
//! shut the preview out.

use std::collections::{HashMap, VecDeque};
use std::io::{ErrorKind, Read, Write};
use std::net::{Ipv4Addr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

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

/// Every connection is being answered: says so at once, and returns the connection to be closed
/// a little later. This runs on the thread that accepts connections, so it neither waits on the
/// client nor reads its request; closing at once, with the request unread, would reset the
/// connection before the client read the answer.
fn busy(mut stream: TcpStream) -> TcpStream {
    let busy = refusal("503 Service Unavailable", "busy: every connection is taken; try again in a moment");
    if stream.set_nonblocking(true).is_ok() {
        // A new connection's send buffer is empty: the answer fits at once, or not at all.
        let _ = stream.write_all(&busy.head()).and_then(|_| stream.write_all(&busy.body));
    }
    let _ = stream.shutdown(Shutdown::Write);
    stream
}

/// An answer: status, content type, whether it may be kept, body.
struct Answer {
    status: &'static str,
    kind: &'static str,
    immutable: bool,
    body: Vec<u8>,
}

impl Answer {
    /// The status line and headers.
    fn head(&self) -> Vec<u8> {
        let cache = if self.immutable { "max-age=31536000, immutable" } else { "no-store" };
        format!(
            "HTTP/1.1 {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: {cache}\r\nConnection: close\r\n\r\n",
            self.status,
            self.kind,
            self.body.len()
        )
        .into_bytes()
    }
}

/// A request refused, with a short text saying why.
fn refusal(status: &'static str, why: &str) -> Answer {
    Answer { status, kind: "text/plain; charset=utf-8", immutable: false, body: why.as_bytes().to_vec() }
}

/// Why a request head was not read.
enum Cut {
    /// It does not fit in [`HEAD_MAX`]; `line`: not even its request line does.
    TooLarge { line: bool },
    /// It did not come in time; `begun`: some of it came.
    Late { begun: bool },
    /// The connection was closed, or failed.
    Gone,
}

/// Reads the request on `stream` and answers it, then closes.
fn answer(
    mut stream: TcpStream,
    slot: Slot,
    shared: &Shared,
    out: &Path,
    port: u16,
    limits: Limits,
) -> std::io::Result<()> {
    stream.set_write_timeout(Some(limits.write_timeout))?;
    let head = match read_head(&mut stream, Instant::now() + limits.head_timeout) {
        Ok(head) => head,
        Err(Cut::TooLarge { line }) => {
            let refused = if line {
                refusal("414 URI Too Long", "the request line is too long")
            } else {
                refusal("431 Request Header Fields Too Large", "the request's headers are too large")
            };
            stream.write_all(&refused.head())?;
            stream.write_all(&refused.body)?;
            linger(&mut stream);
            return Ok(());
        }
        Err(Cut::Late { begun: true }) => {
            let late = refusal("408 Request Timeout", "the request took too long to arrive");
            stream.write_all(&late.head())?;
            return stream.write_all(&late.body);
        }
        Err(Cut::Late { begun: false } | Cut::Gone) => return Ok(()),
    };
    if !slot.answering() {
        return Ok(());
    }
    let answer = respond(&head, shared, out, port);
    stream.write_all(&answer.head())?;
    stream.write_all(&answer.body)?;
    stream.flush()
}

/// The request line and headers, read until the blank line that ends them, within [`HEAD_MAX`]
/// bytes and by `deadline` (however slowly they come).
fn read_head(stream: &mut TcpStream, deadline: Instant) -> Result<String, Cut> {
    let mut head = vec![0; HEAD_MAX];
    let mut len = 0;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(Cut::Late { begun: len > 0 });
        }
        stream.set_read_timeout(Some(left)).map_err(|_| Cut::Gone)?;
        let n = match stream.read(&mut head[len..]) {
            Ok(0) => return Err(Cut::Gone),
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return Err(Cut::Late { begun: len > 0 })
            }
            Err(_) => return Err(Cut::Gone),
        };
        // The head ends at an empty line (`\r\n\r\n`, or `\n\n`); only the new bytes can end it.
        let end =
            (len..len + n).find(|&i| head[i] == b'\n' && (head[..i].ends_with(b"\n") || head[..i].ends_with(b"\n\r")));
        len += n;
        if let Some(end) = end {
            head.truncate(end + 1);
            return Ok(String::from_utf8_lossy(&head).into_owned());
        }
        if len == HEAD_MAX {
            return Err(Cut::TooLarge { line: !head.contains(&b'\n') });
        }
    }
}

/// After an answer sent before the request was read to its end: stops writing, then reads and
/// drops what the client still sends, a little and for a while, so that it reads the answer
/// rather than a reset connection.
fn linger(stream: &mut TcpStream) {
    let _ = stream.shutdown(Shutdown::Write);
    let until = Instant::now() + LINGER_TIME;
    let mut scratch = [0; 8192];
    let mut dropped = 0;
    while dropped < LINGER_BYTES {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            return;
        }
        match stream.read(&mut scratch) {
            Ok(0) | Err(_) => return,
            Ok(n) => dropped += n,
        }
    }
}

/// The answer to a request head: refused unless it names this server (a page elsewhere that had
/// its name point here would otherwise read what is served), else routed.
fn respond(head: &str, shared: &Shared, out: &Path, port: u16) -> Answer {
    let mut lines = head.lines();
    let mut words = lines.next().unwrap_or_default().split_whitespace();
    let (method, target, version) = (words.next(), words.next(), words.next());
    let hosts: Vec<&str> = lines
        .filter_map(|line| line.split_once(':'))
        .filter(|(name, _)| name.eq_ignore_ascii_case("host"))
        .map(|(_, value)| value.trim())
        .collect();
    match hosts[..] {
        // HTTP/1.0 may leave the host out; a browser never does.
        [] if version == Some("HTTP/1.0") => {}
        [host] if names_this_server(host, port) => {}
        [_] => {
            let why = format!("this server answers only for 127.0.0.1:{port} and localhost:{port}");
            return refusal("403 Forbidden", &why);
        }
        _ => return refusal("400 Bad Request", "a request names its host once (Host)"),
    }
    match (method, target) {
        (Some("GET"), Some(url)) if url.starts_with('/') => route(url, shared, out),
        (Some("GET") | None, _) => refusal("400 Bad Request", "not a request for a path"),
        (Some(_), _) => refusal("405 Method Not Allowed", "GET only"),
    }
}

/// Whether `host`, a Host header's value, names this server: 127.0.0.1, localhost or [::1], with
/// this server's `port` if any.
fn names_this_server(host: &str, port: u16) -> bool {
    let (name, given) = match host.rfind(':') {
        // `[::1]` holds colons of its own; a port comes after its `]`.
        Some(colon) if !host[colon..].contains(']') => (&host[..colon], Some(&host[colon + 1..])),
        _ => (host, None),
    };
    let port_is_ours = given.is_none_or(|given| {
        !given.is_empty() && given.bytes().all(|b| b.is_ascii_digit()) && given.parse() == Ok(port)
    });
    port_is_ours && (name == "127.0.0.1" || name == "[::1]" || name.eq_ignore_ascii_case("localhost"))
}

fn route(url: &str, shared: &Shared, out: &Path) -> Answer {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let ok = |kind, body| Answer { status: "200 OK", kind, immutable: false, body };
    match path {
        "/" | "/index.html" => {
            let page = shared.now.lock().unwrap_or_else(|e| e.into_inner()).page.clone();
            ok("text/html; charset=utf-8", page.into_bytes())
        }
        "/_pnpkit/wait" => {
            let after = query.strip_prefix("after=").and_then(|n| n.parse().ok()).unwrap_or(0);
            ok("text/plain", shared.wait_after(after).to_string().into_bytes())
        }
        _ => match path.strip_prefix("/_pnpkit/img/") {
            Some(name) => match shared.now.lock().unwrap_or_else(|e| e.into_inner()).images.get(name) {
                // Pictures are named by their content: a browser may keep them.
                Some(bytes) => Answer { status: "200 OK", kind: "image/png", immutable: true, body: bytes.to_vec() },
                None => not_found(),
            },
            None => file(out, path),
        },
    }
}

/// A file of the output folder, by its URL path (percent-decoded); nothing outside the folder.
fn file(out: &Path, url_path: &str) -> Answer {
    let Some(relative) = decoded(url_path.trim_start_matches('/')) else { return not_found() };
    let relative = Path::new(&relative);
    if !relative.components().all(|c| matches!(c, Component::Normal(_))) {
        return not_found();
    }
    match std::fs::read(out.join(relative)) {
        Ok(body) => Answer { status: "200 OK", kind: content_type(relative), immutable: false, body },
        Err(_) => not_found(),
    }
}

/// `%xx` escapes decoded; `None` for a malformed escape or text that is not UTF-8.
fn decoded(text: &str) -> Option<String> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        if b == b'%' {
            let hex = std::str::from_utf8(tail.get(..2)?).ok()?;
            bytes.push(u8::from_str_radix(hex, 16).ok()?);
            rest = &tail[2..];
        } else {
            bytes.push(b);
            rest = tail;
        }
    }
    String::from_utf8(bytes).ok()
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "pdf" => "application/pdf",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "json" => "application/json",
        "vmod" | "zip" => "application/zip",
        _ => "text/plain; charset=utf-8",
    }
}

fn not_found() -> Answer {
    Answer { status: "404 Not Found", kind: "text/plain", immutable: false, body: b"not found".to_vec() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

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
