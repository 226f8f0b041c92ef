//! The pack's icons in rules.html: each declared once in the page's style sheet as its image (a
//! data URL, so the page stays one offline file), and every `[name]` a text writes shown as an
//! inline element of that class, an em square read aloud by its name.

use base64::Engine;

use crate::load::confine::{limit, read_bounded, resolve};
use crate::model::{markup, Pack};

/// The style sheet rules for the pack's icons (empty without icons). An icon whose file cannot
/// be read (the loader has reported it) is left out.
pub(super) fn css(pack: &Pack) -> String {
    if pack.icons.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        ".icon{display:inline-block;width:1em;height:1em;vertical-align:-0.15em;background:center/contain no-repeat}",
    );
    for icon in &pack.icons {
        let Ok(bytes) = resolve(&pack.root, &icon.path).and_then(|p| read_bounded(&p, limit::DATA)) else { continue };
        let mime = match icon.path.rsplit('.').next().map(str::to_ascii_lowercase).as_deref() {
            Some("svg") => "image/svg+xml",
            Some("png") => "image/png",
            Some("jpg" | "jpeg") => "image/jpeg",
            Some("gif") => "image/gif",
            _ => "image/webp",
        };
        let data = base64::engine::general_purpose::STANDARD.encode(&bytes);
        out.push_str(&format!(".icon-{}{{background-image:url(\"data:{mime};base64,{data}\")}}", icon.name));
    }
    out
}

/// `html` (a text already escaped, brackets as written) with every declared icon as its element
/// and `\[` as a bracket.
pub(super) fn inline(pack: &Pack, html: &str) -> String {
    let spans = markup::icon_spans(html);
    let mut out = String::with_capacity(html.len());
    let mut last = 0;
    for (range, name) in spans.into_iter().filter(|(_, name)| pack.icon(name).is_some()) {
        out.push_str(&html[last..range.start]);
        out.push_str(&format!(r#"<i class="icon icon-{name}" role="img" aria-label="{name}" title="{name}"></i>"#));
        last = range.end;
    }
    out.push_str(&html[last..]);
    markup::unescaped(&out).into_owned()
}
