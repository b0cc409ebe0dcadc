//! Tests of rules 100–217 (concepts, card anatomy, zones, priority, the chain as a zone).
