//! The actions a player may take at each decision, why one is illegal, and doing it.

use crate::attack::{EX, MULTIPLE, POWERFUL};
use crate::state::*;
use crossover_kernel::RuleError;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// E.1.3: go first (true) or second.
    GoFirst(bool),
    /// E.1.8: take a mulligan (true) or keep.
    Mulligan(bool),
    /// F.1.2: discard this card in the Review Step.
    ReviewDiscard(CardId),
    /// F.2.2.1: attempt to play this card from hand as a form.
    PlayForm(CardId),
    /// E.3.5.2.3: commit this card to the control check.
    Commit(CardId),
    /// I.3.9 Powerful / I.3.5 EX: discard this many momentum.
    Powerful(u8),
    Ex(u8),
    /// I.3.8 Multiple: discard this many momentum for as many multiple copies.
    Multiple(u8),
    /// G.1/H.2.1: play this card's enhance ability (by its index on the card).
    Enhance(CardId, u8),
    /// H.2.2: play this card's form ability (by its index on the card).
    FormAbility(CardId, u8),
    /// H.2.3: play this card's response ability in the open window (by its index;
    /// abilities a keyword grants are numbered from `state::GRANTED`).
    Respond(CardId, u8),
    /// I.3.12: play the attack's Stun.
    Stun,
    /// I.3.7: play the attack's Gauge.
    Gauge,
    /// Choose this card for the choice under way (a discard to pay a cost, the
    /// foundations a Stun commits).
    Choose(CardId),
    /// G.2: attempt to block with this card.
    Block(CardId),
    /// I.3.10: attempt to play this card as a reversal.
    Reversal(CardId),
    /// F.3.2.2: add the attack that dealt damage to momentum (true) or discard it.
    ToMomentum(bool),
    /// "You may ...": do it (true) or not.
    May(bool),
    /// Pick an option of the choice under way ("either ... or ...", a block zone).
    Pick(u8),
    /// Choose a number (X, H.4.4.2).
    Number(u8),
    /// Decline: pass on forms (F.2.2.3), enhance priority (G.1), blocking (G.2.1),
    /// a reversal, the review discard, or committing (the check fails).
    Pass,
}

impl GameState {
    /// The forms the active player may attempt from hand (F.2.2.1: non-action cards),
    /// or as though from hand (K.3.17).
    pub fn legal_forms(&self, p: u8) -> Vec<CardId> {
        self.hand_like(p)
            .filter(|&c| {
                self.form_half(c).is_some()
                    && self.symbols_allow(p, c)
                    && self.name_allows(p, c)
                    && self.additional_cost_payable(p, c)
            })
            .collect()
    }

    /// Whether the active player may pass on forms: not while they must attempt a card
    /// from hand (F.2.2.3, second) and have one they can attempt.
    fn may_pass_forms(&self, p: u8) -> bool {
        let pl = self.player(p);
        !(pl.must_attempt && !pl.attempted_from_hand && !self.legal_forms(p).is_empty())
    }

