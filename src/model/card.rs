//! Cards: card types with typed fields, the cards themselves, the conditions and effects that tie
//! them together, and deck definitions.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Names, Ref, Span, Spanned};

/// A kind of card with the typed fields cards of that kind carry (a CCG's warrior has fight,
/// shoot, armour and value; a wargame's action card has none beyond the common columns).
#[derive(Debug, Serialize)]
pub struct CardType {
    /// Stable id.
    pub id: String,
    /// Name.
    pub name: Names,
    /// Fields of this type, as extra columns of cards.csv.
    pub fields: Vec<CardField>,
    /// The template that draws fronts of this type (`cards/scoring.svg.tera`, under the pack's
    /// `templates/`), instead of the pack's or the built-in `cards/front.svg.tera`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template: Option<Spanned<String>>,
    /// How the built-in front draws the type's side, faction or deck as graphics.
    pub look: CardLook,
}

/// What colours a card type's built-in front and how its corner badge is drawn: the frame in the
/// colour of a field's value (a faction), else the type's own colour, else the card's side; the
/// badge as a circle or a star filled with a field's value colours (Twilight Struggle's star).
#[derive(Debug, Default, Serialize)]
pub struct CardLook {
    /// `#rrggbb` the type's cards are framed in, when no `frame` field colours them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    /// The choice field whose value colour frames the card (`frame = "faction"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frame: Option<String>,
    /// The badge's shape.
    pub badge_shape: BadgeShape,
    /// The choice field whose value colour fills the badge (`badge_colour = "star"`); a card with
    /// such a colour shows the badge even without a value (a scoring card's empty star).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub badge_colour: Option<String>,
    /// Flags a card's title marks when set (`title_marks = { starred = "*", persistent =
    /// "underline #c0392b" }`), as Twilight Struggle prints its starred and lasting events.
    /// Field id and mark, in the type's field order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub title_marks: Vec<(String, TitleMark)>,
}

/// How a set flag marks a card's title.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TitleMark {
    /// A mark after the title (`*`).
    After(String),
    /// A line under the title, in a `#rrggbb` colour (the card's colour when none is given).
    Underline(Option<String>),
}

/// The corner badge's shape.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BadgeShape {
    /// A disc in the frame's colour.
    #[default]
    Circle,
    /// A five-pointed star.
    Star,
}

/// One typed field of a card type.
#[derive(Debug, Clone, Serialize)]
pub struct CardField {
    /// Column name.
    pub id: String,
    /// Name.
    pub name: Names,
    /// What the card front's stat boxes and badge print instead of the name, when the name is
    /// too long for them (`MU` for "memory units"); empty: the name.
    pub short: Names,
    /// Value type and range.
    pub kind: FieldKind,
    /// Whether every card of the type must give it.
    pub required: bool,
    /// Where the default card front shows it (the card type's `badge`, `stats`, `tags` and
    /// `hidden` keys, else by its kind).
    pub show: FieldShow,
    /// What a face prints for a choice's or list's values (by value); a value without a name
    /// prints spelt out (`dark-legion` as "dark legion"), never as a raw id.
    pub value_names: std::collections::BTreeMap<String, Names>,
    /// The colours a choice's values are drawn in (by value): one `#rrggbb`, or two for a value
    /// drawn in halves (`"#c0392b/#ffffff"`).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub value_colours: std::collections::BTreeMap<String, Vec<String>>,
}

/// Where the default card front shows a typed field, as published card games do: the key value
/// large in a corner badge, numbers in a row of stat boxes, periods and factions as tags, free
/// text as a labelled line of the text block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FieldShow {
    /// Large, in the top-right corner (one field per card type).
    Badge,
    /// A box in the row of stat boxes under the title.
    Stat,
    /// A tag in the row of tags (an unset flag shows nothing).
    Tag,
    /// A labelled line at the start of the text block.
    Line,
    /// Not on the face (for search and checks only).
    Hidden,
}

impl FieldShow {
    /// Where a field of `kind` goes when its card type does not say: ints are stat boxes,
    /// choices and flags tags, text a line of the text block.
    pub fn default_for(kind: &FieldKind) -> FieldShow {
        match kind {
            FieldKind::Int { .. } => FieldShow::Stat,
            FieldKind::Choice { .. } | FieldKind::Flag | FieldKind::List { .. } => FieldShow::Tag,
            FieldKind::Text => FieldShow::Line,
        }
    }
}

