//! The sandbox: every program runs in a box of its own, as isolate runs
//! one: its own uid, namespaces, a view of the files built from a list, a
//! seccomp filter and a cgroup, so nothing it starts outlives its run, every
//! process and page it uses is counted, and it can neither read the stored
//! answers nor change its own limits. The kernel confines; the launcher only
//! reports.
//!
//! - Its own uid: as root, a uid and gid of `JUDGE_BOX_UIDS` no other run
//!   has at the same time, no supplementary group, no capability; as an
//!   ordinary user, the user's own uid in a user namespace (never 0 there).
//! - A PID namespace whose init is the launcher's child and the program its
//!   only child: when the program ends, the kernel kills everything it
//!   started; the launcher is outside, so it can be neither named nor
//!   signalled.
//! - A mount namespace whose root is built from a list (`view`); network
//!   (a loopback, down), IPC and UTS namespaces of its own.
//! - A seccomp filter (`seccomp`): no namespace, mount or key made from
//!   inside.
//! - A cgroup (v1 `memory`, `pids`, `cpuacct` where those are mounted, as on
//!   this project's machines; else v2) with the memory and process limits:
//!   memory as the kernel charges it (memfd, shm and written files count,
//!   shared pages once), CPU time of every process, the whole cgroup killed.
//!   Its files are root's (or out of sight): the program cannot write them.
//!
//! What the machine allows is found once per runner (`KERNEL_BOX`), by a
//! zygote that makes the network namespace and runs `true` in the sandbox
//! (the probe), and then goes on as the zygote of the thread that looked;
//! where the machine allows nothing, the core launcher's process-tree watch
//! is the fallback, and every command says which is in force in its first
//! line. `judge sandbox` explains what is missing.
//!
//! The core knows the box only as its `Confinement`; the `judge` binary
//! installs `KERNEL_BOX`.
#![cfg(target_os = "linux")]

pub mod launch;
mod seccomp;
mod steps;
mod sys;
mod view;

use judge_core::process::confine;
use judge_core::process::launch::{self as core_launch, Spec};
use judge_core::process::run as core_run;
use judge_core::process::sight;
use launch::BoxSpec;
use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io;
use std::io::Write;
use std::os::fd::{AsRawFd, RawFd};
use std::os::fd::{IntoRawFd, OwnedFd};
use std::os::unix::fs::{FileExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process;
use std::sync::OnceLock;
use std::thread;
use std::time::{Duration, Instant};
use sys::*;

/// How the namespaces are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Namespaces {
    /// By root, directly.
    AsRoot,
    /// By an ordinary user, inside a user namespace of the launcher's.
    InUserNamespace,
}

/// Where each run's cgroup is made: in the runner's own cgroup of each
/// hierarchy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CgroupBase {
    V1 {
        memory: PathBuf,
        pids: PathBuf,
        cpuacct: PathBuf,
    },
    V2(PathBuf),
}

/// What this machine lets the runner confine programs with.
#[derive(Clone, Debug)]
pub struct Allowed {
    pub namespaces: Option<Namespaces>,
    pub cgroup: Option<CgroupBase>,
    /// An empty network namespace every run joins, held open by the runner:
    /// making one per run would cost more than half a millisecond.
    pub network: Option<Network>,
    /// As root in namespaces: the uids of the boxes.
    pub boxes: Option<(u32, u32)>,
    /// Whether the seccomp filter is installed before every exec.
    pub filter: bool,
    /// What is missing, and why; empty when nothing is.
    pub missing: Vec<String>,
}

/// The empty network namespace the probe made, which every launcher joins
/// before it makes the run's namespaces. As an ordinary user, with the user
/// namespace that owns it: a launcher enters that one first, where it has
/// the capability to join the network (the user made it), and makes the
/// run's user namespace inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Network {
    pub namespace: RawFd,
    pub owner: Option<RawFd>,
}

impl Network {
    /// Makes an empty network namespace for the calling process (the
    /// probe's zygote) and opens it; as an ordinary user, inside a user
    /// namespace made first, which the user owns.
    fn make(namespaces: Namespaces) -> io::Result<Network> {
        let owner = match namespaces {
            Namespaces::AsRoot => None,
            Namespaces::InUserNamespace => {
                map_user_namespace()?;
                Some(open_namespace("self", "user")?)
            }
        };
        sys::unshare_namespaces(CLONE_NEWNET)?;
        Ok(Network {
            namespace: open_namespace("self", "net")?,
            owner,
        })
    }

    /// Moves the calling process into the network namespace; the
    /// descriptors are not passed on to a program.
    fn join(self) -> io::Result<()> {
        self.enter_owner()?;
        sys::join_namespace(self.namespace, CLONE_NEWNET)?;
        sys::set_inherited(self.namespace, false)
    }

    /// Enters the user namespace that owns it, if any, unless the calling
    /// process is there already (forked by a zygote that entered it).
    pub(crate) fn enter_owner(self) -> io::Result<()> {
        let owner = match self.owner {
            Some(owner) => owner,
            None => return Ok(()),
        };
        let inode = |path: &str| fs::metadata(path).map(|meta| meta.ino());
        if inode(&format!("/proc/self/fd/{owner}"))? != inode("/proc/self/ns/user")? {
            sys::join_namespace(owner, CLONE_NEWUSER)?;
        }
        sys::set_inherited(owner, false)
    }
}

