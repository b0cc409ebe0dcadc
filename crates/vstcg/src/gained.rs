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
    /// timestamp. They start to apply together; their controller's order is the order
    /// they are printed in (docs/rulings.md, "Powers that come back together").
    pub(crate) fn restamp_powers(&mut self, c: CardId, which: impl Fn(&PowerDef) -> bool) {
        let object = self.card(c).object;
        let picked: Vec<u8> = self
            .def(c)
            .powers
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p.power, Power::Continuous(_)) && which(p))
            .map(|(i, _)| i as u8)
            .collect();
        for i in picked {
            let now = self.tick();
            self.power_stamps
                .retain(|&(x, o, p, _)| !(x == c && o == object && p == i));
            self.power_stamps.push((c, object, i, now));
        }
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
        for (c, what) in back {
            match what {
                Cant::HaveLeader if !self.leader_removed(c) => self.restamp_powers(c, |p| p.leader),
                Cant::HaveNonActivatedPowers => self.restamp_powers(c, |p| p.keyword.is_none()),
                _ => {}
            }
        }
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
        activated_only: bool,
    ) -> usize {
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
                Power::Payment { costs, .. } => {
                    !activated_only || costs.contains(&CostItem::Activate)
                }
                Power::Continuous(_) => !activated_only,
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
