//! Canvas: one page being drawn, and the one path every text of a generated page takes.
//!
//! The principal type is [`Canvas`]. Shapes are written to it as SVG ([`Canvas::raw`]); text is
//! placed only through [`Canvas::text`] with a [`TextBox`]: the box it must fit, the sizes it
//! may take and who it belongs to (a component and the data's file:line). The text engine
//! ([`crate::text::fit`], measured by shaping, as drawn) breaks and shrinks it to fit; what does
//! not fit even at its minimum size is a warning naming its owner. [`Canvas::finish`] adds the
//! footer inside the safe margin and checks the page as a printer would: no text within the safe
//! margin of the paper edge, no text over other text. Coordinates are mm; groups
//! ([`Canvas::group`]) translate and scale, and the checks see the page coordinates.

use super::checks::at;
pub(crate) use super::checks::{fit_problems, overlapping, short, Rect};
pub(crate) use super::textbox::{Align, Laid, Owner, Run, TextBox, VAlign};

use std::fmt::Write;
use std::sync::Arc;

use crate::diag::{Code, Diagnostic};
use crate::layout::{Art, Packed, Placed};
use crate::model::markup::ICON;
use crate::text::fit::{fit, tracked_width_em, Fitted, Request, PT_PER_MM};
use crate::text::{Fonts, Style, Weight};

use crate::render::page::mm;
use crate::render::page::Page;
use crate::text::escape;

/// Where the first baseline sits below a line's top, in em (the ideographic em box).
const ASCENT: f64 = 0.88;
/// How far a line's em box reaches below its baseline, in em.
const DESCENT: f64 = 0.12;
/// The footer's size in pt.
const FOOTER_PT: f64 = 6.5;
/// The footer's height, mm.
pub(crate) const FOOTER_MM: f64 = FOOTER_PT / PT_PER_MM;

/// A drawn line, in page coordinates, for the page checks.
#[derive(Clone, Debug)]
struct Ink {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
    text: String,
    owner: usize,
}

/// One page being drawn.
pub(crate) struct Canvas<'f> {
    fonts: &'f Fonts,
    svg: String,
    /// Paper width, mm.
    pub(crate) w: f64,
    /// Paper height, mm.
    pub(crate) h: f64,
    safe: f64,
    /// Open groups: (dx, dy, scale) of each, outermost first.
    groups: Vec<(f64, f64, f64)>,
    ink: Vec<Ink>,
    owners: Vec<Owner>,
    warnings: Vec<Diagnostic>,
    /// The faces drawn so far, for the PDF writer.
    placed: Vec<Placed>,
}

