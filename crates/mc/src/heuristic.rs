//! How the computer heroes judge a position: a race.
//!
//! The players win when the villain's last stage is defeated and lose when the last
//! main scheme stage completes or every hero falls. The judgement counts the *work*
//! still needed to win (villain hit points, minions, side schemes, and threat that
//! will have to be thwarted because the main scheme would otherwise complete) against
//! the work the players do per round (their heroes' best stat and the cards they draw),
//! and turns the rounds that takes into a number in [0, 1]. On top of the race sit the
//! two ways the next villain phase can end the game at once: the main scheme
//! completing, and a hero with too few hit points taking the villain's attack.
//!
//! Every quantity is in one unit (one damage = one threat = one unit of work), so the
//! trade-offs a turn is made of — attack or thwart, hero or alter-ego, defend or take
//! the hit, play the ally or keep the cards — are compared on one scale. The value is
//! measured on one clock from the start of the game, and what the rest of the current
//! villain phase still holds (read from the engine's task list) is anticipated, so a
//! position before a villain phase and one after it compare fairly.
//!
//! The constants were tuned by greedy games with Spider-Man's pre-built deck
//! (docs/AI.md); each says what it stands for.

use crate::model::*;
use crate::state::*;

/// The constants of the judgement, each in units of work (one damage = one threat)
/// unless it says otherwise. [`Weights::DEFAULT`] is what the computer heroes play
/// with; the tuning example (`crates/mc/examples/tune.rs`) tries others through
/// [`with_weights`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights {
    /// Threat an encounter card adds per round and player, on average (treacheries,
    /// side schemes), in the race.
    pub encounter_threat: f64,
    /// What an encounter card already dealt or about to be dealt is expected to add to
    /// the main scheme this round.
    pub encounter_card_threat: f64,
    /// A card in hand, unplayed: little, since the hand refills each round anyway.
    pub hand_card: f64,
    /// A card still in the deck (discarding from the deck is nearly free).
    pub deck_card: f64,
    /// An upgrade or support in play (beyond what its ability already shows on the board).
    pub upgrade: f64,
    /// Work per round each card of hand size brings (the hand refills every round).
    pub card_flow: f64,
    /// A ready character that can still act this round is worth most of its action.
    pub latent: f64,
    /// Rounds (from the start of the game) at which the value has fallen to 1/e.
    pub horizon: f64,
    /// The least work per round the race assumes the players gain on the villain.
    pub min_net: f64,
    /// A tough status card cancels one whole instance of damage.
    pub tough_work: f64,
    /// How far past the expected damage a hero's hit points must reach to feel safe, and
    /// how quickly the danger fades (boosts and treacheries vary the damage).
    pub death_margin: f64,
    pub death_scale: f64,
    /// The same for the last main scheme stage's threat.
    pub scheme_margin: f64,
    pub scheme_scale: f64,
    /// How much of a minion's hit points that does not guard the villain counts as
    /// work to win (what it does each round is counted apart).
    pub minion_work: f64,
    /// Work per round each engaged minion's ATK and SCH add, over the rounds the race
    /// is expected to take.
    pub minion_pressure: f64,
    /// How much of a side scheme's threat counts as work to win.
    pub side_scheme: f64,
    /// Work each hit point of a hero is worth beyond what the race reads from it.
    pub hit_point: f64,
    /// What each resource a card in hand costs adds to its worth.
    pub hand_cost: f64,
    /// How much of an acceleration icon on a side scheme a villain stage still to come
    /// will reveal the race counts as in play already.
    pub stage_acceleration: f64,
    /// How much of the work an ally in play will do in the rounds to come counts now
    /// (a use spent this round is certain; later ones may never come).
    pub ally_future: f64,
    /// The most rounds the first estimate of the race (what lasts a number of rounds:
    /// minions, allies, the hit points a hero will lose) counts.
    pub max_rounds: f64,
    /// How much of the alter-ego's hand size (against the hero's) a player's card flow
    /// counts (0: the hero's alone).
    pub alter_ego_hand: f64,
    /// Rounds (from the start of the game) past which the race's value falls as
    /// 1/rounds rather than exponentially.
    pub tail_rounds: f64,
    /// How much of what the villain stages still to come bring when revealed (their
    /// side schemes' work and acceleration) the judgement counts (0: none).
    pub stage_ahead: f64,
    /// How much of the villain stages still to come's ATK and SCH (weighted by their
    /// hit points) the race counts instead of the current stage's (0: none).
    pub stage_race: f64,
    /// How much of the damage the encounter cards still to come this round are
    /// expected to deal a hero (their attacks and damage, read from the encounter
    /// deck's cards), with its spread, the danger of the coming villain phase counts.
    pub encounter_damage: f64,
}

