//! The sandbox: every program runs in namespaces of its own and a cgroup of
//! its own, so nothing it starts outlives its run, every process and page it
//! uses is counted, and the files it sees are read-only with the stored data
//! hidden. The kernel confines; the launcher only reports.
//!
//! - A PID namespace whose init is the program: when it ends, the kernel
//!   kills everything it started, whatever session or parent that has; the
//!   launcher is outside, so it can be neither named nor signalled.
//! - A mount namespace: every mount read-only, the workspace's `judge-data/`
//!   covered by an empty folder (unless the program is a checker or an
//!   interactor, which read answers), a fresh `/tmp` (the working directory of
//!   a program that is no shell line), `/dev/shm` and `/run`, a `/dev` of
//!   `null`, `zero`, `full`, `random`, `urandom` alone, a fresh read-only
//!   `/proc` that shows only the program's own processes, and the folders the
//!   run writes in (a checker's scratch, a compile's build) bound writable.
//! - A network namespace with only a loopback, down; an IPC one too (SysV
//!   memory dies with the run).
//! - Every capability dropped for good before the program starts, so it can
//!   undo none of this. As root the namespaces are made directly; as an
//!   ordinary user inside a user namespace of the launcher's.
//! - A cgroup (v1 `memory`, `pids`, `cpuacct` where those are mounted, as on
//!   this project's machines; else v2) with the memory and process limits:
//!   memory as the kernel charges it (memfd, shm and written files count,
//!   shared pages once), CPU time of every process, the whole cgroup killed.
//!
//! What the machine allows is found once per runner (`run::containment`), by
//! starting `true` in the sandbox; where it allows nothing, the launcher's
//! process-tree watch is the fallback, and every command says which is in
//! force in its first line. `judge sandbox` explains what is missing.

