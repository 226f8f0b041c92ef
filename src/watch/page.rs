//! The preview page of `pnpkit watch --serve`: the current diagnostics at the top, then every
//! kind of piece (its faces side by side, named) and every page of every document, as pictures
//! the server keeps in memory. It brings itself up to date in place when the next build is
//! published, and times how long after the change it showed it.

use std::fmt::Write;

use crate::text::escape;

/// What the page shows.
pub struct View {
    /// The `lang` of the page: the pack's first language.
    pub lang: String,
    /// The game's title.
    pub title: String,
    /// The page's name after the title (its heading and window title).
    pub heading: String,
    /// What the folded list of the output's files is called.
    pub files_label: String,
    /// How the page says when it showed the change (`{ms}` for the milliseconds).
    pub shown_label: String,
    /// One line: how the last build went.
    pub status: String,
    /// Whether the last build failed (the pieces and sheets are then the last good build's).
    pub failed: bool,
    /// Whether the build is over (its files written, or stopped); `false` while the page shows
    /// its pieces and its files are being written.
    pub settled: bool,
    /// The diagnostics in groups (errors, warnings): a heading, the text pnpkit prints, and
    /// whether it shows unfolded (errors do; a pack's standing warnings fold away).
    pub diagnostics: Vec<(String, String, bool)>,
    /// What the last good build made.
    pub made: Made,
}

/// What a build made, as the page shows it.
#[derive(Clone, Default)]
pub struct Made {
    /// Links to the output's files: label, path.
    pub links: Vec<(String, String)>,
    /// The pieces, by product.
    pub pieces: Vec<Group>,
    /// The documents' pages.
    pub sheets: Vec<Sheet>,
}

/// A heading and the pieces under it.
#[derive(Clone)]
pub struct Group {
    /// What the pieces are (counters, chits, cards), as a class name.
    pub kind: &'static str,
    /// What the pieces are, in the pack's language.
    pub heading: String,
    /// Each kind of piece.
    pub items: Vec<Item>,
}

/// One kind of piece: its name and the pictures of its faces.
#[derive(Clone)]
pub struct Item {
    /// Its name (and how many there are).
    pub caption: String,
    /// Its faces' pictures, front first.
    pub faces: Vec<String>,
}

/// One document: its name, its file and its pages' pictures.
#[derive(Clone)]
pub struct Sheet {
    /// The document's name.
    pub name: String,
    /// Its PDF, relative to the output folder.
    pub href: String,
    /// Its pages' pictures, in order, each with whether it is the last build's (this one's is
    /// being drawn).
    pub pages: Vec<(String, bool)>,
}

