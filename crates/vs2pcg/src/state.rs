//! The game state: every card, zone, counter, modifier and the pending decision.
//! Everything here is plain data: cheap to clone, hashable and serde-serialisable.

use crate::db::CardDb;
use crate::model::{Duration, Keyword, PowerBody, Step, Team};
use crate::verbs::Delayed;
use crossover_kernel::{GameRng, LogEntry, Outcome, Seat};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

// The small id and place types every module names live in `ids`; here for the old paths.
pub use crate::ids::{CardId, DefId, Row, Zone};

/// One physical card and its state.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Card {
    pub(crate) def: DefId,
    pub(crate) owner: Seat,
    pub(crate) controller: Seat,
    /// Private to this module: it changes only with the list that holds the card (the
    /// zone lists below).
    zone: Zone,
    /// Characters: face down = stunned. Resources: face down = hidden.
    pub(crate) face_up: bool,
    pub(crate) exhausted: bool,
    pub(crate) wounds: u8,
    pub(crate) xp: u8,
    pub(crate) plus: u8,
    pub(crate) minus: u8,
    pub(crate) lethal_wound: bool,
    pub(crate) equipment: Option<CardId>,
    pub(crate) attached_to: Option<CardId>,
    /// Timestamp of entering play (continuous powers use it, p.14).
    pub(crate) entered: u32,
    /// Bumped on every zone change, so modifiers aimed at a card end when it leaves play.
    pub(crate) epoch: u32,
    /// This is a main character (the one a player started with, or one promoted).
    pub(crate) main: bool,
    /// "Can't ready during its next turn" (Freeze): the turn number it may not ready in.
    pub(crate) frozen_turn: Option<u32>,
    pub(crate) token: bool,
    /// A captive: the character that captured it (Facehuggers p.24).
    #[serde(default)]
    pub(crate) captor: Option<CardId>,
}

/// Read-only access for code outside the rules (tests, the client, the command line):
/// only the rules modules of this crate change a card, and only the atoms move
/// cards or change their condition.
impl Card {
    pub fn def(&self) -> DefId {
        self.def
    }
    pub fn owner(&self) -> Seat {
        self.owner
    }
    pub fn controller(&self) -> Seat {
        self.controller
    }
    pub fn zone(&self) -> Zone {
        self.zone
    }
    pub fn face_up(&self) -> bool {
        self.face_up
    }
    pub fn exhausted(&self) -> bool {
        self.exhausted
    }
    pub fn wounds(&self) -> u8 {
        self.wounds
    }
    pub fn xp(&self) -> u8 {
        self.xp
    }
    pub fn plus(&self) -> u8 {
        self.plus
    }
    pub fn minus(&self) -> u8 {
        self.minus
    }
    pub fn lethal_wound(&self) -> bool {
        self.lethal_wound
    }
    pub fn equipment(&self) -> Option<CardId> {
        self.equipment
    }
    pub fn attached_to(&self) -> Option<CardId> {
        self.attached_to
    }
    pub fn entered(&self) -> u32 {
        self.entered
    }
    pub fn epoch(&self) -> u32 {
        self.epoch
    }
    pub fn main(&self) -> bool {
        self.main
    }
    pub fn frozen_turn(&self) -> Option<u32> {
        self.frozen_turn
    }
    pub fn token(&self) -> bool {
        self.token
    }
    pub fn captor(&self) -> Option<CardId> {
        self.captor
    }
}

impl Card {
    /// A new card of `def` owned by `owner`, fresh in `zone` (not yet listed in it: only
    /// [`GameState::new_card`] makes cards, and lists them).
    fn new(def: DefId, owner: Seat, zone: Zone) -> Card {
        Card {
            def,
            owner,
            controller: owner,
            zone,
            face_up: true,
            exhausted: false,
            wounds: 0,
            xp: 0,
            plus: 0,
            minus: 0,
            lethal_wound: false,
            equipment: None,
            attached_to: None,
            entered: 0,
            epoch: 0,
            main: false,
            frozen_turn: None,
            token: false,
            captor: None,
        }
    }
}

