//! `ko-all-resources`: every resource of every player, face up or face down, goes to its
//! owner's KO pile (Resources and Locations; "KO all resources").

use crate::verbs::{Compiler, HostState, Pcg};
use crate::words::{no_args, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KoAllResources;

impl Verb<Pcg> for KoAllResources {
    const WORDS: &'static [&'static str] = &["ko-all-resources"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> Result<(), E> {
        no_args(form, word, c.scope, false)?;
        c.push(KoAllResources);
        Ok(())
    }

    fn text(&self) -> String {
        "KO every resource of every player.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        for seat in g.every_seat() {
            for r in g.resources(seat) {
                let owner = g.owner_of(r);
                g.put_into_ko_pile(r, owner);
            }
        }
        g.log_line(&mut |_| "Every resource is KO'd.".into());
        None
    }
}

#[cfg(all(test, feature = "testkit"))]
mod tests {
    use crate::action::Action;
    use crate::ids::Zone;
    use crate::testkit::verb_bench;
    use crossover_kernel::Game;

    /// Resources and Locations: both players' resources, face up and face down, are KO'd.
    #[test]
    fn ko_all_resources_does_what_the_rulebook_says() {
        let (mut g, pt, _, _) = verb_bench("ko-all-resources");
        let text = crate::text::steps(&g.def(pt).effect);
        assert_eq!(text, "KO every resource of every player.");
        let a = g.spawn("t-loc", 0, Zone::Resources);
        let b = g.spawn("t-loc", 1, Zone::Resources);
        g.set_face_up(b, false);
        g.apply(&Action::PlayPlotTwist { card: pt }).unwrap();
        assert_eq!(g.card(a).zone(), Zone::KoPile);
        assert_eq!(g.card(b).zone(), Zone::KoPile);
    }
}
