//! Powers an object has beyond its printed ones (500.6): powers gained from another
//! character by an effect (500.6a) and powers an equipment's or another card's text gives
//! (500.6b); and the timestamps of continuous powers' modifiers (515.3): a power that
//! comes back — a cosmic counter put on its card, the end of a modifier that removed it —
//! gets a new one.
//!
//! A card's powers are numbered: the printed ones from 0 in card order, then the powers
//! it gained from effects in the order gained, then (from [`GRANTED`]) the powers
//! continuous grants give it, in the order of their sources.

use crate::ids::*;
use crate::model::*;
use crate::power::{Continuous, CostItem, Effect, Power, PowerDef};
use crate::state::*;

/// The number of the first power a continuous grant gives (500.6b).
pub const GRANTED: u8 = 128;

impl GameState {
    /// 515.3: the timestamp of the continuous modifier from power `i` of `c`: its card's
    /// (515.1), or the time the power came back or was added, whichever is latest.
    pub(crate) fn power_timestamp(&self, c: CardId, i: u8) -> u32 {
        let card = self.card(c);
        let mut t = card.timestamp;
        // 500.6: a gained power's modifier: the time it was added, or later.
        if (i as usize) >= self.def(c).powers.len() {
            if let Some(g) = self
                .gained_powers
                .iter()
                .find(|g| g.card == c && g.object == card.object && g.index == i && !g.played)
            {
                t = t.max(g.timestamp);
            }
        }
        if self.power_stamps.is_empty() {
            return t;
        }
        for &(x, object, p, stamp) in &self.power_stamps {
            if x == c && object == card.object && p == i {
                t = t.max(stamp);
            }
        }
        t
    }

    /// 515.3, 515.7: the powers of `c` that `which` picks come back now: each gets a new
    /// timestamp. They start to apply together (see [`GameState::restamp_together`]).
    pub(crate) fn restamp_powers(&mut self, c: CardId, which: impl Fn(&PowerDef) -> bool) {
        let back = self.powers_coming_back(c, which);
        self.restamp_together(back);
    }

