//! The one judge. Built once per problem from its `problem.toml` — limits,
//! time mode, comparator or checker, interactor, output cap — it judges any
//! program on any input, against the answer when there is one. `test`,
//! `run`, `stress` (shrinking too), `bench`, interactive runs and the
//! problems' own tests (through `testkit`) all judge through it, so a fix to
//! judging is a fix everywhere.

use super::compare::Comparator;
use super::grading;
use super::interactor::Interactor;
use super::verdict::{self, Judged, Judgement};
use crate::base::error::SetupError;
use crate::base::files::{self, Scratch, Text};
use crate::base::verdict::Verdict;
use crate::base::written::read_written;
use crate::problem::config::{Group, HelperLimits};
use crate::problem::workspace::{Case, Problem};
use crate::process::run::{self, Access, Limits, Outcome, Program, Stdin, Stdout};
use std::fs;
use std::io;
use std::path::Path;
use std::time::Duration;

/// Output allowed beyond the answer's size before a run counts as OLE.
const OUTPUT_SLACK_BYTES: usize = 1 << 20;
/// With no answer to compare with, output past this is an OLE.
const OUTPUT_CAP: usize = 64 << 20;

/// How a problem judges.
#[derive(Clone, Debug)]
pub struct Judge {
    /// The program's limits; their output cap holds where there is no answer.
    limits: Limits,
    /// Output is counted, not kept (bench); then only the limits judge.
    counting: bool,
    comparator: Comparator,
    interactor: Option<Interactor>,
    /// Multi-pass: the most passes (`validation_passes`).
    passes: Option<u32>,
    /// The output a run may print (`output_limit_mib`); `None`: twice the
    /// answer plus `OUTPUT_SLACK_BYTES`.
    output_limit: Option<usize>,
    /// The size the problem's stored files stay under (`Config::stored_limit`).
    stored_limit: u64,
}

impl Judge {
    /// The problem's judge, as its problem.toml says.
    pub fn of(problem: &Problem) -> Result<Judge, SetupError> {
        let config = &problem.config;
        Ok(Judge {
            limits: Limits {
                time: Duration::from_millis(config.time_limit_ms),
                clock: config.time,
                memory_kib: Some(config.memory_limit_kib),
                output_cap: OUTPUT_CAP,
                processes: Some(config.process_limit),
                stack_kib: Some(config.stack_kib),
                // Its files (in its /tmp) are memory too.
                file_kib: Some(config.memory_limit_kib),
            },
            counting: false,
            comparator: Comparator::of(problem)?,
            interactor: Interactor::of(problem)?,
            passes: config.validation_passes,
            output_limit: config.output_limit_mib.map(|mib| (mib as usize) << 20),
            stored_limit: config.stored_limit(),
        })
    }

    /// A judge of the limits alone, for programs that are not a problem's
    /// solution (brute forces, generators) or have no problem.
    pub fn limits_only(limits: Limits) -> Judge {
        Judge {
            limits,
            counting: false,
            comparator: Comparator::exact(),
            interactor: None,
            passes: None,
            output_limit: None,
            stored_limit: files::MAX_STORED_BYTES,
        }
    }

    /// The problem's stored cases, read as this judge reads them (answers
    /// required unless an interactor judges; its size guard).
    pub fn cases(&self, problem: &Problem) -> Result<Vec<Case>, SetupError> {
        let interactive = self.is_interactive();
        (problem.workspace).cases(&problem.id, !interactive, self.stored_limit)
    }

    /// The size the problem's stored files stay under.
    pub fn stored_limit(&self) -> u64 {
        self.stored_limit
    }

    /// As `judge_case`, but a TLE by the wall cap with under half the CPU
    /// limit used and no sign of sleeping, which may be the machine's load,
    /// is judged again (twice at most) before it counts, as stress does; one
    /// in time then is the verdict, noted as such.
    pub fn judge_case_settled(
        &self,
        groups: &[Group],
        program: &Program,
        case: &Case,
    ) -> Result<Judged, SetupError> {
        let mut judged = self.judge_case(groups, program, case)?;
        for _ in 0..2 {
            // A program under a tenth of its wall time on a CPU slept: even a
            // load of ten per CPU leaves a busy one more.
            let run = &judged.run;
            let starved = judged.judgement.verdict == Verdict::TimeLimitExceeded
                && run.cpu * 2 < self.limits.time
                && run.cpu * 10 >= run.wall;
            if !starved {
                break;
            }
            let first = judged
                .judgement
                .detail
                .lines()
                .next()
                .unwrap_or("")
                .to_string();
            judged = self.judge_case(groups, program, case)?;
            if judged.judgement.verdict != Verdict::TimeLimitExceeded {
                let note = format!("a TLE first ({first}), then this when judged again");
                judged.judgement.detail = [note, judged.judgement.detail]
                    .join("\n")
                    .trim_end()
                    .to_string();
            }
        }
        Ok(judged)
    }

