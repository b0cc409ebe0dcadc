//! The verbs of the TCG card language: each step of an effect is one verb, in a file of
//! its own here (its step type, card-file words, text, how it runs and the choices it
//! asks; see `crossover_vs_core::verb`). The list below is the one place the verbs are
//! named: it generates [`Step`]. Adding a verb is one file here and one line in the
//! list (docs/cards.md, "Adding a verb").
//!
//! Verbs run against [`Host`], the game state as a trait object, so this module sits
//! below the card model (which holds steps) and the state (which implements `Host`).

use crate::action::Action;
use crate::ids::*;
use crate::vocab::*;
use crate::words::{Scope, R};
use serde::{Deserialize, Serialize};

mod additional;
mod becomes;
mod becomes_attacker;
mod becomes_defender;
mod bottom_from_ko_pile;
mod cant;
mod change_target;
mod choose;
mod choose_affiliation;
mod choose_identity;
mod choose_number;
mod copy_effect;
mod cosmic_counter;
mod delayed;
mod discard;
mod discard_sharing_name;
mod discard_up_to;
mod draw;
mod draw_until;
mod each_player_chooses;
mod each_player_discards;
mod equip_from_hand;
mod exchange;
mod exhaust;
mod gain_endurance;
mod gains_powers;
mod gains_printed;
mod gets;
mod gets_while_attacking;
mod has;
mod hold;
mod hunt;
mod if_clause;
mod ko;
mod lose_endurance;
mod loses;
mod may;
mod move_character;
mod move_to;
mod must_attack;
mod negate;
mod pay;
mod plus_counters;
mod power_up;
mod put_counters;
mod put_into_play;
mod rally;
mod rally_choice;
mod ready;
mod recover;
mod remove_all_from_deck;
mod remove_copies;
mod remove_from_attack;
mod remove_from_game;
mod remove_shifted;
mod remove_top_of_deck;
mod repeat;
mod replace_resource;
mod replace_resources;
mod return_resource;
mod return_to_hand;
mod reveal_top;
mod revealed_into_play;
mod revealed_to_resource_row;
mod search_deck;
mod shift_counter;
mod shift_into_play;
mod skip;
mod stun;
mod switch_endurance;
mod to_character_row;
mod to_deck_top;
mod to_resource_row;
mod transfer_equipment;
mod transfer_this;
mod turn_face_down;
mod win_game;

pub use bottom_from_ko_pile::BottomFromKoPile;
mod unless;

pub use additional::Additional;
pub use becomes::Becomes;
pub use becomes_attacker::BecomesAttacker;
pub use becomes_defender::BecomesDefender;
pub use cant::CantDo;
pub use change_target::ChangeTarget;
pub use choose::Choose;
pub use choose_affiliation::ChooseAffiliation;
pub use choose_identity::ChooseIdentity;
pub use choose_number::ChooseNumber;
pub use copy_effect::CopyEffect;
pub use cosmic_counter::CosmicCounter;
pub use delayed::Delayed;
pub use discard::Discard;
pub use discard_sharing_name::DiscardSharingName;
pub use discard_up_to::DiscardUpTo;
pub use draw::Draw;
pub use draw_until::DrawUntil;
pub use each_player_chooses::EachPlayerChooses;
pub use each_player_discards::EachPlayerDiscards;
pub use equip_from_hand::EquipFromHand;
pub use exchange::Exchange;
pub use exhaust::Exhaust;
pub use gain_endurance::GainEndurance;
pub use gains_powers::GainsPowers;
pub use gains_printed::GainsPrinted;
pub use gets::Gets;
pub use gets_while_attacking::GetsWhileAttacking;
pub use has::Has;
pub use hold::Hold;
pub use hunt::Hunt;
pub use if_clause::{
    condition_words, holds_with, parse_trigger_condition, CondWorld, Condition, IfClause,
};
pub use ko::Ko;
pub use lose_endurance::LoseEndurance;
pub use loses::Loses;
pub use may::May;
pub use move_character::MoveCharacter;
pub use move_to::MoveTo;
pub use must_attack::MustAttack;
pub use negate::Negate;
pub use pay::Pay;
pub use plus_counters::PlusCounters;
pub use power_up::PowerUp;
pub use put_counters::PutCounters;
pub use put_into_play::PutIntoPlay;
pub use rally::Rally;
pub use rally_choice::RallyChoice;
pub use ready::Ready;
pub use recover::Recover;
pub use remove_all_from_deck::RemoveAllFromDeck;
pub use remove_copies::RemoveCopies;
pub use remove_from_attack::RemoveFromAttack;
pub use remove_from_game::RemoveFromGame;
pub use remove_shifted::RemoveShifted;
pub use remove_top_of_deck::RemoveTopOfDeck;
pub use repeat::Repeat;
pub use replace_resource::ReplaceResource;
pub use replace_resources::ReplaceResources;
pub use return_resource::ReturnResource;
pub use return_to_hand::ReturnToHand;
pub use reveal_top::RevealTop;
pub use revealed_into_play::RevealedIntoPlay;
pub use revealed_to_resource_row::RevealedToResourceRow;
pub use search_deck::SearchDeck;
pub use shift_counter::ShiftCounter;
pub use shift_into_play::ShiftIntoPlay;
pub use skip::Skip;
pub use stun::Stun;
pub use switch_endurance::SwitchEndurance;
pub use to_character_row::ToCharacterRow;
pub use to_deck_top::ToDeckTop;
pub use to_resource_row::ToResourceRow;
pub use transfer_equipment::TransferEquipment;
pub use transfer_this::TransferThis;
pub use turn_face_down::TurnFaceDown;
pub use unless::Unless;
pub use win_game::WinGame;

