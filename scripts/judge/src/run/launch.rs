//! `judge __launch <report> <memory KiB|0> <program> [<arg>...]` (hidden):
//! starts the program with this process's stdin, stdout and stderr, waits
//! for it, and writes its exit, wall time and peak memory to `<report>`.
//!
//! Why a process of its own: when a program is started, Linux keeps the
//! starting process's memory high-water mark as the program's peak if that is
//! larger. A long-lived `judge` (holding captured outputs, expected files,
//! bench inputs) would lend its own peak to every child; a fresh `judge`
//! weighs about 2 MiB, less than any Rust solution.

use super::{kill, Exit, POLL, SIGKILL};
use std::fs;
use std::io;
use std::os::raw::c_long;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, ExitCode, ExitStatus};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

pub const COMMAND: &str = "__launch";

/// What the launcher found out, as written to and read from the report file.
#[derive(Debug, PartialEq, Eq)]
pub struct Report {
    pub exit: Exit,
    pub wall: Duration,
    pub peak_kib: Option<u64>,
    pub over_memory: bool,
}

pub fn command(args: &[String]) -> ExitCode {
    let (report, limit_kib, program, rest) = match args {
        [report, limit, program, rest @ ..] => match limit.parse::<u64>() {
            Ok(limit_kib) => (report, limit_kib, program, rest),
            Err(_) => return usage(),
        },
        _ => return usage(),
    };
    let text = match launch(program, rest, limit_kib) {
        Ok(found) => found.to_line(),
        Err(e) => format!("error cannot start {program}: {e}"),
    };
    match fs::write(report, text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("judge {COMMAND}: cannot write {report}: {e}");
            ExitCode::FAILURE
        }
    }
}

fn usage() -> ExitCode {
    eprintln!("usage: judge {COMMAND} <report> <memory KiB|0> <program> [<arg>...]");
    ExitCode::from(2)
}

/// Runs the program; a `limit_kib` of 0 watches no memory.
fn launch(program: &str, args: &[String], limit_kib: u64) -> io::Result<Report> {
    let start = Instant::now();
    let child = Command::new(program).args(args).spawn()?;
    let pid = child.id() as i32;
    let (done_tx, done_rx) = mpsc::channel::<()>();
    let (status, peak_kib, wall, over_limit) = thread::scope(|scope| {
        // Some(resident KiB) once the program was killed for passing the limit.
        let watchdog = scope.spawn(move || loop {
            if limit_kib == 0 {
                return None;
            }
            // A shell wrapper's children must not escape the limit.
            let tree = process_tree(pid);
            let largest = tree.iter().filter_map(|&p| resident_kib(p)).max();
            if let Some(kib) = largest.filter(|&kib| kib > limit_kib) {
                for p in tree {
                    // SAFETY: kill has no memory effects; the child is not yet
                    // reaped, so its pid (and its children's) is still its own.
                    unsafe { kill(p, SIGKILL) };
                }
                return Some(kib);
            }
            if done_rx.recv_timeout(POLL) != Err(mpsc::RecvTimeoutError::Timeout) {
                return None;
            }
        });
        let waited = wait_with_usage(pid);
        let wall = start.elapsed();
        let _ = done_tx.send(());
        let over_limit = watchdog.join().unwrap_or(None);
        waited.map(|(status, peak_kib)| (status, peak_kib, wall, over_limit))
    })?;
    Ok(Report {
        exit: match (status.code(), status.signal()) {
            (Some(code), _) => Exit::Code(code),
            (None, Some(signal)) => Exit::Signal(signal),
            (None, None) => Exit::Code(-1),
        },
        wall,
        // A killed grandchild is never waited for: its size is only known from /proc.
        peak_kib: peak_kib.max(over_limit),
        over_memory: over_limit.is_some(),
    })
}

impl Report {
    fn to_line(&self) -> String {
        let (kind, value) = match self.exit {
            Exit::Code(code) => ("code", code),
            Exit::Signal(signal) => ("signal", signal),
        };
        format!(
            "{kind} {value} {} {} {}\n",
            self.wall.as_nanos(),
            self.peak_kib.map_or("-".to_string(), |kib| kib.to_string()),
            u8::from(self.over_memory)
        )
    }

