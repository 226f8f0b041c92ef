//! The one integration-test binary. Each module is a family of tests:
//!
//! - `broken`: every fixture in tests/broken/<case>/ fails `pnpkit check` with exactly the
//!   diagnostics in its expect.txt, and every error code has a fixture;
//! - `counters`: counters and markers read back from their PDFs meet the published sizes, and
//!   provisional values are named in the sheet's margin and the manifest, not on the faces;
//! - `cli`: the binary on data/dougram: check, build, determinism, nothing lost on failure;
//! - `fuzz`: mutated pack files never make the loader or the checks panic;
//! - `layering`: imports run down the pipeline and source files stay short (ARCHITECTURE.md);
//! - `sheets`: sheets at true size, read back from the PDFs and the SVG pages;
//! - `readback`: every PDF the packs build, read back with pdftotext, keeps its words inside the
//!   safe area and apart;
//! - `tables`: the play aids, card lists and setup charts read back: text sizes, counters at size;
//! - `watchdog`: templates that hang or eat memory past the render budget stop the build (E0133).

mod area_geography;
mod bom;
mod broken;
mod browser;
mod cards;
mod cli;
mod counters;
mod errata;
mod faults;
mod fuzz;
mod golden;
mod layering;
mod looks;
mod markup;
mod packs;
mod print;
mod readback;
mod rulebook;
mod search;
mod sheets;
mod spreadsheet;
mod support;
mod tables;
mod watchdog;

// Issue 15: map graph rules, marker setups, values by turn.
mod area_setups;

// Issue 16: the page's stemmer gives the CLI's stems.
mod stemmer;
// Issue 16: the rules reference shows Japanese on any machine (embedded web font).
mod webfont;

// Issue 17: area maps laid out automatically, and `pnpkit layout`.
mod arealayout;
// Issue 17: hex map routes as curves clear of names, one label each, hex numbers clear.
mod hex_routes;
// Issue 17: area-map routes read back from the SVG: none under a box, labels apart.
mod area_routes;
// Issue 17: region names and scoring on area maps, read back from the SVG.
mod region_labels;

// Issue 18: a pack's font replaces the built-in one; Noto Sans JP only fills in.
mod pack_font;
// Issue 18: SVG pages, back pages and card backs only where asked for or needed.
mod on_demand;

// Issue 19: `pnpkit watch` rebuilds what changed; `--serve` previews it in a browser.
mod watch;
// Issue 19: the VASSAL module read back with pywargame: pieces, piles, grid, setups.
mod vassal;

// Issue 19: the Tabletop Simulator set read back: structure, counts, images, determinism.
mod tts;

// Issue 20: the rules reference in both languages: Japanese clause text in our own words, the
// page's text the source's, no word doubled at a link.
mod reference;

// Issue 30: never touch what is not ours (output ownership, safe file names, nested outputs).
mod ownership;
// Issue 30: long texts (a 60 kB word, a 60 kB card text) build, reported, in time linear in length.
mod long_text;
