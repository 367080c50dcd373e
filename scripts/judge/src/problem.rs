//! The problem layer: the workspace and its problems (`workspace`), what a
//! problem's `problem.toml` says (`config`), the kinds of problem there
//! are, each with its templates (`kind`), the copies a solution keeps of
//! the house skeleton and of snippets, checked against their sources
//! (`copies`), and problem packages read into one model whatever their
//! format (`package`).

pub mod config;
pub mod copies;
pub mod kind;
pub mod package;
pub mod workspace;
