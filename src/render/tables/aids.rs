//! Play-aid tables computed from dice mechanics (`[[aids]]`), with exact fractions, and the page
//! that prints them. Column heads are words pnpkit prints by itself: they come from the `[aids]`
//! messages in the pack's languages.

use crate::layout::Paper;
use crate::messages::Messages;
use crate::model::{AidKind, Pack, PlayAid, Ref};
use crate::render::page::canvas::{Canvas, Owner};
use crate::render::page::Page;
use crate::render::tables::table::{self, Cell, Column, Flow, Row};

/// The size of a chart's figures, pt.
const BODY_PT: f64 = 7.5;

/// An exact non-negative fraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fraction {
    /// Numerator.
    pub num: u64,
    /// Denominator (never 0).
    pub den: u64,
}

fn gcd128(a: u128, b: u128) -> u128 {
    if b == 0 {
        a.max(1)
    } else {
        gcd128(b, a % b)
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a.max(1)
    } else {
        gcd(b, a % b)
    }
}

impl Fraction {
    /// `num/den` in lowest terms.
    pub fn new(num: u64, den: u64) -> Fraction {
        let g = gcd(num, den.max(1));
        Fraction { num: num / g, den: den.max(1) / g }
    }

    /// As a percentage with one decimal, e.g. "41.7%".
    pub fn percent(self) -> String {
        // Integer rounding: tenths of a percent, half up.
        let tenths = (self.num * 2000 + self.den) / (2 * self.den);
        format!("{}.{}%", tenths / 10, tenths % 10)
    }

    /// As a decimal with two places, e.g. "1.17".
    pub fn decimal(self) -> String {
        let hundredths = (self.num * 200 + self.den) / (2 * self.den);
        format!("{}.{:02}", hundredths / 100, hundredths % 100)
    }
}

impl std::fmt::Display for Fraction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// A computed table: a header row and rows of cells.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// Column headings, in the pack's languages.
    pub header: Vec<String>,
    /// Rows: a label and one fraction per column after the first (`None`: cannot happen).
    pub rows: Vec<(String, Vec<Option<Fraction>>)>,
    /// How each fraction is shown: as a percentage (chances) or a decimal (expected values).
    pub as_decimal: Vec<bool>,
}

/// How many ways `dice` dice of `sides` faces sum to each total (index = total).
fn sum_counts(dice: u32, sides: u32) -> Vec<u64> {
    let mut counts = vec![1u64];
    for _ in 0..dice {
        let mut next = vec![0u64; counts.len() + sides as usize];
        for (total, &ways) in counts.iter().enumerate() {
            for face in 1..=sides as usize {
                next[total + face] += ways;
            }
        }
        counts = next;
    }
    counts
}

/// How many of the `sides`^`dice` ordered rolls show no face `k` or more times: sequences built
/// face by face, choosing where each face's (fewer than `k`) copies go.
fn rolls_below(dice: u32, sides: u32, k: u32) -> u128 {
    let n = dice as usize;
    let choose = |a: usize, b: usize| -> u128 { (0..b).fold(1u128, |acc, i| acc * (a - i) as u128 / (i as u128 + 1)) };
    let mut ways = vec![0u128; n + 1];
    ways[0] = 1;
    for _ in 0..sides {
        let mut next = vec![0u128; n + 1];
        for (placed, &w) in ways.iter().enumerate().filter(|(_, w)| **w > 0) {
            for copies in 0..(k as usize).min(n - placed + 1) {
                next[placed + copies] += w * choose(placed + copies, copies);
            }
        }
        ways = next;
    }
    ways[n]
}

/// Computes one aid's table for `pack`, its column heads in the pack's languages.
pub fn table(pack: &Pack, aid: &PlayAid) -> Table {
    table_in(pack, &Messages::of(pack), aid)
}

