//! The questions a new player reads carry what they need to decide: a payment says
//! what it pays for, what it still needs and what each card would put in; an
//! interrupt or response window says what is about to happen or just happened; a
//! defence says who attacks whom. (What a seat may not see stays out: the
//! hidden-information property test reads these same prompts.)

use crossover_kernel::{Game, GameRng, Presentation};
use crossover_mc::{Action, DeckList, Mc, McSetup};

#[test]
fn payments_windows_and_defences_say_what_is_going_on() {
    let (mut pays, mut windows, mut defends) = (0, 0, 0);
    for seed in 0..12u64 {
        let setup = McSetup {
            decks: vec![
                DeckList::prebuilt("spider-man").unwrap(),
                DeckList::prebuilt("captain-marvel").unwrap(),
            ],
            villain: "rhino".into(),
            modular: "bomb_scare".into(),
            expert: false,
        };
        let mut g = Mc::new_game(&setup, seed).unwrap();
        let mut rng = GameRng::from_seed(seed);
        for _ in 0..400 {
            let Some(d) = g.decision() else { break };
            let prompt = g.prompt(d.seat).unwrap_or_default();
            let words: Vec<String> = d
                .options
                .iter()
                .map(|a| g.describe_action(d.seat, a))
                .collect();
            if words.iter().any(|w| w == "Call off the payment") {
                pays += 1;
                assert!(
                    prompt.starts_with("Paying"),
                    "the payment names what it is for: {prompt}"
                );
                assert!(
                    prompt.contains("needed") || prompt.contains("as many"),
                    "{prompt}"
                );
                for (a, w) in d.options.iter().zip(&words) {
                    if matches!(a, Action::PayWith(_) | Action::PayWithAbility { .. }) {
                        assert!(
                            w.contains(" resource"),
                            "an option says what it puts in: {w}"
                        );
                        assert!(w.chars().any(|c| c.is_ascii_digit()), "{w}");
                    }
                }
            }
            if words.iter().any(|w| w == "Pass")
                && d.options.iter().any(|a| matches!(a, Action::Use { .. }))
            {
                windows += 1;
                assert!(
                    prompt.starts_with("About to happen: ")
                        || prompt.starts_with("Just happened: "),
                    "the window says what opened it: {prompt}"
                );
            }
            if d.options.contains(&Action::NoDefense) {
                defends += 1;
                assert!(
                    prompt.contains(" attacks ") && prompt.contains("ATK "),
                    "the defence says who attacks whom: {prompt}"
                );
            }
            let a = d.options[rng.below(d.options.len())];
            g.apply(&a).unwrap();
        }
    }
    assert!(
        pays > 0 && windows > 0 && defends > 0,
        "{pays} payments, {windows} windows, {defends} defences seen"
    );
}
