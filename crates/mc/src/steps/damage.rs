//! Damage an effect moves, redirects or assigns (DAMAGE, MOVE): damage moved from one
//! character to another (and dealt to it), damage about to be dealt placed on another
//! card instead, damage assigned among heroes and allies one at a time, damage a card
//! can't take from some sources, and the amount of damage you have sustained.

use crate::effects::StepResult;
use crate::model::*;
use crate::state::*;

impl GameState {
    /// The steps moving or assigning damage.
    pub(crate) fn damage_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
        let p = f.player;
        match step {
            &Step::MoveDamage { from, to, amount } => {
                let n = self.amount(f, amount);
                let (Some(&src), Some(&dst)) =
                    (self.targets(f, from).first(), self.targets(f, to).first())
                else {
                    return StepResult::Next;
                };
                if self.attack_replaced_by_stun(f) {
                    let you = self.player(p).identity;
                    self.player_attack_effect(you, dst, 0);
                    return StepResult::Next;
                }
                let moved = n.min(self.card(src).damage);
                if moved == 0 || src == dst {
                    // MOVE: no valid source, no move.
                    return StepResult::Next;
                }
                self.card_mut(src).damage -= moved;
                self.log_public(format!(
                    "{moved} damage moves from {} to {}.",
                    self.card_name(src),
                    self.card_name(dst)
                ));
                // MOVE: the moved damage is dealt to the character.
                if f.label == Some(Label::Attack) && self.is_enemy(dst) {
                    let you = self.player(p).identity;
                    self.player_attack_effect(you, dst, moved);
                } else {
                    self.last_damager = Some(p);
                    self.deal_damage(dst, moved, None, false);
                }
                StepResult::Next
            }
            Step::MoveDamageHere => {
                let here = f.source;
                let moved = self.tasks.iter_mut().rev().find_map(|t| match t {
                    Task::Occur(o) => match o.event {
                        Event::Damage { amount, .. } => {
                            let n = amount.saturating_sub(o.prevented);
                            o.prevented = amount;
                            Some(n)
                        }
                        _ => None,
                    },
                    _ => None,
                });
                if let Some(n) = moved.filter(|&n| n > 0) {
                    self.card_mut(here).damage = self.card(here).damage.saturating_add(n);
                    self.log_public(format!(
                        "The {n} damage is placed on {} instead.",
                        self.def(here).name
                    ));
                }
                StepResult::Next
            }
            Step::AssignDamageAmongHeroesAndAllies(amount) => {
                if f.assign_left.is_none() {
                    f.assign_left = Some(self.amount(f, *amount));
                    f.assigned.clear();
                }
                let left = f.assign_left.unwrap_or(0);
                let mut options: Vec<CardId> = self
                    .player_order()
                    .into_iter()
                    .filter(|&p| self.player(p).form == Form::Hero)
                    .map(|p| self.player(p).identity)
                    .collect();
                for p in self.player_order() {
                    options.extend(self.allies_of(p));
                }
                if left > 0 && options.len() > 1 {
                    return StepResult::Wait(Pending::Choose {
                        player: self.first_player,
                        options,
                    });
                }
                if left > 0 {
                    if let Some(&only) = options.first() {
                        f.assigned.push((only, left));
                    }
                }
                for (c, n) in std::mem::take(&mut f.assigned).into_iter().rev() {
                    self.deal_damage(c, n, None, false);
                }
                f.assign_left = None;
                StepResult::Next
            }
            _ => StepResult::Next,
        }
    }

    /// Killmonger: damage from an upgrade with a trait doesn't reach a card that can't
    /// take it; the others are returned.
    pub(crate) fn shield_from_source(
        &mut self,
        source: CardId,
        targets: Vec<CardId>,
    ) -> Vec<CardId> {
        if !matches!(self.def(source).kind, Kind::Upgrade { .. }) {
            return targets;
        }
        let mut out = vec![];
        for t in targets {
            let shielded = self.def(t).constants.iter().any(|k| match k {
                Constant::NoDamageFromTraitUpgrades(tr) => self.def(source).has_trait(*tr),
                _ => false,
            });
            if shielded {
                self.log_public(format!(
                    "{} can't take damage from {}.",
                    self.card_name(t),
                    self.def(source).name
                ));
            } else {
                out.push(t);
            }
        }
        out
    }

    /// "X is the damage you have sustained (to a maximum of N)".
    pub(crate) fn sustained_up_to(&self, p: u8, max: u8) -> u16 {
        self.card(self.player(p).identity)
            .damage
            .min(u16::from(max))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::McSetup;

    /// A Black Panther game, with Killmonger engaged and an upgrade `code` of player 0
    /// in play: the upgrade's effect deals 3 damage to Killmonger. Returns his damage.
    fn killmonger_damage_from(code: &str) -> u16 {
        crate::ALLOW_INCOMPLETE.with(|a| a.set(true));
        let setup = McSetup::solo_against_rhino("black-panther");
        let db = crate::db::core();
        let mut g = GameState::new(&setup, 1, db.clone()).unwrap();
        let km = g
            .ids()
            .find(|&c| g.def(c).code == "01157")
            .expect("Killmonger is set aside");
        g.card_mut(km).zone = Zone::Engaged(0);
        let def = db.by_code(code).unwrap();
        let up = g.new_card(def, 0, Zone::Play(0));
        let mut f = Frame::new(
            up,
            0,
            vec![Step::Damage {
                to: Target::Chosen(0),
                amount: Amount::N(3),
            }],
        );
        f.chosen[0] = Some(km);
        let pending = std::mem::replace(&mut g.pending, Pending::None);
        g.tasks.push(Task::Effect(f));
        g.settle();
        assert_eq!(g.pending, pending);
        g.card(km).damage
    }

    #[test]
    fn killmonger_takes_no_damage_from_black_panther_upgrades() {
        // Panther Claws is a Black Panther upgrade; Spider-Tracer is not.
        assert_eq!(killmonger_damage_from("01047"), 0);
        assert_eq!(killmonger_damage_from("01007"), 3);
    }
}
