
#[test]
fn tmp_count_fingerprints() {
    let mut watched = 0usize;
    let mut draws = 0;
    let mut steps = 0usize;
    for seed in 0..300u64 {
        let mut g = random_game(2 + (seed % 3) as usize, seed, |g| {
            false && g.turn() > 0
        });
        let _ = &mut g;
        if matches!(g.outcome(), Some(Outcome::Tie(_))) {
            draws += 1;
        }
    }
    for seed in 0..300u64 {
        let pool = crate::db::built_in_pool();
        let decks = (0..2).map(|i| prebuilt(&pool, PREBUILT[i % PREBUILT.len()].0).unwrap()).collect();
        let mut g = VsTcg::new_game(&VsTcgSetup::new(decks), seed).unwrap();
        let mut rng = GameRng::from_seed(seed);
        while g.outcome().is_none() {
            let legal = g.legal_actions();
            g.apply(&legal[rng.below(legal.len())]).unwrap();
            steps += 1;
            if g.state.loop_watch.resolved >= LOOP_WATCH_FROM { watched += 1; }
        }
    }
    println!("watched {watched} of {steps} steps; {draws} draws");
}
