//! Resolving an effect from a card (508.2): its targets are checked (508.2a), then its
//! steps run in order, doing as much as they can (508.2c); a plot twist played from
//! hand goes to its owner's KO'd pile as its effect leaves the chain (304.6, 508.2l).

use crate::state::*;

impl GameState {
    pub(crate) fn resolve_card_effect(&mut self, effect: ChainEffect) {
        let EffectKind::Card {
            source,
            object,
            power,
            origin,
            targets,
        } = effect.kind
        else {
            return;
        };
        let controller = effect.controller.unwrap_or(self.card(source).owner);
        let pool = self.pool.0.clone();
        let Some(def_effect) = pool
            .def(self.card(source).def)
            .powers
            .get(power as usize)
            .and_then(|p| match p {
                crate::power::Power::Play { effect, .. }
                | crate::power::Power::Payment { effect, .. }
                | crate::power::Power::Trigger { effect, .. } => Some(effect),
                crate::power::Power::Continuous(_) => None,
            })
        else {
            return;
        };
        let checked: Vec<Option<TargetRef>> = targets
            .iter()
            .zip(&def_effect.targets)
            .map(|(&t, kind)| self.target_ok(kind, t, controller, source).then_some(t))
            .collect();
        let to_ko_pile = origin == Origin::FromHand;
        if !targets.is_empty() && checked.iter().all(Option::is_none) {
            // 508.2a / 509: negated; no refund (509.2).
            self.log(|g| {
                format!(
                    "{}'s effect is negated: none of its targets is legal (508.2a).",
                    g.name(source)
                )
            });
            if to_ko_pile {
                self.move_card(source, Zone::KoPile);
            }
            return;
        }
        self.log(|g| format!("{}'s effect resolves.", g.name(source)));
        self.resolving = Some(Resolving {
            source,
            source_object: object,
            power,
            controller,
            targets: checked,
            step: 0,
        });
        for step in &def_effect.steps {
            // No step of this card language pauses yet: every choice is made as the
            // effect is played.
            let _ = step.run(self);
            if self.result.is_some() {
                break;
            }
        }
        self.resolving = None;
        if to_ko_pile && self.card(source).zone == Zone::Chain {
            self.move_card(source, Zone::KoPile);
        }
    }
}
