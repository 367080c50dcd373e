//! What a problem's `problem.toml` says, parsed once into typed fields:
//! nothing outside this module reads a raw value. Three parts: the schema
//! (`keys`: every key, the shape of its value, the bounds and defaults of
//! values), the lexer (`lexer`: the TOML `key = value` lines, keys checked)
//! and here the typed model the values are read into; `toml` writes the
//! file's strings, keys and arrays for the writers.

use crate::base::files;
use crate::base::judges::{self, RUST_FLOOR};
use crate::base::modes::{Clock, CompareMode, GraderFlag, Mode, OnReject, Protocol};
use crate::base::verdict::Verdict;
use crate::process::run::Limits;
use crate::process::sources::languages::Language;
use std::collections::BTreeMap;
use std::time::Duration;

pub mod keys;
pub mod lexer;
pub mod toml;

use keys::*;
use lexer::key_values;

/// The lines of a `problem.toml`: each key and its value as the lexer
/// reads it (an array's items spaced).
type Raw = BTreeMap<String, String>;

/// The limits of a problem's helper programs (its checker, interactor,
/// input validators and generators), each run on its own: DOMjudge's
/// script limits, its defaults theirs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HelperLimits {
    /// Wall time; an interactor's runs past the solution's wall-time cap.
    pub time_ms: u64,
    /// Everything it starts, together.
    pub memory_mib: u64,
    /// The largest file it may write.
    pub file_mib: u64,
}

impl Default for HelperLimits {
    /// DOMjudge's `script_timelimit` (30 s) and `script_memory_limit`
    /// (2 GiB); files up to 1 GiB.
    fn default() -> HelperLimits {
        HelperLimits {
            time_ms: 30_000,
            memory_mib: 2048,
            file_mib: 1024,
        }
    }
}

impl HelperLimits {
    pub fn time(&self) -> Duration {
        Duration::from_millis(self.time_ms)
    }

    /// The limits a helper runs under, its stdout cut off past `output_cap`;
    /// its stack as large as its memory, as the formats' judges give theirs
    /// (problemtools and DOMjudge unlimited, Polygon the memory limit).
    pub fn limits(&self, output_cap: usize) -> Limits {
        Limits {
            memory_kib: Some(self.memory_mib << 10),
            stack_kib: Some(self.memory_mib << 10),
            file_kib: Some(self.file_mib << 10),
            ..Limits::tool(self.time(), output_cap)
        }
    }
}

/// A test group (`group.<path>.<setting>` lines): the cases directly in it,
/// and how its verdict and score come from its parts'. A group's parent is
/// the group whose path is the longest prefix of its own.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// `data/secret/group1`.
    pub path: String,
    pub cases: Vec<String>,
    pub on_reject: OnReject,
    pub grader_flags: Vec<GraderFlag>,
    pub accept_score: f64,
    pub reject_score: f64,
    pub range: (f64, f64),
    pub validator_flags: Vec<String>,
    pub input_validator_flags: Vec<String>,
}

impl Group {
    /// A group at `path` with the defaults and no cases.
    pub fn new(path: &str) -> Group {
        Group {
            path: path.to_string(),
            cases: Vec::new(),
            on_reject: OnReject::Break,
            grader_flags: Vec::new(),
            accept_score: 1.0,
            reject_score: 0.0,
            range: (f64::NEG_INFINITY, f64::INFINITY),
            validator_flags: Vec::new(),
            input_validator_flags: Vec::new(),
        }
    }
}

/// What a labelled submission must do on the cases (`submission.<path>`):
/// every case's verdict in `permitted` (any, when empty), some case's in
/// `required` (none needed, when empty), the final verdict (the first
/// rejection, else AC) in `finals` (any, when empty), its score in `score`.
#[derive(Clone, Debug, PartialEq)]
pub struct Submission {
    /// Relative to `judge-data/<id>/`.
    pub path: String,
    pub permitted: Vec<Verdict>,
    pub required: Vec<Verdict>,
    pub finals: Vec<Verdict>,
    pub score: Option<(f64, f64)>,
    pub entry_point: Option<String>,
    pub language: Option<Language>,
}

/// The format's rule for the time limit (`make verify`): the slowest
/// accepted time times `multiplier`, rounded up to `resolution`; a
/// time-limit-exceeded submission must need `safety_margin` times the limit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeRule {
    pub multiplier: f64,
    pub safety_margin: f64,
    pub resolution_ms: u64,
}

/// How an output is compared with the answer when no checker judges.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Compare {
    pub mode: CompareMode,
    /// For `CompareMode::Float`: the absolute error allowed, if any.
    pub absolute_tolerance: Option<f64>,
    /// For `CompareMode::Float`: the relative error allowed, if any.
    pub relative_tolerance: Option<f64>,
    /// Tokens and floats: `false` matches letters up to ASCII case.
    pub case_sensitive: bool,
    /// Tokens and floats: any change in whitespace is a WA.
    pub space_change_sensitive: bool,
}

impl Compare {
    /// The mode alone, with its defaults: case-sensitive, whitespace-blind,
    /// testlib's 1e-6 for floats.
    pub fn of_mode(mode: CompareMode) -> Compare {
        let tolerance = (mode == CompareMode::Float).then_some(DEFAULT_FLOAT_TOLERANCE);
        Compare {
            mode,
            absolute_tolerance: tolerance,
            relative_tolerance: tolerance,
            case_sensitive: true,
            space_change_sensitive: false,
        }
    }

    /// The Kattis default output validator with no flags: tokens matched up
    /// to ASCII case.
    pub fn kattis_default() -> Compare {
        Compare {
            case_sensitive: false,
            ..Compare::of_mode(CompareMode::Tokens)
        }
    }

    /// This comparison with the Kattis default validator's `flags` added
    /// (`case_sensitive`, `space_change_sensitive`, `float_tolerance ε`,
    /// `float_relative_tolerance ε`, `float_absolute_tolerance ε`), as the
    /// format adds a group's flags to the problem's; a float flag makes the
    /// comparison `float` with only the tolerances the flags give.
    pub fn with_validator_flags(self, flags: &[String]) -> Result<Compare, String> {
        let mut compare = self;
        let mut rest = flags.iter();
        let mut floats: (Option<f64>, Option<f64>) = (None, None);
        while let Some(flag) = rest.next() {
            let mut epsilon = || -> Result<f64, String> {
                let text = rest
                    .next()
                    .ok_or_else(|| format!("the validator flag {flag} needs a number after it"))?;
                text.parse::<f64>()
                    .ok()
                    .filter(|e| e.is_finite() && *e >= 0.0)
                    .ok_or_else(|| {
                        format!("the validator flag {flag} needs a number, found {text:?}")
                    })
            };
            match flag.as_str() {
                "case_sensitive" => compare.case_sensitive = true,
                "space_change_sensitive" => compare.space_change_sensitive = true,
                "float_tolerance" => {
                    let e = epsilon()?;
                    floats = (Some(e), Some(e));
                }
                "float_absolute_tolerance" => floats.0 = Some(epsilon()?),
                "float_relative_tolerance" => floats.1 = Some(epsilon()?),
                other => {
                    return Err(format!(
                        "{other:?} is not a flag of the default output validator (case_sensitive, \
                         space_change_sensitive, float_tolerance, float_relative_tolerance, \
                         float_absolute_tolerance)"
                    ))
                }
            }
        }
        if floats != (None, None) {
            compare.mode = CompareMode::Float;
            compare.absolute_tolerance = floats.0;
            compare.relative_tolerance = floats.1;
        }
        Ok(compare)
    }
}

