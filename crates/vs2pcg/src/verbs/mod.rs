//! The verbs of the card language: each step of an effect is one verb, and a verb with a
//! file of its own in this folder owns everything about it (its step type, its card-file
//! words, its text, how it runs and the choices it asks; see `crossover_vs_core::verb`).
//! The list below is the one place the verbs are named: it declares each verb's file
//! (`declaring modules`: `Stun(stun::Stun)` stands for `mod stun; pub use stun::Stun;`)
//! and generates [`Step`]. Adding a verb is one file here and one line at the end of the
//! list (docs/cards.md, "Adding a verb").
//!
//! Every step is a verb of this list. A few facts about steps are asked of the whole
//! list rather than of one verb, and answered here next to it: which steps govern the
//! steps after them (`may`, `if`: [`Step::governs`], worded by [`Step::text_around`]),
//! which slots a step fills (what a `for-each-player` loop clears for its next player:
//! [`Step::fills`]), and the text of a list of steps ([`steps_text`]). The game's own code
//! reads a verb's data where a rule needs it (a `delayed` step's event and duration in
//! `triggers.rs`; a power's opening `choose` steps in `act.rs`, ruling 77).
//!
//! Verbs run against [`Host`], the game state as a trait object, so that this module sits
//! below the card model (which holds steps) and the state (which implements `Host`).

use crate::action::Action;
use crate::ids::{CardId, DefId, Row, Zone};
use crate::vocab::*;
use crate::words::{Scope, E};
use crossover_kernel::Seat;
use crossover_sexpr::Sexp;
use serde::{Deserialize, Serialize};

/// The two rows a character may go to, front first: what a step asks when its
/// controller picks a row.
pub(crate) fn row_choices() -> Vec<Action> {
    vec![
        Action::ChooseRow { row: Row::Front },
        Action::ChooseRow { row: Row::Back },
    ]
}

/// 2PCG as the verbs see it.
pub struct Pcg;

impl crossover_vs_core::Engine for Pcg {
    type Step = Step;
    type Compiler<'a> = Compiler<'a>;
    type CompileError = E;
    type Host = dyn Host;
    type Action = Action;
}

/// What compiling a step reads and writes: the scope of the effect (the slots earlier
/// steps filled) and the steps compiled so far.
pub struct Compiler<'a> {
    pub(crate) scope: &'a mut Scope,
    pub(crate) out: &'a mut Vec<Step>,
    /// Compiles a list of steps: what `may`, `if` and `delayed` use for the steps they
    /// hold. The card-file compiler hands it in.
    pub(crate) steps: StepsCompiler,
}

/// Compiles steps into `out` with the effect's scope (`cardfile/step.rs`'s `parse_steps`).
pub(crate) type StepsCompiler = fn(&[Sexp], &mut Scope, &mut Vec<Step>) -> Result<(), E>;

impl Compiler<'_> {
    pub(crate) fn push(&mut self, step: impl Into<Step>) {
        self.out.push(step.into());
    }

    /// Pushes `head`, then the steps it governs (`steps`, compiled), then tells `head`
    /// how many those are (`set`): `may` and `if`.
    pub(crate) fn wrapping(
        &mut self,
        form: &Sexp,
        steps: &[Sexp],
        head: Step,
        set: fn(&mut Step, u8),
    ) -> Result<(), E> {
        if steps.is_empty() {
            return crate::words::err(
                form.pos(),
                format!("{} needs at least one step to do", form.describe()),
            );
        }
        let at = self.out.len();
        self.out.push(head);
        (self.steps)(steps, self.scope, self.out)?;
        let n = self.out.len() - at - 1;
        if n > u8::MAX as usize {
            return crate::words::err(form.pos(), "too many steps inside this form");
        }
        set(&mut self.out[at], n as u8);
        Ok(())
    }
}

impl Step {
    /// For a step that governs the steps after it (`may`, `if`): how many it governs.
    pub(crate) fn governs(&self) -> Option<usize> {
        match self {
            Step::May(m) => Some(m.skip as usize),
            Step::If(i) => Some(i.skip as usize),
            _ => None,
        }
    }

