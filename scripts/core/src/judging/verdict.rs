//! What a judge says of a run: a verdict, and the few lines that explain it.

use crate::base::modes::Clock;
use crate::base::terminal::plural;
use crate::base::verdict::{Cells, Verdict};
use crate::problem::config::HelperLimits;
use crate::process::confine;
use crate::process::launch::Exit;
use crate::process::run::{Killed, Limits, Outcome};

/// A verdict with the few lines that explain it (empty for AC).
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    pub verdict: Verdict,
    pub detail: String,
    /// The score a scoring validator gave (its `score.txt`), if any.
    pub score: Option<f64>,
}

impl Judgement {
    pub fn accepted() -> Judgement {
        Judgement {
            verdict: Verdict::Accepted,
            detail: String::new(),
            score: None,
        }
    }

    pub fn new(verdict: Verdict, detail: impl Into<String>) -> Judgement {
        Judgement {
            verdict,
            detail: detail.into(),
            score: None,
        }
    }

    /// A failure of the judge's own program, not the solution's.
    pub fn failure(detail: impl Into<String>) -> Judgement {
        Judgement::new(Verdict::Failure, detail)
    }

    pub fn is_accepted(&self) -> bool {
        self.verdict == Verdict::Accepted
    }
}

/// One judged run: the program's run, and the verdict on it.
#[derive(Debug)]
pub struct Judged {
    pub run: Outcome,
    pub judgement: Judgement,
}

impl Judged {
    /// The cells it is shown in.
    pub fn cells(&self) -> Cells {
        Cells {
            verdict: self.judgement.verdict,
            cpu: self.run.cpu,
            wall: self.run.wall,
            peak_kib: self.run.peak_kib,
        }
    }
}

/// The verdict a run earns before its output is looked at, in the order
/// judges check: time, memory, the output's size, the exit. `None` when it
/// stayed within `limits` and exited with status 0.
pub fn of_limits(outcome: &Outcome, limits: &Limits) -> Option<Judgement> {
    let mut judgement = limits_judgement(outcome, limits)?;
    if outcome.refused_forks > 0 {
        judgement.detail += &format!(
            "\nthe process limit of {} refused {}",
            limits.processes.unwrap_or(0),
            plural(
                outcome.refused_forks as usize,
                "fork or thread",
                "forks or threads"
            )
        );
    }
    Some(judgement)
}

fn limits_judgement(outcome: &Outcome, limits: &Limits) -> Option<Judgement> {
    let over_memory = limits
        .memory_kib
        .is_some_and(|limit| outcome.peak_kib.is_some_and(|kib| kib > limit));
    if let Some(detail) = over_time(outcome, limits) {
        Some(Judgement::new(Verdict::TimeLimitExceeded, detail))
    } else if outcome.killed == Some(Killed::Memory) || over_memory {
        Some(Judgement::new(
            Verdict::MemoryLimitExceeded,
            format!(
                "resident memory passed the limit of {} KiB",
                limits.memory_kib.unwrap_or(0)
            ),
        ))
    } else if outcome.killed == Some(Killed::Output) {
        Some(Judgement::new(
            Verdict::OutputLimitExceeded,
            format!(
                "stopped after {} bytes of output, past the cap of {} bytes",
                outcome.stdout_bytes, limits.output_cap
            ),
        ))
    } else if !outcome.exit.success() {
        Some(Judgement::new(
            Verdict::RuntimeError,
            outcome.exit.describe() + &outcome.stderr_end() + &not_in_view(outcome),
        ))
    } else {
        None
    }
}

/// One line after a run whose stderr says a file was not found (`exec:
/// ...: not found`, `No such file`) while the box's view is in force: what
/// the box shows a program, since a file beside it is not there.
fn not_in_view(outcome: &Outcome) -> String {
    let said = &outcome.stderr_tail;
    let missing = said.contains("not found") || said.contains("No such file");
    if !missing || !confine::boxed() {
        return String::new();
    }
    "\nthe box shows a program its own file (a folder given, or a source's build, whole), \
     the system's folders and toolchains, the absolute paths among its arguments (a shell \
     line's, the files it names) and an empty /tmp: no other file beside it (docs/sandbox.md)"
        .to_string()
}