/// Something a player may use once per turn: a power of a card, as held by a character.
/// `from` is the card the power comes from (the character itself, its equipment, or a
/// character it copies): two copies of one Super Power are used separately (Copying
/// Powers p.20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PowerUse {
    pub card: CardId,
    pub def: DefId,
    pub power: u8,
    pub from: CardId,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    pub(crate) seat: Seat,
    pub(crate) name: String,
    /// Seats on this player's side (2 vs 2 teammates), including this one.
    pub(crate) team: u8,
    /// The zone lists (to `facehugger_pile`) are private to this module: a card is in the
    /// list of its zone and in no other, and only the zone-list operations below (the
    /// ones the atoms of `atoms.rs` are built on) change them. Bottom first; the top of
    /// the deck is the last element.
    deck: Vec<CardId>,
    hand: Vec<CardId>,
    ko_pile: Vec<CardId>,
    front: Vec<CardId>,
    back: Vec<CardId>,
    resources: Vec<CardId>,
    removed: Vec<CardId>,
    set_aside: Vec<CardId>,
    #[serde(default)]
    facehugger_pile: Vec<CardId>,
    /// The main character this player started with.
    pub(crate) main: CardId,
    pub(crate) recruit_points: u8,
    /// Recruit points gained before this turn's Recruit Step (Wealthy), added to those
    /// of the resources as it begins.
    #[serde(default)]
    pub(crate) early_recruit_points: crossover_kernel::Added<u8>,
    pub(crate) recruit_discount: u8,
    pub(crate) resource_played: bool,
    pub(crate) mulliganed: bool,
    pub(crate) out: bool,
    /// 2-Headed Teammates: this player's main character was KO'd, but they play on (p.27).
    #[serde(default)]
    pub(crate) main_kod: bool,
    pub(crate) powers_used_this_turn: Vec<PowerUse>,
    /// Once-per-game powers used on cards this player owns, by whoever controlled them.
    pub(crate) powers_used_this_game: Vec<(DefId, u8)>,
    pub(crate) plot_twists_this_turn: u8,
    pub(crate) attacks_this_turn: u8,
    pub(crate) mobile_used: Vec<CardId>,
    /// Characters moved in this Formation Step (each moves at most once, so the step ends).
    pub(crate) formation_moved: Vec<CardId>,
    pub(crate) shrink_used: Vec<CardId>,
    /// This turn, enemies don't strike back in this player's team attacks.
    pub(crate) no_strike_back_team_attacks: bool,
    /// Characters on this side have this keyword this turn (Wind Storm, Merc with a Mouth).
    pub(crate) team_keywords: Vec<Keyword>,
    /// Characters stunned by each of this player's characters this turn.
    pub(crate) stunned_by_this_turn: Vec<CardId>,
    /// The next team attack this turn puts a +1/+1 counter on each attacker (A-Force Assemble!).
    #[serde(default)]
    pub(crate) team_attack_counters: bool,
    /// +1/+1 and -1/-1 counters put on this player while it defended (ruling 29): they
    /// stay on the player after the combat and count in later combats (the official
    /// answer for counters on a player; docs/rulings.md #83).
    #[serde(default)]
    pub(crate) counters: crossover_kernel::Added<(u8, u8)>,
    /// This turn, the next character of the team this player recruits costs this much
    /// less (Nighthawk's Mobilize the Team); used up by that recruit.
    #[serde(default)]
    pub(crate) team_discounts: crossover_kernel::Added<Vec<(Team, u8)>>,
}

