//! A package's files, from a folder or a zip archive, as relative paths:
//! nothing is unpacked and nothing outside the package is ever read. A
//! symlink is resolved inside the package; one that leaves it (absolute, or
//! climbing past the top with `..`) is skipped with a note when it is a
//! statement or attachment, and refused, by name, when it is anything the
//! import uses (data, a validator, a program).

use crate::parsers::zip::{self, Archive, Bounds, Kind};
use judge_core::base::files::{self, size_name};
use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// Folders (and top files) an import never reads: a link out of the package
/// there is skipped, not refused.
const UNUSED: [&str; 9] = [
    "problem_statement",
    "statement",
    "statements",
    "attachments",
    "solution",
    "documents",
    "problem.pdf",
    "problem.html",
    "problem.tex",
];

/// What a package may expand to: each file under the size a case may
/// take (the default `case_size_limit_mib`: the importer never raises it),
/// and 2 GiB in all.
pub const BOUNDS: Bounds = Bounds {
    entry: files::MAX_STORED_BYTES as usize,
    total: 2 << 30,
};

#[derive(Debug)]
enum Node {
    /// A file on disk (a folder package), with its permission bits.
    Disk(PathBuf, u32),
    /// Entry `n` of the archive (a zip package).
    Zipped(usize),
    Folder,
    /// A symlink, its target as a path inside the package.
    Link(String),
}

/// The package's files by relative path (`data/secret/1.in`).
#[derive(Debug, Default)]
pub struct Tree {
    nodes: BTreeMap<String, Node>,
    archive: Option<Archive>,
    /// What was skipped, to say so.
    pub notes: Vec<String>,
}

/// A link's target, resolved against the folder it is in; `None` when it
/// leaves the package.
fn resolve(link: &str, target: &str) -> Option<String> {
    if target.starts_with('/') {
        return None;
    }
    let mut parts: Vec<&str> = link.split('/').collect();
    parts.pop();
    for part in target.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            part => parts.push(part),
        }
    }
    Some(parts.join("/"))
}

impl Tree {
    /// The package at `path`: a folder, or a `.zip` / `.kpp` archive. A zip
    /// whose files are all in one top folder is read from inside it.
    pub fn open(path: &Path) -> Result<Tree, String> {
        let shown = path.display();
        let meta =
            fs::metadata(path).map_err(|e| format!("cannot read the package {shown}: {e}"))?;
        let mut tree = Tree {
            nodes: BTreeMap::new(),
            archive: None,
            notes: Vec::new(),
        };
        let mut links = Vec::new();
        if meta.is_dir() {
            tree.walk(path, "", &mut links)?;
        } else {
            // What an archive expands to is at least its entries' bytes:
            // one past the bound is refused before it is read into memory.
            if meta.len() > BOUNDS.total as u64 {
                return Err(format!(
                    "{shown} is {}, past the bound on an archive: {}: refused",
                    size_name(meta.len()),
                    size_name(BOUNDS.total as u64)
                ));
            }
            let bytes =
                fs::read(path).map_err(|e| format!("cannot read the package {shown}: {e}"))?;
            let archive = zip::open(bytes, BOUNDS).map_err(|e| format!("{shown}: {e}"))?;
            let top = single_top(&archive);
            for (index, entry) in archive.entries.iter().enumerate() {
                let name = match &top {
                    Some(top) => match entry.name.strip_prefix(top.as_str()) {
                        Some(rest) => rest.trim_start_matches('/').to_string(),
                        None => continue,
                    },
                    None => entry.name.clone(),
                };
                if name.is_empty() {
                    continue;
                }
                tree.add_folders(&name);
                match entry.kind {
                    Kind::Directory => {
                        tree.nodes.insert(name, Node::Folder);
                    }
                    Kind::File => {
                        tree.nodes.insert(name, Node::Zipped(index));
                    }
                    Kind::Symlink => {
                        let target = archive.read(entry).map_err(|e| format!("{shown}: {e}"))?;
                        links.push((name, String::from_utf8_lossy(&target).into_owned()));
                    }
                }
            }
            tree.archive = Some(archive);
        }
        for (name, target) in links {
            match resolve(&name, &target) {
                Some(inside) => {
                    tree.nodes.insert(name, Node::Link(inside));
                }
                None if UNUSED
                    .iter()
                    .any(|top| name == *top || name.starts_with(&format!("{top}/"))) =>
                {
                    tree.notes.push(format!(
                        "skipped {name}: a symlink to {target}, outside the package (statements and attachments are not imported)"
                    ));
                }
                None => {
                    return Err(format!(
                        "{name} is a symlink to {target}, outside the package: refused \
                         (data, validators and programs must be inside it)"
                    ))
                }
            }
        }
        Ok(tree)
    }

