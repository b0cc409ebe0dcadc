//! 703.1: loops of optional actions. The engine finds a loop as it is demonstrated —
//! an optional action taken a third time in a turn at the same loop point as the second
//! time, the actions between being the loop — and asks
//! its first player how many times it repeats, then each other player in it, clockwise,
//! for a smaller number (703.1a) or a point partway through a repetition where they
//! break it (703.1b). The loop is then repeated action by action, stopping early if its
//! demonstrated form can't go on (703.1b); the next action can't be the one that would
//! continue it (703.1a).
//!
//! What this costs a game with no loop: each optional action taken with priority or
//! answering an effect is remembered once a turn (forgotten if it is taken back, 216.2f),
//! and only one taken a second time in a turn costs a loop point.

use crate::action::Action;
use crate::ids::*;
use crate::state::*;
use crossover_kernel::stable_hash;
use std::hash::{Hash, Hasher};

/// 703.1a: a loop point: what must be as it was for the same actions to repeat — the
/// decision and who has priority, the turn and its part, the chain's effects by their
/// controllers, the effect being played and the one resolving by their sources, an
/// attack under way, and where every card is with its orientation and faces. Numbers
/// that repetitions change (endurance, counters, modifiers, timestamps, object
/// numbers) are left out: a loop that gains endurance each time is still a loop, and if
/// a repetition can't be made again the repeating stops there (703.1b).
struct LoopPoint<'a>(&'a GameState);

impl Hash for LoopPoint<'_> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        let g = self.0;
        g.turn.hash(h);
        g.part.hash(h);
        g.pending.hash(h);
        g.priority.hash(h);
        for e in &g.chain {
            e.controller.hash(h);
        }
        g.chain.len().hash(h);
        g.draft.as_ref().map(|d| (d.source, d.power)).hash(h);
        g.resolving
            .as_ref()
            .map(|f| (f.source, f.power, f.step))
            .hash(h);
        g.attack.is_some().hash(h);
        for p in &g.players {
            (
                p.in_game,
                &p.deck,
                &p.hand,
                &p.ko_pile,
                &p.removed,
                &p.resources,
            )
                .hash(h);
            (&p.characters, &p.equipment).hash(h);
        }
        for c in &g.cards {
            (
                c.zone,
                c.controller,
                c.exhausted,
                c.stunned,
                c.face_up,
                c.revealed,
            )
                .hash(h);
        }
    }
}

impl GameState {
    /// The loop point now (see [`LoopPoint`]).
    fn loop_point(&self) -> u64 {
        stable_hash(&LoopPoint(self))
    }

    /// 703.1a: before `p` takes `action` (legal, not yet done): remembers it for
    /// finding a loop, and if it begins a loop just demonstrated, asks for the loop's
    /// repeat count instead of doing it. Returns whether it did that.
    #[inline]
    pub(crate) fn loop_before_action(&mut self, p: PlayerId, action: &Action) -> bool {
        self.loops.refused = None;
        // Most actions are passes with priority: with no loop being demonstrated this
        // turn, one leaves the record as it is (and never begins a loop).
        let quiet_pass = matches!(self.pending, Pending::Priority(_))
            && matches!(action, Action::Pass)
            && self.loops.demo.is_none()
            && self.loops.turn == self.turn;
        if self.loops.replaying || quiet_pass {
            return false;
        }
        self.loop_record(p, action)
    }

