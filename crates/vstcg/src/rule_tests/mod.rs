//! Tests named after the rules of the Vs. System TCG comprehensive rules v2.7, one file per
//! range of rules (see crates/vstcg/tests/sections.rs for how a name counts).

mod r100_217;
mod r300_504;
mod r505_515;
mod r600_706;
mod r708_glossary;
mod s26_attacks_phases;
mod s26_costs_counters;
mod s26_names_affiliations;
mod s26_powers_triggers;
mod s27_entering_costs_attacks;
mod s27_granted_leader;
mod s27_keywords;
mod s27_replacements;
mod s27_resources_combat;
mod s28_concede_loops;
mod s28_flip_amounts_zones;
mod s28_orders_choices;
mod s29_loops;
