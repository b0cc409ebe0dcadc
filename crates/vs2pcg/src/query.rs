//! Read-only questions about the state: where a card is, what it currently is
//! (ATK/DEF, keywords, teams, powers), and which characters match a filter.

use crate::model::*;
use crate::state::*;
use crossover_kernel::small::SmallVec;
use crossover_kernel::Seat;

/// The powers of one character (inline: asked for constantly, rarely more than a few).
pub type Powers = SmallVec<HeldPower, 8>;
/// A list of characters (inline up to a full side).
pub type CardList = SmallVec<CardId, 16>;
/// A list of seats (inline up to a full table).
pub type Seats = SmallVec<Seat, 4>;

/// A power a character currently has: whose definition it comes from, and which
/// card grants it (itself, its equipment, or a character it copies).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HeldPower {
    pub def: DefId,
    pub power: u8,
    pub from: CardId,
}

impl GameState {
    pub fn def(&self, c: CardId) -> &CardDef {
        self.db.get(self.cards[c as usize].def)
    }
    pub fn card(&self, c: CardId) -> &Card {
        &self.cards[c as usize]
    }
    pub(crate) fn card_mut(&mut self, c: CardId) -> &mut Card {
        &mut self.cards[c as usize]
    }
    pub fn name(&self, c: CardId) -> &str {
        &self.def(c).name
    }
    pub fn seats(&self) -> usize {
        self.players.len()
    }
    pub fn live_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.players.iter().filter(|p| !p.out).map(|p| p.seat)
    }
    /// Seats in turn order starting from `from`, skipping players who are out.
    pub fn seats_from(&self, from: Seat) -> Seats {
        let n = self.seats();
        (0..n)
            .map(|i| (from + i) % n)
            .filter(|&s| !self.players[s].out)
            .collect()
    }
    pub fn are_enemies(&self, a: Seat, b: Seat) -> bool {
        self.players[a].team != self.players[b].team
    }
    pub fn enemies_of(&self, seat: Seat) -> Seats {
        self.seats_from(seat)
            .into_iter()
            .filter(|&s| self.are_enemies(seat, s))
            .collect()
    }

    pub fn is_character_in_play(&self, c: CardId) -> bool {
        matches!(self.card(c).zone(), Zone::Front | Zone::Back)
    }
    pub fn row_of(&self, c: CardId) -> Option<Row> {
        self.card(c).zone().row()
    }
    pub fn is_stunned(&self, c: CardId) -> bool {
        self.is_character_in_play(c) && !self.card(c).face_up
    }
    pub fn is_face_up_character(&self, c: CardId) -> bool {
        self.is_character_in_play(c) && self.card(c).face_up
    }
    pub fn is_main(&self, c: CardId) -> bool {
        self.card(c).main
    }
    /// Every card is listed in exactly one zone list of its zone (attached equipment in
    /// none): cards are never lost or duplicated.
    pub fn check_cards_conserved(&self) -> Result<(), String> {
        let mut seen = vec![0u8; self.cards.len()];
        for p in &self.players {
            for list in [
                &p.deck(),
                &p.hand(),
                &p.ko_pile(),
                &p.front(),
                &p.back(),
                &p.resources(),
                &p.removed(),
                &p.set_aside(),
                &p.facehugger_pile(),
            ] {
                for &c in list.iter() {
                    seen[c as usize] += 1;
                }
            }
        }
        for (i, c) in self.cards.iter().enumerate() {
            let expect = u8::from(c.zone() != Zone::Attached);
            if seen[i] != expect {
                return Err(format!(
                    "card {i} ({:?}) is listed {} times",
                    c.zone(),
                    seen[i]
                ));
            }
        }
        Ok(())
    }

    pub fn two_headed(&self) -> bool {
        self.variant == Variant::TwoHeaded
    }

    /// The seats whose characters share `seat`'s side: 2-Headed teammates share their
    /// rows and both control every character on them (p.27); otherwise just `seat`.
    pub fn side(&self, seat: Seat) -> Seats {
        if self.two_headed() {
            let team = self.players[seat].team;
            self.players
                .iter()
                .filter(|p| p.team == team)
                .map(|p| p.seat)
                .collect()
        } else {
            std::iter::once(seat).collect()
        }
    }

    pub fn same_side(&self, a: Seat, b: Seat) -> bool {
        a == b || (self.two_headed() && self.players[a].team == self.players[b].team)
    }

    /// Is `seat` taking the current turn (alone, or with a 2-Headed teammate)?
    pub fn is_turn_side(&self, seat: Seat) -> bool {
        self.same_side(seat, self.turn_seat)
    }

    /// The characters in one row of `seat`'s side.
    pub fn side_row(&self, seat: Seat, row: Row) -> CardList {
        self.side(seat)
            .into_iter()
            .flat_map(|s| self.players[s].row(row).iter().copied())
            .collect()
    }

    /// The characters on `seat`'s side.
    pub fn characters_of(&self, seat: Seat) -> CardList {
        if self.two_headed() {
            return self
                .side(seat)
                .into_iter()
                .flat_map(|s| self.players[s].characters())
                .collect();
        }
        self.players[seat].characters().collect()
    }
    pub fn all_characters(&self) -> CardList {
        self.players.iter().flat_map(|p| p.characters()).collect()
    }

    /// Turned off by a "loses powers" modifier (Nullify, Space Cop).
    pub fn powers_lost(&self, c: CardId) -> bool {
        self.modifiers_on(c)
            .any(|m| matches!(m.kind, ModKind::LosePowers | ModKind::LoseAllPowers))
    }

    /// Only Keyword and Super Powers are lost (Nullify): Level Up powers still work.
    fn only_keyword_and_super_powers_lost(&self, c: CardId) -> bool {
        self.modifiers_on(c)
            .all(|m| m.kind != ModKind::LoseAllPowers)
    }

    /// A stunned character loses its powers (Stunned Characters p.14); a character
    /// out of play has none unless its text says otherwise.
    pub fn powers_active(&self, c: CardId) -> bool {
        let card = self.card(c);
        match card.zone() {
            Zone::Front | Zone::Back => card.face_up && !self.powers_lost(c),
            Zone::Attached => card.attached_to.is_some_and(|h| self.powers_active(h)),
            _ => false,
        }
    }

    pub fn modifiers_on(&self, c: CardId) -> impl Iterator<Item = &Modifier> + '_ {
        let epoch = self.card(c).epoch;
        self.modifiers
            .iter()
            .filter(move |m| m.target == c && m.target_epoch == epoch)
    }

    /// Every power the character has right now, with where each comes from.
    pub fn powers_of(&self, c: CardId) -> Powers {
        let mut out = Powers::new();
        if !self.is_character_in_play(c) {
            // Out of play a card has only its printed powers, and they work only where
            // the text says so (Character Powers p.16).
            let def = self.card(c).def;
            for i in 0..self.db.get(def).powers.len() {
                out.push(HeldPower {
                    def,
                    power: i as u8,
                    from: c,
                });
            }
            return out;
        }
        let push_card = |from: CardId, out: &mut Powers| {
            let def = self.card(from).def;
            for i in 0..self.db.get(def).powers.len() {
                out.push(HeldPower {
                    def,
                    power: i as u8,
                    from,
                });
            }
        };
        push_card(c, &mut out);
        if let Some(e) = self.card(c).equipment {
            push_card(e, &mut out);
        }
        // Copying powers (Copying Powers p.20): Hope Summers and friends.
        if self.db.summary(self.card(c).def).copies && self.powers_active(c) {
            let copies = self.def(c).powers.iter().filter_map(|p| match &p.body {
                PowerBody::Static(Conditional {
                    effect: Static::CopyTeamPowers(t),
                    ..
                }) => Some(*t),
                _ => None,
            });
            for team in copies {
                let controller = self.card(c).controller;
                for other in self.characters_of(controller) {
                    if other != c
                        && !self.is_main(other)
                        && self.is_face_up_character(other)
                        && self.printed_teams(other).contains(&team)
                    {
                        let def = self.card(other).def;
                        for (i, p) in self.db.get(def).powers.iter().enumerate() {
                            if !matches!(
                                p.body,
                                PowerBody::Static(Conditional {
                                    effect: Static::CopyTeamPowers(_),
                                    ..
                                })
                            ) {
                                out.push(HeldPower {
                                    def,
                                    power: i as u8,
                                    from: other,
                                });
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// Could the character hold a power of the kind `kind` picks out? False only when
    /// neither it nor its equipment prints one and it copies no powers; a quick way to
    /// skip most cards before asking [`Self::powers_of`].
    pub fn may_have(&self, c: CardId, kind: impl Fn(crate::db::PowerSummary) -> bool) -> bool {
        let own = self.db.summary(self.card(c).def);
        own.copies
            || kind(own)
            || self
                .card(c)
                .equipment
                .is_some_and(|e| kind(self.db.summary(self.card(e).def)))
    }

    pub fn power_def(&self, p: HeldPower) -> &Power {
        &self.db.get(p.def).powers[p.power as usize]
    }

    /// Powers that currently work: the character is face up and not turned off
    /// (Creature and Swarm can't be turned off).
    pub fn active_powers(&self, c: CardId) -> Powers {
        let mut powers = self.powers_of(c);
        if self.powers_active(c) {
            return powers;
        }
        let face_up = self.is_face_up_character(c);
        let level_up_kept = face_up && self.only_keyword_and_super_powers_lost(c);
        powers.retain(|p| {
            (face_up
                && matches!(self.power_def(*p).body, PowerBody::Keyword(k) if k.cant_be_turned_off()))
                || (level_up_kept
                    && p.from == c
                    && matches!(self.power_def(*p).body, PowerBody::LevelUp { .. }))
        });
        powers
    }

    /// The continuous (static) powers that currently work on the character.
    pub fn static_effects(
        &self,
        c: CardId,
    ) -> impl Iterator<Item = (HeldPower, &Conditional)> + '_ {
        let powers = if self.may_have(c, |s| s.statics) {
            self.active_powers(c)
        } else {
            Powers::new()
        };
        powers
            .into_iter()
            .filter_map(|p| match &self.power_def(p).body {
                PowerBody::Static(s) => Some((p, s)),
                _ => None,
            })
    }

    /// Does static power `s` of character `c` work now: its "while" condition, if any,
    /// holds (Continuous Powers p.14)?
    fn static_holds(&self, c: CardId, s: &Conditional) -> bool {
        s.while_cond
            .as_ref()
            .is_none_or(|cond| self.cond_holds(cond, c, self.card(c).controller, None))
    }

    fn has_static(&self, c: CardId, pred: impl Fn(&Static) -> bool) -> bool {
        self.static_effects(c)
            .any(|(_, s)| pred(&s.effect) && self.static_holds(c, s))
    }

    /// Does the character have a keyword right now: printed, granted by a modifier,
    /// an equipment, its side, or copied — unless denied (can't beats can).
    pub fn has_keyword(&self, c: CardId, k: Keyword) -> bool {
        if !self.is_character_in_play(c) {
            return false;
        }
        if self.card(c).equipment.is_none() {
            let summary = self.db.summary(self.card(c).def);
            if !summary.statics {
                // Nothing on the card can grant, deny or copy a keyword: the printed ones
                // (if they work), modifiers and the side's keywords decide.
                return self.has_keyword_plain(c, k, summary);
            }
        }
        // One look at the powers answers every question below.
        let powers = self.active_powers(c);
        let denied = powers.iter().any(|&p| match &self.power_def(p).body {
            PowerBody::Static(s) => s.effect == Static::DenyKeyword(k) && self.static_holds(c, s),
            _ => false,
        });
        if denied {
            return false;
        }
        if k == Keyword::Flight
            && self.has_keyword_raw(c, Keyword::Leap, &powers)
            && self.is_turn_side(self.card(c).controller)
        {
            return true;
        }
        self.has_keyword_raw(c, k, &powers)
    }

    /// [`Self::has_keyword`] for an in-play character without equipment whose
    /// definition has no static powers.
    fn has_keyword_plain(&self, c: CardId, k: Keyword, summary: crate::db::PowerSummary) -> bool {
        let printed = |k: Keyword| {
            summary.has_keyword(k)
                && (self.powers_active(c) || (self.card(c).face_up && k.cant_be_turned_off()))
        };
        let raw = |k: Keyword| {
            printed(k)
                || (self.card(c).face_up
                    && !self.powers_lost(c)
                    && (self.modifiers_on(c).any(|m| m.kind == ModKind::Keyword(k))
                        || self.players[self.card(c).controller]
                            .team_keywords
                            .contains(&k)))
        };
        if k == Keyword::Flight && raw(Keyword::Leap) && self.is_turn_side(self.card(c).controller)
        {
            return true;
        }
        raw(k)
    }

    /// `powers`: the character's active powers.
    fn has_keyword_raw(&self, c: CardId, k: Keyword, powers: &[HeldPower]) -> bool {
        let printed = powers
            .iter()
            .any(|&p| self.power_def(p).body == PowerBody::Keyword(k));
        if printed {
            return true;
        }
        if !self.is_face_up_character(c) {
            return false;
        }
        let granted = powers.iter().any(|&p| match &self.power_def(p).body {
            PowerBody::Static(s) => s.effect == Static::GrantKeyword(k) && self.static_holds(c, s),
            _ => false,
        });
        if granted {
            return true;
        }
        // Modifiers granting a keyword can't add one to a character that "can't gain" it.
        if self.powers_lost(c) {
            return false;
        }
        self.modifiers_on(c).any(|m| m.kind == ModKind::Keyword(k))
            || self.players[self.card(c).controller]
                .team_keywords
                .contains(&k)
    }

    pub fn printed_teams(&self, c: CardId) -> &[Team] {
        &self.def(c).teams
    }

    /// Team affiliations, including Team Up powers on its side.
    pub fn teams_of(&self, c: CardId) -> Vec<Team> {
        let mut teams = self.def(c).teams.clone();
        if self.is_character_in_play(c) && !self.is_main(c) {
            let controller = self.card(c).controller;
            for other in self.characters_of(controller) {
                for (_, s) in self.static_effects(other) {
                    if let Static::TeamUp(t) = s.effect {
                        if !teams.contains(&t) {
                            teams.push(t);
                        }
                    }
                }
            }
        }
        teams
    }

    pub fn shares_team(&self, a: CardId, b: CardId) -> bool {
        let tb = self.teams_of(b);
        self.teams_of(a).iter().any(|t| tb.contains(t))
    }

    /// Base ATK/DEF: printed, unless a modifier sets it (Base ATK and DEF p.26).
    pub fn base_stats(&self, c: CardId) -> (i32, i32) {
        let d = self.def(c);
        let mut base = (d.atk, d.def);
        let mut mods: Vec<&Modifier> = self
            .modifiers_on(c)
            .filter(|m| matches!(m.kind, ModKind::SetBase { .. }))
            .collect();
        mods.sort_by_key(|m| m.timestamp);
        for m in mods {
            if let ModKind::SetBase { atk, def } = m.kind {
                base = (atk, def);
            }
        }
        base
    }

    /// Current ATK and DEF, raw (may be negative): base-setting modifiers, then
    /// counters, then every other modifier in timestamp order (Calculating ATK/DEF p.14).
    pub fn stats(&self, c: CardId) -> (i32, i32) {
        let base = self.base_stats(c);
        let card = self.card(c);
        let counters = card.plus as i32 - card.minus as i32;
        let (mut atk, mut def) = (base.0 + counters, base.1 + counters);
        if !self.is_character_in_play(c) {
            return (atk, def);
        }
        // (timestamp, order, change)
        let mut changes: Vec<(u32, u32, ModKind)> = Vec::new();
        for (i, m) in self.modifiers_on(c).enumerate() {
            match m.kind {
                ModKind::SetBase { .. }
                | ModKind::Keyword(_)
                | ModKind::LosePowers
                | ModKind::LoseAllPowers
                | ModKind::Regressed { .. }
                | ModKind::StrikeMultiplier(_)
                | ModKind::NoWoundThisCombat
                | ModKind::CantBeWounded
                | ModKind::TakeAim => {}
                ModKind::NextAttack { atk, def } => {
                    if self.is_attacking(c) {
                        changes.push((m.timestamp, i as u32, ModKind::Stats { atk, def }));
                    }
                }
                ref k => changes.push((m.timestamp, i as u32, k.clone())),
            }
        }
        // Continuous powers use the timestamp of their source entering play (Timestamps p.14).
        let controller = card.controller;
        for (p, s) in self.static_effects(c) {
            if let Static::Stats { atk: a, def: d } = &s.effect {
                if !self.static_holds(c, s) {
                    continue;
                }
                let a = self.amount(a, c, controller, None);
                let d = self.amount(d, c, controller, None);
                changes.push((
                    self.card(p.from).entered,
                    u32::MAX,
                    ModKind::Stats { atk: a, def: d },
                ));
            }
        }
        changes.sort_by_key(|(t, i, _)| (*t, *i));
        for (_, _, k) in changes {
            match k {
                ModKind::Stats { atk: a, def: d } => {
                    atk += a;
                    def += d;
                }
                ModKind::SwapAtkDef => std::mem::swap(&mut atk, &mut def),
                ModKind::ResetToBase => {
                    atk = base.0;
                    def = base.1;
                }
                _ => {}
            }
        }
        (atk, def)
    }

    pub fn atk(&self, c: CardId) -> i32 {
        self.stats(c).0
    }
    pub fn defense(&self, c: CardId) -> i32 {
        self.stats(c).1
    }

    /// The ATK a character strikes with: never below 0 (p.14), multiplied by
    /// "strikes with double his ATK" effects.
    pub fn strike_value(&self, c: CardId) -> i32 {
        let mut v = self.atk(c).max(0);
        let mut factor = 1;
        for m in self.modifiers_on(c) {
            if let ModKind::StrikeMultiplier(f) = m.kind {
                factor = factor.max(f as i32);
            }
        }
        if self.has_static(c, |s| *s == Static::DoubleStrike) {
            factor = factor.max(2);
        }
        v *= factor;
        v
    }

    pub fn is_attacking(&self, c: CardId) -> bool {
        self.combat
            .as_ref()
            .is_some_and(|cb| cb.attackers.contains(&c))
    }
    pub fn is_defending(&self, c: CardId) -> bool {
        self.combat
            .as_ref()
            .is_some_and(|cb| cb.defender == Some(c))
    }
    pub fn in_combat(&self, c: CardId) -> bool {
        self.is_attacking(c) || self.is_defending(c)
    }

    /// Protection (Game Terms): face-up front-row characters protect face-up back-row ones.
    pub fn is_protected(&self, c: CardId) -> bool {
        let card = self.card(c);
        card.zone() == Zone::Back
            && card.face_up
            && self
                .side_row(card.controller, Row::Front)
                .iter()
                .any(|&f| self.card(f).face_up)
    }
    pub fn is_protecting(&self, c: CardId) -> bool {
        let card = self.card(c);
        card.zone() == Zone::Front
            && card.face_up
            && self
                .side_row(card.controller, Row::Back)
                .iter()
                .any(|&b| self.card(b).face_up)
    }

    /// The effective cost of a card for "cost N or less" (an original main character counts 0).
    pub fn cost_of(&self, c: CardId) -> u8 {
        // A main character, and an original main character even once demoted, costs 0 (p.23).
        let owner = self.card(c).owner;
        if self.card(c).main || self.players[owner].main == c {
            return 0;
        }
        self.def(c).cost.unwrap_or(0)
    }

    pub fn matches(&self, f: &Filter, c: CardId, source: CardId, controller: Seat) -> bool {
        if !self.is_character_in_play(c) {
            return false;
        }
        let card = self.card(c);
        match f.side {
            SideFilter::Any => {}
            SideFilter::Yours => {
                if !self.same_side(card.controller, controller) {
                    return false;
                }
            }
            SideFilter::Enemy => {
                if !self.are_enemies(card.controller, controller) {
                    return false;
                }
            }
        }
        match f.kind {
            KindFilter::Any => {}
            KindFilter::Main => {
                if !card.main {
                    return false;
                }
            }
            KindFilter::Supporting => {
                if card.main {
                    return false;
                }
            }
        }
        match f.face {
            FaceFilter::Up => {
                if !card.face_up {
                    return false;
                }
            }
            FaceFilter::Stunned => {
                if card.face_up {
                    return false;
                }
            }
            FaceFilter::Any => {}
        }
        if let Some(r) = f.row {
            if self.row_of(c) != Some(r) {
                return false;
            }
        }
        if let Some(role) = f.role {
            let ok = match role {
                RoleFilter::InCombat => self.in_combat(c),
                RoleFilter::Attacker => self.is_attacking(c),
                RoleFilter::Defender => self.is_defending(c),
            };
            if !ok {
                return false;
            }
        }
        if let Some(max) = f.max_cost {
            if self.cost_of(c) > max {
                return false;
            }
        }
        if let Some(t) = f.team {
            if !self.teams_of(c).contains(&t) {
                return false;
            }
        }
        if f.other && c == source {
            return false;
        }
        if f.not_in_combat && self.in_combat(c) {
            return false;
        }
        if f.has_plus_counter && card.plus == 0 {
            return false;
        }
        if *f.has_minus_counter && card.minus == 0 {
            return false;
        }
        if let Some(exhausted) = *f.must_be_exhausted {
            if card.exhausted() != exhausted {
                return false;
            }
        }
        if let Some(k) = f.has_keyword {
            if !self.has_keyword(c, k) {
                return false;
            }
        }
        if !f.named.is_empty() || !f.not_named.is_empty() {
            let def = self.def(c);
            let has = |names: &[String]| {
                def.names()
                    .any(|n| names.iter().any(|m| m.eq_ignore_ascii_case(n)))
            };
            if !f.named.is_empty() && !has(&f.named) {
                return false;
            }
            if has(&f.not_named) {
                return false;
            }
        }
        if *f.unprotected && self.is_protected(c) {
            return false;
        }
        if *f.same_name == Some(SameName::AsSelf) && !self.def(c).shares_name_with(self.def(source))
        {
            return false;
        }
        true
    }

    pub fn matching(&self, f: &Filter, source: CardId, controller: Seat) -> Vec<CardId> {
        self.all_characters()
            .into_iter()
            .filter(|&c| self.matches(f, c, source, controller))
            .collect()
    }

    pub fn amount(
        &self,
        a: &Amount,
        source: CardId,
        controller: Seat,
        frame: Option<&Frame>,
    ) -> i32 {
        match a {
            Amount::Fixed(n) => *n,
            Amount::ResourcesOnYourSide => self.players[controller].resources().len() as i32,
            Amount::CountCharacters(f) => match frame {
                Some(fr) => self.restrict_to_frame(self.matching(f, source, controller), f, fr),
                None => self.matching(f, source, controller),
            }
            .len() as i32,
            Amount::WoundsOnSelf => self.card(source).wounds as i32,
            Amount::LastCount => frame.map_or(0, |f| f.last_count),
            Amount::AtkToMatch(n) => frame
                .and_then(|f| f.slots.get(*n as usize))
                .and_then(|s| s.first().copied())
                .filter(|&c| self.is_character_in_play(c) && self.is_character_in_play(source))
                .map_or(0, |c| (self.stats(c).0 - self.stats(source).0).max(0)),
            Amount::HandSizeDifference(p) => {
                let them: Option<Seat> = match p {
                    PlayerWho::You => Some(controller),
                    PlayerWho::Chosen(n) => frame
                        .and_then(|f| f.player_slots.get(*n as usize).copied())
                        .flatten(),
                    PlayerWho::ControllerOf(n) => frame
                        .and_then(|f| f.slots.get(*n as usize))
                        .and_then(|s| s.first())
                        .map(|&c| self.card(c).controller),
                    // "Than they do" for each enemy: the one with the most cards.
                    PlayerWho::EachEnemy => self
                        .enemies_of(controller)
                        .iter()
                        .copied()
                        .max_by_key(|&e| self.players[e].hand().len()),
                };
                them.map_or(0, |t| {
                    (self.players[controller].hand().len() as i32
                        - self.players[t].hand().len() as i32)
                        .max(0)
                })
            }
            Amount::SelfCurrent { atk: true } => self.atk(source),
            Amount::SelfCurrent { atk: false } => self.defense(source),
            Amount::CountKoPile { good } => self.players[controller]
                .ko_pile()
                .iter()
                .filter(|&&c| {
                    let d = self.def(c);
                    matches!(
                        d.kind,
                        CardKind::MainCharacter { .. } | CardKind::Supporting
                    ) && d.teams.iter().any(|t| t.is_good() == *good)
                })
                .count() as i32,
            // All the counters on the characters named (one character: its counters).
            Amount::PlusCountersOn(w) | Amount::MinusCountersOn(w) => {
                let cards: Vec<CardId> = match w {
                    Who::This => vec![source],
                    Who::Chosen(n) => frame
                        .and_then(|f| f.slots.get(*n as usize))
                        .cloned()
                        .unwrap_or_default(),
                    Who::Each(f) => self.matching(f, source, controller),
                };
                let plus = matches!(a, Amount::PlusCountersOn(_));
                cards
                    .into_iter()
                    .filter(|&c| self.is_character_in_play(c))
                    .map(|c| {
                        i32::from(if plus {
                            self.card(c).plus
                        } else {
                            self.card(c).minus
                        })
                    })
                    .sum()
            }
            Amount::HealthOf(n) => frame
                .and_then(|f| f.slots.get(*n as usize))
                .and_then(|s| s.first())
                .map_or(0, |&c| self.def(c).health),
        }
    }

    pub fn cond_holds(
        &self,
        cond: &Cond,
        source: CardId,
        controller: Seat,
        frame: Option<&Frame>,
    ) -> bool {
        let me = self.card(source);
        match cond {
            Cond::Not(c) => !self.cond_holds(c, source, controller, frame),
            Cond::All(cs) => cs
                .iter()
                .all(|c| self.cond_holds(c, source, controller, frame)),
            Cond::SelfStunned => self.is_stunned(source),
            Cond::SelfFaceUp => self.is_face_up_character(source),
            Cond::SelfWounded => me.wounds > 0,
            Cond::SelfAttacking => self.is_attacking(source),
            Cond::SelfDefending => self.is_defending(source),
            Cond::SelfTeamAttacking => {
                self.is_attacking(source)
                    && self.combat.as_ref().is_some_and(|c| c.is_team_attack())
            }
            Cond::SelfSoloAttacking => {
                self.is_attacking(source)
                    && self.combat.as_ref().is_some_and(|c| !c.is_team_attack())
            }
            Cond::SelfInFrontRow => me.zone() == Zone::Front,
            Cond::SelfAttackingMain => {
                self.is_attacking(source)
                    && self
                        .combat
                        .as_ref()
                        .and_then(|c| c.defender)
                        .is_some_and(|d| self.is_main(d))
            }
            Cond::SelfAttackingBackRow => {
                self.is_attacking(source)
                    && self
                        .combat
                        .as_ref()
                        .and_then(|c| c.defender)
                        .is_some_and(|d| self.row_of(d) == Some(Row::Back))
            }
            Cond::SelfProtecting => self.is_protecting(source),
            Cond::SelfStunnedEnemyThisTurn => self.players[controller]
                .stunned_by_this_turn
                .contains(&source),
            Cond::SelfIsYourMainCharacter => self.players[controller].main == source && me.main,
            Cond::RangedCombat => self.combat.as_ref().is_some_and(|c| c.ranged),
            Cond::HandEmpty => self.players[controller].hand().is_empty(),
            Cond::SomeEnemyAllStunned => self.enemies_of(controller).iter().any(|&e| {
                let chars = self.characters_of(e);
                !chars.is_empty() && chars.iter().all(|&c| !self.card(c).face_up)
            }),
            Cond::SelfPlusCountersAtLeast(n) => me.plus >= *n as _,
            Cond::SelfInCombat => self.in_combat(source),
            Cond::SameTeamOnYourSideAtLeast(n) => {
                let mut counts: std::collections::BTreeMap<Team, u8> = Default::default();
                for c in self.all_characters() {
                    if self.same_side(self.card(c).controller, controller) {
                        let mut ts = self.teams_of(c);
                        ts.sort();
                        ts.dedup();
                        for t in ts {
                            *counts.entry(t).or_default() += 1;
                        }
                    }
                }
                counts.values().any(|&k| k >= *n)
            }
            Cond::LocationOnYourSide(sym) => {
                self.players[controller].resources().iter().any(|&r| {
                    let d = self.def(r);
                    self.card(r).face_up && d.kind == CardKind::Location && d.symbols.contains(sym)
                })
            }
            Cond::AllEnemyCharactersStunned => self
                .enemies_of(controller)
                .iter()
                .all(|&e| self.characters_of(e).iter().all(|&c| !self.card(c).face_up)),
            Cond::NoAttacksThisTurn => self.players[controller].attacks_this_turn == 0,
            Cond::Chose(slot) => {
                frame.is_some_and(|f| f.slots.get(*slot as usize).is_some_and(|s| !s.is_empty()))
            }
            Cond::Amplified => frame.is_some_and(|f| f.amplified),
            Cond::LastCountAtLeast(n) => frame.is_some_and(|f| f.last_count >= *n as i32),
            Cond::CombatResolved => self
                .combat
                .as_ref()
                .is_some_and(|c| c.stage == CombatStage::End && c.resolved),
            Cond::EnemyTurn => self.enemy_turn(controller),
            Cond::TeamAttack => self.combat.as_ref().is_some_and(|c| c.is_team_attack()),
            Cond::SelfAttackingExhausted => {
                self.is_attacking(source)
                    && self
                        .combat
                        .as_ref()
                        .and_then(|c| c.defender)
                        .is_some_and(|d| self.card(d).exhausted())
            }
            Cond::SelfAttackingMatching(f) => {
                self.is_attacking(source)
                    && self
                        .combat
                        .as_ref()
                        .and_then(|c| c.defender)
                        .is_some_and(|d| self.matches(f, d, source, controller))
            }
            Cond::YourMainEvil => {
                let m = self.players[controller].main;
                self.is_character_in_play(m)
                    && self.card(m).main
                    && self.teams_of(m).iter().any(|t| !t.is_good())
            }
            Cond::YourMainLevelAtLeast(n) => {
                let m = self.players[controller].main;
                self.is_character_in_play(m) && self.card(m).main && self.def(m).level() >= *n
            }
            Cond::SelfInBackRow => me.zone() == Zone::Back,
            Cond::DefenderYours => self
                .combat
                .as_ref()
                .and_then(|c| c.defender)
                .is_some_and(|d| self.card(d).controller == controller),
        }
    }

    /// Can this character fly over enemy `seat`'s front row? Only if that row has no
    /// face-up Flight character and no Grab (Declare a Combat p.10).
    pub fn front_row_blocks_flight(&self, seat: Seat) -> bool {
        self.side_row(seat, Row::Front).iter().any(|&f| {
            self.card(f).face_up
                && (self.has_keyword(f, Keyword::Flight)
                    || self.has_static(f, |s| *s == Static::Grab))
        })
    }

    pub fn can_strike_back_at(&self, defender: CardId, attacker: CardId) -> bool {
        // Namor: a back-row character he attacks gets no strike-back at him.
        !self.has_static(attacker, |s| *s == Static::NoStrikeBack)
            || !self.is_character_in_play(defender)
    }

    /// Can `striker` strike `target` now? Not if the striker can't strike, the target
    /// can't be struck, or the target can't be struck by characters like the striker.
    pub fn can_strike(&self, striker: CardId, target: CardId) -> bool {
        if self
            .modifiers_on(striker)
            .any(|m| m.kind == ModKind::CantStrike)
            || self
                .modifiers_on(target)
                .any(|m| m.kind == ModKind::CantBeStruck)
        {
            return false;
        }
        let controller = self.card(target).controller;
        !self.static_effects(target).any(|(_, s)| match &s.effect {
            Static::CantBeStruckBy(f) => {
                self.static_holds(target, s) && self.matches(f, striker, target, controller)
            }
            _ => false,
        })
    }

    pub fn enemy_support_cant_recover(&self, c: CardId) -> bool {
        if self.is_main(c) {
            return false;
        }
        let owner_side = self.card(c).controller;
        self.all_characters().into_iter().any(|o| {
            self.are_enemies(self.card(o).controller, owner_side)
                && self.has_static(o, |s| *s == Static::EnemySupportCantRecover)
        })
    }

    pub fn appears_stunned(&self, c: CardId) -> bool {
        self.def(c).powers.iter().any(|p| {
            matches!(
                p.body,
                PowerBody::Static(Conditional {
                    effect: Static::AppearsStunned,
                    ..
                })
            )
        })
    }

    /// A static power says this character can't be attacked now (Camouflage).
    pub fn cant_be_attacked(&self, c: CardId) -> bool {
        self.has_static(c, |s| *s == Static::CantBeAttacked)
    }

    /// Any character card may power it up (Multiple Personalities).
    pub fn powers_up_with_any_character(&self, c: CardId) -> bool {
        self.has_static(c, |s| *s == Static::PowerUpWithAnyCharacter)
    }

    /// Elder of the Universe: no wound from a stun during combat.
    pub fn no_wound_if_stunned_in_combat(&self, c: CardId) -> bool {
        self.has_static(c, |s| *s == Static::NoWoundIfStunnedInCombat)
    }

    /// Does a character of an enemy of `seat` have a static effect matching `pred` now?
    pub fn enemy_static(&self, seat: Seat, pred: impl Fn(&Static) -> bool) -> bool {
        self.all_characters()
            .into_iter()
            .any(|o| self.are_enemies(self.card(o).controller, seat) && self.has_static(o, &pred))
    }

    /// Passive: can't attack or strike back.
    pub fn is_passive(&self, c: CardId) -> bool {
        self.has_static(c, |s| *s == Static::Passive)
    }

    pub fn teams_with_main_characters(&self, c: CardId) -> bool {
        self.has_static(c, |s| *s == Static::TeamsWithMainCharacters)
    }

    /// Does any enemy of `seat` have Hex in play (enemy characters can't level up)?
    pub fn hexed(&self, seat: Seat) -> bool {
        self.all_characters().into_iter().any(|o| {
            self.are_enemies(self.card(o).controller, seat) && self.has_keyword(o, Keyword::Hex)
        })
    }
}
