//! Universal Fighting System (issue 14): the comprehensive rules (sections A–K of
//! `../shared/rules/ufs-comprehensive-rules.txt`), the Battle Pack cards, and the
//! importer for OCTGN's set files.

pub mod cardfile;
pub mod db;
pub mod import;
pub mod model;
pub mod octgn;