    fn add_folders(&mut self, name: &str) {
        let mut at = 0;
        while let Some(slash) = name[at..].find('/') {
            let folder = &name[..at + slash];
            self.nodes.entry(folder.to_string()).or_insert(Node::Folder);
            at += slash + 1;
        }
    }

    /// Lists a folder package, never following a symlink out of it.
    fn walk(
        &mut self,
        dir: &Path,
        prefix: &str,
        links: &mut Vec<(String, String)>,
    ) -> Result<(), String> {
        let entries =
            fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
        for entry in entries.flatten() {
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            let path = entry.path();
            let meta = fs::symlink_metadata(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            if meta.file_type().is_symlink() {
                let target = fs::read_link(&path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                links.push((name, target.to_string_lossy().into_owned()));
            } else if meta.is_dir() {
                self.nodes.insert(name.clone(), Node::Folder);
                self.walk(&path, &format!("{name}/"), links)?;
            } else if meta.is_file() {
                self.nodes
                    .insert(name, Node::Disk(path, meta.permissions().mode() & 0o777));
            }
        }
        Ok(())
    }

    /// The path with every symlink on the way resolved, or `None` if it
    /// names nothing (or a loop).
    fn real(&self, path: &str) -> Option<String> {
        let mut current = path.trim_matches('/').to_string();
        for _ in 0..40 {
            let parts: Vec<&str> = current.split('/').collect();
            let mut changed = false;
            for end in 1..=parts.len() {
                let prefix = parts[..end].join("/");
                if let Some(Node::Link(target)) = self.nodes.get(&prefix) {
                    let rest = parts[end..].join("/");
                    current = if rest.is_empty() {
                        target.clone()
                    } else {
                        format!("{target}/{rest}")
                    };
                    changed = true;
                    break;
                }
            }
            if !changed {
                return (current.is_empty() || self.nodes.contains_key(&current))
                    .then_some(current);
            }
        }
        None
    }

    pub fn is_file(&self, path: &str) -> bool {
        self.real(path).is_some_and(|real| {
            matches!(
                self.nodes.get(&real),
                Some(Node::Disk(..) | Node::Zipped(_))
            )
        })
    }

    pub fn is_folder(&self, path: &str) -> bool {
        self.real(path).is_some_and(|real| {
            real.is_empty() || matches!(self.nodes.get(&real), Some(Node::Folder))
        })
    }

    /// The names directly in a folder, sorted (folders and files alike).
    pub fn list(&self, folder: &str) -> Vec<String> {
        let real = match self.real(folder) {
            Some(real) => real,
            None => return Vec::new(),
        };
        let prefix = if real.is_empty() {
            String::new()
        } else {
            format!("{real}/")
        };
        let mut names: Vec<String> = self
            .nodes
            .keys()
            .filter_map(|key| key.strip_prefix(prefix.as_str()))
            .filter(|rest| !rest.is_empty() && !rest.contains('/'))
            .map(String::from)
            .collect();
        names.sort();
        names
    }

    /// Every file at or below `path`, as paths relative to `path`, sorted.
    pub fn files_below(&self, path: &str) -> Vec<String> {
        if self.is_file(path) {
            return vec![String::new()];
        }
        let mut found = Vec::new();
        for name in self.list(path) {
            let child = join(path, &name);
            for below in self.files_below(&child) {
                found.push(if below.is_empty() {
                    name.clone()
                } else {
                    format!("{name}/{below}")
                });
            }
        }
        found
    }

    /// A file's bytes.
    pub fn read(&self, path: &str) -> Result<Vec<u8>, String> {
        let mut bytes = Vec::new();
        self.copy(path, &mut bytes)?;
        Ok(bytes)
    }

    /// Streams a file's bytes into `sink`, a chunk at a time; a file of
    /// `BOUNDS.entry` bytes or more is refused (a zip's before it is
    /// inflated, a folder's when it is seen to be).
    pub fn copy(&self, path: &str, sink: &mut dyn Write) -> Result<(), String> {
        let real = self
            .real(path)
            .ok_or_else(|| format!("{path} is not in the package"))?;
        match self.nodes.get(&real) {
            Some(Node::Disk(file, _)) => {
                let bound = BOUNDS.entry as u64;
                let too_large = |size: u64| {
                    format!(
                        "{path} is {}, past the bound on a file of a package: under {} \
                         (the case size limit): refused",
                        size_name(size),
                        size_name(bound)
                    )
                };
                let mut opened =
                    File::open(file).map_err(|e| format!("cannot read {path}: {e}"))?;
                let size = opened.metadata().map_or(0, |m| m.len());
                if size >= bound {
                    return Err(too_large(size));
                }
                let copied = io::copy(&mut (&mut opened).take(bound), sink)
                    .map_err(|e| format!("cannot copy {path}: {e}"))?;
                match copied >= bound {
                    true => Err(too_large(copied)),
                    false => Ok(()),
                }
            }
            Some(Node::Zipped(index)) => {
                let archive = self
                    .archive
                    .as_ref()
                    .expect("a zipped node has its archive");
                archive.read_to(&archive.entries[*index], sink)
            }
            _ => Err(format!("{path} is not a file")),
        }
    }

    /// A file's text; the error names it.
    pub fn text(&self, path: &str) -> Result<String, String> {
        let bytes = self.read(path)?;
        let text = String::from_utf8(bytes).map_err(|_| format!("{path} is not UTF-8 text"))?;
        Ok(text
            .strip_prefix('\u{feff}')
            .map(String::from)
            .unwrap_or(text))
    }

    /// A file's permission bits (0o644 when the archive keeps none).
    pub fn mode(&self, path: &str) -> u32 {
        match self.real(path).and_then(|real| self.nodes.get(&real)) {
            Some(Node::Disk(_, mode)) => *mode,
            Some(Node::Zipped(index)) => self
                .archive
                .as_ref()
                .and_then(|a| a.entries[*index].mode)
                .unwrap_or(0o644),
            _ => 0o644,
        }
    }

    /// Every file of the package, for its fingerprint.
    pub fn all_files(&self) -> Vec<String> {
        self.files_below("")
    }
}

/// `folder/name`, or `name` at the top.
pub fn join(folder: &str, name: &str) -> String {
    if folder.is_empty() {
        name.to_string()
    } else {
        format!("{folder}/{name}")
    }
}

/// The one folder every entry of the archive is in, when there is one
/// and the package's metadata is not at the top already.
fn single_top(archive: &Archive) -> Option<String> {
    let tops: Vec<&str> = archive
        .entries
        .iter()
        .map(|e| e.name.split('/').next().unwrap_or(""))
        .collect();
    let first = *tops.first()?;
    let nested = archive.entries.iter().any(|e| e.name.contains('/'));
    (nested
        && tops.iter().all(|t| *t == first)
        && !archive
            .entries
            .iter()
            .any(|e| e.name == first && e.kind == Kind::File))
    .then(|| first.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_core::base::files::Scratch;
    use std::os::unix::fs::symlink;

    #[test]
    fn an_archive_past_the_bound_is_refused_before_it_is_read() {
        let dir = Scratch::new("tree-test").unwrap();
        let path = dir.path().join("huge.zip");
        File::create(&path)
            .and_then(|file| file.set_len(BOUNDS.total as u64 + 1))
            .unwrap();
        let err = Tree::open(&path).unwrap_err();
        assert!(
            err.ends_with("is 2097152 KiB, past the bound on an archive: 2048 MiB: refused"),
            "{err}"
        );
    }

    #[test]
    fn links_resolve_inside_the_package_or_not_at_all() {
        assert_eq!(
            resolve("data/secret/a.in", "../sample/1.in").as_deref(),
            Some("data/sample/1.in")
        );
        assert_eq!(resolve("problem.pdf", "../../x/problem.pdf"), None);
        assert_eq!(resolve("a", "/etc/passwd"), None);
    }

    #[test]
    fn a_folder_package_is_listed_and_its_links_followed_or_judged() {
        let dir = Scratch::new("tree-test").unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("data/sample")).unwrap();
        fs::write(root.join("data/sample/1.in"), "1\n").unwrap();
        fs::create_dir_all(root.join("problem_statement")).unwrap();
        symlink(
            "../../../elsewhere/problem.pdf",
            root.join("problem_statement/problem.pdf"),
        )
        .unwrap();
        symlink("sample", root.join("data/copy")).unwrap();
        let tree = Tree::open(root).unwrap();
        assert_eq!(tree.list("data"), ["copy", "sample"]);
        assert_eq!(tree.read("data/copy/1.in").unwrap(), b"1\n");
        assert!(tree.is_folder("data/copy"));
        assert_eq!(tree.files_below("data"), ["copy/1.in", "sample/1.in"]);
        assert!(
            tree.notes[0].starts_with("skipped problem_statement/problem.pdf"),
            "{:?}",
            tree.notes
        );
        symlink("/etc/passwd", root.join("data/sample/2.in")).unwrap();
        let err = Tree::open(root).unwrap_err();
        assert!(
            err.starts_with(
                "data/sample/2.in is a symlink to /etc/passwd, outside the package: refused"
            ),
            "{err}"
        );
    }
}
