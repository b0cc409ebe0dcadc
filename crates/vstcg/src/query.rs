//! Which characters a description matches (filters, 504.3b), read from a controller and
//! a source, and which objects' text is active (210.5).

use crate::ids::*;
use crate::model::*;
use crate::power::{Affects, Continuous, Power};
use crate::state::*;

/// G-Word: does `text` hold `word` as a whole word? Words are runs of letters, digits,
/// hyphens and apostrophes: "Superman/Batman" holds "Batman", "She-Hulk" and "Hulking"
/// don't hold "Hulk".
pub fn has_word(text: &str, word: &str) -> bool {
    text.split(|ch: char| !(ch.is_alphanumeric() || ch == '-' || ch == '\''))
        .any(|w| w.eq_ignore_ascii_case(word))
}

impl GameState {
    /// Does the character `c` pass `t`, for an effect or power that `controller`
    /// controls and that comes from `source`?
    pub fn passes(&self, t: &Test, c: CardId, controller: PlayerId, source: CardId) -> bool {
        let card = self.card(c);
        let pos = self.position(c);
        match t {
            Test::FrontRow => pos.is_some_and(|p| p.row == Row::Front),
            Test::SupportRow => pos.is_some_and(|p| p.row == Row::Support),
            Test::Visible => pos.is_some_and(|p| p.area == Area::Visible),
            Test::Hidden => pos.is_some_and(|p| p.area == Area::Hidden),
            Test::Exhausted => card.exhausted,
            Test::Ready => !card.exhausted,
            Test::Stunned => card.stunned,
            Test::Attacker => self.is_attacker(c),
            Test::Defender => self.is_defender(c),
            Test::Controlled(Relation::You) => card.controller == controller,
            Test::Controlled(Relation::Opponent) => self.is_opponent(controller, card.controller),
            Test::Affiliation(a, _) => self.affiliations(c).shares(*a),
            Test::Unaffiliated => self.affiliations(c).is_empty(),
            // 201.2e: any of its names, however it got them (201.7, 201.8).
            Test::Named(n) => self.names(c).iter().any(|x| x.eq_ignore_ascii_case(n)),
            Test::Version(v) => self.versions(c).iter().any(|x| x.eq_ignore_ascii_case(v)),
            Test::DifferentVersion => {
                c != source && self.shares_name(c, source) && !self.same_version(c, source)
            }
            // 706.10: a leader's "adjacent" is adjacent to itself (705.2).
            Test::Adjacent => self.adjacent(c, source),
            // 203.4d: a costless character has no cost to compare.
            Test::CostAtMost(n) => self.cost(c).is_some_and(|k| k <= *n),
            Test::CostAtLeast(n) => self.cost(c).is_some_and(|k| k >= *n),
            Test::CostAtLeastThis => match (self.cost(c), self.cost(source)) {
                (Some(k), Some(n)) => k >= n,
                _ => false,
            },
            Test::Hunted => self.hunted_by(controller) == Some(c),
            Test::Identity(i) => self.identities(c).iter().any(|x| x.eq_ignore_ascii_case(i)),
            Test::SharesIdentity => {
                let mine = self.identities(source);
                c != source
                    && self
                        .identities(c)
                        .iter()
                        .any(|x| mine.iter().any(|y| y.eq_ignore_ascii_case(x)))
            }
            // 706.3c, 706.8c: "with loyalty", "with cosmic" take in their kin.
            Test::Keyword(k) => k.family().iter().any(|&f| self.has_keyword(c, f)),
            Test::Flight => self.has_flight(c),
            Test::Range => self.has_range(c),
            Test::Other => c != source,
            Test::Itself => c == source,
            Test::CardType(k) => self.def(c).kind() == *k,
            Test::Not(t) => !self.passes(t, c, controller, source),
            // 701.14: stays one when the other team attackers leave (602.2b).
            Test::TeamAttacker => {
                self.is_attacker(c) && self.attack.as_ref().is_some_and(|a| a.team)
            }
            Test::Concealed => self.concealment_of(c) != Concealment::Visible,
            // 207.2: outside the text box, kept by stunned and face-down cards.
            Test::Trait(t) => self.def(c).traits.iter().any(|x| x.eq_ignore_ascii_case(t)),
            Test::Marvel => self.def(c).marvel,
            Test::Dc => self.def(c).dc,
            Test::FaceUp => card.zone == Zone::Resource && card.face_up,
            Test::HasAttacked => self.had_role(c, &[CombatRole::Attacker], false),
            Test::HasTeamAttacked => self.had_role(c, &[CombatRole::TeamAttacker], false),
            Test::AlreadyAttacked => self.had_role(c, &[CombatRole::Defender], true),
            Test::HasReinforced => self.has_reinforced(c),
            // 513.5: the event a replacement replaces, read from its new event.
            Test::That => self.resolving.as_ref().and_then(|r| r.event_card) == Some(c),
            Test::ThatsControllers => self
                .resolving
                .as_ref()
                .and_then(|r| r.event_card)
                .is_some_and(|e| self.card(e).controller == card.controller),
            Test::ChosenToPlay => self.chose_to_play(source, c),
            Test::Behind => self.behind(c, source),
            Test::AdjacentResource => self.adjacent_resources(c, source),
            Test::Owned => card.owner == controller,
            Test::LocationObject => self.is_location_object(c),
            Test::InCombat => {
                self.in_attack_substep() && (self.is_attacker(c) || self.is_defender(c))
            }
            Test::IlluminatiMember => self.illuminati_names(c) != 0,
            Test::ChosenIdentity => match self.chosen_identity_name() {
                Some(i) => self
                    .identities(c)
                    .iter()
                    .any(|x| x.eq_ignore_ascii_case(&i)),
                None => false,
            },
            Test::RememberedAffiliation => self.remembered_affiliation(source).is_some_and(|i| {
                self.affiliations(c)
                    .shares(Affiliations::NONE.with(i as usize))
            }),
            Test::Word(w, parts) => {
                let def = self.def(c);
                (parts.name && has_word(&def.name, w))
                    // 201.6: a card with no diamond has its printed name as its identity.
                    || (parts.identity && has_word(def.printed_identity(), w))
                    // 210.5a, 210.5c: only active text has words.
                    || (parts.text
                        && self.text_is_active(c)
                        && has_word(&crate::text::game_text(def), w))
            }
        }
    }