impl Weights {
    pub const DEFAULT: Weights = Weights {
        encounter_threat: 0.8,
        encounter_card_threat: 0.5,
        hand_card: 0.15,
        deck_card: 0.02,
        upgrade: 1.0,
        card_flow: 0.5,
        latent: 0.9,
        horizon: 10.0,
        min_net: 0.5,
        tough_work: 2.0,
        death_margin: 0.5,
        death_scale: 1.0,
        scheme_margin: 0.5,
        scheme_scale: 0.7,
        minion_work: 0.0,
        minion_pressure: 0.0,
        side_scheme: 1.0,
        hit_point: 0.0,
        hand_cost: 0.0,
        stage_acceleration: 1.0,
        ally_future: 1.0,
        max_rounds: 200.0,
        alter_ego_hand: 0.5,
        tail_rounds: 30.0,
        stage_ahead: 1.0,
        stage_race: 1.0,
        encounter_damage: 0.0,
    };

    /// The names of the fields, in declaration order (for the tuning example).
    pub const NAMES: [&'static str; 27] = [
        "encounter_threat",
        "encounter_card_threat",
        "hand_card",
        "deck_card",
        "upgrade",
        "card_flow",
        "latent",
        "horizon",
        "min_net",
        "tough_work",
        "death_margin",
        "death_scale",
        "scheme_margin",
        "scheme_scale",
        "minion_work",
        "minion_pressure",
        "side_scheme",
        "hit_point",
        "hand_cost",
        "stage_acceleration",
        "ally_future",
        "max_rounds",
        "alter_ego_hand",
        "tail_rounds",
        "stage_ahead",
        "stage_race",
        "encounter_damage",
    ];

    /// The fields as an array, in the order of [`Weights::NAMES`].
    pub fn to_array(self) -> [f64; 27] {
        [
            self.encounter_threat,
            self.encounter_card_threat,
            self.hand_card,
            self.deck_card,
            self.upgrade,
            self.card_flow,
            self.latent,
            self.horizon,
            self.min_net,
            self.tough_work,
            self.death_margin,
            self.death_scale,
            self.scheme_margin,
            self.scheme_scale,
            self.minion_work,
            self.minion_pressure,
            self.side_scheme,
            self.hit_point,
            self.hand_cost,
            self.stage_acceleration,
            self.ally_future,
            self.max_rounds,
            self.alter_ego_hand,
            self.tail_rounds,
            self.stage_ahead,
            self.stage_race,
            self.encounter_damage,
        ]
    }

    /// The weights from an array in the order of [`Weights::NAMES`].
    pub fn from_array(a: [f64; 27]) -> Weights {
        let [encounter_threat, encounter_card_threat, hand_card, deck_card, upgrade, card_flow, latent, horizon, min_net, tough_work, death_margin, death_scale, scheme_margin, scheme_scale, minion_work, minion_pressure, side_scheme, hit_point, hand_cost, stage_acceleration, ally_future, max_rounds, alter_ego_hand, tail_rounds, stage_ahead, stage_race, encounter_damage] =
            a;
        Weights {
            encounter_threat,
            encounter_card_threat,
            hand_card,
            deck_card,
            upgrade,
            card_flow,
            latent,
            horizon,
            min_net,
            tough_work,
            death_margin,
            death_scale,
            scheme_margin,
            scheme_scale,
            minion_work,
            minion_pressure,
            side_scheme,
            hit_point,
            hand_cost,
            stage_acceleration,
            ally_future,
            max_rounds,
            alter_ego_hand,
            tail_rounds,
            stage_ahead,
            stage_race,
            encounter_damage,
        }
    }
}

thread_local! {
    static WEIGHTS: std::cell::Cell<Weights> = const { std::cell::Cell::new(Weights::DEFAULT) };
}

/// Runs `f` with the judgement using `weights` on this thread (for tuning and tests;
/// games for players always use [`Weights::DEFAULT`]).
pub fn with_weights<R>(weights: Weights, f: impl FnOnce() -> R) -> R {
    crossover_kernel::with_thread_value(&WEIGHTS, weights, f)
}

