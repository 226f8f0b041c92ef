//! VASSAL's text encodings: the sequences its pieces, traits and saved-game commands are written
//! in (`VASSAL.tools.SequenceEncoder`), the traits pnpkit's pieces carry, and the obfuscation of
//! a saved game (`savedGame` in a .vsav). Each function names the VASSAL class it writes for.

/// Values joined by `delim` as `SequenceEncoder` writes them: a delimiter inside a value is
/// escaped with a backslash, and a value that starts with a backslash (or is quoted) is quoted.
pub(super) fn seq<S: AsRef<str>>(values: &[S], delim: char) -> String {
    let mut out = String::new();
    for (i, value) in values.iter().enumerate() {
        if i > 0 {
            out.push(delim);
        }
        let v = value.as_ref();
        let quoted = v.starts_with('\\') || (v.len() > 1 && v.starts_with('\'') && v.ends_with('\''));
        if quoted {
            out.push('\'');
        }
        for c in v.chars() {
            if c == delim {
                out.push('\\');
            }
            out.push(c);
        }
        if quoted {
            out.push('\'');
        }
    }
    out
}

/// Ctrl+`key` as `HotKeyConfigurer` writes it: the key code and the modifiers (Ctrl).
pub(super) fn ctrl(key: char) -> String {
    format!("{},130", key as u32)
}

/// One trait of a piece: its type (fixed through a game) and its state.
pub(super) struct Trait {
    /// `myGetType()`.
    pub(super) kind: String,
    /// `myGetState()`.
    pub(super) state: String,
}

/// `VASSAL.counters.BasicPiece`: the innermost trait, with its image and name, at `at` on map
/// `map` (`None`: in a palette or a deck definition).
pub(super) fn basic(image: &str, name: &str, gpid: u32, at: Option<(&str, i64, i64)>) -> Trait {
    let (map, x, y) = at.unwrap_or(("null", 0, 0));
    Trait {
        kind: format!("piece;{}", seq(&["", "", image, name], ';')),
        state: seq(&[map, &x.to_string(), &y.to_string(), &gpid.to_string(), "0"], ';'),
    }
}

/// `VASSAL.counters.Embellishment` (a layer, "emb2"): the piece's two faces, always shown, the
/// second after `flip` (Ctrl+F) and back again; `names` replace the piece's name on each face.
/// `level` 1 shows the front, 2 the back.
pub(super) fn flip_layer(images: [&str; 2], names: [&str; 2], flip: &str, level: u32) -> Trait {
    // A name with `+` would be read as a prefix or suffix rule: escape it.
    let names: Vec<String> = names.iter().map(|n| seq(&[*n], '+')).collect();
    let fields: Vec<String> = vec![
        String::new(),     // activate command: none, the layer is always active
        "130".into(),      // activate modifiers
        String::new(),     // activate key
        flip.into(),       // increase command
        "130".into(),      // increase modifiers
        "F".into(),        // increase key
        String::new(),     // decrease command
        "130".into(),      // decrease modifiers
        String::new(),     // decrease key
        String::new(),     // reset command
        String::new(),     // reset key
        "1".into(),        // reset level
        "false".into(),    // drawn underneath when selected
        "0".into(),        // x offset
        "0".into(),        // y offset
        seq(&images, ','), // images
        seq(&names, ','),  // level names
        "true".into(),     // loop
        String::new(),     // layer name
        String::new(),     // random key
        String::new(),     // random command
        "false".into(),    // follow property
        String::new(),     // property name
        "1".into(),        // first level value
        "1".into(),        // version: the keystrokes below are read as they are
        "true".into(),     // always active
        String::new(),     // activate keystroke
        ctrl('F'),         // increase keystroke
        String::new(),     // decrease keystroke
        String::new(),     // description
        "1.0".into(),      // scale
        String::new(),     // active only when this property…
        "true".into(),     // …has this value (no property: always)
    ];
    Trait { kind: format!("emb2;{}", seq(&fields, ';')), state: level.to_string() }
}

/// `VASSAL.counters.Obscurable` ("obs"): a card or chit that can be face down, showing `back`
/// to everyone then (display style `B`: the back image in place of the face), turned with
/// `command` (Ctrl+F); `peek` names the (unused) peek command. `down`: placed face down,
/// unmaskable by any player.
pub(super) fn mask(back: &str, [command, peek]: [&str; 2], down: bool) -> Trait {
    let fields = [
        ctrl('F'),
        back.into(),
        command.into(),
        "B".into(),
        "?".into(),
        "player:".into(),
        peek.into(),
        String::new(),  // description
        "false".into(), // peek on mouse-over
        String::new(),  // deal key
        String::new(),  // deal expression
    ];
    // Face down for everyone: VASSAL's "nobody" owns the mask, so any player may turn it.
    let state = if down { "nobody;" } else { "null;" };
    Trait { kind: format!("obs;{}", seq(&fields, ';')), state: state.into() }
}

