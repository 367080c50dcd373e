//! Where problems live: the workspace's folders, its problem ids, each
//! problem's stored cases and built programs.
//!
//! A problem `<id>` is any folder in `problems/` or `judge-data/`; its cases
//! are the `<name>.in` / `<name>.out` pairs in `judge-data/<id>/`.

use super::config::{self, Config};
use crate::base::error::SetupError;
use crate::base::files;
use crate::base::nearest::nearest;
use crate::base::terminal::escape_name;
use crate::process::run::Program;
use crate::process::{sight, sources};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// problem.toml is a few lines; a guard far smaller than a case's.
const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// One stored case: `<name>.in`, and `<name>.out` when the problem has one
/// (an interactive problem's case may have no answer).
#[derive(Clone, Debug)]
pub struct Case {
    /// Its file name's stem as printed: a character that could move the
    /// cursor, start a line or reorder one escaped (`terminal::escape_name`).
    pub name: String,
    pub input: PathBuf,
    pub answer: Option<PathBuf>,
}

/// On stderr, once a run for the file at `path`: the first of its `lines`
/// lines TOML reads otherwise than meant (`first`), and how many more there are.
fn warn_once(path: &Path, first: &str, lines: usize) {
    static WARNED: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());
    let new = WARNED
        .lock()
        .map_or(true, |mut warned| warned.insert(path.to_path_buf()));
    if new {
        let more = match lines {
            1 => String::new(),
            2 => "; 1 more line to change".to_string(),
            _ => format!("; {} more lines to change", lines - 1),
        };
        eprintln!("judge: {first}{more}");
    }
}

/// One problem of a workspace: where it lives, its id and its problem.toml,
/// handed as one value to what judges it.
#[derive(Clone, Debug)]
pub struct Problem {
    pub workspace: Workspace,
    pub id: String,
    pub config: Config,
}

/// The workspace: the folder holding `problems/` and `judge-data/`.
#[derive(Clone, Debug)]
pub struct Workspace {
    pub root: PathBuf,
    /// Where the problems' programs are built: `target/release`.
    pub binaries: PathBuf,
}

impl Workspace {
    /// The workspace at `root`; its stored data is hidden from every program
    /// the sandbox runs but the judge's own.
    pub fn at(root: &Path) -> Workspace {
        sight::hide_workspace(root);
        Workspace {
            root: root.to_path_buf(),
            binaries: root.join("target").join("release"),
        }
    }

    /// The nearest folder at or above `start` that holds both `problems/` and `judge-data/`.
    pub fn find(start: &Path) -> Result<Workspace, SetupError> {
        start
            .ancestors()
            .find(|dir| dir.join("problems").is_dir() && dir.join("judge-data").is_dir())
            .map(Workspace::at)
            .ok_or_else(|| {
                SetupError(format!(
                    "no workspace here: no folder at or above {} holds problems/ and judge-data/",
                    start.display()
                ))
            })
    }

    pub fn data_dir(&self, id: &str) -> PathBuf {
        self.root.join("judge-data").join(id)
    }

    pub fn problem_dir(&self, id: &str) -> PathBuf {
        self.root.join("problems").join(id)
    }

    /// `target/<folder>`, where the runner keeps what it makes.
    pub fn target(&self, folder: &str) -> PathBuf {
        self.root.join("target").join(folder)
    }

    /// The built program `<name>` (`target/release/<name>`).
    pub fn binary(&self, name: &str) -> PathBuf {
        self.binaries.join(name)
    }

    /// The built program `<name>` when it exists; else says to build it.
    pub fn built(&self, name: &str) -> Result<PathBuf, SetupError> {
        let path = self.binary(name);
        if path.is_file() {
            Ok(path)
        } else {
            Err(SetupError(format!(
                "{} is missing: run `make` first (every make target builds before it runs)",
                path.display()
            )))
        }
    }

    /// A program given on the command line (`--bin`, `--sol`, ...): a source
    /// file is compiled into `target/foreign/`.
    pub fn program(&self, text: &str) -> Result<Program, SetupError> {
        sources::from_arg(text, &self.target("foreign")).map_err(SetupError)
    }

