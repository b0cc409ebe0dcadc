//! A quick estimate of how good a position is for one seat, for computer players
//! (`Game::heuristic`): the greedy player compares positions with it and ISMCTS scores
//! the leaves of its search tree with it. It only reads what `seat` may see.

use crate::model::Keyword;
use crate::state::*;
use crossover_kernel::Seat;

impl GameState {
    /// In [0, 1]: 1 is a win for `seat`, 0 a loss.
    pub fn position_value(&self, seat: Seat) -> f64 {
        if let Some(o) = &self.outcome {
            return o.reward(seat);
        }
        let stunned_by_combat = self.combat_forecast();
        let mine = self.side_value(seat, &stunned_by_combat);
        let theirs = self
            .enemies_of(seat)
            .into_iter()
            .map(|s| self.side_value(s, &stunned_by_combat))
            .fold(f64::NEG_INFINITY, f64::max);
        let theirs = if theirs.is_finite() { theirs } else { 0.0 };
        1.0 / (1.0 + (-(mine - theirs) / 10.0).exp())
    }

    /// What one player has: its main character's health left matters most (a main
    /// character KO'd loses the game), then its face-up characters, resources, hand and
    /// XP towards the next level.
    fn side_value(&self, s: Seat, stunned_by_combat: &[CardId]) -> f64 {
        let p = &self.players[s];
        if p.out {
            return -100.0;
        }
        let m = p.main;
        let health = f64::from(self.def(m).health.max(1));
        // A combat under way that will stun the main character will also wound it.
        let wounds =
            f64::from(self.card(m).wounds) + f64::from(u8::from(stunned_by_combat.contains(&m)));
        let mut v = -40.0 * wounds / health;
        for c in p.characters() {
            let card = self.card(c);
            if card.face_up && !stunned_by_combat.contains(&c) {
                let (a, d) = self.stats(c);
                let worn =
                    1.0 - 0.5 * f64::from(card.wounds) / f64::from(self.def(c).health.max(1));
                v += (1.0 + 0.15 * f64::from(a.max(0) + d.max(0))) * worn;
            }
        }
        v + 0.5 * p.resources().len() as f64
            + 0.2 * p.hand().len() as f64
            + 1.5 * f64::from(self.card(m).xp)
    }

    /// The characters the combat under way will stun if nobody plays anything more:
    /// the defender if the attackers' strikes reach its DEF, and the attacker it strikes
    /// back at if its strike reaches that attacker's DEF (Combat p.10–11).
    fn combat_forecast(&self) -> Vec<CardId> {
        let mut stunned = Vec::new();
        let Some(cb) = &self.combat else {
            return stunned;
        };
        let Some(d) = cb.defender else {
            return stunned;
        };
        if cb.cancelled || !self.is_face_up_character(d) {
            return stunned;
        }
        let attackers: Vec<CardId> = cb
            .attackers
            .iter()
            .copied()
            .filter(|&a| self.is_face_up_character(a))
            .collect();
        let total: i32 = attackers.iter().map(|&a| self.strike_value(a)).sum();
        if total >= self.defense(d) {
            stunned.push(d);
        }
        let strikes_back = !cb.ranged || self.has_keyword(d, Keyword::Ranged);
        let target = cb.strike_back_target.or(attackers.first().copied());
        if let Some(a) = target.filter(|_| strikes_back) {
            if self.can_strike_back_at(d, a) && self.strike_value(d) >= self.defense(a) {
                stunned.push(a);
            }
        }
        stunned
    }
}
