//! Linux's side of `sys`: its numbers, `prctl`, `pipe2`, `execvpe`,
//! `close_range`, `pidfd_open`, and what `/proc` tells of a process.

use super::{check, fcntl, FD_CLOEXEC, F_SETFD};
use std::ffi::CString;
use std::fs;
use std::io;
use std::os::fd::{FromRawFd, OwnedFd, RawFd};
use std::os::raw::{c_char, c_int, c_long, c_uint, c_ulong, c_void};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::Duration;

pub const RLIMIT_CPU: i32 = 0;
pub const RLIMIT_FSIZE: i32 = 1;
pub const RLIMIT_STACK: i32 = 3;
pub const RLIMIT_CORE: i32 = 4;
pub const RLIMIT_NOFILE: i32 = 7;
pub const SIGXCPU: i32 = 24;
pub const SIGXFSZ: i32 = 25;

pub(super) const O_NONBLOCK: i32 = 0o4000;
pub(super) const SIG_SETMASK: i32 = 2;
/// One past the last signal number.
pub(super) const SIGNALS: i32 = 65;
pub(super) type Micros = c_long;
pub(super) type Nfds = c_ulong;

const O_CLOEXEC: i32 = 0o2000000;
const PR_SET_PDEATHSIG: i32 = 1;
const PR_SET_DUMPABLE: i32 = 4;
const PR_SET_CHILD_SUBREAPER: i32 = 36;
const SC_CLK_TCK: i32 = 2;
const SC_PAGESIZE: i32 = 30;
/// `pidfd_open(2)`'s and `close_range(2)`'s numbers,
/// the same on x86-64 and on arm64.
const SYS_PIDFD_OPEN: c_long = 434;
const SYS_CLOSE_RANGE: c_long = 436;
const CLOSE_RANGE_CLOEXEC: c_uint = 4;

extern "C" {
    fn prctl(option: i32, arg2: c_long, arg3: c_long, arg4: c_long, arg5: c_long) -> i32;
    fn pipe2(fds: *mut i32, flags: i32) -> i32;
    fn sysconf(name: i32) -> c_long;
    fn execvpe(file: *const c_char, argv: *const *const c_char, envp: *const *const c_char) -> i32;
    fn syscall(number: c_long, ...) -> c_long;
    fn clone(
        child: extern "C" fn(*mut c_void) -> c_int,
        stack: *mut c_void,
        flags: c_int,
        arg: *mut c_void,
        ...
    ) -> c_int;
}

/// `wait4`'s peak resident set size, which Linux gives in KiB.
pub(super) fn maxrss_kib(maxrss: c_long) -> u64 {
    maxrss as u64
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

/// Every descendant of `pid` (zombies included), from
/// `/proc/<pid>/task/*/children`.
pub fn descendants(pid: i32) -> Vec<i32> {
    let mut tree = vec![pid];
    let mut next = 0;
    while next < tree.len() {
        let parent = tree[next];
        next += 1;
        let tasks = match fs::read_dir(format!("/proc/{parent}/task")) {
            Ok(tasks) => tasks,
            Err(_) => continue,
        };
        for task in tasks.flatten() {
            let children = fs::read_to_string(task.path().join("children")).unwrap_or_default();
            tree.extend(
                children
                    .split_whitespace()
                    .filter_map(|c| c.parse::<i32>().ok()),
            );
        }
    }
    tree.remove(0);
    tree
}

/// The processes of group `pgid` (zombies included) among this process's
/// descendants: all of them when it is a subreaper (`become_subreaper`)
/// and started the group's first process.
pub fn group_members(pgid: i32) -> Vec<i32> {
    descendants(std::process::id() as i32)
        .into_iter()
        .filter(|&pid| stat(pid).is_some_and(|stat| stat.pgrp == pgid))
        .collect()
}

/// What a live process has used so far.
#[derive(Clone, Copy, Debug, Default)]
pub struct Usage {
    /// User and system time, its own and its reaped children's.
    pub cpu: Duration,
    /// Memory charged to it now: its resident set.
    pub memory_kib: u64,
}

/// A live process's usage, from `/proc/<pid>/stat`.
pub fn usage(pid: i32) -> Option<Usage> {
    let stat = stat(pid)?;
    // SAFETY: sysconf only reads a configuration value.
    let (per_second, page) = unsafe { (sysconf(SC_CLK_TCK), sysconf(SC_PAGESIZE)) };
    Some(Usage {
        cpu: Duration::from_nanos(1_000_000_000 / per_second.max(1) as u64) * stat.ticks as u32,
        memory_kib: stat.pages * (page.max(1024) as u64 / 1024),
    })
}

/// The figures of a live process from `/proc/<pid>/stat`.
struct Stat {
    pgrp: i32,
    /// User and system time, its own and its reaped children's, in clock ticks.
    ticks: u64,
    /// Resident set size in pages.
    pages: u64,
}

fn stat(pid: i32) -> Option<Stat> {
    let text = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces and parentheses: fields follow the last ')'.
    let fields: Vec<&str> = text
        .get(text.rfind(')')? + 1..)?
        .split_whitespace()
        .collect();
    // Field 3 of proc(5) is fields[0]: pgrp is field 5; utime, stime,
    // cutime, cstime are fields 14 to 17, rss field 24.
    let number = |field: usize| fields.get(field - 3)?.parse::<u64>().ok();
    Some(Stat {
        pgrp: number(5)? as i32,
        ticks: number(14)? + number(15)? + number(16)? + number(17)?,
        pages: number(24)?,
    })
}

/// A signal's name, by Linux's numbers.
pub fn signal_name(signal: i32) -> &'static str {
    match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        5 => "SIGTRAP",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        10 => "SIGUSR1",
        11 => "SIGSEGV",
        12 => "SIGUSR2",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        31 => "SIGSYS",
        _ => "unknown signal",
    }
}

