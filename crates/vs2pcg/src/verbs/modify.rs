//! `(modify WHO ATK DEF DURATION)`: a continuous +X/+Y for a while (Continuous Effects and
//! Modifiers p.21); a character whose DEF it brings to 0 is stunned (p.13).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Amount, Duration, Who};
use crate::wording::{amount, capitalise, duration, each_of, who};
use crate::words::{duration as duration_word, parse_amount, parse_who, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Modify {
    pub who: Who,
    pub atk: Amount,
    pub def: Amount,
    pub duration: Duration,
}

impl Verb<Pcg> for Modify {
    const WORDS: &'static [&'static str] = &["modify"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        let a = written(
            form,
            word,
            4,
            "(modify WHO ATK DEF DURATION), like (modify (chosen 0) 2 0 this-combat)",
        )?;
        c.push(Modify {
            who: parse_who(&a[0], c.scope)?,
            atk: parse_amount(&a[1], c.scope, false)?,
            def: parse_amount(&a[2], c.scope, false)?,
            duration: duration_word(&a[3])?,
        });
        Ok(())
    }

    fn text(&self) -> String {
        let (w, d) = (&self.who, self.duration);
        match (&self.atk, &self.def) {
            (Amount::AtkToMatch(_), Amount::Fixed(0)) => format!(
                "{} gains ATK{} until its ATK is the same as that character's.",
                capitalise(&who(w)),
                duration(d)
            ),
            (Amount::Fixed(a), Amount::Fixed(b)) => {
                format!("{} gets {a:+}/{b:+}{}.", capitalise(&who(w)), duration(d))
            }
            (Amount::SelfCurrent { atk: true }, Amount::SelfCurrent { atk: false }) => format!(
                "{} gets +X/+Y{}, where X and Y are this character's current ATK and DEF (so they double).",
                capitalise(&who(w)),
                duration(d)
            ),
            (a, b) if a == b => format!(
                "{} gets +1/+1 per {}{}.",
                capitalise(&who(w)),
                each_of(a),
                duration(d)
            ),
            (a, b) => format!(
                "{} gets +{}/+{}{}.",
                capitalise(&who(w)),
                amount(a),
                amount(b),
                duration(d)
            ),
        }
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let a = g.how_many(&self.atk);
        let d = g.how_many(&self.def);
        for c in g.who(&self.who) {
            g.modify_stats(c, a, d, self.duration);
            g.log_line(&mut |g| format!("{} gets {a:+}/{d:+}.", g.card_name(c)));
        }
        let source = g.source();
        for c in g.characters_in_play() {
            g.stun_at_zero_def(c, Some(source));
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Continuous Effects and Modifiers p.21, and DEF 0 (p.13): -2 DEF on a 2/2 stuns it
    /// (a supporting character with 1 health is then KO'd); +1 ATK shows in its ATK.
    #[test]
    fn modify_does_what_the_rulebook_says() {
        let (mut g, pt, mine, theirs) = verb_bench(
            "(choose 0 (yours supporting character)) (modify (chosen 0) 1 0 this-turn) \
             (choose 1 (enemy supporting character)) (modify (chosen 1) 0 -2 this-turn)",
        );
        let text = crate::text::steps(&g.def(pt).effect);
        assert!(
            text.contains("That character gets +1/+0 this turn."),
            "{text}"
        );
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.stats(mine), (3, 2));
        assert_eq!(g.card(theirs).zone(), Zone::KoPile);
    }
}
