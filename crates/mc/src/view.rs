//! What a seat sees: the board as text, the pending question, options in words and
//! the log, all from that seat's view (hands of other players, face-down dealt and
//! boost cards and the decks stay hidden). Also the AI's heuristic and determinizing.

use crate::act::Action;
use crate::model::*;
use crate::state::*;
use crate::Mc;
use crossover_kernel::{LogEntry, Presentation, Seat};
use serde::Serialize;
use std::fmt::Write;

/// The data a client draws for one seat.
#[derive(Debug, Clone, Serialize)]
pub struct McView {
    pub seat: Seat,
    /// The whole board as text: `table`, then each player's block.
    pub text: String,
    /// The villain's side of the table: the round, the villain, the schemes, the
    /// environment and the encounter deck, one line each.
    pub table: Vec<String>,
    /// Each player's block, in player order.
    pub players: Vec<PlayerBlock>,
}

/// One player's part of the board as `McView::seat` sees it.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerBlock {
    /// The hero's name (the player's name everywhere in the game).
    pub name: String,
    /// The identity line: form, hit points and stats, or "eliminated".
    pub heading: String,
    /// The cards they control, engaged minions, hand, deck and discard, one line each.
    pub lines: Vec<String>,
    pub first_player: bool,
    pub eliminated: bool,
}

impl GameState {
    /// Whether `viewer` may know which card `c` is where it is now: decks, the encounter
    /// deck, boost and dealt cards are face down to all, a hand is its owner's.
    pub fn visible_to(&self, viewer: u8, c: CardId) -> bool {
        let card = self.card(c);
        !card.face_down
            && match card.zone {
                // A deck card a player is searching or looking at is shown to them.
                Zone::Deck(_) => self.looking_at(viewer, c),
                Zone::EncounterDeck | Zone::Boost | Zone::Dealt(_) => false,
                Zone::Hand(p) => p == viewer,
                _ => true,
            }
    }

    pub fn describe_card(&self, c: CardId) -> String {
        let card = self.card(c);
        let mut s = self.card_name(c);
        let mut bits = vec![];
        if card.exhausted {
            bits.push("exhausted".to_string());
        }
        if card.damage > 0 {
            bits.push(format!("{} damage", card.damage));
        }
        if card.threat > 0 || matches!(card.zone, Zone::SideScheme | Zone::MainScheme) {
            bits.push(format!("{} threat", card.threat));
        }
        if card.counters > 0 {
            bits.push(format!("{} counters", card.counters));
        }
        for (f, w) in [
            (STUNNED, "stunned"),
            (CONFUSED, "confused"),
            (TOUGH, "tough"),
        ] {
            if card.status & f != 0 {
                bits.push(w.to_string());
            }
        }
        if !bits.is_empty() {
            let _ = write!(s, " ({})", bits.join(", "));
        }
        s
    }

    pub fn render_for(&self, viewer: u8) -> String {
        let mut out = self.table_lines().join("\n");
        out.push('\n');
        for p in 0..self.players.len() as u8 {
            let b = self.player_block(p, viewer);
            out.push('\n');
            out.push_str(&b.heading);
            out.push('\n');
            for l in &b.lines {
                let _ = writeln!(out, "  {l}");
            }
        }
        out
    }

