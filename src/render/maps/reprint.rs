//! The replacement map of an erratum: the map page at its published size, and, when the run's
//! paper is smaller, only the tiles whose window meets a changed thing. Where a thing lies is read
//! back from the page the renderer emits — the hex polygons (`data-hex`), the area boxes
//! (`<g data-area>`'s first rect), the adjacency lines (`data-link`) and sea routes
//! (`data-route`) — with their groups' transforms applied, so no map geometry is derived twice.

use crate::layout::Paper;
use crate::model::{MapKind, Pack};
use crate::render::maps::area as areamap;
use crate::render::maps::hex::{self as map};
use crate::render::maps::pen::{meets, Extent};
use crate::render::Ctx;
use crate::render::Document;
use crate::render::Product;
use crate::text::Fonts;

/// A marked thing on a map page: its key (`hex 27`, `area usa`, `link a b`, `route a b`) and its
/// extent on the page, mm.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    /// `hex <id>`, `area <id>`, `link <a> <b>` or `route <a> <b>`.
    pub key: String,
    /// Left, top, right, bottom on the published page, mm.
    pub extent: Extent,
}

/// The replacement map: its documents (the published page, then the chosen tiles) and the names
/// of the tiles it holds.
#[derive(Debug)]
pub struct ReplacementMap {
    /// `map-<published paper>` with the one page, and `map-<run paper>` with the chosen tiles when
    /// the run's paper is smaller (the same names `build` gives the full map).
    pub documents: Vec<Document>,
    /// The tiles reprinted, by the names the full set prints (`A1`, `B2` …), in print order.
    pub tiles: Vec<String>,
    /// How many tiles the full set has (0 when the map is not tiled).
    pub tiles_in_set: usize,
}

/// The paper a map is published on: its `paper`, else A3.
pub(crate) fn published_paper(map: &crate::model::Map) -> Paper {
    Paper::named(&map.paper).unwrap_or(Paper::A3)
}

/// A published map: its drawing, its page, the drawing's text extents, its paper and the page's
/// size, mm.
type Published<'p> = (crate::render::maps::pen::Drawing<'p>, crate::render::page::Page, Vec<Extent>, Paper, (f64, f64));

/// The published-size map page of `ctx`'s pack and its size, mm, with the drawing's text extents (for the
/// tiling) and the published paper; an area map too small for its markers says so (W0501).
fn published<'p>(ctx: &mut Ctx<'p>) -> Option<Published<'p>> {
    let pack = ctx.pack;
    let map = pack.map.as_ref()?;
    let paper = published_paper(map);
    let drawing = match map.kind {
        MapKind::Hex => map::hex_drawing(ctx, map, paper)?,
        MapKind::Area => {
            ctx.warnings.extend(areamap::scale_warning(ctx, map, paper));
            areamap::drawing(ctx, map, paper)
        }
    };
    let (page, extents, page_mm) = crate::render::maps::pen::page(ctx, &drawing);
    Some((drawing, page, extents, paper, page_mm))
}

/// The marked things on the published map page of `pack` (none when it has no map).
pub fn map_marks(pack: &Pack, fonts: &Fonts) -> Vec<Mark> {
    let mut ctx = Ctx::new(pack, fonts);
    published(&mut ctx).map(|(_, page, ..)| marks(&page.full_svg())).unwrap_or_default()
}

/// The replacement map of `pack`: the published page, and the tiles of `paper` (when smaller than
/// the published paper) whose window meets one of `changed` (extents on the published page, e.g.
/// where the old edition had a removed place) or a mark of this edition's page whose key `touched`
/// accepts; `touched` `None`: every tile. `None` when the pack has no map.
pub fn replacement_map(
    pack: &Pack,
    fonts: &Fonts,
    paper: Paper,
    changed: &[Extent],
    touched: Option<&dyn Fn(&str) -> bool>,
) -> Option<ReplacementMap> {
    map_set(&mut Ctx::new(pack, fonts), paper, touched.map(|t| (changed, t)))
}

/// The map documents of a build: the published page, and every tile of `paper` when it is smaller.
pub(crate) fn documents(ctx: &mut Ctx<'_>, paper: Paper) -> Vec<Document> {
    map_set(ctx, paper, None).map_or_else(Vec::new, |m| m.documents)
}

/// What a replacement map reprints: the extents of changed things on the published page, and the
/// keys of the page's marks that changed.
type Touched<'t> = (&'t [Extent], &'t dyn Fn(&str) -> bool);

