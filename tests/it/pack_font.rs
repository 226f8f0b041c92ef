//! A pack's own font replaces the built-in one (issue 18): data/dougram with `[print] fonts`
//! naming IPAexGothic (Debian's fonts-ipaexfont-gothic, installed by .ci/run; no font file is kept
//! in the repository) prints every PDF in it, read back with `pdffonts`: Noto Sans JP is embedded
//! only where a character IPAexGothic lacks (≥ on the play aids) falls back to it. The SVG pages,
//! the built-in templates' text, the flowchart's `dot` and the rules reference's web font all name
//! it first.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::support::{copy_dir, pnpkit, root, temp_dir, text};

/// IPAexGothic's file, or `None` (and says so) when it is not installed. In CI it must be.
fn ipaex() -> Option<PathBuf> {
    let path = PathBuf::from("/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf");
    match path.is_file() {
        true => Some(path),
        false if std::env::var_os("CI").is_none() => {
            eprintln!("skipping pack font checks: fonts-ipaexfont-gothic is not installed");
            None
        }
        false => panic!("fonts-ipaexfont-gothic is required in CI ({})", path.display()),
    }
}

/// `pdffonts` of `pdf`: the base font name of every font the PDF embeds, or `None` when
/// poppler-utils is not installed (outside CI).
fn pdffonts(pdf: &Path) -> Option<Vec<String>> {
    match Command::new("pdffonts").arg(pdf).output() {
        Ok(o) => Some(
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .skip(2)
                .filter_map(|row| row.split_whitespace().next())
                .map(|name| name.split_once('+').map_or(name, |(_, base)| base).to_string())
                .collect(),
        ),
        Err(_) if std::env::var_os("CI").is_none() => None,
        Err(e) => panic!("pdffonts is required in CI: {e}"),
    }
}

/// data/dougram with IPAexGothic as its font, built with `extra` arguments: the output folder.
fn build_with_pack_font(name: &str, font: &Path, extra: &[&str]) -> PathBuf {
    let dir = temp_dir(name);
    let pack = dir.join("pack");
    copy_dir(&root().join("data/dougram"), &pack);
    std::fs::create_dir_all(pack.join("fonts")).unwrap();
    std::fs::copy(font, pack.join("fonts/ipaexg.ttf")).unwrap();
    let toml = std::fs::read_to_string(pack.join("pack.toml")).unwrap();
    let declared = "[print]\nfonts = [{ family = \"IPAexGothic\", regular = \"fonts/ipaexg.ttf\" }]";
    assert!(toml.contains("[print]\n"), "data/dougram declares [print]");
    std::fs::write(pack.join("pack.toml"), toml.replacen("[print]", declared, 1)).unwrap();
    let out = dir.join("out");
    let (pack_arg, out_arg) = (pack.to_string_lossy().into_owned(), out.to_string_lossy().into_owned());
    let mut args = vec!["build", &pack_arg, "--out", &out_arg];
    args.extend(extra);
    let output = pnpkit(&root(), &args);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output).1);
    out
}

#[test]
fn a_pack_font_replaces_noto_sans_jp_which_only_fills_in_characters_it_lacks() {
    let Some(font) = ipaex() else { return };
    let out = build_with_pack_font("pack-font", &font, &[]);
    let Some(_) = pdffonts(&out.join("cards.pdf")) else { return };
    let mut pdfs: Vec<PathBuf> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        .collect();
    pdfs.sort();
    assert!(pdfs.len() >= 8, "every PDF of the kit: {pdfs:?}");
    for pdf in &pdfs {
        let fonts = pdffonts(pdf).unwrap();
        assert!(fonts.iter().any(|f| f == "IPAexGothic"), "{} is set in the pack's font: {fonts:?}", pdf.display());
        let name = pdf.file_name().unwrap().to_string_lossy();
        let noto = fonts.iter().any(|f| f.contains("NotoSansJP"));
        // IPAexGothic has every character of the kit but `≥`, which only the play aids and the
        // rulebooks (a clause's `≥ 10`) print.
        let has_ge = String::from_utf8_lossy(
            &Command::new("pdftotext").arg(pdf).arg("-").output().expect("pdftotext runs with pdffonts").stdout,
        )
        .contains('≥');
        assert_eq!(has_ge, name == "play-aids.pdf" || name.starts_with("rules"), "{name}: where ≥ is printed");
        assert_eq!(noto, has_ge, "{name}: Noto Sans JP embedded only for ≥, which IPAexGothic lacks: {fonts:?}");
    }
}

#[test]
fn every_text_names_the_pack_font_first() {
    let Some(font) = ipaex() else { return };
    let only = ["--only", "cards,reference,flowchart"];
    let mut out = build_with_pack_font("pack-font-names", &font, &only);
    if !out.join("svg").is_dir() {
        // SVG pages are written when asked for.
        out = build_with_pack_font("pack-font-names", &font, &[&only[..], &["--svg"]].concat());
    }
    let mut families = std::collections::BTreeSet::new();
    for page in std::fs::read_dir(out.join("svg")).unwrap() {
        let svg = std::fs::read_to_string(page.unwrap().path()).unwrap();
        for part in svg.split("font-family=\"").skip(1) {
            families.insert(part.split('"').next().unwrap().to_string());
        }
    }
    assert_eq!(families.into_iter().collect::<Vec<_>>(), ["IPAexGothic"], "pages and built-in templates");
    let dot = std::fs::read_to_string(out.join("flowchart.dot")).unwrap();
    assert!(dot.contains("fontname=\"IPAexGothic\""), "{}", &dot[..dot.len().min(200)]);
    let html = std::fs::read_to_string(out.join("rules.html")).unwrap();
    let body = html.split("body { font-family: ").nth(1).unwrap().split(';').next().unwrap();
    assert!(body.starts_with("\"pnpkit IPAexGothic\", "), "the pack font's web font first: {body}");
    assert!(body.contains("\"IPAexGothic\", "), "then the family itself: {body}");
    assert!(!body.contains("\"Noto Sans JP\""), "Noto Sans JP only as an embedded fallback: {body}");
}
