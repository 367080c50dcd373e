//! Where problems live and what their `problem.toml` says.
//!
//! A problem `<id>` is any folder in `problems/` or `judge-data/`; its cases are
//! the `<name>.in` / `<name>.out` pairs in `judge-data/<id>/`.

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

/// Stored data files stay small; larger inputs are generated.
pub const MAX_DATA_FILE_BYTES: u64 = 1 << 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compare {
    /// Bytes must match; the same tokens with other whitespace is a PE.
    Exact,
    /// Only the whitespace-separated tokens must match.
    Tokens,
    /// Tokens match, numbers within `float_tolerance` (absolute or relative).
    Float,
    /// Each line a JSON value; a top-level array's elements in any order.
    AnyOrder,
    /// As `AnyOrder`, and each element's own elements in any order too.
    AnyOrderDeep,
}

/// How a checker program is called and answers (see `checker`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// `<input> <output> <answer>`; exit 0 AC, 1 WA, 2 PE.
    Testlib,
    /// `<input> <answer> <feedback_dir>/`, the output on stdin; exit 42 AC, 43 WA.
    Kattis,
}

/// testlib's and oj's default.
pub const DEFAULT_FLOAT_TOLERANCE: f64 = 1e-6;

#[derive(Clone, Debug)]
pub struct Config {
    pub title: String,
    pub url: String,
    pub judge: String,
    pub time_limit_ms: u64,
    pub memory_limit_kib: u64,
    pub compare: Compare,
    pub float_tolerance: f64,
    /// A checker program's command line; it judges instead of `compare`.
    pub checker: Option<String>,
    pub checker_protocol: Protocol,
    /// Every `key = value` line, for the keys other tools read (`bench.*`).
    pub raw: BTreeMap<String, String>,
}

#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub input: PathBuf,
    pub output: PathBuf,
}

/// The workspace: the folder holding `problems/` and `judge-data/`.
#[derive(Clone, Debug)]
pub struct Workspace {
    pub root: PathBuf,
}

/// Something wrong with the setup rather than with a solution (exit status 2).
#[derive(Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Workspace {
    /// The nearest folder at or above `start` that holds both `problems/` and `judge-data/`.
    pub fn find(start: &Path) -> Result<Workspace, SetupError> {
        start
            .ancestors()
            .find(|dir| dir.join("problems").is_dir() && dir.join("judge-data").is_dir())
            .map(|root| Workspace {
                root: root.to_path_buf(),
            })
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

    /// `target/release/<name>`, where `make` puts every binary.
    pub fn binary(&self, name: &str) -> PathBuf {
        self.root.join("target").join("release").join(name)
    }

    /// `target/release/<name>` when it exists; else says to build it.
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

    /// Checks that every id is known; no ids means all of them.
    pub fn select(&self, ids: &[String]) -> Result<Vec<String>, SetupError> {
        let known = self.ids();
        if ids.is_empty() {
            return Ok(known);
        }
        for id in ids {
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

    pub fn config(&self, id: &str) -> Result<Config, SetupError> {
        let path = self.data_dir(id).join("problem.toml");
        let text = fs::read_to_string(&path)
            .map_err(|e| SetupError(format!("cannot read {}: {e}", path.display())))?;
        parse_config(&text).map_err(|e| SetupError(format!("{}: {e}", path.display())))
    }

    /// The `.in`/`.out` pairs of a problem, sorted by name.
    pub fn cases(&self, id: &str) -> Result<Vec<Case>, SetupError> {
        let dir = self.data_dir(id);
        let entries = fs::read_dir(&dir)
            .map_err(|e| SetupError(format!("cannot list {}: {e}", dir.display())))?;
        let mut names: Vec<String> = Vec::new();
        let mut problems: Vec<String> = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            let ext = path.extension().and_then(|e| e.to_str());
            if ext != Some("in") && ext != Some("out") {
                continue;
            }
            let size = entry.metadata().map(|m| m.len()).unwrap_or(0);
            if size >= MAX_DATA_FILE_BYTES {
                problems.push(format!(
                    "{} is {} KiB; stored data stays under 1 MiB (generate larger inputs instead)",
                    path.display(),
                    size / 1024
                ));
            }
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            let twin = path.with_extension(if ext == Some("in") { "out" } else { "in" });
            if !twin.is_file() {
                problems.push(format!(
                    "{} has no {}",
                    path.display(),
                    twin.file_name().and_then(|n| n.to_str()).unwrap_or("")
                ));
            } else if ext == Some("in") {
                names.push(stem.to_string());
            }
        }
        if !problems.is_empty() {
            problems.sort();
            return Err(SetupError(problems.join("\n")));
        }
        if names.is_empty() {
            return Err(SetupError(format!(
                "{} has no cases yet: add <name>.in with its <name>.out",
                dir.display()
            )));
        }
        names.sort();
        Ok(names
            .into_iter()
            .map(|name| Case {
                input: dir.join(format!("{name}.in")),
                output: dir.join(format!("{name}.out")),
                name,
            })
            .collect())
    }
}

fn subfolders(dir: &Path) -> Vec<String> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(_) => return Vec::new(),
    };
    entries
        .flatten()
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| !name.starts_with('.'))
        .collect()
}

