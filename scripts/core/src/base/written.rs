//! Reading back a file a boxed program could have written (a helper's
//! feedback folder, an interactor's output, a scratch folder): nothing in
//! it is followed or waited on. The folder is opened without following a
//! symlink put in its place, the file relative to that open folder without
//! following a symlink either, and without blocking (a FIFO opens at once);
//! only a regular file with no other name is read, and at most `limit`
//! bytes of it. Anything else is a breach, worded after the file's path.

use std::ffi::CString;
use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::os::fd::{AsRawFd, FromRawFd};
use std::os::raw::{c_char, c_int};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt};
use std::path::Path;

use super::files::size_name;

const O_NOCTTY: c_int = 0o400;
const O_NONBLOCK: c_int = 0o4000;
const O_DIRECTORY: c_int = 0o200000;
const O_NOFOLLOW: c_int = 0o400000;
const O_CLOEXEC: c_int = 0o2000000;
const ELOOP: i32 = 40;
const ENOTDIR: i32 = 20;

extern "C" {
    fn openat(dir: c_int, path: *const c_char, flags: c_int, ...) -> c_int;
}

/// The bytes of the file `name` in `dir`, which a boxed program may have
/// written: `Ok(None)` when there is none, `Err` (naming the file) when it
/// is a symlink, not a regular file, has other names, is over `limit`
/// bytes, or `dir` itself is not a plain folder.
pub fn read_written(dir: &Path, name: &str, limit: u64) -> Result<Option<Vec<u8>>, String> {
    let path = dir.join(name);
    let shown = path.display();
    let folder = match open_folder(dir) {
        Ok(folder) => folder,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {}", dir.display(), refused(&e, "folder"))),
    };
    let file = match open_in(&folder, name) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{shown}: {}", refused(&e, "file"))),
    };
    let meta = file
        .metadata()
        .map_err(|e| format!("{shown}: cannot read it: {e}"))?;
    if !meta.is_file() {
        return Err(format!(
            "{shown} is {}, not a regular file (it is not read)",
            kind(&meta.file_type())
        ));
    }
    if meta.nlink() != 1 {
        return Err(format!("{shown} has other names (it is not read)"));
    }
    let over = || format!("{shown} is over {} (it is not read)", size_name(limit));
    if meta.len() > limit {
        return Err(over());
    }
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{shown}: cannot read it: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(over());
    }
    Ok(Some(bytes))
}

/// Why an open was refused: a symlink in the way (`ELOOP` under
/// `O_NOFOLLOW`; `ENOTDIR` for a folder, under `O_DIRECTORY` too), or the
/// error itself.
fn refused(error: &io::Error, what: &str) -> String {
    match (error.raw_os_error(), what) {
        (Some(ELOOP), _) => format!("the {what} is a symlink (it is not followed)"),
        (Some(ENOTDIR), "folder") => {
            "the folder is a symlink or not a folder (it is not followed)".to_string()
        }
        _ => format!("cannot open it: {error}"),
    }
}

fn kind(file_type: &std::fs::FileType) -> &'static str {
    if file_type.is_fifo() {
        "a FIFO"
    } else if file_type.is_dir() {
        "a folder"
    } else if file_type.is_char_device() || file_type.is_block_device() {
        "a device"
    } else if file_type.is_socket() {
        "a socket"
    } else {
        "something else"
    }
}

/// The folder itself, never through a symlink at its path.
fn open_folder(dir: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .custom_flags(O_DIRECTORY | O_NOFOLLOW)
        .open(dir)
}

/// The file `name` directly in the open `folder`: no symlink followed, no
/// wait for a FIFO's writer or a device.
fn open_in(folder: &File, name: &str) -> io::Result<File> {
    if name.contains('/') {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "a name, not a path",
        ));
    }
    let name = CString::new(Path::new(name).as_os_str().as_bytes())
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    let flags = O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC; // O_RDONLY is 0
                                                                // SAFETY: a live folder descriptor and a NUL-terminated name.
    let fd = unsafe { openat(folder.as_raw_fd(), name.as_ptr(), flags) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a descriptor just opened, owned by nothing else.
    Ok(unsafe { File::from_raw_fd(fd) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::files::Scratch;
    use std::fs;
    use std::os::unix::fs::symlink;
    use std::process::Command;

    #[test]
    fn a_plain_file_is_read_and_a_missing_one_is_none() {
        let dir = Scratch::new("written-plain").unwrap();
        dir.file("message", b"hello\n").unwrap();
        let read = read_written(dir.path(), "message", 64).unwrap();
        assert_eq!(read.as_deref(), Some(&b"hello\n"[..]));
        assert_eq!(read_written(dir.path(), "none", 64).unwrap(), None);
        let gone = dir.path().join("gone");
        assert_eq!(read_written(&gone, "message", 64).unwrap(), None);
    }

    #[test]
    fn links_fifos_devices_and_large_files_are_breaches() {
        let dir = Scratch::new("written-breach").unwrap();
        let secret = dir.file("secret", b"SECRET\n").unwrap();
        symlink(&secret, dir.path().join("link")).unwrap();
        symlink("/dev/zero", dir.path().join("zero")).unwrap();
        fs::hard_link(&secret, dir.path().join("hard")).unwrap();
        let fifo = dir.path().join("fifo");
        assert!(Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        dir.file("big", &[b'x'; 65]).unwrap();
        dir.file("full", &[b'x'; 64]).unwrap();
        assert_eq!(
            read_written(dir.path(), "full", 64).unwrap().unwrap().len(),
            64
        );
        let err = |name: &str| read_written(dir.path(), name, 64).unwrap_err();
        assert!(err("link").ends_with("link: the file is a symlink (it is not followed)"));
        assert!(err("zero").contains("symlink"), "{}", err("zero"));
        assert!(err("hard").ends_with("hard has other names (it is not read)"));
        assert!(err("fifo").ends_with("fifo is a FIFO, not a regular file (it is not read)"));
        assert!(err("big").ends_with("big is over 64 bytes (it is not read)"));
        // The folder itself replaced by a symlink is not followed either.
        let real = dir.path().join("real");
        fs::create_dir(&real).unwrap();
        fs::write(real.join("message"), "x").unwrap();
        let folder = dir.path().join("folder");
        symlink(&real, &folder).unwrap();
        let err = read_written(&folder, "message", 64).unwrap_err();
        assert!(err.contains("the folder is a symlink"), "{err}");
    }
}
