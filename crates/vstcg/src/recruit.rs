//! What recruiting a character asks beyond its cost (301, 706): loyalty, dual loyalty
//! and loyalty—reveal (706.3), and press's reduction (706.12).

use crate::ids::*;
use crate::model::*;
use crate::state::*;

impl GameState {
    /// The affiliations of the characters `p` controls.
    pub(crate) fn controlled_affiliations(&self, p: PlayerId) -> Affiliations {
        Affiliations(
            self.player(p)
                .characters
                .iter()
                .map(|&c| self.affiliations(c).0)
                .fold(0, |a, b| a | b),
        )
    }

    /// 706.3 / 706.3b: may `p` recruit this character as far as loyalty goes (leaving
    /// loyalty—reveal's cost aside)?
    pub fn loyal_enough(&self, p: PlayerId, card: CardId) -> bool {
        self.loyal_enough_with(self.controlled_affiliations(p), card)
    }

    /// [`Self::loyal_enough`] with the affiliations of the player's characters already
    /// worked out (`mine`): the same for every card of one listing.
    pub(crate) fn loyal_enough_with(&self, mine: Affiliations, card: CardId) -> bool {
        let def = self.def(card);
        let own = self.affiliations(card);
        if def.has(Keyword::Loyalty) && !mine.shares(own) {
            return false;
        }
        if def.has(Keyword::DualLoyalty) && (own.count() < 2 || own.0 & mine.0 != own.0) {
            return false;
        }
        true
    }

    /// 706.3a: the cards `p` could reveal to pay loyalty—reveal's additional cost, or
    /// `None` when no cost is due (they control a character sharing an affiliation).
    pub fn loyalty_reveals(&self, p: PlayerId, card: CardId) -> Option<Vec<CardId>> {
        self.loyalty_reveals_with(p, self.controlled_affiliations(p), card)
    }

    /// [`Self::loyalty_reveals`] with `mine` as in [`Self::loyal_enough_with`].
    pub(crate) fn loyalty_reveals_with(
        &self,
        p: PlayerId,
        mine: Affiliations,
        card: CardId,
    ) -> Option<Vec<CardId>> {
        let def = self.def(card);
        if !def.has(Keyword::LoyaltyReveal) || mine.shares(self.affiliations(card)) {
            return None;
        }
        let own = self.affiliations(card);
        let pl = self.player(p);
        Some(
            pl.hand
                .iter()
                .chain(&pl.resources)
                .copied()
                .filter(|&c| {
                    c != card && self.def(c).ty.is_character() && self.affiliations(c).shares(own)
                })
                // 708.9b: a face-up resource can't be revealed to pay a cost.
                .filter(|&c| !(self.card(c).zone == Zone::Resource && self.card(c).face_up))
                .collect(),
        )
    }

    /// 203.4, 505.1d, 706.12: what recruiting this card costs in resource points:
    /// its cost, less press's reduction for a character (never below 1, 706.12), plus
    /// boost (706.2: an additional cost, added after reductions, 706.12a).
    pub fn recruit_cost(&self, card: CardId, boost: bool) -> u8 {
        let def = self.def(card);
        // 505.1d: reductions may take it below 0 while it is worked out.
        let mut base = i32::from(def.cost().unwrap_or(0))
            - i32::from(self.own_reduction(card))
            - i32::from(self.recruit_reduction(card));
        // 706.12b: press comes after every other reduction.
        if def.ty.is_character() {
            let press = i32::from(self.player(self.card(card).owner).press_reduction);
            if press > 0 && base > 1 {
                base = (base - press).max(1);
            }
        }
        let boost = if boost { i32::from(def.boost) } else { 0 };
        // 505.1d: below 0 after additional costs is 0.
        (base + boost).clamp(0, 255) as u8
    }

