//! A quick judgement of a position for one player (the greedy and search players'
//! leaf value): endurance against the opponents', the board behind it, and the cards
//! to come — with the attack in progress and the recruits on the chain counted as
//! what they will soon be, since a one-ply search stops before they resolve.

use crate::ids::*;
use crate::state::*;

/// What each player has, as the judgement sees it.
#[derive(Clone, Copy, Default)]
struct Holdings {
    endurance: f64,
    board: f64,
    cards: f64,
}

impl GameState {
    fn character_value(&self, c: CardId) -> f64 {
        let v = (self.atk(c) + self.def_value(c)) as f64;
        if self.card(c).exhausted {
            0.85 * v
        } else {
            v
        }
    }

    fn holdings(&self, p: PlayerId) -> Holdings {
        let pl = self.player(p);
        let board: f64 = pl
            .characters
            .iter()
            .filter(|&&c| !self.card(c).stunned)
            .map(|&c| self.character_value(c))
            .sum();
        // Resources recruit: worth more than a card in hand, up to what a hand uses.
        let resources = pl.resources.len().min(10) as f64;
        Holdings {
            endurance: self.endurance(p).clamp(-50, 60) as f64,
            board,
            cards: pl.hand.len() as f64 + 1.6 * resources,
        }
    }

    /// The recruits on the chain land on their players' boards; an attack in progress
    /// ends as its numbers say (602.7, 602.10).
    fn projected(&self) -> Vec<Holdings> {
        let mut h: Vec<Holdings> = (0..self.seats()).map(|p| self.holdings(p)).collect();
        for e in &self.chain {
            if let (
                EffectKind::Recruit {
                    card, host: None, ..
                },
                Some(p),
            ) = (&e.kind, e.controller)
            {
                if let crate::model::CardType::Character { atk, def, .. } = self.def(*card).ty {
                    h[p as usize].board += (atk + def) as f64;
                }
            }
        }
        if let Some(a) = &self.attack {
            let attackers: Vec<CardId> =
                a.attackers.iter().filter_map(|&t| self.still(t)).collect();
            let total: i32 = attackers.iter().map(|&c| self.atk(c)).sum();
            match a.defender {
                Some((Defender::Player(q), _)) if !attackers.is_empty() => {
                    h[q as usize].endurance -= total as f64;
                }
                Some((Defender::Character(d), o))
                    if !attackers.is_empty() && self.still((d, o)).is_some() =>
                {
                    let dp = self.card(d).controller as usize;
                    let def = self.def_value(d);
                    if total >= def {
                        h[dp].board -= self.character_value(d);
                        h[dp].endurance -= self.def(d).cost().unwrap_or(0) as f64;
                        if !a.team && total > def && !self.has_reinforcement(d) {
                            h[dp].endurance -= (total - def) as f64;
                        }
                    }
                    // The defender hits the attacker it can stun, if any.
                    if let Some(&hit) = attackers.iter().min_by_key(|&&c| self.def_value(c)) {
                        if self.atk(d) >= self.def_value(hit) {
                            let ap = self.card(hit).controller as usize;
                            h[ap].board -= self.character_value(hit);
                            h[ap].endurance -= self.def(hit).cost().unwrap_or(0) as f64;
                        }
                    }
                }
                _ => {}
            }
        }
        h
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
        let h = self.projected();
        let n = opponents.len() as f64;
        let avg =
            |f: fn(&Holdings) -> f64| opponents.iter().map(|&q| f(&h[q as usize])).sum::<f64>() / n;
        let me = h[p as usize];
        // Endurance at or below 0 loses at the wrap-up (408.2a): weigh the last points.
        let danger = |e: f64| if e <= 0.0 { -30.0 } else { 0.0 };
        let score = (me.endurance - avg(|x| x.endurance)) / 25.0
            + (danger(me.endurance) - avg(|x| if x.endurance <= 0.0 { -30.0 } else { 0.0 })) / 25.0
            + (me.board - avg(|x| x.board)) / 40.0
            + (me.cards - avg(|x| x.cards)) / 25.0;
        0.5 + 0.5 * score.tanh()
    }
}
