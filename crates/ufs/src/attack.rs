//! The attack sequence (G): the Enhance Step, the Block Step, the Damage Step and
//! resolution, with the keyword abilities the engine plays on attacks (I.3: EX,
//! Flash, Multiple, Powerful, Reversal, Safe, Throw).

use crate::ability::BlockRule;
use crate::model::*;
use crate::state::*;

/// The enhance abilities of the keywords (kinds in `Attack::enhanced`).
pub const POWERFUL: u8 = 0;
pub const EX: u8 = 1;
/// I.3.8 Multiple (2 is Stun, enhance.rs).
pub const MULTIPLE: u8 = 3;

impl GameState {
    /// F.2.3.4: the pending attack enters its sequence; G.1 starts with the attacker's
    /// enhance priority, unless it has Flash (I.3.6: skip the Enhance Step).
    pub(crate) fn begin_attack(&mut self, c: CardId) {
        let Kind::Attack {
            zone,
            speed,
            damage,
        } = self.def(c).kind
        else {
            self.continue_combat();
            return;
        };
        let attacker = self.card(c).owner;
        let reversal = self.reversal_attacks.contains(&c);
        self.attack = Some(Attack {
            card: c,
            attacker,
            zone,
            speed: i16::from(speed),
            damage: i16::from(damage),
            step: AttackStep::Enhance {
                priority: attacker,
                passes: 0,
            },
            block: BlockStatus::NotBlocked,
            reversal,
            enhanced: Vec::new(),
            enhanced_by_opponent: Vec::new(),
            fired: Vec::new(),
            block_rules: Vec::new(),
            block_again: false,
            copies: Vec::new(),
            dropped: false,
            damage_begun: false,
            reversal_as_if_blocked: false,
        });
        self.gain_next_attack_abilities(attacker, c);
        self.say(|s| {
            format!(
                "{} attacks with {}: {} zone, speed {speed}, damage {damage}.",
                s.seat_name(attacker),
                s.name_of(c),
                zone.name()
            )
        });
        let e = Event::AttackBegins { player: attacker };
        self.event(e, Resume::EnhanceStep);
    }

    /// G.1: the Enhance Step begins, unless the attack has Flash.
    pub(crate) fn enhance_step(&mut self) {
        if self.abort_dropped_attack() {
            return;
        }
        let Some(a) = self.attack.as_ref() else {
            self.continue_combat();
            return;
        };
        let (c, attacker) = (a.card, a.attacker);
        if self.def(c).has(&Keyword::Flash) {
            self.say(|_| "Flash: the Enhance Step is skipped (I.3.6).".into());
            self.block_step();
        } else {
            self.pending = Pending::Enhance(attacker);
        }
    }

    /// The rating of an enhance keyword the attack has and has not used this step.
    pub fn keyword_enhance(&self, kind: u8) -> Option<u8> {
        let a = self.attack.as_ref()?;
        if a.enhanced.contains(&(a.card, kind)) {
            return None;
        }
        let def = self.def(a.card);
        def.keywords.iter().find_map(|k| match (kind, k) {
            (POWERFUL, Keyword::Powerful(n))
            | (EX, Keyword::Ex(n))
            | (crate::enhance::STUN, Keyword::Stun(n))
            | (MULTIPLE, Keyword::Multiple(n))
            | (crate::enhance::GAUGE, Keyword::Gauge(n)) => Some(*n),
            _ => None,
        })
    }

    /// G.1: a player with enhance priority passes; two passes in succession end the
    /// step.
    pub(crate) fn enhance_pass(&mut self) {
        let Some(a) = self.attack.as_mut() else {
            return;
        };
        let AttackStep::Enhance { priority, passes } = a.step else {
            return;
        };
        if passes + 1 >= 2 {
            self.block_step();
        } else if !self.abort_dropped_attack() {
            let Some(a) = self.attack.as_mut() else {
                return;
            };
            let next = 1 - priority;
            a.step = AttackStep::Enhance {
                priority: next,
                passes: passes + 1,
            };
            self.pending = Pending::Enhance(next);
        }
    }

