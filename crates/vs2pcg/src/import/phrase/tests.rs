//! Printed phrases (invented cards and wording, in the shape of the later sets' text) and
//! the card-language forms they compile to; for each kind of phrase, the text the engine
//! generates from the form says what the phrase says.

use super::*;
use crate::import::powers::{normalise, printed_powers};

const NAME: &str = "Test Hero";

/// The one printed power of `text` on a card named [`NAME`], compiled.
fn compiled(text: &str, holder: Holder) -> Result<Compiled, Refusal> {
    let p = printed_powers(&normalise(text, NAME, holder != Holder::PlotTwist));
    assert_eq!(p.len(), 1, "one power expected: {p:#?}");
    compile_power(&p[0], holder)
}

const SUPPORTING: Holder = Holder::Character { main: false };
const MAIN: Holder = Holder::Character { main: true };

/// The bodies of a character's power.
fn bodies(text: &str, holder: Holder) -> Vec<String> {
    match compiled(text, holder) {
        Ok(Compiled::Bodies(b)) => b,
        other => panic!("{text}: {other:?}"),
    }
}

fn body(text: &str) -> String {
    let b = bodies(text, SUPPORTING);
    assert_eq!(b.len(), 1, "{b:?}");
    b[0].clone()
}

fn refused(text: &str, holder: Holder) -> Refusal {
    match compiled(text, holder) {
        Err(why) => why,
        other => panic!("{text}: compiled to {other:?}"),
    }
}

/// The generated text of a card with the bodies as one power (checked by the card
/// compiler on the way).
fn card_text(kind: &str, bodies: &[String]) -> String {
    let src = format!(
        "(card tst-900 \"{NAME}\" {kind} (power \"Testing\" {}))",
        bodies.join(" ")
    );
    let defs = crate::cardfile::parse_cards("test", &src).unwrap_or_else(|e| panic!("{e}\n{src}"));
    crate::text::card_text(&defs[0])
}

fn supporting_text(bodies: &[String]) -> String {
    card_text(
        "(supporting (cost 2) (atk 2) (def 2) (health 1) (team heels))",
        bodies,
    )
}

#[test]
fn a_keyword_power_with_its_reminder_text() {
    assert_eq!(
        bodies("Dodge. Test Hero can't be ranged attacked.", SUPPORTING),
        ["(keyword dodge)"]
    );
    assert_eq!(
        bodies("Leap. She has [FLIGHT] during your turn.", SUPPORTING),
        ["(keyword leap)"]
    );
    assert_eq!(bodies("Swarm.", SUPPORTING), ["(keyword swarm)"]);
    // Several keywords in one line: one power each (the importer names them).
    assert_eq!(
        bodies("One of a Kind, Swarm.", SUPPORTING),
        ["(keyword one-of-a-kind)", "(keyword swarm)"]
    );
    let t = supporting_text(&bodies(
        "Dodge. Test Hero can't be ranged attacked.",
        SUPPORTING,
    ));
    assert!(t.contains("Dodge"), "{t}");
    // A keyword's name over other text is not that keyword.
    assert!(refused("Dodge. Test Hero gets +1/+1.", SUPPORTING).contains("reminder"));
    assert!(refused(
        "Dodge. Test Hero can't be ranged attacked or melee attacked by anyone.",
        SUPPORTING
    )
    .contains("reminder"));
}

#[test]
fn grab_fearless_and_genius_are_written_as_what_they_do() {
    assert_eq!(
        body("Grab. While Test Hero is in your front row, enemy characters can't fly over him."),
        "(static grab)"
    );
    let b =
        body("Fearless. While attacking a main character, Test Hero strikes with double her ATK.");
    assert_eq!(b, "(static (while self-attacking-main) double-strike)");
    let t = supporting_text(&[b]);
    assert!(t.contains("attacking a main character"), "{t}");
    assert!(t.contains("double its ATK"), "{t}");
    let b = body("Genius. At the start of your turn, you draw a card.");
    assert_eq!(b, "(trigger (on start-of-your-turn) (draw you 1))");
    let t = supporting_text(&[b]);
    assert!(t.to_lowercase().contains("as your turn begins"), "{t}");
    assert!(t.contains("draw a card"), "{t}");
}

