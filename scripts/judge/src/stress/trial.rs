//! One stress iteration: generate an input, run the brute force and the
//! solution on it, and judge the solution by the brute force's answer.

use crate::compare::Text;
use crate::run::{self, Clock, Input, Limits, Outcome, Program};
use crate::verdict::{self, Judgement, Rules, Verdict};
use std::time::Duration;

/// The brute force and the generator are not being judged: a generous limit.
pub const HELPER_TIME: Duration = Duration::from_secs(10);
const HELPER_OUTPUT_CAP: usize = 64 << 20;
/// Output allowed beyond the brute force's before the solution counts as OLE.
const OUTPUT_SLACK_BYTES: usize = 1 << 20;

/// The three programs and how the solution is judged.
pub struct Trial {
    pub sol: Program,
    pub brute: Program,
    pub gen: Program,
    pub rules: Rules,
    /// The memory watchdog's limit; `None` without a problem.toml.
    pub memory_kib: Option<u64>,
}

/// An input the solution fails on, with the brute force's output for it.
pub struct Failure {
    pub input: Vec<u8>,
    pub expected: Vec<u8>,
    pub judgement: Judgement,
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
        let gen = match &self.gen {
            Program::Exec(path) => Program::ExecWith(path.clone(), args),
            Program::ExecWith(path, first) => {
                Program::ExecWith(path.clone(), [first.clone(), args].concat())
            }
            Program::Shell(line) => Program::Shell(format!("{line} {}", args.join(" "))),
        };
        let outcome = run_helper(&gen, b"")?;
        match helper_failure(&outcome) {
            None => Ok(outcome.stdout),
            Some(detail) => Err(Found::Generator {
                detail: format!("`{}`: {detail}", gen.describe()),
            }),
        }
    }

    /// Runs the brute force, then the solution, on `input`.
    pub fn check(&self, input: &[u8]) -> Result<(), Found> {
        let brute = run_helper(&self.brute, input)?;
        if let Some(detail) = helper_failure(&brute) {
            return Err(Found::Brute {
                input: input.to_vec(),
                detail,
            });
        }
        let limits = Limits {
            memory_kib: self.memory_kib,
            ..self
                .rules
                .limits(brute.stdout.len() * 2 + OUTPUT_SLACK_BYTES)
        };
        let outcome = run::run(&self.sol, Input::Bytes(input), &limits)
            .map_err(|e| Found::Unrunnable(format!("cannot run {}: {e}", self.sol.describe())))?;
        let judgement = verdict::judge(
            &outcome,
            Text::Bytes(input),
            Text::Bytes(&brute.stdout),
            &self.rules,
        );
        match judgement.verdict {
            Verdict::Accepted => return Ok(()),
            Verdict::CheckerFailure => {
                return Err(Found::Checker {
                    input: input.to_vec(),
                    detail: judgement.detail,
                })
            }
            _ => {}
        }
        Err(Found::Solution(Failure {
            input: input.to_vec(),
            expected: brute.stdout,
            judgement,
        }))
    }

    /// The brute force's answer judged as the output for `input` against
    /// itself: anything but AC means a case made of them cannot be judged.
    pub fn self_check(&self, input: &[u8], answer: &[u8]) -> Judgement {
        self.rules
            .compare
            .judge(Text::Bytes(input), answer, Text::Bytes(answer))
    }

    pub fn iteration(&self, seed: u64, size: Option<u64>) -> Result<(), Found> {
        self.check(&self.generate(seed, size)?)
    }
}

fn run_helper(program: &Program, input: &[u8]) -> Result<Outcome, Found> {
    let limits = Limits {
        time: HELPER_TIME,
        clock: Clock::Wall,
        memory_kib: None,
        output_cap: HELPER_OUTPUT_CAP,
    };
    run::run(program, Input::Bytes(input), &limits)
        .map_err(|e| Found::Unrunnable(format!("cannot run {}: {e}", program.describe())))
}

/// What went wrong with a brute force or generator run, if anything.
fn helper_failure(outcome: &Outcome) -> Option<String> {
    let detail = match outcome.killed {
        Some(run::Killed::Time) => format!("stopped after {} s", HELPER_TIME.as_secs()),
        Some(_) => format!("stopped after {} MiB of output", HELPER_OUTPUT_CAP >> 20),
        None if outcome.exit.success() => return None,
        None => outcome.exit.describe(),
    };
    Some(detail + &outcome.stderr_end())
}
