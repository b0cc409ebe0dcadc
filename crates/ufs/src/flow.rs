//! The turn (F: Ready, Combat and End Phases) and the pause conditions (E.2), which
//! the game checks whenever it moves on.

use crate::model::*;
use crate::state::*;

impl GameState {
    /// E.2.1 and E.2.2: a player at 0 or less vitality loses; a player with an empty
    /// deck cycles it, and loses if they can't. Returns whether the game goes on.
    pub(crate) fn pause_conditions(&mut self) -> bool {
        if self.result.is_some() {
            return false;
        }
        // The players are checked together: when both meet a losing condition at once,
        // both lose and the game is a draw (docs/rulings.md UFS-8).
        let mut losers = [false; 2];
        for p in [self.active, 1 - self.active] {
            if self.player(p).vitality <= 0 {
                self.say(|s| format!("{} is at 0 vitality and loses (E.2.1).", s.seat_name(p)));
                losers[usize::from(p)] = true;
            }
        }
        if losers == [false; 2] {
            for p in [self.active, 1 - self.active] {
                if self.player(p).deck.is_empty() && !self.cycle(p) {
                    losers[usize::from(p)] = true;
                }
            }
        }
        match losers {
            [false, false] => true,
            [true, true] => {
                self.game_over(GameResult::Draw);
                false
            }
            [true, false] => {
                self.game_over(GameResult::Win(1));
                false
            }
            [false, true] => {
                self.game_over(GameResult::Win(0));
                false
            }
        }
    }

    /// E.2.2: shuffle the discard pile into a new deck and remove its top 10 cards
    /// from the game; E.2.2.1: with 10 or fewer cards there, the player loses.
    pub(crate) fn cycle(&mut self, p: u8) -> bool {
        let discard = self.player(p).discard.len();
        if discard <= 10 {
            self.say(|s| {
                format!(
                    "{} can't cycle their deck ({discard} cards in the discard pile) and loses (E.2.2.1).",
                    s.seat_name(p)
                )
            });
            return false;
        }
        let mut cards = std::mem::take(&mut self.player_mut(p).discard);
        cards.sort_unstable();
        self.rng.shuffle(&mut cards);
        for &c in &cards {
            self.card_mut(c).place = Place::Deck;
        }
        self.player_mut(p).deck = cards;
        for _ in 0..10 {
            let top = *self.player(p).deck.last().expect("more than 10 cards");
            self.move_card(top, Place::Removed);
        }
        self.say(|s| {
            format!(
                "{} cycles their deck: the discard pile is shuffled and its top 10 cards are removed from the game (E.2.2).",
                s.seat_name(p)
            )
        });
        true
    }

    pub(crate) fn game_over(&mut self, result: GameResult) {
        self.result = Some(result);
        self.phase = Phase::Over;
        self.pending = Pending::Over;
        self.check = None;
        self.attack = None;
        match result {
            GameResult::Win(w) => self.say(|s| format!("{} wins.", s.seat_name(w))),
            GameResult::Draw => {
                self.say(|_| "Both players lose at once: the game is a draw.".into())
            }
        }
    }

    /// Draws one card (cycling first if the deck is empty). Returns whether the game
    /// goes on.
    pub(crate) fn draw(&mut self, p: u8) -> bool {
        if !self.pause_conditions() {
            return false;
        }
        if self.hand_locked() {
            self.say(|s| format!("{} may not draw during this Combat Phase.", s.seat_name(p)));
            return true;
        }
        if self.may_not_draw(p) {
            self.say(|s| format!("{} may not draw this turn.", s.seat_name(p)));
            return true;
        }
        let top = *self.player(p).deck.last().expect("a deck after cycling");
        self.move_card(top, Place::Hand);
        self.say_to(p, |s| format!("You draw {}.", s.name_of(top)));
        self.pause_conditions()
    }

