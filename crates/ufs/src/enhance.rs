//! Enhance abilities (H.2.1) in the Enhance Step (G.1): which a player may play, paying
//! their costs (H.4), and the Stun keyword (I.3.12), whose effect the opponent chooses.

use crate::ability::*;
use crate::model::*;
use crate::state::*;

/// `Attack::enhanced` kinds: the keyword enhances are 0–9 (attack.rs), a card's own
/// abilities 10 and up.
pub(crate) const ABILITY_KIND: u8 = 10;
/// I.3.12 Stun.
pub const STUN: u8 = 2;
/// I.3.7 Gauge.
pub const GAUGE: u8 = 4;

impl GameState {
    /// H.2.1.3: where `p`'s enhance abilities may be: their ready foundations, assets
    /// and starting character in the staging area, action cards in their hand (played
    /// with the card, E.4), and the current attack if it is theirs.
    fn enhance_sources(&self, p: u8) -> Vec<CardId> {
        let mut out = self.ability_cards(p);
        out.extend(self.playable_actions_in_hand(p));
        if let Some(a) = &self.attack {
            if a.attacker == p {
                out.push(a.card);
            }
        }
        out
    }

    /// The enhance abilities `p` may play now: once per Enhance Step each (H.2.1.4),
    /// "only playable" met (H.3.3.1), and every cost payable (E.4.1.1).
    pub fn legal_enhances(&self, p: u8) -> Vec<(CardId, u8)> {
        let Some(a) = &self.attack else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for c in self.enhance_sources(p) {
            let (from, abilities) = self.printed_abilities(c);
            let printed = abilities
                .iter()
                .enumerate()
                .map(|(i, a)| (usize::from(from) + i, a));
            // Abilities an effect gave the card ("your next attack has ...", K.3.9).
            let by_effect = self.granted_to(c).enumerate().map(|(k, a)| {
                (
                    (usize::from(GRANTED_BY_EFFECT) + k).min(usize::from(u8::MAX)),
                    a,
                )
            });
            // D.2.2.3.4.1: a starting character's abilities from attached characters.
            let attached = self
                .each_attached_ability(c)
                .map(|(i, a)| (usize::from(i), a));
            for (i, ability) in printed.chain(attached).chain(by_effect) {
                let i = i as u8;
                let used = if self.opponents_own_use(p, c, ability) {
                    a.enhanced_by_opponent.contains(&(c, i))
                } else {
                    a.enhanced.contains(&(c, ABILITY_KIND + i))
                };
                if ability.kind != AbilityKind::Enhance
                    || used
                    || !self.ability_allowed(p, c, ability)
                {
                    continue;
                }
                out.push((c, i));
            }
        }
        out
    }

    /// Whether `p` playing this ability of `c` counts apart from its controller's uses:
    /// an ability each player may play once per Enhance Step, played by the card's
    /// opponent.
    pub(crate) fn opponents_own_use(&self, p: u8, c: CardId, a: &Ability) -> bool {
        a.by == PlayableBy::EachPlayerOnce && self.card(c).owner != p
    }

    /// G.1: after a play, the other player has priority and the passes start again.
    pub(crate) fn pass_enhance_priority(&mut self, p: u8) {
        if self.abort_dropped_attack() {
            return;
        }
        if let Some(a) = self.attack.as_mut() {
            a.step = AttackStep::Enhance {
                priority: 1 - p,
                passes: 0,
            };
        }
        self.pending = Pending::Enhance(1 - p);
    }