    /// Judges `program` on the stored `case`, with the flags of the group
    /// it is in; the error names the case and the program.
    pub fn judge_case(
        &self,
        groups: &[Group],
        program: &Program,
        case: &Case,
    ) -> Result<Judged, SetupError> {
        let answer = case.answer.as_deref().map(Text::File);
        self.for_case(groups, &case.name)?
            .judge(program, Text::File(&case.input), answer)
            .map_err(|e| {
                SetupError(format!(
                    "{}: cannot run {}: {e}",
                    case.name,
                    program.describe()
                ))
            })
    }

    /// The judge of one stored case: with the flags of the group it is in.
    pub fn for_case(&self, groups: &[Group], case: &str) -> Result<Judge, SetupError> {
        match grading::group_of(groups, case) {
            Some(group) => self
                .with_group_flags(&group.validator_flags)
                .map_err(|e| SetupError(format!("group.{}.validator_flags: {e}", group.path))),
            None => Ok(self.clone()),
        }
    }

    /// The same judge with a test group's validator flags: after the
    /// problem's for its interactor or checker; with neither, the Kattis
    /// default validator's flags added to `compare`.
    pub fn with_group_flags(&self, flags: &[String]) -> Result<Judge, String> {
        let mut judge = self.clone();
        if flags.is_empty() {
            return Ok(judge);
        }
        match (&self.interactor, &self.comparator) {
            (Some(interactor), _) => judge.interactor = Some(interactor.with_flags(flags)),
            (None, Comparator::Checker(checker)) => {
                judge.comparator = Comparator::Checker(checker.with_flags(flags))
            }
            (None, Comparator::Mode(compare)) => {
                judge.comparator = Comparator::Mode(compare.with_validator_flags(flags)?)
            }
        }
        Ok(judge)
    }

    /// The same judge with another time limit (`stress --time-limit`).
    pub fn with_time_limit(self, time: Duration) -> Judge {
        Judge {
            limits: Limits {
                time,
                ..self.limits
            },
            ..self
        }
    }

