//! File names made from a pack's data. A card id, a counter id or an edition becomes part of a
//! file name (`png/cards/<id>-front.png`, `errata-<edition>.md`), and a pack may hold any text
//! there: `../../x`, a backslash, `CON`, 300 bytes. [`file_name`] keeps a safe id as it is (so
//! `png/counters/クラブガンナー-front.png` stays readable and outputs stay byte-identical) and maps
//! any other to a safe name that no other id maps to; [`is_inside`] is the last check before a
//! byte is written, so no path leaves the output folder whatever a caller built.

use std::borrow::Cow;

/// Bytes an id may take as it is in a file name: with a prefix and suffix (`-front.png`) it stays
/// well under the 255 bytes most file systems allow.
const MAX_BYTES: usize = 120;

/// `id` as one safe file-name part: unchanged when it already is one, otherwise every unsafe
/// character as `_`, cut to [`MAX_BYTES`], and the id's hash added so that two ids that differ
/// only in what was replaced keep apart.
pub fn file_name(id: &str) -> Cow<'_, str> {
    if is_safe(id) {
        return Cow::Borrowed(id);
    }
    let mut kept: String = id.chars().map(|c| if is_unsafe_char(c) { '_' } else { c }).collect();
    if kept.len() > MAX_BYTES {
        let mut end = MAX_BYTES;
        while !kept.is_char_boundary(end) {
            end -= 1;
        }
        kept.truncate(end);
    }
    // A leading dot would hide the file (and `..` would climb): it becomes `_`.
    if kept.starts_with('.') {
        kept.replace_range(..1, "_");
    }
    // `CON`, `nul.txt`: a device on Windows whatever follows the dot.
    if is_reserved(&kept) {
        kept.insert(0, '_');
    }
    Cow::Owned(format!("{kept}-{:08x}", fnv1a(id)))
}

/// A face's id (`cards/29-front`: a kind of ours, a slash, then the pack's id and a side) as a
/// path of two safe parts, for its preview image.
pub fn face_path(face: &str) -> String {
    match face.split_once('/') {
        Some((kind, rest)) => format!("{}/{}", file_name(kind), file_name(rest)),
        None => file_name(face).into_owned(),
    }
}

/// Whether `id` can be a file name as it is on every common file system: not empty, no path
/// separator, control character or character Windows forbids, no leading dot, no trailing dot or
/// space, not a name Windows reserves (`CON`, `NUL`, `COM1`, …), at most [`MAX_BYTES`] bytes.
pub fn is_safe(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_BYTES
        && !id.chars().any(is_unsafe_char)
        && !id.starts_with('.')
        && !id.ends_with(['.', ' '])
        && !is_reserved(id)
}

fn is_unsafe_char(c: char) -> bool {
    c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|')
}

/// Windows' reserved device names, with or without an extension, in any case.
fn is_reserved(id: &str) -> bool {
    let stem = id.split('.').next().unwrap_or(id).trim_end().to_ascii_uppercase();
    matches!(stem.as_str(), "CON" | "PRN" | "AUX" | "NUL")
        || (stem.len() == 4
            && (stem.starts_with("COM") || stem.starts_with("LPT"))
            && stem.as_bytes()[3].is_ascii_digit())
}

/// Whether `path` (`/`-separated, relative to an output folder) names a file inside that folder:
/// every part a plain name, none empty, `.` or `..`, no backslash, NUL or leading `/`.
pub(crate) fn is_inside(path: &str) -> bool {
    !path.is_empty()
        && !path.contains(['\\', '\0'])
        && path.split('/').all(|part| !part.is_empty() && part != "." && part != "..")
}

/// 32-bit FNV-1a: stable across builds and machines.
pub fn fnv1a(s: &str) -> u32 {
    s.bytes().fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn safe_ids_are_kept_and_others_become_distinct_safe_names() {
        for id in ["29", "クラブガンナー", "3P", "back-common", "Korean War", "a.b"] {
            assert_eq!(file_name(id), id);
        }
        let hostile =
            ["../../../tmp/x/ESCAPED", "..", ".", "a/b", "a\\b", "CON", "nul.txt", "com1", "x\u{0}y", "dot.", " ", ""];
        let mut seen = std::collections::HashSet::new();
        for id in hostile {
            let name = file_name(id);
            assert!(is_safe(&name), "{id:?} → {name:?}");
            assert!(is_inside(&name), "{id:?} → {name:?}");
            assert!(seen.insert(name.into_owned()), "{id:?} collides");
        }
        // `a/b` and `a\b` both become `a_b`; the hash keeps them apart.
        assert_ne!(file_name("a/b"), file_name("a\\b"));
        let long = "長".repeat(200);
        let name = file_name(&long);
        assert!(name.len() <= MAX_BYTES + 9 && name.starts_with("長"), "{name}");
    }

    #[test]
    fn a_face_path_keeps_its_kind_folder_and_never_climbs() {
        assert_eq!(face_path("cards/29-front"), "cards/29-front");
        let escaped = face_path("counters/../../../tmp/x/ESCAPED-front");
        assert!(escaped.starts_with("counters/") && is_inside(&escaped) && escaped.matches('/').count() == 1);
    }

    #[test]
    fn only_plain_relative_paths_are_inside() {
        for path in ["manifest.json", "png/cards/29-front.png", "tts/common-1.png"] {
            assert!(is_inside(path), "{path}");
        }
        for path in ["", "/etc/passwd", "png/../../x", "..", "./a", "a//b", "a\\b", "a/\0"] {
            assert!(!is_inside(path), "{path}");
        }
    }
}
