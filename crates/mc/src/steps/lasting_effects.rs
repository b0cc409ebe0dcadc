//! Lasting effects (LASTING EFFECTS, GAINS, MODIFIERS) beyond a card's own "gets": each
//! character a player controls getting ATK or THW (those entering play later too), the
//! next card a player plays costing less, a trait gained until the end of a period;
//! and the end of the round, when "until the end of the round" effects end and "at the
//! end of the round" abilities trigger (DELAYED EFFECTS).

use crate::effects::StepResult;
use crate::model::*;
use crate::state::*;

impl GameState {
    /// The steps creating lasting effects.
    pub(crate) fn lasting_effect_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
        match *step {
            Step::PlayerCharactersGet {
                slot,
                stat,
                n,
                until,
            } => {
                if let Some(q) = f.chosen_player[usize::from(slot)] {
                    let stat = match stat {
                        Stat::Atk => Stat::CharactersAtk,
                        Stat::Thw => Stat::CharactersThw,
                        other => other,
                    };
                    self.add_lasting(Lasting {
                        card: self.player(q).identity,
                        stat,
                        n,
                        until,
                    });
                }
                StepResult::Next
            }
            Step::ReduceNextCost { slot, n } => {
                if let Some(q) = f.chosen_player[usize::from(slot)] {
                    self.add_lasting(Lasting {
                        card: self.player(q).identity,
                        stat: Stat::NextCardCost,
                        n: n.min(20) as i8,
                        until: Period::Phase,
                    });
                    self.log_public(format!(
                        "The next card {} plays this phase costs {n} less.",
                        self.player_name(q)
                    ));
                }
                StepResult::Next
            }
            Step::GainTrait { who, t, until } => {
                for c in self.targets(f, who) {
                    self.add_lasting(Lasting {
                        card: c,
                        stat: Stat::Trait(t),
                        n: 1,
                        until,
                    });
                    self.log_public(format!(
                        "{} gains the {} trait.",
                        self.card_name(c),
                        crate::cardfile::trait_word(t)
                    ));
                }
                StepResult::Next
            }
            _ => StepResult::Next,
        }
    }

    /// Lasting effects on "each character player q controls" that modify `stat` of `c`.
    pub(crate) fn characters_lasting(&self, c: CardId, stat: Stat) -> i32 {
        let group = match stat {
            Stat::Atk => Stat::CharactersAtk,
            Stat::Thw => Stat::CharactersThw,
            _ => return 0,
        };
        let q = match self.identity_of(c) {
            Some(q) => q,
            None => match self.card(c).zone {
                Zone::Play(q) if matches!(self.def(c).kind, Kind::Ally { .. }) => q,
                _ => return 0,
            },
        };
        let id = self.player(q).identity;
        self.lasting
            .iter()
            .filter(|l| l.card == id && l.stat == group)
            .map(|l| i32::from(l.n))
            .sum()
    }

    /// The cost reduction waiting for the next card player `p` plays.
    pub(crate) fn next_cost_reduction(&self, p: u8) -> u8 {
        let id = self.player(p).identity;
        self.lasting
            .iter()
            .filter(|l| l.card == id && l.stat == Stat::NextCardCost)
            .map(|l| l.n.max(0) as u8)
            .fold(0u8, |a, b| a.saturating_add(b))
    }

    /// Player `p` played a card: the reductions of the next card's cost are used up.
    pub(crate) fn use_cost_reductions(&mut self, p: u8) {
        let id = self.player(p).identity;
        self.lasting
            .retain(|l| !(l.card == id && l.stat == Stat::NextCardCost));
    }

    /// The end of the round: "at the end of the round" abilities (DELAYED EFFECTS).
    pub(crate) fn round_ends(&mut self) {
        self.tasks
            .push(Task::Occur(Occurrence::new(Event::RoundEnds)));
    }
}
