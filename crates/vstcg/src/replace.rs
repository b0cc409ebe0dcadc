//! Replacement modifiers (513.5): "if EVENT would happen, instead, NEW EVENT". Before an
//! atom happens it asks for a replacement; one that applies runs its steps instead, as
//! the replacement's source (513.5h), and the replaced event never happens (513.5a).
//! Each applies once to an event (513.5i). A "can't" is checked first: an event that
//! can't happen can't be replaced (103.2).

use crate::ids::*;
use crate::power::*;
use crate::state::*;
use crate::vocab::{Filter, Relation, ReplaceEvent, Test};

impl GameState {
    /// The first replacement power, in timestamp order, that applies to `event` about
    /// `card` (character events) or `player` (endurance).
    fn find_replacement(
        &self,
        event: ReplaceEvent,
        card: Option<CardId>,
        player: Option<PlayerId>,
    ) -> Option<(CardId, u8)> {
        if !self.has_continuous_powers {
            return None;
        }
        let mut found: Vec<(u32, CardId, u8)> = Vec::new();
        for s in self.continuous_sources() {
            for (i, p) in self.def(s).powers.iter().enumerate() {
                let Power::Continuous(Continuous::Replace {
                    event: e,
                    who,
                    player: rel,
                    ..
                }) = &p.power
                else {
                    continue;
                };
                if *e != event
                    || !self.power_active(s, i as u8)
                    || self.replacing.contains(&(s, i as u8))
                {
                    continue;
                }
                let controller = self.card(s).controller;
                let applies = match (who, rel, card, player) {
                    (Some(a), _, Some(c), _) => {
                        self.affects(a, s, c)
                            || (event == ReplaceEvent::KoFromPlay && self.affects_revealed(a, s, c))
                    }
                    (_, Some(Relation::You), _, Some(q)) => q == controller,
                    (_, Some(Relation::Opponent), _, Some(q)) => self.is_opponent(controller, q),
                    _ => false,
                };
                if applies {
                    found.push((self.card(s).timestamp, s, i as u8));
                }
            }
        }
        // 513.5c lets the affected player order competing replacements; the engine
        // applies the earliest first (docs/rulings.md).
        found.into_iter().min().map(|(_, s, i)| (s, i))
    }

    /// Replaces `event` if a replacement applies: runs its steps in a frame of their own
    /// and says so (`true`: the event doesn't happen).
    pub(crate) fn replaced(
        &mut self,
        event: ReplaceEvent,
        card: Option<CardId>,
        player: Option<PlayerId>,
        amount: i32,
    ) -> bool {
        // 203.10, 203.10b: a cost's actions aren't replaced, except putting into a KO'd pile.
        if self.paying_cost && event != ReplaceEvent::KoFromPlay {
            return false;
        }
        let Some((source, power)) = self.find_replacement(event, card, player) else {
            return false;
        };
        let Some(Power::Continuous(Continuous::Replace { steps, .. })) =
            self.def(source).power(power).cloned()
        else {
            return false;
        };
        self.log(|g| format!("{}'s replacement applies instead (513.5).", g.name(source)));
        self.replacing.push((source, power));
        let outer = self.resolving.take();
        self.resolving = Some(Resolving {
            source,
            source_object: self.card(source).object,
            power,
            controller: self.card(source).controller,
            targets: Vec::new(),
            step: 0,
            chosen: Vec::new(),
            paid: Vec::new(),
            card_on_chain: false,
            progress: 0,
            inline: Some(steps.clone()),
            event_card: card,
            event_amount: amount,
            did: false,
            held: Vec::new(),
        });
        // 203.10b: the new event of a replaced cost is no cost itself.
        let paying = std::mem::replace(&mut self.paying_cost, false);
        for s in &steps {
            // Replacement steps never wait for a choice (checked as they compile).
            let _ = s.run(self);
        }
        self.paying_cost = paying;
        self.resolving = outer;
        self.replacing.pop();
        true
    }
}

impl GameState {
    /// 513.5d: an action taken to pay a cost can't be replaced: `pay` runs with every
    /// replacement power set aside.
    pub(crate) fn unreplaced<R>(&mut self, pay: impl FnOnce(&mut Self) -> R) -> R {
        let mut aside = Vec::new();
        if self.has_continuous_powers {
            for s in self.continuous_sources() {
                for (i, p) in self.def(s).powers.iter().enumerate() {
                    if matches!(p.power, Power::Continuous(Continuous::Replace { .. })) {
                        aside.push((s, i as u8));
                    }
                }
            }
        }
        let n = self.replacing.len();
        self.replacing.extend(aside);
        let r = pay(self);
        self.replacing.truncate(n);
        r
    }
}

