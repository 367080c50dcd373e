//! Runs a problem's checker program on one output, by the testlib or the
//! Kattis protocol, under a time limit of its own: the checker's time and
//! memory are never the solution's. A checker that does not answer by its
//! protocol is a checker failure (`FAIL`), never the solution's fault.

use crate::compare::Text;
use crate::problem::{Protocol, SetupError, Workspace};
use crate::run::{self, Clock, Exit, Input, Killed, Limits, Outcome, Program};
use crate::verdict::{Judgement, Verdict};
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Far more than a checker needs; only a hung one reaches it.
pub const CHECKER_TIME: Duration = Duration::from_secs(10);
const CHECKER_OUTPUT_CAP: usize = 1 << 20;
/// Lines of the checker's messages shown with its verdict.
const SHOWN_LINES: usize = 5;

#[derive(Clone, Debug)]
pub struct Checker {
    program: PathBuf,
    /// Arguments that come before the protocol's three.
    args: Vec<String>,
    protocol: Protocol,
    /// The command as `problem.toml` writes it.
    name: String,
}

impl Checker {
    /// `<id>-check` is the problem's own checker in `target/release`; any
    /// other command line runs in the workspace root through `sh`.
    pub fn new(
        workspace: &Workspace,
        id: &str,
        command: &str,
        protocol: Protocol,
    ) -> Result<Checker, SetupError> {
        let (program, args) = command_line(workspace, &format!("{id}-check"), command, "checker")?;
        Ok(Checker {
            program,
            args,
            protocol,
            name: command.to_string(),
        })
    }

    /// The checker's verdict on `output`, the program's answer to `input`.
    pub fn judge(&self, input: Text, output: &[u8], answer: Text) -> Judgement {
        self.run(input, output, answer).unwrap_or_else(|error| {
            failure(format!("the checker failed, not the solution: {error}"))
        })
    }

    fn run(&self, input: Text, output: &[u8], answer: Text) -> Result<Judgement, String> {
        let scratch = Scratch::new()?;
        let input = scratch.file("input", input)?;
        let answer = scratch.file("answer", answer)?;
        let (args, stdin, feedback) = match self.protocol {
            Protocol::Testlib => {
                let output = scratch.file("output", Text::Bytes(output))?;
                (vec![input, output, answer], Input::Bytes(b""), None)
            }
            Protocol::Kattis => {
                let feedback = scratch.path.join("feedback");
                fs::create_dir(&feedback)
                    .map_err(|e| format!("cannot create {}: {e}", feedback.display()))?;
                let dir = format!("{}/", feedback.display());
                (
                    vec![input, answer, dir],
                    Input::Bytes(output),
                    Some(feedback),
                )
            }
        };
        let program = Program::ExecWith(self.program.clone(), [self.args.clone(), args].concat());
        let limits = Limits {
            time: CHECKER_TIME,
            clock: Clock::Wall,
            memory_kib: None,
            output_cap: CHECKER_OUTPUT_CAP,
        };
        let outcome = run::run(&program, stdin, &limits)
            .map_err(|e| format!("cannot run the checker {:?}: {e}", self.name))?;
        let message = feedback
            .and_then(|dir| fs::read_to_string(dir.join("judgemessage.txt")).ok())
            .unwrap_or_default();
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
                verdict: Verdict::Accepted,
                detail: String::new(),
            },
            Some(verdict) if said.is_empty() => Judgement {
                verdict,
                detail: "the checker says nothing more".into(),
            },
            Some(verdict) => Judgement {
                verdict,
                detail: format!("the checker says:{said}"),
            },
            None => {
                let how = match outcome.killed {
                    Some(Killed::Time) => {
                        format!("ran past its {} s limit", CHECKER_TIME.as_secs())
                    }
                    Some(_) => format!("printed over {} KiB", CHECKER_OUTPUT_CAP >> 10),
                    None => outcome.exit.describe(),
                };
                failure(format!(
                    "the checker failed, not the solution: {:?}: {how} (no {} verdict){}",
                    self.name,
                    match self.protocol {
                        Protocol::Testlib => "testlib",
                        Protocol::Kattis => "Kattis",
                    },
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

/// A command line from `problem.toml` (a checker's or an interactor's) as
/// a program and its first arguments: `own`, the problem's own binary, from
/// `target/release`; any other command through `sh` from the workspace root.
pub fn command_line(
    workspace: &Workspace,
    own: &str,
    command: &str,
    what: &str,
) -> Result<(PathBuf, Vec<String>), SetupError> {
    if command == own {
        return Ok((workspace.built(command)?, Vec::new()));
    }
    let root = workspace
        .root
        .canonicalize()
        .map_err(|e| SetupError(format!("cannot find {}: {e}", workspace.root.display())))?;
    let first = command.split_whitespace().next().unwrap_or("");
    if first.contains('/') && !root.join(first).is_file() {
        return Err(SetupError(format!(
            "{what} {command:?}: no file {first} (relative paths start at the workspace root)"
        )));
    }
    Ok((
        PathBuf::from("/bin/sh"),
        vec![
            "-c".into(),
            format!("cd \"$0\" && exec {command} \"$@\""),
            root.to_string_lossy().into_owned(),
        ],
    ))
}

/// The verdict a checker's or an interactor's exit gives by its protocol;
/// `None` for none.
pub fn protocol_verdict(protocol: Protocol, outcome: &Outcome) -> Option<Verdict> {
    if outcome.killed.is_some() {
        return None;
    }
    match (protocol, outcome.exit) {
        (Protocol::Testlib, Exit::Code(0)) => Some(Verdict::Accepted),
        (Protocol::Testlib, Exit::Code(1)) => Some(Verdict::WrongAnswer),
        (Protocol::Testlib, Exit::Code(2)) => Some(Verdict::PresentationError),
        (Protocol::Kattis, Exit::Code(42)) => Some(Verdict::Accepted),
        (Protocol::Kattis, Exit::Code(43)) => Some(Verdict::WrongAnswer),
        _ => None,
    }
}

fn failure(detail: String) -> Judgement {
    Judgement {
        verdict: Verdict::CheckerFailure,
        detail,
    }
}

/// A temporary folder for the checker's files, removed when dropped.
struct Scratch {
    path: PathBuf,
}

impl Scratch {
    fn new() -> Result<Scratch, String> {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let path = env::temp_dir().join(format!(
            "judge-check-{}-{}",
            process::id(),
            NEXT.fetch_add(1, Ordering::SeqCst)
        ));
        fs::create_dir_all(&path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        Ok(Scratch { path })
    }

    /// An absolute path holding `text`: its own file, or a copy of the bytes.
    fn file(&self, name: &str, text: Text) -> Result<String, String> {
        let path = match text {
            Text::File(path) => absolute(path)?,
            Text::Bytes(bytes) => {
                let path = self.path.join(name);
                fs::write(&path, bytes)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                path
            }
        };
        Ok(path.to_string_lossy().into_owned())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// The checker may run in another folder, so it gets absolute paths.
fn absolute(path: &Path) -> Result<PathBuf, String> {
    path.canonicalize()
        .map_err(|e| format!("cannot find {}: {e}", path.display()))
}
