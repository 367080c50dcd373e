//! The one judge. Built once per problem from its `problem.toml` — limits,
//! time mode, comparator or checker, interactor, output cap — it judges any
//! program on any input, against the answer when there is one. `test`,
//! `run`, `stress` (shrinking too), `bench`, interactive runs and the
//! problems' own tests (through `testkit`) all judge through it, so a fix to
//! judging is a fix everywhere.

use super::compare::Comparator;
use super::interactor::Interactor;
use super::verdict::{self, Judged, Judgement};
use crate::base::error::SetupError;
use crate::base::files::Text;
use crate::problem::config::Config;
use crate::problem::workspace::Workspace;
use crate::process::run::{self, Input, Limits, Output, Program, View};
use std::io;
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
}

impl Judge {
    /// Problem `id`'s judge, as its `problem.toml` (`config`) says.
    pub fn of(workspace: &Workspace, id: &str, config: &Config) -> Result<Judge, SetupError> {
        Ok(Judge {
            limits: Limits {
                time: Duration::from_millis(config.time_limit_ms),
                clock: config.time,
                memory_kib: Some(config.memory_limit_kib),
                output_cap: OUTPUT_CAP,
                processes: Some(config.process_limit),
                stack_kib: Some(config.stack_kib),
            },
            counting: false,
            comparator: Comparator::of(workspace, id, config)?,
            interactor: Interactor::of(workspace, id, config)?,
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
        }
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

    /// Whether comparing runs a program (a checker), which needs the launcher.
    pub fn compares_with_a_program(&self) -> bool {
        matches!(self.comparator, Comparator::Checker(_))
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
        if let Some(interactor) = &self.interactor {
            return interactor.judge(program, input, answer, &self.limits, &self.comparator);
        }
        let limits = Limits {
            output_cap: answer.map_or(self.limits.output_cap, |answer| {
                answer.size() * 2 + OUTPUT_SLACK_BYTES
            }),
            ..self.limits
        };
        let stdin = match input {
            Text::File(path) => Input::File(path),
            Text::Bytes(bytes) => Input::Bytes(bytes),
        };
        let output = if self.counting {
            Output::Count
        } else {
            Output::Capture
        };
        let run = run::run(program, stdin, output, &limits, &View::JUDGED)?;
        let judgement = match (verdict::of_limits(&run, &limits), answer) {
            (Some(judgement), _) => judgement,
            (None, Some(answer)) if !self.counting => {
                self.comparator.judge(input, &run.stdout, answer)
            }
            (None, _) => Judgement::accepted(),
        };
        Ok(Judged { run, judgement })
    }

    /// The comparator's (or checker's) verdict on `output`, a program's
    /// answer to `input`: what the problems' own tests judge in-process.
    pub fn compare(&self, input: Text, output: &[u8], answer: Text) -> Judgement {
        self.comparator.judge(input, output, answer)
    }
}
