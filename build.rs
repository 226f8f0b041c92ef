//! Stops the build with an actionable message when a committed font is missing, truncated or a
//! Git-LFS pointer, instead of a cryptic `include_bytes!` error later.
use std::path::Path;

/// The fonts every build embeds, with their exact sizes (see assets/fonts/SOURCE.md).
const FONTS: &[(&str, u64)] = &[
    ("assets/fonts/NotoSansJP-Regular.ttf", 5_472_784),
    ("assets/fonts/NotoSansJP-Bold.ttf", 5_468_188),
    ("assets/fonts/NotoSans-Regular.ttf", 512_672),
    ("assets/fonts/NotoSans-Bold.ttf", 515_752),
];

fn main() {
    for (rel, size) in FONTS {
        println!("cargo:rerun-if-changed={rel}");
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
        let problem = match std::fs::metadata(&path) {
            Ok(meta) if meta.len() == *size => continue,
            Ok(meta) if meta.len() < 1024 => {
                format!("{rel} is only {} bytes: it looks like a Git-LFS pointer, not the font itself", meta.len())
            }
            Ok(meta) => format!("{rel} has {} bytes, expected {size}", meta.len()),
            Err(_) => format!("{rel} is missing"),
        };
        panic!(
            "\n\nEmbedded font problem: {problem}.\n\
             The fonts are committed to the repository (SIL OFL 1.1, see assets/fonts/OFL.txt).\n\
             Restore them with `git checkout -- assets/fonts/` or re-fetch them once with\n\
             `scripts/fetch-fonts.sh` (npm package @expo-google-fonts/noto-sans-jp@0.4.3).\n"
        );
    }
}
