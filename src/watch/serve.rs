//! The preview server of `pnpkit watch --serve`: on the loopback address only, it serves the
//! preview page and its images from memory and every other path from the output folder; the page
//! asks `/_pnpkit/wait?after=N` (answered when build N+1 is published, or after a while) and
//! reloads itself after each build.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// How long a waiting page's request is held before it is answered with the same build (the
/// page then asks again).
const HOLD: Duration = Duration::from_secs(20);

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
    let listener =
        TcpListener::bind((Ipv4Addr::LOCALHOST, port)).map_err(|e| format!("cannot serve on port {port}: {e}"))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let (shared, out) = (shared.clone(), out.clone());
            std::thread::spawn(move || {
                // A browser that went away meanwhile needs no answer.
                let _ = answer(stream, &shared, &out);
            });
        }
    });
    Ok(addr)
}

/// An answer: status, content type, whether it may be kept, body.
struct Answer {
    status: &'static str,
    kind: &'static str,
    immutable: bool,
    body: Vec<u8>,
}

fn answer(stream: TcpStream, shared: &Shared, out: &Path) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    // The headers say nothing this server needs; they are read so the browser is not cut off.
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 && header.len() < 64 * 1024 {
        header.clear();
    }
    let mut words = request.split_whitespace();
    let answer = match (words.next(), words.next()) {
        (Some("GET"), Some(url)) => route(url, shared, out),
        _ => Answer {
            status: "405 Method Not Allowed",
            kind: "text/plain",
            immutable: false,
            body: b"GET only".to_vec(),
        },
    };
    let cache = if answer.immutable { "max-age=31536000, immutable" } else { "no-store" };
    let mut stream = stream;
    write!(
        stream,
        "HTTP/1.1 {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: {cache}\r\nConnection: close\r\n\r\n",
        answer.status,
        answer.kind,
        answer.body.len()
    )?;
    stream.write_all(&answer.body)?;
    stream.flush()
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

    fn get(addr: SocketAddr, path: &str) -> String {
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        write!(stream, "GET {path} HTTP/1.0\r\nHost: localhost\r\n\r\n").unwrap();
        let mut text = String::new();
        stream.read_to_string(&mut text).unwrap();
        text
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
}