/// A judge's own program (a checker or an interactor): its command line as
/// `problem.toml` writes it and how it is called.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tool {
    pub command: String,
    pub protocol: Protocol,
}

/// How a stress input splits into independent test cases, for shrinking:
/// each case spans `case_lines` lines (with a count header and no
/// `case_lines`, the lines after it shared equally); a `terminator` line may
/// end the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub case_lines: Option<usize>,
    pub terminator: Option<String>,
    /// The first line holds the number of cases (`stress_header = "count"`).
    pub count_header: bool,
}

/// One `bench.<name> = [<size>, <size>, ...]` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    pub name: String,
    pub sizes: Vec<u64>,
}

impl Series {
    /// Why the bench refuses the series: a size over `MAX_SIZE`, the largest
    /// input size a generator makes.
    pub fn oversized(&self) -> Option<String> {
        let size = self.sizes.iter().find(|&&size| size > MAX_SIZE)?;
        Some(format!(
            "`bench.{}` lists {size}, over the largest size a generator makes, {MAX_SIZE}",
            self.name
        ))
    }
}

/// Without `brute_skip`, the brute force skips the stored cases whose `.in`
/// is over this size in the problem's own tests: large cases are for the
/// solution.
pub const BRUTE_SKIP_OVER_BYTES: u64 = 64 << 10;

#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub title: String,
    pub url: String,
    pub judge: String,
    pub time_limit_ms: u64,
    pub memory_limit_kib: u64,
    /// The output a run may print; `None`: twice the answer plus 1 MiB.
    pub output_limit_mib: Option<u64>,
    pub time: Clock,
    /// The main thread's stack, in KiB.
    pub stack_kib: u64,
    /// Processes and threads at once.
    pub process_limit: u32,
    pub helper: HelperLimits,
    pub compare: Compare,
    /// A checker program judges instead of `compare`.
    pub checker: Option<Tool>,
    /// The problem is interactive.
    pub interactor: Option<Tool>,
    /// Arguments after the protocol's for the checker and the interactor.
    pub validator_flags: Vec<String>,
    /// Multi-pass: the most passes a run may take.
    pub validation_passes: Option<u32>,
    /// The rustc the paste is proven on: `RUST_FLOOR` unless set.
    pub rustc: String,
    pub stress_layout: Option<Layout>,
    /// Name patterns of the stored cases the brute force skips in the
    /// problem's own tests; `None`: those over `BRUTE_SKIP_OVER_BYTES`.
    pub brute_skip: Option<Vec<String>>,
    /// In key order.
    pub bench: Vec<Series>,
    /// The keys only a problem package's tools read.
    pub package: PackageKeys,
    /// The groups' scores make the problem's.
    pub scoring: bool,
    /// Stored cases stay under this many MiB.
    pub case_size_limit_mib: u64,
    /// In path order: a group before its subgroups.
    pub groups: Vec<Group>,
}

/// problem.toml's keys that serve a problem package's tools alone
/// (`verify`, `validate`, an import's time limit): the core reads them and
/// never acts on them.
#[derive(Clone, Debug, PartialEq)]
pub struct PackageKeys {
    /// Input validators' command lines (`judge validate`).
    pub input_validators: Vec<String>,
    pub input_validator_protocol: Protocol,
    pub input_validator_flags: Vec<String>,
    /// The labelled submissions, in path order.
    pub submissions: Vec<Submission>,
    pub time_rule: Option<TimeRule>,
    /// The time limit is the package's own (`time_limit_fixed`): the rule
    /// never advises another.
    pub time_limit_fixed: bool,
}

impl Config {
    /// The size its stored files must stay under: `case_size_limit_mib`,
    /// never less than `files::MAX_STORED_BYTES`.
    pub fn stored_limit(&self) -> u64 {
        (self.case_size_limit_mib << 20).max(files::MAX_STORED_BYTES)
    }
}

/// Parses `problem.toml`'s text; the error names the line or the key.
pub fn parse(text: &str) -> Result<Config, String> {
    parse_noting(text).map(|(config, _)| config)
}

/// Parses as `parse` does, with a note for each line TOML reads otherwise
/// than meant or not at all, in order: `line 9: write bench.max = [10, 20]
/// (a TOML array)`.
pub fn parse_noting(text: &str) -> Result<(Config, Vec<String>), String> {
    let (raw, notes) = key_values(text)?;
    Ok((typed(&raw)?, notes))
}

/// The typed model of the lines.
fn typed(raw: &Raw) -> Result<Config, String> {
    let text_of = |key: &str| raw.get(key).cloned().unwrap_or_default();
    let mode = |key: &str| raw.get(key).map(|text| text.as_str());
    let compare = compare_of(raw)?;
    let checker = tool(raw, "checker", "checker_protocol", "a program")?;
    let interactor = tool(raw, "interactor", "interactor_protocol", "a command line")?;
    let (validator_flags, validation_passes) = validation(raw, &checker, &interactor)?;
    let rustc = rustc(raw)?;
    let scoring = flag(raw, "scoring")?;
    let groups = groups(raw)?;
    let stress_layout = stress_layout(raw)?;
    let brute_skip = raw.get("brute_skip").map(|patterns| words(patterns));
    let bench = bench_series(raw)?;
    let judge = text_of("judge");
    let memory_limit_kib = number(raw, "memory_limit_kib", MAX_MEMORY_KIB)?;
    let stack_kib = match raw.get("stack_kib") {
        Some(_) => number(raw, "stack_kib", MAX_MEMORY_KIB)?,
        None => match judges::known(&judge) {
            Some(known) => known.stack_kib.unwrap_or(memory_limit_kib),
            None => judges::OTHER_STACK_KIB,
        },
    };
    let process_limit = number_or(
        raw,
        "process_limit",
        MAX_PROCESS_LIMIT,
        DEFAULT_PROCESS_LIMIT.into(),
    )? as u32;
    Ok(Config {
        title: text_of("title"),
        url: text_of("url"),
        judge,
        time_limit_ms: number(raw, "time_limit_ms", MAX_TIME_LIMIT_MS)?,
        memory_limit_kib,
        output_limit_mib: match raw.get("output_limit_mib") {
            Some(_) => Some(number(raw, "output_limit_mib", MAX_OUTPUT_MIB)?),
            None => None,
        },
        stack_kib,
        process_limit,
        helper: helper_limits(raw)?,
        time: match mode("time") {
            None => Clock::Cpu,
            Some(text) => Clock::parse("time", text)?,
        },
        compare,
        checker,
        interactor,
        validator_flags,
        validation_passes,
        rustc,
        stress_layout,
        brute_skip,
        bench,
        package: package_keys(raw)?,
        scoring,
        case_size_limit_mib: number_or(
            raw,
            "case_size_limit_mib",
            MAX_CASE_SIZE_MIB,
            files::MAX_STORED_BYTES >> 20,
        )?,
        groups,
    })
}

