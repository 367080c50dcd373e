//! The problem package format (Kattis, ICPC, NWERC, BAPC): `problem.yaml`
//! in its `legacy` and `2023-07` versions, `data/sample` and `data/secret`
//! with nested groups and their `testdata.yaml`, `.ans` answers,
//! `.interaction` examples, input validators, the output validator (or the
//! default one and its flags), and `submissions/<verdict>/` with
//! `submissions.yaml` and `submissions.json`; with DOMjudge's additions:
//! `domjudge-problem.ini`, `.timelimit` and `@EXPECTED_RESULTS@` in sources.

use super::tree::{join, Tree};
use super::{case_name, program_path, Case, Data, Format, Package};
use crate::base::ini;
use crate::base::modes::{Expected, GraderFlag, Mode, OnReject, Protocol};
use crate::base::yaml::{self, Node, Value};
use crate::problem::config::{Compare, Group, Submission, TimeRule, Tool};
use crate::process::sources::languages::Language;

/// Kattis's memory limit where a package sets none; DOMjudge's is 2 GiB.
const KATTIS_MEMORY_MIB: u64 = 1024;
const DOMJUDGE_MEMORY_MIB: u64 = 2048;

const LEGACY_KEYS: [&str; 15] = [
    "problem_format_version",
    "type",
    "name",
    "uuid",
    "author",
    "source",
    "source_url",
    "license",
    "rights_owner",
    "limits",
    "validation",
    "validator_flags",
    "grading",
    "keywords",
    "languages",
];
const KEYS_2023: [&str; 15] = [
    "problem_format_version",
    "type",
    "name",
    "uuid",
    "version",
    "credits",
    "source",
    "license",
    "rights_owner",
    "embargo_until",
    "limits",
    "keywords",
    "languages",
    "allow_file_writing",
    "constants",
];
const TESTDATA_KEYS: [&str; 14] = [
    "on_reject",
    "grading",
    "grader_flags",
    "input_validator_flags",
    "output_validator_flags",
    "input_validator_args",
    "output_validator_args",
    "accept_score",
    "reject_score",
    "range",
    "full_feedback",
    "hint",
    "description",
    "static_validation",
];

fn in_file<T>(file: &str, result: Result<T, yaml::Error>) -> Result<T, String> {
    result.map_err(|e| format!("{file}: {e}"))
}

/// Words from a scalar or a sequence of scalars (`"a b"` or `[a, b]`).
fn words(node: &Node, file: &str, what: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    for item in node.items() {
        let text = in_file(file, item.text(what))?;
        words.extend(text.split_whitespace().map(String::from));
    }
    Ok(words)
}

