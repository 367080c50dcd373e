//! Turns a finished run into the verdict an online judge would give.

use crate::compare::{Comparator, Text};
use crate::problem::{Config, SetupError, Workspace};
use crate::run::{Clock, Killed, Limits, Outcome};
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
    /// The judge's own program (a checker or an interactor) failed: nothing
    /// is known about the solution.
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
    /// What the time limit applies to (`time = "cpu" | "wall"`).
    pub clock: Clock,
    pub memory_limit_kib: u64,
    pub compare: Comparator,
}

impl Rules {
    /// The rules of problem `id`, whose `problem.toml` says `config`.
    pub fn of(workspace: &Workspace, id: &str, config: &Config) -> Result<Rules, SetupError> {
        Ok(Rules {
            time_limit: Duration::from_millis(config.time_limit_ms),
            clock: config.time,
            memory_limit_kib: config.memory_limit_kib,
            compare: Comparator::of(workspace, id, config)?,
        })
    }

    /// The launcher's limits for the judged program.
    pub fn limits(&self, output_cap: usize) -> Limits {
        Limits {
            time: self.time_limit,
            clock: self.clock,
            memory_kib: Some(self.memory_limit_kib),
            output_cap,
        }
    }
}

/// Judges in the order judges do: limits first, then the exit, then the
/// answer to `input`, against `expected`.
pub fn judge(outcome: &Outcome, input: Text, expected: Text, rules: &Rules) -> Judgement {
    let over_memory = outcome
        .peak_kib
        .is_some_and(|kib| kib > rules.memory_limit_kib);
    let (verdict, detail) = if let Some(detail) = over_time(outcome, rules) {
        (Verdict::TimeLimitExceeded, detail)
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
                outcome.stdout_bytes,
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

/// Why the run counts as a TLE, if it does: the tree's CPU time passed the
/// limit or the wall time its cap (with `time = "wall"`, the limit itself).
fn over_time(outcome: &Outcome, rules: &Rules) -> Option<String> {
    let limit = rules.time_limit.as_millis();
    let cap = rules.limits(0).wall_cap();
    let (cpu, wall) = (outcome.cpu.as_millis(), outcome.wall.as_millis());
    let over_wall = outcome.wall > cap;
    let over_cpu = rules.clock == Clock::Cpu && outcome.cpu > rules.time_limit;
    if over_cpu {
        Some(format!(
            "CPU time passed the limit: {cpu} ms of {limit} ms ({wall} ms of wall time)"
        ))
    } else if over_wall && rules.clock == Clock::Wall {
        Some(format!(
            "wall time passed the limit: {wall} ms of {limit} ms ({cpu} ms of CPU time)"
        ))
    } else if over_wall || outcome.killed == Some(Killed::Time) {
        Some(format!(
            "wall time passed the cap of {} ms (limit {limit} ms) with {cpu} ms of CPU time: \
             sleeping or waiting",
            cap.as_millis()
        ))
    } else {
        None
    }
}

fn runtime_error_detail(outcome: &Outcome) -> String {
    outcome.exit.describe() + &outcome.stderr_end()
}
