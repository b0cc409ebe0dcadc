//! What each seat may see (213.1f): the board, the chain, the attack, the prompt and
//! the log, rendered from one seat's view.

use crate::action::Action;
use crate::game::VsTcg;
use crate::ids::*;
use crate::state::*;
use crossover_kernel::{LogEntry, Presentation, Seat};
use serde::{Deserialize, Serialize};

/// One card as a seat sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardView {
    /// `None` for a card this seat may not look at: its id would tell which card it is.
    pub id: Option<CardId>,
    /// `None`: a face-down card this seat may not look at.
    pub name: Option<String>,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharacterView {
    pub card: CardView,
    pub position: Position,
    pub atk: i32,
    pub def: i32,
    pub exhausted: bool,
    pub stunned: bool,
    pub equipment: Vec<CardView>,
    /// +1/+1 counters (215).
    pub plus: u8,
    pub flight: bool,
    pub range: bool,
    /// An attacker, or the defender, of the attack proposed or in progress.
    pub attacker: bool,
    pub defender: bool,
}

/// One card of a resource row, as a seat sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResourceView {
    /// Named only where this seat may look at it (213.5h).
    pub card: CardView,
    pub exhausted: bool,
    /// A flipped location or an ongoing plot twist turned face up.
    pub face_up: bool,
    /// A face-down resource its controller revealed (701.11f): every seat sees it.
    pub revealed: bool,
}

/// One effect on the chain, as a seat sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainEffectView {
    /// The whole effect in words, with its source and targets.
    pub text: String,
    /// What it does, without its source and targets: "stun target character".
    pub what: String,
    /// The card it comes from (the card being recruited, the plot twist played, the
    /// character whose power it is); none for the normal draw and a power-up.
    pub source: Option<CardView>,
    /// 504.2: who controls it; the normal draw has no controller.
    pub controller: Option<PlayerId>,
    /// Its targets by name, in order.
    pub targets: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: PlayerId,
    pub name: String,
    pub endurance: i32,
    pub in_game: bool,
    pub deck: usize,
    /// The hand's cards for its owner; for others only how many (213.3b).
    pub hand: Vec<CardView>,
    pub hand_count: usize,
    pub ko_pile: Vec<CardView>,
    pub removed: Vec<CardView>,
    /// Left to right; face-down ones are named only to their controller (213.5h).
    pub resources: Vec<ResourceView>,
    pub characters: Vec<CharacterView>,
    pub resource_points: u8,
    /// The top card of the deck where this seat may see it: revealed to all (708.9f) or
    /// looked at by its owner while they have priority (511.8); else `None`.
    #[serde(default)]
    pub deck_top: Option<CardView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VsTcgView {
    pub seat: Seat,
    pub turn: u32,
    pub initiative: PlayerId,
    pub part: String,
    pub priority: Option<PlayerId>,
    /// The players who passed in succession just before the one with priority, in the
    /// order they passed (216.2): when all in the game have, the top effect resolves.
    pub passed: Vec<PlayerId>,
    pub players: Vec<PlayerView>,
    /// Bottom to top.
    pub chain: Vec<ChainEffectView>,
    pub attack: Option<String>,
    pub text: String,
}

impl GameState {
    /// A power's text, generated from its definition.
    pub fn power_text(&self, card: CardId, power: u8) -> String {
        match self.def(card).powers.get(power as usize) {
            Some(p) => match p.keyword {
                Some(k) => k.title().to_string(),
                None => crate::text::power(&p.power),
            },
            // 500.6: a power gained or granted.
            None => self
                .power_at(card, power)
                .map(crate::text::power)
                .unwrap_or_default(),
        }
    }

    /// The text a card shows (generated from its definition).
    pub fn card_text(&self, c: CardId) -> String {
        crate::text::card_line(self.pool(), self.def(c))
    }

    fn seen(&self, c: CardId) -> CardView {
        CardView {
            id: Some(c),
            name: Some(self.name(c)),
            text: self.card_text(c),
        }
    }

    fn unseen() -> CardView {
        CardView {
            id: None,
            name: None,
            text: "a face-down card".into(),
        }
    }

