//! The table of diagnostic codes. Codes are stable: tests and users' scripts match on them.
//! Families go by stage: E01xx load, E02xx references, E03xx setups, E04xx declared totals and
//! composition, E05xx map, E06xx cards, E07xx rules, W00xx warnings.

use serde::Serialize;

/// A stable diagnostic code with a one-line summary (docs/diagnostics.md has the long form).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Code(pub &'static str);

macro_rules! codes {
    ($($name:ident = $code:literal, $summary:literal;)*) => {
        impl Code {
            $(#[doc = $summary] pub const $name: Code = Code($code);)*
            /// Every code with its summary, in table order.
            pub const ALL: &'static [(Code, &'static str)] = &[$((Code($code), $summary)),*];
        }
    };
}

codes! {
    READ_FAILED = "E0100", "a pack file cannot be read";
    TOML_SYNTAX = "E0101", "a TOML file is not valid TOML";
    TOML_SHAPE = "E0102", "a TOML file has an unknown key, a missing key or a value of the wrong type";
    CSV_SYNTAX = "E0103", "a CSV file is malformed (unbalanced quotes, wrong number of fields)";
    CSV_UNKNOWN_COLUMN = "E0104", "a CSV header names a column the file kind does not have";
    CSV_MISSING_COLUMN = "E0105", "a CSV file lacks a required column";
    BAD_VALUE = "E0106", "a cell or value has the wrong type or is out of range";
    DUPLICATE_ID = "E0107", "two items of one kind share an id or number";
    RULES_SYNTAX = "E0108", "a rules file line is neither a heading, a clause, a list item nor a note";
    EXPR_SYNTAX = "E0109", "a condition or effect expression cannot be parsed";
    MISSING_FILE = "E0110", "a file every pack needs is missing";
    DECK_LIST_SYNTAX = "E0111", "a deck-list line is not `COUNT CARD`";
    OUTSIDE_PACK = "E0120", "a path the pack names leads outside the pack folder (absolute, `..`, or a symlink out of it)";
    DANGLING_SYMLINK = "E0121", "a symlink in the pack points at nothing";
    NOT_A_FILE = "E0123", "a path the pack names is a folder, named pipe, device or socket, not a file";
    CONTROL_CHARACTER = "E0122", "a pack file contains a control character (NUL, ESC, vertical tab, …)";
    TOO_MANY_OF_ONE = "E0130", "a count of one piece (counter row, chit value, placement, deck-list line) exceeds 10,000";
    TOO_MANY_PIECES = "E0131", "the pack has more than 100,000 pieces (counters, chits and cards together)";
    TOO_MANY_TRACK_BOXES = "E0132", "a track has more than 1,000 boxes";
    FILE_TOO_LARGE = "E0134", "a pack file, or one line of it, is larger than pnpkit reads (docs/reliability.md lists the limits)";
    PROCESS_CEILING = "E0138", "a command passed pnpkit's ceiling of time or memory for one run (docs/reliability.md)";
    TEMPLATE_BUDGET = "E0133", "a template does too much work for one face (a loop too long, output or a `replace` too large, a render past its deadline or memory ceiling)";
    IMAGE_TOO_LARGE = "E0135", "an image a template draws has more than 64 megapixels, or its file (or an SVG image unpacked) more than 64 MB";
    FONT_TOO_LARGE = "E0136", "a font file the pack names is larger than 64 MB";
    GIT_TOO_LARGE = "E0137", "the pack folder at a git revision holds more than 100,000 files and folders or 512 MB, a file larger than 64 MB, or folders nested deeper than 32";
    UNKNOWN_UNIT = "E0201", "a reference names no unit type (of that side)";
    UNKNOWN_CARD = "E0202", "a reference names no card";
    UNKNOWN_LOCATION = "E0203", "a reference names no hex, place or box";
    UNKNOWN_RULE = "E0204", "a reference names no rule clause";
    UNKNOWN_SIDE = "E0205", "a reference names no side or force";
    UNKNOWN_TERRAIN = "E0206", "a reference names no terrain kind";
    UNKNOWN_TERM = "E0207", "a reference names no glossary term";
    UNKNOWN_SETUP = "E0208", "a reference names no setup";
    UNKNOWN_PIECE = "E0209", "a counter face or setup piece names no unit, marker or chit";
    UNKNOWN_FIELD = "E0210", "a card names an unknown card type, or a field its type does not have";
    UNKNOWN_ICON = "E0211", "a card text names an icon `[icons]` does not declare";
    STACKING = "E0301", "a setup stacks more units in a location than the rules allow";
    FORBIDDEN_LOCATION = "E0302", "a setup places a side's units where the rules forbid them";
    COUNTER_SUPPLY = "E0303", "a setup needs more units or markers than the counter mix can provide at once";
    CHIT_CAPACITY = "E0304", "a setup places more chits in a hex or box than it can hold";
    CHIT_SUPPLY = "E0305", "a setup places more random chits than the chit mix holds";
    TOTAL_MISMATCH = "E0401", "a declared component total differs from what the pack defines";
    CHIT_MEAN = "E0402", "the chit mix's mean differs from the declared mean";
    DECK_SIZE = "E0403", "a deck definition does not yield its stated number of cards";
    COMPOSITION = "E0404", "a force or group does not have the composition the rules state";
    COMPONENT_LAYOUT = "E0405", "a published component cannot hold what it must (e.g. cards per sheet)";
    SHEET_BOXES = "E0406", "a play sheet has a number of boxes outside the range the rules state";
    TRACK_SHAPE = "E0407", "a track's boxes do not run as it states (a gap, a repeated value, another step or count)";
    TRACK_START = "E0408", "a track's start is not one of its boxes, or a setup puts its marker elsewhere";
    TRACK_ORDER = "E0409", "a track attribute declared rising or falling turns back along the boxes";
    PRINTED_AGAIN = "E0410", "a turn track prints a setup's hand size or action rounds differently from setups.toml";
    ROUTE_NOT_COASTAL = "E0501", "a sea route does not join two coastal city hexes";
    HEXSIDE_NOT_ADJACENT = "E0502", "a hexside feature joins two hexes that are not adjacent";
    HEX_OUTSIDE_GRID = "E0503", "a hex lies outside the map grid";
    TRANSPORT_NOT_CITY = "E0504", "a transport exception names a location that is not a city";
    TRANSPORT_DISTANCE = "E0506", "a transport exception counts two places as farther apart than they are, or names places on no grid";
    UNREACHABLE_HEX = "E0505", "a land hex can be reached neither by land from a city nor by a sea route";
    ADJACENCY_ONE_WAY = "E0507", "an area lists another as adjacent, but not the other way round";
    AREA_PLACEMENT = "E0508", "an area's box lies outside the map field or overlaps another";
    VARIANT_UNKNOWN = "E0509", "an area's or a setup's variant names no rules section marked variant or optional";
    VARIANT_AREA_PLACED = "E0510", "a setup puts pieces on an area that only a variant it is not played with puts on the board";
    CARD_NUMBER = "E0601", "a card number lies outside the declared numbering";
    CARD_SELF_REFERENCE = "E0602", "a card's condition or effect refers to the card itself";
    CARD_CYCLE = "E0603", "cards enable each other in a circle, so none of them can be opened first";
    CARD_UNREACHABLE = "E0604", "a card's condition can never hold in a setup (a card it needs is removed there)";
    UNIT_UNAVAILABLE = "E0605", "a unit type is placed by no setup and made available by no card";
    VICTORY_UNREACHABLE = "E0606", "a victory condition can never trigger in any setup";
    DECK_LIST_SIZE = "E0607", "a deck list has fewer or more cards than the deck-building rules allow";
    DECK_LIST_COPIES = "E0608", "a deck list has more copies of a card than the deck-building rules allow";
    DECK_LIST_AMBIGUOUS = "E0609", "a deck-list line names a card by a name several cards share";
    RULE_NUMBER_DUPLICATE = "E0701", "two rule clauses share a display number";
    RULE_NUMBER_ORDER = "E0702", "a clause number is out of order or leaves a gap";
    IMPORT_NO_CLAUSES = "E0703", "a rulebook given to `rules import` has no numbered clause pnpkit can read";
    IMPORT_UNPLACED = "E0704", "a line of a rulebook given to `rules import` has no clause to belong to";
    IMPORT_UNKNOWN_TARGET = "E0705", "a cross-reference in a rulebook given to `rules import` cites a number no clause, section or part has";
    TEMPLATE = "E0801", "a face template cannot be parsed or rendered";
    LAYOUT = "E0802", "components do not fit the paper, or an option is out of range";
    CHANGE_WITHOUT_NOTE = "E0901", "a change since the previous edition has no note in errata/<edition>.toml";
    NOTE_WITHOUT_CHANGE = "E0902", "an errata note matches no change since the previous edition";
    NOTE_VALUE_DIFFERS = "E0903", "an errata note states a new value the edition does not have";
    NOTE_NAMES_NO_FIELD = "W0901", "an errata note names no field, so it covers every changed field of its item";
    PROVISIONAL = "W0001", "a value the sources do not give is provisional";
    INCOMPLETE = "W0002", "a check can only be partly done because the pack is incomplete";
    TYPED_RULE_NUMBER = "W0701", "a rule text types a rule number instead of linking it with [[rule:…]]";
    UNIT_UNAVAILABLE_SO_FAR = "W0003", "no known card or setup makes a unit type available (the card list is incomplete)";
    PLACEHOLDER_TEXT = "W0004", "a text a component prints is a placeholder (TODO, TBD, FIXME, ???, lorem ipsum); an error with --release";
    PLAIN_TEXT_SCRIPT = "W0006", "a text written once for every language holds Japanese, and the pack prints another language";
    INCOMPLETE_SET = "W0005", "the pack declares more cards than it defines: the set is not complete; an error with --release";
    TEXT_OVERFLOW = "W0801", "a text does not fit its box even at the smallest size";
    MISSING_GLYPH = "E0803", "a text uses characters no font of the pack can draw (it would print as empty boxes)";
    TEXT_IN_MARGIN = "W0803", "a text lies within the page's safe margin (too close to the paper edge to print)";
    TEXT_OVERLAP = "W0804", "a text overlaps another text on the same page";
    AREA_SQUARES_SCALED = "W0501", "the area map's paper shrinks its influence squares below the declared marker size";
    FILTER_SYNTAX = "E0140", "a filter cannot be parsed, names a value its field does not have, or compares a field that is not a number";
    FILTER_UNKNOWN_FIELD = "E0141", "a filter, a total's `sum` or `group_by`, or a total's `of` names no field or collection of the pack";
    TOTAL_COUNT = "E0310", "a count declared by filter differs from the number of items the filter selects";
    TOTAL_SUM = "E0311", "a sum declared by filter differs from the sum of the field over the items the filter selects";
    TOTAL_GROUPS = "E0312", "counts declared per group differ from the groups of the items the filter selects";
    FREE_NOWHERE = "E0313", "a free placement's filter selects no location";
    FREE_SUPPLY = "E0314", "a setup's placements and free placements together need more pieces than the counters show";
    MAP_DISCONNECTED = "E0150", "a map whose graph rules say `connected = true` falls into islands";
    MAP_SELF_LOOP = "E0151", "an area is adjacent to itself, which the map's graph rules forbid";
    MAP_DEGREE = "E0152", "an area or land hex has fewer or more neighbours than the map's graph rules allow";
    TURN_RANGES = "E0153", "hand size or action rounds by turn overlap, leave a turn out or lie off the turn track";
    PIECE_LOCATION = "E0315", "a setup places a piece where it cannot stand (a unit on a track, a marker a box or track does not take)";
    FREE_LABEL = "E0316", "a free placement's label names another group than its filter selects";
    TOTAL_DISTINCT = "E0317", "items a total declares distinct share a value of its field";
    CONDITION_UNREACHABLE = "E0160", "a condition compares a value with a number the pack's data can never reach (a track's boxes, the turn track, the map's VP)";
    UNKNOWN_TRACK_OR_REGION = "E0161", "a condition names no track or no map region";
    UNKNOWN_DATA_VALUE = "E0167", "a rule clause prints `[[value:…]]` of a value the data does not have";
    STATED_NUMBER = "E0165", "a deck size, stacking limit or victory threshold differs from the number its rule clause states";
    PLACED_ON_WATER = "E0320", "a setup places a land unit on water terrain (sea) it cannot enter";
    DUPLICATE_PLACEMENT = "E0321", "a setup row repeats another (same setup, side, location and piece)";
    COUNTER_BACK = "E0162", "a counter's back shows something other than the rules say (`[[constraints.backs]]`)";
    UNIT_STEPS = "E0163", "a unit's steps disagree with its counters (a damaged side on the back needs two steps, two steps need it)";
    STALE_RULE_NUMBER = "E0164", "a card or rule text types a rule number that no clause has (stale after a renumbering)";
    CHIT_COUNTS = "E0166", "the chit mix's count of a value differs from the count the sources list (`[totals] chit_counts`)";
    ERRATA_NOTES_MISSING = "E0168", "an edition changed since the previous one but keeps no errata notes (errata/<edition>.toml)";
    VICTORY_TIMING = "E0169", "a victory is timed to a moment that does not happen (no such scored region or phase)";
    UNKNOWN_TABLE = "E0171", "a rule clause's `table:` line names no table the data makes (an unknown aid, track, collection, filter or column)";
    BAD_RULEBOOK_LANGUAGES = "E0174", "`[rulebook] languages` does not name two different languages the pack prints";
    UNKNOWN_CHANGES_SINCE = "E0173", "`[rulebook] changes_since` names no edition of `[[editions]]`";
    BAD_FIGURE = "E0172", "a rule clause's `figure:` image cannot be shown: not a file inside the pack, or not SVG, PNG or JPEG";
    CLAUSE_WITHOUT_TEXT = "E0170", "a rule clause written with a title heading (`## 8.4 {#id} Title`) has no text";
    UNKNOWN_SCORING_LEVEL = "E0180", "a region's `scoring` names a level the map's `scoring_levels` does not declare";
    BAD_SCORE = "E0181", "a region's score at a level is neither a whole number of victory points nor a text in the pack's languages";
    STATED_PAGES = "W0808", "the build prints a different number of sheets or pages than the pack's component list states";
    WORD_BROKEN = "W0807", "a name or title is broken inside a word: the word is wider than its box even at the smallest size, even with its letters set up to 0.08 em closer";
    LONG_TEXT_LAYOUT = "W0806", "a card's text takes the room of its art box: the face uses a fallback layout (long-text, two-column, condensed or text-only)";
    REGION_LABEL_NO_ROOM = "W0805", "an area map has no free spot near a region for its name and scoring";
    ONE_SIDED_CARD_BACKS = "W0190", "`[print] one_sided_cards = true` with `[[card_backs]]` declared: the backs are never printed";
    TTS_RELATIVE = "W0191", "the Tabletop Simulator set names its images by relative paths (the output folder has no absolute path and no --tts-url was given): TTS cannot load them";
}
