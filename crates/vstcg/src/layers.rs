//! The affiliations a card has now (206.1) through the continuous modifiers that change
//! them — crossover (708.3a), gaining an affiliation, losing all affiliations — applied
//! in the order of 514: by timestamp (515.3), a modifier that depends on another after
//! it (514.2, 514.4), and a knot of modifiers that depend on each other started, for
//! each object, at the earliest one that applies to it (514.4a). Every other modifier
//! that reads affiliations (a filter's `(affiliation ...)`) reads them through
//! [`GameState::affiliations`], so it comes after these (514.4: it depends on them).

use crate::ids::*;
use crate::model::*;
use crate::power::{Affects, Continuous, Power};
use crate::state::*;

/// An affiliation-changing continuous power in play: its source and power index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct AffMod {
    source: CardId,
    power: u8,
    timestamp: u32,
}

/// Every affiliation, for "unaffiliated" and "lose all affiliations".
const ALL: Affiliations = Affiliations(u128::MAX);

/// The affiliations a filter's tests read (514.2: what could change which objects the
/// modifier applies to).
fn filter_reads(f: &Filter) -> Affiliations {
    fn test(t: &Test) -> u128 {
        match t {
            Test::Affiliation(a, _) => a.0,
            Test::Unaffiliated => ALL.0,
            Test::Not(inner) => test(inner),
            _ => 0,
        }
    }
    Affiliations(f.0.iter().map(test).fold(0, |a, b| a | b))
}

impl GameState {
    /// The affiliations a character or character card has now (206.1): printed, kept
    /// from the zone a recruited card came from while it is on the chain (301.4), and
    /// changed by continuous modifiers (708.3a, 514).
    pub(crate) fn layered_affiliations(&self, c: CardId) -> Affiliations {
        let card = self.card(c);
        if card.zone == Zone::Chain {
            if let Some(&(_, _, a)) = self
                .kept_affiliations
                .iter()
                .find(|(x, object, _)| *x == c && *object == card.object)
            {
                return a;
            }
        }
        let mut have = self.def(c).affiliations();
        if !self.continuous_kinds.affiliations {
            return have;
        }
        let mods = self.affiliation_modifiers();
        if mods.is_empty() {
            return have;
        }
        for group in self.dependency_order(&mods) {
            if group.len() == 1 {
                if self.aff_applies(group[0], c, have) {
                    have = self.aff_apply(group[0], have);
                }
                continue;
            }
            // 514.4a: a knot: start at the earliest modifier that applies to this
            // object, then go on through the knot, each once, in timestamp order.
            let mut left = group;
            while let Some(i) = left.iter().position(|&m| self.aff_applies(m, c, have)) {
                have = self.aff_apply(left.remove(i), have);
            }
        }
        have
    }

    /// 301.4: remember the affiliations a character card has as it is recruited onto
    /// the chain (call after it is there, with what it had before).
    pub(crate) fn keep_affiliations(&mut self, c: CardId, had: Affiliations) {
        if !self.def(c).ty.is_character() || self.card(c).zone != Zone::Chain {
            return;
        }
        let object = self.card(c).object;
        self.kept_affiliations.retain(|(x, _, _)| *x != c);
        self.kept_affiliations.push((c, object, had));
    }

    /// The affiliation-changing continuous powers whose text is active, in timestamp
    /// order (515.3: a power's modifier has its card's timestamp).
    fn affiliation_modifiers(&self) -> Vec<AffMod> {
        let mut out = Vec::new();
        for s in self.continuous_sources() {
            for (i, p) in self.continuous_powers(s) {
                if matches!(
                    p.power,
                    Power::Continuous(
                        Continuous::Crossover { .. }
                            | Continuous::GainAffiliation { .. }
                            | Continuous::LoseAffiliations { .. }
                    )
                ) && self.power_active(s, i)
                {
                    out.push(AffMod {
                        source: s,
                        power: i,
                        timestamp: self.power_timestamp(s, i),
                    });
                }
            }
        }
        out.sort_by_key(|m| (m.timestamp, m.source, m.power));
        out
    }

