//! Reading the state: modified stats (MODIFIERS, GETS, CONSTANT ABILITY), who
//! controls what, which cards are enemies, schemes, characters.

use crate::model::*;
use crate::state::*;

impl GameState {
    pub fn in_play(&self, c: CardId) -> bool {
        self.card(c).zone.in_play()
    }

    /// The identity's current side.
    pub fn identity_def(&self, p: u8) -> &CardDef {
        let pl = self.player(p);
        let d = match pl.form {
            Form::Hero => pl.hero_def,
            Form::AlterEgo => pl.alter_ego_def,
        };
        &self.db.defs[usize::from(d)]
    }

    /// The identity's side not showing, with the form it is ("hero" or "alter-ego"):
    /// both sides of an identity are open information (IDENTITY).
    pub fn identity_other_side(&self, p: u8) -> (&CardDef, &'static str) {
        let pl = self.player(p);
        let (d, form) = match pl.form {
            Form::Hero => (pl.alter_ego_def, "alter-ego"),
            Form::AlterEgo => (pl.hero_def, "hero"),
        };
        (&self.db.defs[usize::from(d)], form)
    }

    /// The player whose identity this card is.
    pub fn identity_of(&self, c: CardId) -> Option<u8> {
        self.players
            .iter()
            .position(|pl| pl.identity == c)
            .map(|p| p as u8)
    }

    /// The definition that applies to a card now: an identity shows its current side.
    pub fn face(&self, c: CardId) -> &CardDef {
        match self.identity_of(c) {
            Some(p) => self.identity_def(p),
            None => self.def(c),
        }
    }

