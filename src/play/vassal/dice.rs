//! The module's dice buttons: the rolls the pack's play aids make.

use crate::messages::Messages;
use crate::model::Pack;

/// A dice button: its label, how many dice of how many sides, whether VASSAL asks how many, and
/// whether it reports their total (a roll for a sum) or each die (a roll for matching faces).
pub(super) struct DiceButton {
    pub(super) label: String,
    pub(super) dice: u32,
    pub(super) sides: u32,
    pub(super) prompt: bool,
    pub(super) total: bool,
}

/// A dice button per die roll the pack's play aids use (one die of their sides, or the sum of
/// several), and a plain d6 for a pack whose components include dice but no aid rolls them.
pub(super) fn dice(pack: &Pack, msg: &Messages) -> Vec<DiceButton> {
    use crate::model::AidKind;
    // (dice, sides, asks how many, reports the total)
    let mut rolls: Vec<(u32, u32, bool, bool)> = Vec::new();
    for aid in &pack.aids {
        let roll = match &aid.kind {
            AidKind::RollUnder { sides, .. } | AidKind::RollUnderBonus { sides, .. } => (1, *sides, false, true),
            AidKind::SumAtLeast { dice, sides, .. } => (*dice, *sides, false, true),
            AidKind::OfAKind { sides, to, .. } => (*to, *sides, true, false),
            _ => continue,
        };
        if !rolls.contains(&roll) {
            rolls.push(roll);
        }
    }
    if rolls.is_empty() && pack.game.components.iter().any(|c| c.kind == "dice") {
        rolls.push((1, 6, false, true));
    }
    rolls.sort();
    rolls
        .into_iter()
        .map(|(dice, sides, prompt, total)| {
            let label = if prompt {
                msg.fill_first("vassal.roll_prompt", &[("sides", &sides.to_string())])
            } else {
                msg.fill_first("vassal.roll", &[("dice", &format!("{dice}d{sides}"))])
            };
            DiceButton { label, dice, sides, prompt, total }
        })
        .collect()
}
