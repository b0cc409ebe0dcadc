//! `Ufs`: the rules behind the kernel's `Game` and `Presentation` traits.

use crate::act::Action;
use crate::model::*;
use crate::setup::UfsSetup;
use crate::state::*;
use crossover_kernel::{
    stable_hash, Decision, Game, GameRng, LogEntry, Outcome, Presentation, RuleError, Seat,
    SetupError,
};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Ufs {
    pub state: GameState,
}

impl Game for Ufs {
    type Setup = UfsSetup;
    type Action = Action;
    const NAME: &'static str = "ufs";

    fn card_data_version(&self) -> String {
        "ufs-battle-packs-1".into()
    }

    fn new_game(setup: &UfsSetup, seed: u64) -> Result<Self, SetupError> {
        GameState::new(setup, seed)
            .map(|state| Ufs { state })
            .map_err(SetupError)
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn decision(&self) -> Option<Decision<Action>> {
        let seat = self.state.pending.seat()?;
        Some(Decision {
            seat: Seat::from(seat),
            options: self.state.legal(),
        })
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.state.legal()
    }

    fn to_move(&self) -> Option<Seat> {
        self.state.pending.seat().map(Seat::from)
    }

    fn apply_offered(&mut self, action: &Action) {
        debug_assert!(
            self.state.legal().contains(action),
            "{action:?} not offered"
        );
        self.state.perform(action);
    }

    fn apply(&mut self, action: &Action) -> Result<(), RuleError> {
        if !self.state.legal().contains(action) {
            return Err(self.state.explain_illegal(action));
        }
        self.state.perform(action);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.result.map(|r| match r {
            GameResult::Win(w) => Outcome::Win(vec![Seat::from(w)]),
            GameResult::Draw => Outcome::Tie(vec![0, 1]),
        })
    }

    fn state_hash(&self) -> u64 {
        stable_hash(&self.state)
    }

    fn turn(&self) -> u32 {
        self.state.turn.max(1)
    }

    fn set_logging(&mut self, on: bool) {
        self.state.logging = on;
        if !on {
            self.state.log.clear();
        }
    }

    /// See [`crate::heuristic`].
    fn heuristic(&self, seat: Seat) -> f64 {
        self.state.heuristic(seat as u8)
    }

    /// A position halfway through a move — cards being committed to a check (E.3.5.2.3),
    /// a choice an effect asks for, an attack's way to momentum (F.3), an attack's enhance
    /// or response windows (G.1, H.2.3) — is not judged as it stands: the searches finish
    /// it first (the windows with a pass each, so the attack reaches its block). Anywhere
    /// else the game does not say (`None`), so the greedy player still plays its own
    /// follow-up decisions before it scores (a UFS turn is many forms in a row), while
    /// ISMCTS scores the leaf.
    fn quiet(&self) -> Option<bool> {
        match self.state.pending {
            Pending::Commit(_)
            | Pending::Choose(_)
            | Pending::Momentum(..)
            | Pending::Enhance(_)
            | Pending::Respond(_) => Some(false),
            _ => None,
        }
    }

    /// Re-deal what `seat` can't see: the other player's hand and both decks' order
    /// (control checks reveal from the deck, so its order is hidden from everyone), and
    /// momentum (face down).
    fn determinize(&self, seat: Seat, seed: u64) -> Ufs {
        let mut game = self.clone();
        game.state.log.clear();
        let s = &mut game.state;
        let mut rng = GameRng::from_seed(seed);
        let me = seat as u8;
        for p in [0u8, 1] {
            let mut pool = s.player(p).deck.clone();
            let hidden_hand = p != me;
            if hidden_hand {
                pool.extend(s.player(p).hand.iter().copied());
            }
            // A card face up in momentum is seen by both players and stays.
            let (face_up, face_down): (Vec<CardId>, Vec<CardId>) = s
                .player(p)
                .momentum
                .iter()
                .partition(|&&c| s.card(c).face_up);
            pool.extend(face_down.iter().copied());
            pool.sort_unstable();
            rng.shuffle(&mut pool);
            let hand_len = if hidden_hand {
                s.player(p).hand.len()
            } else {
                0
            };
            let momentum_len = face_down.len();
            let mut it = pool.into_iter();
            if hidden_hand {
                let hand: Vec<CardId> = it.by_ref().take(hand_len).collect();
                for &c in &hand {
                    s.card_mut(c).place = Place::Hand;
                }
                s.player_mut(p).hand = hand;
            }
            let mut momentum: Vec<CardId> = it.by_ref().take(momentum_len).collect();
            for &c in &momentum {
                s.card_mut(c).place = Place::Momentum;
                s.card_mut(c).committed = false;
                s.card_mut(c).face_up = false;
            }
            momentum.extend(face_up);
            s.player_mut(p).momentum = momentum;
            let deck: Vec<CardId> = it.collect();
            for &c in &deck {
                s.card_mut(c).place = Place::Deck;
            }
            s.player_mut(p).deck = deck;
        }
        s.rng = GameRng::from_seed(rng.next_u64());
        game
    }
}

/// What one seat sees.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UfsView {
    pub seat: Seat,
    pub text: String,
    /// Each seat's name as the board writes it ("Ryu (seat 0)").
    pub names: Vec<String>,
}