    /// A resource in play that `viewer` may not look at (701.11a).
    fn hidden_resource(&self, viewer: PlayerId, c: CardId) -> bool {
        self.card(c).zone == Zone::Resource && !self.can_see(viewer, c)
    }

    /// "Player 2's face-down resource 3": a resource by its place in its row (705.3).
    fn resource_place(&self, c: CardId) -> String {
        let p = self.card(c).controller;
        let i = self
            .player(p)
            .resources
            .iter()
            .position(|&r| r == c)
            .unwrap_or(0);
        format!("{}'s face-down resource {}", self.player_name(p), i + 1)
    }

    /// May `viewer` look at this card where it is (213.1f, 213.5h)?
    pub fn can_see(&self, viewer: PlayerId, c: CardId) -> bool {
        let card = self.card(c);
        match card.zone {
            Zone::Deck => false,
            Zone::Hand => card.owner == viewer,
            Zone::Resource => card.face_up || card.revealed || card.controller == viewer,
            Zone::Removed { face_down } => !face_down,
            Zone::KoPile | Zone::Chain | Zone::Character(_) | Zone::Equipped(_) => true,
        }
    }

    fn card_view(&self, viewer: PlayerId, c: CardId) -> CardView {
        if self.can_see(viewer, c) {
            self.seen(c)
        } else {
            Self::unseen()
        }
    }

    pub fn part_name(&self) -> String {
        match self.part {
            Part::Setup => "before the first turn".into(),
            Part::Phase(ph) => ph.name().into(),
            Part::Step(k, p) => format!("{}'s {}", self.player_name(p), k.name()),
        }
    }

    pub fn effect_text(&self, e: &ChainEffect) -> String {
        match e.kind {
            EffectKind::NormalDraw => "normal draw: each player draws two cards".into(),
            EffectKind::Recruit {
                card,
                host: Some((h, _)),
                ..
            } => {
                format!("recruit {} onto {}", self.name(card), self.name(h))
            }
            EffectKind::Recruit { card, .. } => format!("recruit {}", self.name(card)),
            EffectKind::PowerUp { target } => format!("power-up {}", self.name(target.0)),
            EffectKind::Reinforcement { target, by } => {
                format!("{} reinforces {}", self.name(by), self.name(target.0))
            }
            EffectKind::Delayed(ref d) => format!("{}: a delayed effect", self.name(d.source)),
            EffectKind::Card {
                source,
                power,
                ref targets,
                ..
            } => {
                let mut s = format!("{}: {}", self.name(source), self.power_text(source, power));
                if !targets.is_empty() {
                    let names: Vec<String> = targets.iter().map(|&t| self.target_name(t)).collect();
                    s += &format!(" (targets: {})", names.join(", "));
                }
                s
            }
        }
    }

    pub fn attack_text(&self) -> Option<String> {
        let a = self.attack.as_ref()?;
        let attackers: Vec<String> = a
            .attackers
            .iter()
            .filter_map(|&t| self.still(t))
            .map(|c| self.name(c))
            .collect();
        let defender = match a.defender {
            Some((Defender::Character(d), _)) => self.name(d),
            Some((Defender::Player(q), _)) => format!("{} (direct attack)", self.player_name(q)),
            None => "no one".into(),
        };
        let stage = if a.started {
            "attacking"
        } else {
            "proposed against"
        };
        let who = if attackers.is_empty() {
            "nothing".to_string()
        } else {
            attackers.join(" + ")
        };
        Some(format!("{who} {stage} {defender}"))
    }

