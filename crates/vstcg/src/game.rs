//! `VsTcg`: the rules behind the kernel's `Game` trait.

use crate::action::Action;
use crate::ids::*;
use crate::setup::VsTcgSetup;
use crate::state::*;
use crossover_kernel::{
    stable_hash, Decision, Game, GameRng, Outcome, RuleError, Seat, SetupError,
};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct VsTcg {
    pub state: GameState,
}

impl VsTcg {
    pub fn new(setup: &VsTcgSetup, seed: u64) -> Result<VsTcg, String> {
        GameState::new(setup, seed).map(|state| VsTcg { state })
    }
}

impl Game for VsTcg {
    type Setup = VsTcgSetup;
    type Action = Action;
    const NAME: &'static str = "vstcg";

    fn card_data_version(&self) -> String {
        format!("vstcg-{:016x}", self.state.pool().fingerprint())
    }

    fn new_game(setup: &VsTcgSetup, seed: u64) -> Result<Self, SetupError> {
        VsTcg::new(setup, seed).map_err(SetupError)
    }

    fn seat_count(&self) -> usize {
        self.state.seats() as usize
    }

    fn decision(&self) -> Option<Decision<Action>> {
        let seat = self.state.pending().seat()?;
        Some(Decision {
            seat: seat as Seat,
            options: self.state.legal(),
        })
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.state.legal()
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.state.legal_into(out);
    }

    fn to_move(&self) -> Option<Seat> {
        self.state.pending().seat().map(Seat::from)
    }

    fn apply_offered(&mut self, action: &Action) {
        debug_assert!(
            self.state.legal().contains(action),
            "{action:?} not offered"
        );
        self.state.perform(action);
    }

    fn apply(&mut self, action: &Action) -> Result<(), RuleError> {
        // 102.5: a concession is answered apart from the pending decision.
        if let Action::Concede(p) = *action {
            self.state.check_concession(p)?;
            self.state.concede(p);
            return Ok(());
        }
        if !self.state.legal().contains(action) {
            return Err(self.state.explain_illegal(action));
        }
        self.state.perform(action);
        Ok(())
    }

    fn concede(&self, seat: Seat) -> Option<Action> {
        let p = PlayerId::try_from(seat).ok()?;
        self.state.check_concession(p).ok()?;
        Some(Action::Concede(p))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.result().map(|r| match r {
            GameResult::Win(w) => Outcome::Win(vec![*w as Seat]),
            GameResult::Draw(ps) => Outcome::Tie(ps.iter().map(|&p| p as Seat).collect()),
        })
    }

    fn state_hash(&self) -> u64 {
        stable_hash(&self.state)
    }

    fn turn(&self) -> u32 {
        self.state.turn().max(1)
    }

    fn set_logging(&mut self, on: bool) {
        self.state.logging = on;
        if !on {
            self.state.log.clear();
        }
    }

    fn heuristic(&self, seat: Seat) -> f64 {
        self.state.heuristic(seat as PlayerId)
    }

    /// Halfway through a move — choosing targets, placing a character, building a team
    /// attack, answering an effect, ordering triggers — a position is finished before it
    /// is scored.
    fn quiet(&self) -> Option<bool> {
        match self.state.pending() {
            Pending::Target(_)
            | Pending::Place(..)
            | Pending::TeamUp(_)
            | Pending::EffectChoice(_)
            | Pending::Replacement(_)
            | Pending::OrderTriggers(_)
            | Pending::OrderModifiers(_)
            | Pending::LoopCount(_)
            | Pending::HitAttacker(_)
            | Pending::OrderAttackers(_) => Some(false),
            _ => None,
        }
    }

    fn cards_used(&self, action: &Action) -> Vec<String> {
        let s = &self.state;
        match *action {
            Action::Recruit { card, .. }
            | Action::RecruitRevealing { card, .. }
            | Action::Equip { card, .. }
            | Action::PlayPlotTwist(card)
            | Action::FlipLocation(card)
            | Action::UsePower { card, .. } => vec![s.name(card)],
            _ => Vec::new(),
        }
    }

    fn card_pool(&self) -> Vec<String> {
        let mut names: Vec<String> = (0..self.state.card_count() as u16)
            .map(|c| self.state.name(CardId(c)))
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// Re-deal what `seat` can't see: other players' hands and face-down resources
    /// (unrevealed), and every deck's order.
    fn determinize(&self, seat: Seat, seed: u64) -> VsTcg {
        let mut game = self.clone();
        game.state.log.clear();
        let s = &mut game.state;
        let mut rng = GameRng::from_seed(seed);
        let me = seat as PlayerId;
        for p in 0..s.seats() {
            let mut pool: Vec<CardId> = s.players[p as usize].deck.clone();
            let other = p != me;
            let hidden_resources: Vec<usize> = if other {
                s.players[p as usize]
                    .resources
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| {
                        let card = s.card(c);
                        !card.face_up && !card.revealed && card.owner == p
                    })
                    .map(|(i, _)| i)
                    .collect()
            } else {
                Vec::new()
            };
            if other {
                pool.extend(s.players[p as usize].hand.iter().copied());
                pool.extend(
                    hidden_resources
                        .iter()
                        .map(|&i| s.players[p as usize].resources[i]),
                );
            }
            pool.sort_unstable();
            rng.shuffle(&mut pool);
            let mut it = pool.into_iter();
            if other {
                let n = s.players[p as usize].hand.len();
                let hand: Vec<CardId> = it.by_ref().take(n).collect();
                for &c in &hand {
                    let card = s.card_mut(c);
                    card.zone = Zone::Hand;
                    card.exhausted = false;
                }
                s.players[p as usize].hand = hand;
                for &i in &hidden_resources {
                    let c = it.next().expect("as many cards as were taken out");
                    let old = s.players[p as usize].resources[i];
                    let (exhausted, object, timestamp) = {
                        let o = s.card(old);
                        (o.exhausted, o.object, o.timestamp)
                    };
                    let card = s.card_mut(c);
                    card.zone = Zone::Resource;
                    card.exhausted = exhausted;
                    card.object = object;
                    card.timestamp = timestamp;
                    card.controller = p;
                    s.players[p as usize].resources[i] = c;
                }
            }
            let deck: Vec<CardId> = it.collect();
            for &c in &deck {
                let card = s.card_mut(c);
                card.zone = Zone::Deck;
                card.exhausted = false;
            }
            s.players[p as usize].deck = deck;
        }
        s.rng = GameRng::from_seed(rng.next_u64());
        game
    }
}
