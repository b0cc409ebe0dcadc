//! Characteristics of objects as they are now (701): ATK and DEF with counters and
//! modifiers, rows, protection, adjacency, flight, range, reinforcement.

use crate::ids::*;
use crate::model::*;
use crate::state::*;

impl GameState {
    /// The character's position, if it is a character in play.
    pub fn position(&self, c: CardId) -> Option<Position> {
        match self.card(c).zone {
            Zone::Character(p) => Some(p),
            _ => None,
        }
    }

    pub fn is_character(&self, c: CardId) -> bool {
        self.position(c).is_some()
    }

    /// The modifiers from effects on the object `c` is now (213.1c: not those of an
    /// earlier object).
    fn modifiers_on(&self, c: CardId) -> impl Iterator<Item = &Modifier> {
        self.modifiers
            .iter()
            .filter(move |m| self.modifier_applies(m, c))
    }

    fn printed_stats(&self, c: CardId) -> (i32, i32) {
        match self.def(c).ty {
            CardType::Character { atk, def, .. } => (atk as i32, def as i32),
            _ => (0, 0),
        }
    }

    /// ATK and DEF as raised and lowered (104.1: may be below 0 while further changed):
    /// printed, counters (215.1e), continuous powers and effects' modifiers. All of
    /// these add, so their order (514) doesn't change the sum.
    pub fn raw_stats(&self, c: CardId) -> (i32, i32) {
        let (mut atk, mut def) = self.printed_stats(c);
        let plus = self.card(c).plus as i32;
        atk += plus;
        def += plus;
        for m in self.modifiers_on(c) {
            atk += m.atk as i32;
            def += m.def as i32;
        }
        if self.continuous_kinds.stats {
            let (a, d) = self.power_stats(c);
            atk += a;
            def += d;
        }
        if self
            .modifiers
            .iter()
            .any(|m| m.set_atk.is_some() || m.set_def.is_some())
        {
            if let Some((v, t)) = self.latest_set(c, true) {
                atk = v + self.changes_after(c, t).0;
            }
            if let Some((v, t)) = self.latest_set(c, false) {
                def = v + self.changes_after(c, t).1;
            }
        }
        (atk, def)
    }

    /// 513.1f: the latest-timestamped modifier making `c`'s ATK (`atk`) or DEF become a
    /// number: (the number, its timestamp).
    fn latest_set(&self, c: CardId, atk: bool) -> Option<(i32, u32)> {
        self.modifiers_on(c)
            .filter_map(|m| {
                let v = if atk { m.set_atk } else { m.set_def };
                v.map(|v| (i32::from(v), m.timestamp))
            })
            .max_by_key(|&(_, t)| t)
    }

    /// 513.1f, 515: the ATK and DEF changes timestamped after `t` — effects' modifiers,
    /// continuous powers whose source's timestamp is later (515.3), and +1/+1 counters
    /// put on later (215.1e); those before are overwritten by the "becomes".
    fn changes_after(&self, c: CardId, t: u32) -> (i32, i32) {
        let (mut atk, mut def) = (0, 0);
        for m in self.modifiers_on(c).filter(|m| m.timestamp > t) {
            atk += m.atk as i32;
            def += m.def as i32;
        }
        if self.continuous_kinds.stats {
            let (a, d) = self.power_stats_after(c, t);
            atk += a;
            def += d;
        }
        let object = self.card(c).object;
        let plus: i32 = self
            .counter_stamps
            .iter()
            .filter(|k| k.0 == c && k.1 == object && k.2 >= t)
            .map(|k| i32::from(k.3))
            .sum();
        (atk + plus, def + plus)
    }

    /// 203.2: the cost of a card as modifiers leave it: printed, raised by modifiers
    /// that make it gain another card's printed cost (203.2a); `None` for a costless
    /// card (203.4d).
    pub fn cost(&self, c: CardId) -> Option<u8> {
        let printed = self.def(c).cost()?;
        let more: i32 = self
            .modifiers
            .iter()
            .filter(|m| m.cost != 0 && self.modifier_applies(m, c))
            .map(|m| i32::from(m.cost))
            .sum();
        Some((i32::from(printed) + more).clamp(0, 255) as u8)
    }

    /// Glossary: Different, 708.2f: two cards are different unless they are copies of
    /// each other: the same printed name and version (what modifiers change is not read).
    pub fn different_cards(&self, a: CardId, b: CardId) -> bool {
        let (da, db) = (self.def(a), self.def(b));
        a != b
            && !(da.name.eq_ignore_ascii_case(&db.name)
                && da.version.eq_ignore_ascii_case(&db.version))
    }

    /// Glossary: Printed: a value printed on the card, whatever modifiers do (a
    /// costless card has no printed cost: 0).
    pub fn printed_value(&self, c: CardId, v: crate::vocab::PrintedValue) -> i32 {
        use crate::vocab::PrintedValue;
        match v {
            PrintedValue::Atk => self.printed_stats(c).0,
            PrintedValue::Def => self.printed_stats(c).1,
            PrintedValue::Cost => self.def(c).cost().map_or(0, i32::from),
        }
    }