/// Read-only access for code outside the rules (tests, the client, the command line):
/// only the rules modules of this crate change a player, and only the atoms move
/// cards or change their condition.
impl Player {
    pub fn seat(&self) -> Seat {
        self.seat
    }
    pub fn name(&self) -> &String {
        &self.name
    }
    pub fn team(&self) -> u8 {
        self.team
    }
    pub fn deck(&self) -> &Vec<CardId> {
        &self.deck
    }
    pub fn hand(&self) -> &Vec<CardId> {
        &self.hand
    }
    pub fn ko_pile(&self) -> &Vec<CardId> {
        &self.ko_pile
    }
    pub fn front(&self) -> &Vec<CardId> {
        &self.front
    }
    pub fn back(&self) -> &Vec<CardId> {
        &self.back
    }
    pub fn resources(&self) -> &Vec<CardId> {
        &self.resources
    }
    pub fn removed(&self) -> &Vec<CardId> {
        &self.removed
    }
    pub fn set_aside(&self) -> &Vec<CardId> {
        &self.set_aside
    }
    pub fn facehugger_pile(&self) -> &Vec<CardId> {
        &self.facehugger_pile
    }
    pub fn main(&self) -> CardId {
        self.main
    }
    pub fn recruit_points(&self) -> u8 {
        self.recruit_points
    }
    pub fn recruit_discount(&self) -> u8 {
        self.recruit_discount
    }
    pub fn resource_played(&self) -> bool {
        self.resource_played
    }
    pub fn mulliganed(&self) -> bool {
        self.mulliganed
    }
    pub fn out(&self) -> bool {
        self.out
    }
    pub fn main_kod(&self) -> bool {
        self.main_kod
    }
    pub fn powers_used_this_turn(&self) -> &Vec<PowerUse> {
        &self.powers_used_this_turn
    }
    pub fn powers_used_this_game(&self) -> &Vec<(DefId, u8)> {
        &self.powers_used_this_game
    }
    pub fn plot_twists_this_turn(&self) -> u8 {
        self.plot_twists_this_turn
    }
    pub fn attacks_this_turn(&self) -> u8 {
        self.attacks_this_turn
    }
    pub fn mobile_used(&self) -> &Vec<CardId> {
        &self.mobile_used
    }
    pub fn formation_moved(&self) -> &Vec<CardId> {
        &self.formation_moved
    }
    pub fn shrink_used(&self) -> &Vec<CardId> {
        &self.shrink_used
    }
    pub fn no_strike_back_team_attacks(&self) -> bool {
        self.no_strike_back_team_attacks
    }
    pub fn team_keywords(&self) -> &Vec<Keyword> {
        &self.team_keywords
    }
    pub fn stunned_by_this_turn(&self) -> &Vec<CardId> {
        &self.stunned_by_this_turn
    }
    pub fn team_attack_counters(&self) -> bool {
        self.team_attack_counters
    }
    /// The (+1/+1, -1/-1) counters on this player, kept from the combats it defended in.
    pub fn counters(&self) -> (u8, u8) {
        self.counters.0
    }
}

impl Player {
    /// A player with nothing yet: no cards, no points, nothing used (setup fills it in).
    pub(crate) fn new(seat: Seat, name: String, team: u8) -> Player {
        Player {
            seat,
            name,
            team,
            deck: vec![],
            hand: vec![],
            ko_pile: vec![],
            front: vec![],
            back: vec![],
            resources: vec![],
            removed: vec![],
            set_aside: vec![],
            facehugger_pile: vec![],
            main: 0,
            recruit_points: 0,
            early_recruit_points: Default::default(),
            recruit_discount: 0,
            resource_played: false,
            mulliganed: false,
            out: false,
            main_kod: false,
            powers_used_this_turn: vec![],
            powers_used_this_game: vec![],
            plot_twists_this_turn: 0,
            attacks_this_turn: 0,
            mobile_used: vec![],
            formation_moved: vec![],
            shrink_used: vec![],
            no_strike_back_team_attacks: false,
            team_keywords: vec![],
            stunned_by_this_turn: vec![],
            team_attack_counters: false,
            counters: crossover_kernel::Added((0, 0)),
            team_discounts: crossover_kernel::Added(vec![]),
        }
    }
    pub fn row(&self, row: Row) -> &Vec<CardId> {
        match row {
            Row::Front => &self.front,
            Row::Back => &self.back,
        }
    }
    /// The list of a zone (none for an attached card: equipment is on its character).
    pub fn zone_list(&self, zone: Zone) -> Option<&Vec<CardId>> {
        Some(match zone {
            Zone::Deck => &self.deck,
            Zone::Hand => &self.hand,
            Zone::KoPile => &self.ko_pile,
            Zone::Front => &self.front,
            Zone::Back => &self.back,
            Zone::Resources => &self.resources,
            Zone::Removed => &self.removed,
            Zone::SetAside => &self.set_aside,
            Zone::FacehuggerPile => &self.facehugger_pile,
            Zone::Attached => return None,
        })
    }
    fn row_mut(&mut self, row: Row) -> &mut Vec<CardId> {
        match row {
            Row::Front => &mut self.front,
            Row::Back => &mut self.back,
        }
    }
    fn zone_list_mut(&mut self, zone: Zone) -> Option<&mut Vec<CardId>> {
        Some(match zone {
            Zone::Deck => &mut self.deck,
            Zone::Hand => &mut self.hand,
            Zone::KoPile => &mut self.ko_pile,
            Zone::Front => &mut self.front,
            Zone::Back => &mut self.back,
            Zone::Resources => &mut self.resources,
            Zone::Removed => &mut self.removed,
            Zone::SetAside => &mut self.set_aside,
            Zone::FacehuggerPile => &mut self.facehugger_pile,
            Zone::Attached => return None,
        })
    }
    pub fn characters(&self) -> impl Iterator<Item = CardId> + '_ {
        self.front.iter().chain(self.back.iter()).copied()
    }
}

