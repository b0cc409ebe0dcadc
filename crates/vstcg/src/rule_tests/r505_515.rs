//! Tests of rules 505–515 (playing effects, the chain, resolution, modifiers, replacements, timestamps, dependencies).
