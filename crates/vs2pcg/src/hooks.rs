//! Named Rust hooks: card behaviour the card language can't express (yet). Each hook
//! is documented here with the card that uses it; a card file naming an unknown hook is
//! rejected at load time.

use crate::action::Action;
use crate::model::{Symbol, Team};
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
        "the next time it attacks this turn, should that attack be ranged, no Ranged enemy strikes back at it",
    ),
    (
        "stun-unless-controller-discards-random",
        "stun that character unless its controller discards a random card",
    ),
    (
        "next-team-attack-counters",
        "the next team attack your characters make this turn gives each of them a +1/+1 counter",
    ),
    (
        "hatch",
        "if there's an enemy supporting character, reveal a random card from your Facehugger pile: a Facehugger KOs this Ovomorph, appears in your back row and captures an enemy supporting character",
    ),
    (
        "burst",
        "you may pay an [Alien]; if you do, KO this character, put its captive into its owner's KO pile, and you may put a Xenomorphs character from your hand into your back row",
    ),
    (
        "counter-on-each-other-same-name",
        "each other character you control with this name gets a +1/+1 counter",
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
            "hatch" => self.hatch(src, me),
            "burst" => {
                // Paid already: the choice of a Xenomorph from hand follows.
                if f.slots.get(4).is_some_and(|s| !s.is_empty()) {
                    let any = self.players[me]
                        .hand
                        .iter()
                        .any(|&c| self.is_xenomorph_in_hand(c));
                    return any.then_some(me);
                }
                let can_pay = !self.alien_payments(src, me).is_empty();
                let has_captive = self.captive_of(src).is_some();
                (self.is_character_in_play(src) && can_pay && has_captive).then_some(me)
            }
            other => panic!("unknown hook `{other}` (the card loader rejects these)"),
        }
    }

    fn enemy_supporting(&self, me: Seat) -> Vec<CardId> {
        self.all_characters()
            .into_iter()
            .filter(|&c| !self.card(c).main && self.are_enemies(self.card(c).controller, me))
            .collect()
    }

    pub fn captive_of(&self, captor: CardId) -> Option<CardId> {
        (0..self.cards.len() as CardId).find(|&c| self.card(c).captor == Some(captor))
    }

    fn is_xenomorph_in_hand(&self, c: CardId) -> bool {
        self.def(c).is_character() && self.def(c).teams.contains(&Team::Xenomorphs)
    }

    /// Hatch (Ovomorph): reveal a random card of the Facehugger pile (yours, or an
    /// enemy's if you have none, p.24).
    fn hatch(&mut self, ovomorph: CardId, me: Seat) -> Option<Seat> {
        if self.enemy_supporting(me).is_empty() {
            return None;
        }
        let pile_owner = std::iter::once(me)
            .chain(self.enemies_of(me))
            .find(|&s| !self.players[s].facehugger_pile.is_empty())?;
        let pile = &self.players[pile_owner].facehugger_pile;
        let revealed = pile[self.rng.below(pile.len())];
        self.log(|g| format!("Hatch reveals {}.", g.name(revealed)));
        if !self.def(revealed).is_character() {
            // Extended Incubation: the Ovomorph doesn't open yet; it goes back (p.24).
            self.shuffle_facehugger_pile(pile_owner);
            return None;
        }
        // Hug: KO its Ovomorph; the Facehugger appears in your back row and captures.
        self.ko(ovomorph, None);
        self.appear(revealed, Row::Back, me);
        let f = self.frames.last_mut().expect("frame");
        while f.slots.len() <= 4 {
            f.slots.push(Vec::new());
        }
        f.slots[4] = vec![revealed];
        (!self.enemy_supporting(me).is_empty()).then_some(me)
    }

    fn shuffle_facehugger_pile(&mut self, seat: Seat) {
        let mut pile = std::mem::take(&mut self.players[seat].facehugger_pile);
        self.rng.shuffle(&mut pile);
        self.players[seat].facehugger_pile = pile;
    }

    /// Locations that can pay an Alien symbol for `who` (turned face down in the
    /// resource row, or discarded from hand).
    fn alien_payments(&self, who: CardId, me: Seat) -> Vec<CardId> {
        let p = &self.players[me];
        p.resources
            .iter()
            .copied()
            .filter(|&r| self.card(r).face_up)
            .chain(p.hand.iter().copied())
            .filter(|&l| self.pays(l, Symbol::Alien, who))
            .collect()
    }

    pub fn hook_options(&self, name: &str) -> Vec<Action> {
        let f = self.frames.last().expect("frame");
        match name {
            "stun-unless-controller-discards-random" => vec![Action::Yes, Action::No],
            "hatch" => self
                .enemy_supporting(f.controller)
                .into_iter()
                .map(|card| Action::Choose { card })
                .collect(),
            "burst" => {
                let paid = f.slots.get(4).is_some_and(|s| !s.is_empty());
                let mut v: Vec<Action> = if paid {
                    self.players[f.controller]
                        .hand
                        .iter()
                        .copied()
                        .filter(|&c| self.is_xenomorph_in_hand(c))
                        .map(|card| Action::Choose { card })
                        .collect()
                } else {
                    self.alien_payments(f.card, f.controller)
                        .into_iter()
                        .map(|card| Action::Choose { card })
                        .collect()
                };
                v.push(Action::Pass);
                v
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
            ("hatch", Action::Choose { card }) => {
                if let Some(&fh) = f.slots.get(4).and_then(|s| s.first()) {
                    self.capture(fh, *card);
                }
                true
            }
            ("burst", Action::Pass) => true,
            ("burst", Action::Choose { card }) => {
                let paid = f.slots.get(4).is_some_and(|s| !s.is_empty());
                if paid {
                    // You may put a Xenomorphs character from your hand into your back row.
                    self.appear(*card, Row::Back, me);
                    return true;
                }
                if self.card(*card).zone == Zone::Hand {
                    self.discard(*card);
                } else {
                    self.card_mut(*card).face_up = false;
                }
                // KO the Facehugger; its captive goes to its owner's KO pile, not back.
                if let Some(captive) = self.captive_of(src) {
                    self.card_mut(captive).captor = None;
                    let owner = self.card(captive).owner;
                    self.move_to(captive, Zone::KoPile, owner);
                    self.log(|g| format!("A Xenomorph bursts from {}.", g.name(captive)));
                }
                self.ko(src, None);
                let fm = self.frames.last_mut().expect("frame");
                while fm.slots.len() <= 4 {
                    fm.slots.push(Vec::new());
                }
                fm.slots[4] = vec![src];
                // Next: a Xenomorphs character from hand, if there is one.
                let any = self.players[me]
                    .hand
                    .iter()
                    .any(|&c| self.is_xenomorph_in_hand(c));
                !any
            }
            _ => false,
        }
    }
}
