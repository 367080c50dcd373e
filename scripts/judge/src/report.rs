//! The table `judge test` prints: one row per case, details under failures,
//! and the closing `N passed, N failed` line.

use crate::interrupt;
use crate::run::Outcome;
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

/// `text` with every control character but newline and tab escaped (`\r`,
/// `\u{1b}`), so a program's stderr cannot move the cursor, recolour the
/// terminal or draw a fake row.
pub fn escape_controls(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && c != '\n' && c != '\t' {
            escaped.extend(c.escape_default());
        } else {
            escaped.push(c);
        }
    }
    escaped
}

/// The time column: CPU time, with the wall time beside it when it differs
/// notably (a program that sleeps, waits or runs on several cores).
pub fn time_cell(cpu: Duration, wall: Duration, verdict: Verdict) -> String {
    let over = if verdict == Verdict::TimeLimitExceeded {
        ">"
    } else {
        ""
    };
    let notable = Duration::from_millis(100).max(cpu.min(wall) / 2);
    if wall > cpu + notable || cpu > wall + notable {
        format!(
            "{over}{} ms (wall {} ms)",
            cpu.as_millis(),
            wall.as_millis()
        )
    } else {
        format!("{over}{} ms", cpu.as_millis())
    }
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

    pub fn row(&mut self, id: &str, case: &str, judgement: &Judgement, outcome: &Outcome) {
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
        let time = time_cell(outcome.cpu, outcome.wall, judgement.verdict);
        let memory = outcome
            .peak_kib
            .map_or("-".to_string(), |kib| format!("{kib} KiB"));
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
        if self
            .slowest
            .as_ref()
            .map_or(true, |(_, t)| outcome.cpu > *t)
        {
            self.slowest = Some((format!("{id}/{case}"), outcome.cpu));
        }
        interrupt::finished(format!("{} passed, {} failed", self.passed, self.failed));
    }

    pub fn failed(&self) -> usize {
        self.failed
    }

    /// Prints the slowest case and, last and alone on its line, the summary.
    pub fn finish(&self) {
        if let Some((case, cpu)) = &self.slowest {
            outln!("slowest: {case} in {} ms", cpu.as_millis());
        }
        outln!("{} passed, {} failed", self.passed, self.failed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_but_lines_kept() {
        assert_eq!(
            escape_controls("AC\r\x1b[32mok\n\tnext\x7f"),
            "AC\\r\\u{1b}[32mok\n\tnext\\u{7f}"
        );
    }

    #[test]
    fn wall_time_is_shown_only_where_it_differs_notably() {
        let ms = Duration::from_millis;
        assert_eq!(time_cell(ms(12), ms(14), Verdict::Accepted), "12 ms");
        assert_eq!(
            time_cell(ms(3), ms(1300), Verdict::TimeLimitExceeded),
            ">3 ms (wall 1300 ms)"
        );
        assert_eq!(
            time_cell(ms(1600), ms(800), Verdict::Accepted),
            "1600 ms (wall 800 ms)"
        );
    }
}
