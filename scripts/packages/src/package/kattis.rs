//! The problem package format (Kattis, ICPC, NWERC, BAPC): `problem.yaml`
//! in its `legacy`, `2023-07` and `2025-09` versions (2025-09's scoring by
//! `max_score` and `score_aggregation`), `data/sample` and `data/secret`
//! with nested groups and their `testdata.yaml`, `.ans` answers,
//! `.interaction` examples, input validators, the output validator (or the
//! default one and its flags), and `submissions/<verdict>/` with
//! `submissions.yaml` and `submissions.json`; with DOMjudge's additions:
//! `domjudge-problem.ini`, `.timelimit` and `@EXPECTED_RESULTS@` in sources.

use super::tree::{join, Tree};
use super::{case_name, group, program_path, Case, Data, Format, Package};
use crate::parsers::ini;
use crate::parsers::yaml::{self, Node, Value};
use judge_core::base::modes::{GraderFlag, Mode, OnReject, Protocol};
use judge_core::base::verdict::Verdict;
use judge_core::base::wildcard;
use judge_core::problem::config::{Compare, Group, Submission, TimeRule, Tool};
use judge_core::process::sources::languages::{self, not_run, Language, HEADERS};
use std::path::Path;

/// Kattis's memory limit where a package sets none; DOMjudge's is 2 GiB.
const KATTIS_MEMORY_MIB: u64 = 1024;
const DOMJUDGE_MEMORY_MIB: u64 = 2048;
/// The output limit where a package sets none: problemtools' and
/// DOMjudge's default (8192 KiB), the format's "typical system default".
const OUTPUT_MIB: u64 = 8;

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
/// The keys only 2025-09's test_group.yaml has (its others are
/// `TESTDATA_KEYS`'); the visualizers' are not used here.
const TEST_GROUP_KEYS_2025: [&str; 8] = [
    "max_score",
    "score_aggregation",
    "require_pass",
    "static_validation_score",
    "static_validator_args",
    "args",
    "input_visualizer_args",
    "output_visualizer_args",
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

/// Reads a problem package: problem.yaml (legacy or 2023-07) with DOMjudge's
/// additions, the output validator, data/, the input validators, submissions/.
pub fn read(tree: Tree, stem: &str) -> Result<Package, String> {
    let mut notes = tree.notes.clone();
    let problem = Problem::read(&tree, &mut notes)?;
    let (title, url) = title_and_url(&problem, stem)?;
    let kind = kind(&problem)?;
    let (memory_mib, time_rule, time_limit_ms) = limits(&tree, &problem, &mut notes)?;
    let output_mib = match problem.limit(&["output"])? {
        Some(mib) if mib >= 1.0 && mib.fract() == 0.0 => mib as u64,
        Some(mib) => {
            return Err(format!(
                "problem.yaml: limits.output is a whole number of MiB, at least 1; found {mib}"
            ))
        }
        None => OUTPUT_MIB,
    };
    let mut copied: Vec<String> = Vec::new();
    let judging = output_validator(&tree, &problem, &kind, &mut copied)?;
    let data = test_data(&tree, problem.version, &kind, &mut notes)?;
    let input_validators = input_validators(&tree, &mut copied, &mut notes)?;
    let submissions = submissions(&tree, &problem, &mut copied, &mut notes)?;
    note_unused_folders(&tree, &mut notes);
    Ok(Package {
        format: problem.version,
        domjudge: problem.domjudge,
        short_name: stem.to_string(),
        title,
        url,
        time_limit_ms,
        time_rule: Some(time_rule),
        memory_limit_kib: memory_mib * 1024,
        output_limit_mib: Some(output_mib),
        compare: judging.compare,
        checker: judging.checker,
        interactor: judging.interactor,
        validator_flags: judging.validator_flags,
        validation_passes: judging.validation_passes,
        scoring: kind.scoring,
        cases: data.cases,
        examples: data.examples,
        groups: data.groups,
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

/// problem.yaml and domjudge-problem.ini as read (either may be absent),
/// and the format's version they are of.
struct Problem {
    yaml: Node,
    ini: Vec<ini::Entry>,
    domjudge: bool,
    version: Format,
}

impl Problem {
    /// Both files read and problem.yaml's version; notes the keys that are
    /// not of that version or not supported.
    fn read(tree: &Tree, notes: &mut Vec<String>) -> Result<Problem, String> {
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
        let version = match yaml.get("problem_format_version") {
            None => Format::Legacy,
            Some(node) => match in_file("problem.yaml", node.text("a version"))? {
                "legacy" | "legacy-icpc" => Format::Legacy,
                "2023-07-draft" | "2023-07" => Format::Kattis2023,
                "2025-09" => Format::Kattis2025,
                other => {
                    return Err(format!(
                        "problem.yaml: problem_format_version {other:?} is not supported: expected legacy, 2023-07 or 2025-09"
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
        Ok(Problem {
            yaml,
            ini,
            domjudge,
            version,
        })
    }

    /// The value domjudge-problem.ini gives `key`, if any.
    fn ini_value(&self, key: &str) -> Option<String> {
        self.ini
            .iter()
            .find(|e| e.key == key)
            .map(|e| e.value.clone())
    }

    /// The text problem.yaml gives `key`; `None` where it is absent or null.
    fn text_of(&self, key: &str) -> Result<Option<String>, String> {
        match self.yaml.get(key) {
            None => Ok(None),
            Some(node) if node.is_null() => Ok(None),
            Some(node) => Ok(Some(in_file("problem.yaml", node.text(key))?.to_string())),
        }
    }

    /// The number at `path` under problem.yaml's `limits`, if it sets one.
    fn limit(&self, path: &[&str]) -> Result<Option<f64>, String> {
        let Some(mut node) = self.yaml.get("limits") else {
            return Ok(None);
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
    }
}

/// The title (problem.yaml's name, in English if it has several, else
/// domjudge-problem.ini's, else `stem`) and the source's URL, or "".
fn title_and_url(problem: &Problem, stem: &str) -> Result<(String, String), String> {
    let title = match problem.yaml.get("name") {
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
        _ => problem
            .ini_value("name")
            .unwrap_or_else(|| stem.to_string()),
    };
    let url = match problem.version {
        Format::Legacy => problem.text_of("source_url")?.unwrap_or_default(),
        _ => problem
            .yaml
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
    Ok((title, url))
}

/// What kind of problem it is.
struct Kind {
    interactive: bool,
    scoring: bool,
    multi_pass: bool,
    /// Legacy's `validation` starts with `custom`: the package's validator.
    validation_custom: bool,
}

/// The problem's kind: legacy says it in `validation`, 2023-07 in `type`;
/// an error for a kind not judged here.
fn kind(problem: &Problem) -> Result<Kind, String> {
    let mut types: Vec<String> = match problem.yaml.get("type") {
        Some(node) => words(node, "problem.yaml", "a problem type")?,
        None => vec!["pass-fail".into()],
    };
    let validation = problem
        .text_of("validation")?
        .unwrap_or_else(|| "default".into());
    let validation: Vec<&str> = validation.split_whitespace().collect();
    if problem.version == Format::Legacy {
        // Legacy's flags after `custom` that 2023-07 made types:
        // `interactive` (the spec), `multi-pass` (as DOMjudge reads it).
        for flag in ["interactive", "multi-pass"] {
            if validation.contains(&flag) {
                types.push(flag.into());
            }
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
    Ok(Kind {
        interactive: has("interactive"),
        scoring: has("scoring"),
        multi_pass: has("multi-pass"),
        validation_custom: validation.first() == Some(&"custom"),
    })
}

/// The limits: the memory limit in MiB, the time rule, and the time limit in
/// ms if the package sets one; the format's judge's defaults for the rest.
fn limits(
    tree: &Tree,
    problem: &Problem,
    notes: &mut Vec<String>,
) -> Result<(u64, TimeRule, Option<u64>), String> {
    let memory_mib = problem
        .limit(&["memory"])?
        .map(|m| m as u64)
        .unwrap_or(if problem.domjudge {
            DOMJUDGE_MEMORY_MIB
        } else {
            KATTIS_MEMORY_MIB
        });
    let limit = |path: &[&str]| problem.limit(path);
    let time_rule = match problem.version {
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
    let time_limit_ms = if let Some(value) = problem.ini_value("timelimit") {
        Some(seconds(&value, "domjudge-problem.ini")?)
    } else if tree.is_file(".timelimit") {
        Some(seconds(&tree.text(".timelimit")?, ".timelimit")?)
    } else {
        limit(&["time_limit"])?.map(|s| (s * 1000.0).round() as u64)
    };
    for key in [
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
        if let Some(value) = problem.ini_value(key).filter(|v| !v.is_empty()) {
            notes.push(format!("domjudge-problem.ini: {key} = {value:?} is not supported (it names a DOMjudge executable or score, not part of the package)"));
        }
    }
    Ok((memory_mib, time_rule, time_limit_ms))
}

/// A time limit in seconds (DOMjudge's, quoted or not) as milliseconds.
fn seconds(text: &str, file: &str) -> Result<u64, String> {
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
}

/// How outputs are judged: the default validator's comparison, or the
/// package's validator (checker or interactor) with its flags.
struct Judging {
    compare: Compare,
    checker: Option<Tool>,
    interactor: Option<Tool>,
    validator_flags: Vec<String>,
    validation_passes: Option<u32>,
}

/// The output validator: the package's (its files added to `copied`), or
/// the default one with its flags; and a multi-pass problem's passes.
fn output_validator(
    tree: &Tree,
    problem: &Problem,
    kind: &Kind,
    copied: &mut Vec<String>,
) -> Result<Judging, String> {
    let validator_path = output_validator_path(tree)?;
    let custom = match problem.version {
        Format::Legacy => kind.validation_custom,
        _ => validator_path.is_some() || kind.interactive || kind.multi_pass,
    };
    let flags = match problem.yaml.get("validator_flags") {
        Some(node) if !node.is_null() => words(node, "problem.yaml", "validator flags")?,
        _ => Vec::new(),
    };
    let mut judging = Judging {
        compare: Compare::kattis_default(),
        checker: None,
        interactor: None,
        validator_flags: Vec::new(),
        validation_passes: None,
    };
    match (custom, &validator_path) {
        (true, Some(path)) => {
            add_program(tree, path, copied)?;
            let tool = Tool {
                command: program_path(path)?,
                protocol: Protocol::Kattis,
            };
            if kind.interactive {
                judging.interactor = Some(tool);
            } else {
                judging.checker = Some(tool);
            }
            judging.validator_flags = flags;
        }
        (true, None) => {
            return Err(
                "the problem needs its own output validator (custom, interactive or multi-pass) \
                        but the package has no output_validators/ or output_validator/"
                    .into(),
            )
        }
        (false, _) => {
            judging.compare = judging
                .compare
                .with_validator_flags(&flags)
                .map_err(|e| format!("problem.yaml: validator_flags: {e}"))?;
        }
    }
    if kind.multi_pass {
        let passes = problem.limit(&["validation_passes"])?;
        judging.validation_passes = Some(passes.map_or(2, |n| n as u32).max(2));
    }
    Ok(judging)
}

/// The path of the package's output validator (output_validator/, or the
/// one in output_validators/), if it has one. Loose files in
/// output_validators/ (`checker.cpp` beside `testlib.h`) are one program,
/// the folder, compiled together with the headers beside them, as
/// problemtools does.
fn output_validator_path(tree: &Tree) -> Result<Option<String>, String> {
    if tree.is_folder("output_validator") {
        return Ok(Some("output_validator".to_string()));
    }
    if !tree.is_folder("output_validators") {
        return Ok(None);
    }
    let entries: Vec<String> = tree
        .list("output_validators")
        .into_iter()
        .filter(|n| !n.starts_with('.'))
        .collect();
    let folders = entries
        .iter()
        .filter(|n| tree.is_folder(&join("output_validators", n)))
        .count();
    match entries.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(join("output_validators", one))),
        _ if folders == 0 => Ok(Some("output_validators".to_string())),
        several => Err(format!(
            "output_validators/ holds {} validators ({}): only one is supported",
            several.len(),
            several.join(", ")
        )),
    }
}

/// The test data: the cases, the `.interaction` examples, and the groups
/// with their settings (none where all are plain and the problem not scoring).
fn test_data<'a>(
    tree: &'a Tree,
    version: Format,
    kind: &Kind,
    notes: &mut Vec<String>,
) -> Result<Walk<'a>, String> {
    let scoring = kind.scoring;
    let mut data = Walk {
        tree,
        version,
        scores: Vec::new(),
        interactive: kind.interactive,
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
    let plain = data
        .groups
        .iter()
        .all(|g| *g == group(&g.path, g.cases.clone()));
    if !scoring && plain {
        data.groups.clear();
    }
    if scoring && version == Format::Kattis2025 {
        aggregate_2025(&mut data.groups, &data.scores)?;
    }
    Ok(data)
}

/// What a 2025-09 `test_group.yaml` says of its group's score: `max_score`
/// (`Some(None)`: `unbounded`) and `score_aggregation`, as set there (they
/// are not inherited).
#[derive(Clone, Debug, Default)]
struct Scoring {
    folder: String,
    max_score: Option<Option<f64>>,
    aggregation: Option<String>,
}

/// The 2025-09 scoring as the groups' settings: `secret` sums its groups
/// or cases (100 points unless `max_score` says), a group of `secret` is
/// pass-fail unless `score_aggregation` says `sum` or `min`; a case of a
/// `sum` group is worth the group's points over its cases, of a `min` or
/// `pass-fail` group the group's points; the samples count for nothing.
fn aggregate_2025(groups: &mut [Group], scores: &[Scoring]) -> Result<(), String> {
    for group in groups.iter_mut() {
        let own = scores.iter().find(|s| s.folder == group.path);
        let (max_default, aggregation_default) = match group.path.as_str() {
            "data" => {
                group.grader_flags = vec![GraderFlag::IgnoreSample];
                group.on_reject = OnReject::Continue;
                continue;
            }
            "data/secret" => (Some(100.0), "sum"),
            path if path.starts_with("data/secret/") && path.matches('/').count() == 2 => {
                (None, "pass-fail")
            }
            _ => continue,
        };
        let max = own.and_then(|s| s.max_score).unwrap_or(max_default);
        let aggregation = own
            .and_then(|s| s.aggregation.clone())
            .unwrap_or_else(|| aggregation_default.into());
        let points = max.unwrap_or(0.0);
        (group.accept_score, group.grader_flags, group.on_reject) = match aggregation.as_str() {
            "pass-fail" if max.is_none() => {
                return Err(format!(
                    "{}/test_group.yaml: a pass-fail group needs a max_score",
                    group.path
                ))
            }
            "pass-fail" | "min" => (points, vec![GraderFlag::Min], OnReject::Break),
            "sum" => {
                let cases = group.cases.len().max(1) as f64;
                (points / cases, Vec::new(), OnReject::Continue)
            }
            other => {
                return Err(format!(
                    "{}/test_group.yaml: score_aggregation {other:?} is not pass-fail, sum or min",
                    group.path
                ))
            }
        };
        if let Some(max) = max {
            group.range = (0.0, max);
        }
    }
    // The problem's score is secret's.
    let secret = groups
        .iter()
        .find(|g| g.path == "data/secret")
        .map(|g| g.range);
    if let (Some(range), Some(data)) = (secret, groups.iter_mut().find(|g| g.path == "data")) {
        data.range = range;
    }
    Ok(())
}

/// The input validators' paths (their files added to `copied`); notes the
/// checktestdata and VIVA ones, kept and listed but refused when built.
fn input_validators(
    tree: &Tree,
    copied: &mut Vec<String>,
    notes: &mut Vec<String>,
) -> Result<Vec<String>, String> {
    let mut input_validators = Vec::new();
    for folder in ["input_validators", "input_format_validators"] {
        for name in tree.list(folder) {
            let path = join(folder, &name);
            if name.starts_with('.') {
                continue;
            }
            if let Some(language) = not_run(std::path::Path::new(&name)) {
                notes.push(format!(
                    "{path}: {language} is not supported: `make validate` refuses it"
                ));
            }
            add_program(tree, &path, copied)?;
            input_validators.push(program_path(&path)?);
        }
    }
    Ok(input_validators)
}

/// Notes each folder of the package that is not used here, and why.
fn note_unused_folders(tree: &Tree, notes: &mut Vec<String>) {
    for note in [
        "include/: included files (include/<language>/) are not added to submissions",
        "graders/: custom graders are not supported: the default grader aggregates",
        "generators/: generators are not run: the package's data is taken as it is",
        "static_validator/: static validation is not supported",
        "data/invalid_input/: invalid inputs are not checked against the input validators",
        "data/invalid_output/: invalid outputs are not checked against the output validator",
        "data/valid_output/: valid outputs are not checked against the output validator",
    ] {
        let folder = note.split_once("/: ").map_or(note, |(folder, _)| folder);
        if tree.is_folder(folder) {
            notes.push(note.to_string());
        }
    }
}

/// The paths of the files of the program at `path` (a file or a folder).
fn program_files(tree: &Tree, path: &str) -> Vec<String> {
    let full = |file: String| {
        if file.is_empty() {
            path.to_string()
        } else {
            join(path, &file)
        }
    };
    tree.files_below(path).into_iter().map(full).collect()
}

/// Adds every file of the program at `path` (a file or a folder) to `copied`.
fn add_program(tree: &Tree, path: &str, copied: &mut Vec<String>) -> Result<(), String> {
    for file in program_files(tree, path) {
        copied.push(program_path(&file)?);
    }
    Ok(())
}

/// The walk over `data/`: cases, examples and groups in the format's order.
struct Walk<'a> {
    tree: &'a Tree,
    version: Format,
    /// 2025-09: what each group's test_group.yaml says of its score.
    scores: Vec<Scoring>,
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
            if self.version == Format::Kattis2025 && TEST_GROUP_KEYS_2025.contains(&key.as_str()) {
                self.setting_2025(folder, &file, key, value)?;
                continue;
            }
            if !TESTDATA_KEYS.contains(&key.as_str()) {
                self.notes.push(format!(
                    "{file}: the key {key} is not supported and was ignored"
                ));
                continue;
            }
            self.setting(&mut settings, &file, key, value)?;
        }
        Ok(settings)
    }

    /// One key of a 2025-09 test_group.yaml that only that version has: the
    /// score's, kept for `aggregate_2025`, or noted as not supported.
    fn setting_2025(
        &mut self,
        folder: &str,
        file: &str,
        key: &str,
        value: &Node,
    ) -> Result<(), String> {
        if !self.scores.iter().any(|s| s.folder == folder) {
            self.scores.push(Scoring {
                folder: folder.to_string(),
                ..Scoring::default()
            });
        }
        let scoring = self.scores.iter_mut().find(|s| s.folder == folder);
        let scoring = scoring.expect("pushed above");
        match key {
            "max_score" => {
                scoring.max_score = Some(match in_file(file, value.text("a max_score"))? {
                    "unbounded" => None,
                    _ => Some(in_file(file, value.number("max_score"))?),
                })
            }
            "score_aggregation" => {
                let text = in_file(file, value.text("pass-fail, sum or min"))?;
                scoring.aggregation = Some(text.to_string());
            }
            "args" => self.notes.push(format!(
                "{file}: args (the submissions' arguments) are not supported and were ignored"
            )),
            "require_pass" => self.notes.push(format!(
                "{file}: require_pass is not enforced: the group is scored whatever the others got"
            )),
            "static_validation_score" | "static_validator_args" => self
                .notes
                .push(format!("{file}: {key}: static validation is not supported")),
            _ => {}
        }
        Ok(())
    }

    /// One key of the group's settings file `file` read into `settings`.
    fn setting(
        &mut self,
        settings: &mut Group,
        file: &str,
        key: &str,
        value: &Node,
    ) -> Result<(), String> {
        let flags = |value: &Node| -> Result<Vec<String>, String> {
            match &value.value {
                Value::Map(_) => {
                    let flags = value
                        .get("flags")
                        .map(|f| words(f, file, "flags"))
                        .transpose()?;
                    Ok(flags.unwrap_or_default())
                }
                _ => words(value, file, "flags"),
            }
        };
        let number = |value: &Node| in_file(file, value.number(key));
        match key {
            "on_reject" => {
                let text = in_file(file, value.text("break or continue"))?;
                settings.on_reject =
                    OnReject::parse("on_reject", text).map_err(|e| format!("{file}: {e}"))?;
            }
            "grading" if in_file(file, value.text("default or custom"))? == "custom" => {
                self.notes.push(format!(
                    "{file}: grading: custom is not supported; the default grader is used"
                ));
            }
            "grader_flags" => {
                for word in words(value, file, "grader flags")? {
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
            "range" => settings.range = range(value, file)?,
            _ => {}
        }
        Ok(())
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
            let sample = stem.starts_with("sample/");
            let name = case_name(stem, &self.cases, &mut self.notes);
            cases.push(name.clone());
            self.cases.push(Case {
                name,
                input: Data::File(path),
                answer,
                sample,
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

/// A group's `range`: two numbers, either of them infinite.
fn range(value: &Node, file: &str) -> Result<(f64, f64), String> {
    let bounds = words(value, file, "a range")?;
    let bound = |text: &str| -> Result<f64, String> {
        match text {
            "inf" | "+inf" => Ok(f64::INFINITY),
            "-inf" => Ok(f64::NEG_INFINITY),
            _ => text
                .parse::<f64>()
                .map_err(|_| format!("{file}: expected a range of two numbers, found {text:?}")),
        }
    };
    match bounds.as_slice() {
        [low, high] => Ok((bound(low)?, bound(high)?)),
        _ => Err(format!(
            "{file}: expected range to be two numbers, found {:?}",
            bounds.join(" ")
        )),
    }
}

/// The expectation a submissions/ folder names, by the format's version.
fn of_folder(folder: &str, version: Format) -> Option<(Vec<Verdict>, Vec<Verdict>)> {
    use Verdict::*;
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
        // Not a folder of 2025-09, whose cases' verdicts say it all.
        ("partially_accepted", Format::Kattis2025) => return None,
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
fn expected_of(word: &str) -> Option<Verdict> {
    use Verdict::*;
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

/// DOMjudge's `@EXPECTED_RESULTS@: CORRECT, TIMELIMIT` in any of the files;
/// none when it names a result no judging gives (`CHECK-MANUALLY`, for a
/// person to decide; `NONE-INVALID-SUBMISSION`), which DOMjudge imports and
/// its verifier never matches: not verified, and a note names it.
fn expected_results(
    tree: &Tree,
    files: &[String],
    notes: &mut Vec<String>,
) -> Result<Option<Vec<Verdict>>, String> {
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
                let Some(expected) = expected_of(word) else {
                    notes.push(format!(
                        "{file}: @EXPECTED_RESULTS@ names {word:?}, a result no judging gives: not verified"
                    ));
                    return Ok(Some(Vec::new()));
                };
                found.push(expected);
            }
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// Whether a `submissions.yaml` glob matches a submission's path under
/// `submissions/` (itself or a folder of it); `*` stays in one name.
fn glob_matches(pattern: &str, path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').collect();
    let wanted: Vec<&str> = pattern.trim_end_matches('/').split('/').collect();
    wanted.len() <= parts.len()
        && wanted
            .iter()
            .zip(&parts)
            .all(|(p, t)| wildcard::matches(p, t))
}

/// The submissions of submissions/<verdict>/ (their files added to
/// `copied`), expected to give what their folder, `@EXPECTED_RESULTS@`,
/// submissions.yaml and submissions.json say.
fn submissions(
    tree: &Tree,
    problem: &Problem,
    copied: &mut Vec<String>,
    notes: &mut Vec<String>,
) -> Result<Vec<Submission>, String> {
    let version = problem.version;
    let mut found = Vec::new();
    for folder in tree.list("submissions") {
        let path = join("submissions", &folder);
        if !tree.is_folder(&path) {
            continue;
        }
        // Any other folder is DOMjudge's: its sources carry their labels.
        let labels = of_folder(&folder, version);
        let mut unlabelled = 0;
        for name in tree.list(&path) {
            if name.starts_with('.') {
                continue;
            }
            let entry = join(&path, &name);
            let header = Path::new(&name)
                .extension()
                .is_some_and(|x| HEADERS.iter().any(|h| x == *h));
            if header && tree.is_file(&entry) {
                // Kept for the sources beside it to include.
                copied.push(program_path(&entry)?);
                continue;
            }
            if let Some(what) = not_a_source(tree, &entry) {
                notes.push(format!("{entry}: {what}, not a submission: ignored"));
                continue;
            }
            let files = program_files(tree, &entry);
            let labels = labels.as_ref();
            let labelled = labelled(tree, &entry, &files, labels, notes, &mut unlabelled)?;
            let Some(mut submission) = labelled else {
                continue;
            };
            submission.language = judges_language(tree, &files, problem.domjudge);
            for file in &files {
                copied.push(program_path(file)?);
            }
            found.push(submission);
        }
        if unlabelled > 0 {
            let sources = match unlabelled {
                1 => "its 1 submission without @EXPECTED_RESULTS@ is".to_string(),
                n => format!("its {n} submissions without @EXPECTED_RESULTS@ are"),
            };
            notes.push(format!(
                "{path}/: not a submissions folder of the {}; {sources} not verified",
                version.name()
            ));
        }
    }
    if tree.is_file("submissions/submissions.yaml") {
        submissions_yaml(tree, &mut found, notes)?;
    }
    // DOMjudge reads it at the package's top.
    for file in ["submissions.json", "submissions/submissions.json"] {
        if tree.is_file(file) {
            submissions_json(tree, file, &mut found)?;
        }
    }
    Ok(found)
}

/// The submission at `entry` (of `files`), labelled by its folder's
/// `labels` or its `@EXPECTED_RESULTS@`, which wins; `None` with neither
/// (counted in `unlabelled`), or with a result no judging gives (a note
/// names it).
fn labelled(
    tree: &Tree,
    entry: &str,
    files: &[String],
    labels: Option<&(Vec<Verdict>, Vec<Verdict>)>,
    notes: &mut Vec<String>,
    unlabelled: &mut usize,
) -> Result<Option<Submission>, String> {
    let expected = expected_results(tree, files, notes)?;
    if expected.as_ref().is_some_and(Vec::is_empty) {
        return Ok(None);
    }
    if labels.is_none() && expected.is_none() {
        *unlabelled += 1;
        return Ok(None);
    }
    let (permitted, required) = labels.cloned().unwrap_or_default();
    let mut submission = Submission {
        path: program_path(entry)?,
        permitted,
        required,
        finals: Vec::new(),
        score: None,
        entry_point: None,
        language: None,
    };
    if entry.starts_with("submissions/partially_accepted/") {
        submission.finals = vec![Verdict::Accepted];
    }
    if let Some(finals) = expected {
        submission.permitted.clear();
        submission.required.clear();
        submission.finals = finals;
    }
    Ok(Some(submission))
}

/// The language the format's judge runs `files` in where their endings
/// alone say another: the format's `.pl` is Prolog (DOMjudge's is Perl),
/// and Python 3 is PyPy's, as problemtools and DOMjudge (since 8.0) run it.
fn judges_language(tree: &Tree, files: &[String], domjudge: bool) -> Option<Language> {
    let languages: Vec<Language> = files
        .iter()
        .filter_map(|f| Language::of_path(Path::new(f)))
        .collect();
    if !domjudge && languages.contains(&Language::Perl) {
        return Some(Language::Prolog);
    }
    let python2 = files
        .iter()
        .any(|f| languages::shebang_names(&tree.read(f).unwrap_or_default(), b"python2"));
    let python = !languages.is_empty() && languages.iter().all(|l| *l == Language::Python3);
    (python && !python2).then_some(Language::PyPy3)
}

/// The language a package's `language` names, as its judge runs it:
/// `python3` (DOMjudge's `py3`) is PyPy's there.
fn judges_code(code: &str) -> Option<Language> {
    match Language::of_code(code)? {
        Language::Python3 => Some(Language::PyPy3),
        other => Some(other),
    }
}

/// What a file beside the submissions is, when it is none: a compiled
/// binary, an object, a class, notes (no language's file ending); a folder
/// holding no such source (DOMjudge's Ada or Pascal with a note beside).
fn not_a_source(tree: &Tree, entry: &str) -> Option<String> {
    let source = |path: &str| Language::of_path(Path::new(path)).is_some();
    if tree.is_folder(entry) {
        let none = !program_files(tree, entry).iter().any(|f| source(f));
        return none.then(|| "a folder with no source of a language here".to_string());
    }
    if !tree.is_file(entry) || source(entry) {
        return None;
    }
    let head: Vec<u8> = tree.read(entry).unwrap_or_default();
    let kind = if head.starts_with(b"\x7fELF") {
        "a compiled binary (ELF)"
    } else if head.starts_with(&[0xca, 0xfe, 0xba, 0xbe]) {
        "a compiled Java class"
    } else {
        "no source of a language here"
    };
    Some(kind.to_string())
}

/// Sets, on each submission its globs match, what submissions.yaml says.
fn submissions_yaml(
    tree: &Tree,
    found: &mut [Submission],
    notes: &mut Vec<String>,
) -> Result<(), String> {
    let file = "submissions/submissions.yaml";
    let doc = in_file(file, yaml::parse(&tree.text(file)?))?;
    for (pattern, settings) in doc.entries() {
        for submission in found
            .iter_mut()
            .filter(|s| glob_matches(pattern, s.path.trim_start_matches("submissions/")))
        {
            for (key, value) in settings.entries() {
                let verdicts = |value: &Node| -> Result<Vec<Verdict>, String> {
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
                        submission.language = Some(judges_code(code).ok_or_else(|| {
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
                                return Err(format!("{file}: {pattern}: score is a number or two"))
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
    Ok(())
}

/// Sets the entry points and languages submissions.json gives.
fn submissions_json(tree: &Tree, file: &str, found: &mut [Submission]) -> Result<(), String> {
    let doc = json::parse(&tree.text(file)?).map_err(|e| format!("{file}: {e}"))?;
    let entries: Vec<(String, json::Value)> = match doc {
        json::Value::Object(map) => map.into_iter().collect(),
        json::Value::Array(items) => items
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
        // DOMjudge names a folder as its zip entry, `submissions/a/b/`.
        let name = path
            .trim_start_matches("submissions/")
            .trim_end_matches('/');
        let Some(submission) = found
            .iter_mut()
            .find(|s| s.path.trim_start_matches("submissions/") == name)
        else {
            // One left unverified (no label) is no error; a path not there is.
            let entry = join("submissions", name);
            if tree.is_file(&entry) || tree.is_folder(&entry) {
                continue;
            }
            return Err(format!("{file}: no submission {path} in submissions/"));
        };
        for key in ["entry_point", "entrypoint"] {
            if let Some(entry) = settings.get(key).and_then(|v| v.as_str()) {
                submission.entry_point = Some(entry.to_string());
            }
        }
        for key in ["language", "language_id", "langid"] {
            if let Some(code) = settings.get(key).and_then(|v| v.as_str()) {
                submission.language = Some(
                    judges_code(code)
                        .ok_or_else(|| format!("{file}: {path}: no language {code:?} here"))?,
                );
            }
        }
    }
    Ok(())
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
        assert_eq!(expected_of("CORRECT"), Some(Verdict::Accepted));
        assert_eq!(expected_of("wrong-answer"), Some(Verdict::WrongAnswer));
        assert_eq!(expected_of("RTE"), Some(Verdict::RuntimeError));
        assert_eq!(expected_of("TIMELIMIT"), Some(Verdict::TimeLimitExceeded));
        assert_eq!(expected_of("maybe"), None);
    }
}
