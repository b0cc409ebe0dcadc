//! The game state as the verbs see it (`verbs::Host`): each method is the engine's own
//! query or atom, read for the top resolving effect.

use super::*;
use crate::verbs::Host;

impl Host for GameState {
    fn source(&self) -> CardId {
        self.frame().card
    }
    fn controller(&self) -> Seat {
        self.frame().controller
    }
    fn who(&self, who: &Who) -> Vec<CardId> {
        self.resolve_who(who)
    }
    fn how_many(&self, n: &Amount) -> i32 {
        let f = self.frame();
        self.amount(n, f.card, f.controller, Some(f))
    }
    fn card_name(&self, c: CardId) -> &str {
        self.name(c)
    }
    fn log_line(&mut self, text: &mut dyn FnMut(&dyn Host) -> String) {
        self.log(|g| text(g));
    }
    fn add_plus(&mut self, c: CardId, n: u8) {
        GameState::add_plus(self, c, n)
    }
    fn add_minus(&mut self, c: CardId, n: u8, source: Option<CardId>) {
        GameState::add_minus(self, c, n, source)
    }
    fn stun(&mut self, c: CardId, source: Option<CardId>, wound: bool) {
        GameState::stun(self, c, source, wound)
    }
    fn ko(&mut self, c: CardId, source: Option<CardId>) {
        GameState::ko(self, c, source)
    }
    fn recover(&mut self, c: CardId) {
        GameState::recover(self, c)
    }
    fn ready(&mut self, c: CardId) {
        GameState::ready(self, c)
    }
    fn exhaust(&mut self, c: CardId) {
        GameState::exhaust(self, c)
    }
    fn freeze(&mut self, c: CardId) {
        GameState::freeze(self, c)
    }
    fn move_row(&mut self, c: CardId, row: Row) {
        GameState::move_row(self, c, row)
    }
    fn wound(&mut self, c: CardId, n: u8, source: Option<CardId>) {
        GameState::wound(self, c, n, source, false)
    }
    fn heal(&mut self, c: CardId, n: u8) {
        GameState::heal(self, c, n)
    }
    fn next_step(&mut self) {
        self.frame_mut().pc += 1;
    }
    fn which_players(&self, p: &PlayerWho) -> Vec<Seat> {
        self.resolve_player(p)
    }
    fn keep_count(&mut self, n: i32) {
        self.frame_mut().last_count = n;
    }
    fn characters_in_play(&self) -> Vec<CardId> {
        self.all_characters().to_vec()
    }
    fn current_stats(&self, c: CardId) -> (i32, i32) {
        self.stats(c)
    }
    fn remove_plus_counters(&mut self, c: CardId) -> u8 {
        std::mem::take(&mut self.card_mut(c).plus)
    }
    fn remove_some_plus_counters(&mut self, c: CardId, most: u8) -> u8 {
        let card = self.card_mut(c);
        let k = card.plus.min(most);
        card.plus -= k;
        k
    }
    fn stun_at_zero_def(&mut self, c: CardId, source: Option<CardId>) {
        self.check_zero_def(c, source)
    }
    fn modify_stats(&mut self, c: CardId, atk: i32, def: i32, duration: Duration) {
        self.modifier_from_source(c, ModKind::Stats { atk, def }, duration)
    }
    fn multiply_strike(&mut self, c: CardId, factor: u8) {
        self.modifier_from_source(c, ModKind::StrikeMultiplier(factor), Duration::ThisCombat)
    }
    fn switch_atk_def(&mut self, c: CardId) {
        self.modifier_from_source(c, ModKind::SwapAtkDef, Duration::ThisCombat)
    }
    fn set_base_stats(&mut self, c: CardId, atk: i32, def: i32, duration: Duration) {
        self.modifier_from_source(c, ModKind::SetBase { atk, def }, duration)
    }
    fn reset_to_base(&mut self, c: CardId) {
        self.card_mut(c).plus = 0;
        self.modifier_from_source(c, ModKind::ResetToBase, Duration::ThisCombat)
    }
    fn gain_keyword(&mut self, c: CardId, k: Keyword, duration: Duration) {
        self.modifier_from_source(c, ModKind::Keyword(k), duration)
    }
    fn lose_powers(&mut self, c: CardId, all: bool, duration: Duration) {
        let kind = if all {
            ModKind::LoseAllPowers
        } else {
            ModKind::LosePowers
        };
        self.modifier_from_source(c, kind, duration)
    }
    fn keep_in_row(&mut self, c: CardId, duration: Duration) {
        self.modifier_from_source(c, ModKind::CantMove, duration)
    }
    fn ban_strikes(&mut self, c: CardId, struck: bool, duration: Duration) {
        let kind = if struck {
            ModKind::CantBeStruck
        } else {
            ModKind::CantStrike
        };
        self.modifier_from_source(c, kind, duration)
    }
    fn forbid_attacks_this_turn(&mut self) {
        self.no_more_attacks = crossover_kernel::Added(true);
    }
    fn make_unwoundable(&mut self, c: CardId, duration: Duration) {
        self.modifier_from_source(c, ModKind::CantBeWounded, duration)
    }
    fn switch(&mut self, a: CardId, b: CardId) {
        self.switch_positions(a, b)
    }
    fn return_to_hand(&mut self, c: CardId) {
        let owner = self.card(c).owner;
        self.move_to(c, Zone::Hand, owner);
    }
    fn draw(&mut self, seat: Seat, n: u32) {
        GameState::draw(self, seat, n)
    }
    fn discard_at_random(&mut self, seat: Seat) -> bool {
        let hand = &self.players[seat].hand();
        if hand.is_empty() {
            return false;
        }
        let i = self.rng.below(hand.len());
        let c = self.players[seat].hand()[i];
        self.discard(c);
        true
    }
    fn cancel_combat(&mut self) {
        GameState::cancel_combat(self)
    }
    fn deny_team_attack_strike_backs(&mut self, seat: Seat) {
        self.players[seat].no_strike_back_team_attacks = true;
    }
    fn stun_survivors_at_end_of_combat(&mut self, seat: Seat) {
        if let Some(cb) = self.combat.as_mut() {
            cb.stun_survivors_for.push(seat);
        }
    }
    fn bonus_next_attack(&mut self, c: CardId, atk: i32, def: i32) {
        self.modifier_from_source(c, ModKind::NextAttack { atk, def }, Duration::ThisTurn)
    }
    fn team_gains_keyword(&mut self, seat: Seat, k: Keyword) {
        self.players[seat].team_keywords.push(k);
    }
    fn cancel_reacted_super_power(&mut self) {
        if let Some(i) = self.frame().reacting_to {
            if let Some(w) = self.reactions.get_mut(i) {
                w.frame.cancelled = true;
            }
        }
    }
    fn every_seat(&self) -> Vec<Seat> {
        (0..self.seats()).collect()
    }
    fn ko_pile(&self, seat: Seat) -> Vec<CardId> {
        self.players[seat].ko_pile().clone()
    }
    fn hand(&self, seat: Seat) -> Vec<CardId> {
        self.players[seat].hand().clone()
    }
    fn player_name(&self, seat: Seat) -> &str {
        &self.players[seat].name
    }
    fn is_character_card(&self, c: CardId) -> bool {
        self.def(c).is_character()
    }
    fn hand_card_matches(&self, c: CardId, what: HandFilter) -> bool {
        GameState::hand_card_matches(self, c, what, self.frame())
    }
    fn put_into_deck(&mut self, c: CardId, seat: Seat) {
        self.move_to(c, Zone::Deck, seat);
    }
    fn shuffle_deck(&mut self, seat: Seat) {
        GameState::shuffle_deck(self, seat)
    }
    fn put_into_resources(&mut self, c: CardId, seat: Seat, face_up: bool) {
        self.move_to(c, Zone::Resources, seat);
        self.set_face_up(c, face_up);
    }
    fn resource_gained(&mut self, seat: Seat) {
        self.fire(Event::ResourceGained { seat });
    }
    fn discard(&mut self, c: CardId) {
        GameState::discard(self, c)
    }
    fn zone_of(&self, c: CardId) -> Zone {
        self.card(c).zone()
    }
    fn owner_of(&self, c: CardId) -> Seat {
        self.card(c).owner
    }
    fn controller_of(&self, c: CardId) -> Seat {
        self.card(c).controller
    }
    fn level(&self, c: CardId) -> u8 {
        self.def(c).level()
    }
    fn is_main_character(&self, c: CardId) -> bool {
        self.card(c).main
    }
    fn is_face_up_character(&self, c: CardId) -> bool {
        GameState::is_face_up_character(self, c)
    }
    fn is_attacking(&self, c: CardId) -> bool {
        GameState::is_attacking(self, c)
    }
    fn defender(&self) -> Option<CardId> {
        self.combat.as_ref()?.defender
    }
    fn make_defender(&mut self, c: CardId) {
        if let Some(cb) = self.combat.as_mut() {
            cb.defender = Some(c);
        }
    }
    fn attack_next(&mut self, attacker: CardId, target: CardId) {
        self.follow_up_attack = Some((attacker, target));
    }
    fn regress_to_level_1(&mut self, c: CardId) {
        GameState::regress_to_level_1(self, c)
    }
    fn progress_back_later(&mut self, c: CardId, level: u8, duration: Duration) {
        self.modifier_from_source(c, ModKind::Regressed { level }, duration)
    }
    fn transform_into(&mut self, c: CardId, number: &str) {
        GameState::transform_into(self, c, number)
    }
    fn replace_main_character(&mut self, c: CardId, seat: Seat, number: &str, stunned: bool) {
        GameState::replace_main_character(self, c, seat, number, stunned)
    }
    fn set_main_character(&mut self, c: CardId, main: bool) {
        self.card_mut(c).main = main;
    }
    fn discount_next_team_recruit(&mut self, seat: Seat, team: Team, n: u8) {
        self.players[seat].team_discounts.push((team, n));
    }
    fn discount_next_recruit(&mut self, seat: Seat) {
        self.players[seat].recruit_discount += 1;
    }
    fn gain_xp(&mut self, c: CardId, n: u8) {
        GameState::gain_xp(self, c, n)
    }
    fn ensure_players_can_defend(&mut self) {
        self.ensure_player_tokens()
    }
    fn allow_attacking_players(&mut self, c: CardId) {
        self.modifier_from_source(c, ModKind::AttackPlayers, Duration::Permanent)
    }
    fn remove_minus_counters(&mut self, c: CardId) -> u8 {
        std::mem::take(&mut self.card_mut(c).minus)
    }
    fn slot(&self, n: u8) -> Vec<CardId> {
        GameState::slot(self, n)
    }
    fn add_to_slot(&mut self, n: u8, c: CardId) {
        self.slot_mut(n).push(c);
    }
    fn how_many_outside_effect(&self, n: &Amount) -> i32 {
        let f = self.frame();
        self.amount(n, f.card, f.controller, None)
    }
    fn deck_top(&self, seat: Seat) -> Option<CardId> {
        self.players[seat].deck().last().copied()
    }
    fn is_location(&self, c: CardId) -> bool {
        self.def(c).is_location()
    }
    fn resources(&self, seat: Seat) -> Vec<CardId> {
        self.players[seat].resources().clone()
    }
    fn is_face_up(&self, c: CardId) -> bool {
        self.card(c).face_up
    }
    fn set_face_up(&mut self, c: CardId, face_up: bool) {
        GameState::set_face_up(self, c, face_up)
    }
    fn face_up_enemy_resources(&self, seat: Seat) -> Vec<CardId> {
        self.face_up_enemy_locations(seat)
    }
    fn face_up_locations(&self, seat: Seat, side: SideFilter) -> Vec<CardId> {
        GameState::face_up_locations(self, seat, side)
    }
    fn live_seats(&self) -> Vec<Seat> {
        GameState::live_seats(self).collect()
    }
    fn put_into_ko_pile(&mut self, c: CardId, seat: Seat) {
        self.move_to(c, Zone::KoPile, seat);
    }
    fn player_slot(&mut self, n: u8) -> Option<Seat> {
        let f = self.frame_mut();
        while f.player_slots.len() <= n as usize {
            f.player_slots.push(None);
        }
        f.player_slots[n as usize]
    }
    fn matching_now(&self, filter: &Filter) -> Vec<CardId> {
        let f = self.frame();
        self.frame_matching(filter, f.card, f.controller)
    }
    fn characters_in_ko_piles(&self, enemy_only: bool) -> Vec<CardId> {
        self.ko_pile_characters(self.frame().controller, enemy_only)
    }
    fn put_onto_side(&mut self, c: CardId, row: Row, side: Seat) {
        self.appear(c, row, side);
    }
    fn set_player_slot(&mut self, n: u8, seat: Seat) {
        GameState::set_player_slot(self, n, seat);
    }
    fn player_choices(&self, enemy_only: bool) -> Vec<Seat> {
        self.player_options(enemy_only)
    }
    fn named_card(&self) -> Option<DefId> {
        self.frame().named
    }
    fn name_options(&self) -> Vec<DefId> {
        GameState::name_options(self)
    }
    fn name_card(&mut self, def: DefId) {
        self.frame_mut().named = Some(def);
    }
    fn def_name(&self, def: DefId) -> &str {
        &self.db.get(def).name
    }
    fn take_control_until_end_of_turn(&mut self, c: CardId, seat: Seat, row: Row) {
        self.mind_control(c, seat, row)
    }
    fn run_hook(&mut self, h: Hook) -> Option<Seat> {
        GameState::run_hook(self, h)
    }
    fn hook_options(&self, h: Hook) -> Vec<Action> {
        GameState::hook_options(self, h)
    }
    fn answer_hook(&mut self, h: Hook, a: &Action) -> bool {
        GameState::answer_hook(self, h, a)
    }
    fn random_below(&mut self, n: usize) -> usize {
        self.rng.below(n)
    }
    fn put_into_hand(&mut self, c: CardId, seat: Seat) {
        self.move_to(c, Zone::Hand, seat);
    }
    fn deck(&self, seat: Seat) -> Vec<CardId> {
        self.players[seat].deck().clone()
    }
    fn set_slot(&mut self, n: u8, cards: Vec<CardId>) {
        *self.slot_mut(n) = cards;
    }
    fn put_on_bottom_of_deck(&mut self, seat: Seat, cards: &[CardId]) {
        GameState::put_on_bottom_of_deck(self, seat, cards)
    }
    fn deck_card_matches(&self, c: CardId, what: &DeckFilter) -> bool {
        let src = self.frame().card;
        let d = self.def(c);
        if what.same_name_as_self && !d.shares_name_with(self.def(src)) {
            return false;
        }
        if let Some(m) = what.max_cost {
            if d.cost.unwrap_or(0) > m {
                return false;
            }
        }
        if let Some(t) = what.team {
            if !d.teams.contains(&t) {
                return false;
            }
        }
        what.kinds.is_empty()
            || what.kinds.iter().any(|k| match k {
                DeckKind::Character => d.is_character(),
                DeckKind::Supporting => d.kind == CardKind::Supporting,
                DeckKind::PlotTwist => d.kind == CardKind::PlotTwist,
                DeckKind::Equipment => d.kind == CardKind::Equipment,
                DeckKind::Location => d.is_location(),
            })
    }
    fn definition_of(&self, c: CardId) -> DefId {
        self.card(c).def
    }
    fn log_private_line(&mut self, seat: Seat, text: &mut dyn FnMut(&dyn Host) -> String) {
        self.log_private(seat, |g| text(g));
    }
    fn appear_together(&mut self, cards: &[(CardId, Row)], side: Seat) -> Vec<CardId> {
        GameState::appear_together(self, cards, side)
    }
    fn together_clashes(&self, newcomers: &[CardId]) -> Vec<CardId> {
        GameState::together_clashes(self, newcomers)
    }
    fn keep_among_together(&mut self, keep: CardId, newcomers: &[CardId]) {
        GameState::keep_among_together(self, keep, newcomers)
    }
    fn finish_together(&mut self, newcomers: &[CardId]) {
        GameState::finish_together(self, newcomers)
    }
    fn ko_pile_plot_twists(&self, seat: Seat, timing: Timing) -> Vec<CardId> {
        GameState::ko_pile_plot_twists(self, seat, timing)
    }
    fn play_from_ko_pile(&mut self, card: CardId, seat: Seat) {
        GameState::play_from_ko_pile(self, card, seat)
    }
    fn cond_holds(&self, c: &Cond) -> bool {
        let f = self.frame();
        GameState::cond_holds(self, c, f.card, f.controller, Some(f))
    }
    fn skip_steps(&mut self, n: usize) {
        self.frame_mut().pc += n;
    }
    fn next_loop_player(&mut self, back: u8) {
        GameState::next_loop_player(self, back)
    }
    fn subject(&self) -> Option<CardId> {
        self.frame().subject
    }
    fn open_slot(&mut self, n: u8) {
        self.slot_mut(n);
    }
    fn log_naming_line(&mut self, c: CardId, text: &dyn Fn(&dyn Host, &str) -> String) {
        self.log_naming(c, |g, name| text(g, name));
    }
    fn row_slot(&self, n: u8) -> (Option<Seat>, Option<Row>) {
        GameState::row_slot(self, n)
    }
    fn set_row_slot(&mut self, n: u8, seat: Option<Seat>, row: Option<Row>) {
        *self.row_slot_mut(n) = (seat, row);
    }
    fn create_delayed_trigger(&mut self, watch: Option<&Who>) {
        GameState::create_delayed_trigger(self, watch)
    }
    fn keep_exhausted(&mut self, c: CardId, duration: Duration) {
        self.modifier_from_source(c, ModKind::CantReady, duration)
    }
    fn minus_counters_on(&self, c: CardId) -> u8 {
        self.card(c).minus
    }
    fn gain_recruit_points(&mut self, seat: Seat, n: u8) {
        let recruiting = self.phase == Phase::Recruit;
        let p = &mut self.players[seat];
        if recruiting {
            p.recruit_points = p.recruit_points.saturating_add(n);
        } else {
            *p.early_recruit_points = p.early_recruit_points.saturating_add(n);
        }
    }
}

impl GameState {
    /// A modifier whose source is the resolving effect's card.
    fn modifier_from_source(&mut self, c: CardId, kind: ModKind, duration: Duration) {
        let source = self.frame().card;
        self.add_modifier(c, kind, duration, source);
    }
}