    /// The text of a step that governs others, around theirs (`inner`).
    pub(crate) fn text_around(&self, inner: &str) -> String {
        match self {
            Step::May(m) => m.text_around(inner),
            Step::If(i) => i.text_around(inner),
            _ => inner.to_string(),
        }
    }

    /// The slot a step fills with its choice, if it fills one: what a `for-each-player`
    /// loop empties before its steps run for the next player.
    pub(crate) fn fills(&self) -> Option<Fills> {
        match self {
            Step::Choose(c) => Some(Fills::Cards(c.slot)),
            Step::TakeSubject(t) => Some(Fills::Cards(t.slot)),
            Step::ChooseRow(r) => Some(Fills::Row(r.slot)),
            _ => None,
        }
    }
}

/// A slot of the resolving effect that a step fills ([`Step::fills`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fills {
    /// A slot of chosen characters, for `(chosen N)`.
    Cards(u8),
    /// A row slot, for `(in-row N)`.
    Row(u8),
}

/// The sentences of a list of steps, in order; a step that governs the next ones (`may`,
/// `if`) is worded around them.
pub(crate) fn steps_text(s: &[Step]) -> String {
    steps_raw(s).replace("each another", "each other")
}

fn steps_raw(s: &[Step]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if let Some(n) = s[i].governs() {
            let inner = steps_text(&s[i + 1..(i + 1 + n).min(s.len())]);
            out.push(s[i].text_around(&inner));
            i += 1 + n;
            continue;
        }
        let t = s[i].text();
        if !t.is_empty() {
            out.push(t);
        }
        i += 1;
    }
    out.join(" ")
}

/// The game state as the verbs see it, as they are handed it.
pub type HostState = dyn Host + 'static;

