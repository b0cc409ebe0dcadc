//! The one loop that settles the game after every action: triggers, resolving
//! effects, reactions, state checks, and then the turn structure (Turn Sequence p.8)
//! moving on until some seat has a decision to make.

use crate::effects::Run;
use crate::model::*;
use crate::state::*;
use crate::triggers::Event;
use crossover_kernel::{Outcome, Seat};

/// Longest game the engine plays before applying the running-out-of-cards ending.
pub const TURN_LIMIT: u32 = 400;

impl GameState {
    pub fn settle(&mut self) {
        self.pending = Pending::None;
        loop {
            let choose_version = self.state_checks();
            if self.outcome.is_some() {
                self.phase = Phase::GameOver;
                self.frames.clear();
                self.triggers.clear();
                self.combat = None;
                self.pending = Pending::None;
                return;
            }
            // A level-up happens as a state check, before anything else goes on.
            if let Some(p) = choose_version {
                self.pending = p;
                return;
            }
            let top_started = self
                .frames
                .last()
                .is_some_and(|f| f.pc > 0 || f.slots.iter().any(|s| !s.is_empty()));
            if !self.triggers.is_empty() && !top_started {
                // Simultaneous triggers: the turn player orders them (Timing p.26).
                if self.triggers.len() > 1 {
                    if self.stun_zero_def() {
                        continue;
                    }
                    self.pending = Pending::OrderTriggers {
                        seat: self.turn_seat,
                    };
                    return;
                }
                let t = self.triggers.remove(0);
                self.log(|g| format!("Trigger: {}.", g.trigger_text(&t)));
                self.frames.push(t.frame);
                continue;
            }
            if !self.frames.is_empty() {
                match self.run_frames() {
                    Run::Wait(seat) => {
                        if self.stun_zero_def() {
                            continue;
                        }
                        self.pending = Pending::Effect { seat };
                        return;
                    }
                    Run::Done => continue,
                }
            }
            if self.stun_zero_def() {
                continue;
            }
            if let Some(p) = self.reaction_step() {
                self.pending = p;
                return;
            }
            // A Super Power nobody reacted to has just been pushed as a frame: it
            // resolves now, before anyone may act again (Timing p.26). Without this
            // the frame waited for the next action and resolved too late.
            if !self.reactions.is_empty() || !self.frames.is_empty() {
                continue;
            }
            if let Some((c, row, side)) = self.recruiting.pop() {
                // Recruit triggers have resolved: now the character appears (p.18).
                self.appear(c, row, side);
                continue;
            }
            if let Some(p) = self.advance() {
                self.pending = p;
                return;
            }
        }
    }

    /// DEF 0 is stunned, whatever brought it there (+1/+1 and -1/-1 counters p.13): a lost
    /// power, a changed base stat, recovering at 0 DEF (ruling 80). Effects that lower
    /// DEF stun with their source straight away (`atoms::check_zero_def`); this catches
    /// every other cause. It runs whenever the game would stop for a decision or move the
    /// turn on, so no decision is ever offered with a face-up character at 0 DEF.
    /// Returns whether it stunned anything (then the settle loop goes round again).
    fn stun_zero_def(&mut self) -> bool {
        let mut any = false;
        for c in self.all_characters() {
            let card = self.card(c);
            if !card.face_up {
                continue;
            }
            // Only modifiers and continuous powers can take DEF below printed DEF plus
            // counters (Calculating ATK/DEF p.14): most characters need no calculation.
            let lower_bound = self.def(c).def + card.plus as i32 - card.minus as i32;
            if lower_bound > 0
                && !self.db.statics_may_lower_def
                && self.modifiers_on(c).next().is_none()
            {
                continue;
            }
            if self.defense(c) <= 0 {
                self.stun(c, None, true);
                any = true;
            }
        }
        any
    }