/// The value type of a card field.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum FieldKind {
    /// An integer within `min..=max`.
    Int {
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
    },
    /// Free text.
    Text,
    /// One of the listed values.
    Choice {
        /// The allowed values.
        values: Vec<String>,
    },
    /// yes / no.
    Flag,
    /// Several of the listed values (`west|east` in a CSV cell).
    List {
        /// The allowed values.
        values: Vec<String>,
    },
}

/// A card field's value.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum FieldValue {
    /// An integer.
    Int(i64),
    /// Text or a choice.
    Text(String),
    /// A flag.
    Flag(bool),
    /// The values of a list field.
    List(Vec<String>),
}

impl FieldValue {
    /// The value as printed: a number, the text, `yes`/`no`, list values joined by `|`.
    pub fn display(&self) -> String {
        match self {
            FieldValue::Int(n) => n.to_string(),
            FieldValue::Text(t) => t.clone(),
            FieldValue::Flag(b) => if *b { "yes" } else { "no" }.to_string(),
            FieldValue::List(v) => v.join("|"),
        }
    }
}

/// One card.
#[derive(Debug, Serialize)]
pub struct Card {
    /// Stable id: the card's number exactly as printed (`29`, `01121a`).
    pub id: String,
    /// The value of the printed number's leading digits (`01121a`: 1121), which orders the
    /// cards; `None` when the number starts with a letter.
    pub number: Option<u32>,
    /// Name.
    pub name: Names,
    /// Card type id.
    pub card_type: Ref,
    /// The side whose deck it belongs to (`None`: either or unknown).
    pub side: Option<Ref>,
    /// Colour of the printed card number (seed 000: orange = Liberation setup1 deck, purple =
    /// Federal setup1 deck, plain otherwise); `None` when unknown.
    pub number_colour: Option<Spanned<String>>,
    /// Tags printed under the number (setup2, setup2-open, setup2-removed, …).
    pub tags: Vec<Spanned<String>>,
    /// When it may be played (phase or step), free text.
    pub timing: String,
    /// What must hold before it can be played or opened.
    pub requires: Option<Expr>,
    /// When it opens by itself, without being played.
    pub auto_open: Option<Expr>,
    /// What opening or playing it does.
    pub effects: Vec<Expr>,
    /// Rule clauses that mention it.
    pub rules: Vec<Ref>,
    /// Its text in our own words (English).
    pub text: String,
    /// Flavour text: a quotation or a line of colour, printed in italics under the rules text.
    pub flavour: String,
    /// The card's illustration, a path inside the pack (`art/trencher.png`); empty: none, and
    /// the built-in front gives the art box's room to the text.
    pub art: String,
    /// A double-sided card's other side (an investigator's reverse, a location's unrevealed
    /// side), printed behind it instead of its side's common back; `None`: one side.
    pub own_back: Option<OwnBack>,
    /// Values of the card type's typed fields.
    pub fields: BTreeMap<String, FieldValue>,
    /// How many of it the game holds (`copies`, 1 when not given): sheets print each, decks in
    /// the digital tables hold each, `[totals] cards` counts each.
    pub copies: Spanned<u32>,
    /// Columns whose values the sources do not give.
    pub provisional: Vec<String>,
    /// The card's row.
    #[serde(skip)]
    pub span: Span,
}

/// The other side of a double-sided card (`back_text`, `back_flavour`, `back_art` in cards.csv):
/// drawn by the card's front template with the card's number, name and type.
#[derive(Debug, Clone, Default, Serialize)]
pub struct OwnBack {
    /// Its text, with the markup of card text.
    pub text: String,
    /// Its flavour text.
    pub flavour: String,
    /// Its illustration, a path inside the pack; empty: none.
    pub art: String,
}

