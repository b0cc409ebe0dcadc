//! The atoms every rule and effect changes the game with: moving a card between zones
//! (a new object, 213.1c), and the game actions of 708 (stun, KO, recover, ready,
//! exhaust, draw, discard) and endurance loss.

use crate::ids::*;
use crate::model::*;
use crate::state::*;
use crate::vocab::ReplaceEvent;
use smallvec::SmallVec;

impl GameState {
    fn zone_list(&mut self, c: CardId, zone: Zone) -> Option<&mut Vec<CardId>> {
        let card = self.card(c);
        let (owner, controller) = (card.owner, card.controller);
        let p = match zone {
            Zone::Deck | Zone::Hand | Zone::KoPile | Zone::Removed { .. } => owner,
            Zone::Character(_) | Zone::Equipped(_) | Zone::Resource => controller,
            Zone::Chain => return None,
        };
        let player = self.player_mut(p);
        Some(match zone {
            Zone::Deck => &mut player.deck,
            Zone::Hand => &mut player.hand,
            Zone::KoPile => &mut player.ko_pile,
            Zone::Removed { .. } => &mut player.removed,
            Zone::Character(_) => &mut player.characters,
            Zone::Equipped(_) => &mut player.equipment,
            Zone::Resource => &mut player.resources,
            Zone::Chain => unreachable!("the chain keeps no card list"),
        })
    }

    fn is_row(zone: Zone) -> bool {
        matches!(zone, Zone::Character(_))
    }

    /// Moves a card to `zone` (at the end of its list: the top of a deck, the right end
    /// of a resource row). Changing zones, or moving between the resource row and the
    /// character rows, makes a new object with no counters (213.1c, 215.2–3); equipment
    /// on a character leaving its rows goes to its owner's KO'd pile (302.6).
    pub(crate) fn move_card(&mut self, c: CardId, zone: Zone) {
        let old = self.card(c).zone;
        if let Some(list) = self.zone_list(c, old) {
            // From the end: most moves take the top card of a deck (or the card just put
            // there); a card is in its zone's list once.
            if let Some(i) = list.iter().rposition(|&x| x == c) {
                list.remove(i);
            }
        }
        let same_object = matches!(
            (old, zone),
            (Zone::Character(_), Zone::Character(_))
                | (Zone::Equipped(_), Zone::Equipped(_))
                | (Zone::Resource, Zone::Resource)
        );
        // 502.4: leaves-play powers look back and ignore inactive text.
        let in_play_as_itself = match old {
            Zone::Character(_) | Zone::Equipped(_) => true,
            Zone::Resource => self.card(c).face_up,
            _ => false,
        };
        let leaves_play = in_play_as_itself
            && !matches!(
                (old, zone),
                (Zone::Character(_), Zone::Character(_))
                    | (Zone::Equipped(_), Zone::Equipped(_))
                    | (Zone::Resource, Zone::Resource)
            );
        if leaves_play
            && self.def(c).powers.iter().any(|p| {
                matches!(
                    &p.power,
                    crate::power::Power::Trigger {
                        event: crate::power::Event::LeavesPlay,
                        ..
                    }
                )
            })
        {
            self.fire_looking_back(crate::power::Event::LeavesPlay, c, None);
        }
        if leaves_play && matches!(old, Zone::Character(_)) {
            self.fire_character_left(c);
        }
        if Self::is_row(old) && !Self::is_row(zone) {
            let on_it: Vec<CardId> = self.equipment_on(c).collect();
            for e in on_it {
                self.move_card(e, Zone::KoPile);
            }
            self.leave_attack(c);
        }
        if !same_object {
            let object = self.tick();
            let card = self.card_mut(c);
            card.object = object;
            card.plus = 0;
            card.cosmic = false;
            card.stunned = false;
            card.exhausted = false;
            card.face_up = false;
            card.revealed = false;
            card.boosted = false;
            // 213.1e: hands, piles and decks are the owner's.
            if matches!(
                zone,
                Zone::Deck | Zone::Hand | Zone::KoPile | Zone::Removed { .. }
            ) {
                card.controller = card.owner;
            }
            // 515.6: out of play, a card's timestamp is when it entered its zone (in play
            // it is set as it enters play or turns face up, 515.1).
            if !matches!(
                zone,
                Zone::Character(_) | Zone::Equipped(_) | Zone::Resource
            ) {
                card.timestamp = object;
            }
        }
        self.card_mut(c).zone = zone;
        if let Some(list) = self.zone_list(c, zone) {
            list.push(c);
        }
    }

