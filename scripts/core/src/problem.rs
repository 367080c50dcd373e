//! The problem layer: the workspace and its problems (`workspace`), what a
//! problem's `problem.toml` says (`config`), and the kinds of problem there
//! are, each with its templates (`kind`).

pub mod config;
pub mod kind;
pub mod workspace;