/// A condition or effect: `open(29)`, `controls(liberation, cardinal)`, `vp(liberation) >= 9`,
/// combined with `!`, `&`, `|` and parentheses. docs/pack-format.md lists the functions.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "op", rename_all = "lowercase")]
pub enum Expr {
    /// A function applied to references.
    Call(Call),
    /// A function's value compared with a number (`vp(liberation) >= 9`).
    Compare {
        /// The function.
        call: Call,
        /// `>=`, `<=`, `==`, `>`, `<`.
        cmp: String,
        /// The number.
        value: i64,
    },
    /// Two functions' values compared (`vp(player-a) > vp(player-b)`: the higher total wins).
    Versus {
        /// The left function.
        call: Call,
        /// `>=`, `<=`, `==`, `>`, `<`.
        cmp: String,
        /// The right function.
        other: Call,
    },
    /// Negation.
    Not {
        /// What is negated.
        expr: Box<Expr>,
    },
    /// All must hold.
    All {
        /// The parts.
        exprs: Vec<Expr>,
    },
    /// One must hold.
    Any {
        /// The parts.
        exprs: Vec<Expr>,
    },
}

/// `name(arg, arg, …)`.
#[derive(Debug, Clone, Serialize)]
pub struct Call {
    /// Function name.
    pub name: Ref,
    /// Arguments as written.
    pub args: Vec<Ref>,
}

impl Card {
    /// The card's number as printed, leading zeros and letters kept (`01121a`).
    pub fn printed_number(&self) -> String {
        self.id.clone()
    }

    /// Its text, and a double-sided card's other side's text on a line of its own after
    /// `label` (which fills `{text}` with it): what the card list and search read.
    pub fn text_and_reverse(&self, label: impl Fn(&str) -> String) -> String {
        self.both_sides(&|t| t.to_string(), &label, "\n")
    }

    /// Its text as `front` writes it, then a double-sided card's other side's as `back` writes
    /// it, joined by `join` (either alone when the other is empty).
    pub fn both_sides(&self, front: &dyn Fn(&str) -> String, back: &dyn Fn(&str) -> String, join: &str) -> String {
        let reverse = self.own_back.as_ref().filter(|b| !b.text.is_empty());
        match (front(&self.text), reverse) {
            (front, None) => front,
            (front, Some(r)) if front.is_empty() => back(&r.text),
            (front, Some(r)) => format!("{front}{join}{}", back(&r.text)),
        }
    }

    /// Where the card stands among the others: by its number's value, then as printed
    /// (`01121` before `01121a`), cards without digits last.
    pub fn order(&self) -> (u32, String) {
        (self.number.unwrap_or(u32::MAX), self.id.clone())
    }

    /// A card with only an id and the `action` type, for tests of the checks.
    #[cfg(test)]
    pub(crate) fn blank(id: &str) -> Card {
        Card {
            id: id.into(),
            number: id.parse().ok(),
            name: Names::default(),
            card_type: Spanned::new("action".into(), Span::default()),
            side: None,
            number_colour: None,
            tags: Vec::new(),
            timing: String::new(),
            requires: None,
            auto_open: None,
            effects: Vec::new(),
            rules: Vec::new(),
            text: String::new(),
            flavour: String::new(),
            art: String::new(),
            own_back: None,
            fields: BTreeMap::new(),
            copies: Spanned::new(1, Span::default()),
            provisional: Vec::new(),
            span: Span::default(),
        }
    }
}

impl Expr {
    /// Every call in the expression, depth first.
    pub fn calls(&self) -> Vec<&Call> {
        let mut out = Vec::new();
        self.collect_calls(&mut out);
        out
    }

    fn collect_calls<'a>(&'a self, out: &mut Vec<&'a Call>) {
        match self {
            Expr::Call(c) | Expr::Compare { call: c, .. } => out.push(c),
            Expr::Versus { call, other, .. } => out.extend([call, other]),
            Expr::Not { expr } => expr.collect_calls(out),
            Expr::All { exprs } | Expr::Any { exprs } => exprs.iter().for_each(|e| e.collect_calls(out)),
        }
    }
}

/// Which cards a deck or a setup's open/removed list takes: all conditions must hold.
#[derive(Debug, Default, Serialize)]
pub struct Selector {
    /// Cards of this side.
    pub side: Option<Ref>,
    /// Cards whose number is printed in this colour.
    pub number_colour: Option<String>,
    /// Cards with this tag.
    pub tag: Option<String>,
    /// Cards a filter of the pack-wide grammar selects (`where = "era:early -number=6"`):
    /// [`Pack::selected_cards`](super::Pack::selected_cards) applies it.
    pub filter: Option<Spanned<String>>,
}

