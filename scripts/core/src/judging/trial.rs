//! One stress iteration (`judge stress`, and `judge mutants` stressing a
//! survivor): generate an input, run the brute force and the
//! solution on it, and judge the solution by the brute force's answer, all
//! through the one judge.

use crate::base::files::{self, Partial, Text};
use crate::base::modes::Clock;
use crate::base::verdict::Verdict;
use crate::judging::judge::{run_helper, Judge};
use crate::judging::verdict::{Judged, Judgement};
use crate::problem::config::HelperLimits;
use crate::process::interrupt;
use crate::process::run::{Limits, Program};
use std::fs;
use std::io;
use std::path::Path;
use std::time::Duration;

/// The brute force is not being judged: a generous limit.
pub const BRUTE_TIME: Duration = Duration::from_secs(10);
const OUTPUT_CAP: usize = 64 << 20;

/// The programs, and how each is judged.
pub struct Trial {
    pub sol: Program,
    /// Always there for an ordinary problem; optional with an interactor.
    pub brute: Option<Program>,
    pub gen: Program,
    /// The generator's limits: the problem's helper limits.
    pub gen_limits: HelperLimits,
    /// The problem's judge (an interactive problem's interactor judges each
    /// input), or the limits alone where there is no problem.toml.
    pub judge: Judge,
}

/// How the brute force is run.
pub fn brute_limits() -> Limits {
    Limits::tool(BRUTE_TIME, OUTPUT_CAP)
}

/// How often a TLE that may be the machine's load is run again alone.
const RERUNS: usize = 2;

/// An input the solution fails on, with the brute force's output for it
/// (`None` for an interactive problem stressed without a brute force).
#[derive(Clone)]
pub struct Failure {
    pub input: Vec<u8>,
    pub expected: Option<Vec<u8>>,
    pub judgement: Judgement,
    /// The solution's CPU time on it.
    pub cpu: Duration,
}

/// What running a TLE's input again alone said.
pub enum Rerun {
    /// A TLE every time: it counts.
    Reproduced,
    /// In time once: the TLE was the machine's, too loaded to tell.
    InTime,
    /// Another failure: that one counts.
    Other(Found),
}

/// Why an iteration did not pass.
pub enum Found {
    Solution(Failure),
    Brute {
        input: Vec<u8>,
        detail: String,
    },
    Generator {
        detail: String,
    },
    /// The checker could not judge the solution's output.
    Checker {
        input: Vec<u8>,
        detail: String,
    },
    /// The interactor (or the checker after it) could not judge the solution.
    Interactor {
        input: Vec<u8>,
        detail: String,
    },
    /// A program could not even be started: a setup error, not a finding.
    Unrunnable(String),
}

impl Trial {
    pub fn generate(&self, seed: u64, size: Option<u64>) -> Result<Vec<u8>, Found> {
        let args: Vec<String> = [Some(seed), size]
            .iter()
            .flatten()
            .map(u64::to_string)
            .collect();
        let gen = self.gen.with_args(&args);
        run_helper(&gen, b"", &self.gen_limits, OUTPUT_CAP)
            .map_err(|e| Found::Unrunnable(format!("cannot run {}: {e}", gen.describe())))?
            .map_err(|detail| Found::Generator {
                detail: format!("`{}`: {detail}", gen.describe()),
            })
    }

    /// Runs the brute force, then the solution, on `input`.
    pub fn check(&self, input: &[u8]) -> Result<(), Found> {
        let expected = match &self.brute {
            Some(brute) => Some(self.answer(brute, input)?),
            None => None,
        };
        let judged = self
            .judge
            .judge(
                &self.sol,
                Text::Bytes(input),
                expected.as_deref().map(Text::Bytes),
            )
            .map_err(|e| Found::Unrunnable(format!("cannot run {}: {e}", self.sol.describe())))?;
        let (judgement, cpu) = (judged.judgement, judged.run.cpu);
        match judgement.verdict {
            Verdict::Accepted => Ok(()),
            Verdict::Failure if self.judge.is_interactive() => Err(Found::Interactor {
                input: input.to_vec(),
                detail: judgement.detail,
            }),
            Verdict::Failure => Err(Found::Checker {
                input: input.to_vec(),
                detail: judgement.detail,
            }),
            _ => Err(Found::Solution(Failure {
                input: input.to_vec(),
                expected,
                judgement,
                cpu,
            })),
        }
    }

    /// A TLE may be the machine's load rather than the program's: one met
    /// while other jobs `shared` the cores, or whose CPU time is far below
    /// the limit (a wall-time limit passed, or the wall cap).
    pub fn may_be_load(&self, failure: &Failure, shared: bool) -> bool {
        failure.judgement.verdict == Verdict::TimeLimitExceeded
            && (shared || failure.cpu * 2 < self.judge.limits().time)
    }

