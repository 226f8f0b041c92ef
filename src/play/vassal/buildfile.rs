//! `buildFile.xml`: the module's definition as VASSAL reads it, one XML element per component
//! (the class name is the element's name, its settings the attributes, a piece's definition the
//! text of its slot).

use super::{encode, Module, Pile};
use crate::messages::Messages;
use crate::text::escape;

/// An XML element: name, attributes, text, children.
struct El {
    name: String,
    attrs: Vec<(&'static str, String)>,
    text: Option<String>,
    children: Vec<El>,
}

impl El {
    /// `VASSAL.<class>` with `attrs`.
    fn new(class: &str, attrs: &[(&'static str, &str)]) -> El {
        El {
            name: format!("VASSAL.{class}"),
            attrs: attrs.iter().map(|(k, v)| (*k, v.to_string())).collect(),
            text: None,
            children: Vec::new(),
        }
    }

    fn child(mut self, child: El) -> El {
        self.children.push(child);
        self
    }

    fn write(&self, out: &mut String, depth: usize) {
        let indent = "  ".repeat(depth);
        out.push_str(&format!("{indent}<{}", self.name));
        for (k, v) in &self.attrs {
            out.push_str(&format!(" {k}=\"{}\"", escape(v)));
        }
        match (&self.text, self.children.is_empty()) {
            (Some(text), _) => out.push_str(&format!(">{}</{}>\n", escape(text), self.name)),
            (None, true) => out.push_str("/>\n"),
            (None, false) => {
                out.push_str(">\n");
                for c in &self.children {
                    c.write(out, depth + 1);
                }
                out.push_str(&format!("{indent}</{}>\n", self.name));
            }
        }
    }
}

/// The module's `buildFile.xml`.
pub(super) fn xml(m: &Module<'_>) -> String {
    let msg = &m.msg;
    let title = msg.first_name(&m.pack.game.title).to_string();
    let next_gpid = m.next_gpid.to_string();
    let version = super::version(m.pack);
    let mut game = El::new(
        "build.GameModule",
        &[
            ("name", &title),
            ("version", &version),
            ("VassalVersion", super::VASSAL_VERSION),
            ("description", &m.pack.game.edition),
            ("nextPieceSlotId", &next_gpid),
        ],
    );
    if m.help {
        game = game.child(documentation(m));
    }
    game = game.child(El::new("build.module.BasicCommandEncoder", &[])).child(El::new(
        "build.module.GlobalOptions",
        &[
            ("autoReport", "Always"),
            ("centerOnMove", "Use Preferences Setting"),
            ("nonOwnerUnmaskable", "Always"),
            ("playerIdFormat", "$playerName$"),
        ],
    ));
    if !m.pack.sides.is_empty() {
        let mut roster = El::new(
            "build.module.PlayerRoster",
            &[("buttonText", &msg.first("vassal.retire")), ("buttonKeyStroke", ""), ("buttonIcon", "")],
        );
        for side in &m.pack.sides {
            roster = roster.child(El {
                name: "entry".into(),
                attrs: Vec::new(),
                text: Some(msg.first_name(&side.name).into()),
                children: Vec::new(),
            });
        }
        game = game.child(roster);
    }
    if !m.palette.is_empty() {
        game = game.child(palette(m));
    }
    if let Some(board) = &m.map {
        game = game.child(map_window(msg, &board.name, board_element(board), Vec::new(), "77,520"));
    }
    // A zone per place, so a piece moved on the table is reported by the place's name.
    let mut table_board = El::new(
        "build.module.map.boardPicker.Board",
        &[
            ("name", &m.table_name()),
            ("image", "table.png"),
            ("reversible", "false"),
            ("width", &m.table_size.0.to_string()),
            ("height", &m.table_size.1.to_string()),
        ],
    );
    if !m.table.places.is_empty() {
        table_board = table_board.child(zoned_grid(m.table.places.iter().map(|p| (p.name.as_str(), p.rect))));
    }
    let piles = m.piles.iter().map(|p| draw_pile(m, p)).collect();
    game = game.child(map_window(msg, &m.table_name(), table_board, piles, "84,520"));
    for d in &m.dice {
        let label = &d.label;
        game = game.child(El::new(
            "build.module.DiceButton",
            &[
                ("name", label),
                ("text", label),
                ("tooltip", label),
                ("icon", ""),
                ("hotkey", ""),
                ("nDice", &d.dice.to_string()),
                ("nSides", &d.sides.to_string()),
                ("plus", "0"),
                ("addToTotal", "0"),
                ("prompt", &d.prompt.to_string()),
                ("reportTotal", &d.total.to_string()),
                ("reportFormat", &msg.first("vassal.roll_report")),
                ("sortDice", "false"),
                ("keepDice", "false"),
                ("keepOption", ">"),
                ("keepCount", "1"),
            ],
        ));
    }
    for (name, file) in super::setups::menu(m) {
        game = game.child(El::new(
            "build.module.PredefinedSetup",
            &[("name", &name), ("file", &file), ("useFile", "true"), ("isMenu", "false"), ("description", "")],
        ));
    }
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    game.write(&mut out, 0);
    out
}

/// Help ▸ the rules reference, opened in the player's browser from the module.
fn documentation(m: &Module<'_>) -> El {
    let title = m.msg.first("vassal.rules");
    El::new("build.module.Documentation", &[]).child(El::new(
        "build.module.documentation.BrowserHelpFile",
        &[("title", &title), ("startingPage", "rules.html")],
    ))
}

/// The piece palette: a list per side, then the markers.
fn palette(m: &Module<'_>) -> El {
    let name = m.msg.first("vassal.pieces");
    let mut tabs = El::new("build.widget.TabWidget", &[("entryName", &name)]);
    for (group, members) in &m.palette {
        let mut list = El::new(
            "build.widget.ListWidget",
            &[("entryName", group), ("height", "0"), ("width", "0"), ("scale", "1.0"), ("divider", "150")],
        );
        for &i in members {
            list = list.child(slot(m, "PieceSlot", &m.pieces[i], m.pieces[i].gpid));
        }
        tabs = tabs.child(list);
    }
    El::new(
        "build.module.PieceWindow",
        &[
            ("name", &name),
            ("text", &name),
            ("tooltip", &name),
            ("hidden", "false"),
            ("hotkey", "67,520"),
            ("scale", "1.0"),
        ],
    )
    .child(tabs)
}

/// The map's board: its image and its grid (a numbered hex grid, or a zone per area).
fn board_element(board: &super::MapBoard) -> El {
    let mut el = El::new(
        "build.module.map.boardPicker.Board",
        &[
            ("name", &board.name),
            ("image", &board.image),
            ("reversible", "false"),
            ("width", &board.size.0.to_string()),
            ("height", &board.size.1.to_string()),
        ],
    );
    if let Some(grid) = &board.grid {
        let mut hex = El::new(
            "build.module.map.boardPicker.board.HexGrid",
            &[
                ("dx", &format!("{:.3}", grid.dx)),
                ("dy", &format!("{:.3}", grid.dy)),
                ("x0", &grid.origin.0.to_string()),
                ("y0", &grid.origin.1.to_string()),
                ("sideways", &grid.sideways.to_string()),
                ("snapTo", "true"),
                ("edgesLegal", "false"),
                ("cornersLegal", "false"),
                ("visible", "false"),
                ("dotsVisible", "false"),
                ("color", "0,0,0"),
            ],
        );
        if let Some(n) = &grid.numbering {
            hex = hex.child(El::new(
                "build.module.map.boardPicker.board.mapgrid.HexGridNumbering",
                &[
                    ("first", if n.column_first { "H" } else { "V" }),
                    ("sep", &n.separator),
                    ("hType", "N"),
                    ("hLeading", &n.column_leading.to_string()),
                    ("hOff", &n.column_offset.to_string()),
                    ("hDescend", "false"),
                    ("vType", "N"),
                    ("vLeading", &n.row_leading.to_string()),
                    ("vOff", "1"),
                    ("vDescend", "false"),
                    ("stagger", "false"),
                    // The map prints its numbers: VASSAL's own stay hidden.
                    ("visible", "false"),
                    ("locationFormat", "$gridLocation$"),
                    ("fontSize", "12"),
                    ("color", "255,0,0"),
                    ("rotateText", "0"),
                    ("hDrawOff", "0"),
                    ("vDrawOff", "0"),
                ],
            ));
        }
        el = el.child(hex);
    }
    if !board.zones.is_empty() {
        el = el.child(zoned_grid(board.zones.iter().map(|(name, rect)| (name.as_str(), *rect))));
    }
    el
}

/// A grid of rectangular zones, each `(name, [left, top, right, bottom])` in pixels, reported by
/// its name.
fn zoned_grid<'z>(zones: impl Iterator<Item = (&'z str, [i64; 4])>) -> El {
    let mut zoned = El::new("build.module.map.boardPicker.board.ZonedGrid", &[]);
    for (name, [l, t, r, b]) in zones {
        zoned = zoned.child(El::new(
            "build.module.map.boardPicker.board.mapgrid.Zone",
            &[
                ("name", name),
                ("path", &format!("{l},{t};{r},{t};{r},{b};{l},{b}")),
                ("locationFormat", "$name$"),
                ("useParentGrid", "false"),
                ("useHighlight", "false"),
                ("highlightProperty", ""),
            ],
        ));
    }
    zoned
}

/// A map window holding one board, with `extra` components (the piles on the table).
fn map_window(msg: &Messages, name: &str, board: El, extra: Vec<El>, hotkey: &str) -> El {
    let mut map = El::new(
        "build.module.Map",
        &[
            ("mapName", name),
            ("buttonName", name),
            ("tooltip", name),
            ("icon", ""),
            ("hotkey", hotkey),
            ("launch", "false"),
            ("allowMultiple", "false"),
            ("backgroundcolor", "255,255,255"),
            ("color", "0,0,0"),
            ("thickness", "3"),
            ("edgeHeight", "0"),
            ("edgeWidth", "0"),
            ("markMoved", "Never"),
            ("moveWithinFormat", &msg.first("vassal.moved")),
            ("moveToFormat", &msg.first("vassal.moved")),
            ("createFormat", &msg.first("vassal.created")),
        ],
    );
    let picker =
        El::new("build.module.map.BoardPicker", &[("title", name), ("slotWidth", "350"), ("slotHeight", "125")])
            .child(board);
    map = map.child(picker);
    for class in [
        "StackMetrics",
        "ForwardToKeyBuffer",
        "Scroller",
        "ForwardToChatter",
        "MenuDisplayer",
        "MapCenterer",
        "StackExpander",
        "PieceMover",
        "KeyBufferer",
        "SelectionHighlighters",
        "HighlightLastMoved",
        "CounterDetailViewer",
        "Zoomer",
    ] {
        map = map.child(El::new(&format!("build.module.map.{class}"), &[]));
    }
    for el in extra {
        map = map.child(el);
    }
    map
}

/// A face-down pile on the table with its cards or chits, one card slot per copy.
fn draw_pile(m: &Module<'_>, pile: &Pile) -> El {
    let place = m.table.places.iter().find(|p| p.key == pile.key);
    let (x, y) = place.map_or((0, 0), |p| p.centre);
    // The same settings as the deck its saved games hold (`encode::DeckSpec`).
    let spec = m.deck_spec(pile);
    let words = spec.words;
    let mut el = El::new(
        "build.module.map.DrawPile",
        &[
            ("name", &pile.name),
            ("owningBoard", &m.table_name()),
            ("x", &x.to_string()),
            ("y", &y.to_string()),
            ("width", &pile.size.0.to_string()),
            ("height", &pile.size.1.to_string()),
            // A hand (the China Card) lies face up and is not shuffled.
            ("faceDown", spec.option()),
            ("drawFaceUp", &pile.hand.to_string()),
            ("shuffle", spec.option()),
            ("shuffleCommand", &words.shuffle),
            ("reverseCommand", &words.reverse),
            ("drawMultipleMessage", &words.draw_multiple),
            ("drawSpecificMessage", &words.draw_specific),
            ("faceUpMessage", &words.face_up),
            ("faceDownMessage", &words.face_down),
            ("saveMessage", &words.save),
            ("saveReportFormat", &words.saved),
            ("loadMessage", &words.load),
            ("loadReportFormat", &words.loaded),
            ("allowMultiple", "true"),
            ("allowSelect", "true"),
            ("reversible", "false"),
            ("draw", "true"),
            ("color", encode::DECK_COLOUR),
            ("maxStack", &encode::DECK_STACK.to_string()),
        ],
    );
    for (&i, &gpid) in pile.pieces.iter().zip(&pile.ids) {
        el = el.child(slot(m, "CardSlot", &m.pieces[i], gpid));
    }
    el
}

/// A piece's definition in the palette (`PieceSlot`) or a pile (`CardSlot`), in the slot `gpid`.
fn slot(m: &Module<'_>, class: &str, piece: &super::PieceDef, gpid: u32) -> El {
    let mut slot = El::new(
        &format!("build.widget.{class}"),
        &[
            ("entryName", &piece.name),
            ("gpid", &gpid.to_string()),
            ("width", &piece.size.0.to_string()),
            ("height", &piece.size.1.to_string()),
        ],
    );
    slot.text = Some(encode::add_piece("null", &piece.encoded(&m.msg, gpid, None, false)));
    slot
}