/// The game state as the verbs see it: the resolving effect they belong to, the rules
/// questions they ask and the atoms they change the game with. `state.rs`'s `GameState`
/// implements it (`effects/host.rs`).
pub trait Host {
    /// The card whose effect is resolving (the source).
    fn source(&self) -> CardId;
    /// The player controlling the resolving effect.
    fn controller(&self) -> Seat;
    /// The characters a step refers to, as they are now.
    fn who(&self, who: &Who) -> Vec<CardId>;
    /// How many, read now for the resolving effect.
    fn how_many(&self, n: &Amount) -> i32;
    /// A card's name (as every seat sees a card in play).
    fn card_name(&self, c: CardId) -> &str;
    /// Adds an event log line, formatted only when the log is on.
    fn log_line(&mut self, text: &mut dyn FnMut(&dyn Host) -> String);
    fn add_plus(&mut self, c: CardId, n: u8);
    fn add_minus(&mut self, c: CardId, n: u8, source: Option<CardId>);
    /// Stuns a character (Stunned Characters); `wound: false` dazes it.
    fn stun(&mut self, c: CardId, source: Option<CardId>, wound: bool);
    fn ko(&mut self, c: CardId, source: Option<CardId>);
    fn recover(&mut self, c: CardId);
    fn ready(&mut self, c: CardId);
    fn exhaust(&mut self, c: CardId);
    fn freeze(&mut self, c: CardId);
    /// Moves a character to a row of its side (push, pull).
    fn move_row(&mut self, c: CardId, row: Row);
    /// Puts `n` wounds on a character without stunning it (not lethal ones).
    fn wound(&mut self, c: CardId, n: u8, source: Option<CardId>);
    fn heal(&mut self, c: CardId, n: u8);
    /// Moves the resolving effect on to its next step (after a paused step's answer).
    fn next_step(&mut self);
    /// The players a step refers to, as they are now.
    fn which_players(&self, p: &PlayerWho) -> Vec<Seat>;
    /// Keeps a count for the effect's later `last-count` ("that many").
    fn keep_count(&mut self, n: i32);
    /// Every character in play.
    fn characters_in_play(&self) -> Vec<CardId>;
    /// A character's current ATK and DEF.
    fn current_stats(&self, c: CardId) -> (i32, i32);
    /// Takes every +1/+1 counter off a character; how many there were.
    fn remove_plus_counters(&mut self, c: CardId) -> u8;
    /// Takes at most `most` +1/+1 counters off; how many came off.
    fn remove_some_plus_counters(&mut self, c: CardId, most: u8) -> u8;
    /// Stuns a face-up character whose DEF is 0 or less (p.13).
    fn stun_at_zero_def(&mut self, c: CardId, source: Option<CardId>);
    /// A continuous +X/+Y from the source for a while.
    fn modify_stats(&mut self, c: CardId, atk: i32, def: i32, duration: Duration);
    /// The character strikes with its ATK times `factor` this combat.
    fn multiply_strike(&mut self, c: CardId, factor: u8);
    /// The character's current ATK and DEF switch this combat.
    fn switch_atk_def(&mut self, c: CardId);
    /// The character's base ATK and DEF become these for a while.
    fn set_base_stats(&mut self, c: CardId, atk: i32, def: i32, duration: Duration);
    /// Takes the +1/+1 counters off; current ATK and DEF become base this combat.
    fn reset_to_base(&mut self, c: CardId);
    /// The character has a keyword power for a while.
    fn gain_keyword(&mut self, c: CardId, k: Keyword, duration: Duration);
    /// The character loses Keyword and Super Powers (every power if `all`) for a while.
    fn lose_powers(&mut self, c: CardId, all: bool, duration: Duration);
    /// The character can't change rows for a while.
    fn keep_in_row(&mut self, c: CardId, duration: Duration);
    /// The character can't strike (`struck`: can't be struck) for a while.
    fn ban_strikes(&mut self, c: CardId, struck: bool, duration: Duration);
    /// The character can't be wounded for a while.
    fn make_unwoundable(&mut self, c: CardId, duration: Duration);
    /// No more attacks can be made this turn.
    fn forbid_attacks_this_turn(&mut self);
    /// Two characters of one side switch positions (Game Terms, Switch).
    fn switch(&mut self, a: CardId, b: CardId);
    /// Puts a card into its owner's hand.
    fn return_to_hand(&mut self, c: CardId);
    /// A player draws `n` cards.
    fn draw(&mut self, seat: Seat, n: u32);
    /// A player discards a card picked at random from their hand; `false` if it is empty.
    fn discard_at_random(&mut self, seat: Seat) -> bool;
    /// Cancels the combat (Cancelling an Attack).
    fn cancel_combat(&mut self);
    /// This turn, enemies don't strike back in this player's team attacks.
    fn deny_team_attack_strike_backs(&mut self, seat: Seat);
    /// When this combat is over, this player's enemies that survived it are stunned.
    fn stun_survivors_at_end_of_combat(&mut self, seat: Seat);
    /// +ATK/+DEF while the character attacks the next time this turn.
    fn bonus_next_attack(&mut self, c: CardId, atk: i32, def: i32);
    /// Every character on this player's side has a keyword this turn.
    fn team_gains_keyword(&mut self, seat: Seat, k: Keyword);
    /// Cancels the Super Power the resolving reaction reacts to.
    fn cancel_reacted_super_power(&mut self);
    /// Every seat, in seat order (players who are out included).
    fn every_seat(&self) -> Vec<Seat>;
    /// A player's KO pile, bottom first.
    fn ko_pile(&self, seat: Seat) -> Vec<CardId>;
    /// A player's hand.
    fn hand(&self, seat: Seat) -> Vec<CardId>;
    /// A player's name.
    fn player_name(&self, seat: Seat) -> &str;
    /// Whether a card is a character card (main or supporting).
    fn is_character_card(&self, c: CardId) -> bool;
    /// Whether a card in a hand matches a discard step's `what`, for the resolving effect.
    fn hand_card_matches(&self, c: CardId, what: HandFilter) -> bool;
    /// Puts a card on top of a player's deck.
    fn put_into_deck(&mut self, c: CardId, seat: Seat);
    /// Shuffles a player's deck.
    fn shuffle_deck(&mut self, seat: Seat);
    /// Puts a card into a player's resource row, face up or down.
    fn put_into_resources(&mut self, c: CardId, seat: Seat, face_up: bool);
    /// A player gained a resource (what "when you gain a resource" waits for).
    fn resource_gained(&mut self, seat: Seat);
    /// Discards a card from its owner's hand to their KO pile.
    fn discard(&mut self, c: CardId);
    /// The zone a card is in.
    fn zone_of(&self, c: CardId) -> Zone;
    /// A card's owner.
    fn owner_of(&self, c: CardId) -> Seat;
    /// The player controlling a card.
    fn controller_of(&self, c: CardId) -> Seat;
    /// A character's level (1 for a supporting character).
    fn level(&self, c: CardId) -> u8;
    /// Whether a character is a main character now.
    fn is_main_character(&self, c: CardId) -> bool;
    /// Whether a card is a face-up character in play.
    fn is_face_up_character(&self, c: CardId) -> bool;
    /// Whether a character is attacking in this combat.
    fn is_attacking(&self, c: CardId) -> bool;
    /// The defender of this combat, if there is one.
    fn defender(&self) -> Option<CardId>;
    /// A character becomes this combat's defender.
    fn make_defender(&mut self, c: CardId);
    /// Once this combat ends, `attacker` attacks `target` (even though it is exhausted).
    fn attack_next(&mut self, attacker: CardId, target: CardId);
    /// A main character becomes level 1; its XP is set aside.
    fn regress_to_level_1(&mut self, c: CardId);
    /// A regressed main character progresses back to `level` when `duration` ends.
    fn progress_back_later(&mut self, c: CardId, level: u8, duration: Duration);
    /// A character transforms into the card `number` from outside the game (Transform).
    fn transform_into(&mut self, c: CardId, number: &str);
    /// If `c` is `seat`'s main character, KO it and put `number` from outside the game
    /// onto the side as the new main character.
    fn replace_main_character(&mut self, c: CardId, seat: Seat, number: &str, stunned: bool);
    /// A character becomes a main character (promoted) or a supporting one (demoted).
    fn set_main_character(&mut self, c: CardId, main: bool);
    /// The next character this player recruits this turn costs 1 less.
    fn discount_next_recruit(&mut self, seat: Seat);
    /// The next character of team `team` the player recruits this turn costs `n` less.
    fn discount_next_team_recruit(&mut self, seat: Seat, team: Team, n: u8);
    /// A character gains XP.
    fn gain_xp(&mut self, c: CardId, n: u8);
    /// Makes the cards standing for players when they defend (kept outside the game).
    fn ensure_players_can_defend(&mut self);
    /// A character can attack enemy players for the rest of the game.
    fn allow_attacking_players(&mut self, c: CardId);
    /// Takes every -1/-1 counter off a character; how many there were.
    fn remove_minus_counters(&mut self, c: CardId) -> u8;
    /// The cards in one of the effect's slots (chosen, or kept there by a step).
    fn slot(&self, n: u8) -> Vec<CardId>;
    /// Adds a card to one of the effect's slots.
    fn add_to_slot(&mut self, n: u8, c: CardId);
    /// How many, read outside the resolving effect (its `last-count` reads 0).
    fn how_many_outside_effect(&self, n: &Amount) -> i32;
    /// The top card of a player's deck.
    fn deck_top(&self, seat: Seat) -> Option<CardId>;
    /// Whether a card is a location.
    fn is_location(&self, c: CardId) -> bool;
    /// A player's resource row.
    fn resources(&self, seat: Seat) -> Vec<CardId>;
    /// Whether a card is face up.
    fn is_face_up(&self, c: CardId) -> bool;
    /// Turns a card face up or face down.
    fn set_face_up(&mut self, c: CardId, face_up: bool);
    /// The face-up resources of this player's enemies.
    fn face_up_enemy_resources(&self, seat: Seat) -> Vec<CardId>;
    /// The face-up locations in the resource rows of a side, seen from this player.
    fn face_up_locations(&self, seat: Seat, side: SideFilter) -> Vec<CardId>;
    /// The players still in the game, in seat order.
    fn live_seats(&self) -> Vec<Seat>;
    /// Puts a card into a player's KO pile.
    fn put_into_ko_pile(&mut self, c: CardId, seat: Seat);
    /// The card the effect named, if it named one.
    fn named_card(&self) -> Option<DefId>;
    /// The names a player may name: one definition per card name of this game.
    fn name_options(&self) -> Vec<DefId>;
    /// The effect names this card.
    fn name_card(&mut self, def: DefId);
    /// A definition's card name.
    fn def_name(&self, def: DefId) -> &str;
    /// Readies a character and moves it to this player's row until the end of the turn.
    fn take_control_until_end_of_turn(&mut self, c: CardId, seat: Seat, row: Row);
    /// Runs a hook (a behaviour written in Rust, `hooks.rs`) for the resolving effect.
    fn run_hook(&mut self, h: Hook) -> Option<Seat>;
    /// The answers a paused hook offers.
    fn hook_options(&self, h: Hook) -> Vec<Action>;
    /// Takes an answer to a paused hook; `false` if it takes no such answer.
    fn answer_hook(&mut self, h: Hook, a: &Action) -> bool;
    /// A random number below `n`, from the game's generator.
    fn random_below(&mut self, n: usize) -> usize;
    /// Puts a card into a player's hand.
    fn put_into_hand(&mut self, c: CardId, seat: Seat);
    /// A player's deck, bottom first.
    fn deck(&self, seat: Seat) -> Vec<CardId>;
    /// Sets the cards of one of the effect's slots.
    fn set_slot(&mut self, n: u8, cards: Vec<CardId>);
    /// The player in one of the effect's player slots, making room for the slot in the
    /// effect (as choosing a player does before it asks).
    fn player_slot(&mut self, n: u8) -> Option<Seat>;
    /// The characters in play matching a filter, for the resolving effect (its source,
    /// controller and chosen players).
    fn matching_now(&self, filter: &Filter) -> Vec<CardId>;
    /// The character cards in the KO piles of the controller's enemies (or of every
    /// player still in the game).
    fn characters_in_ko_piles(&self, enemy_only: bool) -> Vec<CardId>;
    /// A card appears on a player's side, in a row (Appearing p.12).
    fn put_onto_side(&mut self, c: CardId, row: Row, side: Seat);
    /// Puts a player into one of the effect's player slots.
    fn set_player_slot(&mut self, n: u8, seat: Seat);
    /// The players the controller may choose, from themselves clockwise: any, or only
    /// their enemies.
    fn player_choices(&self, enemy_only: bool) -> Vec<Seat>;
    /// Puts these cards of a player's deck on its bottom, the first lowest.
    fn put_on_bottom_of_deck(&mut self, seat: Seat, cards: &[CardId]);
    /// Does this deck card fit a search's description (p.25), the source's name for
    /// "copy"?
    fn deck_card_matches(&self, c: CardId, what: &DeckFilter) -> bool;
    /// The card's definition (copies of a card share one).
    fn definition_of(&self, c: CardId) -> DefId;
    /// Adds an event log line only `seat` sees, formatted only when the log is on.
    fn log_private_line(&mut self, seat: Seat, text: &mut dyn FnMut(&dyn Host) -> String);
    /// Characters entering play together onto `side`, each in its row (p.24): returns
    /// the newcomers that share a name with another newcomer (their controller keeps one).
    fn appear_together(&mut self, cards: &[(CardId, Row)], side: Seat) -> Vec<CardId>;
    /// The newcomers still in play that share a name with another newcomer.
    fn together_clashes(&self, newcomers: &[CardId]) -> Vec<CardId>;
    /// Keeps `keep`, KOs the newcomers sharing its name.
    fn keep_among_together(&mut self, keep: CardId, newcomers: &[CardId]);
    /// The newcomers still in play fire their appearance.
    fn finish_together(&mut self, newcomers: &[CardId]);
    /// The plot twists of this timing in a player's KO pile they could play now (team
    /// requirement met), one per definition.
    fn ko_pile_plot_twists(&self, seat: Seat, timing: Timing) -> Vec<CardId>;
    /// Plays a plot twist from the KO pile on top of the resolving effect; it is
    /// shuffled into its owner's deck once resolved.
    fn play_from_ko_pile(&mut self, card: CardId, seat: Seat);
    /// Does the condition hold now, for the resolving effect?
    fn cond_holds(&self, c: &Cond) -> bool;
    /// Moves the resolving effect on past `n` steps (those a step governs).
    fn skip_steps(&mut self, n: usize);
    /// The end of a `for-each-player` loop `back` steps before: the next player in its
    /// slot, the loop's choices cleared and back to its first step; or out of the loop.
    fn next_loop_player(&mut self, back: u8);
    /// The character the resolving trigger is about, if it has one.
    fn subject(&self) -> Option<CardId>;
    /// Makes room for slot `n` of the resolving effect (empty if nothing is in it yet),
    /// as a step that fills it does before it asks.
    fn open_slot(&mut self, n: u8);
    /// Logs a line naming card `c`: for each seat, as that seat sees the card.
    fn log_naming_line(&mut self, c: CardId, text: &dyn Fn(&dyn Host, &str) -> String);
    /// Row slot `n` of the resolving effect: the player chosen and the row chosen.
    fn row_slot(&self, n: u8) -> (Option<Seat>, Option<Row>);
    fn set_row_slot(&mut self, n: u8, seat: Option<Seat>, row: Option<Row>);
    /// The resolving effect's `delayed` step makes its delayed trigger (watching the first
    /// character of `watch`, if it names one; none there: no trigger).
    fn create_delayed_trigger(&mut self, watch: Option<&Who>);
    /// The -1/-1 counters on a character.
    fn minus_counters_on(&self, c: CardId) -> u8;
    /// The player gains recruit points (kept until the end of their Recruit Step).
    fn gain_recruit_points(&mut self, seat: Seat, n: u8);
    /// The character can't ready for the duration (`cant-ready`).
    fn keep_exhausted(&mut self, c: CardId, duration: Duration);
}