    pub fn view_for(&self, viewer: PlayerId) -> VsTcgView {
        let attackers: Vec<CardId> = self
            .attack
            .iter()
            .flat_map(|a| a.attackers.iter())
            .filter_map(|&t| self.still(t))
            .collect();
        let defender = match self.attack.as_ref().and_then(|a| a.defender) {
            Some((Defender::Character(d), object)) => self.still((d, object)),
            _ => None,
        };
        let players = (0..self.seats())
            .map(|p| {
                let pl = self.player(p);
                PlayerView {
                    seat: p,
                    name: self.player_name(p),
                    endurance: pl.endurance,
                    in_game: pl.in_game,
                    deck: pl.deck.len(),
                    hand: if p == viewer {
                        pl.hand.iter().map(|&c| self.seen(c)).collect()
                    } else {
                        Vec::new()
                    },
                    hand_count: pl.hand.len(),
                    ko_pile: pl.ko_pile.iter().map(|&c| self.seen(c)).collect(),
                    removed: pl
                        .removed
                        .iter()
                        .map(|&c| self.card_view(viewer, c))
                        .collect(),
                    resources: pl
                        .resources
                        .iter()
                        .map(|&c| ResourceView {
                            card: self.card_view(viewer, c),
                            exhausted: self.card(c).exhausted,
                            face_up: self.card(c).face_up,
                            revealed: self.card(c).revealed,
                        })
                        .collect(),
                    deck_top: pl
                        .deck
                        .last()
                        .filter(|_| self.sees_deck_top(viewer, p))
                        .map(|&c| self.seen(c)),
                    characters: pl
                        .characters
                        .iter()
                        .filter_map(|&c| {
                            Some(CharacterView {
                                card: self.seen(c),
                                position: self.position(c)?,
                                atk: self.atk(c),
                                def: self.def_value(c),
                                exhausted: self.card(c).exhausted,
                                stunned: self.card(c).stunned,
                                equipment: self.equipment_on(c).map(|e| self.seen(e)).collect(),
                                plus: self.card(c).plus,
                                flight: self.has_flight(c),
                                range: self.has_range(c),
                                attacker: attackers.contains(&c),
                                defender: defender == Some(c),
                            })
                        })
                        .collect(),
                    resource_points: pl.rp,
                }
            })
            .collect();
        VsTcgView {
            seat: viewer as Seat,
            turn: self.turn,
            initiative: self.initiative,
            part: self.part_name(),
            priority: match self.pending {
                Pending::Priority(p) => Some(p),
                _ => None,
            },
            passed: self.passed(),
            players,
            chain: self
                .chain
                .iter()
                .map(|e| self.chain_effect_view(viewer, e))
                .collect(),
            attack: self.attack_text(),
            text: self.render_for(viewer),
        }
    }

    /// The players who passed in succession before the one with priority, in the order
    /// they passed: priority goes clockwise (216.1), so they are the last `passes` of
    /// the players in the game clockwise from the one with it.
    pub fn passed(&self) -> Vec<PlayerId> {
        let Pending::Priority(p) = self.pending else {
            return Vec::new();
        };
        let order: Vec<PlayerId> = self.clockwise_from(p).collect();
        let n = self
            .passed_in_succession()
            .min(order.len().saturating_sub(1));
        order[order.len() - n..].to_vec()
    }

    /// An effect on the chain as `viewer` sees it: its source, controller and targets.
    fn chain_effect_view(&self, viewer: PlayerId, e: &ChainEffect) -> ChainEffectView {
        let target = |t: TargetRef| match t {
            TargetRef::Card(c, _) if !self.can_see(viewer, c) => "a face-down card".to_string(),
            t => self.target_name(t),
        };
        let (what, source, targets) = match e.kind {
            EffectKind::NormalDraw => ("each player draws two cards".to_string(), None, vec![]),
            EffectKind::Recruit { card, host, .. } => (
                "recruit".to_string(),
                Some(card),
                host.map(|(h, o)| target(TargetRef::Card(h, o)))
                    .into_iter()
                    .collect(),
            ),
            EffectKind::PowerUp { target: (c, o) } => (
                "power-up".to_string(),
                None,
                vec![target(TargetRef::Card(c, o))],
            ),
            EffectKind::Reinforcement { target: (c, o), by } => (
                "reinforcement".to_string(),
                Some(by),
                vec![target(TargetRef::Card(c, o))],
            ),
            EffectKind::Delayed(ref d) => (
                "a delayed effect".to_string(),
                Some(d.source),
                d.targets.iter().flatten().map(|&t| target(t)).collect(),
            ),
            EffectKind::Card {
                source,
                power,
                ref targets,
                ..
            } => (
                if self.can_see(viewer, source) {
                    self.power_text(source, power)
                } else {
                    "an effect".to_string()
                },
                Some(source),
                targets.iter().map(|&t| target(t)).collect(),
            ),
        };
        ChainEffectView {
            text: self.effect_text(e),
            what,
            source: source.map(|c| self.card_view(viewer, c)),
            controller: e.controller,
            targets,
        }
    }

