//! `judge stress`: not built yet.

use crate::cli::Args;
use crate::problem::{SetupError, Workspace};

pub fn command(_workspace: &Workspace, _args: &Args) -> Result<bool, SetupError> {
    Err(SetupError("`judge stress` is not built yet".into()))
}
