//! Scenario tests for the Marvel Battles cards that needed new card language (and the
//! cards whose hooks became language steps): each puts the real card from the embedded
//! card files into a game and shows its power doing what the card says, and where the
//! card restricts it, that it is refused otherwise.

use crossover_kernel::{Game, Outcome, Presentation};
use crossover_vs2pcg::action::Action;
use crossover_vs2pcg::state::*;
use crossover_vs2pcg::{GameState, PlayerSetup, Setup};

fn apply(g: &mut GameState, a: Action) {
    g.apply(&a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
}

/// A game with the embedded cards: these main characters (level 1), decks of Fortress,
/// set up and at the first player's first Resource Step.
fn game(variant: Variant, mains: &[&str], seed: u64) -> GameState {
    let names = ["Ada", "Bo", "Cy", "Di"];
    let s = Setup {
        variant,
        players: mains
            .iter()
            .enumerate()
            .map(|(i, m)| PlayerSetup {
                name: names[i].into(),
                main: m.to_string(),
                deck: vec!["mnb-112".to_string(); 60],
                versions: Vec::new(),
            })
            .collect(),
        cards: Default::default(),
    };
    let mut g = GameState::with_db(crossover_vs2pcg::cardfile::embedded(), &s, seed).unwrap();
    if matches!(g.pending(), Pending::ChooseFirst { .. }) {
        g.set_chooser(0);
        g.set_pending(Pending::ChooseFirst { seat: 0 });
    }
    while g.turn() == 0 {
        let a = match &g.pending() {
            Pending::ChooseFirst { seat } => Action::GoFirst(*seat == 0),
            Pending::PlaceMain { .. } => Action::PlaceMain(Row::Front),
            _ => Action::Mulligan(false),
        };
        apply(&mut g, a);
    }
    g
}

/// A two-player game at seat 0's first Main Phase.
fn duel(main0: &str, main1: &str, seed: u64) -> GameState {
    let mut g = game(Variant::TwoPlayer, &[main0, main1], seed);
    g.goto_main();
    g
}

/// Pass in the combat window until the combat resolves (nobody plays anything).
fn pass_window(g: &mut GameState) {
    while g.combat().is_some() && matches!(g.pending(), Pending::Act { .. }) {
        apply(g, Action::Pass);
    }
}

/// Hands go back into the decks, so tests say exactly what is in them.
fn clear_hand(g: &mut GameState, seat: usize) {
    for c in g.players()[seat].hand().clone() {
        g.move_to(c, Zone::Deck, seat);
    }
}

/// The main character reaches level 2 (its XP is set and the state checks level it up).
fn level_up(g: &mut GameState, seat: usize, xp: u8) {
    let m = g.players()[seat].main();
    g.set_xp(m, xp);
    g.settle();
    assert_eq!(g.def(m).level(), 2, "{} levels up", g.name(m));
}

fn uses_of(g: &GameState, card: CardId, power: &str) -> Vec<Action> {
    g.legal_actions()
        .into_iter()
        .filter(|a| {
            matches!(a, Action::UsePower { card: c, .. } if *c == card)
                && g.describe_action(g.pending_seat().unwrap_or(0), a)
                    .contains(power)
        })
        .collect()
}

/// Use `card`'s Super Power `power` with the first offered payment.
fn use_power(g: &mut GameState, card: CardId, power: &str) {
    let a = uses_of(g, card, power)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no legal use of {power}: {:?}", g.legal_actions()));
    apply(g, a);
}

fn attack(g: &mut GameState, attacker: CardId, defender: CardId) {
    apply(g, Action::Attack { attacker });
    apply(g, Action::Defender { card: defender });
}

/// Pass the Build Phase steps of a new turn: on to the Main Phase.
fn to_main(g: &mut GameState) {
    while g.phase() != Phase::Main {
        apply(g, Action::Pass);
    }
}

/// Pass the Main Phase: the turn ends.
fn end_turn(g: &mut GameState) {
    let seat = g.turn_seat();
    while g.turn_seat() == seat && g.outcome().is_none() {
        match g.pending() {
            Pending::Act { .. } => apply(g, Action::Pass),
            _ => panic!("unexpected decision {:?}", g.pending()),
        }
    }
}

fn choices(g: &GameState) -> Vec<CardId> {
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Choose { card } => Some(card),
            _ => None,
        })
        .collect()
}

// ------------------------------------------------------------------ Spider-Man

#[test]
fn mnb_007_spider_man_great_power_gets_a_bonus_per_face_up_supporting_character() {
    let mut g = duel("mnb-007", "mnb-083", 1);
    let spidey = g.players()[0].main();
    g.spawn("mnb-112", 0, Zone::Resources);
    g.spawn("mnb-010", 0, Zone::Back);
    g.spawn("mnb-013", 0, Zone::Back);
    let stunned = g.spawn("mnb-062", 0, Zone::Back);
    g.stun(stunned, None, false);
    let target = g.spawn("mnb-014", 1, Zone::Front);
    assert!(
        uses_of(&g, spidey, "Great Power").is_empty(),
        "a Combat power can't be used outside a combat"
    );
    attack(&mut g, spidey, target);
    use_power(&mut g, spidey, "Great Power");
    assert_eq!(
        g.stats(spidey),
        (4, 7),
        "+1/+1 for each of the two face-up supporting characters"
    );
}

