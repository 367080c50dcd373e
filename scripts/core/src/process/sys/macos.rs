//! macOS's side of `sys`: its numbers, and in place of what it lacks
//! (`prctl`, `pipe2`, `execvpe`, `close_range`, pidfds, `/proc`): `pipe`
//! and `fcntl`, `execve` on a searched path, a loop of `fcntl`, a poll,
//! and `libproc` (`proc_listpids`, `proc_listchildpids`, `proc_pid_rusage`).

use super::{check, fcntl, FD_CLOEXEC, F_SETFD};
use std::ffi::{CString, OsStr};
use std::io;
use std::os::fd::{FromRawFd, OwnedFd, RawFd};
use std::os::raw::{c_char, c_int, c_long, c_uint, c_void};
use std::os::unix::ffi::OsStrExt;
use std::sync::OnceLock;
use std::time::Duration;

pub const RLIMIT_CPU: i32 = 0;
pub const RLIMIT_FSIZE: i32 = 1;
pub const RLIMIT_STACK: i32 = 3;
pub const RLIMIT_CORE: i32 = 4;
pub const RLIMIT_NOFILE: i32 = 8;
pub const SIGXCPU: i32 = 24;
pub const SIGXFSZ: i32 = 25;

pub(super) const O_NONBLOCK: i32 = 0x4;
pub(super) const SIG_SETMASK: i32 = 3;
/// One past the last signal number.
pub(super) const SIGNALS: i32 = 32;
pub(super) type Micros = i32;
pub(super) type Nfds = c_uint;

/// `proc_listpids`' type for the members of one process group.
const PROC_PGRP_ONLY: u32 = 2;
/// `proc_pid_rusage`'s flavour for `struct rusage_info_v4`.
const RUSAGE_INFO_V4: c_int = 4;
const ENOENT: i32 = 2;
const EACCES: i32 = 13;
const ENOEXEC: i32 = 8;

/// `struct rusage_info_v4`: a 16-byte uuid, then 64-bit counters, of which
/// `ri_user_time` and `ri_system_time` are the first two (in ticks of the
/// time base), `ri_phys_footprint` the eighth (bytes), `ri_child_user_time`
/// and `ri_child_system_time` the eleventh and twelfth; 35 in all, and room
/// for a later system's longer struct.
#[repr(C)]
struct RusageInfo {
    uuid: [u8; 16],
    counters: [u64; 64],
}

extern "C" {
    #[link_name = "pipe"]
    fn libc_pipe(fds: *mut c_int) -> c_int;
    fn execve(path: *const c_char, argv: *const *const c_char, envp: *const *const c_char)
        -> c_int;
    fn getdtablesize() -> c_int;
    fn proc_listpids(kind: u32, info: u32, buffer: *mut c_void, size: c_int) -> c_int;
    fn proc_listchildpids(ppid: c_int, buffer: *mut c_void, size: c_int) -> c_int;
    fn proc_pid_rusage(pid: c_int, flavor: c_int, buffer: *mut RusageInfo) -> c_int;
    fn sysctlbyname(
        name: *const c_char,
        old: *mut c_void,
        old_size: *mut usize,
        new: *mut c_void,
        new_size: usize,
    ) -> c_int;
}

/// `wait4`'s peak resident set size, which macOS gives in bytes.
pub(super) fn maxrss_kib(maxrss: c_long) -> u64 {
    maxrss as u64 / 1024
}

/// None on macOS: an orphan goes to launchd.
pub fn become_subreaper() -> io::Result<()> {
    Ok(())
}

/// None on macOS: the launcher stops its run when it sees its parent gone
/// (`super::parent`), and the runner kills a lost launcher's group.
pub fn die_with_parent(_signal: i32) -> io::Result<()> {
    Ok(())
}

/// Nothing to do on macOS: it has no `/proc` through which a process of
/// the same user could open another's descriptors.
pub fn forbid_inspection() -> io::Result<()> {
    Ok(())
}

