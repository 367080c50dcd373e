//! The problem layer: the workspace and its problems (`workspace`), what a
//! problem's `problem.toml` says (`config`), and the kinds of problem there
//! are, each with its templates (`kind`), and problem packages read into one
//! model whatever their format (`package`).

pub mod config;
pub mod kind;
pub mod package;
pub mod workspace;