    /// The villain's side of the board, one line each (see [`McView::table`]).
    pub fn table_lines(&self) -> Vec<String> {
        let mut out = String::new();
        let v = self.villain;
        let when = match self.phase {
            // Round 1 begins after the opening hands and mulligans (Appendix II).
            Phase::Setup => "Setup (opening hands and mulligans)".to_string(),
            Phase::Player => format!("Round {} · player phase", self.round),
            Phase::Villain => format!("Round {} · villain phase", self.round),
            Phase::Over => format!("Round {} · the game is over", self.round),
        };
        let _ = writeln!(
            out,
            "{when} · first player: {}",
            self.player_name(self.first_player)
        );
        let _ = writeln!(
            out,
            "Villain: {} — ATK {} SCH {} — {}/{} hit points{}",
            self.describe_card(v),
            self.stat(v, Stat::Atk).unwrap_or(0),
            self.stat(v, Stat::Sch).unwrap_or(0),
            self.remaining_hp(v).max(0),
            self.max_hp(v),
            if self.villain_deck.is_empty() {
                " (final stage)"
            } else {
                ""
            }
        );
        for a in self.attachments_on(v) {
            let _ = writeln!(out, "  attached: {}", self.describe_card(a));
        }
        let ms = self.main_scheme;
        let target = match self.def(ms).kind {
            Kind::MainScheme {
                target: Some(t), ..
            } => t.of(usize::from(self.starting_players)),
            _ => 0,
        };
        let _ = writeln!(
            out,
            "Main scheme: {} — {}/{} threat, {} acceleration token(s)",
            self.def(ms).name,
            self.card(ms).threat,
            target,
            self.acceleration_tokens
        );
        for s in self.side_schemes() {
            let _ = writeln!(out, "Side scheme: {}", self.describe_card(s));
        }
        for e in self
            .ids()
            .filter(|&c| self.card(c).zone == Zone::Environment)
        {
            let _ = writeln!(out, "Environment: {}", self.describe_card(e));
        }
        let _ = write!(
            out,
            "Encounter deck: {} cards · discard: {}",
            self.encounter_deck.len(),
            self.encounter_discard.len()
        );
        out.lines().map(str::to_string).collect()
    }

    /// Player `p`'s block of the board as `viewer` sees it (see [`PlayerBlock`]).
    pub fn player_block(&self, p: u8, viewer: u8) -> PlayerBlock {
        let pl = self.player(p);
        let id = pl.identity;
        let mut block = PlayerBlock {
            name: self.player_name(p),
            heading: String::new(),
            lines: vec![],
            first_player: p == self.first_player,
            eliminated: pl.eliminated,
        };
        if pl.eliminated {
            block.heading = format!(
                "{} — eliminated",
                self.db.defs[usize::from(pl.hero_def)].name
            );
            return block;
        }
        let form = match pl.form {
            Form::Hero => "hero",
            Form::AlterEgo => "alter-ego",
        };
        let mut out = String::new();
        {
            let _ = writeln!(
                out,
                "{}{} ({form}) — {}/{} hit points{}",
                self.describe_card(id),
                if p == viewer { " [you]" } else { "" },
                self.remaining_hp(id).max(0),
                self.max_hp(id),
                match pl.form {
                    Form::Hero => format!(
                        " · ATK {} THW {} DEF {}",
                        self.stat(id, Stat::Atk).unwrap_or(0),
                        self.stat(id, Stat::Thw).unwrap_or(0),
                        self.stat(id, Stat::Def).unwrap_or(0)
                    ),
                    Form::AlterEgo => format!(" · REC {}", self.stat(id, Stat::Rec).unwrap_or(0)),
                }
            );
            for c in self.controlled_by(p).filter(|&c| c != id) {
                let _ = writeln!(
                    out,
                    "  {}: {}",
                    self.def(c).kind.word(),
                    self.describe_card(c)
                );
            }
            for m in self.minions_engaged_with(p) {
                let _ = writeln!(
                    out,
                    "  engaged minion: {} — ATK {} SCH {}, {} hit points left",
                    self.describe_card(m),
                    self.stat(m, Stat::Atk).unwrap_or(0),
                    self.stat(m, Stat::Sch).unwrap_or(0),
                    self.remaining_hp(m).max(0)
                );
            }
            if p == viewer {
                let hand: Vec<String> = pl.hand.iter().map(|&c| self.def(c).name.clone()).collect();
                let _ = writeln!(out, "  hand: {}", hand.join(", "));
            } else {
                let _ = writeln!(out, "  hand: {} cards", pl.hand.len());
            }
            let _ = writeln!(
                out,
                "  deck: {} · discard: {} · dealt encounter cards: {}",
                pl.deck.len(),
                pl.discard.len(),
                pl.dealt.len()
            );
        }
        let mut lines = out.lines();
        block.heading = lines.next().unwrap_or_default().to_string();
        block.lines = lines
            .map(|l| l.strip_prefix("  ").unwrap_or(l).to_string())
            .collect();
        block
    }

