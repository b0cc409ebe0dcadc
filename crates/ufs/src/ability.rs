//! Played abilities (H.1, H.2): the typed tree a card's abilities compile to. Each
//! ability is a type (enhance, form), a cost (H.4) and an immediate effect (H.1.7),
//! whose steps are executed in order (J.1.2). The card language that writes them is in
//! `cardfile.rs`; the text players read is generated from them (`text.rs`).

use crate::model::Keyword;
use serde::{Deserialize, Serialize};

/// One played ability on a card.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ability {
    pub kind: AbilityKind,
    /// H.1.6: a response ability's response condition ("After you block,").
    pub trigger: Option<Trigger>,
    /// H.3.1.5: a character's name in bold before the type: only a player whose
    /// starting character has one of these names may play it.
    pub only_character: Vec<String>,
    /// H.3.1.2: "Combo": playable only when the card's Combo keyword is met (I.3.3.2).
    #[serde(default)]
    pub combo: bool,
    /// H.3.3.1: "Only playable (condition)".
    pub only_playable: Option<Condition>,
    /// H.4: every part must be paid, in order, or the ability can't be played.
    pub cost: Vec<Cost>,
    pub effect: Vec<Effect>,
    /// H.3.3.2 "Playable while committed".
    #[serde(default)]
    pub while_committed: bool,
    /// H.3.3.3: who may play it.
    #[serde(default)]
    pub by: PlayableBy,
    /// "X may not be greater than (amount)": the most X may be chosen as (H.4.4.2).
    #[serde(default)]
    pub x_at_most: Option<Amount>,
}

/// H.3.3.3: who may play an ability.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayableBy {
    /// The card's controller (H.1).
    #[default]
    Controller,
    /// "Playable by either player": either, as if it were on one of their cards; an
    /// enhance or response played by one can't be played by the other in the same
    /// Enhance Step or window (H.3.3.3 Note).
    EitherPlayer,
    /// Both players may play it, each of them at most once in an Enhance Step.
    EachPlayerOnce,
}

/// H.2: the type designator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AbilityKind {
    /// H.2.1: "E", played in the Enhance Step.
    Enhance,
    /// H.2.2: "F", played in the Combat Phase when a form could be played.
    Form,
    /// H.2.3: "R", played in a response window opened by a game event its response
    /// condition matches.
    Response,
    /// H.6: a continuous ability whose static fired effect (J.3.2) executes after the
    /// game event its trigger names, as long as the card sits in its controller's card
    /// pool (Blaze Storm, Witch Hunt).
    Continuous,
    /// H.6: a continuous ability whose static effect is not fired (a modifier, rule or
    /// definition effect, J.3.3–J.3.5): its one step is `Effect::Static`, active while
    /// the card has a current state (card pool or staging area, J.2.1.1) and its
    /// `only_playable` condition (written "while ...") holds.
    Static,
}

/// What a static effect (J.2.1) does while it is active.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StaticRule {
    /// "Your character gets +N hand size" (a modifier, J.3.3).
    HandSize(i8),
    /// "Reduce all damage you take by N, to a minimum of 1" (a rule effect, J.3.5).
    ReduceDamageTaken(u8),
    /// Its controller may leave this card committed in their Ready Phase (F.1.1).
    MayStayCommitted,
    /// This attack, completely blocked, still deals half its damage rounded up (the
    /// rule I.3.14 gives Throw).
    HalfDamageWhenCompletelyBlocked,
    /// Costs paid to play this card, besides its control check (E.4.4); read as the
    /// card is played from hand as a form or a reversal.
    AdditionalCost(Vec<Cost>),
    /// From hand: the card may be put into the card pool to completely block a ranged
    /// attack with no control check (ruling UFS-32; Ryu's Hadoken EXTRA).
    BlocksRangedWithoutCheck,
}

/// The number a "check" response condition asks for (E.3.1.1: the starting value).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CheckValue {
    Any,
    Exactly(u8),
    AtMost(u8),
    AtLeast(u8),
    /// The number chosen earlier in the effect (`Effect::ChooseNumber`), bound to
    /// `Exactly` once chosen; it matches nothing before.
    Chosen,
}

impl CheckValue {
    pub fn holds(self, v: i16) -> bool {
        match self {
            CheckValue::Any => true,
            CheckValue::Exactly(n) => v == i16::from(n),
            CheckValue::AtMost(n) => v <= i16::from(n),
            CheckValue::AtLeast(n) => v >= i16::from(n),
            CheckValue::Chosen => false,
        }
    }
}

/// Where a loss of vitality a response condition waits for came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LossFrom {
    Anything,
    /// "from your opponent's attack" (the attack's damage, G.3).
    OpponentsAttack,
    /// Any loss the opponent caused: their attack's damage or their effect.
    Opponent,
    /// The damage of an opponent's attack the player blocked (G.2.4, G.3).
    BlockedAttack,
}

/// Which attack a "deals damage" condition waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DamageBy {
    /// Any attack of the player's.
    Any,
    /// An attack of the player's played as a reversal (I.3.10).
    Reversal,
    /// One card ("that reversal"), once the effect that named it is played.
    Card(Holder),
}