    fn character_line(&self, c: CardId) -> String {
        let card = self.card(c);
        let mut s = format!("{} {}/{}", self.name(c), self.atk(c), self.def_value(c));
        if card.stunned {
            s += " STUNNED";
        } else if card.exhausted {
            s += " exhausted";
        }
        if self.has_flight(c) {
            s += " flight";
        }
        if self.has_range(c) {
            s += " range";
        }
        if card.plus > 0 {
            s += &format!(" +{}/+{} counters", card.plus, card.plus);
        }
        for e in self.equipment_on(c) {
            s += &format!(" [equipped: {}]", self.name(e));
        }
        s
    }

    /// The board as `viewer` sees it, as text.
    pub fn render_for(&self, viewer: PlayerId) -> String {
        let mut out = format!(
            "Turn {} — {} — {} has the initiative\n",
            self.turn,
            self.part_name(),
            self.player_name(self.initiative)
        );
        for p in 0..self.seats() {
            let pl = self.player(p);
            let you = if p == viewer { " (you)" } else { "" };
            if !pl.in_game {
                out += &format!("\n{}{}: out of the game\n", self.player_name(p), you);
                continue;
            }
            out += &format!(
                "\n{}{}: endurance {}, deck {}, hand {}, KO'd pile {}{}\n",
                self.player_name(p),
                you,
                pl.endurance,
                pl.deck.len(),
                pl.hand.len(),
                pl.ko_pile.len(),
                if pl.rp > 0 {
                    format!(", {} resource points", pl.rp)
                } else {
                    String::new()
                }
            );
            for area in [Area::Hidden, Area::Visible] {
                for row in [Row::Front, Row::Support] {
                    let mut here: Vec<(i8, CardId)> = pl
                        .characters
                        .iter()
                        .filter_map(|&c| {
                            self.position(c)
                                .filter(|pos| pos.area == area && pos.row == row)
                                .map(|pos| (pos.col, c))
                        })
                        .collect();
                    if here.is_empty() {
                        continue;
                    }
                    here.sort();
                    let cells: Vec<String> = here
                        .iter()
                        .map(|&(col, c)| format!("[{col}] {}", self.character_line(c)))
                        .collect();
                    out += &format!("  {} {}: {}\n", area.name(), row.name(), cells.join(" | "));
                }
            }
            if !pl.resources.is_empty() {
                let res: Vec<String> = pl
                    .resources
                    .iter()
                    .map(|&c| {
                        let card = self.card(c);
                        let name = if card.face_up {
                            self.name(c)
                        } else if self.can_see(viewer, c) {
                            format!("({}, face down)", self.name(c))
                        } else {
                            "face down".into()
                        };
                        if card.exhausted {
                            format!("{name} exhausted")
                        } else {
                            name
                        }
                    })
                    .collect();
                out += &format!("  resources: {}\n", res.join(" | "));
            }
            if p == viewer && !pl.hand.is_empty() {
                out += "  hand:\n";
                for &c in &pl.hand {
                    out += &format!("    {}\n", self.card_text(c));
                }
            }
        }
        if !self.chain.is_empty() {
            out += "\nThe chain (top first):\n";
            for (i, e) in self.chain.iter().enumerate().rev() {
                let whose = match e.controller {
                    Some(p) => format!(" ({}'s)", self.player_name(p)),
                    None => String::new(),
                };
                out += &format!("  {}. {}{whose}\n", i + 1, self.effect_text(e));
            }
        }
        if let Some(a) = self.attack_text() {
            out += &format!("\nAttack: {a}\n");
        }
        if let Pending::Priority(p) = self.pending {
            let passed: Vec<String> = self
                .passed()
                .into_iter()
                .map(|q| self.player_name(q))
                .collect();
            let passed = if passed.is_empty() {
                "no one has passed yet".to_string()
            } else {
                format!("passed in succession: {}", passed.join(", "))
            };
            out += &format!("\n{} has priority ({passed}).\n", self.player_name(p));
        }
        out
    }