const CLONE_PARENT: c_long = 0x8000;
const SIGCHLD: c_long = 17;
#[cfg(target_arch = "x86_64")]
const SYS_CLONE: c_long = 56;
#[cfg(target_arch = "aarch64")]
const SYS_CLONE: c_long = 220;
const SOL_SOCKET: c_int = 1;
const SCM_RIGHTS: c_int = 1;
const MSG_CMSG_CLOEXEC: c_int = 0x4000_0000;
/// The descriptors one message carries at most.
pub const PASSED_FDS: usize = 4;

#[repr(C)]
struct IoVec {
    base: *mut c_void,
    len: usize,
}

#[repr(C)]
struct MsgHdr {
    name: *mut c_void,
    name_len: u32,
    iov: *mut IoVec,
    iov_len: usize,
    control: *mut c_void,
    control_len: usize,
    flags: c_int,
}

/// `cmsghdr` with room for `PASSED_FDS` descriptors.
#[repr(C)]
struct Rights {
    len: usize,
    level: c_int,
    kind: c_int,
    fds: [c_int; PASSED_FDS],
}

extern "C" {
    fn memfd_create(name: *const c_char, flags: c_uint) -> c_int;
    fn sendmsg(socket: c_int, message: *const MsgHdr, flags: c_int) -> isize;
    fn recvmsg(socket: c_int, message: *mut MsgHdr, flags: c_int) -> isize;
}

/// Forks a process whose parent is this one's parent, as `fork` otherwise
/// does: 0 in the child, its pid here. Its parent reaps it and its
/// `die_with_parent` is that parent's.
///
/// # Safety
/// As `fork`: from a single-threaded process.
pub unsafe fn fork_sibling() -> io::Result<i32> {
    let pid = syscall(
        SYS_CLONE,
        CLONE_PARENT | SIGCHLD,
        0 as c_long,
        0 as c_long,
        0 as c_long,
        0 as c_long,
    );
    check(pid as i32)
}

/// `cmsghdr`'s size before its descriptors.
const RIGHTS_HEADER: usize = std::mem::size_of::<usize>() + 2 * std::mem::size_of::<c_int>();

/// A message of the one byte `iov` holds, with `rights` as its control data.
fn message(iov: &mut IoVec, rights: &mut Rights) -> MsgHdr {
    MsgHdr {
        name: std::ptr::null_mut(),
        name_len: 0,
        iov,
        iov_len: 1,
        control: rights as *mut Rights as *mut c_void,
        control_len: std::mem::size_of::<Rights>(),
        flags: 0,
    }
}

const MFD_CLOEXEC: c_uint = 1;
const MFD_ALLOW_SEALING: c_uint = 2;
const F_ADD_SEALS: c_int = 1033;
/// `F_SEAL_SEAL`, `F_SEAL_SHRINK`, `F_SEAL_GROW` and `F_SEAL_WRITE`.
const SEALS: c_int = 1 | 2 | 4 | 8;

/// What `fill` writes, as a file that is in memory only and can never
/// change (a sealed `memfd`), read from its start: a program's stdin as a
/// judge gives it, a file it may size, map and seek, that names no file of
/// the machine and that no write reaches, through `/proc/self/fd/0` either.
pub fn sealed_file(fill: &mut dyn FnMut(&mut fs::File) -> io::Result<()>) -> io::Result<fs::File> {
    // SAFETY: a NUL-terminated name and integer flags.
    let fd = check(unsafe {
        memfd_create(
            b"judge-stdin\0".as_ptr().cast::<c_char>(),
            MFD_CLOEXEC | MFD_ALLOW_SEALING,
        )
    })?;
    // SAFETY: memfd_create opened `fd` for this process alone.
    let mut file = unsafe { fs::File::from_raw_fd(fd) };
    fill(&mut file)?;
    // SAFETY: fcntl on a descriptor this function owns.
    check(unsafe { fcntl(fd, F_ADD_SEALS, SEALS) })?;
    // Opened again to read only, from its start, as `< file` opens one.
    fs::File::open(format!("/proc/self/fd/{fd}"))
}