pub fn read(tree: Tree, stem: &str) -> Result<Package, String> {
    let mut notes = tree.notes.clone();
    let yaml = if tree.is_file("problem.yaml") {
        in_file("problem.yaml", yaml::parse(&tree.text("problem.yaml")?))?
    } else {
        Node {
            value: Value::Null,
            line: 1,
        }
    };
    let ini = if tree.is_file("domjudge-problem.ini") {
        ini::parse(&tree.text("domjudge-problem.ini")?)
            .map_err(|e| format!("domjudge-problem.ini: {e}"))?
    } else {
        Vec::new()
    };
    let domjudge =
        !ini.is_empty() || tree.is_file(".timelimit") || tree.is_file("domjudge-problem.ini");
    let ini_value = |key: &str| ini.iter().find(|e| e.key == key).map(|e| e.value.clone());
    let version = match yaml.get("problem_format_version") {
        None => Format::Legacy,
        Some(node) => match in_file("problem.yaml", node.text("a version"))? {
            "legacy" | "legacy-icpc" => Format::Legacy,
            "2023-07-draft" | "2023-07" => Format::Kattis2023,
            other => {
                return Err(format!(
                    "problem.yaml: problem_format_version {other:?} is not supported: expected legacy or 2023-07"
                ))
            }
        },
    };
    let known: &[&str] = if version == Format::Legacy {
        &LEGACY_KEYS
    } else {
        &KEYS_2023
    };
    for (key, _) in yaml.entries() {
        if !known.contains(&key.as_str()) {
            notes.push(format!(
                "problem.yaml: the key {key} is not of the {} and was ignored",
                version.name()
            ));
        }
    }
    for key in ["constants", "allow_file_writing", "languages"] {
        if yaml.get(key).is_some() {
            notes.push(format!(
                "problem.yaml: {key} is not supported and was ignored"
            ));
        }
    }
    let text_of = |key: &str| -> Result<Option<String>, String> {
        match yaml.get(key) {
            None => Ok(None),
            Some(node) if node.is_null() => Ok(None),
            Some(node) => Ok(Some(in_file("problem.yaml", node.text(key))?.to_string())),
        }
    };
    let title = match yaml.get("name") {
        Some(node) if matches!(node.value, Value::Map(_)) => {
            let en = node
                .get("en")
                .or_else(|| node.entries().first().map(|(_, v)| v));
            match en {
                Some(name) => in_file("problem.yaml", name.text("a name"))?.to_string(),
                None => stem.to_string(),
            }
        }
        Some(node) if !node.is_null() => in_file("problem.yaml", node.text("a name"))?.to_string(),
        _ => ini_value("name").unwrap_or_else(|| stem.to_string()),
    };
    let url = match version {
        Format::Legacy => text_of("source_url")?.unwrap_or_default(),
        _ => yaml
            .get("source")
            .and_then(|source| {
                source
                    .items()
                    .first()
                    .and_then(|first| first.get("url"))
                    .and_then(|u| u.text("a URL").ok().map(String::from))
            })
            .unwrap_or_default(),
    };

    // What kind of problem: legacy says it in `validation`, 2023-07 in `type`.
    let mut types: Vec<String> = match yaml.get("type") {
        Some(node) => words(node, "problem.yaml", "a problem type")?,
        None => vec!["pass-fail".into()],
    };
    let validation = text_of("validation")?.unwrap_or_else(|| "default".into());
    let validation: Vec<&str> = validation.split_whitespace().collect();
    if version == Format::Legacy {
        if validation.contains(&"interactive") {
            types.push("interactive".into());
        }
        if !matches!(validation.first(), Some(&"default") | Some(&"custom")) {
            return Err(format!(
                "problem.yaml: validation must start with default or custom, found {:?}",
                validation.join(" ")
            ));
        }
    }
    for kind in &types {
        match kind.as_str() {
            "pass-fail" | "scoring" | "interactive" | "multi-pass" => {}
            "submit-answer" => return Err("problem.yaml: submit-answer problems are not supported: there is no program to judge".into()),
            other => return Err(format!("problem.yaml: type {other:?} is not one of pass-fail, scoring, interactive, multi-pass")),
        }
    }
    let has = |kind: &str| types.iter().any(|t| t == kind);
    let interactive = has("interactive");
    let scoring = has("scoring");
    let multi_pass = has("multi-pass");

    // Limits: what the package sets, and the defaults of the format's judge.
    let limits = yaml.get("limits");
    let limit = |path: &[&str]| -> Result<Option<f64>, String> {
        let mut node = match limits {
            Some(node) => node,
            None => return Ok(None),
        };
        for key in path {
            node = match node.get(key) {
                Some(next) => next,
                None => return Ok(None),
            };
        }
        Ok(Some(in_file(
            "problem.yaml",
            node.number(&format!("limits.{} as a number", path.join("."))),
        )?))
    };
    let memory_mib = limit(&["memory"])?
        .map(|m| m as u64)
        .unwrap_or(if domjudge {
            DOMJUDGE_MEMORY_MIB
        } else {
            KATTIS_MEMORY_MIB
        });
    let time_rule = match version {
        Format::Legacy => TimeRule {
            multiplier: limit(&["time_multiplier"])?.unwrap_or(5.0),
            safety_margin: limit(&["time_safety_margin"])?.unwrap_or(2.0),
            resolution_ms: 1000,
        },
        _ => TimeRule {
            multiplier: limit(&["time_multipliers", "ac_to_time_limit"])?.unwrap_or(2.0),
            safety_margin: limit(&["time_multipliers", "time_limit_to_tle"])?.unwrap_or(1.5),
            resolution_ms: (limit(&["time_resolution"])?.unwrap_or(1.0) * 1000.0)
                .round()
                .max(1.0) as u64,
        },
    };
    let seconds = |text: &str, file: &str| -> Result<u64, String> {
        text.trim()
            .trim_matches(|c| c == '\'' || c == '"')
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s > 0.0)
            .map(|s| (s * 1000.0).round() as u64)
            .ok_or_else(|| {
                format!(
                    "{file}: expected a time limit in seconds, found {:?}",
                    text.trim()
                )
            })
    };
    let time_limit_ms = if let Some(value) = ini_value("timelimit") {
        Some(seconds(&value, "domjudge-problem.ini")?)
    } else if tree.is_file(".timelimit") {
        Some(seconds(&tree.text(".timelimit")?, ".timelimit")?)
    } else {
        limit(&["time_limit"])?.map(|s| (s * 1000.0).round() as u64)
    };
    for key in [
        "output",
        "code",
        "compilation_time",
        "compilation_memory",
        "validation_time",
        "validation_memory",
        "validation_output",
    ] {
        if limit(&[key]).ok().flatten().is_some() {
            notes.push(format!("problem.yaml: limits.{key} is not applied here"));
        }
    }
    for key in ["special_run", "special_compare", "points"] {
        if let Some(value) = ini_value(key).filter(|v| !v.is_empty()) {
            notes.push(format!("domjudge-problem.ini: {key} = {value:?} is not supported (it names a DOMjudge executable or score, not part of the package)"));
        }
    }

    // The output validator: the package's, or the default one with its flags.
    let mut copied: Vec<String> = Vec::new();
    let validator_path = if tree.is_folder("output_validator") {
        Some("output_validator".to_string())
    } else if tree.is_folder("output_validators") {
        let entries: Vec<String> = tree
            .list("output_validators")
            .into_iter()
            .filter(|n| !n.starts_with('.'))
            .collect();
        match entries.as_slice() {
            [] => None,
            [one] => Some(join("output_validators", one)),
            several => {
                return Err(format!(
                    "output_validators/ holds {} validators ({}): only one is supported",
                    several.len(),
                    several.join(", ")
                ))
            }
        }
    } else {
        None
    };
    let custom = match version {
        Format::Legacy => validation.first() == Some(&"custom"),
        _ => validator_path.is_some() || interactive || multi_pass,
    };
    let flags = match yaml.get("validator_flags") {
        Some(node) if !node.is_null() => words(node, "problem.yaml", "validator flags")?,
        _ => Vec::new(),
    };
    let (mut checker, mut interactor, mut compare, mut validator_flags) =
        (None, None, Compare::kattis_default(), Vec::new());
    match (custom, &validator_path) {
        (true, Some(path)) => {
            add_program(&tree, path, &mut copied)?;
            let tool = Tool {
                command: program_path(path)?,
                protocol: Protocol::Kattis,
            };
            if interactive {
                interactor = Some(tool);
            } else {
                checker = Some(tool);
            }
            validator_flags = flags;
        }
        (true, None) => {
            return Err(
                "the problem needs its own output validator (custom, interactive or multi-pass) \
                        but the package has no output_validators/ or output_validator/"
                    .into(),
            )
        }
        (false, _) => {
            compare = compare
                .with_validator_flags(&flags)
                .map_err(|e| format!("problem.yaml: validator_flags: {e}"))?;
        }
    }
    let validation_passes = if multi_pass {
        Some(
            limit(&["validation_passes"])?
                .map_or(2, |n| n as u32)
                .max(2),
        )
    } else {
        None
    };

    // Test data, groups and their settings.
    let mut data = Walk {
        tree: &tree,
        interactive,
        cases: Vec::new(),
        examples: Vec::new(),
        groups: Vec::new(),
        notes: Vec::new(),
    };
    if !tree.is_folder("data") {
        return Err(
            "expected test data in data/sample and data/secret: the package has no data/".into(),
        );
    }
    let root = data.settings("data", &Group::new(""))?;
    data.group("data", &root)?;
    notes.append(&mut data.notes);
    if data.cases.is_empty() {
        return Err("data/ holds no test case (a <name>.in with its <name>.ans)".into());
    }
    let Walk {
        cases,
        examples,
        groups,
        ..
    } = data;
    let plain = groups.iter().all(|g| {
        *g == Group {
            cases: g.cases.clone(),
            ..Group::new(&g.path)
        }
    });
    let groups = if scoring || !plain {
        groups
    } else {
        Vec::new()
    };

    // Input validators.
    let mut input_validators = Vec::new();
    for folder in ["input_validators", "input_format_validators"] {
        for name in tree.list(folder) {
            let path = join(folder, &name);
            if name.ends_with(".ctd") || name.ends_with(".viva") {
                notes.push(format!("{path}: checktestdata and VIVA validators are not supported; `make validate` skips it"));
                continue;
            }
            if name.starts_with('.') {
                continue;
            }
            add_program(&tree, &path, &mut copied)?;
            input_validators.push(program_path(&path)?);
        }
    }

    let submissions = submissions(&tree, version, &mut copied, &mut notes)?;
    for (folder, what) in [
        (
            "include",
            "included files (include/<language>/) are not added to submissions",
        ),
        (
            "graders",
            "custom graders are not supported: the default grader aggregates",
        ),
        (
            "generators",
            "generators are not run: the package's data is taken as it is",
        ),
        ("static_validator", "static validation is not supported"),
        (
            "data/invalid_input",
            "invalid inputs are not checked against the input validators",
        ),
        (
            "data/invalid_output",
            "invalid outputs are not checked against the output validator",
        ),
        (
            "data/valid_output",
            "valid outputs are not checked against the output validator",
        ),
    ] {
        if tree.is_folder(folder) {
            notes.push(format!("{folder}/: {what}"));
        }
    }
    Ok(Package {
        format: version,
        domjudge,
        short_name: stem.to_string(),
        title,
        url,
        time_limit_ms,
        time_rule: Some(time_rule),
        memory_limit_kib: memory_mib * 1024,
        compare,
        checker,
        interactor,
        validator_flags,
        validation_passes,
        scoring,
        cases,
        examples,
        groups,
        submissions,
        main_solution: None,
        input_validators,
        input_validator_protocol: Protocol::Kattis,
        input_validator_flags: Vec::new(),
        copied,
        notes,
        tree,
    })
}

