//! The few system calls the launcher and the runner need, declared by
//! hand (std only, no crates), each wrapped so the rest of the code stays
//! safe. What differs between Linux and macOS (numbers, layouts, calls one
//! of them lacks, what `/proc` or `libproc` tells of a process) is in
//! `linux` and `macos`, one of which is compiled; everything here is the
//! same on both.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::mem::ManuallyDrop;
use std::os::fd::{AsRawFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};
use std::os::raw::{c_long, c_ulong};
use std::sync::OnceLock;
use std::time::Duration;

#[cfg(target_os = "linux")]
mod linux;
#[cfg(target_os = "linux")]
use linux as os;
#[cfg(target_os = "macos")]
mod macos;
#[cfg(target_os = "macos")]
use macos as os;
#[cfg(not(any(target_os = "linux", target_os = "macos")))]
compile_error!("the runner knows the system calls of Linux and macOS only");

pub use os::{
    become_subreaper, close_others_on_exec, descendants, die_with_parent, exec, forbid_inspection,
    fork_sibling, group_members, pidfd, pipe, receive_fds, sealed_file, send_fds, signal_name,
    spawn, usage, Usage, PASSED_FDS, RLIMIT_CORE, RLIMIT_CPU, RLIMIT_FSIZE, RLIMIT_NOFILE,
    RLIMIT_STACK, SIGXCPU, SIGXFSZ,
};

pub const SIGKILL: i32 = 9;
pub const SIGTERM: i32 = 15;

const F_SETFD: i32 = 2;
const F_GETFL: i32 = 3;
const F_SETFL: i32 = 4;
const FD_CLOEXEC: i32 = 1;
const WNOHANG: i32 = 1;
const ECHILD: i32 = 10;

pub const POLLIN: i16 = 0x1;
pub const POLLOUT: i16 = 0x4;

#[repr(C)]
pub struct PollFd {
    pub fd: RawFd,
    pub events: i16,
    pub revents: i16,
}

/// `struct rlimit`: two 64-bit words on both systems.
#[repr(C)]
struct Rlimit {
    current: u64,
    max: u64,
}

/// `struct timeval`: its microseconds are a long on Linux, an int on macOS.
#[repr(C)]
struct Timeval {
    seconds: i64,
    micros: os::Micros,
}

impl Timeval {
    fn duration(&self) -> Duration {
        Duration::from_secs(self.seconds as u64) + Duration::from_micros(self.micros as u64)
    }
}

/// `struct rusage`: user and system time, then fourteen longs, the first
/// of which is the peak resident set size (`os::maxrss_kib` reads it).
#[repr(C)]
struct Rusage {
    user: Timeval,
    system: Timeval,
    maxrss: c_long,
    rest: [c_long; 13],
}

extern "C" {
    fn kill(pid: i32, signal: i32) -> i32;
    fn wait4(pid: i32, status: *mut i32, options: i32, usage: *mut Rusage) -> i32;
    fn fcntl(fd: i32, command: i32, ...) -> i32;
    fn poll(fds: *mut PollFd, count: os::Nfds, timeout_ms: i32) -> i32;
    fn getrlimit(resource: i32, limit: *mut Rlimit) -> i32;
    fn setrlimit(resource: i32, limit: *const Rlimit) -> i32;
    fn getuid() -> u32;
    fn getgid() -> u32;
    fn getppid() -> i32;
    #[link_name = "signal"]
    fn libc_signal(signal: i32, handler: Option<extern "C" fn(i32)>) -> usize;
    fn sigprocmask(how: i32, set: *const SigSet, old: *mut SigSet) -> i32;
    #[link_name = "fork"]
    fn libc_fork() -> i32;
    fn _exit(code: i32) -> !;
    fn dup2(old: i32, new: i32) -> i32;
    fn setpgid(pid: i32, pgid: i32) -> i32;
}

/// Room for any `sigset_t`: 1024 bits on Linux, 32 on macOS.
#[repr(C)]
struct SigSet {
    words: [c_ulong; 16],
}

pub fn check(result: i32) -> io::Result<i32> {
    if result < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(result)
    }
}

/// Sends `signal` to a process (or to a group when `pid` is negative); a
/// process already gone is no error worth reporting.
pub fn signal(pid: i32, signal: i32) {
    // SAFETY: kill has no memory effects.
    unsafe { kill(pid, signal) };
}

/// `fd` duplicated onto the number `target`, which then survives an exec.
pub fn duplicate_onto(fd: RawFd, target: RawFd) -> io::Result<()> {
    // SAFETY: dup2 on descriptor numbers; a closed one is EBADF.
    check(unsafe { dup2(fd, target) }).map(drop)
}

/// A process group of its own, this process its leader.
pub fn own_process_group() -> io::Result<()> {
    // SAFETY: setpgid takes numbers only.
    check(unsafe { setpgid(0, 0) }).map(drop)
}

/// Whether `fd` survives an exec. Async-signal-safe.
pub fn set_inherited(fd: RawFd, inherited: bool) -> io::Result<()> {
    let flags = if inherited { 0 } else { FD_CLOEXEC };
    // SAFETY: fcntl on a descriptor number; a closed one is EBADF.
    check(unsafe { fcntl(fd, F_SETFD, flags) }).map(drop)
}