    /// Does a card in any zone (a deck, a hand, a KO'd pile) match? Only the tests a
    /// card has outside play count (201.2c); play-only tests (rows, stunned…) fail.
    pub fn card_matches(
        &self,
        f: &Filter,
        c: CardId,
        controller: PlayerId,
        source: CardId,
    ) -> bool {
        f.0.iter().all(|t| match t {
            Test::Named(_)
            | Test::Version(_)
            | Test::CostAtMost(_)
            | Test::CostAtLeast(_)
            | Test::CostAtLeastThis
            | Test::Identity(_)
            | Test::SharesIdentity
            | Test::Affiliation(..)
            | Test::Unaffiliated
            | Test::CardType(_)
            | Test::Concealed
            | Test::Trait(_)
            | Test::Marvel
            | Test::Dc
            | Test::Word(..)
            | Test::DifferentVersion
            | Test::IlluminatiMember
            | Test::ChosenIdentity
            | Test::Other
            | Test::Owned
            | Test::Itself => self.passes(t, c, controller, source),
            // 706.18a: a shifted card has shift.
            Test::Keyword(k) => {
                k.family().iter().any(|&f| self.def(c).has(f))
                    || (*k == Keyword::Shift && self.is_shifted(c))
            }
            Test::Not(inner) => {
                !self.card_matches(&Filter(vec![(**inner).clone()]), c, controller, source)
            }
            _ => false,
        })
    }

