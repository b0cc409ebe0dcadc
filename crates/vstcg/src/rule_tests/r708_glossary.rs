//! Tests of rules 708 (game actions) and the glossary entries.