    /// The pending question as `viewer` may read it.
    pub fn prompt_for(&self, viewer: PlayerId) -> Option<String> {
        let seat = self.pending.seat()?;
        let who = if seat == viewer {
            "You".to_string()
        } else {
            self.player_name(seat)
        };
        let what = match self.pending {
            Pending::ChooseInitiative(_) => {
                "choose who starts with the initiative (101.4)".to_string()
            }
            Pending::Mulligan(_) => "keep your opening hand or mulligan (101.6)".into(),
            Pending::Build(_) => "build a resource from your hand, or build none (403.1)".into(),
            Pending::Formation(_) => "rearrange your formation, then finish (405.1)".into(),
            Pending::Priority(_) => {
                format!("have priority in the {}: act or pass", self.part_name())
            }
            Pending::Place(_, c) => format!("choose where {} enters play (214.3a)", self.name(c)),
            Pending::TeamUp(_) => {
                "add team attackers, or propose the attack as it is (601.5)".into()
            }
            Pending::HitAttacker(_) => "choose which attacker your defender hits (602.6c)".into(),
            Pending::ChooseSkip(_) => {
                "choose which card's skip applies to the next step or phase (400.9b)".into()
            }
            Pending::ChooseCost(_) if self.choosing_boost() => {
                "pay the plot twist's boost (yes) or not (no) (706.2)".into()
            }
            Pending::ChooseCost(_) => {
                "pay the power's alternate cost (yes) or its own cost (no) (203.10a)".into()
            }
            Pending::ReadyCaptor(_, c) => format!(
                "ready {} in the wrap-up, releasing what it holds, or keep it exhausted (513.6b)",
                self.name(c)
            ),
            Pending::OrderAttackers(_) => {
                "choose the attacker whose ATK is applied next to the defender (602.6c)".into()
            }
            Pending::WrapUpRecover(_) => {
                "choose a stunned character to recover, or none (408.2b)".into()
            }
            Pending::Target(_) => match &self.draft {
                Some(d) => format!(
                    "choose target {} of {}'s effect (505.1c)",
                    d.targets.len(),
                    self.name(d.source)
                ),
                None => "choose a target (505.1c)".into(),
            },
            Pending::OrderTriggers(_) => {
                "choose which of your triggered effects goes on the chain next (506.2a)".into()
            }
            Pending::OrderModifiers(_) => {
                "choose which of your modifiers starting together gets the next timestamp (515.7)"
                    .into()
            }
            Pending::LoopCount(_) => self.loop_count_prompt(),
            Pending::PayCost(_) => "choose a card to pay the additional cost with (203.9a)".into(),
            Pending::Refill(..) => {
                "put a card from your hand face down where the reservist was, or not (706.11b)"
                    .into()
            }
            Pending::Replacement(_) => self.replacement_prompt(),
            Pending::EffectChoice(_) => {
                let q = self.current_step().and_then(|s| s.prompt(self));
                format!(
                    "{} (508.2b)",
                    q.unwrap_or_else(|| "answer the resolving effect".into())
                )
            }
            Pending::Over => return None,
        };
        let verb = if seat == viewer { "" } else { " must" };
        Some(format!("{who}{verb} {what}."))
    }

