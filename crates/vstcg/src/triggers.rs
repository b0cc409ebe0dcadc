//! Triggered powers (502): events make them wait, and before anyone gets priority they
//! go on the chain, the primary player's first, each player ordering their own (506.2).

use crate::ids::*;
use crate::power::*;
use crate::state::*;

impl GameState {
    /// The powers of `card` that wait for `event` about itself: its text must be active
    /// (or, for becoming stunned, have been active just before, 502.4: call this first).
    pub(crate) fn fire(&mut self, event: Event, card: CardId) {
        if !self.text_active(card) {
            return;
        }
        let object = self.card(card).object;
        let controller = self.card(card).controller;
        let hits: Vec<u8> = self
            .def(card)
            .powers
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p, Power::Trigger { event: e, .. } if *e == event))
            .map(|(i, _)| i as u8)
            .collect();
        for power in hits {
            self.waiting.push(Waiting {
                source: card,
                object,
                power,
                controller,
            });
        }
    }

    /// 400.8: "at the start of" a phase, for every object whose text is active.
    pub(crate) fn fire_phase(&mut self, phase: Phase) {
        let word = match phase {
            Phase::Draw => PhaseWord::Draw,
            Phase::Build => PhaseWord::Build,
            Phase::Combat => PhaseWord::Combat,
            Phase::Recovery => PhaseWord::Recovery,
        };
        let objects: Vec<CardId> = self
            .players
            .iter()
            .flat_map(|p| {
                p.characters
                    .iter()
                    .chain(&p.equipment)
                    .chain(&p.resources)
                    .copied()
            })
            .collect();
        for c in objects {
            self.fire(Event::StartOfPhase(word), c);
        }
    }

    /// 506.2: triggered effects go on the chain: the first player clockwise from the
    /// primary player who has any puts theirs on (choosing the order of two or more),
    /// then the next; when none wait, the player due gets priority.
    pub(crate) fn next_trigger(&mut self) {
        // A trigger whose source left play before it went on the chain still goes on
        // (506.1); nothing to drop here.
        if self.waiting.is_empty() {
            let p = self
                .priority_after
                .take()
                .unwrap_or_else(|| self.primary_player());
            self.priority = p;
            self.passes = 0;
            self.pending = Pending::Priority(p);
            return;
        }
        let pp = self.primary_player();
        let Some(owner) = self
            .clockwise_from(pp)
            .find(|&q| self.waiting.iter().any(|w| w.controller == q))
        else {
            // Triggers of players who left the game (102.3) never go on.
            self.waiting.clear();
            return self.next_trigger();
        };
        let theirs = self
            .waiting
            .iter()
            .filter(|w| w.controller == owner)
            .count();
        if theirs >= 2 {
            self.pending = Pending::OrderTriggers(owner);
        } else {
            let i = self
                .waiting
                .iter()
                .position(|w| w.controller == owner)
                .expect("counted above");
            self.put_trigger(i);
        }
    }

    /// One waiting triggered effect goes on the chain (506.3): its targets are chosen
    /// as it is announced.
    pub(crate) fn put_trigger(&mut self, index: usize) {
        let w = self.waiting.remove(index);
        self.begin_play(w.controller, w.source, w.power, Origin::Triggered);
    }

    /// The triggered effects `p` may put on the chain next (506.2a).
    pub fn triggers_of(&self, p: PlayerId) -> Vec<usize> {
        (0..self.waiting.len())
            .filter(|&i| self.waiting[i].controller == p)
            .collect()
    }
}