/// A continuous modifier created by a resolving effect (Continuous Modifiers p.21): its
/// values are locked in when created, and it affects only the card it was aimed at,
/// while that card stays in play.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Modifier {
    pub target: CardId,
    pub target_epoch: u32,
    pub kind: ModKind,
    pub duration: Duration,
    pub timestamp: u32,
    pub source: CardId,
    pub source_epoch: u32,
    /// The turn it was created in (for "this turn" and "until the start of the next turn").
    pub turn: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ModKind {
    Stats {
        atk: i32,
        def: i32,
    },
    SwapAtkDef,
    SetBase {
        atk: i32,
        def: i32,
    },
    ResetToBase,
    StrikeMultiplier(u8),
    Keyword(Keyword),
    /// Loses (and can't gain) Keyword and Super Powers.
    LosePowers,
    /// Loses every power, Level Up included.
    LoseAllPowers,
    /// Regressed to level 1 by an effect; when the modifier ends it progresses back to
    /// this level (Hypnotize).
    Regressed {
        level: u8,
    },
    /// +X/+Y while attacking the next time this turn; consumed when that attack ends.
    NextAttack {
        atk: i32,
        def: i32,
    },
    /// Doesn't take a wound if stunned during this combat (Impervious Skin).
    NoWoundThisCombat,
    /// In its next attack this turn, if ranged, Ranged enemies can't strike back at it (Take Aim).
    TakeAim,
    /// Can attack enemy players whose characters are all stunned (Deadpool's "Hi there!").
    AttackPlayers,
    /// Can't change rows (`Step::CantMove`).
    CantMove,
    /// Can't strike: no strike as an attacker, no strike back as the defender
    /// (`Step::CantStrike`).
    CantStrike,
    /// Can't be struck: no attacker's strike stuns it as the defender, and the defender
    /// can't strike back at it as an attacker (`Step::CantStrike`).
    CantBeStruck,
    /// Can't be wounded (`Step::CantBeWounded`).
    CantBeWounded,
    /// Can't ready (`Step::CantReady`).
    CantReady,
}

/// The part of a combat the game is in (Combat Step Overview p.10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CombatStage {
    /// Declare triggers are being resolved.
    Declared,
    /// Plot twists and Super Powers, alternating from the attacking player.
    Window,
    Ferocious,
    Normal,
    End,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Combat {
    pub attacking_seat: Seat,
    pub defending_seat: Seat,
    pub attackers: Vec<CardId>,
    pub defender: Option<CardId>,
    /// Every character that was ever an attacker (stunned ones leave `attackers`).
    pub original_attackers: Vec<CardId>,
    pub ranged: bool,
    pub stage: CombatStage,
    /// Whose turn it is to act in the window, and how many passed in succession.
    pub window_seat: Seat,
    pub passes: u8,
    /// Characters that already struck in the Ferocious sub-step.
    pub struck: Vec<CardId>,
    /// The ATK that Ferocious attackers struck with, counted again in the normal step.
    pub ferocious_atk: i32,
    pub cancelled: bool,
    /// Characters stunned by the combat rules in this combat.
    pub stunned: Vec<CardId>,
    /// Players whose Ultimate Soldier stuns surviving enemies at the end of combat.
    pub stun_survivors_for: Vec<Seat>,
    /// The defender's strike-back target in a team attack, once chosen.
    pub strike_back_target: Option<CardId>,
    /// Combat Resolution (p.10) began: strikes were made. A combat that ends before it
    /// (every attacker or the defender stunned or removed, or cancelled) never resolved,
    /// so nothing in it survives (Game Terms, Survives).
    pub resolved: bool,
}

impl Combat {
    /// Is this a team attack now? Asked when an effect is evaluated, not fixed at the
    /// declaration: once the other attackers are stunned or removed, the one left
    /// attacks solo (Team Attacks p.11).
    pub fn is_team_attack(&self) -> bool {
        self.attackers.len() > 1
    }
}