    /// An action in words, as `viewer` may read it (a card it can't see is not named).
    pub fn describe_for(&self, viewer: PlayerId, action: &Action) -> String {
        let name = |c: CardId| {
            if self.can_see(viewer, c) {
                self.name(c)
            } else {
                "a card".to_string()
            }
        };
        match *action {
            Action::ChooseInitiative(p) => {
                format!("{} starts with the initiative", self.player_name(p))
            }
            Action::Mulligan => "Mulligan".into(),
            Action::KeepHand => "Keep the hand".into(),
            Action::Build(c) => format!("Build {} as a resource", name(c)),
            Action::NoBuild => "Build no resource".into(),
            Action::MoveCharacter { card, to } => {
                let owner = self.card(card).controller;
                match self.character_at(owner, to).filter(|&o| o != card) {
                    Some(other) => format!(
                        "Move {} to the {to}, {} taking its place",
                        name(card),
                        name(other)
                    ),
                    None => format!("Move {} to the {to}", name(card)),
                }
            }
            Action::FormationDone => "Finish the formation".into(),
            Action::Pass => "Pass".into(),
            Action::Recruit { card, boost: false } => {
                format!(
                    "Recruit {} ({} RP)",
                    name(card),
                    self.recruit_cost(card, false)
                )
            }
            Action::Recruit { card, boost: true } => format!(
                "Recruit {} paying boost ({} RP)",
                name(card),
                self.recruit_cost(card, true)
            ),
            Action::RecruitRevealing {
                card,
                reveal,
                boost,
            } => format!(
                "Recruit {}{} revealing {} ({} RP)",
                name(card),
                if boost { " paying boost" } else { "" },
                name(reveal),
                self.recruit_cost(card, boost)
            ),
            Action::Equip { card, host } => format!(
                "Recruit {} onto {} ({} RP)",
                name(card),
                name(host),
                self.recruit_cost(card, false)
            ),
            Action::Place(pos) => format!("Put it in the {pos}"),
            Action::Propose {
                attacker,
                defender: Defender::Character(d),
            } => {
                format!("Attack {} with {}", name(d), name(attacker))
            }
            Action::Propose {
                attacker,
                defender: Defender::Player(q),
            } => {
                format!(
                    "Attack {} directly with {}",
                    self.player_name(q),
                    name(attacker)
                )
            }
            Action::JoinTeam(c) => format!("Add {} to the team attack", name(c)),
            Action::ProposeNow => "Propose the attack".into(),
            Action::CancelAttack => "Take the attack back".into(),
            Action::PowerUp { target, discard } => {
                format!("Power-up {} by discarding {}", name(target), name(discard))
            }
            Action::Reinforce { defender, by } => {
                format!(
                    "Exhaust {} to give {} reinforcement",
                    name(by),
                    name(defender)
                )
            }
            Action::HitAttacker(c) => format!("The defender hits {}", name(c)),
            Action::SaveInWrapUp(None) => "Recover no one".into(),
            Action::SaveInWrapUp(Some(c)) => format!("Recover {}", name(c)),
            Action::PlayPlotTwist(c) => {
                let from = match self.card(c).zone {
                    Zone::Resource => " from your resource row",
                    Zone::KoPile => " from your KO'd pile",
                    _ => "",
                };
                format!("Play {}{from}", name(c))
            }
            Action::UsePower { card, power } => {
                format!("Use {}: {}", name(card), self.power_text(card, power))
            }
            Action::PlayModes { card, power } => {
                let modes = match self
                    .def(card)
                    .powers
                    .get(power as usize)
                    .and_then(|p| p.mode)
                {
                    Some(m) => (0..m.modes)
                        .filter(|i| m.chosen & (1 << i) != 0)
                        .map(|i| (i + 1).to_string())
                        .collect::<Vec<_>>()
                        .join(" and "),
                    None => String::new(),
                };
                let from = if self.card(card).zone == Zone::Resource {
                    " from your resource row"
                } else {
                    ""
                };
                format!(
                    "Play {}{from} choosing mode {modes}: {}",
                    name(card),
                    self.power_text(card, power)
                )
            }
            Action::FlipLocation(c) => format!("Flip {}", name(c)),
            Action::Reveal(c) => format!("Reveal {} in your resource row", name(c)),
            Action::Refill(None) => "Leave the spot empty".into(),
            Action::Refill(Some(c)) => format!("Put {} face down in its place", name(c)),
            // 701.11a: a face-down resource the viewer may not look at is told by its place.
            Action::ChooseTarget(TargetRef::Card(c, _)) if self.hidden_resource(viewer, c) => {
                format!("Target {}", self.resource_place(c))
            }
            Action::Pick(c) if self.hidden_resource(viewer, c) => {
                format!("Choose {}", self.resource_place(c))
            }
            Action::ChooseTarget(t) => format!("Target {}", self.target_name(t)),
            Action::CancelPlay => "Take it back".into(),
            // The chooser sees what it is offered (its deck while searching it), but not
            // a card another player chose from their hand before it (702.1).
            Action::Pick(c)
                if self.pending == Pending::EffectChoice(viewer)
                    && !(self.card(c).zone == Zone::Hand && self.card(c).owner != viewer) =>
            {
                format!("Choose {}", self.name(c))
            }
            Action::Pick(c) => format!("Choose {}", name(c)),
            Action::Yes => "Yes".into(),
            Action::Choose(i) => format!(
                "Choose {}",
                self.choice_labels()
                    .get(i as usize)
                    .map_or("an option no longer offered", String::as_str)
            ),
            Action::No => "No".into(),
            Action::Number(n) if matches!(self.pending, Pending::LoopCount(_)) => {
                self.describe_loop_count(viewer, n)
            }
            Action::Number(n) => format!("Choose {n}"),
            Action::Concede(p) => format!("{} concedes the game", self.player_name(p)),
            Action::PutTrigger(i) => match self.waiting.get(i as usize) {
                Some(w) if w.delayed.is_some() => {
                    format!("Put {}'s delayed effect on the chain", self.name(w.source))
                }
                Some(w) => format!(
                    "Put {}'s triggered effect on the chain",
                    self.name(w.source)
                ),
                None => "Put a triggered effect on the chain".into(),
            },
        }
    }
}

