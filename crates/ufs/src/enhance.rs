//! Enhance abilities (H.2.1) in the Enhance Step (G.1): which a player may play, paying
//! their costs (H.4), and the Stun keyword (I.3.12), whose effect the opponent chooses.

use crate::ability::*;
use crate::model::*;
use crate::state::*;

/// `Attack::enhanced` kinds: the keyword enhances are 0–9 (attack.rs), a card's own
/// abilities 10 and up.
const ABILITY_KIND: u8 = 10;
/// I.3.12 Stun.
pub const STUN: u8 = 2;

impl GameState {
    /// H.2.1.3: where `p`'s enhance abilities may be: their ready foundations, assets
    /// and starting character in the staging area, and the current attack if it is
    /// theirs. (Action cards in hand play their abilities by being played: not yet.)
    fn enhance_sources(&self, p: u8) -> Vec<CardId> {
        let mut out: Vec<CardId> = self
            .player(p)
            .staging
            .iter()
            .copied()
            .filter(|&c| {
                !self.card(c).committed
                    && matches!(
                        self.def(c).kind,
                        Kind::Foundation | Kind::Asset | Kind::Character { .. }
                    )
            })
            .collect();
        if let Some(a) = &self.attack {
            if a.attacker == p {
                out.push(a.card);
            }
        }
        out
    }

    fn cost_payable(&self, p: u8, c: CardId, cost: &Cost) -> bool {
        let card = self.card(c);
        match cost {
            Cost::Commit => card.place == Place::Staging && !card.committed,
            Cost::Destroy => card.place == Place::Staging && c != self.player(p).character,
            Cost::DiscardMomentum(n) => self.player(p).momentum.len() >= usize::from(*n),
            Cost::Discard(n) => self.player(p).hand.len() >= usize::from(*n),
        }
    }

    /// The enhance abilities `p` may play now: once per Enhance Step each (H.2.1.4),
    /// "only playable" met (H.3.3.1), and every cost payable (E.4.1.1).
    pub fn legal_enhances(&self, p: u8) -> Vec<(CardId, u8)> {
        let Some(a) = &self.attack else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for c in self.enhance_sources(p) {
            for (i, ability) in self.def(c).abilities.iter().enumerate() {
                let i = i as u8;
                if ability.kind != AbilityKind::Enhance
                    || a.enhanced.contains(&(c, ABILITY_KIND + i))
                    || ability
                        .only_playable
                        .as_ref()
                        .is_some_and(|cond| !self.condition(p, cond))
                    || !ability.cost.iter().all(|k| self.cost_payable(p, c, k))
                {
                    continue;
                }
                out.push((c, i));
            }
        }
        out
    }

    /// G.1: `p` plays an enhance ability: its costs are paid (a discard from hand is
    /// the player's choice), then its effect is executed, then priority passes.
    pub(crate) fn play_enhance(&mut self, p: u8, c: CardId, i: u8) {
        let ability = self.def(c).abilities[usize::from(i)].clone();
        if let Some(a) = self.attack.as_mut() {
            a.enhanced.push((c, ABILITY_KIND + i));
        }
        self.say(|s| {
            format!(
                "{} plays an enhance ability of {}.",
                s.seat_name(p),
                s.name_of(c)
            )
        });
        let mut discard = 0;
        for cost in &ability.cost {
            match cost {
                Cost::Commit => self.card_mut(c).committed = true,
                Cost::Destroy => {
                    self.move_card(c, Place::Discard);
                    self.say(|s| format!("{} is destroyed.", s.name_of(c)));
                }
                Cost::DiscardMomentum(n) => {
                    for _ in 0..*n {
                        if let Some(&m) = self.player(p).momentum.last() {
                            self.move_card(m, Place::Discard);
                        }
                    }
                }
                Cost::Discard(n) => discard += n,
            }
        }
        if discard > 0 {
            self.choice = Some(Choice::CostDiscard {
                source: c,
                ability: i,
                left: discard,
            });
            self.pending = Pending::Choose(p);
            return;
        }
        self.finish_enhance(p, &ability.effect);
    }

    fn finish_enhance(&mut self, p: u8, effect: &[Effect]) {
        if !self.execute(p, effect) || !self.pause_conditions() {
            return;
        }
        self.pass_enhance_priority(p);
    }

    /// G.1: after a play, the other player has priority and the passes start again.
    pub(crate) fn pass_enhance_priority(&mut self, p: u8) {
        if let Some(a) = self.attack.as_mut() {
            a.step = AttackStep::Enhance {
                priority: 1 - p,
                passes: 0,
            };
        }
        self.pending = Pending::Enhance(1 - p);
    }

    /// The cards `p` may choose now.
    pub fn legal_choices(&self, p: u8) -> Vec<CardId> {
        match &self.choice {
            Some(Choice::CostDiscard { .. }) => self.player(p).hand.clone(),
            Some(Choice::StunCommit { .. }) => self.stun_candidates(p),
            None => Vec::new(),
        }
    }

    /// `p` chooses `c` for the choice under way.
    pub(crate) fn choose(&mut self, p: u8, c: CardId) {
        match self.choice.clone() {
            Some(Choice::CostDiscard {
                source,
                ability,
                left,
            }) => {
                self.move_card(c, Place::Discard);
                self.say(|s| format!("{} discards {}.", s.seat_name(p), s.name_of(c)));
                if left > 1 {
                    self.choice = Some(Choice::CostDiscard {
                        source,
                        ability,
                        left: left - 1,
                    });
                    return;
                }
                self.choice = None;
                let effect = self.def(source).abilities[usize::from(ability)]
                    .effect
                    .clone();
                self.finish_enhance(p, &effect);
            }
            Some(Choice::StunCommit { left }) => {
                self.card_mut(c).committed = true;
                self.say(|s| format!("{} commits {} (Stun).", s.seat_name(p), s.name_of(c)));
                self.stun_commit(p, left - 1);
            }
            None => {}
        }
    }

    fn stun_candidates(&self, p: u8) -> Vec<CardId> {
        self.player(p)
            .staging
            .iter()
            .copied()
            .filter(|&c| !self.card(c).committed && self.def(c).kind == Kind::Foundation)
            .collect()
    }

    /// I.3.12: "E: Your opponent commits X foundations." The attacker plays it; the
    /// opponent chooses which, committing as many as they can (J.1.2).
    pub(crate) fn play_stun(&mut self, attacker: u8) {
        let rating = self.keyword_enhance(STUN).unwrap_or(0);
        if let Some(a) = self.attack.as_mut() {
            a.enhanced.push((a.card, STUN));
        }
        self.say(|s| {
            format!(
                "Stun {rating}: {} must commit {rating} foundations.",
                s.seat_name(1 - attacker)
            )
        });
        self.stun_commit(1 - attacker, rating);
    }

    fn stun_commit(&mut self, opponent: u8, left: u8) {
        let candidates = self.stun_candidates(opponent);
        if left == 0 || candidates.is_empty() {
            self.choice = None;
            self.pass_enhance_priority(1 - opponent);
            return;
        }
        if candidates.len() <= usize::from(left) {
            // No choice: every ready foundation is committed.
            for c in candidates {
                self.card_mut(c).committed = true;
            }
            self.say(|s| format!("{} commits every ready foundation.", s.seat_name(opponent)));
            self.choice = None;
            self.pass_enhance_priority(1 - opponent);
            return;
        }
        self.choice = Some(Choice::StunCommit { left });
        self.pending = Pending::Choose(opponent);
    }
}
