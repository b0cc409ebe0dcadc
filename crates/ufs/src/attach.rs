//! Attached characters (D.2.2.3): a character card with the starting character's
//! character name in a player's staging area is attached to the starting character
//! (D.2.2.3.4). Attachment is read from the board rather than kept: every such card in
//! staging other than the starting character is attached, so the state needs no field
//! for it (and other character cards can't stay there, E.2.3).

use crate::ability::Ability;
use crate::model::*;
use crate::state::*;

/// Ability indexes from here up to [`GRANTED`], on a starting character, are the
/// abilities it has from its attached characters (D.2.2.3.4.1): each different
/// attached version's printed abilities, in the order the versions came to staging.
/// A starting character is never in a hand, so these never meet [`SPLIT_HALF`]'s.
pub const ATTACHED: u8 = 150;

impl GameState {
    /// D.2.2.3.4: whether `c` is a character card attached to its owner's starting
    /// character: in their staging area, not the starting character, and with its
    /// character name (B.6.1.1.1: the name, whatever the version).
    pub fn is_attached(&self, c: CardId) -> bool {
        let card = self.card(c);
        card.place == Place::Staging
            && self.attached_count[usize::from(card.owner)] > 0
            && self.attached_by_name(c)
    }

    /// `is_attached`, worked out from the card alone (for `recount_attached`).
    fn attached_by_name(&self, c: CardId) -> bool {
        let card = self.card(c);
        if card.place != Place::Staging {
            return false;
        }
        let starting = self.player(card.owner).character;
        c != starting && {
            let def = self.def(c);
            def.is_character() && def.name.eq_ignore_ascii_case(&self.def(starting).name)
        }
    }

    /// Counts again the characters attached to each starting character (after a
    /// character card entered or left a staging area, or a board was set up).
    pub(crate) fn recount_attached(&mut self) {
        for p in [0u8, 1] {
            let n = self
                .player(p)
                .staging
                .iter()
                .filter(|&&c| self.attached_by_name(c))
                .count();
            self.attached_count[usize::from(p)] = n.min(255) as u8;
        }
    }

    /// The characters attached to `p`'s starting character, in staging order.
    pub fn attached(&self, p: u8) -> Vec<CardId> {
        self.player(p)
            .staging
            .iter()
            .copied()
            .filter(|&c| self.is_attached(c))
            .collect()
    }

    /// D.2.2.3.4.1: one card of each different attached character (the first of its
    /// version in staging): the starting character has its abilities once.
    fn attached_versions(&self, p: u8) -> Vec<CardId> {
        self.player(p)
            .staging
            .iter()
            .copied()
            .filter(|&c| self.gives_its_abilities(c))
            .collect()
    }

    /// Whether `c` is attached and the first card of its version in its owner's staging
    /// area, its version not the starting character's own: the card whose abilities the
    /// starting character has (D.2.2.3.4.1, once per version).
    pub(crate) fn gives_its_abilities(&self, c: CardId) -> bool {
        let pl = self.player(self.card(c).owner);
        let def = self.card(c).def;
        self.is_attached(c)
            && def != self.card(pl.character).def
            && !pl
                .staging
                .iter()
                .take_while(|&&x| x != c)
                .any(|&x| self.card(x).def == def)
    }

    /// D.2.2.3.4.1: the abilities `c` has from the characters attached to it, if it is
    /// a starting character, numbered from [`ATTACHED`].
    pub fn attached_abilities(&self, c: CardId) -> Vec<(u8, Ability)> {
        self.each_attached_ability(c)
            .map(|(i, a)| (i, a.clone()))
            .collect()
    }

    /// `attached_abilities`, borrowed (the legal actions look at them for every card).
    pub(crate) fn each_attached_ability(
        &self,
        c: CardId,
    ) -> impl Iterator<Item = (u8, &Ability)> + '_ {
        let owner = self.card(c).owner;
        let versions =
            if self.player(owner).character == c && self.attached_count[usize::from(owner)] > 0 {
                self.attached_versions(owner)
            } else {
                Vec::new()
            };
        versions
            .into_iter()
            .flat_map(move |x| self.def(x).abilities.iter())
            .zip(ATTACHED..GRANTED)
            .map(|(a, i)| (i, a))
    }

    /// D.2.2.3.4.1: the resource symbols of `p`'s starting character, with those of
    /// each character attached to it.
    pub fn character_symbols(&self, p: u8) -> Symbols {
        if self.attached_count[usize::from(p)] == 0 {
            return self.character_def(p).symbols;
        }
        self.player(p)
            .staging
            .iter()
            .filter(|&&c| self.is_attached(c))
            .fold(self.character_def(p).symbols, |s, &c| {
                s.union(self.def(c).symbols)
            })
    }

    /// Whether `c` is a starting character with an attached character that has a
    /// response to events of kind `bit` (no allocation: it runs at every event).
    pub(crate) fn attached_responds(&self, c: CardId, bit: u32) -> bool {
        let owner = self.card(c).owner;
        let pl = self.player(owner);
        pl.character == c
            && self.attached_count[usize::from(owner)] > 0
            && pl
                .staging
                .iter()
                .any(|&x| x != c && self.db.responds(self.card(x).def, bit) && self.is_attached(x))
    }

    /// D.2.2.3.2: attached characters have the starting character's state (ready or
    /// committed); run after every action, so whatever readied or committed the
    /// starting character (or put a card in staging) carries over.
    pub(crate) fn sync_attached(&mut self) {
        for p in [0u8, 1] {
            if self.attached_count[usize::from(p)] == 0 {
                continue;
            }
            let committed = self.card(self.player(p).character).committed;
            for c in self.attached(p) {
                self.card_mut(c).committed = committed;
            }
        }
    }
}