#[test]
fn a_super_power_and_its_cost() {
    // The shape of the brief's example: a choice, then counters on it.
    let b = body("Zap. Main [ENERGY]: Put three -1/-1 counters on an enemy supporting character.");
    assert_eq!(
        b,
        "(super main (cost energy) (choose 0 (enemy supporting character)) (minus-counters (chosen 0) 3))"
    );
    let t = supporting_text(&[b]);
    assert!(
        t.contains("Main [Energy]: Choose an enemy supporting character."),
        "{t}"
    );
    assert!(t.contains("That character gets 3 -1/-1 counters."), "{t}");

    let b = body("Swing Away [Any Turn] Combat [MIGHT][Might]: Test Hero gets +4/+1 this combat.");
    assert_eq!(
        b,
        "(super (combat any-turn) (cost might might) (modify self 4 1 this-combat))"
    );
    let t = supporting_text(&[b]);
    assert!(t.contains("[Any Turn] Combat"), "{t}");
    assert!(t.contains("This character gets +4/+1 this combat."), "{t}");

    assert_eq!(
        body("Rally. Build (Intellect): Draw two cards."),
        "(super build (cost intellect) (draw you 2))"
    );
    assert_eq!(
        body("Guard Up. [Anytime] Any Combat [SKILL]: Choose a defender on your side to get +1/+4 this combat."),
        "(super (combat any-turn any-combat) (cost skill) (choose 0 (yours defender)) (modify (chosen 0) 1 4 this-combat))"
    );
    // "once each game" is once per game.
    assert_eq!(
        body("Last Stand. Main [Skill]: Recover Test Hero. She can only use this power once each game."),
        "(super main (cost skill) once-per-game (recover self))"
    );
}

#[test]
fn super_powers_the_card_language_cant_say_are_refused() {
    assert_eq!(
        refused(
            "Either Way. Main [Skill] or [Might]: Draw a card.",
            SUPPORTING
        ),
        "a Super Power paid one of several ways"
    );
    assert!(refused(
        "Again. Main [Skill]: Exhaust Test Hero. She can use this power any number of times per turn.",
        SUPPORTING
    )
    .starts_with("an effect"));
    assert_eq!(
        refused("Many Ways. Build or Main [Skill]: Draw a card.", SUPPORTING),
        "a power with more than one timing"
    );
    // An "exhausted" character is not a filter of the card language.
    assert_eq!(
        refused(
            "Finish. Main [Skill]: Stun an exhausted enemy attacker.",
            SUPPORTING
        ),
        "an effect: \"stun an exhausted …\" isn't read"
    );
    assert!(refused(
        "Later. Main [Skill]: Test Hero gets +2/+2 until your next turn.",
        SUPPORTING
    )
    .starts_with("an effect"));
}

#[test]
fn a_level_up_power() {
    let b = bodies(
        "Grow. Level Up (3) - When Test Hero team attacks, he gains 1 XP.",
        MAIN,
    );
    assert_eq!(b, ["(level-up 3 (on self-team-attacks))"]);
    let t = card_text("(main 1 (atk 2) (def 4) (health 5) (team heels))", &b);
    assert!(
        t.to_lowercase()
            .contains("when this character team attacks"),
        "{t}"
    );
    assert_eq!(
        bodies(
            "Grow. Level Up [4] - At the start of your Build Phase, Test Hero gains 2 XP.",
            MAIN
        ),
        ["(level-up 4 (on start-of-your-build) (gain-xp 2))"]
    );
    assert_eq!(
        bodies(
            "Lone. Level Up(6) - When Test Hero solo attacks, she gains 1 XP.",
            MAIN
        ),
        ["(level-up 6 (on self-attacks) (if self-solo-attacking))"]
    );
    assert_eq!(
        bodies(
            "Watch. Level Up (7) - When an enemy character gets KO'd, Test Hero gains 1 XP.",
            MAIN
        ),
        ["(level-up 7 (on enemy-kod))"]
    );
    assert!(refused(
        "Grow. Level Up (3) - When Test Hero team attacks, he gains 1 XP.",
        SUPPORTING
    )
    .contains("isn't a main character"));
}

