//! Problem packages, read into one model whatever their format: the
//! problem package format (Kattis and ICPC, `legacy`, `2023-07` and `2025-09`, with
//! DOMjudge's additions) in `kattis`, Polygon's `problem.xml` in `polygon`,
//! both from a folder or a zip through `tree`. The model says everything
//! an import writes: the cases (flattened into names), the limits and the
//! defaults the format's own judge uses, the comparison or the validator,
//! the test groups, the labelled submissions, and what was not supported.
//! Reading runs nothing: tests a Polygon package only generates, and
//! answers only its main solution gives, are listed for the import to make.

pub mod kattis;
pub mod polygon;
pub mod tree;

use judge_core::base::modes::{Mode, Protocol};
use judge_core::base::terminal::{escape_name, is_plain_name, plain_line};
use judge_core::problem::config::lexer::entries;
use judge_core::problem::config::toml;
use judge_core::problem::config::{Compare, Group, Submission, TimeRule, Tool};
use judge_core::problem::kind::BENCH_LINE;
use std::fmt::Write;
use std::path::Path;
use tree::Tree;
pub use tree::BOUNDS;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The problem package format's `legacy` (and `legacy-icpc`) version.
    Legacy,
    /// Its `2023-07` version.
    Kattis2023,
    /// Its `2025-09` version: `test_group.yaml` scores by `max_score` and
    /// `score_aggregation`.
    Kattis2025,
    Polygon,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Legacy => "problem package format (legacy)",
            Format::Kattis2023 => "problem package format (2023-07)",
            Format::Kattis2025 => "problem package format (2025-09)",
            Format::Polygon => "Polygon",
        }
    }
}

/// What import and verify say of a package with no input validators.
pub const NO_INPUT_VALIDATORS: &str =
    "no input validators: the inputs are not checked (the package has none)";

/// Where a case's input or answer comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Data {
    /// A file of the package.
    File(String),
    /// The output of the package's generator (a source in the package) on
    /// these arguments.
    Generated {
        generator: String,
        args: Vec<String>,
    },
    /// The main solution's output on the case's input.
    ByMain,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// Its name in `judge-data/<id>/`: its path in the package, flattened
    /// (`secret/group1/01` becomes `secret-group1-01`).
    pub name: String,
    pub input: Data,
    pub answer: Option<Data>,
    /// A sample, as the package marks it (`data/sample/`, Polygon's
    /// `sample="true"`).
    pub sample: bool,
}

/// Everything an import needs from a package. Paths are the package's own;
/// the program files listed in `copied` keep them under `judge-data/<id>/`.
#[derive(Debug)]
pub struct Package {
    pub tree: Tree,
    pub format: Format,
    /// DOMjudge's additions (domjudge-problem.ini, .timelimit) were read.
    pub domjudge: bool,
    /// The package's short name, from which the id is made.
    pub short_name: String,
    pub title: String,
    pub url: String,
    /// A limit the package sets; `None`: the format computes it from the
    /// accepted submissions by `time_rule`.
    pub time_limit_ms: Option<u64>,
    pub time_rule: Option<TimeRule>,
    pub memory_limit_kib: u64,
    /// The output a run may print, as the format's judge limits it; `None`:
    /// the workspace's default (twice the answer plus 1 MiB).
    pub output_limit_mib: Option<u64>,
    /// The default output validator's comparison, when no checker judges.
    pub compare: Compare,
    pub checker: Option<Tool>,
    pub interactor: Option<Tool>,
    pub validator_flags: Vec<String>,
    pub validation_passes: Option<u32>,
    pub scoring: bool,
    pub cases: Vec<Case>,
    /// Example dialogues (`.interaction`), kept to read: (name, path).
    pub examples: Vec<(String, String)>,
    /// Groups, written only when they say more than the default.
    pub groups: Vec<Group>,
    /// Paths are the package's.
    pub submissions: Vec<Submission>,
    /// Gives the answers that are `Data::ByMain`.
    pub main_solution: Option<String>,
    pub input_validators: Vec<String>,
    pub input_validator_protocol: Protocol,
    pub input_validator_flags: Vec<String>,
    /// Program files kept under `judge-data/<id>/` at their package paths.
    pub copied: Vec<String>,
    /// What was skipped or is not supported, to say so.
    pub notes: Vec<String>,
}

