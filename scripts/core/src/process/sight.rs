//! What a program is shown of the files: the list a confinement builds its
//! view from (`Sight`, `system`), and the environment it starts with.
//!
//! - The system's read-only folders (`/usr`, `/lib*`, `/bin`, `/sbin`), the
//!   parts of `/etc` that compilers and interpreters read, and the
//!   toolchains on `PATH` (each `.../bin` folder's prefix: rustup's and
//!   cargo's homes, pyenv's, a JDK's).
//! - The paths the runner gives it: its program file (or its build folder),
//!   every absolute path among its arguments (a checker's input, answer and
//!   feedback folder), the folders it may write in; and the folders shown
//!   empty where a folder given holds them (each workspace's `judge-data/`
//!   and `.git`).

use crate::base::wildcard;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// The system's folders, where they exist: bound whole, or the same
/// symlink where `/usr` is merged.
const SYSTEM: [&str; 7] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
];

/// What of `/etc` toolchains read: the loader's cache, the alternatives
/// `/usr/bin/java` and `cc` go through, the JDK's and Python's
/// configuration, users and groups, the time zone.
const ETC: [&str; 12] = [
    "alternatives",
    "ld.so.*",
    "java*",
    "python*",
    "passwd",
    "group",
    "nsswitch.conf",
    "localtime",
    "timezone",
    "hosts",
    "host.conf",
    "mono",
];

/// Toolchain homes not on `PATH` that a tool on it needs (rustup's proxies
/// find their toolchains in `RUSTUP_HOME`): the variable, the folder under
/// `HOME` it defaults to, and the part of it shown (cargo's home holds the
/// user's credentials and registries beside its `bin`).
const HOMES: [(&str, &str, &str); 4] = [
    ("RUSTUP_HOME", ".rustup", ""),
    ("CARGO_HOME", ".cargo", "bin"),
    ("PYENV_ROOT", ".pyenv", ""),
    ("JAVA_HOME", "", ""),
];

/// Variables a program gets as they are when the runner has them: a
/// toolchain's choice, and the runner's own tests' marker, by which they
/// find every process a run left.
const PASSED: [&str; 4] = [
    "RUSTUP_TOOLCHAIN",
    "PYENV_VERSION",
    "JUDGE_TEST_PROBE",
    "JUDGE_TEST_MARKER",
];

/// Folders bound whole when a program path lies in them: the builds of
/// source folders and scripted programs, whose files go together.
static BUILDS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Folders covered when a folder bound holds them: each workspace's
/// `judge-data/` and `.git`.
static HIDDEN: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn remember(list: &Mutex<Vec<PathBuf>>, dir: &Path) {
    let mut list = list.lock().unwrap_or_else(|e| e.into_inner());
    if !list.iter().any(|known| known == dir) {
        list.push(dir.to_path_buf());
    }
}

