//! Engine pieces the aspect and basic cards need: threat about to be placed, the end
//! of the round, lasting effects on a player's characters and on the cost of their
//! next card (LASTING EFFECTS), playing a card under any player's control (OWNERSHIP
//! AND CONTROL, MAX), putting a card into play from a discard pile (PUT INTO PLAY),
//! discarding the top card of a deck, and revealing encounter cards from an effect.

use crate::effects::StepResult;
use crate::model::*;
use crate::state::*;

impl GameState {
    /// The steps of this file (see `model::Step`, "(h-aspects)").
    pub(crate) fn aspects_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
        match *step {
            Step::DiscardTopCardInto(slot) => {
                let p = f.player;
                if self.player(p).deck.is_empty() {
                    self.reshuffle_player_deck(p);
                }
                if let Some(c) = self.discard_top_card(p) {
                    f.chosen[usize::from(slot)] = Some(c);
                    if self.player(p).deck.is_empty() {
                        self.reshuffle_player_deck(p);
                    }
                }
                StepResult::Next
            }
            Step::DamageOverkillIf { cond, to, amount } => {
                let overkill = self.aspects_cond_holds(f, cond);
                let n = self.step_amount(f, amount);
                let you = self.player(f.player).identity;
                let targets = self.step_targets(f, to);
                if n > 0 {
                    for t in targets.into_iter().rev() {
                        self.player_attack(you, t, n, false, overkill);
                    }
                }
                StepResult::Next
            }
            Step::PlayerCharactersGet {
                slot,
                stat,
                n,
                until,
            } => {
                if let Some(q) = f.chosen_player[usize::from(slot)] {
                    let stat = match stat {
                        Stat::Atk => Stat::CharactersAtk,
                        Stat::Thw => Stat::CharactersThw,
                        other => other,
                    };
                    self.lasting.push(Lasting {
                        card: self.player(q).identity,
                        stat,
                        n,
                        until,
                    });
                }
                StepResult::Next
            }
            Step::ReduceNextCost { slot, n } => {
                if let Some(q) = f.chosen_player[usize::from(slot)] {
                    self.lasting.push(Lasting {
                        card: self.player(q).identity,
                        stat: Stat::NextCardCost,
                        n: n.min(20) as i8,
                        until: Period::Phase,
                    });
                    self.log_public(format!(
                        "The next card {} plays this phase costs {n} less.",
                        self.player_name(q)
                    ));
                }
                StepResult::Next
            }
            Step::DiscardEventCard => {
                let Some(c) = f.event_card else {
                    return StepResult::Next;
                };
                if let Some(o) = self.tasks.iter_mut().rev().find_map(|t| match t {
                    Task::Occur(o) => Some(o),
                    _ => None,
                }) {
                    o.canceled = true;
                }
                if self.card(c).zone == Zone::Resolving && self.card(c).owner == SCENARIO {
                    self.card_mut(c).zone = Zone::EncounterDiscard;
                    self.encounter_discard.push(c);
                    self.log_public(format!("{} is canceled and discarded.", self.def(c).name));
                }
                StepResult::Next
            }
            Step::RevealAnotherEncounterCard => {
                if let Some(c) = self.take_encounter_card() {
                    self.tasks.push(Task::RevealCard {
                        card: c,
                        player: f.player,
                        step: 0,
                    });
                }
                StepResult::Next
            }
            Step::ChooseController(slot) => {
                if f.chosen_player[usize::from(slot)].is_some() {
                    return StepResult::Next;
                }
                let options = self.controller_options(f.source);
                match options.len() {
                    0 => {
                        f.pc = f.steps.len() as u16;
                        StepResult::Next
                    }
                    1 => {
                        f.chosen_player[usize::from(slot)] = Some(options[0]);
                        StepResult::Next
                    }
                    _ => StepResult::Wait(Pending::ChoosePlayer { player: f.player }),
                }
            }
            Step::EnterPlayUnderChosen(slot) => {
                let q = f.chosen_player[usize::from(slot)].unwrap_or(f.player);
                self.enter_play_under(f.source, q);
                StepResult::Next
            }
            Step::PayPrintedCostOf(slot) => {
                let Some(c) = f.chosen[usize::from(slot)] else {
                    return StepResult::Next;
                };
                let cost = self.def(c).kind.cost().unwrap_or(0);
                if cost == 0 {
                    return StepResult::Next;
                }
                StepResult::Wait(Pending::Pay(Box::new(Payment {
                    player: f.player,
                    what: PayFor::Effect(c),
                    generic: cost,
                    typed: Icons::default(),
                    cards: vec![],
                    abilities: vec![],
                    generated: Icons::default(),
                    open_ended: false,
                })))
            }
            Step::PutChosenIntoPlay(slot) => {
                let Some(c) = f.chosen[usize::from(slot)] else {
                    return StepResult::Next;
                };
                if let Zone::Discard(owner) = self.card(c).zone {
                    self.player_mut(owner).discard.retain(|&x| x != c);
                    self.log_public(format!(
                        "{} puts {} into play.",
                        self.player_name(f.player),
                        self.def(c).name
                    ));
                    self.enter_play_under(c, f.player);
                }
                StepResult::Next
            }
            _ => StepResult::Next,
        }
    }

    /// The effect paying a printed cost (`PayPrintedCostOf`) is paid: it goes on.
    pub(crate) fn effect_paid(&mut self, generated: Icons) {
        if let Some(Task::Effect(f)) = self.tasks.last_mut() {
            if let Some(Step::PayPrintedCostOf(_)) = f.steps.get(usize::from(f.pc)) {
                f.pc += 1;
                f.paid = generated;
            }
        }
    }

    /// Players who may take control of card `c` as it enters play: MAX 1 per player is
    /// checked against each of them.
    pub(crate) fn controller_options(&self, c: CardId) -> Vec<u8> {
        let d = self.def(c);
        self.player_order()
            .into_iter()
            .filter(|&q| self.may_control(d, q))
            .collect()
    }

    /// "Max 1 per player": `q` controls no copy (by title) yet.
    pub(crate) fn may_control(&self, d: &CardDef, q: u8) -> bool {
        !(d.max_per_player && self.controlled_by(q).any(|o| self.def(o).name == d.name))
    }

    /// The players offered by the pending `(choose-player ...)`.
    pub(crate) fn player_choice_options(&self) -> Vec<u8> {
        if let Some(Task::Effect(f)) = self.tasks.last() {
            if let Some(Step::ChooseController(_)) = f.steps.get(usize::from(f.pc)) {
                return self.controller_options(f.source);
            }
        }
        self.player_order()
    }

    /// A card enters play under `q`'s control: counters (USES, "enters play with"),
    /// toughness, the enters-play occurrence, and its attachment choice (ATTACH TO).
    pub(crate) fn enter_play_under(&mut self, c: CardId, q: u8) {
        let d = self.def(c).clone();
        self.card_mut(c).zone = Zone::Play(q);
        self.card_mut(c).controller = q;
        if let Some(u) = d.uses() {
            self.card_mut(c).counters = u;
        }
        for k in &d.constants {
            if let Constant::EntersWithCounters(n) = *k {
                self.card_mut(c).counters = n;
            }
        }
        if d.has_keyword(Keyword::Toughness) {
            self.card_mut(c).status |= TOUGH;
        }
        self.tasks
            .push(Task::Occur(Occurrence::new(Event::EntersPlay { card: c })));
        if d.attach_to.is_some() {
            let filter = match d.attach_to {
                Some(AttachTo::Minion) => Filter::Minion,
                Some(AttachTo::Ally) if one_per_attached(&d) => {
                    Filter::AllyWithout(self.card(c).def)
                }
                Some(AttachTo::Ally) => Filter::Ally,
                _ => Filter::Enemy,
            };
            let filter = self.attach_filter(c, filter);
            self.tasks.push(Task::Effect(Frame::attach(c, q, filter)));
        }
    }

    /// The filters of this file.
    pub(crate) fn aspects_filter(&self, p: u8, filter: Filter) -> Vec<CardId> {
        match filter {
            Filter::ExhaustedAlly => self
                .player_order()
                .into_iter()
                .flat_map(|q| self.allies_of(q))
                .filter(|&a| self.card(a).exhausted)
                .collect(),
            Filter::DamagedFriendlyCharacter => self
                .friendly_characters()
                .into_iter()
                .filter(|&c| self.card(c).damage > 0)
                .collect(),
            Filter::AllyWithout(def) => self
                .player_order()
                .into_iter()
                .flat_map(|q| self.allies_of(q))
                .filter(|&a| {
                    !self
                        .attachments_on(a)
                        .into_iter()
                        .any(|u| self.def(u).name == self.db.defs[usize::from(def)].name)
                })
                .collect(),
            Filter::AllyInDiscard => {
                if self.allies_of(p).len() >= self.ally_limit(p) {
                    return vec![];
                }
                // Resources `p` could generate now; while the card with this choice is
                // still in hand (checking whether it can be played), it is not one of
                // them.
                let mut exclude = vec![];
                if !self.ids().any(|c| self.card(c).zone == Zone::Resolving) {
                    if let Some(&me) = self.player(p).hand.iter().find(|&&h| {
                        self.def(h).abilities.iter().any(|a| {
                            a.steps
                                .iter()
                                .any(|s| matches!(s, Step::PayPrintedCostOf(_)))
                        })
                    }) {
                        exclude.push(me);
                    }
                }
                let available = self.resources_available(p, None, &exclude).total();
                (0..self.players.len() as u8)
                    .flat_map(|q| self.player(q).discard.clone())
                    .filter(|&c| {
                        let d = self.def(c);
                        matches!(d.kind, Kind::Ally { .. })
                            && d.missing.is_none()
                            && !self.unique_in_play(d)
                            && u32::from(d.kind.cost().unwrap_or(0)) <= available
                    })
                    .collect()
            }
            _ => vec![],
        }
    }

    /// May this card attach to `ally` (an ally without a copy of it, when the card says
    /// max 1 per ally)?
    pub(crate) fn attach_options_exist(&self, c: CardId) -> bool {
        let d = self.def(c);
        if one_per_attached(d) {
            let def = self.card(c).def;
            !self.aspects_filter(0, Filter::AllyWithout(def)).is_empty()
        } else {
            true
        }
    }

    /// Lasting effects on "each character player q controls" that modify `stat` of `c`.
    pub(crate) fn characters_lasting(&self, c: CardId, stat: Stat) -> i32 {
        let group = match stat {
            Stat::Atk => Stat::CharactersAtk,
            Stat::Thw => Stat::CharactersThw,
            _ => return 0,
        };
        let q = match self.identity_of(c) {
            Some(q) => q,
            None => match self.card(c).zone {
                Zone::Play(q) if matches!(self.def(c).kind, Kind::Ally { .. }) => q,
                _ => return 0,
            },
        };
        let id = self.player(q).identity;
        self.lasting
            .iter()
            .filter(|l| l.card == id && l.stat == group)
            .map(|l| i32::from(l.n))
            .sum()
    }

    /// The cost reduction waiting for the next card player `p` plays.
    pub(crate) fn next_cost_reduction(&self, p: u8) -> u8 {
        let id = self.player(p).identity;
        self.lasting
            .iter()
            .filter(|l| l.card == id && l.stat == Stat::NextCardCost)
            .map(|l| l.n.max(0) as u8)
            .fold(0u8, |a, b| a.saturating_add(b))
    }

    /// Player `p` played a card: the reductions of the next card's cost are used up.
    pub(crate) fn use_cost_reductions(&mut self, p: u8) {
        let id = self.player(p).identity;
        self.lasting
            .retain(|l| !(l.card == id && l.stat == Stat::NextCardCost));
    }

    /// The enemy whose attack is resolving (or just resolved, in its response windows).
    pub(crate) fn attacking_enemy(&self) -> Option<CardId> {
        self.tasks.iter().rev().find_map(|t| match t {
            Task::Attack(a) => Some(a.attacker),
            Task::Occur(o) => match o.event {
                Event::EnemyAttack { attacker, .. } | Event::EnemyAttacked { attacker, .. } => {
                    Some(attacker)
                }
                _ => None,
            },
            _ => None,
        })
    }

    /// The threat the nearest threat occurrence is about to place, after prevention.
    pub(crate) fn threat_about_to_be_placed(&self) -> u16 {
        self.tasks
            .iter()
            .rev()
            .find_map(|t| match t {
                Task::Occur(o) => match o.event {
                    Event::Threat { amount, .. } => Some(amount.saturating_sub(o.prevented)),
                    _ => None,
                },
                _ => None,
            })
            .unwrap_or(0)
    }

    /// Whether the card remembered in `slot` has printed resource `r` (or wild).
    pub(crate) fn chosen_has_resource(&self, f: &Frame, slot: u8, r: Resource) -> bool {
        f.chosen[usize::from(slot)].is_some_and(|c| {
            let icons = self.def(c).resources;
            icons.get(r) > 0 || icons.wild > 0
        })
    }

    /// ENEMY SCHEMES, last step: the scheme's threat is placed when the "enemy schemes"
    /// occurrence resolves, less what its interrupts prevented.
    pub(crate) fn scheme_resolves(&mut self, schemer: CardId, prevented: u16) {
        let Some(i) = self
            .tasks
            .iter()
            .rposition(|t| matches!(t, Task::Scheme { schemer: s, step: 4, .. } if *s == schemer))
        else {
            return;
        };
        let Task::Scheme { bonus, player, .. } = self.tasks.remove(i) else {
            return;
        };
        if !self.in_play(schemer) {
            return;
        }
        let sch = self.stat(schemer, Stat::Sch).unwrap_or(0) + bonus;
        // (h-villains) under the threat: a marker that counts the threat placed, for
        // an effect that made this enemy scheme.
        self.tasks.push(Task::Scheme {
            schemer,
            player,
            step: 3,
            bonus: 0,
        });
        let ms = self.main_scheme;
        self.place_threat(ms, sch.saturating_sub(prevented));
    }

    /// The end of the round: "at the end of the round" abilities (DELAYED EFFECTS).
    pub(crate) fn round_ends(&mut self) {
        self.tasks
            .push(Task::Occur(Occurrence::new(Event::RoundEnds)));
    }
}

fn one_per_attached(d: &CardDef) -> bool {
    d.constants
        .iter()
        .any(|k| matches!(k, Constant::MaxOnePerAttached))
}
