//! The table `judge test` prints: one row per case, details under failures,
//! and the closing `N passed, N failed` line.

use crate::verdict::{Judgement, Verdict};
use std::env;
use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::process;
use std::time::Duration;

/// Writes one line to stdout; a reader that went away ends the program as
/// SIGPIPE would have.
pub fn print_line(line: fmt::Arguments) {
    let mut stdout = io::stdout().lock();
    if writeln!(stdout, "{line}").is_err() {
        process::exit(141);
    }
}

/// Colours only for a person at a terminal who has not asked for none.
pub fn use_colour() -> bool {
    io::stdout().is_terminal() && env::var_os("NO_COLOR").is_none()
}

pub fn paint(text: &str, verdict: Verdict, colour: bool) -> String {
    if !colour {
        return text.to_string();
    }
    let code = match verdict {
        Verdict::Accepted => "32",
        Verdict::PresentationError => "33",
        Verdict::WrongAnswer | Verdict::RuntimeError => "31",
        _ => "35",
    };
    format!("\x1b[{code}m{text}\x1b[0m")
}

pub struct Report {
    colour: bool,
    passed: usize,
    failed: usize,
    slowest: Option<(String, Duration)>,
}

impl Report {
    pub fn new() -> Report {
        Report {
            colour: use_colour(),
            passed: 0,
            failed: 0,
            slowest: None,
        }
    }

    pub fn row(
        &mut self,
        id: &str,
        case: &str,
        judgement: &Judgement,
        wall: Duration,
        peak_kib: Option<u64>,
    ) {
        if self.passed + self.failed == 0 {
            outln!(
                "{:<10} {:<28} {:<7} {:>9} {:>12}",
                "problem",
                "case",
                "verdict",
                "time",
                "memory"
            );
        }
        let time = if judgement.verdict == Verdict::TimeLimitExceeded {
            format!(">{} ms", wall.as_millis())
        } else {
            format!("{} ms", wall.as_millis())
        };
        let memory = peak_kib.map_or("-".to_string(), |kib| format!("{kib} KiB"));
        let verdict = paint(
            &format!("{:<7}", judgement.verdict.to_string()),
            judgement.verdict,
            self.colour,
        );
        outln!("{id:<10} {case:<28} {verdict} {time:>9} {memory:>12}");
        for line in judgement.detail.lines() {
            outln!("    {line}");
        }
        if judgement.verdict == Verdict::Accepted {
            self.passed += 1;
        } else {
            self.failed += 1;
        }
        if self.slowest.as_ref().map_or(true, |(_, t)| wall > *t) {
            self.slowest = Some((format!("{id}/{case}"), wall));
        }
    }

    pub fn failed(&self) -> usize {
        self.failed
    }

    /// Prints the slowest case and, last and alone on its line, the summary.
    pub fn finish(&self) {
        if let Some((case, wall)) = &self.slowest {
            outln!("slowest: {case} in {} ms", wall.as_millis());
        }
        outln!("{} passed, {} failed", self.passed, self.failed);
    }
}
