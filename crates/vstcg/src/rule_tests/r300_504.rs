//! Tests of rules 300–504 (card types, the turn and its phases, powers and their kinds).