    /// The continuous powers of `c` that `which` picks: (card, object, number).
    fn powers_coming_back(
        &self,
        c: CardId,
        which: impl Fn(&PowerDef) -> bool,
    ) -> Vec<(CardId, u32, u8)> {
        let object = self.card(c).object;
        self.def(c)
            .powers
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p.power, Power::Continuous(_)) && which(p))
            .map(|(i, _)| (c, object, i as u8))
            .collect()
    }

    /// 515.7, 702.4: continuous powers whose modifiers start to apply together get new
    /// timestamps: the primary player's first, then each player's clockwise. Each
    /// player orders their own: while that can matter — two or more of theirs, one of
    /// them not a plain +ATK/+DEF power (those add up in any order) — their timestamps
    /// are reserved as a block and the player is asked (`Pending::OrderModifiers`,
    /// before anyone next gets priority); the block is first given in printed order, so
    /// the modifiers apply at once.
    pub(crate) fn restamp_together(&mut self, mut back: Vec<(CardId, u32, u8)>) {
        if back.is_empty() {
            return;
        }
        let order: Vec<PlayerId> = self.clockwise_from(self.primary_player()).collect();
        let rank = |g: &GameState, c: CardId| {
            let p = g.card(c).controller;
            order.iter().position(|&q| q == p).unwrap_or(order.len())
        };
        back.sort_by_key(|&(c, _, _)| rank(self, c));
        let mut i = 0;
        while i < back.len() {
            let p = self.card(back[i].0).controller;
            let mut j = i;
            while j < back.len() && self.card(back[j].0).controller == p {
                j += 1;
            }
            let mut stamps = Vec::with_capacity(j - i);
            for &(c, object, n) in &back[i..j] {
                let now = self.tick();
                self.power_stamps
                    .retain(|&(x, o, q, _)| !(x == c && o == object && q == n));
                self.power_stamps.push((c, object, n, now));
                stamps.push(now);
            }
            let group = &back[i..j];
            let matters = group.len() >= 2
                && group.iter().any(|&(c, _, n)| {
                    !matches!(
                        self.def(c).power(n),
                        Some(Power::Continuous(Continuous::Stats { .. }))
                    )
                });
            if matters {
                self.stamp_orders.push(StampOrder {
                    player: p,
                    powers: group.to_vec(),
                    stamps,
                });
            }
            i = j;
        }
    }

    /// 515.7, 702.4: the player ordering timestamps gives the next one to power `k` of
    /// those still to order.
    pub(crate) fn order_modifier(&mut self, k: usize) {
        let Some(o) = self.stamp_orders.first_mut() else {
            return;
        };
        if k >= o.powers.len() || o.stamps.is_empty() {
            return;
        }
        let (c, object, n) = o.powers.remove(k);
        let stamp = o.stamps.remove(0);
        let done = o.powers.len() <= 1;
        if done {
            // The last one takes the last timestamp.
            if let (Some(&(c2, o2, n2)), Some(&s2)) = (o.powers.first(), o.stamps.first()) {
                self.set_power_stamp(c2, o2, n2, s2);
            }
            self.stamp_orders.remove(0);
        }
        self.set_power_stamp(c, object, n, stamp);
        let p = self.card(c).controller;
        self.log(|g| {
            format!(
                "{} orders {}'s power {} (515.7).",
                g.player_name(p),
                g.name(c),
                n
            )
        });
        self.next_trigger();
    }

    fn set_power_stamp(&mut self, c: CardId, object: u32, n: u8, stamp: u32) {
        self.power_stamps
            .retain(|&(x, o, q, _)| !(x == c && o == object && q == n));
        self.power_stamps.push((c, object, n, stamp));
    }

    /// 515.7: the labels of the powers the player ordering timestamps may put next.
    pub(crate) fn modifier_order_labels(&self) -> Vec<String> {
        let Some(o) = self.stamp_orders.first() else {
            return Vec::new();
        };
        o.powers
            .iter()
            .map(|&(c, _, n)| format!("{}: {}", self.name(c), self.power_text(c, n)))
            .collect()
    }

    /// 408.2d, 500.5, 515.3: ends the modifiers `ends` picks; the powers a removing
    /// modifier took away come back with new timestamps.
    pub(crate) fn end_modifiers(&mut self, ends: impl Fn(&Modifier) -> bool) {
        let mut back: Vec<(CardId, Cant)> = Vec::new();
        for m in self.modifiers.iter().filter(|m| ends(m)) {
            let Some(what @ (Cant::HaveLeader | Cant::HaveNonActivatedPowers)) = m.cant else {
                continue;
            };
            for p in &self.players {
                for &c in p.characters.iter().chain(&p.equipment) {
                    if self.modifier_applies(m, c) {
                        back.push((c, what));
                    }
                }
            }
        }
        self.modifiers.retain(|m| !ends(m));
        if !self.while_attacking.is_empty() {
            let live: Vec<u32> = self.modifiers.iter().map(|m| m.timestamp).collect();
            self.while_attacking.retain(|(t, _)| live.contains(t));
        }
        self.power_stamps
            .retain(|&(c, object, _, _)| self.cards[c.0 as usize].object == object);
        // 515.7: the powers coming back as these modifiers end start together.
        let mut together = Vec::new();
        for (c, what) in back {
            match what {
                Cant::HaveLeader if !self.leader_removed(c) => {
                    together.extend(self.powers_coming_back(c, |p| p.leader))
                }
                Cant::HaveNonActivatedPowers => {
                    together.extend(self.powers_coming_back(c, |p| p.keyword.is_none()))
                }
                _ => {}
            }
        }
        together.dedup();
        self.restamp_together(together);
    }

    /// 706.7, 515.3: a cosmic counter was put on `c`: its cosmic powers come back.
    pub(crate) fn cosmic_powers_back(&mut self, c: CardId) {
        self.restamp_powers(c, |p| p.gate == Some(crate::power::Gate::Cosmic));
    }
}