/// Why the run counts as a TLE, if it does: the tree's CPU time passed the
/// limit or the wall time its cap (with `time = "wall"`, the limit itself).
fn over_time(outcome: &Outcome, limits: &Limits) -> Option<String> {
    let limit = limits.time.as_millis();
    let cap = limits.wall_cap();
    let (cpu, wall) = (outcome.cpu.as_millis(), outcome.wall.as_millis());
    let over_wall = outcome.wall > cap;
    let over_cpu = limits.clock == Clock::Cpu && outcome.cpu > limits.time;
    if over_cpu {
        Some(format!(
            "CPU time passed the limit: {cpu} ms of {limit} ms ({wall} ms of wall time)"
        ))
    } else if over_wall && limits.clock == Clock::Wall {
        Some(format!(
            "wall time passed the limit: {wall} ms of {limit} ms ({cpu} ms of CPU time)"
        ))
    } else if over_wall || outcome.killed == Some(Killed::Time) {
        Some(format!(
            "wall time passed the cap of {} ms (limit {limit} ms) with {cpu} ms of CPU time: {}",
            cap.as_millis(),
            off_cpu(cpu, wall, machine_load())
        ))
    } else {
        None
    }
}

/// Why a program spent its wall time off the CPU: under a tenth of it on a
/// CPU, it slept or waited; more, on a machine whose `load` (when past its
/// cores) had more to run than CPUs, it was runnable but not scheduled.
fn off_cpu(cpu_ms: u128, wall_ms: u128, load: Option<String>) -> String {
    match load {
        _ if cpu_ms * 10 < wall_ms => "sleeping or waiting".into(),
        Some(load) => format!(
            "runnable but not scheduled, most likely: the machine is loaded ({load}); \
             run it again alone"
        ),
        None => format!(
            "on a CPU {}% of the wall time: sleeping or waiting part of it",
            cpu_ms * 100 / wall_ms.max(1)
        ),
    }
}

/// The machine's load average over the last minute, when it is past the
/// CPUs there are: `load 7.5 on 2 CPUs`.
pub fn machine_load() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let load: f64 = text.split_whitespace().next()?.parse().ok()?;
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    (load > cpus as f64).then(|| format!("load {load} on {cpus} CPUs"))
}

/// The signal the kernel sends a program writing past `RLIMIT_FSIZE`.
const SIGXFSZ: i32 = 25;

/// How a helper program's run (a checker, an interactor, an input
/// validator, a generator) went past one of its limits, naming the limit,
/// its value and the `problem.toml` key that sets it; `None` when it stayed
/// within them. Every caller words it so.
pub fn past_helper_limit(
    outcome: &Outcome,
    helper: &HelperLimits,
    output_cap: usize,
) -> Option<String> {
    let over_memory = outcome.killed == Some(Killed::Memory)
        || outcome
            .peak_kib
            .is_some_and(|kib| kib > helper.memory_mib << 10);
    Some(match outcome.killed {
        Some(Killed::Time) => format!(
            "ran past its {} limit (helper_time_limit_ms)",
            match helper.time_ms % 1000 {
                0 => format!("{} s", helper.time_ms / 1000),
                _ => format!("{} ms", helper.time_ms),
            }
        ),
        _ if over_memory => format!(
            "used over its {} MiB of memory (helper_memory_limit_mib)",
            helper.memory_mib
        ),
        Some(Killed::Output) => format!("printed over its {} KiB of output", output_cap >> 10),
        // A helper run by `sh -c` ends as the shell reports its command's signal.
        _ if [Exit::Signal(SIGXFSZ), Exit::Code(128 + SIGXFSZ)].contains(&outcome.exit) => format!(
            "wrote a file past its {} MiB limit (helper_file_limit_mib)",
            helper.file_mib
        ),
        _ => return None,
    })
}

/// Why a helper's run judged by its limits alone (a generator's) failed:
/// the limit it went past, else why its verdict; `None` when it passed.
pub fn helper_failure(judged: &Judged, helper: &HelperLimits, output_cap: usize) -> Option<String> {
    if judged.judgement.is_accepted() {
        return None;
    }
    Some(match past_helper_limit(&judged.run, helper, output_cap) {
        Some(past) => past + &judged.run.stderr_end(),
        None => judged.judgement.detail.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_starved_busy_program_is_not_called_sleeping() {
        let loaded = || Some("load 7.5 on 2 CPUs".to_string());
        assert_eq!(off_cpu(50, 2000, loaded()), "sleeping or waiting");
        assert_eq!(off_cpu(50, 2000, None), "sleeping or waiting");
        let starved = off_cpu(1158, 2100, loaded());
        assert!(
            starved.starts_with("runnable but not scheduled"),
            "{starved}"
        );
        assert!(starved.contains("load 7.5 on 2 CPUs"), "{starved}");
        assert_eq!(
            off_cpu(1050, 2100, None),
            "on a CPU 50% of the wall time: sleeping or waiting part of it"
        );
    }
}