    /// [`Self::loop_before_action`] for an action the loop record has to look at.
    fn loop_record(&mut self, p: PlayerId, action: &Action) -> bool {
        if self.loops.turn != self.turn {
            self.loops.turn = self.turn;
            self.loops.started.clear();
            self.loops.demo = None;
            self.loops.last = None;
        }
        let optional = match self.pending {
            Pending::Priority(_) => *action != Action::Pass,
            Pending::EffectChoice(_) => true,
            _ => false,
        };
        let key = (p, *action);
        // Taking back (216.2f) undoes what was begun: nothing happened, so the action
        // begun isn't remembered, and no loop runs through it (taking back has its own
        // bound, docs/rulings.md, "Taking back").
        if matches!(action, Action::CancelPlay | Action::CancelAttack) {
            if let Some((begun, true)) = self.loops.last.take() {
                if self.loops.started.last() == Some(&begun) {
                    self.loops.started.pop();
                }
            }
            self.loops.demo = None;
            return false;
        }
        if optional {
            self.loops.last = Some((key, false));
            if self.loops.demo.as_ref().is_some_and(|d| d.start == key) {
                let point = self.loop_point();
                if self.loops.demo.as_ref().is_some_and(|d| d.point == point) {
                    self.loop_demonstrated();
                    return true;
                }
                // The same action at another point: a demonstration may start here.
                self.loops.demo = Some(LoopDemo {
                    start: key,
                    point,
                    actions: vec![key],
                });
                return false;
            }
            if self.loops.demo.is_none() {
                if self.loops.started.contains(&key) {
                    self.loops.demo = Some(LoopDemo {
                        start: key,
                        point: self.loop_point(),
                        actions: vec![key],
                    });
                    return false;
                }
                if self.loops.started.len() < LOOP_STARTS_KEEP {
                    self.loops.started.push(key);
                    self.loops.last = Some((key, true));
                }
            }
        }
        if let Some(d) = &mut self.loops.demo {
            if d.actions.len() < LOOP_ACTIONS_MAX {
                d.actions.push(key);
            } else {
                self.loops.demo = None;
            }
        }
        false
    }

    /// 703.1a: the loop was demonstrated: its first player chooses how many times it
    /// repeats; then the others who acted in it, clockwise from the next, may choose a
    /// smaller number.
    fn loop_demonstrated(&mut self) {
        let Some(demo) = self.loops.demo.take() else {
            return;
        };
        let first = demo.start.0;
        let choosers: Vec<PlayerId> = self
            .clockwise_from(self.next_player(first))
            .filter(|&q| q != first && demo.actions.iter().any(|&(s, _)| s == q))
            .collect();
        let n = demo.actions.len();
        self.log(|g| {
            format!(
                "{} has demonstrated a loop of {n} actions: {} chooses how many times it repeats (703.1a).",
                g.player_name(first),
                g.player_name(first)
            )
        });
        self.loops.counting = Some(LoopCount {
            actions: demo.actions,
            choosers,
            steps: None,
            smallest: first,
            resume: self.pending,
        });
        self.pending = Pending::LoopCount(first);
    }

    /// 703.1a–b: the numbers `p` may choose, in actions of the loop: the first player
    /// any whole number of repetitions up to [`LOOP_TIMES_MAX`]; another the number
    /// chosen so far (keeping it), a smaller whole number, or a point before one of
    /// their own actions in an earlier repetition (703.1b).
    pub(crate) fn loop_count_options(&self, p: PlayerId, out: &mut Vec<Action>) {
        let Some(c) = &self.loops.counting else {
            return;
        };
        let k = c.actions.len() as u32;
        match c.steps {
            None => out.extend((0..=LOOP_TIMES_MAX).map(|n| Action::Number((n * k) as u16))),
            Some(now) => {
                out.push(Action::Number(now as u16));
                for v in 0..now {
                    let j = (v % k) as usize;
                    if j == 0 || c.actions[j].0 == p {
                        out.push(Action::Number(v as u16));
                    }
                }
            }
        }
    }

    /// 703.1a: `p` chose `steps`; the next player chooses, or the loop repeats.
    pub(crate) fn choose_loop_count(&mut self, p: PlayerId, steps: u16) {
        let Some(c) = &mut self.loops.counting else {
            return;
        };
        let steps = u32::from(steps);
        if c.steps.is_none() || c.steps.is_some_and(|now| steps < now) {
            c.steps = Some(steps);
            c.smallest = p;
        }
        c.choosers.retain(|&q| q != p);
        // Once 0 is chosen no one can choose smaller; a player who left isn't asked.
        if c.steps != Some(0) {
            let next = c
                .choosers
                .iter()
                .copied()
                .find(|&q| self.players[q as usize].in_game);
            if let Some(next) = next {
                self.pending = Pending::LoopCount(next);
                return;
            }
        }
        self.repeat_loop();
    }