#[test]
fn mnb_007_spider_man_great_responsibility_gains_xp_per_face_up_supporting_character() {
    let mut g = duel("mnb-007", "mnb-083", 2);
    let spidey = g.players()[0].main();
    for n in ["mnb-010", "mnb-013", "mnb-014"] {
        g.spawn(n, 0, Zone::Back);
    }
    let stunned = g.spawn("mnb-062", 0, Zone::Back);
    g.stun(stunned, None, false);
    g.set_xp(spidey, 4);
    end_turn(&mut g);
    assert_eq!(g.def(spidey).level(), 1);
    assert_eq!(
        g.card(spidey).xp(),
        7,
        "3 XP at the end of the turn: one per face-up supporting character"
    );
    // Next time round, 3 more reach the Level Up number 8.
    end_turn(&mut g);
    end_turn(&mut g);
    assert_eq!(g.def(spidey).level(), 2, "8 XP: level 2");
}

#[test]
fn mnb_008_spider_man_friendly_neighbor_replaces_a_defender_in_any_combat() {
    let mut g = duel("mnb-083", "mnb-007", 3);
    level_up(&mut g, 1, 8);
    let spidey = g.players()[1].main();
    g.spawn("mnb-111", 1, Zone::Resources);
    let fury = g.spawn("mnb-014", 1, Zone::Back);
    let thor = g.spawn("mnb-021", 0, Zone::Front);
    attack(&mut g, thor, fury);
    apply(&mut g, Action::Pass); // the attacking player passes first
    assert_eq!(g.pending(), Pending::Act { seat: 1 });
    assert!(
        uses_of(&g, spidey, "Great Power").is_empty(),
        "Great Power is not Any Combat: Spider-Man is not in this combat"
    );
    use_power(&mut g, spidey, "Friendly Neighbor");
    let cb = g.combat().as_ref().unwrap();
    assert_eq!(cb.defender, Some(spidey), "Spider-Man is the defender now");
    assert_eq!(g.row_of(spidey), Some(Row::Back), "they switch positions");
    assert_eq!(g.row_of(fury), Some(Row::Front));
    pass_window(&mut g);
    assert!(g.card(fury).face_up(), "Nick Fury is out of the combat");
}

// ------------------------------------------------------------------ Deadpool

#[test]
fn mnb_031_deadpool_merc_with_a_mouth_makes_his_side_lethal_this_turn() {
    for merc in [false, true] {
        let mut g = duel("mnb-031", "mnb-083", 4);
        let deadpool = g.players()[0].main();
        g.spawn("mnb-109", 0, Zone::Resources);
        let thor = g.spawn("mnb-021", 0, Zone::Front);
        let abom = g.spawn("mnb-094", 1, Zone::Front);
        if merc {
            use_power(&mut g, deadpool, "Merc with a Mouth");
        }
        attack(&mut g, thor, abom);
        pass_window(&mut g);
        if merc {
            assert_eq!(g.card(abom).zone(), Zone::KoPile, "Lethal KOs the defender");
        } else {
            assert!(g.is_stunned(abom), "without it: stunned, 1 wound of 3");
        }
    }
}

#[test]
fn mnb_031_deadpool_no_one_left_to_kill_gains_xp_when_an_enemy_is_all_stunned() {
    for all_stunned in [false, true] {
        let mut g = duel("mnb-031", "mnb-083", 5);
        let deadpool = g.players()[0].main();
        let magneto = g.players()[1].main();
        let widow = g.spawn("mnb-010", 1, Zone::Front);
        g.stun(magneto, None, false);
        if all_stunned {
            g.stun(widow, None, false);
        }
        end_turn(&mut g);
        assert_eq!(g.card(deadpool).xp(), u8::from(all_stunned));
    }
}

