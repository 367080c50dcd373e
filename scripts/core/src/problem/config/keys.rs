//! `problem.toml`'s schema: every key with what it sets, the settings of a
//! group, and the bounds and defaults of the values (the docs' reference
//! lists them; `tests/docs.rs` checks it does).

/// Every key, with what it sets (the docs' reference lists these); besides
/// them, `bench.<series>` lines.
pub const KEYS: [(&str, &str); 38] = [
    ("title", "the problem's name"),
    ("url", "the problem's page"),
    (
        "judge",
        "the judge it is from (poj, leetcode, codeforces, ...)",
    ),
    ("time_limit_ms", "the time limit, in milliseconds"),
    ("memory_limit_kib", "the memory limit, in KiB"),
    (
        "output_limit_mib",
        "the output a run may print, in MiB (a package's judge's limit)",
    ),
    ("time", "which time the limit counts"),
    (
        "stack_kib",
        "the main thread's stack, in KiB (the judge's by default)",
    ),
    (
        "process_limit",
        "processes and threads a program may have at once (64 by default)",
    ),
    (
        "helper_time_limit_ms",
        "the wall time of each checker, input validator and generator run, and an interactor's past the solution's wall-time cap, in milliseconds",
    ),
    (
        "helper_memory_limit_mib",
        "the memory of each checker, interactor, input validator and generator run, everything it starts together, in MiB",
    ),
    (
        "helper_file_limit_mib",
        "the largest file a checker, interactor, input validator or generator may write, in MiB",
    ),
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
        "input_validators",
        "input validator programs (sources or folders) that `make validate` runs on every input",
    ),
    (
        "input_validator_protocol",
        "how the input validators answer: kattis (exit 42 valid, 43 not) or testlib (exit 0 valid)",
    ),
    (
        "input_validator_flags",
        "arguments every input validator gets (a package's input validator flags)",
    ),
    (
        "scoring",
        "`true`: the groups' scores add up to the problem's; `make test` shows each",
    ),
    (
        "time_multiplier",
        "the format's time rule: the limit is the slowest accepted time this many times, rounded up",
    ),
    (
        "time_safety_margin",
        "the format's time rule: a time-limit-exceeded submission must need this many times the limit",
    ),
    (
        "time_resolution_ms",
        "the format's time rule: the limit is rounded up to a multiple of this",
    ),
    (
        "time_limit_fixed",
        "`true`: the time limit is the package's own; the format's time rule checks it and never advises another",
    ),
    (
        "case_size_limit_mib",
        "stored cases stay under this many MiB, at most 4096 (an imported package's data may need more than 64)",
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

/// The settings a `group.<path>.<setting>` line may set, with what each
/// sets (the docs' reference lists these).
pub const GROUP_SETTINGS: [(&str, &str); 8] = [
    ("cases", "the cases directly in the group, in order"),
    (
        "on_reject",
        "whether the group stops at its first rejection: `break` or `continue`",
    ),
    (
        "grader_flags",
        "how the group's verdict and score are made from its parts'",
    ),
    ("accept_score", "the score of an accepted case of the group"),
    ("reject_score", "the score of a rejected case of the group"),
    ("range", "the scores the group may get: `[<low>, <high>]`"),
    (
        "validator_flags",
        "arguments for its cases after the problem's validator_flags",
    ),
    (
        "input_validator_flags",
        "arguments for its cases after the problem's input_validator_flags",
    ),
];

/// What a key's value is, as TOML writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A string: `compare = "tokens"`.
    Text,
    /// A whole number: `time_limit_ms = 1000`.
    Whole,
    /// A number, whole or not: `float_tolerance = 1e-6`.
    Number,
    /// `true` or `false`.
    Bool,
    /// An array of strings: `brute_skip = ["large-*", "max"]`.
    Texts,
    /// An array of numbers: `bench.max = [1000, 10000]`.
    Numbers,
}

impl Shape {
    /// What TOML calls a value of it.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Text => "a TOML string",
            Shape::Whole => "a TOML integer",
            Shape::Number => "a TOML number",
            Shape::Bool => "a TOML boolean",
            Shape::Texts | Shape::Numbers => "a TOML array",
        }
    }
}

/// The shape of `key`'s value: a group's setting's by the setting, every
/// `bench.` series an array of numbers, every `submission.` a string.
pub fn shape(key: &str) -> Shape {
    let setting = match key.split_once('.') {
        Some(("bench", _)) => return Shape::Numbers,
        Some(("submission", _)) => return Shape::Text,
        Some(("group", rest)) => rest.rsplit_once('.').map_or(rest, |(_, setting)| setting),
        _ => key,
    };
    match setting {
        "time_limit_ms"
        | "memory_limit_kib"
        | "output_limit_mib"
        | "stack_kib"
        | "process_limit"
        | "helper_time_limit_ms"
        | "helper_memory_limit_mib"
        | "helper_file_limit_mib"
        | "validation_passes"
        | "time_resolution_ms"
        | "case_size_limit_mib"
        | "stress_case_lines" => Shape::Whole,
        "float_tolerance"
        | "float_relative_tolerance"
        | "float_absolute_tolerance"
        | "time_multiplier"
        | "time_safety_margin"
        | "accept_score"
        | "reject_score" => Shape::Number,
        "case_sensitive" | "space_change_sensitive" | "scoring" | "time_limit_fixed" => Shape::Bool,
        "validator_flags"
        | "input_validators"
        | "input_validator_flags"
        | "brute_skip"
        | "cases"
        | "grader_flags" => Shape::Texts,
        "range" => Shape::Numbers,
        _ => Shape::Text,
    }
}

/// The limits' maxima: far beyond any judge's, and small enough that every
/// figure made from them (the wall cap, bytes) fits.
pub const MAX_TIME_LIMIT_MS: u64 = 3_600_000;
pub const MAX_MEMORY_KIB: u64 = 64 << 20;
pub const MAX_PROCESS_LIMIT: u64 = 4096;
pub const MAX_CASE_SIZE_MIB: u64 = 4096;
/// The output a run may print: what the runner holds of it stays bounded.
pub const MAX_OUTPUT_MIB: u64 = 1024;
/// A helper's memory and file sizes, as the memory limit's.
pub const MAX_HELPER_MIB: u64 = MAX_MEMORY_KIB >> 10;
/// The largest input size a generator makes, `bench.<series>` sizes included.
pub const MAX_SIZE: u64 = 100_000_000;

/// testlib's and oj's default.
pub const DEFAULT_FLOAT_TOLERANCE: f64 = 1e-6;
/// Processes and threads at once: judges allow a few (DOMjudge 64); a JVM
/// needs some twenty.
pub const DEFAULT_PROCESS_LIMIT: u32 = 64;