    /// A judge's program named in `problem.toml` (a checker's, an
    /// interactor's, an input validator's): `own` (`<id>-check`) is the
    /// problem's own binary; a source file or a folder of sources (a
    /// package's validator) is compiled into `target/foreign/` and run with
    /// the command's other words; any other command line runs through `sh`,
    /// its relative paths starting at the workspace root, and sees of the
    /// workspace only the files and folders it names.
    pub fn tool(&self, own: &str, command: &str, what: &str) -> Result<Program, SetupError> {
        if command == own {
            return self.built(command).map(Program::exec);
        }
        let root = self
            .root
            .canonicalize()
            .map_err(|e| SetupError(format!("cannot find {}: {e}", self.root.display())))?;
        let mut words = command.split_whitespace();
        let first = words.next().unwrap_or("");
        if first.contains('/') && sources::is_source(&root.join(first)) {
            let source = root.join(first);
            let program = sources::build(&sources::Source::at(&source), &self.target("foreign"))
                .map_err(|e| SetupError(format!("{what} {first}: {e}")))?;
            let rest: Vec<String> = words.map(String::from).collect();
            return Ok(program.with_args(&rest));
        }
        if first.contains('/') && !root.join(first).is_file() {
            return Err(SetupError(format!(
                "{what} {command:?}: no file {first} (relative paths start at the workspace root)"
            )));
        }
        // Each word naming a file or folder of the workspace, at its
        // absolute path: what the line sees of the workspace, as a shell
        // line's words are (the folder itself never).
        let line: Vec<String> = command
            .split_whitespace()
            .map(|word| {
                let path = root.join(word);
                let named = !word.starts_with('-') && path.exists() && !root.starts_with(&path);
                match named {
                    true => path.to_string_lossy().into_owned(),
                    false => word.to_string(),
                }
            })
            .collect();
        Ok(Program::Exec(
            PathBuf::from("/bin/sh"),
            vec![
                "-c".into(),
                format!("exec {} \"$@\"", line.join(" ")),
                "sh".into(),
            ],
        ))
    }

    /// The package names of the workspace's own crates (the runner, testkit,
    /// ...), from the `members` of its Cargo.toml that are no glob: a problem
    /// named so would clash with one.
    pub fn tool_crates(&self) -> Vec<String> {
        let manifest = fs::read_to_string(self.root.join("Cargo.toml")).unwrap_or_default();
        let members = manifest
            .split_once("members")
            .and_then(|(_, rest)| rest.split_once('['))
            .and_then(|(_, rest)| rest.split_once(']'))
            .map_or("", |(list, _)| list);
        members
            .split('"')
            .skip(1)
            .step_by(2)
            .filter(|member| !member.contains('*'))
            .filter_map(|member| {
                let text = fs::read_to_string(self.root.join(member).join("Cargo.toml")).ok()?;
                let line = text
                    .lines()
                    .find(|line| line.trim_start().starts_with("name"))?;
                Some(line.split('"').nth(1)?.to_string())
            })
            .collect()
    }