/// Adds every file of the program at `path` (a file or a folder) to `copied`.
fn add_program(tree: &Tree, path: &str, copied: &mut Vec<String>) -> Result<(), String> {
    for file in tree.files_below(path) {
        let full = if file.is_empty() {
            path.to_string()
        } else {
            join(path, &file)
        };
        copied.push(program_path(&full)?);
    }
    Ok(())
}

/// The walk over `data/`: cases, examples and groups in the format's order.
struct Walk<'a> {
    tree: &'a Tree,
    interactive: bool,
    cases: Vec<Case>,
    examples: Vec<(String, String)>,
    groups: Vec<Group>,
    notes: Vec<String>,
}

impl Walk<'_> {
    /// The settings of the group at `folder` (a group with no path and no
    /// cases): its testdata.yaml (or test_group.yaml), else its parent's,
    /// whole, as the format inherits them.
    fn settings(&mut self, folder: &str, parent: &Group) -> Result<Group, String> {
        let file = ["testdata.yaml", "test_group.yaml"]
            .iter()
            .map(|name| join(folder, name))
            .find(|path| self.tree.is_file(path));
        let file = match file {
            Some(file) => file,
            None => return Ok(parent.clone()),
        };
        let node = in_file(&file, yaml::parse(&self.tree.text(&file)?))?;
        let mut settings = Group::new("");
        for (key, value) in node.entries() {
            if !TESTDATA_KEYS.contains(&key.as_str()) {
                self.notes.push(format!(
                    "{file}: the key {key} is not supported and was ignored"
                ));
                continue;
            }
            let flags = |value: &Node| -> Result<Vec<String>, String> {
                match &value.value {
                    Value::Map(_) => {
                        let flags = value
                            .get("flags")
                            .map(|f| words(f, &file, "flags"))
                            .transpose()?;
                        Ok(flags.unwrap_or_default())
                    }
                    _ => words(value, &file, "flags"),
                }
            };
            let number = |value: &Node| in_file(&file, value.number(key));
            match key.as_str() {
                "on_reject" => {
                    let text = in_file(&file, value.text("break or continue"))?;
                    settings.on_reject =
                        OnReject::parse("on_reject", text).map_err(|e| format!("{file}: {e}"))?;
                }
                "grading" if in_file(&file, value.text("default or custom"))? == "custom" => {
                    self.notes.push(format!(
                        "{file}: grading: custom is not supported; the default grader is used"
                    ));
                }
                "grader_flags" => {
                    for word in words(value, &file, "grader flags")? {
                        let flag = GraderFlag::parse("grader_flags", &word)
                            .map_err(|e| format!("{file}: {e}"))?;
                        settings.grader_flags.push(flag);
                    }
                }
                "output_validator_flags" | "output_validator_args" => {
                    settings.validator_flags = flags(value)?
                }
                "input_validator_flags" | "input_validator_args" => {
                    if matches!(value.value, Value::Map(_)) && value.get("flags").is_none() {
                        self.notes.push(format!(
                            "{file}: {key} per validator is not supported and was ignored"
                        ));
                    } else {
                        settings.input_validator_flags = flags(value)?;
                    }
                }
                "accept_score" => settings.accept_score = number(value)?,
                "reject_score" => settings.reject_score = number(value)?,
                "range" => {
                    let bounds = words(value, &file, "a range")?;
                    let bound = |text: &str| -> Result<f64, String> {
                        match text {
                            "inf" | "+inf" => Ok(f64::INFINITY),
                            "-inf" => Ok(f64::NEG_INFINITY),
                            _ => text.parse::<f64>().map_err(|_| {
                                format!("{file}: expected a range of two numbers, found {text:?}")
                            }),
                        }
                    };
                    match bounds.as_slice() {
                        [low, high] => settings.range = (bound(low)?, bound(high)?),
                        _ => {
                            return Err(format!(
                                "{file}: expected range to be two numbers, found {:?}",
                                bounds.join(" ")
                            ))
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(settings)
    }

    /// The group at `folder` (`data`, `data/secret/group1`): its cases in
    /// name order, then its subgroups.
    fn group(&mut self, folder: &str, settings: &Group) -> Result<(), String> {
        let names = self.tree.list(folder);
        let mut cases = Vec::new();
        for name in &names {
            let path = join(folder, name);
            let relative = path.strip_prefix("data/").unwrap_or(&path);
            if name.ends_with(".interaction") {
                let example = relative.trim_end_matches(".interaction").replace('/', "-");
                self.examples.push((example, path.clone()));
                continue;
            }
            let Some(base) = name.strip_suffix(".in") else {
                if name.ends_with(".files")
                    || (name.ends_with(".yaml")
                        && !name.starts_with("testdata")
                        && !name.starts_with("test_group"))
                {
                    self.notes.push(format!(
                        "{path}: per-case {} are not supported",
                        if name.ends_with(".files") {
                            "files"
                        } else {
                            "settings"
                        }
                    ));
                }
                continue;
            };
            if !self.tree.is_file(&path) {
                continue;
            }
            let answer_path = join(folder, &format!("{base}.ans"));
            let answer = if self.tree.is_file(&answer_path) {
                Some(Data::File(answer_path))
            } else if self.interactive {
                None
            } else {
                return Err(format!("{path} has no {base}.ans"));
            };
            let stem = relative.trim_end_matches(".in");
            let name = case_name(stem, &self.cases, &mut self.notes);
            cases.push(name.clone());
            self.cases.push(Case {
                name,
                input: Data::File(path),
                answer,
            });
        }
        self.groups.push(Group {
            path: folder.to_string(),
            cases,
            ..settings.clone()
        });
        for name in names {
            let path = join(folder, &name);
            let skipped = ["invalid_input", "invalid_output", "valid_output"];
            if self.tree.is_folder(&path)
                && !name.ends_with(".files")
                && !(folder == "data" && skipped.contains(&name.as_str()))
            {
                let inner = self.settings(&path, settings)?;
                self.group(&path, &inner)?;
            }
        }
        Ok(())
    }
}

/// The expectation a submissions/ folder names, by the format's version.
fn of_folder(folder: &str, version: Format) -> Option<(Vec<Expected>, Vec<Expected>)> {
    use Expected::*;
    Some(match (folder, version) {
        ("accepted", _) => (vec![Accepted], vec![]),
        ("wrong_answer", _) => (vec![Accepted, WrongAnswer], vec![WrongAnswer]),
        ("time_limit_exceeded", Format::Legacy) => (
            vec![Accepted, WrongAnswer, TimeLimitExceeded],
            vec![TimeLimitExceeded],
        ),
        ("time_limit_exceeded", _) => (vec![Accepted, TimeLimitExceeded], vec![TimeLimitExceeded]),
        ("run_time_error", Format::Legacy) => (vec![], vec![RuntimeError]),
        ("run_time_error", _) => (vec![Accepted, RuntimeError], vec![RuntimeError]),
        ("partially_accepted", _) => (vec![], vec![]),
        ("rejected", _) => (vec![], vec![RuntimeError, TimeLimitExceeded, WrongAnswer]),
        ("brute_force", _) => (
            vec![Accepted, RuntimeError, TimeLimitExceeded],
            vec![RuntimeError, TimeLimitExceeded],
        ),
        _ => return None,
    })
}

/// A verdict as `submissions.yaml` or `@EXPECTED_RESULTS@` writes it.
fn expected_of(word: &str) -> Option<Expected> {
    use Expected::*;
    Some(
        match word.trim().to_ascii_uppercase().replace('_', "-").as_str() {
            "AC" | "CORRECT" | "ACCEPTED" => Accepted,
            "WA" | "WRONG-ANSWER" | "NO-OUTPUT" => WrongAnswer,
            "TLE" | "TIMELIMIT" | "TIME-LIMIT-EXCEEDED" => TimeLimitExceeded,
            "RTE" | "RE" | "RUN-ERROR" | "RUN-TIME-ERROR" => RuntimeError,
            "MLE" | "MEMORY-LIMIT" => MemoryLimitExceeded,
            "OLE" | "OUTPUT-LIMIT" => OutputLimitExceeded,
            "CE" | "COMPILER-ERROR" => CompileError,
            "PE" | "PRESENTATION-ERROR" => PresentationError,
            _ => return None,
        },
    )
}

/// DOMjudge's `@EXPECTED_RESULTS@: CORRECT, TIMELIMIT` in any of the files.
fn expected_results(tree: &Tree, files: &[String]) -> Result<Option<Vec<Expected>>, String> {
    for file in files {
        let text = String::from_utf8_lossy(&tree.read(file)?).into_owned();
        if let Some(at) = text.find("@EXPECTED_RESULTS@:") {
            let line = text[at + "@EXPECTED_RESULTS@:".len()..]
                .lines()
                .next()
                .unwrap_or("");
            let mut found = Vec::new();
            for word in line
                .split(',')
                .map(|w| w.trim().trim_end_matches("*/").trim())
                .filter(|w| !w.is_empty())
            {
                found.push(expected_of(word).ok_or_else(|| {
                    format!("{file}: @EXPECTED_RESULTS@ names {word:?}, not a DOMjudge result")
                })?);
            }
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// Whether a `submissions.yaml` glob matches a submission's path under
/// `submissions/` (itself or a folder of it); `*` stays in one name.
fn glob_matches(pattern: &str, path: &str) -> bool {
    fn part(pattern: &[u8], text: &[u8]) -> bool {
        match (pattern.first(), text.first()) {
            (None, None) => true,
            (Some(b'*'), _) => {
                part(&pattern[1..], text) || (!text.is_empty() && part(pattern, &text[1..]))
            }
            (Some(p), Some(t)) if p == t => part(&pattern[1..], &text[1..]),
            _ => false,
        }
    }
    let parts: Vec<&str> = path.split('/').collect();
    let wanted: Vec<&str> = pattern.trim_end_matches('/').split('/').collect();
    wanted.len() <= parts.len()
        && wanted
            .iter()
            .zip(&parts)
            .all(|(p, t)| part(p.as_bytes(), t.as_bytes()))
}

fn submissions(
    tree: &Tree,
    version: Format,
    copied: &mut Vec<String>,
    notes: &mut Vec<String>,
) -> Result<Vec<Submission>, String> {
    let mut found = Vec::new();
    for folder in tree.list("submissions") {
        let path = join("submissions", &folder);
        if !tree.is_folder(&path) {
            continue;
        }
        let Some((permitted, required)) = of_folder(&folder, version) else {
            notes.push(format!(
                "{path}/: not a submissions folder of the {}; its submissions are not verified",
                version.name()
            ));
            continue;
        };
        for name in tree.list(&path) {
            if name.starts_with('.') {
                continue;
            }
            let entry = join(&path, &name);
            let files: Vec<String> = tree
                .files_below(&entry)
                .into_iter()
                .map(|f| {
                    if f.is_empty() {
                        entry.clone()
                    } else {
                        join(&entry, &f)
                    }
                })
                .collect();
            let mut submission = Submission {
                path: program_path(&entry)?,
                permitted: permitted.clone(),
                required: required.clone(),
                finals: Vec::new(),
                score: None,
                entry_point: None,
                language: None,
            };
            if folder == "partially_accepted" {
                submission.finals = vec![Expected::Accepted];
            }
            if let Some(finals) = expected_results(tree, &files)? {
                submission.permitted.clear();
                submission.required.clear();
                submission.finals = finals;
            }
            for file in &files {
                copied.push(program_path(file)?);
            }
            found.push(submission);
        }
    }
    if tree.is_file("submissions/submissions.yaml") {
        let file = "submissions/submissions.yaml";
        let doc = in_file(file, yaml::parse(&tree.text(file)?))?;
        for (pattern, settings) in doc.entries() {
            for submission in found
                .iter_mut()
                .filter(|s| glob_matches(pattern, s.path.trim_start_matches("submissions/")))
            {
                for (key, value) in settings.entries() {
                    let verdicts = |value: &Node| -> Result<Vec<Expected>, String> {
                        words(value, file, "verdicts")?
                            .iter()
                            .map(|w| {
                                expected_of(w).ok_or_else(|| {
                                    format!("{file}: {pattern}: {w:?} is not AC, WA, TLE or RTE")
                                })
                            })
                            .collect()
                    };
                    match key.as_str() {
                        "permitted" => submission.permitted = verdicts(value)?,
                        "required" => submission.required = verdicts(value)?,
                        "language" => {
                            let code = in_file(file, value.text("a language"))?;
                            submission.language =
                                Some(Language::of_code(code).ok_or_else(|| {
                                    format!("{file}: {pattern}: no language {code:?} here")
                                })?);
                        }
                        "entrypoint" | "entry_point" => {
                            submission.entry_point =
                                Some(in_file(file, value.text("an entry point"))?.to_string())
                        }
                        "score" => {
                            let scores: Vec<f64> = value
                                .items()
                                .iter()
                                .map(|n| in_file(file, n.number("a score")))
                                .collect::<Result<_, _>>()?;
                            submission.score = match scores.as_slice() {
                                [one] => Some((*one, *one)),
                                [low, high] => Some((*low, *high)),
                                _ => {
                                    return Err(format!(
                                        "{file}: {pattern}: score is a number or two"
                                    ))
                                }
                            };
                        }
                        "authors" | "model_solution" => {}
                        other => notes.push(format!(
                            "{file}: {pattern}: {other} is not supported and was ignored"
                        )),
                    }
                }
            }
        }
    }
    if tree.is_file("submissions/submissions.json") {
        let file = "submissions/submissions.json";
        let doc = leetcode::json::parse(&tree.text(file)?).map_err(|e| format!("{file}: {e}"))?;
        let entries: Vec<(String, leetcode::json::Value)> = match doc {
            leetcode::json::Value::Object(map) => map.into_iter().collect(),
            leetcode::json::Value::Array(items) => items
                .into_iter()
                .map(|item| {
                    let path = ["path", "filename", "id"]
                        .iter()
                        .find_map(|k| item.get(k).and_then(|v| v.as_str()).map(String::from))
                        .unwrap_or_default();
                    (path, item)
                })
                .collect(),
            _ => {
                return Err(format!(
                    "{file}: expected an object of submissions by path, or an array"
                ))
            }
        };
        for (path, settings) in entries {
            let submission = found
                .iter_mut()
                .find(|s| {
                    s.path.trim_start_matches("submissions/")
                        == path.trim_start_matches("submissions/")
                })
                .ok_or_else(|| format!("{file}: no submission {path} in submissions/"))?;
            for key in ["entry_point", "entrypoint"] {
                if let Some(entry) = settings.get(key).and_then(|v| v.as_str()) {
                    submission.entry_point = Some(entry.to_string());
                }
            }
            for key in ["language", "language_id"] {
                if let Some(code) = settings.get(key).and_then(|v| v.as_str()) {
                    submission.language = Some(
                        Language::of_code(code)
                            .ok_or_else(|| format!("{file}: {path}: no language {code:?} here"))?,
                    );
                }
            }
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_submissions_and_their_folders() {
        assert!(glob_matches("accepted", "accepted/a.py"));
        assert!(glob_matches("accepted/*", "accepted/a.py"));
        assert!(glob_matches("*/a.py", "wrong_answer/a.py"));
        assert!(glob_matches("accepted/sol*", "accepted/sol-fast.cpp"));
        assert!(!glob_matches("accepted/*.java", "accepted/a.py"));
        assert!(!glob_matches("wrong_answer", "accepted/a.py"));
    }

    #[test]
    fn domjudge_results_and_kattis_words_are_verdicts() {
        assert_eq!(expected_of("CORRECT"), Some(Expected::Accepted));
        assert_eq!(expected_of("wrong-answer"), Some(Expected::WrongAnswer));
        assert_eq!(expected_of("RTE"), Some(Expected::RuntimeError));
        assert_eq!(expected_of("TIMELIMIT"), Some(Expected::TimeLimitExceeded));
        assert_eq!(expected_of("maybe"), None);
    }
}