impl Selector {
    /// True when `card` has the side, number colour and tag asked for (not looking at the
    /// filter); `side_id` resolves the card's side reference to an id.
    pub fn selects(&self, card: &Card, side_id: impl Fn(&str) -> Option<String>) -> bool {
        let side_ok =
            self.side.as_ref().is_none_or(|want| card.side.as_ref().and_then(|s| side_id(s)) == side_id(want));
        let colour_ok =
            self.number_colour.as_ref().is_none_or(|c| card.number_colour.as_ref().is_some_and(|n| n.value == *c));
        let tag_ok = self.tag.as_ref().is_none_or(|t| card.tags.iter().any(|x| x.value == *t));
        side_ok && colour_ok && tag_ok
    }
}

/// A deck a setup builds for a side, and the number of cards the rules say it has.
#[derive(Debug, Serialize)]
pub struct Deck {
    /// Stable id.
    pub id: String,
    /// What the table calls it (empty: its side's name, else its id).
    pub name: Names,
    /// The setup it belongs to.
    pub setup: Ref,
    /// Whose deck (none for a shared deck, e.g. Early War cards).
    pub side: Option<Ref>,
    /// Which cards.
    pub select: Selector,
    /// How many cards the rules say it has.
    pub size: Spanned<u32>,
    /// Whether it is one of the decks that split the whole card total between them (Early, Mid
    /// and Late War): their sizes must add up to `[totals] cards`.
    pub partition: bool,
    /// Whether its cards start in its side's hand (the China Card) rather than as a deck.
    pub hand: bool,
    /// The rule stating it.
    pub rule: Option<Ref>,
    /// Where it is declared.
    #[serde(skip)]
    pub span: Span,
}

/// How a player builds a deck from the card pool (`[deck]`): a deck list is checked against it.
#[derive(Debug, Serialize)]
pub struct DeckRules {
    /// The fewest cards a deck may have.
    pub min_cards: Option<Spanned<u32>>,
    /// The most cards a deck may have.
    pub max_cards: Option<Spanned<u32>>,
    /// The most copies of one card.
    pub max_copies: Option<Spanned<u32>>,
    /// Stricter limits for cards with a flag set (famous warriors are unique).
    pub limits: Vec<DeckLimit>,
    /// The rule stating them.
    pub rule: Option<Ref>,
    /// The rule stating the copy limit, when it is not `rule` (seed 001: 4.2, beside 4.1's size).
    pub copies_rule: Option<Ref>,
}

/// At most `max_copies` of each card whose flag `field` is set.
#[derive(Debug, Serialize)]
pub struct DeckLimit {
    /// A `flag` field of a card type.
    pub field: Ref,
    /// The most copies of each such card.
    pub max_copies: Spanned<u32>,
    /// The rule stating it.
    pub rule: Option<Ref>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(side: Option<&str>, colour: Option<&str>, tags: &[&str]) -> Card {
        let s = |v: &str| Spanned::new(v.to_string(), Span::default());
        Card {
            side: side.map(s),
            number_colour: colour.map(s),
            tags: tags.iter().map(|t| s(t)).collect(),
            ..Card::blank("1")
        }
    }

    #[test]
    fn selectors_need_every_condition() {
        let side = |r: &str| Some(if r == "解放軍" { "liberation".to_string() } else { r.to_string() });
        let select = Selector {
            side: Some(Spanned::new("解放軍".into(), Span::default())),
            number_colour: None,
            tag: Some("setup2".into()),
            filter: None,
        };
        assert!(select.selects(&card(Some("liberation"), None, &["setup2", "setup2-open"]), side));
        assert!(!select.selects(&card(Some("federal"), None, &["setup2"]), side));
        assert!(!select.selects(&card(Some("liberation"), None, &["setup2-open"]), side));
        let orange = Selector { number_colour: Some("orange".into()), ..Selector::default() };
        assert!(orange.selects(&card(None, Some("orange"), &[]), side));
        assert!(!orange.selects(&card(None, None, &[]), side), "an unknown colour is not orange");
    }
}