/// The TCG as its verbs see it.
pub struct Tcg;

impl crossover_vs_core::Engine for Tcg {
    type Step = Step;
    type Compiler<'a> = Compiler<'a>;
    type CompileError = crate::words::CardFileError;
    type Host = HostState;
    type Action = Action;
}

/// What compiling a step reads and writes: the effect's scope (its targets) and the
/// steps compiled so far.
pub struct Compiler<'a> {
    pub scope: Scope<'a>,
    pub out: &'a mut Vec<Step>,
    /// How deeply this compiler's steps are nested in others (`delayed`).
    pub depth: usize,
}

impl Compiler<'_> {
    pub fn push(&mut self, step: impl Into<Step>) {
        self.out.push(step.into());
    }
}

/// The game state as the verbs see it, as they are handed it.
pub type HostState = dyn Host + 'static;

/// The game state as the verbs see it: the resolving effect, the rules' questions and
/// the atoms (708) a step changes the game with. `GameState` implements it (host.rs).
pub trait Host {
    /// The card the effect came from (511.3).
    fn source(&self) -> CardId;
    /// The effect's controller (504.2).
    fn controller(&self) -> PlayerId;
    /// The characters a step names, as they are now; targets only while still legal
    /// (508.2c).
    fn who(&self, who: &Who) -> Vec<CardId>;
    fn players(&self, who: &PlayerWho) -> Vec<PlayerId>;
    fn amount(&self, n: &Amount) -> i32;
    fn card_name(&self, c: CardId) -> String;
    fn player_name(&self, p: PlayerId) -> String;
    /// An event log line, formatted only when the log is on.
    fn log_line(&mut self, text: &mut dyn FnMut(&HostState) -> String);
    /// 708.11; whether it became stunned.
    fn stun(&mut self, c: CardId) -> bool;
    /// 708.11 for a step that holds its place (`hold`): `None` while the stun waits for
    /// a decision as it is replaced (513.5); the step then stops, and runs again once
    /// the stun is settled.
    fn stun_or_wait(&mut self, c: CardId) -> Option<bool>;
    /// 708.5 for a step that holds its place, as `stun_or_wait`.
    fn power_up_or_wait(&mut self, c: CardId) -> Option<bool>;
    /// The characters the step still acts on, the waiting one first, kept as it stopped.
    fn held(&self) -> Vec<CardId>;
    fn hold(&mut self, cards: Vec<CardId>);
    /// 702.1: the resolving step's choice passes to player `p` (the next to choose).
    fn ask(&mut self, p: PlayerId);
    /// Who controls a card.
    fn controller_of(&self, c: CardId) -> PlayerId;
    /// 708.9: a player reveals their hand to every player.
    fn reveal_hand(&mut self, p: PlayerId);
    /// 201.2c: a character card, in any zone.
    fn is_character_card(&self, c: CardId) -> bool;
    /// 201.2d: the two cards have a name in common.
    fn shares_name_with(&self, a: CardId, b: CardId) -> bool;
    fn ko(&mut self, c: CardId) -> bool;
    fn ready(&mut self, c: CardId) -> bool;
    fn exhaust(&mut self, c: CardId) -> bool;
    fn recover(&mut self, c: CardId) -> bool;
    fn draw(&mut self, p: PlayerId, n: u32);
    fn lose_endurance(&mut self, p: PlayerId, n: i32);
    fn gain_endurance(&mut self, p: PlayerId, n: i32);
    fn add_plus_counters(&mut self, c: CardId, n: u8);
    /// The objects a counter step names: `this` is the source wherever it is in play.
    fn counter_cards(&self, w: &Who) -> Vec<CardId>;
    /// 215.1c: named counters on an object in play.
    fn put_named_counters(&mut self, c: CardId, name: &str, n: u16);
    /// 102.2: the player wins; every other player still in the game loses.
    fn win_game(&mut self, p: PlayerId);
    /// A player's endurance total as it is (negative too, 104.1a–b).
    fn endurance_total(&self, p: PlayerId) -> i32;
    /// Adds to (or subtracts from) an endurance total: no loss or gain event (a switch,
    /// glossary Switch).
    fn adjust_endurance(&mut self, p: PlayerId, delta: i32);
    /// A player's KO'd pile, bottom first.
    fn ko_pile(&self, p: PlayerId) -> Vec<CardId>;
    /// A card to the top of its owner's deck.
    fn to_deck_top(&mut self, c: CardId);
    /// A continuous modifier on one object (513.2) from the resolving effect.
    fn modify(&mut self, c: CardId, atk: i32, def: i32, grant: Option<Grant>, duration: Duration);
    /// A continuous modifier on every character that matches, as they change (513.2c).
    fn modify_all(
        &mut self,
        filter: &Filter,
        atk: i32,
        def: i32,
        grant: Option<Grant>,
        duration: Duration,
    );
    /// 708.5: +1/+1 this attack, unless it can't become powered-up.
    fn power_up(&mut self, c: CardId) -> bool;
    /// To its owner's hand (a new card, 213.1c).
    fn return_to_hand(&mut self, c: CardId) -> bool;
    /// 708.17: from the hand to the KO'd pile.
    fn discard(&mut self, c: CardId);
    /// A player's hand.
    fn hand(&self, p: PlayerId) -> Vec<CardId>;
    /// Remembers a character chosen as the effect resolves, in slot `slot`.
    fn choose(&mut self, slot: u8, c: Option<CardId>);
    /// Moves the resolving effect on to its next step (after a paused step's answer).
    fn next_step(&mut self);
    /// How far a step that pauses more than once has got (0 as each step starts).
    fn progress(&self) -> u8;
    /// 508.2i: a step that can be followed by "if you do" says whether it did its action.
    fn set_did(&mut self, did: bool);
    /// Whether the last step that says so did its action.
    fn did(&self) -> bool;
    fn set_progress(&mut self, n: u8);
    /// 513.4: a delayed triggered modifier from the resolving effect, with its targets.
    fn create_delayed(&mut self, event: Event, this_turn: bool, steps: Vec<Step>);
    /// 103.2: a "can't" modifier on the characters named, for its duration.
    fn forbid(&mut self, who: &Who, what: Cant, duration: Duration);
    /// 708.4a: where a character may be moved to: the empty positions of its area on
    /// its side, and its own position.
    fn move_options(&self, c: CardId) -> Vec<Position>;
    /// 708.4: moves a character within its side's rows.
    fn move_character(&mut self, c: CardId, to: Position);
    /// A player's deck, bottom to top.
    fn deck(&self, p: PlayerId) -> Vec<CardId>;
    /// Does a card in any zone match (201.2c)?
    fn card_matches(&self, f: &Filter, c: CardId) -> bool;
    /// 708.10: a card found in a deck is revealed and put into its owner's hand.
    fn reveal_to_hand(&mut self, c: CardId);
    /// 213.2d: the owner shuffles the deck after it was searched.
    fn shuffle_deck(&mut self, p: PlayerId);
    /// 708.19a: a card to the bottom of its owner's deck.
    fn to_deck_bottom(&mut self, c: CardId);
    /// The face-down resources a player controls.
    fn face_down_resources(&self, p: PlayerId) -> Vec<CardId>;
    /// 708.8a: reveal and KO a resource; if that happened, the top card of the deck goes
    /// face down where it was. Whether the resource was replaced (708.8c).
    fn replace_resource(&mut self, r: CardId) -> bool;
    /// Whether a resource is revealed (701.11f; 708.8b marks the resources chosen).
    fn is_revealed(&self, r: CardId) -> bool;
    fn set_revealed(&mut self, r: CardId, revealed: bool);
    /// 213.7: into its owner's removed-from-game zone, face up.
    fn remove_from_game(&mut self, c: CardId);
    /// The effect chosen for target `n`, if it is still on the chain (508.2c).
    fn effect_target(&self, n: u8) -> Option<u32>;
    /// 509: negates an effect on the chain (not an Epic plot twist's, 509.5).
    fn negate(&mut self, id: u32) -> bool;
    /// 708.2: copies an effect on the chain onto its top, for the resolving effect's
    /// controller.
    fn copy_effect(&mut self, id: u32);
    /// 706.7: a cosmic counter (where the rules allow one).
    fn add_cosmic_counter(&mut self, c: CardId);
    /// Moves the resolving effect past its next `n` steps as well.
    fn skip_steps(&mut self, n: u8);
    /// Does `p` have the initiative (400.3)?
    fn has_initiative(&self, p: PlayerId) -> bool;
    /// The equipment attached to a character, in the order they were attached.
    fn equipment_on(&self, host: CardId) -> Vec<CardId>;
    /// 708.12: the effect's controller transfers an equipment to a character; whether
    /// it was transferred.
    fn transfer(&mut self, e: CardId, to: CardId) -> bool;
    /// Does an "if" clause's condition hold for the resolving effect (508.2f)?
    fn holds(&self, cond: &Condition) -> bool;
    /// 513.2e: a modifier that removes a characteristic from the characters named (every
    /// one that matches as it lasts, for `each`), until a later one gives it again.
    fn remove_characteristic(&mut self, who: &Who, g: Grant, duration: Duration);
    /// 400.9a: a modifier that skips the next such phase, or `p`'s next such step.
    fn skip_part(&mut self, part: TurnPart, p: PlayerId, this_turn: bool);
    /// 400.10a: an additional phase, or step of `p`, after the current one.
    fn add_turn_part(&mut self, part: TurnPart, p: PlayerId);
    /// 501.4a: a character face down into its controller's resource row (a new object).
    fn to_resource_row(&mut self, c: CardId) -> bool;
    /// 513.4a: a delayed triggered modifier waiting for an event of the character chosen
    /// for target `watch` (each time with `whenever`, else once).
    fn create_delayed_on(
        &mut self,
        event: Event,
        watch: u8,
        whenever: bool,
        this_turn: bool,
        steps: Vec<Step>,
    );
    /// Is `c` in `p`'s resource row?
    fn in_resource_row(&self, c: CardId, p: PlayerId) -> bool;
    /// The resources a step names (701.11): `(each TEST...)` is every resource in play
    /// that passes; a target, a chosen card or `this` while it is a resource.
    fn resources_of(&self, who: &Who) -> Vec<CardId>;
    /// 701.11d: a face-up resource turns face down; whether it did.
    fn turn_face_down(&mut self, r: CardId) -> bool;
    /// Glossary: Exchange, 217.1a: two resources exchange positions; whether they did.
    fn exchange(&mut self, a: CardId, b: CardId) -> bool;
    /// 708.9d: the card the resolving effect's cost revealed onto the chain, while it is
    /// still there.
    fn revealed_card(&self) -> Option<CardId>;
    /// A resource `p` controls to its owner's hand (a new card, 213.1c); whether it went.
    fn resource_to_hand(&mut self, r: CardId) -> bool;
    /// A card face down into `p`'s resource row (a new object, 213.1c).
    fn put_into_resource_row(&mut self, c: CardId, p: PlayerId);
    /// 214.3a: the empty positions a character card may enter play in under `p`.
    fn entry_positions(&self, c: CardId, p: PlayerId) -> Vec<Position>;
    /// 704.1, 214: the uniqueness rule for `p`, then the character card enters play at
    /// `pos` under `p`'s control.
    fn put_into_play(&mut self, c: CardId, p: PlayerId, pos: Position);
    /// 706.17: `c` becomes hunted by `p`; every other character stops being (706.17a).
    fn hunt(&mut self, p: PlayerId, c: CardId);
    /// The source as the object in play the effect came from (a character, an
    /// equipment or a resource), if it still is.
    fn source_in_play(&self) -> Option<CardId>;
    /// 708.12: the characters the effect's controller could transfer equipment `e` to.
    fn transfer_options(&self, e: CardId) -> Vec<CardId>;
    /// 302.9: the effect's controller puts equipment `e` from their hand into play
    /// attached to `host`, if it may legally be attached there (else it stays); whether
    /// it was.
    fn attach_from_hand(&mut self, e: CardId, host: CardId) -> bool;
    /// 513.1f: a modifier making the ATK and/or DEF of the characters named (every one
    /// that matches as it lasts, for `each`) become a number.
    fn set_stats(&mut self, who: &Who, atk: Option<i32>, def: Option<i32>, duration: Duration);
    /// 203.2a: a modifier raising a character's cost by `n`.
    fn raise_cost(&mut self, c: CardId, n: i32, duration: Duration);
    /// 203.8a: `p` pays `n` endurance as the effect resolves: a cost, so only with the
    /// means (203.3) and never replaced (203.10); whether it was paid.
    fn pay_endurance(&mut self, p: PlayerId, n: i32) -> bool;
    /// 203.8a: `p` pays `n` resource points from their pool; whether they could.
    fn pay_resource_points(&mut self, p: PlayerId, n: i32) -> bool;
    /// 602.4: `c` becomes an attacker of the attack in its substep; whether it did.
    fn become_attacker(&mut self, c: CardId) -> bool;
    /// 602.5: `c` becomes the defender of the attack in its substep; whether it did.
    fn become_defender(&mut self, c: CardId) -> bool;
    /// 601.1c: a "must attack <defender> if able" modifier on `c`.
    fn must_attack(&mut self, c: CardId, defender: CardId, duration: Duration);
    /// 508.2k: the resolving effect goes back `n` steps before this one (to the start of
    /// the process to repeat), unless it has repeated as often as the engine allows;
    /// whether it went back.
    fn repeat_back(&mut self, n: u8) -> bool;
    /// 500.6, 500.6a, 501.1a: `to` gains the powers of `from` that `set` picks (its
    /// activated powers, its payment powers, or its payment and continuous powers), this turn or while it is the same object; how
    /// many it gained.
    fn gain_powers(&mut self, to: CardId, from: CardId, this_turn: bool, set: GainedSet) -> usize;
    /// 602.2, 602.3: removes an attacker or the defender from the attack; whether it was
    /// in it.
    fn remove_from_attack(&mut self, c: CardId) -> bool;
    /// 511.4: the affiliations that exist (the card pool's), in the pool's order.
    fn affiliation_names(&self) -> Vec<String>;
    /// 511.4: the resolving effect's controller chose affiliation `i`.
    fn set_chosen_affiliation(&mut self, i: u8);
    /// 513.1c: the effect's source card remembers choosing affiliation `i`.
    fn remember_affiliation(&mut self, i: u8);
    /// 511.4a: the identities that exist (printed ones, and the names of characters
    /// without a diamond, 201.6).
    fn identity_names(&self) -> Vec<String>;
    /// 511.4: the resolving effect chose identity `i` of `identity_names`.
    fn set_chosen_identity(&mut self, i: u16);
    /// The test "has the chosen affiliation", if one was chosen.
    fn chosen_affiliation_test(&self) -> Option<Test>;
    /// A modifier on the characters named that applies only while each attacks a
    /// defender passing `vs`.
    fn modify_while_attacking(
        &mut self,
        who: &Who,
        atk: i32,
        def: i32,
        vs: Filter,
        duration: Duration,
    );
    /// 511.4, 708.2f: the cards of the pool that pass the card tests, as (printed name,
    /// printed version), each once, sorted.
    fn card_choices(&self, f: &Filter) -> Vec<(String, String)>;
    /// 708.2f: a copy: the same printed name and version.
    fn is_copy_of(&self, c: CardId, name: &str, version: &str) -> bool;
    /// 708.2b: how many targets the copy on top of the chain has (0 if it isn't a copy).
    fn copy_targets(&self) -> u8;
    /// 708.2b: the legal choices for the copy's target `n`, for its controller.
    fn copy_target_options(&self, n: u8) -> Vec<TargetRef>;
    /// 708.2b: a new target `n` for the copy on top of the chain.
    fn set_copy_target(&mut self, n: u8, t: TargetRef);
    /// 513.6a: an exhaust-and-hold modifier: `c` can't ready while the effect's source
    /// (the captor) remains exhausted; nothing if the source isn't exhausted in play now.
    fn hold_captive(&mut self, c: CardId);
    /// Glossary: Number: the number the effect's controller chose, for `chosen-number`.
    fn choose_number(&mut self, n: u16);
    /// The card a `put-into-play` step chose, and choosing it.
    fn entering(&self) -> Option<CardId>;
    fn set_entering(&mut self, c: Option<CardId>);
    /// 214.3a: where the effect's controller may put `c` into play.
    fn entry_positions_yours(&self, c: CardId) -> Vec<Position>;
    /// 214: the effect's controller puts `c` from their hand into play at `pos` (the
    /// uniqueness rule is not checked, 704.4); with `team_attacking`, during their attack, it
    /// becomes a (team) attacker as the last part of entering play (602.4b). Whether it
    /// entered play.
    fn put_into_play_yours(&mut self, c: CardId, pos: Position, team_attacking: bool) -> bool;
    /// 213.5i, 702.2: the cards a `put-into-play` of several cards has chosen so far, with
    /// their positions, and setting them.
    fn placing(&self) -> Vec<(CardId, Position)>;
    fn set_placing(&mut self, placing: Vec<(CardId, Position)>);
    /// 213.5i: the effect's controller puts these cards from their hand into play at once
    /// (one timestamp; each one's enters-play triggers see all of them in play), as
    /// [`Host::put_into_play_yours`] does one. How many entered play.
    fn put_into_play_together(
        &mut self,
        cards: &[(CardId, Position)],
        team_attacking: bool,
    ) -> usize;
    /// 708.12g: the equipment the resolving transfer has tried, and whether each went.
    fn transfers_tried(&self) -> Vec<(CardId, bool)>;
    fn set_transfers_tried(&mut self, tried: Vec<(CardId, bool)>);
    /// 214.3a, 708.4g: the empty positions a resource moved into the character rows may
    /// take (its controller's, in an area its icons allow).
    fn character_row_positions(&self, r: CardId) -> Vec<Position>;
    /// 708.4g: the resource leaves play as a resource and enters play as a character.
    fn resource_to_character_row(&mut self, r: CardId, pos: Position);
    /// 706.18: the source, still in its owner's hand as the object it was played from,
    /// is removed from the game shifted with `n` shift counters (no more than its cost,
    /// 706.18b); whether it was.
    fn remove_shifted(&mut self, n: u8) -> bool;
    /// 706.18: the source, if still shifted as the object it was, gets a shift counter
    /// (706.18b: not past its cost); whether it did.
    fn add_shift_counter(&mut self) -> bool;
    /// 706.18: the source, if still shifted as the object it was and the effect's
    /// controller controls as many resources as its cost.
    fn shiftable_source(&self) -> Option<CardId>;
    /// The side (its controller) and area a character in play is in.
    fn side_and_area(&self, c: CardId) -> Option<(PlayerId, Area)>;
    /// 708.4a, 708.4d: where `c` may be moved to in `side`'s `area`: the empty positions,
    /// and those of the characters picked up and not yet placed (itself too).
    fn move_destinations(&self, c: CardId, side: PlayerId, area: Area) -> Vec<Position>;
    /// 708.4b–d: moves `c` to `to` in `side`'s rows: a picked-up character still there
    /// makes way; control and areas change as the move says.
    fn move_into(&mut self, c: CardId, side: PlayerId, to: Position);
    /// 512.3: the new targets the effect `id` on the chain could be given: legal for it,
    /// other than its current target (an effect with one target).
    fn retarget_options(&self, id: u32) -> Vec<TargetRef>;
    /// 512.3: the effect `id` on the chain now targets `t`.
    fn retarget(&mut self, id: u32, t: TargetRef);
}

