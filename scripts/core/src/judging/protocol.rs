//! How the problem's helpers are called and how they answer, in one place
//! for checkers, interactors and input validators: the files a call is
//! given (absolute, for a helper may run elsewhere), its arguments by
//! `problem.toml`'s protocol, the Kattis feedback folder, what its exit
//! says and what it wrote to say why.

use super::verdict::past_helper_limit;
use crate::base::files::{Scratch, Text};
use crate::base::modes::{Protocol, Said};
use crate::base::verdict::Verdict;
use crate::base::written::read_written;
use crate::problem::config::HelperLimits;
use crate::process::launch::Exit;
use crate::process::run::Outcome;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The most a Kattis helper's `judgemessage.txt` and `score.txt` hold:
/// more is a breach, as is anything but a regular file.
const MESSAGE_BYTES: u64 = 64 << 10;
const SCORE_BYTES: u64 = 1 << 10;

/// The files of one call of a checker or an interactor.
pub struct Files<'a> {
    pub input: &'a Path,
    /// Testlib's `<output>`: the output a checker reads, or the file an
    /// interactor writes for the checker.
    pub output: &'a Path,
    /// The case's answer; a Kattis call without one is given an empty file.
    pub answer: Option<&'a Path>,
    /// Kattis's `<feedback_dir>`, made when it is not there.
    pub feedback: &'a Path,
}

/// The arguments of a call by `protocol`, then `flags` (`validator_flags`):
/// testlib `<input> <output> [<answer>]`, Kattis `<input> <answer>
/// <feedback_dir>/` with the output on stdin.
pub fn arguments(protocol: Protocol, files: &Files, flags: &[String]) -> io::Result<Vec<String>> {
    let shown = |path: &Path| path.display().to_string();
    let mut args: Vec<String> = match protocol {
        Protocol::Testlib => [Some(files.input), Some(files.output), files.answer]
            .into_iter()
            .flatten()
            .map(shown)
            .collect(),
        Protocol::Kattis => {
            if !files.feedback.is_dir() {
                fs::create_dir(files.feedback)?;
            }
            let answer = files.answer.unwrap_or(Path::new("/dev/null"));
            vec![
                shown(files.input),
                shown(answer),
                format!("{}/", files.feedback.display()),
            ]
        }
    };
    args.extend(flags.iter().cloned());
    Ok(args)
}

/// The absolute path of a file holding `text`: its own file, or a new file
/// `name` in the scratch folder holding the bytes.
pub fn placed(scratch: &Scratch, name: &str, text: Text) -> io::Result<PathBuf> {
    let placed = match text {
        Text::File(path) => path.canonicalize(),
        Text::Bytes(bytes) => scratch.file(name, bytes),
    };
    placed.map_err(|e| io::Error::new(e.kind(), format!("cannot place the {name}: {e}")))
}

/// The verdict a checker's or an interactor's exit gives by its protocol,
/// with its score: a Kattis AC's `score.txt` (in `feedback`), testlib's
/// points (`quitp`: exit 7 and `points <x>` on stderr, an AC scoring `x`,
/// as Polygon and Codeforces read it). `None` for no verdict, a points
/// exit with no points line included.
pub fn verdict(
    protocol: Protocol,
    outcome: &Outcome,
    feedback: &Feedback,
) -> Option<(Verdict, Option<f64>)> {
    if outcome.killed.is_some() {
        return None;
    }
    let code = match outcome.exit {
        Exit::Code(code) => code,
        Exit::Signal(_) => return None,
    };
    Some(match protocol.said(code)? {
        Said::Accepted => (Verdict::Accepted, feedback.score()),
        Said::Points => (Verdict::Accepted, Some(points(&outcome.stderr_tail)?)),
        Said::Rejected => (Verdict::WrongAnswer, None),
        Said::PresentationError => (Verdict::PresentationError, None),
    })
}

/// The score on testlib's `points <x> [message]` line, the last one.
fn points(stderr: &str) -> Option<f64> {
    stderr
        .lines()
        .rev()
        .find_map(|line| line.trim_start().strip_prefix("points "))
        .and_then(|rest| rest.split_whitespace().next()?.parse::<f64>().ok())
        .filter(|score| score.is_finite())
}

/// Whether an input validator's run says its input is valid; else why not,
/// worded after the validator's name. A testlib validator's every exit
/// code but 0 says "invalid"; a Kattis one says 42 or 43, or failed.
pub fn validity(
    protocol: Protocol,
    outcome: &Outcome,
    helper: &HelperLimits,
    output_cap: usize,
) -> Result<(), String> {
    if let Some(past) = past_helper_limit(outcome, helper, output_cap) {
        return Err(format!("failed: {past}"));
    }
    let said = match outcome.exit {
        Exit::Code(code) => protocol.said(code),
        Exit::Signal(_) => None,
    };
    match said {
        Some(Said::Accepted) => Ok(()),
        Some(_) => Err("says it is invalid".into()),
        None => match (protocol, outcome.exit) {
            (Protocol::Testlib, Exit::Code(_)) => Err("says it is invalid".into()),
            (Protocol::Kattis, exit) => {
                Err(format!("failed ({}), neither 42 nor 43", exit.describe()))
            }
            (_, exit) => Err(format!("failed ({})", exit.describe())),
        },
    }
}

/// What a Kattis helper left in its feedback folder, read without
/// following anything it put there (`base::written`).
#[derive(Debug, Default)]
pub struct Feedback {
    message: String,
    score: String,
}

impl Feedback {
    /// The folder's `judgemessage.txt` and `score.txt`, each empty when
    /// missing (all of it, with no folder); `Err` names a file that is a
    /// symlink, not a regular file, or over its bound.
    pub fn read(folder: Option<&Path>) -> Result<Feedback, String> {
        let dir = match folder {
            Some(dir) => dir,
            None => return Ok(Feedback::default()),
        };
        let text = |name: &str, limit: u64| -> Result<String, String> {
            let bytes = read_written(dir, name, limit)?.unwrap_or_default();
            Ok(String::from_utf8_lossy(&bytes).into_owned())
        };
        Ok(Feedback {
            message: text("judgemessage.txt", MESSAGE_BYTES)?,
            score: text("score.txt", SCORE_BYTES)?,
        })
    }

    /// The score a Kattis scoring validator wrote in `score.txt`, if any.
    fn score(&self) -> Option<f64> {
        self.score
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|score| score.is_finite())
    }
}

/// What a helper wrote to say why: the non-empty lines of the feedback
/// folder's `judgemessage.txt`, when there is one, then of its stderr.
pub fn message(outcome: &Outcome, feedback: &Feedback) -> Vec<String> {
    feedback
        .message
        .lines()
        .chain(outcome.stderr_tail.lines())
        .filter(|line| !line.trim().is_empty())
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn testlib_points_are_read_from_the_last_points_line() {
        assert_eq!(points("points 10.0 partial\n"), Some(10.0));
        assert_eq!(points("reading\npoints 2.5\n"), Some(2.5));
        assert_eq!(points("points 1\npoints 3 later\n"), Some(3.0));
        for none in [
            "",
            "wrong answer 1\n",
            "points\n",
            "points ten\n",
            "points nan\n",
        ] {
            assert_eq!(points(none), None, "{none:?}");
        }
    }
}