    /// The launcher's report; `Err` carries why it could not start the program.
    pub fn parse(text: &str) -> Result<Report, String> {
        if let Some(message) = text.strip_prefix("error ") {
            return Err(message.trim_end().to_string());
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        let parsed = match words.as_slice() {
            [kind, value, wall, peak, over] => (|| {
                let value = value.parse().ok()?;
                Some(Report {
                    exit: match *kind {
                        "code" => Exit::Code(value),
                        "signal" => Exit::Signal(value),
                        _ => return None,
                    },
                    wall: Duration::from_nanos(wall.parse().ok()?),
                    peak_kib: peak.parse().ok(),
                    over_memory: *over == "1",
                })
            })(),
            _ => None,
        };
        parsed.ok_or_else(|| format!("unreadable launcher report {text:?}"))
    }
}

/// `pid` and all its descendants, from `/proc/<pid>/task/*/children` (Linux
/// only; elsewhere just `pid`).
fn process_tree(pid: i32) -> Vec<i32> {
    let mut tree = vec![pid];
    let mut next = 0;
    while next < tree.len() {
        let parent = tree[next];
        next += 1;
        let tasks = match fs::read_dir(format!("/proc/{parent}/task")) {
            Ok(tasks) => tasks,
            Err(_) => continue,
        };
        for task in tasks.flatten() {
            let children = fs::read_to_string(task.path().join("children")).unwrap_or_default();
            tree.extend(
                children
                    .split_whitespace()
                    .filter_map(|c| c.parse::<i32>().ok()),
            );
        }
    }
    tree
}

/// The current resident set of `pid` from `/proc`, in KiB (Linux only).
fn resident_kib(pid: i32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

// The kernel's own accounting of a finished child, without a crate. `struct
// rusage` is two `struct timeval`s (two longs each) and fourteen longs, the
// first of which is the peak resident set size.
#[repr(C)]
struct Rusage {
    words: [c_long; 18],
}

const MAX_RESIDENT_WORD: usize = 4;

extern "C" {
    fn wait4(pid: i32, status: *mut i32, options: i32, usage: *mut Rusage) -> i32;
}

/// Waits for `pid` and returns its status with its peak resident memory in
/// KiB (`None` where the platform gives no figure).
pub fn wait_with_usage(pid: i32) -> io::Result<(ExitStatus, Option<u64>)> {
    let mut status = 0i32;
    let mut usage = Rusage { words: [0; 18] };
    loop {
        // SAFETY: both pointers are to live, properly laid-out locals.
        let result = unsafe { wait4(pid, &mut status, 0, &mut usage) };
        if result == pid {
            break;
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
    let max_resident = usage.words[MAX_RESIDENT_WORD] as u64;
    let peak_kib = if cfg!(target_os = "linux") {
        Some(max_resident)
    } else if cfg!(target_os = "macos") {
        Some(max_resident / 1024)
    } else {
        None
    };
    Ok((ExitStatus::from_raw(status), peak_kib))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_round_trips() {
        for report in [
            Report {
                exit: Exit::Code(3),
                wall: Duration::from_nanos(1_500_000),
                peak_kib: Some(2048),
                over_memory: false,
            },
            Report {
                exit: Exit::Signal(9),
                wall: Duration::from_nanos(7),
                peak_kib: None,
                over_memory: true,
            },
        ] {
            assert_eq!(Report::parse(&report.to_line()), Ok(report));
        }
    }

    #[test]
    fn errors_and_garbage_are_not_reports() {
        assert_eq!(
            Report::parse("error cannot start x: No such file\n"),
            Err("cannot start x: No such file".to_string())
        );
        assert!(Report::parse("").is_err());
        assert!(Report::parse("code x 1 2 0").is_err());
        assert!(Report::parse("exit 0 1 2 0").is_err());
    }
}