crossover_vs_core::verbs! {
    /// The steps of a resolving effect, processed in order (508.2b); as much as
    /// possible is done (508.2c).
    #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub enum Step for Tcg {
        Stun(stun::Stun),
        Ko(ko::Ko),
        Ready(ready::Ready),
        Exhaust(exhaust::Exhaust),
        Recover(recover::Recover),
        Draw(draw::Draw),
        LoseEndurance(lose_endurance::LoseEndurance),
        GainEndurance(gain_endurance::GainEndurance),
        Gets(gets::Gets),
        Has(has::Has),
        PlusCounters(plus_counters::PlusCounters),
        PowerUp(power_up::PowerUp),
        ReturnToHand(return_to_hand::ReturnToHand),
        May(may::May),
        Choose(choose::Choose),
        Discard(discard::Discard),
        Delayed(delayed::Delayed),
        CosmicCounter(cosmic_counter::CosmicCounter),
        Cant(cant::CantDo),
        Move(move_character::MoveCharacter),
        SearchDeck(search_deck::SearchDeck),
        Rally(rally::Rally),
        ReplaceResource(replace_resource::ReplaceResource),
        Negate(negate::Negate),
        Copy(copy_effect::CopyEffect),
        RemoveFromGame(remove_from_game::RemoveFromGame),
        If(if_clause::IfClause),
        RemoveTopOfDeck(remove_top_of_deck::RemoveTopOfDeck),
        DiscardUpTo(discard_up_to::DiscardUpTo),
        ReplaceResources(replace_resources::ReplaceResources),
        PutCounters(put_counters::PutCounters),
        WinGame(win_game::WinGame),
        SwitchEndurance(switch_endurance::SwitchEndurance),
        BottomFromKoPile(bottom_from_ko_pile::BottomFromKoPile),
        ToDeckTop(to_deck_top::ToDeckTop),
        RemoveAllFromDeck(remove_all_from_deck::RemoveAllFromDeck),
        TransferEquipment(transfer_equipment::TransferEquipment),
        Loses(loses::Loses),
        Skip(skip::Skip),
        Additional(additional::Additional),
        Unless(unless::Unless),
        DrawUntil(draw_until::DrawUntil),
        RevealTop(reveal_top::RevealTop),
        ToResourceRow(to_resource_row::ToResourceRow),
        TurnFaceDown(turn_face_down::TurnFaceDown),
        Exchange(exchange::Exchange),
        ReturnResource(return_resource::ReturnResource),
        RevealedToResourceRow(revealed_to_resource_row::RevealedToResourceRow),
        RevealedIntoPlay(revealed_into_play::RevealedIntoPlay),
        Hunt(hunt::Hunt),
        TransferThis(transfer_this::TransferThis),
        RallyChoice(rally_choice::RallyChoice),
        EquipFromHand(equip_from_hand::EquipFromHand),
        Becomes(becomes::Becomes),
        GainsPrinted(gains_printed::GainsPrinted),
        Pay(pay::Pay),
        BecomesAttacker(becomes_attacker::BecomesAttacker),
        BecomesDefender(becomes_defender::BecomesDefender),
        MustAttack(must_attack::MustAttack),
        Repeat(repeat::Repeat),
        DiscardSharingName(discard_sharing_name::DiscardSharingName),
        GainsPowers(gains_powers::GainsPowers),
        RemoveFromAttack(remove_from_attack::RemoveFromAttack),
        ChooseAffiliation(choose_affiliation::ChooseAffiliation),
        GetsWhileAttacking(gets_while_attacking::GetsWhileAttacking),
        RemoveCopies(remove_copies::RemoveCopies),
        Hold(hold::Hold),
        ChooseNumber(choose_number::ChooseNumber),
        PutIntoPlay(put_into_play::PutIntoPlay),
        ToCharacterRow(to_character_row::ToCharacterRow),
        RemoveShifted(remove_shifted::RemoveShifted),
        ShiftCounter(shift_counter::ShiftCounter),
        ShiftIntoPlay(shift_into_play::ShiftIntoPlay),
        MoveTo(move_to::MoveTo),
        ChangeTarget(change_target::ChangeTarget),
        ChooseIdentity(choose_identity::ChooseIdentity),
        EachPlayerDiscards(each_player_discards::EachPlayerDiscards),
        EachPlayerChooses(each_player_chooses::EachPlayerChooses),
    }
}