    /// 701.11: does the resource `c` pass the tests? An unrevealed face-down resource has
    /// no characteristics but being a resource, ready or exhausted (701.11a), and its
    /// controller: every other test fails on it, so nothing hidden is told.
    pub fn resource_matches(
        &self,
        f: &Filter,
        c: CardId,
        controller: PlayerId,
        source: CardId,
    ) -> bool {
        let card = self.card(c);
        if card.zone != Zone::Resource {
            return false;
        }
        let hidden = !card.face_up && !card.revealed;
        f.0.iter().all(|t| {
            let plain = matches!(
                t,
                Test::Controlled(_)
                    | Test::Ready
                    | Test::Exhausted
                    | Test::FaceUp
                    | Test::LocationObject
                    | Test::Other
                    | Test::Itself
            ) || matches!(t, Test::Not(inner) if matches!(**inner, Test::FaceUp | Test::LocationObject));
            (plain || !hidden) && self.passes(t, c, controller, source)
        })
    }

    /// Every resource in play that matches (701.11), row by row, left to right.
    pub fn matching_resources(
        &self,
        f: &Filter,
        controller: PlayerId,
        source: CardId,
    ) -> Vec<CardId> {
        self.players
            .iter()
            .flat_map(|p| p.resources.iter().copied())
            .filter(|&c| self.resource_matches(f, c, controller, source))
            .collect()
    }