const STYLE: &str = "
body{font-family:system-ui,sans-serif;margin:0;background:#f4f1ea;color:#1d1d1d}
header{position:sticky;top:0;z-index:1;display:flex;align-items:baseline;gap:1rem;padding:.4rem 1rem;background:#1f3b57;color:#fff;white-space:nowrap}
header.failed{background:#8a1c1c}
header h1{font-size:1rem;margin:0;overflow:hidden;text-overflow:ellipsis;min-width:3rem;flex:0 1 auto}
header p{margin:0;font-size:.9rem;overflow:hidden;text-overflow:ellipsis;min-width:0;flex:1 1 auto}
header a{color:#fff}
#shown:not(:empty){margin-right:.5em;font-weight:bold}
#files{position:relative;flex:none;font-size:.9rem}
#files summary{cursor:pointer}
#files ul{position:absolute;right:0;top:1.5rem;margin:0;padding:.5rem 1rem;list-style:none;background:#1f3b57;max-height:70vh;overflow:auto;box-shadow:0 4px 12px rgba(0,0,0,.35)}
#files li{padding:.15rem 0}
#diagnostics{margin:0;padding:.6rem 1rem;background:#fff8e1;border-bottom:1px solid #c9b98a}
#diagnostics pre{white-space:pre-wrap;margin:.4rem 0;font-size:.85rem}
#diagnostics summary{font-weight:bold;cursor:pointer}
main{padding:0 1rem 2rem}
h2{font-size:1.05rem;margin:1.2rem 0 .4rem}
h3{font-size:.95rem;margin:.8rem 0 .3rem}
.pieces{display:flex;flex-wrap:wrap;gap:.6rem}
figure{margin:0;padding:.3rem;background:#fff;border:1px solid #d8d2c4;border-radius:4px}
figure img{height:7rem;margin-right:.2rem;vertical-align:top}
figure.counters img,figure.chits img{height:4rem}
figcaption{font-size:.8rem;max-width:16rem}
.pages{display:flex;flex-wrap:wrap;gap:.6rem}
.pages img{height:22rem;border:1px solid #bbb;background:#fff}
.pages img.stale{opacity:.45}
";

/// Waits for the next build (the server holds the request until then or a while), then brings
/// the page up to it in place: only the elements that differ are replaced, so a one-card edit
/// loads one picture and lays out one figure instead of reloading the page. Once the pictures
/// the change brought have loaded and a frame has been drawn, the status line says how long
/// after the change that was, on the same clock the server noted the change by (this machine's).
const SCRIPT: &str = "
(() => {
  const body = document.body;
  const timed = new Map();
  const loaded = (img) => img.complete ? null : new Promise((done) => {
    img.addEventListener('load', done, { once: true });
    img.addEventListener('error', done, { once: true });
  });
  const shown = async (fresh) => {
    const changed = Number(body.dataset.changed);
    if (!changed) return;
    if (!timed.has(changed)) {
      await Promise.all(fresh.filter((i) => i.loading !== 'lazy').map(loaded));
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      timed.set(changed, Math.max(0, Date.now() - changed));
    }
    const span = document.getElementById('shown');
    if (span) span.textContent = body.dataset.shown.replace('{ms}', timed.get(changed));
  };
  // Makes `old` like `now`: elements whose children are all elements are kept and their
  // children made alike in turn; any other that differs is replaced. Pictures put in are
  // collected in `fresh`. A folded list the user opened stays open.
  const sync = (old, now, fresh) => {
    if (old.isEqualNode(now)) return;
    const kept = old.tagName === now.tagName && now.children.length > 0
      && old.childNodes.length === old.children.length && now.childNodes.length === now.children.length
      && old.children.length === now.children.length;
    if (!kept) {
      const copy = document.importNode(now, true);
      old.replaceWith(copy);
      fresh.push(...(copy.tagName === 'IMG' ? [copy] : copy.querySelectorAll('img')));
      return;
    }
    for (const name of old.getAttributeNames()) {
      if (!now.hasAttribute(name) && name !== 'open') old.removeAttribute(name);
    }
    for (const name of now.getAttributeNames()) {
      if (old.getAttribute(name) !== now.getAttribute(name)) old.setAttribute(name, now.getAttribute(name));
    }
    [...old.children].forEach((child, i) => sync(child, now.children[i], fresh));
  };
  const patch = (now) => {
    const fresh = [];
    document.title = now.title;
    document.documentElement.lang = now.documentElement.lang;
    for (const id of ['top', 'diagnostics', 'pieces']) {
      const [old, next] = [document.getElementById(id), now.getElementById(id)];
      if (old && next) sync(old, next, fresh);
      else if (old) old.remove();
      else if (next) document.getElementById('pieces').before(document.importNode(next, true));
    }
    Object.assign(body.dataset, now.body.dataset);
    return fresh;
  };
  (async () => {
    for (;;) {
      try {
        const answer = await fetch('/_pnpkit/wait?after=' + body.dataset.build, { cache: 'no-store' });
        // A busy server (503) or a refusal: wait a second, as after a network error.
        if (!answer.ok) throw new Error(answer.status);
        if (Number(await answer.text()) <= Number(body.dataset.build)) continue;
        const page = await fetch('/', { cache: 'no-store' });
        if (!page.ok) throw new Error(page.status);
        const now = new DOMParser().parseFromString(await page.text(), 'text/html');
        let fresh;
        try {
          fresh = patch(now);
        } catch (e) {
          location.reload();
          return;
        }
        shown(fresh);
      } catch (e) {
        await new Promise((done) => setTimeout(done, 1000));
      }
    }
  })();
})();
";

/// The page's HTML, as build number `build` answering the change seen at `changed` (milliseconds
/// since 1970 on this machine's clock; 0: none).
pub fn html(view: &View, build: u64, changed: u64) -> String {
    let mut out = String::new();
    let title = escape(&view.title);
    let heading = escape(&view.heading);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\"><title>{title} · {heading}</title><style>{STYLE}</style></head>\
         <body data-build=\"{build}\" data-changed=\"{changed}\" data-settled=\"{}\" data-shown=\"{}\">",
        escape(&view.lang),
        view.settled,
        escape(&view.shown_label),
    );
    let class = if view.failed { " class=\"failed\"" } else { "" };
    let _ = write!(
        out,
        "<header id=\"top\"{class}><h1>{title} · {heading}</h1><p id=\"status\"><span id=\"shown\"></span>{}</p>",
        escape(&view.status)
    );
    // One line: how soon the change was on screen first (the page fills it in), then how the
    // build went; the files fold into a list that opens over the page.
    if !view.made.links.is_empty() {
        let _ = write!(
            out,
            "<details id=\"files\"><summary>{} ({})</summary><ul>",
            escape(&view.files_label),
            view.made.links.len()
        );
        for (label, href) in &view.made.links {
            let _ = write!(out, "<li><a href=\"{}\">{}</a></li>", escape(href), escape(label));
        }
        out.push_str("</ul></details>");
    }
    out.push_str("</header>");
    if !view.diagnostics.is_empty() {
        out.push_str("<section id=\"diagnostics\">");
        for (heading, text, open) in &view.diagnostics {
            let open = if *open { " open" } else { "" };
            let _ = write!(
                out,
                "<details{open}><summary>{}</summary><pre>{}</pre></details>",
                escape(heading),
                escape(text)
            );
        }
        out.push_str("</section>");
    }
    out.push_str("<main id=\"pieces\">");
    for group in &view.made.pieces {
        let _ = write!(out, "<section><h2>{}</h2><div class=\"pieces\">", escape(&group.heading));
        for item in &group.items {
            let _ = write!(out, "<figure class=\"{}\">", group.kind);
            for face in &item.faces {
                let _ = write!(out, "<a href=\"/_pnpkit/img/{face}\"><img src=\"/_pnpkit/img/{face}\" alt=\"\"></a>");
            }
            let _ = write!(out, "<figcaption>{}</figcaption></figure>", escape(&item.caption));
        }
        out.push_str("</div></section>");
    }
    for sheet in &view.made.sheets {
        let name = escape(&sheet.name);
        let _ = write!(out, "<section><h2><a href=\"{}\">{name}</a></h2><div class=\"pages\">", escape(&sheet.href));
        for (i, (page, stale)) in sheet.pages.iter().enumerate() {
            let stale = if *stale { " class=\"stale\"" } else { "" };
            let _ = write!(out, "<img src=\"/_pnpkit/img/{page}\"{stale} alt=\"{name} {}\" loading=\"lazy\">", i + 1);
        }
        out.push_str("</div></section>");
    }
    let _ = writeln!(out, "</main><script>{SCRIPT}</script></body></html>");
    out
}
