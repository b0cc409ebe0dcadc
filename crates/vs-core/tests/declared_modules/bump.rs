//! `(bump)`: raises the toy's counter by one.

use super::{Compiler, Host, Toy};
use crossover_sexpr::Sexp;
use crossover_vs_core::Verb;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bump;

impl Verb<Toy> for Bump {
    const WORDS: &'static [&'static str] = &["bump"];
    fn compile(c: &mut Compiler, _word: &str, _form: &Sexp) -> Result<(), String> {
        c.out.push(Bump.into());
        Ok(())
    }
    fn text(&self) -> String {
        "Bump the counter.".into()
    }
    fn run(&self, g: &mut Host) -> Option<usize> {
        g.counter += 1;
        None
    }
}