    pub fn legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        match self.pending {
            Pending::ChooseFirst(_) => out.extend([Action::GoFirst(true), Action::GoFirst(false)]),
            Pending::Mulligan(_) => out.extend([Action::Mulligan(false), Action::Mulligan(true)]),
            Pending::Review(p) => {
                out.push(Action::Pass);
                out.extend(
                    self.player(p)
                        .hand
                        .iter()
                        .map(|&c| Action::ReviewDiscard(c)),
                );
            }
            Pending::Form(p) => {
                out.extend(self.legal_forms(p).into_iter().map(Action::PlayForm));
                out.extend(
                    self.legal_form_abilities(p)
                        .into_iter()
                        .map(|(c, i)| Action::FormAbility(c, i)),
                );
                if self.may_pass_forms(p) {
                    out.push(Action::Pass);
                }
            }
            Pending::Commit(p) => {
                out.extend(self.committable(p).into_iter().map(Action::Commit));
                // E.3.5.2.3.2: the commits are one event; a player who has begun
                // commits until the difficulty is met.
                if self.check.as_ref().is_none_or(|c| c.commits == 0) {
                    out.push(Action::Pass);
                }
            }
            Pending::Enhance(p) => {
                out.push(Action::Pass);
                let attacker = self.attack.as_ref().map(|a| a.attacker);
                if attacker == Some(p) {
                    let momentum = self.player(p).momentum.len().min(u8::MAX as usize) as u8;
                    if self.keyword_enhance(POWERFUL).is_some() {
                        out.extend((1..=momentum).map(Action::Powerful));
                    }
                    if self.keyword_enhance(EX).is_some() {
                        out.extend((1..=momentum).map(Action::Ex));
                    }
                    if self.keyword_enhance(crate::enhance::STUN).is_some() {
                        out.push(Action::Stun);
                    }
                    if self.keyword_enhance(crate::enhance::GAUGE).is_some() {
                        out.push(Action::Gauge);
                    }
                    if let Some(rating) = self.keyword_enhance(MULTIPLE) {
                        out.extend((1..=momentum.min(rating)).map(Action::Multiple));
                    }
                }
                out.extend(
                    self.legal_enhances(p)
                        .into_iter()
                        .map(|(c, i)| Action::Enhance(c, i)),
                );
            }
            Pending::Block(_) => {
                out.extend(self.legal_blocks().into_iter().map(Action::Block));
                out.push(Action::Pass);
            }
            Pending::Reversal(p) => {
                out.extend(self.legal_reversals(p).into_iter().map(Action::Reversal));
                out.push(Action::Pass);
            }
            Pending::Momentum(_, _) => {
                out.extend([Action::ToMomentum(true), Action::ToMomentum(false)])
            }
            Pending::Choose(p) => match &self.choice {
                Some(Choice::May { .. }) => out.extend([Action::May(true), Action::May(false)]),
                Some(
                    Choice::Either { .. }
                    | Choice::Name { .. }
                    | Choice::EachOrder { .. }
                    | Choice::Momentum { .. },
                ) => out.extend((0..self.pick_count()).map(Action::Pick)),
                Some(Choice::ChooseX {
                    source,
                    ability,
                    max,
                    ..
                }) => {
                    // Never an empty choice: a form ability whose X is spent is not offered.
                    let min = self.x_min(*source, *ability).min(*max);
                    out.extend((min..=*max).map(Action::Number))
                }
                Some(Choice::TopOfDeck { max, .. }) => out.extend((0..=*max).map(Action::Number)),
                Some(Choice::Gauge { .. }) => {
                    // I.3.7.1 "you may": finding none is a choice too.
                    out.extend(self.legal_choices(p).into_iter().map(Action::Choose));
                    out.push(Action::Pass);
                }
                Some(Choice::FromRemoved { up_to, .. }) => {
                    out.extend(self.legal_choices(p).into_iter().map(Action::Choose));
                    if *up_to {
                        out.push(Action::Pass);
                    }
                }
                _ => out.extend(self.legal_choices(p).into_iter().map(Action::Choose)),
            },
            Pending::Respond(p) => {
                out.push(Action::Pass);
                out.extend(
                    self.legal_responses(p)
                        .into_iter()
                        .map(|(c, i)| Action::Respond(c, i)),
                );
            }
            Pending::Over => {}
        }
        out
    }

    /// Whether ability `i` of `c` is a combo ability whose Combo `p` has not met.
    fn combo_refuses(&self, p: u8, c: CardId, i: u8) -> bool {
        usize::from(c) < self.cards.len()
            && self.ability(c, i).is_some_and(|a| a.combo)
            && !self.combo_allows(p, c)
    }

    /// Why `action` can't be taken now, naming the rule.
    pub fn explain_illegal(&self, action: &Action) -> RuleError {
        let (rule, why): (&str, String) = match (&self.pending, action) {
            (Pending::Over, _) => ("A.1", "the game is over".into()),
            (Pending::Form(_), Action::PlayForm(c)) => match self.cards.get(usize::from(*c)) {
                None => ("F.2.2.1", format!("there is no card {c}")),
                Some(_) if !self.in_hand_for(self.active, *c) => (
                    "F.2.2.1",
                    "a form is played from your own hand (or as though from it, K.3.17)".into(),
                ),
                Some(_) if self.form_half(*c).is_none() => (
                    "F.2.2.1",
                    "only a non-action card can be played from hand as a form".into(),
                ),
                Some(_) if !self.name_allows(self.active, *c) => {
                    ("I.3.2", "that card is only for another character".into())
                }
                Some(_) if !self.additional_cost_payable(self.active, *c) => (
                    "E.4.1.1",
                    "its additional cost (E.4.4) can't be paid in full".into(),
                ),
                Some(_) => (
                    "E.4.1.2",
                    "it shares no resource symbol with your character and every card in your card pool"
                        .into(),
                ),
            },
            (Pending::Form(_), Action::Pass) => (
                "F.2.2.3",
                "you passed last turn without attempting a card from hand, so you must attempt one this turn"
                    .into(),
            ),
            (Pending::Block(p), Action::Block(c))
                if self.cards.get(usize::from(*c)).is_some_and(|card| {
                    card.place == Place::Hand && card.owner == *p && !self.name_allows(*p, *c)
                }) =>
            {
                ("I.3.2", "that card is only for another character".into())
            }
            (Pending::Block(_), Action::Block(_)) => (
                "G.2.1",
                "block with a card in your hand whose block zone can block this attack (low: low or mid; high: high or mid) and whose symbols you can play"
                    .into(),
            ),
            (Pending::Commit(_), Action::Pass) => (
                "E.3.5.2.3.2",
                "committing cards is one event: having begun, commit until the difficulty is met".into(),
            ),
            (Pending::Commit(_), Action::Commit(_)) => (
                "E.3.5.2.3",
                "commit a ready foundation or character in your staging area".into(),
            ),
            (
                Pending::Enhance(p) | Pending::Form(p) | Pending::Respond(p),
                Action::Enhance(c, i) | Action::FormAbility(c, i) | Action::Respond(c, i),
            ) if self.combo_refuses(*p, *c, *i) => (
                "H.3.1.2",
                "a combo ability is played only when the printed values of the cards just before its card in the card pool meet its Combo requirements, in order (I.3.3.2)".into(),
            ),
            (Pending::Enhance(_), Action::Enhance(..)) => (
                "H.2.1",
                "an enhance ability is played once per Enhance Step, from a ready card in your staging area or your current attack, with its cost paid in full (E.4.1.1)".into(),
            ),
            (Pending::Form(_), Action::FormAbility(..)) => (
                "H.2.2",
                "a form ability is played from a ready foundation, asset or character in your staging area, with its restrictions met and its cost paid in full (E.4.1.1)".into(),
            ),
            (Pending::Respond(_), Action::Respond(..)) => (
                "H.2.3",
                "a response ability is played once per window, from a ready card in your staging area or your current attack, when its response condition matches the event the window was opened for, with its cost paid in full (E.4.1.1)".into(),
            ),
                        (Pending::Choose(_), Action::Choose(_)) => (
                "K.2",
                "choose one of the cards offered".into(),
            ),
            (Pending::Choose(_), Action::Pick(_)) => {
                ("K.2", "pick one of the options offered".into())
            }
            (Pending::Choose(_), Action::Number(_)) => (
                "H.4.4.2",
                "X is a whole number from 0 to what you can pay (from 1 for an ability played with X = 0 this turn, ruling UFS-36)".into(),
            ),
            (
                Pending::Enhance(_),
                Action::Powerful(_)
                | Action::Ex(_)
                | Action::Stun
                | Action::Gauge
                | Action::Multiple(_),
            ) => (
                "H.2.1.4",
                "only the attacker may, once per Enhance Step, and with that much momentum"
                    .into(),
            ),
            (Pending::Reversal(_), Action::Reversal(_)) => (
                "I.3.10",
                "a reversal is an attack with Reversal in your hand that you could play".into(),
            ),
            (pending, _) => (
                "F.4",
                format!("that is not an answer to the pending decision ({pending:?})"),
            ),
        };
        RuleError::new(rule.to_string(), why)
    }

    /// Does an action taken from `legal()`.
    pub(crate) fn perform(&mut self, action: &Action) {
        self.perform_action(action);
        // D.2.2.3.2: attached characters follow the starting character's state.
        self.sync_attached();
    }

    fn perform_action(&mut self, action: &Action) {
        match (self.pending.clone(), action) {
            (Pending::ChooseFirst(p), Action::GoFirst(first)) => {
                let first_player = if *first { p } else { 1 - p };
                self.begin_game(first_player);
            }
            (Pending::Mulligan(p), Action::Mulligan(take)) => self.mulligan(p, *take),
            (Pending::Review(p), Action::ReviewDiscard(c)) => {
                self.move_card(*c, Place::Discard);
                self.say(|s| {
                    format!(
                        "{} discards {} (Review Step).",
                        s.seat_name(p),
                        s.name_of(*c)
                    )
                });
                self.draw_step();
            }
            (Pending::Review(_), Action::Pass) => self.draw_step(),
            (Pending::Form(p), Action::PlayForm(_) | Action::FormAbility(..)) => {
                let e = Event::BeforeForm { player: p };
                if self.watches(e.kind_bit()) {
                    // UFS-19: "before (a player) performs a form" may be answered first.
                    self.event(e, Resume::PerformForm(action.clone()));
                } else {
                    self.do_form(p, action);
                }
            }
            (Pending::Form(_), Action::Pass) => self.pass_forms(),
            (Pending::Commit(_), Action::Commit(c)) => self.commit_for_check(*c),
            (Pending::Commit(_), Action::Pass) => self.check_failed(),
            (Pending::Enhance(_), Action::Pass) => self.enhance_pass(),
            (Pending::Enhance(_), Action::Powerful(n)) => self.keyword_enhance_use(POWERFUL, *n),
            (Pending::Enhance(_), Action::Ex(n)) => self.keyword_enhance_use(EX, *n),
            (Pending::Enhance(p), Action::Gauge) => self.play_gauge(p),
            (Pending::Enhance(p), Action::Stun) => self.play_stun(p),
            (Pending::Enhance(_), Action::Multiple(n)) => self.play_multiple(*n),
            (Pending::Enhance(p), Action::Enhance(c, i))
            | (Pending::Respond(p), Action::Respond(c, i)) => self.play_ability(p, *c, *i),
            (Pending::Respond(_), Action::Pass) => self.respond_pass(),
            (Pending::Choose(p), Action::Choose(c)) => self.choose(p, *c),
            (Pending::Choose(p), Action::May(yes)) => self.decide_may(p, *yes),
            (Pending::Choose(p), Action::Pick(i)) => self.pick(p, *i),
            (Pending::Choose(p), Action::Number(x)) => {
                if matches!(self.choice, Some(Choice::TopOfDeck { .. })) {
                    self.remove_top_of_deck(p, *x);
                } else {
                    self.choose_x(p, *x);
                }
            }
            (Pending::Choose(_), Action::Pass) => self.stop_choosing(),
            (Pending::Block(p), Action::Block(c)) if self.blocks_without_check(*c) => {
                self.block_without_check(p, *c)
            }
            (Pending::Block(p), Action::Block(c)) => self.attempt(p, *c, Purpose::Block),
            (Pending::Block(p), Action::Pass) => {
                self.say(|s| format!("{} does not block.", s.seat_name(p)));
                self.damage_step(BlockStatus::NotBlocked)
            }
            (Pending::Reversal(p), Action::Reversal(c)) => self.attempt(p, *c, Purpose::Reversal),
            (Pending::Reversal(_), Action::Pass) => {
                self.reversal_window = None;
                self.continue_combat();
            }
            (Pending::Momentum(p, c), Action::ToMomentum(keep)) => {
                if *keep {
                    self.move_card(c, Place::Momentum);
                    self.say(|s| {
                        format!(
                            "{} adds {} to their momentum.",
                            s.seat_name(p),
                            s.name_of(c)
                        )
                    });
                    self.event(Event::GainsMomentum { player: p }, Resume::EndPhase);
                } else {
                    self.move_card(c, Place::Discard);
                    self.end_phase();
                }
            }
            _ => unreachable!("perform is only given legal actions"),
        }
    }

    /// The form the active player chose, after the window before it (UFS-19): if an
    /// effect made it impossible (its card was discarded), they choose again.
    pub(crate) fn perform_form(&mut self, action: &Action) {
        let p = self.active;
        self.pending = Pending::Form(p);
        if !self.legal().contains(action) {
            self.say(|s| {
                format!(
                    "{} can no longer perform the form they chose, and chooses again.",
                    s.seat_name(p)
                )
            });
            return;
        }
        self.do_form(p, action);
    }

    /// F.2.2: the active player performs the form they chose.
    fn do_form(&mut self, p: u8, action: &Action) {
        match action {
            Action::PlayForm(c) => {
                self.player_mut(p).attempted_from_hand = true;
                self.attempt(p, *c, Purpose::Form);
            }
            Action::FormAbility(c, i) => self.play_ability(p, *c, *i),
            _ => {}
        }
    }
}