    /// Runs a TLE's input again alone, `RERUNS` times while it stays a TLE.
    pub fn rerun_timeout(&self, input: &[u8]) -> Rerun {
        for _ in 0..RERUNS {
            match self.check(input) {
                Ok(()) => return Rerun::InTime,
                Err(Found::Solution(f)) if f.judgement.verdict == Verdict::TimeLimitExceeded => {}
                Err(found) => return Rerun::Other(found),
            }
        }
        Rerun::Reproduced
    }

    /// Whether the brute force answers `input` within `time` of CPU (not
    /// wall time: the answer should not depend on the machine's load).
    pub fn brute_answers_within(&self, input: &[u8], time: Duration) -> bool {
        let limits = Limits {
            clock: Clock::Cpu,
            ..Limits::tool(time, OUTPUT_CAP)
        };
        self.brute.as_ref().is_some_and(|brute| {
            run(brute, input, limits).is_ok_and(|judged| brute_failure(&judged).is_none())
        })
    }

    /// The brute force's output for `input`.
    fn answer(&self, brute: &Program, input: &[u8]) -> Result<Vec<u8>, Found> {
        let judged = run(brute, input, brute_limits())?;
        match brute_failure(&judged) {
            None => Ok(judged.run.stdout),
            Some(detail) => Err(Found::Brute {
                input: input.to_vec(),
                detail,
            }),
        }
    }

    /// The brute force's answer judged as the output for `input` against
    /// itself: anything but AC means a case made of them cannot be judged.
    /// An interactor's answer file is no output: it always stands.
    pub fn self_check(&self, input: &[u8], answer: Option<&[u8]>) -> Judgement {
        match answer {
            Some(answer) if !self.judge.is_interactive() => {
                self.judge
                    .compare(Text::Bytes(input), answer, Text::Bytes(answer))
            }
            _ => Judgement::accepted(),
        }
    }

    pub fn iteration(&self, seed: u64, size: Option<u64>) -> Result<(), Found> {
        self.check(&self.generate(seed, size)?)
    }
}

impl Failure {
    /// Saves the case as `input` and (with an answer) `output` in `dir`,
    /// which must exist: never over a file, never half a case, under the
    /// stored-data size limit; the error says why not.
    pub fn save(&self, dir: &Path, input: &Path, output: &Path) -> Result<(), String> {
        let expected_len = self.expected.as_ref().map_or(0, Vec::len);
        let biggest = self.input.len().max(expected_len) as u64;
        if biggest >= files::MAX_STORED_BYTES {
            return Err(format!(
                "{} KiB is too big for judge-data (under {})",
                biggest / 1024,
                files::size_name(files::MAX_STORED_BYTES)
            ));
        }
        if !dir.is_dir() {
            return Err(format!("{} does not exist", dir.display()));
        }
        for path in [input, output] {
            if path.exists() {
                return Err(format!("{} already exists", path.display()));
            }
        }
        // Written in full under names no reader lists, then given their names:
        // the .out first, the .in (which makes it a case) last, so a reader never
        // sees half a case. An interactive case without an answer has no .out.
        let partial = |path: &Path, bytes: &[u8]| {
            let mut partial = Partial::beside(path)?;
            partial.write_all(bytes)?;
            Ok::<Partial, io::Error>(partial)
        };
        fn cannot(path: &Path) -> impl Fn(io::Error) -> String + '_ {
            move |e| format!("cannot create {}: {e}", path.display())
        }
        let partial_out = match &self.expected {
            Some(expected) => Some(partial(output, expected).map_err(cannot(output))?),
            None => None,
        };
        let partial_in = partial(input, &self.input).map_err(cannot(input))?;
        interrupt::uninterrupted(|| {
            if let Some(partial_out) = partial_out {
                publish(partial_out, output)?;
            }
            publish(partial_in, input).map_err(|reason| {
                let _ = fs::remove_file(output);
                reason
            })
        })
    }
}

/// Gives a written file its name, never replacing a file.
fn publish(partial: Partial, path: &Path) -> Result<(), String> {
    match partial.publish_new(path) {
        Ok(true) => Ok(()),
        Ok(false) => Err(format!("cannot create {}: it exists", path.display())),
        Err(e) => Err(format!("cannot create {}: {e}", path.display())),
    }
}

fn run(program: &Program, input: &[u8], limits: Limits) -> Result<Judged, Found> {
    Judge::limits_only(limits)
        .judge(program, Text::Bytes(input), None)
        .map_err(|e| Found::Unrunnable(format!("cannot run {}: {e}", program.describe())))
}

/// What went wrong with a brute force run, if anything.
fn brute_failure(judged: &Judged) -> Option<String> {
    let stderr = judged.run.stderr_end();
    match judged.judgement.verdict {
        Verdict::Accepted => None,
        Verdict::TimeLimitExceeded => {
            Some(format!("stopped after {} s{stderr}", BRUTE_TIME.as_secs()))
        }
        Verdict::OutputLimitExceeded => Some(format!(
            "stopped after {} MiB of output{stderr}",
            OUTPUT_CAP >> 20
        )),
        _ => Some(judged.judgement.detail.clone()),
    }
}