    /// The same judge with output counted and dropped, never kept: for
    /// `bench`, whose runs are judged by their limits alone.
    pub fn counting_output(self) -> Judge {
        Judge {
            counting: true,
            ..self
        }
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    pub fn is_interactive(&self) -> bool {
        self.interactor.is_some()
    }

    /// Judges `program` on `input`: against `answer` when there is one; with
    /// none, only the limits and the exit can fail it. An interactive
    /// problem's interactor reads `input` and talks to the program. An error
    /// means the program could not be run at all.
    pub fn judge(
        &self,
        program: &Program,
        input: Text,
        answer: Option<Text>,
    ) -> io::Result<Judged> {
        match self.passes {
            Some(passes) => self.passes(program, input, answer, passes),
            None => self.pass(program, input, answer, None),
        }
    }

    /// Multi-pass: the program runs again on the validator's `nextpass.in`
    /// while it writes one and accepts, up to `passes` times, each pass
    /// under the limits; the feedback folder is kept across passes and the
    /// validator (or interactor) is given the pass's input as its
    /// `input_file`, the case's and then each `nextpass.in`, as the format
    /// says. The time and memory shown are the slowest pass's.
    fn passes(
        &self,
        program: &Program,
        input: Text,
        answer: Option<Text>,
        passes: u32,
    ) -> io::Result<Judged> {
        let scratch = Scratch::new("judge-passes")?;
        let feedback = scratch.path().join("feedback");
        fs::create_dir(&feedback)?;
        let mut pass_input: Option<Vec<u8>> = None;
        let mut slowest: Option<Outcome> = None;
        let mut pass = 1;
        loop {
            let text = pass_input.as_deref().map_or(input, Text::Bytes);
            let Judged { run, judgement } = self.pass(program, text, answer, Some(&feedback))?;
            if slowest.as_ref().map_or(true, |s| run.cpu >= s.cpu) {
                slowest = Some(run);
            }
            // The validator wrote it: read as nothing it made is followed.
            let (next, judgement) = match read_written(&feedback, "nextpass.in", self.stored_limit)
            {
                Ok(next) => (next, judgement),
                Err(breach) => (
                    None,
                    Judgement::failure(format!("the validator failed: {breach}")),
                ),
            };
            let wrote_next = next.is_some();
            let judgement = match judgement.verdict {
                Verdict::Accepted if !wrote_next => judgement,
                Verdict::Accepted if pass == passes => Judgement::failure(format!(
                    "the validator wrote nextpass.in after pass {pass}, the most \
                     validation_passes allows"
                )),
                Verdict::Accepted => {
                    pass_input = next;
                    fs::remove_file(feedback.join("nextpass.in"))?;
                    pass += 1;
                    continue;
                }
                Verdict::Failure => judgement,
                _ if wrote_next => Judgement::failure(format!(
                    "the validator wrote nextpass.in in pass {pass} but rejected it ({})",
                    judgement.verdict
                )),
                verdict => Judgement {
                    detail: format!("in pass {pass}: {}", judgement.detail),
                    ..Judgement::new(verdict, "")
                },
            };
            let run = slowest.expect("a pass ran");
            return Ok(Judged { run, judgement });
        }
    }

    /// One run on `input`, judged against `answer`; a Kattis validator
    /// writes into `feedback` when given.
    fn pass(
        &self,
        program: &Program,
        input: Text,
        answer: Option<Text>,
        feedback: Option<&Path>,
    ) -> io::Result<Judged> {
        if let Some(interactor) = &self.interactor {
            return interactor.judge(
                program,
                input,
                answer,
                &self.limits,
                &|input, output, answer| self.compare(input, output, answer),
                feedback,
            );
        }
        let limits = Limits {
            output_cap: match (self.output_limit, answer) {
                (Some(limit), _) => limit,
                (None, Some(answer)) => answer.size() * 2 + OUTPUT_SLACK_BYTES,
                (None, None) => self.limits.output_cap,
            },
            ..self.limits
        };
        let stdin = match input {
            Text::File(path) => Stdin::File(path),
            Text::Bytes(bytes) => Stdin::Bytes(bytes),
        };
        let output = if self.counting {
            Stdout::Count
        } else {
            Stdout::Capture
        };
        let run = run::run(program, stdin, output, &limits, &Access::JUDGED)?;
        let judgement = match (verdict::of_limits(&run, &limits), answer) {
            (Some(judgement), _) => judgement,
            (None, Some(answer)) if !self.counting => match (&self.comparator, feedback) {
                (Comparator::Checker(checker), Some(dir)) => {
                    checker.judge_in(input, &run.stdout, answer, Some(dir))
                }
                _ => self
                    .comparator
                    .judge(input, &run.stdout, answer, self.stored_limit),
            },
            (None, _) => Judgement::accepted(),
        };
        Ok(Judged { run, judgement })
    }

    /// The comparator's (or checker's) verdict on `output`, a program's
    /// answer to `input`: what the problems' own tests judge (`judge testkit`).
    pub fn compare(&self, input: Text, output: &[u8], answer: Text) -> Judgement {
        self.comparator
            .judge(input, output, answer, self.stored_limit)
    }
}

/// Runs a helper that makes bytes (a generator, a package's test maker) on
/// `input` under `helper`'s limits, judged by them alone: its stdout, or
/// why it failed (`helper_failure`: the limit it went past, else its
/// verdict's detail). `Err` when it could not be run at all.
pub fn run_helper(
    program: &Program,
    input: &[u8],
    helper: &HelperLimits,
    output_cap: usize,
) -> io::Result<Result<Vec<u8>, String>> {
    let judged =
        Judge::limits_only(helper.limits(output_cap)).judge(program, Text::Bytes(input), None)?;
    Ok(match verdict::helper_failure(&judged, helper, output_cap) {
        Some(why) => Err(why),
        None => Ok(judged.run.stdout),
    })
}