/// H.1.6: a response condition,, the game event an R waits for. `Who` is the player the
/// event happens to, seen from the ability's controller (`Each`: either player).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Trigger {
    /// "After you check N" (E.3.1.1: the number checked is the starting value).
    Check(Who, CheckValue),
    /// "After your check fails by N or less" (E.3.5.2.2).
    CheckFails(Who, u8),
    /// "After you block": a card played as a block (G.2.4).
    Block(Who),
    /// "After you block with this card" (I.3.1 Breaker): the card need not be in a
    /// response zone, the condition names it (H.2.3.3).
    BlockWithThis,
    /// "After you lose vitality (from ...)".
    LoseVitality { who: Who, from: LossFrom },
    /// "After you take damage from your opponent's attack" (G.3).
    TakeDamage(Who),
    /// "After you pass priority to play a form" (F.2.2.3).
    PassForm(Who),
    /// "After your Draw Step" (F.1.3).
    DrawStep(Who),
    /// "After your Ready Phase" (F.1).
    ReadyPhase(Who),
    /// "After this card readies" (F.1.1).
    ReadyThis,
    /// A discard from (who)'s hand that an effect this ability's controller controls
    /// caused (Angelic Grace; not a cost: H.4 costs are not effects).
    DiscardByYourEffect(Who),
    /// "Before (who) performs a form" (F.2.2): the window opens once the form is
    /// chosen and before it is performed (docs/rulings.md UFS-19).
    BeforeForm(Who),
    /// "After you fail to block an attack" (G.2.2.1: the block's check failed).
    BlockFails(Who),
    /// "After (who)'s attack deals damage" (G.3: the defender loses vitality to it).
    DealsDamage(Who, DamageBy),
    /// Either of two conditions ("after you block or deal damage").
    Either(Box<Trigger>, Box<Trigger>),
    /// "After (who) plays an attack" (E.4.11: its check passed).
    PlaysAttack(Who),
    /// A check condition ("check", "fails", "passes") met only by a control check to
    /// play an attack ("your next control check to play an attack").
    ToPlayAttack(Box<Trigger>),
    /// "After your check fails by more than N" (E.3.5.2.2).
    CheckFailsByMore(Who, u8),
    /// "After (who) plays an ability that puts attacks in the card pool with no
    /// control check" (Multiple, I.3.8.1).
    AddsAttacksWithoutCheck(Who),
    /// "Before (who) draws a card": a window before a Draw Step's draws or a draw
    /// effect (docs/rulings.md UFS-19 for "before").
    BeforeDraw(Who),
    /// "After (who) plays a card into their card pool that matches N or more of
    /// their character's resource symbols".
    PlaysCardMatching(Who, u8),
    /// "If the check is successful": (who)'s control check passed (E.3.5.1).
    CheckPasses(Who),
    /// (Who)'s control check failed for good (E.4.8.2): the failure's window has
    /// closed and no effect made the check successful instead (J.3.5.1).
    CheckFailureStands(Who),
    /// "After (who) draws 1 or more cards".
    Draws(Who),
    /// "After (who) adds 1 or more cards to their momentum".
    GainsMomentum(Who),
    /// "During (who)'s End Phase": as it begins (F.3).
    EndPhase(Who),
    /// "(Who)'s next attack": as it enters its attack sequence (F.2.3.4).
    AttackBegins(Who),
    /// An effect the opponent controls destroyed one of the player's cards in their
    /// staging area (Rejecting the Demons).
    YourCardDestroyed,
    /// "Before (who) pays the cost of an ability that discards momentum" (ruling
    /// UFS-33).
    BeforeMomentumCost(Who),
    /// "Before you block with this card": the window opens once the card is announced
    /// as the block and is in transit, before its difficulty and check (ruling UFS-34).
    /// The condition names the card, so the ability is played from there (H.2.3.3).
    BeforeBlockWithThis,
    /// "Before (who)'s Draw Step": as the Review Step ends (ruling UFS-35).
    BeforeDrawStep(Who),
}

impl Trigger {
    /// The kind of game event this condition waits for (`Event::kind_bit`).
    pub fn event_bit(&self) -> u32 {
        1 << match self {
            Trigger::Check(..) => 0,
            Trigger::CheckFails(..) | Trigger::CheckFailsByMore(..) => 1,
            Trigger::ToPlayAttack(t) => return t.event_bit(),
            Trigger::Block(_) | Trigger::BlockWithThis => 2,
            Trigger::LoseVitality { .. } | Trigger::TakeDamage(_) => 3,
            Trigger::PassForm(_) => 4,
            Trigger::ReadyThis => 5,
            Trigger::DrawStep(_) | Trigger::ReadyPhase(_) => 6,
            Trigger::DiscardByYourEffect(_) => 7,
            Trigger::BeforeForm(_) => 8,
            Trigger::BlockFails(_) => 9,
            Trigger::DealsDamage(..) => 3,
            Trigger::Either(a, b) => return a.event_bit() | b.event_bit(),
            Trigger::PlaysAttack(_) => 10,
            Trigger::CheckPasses(_) => 11,
            Trigger::Draws(_) => 12,
            Trigger::GainsMomentum(_) => 13,
            Trigger::EndPhase(_) => 14,
            Trigger::AttackBegins(_) => 15,
            Trigger::YourCardDestroyed => 16,
            Trigger::AddsAttacksWithoutCheck(_) => 17,
            Trigger::BeforeDraw(_) => 18,
            Trigger::PlaysCardMatching(..) => 19,
            Trigger::BeforeMomentumCost(_) => 20,
            Trigger::BeforeBlockWithThis => 21,
            Trigger::BeforeDrawStep(_) => 22,
            Trigger::CheckFailureStands(_) => 23,
        }
    }
}