    /// Every problem id, sorted: the folders of `problems/` and `judge-data/`.
    pub fn ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = ["problems", "judge-data"]
            .iter()
            .flat_map(|dir| subfolders(&self.root.join(dir)))
            .collect();
        ids.sort();
        ids.dedup();
        ids
    }

    /// Checks that every id is well-formed and known; no ids means all of them.
    pub fn select(&self, ids: &[String]) -> Result<Vec<String>, SetupError> {
        let known = self.ids();
        if ids.is_empty() {
            return Ok(known);
        }
        for id in ids {
            // A typo of an id's form names the one meant, case too.
            let lower = id.to_lowercase();
            let meant = (!known.contains(id) && check_id(&lower).is_ok())
                .then(|| nearest(&lower, known.iter().map(String::as_str)))
                .flatten();
            if let Some(meant) = meant {
                return Err(SetupError(format!(
                    "unknown problem {id:?}: did you mean {meant}?"
                )));
            }
            check_id(id)?;
            if !known.contains(id) {
                return Err(SetupError(format!(
                    "unknown problem {id:?}; known problems: {}",
                    if known.is_empty() {
                        "none yet (make new P=<id>)".to_string()
                    } else {
                        known.join(", ")
                    }
                )));
            }
        }
        Ok(ids.to_vec())
    }

    /// The one id the command takes, known; `usage` says how to name it.
    pub fn one(&self, ids: &[String], usage: &str) -> Result<String, SetupError> {
        match ids {
            [id] => Ok(self.select(std::slice::from_ref(id))?.remove(0)),
            _ => Err(SetupError(usage.to_string())),
        }
    }

    /// Problem `id` with its problem.toml read.
    pub fn problem(&self, id: &str) -> Result<Problem, SetupError> {
        Ok(Problem {
            workspace: self.clone(),
            id: id.to_string(),
            config: self.config(id)?,
        })
    }

    pub fn config(&self, id: &str) -> Result<Config, SetupError> {
        let path = self.data_dir(id).join("problem.toml");
        let bytes = files::read_stored(&path, MAX_CONFIG_BYTES).map_err(SetupError)?;
        let text = String::from_utf8(bytes)
            .map_err(|_| SetupError(format!("{} is not UTF-8 text", path.display())))?;
        let (config, notes) = config::parse_noting(&text)
            .map_err(|e| SetupError(format!("{}: {e}", path.display())))?;
        if let Some(first) = notes.first() {
            warn_once(
                &path,
                &format!("judge-data/{id}/problem.toml {first}"),
                notes.len(),
            );
        }
        Ok(config)
    }

    /// The stored cases of a problem, sorted by name (none, for a new
    /// problem), each file under `stored_limit` bytes (`Config::stored_limit`).
    /// Each `.in` needs its `.out` unless `answers_required` is false (an
    /// interactor judges).
    pub fn cases(
        &self,
        id: &str,
        answers_required: bool,
        stored_limit: u64,
    ) -> Result<Vec<Case>, SetupError> {
        let dir = self.data_dir(id);
        let entries = fs::read_dir(&dir)
            .map_err(|e| SetupError(format!("cannot list {}: {e}", dir.display())))?;
        // Each name's `.in` and `.out`, if there.
        let mut pairs: BTreeMap<String, [Option<PathBuf>; 2]> = BTreeMap::new();
        for entry in entries.flatten() {
            let path = entry.path();
            let side = match path.extension().and_then(|e| e.to_str()) {
                Some("in") => 0,
                Some("out") => 1,
                _ => continue,
            };
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            let stem = stem.to_string();
            pairs.entry(stem).or_default()[side] = Some(path);
        }
        let mut cases = Vec::new();
        let mut problems: Vec<String> = Vec::new();
        for (name, [input, answer]) in pairs {
            // A file that is no stored data is the one thing said of its case.
            let unfit: Vec<String> = [&input, &answer]
                .into_iter()
                .flatten()
                .filter_map(|path| files::check_stored(path, stored_limit).err())
                .collect();
            let missing = match (&input, &answer) {
                (Some(_), None) if answers_required => Some(("in", "out")),
                (None, Some(_)) => Some(("out", "in")),
                _ => None,
            };
            if !unfit.is_empty() {
                problems.extend(unfit.iter().map(|problem| escape_name(problem)));
            } else if let Some((has, lacks)) = missing {
                problems.push(escape_name(&format!(
                    "{} has no {name}.{lacks}",
                    dir.join(format!("{name}.{has}")).display()
                )));
            } else if let Some(input) = input {
                cases.push(Case {
                    name: escape_name(&name),
                    input,
                    answer,
                });
            }
        }
        if !problems.is_empty() {
            return Err(SetupError(problems.join("\n")));
        }
        Ok(cases)
    }
}

/// The one id form every command accepts: `[a-z][a-z0-9_]*`, a Cargo package
/// and binary name as it is, and never a path.
pub fn check_id(id: &str) -> Result<(), SetupError> {
    let valid = id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !valid {
        return Err(SetupError(format!(
            "invalid id {id:?}: use lowercase letters, digits and '_', starting with a letter \
             (poj1143, lc294)"
        )));
    }
    Ok(())
}

fn subfolders(dir: &Path) -> Vec<String> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(_) => return Vec::new(),
    };
    // A name is printed wherever its problem is: escaped, it names no
    // folder, and a problem of it is refused as missing.
    entries
        .flatten()
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| !name.starts_with('.'))
        .map(|name| escape_name(&name))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_lowercase_words_and_never_paths() {
        for good in ["poj1143", "lc294", "a", "cf_1a"] {
            assert_eq!(check_id(good), Ok(()), "{good}");
        }
        for bad in ["Poj1", "poj-1", "9poj", "/tmp/x", "../x", "", "_a", "a b"] {
            assert!(check_id(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_mistyped_id_names_the_problem_meant_case_too() {
        let root = std::env::temp_dir().join(format!("judge-ids-{}", std::process::id()));
        for id in ["poj1143", "poj3688"] {
            fs::create_dir_all(root.join("problems").join(id)).unwrap();
        }
        let workspace = Workspace::at(&root);
        let refused = |id: &str| workspace.select(&[id.to_string()]).unwrap_err().0;
        assert_eq!(
            refused("poj114"),
            "unknown problem \"poj114\": did you mean poj1143?"
        );
        assert_eq!(
            refused("POJ1143"),
            "unknown problem \"POJ1143\": did you mean poj1143?"
        );
        assert!(refused("cf1").contains("known problems: poj1143, poj3688"));
        fs::remove_dir_all(&root).unwrap();
    }
}