#[test]
fn a_triggered_power() {
    let b = body(
        "Welcome. When Test Hero appears, put two +1/+1 counters on another face-up supporting character on your side.",
    );
    assert_eq!(
        b,
        "(trigger (on self-appears) (choose 0 (yours other face-up supporting character)) (plus-counters (chosen 0) 2))"
    );
    let t = supporting_text(&[b]);
    assert!(
        t.to_lowercase().contains("when this character appears"),
        "{t}"
    );
    assert!(
        t.contains("another face-up supporting character you control"),
        "{t}"
    );
    // "it": the character the trigger is about.
    assert_eq!(
        body("Gloat. When an enemy character appears, exhaust it."),
        "(trigger (on enemy-appears) (take-subject 0) (exhaust (chosen 0)))"
    );
    assert_eq!(
        body("Hello. When Test Hero gets attacked for the first time each turn, draw two cards."),
        "(trigger (on self-attacked first-each-turn) (draw you 2))"
    );
    assert_eq!(
        body("Rage. When Test Hero stuns a supporting character, draw a card."),
        "(trigger (on self-stuns supporting character) (draw you 1))"
    );
    assert!(
        refused("Odd. When Test Hero sings, draw a card.", SUPPORTING)
            .starts_with("a triggered power whose event")
    );
}

#[test]
fn may_if_and_instead() {
    let b = body("Nap. When Test Hero gets attacked, you may stun an enemy attacker.");
    assert_eq!(
        b,
        "(trigger (on self-attacked) (may \"Do it?\" (choose 0 (enemy attacker)) (stun (chosen 0))))"
    );
    let t = supporting_text(&[b]);
    assert!(t.contains("may"), "{t}");
    let b = body(
        "Sleeper. [Any Turn] Combat [Might]: If this is a melee combat, exhaust an enemy attacker.",
    );
    assert_eq!(
        b,
        "(super (combat any-turn) (cost might) (if (not ranged-combat) (choose 0 (enemy attacker)) (exhaust (chosen 0))))"
    );
    let t = supporting_text(&[b]);
    assert!(t.contains("not a ranged attack"), "{t}");
    let b = body("Brace. Main [Skill]: Test Hero gets +1/+2 this turn. If she's defending, she gets +4/+4 instead.");
    assert_eq!(
        b,
        "(super main (cost skill) (if (not self-defending) (modify self 1 2 this-turn)) (if self-defending (modify self 4 4 this-turn)))"
    );
    let t = supporting_text(&[b]);
    assert!(t.contains("this character is defending"), "{t}");
}

