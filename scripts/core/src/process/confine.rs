//! What confines a run beyond its launcher: a box the `judge` binary
//! installs (the kernel's, on Linux), which the core knows only through
//! `Confinement`; without one, or with `JUDGE_SANDBOX=portable`, the
//! launcher alone (`launch::current`): a program sees what the user sees.

use std::ffi::OsString;
use std::io;
use std::os::fd::RawFd;
use std::os::unix::net::UnixStream;
use std::sync::OnceLock;

/// A box every run is started in.
pub trait Confinement: Sync {
    /// One line: what confines every run here (found on first use), or
    /// what is missing; every command says it first.
    fn describe(&self) -> String;
    /// `judge sandbox`'s text: what is in force, what is missing and how
    /// to get it.
    fn explain(&self) -> String;
    /// The launcher's arguments after its channel (none: the launcher alone
    /// serves the run) and the descriptors it inherits besides.
    fn launcher_args(&self) -> (Vec<OsString>, Vec<RawFd>);
    /// In a zygote (`zygote`) given `launcher_args`' arguments, before it
    /// forks a launcher: what the launchers it forks share, prepared once;
    /// the arguments they get.
    fn prepare_zygote(&self, args: &[String]) -> io::Result<Vec<String>> {
        Ok(args.to_vec())
    }
    /// In a launcher started with `launcher_args`' arguments: prepares the
    /// box they name, then serves the one run on `channel` (`launch::receive`,
    /// `launch::say`).
    fn serve(&self, args: &[String], channel: &mut UnixStream) -> io::Result<()>;
}

/// Set to `portable`, the box installed is not used: the launcher alone
/// runs, as on a system with no box (to compare the two, or to test it).
pub const SANDBOX_VARIABLE: &str = "JUDGE_SANDBOX";

static INSTALLED: OnceLock<&'static dyn Confinement> = OnceLock::new();

/// Makes `confinement` the box of every run (the `judge` binary's, at its start).
pub fn install(confinement: &'static dyn Confinement) {
    let _ = INSTALLED.set(confinement);
}

pub fn installed() -> Option<&'static dyn Confinement> {
    INSTALLED.get().copied()
}

/// Whether a box is in force: one is installed and not turned off.
pub fn boxed() -> bool {
    installed().is_some() && !turned_off()
}

/// Whether `JUDGE_SANDBOX=portable` says not to use the box installed.
pub fn turned_off() -> bool {
    std::env::var_os(SANDBOX_VARIABLE).is_some_and(|value| value == "portable")
}
