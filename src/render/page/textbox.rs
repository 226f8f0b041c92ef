//! What a page asks the canvas to print: a [`TextBox`] (the text, its box, size range, weight,
//! alignment and the [`Owner`] a warning names), and what the canvas reports back of where its
//! lines went ([`Laid`], [`Run`]).

use crate::diag::Span;
use crate::text::Weight;

/// Horizontal alignment of lines in their box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    /// Left edge (the default).
    Start,
    /// Centred.
    Middle,
    /// Right edge.
    End,
}

/// Vertical placement of the block of lines in its box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VAlign {
    /// At the top (the default).
    Top,
    /// Centred.
    Middle,
}

/// Who a text belongs to: a component ("track `defcon`", "card 29") and the data it comes from.
#[derive(Clone, Debug, Default)]
pub(crate) struct Owner {
    /// What to call it in a warning.
    pub(crate) label: String,
    /// The data's file:line, when the text comes from the pack.
    pub(crate) span: Option<Span>,
}

impl Owner {
    /// An owner with a label and the span of the data it prints.
    pub(crate) fn new(label: impl Into<String>, span: Option<&Span>) -> Owner {
        Owner { label: label.into(), span: span.filter(|s| **s != Span::default()).cloned() }
    }
}

/// A text and the box it must fit. Made with [`TextBox::new`] and refined with the builder
/// methods; sizes are in pt, the box in mm.
#[derive(Clone, Debug)]
pub(crate) struct TextBox<'t> {
    pub(super) text: &'t str,
    pub(super) x: f64,
    pub(super) y: f64,
    pub(super) w: f64,
    pub(super) h: f64,
    pub(super) max_pt: f64,
    pub(super) min_pt: f64,
    pub(super) weight: Weight,
    pub(super) align: Align,
    pub(super) valign: VAlign,
    pub(super) leading: f64,
    pub(super) max_lines: usize,
    pub(super) fill: &'t str,
    pub(super) attrs: &'t str,
    pub(super) owner: Option<Owner>,
    pub(super) icons: &'t [String],
    pub(super) outlined: bool,
}

impl<'t> TextBox<'t> {
    /// `text` in the box at (`x`, `y`) of `w` × `h` mm; 9 pt down to 6 pt, regular, left, top.
    pub(crate) fn new(text: &'t str, x: f64, y: f64, w: f64, h: f64) -> TextBox<'t> {
        TextBox {
            text,
            x,
            y,
            w,
            h,
            max_pt: 9.0,
            min_pt: 6.0,
            weight: Weight::Regular,
            align: Align::Start,
            valign: VAlign::Top,
            leading: 1.25,
            max_lines: 0,
            fill: "#1a1a1a",
            attrs: "",
            owner: None,
            icons: &[],
            outlined: false,
        }
    }

    /// The largest size; the smallest stays at most this.
    pub(crate) fn size(mut self, max_pt: f64) -> Self {
        self.max_pt = max_pt;
        self.min_pt = self.min_pt.min(max_pt);
        self
    }

    /// The smallest size the text may shrink to before it is reported.
    pub(crate) fn min(mut self, min_pt: f64) -> Self {
        self.min_pt = min_pt.min(self.max_pt);
        self
    }

    /// Exactly this size (shrinking is not allowed).
    pub(crate) fn fixed(mut self, pt: f64) -> Self {
        self.max_pt = pt;
        self.min_pt = pt;
        self
    }

    /// Bold.
    pub(crate) fn bold(mut self) -> Self {
        self.weight = Weight::Bold;
        self
    }

    /// Bold when `bold`.
    pub(crate) fn weight(mut self, weight: Weight) -> Self {
        self.weight = weight;
        self
    }

    /// Horizontal alignment.
    pub(crate) fn align(mut self, align: Align) -> Self {
        self.align = align;
        self
    }

    /// Centred in the box, both ways.
    pub(crate) fn centred(mut self) -> Self {
        self.align = Align::Middle;
        self.valign = VAlign::Middle;
        self
    }

    /// Vertical placement.
    pub(crate) fn valign(mut self, valign: VAlign) -> Self {
        self.valign = valign;
        self
    }

    /// Line pitch as a multiple of the size.
    pub(crate) fn leading(mut self, leading: f64) -> Self {
        self.leading = leading;
        self
    }

    /// At most `n` lines (the text shrinks instead of breaking further).
    pub(crate) fn lines(mut self, n: usize) -> Self {
        self.max_lines = n;
        self
    }

    /// Colour.
    pub(crate) fn fill(mut self, fill: &'t str) -> Self {
        self.fill = fill;
        self
    }

    /// Drawn as the glyphs' outlines, not as text: for a part of a text another page prints
    /// whole (a map tile's edge cuts it), so text extraction and the page checks see that one.
    pub(crate) fn outlined(mut self) -> Self {
        self.outlined = true;
        self
    }

    /// More SVG attributes for the `<text>` elements (`fill-opacity="0.8"`).
    pub(crate) fn attrs(mut self, attrs: &'t str) -> Self {
        self.attrs = attrs;
        self
    }

    /// The images of the icons the text holds, in order: each [`ICON`](crate::model::markup::ICON)
    /// of the text is drawn as the next of them, an em square at the text's size.
    pub(crate) fn icons(mut self, icons: &'t [String]) -> Self {
        self.icons = icons;
        self
    }

    /// Whom the text belongs to, for warnings (else the page's owner).
    pub(crate) fn of(mut self, owner: &Owner) -> Self {
        self.owner = Some(owner.clone());
        self
    }
}

/// Where a text went.
#[derive(Clone, Debug)]
pub(crate) struct Laid {
    /// The size chosen, pt (callers so far only need it in tests).
    #[allow(dead_code)]
    pub(crate) size_pt: f64,
    /// Width of the widest line, mm.
    pub(crate) width: f64,
    /// Top of the first line's em box, mm (in the coordinates it was placed in).
    pub(crate) top: f64,
    /// Bottom of the last line's em box, mm.
    pub(crate) bottom: f64,
    /// Whether it did not fit even at its minimum size (reported already; callers so far only
    /// need it in tests).
    #[allow(dead_code)]
    pub(crate) overflow: bool,
}

/// One styled piece of a line drawn by [`Canvas::runs`](super::canvas::Canvas::runs): a diff's removed or added words among
/// the unchanged ones.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Run<'t> {
    /// The text, spaces included (they are drawn as measured).
    pub(crate) text: &'t str,
    /// Its colour.
    pub(crate) fill: &'t str,
    /// A highlight drawn behind it.
    pub(crate) mark: Option<&'t str>,
    /// Struck out.
    pub(crate) strike: bool,
}
