//! What a problem's `problem.toml` says, parsed once into typed fields:
//! nothing outside this module reads a raw value. The file is a flat
//! `key = value` subset of TOML: `#` comments (alone or after a value), bare
//! or double-quoted values, no tables. Unknown and repeated keys are refused,
//! an unknown one with the nearest known key.

use crate::base::judges::RUST_FLOOR;
use crate::base::modes::{Clock, CompareMode, Mode, Protocol};
use std::collections::BTreeMap;

/// Every key, with what it sets (the docs' reference lists these); besides
/// them, `bench.<series>` lines.
pub const KEYS: [(&str, &str); 21] = [
    ("title", "the problem's name"),
    ("url", "the problem's page"),
    (
        "judge",
        "the judge it is from (poj, leetcode, codeforces, ...)",
    ),
    ("time_limit_ms", "the time limit, in milliseconds"),
    ("memory_limit_kib", "the memory limit, in KiB"),
    ("time", "which time the limit counts"),
    ("compare", "how an output is compared with the answer"),
    (
        "float_tolerance",
        "compare = \"float\": the absolute or relative error allowed",
    ),
    (
        "float_relative_tolerance",
        "compare = \"float\": the relative error allowed (alone: no absolute one)",
    ),
    (
        "float_absolute_tolerance",
        "compare = \"float\": the absolute error allowed (alone: no relative one)",
    ),
    (
        "case_sensitive",
        "compare = \"tokens\" or \"float\": `false` matches letters up to ASCII case",
    ),
    (
        "space_change_sensitive",
        "compare = \"tokens\" or \"float\": `true` makes any change in whitespace a WA",
    ),
    (
        "checker",
        "a checker program's command line; it judges instead of compare",
    ),
    ("checker_protocol", "how the checker is called and answers"),
    (
        "interactor",
        "an interactor's command line: the problem is interactive",
    ),
    (
        "interactor_protocol",
        "how the interactor is called and answers",
    ),
    (
        "validator_flags",
        "arguments the checker or interactor gets after its protocol's (a package's validator flags)",
    ),
    (
        "validation_passes",
        "multi-pass: the most times the solution runs, each pass on the checker's nextpass.in",
    ),
    (
        "rustc",
        "the rustc a paste is proven on, when not the floor",
    ),
    (
        "stress_case_lines",
        "how many lines each test case of an input spans",
    ),
    (
        "stress_terminator",
        "a last line that ends an input (may be absent)",
    ),
];

/// testlib's and oj's default.
pub const DEFAULT_FLOAT_TOLERANCE: f64 = 1e-6;

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
/// each case spans `case_lines` lines; a `terminator` line may end the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub case_lines: usize,
    pub terminator: Option<String>,
}

/// One `bench.<name> = <size> <size> ...` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    pub name: String,
    pub sizes: Vec<u64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub title: String,
    pub url: String,
    pub judge: String,
    pub time_limit_ms: u64,
    pub memory_limit_kib: u64,
    pub time: Clock,
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
    /// In key order.
    pub bench: Vec<Series>,
}

/// Parses `problem.toml`'s text; the error names the line or the key.
pub fn parse(text: &str) -> Result<Config, String> {
    let raw = key_values(text)?;
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
    let mode = |key: &str| raw.get(key).map(|text| text.as_str());
    let compare_mode = match mode("compare") {
        None => CompareMode::Exact,
        Some(text) => CompareMode::parse("compare", text)?,
    };
    let compare = compare_of(&raw, compare_mode)?;
    let tool = |key: &str, protocol_key: &str, what: &str| -> Result<Option<Tool>, String> {
        let protocol = match mode(protocol_key) {
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
    };
    let checker = tool("checker", "checker_protocol", "a program")?;
    let interactor = tool("interactor", "interactor_protocol", "a command line")?;
    if checker.is_some()
        && interactor
            .as_ref()
            .is_some_and(|i| i.protocol == Protocol::Kattis)
    {
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
        Some(text) => text.split_whitespace().map(String::from).collect(),
        None => Vec::new(),
    };
    let kattis = |tool: &Option<Tool>| {
        tool.as_ref()
            .is_some_and(|t| t.protocol == Protocol::Kattis)
    };
    let validation_passes = match raw.get("validation_passes") {
        None => None,
        Some(_) if !kattis(&checker) && !kattis(&interactor) => {
            return Err("`validation_passes` needs a Kattis checker or interactor \
                        (checker_protocol or interactor_protocol = \"kattis\"): it writes nextpass.in"
                .into())
        }
        Some(text) => Some(text.parse::<u32>().ok().filter(|&n| n >= 2).ok_or_else(|| {
            format!("`validation_passes` must be a whole number of at least 2, found {text:?}")
        })?),
    };
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
    let terminator = raw.get("stress_terminator").cloned();
    let stress_layout = match raw.get("stress_case_lines") {
        Some(text) => Some(Layout {
            case_lines: text.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                format!("`stress_case_lines` must be a positive whole number, found {text:?}")
            })?,
            terminator,
        }),
        None if terminator.is_some() => {
            return Err("`stress_terminator` needs `stress_case_lines` too".into())
        }
        None => None,
    };
    let mut bench = Vec::new();
    for (key, value) in &raw {
        let name = match key.strip_prefix("bench.") {
            Some(name) => name,
            None => continue,
        };
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
    Ok(Config {
        title: text_of("title"),
        url: text_of("url"),
        judge: text_of("judge"),
        time_limit_ms: number("time_limit_ms")?,
        memory_limit_kib: number("memory_limit_kib")?,
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
        bench,
    })
}

/// The comparison: the mode and the keys that refine it, each refused where
/// its mode has no use for it.
fn compare_of(raw: &BTreeMap<String, String>, mode: CompareMode) -> Result<Compare, String> {
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

/// Every `key = value` line, keys checked: known, or `bench.<series>`, and
/// each set once.
fn key_values(text: &str) -> Result<BTreeMap<String, String>, String> {
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
        if !series && !KEYS.iter().any(|(known, _)| *known == key) {
            return Err(format!("line {at}: unknown key `{key}`{}", suggestion(key)));
        }
        let value = parse_value(value.trim()).map_err(|e| format!("line {at}: {e}"))?;
        if raw.insert(key.to_string(), value).is_some() {
            return Err(format!("line {at}: `{key}` is set twice"));
        }
    }
    Ok(raw)
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
        .map(|(known, _)| (edit_distance(key, known), *known))
        .min();
    match nearest {
        Some((distance, known)) if distance <= 2.max(key.len() / 3) => {
            format!("; did you mean `{known}`?")
        }
        _ => {
            let known: Vec<&str> = KEYS.iter().map(|(known, _)| *known).collect();
            format!("; known keys: {}, bench.<series>", known.join(", "))
        }
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
                case_lines: 2,
                terminator: Some("0 0".into())
            })
        );
        assert!(with("stress_terminator = \"0 0\"\n").is_err());
        assert!(with("stress_case_lines = 0\n").is_err());
        let config = with("bench.m = 10 20\nbench.cases = 1 2 5\n").unwrap();
        let names: Vec<&str> = config.bench.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["cases", "m"]);
        for bad in ["ten", "10 0", ""] {
            let err = with(&format!("bench.x = {bad}\n")).unwrap_err();
            assert!(err.contains("`bench.x`"), "{bad:?}: {err}");
        }
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
    fn duplicate_keys_are_refused() {
        let err = parse("time_limit_ms = 1\ntime_limit_ms = 2\n").unwrap_err();
        assert_eq!(err, "line 2: `time_limit_ms` is set twice");
    }
}
