//! Interactive problems: the solution and the problem's interactor wired to
//! each other through the runner, which keeps the end of the exchange; one
//! verdict from both exits, in the order Kattis's judge uses.
//!
//! The interactor is called as the problem's protocol says (`problem.toml`'s
//! `interactor_protocol`): testlib (`<input> <output> [<answer>]`, exit 0 AC,
//! 1 WA, 2 PE, 7 points) or Kattis (`<input> <answer> <feedback_dir>/`, exit 42 AC,
//! 43 WA); any other end of it is a FAIL. With testlib, a `checker` then
//! judges the file the interactor wrote as `<output>`, as Polygon does.

use super::protocol;
use super::verdict::{self, past_helper_limit, Judged, Judgement};
use crate::base::error::SetupError;
use crate::base::files::{Scratch, Text};
use crate::base::modes::Protocol;
use crate::base::verdict::Verdict;
use crate::base::written::read_written;
use crate::problem::config::HelperLimits;
use crate::problem::workspace::Problem;
use crate::process::run::{self, Access, Killed, Limits, Outcome, Program, Stdin, Stdout};
use crate::process::sys;
use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::OwnedFd;
use std::path::Path;
use std::sync::Mutex;
use std::thread;
use std::time::Instant;

/// Lines of the exchange shown under a failure, and bytes kept of each.
const EXCHANGE_LINES: usize = 12;
const LINE_BYTES: usize = 160;
/// Lines of the interactor's messages shown.
const MESSAGE_LINES: usize = 5;

/// A problem's interactor, ready to judge any solution on any case.
#[derive(Clone, Debug)]
pub struct Interactor {
    /// Its command line, to which the protocol's arguments are added.
    program: Program,
    protocol: Protocol,
    /// The problem's checker (its comparator) judges the interactor's
    /// `<output>` file after it accepts, as Polygon does (testlib only).
    checked: bool,
    /// Its arguments after the protocol's (`validator_flags`).
    flags: Vec<String>,
    /// Its time runs on past the solution's wall-time cap.
    limits: HelperLimits,
}

impl Interactor {
    /// The problem's interactor; `None` for an ordinary problem. The bare
    /// `<id>-interactor` is the problem's own binary.
    pub fn of(problem: &Problem) -> Result<Option<Interactor>, SetupError> {
        let config = &problem.config;
        let tool = match &config.interactor {
            Some(tool) => tool,
            None => return Ok(None),
        };
        let own = format!("{}-interactor", problem.id);
        Ok(Some(Interactor {
            program: problem.workspace.tool(&own, &tool.command, "interactor")?,
            protocol: tool.protocol,
            checked: config.checker.is_some(),
            flags: config.validator_flags.clone(),
            limits: config.helper,
        }))
    }

    /// The same interactor with `more` flags after its own (a test group's).
    pub fn with_flags(&self, more: &[String]) -> Interactor {
        Interactor {
            flags: [&self.flags[..], more].concat(),
            ..self.clone()
        }
    }

