//! Region scoring on area maps: `[map] scoring_levels` declares the levels once, with their names
//! (`{ id = "presence", name = { ja = "存在", en = "Presence" } }`), and each `[[regions]]` table
//! may give `scoring = { presence = 3, dominance = 7, control = { ja = "…", en = "…" } }`: a whole
//! number of victory points or a text in the pack's languages per level. A level the map does not
//! declare is E0180, a value of another kind E0181; a level declared twice is E0107.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned as TS;

use super::{Loader, RawNames};
use crate::diag::{did_you_mean, Code, Diagnostic, FileId};
use crate::model::{Names, RegionScore, ScoreValue, ScoringLevel};

/// One entry of `[map] scoring_levels`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawLevel {
    id: TS<String>,
    name: RawNames,
}

/// A region's `scoring` table: level id → value, each with its span.
pub(super) type RawScoring = BTreeMap<TS<String>, TS<toml::Value>>;

/// Converts `scoring_levels`, reporting a level declared twice (E0107).
pub(super) fn levels(l: &mut Loader<'_>, file: FileId, raw: Vec<RawLevel>) -> Vec<ScoringLevel> {
    let mut out: Vec<ScoringLevel> = Vec::new();
    for level in raw {
        if out.iter().any(|o| o.id == *level.id.get_ref()) {
            l.diags.push(
                Diagnostic::error(
                    Code::DUPLICATE_ID,
                    format!("scoring level `{}` is declared twice", level.id.get_ref()),
                )
                .at(&Loader::span(file, &level.id))
                .with_hint("give each level of `scoring_levels` its own id"),
            );
            continue;
        }
        out.push(ScoringLevel { id: level.id.into_inner(), name: level.name.into() });
    }
    out
}

/// Converts one region's `scoring` table into the map's level order; unknown levels are E0180,
/// values that are neither a whole number nor a names table E0181.
pub(super) fn scoring(
    l: &mut Loader<'_>,
    file: FileId,
    region: &str,
    levels: &[ScoringLevel],
    raw: Option<RawScoring>,
) -> Vec<RegionScore> {
    let Some(raw) = raw else { return Vec::new() };
    let mut found: Vec<(usize, RegionScore)> = Vec::new();
    for (key, value) in raw {
        let span = Loader::span(file, &value);
        let level = key.get_ref();
        let Some(index) = levels.iter().position(|v| v.id == *level) else {
            let declared: Vec<&str> = levels.iter().map(|v| v.id.as_str()).collect();
            let hint = did_you_mean(level, declared.iter().copied()).unwrap_or_else(|| {
                if declared.is_empty() {
                    "declare the levels in [map] scoring_levels = [{ id = \"…\", name = { ja = \"…\", en = \"…\" } }]"
                        .into()
                } else {
                    format!("the map's scoring_levels are {}", declared.join(", "))
                }
            });
            l.diags.push(
                Diagnostic::error(
                    Code::UNKNOWN_SCORING_LEVEL,
                    format!("region `{region}` scores at level `{level}`, which [map] scoring_levels does not declare"),
                )
                .at(&Loader::span(file, &key))
                .with_hint(hint),
            );
            continue;
        };
        let Some(value) = score_value(value.get_ref()) else {
            l.diags.push(
                Diagnostic::error(
                    Code::BAD_SCORE,
                    format!("region `{region}` scores `{}` at level `{level}`", value.get_ref()),
                )
                .at(&span)
                .with_hint("give a whole number of victory points (0 or more), or a text { ja = \"…\", en = \"…\" }"),
            );
            continue;
        };
        found.push((index, RegionScore { level: level.clone(), value }));
    }
    found.sort_by_key(|(index, _)| *index);
    found.into_iter().map(|(_, score)| score).collect()
}

/// A whole number of VP (0 to 1,000,000) or a table of names with at least one name.
fn score_value(value: &toml::Value) -> Option<ScoreValue> {
    match value {
        toml::Value::Integer(n) => u32::try_from(*n).ok().filter(|n| *n <= 1_000_000).map(ScoreValue::Vp),
        toml::Value::Table(t) => {
            let names: RawNames = t.clone().try_into().ok()?;
            let names: Names = names.into();
            (!names.ja.trim().is_empty() || !names.en.trim().is_empty()).then_some(ScoreValue::Text(names))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_is_a_whole_number_or_a_names_table() {
        assert_eq!(score_value(&toml::Value::Integer(7)), Some(ScoreValue::Vp(7)));
        assert_eq!(score_value(&toml::Value::Integer(-1)), None);
        assert_eq!(score_value(&toml::Value::Float(2.5)), None);
        assert_eq!(score_value(&toml::Value::String("7".into())), None);
        let table: toml::Table = toml::from_str("ja = \"勝利\"\nen = \"wins\"").unwrap();
        assert_eq!(
            score_value(&toml::Value::Table(table)),
            Some(ScoreValue::Text(Names { ja: "勝利".into(), en: "wins".into() }))
        );
        let empty: toml::Table = toml::from_str("en = \"\"").unwrap();
        assert_eq!(score_value(&toml::Value::Table(empty)), None);
        let other: toml::Table = toml::from_str("fr = \"gagne\"").unwrap();
        assert_eq!(score_value(&toml::Value::Table(other)), None);
    }
}