    /// State checks: level up, two main characters, game end. Returns a level-up
    /// decision when a main character has several versions to become.
    fn state_checks(&mut self) -> Option<Pending> {
        if self.outcome.is_some() {
            return None;
        }
        let mut choose_version = None;
        for p in 0..self.seats() {
            let m = self.players[p].main;
            // A demoted original main character still levels up (p.23).
            if self.is_character_in_play(m) && choose_version.is_none() {
                choose_version = self.check_level_up(m);
            }
        }
        let teams: Vec<u8> = {
            let mut t: Vec<u8> = self
                .players
                .iter()
                .filter(|p| !p.out)
                .map(|p| p.team)
                .collect();
            t.sort();
            t.dedup();
            t
        };
        if teams.len() <= 1 {
            // The final main characters KO'd at the same time: the turn player wins (p.13).
            let team = teams
                .first()
                .copied()
                .unwrap_or(self.players[self.turn_seat].team);
            let seats: Vec<Seat> = self
                .players
                .iter()
                .filter(|p| p.team == team)
                .map(|p| p.seat)
                .collect();
            self.log(|g| {
                format!(
                    "The game is over: {} win{}.",
                    seats
                        .iter()
                        .map(|&s| g.players[s].name.clone())
                        .collect::<Vec<_>>()
                        .join(" and "),
                    if seats.len() == 1 { "s" } else { "" }
                )
            });
            self.outcome = Some(Outcome::Win(seats));
            return None;
        }
        choose_version
    }

    /// Level Up (p.20): at enough XP, a level 2 version replaces the level 1 version,
    /// keeping orientation, wounds, counters, equipment and modifiers. With several
    /// versions of the next level set aside, the decision which one is returned.
    pub fn check_level_up(&mut self, c: CardId) -> Option<Pending> {
        let need = self.def(c).level_up_xp()?;
        // Level Up powers are off while stunned; Hex stops levelling, not XP.
        let level_up_off = self
            .modifiers_on(c)
            .any(|m| m.kind == ModKind::LoseAllPowers);
        if self.card(c).xp < need
            || !self.card(c).face_up
            || level_up_off
            || self.hexed(self.card(c).controller)
        {
            return None;
        }
        match self.next_level_versions(c)[..] {
            [] => None,
            [next] => {
                self.level_up_into(c, next, false);
                None
            }
            _ => Some(Pending::ChooseVersion {
                seat: self.card(c).controller,
                card: c,
            }),
        }
    }

    /// The versions of the next level set aside for main character `c`: cards of its
    /// name one level higher (a level 1 may level up into "any of its level 2 versions",
    /// p.20; docs/rulings.md #86).
    pub fn next_level_versions(&self, c: CardId) -> Vec<CardId> {
        let owner = self.card(c).owner;
        let level = self.def(c).level();
        self.players[owner]
            .set_aside()
            .iter()
            .copied()
            .filter(|&s| self.def(s).level() == level + 1 && self.def(s).name == self.def(c).name)
            .collect()
    }

    /// `c` levels up into the set-aside version `next`; `chosen`: one of several, so the
    /// log names the version.
    pub fn level_up_into(&mut self, c: CardId, next: CardId, chosen: bool) {
        let level = self.def(c).level();
        self.card_mut(c).xp = 0;
        // The two physical cards trade places: the in-play object keeps its identity.
        let (a, b) = (self.card(c).def, self.card(next).def);
        self.card_mut(c).def = b;
        self.card_mut(next).def = a;
        if !chosen {
            self.log(|g| format!("{} levels up to level {}!", g.name(c), level + 1));
        } else {
            self.log(|g| {
                format!(
                    "{} levels up to level {} ({})!",
                    g.name(c),
                    level + 1,
                    g.def(c).number
                )
            });
        }
    }

    /// Regress to level 1 (Groot's We are Groot; Hypnotize): XP is set aside.
    pub fn regress_to_level_1(&mut self, c: CardId) {
        if !self.card(c).main || self.def(c).level() <= 1 {
            return;
        }
        let owner = self.card(c).owner;
        let l1 = self.players[owner]
            .set_aside()
            .iter()
            .copied()
            .find(|&s| self.def(s).level() == 1 && self.def(s).name == self.def(c).name);
        let Some(l1) = l1 else { return };
        let (a, b) = (self.card(c).def, self.card(l1).def);
        self.card_mut(c).def = b;
        self.card_mut(l1).def = a;
        self.card_mut(c).xp = 0;
        self.log(|g| format!("{} becomes level 1.", g.name(c)));
    }

    /// Transform (p.26): the in-play object takes the new card's definition, so its
    /// orientation, counters, equipment and modifiers (Freeze) stay; the old card is
    /// removed from the game.
    pub fn transform_into(&mut self, c: CardId, number: &str) {
        if !self.is_character_in_play(c) {
            return;
        }
        let owner = self.card(c).owner;
        let Some(new) = self.players[owner]
            .set_aside()
            .iter()
            .copied()
            .find(|&s| self.def(s).number.eq_ignore_ascii_case(number))
        else {
            self.log(|_| format!("There is no {number} outside the game to transform into."));
            return;
        };
        let (a, b) = (self.card(c).def, self.card(new).def);
        self.card_mut(c).def = b;
        self.card_mut(new).def = a;
        self.card_mut(c).xp = 0;
        self.move_to(new, Zone::Removed, owner);
        self.log(|g| format!("It transforms into {}.", g.name(c)));
        self.check_uniqueness(c);
    }

