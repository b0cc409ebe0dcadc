//! The mutation test: an expectation that still holds when changed checks nothing. Each
//! expectation of a passing scenario is changed in turn (by the game's
//! [`ScenarioGame::mutations`]), and the scenario must then fail at that very step.

use crate::{run_source, runner, ScenarioGame};

/// One changed copy of a step's table.
#[derive(Debug, Clone, PartialEq)]
pub struct Mutation {
    /// What was changed: the expectation's key (`face_up`, `pile`, ...).
    pub kind: String,
    /// The step's table with that expectation changed.
    pub step: toml::Table,
}

/// What the mutation test did to one scenario.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MutationReport {
    /// Every change made: the step (from 1) and the expectation's key.
    pub changed: Vec<(usize, String)>,
    /// Changes the scenario did not catch (it still passed, failed at another step, or
    /// no longer loaded), each described with the file and step.
    pub problems: Vec<String>,
}

/// Change every expectation of a scenario in turn and check that the scenario then fails
/// at that step. `Err` when the scenario doesn't pass as written (or can't be read).
pub fn mutation_test<G: ScenarioGame + 'static>(
    file: &str,
    text: &str,
) -> Result<MutationReport, String> {
    let runners = [runner::<G>()];
    match run_source(file, text, &runners) {
        Ok(r) if r.failure.is_none() => {}
        Ok(r) => return Err(format!("{file}: fails as written: {}", r.failure.unwrap())),
        Err(e) => return Err(e.to_string()),
    }
    let doc: toml::Table = toml::from_str(text).map_err(|e| format!("{file}: {e}"))?;
    let steps: Vec<toml::Table> = match doc.get("step") {
        Some(toml::Value::Array(a)) => a.iter().filter_map(|s| s.as_table().cloned()).collect(),
        _ => Vec::new(),
    };
    let mut report = MutationReport::default();
    for (i, step) in steps.iter().enumerate() {
        let n = i + 1;
        for m in G::mutations(&doc, step) {
            let mut changed = doc.clone();
            if let Some(toml::Value::Array(a)) = changed.get_mut("step") {
                a[i] = toml::Value::Table(m.step.clone());
            }
            let changed_text = toml::to_string(&changed).map_err(|e| e.to_string())?;
            report.changed.push((n, m.kind.clone()));
            let problem = match run_source(file, &changed_text, &runners) {
                Ok(r) => match r.failure {
                    Some(f) if f.step == n => None,
                    Some(f) => Some(format!("failed at another step: {f}")),
                    None => Some("still passed".to_string()),
                },
                Err(e) => Some(format!("no longer loads: {e}")),
            };
            if let Some(p) = problem {
                report.problems.push(format!(
                    "{file}: step {n}: `{}` changed {p}\n{changed_text}",
                    m.kind
                ));
            }
        }
    }
    Ok(report)
}
