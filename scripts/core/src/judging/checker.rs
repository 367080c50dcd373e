//! Runs a problem's checker program on one output, by the testlib or the
//! Kattis protocol, under limits of its own (`problem.toml`'s helper
//! limits): the checker's time and memory are never the solution's. A checker that does not answer by its
//! protocol is a checker failure (`FAIL`), never the solution's fault.

use super::protocol;
use super::verdict::{past_helper_limit, Judgement};
use crate::base::error::SetupError;
use crate::base::files::{Scratch, Text};
use crate::base::modes::Protocol;
use crate::base::verdict::Verdict;
use crate::problem::config::{HelperLimits, Tool};
use crate::problem::workspace::Problem;
use crate::process::run::{self, Access, Outcome, Program, Stdin, Stdout};
use std::io;
use std::path::{Path, PathBuf};

const CHECKER_OUTPUT_CAP: usize = 1 << 20;
/// Lines of the checker's messages shown with its verdict.
const SHOWN_LINES: usize = 5;

#[derive(Clone, Debug)]
pub struct Checker {
    /// Its command line, to which the protocol's arguments are added.
    program: Program,
    protocol: Protocol,
    /// The command as `problem.toml` writes it.
    name: String,
    /// Its arguments after the protocol's (`validator_flags`).
    flags: Vec<String>,
    limits: HelperLimits,
}

impl Checker {
    /// The problem's checker `tool`, given its validator flags after the
    /// protocol's arguments, run under its helper limits: `<id>-check` is
    /// its own binary.
    pub fn new(problem: &Problem, tool: &Tool) -> Result<Checker, SetupError> {
        let own = format!("{}-check", problem.id);
        Ok(Checker {
            program: problem.workspace.tool(&own, &tool.command, "checker")?,
            protocol: tool.protocol,
            name: tool.command.clone(),
            flags: problem.config.validator_flags.clone(),
            limits: problem.config.helper,
        })
    }

    /// The same checker with `more` flags after its own (a test group's).
    pub fn with_flags(&self, more: &[String]) -> Checker {
        Checker {
            flags: [&self.flags[..], more].concat(),
            ..self.clone()
        }
    }

    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// The checker's verdict on `output`, the program's answer to `input`.
    pub fn judge(&self, input: Text, output: &[u8], answer: Text) -> Judgement {
        self.judge_in(input, output, answer, None)
    }

    /// As `judge`, with a Kattis checker's feedback folder given: kept by the
    /// caller across a multi-pass run's passes.
    pub fn judge_in(
        &self,
        input: Text,
        output: &[u8],
        answer: Text,
        feedback: Option<&Path>,
    ) -> Judgement {
        self.run(input, output, answer, feedback)
            .unwrap_or_else(|error| {
                Judgement::failure(format!("the checker failed, not the solution: {error}"))
            })
    }

    fn run(
        &self,
        input: Text,
        output: &[u8],
        answer: Text,
        feedback: Option<&Path>,
    ) -> Result<Judgement, String> {
        let scratch = Scratch::new("judge-check")
            .map_err(|e| format!("cannot make a scratch folder: {e}"))?;
        let fault = |e: io::Error| e.to_string();
        let input = protocol::placed(&scratch, "input", input).map_err(fault)?;
        let answer = protocol::placed(&scratch, "answer", answer).map_err(fault)?;
        // A multi-pass run keeps its feedback folder outside the scratch one.
        let feedback = feedback.map_or_else(|| scratch.path().join("feedback"), Path::to_path_buf);
        let (output_file, stdin) = match self.protocol {
            Protocol::Testlib => (
                protocol::placed(&scratch, "output", Text::Bytes(output)).map_err(fault)?,
                Stdin::Bytes(b""),
            ),
            Protocol::Kattis => (PathBuf::new(), Stdin::Bytes(output)),
        };
        let files = protocol::Files {
            input: &input,
            output: &output_file,
            answer: Some(&answer),
            feedback: &feedback,
        };
        let args = protocol::arguments(self.protocol, &files, &self.flags)
            .map_err(|e| format!("cannot create {}: {e}", feedback.display()))?;
        let kattis = self.protocol == Protocol::Kattis;
        // It reads the answer, and may write in the scratch folder and in
        // its feedback folder.
        let writable: Vec<&Path> = std::iter::once(scratch.path())
            .chain(kattis.then_some(feedback.as_path()))
            .collect();
        let access = Access {
            readable: &[],
            writable: &writable,
        };
        let limits = self.limits.limits(CHECKER_OUTPUT_CAP);
        let outcome = run::run(
            &self.program.with_args(&args),
            stdin,
            Stdout::Capture,
            &limits,
            &access,
        )
        .map_err(|e| format!("cannot run the checker {:?}: {e}", self.name))?;
        let feedback = kattis.then_some(feedback.as_path());
        Ok(self.verdict(&outcome, feedback))
    }

    /// The judgement the checker's run gives, with the first lines it said.
    /// A feedback file it left that the runner does not read (a symlink,
    /// a FIFO, one past its bound) is its failure.
    fn verdict(&self, outcome: &Outcome, feedback: Option<&Path>) -> Judgement {
        let feedback = match protocol::Feedback::read(feedback) {
            Ok(feedback) => feedback,
            Err(breach) => {
                return Judgement::failure(format!(
                    "the checker failed, not the solution: {:?}: {breach}",
                    self.name
                ))
            }
        };
        let said: String = protocol::message(outcome, &feedback)
            .iter()
            .take(SHOWN_LINES)
            .map(|line| format!("\n  {line}"))
            .collect();
        match protocol::verdict(self.protocol, outcome, &feedback) {
            Some((Verdict::Accepted, score)) => Judgement {
                score,
                ..Judgement::accepted()
            },
            Some((verdict, _)) if said.is_empty() => {
                Judgement::new(verdict, "the checker says nothing more")
            }
            Some((verdict, _)) => Judgement::new(verdict, format!("the checker says:{said}")),
            None => {
                let how = past_helper_limit(outcome, &self.limits, CHECKER_OUTPUT_CAP)
                    .unwrap_or_else(|| {
                        let exit = outcome.exit.describe();
                        format!("{exit} (no {} verdict)", self.protocol.title())
                    });
                let said = if said.is_empty() {
                    String::new()
                } else {
                    format!("; it says:{said}")
                };
                Judgement::failure(format!(
                    "the checker failed, not the solution: {:?}: {how}{said}",
                    self.name
                ))
            }
        }
    }
}