/// A pipe whose ends are closed on exec: (read end, write end).
pub fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0 as c_int; 2];
    // SAFETY: fds has room for the two descriptors pipe writes.
    check(unsafe { libc_pipe(fds.as_mut_ptr()) })?;
    // SAFETY: both descriptors were just opened and are owned by nobody else.
    let ends = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    for fd in fds {
        // SAFETY: fcntl on a descriptor just opened.
        check(unsafe { fcntl(fd, F_SETFD, FD_CLOEXEC) })?;
    }
    Ok(ends)
}

/// Replaces this process with the program `argv` names (looked up in this
/// process's PATH when it has no `/`, as `execvp` does), with the
/// environment `envp` (`NAME=value`); returns only why it could not.
/// Allocates: call it from a single-threaded process.
pub fn exec(argv: &[CString], envp: &[CString]) -> io::Error {
    let pointers = |strings: &[CString]| -> Vec<*const c_char> {
        let mut pointers: Vec<*const c_char> = strings.iter().map(|s| s.as_ptr()).collect();
        pointers.push(std::ptr::null());
        pointers
    };
    let (args, environment) = (pointers(argv), pointers(envp));
    let name = argv[0].as_bytes();
    let candidates: Vec<CString> = if name.contains(&b'/') {
        vec![argv[0].clone()]
    } else {
        let path = std::env::var_os("PATH").unwrap_or_else(|| "/usr/bin:/bin".into());
        std::env::split_paths(&path)
            .filter_map(|dir| {
                CString::new(dir.join(OsStr::from_bytes(name)).as_os_str().as_bytes()).ok()
            })
            .collect()
    };
    let mut why = io::Error::from_raw_os_error(ENOENT);
    for candidate in &candidates {
        // SAFETY: NUL-terminated arrays of NUL-terminated strings that outlive the call.
        unsafe { execve(candidate.as_ptr(), args.as_ptr(), environment.as_ptr()) };
        let error = io::Error::last_os_error();
        // As execvp: a file found but not runnable is the answer, unless a
        // later folder holds one that is.
        match error.raw_os_error() {
            Some(ENOENT) => {}
            Some(EACCES) | Some(ENOEXEC) => why = error,
            _ => return error,
        }
    }
    why
}

/// Every descriptor above stderr closed on exec, one by one up to the
/// descriptor table's size. Async-signal-safe.
pub fn close_others_on_exec() -> io::Result<()> {
    // SAFETY: getdtablesize only reads a limit.
    let top = unsafe { getdtablesize() }.clamp(4096, 1 << 16);
    for fd in 3..top {
        // SAFETY: fcntl on a descriptor number; a closed one is EBADF.
        unsafe { fcntl(fd, F_SETFD, FD_CLOEXEC) };
    }
    Ok(())
}

/// None on macOS: the caller sleeps between looks instead.
pub fn pidfd(_pid: i32) -> io::Result<OwnedFd> {
    Err(io::ErrorKind::Unsupported.into())
}

/// The pids `list` writes (it returns the bytes it wrote), into a buffer
/// grown until they fit.
fn pids(list: impl Fn(*mut c_void, c_int) -> c_int) -> Vec<i32> {
    let mut buffer = vec![0i32; 256];
    loop {
        let size = (buffer.len() * 4) as c_int;
        let written = list(buffer.as_mut_ptr().cast(), size);
        if written <= 0 {
            return Vec::new();
        }
        if written < size {
            buffer.truncate(written as usize / 4);
            buffer.retain(|&pid| pid > 0);
            return buffer;
        }
        buffer.resize(buffer.len() * 2, 0);
    }
}

/// Every descendant of `pid`, from `proc_listchildpids`.
pub fn descendants(pid: i32) -> Vec<i32> {
    let mut tree = vec![pid];
    let mut next = 0;
    while next < tree.len() {
        let parent = tree[next];
        next += 1;
        // SAFETY: the buffer and its size in bytes describe live memory.
        tree.extend(pids(|buffer, size| unsafe {
            proc_listchildpids(parent, buffer, size)
        }));
    }
    tree.remove(0);
    tree
}

/// The processes of group `pgid` (zombies included), from `proc_listpids`.
pub fn group_members(pgid: i32) -> Vec<i32> {
    // SAFETY: the buffer and its size in bytes describe live memory.
    pids(|buffer, size| unsafe { proc_listpids(PROC_PGRP_ONLY, pgid as u32, buffer, size) })
}