/// Tokens an effect places on a card (the comprehensive rules have no rule for tokens;
/// docs/rulings.md UFS-17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TokenKind {
    Defense,
    Balance,
    Siegfried,
}

impl TokenKind {
    pub const ALL: [TokenKind; 3] = [TokenKind::Defense, TokenKind::Balance, TokenKind::Siegfried];

    pub fn word(self) -> &'static str {
        match self {
            TokenKind::Defense => "defense",
            TokenKind::Balance => "balance",
            TokenKind::Siegfried => "siegfried",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            TokenKind::Defense => "Defense",
            TokenKind::Balance => "Balance",
            TokenKind::Siegfried => "Siegfried",
        }
    }
}

/// The card an effect places tokens on, removes them from, or moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Holder {
    /// "This card": the card the ability is on (bound to `Card` when it is played).
    ThisCard,
    /// "Your character": the controller's starting character.
    YourCharacter,
    /// "Each card in your staging areas": every card in both staging areas.
    EachStaging,
    /// The card "this card" named, once the ability was played.
    Card(u16),
    /// "That card": the card an earlier step of the effect took (bound to `Card` then).
    Taken,
    /// "The revealed card": the card the cost revealed (`Cost::RevealTopOfDeck`), bound
    /// to `Card` when the ability is played.
    Revealed,
}

/// H.4: costs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cost {
    /// H.4.1.1: "Commit" — commit this card.
    Commit,
    /// H.4.1.2: "Destroy" — this card goes from the staging area to the discard pile.
    Destroy,
    /// "Discard N momentum" (D.4.2.3: momentum is face down and alike, so which cards
    /// go makes no difference).
    DiscardMomentum(u8),
    /// "Discard N cards" from hand, the player's choice (K.2.1).
    Discard(u8),
    /// "Remove the top N cards of your deck from the game".
    RemoveTopOfDeck(u8),
    /// "Remove N momentum from the game" (momentum is alike, D.4.2.3: from the top).
    RemoveMomentum(u8),
    /// "Remove N (kind) tokens from (holder)"; `None` is X, chosen when the ability is
    /// announced (H.4.4.2), at most the tokens there are.
    RemoveTokens(Holder, TokenKind, Option<u8>),
    /// "Place N (kind) tokens on (holder)".
    PlaceTokens(Holder, TokenKind, u8),
    /// "Remove N cards in your hand from the game" (the player's choice; `None` is X,
    /// chosen on announcement, H.4.4.2).
    RemoveFromHand(Option<u8>),
    /// "Remove N cards in your discard pile from the game" (the player's choice).
    RemoveFromDiscard(u8),
    /// "Remove your hand from the game": every card in it.
    RemoveHand,
    /// "Destroy 1 foundation": one of the player's foundations in their staging area,
    /// their choice; the effect may read its values (`Amount::Paid`).
    DestroyFoundation,
    /// "Commit N foundations" (`None` is X, chosen on announcement, H.4.4.2): ready
    /// foundations of the player's choice.
    CommitFoundations(Option<u8>),
    /// "Remove this card from the game" (from wherever it is: face up in momentum).
    RemoveThis,
    /// "Discard X momentum", X chosen on announcement (H.4.4.2).
    DiscardMomentumX,
    /// "Discard X cards" from hand, X chosen on announcement (H.4.4.2).
    DiscardX,
    /// "Reveal a (kind) card in your hand": one the player chooses, named to both
    /// players; it stays in hand.
    RevealFromHand(KindRef),
    /// "Reveal the top card of your deck": it is named to both players and stays
    /// where it is; the effect may name it (`Holder::Revealed`).
    RevealTopOfDeck,
}

impl Cost {
    /// Whether this part's number is X (H.4.4).
    pub fn is_x(&self) -> bool {
        matches!(
            self,
            Cost::RemoveTokens(_, _, None)
                | Cost::RemoveFromHand(None)
                | Cost::CommitFoundations(None)
                | Cost::DiscardMomentumX
                | Cost::DiscardX
        )
    }
}

/// A card type an effect names (B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardKind {
    Attack,
    Foundation,
    Action,
    Asset,
}

impl CardKind {
    pub const ALL: [CardKind; 4] = [
        CardKind::Attack,
        CardKind::Foundation,
        CardKind::Action,
        CardKind::Asset,
    ];

    pub fn word(self) -> &'static str {
        match self {
            CardKind::Attack => "attack",
            CardKind::Foundation => "foundation",
            CardKind::Action => "action",
            CardKind::Asset => "asset",
        }
    }

    /// The type of a card, if it is one an effect can name (not a character).
    pub fn of(k: &crate::model::Kind) -> Option<CardKind> {
        CardKind::ALL.into_iter().find(|c| c.is(k))
    }

    pub fn is(self, k: &crate::model::Kind) -> bool {
        use crate::model::Kind;
        matches!(
            (self, k),
            (CardKind::Attack, Kind::Attack { .. })
                | (CardKind::Foundation, Kind::Foundation)
                | (CardKind::Action, Kind::Action)
                | (CardKind::Asset, Kind::Asset)
        )
    }
}

