//! Runs a problem's checker program on one output, by the testlib or the
//! Kattis protocol, under limits of its own (`problem.toml`'s helper
//! limits): the checker's time and memory are never the solution's. A checker that does not answer by its
//! protocol is a checker failure (`FAIL`), never the solution's fault.

use super::verdict::{past_helper_limit, Judgement, Verdict};
use crate::base::error::SetupError;
use crate::base::files::Scratch;
use crate::base::files::Text;
use crate::base::modes::{Protocol, Said};
use crate::problem::config::{HelperLimits, Tool};
use crate::problem::workspace::Workspace;
use crate::process::launch::Exit;
use crate::process::run::{self, Access, Input, Outcome, Output, Program};
use std::fs;
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
    /// Problem `id`'s checker, given `flags` after the protocol's
    /// arguments, run under `limits`: `<id>-check` is its own binary.
    pub fn new(
        workspace: &Workspace,
        id: &str,
        tool: &Tool,
        flags: &[String],
        limits: HelperLimits,
    ) -> Result<Checker, SetupError> {
        Ok(Checker {
            program: workspace.tool(&format!("{id}-check"), &tool.command, "checker")?,
            protocol: tool.protocol,
            name: tool.command.clone(),
            flags: flags.to_vec(),
            limits,
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
        let input = path_of(&scratch, "input", input)?;
        let answer = path_of(&scratch, "answer", answer)?;
        let (mut args, stdin, feedback) = match self.protocol {
            Protocol::Testlib => {
                let output = path_of(&scratch, "output", Text::Bytes(output))?;
                (vec![input, output, answer], Input::Bytes(b""), None)
            }
            Protocol::Kattis => {
                let feedback = match feedback {
                    Some(dir) => dir.to_path_buf(),
                    None => {
                        let dir = scratch.path().join("feedback");
                        fs::create_dir(&dir)
                            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
                        dir
                    }
                };
                let dir = format!("{}/", feedback.display());
                (
                    vec![input, answer, dir],
                    Input::Bytes(output),
                    Some(feedback),
                )
            }
        };
        args.extend(self.flags.iter().cloned());
        let program = self.program.with_args(&args);
        let limits = self.limits.limits(CHECKER_OUTPUT_CAP);
        // It reads the answer, and may write in the scratch folder and in the
        // feedback folder a multi-pass run keeps outside it.
        let writable: Vec<&Path> = std::iter::once(scratch.path())
            .chain(feedback.as_deref())
            .collect();
        let access = Access {
            readable: &[],
            writable: &writable,
        };
        let outcome = run::run(&program, stdin, Output::Capture, &limits, &access)
            .map_err(|e| format!("cannot run the checker {:?}: {e}", self.name))?;
        let message = feedback
            .as_ref()
            .and_then(|dir| fs::read_to_string(dir.join("judgemessage.txt")).ok())
            .unwrap_or_default();
        let score = feedback.as_ref().and_then(|dir| read_score(dir));
        let said: Vec<&str> = message
            .lines()
            .chain(outcome.stderr_tail.lines())
            .filter(|line| !line.trim().is_empty())
            .take(SHOWN_LINES)
            .collect();
        let said = said
            .iter()
            .map(|line| format!("\n  {line}"))
            .collect::<String>();
        Ok(match protocol_verdict(self.protocol, &outcome) {
            Some(Verdict::Accepted) => Judgement {
                score,
                ..Judgement::accepted()
            },
            Some(verdict) if said.is_empty() => {
                Judgement::new(verdict, "the checker says nothing more")
            }
            Some(verdict) => Judgement::new(verdict, format!("the checker says:{said}")),
            None => {
                let how = past_helper_limit(&outcome, &self.limits, CHECKER_OUTPUT_CAP)
                    .unwrap_or_else(|| {
                        let exit = outcome.exit.describe();
                        format!("{exit} (no {} verdict)", self.protocol.title())
                    });
                Judgement::failure(format!(
                    "the checker failed, not the solution: {:?}: {how}{}",
                    self.name,
                    if said.is_empty() {
                        String::new()
                    } else {
                        format!("; it says:{said}")
                    }
                ))
            }
        })
    }
}

/// The score a Kattis scoring validator wrote in `score.txt`, if any.
pub fn read_score(feedback: &Path) -> Option<f64> {
    fs::read_to_string(feedback.join("score.txt"))
        .ok()?
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|score| score.is_finite())
}

/// The verdict a checker's or an interactor's exit gives by its protocol;
/// `None` for none.
pub fn protocol_verdict(protocol: Protocol, outcome: &Outcome) -> Option<Verdict> {
    if outcome.killed.is_some() {
        return None;
    }
    let code = match outcome.exit {
        Exit::Code(code) => code,
        Exit::Signal(_) => return None,
    };
    Some(match protocol.said(code)? {
        Said::Accepted => Verdict::Accepted,
        Said::Rejected => Verdict::WrongAnswer,
        Said::PresentationError => Verdict::PresentationError,
    })
}

/// The absolute path of a file holding `text`: its own file, or a new file
/// in the scratch folder with the bytes (the checker may run elsewhere).
fn path_of(scratch: &Scratch, name: &str, text: Text) -> Result<String, String> {
    let path = match text {
        Text::File(path) => absolute(path)?,
        Text::Bytes(bytes) => scratch
            .file(name, bytes)
            .map_err(|e| format!("cannot write {}: {e}", scratch.path().join(name).display()))?,
    };
    Ok(path.to_string_lossy().into_owned())
}

/// The checker may run in another folder, so it gets absolute paths.
fn absolute(path: &Path) -> Result<PathBuf, String> {
    path.canonicalize()
        .map_err(|e| format!("cannot find {}: {e}", path.display()))
}
