//! One stress iteration: generate an input, run the brute force and the
//! solution on it, and judge the solution by the brute force's answer.

use crate::compare::Text;
use crate::interactive::Interactor;
use crate::run::{self, Clock, Input, Limits, Outcome, Program};
use crate::verdict::{self, Judgement, Rules, Verdict};
use std::time::Duration;

/// The brute force and the generator are not being judged: a generous limit.
pub const HELPER_TIME: Duration = Duration::from_secs(10);
const HELPER_OUTPUT_CAP: usize = 64 << 20;
/// Output allowed beyond the brute force's before the solution counts as OLE.
const OUTPUT_SLACK_BYTES: usize = 1 << 20;

/// The programs and how the solution is judged.
pub struct Trial {
    pub sol: Program,
    /// Always there for an ordinary problem; optional with an interactor.
    pub brute: Option<Program>,
    pub gen: Program,
    /// An interactive problem's interactor judges each input instead.
    pub interactor: Option<Interactor>,
    pub rules: Rules,
    /// The memory watchdog's limit; `None` without a problem.toml.
    pub memory_kib: Option<u64>,
}

/// An input the solution fails on, with the brute force's output for it
/// (`None` for an interactive problem stressed without a brute force).
pub struct Failure {
    pub input: Vec<u8>,
    pub expected: Option<Vec<u8>>,
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
        let expected = match &self.brute {
            Some(brute) => Some(self.answer(brute, input)?),
            None => None,
        };
        let unrunnable = |e| Found::Unrunnable(format!("cannot run {}: {e}", self.sol.describe()));
        let judgement = match &self.interactor {
            Some(interactor) => {
                let interaction = interactor
                    .judge_bytes(&self.sol, input, expected.as_deref(), &self.rules)
                    .map_err(unrunnable)?;
                interaction.judgement
            }
            None => {
                let expected = expected.as_deref().unwrap_or_default();
                let limits = Limits {
                    memory_kib: self.memory_kib,
                    ..self.rules.limits(expected.len() * 2 + OUTPUT_SLACK_BYTES)
                };
                let outcome =
                    run::run(&self.sol, Input::Bytes(input), &limits).map_err(unrunnable)?;
                verdict::judge(
                    &outcome,
                    Text::Bytes(input),
                    Text::Bytes(expected),
                    &self.rules,
                )
            }
        };
        match judgement.verdict {
            Verdict::Accepted => Ok(()),
            Verdict::CheckerFailure if self.interactor.is_some() => Err(Found::Interactor {
                input: input.to_vec(),
                detail: judgement.detail,
            }),
            Verdict::CheckerFailure => Err(Found::Checker {
                input: input.to_vec(),
                detail: judgement.detail,
            }),
            _ => Err(Found::Solution(Failure {
                input: input.to_vec(),
                expected,
                judgement,
            })),
        }
    }

    /// The brute force's output for `input`.
    fn answer(&self, brute: &Program, input: &[u8]) -> Result<Vec<u8>, Found> {
        let outcome = run_helper(brute, input)?;
        match helper_failure(&outcome) {
            None => Ok(outcome.stdout),
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
            Some(answer) if self.interactor.is_none() => {
                self.rules
                    .compare
                    .judge(Text::Bytes(input), answer, Text::Bytes(answer))
            }
            _ => Judgement {
                verdict: Verdict::Accepted,
                detail: String::new(),
            },
        }
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
