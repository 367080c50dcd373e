//! The few Linux calls the launcher, the sandbox and the runner need,
//! declared by hand (std only, no crates), each wrapped so the rest of the
//! code stays safe.

use std::ffi::{CStr, CString};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::raw::{c_char, c_int, c_long, c_uint, c_ulong, c_void};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
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

pub const CLONE_NEWTIME: i32 = 0x0000_0080;
pub const CLONE_NEWNS: i32 = 0x0002_0000;
pub const CLONE_NEWCGROUP: i32 = 0x0200_0000;
pub const CLONE_NEWUTS: i32 = 0x0400_0000;
pub const CLONE_NEWIPC: i32 = 0x0800_0000;
pub const CLONE_NEWUSER: i32 = 0x1000_0000;
pub const CLONE_NEWPID: i32 = 0x2000_0000;
pub const CLONE_NEWNET: i32 = 0x4000_0000;

pub const MS_RDONLY: c_ulong = 1;
pub const MS_NOSUID: c_ulong = 2;
pub const MS_NODEV: c_ulong = 4;
pub const MS_NOEXEC: c_ulong = 8;
pub const MS_REMOUNT: c_ulong = 32;
pub const MS_NOATIME: c_ulong = 1024;
pub const MS_NODIRATIME: c_ulong = 2048;
pub const MS_BIND: c_ulong = 4096;
pub const MS_MOVE: c_ulong = 8192;
pub const MS_REC: c_ulong = 16384;
pub const MS_PRIVATE: c_ulong = 1 << 18;
pub const MS_RELATIME: c_ulong = 1 << 21;
pub const MS_STRICTATIME: c_ulong = 1 << 24;

// statvfs's f_flag bits, which differ from the MS_ ones past MS_NOEXEC.
const ST_NOATIME: c_ulong = 1024;
const ST_NODIRATIME: c_ulong = 2048;
const ST_RELATIME: c_ulong = 4096;

/// Opens a path without opening what it names: a handle for a bind mount.
pub const O_PATH: i32 = 0o1000_0000;

pub const RLIMIT_FSIZE: i32 = 1;
pub const RLIMIT_STACK: i32 = 3;
pub const RLIMIT_CORE: i32 = 4;
pub const RLIMIT_NPROC: i32 = 6;

const PR_CAPBSET_DROP: i32 = 24;
const PR_SET_SECUREBITS: i32 = 28;
const PR_SET_NO_NEW_PRIVS: i32 = 38;
const PR_CAP_AMBIENT: i32 = 47;
const PR_CAP_AMBIENT_CLEAR_ALL: c_long = 4;
/// Every securebit and its lock, but keep-caps: an exec as uid 0 grants no
/// capability, and nothing can undo that.
const SECUREBITS_LOCKED_NOROOT: c_long = 0xef;
const LINUX_CAPABILITY_VERSION_3: u32 = 0x2008_0522;

pub const POLLIN: i16 = 0x1;
pub const POLLOUT: i16 = 0x4;

#[repr(C)]
pub struct PollFd {
    pub fd: RawFd,
    pub events: i16,
    pub revents: i16,
}

/// `struct statvfs` on a 64-bit Linux: eleven longs (`f_flag` is the tenth),
/// then six ints.
#[repr(C)]
struct StatVfs {
    words: [c_ulong; 11],
    spare: [c_int; 6],
}

#[repr(C)]
struct Rlimit {
    current: u64,
    max: u64,
}