/// The type and state of a piece made of `traits`, outermost first and the basic piece last,
/// nested as `Decorator` writes them (each level's inner part escaped in a tab sequence).
pub(super) fn piece(traits: &[Trait]) -> (String, String) {
    let Some((last, outer)) = traits.split_last() else { return (String::new(), String::new()) };
    let (mut kind, mut state) = (last.kind.clone(), last.state.clone());
    for t in outer.iter().rev() {
        kind = seq(&[t.kind.as_str(), &kind], '\t');
        state = seq(&[t.state.as_str(), &state], '\t');
    }
    (kind, state)
}

/// An `AddPiece` command (`BasicCommandEncoder`): `+/id/type/state`; `null` for the id of a
/// piece definition in the build file.
pub(super) fn add_piece(id: &str, (kind, state): &(String, String)) -> String {
    format!("+/{}", seq(&[id, kind.as_str(), state.as_str()], '/'))
}

/// The `AddPiece` command of a stack (`VASSAL.counters.Stack`) of the pieces `ids` at `x`, `y` on
/// `map`.
pub(super) fn stack(id: &str, map: &str, (x, y): (i64, i64), ids: &[String]) -> String {
    let mut state = vec![map.to_string(), x.to_string(), y.to_string()];
    state.extend(ids.iter().cloned());
    state.push("@@1".into()); // the stack's layer: counters
    add_piece(id, &("stack".into(), seq(&state, ';')))
}

/// A deck as its `DrawPile` in the build file and the `Deck` in a saved game both describe it:
/// the two must agree, or a loaded game's deck falls back to VASSAL's English defaults.
pub(super) struct DeckSpec<'a> {
    /// Its name, which links a saved deck to its pile.
    pub(super) name: &'a str,
    /// Its size in pixels.
    pub(super) size: (u32, u32),
    /// A player's hand: face up and never shuffled.
    pub(super) hand: bool,
    /// The words of its menu and reports, in the pack's first language.
    pub(super) words: &'a DeckWords,
}

/// The words a deck shows: its menu commands and the reports of saving and loading it.
pub(super) struct DeckWords {
    pub(super) shuffle: String,
    pub(super) reverse: String,
    pub(super) draw_multiple: String,
    pub(super) draw_specific: String,
    pub(super) face_up: String,
    pub(super) face_down: String,
    pub(super) save: String,
    pub(super) saved: String,
    pub(super) load: String,
    pub(super) loaded: String,
}

/// How many cards a deck shows stacked.
pub(super) const DECK_STACK: u32 = 15;

/// The outline colour of a deck.
pub(super) const DECK_COLOUR: &str = "255,51,51";

impl DeckSpec<'_> {
    /// `Always` for a deck kept face down and shuffled, `Never` for a hand.
    pub(super) fn option(&self) -> &'static str {
        if self.hand {
            "Never"
        } else {
            "Always"
        }
    }

    /// `Deck.getType()` of VASSAL 3.7: every field, in its order, as the `DrawPile` sets it.
    fn kind(&self) -> String {
        let (w, h) = (self.size.0.to_string(), self.size.1.to_string());
        let words = self.words;
        let stack = DECK_STACK.to_string();
        let fields: [&str; 49] = [
            "true",      // draw an outline
            DECK_COLOUR, // its colour
            &w,
            &h,
            self.option(), // face down
            self.option(), // shuffled
            "true",        // draw several at once
            "true",        // draw chosen cards
            "false",       // reversible
            "",            // send-to-deck command, target and report
            "",
            "",
            self.name,
            "", // shuffle, reverse and face-down reports
            "",
            "",
            if self.hand { "true" } else { "false" }, // drawn face up
            "false",                                  // saved to a file
            "",                                       // shuffle and send-to-deck keys
            "",
            &stack,
            "",      // count expressions
            "false", // expression counting
            "",      // global commands
            "false", // key when empty
            "",
            "$BasicName$", // how a card is listed when drawing chosen ones
            "",            // sorted by
            "false",       // restricted
            "",
            &words.shuffle,
            &words.reverse,
            "", // reverse key
            &words.draw_multiple,
            &words.draw_specific,
            &words.face_up,
            &words.face_down,
            "", // face-up key and report, flip key, face-down key
            "",
            "",
            "",
            &words.save,
            "", // save key
            &words.saved,
            &words.load,
            "", // load key
            &words.loaded,
            "false", // restricted access
            "",      // owners
        ];
        format!("deck;{}", seq(&fields, ';'))
    }
}