    /// I.3.5 EX and I.3.9 Powerful: discard `n` momentum for +rating speed or damage
    /// per card. Priority then passes to the other player (G.1: a play resets the
    /// passes in succession).
    pub(crate) fn keyword_enhance_use(&mut self, kind: u8, n: u8) {
        let Some(p) = self.attack.as_ref().map(|a| a.attacker) else {
            return;
        };
        self.before_momentum_cost(p, n, Resume::KeywordEnhance(kind, n));
    }

    /// Powerful or EX, its cost of `n` momentum about to be paid.
    pub(crate) fn keyword_enhance_paid(&mut self, kind: u8, n: u8) {
        let rating = self.keyword_enhance(kind).unwrap_or(0);
        let Some(p) = self.attack.as_ref().map(|a| a.attacker) else {
            return;
        };
        let discarded = self.pay_momentum(p, n);
        let bonus = i16::from(rating) * i16::from(n);
        let a = self.attack.as_mut().expect("an attack");
        a.enhanced.push((a.card, kind));
        let what = if kind == POWERFUL {
            a.damage += bonus;
            "damage"
        } else {
            a.speed += bonus;
            "speed"
        };
        a.step = AttackStep::Enhance {
            priority: 1 - p,
            passes: 0,
        };
        let keyword = if kind == POWERFUL { "Powerful" } else { "EX" };
        self.say(|s| {
            format!(
                "{keyword}: {} pays {n} momentum ({discarded} discarded from momentum); the attack gets +{bonus} {what}.",
                s.seat_name(p)
            )
        });
        if self.abort_dropped_attack() {
            return;
        }
        self.pending = Pending::Enhance(1 - p);
    }

    /// I.3.8.1 Multiple: the attacker discards `n` momentum (1 to the rating) and adds
    /// `n` cards from the top of their discard pile to their card pool face down as
    /// multiple copies of the attack (I.3.8.2: its printed values, no text box, traits
    /// or abilities), onto the attack stack. A copy is discarded rather than added to
    /// momentum (I.3.8.2.1); having no keywords, a copy can't make copies (I.3.8.2.2).
    pub(crate) fn play_multiple(&mut self, n: u8) {
        let Some(p) = self.attack.as_ref().map(|a| a.attacker) else {
            return;
        };
        self.before_momentum_cost(p, n, Resume::PlayMultiple(n));
    }

    /// Multiple, its cost of `n` momentum about to be paid.
    pub(crate) fn multiple_paid(&mut self, n: u8) {
        let Some(a) = self.attack.as_ref() else {
            return;
        };
        let (p, c) = (a.attacker, a.card);
        let discarded = self.pay_momentum(p, n);
        self.say(|s| {
            format!(
                "Multiple: {} pays {n} momentum ({discarded} discarded from momentum).",
                s.seat_name(p)
            )
        });
        if let Some(a) = self.attack.as_mut() {
            a.enhanced.push((c, MULTIPLE));
        }
        // The ability is played; responses may answer it before its effect (Constant
        // Training cancels it).
        self.effects_cancelled = false;
        let e = Event::AddsAttacksWithoutCheck { player: p };
        self.event(e, Resume::MultipleCopies(n));
    }

    /// I.3.8.1: Multiple's effect, unless a response cancelled it; then the other
    /// player has enhance priority.
    pub(crate) fn multiple_copies(&mut self, n: u8) {
        let Some(a) = self.attack.as_ref() else {
            return;
        };
        let (p, c) = (a.attacker, a.card);
        if std::mem::take(&mut self.effects_cancelled) {
            self.pass_enhance_priority(p);
            return;
        }
        let printed = self.face_down_of(c).map_or(self.card(c).def, |f| f.printed);
        let Some(copy_def) = self.db.multiple_copy(printed) else {
            self.pass_enhance_priority(p);
            return;
        };
        let copies = self.move_from_top(p, Place::Discard, Place::CardPool, usize::from(n));
        for &x in &copies {
            let own = self.card(x).def;
            self.marks.face_down.push((
                x,
                FaceDown {
                    printed: own,
                    no_momentum: true,
                },
            ));
            self.card_mut(x).def = copy_def;
        }
        // F.2.3.6: attacks stacked together are pushed rightmost first, so that their
        // sequences run left to right.
        self.attack_stack.extend(copies.iter().rev());
        if let Some(a) = self.attack.as_mut() {
            a.copies.extend(&copies);
        }
        // I.3.8.3: the copies get what is assigned to the attack and its copies.
        for shared in &mut self.shared_fired {
            if shared.cards.contains(&c) {
                shared.cards.extend(&copies);
            }
        }
        let made = copies.len();
        self.say(|s| {
            format!(
                "{made} multiple copies of {} wait on the attack stack.",
                s.name_of(c)
            )
        });
        self.pass_enhance_priority(p);
    }