/// Whether this kernel filters calls with seccomp, for this architecture.
pub fn filter_available() -> Result<(), String> {
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    if !status.lines().any(|line| line.starts_with("Seccomp:")) {
        return Err("no seccomp filter: the kernel has no seccomp".into());
    }
    seccomp::filter()
        .map(drop)
        .ok_or_else(|| "no seccomp filter: none written for this architecture".into())
}

impl Allowed {
    /// One line: the uid, the view, the filter, the namespaces and the
    /// cgroup in force, or what the fallback is and why.
    pub fn describe(&self) -> String {
        let cgroup = match &self.cgroup {
            Some(CgroupBase::V1 { .. }) => "cgroup v1 (memory, pids, cpuacct)",
            Some(CgroupBase::V2(_)) => "cgroup v2 (memory, pids, cpu)",
            None => "no cgroup",
        };
        let filter = if self.filter {
            "seccomp filter"
        } else {
            "no seccomp filter"
        };
        let (uid, _) = sys::ids();
        let who = match (self.namespaces, self.boxes) {
            (Some(_), Some((first, last))) => format!("uid {first}-{last} (a box per run)"),
            (Some(_), None) => format!("uid {uid} in a user namespace"),
            (None, _) => format!("uid {uid}"),
        };
        match (&self.namespaces, &self.cgroup) {
            (None, None) => format!(
                "none available ({}): process group only, {filter}",
                self.missing.first().map_or("", String::as_str)
            ),
            (None, Some(_)) => format!("{who}, no namespaces, {filter}, {cgroup}"),
            (Some(_), _) => format!(
                "{who}, a view of {} folders, {filter}, pid+mount+net+ipc+uts namespaces, {cgroup}",
                sight::system().len()
            ),
        }
    }

    /// Whether anything is missing; `judge sandbox` says what.
    pub fn complete(&self) -> bool {
        self.namespaces.is_some() && self.cgroup.is_some() && self.filter
    }
}

// ---- The cgroups ----

/// The runner's own cgroup of each hierarchy it needs, if it can make
/// cgroups there: v1 where `memory` is mounted as one, else v2.
pub fn cgroup_base() -> Result<CgroupBase, String> {
    let mountinfo = fs::read_to_string("/proc/self/mountinfo")
        .map_err(|e| format!("no cgroup: cannot read /proc/self/mountinfo: {e}"))?;
    let own = fs::read_to_string("/proc/self/cgroup")
        .map_err(|e| format!("no cgroup: cannot read /proc/self/cgroup: {e}"))?;
    let mounts = cgroup_mounts(&mountinfo);
    let joined = |controller: &str| -> Option<PathBuf> {
        let (mount, _) = mounts
            .iter()
            .find(|(_, options)| options.split(',').any(|o| o == controller))?;
        let path = own.lines().find_map(|line| {
            let mut fields = line.splitn(3, ':');
            let (_, names, path) = (fields.next()?, fields.next()?, fields.next()?);
            names.split(',').any(|n| n == controller).then_some(path)
        })?;
        Some(mount.join(path.trim_start_matches('/')))
    };
    if let Some(memory) = joined("memory") {
        let base = CgroupBase::V1 {
            memory,
            pids: joined("pids").ok_or("no cgroup: v1 has memory but no pids hierarchy")?,
            cpuacct: joined("cpuacct")
                .ok_or("no cgroup: v1 has memory but no cpuacct hierarchy")?,
        };
        return try_base(base);
    }
    let (mount, _) = mounts
        .iter()
        .find(|(_, options)| options == "cgroup2")
        .ok_or("no cgroup: neither v1 memory nor v2 is mounted")?;
    let path = own
        .lines()
        .find_map(|line| line.strip_prefix("0::"))
        .ok_or("no cgroup: this process is in no v2 cgroup")?;
    let own = mount.join(path.trim_start_matches('/'));
    // A runner started from the leaf an earlier one made makes its runs
    // beside that leaf, not one deeper.
    let base = match own.parent() {
        Some(parent) if own.ends_with(LEAF) && enabled(parent) => parent.to_path_buf(),
        _ => own,
    };
    delegate(&base)?;
    try_base(CgroupBase::V2(base))
}

/// The cgroup mounts: (mount point, `cgroup2` or the v1 super options).
fn cgroup_mounts(mountinfo: &str) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    for line in mountinfo.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        let dash = match fields.iter().position(|f| *f == "-") {
            Some(dash) => dash,
            None => continue,
        };
        let (mount, fstype) = (fields.get(4), fields.get(dash + 1));
        let options = fields.get(dash + 3).copied().unwrap_or("");
        match (mount, fstype) {
            (Some(mount), Some(&"cgroup2")) => {
                found.push((PathBuf::from(unescape(mount)), "cgroup2".to_string()))
            }
            (Some(mount), Some(&"cgroup")) => {
                found.push((PathBuf::from(unescape(mount)), options.to_string()))
            }
            _ => {}
        }
    }
    found
}