    fn aff_power(&self, m: AffMod) -> &Continuous {
        match self.power_at(m.source, m.power) {
            Some(Power::Continuous(k)) => k,
            _ => unreachable!("an affiliation modifier is a continuous power"),
        }
    }

    /// 514.2: the affiliations whose presence could change which objects `m` applies to.
    fn aff_reads(&self, m: AffMod) -> Affiliations {
        match self.aff_power(m) {
            Continuous::Crossover { affiliations, .. } => *affiliations,
            Continuous::GainAffiliation { who, .. } | Continuous::LoseAffiliations { who } => {
                match who {
                    Affects::Each(f) | Affects::Cards(f) => filter_reads(f),
                    Affects::This | Affects::Host => Affiliations::NONE,
                }
            }
            _ => Affiliations::NONE,
        }
    }

    /// The affiliations `m` could add or take away.
    fn aff_writes(&self, m: AffMod) -> Affiliations {
        match self.aff_power(m) {
            Continuous::Crossover { affiliations, .. }
            | Continuous::GainAffiliation { affiliations, .. } => *affiliations,
            Continuous::LoseAffiliations { .. } => ALL,
            _ => Affiliations::NONE,
        }
    }

    /// 514.2: does `a` depend on `b`?
    fn aff_depends(&self, a: AffMod, b: AffMod) -> bool {
        a != b && self.aff_reads(a).shares(self.aff_writes(b))
    }

    /// 514.4: the modifiers in the order they apply, as groups: a group of one is
    /// applied in its place; a larger group is a knot (514.4a) of modifiers that all
    /// depend on each other, in timestamp order. Independent modifiers keep their
    /// timestamp order and each dependent one goes after what it depends on.
    fn dependency_order(&self, mods: &[AffMod]) -> Vec<Vec<AffMod>> {
        let n = mods.len();
        // reach[i][j]: i depends on j, directly or through others.
        let mut reach = vec![vec![false; n]; n];
        for i in 0..n {
            for j in 0..n {
                reach[i][j] = self.aff_depends(mods[i], mods[j]);
            }
        }
        for k in 0..n {
            let through = reach[k].clone();
            for row in reach.iter_mut() {
                if row[k] {
                    for (r, &t) in row.iter_mut().zip(&through) {
                        *r |= t;
                    }
                }
            }
        }
        // Knots: modifiers that depend on each other (a strongly connected group).
        let mut group_of = vec![usize::MAX; n];
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for i in 0..n {
            if group_of[i] != usize::MAX {
                continue;
            }
            let g = groups.len();
            let members: Vec<usize> = (0..n)
                .filter(|&j| j == i || (reach[i][j] && reach[j][i]))
                .collect();
            for &j in &members {
                group_of[j] = g;
            }
            groups.push(members);
        }
        // Place groups: the earliest-timestamped group whose dependencies are placed.
        let mut placed = vec![false; groups.len()];
        let mut out = Vec::new();
        while out.len() < groups.len() {
            let next = (0..groups.len())
                .filter(|&g| !placed[g])
                .find(|&g| {
                    groups[g].iter().all(|&i| {
                        (0..n).all(|j| !reach[i][j] || group_of[j] == g || placed[group_of[j]])
                    })
                })
                .unwrap_or_else(|| (0..groups.len()).find(|&g| !placed[g]).unwrap());
            placed[next] = true;
            out.push(groups[next].iter().map(|&i| mods[i]).collect());
        }
        out
    }

