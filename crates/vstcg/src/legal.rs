//! Every legal answer to the pending decision, and doing one.

use crate::action::Action;
use crate::combat::Access;
use crate::ids::*;
use crate::model::*;
use crate::state::*;
use crossover_kernel::RuleError;
use smallvec::SmallVec;

impl GameState {
    /// The legal actions now (empty once the game is over).
    pub fn legal(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(64);
        self.legal_into(&mut out);
        out
    }

    /// [`Self::legal`] into `out`, cleared first.
    pub fn legal_into(&self, out: &mut Vec<Action>) {
        self.options_into(out);
        // 703.1a: after a loop repeats, the next action can't be the one that would
        // continue it (unless it is the only one there is).
        if self.loops.refused.is_some() && out.len() > 1 {
            out.retain(|a| !self.continues_loop(a));
        }
    }

    fn options_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.pending {
            Pending::Over => {}
            Pending::ChooseInitiative(_) => {
                out.extend((0..self.seats()).map(Action::ChooseInitiative));
            }
            Pending::Mulligan(_) => out.extend([Action::KeepHand, Action::Mulligan]),
            Pending::Build(p) => {
                out.push(Action::NoBuild);
                out.extend(self.player(p).hand.iter().map(|&c| Action::Build(c)));
            }
            Pending::Formation(p) => {
                out.push(Action::FormationDone);
                // Each area's open positions, worked out once it has a character.
                let (mut visible, mut hidden) = (None, None);
                let placed: SmallVec<[(CardId, Position); 16]> = self
                    .player(p)
                    .characters
                    .iter()
                    .filter_map(|&c| Some((c, self.position(c)?)))
                    .collect();
                for &(c, pos) in &placed {
                    if self.formation_moved.contains(&c) {
                        continue;
                    }
                    let empty = if pos.area == Area::Visible {
                        visible.get_or_insert_with(|| self.open_positions(p, Area::Visible))
                    } else {
                        hidden.get_or_insert_with(|| self.open_positions(p, Area::Hidden))
                    };
                    empty.push_each(out, |to| Action::MoveCharacter { card: c, to });
                    // 405.5: picked up together, two characters may take each other's
                    // places.
                    out.extend(
                        placed
                            .iter()
                            .filter(|&&(d, to)| d != c && to.area == pos.area)
                            .map(|&(_, to)| Action::MoveCharacter { card: c, to }),
                    );
                }
            }
            Pending::Place(p, card) => {
                for &area in self.entry_areas(card) {
                    self.open_positions(p, area).push_each(out, Action::Place);
                }
            }
            Pending::TeamUp(p) => {
                out.push(Action::ProposeNow);
                // 601.5: each character that could join, straight into the options.
                self.each_joiner(p, |c| out.push(Action::JoinTeam(c)));
                if self.may_take_back() {
                    out.push(Action::CancelAttack);
                }
            }
            Pending::HitAttacker(_) => {
                if let Some(a) = &self.attack {
                    out.extend(
                        a.attackers
                            .iter()
                            .filter_map(|&t| self.still(t))
                            .map(Action::HitAttacker),
                    );
                }
            }
            Pending::WrapUpRecover(p) => {
                out.push(Action::SaveInWrapUp(None));
                out.extend(
                    self.player(p)
                        .characters
                        .iter()
                        .filter(|&&c| self.card(c).stunned)
                        .map(|&c| Action::SaveInWrapUp(Some(c))),
                );
            }
            Pending::Priority(p) => self.priority_actions(p, out),
            Pending::LoopCount(p) => self.loop_count_options(p, out),
            Pending::Target(p) => {
                if let Some(d) = &self.draft {
                    let kinds = self
                        .effect_of(d.source, d.power)
                        .map_or(&[][..], |e| &e.targets[..]);
                    if let Some(kind) = kinds.get(d.targets.len()) {
                        // Only choices the rest of the targets can follow (505.1c).
                        let mut chosen: SmallVec<[TargetRef; 4]> =
                            d.targets.iter().copied().collect();
                        self.each_candidate(kind, p, d.source, &d.targets, |t| {
                            chosen.push(t);
                            if self.completable(kinds, p, d.source, &chosen) {
                                out.push(Action::ChooseTarget(t));
                            }
                            chosen.pop();
                        });
                    }
                    // A triggered effect can't be taken back (506.3).
                    if d.origin != Origin::Triggered && self.may_take_back() {
                        out.push(Action::CancelPlay);
                    }
                }
            }
            Pending::OrderAttackers(_) => {
                out.extend(self.attackers_to_order().into_iter().map(Action::Pick));
            }
            Pending::ReadyCaptor(..) | Pending::ChooseCost(_) => {
                out.push(Action::Yes);
                out.push(Action::No);
                if matches!(self.pending, Pending::ChooseCost(_)) && self.may_take_back() {
                    out.push(Action::CancelPlay);
                }
            }
            Pending::ChooseSkip(_) => {
                if let Some(ch) = &self.turn_changes.choosing {
                    out.extend(
                        self.skip_sources(ch.next)
                            .into_iter()
                            .flatten()
                            .map(Action::Pick),
                    );
                }
            }
            Pending::Replacement(_) => self.replacement_options(out),
            Pending::Refill(p, _) => {
                out.push(Action::Refill(None));
                out.extend(self.player(p).hand.iter().map(|&c| Action::Refill(Some(c))));
            }
            Pending::EffectChoice(_) => {
                if let Some(step) = self.current_step() {
                    out.extend(step.options(self));
                }
            }
            Pending::PayCost(p) => {
                out.extend(self.cost_candidates(p).into_iter().map(Action::Pick));
                if self.can_stop_paying() {
                    out.push(Action::No);
                }
                if self.may_take_back() {
                    out.push(Action::CancelPlay);
                }
            }
            Pending::OrderModifiers(_) => {
                let n = self.stamp_orders.first().map_or(0, |o| o.powers.len());
                out.extend((0..n.min(u16::MAX as usize) as u16).map(Action::Choose));
            }
            Pending::OrderTriggers(p) => {
                out.extend(
                    self.triggers_of(p)
                        .into_iter()
                        .map(|i| Action::PutTrigger(i as u8)),
                );
            }
        }
    }

    /// Taking back an attack or an effect being played changes nothing (216.2f), so a
    /// player could do it for ever: the engine allows three take-backs while one player
    /// holds priority (docs/rulings.md, "Taking back").
    fn may_take_back(&self) -> bool {
        self.takebacks < MAX_TAKEBACKS
    }

    /// 214.3a, 301.5a: where a character card may enter play.
    pub fn entry_areas(&self, card: CardId) -> &'static [Area] {
        match self.def(card).concealment() {
            Concealment::Visible => &[Area::Visible],
            Concealment::Concealed => &[Area::Hidden],
            Concealment::Optional => &[Area::Visible, Area::Hidden],
        }
    }

    /// The empty positions of `p`'s area worth offering: every column from two left of
    /// the leftmost character to two right of the rightmost, in both rows (705.1: the
    /// columns are endless and a character need not be placed adjacent to another; a
    /// column beyond the first empty one on a side is the same choice).
    pub fn empty_positions(&self, p: PlayerId, area: Area) -> Vec<Position> {
        let mut out = Vec::new();
        self.open_positions(p, area).each(|to| out.push(to));
        out
    }

    /// [`Self::empty_positions`] without a list: worked out once, read as often as needed.
    /// 214.3a: the empty positions `card` may enter play in, in `p`'s areas its icons
    /// allow.
    pub(crate) fn entry_positions(&self, p: PlayerId, card: CardId) -> Vec<Position> {
        let mut out = Vec::new();
        for &area in self.entry_areas(card) {
            self.open_positions(p, area)
                .push_each(&mut out, Action::Place);
        }
        out.into_iter()
            .filter_map(|a| match a {
                Action::Place(pos) => Some(pos),
                _ => None,
            })
            .collect()
    }

    pub(crate) fn open_positions(&self, p: PlayerId, area: Area) -> OpenPositions {
        self.open_positions_besides(p, area, &[])
    }

    /// [`Self::open_positions`], with the positions `taken` (chosen for cards about to
    /// enter play together, 213.5i) counted as occupied.
    pub(crate) fn open_positions_besides(
        &self,
        p: PlayerId,
        area: Area,
        taken: &[Position],
    ) -> OpenPositions {
        // The occupied columns of each row, as bit sets over the column range.
        let (mut front, mut support) = (0u128, 0u128);
        let (mut lo, mut hi) = (i8::MAX, i8::MIN);
        let mut mark = |pos: Position| {
            if pos.area != area {
                return;
            }
            let bit = 1u128 << (pos.col as i32 + MAX_COLUMN as i32) as u32;
            match pos.row {
                Row::Front => front |= bit,
                Row::Support => support |= bit,
            }
            lo = lo.min(pos.col);
            hi = hi.max(pos.col);
        };
        // Two plain loops: every formation decision comes here.
        for &c in &self.player(p).characters {
            if let Zone::Character(pos) = self.card(c).zone {
                mark(pos);
            }
        }
        for &pos in taken {
            mark(pos);
        }
        let (lo, hi) = if lo > hi {
            (0, 0)
        } else {
            ((lo - 2).max(-MAX_COLUMN), (hi + 2).min(MAX_COLUMN))
        };
        let mut open = OpenPositions {
            area,
            front: [0; COLUMNS],
            front_len: 0,
            support: [0; COLUMNS],
            support_len: 0,
        };
        // The masks shifted so that bit 0 is column `col`.
        let base = (lo as i32 + MAX_COLUMN as i32) as u32;
        let (mut front, mut support) = (front >> base, support >> base);
        for col in lo..=hi {
            if front & 1 == 0 {
                open.front[open.front_len] = col;
                open.front_len += 1;
            }
            if support & 1 == 0 {
                open.support[open.support_len] = col;
                open.support_len += 1;
            }
            front >>= 1;
            support >>= 1;
        }
        open
    }

    pub(crate) fn in_attack_substep(&self) -> bool {
        self.attack.as_ref().is_some_and(|a| a.started)
    }

    /// 600.4: a character of `p`'s that must attack if able, and could attack now.
    pub fn must_attack_now(&self, p: PlayerId) -> bool {
        self.part == Part::Step(StepKind::Attack, p)
            && self.chain.is_empty()
            && self.attack.is_none()
            && (self.must_attack_named_now(p) || self.must_attack_granted_now(p))
    }

    /// 600.4: a character of `p`'s with "must attack if able" that could attack now.
    fn must_attack_granted_now(&self, p: PlayerId) -> bool {
        self.player(p).characters.iter().any(|&c| {
            self.granted(c, Grant::MustAttack)
                && self.can_attack(p, c)
                && self.clockwise_from(p).filter(|&q| q != p).any(|q| {
                    self.can_be_attacked_directly(q, p)
                        || self
                            .player(q)
                            .characters
                            .iter()
                            .any(|&d| self.can_attack_character(p, c, d))
                })
        })
    }

    fn priority_actions(&self, p: PlayerId, out: &mut Vec<Action>) {
        // 600.4: no passing while a "must attack if able" attack can be proposed.
        if !self.must_attack_now(p) {
            out.push(Action::Pass);
        }
        // 703.1: the engine's bound on a loop of effects (see MAX_CHAIN).
        if self.chain.len() >= MAX_CHAIN {
            if out.is_empty() {
                out.push(Action::Pass);
            }
            return;
        }
        let chain_empty = self.chain.is_empty();
        self.recruit_actions(p, chain_empty, out);
        self.card_actions(p, out);
        self.attack_proposals(p, chain_empty, out);
        self.game_based_actions(p, out);
    }

    /// 404.3, 301.2, 302.2: recruiting in your own recruit step, the chain empty.
    fn recruit_actions(&self, p: PlayerId, chain_empty: bool, out: &mut Vec<Action>) {
        // 404.3 / 301.2 / 302.2: recruiting in your own recruit step, chain empty.
        if chain_empty && self.part == Part::Step(StepKind::Recruit, p) {
            let rp = self.player(p).rp;
            let from_row = self
                .player(p)
                .resources
                .iter()
                .filter(|&&r| self.recruitable_from_row(p, r));
            // The affiliations of p's characters, the same for every card (706.3).
            let mine = self.controlled_affiliations(p);
            for &c in self.player(p).hand.iter().chain(from_row) {
                let def = self.def(c);
                match def.ty {
                    CardType::Character { .. } if self.loyal_enough_with(mine, c) => {
                        let reveals = self.loyalty_reveals_with(p, mine, c);
                        for boost in [false, true] {
                            if (boost && !def.has(Keyword::Boost))
                                || self.recruit_cost(c, boost) > rp
                            {
                                continue;
                            }
                            match &reveals {
                                None => out.push(Action::Recruit { card: c, boost }),
                                Some(cards) => out.extend(cards.iter().map(|&reveal| {
                                    Action::RecruitRevealing {
                                        card: c,
                                        reveal,
                                        boost,
                                    }
                                })),
                            }
                        }
                    }
                    CardType::Equipment { .. } if self.recruit_cost(c, false) <= rp => {
                        for &h in &self.player(p).characters {
                            if self.can_attach(c, h, p) {
                                out.push(Action::Equip { card: c, host: h });
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// What `p` may do with their cards: reveal a face-down resource (701.11f); play a
    /// plot twist from hand, the resource row or (while a power allows it) the KO'd pile
    /// (304.2), or flip a location (510.1); use a payment power (501.3) of an object in
    /// play, a card in hand (501.5) or a shifted card (706.18). In that order, each list
    /// in its zone's order; the resource row is gone through once, its plays and powers
    /// kept for their places (a priority decision comes here each time).
    fn card_actions(&self, p: PlayerId, out: &mut Vec<Action>) {
        debug_assert!(
            self.setup_lists_fit(),
            "the lists made at setup no longer match the cards' definitions"
        );
        let pl = self.player(p);
        let more = self.more_powers();
        // The row's reveals and plays go straight to `out` and are put in their places
        // after the hand's plays; its powers wait in a short list on the stack.
        let kind = |c| self.action_kind(c);
        let start = out.len();
        let mut reveals = 0;
        let mut row_powers: SmallVec<[(CardId, u8); 8]> = SmallVec::new();
        for &r in &pl.resources {
            // Most resources can do nothing here: passed over unlooked at.
            if !more
                && kind(r) & (ActionKind::PLAYABLE | ActionKind::RESERVIST | ActionKind::PAYMENT)
                    == 0
            {
                continue;
            }
            let card = self.card(r);
            let def = self.def(r);
            // 701.11f: of use to a reservist (706.11a).
            if !card.face_up && !card.revealed && def.has(Keyword::Reservist) {
                out.push(Action::Reveal(r));
                reveals += 1;
            }
            if matches!(
                def.ty,
                CardType::PlotTwist { .. } | CardType::Location { .. }
            ) {
                self.plays_of(p, r, |c, k| out.push(play_action(c, k)));
            }
            if more || def.payment {
                self.usable_powers_of(p, r, more, &mut |c, i| row_powers.push((c, i)));
            }
        }
        let row_end = out.len();
        if reveals > 0 && reveals < row_end - start {
            // The reveals first, each list in the row's order (a stable sort).
            out[start..row_end].sort_by_key(|a| !matches!(a, Action::Reveal(_)));
        }
        let mut hand_powers: SmallVec<[(CardId, u8); 8]> = SmallVec::new();
        for &c in &pl.hand {
            if kind(c) & (ActionKind::PLAYABLE | ActionKind::HAND_PAYMENT) == 0 {
                continue;
            }
            let def = self.def(c);
            if matches!(
                def.ty,
                CardType::PlotTwist { .. } | CardType::Location { .. }
            ) {
                self.plays_of(p, c, |c, k| out.push(play_action(c, k)));
            }
            // 501.5: a power that works from the hand.
            if def.hand_payment {
                self.usable_powers_of(p, c, more, &mut |c, i| hand_powers.push((c, i)));
            }
        }
        // The hand's plays before the row's.
        if row_end > start + reveals && out.len() > row_end {
            out[start + reveals..].rotate_left(row_end - start - reveals);
        }
        // 304.2a: the KO'd pile too, while a power allows it.
        if self.continuous_kinds.play_from_ko_pile
            && pl.ko_pile.iter().any(|&c| self.may_play_from_ko_pile(p, c))
        {
            for &c in &pl.ko_pile {
                self.plays_of(p, c, |c, k| out.push(play_action(c, k)));
            }
        }
        let use_power = |card, power| Action::UsePower { card, power };
        for &c in pl.characters.iter().chain(&pl.equipment) {
            // Most objects have no payment power: skip them without a call.
            if more || kind(c) & ActionKind::PAYMENT != 0 {
                self.usable_powers_of(p, c, more, &mut |c, i| out.push(use_power(c, i)));
            }
        }
        out.extend(row_powers.iter().map(|&(c, i)| use_power(c, i)));
        out.extend(hand_powers.iter().map(|&(c, i)| use_power(c, i)));
        if !self.shifted.is_empty() {
            for &c in &pl.removed {
                if self.is_shifted(c) {
                    self.usable_powers_of(p, c, more, &mut |c, i| out.push(use_power(c, i)));
                }
            }
        }
    }

    /// 304.2, 505.1b, 510.1: what `p` may play of card `c` now, to `each` as (card,
    /// [`PLAY`]) for a plot twist, (card, [`FLIP`]) for a location, (card, effect number)
    /// for a modal plot twist played announcing that effect's modes.
    fn plays_of(&self, p: PlayerId, c: CardId, mut each: impl FnMut(CardId, u8)) {
        match self.def(c).ty {
            CardType::PlotTwist { .. } if self.can_play_plot_twist(p, c) => each(c, PLAY),
            // 505.1b: a modal one, once per choice of modes.
            CardType::PlotTwist { .. } => {
                for (i, pw) in self.def(c).powers.iter().enumerate() {
                    if pw.mode.is_some() && self.can_play_modes(p, c, i as u8) {
                        each(c, i as u8);
                    }
                }
            }
            CardType::Location { .. } if self.can_flip(p, c) => each(c, FLIP),
            _ => {}
        }
    }

    /// 601.1a, 407.5: proposing an attack in your attack step.
    fn attack_proposals(&self, p: PlayerId, chain_empty: bool, out: &mut Vec<Action>) {
        // 601.1a / 407.5: proposing an attack.
        if chain_empty && self.part == Part::Step(StepKind::Attack, p) && self.attack.is_none() {
            // The defenders' side of each attack doesn't depend on the attacker but for
            // flight: work it out once.
            let mut defenders: SmallVec<[(Defender, Access); 16]> = SmallVec::new();
            for q in self.clockwise_from(p).filter(|&q| q != p) {
                if self.can_be_attacked_directly(q, p) {
                    defenders.push((Defender::Player(q), Access::OPEN));
                }
                for &d in &self.player(q).characters {
                    if let Some(access) = self.defender_access(p, d) {
                        defenders.push((Defender::Character(d), access));
                    }
                }
            }
            if !defenders.is_empty() {
                for &a in &self.player(p).characters {
                    if !self.can_attack(p, a) {
                        continue;
                    }
                    // 601.1c: "must attack <a character> if able".
                    let named = !self.must_attack_named(a).is_empty();
                    // The attacker's side, asked once per kind of defender.
                    let (mut hidden, mut protected) = (None, None);
                    for &(defender, access) in &defenders {
                        let ok = (!access.hidden
                            || *hidden.get_or_insert_with(|| self.may_attack_hidden(a)))
                            && (!access.protected
                                || *protected.get_or_insert_with(|| self.may_attack_protected(a)));
                        if ok && (!named || self.must_attack_allows(p, a, defender)) {
                            out.push(Action::Propose {
                                attacker: a,
                                defender,
                            });
                        }
                    }
                }
            }
        }
    }

    /// 507.1b, 507.1c: powering up and reinforcing inside an attack substep.
    fn game_based_actions(&self, p: PlayerId, out: &mut Vec<Action>) {
        // 507.1b / 507.1c: the game-based effects, inside an attack substep (505.3).
        if self.in_attack_substep() {
            let combatants = self
                .player(p)
                .characters
                .iter()
                .copied()
                .filter(|&c| self.is_attacker(c) || self.is_defender(c));
            for t in combatants {
                for &h in &self.player(p).hand {
                    if self.def(h).ty.is_character() && self.shares_name(h, t) {
                        out.push(Action::PowerUp {
                            target: t,
                            discard: h,
                        });
                    }
                }
                if self.is_defender(t) {
                    for &by in &self.player(p).characters {
                        if self.can_reinforce(t, by) {
                            out.push(Action::Reinforce { defender: t, by });
                        }
                    }
                }
            }
        }
    }

    /// 708.7b: `by` is a ready support row character adjacent to the defender and
    /// sharing an affiliation with it.
    pub fn can_reinforce(&self, defender: CardId, by: CardId) -> bool {
        let card = self.card(by);
        !card.exhausted
            && !card.stunned
            && self.position(by).is_some_and(|p| p.row == Row::Support)
            && self.adjacent(defender, by)
            && self.affiliations(defender).shares(self.affiliations(by))
            && !self.cant_reinforce(by, defender)
    }

    /// Why an action is not legal now: the rule that forbids it.
    pub fn explain_illegal(&self, action: &Action) -> RuleError {
        let (rule, message): (&'static str, String) = match (self.pending, action) {
            (Pending::Over, _) => ("102.1", "the game is over".into()),
            _ if self.continues_loop(action) => (
                "703.1a",
                "the loop just repeated as many times as was chosen: the next action can't be the one that would continue it".into(),
            ),
            (Pending::LoopCount(_), _) => (
                "703.1a",
                "choose how many times the demonstrated loop repeats: a whole number of times up to the most offered (703.2), and after the first player only a smaller number, or a point before one of your own actions in it (703.1b)".into(),
            ),
            (Pending::Priority(p), Action::Recruit { .. } | Action::RecruitRevealing { .. } | Action::Equip { .. }) => {
                if self.part != Part::Step(StepKind::Recruit, p) {
                    ("404.3", "a card is recruited only in its player's own recruit step".into())
                } else if !self.chain.is_empty() {
                    ("404.3", "recruiting needs an empty chain".into())
                } else {
                    ("203.3", "that card can't be recruited: it is not in your hand, you can't pay its cost, its loyalty isn't met (706.3), or its target is not legal (302.3a)".into())
                }
            }
            (Pending::Priority(p), Action::Propose { attacker, defender }) => {
                if self.part != Part::Step(StepKind::Attack, p) || !self.chain.is_empty() || self.attack.is_some() {
                    ("601.1a", "an attack is proposed only in your own attack step, with an empty chain, one at a time".into())
                } else {
                    self.why_not_attack(p, *attacker, *defender)
                }
            }
            (Pending::Priority(_), Action::PowerUp { .. }) => (
                "507.1b",
                "a power-up targets an attacker or defender you control, inside an attack substep, and costs a character card from your hand that shares its name".into(),
            ),
            (Pending::Priority(_), Action::Reinforce { defender, by })
                if [defender, by].iter().all(|c| (c.0 as usize) < self.cards.len())
                    && self.cant_reinforce(*by, *defender) =>
            {
                ("701.10d", "that character can't reinforce other characters".into())
            }
            (Pending::Priority(_), Action::Reinforce { .. }) => (
                "708.7b",
                "reinforcement targets a defender you control and exhausts a ready support row character adjacent to it that shares an affiliation".into(),
            ),
            (Pending::Build(_), Action::Build(_)) => ("403.1", "a resource is built from your own hand".into()),
            (Pending::Formation(_), Action::MoveCharacter { .. }) => (
                "405.5",
                "a character not yet moved in this formation moves to an empty position of its own area, or takes the place of another of your characters there, which takes its place (docs/rulings.md, \"Formation\")".into(),
            ),
            (Pending::Place(..), Action::Place(_)) => ("214.3a", "a character enters an empty position of the area its icons allow".into()),
            (Pending::TeamUp(_), Action::JoinTeam(_)) => ("601.5", "every team attacker shares an affiliation and could attack the defender alone".into()),
            (Pending::HitAttacker(_), Action::HitAttacker(_)) => ("602.6c", "the defender hits one of the attackers".into()),
            (Pending::ReadyCaptor(..), _) => ("513.6b", "say whether this captor readies (yes) or stays exhausted (no)".into()),
            (Pending::ChooseCost(_), _) if self.choosing_boost() => ("706.2", "say whether you pay the plot twist's boost (yes) or not (no)".into()),
            (Pending::ChooseCost(_), _) => ("203.10a", "say whether you pay the alternate cost (yes) or the power's own cost (no)".into()),
            (Pending::ChooseSkip(_), Action::Pick(_)) => ("400.9b", "pick the card of one of the skip modifiers that would skip this step or phase".into()),
            (Pending::OrderAttackers(_), Action::Pick(_)) => ("602.6c", "pick one of the attackers not yet ordered, whose ATK is applied to the defender next".into()),
            (Pending::WrapUpRecover(_), Action::SaveInWrapUp(_)) => ("408.2b", "you may recover one stunned character you control".into()),
            (Pending::ChooseInitiative(_), Action::ChooseInitiative(_)) => ("101.4", "choose one of the players".into()),
            (Pending::Priority(_), Action::PlayModes { .. }) => (
                "508.2h",
                "that plot twist can't be played with those modes now: they must be modes of its modal effect, and it must be playable with their targets (304.2, 505.1b)".into(),
            ),
            (Pending::Priority(_), Action::PlayPlotTwist(_)) => (
                "304.2",
                "that plot twist can't be played now: it must be in your hand or face down in your resource row (or in a zone a modifier lets you play it from, 304.2a), your resources must meet its threshold (203.5b), its timing allow it (505.3) and its targets exist (505.1c)".into(),
            ),
            (Pending::Priority(p), Action::UsePower { card, power })
                if self.power_cost_unpayable(p, *card, *power) =>
            {
                (
                    "203.3",
                    "that power's cost can't be paid: you don't have the means to pay it".into(),
                )
            }
            (Pending::Priority(_), Action::UsePower { .. }) => (
                "501.3",
                "that power can't be used now: it must be on an object you control with active text, its cost payable (203.3), its timing and use limit allow it (501.4), and its targets exist".into(),
            ),
            (Pending::Priority(p), Action::Pass)
                if self.must_attack_now(p) && self.must_attack_named_now(p) =>
            {
                (
                    "601.1c",
                    "a character you control must attack a character if able: propose that attack before passing".into(),
                )
            }
            (Pending::Priority(p), Action::Pass) if self.must_attack_now(p) => (
                "600.4",
                "a character you control must attack if able: propose its attack before passing".into(),
            ),
            (Pending::Priority(_), Action::Reveal(_)) => (
                "701.11f",
                "you may reveal a face-down resource in your own resource row (one that has a use revealed: a reservist)".into(),
            ),
            (Pending::Priority(_), Action::FlipLocation(_)) => (
                "510.2c",
                "only a face-down location in your resource row flips, with as many resources as its threshold".into(),
            ),
            (Pending::PayCost(_), _) => ("203.9a", "that card can't pay this additional cost (or the effect can be taken back)".into()),
            (Pending::Target(_), Action::ChooseTarget(_)) => ("505.1c", "that is not a legal target for this effect (targets are legal and distinct)".into()),
            (Pending::OrderModifiers(_), _) => ("515.7", "choose which of your modifiers that start together gets the next timestamp".into()),
            (Pending::OrderTriggers(_), Action::PutTrigger(_)) => ("506.2a", "choose one of your own waiting triggered effects".into()),
            (Pending::EffectChoice(_), Action::Number(_)) => ("703.2", "a number chosen is a whole number from 0 to the highest the effect offers: never negative, fractional or infinite (Glossary: Number)".into()),
            (Pending::EffectChoice(_), _) => ("508.2b", "that is not one of the choices the resolving effect offers".into()),
            (Pending::Replacement(_), _) => ("513.5c", "that is not one of the choices about the event being replaced: a replacement to apply first (513.5c), or paying its replacement cost or not (203.7b)".into()),
            (pending, _) => ("216.1", format!("that is not an answer to the decision now ({})", self.describe_pending(pending))),
        };
        RuleError::new(rule, message)
    }

    /// 601.2–601.4: the first rule a proposed attack breaks.
    fn why_not_attack(&self, p: PlayerId, a: CardId, d: Defender) -> (&'static str, String) {
        let known = |c: CardId| (c.0 as usize) < self.cards.len();
        if !known(a) || !self.is_character(a) {
            return ("601.2a", "the attacker must be a character in play".into());
        }
        let card = self.card(a);
        if card.controller != p {
            return (
                "601.2e",
                "you attack only with characters you control".into(),
            );
        }
        if card.exhausted || card.stunned {
            return ("601.2b", "the attacker must be ready".into());
        }
        if self.cant(a, Cant::Attack) {
            return (
                "601.2c",
                "a modifier says this character can't attack".into(),
            );
        }
        if self.position(a).is_some_and(|pos| pos.row != Row::Front) && !self.attacks_with_range(a)
        {
            return (
                "601.2d",
                "only a front row character attacks, unless it has range".into(),
            );
        }
        // 601.1c: only against the character it must attack, if it could.
        let known_defender = match d {
            Defender::Player(q) => (q as usize) < self.players.len(),
            Defender::Character(x) => known(x),
        };
        if known_defender && !self.must_attack_allows(p, a, d) {
            return (
                "601.1c",
                "this character must attack another character if able".into(),
            );
        }
        match d {
            Defender::Player(q) => {
                if (q as usize) >= self.players.len() || !self.is_opponent(p, q) {
                    ("601.4c", "a direct attack is on an opponent".into())
                } else if self.player_cant_be_attacked(q) {
                    (
                        "601.4b",
                        "a modifier says this player can't be attacked".into(),
                    )
                } else {
                    (
                        "601.4a",
                        "a player is attacked directly only with no non-stunned visible character"
                            .into(),
                    )
                }
            }
            Defender::Character(x) => {
                if !known(x) || !self.is_character(x) {
                    return ("601.3a", "the defender must be a character in play".into());
                }
                let dc = self.card(x);
                if !self.is_opponent(p, dc.controller) {
                    (
                        "601.3f",
                        "the defender must be a character an opponent controls".into(),
                    )
                } else if dc.stunned {
                    ("601.3b", "a stunned character can't be attacked".into())
                } else if !self.is_visible(x) && !self.may_attack_hidden(a) {
                    ("601.3e", "a hidden character can't be attacked".into())
                } else if self.cant(x, Cant::BeAttacked) {
                    (
                        "601.3c",
                        "a modifier says this character can't be attacked".into(),
                    )
                } else {
                    (
                        "601.3d",
                        "a protected character is attacked only by a character with flight".into(),
                    )
                }
            }
        }
    }

    pub(crate) fn describe_pending(&self, pending: Pending) -> &'static str {
        match pending {
            Pending::ChooseInitiative(_) => "choosing who starts with the initiative",
            Pending::Mulligan(_) => "a mulligan decision",
            Pending::Build(_) => "building a resource",
            Pending::Formation(_) => "a formation",
            Pending::Priority(_) => "a player with priority",
            Pending::Place(..) => "placing a character entering play",
            Pending::TeamUp(_) => "proposing a team attack",
            Pending::HitAttacker(_) => "choosing the attacker the defender hits",
            Pending::WrapUpRecover(_) => "the wrap-up's recovery",
            Pending::Target(_) => "choosing a target",
            Pending::PayCost(_) => "paying an additional cost",
            Pending::OrderTriggers(_) => "ordering triggered effects",
            Pending::EffectChoice(_) => "a choice of the resolving effect",
            Pending::Refill(..) => "refilling a reservist's place",
            Pending::OrderAttackers(_) => "ordering the team attackers' ATK",
            Pending::ChooseSkip(_) => "choosing which skip modifier applies",
            Pending::Replacement(_) => "a decision about an event being replaced",
            Pending::ReadyCaptor(..) => "choosing whether a captor readies",
            Pending::ChooseCost(_) => "choosing which cost to pay",
            Pending::OrderModifiers(_) => "ordering the timestamps of modifiers",
            Pending::LoopCount(_) => "choosing how many times a loop repeats",
            Pending::Over => "the game is over",
        }
    }

    /// Does an action taken from [`GameState::legal`].
    pub(crate) fn perform(&mut self, action: &Action) {
        let Some(p) = self.pending.seat() else {
            return;
        };
        // 216.1: most actions are passes: straight there (a pass with priority only joins
        // a loop being demonstrated, 703.1a: it never asks for a repeat count).
        if let (Pending::Priority(_), Action::Pass) = (self.pending, action) {
            self.loop_before_action(p, action);
            return self.pass();
        }
        // 703.3: any action but passing or ordering triggered effects breaks a loop of
        // mandatory actions.
        if !matches!(action, Action::Pass | Action::PutTrigger(_)) {
            self.loop_broken();
        }
        // 703.1a: an optional action that begins a demonstrated loop again asks for its
        // repeat count instead.
        if self.loop_before_action(p, action) {
            return;
        }
        if let (Pending::LoopCount(_), Action::Number(n)) = (self.pending, action) {
            return self.choose_loop_count(p, *n);
        }
        // 508.2b: the resolving effect's step takes its own answers.
        if let Pending::EffectChoice(_) = self.pending {
            return self.answer_effect(action);
        }
        if let (Pending::PayCost(_), Action::Pick(c)) = (self.pending, action) {
            return self.pay_with(*c);
        }
        if let (Pending::PayCost(_), Action::No) = (self.pending, action) {
            return self.stop_paying();
        }
        if let (Pending::OrderAttackers(_), Action::Pick(c)) = (self.pending, action) {
            return self.order_attacker(*c);
        }
        if let (Pending::ChooseSkip(_), Action::Pick(c)) = (self.pending, action) {
            return self.choose_skip(*c);
        }
        // 513.5c, 513.5e: the event being replaced takes its own answers.
        if let Pending::Replacement(_) = self.pending {
            return self.answer_replacement(action);
        }
        if let Pending::ReadyCaptor(_, c) = self.pending {
            return self.choose_ready_captor(c, *action == Action::Yes);
        }
        if let (Pending::ChooseCost(_), Action::Yes | Action::No) = (self.pending, action) {
            return self.choose_cost(*action == Action::Yes);
        }
        if let (Pending::OrderModifiers(_), Action::Choose(k)) = (self.pending, action) {
            return self.order_modifier(*k as usize);
        }
        match *action {
            Action::ChooseInitiative(q) => self.choose_initiative(q),
            Action::Mulligan => self.decide_mulligan(p, true),
            Action::KeepHand => self.decide_mulligan(p, false),
            Action::Build(c) => self.build(p, Some(c)),
            Action::NoBuild => self.build(p, None),
            Action::MoveCharacter { card, to } => self.formation_move(p, card, to),
            Action::FormationDone => self.formation_done(p),
            Action::Pass => self.pass(),
            Action::Recruit { card, boost } => self.play_recruit(p, card, None, boost),
            Action::RecruitRevealing {
                card,
                reveal,
                boost,
            } => {
                // 706.3a: the revealed card is shown to everyone; nothing else happens.
                self.log(|g| format!("{} reveals {}.", g.player_name(p), g.name(reveal)));
                self.play_recruit(p, card, None, boost);
            }
            Action::Equip { card, host } => self.play_recruit(p, card, Some(host), false),
            Action::Place(pos) => {
                if let Pending::Place(_, card) = self.pending {
                    self.place(p, card, pos);
                }
            }
            Action::Propose { attacker, defender } => self.begin_proposal(p, attacker, defender),
            Action::JoinTeam(c) => self.join_team(p, c),
            Action::ProposeNow => self.propose(p),
            Action::CancelAttack => self.cancel_proposal(p),
            Action::PowerUp { target, discard } => self.play_power_up(p, target, discard),
            Action::Reinforce { defender, by } => self.play_reinforcement(p, defender, by),
            Action::HitAttacker(c) => self.choose_hit(c),
            Action::SaveInWrapUp(c) => self.save_in_wrap_up(p, c),
            Action::PlayPlotTwist(c) => self.play_plot_twist(p, c),
            Action::PlayModes { card, power } => self.play_modes(p, card, power),
            Action::Reveal(c) => self.reveal_resource(p, c),
            Action::Refill(c) => {
                if let Pending::Refill(_, i) = self.pending {
                    self.refill(p, i, c);
                }
            }
            Action::UsePower { card, power } => self.begin_play(p, card, power, Origin::Payment),
            Action::FlipLocation(c) => {
                self.flip_location(p, c);
            }
            Action::ChooseTarget(t) => self.choose_target(t),
            Action::CancelPlay => self.cancel_play(),
            Action::Pick(_) | Action::Yes | Action::No | Action::Choose(_) | Action::Number(_) => {
                self.answer_effect(action)
            }
            Action::PutTrigger(i) => {
                // The index names one of this player's waiting effects (checked legal).
                self.put_trigger(i as usize);
            }
            // 102.5: checked by `check_concession` (never offered).
            Action::Concede(q) => self.concede(q),
        }
    }
}

/// [`GameState::plays_of`]'s codes for playing a plot twist and flipping a location
/// (an effect's number is below both: a card has fewer powers).
const PLAY: u8 = u8::MAX;
const FLIP: u8 = u8::MAX - 1;

/// The action [`GameState::plays_of`] names.
fn play_action(card: CardId, k: u8) -> Action {
    match k {
        PLAY => Action::PlayPlotTwist(card),
        FLIP => Action::FlipLocation(card),
        power => Action::PlayModes { card, power },
    }
}

/// How many columns an area can have.
const COLUMNS: usize = 2 * MAX_COLUMN as usize + 1;

/// The empty positions of one area worth offering (see [`GameState::empty_positions`]):
/// the empty columns of each row, left to right, kept on the stack.
#[derive(Debug, Clone, Copy)]
pub(crate) struct OpenPositions {
    area: Area,
    front: [i8; COLUMNS],
    front_len: usize,
    support: [i8; COLUMNS],
    support_len: usize,
}

impl OpenPositions {
    /// Each of them to `f`, the front row's columns left to right, then the support row's.
    pub(crate) fn each(&self, mut f: impl FnMut(Position)) {
        self.rows(|row, cols| {
            for &col in cols {
                f(Position {
                    area: self.area,
                    row,
                    col,
                })
            }
        });
    }

    fn rows(&self, mut f: impl FnMut(Row, &[i8])) {
        f(Row::Front, &self.front[..self.front_len]);
        f(Row::Support, &self.support[..self.support_len]);
    }

    /// Them all, to `out` as actions made by `action`.
    fn push_each(&self, out: &mut Vec<Action>, action: impl Fn(Position) -> Action) {
        let area = self.area;
        self.rows(|row, cols| {
            out.extend(cols.iter().map(|&col| action(Position { area, row, col })))
        });
    }
}