/// Where the turn is (Turn Sequence p.8), when no effect is resolving.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    Setup,
    StartOfTurn,
    Draw,
    Recovery,
    BuildStart,
    Resource,
    Recruit,
    Formation,
    MainStart,
    Main,
    EndOfTurn,
    Cleanup,
    GameOver,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "Setup",
            Phase::StartOfTurn => "Draw Phase",
            Phase::Draw => "Draw Phase",
            Phase::Recovery => "Recovery Phase",
            Phase::BuildStart => "Build Phase",
            Phase::Resource => "Build Phase, Resource Step",
            Phase::Recruit => "Build Phase, Recruit Step",
            Phase::Formation => "Build Phase, Formation Step",
            Phase::MainStart => "Main Phase",
            Phase::Main => "Main Phase",
            Phase::EndOfTurn | Phase::Cleanup => "End of turn",
            Phase::GameOver => "Game over",
        }
    }
    pub fn is_build(self) -> bool {
        matches!(
            self,
            Phase::BuildStart | Phase::Resource | Phase::Recruit | Phase::Formation
        )
    }
}

/// What started a resolving effect.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EffectSource {
    PlotTwist {
        def: DefId,
    },
    Power {
        def: DefId,
        power: u8,
    },
    /// The XP-gaining trigger of a Level Up power.
    LevelUp {
        def: DefId,
        power: u8,
    },
    /// A keyword that works as a trigger (Berserker, Inspire, Shrink, Schemer, Tough).
    Keyword(Keyword),
    /// A delayed trigger created by step `index` (a `Step::Delayed`) of `parent`.
    Delayed {
        parent: Box<EffectSource>,
        index: u16,
    },
    /// A choice the rules themselves ask for, not a card's step.
    Rule(RuleChoice),
}

/// Where the steps of a frame live.
pub fn steps_of<'a>(db: &'a CardDb, src: &EffectSource) -> &'a [Step] {
    match src {
        EffectSource::PlotTwist { def } => &db.get(*def).effect,
        EffectSource::Power { def, power } => match &db.get(*def).powers[*power as usize].body {
            PowerBody::Super(s) => &s.effect,
            PowerBody::Triggered(t) => &t.effect,
            _ => &[],
        },
        EffectSource::LevelUp { def, power } => match &db.get(*def).powers[*power as usize].body {
            PowerBody::LevelUp { trigger, .. } => &trigger.effect,
            _ => &[],
        },
        EffectSource::Delayed { .. } => delayed_step(db, src).map_or(&[], |d| &d.steps),
        EffectSource::Keyword(_) | EffectSource::Rule(_) => &[],
    }
}

/// The `delayed` step a delayed trigger's source points at.
pub fn delayed_step<'a>(db: &'a CardDb, src: &EffectSource) -> Option<&'a Delayed> {
    match src {
        EffectSource::Delayed { parent, index } => {
            match steps_of(db, parent).get(*index as usize) {
                Some(Step::Delayed(d)) => Some(d),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Decisions the rules leave to a player outside any card's steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RuleChoice {
    /// A borrowed character goes back to the frame's controller at the end of the turn
    /// into the row that player chooses (the card doesn't say which).
    ReturnControl,
}

/// A character a card took "to your side" until the end of the turn (Mind Control).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Borrowed {
    pub card: CardId,
    /// The side it goes back to.
    pub back_to: Seat,
    /// The row it was in there (where it goes if nobody can choose, p.13).
    pub row: Row,
    /// The player whose card took it, who chooses the row it goes back to
    /// (docs/rulings.md #73). Hashed only when not seat 0, so that the state hash of a
    /// game saved before it was recorded is what it was (a tuple of the first three).
    #[serde(default)]
    pub taker: crossover_kernel::Added<Seat>,
}

/// A delayed trigger waiting for its event (Delayed Trigger Modifiers p.22).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DelayedTrigger {
    /// Where its steps are: a `Step::Delayed` of another effect.
    pub source: EffectSource,
    /// The character it belongs to ("when Gamora stuns..."), as that object.
    pub card: CardId,
    pub card_epoch: u32,
    pub controller: Seat,
    /// The turn it was created in ("this turn").
    pub turn: u32,
    /// The combat it was created in ("this combat"): turn, attacking seat and attack number.
    pub combat: Option<(u32, Seat, u8)>,
    /// What the creating effect had chosen.
    pub slots: Vec<Vec<CardId>>,
    pub player_slots: Vec<Option<Seat>>,
    /// The character it watches when that isn't `card` (`Step::Delayed::watch`), as that
    /// object (card and epoch).
    #[serde(default)]
    pub watch: Option<(CardId, u32)>,
}

