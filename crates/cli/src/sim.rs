//! `crossover sim`: computer players play many games; who wins how often.

use crate::{seeds, CliError};
use crossover_ai::{play_game, player_from_spec, Player};
use crossover_kernel::{Game, Outcome};
use serde::Serialize;
use std::time::Duration;

#[derive(Debug, Clone)]
pub struct SimOptions {
    pub games: usize,
    pub seed: u64,
    /// One player spec per seat, or one for all seats; empty means `random` for all.
    pub players: Vec<String>,
    /// Worker threads; the results do not depend on it.
    pub threads: usize,
    /// A game not over after this many actions is an error.
    pub max_actions: usize,
    /// Count how often each card is played or used, and how often its player won.
    pub card_stats: bool,
    /// Draw a progress bar on standard error (only when it is a terminal).
    pub progress: bool,
    /// For each setup, the groups its games count in for the breakdown ("hero:
    /// Spider-Man", "villain: Rhino"); empty for none.
    pub labels: Vec<Vec<String>>,
}

/// The results; what `--json` prints. Deliberately free of timings, so the same
/// options always give the same report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SimReport {
    pub game: String,
    pub games: usize,
    pub seed: u64,
    /// The player specs, in the order given.
    pub players: Vec<String>,
    /// Games won by each player (indexed like `players`); in team games every
    /// winning player is credited.
    pub wins: Vec<usize>,
    /// `wins / games` for each player.
    pub win_rates: Vec<f64>,
    /// A 95% confidence interval of each player's win rate (Wilson score interval).
    pub win_rate_ci95: Vec<[f64; 2]>,
    pub ties: usize,
    pub avg_turns: f64,
    pub avg_actions: f64,
    /// With `--card-stats`: every card of the games, most used first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card_stats: Option<Vec<CardStat>>,
    /// Games and wins (games someone won: in a co-operative game, the team's) per
    /// group of setups the game names (Marvel Champions: per hero and per villain).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub breakdown: Vec<GroupStat>,
}

/// How the games of one group of setups went.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GroupStat {
    pub group: String,
    pub games: usize,
    pub wins: usize,
    pub win_rate: f64,
    pub win_rate_ci95: [f64; 2],
}

/// How one card fared over a simulation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardStat {
    pub card: String,
    /// Times it was played or used.
    pub uses: usize,
    /// Games (counted per player) in which its player played or used it.
    pub games: usize,
    /// Of those, the games that player won.
    pub wins: usize,
    /// `wins / games`, or null when never used.
    pub win_rate: Option<f64>,
}

/// One finished game.
struct GameResult {
    /// The setup it was played from.
    setup: usize,
    /// Indices into the player list, not seats.
    winners: Vec<usize>,
    tie: bool,
    turns: u32,
    actions: usize,
    /// With card statistics: (card, player index, uses in this game).
    card_uses: Vec<(String, usize, usize)>,
    /// With card statistics: every card in the game.
    card_pool: Vec<String>,
}

/// The seed of game `index` of a simulation seeded with `seed`.
pub fn game_seed(seed: u64, index: usize) -> u64 {
    seeds::derive(seed, index as u64)
}

/// The player (index into the spec list) sitting at `seat` in game `index`. Seats
/// rotate from game to game, so with two players they swap on odd games and each
/// moves first equally often.
pub fn player_at(seat: usize, index: usize, players: usize) -> usize {
    (seat + index) % players
}

/// The 95% Wilson score interval of a proportion of `wins` in `games`: unlike the
/// normal approximation it stays within [0, 1] and is sensible near 0% and 100%.
pub fn wilson_ci95(wins: usize, games: usize) -> [f64; 2] {
    if games == 0 {
        return [0.0, 1.0];
    }
    let z = 1.959_963_984_540_054_f64;
    let n = games as f64;
    let p = wins as f64 / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    // At 0% and 100% the interval ends exactly at 0 and 1; say so without rounding.
    let lo = if wins == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if wins == games {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    [lo, hi]
}

/// The setup of game `index` when cycling through `setups` with `seats` seats: each
/// setup is played `seats` games in a row, so every player sits at every seat of it
/// (with its deck) equally often.
pub fn setup_index(index: usize, seats: usize, setups: usize) -> usize {
    (index / seats.max(1)) % setups
}

/// The most games one `sim` runs, and the most worker threads (a thread per core is
/// plenty; far more only costs memory and start-up time).
pub const MAX_GAMES: u64 = 1_000_000_000;
pub const MAX_THREADS: u64 = 256;

/// What a worker has counted so far; partial tallies add up to the report. Every
/// figure is an integer sum, so the order games finish in does not matter.
#[derive(Default)]
struct Tally {
    wins: Vec<usize>,
    ties: usize,
    turns: u64,
    actions: u64,
    stats: std::collections::BTreeMap<String, CardStat>,
    /// Per setup: games, and games someone won.
    by_setup: std::collections::BTreeMap<usize, (usize, usize)>,
    /// The failed game with the lowest index, and why.
    error: Option<(usize, String)>,
}

fn stat<'a>(
    stats: &'a mut std::collections::BTreeMap<String, CardStat>,
    card: &str,
) -> &'a mut CardStat {
    stats.entry(card.to_string()).or_insert_with(|| CardStat {
        card: card.to_string(),
        uses: 0,
        games: 0,
        wins: 0,
        win_rate: None,
    })
}