    /// 602.2a / 602.3a: a character that leaves its rows, changes controller or is
    /// stunned is no longer an attacker or the defender.
    pub(crate) fn leave_attack(&mut self, c: CardId) {
        if let Some(a) = &mut self.attack {
            a.attackers.retain(|t| t.0 != c);
            if a.defender.is_some_and(|(d, _)| d == Defender::Character(c)) {
                a.defender = None;
            }
        }
    }

    /// 104.1, 203.1: endurance goes down by `n` (never a negative amount).
    pub(crate) fn lose_endurance(&mut self, p: PlayerId, n: i32) {
        if n <= 0 {
            return;
        }
        // 513.5g: "additional" or "less" replacements change the amount.
        let Some(n) = self.replaced_amount(ReplaceEvent::LoseEndurance, None, Some(p), n) else {
            return;
        };
        if n <= 0 {
            return;
        }
        let e = &mut self.player_mut(p).endurance;
        *e = e.saturating_sub(n);
        self.log(|g| {
            format!(
                "{} loses {n} endurance ({}).",
                g.player_name(p),
                g.endurance(p)
            )
        });
    }

    /// 708.11: turns a character face down and exhausted; its controller loses its cost
    /// (708.11b) unless it is costless (203.4d) or has invulnerability (708.11i).
    /// Returns whether it became stunned (708.11d: not if it already was).
    pub(crate) fn stun(&mut self, c: CardId) -> bool {
        self.stun_event(c, None).unwrap_or(false)
    }

    /// [`Self::stun`] in a caller that can go on later (`resume`): `None` when the stun
    /// waits for a decision while it is replaced (513.5); the caller stops and asks again.
    pub(crate) fn stun_event(&mut self, c: CardId, resume: Option<Resume>) -> Option<bool> {
        // An answer settled while the caller waited comes first: the replacement may
        // have changed what the checks below see.
        let settled = self.take_settled(ReplaceEvent::BecomeStunned, Some(c), None);
        if settled == Some(true) {
            return Some(false);
        }
        // 103.2: "can't be stunned" beats anything that stuns.
        if !self.is_character(c) || self.card(c).stunned || self.cant(c, Cant::BeStunned) {
            return Some(false);
        }
        let loss = if self.has_invulnerability(c) {
            0
        } else {
            // 203.2a: its cost as modifiers leave it.
            self.cost(c).map(i32::from).unwrap_or(0)
        };
        let controller = self.card(c).controller;
        // 513.5: a replacement may make something else happen instead.
        if settled.is_none() {
            match self.replace_event(
                ReplaceEvent::BecomeStunned,
                Some(c),
                None,
                0,
                Some(c),
                resume,
            ) {
                crate::state::Replaced::Yes => return Some(false),
                crate::state::Replaced::Wait => return None,
                crate::state::Replaced::No => {}
            }
        }
        // 502.4: stun triggers look back to just before the stun.
        self.fire(crate::power::Event::BecomesStunned, c);
        self.fire_delayed_on(crate::power::Event::BecomesStunned, c);
        {
            let card = self.card_mut(c);
            card.stunned = true;
            card.exhausted = true;
            // 708.11h.
            card.cosmic = false;
        }
        self.leave_attack(c);
        self.log(|g| format!("{} is stunned.", g.name(c)));
        // 203.10: the stun may pay a cost; the endurance it loses its controller doesn't.
        let paying = std::mem::replace(&mut self.paying_cost, false);
        self.lose_endurance(controller, loss);
        self.paying_cost = paying;
        Some(true)
    }

    /// 708.6: a stunned character is turned face up and stays exhausted.
    pub(crate) fn recover(&mut self, c: CardId) -> bool {
        if !self.is_character(c) || !self.card(c).stunned {
            return false;
        }
        self.card_mut(c).stunned = false;
        self.log(|g| format!("{} recovers.", g.name(c)));
        self.fire(crate::power::Event::Recovers, c);
        self.fire_delayed_on(crate::power::Event::Recovers, c);
        true
    }

    /// 708.13: reveal an object in play and put it into its owner's KO'd pile.
    pub(crate) fn ko(&mut self, c: CardId) -> bool {
        if !matches!(
            self.card(c).zone,
            Zone::Character(_) | Zone::Equipped(_) | Zone::Resource
        ) {
            return false;
        }
        // 513.5; 708.13c: a KO whose trip to the KO'd pile is replaced still happened.
        if self.replaced(ReplaceEvent::KoFromPlay, Some(c), None, 0) {
            return true;
        }
        self.log(|g| format!("{} is KO'd.", g.name(c)));
        self.move_card(c, Zone::KoPile);
        true
    }

