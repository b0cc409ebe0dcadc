//! What one seat may read about the cards it can see: the list a client walks with its
//! card cursor (each card's place, cost, type and whether it can be played now) and one
//! card's detail (its generated text, current ATK/DEF and where the difference from
//! the printed numbers comes from, keywords including granted ones, counters and
//! equipment). Built from the state for a viewing seat: a card that seat cannot see
//! (another hand, a deck, someone else's face-down resource) gives nothing.

use crate::action::Action;
use crate::model::{CardKind, Keyword, PowerBody, Static};
use crate::state::{CardId, GameState, ModKind, Zone};
use crossover_kernel::{Game, Seat};
use serde::Serialize;

/// Where a card the viewer can see is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Place {
    Hand,
    Front,
    Back,
    /// Attached to a character as its equipment.
    Equipment,
    Resource,
    KoPile,
    SetAside,
    /// Anywhere else a decision shows it (a card being recruited or resolving).
    Elsewhere,
}

/// One card the viewer can see, as a card list shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeenCard {
    pub id: CardId,
    pub name: String,
    /// The seat whose card it is (its controller in play, otherwise its owner).
    pub seat: Seat,
    pub place: Place,
    /// "Character", "Main Character", "Plot Twist", "Equipment", "Location".
    pub kind: &'static str,
    pub cost: Option<u8>,
    /// A face-down resource (only its owner sees which card it is).
    pub face_down: bool,
    /// The viewer could play it now: an option of the viewer's decision recruits it or
    /// plays it as equipment or a plot twist.
    pub playable: bool,
}

/// One thing that makes a character's ATK/DEF differ from the printed numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StatChange {
    /// What it is and where it comes from, e.g. "+1/+1 counters" or "Shield Bash (Captain
    /// America), this turn".
    pub source: String,
    pub atk: i32,
    pub def: i32,
    /// Not a plain addition: "ATK and DEF swapped", "base set to 2/2", "reset to base".
    pub note: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KeywordSeen {
    pub name: &'static str,
    /// Not printed on the card: given by an equipment, a modifier, its side or a power.
    pub granted: bool,
}

/// Everything the viewer may read about one card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardDetail {
    pub id: CardId,
    pub name: String,
    pub number: String,
    pub kind: &'static str,
    pub place: Place,
    /// The card's text, generated from its definition ([`crate::text::card_text`]), line
    /// by line.
    pub text: Vec<String>,
    pub cost: Option<u8>,
    /// Printed ATK, DEF and health (characters).
    pub printed: Option<(i32, i32, i32)>,
    /// ATK and DEF now (characters).
    pub current: Option<(i32, i32)>,
    pub changes: Vec<StatChange>,
    pub keywords: Vec<KeywordSeen>,
    pub plus: u8,
    pub minus: u8,
    pub wounds: u8,
    pub xp: u8,
    pub level: Option<u8>,
    pub equipment: Option<String>,
    /// For an equipment: the character it is attached to.
    pub attached_to: Option<String>,
    pub stunned: bool,
    pub exhausted: bool,
    pub face_down: bool,
    /// A card in the viewer's hand that can't be played now: why (the rule and what it
    /// asks: cost, timing, team, a target), as `explain_illegal` says it.
    pub why_not_playable: Option<String>,
}

fn kind_name(k: &CardKind) -> &'static str {
    match k {
        CardKind::MainCharacter { .. } => "Main Character",
        CardKind::Supporting => "Character",
        CardKind::PlotTwist => "Plot Twist",
        CardKind::Equipment => "Equipment",
        CardKind::Location | CardKind::SpecialLocation => "Location",
    }
}