/// The keys only a problem package's tools read.
fn package_keys(raw: &Raw) -> Result<PackageKeys, String> {
    let (input_validators, input_validator_protocol) = input_validators(raw)?;
    Ok(PackageKeys {
        input_validators,
        input_validator_protocol,
        input_validator_flags: words(raw.get("input_validator_flags").map_or("", String::as_str)),
        submissions: submissions(raw)?,
        time_rule: time_rule(raw)?,
        time_limit_fixed: flag(raw, "time_limit_fixed")?,
    })
}

/// `key`'s `true` or `false`; `false` when absent.
fn flag(raw: &Raw, key: &str) -> Result<bool, String> {
    match raw.get(key).map(String::as_str) {
        None | Some("false") => Ok(false),
        Some("true") => Ok(true),
        Some(text) => Err(format!("`{key}` must be true or false, found {text:?}")),
    }
}

/// `key`'s positive whole number, at most `max`.
fn number(raw: &Raw, key: &str, max: u64) -> Result<u64, String> {
    let value = raw
        .get(key)
        .ok_or_else(|| format!("missing `{key} = <number>`"))?;
    match value.parse::<u64>() {
        Ok(n) if n > max => Err(format!("`{key}` must be at most {max}, found {value}")),
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!(
            "`{key}` must be a positive whole number, found {value:?}"
        )),
    }
}

/// `key`'s number as `number` reads it, or `default` when it is not set.
fn number_or(raw: &Raw, key: &str, max: u64, default: u64) -> Result<u64, String> {
    match raw.get(key) {
        Some(_) => number(raw, key, max),
        None => Ok(default),
    }
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

/// The input validators' command lines and protocol: the keys that refine
/// them need them.
fn input_validators(raw: &Raw) -> Result<(Vec<String>, Protocol), String> {
    let validators = words(raw.get("input_validators").map_or("", String::as_str));
    if validators.is_empty()
        && (raw.contains_key("input_validator_protocol")
            || raw.contains_key("input_validator_flags"))
    {
        return Err(
            "`input_validator_protocol` and `input_validator_flags` need `input_validators`".into(),
        );
    }
    let protocol = match raw.get("input_validator_protocol") {
        None => Protocol::Kattis,
        Some(text) => Protocol::parse("input_validator_protocol", text)?,
    };
    Ok((validators, protocol))
}

/// The helpers' limits: DOMjudge's, where not set.
fn helper_limits(raw: &Raw) -> Result<HelperLimits, String> {
    let default = HelperLimits::default();
    let mib = |key: &str, default: u64| number_or(raw, key, MAX_HELPER_MIB, default);
    Ok(HelperLimits {
        time_ms: number_or(
            raw,
            "helper_time_limit_ms",
            MAX_TIME_LIMIT_MS,
            default.time_ms,
        )?,
        memory_mib: mib("helper_memory_limit_mib", default.memory_mib)?,
        file_mib: mib("helper_file_limit_mib", default.file_mib)?,
    })
}

fn positive(key: &str, text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v > 0.0)
        .ok_or_else(|| format!("`{key}` must be a positive number, found {text:?}"))
}
/// A checker's or an interactor's command line (`key`) and protocol.
fn tool(raw: &Raw, key: &str, protocol_key: &str, what: &str) -> Result<Option<Tool>, String> {
    let protocol = match raw.get(protocol_key) {
        None => Protocol::Testlib,
        Some(text) => Protocol::parse(protocol_key, text)?,
    };
    match raw.get(key).map(|line| line.trim()) {
        Some("") => Err(format!("`{key}` must name {what}, found \"\"")),
        Some(command) => Ok(Some(Tool {
            command: command.to_string(),
            protocol,
        })),
        None if raw.contains_key(protocol_key) => Err(format!(
            "`{protocol_key}` needs `{key} = \"<command>\"` too"
        )),
        None => Ok(None),
    }
}

/// `validator_flags` and `validation_passes`, which need the tools they are for.
fn validation(
    raw: &Raw,
    checker: &Option<Tool>,
    interactor: &Option<Tool>,
) -> Result<(Vec<String>, Option<u32>), String> {
    let kattis = |tool: &Option<Tool>| {
        tool.as_ref()
            .is_some_and(|t| t.protocol == Protocol::Kattis)
    };
    if checker.is_some() && kattis(interactor) {
        return Err(
            "a Kattis interactor judges the answer itself: drop `checker` \
                    or use interactor_protocol = \"testlib\""
                .into(),
        );
    }
    let validator_flags: Vec<String> = match raw.get("validator_flags") {
        Some(_) if checker.is_none() && interactor.is_none() => {
            return Err(
                "`validator_flags` are for a checker or an interactor; the default \
                        validator's flags are compare keys (case_sensitive, float_tolerance, ...)"
                    .into(),
            )
        }
        Some(text) => words(text),
        None => Vec::new(),
    };
    let validation_passes = match raw.get("validation_passes") {
        None => None,
        Some(_) if !kattis(checker) && !kattis(interactor) => {
            return Err("`validation_passes` needs a Kattis checker or interactor \
                        (checker_protocol or interactor_protocol = \"kattis\"): it writes nextpass.in"
                .into())
        }
        Some(text) => Some(text.parse::<u32>().ok().filter(|&n| n >= 2).ok_or_else(|| {
            format!("`validation_passes` must be a whole number of at least 2, found {text:?}")
        })?),
    };
    Ok((validator_flags, validation_passes))
}

/// The rustc the paste is proven on: a full version, the floor unless set.
fn rustc(raw: &Raw) -> Result<String, String> {
    let rustc = raw
        .get("rustc")
        .cloned()
        .unwrap_or_else(|| RUST_FLOOR.into());
    let parts: Vec<&str> = rustc.split('.').collect();
    if parts.len() != 3 || !parts.iter().all(|p| p.parse::<u32>().is_ok()) {
        return Err(format!(
            "`rustc` must be a full rustc version such as {RUST_FLOOR}, found {rustc:?}"
        ));
    }
    Ok(rustc)
}