    /// Runs `solution` under `limits` against the interactor on the case
    /// `input` (with its `answer`, if there is one) and judges the pair; a
    /// `checker` comparator then judges what the interactor wrote. A Kattis
    /// interactor's `feedback` folder may be the caller's, kept across a
    /// multi-pass run's passes.
    pub fn judge(
        &self,
        solution: &Program,
        input: Text,
        answer: Option<Text>,
        limits: &Limits,
        checker: &dyn Fn(Text, &[u8], Text) -> Judgement,
        feedback: Option<&Path>,
    ) -> io::Result<Judged> {
        let scratch = Scratch::new("judge-interaction")?;
        let dir = scratch.path();
        // The interactor runs from the workspace root: every path is absolute.
        let input = protocol::placed(&scratch, "input", input)?;
        let answer = answer
            .map(|answer| protocol::placed(&scratch, "answer", answer))
            .transpose()?;
        let output = dir.join("output");
        // A multi-pass run's feedback folder lives outside the scratch folder.
        let feedback = feedback.map_or_else(|| dir.join("feedback"), Path::to_path_buf);
        let files = protocol::Files {
            input: &input,
            output: &output,
            answer: answer.as_deref(),
            feedback: &feedback,
        };
        let args = protocol::arguments(self.protocol, &files, &self.flags)?;
        let writable = [dir, feedback.as_path()];
        let writable = if feedback.is_dir() {
            &writable[..]
        } else {
            &writable[..1]
        };
        let interactor = self.program.with_args(&args);
        let exchange = converse(&interactor, solution, limits, &self.limits, writable)?;
        let said = self.interpret(&exchange.interactor, &feedback);
        // Nothing to compare: only the solution's limits and exit count here.
        let solution_judgement =
            verdict::of_limits(&exchange.solution, limits).unwrap_or_else(Judgement::accepted);
        let judgement = match said {
            Said::Failed(detail) => Judgement::failure(detail),
            Said::Rejected(verdict, detail) if exchange.interactor_first => {
                Judgement::new(verdict, detail)
            }
            _ if !solution_judgement.is_accepted() => solution_judgement,
            Said::Rejected(verdict, detail) => Judgement::new(verdict, detail),
            // A missing `<output>` is an empty one, for the checker to judge;
            // an interactor's own score (testlib's points) is final.
            Said::Accepted(None) if self.checked => {
                let answer = answer.as_deref().map_or(Text::Bytes(b""), Text::File);
                check_output(dir, limits.output_cap, Text::File(&input), answer, checker)
            }
            Said::Accepted(score) => Judgement {
                score,
                ..Judgement::accepted()
            },
        };
        let judgement = match judgement.verdict {
            Verdict::Accepted => judgement,
            verdict => Judgement::new(
                verdict,
                join_detail(
                    &judgement.detail,
                    &exchange
                        .transcript
                        .show(verdict == Verdict::TimeLimitExceeded),
                ),
            ),
        };
        Ok(Judged {
            run: exchange.solution,
            judgement,
        })
    }

    /// What the interactor's end says under the protocol.
    fn interpret(&self, outcome: &Outcome, feedback: &Path) -> Said {
        if let Some(how) = past_helper_limit(outcome, &self.limits, usize::MAX) {
            let after = match outcome.killed {
                Some(Killed::Time) => " on top of the solution's wall-time cap",
                _ => "",
            };
            return Said::Failed(format!(
                "the interactor failed, not the solution: {how}{after}{}",
                outcome.stderr_end()
            ));
        }
        let kattis = self.protocol == Protocol::Kattis;
        let feedback = match protocol::Feedback::read(kattis.then_some(feedback)) {
            Ok(feedback) => feedback,
            Err(breach) => {
                return Said::Failed(format!("the interactor failed, not the solution: {breach}"))
            }
        };
        let message = messages(&protocol::message(outcome, &feedback));
        match protocol::verdict(self.protocol, outcome, &feedback) {
            Some((Verdict::Accepted, score)) => Said::Accepted(score),
            Some((verdict, _)) => Said::Rejected(verdict, message),
            None => Said::Failed(format!(
                "the interactor failed ({}){}",
                outcome.exit.describe(),
                outcome.stderr_end()
            )),
        }
    }
}

/// The checker's judgement on the `<output>` the interactor wrote in `dir`
/// (a missing one is empty), read as nothing a boxed program made is
/// followed; one past `cap` bytes, or no regular file, is the interactor's
/// failure.
fn check_output(
    dir: &Path,
    cap: usize,
    input: Text,
    answer: Text,
    checker: &dyn Fn(Text, &[u8], Text) -> Judgement,
) -> Judgement {
    match read_written(dir, "output", cap as u64) {
        Ok(output) => checker(input, &output.unwrap_or_default(), answer),
        Err(breach) => {
            Judgement::failure(format!("the interactor failed, not the solution: {breach}"))
        }
    }
}

/// The interactor's verdict on its own.
enum Said {
    /// With the score it gave, if any.
    Accepted(Option<f64>),
    Rejected(Verdict, String),
    Failed(String),
}