/// Computes one aid's table, its column heads in the languages of `msg`.
fn table_in(pack: &Pack, msg: &Messages, aid: &PlayAid) -> Table {
    match &aid.kind {
        AidKind::RollUnder { sides, from, to } => {
            let rows = (*from..=*to)
                .map(|v| {
                    let v = v.min(*sides);
                    let hits: u64 = (1..=u64::from(v)).sum();
                    (
                        v.to_string(),
                        vec![
                            Some(Fraction::new(u64::from(v), u64::from(*sides))),
                            Some(Fraction::new(hits, u64::from(*sides))),
                        ],
                    )
                })
                .collect();
            Table {
                header: vec![msg.text("aids.value"), msg.text("aids.success"), msg.text("aids.expected_hits")],
                rows,
                as_decimal: vec![false, true],
            }
        }
        AidKind::RollUnderBonus { sides, rows, from, to, columns, max_count, bonus } => {
            let mut header = vec![msg.name(&rows.into())];
            let columns = msg.name(&columns.into());
            header.extend(
                (0..=*max_count).map(|c| msg.fill_first("aids.count", &[("what", &columns), ("n", &c.to_string())])),
            );
            let body = (*from..=*to)
                .map(|base| {
                    let cells = (0..=*max_count)
                        .map(|c| {
                            // A counted unit is one of the base units, so the count cannot exceed it.
                            (c <= base)
                                .then(|| Fraction::new(u64::from((base + bonus * c).min(*sides)), u64::from(*sides)))
                        })
                        .collect();
                    (base.to_string(), cells)
                })
                .collect();
            Table { header, rows: body, as_decimal: vec![false; *max_count as usize + 1] }
        }
        AidKind::SumAtLeast { dice, sides, from, to, modifiers } => {
            let counts = sum_counts(*dice, *sides);
            let total: u64 = counts.iter().sum();
            let mut header = vec![msg.text("aids.target")];
            header.extend(modifiers.iter().map(|m| {
                if *m == 0 {
                    format!("{dice}D{sides}")
                } else {
                    format!("{dice}D{sides}{m:+}")
                }
            }));
            let rows = (*from..=*to)
                .map(|target| {
                    let cells = modifiers
                        .iter()
                        .map(|m| {
                            let ways: u64 = counts
                                .iter()
                                .enumerate()
                                .filter(|(sum, _)| *sum as i64 + m >= i64::from(target))
                                .map(|(_, w)| *w)
                                .sum();
                            Some(Fraction::new(ways, total))
                        })
                        .collect();
                    (format!("≥ {target}"), cells)
                })
                .collect();
            Table { header, rows, as_decimal: vec![false; modifiers.len()] }
        }
        AidKind::OfAKind { sides, from, to, kinds } => {
            let mut header = vec![msg.text("aids.dice")];
            header.extend(kinds.iter().map(|k| match k {
                2 => msg.text("aids.pair"),
                3 => msg.text("aids.three_of_a_kind"),
                4 => msg.text("aids.four_of_a_kind"),
                k => msg.fill("aids.of_a_kind", &[("k", &k.to_string())]),
            }));
            let rows = (*from..=*to)
                .map(|dice| {
                    let total = u128::from(*sides).pow(dice);
                    let cells = kinds
                        .iter()
                        .map(|&k| {
                            let hit = total - rolls_below(dice, *sides, k);
                            let g = gcd128(hit, total);
                            u64::try_from(hit / g)
                                .ok()
                                .zip(u64::try_from(total / g).ok())
                                .map(|(a, b)| Fraction::new(a, b))
                        })
                        .collect();
                    (dice.to_string(), cells)
                })
                .collect();
            Table { header, rows, as_decimal: vec![false; kinds.len()] }
        }
        AidKind::Chits => {
            let total = u64::from(pack.chits.total());
            let rows = pack
                .chits
                .values
                .iter()
                .map(|v| (format!("{} ×{}", v.label, v.count), vec![Some(Fraction::new(u64::from(v.count), total))]))
                .collect();
            Table { header: vec![msg.text("aids.chit"), msg.text("aids.chance")], rows, as_decimal: vec![false] }
        }
    }
}

/// The play-aids pages: the table of every aid no play sheet prints already, flowing down two
/// columns; none when the play sheets print them all.
pub(crate) fn pages(ctx: &mut crate::render::Ctx<'_>, paper: Paper) -> Vec<Page> {
    let pack = ctx.pack;
    let title = format!("{} · {}", ctx.msg.first_name(&pack.game.title), ctx.msg.text("aids.heading"));
    // In rule order (an aid citing no rule after those that do), as a player looks them up.
    let clauses: Vec<&str> = pack.rules.sections.iter().flat_map(|s| &s.clauses).map(|c| c.id.as_str()).collect();
    let place = |aid: &PlayAid| aid.rule.as_ref().and_then(|r| clauses.iter().position(|c| *c == r.value));
    let on_a_sheet = |aid: &PlayAid| pack.sheets.iter().flat_map(|s| &s.aids).any(|a| a.value == aid.id);
    let mut aids: Vec<&PlayAid> = pack.aids.iter().filter(|aid| !on_a_sheet(aid)).collect();
    if aids.is_empty() {
        return Vec::new();
    }
    aids.sort_by_key(|aid| place(aid).unwrap_or(usize::MAX));
    let tables: Vec<table::Table> = aids.into_iter().map(|aid| chart(pack, &ctx.msg, aid)).collect();
    let what = ctx.msg.first("aids.footer");
    // Two columns, or one for a single table, which then takes the page's width.
    let columns = tables.len().clamp(1, 2);
    let mut flow = Flow::new(ctx, paper, title, Owner::new("play aids", None), what, columns);
    // Aids that fit half a sheet print as a play-aid card, two to the sheet (one per player);
    // more go on as pages.
    if !flow.halves(&tables) {
        flow.tables(&tables);
    }
    flow.finish()
}