#[test]
fn mnb_032_deadpool_hi_there_attacks_a_player_whose_characters_are_all_stunned() {
    let mut g = duel("mnb-031", "mnb-083", 6);
    level_up(&mut g, 0, 3);
    let deadpool = g.players()[0].main();
    let magneto = g.players()[1].main();
    let widow = g.spawn("mnb-010", 1, Zone::Front);
    let thor = g.spawn("mnb-021", 0, Zone::Front);
    g.spawn("mnb-111", 0, Zone::Resources);
    let defenders = |g: &GameState, a: &[CardId]| -> Vec<String> {
        g.legal_defenders(a)
            .into_iter()
            .map(|d| g.name(d).to_string())
            .collect()
    };
    use_power(&mut g, deadpool, "Oh, there's someone! Hi there!");
    g.stun(magneto, None, false);
    assert!(
        !defenders(&g, &[deadpool]).contains(&"Defending Player".to_string()),
        "Black Widow is face up: Bo can't be attacked"
    );
    g.stun(widow, None, false);
    assert_eq!(
        defenders(&g, &[deadpool]),
        ["Defending Player"],
        "every character of Bo's is stunned"
    );
    assert!(
        defenders(&g, &[thor]).is_empty(),
        "only Deadpool can attack players"
    );
    assert!(defenders(&g, &[deadpool, thor]).is_empty(), "and only solo");
    let player = g.legal_defenders(&[deadpool])[0];
    attack(&mut g, deadpool, player);
    assert_eq!(g.card(player).controller(), 1);
    assert_eq!(g.stats(player), (0, 1), "a defending player is 0/1");
    pass_window(&mut g);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win(vec![0])),
        "the player is KO'd (1 health): Bo is out"
    );
}

// ------------------------------------------------------------------ Gambit, Emma Frost

#[test]
fn mnb_041_gambit_kinetic_card_throw_stuns_after_a_costly_discard() {
    for costly in [true, false] {
        let mut g = duel("mnb-083", "mnb-007", 7);
        clear_hand(&mut g, 0);
        let gambit = g.spawn("mnb-041", 0, Zone::Front);
        g.spawn("mnb-110", 0, Zone::Resources);
        let widow = g.spawn("mnb-010", 0, Zone::Hand); // cost 1
        let thor = if costly {
            Some(g.spawn("mnb-021", 0, Zone::Hand)) // cost 6
        } else {
            None
        };
        let ock = g.spawn("mnb-067", 1, Zone::Front); // Gamora: cost 3, 2 health
        g.spawn("mnb-036", 1, Zone::Front); // cost 1
        use_power(&mut g, gambit, "Kinetic Card Throw");
        apply(&mut g, Action::Choose { card: ock });
        match thor {
            Some(thor) => {
                assert_eq!(
                    choices(&g),
                    [thor],
                    "only a card costing at least 3 can be discarded"
                );
                apply(&mut g, Action::Choose { card: thor });
                assert_eq!(g.card(thor).zone(), Zone::KoPile);
                assert!(g.is_stunned(ock), "discarded: Gamora is stunned");
            }
            None => {
                assert!(g.frames().is_empty());
                assert_eq!(g.card(widow).zone(), Zone::Hand, "nothing to discard");
                assert!(g.card(ock).face_up(), "no discard: no stun");
            }
        }
    }
}

#[test]
fn mnb_047_emma_frost_mind_games_discards_a_hand_then_draws_that_many() {
    let mut g = duel("mnb-083", "mnb-007", 8);
    let emma = g.spawn("mnb-047", 0, Zone::Removed);
    let hand: Vec<CardId> = g.players()[1].hand().clone();
    let deck = g.players()[1].deck().len();
    g.appear(emma, Row::Front, 0);
    g.settle();
    apply(&mut g, Action::Yes);
    assert!(g
        .legal_actions()
        .contains(&Action::ChoosePlayer { seat: 0 }));
    apply(&mut g, Action::ChoosePlayer { seat: 1 });
    assert!(hand.iter().all(|&c| g.card(c).zone() == Zone::KoPile));
    assert_eq!(g.players()[1].hand().len(), hand.len(), "draws that many");
    assert_eq!(g.players()[1].deck().len(), deck - hand.len());
}

// ------------------------------------------------------------------ Gamora

#[test]
fn mnb_057_gamora_brutal_training_needs_a_stun_this_turn() {
    let mut g = duel("mnb-057", "mnb-083", 9);
    let gamora = g.players()[0].main();
    g.spawn("mnb-109", 0, Zone::Resources);
    g.spawn("mnb-109", 0, Zone::Resources);
    let widow = g.spawn("mnb-010", 1, Zone::Front);
    use_power(&mut g, gamora, "Brutal Training");
    assert_eq!(g.card(gamora).plus(), 0, "no stun yet this turn: nothing");
    // Next turn of hers: she stuns first.
    end_turn(&mut g);
    end_turn(&mut g);
    to_main(&mut g);
    attack(&mut g, gamora, widow);
    pass_window(&mut g);
    use_power(&mut g, gamora, "Brutal Training");
    assert_eq!(g.card(gamora).plus(), 2);
}

#[test]
fn mnb_057_gamora_deadliest_women_gains_xp_for_stunning_a_main_character() {
    let mut g = duel("mnb-057", "mnb-083", 10);
    let gamora = g.players()[0].main();
    let magneto = g.players()[1].main();
    let widow = g.spawn("mnb-010", 1, Zone::Front);
    g.stun(widow, Some(gamora), true);
    g.settle();
    assert_eq!(g.card(gamora).xp(), 0, "a supporting character: no XP");
    g.stun(magneto, Some(gamora), true);
    g.settle();
    assert_eq!(g.card(gamora).xp(), 1);
}

