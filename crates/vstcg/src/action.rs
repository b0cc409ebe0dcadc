//! A player's answer to the pending decision (stored in replays).

use crate::ids::*;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// 101.4: this player starts with the initiative.
    ChooseInitiative(PlayerId),
    /// 101.6: put the hand on the bottom of the deck and draw four.
    Mulligan,
    /// 101.6: keep the opening hand.
    KeepHand,
    /// 403.1: put this card from hand face down into the resource row.
    Build(CardId),
    /// 403.4: explicitly build no resource.
    NoBuild,
    /// 405.1: move a character to an empty position of its area.
    MoveCharacter { card: CardId, to: Position },
    /// 405.1: the formation is done.
    FormationDone,
    /// 216.1: pass priority.
    Pass,
    /// 301.3: recruit a character from hand (with its boost paid, 706.2).
    Recruit { card: CardId, boost: bool },
    /// 706.3a: recruit a loyalty—reveal character, revealing this character card from
    /// hand or the resource row as the additional cost.
    RecruitRevealing {
        card: CardId,
        reveal: CardId,
        boost: bool,
    },
    /// 302.3: recruit an equipment onto a character.
    Equip { card: CardId, host: CardId },
    /// 214.3a: put the entering character here.
    Place(Position),
    /// 601.1b: propose an attack with this character (more may join a team attack).
    Propose {
        attacker: CardId,
        defender: Defender,
    },
    /// 601.5: add an attacker to the proposed team attack.
    JoinTeam(CardId),
    /// Propose the attack as it stands.
    ProposeNow,
    /// Take back the attack before proposing it (nothing happened, 216.2f).
    CancelAttack,
    /// 507.1b: power-up this attacker or defender by discarding a character card that
    /// shares its name.
    PowerUp { target: CardId, discard: CardId },
    /// 507.1c: give this defender reinforcement by exhausting an adjacent support row
    /// character that shares an affiliation.
    Reinforce { defender: CardId, by: CardId },
    /// 602.6c: the defender applies its ATK to this attacker.
    HitAttacker(CardId),
    /// 408.2b: recover this stunned character in the wrap-up, or none.
    SaveInWrapUp(Option<CardId>),
    /// 304.2: play a plot twist from hand or face down from the resource row.
    PlayPlotTwist(CardId),
    /// 505.1b, 508.2h: play a modal plot twist announcing the modes of its effect number
    /// `power` (one per choice of modes the card allows).
    PlayModes { card: CardId, power: u8 },
    /// 501.3: use a payment power of an object you control.
    UsePower { card: CardId, power: u8 },
    /// 701.11f: reveal a face-down resource in your resource row (it doesn't use the
    /// chain or break passing in succession, 216.2g).
    Reveal(CardId),
    /// 706.11b: put this card from hand face down where the recruited reservist was, or
    /// (`None`) not.
    Refill(Option<CardId>),
    /// 510: flip a location in your resource row.
    FlipLocation(CardId),
    /// 505.1c / 506.3: this is the next target.
    ChooseTarget(TargetRef),
    /// 505.2: take back the effect being played (nothing happened, 216.2f).
    CancelPlay,
    /// 506.2a: put this of your waiting triggered effects on the chain next.
    PutTrigger(u8),
    /// 508.2b: answer the resolving effect's choice with this card.
    Pick(CardId),
    /// 508.2b / 511.6: yes to the resolving effect's "may".
    Yes,
    /// 511.6: no.
    No,
    /// 511.4: answer the resolving effect's choice of a word (an affiliation, a card by
    /// name and version) with option number N of those it offers.
    Choose(u16),
    /// Glossary: Number: this number, for the resolving effect's "choose a number" (a
    /// whole number, 0 or more).
    Number(u16),
    /// 102.5: this player concedes the game: removed from it (102.3), then loses. Any
    /// player still in the game may concede at any time, whoever is deciding: `apply`
    /// accepts it from them, but it is never among the legal options of the pending
    /// decision (computer players choose from those and never concede).
    Concede(PlayerId),
}
