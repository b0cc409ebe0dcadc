//! Named Rust hooks: card behaviour the card language can't express (yet). Each hook
//! is documented here with the card that uses it; a card file naming an unknown hook is
//! rejected at load time.

use crate::action::Action;
use crate::state::*;
use crossover_kernel::Seat;

/// Every hook the engine knows, with the card behaviour it implements.
pub const HOOKS: &[(&str, &str)] = &[
    (
        "no-wound-this-combat",
        "if this character gets stunned during this combat, it doesn't receive a wound",
    ),
    (
        "take-aim-ranged-no-strike-back",
        "in its next attack this turn, if it's a ranged attack, Ranged enemy characters can't strike back at it",
    ),
    (
        "stun-unless-controller-discards-random",
        "stun that character unless its controller discards a random card",
    ),
    (
        "next-team-attack-counters",
        "when characters on your side team attack the next time this turn, put a +1/+1 counter on each of them",
    ),
    (
        "counter-on-each-other-same-name",
        "put a +1/+1 counter on each other character on your side with this name",
    ),
];

pub fn is_known(name: &str) -> bool {
    HOOKS.iter().any(|(n, _)| *n == name)
}

impl GameState {
    /// Run a hook step; `Some(seat)` when it waits for that seat's choice.
    pub fn run_hook(&mut self, name: &str) -> Option<Seat> {
        let f = self.frames.last().expect("frame").clone();
        let (src, me) = (f.card, f.controller);
        match name {
            "no-wound-this-combat" => {
                if self.is_character_in_play(src) {
                    self.add_modifier(
                        src,
                        ModKind::NoWoundThisCombat,
                        crate::model::Duration::ThisCombat,
                        src,
                    );
                }
                None
            }
            "take-aim-ranged-no-strike-back" => {
                if self.is_character_in_play(src) {
                    self.add_modifier(src, ModKind::TakeAim, crate::model::Duration::ThisTurn, src);
                }
                None
            }
            "stun-unless-controller-discards-random" => {
                let target = f.slots.first().and_then(|s| s.first()).copied()?;
                if !self.is_face_up_character(target) {
                    return None;
                }
                let victim = self.card(target).controller;
                if self.players[victim].hand.is_empty() {
                    self.stun(target, Some(src), true);
                    return None;
                }
                Some(victim)
            }
            "next-team-attack-counters" => {
                self.players[me].team_attack_counters = true;
                None
            }
            "counter-on-each-other-same-name" => {
                let name = self.def(src).name.clone();
                for c in self.characters_of(me) {
                    if c != src && self.def(c).name == name {
                        self.add_plus(c, 1);
                    }
                }
                None
            }
            other => panic!("unknown hook `{other}` (the card loader rejects these)"),
        }
    }

    pub fn hook_options(&self, name: &str) -> Vec<Action> {
        match name {
            "stun-unless-controller-discards-random" => vec![Action::Yes, Action::No],
            _ => vec![],
        }
    }

    /// Answer a hook's decision; returns true when the hook step is finished.
    pub fn answer_hook(&mut self, name: &str, action: &Action) -> bool {
        let f = self.frames.last().expect("frame").clone();
        let src = f.card;
        match (name, action) {
            ("stun-unless-controller-discards-random", yes_no) => {
                let target = f.slots[0][0];
                let victim = self.card(target).controller;
                if *yes_no == Action::Yes {
                    let hand = &self.players[victim].hand;
                    let c = hand[self.rng.below(hand.len())];
                    self.discard(c);
                } else {
                    self.stun(target, Some(src), true);
                }
                true
            }
            _ => false,
        }
    }
}