pub fn set_nonblocking(fd: RawFd) -> io::Result<()> {
    // SAFETY: fcntl on a descriptor number; a closed one is EBADF.
    let flags = check(unsafe { fcntl(fd, F_GETFL, 0) })?;
    // SAFETY: as above.
    check(unsafe { fcntl(fd, F_SETFL, flags | os::O_NONBLOCK) }).map(drop)
}

/// Waits up to `timeout` for any of `fds` to be ready.
pub fn poll_fds(fds: &mut [PollFd], timeout: Duration) -> io::Result<()> {
    let ms = timeout.as_millis().min(i32::MAX as u128) as i32;
    // SAFETY: the pointer and length describe a live, properly laid-out slice.
    match check(unsafe { poll(fds.as_mut_ptr(), fds.len() as os::Nfds, ms) }) {
        Err(e) if e.kind() == io::ErrorKind::Interrupted => Ok(()),
        other => other.map(drop),
    }
}

/// A reaped child: its wait status, and the CPU time and peak resident memory
/// of it and of every descendant it reaped itself.
#[derive(Clone, Copy, Debug)]
pub struct Reaped {
    pub pid: i32,
    pub status: i32,
    pub cpu: Duration,
    pub peak_kib: u64,
}

/// Reaps one child: `pid`, or any when `pid` is -1. `Ok(None)` when `block`
/// is false and none has ended yet, or when there are no children at all.
pub fn reap(pid: i32, block: bool) -> io::Result<Option<Reaped>> {
    let mut status = 0i32;
    let zero = || Timeval {
        seconds: 0,
        micros: 0,
    };
    let mut usage = Rusage {
        user: zero(),
        system: zero(),
        maxrss: 0,
        rest: [0; 13],
    };
    loop {
        let options = if block { 0 } else { WNOHANG };
        // SAFETY: both pointers are to live, properly laid-out locals.
        let result = unsafe { wait4(pid, &mut status, options, &mut usage) };
        if result > 0 {
            return Ok(Some(Reaped {
                pid: result,
                status,
                cpu: usage.user.duration() + usage.system.duration(),
                peak_kib: os::maxrss_kib(usage.maxrss),
            }));
        }
        if result == 0 {
            return Ok(None);
        }
        let error = io::Error::last_os_error();
        match error.raw_os_error() {
            Some(ECHILD) => return Ok(None),
            _ if error.kind() == io::ErrorKind::Interrupted => {}
            _ => return Err(error),
        }
    }
}

/// Sets a resource limit, soft and hard alike; a stack no larger than the
/// hard limit (`stack_granted`). Async-signal-safe.
pub fn limit_resource(resource: i32, value: u64) -> io::Result<()> {
    let value = match resource {
        RLIMIT_STACK => stack_granted(value, hard_limit(resource)),
        _ => value,
    };
    let limit = Rlimit {
        current: value,
        max: value,
    };
    // SAFETY: limit is a live, properly laid-out struct.
    check(unsafe { setrlimit(resource, &limit) }).map(drop)
}

/// Lowers a resource limit, soft and hard alike, to `value`; one already
/// lower stays. Async-signal-safe.
pub fn lower_limit(resource: i32, value: u64) -> io::Result<()> {
    limit_resource(resource, value.min(hard_limit(resource)))
}

/// The stack a run wanting `wanted` bytes gets where the hard limit is
/// `hard`: no more than the hard limit, which an ordinary user cannot
/// raise and nobody can past 65520 KiB on macOS. The run proceeds on that
/// stack; a recursion deeper than it runs on a thread of its own (the
/// `big_stack` snippet).
pub fn stack_granted(wanted: u64, hard: u64) -> u64 {
    wanted.min(hard)
}

/// This process's hard limit on a stack, in bytes, which the programs it
/// starts inherit.
pub fn stack_hard_limit() -> u64 {
    hard_limit(RLIMIT_STACK)
}

/// A resource's hard limit (`u64::MAX`, unlimited, when unreadable).
fn hard_limit(resource: i32) -> u64 {
    let mut limit = Rlimit {
        current: 0,
        max: u64::MAX,
    };
    // SAFETY: limit is a live, properly laid-out struct.
    unsafe { getrlimit(resource, &mut limit) };
    limit.max
}

/// This process's parent's pid: another once the parent is gone (init's,
/// or a subreaper's).
pub fn parent() -> i32 {
    // SAFETY: getppid cannot fail.
    unsafe { getppid() }
}

/// This process's real user and group ids.
pub fn ids() -> (u32, u32) {
    // SAFETY: getuid and getgid cannot fail.
    unsafe { (getuid(), getgid()) }
}

/// `fork(2)`: the child's pid, or 0 in the child.
///
/// # Safety
/// In a process with other threads the child may only call
/// async-signal-safe functions; call it from a single-threaded process.
pub unsafe fn fork() -> io::Result<i32> {
    check(libc_fork())
}