#[test]
fn mnb_058_gamora_godslayer_blade_kos_the_next_character_she_stuns_this_turn() {
    let mut g = duel("mnb-057", "mnb-083", 11);
    level_up(&mut g, 0, 3);
    let gamora = g.players()[0].main();
    g.spawn("mnb-112", 0, Zone::Resources);
    let sabretooth = g.spawn("mnb-092", 1, Zone::Front); // 4/4, 2 health
    let gamora_sc = g.spawn("mnb-067", 1, Zone::Front); // 3/4, 2 health
    let drax = g.spawn("mnb-073", 1, Zone::Front); // 6/6, 2 health
    attack(&mut g, gamora, sabretooth);
    pass_window(&mut g);
    assert!(
        g.is_stunned(sabretooth),
        "without the blade: stunned, not KO'd"
    );
    g.set_exhausted(gamora, false);
    use_power(&mut g, gamora, "Godslayer Blade");
    attack(&mut g, gamora, gamora_sc);
    pass_window(&mut g);
    assert_eq!(
        g.card(gamora_sc).zone(),
        Zone::KoPile,
        "the blade KOs it (one wound of two)"
    );
    // A delayed "when": it stops once it has happened.
    assert!(g.delayed().is_empty());
    g.set_exhausted(gamora, false);
    attack(&mut g, gamora, drax);
    pass_window(&mut g);
    assert!(g.is_stunned(drax), "the second stun is an ordinary one");
}

/// Errata (issue 35 §3; docs/rulings.md #74): the Blade KOs only a character Gamora stuns
/// by striking it in combat. A stun with Gamora as its source that a power gives (or a
/// daze) is an ordinary stun, and the Blade still waits for a strike.
#[test]
fn mnb_058_gamora_godslayer_blade_errata_only_a_combat_strike_kos() {
    let mut g = duel("mnb-057", "mnb-083", 11);
    level_up(&mut g, 0, 3);
    let gamora = g.players()[0].main();
    g.spawn("mnb-112", 0, Zone::Resources);
    let sabretooth = g.spawn("mnb-092", 1, Zone::Front); // 4/4, 2 health
    let drax = g.spawn("mnb-073", 1, Zone::Front); // 6/6, 2 health
    let gamora_sc = g.spawn("mnb-067", 1, Zone::Front); // 3/4, 2 health
    use_power(&mut g, gamora, "Godslayer Blade");
    g.stun(sabretooth, Some(gamora), true);
    g.settle();
    assert!(
        g.is_stunned(sabretooth),
        "a power's stun, Gamora its source: stunned, not KO'd"
    );
    g.stun(drax, Some(gamora), false);
    g.settle();
    assert!(g.is_stunned(drax), "a daze: stunned, not KO'd");
    assert_eq!(g.delayed().len(), 1, "the Blade still waits");
    attack(&mut g, gamora, gamora_sc);
    pass_window(&mut g);
    assert_eq!(
        g.card(gamora_sc).zone(),
        Zone::KoPile,
        "struck in combat: KO'd"
    );
    assert!(g.delayed().is_empty());
}

#[test]
fn mnb_058_gamora_godslayer_blade_lasts_only_this_turn() {
    let mut g = duel("mnb-057", "mnb-083", 12);
    level_up(&mut g, 0, 3);
    let gamora = g.players()[0].main();
    g.spawn("mnb-112", 0, Zone::Resources);
    g.spawn("mnb-112", 0, Zone::Resources);
    let sabretooth = g.spawn("mnb-092", 1, Zone::Front); // 4/4, 2 health
    use_power(&mut g, gamora, "Godslayer Blade");
    end_turn(&mut g);
    end_turn(&mut g);
    to_main(&mut g);
    assert_eq!(g.turn_seat(), 0);
    attack(&mut g, gamora, sabretooth);
    pass_window(&mut g);
    assert!(
        g.is_stunned(sabretooth),
        "two turns later the blade is gone"
    );
}

// ------------------------------------------------------------------ Quasar

#[test]
fn mnb_072_quasar_quantum_blast_turns_any_location_face_down() {
    let mut g = duel("mnb-083", "mnb-007", 13);
    clear_hand(&mut g, 0);
    let quasar = g.spawn("mnb-072", 0, Zone::Back);
    g.spawn("mnb-110", 0, Zone::Resources);
    let fortress = g.spawn("mnb-112", 0, Zone::Resources);
    let academy = g.spawn("mnb-111", 1, Zone::Resources);
    let hidden = g.spawn("mnb-109", 1, Zone::Resources);
    g.set_face_up(hidden, false);
    use_power(&mut g, quasar, "Quantum Blast");
    let mut offered = choices(&g);
    offered.sort();
    assert_eq!(
        offered,
        [fortress, academy],
        "any face-up location, on either side"
    );
    apply(&mut g, Action::Choose { card: academy });
    assert!(!g.card(academy).face_up());
}

// ------------------------------------------------------------------ Loki

