//! Where problems live and what their `problem.toml` says.
//!
//! A problem `<id>` is any folder in `problems/` or `judge-data/`; its cases are
//! the `<name>.in` / `<name>.out` pairs in `judge-data/<id>/`.

use crate::run::Clock;
use std::collections::BTreeMap;
use std::fmt;
use std::fs::{self, File};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Stored data files stay small; larger inputs are generated.
pub const MAX_DATA_FILE_BYTES: u64 = 1 << 20;

/// Every key `problem.toml` may set, besides `bench.<series>`.
const KEYS: [&str; 15] = [
    "title",
    "url",
    "judge",
    "time_limit_ms",
    "memory_limit_kib",
    "time",
    "compare",
    "float_tolerance",
    "checker",
    "checker_protocol",
    "interactor",
    "interactor_protocol",
    "rustc",
    "stress_case_lines",
    "stress_terminator",
];

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

/// How a checker program or an interactor is called and answers (see
/// `checker` and `interactive`; an interactor's `<output>` is a file it writes).
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
    /// What the time limit applies to: CPU time (most judges) or wall time (LeetCode).
    pub time: Clock,
    pub compare: Compare,
    pub float_tolerance: f64,
    /// A checker program's command line; it judges instead of `compare`.
    pub checker: Option<String>,
    pub checker_protocol: Protocol,
    /// The command line of the interactor, for an interactive problem.
    pub interactor: Option<String>,
    pub interactor_protocol: Protocol,
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

    /// Checks that every id is well-formed and known; no ids means all of them.
    pub fn select(&self, ids: &[String]) -> Result<Vec<String>, SetupError> {
        let known = self.ids();
        if ids.is_empty() {
            return Ok(known);
        }
        for id in ids {
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

    pub fn config(&self, id: &str) -> Result<Config, SetupError> {
        let path = self.data_dir(id).join("problem.toml");
        let bytes = read_data(&path)?;
        let text = String::from_utf8(bytes)
            .map_err(|_| SetupError(format!("{} is not UTF-8 text", path.display())))?;
        parse_config(&text).map_err(|e| SetupError(format!("{}: {e}", path.display())))
    }

    /// The `.in`/`.out` pairs of a problem, sorted by name.
    pub fn cases(&self, id: &str) -> Result<Vec<Case>, SetupError> {
        self.list_cases(id, true)
    }

    /// The cases of an interactive problem: its interactor judges, so an
    /// `.in` needs no `.out` (a case's `output` may not exist).
    pub fn interaction_cases(&self, id: &str) -> Result<Vec<Case>, SetupError> {
        self.list_cases(id, false)
    }

    fn list_cases(&self, id: &str, answers_required: bool) -> Result<Vec<Case>, SetupError> {
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
            // The guards apply to what a symlink points to.
            match fs::metadata(&path) {
                Ok(meta) if !meta.is_file() => {
                    problems.push(format!(
                        "{} is not a regular file (a case is a plain .in/.out file)",
                        path.display()
                    ));
                    continue;
                }
                Ok(meta) if meta.len() >= MAX_DATA_FILE_BYTES => problems.push(format!(
                    "{} is {} KiB; stored data stays under 1 MiB (generate larger inputs instead)",
                    path.display(),
                    meta.len() / 1024
                )),
                Ok(_) => {}
                Err(e) => {
                    problems.push(format!("cannot read {}: {e}", path.display()));
                    continue;
                }
            }
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            let twin = path.with_extension(if ext == Some("in") { "out" } else { "in" });
            if !twin.is_file() && (answers_required || ext == Some("out")) {
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

/// Reads a stored data file, refusing one that grew past the size guard
/// since it was listed: the runner never reads an unbounded file.
pub fn read_data(path: &Path) -> Result<Vec<u8>, SetupError> {
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|file| file.take(MAX_DATA_FILE_BYTES).read_to_end(&mut bytes))
        .map_err(|e| SetupError(format!("cannot read {}: {e}", path.display())))?;
    if bytes.len() as u64 >= MAX_DATA_FILE_BYTES {
        return Err(SetupError(format!(
            "{} is 1 MiB or more; stored data stays under 1 MiB",
            path.display()
        )));
    }
    Ok(bytes)
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
    entries
        .flatten()
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| !name.starts_with('.'))
        .collect()
}

/// Reads the flat `key = value` subset of TOML that `problem.toml` uses:
/// `#` comments (alone or after a value), bare or double-quoted values, no
/// tables. Unknown and repeated keys are refused.
pub fn parse_config(text: &str) -> Result<Config, String> {
    let mut raw = BTreeMap::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = index + 1;
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| format!("line {at}: expected `key = value`, found {line:?}"))?;
        let key = key.trim();
        let series = key
            .strip_prefix("bench.")
            .is_some_and(|name| !name.is_empty());
        if !series && !KEYS.contains(&key) {
            return Err(format!("line {at}: unknown key `{key}`{}", suggestion(key)));
        }
        let value = parse_value(value.trim()).map_err(|e| format!("line {at}: {e}"))?;
        if raw.insert(key.to_string(), value).is_some() {
            return Err(format!("line {at}: `{key}` is set twice"));
        }
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
    let time = match raw.get("time").map(String::as_str) {
        None | Some("cpu") => Clock::Cpu,
        Some("wall") => Clock::Wall,
        Some(other) => {
            return Err(format!(
                "`time` must be \"cpu\" or \"wall\", found {other:?}"
            ))
        }
    };
    let interactor_protocol = match raw.get("interactor_protocol").map(String::as_str) {
        None | Some("testlib") => Protocol::Testlib,
        Some("kattis") => Protocol::Kattis,
        Some(other) => {
            return Err(format!(
                "`interactor_protocol` must be \"testlib\" or \"kattis\", found {other:?}"
            ))
        }
    };
    let interactor = raw.get("interactor").cloned();
    if interactor
        .as_deref()
        .is_some_and(|line| line.trim().is_empty())
    {
        return Err("`interactor` must be a command line, found \"\"".into());
    }
    if interactor.is_none() && raw.contains_key("interactor_protocol") {
        return Err("`interactor_protocol` needs `interactor` too".into());
    }
    Ok(Config {
        title: text_of("title"),
        url: text_of("url"),
        judge: text_of("judge"),
        time_limit_ms: number("time_limit_ms")?,
        memory_limit_kib: number("memory_limit_kib")?,
        time,
        compare,
        float_tolerance,
        checker,
        checker_protocol,
        interactor,
        interactor_protocol,
        raw,
    })
}

/// A value: `"text"` up to the next quote, or bare text up to a `#`; either
/// may be followed by a `#` comment.
fn parse_value(value: &str) -> Result<String, String> {
    let quoted = match value.strip_prefix('"') {
        Some(quoted) => quoted,
        None => return Ok(value.split('#').next().unwrap_or("").trim().to_string()),
    };
    let (inside, after) = quoted
        .split_once('"')
        .ok_or("unterminated string: no closing '\"'")?;
    let after = after.trim();
    if !after.is_empty() && !after.starts_with('#') {
        return Err(format!(
            "expected a `#` comment or nothing after the closing quote, found {after:?}"
        ));
    }
    Ok(inside.to_string())
}

/// "; did you mean `compare`?" for the known key nearest to `key`, or the
/// list of known keys when none is near.
fn suggestion(key: &str) -> String {
    let nearest = KEYS
        .iter()
        .map(|known| (edit_distance(key, known), *known))
        .min();
    match nearest {
        Some((distance, known)) if distance <= 2.max(key.len() / 3) => {
            format!("; did you mean `{known}`?")
        }
        _ => format!("; known keys: {}, bench.<series>", KEYS.join(", ")),
    }
}

/// Levenshtein distance: insertions, deletions and substitutions.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substituted = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substituted.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
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
    fn config_reads_the_interactor_and_its_protocol() {
        let base = "time_limit_ms = 1\nmemory_limit_kib = 1\n";
        let config = parse_config(base).unwrap();
        assert_eq!(config.interactor, None);
        assert_eq!(config.interactor_protocol, Protocol::Testlib);
        let config = parse_config(&format!(
            "{base}interactor = \"x-interactor\"\ninteractor_protocol = \"kattis\"\n"
        ))
        .unwrap();
        assert_eq!(config.interactor.as_deref(), Some("x-interactor"));
        assert_eq!(config.interactor_protocol, Protocol::Kattis);
        for bad in [
            "interactor = \"x\"\ninteractor_protocol = \"polygon\"\n",
            "interactor_protocol = \"testlib\"\n",
            "interactor = \"\"\n",
        ] {
            assert!(parse_config(&format!("{base}{bad}")).is_err(), "{bad}");
        }
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

    #[test]
    fn comments_follow_values_and_time_picks_the_clock() {
        let config = parse_config(
            "time_limit_ms = 1000\nmemory_limit_kib = 1\ncompare = \"tokens\" # note\n\
             time = \"wall\"\n",
        )
        .unwrap();
        assert_eq!(config.compare, Compare::Tokens);
        assert_eq!(config.time, Clock::Wall);
        let config = parse_config("time_limit_ms = 1\nmemory_limit_kib = 1\n").unwrap();
        assert_eq!(config.time, Clock::Cpu);
        let err =
            parse_config("time_limit_ms = 1\nmemory_limit_kib = 1\ntime = gpu\n").unwrap_err();
        assert!(err.contains("\"cpu\" or \"wall\""), "{err}");
        let err = parse_config("title = \"a\" b\n").unwrap_err();
        assert!(err.contains("after the closing quote"), "{err}");
        let err = parse_config("title = \"a\n").unwrap_err();
        assert!(err.contains("unterminated"), "{err}");
    }

    #[test]
    fn unknown_keys_are_refused_with_the_nearest_known_one() {
        let err = parse_config("compre = tokens\n").unwrap_err();
        assert_eq!(err, "line 1: unknown key `compre`; did you mean `compare`?");
        let err = parse_config("memory_limit = 1\n").unwrap_err();
        assert!(err.contains("did you mean `memory_limit_kib`?"), "{err}");
        let err = parse_config("colour = red\n").unwrap_err();
        assert!(err.contains("known keys: title, url"), "{err}");
        let err = parse_config("bench. = 1\n").unwrap_err();
        assert!(err.contains("unknown key `bench.`"), "{err}");
    }

    #[test]
    fn duplicate_keys_are_refused() {
        let err = parse_config("time_limit_ms = 1\ntime_limit_ms = 2\n").unwrap_err();
        assert_eq!(err, "line 2: `time_limit_ms` is set twice");
    }

    #[test]
    fn ids_are_lowercase_words_and_never_paths() {
        for good in ["poj1143", "lc294", "a", "cf_1a"] {
            assert_eq!(check_id(good), Ok(()), "{good}");
        }
        for bad in ["Poj1", "poj-1", "9poj", "/tmp/x", "../x", "", "_a", "a b"] {
            assert!(check_id(bad).is_err(), "{bad}");
        }
    }
}
