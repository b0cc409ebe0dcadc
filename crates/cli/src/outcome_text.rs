use crossover_kernel::{Outcome, Seat};

/// A sentence for how a game ended, naming seats with `label`.
pub fn describe_outcome(outcome: &Outcome, label: impl Fn(Seat) -> String) -> String {
    let names = |seats: &[Seat]| {
        seats
            .iter()
            .map(|&s| label(s))
            .collect::<Vec<_>>()
            .join(" and ")
    };
    match outcome {
        Outcome::Win(seats) if seats.len() == 1 => format!("{} wins", names(seats)),
        Outcome::Win(seats) => format!("{} win", names(seats)),
        Outcome::Tie(seats) => format!("tie between {}", names(seats)),
        Outcome::AllLose => "everyone loses".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_read_well() {
        let label = |s| format!("seat {s}");
        assert_eq!(
            describe_outcome(&Outcome::Win(vec![1]), label),
            "seat 1 wins"
        );
        assert_eq!(
            describe_outcome(&Outcome::Win(vec![0, 2]), label),
            "seat 0 and seat 2 win"
        );
        assert_eq!(
            describe_outcome(&Outcome::Tie(vec![0, 1]), label),
            "tie between seat 0 and seat 1"
        );
    }
}
