//! Session 26's rules of counters, endurance, counts, costs and the deck's top cards,
//! tested where one verb's own tests don't cover them.