    /// K.3.9: `p`'s next attack this turn is `c`: it gains the abilities waiting for
    /// it.
    pub(crate) fn gain_next_attack_abilities(&mut self, p: u8, c: CardId) {
        if self.player(p).next_attack_gains.is_empty()
            || !matches!(self.def(c).kind, Kind::Attack { .. })
        {
            return;
        }
        let gains = std::mem::take(&mut self.player_mut(p).next_attack_gains);
        self.marks.granted.extend(gains.into_iter().map(|a| (c, a)));
        self.say(|s| format!("{} gains an ability (K.3.9).", s.name_of(c)));
    }

    /// After a failed block's window (G.2.2.1): an effect may let the defender play
    /// another block; otherwise the attack is not blocked.
    pub(crate) fn after_block_fails(&mut self) {
        let again = self
            .attack
            .as_mut()
            .is_some_and(|a| std::mem::take(&mut a.block_again));
        if again && !self.legal_blocks().is_empty() {
            self.say(|_| "Another block may be played.".into());
            self.block_step();
        } else {
            self.damage_step(BlockStatus::NotBlocked);
        }
    }

    /// G.2: the defender may attempt to block.
    pub(crate) fn block_step(&mut self) {
        if self.abort_dropped_attack() {
            return;
        }
        let Some(a) = self.attack.as_mut() else {
            return;
        };
        a.step = AttackStep::Block;
        let defender = 1 - a.attacker;
        self.pending = Pending::Block(defender);
    }

    /// G.2.1: the cards in hand the defender may attempt to block with: a block zone
    /// that can block the attack's zone (G.2.1.2), and the symbols to play it (E.4.1).
    pub fn legal_blocks(&self) -> Vec<CardId> {
        let Some(a) = self.attack.as_ref() else {
            return Vec::new();
        };
        // G.2.1.1.2: an unblockable attack can't be blocked at all.
        if a.block_rules.contains(&BlockRule::Unblockable) {
            return Vec::new();
        }
        let no_shared = a.block_rules.contains(&BlockRule::NoSharedSymbols);
        let attack_symbols = self.def(a.card).symbols;
        let defender = 1 - a.attacker;
        self.player(defender)
            .hand
            .iter()
            .copied()
            .filter(|&c| {
                !(no_shared && self.def(c).symbols.shares_with(attack_symbols))
                    && (self.blocks_without_check(c)
                        || (self.def(c).block.is_some_and(|(z, _)| z.can_block(a.zone))
                            && self.symbols_allow(defender, c)
                            && self.name_allows(defender, c)))
            })
            .collect()
    }

    /// Ruling UFS-32: a hand card with `StaticRule::BlocksRangedWithoutCheck` against
    /// a ranged attack. It is put into the card pool, not played, so neither its block
    /// zone nor its resource symbols (E.4.1.2) matter.
    pub fn blocks_without_check(&self, c: CardId) -> bool {
        let Some(a) = self.attack.as_ref() else {
            return false;
        };
        self.card(c).place == Place::Hand
            && self.def(a.card).has(&Keyword::Ranged)
            && self.def(c).abilities.iter().any(|x| {
                x.kind == crate::ability::AbilityKind::Static
                    && x.effect
                        == [crate::ability::Effect::Static(
                            crate::ability::StaticRule::BlocksRangedWithoutCheck,
                        )]
            })
    }

    /// Ruling UFS-32: the card goes into the card pool as a complete block, with no
    /// control check; the block is made as if its check had passed.
    pub(crate) fn block_without_check(&mut self, p: u8, c: CardId) {
        self.move_card(c, Place::CardPool);
        self.say(|s| {
            format!(
                "{} puts {} into their card pool: the ranged attack is completely blocked, with no control check.",
                s.seat_name(p),
                s.name_of(c)
            )
        });
        self.blocked_with(p, c, BlockStatus::Complete);
    }