/// Reads the package at `path`, a folder or a zip, of whichever format its
/// files say: `problem.xml` is Polygon's, `problem.yaml` or
/// `domjudge-problem.ini` the problem package format's.
pub fn read(path: &Path) -> Result<Package, String> {
    let tree = Tree::open(path)?;
    // `.` or `pkg/` names the folder by its own name.
    let named = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let stem = named
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("problem")
        .to_string();
    let mut package = if tree.is_file("problem.xml") {
        polygon::read(tree, &stem)
    } else if tree.is_file("problem.yaml") || tree.is_file("domjudge-problem.ini") {
        kattis::read(tree, &stem)
    } else {
        Err(format!(
            "{}: expected a problem package: problem.yaml (Kattis, ICPC, DOMjudge), \
             domjudge-problem.ini or problem.xml (Polygon) at its top",
            path.display()
        ))
    }?;
    // The name is shown, stored and written into a comment: one plain line.
    package.title = plain_line(&package.title);
    plain_names(&package)?;
    Ok(package)
}

/// Refuses a package whose case, group, example or submission name holds a
/// character `terminal::is_plain_name` refuses (a control character, a
/// line end, a bidirectional control): each is stored, and printed, as it
/// is. The message shows the name escaped.
fn plain_names(package: &Package) -> Result<(), String> {
    let names = (package.cases.iter().map(|case| ("case", &case.name)))
        .chain(package.groups.iter().map(|group| ("group", &group.path)))
        .chain(package.examples.iter().map(|(name, _)| ("example", name)))
        .chain(package.submissions.iter().map(|s| ("submission", &s.path)));
    for (what, name) in names {
        if !is_plain_name(name) {
            return Err(format!(
                "the {what} name \"{}\" holds a control character: rename it in the package",
                escape_name(name)
            ));
        }
    }
    Ok(())
}

/// `text` as a TOML string of one plain line, `"` made `'` as in the
/// sources' comments.
fn quoted(text: &str) -> String {
    let line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    toml::string(line.replace('"', "'").trim())
}

/// problem.toml's text, written a `key = value` line at a time.
struct Toml(String);

impl Toml {
    /// `key` as TOML writes it (`group."data/secret".cases`). Every key it
    /// writes is `brought` (`FORCE=1` replaces it), which the tests hold it to.
    fn line(&mut self, key: &str, value: String) {
        debug_assert!(
            brought(key),
            "problem.toml: {key} is written but not in BROUGHT"
        );
        let _ = writeln!(self.0, "{} = {value}", toml::key(key));
    }
}

impl Package {
    /// The problem's `problem.toml` for id `id`, with `time_limit_ms` (the
    /// package's, or what its rule gave). Its cases are within the default
    /// `case_size_limit_mib` (`BOUNDS`), which it never raises.
    pub fn problem_toml(&self, id: &str, time_limit_ms: u64) -> String {
        let here = |path: &str| format!("judge-data/{id}/{path}");
        let mut toml = Toml(format!(
            "# Imported from a {} package by `make import PKG=...`; importing it again\n\
             # checks that nothing changed (--force replaces).\n",
            self.format.name()
        ));
        toml.line("title", quoted(&self.title));
        if !self.url.is_empty() {
            toml.line("url", quoted(&self.url));
        }
        toml.line(
            "judge",
            quoted(if self.format == Format::Polygon {
                "polygon"
            } else if self.domjudge {
                "domjudge"
            } else {
                "kattis"
            }),
        );
        self.limits(&mut toml, time_limit_ms);
        self.judging(&mut toml, &here);
        self.validation(&mut toml, &here);
        if self.scoring {
            toml.line("scoring", "true".into());
        }
        for group in &self.groups {
            group_lines(&mut toml, group);
        }
        for submission in &self.submissions {
            toml.line(
                &format!("submission.{}", submission.path),
                toml::string(&expectation(submission)),
            );
        }
        if self.interactor.is_none() {
            toml.0 += BENCH_LINE;
        }
        toml.0
    }

    fn limits(&self, toml: &mut Toml, time_limit_ms: u64) {
        match self.time_limit_ms {
            Some(_) => toml.line("time_limit_ms", time_limit_ms.to_string()),
            None => toml.line(
                "time_limit_ms",
                format!("{time_limit_ms}  # until the format's rule gives one from the accepted submissions"),
            ),
        }
        toml.line("memory_limit_kib", self.memory_limit_kib.to_string());
        // Every format's judge gives the stack up to the memory limit
        // (problemtools and DOMjudge unlimited, Polygon as Codeforces).
        toml.line("stack_kib", self.memory_limit_kib.to_string());
        if let Some(mib) = self.output_limit_mib {
            toml.line("output_limit_mib", mib.to_string());
        }
        if let Some(rule) = &self.time_rule {
            toml.line("time_multiplier", rule.multiplier.to_string());
            toml.line("time_safety_margin", rule.safety_margin.to_string());
            toml.line("time_resolution_ms", rule.resolution_ms.to_string());
            if self.time_limit_ms.is_some() {
                toml.line("time_limit_fixed", "true".into());
            }
        }
    }