#[test]
fn mnb_081_loki_god_of_mischief_plays_a_combat_plot_twist_from_the_ko_pile() {
    let mut g = duel("mnb-081", "mnb-007", 14);
    let loki = g.players()[0].main();
    g.spawn("mnb-109", 0, Zone::Resources);
    let open_fire = g.spawn("mnb-105", 0, Zone::KoPile);
    let extinguish = g.spawn("mnb-101", 0, Zone::KoPile);
    let widow = g.spawn("mnb-010", 1, Zone::Front);
    assert!(
        uses_of(&g, loki, "God of Mischief").is_empty(),
        "a Combat power: not outside a combat"
    );
    attack(&mut g, loki, widow);
    let deck = g.players()[0].deck().len();
    use_power(&mut g, loki, "God of Mischief");
    assert_eq!(choices(&g), [open_fire], "a Main plot twist is not offered");
    apply(&mut g, Action::Choose { card: open_fire });
    assert_eq!(
        g.stats(loki),
        (3, 6),
        "Open Fire resolved: the attacker gets +2/+0"
    );
    assert_eq!(
        g.card(open_fire).zone(),
        Zone::Deck,
        "then shuffled into the deck"
    );
    assert_eq!(g.players()[0].deck().len(), deck + 1);
    assert_eq!(
        g.card(extinguish).zone(),
        Zone::KoPile,
        "a Main plot twist is not offered"
    );
    assert_eq!(
        g.card(loki).xp(),
        1,
        "it was played: Plots Within Plots gives an XP"
    );
}

#[test]
fn mnb_081_loki_god_of_mischief_offers_each_any_turn_combat_plot_twist() {
    let mut g = duel("mnb-081", "mnb-007", 15);
    let loki = g.players()[0].main();
    g.spawn("mnb-109", 0, Zone::Resources);
    let open_fire = g.spawn("mnb-105", 0, Zone::KoPile);
    let cover = g.spawn("mnb-108", 0, Zone::KoPile);
    g.spawn("mnb-101", 0, Zone::KoPile);
    let widow = g.spawn("mnb-010", 1, Zone::Front);
    attack(&mut g, loki, widow);
    use_power(&mut g, loki, "God of Mischief");
    let mut offered = choices(&g);
    offered.sort();
    assert_eq!(offered, [open_fire, cover]);
    apply(&mut g, Action::Choose { card: cover });
    assert_eq!(
        g.stats(widow),
        (2, 4),
        "Find Cover: the defender gets +0/+3"
    );
    assert_eq!(g.card(cover).zone(), Zone::Deck);
}

#[test]
fn mnb_082_loki_master_of_plots_discards_every_plot_twist() {
    let mut g = duel("mnb-081", "mnb-007", 16);
    level_up(&mut g, 0, 5);
    let loki = g.players()[0].main();
    g.spawn("mnb-111", 0, Zone::Resources);
    clear_hand(&mut g, 1);
    let pts = [
        g.spawn("mnb-105", 1, Zone::Hand),
        g.spawn("mnb-024", 1, Zone::Hand),
    ];
    let thor = g.spawn("mnb-021", 1, Zone::Hand);
    use_power(&mut g, loki, "Master of Plots");
    assert!(pts.iter().all(|&c| g.card(c).zone() == Zone::KoPile));
    assert_eq!(*g.players()[1].hand(), [thor], "other cards stay");
}

// ------------------------------------------------------------------ Thanos

#[test]
fn mnb_085_thanos_is_defined_but_not_tournament_legal() {
    let db = crossover_vs2pcg::cardfile::embedded();
    for n in ["mnb-085", "mnb-086"] {
        assert!(db.get(db.by_number(n).unwrap()).banned, "{n}");
    }
}

#[test]
fn mnb_085_thanos_court_death_shuffles_ko_characters_into_decks_and_grows() {
    let mut g = duel("mnb-085", "mnb-007", 17);
    let thanos = g.players()[0].main();
    g.spawn("mnb-112", 0, Zone::Resources);
    let chars = [
        g.spawn("mnb-010", 0, Zone::KoPile),
        g.spawn("mnb-021", 1, Zone::KoPile),
        g.spawn("mnb-094", 1, Zone::KoPile),
    ];
    let pt = g.spawn("mnb-105", 1, Zone::KoPile);
    use_power(&mut g, thanos, "Court Death");
    assert!(chars.iter().all(|&c| g.card(c).zone() == Zone::Deck));
    assert_eq!(g.card(pt).zone(), Zone::KoPile, "only characters");
    assert_eq!(g.card(thanos).plus(), 3);
}

#[test]
fn mnb_085_thanos_the_mad_titan_gains_xp_when_an_enemy_is_kod() {
    let mut g = duel("mnb-085", "mnb-007", 18);
    let thanos = g.players()[0].main();
    let widow = g.spawn("mnb-010", 1, Zone::Front);
    let mine = g.spawn("mnb-013", 0, Zone::Front);
    g.ko(mine, None);
    g.settle();
    assert_eq!(g.card(thanos).xp(), 0);
    g.ko(widow, None);
    g.settle();
    assert_eq!(g.card(thanos).xp(), 1);
}