    /// 703.1a–b: repeats the loop as chosen, action by action, each checked legal at its
    /// point: where one is not, the loop can't continue in its demonstrated form and
    /// stops there (703.1b). Then the player who chose the smallest number gets
    /// priority, and the action that would continue the loop can't be the next.
    fn repeat_loop(&mut self) {
        let Some(c) = self.loops.counting.take() else {
            return;
        };
        let first = c.actions[0].0;
        let k = c.actions.len();
        let steps = c.steps.unwrap_or(0) as usize;
        let who = c.smallest;
        self.log(|g| {
            let times = steps / k;
            let part = if steps.is_multiple_of(k) {
                String::new()
            } else {
                format!(" and part of another, to {}'s decision", g.player_name(who))
            };
            format!("The loop repeats {times} times{part} (703.1a).")
        });
        // A player who conceded meanwhile (102.5) takes no action in it: if the loop's
        // first player left, it doesn't repeat, and the game goes on from the primary
        // player's priority.
        if !self.in_game(first) {
            self.give_priority(self.primary_player());
            return;
        }
        self.pending = c.resume;
        let mut legal = Vec::new();
        self.loops.replaying = true;
        let done = self.replay_loop(&c.actions, steps, &mut legal);
        self.loops.replaying = false;
        if !done || self.result.is_some() {
            return;
        }
        let next = c.actions[steps % k];
        // A loop that starts with a priority action hands priority to whoever chose the
        // smallest number; one that starts inside a resolving effect (an answer to its
        // "may") goes on with that effect, priority coming once it has resolved.
        if steps.is_multiple_of(k)
            && who != first
            && self.pending == c.resume
            && matches!(c.resume, Pending::Priority(_))
        {
            self.give_priority(who);
        }
        self.loops.refused = Some(next);
        self.loops.demo = None;
    }

    /// The loop's first `steps` actions, repeating; whether all were done.
    fn replay_loop(
        &mut self,
        actions: &[LoopAction],
        steps: usize,
        legal: &mut Vec<Action>,
    ) -> bool {
        for s in 0..steps {
            if self.result.is_some() {
                return false;
            }
            let (seat, action) = actions[s % actions.len()];
            self.legal_into(legal);
            if self.pending.seat() != Some(seat) || !self.in_game(seat) || !legal.contains(&action)
            {
                self.log(|_| {
                    "The loop can't go on as it was demonstrated: it stops here (703.1b).".into()
                });
                return false;
            }
            self.perform(&action);
        }
        true
    }

    /// 703.1a: is this the action that would continue the loop just repeated?
    pub(crate) fn continues_loop(&self, action: &Action) -> bool {
        self.loops
            .refused
            .is_some_and(|(q, a)| a == *action && self.pending.seat() == Some(q))
    }
}

impl GameState {
    /// 703.1a: what the player choosing a loop's repeat count is asked.
    pub(crate) fn loop_count_prompt(&self) -> String {
        match &self.loops.counting {
            Some(c) => match c.steps {
                None => format!(
                    "choose how many times the loop of {} actions just demonstrated repeats (703.1a)",
                    c.actions.len()
                ),
                Some(_) => "keep the number of times the loop repeats, choose a smaller one, or stop it before one of your actions in it (703.1a, 703.1b)".into(),
            },
            None => "choose how many times the loop repeats (703.1a)".into(),
        }
    }

    /// 703.1a: a number of the loop's actions in words, for `viewer`: so many whole
    /// repetitions, or a stop before one of the viewer's own actions partway through one
    /// (named only for the player who takes it).
    pub(crate) fn describe_loop_count(&self, viewer: PlayerId, steps: u16) -> String {
        let Some(c) = &self.loops.counting else {
            return format!("Choose {steps}");
        };
        let k = c.actions.len().max(1);
        let steps = steps as usize;
        let (times, part) = (steps / k, steps % k);
        let keep = c.steps == Some(steps as u32);
        let repeat = match times {
            1 => "Repeat the loop once".to_string(),
            n => format!("Repeat the loop {n} times"),
        };
        let what = if part == 0 {
            repeat
        } else {
            let (who, action) = c.actions[part];
            let at = if who == viewer && !matches!(action, Action::Number(_)) {
                format!("your action \"{}\"", self.describe_for(viewer, &action))
            } else {
                format!("{}'s action", self.player_name(who))
            };
            format!(
                "{repeat}, then stop it before {at} in the next repetition (the loop's action {})",
                part + 1
            )
        };
        if keep {
            format!("{what} (keep the number)")
        } else {
            what
        }
    }
}