    pub fn prompt_for(&self, viewer: u8) -> Option<String> {
        let who = self.to_move()?;
        let name = self.player_name(who);
        if who != viewer {
            return Some(format!("Waiting for {name}."));
        }
        Some(match &self.pending {
            Pending::None => return None,
            Pending::Mulligan(_) => {
                "Mulligan: discard any cards you want to replace, then Done.".into()
            }
            Pending::Turn(_) => format!("Your turn ({name}): choose an action, or end your turn."),
            Pending::Pay(pay) => self.payment_prompt(pay, viewer),
            Pending::Defend { .. } => {
                let attack = self.tasks.iter().rev().find_map(|t| match t {
                    Task::Attack(a) => Some(a),
                    _ => None,
                });
                match attack {
                    Some(a) => format!(
                        "{} (ATK {}{}) attacks {}: defend with a ready character, or take it undefended.",
                        self.name_for(viewer, a.attacker),
                        self.stat(a.attacker, Stat::Atk).unwrap_or(0),
                        match a.boosts {
                            0 => String::new(),
                            1 => ", plus 1 boost card".into(),
                            n => format!(", plus {n} boost cards"),
                        },
                        self.player_name(a.player)
                    ),
                    None => "The enemy attacks: defend with a ready character, or take it undefended."
                        .into(),
                }
            }
            Pending::Choose { .. } => format!("{}hoose a target.", self.for_source(viewer)),
            Pending::ChoosePlayer { .. } => format!("{}hoose a player.", self.for_source(viewer)),
            Pending::ChooseOne { .. } => format!("{}hoose one.", self.for_source(viewer)),
            Pending::Window { .. } => self.window_prompt(viewer),
            Pending::OrderForced { .. } => {
                "Forced abilities trigger together: choose which resolves first.".into()
            }
            Pending::DiscardDown(p) => format!(
                "End of the player phase: discard any cards (hand size {}), then Done.",
                self.hand_size(*p)
            ),
        })
    }

    /// `c`'s name if `viewer` may know it, else "a card".
    fn name_for(&self, viewer: u8, c: CardId) -> String {
        if usize::from(c.0) < self.cards.len() && self.visible_to(viewer, c) {
            self.card_name(c)
        } else {
            "a card".into()
        }
    }

    /// "Swinging Web Kick: c" when an effect of a card `viewer` can see is resolving,
    /// else "C" (the caller writes the rest of "choose ...").
    fn for_source(&self, viewer: u8) -> String {
        match self.resolving_source(viewer) {
            Some(name) => format!("{name}: c"),
            None => "C".into(),
        }
    }

    /// The name of the card whose effect is resolving, if `viewer` can see it.
    fn resolving_source(&self, viewer: u8) -> Option<String> {
        let source = self.tasks.iter().rev().find_map(|t| match t {
            Task::Effect(f) => Some(f.source),
            _ => None,
        })?;
        (usize::from(source.0) < self.cards.len() && self.visible_to(viewer, source))
            .then(|| self.card_name(source))
    }

