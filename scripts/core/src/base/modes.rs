//! The values `problem.toml`'s modes take — how output is compared, how a
//! checker or an interactor is called, which time the limit counts — each
//! listed once, with its name and meaning. Parsing, the error for a wrong
//! value, `judge help` and the docs' tables all come from these lists.

/// A closed set of values written by name in `problem.toml`.
pub trait Mode: Copy + PartialEq + Sized + 'static {
    /// Every value: itself, its name, and what it means.
    const ALL: &'static [(Self, &'static str, &'static str)];

    fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(value, _, _)| *value == self)
            .map_or("", |(_, name, _)| name)
    }

    /// The value named `text`; the error, for the key `key`, lists them all.
    fn parse(key: &str, text: &str) -> Result<Self, String> {
        Self::ALL
            .iter()
            .find(|(_, name, _)| *name == text)
            .map(|(value, _, _)| *value)
            .ok_or_else(|| format!("`{key}` must be {}, found {text:?}", Self::names()))
    }

    /// `"exact", "tokens" or "float"`.
    fn names() -> String {
        let names: Vec<String> = Self::ALL
            .iter()
            .map(|(_, name, _)| format!("{name:?}"))
            .collect();
        match names.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// One line per value, `name  meaning`, for help and the docs.
    fn table() -> String {
        let width = Self::ALL.iter().map(|(_, n, _)| n.len()).max().unwrap_or(0);
        Self::ALL
            .iter()
            .map(|(_, name, meaning)| format!("  {name:<width$}  {meaning}\n"))
            .collect()
    }
}

/// Which time a limit counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    Cpu,
    Wall,
}

impl Mode for Clock {
    const ALL: &'static [(Clock, &'static str, &'static str)] = &[
        (
            Clock::Cpu,
            "cpu",
            "CPU time of the program and all it starts, with a wall-time cap (most judges)",
        ),
        (
            Clock::Wall,
            "wall",
            "wall time from start to exit (LeetCode)",
        ),
    ];
}

/// How an output is compared with the answer (when no checker judges).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareMode {
    Exact,
    Tokens,
    Float,
    AnyOrder,
    AnyOrderDeep,
}

impl Mode for CompareMode {
    const ALL: &'static [(CompareMode, &'static str, &'static str)] = &[
        (
            CompareMode::Exact,
            "exact",
            "the bytes must match (\\r\\n as \\n); the same tokens otherwise spaced are a PE",
        ),
        (
            CompareMode::Tokens,
            "tokens",
            "only the whitespace-separated tokens must match",
        ),
        (
            CompareMode::Float,
            "float",
            "tokens must match, numbers within the float tolerances (absolute or relative)",
        ),
        (
            CompareMode::AnyOrder,
            "any-order",
            "one JSON value a line; a top-level array's elements in any order",
        ),
        (
            CompareMode::AnyOrderDeep,
            "any-order-deep",
            "as any-order, and each element's own elements in any order too",
        ),
    ];
}

/// How a checker or an interactor is called and answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Testlib,
    Kattis,
}

impl Mode for Protocol {
    const ALL: &'static [(Protocol, &'static str, &'static str)] = &[
        (
            Protocol::Testlib,
            "testlib",
            "`<input> <output> <answer>`; exit 0 AC, 1 WA, 2 PE, 7 points (Codeforces, Polygon)",
        ),
        (
            Protocol::Kattis,
            "kattis",
            "`<input> <answer> <feedback_dir>/`, the output on stdin; exit 42 AC, 43 WA",
        ),
    ];
}

/// What a helper's exit code says under its protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Said {
    Accepted,
    /// Wrong (testlib's 1, Kattis's 43).
    Rejected,
    /// testlib's 2.
    PresentationError,
    /// testlib's 7 (`quitp`): a score, given on its `points <x>` line.
    Points,
}

impl Protocol {
    /// What exit code `code` says, the one reading of the protocols' codes
    /// (checkers, interactors and input validators); `None` for a failure.
    pub fn said(self, code: i32) -> Option<Said> {
        match (self, code) {
            (Protocol::Testlib, 0) | (Protocol::Kattis, 42) => Some(Said::Accepted),
            (Protocol::Testlib, 1) | (Protocol::Kattis, 43) => Some(Said::Rejected),
            (Protocol::Testlib, 2) => Some(Said::PresentationError),
            (Protocol::Testlib, 7) => Some(Said::Points),
            _ => None,
        }
    }

    /// As messages name it: `testlib`, `Kattis`.
    pub fn title(self) -> &'static str {
        match self {
            Protocol::Testlib => "testlib",
            Protocol::Kattis => "Kattis",
        }
    }
}

/// What judging does after a case or subgroup of a test group is rejected
/// (the problem package format's `on_reject`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnReject {
    Break,
    Continue,
}

impl Mode for OnReject {
    const ALL: &'static [(OnReject, &'static str, &'static str)] = &[
        (
            OnReject::Break,
            "break",
            "the group stops at its first rejected case or subgroup",
        ),
        (
            OnReject::Continue,
            "continue",
            "every case and subgroup of the group is judged",
        ),
    ];
}

/// One word of a group's `grader_flags`: how the default grader aggregates
/// its cases' and subgroups' verdicts and scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraderFlag {
    WorstError,
    FirstError,
    AlwaysAccept,
    Sum,
    Avg,
    Min,
    Max,
    IgnoreSample,
    AcceptIfAnyAccepted,
}

impl Mode for GraderFlag {
    const ALL: &'static [(GraderFlag, &'static str, &'static str)] = &[
        (
            GraderFlag::WorstError,
            "worst_error",
            "the verdict is the worst rejection (FAIL, RE, MLE, TLE, OLE, WA, PE), else AC (the default)",
        ),
        (
            GraderFlag::FirstError,
            "first_error",
            "the verdict is the first rejection, else AC",
        ),
        (
            GraderFlag::AlwaysAccept,
            "always_accept",
            "the verdict is AC whatever the parts'",
        ),
        (
            GraderFlag::Sum,
            "sum",
            "the score is the sum of the parts' (the default)",
        ),
        (GraderFlag::Avg, "avg", "the score is the parts' average"),
        (GraderFlag::Min, "min", "the score is the smallest part's"),
        (GraderFlag::Max, "max", "the score is the largest part's"),
        (
            GraderFlag::IgnoreSample,
            "ignore_sample",
            "the first of two parts (the samples) counts for nothing; a part alone is kept",
        ),
        (
            GraderFlag::AcceptIfAnyAccepted,
            "accept_if_any_accepted",
            "the verdict is AC when any part is",
        ),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_parse_by_name_and_errors_list_every_name() {
        assert_eq!(Clock::parse("time", "wall"), Ok(Clock::Wall));
        assert_eq!(CompareMode::AnyOrderDeep.name(), "any-order-deep");
        assert_eq!(
            Clock::parse("time", "gpu").unwrap_err(),
            "`time` must be \"cpu\" or \"wall\", found \"gpu\""
        );
        assert_eq!(
            CompareMode::names(),
            "\"exact\", \"tokens\", \"float\", \"any-order\" or \"any-order-deep\""
        );
        assert!(Protocol::table().contains("  kattis   `<input> <answer>"));
    }
}
