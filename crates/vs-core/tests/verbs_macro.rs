//! The verb mechanism on a toy game: a counter that steps raise and a step that asks.

use crossover_sexpr::Sexp;
use crossover_vs_core::{Engine, Verb};
use std::hash::{Hash, Hasher};

struct Toy;
struct Host {
    counter: i64,
    asked: bool,
}
struct Compiler {
    out: Vec<Step>,
}

impl Engine for Toy {
    type Step = Step;
    type Compiler<'a> = Compiler;
    type CompileError = String;
    type Host = Host;
    type Action = bool;
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Raise {
    by: i64,
}

impl Verb<Toy> for Raise {
    const WORDS: &'static [&'static str] = &["raise", "lower"];
    fn compile(c: &mut Compiler, word: &str, form: &Sexp) -> Result<(), String> {
        let Some([Sexp::Int(n, _)]) = form.as_list().map(|l| &l[1..]) else {
            return Err(format!("`{word}` is written ({word} N)"));
        };
        let by = if word == "lower" { -n } else { *n };
        c.out.push(Raise { by }.into());
        Ok(())
    }
    fn text(&self) -> String {
        format!("Raise the counter by {}.", self.by)
    }
    fn run(&self, g: &mut Host) -> Option<usize> {
        g.counter += self.by;
        None
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Ask;

impl Verb<Toy> for Ask {
    const WORDS: &'static [&'static str] = &["ask"];
    fn compile(c: &mut Compiler, _word: &str, _form: &Sexp) -> Result<(), String> {
        c.out.push(Ask.into());
        Ok(())
    }
    fn text(&self) -> String {
        "Ask.".into()
    }
    fn run(&self, _g: &mut Host) -> Option<usize> {
        Some(1)
    }
    fn options(&self, _g: &Host) -> Vec<bool> {
        vec![true, false]
    }
    fn answer(&self, g: &mut Host, a: &bool) -> bool {
        g.asked = *a;
        true
    }
    fn prompt(&self, _g: &Host) -> Option<String> {
        Some("yes or no".into())
    }
}

crossover_vs_core::verbs! {
    /// The toy's steps.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    enum Step for Toy {
        Raise(Raise),
        /// Asks a question.
        Ask(Ask),
    }
}

fn parse(text: &str) -> Sexp {
    crossover_sexpr::read(text).unwrap().remove(0)
}

#[test]
fn a_word_compiles_with_the_verb_that_owns_it() {
    let mut c = Compiler { out: vec![] };
    for text in ["(raise 2)", "(lower 3)", "(ask)"] {
        let form = parse(text);
        let word = form.as_list().unwrap()[0].as_atom().unwrap().to_string();
        Step::compile(&mut c, &word, &form).unwrap().unwrap();
    }
    assert_eq!(
        c.out,
        vec![
            Step::Raise(Raise { by: 2 }),
            Step::Raise(Raise { by: -3 }),
            Step::Ask(Ask)
        ]
    );
    assert!(Step::compile(&mut c, "old", &parse("(old)")).is_none());
    let err = Step::compile(&mut c, "raise", &parse("(raise x)")).unwrap();
    assert_eq!(err, Err("`raise` is written (raise N)".to_string()));
    assert_eq!(
        Step::verb_words().collect::<Vec<_>>(),
        ["raise", "lower", "ask"]
    );
}

#[test]
fn the_generated_methods_hand_each_step_to_its_verb() {
    let mut g = Host {
        counter: 0,
        asked: false,
    };
    assert_eq!(Step::Raise(Raise { by: 2 }).run(&mut g), None);
    assert_eq!(g.counter, 2);
    assert_eq!(Step::Ask(Ask).run(&mut g), Some(1));
    assert_eq!(Step::Ask(Ask).options(&g), vec![true, false]);
    assert!(Step::Ask(Ask).answer(&mut g, &true));
    assert!(g.asked);
    assert_eq!(Step::Ask(Ask).prompt(&g).as_deref(), Some("yes or no"));
    assert_eq!(
        Step::Raise(Raise { by: 1 }).text(),
        "Raise the counter by 1."
    );
    assert!(Step::Raise(Raise { by: 1 }).options(&g).is_empty());
    assert!(!Step::Raise(Raise { by: 1 }).answer(&mut g, &true));
}

/// The same enum written the old way, with struct variants.
#[derive(Hash)]
#[allow(dead_code)]
enum OldStep {
    Raise { by: i64 },
    Ask,
}

fn hash_of<T: Hash>(v: &T) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}

#[test]
fn moving_a_step_into_a_verb_file_changes_no_hash() {
    // Card databases are named by the hash of their definitions (fingerprints), and
    // states hash their database: a verb's fields must hash as the variant's did.
    assert_eq!(
        hash_of(&Step::Raise(Raise { by: 7 })),
        hash_of(&OldStep::Raise { by: 7 })
    );
    assert_eq!(hash_of(&Step::Ask(Ask)), hash_of(&OldStep::Ask));
}
