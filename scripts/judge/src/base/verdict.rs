//! The one verdict type: what a judge says of a run and what a submission's
//! label in `problem.toml` expects, each verdict with its abbreviation (the
//! label, and every table's cell), its name and its colour.

use super::modes::Mode;
use super::terminal::Colour;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    PresentationError,
    TimeLimitExceeded,
    MemoryLimitExceeded,
    OutputLimitExceeded,
    RuntimeError,
    /// The judge's own program (a checker or an interactor) failed: nothing
    /// is known about the solution.
    Failure,
    /// Only ever expected: a submission that does not compile is not run.
    CompileError,
}

impl Mode for Verdict {
    const ALL: &'static [(Verdict, &'static str, &'static str)] = &[
        (Verdict::Accepted, "AC", "accepted"),
        (Verdict::WrongAnswer, "WA", "wrong answer"),
        (Verdict::PresentationError, "PE", "presentation error"),
        (Verdict::TimeLimitExceeded, "TLE", "time limit exceeded"),
        (Verdict::MemoryLimitExceeded, "MLE", "memory limit exceeded"),
        (Verdict::OutputLimitExceeded, "OLE", "output limit exceeded"),
        (Verdict::RuntimeError, "RE", "run-time error"),
        (Verdict::Failure, "FAIL", "the judge's own program failed"),
        (
            Verdict::CompileError,
            "CE",
            "the submission does not compile",
        ),
    ];
}

impl Verdict {
    pub fn colour(self) -> Colour {
        match self {
            Verdict::Accepted => Colour::Green,
            Verdict::PresentationError => Colour::Yellow,
            Verdict::WrongAnswer | Verdict::RuntimeError => Colour::Red,
            _ => Colour::Magenta,
        }
    }
}

/// Its abbreviation: `AC`.
impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}
