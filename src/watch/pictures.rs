//! The preview page's pictures: PNGs of faces and pages, each kept by the SHA-256 of the SVG it
//! is drawn from, so that a rebuild draws only the faces and pages that changed.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use sha2::{Digest, Sha256};

use crate::emit::{pngs, SvgParser};

/// PNGs by name (`<hash>.png`, the hash of the SVG and resolution drawn).
#[derive(Default)]
pub struct Pictures {
    drawn: HashMap<String, Arc<Vec<u8>>>,
}

/// A picture to draw: its SVG, its resolution (dots per inch), and whether it may wait for a
/// later call (`true`: one not drawn before is not drawn now).
pub type Job<'a> = (&'a str, u32, bool);

impl Pictures {
    /// The names of `jobs`' pictures: those not drawn before are drawn now, on every core,
    /// except those that may wait (`None`). Once every picture is drawn, only these are kept.
    /// Also says how many were drawn.
    pub fn update(&mut self, parser: &SvgParser, jobs: &[Job<'_>]) -> Result<(Vec<Option<String>>, usize), String> {
        let names: Vec<String> = jobs.iter().map(|(svg, dpi, _)| name(svg, *dpi)).collect();
        let mut new: Vec<(&str, u32)> = Vec::new();
        let mut new_names: Vec<&String> = Vec::new();
        for (&(svg, dpi, wait), name) in jobs.iter().zip(&names) {
            if !wait && !self.drawn.contains_key(name) && !new_names.contains(&name) {
                new.push((svg, dpi));
                new_names.push(name);
            }
        }
        let drawn = new.len();
        for (name, png) in new_names.into_iter().zip(pngs(parser, &new)) {
            let png = png.map_err(|e| e.0)?;
            self.drawn.insert(name.clone(), Arc::new(png));
        }
        let names: Vec<Option<String>> =
            names.into_iter().map(|name| self.drawn.contains_key(&name).then_some(name)).collect();
        if names.iter().all(Option::is_some) {
            let used: HashSet<&str> = names.iter().flatten().map(String::as_str).collect();
            self.drawn.retain(|name, _| used.contains(name.as_str()));
        }
        Ok((names, drawn))
    }

    /// Every picture kept, by name.
    pub fn all(&self) -> HashMap<String, Arc<Vec<u8>>> {
        self.drawn.clone()
    }
}

fn name(svg: &str, dpi: u32) -> String {
    let hash = Sha256::new().chain_update(dpi.to_le_bytes()).chain_update(svg.as_bytes()).finalize();
    let hex: String = hash.iter().take(12).map(|b| format!("{b:02x}")).collect();
    format!("{hex}.png")
}
