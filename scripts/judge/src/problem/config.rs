//! What a problem's `problem.toml` says, parsed once into typed fields:
//! nothing outside this module reads a raw value. The file is a flat
//! `key = value` subset of TOML: `#` comments (alone or after a value), bare
//! or double-quoted values, no tables. Unknown and repeated keys are refused,
//! an unknown one with the nearest known key.

use crate::base::judges::{self, RUST_FLOOR};
use crate::base::modes::{Clock, CompareMode, Mode, Protocol};
use std::collections::BTreeMap;

/// Every key, with what it sets (the docs' reference lists these); besides
/// them, `bench.<series>` lines.
pub const KEYS: [(&str, &str); 19] = [
    ("title", "the problem's name"),
    ("url", "the problem's page"),
    (
        "judge",
        "the judge it is from (poj, leetcode, codeforces, ...)",
    ),
    ("time_limit_ms", "the time limit, in milliseconds"),
    ("memory_limit_kib", "the memory limit, in KiB"),
    ("time", "which time the limit counts"),
    (
        "stack_kib",
        "the main thread's stack, in KiB (the judge's by default)",
    ),
    (
        "process_limit",
        "processes and threads a program may have at once (64 by default)",
    ),
    ("compare", "how an output is compared with the answer"),
    (
        "float_tolerance",
        "compare = \"float\": the absolute or relative error allowed",
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
    (
        "stress_header",
        "\"count\": an input's first line is its number of test cases",
    ),
    (
        "brute_skip",
        "the stored cases the problem's tests give the brute force no time on: name patterns, `*` any text",
    ),
];

/// The limits' maxima: far beyond any judge's, and small enough that every
/// figure made from them (the wall cap, bytes) fits.
pub const MAX_TIME_LIMIT_MS: u64 = 3_600_000;
pub const MAX_MEMORY_KIB: u64 = 64 << 20;
pub const MAX_PROCESS_LIMIT: u64 = 4096;
/// The largest input size a generator makes, `bench.<series>` sizes included.
pub const MAX_SIZE: u64 = 100_000_000;

/// testlib's and oj's default.
pub const DEFAULT_FLOAT_TOLERANCE: f64 = 1e-6;
/// Processes and threads at once: judges allow a few (DOMjudge 64); a JVM
/// needs some twenty.
pub const DEFAULT_PROCESS_LIMIT: u32 = 64;

/// How an output is compared with the answer when no checker judges.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Compare {
    pub mode: CompareMode,
    /// For `CompareMode::Float`: the absolute or relative error allowed.
    pub float_tolerance: f64,
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
    /// The main thread's stack, in KiB.
    pub stack_kib: u64,
    /// Processes and threads at once.
    pub process_limit: u32,
    pub compare: Compare,
    /// A checker program judges instead of `compare`.
    pub checker: Option<Tool>,
    /// The problem is interactive.
    pub interactor: Option<Tool>,
    /// The rustc the paste is proven on: `RUST_FLOOR` unless set.
    pub rustc: String,
    pub stress_layout: Option<Layout>,
    /// Name patterns of the stored cases the brute force skips in the
    /// problem's own tests; `None`: those over a size (`testkit`).
    pub brute_skip: Option<Vec<String>>,
    /// In key order.
    pub bench: Vec<Series>,
}

/// Whether `name` matches `pattern`, where `*` stands for any text.
pub fn matches(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, rest)) => name.strip_prefix(head).is_some_and(|name| {
            (0..=name.len()).any(|at| name.is_char_boundary(at) && matches(rest, &name[at..]))
        }),
    }
}