/// The published page and the tiles of `paper` (when smaller than the published paper): all of
/// them, or with `only` = (extents, keys) those whose window meets one of the extents or a mark of
/// the page whose key is accepted.
fn map_set(ctx: &mut Ctx<'_>, paper: Paper, only: Option<Touched<'_>>) -> Option<ReplacementMap> {
    let (drawing, page, extents, published_paper, page_mm) = published(ctx)?;
    let touched_extents: Vec<Extent> = only.map_or_else(Vec::new, |(changed, touched)| {
        let marked = marks(&page.full_svg()).into_iter().filter(|m| touched(&m.key)).map(|m| m.extent);
        changed.iter().copied().chain(marked).collect()
    });
    let mut documents = vec![Document {
        product: Product::Map,
        name: format!("map-{}", published_paper.name.to_lowercase()),
        // The published size, the map's bleed round it and a proof's slug.
        page_mm,
        pages: vec![page],
        pieces: 0,
    }];
    let (mut tiles, mut tiles_in_set) = (Vec::new(), 0);
    if paper.width * paper.height < published_paper.width * published_paper.height {
        let tiling = crate::render::maps::tiles::choose_tiling(ctx, &drawing, &extents, paper);
        tiles_in_set = tiling.cols * tiling.rows;
        let keep = |w: Extent| only.is_none() || touched_extents.iter().any(|e| meets(e, &w));
        let chosen = map::tiles_where(ctx, &drawing, &extents, paper, "map.tile_footer", &keep);
        if !chosen.is_empty() {
            let page_mm = (tiling.paper.width, tiling.paper.height);
            tiles = chosen.iter().map(|(name, _)| name.clone()).collect();
            documents.push(Document {
                product: Product::Map,
                name: format!("map-{}", paper.name.to_lowercase()),
                pages: chosen.into_iter().map(|(_, page)| page).collect(),
                pieces: 0,
                page_mm,
            });
        }
    }
    Some(ReplacementMap { documents, tiles, tiles_in_set })
}

/// An affine transform `(a, b, c, d, e, f)`: x' = a·x + c·y + e, y' = b·x + d·y + f.
type Affine = [f64; 6];

const IDENTITY: Affine = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

/// `outer` after `inner`: a point is mapped by `inner` first.
fn compose(outer: &Affine, inner: &Affine) -> Affine {
    let [a, b, c, d, e, f] = *outer;
    let [a2, b2, c2, d2, e2, f2] = *inner;
    [a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f]
}

fn apply(t: &Affine, (x, y): (f64, f64)) -> (f64, f64) {
    (t[0] * x + t[2] * y + t[4], t[1] * x + t[3] * y + t[5])
}

/// The numbers of an SVG list (`points`, `d`, transform arguments), commands and separators
/// skipped.
fn numbers(s: &str) -> Vec<f64> {
    s.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == 'e'))
        .filter(|t| !t.is_empty() && *t != "e")
        .filter_map(|t| t.parse().ok())
        .collect()
}

/// A `transform` attribute (translate, scale and matrix, as the renderer writes them).
fn transform(s: &str) -> Affine {
    let mut t = IDENTITY;
    for part in s.split_inclusive(')') {
        let Some((name, args)) = part.split_once('(') else { continue };
        let n = numbers(args);
        let step = match (name.trim(), n.as_slice()) {
            ("translate", [x]) => [1.0, 0.0, 0.0, 1.0, *x, 0.0],
            ("translate", [x, y, ..]) => [1.0, 0.0, 0.0, 1.0, *x, *y],
            ("scale", [s]) => [*s, 0.0, 0.0, *s, 0.0, 0.0],
            ("scale", [x, y, ..]) => [*x, 0.0, 0.0, *y, 0.0, 0.0],
            ("matrix", [a, b, c, d, e, f, ..]) => [*a, *b, *c, *d, *e, *f],
            _ => IDENTITY,
        };
        t = compose(&t, &step);
    }
    t
}

/// The page extent of points given in the coordinates of `t`.
fn extent_of(t: &Affine, points: impl IntoIterator<Item = (f64, f64)>) -> Option<Extent> {
    points.into_iter().map(|p| apply(t, p)).fold(None, |acc: Option<Extent>, (x, y)| {
        Some(acc.map_or((x, y, x, y), |e| (e.0.min(x), e.1.min(y), e.2.max(x), e.3.max(y))))
    })
}

fn pairs(v: &[f64]) -> Vec<(f64, f64)> {
    v.chunks_exact(2).map(|p| (p[0], p[1])).collect()
}

fn attr(node: roxmltree::Node<'_, '_>, name: &str) -> f64 {
    node.attribute(name).and_then(|v| v.parse().ok()).unwrap_or(0.0)
}