    /// E.2.3–E.2.7 for what the engine plays today: characters of another name (E.2.3),
    /// Terrain (E.2.5) and Unique (E.2.6) in staging.
    pub(crate) fn staging_conditions(&mut self) {
        // E.2.3: a character card whose character name is not the starting character's
        // is discarded (one with it is attached, D.2.2.3.4).
        for p in [self.active, 1 - self.active] {
            let pl = self.player(p);
            let name = &self.def(pl.character).name;
            let strays: Vec<CardId> = pl
                .staging
                .iter()
                .copied()
                .filter(|&c| {
                    c != pl.character
                        && self.def(c).is_character()
                        && !self.def(c).name.eq_ignore_ascii_case(name)
                })
                .collect();
            for c in strays {
                self.say(|s| {
                    format!(
                        "{} is discarded: a character card of another character name in a staging area (E.2.3).",
                        s.name_of(c)
                    )
                });
                self.move_card(c, Place::Discard);
            }
        }
        let terrains: Vec<CardId> = [self.active, 1 - self.active]
            .into_iter()
            .flat_map(|p| self.player(p).staging.clone())
            .filter(|&c| self.def(c).has(&Keyword::Terrain))
            .collect();
        if terrains.len() > 1 {
            // The one there longest: the lowest position in its staging area among
            // those that arrived earliest; cards join staging only at the End Phase,
            // so the older terrain is the one not added this turn.
            let newest = *terrains
                .iter()
                .max_by_key(|&&c| self.arrival(c))
                .expect("two");
            for &c in terrains.iter().filter(|&&c| c != newest) {
                self.say(|s| {
                    format!(
                        "{} is destroyed: only one Terrain may be in play (E.2.5).",
                        s.name_of(c)
                    )
                });
                self.move_card(c, Place::Discard);
            }
        }
        for p in [0u8, 1] {
            let staging = self.player(p).staging.clone();
            for (i, &c) in staging.iter().enumerate() {
                let def = self.def(c);
                if def.has(&Keyword::Unique)
                    && staging[..i].iter().any(|&o| self.def(o).id == def.id)
                {
                    self.say(|s| {
                        format!(
                            "{} is destroyed: a Unique card's second copy (E.2.6).",
                            s.name_of(c)
                        )
                    });
                    self.move_card(c, Place::Discard);
                }
            }
        }
    }

    /// When a card came to staging: its turn, then its place in the staging area.
    fn arrival(&self, c: CardId) -> (u32, usize) {
        let card = self.card(c);
        let at = self
            .player(card.owner)
            .staging
            .iter()
            .position(|&x| x == c)
            .unwrap_or(0);
        (self.arrived.get(usize::from(c)).copied().unwrap_or(0), at)
    }

    /// F.2.1/F.2.3.4: whenever a form could be played, the most recent pending attack
    /// enters its sequence instead; otherwise the active player plays a form.
    pub(crate) fn continue_combat(&mut self) {
        if !self.pause_conditions() {
            return;
        }
        if let Some(blocked) = self.reversal_window {
            let defender = 1 - self.card(blocked).owner;
            self.pending = Pending::Reversal(defender);
            return;
        }
        if let Some(top) = self.attack_stack.pop() {
            self.begin_attack(top);
            return;
        }
        self.pending = Pending::Form(self.active);
    }

    /// F.3: the End Phase. Card pools are cleared, the active player's first, each
    /// right to left; an attack that dealt damage waits for its owner's choice.
    pub(crate) fn end_phase(&mut self) {
        if self.phase != Phase::End {
            // F.3: the End Phase begins, a game event ("during your End Phase").
            self.phase = Phase::End;
            let e = Event::EndPhase {
                player: self.active,
            };
            if self.watches(e.kind_bit()) {
                self.event(e, Resume::EndPhase);
                return;
            }
        }
        self.attack_stack.clear();
        for p in [self.active, 1 - self.active] {
            while let Some(&c) = self.player(p).card_pool.last() {
                let card = *self.card(c);
                match self.def(c).kind {
                    Kind::Attack { .. }
                        if card.dealt_damage
                            && !self.face_down_of(c).is_some_and(|f| f.no_momentum) =>
                    {
                        self.pending = Pending::Momentum(p, c);
                        return;
                    }
                    Kind::Foundation | Kind::Asset | Kind::Character { .. }
                        if !card.played_as_block =>
                    {
                        self.move_card(c, Place::Staging);
                        if let Some(a) = self.arrived.get_mut(usize::from(c)) {
                            *a = self.turn;
                        }
                    }
                    _ => self.move_card(c, Place::Discard),
                }
            }
        }
        self.staging_conditions();
        self.reversal_attacks.clear();
        // "This turn" effects end (I.3.1 Breaker, K.3.17, a first form).
        for p in [0, 1] {
            let pl = self.player_mut(p);
            pl.next_card_difficulty = 0;
            pl.next_attack_gains.clear();
            pl.first_form = None;
        }
        self.as_in_hand.clear();
        self.marks.x_zero.clear();
        // F.3.3: the turn passes; detached effects that last no longer end
        // (J.2.2.1).
        self.active = 1 - self.active;
        self.turn += 1;
        let turn = self.turn;
        self.detached.retain(|d| d.last_turn >= turn);
        self.ready_phase();
    }

