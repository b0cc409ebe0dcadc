//! The game state as the verbs see it (`verbs::Host`): each method is the engine's own
//! query or atom, read for the top resolving effect.

use super::*;
use crate::verbs::Host;

impl Host for GameState {
    fn source(&self) -> CardId {
        self.frame().card
    }
    fn controller(&self) -> Seat {
        self.frame().controller
    }
    fn who(&self, who: &Who) -> Vec<CardId> {
        self.resolve_who(who)
    }
    fn how_many(&self, n: &Amount) -> i32 {
        let f = self.frame();
        self.amount(n, f.card, f.controller, Some(f))
    }
    fn card_name(&self, c: CardId) -> &str {
        self.name(c)
    }
    fn log_line(&mut self, text: &mut dyn FnMut(&dyn Host) -> String) {
        self.log(|g| text(g));
    }
    fn add_plus(&mut self, c: CardId, n: u8) {
        GameState::add_plus(self, c, n)
    }
    fn add_minus(&mut self, c: CardId, n: u8, source: Option<CardId>) {
        GameState::add_minus(self, c, n, source)
    }
    fn stun(&mut self, c: CardId, source: Option<CardId>, wound: bool) {
        GameState::stun(self, c, source, wound)
    }
    fn ko(&mut self, c: CardId, source: Option<CardId>) {
        GameState::ko(self, c, source)
    }
    fn recover(&mut self, c: CardId) {
        GameState::recover(self, c)
    }
    fn ready(&mut self, c: CardId) {
        GameState::ready(self, c)
    }
    fn exhaust(&mut self, c: CardId) {
        GameState::exhaust(self, c)
    }
    fn freeze(&mut self, c: CardId) {
        GameState::freeze(self, c)
    }
    fn move_row(&mut self, c: CardId, row: Row) {
        GameState::move_row(self, c, row)
    }
    fn wound(&mut self, c: CardId, n: u8, source: Option<CardId>) {
        GameState::wound(self, c, n, source, false)
    }
    fn heal(&mut self, c: CardId, n: u8) {
        GameState::heal(self, c, n)
    }
    fn next_step(&mut self) {
        self.frame_mut().pc += 1;
    }
}