/// Has `handler`, which must be async-signal-safe, run on `signal`.
pub fn catch_signal(signal: i32, handler: extern "C" fn(i32)) {
    // SAFETY: the caller's handler is async-signal-safe.
    unsafe { libc_signal(signal, Some(handler)) };
}

/// Every signal back to its default action and none blocked: what a
/// program gets from a judge, not the ignored SIGPIPE a Rust parent leaves.
/// Async-signal-safe.
pub fn default_signals() -> io::Result<()> {
    for number in 1..os::SIGNALS {
        // SAFETY: SIG_DFL (no handler) for a signal number; SIGKILL,
        // SIGSTOP and the C library's own refuse, which is no matter.
        unsafe { libc_signal(number, None) };
    }
    let empty = SigSet { words: [0; 16] };
    // SAFETY: a live, zeroed set; the old set is not wanted.
    check(unsafe { sigprocmask(os::SIG_SETMASK, &empty, std::ptr::null_mut()) }).map(drop)
}

/// Makes `file` this process's stdin, fd 0 (for what it starts).
pub fn use_as_stdin(file: OwnedFd) -> io::Result<()> {
    // SAFETY: dup2 onto the standard input's number from a live descriptor.
    check(unsafe { dup2(file.as_raw_fd(), 0) }).map(drop)
}

/// `/dev/null`, opened on first use: a zygote opens it before a box may
/// cover `/dev` in its mount namespace, and the launchers it forks have it.
pub fn null() -> Option<&'static File> {
    static NULL: OnceLock<Option<File>> = OnceLock::new();
    let open = || OpenOptions::new().read(true).write(true).open("/dev/null");
    NULL.get_or_init(|| open().ok()).as_ref()
}

/// Points stdin, stdout and stderr at `/dev/null`: a reader of the pipes
/// they were sees their end.
pub fn close_standard_streams() {
    if let Some(null) = null() {
        for fd in 0..3 {
            // SAFETY: dup2 onto a standard descriptor number from a live one.
            unsafe { dup2(null.as_raw_fd(), fd) };
        }
    }
}

/// Runs `child` in the process `fork` makes (it returns 0 there, as a fork
/// does); `child` execs or returns why it could not, which reaches this
/// process on a pipe the exec closes. The child's pid, or why it did not
/// start. Only where its program cannot open this process's descriptors
/// (through `/proc`, as the same user): it could write in the pipe first.
pub fn start_forked(
    fork: &mut dyn FnMut() -> io::Result<i32>,
    child: &mut dyn FnMut() -> io::Error,
) -> io::Result<i32> {
    let (failed_read, failed_write) = pipe()?;
    let pid = fork()?;
    if pid == 0 {
        let errno = child().raw_os_error().unwrap_or(0);
        // SAFETY: the pipe's end, open until the child is gone, and never
        // closed here.
        let mut pipe = ManuallyDrop::new(unsafe { File::from_raw_fd(failed_write.as_raw_fd()) });
        let _ = pipe.write_all(&errno.to_le_bytes());
        exit_now(127)
    }
    drop(failed_write);
    // A successful exec closes the pipe; a failed one sends its errno.
    let mut errno = [0u8; 4];
    if File::from(failed_read).read_exact(&mut errno).is_ok() {
        let _ = reap(pid, true);
        return Err(io::Error::from_raw_os_error(i32::from_le_bytes(errno)));
    }
    Ok(pid)
}

/// Ends this process at once, running nothing more (a forked child's end).
pub fn exit_now(code: i32) -> ! {
    // SAFETY: _exit ends the process; it is async-signal-safe.
    unsafe { _exit(code) }
}

/// Waits up to `timeout` for `fd` to be readable (or at its end); whether
/// it is.
pub fn wait_readable(fd: BorrowedFd, timeout: Duration) -> bool {
    let mut fds = [PollFd {
        fd: fd.as_raw_fd(),
        events: POLLIN,
        revents: 0,
    }];
    poll_fds(&mut fds, timeout).is_ok() && fds[0].revents != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;
    use std::process::Command;

    const MIB: u64 = 1 << 20;
    /// macOS's hard limit on a stack.
    const MAC_HARD: u64 = 65520 << 10;

    #[test]
    fn a_stack_past_the_hard_limit_is_granted_the_hard_limit() {
        assert_eq!(stack_granted(256 * MIB, MAC_HARD), MAC_HARD);
        assert_eq!(stack_granted(8 * MIB, MAC_HARD), 8 * MIB);
        assert_eq!(stack_granted(MAC_HARD, MAC_HARD), MAC_HARD);
        assert_eq!(stack_granted(1 << 40, u64::MAX), 1 << 40);
    }

    #[test]
    fn a_stack_past_the_hard_limit_is_set_to_it_not_refused() {
        let mut shell = Command::new("sh");
        shell.args(["-c", "ulimit -s"]);
        // SAFETY: setrlimit and getrlimit are async-signal-safe.
        unsafe {
            shell.pre_exec(|| {
                lower_limit(RLIMIT_STACK, 4 * MIB)?;
                limit_resource(RLIMIT_STACK, 64 * MIB)
            })
        };
        let output = shell.output().expect("sh runs under the lowered limit");
        assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "4096");
    }
}