thread_local! {
    static EXPLAIN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with the judgement printing its parts to standard error (for studying).
pub fn explained<R>(f: impl FnOnce() -> R) -> R {
    crossover_kernel::with_thread_value(&EXPLAIN, true, f)
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// One player's side of the race.
struct Side {
    /// The hero's best of ATK and THW.
    best: f64,
    /// Damage the hero takes from one round of attacks in hero form.
    hit: f64,
    /// Threat the villain and engaged minions add in a round the player is in
    /// alter-ego form.
    scheme: f64,
    rec: f64,
    hp_left: f64,
    /// Damage the rest of this round's villain phase is expected to deal the hero.
    damage_to_come: f64,
    /// Of that, what no ally can take instead.
    exposed: f64,
    /// The variance of the exposed damage (from the boost cards still to come).
    exposed_variance: f64,
}

/// What the villain's boost cards are expected to add, from the boost icons of the
/// cards in the encounter deck (its order is hidden, its contents are not).
struct Boosts {
    /// One card's mean (a scheme gets one card).
    card_mean: f64,
    /// The mean and variance of an attack's cards.
    attack_mean: f64,
    attack_variance: f64,
}

impl GameState {
    fn boosts_per_activation(&self) -> Boosts {
        let deck = if self.encounter_deck.is_empty() {
            &self.encounter_discard
        } else {
            &self.encounter_deck
        };
        let (mut n, mut sum, mut sum_sq) = (0.0, 0.0, 0.0);
        for &c in deck {
            let b = f64::from(self.def(c).boost);
            n += 1.0;
            sum += b;
            sum_sq += b * b;
        }
        let (mean, variance) = if n > 0.0 {
            let mean = sum / n;
            (mean, (sum_sq / n - mean * mean).max(0.0))
        } else {
            (0.0, 0.0)
        };
        // Each "this attack gets 1 extra boost card" the villain carries on its
        // attacks adds a card.
        let extra = self
            .def(self.villain)
            .abilities
            .iter()
            .filter(|a| {
                matches!(
                    a.trigger,
                    Some(Trigger::ThisAttacks | Trigger::ThisAttacksYou)
                ) && a.steps.contains(&Step::ExtraBoost)
            })
            .count() as f64;
        let cards = 1.0 + extra;
        Boosts {
            card_mean: mean,
            attack_mean: mean * cards,
            attack_variance: variance * cards,
        }
    }
}

/// What the encounter cards a hero reveals deal them, over the encounter deck's cards:
/// each card deals `base` plus `factor` times the ATK of the minions engaged with the
/// player; the sums give the mean and variance of one card for any minions' ATK.
#[derive(Default)]
struct EncounterHits {
    cards: f64,
    base: f64,
    factor: f64,
    base_sq: f64,
    base_factor: f64,
    factor_sq: f64,
}

impl EncounterHits {
    /// The mean and variance of what one card deals a player whose engaged minions
    /// have `m_atk` ATK in all.
    fn one_card(&self, m_atk: f64) -> (f64, f64) {
        if self.cards == 0.0 {
            return (0.0, 0.0);
        }
        let mean = (self.base + m_atk * self.factor) / self.cards;
        let square =
            (self.base_sq + 2.0 * m_atk * self.base_factor + m_atk * m_atk * self.factor_sq)
                / self.cards;
        (mean, (square - mean * mean).max(0.0))
    }
}

/// What the steps of a When Revealed deal the player in hero form who revealed it:
/// (fixed damage plus the villain's attacks at `v_hit`, how many times the engaged
/// minions attack).
fn revealed_hits(steps: &[Step], v_hit: f64) -> (f64, f64) {
    let (mut base, mut factor) = (0.0, 0.0);
    for step in steps {
        match step {
            Step::VillainAttacksYou => base += v_hit,
            Step::EachEngagedMinionAttacksYou | Step::EachEngagedAttacksYou(_) => factor += 1.0,
            Step::Damage {
                to:
                    Target::You
                    | Target::YourHero
                    | Target::EachHero
                    | Target::EachFriendlyCharacter
                    | Target::EachCharacterYouControl,
                amount: Amount::N(n),
            } => base += f64::from(*n),
            Step::If { then, .. } => {
                let (b, f) = revealed_hits(then, v_hit);
                base += b;
                factor += f;
            }
            _ => {}
        }
    }
    (base, factor)
}

impl GameState {
    /// What the encounter deck's cards deal a hero who reveals one (see
    /// [`EncounterHits`]); its order is hidden, its contents are not.
    fn encounter_hits(&self, v_hit: f64) -> EncounterHits {
        let deck = if self.encounter_deck.is_empty() {
            &self.encounter_discard
        } else {
            &self.encounter_deck
        };
        let mut h = EncounterHits::default();
        for &c in deck {
            let d = self.def(c);
            let (mut base, mut factor) = (0.0, 0.0);
            for a in &d.abilities {
                if a.kind == AbilityKind::WhenRevealed && a.revealed_in != Some(Form::AlterEgo) {
                    let (b, f) = revealed_hits(&a.steps, v_hit);
                    base += b;
                    factor += f;
                }
            }
            if let Kind::Minion { atk: Some(atk), .. } = d.kind {
                if d.keywords.contains(&Keyword::Quickstrike) {
                    base += f64::from(atk);
                }
            }
            h.cards += 1.0;
            h.base += base;
            h.factor += factor;
            h.base_sq += base * base;
            h.base_factor += base * factor;
            h.factor_sq += factor * factor;
        }
        h
    }
}

impl GameState {
    /// The villain's hit points left in this stage and the stages still to come (how
    /// far the heroes got, for studying the computer heroes).
    pub fn villain_hit_points_left(&self) -> f64 {
        let n = usize::from(self.starting_players.max(1));
        let mut left = self.remaining_hp(self.villain).max(0) as f64;
        for &s in &self.villain_deck {
            if let Kind::Villain { hp, .. } = self.def(s).kind {
                left += f64::from(hp.of(n));
            }
        }
        left
    }

    /// For studying the computer heroes: the round, the first hero's hit points left,
    /// the main scheme's threat and target (the current stage), the number of minions
    /// engaged, and the stage of the villain (1-based).
    pub fn study(&self) -> (u32, i32, u16, u16, usize, usize) {
        let n = usize::from(self.starting_players.max(1));
        let target = match self.def(self.main_scheme).kind {
            Kind::MainScheme {
                target: Some(t), ..
            } => t.of(n),
            _ => 0,
        };
        let hp = self
            .players
            .first()
            .map_or(0, |pl| self.remaining_hp(pl.identity));
        let minions = (0..self.players.len() as u8)
            .map(|p| self.minions_engaged_with(p).len())
            .sum();
        let stage = match self.def(self.villain).kind {
            Kind::Villain { stage, .. } => usize::from(stage),
            _ => 0,
        };
        (
            self.round,
            hp,
            self.card(self.main_scheme).threat,
            target,
            minions,
            stage,
        )
    }

    /// Whether the position is between moves: not halfway through paying for a card
    /// or choosing what an effect does. Discarding at a mulligan or at the end of the
    /// player phase counts as quiet: played on, the draws that follow would be judged
    /// on one imagined deck order, and the luck of that draw would decide.
    pub(crate) fn quiet(&self) -> bool {
        !matches!(
            self.pending,
            Pending::Pay(_)
                | Pending::Choose { .. }
                | Pending::ChoosePlayer { .. }
                | Pending::ChooseOne { .. }
        )
    }

    /// What a card in hand is worth to the race: a little for any card, more the more
    /// it costs (a costly card does more when played; resource cards cost nothing and
    /// are there to be discarded).
    fn hand_card_value(&self, c: CardId, w: &Weights) -> f64 {
        w.hand_card + w.hand_cost * f64::from(self.def(c).kind.cost().unwrap_or(0))
    }

    /// The work a villain stage still to come brings with it when revealed: the side
    /// schemes it searches for (their threat, the hit points they give the villain, and
    /// the acceleration icons they bring, returned apart: the race counts them as if in
    /// play already, since most of it is run after the stage flips). Without it,
    /// defeating a stage would look worse than leaving it at 1 hit point, since the
    /// next stage's side scheme only counts once it is in play.
    fn stage_reveal_work(&self, stage: CardId, n: usize, w: &Weights) -> (f64, f64) {
        let (mut extra, mut icons) = (0.0, 0.0);
        for a in &self.def(stage).abilities {
            if a.kind != AbilityKind::WhenRevealed {
                continue;
            }
            for step in a.steps.iter() {
                let Step::SearchReveal { name, .. } = step else {
                    continue;
                };
                let Some(c) = (0..self.cards.len())
                    .map(|i| CardId(i as u16))
                    .find(|&c| self.def(c).name == *name)
                else {
                    continue;
                };
                if self.in_play(c) {
                    continue;
                }
                let d = self.def(c);
                if let Kind::SideScheme { start } = d.kind {
                    extra += w.side_scheme * f64::from(start.of(n));
                }
                for k in &d.constants {
                    if let Constant::VillainGets {
                        stat: Stat::Hp,
                        n: h,
                    } = k
                    {
                        extra += f64::from(*h);
                    }
                }
                if d.keywords.contains(&Keyword::Acceleration) {
                    icons += w.stage_acceleration;
                }
            }
        }
        (extra, icons)
    }

    /// How well the players are doing, in [0, 1] (see the module comment).
    pub fn heuristic(&self) -> f64 {
        let w = WEIGHTS.with(std::cell::Cell::get);
        let n = usize::from(self.starting_players.max(1));
        let villain_phase = self.phase == Phase::Villain;
        let v = self.villain;
        let v_atk = f64::from(self.stat(v, Stat::Atk).unwrap_or(0));
        let v_sch = f64::from(self.stat(v, Stat::Sch).unwrap_or(0));
        let boosts = self.boosts_per_activation();
        let v_hit = v_atk + boosts.attack_mean;
        // Read from the encounter deck only when the weight is on (it is off by default).
        let hits = if w.encounter_damage > 0.0 {
            self.encounter_hits(v_hit)
        } else {
            EncounterHits::default()
        };
        let stunned = |c| self.has_status(c, STUNNED);
        let confused = |c| self.has_status(c, CONFUSED);
        let tough = |c| {
            if self.has_status(c, TOUGH) {
                w.tough_work
            } else {
                0.0
            }
        };

        // Work to win: the villain's hit points, this stage and those to come.
        let mut work = self.remaining_hp(v).max(0) as f64 + tough(v);
        let mut future_icons = 0.0;
        // The villain's ATK and SCH over the race: each stage's, weighted by the hit
        // points the heroes will spend on it (a later stage hits harder; judged by the
        // current stage's alone, defeating a stage would look like a loss).
        let (mut race_atk, mut race_sch, mut race_hp) = (v_atk * work, v_sch * work, work);
        for &s in &self.villain_deck {
            if let Kind::Villain { hp, atk, sch, .. } = self.def(s).kind {
                let (extra, icons) = self.stage_reveal_work(s, n, &w);
                let hp = f64::from(hp.of(n));
                work += hp + w.stage_ahead * extra;
                future_icons += w.stage_ahead * icons;
                race_atk += f64::from(atk) * hp;
                race_sch += f64::from(sch) * hp;
                race_hp += hp;
            }
        }
        let (race_atk, race_sch) = if race_hp > 0.0 {
            (
                v_atk + w.stage_race * (race_atk / race_hp - v_atk),
                v_sch + w.stage_race * (race_sch / race_hp - v_sch),
            )
        } else {
            (v_atk, v_sch)
        };
        let mut crisis = false;
        for s in self.side_schemes() {
            work += w.side_scheme * f64::from(self.card(s).threat);
            crisis |= self.keyword(s, Keyword::Crisis);
        }

        // The main scheme: threat it can still take before the last stage completes.
        let ms = self.main_scheme;
        let threat = f64::from(self.card(ms).threat);
        let (target, accel) = match self.def(ms).kind {
            Kind::MainScheme {
                target,
                acceleration,
                ..
            } => (
                target.map(|t| f64::from(t.of(n))),
                f64::from(acceleration.of(n)),
            ),
            _ => (None, 0.0),
        };
        let target = target.unwrap_or(threat + 10.0);
        let mut room = target - threat;
        for &s in &self.scheme_deck {
            if let Kind::MainScheme {
                target: Some(t),
                start,
                ..
            } = self.def(s).kind
            {
                room += (f64::from(t.of(n)) - f64::from(start.of(n))).max(0.0);
            }
        }
        let icons = self
            .in_play_cards()
            .filter(|&c| self.keyword(c, Keyword::Acceleration))
            .count() as f64;
        let step_one = accel + f64::from(self.acceleration_tokens) + icons;

        let task_left = |f: &dyn Fn(&Task) -> bool| self.tasks.iter().any(f);
        let step_one_to_come = !villain_phase || task_left(&|t| matches!(t, Task::VillainStep1));
        let deal_to_come = !villain_phase || task_left(&|t| matches!(t, Task::Deal));

        let mut sides = Vec::new();
        let mut capacity = 0.0;
        let mut credit = 0.0;
        let mut allies: Vec<(f64, f64)> = Vec::new(); // (best stat, uses)
        let mut latent_thwart = 0.0;
        let mut threat_to_come = 0.0;
        let mut cards_to_come = 0.0;
        let mut minion_pressure = 0.0;
        for (i, pl) in self.players.iter().enumerate() {
            if pl.eliminated {
                continue;
            }
            let p = i as u8;
            let id = pl.identity;
            let (h_atk, h_thw, hand) = match self.db.defs[usize::from(pl.hero_def)].kind {
                Kind::Hero { atk, thw, hand, .. } => (f64::from(atk), f64::from(thw), hand),
                _ => (0.0, 0.0, 5),
            };
            let (rec, ae_hand) = match self.db.defs[usize::from(pl.alter_ego_def)].kind {
                Kind::AlterEgo { rec, hand, .. } => (f64::from(rec), hand),
                _ => (0.0, hand),
            };
            // The cards a player draws per round, one form or the other: the hero's
            // hand size (with what changes it, like Iron Man's Tech upgrades, in hero
            // form) and the alter-ego's, halfway (a hero with a hand of 1 draws most
            // of their cards in alter-ego form).
            let hero_hand = if pl.form == Form::Hero {
                self.hand_size(p).max(1) as f64
            } else {
                f64::from(hand)
            };
            let hand = hero_hand + w.alter_ego_hand * (f64::from(ae_hand) - hero_hand);
            let hero_form = pl.form == Form::Hero;
            let (atk, thw) = if hero_form {
                (
                    f64::from(self.stat(id, Stat::Atk).unwrap_or(0)),
                    f64::from(self.stat(id, Stat::Thw).unwrap_or(0)),
                )
            } else {
                (h_atk, h_thw)
            };
            let best = atk.max(thw);
            capacity += best + w.card_flow * hand;
            let to_act = self.phase == Phase::Setup || self.tasks.contains(&Task::Turn(p));
            // The form the player will be in when the villain activates against them,
            // if settled (no turn left, or the turn's form change used).
            let settled = (villain_phase || !to_act || pl.changed_form).then_some(pl.form);

            // What the rest of this round's villain phase still holds for this player.
            let villain_to_come = !villain_phase
                || task_left(&|t| matches!(t, Task::Activation(left) if left & seat_bit(p) != 0));
            let minions = self.minions_engaged_with(p);
            let first_minion_to_come = if villain_to_come {
                0
            } else {
                self.tasks
                    .iter()
                    .find_map(|t| match t {
                        Task::MinionActivations { player, next } if *player == p => {
                            Some(usize::from(*next))
                        }
                        _ => None,
                    })
                    .unwrap_or(minions.len())
            };
            let (mut m_atk, mut m_sch) = (0.0, 0.0);
            let (mut atk_to_come, mut sch_to_come, mut atk_variance) = (0.0, 0.0, 0.0);
            for (k, &m) in minions.iter().enumerate() {
                // A minion need not be defeated to win (what it does each round is
                // counted below), unless it guards the villain.
                let hp = self.remaining_hp(m).max(0) as f64 + tough(m);
                if self.keyword(m, Keyword::Guard) {
                    work += hp;
                } else {
                    work += w.minion_work * hp;
                }
                let a = f64::from(self.stat(m, Stat::Atk).unwrap_or(0));
                let sc = f64::from(self.stat(m, Stat::Sch).unwrap_or(0));
                minion_pressure += a + sc;
                m_atk += a;
                m_sch += sc;
                if k >= first_minion_to_come {
                    atk_to_come += if stunned(m) { 0.0 } else { a };
                    sch_to_come += if confused(m) { 0.0 } else { sc };
                }
            }
            if villain_to_come {
                if !stunned(v) {
                    atk_to_come += v_hit;
                    atk_variance += boosts.attack_variance;
                }
                sch_to_come += if confused(v) {
                    0.0
                } else {
                    v_sch + boosts.card_mean
                };
            }
            // The encounter cards this player will still reveal this round, in hero
            // form: their attacks and damage, on average and with their spread.
            let cards_left = pl.dealt.len() as f64 + if deal_to_come { 1.0 } else { 0.0 };
            let (enc_mean, enc_variance) = match settled {
                Some(Form::Hero) if w.encounter_damage > 0.0 && cards_left > 0.0 => {
                    let (mean, variance) = hits.one_card(m_atk);
                    (
                        w.encounter_damage * cards_left * mean,
                        w.encounter_damage * cards_left * variance,
                    )
                }
                _ => (0.0, 0.0),
            };
            let damage_to_come = match settled {
                Some(Form::Hero) => atk_to_come + enc_mean,
                _ => 0.0,
            };
            if settled == Some(Form::AlterEgo) {
                threat_to_come += sch_to_come;
            }
            cards_to_come += pl.dealt.len() as f64 + if deal_to_come { 1.0 } else { 0.0 };

            // This round: what ready characters can still do, or (in the villain
            // phase) the next round's action an exhausted one has already lost.
            let ready = !self.card(id).exhausted;
            if to_act && ready {
                let can_be_hero = hero_form || !pl.changed_form;
                if can_be_hero {
                    let a = if stunned(id) { 0.0 } else { atk };
                    let t = if confused(id) { 0.0 } else { thw };
                    credit += w.latent * a.max(t);
                    latent_thwart += t;
                }
            } else if villain_phase && !ready {
                work += best;
            }
            let mut ally_can_defend = false;
            for c in self.controlled_by(p).filter(|&c| c != id) {
                match self.def(c).kind {
                    Kind::Ally { atk_cd, thw_cd, .. } => {
                        let a = f64::from(self.stat(c, Stat::Atk).unwrap_or(0));
                        let t = f64::from(self.stat(c, Stat::Thw).unwrap_or(0));
                        let cd = f64::from(if a >= t { atk_cd } else { thw_cd });
                        let hp = self.remaining_hp(c).max(0) as f64;
                        let uses = if cd > 0.0 {
                            (hp / cd).ceil()
                        } else {
                            f64::INFINITY
                        };
                        let ready = !self.card(c).exhausted;
                        // Everything readies at the end of the player phase.
                        ally_can_defend |= ready || !villain_phase;
                        if to_act && ready {
                            credit += w.latent * a.max(t);
                            latent_thwart += t;
                        } else if villain_phase && !ready {
                            work += a.max(t);
                        }
                        allies.push((a.max(t), uses));
                    }
                    Kind::Upgrade { .. } | Kind::Support { .. } => credit += w.upgrade,
                    _ => {}
                }
            }
            credit += w.hit_point * self.remaining_hp(id).max(0) as f64;
            credit += pl
                .hand
                .iter()
                .map(|&c| self.hand_card_value(c, &w))
                .sum::<f64>()
                + w.deck_card * pl.deck.len() as f64;
            // An ally can take the villain's attack instead of the hero.
            let ally_takes_it = ally_can_defend && villain_to_come && !stunned(v);
            let exposed = if ally_takes_it {
                (damage_to_come - v_hit).max(0.0)
            } else {
                damage_to_come
            };
            let exposed_variance = enc_variance
                + if ally_takes_it || damage_to_come == 0.0 {
                    0.0
                } else {
                    atk_variance
                };
            sides.push(Side {
                best,
                hit: race_atk + boosts.attack_mean + m_atk,
                scheme: race_sch + boosts.card_mean + m_sch,
                rec,
                hp_left: self.remaining_hp(id).max(0) as f64,
                damage_to_come,
                exposed,
                exposed_variance,
            });
        }
        if sides.is_empty() {
            return 0.0;
        }
        let players = sides.len() as f64;
        let gain = step_one + future_icons + w.encounter_threat * players;

        // A first estimate of the rounds left, for what lasts a number of rounds.
        let net = (capacity - gain).max(w.min_net);
        // At most `max_rounds` (games don't last longer; a weak start would otherwise
        // feed the hit point deficit below, which feeds the work, without end).
        let rounds0 =
            ((work - credit).max(0.0) / capacity.max(w.min_net)).clamp(1.0, w.max_rounds.max(1.0));
        work += w.minion_pressure * minion_pressure * rounds0;
        for (best, uses) in allies {
            credit += w.ally_future * best * uses.min(rounds0);
        }
        // Hit points: a hero attacked every round needs rounds in alter-ego form to
        // recover, each costing the hero's action and letting the villain scheme.
        for s in &sides {
            let hp_after = s.hp_left - s.damage_to_come;
            let deficit = (s.hit * rounds0 - (hp_after - 1.0)).max(0.0);
            if deficit > 0.0 {
                let per_hp = (s.best + s.scheme) / (s.rec + s.hit).max(1.0);
                work += deficit * per_hp;
            }
        }

        // The race, counted in rounds after this one: the threat the rest of this
        // round's villain phase is expected to add comes first; then threat beyond the
        // room left must be thwarted, at the cost of work.
        let need = (work - credit).max(0.0);
        let this_round = (if step_one_to_come { step_one } else { 0.0 })
            + threat_to_come
            + w.encounter_card_threat * cards_to_come;
        let room_after = room - this_round;
        let quiet_rounds = need / capacity.max(w.min_net);
        let rounds = if gain * quiet_rounds <= room_after - 1.0 {
            quiet_rounds
        } else {
            ((need - room_after + 1.0) / net).clamp(quiet_rounds, 200.0)
        };
        // Measured from the start of the game, so that a position before a villain
        // phase and one after it are judged on one clock.
        // Past `tail_rounds` the value falls as 1/rounds, not exponentially, so that a
        // race that looks long (a weak start) still tells its options apart.
        let t = f64::from(self.round.max(1)) + rounds;
        let tail = w.tail_rounds;
        let mut value = if t <= tail {
            (-t / w.horizon).exp()
        } else {
            (-tail / w.horizon).exp() * tail / t
        };

        // The rest of this round's villain phase can end the game at once.
        if self.scheme_deck.is_empty() {
            let thwart = if crisis { 0.0 } else { latent_thwart };
            let expected = threat + this_round - thwart;
            value *= 1.0 - logistic((expected - target + w.scheme_margin) / w.scheme_scale);
        }
        for s in &sides {
            if s.exposed > 0.0 {
                // The boost cards spread the damage; a logistic with scale 0.6 sd is
                // close to the normal distribution's tail.
                let scale = w.death_scale.max(0.6 * s.exposed_variance.sqrt());
                value *= 1.0 - logistic((s.exposed - s.hp_left + w.death_margin) / scale);
            }
        }
        if EXPLAIN.with(std::cell::Cell::get) {
            eprintln!(
                "    work {work:.1} credit {credit:.1} capacity {capacity:.1} gain {gain:.1} room_after {room_after:.1} this_round {this_round:.1} rounds {rounds:.2} value {value:.4}"
            );
        }
        value.clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{Form, Step};
    use crate::state::{Pending, Zone};
    use crate::{DeckList, Mc, McSetup};
    use crossover_ai::{GreedyPlayer, Player};
    use crossover_kernel::{Game, Presentation};

    /// Spider-Man's pre-built deck solo against Rhino, seed 3, past the mulligan.
    fn spider_man_against_rhino() -> Mc {
        let mut game = Mc::new_game(&McSetup::solo_against_rhino("spider-man"), 3).unwrap();
        while matches!(game.state.pending, Pending::Mulligan(_)) {
            let done = find(&game, "Done");
            game.apply(&done).unwrap();
        }
        game
    }

    /// Spider-Man against Rhino, past the mulligan, in hero form, with an empty hand
    /// (the cards go back to the deck) so the turn's options are the hero's own.
    fn spider_man_turn() -> Mc {
        let mut game = spider_man_against_rhino();
        let s = &mut game.state;
        let hand = std::mem::take(&mut s.player_mut(0).hand);
        for &c in &hand {
            s.card_mut(c).zone = Zone::Deck(0);
        }
        s.player_mut(0).deck.extend(hand);
        s.player_mut(0).form = Form::Hero;
        let id = s.player(0).identity;
        let hero = s.player(0).hero_def;
        s.card_mut(id).def = hero;
        game
    }

    fn find(game: &Mc, text: &str) -> crate::act::Action {
        game.legal_actions()
            .into_iter()
            .find(|a| game.describe_action(0, a) == text)
            .unwrap_or_else(|| {
                let all: Vec<String> = game
                    .legal_actions()
                    .iter()
                    .map(|a| game.describe_action(0, a))
                    .collect();
                panic!("no option {text:?} among {all:?}")
            })
    }

    /// What the greedy player picks, as the option's text, over several seeds.
    fn greedy_picks(game: &Mc) -> Vec<String> {
        (0..5)
            .map(|seed| {
                let a = GreedyPlayer::new(seed).choose(game);
                game.describe_action(0, &a)
            })
            .collect()
    }

    #[test]
    fn a_ready_hero_attacks_rather_than_ending_the_turn() {
        let game = spider_man_turn();
        assert_eq!(game.state.card(game.state.main_scheme).threat, 0);
        for pick in greedy_picks(&game) {
            assert_eq!(pick, "Spider-Man attacks Rhino");
        }
    }

    #[test]
    fn a_hero_thwarts_when_the_coming_villain_phase_would_complete_the_main_scheme() {
        let mut game = spider_man_turn();
        let ms = game.state.main_scheme;
        // The Break-In! completes at 7 threat solo; step one adds 1 and the encounter
        // card may add more.
        game.state.card_mut(ms).threat = 5;
        for pick in greedy_picks(&game) {
            assert_eq!(pick, "Spider-Man thwarts The Break-In!");
        }
    }

    #[test]
    fn a_hero_the_villain_would_defeat_changes_to_alter_ego_before_the_villain_phase() {
        let mut game = spider_man_turn();
        let id = game.state.player(0).identity;
        let attack = find(&game, "Spider-Man attacks Rhino");
        game.apply(&attack).unwrap();
        // Rhino attacks for 2 and a boost; 2 hit points left.
        let max = game.state.max_hp(id);
        game.state.card_mut(id).damage = max - 2;
        for pick in greedy_picks(&game) {
            assert_eq!(pick, "Change form");
        }
        // With hit points to spare, the turn just ends.
        game.state.card_mut(id).damage = 0;
        for pick in greedy_picks(&game) {
            assert_eq!(pick, "End your turn");
        }
    }

    /// The encounter cards a hero reveals in hero form deal damage (Klaw's Vengeance
    /// and Assault attack, Sound Manipulation deals 2, Gang-Up brings the engaged
    /// minions' attacks too), and the judgement expects it, more with minions engaged.
    #[test]
    fn the_damage_of_encounter_cards_revealed_in_hero_form_is_expected() {
        let game = Mc::new_game(&McSetup::solo("spider-man", "klaw"), 3).unwrap();
        let hits = game.state.encounter_hits(2.0);
        let (mean, variance) = hits.one_card(0.0);
        assert!(mean > 0.2 && mean < 2.0, "{mean}");
        assert!(variance > 0.0);
        let (with_minions, _) = hits.one_card(3.0);
        assert!(with_minions > mean, "{with_minions} against {mean}");
        // Only the revealed-in-hero steps count: a card that attacks a hero and
        // surges for an alter-ego adds its attack once.
        let steps = [Step::VillainAttacksYou, Step::EachEngagedMinionAttacksYou];
        assert_eq!(super::revealed_hits(&steps, 2.5), (2.5, 1.0));
    }

    /// Klaw's attacks get an extra boost card (its forced interrupt), so the damage a
    /// hero expects from them is two cards' worth; Rhino's is one card's.
    #[test]
    fn an_extra_boost_card_doubles_what_the_villain_attack_is_expected_to_add() {
        for (villain, cards) in [("rhino", 1.0), ("klaw", 2.0)] {
            let setup = McSetup {
                decks: vec![DeckList::prebuilt("spider-man").unwrap()],
                villain: villain.into(),
                modular: "bomb_scare".into(),
                expert: false,
            };
            let game = Mc::new_game(&setup, 3).unwrap();
            let b = game.state.boosts_per_activation();
            assert!(
                b.card_mean > 0.5 && b.card_mean < 2.0,
                "{villain}: {}",
                b.card_mean
            );
            assert!(
                (b.attack_mean - cards * b.card_mean).abs() < 1e-9,
                "{villain}"
            );
            assert!(b.attack_variance > 0.0, "{villain}");
        }
    }
}