    /// I.3.7.1: "E: If this attack deals X or more damage, you may search ...". The
    /// attacker plays it once per Enhance Step, like the other keyword enhances (I.2,
    /// H.2.1.4); it creates a fired effect on the attack (J.3.2) that waits for its
    /// damage.
    pub(crate) fn play_gauge(&mut self, attacker: u8) {
        let rating = self.keyword_enhance(GAUGE).unwrap_or(0);
        if let Some(a) = self.attack.as_mut() {
            a.enhanced.push((a.card, GAUGE));
            a.fired.push(Fired {
                controller: attacker,
                yours_only: false,
                when: FiredWhen::DamageAtLeast(rating),
                then: vec![Effect::GaugeSearch],
            });
        }
        self.say(|s| {
            format!(
                "{} plays Gauge {rating}: if the attack deals {rating} or more damage, they may search for a character (I.3.7.1).",
                s.seat_name(attacker)
            )
        });
        self.pass_enhance_priority(attacker);
    }

    /// I.3.7.1: the character cards `p` may find with Gauge: in their deck and discard
    /// pile, with their starting character's character name (B.6.1.1.1).
    pub fn gauge_candidates(&self, p: u8) -> Vec<CardId> {
        let name = &self.character_def(p).name;
        let pl = self.player(p);
        let mut out: Vec<CardId> = pl
            .deck
            .iter()
            .chain(&pl.discard)
            .copied()
            .filter(|&c| {
                let d = self.def(c);
                d.is_character() && d.name.eq_ignore_ascii_case(name)
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// I.3.7.1 Gauge's search ends: `found` (if any) goes to the staging area, where it
    /// is attached (D.2.2.3.4); the searched deck is shuffled (K.5.2); the effect goes
    /// on.
    pub(crate) fn finish_gauge(&mut self, p: u8, found: Option<CardId>, then: Resume) {
        self.choice = None;
        match found {
            Some(c) => {
                self.say(|s| {
                    format!(
                        "Revealed: {} finds {} and adds it to their staging area, attached to their starting character (I.3.7.1, D.2.2.3.4).",
                        s.seat_name(p),
                        s.name_of(c)
                    )
                });
                self.move_card(c, Place::Staging);
            }
            None => self.say(|s| format!("{} adds no character (Gauge).", s.seat_name(p))),
        }
        let mut deck = std::mem::take(&mut self.player_mut(p).deck);
        deck.sort_unstable();
        self.rng.shuffle(&mut deck);
        self.player_mut(p).deck = deck;
        self.say(|s| format!("{} shuffles their deck (K.5.2).", s.seat_name(p)));
        self.resume(then);
    }

    pub(crate) fn stun_candidates(&self, p: u8) -> Vec<CardId> {
        self.player(p)
            .staging
            .iter()
            .copied()
            .filter(|&c| !self.card(c).committed && self.def(c).kind == Kind::Foundation)
            .collect()
    }

    /// I.3.12: "E: Your opponent commits X foundations." The attacker plays it; the
    /// opponent chooses which, committing as many as they can (J.1.2).
    pub(crate) fn play_stun(&mut self, attacker: u8) {
        let rating = self.keyword_enhance(STUN).unwrap_or(0);
        if let Some(a) = self.attack.as_mut() {
            a.enhanced.push((a.card, STUN));
        }
        self.say(|s| {
            format!(
                "Stun {rating}: {} must commit {rating} foundations.",
                s.seat_name(1 - attacker)
            )
        });
        self.stun_commit(1 - attacker, rating);
    }

    pub(crate) fn stun_commit(&mut self, opponent: u8, left: u8) {
        let candidates = self.stun_candidates(opponent);
        if left == 0 || candidates.is_empty() {
            self.choice = None;
            self.pass_enhance_priority(1 - opponent);
            return;
        }
        if candidates.len() <= usize::from(left) {
            // No choice: every ready foundation is committed.
            for c in candidates {
                self.card_mut(c).committed = true;
            }
            self.say(|s| format!("{} commits every ready foundation.", s.seat_name(opponent)));
            self.choice = None;
            self.pass_enhance_priority(1 - opponent);
            return;
        }
        self.choice = Some(Choice::StunCommit { left });
        self.pending = Pending::Choose(opponent);
    }
}