/// The last lines of a message, indented under "the interactor says".
fn messages(lines: &[String]) -> String {
    if lines.is_empty() {
        return String::new();
    }
    let shown = &lines[lines.len().saturating_sub(MESSAGE_LINES)..];
    format!("the interactor says:\n  {}", shown.join("\n  "))
}

fn join_detail(first: &str, second: &str) -> String {
    [first, second]
        .iter()
        .filter(|part| !part.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join("\n")
}

/// Both runs, and which side ended its output first.
struct Exchange {
    solution: Outcome,
    interactor: Outcome,
    /// The interactor closed its output while the solution's was still open.
    interactor_first: bool,
    transcript: Transcript,
}

/// Runs the two programs with each one's stdout copied to the other's stdin
/// by a thread of the runner, which also keeps the end of the exchange.
/// The interactor runs under `helper`, its time after the solution's wall
/// cap; `writable` holds its folders for its output and feedback.
fn converse(
    interactor: &Program,
    solution: &Program,
    limits: &Limits,
    helper: &HelperLimits,
    writable: &[&Path],
) -> io::Result<Exchange> {
    let (from_interactor, interactor_out) = sys::pipe()?;
    let (solution_in, to_solution) = sys::pipe()?;
    let (from_solution, solution_out) = sys::pipe()?;
    let (interactor_in, to_interactor) = sys::pipe()?;
    // Its stdout goes to the runner's copy: there is nothing to cap.
    let solution_limits = Limits {
        output_cap: usize::MAX,
        ..*limits
    };
    let interactor_limits = Limits {
        time: solution_limits.wall_cap() + helper.time(),
        ..helper.limits(usize::MAX)
    };
    // It reads the case and its answer, and writes its output and feedback.
    let interactor_access = Access {
        readable: &[],
        writable,
    };
    let transcript = Mutex::new(Transcript::default());
    let (solution_run, interactor_run, interactor_end, solution_end) = thread::scope(|scope| {
        let transcript = &transcript;
        let interactor_run = scope.spawn(move || {
            run::run(
                interactor,
                Stdin::Fd(interactor_in),
                Stdout::Fd(interactor_out),
                &interactor_limits,
                &interactor_access,
            )
        });
        let solution_run = scope.spawn(move || {
            run::run(
                solution,
                Stdin::Fd(solution_in),
                Stdout::Fd(solution_out),
                &solution_limits,
                &Access::JUDGED,
            )
        });
        let to_solution =
            scope.spawn(move || copy(from_interactor, to_solution, Side::Interactor, transcript));
        let from_solution =
            scope.spawn(move || copy(from_solution, to_interactor, Side::Solution, transcript));
        let joined = |handle: thread::ScopedJoinHandle<'_, _>| {
            handle
                .join()
                .unwrap_or_else(|_| Err(io::Error::new(io::ErrorKind::Other, "a run panicked")))
        };
        let interactor_end = to_solution.join().unwrap_or_else(|_| Instant::now());
        let solution_end = from_solution.join().unwrap_or_else(|_| Instant::now());
        (
            joined(solution_run),
            joined(interactor_run),
            interactor_end,
            solution_end,
        )
    });
    let interactor_run = interactor_run.map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("cannot run the interactor {}: {e}", interactor.describe()),
        )
    })?;
    Ok(Exchange {
        solution: solution_run?,
        interactor: interactor_run,
        interactor_first: interactor_end < solution_end,
        transcript: transcript.into_inner().unwrap_or_else(|e| e.into_inner()),
    })
}

/// Which program wrote a stream.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Interactor,
    Solution,
}