impl Tally {
    fn add(&mut self, result: GameResult) {
        for card in &result.card_pool {
            stat(&mut self.stats, card);
        }
        for (card, player, uses) in &result.card_uses {
            let s = stat(&mut self.stats, card);
            s.uses += uses;
            s.games += 1;
            s.wins += usize::from(result.winners.contains(player));
        }
        let g = self.by_setup.entry(result.setup).or_default();
        g.0 += 1;
        g.1 += usize::from(!result.winners.is_empty());
        for winner in result.winners {
            self.wins[winner] += 1;
        }
        self.ties += usize::from(result.tie);
        self.turns += u64::from(result.turns);
        self.actions += result.actions as u64;
    }

    fn fail(&mut self, index: usize, e: String) {
        if self.error.as_ref().is_none_or(|(i, _)| index < *i) {
            self.error = Some((index, e));
        }
    }

    fn merge(&mut self, other: Tally) {
        for (w, o) in self.wins.iter_mut().zip(other.wins) {
            *w += o;
        }
        self.ties += other.ties;
        self.turns += other.turns;
        self.actions += other.actions;
        for (card, o) in other.stats {
            let s = stat(&mut self.stats, &card);
            s.uses += o.uses;
            s.games += o.games;
            s.wins += o.wins;
        }
        for (k, (g, w)) in other.by_setup {
            let e = self.by_setup.entry(k).or_default();
            e.0 += g;
            e.1 += w;
        }
        if let Some((i, e)) = other.error {
            self.fail(i, e);
        }
    }
}

/// Run the simulation. Game `i` is set up from `setups[setup_index(i, ..)]` with its own
/// seed ([`game_seed`]); the report is the same for any number of threads.
///
/// Results are counted as games finish (nothing is kept per game), so memory does not
/// grow with `--games`. Workers take the next game index from a shared counter; after
/// a failure no game past it is started, and every game before it still finishes, so
/// the error reported (the lowest failing index) does not depend on the threads.
pub fn run<G: Game>(setups: &[G::Setup], opts: &SimOptions) -> Result<SimReport, CliError>
where
    G::Setup: Sync,
{
    use std::sync::atomic::{AtomicUsize, Ordering};
    if opts.games == 0 {
        return Err(CliError::Usage("--games must be at least 1".into()));
    }
    if opts.games as u64 > MAX_GAMES {
        return Err(CliError::Usage(format!(
            "--games must be at most {MAX_GAMES}"
        )));
    }
    if opts.threads == 0 || opts.threads as u64 > MAX_THREADS {
        return Err(CliError::Usage(format!(
            "--threads must be from 1 to {MAX_THREADS}"
        )));
    }
    if setups.is_empty() {
        return Err(CliError::Usage("no game setup to simulate".into()));
    }
    let specs = player_specs::<G>(&setups[0], opts)?;
    let seats = specs.len();
    let threads = opts.threads.min(opts.games);
    let bar = progress_bar(opts);
    let next = AtomicUsize::new(0);
    // No game with an index above this is started (lowered by failures).
    let stop = AtomicUsize::new(usize::MAX);
    let empty = || Tally {
        wins: vec![0; seats],
        ..Tally::default()
    };

    let mut tally = empty();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let (specs, bar, next, stop) = (&specs, &bar, &next, &stop);
                scope.spawn(move || {
                    let mut tally = empty();
                    loop {
                        let index = next.fetch_add(1, Ordering::SeqCst);
                        if index >= opts.games || index > stop.load(Ordering::SeqCst) {
                            break;
                        }
                        let which = setup_index(index, seats, setups.len());
                        let setup = &setups[which];
                        // A panic in a game or a player is that game's error (the panic
                        // hook has printed it), not a lost thread.
                        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            play_one::<G>(setup, specs, opts, index).map(|mut r| {
                                r.setup = which;
                                r
                            })
                        }))
                        .unwrap_or_else(|_| Err("a simulation thread panicked".into()));
                        bar.inc(1);
                        match result {
                            Ok(r) => tally.add(r),
                            Err(e) => {
                                stop.fetch_min(index, Ordering::SeqCst);
                                tally.fail(index, e);
                            }
                        }
                    }
                    tally
                })
            })
            .collect();
        for worker in workers {
            match worker.join() {
                Ok(t) => tally.merge(t),
                Err(_) => tally.fail(0, "a simulation thread panicked".into()),
            }
        }
    });
    bar.finish_and_clear();

    if let Some((index, e)) = tally.error {
        let seed = game_seed(opts.seed, index);
        return Err(CliError::Failed(format!("game {index} (seed {seed}): {e}")));
    }
    let games = opts.games as f64;
    let mut report = SimReport {
        game: G::NAME.to_string(),
        games: opts.games,
        seed: opts.seed,
        win_rates: tally.wins.iter().map(|&w| w as f64 / games).collect(),
        win_rate_ci95: tally
            .wins
            .iter()
            .map(|&w| wilson_ci95(w, opts.games))
            .collect(),
        wins: tally.wins,
        players: specs,
        ties: tally.ties,
        avg_turns: tally.turns as f64 / games,
        avg_actions: tally.actions as f64 / games,
        card_stats: None,
        breakdown: breakdown(&tally.by_setup, &opts.labels),
    };
    if opts.card_stats {
        let mut list: Vec<CardStat> = tally
            .stats
            .into_values()
            .map(|mut s| {
                s.win_rate = (s.games > 0).then(|| s.wins as f64 / s.games as f64);
                s
            })
            .collect();
        list.sort_by(|a, b| b.uses.cmp(&a.uses).then(a.card.cmp(&b.card)));
        report.card_stats = Some(list);
    }
    Ok(report)
}