impl Step {
    /// Whether the step may wait for a player's choice as it runs.
    pub fn pauses(&self) -> bool {
        matches!(
            self,
            Step::May(_)
                | Step::Choose(_)
                | Step::Discard(_)
                | Step::Move(_)
                | Step::SearchDeck(_)
                | Step::ReplaceResource(_)
                | Step::DiscardUpTo(_)
                | Step::ReplaceResources(_)
                | Step::BottomFromKoPile(_)
                | Step::Unless(_)
                | Step::RevealTop(_)
                | Step::ReturnResource(_)
                | Step::RevealedIntoPlay(_)
                | Step::TransferThis(_)
                | Step::RallyChoice(_)
                | Step::EquipFromHand(_)
                | Step::ChooseAffiliation(_)
                | Step::ChooseIdentity(_)
                | Step::EachPlayerDiscards(_)
                | Step::EachPlayerChooses(_)
                | Step::RemoveCopies(_)
                | Step::Copy(_)
                | Step::ChooseNumber(_)
                | Step::PutIntoPlay(_)
                | Step::TransferEquipment(_)
                | Step::ToCharacterRow(_)
                | Step::ShiftIntoPlay(_)
                | Step::MoveTo(_)
                | Step::ChangeTarget(_)
        )
    }
}

/// Compiles one step form.
pub fn compile_step(c: &mut Compiler<'_>, form: &crossover_sexpr::Sexp) -> R<()> {
    let Some(word) = form.head() else {
        return crate::words::err(
            form.pos(),
            format!(
                "expected a step such as `(stun (target 0))`, found {}",
                form.describe()
            ),
        );
    };
    match Step::compile(c, word, form) {
        Some(r) => r,
        None => {
            let words: Vec<&str> = Step::verb_words().collect();
            let hint = crossover_diag::did_you_mean(word, words.iter().copied())
                .map(|h| format!(" (did you mean `{h}`?)"))
                .unwrap_or_default();
            crate::words::err(
                form.pos(),
                format!(
                    "`{word}` is not a step of the card language{hint}; the steps are {}",
                    words.join(", ")
                ),
            )
        }
    }
}

