//! `judge_core`: the runner's core, as a library of layers, each using only
//! the ones listed before it (`tests/layers.rs` checks):
//!
//! - `base`: errors, files, terminal output, diffs, arguments, modes, judges;
//! - `process`: programs started under limits, sources compiled, interrupts;
//! - `problem`: the workspace, a typed `problem.toml`, problem kinds;
//! - `judging`: comparators, checkers, interactors and the one `Judge`;
//! - `commands`: one file per command, and what makes a table of them the
//!   runner's `main`.
//!
//! It names none of the runner's modules: the `judge` binary's table holds
//! their commands beside the core's. Std only.

/// `println!` that ends the program quietly once stdout is closed (`judge test
/// | head`), where `println!` would panic.
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::base::terminal::print_line(format_args!($($arg)*))
    };
}

pub mod base;
pub mod commands;
pub mod judging;
pub mod problem;
pub mod process;
