//! The one verdict type: what a judge says of a run and what a submission's
//! label in `problem.toml` expects, each verdict with its abbreviation (the
//! label, and every table's cell), its name and its colour; and the cells
//! every command shows a judged run in: the verdict, its time and its memory,
//! as a table's row, a status line or the machine form.

use super::modes::Mode;
use super::terminal::{paint, Colour};
use std::fmt;
use std::time::Duration;

/// The verdict column's width: the longest abbreviation and its heading's.
const WIDTH: usize = 7;

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

    /// The verdict column's heading, as wide as its cells.
    pub fn heading() -> String {
        format!("{:<WIDTH$}", "verdict")
    }

    /// Its cell in a table: the abbreviation, padded to the column, painted
    /// when `colour`.
    pub fn cell(self, colour: bool) -> String {
        paint(&format!("{:<WIDTH$}", self.name()), self.colour(), colour)
    }
}

/// Its abbreviation: `AC`.
impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A judged run as every command shows it: its verdict, CPU and wall time,
/// and peak memory.
#[derive(Clone, Copy, Debug)]
pub struct Cells {
    pub verdict: Verdict,
    pub cpu: Duration,
    pub wall: Duration,
    pub peak_kib: Option<u64>,
}

impl Cells {
    /// The headings over `row`'s cells.
    pub fn headings() -> String {
        format!("{} {:>11} {:>12}", Verdict::heading(), "time", "memory")
    }

    /// A table row's cells: the verdict, the CPU time, the memory and, when
    /// shown, the wall time, last, so that no column after it shifts.
    pub fn row(&self, colour: bool) -> String {
        let wall = self
            .wall_note()
            .map_or(String::new(), |note| format!("  {note}"));
        let (verdict, time) = (self.verdict.cell(colour), self.cpu_cell());
        format!("{verdict} {time:>11} {:>12}{wall}", self.memory())
    }

    /// A status line's: `TLE  >1000 ms (wall 1300 ms)  512 KiB`; `OK` for an
    /// accepted run whose output nothing was compared with.
    pub fn status(&self, compared: bool, colour: bool) -> String {
        let name = match self.verdict {
            Verdict::Accepted if !compared => "OK",
            verdict => verdict.name(),
        };
        let time = match self.wall_note() {
            Some(note) => format!("{} {note}", self.cpu_cell()),
            None => self.cpu_cell(),
        };
        let name = paint(name, self.verdict.colour(), colour);
        format!("{name}  {time}  {}", self.memory())
    }

    /// The machine form: `verdict=AC time_ms=3 wall_ms=4 peak_kib=512`, the
    /// peak `-` when unknown. `time_ms` is CPU time, where a TLE was stopped.
    pub fn fields(&self) -> String {
        let peak = self.peak_kib.map_or("-".to_string(), |kib| kib.to_string());
        format!(
            "verdict={} time_ms={} wall_ms={} peak_kib={peak}",
            self.verdict,
            self.cpu.as_millis(),
            self.wall.as_millis()
        )
    }

    /// CPU time; a TLE's is marked as a lower bound: the run was stopped. At
    /// most 11 characters under problem.toml's maximal time limit.
    fn cpu_cell(&self) -> String {
        let over = match self.verdict {
            Verdict::TimeLimitExceeded => ">",
            _ => "",
        };
        format!("{over}{} ms", self.cpu.as_millis())
    }

    /// The peak memory; `-` when the run's report had none.
    fn memory(&self) -> String {
        self.peak_kib
            .map_or("-".to_string(), |kib| format!("{kib} KiB"))
    }

    /// `(wall 700 ms)` when the wall time differs notably from the CPU time
    /// (a program that sleeps, waits or runs on several cores).
    fn wall_note(&self) -> Option<String> {
        let (cpu, wall) = (self.cpu, self.wall);
        let notable = Duration::from_millis(100).max(cpu.min(wall) / 2);
        (wall > cpu + notable || cpu > wall + notable)
            .then(|| format!("(wall {} ms)", wall.as_millis()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wall_time_is_shown_only_where_it_differs_notably() {
        let ms = Duration::from_millis;
        let cells = |verdict, cpu, wall| Cells {
            verdict,
            cpu: ms(cpu),
            wall: ms(wall),
            peak_kib: Some(512),
        };
        let status = |verdict, cpu, wall| cells(verdict, cpu, wall).status(true, false);
        assert_eq!(status(Verdict::Accepted, 12, 14), "AC  12 ms  512 KiB");
        assert_eq!(
            status(Verdict::TimeLimitExceeded, 3, 1300),
            "TLE  >3 ms (wall 1300 ms)  512 KiB"
        );
        assert_eq!(
            status(Verdict::Accepted, 1600, 800),
            "AC  1600 ms (wall 800 ms)  512 KiB"
        );
        assert_eq!(
            cells(Verdict::WrongAnswer, 1600, 800).row(false),
            "WA          1600 ms      512 KiB  (wall 800 ms)"
        );
    }
}
