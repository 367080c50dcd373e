//! The problem layer: the workspace and its problems (`workspace`), what a
//! problem's `problem.toml` says (`config`), the kinds of problem there
//! are, each with its templates (`kind`), and the copies a solution keeps of
//! the house skeleton and of snippets, checked against their sources
//! (`copies`).

pub mod config;
pub mod copies;
pub mod kind;
pub mod workspace;
