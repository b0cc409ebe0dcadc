//! Tests of rules 600–706 (attacks, glossary-like rules 700–705, keywords 706).