/// Games and wins summed over the setups of each group, in the order groups first appear.
fn breakdown(
    by_setup: &std::collections::BTreeMap<usize, (usize, usize)>,
    labels: &[Vec<String>],
) -> Vec<GroupStat> {
    let mut groups: Vec<(String, usize, usize)> = vec![];
    for (i, names) in labels.iter().enumerate() {
        let (g, w) = by_setup.get(&i).copied().unwrap_or_default();
        for name in names {
            match groups.iter_mut().find(|x| &x.0 == name) {
                Some(x) => {
                    x.1 += g;
                    x.2 += w;
                }
                None => groups.push((name.clone(), g, w)),
            }
        }
    }
    // Groups of one kind together ("heroes: ..." then "villain: ..."), each kind in
    // the order it first appears.
    let kind = |g: &str| g.split(':').next().unwrap_or("").to_string();
    let mut kinds: Vec<String> = vec![];
    for g in &groups {
        if !kinds.contains(&kind(&g.0)) {
            kinds.push(kind(&g.0));
        }
    }
    groups.sort_by_key(|g| kinds.iter().position(|k| *k == kind(&g.0)));
    groups
        .into_iter()
        .filter(|x| x.1 > 0)
        .map(|(group, games, wins)| GroupStat {
            win_rate: wins as f64 / games as f64,
            win_rate_ci95: wilson_ci95(wins, games),
            group,
            games,
            wins,
        })
        .collect()
}

/// A bar with games/s and the time left, drawn on standard error only if asked and
/// standard error is a terminal.
fn progress_bar(opts: &SimOptions) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    use std::io::IsTerminal;
    if !opts.progress || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(opts.games as u64), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{bar:40} {pos}/{len} games  {per_sec}  elapsed {elapsed}  ETA {eta}",
    ) {
        bar.set_style(style);
    }
    bar
}

/// One spec per seat, checked up front so a bad spec is a usage error, not a
/// failure in every game.
fn player_specs<G: Game>(setup: &G::Setup, opts: &SimOptions) -> Result<Vec<String>, CliError> {
    let seats = G::new_game(setup, game_seed(opts.seed, 0))
        .map_err(|e| CliError::Failed(format!("cannot set up {}: {e}", G::NAME)))?
        .seat_count();
    let specs = match opts.players.len() {
        0 => vec!["random".to_string(); seats],
        1 => vec![opts.players[0].clone(); seats],
        n if n == seats => opts.players.clone(),
        n => {
            let plural = if seats == 1 { "" } else { "s" };
            return Err(CliError::Usage(format!(
                "{n} players given for {} with {seats} seat{plural} (give one --ai per seat, or one for all)",
                G::NAME
            )));
        }
    };
    for spec in &specs {
        player_from_spec::<G>(spec, 0).map_err(|e| CliError::Usage(format!("--ai: {e}")))?;
    }
    Ok(specs)
}