impl Ufs {
    /// A card on the board: its name, type (an attack's zone, speed/damage),
    /// difficulty, control, block and whether it is committed ("Hyakki Go Sen
    /// [mid 3/4] d4 c3 block mid +2").
    pub fn card_line(&self, c: CardId) -> String {
        let s = &self.state;
        let def = s.def(c);
        let mut out = s.name_of(c);
        match def.kind {
            Kind::Attack {
                zone,
                speed,
                damage,
            } => out += &format!(" [{} {speed}/{damage}]", zone.name()),
            _ => out += &format!(" [{}]", def.kind.type_name()),
        }
        out += &format!(" d{} c{}", def.difficulty, def.control);
        if let Some((z, m)) = s.block_of(c) {
            out += &format!(" block {} {m:+}", z.name());
        }
        if s.card(c).committed {
            out += " (committed)";
        }
        out
    }

    fn describe_card(&self, viewer: Seat, c: CardId) -> String {
        let card = self.state.card(c);
        let hidden = match card.place {
            Place::Hand => Seat::from(card.owner) != viewer,
            Place::Deck | Place::Momentum => true,
            _ => false,
        };
        if hidden {
            "a card".into()
        } else {
            self.state.name_of(c)
        }
    }
}

impl Presentation for Ufs {
    type View = UfsView;

    fn view(&self, viewer: Seat) -> UfsView {
        UfsView {
            seat: viewer,
            text: self.render(viewer),
            names: (0..2).map(|p| self.state.seat_name(p)).collect(),
        }
    }

    fn render(&self, viewer: Seat) -> String {
        let s = &self.state;
        let mut out = String::new();
        for p in [1 - viewer as u8, viewer as u8] {
            let pl = s.player(p);
            let you = if Seat::from(p) == viewer {
                " (you)"
            } else {
                ""
            };
            out += &format!(
                "{}{you}: vitality {}/{}, hand {}, deck {}, momentum {}, discard {}, removed {}\n",
                s.seat_name(p),
                pl.vitality,
                s.max_vitality(p),
                pl.hand.len(),
                pl.deck.len(),
                pl.momentum.len(),
                pl.discard.len(),
                pl.removed.len()
            );
            let staging: Vec<String> = pl.staging.iter().map(|&c| self.card_line(c)).collect();
            out += &format!("  staging: {}\n", staging.join("; "));
            let pool: Vec<String> = pl.card_pool.iter().map(|&c| self.card_line(c)).collect();
            out += &format!("  card pool: {}\n", pool.join("; "));
            let face_up: Vec<String> = pl
                .momentum
                .iter()
                .filter(|&&c| s.card(c).face_up)
                .map(|&c| self.card_line(c))
                .collect();
            if !face_up.is_empty() {
                out += &format!("  face up in momentum: {}\n", face_up.join("; "));
            }
            // K.3.17: public cards (a discard pile, out of the game) played as if in hand.
            let as_in_hand: Vec<String> = s
                .hand_like(p)
                .filter(|&c| s.card(c).place != Place::Hand)
                .map(|c| self.card_line(c))
                .collect();
            if !as_in_hand.is_empty() {
                out += &format!(
                    "  playable as though in hand this turn: {}\n",
                    as_in_hand.join("; ")
                );
            }
            if Seat::from(p) == viewer {
                let hand: Vec<String> = pl.hand.iter().map(|&c| self.card_line(c)).collect();
                out += &format!("  hand: {}\n", hand.join("; "));
            }
        }
        if let Some(a) = &s.attack {
            out += &format!(
                "Attack: {} — {} zone, speed {}, damage {}\n",
                s.name_of(a.card),
                a.zone.name(),
                a.speed,
                a.damage
            );
        }
        if let Some(c) = &s.check {
            if c.difficulty == 0 && c.checked.is_none() {
                // A window before the block's check (ruling UFS-34).
                out += &format!(
                    "Being played: {} (its check is to come)\n",
                    s.name_of(c.card)
                );
            } else {
                out += &format!(
                    "Control check for {}: {} of {}\n",
                    s.name_of(c.card),
                    c.value,
                    c.difficulty
                );
            }
        }
        out
    }

