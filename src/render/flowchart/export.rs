//! The flowchart as text for other tools: Graphviz `dot` and Mermaid, with every label quoted so
//! no card name can break out of its string.

use std::fmt::Write;

use super::edge_style;
use crate::model::graph::{CardGraph, EdgeKind, Node};

/// The graph in Graphviz `dot`, its nodes set in `font` (the main family).
pub fn dot(graph: &CardGraph, font: &str) -> String {
    let mut s =
        format!("digraph flowchart {{\n  rankdir=TB;\n  node [shape=box, fontname=\"{}\"];\n", dot_quoted(font));
    for (i, node) in graph.nodes.iter().enumerate() {
        let label = label_lines(node, "\\n", dot_quoted);
        let _ = writeln!(s, "  n{i} [id=\"{}\", label=\"{label}\"];", dot_quoted(&node.id));
    }
    for e in &graph.edges {
        let (colour, dash, keyword) = edge_style(e.kind);
        let style = if dash.is_empty() { "solid" } else { "dashed" };
        let _ = writeln!(s, "  n{} -> n{} [color=\"{colour}\", style={style}, label=\"{}\"];", e.from, e.to, keyword);
    }
    s.push_str("}\n");
    s
}

/// A node's label lines for the exports, each escaped by `escape`, joined by `newline` (one line
/// when it has one).
fn label_lines(node: &Node, newline: &str, escape: fn(&str) -> String) -> String {
    if node.label_en.is_empty() {
        escape(&node.label)
    } else {
        format!("{}{newline}{}", escape(&node.label), escape(&node.label_en))
    }
}

/// `text` inside a double-quoted Graphviz string (an `escString`): a backslash or a quote would
/// end or change the string, a line break is written `\n` as between the label's lines.
fn dot_quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

/// `text` inside a quoted Mermaid label: Mermaid renders labels as HTML, so markup characters,
/// the quote and its own entity sign `#` are written as Mermaid entity codes (`#lt;` becomes
/// `&lt;`), a leading backtick would make a Markdown string, and a line break becomes the same
/// `<br/>` as between the label's lines, the only markup a label holds.
fn mermaid_quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '<' => out.push_str("#lt;"),
            '>' => out.push_str("#gt;"),
            '&' => out.push_str("#amp;"),
            '"' => out.push_str("#quot;"),
            '#' => out.push_str("#35;"),
            '`' => out.push_str("#96;"),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => out.push_str("<br/>"),
            c => out.push(c),
        }
    }
    out
}

/// The graph as a Mermaid flowchart.
pub fn mermaid(graph: &CardGraph) -> String {
    let mut s = String::from("flowchart TB\n");
    for (i, node) in graph.nodes.iter().enumerate() {
        let _ = writeln!(s, "  n{i}[\"{}\"]", label_lines(node, "<br/>", mermaid_quoted));
    }
    for e in &graph.edges {
        let arrow = match e.kind {
            EdgeKind::Removes | EdgeKind::Blocks => "-.->",
            _ => "-->",
        };
        let (.., keyword) = edge_style(e.kind);
        let _ = writeln!(s, "  n{} {arrow}|{keyword}| n{}", e.from, e.to);
    }
    s
}