/// Whose: the player the ability belongs to, their opponent, or each of them (in
/// turn order, the active player first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Who {
    You,
    Opponent,
    Each,
}

impl Who {
    pub const ALL: [Who; 3] = [Who::You, Who::Opponent, Who::Each];

    /// The word in the card language.
    pub fn word(self) -> &'static str {
        match self {
            Who::You => "you",
            Who::Opponent => "opponent",
            Who::Each => "each-player",
        }
    }

    /// The subject in generated card text.
    pub fn subject(self) -> &'static str {
        match self {
            Who::You => "You",
            Who::Opponent => "Your opponent",
            Who::Each => "Each player",
        }
    }
}

/// A number an effect uses (J.4): printed, or read from the game when the step is
/// executed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Amount {
    N(u8),
    /// The number of cards in the player's momentum.
    Momentum(Who),
    /// How many more cards are in your hand than in your opponent's (0 if not more).
    HandLead,
    /// The vitality lost in the event the response answers ("equal to the amount of
    /// vitality lost").
    VitalityLost,
    /// Your character's hand size (B.1.2).
    HandSize,
    /// X: chosen when the ability was announced (H.4.4.2, J.4.3.1) or defined by the
    /// effect (J.4.3.2); bound to a number before the step is executed.
    X,
    /// The number of tokens (of a kind, or of any kind) on a card.
    Tokens(Holder, Option<TokenKind>),
    /// The number of attacks with Reversal in the player's card pool.
    ReversalsInCardPool(Who),
    /// A value of the card paid for the cost ("the destroyed foundation"); bound to a
    /// number when the ability is played.
    Paid(PaidValue),
    /// Half the cards in the player's momentum, rounded up.
    HalfMomentum(Who),
    /// The attacks in both card pools that dealt damage this turn (G.3).
    AttacksDealtDamage,
    /// The number of cards in the player's hand.
    CardsInHand(Who),
    /// Half the current attack's printed damage (B.6.2.3), rounded down.
    HalfPrintedDamage,
    /// How many more cards the player's hand holds than their character's hand size
    /// (0 if not more): "discard down to your hand size".
    OverHandSize,
}

/// Which value of the card paid for a cost an effect reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PaidValue {
    Control,
    Difficulty,
}

/// A bonus (+) or penalty (−) of an amount.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Change {
    pub minus: bool,
    pub amount: Amount,
}

impl Change {
    pub const NONE: Change = Change {
        minus: false,
        amount: Amount::N(0),
    };
}

/// Which attack an effect changes (K.3.4).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackRef {
    /// "This attack": the current attack, whoever's it is (K.3.4).
    This,
    /// "Your [trait] attack": the current attack, only if it is yours and has the trait
    /// (K.3.4.1).
    Yours(Option<Keyword>),
}

/// What a fired effect on the current attack waits for (J.3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FiredWhen {
    /// "If this attack deals damage" (G.3).
    Damage,
    /// "If this attack does not deal damage" (G.3.1): at its Damage Step.
    NoDamage,
    /// "If you block this attack": its controller plays a block against it (G.2.4).
    YouBlock,
    /// "If this attack deals damage or is blocked": whichever comes first (a partially
    /// blocked attack is blocked before it deals damage), once.
    DamageOrBlocked,
    /// "If this attack deals N or more damage" (I.3.7.1 Gauge).
    DamageAtLeast(u8),
    /// Damage dealt by the attack or by a multiple copy made of it (I.3.8.3): the
    /// first of them to deal damage fires it, once (`GameState::shared_fired`).
    DamageWithCopies,
}

/// A rule an effect puts on the current attack's Block Step (G.2.1.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BlockRule {
    /// G.2.1.1.2: "unblockable".
    Unblockable,
    /// No block with a card having a resource symbol in common with the attack
    /// (Troubled Orphan).
    NoSharedSymbols,
    /// The defender may not commit foundations with this symbol to a block's check
    /// (`None`: the symbol chosen by `ChooseSymbol`, bound before the step runs).
    NoCommitSymbol(Option<crate::model::Symbol>),
}

