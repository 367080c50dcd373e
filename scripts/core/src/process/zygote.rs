//! Launchers forked rather than started: `judge __zygote`, started once by
//! a runner thread, forks a launcher for each run it is asked for, past the
//! dynamic loader's and the runtime's start that a fresh `judge __launch`
//! pays every time (on a virtual machine, the loader's `cpuid`s alone take
//! half a millisecond). Each launcher is the runner's own child
//! (`sys::fork_sibling`): the runner reaps it, and it dies with the runner's
//! thread, as one the runner started itself. Linux only (`HERE`): elsewhere
//! the runner starts each launcher.

use super::launch;
use super::sys::{self, SIGTERM};
use std::io::Write;
use std::os::fd::{AsRawFd, FromRawFd, IntoRawFd, OwnedFd, RawFd};
use std::os::unix::net::UnixStream;
use std::process::ExitCode;

pub const COMMAND: &str = "__zygote";

/// Its first line on the socket once it has prepared the box; else
/// `error <why>`, and it exits.
pub const READY: &str = "ready";

/// Whether this system forks launchers so (`sys::fork_sibling`).
pub const HERE: bool = cfg!(target_os = "linux");

/// `judge __zygote <socket fd> [<box argument>...]`: prepares what its
/// launchers share (`Confinement::prepare_zygote`), says `READY`, then for
/// each message on the socket, which carries a launcher's stdin, stdout,
/// stderr and channel, forks the launcher (with the box arguments the
/// preparation gave) and answers with its pid, four bytes little-endian. It
/// ends with the stream.
pub fn command(args: &[String]) -> ExitCode {
    let fd = match args.first().and_then(|fd| fd.parse::<i32>().ok()) {
        Some(fd) if fd > 2 => fd,
        _ => {
            eprintln!("judge {COMMAND}: usage: judge {COMMAND} <socket fd> [<box argument>...]");
            return ExitCode::from(2);
        }
    };
    // Closed on exec: no program holds it (a launcher closes its copy).
    if let Err(e) = sys::set_inherited(fd, false) {
        eprintln!("judge {COMMAND}: no socket descriptor {fd}: {e}");
        return ExitCode::from(2);
    }
    // SAFETY: the runner opened `fd` for this process alone.
    let mut socket = unsafe { UnixStream::from_raw_fd(fd) };
    // Opened while `/dev` is the machine's: the box may cover it.
    sys::null();
    let boxed = match launch::prepare_zygote(&args[1..]) {
        Ok(boxed) => boxed,
        Err(e) => {
            let why = e.to_string().replace('\n', " ");
            let _ = socket.write_all(format!("error {why}\n").as_bytes());
            return ExitCode::FAILURE;
        }
    };
    if socket.write_all(format!("{READY}\n").as_bytes()).is_err() {
        return ExitCode::SUCCESS;
    }
    loop {
        let fds = match sys::receive_fds(fd) {
            Ok(Some(fds)) if fds.len() == 4 => fds,
            Ok(None) => return ExitCode::SUCCESS,
            Ok(Some(fds)) => {
                eprintln!(
                    "judge {COMMAND}: {} descriptors in a request, not 4",
                    fds.len()
                );
                return ExitCode::from(2);
            }
            Err(e) => {
                eprintln!("judge {COMMAND}: cannot read a request: {e}");
                return ExitCode::FAILURE;
            }
        };
        // SAFETY: this process has one thread.
        let pid = match unsafe { sys::fork_sibling() } {
            Ok(0) => become_launcher(fd, fds, &boxed),
            Ok(pid) => pid,
            Err(e) => {
                eprintln!("judge {COMMAND}: cannot fork a launcher: {e}");
                return ExitCode::FAILURE;
            }
        };
        drop(fds);
        if socket.write_all(&pid.to_le_bytes()).is_err() {
            return ExitCode::SUCCESS;
        }
    }
}

/// In the fork: the launcher, with `fds` as its stdin, stdout, stderr and
/// channel, in a group of its own and dying with the runner's thread, as
/// `run` starts one itself.
fn become_launcher(socket: RawFd, mut fds: Vec<OwnedFd>, boxed: &[String]) -> ! {
    let code = (|| {
        // SAFETY: the zygote's socket, which this process never uses; the
        // zygote's copy is its own.
        drop(unsafe { OwnedFd::from_raw_fd(socket) });
        let channel = fds.pop().map_or(-1, IntoRawFd::into_raw_fd);
        for (target, fd) in fds.iter().enumerate() {
            sys::duplicate_onto(fd.as_raw_fd(), target as RawFd)?;
        }
        drop(fds);
        sys::own_process_group()?;
        sys::die_with_parent(SIGTERM)?;
        let mut args = vec![channel.to_string()];
        args.extend(boxed.iter().cloned());
        Ok::<u8, std::io::Error>(launch::launch(&args))
    })();
    match code {
        Ok(code) => sys::exit_now(i32::from(code)),
        Err(e) => {
            eprintln!("judge {COMMAND}: cannot become a launcher: {e}");
            sys::exit_now(2)
        }
    }
}
