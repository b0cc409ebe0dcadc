//! `(gain-xp AMOUNT)`: the power's own character gains XP (Level Up powers, p.20).

use crate::verbs::{Compiler, HostState, Pcg};
use crate::vocab::{Amount, Who};
use crate::wording::each_of;
use crate::words::{err, parse_amount, written, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GainXp {
    pub n: Amount,
}

impl Verb<Pcg> for GainXp {
    const WORDS: &'static [&'static str] = &["gain-xp"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        if !c.scope.has_self {
            return err(
                form.pos(),
                "`gain-xp` gives XP to the power's own character; a plot twist has none",
            );
        }
        let a = written(
            form,
            word,
            1,
            "(gain-xp AMOUNT), like (gain-xp 1) or (gain-xp (count yours face-up supporting))",
        )?;
        c.push(GainXp {
            n: parse_amount(&a[0], c.scope, false)?,
        });
        Ok(())
    }

    fn text(&self) -> String {
        match &self.n {
            Amount::Fixed(k) => format!("this character gains {k} XP."),
            other => format!("this character gains 1 XP per {}.", each_of(other)),
        }
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        let n = g.how_many(&self.n).clamp(0, 255) as u8;
        if n > 0 && !g.who(&Who::This).is_empty() {
            let me = g.source();
            g.gain_xp(me, n);
        }
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::testkit::main_power_bench;
    use crossover_kernel::Game;

    /// Level Up powers p.20: the character gains 2 XP.
    #[test]
    fn gain_xp_does_what_the_rulebook_says() {
        let (mut g, main, use_it, theirs) = main_power_bench("(gain-xp 2)");
        let text = crate::text::card_text(g.def(main));
        assert!(text.contains("this character gains 2 XP."), "{text}");
        let xp = g.card(main).xp();
        g.apply(&use_it).unwrap();
        assert_eq!(g.card(main).xp(), xp + 2);
        let _ = theirs;
    }
}