/// How stress and the shrinker read an input's cases, when it has several.
fn stress_layout(raw: &Raw) -> Result<Option<Layout>, String> {
    let terminator = raw.get("stress_terminator").cloned();
    let count_header = match raw.get("stress_header").map(String::as_str) {
        None => false,
        Some("count") => true,
        Some(text) => {
            return Err(format!(
                "`stress_header` must be \"count\" (the first line is the number of cases), \
                 found {text:?}"
            ))
        }
    };
    let case_lines = match raw.get("stress_case_lines") {
        Some(text) => Some(text.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
            format!("`stress_case_lines` must be a positive whole number, found {text:?}")
        })?),
        None => None,
    };
    match (case_lines, count_header) {
        (None, false) if terminator.is_some() => {
            Err("`stress_terminator` needs `stress_case_lines` or `stress_header` too".into())
        }
        (None, false) => Ok(None),
        _ => Ok(Some(Layout {
            case_lines,
            terminator,
            count_header,
        })),
    }
}

/// The `bench.<series>` lines, in key order.
fn bench_series(raw: &Raw) -> Result<Vec<Series>, String> {
    let mut bench = Vec::new();
    for (key, value) in raw {
        let name = match key.strip_prefix("bench.") {
            Some(name) => name,
            None => continue,
        };
        // A size over `MAX_SIZE` is the bench's to refuse (`Series::oversized`):
        // the problem is still tested and stressed.
        let sizes = value
            .split_whitespace()
            .map(|size| size.parse::<u64>().ok().filter(|&n| n > 0))
            .collect::<Option<Vec<u64>>>()
            .filter(|sizes| !sizes.is_empty())
            .ok_or_else(|| {
                format!("`{key}` must list positive whole-number sizes, found {value:?}")
            })?;
        bench.push(Series {
            name: name.to_string(),
            sizes,
        });
    }
    Ok(bench)
}

/// The time rule: all three keys or none.
fn time_rule(raw: &Raw) -> Result<Option<TimeRule>, String> {
    let keys = [
        "time_multiplier",
        "time_safety_margin",
        "time_resolution_ms",
    ];
    match keys.map(|key| raw.get(key)) {
        [None, None, None] => Ok(None),
        [Some(multiplier), Some(margin), Some(resolution)] => Ok(Some(TimeRule {
            multiplier: positive(keys[0], multiplier)?,
            safety_margin: positive(keys[1], margin)?,
            resolution_ms: resolution.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                format!(
                    "`time_resolution_ms` must be a positive whole number, found {resolution:?}"
                )
            })?,
        })),
        _ => Err(
            "the time rule needs all of time_multiplier, time_safety_margin and time_resolution_ms"
                .into(),
        ),
    }
}

/// Every `group.<path>.<setting>` line, gathered by group, in path order.
fn groups(raw: &Raw) -> Result<Vec<Group>, String> {
    let mut groups: Vec<Group> = Vec::new();
    for (key, value) in raw {
        let Some(rest) = key.strip_prefix("group.") else {
            continue;
        };
        let (path, setting) = rest
            .rsplit_once('.')
            .ok_or_else(|| format!("`{key}` must be `group.<path>.<setting>`"))?;
        let at = match groups.iter().position(|g| g.path == path) {
            Some(at) => at,
            None => {
                groups.push(Group::new(path));
                groups.len() - 1
            }
        };
        groups[at].set(key, setting, value)?;
    }
    groups.sort_by(|a, b| a.path.split('/').cmp(b.path.split('/')));
    let mut seen: Vec<&str> = Vec::new();
    for group in &groups {
        if let Some(case) = group
            .cases
            .iter()
            .find(|case| seen.contains(&case.as_str()))
        {
            return Err(format!(
                "the case {case} is in two groups (group.{}.cases)",
                group.path
            ));
        }
        seen.extend(group.cases.iter().map(String::as_str));
    }
    Ok(groups)
}

impl Group {
    /// Its `setting` from the line `key = value`.
    fn set(&mut self, key: &str, setting: &str, value: &str) -> Result<(), String> {
        let score = |text: &str| -> Result<f64, String> {
            match text {
                "inf" | "+inf" => Ok(f64::INFINITY),
                "-inf" => Ok(f64::NEG_INFINITY),
                _ => text
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| format!("`{key}` must be a number, found {text:?}")),
            }
        };
        match setting {
            "cases" => self.cases = words(value),
            "on_reject" => self.on_reject = OnReject::parse(key, value)?,
            "grader_flags" => {
                self.grader_flags = words(value)
                    .iter()
                    .map(|word| GraderFlag::parse(key, word))
                    .collect::<Result<_, _>>()?
            }
            "accept_score" => self.accept_score = score(value)?,
            "reject_score" => self.reject_score = score(value)?,
            "range" => match value.split_whitespace().collect::<Vec<_>>().as_slice() {
                [low, high] => self.range = (score(low)?, score(high)?),
                _ => {
                    return Err(format!(
                        "`{key}` must be two numbers `[<low>, <high>]`, found {value:?}"
                    ))
                }
            },
            "validator_flags" => self.validator_flags = words(value),
            "input_validator_flags" => self.input_validator_flags = words(value),
            other => {
                let known: Vec<&str> = GROUP_SETTINGS.iter().map(|(name, _)| *name).collect();
                return Err(format!(
                    "`{key}`: a group has no setting `{other}`; it has {}",
                    known.join(", ")
                ));
            }
        }
        Ok(())
    }
}

/// Every `submission.<path> = "<expectation>"` line.
fn submissions(raw: &Raw) -> Result<Vec<Submission>, String> {
    let mut found = Vec::new();
    for (key, value) in raw {
        let Some(path) = key.strip_prefix("submission.") else {
            continue;
        };
        let mut submission = Submission {
            path: path.to_string(),
            permitted: Vec::new(),
            required: Vec::new(),
            finals: Vec::new(),
            score: None,
            entry_point: None,
            language: None,
        };
        let mut words = value.split_whitespace().peekable();
        let known = "permitted, required, final, score, entry or language";
        while let Some(word) = words.next() {
            let verdicts = |words: &mut std::iter::Peekable<std::str::SplitWhitespace>| {
                let mut list = Vec::new();
                while let Some(next) = words.peek().filter(|w| Verdict::parse(key, w).is_ok()) {
                    list.push(Verdict::parse(key, next).expect("checked"));
                    words.next();
                }
                if list.is_empty() {
                    return Err(format!(
                        "`{key}`: `{word}` needs verdicts after it ({})",
                        Verdict::names()
                    ));
                }
                Ok(list)
            };
            match word {
                "permitted" => submission.permitted = verdicts(&mut words)?,
                "required" => submission.required = verdicts(&mut words)?,
                "final" => submission.finals = verdicts(&mut words)?,
                "score" => {
                    let mut number = || -> Result<f64, String> {
                        let text = words.next().unwrap_or("");
                        text.parse::<f64>()
                            .ok()
                            .filter(|v| v.is_finite())
                            .ok_or_else(|| {
                                format!("`{key}`: `score` needs two numbers, found {text:?}")
                            })
                    };
                    submission.score = Some((number()?, number()?));
                }
                "entry" => submission.entry_point = words.next().map(String::from),
                "language" => {
                    let code = words.next().unwrap_or("");
                    submission.language = Some(Language::of_code(code).ok_or_else(|| {
                        format!("`{key}`: no language {code:?} (cpp, c, java, python3, python2, rust, kotlin, ...)")
                    })?);
                }
                other => return Err(format!("`{key}`: expected {known}, found {other:?}")),
            }
        }
        found.push(submission);
    }
    Ok(found)
}

