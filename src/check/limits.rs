//! Counts bounded by what can be printed. A pack may ask for any count its files can hold, but
//! every piece becomes a drawn face and a place on a sheet: 2^31 counters of one kind would need
//! tens of gigabytes before the first page. These limits are far beyond any published game and
//! are checked before any other check (some of which walk the pieces) and before `build` draws.

use crate::diag::{Code, Diagnostic, Span};
use crate::model::limits::{MAX_OF_ONE_PIECE, MAX_PIECES, MAX_TRACK_BOXES};
use crate::model::Pack;

/// Reports every count over its limit, at the count's place. Returns true when one was found, so
/// the caller stops before anything walks the pieces.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) -> bool {
    let before = out.len();
    let mut piece = |what: String, count: u64, span: &Span| {
        if count > MAX_OF_ONE_PIECE {
            out.push(
                Diagnostic::error(
                    Code::TOO_MANY_OF_ONE,
                    format!("{what} asks for {count} pieces; pnpkit prints at most {MAX_OF_ONE_PIECE} of one piece"),
                )
                .at(span)
                .with_hint(format!("write a count from 1 to {MAX_OF_ONE_PIECE} (is a digit too many?)")),
            );
        }
    };
    for c in &pack.counters {
        piece(format!("counter `{}`", c.id), c.count.value.into(), &c.count.span);
    }
    for v in &pack.chits.values {
        piece(format!("the chit `{}`", v.label), v.count.into(), &pack.chits.span);
    }
    for c in &pack.cards {
        piece(format!("card {}", c.id), c.copies.value.into(), &c.copies.span);
    }
    for p in &pack.placements {
        piece(format!("a placement of `{}`", p.piece.value), p.count.value.into(), &p.count.span);
    }
    // A count over the limit of one piece explains the total too: one diagnostic for one cause.
    let total_unexplained = out.len() == before;
    let counters: u64 = pack.counters.iter().map(|c| u64::from(c.count.value)).sum();
    let chits: u64 = pack.chits.values.iter().map(|v| u64::from(v.count)).sum();
    let cards: u64 = pack.cards.iter().map(|c| u64::from(c.copies.value)).sum();
    let total = counters + chits + cards;
    if total > MAX_PIECES && total_unexplained {
        // At the largest counter row (the likeliest typo), else where the chits or cards are.
        let at = pack
            .counters
            .iter()
            .max_by_key(|c| c.count.value)
            .map(|c| c.count.span.clone())
            .filter(|_| counters >= chits)
            .or_else(|| (chits > 0).then(|| pack.chits.span.clone()))
            .or_else(|| pack.cards.first().map(|c| c.span.clone()));
        let d = Diagnostic::error(
            Code::TOO_MANY_PIECES,
            format!(
                "the pack has {total} pieces ({counters} counters, {chits} chits, {} cards); pnpkit prints at most {MAX_PIECES}",
                pack.cards.len()
            ),
        )
        .with_hint("check the counts for a digit too many, or split the pack");
        out.push(match at {
            Some(span) => d.at(&span),
            None => d,
        });
    }
    for t in &pack.tracks {
        if t.boxes.len() as u64 > MAX_TRACK_BOXES {
            out.push(
                Diagnostic::error(
                    Code::TOO_MANY_TRACK_BOXES,
                    format!("track `{}` has {} boxes; pnpkit prints at most {MAX_TRACK_BOXES}", t.id, t.boxes.len()),
                )
                .at(&t.span)
                .with_hint("a track this long cannot be printed (at marker size it would be metres long); count the tens with a second marker"),
            );
        }
    }
    out.len() > before
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CounterKind, Spanned};

    fn counter(id: &str, count: u32) -> CounterKind {
        CounterKind {
            id: id.into(),
            front: Spanned::new("a".into(), Span::default()),
            back: None,
            count: Spanned::new(count, Span::default()),
            value: String::new(),
            template: None,
            provisional: Vec::new(),
            span: Span::default(),
        }
    }

    #[test]
    fn a_counter_count_of_two_to_the_31_is_an_error_and_a_printable_pack_is_not() {
        let mut pack = Pack { counters: vec![counter("a", 1 << 31)], ..Pack::default() };
        let mut out = Vec::new();
        assert!(check(&pack, &mut out));
        let codes: Vec<_> = out.iter().map(|d| d.code).collect();
        assert_eq!(codes, [Code::TOO_MANY_OF_ONE], "the total is not reported again");
        pack.counters = (0..10).map(|i| counter(&format!("c{i}"), 10_000)).collect();
        out.clear();
        assert!(!check(&pack, &mut out), "100,000 pieces, 10,000 of each, is allowed");
        pack.counters.push(counter("one-more", 1));
        assert!(check(&pack, &mut out));
        assert_eq!(out[0].code, Code::TOO_MANY_PIECES);
    }
}
