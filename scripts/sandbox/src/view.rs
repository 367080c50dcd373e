//! The files a confined program sees: a root of its own built from a list,
//! as isolate builds a box, not the machine's filesystem with parts hidden.
//!
//! - The system's read-only folders (`/usr`, `/lib*`, `/bin`, `/sbin`), the
//!   parts of `/etc` that compilers and interpreters read, and the
//!   toolchains on `PATH` (each `.../bin` folder's prefix: rustup's and
//!   cargo's homes, pyenv's, a JDK's).
//! - The paths the runner gives it, each resolved and bound at the path it
//!   was given, wherever it lives (`/tmp` included): its program file (or its
//!   build folder), every absolute path among its arguments (a checker's
//!   input, answer and feedback folder), the files a shell line names in its
//!   working directory, the folders it may write in. A folder bound that
//!   holds a workspace's `judge-data/` or `.git` shows them empty, but for
//!   the files given inside them.
//! - A fresh `/tmp` and `/dev/shm`, tmpfs of the run's memory limit; a `/dev`
//!   of `null`, `zero`, `full`, `random` and `urandom`; a fresh read-only
//!   `/proc` of the run's own processes. Nothing else: no `/home`, `/root`,
//!   `/sys`, `/run`, workspace, `target/` or other clone.
//!
//! Everything is read-only but `/tmp`, `/dev/shm` and the writable folders.

use crate::sys::{self, *};
use judge_core::process::sight::Sight;
use std::fs::{self, DirBuilder, File, OpenOptions};
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::fs::{symlink, DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The devices the sandbox's `/dev` holds.
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

/// One thing the new root holds, at its path there.
enum Mount {
    /// What `source` (held open before the old root goes) is, bound with
    /// the flags of the mount it is on, or read-only.
    Bind {
        source: File,
        read_only: bool,
    },
    /// A fresh tmpfs with these options; `read_only` once built.
    Tmpfs {
        flags: std::os::raw::c_ulong,
        options: String,
        read_only: bool,
    },
    /// What `source` (held open) is, with every mount below it.
    Tree(File),
    Link(PathBuf),
    Proc,
    /// An empty folder, for a mount to come.
    Folder,
}

struct Entry {
    at: PathBuf,
    mount: Mount,
}

/// `result`, its error saying what could not be done.
fn step<T>(what: &str, result: io::Result<T>) -> io::Result<T> {
    result.map_err(|e| io::Error::new(e.kind(), format!("cannot {what}: {e}")))
}

/// A handle on `path` for a bind mount, taken while the old root is in sight.
fn held(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .custom_flags(O_PATH)
        .open(path)
        .map_err(|e| io::Error::new(e.kind(), format!("cannot show {}: {e}", path.display())))
}

/// Where the new root is built: a tmpfs over `/dev`, in which no path
/// given to a program lies (`/dev` is provided, never given), so that what
/// is given after the base is built is still found where it was. The
/// skeleton lies there too, under the run's root.
const NEW_ROOT: &str = "/dev";

/// The part of a view every run shares: the system, `/etc`'s parts, the
/// toolchains and `/dev`, built read-only once in a mount namespace that
/// the runs' are copies of (`skeleton`).
pub struct Base {
    /// Folders in sight whole: what lies in them needs no mount of its own.
    whole: Vec<PathBuf>,
}

/// The skeleton this process built, or the process it was forked from:
/// what its mount namespace shows over `/dev`.
static SKELETON: OnceLock<Base> = OnceLock::new();

/// The path in the new root of `at`, a path as the program will see it.
fn inside(at: &Path) -> PathBuf {
    Path::new(NEW_ROOT).join(at.strip_prefix("/").unwrap_or(at))
}

/// Places `entries` in the new root, then makes those to be read-only so.
fn build(entries: &mut [Entry]) -> io::Result<()> {
    entries.sort_by(|a, b| a.at.cmp(&b.at));
    let mut folders = Vec::new();
    for entry in entries.iter() {
        let placed = place(&entry.mount, &inside(&entry.at), &mut folders);
        step(&format!("show {}", entry.at.display()), placed)?;
    }
    for entry in entries.iter() {
        let at = inside(&entry.at);
        let done = match &entry.mount {
            Mount::Bind {
                read_only: true, ..
            } => sys::set_read_only(&at),
            Mount::Tmpfs {
                flags,
                read_only: true,
                ..
            } => sys::mount_at(None, &at, None, MS_REMOUNT | MS_RDONLY | flags, None),
            _ => Ok(()),
        };
        step(&format!("make {} read-only", entry.at.display()), done)?;
    }
    Ok(())
}

fn bind(at: &Path, read_only: bool) -> io::Result<Entry> {
    Ok(Entry {
        at: at.to_path_buf(),
        mount: Mount::Bind {
            source: held(at)?,
            read_only,
        },
    })
}

fn link(at: &Path) -> io::Result<Entry> {
    Ok(Entry {
        at: at.to_path_buf(),
        mount: Mount::Link(fs::read_link(at)?),
    })
}

fn tmpfs(at: &Path, flags: std::os::raw::c_ulong, options: String, read_only: bool) -> Entry {
    Entry {
        at: at.to_path_buf(),
        mount: Mount::Tmpfs {
            flags,
            options,
            read_only,
        },
    }
}

/// The skeleton of every run's root, showing `system` (as `system()` found
/// it), over `/dev` in this process's mount namespace, which must be its
/// own: built unless this process, or the one it was forked from, built it
/// already. A zygote builds it once for the launchers it forks, whose inits
/// make copies of its mount namespace; an init forked by no zygote builds
/// its own. Launchers forked so see it, not the machine's `/dev`.
pub fn skeleton(system: &[PathBuf]) -> io::Result<&'static Base> {
    if let Some(base) = SKELETON.get() {
        return Ok(base);
    }
    let base = build_skeleton(system)?;
    Ok(SKELETON.get_or_init(|| base))
}