#[repr(C)]
struct CapHeader {
    version: u32,
    pid: i32,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct CapData {
    effective: u32,
    permitted: u32,
    inheritable: u32,
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
    fn unshare(flags: i32) -> i32;
    fn setns(fd: i32, nstype: i32) -> i32;
    fn mount(
        source: *const c_char,
        target: *const c_char,
        fstype: *const c_char,
        flags: c_ulong,
        data: *const c_void,
    ) -> i32;
    fn statvfs(path: *const c_char, buf: *mut StatVfs) -> i32;
    fn setrlimit(resource: i32, limit: *const Rlimit) -> i32;
    fn capset(header: *mut CapHeader, data: *const CapData) -> i32;
    fn setsid() -> i32;
    fn getuid() -> u32;
    fn getgid() -> u32;
    fn setgroups(size: usize, list: *const u32) -> i32;
    fn setresuid(real: u32, effective: u32, saved: u32) -> i32;
    fn setresgid(real: u32, effective: u32, saved: u32) -> i32;
    fn lchown(path: *const c_char, uid: u32, gid: u32) -> i32;
    fn flock(fd: i32, operation: i32) -> i32;
    fn chroot(path: *const c_char) -> i32;
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

/// `pidfd_open(2)`'s, `close_range(2)`'s and `mount_setattr(2)`'s numbers,
/// the same on x86-64 and on arm64.
const SYS_PIDFD_OPEN: c_long = 434;
const SYS_CLOSE_RANGE: c_long = 436;
const SYS_MOUNT_SETATTR: c_long = 442;
const CLOSE_RANGE_CLOEXEC: c_uint = 4;
const LOCK_EX: i32 = 2;
const LOCK_NB: i32 = 4;
const SIG_SETMASK: i32 = 2;
const PR_SET_SECCOMP: i32 = 22;
const SECCOMP_MODE_FILTER: c_long = 2;

/// `sigset_t`: 1024 bits.
#[repr(C)]
struct SigSet {
    words: [c_ulong; 16],
}

/// One classic BPF instruction (`struct sock_filter`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Filter {
    pub code: u16,
    pub jt: u8,
    pub jf: u8,
    pub k: u32,
}

/// `struct sock_fprog`.
#[repr(C)]
struct FilterProgram {
    len: u16,
    filter: *const Filter,
}
const AT_FDCWD: c_int = -100;
const MOUNT_ATTR_RDONLY: u64 = 1;

#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clear: u64,
    // `__u64`: an unsigned long on the 64-bit Linux this runs on.
    propagation: c_ulong,
    userns_fd: u64,
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

fn c_path(path: &Path) -> io::Result<CString> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a path holds a NUL byte"))
}

/// Moves this process into new namespaces (`CLONE_NEW*` flags).
pub fn unshare_namespaces(flags: i32) -> io::Result<()> {
    // SAFETY: unshare takes flags only.
    check(unsafe { unshare(flags) }).map(drop)
}

/// Moves this process into the namespace `fd` names.
pub fn join_namespace(fd: RawFd, nstype: i32) -> io::Result<()> {
    // SAFETY: setns takes a descriptor and flags.
    check(unsafe { setns(fd, nstype) }).map(drop)
}

/// `mount(2)`; `None` for an absent source, type or data.
pub fn mount_at(
    source: Option<&Path>,
    target: &Path,
    fstype: Option<&str>,
    flags: c_ulong,
    data: Option<&str>,
) -> io::Result<()> {
    let text =
        |text: &str| CString::new(text).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e));
    let source = source.map(c_path).transpose()?;
    let target = c_path(target)?;
    let fstype = fstype.map(text).transpose()?;
    let data = data.map(text).transpose()?;
    let pointer = |text: &Option<CString>| text.as_deref().map_or(std::ptr::null(), CStr::as_ptr);
    // SAFETY: every pointer is null or a NUL-terminated string that outlives the call.
    check(unsafe {
        mount(
            pointer(&source),
            target.as_ptr(),
            pointer(&fstype),
            flags,
            pointer(&data).cast(),
        )
    })
    .map(drop)
}

/// Makes the mount at `path` read-only, it alone (`mount_setattr`, Linux
/// 5.12; before it, a remount that keeps the flags a user namespace locks).
pub fn set_read_only(path: &Path) -> io::Result<()> {
    let attr = MountAttr {
        attr_set: MOUNT_ATTR_RDONLY,
        attr_clear: 0,
        propagation: 0,
        userns_fd: 0,
    };
    let c = c_path(path)?;
    // SAFETY: the path is NUL-terminated and attr a live struct of the size passed.
    let result = unsafe {
        syscall(
            SYS_MOUNT_SETATTR,
            AT_FDCWD as c_long,
            c.as_ptr(),
            0 as c_long,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>() as c_long,
        )
    };
    if result == 0 {
        return Ok(());
    }
    let flags = mount_flags(path)?;
    mount_at(
        None,
        path,
        None,
        MS_REMOUNT | MS_BIND | MS_RDONLY | flags,
        None,
    )
}