impl Presentation for VsTcg {
    type View = VsTcgView;

    fn view(&self, viewer: Seat) -> VsTcgView {
        self.state.view_for(viewer as PlayerId)
    }

    fn render(&self, viewer: Seat) -> String {
        self.state.render_for(viewer as PlayerId)
    }

    fn prompt(&self, viewer: Seat) -> Option<String> {
        self.state.prompt_for(viewer as PlayerId)
    }

    fn describe_action(&self, viewer: Seat, action: &Action) -> String {
        self.state.describe_for(viewer as PlayerId, action)
    }

    fn log_for(&self, viewer: Seat) -> Vec<&LogEntry> {
        self.state
            .log_entries()
            .iter()
            .filter(|e| e.visible_to.is_none_or(|s| s == viewer))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::*;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 213.1f, 213.2b, 213.3b, 213.4b, 213.5g, 213.5h, 213.7b: who may look at what.
    #[test]
    fn r213_1f_r213_2b_r213_3b_r213_4b_r213_5g_r213_5h_r213_7b_who_sees_which_cards() {
        let mut b = Bench::new("");
        // The bottom card: the bench takes its cards from the top.
        let deck_card = b.g.player(0).deck[0];
        let hand = b.in_hand(0, "trn-007");
        let ko = b.in_hand(0, "trn-006");
        b.g.move_card(ko, Zone::KoPile);
        let row = b.resource(0, "trn-005");
        let character = b.in_play(0, "trn-004", Row::Front, 0);
        let removed = b.in_hand(0, "trn-003");
        b.g.move_card(removed, Zone::Removed { face_down: false });
        let removed_down = b.in_hand(0, "trn-002");
        b.g.move_card(removed_down, Zone::Removed { face_down: true });
        // The deck: no one (213.2b).
        assert!(!b.g.can_see(0, deck_card) && !b.g.can_see(1, deck_card));
        // The hand: its owner only (213.3b).
        assert!(b.g.can_see(0, hand) && !b.g.can_see(1, hand));
        // The KO'd pile and characters in play: everyone (213.4b, 213.5g).
        assert!(b.g.can_see(1, ko) && b.g.can_see(1, character));
        // A face-down resource: its controller only (213.5h).
        assert!(b.g.can_see(0, row) && !b.g.can_see(1, row));
        // Removed from the game: face up for all, face down for none (213.7b).
        assert!(b.g.can_see(1, removed) && !b.g.can_see(0, removed_down));
        // What seat 1 is shown never names seat 0's hand or face-down resource.
        let text = b.g.render_for(1);
        assert!(
            !text.contains(&b.g.name(hand)) && !text.contains(&b.g.name(row)),
            "{text}"
        );
    }
}