/// A v2 cgroup holding processes cannot hand controllers to children, so
/// the processes of the runner's cgroup move to a leaf of it first (in a
/// cgroup delegated to this user, such as `systemd-run --user --scope -p
/// Delegate=yes` makes); then memory and pids are enabled below it.
fn delegate(base: &Path) -> Result<(), String> {
    let available = fs::read_to_string(base.join("cgroup.controllers")).unwrap_or_default();
    for needed in ["memory", "pids"] {
        if !available.split_whitespace().any(|c| c == needed) {
            return Err(format!(
                "no cgroup: v2 offers no {needed} controller in {} (not delegated)",
                base.display()
            ));
        }
    }
    if enabled(base) {
        return Ok(());
    }
    let leaf = base.join(LEAF);
    let cannot =
        |what: &str, e: io::Error| format!("no cgroup: cannot {what} in {}: {e}", base.display());
    match fs::create_dir(&leaf) {
        Err(e) if e.kind() != io::ErrorKind::AlreadyExists => return Err(cannot("make a leaf", e)),
        _ => {}
    }
    let procs = fs::read_to_string(base.join("cgroup.procs")).map_err(|e| cannot("list", e))?;
    for pid in procs.split_whitespace() {
        // A process that ended meanwhile is no matter.
        let _ = fs::write(leaf.join("cgroup.procs"), pid);
    }
    fs::write(base.join("cgroup.subtree_control"), "+memory +pids")
        .map_err(|e| cannot("enable memory and pids", e))
}

/// The leaf a v2 cgroup's processes move to, so that runs can be its siblings.
const LEAF: &str = "judge-runner";

/// Whether memory and pids are enabled for the children of `dir`.
fn enabled(dir: &Path) -> bool {
    let enabled = fs::read_to_string(dir.join("cgroup.subtree_control")).unwrap_or_default();
    ["memory", "pids"]
        .iter()
        .all(|c| enabled.split_whitespace().any(|e| e == *c))
}

/// A base is usable when a cgroup can be made, limited and removed there.
fn try_base(base: CgroupBase) -> Result<CgroupBase, String> {
    let name = format!("judge-probe-{}", process::id());
    let cgroup = Cgroup::create(&base, &name).map_err(|e| format!("no cgroup: {e}"))?;
    let limited = cgroup.limit(Some(1 << 20), Some(8));
    cgroup.remove();
    limited.map_err(|e| format!("no cgroup: {e}"))?;
    remove_stale(&base);
    Ok(base)
}

/// Removes the cgroups a launcher killed at once (`kill -9`) left behind:
/// `judge-<pid>` of a process that no longer runs. One still holding
/// processes is not removed: the kernel refuses.
fn remove_stale(base: &CgroupBase) {
    let dirs = match base {
        CgroupBase::V1 {
            memory,
            pids,
            cpuacct,
        } => vec![memory, pids, cpuacct],
        CgroupBase::V2(dir) => vec![dir],
    };
    for dir in dirs {
        for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
            let name = entry.file_name();
            let pid = name.to_str().and_then(|name| {
                let pid = name.strip_prefix("judge-")?;
                pid.strip_prefix("probe-")
                    .unwrap_or(pid)
                    .parse::<u32>()
                    .ok()
            });
            if pid.is_some_and(|pid| !Path::new("/proc").join(pid.to_string()).exists()) {
                let _ = fs::remove_dir(entry.path());
            }
        }
    }
}

/// One run's cgroup: its folder in each hierarchy, and the files its
/// limits are written to and its figures read from, opened as it is made:
/// a run's start and end look up no path.
#[derive(Debug)]
pub struct Cgroup {
    dirs: CgroupBase,
    files: Files,
}

/// A cgroup's files, each `None` where the kernel keeps no such file
/// (swap's limit without swap accounting; v2's `memory.peak` before Linux
/// 5.19).
#[derive(Debug)]
struct Files {
    memory_limit: Option<File>,
    swap_limit: Option<File>,
    process_limit: Option<File>,
    cpu: Option<File>,
    memory: Option<File>,
    peak: Option<File>,
    oom: Option<File>,
    forks: Option<File>,
    count: Option<File>,
}

/// The paths of a cgroup's files that `Files` holds, in its order.
fn paths(dirs: &CgroupBase) -> [PathBuf; 9] {
    let (memory, pids, cpu, names) = match dirs {
        CgroupBase::V1 {
            memory,
            pids,
            cpuacct,
        } => (
            memory,
            pids,
            cpuacct.join("cpuacct.usage"),
            [
                "memory.limit_in_bytes",
                "memory.memsw.limit_in_bytes",
                "memory.usage_in_bytes",
                "memory.max_usage_in_bytes",
                "memory.oom_control",
            ],
        ),
        CgroupBase::V2(dir) => (
            dir,
            dir,
            dir.join("cpu.stat"),
            [
                "memory.max",
                "memory.swap.max",
                "memory.current",
                "memory.peak",
                "memory.events",
            ],
        ),
    };
    let [limit, swap, usage, peak, events] = names.map(|name| memory.join(name));
    [
        limit,
        swap,
        pids.join("pids.max"),
        cpu,
        usage,
        peak,
        events,
        pids.join("pids.events"),
        pids.join("pids.current"),
    ]
}