    /// Does `m` apply to `c`, which has the affiliations `have` so far?
    fn aff_applies(&self, m: AffMod, c: CardId, have: Affiliations) -> bool {
        let controller = self.card(m.source).controller;
        match self.aff_power(m) {
            // 708.3a: characters that player controls, and the character cards they own
            // in the other zones.
            Continuous::Crossover { affiliations, .. } => {
                let card = self.card(c);
                let theirs = if self.is_character(c) {
                    card.controller == controller
                } else {
                    card.owner == controller && self.def(c).ty.is_character()
                };
                theirs && have.shares(*affiliations)
            }
            Continuous::GainAffiliation { who, .. } | Continuous::LoseAffiliations { who } => {
                match who {
                    Affects::This => m.source == c,
                    Affects::Host => self.card(m.source).zone == Zone::Equipped(c),
                    Affects::Each(f) => {
                        self.is_character(c)
                            && f.0.iter().all(|t| {
                                self.passes_having(t, c, (controller, m.source), have, false)
                            })
                    }
                    // 511.2b: cards in every zone.
                    Affects::Cards(f) => {
                        f.0.iter()
                            .all(|t| self.passes_having(t, c, (controller, m.source), have, true))
                    }
                }
            }
            _ => false,
        }
    }

    fn aff_apply(&self, m: AffMod, have: Affiliations) -> Affiliations {
        match self.aff_power(m) {
            Continuous::Crossover { affiliations, .. }
            | Continuous::GainAffiliation { affiliations, .. } => {
                Affiliations(have.0 | affiliations.0)
            }
            Continuous::LoseAffiliations { .. } => Affiliations::NONE,
            _ => have,
        }
    }

    /// `passes` of one test — or, `in_any_zone`, `card_matches` (a card in any zone,
    /// 511.2b) — with `c`'s affiliations taken as `have` (the layer being worked out).
    fn passes_having(
        &self,
        t: &Test,
        c: CardId,
        (controller, source): (PlayerId, CardId),
        have: Affiliations,
        in_any_zone: bool,
    ) -> bool {
        match t {
            Test::Affiliation(a, _) => have.shares(*a),
            Test::Unaffiliated => have.is_empty(),
            Test::Not(inner) => {
                !self.passes_having(inner, c, (controller, source), have, in_any_zone)
            }
            _ if in_any_zone => self.card_matches(&Filter(vec![t.clone()]), c, controller, source),
            _ => self.passes(t, c, controller, source),
        }
    }
}

impl GameState {
    /// The name modifiers that apply to `c`, in timestamp order (515.3): (names, lose).
    fn name_modifiers(&self, c: CardId) -> Vec<(&[String], bool)> {
        let mut found = Vec::new();
        if !self.continuous_kinds.names {
            return Vec::new();
        }
        let in_play = self.is_character(c);
        for s in self.continuous_sources() {
            for (i, p) in self.continuous_powers(s) {
                let Power::Continuous(Continuous::Names { who, names, lose }) = &p.power else {
                    continue;
                };
                let controller = self.card(s).controller;
                let applies = match who {
                    Affects::This => in_play && s == c,
                    Affects::Host => in_play && self.card(s).zone == Zone::Equipped(c),
                    // A name modifier's own filter reads printed names and versions.
                    Affects::Each(f) => {
                        in_play
                            && f.0
                                .iter()
                                .all(|t| self.passes_printed_names(t, c, controller, s))
                    }
                    // 511.2b: cards in every zone, in play too.
                    Affects::Cards(f) => {
                        f.0.iter()
                            .all(|t| self.card_passes_printed_names(t, c, controller, s))
                    }
                };
                if applies && self.power_active(s, i) {
                    found.push((self.power_timestamp(s, i), s, i, names.as_slice(), *lose));
                }
            }
        }
        found.sort_by_key(|&(t, s, i, _, _)| (t, s, i));
        found.into_iter().map(|(_, _, _, n, l)| (n, l)).collect()
    }

    /// 201.7, 201.8: the names `c` has now: its printed name, replaced or added to by
    /// continuous modifiers in timestamp order; a name it has isn't gained again.
    pub fn names(&self, c: CardId) -> Vec<String> {
        let mut names = vec![self.def(c).name.clone()];
        for (new, lose) in self.name_modifiers(c) {
            if lose {
                names.clear();
            }
            for n in new {
                if !names.iter().any(|x| x.eq_ignore_ascii_case(n)) {
                    names.push(n.clone());
                }
            }
        }
        names
    }