    /// Sister Ripley's Sacrifice and Resurrection: KO your main character and put a new
    /// one from outside the game onto your side (Regressing/Progressing p.22 example).
    pub fn replace_main_character(&mut self, c: CardId, seat: Seat, number: &str, stunned: bool) {
        if self.players[seat].main != c || !self.card(c).main || !self.is_character_in_play(c) {
            return;
        }
        let Some(new) = self.players[seat]
            .set_aside()
            .iter()
            .copied()
            .find(|&s| self.def(s).number.eq_ignore_ascii_case(number))
        else {
            return;
        };
        let row = self.row_of(c).unwrap_or(Row::Front);
        self.card_mut(c).main = false;
        self.players[seat].main = new;
        self.card_mut(new).main = true;
        let owner = self.card(c).owner;
        self.move_to(c, Zone::KoPile, owner);
        self.appear(new, row, seat);
        if stunned {
            self.lie_stunned(new);
        }
    }

    /// Progress back to `level` when a regress modifier ends (Hypnotize); the XP of the
    /// level it progresses to is removed (Game Terms, Progress).
    pub fn progress_to(&mut self, c: CardId, level: u8) {
        if !self.card(c).main || self.def(c).level() >= level {
            return;
        }
        let owner = self.card(c).owner;
        let name = self.def(c).name.clone();
        let Some(up) = self.players[owner]
            .set_aside()
            .iter()
            .copied()
            .find(|&s| self.def(s).level() == level && self.def(s).name == name)
        else {
            return;
        };
        let (a, b) = (self.card(c).def, self.card(up).def);
        self.card_mut(c).def = b;
        self.card_mut(up).def = a;
        self.card_mut(c).xp = 0;
        self.log(|g| format!("{} progresses back to level {level}.", g.name(c)));
    }

    /// A main character was KO'd: that player is out (Ending the Game p.13).
    pub fn main_character_kod(&mut self, owner: Seat) {
        if self.players[owner].out || self.players[owner].main_kod {
            return;
        }
        if self.two_headed() {
            // 2-Headed Teammates (p.27): you play on; the team is out when both main
            // characters are KO'd.
            self.players[owner].main_kod = true;
            self.log(|g| format!("{}'s main character is KO'd.", g.players[owner].name));
            let side = self.side(owner);
            if side.iter().all(|&s| self.players[s].main_kod) {
                for s in side {
                    self.players[s].out = true;
                }
            }
            return;
        }
        self.players[owner].out = true;
        self.log(|g| {
            format!(
                "{}'s main character is KO'd: {} is out.",
                g.players[owner].name, g.players[owner].name
            )
        });
        if self.seats() > 2 {
            // Remove everything that player owns; borrowed characters go back (p.13).
            let owned: Vec<CardId> = (0..self.cards.len() as CardId)
                .filter(|&c| self.card(c).owner == owner && self.card(c).zone() != Zone::Removed)
                .collect();
            for c in owned {
                self.move_to(c, Zone::Removed, owner);
            }
            let held: Vec<CardId> = self
                .characters_of(owner)
                .into_iter()
                .chain(self.players[owner].resources().clone())
                .collect();
            for c in held {
                // A character it controlled that another player controlled before goes
                // back to that player's side; anything else to its owner's KO pile (p.13).
                if let Some(i) = self.borrowed.iter().position(|b| b.card == c) {
                    let Borrowed {
                        back_to: from, row, ..
                    } = self.borrowed.remove(i);
                    if !self.players[from].out && self.is_character_in_play(c) {
                        self.change_side(c, from, row);
                        continue;
                    }
                }
                let o = self.card(c).owner;
                self.move_to(c, Zone::KoPile, o);
            }
        }
    }

