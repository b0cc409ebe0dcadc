//! `(unless PLAYER (discard N) STEP...)` (Glossary: Unless): the player may discard N
//! cards (of their choice) to stop the steps; if they don't, the steps happen. They are
//! asked only if they have N cards to discard; otherwise the steps happen.
//!
//! It compiles into this step (the question), the discard, a jump over the steps (as an
//! `if`'s "otherwise"), and the steps.

use crate::action::Action;
use crate::verbs::discard::{discard_text, one_discarder};
use crate::verbs::if_clause::IfClause;
use crate::verbs::{compile_step, Compiler, HostState, Tcg};
use crate::vocab::{Amount, PlayerWho};
use crate::wording::player;
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unless {
    pub who: PlayerWho,
    pub n: Amount,
}

impl Unless {
    /// The player asked, if they can discard in full.
    fn asked(&self, g: &HostState) -> Option<u8> {
        let p = *g.players(&self.who).first()?;
        let n = g.amount(&self.n).max(0) as usize;
        (g.hand(p).len() >= n).then_some(p)
    }
}

impl Verb<Tcg> for Unless {
    const WORDS: &'static [&'static str] = &["unless"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        let usage = "write `(unless PLAYER (discard N) STEP...)`";
        let [p, action, steps @ ..] = form.args() else {
            return err(form.pos(), usage);
        };
        if steps.is_empty() || action.head() != Some("discard") || action.args().len() != 1 {
            return err(form.pos(), usage);
        }
        // `(discard N)` is said by PLAYER: checked as `(discard PLAYER N)`.
        let discard = Sexp::List(
            vec![
                Sexp::Atom("discard".into(), action.pos()),
                p.clone(),
                action.args()[0].clone(),
            ],
            action.pos(),
        );
        let (who, n) = one_discarder(c, word, &discard)?;
        c.push(Unless { who, n: n.clone() });
        c.push(crate::verbs::Discard { who, n });
        let jump = c.out.len();
        c.push(IfClause {
            condition: None,
            skip: 0,
        });
        let start = c.out.len();
        for s in steps {
            compile_step(c, s)?;
        }
        let k = c.out.len() - start;
        let Ok(skip) =
            u8::try_from(k)
                .map_err(|_| ())
                .and_then(|k| if k <= 40 { Ok(k) } else { Err(()) })
        else {
            return err(form.pos(), "`unless` covers at most 40 steps");
        };
        c.out[jump] = IfClause {
            condition: None,
            skip,
        }
        .into();
        Ok(())
    }

    fn text(&self) -> String {
        let mut s = format!("unless {} does this:", player(&self.who));
        s[..1].make_ascii_uppercase();
        s
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        match self.asked(g) {
            Some(p) => Some(p as Seat),
            None => {
                // Not able to discard in full: the steps happen.
                g.skip_steps(2);
                None
            }
        }
    }

    fn options(&self, _g: &HostState) -> Vec<Action> {
        vec![Action::Yes, Action::No]
    }

    fn answer(&self, g: &mut HostState, a: &Action) -> bool {
        match a {
            Action::Yes => g.next_step(),
            Action::No => {
                g.skip_steps(2);
                g.next_step();
            }
            _ => return false,
        }
        true
    }

    fn prompt(&self, _g: &HostState) -> Option<String> {
        let text = discard_text(&self.who, &self.n, false);
        Some(format!(
            "answer Yes to do this, or No to let the rest happen: {}",
            text.trim_end_matches('.')
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::ids::*;
    use crate::state::*;
    use crate::testkit::Bench;

    const BLOOD: &str = "(card x-bb \"Brother Blood\" \"\" (character (cost 4) (atk 9) (def 6))
  (trigger (on stuns-a-character) (unless controller-of-that (discard 2) (ko that))))";

    fn stun_by_blood(hand: usize) -> (Bench, CardId) {
        let mut b = Bench::new(BLOOD);
        let blood = b.in_play(0, "x-bb", Row::Front, 0);
        let d = b.in_play(1, "trn-021", Row::Front, 0);
        for _ in 0..hand {
            b.in_hand(1, "trn-001");
        }
        b.g.part = Part::Step(StepKind::Attack, 0);
        b.act(Action::Propose {
            attacker: blood,
            defender: Defender::Character(d),
        });
        for _ in 0..4 {
            b.act(Action::Pass);
        }
        assert!(b.g.card(d).stunned);
        b.resolve_all();
        (b, d)
    }

    /// Glossary: Unless (VS-TCG-158): the stunned character's controller may discard two
    /// cards; if they don't, it is KO'd; one who can't discard two isn't asked.
    #[test]
    fn g_unless_the_player_may_stop_the_step() {
        let b = Bench::new(BLOOD);
        let blood =
            b.g.pool
                .find_id("x-bb")
                .map(|d| crate::text::power(&b.g.pool.def(d).powers[0].power))
                .unwrap();
        assert_eq!(
            blood,
            "Whenever this character stuns a character, unless that card's controller does this: That card's controller discards 2 cards. Otherwise: KO that card."
        );
        let (mut b, d) = stun_by_blood(3);
        assert_eq!(b.g.pending(), Pending::EffectChoice(1));
        b.act(Action::Yes);
        for _ in 0..2 {
            let c = b.g.player(1).hand()[0];
            b.act(Action::Pick(c));
        }
        assert_eq!(b.g.player(1).hand_len(), 1);
        assert!(b.g.card(d).stunned && b.g.is_character(d));
        let (mut b, d) = stun_by_blood(3);
        b.act(Action::No);
        assert_eq!(b.g.card(d).zone, Zone::KoPile);
        assert_eq!(b.g.player(1).hand_len(), 3);
        let (b, d) = stun_by_blood(1);
        assert_eq!(b.g.card(d).zone, Zone::KoPile);
        assert_eq!(b.g.player(1).hand_len(), 1);
    }
}
