//! Every file the runner writes, and every stored file it reads, goes
//! through here. A file is published whole or not at all: written under a
//! temporary name beside it, then renamed (or, never to replace one, linked)
//! into place. A scratch folder is always new: never one already there,
//! never through a symlink planted at its path. Stored data is read through
//! a size guard. Every temporary is registered until it is published or
//! dropped, so an interrupt removes it (`process::interrupt`).

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::env;
use std::fs::{self, DirBuilder, File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

/// Stored cases stay under this size; larger inputs are generated. An input
/// is streamed to the program, never held whole.
pub const MAX_STORED_BYTES: u64 = 64 << 20;

static TEMPORARIES: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());
static NEXT: AtomicUsize = AtomicUsize::new(0);

fn temporaries() -> MutexGuard<'static, BTreeSet<PathBuf>> {
    TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes every temporary still registered: the interrupt's cleanup, just
/// before the process exits.
pub fn remove_temporaries() {
    for path in std::mem::take(&mut *temporaries()) {
        remove(&path);
    }
}

/// Removes a file, or a folder with all it holds; never follows a symlink.
fn remove(path: &Path) {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => drop(fs::remove_dir_all(path)),
        Ok(_) => drop(fs::remove_file(path)),
        Err(_) => {}
    }
}

/// `<parent>/<stem>-<process id>-<n>`: a name no other call of this process
/// returns.
fn unique(parent: &Path, stem: &str) -> PathBuf {
    let n = NEXT.fetch_add(1, Ordering::SeqCst);
    parent.join(format!("{stem}-{}-{n}", process::id()))
}

