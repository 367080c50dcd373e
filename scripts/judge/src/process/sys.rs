//! The few Linux calls the launcher and the runner need, declared by hand
//! (std only, no crates), each wrapped so the rest of the code stays safe.

use std::io;
use std::os::fd::{FromRawFd, OwnedFd, RawFd};
use std::os::raw::c_long;
use std::time::Duration;

pub const SIGKILL: i32 = 9;
pub const SIGTERM: i32 = 15;

const PR_SET_PDEATHSIG: i32 = 1;
const PR_SET_DUMPABLE: i32 = 4;
const PR_SET_CHILD_SUBREAPER: i32 = 36;
const F_SETFD: i32 = 2;
const F_GETFL: i32 = 3;
const F_SETFL: i32 = 4;
const FD_CLOEXEC: i32 = 1;
const O_NONBLOCK: i32 = 0o4000;
const O_CLOEXEC: i32 = 0o2000000;
const WNOHANG: i32 = 1;
const SC_CLK_TCK: i32 = 2;
const SC_PAGESIZE: i32 = 30;
const ECHILD: i32 = 10;

pub const POLLIN: i16 = 0x1;
pub const POLLOUT: i16 = 0x4;

#[repr(C)]
pub struct PollFd {
    pub fd: RawFd,
    pub events: i16,
    pub revents: i16,
}

// `struct rusage`: two `struct timeval`s (seconds and microseconds, a long
// each) for user and system time, then fourteen longs, the first of which is
// the peak resident set size in KiB.
#[repr(C)]
struct Rusage {
    words: [c_long; 18],
}

extern "C" {
    fn prctl(option: i32, arg2: c_long, arg3: c_long, arg4: c_long, arg5: c_long) -> i32;
    fn kill(pid: i32, signal: i32) -> i32;
    fn wait4(pid: i32, status: *mut i32, options: i32, usage: *mut Rusage) -> i32;
    fn pipe2(fds: *mut i32, flags: i32) -> i32;
    fn fcntl(fd: i32, command: i32, arg: i32) -> i32;
    fn poll(fds: *mut PollFd, count: u64, timeout_ms: i32) -> i32;
    fn sysconf(name: i32) -> c_long;
}

fn check(result: i32) -> io::Result<i32> {
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

/// Orphans among this process's descendants become its children, so it can
/// find, kill and reap every one of them.
pub fn become_subreaper() -> io::Result<()> {
    // SAFETY: prctl with integer arguments only.
    check(unsafe { prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) }).map(drop)
}

/// Has the kernel send `signal` to this process when the thread that started
/// it ends. Async-signal-safe: may run between fork and exec.
pub fn die_with_parent(signal: i32) -> io::Result<()> {
    // SAFETY: prctl with integer arguments only.
    check(unsafe { prctl(PR_SET_PDEATHSIG, signal as c_long, 0, 0, 0) }).map(drop)
}

/// Makes `/proc/<self>/fd` unreachable to other processes of the same user,
/// so a judged program cannot open the launcher's report pipe.
pub fn forbid_inspection() -> io::Result<()> {
    // SAFETY: prctl with integer arguments only.
    check(unsafe { prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) }).map(drop)
}

/// A pipe whose ends are closed on exec: (read end, write end).
pub fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0i32; 2];
    // SAFETY: fds has room for the two descriptors pipe2 writes.
    check(unsafe { pipe2(fds.as_mut_ptr(), O_CLOEXEC) })?;
    // SAFETY: both descriptors were just opened and are owned by nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
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
    check(unsafe { fcntl(fd, F_SETFL, flags | O_NONBLOCK) }).map(drop)
}

/// Waits up to `timeout` for any of `fds` to be ready.
pub fn poll_fds(fds: &mut [PollFd], timeout: Duration) -> io::Result<()> {
    let ms = timeout.as_millis().min(i32::MAX as u128) as i32;
    // SAFETY: the pointer and length describe a live, properly laid-out slice.
    match check(unsafe { poll(fds.as_mut_ptr(), fds.len() as u64, ms) }) {
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
    let mut usage = Rusage { words: [0; 18] };
    loop {
        let options = if block { 0 } else { WNOHANG };
        // SAFETY: both pointers are to live, properly laid-out locals.
        let result = unsafe { wait4(pid, &mut status, options, &mut usage) };
        if result > 0 {
            let time = |at: usize| {
                Duration::from_secs(usage.words[at] as u64)
                    + Duration::from_micros(usage.words[at + 1] as u64)
            };
            return Ok(Some(Reaped {
                pid: result,
                status,
                cpu: time(0) + time(2),
                peak_kib: usage.words[4] as u64,
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

/// The length of the clock tick `/proc/<pid>/stat` counts CPU time in.
pub fn clock_tick() -> Duration {
    // SAFETY: sysconf only reads a configuration value.
    let per_second = unsafe { sysconf(SC_CLK_TCK) }.max(1) as u64;
    Duration::from_nanos(1_000_000_000 / per_second)
}

/// The size of a memory page, in KiB.
pub fn page_kib() -> u64 {
    // SAFETY: sysconf only reads a configuration value.
    (unsafe { sysconf(SC_PAGESIZE) }.max(1024) as u64) / 1024
}