fn play_one<G: Game>(
    setup: &G::Setup,
    specs: &[String],
    opts: &SimOptions,
    index: usize,
) -> Result<GameResult, String> {
    let seed = game_seed(opts.seed, index);
    let mut game = G::new_game(setup, seed).map_err(|e| format!("cannot set up: {e}"))?;
    // Nobody reads the log of a simulated game.
    game.set_logging(false);
    let n = specs.len();
    let mut players = (0..n)
        .map(|seat| {
            let player = player_at(seat, index, n);
            player_from_spec(&specs[player], seeds::derive(seed, player as u64))
        })
        .collect::<Result<Vec<Box<dyn Player<G>>>, String>>()?;
    let start = opts.card_stats.then(|| game.clone());
    let actions = play_game(&mut game, &mut players, opts.max_actions)?;
    // Card statistics replay the game, asking before each action which cards it uses.
    let mut card_uses: Vec<(String, usize, usize)> = Vec::new();
    let mut card_pool = Vec::new();
    if let Some(mut replay) = start {
        card_pool = replay.card_pool();
        for action in &actions {
            if let Some(d) = replay.decision() {
                let player = player_at(d.seat, index, n);
                for card in replay.cards_used(action) {
                    match card_uses
                        .iter_mut()
                        .find(|(c, p, _)| *c == card && *p == player)
                    {
                        Some(entry) => entry.2 += 1,
                        None => card_uses.push((card, player, 1)),
                    }
                }
            }
            replay
                .apply(action)
                .map_err(|e| format!("replaying for card statistics: {e}"))?;
        }
    }
    let outcome = game
        .outcome()
        .ok_or("the game stopped without an outcome")?;
    // A player won the game when it was worth all of its reward to them.
    let winners = (0..n)
        .filter(|&seat| outcome.reward(seat) == 1.0)
        .map(|seat| player_at(seat, index, n))
        .collect();
    Ok(GameResult {
        setup: 0,
        winners,
        tie: matches!(outcome, Outcome::Tie(_)),
        turns: game.turn(),
        actions: actions.len(),
        card_uses,
        card_pool,
    })
}