    /// What is being paid for, what is still needed and what was put in so far.
    fn payment_prompt(&self, pay: &Payment, viewer: u8) -> String {
        let what = match pay.what {
            PayFor::Play(c) => format!("Paying for {}", self.name_for(viewer, c)),
            PayFor::Ability(c, _) => format!("Paying for {}'s ability", self.name_for(viewer, c)),
            PayFor::Effect(c) => format!("Paying {}'s cost", self.name_for(viewer, c)),
            PayFor::EffectResources => match self.resolving_source(viewer) {
                Some(name) => format!("Paying resources for {name}'s effect"),
                None => "Paying resources for the effect".into(),
            },
        };
        let mut need = if pay.open_ended {
            format!(
                "spend as many resources as you want, then Done ({} so far)",
                self.x_paid(pay)
            )
        } else {
            let left = u32::from(pay.generic) + pay.typed.total();
            let mut need = format!(
                "{left} more resource{} needed",
                if left == 1 { " is" } else { "s are" }
            );
            if pay.typed.total() > 0 {
                let _ = write!(
                    need,
                    ", {} among them",
                    crate::wording::icons(pay.typed)
                        .trim_end_matches(" resources")
                        .trim_end_matches(" resource")
                );
            }
            need
        };
        let put_in: Vec<String> = pay
            .cards
            .iter()
            .chain(pay.abilities.iter().map(|(c, _)| c))
            .map(|&c| self.name_for(viewer, c))
            .collect();
        if !put_in.is_empty() {
            let _ = write!(need, "; put in so far: {}", put_in.join(", "));
        }
        format!("{what}: {need}. Discard cards or use resource abilities.")
    }

    /// The interrupt or response window's question, with what is about to happen (or
    /// just happened) that opened it.
    fn window_prompt(&self, viewer: u8) -> String {
        let occurrence = self.tasks.iter().rev().find_map(|t| match t {
            Task::Occur(o) => Some(o),
            _ => None,
        });
        let Some(o) = occurrence else {
            return "You may use an interrupt or response now, or pass.".into();
        };
        let what = self.event_text(viewer, &o.event, o.prevented);
        match o.stage {
            OccStage::Interrupts { .. } | OccStage::ForcedInterrupts => {
                format!("About to happen: {what}. Use an interrupt now, or pass.")
            }
            _ => format!("Just happened: {what}. Use a response now, or pass."),
        }
    }

    /// An occurrence in words, as `viewer` may know it ("1 threat is placed on The
    /// Break-In!").
    fn event_text(&self, viewer: u8, e: &Event, prevented: u16) -> String {
        let n = |c: CardId| self.name_for(viewer, c);
        let player = |p: u8| {
            if usize::from(p) < self.players.len() {
                self.player_name(p)
            } else {
                format!("player {}", u32::from(p) + 1)
            }
        };
        match *e {
            Event::EnemyAttack {
                attacker,
                player: p,
            } => {
                format!("{} attacks {}", n(attacker), player(p))
            }
            Event::EnemyScheme { schemer } => format!("{} schemes", n(schemer)),
            Event::Damage { to, amount, .. } => {
                format!(
                    "{} damage is dealt to {}",
                    amount.saturating_sub(prevented),
                    n(to)
                )
            }
            Event::Threat { on, amount } => {
                format!(
                    "{} threat is placed on {}",
                    amount.saturating_sub(prevented),
                    n(on)
                )
            }
            Event::Revealed { card, player: p } => format!("{} reveals {}", player(p), n(card)),
            Event::EntersPlay { card } => format!("{} enters play", n(card)),
            Event::Defeated { card, .. } => format!("{} is defeated", n(card)),
            Event::ChangedForm { player: p } => format!("{} changes form", player(p)),
            Event::PlayerAttack { by, target, .. } => format!("{} attacks {}", n(by), n(target)),
            Event::Thwarted { by } => format!("{} thwarts", n(by)),
            Event::Defended { defender, .. } => format!("{} defends", n(defender)),
            Event::StepOneThreat => "threat is placed on the main scheme".into(),
            Event::EnemyAttacked {
                attacker,
                player: p,
                ..
            } => format!("{}'s attack on {} ends", n(attacker), player(p)),
            Event::RoundEnds => "the round ends".into(),
        }
    }