use super::sys::{self, *};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::fs::{symlink, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::process;
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

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
pub struct Containment {
    pub namespaces: Option<Namespaces>,
    pub cgroup: Option<CgroupBase>,
    /// An empty network namespace every run joins, held open by the runner:
    /// making one per run would cost more than half a millisecond. As root
    /// only: joining one takes the capability over it.
    pub network: Option<RawFd>,
    /// What is missing, and why; empty when nothing is.
    pub missing: Vec<String>,
}

/// Folders hidden from every program but the judge's own (checkers,
/// interactors): each workspace's stored data.
static HIDDEN: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Hides `dir` (a workspace's `judge-data/`) from the programs run.
pub fn hide(dir: &Path) {
    let mut hidden = HIDDEN.lock().unwrap_or_else(|e| e.into_inner());
    if !hidden.iter().any(|known| known == dir) {
        hidden.push(dir.to_path_buf());
    }
}

pub fn hidden() -> Vec<PathBuf> {
    HIDDEN.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Whether `path` (an existing one) lies in a hidden folder.
pub fn is_hidden(path: &Path) -> bool {
    let real = |path: &Path| path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let path = real(path);
    hidden().iter().any(|dir| path.starts_with(real(dir)))
}

impl Containment {
    /// One line: `pid+mount+net namespaces, cgroup v1 (memory, pids,
    /// cpuacct)`, or what the fallback is and why.
    pub fn describe(&self) -> String {
        let namespaces = match self.namespaces {
            Some(Namespaces::AsRoot) => "pid+mount+net namespaces".to_string(),
            Some(Namespaces::InUserNamespace) => {
                "pid+mount+net namespaces in a user namespace".to_string()
            }
            None => "no namespaces".to_string(),
        };
        let cgroup = match &self.cgroup {
            Some(CgroupBase::V1 { .. }) => "cgroup v1 (memory, pids, cpuacct)",
            Some(CgroupBase::V2(_)) => "cgroup v2 (memory, pids, cpu)",
            None => "no cgroup",
        };
        match (&self.namespaces, &self.cgroup) {
            (None, None) => format!(
                "none available ({}): process group only",
                self.missing.first().map_or("", String::as_str)
            ),
            _ => format!("{namespaces}, {cgroup}"),
        }
    }

    /// Whether anything is missing; `judge sandbox` says what.
    pub fn complete(&self) -> bool {
        self.namespaces.is_some() && self.cgroup.is_some()
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
    let base = mount.join(path.trim_start_matches('/'));
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
    let enabled = fs::read_to_string(base.join("cgroup.subtree_control")).unwrap_or_default();
    if ["memory", "pids"]
        .iter()
        .all(|c| enabled.split_whitespace().any(|e| e == *c))
    {
        return Ok(());
    }
    let leaf = base.join("judge-runner");
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

/// A base is usable when a cgroup can be made, limited and removed there.
fn try_base(base: CgroupBase) -> Result<CgroupBase, String> {
    let name = format!("judge-probe-{}", process::id());
    let cgroup = Cgroup::create(&base, &name, Some(1 << 20), Some(8))
        .map_err(|e| format!("no cgroup: {e}"))?;
    cgroup.remove();
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

/// One run's cgroup.
#[derive(Debug)]
pub enum Cgroup {
    V1 {
        memory: PathBuf,
        pids: PathBuf,
        cpuacct: PathBuf,
    },
    V2(PathBuf),
}

fn read_number(path: &Path) -> u64 {
    fs::read_to_string(path)
        .ok()
        .and_then(|text| text.trim().parse().ok())
        .unwrap_or(0)
}

/// The value of `key` in a flat keyed file (`oom_kill 3`).
fn keyed(path: &Path, key: &str) -> u64 {
    let text = fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .find_map(|line| {
            let (name, value) = line.split_once(' ')?;
            (name == key).then(|| value.trim().parse().ok())?
        })
        .unwrap_or(0)
}

impl Cgroup {
    /// Makes cgroup `name` under `base` with the limits set.
    pub fn create(
        base: &CgroupBase,
        name: &str,
        memory_kib: Option<u64>,
        processes: Option<u32>,
    ) -> io::Result<Cgroup> {
        let make = |dir: &Path| {
            let path = dir.join(name);
            fs::create_dir(&path).map(|()| path.clone()).map_err(|e| {
                io::Error::new(e.kind(), format!("cannot make {}: {e}", path.display()))
            })
        };
        let write = |path: PathBuf, value: String| {
            fs::write(&path, &value).map_err(|e| {
                io::Error::new(e.kind(), format!("cannot set {}: {e}", path.display()))
            })
        };
        let cgroup = match base {
            CgroupBase::V1 {
                memory,
                pids,
                cpuacct,
            } => Cgroup::V1 {
                memory: make(memory)?,
                pids: make(pids)?,
                cpuacct: make(cpuacct)?,
            },
            CgroupBase::V2(dir) => Cgroup::V2(make(dir)?),
        };
        let limited = (|| {
            match &cgroup {
                Cgroup::V1 { memory, pids, .. } => {
                    if let Some(kib) = memory_kib {
                        let bytes = (kib * 1024).to_string();
                        write(memory.join("memory.limit_in_bytes"), bytes.clone())?;
                        // Swap counts too, where the kernel accounts it.
                        let swap = memory.join("memory.memsw.limit_in_bytes");
                        if swap.exists() {
                            write(swap, bytes)?;
                        }
                    }
                    if let Some(count) = processes {
                        write(pids.join("pids.max"), count.to_string())?;
                    }
                }
                Cgroup::V2(dir) => {
                    if let Some(kib) = memory_kib {
                        write(dir.join("memory.max"), (kib * 1024).to_string())?;
                        let swap = dir.join("memory.swap.max");
                        if swap.exists() {
                            write(swap, "0".into())?;
                        }
                    }
                    if let Some(count) = processes {
                        write(dir.join("pids.max"), count.to_string())?;
                    }
                }
            }
            Ok(())
        })();
        match limited {
            Ok(()) => Ok(cgroup),
            Err(e) => {
                cgroup.remove();
                Err(e)
            }
        }
    }

    /// The `cgroup.procs` files a process writes `0` into to join.
    pub fn procs(&self) -> Vec<PathBuf> {
        match self {
            Cgroup::V1 {
                memory,
                pids,
                cpuacct,
            } => [memory, pids, cpuacct]
                .iter()
                .map(|dir| dir.join("cgroup.procs"))
                .collect(),
            Cgroup::V2(dir) => vec![dir.join("cgroup.procs")],
        }
    }

    /// Moves the process `pid` into it.
    pub fn join(&self, pid: i32) -> io::Result<()> {
        for procs in self.procs() {
            fs::write(procs, pid.to_string())?;
        }
        Ok(())
    }

    /// CPU time of every process that was in it.
    pub fn cpu(&self) -> Duration {
        match self {
            Cgroup::V1 { cpuacct, .. } => {
                Duration::from_nanos(read_number(&cpuacct.join("cpuacct.usage")))
            }
            Cgroup::V2(dir) => Duration::from_micros(keyed(&dir.join("cpu.stat"), "usage_usec")),
        }
    }

    /// Memory charged now, in KiB.
    pub fn memory_kib(&self) -> u64 {
        match self {
            Cgroup::V1 { memory, .. } => read_number(&memory.join("memory.usage_in_bytes")) / 1024,
            Cgroup::V2(dir) => read_number(&dir.join("memory.current")) / 1024,
        }
    }

    /// The most memory charged at once, in KiB, where the kernel keeps it
    /// (`memory.peak` is v2's since Linux 5.19; else 0).
    pub fn peak_kib(&self) -> u64 {
        match self {
            Cgroup::V1 { memory, .. } => {
                read_number(&memory.join("memory.max_usage_in_bytes")) / 1024
            }
            Cgroup::V2(dir) => read_number(&dir.join("memory.peak")) / 1024,
        }
    }

    /// Whether the kernel killed a process of it for passing the memory limit.
    pub fn out_of_memory(&self) -> bool {
        match self {
            Cgroup::V1 { memory, .. } => keyed(&memory.join("memory.oom_control"), "oom_kill") > 0,
            Cgroup::V2(dir) => keyed(&dir.join("memory.events"), "oom_kill") > 0,
        }
    }

    /// How many times a fork or a thread was refused at the process limit.
    pub fn refused_forks(&self) -> u64 {
        let events = match self {
            Cgroup::V1 { pids, .. } => pids.join("pids.events"),
            Cgroup::V2(dir) => dir.join("pids.events"),
        };
        keyed(&events, "max")
    }

    /// The processes in it, by the pids of this process's namespace.
    fn members(&self) -> Vec<i32> {
        let procs = self.procs();
        let text = fs::read_to_string(&procs[0]).unwrap_or_default();
        text.split_whitespace()
            .filter_map(|p| p.parse().ok())
            .collect()
    }

    /// Kills every process in it, until none is left (a dying one may fork).
    pub fn kill(&self) {
        if let Cgroup::V2(dir) = self {
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
        let dirs: Vec<&PathBuf> = match self {
            Cgroup::V1 {
                memory,
                pids,
                cpuacct,
            } => vec![memory, pids, cpuacct],
            Cgroup::V2(dir) => vec![dir],
        };
        for dir in dirs {
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

// ---- The namespaces ----

/// Run by the launcher before it starts the program: as an ordinary user, a
/// user namespace in which it may make the others; then the PID namespace,
/// whose init its next child, the program, becomes.
pub fn enter_launcher_namespaces(namespaces: Namespaces) -> io::Result<()> {
    if namespaces == Namespaces::InUserNamespace {
        let (uid, gid) = sys::ids();
        sys::unshare_namespaces(CLONE_NEWUSER)?;
        fs::write("/proc/self/setgroups", "deny")?;
        fs::write("/proc/self/uid_map", format!("0 {uid} 1"))?;
        fs::write("/proc/self/gid_map", format!("0 {gid} 1"))?;
    }
    sys::unshare_namespaces(CLONE_NEWPID)
}

/// What a program sees of the files, besides everything read-only.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sight {
    /// Folders covered by an empty one (stored data).
    pub hidden: Vec<PathBuf>,
    /// Folders the program may write in.
    pub writable: Vec<PathBuf>,
    /// Folders it must still see, read-only, where a fresh `/tmp` or `/run`
    /// covers them: the workspace, the program's own folder, the runner's
    /// working directory.
    pub kept: Vec<PathBuf>,
    /// The working directory is the fresh `/tmp` (not for a shell line,
    /// whose relative paths name the user's files).
    pub fresh_cwd: bool,
}

/// Everything one program is confined to, set up by itself between fork and
/// exec (`enter`).
#[derive(Clone, Debug)]
pub struct Confinement {
    pub namespaces: Option<Namespaces>,
    /// The run cgroup's `cgroup.procs` files.
    pub cgroup_procs: Vec<PathBuf>,
    /// The network namespace to join (else a new one is made).
    pub network: Option<RawFd>,
    /// What it sees of the files.
    pub sight: Sight,
    pub stack_bytes: Option<u64>,
    /// Processes and threads at once, where no cgroup counts them: in a user
    /// namespace of its own the kernel counts them there (Linux 5.14).
    pub processes: Option<u64>,
}

/// The devices the sandbox's `/dev` holds.
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

impl Confinement {
    /// Confines the calling process, the program-to-be, just before exec.
    pub fn enter(&self) -> io::Result<()> {
        for procs in &self.cgroup_procs {
            fs::write(procs, "0")?;
        }
        if let Some(bytes) = self.stack_bytes {
            sys::limit_resource(RLIMIT_STACK, bytes)?;
        }
        sys::limit_resource(RLIMIT_CORE, 0)?;
        if let Some(count) = self.processes {
            sys::limit_resource(RLIMIT_NPROC, count)?;
        }
        if self.namespaces.is_none() {
            return Ok(());
        }
        // A signal to "its group" must not reach the launcher.
        sys::new_session()?;
        match self.network {
            Some(fd) => {
                sys::join_namespace(fd, CLONE_NEWNET)?;
                sys::set_inherited(fd, false)?;
                sys::unshare_namespaces(CLONE_NEWNS | CLONE_NEWIPC)?;
            }
            None => sys::unshare_namespaces(CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC)?,
        }
        self.build_view()?;
        if self.sight.fresh_cwd {
            std::env::set_current_dir("/tmp")?;
        }
        sys::drop_capabilities()
    }

    /// The mount namespace's view, as the module's doc describes it.
    fn build_view(&self) -> io::Result<()> {
        let tmpfs = Some("tmpfs");
        let tmpfs_source = Some(Path::new("tmpfs"));
        // What the new /dev and the writable folders are made of, held before
        // it is covered.
        let held = |path: &Path| {
            OpenOptions::new()
                .read(true)
                .custom_flags(O_PATH)
                .open(path)
        };
        let devices: Vec<(&str, File)> = DEVICES
            .iter()
            .map(|name| held(&Path::new("/dev").join(name)).map(|file| (*name, file)))
            .collect::<io::Result<_>>()?;
        let writable: Vec<(&PathBuf, File)> = self
            .sight
            .writable
            .iter()
            .map(|dir| held(dir).map(|file| (dir, file)))
            .collect::<io::Result<_>>()?;
        let covered = |dir: &Path| dir.starts_with("/tmp") || dir.starts_with("/run");
        let kept: Vec<(&PathBuf, File)> = self
            .sight
            .kept
            .iter()
            .filter(|dir| covered(dir) && dir.is_dir())
            .filter(|dir| {
                !self
                    .sight
                    .kept
                    .iter()
                    .any(|outer| outer != *dir && dir.starts_with(outer))
            })
            .map(|dir| held(dir).map(|file| (dir, file)))
            .collect::<io::Result<_>>()?;
        if sys::all_mounts_read_only().is_err() {
            read_only_one_by_one()?;
        }
        let quiet = MS_NOSUID | MS_NODEV | MS_NOEXEC;
        for dir in &self.sight.hidden {
            if dir.is_dir() {
                sys::mount_at(
                    tmpfs_source,
                    dir,
                    tmpfs,
                    quiet | MS_RDONLY,
                    Some("mode=000,size=4k"),
                )?;
            }
        }
        sys::mount_at(
            tmpfs_source,
            Path::new("/tmp"),
            tmpfs,
            MS_NOSUID | MS_NODEV,
            Some("mode=1777"),
        )?;
        if Path::new("/run").is_dir() {
            sys::mount_at(
                tmpfs_source,
                Path::new("/run"),
                tmpfs,
                quiet,
                Some("mode=755"),
            )?;
        }
        let dev = Path::new("/dev");
        sys::mount_at(
            tmpfs_source,
            dev,
            tmpfs,
            MS_NOSUID | MS_NOEXEC,
            Some("mode=755"),
        )?;
        for (name, file) in &devices {
            let target = dev.join(name);
            File::create(&target)?;
            sys::mount_at(Some(&fd_path(file)), &target, None, MS_BIND, None)?;
        }
        fs::create_dir(dev.join("shm"))?;
        sys::mount_at(
            tmpfs_source,
            &dev.join("shm"),
            tmpfs,
            MS_NOSUID | MS_NODEV,
            Some("mode=1777"),
        )?;
        for (name, target) in [
            ("fd", "/proc/self/fd"),
            ("stdin", "/proc/self/fd/0"),
            ("stdout", "/proc/self/fd/1"),
            ("stderr", "/proc/self/fd/2"),
        ] {
            symlink(target, dev.join(name))?;
        }
        sys::mount_at(
            None,
            dev,
            None,
            MS_REMOUNT | MS_NOSUID | MS_NOEXEC | MS_RDONLY,
            None,
        )?;
        for (dir, file) in &kept {
            // With what is mounted below it: the hidden data stays hidden.
            fs::create_dir_all(dir)?;
            sys::mount_at(Some(&fd_path(file)), dir, None, MS_BIND | MS_REC, None)?;
        }
        for (dir, file) in &writable {
            // Under the fresh /tmp it is made again, empty, for the bind.
            fs::create_dir_all(dir)?;
            sys::mount_at(Some(&fd_path(file)), dir, None, MS_BIND, None)?;
            sys::mount_at(
                None,
                dir,
                None,
                MS_REMOUNT | MS_BIND | MS_NOSUID | MS_NODEV,
                None,
            )?;
        }
        sys::mount_at(
            Some(Path::new("proc")),
            Path::new("/proc"),
            Some("proc"),
            quiet | MS_RDONLY,
            None,
        )
    }
}

/// Every mount made private and read-only, one remount each: for a kernel
/// older than `mount_setattr` (5.12).
fn read_only_one_by_one() -> io::Result<()> {
    sys::mount_at(None, Path::new("/"), None, MS_REC | MS_PRIVATE, None)?;
    for mount in mount_points()? {
        let flags = match sys::mount_flags(&mount) {
            Ok(flags) => flags,
            // Out of reach to this process, so to the program too.
            Err(e) if matches!(e.raw_os_error(), Some(2) | Some(13)) => continue,
            Err(e) => return Err(e),
        };
        let remount = MS_REMOUNT | MS_BIND | MS_RDONLY | flags;
        match sys::mount_at(None, &mount, None, remount, None) {
            Err(e) if matches!(e.raw_os_error(), Some(2) | Some(13)) => {}
            other => other?,
        }
    }
    Ok(())
}

/// `/proc/self/fd/<fd>`: a path to what `file` is, for a bind mount.
fn fd_path(file: &File) -> PathBuf {
    PathBuf::from(format!("/proc/self/fd/{}", file.as_raw_fd()))
}

/// Every mount point this process sees.
fn mount_points() -> io::Result<Vec<PathBuf>> {
    let mut text = String::new();
    File::open("/proc/self/mountinfo")?.read_to_string(&mut text)?;
    Ok(text
        .lines()
        .filter_map(|line| line.split(' ').nth(4))
        .map(|mount| PathBuf::from(unescape(mount)))
        .collect())
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
pub fn explain(containment: &Containment) -> String {
    let mut text = format!("sandbox: {}\n", containment.describe());
    if containment.complete() {
        text += "every program runs in its own pid, mount, network and IPC namespaces \
                 and cgroup: nothing it starts outlives it, memory and CPU time are the \
                 kernel's figures, stored data is hidden and the files are read-only\n";
        return text;
    }
    for why in &containment.missing {
        text += &format!("missing: {why}\n");
    }
    if containment.namespaces.is_none() {
        text += "to enable namespaces: allow unprivileged user namespaces \
                 (sysctl user.max_user_namespaces=15000; on Debian kernels also \
                 kernel.unprivileged_userns_clone=1; on Ubuntu 24.04 \
                 kernel.apparmor_restrict_unprivileged_userns=0), or run as root\n";
    }
    if containment.cgroup.is_none() {
        text += "to enable a cgroup: with cgroup v2, run in a delegated cgroup \
                 (systemd-run --user --scope -p Delegate=yes make test); with v1, run as root\n";
    }
    text += "until then the launcher watches the process tree through /proc: a program \
              that escapes its process group, memory the kernel does not show in a \
              process's resident set, and the files are not contained\n";
    text
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
        let cgroup = Cgroup::V2(dir.clone());
        assert!(cgroup.out_of_memory());
        assert_eq!(cgroup.cpu(), Duration::from_micros(1500));
        assert_eq!(cgroup.refused_forks(), 0);
        fs::remove_dir_all(&dir).unwrap();
    }
}