    fn prompt(&self, viewer: Seat) -> Option<String> {
        let s = &self.state;
        let seat = s.pending.seat()?;
        let mine = Seat::from(seat) == viewer;
        let text = match &s.pending {
            Pending::ChooseFirst(_) => "You won the draw: go first or second? (E.1.3)".into(),
            Pending::Mulligan(_) => "Keep this hand or take a mulligan? (E.1.8)".into(),
            Pending::Review(_) => "Review Step: discard one card? (F.1.2)".into(),
            Pending::Form(_) => "Combat Phase: play a form (a card from your hand, or an F ability), or pass to the End Phase. (F.2.2)".into(),
            Pending::Commit(_) => {
                let c = s.check.as_ref().map_or(0, |c| c.difficulty - c.value);
                format!("The check is {c} short: commit cards, or let it fail. (E.3.5.2.3)")
            }
            Pending::Enhance(_) => "Enhance Step: enhance or pass. (G.1)".into(),
            Pending::Block(_) => "Block Step: block, or take the attack. (G.2)".into(),
            Pending::Reversal(_) => "Play a reversal? (I.3.10)".into(),
            Pending::Momentum(_, c) => {
                format!(
                    "Add {} to your momentum, or discard it? (F.3.2.2)",
                    s.name_of(*c)
                )
            }
            Pending::Choose(_) => match &s.choice {
                                Some(Choice::CostCards { picks, .. }) => match picks.first() {
                    Some(k) if k.to.is_none() => {
                        format!("Choose a foundation to commit for the cost ({} more). (H.4)", k.left)
                    }
                    Some(k) if k.to == Some(Place::Hand) => {
                        "Choose a card in your hand to reveal for the cost. (H.4)".into()
                    }
                    Some(k) if k.from == Place::Staging => {
                        "Choose a foundation to destroy for the cost. (H.4)".into()
                    }
                    Some(k) if k.to == Some(Place::Discard) => {
                        format!("Choose a card to discard for the cost ({} more). (H.4)", k.left)
                    }
                    Some(k) => format!(
                        "Choose a card in your {} to remove from the game for the cost ({} more). (H.4)",
                        if k.from == Place::Hand { "hand" } else { "discard pile" },
                        k.left
                    ),
                    None => "Choose a card for the cost. (H.4)".into(),
                },
                Some(Choice::Board { destroy: true, .. }) => "Choose a card to destroy.".into(),
                Some(Choice::Board { commit: true, .. }) => "Choose a card to commit.".into(),
                Some(Choice::Board { .. }) => {
                    "Choose a card in your card pool to discard.".into()
                }
                Some(Choice::Gauge { .. }) => {
                    "Gauge: choose a character card to add to your staging area, or pass. (I.3.7.1)".into()
                }
                Some(Choice::StunCommit { left }) => {
                    format!("Stun: choose a foundation to commit ({left} more). (I.3.12)")
                }
                Some(Choice::FromRemoved { to, left, .. })
                    if *to == crate::ability::RemovedTo::DiscardAsMomentum =>
                {
                    format!("Choose a card in your hand to discard as 1 momentum of the cost (up to {left} more), or pass to stop.")
                }
                Some(Choice::FromRemoved { from, .. }) if *from == Place::Hand => {
                    "Choose a card in your hand to reveal, or pass to stop.".into()
                }
                Some(Choice::FromRemoved {
                    from, left, up_to, ..
                }) if *from == Place::Discard => format!(
                    "Choose a card in your discard pile to remove from the game ({}{left} more).",
                    if *up_to { "up to " } else { "" }
                ),
                Some(Choice::FromRemoved { left, up_to, to, .. }) => format!(
                    "Choose a card removed from the game to {} ({}{left} more).",
                    if *to == crate::ability::RemovedTo::Hand {
                        "add to your hand"
                    } else {
                        "put on the bottom of your deck"
                    },
                    if *up_to { "up to " } else { "" }
                ),
                Some(Choice::May { steps, .. }) => {
                    if let [crate::ability::Effect::KeepCommitted(c)] = steps.as_slice() {
                        return Some(format!(
                            "Leave {} committed in this Ready Phase rather than ready it?",
                            s.name_of(*c)
                        ));
                    }
                    let what: Vec<String> = steps.iter().map(crate::text::step_text).collect();
                    format!("You may: {} Do it?", what.join(" "))
                }
                Some(Choice::Either { .. }) => "Choose which to do.".into(),
                Some(Choice::EachOrder { .. }) => "Choose which player does it first.".into(),
                Some(Choice::Momentum { left, to, .. }) => format!(
                    "Choose a momentum card to {} ({left} to go). (D.4.2.3)",
                    if *to == Place::Removed { "remove from the game" } else { "discard" }
                ),
                                Some(Choice::Name {
                    naming: Naming::Zone,
                    ..
                }) => "Choose a zone: high, mid or low.".into(),
                Some(Choice::Name {
                    naming: Naming::CardType,
                    ..
                }) => "Name a card type.".into(),
                Some(Choice::Name {
                    naming: Naming::Symbol,
                    ..
                }) => "Choose a resource symbol.".into(),
                Some(Choice::Name {
                    naming: Naming::Number(lo, hi),
                    ..
                }) => format!("Choose a number from {lo} to {hi}."),
                Some(Choice::EffectMove { order, to, .. }) => format!(
                    "Choose a card to {} ({} more).",
                    if *to == Place::Discard {
                        "discard"
                    } else {
                        "remove from the game"
                    },
                    order.first().map_or(0, |o| o.1)
                ),
                Some(Choice::TopOfDeck { max, .. }) => format!(
                    "How many cards from the top of your deck to remove from the game (up to {max})?"
                ),
                Some(Choice::ChooseX {
                    source,
                    ability,
                    max,
                    ..
                }) => {
                    let min = s.x_min(*source, *ability);
                    if min > 0 {
                        format!("Choose X for the cost, from {min} to {max} (H.4.4.2; X = 0 was chosen for it this turn, ruling UFS-36).")
                    } else {
                        format!("Choose X for the cost, from 0 to {max}. (H.4.4.2)")
                    }
                }
                None => "Choose a card.".into(),
            },
            Pending::Respond(_) => {
                let what = s
                    .windows
                    .last()
                    .map_or(String::new(), |w| s.describe_event(&w.event));
                format!("Response window ({what}): play a response or pass. (H.2.3)")
            }
            Pending::Over => return None,
        };
        Some(if mine {
            text
        } else {
            format!("Waiting for {}.", s.seat_name(seat))
        })
    }