    /// Glossary: Illuminati: which members' names `c` has (bit `i` for
    /// `ILLUMINATI[i]`), any of its names counting, whatever its versions and identities.
    pub fn illuminati_names(&self, c: CardId) -> u8 {
        if !self.is_character(c) {
            return 0;
        }
        let names = self.names(c);
        let mut bits = 0u8;
        for (i, m) in crate::vocab::ILLUMINATI.iter().enumerate() {
            if names.iter().any(|n| n.eq_ignore_ascii_case(m)) {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// 511.4a: the identities that exist in the game (its card pool): each character
    /// card's printed identity, and the name of one without a diamond (201.6), once
    /// each, sorted.
    pub fn identity_names(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for d in &self.pool.defs {
            if d.kind() != crate::vocab::CardKind::Character {
                continue;
            }
            let i = d.printed_identity();
            if !out.iter().any(|x| x.eq_ignore_ascii_case(i)) {
                out.push(i.to_string());
            }
        }
        out.sort();
        out
    }

    /// 511.4: the identity the resolving effect chose, if it chose one.
    pub fn chosen_identity_name(&self) -> Option<String> {
        let i = self.chosen_identity?;
        self.identity_names().get(i as usize).cloned()
    }

    /// 513.1c: the affiliation the object `source` is now remembers choosing.
    pub fn remembered_affiliation(&self, source: CardId) -> Option<u8> {
        if self.remembered.is_empty() {
            return None;
        }
        let object = self.card(source).object;
        self.remembered
            .iter()
            .find(|m| m.card == source && m.object == object)
            .and_then(|m| m.affiliation)
    }

    /// 201.6, glossary Identity: the identities `c` has: its printed identity (its
    /// printed name when it prints none) and those continuous powers give it.
    pub fn identities(&self, c: CardId) -> Vec<String> {
        let mut out = vec![self.def(c).printed_identity().to_string()];
        if !self.is_character(c) {
            return out;
        }
        for s in self.continuous_sources() {
            for (i, p) in self.def(s).powers.iter().enumerate() {
                if let Power::Continuous(Continuous::Identities { who, identities }) = &p.power {
                    if self.affects(who, s, c) && self.power_active(s, i as u8) {
                        for n in identities {
                            if !out.iter().any(|x| x.eq_ignore_ascii_case(n)) {
                                out.push(n.clone());
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// 706.18a: `c` was removed from the game shifted and has stayed there since.
    pub fn is_shifted(&self, c: CardId) -> bool {
        matches!(self.card(c).zone, Zone::Removed { .. })
            && self.shifted.contains(&(c, self.card(c).object))
    }

    /// 706.17, 706.17a: the character `p` hunts: still the object that became hunted (a
    /// character that left play is hunted by no one), in play and opposed to `p`.
    pub fn hunted_by(&self, p: PlayerId) -> Option<CardId> {
        self.hunted.iter().find_map(|&(q, c, object)| {
            (q == p
                && self.card(c).object == object
                && self.is_character(c)
                && self.is_opponent(p, self.card(c).controller))
            .then_some(c)
        })
    }

    pub fn matches(&self, f: &Filter, c: CardId, controller: PlayerId, source: CardId) -> bool {
        self.is_character(c) && f.0.iter().all(|t| self.passes(t, c, controller, source))
    }

    /// Every character in play that matches.
    pub fn matching(&self, f: &Filter, controller: PlayerId, source: CardId) -> Vec<CardId> {
        self.players
            .iter()
            .flat_map(|p| p.characters.iter().copied())
            .filter(|&c| self.matches(f, c, controller, source))
            .collect()
    }

    /// 705.1a: `c` is a support row character behind the front row character `front`:
    /// the same column of the same player's area, stunned or not (705.1b).
    pub fn behind(&self, c: CardId, front: CardId) -> bool {
        let (Some(pc), Some(pf)) = (self.position(c), self.position(front)) else {
            return false;
        };
        self.card(c).controller == self.card(front).controller
            && pc.area == pf.area
            && pc.row == Row::Support
            && pf.row == Row::Front
            && pc.col == pf.col
    }

    /// 705.4: resources next to each other in one resource row (705.3: the row closes up,
    /// so its order is its columns).
    pub fn adjacent_resources(&self, a: CardId, b: CardId) -> bool {
        let (ca, cb) = (self.card(a), self.card(b));
        if ca.zone != Zone::Resource || cb.zone != Zone::Resource || ca.controller != cb.controller
        {
            return false;
        }
        let row = &self.player(ca.controller).resources;
        match (
            row.iter().position(|&x| x == a),
            row.iter().position(|&x| x == b),
        ) {
            (Some(i), Some(j)) => i.abs_diff(j) == 1,
            _ => false,
        }
    }

    /// Glossary: Targeting: the character a card targets. A card targets only while it
    /// is a recruit effect on the chain (an equipment its host, 302.3c); an effect of one
    /// of its powers targets, the card itself does not.
    pub fn card_targets(&self, card: CardId) -> Option<CardId> {
        self.chain.iter().find_map(|e| match e.kind {
            EffectKind::Recruit {
                card: c,
                host: Some((h, o)),
                ..
            } if c == card && self.card(h).object == o => Some(h),
            _ => None,
        })
    }

    /// Glossary: Targeting: is the effect `id` on the chain targeting `c` (505.1c: what it
    /// chose as it was played, while it is still that object)?
    pub fn effect_targets(&self, id: u32, c: CardId) -> bool {
        let object = self.card(c).object;
        self.chain.iter().any(|e| {
            e.id == id
                && match &e.kind {
                    EffectKind::Card { targets, .. } => {
                        targets.contains(&TargetRef::Card(c, object))
                    }
                    EffectKind::Recruit { host, .. } => *host == Some((c, object)),
                    EffectKind::PowerUp { target } | EffectKind::Reinforcement { target, .. } => {
                        *target == (c, object)
                    }
                    _ => false,
                }
        })
    }

    /// The concealment `c` has now (701.21, 701.22): printed, or concealed—optional by
    /// its own "while targeting or equipped to" power (Batmobile, VS-TCG-155).
    pub fn concealment_of(&self, c: CardId) -> Concealment {
        let host = match self.card(c).zone {
            Zone::Equipped(h) => Some(h),
            Zone::Chain => self.card_targets(c),
            _ => None,
        };
        match host {
            Some(h) => self.concealment_toward(c, h),
            None => self.def(c).concealment(),
        }
    }

    /// The concealment an equipment has while it targets or is equipped to `host`.
    pub fn concealment_toward(&self, e: CardId, host: CardId) -> Concealment {
        let printed = self.def(e).concealment();
        let p = self.card(e).controller;
        let optional = self.def(e).powers.iter().any(|pw| {
            matches!(&pw.power, Power::Continuous(Continuous::ConcealedOptionalWhile { filter })
                if filter.0.iter().all(|t| self.passes(t, host, p, e)))
        });
        if printed == Concealment::Visible && optional {
            Concealment::Optional
        } else {
            printed
        }
    }

    /// 210.5a, 210.5b: is `c`'s text active, wherever it is? A card's text is active in
    /// every zone — the hand, the deck as it is searched (VS-TCG-160), the KO'd pile, the
    /// chain, out of the game — even where its powers don't function (500.2); inactive
    /// are only a stunned character's and its equipment's text and an unrevealed face-down
    /// resource's (210.5b: "otherwise, a card's text is active"). Inactive text is treated
    /// as though it didn't exist (210.5c). Whether its powers function is
    /// [`Self::text_active`] (in play) or what the power says (500.2).
    pub fn text_is_active(&self, c: CardId) -> bool {
        let card = self.card(c);
        match card.zone {
            Zone::Character(_) | Zone::Equipped(_) => self.text_active(c),
            Zone::Resource => card.face_up || card.revealed,
            Zone::Deck | Zone::Hand | Zone::KoPile | Zone::Chain | Zone::Removed { .. } => true,
        }
    }

    /// 210.5: is this object's text active? Characters unless stunned (701.12b),
    /// equipment unless on a stunned character (302.5), face-up resources (701.11c;
    /// an ongoing plot twist's powers only there, 701.6).
    pub fn text_active(&self, c: CardId) -> bool {
        let card = self.card(c);
        match card.zone {
            Zone::Character(_) => !card.stunned,
            Zone::Equipped(h) => !self.card(h).stunned,
            Zone::Resource => card.face_up,
            _ => false,
        }
    }

    /// Is a power's text active beyond its card's (210.5b): cosmic text with a cosmic
    /// counter (706.7a), a character's boost text when boosted this turn (706.2a)?
    pub fn power_active(&self, c: CardId, power: u8) -> bool {
        self.power_gate_open(c, power) && !self.power_removed(c, power)
    }

    fn power_gate_open(&self, c: CardId, power: u8) -> bool {
        let Some(p) = self.def(c).powers.get(power as usize) else {
            return true;
        };
        // 706.10: a leader power is active only while the card has leader.
        if p.leader && !self.has_keyword(c, Keyword::Leader) {
            return false;
        }
        match p.gate {
            None => true,
            Some(crate::power::Gate::Cosmic) => self.card(c).cosmic,
            Some(crate::power::Gate::Boost) => self.card(c).boosted,
            Some(crate::power::Gate::Insanity) => self.player(self.card(c).owner).insane,
            // Glossary: During: on while the game is in the phase.
            Some(crate::power::Gate::During(ph)) => self.in_phase(ph),
        }
    }

    /// 706.10, 500.5: has an effect's modifier taken leader and the leader powers from
    /// `c` ("loses leader and all leader powers")? Only effects' modifiers say this, so
    /// reading it never asks a continuous power.
    pub(crate) fn leader_removed(&self, c: CardId) -> bool {
        self.modifiers
            .iter()
            .any(|m| m.cant == Some(Cant::HaveLeader) && self.modifier_applies(m, c))
    }

    /// 500.5: is this power removed ("loses and can't have non-activated powers")? Not
    /// an activated power (500.3a), nor one a keyword stands for; the keywords stay.
    /// A power that removes powers is not itself removed by another (read by its gate
    /// only), so removals never depend on each other.
    fn power_removed(&self, c: CardId, power: u8) -> bool {
        let what = Cant::HaveNonActivatedPowers;
        if self.continuous_kinds.cants & what.bit() == 0
            && !self.modifiers.iter().any(|m| m.cant == Some(what))
        {
            return false;
        }
        let Some(p) = self.power_def_at(c, power) else {
            return false;
        };
        let activated = matches!(&p.power, Power::Payment { costs, .. } if costs.contains(&crate::power::CostItem::Activate));
        if activated || p.keyword.is_some() {
            return false;
        }
        self.modifiers
            .iter()
            .any(|m| m.cant == Some(what) && self.modifier_applies(m, c))
            || self.continuous_sources_with(move |k| k.cants & what.bit() != 0).any(|s| {
                self.continuous_powers(s).any(|(i, p)| {
                    matches!(&p.power, Power::Continuous(Continuous::Cant { who, what: w }) if *w == what && self.affects(who, s, c))
                        && self.power_gate_open(s, i)
                })
            })
    }

    /// 513.6a, 513.6c: is this captor still that object in play and exhausted (face down
    /// or not)?
    pub(crate) fn captor_holds(&self, (x, object): (CardId, u32)) -> bool {
        let card = self.card(x);
        card.object == object
            && card.exhausted
            && matches!(
                card.zone,
                Zone::Character(_) | Zone::Equipped(_) | Zone::Resource
            )
    }

    /// Is the game in this phase now (in it outside its steps, or in one of its steps)?
    pub(crate) fn in_phase(&self, ph: crate::power::PhaseWord) -> bool {
        use crate::power::PhaseWord;
        let now = match self.part {
            Part::Setup => return false,
            Part::Phase(p) => p,
            Part::Step(StepKind::Attack, _) => Phase::Combat,
            Part::Step(_, _) => Phase::Build,
        };
        matches!(
            (ph, now),
            (PhaseWord::Draw, Phase::Draw)
                | (PhaseWord::Build, Phase::Build)
                | (PhaseWord::Combat, Phase::Combat)
                | (PhaseWord::Recovery, Phase::Recovery)
        )
    }

    /// 504.3d: may `p` not target `c` ("<player> can't target <card>": it can't be the
    /// target of effects `p` controls)?
    pub fn cant_be_targeted_by(&self, c: CardId, p: PlayerId) -> bool {
        self.continuous_kinds.targeting
            && self.continuous_sources().any(|s| {
                let controller = self.card(s).controller;
                self.def(s).powers.iter().enumerate().any(|(i, pw)| {
                    let Power::Continuous(Continuous::CantTarget { player, who }) = &pw.power
                    else {
                        return false;
                    };
                    let whose = match player {
                        Relation::You => p == controller,
                        Relation::Opponent => self.is_opponent(controller, p),
                    };
                    whose && self.affects(who, s, c) && self.power_active(s, i as u8)
                })
            })
    }

    /// 601.4b: is `p` under a modifier that says they can't be attacked?
    pub fn player_cant_be_attacked(&self, p: PlayerId) -> bool {
        self.continuous_kinds.player_cants
            && self.continuous_sources().any(|s| {
                let controller = self.card(s).controller;
                self.def(s).powers.iter().enumerate().any(|(i, pw)| {
                    let Power::Continuous(Continuous::PlayerCantBeAttacked { player }) = &pw.power
                    else {
                        return false;
                    };
                    let whose = match player {
                        Relation::You => p == controller,
                        Relation::Opponent => self.is_opponent(controller, p),
                    };
                    whose && self.power_active(s, i as u8)
                })
            })
    }

    /// 214.6: does `c`, entering play under `p`'s control, enter play stunned? Its own
    /// "this enters play stunned" (read from the card as it enters), or another card's
    /// modifier on characters it matches.
    pub(crate) fn enters_play_stunned(&self, c: CardId, entering: &[CardId]) -> bool {
        let own = self.def(c).powers.iter().any(|pw| {
            matches!(
                &pw.power,
                Power::Continuous(Continuous::EntersPlayStunned { who: Affects::This })
            )
        });
        own || (self.has_continuous_powers
            && self.continuous_sources().any(|s| {
                s != c
                    && !entering.contains(&s)
                    && self.def(s).powers.iter().enumerate().any(|(i, pw)| {
                        matches!(&pw.power, Power::Continuous(Continuous::EntersPlayStunned { who: who @ (Affects::Each(_) | Affects::Host) }) if self.affects(who, s, c))
                            && self.power_active(s, i as u8)
                    })
            }))
    }

    /// The objects whose continuous powers apply now: every object with active text
    /// and a continuous power.
    pub(crate) fn continuous_sources(&self) -> impl Iterator<Item = CardId> + '_ {
        self.players
            .iter()
            .flat_map(|p| {
                p.characters
                    .iter()
                    .chain(&p.equipment)
                    .chain(&p.resources)
                    .copied()
            })
            // 500.6: and objects that gained a continuous power.
            .filter(|&c| {
                (self.def(c).continuous || self.has_gained_continuous(c)) && self.text_active(c)
            })
    }

    /// As [`GameState::continuous_sources`], only those with a power of a kind `want`
    /// picks (in no particular order): with the game's index, a few cards are looked at.
    /// The index knows printed powers only: while some object has gained powers (500.6a),
    /// or in a game with a card that gives powers (500.6b: any object may have a granted
    /// continuous power), every object in play is looked at.
    pub(crate) fn continuous_sources_with(
        &self,
        want: impl Fn(&ContinuousKinds) -> bool + 'static,
    ) -> impl Iterator<Item = CardId> + '_ {
        let index = self
            .continuous_cards
            .as_deref()
            .filter(|_| self.gained_powers.is_empty() && !self.continuous_kinds.gives_powers);
        let indexed = index.map(|cards| {
            cards
                .iter()
                .filter(move |(_, k)| want(k))
                .map(|&(c, _)| c)
                .filter(|&c| self.text_active(c))
        });
        debug_assert!(
            indexed.is_none() || self.continuous_index_fits(),
            "the continuous cards index no longer matches the cards' definitions"
        );
        let scanned = match indexed {
            Some(_) => None,
            None => Some(self.continuous_sources()),
        };
        indexed
            .into_iter()
            .flatten()
            .chain(scanned.into_iter().flatten())
    }

    /// The index lists exactly the cards whose definition has a continuous power (a
    /// board that swaps definitions after setup must rebuild or drop it).
    fn continuous_index_fits(&self) -> bool {
        let Some(cards) = self.continuous_cards.as_deref() else {
            return true;
        };
        let mut listed = cards.iter().map(|&(c, _)| c);
        (0..self.cards.len())
            .map(|i| CardId(i as u16))
            .filter(|&c| self.def(c).continuous)
            .all(|c| listed.next() == Some(c))
            && listed.next().is_none()
    }

    /// Does a continuous power on `source` affect `c`?
    pub(crate) fn affects(&self, who: &Affects, source: CardId, c: CardId) -> bool {
        match who {
            Affects::This => source == c,
            Affects::Host => self.card(source).zone == Zone::Equipped(c),
            Affects::Each(f) => self.matches(f, c, self.card(source).controller, source),
            // 511.2b: cards in every zone.
            Affects::Cards(f) => self.card_matches(f, c, self.card(source).controller, source),
        }
    }

    /// 103.2: is `c` under a "can't" of this kind, from an effect's modifier or a
    /// continuous power?
    pub fn cant(&self, c: CardId, what: Cant) -> bool {
        if self
            .modifiers
            .iter()
            .any(|m| m.cant == Some(what) && self.modifier_applies(m, c))
        {
            return true;
        }
        self.continuous_kinds.cants & what.bit() != 0
            && self.continuous_sources_with(move |k| k.cants & what.bit() != 0).any(|s| {
                self.continuous_powers(s).any(|(i, p)| {
                    matches!(&p.power, Power::Continuous(Continuous::Cant { who, what: w }) if *w == what && self.affects(who, s, c))
                        && self.power_active(s, i)
                })
            })
    }

    /// The ATK and DEF changes of continuous powers (503) on `c`.
    pub(crate) fn power_stats(&self, c: CardId) -> (i32, i32) {
        let (mut atk, mut def) = (0, 0);
        for s in self.continuous_sources_with(|k| k.stats) {
            for (i, p) in self.def(s).powers.iter().enumerate() {
                if let Power::Continuous(Continuous::Stats {
                    who,
                    atk: a,
                    def: d,
                }) = &p.power
                {
                    if self.affects(who, s, c) && self.power_active(s, i as u8) {
                        atk += *a as i32;
                        def += *d as i32;
                    }
                }
            }
        }
        (atk, def)
    }

    /// 513.1f, 515.3: the ATK and DEF changes of continuous powers on `c` whose source's
    /// timestamp is after `t`.
    pub(crate) fn power_stats_after(&self, c: CardId, t: u32) -> (i32, i32) {
        let (mut atk, mut def) = (0, 0);
        for s in self.continuous_sources() {
            for (i, p) in self.continuous_powers(s) {
                if let Power::Continuous(Continuous::Stats {
                    who,
                    atk: a,
                    def: d,
                }) = &p.power
                {
                    if self.affects(who, s, c)
                        && self.power_timestamp(s, i) > t
                        && self.power_active(s, i)
                    {
                        atk += *a as i32;
                        def += *d as i32;
                    }
                }
            }
        }
        (atk, def)
    }

    /// Does a continuous power give `g` to `c`? (`power_modifiers` without the sums.)
    pub(crate) fn power_grants(&self, c: CardId, g: Grant) -> bool {
        self.continuous_sources_with(move |k| k.grants & g.bit() != 0).any(|s| {
            self.continuous_powers(s).any(|(i, p)| {
                matches!(&p.power, Power::Continuous(Continuous::Grant { who, grant }) if *grant == g && self.affects(who, s, c))
                    && self.power_active(s, i)
            }) && (g != Grant::Reinforcement || !self.cant_reinforce(s, c))
        })
    }

    /// 513.2e, 515: a continuous power whose source has a timestamp after `t` gives `g`.
    pub(crate) fn power_grants_after(&self, c: CardId, g: Grant, t: u32) -> bool {
        self.continuous_sources_with(move |k| k.grants & g.bit() != 0).any(|s| {
            self.continuous_powers(s).any(|(i, p)| {
                matches!(&p.power, Power::Continuous(Continuous::Grant { who, grant }) if *grant == g && self.affects(who, s, c))
                    && self.power_timestamp(s, i) > t
                    && self.power_active(s, i)
            })
        })
    }

    /// Does the modifier apply to `c` now?
    pub(crate) fn modifier_applies(&self, m: &Modifier, c: CardId) -> bool {
        if !self.while_attacking.is_empty() && !self.attacking_as_needed(m, c) {
            return false;
        }
        // 513.6a: an exhaust-and-hold modifier, only while its captor remains exhausted.
        if let Some(captor) = m.captor {
            if !self.captor_holds(captor) {
                return false;
            }
        }
        match &m.applies {
            Applies::Object(x, object) => *x == c && self.card(c).object == *object,
            Applies::Each {
                filter,
                controller,
                source,
            } => self.matches(filter, c, *controller, *source),
        }
    }
}

impl GameState {
    /// "while attacking a <description> character": `c` attacks a defender that matches,
    /// if the modifier asks it.
    fn attacking_as_needed(&self, m: &Modifier, c: CardId) -> bool {
        let Some((_, f)) = self.while_attacking.iter().find(|(t, _)| *t == m.timestamp) else {
            return true;
        };
        self.is_attacker(c)
            && self.attack.as_ref().is_some_and(|a| match a.defender {
                Some((Defender::Character(d), o)) => {
                    self.card(d).object == o && self.matches(f, d, self.card(c).controller, c)
                }
                _ => false,
            })
    }
}

impl GameState {
    /// May `viewer` see the top card of `owner`'s deck now? Revealed to every player by
    /// a "plays with the top card revealed" power (708.9f), or looked at by its owner
    /// with a "may look at the top card at any time" power, only while that player has
    /// priority (511.8: not partway through playing or resolving an effect). The view is
    /// drawn between actions, so a search, shuffle or rally changes the card shown only
    /// once it is done (708.10c).
    pub fn sees_deck_top(&self, viewer: PlayerId, owner: PlayerId) -> bool {
        self.top_card_shown(Some(viewer), owner)
    }

    /// 708.9f: is the top card of `owner`'s deck revealed to every player?
    pub fn deck_top_revealed(&self, owner: PlayerId) -> bool {
        self.top_card_shown(None, owner)
    }

    /// `viewer` `None`: revealed to all.
    fn top_card_shown(&self, viewer: Option<PlayerId>, owner: PlayerId) -> bool {
        if !self.continuous_kinds.top_card || self.player(owner).deck.is_empty() {
            return false;
        }
        self.continuous_sources_with(|k| k.top_card).any(|s| {
            let controller = self.card(s).controller;
            self.continuous_powers(s).any(|(i, p)| {
                let Power::Continuous(Continuous::TopCard { player, to_all }) = &p.power else {
                    return false;
                };
                let whose = match player {
                    Relation::You => owner == controller,
                    Relation::Opponent => self.is_opponent(controller, owner),
                };
                whose
                    && self.power_active(s, i)
                    && (*to_all
                        || viewer
                            .is_some_and(|v| v == owner && self.pending == Pending::Priority(v)))
            })
        })
    }
}