impl GameState {
    /// Every card `viewer` can see, in reading order: the viewer's hand, then each
    /// player's characters (each followed by its equipment), resources, KO pile and
    /// set-aside cards, then cards the viewer's decision names that are elsewhere.
    pub fn seen_cards(&self, viewer: Seat) -> Vec<SeenCard> {
        let options = self
            .decision()
            .filter(|d| d.seat == viewer)
            .map(|d| d.options)
            .unwrap_or_default();
        let playable = |c: CardId| {
            options.iter().any(|a| match a {
                Action::Recruit { card, .. }
                | Action::PlayEquipment { card, .. }
                | Action::PlayPlotTwist { card } => *card == c,
                _ => false,
            })
        };
        let mut out: Vec<SeenCard> = Vec::new();
        let push = |out: &mut Vec<SeenCard>, c: CardId, place: Place| {
            if !self.visible_to(viewer, c) || out.iter().any(|s| s.id == c) {
                return;
            }
            let card = self.card(c);
            let def = self.def(c);
            out.push(SeenCard {
                id: c,
                name: def.name.clone(),
                seat: if card.zone().in_play() {
                    card.controller
                } else {
                    card.owner
                },
                place,
                kind: kind_name(&def.kind),
                cost: def.cost,
                face_down: place == Place::Resource && !card.face_up,
                playable: place == Place::Hand && playable(c),
            });
        };
        for &c in self.players[viewer].hand() {
            push(&mut out, c, Place::Hand);
        }
        for p in &self.players {
            for (row, place) in [(p.front(), Place::Front), (p.back(), Place::Back)] {
                for &c in row {
                    push(&mut out, c, place);
                    if let Some(e) = self.card(c).equipment {
                        push(&mut out, e, Place::Equipment);
                    }
                }
            }
            for &c in p.resources() {
                push(&mut out, c, Place::Resource);
            }
            for &c in p.ko_pile().iter().rev() {
                push(&mut out, c, Place::KoPile);
            }
            for &c in p.set_aside() {
                push(&mut out, c, Place::SetAside);
            }
        }
        for a in &options {
            for c in a.cards() {
                if (c as usize) < self.cards.len() {
                    push(&mut out, c, Place::Elsewhere);
                }
            }
        }
        out
    }