/// What a live process has used so far.
#[derive(Clone, Copy, Debug, Default)]
pub struct Usage {
    /// User and system time, its own and its reaped children's.
    pub cpu: Duration,
    /// Memory charged to it now: its physical footprint (what Activity
    /// Monitor shows: resident, compressed and swapped).
    pub memory_kib: u64,
}

/// A live process's usage, from `proc_pid_rusage`.
pub fn usage(pid: i32) -> Option<Usage> {
    let mut info = RusageInfo {
        uuid: [0; 16],
        counters: [0; 64],
    };
    // SAFETY: info has room for a `rusage_info_v4` and more.
    if unsafe { proc_pid_rusage(pid, RUSAGE_INFO_V4, &mut info) } != 0 {
        return None;
    }
    let c = &info.counters;
    let ticks = c[0] + c[1] + c[10] + c[11];
    Some(Usage {
        cpu: Duration::from_nanos((ticks as u128 * 1_000_000_000 / ticks_per_second()) as u64),
        memory_kib: c[7] / 1024,
    })
}

/// The time base `proc_pid_rusage` counts CPU time in: 1 GHz on an Intel
/// Mac, 24 MHz on Apple silicon (`hw.tbfrequency`, which is the hardware's
/// under Rosetta too, where `mach_timebase_info` says 1/1).
fn ticks_per_second() -> u128 {
    static FREQUENCY: OnceLock<u128> = OnceLock::new();
    *FREQUENCY.get_or_init(|| {
        let mut value = 0i64;
        let mut size = std::mem::size_of::<i64>();
        let name = b"hw.tbfrequency\0";
        // SAFETY: a NUL-terminated name, and room for the 64-bit value.
        let result = unsafe {
            sysctlbyname(
                name.as_ptr().cast(),
                (&mut value as *mut i64).cast(),
                &mut size,
                std::ptr::null_mut(),
                0,
            )
        };
        match (result, value) {
            (0, value) if value > 0 => value as u128,
            _ => 1_000_000_000,
        }
    })
}

/// A signal's name, by macOS's numbers.
pub fn signal_name(signal: i32) -> &'static str {
    match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        5 => "SIGTRAP",
        6 => "SIGABRT",
        7 => "SIGEMT",
        8 => "SIGFPE",
        9 => "SIGKILL",
        10 => "SIGBUS",
        11 => "SIGSEGV",
        12 => "SIGSYS",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        30 => "SIGUSR1",
        31 => "SIGUSR2",
        _ => "unknown signal",
    }
}

/// The descriptors one message carries at most.
pub const PASSED_FDS: usize = 4;

fn unsupported() -> io::Error {
    io::Error::new(io::ErrorKind::Unsupported, "no zygote on macOS")
}

/// None on macOS, which has no `CLONE_PARENT`: launchers are started one
/// by one instead (`zygote::HERE`).
///
/// # Safety
/// None needed: it does nothing.
pub unsafe fn fork_sibling() -> io::Result<i32> {
    Err(unsupported())
}

/// None on macOS, which has no `memfd`: a program's stdin is a pipe the
/// runner fills.
pub fn sealed_file(
    _fill: &mut dyn FnMut(&mut std::fs::File) -> io::Result<()>,
) -> io::Result<std::fs::File> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "no memfd on macOS",
    ))
}

/// Unused on macOS (see `fork_sibling`).
pub fn send_fds(_socket: RawFd, _fds: &[RawFd]) -> io::Result<()> {
    Err(unsupported())
}

/// Unused on macOS (see `fork_sibling`).
pub fn receive_fds(_socket: RawFd) -> io::Result<Option<Vec<OwnedFd>>> {
    Err(unsupported())
}

/// Starts `child` in a forked process (macOS has no `clone` to share this
/// one's memory): `start_forked`'s pipe is safe here, where no `/proc`
/// lets a program open it. `child` may make only async-signal-safe calls,
/// and execs or returns why it could not. The child's pid, or why it did
/// not start.
pub fn spawn(child: &mut dyn FnMut() -> io::Error) -> io::Result<i32> {
    // SAFETY: the launcher has one thread; the child runs only `child`.
    super::start_forked(&mut || unsafe { super::fork() }, child)
}
