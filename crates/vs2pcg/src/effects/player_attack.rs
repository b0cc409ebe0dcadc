//! Characters that can attack players: the card standing for a defending player, and
//! attacks declared as soon as a combat ends.

use super::*;

/// The number of the engine's card that stands for a player defending against a
/// character that can attack players (Deadpool's "Oh, there's someone! Hi there!"): a
/// 0/1 supporting character with 1 health, in that player's front row only while it
/// defends. It is never part of a deck.
pub const PLAYER_TOKEN: &str = "xo-player";

impl GameState {
    /// The definition of the player token, if the card database has it.
    pub fn player_token_def(&self) -> Option<DefId> {
        self.db.by_number(PLAYER_TOKEN)
    }

    pub fn is_player_token(&self, c: CardId) -> bool {
        self.player_token_def() == Some(self.card(c).def)
    }

    pub(super) fn player_token_of(&self, seat: Seat) -> Option<CardId> {
        (0..self.cards.len() as CardId)
            .find(|&c| self.is_player_token(c) && self.card(c).owner == seat)
    }

    /// Make the card standing for each player (kept outside the game until it defends).
    pub fn ensure_player_tokens(&mut self) {
        let Some(def) = self.player_token_def() else {
            return;
        };
        for seat in 0..self.seats() {
            if self.player_token_of(seat).is_some() {
                continue;
            }
            self.create_removed(def, seat);
        }
    }

    /// Players these attackers may attack: only a character that can attack players,
    /// attacking solo, and only a player all of whose characters are stunned.
    pub fn attackable_players(&self, attackers: &[CardId]) -> Vec<CardId> {
        let [a] = attackers else { return vec![] };
        if !self
            .modifiers_on(*a)
            .any(|m| m.kind == ModKind::AttackPlayers)
        {
            return vec![];
        }
        let me = self.card(*a).controller;
        self.enemies_of(me)
            .into_iter()
            .filter(|&e| self.characters_of(e).iter().all(|&c| !self.card(c).face_up))
            .filter_map(|e| self.player_token_of(e))
            .filter(|&t| self.card(t).zone() == Zone::Removed)
            .collect()
    }

    /// A player becomes the defender: its card goes to its front row for the combat,
    /// with the counters the player kept from earlier combats.
    pub fn place_player_token(&mut self, d: CardId) {
        if self.is_player_token(d) && !self.is_character_in_play(d) {
            let owner = self.card(d).owner;
            self.move_to(d, Zone::Front, owner);
            let (plus, minus) = self.players[owner].counters.0;
            let card = self.card_mut(d);
            card.plus = plus;
            card.minus = minus;
        }
    }

    /// After a combat the players' cards leave the game again; the counters on them stay
    /// on their players (docs/rulings.md #83).
    pub fn remove_player_tokens(&mut self) {
        let Some(def) = self.player_token_def() else {
            return;
        };
        for c in 0..self.cards.len() as CardId {
            if self.card(c).def == def && self.card(c).zone() != Zone::Removed {
                let owner = self.card(c).owner;
                self.players[owner].counters.0 = (self.card(c).plus, self.card(c).minus);
                self.move_to(c, Zone::Removed, owner);
            }
        }
    }

    /// "He may immediately attack": declare the attack an effect set up, once the
    /// combat before it has ended.
    pub fn start_follow_up_attack(&mut self) {
        let Some((a, d)) = self.follow_up_attack.take() else {
            return;
        };
        if self.outcome.is_some() || self.phase != Phase::Main || self.combat.is_some() {
            return;
        }
        let side = self.card(a).controller;
        if !self.is_face_up_character(a)
            || !self.is_turn_side(side)
            || !self.is_face_up_character(d)
            || !self.are_enemies(side, self.card(d).controller)
        {
            return;
        }
        self.log(|g| format!("{} immediately attacks again.", g.name(a)));
        self.begin_combat(vec![a], d);
    }
}