/// Conditions of "if" steps and "only playable" restrictions.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Condition {
    /// The current attack's damage is below N (read when the step is executed).
    DamageBelow(i8),
    /// The current attack is yours and has this resource symbol.
    YourAttackHasSymbol(crate::model::Symbol),
    /// The current attack was played as a reversal (I.3.10).
    PlayedAsReversal,
    /// You have not drawn or added a card to your hand this Combat Phase.
    NoCardToHandThisCombat,
    /// No card in your hand has Reversal (I.3.10).
    NoReversalInHand,
    /// This card is face up in its owner's momentum (only as a restriction).
    FaceUpInMomentum,
    /// The number checked for the check under way (its checked card's control).
    Checked(CheckValue),
    /// You have more cards in your momentum than your opponent.
    MoreMomentum,
    /// Your hand outnumbers your opponent's.
    MoreCardsInHand,
    /// The card you played last (the right end of your card pool, E.4.2) has this
    /// control.
    PlayedControl(u8),
    /// The card the ability is on is committed (only in a static ability's "while").
    ThisCommitted,
    /// This card is in its owner's staging area (only as a restriction: "only
    /// playable from your staging area").
    InStaging,
    /// This card is ready in its owner's staging area: a continuous ability "while this
    /// card is ready" fires from there (only as a restriction).
    ReadyInStaging,
    /// No tokens (of a kind, or any) are on the card.
    NoTokens(Holder, Option<TokenKind>),
    /// Every one of these holds.
    All(Vec<Condition>),
    /// The check under way is a block against this card (the current attack).
    BlockCheckAgainst(Holder),
    /// The number checked to play the current attack (E.3.1.1: the control of the
    /// card its check discarded).
    CheckedToPlayThisAttack(u8),
    /// Your staging area holds fewer cards than your opponent's.
    FewerInStaging,
    /// One of these holds.
    Any(Vec<Condition>),
    /// The amount is N or more.
    AtLeast(Amount, u8),
    /// The current attack is the opponent's ("during your opponent's attack").
    OpponentsAttack,
    /// This card is in its owner's hand: a continuous ability that works from there
    /// (only as a restriction).
    InHand,
    /// No card of yours waits to be played as your first form this turn
    /// (`Effect::FirstForm`).
    NoFirstForm,
}

