//! A quick judgement of a position for one player (the greedy and search players'
//! leaf value): endurance against the opponents', and the board behind it.

use crate::ids::*;
use crate::state::*;

impl GameState {
    /// What a player's characters are worth: ready ones more than exhausted, stunned
    /// ones nothing (they will be KO'd at the wrap-up unless saved).
    fn board_value(&self, p: PlayerId) -> f64 {
        self.player(p)
            .characters
            .iter()
            .filter(|&&c| !self.card(c).stunned)
            .map(|&c| {
                let v = (self.atk(c) + self.def_value(c)) as f64;
                if self.card(c).exhausted {
                    0.8 * v
                } else {
                    v
                }
            })
            .sum()
    }

    /// In [0, 1]: 1 is a won game.
    pub fn heuristic(&self, p: PlayerId) -> f64 {
        match &self.result {
            Some(GameResult::Win(w)) => return if *w == p { 1.0 } else { 0.0 },
            Some(GameResult::Draw(ps)) => return if ps.contains(&p) { 0.5 } else { 0.0 },
            None => {}
        }
        if !self.in_game(p) {
            return 0.0;
        }
        let opponents: Vec<PlayerId> = self.clockwise_from(p).filter(|&q| q != p).collect();
        if opponents.is_empty() {
            return 1.0;
        }
        let n = opponents.len() as f64;
        let endurance = |q: PlayerId| self.endurance(q).clamp(-50, 60) as f64;
        let opp_endurance = opponents.iter().map(|&q| endurance(q)).sum::<f64>() / n;
        let opp_board = opponents.iter().map(|&q| self.board_value(q)).sum::<f64>() / n;
        let opp_cards = opponents
            .iter()
            .map(|&q| (self.player(q).hand.len() + self.player(q).resources.len()) as f64)
            .sum::<f64>()
            / n;
        let me = self.player(p);
        let cards = (me.hand.len() + me.resources.len()) as f64;
        let score = (endurance(p) - opp_endurance) / 25.0
            + (self.board_value(p) - opp_board) / 40.0
            + (cards - opp_cards) / 20.0;
        0.5 + 0.5 * score.tanh()
    }
}