    /// Every card a triggered ability can come from, in card order (a superset: all
    /// cards when the cached list is not valid); callers check where each one is.
    pub(crate) fn trigger_candidates(&self) -> impl Iterator<Item = CardId> + '_ {
        let valid = self.ability_sources.for_cards == self.cards.len();
        let cached: &[CardId] = if valid {
            &self.ability_sources.triggered
        } else {
            &[]
        };
        let all = if valid { 0 } else { self.cards.len() };
        cached.iter().copied().chain(self.ids().take(all))
    }

    /// Cards in play, in card order.
    pub fn in_play_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.ids().filter(move |&c| self.in_play(c))
    }

    /// Cards in play controlled by player `p` (identity, allies, upgrades, supports,
    /// and player cards attached elsewhere).
    pub fn controlled_by(&self, p: u8) -> impl Iterator<Item = CardId> + '_ {
        self.in_play_cards().filter(move |&c| self.controls(p, c))
    }

    /// Whether player `p` controls card `c`, if it is in play.
    pub(crate) fn controls(&self, p: u8, c: CardId) -> bool {
        self.card(c).controller == p && self.card(c).owner != SCENARIO || self.is_drone_of(c, p)
    }

    fn is_drone_of(&self, _c: CardId, _p: u8) -> bool {
        false
    }

    pub fn is_character(&self, c: CardId) -> bool {
        matches!(
            self.face(c).kind,
            Kind::Hero { .. }
                | Kind::AlterEgo { .. }
                | Kind::Ally { .. }
                | Kind::Villain { .. }
                | Kind::Minion { .. }
        ) || self.card(c).face_down && matches!(self.card(c).zone, Zone::Engaged(_))
    }

    pub fn is_minion(&self, c: CardId) -> bool {
        matches!(self.card(c).zone, Zone::Engaged(_))
    }

    pub fn is_enemy(&self, c: CardId) -> bool {
        self.in_play(c) && (c == self.villain || self.is_minion(c))
    }

    pub fn enemies(&self) -> Vec<CardId> {
        let mut v = vec![self.villain];
        v.extend(self.ids().filter(|&c| self.is_minion(c)));
        v
    }

    pub fn minions_engaged_with(&self, p: u8) -> Vec<CardId> {
        self.ids()
            .filter(|&c| self.card(c).zone == Zone::Engaged(p))
            .collect()
    }

    pub fn side_schemes(&self) -> Vec<CardId> {
        self.ids()
            .filter(|&c| self.card(c).zone == Zone::SideScheme)
            .collect()
    }

    pub fn schemes(&self) -> Vec<CardId> {
        let mut v = vec![self.main_scheme];
        v.extend(self.side_schemes());
        v
    }

    pub fn allies_of(&self, p: u8) -> Vec<CardId> {
        self.ids()
            .filter(|&c| {
                self.card(c).zone == Zone::Play(p) && matches!(self.def(c).kind, Kind::Ally { .. })
            })
            .collect()
    }

    /// Heroes and allies player `p` controls (their "characters").
    pub fn characters_of(&self, p: u8) -> Vec<CardId> {
        let mut v = vec![self.player(p).identity];
        v.extend(self.allies_of(p));
        v
    }

    pub fn friendly_characters(&self) -> Vec<CardId> {
        self.player_order()
            .into_iter()
            .flat_map(|p| self.characters_of(p))
            .collect()
    }

    pub fn attachments_on(&self, c: CardId) -> Vec<CardId> {
        self.ids()
            .filter(|&a| self.card(a).attached_to == Some(c) && self.in_play(a))
            .collect()
    }

    pub fn has_status(&self, c: CardId, s: u8) -> bool {
        self.card(c).status & s != 0
    }

    /// A player "has" a trait when their identity does, printed or gained (GAINS).
    pub fn player_has_trait(&self, p: u8, t: Trait) -> bool {
        if self.identity_def(p).has_trait(t) {
            return true;
        }
        // A trait gained by a lasting effect (Rocket Boots).
        let id = self.player(p).identity;
        if self
            .lasting
            .iter()
            .any(|l| l.card == id && l.stat == Stat::Trait(t))
        {
            return true;
        }
        self.controlled_by(p).any(|c| {
            self.def(c).constants.iter().any(|k| match k {
                Constant::YouGainTrait(g) => *g == t && self.player(p).form == Form::Hero,
                _ => false,
            })
        })
    }

    pub fn keyword(&self, c: CardId, k: Keyword) -> bool {
        // A face-down Drone has no keywords.
        !self.card(c).face_down && self.face(c).has_keyword(k)
    }

    /// Retaliate X, printed or gained.
    pub fn retaliate(&self, c: CardId) -> u8 {
        let mut n = if self.card(c).face_down {
            0
        } else {
            self.face(c).retaliate()
        };
        if c == self.villain {
            for a in self.attachments_on(c) {
                for k in &self.def(a).constants {
                    if let Constant::VillainGainsRetaliate(x) = k {
                        n = n.max(*x);
                    }
                }
            }
        }
        n
    }

    /// Modifiers to `stat` of card `c` from constant abilities and lasting effects.
    fn modifiers(&self, c: CardId, stat: Stat) -> i32 {
        let mut m = 0i32;
        let owner_identity = self.identity_of(c);
        for l in &self.lasting {
            if l.card == c && l.stat == stat {
                m += i32::from(l.n);
            }
        }
        m += self.characters_lasting(c, stat);
        // Constants of cards in play.
        let scanned: Vec<CardId>;
        let sources: &[CardId] = if self.ability_sources.for_cards == self.cards.len() {
            &self.ability_sources.constants
        } else {
            scanned = self
                .ids()
                .filter(|&s| !self.def(s).constants.is_empty())
                .collect();
            &scanned
        };
        for &s in sources {
            let d = self.def(s);
            if !self.in_play(s) || self.card(s).face_down {
                continue;
            }
            for k in &d.constants {
                match *k {
                    Constant::YouGet { stat: st, n } if st == stat => {
                        if let Some(p) = owner_identity {
                            let controls =
                                self.card(s).controller == p && self.card(s).owner != SCENARIO;
                            // "You get" is the identity in either form (YOU): Mark V
                            // Armor's hit points stay with Tony Stark.
                            if controls {
                                m += i32::from(n);
                            }
                        }
                    }
                    Constant::AttachedGets { stat: st, n }
                        if st == stat && self.card(s).attached_to == Some(c) =>
                    {
                        m += i32::from(n);
                    }
                    Constant::ThisGetsPerSideScheme(st) if st == stat && s == c => {
                        m += self.side_schemes().len() as i32;
                    }
                    Constant::HelmetDef if stat == Stat::Def => {
                        if let Some(p) = owner_identity {
                            if self.card(s).controller == p && self.player(p).form == Form::Hero {
                                m += if self.player_has_trait(p, Trait::Aerial) {
                                    2
                                } else {
                                    1
                                };
                            }
                        }
                    }
                    Constant::HandSizePerTech { max } if stat == Stat::HandSize => {
                        if let Some(p) = owner_identity {
                            if self.card(s).controller == p
                                && self.player(p).form == Form::Hero
                                && s == c
                            {
                                let tech = self
                                    .controlled_by(p)
                                    .filter(|&u| {
                                        matches!(self.def(u).kind, Kind::Upgrade { .. })
                                            && self.def(u).has_trait(Trait::Tech)
                                    })
                                    .count() as i32;
                                let base =
                                    i32::from(self.base_stat(c, Stat::HandSize).unwrap_or(0));
                                m += tech.min((i32::from(max) - base).max(0));
                            }
                        }
                    }
                    Constant::VillainGets { stat: st, n } if st == stat && c == self.villain => {
                        m += i32::from(n);
                    }
                    Constant::DronesGet {
                        stat: st,
                        n,
                        face_down_only,
                    } if st == stat
                        && self.is_drone(c)
                        && (!face_down_only || self.card(c).face_down) =>
                    {
                        m += i32::from(n);
                    }
                    _ => {}
                }
            }
        }
        // Attachments on the villain modify its ATK and SCH (ATTACHMENT).
        if stat == Stat::Atk || stat == Stat::Sch {
            for card in &self.cards {
                if card.attached_to != Some(c) || !card.zone.in_play() {
                    continue;
                }
                if let Kind::Attachment { atk, sch } = self.db.defs[usize::from(card.def)].kind {
                    m += i32::from(if stat == Stat::Atk { atk } else { sch });
                }
            }
        }
        m
    }

    /// The printed value (`None` for a dash or a stat the card doesn't have).
    pub fn base_stat(&self, c: CardId, stat: Stat) -> Option<u8> {
        let d = self.face(c);
        let face_down_drone = self.card(c).face_down;
        if face_down_drone {
            // Ultron Drones: a face-down Drone has base SCH, ATK and hit points 1.
            return match stat {
                Stat::Atk | Stat::Sch | Stat::Hp => Some(1),
                _ => None,
            };
        }
        match (&d.kind, stat) {
            (Kind::Hero { atk, .. }, Stat::Atk) => Some(*atk),
            (Kind::Hero { thw, .. }, Stat::Thw) => Some(*thw),
            (Kind::Hero { def, .. }, Stat::Def) => Some(*def),
            (Kind::Hero { hp, .. } | Kind::AlterEgo { hp, .. }, Stat::Hp) => Some(*hp),
            (Kind::Hero { hand, .. } | Kind::AlterEgo { hand, .. }, Stat::HandSize) => Some(*hand),
            (Kind::AlterEgo { rec, .. }, Stat::Rec) => Some(*rec),
            (Kind::Ally { atk, .. }, Stat::Atk) => *atk,
            (Kind::Ally { thw, .. }, Stat::Thw) => *thw,
            (Kind::Ally { hp, .. }, Stat::Hp) => Some(*hp),
            (Kind::Villain { atk, .. }, Stat::Atk) => Some(*atk),
            (Kind::Villain { sch, .. }, Stat::Sch) => Some(*sch),
            (Kind::Villain { hp, .. }, Stat::Hp) => {
                Some(hp.of(usize::from(self.starting_players)).min(255) as u8)
            }
            (Kind::Minion { atk, .. }, Stat::Atk) => match atk {
                Some(a) => Some(*a),
                // Titania: X is her remaining hit points.
                None => Some(self.remaining_hp(c).min(255) as u8),
            },
            (Kind::Minion { sch, .. }, Stat::Sch) => Some(*sch),
            (Kind::Minion { hp, .. }, Stat::Hp) => Some(*hp),
            _ => None,
        }
    }

    /// The modified value, floored at 0 (MODIFIERS); `None` for a dash.
    pub fn stat(&self, c: CardId, stat: Stat) -> Option<u16> {
        let base = self.base_stat(c, stat)?;
        let v = i32::from(base) + self.modifiers(c, stat);
        Some(v.clamp(0, 999) as u16)
    }

    pub fn max_hp(&self, c: CardId) -> u16 {
        if let Kind::Villain { hp, .. } = self.def(c).kind {
            let base = i32::from(hp.of(usize::from(self.starting_players)));
            return (base + self.modifiers(c, Stat::Hp)).clamp(0, 9999) as u16;
        }
        self.stat(c, Stat::Hp).unwrap_or(0)
    }

    pub fn remaining_hp(&self, c: CardId) -> i32 {
        if matches!(self.def(c).kind, Kind::Minion { atk: None, .. }) {
            // Titania's ATK reads her remaining hit points: avoid asking ATK back.
            let hp = match self.def(c).kind {
                Kind::Minion { hp, .. } => i32::from(hp),
                _ => 0,
            };
            return hp + self.modifiers(c, Stat::Hp) - i32::from(self.card(c).damage);
        }
        i32::from(self.max_hp(c)) - i32::from(self.card(c).damage)
    }

    pub fn hand_size(&self, p: u8) -> usize {
        usize::from(
            self.stat(self.player(p).identity, Stat::HandSize)
                .unwrap_or(0),
        )
    }

    pub fn ally_limit(&self, p: u8) -> usize {
        let extra = self
            .controlled_by(p)
            .flat_map(|c| self.def(c).constants.iter())
            .map(|k| match k {
                Constant::YouGet {
                    stat: Stat::AllyLimit,
                    n,
                } => i32::from(*n),
                _ => 0,
            })
            .sum::<i32>();
        (3 + extra).max(0) as usize
    }

    /// A guard minion engaged with `p` stops attacks on villains without guard (GUARD).
    pub fn guarded(&self, p: u8) -> bool {
        self.minions_engaged_with(p)
            .into_iter()
            .any(|m| !self.card(m).face_down && self.keyword(m, Keyword::Guard))
    }

    /// Enemies player `p`'s characters may attack.
    pub fn attackable(&self, p: u8) -> Vec<CardId> {
        let guarded = self.guarded(p);
        self.enemies()
            .into_iter()
            .filter(|&e| !(guarded && e == self.villain && !self.keyword(e, Keyword::Guard)))
            .collect()
    }

    /// Schemes threat may be removed from now: not the main scheme while a crisis side
    /// scheme is in play (SIDE SCHEME).
    pub fn thwartable(&self) -> Vec<CardId> {
        let crisis = self
            .side_schemes()
            .into_iter()
            .any(|s| self.keyword(s, Keyword::Crisis));
        self.schemes()
            .into_iter()
            .filter(|&s| !(crisis && s == self.main_scheme))
            .filter(|&s| self.card(s).threat > 0)
            .collect()
    }

    /// Titles in play, for UNIQUE: a unique card can't enter play while another card
    /// with its title (and the same subtitle or alter-ego) is in play.
    pub fn unique_in_play(&self, d: &CardDef) -> bool {
        d.unique
            && self.in_play_cards().any(|c| {
                if self.card(c).face_down {
                    return false;
                }
                let o = self.face(c);
                o.unique && o.name == d.name && o.subtitle == d.subtitle
            })
    }

    pub fn cost_of(&self, c: CardId) -> u8 {
        let printed = self.def(c).kind.cost().unwrap_or(0);
        // A lasting reduction of the next card its holder plays.
        match self.card(c).zone {
            Zone::Hand(p) => printed.saturating_sub(self.next_cost_reduction(p)),
            _ => printed,
        }
    }
}