/// J.1: one instruction of an effect; each is one step.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Effect {
    /// "(Attack) gets +S speed and +D damage" (a bonus or penalty, K.3.6).
    Gets {
        attack: AttackRef,
        speed: i8,
        damage: Change,
        /// "(To a minimum of N)": a penalty takes the damage no lower than this.
        floor: Option<u8>,
    },
    Draw(Who, Amount),
    /// "Discards N random cards" from hand (K.2.3: random overrides the choice).
    DiscardRandom(Who, Amount),
    /// "Discards N momentum": the player discarding chooses which (D.4.2.3).
    DiscardMomentum(Who, Amount),
    /// "Discards N random momentum" (K.2.3: random overrides the choice).
    DiscardRandomMomentum(Who, Amount),
    GainVitality(Who, Amount),
    /// "Loses N vitality", never below `floor` when one is given ("This can't reduce
    /// their vitality below 1").
    LoseVitality(Who, Amount, Option<u8>),
    /// E.3.3: "re-check" the control check under way (not one that is a re-check).
    ReCheck,
    /// "Put the checked card into its owner's hand" (the card the check under way
    /// discarded, if it is still in the discard pile).
    CheckedCardToHand,
    /// "Takes N damage" from an effect: they lose that much vitality (G.3).
    TakeDamage(Who, Amount),
    /// "Your check gets +N": the final value of the check under way (E.3.1.2).
    CheckGets(i8),
    /// "It succeeds": the check that just failed passes instead.
    CheckSucceeds,
    /// I.3.1 Breaker: "the next card (who) attempts to play this turn gets +N
    /// difficulty".
    NextCardDifficulty(Who, u8),
    /// "If (condition), (steps)", checked when the step is executed.
    If(Condition, Vec<Effect>),
    /// "If this attack deals damage, (steps)" (or "your attack"), and the other
    /// outcomes of `FiredWhen`: a fired effect assigned to the current attack (J.3.2).
    /// I.3.7.1 Gauge: the controller may search their deck and discard pile for a
    /// character card with their starting character's character name and add it to
    /// their staging area (where it is attached, D.2.2.3.4); the deck is shuffled
    /// (K.5.2).
    GaugeSearch,
    OnAttack {
        when: FiredWhen,
        yours_only: bool,
        then: Vec<Effect>,
    },
    /// "(Who) may (steps). If they do not, (otherwise)": the player chooses whether the
    /// steps happen (J.1.3); one who can't do the first step does not (UFS-18).
    May(Who, Vec<Effect>, Vec<Effect>),
    /// "(Steps) or (steps) (your choice)": the controller picks one list.
    Either(Vec<Vec<Effect>>),
    /// "X equals (amount)" (J.4.3.2): X is fixed here for the rest of the effect,
    /// including the fired effects it creates.
    DefineX(Amount),
    PlaceTokens(Holder, TokenKind, Amount),
    /// "Remove N (kind, or any) tokens from (holder)"; `None` removes them all.
    RemoveTokens(Holder, Option<TokenKind>, Option<Amount>),
    /// "Discards N cards" from hand, the player's choice (K.2.1).
    Discard(Who, Amount),
    /// "Discard this card" / "remove this card from the game" (from where it is).
    Move(Holder, MoveTo),
    BlockRule(AttackRef, BlockRule),
    /// "Choose high, mid or low": the controller picks; later steps use the zone.
    ChooseZone,
    /// "(Who) reveals their hand" (every card in it is named to both players).
    RevealHand(Who),
    /// "Discards N random cards with a block of the chosen zone" (`None`: the zone
    /// chosen by `ChooseZone`, bound before the step is executed).
    DiscardRandomBlocking(Who, Amount, Option<crate::model::Zone>),
    /// "Your next attack has the ability (ability)" (K.3.9: the next attack the
    /// controller attempts to play this turn, or the next of theirs to enter an attack
    /// sequence this turn).
    NextAttackGains(Box<Ability>),
    /// After a failed block, the defender may try a second block: the Block Step
    /// begins again for them (Angelic Protection).
    AnotherBlock,
    /// The deck's top card is played face down as an attack with these values (a
    /// control check against its difficulty first, E.4; docs/rulings.md UFS-20).
    PlayTopAsAttack(FaceDownAttack),
    /// "Add N (kind) cards removed from the game to your hand" (the player chooses which;
    /// "up to N" lets them take fewer; `None`: all of them, no choice), or "to the bottom
    /// of your deck" (in the order chosen).
    FromRemoved {
        n: Option<Amount>,
        up_to: bool,
        kind: KindRef,
        to: RemovedTo,
    },
    /// "Name a card type": the controller picks; later steps use it.
    NameCardType,
    /// "Remove N cards in your hand from the game" (the player's choice).
    RemoveFromHand(Who, Amount),
    /// N cards off the deck's top go out of the game; with "up to", the player picks
    /// how many (Slash Impact).
    RemoveTopOfDeck(Who, Amount, bool),
    /// The defender may answer the unblocked attack with a reversal all the same
    /// (I.3.10; Two-Handed Style).
    ReversalAsIfBlocked,
    /// Armored Defense's lock: in any Combat Phase before its controller's next turn
    /// starts, nobody draws or puts cards into their hand.
    NoCardsToHandInCombat,
    /// J.2.2, J.3.2: a detached fired effect: it waits for a game event until it ends.
    Detached(Box<Detached>),
    /// "If this card is added to your momentum, it goes face up" (D.4.2.3 says
    /// momentum is face down; this card is the exception).
    MomentumFaceUp(Holder),
    /// "Remove N cards in your discard pile from the game" by an effect, the player's
    /// choice (of one type with `KindRef::Same`).
    RemoveFromDiscard(Who, Amount, KindRef),
    /// "Choose a number from LO to HI": the controller picks; later steps use it.
    ChooseNumber(u8, u8),
    /// "(Who) adds N cards from their hand to their momentum", their choice.
    HandToMomentum(Who, Amount),
    /// "(Who) adds the top N cards of their deck to their momentum".
    DeckToMomentum(Who, Amount),
    /// "Destroy (a card of this kind)": the controller picks one in either staging
    /// area; it goes to its owner's discard pile.
    DestroyOne(Option<CardKind>, Who),
    /// "(Who) discards 1 card from their card pool", their choice (not the card whose
    /// check is under way: docs/rulings.md UFS-23).
    DiscardFromCardPool(Who),
    /// Mortal Strike's lock: until the opponent's next turn begins, no player adds
    /// cards to their momentum during their own Combat Phase.
    NoMomentumInCombat,
    /// "Reveal X cards (of a kind) from your hand": the player picks as many as they
    /// like; X is how many, for the rest of the effect.
    RevealFromHand(KindRef),
    /// The static effect of a `Static` ability (never executed as a step).
    Static(StaticRule),
    /// Leave this card committed in this Ready Phase (`StaticRule::MayStayCommitted`,
    /// offered as a "may").
    KeepCommitted(u16),
    /// "Choose a resource symbol": the controller picks; later steps use it.
    ChooseSymbol,
    /// "Cancel its effects": the ability the response answers does nothing.
    CancelEffects,
    /// `Draw` once its "before you draw" window has closed (not written in card files).
    DrawNow(Who, Amount),
    /// "Commit 1 of (who)'s foundations or assets": the controller picks a ready one
    /// in that staging area.
    CommitOne(Who),
    /// "That player (the one the game event names) does (steps)": the steps are
    /// executed as theirs, "you" being them (bound to the player when the fired effect
    /// fires; `None` before).
    ThatPlayer(Option<u8>, Vec<Effect>),
    /// "You may discard any number of (kind) cards from your hand; each counts as 1
    /// discarded momentum" for the cost about to be paid (ruling UFS-33).
    DiscardAsMomentum(KindRef),
    /// "You may commit N of your foundations to (do more)": by J.1.4.1 a cost, so the
    /// starting character may stand in for one foundation (H.4.3). The controller picks
    /// N ready ones, one at a time (a "may" with it asks only a player who has N).
    CommitFoundations(Who, u8),
    /// "(Who) adds every (kind) card in their discard pile to their hand" (or removes
    /// them from the game): no choice, all of them move (`MoveTo::Hand` or `Removed`).
    AllFromDiscard(Who, KindRef, MoveTo),
    /// K.3.17: for the rest of the turn, the player may play the card as if it were in
    /// their hand: an assigned effect on the card where it is when the step runs
    /// (J.2.3), ending when it changes zones or the turn ends (ruling UFS-34).
    PlayAsThoughInHand(Holder),
    /// "Change (the card)'s block zone to Z": while the card stays where it is, and
    /// as a block until the attack it blocks resolves (C.3.3.4.2.4).
    SetBlockZone(Holder, crate::model::Zone),
    /// "(Who) may not draw any cards this turn".
    NoDraws(Who),
    /// "Play (the card) as your first form, with no control check": once the Ready
    /// Phase is over, the Combat Phase begins with it (ruling UFS-35).
    FirstForm(Holder),
}

/// A detached fired effect (J.2.2, J.3.2): after each game event `trigger` matches, its
/// steps execute, until `until` (J.2.2.1: the turn's end by default), or after the first
/// time if `once`, or when `ends_on` happens.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Detached {
    pub trigger: Trigger,
    pub until: Until,
    pub once: bool,
    pub ends_on: Option<Trigger>,
    pub steps: Vec<Effect>,
}