    /// 706.12: recruiting a character uses up the press reduction; a press character
    /// makes the next one cheaper by every press card recruited this turn.
    pub(crate) fn note_recruited(&mut self, p: PlayerId, card: CardId) {
        if !self.def(card).ty.is_character() {
            return;
        }
        let press = self.def(card).has(Keyword::Press);
        let pl = self.player_mut(p);
        pl.press_reduction = 0;
        if press {
            pl.press_recruited = pl.press_recruited.saturating_add(1);
            pl.press_reduction = pl.press_recruited;
        }
    }

    /// 706.11a: a revealed reservist character card in `p`'s resource row may be
    /// recruited from there.
    pub fn recruitable_from_row(&self, p: PlayerId, card: CardId) -> bool {
        let c = self.card(card);
        c.zone == Zone::Resource
            && c.controller == p
            && !c.face_up
            && c.revealed
            && self.def(card).ty.is_character()
            && self.def(card).has(Keyword::Reservist)
    }

    /// 701.11f: `p` reveals a face-down resource; it stays revealed while they keep
    /// priority and act (the flag is cleared when priority passes).
    pub(crate) fn reveal_resource(&mut self, p: PlayerId, card: CardId) {
        self.card_mut(card).revealed = true;
        self.log(|g| {
            format!(
                "{} reveals {} in their resource row.",
                g.player_name(p),
                g.name(card)
            )
        });
    }

    /// 701.11f: revealed resources go back to unrevealed once their player passes.
    pub(crate) fn unreveal(&mut self, p: PlayerId) {
        // Every pass comes here: no copy of the row, no test.
        let GameState { players, cards, .. } = self;
        for &r in &players[p as usize].resources {
            let card = &mut cards[r.0 as usize];
            // Read before writing: a revealed resource is rare.
            if card.revealed {
                card.revealed = false;
            }
        }
    }