/// Copies `from` into `to` until `from` ends, noting the lines in the
/// transcript; returns when it ended. Once `to` is gone (its reader exited)
/// the rest is still read, so the writer never dies of a broken pipe.
fn copy(from: OwnedFd, to: OwnedFd, side: Side, transcript: &Mutex<Transcript>) -> Instant {
    let (mut from, mut to) = (File::from(from), Some(File::from(to)));
    let mut buffer = [0u8; 8192];
    loop {
        let n = match from.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        // Noted before it is passed on, so that a reply is never noted first.
        transcript
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .note(side, &buffer[..n]);
        if let Some(pipe) = to.as_mut() {
            if pipe.write_all(&buffer[..n]).is_err() {
                to = None;
            }
        }
    }
    let ended = Instant::now();
    // Closing the copy's end tells the other program that this side is done.
    drop(to);
    let mut transcript = transcript.lock().unwrap_or_else(|e| e.into_inner());
    transcript.end(side);
    ended
}

/// The last lines of the exchange in both directions, in the order seen:
/// bounded whatever the programs write.
#[derive(Default)]
struct Transcript {
    lines: VecDeque<String>,
    /// The unfinished line of each side: (its first bytes, whether it was cut).
    partial: [(Vec<u8>, bool); 2],
}

impl Transcript {
    fn note(&mut self, side: Side, bytes: &[u8]) {
        let mut rest = bytes;
        while let Some(at) = rest.iter().position(|&b| b == b'\n') {
            self.extend(side, &rest[..at]);
            self.finish_line(side, "");
            rest = &rest[at + 1..];
        }
        self.extend(side, rest);
    }

    fn extend(&mut self, side: Side, bytes: &[u8]) {
        let (line, cut) = &mut self.partial[side as usize];
        let room = LINE_BYTES.saturating_sub(line.len());
        line.extend_from_slice(&bytes[..bytes.len().min(room)]);
        *cut |= bytes.len() > room;
    }

    fn end(&mut self, side: Side) {
        if !self.partial[side as usize].0.is_empty() {
            self.finish_line(side, " (no newline at the end)");
        }
    }

    fn finish_line(&mut self, side: Side, note: &str) {
        let (line, cut) = std::mem::take(&mut self.partial[side as usize]);
        let arrow = match side {
            Side::Interactor => ">",
            Side::Solution => "<",
        };
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches('\r');
        let cut = if cut { " ..." } else { "" };
        self.lines.push_back(format!("{arrow} {text}{cut}{note}"));
        if self.lines.len() > EXCHANGE_LINES {
            self.lines.pop_front();
        }
    }

    /// The lines kept; `stuck` (a time limit) adds why a dialogue may stall.
    fn show(&self, stuck: bool) -> String {
        if self.lines.is_empty() {
            return "nothing was exchanged".into();
        }
        let mut shown = format!(
            "the exchange ends with (> to the solution, < from it):\n  {}",
            Vec::from(self.lines.clone()).join("\n  ")
        );
        if stuck && self.lines.back().is_some_and(|line| line.starts_with('>')) {
            shown += "\n(the solution answered nothing to the last line: \
                      does it flush after every query?)";
        }
        shown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transcript_keeps_the_last_lines_of_both_sides_in_order() {
        let mut transcript = Transcript::default();
        for i in 0..20 {
            transcript.note(Side::Interactor, format!("{i}\n").as_bytes());
            transcript.note(Side::Solution, b"? ");
            transcript.note(Side::Solution, format!("{i}\r\n").as_bytes());
        }
        transcript.note(Side::Interactor, &[b'x'; 1000]);
        transcript.end(Side::Interactor);
        assert!(!transcript.show(false).contains("does it flush"));
        let shown = transcript.show(true);
        let lines: Vec<&str> = shown.lines().skip(1).map(str::trim).collect();
        assert_eq!(lines.len(), EXCHANGE_LINES + 1, "{shown}");
        assert_eq!(lines[EXCHANGE_LINES - 3], "> 19");
        assert_eq!(lines[EXCHANGE_LINES - 2], "< ? 19");
        let long = lines[EXCHANGE_LINES - 1];
        assert!(
            long.starts_with("> xxx")
                && long.ends_with("... (no newline at the end)")
                && long.len() < LINE_BYTES + 40,
            "{shown}"
        );
        assert!(lines[EXCHANGE_LINES].contains("does it flush"), "{shown}");
    }
}