/// When a detached effect ends, if nothing ends it sooner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Until {
    /// J.2.2.1: the end of this turn.
    ThisTurn,
    /// "Until the beginning of your next turn".
    YourNextTurn,
    /// "Until the end of your opponent's next turn".
    OpponentsNextTurnEnds,
}

/// The values a face-down card played as an attack has (C.3.3: it has no printed
/// values of its own, so the effect defines them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FaceDownAttack {
    pub zone: crate::model::Zone,
    pub difficulty: u8,
    pub speed: u8,
    pub damage: u8,
    /// "This attack cannot be added to your momentum" (F.3.2.2: it is discarded).
    pub no_momentum: bool,
}

impl FaceDownAttack {
    /// The card definition a card played this way has while it is face down.
    pub fn def(&self) -> crate::model::CardDef {
        crate::model::CardDef {
            id: format!(
                "face-down-{}-{}-{}-{}",
                self.zone.name(),
                self.difficulty,
                self.speed,
                self.damage
            ),
            guid: None,
            name: "Face-down card".into(),
            kind: crate::model::Kind::Attack {
                zone: self.zone,
                speed: self.speed,
                damage: self.damage,
            },
            difficulty: self.difficulty,
            control: 0,
            block: None,
            symbols: crate::model::Symbols::NONE,
            keywords: Vec::new(),
            abilities: Vec::new(),
            missing: None,
            split: None,
        }
    }
}

/// A card type an effect names: any, a printed one, or the one "named" earlier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KindRef {
    Any,
    Is(CardKind),
    /// The type chosen by `Effect::NameCardType` (bound before the step runs).
    Named,
    /// Attacks with Reversal (I.3.10): a keyword, not a type.
    Reversal,
    /// "All of the same type": the first card chosen fixes the type of the rest.
    Same,
    /// Cards with a control of N or less.
    ControlAtMost(u8),
    /// Cards with a control of exactly N.
    Control(u8),
}

impl KindRef {
    pub fn allows(self, d: &crate::model::CardDef) -> bool {
        match self {
            KindRef::Any | KindRef::Same => true,
            KindRef::Is(kind) => kind.is(&d.kind),
            KindRef::Named => false,
            KindRef::Reversal => d.is_reversal(),
            KindRef::ControlAtMost(n) => d.control <= n,
            KindRef::Control(n) => d.control == n,
        }
    }
}

/// Where cards an effect takes from a zone go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RemovedTo {
    Hand,
    DeckBottom,
    /// Out of the game (from the discard pile).
    OutOfGame,
    /// Nowhere: each card chosen in the hand is revealed and stays there.
    Reveal,
    /// From hand to the discard pile, each card counting as 1 momentum discarded for
    /// the cost about to be paid (`Effect::DiscardAsMomentum`).
    DiscardAsMomentum,
}

/// Where `Effect::Move` sends a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveTo {
    Discard,
    Removed,
    /// Its owner's hand (only from the card pool).
    Hand,
    /// Its owner's staging area (only from the card pool): an attack put there by
    /// its own effect (Tatsumaki Senpukyaku) stays until an effect moves it.
    Staging,
    /// Its owner's card pool (only from the hand): added, not played.
    CardPool,
}

/// What "this card", X and the chosen zone stand for once an ability is played (J.4.3).
#[derive(Debug, Clone, Copy, Default)]
pub struct Binding {
    pub this: Option<u16>,
    pub x: Option<u8>,
    pub zone: Option<crate::model::Zone>,
    pub kind: Option<CardKind>,
    /// The card paid for the cost: its control and difficulty.
    pub paid: Option<(u8, u8)>,
    /// The card an earlier step took ("that card").
    pub taken: Option<u16>,
    /// The number chosen (`Effect::ChooseNumber`).
    pub number: Option<u8>,
    /// The resource symbol chosen (`Effect::ChooseSymbol`).
    pub symbol: Option<crate::model::Symbol>,
    /// The player the game event names ("that player", `Effect::ThatPlayer`).
    pub event_player: Option<u8>,
    /// The card the cost took (revealed, or destroyed): "the revealed card".
    pub cost_card: Option<u16>,
}

impl Effect {
    /// Calls `f` on this step, then on every step nested in it ("if", "may", "either",
    /// fired effects), but not on an ability it grants (that is bound on its own card
    /// when it is played).
    pub fn walk_mut(&mut self, f: &mut dyn FnMut(&mut Effect)) {
        f(self);
        match self {
            Effect::If(_, then) | Effect::OnAttack { then, .. } => {
                for s in then {
                    s.walk_mut(f);
                }
            }
            Effect::May(_, then, otherwise) => {
                for s in then.iter_mut().chain(otherwise.iter_mut()) {
                    s.walk_mut(f);
                }
            }
            Effect::Either(options) => {
                for s in options.iter_mut().flatten() {
                    s.walk_mut(f);
                }
            }
            Effect::Detached(d) => {
                for s in &mut d.steps {
                    s.walk_mut(f);
                }
            }
            Effect::ThatPlayer(_, steps) => {
                for s in steps {
                    s.walk_mut(f);
                }
            }
            _ => {}
        }
    }