/// Sends `fds` (at most `PASSED_FDS`) over the unix socket `socket`, with
/// one byte.
pub fn send_fds(socket: RawFd, fds: &[RawFd]) -> io::Result<()> {
    let mut byte = 0u8;
    let mut iov = IoVec {
        base: &mut byte as *mut u8 as *mut c_void,
        len: 1,
    };
    let mut rights = Rights {
        len: RIGHTS_HEADER + 4 * fds.len(),
        level: SOL_SOCKET,
        kind: SCM_RIGHTS,
        fds: [-1; PASSED_FDS],
    };
    rights.fds[..fds.len()].copy_from_slice(fds);
    let message = message(&mut iov, &mut rights);
    // SAFETY: every pointer is to a live local laid out as the kernel reads it.
    let sent = unsafe { sendmsg(socket, &message, 0) };
    check(sent as i32).map(drop)
}

/// The descriptors one message on `socket` carries, closed on exec; `None`
/// at the end of the stream.
pub fn receive_fds(socket: RawFd) -> io::Result<Option<Vec<OwnedFd>>> {
    let mut byte = 0u8;
    let mut iov = IoVec {
        base: &mut byte as *mut u8 as *mut c_void,
        len: 1,
    };
    let mut rights = Rights {
        len: 0,
        level: 0,
        kind: 0,
        fds: [-1; PASSED_FDS],
    };
    let mut message = message(&mut iov, &mut rights);
    // SAFETY: every pointer is to a live local the kernel may fill.
    let got = unsafe { recvmsg(socket, &mut message, MSG_CMSG_CLOEXEC) };
    if check(got as i32)? == 0 {
        return Ok(None);
    }
    let count = match (message.control_len, rights.level, rights.kind) {
        (0, _, _) => 0,
        (_, SOL_SOCKET, SCM_RIGHTS) => {
            (rights.len.saturating_sub(RIGHTS_HEADER) / 4).min(PASSED_FDS)
        }
        _ => 0,
    };
    // SAFETY: the kernel opened these descriptors for this process alone.
    Ok(Some(
        rights.fds[..count]
            .iter()
            .map(|&fd| unsafe { OwnedFd::from_raw_fd(fd) })
            .collect(),
    ))
}

const CLONE_VM: c_int = 0x100;
const CLONE_VFORK: c_int = 0x4000;

/// Starts `child` in a new process that shares this one's memory, this one
/// waiting until the child execs or ends, as `posix_spawn` does: no page
/// table is copied, and the exec leaves nothing to unmap, where a fork pays
/// both. `child` runs on a stack of its own; it may make only
/// async-signal-safe calls, and execs or returns why it could not, which
/// comes back through that memory, where no other process can write. The
/// child's pid, or why it did not start.
pub fn spawn(child: &mut dyn FnMut() -> io::Error) -> io::Result<i32> {
    struct Shared<'a> {
        child: &'a mut dyn FnMut() -> io::Error,
        failed: AtomicBool,
        errno: AtomicI32,
    }
    extern "C" fn enter(shared: *mut c_void) -> c_int {
        // SAFETY: `shared` is the `Shared` below, alive while the parent
        // waits.
        let shared = unsafe { &mut *(shared as *mut Shared) };
        let error = (shared.child)();
        shared
            .errno
            .store(error.raw_os_error().unwrap_or(0), Ordering::SeqCst);
        shared.failed.store(true, Ordering::SeqCst);
        super::exit_now(127)
    }
    // 256 KiB, 16-byte aligned: the stack grows down from its end.
    let mut stack = vec![0u128; 16 * 1024];
    let mut shared = Shared {
        child,
        failed: AtomicBool::new(false),
        errno: AtomicI32::new(0),
    };
    // SAFETY: the stack outlives the child's use of it (the parent resumes
    // only once the child has exec'd or ended), as does `shared`.
    let pid = check(unsafe {
        clone(
            enter,
            stack.as_mut_ptr_range().end as *mut c_void,
            CLONE_VM | CLONE_VFORK | SIGCHLD as c_int,
            &mut shared as *mut Shared as *mut c_void,
        )
    })?;
    if shared.failed.load(Ordering::SeqCst) {
        let _ = super::reap(pid, true);
        return Err(io::Error::from_raw_os_error(
            shared.errno.load(Ordering::SeqCst),
        ));
    }
    Ok(pid)
}