    /// F.1: Ready Step (ready every committed card), Review Step (may discard one
    /// card), then the Draw Step.
    pub(crate) fn ready_phase(&mut self) {
        self.phase = Phase::Ready;
        let p = self.active;
        // "Until the beginning of your next turn" ends here.
        if self.no_cards_to_hand_in_combat == Some(p) {
            self.no_cards_to_hand_in_combat = None;
        }
        if self.no_momentum_in_combat == Some(p) {
            self.no_momentum_in_combat = None;
        }
        self.say(|s| format!("Turn {}: {}.", s.turn, s.seat_name(p)));
        self.marks.ready_choices.clear();
        self.ready_step();
    }

    /// F.1.1: the Ready Step readies the active player's committed cards, but first
    /// asks, card by card, whether those that may stay committed do.
    pub(crate) fn ready_step(&mut self) {
        let p = self.active;
        let ask = self
            .static_rules(p)
            .iter()
            .find(|(c, r)| {
                matches!(r, crate::ability::StaticRule::MayStayCommitted)
                    && self.card(*c).committed
                    && self.card(*c).place == Place::Staging
                    && !self.marks.ready_choices.iter().any(|(x, _)| x == c)
            })
            .map(|(c, _)| *c);
        if let Some(c) = ask {
            self.marks.ready_choices.push((c, false));
            self.choice = Some(Choice::May {
                controller: p,
                steps: vec![crate::ability::Effect::KeepCommitted(c)],
                otherwise: Vec::new(),
                then: Box::new(Resume::ReadyStep),
            });
            self.pending = Pending::Choose(p);
            return;
        }
        let choices = std::mem::take(&mut self.marks.ready_choices);
        let staging: Vec<CardId> = self
            .player(p)
            .staging
            .iter()
            .copied()
            .filter(|&c| !self.is_attached(c))
            .collect();
        let mut readied = Vec::new();
        // D.2.2.3.2: attached characters are readied with the starting character
        // (`sync_attached`), not on their own.
        for c in staging {
            if choices.contains(&(c, true)) {
                self.say(|s| format!("{} stays committed.", s.name_of(c)));
            } else if self.card(c).committed {
                self.card_mut(c).committed = false;
                readied.push(c);
            }
        }
        self.sync_attached();
        self.event(Event::ReadyStep { player: p, readied }, Resume::ReviewStep);
    }

    /// F.1.2: the Review Step (nothing to review with an empty hand).
    pub(crate) fn review_step(&mut self) {
        let p = self.active;
        if self.player(p).hand.is_empty() {
            self.draw_step();
        } else {
            self.pending = Pending::Review(p);
        }
    }

    /// F.1.3: the Draw Step, after the window before it (ruling UFS-35) when some card
    /// answers it.
    pub(crate) fn draw_step(&mut self) {
        let e = Event::BeforeDrawStep {
            player: self.active,
        };
        if self.watches(e.kind_bit()) {
            self.event(e, Resume::DrawStep);
        } else {
            self.draw_step_begins();
        }
    }

    /// F.1.3: draw up to hand size, as one event; nothing if already there (or if the
    /// player may not draw this turn).
    pub(crate) fn draw_step_begins(&mut self) {
        let p = self.active;
        let e = Event::BeforeDraw { player: p };
        if self.player(p).hand.len() < self.hand_size(p)
            && !self.may_not_draw(p)
            && self.watches(e.kind_bit())
        {
            self.event(e, Resume::DrawStepDraws);
        } else {
            self.draw_step_draws();
        }
    }

    pub(crate) fn draw_step_draws(&mut self) {
        let p = self.active;
        let mut drew = false;
        if self.may_not_draw(p) && self.player(p).hand.len() < self.hand_size(p) {
            self.say(|s| {
                format!(
                    "{} may not draw this turn: the Draw Step draws nothing.",
                    s.seat_name(p)
                )
            });
        }
        while !self.may_not_draw(p) && self.player(p).hand.len() < self.hand_size(p) {
            if !self.draw(p) {
                return;
            }
            drew = true;
        }
        // The end of the Draw Step, which ends the Ready Phase.
        let then = Resume::Event(Event::DrawStep { player: p }, Box::new(Resume::CombatPhase));
        if drew {
            self.event(
                Event::Draws {
                    player: p,
                    both: false,
                },
                then,
            );
        } else {
            self.resume(then);
        }
    }