/// The local extent points of a shape element: a rect's corners, a polygon's points, a path's
/// coordinates (absolute commands; a curve's control points bound it).
fn shape_points(node: roxmltree::Node<'_, '_>) -> Vec<(f64, f64)> {
    match node.tag_name().name() {
        "rect" => {
            let (x, y) = (attr(node, "x"), attr(node, "y"));
            vec![(x, y), (x + attr(node, "width"), y + attr(node, "height"))]
        }
        "polygon" | "polyline" => pairs(&numbers(node.attribute("points").unwrap_or_default())),
        "path" => pairs(&numbers(node.attribute("d").unwrap_or_default())),
        _ => Vec::new(),
    }
}

/// The marked things of a rendered map page, in document order.
pub fn marks(svg: &str) -> Vec<Mark> {
    let Ok(doc) = roxmltree::Document::parse(svg) else { return Vec::new() };
    let mut out = Vec::new();
    walk(doc.root_element(), IDENTITY, &mut out);
    out
}

fn walk(node: roxmltree::Node<'_, '_>, outer: Affine, out: &mut Vec<Mark>) {
    let t = node.attribute("transform").map_or(outer, |s| compose(&outer, &transform(s)));
    let mark = |kind: &str, id: &str| format!("{kind} {id}");
    let found = if let Some(id) = node.attribute("data-hex") {
        extent_of(&t, shape_points(node)).map(|e| (mark("hex", id), e))
    } else if let Some(id) = node.attribute("data-area").or_else(|| node.attribute("data-variant-area")) {
        // The area's box is its group's first rect (an area only a variant puts on the board
        // has its box in the key: the table's players of the variant use it there).
        let rect = node.descendants().find(|n| n.has_tag_name("rect"));
        rect.and_then(|r| extent_of(&within(r, node, t), shape_points(r))).map(|e| (mark("area", id), e))
    } else if let Some(ends) = node.attribute("data-link").filter(|_| node.tag_name().name() != "text") {
        let shapes = node.descendants().filter(|n| n.is_element());
        let points: Vec<(f64, f64)> =
            shapes.flat_map(|n| shape_points(n).into_iter().map(move |p| apply(&within(n, node, t), p))).collect();
        extent_of(&IDENTITY, points).map(|e| (mark("link", ends), e))
    } else if let (Some(ends), "path") = (node.attribute("data-route"), node.tag_name().name()) {
        extent_of(&t, shape_points(node)).map(|e| (mark("route", ends), e))
    } else {
        None
    };
    if let Some((key, extent)) = found {
        out.push(Mark { key, extent });
        return;
    }
    for child in node.children().filter(|n| n.is_element()) {
        walk(child, t, out);
    }
}

/// The transform of `node`, a descendant of `top` whose own transform is `t`: `t` with the
/// transforms of the elements from below `top` down to `node`.
fn within(node: roxmltree::Node<'_, '_>, top: roxmltree::Node<'_, '_>, t: Affine) -> Affine {
    let chain: Vec<_> = node.ancestors().take_while(|n| *n != top).collect();
    chain.iter().rev().fold(t, |acc, n| n.attribute("transform").map_or(acc, |s| compose(&acc, &transform(s))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_read_through_their_groups_transforms() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg"><g transform="translate(10 20) scale(0.5)">
            <polygon data-hex="27" points="0,0 20,0 20,10 0,10"/>
            <g data-area="usa"><rect x="4" y="6" width="10" height="8"/><rect x="0" y="0" width="1" height="1"/></g>
            <path data-link="a b" d="M0 0 Q10 40 20 0"/>
            <path data-route="27 49" d="M2 2 C4 4 6 6 8 8"/>
            <text data-route="27 49" x="1" y="1">label</text>
        </g></svg>"#;
        let got = marks(svg);
        let keys: Vec<&str> = got.iter().map(|m| m.key.as_str()).collect();
        assert_eq!(keys, ["hex 27", "area usa", "link a b", "route 27 49"]);
        assert_eq!(got[0].extent, (10.0, 20.0, 20.0, 25.0));
        assert_eq!(got[1].extent, (12.0, 23.0, 17.0, 27.0));
        assert_eq!(got[2].extent, (10.0, 20.0, 20.0, 40.0));
        assert_eq!(got[3].extent, (11.0, 21.0, 14.0, 24.0));
    }

    #[test]
    fn a_transform_list_composes_left_to_right() {
        let t = transform("translate(10 0) scale(2) matrix(1 0 0 1 3 4)");
        assert_eq!(apply(&t, (1.0, 1.0)), (18.0, 10.0));
    }
}