/// The `MS_` flags a remount of the mount at `path` must keep (an
/// unprivileged remount may add restrictions, never drop them).
pub fn mount_flags(path: &Path) -> io::Result<c_ulong> {
    let path = c_path(path)?;
    let mut buf = StatVfs {
        words: [0; 11],
        spare: [0; 6],
    };
    // SAFETY: path is NUL-terminated; buf is a live, properly laid-out struct.
    check(unsafe { statvfs(path.as_ptr(), &mut buf) })?;
    let flag = buf.words[9];
    let kept = flag & (MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC);
    let atime = if flag & ST_NOATIME != 0 {
        MS_NOATIME
    } else if flag & ST_RELATIME != 0 {
        MS_RELATIME
    } else {
        MS_STRICTATIME
    };
    let dir_atime = if flag & ST_NODIRATIME != 0 {
        MS_NODIRATIME
    } else {
        0
    };
    Ok(kept | atime | dir_atime)
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

/// Gives up every capability for good: none now, none from any exec (also
/// as uid 0, locked), none to gain from a setuid program; with `user`, as
/// that uid and gid and no supplementary group.
pub fn drop_privileges(user: Option<(u32, u32)>) -> io::Result<()> {
    // SAFETY: prctl with integer arguments only.
    check(unsafe { prctl(PR_SET_SECUREBITS, SECUREBITS_LOCKED_NOROOT, 0, 0, 0) })?;
    for cap in 0..64 {
        // SAFETY: as above; past the last capability it fails with EINVAL.
        if unsafe { prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) } < 0 {
            break;
        }
    }
    // SAFETY: as above.
    check(unsafe { prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) })?;
    if let Some((uid, gid)) = user {
        become_user(uid, gid)?;
    }
    let mut header = CapHeader {
        version: LINUX_CAPABILITY_VERSION_3,
        pid: 0,
    };
    let none = [CapData {
        effective: 0,
        permitted: 0,
        inheritable: 0,
    }; 2];
    // SAFETY: header and data are live structs of the layout version 3 wants.
    check(unsafe { capset(&mut header, none.as_ptr()) })?;
    // SAFETY: prctl with integer arguments only.
    check(unsafe { prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) }).map(drop)
}

/// A session and process group of its own: a signal to "my group" then
/// reaches only what the program started.
pub fn new_session() -> io::Result<()> {
    // SAFETY: setsid takes nothing.
    check(unsafe { setsid() }).map(drop)
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

/// Drops every supplementary group and becomes `uid`:`gid` for good (real,
/// effective and saved ids alike). Needs CAP_SETUID and CAP_SETGID.
pub fn become_user(uid: u32, gid: u32) -> io::Result<()> {
    // SAFETY: an empty list; setres*id take integers.
    check(unsafe { setgroups(0, std::ptr::null()) })?;
    check(unsafe { setresgid(gid, gid, gid) })?;
    check(unsafe { setresuid(uid, uid, uid) }).map(drop)
}

/// Gives `path` (not what a symlink there names) to `uid`:`gid`.
pub fn chown_link(path: &Path, uid: u32, gid: u32) -> io::Result<()> {
    let path = c_path(path)?;
    // SAFETY: path is NUL-terminated.
    check(unsafe { lchown(path.as_ptr(), uid, gid) }).map(drop)
}

/// Takes the exclusive lock of `fd` if nobody holds it: `false` if taken.
pub fn try_lock(fd: RawFd) -> io::Result<bool> {
    // SAFETY: flock on a descriptor number.
    match check(unsafe { flock(fd, LOCK_EX | LOCK_NB) }) {
        Ok(_) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::WouldBlock => Ok(false),
        Err(e) => Err(e),
    }
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

/// Installs `filter` as this thread's seccomp filter, inherited by every
/// process it starts; sets `no_new_privs`, which an unprivileged filter needs.
pub fn install_filter(filter: &[Filter]) -> io::Result<()> {
    // SAFETY: prctl with integer arguments only.
    check(unsafe { prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) })?;
    let program = FilterProgram {
        len: filter.len() as u16,
        filter: filter.as_ptr(),
    };
    // SAFETY: program points at a live array of its length.
    check(unsafe {
        prctl(
            PR_SET_SECCOMP,
            SECCOMP_MODE_FILTER,
            &program as *const FilterProgram as c_long,
            0,
            0,
        )
    })
    .map(drop)
}

/// Makes the current directory (a mount point) the root: moved over the
/// old one and made the root by `chroot`, as `switch_root` does (the old
/// root may be the initial ramfs, which `pivot_root` cannot leave; and
/// detaching it would wait a grace period each run). The old mounts stay
/// below, out of reach of a process with no capability and no `chroot`.
pub fn move_root_here() -> io::Result<()> {
    mount_at(Some(Path::new(".")), Path::new("/"), None, MS_MOVE, None)?;
    // SAFETY: "." is a NUL-terminated literal.
    check(unsafe { chroot(b".\0".as_ptr().cast::<c_char>()) }).map(drop)
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
