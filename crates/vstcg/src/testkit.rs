//! A bench for unit tests: a two-player game put straight into a player's recruit step,
//! with cards placed where a test wants them, and helpers to play and pass.

use crate::action::Action;
use crate::db::{register, CardPool};
use crate::ids::*;
use crate::setup::{Deck, VsTcgSetup};
use crate::state::*;
use crossover_cards::Pool;

pub(crate) struct Bench {
    pub g: GameState,
}

impl Bench {
    /// Player 0's recruit step of turn 1, with priority; each deck 30 Cadet Vances and
    /// the cards of `extra` (card file text) added to the pool.
    pub fn new(extra: &str) -> Bench {
        let mut pool = CardPool::built_in();
        if !extra.is_empty() {
            pool.add_file("bench.cards", extra)
                .expect("bench cards compile");
        }
        let pool = register(pool);
        let deck = Deck {
            name: "bench".into(),
            cards: vec!["trn-001".into(); 30],
        };
        let setup = VsTcgSetup {
            pool: Pool(pool),
            decks: vec![deck.clone(), deck],
        };
        let mut g = GameState::new(&setup, 7).expect("bench setup");
        for p in 0..2 {
            let hand = g.player(p).hand.clone();
            for c in hand {
                g.move_card(c, Zone::Deck);
            }
            g.player_mut(p).mulligan_decided = true;
        }
        g.turn = 1;
        g.initiative = 0;
        g.part = Part::Step(StepKind::Recruit, 0);
        g.open_priority(0);
        g.pending = Pending::Priority(0);
        // Test cards are swapped in after setup: let continuous powers count.
        g.has_continuous_powers = true;
        g.continuous_kinds = ContinuousKinds::ALL;
        g.continuous_cards = None;
        g.action_cards = None;
        g.trigger_events = u32::MAX;
        g.adjacent_combat_triggers = true;
        Bench { g }
    }

    /// A bench whose player 0 holds a threshold-0 plot twist with this effect (the
    /// inside of an `(effect ...)` form), and the cards of `extra`.
    pub fn with_effect(effect: &str, extra: &str) -> (Bench, CardId) {
        let text = format!(
            "(card x-pt \"Test Twist\" \"\" (plot-twist (threshold 0)) (effect {effect}))\n{extra}"
        );
        let mut b = Bench::new(&text);
        let pt = b.in_hand(0, "x-pt");
        (b, pt)
    }

    /// The text of the test plot twist's effect.
    pub fn effect_text(&self, pt: CardId) -> String {
        crate::text::effect(self.g.def(pt).play_effect().expect("a plot twist").0)
    }

    /// A card of the pool moved from `p`'s deck into `zone` (a new card is taken from
    /// the deck's Cadet Vances and given this definition).
    fn card(&mut self, p: PlayerId, id: &str) -> CardId {
        let def = self
            .g
            .pool
            .find_id(id)
            .unwrap_or_else(|| panic!("no card {id}"));
        let c = *self.g.player(p).deck.last().expect("bench deck not empty");
        self.g.card_mut(c).def = def;
        c
    }

    pub fn in_hand(&mut self, p: PlayerId, id: &str) -> CardId {
        let c = self.card(p, id);
        self.g.move_card(c, Zone::Hand);
        c
    }

    pub fn in_play(&mut self, p: PlayerId, id: &str, row: Row, col: i8) -> CardId {
        let c = self.card(p, id);
        let pos = Position {
            area: Area::Visible,
            row,
            col,
        };
        self.g.card_mut(c).controller = p;
        self.g.move_card(c, Zone::Character(pos));
        c
    }

    /// `n` face-down resources (Cadet Vances).
    pub fn resources(&mut self, p: PlayerId, n: usize) {
        for _ in 0..n {
            let c = self.card(p, "trn-001");
            self.g.move_card(c, Zone::Resource);
        }
    }

    pub fn resource(&mut self, p: PlayerId, id: &str) -> CardId {
        let c = self.card(p, id);
        self.g.move_card(c, Zone::Resource);
        c
    }

    pub fn act(&mut self, a: Action) {
        if !self.g.legal().contains(&a) {
            panic!("{a:?} is not legal: {}", self.g.explain_illegal(&a));
        }
        self.g.perform(&a);
    }

    pub fn target(&mut self, c: CardId) {
        let t = TargetRef::Card(c, self.g.card(c).object);
        self.act(Action::ChooseTarget(t));
    }

    /// Everyone passes until the chain is empty again (or a choice is asked).
    pub fn resolve_all(&mut self) {
        let mut guard = 0;
        while !self.g.chain.is_empty() && matches!(self.g.pending, Pending::Priority(_)) {
            self.act(Action::Pass);
            guard += 1;
            assert!(guard < 100, "the chain does not resolve");
        }
    }

    /// Plays a plot twist with these targets and lets it resolve.
    pub fn play(&mut self, card: CardId, targets: &[CardId]) {
        self.act(Action::PlayPlotTwist(card));
        for &t in targets {
            self.target(t);
        }
        self.resolve_all();
    }
}
