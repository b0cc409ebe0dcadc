//! Engine pieces of the Core Set villain sets (Rhino, Klaw, Ultron): searching the
//! encounter deck for a named card (SEARCH, REVEAL), discarding encounter cards until a
//! minion is found, set-aside cards put into play, extra boost cards, attack keywords
//! gained for one attack, damage placed on an attachment instead of the villain, and
//! face-down Drone minions made from the top card of a player's deck.

use crate::effects::StepResult;
use crate::model::*;
use crate::state::*;

/// `chosen_option` after an effect's payment is complete / while it is under way.
pub(crate) const PAID: u8 = 254;
const PAYING: u8 = 253;

impl GameState {
    /// Could `p` generate these resources now (each typed need met by that type or
    /// wild, and enough in all)?
    fn could_pay(&self, p: u8, icons: Icons) -> bool {
        let have = self.resources_available(p, None, &[]);
        have.total() >= icons.total()
            && [Resource::Energy, Resource::Mental, Resource::Physical]
                .into_iter()
                .all(|r| have.get(r) + have.wild >= icons.get(r))
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

    pub(crate) fn shuffle_encounter_deck(&mut self) {
        let mut deck = std::mem::take(&mut self.encounter_deck);
        self.rng.shuffle(&mut deck);
        self.encounter_deck = deck;
    }

    /// The nearest enemy attack in progress by the enemy `c` is (or is attached to).
    fn attack_of(&mut self, c: CardId) -> Option<&mut EnemyAttack> {
        let attacker = self.card(c).attached_to.unwrap_or(c);
        self.tasks.iter_mut().rev().find_map(|t| match t {
            Task::Attack(a) if a.attacker == attacker => Some(a),
            _ => None,
        })
    }

    /// The top card of `p`'s deck enters play face down, engaged with `p`, as a Drone
    /// minion (its owner keeps it; the scenario controls it).
    pub(crate) fn put_drone(&mut self, p: u8) {
        if self.player(p).deck.is_empty() {
            self.reshuffle_player_deck(p);
        }
        let Some(c) = self.player_mut(p).deck.pop() else {
            return;
        };
        self.card_mut(c).face_down = true;
        self.log_public(format!(
            "{} puts the top card of their deck into play face down as a Drone minion.",
            self.player_name(p)
        ));
        self.enter_engaged(c, p);
        if self.player(p).deck.is_empty() {
            self.reshuffle_player_deck(p);
        }
    }

    /// Move the top card of `p`'s deck to their discard pile, face up for all to see;
    /// `None` if the deck is empty. Callers decide when an empty deck is reshuffled.
    pub(crate) fn discard_top_card(&mut self, p: u8) -> Option<CardId> {
        let c = self.player_mut(p).deck.pop()?;
        self.card_mut(c).zone = Zone::Discard(p);
        self.player_mut(p).discard.push(c);
        self.log_public(format!(
            "{} discards {} from the top of their deck.",
            self.player_name(p),
            self.def(c).name
        ));
        Some(c)
    }

    /// Discard `n` cards from the top of `p`'s deck; if the deck runs out it is
    /// reshuffled and nothing more is discarded (EMPTY PLAYER DECK).
    pub(crate) fn discard_top_of_deck(&mut self, p: u8, n: u16) {
        for _ in 0..n {
            if self.discard_top_card(p).is_none() {
                return;
            }
            if self.player(p).deck.is_empty() {
                self.reshuffle_player_deck(p);
                return;
            }
        }
    }

    /// The attack `a` ends: lasting effects "until the end of this attack" end, cards
    /// waiting for its end are discarded, and an effect that started it learns what it
    /// did (the damage it dealt, the character it damaged).
    pub(crate) fn attack_over(&mut self, a: &mut EnemyAttack, made: bool) {
        // The character damaged is the one that really took damage.
        a.damaged = a.hit;
        self.end_lasting(Period::Attack);
        if a.exhaust_if_damaged && a.hero_damaged {
            let hero = self.player(a.player).identity;
            self.card_mut(hero).exhausted = true;
            self.log_public(format!("{} is exhausted.", self.card_name(hero)));
        }
        for &c in &a.discard_after {
            if self.in_play(c) {
                self.log_public(format!(
                    "The attack is over: {} is discarded.",
                    self.def(c).name
                ));
                self.discard_from_play(c);
            }
        }
        // The effect that started it is under it (and under the other attacks it
        // started).
        let frame = self.tasks.iter_mut().rev().find_map(|t| match t {
            Task::Attack(_) => None,
            Task::Effect(f) => Some(Some(f)),
            _ => Some(None),
        });
        if let Some(Some(f)) = frame {
            let pc = usize::from(f.pc);
            match pc.checked_sub(1).and_then(|i| f.steps.get(i)) {
                Some(Step::VillainAttacksYou) => {
                    f.counted = a.dealt;
                    f.damaged = a.damaged;
                    f.nothing = a.dealt == 0;
                }
                Some(Step::EachEngagedAttacksYou(_)) if made => {
                    f.counted += 1;
                    f.nothing = false;
                }
                _ => {}
            }
        }
    }

    /// The threat an enemy's scheme placed is known: an effect that made it scheme
    /// counts it.
    pub(crate) fn scheme_over(&mut self, placed: u16) {
        // Under it: the scheme's own occurrence, then the effect.
        let frame =
            self.tasks.iter_mut().rev().find(
                |t| !matches!(t, Task::Occur(o) if matches!(o.event, Event::EnemyScheme { .. })),
            );
        if let Some(Task::Effect(f)) = frame {
            let pc = usize::from(f.pc);
            if pc > 0 && f.steps.get(pc - 1) == Some(&Step::VillainSchemes) {
                f.counted = placed;
                f.nothing = placed == 0;
            }
        }
    }

    /// Damage `n` was dealt to `to` by `attacker`'s attack: the attack remembers it.
    pub(crate) fn note_attack_damage(&mut self, attacker: CardId, to: CardId, n: u16) {
        if n == 0 {
            return;
        }
        if let Some(a) = self.tasks.iter_mut().rev().find_map(|t| match t {
            Task::Attack(a) if a.attacker == attacker => Some(a),
            _ => None,
        }) {
            a.dealt = a.dealt.saturating_add(n);
            a.hit.get_or_insert(to);
            let hero = self.players[usize::from(a.player)].identity;
            if to == hero {
                a.hero_damaged = true;
            }
        }
    }

    pub(crate) fn villain_step(&mut self, f: &mut Frame, step: &Step) -> StepResult {
        match step {
            Step::SearchReveal { name, discard_too } => {
                let mut found = None;
                if let Some(i) = self
                    .encounter_deck
                    .iter()
                    .position(|&c| self.def(c).name == *name)
                {
                    found = Some(self.encounter_deck.remove(i));
                } else if *discard_too {
                    if let Some(i) = self
                        .encounter_discard
                        .iter()
                        .position(|&c| self.def(c).name == *name)
                    {
                        found = Some(self.encounter_discard.remove(i));
                    }
                }
                self.shuffle_encounter_deck();
                match found {
                    Some(c) => {
                        self.log_public(format!("The search finds {name}."));
                        self.tasks.push(Task::RevealCard {
                            card: c,
                            player: f.player,
                            step: 0,
                        });
                    }
                    None => self.log_public(format!("The search doesn't find {name}.")),
                }
                self.log_public("The encounter deck is shuffled.".into());
            }
            Step::DiscardUntilMinion => {
                let limit = self.encounter_deck.len() + self.encounter_discard.len() + 1;
                for _ in 0..limit {
                    let Some(c) = self.take_encounter_card() else {
                        break;
                    };
                    let minion = matches!(self.def(c).kind, Kind::Minion { .. });
                    self.log_public(format!(
                        "{} is discarded from the encounter deck.",
                        self.def(c).name
                    ));
                    if minion {
                        let p = self.first_player;
                        self.enter_engaged(c, p);
                        break;
                    }
                    self.card_mut(c).zone = Zone::EncounterDiscard;
                    self.encounter_discard.push(c);
                }
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
            }
            Step::ShuffleEncounterDeck => {
                self.shuffle_encounter_deck();
                self.log_public("The encounter deck is shuffled.".into());
            }
            Step::ExtraBoost => {
                if let Some(a) = self.attack_of(f.source) {
                    a.boosts = a.boosts.saturating_add(1);
                    self.log_public("The attack gets 1 additional boost card.".into());
                }
            }
            Step::AttackGainsOverkill => {
                if let Some(a) = self.attack_of(f.source) {
                    a.overkill = true;
                    self.log_public("The attack gains overkill.".into());
                }
            }
            Step::DiscardThisAfterAttack => {
                let c = f.source;
                if let Some(a) = self.attack_of(c) {
                    a.discard_after.push(c);
                }
            }
            Step::MoveDamageHere => {
                let here = f.source;
                let moved = self.tasks.iter_mut().rev().find_map(|t| match t {
                    Task::Occur(o) => match o.event {
                        Event::Damage { amount, .. } => {
                            let n = amount.saturating_sub(o.prevented);
                            o.prevented = amount;
                            Some(n)
                        }
                        _ => None,
                    },
                    _ => None,
                });
                if let Some(n) = moved.filter(|&n| n > 0) {
                    self.card_mut(here).damage = self.card(here).damage.saturating_add(n);
                    self.log_public(format!(
                        "The {n} damage is placed on {} instead.",
                        self.def(here).name
                    ));
                }
            }
            Step::Drones(n) => {
                for _ in 0..*n {
                    self.put_drone(f.player);
                }
            }
            Step::InPlayerOrder(steps) | Step::FirstPlayer(steps) => {
                let players = match step {
                    Step::InPlayerOrder(_) => self.player_order(),
                    _ => vec![self.first_player],
                };
                for &p in players.iter().rev() {
                    let mut sub = Frame::new(f.source, p, steps.clone());
                    sub.event_card = f.event_card;
                    sub.damaged = f.damaged;
                    sub.label = f.label;
                    self.tasks.push(Task::Effect(sub));
                }
            }
            Step::DiscardDeckTop(amount) => {
                let n = self.amount(f, *amount);
                self.discard_top_of_deck(f.player, n);
            }
            Step::DiscardAtRandom(n) => {
                let p = f.player;
                for _ in 0..*n {
                    let len = self.player(p).hand.len();
                    if len == 0 {
                        break;
                    }
                    let i = self.rng.below(len);
                    let c = self.player(p).hand[i];
                    self.log_public("A card is discarded at random.".into());
                    self.discard_from_hand(p, c);
                }
            }
            Step::EachEngagedAttacksYou(t) => {
                f.counted = 0;
                f.nothing = true;
                let p = f.player;
                let attackers: Vec<CardId> = self
                    .minions_engaged_with(p)
                    .into_iter()
                    .filter(|&m| match t {
                        Trait::Drone => self.is_drone(m),
                        _ => !self.card(m).face_down && self.def(m).has_trait(*t),
                    })
                    .collect();
                for &m in attackers.iter().rev() {
                    self.tasks.push(Task::Attack(EnemyAttack::new(m, p)));
                }
            }
            Step::PayOr {
                icons,
                label,
                otherwise,
            } => {
                // Offered as a choice of two when the player could pay; the payment
                // step comes back here if the payment is called off.
                let mut spend: Vec<&str> = vec![];
                for r in Resource::ALL {
                    for _ in 0..icons.get(r) {
                        spend.push(r.word());
                    }
                }
                // A payment the player called off is not offered again: the other
                // branch resolves (as any called-off payment, see `called_off`).
                let options = if self.could_pay(f.player, *icons)
                    && !self.called_off.contains(&PayFor::EffectResources)
                {
                    vec![
                        (
                            format!("Spend {}", spend.join(", ")),
                            vec![Step::PayResources {
                                icons: *icons,
                                again: Box::new(step.clone()),
                            }],
                        ),
                        (label.clone(), otherwise.clone()),
                    ]
                } else {
                    vec![(label.clone(), otherwise.clone())]
                };
                let rest: Vec<Step> = f.steps.split_off(usize::from(f.pc));
                if options.len() == 1 {
                    f.steps.extend(otherwise.iter().cloned());
                } else {
                    f.steps.push(Step::ChooseOne(options));
                }
                f.steps.extend(rest);
            }
            Step::PayResources { icons, again } => match self.chosen_option {
                Some(PAID) => self.chosen_option = None,
                Some(PAYING) => {
                    // Called off: choose again.
                    self.chosen_option = None;
                    let rest: Vec<Step> = f.steps.split_off(usize::from(f.pc));
                    f.steps.push((**again).clone());
                    f.steps.extend(rest);
                }
                _ => {
                    self.chosen_option = Some(PAYING);
                    return StepResult::Wait(Pending::Pay(Box::new(Payment {
                        player: f.player,
                        what: PayFor::EffectResources,
                        generic: 0,
                        typed: *icons,
                        cards: vec![],
                        abilities: vec![],
                        generated: Icons::default(),
                        open_ended: false,
                    })));
                }
            },
            Step::ExhaustHeroIfActivationDamages => {
                let v = self.villain;
                if let Some(a) = self.attack_of(v) {
                    a.exhaust_if_damaged = true;
                }
            }
            Step::PutThisIntoPlayEngaged => {
                let c = f.source;
                if !self.in_play(c) {
                    self.encounter_discard.retain(|&x| x != c);
                    self.encounter_deck.retain(|&x| x != c);
                    self.enter_engaged(c, f.player);
                }
            }
            _ => {}
        }
        StepResult::Next
    }
}
