//! Turns a finished run into the verdict an online judge would give.

use crate::diff;
use crate::problem::{Compare, Config};
use crate::run::{Killed, Outcome};
use std::fmt;
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    PresentationError,
    WrongAnswer,
    TimeLimitExceeded,
    MemoryLimitExceeded,
    OutputLimitExceeded,
    RuntimeError,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Verdict::Accepted => "AC",
            Verdict::PresentationError => "PE",
            Verdict::WrongAnswer => "WA",
            Verdict::TimeLimitExceeded => "TLE",
            Verdict::MemoryLimitExceeded => "MLE",
            Verdict::OutputLimitExceeded => "OLE",
            Verdict::RuntimeError => "RE",
        })
    }
}

/// A verdict with the few lines that explain it (empty for AC).
#[derive(Debug)]
pub struct Judgement {
    pub verdict: Verdict,
    pub detail: String,
}

#[derive(Clone, Copy, Debug)]
pub struct Rules {
    pub time_limit: Duration,
    pub memory_limit_kib: u64,
    pub compare: Compare,
}

impl Rules {
    pub fn of(config: &Config) -> Rules {
        Rules {
            time_limit: Duration::from_millis(config.time_limit_ms),
            memory_limit_kib: config.memory_limit_kib,
            compare: config.compare,
        }
    }
}

/// Judges in the order judges do: limits first, then the exit, then the answer.
pub fn judge(outcome: &Outcome, expected: &[u8], rules: &Rules) -> Judgement {
    let over_memory = outcome
        .peak_kib
        .is_some_and(|kib| kib > rules.memory_limit_kib);
    let (verdict, detail) =
        if outcome.killed == Some(Killed::Time) || outcome.wall > rules.time_limit {
            (
                Verdict::TimeLimitExceeded,
                format!(
                    "stopped after {} ms (limit {} ms)",
                    outcome.wall.as_millis(),
                    rules.time_limit.as_millis()
                ),
            )
        } else if outcome.killed == Some(Killed::Memory) || over_memory {
            (
                Verdict::MemoryLimitExceeded,
                format!(
                    "resident memory passed the limit of {} KiB",
                    rules.memory_limit_kib
                ),
            )
        } else if outcome.killed == Some(Killed::Output) {
            (
                Verdict::OutputLimitExceeded,
                format!(
                    "stopped after {} bytes of output; {} expected",
                    outcome.stdout.len(),
                    expected.len()
                ),
            )
        } else if !outcome.exit.success() {
            (Verdict::RuntimeError, runtime_error_detail(outcome))
        } else {
            return compare(expected, &outcome.stdout, rules.compare);
        };
    Judgement { verdict, detail }
}

/// Compares an output with the expected one under a problem's compare mode.
pub fn compare(expected: &[u8], actual: &[u8], mode: Compare) -> Judgement {
    let expected = diff::normalize_newlines(expected);
    let actual = diff::normalize_newlines(actual);
    let verdict = if expected == actual {
        Verdict::Accepted
    } else if !same_tokens(&expected, &actual) {
        Verdict::WrongAnswer
    } else if mode == Compare::Tokens {
        Verdict::Accepted
    } else {
        Verdict::PresentationError
    };
    let detail = match verdict {
        Verdict::Accepted => String::new(),
        _ => diff::explain(&expected, &actual),
    };
    Judgement { verdict, detail }
}

fn same_tokens(a: &[u8], b: &[u8]) -> bool {
    let tokens = |text: &[u8]| {
        text.split(|c| c.is_ascii_whitespace())
            .filter(|t| !t.is_empty())
            .map(<[u8]>::to_vec)
            .collect::<Vec<_>>()
    };
    tokens(a) == tokens(b)
}

fn runtime_error_detail(outcome: &Outcome) -> String {
    outcome.exit.describe() + &outcome.stderr_end()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(expected: &str, actual: &str, mode: Compare) -> Verdict {
        compare(expected.as_bytes(), actual.as_bytes(), mode).verdict
    }

    #[test]
    fn exact_mode() {
        assert_eq!(
            verdict("1 2\n3\n", "1 2\n3\n", Compare::Exact),
            Verdict::Accepted
        );
        assert_eq!(
            verdict("1 2\n3\n", "1 2\r\n3\r\n", Compare::Exact),
            Verdict::Accepted
        );
        assert_eq!(
            verdict("1 2\n3\n", "1  2\n3\n", Compare::Exact),
            Verdict::PresentationError
        );
        assert_eq!(
            verdict("1 2\n3\n", "1 2\n3", Compare::Exact),
            Verdict::PresentationError
        );
        assert_eq!(
            verdict("1 2\n3\n", "1 2\n4\n", Compare::Exact),
            Verdict::WrongAnswer
        );
        assert_eq!(verdict("1 2\n", "", Compare::Exact), Verdict::WrongAnswer);
    }

    #[test]
    fn tokens_mode_accepts_other_whitespace_only() {
        assert_eq!(
            verdict("1 2\n3\n", "1\n2 3", Compare::Tokens),
            Verdict::Accepted
        );
        assert_eq!(
            verdict("1 2\n3\n", "1 2 3 4", Compare::Tokens),
            Verdict::WrongAnswer
        );
        assert_eq!(
            verdict("12\n", "1 2\n", Compare::Tokens),
            Verdict::WrongAnswer
        );
    }

    #[test]
    fn wrong_answer_explains_where() {
        let judgement = compare(b"true\nfalse\n", b"true\ntrue\n", Compare::Exact);
        assert!(judgement.detail.contains("line 2"), "{}", judgement.detail);
    }
}
