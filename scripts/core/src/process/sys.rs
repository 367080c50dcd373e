//! The few system calls the launcher and the runner need, declared by
//! hand (std only, no crates), each wrapped so the rest of the code stays
//! safe.

use std::ffi::CString;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::raw::{c_char, c_long, c_uint, c_ulong};
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

pub const RLIMIT_FSIZE: i32 = 1;
pub const RLIMIT_STACK: i32 = 3;
pub const RLIMIT_CORE: i32 = 4;

pub const POLLIN: i16 = 0x1;
pub const POLLOUT: i16 = 0x4;

#[repr(C)]
pub struct PollFd {
    pub fd: RawFd,
    pub events: i16,
    pub revents: i16,
}

#[repr(C)]
struct Rlimit {
    current: u64,
    max: u64,
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
    fn setrlimit(resource: i32, limit: *const Rlimit) -> i32;
    fn getuid() -> u32;
    fn getgid() -> u32;
    #[link_name = "signal"]
    fn libc_signal(signal: i32, handler: Option<extern "C" fn(i32)>) -> usize;
    fn sigprocmask(how: i32, set: *const SigSet, old: *mut SigSet) -> i32;
    fn execvpe(file: *const c_char, argv: *const *const c_char, envp: *const *const c_char) -> i32;
    fn syscall(number: c_long, ...) -> c_long;
    #[link_name = "fork"]
    fn libc_fork() -> i32;
    fn _exit(code: i32) -> !;
    fn dup2(old: i32, new: i32) -> i32;
}

/// `pidfd_open(2)`'s and `close_range(2)`'s numbers,
/// the same on x86-64 and on arm64.
const SYS_PIDFD_OPEN: c_long = 434;
const SYS_CLOSE_RANGE: c_long = 436;
const CLOSE_RANGE_CLOEXEC: c_uint = 4;
const SIG_SETMASK: i32 = 2;

/// `sigset_t`: 1024 bits.
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
/// so a judged program cannot open the launcher's channel.
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

/// Sets a resource limit, soft and hard alike.
pub fn limit_resource(resource: i32, value: u64) -> io::Result<()> {
    let limit = Rlimit {
        current: value,
        max: value,
    };
    // SAFETY: limit is a live, properly laid-out struct.
    check(unsafe { setrlimit(resource, &limit) }).map(drop)
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

/// Replaces this process with the program `argv` names (looked up in PATH
/// when it has no `/`), with the environment `envp` (`NAME=value`); returns
/// only why it could not.
pub fn exec(argv: &[CString], envp: &[CString]) -> io::Error {
    let pointers = |strings: &[CString]| -> Vec<*const c_char> {
        let mut pointers: Vec<*const c_char> = strings.iter().map(|s| s.as_ptr()).collect();
        pointers.push(std::ptr::null());
        pointers
    };
    let (args, environment) = (pointers(argv), pointers(envp));
    // SAFETY: NUL-terminated arrays of NUL-terminated strings that outlive the call.
    unsafe { execvpe(args[0], args.as_ptr(), environment.as_ptr()) };
    io::Error::last_os_error()
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
    for number in 1..65 {
        // SAFETY: SIG_DFL (no handler) for a signal number; SIGKILL,
        // SIGSTOP and the C library's own refuse, which is no matter.
        unsafe { libc_signal(number, None) };
    }
    let empty = SigSet { words: [0; 16] };
    // SAFETY: a live, zeroed set; the old set is not wanted.
    check(unsafe { sigprocmask(SIG_SETMASK, &empty, std::ptr::null_mut()) }).map(drop)
}

/// Every descriptor above stderr closed on exec (Linux 5.11; before, one
/// by one up to the descriptor limit). Async-signal-safe.
pub fn close_others_on_exec() -> io::Result<()> {
    // SAFETY: close_range takes integers.
    let result = unsafe {
        syscall(
            SYS_CLOSE_RANGE,
            3 as c_long,
            c_uint::MAX as c_long,
            CLOSE_RANGE_CLOEXEC as c_long,
        )
    };
    if result == 0 {
        return Ok(());
    }
    for fd in 3..4096 {
        // SAFETY: fcntl on a descriptor number; a closed one is EBADF.
        unsafe { fcntl(fd, F_SETFD, FD_CLOEXEC) };
    }
    Ok(())
}

/// Points stdin, stdout and stderr at `/dev/null`: a reader of the pipes
/// they were sees their end.
pub fn close_standard_streams() {
    if let Ok(null) = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
    {
        for fd in 0..3 {
            // SAFETY: dup2 onto a standard descriptor number from a live one.
            unsafe { dup2(null.as_raw_fd(), fd) };
        }
    }
}

/// Ends this process at once, running nothing more (a forked child's end).
pub fn exit_now(code: i32) -> ! {
    // SAFETY: _exit ends the process; it is async-signal-safe.
    unsafe { _exit(code) }
}

/// A descriptor that becomes readable when process `pid` ends (Linux 5.3).
pub fn pidfd(pid: i32) -> io::Result<OwnedFd> {
    // SAFETY: pidfd_open takes a pid and flags and returns a new descriptor.
    let fd = unsafe { syscall(SYS_PIDFD_OPEN, pid as c_long, 0 as c_long) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: the descriptor was just opened and is owned by nobody else.
    Ok(unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
}

/// Waits up to `timeout` for `fd` to be readable.
pub fn wait_readable(fd: &OwnedFd, timeout: Duration) {
    use std::os::fd::AsRawFd;
    let mut fds = [PollFd {
        fd: fd.as_raw_fd(),
        events: POLLIN,
        revents: 0,
    }];
    let _ = poll_fds(&mut fds, timeout);
}
