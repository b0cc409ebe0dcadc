//! How the hooks run: card behaviour the card language can't express (yet), named by
//! [`Hook`] in the card model (which also says what each one does).

use crate::action::Action;
use crate::model::{Hook, Symbol, Team};
use crate::state::*;
use crossover_kernel::Seat;

impl GameState {
    /// Run a hook step; `Some(seat)` when it waits for that seat's choice.
    pub fn run_hook(&mut self, name: Hook) -> Option<Seat> {
        let f = self.frames.last().expect("frame").clone();
        let (src, me) = (f.card, f.controller);
        match name {
            Hook::NoWoundThisCombat => {
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
            Hook::TakeAimRangedNoStrikeBack => {
                if self.is_character_in_play(src) {
                    self.add_modifier(src, ModKind::TakeAim, crate::model::Duration::ThisTurn, src);
                }
                None
            }
            Hook::StunUnlessControllerDiscardsRandom => {
                let target = f.slots.first().and_then(|s| s.first()).copied()?;
                if !self.is_face_up_character(target) {
                    return None;
                }
                let victim = self.card(target).controller;
                if self.players[victim].hand().is_empty() {
                    self.stun(target, Some(src), true);
                    return None;
                }
                Some(victim)
            }
            Hook::NextTeamAttackCounters => {
                self.players[me].team_attack_counters = true;
                None
            }
            Hook::CounterOnEachOtherSameName => {
                let name = self.def(src).name.clone();
                for c in self.characters_of(me) {
                    if c != src && self.def(c).name == name {
                        self.add_plus(c, 1);
                    }
                }
                None
            }
            Hook::Hatch => self.hatch(src, me),
            Hook::Burst => {
                // Paid already: the choice of a Xenomorph from hand follows.
                if f.slots.get(4).is_some_and(|s| !s.is_empty()) {
                    let any = self.players[me]
                        .hand()
                        .iter()
                        .any(|&c| self.is_xenomorph_in_hand(c));
                    return any.then_some(me);
                }
                let can_pay = !self.alien_payments(src, me).is_empty();
                let has_captive = self.captive_of(src).is_some();
                (self.is_character_in_play(src) && can_pay && has_captive).then_some(me)
            }
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
            .find(|&s| !self.players[s].facehugger_pile().is_empty())?;
        let pile = &self.players[pile_owner].facehugger_pile();
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

    /// Locations that can pay an Alien symbol for `who` (turned face down in the
    /// resource row, or discarded from hand).
    fn alien_payments(&self, who: CardId, me: Seat) -> Vec<CardId> {
        let p = &self.players[me];
        p.resources()
            .iter()
            .copied()
            .filter(|&r| self.card(r).face_up)
            .chain(p.hand().iter().copied())
            .filter(|&l| self.pays(l, Symbol::Alien, who))
            .collect()
    }

    pub fn hook_options(&self, name: Hook) -> Vec<Action> {
        let f = self.frames.last().expect("frame");
        match name {
            Hook::StunUnlessControllerDiscardsRandom => vec![Action::Yes, Action::No],
            Hook::Hatch => self
                .enemy_supporting(f.controller)
                .into_iter()
                .map(|card| Action::Choose { card })
                .collect(),
            Hook::Burst => {
                let paid = f.slots.get(4).is_some_and(|s| !s.is_empty());
                let mut v: Vec<Action> = if paid {
                    self.players[f.controller]
                        .hand()
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
    pub fn answer_hook(&mut self, name: Hook, action: &Action) -> bool {
        let f = self.frames.last().expect("frame").clone();
        let (src, me) = (f.card, f.controller);
        match (name, action) {
            (Hook::StunUnlessControllerDiscardsRandom, yes_no) => {
                let target = f.slots[0][0];
                let victim = self.card(target).controller;
                if *yes_no == Action::Yes {
                    let hand = &self.players[victim].hand();
                    let c = hand[self.rng.below(hand.len())];
                    self.discard(c);
                } else {
                    self.stun(target, Some(src), true);
                }
                true
            }
            (Hook::Hatch, Action::Choose { card }) => {
                if let Some(&fh) = f.slots.get(4).and_then(|s| s.first()) {
                    self.capture(fh, *card);
                }
                true
            }
            (Hook::Burst, Action::Pass) => true,
            (Hook::Burst, Action::Choose { card }) => {
                let paid = f.slots.get(4).is_some_and(|s| !s.is_empty());
                if paid {
                    // You may put a Xenomorphs character from your hand into your back row.
                    self.appear(*card, Row::Back, me);
                    return true;
                }
                if self.card(*card).zone() == Zone::Hand {
                    self.discard(*card);
                } else {
                    self.set_face_up(*card, false);
                }
                // KO the Facehugger; its captive goes to its owner's KO pile, not back.
                if let Some(captive) = self.captive_of(src) {
                    self.free_captive(captive);
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
                    .hand()
                    .iter()
                    .any(|&c| self.is_xenomorph_in_hand(c));
                !any
            }
            _ => false,
        }
    }
}
