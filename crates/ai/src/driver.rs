use crate::Player;
use crossover_kernel::Game;

/// Drive `game` to its end, asking `players[seat]` whenever `seat` must decide, and
/// return every action taken.
///
/// Errors if the players do not match the seats, a player returns an action that is
/// not legal (or that the game refuses), or the game is not over after `max_actions`
/// actions. On error `game` holds the position reached so far.
pub fn play_game<G: Game>(
    game: &mut G,
    players: &mut [Box<dyn Player<G>>],
    max_actions: usize,
) -> Result<Vec<G::Action>, String> {
    if players.len() != game.seat_count() {
        return Err(format!(
            "{} players for a game with {} seats",
            players.len(),
            game.seat_count()
        ));
    }
    let mut actions = Vec::new();
    let mut options = Vec::new();
    while let Some(seat) = game.to_move() {
        if actions.len() >= max_actions {
            let last = &actions[actions.len().saturating_sub(6)..];
            return Err(format!(
                "the game did not end within {max_actions} actions (turn {}); the last were {last:?}",
                game.turn()
            ));
        }
        game.legal_actions_into(&mut options);
        let player = &mut players[seat];
        // A player that answers with something not offered is a bug worth reporting.
        let action = match player.choose_index(game, &options) {
            Ok(i) => options.swap_remove(i),
            Err(action) => {
                return Err(format!(
                    "seat {seat} ({}) chose {action:?}, which is not a legal option at turn {}",
                    player.name(),
                    game.turn()
                ))
            }
        };
        // Offered, as just checked: the engine need not check it a second time.
        game.apply_offered(&action);
        actions.push(action);
    }
    Ok(actions)
}