    /// 708.15: only an exhausted object readies; a stunned character can't (701.12a).
    pub(crate) fn ready(&mut self, c: CardId) -> bool {
        let card = self.card(c);
        if !card.exhausted || card.stunned || (self.is_character(c) && self.cant(c, Cant::Ready)) {
            return false;
        }
        // 708.15c: a replacement of readying sees only an exhausted object.
        if self.replaced(ReplaceEvent::Ready, Some(c), None, 0) {
            return false;
        }
        self.card_mut(c).exhausted = false;
        self.end_while_exhausted(c);
        // 513.6a: it no longer remains exhausted: what it held is released.
        self.release_captives(c);
        // 708.15b: "readies" triggers only on a real change.
        self.fire(crate::power::Event::Readies, c);
        true
    }

    /// 708.16: only a ready object exhausts.
    pub(crate) fn exhaust(&mut self, c: CardId) -> bool {
        if self.card(c).exhausted {
            return false;
        }
        // 708.16c: a replacement of exhausting sees only a ready object.
        if self.replaced(ReplaceEvent::Exhaust, Some(c), None, 0) {
            return false;
        }
        self.card_mut(c).exhausted = true;
        // 708.16b: "exhausts" triggers only on a real change.
        self.fire(crate::power::Event::Exhausts, c);
        true
    }

    /// 708.18: the top card of the deck into the hand; an empty deck draws nothing
    /// (102.6: and is no loss).
    pub(crate) fn draw(&mut self, p: PlayerId, n: u32) {
        for _ in 0..n {
            if self.player(p).deck.is_empty() {
                self.log(|g| format!("{} has no card left to draw.", g.player_name(p)));
                return;
            }
            // 513.5: "if you would draw a card for the first time in a phase, instead";
            // 513.5g: "instead, draw that card and an additional card" / "one less".
            let mut cards = 1;
            if !self.drawn_this_phase.contains(&p) {
                match self.replaced_amount(ReplaceEvent::FirstDrawInPhase, None, Some(p), 1) {
                    None => continue,
                    Some(m) => cards = m.max(0) as u32,
                }
            }
            for _ in 0..cards {
                if !self.draw_top(p) {
                    return;
                }
            }
        }
    }

    /// Draws the top card of `p`'s deck, with no replacement asked: `false` with an
    /// empty deck.
    fn draw_top(&mut self, p: PlayerId) -> bool {
        let Some(&c) = self.player(p).deck.last() else {
            self.log(|g| format!("{} has no card left to draw.", g.player_name(p)));
            return false;
        };
        if !self.drawn_this_phase.contains(&p) {
            self.drawn_this_phase.push(p);
        }
        // 708.18b: with the top card revealed, each card drawn is revealed.
        let revealed = self.deck_top_revealed(p);
        self.move_card(c, Zone::Hand);
        if revealed {
            self.log(|g| {
                format!(
                    "{} draws {}, revealed (708.18b).",
                    g.player_name(p),
                    g.name(c)
                )
            });
        } else {
            self.log_private(p, |g| format!("You draw {}.", g.name(c)));
        }
        true
    }

    /// 708.17: from the hand to the KO'd pile.
    pub(crate) fn discard(&mut self, c: CardId) {
        if self.card(c).zone == Zone::Hand {
            self.log(|g| format!("{} discards {}.", g.player_name(g.card(c).owner), g.name(c)));
            self.move_card(c, Zone::KoPile);
        }
    }

    /// 704.1–3: as a unique object enters under `p`'s control, each other unique object
    /// `p` controls with the same name goes to its owner's KO'd pile (not a KO).
    pub(crate) fn check_uniqueness(&mut self, c: CardId, p: PlayerId) {
        if !self.def(c).is_unique() {
            return;
        }
        let player = self.player(p);
        let others: Vec<CardId> = player
            .characters
            .iter()
            .chain(&player.equipment)
            .chain(player.resources.iter().filter(|&&r| self.card(r).face_up))
            .copied()
            .filter(|&o| o != c && self.def(o).is_unique() && self.shares_name(o, c))
            .filter(|&o| !self.not_unique_across_versions(c, o, p))
            .collect();
        for o in others {
            self.log(|g| format!("{} leaves play (uniqueness rule, 704).", g.name(o)));
            self.move_card(o, Zone::KoPile);
        }
    }