    fn describe_action(&self, viewer: Seat, action: &Action) -> String {
        match action {
            Action::GoFirst(true) => "Go first".into(),
            Action::GoFirst(false) => "Go second".into(),
            Action::Mulligan(true) => "Take a mulligan".into(),
            Action::Mulligan(false) => "Keep the hand".into(),
            Action::ReviewDiscard(c) => format!("Discard {}", self.describe_card(viewer, *c)),
            Action::PlayForm(c) => format!("Play {}", self.describe_card(viewer, *c)),
            Action::Commit(c) => format!("Commit {}", self.describe_card(viewer, *c)),
            Action::Powerful(n) => format!("Powerful: discard {n} momentum"),
            Action::Ex(n) => format!("EX: discard {n} momentum"),
            Action::Multiple(n) => format!("Multiple: discard {n} momentum for {n} copies"),
            Action::Block(c) if self.state.blocks_without_check(*c) => format!(
                "Block with {} (a complete block, no control check)",
                self.describe_card(viewer, *c)
            ),
            Action::Block(c) => format!("Block with {}", self.describe_card(viewer, *c)),
            Action::Enhance(c, i) | Action::FormAbility(c, i) | Action::Respond(c, i) => {
                let who = self.describe_card(viewer, *c);
                if who == "a card" {
                    // An action card in the other player's hand: what it is stays hidden.
                    return "Play an ability of a card in hand".into();
                }
                match self.state.ability(*c, *i) {
                    // The printed letter (E, F, R) said in words: a new player can't
                    // know the letters.
                    Some(a) => {
                        let (kind, text) = crate::text::ability_option_text(&a);
                        format!("{who} ({kind}) — {text}")
                    }
                    None => format!("{who} — an ability"),
                }
            }
            Action::Stun => {
                let n = self
                    .state
                    .keyword_enhance(crate::enhance::STUN)
                    .unwrap_or(0);
                format!("Stun: your opponent commits {n} foundations")
            }
            Action::Gauge => {
                let n = self
                    .state
                    .keyword_enhance(crate::enhance::GAUGE)
                    .unwrap_or(0);
                format!("Gauge: if this attack deals {n} or more damage, search for a character")
            }
            // I.3.7.1: the searching player sees the cards of their deck they may take.
            Action::Choose(c) if matches!(self.state.choice, Some(Choice::Gauge { player, .. }) if Seat::from(player) == viewer) =>
            {
                format!("Choose {}", self.state.name_of(*c))
            }
            Action::Choose(c) => format!("Choose {}", self.describe_card(viewer, *c)),
            Action::Reversal(c) => format!("Reverse with {}", self.describe_card(viewer, *c)),
            Action::ToMomentum(true) => "Add it to momentum".into(),
            Action::ToMomentum(false) => "Discard it".into(),
            Action::May(true) => "Yes".into(),
            Action::May(false) => "No".into(),
            Action::Number(x) => format!("X = {x}"),
            Action::Pick(i) => match &self.state.choice {
                Some(Choice::Either { options, .. }) => options
                    .get(usize::from(*i))
                    .map_or_else(|| format!("Option {i}"), |o| crate::text::steps_text(o)),
                Some(Choice::EachOrder { order, .. }) => {
                    let first = if *i == 0 { order[0].0 } else { order[1].0 };
                    format!("{} first", self.state.seat_name(first))
                }
                Some(Choice::Momentum { player, to, .. }) => {
                    let verb = if *to == Place::Removed {
                        "Remove"
                    } else {
                        "Discard"
                    };
                    match self.state.momentum_options(*player).get(usize::from(*i)) {
                        // A face-up card is public; a face-down one is unknown to all.
                        Some(&c) if self.state.card(c).face_up => {
                            format!("{verb} {} (face up in momentum)", self.state.name_of(c))
                        }
                        Some(_) => format!("{verb} a face-down momentum card"),
                        None => format!("Option {i}"),
                    }
                }
                Some(Choice::Name {
                    naming: Naming::Zone,
                    ..
                }) => Zone::ALL
                    .get(usize::from(*i))
                    .map_or_else(|| format!("Option {i}"), |z| z.name().to_string()),
                Some(Choice::Name {
                    naming: Naming::CardType,
                    ..
                }) => crate::ability::CardKind::ALL
                    .get(usize::from(*i))
                    .map_or_else(|| format!("Option {i}"), |k| k.word().to_string()),
                Some(Choice::Name {
                    naming: Naming::Number(lo, _),
                    ..
                }) => format!("The number {}", lo.saturating_add(*i)),
                Some(Choice::Name {
                    naming: Naming::Symbol,
                    ..
                }) => Symbol::EVERY
                    .get(usize::from(*i))
                    .map_or_else(|| format!("Option {i}"), |s| s.name().to_string()),
                _ => format!("Option {i}"),
            },
            Action::Pass => match self.state.pending {
                Pending::Form(_) => "Pass to the End Phase".into(),
                Pending::Commit(_) => "Let the check fail".into(),
                Pending::Block(_) => "Don't block".into(),
                Pending::Review(_) => "Keep every card".into(),
                Pending::Reversal(_) => "No reversal".into(),
                Pending::Respond(_) => "No response".into(),
                Pending::Choose(_) => "No more".into(),
                _ => "Pass".into(),
            },
        }
    }

    fn log_for(&self, viewer: Seat) -> Vec<&LogEntry> {
        self.state
            .log
            .iter()
            .filter(|e| e.visible_to.is_none_or(|s| s == viewer))
            .collect()
    }
}
