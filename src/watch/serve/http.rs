//! Just enough HTTP/1.1 for the preview: one request head read within its time and size limits,
//! the `Host` checked against this server's own names, the path routed to the page, a picture or
//! a file of the output folder, and the answer written (a refusal lingers so the browser reads it).

use super::{Limits, Shared, Slot, HEAD_MAX, LINGER_BYTES, LINGER_TIME};
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::path::{Component, Path};
use std::time::Instant;

/// An answer: status, content type, whether it may be kept, body.
pub(super) struct Answer {
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
pub(super) fn refusal(status: &'static str, why: &str) -> Answer {
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
pub(super) fn answer(
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

/// Every connection is being answered: says so at once, and returns the connection to be closed
/// a little later. This runs on the thread that accepts connections, so it neither waits on the
/// client nor reads its request; closing at once, with the request unread, would reset the
/// connection before the client read the answer.
pub(super) fn busy(mut stream: TcpStream) -> TcpStream {
    let busy = refusal("503 Service Unavailable", "busy: every connection is taken; try again in a moment");
    if stream.set_nonblocking(true).is_ok() {
        // A new connection's send buffer is empty: the answer fits at once, or not at all.
        let _ = stream.write_all(&busy.head()).and_then(|_| stream.write_all(&busy.body));
    }
    let _ = stream.shutdown(Shutdown::Write);
    stream
}