/// The human-readable report; `elapsed` is the wall time of [`run`].
pub fn summary(report: &SimReport, elapsed: Duration) -> String {
    let games = report.games as f64;
    let percent = |n: usize| 100.0 * n as f64 / games;
    let mut text = format!(
        "{} games of {} (seed {}) in {:.2}s, {:.1} games/s\n",
        report.games,
        report.game,
        report.seed,
        elapsed.as_secs_f64(),
        games / elapsed.as_secs_f64().max(1e-9)
    );
    for (i, (spec, wins)) in report.players.iter().zip(&report.wins).enumerate() {
        let [lo, hi] = report.win_rate_ci95[i];
        text += &format!(
            "  player {i} {spec}: {wins} wins ({:.1}%, 95% CI {:.1}–{:.1}%)\n",
            percent(*wins),
            100.0 * lo,
            100.0 * hi
        );
    }
    text += &format!(
        "  ties: {} ({:.1}%)\n  average turns {:.1}, average actions {:.1}",
        report.ties,
        percent(report.ties),
        report.avg_turns,
        report.avg_actions
    );
    if !report.breakdown.is_empty() {
        text += "\n  by group (games someone won):";
        for g in &report.breakdown {
            let [lo, hi] = g.win_rate_ci95;
            text += &format!(
                "\n    {:<32} {:>4} of {:>5} ({:.1}%, 95% CI {:.1}–{:.1}%)",
                g.group,
                g.wins,
                g.games,
                100.0 * g.win_rate,
                100.0 * lo,
                100.0 * hi
            );
        }
    }
    if let Some(stats) = &report.card_stats {
        text += "\n  card statistics (uses, games used in, win rate when used):";
        for s in stats {
            text += &format!(
                "\n    {:<40} {:>7} {:>6}  {}",
                s.card,
                s.uses,
                s.games,
                s.win_rate
                    .map_or("—".to_string(), |r| format!("{:.1}%", 100.0 * r))
            );
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::toy::{Toy, ToySetup};

    fn opts(players: &[&str], threads: usize) -> SimOptions {
        SimOptions {
            games: 40,
            seed: 9,
            players: players.iter().map(|s| s.to_string()).collect(),
            threads,
            max_actions: 1000,
            card_stats: false,
            progress: false,
            labels: vec![],
        }
    }

    #[test]
    fn thread_count_does_not_change_the_report() {
        let setup = ToySetup::default();
        let one = run::<Toy>(
            std::slice::from_ref(&setup),
            &opts(&["greedy:epsilon=0.2", "random"], 1),
        )
        .unwrap();
        for threads in [2, 3, 7, 100] {
            let many = run::<Toy>(
                std::slice::from_ref(&setup),
                &opts(&["greedy:epsilon=0.2", "random"], threads),
            );
            assert_eq!(many.unwrap(), one);
        }
        assert_eq!(one.wins.iter().sum::<usize>() + one.ties, 40);
        assert!(one.wins[0] > one.wins[1], "{one:?}");
    }

    #[test]
    fn seats_alternate() {
        assert_eq!(player_at(0, 0, 2), 0);
        assert_eq!(player_at(0, 1, 2), 1);
        assert_eq!(player_at(1, 1, 2), 0);
        // Seat 0 always wins toy Nim between perfect players from 15 counters, so
        // alternating seats splits the wins evenly.
        let report = run::<Toy>(&[ToySetup::default()], &opts(&["greedy", "greedy"], 2)).unwrap();
        assert_eq!(report.wins, vec![20, 20]);
    }

    #[test]
    fn errors_name_the_game_and_its_seed() {
        let mut o = opts(&["random"], 3);
        o.max_actions = 2;
        let err = run::<Toy>(&[ToySetup::default()], &o).unwrap_err();
        let expected = format!("game 0 (seed {})", game_seed(9, 0));
        assert!(err.to_string().starts_with(&expected), "{err}");
        assert_eq!(err.exit_code(), 1);
    }

    #[test]
    fn bad_player_lists_are_usage_errors() {
        for players in [&["random", "random", "random"][..], &["nobody"][..]] {
            let err = run::<Toy>(&[ToySetup::default()], &opts(players, 1)).unwrap_err();
            assert_eq!(err.exit_code(), 2, "{err}");
        }
    }

    #[test]
    fn wilson_intervals_contain_the_rate_and_narrow_with_more_games() {
        let [lo, hi] = wilson_ci95(80, 100);
        assert!(
            (0.70..0.72).contains(&lo) && (0.86..0.88).contains(&hi),
            "{lo} {hi}"
        );
        let [lo4, hi4] = wilson_ci95(320, 400);
        assert!(lo4 > lo && hi4 < hi);
        assert_eq!(wilson_ci95(0, 10)[0], 0.0);
        assert_eq!(wilson_ci95(10, 10)[1], 1.0);
        let report = run::<Toy>(&[ToySetup::default()], &opts(&["greedy", "random"], 1)).unwrap();
        for (i, &[lo, hi]) in report.win_rate_ci95.iter().enumerate() {
            assert!(lo <= report.win_rates[i] && report.win_rates[i] <= hi);
        }
    }

    #[test]
    fn each_setup_is_played_from_every_seat_in_turn() {
        // Two seats, three setups: games 0 and 1 play setup 0 with the players swapped.
        let order: Vec<usize> = (0..8).map(|i| setup_index(i, 2, 3)).collect();
        assert_eq!(order, [0, 0, 1, 1, 2, 2, 0, 0]);
        assert_ne!(player_at(0, 0, 2), player_at(0, 1, 2));
    }

    #[test]
    fn the_breakdown_sums_each_group_over_its_setups_kind_by_kind() {
        let by_setup = [(0, (10, 4)), (1, (10, 1)), (2, (5, 5))]
            .into_iter()
            .collect();
        let labels = vec![
            vec!["hero: A".to_string(), "villain: X".to_string()],
            vec!["hero: A".to_string(), "villain: Y".to_string()],
            vec!["hero: B".to_string(), "villain: X".to_string()],
        ];
        let b = breakdown(&by_setup, &labels);
        let rows: Vec<(&str, usize, usize)> = b
            .iter()
            .map(|g| (g.group.as_str(), g.games, g.wins))
            .collect();
        assert_eq!(
            rows,
            vec![
                ("hero: A", 20, 5),
                ("hero: B", 5, 5),
                ("villain: X", 15, 9),
                ("villain: Y", 10, 1)
            ]
        );
        assert!(b[0].win_rate_ci95[0] < 0.25 && b[0].win_rate_ci95[1] > 0.25);
    }

    #[test]
    fn ties_are_counted() {
        let setup = ToySetup {
            pile: 50,
            max_turns: 1,
        };
        let report = run::<Toy>(std::slice::from_ref(&setup), &opts(&[], 1)).unwrap();
        assert!(report.ties > 0, "{report:?}");
        assert_eq!(report.wins.iter().sum::<usize>() + report.ties, 40);
        assert_eq!(report.avg_turns, 1.0);
    }
}