impl Files {
    fn of(dirs: &CgroupBase) -> Files {
        let [memory_limit, swap_limit, process_limit, cpu, memory, peak, oom, forks, count] =
            paths(dirs);
        let open = |path: PathBuf, write: bool| {
            let mut options = OpenOptions::new();
            options.read(!write).write(write).open(path).ok()
        };
        Files {
            memory_limit: open(memory_limit, true),
            swap_limit: open(swap_limit, true),
            process_limit: open(process_limit, true),
            cpu: open(cpu, false),
            memory: open(memory, false),
            peak: open(peak, false),
            oom: open(oom, false),
            forks: open(forks, false),
            count: open(count, false),
        }
    }
}

/// What `file` holds now, read from its start; empty where there is none.
fn now(file: &Option<File>) -> String {
    let mut text = Vec::new();
    if let Some(file) = file {
        let mut chunk = [0u8; 512];
        while let Ok(read @ 1..) = file.read_at(&mut chunk, text.len() as u64) {
            text.extend_from_slice(&chunk[..read]);
        }
    }
    String::from_utf8_lossy(&text).into_owned()
}

/// The number `file` holds now.
fn number(file: &Option<File>) -> Option<u64> {
    now(file).trim().parse().ok()
}

/// The value of `key` in a flat keyed file (`oom_kill 3`).
fn keyed(file: &Option<File>, key: &str) -> u64 {
    now(file)
        .lines()
        .find_map(|line| {
            let (name, value) = line.split_once(' ')?;
            (name == key).then(|| value.trim().parse().ok())?
        })
        .unwrap_or(0)
}

impl Cgroup {
    /// Makes cgroup `name` under `base`, with no limits yet (`limit`).
    pub fn create(base: &CgroupBase, name: &str) -> io::Result<Cgroup> {
        let make = |dir: &Path| {
            let path = dir.join(name);
            fs::create_dir(&path).map(|()| path.clone()).map_err(|e| {
                io::Error::new(e.kind(), format!("cannot make {}: {e}", path.display()))
            })
        };
        let dirs = match base {
            CgroupBase::V1 {
                memory,
                pids,
                cpuacct,
            } => CgroupBase::V1 {
                memory: make(memory)?,
                pids: make(pids)?,
                cpuacct: make(cpuacct)?,
            },
            CgroupBase::V2(dir) => CgroupBase::V2(make(dir)?),
        };
        Ok(Cgroup {
            files: Files::of(&dirs),
            dirs,
        })
    }

    /// Sets the run's limits: its memory (swap included, where the kernel
    /// accounts it) and its processes and threads at once.
    pub fn limit(&self, memory_kib: Option<u64>, processes: Option<u32>) -> io::Result<()> {
        let [memory, swap, pids, ..] = paths(&self.dirs);
        let write = |file: &Option<File>, path: PathBuf, value: &str| {
            let written = match file {
                Some(file) => file.write_at(value.as_bytes(), 0).map(drop),
                None => Err(io::ErrorKind::NotFound.into()),
            };
            written.map_err(|e| {
                io::Error::new(e.kind(), format!("cannot set {}: {e}", path.display()))
            })
        };
        if let Some(kib) = memory_kib {
            let bytes = (kib * 1024).to_string();
            write(&self.files.memory_limit, memory, &bytes)?;
            if self.files.swap_limit.is_some() {
                let v2 = matches!(self.dirs, CgroupBase::V2(_));
                write(&self.files.swap_limit, swap, if v2 { "0" } else { &bytes })?;
            }
        }
        if let Some(count) = processes {
            write(&self.files.process_limit, pids, &count.to_string())?;
        }
        Ok(())
    }

    /// The files a single-threaded process writes `0` into to join it: on
    /// v1 each hierarchy's `tasks`, where a thread that moves itself skips
    /// the kernel's global lock and the grace period it waits for (5 to 20
    /// ms on an idle machine, through `cgroup.procs`); v2 has no such file.
    pub fn joined_through(&self) -> Vec<PathBuf> {
        match &self.dirs {
            CgroupBase::V1 {
                memory,
                pids,
                cpuacct,
            } => [memory, pids, cpuacct]
                .iter()
                .map(|dir| dir.join("tasks"))
                .collect(),
            CgroupBase::V2(dir) => vec![dir.join("cgroup.procs")],
        }
    }

    /// How the program enters it, opened now.
    pub fn entry(&self) -> io::Result<Entry> {
        let files = opened_to_join(&self.joined_through())?;
        Ok(match &self.dirs {
            CgroupBase::V1 { .. } => Entry::Tasks(files),
            CgroupBase::V2(dir) => Entry::Born {
                folder: File::open(dir).map_err(|e| cannot_join(dir, e))?,
                procs: files,
            },
        })
    }