/// The `AddPiece` command of `deck` at `x`, `y` on `map`, holding the pieces `ids` (the first at
/// the bottom).
pub(super) fn deck(id: &str, spec: &DeckSpec<'_>, (map, x, y): (&str, i64, i64), ids: &[String]) -> String {
    let state = [map.to_string(), x.to_string(), y.to_string(), (!spec.hand).to_string(), seq(ids, ',')];
    add_piece(id, &(spec.kind(), seq(&state, ';')))
}

/// `savedGame` of a .vsav: `!VCSK`, a key, then each byte of `text` XOR the key as two hex
/// digits (`VASSAL.tools.io.ObfuscatingOutputStream`); the key is fixed so that the same game
/// gives the same bytes.
pub(super) fn obfuscate(text: &str) -> Vec<u8> {
    const KEY: u8 = 0xAA;
    let hex = |b: u8| -> [u8; 2] {
        let d = |n: u8| if n < 10 { b'0' + n } else { b'a' + n - 10 };
        [d(b >> 4), d(b & 0x0f)]
    };
    let mut out = b"!VCSK".to_vec();
    out.extend(hex(KEY));
    for byte in text.as_bytes() {
        out.extend(hex(byte ^ KEY));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequences_escape_their_delimiter_and_nest_as_vassal_reads_them() {
        assert_eq!(seq(&["a", "b;c", ""], ';'), "a;b\\;c;");
        assert_eq!(seq(&["\\x"], ';'), "'\\x'");
        let traits = [
            Trait { kind: "emb2;x".into(), state: "1".into() },
            Trait { kind: "obs;y\tz".into(), state: "null".into() },
            Trait { kind: "piece;;;a.png;A".into(), state: "null;0;0;1;0".into() },
        ];
        let (kind, state) = piece(&traits);
        // The inner part of each level is one value of a tab sequence.
        assert_eq!(kind, "emb2;x\tobs;y\\\\\tz\\\tpiece;;;a.png;A");
        assert_eq!(state, "1\tnull\\\tnull;0;0;1;0");
        assert_eq!(
            add_piece("null", &("piece;;;cards/1.png;A".into(), "s".into())),
            "+/null/piece;;;cards\\/1.png;A/s"
        );
    }

    #[test]
    fn a_saved_deck_writes_every_field_of_vassals_deck_type_in_the_packs_words() {
        let word = |w: &str| w.to_string();
        let words = DeckWords {
            shuffle: word("シャッフル"),
            reverse: word("逆順"),
            draw_multiple: word("複数枚を引く"),
            draw_specific: word("選んで引く"),
            face_up: word("表向き"),
            face_down: word("裏向き"),
            save: word("保存"),
            saved: word("保存した"),
            load: word("読込"),
            loaded: word("読み込んだ"),
        };
        let deck = DeckSpec { name: "山札", size: (357, 499), hand: false, words: &words };
        let kind = deck.kind();
        let fields: Vec<&str> = kind.strip_prefix("deck;").unwrap().split(';').collect();
        // Deck.getType() of VASSAL 3.7.0 appends 49 values; fewer would load as its defaults.
        assert_eq!(fields.len(), 49, "{kind}");
        assert_eq!(&fields[..9], ["true", DECK_COLOUR, "357", "499", "Always", "Always", "true", "true", "false"]);
        assert_eq!((fields[12], fields[20], fields[26]), ("山札", "15", "$BasicName$"));
        assert_eq!(&fields[33..37], ["複数枚を引く", "選んで引く", "表向き", "裏向き"]);
        let hand = DeckSpec { hand: true, ..deck };
        let command = super::deck("9", &hand, ("テーブル", 10, 20), &["1".into(), "2".into()]);
        assert!(command.contains(";Never;Never;") && command.ends_with("/テーブル;10;20;false;1,2"), "{command}");
    }

    #[test]
    fn a_saved_game_is_hex_pairs_of_its_bytes_xor_the_key() {
        let bytes = obfuscate("begin");
        assert_eq!(&bytes[..7], b"!VCSKaa");
        let back: Vec<u8> = bytes[7..]
            .chunks(2)
            .map(|p| u8::from_str_radix(std::str::from_utf8(p).unwrap(), 16).unwrap() ^ 0xAA)
            .collect();
        assert_eq!(back, b"begin");
    }
}