impl GameState {
    /// 708.13a: a KO reveals the object before it goes to the KO'd pile, so a
    /// replacement of that trip sees what the revealed card is: a face-down resource that
    /// is a character card passes "character card" and the other card tests (201.2c),
    /// and "yours"/"opposing" read its controller.
    fn affects_revealed(&self, who: &Affects, source: CardId, c: CardId) -> bool {
        let Affects::Each(f) = who else {
            return false;
        };
        if self.is_character(c) {
            return false;
        }
        let controller = self.card(source).controller;
        f.0.iter().all(|t| match t {
            Test::Controlled(Relation::You) => self.card(c).controller == controller,
            Test::Controlled(Relation::Opponent) => {
                self.is_opponent(controller, self.card(c).controller)
            }
            t => self.card_matches(&Filter(vec![t.clone()]), c, controller, source),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::ids::*;
    use crate::state::{Defender, Part, StepKind, Zone};
    use crate::testkit::Bench;

    const CARDS: &str = r#"
(card x-tn "Threat Neutralized" "" (plot-twist (threshold 0) ongoing) (effect)
  (continuous (replace ko-from-play (each character) (remove-from-game that))))
(card x-jk "The Joker" "Emperor Joker" (character (cost 5) (atk 5) (def 5))
  (continuous (replace lose-endurance opponent (gain-endurance you 1))))
(card x-ms "Mystique" "Raven Darkholme" (character (cost 4) (atk 9) (def 4))
  (continuous (replace cause-breakthrough this (lose-endurance each-opponent 5))))
"#;

    /// 513.5a (VS-TCG Threat Neutralized): the replaced event never happens; the new one
    /// does instead.
    #[test]
    fn r513_5a_a_replaced_event_never_happens() {
        let (mut b, pt) = Bench::with_effect("(target 0 character) (ko (target 0))", CARDS);
        let tn = b.resource(1, "x-tn");
        b.g.card_mut(tn).face_up = true;
        let c = b.in_play(1, "trn-007", Row::Front, 0);
        b.play(pt, &[c]);
        assert!(matches!(b.g.card(c).zone, Zone::Removed { .. }));
    }

    /// 513.5f: a mandatory replacement applies even when its new event does little.
    #[test]
    fn r513_5f_an_endurance_loss_is_replaced() {
        let (mut b, pt) = Bench::with_effect("(lose-endurance each-opponent 7)", CARDS);
        // Player 1 controls the Joker: their opponent's loss becomes their gain of 1.
        b.in_play(0, "x-jk", Row::Front, 0);
        b.play(pt, &[]);
        assert_eq!((b.g.endurance(0), b.g.endurance(1)), (51, 50));
    }

    /// 103.2 (VS-TCG-005): a breakthrough that can't happen can't be replaced.
    #[test]
    fn r103_2_an_event_that_cant_happen_cant_be_replaced() {
        let mut b = Bench::new(CARDS);
        let m = b.in_play(0, "x-ms", Row::Front, 0);
        let d = b.in_play(1, "trn-003", Row::Front, 0); // 3/2
        b.g.part = Part::Step(StepKind::Attack, 0);
        b.act(Action::Propose {
            attacker: m,
            defender: Defender::Character(d),
        });
        b.act(Action::Pass);
        b.act(Action::Pass);
        // Without "can't", Mystique's replacement applies: 5 instead of 7 breakthrough.
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert_eq!(b.g.endurance(1), 50 - 2 - 5);
        // The same attack with a "can't cause breakthrough" on Mystique.
        let mut b = Bench::new(CARDS);
        let m = b.in_play(0, "x-ms", Row::Front, 0);
        let d = b.in_play(1, "trn-003", Row::Front, 0);
        b.g.part = Part::Step(StepKind::Attack, 0);
        b.act(Action::Propose {
            attacker: m,
            defender: Defender::Character(d),
        });
        b.act(Action::Pass);
        b.act(Action::Pass);
        b.g.add_modifier(m, 0, 0, None, crate::vocab::Duration::ThisTurn);
        b.g.modifiers.last_mut().unwrap().cant = Some(crate::vocab::Cant::CauseBreakthrough);
        b.act(Action::Pass);
        b.act(Action::Pass);
        assert_eq!(
            b.g.endurance(1),
            50 - 2,
            "only the stun loss: no breakthrough, no replacement"
        );
    }
}