    /// CPU time of every process that was in it.
    pub fn cpu(&self) -> Duration {
        match &self.dirs {
            CgroupBase::V1 { .. } => Duration::from_nanos(number(&self.files.cpu).unwrap_or(0)),
            CgroupBase::V2(_) => Duration::from_micros(keyed(&self.files.cpu, "usage_usec")),
        }
    }

    /// Memory charged now, in KiB.
    pub fn memory_kib(&self) -> u64 {
        number(&self.files.memory).unwrap_or(0) / 1024
    }

    /// The most memory charged at once, in KiB, where the kernel keeps it
    /// (else 0).
    pub fn peak_kib(&self) -> u64 {
        number(&self.files.peak).unwrap_or(0) / 1024
    }

    /// Whether the kernel killed a process of it for passing the memory limit.
    pub fn out_of_memory(&self) -> bool {
        keyed(&self.files.oom, "oom_kill") > 0
    }

    /// How many times a fork or a thread was refused at the process limit.
    pub fn refused_forks(&self) -> u64 {
        keyed(&self.files.forks, "max")
    }

    /// The processes in it, by the pids of this process's namespace.
    fn members(&self) -> Vec<i32> {
        let dir = match &self.dirs {
            CgroupBase::V1 { memory, .. } => memory,
            CgroupBase::V2(dir) => dir,
        };
        let text = fs::read_to_string(dir.join("cgroup.procs")).unwrap_or_default();
        text.split_whitespace()
            .filter_map(|p| p.parse().ok())
            .collect()
    }

    /// Kills every process in it, until none is left (a dying one may fork).
    pub fn kill(&self) {
        // None counted, none listed: the list costs the kernel more, and
        // nothing joins a cgroup once its program has started.
        if number(&self.files.count) == Some(0) {
            return;
        }
        if let CgroupBase::V2(dir) = &self.dirs {
            let _ = fs::write(dir.join("cgroup.kill"), "1");
        }
        let start = Instant::now();
        loop {
            let members = self.members();
            if members.is_empty() || start.elapsed() > Duration::from_secs(5) {
                return;
            }
            for pid in members {
                sys::signal(pid, SIGKILL);
            }
            thread::sleep(Duration::from_millis(1));
        }
    }

    /// Removes it; a cgroup whose last process is still being reaped is
    /// busy a moment.
    pub fn remove(&self) {
        let dirs: Vec<&PathBuf> = match &self.dirs {
            CgroupBase::V1 {
                memory,
                pids,
                cpuacct,
            } => vec![memory, pids, cpuacct],
            CgroupBase::V2(dir) => vec![dir],
        };
        for dir in dirs {
            remove_children(dir);
            for _ in 0..100 {
                match fs::remove_dir(dir) {
                    Err(e) if e.raw_os_error() == Some(16) => {
                        thread::sleep(Duration::from_millis(1))
                    }
                    _ => break,
                }
            }
        }
    }
}

/// Removes the cgroups below `dir`, deepest first: a program that could
/// make one must not leave it on the machine.
fn remove_children(dir: &Path) {
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            remove_children(&entry.path());
            let _ = fs::remove_dir(entry.path());
        }
    }
}

// ---- The boxes ----

/// The uids a run as root may have, one per run at once, as isolate's
/// boxes: `JUDGE_BOX_UIDS=<first>-<last>`, 60000-60999 unless set.
pub const BOXES_VARIABLE: &str = "JUDGE_BOX_UIDS";

pub fn box_uids() -> Result<(u32, u32), String> {
    let text = match std::env::var(BOXES_VARIABLE) {
        Ok(text) => text,
        Err(_) => return Ok((60000, 60999)),
    };
    let range = text.split_once('-').and_then(|(first, last)| {
        let (first, last) = (
            first.trim().parse::<u32>().ok()?,
            last.trim().parse::<u32>().ok()?,
        );
        (0 < first && first <= last && last < 65534).then_some((first, last))
    });
    range.ok_or_else(|| {
        format!("{BOXES_VARIABLE}={text:?}: expected <first>-<last>, uids between 1 and 65533")
    })
}

/// Where the boxes' locks are: root's alone.
const BOX_LOCKS: &str = "/run/judge-boxes";

/// A free box of `uids`: its uid (the gid too), held while the file lives.
pub fn take_box((first, last): (u32, u32)) -> io::Result<(u32, File)> {
    fs::create_dir_all(BOX_LOCKS)?;
    fs::set_permissions(BOX_LOCKS, fs::Permissions::from_mode(0o700))?;
    for uid in first..=last {
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .mode(0o600)
            .open(Path::new(BOX_LOCKS).join(uid.to_string()))?;
        if sys::try_lock(lock.as_raw_fd())? {
            return Ok((uid, lock));
        }
    }
    Err(io::Error::new(
        io::ErrorKind::Other,
        format!("every box of {first}-{last} is in use ({BOXES_VARIABLE})"),
    ))
}

