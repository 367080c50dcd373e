//! `judge measure <limit ms> <program> [<arg>...]` (hidden): runs the program
//! on this process's stdin, passes its output through, and ends stderr with
//! `measured <wall ns> <peak KiB>`; a failure ends it with why, and exit 1.
//!
//! Why a process of its own: when a program is started, Linux keeps the
//! starting process's memory high-water mark as the program's peak if that is
//! larger. `judge bench` holds every captured output in its heap, so its
//! children would inherit tens of MiB; a fresh `judge` weighs about 2 MiB.

use crate::run::{self, Input, Killed, Limits, Outcome, Program};
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

const REPORT: &str = "measured";
const OUTPUT_CAP: usize = 1 << 30;

pub fn command(args: &[String]) -> ExitCode {
    let parsed = match args {
        [limit, program, rest @ ..] => limit
            .parse::<u64>()
            .ok()
            .map(|ms| (ms, Program::ExecWith(program.into(), rest.to_vec()))),
        _ => None,
    };
    let Some((limit_ms, program)) = parsed else {
        eprintln!("usage: judge measure <limit ms> <program> [<arg>...]");
        return ExitCode::from(2);
    };
    let limits = Limits {
        time: Duration::from_millis(limit_ms),
        memory_kib: None,
        output_cap: OUTPUT_CAP,
    };
    let outcome = match run::run(&program, Input::File(Path::new("/dev/stdin")), &limits) {
        Ok(outcome) => outcome,
        Err(e) => {
            eprintln!("cannot run {}: {e}", program.describe());
            return ExitCode::FAILURE;
        }
    };
    let mut out = io::stdout().lock();
    if out
        .write_all(&outcome.stdout)
        .and_then(|_| out.flush())
        .is_err()
    {
        return ExitCode::FAILURE;
    }
    // The program's stderr, then the verdict on a line of its own.
    let tail = &outcome.stderr_tail;
    eprint!("{tail}");
    if !tail.is_empty() && !tail.ends_with('\n') {
        eprintln!();
    }
    match outcome.killed {
        Some(Killed::Time) => eprintln!("no answer within {limit_ms} ms"),
        Some(_) => eprintln!("more than {OUTPUT_CAP} bytes of output"),
        None if !outcome.exit.success() => eprintln!("{}", failure(&outcome)),
        None => {
            eprintln!(
                "{REPORT} {} {}",
                outcome.wall.as_nanos(),
                outcome.peak_kib.unwrap_or(0)
            );
            return ExitCode::SUCCESS;
        }
    }
    ExitCode::FAILURE
}

/// The wall time and peak memory (0: unknown) from the last line of stderr.
pub fn report(stderr: &str) -> Option<(Duration, Option<u64>)> {
    let line = stderr.lines().last()?.strip_prefix(REPORT)?;
    let mut numbers = line.split_whitespace().map(|n| n.parse::<u64>().ok());
    let wall = Duration::from_nanos(numbers.next()??);
    let peak_kib = numbers.next()?.filter(|&kib| kib > 0);
    Some((wall, peak_kib))
}

/// The exit status and the message that explains it: the line after Rust's
/// `panicked at` (a backtrace may follow it), else the last line of stderr.
pub fn failure(outcome: &Outcome) -> String {
    let lines: Vec<&str> = outcome
        .stderr_tail
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let message = match lines.iter().position(|l| l.contains("panicked at")) {
        Some(at) => lines.get(at + 1),
        None => lines.last(),
    };
    match message {
        Some(message) => format!("{}: {message}", outcome.exit.describe()),
        None => outcome.exit.describe(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_is_the_last_line_only() {
        assert_eq!(
            report("warning\nmeasured 1500000 2048\n"),
            Some((Duration::from_micros(1500), Some(2048)))
        );
        assert_eq!(
            report("measured 7 0"),
            Some((Duration::from_nanos(7), None))
        );
        assert_eq!(report("measured 1 1\nexit status 3"), None);
        assert_eq!(report("measured soon 1"), None);
    }
}