/// " (rule 8.4.2)" in the pack's first language for a clause reference that resolves, else "".
fn cite(pack: &Pack, msg: &Messages, rule: Option<&Ref>) -> String {
    rule.and_then(|r| pack.clause(r))
        .map(|c| format!(" ({})", msg.fill_first("aids.rule", &[("number", &c.number)])))
        .unwrap_or_default()
}

/// The rows of `t` that tell something: of the leading rows where every chance is certain only
/// the last, of the trailing rows where none can succeed only the first (a declared range of
/// 3 to 21 on 3D6+3 starts and ends with rows that repeat "auto" and "—").
fn informative(t: &Table) -> &[(String, Vec<Option<Fraction>>)] {
    let chances = |cells: &[Option<Fraction>], all: fn(Fraction) -> bool| {
        cells.iter().enumerate().all(|(i, c)| match c {
            Some(f) if !t.as_decimal.get(i).copied().unwrap_or(false) => all(*f),
            _ => false,
        })
    };
    let certain = t.rows.iter().take_while(|(_, c)| chances(c, |f| f.num == f.den)).count();
    let hopeless = t.rows.iter().rev().take_while(|(_, c)| chances(c, |f| f.num == 0)).count();
    let from = certain.saturating_sub(1);
    let to = (t.rows.len() - hopeless + 1).min(t.rows.len()).max(from);
    &t.rows[from..to]
}

/// One aid as a chart: its title (and rule) on the band, the column heads, a row per value,
/// every figure centred.
pub(crate) fn chart(pack: &Pack, msg: &Messages, aid: &PlayAid) -> table::Table {
    let owner = Owner::new(format!("play aid `{}`", aid.id), None);
    let t = table_in(pack, msg, aid);
    // In every language the pack prints (自動 auto), as the chart's heads are.
    let certain = msg.text("aids.certain");
    let rows = informative(&t)
        .iter()
        .map(|(label, cells)| {
            // A chance that cannot fail reads "auto", one that cannot succeed "—", as a printed
            // odds table has them.
            let figures = cells.iter().enumerate().map(|(i, cell)| match cell {
                None => "—".to_string(),
                Some(f) if t.as_decimal.get(i).copied().unwrap_or(false) => f.decimal(),
                Some(f) if f.num == 0 => "—".to_string(),
                Some(f) if f.num == f.den => certain.clone(),
                Some(f) => f.percent(),
            });
            let cells = std::iter::once(label.clone()).chain(figures).map(Cell::Text).collect();
            Row { cells, owner: owner.clone() }
        })
        .collect();
    table::Table {
        title: format!("{}{}", msg.name(&aid.title), cite(pack, msg, aid.rule.as_ref())),
        columns: t
            .header
            .iter()
            .enumerate()
            .map(|(i, h)| if i == 0 { Column::number(h.clone()).key() } else { Column::number(h.clone()) })
            .collect(),
        rows,
        pt: BODY_PT,
        owner,
    }
}