    pub(crate) fn combat_phase(&mut self) {
        self.phase = Phase::Combat;
        let p = self.active;
        for q in [0, 1] {
            self.player_mut(q).to_hand_this_combat = false;
        }
        self.player_mut(p).attempted_from_hand = false;
        // Ruling UFS-35: a card set to be played as the first form is, before any
        // other form (after the window before a form, UFS-19).
        if let Some(c) = self.player(p).first_form {
            if self.card(c).place == Place::CardPool && self.card(c).owner == p {
                let e = Event::BeforeForm { player: p };
                if self.watches(e.kind_bit()) {
                    self.event(e, Resume::FirstForm(c));
                } else {
                    self.play_first_form(c);
                }
                return;
            }
        }
        self.continue_combat();
    }

    /// Ruling UFS-35: the active player plays `c`, in their card pool, as their first
    /// form with no control check (E.4 without E.4.7 and E.4.8): it moves to the right
    /// end of the card pool (E.4.2) and is played (E.4.11), an attack joining the attack
    /// stack (F.2.3). If it has left the card pool, or can't be played (I.3.2), the
    /// player plays forms as usual.
    pub(crate) fn play_first_form(&mut self, c: CardId) {
        let p = self.active;
        let card = *self.card(c);
        if card.place != Place::CardPool
            || card.owner != p
            || !matches!(self.def(c).kind, Kind::Attack { .. })
            || !self.name_allows(p, c)
        {
            self.say(|s| {
                format!(
                    "{} can't be played as {}'s first form.",
                    s.name_of(c),
                    s.seat_name(p)
                )
            });
            self.continue_combat();
            return;
        }
        // E.4.2: played from the card pool, it moves to the right of the other cards
        // (D.2.5.2: not a change of zones).
        let pool = &mut self.player_mut(p).card_pool;
        pool.retain(|&x| x != c);
        pool.push(c);
        self.gain_next_attack_abilities(p, c);
        self.say(|s| {
            format!(
                "{} plays {} as their first form, with no control check.",
                s.seat_name(p),
                s.name_of(c)
            )
        });
        self.card_played(Check::new(p, c, Purpose::Form, None, None));
    }

    /// The player passes on further forms (F.2.2.3); one who did so without attempting
    /// a card from hand must attempt one next turn (F.2.2.3, second).
    pub(crate) fn pass_forms(&mut self) {
        let p = self.active;
        let attempted = self.player(p).attempted_from_hand;
        self.player_mut(p).must_attempt = !attempted;
        self.say(|s| format!("{} passes to the End Phase.", s.seat_name(p)));
        self.event(Event::PassForm { player: p }, Resume::EndPhase);
    }
}

#[cfg(test)]
mod tests {
    use crate::setup::{DeckList, UfsSetup};
    use crate::state::Place;
    use crate::Ufs;
    use crossover_kernel::Game;

    #[test]
    fn e_4_2_a_card_played_from_the_card_pool_moves_to_the_right_of_the_others() {
        let setup = UfsSetup {
            decks: [
                DeckList::prebuilt("ryu").unwrap(),
                DeckList::prebuilt("akuma").unwrap(),
            ],
            facts_only: false,
        };
        let mut g = Ufs::new_game(&setup, 3).unwrap();
        let s = &mut g.state;
        let p = s.active;
        let deck = s.player(p).deck.clone();
        let kuchu = *deck
            .iter()
            .find(|&&c| s.def(c).id == "rva-29")
            .expect("Ryu's deck has Kuchu Tatsumaki Senpukyaku EXTRA");
        let other = *deck.iter().find(|&&c| c != kuchu).unwrap();
        // Kuchu on the left of another card in the pool, as a first form finds it.
        s.move_card(kuchu, Place::CardPool);
        s.move_card(other, Place::CardPool);
        assert_eq!(s.player(p).card_pool, vec![kuchu, other]);
        s.play_first_form(kuchu);
        assert_eq!(s.player(p).card_pool, vec![other, kuchu]);
    }
}
