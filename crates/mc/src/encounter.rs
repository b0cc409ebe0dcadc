//! Revealing encounter cards (REVEAL): by type, with When Revealed abilities, keywords
//! (surge, toughness, quickstrike) and obligations (OBLIGATION).

use crate::model::*;
use crate::state::*;

impl GameState {
    pub(crate) fn reveal_card(&mut self, c: CardId, p: u8, step: u8) {
        match step {
            0 => {
                self.card_mut(c).zone = Zone::Resolving;
                self.card_mut(c).surge = false;
                self.log_public(format!(
                    "{} reveals {} ({}).",
                    self.player_name(p),
                    self.def(c).name,
                    self.def(c).kind.word()
                ));
                self.tasks.push(Task::RevealCard {
                    card: c,
                    player: p,
                    step: 1,
                });
                self.tasks
                    .push(Task::Occur(Occurrence::new(Event::Revealed {
                        card: c,
                        player: p,
                    })));
            }
            1 => {
                if self.card(c).zone != Zone::Resolving {
                    // Canceled and discarded (Black Widow), or moved by an effect.
                    return;
                }
                self.tasks.push(Task::RevealCard {
                    card: c,
                    player: p,
                    step: 2,
                });
                let canceled = self.revealed_canceled;
                self.revealed_canceled = false;
                self.resolve_revealed(c, p, canceled);
            }
            _ => {
                if self.card(c).zone == Zone::Resolving {
                    self.card_mut(c).zone = Zone::EncounterDiscard;
                    self.encounter_discard.push(c);
                }
                if self.def(c).has_keyword(Keyword::Surge) || self.card(c).surge {
                    self.card_mut(c).surge = false;
                    if !self.player(p).eliminated {
                        self.log_public(format!(
                            "Surge: {} reveals another encounter card.",
                            self.player_name(p)
                        ));
                        if let Some(n) = self.take_encounter_card() {
                            self.tasks.push(Task::RevealCard {
                                card: n,
                                player: p,
                                step: 0,
                            });
                        }
                    }
                }
            }
        }
    }

    /// Resolve a revealed card by its type; `canceled`: its When Revealed effects are
    /// canceled (CANCEL).
    fn resolve_revealed(&mut self, c: CardId, p: u8, canceled: bool) {
        let kind = self.def(c).kind.clone();
        match kind {
            Kind::Minion { .. } => {
                self.enter_engaged(c, p);
            }
            Kind::SideScheme { start } => {
                self.card_mut(c).zone = Zone::SideScheme;
                self.card_mut(c).threat = start.of(usize::from(self.starting_players));
                self.tasks
                    .push(Task::Occur(Occurrence::new(Event::EntersPlay { card: c })));
            }
            Kind::Environment => {
                self.card_mut(c).zone = Zone::Environment;
                self.tasks
                    .push(Task::Occur(Occurrence::new(Event::EntersPlay { card: c })));
            }
            Kind::Attachment { .. } => {
                let target = self.attachment_target(c);
                match target {
                    Some(t) => {
                        self.card_mut(c).zone = Zone::Attached;
                        self.card_mut(c).attached_to = Some(t);
                        self.log_public(format!(
                            "{} attaches to {}.",
                            self.def(c).name,
                            self.card_name(t)
                        ));
                        self.tasks
                            .push(Task::Occur(Occurrence::new(Event::EntersPlay { card: c })));
                    }
                    None => {
                        // ATTACH TO: it can't attach, and can't stay: discard it.
                        self.log_public(format!("{} has nothing to attach to.", self.def(c).name));
                    }
                }
            }
            Kind::Obligation => {
                // Given to the player of its hero; if that hero is eliminated (or not
                // playing), it is removed and another card revealed.
                let owner = self.def(c).obligation_of.clone();
                let to = owner.and_then(|h| {
                    (0..self.players.len() as u8).find(|&q| {
                        let pl = self.player(q);
                        self.db.defs[usize::from(pl.alter_ego_def)].name == h
                            || self.db.defs[usize::from(pl.hero_def)].name == h
                    })
                });
                match to {
                    Some(q) if !self.player(q).eliminated => {
                        if !canceled {
                            self.push_abilities(c, AbilityKind::WhenRevealed, q, None);
                        }
                    }
                    _ => {
                        self.log_public(format!("{}'s hero is not in the game: it is removed and another card is revealed.", self.def(c).name));
                        self.card_mut(c).zone = Zone::Removed;
                        self.card_mut(c).surge = true;
                    }
                }
                return;
            }
            _ => {}
        }
        if !canceled {
            let form = self.player(p).form;
            self.push_abilities(c, AbilityKind::WhenRevealed, p, Some(form));
        }
    }

    /// A minion enters play engaged with `p` (ENGAGED), with toughness and quickstrike.
    pub(crate) fn enter_engaged(&mut self, c: CardId, p: u8) {
        self.card_mut(c).zone = Zone::Engaged(p);
        self.card_mut(c).controller = SCENARIO;
        if self.keyword(c, Keyword::Toughness) {
            self.card_mut(c).status |= TOUGH;
        }
        self.log_public(format!(
            "{} engages {}.",
            self.card_name(c),
            self.player_name(p)
        ));
        if self.keyword(c, Keyword::Quickstrike) && self.player(p).form == Form::Hero {
            self.tasks.push(Task::Attack(EnemyAttack::new(c, p)));
        }
        self.tasks
            .push(Task::Occur(Occurrence::new(Event::EntersPlay { card: c })));
    }

    fn attachment_target(&self, c: CardId) -> Option<CardId> {
        match self.def(c).attach_to {
            Some(AttachTo::Minion) => {
                // "the minion with the highest printed hit points" (ties: the first player
                // would choose; the engine takes the first, see docs/rulings.md).
                self.ids().filter(|&m| self.is_minion(m)).max_by_key(|&m| {
                    (
                        self.base_stat(m, Stat::Hp).unwrap_or(0),
                        std::cmp::Reverse(m),
                    )
                })
            }
            Some(AttachTo::Environment) => {
                self.ids().find(|&e| self.card(e).zone == Zone::Environment)
            }
            Some(AttachTo::MinionWithoutAnother) => {
                let def = self.card(c).def;
                self.ids()
                    .filter(|&m| self.is_minion(m))
                    .filter(|&m| {
                        !self
                            .attachments_on(m)
                            .into_iter()
                            .any(|a| self.card(a).def == def)
                    })
                    .max_by_key(|&m| {
                        (
                            self.base_stat(m, Stat::Hp).unwrap_or(0),
                            std::cmp::Reverse(m),
                        )
                    })
            }
            _ => Some(self.villain),
        }
    }
}