    /// G.3: the Damage Step. Unblocked: full damage; partially blocked: half, rounded
    /// up; completely blocked: none, or half rounded up for a Throw (I.3.14). Damage
    /// of 0 or less is no damage.
    pub(crate) fn damage_step(&mut self, status: BlockStatus) {
        if self.abort_dropped_attack() {
            return;
        }
        let Some(a) = self.attack.as_mut() else {
            return;
        };
        a.damage_begun = true;
        a.block = status;
        let (c, attacker, damage) = (a.card, a.attacker, a.damage.max(0));
        let throw = self.def(c).has(&Keyword::Throw)
            || self.static_rules(attacker).iter().any(|(x, r)| {
                *x == c
                    && matches!(
                        r,
                        crate::ability::StaticRule::HalfDamageWhenCompletelyBlocked
                    )
            });
        let half = (damage + 1) / 2;
        let dealt = match status {
            BlockStatus::NotBlocked => damage,
            BlockStatus::Partial => half,
            BlockStatus::Complete if throw => half,
            BlockStatus::Complete => 0,
        };
        let defender = 1 - attacker;
        let dealt = self.damage_taken(defender, dealt);
        let how = match status {
            BlockStatus::NotBlocked => "not blocked",
            BlockStatus::Partial => "partially blocked",
            BlockStatus::Complete => "completely blocked",
        };
        let mut then = Resume::ResolveAttack;
        if dealt > 0 {
            self.player_mut(defender).vitality -= dealt;
            self.card_mut(c).dealt_damage = true;
            self.say(|s| {
                format!(
                    "The attack is {how}: {} loses {dealt} vitality ({} left).",
                    s.seat_name(defender),
                    s.player(defender).vitality
                )
            });
            // The loss of vitality may be answered, then the attack resolves.
            then = Resume::Event(
                Event::LoseVitality {
                    player: defender,
                    amount: dealt,
                    attack: Some(c),
                    by: attacker,
                },
                Box::new(then),
            );
        } else {
            self.say(|_| format!("The attack is {how}: no damage."));
        }
        // J.3.2: "if this attack deals damage" (or "does not deal damage", G.3.1)
        // effects fire, in the order they were created, before any response window
        // (J.3.2.1.1).
        let fired = self
            .attack
            .as_mut()
            .map(|a| std::mem::take(&mut a.fired))
            .unwrap_or_default();
        // I.3.8.3: what the attack shares with its multiple copies fires for the first
        // of them to deal damage; it runs after the attack's own fired effects.
        let mut shared_then: Vec<Fired> = Vec::new();
        if dealt > 0 {
            let mut i = 0;
            while i < self.shared_fired.len() {
                if !self.shared_fired[i].cards.contains(&c) {
                    i += 1;
                    continue;
                }
                let f = self.shared_fired.remove(i).fired;
                if f.yours_only && f.controller != attacker {
                    continue;
                }
                shared_then.push(f);
            }
        }
        for f in shared_then.into_iter().rev() {
            then = Resume::Effect {
                controller: f.controller,
                rest: f.then,
                then: Box::new(then),
            };
        }
        for f in fired.into_iter().rev() {
            let fires = if let FiredWhen::DamageAtLeast(n) = f.when {
                dealt > 0 && dealt >= i16::from(n)
            } else if dealt > 0 {
                matches!(f.when, FiredWhen::Damage | FiredWhen::DamageOrBlocked)
            } else {
                f.when == FiredWhen::NoDamage
            };
            if !fires || (f.yours_only && f.controller != attacker) {
                continue;
            }
            then = Resume::Effect {
                controller: f.controller,
                rest: f.then,
                then: Box::new(then),
            };
        }
        self.resume(then);
    }

