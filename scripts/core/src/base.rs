//! The lowest layer: what every other layer may use and that uses none of
//! them — errors, files, terminal output, diffs, arguments, the known name
//! nearest a mistyped one, `*` name patterns, the vocabulary of `problem.toml`'s modes and the
//! judges table.

pub mod args;
pub mod diff;
pub mod error;
pub mod files;
pub mod hash;
pub mod judges;
pub mod modes;
pub mod nearest;
pub mod terminal;
pub mod verdict;
pub mod wildcard;
pub mod written;