/// A resolving effect, paused or running: which steps, where we are, and what has been
/// chosen so far. Serialisable so a paused effect survives a save.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Frame {
    pub source: EffectSource,
    /// The character (or plot twist card) the effect comes from.
    pub card: CardId,
    pub card_epoch: u32,
    pub controller: Seat,
    pub pc: usize,
    pub slots: Vec<Vec<CardId>>,
    pub player_slots: Vec<Option<Seat>>,
    pub amplified: bool,
    pub last_count: i32,
    /// For triggers with an intervening "if": re-checked before the first step.
    pub recheck_if: bool,
    /// The Super Power being reacted to, for reaction powers that cancel it.
    pub reacting_to: Option<usize>,
    pub cancelled: bool,
    /// Plot twist card to move to the KO pile when the effect finishes.
    pub plot_twist: Option<CardId>,
    /// The trigger's subject (the character that appeared, was stunned, ...).
    pub subject: Option<CardId>,
    /// Row slots of `ChooseRow` steps: the player, then the row.
    #[serde(default)]
    pub row_slots: Vec<(Option<Seat>, Option<Row>)>,
    /// The card named by a `NameCard` step (a definition with that name).
    #[serde(default)]
    pub named: Option<DefId>,
    /// A plot twist played from the KO pile: shuffle it into its owner's deck when done.
    #[serde(default)]
    pub shuffle_plot_twist: bool,
}

impl Frame {
    /// The player in player slot `n`, if one was put there.
    pub fn player_slot(&self, n: u8) -> Option<Seat> {
        self.player_slots.get(n as usize).copied().flatten()
    }
}

/// A trigger that has fired and waits to be put into resolution (Triggers p.16).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct QueuedTrigger {
    pub controller: Seat,
    pub frame: Frame,
}

/// A paid Super Power waiting for reactions before it resolves (Reaction Powers p.19).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReactionWindow {
    pub frame: Frame,
    pub user: Seat,
    /// Seats still to be asked, in order: the core's priority window in its restricted
    /// form (each enemy is asked once).
    pub to_ask: crossover_vs_core::PriorityWindow<Seat>,
}

/// What the engine is waiting for. Exactly one seat decides at a time.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pending {
    None,
    /// The randomly chosen player chooses to go first or second (p.8).
    ChooseFirst {
        seat: Seat,
    },
    PlaceMain {
        seat: Seat,
    },
    Mulligan {
        seat: Seat,
    },
    /// The turn player (or, in a combat window, the player whose turn it is to act)
    /// chooses what to do next.
    Act {
        seat: Seat,
    },
    /// Declaring an attack: attackers so far; add teammates or choose the defender.
    Declare {
        seat: Seat,
        attackers: Vec<CardId>,
    },
    /// The defending player (or the attacker's, with Leader) chooses which attacker the
    /// defender strikes back against (Team Attacks p.11).
    StrikeBack {
        seat: Seat,
        ferocious: bool,
    },
    /// The turn player orders simultaneous triggers (Timing p.26).
    OrderTriggers {
        seat: Seat,
    },
    /// The top frame's current step needs a choice.
    Effect {
        seat: Seat,
    },
    /// A player may use a reaction power.
    Reaction {
        seat: Seat,
    },
    /// Main character `card` has the XP to level up and several versions of the next
    /// level are set aside: its controller chooses which replaces it (Level Up Powers p.20).
    ChooseVersion {
        seat: Seat,
        card: CardId,
    },
}

/// Game variants (Free for All, 2 vs 2 and 2-Headed Teammates p.27).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Variant {
    #[default]
    TwoPlayer,
    FreeForAll,
    TwoVsTwo,
    /// 2-Headed Teammates: seats 0+1 against 2+3, sharing rows and turns.
    TwoHeaded,
}