fn listed(list: &Mutex<Vec<PathBuf>>) -> Vec<PathBuf> {
    list.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Hides the stored data and history of the workspace at `root`.
pub fn hide_workspace(root: &Path) {
    for name in ["judge-data", ".git"] {
        remember(&HIDDEN, &real(&root.join(name)));
    }
}

pub fn hidden() -> Vec<PathBuf> {
    listed(&HIDDEN)
}

/// `dir` is a program's build, bound whole with it.
pub fn build_folder(dir: &Path) {
    remember(&BUILDS, &real(dir));
}

fn real(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

/// What a program is shown besides the system: the paths it is given, as
/// the runner resolved them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sight {
    /// Files and folders it may read.
    pub readable: Vec<PathBuf>,
    /// Folders it may write in.
    pub writable: Vec<PathBuf>,
    /// Folders shown empty where a folder bound holds them.
    pub hidden: Vec<PathBuf>,
    /// Its working directory is the fresh `/tmp`; else (a shell line, whose
    /// relative paths name the user's files) the runner's, showing only
    /// what the line names there (`named_here`).
    pub fresh_cwd: bool,
    /// The size of `/tmp` and of `/dev/shm`, each, in KiB.
    pub scratch_kib: u64,
}

/// The paths among `argv` (the program, then its arguments) a program must
/// see: each absolute path that exists, or the build folder it lies in; an
/// argument's words count too (a shell line's `exec /tmp/x/check "$@"`).
pub fn paths_given(argv: &[OsString]) -> Vec<PathBuf> {
    let builds = listed(&BUILDS);
    let mut found: Vec<PathBuf> = Vec::new();
    let words = argv.iter().flat_map(|arg| {
        let text = arg.to_string_lossy();
        let words: Vec<OsString> = text.split_whitespace().map(OsString::from).collect();
        let whole = arg.clone();
        std::iter::once(arg.clone()).chain(words.into_iter().filter(move |word| *word != whole))
    });
    for arg in words {
        let path = Path::new(&arg);
        if !path.is_absolute() || !path.exists() {
            continue;
        }
        let resolved = real(path);
        let path = match builds.iter().find(|dir| resolved.starts_with(dir)) {
            Some(dir) => dir.clone(),
            None => normalized(path),
        };
        if !found.contains(&path) {
            found.push(path);
        }
    }
    found
}

/// The files and folders a shell line names relative to the working
/// directory (`python3 x.py`), each at its absolute path: all of the working
/// directory a shell line is shown. The directory itself and its parents
/// are never among them.
pub fn named_here(line: &str) -> Vec<PathBuf> {
    let cwd = match std::env::current_dir() {
        Ok(cwd) => cwd,
        Err(_) => return Vec::new(),
    };
    let mut found: Vec<PathBuf> = Vec::new();
    for word in line.split_whitespace() {
        let word = word.trim_matches(|c| c == '"' || c == '\'');
        if word.is_empty() || word.starts_with('-') || Path::new(word).is_absolute() {
            continue;
        }
        let path = normalized(&cwd.join(word));
        if path.exists() && !cwd.starts_with(&path) && !found.contains(&path) {
            found.push(path);
        }
    }
    found
}

/// `path` with its `.` and `..` taken out as text: where it is shown.
fn normalized(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The variable's value, or the folder under `HOME` it defaults to.
fn home_of(variable: &str, default: &str) -> Option<PathBuf> {
    match std::env::var_os(variable) {
        Some(value) if !value.is_empty() => Some(PathBuf::from(value)),
        _ if default.is_empty() => None,
        _ => Some(Path::new(&std::env::var_os("HOME")?).join(default)),
    }
    .filter(|dir| dir.is_dir())
}

/// The toolchains' folders: each `PATH` folder outside the system's (its
/// prefix when it is a `bin`, `sbin` or `shims` folder, unless that is `/`,
/// the user's home or a home shown in part), and the parts of the homes the
/// tools there need. Resolved, and none inside another.
pub fn toolchains() -> Vec<PathBuf> {
    let mut whole_never: Vec<PathBuf> = HOMES
        .iter()
        .filter(|(_, _, shown)| !shown.is_empty())
        .filter_map(|(variable, default, _)| home_of(variable, default))
        .chain(std::env::var_os("HOME").map(PathBuf::from))
        .map(|dir| real(&dir))
        .collect();
    whole_never.push(PathBuf::from("/"));
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs: Vec<PathBuf> = std::env::split_paths(&path)
        .filter(|dir| dir.is_absolute() && dir.is_dir())
        .map(|dir| {
            let named = |names: &[&str]| {
                dir.file_name()
                    .is_some_and(|name| names.iter().any(|n| name == *n))
            };
            match dir.parent() {
                Some(prefix)
                    if named(&["bin", "sbin", "shims"]) && !whole_never.contains(&real(prefix)) =>
                {
                    prefix.to_path_buf()
                }
                _ => dir,
            }
        })
        .chain(HOMES.iter().filter_map(|(variable, default, shown)| {
            home_of(variable, default)
                .map(|dir| dir.join(shown))
                .filter(|dir| dir.is_dir())
        }))
        .map(|dir| real(&dir))
        .filter(|dir| !SYSTEM.iter().any(|system| dir.starts_with(system)))
        .collect();
    dirs.sort();
    dirs.dedup();
    let all = dirs.clone();
    dirs.retain(|dir| {
        !all.iter()
            .any(|outer| outer != dir && dir.starts_with(outer))
    });
    dirs
}

/// The environment of a confined program: of the runner's making, not the
/// caller's. `PATH` as the runner's (the toolchains are in sight), `HOME`
/// and `TMPDIR` the fresh `/tmp`, `LANG=C.UTF-8`, the toolchains' homes
/// (which `HOME` no longer leads to), and `PASSED`.
pub fn environment() -> Vec<(OsString, OsString)> {
    let pair = |name: &str, value: &std::ffi::OsStr| (OsString::from(name), value.to_os_string());
    let path = std::env::var_os("PATH").unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into());
    let mut environment = vec![
        pair("PATH", &path),
        pair("HOME", "/tmp".as_ref()),
        pair("TMPDIR", "/tmp".as_ref()),
        pair("LANG", "C.UTF-8".as_ref()),
    ];
    for (variable, default, _) in HOMES {
        if let Some(dir) = home_of(variable, default) {
            environment.push(pair(variable, dir.as_os_str()));
        }
    }
    for variable in PASSED {
        if let Some(value) = std::env::var_os(variable) {
            environment.push(pair(variable, &value));
        }
    }
    environment
}

/// What every program sees read-only of the machine: the system's folders,
/// `/etc`'s parts and the toolchains, found once per runner and given to
/// each box.
pub fn system() -> &'static [PathBuf] {
    static FOUND: OnceLock<Vec<PathBuf>> = OnceLock::new();
    FOUND.get_or_init(|| {
        let mut shown: Vec<PathBuf> = SYSTEM
            .iter()
            .map(PathBuf::from)
            .filter(|dir| dir.is_dir())
            .collect();
        shown.extend(etc());
        shown.extend(toolchains());
        shown
    })
}

/// The entries of `/etc` that `ETC` names.
fn etc() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir("/etc")
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            ETC.iter().any(|pattern| wildcard::matches(pattern, &name))
        })
        .map(|entry| entry.path())
        .collect();
    found.sort();
    found
}