    /// Move the turn structure on. Returns the next decision, or None to keep settling.
    fn advance(&mut self) -> Option<Pending> {
        let seat = self.turn_seat;
        if self.players[seat].out
            && !matches!(self.phase, Phase::Setup | Phase::GameOver | Phase::Cleanup)
        {
            // The turn player's main character was KO'd and the game goes on (Free for
            // All / 2 vs 2, p.27): a player who is out takes no more decisions, so the
            // rest of the turn is skipped.
            self.combat = None;
            self.phase = Phase::Cleanup;
            return None;
        }
        match self.phase {
            Phase::Setup => self.setup_step(),
            Phase::GameOver => Some(Pending::None),
            Phase::StartOfTurn => {
                self.log(|g| format!("— Turn {}: {} —", g.turn, g.players[seat].name));
                self.phase = Phase::Draw;
                for s in self.side(seat) {
                    self.fire(Event::StartOfTurn { seat: s });
                }
                None
            }
            Phase::Draw => {
                // First-turn draws (Setting Up p.8, Free for All / 2 vs 2 / 2-Headed p.27).
                let n = if self.turn == 1 {
                    0
                } else if self.turn == 2 && self.seats() > 2 && !self.two_headed() {
                    1
                } else {
                    2
                };
                for s in self.side(seat) {
                    self.draw(s, n);
                    self.start_of_turn_checks(s);
                }
                self.phase = Phase::Recovery;
                None
            }
            Phase::Recovery => {
                for c in self.characters_of(seat) {
                    self.recover(c);
                }
                for c in self.characters_of(seat) {
                    self.ready(c);
                }
                self.phase = Phase::BuildStart;
                None
            }
            Phase::BuildStart => {
                self.phase = Phase::Resource;
                for s in self.side(seat) {
                    self.fire(Event::StartOfBuild { seat: s });
                }
                None
            }
            Phase::Resource | Phase::Recruit | Phase::Formation => {
                Some(Pending::Act { seat: self.actor() })
            }
            Phase::MainStart => {
                self.phase = Phase::Main;
                for s in self.side(seat) {
                    self.fire(Event::StartOfMain { seat: s });
                }
                None
            }
            Phase::Main => match self.combat.as_ref().map(|c| c.stage) {
                None => Some(Pending::Act { seat: self.actor() }),
                Some(_) => self.combat_step(),
            },
            Phase::EndOfTurn => {
                self.phase = Phase::Cleanup;
                // Borrowed characters go back once the end-of-turn triggers have resolved
                // (those go on top); each asks its player for a row.
                self.return_borrowed();
                for s in self.side(seat) {
                    self.fire(Event::EndOfTurn { seat: s });
                }
                None
            }
            Phase::Cleanup => {
                self.end_turn();
                None
            }
        }
    }

    /// Start-of-turn checks (Ending the Game p.13; Main vs Supporting p.22).
    fn start_of_turn_checks(&mut self, seat: Seat) {
        if self.players[seat].main_kod {
            return;
        }
        let m = self.players[seat].main;
        let card = self.card(m);
        let lost = (card.zone().in_play() && card.controller != seat)
            || matches!(card.zone(), Zone::KoPile | Zone::Deck);
        if lost {
            self.main_character_kod(seat);
            return;
        }
        let mains: Vec<CardId> = self
            .characters_of(seat)
            .into_iter()
            .filter(|&c| self.card(c).main && self.card(c).controller == seat)
            .collect();
        if mains.len() > 1 {
            for &c in mains.iter().filter(|&&c| c != m) {
                self.ko(c, None);
            }
        }
    }

    /// The seat deciding in the turn player's steps: the turn player, or in 2-Headed
    /// Teammates whichever teammate's part of the shared turn it is.
    pub fn actor(&self) -> Seat {
        if self.two_headed() {
            self.acting
        } else {
            self.turn_seat
        }
    }

    /// 2-Headed: the teammate who decides after `seat` in the shared turn, if any.
    pub fn next_teammate(&self, seat: Seat) -> Option<Seat> {
        if !self.two_headed() {
            return None;
        }
        self.side(self.turn_seat).into_iter().find(|&s| s > seat)
    }

    pub fn enter_recruit(&mut self) {
        self.phase = Phase::Recruit;
        self.acting = self.turn_seat;
        // 1 RP per resource, face up or down (Recruit Step p.9); 2-Headed teammates
        // recruit separately and can't share RP (p.27).
        for s in self.side(self.turn_seat) {
            // Saturating: `as u8` wrapped 300 resources round to 44 RP.
            // Plus the points gained earlier in the Build Phase (Wealthy).
            let resources = u8::try_from(self.players[s].resources().len()).unwrap_or(u8::MAX);
            let p = &mut self.players[s];
            let early = std::mem::take(&mut *p.early_recruit_points);
            p.recruit_points = resources.saturating_add(early);
        }
    }

    pub fn leave_recruit(&mut self) {
        // Leftover RP goes away after the Recruit Step.
        for s in self.side(self.turn_seat) {
            self.players[s].recruit_points = 0;
        }
        self.acting = self.turn_seat;
        self.phase = Phase::Formation;
    }