/// Gives `dir` and everything in it to `uid`:`gid`, following no symlink
/// and leaving a file linked from elsewhere as it is: a box's writable
/// folders are its own during its run, the runner's again after.
pub fn give(dir: &Path, uid: u32, gid: u32) -> io::Result<()> {
    let meta = fs::symlink_metadata(dir)?;
    if meta.is_dir() {
        for entry in fs::read_dir(dir)? {
            give(&entry?.path(), uid, gid)?;
        }
    } else if meta.nlink() > 1 {
        return Ok(());
    }
    sys::chown_link(dir, uid, gid)
}

// ---- The namespaces ----

/// Run by the launcher before it starts the program: the `network` every
/// run shares, where there is one; as an ordinary user, a user namespace in
/// which it may make the others, where it is itself (a uid that is not 0, so
/// a program there never has root's power over what the namespace owns);
/// then the PID namespace, whose init its next child becomes.
pub fn enter_launcher_namespaces(
    namespaces: Namespaces,
    network: Option<Network>,
) -> io::Result<()> {
    if let Some(network) = network {
        network.join().map_err(|e| {
            io::Error::new(e.kind(), format!("cannot join the network namespace: {e}"))
        })?;
    }
    if namespaces == Namespaces::InUserNamespace {
        map_user_namespace()?;
    }
    sys::unshare_namespaces(CLONE_NEWPID)
        .map_err(|e| io::Error::new(e.kind(), format!("cannot make a PID namespace: {e}")))
}

/// Moves the calling process into a user namespace of its own, where its
/// uid and gid are what they were.
fn map_user_namespace() -> io::Result<()> {
    let (uid, gid) = sys::ids();
    let mapped = sys::unshare_namespaces(CLONE_NEWUSER)
        .and_then(|()| fs::write("/proc/self/setgroups", "deny"))
        .and_then(|()| fs::write("/proc/self/uid_map", format!("{uid} {uid} 1")))
        .and_then(|()| fs::write("/proc/self/gid_map", format!("{gid} {gid} 1")));
    mapped.map_err(|e| io::Error::new(e.kind(), format!("cannot map a user namespace: {e}")))
}

/// A descriptor of the namespace `kind` of the process `pid` (or `self`).
fn open_namespace(pid: &str, kind: &str) -> io::Result<RawFd> {
    let file = File::open(format!("/proc/{pid}/ns/{kind}"))?;
    Ok(OwnedFd::from(file).into_raw_fd())
}

/// Everything one program is confined to, set up by itself between fork and
/// exec (`enter`).
#[derive(Clone, Debug)]
pub struct Confinement {
    pub namespaces: Option<Namespaces>,
    /// Whether its launcher joined the network namespace every run shares
    /// (else it makes one of its own).
    pub shared_network: bool,
    /// What it sees of the machine (`sight::system`), in namespaces.
    pub system: Vec<PathBuf>,
    /// The run: its resource limits, and what it sees of the files besides.
    pub run: Spec,
    /// Processes and threads at once, where no cgroup counts them: in a user
    /// namespace of its own the kernel counts them there (Linux 5.14).
    pub processes: Option<u64>,
    /// As root: the box's uid and gid, which it becomes.
    pub user: Option<(u32, u32)>,
}

impl Confinement {
    /// Confines the calling process, the program-to-be, just before exec:
    /// `prepare`, `enter_view`, then in namespaces its user.
    pub fn enter(&self) -> io::Result<()> {
        let base = Confinement::prepare(self.namespaces, self.shared_network, &self.system)?;
        self.enter_view(base)?;
        match base {
            Some(_) => sys::drop_privileges(self.user),
            None => Ok(()),
        }
    }

    /// The part that needs no run, done before one is asked for: in
    /// namespaces, a session and namespaces of its own and the view's base,
    /// which shows `system`.
    pub fn prepare(
        namespaces: Option<Namespaces>,
        shared_network: bool,
        system: &[PathBuf],
    ) -> io::Result<Option<&'static view::Base>> {
        if namespaces.is_none() {
            return Ok(None);
        }
        // A signal to "its group" must not reach the launcher.
        sys::new_session()?;
        let network = if shared_network { 0 } else { CLONE_NEWNET };
        sys::unshare_namespaces(CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS | network)?;
        steps::mark("init: mount, IPC, UTS namespaces");
        let base = view::prepare(system)?;
        steps::mark("init: the view's base");
        Ok(Some(base))
    }

    /// The run's part but its user: its limits, its view completed on
    /// `base` (as `prepare` made it).
    pub fn enter_view(&self, base: Option<&view::Base>) -> io::Result<()> {
        self.run.limit_resources()?;
        if let Some(count) = self.processes {
            sys::limit_resource(RLIMIT_NPROC, count)?;
        }
        let base = match base {
            Some(base) => base,
            None => return Ok(()),
        };
        let cwd = std::env::current_dir()?;
        view::enter(&self.run.sight, base)?;
        // A shell line's working directory, where what it names is shown.
        let here = !self.run.sight.fresh_cwd && std::env::set_current_dir(&cwd).is_ok();
        if !here {
            std::env::set_current_dir("/tmp")?;
        }
        Ok(())
    }
}

/// The files `Cgroup::joined_through` names, opened to be written.
fn opened_to_join(files: &[PathBuf]) -> io::Result<Vec<File>> {
    let open = |path: &PathBuf| {
        let opened = OpenOptions::new().write(true).open(path);
        opened.map_err(|e| cannot_join(path, e))
    };
    files.iter().map(open).collect()
}