    /// The amount this step itself reads, if any (not those of the steps nested in
    /// it): no step reads more than one.
    pub fn amount_mut(&mut self) -> Option<&mut Amount> {
        match self {
            Effect::Gets { damage, .. } => Some(&mut damage.amount),
            Effect::Draw(_, a)
            | Effect::DrawNow(_, a)
            | Effect::DiscardRandom(_, a)
            | Effect::DiscardMomentum(_, a)
            | Effect::DiscardRandomMomentum(_, a)
            | Effect::GainVitality(_, a)
            | Effect::LoseVitality(_, a, _)
            | Effect::TakeDamage(_, a)
            | Effect::Discard(_, a)
            | Effect::RemoveFromHand(_, a)
            | Effect::RemoveTopOfDeck(_, a, _)
            | Effect::DefineX(a)
            | Effect::DiscardRandomBlocking(_, a, _)
            | Effect::PlaceTokens(_, _, a)
            | Effect::RemoveTokens(_, _, Some(a))
            | Effect::RemoveFromDiscard(_, a, _)
            | Effect::HandToMomentum(_, a)
            | Effect::DeckToMomentum(_, a)
            | Effect::FromRemoved { n: Some(a), .. } => Some(a),
            _ => None,
        }
    }
}

impl Binding {
    fn amount(&self, a: &mut Amount) {
        match a {
            Amount::X => {
                if let Some(x) = self.x {
                    *a = Amount::N(x);
                }
            }
            Amount::Tokens(h, _) => self.holder(h),
            Amount::Paid(v) => {
                if let Some((control, difficulty)) = self.paid {
                    *a = Amount::N(match v {
                        PaidValue::Control => control,
                        PaidValue::Difficulty => difficulty,
                    });
                }
            }
            _ => {}
        }
    }

    fn holder(&self, h: &mut Holder) {
        match (*h, self.this, self.taken, self.cost_card) {
            (Holder::ThisCard, Some(c), _, _)
            | (Holder::Taken, _, Some(c), _)
            | (Holder::Revealed, _, _, Some(c)) => *h = Holder::Card(c),
            _ => {}
        }
    }

    /// Replaces what this binding knows in `steps` (and the steps nested in them).
    pub fn apply(&self, steps: &mut [Effect]) {
        for s in steps {
            s.walk_mut(&mut |step| self.bind_step(step));
        }
    }

    /// Binds one step's own amounts, holder, zone and card type.
    fn bind_step(&self, step: &mut Effect) {
        if let Some(a) = step.amount_mut() {
            self.amount(a);
        }
        match step {
            Effect::FromRemoved { kind, .. } => {
                if let (KindRef::Named, Some(k)) = (*kind, self.kind) {
                    *kind = KindRef::Is(k);
                }
            }
            Effect::DiscardRandomBlocking(_, _, zone) if zone.is_none() => *zone = self.zone,
            Effect::ThatPlayer(p, _) if p.is_none() => *p = self.event_player,
            Effect::BlockRule(_, BlockRule::NoCommitSymbol(s)) if s.is_none() => *s = self.symbol,
            Effect::If(Condition::BlockCheckAgainst(h) | Condition::NoTokens(h, _), _) => {
                self.holder(h)
            }
            Effect::PlaceTokens(h, ..)
            | Effect::RemoveTokens(h, ..)
            | Effect::Move(h, _)
            | Effect::MomentumFaceUp(h)
            | Effect::PlayAsThoughInHand(h)
            | Effect::SetBlockZone(h, _)
            | Effect::FirstForm(h) => self.holder(h),
            Effect::Detached(d) => match &mut d.trigger {
                Trigger::DealsDamage(_, DamageBy::Card(h)) => self.holder(h),
                Trigger::Check(_, v) if *v == CheckValue::Chosen => {
                    if let Some(n) = self.number {
                        *v = CheckValue::Exactly(n);
                    }
                }
                _ => {}
            },
            _ => {}
        }
    }
}

impl Ability {
    /// An ability of `kind` with no condition, restriction, cost or effect yet, playable
    /// by its controller: what the readers fill in.
    pub fn new(kind: AbilityKind) -> Ability {
        Ability {
            kind,
            trigger: None,
            only_character: Vec::new(),
            combo: false,
            only_playable: None,
            cost: Vec::new(),
            effect: Vec::new(),
            while_committed: false,
            by: PlayableBy::Controller,
            x_at_most: None,
        }
    }

    /// The ability a keyword grants (I.3), if it is one the engine plays as an ability:
    /// Breaker's response.
    pub fn grants_ability(k: &Keyword) -> bool {
        matches!(k, Keyword::Breaker(_))
    }

    pub fn granted_by(k: &Keyword) -> Option<Ability> {
        match k {
            Keyword::Breaker(x) => Some(Ability {
                trigger: Some(Trigger::BlockWithThis),
                effect: vec![Effect::NextCardDifficulty(Who::Opponent, *x)],
                ..Ability::new(AbilityKind::Response)
            }),
            _ => None,
        }
    }

    /// Whether the cost commits or destroys the card the ability is on.
    pub fn uses_its_card(&self) -> bool {
        self.cost
            .iter()
            .any(|c| matches!(c, Cost::Commit | Cost::Destroy))
    }
}