#[test]
fn mnb_086_thanos_infinity_gauntlet_hits_each_enemy_player() {
    let mut g = game(Variant::FreeForAll, &["mnb-085", "mnb-007", "mnb-083"], 19);
    g.goto_main();
    level_up(&mut g, 0, 6);
    let thanos = g.players()[0].main();
    for n in ["mnb-110", "mnb-111", "mnb-112", "mnb-109"] {
        g.spawn(n, 0, Zone::Resources);
    }
    let mut support = vec![];
    let mut resources = vec![];
    for seat in [1, 2] {
        support.push(g.spawn("mnb-014", seat, Zone::Back));
        resources.push(g.spawn("mnb-112", seat, Zone::Resources));
    }
    let hands = [g.players()[1].hand().len(), g.players()[2].hand().len()];
    use_power(&mut g, thanos, "The Infinity Gauntlet");
    for (i, seat) in [1usize, 2].into_iter().enumerate() {
        // Thanos's player chooses the resource (the one supporting character is chosen
        // without asking).
        assert_eq!(choices(&g), [resources[i]], "seat {seat}");
        apply(&mut g, Action::Choose { card: resources[i] });
        let main = g.players()[seat].main();
        assert!(g.is_stunned(main), "seat {seat}: main character stunned");
        assert_eq!(g.card(support[i]).zone(), Zone::KoPile);
        assert_eq!(g.card(resources[i]).zone(), Zone::KoPile);
        assert_eq!(
            g.players()[seat].hand().len(),
            hands[i] - 1,
            "a random discard"
        );
    }
    assert!(g.frames().is_empty());
}

// ------------------------------------------------------------------ Ronan

#[test]
fn mnb_087_ronan_accuse_discards_each_card_with_the_named_name() {
    let mut g = duel("mnb-083", "mnb-007", 20);
    let ronan = g.spawn("mnb-087", 0, Zone::Front);
    g.spawn("mnb-111", 0, Zone::Resources);
    clear_hand(&mut g, 1);
    let forts = [
        g.spawn("mnb-112", 1, Zone::Hand),
        g.spawn("mnb-112", 1, Zone::Hand),
    ];
    let lab = g.spawn("mnb-110", 1, Zone::Hand);
    use_power(&mut g, ronan, "Accuse");
    let names: Vec<String> = g
        .legal_actions()
        .into_iter()
        .map(|a| match a {
            Action::ChooseName { def } => g.db().get(def).name.clone(),
            other => panic!("not a name: {other:?}"),
        })
        .collect();
    for n in [
        "Fortress",
        "Laboratory",
        "Academy",
        "Ronan",
        "Magneto",
        "Spider-Man",
    ] {
        assert!(names.contains(&n.to_string()), "{n} is offered");
    }
    assert!(
        !names.contains(&"Thor".to_string()),
        "only names of cards in this game"
    );
    let fortress = g.db().by_number("mnb-112").unwrap();
    apply(&mut g, Action::ChooseName { def: fortress });
    assert!(forts.iter().all(|&c| g.card(c).zone() == Zone::KoPile));
    assert_eq!(*g.players()[1].hand(), [lab]);
}

// ------------------------------------------------------------------ Juggernaut

#[test]
fn mnb_096_juggernaut_unstoppable_attacks_the_back_row_after_stunning_the_front() {
    let mut g = duel("mnb-083", "mnb-007", 21);
    let jugg = g.spawn("mnb-096", 0, Zone::Front);
    g.spawn("mnb-112", 0, Zone::Resources);
    let spidey = g.players()[1].main();
    g.move_row(spidey, Row::Back);
    let widow = g.spawn("mnb-010", 1, Zone::Front);
    let fury = g.spawn("mnb-014", 1, Zone::Front); // still protects the back row
    assert!(uses_of(&g, jugg, "Unstoppable").is_empty());
    attack(&mut g, jugg, widow);
    use_power(&mut g, jugg, "Unstoppable");
    pass_window(&mut g);
    assert_eq!(g.card(widow).zone(), Zone::KoPile);
    // He may attack a character in that back row, protected or not.
    assert_eq!(choices(&g), [spidey]);
    assert!(g.legal_actions().contains(&Action::Pass));
    apply(&mut g, Action::Choose { card: spidey });
    let cb = g.combat().as_ref().expect("a new combat");
    assert_eq!(
        (cb.attackers.clone(), cb.defender),
        (vec![jugg], Some(spidey))
    );
    pass_window(&mut g);
    assert!(g.is_stunned(spidey));
    assert!(g.card(fury).face_up());
}