fn build_skeleton(system: &[PathBuf]) -> io::Result<Base> {
    let private = sys::mount_at(None, Path::new("/"), None, MS_REC | MS_PRIVATE, None);
    step("make the mounts private", private)?;
    let mut entries: Vec<Entry> = Vec::new();
    let mut whole: Vec<PathBuf> = Vec::new();
    for path in system {
        match fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => entries.push(link(path)?),
            Ok(meta) => {
                entries.push(bind(path, true)?);
                if meta.is_dir() {
                    whole.push(path.clone());
                }
            }
            // Gone since it was found: nothing to show.
            Err(_) => {}
        }
    }
    let dev = Path::new("/dev");
    for name in DEVICES {
        entries.push(bind(&dev.join(name), false)?);
    }
    // Every source is held: the skeleton may cover /dev now.
    step("mount the skeleton", mount_root())?;
    entries.push(tmpfs(dev, MS_NOSUID | MS_NOEXEC, "mode=755".into(), true));
    for (name, target) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        entries.push(Entry {
            at: dev.join(name),
            mount: Mount::Link(PathBuf::from(target)),
        });
    }
    // The run's /dev/shm is mounted once /dev is read-only.
    entries.push(Entry {
        at: dev.join("shm"),
        mount: Mount::Folder,
    });
    build(&mut entries)?;
    // Its folders are bound into every run's root: nothing may be added.
    step("make the skeleton read-only", seal(Path::new(NEW_ROOT)))?;
    Ok(Base { whole })
}

/// Begins the run's root, in a mount namespace of its own (a fresh PID
/// namespace's init, for its `/proc`), on the skeleton (`skeleton`): a
/// fresh tmpfs over it, into which each of its top folders is bound whole,
/// with every mount in it, and the run's scratch folders; what `enter`
/// completes for one run.
pub fn prepare(system: &[PathBuf]) -> io::Result<&'static Base> {
    let base = skeleton(system)?;
    let mut entries = vec![Entry {
        at: PathBuf::from("/proc"),
        mount: Mount::Proc,
    }];
    for entry in fs::read_dir(NEW_ROOT)? {
        let at = Path::new("/").join(entry?.file_name());
        let built = inside(&at);
        let mount = match fs::symlink_metadata(&built)?.file_type().is_symlink() {
            true => Mount::Link(fs::read_link(&built)?),
            false => Mount::Tree(held(&built)?),
        };
        entries.push(Entry { at, mount });
    }
    for at in SCRATCH {
        let options = "mode=1777,size=64k".into();
        entries.push(tmpfs(Path::new(at), SCRATCH_FLAGS, options, false));
    }
    step("mount the new root", mount_root())?;
    build(&mut entries)?;
    Ok(base)
}

/// The run's scratch folders: fresh tmpfs, mounted with the base and
/// sized to the run's memory limit as it comes (a remount: no new mount on
/// the run's way).
const SCRATCH: [&str; 2] = ["/dev/shm", "/tmp"];
const SCRATCH_FLAGS: std::os::raw::c_ulong = MS_NOSUID | MS_NODEV;

/// A fresh tmpfs at `NEW_ROOT`, over what is there.
fn mount_root() -> io::Result<()> {
    sys::mount_at(
        Some(Path::new("tmpfs")),
        Path::new(NEW_ROOT),
        Some("tmpfs"),
        MS_NOSUID | MS_NODEV,
        Some("mode=755,size=1m"),
    )
}

