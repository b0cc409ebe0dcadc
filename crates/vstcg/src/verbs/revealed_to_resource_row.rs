//! `(revealed-to-resource-row)`: the card revealed from hand to pay the effect's cost,
//! on the chain with it (708.9d), goes face down into its controller's resource row
//! (terraform, 706.13). Done only while that card is still on the chain.

use crate::verbs::{Compiler, HostState, Tcg};
use crate::words::{err, R};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RevealedToResourceRow;

impl Verb<Tcg> for RevealedToResourceRow {
    const WORDS: &'static [&'static str] = &["revealed-to-resource-row"];

    fn compile(c: &mut Compiler<'_>, word: &str, form: &Sexp) -> R<()> {
        if !form.args().is_empty() {
            return err(form.pos(), format!("write `({word})`"));
        }
        c.push(RevealedToResourceRow);
        Ok(())
    }

    fn text(&self) -> String {
        "Put this card face down into your resource row.".into()
    }

    fn run(&self, g: &mut HostState) -> Option<Seat> {
        match g.revealed_card() {
            Some(c) => {
                let p = g.controller();
                g.put_into_resource_row(c, p);
                g.set_did(true);
            }
            None => g.set_did(false),
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// Only the card revealed for the cost moves: a plot twist's own effect (no card
    /// revealed) puts nothing into the resource row.
    #[test]
    fn revealed_to_resource_row_needs_a_revealed_card() {
        let (mut b, pt) = Bench::with_effect("(revealed-to-resource-row)", "");
        assert_eq!(
            b.effect_text(pt),
            "Put this card face down into your resource row."
        );
        b.play(pt, &[]);
        assert_eq!(b.g.card(pt).zone, Zone::KoPile);
        assert!(b.g.player(0).resources.is_empty());
    }
}