    /// What judges an output: the comparison when no checker or interactor
    /// does, else their paths through `here`.
    fn judging(&self, toml: &mut Toml, here: &dyn Fn(&str) -> String) {
        if self.checker.is_none() && self.interactor.is_none() {
            let compare = &self.compare;
            toml.line("compare", quoted(compare.mode.name()));
            match (compare.absolute_tolerance, compare.relative_tolerance) {
                (Some(a), Some(r)) if a == r => toml.line("float_tolerance", format!("{a:e}")),
                (a, r) => {
                    if let Some(r) = r {
                        toml.line("float_relative_tolerance", format!("{r:e}"));
                    }
                    if let Some(a) = a {
                        toml.line("float_absolute_tolerance", format!("{a:e}"));
                    }
                }
            }
            if !compare.case_sensitive {
                toml.line("case_sensitive", "false".into());
            }
            if compare.space_change_sensitive {
                toml.line("space_change_sensitive", "true".into());
            }
        }
        for (key, tool) in [("checker", &self.checker), ("interactor", &self.interactor)] {
            if let Some(tool) = tool {
                toml.line(key, quoted(&here(&tool.command)));
                toml.line(&format!("{key}_protocol"), quoted(tool.protocol.name()));
            }
        }
    }

    fn validation(&self, toml: &mut Toml, here: &dyn Fn(&str) -> String) {
        if !self.validator_flags.is_empty() {
            toml.line("validator_flags", toml::strings(&self.validator_flags));
        }
        if let Some(passes) = self.validation_passes {
            toml.line("validation_passes", passes.to_string());
        }
        if !self.input_validators.is_empty() {
            let paths: Vec<String> = self.input_validators.iter().map(|p| here(p)).collect();
            toml.line("input_validators", toml::strings(&paths));
            let protocol = self.input_validator_protocol.name();
            toml.line("input_validator_protocol", quoted(protocol));
            if !self.input_validator_flags.is_empty() {
                let flags = toml::strings(&self.input_validator_flags);
                toml.line("input_validator_flags", flags);
            }
        }
    }
}

/// The keys an import writes (and `group.`, `submission.` lines): those of
/// an earlier problem.toml are the package's; any other is the user's.
/// `Toml::line` writes no other, and a test that every one is written.
const BROUGHT: [&str; 27] = [
    "title",
    "url",
    "judge",
    "time_limit_ms",
    "memory_limit_kib",
    "stack_kib",
    "output_limit_mib",
    "time_multiplier",
    "time_safety_margin",
    "time_resolution_ms",
    "time_limit_fixed",
    "compare",
    "float_tolerance",
    "float_relative_tolerance",
    "float_absolute_tolerance",
    "case_sensitive",
    "space_change_sensitive",
    "checker",
    "checker_protocol",
    "interactor",
    "interactor_protocol",
    "validator_flags",
    "validation_passes",
    "input_validators",
    "input_validator_protocol",
    "input_validator_flags",
    "scoring",
];

/// Whether an import writes `key`, so that an earlier import's line of it
/// is the package's.
fn brought(key: &str) -> bool {
    BROUGHT.contains(&key) || key.starts_with("group.") || key.starts_with("submission.")
}

/// `new` (a problem.toml an import made) with the entries of `old` (the
/// one it replaces) whose keys no import writes: the user's (`bench.`,
/// stress settings), each at the end and in place of the import's own line
/// of that key if it writes one, a line TOML reads otherwise written as TOML;
/// and those keys. The error names the line of `old` the reader refuses.
pub fn keep_keys(old: &str, new: &str) -> Result<(String, Vec<String>), String> {
    let old_lines: Vec<&str> = old.lines().collect();
    let users: Vec<(String, String)> = entries(old)?
        .into_iter()
        .filter(|entry| !brought(&entry.key))
        .map(|entry| {
            let (first, last) = entry.lines;
            let text = match entry.instead {
                Some((line, _)) => line,
                None => old_lines[first..=last].join("\n"),
            };
            (entry.key, text)
        })
        .collect();
    let replaced: Vec<usize> = entries(new)?
        .into_iter()
        .filter(|entry| users.iter().any(|(key, _)| *key == entry.key))
        .flat_map(|entry| entry.lines.0..=entry.lines.1)
        .collect();
    let mut text = String::new();
    for (at, line) in new.lines().enumerate() {
        if !replaced.contains(&at) {
            text += &format!("{line}\n");
        }
    }
    if !users.is_empty() {
        text += "# Kept from the problem.toml an earlier import made (not the package's):\n";
    }
    for (_, line) in &users {
        text += &format!("{line}\n");
    }
    Ok((text, users.into_iter().map(|(key, _)| key).collect()))
}