/// Makes the tmpfs at `root` read-only.
fn seal(root: &Path) -> io::Result<()> {
    let flags = MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV;
    sys::mount_at(None, root, None, flags, None)
}

/// Completes the new root `base` began with this run's part (its scratch
/// folders sized, the paths given, the covers), seals it read-only and
/// makes it this process's root.
pub fn enter(sight: &Sight, base: &Base) -> io::Result<()> {
    let size = format!("size={}k", sight.scratch_kib.max(64));
    for at in SCRATCH {
        let sized = sys::mount_at(
            None,
            &inside(Path::new(at)),
            None,
            MS_REMOUNT | SCRATCH_FLAGS,
            Some(&size),
        );
        step(&format!("size {at}"), sized)?;
    }
    let mut entries = entries(sight, base)?;
    build(&mut entries)?;
    let root = Path::new(NEW_ROOT);
    step("make the new root read-only", seal(root))?;
    std::env::set_current_dir(root)?;
    step("move into the new root", sys::move_root_here())?;
    std::env::set_current_dir("/")
}

/// This run's part of the new root: the paths given, the covers.
fn entries(sight: &Sight, base: &Base) -> io::Result<Vec<Entry>> {
    let mut entries = Vec::new();
    let covered = |path: &Path| sight.hidden.iter().any(|dir| path.starts_with(dir));
    let provided = |path: &Path| {
        path == Path::new("/")
            || ["/tmp", "/dev", "/proc"]
                .iter()
                .any(|dir| path == Path::new(dir))
            || ["/dev", "/proc"].iter().any(|dir| path.starts_with(dir))
    };
    let readable = &sight.readable;
    for path in &sight.writable {
        if !provided(path) {
            entries.push(bind(path, false)?);
        }
    }
    let mut given: Vec<PathBuf> = Vec::new();
    for path in readable {
        let in_sight = base
            .whole
            .iter()
            .chain(&given)
            .chain(&sight.writable)
            .any(|dir| path.starts_with(dir));
        if provided(path) || (in_sight && !covered(path)) {
            continue;
        }
        entries.push(bind(path, true)?);
        if path.is_dir() {
            given.push(path.clone());
        }
    }
    for dir in &sight.hidden {
        let inside = given
            .iter()
            .chain(&sight.writable)
            .any(|outer| dir.starts_with(outer) && dir != outer);
        if inside && dir.is_dir() {
            let cover = "mode=755,size=16k".into();
            entries.push(tmpfs(dir, MS_NOSUID | MS_NODEV | MS_NOEXEC, cover, true));
        }
    }
    Ok(entries)
}

/// Makes `entry` at `at` (a path in the new root), its mount point first.
fn place(mount: &Mount, at: &Path, folders: &mut Vec<PathBuf>) -> io::Result<()> {
    if let Some(parent) = at
        .parent()
        .filter(|parent| !folders.iter().any(|f| f == parent))
    {
        // Folders made only to lead to what is shown: passed through, never
        // listed (`/root` holds rustup's home and shows nothing else).
        DirBuilder::new()
            .recursive(true)
            .mode(0o711)
            .create(parent)?;
        folders.push(parent.to_path_buf());
    }
    let is_dir = match mount {
        Mount::Bind { source, .. } | Mount::Tree(source) => source.metadata()?.is_dir(),
        Mount::Link(_) => false,
        _ => true,
    };
    // What is there already (inside a folder shown, or made to lead to
    // another entry) is mounted on as it is.
    let made = match mount {
        Mount::Link(target) => return symlink(target, at),
        _ if is_dir => fs::create_dir(at),
        _ => OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(at)
            .map(drop),
    };
    match made {
        Err(e) if e.kind() != io::ErrorKind::AlreadyExists => return Err(e),
        _ if is_dir => folders.push(at.to_path_buf()),
        _ => {}
    }
    match mount {
        Mount::Bind { source, .. } | Mount::Tree(source) => {
            let source = PathBuf::from(format!("/proc/self/fd/{}", source.as_raw_fd()));
            let whole = matches!(mount, Mount::Tree(_));
            let flags = if whole { MS_BIND | MS_REC } else { MS_BIND };
            sys::mount_at(Some(&source), at, None, flags, None)
        }
        Mount::Tmpfs { flags, options, .. } => sys::mount_at(
            Some(Path::new("tmpfs")),
            at,
            Some("tmpfs"),
            *flags,
            Some(options),
        ),
        Mount::Proc => sys::mount_at(
            Some(Path::new("proc")),
            at,
            Some("proc"),
            MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_RDONLY,
            None,
        ),
        Mount::Link(_) | Mount::Folder => Ok(()),
    }
}