impl<'f> Canvas<'f> {
    /// A white page of `w` × `h` mm whose texts stay `safe` mm from the edge; texts without an
    /// owner of their own belong to `page`.
    pub(crate) fn new(fonts: &'f Fonts, (w, h): (f64, f64), safe: f64, page: Owner) -> Canvas<'f> {
        let svg = format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}" font-family="{}"><rect width="{w}" height="{h}" fill="#ffffff"/>"##,
            escape(fonts.main_family())
        );
        Canvas {
            fonts,
            svg,
            w,
            h,
            safe,
            groups: Vec::new(),
            ink: Vec::new(),
            owners: vec![page],
            warnings: Vec::new(),
            placed: Vec::new(),
        }
    }

    /// Adds a warning about the page's drawing (one that is not about a text's fit or place).
    pub(crate) fn warn(&mut self, warning: Diagnostic) {
        self.warnings.push(warning);
    }

    /// The fonts text is measured with.
    pub(crate) fn fonts(&self) -> &'f Fonts {
        self.fonts
    }

    /// The area content may use: inside the safe margin, above the footer. (x, y, w, h) in mm.
    pub(crate) fn area(&self) -> (f64, f64, f64, f64) {
        let footer = FOOTER_MM + 2.0;
        (self.safe, self.safe, self.w - 2.0 * self.safe, self.h - 2.0 * self.safe - footer)
    }

    /// The bottom of the content area, mm.
    pub(crate) fn bottom(&self) -> f64 {
        let (_, y, _, h) = self.area();
        y + h
    }

    /// Writes shapes (SVG elements, no text).
    pub(crate) fn raw(&mut self, svg: &str) {
        self.svg.push_str(svg);
    }

    /// Draws a face: `open` is the `<svg …>` element showing `art` at `at`, clipped to `clip`.
    /// At the top level the page's SVG holds only that element, empty, and the placement is
    /// recorded: the PDF writer draws the art once per document and places it, and
    /// [`Page::full_svg`] fills it in, so a deck's pages do not hold a second copy of every face.
    /// Inside a group the art is written inline (the SVG text alone says where it lies).
    pub(crate) fn place(&mut self, art: &Arc<Art>, open: &str, at: (f64, f64), clip: crate::layout::Rect) {
        let start = self.svg.len();
        self.svg.push_str(open);
        if self.groups.is_empty() {
            self.svg.push_str("</svg>");
            self.placed.push(Placed { span: start..self.svg.len(), art: art.clone(), at, clip });
        } else {
            self.svg.push_str(&art.elements.text());
            self.svg.push_str("</svg>");
        }
    }

    /// Opens a group translated by (`dx`, `dy`) and scaled by `scale`; close it with
    /// [`Canvas::end_group`].
    pub(crate) fn group(&mut self, dx: f64, dy: f64, scale: f64) {
        let _ = write!(self.svg, r#"<g transform="translate({} {}) scale({})">"#, mm(dx), mm(dy), mm(scale));
        self.groups.push((dx, dy, scale));
    }

    /// Closes the innermost group.
    pub(crate) fn end_group(&mut self) {
        self.svg.push_str("</g>");
        self.groups.pop();
    }

    /// Page coordinates of a point and the scale at it.
    fn to_page(&self, x: f64, y: f64) -> (f64, f64, f64) {
        self.groups
            .iter()
            .rev()
            .fold((x, y, 1.0), |(x, y, s), (dx, dy, scale)| (dx + x * scale, dy + y * scale, s * scale))
    }

    /// Fits `b` into its box, draws it and records where its lines went. Never clips: text that
    /// does not fit at its minimum size is drawn at that size and reported.
    pub(crate) fn text(&mut self, b: TextBox<'_>) -> Laid {
        let style = Style::main(b.weight);
        let fitted = fit(
            self.fonts,
            &Request {
                text: b.text,
                width_mm: b.w,
                height_mm: b.h,
                max_pt: b.max_pt,
                min_pt: b.min_pt,
                leading: b.leading,
                style,
                max_lines: b.max_lines,
                columns: (1, 0.0),
            },
        );
        let owner = match &b.owner {
            Some(o) => {
                self.owners.push(o.clone());
                self.owners.len() - 1
            }
            None => 0,
        };
        self.report_fit(&b, &fitted, owner);
        let top = match b.valign {
            VAlign::Top => b.y,
            VAlign::Middle => b.y + (b.h - fitted.height_mm) / 2.0,
        };
        let (x, anchor) = match b.align {
            Align::Start => (b.x, ""),
            Align::Middle => (b.x + b.w / 2.0, r#" text-anchor="middle""#),
            Align::End => (b.x + b.w, r#" text-anchor="end""#),
        };
        let weight = if b.weight == Weight::Bold { r#" font-weight="700""# } else { "" };
        let size = fitted.size_mm;
        let mut attrs = if b.attrs.is_empty() { String::new() } else { format!(" {}", b.attrs) };
        if fitted.tracking_em > 0.0 {
            let _ = write!(attrs, r#" letter-spacing="-{}""#, mm(fitted.tracking_em * size));
        }
        // Lines that lie wholly off the paper (text too long for its page, which is reported) are
        // not drawn: nothing of them could print, and a megabyte of them would cost the PDF and
        // PNG writers minutes. Their ink is recorded as one box, so the page checks still see it.
        let mut off_paper: Option<(Rect, &str)> = None;
        let mut icons = b.icons.iter();
        for (i, line) in fitted.lines.iter().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let baseline = top + ASCENT * size + i as f64 * fitted.line_mm;
            let (y0, y1) = (baseline - ASCENT * size, baseline + DESCENT * size);
            let measured = if self.off_paper((b.x, y0, b.x + b.w, y1), size, (false, true)) {
                None
            } else {
                let width = tracked_width_em(self.fonts, line, style, fitted.tracking_em) * size;
                let x0 = match b.align {
                    Align::Start => x,
                    Align::Middle => x - width / 2.0,
                    Align::End => x - width,
                };
                Some((x0, x0 + width)).filter(|&(x0, x1)| !self.off_paper((x0, y0, x1, y1), size, (true, false)))
            };
            let Some((x0, x1)) = measured else {
                let (x0, x1) = (b.x, b.x + b.w);
                off_paper = Some(match off_paper {
                    None => ((x0, y0, x1, y1), line),
                    Some(((a0, b0, a1, b1), first)) => ((a0.min(x0), b0.min(y0), a1.max(x1), b1.max(y1)), first),
                });
                continue;
            };
            // An icon's place is kept by a blank as wide (an ideographic space: an em, as the
            // icon's stand-in measured), its image drawn over it, centred on the line.
            let shown: std::borrow::Cow<'_, str> =
                if b.icons.is_empty() { line.into() } else { line.replace(ICON, "\u{3000}").into() };
            if b.outlined {
                let d = self.fonts.outline(&shown, style, size, fitted.tracking_em, (x0, baseline));
                let _ = write!(self.svg, r#"<path class="outlined" d="{}" fill="{}"{attrs}/>"#, d.trim_start(), b.fill);
            } else {
                let _ = write!(
                    self.svg,
                    r#"<text x="{}" y="{}" font-size="{}"{weight}{anchor} fill="{}"{attrs}>{}</text>"#,
                    mm(x),
                    mm(baseline),
                    mm(size),
                    b.fill,
                    escape(&shown)
                );
            }
            for (at, _) in line.match_indices(ICON).filter(|_| !b.icons.is_empty()) {
                let Some(href) = icons.next() else { break };
                let left = x0 + tracked_width_em(self.fonts, &line[..at], style, fitted.tracking_em) * size;
                let top = baseline - ASCENT * size + ((ASCENT + DESCENT) * size - size) / 2.0;
                let _ = write!(
                    self.svg,
                    r#"<image href="{}" x="{}" y="{}" width="{}" height="{}" preserveAspectRatio="xMidYMid meet"/>"#,
                    escape(href),
                    mm(left),
                    mm(top),
                    mm(size),
                    mm(size)
                );
            }
            // Outlines are shapes: a copy of a text set as text elsewhere (checked there).
            if !b.outlined {
                self.record(x0, y0, x1, y1, line, owner);
            }
        }
        if let Some(((x0, y0, x1, y1), first)) = off_paper.filter(|_| !b.outlined) {
            self.record(x0, y0, x1, y1, first, owner);
        }
        Laid {
            size_pt: fitted.size_pt,
            width: fitted.width_mm,
            top,
            bottom: top + fitted.height_mm,
            overflow: fitted.overflow,
        }
    }

    /// Draws one line made of `runs` side by side from (`x`, `top`), at `pt` in `weight`, measured
    /// together (each run's place is the width of the line up to it), so highlights sit exactly
    /// behind their words. The line must already fit `width` (break it first); a wider one is
    /// reported like any text that does not fit.
    pub(crate) fn runs(
        &mut self,
        runs: &[Run<'_>],
        (x, top): (f64, f64),
        width: f64,
        pt: f64,
        weight: Weight,
        owner: &Owner,
    ) -> Laid {
        let style = Style::main(weight);
        let size = pt / PT_PER_MM;
        let line: String = runs.iter().map(|r| r.text).collect();
        let total = self.fonts.width_em(&line, style) * size;
        self.owners.push(owner.clone());
        let who = self.owners.len() - 1;
        let fitted = Fitted {
            size_pt: pt,
            size_mm: size,
            line_mm: size,
            lines: vec![line.clone()],
            width_mm: total,
            height_mm: size,
            overflow: total > width + 0.05,
            split_word: false,
            per_column: 1,
            column_mm: (width, width),
            missing: self.fonts.missing(&line, style),
            tracking_em: 0.0,
        };
        let request = TextBox::new(&line, x, top, width, size).fixed(pt);
        self.report_fit(&request, &fitted, who);
        let baseline = top + ASCENT * size;
        let mut before = String::new();
        let mut spans = String::new();
        for run in runs {
            let x0 = x + self.fonts.width_em(&before, style) * size;
            before.push_str(run.text);
            let x1 = x + self.fonts.width_em(&before, style) * size;
            if let Some(mark) = run.mark.filter(|_| !run.text.trim().is_empty()) {
                let _ = write!(
                    self.svg,
                    r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{mark}"/>"#,
                    mm(x0 - 0.2),
                    mm(top),
                    mm(x1 - x0 + 0.4),
                    mm(size)
                );
            }
            let strike = if run.strike { r#" text-decoration="line-through""# } else { "" };
            let _ = write!(spans, r#"<tspan fill="{}"{strike}>{}</tspan>"#, run.fill, escape(run.text));
        }
        let bold = if weight == Weight::Bold { r#" font-weight="700""# } else { "" };
        let _ = write!(
            self.svg,
            r#"<text x="{}" y="{}" font-size="{}"{bold} xml:space="preserve">{spans}</text>"#,
            mm(x),
            mm(baseline),
            mm(size)
        );
        if !line.trim().is_empty() {
            self.record(x, top, x + total, baseline + DESCENT * size, &line, who);
        }
        Laid { size_pt: pt, width: total, top, bottom: top + size, overflow: fitted.overflow }
    }

    /// Whether the box `(x0, y0, x1, y1)` (in the current group's coordinates) lies wholly off
    /// the paper by more than `slack` (an em: glyphs may reach a little beyond their em box),
    /// looking across and down as `axes` says.
    fn off_paper(&self, (x0, y0, x1, y1): Rect, slack: f64, (across, down): (bool, bool)) -> bool {
        let (px0, py0, scale) = self.to_page(x0, y0);
        let (px1, py1, _) = self.to_page(x1, y1);
        let slack = slack * scale.abs();
        let outside = |a: f64, b: f64, edge: f64| a.max(b) < -slack || a.min(b) > edge + slack;
        (across && outside(px0, px1, self.w)) || (down && outside(py0, py1, self.h))
    }

    fn record(&mut self, x0: f64, y0: f64, x1: f64, y1: f64, text: &str, owner: usize) {
        let (px0, py0, _) = self.to_page(x0, y0);
        let (px1, py1, _) = self.to_page(x1, y1);
        self.ink.push(Ink { x0: px0, y0: py0, x1: px1, y1: py1, text: text.to_string(), owner });
    }

    fn report_fit(&mut self, b: &TextBox<'_>, fitted: &Fitted, owner: usize) {
        let who = &self.owners[owner];
        let room = "shorten the text, or give the component more room";
        let problems = fit_problems(&who.label, b.text, (b.w, b.h), b.min_pt, fitted, room);
        let placed: Vec<Diagnostic> = problems.into_iter().map(|d| at(d, who)).collect();
        self.warnings.extend(placed);
    }

    /// Adds the footer (inside the safe margin, centred), checks the page and closes it.
    pub(crate) fn finish(mut self, footer: &str) -> (Page, Vec<Diagnostic>) {
        while !self.groups.is_empty() {
            self.end_group();
        }
        if !footer.is_empty() {
            let h = FOOTER_MM;
            let (x, w) = (self.safe, self.w - 2.0 * self.safe);
            let y = self.h - self.safe - h;
            self.text(
                TextBox::new(footer, x, y, w, h).size(FOOTER_PT).min(5.0).lines(1).align(Align::Middle).fill("#555555"),
            );
        }
        self.svg.push_str("</svg>");
        self.check_margin();
        self.check_overlaps();
        (Page { svg: Packed::new(&self.svg), back: false, boxes: None, placed: self.placed }, self.warnings)
    }

    fn check_margin(&mut self) {
        let (safe, w, h) = (self.safe, self.w, self.h);
        let mut reported = std::collections::BTreeSet::new();
        for ink in &self.ink {
            let distance = ink.x0.min(ink.y0).min(w - ink.x1).min(h - ink.y1);
            // A hundredth of a millimetre of rounding is not a problem worth reporting.
            if distance < safe - 0.01 && reported.insert(ink.owner) {
                let who = &self.owners[ink.owner];
                let d = Diagnostic::warning(
                    Code::TEXT_IN_MARGIN,
                    format!(
                        "{}: text “{}” is {:.1} mm from the paper edge, inside the {safe} mm safe margin",
                        who.label,
                        short(&ink.text),
                        distance.max(0.0)
                    ),
                )
                .with_hint("move it inwards; [print] safe_margin sets the margin");
                self.warnings.push(at(d, who));
            }
        }
    }

    fn check_overlaps(&mut self) {
        let rects: Vec<Rect> = self.ink.iter().map(|i| (i.x0, i.y0, i.x1, i.y1)).collect();
        let mut reported = std::collections::BTreeSet::new();
        for (a, b) in overlapping(&rects) {
            let (p, q) = (&self.ink[a], &self.ink[b]);
            // One warning per pair of owners: a long label over a row of hex numbers is one finding.
            if !reported.insert((p.owner.min(q.owner), p.owner.max(q.owner))) {
                continue;
            }
            let (who, other) = (&self.owners[p.owner], &self.owners[q.owner]);
            let whose = if p.owner == q.owner { String::new() } else { format!(" of {}", other.label) };
            let d = Diagnostic::warning(
                Code::TEXT_OVERLAP,
                format!("{}: text “{}” overlaps “{}”{whose}", who.label, short(&p.text), short(&q.text)),
            )
            .with_hint("give the texts separate boxes, or shorten one");
            self.warnings.push(at(d, who));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(fonts: &Fonts) -> Canvas<'_> {
        Canvas::new(fonts, (210.0, 297.0), 5.0, Owner::new("test page", None))
    }

    #[test]
    fn text_that_fits_is_drawn_and_nothing_is_reported() {
        let fonts = Fonts::embedded();
        let mut c = page(&fonts);
        let laid = c.text(TextBox::new("Turn sequence 手順", 20.0, 20.0, 80.0, 10.0).size(12.0));
        assert_eq!(laid.size_pt, 12.0);
        let (page, warnings) = c.finish("footer");
        assert!(warnings.is_empty(), "{warnings:?}");
        assert!(page.svg.text().contains(">Turn sequence 手順</text>"));
    }

    #[test]
    fn text_in_the_safe_margin_and_text_over_text_are_reported() {
        let fonts = Fonts::embedded();
        let mut c = page(&fonts);
        c.text(TextBox::new("edge", 2.0, 50.0, 30.0, 6.0).fixed(9.0).of(&Owner::new("track `vp`", None)));
        c.text(TextBox::new("first", 40.0, 80.0, 30.0, 6.0).fixed(9.0));
        c.text(TextBox::new("second", 42.0, 81.0, 30.0, 6.0).fixed(9.0));
        let (_, warnings) = c.finish("");
        let codes: Vec<&str> = warnings.iter().map(|w| w.code.0).collect();
        assert_eq!(codes, ["W0803", "W0804"], "{warnings:?}");
        assert!(warnings[0].message.starts_with("track `vp`: text “edge” is 2.0 mm from the paper edge"));
    }

    #[test]
    fn text_too_long_for_its_box_is_reported_with_its_owner() {
        let fonts = Fonts::embedded();
        let mut c = page(&fonts);
        let long = "a long sentence that cannot fit ".repeat(10);
        let laid =
            c.text(TextBox::new(&long, 20.0, 20.0, 30.0, 5.0).size(9.0).min(6.0).of(&Owner::new("box `x`", None)));
        assert!(laid.overflow);
        let (_, warnings) = c.finish("");
        assert_eq!(warnings[0].code.0, "W0801");
        assert!(warnings[0].message.starts_with("box `x`: text does not fit its 30.0×5.0 mm box"));
    }

    #[test]
    fn groups_scale_what_the_checks_see() {
        let fonts = Fonts::embedded();
        let mut c = page(&fonts);
        c.group(100.0, 100.0, 0.5);
        // At (-200, 0) in the group: page x = 100 - 100 = 0, inside the margin.
        c.text(TextBox::new("scaled", -200.0, 0.0, 40.0, 10.0).fixed(9.0));
        c.end_group();
        let (page, warnings) = c.finish("");
        assert!(page.svg.text().contains(r#"<g transform="translate(100 100) scale(0.5)">"#));
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert_eq!(warnings[0].code.0, "W0803");
    }

    #[test]
    fn a_line_of_runs_is_measured_together_and_marks_sit_behind_their_words() {
        let fonts = Fonts::embedded();
        let mut c = page(&fonts);
        let runs = [
            Run { text: "roll ", fill: "#111111", mark: None, strike: false },
            Run { text: "2", fill: "#a93226", mark: Some("#fbd3cd"), strike: true },
            Run { text: " dice", fill: "#111111", mark: None, strike: false },
        ];
        let owner = Owner::new("card 15", None);
        let laid = c.runs(&runs, (20.0, 20.0), 60.0, 9.0, Weight::Regular, &owner);
        let whole = fonts.width_em("roll 2 dice", Style::main(Weight::Regular)) * 9.0 / PT_PER_MM;
        assert!((laid.width - whole).abs() < 1e-9 && !laid.overflow);
        // The highlight starts where "roll " ends.
        let start = 20.0 + fonts.width_em("roll ", Style::main(Weight::Regular)) * 9.0 / PT_PER_MM;
        let (page, warnings) = c.finish("");
        assert!(warnings.is_empty(), "{warnings:?}");
        assert!(page.svg.text().contains(&format!(r##"<rect x="{}""##, mm(start - 0.2))), "{}", page.svg.text());
        assert!(page.svg.text().contains(r##"<tspan fill="#a93226" text-decoration="line-through">2</tspan>"##));
    }

    #[test]
    fn a_line_of_runs_wider_than_its_column_is_reported() {
        let fonts = Fonts::embedded();
        let mut c = page(&fonts);
        let runs = [Run { text: "far too long for ten millimetres", fill: "#111111", mark: None, strike: false }];
        let laid = c.runs(&runs, (20.0, 20.0), 10.0, 9.0, Weight::Regular, &Owner::new("card 1", None));
        assert!(laid.overflow);
        let (_, warnings) = c.finish("");
        assert_eq!(warnings[0].code.0, "W0801", "{warnings:?}");
        assert!(warnings[0].message.starts_with("card 1: text does not fit"));
    }

    #[test]
    fn the_footer_sits_inside_the_safe_margin() {
        let fonts = Fonts::embedded();
        let c = page(&fonts);
        let (_, warnings) = c.finish("Twilight Struggle · PnP 1 · track · sheet 1/1");
        assert!(warnings.is_empty(), "{warnings:?}");
    }

    #[test]
    fn overlapping_boxes_are_paired_and_touching_ones_are_not() {
        let rects = [(0.0, 0.0, 10.0, 3.0), (20.0, 0.0, 30.0, 3.0), (9.0, 2.0, 15.0, 5.0), (10.0, 0.0, 12.0, 1.0)];
        assert_eq!(overlapping(&rects), [(0, 2)]);
    }

    #[test]
    fn lines_far_off_the_paper_are_not_drawn_but_still_reported() {
        // Issue 30: a megabyte of text runs tens of metres off its page; what cannot print is not
        // drawn (the PDF and PNG writers took minutes over it), and the page checks still see it.
        let fonts = Fonts::embedded();
        let mut c = page(&fonts);
        let long = "lorem ipsum dolor ".repeat(10_000);
        let owner = Owner::new("clause 13.3", None);
        let laid = c.text(TextBox::new(&long, 20.0, 250.0, 170.0, 30.0).fixed(8.0).of(&owner));
        assert!(laid.overflow && laid.bottom > 1000.0, "{laid:?}");
        let (page, warnings) = c.finish("");
        let drawn = page.svg.text().matches("<text").count();
        assert!(drawn < 30, "{drawn} lines drawn, the page shows no more");
        let codes: Vec<&str> = warnings.iter().map(|w| w.code.0).collect();
        assert!(codes.contains(&"W0801") && codes.contains(&"W0803"), "{warnings:?}");
        assert!(warnings.iter().all(|w| w.message.starts_with("clause 13.3")), "{warnings:?}");
    }
}
