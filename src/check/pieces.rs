//! Setup rows name a piece and a location the pack has, and the location takes the piece: a
//! unit of the row's side, a marker or a counter kind (by id) on a hex, an area, a box or a
//! track box (`track:vp:0`). A track holds markers only, and only those its `markers` list when
//! it has one; a box whose `holds` is given takes markers only when it lists `markers` (E0315).

use crate::diag::{did_you_mean, Code, Diagnostic};
use crate::model::{Location, Pack, Piece, Placement, Side};

/// Runs the piece and location checks of setups.csv and the tracks' `markers` lists.
pub(super) fn check(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for track in &pack.tracks {
        for m in track.markers.iter().filter(|m| pack.marker(m).is_none()) {
            out.push(super::references::unknown(
                Code::UNKNOWN_PIECE,
                "marker",
                m,
                pack.markers.iter().map(|m| m.id.as_str()),
            ));
        }
    }
    for p in &pack.placements {
        let location = pack.locate(&p.location);
        if location.is_none() {
            out.push(unknown_location(pack, p));
        }
        let side = if p.side.value.is_empty() {
            None
        } else {
            let Some(side) = pack.side(&p.side) else { continue }; // E0205, from references
            Some(side)
        };
        let Some(piece) = pack.piece(side.map(|s| s.id.as_str()), &p.piece) else {
            out.push(unknown_piece(pack, p, side));
            continue;
        };
        if side.is_none() && !piece.is_marker(pack) {
            out.push(
                Diagnostic::error(
                    Code::BAD_VALUE,
                    format!("setup `{}` places `{}` without a side", p.setup.value, p.piece.value),
                )
                .at(&p.side.span)
                .with_hint("units and chits belong to the side that places them; only a marker may leave `side` empty"),
            );
            continue;
        }
        if let Some(location) = location {
            accepts(pack, p, location, piece, out);
        }
    }
}

/// E0203 with a did-you-mean over every hex, place, area, box and track box.
fn unknown_location(pack: &Pack, p: &Placement) -> Diagnostic {
    let r = &p.location;
    if let Some((track, value)) = r.value.strip_prefix("track:").and_then(|t| t.rsplit_once(':')) {
        if let Some(t) = pack.tracks.iter().find(|t| crate::model::names_match(track, &t.id, &t.name)) {
            let values: Vec<String> = t.boxes.iter().map(|b| b.value.to_string()).collect();
            return Diagnostic::error(Code::UNKNOWN_LOCATION, format!("track `{}` has no box `{value}`", t.id))
                .at(&r.span)
                .with_hint(format!("its boxes are {}", values.join(", ")));
        }
    }
    let tracks: Vec<String> =
        pack.tracks.iter().flat_map(|t| t.boxes.iter().map(|b| format!("track:{}:{}", t.id, b.value))).collect();
    let areas = pack
        .map
        .iter()
        .flat_map(|m| m.areas.iter().flat_map(|a| [a.id.as_str(), a.name.ja.as_str(), a.name.en.as_str()]));
    let names = pack.location_names().into_iter().chain(areas).chain(tracks.iter().map(String::as_str));
    Diagnostic::error(Code::UNKNOWN_LOCATION, format!("unknown location `{}`", r.value))
        .at(&r.span)
        .with_hint_opt(did_you_mean(&r.value, names))
}

/// An unknown piece: E0209 when it reads like a marker or counter kind, else E0201 (a unit of
/// the row's side), each with its did-you-mean.
fn unknown_piece(pack: &Pack, p: &Placement, side: Option<&Side>) -> Diagnostic {
    let markers = pack
        .markers
        .iter()
        .flat_map(|m| [m.id.as_str(), m.name.ja.as_str(), m.name.en.as_str()])
        .chain(pack.counters.iter().map(|c| c.id.as_str()));
    if let Some(hint) = did_you_mean(&p.piece, markers) {
        return Diagnostic::error(
            Code::UNKNOWN_PIECE,
            format!("setup `{}` places unknown marker `{}`", p.setup.value, p.piece.value),
        )
        .at(&p.piece.span)
        .with_hint(hint);
    }
    let names = pack
        .units
        .iter()
        .filter(|u| side.is_none_or(|s| pack.side_of_force(&u.force) == Some(s.id.as_str())))
        .flat_map(|u| [u.id.as_str(), u.name.ja.as_str(), u.name.en.as_str()])
        .chain([pack.chits.name.ja.as_str()])
        .chain(pack.chits.aliases.iter().map(String::as_str));
    Diagnostic::error(
        Code::UNKNOWN_UNIT,
        match side {
            Some(_) => format!("setup `{}` places unknown {} unit `{}`", p.setup.value, p.side.value, p.piece.value),
            None => format!("setup `{}` places unknown piece `{}`", p.setup.value, p.piece.value),
        },
    )
    .at(&p.piece.span)
    .with_hint_opt(did_you_mean(&p.piece, names))
}

/// E0315 when the location does not take the piece.
fn accepts(pack: &Pack, p: &Placement, location: Location<'_>, piece: Piece<'_>, out: &mut Vec<Diagnostic>) {
    let face = piece.face().unwrap_or("chit");
    let marker = piece.is_marker(pack);
    let problem = match location {
        Location::TrackBox(track, _) if !marker => Some((
            format!("places `{face}` on track `{}`; a track holds markers only", track.id),
            "place units and chits on hexes, areas or boxes".to_string(),
        )),
        Location::TrackBox(track, _)
            if !track.markers.is_empty()
                && !track.markers.iter().any(|m| pack.marker(m).is_some_and(|m| m.id == face)) =>
        {
            let takes: Vec<String> = track.markers.iter().map(|m| format!("`{}`", m.value)).collect();
            Some((
                format!("places marker `{face}` on track `{}`, which takes only {}", track.id, takes.join(", ")),
                format!("place `{face}` on its own track, or add it to the track's `markers`"),
            ))
        }
        Location::Box(b) if marker && !b.holds.is_empty() && !b.holds.iter().any(|h| h == "markers") => Some((
            format!("places marker `{face}` in box `{}`, which holds {}", b.id, b.holds.join(", ")),
            "add `markers` to the box's `holds` in boxes.csv, or place the marker elsewhere".to_string(),
        )),
        _ => None,
    };
    if let Some((message, hint)) = problem {
        out.push(
            Diagnostic::error(Code::PIECE_LOCATION, format!("setup `{}` {message}", p.setup.value))
                .at(&p.location.span)
                .with_hint(hint),
        );
    }
}