/// A group's settings that are not the default, as `group.<path>.` keys.
fn group_lines(toml: &mut Toml, group: &Group) {
    let mut line = |setting: &str, value: String| {
        toml.line(&format!("group.{}.{setting}", group.path), value);
    };
    if !group.cases.is_empty() {
        line("cases", toml::strings(&group.cases));
    }
    if group.on_reject.name() != "break" {
        line("on_reject", quoted(group.on_reject.name()));
    }
    if !group.grader_flags.is_empty() {
        let flags: Vec<&str> = group.grader_flags.iter().map(|f| f.name()).collect();
        line("grader_flags", toml::strings(&flags));
    }
    if group.accept_score != 1.0 {
        line("accept_score", group.accept_score.to_string());
    }
    if group.reject_score != 0.0 {
        line("reject_score", group.reject_score.to_string());
    }
    if group.range != (f64::NEG_INFINITY, f64::INFINITY) {
        // An infinite bound prints as `inf` or `-inf`, as TOML writes them.
        let (low, high) = group.range;
        line("range", toml::numbers(&[low.to_string(), high.to_string()]));
    }
    if !group.validator_flags.is_empty() {
        line("validator_flags", toml::strings(&group.validator_flags));
    }
    if !group.input_validator_flags.is_empty() {
        let flags = toml::strings(&group.input_validator_flags);
        line("input_validator_flags", flags);
    }
}

/// A submission's expectation as problem.toml writes it.
pub fn expectation(submission: &Submission) -> String {
    let names = |list: &[judge_core::base::verdict::Verdict]| {
        list.iter().map(|v| v.name()).collect::<Vec<_>>().join(" ")
    };
    let mut words = Vec::new();
    for (word, list) in [
        ("permitted", &submission.permitted),
        ("required", &submission.required),
        ("final", &submission.finals),
    ] {
        if !list.is_empty() {
            words.push(format!("{word} {}", names(list)));
        }
    }
    if let Some((low, high)) = submission.score {
        words.push(format!("score {low} {high}"));
    }
    if let Some(entry) = &submission.entry_point {
        words.push(format!("entry {entry}"));
    }
    if let Some(language) = submission.language {
        words.push(format!("language {}", language.code()));
    }
    words.join(" ")
}

/// Case names from package paths: `/` becomes `-`; a name taken already
/// gets `-2`, `-3`, ... (the note says which).
pub fn case_name(path: &str, taken: &[Case], notes: &mut Vec<String>) -> String {
    let flat = path.replace('/', "-");
    let mut name = flat.clone();
    let mut n = 2;
    while taken.iter().any(|case| case.name == name) {
        name = format!("{flat}-{n}");
        n += 1;
    }
    if name != flat {
        notes.push(format!("{path} is stored as {name}: {flat} was taken"));
    }
    name
}

/// The group at `path` with these cases and the default settings.
fn group(path: &str, cases: Vec<String>) -> Group {
    Group {
        cases,
        ..Group::new(path)
    }
}

/// The id a package's short name makes: its ASCII letters and digits,
/// lowercased, with `p` in front of a leading digit; at most 48 characters.
pub fn id_of(short_name: &str) -> String {
    let mut id: String = short_name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .take(48)
        .collect();
    if !id.starts_with(|c: char| c.is_ascii_lowercase()) {
        id.insert(0, 'p');
    }
    id
}