/// Reads the flat `key = value` subset of TOML that `problem.toml` uses:
/// `#` comments, bare or double-quoted values, no tables.
pub fn parse_config(text: &str) -> Result<Config, String> {
    let mut raw = BTreeMap::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| format!("line {}: expected `key = value`, found {line:?}", index + 1))?;
        let value = value.trim();
        let value = match value.strip_prefix('"') {
            Some(rest) => rest
                .strip_suffix('"')
                .ok_or_else(|| format!("line {}: unterminated string", index + 1))?,
            None => value.split('#').next().unwrap_or("").trim(),
        };
        raw.insert(key.trim().to_string(), value.to_string());
    }
    let text_of = |key: &str| raw.get(key).cloned().unwrap_or_default();
    let number = |key: &str| -> Result<u64, String> {
        let value = raw
            .get(key)
            .ok_or_else(|| format!("missing `{key} = <number>`"))?;
        value
            .parse::<u64>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("`{key}` must be a positive whole number, found {value:?}"))
    };
    let compare = match raw.get("compare").map(String::as_str) {
        None | Some("exact") => Compare::Exact,
        Some("tokens") => Compare::Tokens,
        Some("float") => Compare::Float,
        Some("any-order") => Compare::AnyOrder,
        Some("any-order-deep") => Compare::AnyOrderDeep,
        Some(other) => {
            return Err(format!(
                "`compare` must be \"exact\", \"tokens\", \"float\", \"any-order\" \
                 or \"any-order-deep\", found {other:?}"
            ))
        }
    };
    let float_tolerance = match raw.get("float_tolerance") {
        None => DEFAULT_FLOAT_TOLERANCE,
        Some(_) if compare != Compare::Float => {
            return Err("`float_tolerance` needs `compare = \"float\"`".into())
        }
        Some(text) => text
            .parse::<f64>()
            .ok()
            .filter(|tolerance| tolerance.is_finite() && *tolerance >= 0.0)
            .ok_or_else(|| {
                format!("`float_tolerance` must be a number such as 1e-6, found {text:?}")
            })?,
    };
    let checker = match raw.get("checker").map(|line| line.trim()) {
        Some("") => return Err("`checker` must name a program, found \"\"".into()),
        line => line.map(str::to_string),
    };
    let checker_protocol = match raw.get("checker_protocol").map(String::as_str) {
        Some(_) if checker.is_none() => {
            return Err("`checker_protocol` needs `checker = \"<command>\"`".into())
        }
        None | Some("testlib") => Protocol::Testlib,
        Some("kattis") => Protocol::Kattis,
        Some(other) => {
            return Err(format!(
                "`checker_protocol` must be \"testlib\" or \"kattis\", found {other:?}"
            ))
        }
    };
    Ok(Config {
        title: text_of("title"),
        url: text_of("url"),
        judge: text_of("judge"),
        time_limit_ms: number("time_limit_ms")?,
        memory_limit_kib: number("memory_limit_kib")?,
        compare,
        float_tolerance,
        checker,
        checker_protocol,
        raw,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_reads_quoted_bare_and_commented_values() {
        let config = parse_config(
            "# comment\ntitle = \"Number Game\"\njudge = poj\ntime_limit_ms = 1000 # POJ's\n\
             memory_limit_kib = 65536\ncompare = \"tokens\"\nbench.positions = 100 1000\n",
        )
        .unwrap();
        assert_eq!(config.title, "Number Game");
        assert_eq!(config.judge, "poj");
        assert_eq!(config.time_limit_ms, 1000);
        assert_eq!(config.memory_limit_kib, 65536);
        assert_eq!(config.compare, Compare::Tokens);
        assert_eq!(config.raw["bench.positions"], "100 1000");
    }

    #[test]
    fn config_errors_name_the_problem() {
        let err = parse_config("time_limit_ms = 1000\n").unwrap_err();
        assert!(err.contains("memory_limit_kib"), "{err}");
        let err = parse_config("time_limit_ms = fast\nmemory_limit_kib = 1\n").unwrap_err();
        assert!(
            err.contains("time_limit_ms") && err.contains("fast"),
            "{err}"
        );
        let err = parse_config("oops\n").unwrap_err();
        assert!(err.starts_with("line 1:"), "{err}");
        let err =
            parse_config("time_limit_ms = 1\nmemory_limit_kib = 1\ncompare = fuzzy\n").unwrap_err();
        assert!(err.contains("fuzzy"), "{err}");
    }

    #[test]
    fn config_reads_compare_modes_and_checkers() {
        let base = "time_limit_ms = 1\nmemory_limit_kib = 1\n";
        let config = parse_config(base).unwrap();
        assert_eq!(config.float_tolerance, DEFAULT_FLOAT_TOLERANCE);
        assert_eq!(
            (config.checker, config.checker_protocol),
            (None, Protocol::Testlib)
        );
        let config =
            parse_config(&format!("{base}compare = float\nfloat_tolerance = 1e-4\n")).unwrap();
        assert_eq!(
            (config.compare, config.float_tolerance),
            (Compare::Float, 1e-4)
        );
        let config = parse_config(&format!("{base}compare = \"any-order-deep\"\n")).unwrap();
        assert_eq!(config.compare, Compare::AnyOrderDeep);
        let config = parse_config(&format!(
            "{base}checker = \"checkers/wcmp\"\nchecker_protocol = \"kattis\"\n"
        ))
        .unwrap();
        assert_eq!(config.checker.as_deref(), Some("checkers/wcmp"));
        assert_eq!(config.checker_protocol, Protocol::Kattis);
        for (extra, named) in [
            ("float_tolerance = 1e-3\n", "needs `compare = \"float\"`"),
            ("compare = float\nfloat_tolerance = -1\n", "\"-1\""),
            ("compare = float\nfloat_tolerance = nan\n", "\"nan\""),
            ("checker_protocol = kattis\n", "needs `checker"),
            ("checker = x\nchecker_protocol = polygon\n", "\"polygon\""),
            ("checker = \"\"\n", "`checker` must name"),
        ] {
            let err = parse_config(&format!("{base}{extra}")).unwrap_err();
            assert!(err.contains(named), "{extra}: {err}");
        }
    }
}