#[test]
fn mnb_096_juggernaut_unstoppable_needs_him_to_survive() {
    let mut g = duel("mnb-083", "mnb-007", 22);
    let jugg = g.spawn("mnb-096", 0, Zone::Front);
    g.spawn("mnb-112", 0, Zone::Resources);
    let abom = g.spawn("mnb-094", 1, Zone::Front); // 5 ATK: stuns him back
    g.spawn("mnb-014", 1, Zone::Back);
    attack(&mut g, jugg, abom);
    use_power(&mut g, jugg, "Unstoppable");
    pass_window(&mut g);
    assert!(g.is_stunned(abom) && g.is_stunned(jugg));
    assert!(g.combat().is_none(), "no extra attack");
    assert_eq!(g.pending(), Pending::Act { seat: 0 });
}

#[test]
fn mnb_096_juggernaut_unstoppable_not_in_a_team_attack() {
    let mut g = duel("mnb-083", "mnb-007", 23);
    let jugg = g.spawn("mnb-096", 0, Zone::Front);
    let sabre = g.spawn("mnb-092", 0, Zone::Front);
    g.spawn("mnb-112", 0, Zone::Resources);
    let widow = g.spawn("mnb-010", 1, Zone::Front);
    g.spawn("mnb-014", 1, Zone::Back);
    apply(&mut g, Action::Attack { attacker: jugg });
    apply(&mut g, Action::AddAttacker { card: sabre });
    apply(&mut g, Action::Defender { card: widow });
    use_power(&mut g, jugg, "Unstoppable");
    pass_window(&mut g);
    assert_eq!(g.card(widow).zone(), Zone::KoPile);
    assert!(g.combat().is_none(), "a team attack: no extra attack");
    assert_eq!(g.pending(), Pending::Act { seat: 0 });
}

// ------------------------------------------------------------------ Dormammu

#[test]
fn mnb_099_dormammu_immortal_shuffles_him_into_the_deck() {
    for yes in [true, false] {
        let mut g = duel("mnb-083", "mnb-007", 24);
        let dormammu = g.spawn("mnb-099", 0, Zone::Front);
        g.ko(dormammu, None);
        g.settle();
        apply(&mut g, if yes { Action::Yes } else { Action::No });
        let expected = if yes { Zone::Deck } else { Zone::KoPile };
        assert_eq!(g.card(dormammu).zone(), expected);
    }
}

/// Ruling 35 (corrected): "onto your side" doesn't say which row, so the controller
/// chooses front or back (a pending decision), and the owner doesn't change.
#[test]
fn mnb_099_dormammu_necromancy_puts_the_character_in_the_row_its_controller_chooses() {
    for (row, zone) in [(Row::Front, Zone::Front), (Row::Back, Zone::Back)] {
        let mut g = duel("mnb-083", "mnb-007", 25);
        let dormammu = g.spawn("mnb-099", 0, Zone::Front);
        g.spawn("mnb-110", 0, Zone::Resources);
        g.spawn("mnb-111", 0, Zone::Resources);
        let thor = g.spawn("mnb-021", 1, Zone::KoPile);
        g.spawn("mnb-112", 1, Zone::KoPile);
        g.spawn("mnb-022", 0, Zone::KoPile);
        use_power(&mut g, dormammu, "Necromancy");
        assert_eq!(choices(&g), [thor], "only characters of enemy KO piles");
        apply(&mut g, Action::Choose { card: thor });
        assert_eq!(g.pending(), Pending::Effect { seat: 0 }, "the row is asked");
        assert_eq!(
            g.legal_actions(),
            vec![
                Action::ChooseRow { row: Row::Front },
                Action::ChooseRow { row: Row::Back }
            ]
        );
        apply(&mut g, Action::ChooseRow { row });
        assert_eq!(g.card(thor).zone(), zone);
        assert_eq!((g.card(thor).controller(), g.card(thor).owner()), (0, 1));
    }
}

// ------------------------------------------------------------------ hooks made steps

#[test]
fn mnb_064_mantis_rebirth_turns_her_into_a_face_down_resource() {
    let mut g = duel("mnb-083", "mnb-007", 26);
    let mantis = g.spawn("mnb-064", 0, Zone::Front);
    let resources = g.players()[0].resources().len();
    g.stun(mantis, None, true); // 1 health: KO'd
    g.settle();
    apply(&mut g, Action::Yes);
    assert_eq!(g.card(mantis).zone(), Zone::Resources);
    assert!(!g.card(mantis).face_up());
    assert_eq!(g.players()[0].resources().len(), resources + 1);
}

#[test]
fn mnb_084_magneto_mutant_supremacy_kos_a_face_down_resource() {
    let mut g = duel("mnb-083", "mnb-007", 27);
    level_up(&mut g, 0, 4);
    let magneto = g.players()[0].main();
    g.spawn("mnb-112", 0, Zone::Resources);
    let mine = g.spawn("mnb-109", 0, Zone::Resources);
    g.set_face_up(mine, false);
    let theirs = g.spawn("mnb-109", 1, Zone::Resources);
    g.set_face_up(theirs, false);
    g.spawn("mnb-110", 1, Zone::Resources);
    use_power(&mut g, magneto, "Mutant Supremacy");
    let mut offered = choices(&g);
    offered.sort();
    // The Fortress that paid is face down now too.
    let paid = g.players()[0].resources()[0];
    let mut expect = vec![paid, mine, theirs];
    expect.sort();
    assert_eq!(offered, expect, "face-down resources of any side only");
    apply(&mut g, Action::Choose { card: theirs });
    assert_eq!(g.card(theirs).zone(), Zone::KoPile);
}