    /// 202: its version now: printed, unless a modifier took its versions away ("").
    pub fn version(&self, c: CardId) -> String {
        if self.name_modifiers(c).iter().any(|&(_, lose)| lose) {
            String::new()
        } else {
            self.def(c).version.clone()
        }
    }

    /// 202.1a: its versions now: every printed one, none if a modifier took them away.
    pub fn versions(&self, c: CardId) -> Vec<String> {
        if self.name_modifiers(c).iter().any(|&(_, lose)| lose) {
            return Vec::new();
        }
        let def = self.def(c);
        std::iter::once(&def.version)
            .chain(&def.more_versions)
            .filter(|v| !v.is_empty())
            .cloned()
            .collect()
    }

    /// 202.6: the same number of versions, all matching.
    pub fn same_version(&self, a: CardId, b: CardId) -> bool {
        let (va, vb) = (self.versions(a), self.versions(b));
        va.len() == vb.len()
            && va
                .iter()
                .all(|x| vb.iter().any(|y| y.eq_ignore_ascii_case(x)))
    }

    /// 202.6: at least one version in common.
    pub fn shares_version(&self, a: CardId, b: CardId) -> bool {
        let vb = self.versions(b);
        self.versions(a)
            .iter()
            .any(|x| vb.iter().any(|y| y.eq_ignore_ascii_case(x)))
    }

    /// "Name <> Identity, Version" as the card is now (201.7: a changed name shows).
    pub(crate) fn current_name(&self, c: CardId) -> String {
        let def = self.def(c);
        if self.name_modifiers(c).is_empty() {
            return def.full_name();
        }
        let mut s = self.names(c).join(" / ");
        if let Some(i) = &def.identity {
            s = format!("{s} <> {i}");
        }
        let v = self.version(c);
        if !v.is_empty() {
            s = format!("{s}, {v}");
        }
        s
    }

    /// `card_matches` of one test (a card in any zone, 511.2b), reading printed names and
    /// versions.
    fn card_passes_printed_names(
        &self,
        t: &Test,
        c: CardId,
        controller: PlayerId,
        source: CardId,
    ) -> bool {
        match t {
            Test::Named(n) => self.def(c).name.eq_ignore_ascii_case(n),
            Test::Version(v) => self.def(c).version.eq_ignore_ascii_case(v),
            Test::Not(inner) => !self.card_passes_printed_names(inner, c, controller, source),
            _ => self.card_matches(&Filter(vec![t.clone()]), c, controller, source),
        }
    }

    fn passes_printed_names(
        &self,
        t: &Test,
        c: CardId,
        controller: PlayerId,
        source: CardId,
    ) -> bool {
        match t {
            Test::Named(n) => self.def(c).name.eq_ignore_ascii_case(n),
            Test::Version(v) => self.def(c).version.eq_ignore_ascii_case(v),
            Test::Not(inner) => !self.passes_printed_names(inner, c, controller, source),
            _ => self.passes(t, c, controller, source),
        }
    }
}

impl GameState {
    /// "Costs 1 less to recruit for each FILTER character you recruited this turn": the
    /// characters its owner recruited this turn that match, each with the affiliations
    /// it had as it was recruited (301.4).
    pub(crate) fn recruit_reduction(&self, card: CardId) -> u8 {
        let p = self.card(card).owner;
        let mut n = 0u8;
        for pw in &self.def(card).powers {
            let Power::Continuous(Continuous::CostLessPerRecruited { filter }) = &pw.power else {
                continue;
            };
            for &(who, c, had) in &self.recruited_this_turn {
                if who == p
                    && filter
                        .0
                        .iter()
                        .all(|t| self.passes_having(t, c, (p, card), had, false))
                {
                    n = n.saturating_add(1);
                }
            }
        }
        n
    }
}