#[test]
fn steps_on_characters() {
    let effect = |text: &str| match compiled(text, Holder::PlotTwist) {
        Ok(Compiled::Effect { timing, steps }) => (timing, steps.join(" ")),
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(
        effect("[Any Turn] Combat: Choose a supporting character on your side in the combat to get +5/+1 this combat."),
        (
            "combat any-turn".to_string(),
            "(choose 0 (yours supporting character in-combat)) (modify (chosen 0) 5 1 this-combat)".to_string()
        )
    );
    assert_eq!(
        effect("Build: Choose a main character on your side. It gets +1/+0 and [Flight] this turn.").1,
        "(choose 0 (yours main character)) (modify (chosen 0) 1 0 this-turn) (gain-keyword (chosen 0) flight this-turn)"
    );
    assert_eq!(
        effect("Combat: Put three +1/+1 counters on a defender on your side. It is Ferocious this turn.").1,
        "(choose 0 (yours defender)) (plus-counters (chosen 0) 3) (gain-keyword (chosen 0) ferocious this-turn)"
    );
    assert_eq!(
        effect("Main: Put three +1/+1 counters on a front row character on your side and a -1/-1 counter on each enemy attacker.").1,
        "(choose 0 (yours front-row character)) (plus-counters (chosen 0) 3) (minus-counters (each enemy attacker) 1)"
    );
    assert_eq!(
        effect("Build: Put a -1/-1 counter on each enemy back row character.").1,
        "(minus-counters (each enemy back-row character) 1)"
    );
    assert_eq!(
        effect(
            "Main: Exhaust an enemy supporting character with cost 5 or less, then draw two cards."
        )
        .1,
        "(choose 0 (enemy supporting character (max-cost 5))) (exhaust (chosen 0)) (draw you 2)"
    );
    assert_eq!(
        effect("Main: Move a face-down enemy character to its back row. Each enemy player discards two random cards.").1,
        "(choose 0 (enemy stunned character)) (push (chosen 0)) (discard-random each-enemy 2)"
    );
    assert_eq!(
        effect("Main: Heal two wounds from a [Heels] character on your side.").1,
        "(choose 0 (yours (team heels) character)) (heal (chosen 0) 2)"
    );
    // The plot twist's generated text.
    let (timing, steps) =
        effect("[Any Turn] Combat: Choose an enemy attacker to get -2/-0 this combat.");
    let src =
        format!("(card tst-901 \"Test Shove\" (plot-twist (timing {timing})) (effect {steps}))");
    let defs = crate::cardfile::parse_cards("test", &src).unwrap();
    let t = crate::text::card_text(&defs[0]);
    assert!(t.contains("[Any Turn] Combat"), "{t}");
    assert!(t.contains("Choose an enemy attacker."), "{t}");
    assert!(t.contains("That character gets -2/+0 this combat."), "{t}");
    // A plot twist's text without a timing is refused.
    assert!(refused("Pick one of them.", Holder::PlotTwist).contains("plot twist"));
}

#[test]
fn players_and_searches() {
    assert_eq!(
        body("Share. Build [Intellect]: Choose an enemy player to draw two cards. You draw three cards."),
        "(super build (cost intellect) (choose-player 0 enemy) (draw (chosen-player 0) 2) (draw you 3))"
    );
    let b = body("Copy Cat. When Test Hero gets KO'd, you may search your deck for a character named Test Hero and put her onto your side.");
    assert_eq!(
        b,
        "(trigger (on self-kod) (may \"Do it?\" search-deck-for-copy))"
    );
    let t = supporting_text(&[b]);
    assert!(t.contains("onto your side"), "{t}");
    assert_eq!(
        body("Dig. When Test Hero gets stunned, search your deck for a card and put it into your hand."),
        "(trigger (on self-stunned) (search-deck any hand))"
    );
}

#[test]
fn static_powers() {
    let b = body("Brawler. Test Hero has +2/+1 while defending.");
    assert_eq!(b, "(static (while self-defending) (stats 2 1))");
    let t = supporting_text(&[b]);
    assert!(t.contains("+2/+1"), "{t}");
    assert!(t.contains("defending"), "{t}");
    assert_eq!(
        body("Wall. While in the front row, Test Hero has +0/+3."),
        "(static (while self-in-front-row) (stats 0 3))"
    );
    assert_eq!(
        bodies(
            "Padded. Equipped character has +1/+1 and [Flight].",
            Holder::Equipment
        ),
        ["(static (stats 1 1))", "(static (grant-keyword flight))"]
    );
    // A character granting itself a keyword is not read (the generated text would name
    // an equipped character).
    assert!(
        refused("Fierce. Test Hero has Ferocious while wounded.", SUPPORTING)
            .starts_with("a power")
    );
}

#[test]
fn aka_lines() {
    assert_eq!(
        compiled("AKA Other Test.", SUPPORTING),
        Ok(Compiled::Aka("Other Test".into()))
    );
    assert!(refused("AKA. Other One, Another.", SUPPORTING).contains("AKA"));
}
