//! Universal Fighting System in the client: the board is the game's text rendering,
//! with the card cursor and card details over every card the viewer can see (both
//! staging areas and card pools, face-up momentum, the viewer's hand and the cards
//! they may play as though from it), the seats' names and a legend of the board's
//! abbreviations.

use crate::client_game::{CardRef, ClientGame};
use crossover_kernel::{Game, Seat};
use crossover_ufs::game::UfsView;
use crossover_ufs::state::Place;
use crossover_ufs::{Action, Ufs};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

const LEGEND: &[&str] = &[
    "The board: each player's vitality, hand, deck, momentum, discard pile and removed",
    "cards, then their staging area, card pool and (yours) hand, one card at a time:",
    "  Hyakki Go Sen [mid 3/4] d4 c3 block mid +2",
    "[mid 3/4]: an attack's zone, speed/damage ([foundation], [action]: other types);",
    "d: difficulty (a control check must reach it to play the card); c: control (what",
    "the card counts when revealed in a check); block mid +2: blocks mid attacks, +2",
    "to the check; (committed): turned, not ready. Abilities: E enhance, F form, R",
    "response. Tab walks the cards you can see, Enter shows one's whole text.",
];

impl ClientGame for Ufs {
    const TITLE: &'static str = "Universal Fighting System";

    fn player_name(view: &UfsView, seat: Seat) -> String {
        view.names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("Seat {seat}"))
    }

    fn cards(game: &Self, viewer: Seat) -> Vec<CardRef> {
        let s = &game.state;
        let me = viewer as u8;
        let playable: Vec<u16> = if Game::to_move(game) == Some(viewer) {
            game.legal_actions()
                .into_iter()
                .filter_map(|a| match a {
                    Action::PlayForm(c) | Action::Block(c) | Action::Reversal(c) => Some(c),
                    _ => None,
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut out = Vec::new();
        let mut add = |c: u16, place: String| {
            if out.iter().any(|r: &CardRef| r.id == u64::from(c)) {
                return;
            }
            let name = s.name_of(c);
            out.push(CardRef {
                id: u64::from(c),
                label: game.card_line(c),
                name,
                place,
                seat: usize::from(s.card(c).owner),
                playable: playable.contains(&c),
            });
        };
        // The viewer's side first, as the cursor reaches for it most.
        for p in [me, 1 - me] {
            let pl = s.player(p);
            let whose = if p == me {
                "your".to_string()
            } else {
                format!("{}'s", s.seat_name(p))
            };
            if p == me {
                for &c in &pl.hand {
                    add(c, "your hand".into());
                }
                for c in s.hand_like(p).filter(|&c| s.card(c).place != Place::Hand) {
                    add(c, "playable as though in your hand this turn".into());
                }
            }
            for &c in &pl.staging {
                add(c, format!("{whose} staging area"));
            }
            for &c in &pl.card_pool {
                add(c, format!("{whose} card pool"));
            }
            for &c in pl.momentum.iter().filter(|&&c| s.card(c).face_up) {
                add(c, format!("face up in {whose} momentum"));
            }
        }
        out
    }

    fn option_card(_game: &Self, action: &Action) -> Option<u64> {
        match *action {
            Action::ReviewDiscard(c)
            | Action::PlayForm(c)
            | Action::Commit(c)
            | Action::Enhance(c, _)
            | Action::FormAbility(c, _)
            | Action::Respond(c, _)
            | Action::Choose(c)
            | Action::Block(c)
            | Action::Reversal(c) => Some(u64::from(c)),
            _ => None,
        }
    }

    fn card_detail(game: &Self, viewer: Seat, id: u64) -> Option<Vec<Line<'static>>> {
        // Only the cards the cursor offers: the others' hands, the decks and face-down
        // momentum stay hidden.
        let card = Self::cards(game, viewer).into_iter().find(|r| r.id == id)?;
        let c = u16::try_from(id).ok()?;
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let mut lines = vec![
            Line::from(Span::styled(game.card_line(c), bold)),
            Line::from(crate::client_game::sentence(&card.place)),
            Line::from(""),
        ];
        lines.extend(
            crossover_ufs::text::card_text(game.state.def(c))
                .lines()
                .map(|l| Line::from(l.to_string())),
        );
        Some(lines)
    }

    fn legend() -> &'static [&'static str] {
        LEGEND
    }
}