/// The comparison: the mode and the keys that refine it, each refused where
/// its mode has no use for it.
fn compare_of(raw: &Raw) -> Result<Compare, String> {
    let mode = match raw.get("compare") {
        None => CompareMode::Exact,
        Some(text) => CompareMode::parse("compare", text)?,
    };
    let tolerance = |key: &str| -> Result<Option<f64>, String> {
        match raw.get(key) {
            None => Ok(None),
            Some(_) if mode != CompareMode::Float => {
                Err(format!("`{key}` needs `compare = \"float\"`"))
            }
            Some(text) => text
                .parse::<f64>()
                .ok()
                .filter(|tolerance| tolerance.is_finite() && *tolerance >= 0.0)
                .map(Some)
                .ok_or_else(|| format!("`{key}` must be a number such as 1e-6, found {text:?}")),
        }
    };
    let both = tolerance("float_tolerance")?;
    let relative = tolerance("float_relative_tolerance")?;
    let absolute = tolerance("float_absolute_tolerance")?;
    let mut compare = Compare::of_mode(mode);
    match (both, relative, absolute) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            return Err("`float_tolerance` sets both tolerances: give it, or \
                        `float_relative_tolerance` and `float_absolute_tolerance`, not both"
                .into())
        }
        (Some(both), None, None) => {
            compare.absolute_tolerance = Some(both);
            compare.relative_tolerance = Some(both);
        }
        (None, None, None) => {}
        (None, relative, absolute) => {
            compare.absolute_tolerance = absolute;
            compare.relative_tolerance = relative;
        }
    }
    let flag = |key: &str, default: bool| -> Result<bool, String> {
        match raw.get(key).map(String::as_str) {
            None => Ok(default),
            Some(_) if !matches!(mode, CompareMode::Tokens | CompareMode::Float) => Err(format!(
                "`{key}` needs `compare = \"tokens\"` or `\"float\"` (other modes compare as they say)"
            )),
            Some("true") => Ok(true),
            Some("false") => Ok(false),
            Some(text) => Err(format!("`{key}` must be true or false, found {text:?}")),
        }
    };
    compare.case_sensitive = flag("case_sensitive", true)?;
    compare.space_change_sensitive = flag("space_change_sensitive", false)?;
    Ok(compare)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "time_limit_ms = 1\nmemory_limit_kib = 1\n";

    fn with(extra: &str) -> Result<Config, String> {
        parse(&format!("{BASE}{extra}"))
    }

    #[test]
    fn config_reads_quoted_bare_and_commented_values() {
        let config = parse(
            "# comment\ntitle = \"Number Game\"\njudge = poj\ntime_limit_ms = 1000 # POJ's\n\
             memory_limit_kib = 65536\ncompare = \"tokens\"\nbench.positions = 100 1000\n",
        )
        .unwrap();
        assert_eq!(config.title, "Number Game");
        assert_eq!(config.judge, "poj");
        assert_eq!(config.time_limit_ms, 1000);
        assert_eq!(config.memory_limit_kib, 65536);
        assert_eq!(config.compare.mode, CompareMode::Tokens);
        assert_eq!(
            config.bench,
            [Series {
                name: "positions".into(),
                sizes: vec![100, 1000]
            }]
        );
        assert_eq!(config.rustc, RUST_FLOOR);
    }

    #[test]
    fn config_reads_toml_and_notes_nothing() {
        let (config, notes) = parse_noting(
            "# comment\ntitle = \"A \\\"quoted\\\" \\u00e9\" # after\n\"judge\" = 'poj'\n\
             time_limit_ms = 1_000\nmemory_limit_kib = 65536\ncompare = \"float\"\n\
             float_tolerance = 1e-6\ncase_sensitive = false\nscoring = true\n\
             bench.max = [10, 20,]\nbench . \"two words\" = [\n  1, # one\n  2\n]\n\
             brute_skip = [\"large-*\", 'max']\ninput_validators = [\"v.py\"]\n\
             group.\"data/secret/g1.x\".cases = [\"a\", \"b\"]\ngroup.\"data/secret/g1.x\".range = [0, inf]\n\
             group.data.accept_score = 2.5\n\
             submission.\"submissions/accepted/a.py\" = \"permitted AC\"\r\n",
        )
        .unwrap();
        assert_eq!(notes, Vec::<String>::new());
        assert_eq!(config.title, "A \"quoted\" é");
        assert_eq!(config.judge, "poj");
        assert_eq!(config.time_limit_ms, 1000);
        assert_eq!(config.compare.relative_tolerance, Some(1e-6));
        assert!(!config.compare.case_sensitive && config.scoring);
        let bench: Vec<(&str, &[u64])> = config
            .bench
            .iter()
            .map(|s| (s.name.as_str(), s.sizes.as_slice()))
            .collect();
        assert_eq!(bench, [("max", &[10, 20][..]), ("two words", &[1, 2][..])]);
        assert_eq!(
            config.brute_skip,
            Some(vec!["large-*".into(), "max".into()])
        );
        assert_eq!(config.package.input_validators, ["v.py"]);
        let paths: Vec<&str> = config.groups.iter().map(|g| g.path.as_str()).collect();
        assert_eq!(paths, ["data", "data/secret/g1.x"]);
        assert_eq!(config.groups[0].accept_score, 2.5);
        assert_eq!(config.groups[1].cases, ["a", "b"]);
        assert_eq!(config.groups[1].range, (0.0, f64::INFINITY));
        assert_eq!(
            config.package.submissions[0].path,
            "submissions/accepted/a.py"
        );
    }

    #[test]
    fn the_flat_form_is_read_and_each_line_noted_with_its_toml() {
        let (config, notes) = parse_noting(
            "title = Two Sum\ntime_limit_ms = \"1000\"\nmemory_limit_kib = 1\n\
             compare = tokens # note\nbench.mixed = 1000 10000\nbrute_skip = \"\"\n\
             stress_case_lines = 1\nstress_terminator = 0\nscoring = \"true\"\n\
             group.data/secret/g1.cases = a b\ngroup.data.range = 0 inf\n\
             submission.submissions/a.py = \"permitted AC\"\nsubmission.a.py = \"final AC\"\n\
             rustc = \"1.89.0\"\nurl = \"http://x\\y\"\n",
        )
        .unwrap();
        assert_eq!(config.title, "Two Sum");
        assert_eq!(config.bench[0].sizes, [1000, 10000]);
        assert_eq!(config.brute_skip, Some(vec![]));
        assert_eq!(config.url, "http://x\\y");
        assert_eq!(config.package.submissions.len(), 2);
        assert_eq!(
            notes,
            [
                "line 1: write title = \"Two Sum\" (a TOML string)",
                "line 2: write time_limit_ms = 1000 (a TOML integer)",
                "line 4: write compare = \"tokens\" (a TOML string)",
                "line 5: write bench.mixed = [1000, 10000] (a TOML array)",
                "line 6: write brute_skip = [] (a TOML array)",
                "line 8: write stress_terminator = \"0\" (a TOML string)",
                "line 9: write scoring = true (a TOML boolean)",
                "line 10: write group.\"data/secret/g1\".cases = [\"a\", \"b\"] \
                 (a quoted key, a TOML array)",
                "line 11: write group.data.range = [0, inf] (a TOML array)",
                "line 12: write submission.\"submissions/a.py\" = \"permitted AC\" (a quoted key)",
                "line 13: write submission.\"a.py\" = \"final AC\" (a quoted key)",
                "line 15: write url = \"http://x\\\\y\" (a TOML string)",
            ]
        );
    }

    #[test]
    fn toml_the_reader_cannot_take_is_refused_in_one_line_naming_it() {
        for (text, named) in [
            ("bench.x = [1, 2\n", "line 1: unterminated array"),
            ("bench.x = [\n1,\n2 3]\n", "line 3: expected ',' or ']'"),
            ("bench.x = [1 2]\n", "line 1: expected ',' or ']'"),
            ("bench.x = [[1]]\n", "line 1: expected a string or a number"),
            (
                "brute_skip = [\"a b\"]\n",
                "line 1: an array's strings here are single words",
            ),
            ("title = 'a\n", "line 1: unterminated string"),
            (
                "title = \"\"\"a\"\"\"\n",
                "line 1: expected a one-line string",
            ),
            (
                "[group]\n",
                "line 1: expected `key = value`, found \"[group]\": tables",
            ),
            (
                "title = {a = 1}\n",
                "line 1: expected a value, found an inline table",
            ),
            (
                "\n\ntitle = \"a\" \"b\"\n",
                "line 3: expected a `#` comment or nothing",
            ),
        ] {
            let err = parse(text).unwrap_err();
            assert!(err.starts_with(named), "{text:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{err}");
        }
    }

    #[test]
    fn config_reads_the_interactor_and_its_protocol() {
        assert_eq!(with("").unwrap().interactor, None);
        let config = with("interactor = \"x-interactor\"\ninteractor_protocol = \"kattis\"\n");
        assert_eq!(
            config.unwrap().interactor,
            Some(Tool {
                command: "x-interactor".into(),
                protocol: Protocol::Kattis
            })
        );
        for bad in [
            "interactor = \"x\"\ninteractor_protocol = \"polygon\"\n",
            "interactor_protocol = \"testlib\"\n",
            "interactor = \"\"\n",
            "interactor = \"x\"\ninteractor_protocol = \"kattis\"\nchecker = y\n",
        ] {
            assert!(with(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn config_errors_name_the_problem() {
        let err = parse("time_limit_ms = 1000\n").unwrap_err();
        assert!(err.contains("memory_limit_kib"), "{err}");
        let err = parse("time_limit_ms = fast\nmemory_limit_kib = 1\n").unwrap_err();
        assert!(
            err.contains("time_limit_ms") && err.contains("fast"),
            "{err}"
        );
        let err = parse("oops\n").unwrap_err();
        assert!(err.starts_with("line 1:"), "{err}");
        let err = with("compare = fuzzy\n").unwrap_err();
        assert!(err.contains("fuzzy"), "{err}");
    }

    #[test]
    fn config_reads_compare_modes_and_checkers() {
        let config = with("").unwrap();
        assert_eq!(config.compare, Compare::of_mode(CompareMode::Exact));
        assert_eq!(config.checker, None);
        let config = with("compare = float\n").unwrap();
        assert_eq!(
            config.compare.relative_tolerance,
            Some(DEFAULT_FLOAT_TOLERANCE)
        );
        let config = with("compare = float\nfloat_tolerance = 1e-4\n").unwrap();
        assert_eq!(
            (
                config.compare.absolute_tolerance,
                config.compare.relative_tolerance
            ),
            (Some(1e-4), Some(1e-4))
        );
        let config = with("compare = \"any-order-deep\"\n").unwrap();
        assert_eq!(config.compare.mode, CompareMode::AnyOrderDeep);
        let config = with("checker = \"checkers/wcmp\"\nchecker_protocol = \"kattis\"\n").unwrap();
        assert_eq!(
            config.checker,
            Some(Tool {
                command: "checkers/wcmp".into(),
                protocol: Protocol::Kattis
            })
        );
        for (extra, named) in [
            ("float_tolerance = 1e-3\n", "needs `compare = \"float\"`"),
            ("compare = float\nfloat_tolerance = -1\n", "\"-1\""),
            ("compare = float\nfloat_tolerance = nan\n", "\"nan\""),
            ("checker_protocol = kattis\n", "needs `checker"),
            ("checker = x\nchecker_protocol = polygon\n", "\"polygon\""),
            ("checker = \"\"\n", "`checker` must name"),
            ("rustc = 1.89\n", "`rustc` must be a full rustc version"),
        ] {
            let err = with(extra).unwrap_err();
            assert!(err.contains(named), "{extra}: {err}");
        }
    }

    #[test]
    fn tolerances_case_and_whitespace_refine_compare() {
        let config = with("compare = float\nfloat_relative_tolerance = 1e-9\n").unwrap();
        assert_eq!(
            (
                config.compare.absolute_tolerance,
                config.compare.relative_tolerance
            ),
            (None, Some(1e-9))
        );
        let config =
            with("compare = tokens\ncase_sensitive = false\nspace_change_sensitive = true\n")
                .unwrap();
        assert!(!config.compare.case_sensitive && config.compare.space_change_sensitive);
        for (extra, named) in [
            (
                "compare = float\nfloat_tolerance = 1\nfloat_absolute_tolerance = 1\n",
                "not both",
            ),
            (
                "float_relative_tolerance = 1\n",
                "needs `compare = \"float\"`",
            ),
            ("case_sensitive = false\n", "needs `compare = \"tokens\"`"),
            ("compare = tokens\ncase_sensitive = no\n", "true or false"),
        ] {
            let err = with(extra).unwrap_err();
            assert!(err.contains(named), "{extra}: {err}");
        }
    }

    #[test]
    fn default_validator_flags_add_to_a_comparison_as_kattis_adds_them() {
        let flags =
            |text: &str| -> Vec<String> { text.split_whitespace().map(String::from).collect() };
        let compare = Compare::kattis_default()
            .with_validator_flags(&flags("float_relative_tolerance 1e-6 case_sensitive"))
            .unwrap();
        assert_eq!(compare.mode, CompareMode::Float);
        assert_eq!(
            (compare.absolute_tolerance, compare.relative_tolerance),
            (None, Some(1e-6))
        );
        assert!(compare.case_sensitive);
        let err = Compare::kattis_default()
            .with_validator_flags(&flags("float_tolerance"))
            .unwrap_err();
        assert!(err.contains("needs a number"), "{err}");
        let err = Compare::kattis_default()
            .with_validator_flags(&flags("ignore_case"))
            .unwrap_err();
        assert!(
            err.contains("not a flag of the default output validator"),
            "{err}"
        );
    }

    #[test]
    fn validator_flags_and_passes_need_a_program_to_take_them() {
        let config = with(
            "checker = v\nchecker_protocol = kattis\nvalidator_flags = float_tolerance 1e-6\n\
             validation_passes = 3\n",
        )
        .unwrap();
        assert_eq!(config.validator_flags, ["float_tolerance", "1e-6"]);
        assert_eq!(config.validation_passes, Some(3));
        for (extra, named) in [
            ("validator_flags = x\n", "are compare keys"),
            (
                "checker = v\nvalidation_passes = 2\n",
                "needs a Kattis checker",
            ),
            (
                "checker = v\nchecker_protocol = kattis\nvalidation_passes = 1\n",
                "at least 2",
            ),
        ] {
            let err = with(extra).unwrap_err();
            assert!(err.contains(named), "{extra}: {err}");
        }
    }

    #[test]
    fn groups_submissions_and_the_time_rule_are_read_and_checked() {
        let config = with(
            "scoring = true\ngroup.data/secret/g1.cases = secret-g1-1 secret-g1-2\n\
             group.data/secret/g1.accept_score = 20\ngroup.data/secret/g1.grader_flags = min\n\
             group.data/secret.on_reject = continue\ngroup.data/secret.range = 0 inf\n\
             submission.submissions/accepted/a.py = \"permitted AC entry main.py language python2\"\n\
             submission.submissions/wrong_answer/w.cpp = \"permitted AC WA required WA\"\n\
             time_multiplier = 5\ntime_safety_margin = 2\ntime_resolution_ms = 1000\n",
        )
        .unwrap();
        assert!(config.scoring);
        let paths: Vec<&str> = config.groups.iter().map(|g| g.path.as_str()).collect();
        assert_eq!(paths, ["data/secret", "data/secret/g1"]);
        let g1 = &config.groups[1];
        assert_eq!(g1.cases, ["secret-g1-1", "secret-g1-2"]);
        assert_eq!(
            (g1.accept_score, g1.grader_flags.as_slice()),
            (20.0, &[GraderFlag::Min][..])
        );
        assert_eq!(config.groups[0].on_reject, OnReject::Continue);
        assert_eq!(config.groups[0].range, (0.0, f64::INFINITY));
        let accepted = &config.package.submissions[0];
        assert_eq!(accepted.path, "submissions/accepted/a.py");
        assert_eq!(accepted.permitted, [Verdict::Accepted]);
        assert_eq!(accepted.entry_point.as_deref(), Some("main.py"));
        assert_eq!(accepted.language, Some(Language::Python2));
        assert_eq!(
            config.package.submissions[1].required,
            [Verdict::WrongAnswer]
        );
        assert_eq!(config.package.time_rule.unwrap().resolution_ms, 1000);
        assert!(!config.package.time_limit_fixed);
        assert!(
            with("time_limit_fixed = true")
                .unwrap()
                .package
                .time_limit_fixed
        );
        for (extra, named) in [
            ("group.x.colour = red\n", "a group has no setting `colour`"),
            ("group.x.on_reject = stop\n", "\"break\" or \"continue\""),
            ("group.x.grader_flags = min mean\n", "\"mean\""),
            (
                "group.a.cases = c\ngroup.b.cases = c\n",
                "the case c is in two groups",
            ),
            ("submission.s.py = \"permitted\"\n", "needs verdicts"),
            (
                "submission.s.py = \"maybe AC\"\n",
                "expected permitted, required",
            ),
            (
                "submission.s.py = \"language cobol\"\n",
                "no language \"cobol\"",
            ),
            ("time_multiplier = 5\n", "needs all of"),
            ("input_validator_flags = x\n", "need `input_validators`"),
        ] {
            let err = with(extra).unwrap_err();
            assert!(err.contains(named), "{extra}: {err}");
        }
    }

    #[test]
    fn comments_follow_values_and_time_picks_the_clock() {
        let config = with("compare = \"tokens\" # note\ntime = \"wall\"\n").unwrap();
        assert_eq!(config.compare.mode, CompareMode::Tokens);
        assert_eq!(config.time, Clock::Wall);
        assert_eq!(with("").unwrap().time, Clock::Cpu);
        let err = with("time = gpu\n").unwrap_err();
        assert!(err.contains("\"cpu\" or \"wall\""), "{err}");
        let err = parse("title = \"a\" b\n").unwrap_err();
        assert!(err.contains("after the closing quote"), "{err}");
        let err = parse("title = \"a\n").unwrap_err();
        assert!(err.contains("unterminated"), "{err}");
    }

    #[test]
    fn stress_layout_and_bench_series_are_read_and_checked() {
        assert_eq!(with("").unwrap().stress_layout, None);
        let config = with("stress_case_lines = 2\nstress_terminator = \"0 0\"\n").unwrap();
        assert_eq!(
            config.stress_layout,
            Some(Layout {
                case_lines: Some(2),
                terminator: Some("0 0".into()),
                count_header: false,
            })
        );
        assert!(with("stress_terminator = \"0 0\"\n").is_err());
        assert!(with("stress_case_lines = 0\n").is_err());
        let config = with("stress_header = \"count\"\n").unwrap();
        assert_eq!(
            config.stress_layout,
            Some(Layout {
                case_lines: None,
                terminator: None,
                count_header: true,
            })
        );
        let err = with("stress_header = \"t\"\n").unwrap_err();
        assert!(err.contains("`stress_header` must be \"count\""), "{err}");
        let config = with("bench.m = 10 20\nbench.cases = 1 2 5\n").unwrap();
        let names: Vec<&str> = config.bench.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["cases", "m"]);
        for bad in ["ten", "10 0", ""] {
            let err = with(&format!("bench.x = {bad}\n")).unwrap_err();
            assert!(err.contains("`bench.x`"), "{bad:?}: {err}");
        }
        let config = with("bench.x = 10 100000001\n").unwrap();
        assert_eq!(config.bench[0].sizes, [10, 100000001]);
        assert_eq!(
            config.bench[0].oversized().unwrap(),
            "`bench.x` lists 100000001, over the largest size a generator makes, 100000000"
        );
    }

    #[test]
    fn unknown_keys_are_refused_with_the_nearest_known_one() {
        let err = parse("compre = tokens\n").unwrap_err();
        assert_eq!(err, "line 1: unknown key `compre`; did you mean `compare`?");
        let err = parse("memory_limit = 1\n").unwrap_err();
        assert!(err.contains("did you mean `memory_limit_kib`?"), "{err}");
        let err = parse("colour = red\n").unwrap_err();
        assert!(err.contains("known keys: title, url"), "{err}");
        let err = parse("bench. = 1\n").unwrap_err();
        assert!(err.contains("unknown key `bench.`"), "{err}");
    }

    #[test]
    fn the_stack_and_the_process_limit_come_from_the_judge_unless_set() {
        let config = parse("judge = codeforces\ntime_limit_ms = 1\nmemory_limit_kib = 1000\n");
        assert_eq!(config.unwrap().stack_kib, 262144);
        let config = parse("judge = kattis\ntime_limit_ms = 1\nmemory_limit_kib = 1000\n");
        assert_eq!(config.unwrap().stack_kib, 1000);
        let config = with("stack_kib = 512\nprocess_limit = 4\n").unwrap();
        assert_eq!((config.stack_kib, config.process_limit), (512, 4));
        assert_eq!(with("").unwrap().process_limit, DEFAULT_PROCESS_LIMIT);
        assert!(with("process_limit = 0\n").is_err());
        assert!(with("process_limit = 99999999999\n").is_err());
    }

    #[test]
    fn helper_limits_are_read_and_default_to_domjudges() {
        let helper = with("").unwrap().helper;
        assert_eq!(helper, HelperLimits::default());
        assert_eq!(
            (helper.time_ms, helper.memory_mib, helper.file_mib),
            (30_000, 2048, 1024)
        );
        let config = with(
            "helper_time_limit_ms = 500\nhelper_memory_limit_mib = 64\nhelper_file_limit_mib = 16\n",
        )
        .unwrap();
        let limits = config.helper.limits(1 << 20);
        assert_eq!(limits.time, Duration::from_millis(500));
        assert_eq!(limits.clock, Clock::Wall);
        assert_eq!(
            (limits.memory_kib, limits.file_kib, limits.output_cap),
            (Some(64 << 10), Some(16 << 10), 1 << 20)
        );
        assert_eq!(limits.stack_kib, Some(64 << 10));
        for (extra, found) in [
            ("helper_time_limit_ms = 0\n", "\"0\""),
            ("helper_memory_limit_mib = 2GiB\n", "\"2GiB\""),
            ("helper_file_limit_mib = -1\n", "\"-1\""),
        ] {
            let key = extra.split(' ').next().unwrap();
            let err = with(extra).unwrap_err();
            assert_eq!(
                err,
                format!("`{key}` must be a positive whole number, found {found}")
            );
        }
    }

    #[test]
    fn limits_above_their_maxima_are_refused_naming_the_key() {
        let config = parse("time_limit_ms = 3600000\nmemory_limit_kib = 67108864\n").unwrap();
        assert_eq!(config.time_limit_ms, MAX_TIME_LIMIT_MS);
        // The workspace's own cases stay under 64 MiB unless a package's may not.
        assert_eq!(config.case_size_limit_mib, 64);
        for (text, key) in [
            (
                "time_limit_ms = 18446744073709551615\nmemory_limit_kib = 1\n",
                "time_limit_ms",
            ),
            (
                "time_limit_ms = 3600001\nmemory_limit_kib = 1\n",
                "time_limit_ms",
            ),
            (
                "time_limit_ms = 1\nmemory_limit_kib = 67108865\n",
                "memory_limit_kib",
            ),
            (
                "time_limit_ms = 1\nmemory_limit_kib = 1\nstack_kib = 99999999999\n",
                "stack_kib",
            ),
            (
                "time_limit_ms = 1\nmemory_limit_kib = 1\nprocess_limit = 4097\n",
                "process_limit",
            ),
            (
                "time_limit_ms = 1\nmemory_limit_kib = 1\ncase_size_limit_mib = 4097\n",
                "case_size_limit_mib",
            ),
            (
                "time_limit_ms = 1\nmemory_limit_kib = 1\nhelper_time_limit_ms = 3600001\n",
                "helper_time_limit_ms",
            ),
            (
                "time_limit_ms = 1\nmemory_limit_kib = 1\nhelper_memory_limit_mib = 65537\n",
                "helper_memory_limit_mib",
            ),
            (
                "time_limit_ms = 1\nmemory_limit_kib = 1\nhelper_file_limit_mib = 65537\n",
                "helper_file_limit_mib",
            ),
            (
                "time_limit_ms = 1\nmemory_limit_kib = 1\noutput_limit_mib = 1025\n",
                "output_limit_mib",
            ),
        ] {
            let err = parse(text).unwrap_err();
            assert!(
                err.starts_with(&format!("`{key}` must be at most ")),
                "{err}"
            );
            assert_eq!(err.lines().count(), 1, "{err}");
        }
        let err = parse("time_limit_ms = 99999999999999999999999\nmemory_limit_kib = 1\n");
        assert!(err.unwrap_err().contains("positive whole number"));
    }

    #[test]
    fn an_output_limit_is_in_mib_and_absent_by_default() {
        assert_eq!(with("").unwrap().output_limit_mib, None);
        assert_eq!(
            with("output_limit_mib = 8\n").unwrap().output_limit_mib,
            Some(8)
        );
        assert!(with("output_limit_mib = 0\n").is_err());
    }

    #[test]
    fn brute_skip_lists_name_patterns() {
        assert_eq!(with("").unwrap().brute_skip, None);
        let config = with("brute_skip = \"large-* max\"\n").unwrap();
        assert_eq!(
            config.brute_skip,
            Some(vec!["large-*".into(), "max".into()])
        );
        assert_eq!(
            with("brute_skip = \"\"\n").unwrap().brute_skip,
            Some(vec![])
        );
    }

    #[test]
    fn duplicate_keys_are_refused() {
        let err = parse("time_limit_ms = 1\ntime_limit_ms = 2\n").unwrap_err();
        assert_eq!(err, "line 2: `time_limit_ms` is set twice");
    }
}