    /// G.5.2.1: the sequence of an attack that was dropped (it left the card pool before
    /// its Damage Step, G.5.2) is aborted the next time a player would get enhance
    /// priority, or it would move on to its Block Step, its block status or its Damage
    /// Step: it does not resolve (G.4), and combat goes on. Returns whether it was.
    pub(crate) fn abort_dropped_attack(&mut self) -> bool {
        let Some(a) = self.attack.take_if(|a| a.dropped) else {
            return false;
        };
        self.say(|s| {
            format!(
                "{} left the card pool during its attack sequence: the attack is dropped and its sequence ends (G.5.2).",
                s.name_of(a.card)
            )
        });
        self.attack_over(&a);
        self.continue_combat();
        true
    }

    /// What ends with an attack's sequence, resolved or aborted.
    fn attack_over(&mut self, a: &Attack) {
        // C.3.3.4.2.4: a block's current state is refreshed as the attack it was
        // played during resolves (a block zone an effect changed is its own again).
        let cards = &self.cards;
        self.marks
            .block_zone
            .retain(|(x, _)| !cards[usize::from(*x)].played_as_block);
        // I.3.8.3: a shared effect waits only for the attack and copies still to come.
        for shared in &mut self.shared_fired {
            shared.cards.retain(|&x| x != a.card);
        }
        self.shared_fired.retain(|s| !s.cards.is_empty());
    }

    /// G.4: the sequence ends. After a blocked attack, the defender may play a reversal
    /// against it (I.3.10), unless it is Safe (I.3.11).
    pub(crate) fn resolve_attack(&mut self) {
        let Some(a) = self.attack.take() else {
            return;
        };
        self.attack_over(&a);
        if !self.pause_conditions() {
            return;
        }
        let defender = 1 - a.attacker;
        if (a.block != BlockStatus::NotBlocked || a.reversal_as_if_blocked)
            && !self.def(a.card).has(&Keyword::Safe)
            && !self.legal_reversals(defender).is_empty()
        {
            self.reversal_window = Some(a.card);
        }
        self.continue_combat();
    }