fn cannot_join(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("cannot join {}: {e}", path.display()))
}

/// How a program enters its run's cgroup as it starts, opened while the
/// cgroup is in sight: its CPU time and memory are then its own, not those
/// of the init that starts it.
pub enum Entry {
    /// v1: the `tasks` files, into which the program writes `0` before its
    /// exec (a thread moving itself skips the kernel's global lock).
    Tasks(Vec<File>),
    /// v2: the folder, where the init forks the program (`sys::fork_into`);
    /// else (a launcher with no init, Linux before 5.7) `cgroup.procs`,
    /// written as v1's `tasks` are.
    Born { folder: File, procs: Vec<File> },
}

impl Entry {
    /// The files the program-to-be writes `0` into to join, where it is
    /// not born in the cgroup: v1's `tasks`, v2's `cgroup.procs`.
    pub fn files(&self) -> &[File] {
        match self {
            Entry::Tasks(files) | Entry::Born { procs: files, .. } => files,
        }
    }
}

/// Moves the calling process, single-threaded, into the cgroup whose
/// `tasks` or `cgroup.procs` files are `files` (`Entry::files`).
/// Async-signal-safe.
pub fn join_opened(files: &[File]) -> io::Result<()> {
    for mut file in files {
        file.write_all(b"0")?;
    }
    Ok(())
}