#[test]
fn mnb_090_green_goblin_blast_puts_a_counter_on_each_character_of_a_chosen_enemy_row() {
    let mut g = duel("mnb-083", "mnb-007", 28);
    let spidey = g.players()[1].main(); // front row
    let back = [
        g.spawn("mnb-014", 1, Zone::Back),
        g.spawn("mnb-013", 1, Zone::Back),
    ];
    let goblin = g.spawn("mnb-090", 0, Zone::Removed);
    g.appear(goblin, Row::Front, 0);
    g.settle();
    assert_eq!(
        g.legal_actions(),
        [
            Action::ChooseRow { row: Row::Front },
            Action::ChooseRow { row: Row::Back }
        ]
    );
    apply(&mut g, Action::ChooseRow { row: Row::Back });
    assert!(back.iter().all(|&c| g.card(c).minus() == 1));
    assert_eq!(g.card(spidey).minus(), 0);
    assert_eq!(g.card(goblin).minus(), 0);
}

// ------------------------------------------------------------------ random play

/// Random legal play with decks full of this file's cards: every decision the new steps
/// ask is answerable, games end, cards are conserved, and states survive serde and
/// replay.
#[test]
fn random_games_with_the_new_cards_end_and_are_deterministic() {
    use crossover_kernel::GameRng;
    let mains = ["mnb-007", "mnb-031", "mnb-057", "mnb-081", "mnb-085"];
    let pool = [
        "mnb-041", "mnb-047", "mnb-072", "mnb-087", "mnb-096", "mnb-099", "mnb-064", "mnb-090",
        "mnb-039", "mnb-010", "mnb-105", "mnb-107", "mnb-108", "mnb-101", "mnb-109", "mnb-110",
        "mnb-111", "mnb-112", "mnb-112", "mnb-111",
    ];
    let db = crossover_vs2pcg::cardfile::embedded();
    for seed in 0..40u64 {
        let variant = if seed % 6 == 5 {
            Variant::FreeForAll
        } else {
            Variant::TwoPlayer
        };
        let seats = if variant == Variant::FreeForAll { 3 } else { 2 };
        let setup = Setup {
            variant,
            players: (0..seats)
                .map(|i| PlayerSetup {
                    name: format!("P{i}"),
                    main: mains[(seed as usize + i * 2) % mains.len()].into(),
                    deck: pool
                        .iter()
                        .cycle()
                        .skip(seed as usize + i)
                        .take(60)
                        .map(|s| s.to_string())
                        .collect(),
                    versions: Vec::new(),
                })
                .collect(),
            cards: Default::default(),
        };
        // Set up; in odd games every main character starts at level 2.
        let start = || {
            let mut g = GameState::with_db(db.clone(), &setup, seed).unwrap();
            while g.turn() == 0 {
                let a = match &g.pending() {
                    Pending::ChooseFirst { .. } => Action::GoFirst(true),
                    Pending::PlaceMain { .. } => Action::PlaceMain(Row::Front),
                    _ => Action::Mulligan(false),
                };
                apply(&mut g, a);
            }
            if seed % 2 == 1 {
                for p in 0..g.players().len() {
                    let m = g.players()[p].main();
                    g.set_xp(m, 50);
                }
                g.settle();
            }
            g
        };
        let mut g = start();
        let mut rng = GameRng::from_seed(seed ^ 0x5eed);
        let mut actions = Vec::new();
        while g.outcome().is_none() && actions.len() < 6000 {
            let legal = g.legal_actions();
            assert!(
                !legal.is_empty(),
                "seed {seed}: no legal action at {:?}",
                g.pending()
            );
            let a = legal[rng.below(legal.len())].clone();
            g.apply(&a)
                .unwrap_or_else(|e| panic!("seed {seed}: legal {a:?} refused: {e}"));
            actions.push(a);
            g.check_cards_conserved()
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            if actions.len() % 25 == 0 {
                let json = serde_json::to_string(&g).unwrap();
                let back: GameState = serde_json::from_str(&json).unwrap();
                assert!(back == g, "seed {seed}: serde round trip changed the state");
            }
        }
        assert!(
            g.outcome().is_some(),
            "seed {seed}: the game did not end within {} actions",
            actions.len()
        );
        let mut r = start();
        for a in &actions {
            r.apply(a).unwrap();
        }
        assert_eq!(r.state_hash(), g.state_hash(), "seed {seed}: replay");
    }
}
