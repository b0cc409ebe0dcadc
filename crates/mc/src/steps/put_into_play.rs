//! Cards an effect puts into play (PLAY, PUT INTO PLAY, ENTERS PLAY): a card played under
//! any player's control (OWNERSHIP AND CONTROL, MAX), an ally put into play from a
//! discard pile by paying its printed cost, what an attachment may attach to (ATTACH TO,
//! PLAY RESTRICTIONS AND PERMISSIONS: "max 1 per enemy"), set-aside encounter cards and
//! minions put into play engaged (ENGAGED), and face-down Drone minions made from the
//! top card of a player's deck.

use crate::effects::StepResult;
use crate::model::*;
use crate::state::*;

impl GameState {
    /// The steps putting cards into play.
    pub(crate) fn put_into_play_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
        match step {
            &Step::ChooseController(slot) => {
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
            &Step::EnterPlayUnderChosen(slot) => {
                let q = f.chosen_player[usize::from(slot)].unwrap_or(f.player);
                self.enter_play_under(f.source, q);
                StepResult::Next
            }
            &Step::PayPrintedCostOf(slot) => {
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
            &Step::PutChosenIntoPlay(slot) => {
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
            Step::PutSetAsideIntoPlay(name) => {
                let found = self.ids().find(|&c| {
                    self.card(c).zone == Zone::SetAside(SCENARIO) && self.def(c).name == *name
                });
                if let Some(c) = found {
                    match self.def(c).kind {
                        Kind::Minion { .. } => self.enter_engaged(c, f.player),
                        Kind::SideScheme { start } => {
                            self.card_mut(c).zone = Zone::SideScheme;
                            self.card_mut(c).threat = start.of(usize::from(self.starting_players));
                            self.tasks
                                .push(Task::Occur(Occurrence::new(Event::EntersPlay { card: c })));
                        }
                        _ => {
                            self.card_mut(c).zone = Zone::Environment;
                            self.tasks
                                .push(Task::Occur(Occurrence::new(Event::EntersPlay { card: c })));
                        }
                    }
                    self.log_public(format!("{name} is put into play."));
                }
                StepResult::Next
            }
            Step::PutThisIntoPlayEngaged => {
                let c = f.source;
                if !self.in_play(c) {
                    self.encounter_discard.retain(|&x| x != c);
                    self.encounter_deck.retain(|&x| x != c);
                    self.enter_engaged(c, f.player);
                }
                StepResult::Next
            }
            Step::Drones(n) => {
                for _ in 0..*n {
                    self.put_drone(f.player);
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

    /// The options of the filters choosing where a card may go or come from: an ally
    /// to attach to or to put into play from a discard pile, an enemy for an attachment
    /// with "max 1 per enemy".
    pub(crate) fn put_into_play_filter(&self, p: u8, filter: Filter) -> Vec<CardId> {
        match filter {
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
            Filter::EnemyWithoutCopyOf(card) => {
                let name = &self.def(card).name;
                self.enemies()
                    .into_iter()
                    .filter(|&e| {
                        !self
                            .attachments_on(e)
                            .into_iter()
                            .any(|a| a != card && &self.def(a).name == name)
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
            !self
                .put_into_play_filter(0, Filter::AllyWithout(def))
                .is_empty()
        } else {
            true
        }
    }

    /// Why `p` may not play `c` under its printed play restrictions, if so.
    pub(crate) fn restriction_blocks(&self, c: CardId, p: u8) -> Option<&'static str> {
        let d = self.def(c);
        for r in &d.restrictions {
            match *r {
                Restriction::FormOnly(f) if self.player(p).form != f => {
                    return Some(if f == Form::Hero {
                        "this card is played in hero form only"
                    } else {
                        "this card is played in alter-ego form only"
                    });
                }
                Restriction::MaxOnePerEnemy
                    if self
                        .filter_options(p, Filter::EnemyWithoutCopyOf(c), None)
                        .is_empty() =>
                {
                    return Some("max 1 per enemy: every enemy already has one attached");
                }
                _ => {}
            }
        }
        None
    }

    /// The filter an attachment chooses its card with.
    pub(crate) fn attach_filter(&self, c: CardId, base: Filter) -> Filter {
        if base == Filter::Enemy
            && self
                .def(c)
                .restrictions
                .contains(&Restriction::MaxOnePerEnemy)
        {
            Filter::EnemyWithoutCopyOf(c)
        } else {
            base
        }
    }

    /// A Drone minion: a minion with the Drone trait, or a player card put into play
    /// face down as one.
    pub(crate) fn is_drone(&self, c: CardId) -> bool {
        self.is_minion(c) && (self.card(c).face_down || self.def(c).has_trait(Trait::Drone))
    }

    pub(crate) fn drones_engaged_with(&self, p: u8) -> Vec<CardId> {
        self.minions_engaged_with(p)
            .into_iter()
            .filter(|&c| self.is_drone(c))
            .collect()
    }

    pub(crate) fn drones_in_play(&self) -> Vec<CardId> {
        self.ids().filter(|&c| self.is_drone(c)).collect()
    }

    /// The top card of `p`'s deck enters play face down, engaged with `p`, as a Drone
    /// minion (its owner keeps it; the scenario controls it).
    pub(crate) fn put_drone(&mut self, p: u8) {
        self.deck_ran_out(p);
        let Some(c) = self.player_mut(p).deck.pop() else {
            return;
        };
        self.card_mut(c).face_down = true;
        self.log_public(format!(
            "{} puts the top card of their deck into play face down as a Drone minion.",
            self.player_name(p)
        ));
        self.enter_engaged(c, p);
        self.deck_ran_out(p);
    }
}

fn one_per_attached(d: &CardDef) -> bool {
    d.constants
        .iter()
        .any(|k| matches!(k, Constant::MaxOnePerAttached))
}