/// 214.3a: a step putting one card `card` names into play at an empty position its
/// controller chooses (`revealed-into-play`, `shift-into-play`): whether to ask, the
/// positions offered, and the answer. No card, or no empty position: nothing enters.
pub(crate) fn into_play_run(
    g: &mut HostState,
    card: Option<CardId>,
) -> Option<crossover_kernel::Seat> {
    let p = g.controller();
    match card {
        Some(c) if !g.entry_positions(c, p).is_empty() => Some(p as crossover_kernel::Seat),
        _ => {
            g.set_did(false);
            None
        }
    }
}

pub(crate) fn into_play_options(g: &HostState, card: Option<CardId>) -> Vec<Action> {
    match card {
        Some(c) => g
            .entry_positions(c, g.controller())
            .into_iter()
            .map(Action::Place)
            .collect(),
        None => Vec::new(),
    }
}

pub(crate) fn into_play_answer(g: &mut HostState, card: Option<CardId>, a: &Action) -> bool {
    let (Action::Place(pos), Some(c)) = (a, card) else {
        return false;
    };
    let p = g.controller();
    if !g.entry_positions(c, p).contains(pos) {
        return false;
    }
    g.put_into_play(c, p, *pos);
    g.set_did(true);
    g.next_step();
    true
}

/// A "you may <do it to> one of these" step: the controller is asked only when there is a
/// candidate (none: the step is not done).
pub(crate) fn may_pick_run(g: &mut HostState, any: bool) -> Option<crossover_kernel::Seat> {
    if !any {
        g.set_did(false);
        return None;
    }
    Some(g.controller() as crossover_kernel::Seat)
}