/// Draws one aid's chart at `(x, y)` across `width` mm (on a play sheet); returns the y below it.
pub(crate) fn draw_table(
    c: &mut Canvas<'_>,
    pack: &Pack,
    msg: &Messages,
    aid: &PlayAid,
    (x, y): (f64, f64),
    width: f64,
) -> f64 {
    table::draw(c, &chart(pack, msg, aid), 0, (x, y), width, f64::INFINITY, None).1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Names;

    fn aid(kind: AidKind) -> PlayAid {
        PlayAid { id: "t".into(), title: Names::default(), kind, rule: None }
    }

    #[test]
    fn roll_under_gives_success_and_expected_hits_as_exact_fractions() {
        let t = table(&Pack::default(), &aid(AidKind::RollUnder { sides: 6, from: 1, to: 6 }));
        let f = |n, d| Some(Fraction::new(n, d));
        assert_eq!(t.rows[0].1, vec![f(1, 6), f(1, 6)]);
        assert_eq!(t.rows[3].1, vec![f(2, 3), f(5, 3)], "factor 4: 4/6 and (1+2+3+4)/6");
        assert_eq!(t.rows[5].1, vec![f(1, 1), f(7, 2)]);
        assert_eq!(Fraction::new(5, 3).decimal(), "1.67");
        assert_eq!(Fraction::new(2, 3).percent(), "66.7%");
    }

    #[test]
    fn capture_bonus_adds_three_per_garcia_squad_and_caps_at_six() {
        let t = table(
            &Pack::default(),
            &aid(AidKind::RollUnderBonus {
                sides: 6,
                rows: crate::model::TextNames::Plain("soldiers".into()),
                from: 1,
                to: 3,
                columns: crate::model::TextNames::Plain("Garcia".into()),
                max_count: 2,
                bonus: 3,
            }),
        );
        let f = |n, d| Some(Fraction::new(n, d));
        assert_eq!(t.rows[0].1, vec![f(1, 6), f(4, 6), None], "one soldier cannot include two Garcia squads");
        assert_eq!(t.rows[1].1, vec![f(2, 6), f(5, 6), f(1, 1)]);
    }

    #[test]
    fn three_dice_sums_match_the_known_distribution() {
        let t = table(
            &Pack::default(),
            &aid(AidKind::SumAtLeast { dice: 3, sides: 6, from: 3, to: 19, modifiers: vec![0, 3] }),
        );
        let f = |n, d| Some(Fraction::new(n, d));
        assert_eq!(t.rows[0].1[0], f(1, 1), "3D6 ≥ 3 always");
        assert_eq!(t.rows[8].1[0], f(108, 216), "3D6 ≥ 11: half");
        assert_eq!(t.rows[15].1[0], f(1, 216), "3D6 ≥ 18");
        assert_eq!(t.rows[15].1[1], f(20, 216), "3D6+3 ≥ 18 means 3D6 ≥ 15");
        assert_eq!(t.rows[16].1[0], f(0, 1));
    }

    #[test]
    fn an_odds_chart_drops_the_rows_that_repeat_certainty_or_impossibility() {
        let sums = aid(AidKind::SumAtLeast { dice: 2, sides: 6, from: 0, to: 20, modifiers: vec![0, 1] });
        let t = table(&Pack::default(), &sums);
        let labels: Vec<&str> = informative(&t).iter().map(|(l, _)| l.as_str()).collect();
        // 2D6 ≥ 2 (and 2D6+1 ≥ 3) always: the rows before ≥ 2 add nothing; 2D6+1 ≥ 14 never.
        assert_eq!(labels.first(), Some(&"≥ 2"));
        assert_eq!(labels.last(), Some(&"≥ 14"));
        let msg = Messages::new(&["en"]);
        let chart = chart(&Pack::default(), &msg, &sums);
        let first: Vec<String> = chart.rows[0].cells.iter().map(|c| format!("{c:?}")).collect();
        assert!(first[1].contains("auto") && first[2].contains("auto"), "{first:?}");
    }

    #[test]
    fn of_a_kind_chances_match_counting_every_roll() {
        let t = table(&Pack::default(), &aid(AidKind::OfAKind { sides: 6, from: 1, to: 7, kinds: vec![2, 3, 4] }));
        // Brute force over every ordered roll of up to 5 dice.
        for dice in 1..=5u32 {
            let total = 6u64.pow(dice);
            let mut at_least = [0u64; 5];
            for roll in 0..total {
                let mut counts = [0u32; 6];
                let mut r = roll;
                for _ in 0..dice {
                    counts[(r % 6) as usize] += 1;
                    r /= 6;
                }
                let most = *counts.iter().max().unwrap();
                for k in 2..=4 {
                    if most >= k {
                        at_least[k as usize] += 1;
                    }
                }
            }
            for (column, k) in [2usize, 3, 4].into_iter().enumerate() {
                assert_eq!(
                    t.rows[dice as usize - 1].1[column],
                    Some(Fraction::new(at_least[k], total)),
                    "{dice} dice, {k}"
                );
            }
        }
        // Seven dice of six faces always show a pair.
        assert_eq!(t.rows[6].1[0], Some(Fraction::new(1, 1)));
        assert_eq!(t.rows[3].1[0], Some(Fraction::new(13, 18)), "four dice: 1 − 360/1296");
    }

    #[test]
    fn chit_chances_come_from_the_chit_mix() {
        let mut pack = Pack::default();
        pack.chits.values = vec![
            crate::model::ChitValue { value: 1, label: "1P".into(), count: 21 },
            crate::model::ChitValue { value: 5, label: "5P".into(), count: 8 },
        ];
        let t = table(&pack, &aid(AidKind::Chits));
        assert_eq!(t.rows[0].1[0], Some(Fraction::new(21, 29)));
        assert_eq!(t.rows[1].1[0], Some(Fraction::new(8, 29)));
    }
}