/// A mountinfo field with its octal escapes (`\040` for a space) undone.
fn unescape(field: &str) -> String {
    let bytes = field.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let octal = bytes.get(i + 1..i + 4).and_then(|digits| {
            let text = std::str::from_utf8(digits).ok()?;
            u8::from_str_radix(text, 8).ok()
        });
        match (bytes[i], octal) {
            (b'\\', Some(byte)) => {
                out.push(byte);
                i += 4;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `judge sandbox`'s text: what is in force, what is missing and how to get it.
pub fn explain(allowed: &Allowed) -> String {
    let mut text = format!("sandbox: {}\n", allowed.describe());
    if allowed.namespaces.is_some() {
        let shown: Vec<String> = sight::system()
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        text += &format!(
            "view: {}, /dev (null, zero, full, random, urandom, shm), /proc, /tmp; \
             and the program's own file, the paths it is given and the folders it writes in\n",
            shown.join(", ")
        );
    }
    if allowed.filter {
        text += &format!("filter refuses: {}\n", seccomp::refused().join(", "));
    }
    if allowed.complete() {
        text += "every program runs as a uid of its own in its own pid, mount, IPC and UTS \
                 namespaces, an empty network namespace and its own cgroup (the root of its \
                 cgroup namespace, where the kernel makes one): nothing it starts outlives it, \
                 memory and CPU time are the kernel's figures, it sees only the view, and it \
                 cannot change its limits\n";
        return text;
    }
    for why in &allowed.missing {
        text += &format!("missing: {why}\n");
    }
    if allowed.namespaces.is_none() {
        text += "to enable namespaces: allow unprivileged user namespaces \
                 (sysctl user.max_user_namespaces=15000; on Debian kernels also \
                 kernel.unprivileged_userns_clone=1; on Ubuntu 24.04 \
                 kernel.apparmor_restrict_unprivileged_userns=0), or run as root\n";
    }
    if allowed.cgroup.is_none() {
        text += "to enable a cgroup: with cgroup v2, run in a delegated cgroup \
                 (systemd-run --user --scope -p Delegate=yes make test); with v1, run as root\n";
        text += "until then the launcher watches the process tree through /proc: memory the \
                  kernel does not show in a process's resident set (a memfd, /dev/shm) is not \
                  counted, and pages shared after a fork count twice\n";
    }
    if allowed.namespaces.is_none() {
        text += "without namespaces a program that escapes its process group outlives its \
                  run, and it sees and may write every file the user may\n";
    }
    text
}

// ---- The box, as the core sees it ----

/// The kernel box: what the machine allows, found on first use.
pub static KERNEL_BOX: KernelBox = KernelBox(OnceLock::new());

pub struct KernelBox(OnceLock<Allowed>);

impl KernelBox {
    pub fn allowed(&self) -> &Allowed {
        self.0.get_or_init(detect)
    }

    fn spec(&self) -> BoxSpec {
        let allowed = self.allowed();
        BoxSpec {
            namespaces: allowed.namespaces,
            cgroup: allowed.cgroup.clone(),
            boxes: allowed.boxes,
            filter: allowed.filter,
            network: allowed.network,
            probe: false,
            system: match allowed.namespaces {
                Some(_) => sight::system().to_vec(),
                None => Vec::new(),
            },
        }
    }
}

impl confine::Confinement for KernelBox {
    fn describe(&self) -> String {
        self.allowed().describe()
    }

    fn explain(&self) -> String {
        explain(self.allowed())
    }

    fn launcher_args(&self) -> (Vec<OsString>, Vec<RawFd>) {
        let spec = self.spec();
        let network = spec.network.map(|n| (n.owner, n.namespace));
        let inherited = network.map_or(Vec::new(), |(owner, net)| {
            owner.into_iter().chain([net]).collect()
        });
        (spec.args(), inherited)
    }

    fn prepare_zygote(&self, args: &[String]) -> io::Result<Vec<String>> {
        let mut boxed = BoxSpec::parse(args).map_err(core_launch::io_error)?;
        launch::prepare_zygote(&mut boxed)?;
        let args = boxed.args().into_iter().map(OsString::into_string);
        args.collect::<Result<_, _>>()
            .map_err(|_| core_launch::io_error("a box argument is not UTF-8".into()))
    }

    fn serve(&self, args: &[String], channel: &mut UnixStream) -> io::Result<()> {
        match BoxSpec::parse(args) {
            Ok(boxed) => launch::serve(&boxed, channel),
            Err(why) => core_launch::say(channel, Err(core_launch::io_error(why))),
        }
    }
}

/// What this machine allows: the filter, a cgroup, and the namespaces, as
/// the probe finds them.
fn detect() -> Allowed {
    let (uid, _) = sys::ids();
    let namespaces = if uid == 0 {
        Namespaces::AsRoot
    } else {
        Namespaces::InUserNamespace
    };
    let mut missing = Vec::new();
    let filter = match filter_available() {
        Ok(()) => true,
        Err(why) => {
            missing.push(why);
            false
        }
    };
    let cgroup = match cgroup_base() {
        Ok(base) => Some(base),
        Err(why) => {
            missing.push(why);
            None
        }
    };
    let boxes = match namespaces {
        Namespaces::AsRoot => box_uids().map(Some),
        Namespaces::InUserNamespace => Ok(None),
    };
    let probed = boxes.and_then(|boxes| {
        let spec = BoxSpec {
            namespaces: Some(namespaces),
            cgroup: cgroup.clone(),
            boxes,
            filter,
            system: sight::system().to_vec(),
            network: None,
            probe: true,
        };
        Ok((boxes, probe(&spec)?))
    });
    let (namespaces, boxes, network) = match probed {
        Ok((boxes, network)) => (Some(namespaces), boxes, network),
        Err(why) => {
            missing.insert(0, why);
            (None, None, None)
        }
    };
    Allowed {
        namespaces,
        cgroup,
        network,
        boxes,
        filter,
        missing,
    }
}

/// Starts this thread's first zygote as the probe (`launch::prepare_zygote`):
/// it makes the network namespace every run joins and runs `true` confined
/// as every run will be. The network, opened from it (where it cannot be,
/// other zygotes and launchers make one a run), or why the probe failed.
fn probe(spec: &BoxSpec) -> Result<Option<Network>, String> {
    let pid = core_run::start_zygote(spec.args(), &[]).map_err(|e| match spec.namespaces {
        Some(Namespaces::InUserNamespace) => format!("no user namespaces: {e}"),
        _ => format!("namespaces refused: {e}"),
    })?;
    let open = |kind: &str| open_namespace(&pid.to_string(), kind).ok();
    Ok((|| {
        Some(Network {
            namespace: open("net")?,
            owner: match spec.namespaces {
                Some(Namespaces::InUserNamespace) => Some(open("user")?),
                _ => None,
            },
        })
    })())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mountinfo_fields_are_unescaped() {
        assert_eq!(unescape("/mnt/a\\040b"), "/mnt/a b");
        assert_eq!(unescape("/plain"), "/plain");
        assert_eq!(unescape("/back\\134slash"), "/back\\slash");
    }

    #[test]
    fn cgroup_mounts_are_found_by_type() {
        let mountinfo =
            "30 25 0:26 / /sys/fs/cgroup/memory rw,nosuid shared:9 - cgroup cgroup rw,memory\n\
            31 25 0:27 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n\
            32 25 0:28 / /proc rw - proc proc rw\n";
        assert_eq!(
            cgroup_mounts(mountinfo),
            [
                (
                    PathBuf::from("/sys/fs/cgroup/memory"),
                    "rw,memory".to_string()
                ),
                (
                    PathBuf::from("/sys/fs/cgroup/unified"),
                    "cgroup2".to_string()
                ),
            ]
        );
    }

    #[test]
    fn keyed_files_give_their_numbers() {
        let dir = std::env::temp_dir().join(format!("judge-keyed-{}", process::id()));
        fs::create_dir_all(&dir).unwrap();
        fs::write(
            dir.join("memory.events"),
            "low 0\nhigh 0\nmax 4\noom 1\noom_kill 1\n",
        )
        .unwrap();
        fs::write(dir.join("cpu.stat"), "usage_usec 1500\nuser_usec 1000\n").unwrap();
        let cgroup = Cgroup {
            files: Files::of(&CgroupBase::V2(dir.clone())),
            dirs: CgroupBase::V2(dir.clone()),
        };
        assert!(cgroup.out_of_memory());
        assert_eq!(cgroup.cpu(), Duration::from_micros(1500));
        assert_eq!(cgroup.refused_forks(), 0);
        fs::remove_dir_all(&dir).unwrap();
    }
}