impl GameState {
    /// The continuous powers of `s` with their numbers: printed, then gained (500.6).
    pub(crate) fn continuous_powers(
        &self,
        s: CardId,
    ) -> impl Iterator<Item = (u8, &PowerDef)> + '_ {
        let object = self.card(s).object;
        let gained = self.gained_powers.iter().filter(move |g| {
            g.card == s
                && g.object == object
                && !g.played
                && matches!(g.power.power, Power::Continuous(_))
        });
        self.def(s)
            .powers
            .iter()
            .enumerate()
            .map(|(i, p)| (i as u8, p))
            .chain(gained.map(|g| (g.index, &g.power)))
    }

    /// 500.6: has `c` gained a continuous power (it is then a continuous source)?
    pub(crate) fn has_gained_continuous(&self, c: CardId) -> bool {
        !self.gained_powers.is_empty() && {
            let object = self.card(c).object;
            self.gained_powers.iter().any(|g| {
                g.card == c
                    && g.object == object
                    && !g.played
                    && matches!(g.power.power, Power::Continuous(_))
            })
        }
    }

    /// The powers continuous grants give `c` now (500.6b): (source, power), in the order
    /// of their sources and their powers.
    fn granted_powers(&self, c: CardId) -> Vec<(CardId, &PowerDef)> {
        let mut out = Vec::new();
        if !self.continuous_kinds.gives_powers || !self.is_character(c) {
            return out;
        }
        for s in self.continuous_sources() {
            for (i, p) in self.def(s).powers.iter().enumerate() {
                if let Power::Continuous(Continuous::HasPower { who, power }) = &p.power {
                    if self.affects(who, s, c) && self.power_active(s, i as u8) {
                        out.push((s, &**power));
                    }
                }
            }
        }
        out
    }

    /// The numbers of every power `c` has now: printed, gained (500.6a), granted
    /// (500.6b).
    pub fn power_numbers(&self, c: CardId) -> Vec<u8> {
        let mut out: Vec<u8> = (0..self.def(c).powers.len().min(GRANTED as usize) as u8).collect();
        if !self.gained_powers.is_empty() {
            let object = self.card(c).object;
            out.extend(
                self.gained_powers
                    .iter()
                    .filter(|g| g.card == c && g.object == object && !g.played)
                    .map(|g| g.index),
            );
        }
        if self.continuous_kinds.gives_powers {
            let n = self.granted_powers(c).len().min(64) as u8;
            out.extend((0..n).map(|j| GRANTED + j));
        }
        out
    }

    /// Power `i` of `c` as it has it now: printed, gained from another card (500.6a) or
    /// given by a continuous grant (500.6b).
    pub fn power_at(&self, c: CardId, i: u8) -> Option<&Power> {
        self.power_def_at(c, i).map(|p| &p.power)
    }

    pub(crate) fn power_def_at(&self, c: CardId, i: u8) -> Option<&PowerDef> {
        let printed = self.def(c).powers.len();
        if (i as usize) < printed {
            return self.def(c).powers.get(i as usize);
        }
        if i < GRANTED {
            let object = self.card(c).object;
            return self
                .gained_powers
                .iter()
                .find(|g| g.card == c && g.object == object && g.index == i && !g.played)
                .map(|g| &g.power);
        }
        self.granted_powers(c)
            .into_iter()
            .nth((i - GRANTED) as usize)
            .map(|(_, p)| p)
    }

    /// The effect of a power not printed on `c`: the one kept for an effect played from
    /// it (its grant may be gone, 500.6b), else the one it has now.
    pub(crate) fn unprinted_effect(&self, c: CardId, i: u8) -> Option<&Effect> {
        if (i as usize) < self.def(c).powers.len() {
            return None;
        }
        let kept = self
            .gained_powers
            .iter()
            .rev()
            .find(|g| g.card == c && g.index == i && g.played)
            .map(|g| &g.power.power);
        match kept.or_else(|| self.power_at(c, i)) {
            Some(Power::Payment { effect, .. }) => Some(effect),
            _ => None,
        }
    }

    /// 500.6b: the card the "this" costs of power `i` of `c` name: the source of the
    /// modifier that gives it, else `c` (500.6a: its name references became `c`'s).
    pub(crate) fn cost_card(&self, c: CardId, i: u8) -> CardId {
        if i < GRANTED {
            return c;
        }
        self.granted_powers(c)
            .into_iter()
            .nth((i - GRANTED) as usize)
            .map_or(c, |(s, _)| s)
    }

    /// Keeps a granted power for the effect being played from it (500.6b: paying may
    /// take the grant away, as KOing the equipment that gives it does).
    pub(crate) fn keep_played_power(&mut self, c: CardId, i: u8) {
        if i < GRANTED {
            return;
        }
        let Some((s, p)) = self
            .granted_powers(c)
            .into_iter()
            .nth((i - GRANTED) as usize)
            .map(|(s, p)| (s, p.clone()))
        else {
            return;
        };
        let object = self.card(c).object;
        let now = self.clock;
        self.gained_powers
            .retain(|g| !(g.card == c && g.index == i && g.played));
        self.gained_powers.push(GainedPower {
            card: c,
            object,
            index: i,
            power: p,
            text_of: s,
            timestamp: now,
            this_turn: true,
            played: true,
        });
    }

    /// 500.6a: `to` gains the activated powers (500.3a) of `from` (`activated_only`), or
    /// (500.6) its payment and continuous powers, without their keywords (a gained power
    /// has no gate and stands for no keyword); its references to itself are to `to` (the
    /// card language's `this` is the object the power is on). A power worded identically
    /// to one `to` has already is not gained. Returns how many were.
    /// Triggered powers are not gained; neither is a power a keyword stands for.
    pub(crate) fn gain_powers(
        &mut self,
        to: CardId,
        from: CardId,
        this_turn: bool,
        set: crate::vocab::GainedSet,
    ) -> usize {
        use crate::vocab::GainedSet;
        if !self.is_character(to) || !self.is_character(from) {
            return 0;
        }
        let candidates: Vec<Power> = self
            .power_numbers(from)
            .into_iter()
            .filter(|&i| {
                self.power_def_at(from, i)
                    .is_some_and(|p| p.keyword.is_none())
            })
            .filter_map(|i| self.power_at(from, i).cloned())
            .filter(|p| match p {
                // 501.1a: keyword powers were left out above (`keyword`).
                Power::Payment { costs, .. } => {
                    set != GainedSet::Activated || costs.contains(&CostItem::Activate)
                }
                Power::Continuous(_) => set == GainedSet::PaymentAndContinuous,
                _ => false,
            })
            .collect();
        let mut gained = 0;
        for power in candidates {
            // 500.6a: not a power worded identically to one it has (text is generated
            // from the definition, so identical wording is an identical definition).
            let has = self
                .power_numbers(to)
                .into_iter()
                .any(|i| self.power_at(to, i) == Some(&power));
            if has {
                continue;
            }
            let object = self.card(to).object;
            let index = self
                .gained_powers
                .iter()
                .filter(|g| g.card == to && g.object == object && !g.played)
                .map(|g| g.index + 1)
                .max()
                .unwrap_or(0)
                .max(self.def(to).powers.len() as u8);
            if index >= GRANTED {
                break;
            }
            let now = self.tick();
            self.gained_powers.push(GainedPower {
                card: to,
                object,
                index,
                power: power.into(),
                text_of: to,
                timestamp: now,
                this_turn,
                played: false,
            });
            gained += 1;
        }
        gained
    }

    /// 408.2d: powers gained "this turn" end; powers kept for played effects go, and so
    /// do those of objects that have since left (213.1c).
    pub(crate) fn end_gained_this_turn(&mut self) {
        if !self.gained_powers.is_empty() {
            let cards = &self.cards;
            self.gained_powers
                .retain(|g| !g.this_turn && cards[g.card.0 as usize].object == g.object);
        }
    }
}
