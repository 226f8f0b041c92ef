//! The preview page's pictures: PNGs of faces and pages, each kept by the SHA-256 of the SVG it
//! is drawn from, so that a rebuild draws only the faces and pages that changed.

use std::collections::HashMap;
use std::sync::Arc;

use sha2::{Digest, Sha256};

use crate::emit::{pngs, SvgParser};

/// PNGs by name (`<hash>.png`, the hash of the SVG and resolution drawn).
#[derive(Default)]
pub struct Pictures {
    drawn: HashMap<String, Arc<Vec<u8>>>,
}

impl Pictures {
    /// The names of `svgs`' pictures, each drawn at its resolution (dots per inch); those not
    /// drawn before are drawn now, on every core. Only these pictures are kept. Also says how
    /// many were drawn.
    pub fn update(&mut self, parser: &SvgParser, svgs: &[(&str, u32)]) -> Result<(Vec<String>, usize), String> {
        let names: Vec<String> = svgs.iter().map(|(svg, dpi)| name(svg, *dpi)).collect();
        let mut new: Vec<(&str, u32)> = Vec::new();
        let mut new_names: Vec<&String> = Vec::new();
        for (svg, name) in svgs.iter().zip(&names) {
            if !self.drawn.contains_key(name) && !new_names.contains(&name) {
                new.push(*svg);
                new_names.push(name);
            }
        }
        let drawn = new.len();
        for (name, png) in new_names.into_iter().zip(pngs(parser, &new)) {
            let png = png.map_err(|e| e.0)?;
            self.drawn.insert(name.clone(), Arc::new(png));
        }
        self.drawn.retain(|name, _| names.contains(name));
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