    /// 704.1a: does a power of `p` keep `o` in play as `c` enters, `o` being a character
    /// of another version that fits its description?
    fn not_unique_across_versions(&self, c: CardId, o: CardId, p: PlayerId) -> bool {
        if !self.is_character(o) || self.same_version(c, o) {
            return false;
        }
        self.continuous_sources().any(|s| {
            self.card(s).controller == p
                && self.def(s).powers.iter().enumerate().any(|(i, pw)| {
                    matches!(&pw.power, crate::power::Power::Continuous(crate::power::Continuous::NotUniqueAcrossVersions { filter })
                        if self.matches(filter, o, p, s) && self.power_active(s, i as u8))
                })
        })
    }

    /// 214: a character enters play at `pos`, ready, under `p`'s control; cosmic
    /// characters with a cosmic counter (706.7b). 214.6: one that enters play stunned is
    /// placed stunned (face down, exhausted) and was never non-stunned: no "becomes
    /// stunned" trigger, no stun endurance loss (214.6a–b), no cosmic counter (214.6c),
    /// and its inactive text doesn't trigger on entering play (214.6d); it is placed in
    /// the area chosen like any other (214.6e).
    pub(crate) fn enter_play(&mut self, c: CardId, p: PlayerId, pos: Position, boosted: bool) {
        self.enter_play_as(p, &[(c, pos)], boosted);
    }

    /// 213.5i: cards put into the in-play zone together enter play simultaneously: all are
    /// in their positions before any of their enters-play powers triggers (so each sees
    /// the others), with one timestamp (515.1: the time they entered play); a modifier
    /// making characters enter play stunned must exist before they enter (214.6), so
    /// none of them is stunned by another's.
    pub(crate) fn enter_play_together(&mut self, p: PlayerId, cards: &[(CardId, Position)]) {
        self.enter_play_as(p, cards, false);
    }

    fn enter_play_as(&mut self, p: PlayerId, cards: &[(CardId, Position)], boosted: bool) {
        if cards.is_empty() {
            return;
        }
        for &(c, pos) in cards {
            self.card_mut(c).controller = p;
            self.move_card(c, Zone::Character(pos));
        }
        let now = self.tick();
        let entering: SmallVec<[CardId; 4]> = cards.iter().map(|&(c, _)| c).collect();
        let stunned: SmallVec<[bool; 4]> = entering
            .iter()
            .map(|&c| self.enters_play_stunned(c, &entering))
            .collect();
        for (&(c, pos), &stunned) in cards.iter().zip(&stunned) {
            let cosmic = !stunned && self.def(c).has(Keyword::Cosmic);
            let card = self.card_mut(c);
            card.timestamp = now;
            card.exhausted = stunned;
            card.stunned = stunned;
            card.cosmic = cosmic;
            card.boosted = boosted;
            if stunned {
                self.log(|g| format!("{} enters play stunned ({pos}, 214.6).", g.name(c)));
            } else {
                self.log(|g| format!("{} enters play ({pos}).", g.name(c)));
            }
        }
        // 214.5 (its text inactive if it entered stunned: nothing of its own fires).
        for &c in &entering {
            self.fire(crate::power::Event::EntersPlay, c);
        }
    }

    pub fn player_name(&self, p: PlayerId) -> String {
        format!("Player {}", p + 1)
    }
}

impl GameState {
    /// 215.1c: how many `name` counters the object `c` is now has (none once it has
    /// changed zones, 213.1c).
    pub fn named_counters(&self, c: CardId, name: &str) -> u32 {
        let object = self.card(c).object;
        self.named_counters
            .iter()
            .filter(|k| k.card == c && k.object == object && k.name == name)
            .map(|k| u32::from(k.n))
            .sum()
    }

    /// 215.1c: removes up to `n` counters named `name` from the object `c`.
    pub(crate) fn remove_named_counters(&mut self, c: CardId, name: &str, n: u8) {
        let object = self.card(c).object;
        if let Some(k) = self
            .named_counters
            .iter_mut()
            .find(|k| k.card == c && k.object == object && k.name == name)
        {
            k.n = k.n.saturating_sub(u16::from(n));
        }
        self.log(|g| {
            format!(
                "{n} {name} counter{} removed from {}.",
                if n == 1 { " is" } else { "s are" },
                g.name(c)
            )
        });
    }

