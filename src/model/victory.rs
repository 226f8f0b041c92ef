//! Ways to win: a condition, who wins by it, and when it is looked at.

use serde::Serialize;

use super::{Expr, Ref, Span};

/// A way to win.
#[derive(Debug, Serialize)]
pub struct Victory {
    /// Stable id.
    pub id: String,
    /// Who wins.
    pub side: Ref,
    /// When, as a condition over cards, control and VP.
    pub when: Expr,
    /// The moment the condition is looked at (`at`).
    pub at: Timing,
    /// Where `at` is written (its `when` when `at` is not).
    #[serde(skip)]
    pub at_span: Span,
    /// The rule stating it.
    pub rule: Option<Ref>,
    /// Our own summary.
    pub text: String,
}

/// When a victory condition is looked at: as soon as it holds, or only at one moment of play (a
/// region's scoring, a phase of the turn), so a condition that holds at other times wins nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "of")]
pub enum Timing {
    /// As soon as it holds (`immediate`, the default).
    Immediate,
    /// At the end of each turn (`turn-end`).
    TurnEnd,
    /// When a region is scored (`scoring:europe`).
    Scoring(String),
    /// In one phase of the turn sequence (`phase:final-scoring`).
    Phase(String),
}

impl Timing {
    /// `at` as written: `immediate`, `turn-end`, `scoring:REGION` or `phase:PHASE`; `None` for
    /// anything else.
    pub fn parse(text: &str) -> Option<Timing> {
        match text.trim().split_once(':') {
            None if text.trim() == "immediate" => Some(Timing::Immediate),
            None if text.trim() == "turn-end" => Some(Timing::TurnEnd),
            Some(("scoring", region)) if !region.trim().is_empty() => Some(Timing::Scoring(region.trim().into())),
            Some(("phase", phase)) if !phase.trim().is_empty() => Some(Timing::Phase(phase.trim().into())),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timing_reads_the_four_forms_and_nothing_else() {
        assert_eq!(Timing::parse("immediate"), Some(Timing::Immediate));
        assert_eq!(Timing::parse("turn-end"), Some(Timing::TurnEnd));
        assert_eq!(Timing::parse("scoring:europe"), Some(Timing::Scoring("europe".into())));
        assert_eq!(Timing::parse("phase: final-scoring"), Some(Timing::Phase("final-scoring".into())));
        for bad in ["", "scoring:", "at once", "round:3"] {
            assert_eq!(Timing::parse(bad), None, "{bad}");
        }
    }
}