/// Parses `problem.toml`'s text; the error names the line or the key.
pub fn parse(text: &str) -> Result<Config, String> {
    let raw = key_values(text)?;
    let text_of = |key: &str| raw.get(key).cloned().unwrap_or_default();
    let number = |key: &str, max: u64| -> Result<u64, String> {
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
    };
    let mode = |key: &str| raw.get(key).map(|text| text.as_str());
    let compare_mode = match mode("compare") {
        None => CompareMode::Exact,
        Some(text) => CompareMode::parse("compare", text)?,
    };
    let float_tolerance = match raw.get("float_tolerance") {
        None => DEFAULT_FLOAT_TOLERANCE,
        Some(_) if compare_mode != CompareMode::Float => {
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
    let count_header = match mode("stress_header") {
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
    let stress_layout = match (case_lines, count_header) {
        (None, false) if terminator.is_some() => {
            return Err(
                "`stress_terminator` needs `stress_case_lines` or `stress_header` too".into(),
            )
        }
        (None, false) => None,
        _ => Some(Layout {
            case_lines,
            terminator,
            count_header,
        }),
    };
    let brute_skip = raw
        .get("brute_skip")
        .map(|patterns| patterns.split_whitespace().map(str::to_string).collect());
    let mut bench = Vec::new();
    for (key, value) in &raw {
        let name = match key.strip_prefix("bench.") {
            Some(name) => name,
            None => continue,
        };
        let sizes = value
            .split_whitespace()
            .map(|size| size.parse::<u64>().ok().filter(|&n| n > 0 && n <= MAX_SIZE))
            .collect::<Option<Vec<u64>>>()
            .filter(|sizes| !sizes.is_empty())
            .ok_or_else(|| {
                format!("`{key}` must list whole-number sizes in 1..={MAX_SIZE}, found {value:?}")
            })?;
        bench.push(Series {
            name: name.to_string(),
            sizes,
        });
    }
    let judge = text_of("judge");
    let memory_limit_kib = number("memory_limit_kib", MAX_MEMORY_KIB)?;
    let stack_kib = match raw.get("stack_kib") {
        Some(_) => number("stack_kib", MAX_MEMORY_KIB)?,
        None => match judges::known(&judge) {
            Some(known) => known.stack_kib.unwrap_or(memory_limit_kib),
            None => judges::OTHER_STACK_KIB,
        },
    };
    let process_limit = match raw.get("process_limit") {
        Some(_) => number("process_limit", MAX_PROCESS_LIMIT)? as u32,
        None => DEFAULT_PROCESS_LIMIT,
    };
    Ok(Config {
        title: text_of("title"),
        url: text_of("url"),
        judge,
        time_limit_ms: number("time_limit_ms", MAX_TIME_LIMIT_MS)?,
        memory_limit_kib,
        stack_kib,
        process_limit,
        time: match mode("time") {
            None => Clock::Cpu,
            Some(text) => Clock::parse("time", text)?,
        },
        compare: Compare {
            mode: compare_mode,
            float_tolerance,
        },
        checker,
        interactor,
        rustc,
        stress_layout,
        brute_skip,
        bench,
    })
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
        assert_eq!(config.compare.float_tolerance, DEFAULT_FLOAT_TOLERANCE);
        assert_eq!(config.checker, None);
        let config = with("compare = float\nfloat_tolerance = 1e-4\n").unwrap();
        assert_eq!(
            config.compare,
            Compare {
                mode: CompareMode::Float,
                float_tolerance: 1e-4
            }
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
        for bad in ["ten", "10 0", "", "100000001"] {
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
    fn limits_above_their_maxima_are_refused_naming_the_key() {
        let config = parse("time_limit_ms = 3600000\nmemory_limit_kib = 67108864\n").unwrap();
        assert_eq!(config.time_limit_ms, MAX_TIME_LIMIT_MS);
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
        assert!(matches("large-*", "large-1000"));
        assert!(matches("*-chain-*", "deep-chain-60000"));
        assert!(matches("max", "max") && !matches("max", "max-2"));
        assert!(!matches("large-*", "sample-1") && !matches("*x", "xa"));
    }

    #[test]
    fn duplicate_keys_are_refused() {
        let err = parse("time_limit_ms = 1\ntime_limit_ms = 2\n").unwrap_err();
        assert_eq!(err, "line 2: `time_limit_ms` is set twice");
    }
}
