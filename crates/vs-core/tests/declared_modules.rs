//! `verbs!` with `, declaring modules`: a verb line also declares its file and re-exports
//! its type, so a verb is its file plus one line of the list (`declared_modules/bump.rs`
//! here is such a file, declared by nothing but its line).

mod declared_modules {
    pub struct Toy;
    pub struct Host {
        pub counter: i64,
    }
    pub struct Compiler {
        pub out: Vec<Step>,
    }

    impl crossover_vs_core::Engine for Toy {
        type Step = Step;
        type Compiler<'a> = Compiler;
        type CompileError = String;
        type Host = Host;
        type Action = ();
    }

    crossover_vs_core::verbs! {
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum Step for Toy, declaring modules {
            /// Declared by this line alone.
            Bump(bump::Bump),
        }
    }
}

use declared_modules::{Bump, Host, Step};

#[test]
fn a_verb_line_declares_its_file_and_re_exports_its_type() {
    let mut g = Host { counter: 1 };
    assert_eq!(Step::Bump(Bump).run(&mut g), None);
    assert_eq!(g.counter, 2);
    assert_eq!(Step::Bump(Bump).text(), "Bump the counter.");
    assert_eq!(Step::verb_words().collect::<Vec<_>>(), ["bump"]);
}
