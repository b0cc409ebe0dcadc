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
        "ko-pile-self-to-resource",
        "turn this card into a face-down resource on its owner's side",
    ),
    (
        "stun-unless-controller-discards-random",
        "stun that character unless its controller discards a random card",
    ),
    (
        "ko-face-down-resource",
        "KO a face-down resource",
    ),
    (
        "minus-counter-on-chosen-enemy-row",
        "choose an enemy row and put a -1/-1 counter on each character there",
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
            "ko-pile-self-to-resource" => {
                if self.card(src).zone == Zone::KoPile {
                    let owner = self.card(src).owner;
                    self.move_to(src, Zone::Resources, owner);
                    self.card_mut(src).face_up = false;
                    self.fire(crate::triggers::Event::ResourceGained { seat: owner });
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
            "ko-face-down-resource" => (!self.face_down_resources().is_empty()).then_some(me),
            "minus-counter-on-chosen-enemy-row" => (!self.enemies_of(me).is_empty()).then_some(me),
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

    fn face_down_resources(&self) -> Vec<CardId> {
        self.players
            .iter()
            .flat_map(|p| p.resources.iter().copied())
            .filter(|&r| !self.card(r).face_up)
            .collect()
    }

    pub fn hook_options(&self, name: &str) -> Vec<Action> {
        let f = self.frames.last().expect("frame");
        match name {
            "stun-unless-controller-discards-random" => vec![Action::Yes, Action::No],
            "ko-face-down-resource" => self
                .face_down_resources()
                .into_iter()
                .map(|card| Action::Choose { card })
                .collect(),
            "minus-counter-on-chosen-enemy-row" => {
                // One choice per enemy row: name it by choosing a player's row; with one
                // enemy, just the row.
                let enemies = self.enemies_of(f.controller);
                let picked = f.player_slots.get(7).copied().flatten().is_some();
                if enemies.len() == 1 || picked {
                    vec![
                        Action::ChooseRow { row: Row::Front },
                        Action::ChooseRow { row: Row::Back },
                    ]
                } else {
                    enemies
                        .into_iter()
                        .flat_map(|seat| [Action::ChoosePlayer { seat }])
                        .collect()
                }
            }
            _ => vec![],
        }
    }

    /// Answer a hook's decision; returns true when the hook step is finished.
    pub fn answer_hook(&mut self, name: &str, action: &Action) -> bool {
        let f = self.frames.last().expect("frame").clone();
        let (src, me) = (f.card, f.controller);
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
            ("ko-face-down-resource", Action::Choose { card }) => {
                let owner = self.card(*card).owner;
                self.log(|g| format!("A face-down resource of {} is KO'd.", g.players[owner].name));
                self.move_to(*card, Zone::KoPile, owner);
                true
            }
            ("minus-counter-on-chosen-enemy-row", Action::ChoosePlayer { seat }) => {
                // Two-player row choice follows: remember the player.
                let fm = self.frames.last_mut().unwrap();
                fm.player_slots.resize(8, None);
                fm.player_slots[7] = Some(*seat);
                let _ = me;
                false
            }
            ("minus-counter-on-chosen-enemy-row", Action::ChooseRow { row }) => {
                let seat = f
                    .player_slots
                    .get(7)
                    .copied()
                    .flatten()
                    .unwrap_or_else(|| self.enemies_of(me)[0]);
                for c in self.players[seat].row(*row).clone() {
                    self.add_minus(c, 1, Some(src));
                }
                true
            }
            _ => false,
        }
    }
}