    /// What `viewer` may read about card `c`; `None` when `viewer` cannot see it (or
    /// there is no such card).
    pub fn card_detail(&self, viewer: Seat, c: CardId) -> Option<CardDetail> {
        if c as usize >= self.cards.len() || viewer >= self.players.len() {
            return None;
        }
        if !self.visible_to(viewer, c) {
            return None;
        }
        let card = self.card(c);
        let def = self.def(c);
        let place = match card.zone() {
            Zone::Hand => Place::Hand,
            Zone::Front => Place::Front,
            Zone::Back => Place::Back,
            Zone::Attached => Place::Equipment,
            Zone::Resources => Place::Resource,
            Zone::KoPile => Place::KoPile,
            Zone::SetAside => Place::SetAside,
            _ => Place::Elsewhere,
        };
        let character = def.is_character();
        let in_play = self.is_character_in_play(c);
        let keywords = if character {
            Keyword::ALL
                .iter()
                .filter_map(|&k| {
                    let printed = def.powers.iter().any(|p| p.body == PowerBody::Keyword(k));
                    let has = if in_play {
                        self.has_keyword(c, k)
                    } else {
                        printed
                    };
                    has.then_some(KeywordSeen {
                        name: k.name(),
                        granted: !printed,
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        Some(CardDetail {
            id: c,
            name: def.name.clone(),
            number: def.number.clone(),
            kind: kind_name(&def.kind),
            place,
            text: crate::text::card_text(def)
                .lines()
                .map(str::to_string)
                .collect(),
            cost: def.cost,
            printed: character.then_some((def.atk, def.def, def.health)),
            current: character.then(|| self.stats(c)),
            changes: if character {
                self.stat_changes(c)
            } else {
                Vec::new()
            },
            keywords,
            plus: card.plus,
            minus: card.minus,
            wounds: card.wounds,
            xp: card.xp,
            level: match def.kind {
                CardKind::MainCharacter { level } => Some(level),
                _ => None,
            },
            equipment: card.equipment.map(|e| self.name(e).to_string()),
            attached_to: card.attached_to.map(|a| self.name(a).to_string()),
            stunned: in_play && !card.face_up,
            exhausted: card.exhausted,
            face_down: card.zone() == Zone::Resources && !card.face_up,
            why_not_playable: self.why_not_playable(viewer, c),
        })
    }

    /// For a card in `viewer`'s hand that no option of the viewer's decision plays:
    /// why not. `None` for a card that can be played, or is not in the viewer's hand.
    fn why_not_playable(&self, viewer: Seat, c: CardId) -> Option<String> {
        let card = self.card(c);
        if card.zone() != Zone::Hand || card.owner != viewer {
            return None;
        }
        let options = self
            .decision()
            .filter(|d| d.seat == viewer)
            .map(|d| d.options);
        let Some(options) = options else {
            return Some("it is not your decision now".to_string());
        };
        let plays = |a: &Action| match a {
            Action::Recruit { card, .. }
            | Action::PlayEquipment { card, .. }
            | Action::PlayPlotTwist { card } => *card == c,
            Action::PlayResource {
                card,
                face_up: true,
            } => *card == c,
            _ => false,
        };
        if options.iter().any(plays) {
            return None;
        }
        let main = self.players[viewer].main;
        let attempt = match self.def(c).kind {
            CardKind::MainCharacter { .. } | CardKind::Supporting => Action::Recruit {
                card: c,
                row: crate::state::Row::Front,
            },
            CardKind::PlotTwist => Action::PlayPlotTwist { card: c },
            CardKind::Equipment => Action::PlayEquipment { card: c, on: main },
            CardKind::Location | CardKind::SpecialLocation => Action::PlayResource {
                card: c,
                face_up: true,
            },
        };
        let why = self.explain_illegal(&attempt);
        Some(format!("{} ({})", why.message, why.rule))
    }

    /// Where a character's current ATK/DEF differs from the printed numbers, in the
    /// order [`GameState::stats`] applies them: base-setting modifiers, counters, then
    /// modifiers and continuous powers.
    fn stat_changes(&self, c: CardId) -> Vec<StatChange> {
        let card = self.card(c);
        let mut out = Vec::new();
        let by = |source: CardId| self.name(source).to_string();
        for m in self.modifiers_on(c) {
            if let ModKind::SetBase { atk, def } = m.kind {
                out.push(StatChange {
                    source: by(m.source),
                    atk: 0,
                    def: 0,
                    note: Some(format!("base set to {atk}/{def}")),
                });
            }
        }
        if card.plus > 0 {
            let n = card.plus as i32;
            out.push(StatChange {
                source: format!("{n} +1/+1 counter{}", if n == 1 { "" } else { "s" }),
                atk: n,
                def: n,
                note: None,
            });
        }
        if card.minus > 0 {
            let n = card.minus as i32;
            out.push(StatChange {
                source: format!("{n} -1/-1 counter{}", if n == 1 { "" } else { "s" }),
                atk: -n,
                def: -n,
                note: None,
            });
        }
        if !self.is_character_in_play(c) {
            return out;
        }
        for m in self.modifiers_on(c) {
            let (atk, def, note) = match m.kind {
                ModKind::Stats { atk, def } => (atk, def, None),
                ModKind::NextAttack { atk, def } if self.is_attacking(c) => (atk, def, None),
                ModKind::SwapAtkDef => (0, 0, Some("ATK and DEF swapped".to_string())),
                ModKind::ResetToBase => (0, 0, Some("reset to base".to_string())),
                _ => continue,
            };
            out.push(StatChange {
                source: by(m.source),
                atk,
                def,
                note,
            });
        }
        let controller = card.controller;
        for (p, s) in self.static_effects(c) {
            let Static::Stats { atk, def } = &s.effect else {
                continue;
            };
            let holds = s
                .while_cond
                .as_ref()
                .is_none_or(|cond| self.cond_holds(cond, c, controller, None));
            if !holds {
                continue;
            }
            let power = &self.power_def(p).name;
            out.push(StatChange {
                source: format!("{power} ({})", self.name(p.from)),
                atk: self.amount(atk, c, controller, None),
                def: self.amount(def, c, controller, None),
                note: None,
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Duration;
    use crate::state::Modifier;
    use crossover_kernel::GameRng;

    /// The first prebuilt pairing played at random until seat 0 has characters besides
    /// its main one in play and both players have face-down resources.
    fn mid_game() -> GameState {
        let setup = crate::bench::prebuilt_pairings()[0].clone();
        let mut g = GameState::new_game(&setup, 11).unwrap();
        let mut rng = GameRng::from_seed(11);
        while !(g.turn >= 6
            && g.players
                .iter()
                .all(|p| !p.hand().is_empty() && p.resources().iter().any(|&r| !g.card(r).face_up)))
        {
            let options = g.legal_actions();
            g.apply(&options[rng.below(options.len())]).unwrap();
        }
        g
    }

    #[test]
    fn a_card_the_viewer_cannot_see_has_no_detail() {
        let g = mid_game();
        // Another player's hand and face-down resources (Hidden information), any deck.
        let their_hand = g.players[1].hand()[0];
        let their_face_down = *g.players[1]
            .resources()
            .iter()
            .find(|&&r| !g.card(r).face_up)
            .unwrap();
        assert_eq!(g.card_detail(0, their_hand), None);
        assert_eq!(g.card_detail(0, their_face_down), None);
        assert_eq!(g.card_detail(0, g.players[0].deck()[0]), None);
        assert_eq!(g.card_detail(0, g.players[1].deck()[0]), None);
        assert_eq!(g.card_detail(0, u16::MAX), None);
        assert_eq!(g.card_detail(9, g.players[0].main), None);
        // Their owner sees them.
        assert!(g.card_detail(1, their_hand).is_some());
        assert!(g.card_detail(1, their_face_down).is_some());
        // Nor are they listed for the viewer.
        let seen = g.seen_cards(0);
        assert!(!seen
            .iter()
            .any(|c| c.id == their_hand || c.id == their_face_down));
        for &c in g.players[0].hand() {
            let s = seen.iter().find(|s| s.id == c).expect("own hand listed");
            assert_eq!(s.place, Place::Hand);
            assert_eq!(s.cost, g.def(c).cost);
        }
        assert!(seen.iter().all(|s| g.visible_to(0, s.id)));
    }

    #[test]
    fn the_detail_says_why_atk_and_def_differ_from_printed_and_which_keywords_are_granted() {
        let mut g = mid_game();
        let main = g.players[0].main;
        let source = g.players[1].main;
        let (atk, def) = (g.def(main).atk, g.def(main).def);
        // A +1/+1 counter and a +2/+0 modifier from the opponent's main character, and
        // Flight granted until the end of the turn (Calculating ATK/DEF p.14).
        g.card_mut(main).plus = 1;
        let epoch = g.card(main).epoch;
        for kind in [
            ModKind::Stats { atk: 2, def: 0 },
            ModKind::Keyword(Keyword::Flight),
        ] {
            g.modifiers.push(Modifier {
                target: main,
                target_epoch: epoch,
                kind,
                duration: Duration::ThisTurn,
                timestamp: 1000,
                source,
                source_epoch: g.card(source).epoch,
                turn: g.turn,
            });
        }
        let d = g.card_detail(1, main).unwrap();
        assert_eq!(d.printed.map(|p| (p.0, p.1)), Some((atk, def)));
        assert_eq!(d.current, Some((atk + 3, def + 1)));
        assert_eq!(d.plus, 1);
        let source_name = g.name(source).to_string();
        assert!(d.changes.contains(&StatChange {
            source: "1 +1/+1 counter".into(),
            atk: 1,
            def: 1,
            note: None
        }));
        assert!(d.changes.contains(&StatChange {
            source: source_name,
            atk: 2,
            def: 0,
            note: None
        }));
        assert!(d.keywords.contains(&KeywordSeen {
            name: "Flight",
            granted: true
        }));
        assert_eq!(
            d.text,
            crate::text::card_text(g.def(main))
                .lines()
                .collect::<Vec<_>>()
        );
        assert_eq!(d.level, Some(1));
        assert_eq!(d.why_not_playable, None, "not a card in hand");
    }

    #[test]
    fn a_card_in_hand_that_cant_be_played_says_why() {
        let g = mid_game();
        let seat = g.pending_seat().unwrap();
        let other = 1 - seat;
        let seen = g.seen_cards(seat);
        let mut explained = 0;
        for &c in g.players[seat].hand() {
            let d = g.card_detail(seat, c).unwrap();
            let playable = seen.iter().any(|s| s.id == c && s.playable);
            if playable {
                assert_eq!(d.why_not_playable, None, "{}", d.name);
            } else if !g.def(c).is_location() {
                let why = d.why_not_playable.expect("a reason");
                assert!(why.contains("p."), "names the rule: {why}");
                explained += 1;
            }
        }
        assert!(explained > 0, "no card in hand that can't be played");
        // The other player is not deciding: none of their cards can be played now.
        let c = g.players[other].hand()[0];
        assert_eq!(
            g.card_detail(other, c).unwrap().why_not_playable.as_deref(),
            Some("it is not your decision now")
        );
    }
}
