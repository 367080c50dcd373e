//! Turns a finished run into the verdict an online judge would give.

use crate::compare::{Comparator, Text};
use crate::problem::{Config, SetupError, Workspace};
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
    /// The checker program failed: nothing is known about the solution.
    CheckerFailure,
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
            Verdict::CheckerFailure => "FAIL",
        })
    }
}

/// A verdict with the few lines that explain it (empty for AC).
#[derive(Debug)]
pub struct Judgement {
    pub verdict: Verdict,
    pub detail: String,
}

#[derive(Clone, Debug)]
pub struct Rules {
    pub time_limit: Duration,
    pub memory_limit_kib: u64,
    pub compare: Comparator,
}

impl Rules {
    /// The rules of problem `id`, whose `problem.toml` says `config`.
    pub fn of(workspace: &Workspace, id: &str, config: &Config) -> Result<Rules, SetupError> {
        Ok(Rules {
            time_limit: Duration::from_millis(config.time_limit_ms),
            memory_limit_kib: config.memory_limit_kib,
            compare: Comparator::of(workspace, id, config)?,
        })
    }
}

/// Judges in the order judges do: limits first, then the exit, then the
/// answer to `input`, against `expected`.
pub fn judge(outcome: &Outcome, input: Text, expected: Text, rules: &Rules) -> Judgement {
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
                    expected.size()
                ),
            )
        } else if !outcome.exit.success() {
            (Verdict::RuntimeError, runtime_error_detail(outcome))
        } else {
            return rules.compare.judge(input, &outcome.stdout, expected);
        };
    Judgement { verdict, detail }
}

fn runtime_error_detail(outcome: &Outcome) -> String {
    outcome.exit.describe() + &outcome.stderr_end()
}