/// Refuses a program path problem.toml could not hold as a word.
fn program_path(path: &str) -> Result<String, String> {
    let fine = |c: char| c.is_ascii_alphanumeric() || "_-./+".contains(c);
    if path.chars().all(fine) {
        Ok(path.to_string())
    } else {
        Err(format!(
            "{path}: a program's path may hold only letters, digits and _-./+ (the format's file names)"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_come_from_short_names() {
        assert_eq!(id_of("a-plus-b"), "aplusb");
        assert_eq!(id_of("Hello"), "hello");
        assert_eq!(id_of("2048"), "p2048");
        assert_eq!(id_of("---"), "p");
    }

    #[test]
    fn flattened_names_never_collide() {
        let mut notes = Vec::new();
        let mut cases: Vec<Case> = Vec::new();
        for path in ["secret/a-b/1", "secret/a/b-1", "secret/a-b-1"] {
            let name = case_name(path, &cases, &mut notes);
            cases.push(Case {
                name,
                input: Data::ByMain,
                answer: None,
                sample: false,
            });
        }
        let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["secret-a-b-1", "secret-a-b-1-2", "secret-a-b-1-3"]);
        assert_eq!(notes.len(), 2);
        assert!(program_path("submissions/accepted/a b.cpp").is_err());
    }

    /// A package that makes every optional line: with `judge` its
    /// validators, else the default one with tolerances `equal` or not.
    fn every_line(judge: bool, equal: bool) -> Package {
        let tool = |command: &str| {
            Some(Tool {
                command: command.into(),
                protocol: Protocol::Kattis,
            })
        };
        let (absolute, relative) = (Some(1e-6), Some(if equal { 1e-6 } else { 1e-4 }));
        Package {
            tree: Tree::default(),
            format: Format::Legacy,
            domjudge: false,
            short_name: "x".into(),
            title: "X".into(),
            url: "https://x.example".into(),
            time_limit_ms: judge.then_some(2000),
            time_rule: Some(TimeRule {
                multiplier: 5.0,
                safety_margin: 2.0,
                resolution_ms: 1000,
            }),
            memory_limit_kib: 1 << 20,
            output_limit_mib: Some(8),
            compare: Compare {
                mode: judge_core::base::modes::CompareMode::Float,
                absolute_tolerance: absolute,
                relative_tolerance: relative,
                case_sensitive: false,
                space_change_sensitive: true,
            },
            checker: if judge { tool("check") } else { None },
            interactor: if judge { tool("interact") } else { None },
            validator_flags: vec!["-f".into()],
            validation_passes: Some(2),
            scoring: true,
            cases: Vec::new(),
            examples: Vec::new(),
            groups: vec![group("data/secret", vec!["secret-1".into()])],
            submissions: Vec::new(),
            main_solution: None,
            input_validators: vec!["input_validators/v.py".into()],
            input_validator_protocol: Protocol::Kattis,
            input_validator_flags: vec!["-g".into()],
            copied: Vec::new(),
            notes: Vec::new(),
        }
    }

    #[test]
    fn every_line_written_is_toml_as_the_reader_reads_it() {
        for (judge, equal) in [(true, false), (false, false), (false, true)] {
            let mut package = every_line(judge, equal);
            let group = &mut package.groups[0];
            group.range = (0.0, f64::INFINITY);
            group.grader_flags = vec![judge_core::base::modes::GraderFlag::Min];
            group.cases.push("secret-2".into());
            package.submissions = vec![Submission {
                path: "submissions/accepted/a \"b\".py".into(),
                permitted: vec![judge_core::base::verdict::Verdict::Accepted],
                required: Vec::new(),
                finals: Vec::new(),
                score: Some((0.0, 1.5)),
                entry_point: None,
                language: None,
            }];
            let toml = package.problem_toml("x", 1000);
            for entry in entries(&toml).unwrap() {
                assert_eq!(entry.instead, None, "{toml}");
            }
            assert!(
                toml.contains("group.\"data/secret\".range = [0, inf]\n"),
                "{toml}"
            );
            assert!(
                toml.contains("submission.\"submissions/accepted/a \\\"b\\\".py\" = "),
                "{toml}"
            );
        }
    }

    #[test]
    fn brought_lists_every_key_the_writer_writes_and_no_other() {
        let mut written: Vec<String> = Vec::new();
        for (judge, equal) in [(true, false), (false, false), (false, true)] {
            let toml = every_line(judge, equal).problem_toml("x", 1000);
            let keys = entries(&toml).unwrap().into_iter().map(|entry| entry.key);
            written.extend(keys.filter(|key| !key.contains('.')));
        }
        written.sort();
        written.dedup();
        let mut listed: Vec<String> = BROUGHT.iter().map(|k| k.to_string()).collect();
        listed.sort();
        assert_eq!(written, listed);
    }
}