/// The whole state of a 2PCG game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameState {
    #[serde(with = "crate::db::by_fingerprint")]
    pub(crate) db: Arc<CardDb>,
    pub(crate) variant: Variant,
    pub(crate) cards: Vec<Card>,
    pub(crate) players: Vec<Player>,
    pub(crate) turn: u32,
    pub(crate) turn_seat: Seat,
    pub(crate) first_seat: Seat,
    pub(crate) phase: Phase,
    pub(crate) combat: Option<Combat>,
    pub(crate) pending: Pending,
    pub(crate) frames: Vec<Frame>,
    pub(crate) triggers: Vec<QueuedTrigger>,
    /// Triggers the turn player has put in order so far (first to resolve first).
    pub(crate) ordered_triggers: Vec<QueuedTrigger>,
    pub(crate) reactions: Vec<ReactionWindow>,
    pub(crate) modifiers: Vec<Modifier>,
    pub(crate) clock: u32,
    pub(crate) rng: GameRng,
    pub(crate) outcome: Option<Outcome>,
    /// Setup progress: seats that have placed their main character.
    pub(crate) setup_done: Vec<Seat>,
    /// The randomly chosen player who decides to go first or second, and whether they have.
    pub(crate) chooser: Seat,
    pub(crate) first_chosen: bool,
    /// Turns in a row in which nobody could draw and nobody attacked (Running Out Of Cards).
    pub(crate) idle_turns: u8,
    /// Characters paid for and waiting to appear once their recruit triggers resolve (p.18).
    pub(crate) recruiting: Vec<(CardId, Row, Seat)>,
    /// 2-Headed Teammates: which teammate is deciding in the shared turn, and how many
    /// passed in a row in the Main Phase.
    #[serde(default)]
    pub(crate) acting: Seat,
    #[serde(default)]
    pub(crate) side_passes: u8,
    /// Characters attacked so far this turn ("the first time each turn").
    #[serde(default)]
    pub(crate) attacked_this_turn: Vec<CardId>,
    /// Characters taken with Mind Control, to move back at the end of the turn.
    pub(crate) borrowed: Vec<Borrowed>,
    /// Delayed triggers created by resolving effects, waiting for their event.
    #[serde(default)]
    pub(crate) delayed: Vec<DelayedTrigger>,
    /// An attack to declare as soon as the current combat ends: (attacker, defender).
    #[serde(default)]
    pub(crate) follow_up_attack: Option<(CardId, CardId)>,
    /// No more attacks can be made this turn (Savior of Hell's Kitchen).
    #[serde(default)]
    pub(crate) no_more_attacks: crossover_kernel::Added<bool>,
    /// The readable event log; not part of the rules state or its hash.
    #[serde(default)]
    pub(crate) log: EventLog,
}

/// Read-only access for code outside the rules (tests, the client, the command line):
/// only the rules modules of this crate change a game state, and only the atoms move
/// cards or change their condition.
impl GameState {
    pub fn db(&self) -> &Arc<CardDb> {
        &self.db
    }
    pub fn variant(&self) -> Variant {
        self.variant
    }
    pub fn cards(&self) -> &Vec<Card> {
        &self.cards
    }
    pub fn players(&self) -> &Vec<Player> {
        &self.players
    }
    pub fn turn_seat(&self) -> Seat {
        self.turn_seat
    }
    pub fn first_seat(&self) -> Seat {
        self.first_seat
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn combat(&self) -> &Option<Combat> {
        &self.combat
    }
    /// The pending decision (a copy: it is small, and tests compare it with a value).
    pub fn pending(&self) -> Pending {
        self.pending.clone()
    }
    pub fn frames(&self) -> &Vec<Frame> {
        &self.frames
    }
    pub fn triggers(&self) -> &Vec<QueuedTrigger> {
        &self.triggers
    }
    pub fn ordered_triggers(&self) -> &Vec<QueuedTrigger> {
        &self.ordered_triggers
    }
    pub fn reactions(&self) -> &Vec<ReactionWindow> {
        &self.reactions
    }
    pub fn modifiers(&self) -> &Vec<Modifier> {
        &self.modifiers
    }
    pub fn clock(&self) -> u32 {
        self.clock
    }
    pub fn rng(&self) -> &GameRng {
        &self.rng
    }
    pub fn setup_done(&self) -> &Vec<Seat> {
        &self.setup_done
    }
    pub fn chooser(&self) -> Seat {
        self.chooser
    }
    pub fn first_chosen(&self) -> bool {
        self.first_chosen
    }
    pub fn idle_turns(&self) -> u8 {
        self.idle_turns
    }
    pub fn recruiting(&self) -> &Vec<(CardId, Row, Seat)> {
        &self.recruiting
    }
    pub fn acting(&self) -> Seat {
        self.acting
    }
    pub fn side_passes(&self) -> u8 {
        self.side_passes
    }
    pub fn attacked_this_turn(&self) -> &Vec<CardId> {
        &self.attacked_this_turn
    }
    pub fn borrowed(&self) -> &Vec<Borrowed> {
        &self.borrowed
    }
    pub fn delayed(&self) -> &Vec<DelayedTrigger> {
        &self.delayed
    }
    pub fn follow_up_attack(&self) -> Option<(CardId, CardId)> {
        self.follow_up_attack
    }
    pub fn event_log(&self) -> &EventLog {
        &self.log
    }
    pub fn turn(&self) -> u32 {
        self.turn
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
}

/// The event log. It is not part of the rules state: it never changes the hash or
/// equality of a state, so replaying with logging off reproduces the same hash.
///
/// The entries are shared between clones until one of them logs more, so the many
/// clones search players make of a logged game cost no copy of its log.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct EventLog {
    pub enabled: bool,
    pub entries: Arc<Vec<LogEntry>>,
}

impl PartialEq for EventLog {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl Eq for EventLog {}
impl std::hash::Hash for EventLog {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// The zone lists: the only code that changes a player's lists of cards or a card's zone
/// (both private to this module). Each operation keeps a card in the list of its zone and
/// in no other; the atoms (`atoms.rs`) are built on them and add the events, log lines and
/// rules of each move. A card in play is listed on its controller's side, any other card
/// with its owner.
impl GameState {
    /// A new card of `def` owned by `owner`, put on top of `zone` (setup, spawning, the
    /// cards standing for players).
    pub(crate) fn new_card(&mut self, def: DefId, owner: Seat, zone: Zone) -> CardId {
        let id = self.cards.len() as CardId;
        self.cards.push(Card::new(def, owner, zone));
        if let Some(list) = self.players[owner].zone_list_mut(zone) {
            list.push(id);
        }
        id
    }