/// Creates a new path with `create` (which must fail when the path exists)
/// and registers it, as one step an interrupt's cleanup cannot cut in two.
/// A name taken already (by an earlier run, or planted) is never used: the
/// next one is tried.
fn create_new(
    parent: &Path,
    stem: &str,
    create: impl Fn(&Path) -> io::Result<()>,
) -> io::Result<Temporary> {
    loop {
        let path = unique(parent, stem);
        let mut registered = temporaries();
        match create(&path) {
            Ok(()) => {
                registered.insert(path.clone());
                return Ok(Temporary { path });
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// A file or folder of this process's own, removed when dropped (and on an
/// interrupt) unless it was published.
#[derive(Debug)]
pub struct Temporary {
    path: PathBuf,
}

impl Temporary {
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Renames it to `path`; an existing file there is replaced, an existing
    /// folder is not (then `Ok(false)`, and it is removed).
    fn rename_to(self, path: &Path) -> io::Result<bool> {
        let mut registered = temporaries();
        match fs::rename(&self.path, path) {
            Ok(()) => {
                registered.remove(&self.path);
                std::mem::forget(self);
                Ok(true)
            }
            Err(_) if path.is_dir() => Ok(false),
            Err(e) => Err(e),
        }
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        temporaries().remove(&self.path);
        remove(&self.path);
    }
}

/// A new, private folder for one run's files, removed when dropped.
#[derive(Debug)]
pub struct Scratch(Temporary);

impl Scratch {
    /// `<prefix>-<process id>-<n>` under the system's temporary folder.
    pub fn new(prefix: &str) -> io::Result<Scratch> {
        Scratch::under(&env::temp_dir(), prefix)
    }

    /// `<prefix>-<process id>-<n>` in `parent`, which must exist.
    pub fn under(parent: &Path, prefix: &str) -> io::Result<Scratch> {
        create_new(parent, prefix, |path| {
            DirBuilder::new().mode(0o700).create(path)
        })
        .map(Scratch)
    }

    pub fn path(&self) -> &Path {
        self.0.path()
    }

    /// Writes `bytes` as the new file `name` in the folder (its folders
    /// made as needed: `name` may be a relative path); never into or through
    /// anything already there.
    pub fn file(&self, name: &str, bytes: &[u8]) -> io::Result<PathBuf> {
        let (path, mut file) = self.create(name)?;
        file.write_all(bytes)?;
        Ok(path)
    }

    /// Opens the new file `name` in the folder to write (a file streamed
    /// in), as `file` makes it.
    pub fn create(&self, name: &str) -> io::Result<(PathBuf, File)> {
        let path = self.path().join(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)?;
        Ok((path, file))
    }

    /// Moves the folder to `path`, where it is kept, readable as any folder
    /// made (a build is run by other uids); `Ok(false)` when a folder is
    /// there already (a rival's, equally good), and this one goes.
    pub fn keep_as(self, path: &Path) -> io::Result<bool> {
        fs::set_permissions(self.path(), fs::Permissions::from_mode(0o755))?;
        self.0.rename_to(path)
    }
}

/// A file being written beside the one it will become (see `publish`).
pub struct Partial {
    temp: Temporary,
    file: File,
}

impl Partial {
    /// A new file beside `path`, named `.<name>.partial-<process id>-<n>`:
    /// listed by nothing that looks for `path`'s kind of file.
    pub fn beside(path: &Path) -> io::Result<Partial> {
        let parent = path.parent().unwrap_or(Path::new("."));
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
        let temp = create_new(parent, &format!(".{name}.partial"), |path| {
            OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)
                .map(drop)
        })?;
        let file = OpenOptions::new().write(true).open(temp.path())?;
        Ok(Partial { temp, file })
    }

    /// The open file, for a writer that streams into it (a generator's stdout).
    pub fn file(&self) -> io::Result<File> {
        self.file.try_clone()
    }

    pub fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.file.write_all(bytes)
    }

    /// Gives the written file its name, replacing a file of that name.
    pub fn publish(self, path: &Path) -> io::Result<()> {
        self.temp.rename_to(path).map(drop)
    }

    /// Gives the written file its name unless `path` exists: `Ok(false)`
    /// then, and nothing is replaced (a link, unlike a rename, never replaces).
    pub fn publish_new(self, path: &Path) -> io::Result<bool> {
        match fs::hard_link(self.temp.path(), path) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(false),
            Err(e) => Err(e),
        }
    }
}

/// Writes `bytes` as `path`, whole or not at all, replacing what is there.
pub fn publish(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut partial = Partial::beside(path)?;
    partial.write_all(bytes)?;
    partial.publish(path)
}

/// Writes `bytes` as the new file `path`, whole or not at all; `Ok(false)`
/// when `path` exists, which is left as it is.
pub fn publish_new(path: &Path, bytes: &[u8]) -> io::Result<bool> {
    if fs::symlink_metadata(path).is_ok() {
        return Ok(false);
    }
    let mut partial = Partial::beside(path)?;
    partial.write_all(bytes)?;
    partial.publish_new(path)
}

/// The executable file `name` names in PATH, as a shell finds it.
pub fn on_path(name: &str) -> Option<PathBuf> {
    env::split_paths(&env::var_os("PATH")?)
        .map(|dir| dir.join(name))
        .find(|path| {
            fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

/// `1 MiB`, `64 MiB`, `512 KiB`, `2 bytes`: a size limit as messages name it.
pub fn size_name(bytes: u64) -> String {
    if bytes < 1 << 10 {
        format!("{bytes} bytes")
    } else if bytes >= 1 << 20 && bytes % (1 << 20) == 0 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{} KiB", bytes >> 10)
    }
}

/// Checks a stored data file without reading it: a regular file (what a
/// symlink points to) under `limit` bytes (`MAX_STORED_BYTES`, or what the
/// problem's `case_size_limit_mib` allows); returns its size.
pub fn check_stored(path: &Path, limit: u64) -> Result<u64, String> {
    let meta = match fs::metadata(path) {
        Err(_) if fs::symlink_metadata(path).is_ok() => {
            return Err(format!(
                "{} is a symlink to nothing (stored data is plain files)",
                path.display()
            ))
        }
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        Ok(meta) => meta,
    };
    if !meta.is_file() {
        return Err(format!(
            "{} is not a regular file (stored data is plain files)",
            path.display()
        ));
    }
    if meta.len() >= limit {
        return Err(too_large(path, meta.len(), limit));
    }
    Ok(meta.len())
}

fn too_large(path: &Path, bytes: u64, limit: u64) -> String {
    format!(
        "{} is {} KiB; it must stay under {} (generate larger inputs instead)",
        path.display(),
        bytes / 1024,
        size_name(limit)
    )
}

/// Opens a stored data file after `check_stored`; what is read from it stops
/// at the guard even if the file grew since.
fn open_stored(path: &Path, limit: u64) -> Result<impl Read, String> {
    check_stored(path, limit)?;
    let file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(file.take(limit))
}

/// Reads a stored data file whole if it is under `limit` bytes, through the
/// guard: for what must be held whole (an answer to compare with, a case a
/// test solves in-process, a problem.toml).
pub fn read_stored(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    open_stored(path, limit)?
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 >= limit {
        return Err(too_large(path, bytes.len() as u64, limit));
    }
    Ok(bytes)
}

/// Bytes a judge reads from a file: the file itself, or bytes that have no
/// file yet (a stress input, the brute force's answer).
#[derive(Clone, Copy, Debug)]
pub enum Text<'a> {
    File(&'a Path),
    Bytes(&'a [u8]),
}

impl Text<'_> {
    /// The bytes, a stored file's through the size guard, `limit`.
    pub fn read(&self, limit: u64) -> Result<Cow<'_, [u8]>, String> {
        match self {
            Text::File(path) => read_stored(path, limit).map(Cow::Owned),
            Text::Bytes(bytes) => Ok(Cow::Borrowed(bytes)),
        }
    }

    pub fn size(&self) -> usize {
        match self {
            Text::File(path) => fs::metadata(path).map_or(0, |m| m.len() as usize),
            Text::Bytes(bytes) => bytes.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn a_scratch_folder_is_new_private_and_removed() {
        let first = Scratch::new("files-test").unwrap();
        let second = Scratch::new("files-test").unwrap();
        assert_ne!(first.path(), second.path());
        let path = first.path().to_path_buf();
        first.file("x", b"y").unwrap();
        assert!(first.file("x", b"z").is_err(), "never written twice");
        drop(first);
        assert!(!path.exists());
    }

    #[test]
    fn a_planted_symlink_at_a_scratch_path_is_not_followed() {
        let target = Scratch::new("files-target").unwrap();
        let parent = Scratch::new("files-parent").unwrap();
        // Every name the next few folders could take holds a symlink.
        let next = NEXT.load(Ordering::SeqCst);
        for n in next..next + 3 {
            let planted = parent.path().join(format!("run-{}-{n}", process::id()));
            symlink(target.path(), planted).unwrap();
        }
        let scratch = Scratch::under(parent.path(), "run").unwrap();
        scratch.file("output", b"mine").unwrap();
        assert!(fs::symlink_metadata(scratch.path()).unwrap().is_dir());
        assert_eq!(fs::read_dir(target.path()).unwrap().count(), 0);
    }

    #[test]
    fn publishing_writes_whole_files_and_publish_new_never_replaces() {
        let dir = Scratch::new("files-publish").unwrap();
        let path = dir.path().join("case.in");
        assert!(publish_new(&path, b"1\n").unwrap());
        assert!(!publish_new(&path, b"2\n").unwrap());
        assert_eq!(fs::read(&path).unwrap(), b"1\n");
        publish(&path, b"3\n").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"3\n");
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().flatten().collect();
        assert_eq!(names.len(), 1, "no partial file is left: {names:?}");
    }

    #[test]
    fn stored_reads_are_guarded() {
        let dir = Scratch::new("files-stored").unwrap();
        let small = dir.file("small", b"ok").unwrap();
        assert_eq!(read_stored(&small, MAX_STORED_BYTES).unwrap(), b"ok");
        let big = dir.path().join("big");
        File::create(&big)
            .unwrap()
            .set_len(MAX_STORED_BYTES)
            .unwrap();
        let err = read_stored(&big, MAX_STORED_BYTES).unwrap_err();
        assert!(err.contains("it must stay under 64 MiB"), "{err}");
        let err = read_stored(&small, 2).unwrap_err();
        assert!(err.contains("it must stay under 2 bytes"), "{err}");
        let err = check_stored(dir.path(), MAX_STORED_BYTES).unwrap_err();
        assert!(err.contains("not a regular file"), "{err}");
        let dangling = dir.path().join("dangling");
        symlink(dir.path().join("nothing"), &dangling).unwrap();
        let err = check_stored(&dangling, MAX_STORED_BYTES).unwrap_err();
        assert!(err.ends_with("dangling is a symlink to nothing (stored data is plain files)"));
    }
}