    /// 215.1c: puts `n` counters named `name` on the object `c` (in play).
    pub(crate) fn put_named_counters(&mut self, c: CardId, name: &str, n: u16) {
        if n == 0 {
            return;
        }
        let object = self.card(c).object;
        // Entries of objects that have left are dropped as new ones come.
        let cards = &self.cards;
        self.named_counters
            .retain(|k| cards[k.card.0 as usize].object == k.object);
        match self
            .named_counters
            .iter_mut()
            .find(|k| k.card == c && k.name == name)
        {
            Some(k) => k.n = k.n.saturating_add(n),
            None => self.named_counters.push(crate::state::NamedCounters {
                card: c,
                object,
                name: name.to_string(),
                n,
            }),
        }
        self.log(|g| {
            format!(
                "{} gets {n} {name} counter{} ({} in all).",
                g.name(c),
                if n == 1 { "" } else { "s" },
                g.named_counters(c, name)
            )
        });
    }

    /// 102.2: `p` wins the game: every other player still in it loses.
    pub(crate) fn win_game(&mut self, p: PlayerId) {
        if self.result.is_some() || !self.in_game(p) {
            return;
        }
        self.log(|g| format!("{} wins the game (102.2).", g.player_name(p)));
        let others: Vec<PlayerId> = self.clockwise_from(p).filter(|&q| q != p).collect();
        for q in others {
            if self.result.is_none() {
                self.remove_player(q);
            }
        }
    }
}

impl GameState {
    /// 701.11d, 501.4d: a face-up resource turns face down: the same object, with its
    /// timestamp, counters and ready or exhausted state, but the choices it made while
    /// face up are forgotten. Whether it turned (an already face-down one doesn't).
    pub(crate) fn turn_face_down(&mut self, r: CardId) -> bool {
        let card = self.card(r);
        if card.zone != Zone::Resource || !card.face_up {
            return false;
        }
        let card = self.card_mut(r);
        card.face_up = false;
        card.revealed = false;
        self.remembered.retain(|m| m.card != r);
        self.log(|g| format!("{} turns face down.", g.name(r)));
        true
    }

    /// 217.1a, Glossary: Exchange: two resources trade places, each taking the other's
    /// position in its resource row (and so its controller, 708.4b). Neither enters or
    /// leaves play, nor turns face up or down; both must still be resources.
    pub(crate) fn exchange_resources(&mut self, a: CardId, b: CardId) -> bool {
        if a == b || self.card(a).zone != Zone::Resource || self.card(b).zone != Zone::Resource {
            return false;
        }
        let (pa, pb) = (self.card(a).controller, self.card(b).controller);
        let (Some(ia), Some(ib)) = (
            self.player(pa).resources.iter().position(|&x| x == a),
            self.player(pb).resources.iter().position(|&x| x == b),
        ) else {
            return false;
        };
        self.player_mut(pa).resources[ia] = b;
        self.player_mut(pb).resources[ib] = a;
        self.card_mut(a).controller = pb;
        self.card_mut(b).controller = pa;
        // A face-down resource's name stays hidden (701.11a).
        self.log(|_| "Two resources exchange positions.".into());
        true
    }

    /// 501.4d: `source`, face up in the resource row, remembers the characters it chose
    /// as it was played.
    pub(crate) fn remember_choices(&mut self, source: CardId, chosen: Vec<(CardId, u32)>) {
        let object = self.card(source).object;
        let affiliation = self
            .remembered
            .iter()
            .find(|m| m.card == source && m.object == object)
            .and_then(|m| m.affiliation);
        self.remembered.retain(|m| m.card != source);
        self.remembered.push(Remembered {
            card: source,
            object,
            chosen,
            affiliation,
        });
    }

    /// 513.1c: the object `source` is now remembers choosing this affiliation (until
    /// it turns face down, 701.11d, or leaves play, 213.1c).
    pub(crate) fn remember_affiliation(&mut self, source: CardId, i: u8) {
        let object = self.card(source).object;
        self.remembered
            .retain(|m| m.card != source || m.object == object);
        match self
            .remembered
            .iter_mut()
            .find(|m| m.card == source && m.object == object)
        {
            Some(m) => m.affiliation = Some(i),
            None => self.remembered.push(Remembered {
                card: source,
                object,
                chosen: Vec::new(),
                affiliation: Some(i),
            }),
        }
    }

    /// Did the object `source` is now choose `c` as it was played, and does it still
    /// remember it (501.4d)?
    pub fn chose_to_play(&self, source: CardId, c: CardId) -> bool {
        let (object, co) = (self.card(source).object, self.card(c).object);
        self.remembered
            .iter()
            .any(|m| m.card == source && m.object == object && m.chosen.contains(&(c, co)))
    }
}
