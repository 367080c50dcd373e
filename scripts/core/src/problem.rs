//! The problem layer: the workspace and its problems (`workspace`), what a
//! problem's `problem.toml` says (`config`), the kinds of problem there
//! are, each with its templates (`kind`), the copies a solution keeps of
//! the house skeleton and of snippets, checked against their sources
//! (`copies`), and what is pasted into a judge and whether it compiles
//! there alone (`paste`).

pub mod config;
pub mod kind;
pub mod workspace;