    pub fn describe(&self, viewer: u8, a: &Action) -> String {
        // Actions may come from files: an unknown card, player or ability is named as such.
        let exists = |c: CardId| usize::from(c.0) < self.cards.len();
        if let Some(c) = a.cards().into_iter().find(|&c| !exists(c)) {
            return format!("an action naming card #{}, which is not in this game", c.0);
        }
        let n = |c: CardId| {
            if !exists(c) {
                format!("card #{}", c.0)
            } else if self.visible_to(viewer, c) {
                self.card_name(c)
            } else {
                "a card".to_string()
            }
        };
        match *a {
            Action::EndTurn => "End your turn".into(),
            Action::ChangeForm => "Change form".into(),
            Action::Play(c) => format!("Play {} (cost {})", n(c), self.cost_of(c)),
            Action::Attack { by, target } => format!("{} attacks {}", n(by), n(target)),
            Action::Thwart { by, scheme } => format!("{} thwarts {}", n(by), n(scheme)),
            Action::Recover => "Recover".into(),
            Action::Use { card, ability } if !exists(card) => {
                format!("Use ability {ability} of {}", n(card))
            }
            Action::Use { card, ability } => {
                let Some(a) = self.face(card).abilities.get(usize::from(ability)) else {
                    return format!("Use ability {ability} of {}", n(card));
                };
                format!(
                    "Use {}{} ({})",
                    n(card),
                    a.name
                        .as_ref()
                        .map(|x| format!(": {x}"))
                        .unwrap_or_default(),
                    a.kind.word()
                )
            }
            Action::PayWith(c) => {
                if self.card(c).zone == Zone::Hand(viewer)
                    || self.card(c).zone == Zone::Discard(self.card(c).owner)
                {
                    format!("Discard {} for {}", n(c), self.yield_words(a))
                } else {
                    "Discard a card for resources".into()
                }
            }
            Action::PayWithAbility { card, .. } => {
                format!("Generate {} with {}", self.yield_words(a), n(card))
            }
            Action::CancelPayment => "Call off the payment".into(),
            Action::Defend(c) => format!("Defend with {}", n(c)),
            Action::NoDefense => "Don't defend".into(),
            Action::Choose(c) => format!("Choose {}", n(c)),
            Action::ChoosePlayer(p) if usize::from(p) < self.players.len() => {
                format!("Choose {}", self.player_name(p))
            }
            Action::ChoosePlayer(p) => format!("Choose player {}", u32::from(p) + 1),
            Action::ChooseOption(i) => {
                let label = self.tasks.last().and_then(|t| match t {
                    Task::Effect(f) => match f.steps.get(usize::from(f.pc)) {
                        Some(Step::ChooseOne(o)) => o.get(usize::from(i)).map(|x| x.0.clone()),
                        _ => None,
                    },
                    _ => None,
                });
                label.unwrap_or_else(|| format!("Option {}", i + 1))
            }
            Action::Pass => "Pass".into(),
            Action::Discard(c) => {
                if self.card(c).zone == Zone::Hand(viewer) {
                    format!("Discard {}", n(c))
                } else {
                    "Discard a card".into()
                }
            }
            Action::Done => "Done".into(),
        }
    }
}

impl GameState {
    /// "2 physical resources": what a payment option adds to the payment under way.
    fn yield_words(&self, a: &Action) -> String {
        match &self.pending {
            Pending::Pay(pay) => match self.payment_yield(pay, a) {
                Some(y) => crate::wording::icons(y),
                None => "resources".into(),
            },
            _ => "resources".into(),
        }
    }
}

impl Presentation for Mc {
    type View = McView;

    fn view(&self, viewer: Seat) -> McView {
        let seat = viewer as u8;
        McView {
            seat: viewer,
            text: self.state.render_for(seat),
            table: self.state.table_lines(),
            players: (0..self.state.players.len() as u8)
                .map(|p| self.state.player_block(p, seat))
                .collect(),
        }
    }

    fn render(&self, viewer: Seat) -> String {
        self.state.render_for(viewer as u8)
    }

    fn prompt(&self, viewer: Seat) -> Option<String> {
        self.state.prompt_for(viewer as u8)
    }

    fn describe_action(&self, viewer: Seat, action: &Action) -> String {
        self.state.describe(viewer as u8, action)
    }

    fn log_for(&self, viewer: Seat) -> Vec<&LogEntry> {
        self.state
            .log
            .iter()
            .filter(|e| e.visible_to.is_none() || e.visible_to == Some(viewer))
            .collect()
    }
}