    /// The seat whose list holds `c`.
    fn list_seat(&self, c: CardId) -> Seat {
        let card = &self.cards[c as usize];
        match card.zone {
            Zone::Front | Zone::Back | Zone::Resources => card.controller,
            _ => card.owner,
        }
    }

    /// Takes `c` out of the list that holds it, for a move under way: [`GameState::list`]
    /// puts it into its new zone (the atom `move_to` does both, with what happens
    /// between).
    pub(crate) fn unlist(&mut self, c: CardId) {
        let seat = self.list_seat(c);
        let zone = self.cards[c as usize].zone;
        if let Some(list) = self.players[seat].zone_list_mut(zone) {
            if let Some(i) = list.iter().position(|&x| x == c) {
                list.remove(i);
            }
        }
    }

    /// Puts `c`, out of every list, on top of `zone` of `seat` (the controller's side in
    /// play, else the owner), and sets its zone.
    pub(crate) fn list(&mut self, c: CardId, zone: Zone, seat: Seat) {
        self.cards[c as usize].zone = zone;
        if let Some(list) = self.players[seat].zone_list_mut(zone) {
            list.push(c);
        }
    }

    /// Moves `c` from its list on top of `zone` of `seat`, and nothing else (no event:
    /// moving rows, changing sides, a mulligan's cards going back into the deck).
    pub(crate) fn relist(&mut self, c: CardId, zone: Zone, seat: Seat) {
        self.unlist(c);
        self.list(c, zone, seat);
    }

    /// Two characters of one side swap their places in the rows (a switch).
    pub(crate) fn swap_places(&mut self, x: CardId, y: CardId) {
        let (zx, zy) = (self.cards[x as usize].zone, self.cards[y as usize].zone);
        let (Some(rx), Some(ry)) = (zx.row(), zy.row()) else {
            return;
        };
        let side = self.cards[x as usize].controller;
        let p = &mut self.players[side];
        let ix = p.row(rx).iter().position(|&c| c == x);
        let iy = p.row(ry).iter().position(|&c| c == y);
        if let (Some(ix), Some(iy)) = (ix, iy) {
            p.row_mut(rx)[ix] = y;
            p.row_mut(ry)[iy] = x;
        }
        self.cards[x as usize].zone = zy;
        self.cards[y as usize].zone = zx;
    }

    /// Puts these cards of a player's deck on its bottom, the first lowest (the cards
    /// looked at and not taken); a card not in that deck stays where it is.
    pub fn put_on_bottom_of_deck(&mut self, seat: Seat, cards: &[CardId]) {
        let deck = &mut self.players[seat].deck;
        let cards: Vec<CardId> = cards.iter().copied().filter(|c| deck.contains(c)).collect();
        deck.retain(|c| !cards.contains(c));
        for &c in cards.iter().rev() {
            deck.insert(0, c);
        }
    }

    pub fn shuffle_deck(&mut self, seat: Seat) {
        let mut deck = std::mem::take(&mut self.players[seat].deck);
        self.rng.shuffle(&mut deck);
        self.players[seat].deck = deck;
    }

    /// Shuffle a Facehugger pile (Extended Incubation p.24).
    pub fn shuffle_facehugger_pile(&mut self, seat: Seat) {
        let mut pile = std::mem::take(&mut self.players[seat].facehugger_pile);
        self.rng.shuffle(&mut pile);
        self.players[seat].facehugger_pile = pile;
    }
}
