//! The Linux calls the kernel box needs: the core's
//! (`judge_core::process::sys`), and beyond them those of namespaces,
//! mounts, capabilities and seccomp, declared by hand (std only, no
//! crates), each wrapped so the rest of the box stays safe.

pub use judge_core::process::sys::*;
use std::ffi::{CStr, CString};
use std::io;
use std::os::fd::RawFd;
use std::os::raw::{c_char, c_int, c_long, c_ulong, c_void};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

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

/// `struct statvfs` on a 64-bit Linux: eleven longs (`f_flag` is the tenth),
/// then six ints.
#[repr(C)]
struct StatVfs {
    words: [c_ulong; 11],
    spare: [c_int; 6],
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
/// `mount_setattr(2)`'s number, the same on x86-64 and on arm64.
const SYS_MOUNT_SETATTR: c_long = 442;
const LOCK_EX: i32 = 2;
const LOCK_NB: i32 = 4;
const PR_SET_SECCOMP: i32 = 22;
const SECCOMP_MODE_FILTER: c_long = 2;

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

/// A cgroup namespace rooted at the cgroup this process is in, where the
/// kernel makes one: its `/proc/self/cgroup` shows `/`, not the machine's
/// path to it. Where it makes none (before Linux 4.6, or
/// `user.max_cgroup_namespaces` at 0) the path shows, and the run goes on:
/// the path is no way out. Async-signal-safe.
pub fn hide_cgroup_path() {
    // SAFETY: unshare takes flags.
    unsafe { unshare(CLONE_NEWCGROUP) };
}

/// Gives up every capability for good: none now, none from any exec (also
/// as uid 0, locked), none to gain from a setuid program; with `user`, as
/// that uid and gid and no supplementary group.
pub fn drop_privileges(user: Option<(u32, u32)>) -> io::Result<()> {
    bound_privileges()?;
    drop_bounded_privileges(user)
}

/// Bounds what any exec of this process or its children may grant, for
/// good: nothing (also as uid 0, locked). What the caller holds it keeps.
pub fn bound_privileges() -> io::Result<()> {
    // SAFETY: prctl with integer arguments only.
    check(unsafe { prctl(PR_SET_SECUREBITS, SECUREBITS_LOCKED_NOROOT, 0, 0, 0) })?;
    for cap in 0..64 {
        // SAFETY: as above; past the last capability it fails with EINVAL.
        if unsafe { prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) } < 0 {
            break;
        }
    }
    // SAFETY: as above.
    check(unsafe { prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) }).map(drop)
}

/// `drop_privileges` in a process whose privileges are bounded already
/// (`bound_privileges`, here or before the fork).
pub fn drop_bounded_privileges(user: Option<(u32, u32)>) -> io::Result<()> {
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

const SIGCHLD: c_int = 17;
const SYS_CLONE3: c_long = 435;
const CLONE_INTO_CGROUP: u64 = 0x2_0000_0000;

/// `clone3`'s arguments, as of Linux 5.7.
#[repr(C)]
#[derive(Default)]
struct CloneArgs {
    flags: u64,
    pidfd: u64,
    child_tid: u64,
    parent_tid: u64,
    exit_signal: u64,
    stack: u64,
    stack_size: u64,
    tls: u64,
    set_tid: u64,
    set_tid_size: u64,
    cgroup: u64,
}

/// Forks this process with the child born in the v2 cgroup whose folder
/// `cgroup` holds open (`CLONE_INTO_CGROUP`, Linux 5.7), with the caller's
/// right to move a process there: nothing moves, so nothing waits for the
/// kernel's global lock, as a write to `cgroup.procs` does. As `fork`, the
/// child gets 0.
///
/// # Safety
/// As `fork`: from a single-threaded process.
pub unsafe fn fork_into(cgroup: RawFd) -> io::Result<i32> {
    let args = CloneArgs {
        flags: CLONE_INTO_CGROUP,
        exit_signal: SIGCHLD as u64,
        cgroup: cgroup as u64,
        ..CloneArgs::default()
    };
    let size = std::mem::size_of::<CloneArgs>();
    check(syscall(SYS_CLONE3, &args as *const CloneArgs, size) as c_int)
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

fn c_path(path: &Path) -> io::Result<CString> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a path holds a NUL byte"))
}

extern "C" {
    fn prctl(option: i32, arg2: c_long, arg3: c_long, arg4: c_long, arg5: c_long) -> i32;
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
    fn capset(header: *mut CapHeader, data: *const CapData) -> i32;
    fn setsid() -> i32;
    fn setgroups(size: usize, list: *const u32) -> i32;
    fn setresuid(real: u32, effective: u32, saved: u32) -> i32;
    fn setresgid(real: u32, effective: u32, saved: u32) -> i32;
    fn lchown(path: *const c_char, uid: u32, gid: u32) -> i32;
    fn flock(fd: i32, operation: i32) -> i32;
    fn chroot(path: *const c_char) -> i32;
    fn syscall(number: c_long, ...) -> c_long;
}