    /// 706.9: willpower (0 while stunned, 706.9b).
    pub fn willpower(&self, c: CardId) -> u8 {
        if self.card(c).stunned || !self.def(c).has(Keyword::Willpower) {
            0
        } else {
            self.def(c).willpower
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::ids::*;
    use crate::testkit::Bench;

    const CARDS: &str = r#"
(card x-l "Loyal One" "" (character (cost 1) (atk 1) (def 1) (affiliation "Red")) (keywords loyalty))
(card x-r "Red Friend" "" (character (cost 1) (atk 1) (def 1) (affiliation "Red")))
(card x-d "Two Flags" "" (character (cost 1) (atk 1) (def 1) (affiliation "Red" "Blue")) (keywords dual-loyalty))
(card x-b "Blue Friend" "" (character (cost 1) (atk 1) (def 1) (affiliation "Blue")))
(card x-v "Revealer" "" (character (cost 1) (atk 1) (def 1) (affiliation "Red")) (keywords loyalty-reveal))
(card x-p "Presser" "" (character (cost 2) (atk 1) (def 1) (affiliation "Red")) (keywords press))
(card x-q "Other Presser" "" (character (cost 2) (atk 1) (def 1) (affiliation "Red")) (keywords press))
(card x-w "Strong Will" "" (character (cost 2) (atk 1) (def 1)) (keywords (willpower 3)))
"#;

    fn recruit(_: &Bench, c: CardId) -> Action {
        Action::Recruit {
            card: c,
            boost: false,
        }
    }

    /// 706.3: loyalty: recruit only while controlling a character sharing an affiliation.
    #[test]
    fn r706_3_loyalty_needs_a_character_sharing_an_affiliation() {
        let mut b = Bench::new(CARDS);
        b.g.player_mut(0).rp = 5;
        let l = b.in_hand(0, "x-l");
        assert!(!b.g.legal().contains(&recruit(&b, l)));
        b.in_play(0, "x-r", Row::Front, 0);
        assert!(b.g.legal().contains(&recruit(&b, l)));
    }

    /// 706.3b: dual loyalty: both printed affiliations among your characters'.
    #[test]
    fn r706_3b_dual_loyalty_needs_both_affiliations() {
        let mut b = Bench::new(CARDS);
        b.g.player_mut(0).rp = 5;
        let d = b.in_hand(0, "x-d");
        b.in_play(0, "x-r", Row::Front, 0);
        assert!(!b.g.legal().contains(&recruit(&b, d)));
        b.in_play(0, "x-b", Row::Front, 1);
        assert!(b.g.legal().contains(&recruit(&b, d)));
    }

    /// 706.3a: loyalty—reveal: without a character sharing an affiliation, reveal a
    /// character card sharing one from hand or the resource row to recruit it.
    #[test]
    fn r706_3a_loyalty_reveal_reveals_a_card_sharing_an_affiliation() {
        let mut b = Bench::new(CARDS);
        b.g.player_mut(0).rp = 5;
        let v = b.in_hand(0, "x-v");
        assert!(!b.g.legal().iter().any(|a| matches!(a, Action::Recruit { card, .. } | Action::RecruitRevealing { card, .. } if *card == v)));
        let friend = b.in_hand(0, "x-r");
        assert!(b.g.legal().contains(&Action::RecruitRevealing {
            card: v,
            reveal: friend,
            boost: false
        }));
        assert!(!b.g.legal().contains(&recruit(&b, v)));
        b.act(Action::RecruitRevealing {
            card: v,
            reveal: friend,
            boost: false,
        });
        assert_eq!(b.g.chain().len(), 1);
    }

    /// 706.12, 706.12a: a press character makes the next character cost 1 less for
    /// each press card recruited this turn, never below 1.
    #[test]
    fn r706_12_press_lowers_the_next_characters_cost() {
        let mut b = Bench::new(CARDS);
        b.g.player_mut(0).rp = 10;
        let p1 = b.in_hand(0, "x-p");
        let p2 = b.in_hand(0, "x-q");
        let big = b.in_hand(0, "trn-007"); // cost 4
        b.act(recruit(&b, p1));
        b.resolve_all();
        b.act(Action::Place(Position {
            area: Area::Visible,
            row: Row::Front,
            col: 0,
        }));
        assert_eq!(b.g.recruit_cost(p2, false), 1);
        b.act(recruit(&b, p2));
        b.resolve_all();
        b.act(Action::Place(Position {
            area: Area::Visible,
            row: Row::Front,
            col: 1,
        }));
        // Two press cards recruited this turn: 4 - 2.
        assert_eq!(b.g.recruit_cost(big, false), 2);
    }

    /// 706.9: willpower is printed; 0 while stunned (706.9b) and 0 without it (706.9a).
    #[test]
    fn r706_9_r706_9a_r706_9b_willpower() {
        let mut b = Bench::new(CARDS);
        let w = b.in_play(0, "x-w", Row::Front, 0);
        let plain = b.in_play(0, "x-r", Row::Front, 1);
        assert_eq!((b.g.willpower(w), b.g.willpower(plain)), (3, 0));
        b.g.stun(w);
        assert_eq!(b.g.willpower(w), 0);
    }
}

#[cfg(test)]
mod uniqueness {
    use crate::action::Action;
    use crate::ids::*;
    use crate::state::Zone;
    use crate::testkit::Bench;

    fn recruit_and_place(b: &mut Bench, c: CardId, col: i8) {
        b.act(Action::Recruit {
            card: c,
            boost: false,
        });
        b.resolve_all();
        b.act(Action::Place(Position {
            area: Area::Visible,
            row: Row::Front,
            col,
        }));
    }

    /// 704.1 (not a KO: no endurance loss, no stun); 202.4a: Army characters are not
    /// unique.
    #[test]
    fn r704_1_r202_4a_a_second_unique_character_sends_the_first_away_but_army_does_not() {
        let mut b = Bench::new("");
        b.g.player_mut(0).rp = 10;
        let first = b.in_play(0, "trn-007", Row::Front, 0);
        let second = b.in_hand(0, "trn-007");
        // The first has left: its column is free again.
        recruit_and_place(&mut b, second, 0);
        assert_eq!(b.g.card(first).zone, Zone::KoPile);
        assert_eq!(b.g.endurance(0), 50);
        let army = b.in_play(0, "trn-002", Row::Front, 1);
        let army2 = b.in_hand(0, "trn-002");
        recruit_and_place(&mut b, army2, 2);
        assert!(b.g.is_character(army) && b.g.is_character(army2));
    }
}

#[cfg(test)]
mod reservist {
    use crate::action::Action;
    use crate::ids::*;
    use crate::state::{Pending, Zone};
    use crate::testkit::Bench;

    const CARDS: &str = "(card x-res \"Moonlighter\" \"\" (character (cost 2) (atk 2) (def 2)) (keywords reservist))";

    /// 701.11f / 216.2g: revealing a face-down resource uses no chain and doesn't break
    /// passing; 706.11a: a revealed reservist is recruited from the resource row, and
    /// 706.11b: a card from hand may take its spot.
    #[test]
    fn r701_11f_r706_11a_r706_11b_reveal_and_recruit_a_reservist() {
        let mut b = Bench::new(CARDS);
        b.resources(0, 1);
        let r = b.resource(0, "x-res");
        b.resources(0, 1);
        b.g.player_mut(0).rp = 3;
        let filler = b.in_hand(0, "trn-006");
        assert!(
            !b.g.legal().contains(&Action::Recruit {
                card: r,
                boost: false
            }),
            "not while face down"
        );
        b.g.priority = crossover_vs_core::PriorityWindow::new([0]);
        b.act(Action::Reveal(r));
        assert_eq!(
            (b.g.pending(), b.g.passed_in_succession()),
            (Pending::Priority(0), 1),
            "216.2g"
        );
        b.act(Action::Recruit {
            card: r,
            boost: false,
        });
        assert_eq!(b.g.pending(), Pending::Refill(0, 1));
        b.act(Action::Refill(Some(filler)));
        assert_eq!(b.g.player(0).resources()[1], filler);
        assert_eq!(b.g.card(r).zone, Zone::Chain);
        b.resolve_all();
        b.act(Action::Place(Position {
            area: Area::Visible,
            row: Row::Front,
            col: 0,
        }));
        assert!(b.g.is_character(r));
    }

    /// 701.11f: a revealed resource is unrevealed once its player passes.
    #[test]
    fn r701_11f_a_revealed_resource_goes_back_to_unrevealed() {
        let mut b = Bench::new(CARDS);
        let r = b.resource(0, "x-res");
        b.act(Action::Reveal(r));
        assert!(b.g.card(r).revealed);
        b.act(Action::Pass);
        assert!(!b.g.card(r).revealed);
    }
}

impl GameState {
    /// 513.1a: does a continuous power's "while" condition hold for its player `p`?
    pub(crate) fn while_holds(&self, w: &crate::power::WhileCond, p: PlayerId) -> bool {
        use crate::power::WhileCond;
        match w {
            WhileCond::Resources { who, at_least } => match who {
                Relation::You => self.resource_count(p) >= *at_least,
                Relation::Opponent => self
                    .clockwise_from(p)
                    .any(|q| q != p && self.resource_count(q) >= *at_least),
            },
            WhileCond::Endurance { at_least } => self.endurance(p) >= i32::from(*at_least),
        }
    }

    /// The card's own "costs N less to recruit [while ...]" (706.12b, 513.1a), read from
    /// the card where it is recruited from: its text is active there (the hand, a
    /// revealed reservist in the resource row: 210.5a) and the power says it works there
    /// (500.2). The sum of
    /// those whose condition holds now for the player recruiting it (its owner).
    pub(crate) fn own_reduction(&self, card: CardId) -> u8 {
        use crate::power::{Continuous, Power};
        if !self.text_is_active(card) {
            return 0;
        }
        let p = self.card(card).owner;
        let mut n = 0u8;
        for pd in &self.def(card).powers {
            let Power::Continuous(Continuous::CostsLess { n: k, while_ }) = &pd.power else {
                continue;
            };
            if while_.as_ref().is_none_or(|w| self.while_holds(w, p)) {
                n = n.saturating_add(*k);
            }
        }
        n
    }
}