    /// The reversals in hand a player may attempt (I.3.10; "[Name] Reversal" only for
    /// that character).
    pub fn legal_reversals(&self, p: u8) -> Vec<CardId> {
        self.player(p)
            .hand
            .iter()
            .copied()
            .filter(|&c| {
                let def = self.def(c);
                let reversal = def.keywords.iter().any(|k| match k {
                    Keyword::Reversal => true,
                    Keyword::ReversalOnly(n) => n.eq_ignore_ascii_case(&self.character_def(p).name),
                    _ => false,
                });
                reversal
                    && matches!(def.kind, Kind::Attack { .. })
                    && self.symbols_allow(p, c)
                    && self.name_allows(p, c)
                    && self.additional_cost_payable(p, c)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::setup::{DeckList, UfsSetup};
    use crate::state::{CardId, Pending, Place};
    use crate::Ufs;
    use crossover_kernel::{Game, GameRng};

    /// Random games between the pre-built decks, stopped at each position `at` likes;
    /// `check` gets a copy of it.
    fn positions(games: u64, at: impl Fn(&Ufs) -> bool, mut check: impl FnMut(Ufs)) -> usize {
        let decks = ["ryu", "akuma", "siegfried", "sophitia"];
        let mut rng = GameRng::from_seed(5);
        let mut found = 0;
        for i in 0..games {
            let setup = UfsSetup {
                decks: [
                    DeckList::prebuilt(decks[(i % 4) as usize]).unwrap(),
                    DeckList::prebuilt(decks[(i / 4 % 4) as usize]).unwrap(),
                ],
                facts_only: false,
            };
            let mut g = Ufs::new_game(&setup, i).unwrap();
            while g.outcome().is_none() {
                if at(&g) {
                    found += 1;
                    check(g.clone());
                }
                let options = g.legal_actions();
                let a = options[rng.below(options.len())].clone();
                g.apply(&a).unwrap();
            }
        }
        found
    }

    /// Plays `g` on with first options until the sequence of the attack `card` is over.
    fn finish_attack(g: &mut Ufs, card: CardId) {
        for _ in 0..200 {
            if g.state.attack.as_ref().map(|a| a.card) != Some(card) || g.outcome().is_some() {
                return;
            }
            let first = g.legal_actions()[0].clone();
            g.apply(&first).unwrap();
        }
        panic!("the attack never ended");
    }

    /// Moves the attack in its sequence out of the card pool, then plays `then`; the
    /// attack must be dropped and aborted: no damage, no resolution, and the card stays
    /// where it went.
    fn dropped_then(mut g: Ufs, then: impl Fn(&Ufs) -> crate::Action) {
        let a = g.state.attack.clone().unwrap();
        let vitality = g.state.player(1 - a.attacker).vitality;
        g.state.move_card(a.card, Place::Discard);
        assert!(g.state.attack.as_ref().unwrap().dropped);
        let action = then(&g);
        g.apply(&action).unwrap();
        // A block is checked first; its check and windows run their course.
        g.set_logging(true);
        finish_attack(&mut g, a.card);
        assert!(g.state.log.iter().any(|l| l
            .text
            .contains("the attack is dropped and its sequence ends (G.5.2)")));
        assert_eq!(g.state.player(1 - a.attacker).vitality, vitality);
        assert_eq!(g.state.card(a.card).place, Place::Discard);
        assert!(g.state.reversal_window.is_none());
    }

    fn enhance_passes(g: &Ufs, n: u8) -> bool {
        matches!(g.state.pending, Pending::Enhance(_)) && g.state.attack.as_ref().is_some_and(|a| {
            !a.damage_begun
                && matches!(a.step, crate::state::AttackStep::Enhance { passes, .. } if passes == n)
        })
    }

    #[test]
    fn g_5_2_and_g_5_2_1_and_g_5_2_1_1_a_dropped_attack_ends_when_a_player_would_get_enhance_priority(
    ) {
        let found = positions(
            16,
            |g| enhance_passes(g, 0),
            |g| dropped_then(g, |_| crate::Action::Pass),
        );
        assert!(found > 50, "only {found} positions");
    }

    #[test]
    fn g_5_2_1_2_a_dropped_attack_ends_when_it_would_go_on_to_its_block_step_block_status_or_damage_step(
    ) {
        // G.2: the second pass in succession would begin the Block Step.
        let found = positions(
            16,
            |g| enhance_passes(g, 1),
            |g| dropped_then(g, |_| crate::Action::Pass),
        );
        assert!(found > 20, "only {found} positions");
        // G.2.2 and G.3: in the Block Step, blocking (its block status) or not (the
        // Damage Step).
        let in_block = |g: &Ufs| matches!(g.state.pending, Pending::Block(_));
        let found = positions(16, in_block, |g| {
            let mut moved = g.clone();
            let card = moved.state.attack.as_ref().unwrap().card;
            moved.state.move_card(card, Place::Discard);
            for i in 0..moved.legal_actions().len() {
                dropped_then(g.clone(), |g| g.legal_actions()[i].clone());
            }
        });
        assert!(found > 20, "only {found} positions");
    }

    #[test]
    fn g_5_3_and_g_5_3_1_an_attack_that_leaves_after_its_damage_step_begins_completes() {
        let in_damage_window = |g: &Ufs| {
            matches!(g.state.pending, Pending::Respond(_))
                && g.state.attack.as_ref().is_some_and(|a| a.damage_begun)
        };
        let found = positions(16, in_damage_window, |mut g| {
            let a = g.state.attack.clone().unwrap();
            g.state.move_card(a.card, Place::Removed);
            // G.5.3: not dropped; the sequence completes with the values it had.
            let now = g.state.attack.clone().unwrap();
            assert!(!now.dropped);
            assert_eq!(
                (now.speed, now.damage, now.zone),
                (a.speed, a.damage, a.zone)
            );
            finish_attack(&mut g, a.card);
            // G.5.3.1: nothing moves it back from where it went.
            assert_eq!(g.state.card(a.card).place, Place::Removed);
        });
        assert!(found > 10, "only {found} positions");
    }

    #[test]
    fn f_2_3_5_a_pending_attack_that_leaves_the_card_pool_leaves_the_attack_stack() {
        let with_pending = |g: &Ufs| !g.state.attack_stack.is_empty();
        let found = positions(60, with_pending, |mut g| {
            let c = g.state.attack_stack[0];
            g.state.move_card(c, Place::Discard);
            assert!(!g.state.attack_stack.contains(&c));
        });
        assert!(found > 0, "no pending attack in {found} positions");
    }
}