    fn end_turn(&mut self) {
        let seat = self.turn_seat;
        // Mind-controlled characters go back at the end of the turn.
        for Borrowed {
            card: c,
            back_to: owner_side,
            row,
            ..
        } in std::mem::take(&mut self.borrowed)
        {
            if self.is_character_in_play(c) {
                self.change_side(c, owner_side, row);
            }
        }
        let turn = self.turn;
        let expiring: Vec<(CardId, u8)> = self
            .modifiers
            .iter()
            .filter(|m| match m.duration {
                Duration::ThisTurn | Duration::ThisCombat => true,
                Duration::UntilStartOfNextTurn => m.turn != turn,
                _ => false,
            })
            .filter_map(|m| match m.kind {
                ModKind::Regressed { level } if m.target_epoch == self.card(m.target).epoch => {
                    Some((m.target, level))
                }
                _ => None,
            })
            .collect();
        self.modifiers.retain(|m| match m.duration {
            Duration::ThisTurn | Duration::ThisCombat => false,
            Duration::UntilStartOfNextTurn => m.turn == turn,
            _ => true,
        });
        self.attacked_this_turn.clear();
        self.no_more_attacks = crossover_kernel::Added(false);
        for p in self.players.iter_mut() {
            p.powers_used_this_turn.clear();
            *p.early_recruit_points = 0;
            p.plot_twists_this_turn = 0;
            p.mobile_used.clear();
            p.shrink_used.clear();
            p.no_strike_back_team_attacks = false;
            p.team_keywords.clear();
            p.stunned_by_this_turn.clear();
            p.team_attack_counters = false;
            p.recruit_discount = 0;
            p.team_discounts.clear();
        }
        // Running Out Of Cards (p.25): decks empty and a full round without attacks.
        let all_empty = self.live_seats().all(|s| self.players[s].deck().is_empty());
        if all_empty && self.players[seat].attacks_this_turn == 0 {
            self.idle_turns += 1;
        } else {
            self.idle_turns = 0;
        }
        self.players[seat].attacks_this_turn = 0;
        let live = u8::try_from(self.live_seats().count()).unwrap_or(u8::MAX);
        if self.idle_turns >= live || self.turn >= TURN_LIMIT {
            self.fewest_wounds_wins();
            return;
        }
        // Next player to the left who is still in (in 2-Headed, the next team).
        let n = self.seats();
        let mut next = (seat + 1) % n;
        while self.players[next].out || self.same_side(next, seat) && next != seat {
            next = (next + 1) % n;
        }
        for (c, level) in expiring {
            self.progress_to(c, level);
        }
        self.turn += 1;
        self.turn_seat = next;
        self.acting = next;
        self.side_passes = 0;
        self.phase = Phase::StartOfTurn;
        // "Until the start of the next turn" ends now.
        let now = self.turn;
        let regressed: Vec<(CardId, u8)> = self
            .modifiers
            .iter()
            .filter(|m| m.duration == Duration::UntilStartOfNextTurn && m.turn < now)
            .filter_map(|m| match m.kind {
                ModKind::Regressed { level } if m.target_epoch == self.card(m.target).epoch => {
                    Some((m.target, level))
                }
                _ => None,
            })
            .collect();
        self.modifiers
            .retain(|m| !(m.duration == Duration::UntilStartOfNextTurn && m.turn < now));
        for (c, level) in regressed {
            self.progress_to(c, level);
        }
    }

    fn fewest_wounds_wins(&mut self) {
        let live: Vec<Seat> = self.live_seats().collect();
        let wounds = |g: &GameState, s: Seat| g.card(g.players[s].main).wounds;
        let best = live.iter().map(|&s| wounds(self, s)).min().unwrap_or(0);
        let mut teams: Vec<u8> = live
            .iter()
            .filter(|&&s| wounds(self, s) == best)
            .map(|&s| self.players[s].team)
            .collect();
        teams.sort();
        teams.dedup();
        // Teammates win (or tie) together, as they do when the enemies are KO'd: every
        // seat of a team with the fewest wounds, not only the teammate who has them.
        let winners: Vec<Seat> = self
            .players
            .iter()
            .filter(|p| teams.contains(&p.team))
            .map(|p| p.seat)
            .collect();
        self.log(|_| {
            "No cards left and no attacks: fewest wounds on the main character wins.".into()
        });
        self.outcome = Some(if teams.len() == 1 {
            Outcome::Win(winners)
        } else {
            Outcome::Tie(winners)
        });
    }
}