crossover_vs_core::verbs! {
    /// The steps of a resolving effect, processed in order (Resolving Effects p.22).
    /// Impossible steps are skipped; the rest still resolves.
    #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub enum Step for Pcg, declaring modules {
    /// Choose between `min` and `max` characters matching `filter` into slot `slot`.
    Choose(choose::Choose),
    ChoosePlayer(choose_player::ChoosePlayer),
    /// Ask "you may ..."; if declined, skip the next `skip` steps.
    May(may::May),
    /// If the condition is false, skip the next `skip` steps.
    If(if_then::If),
    PlusCounters(plus_counters::PlusCounters),
    MinusCounters(minus_counters::MinusCounters),
    DivideMinusCounters(divide_minus_counters::DivideMinusCounters),
    RemovePlusCounters(remove_plus_counters::RemovePlusCounters),
    /// Swap +1/+1 counters for as many -1/-1 counters (or the other way round).
    Transmute(transmute::Transmute),
    /// A continuous +X/+Y modifier with a duration.
    Modify(modify::Modify),
    /// The character strikes with its ATK multiplied this combat.
    StrikeMultiplier(strike_multiplier::StrikeMultiplier),
    /// Switch current ATK and DEF this combat (Trickster God).
    SwapAtkDef(swap_atk_def::SwapAtkDef),
    /// Base ATK/DEF become another character's current values (Impersonate).
    SetBaseToCurrent(set_base_to_current::SetBaseToCurrent),
    /// Current ATK and DEF become base this combat (Even the Odds).
    ResetToBase(reset_to_base::ResetToBase),
    GainKeyword(gain_keyword::GainKeyword),
    /// Loses and can't gain Keyword and Super Powers (Nullify); with `all`, every power
    /// including Level Up (Space Cop: "loses its powers").
    LosePowers(lose_powers::LosePowers),
    Stun(stun::Stun),
    /// Stun these characters with `by` (its first character) as the source of the stun:
    /// it counts as that character stunning them ("when this character stuns",
    /// look-back, "stunned an enemy this turn"), as when it directly stuns (p.17).
    StunBy(stun_by::StunBy),
    /// These characters can't change rows for a duration: the Formation Step, Mobile,
    /// push, pull and move effects leave them where they are, and a switch with one of
    /// them doesn't happen (Game Terms, Switch).
    CantMove(cant_move::CantMove),
    /// Switch the positions of the first character of `a` and of `b`: each moves to
    /// where the other was, at the same time; if either can't move, neither does
    /// (Game Terms, Switch). Both must be on one side.
    Switch(switch::Switch),
    /// Search your deck for up to `max` cards matching `what`, put them into your hand
    /// or onto your side (all at once, each in the row you choose), then shuffle
    /// (Searching and Shuffling p.25: for a kind of card you may fail to find; for any
    /// card you must take one if the deck has one).
    SearchDeck(search_deck::SearchDeck),
    Daze(daze::Daze),
    Wound(wound::Wound),
    Heal(heal::Heal),
    Ko(ko::Ko),
    Recover(recover::Recover),
    Ready(ready::Ready),
    Exhaust(exhaust::Exhaust),
    Freeze(freeze::Freeze),
    Push(push::Push),
    Pull(pull::Pull),
    /// The controller picks front or back row for each.
    MoveRow(move_row::MoveRow),
    /// Return to owner's hand.
    ReturnToHand(return_to_hand::ReturnToHand),
    Draw(draw::Draw),
    DiscardRandom(discard_random::DiscardRandom),
    /// The player discards a card of their choice.
    Discard(discard::Discard),
    CancelCombat(cancel_combat::CancelCombat),
    /// This turn, enemies don't strike back in its controller's team attacks.
    NoStrikeBackInTeamAttacks(no_strike_back_in_team_attacks::NoStrikeBackInTeamAttacks),
    /// Put the top card of your deck into your resource row (face up if a location and you choose).
    TopCardToResources(top_card_to_resources::TopCardToResources),
    /// Flip a face-down location of yours face up.
    TurnLocationFaceUp(turn_location_face_up::TurnLocationFaceUp),
    /// Turn an enemy face-up location face down.
    TurnEnemyLocationFaceDown(turn_enemy_location_face_down::TurnEnemyLocationFaceDown),
    /// Return a card of your KO pile to your hand.
    KoPileToHand(ko_pile_to_hand::KoPileToHand),
    /// Reveal the top n cards, put a character among them into hand, rest on the bottom.
    RevealTopTakeCharacter(reveal_top_take_character::RevealTopTakeCharacter),
    /// Look at the top n cards, put one into your hand, the others on the bottom.
    LookTopTakeOne(look_top_take_one::LookTopTakeOne),
    /// Put this card from your KO pile onto your side.
    SelfFromKoPile(self_from_ko_pile::SelfFromKoPile),
    /// Remove a defender on your side and replace it with `with` (switching positions).
    ReplaceDefender(replace_defender::ReplaceDefender),
    /// When this combat is over, enemy characters that survived it are stunned (Ultimate Soldier).
    StunSurvivorsAtEndOfCombat(stun_survivors_at_end_of_combat::StunSurvivorsAtEndOfCombat),
    /// While attacking the next time this turn, the source gets +X/+Y.
    NextAttackBonus(next_attack_bonus::NextAttackBonus),
    /// Give every character on your side a keyword this turn.
    TeamGainsKeyword(team_gains_keyword::TeamGainsKeyword),
    /// Cancel the Super Power being reacted to.
    CancelSuperPower(cancel_super_power::CancelSuperPower),
    /// Shuffle each character in every KO pile into its owner's deck; the count is kept
    /// for `Amount::LastCount`.
    ShuffleKoCharactersIntoDecks(shuffle_ko_characters_into_decks::ShuffleKoCharactersIntoDecks),
    /// The source (a main character) becomes level 1.
    RegressSelf(regress_self::RegressSelf),
    /// These main characters become level 1 for a duration; when it ends they progress
    /// back (Regressing/Progressing Main Characters p.22, Hypnotize).
    Regress(regress::Regress),
    /// This character transforms into the card `number` from outside the game (its
    /// owner's set-aside cards): same orientation, counters, equipment and modifiers;
    /// the old card is removed from the game (Transform p.26).
    TransformInto(transform_into::TransformInto),
    /// Demote a main character to a supporting character, or promote a supporting
    /// character to a main character (Changing Main/Supporting Character Status p.23).
    Demote(demote::Demote),
    Promote(promote::Promote),
    /// If this is your main character: KO it and put `number` from outside the game onto
    /// your side as your new main character, stunned if `stunned` (Sister Ripley).
    ReplaceMainCharacter(replace_main_character::ReplaceMainCharacter),
    /// Pay 1 less for the next character you recruit this turn.
    RecruitDiscount(recruit_discount::RecruitDiscount),
    /// Take control of the chosen characters until end of turn and ready them.
    MindControl(mind_control::MindControl),
    /// The source gains `n` XP (Level Up powers, p.20).
    GainXp(gain_xp::GainXp),
    /// A delayed trigger (Delayed Trigger Modifiers p.22): from now until its duration
    /// ends, when its event happens to the source, its steps resolve as a trigger. It
    /// stops after firing once unless `repeat`. The slots chosen so far are remembered.
    Delayed(delayed::Delayed),
    /// Put the trigger's subject ("it": the character that appeared, got stunned, ...)
    /// into slot `slot`.
    TakeSubject(take_subject::TakeSubject),
    /// Repeat the next `skip` steps once for each player (each enemy player), with the
    /// player in player slot `slot`; an `EndForEach` closes the loop.
    ForEachPlayer(for_each_player::ForEachPlayer),
    /// The end of a `ForEachPlayer` loop `back` steps before.
    EndForEach(end_for_each::EndForEach),
    /// Choose a row of a player (an enemy player) into row slot `slot`.
    ChooseRow(choose_row::ChooseRow),
    /// The controller names a card (any card name of this game) for `HandFilter::Named`.
    NameCard(name_card::NameCard),
    /// The player reveals their hand (everyone sees it).
    RevealHand(reveal_hand::RevealHand),
    /// The player discards every card of their hand matching `what`; the count is kept
    /// for `Amount::LastCount`.
    DiscardEach(discard_each::DiscardEach),
    /// The player discards one card of their choice matching `what`; the count (0 or 1)
    /// is kept for `Amount::LastCount`.
    DiscardMatching(discard_matching::DiscardMatching),
    /// Play a plot twist with this timing from your KO pile (its team requirement
    /// applies); after it resolves, shuffle it into your deck instead of KOing it.
    PlayFromKoPile(play_from_ko_pile::PlayFromKoPile),
    /// The controller KOs one resource (of `whose`, or of any player); only face-down
    /// ones if `face_down_only`.
    KoResource(ko_resource::KoResource),
    /// Turn a face-up location in a resource row of this side face down.
    TurnLocationFaceDown(turn_location_face_down::TurnLocationFaceDown),
    /// If this card is in its owner's KO pile, move it there.
    SelfFromKoPileTo(self_from_ko_pile_to::SelfFromKoPileTo),
    KoPileCharacterToSide(ko_pile_character_to_side::KoPileCharacterToSide),
    /// For the rest of the game these characters can attack enemy players (a player can
    /// be attacked only if all of its characters are stunned; defending, it is a 0/1
    /// supporting character with 1 health).
    CanAttackPlayers(can_attack_players::CanAttackPlayers),
    /// The source, attacking in this combat, attacks the first character of `who` as
    /// soon as this combat ends (even though it is exhausted).
    AttackImmediately(attack_immediately::AttackImmediately),
    /// A named Rust hook for behaviour the language can't express.
    Hook(run_hook::RunHook),
    DrawUntilAsManyAs(draw_until_as_many_as::DrawUntilAsManyAs),
    /// These characters can't strike, or can't be struck, for a duration (Resolving
    /// Combat; glossary Strike).
    CantStrike(cant_strike::CantStrike),
    /// The next character of a team you recruit this turn costs N less.
    TeamRecruitDiscount(team_recruit_discount::TeamRecruitDiscount),
    /// These characters can't be wounded for a duration (Game Terms, Wounds).
    CantBeWounded(cant_be_wounded::CantBeWounded),
    /// No player can declare another attack this turn.
    NoMoreAttacksThisTurn(no_more_attacks_this_turn::NoMoreAttacksThisTurn),
    /// KO every resource of every player.
    KoAllResources(ko_all_resources::KoAllResources),
    /// Each character gets as many more -1/-1 counters as it has.
    DoubleMinusCounters(double_minus_counters::DoubleMinusCounters),
    /// The controller gains recruit points.
    GainRecruitPoints(gain_recruit_points::GainRecruitPoints),
    /// Draw until the hand has N cards.
    DrawUntil(draw_until::DrawUntil),
    /// These characters can't ready for the duration.
    CantReady(cant_ready::CantReady),
}
}
