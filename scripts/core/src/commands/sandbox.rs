//! `judge sandbox`: what the sandbox confines programs with on this machine,
//! what is missing and how to get it.

use crate::base::args::Args;
use crate::base::error::SetupError;
use crate::problem::workspace::Workspace;
use crate::process::launch;

pub fn command(_workspace: &Workspace, args: &Args) -> Result<bool, SetupError> {
    if let Some(extra) = args.positional.first() {
        return Err(SetupError(format!("sandbox takes no argument {extra:?}")));
    }
    outln!("{}", launch::current().explain().trim_end());
    Ok(true)
}