    pub fn raw_atk(&self, c: CardId) -> i32 {
        self.raw_stats(c).0
    }

    pub fn raw_def(&self, c: CardId) -> i32 {
        self.raw_stats(c).1
    }

    /// Is `g` given to `c` by a modifier or a continuous power?
    pub fn granted(&self, c: CardId, g: Grant) -> bool {
        self.has_characteristic(c, g, false)
    }

    /// 513.2e, 514.1: does `c` have `g`, printed (`printed`) or given, once the modifiers
    /// that give or remove it are applied in timestamp order? The latest effect modifier
    /// that gives or removes it decides, unless a continuous power giving it started to
    /// apply later still (its source's timestamp, 515.1); with none, it is printed or
    /// given by a continuous power.
    pub(crate) fn has_characteristic(&self, c: CardId, g: Grant, printed: bool) -> bool {
        // The cheap test first: most modifiers change no characteristic.
        let latest = self
            .modifiers
            .iter()
            .filter(|m| (m.grant == Some(g) || m.loses == Some(g)) && self.modifier_applies(m, c))
            .max_by_key(|m| m.timestamp);
        let by_power = || self.continuous_kinds.grants & g.bit() != 0 && self.power_grants(c, g);
        match latest {
            None => printed || by_power(),
            Some(m) if m.grant == Some(g) => true,
            Some(m) => {
                self.continuous_kinds.grants & g.bit() != 0
                    && self.power_grants_after(c, g, m.timestamp)
            }
        }
    }

    /// ATK for every purpose but changing it: never below 0 (104.1).
    pub fn atk(&self, c: CardId) -> i32 {
        self.raw_atk(c).max(0)
    }

    pub fn def_value(&self, c: CardId) -> i32 {
        self.raw_def(c).max(0)
    }

    /// 701.12f: a stunned character has no powers or keywords.
    pub fn has_keyword(&self, c: CardId, k: Keyword) -> bool {
        if self.card(c).stunned {
            return false;
        }
        // 706.7g: a modifier may remove cosmic (or give it).
        if k == Keyword::Cosmic {
            return self.has_characteristic(c, Grant::Cosmic, self.def(c).has(k));
        }
        // 706.10: "loses leader and all leader powers".
        self.def(c).has(k) && (k != Keyword::Leader || !self.leader_removed(c))
    }

    /// 701.4; 513.2e: the latest of the modifiers giving or removing it decides.
    pub fn has_flight(&self, c: CardId) -> bool {
        let printed = matches!(self.def(c).ty, CardType::Character { flight: true, .. });
        self.has_characteristic(c, Grant::Flight, printed)
    }

    /// 701.8; 513.2e as for flight.
    pub fn has_range(&self, c: CardId) -> bool {
        let printed = matches!(self.def(c).ty, CardType::Character { range: true, .. });
        self.has_characteristic(c, Grant::Range, printed)
    }

    /// 701.10 / 708.7a.
    pub fn has_reinforcement(&self, c: CardId) -> bool {
        // 103.2: "can't have reinforcement" beats any grant.
        self.granted(c, Grant::Reinforcement) && !self.cant(c, Cant::HaveReinforcement)
    }

    /// 706.6; a stunned character has no keywords (701.12f).
    pub fn has_invulnerability(&self, c: CardId) -> bool {
        self.has_keyword(c, Keyword::Invulnerability)
            || (!self.card(c).stunned && self.granted(c, Grant::Invulnerability))
    }

    /// The affiliations a character or character card has (206.1), as modifiers leave
    /// them (`layers.rs`: 301.4, 708.3a, 514).
    pub fn affiliations(&self, c: CardId) -> Affiliations {
        self.layered_affiliations(c)
    }

    /// 201.8a: two cards share a name: at least one name in common (201.7, 201.8: names
    /// as modifiers leave them, `layers.rs`).
    pub fn shares_name(&self, a: CardId, b: CardId) -> bool {
        if !self.continuous_kinds.names {
            // No card of the game changes names: the printed ones, without a list.
            return self.def(a).name.eq_ignore_ascii_case(&self.def(b).name);
        }
        let theirs = self.names(b);
        self.names(a)
            .iter()
            .any(|n| theirs.iter().any(|m| m.eq_ignore_ascii_case(n)))
    }

    /// The character in a position of `p`'s side, if any.
    pub fn character_at(&self, p: PlayerId, pos: Position) -> Option<CardId> {
        self.player(p)
            .characters
            .iter()
            .copied()
            .find(|&c| self.position(c) == Some(pos))
    }