/// The options of a "you may" pick: each candidate, or declining.
pub(crate) fn may_pick_options(candidates: Vec<CardId>) -> Vec<Action> {
    let mut out: Vec<Action> = candidates.into_iter().map(Action::Pick).collect();
    out.push(Action::No);
    out
}

/// 702.1: a step in which each player in turn makes a choice and the choices are carried
/// out together: the next player to choose is asked; once none is left, `carry_out`.
pub(crate) fn each_player_run(
    g: &mut HostState,
    next_chooser: Option<PlayerId>,
    carry_out: impl FnOnce(&mut HostState),
) -> Option<crossover_kernel::Seat> {
    if let Some(p) = next_chooser {
        return Some(p as crossover_kernel::Seat);
    }
    carry_out(g);
    None
}

/// 702.1: a player's pick in such a step (one of `offered`): held with the choices made so
/// far; the next player is asked, or, with every choice made, all are carried out and the
/// effect goes on.
pub(crate) fn each_player_answer(
    g: &mut HostState,
    a: &Action,
    offered: impl FnOnce(&HostState) -> Vec<Action>,
    next_chooser: impl FnOnce(&HostState) -> Option<PlayerId>,
    carry_out: impl FnOnce(&mut HostState),
) -> bool {
    let Action::Pick(c) = a else {
        return false;
    };
    if !offered(g).contains(a) {
        return false;
    }
    let mut held = g.held();
    held.push(*c);
    g.hold(held);
    match next_chooser(g) {
        Some(q) => g.ask(q),
        None => {
            carry_out(g);
            g.next_step();
        }
    }
    true
}