    /// 701.7 / 701.16: a support row character is protected while a non-stunned front
    /// row character of its side shares its column (705.1b: same player; 213.5c: same
    /// area). Stunned characters are never protected (701.12d).
    pub fn is_protected(&self, c: CardId) -> bool {
        let card = self.card(c);
        let Some(pos) = self.position(c) else {
            return false;
        };
        if card.stunned || pos.row != Row::Support {
            return false;
        }
        let front = Position {
            row: Row::Front,
            ..pos
        };
        self.character_at(card.controller, front)
            .is_some_and(|f| !self.card(f).stunned)
    }

    /// 705.2: the next column in the same row, or the same column in the other row,
    /// of the same player and area.
    pub fn adjacent(&self, a: CardId, b: CardId) -> bool {
        if a == b || self.card(a).controller != self.card(b).controller {
            return false;
        }
        let (Some(pa), Some(pb)) = (self.position(a), self.position(b)) else {
            return false;
        };
        if pa.area != pb.area {
            return false;
        }
        if pa.row == pb.row {
            (pa.col - pb.col).abs() == 1
        } else {
            pa.col == pb.col
        }
    }

    /// 701.18: in a visible area.
    pub fn is_visible(&self, c: CardId) -> bool {
        self.position(c).is_some_and(|p| p.area == Area::Visible)
    }

    /// The equipment attached to a character (302.10: its controller controls them).
    pub fn equipment_on(&self, host: CardId) -> impl Iterator<Item = CardId> + '_ {
        let controller = self.card(host).controller;
        self.player(controller)
            .equipment
            .iter()
            .copied()
            .filter(move |&e| self.card(e).zone == Zone::Equipped(host))
    }

    /// 203.5b: a player's number of resources.
    pub fn resource_count(&self, p: PlayerId) -> u8 {
        self.player(p).resources.len().min(u8::MAX as usize) as u8
    }
}

#[cfg(test)]
mod tests {
    use crate::ids::*;
    use crate::state::Zone;
    use crate::testkit::Bench;

    /// 705.2, 705.2a: adjacent is the next column in the same row or the same column in
    /// the other row — of one player and one area.
    #[test]
    fn r705_2_r705_2a_adjacency() {
        let mut b = Bench::new("");
        let a = b.in_play(0, "trn-007", Row::Front, 0);
        let right = b.in_play(0, "trn-006", Row::Front, 1);
        let behind = b.in_play(0, "trn-005", Row::Support, 0);
        let diagonal = b.in_play(0, "trn-004", Row::Support, 1);
        let far = b.in_play(0, "trn-003", Row::Front, 2);
        let theirs = b.in_play(1, "trn-002", Row::Front, 1);
        assert!(b.g.adjacent(a, right) && b.g.adjacent(a, behind));
        assert!(!b.g.adjacent(a, diagonal) && !b.g.adjacent(a, far) && !b.g.adjacent(a, theirs));
        // Another area: not adjacent even in the "same" column.
        let hidden = b.in_hand(0, "trn-023");
        b.g.move_card(
            hidden,
            Zone::Character(Position {
                area: Area::Hidden,
                row: Row::Front,
                col: 1,
            }),
        );
        assert!(!b.g.adjacent(a, hidden));
    }

    /// 705.1b, 701.7: another player's front row character doesn't protect yours.
    #[test]
    fn r705_1b_r701_7_only_your_own_column_protects() {
        let mut b = Bench::new("");
        let back = b.in_play(0, "trn-007", Row::Support, 0);
        b.in_play(1, "trn-006", Row::Front, 0);
        assert!(!b.g.is_protected(back));
        b.in_play(0, "trn-005", Row::Front, 0);
        assert!(b.g.is_protected(back));
    }

    /// 705.3 / 403.2: resources are added on the right and close up when one leaves.
    #[test]
    fn r705_3_r403_2_resources_go_on_the_right_and_close_up() {
        let mut b = Bench::new("");
        let r1 = b.resource(0, "trn-001");
        let r2 = b.resource(0, "trn-002");
        let r3 = b.resource(0, "trn-003");
        assert_eq!(b.g.player(0).resources(), &[r1, r2, r3]);
        b.g.ko(r2);
        assert_eq!(b.g.player(0).resources(), &[r1, r3]);
    }

    /// 701.5, 701.13, 701.17, 701.18: a character has the row and area it is in.
    #[test]
    fn r701_5_r701_13_r701_17_r701_18_rows_and_areas_are_characteristics() {
        let mut b = Bench::new("");
        let c = b.in_play(0, "trn-007", Row::Front, 0);
        let f = crate::vocab::Filter(vec![
            crate::vocab::Test::FrontRow,
            crate::vocab::Test::Visible,
        ]);
        assert!(b.g.matches(&f, c, 0, c));
        b.g.move_card(
            c,
            Zone::Character(Position {
                area: Area::Hidden,
                row: Row::Support,
                col: 0,
            }),
        );
        let g = crate::vocab::Filter(vec![
            crate::vocab::Test::SupportRow,
            crate::vocab::Test::Hidden,
        ]);
        assert!(b.g.matches(&g, c, 0, c) && !b.g.matches(&f, c, 0, c));
    }
}
