//! `judge __launch <report fd> <memory KiB|0> <cpu ms|0> <wall ms> <program>
//! [<arg>...]` (hidden): starts the program with this process's stdin, stdout
//! and stderr, enforces the limits on its whole process tree, kills whatever
//! of the tree is left when it ends, and writes its exit, wall time, CPU time
//! and peak memory to the inherited descriptor `<report fd>`.
//!
//! Why a process of its own: when a program is started, Linux keeps the
//! starting process's memory high-water mark as the program's peak if that is
//! larger. A long-lived `judge` (holding expected files, bench inputs) would
//! lend its own peak to every child; a fresh `judge` weighs about 2 MiB, less
//! than any Rust solution.
//!
//! Why nothing escapes it: the launcher is a child subreaper, so every
//! process the program starts that loses its parent (a double fork, a
//! `setsid` daemon) becomes the launcher's child, wherever its session or
//! group. After the program ends every descendant is killed and reaped, and
//! their CPU time and memory count. The launcher dies with the runner
//! (SIGTERM, on which it still cleans up), the program with the launcher.
//! The report goes through a pipe the program never holds, and the launcher
//! is not dumpable, so its `/proc/<pid>/fd` is closed to the program too.

use super::interrupt;
use super::sys::{self, SIGKILL};
use std::env;
use std::fs::{self, File};
use std::io::{self, Write};
use std::os::fd::FromRawFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{self, Command, ExitCode, ExitStatus};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::OnceLock;
use std::thread;
use std::time::{Duration, Instant};

pub const COMMAND: &str = "__launch";

static LAUNCHER: OnceLock<PathBuf> = OnceLock::new();

/// Programs are started by `<launcher> __launch ...`: this very binary when
/// it is the runner. A library user (a problem's own tests, by way of
/// testkit) names the runner's binary first.
pub fn use_launcher(path: PathBuf) {
    let _ = LAUNCHER.set(path);
}

/// The binary that starts programs.
pub fn launcher() -> io::Result<PathBuf> {
    match LAUNCHER.get() {
        Some(path) => Ok(path.clone()),
        None => env::current_exe(),
    }
}

/// How often the launcher looks at the tree's CPU time and memory.
const POLL: Duration = Duration::from_millis(5);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
}

impl Exit {
    pub fn success(self) -> bool {
        self == Exit::Code(0)
    }

    pub fn describe(self) -> String {
        match self {
            Exit::Code(code) => format!("exit status {code}"),
            Exit::Signal(signal) => format!("killed by signal {signal} ({})", signal_name(signal)),
        }
    }

    pub fn of(status: ExitStatus) -> Exit {
        match (status.code(), status.signal()) {
            (Some(code), _) => Exit::Code(code),
            (None, Some(signal)) => Exit::Signal(signal),
            (None, None) => Exit::Code(-1),
        }
    }
}

/// Why the launcher stopped the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fired {
    Time,
    Memory,
    /// Asked to by SIGTERM: the runner wanted it stopped, or went away.
    Stopped,
}

/// What the launcher found out, as written to and read from the report pipe.
#[derive(Debug, PartialEq, Eq)]
pub struct Report {
    pub exit: Exit,
    pub wall: Duration,
    /// User and system time of the whole tree.
    pub cpu: Duration,
    pub peak_kib: u64,
    pub fired: Option<Fired>,
}

/// The launcher's limits; `None` watches nothing.
struct Watch {
    memory_kib: Option<u64>,
    cpu: Option<Duration>,
    wall: Duration,
}

pub fn command(args: &[String]) -> ExitCode {
    let number = |text: &String| text.parse::<u64>().ok();
    let (fd, watch, program, rest) = match args {
        [fd, memory, cpu, wall, program, rest @ ..] => {
            match (
                fd.parse::<i32>().ok(),
                number(memory),
                number(cpu),
                number(wall),
            ) {
                (Some(fd), Some(memory), Some(cpu), Some(wall)) if fd > 2 => (
                    fd,
                    Watch {
                        memory_kib: (memory > 0).then_some(memory),
                        cpu: (cpu > 0).then_some(Duration::from_millis(cpu)),
                        wall: Duration::from_millis(wall),
                    },
                    program,
                    rest,
                ),
                _ => return usage(),
            }
        }
        _ => return usage(),
    };
    // The program must not inherit the report's descriptor.
    if let Err(e) = sys::set_inherited(fd, false) {
        eprintln!("judge {COMMAND}: no report descriptor {fd}: {e}");
        return ExitCode::from(2);
    }
    // SAFETY: the runner opened `fd` for this process alone; nothing else owns it.
    let mut report = unsafe { File::from_raw_fd(fd) };
    interrupt::catch_stop();
    let text = match sys::forbid_inspection()
        .and_then(|()| sys::become_subreaper())
        .and_then(|()| launch(program, rest, &watch))
    {
        Ok(found) => found.to_line(),
        Err(e) => format!("error cannot start {program}: {e}"),
    };
    match report.write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("judge {COMMAND}: cannot write the report: {e}");
            ExitCode::FAILURE
        }
    }
}

fn usage() -> ExitCode {
    eprintln!(
        "usage: judge {COMMAND} <report fd> <memory KiB|0> <cpu ms|0> <wall ms> <program> [<arg>...]"
    );
    ExitCode::from(2)
}

/// CPU time and peak memory of the processes reaped so far.
#[derive(Default)]
struct Reaped {
    cpu_nanos: AtomicU64,
    peak_kib: AtomicU64,
}

impl Reaped {
    fn add(&self, reaped: &sys::Reaped) {
        self.cpu_nanos
            .fetch_add(reaped.cpu.as_nanos() as u64, Ordering::SeqCst);
        self.peak_kib.fetch_max(reaped.peak_kib, Ordering::SeqCst);
    }

    fn cpu(&self) -> Duration {
        Duration::from_nanos(self.cpu_nanos.load(Ordering::SeqCst))
    }
}

fn launch(program: &str, args: &[String], watch: &Watch) -> io::Result<Report> {
    let me = process::id() as i32;
    let start = Instant::now();
    let mut command = Command::new(program);
    command.args(args);
    // SAFETY: prctl is async-signal-safe; it runs between fork and exec.
    unsafe { command.pre_exec(|| sys::die_with_parent(SIGKILL)) };
    let pid = command.spawn()?.id() as i32;
    let reaped = Reaped::default();
    let (done_tx, done_rx) = mpsc::channel::<()>();
    let (status, wall, fired, watched_kib) = thread::scope(|scope| {
        let reaped = &reaped;
        let watchdog = scope.spawn(move || watch_tree(me, watch, start, &done_rx, reaped));
        // Orphans adopted meanwhile are reaped here too, with their usage.
        let status = loop {
            match sys::reap(-1, true) {
                Ok(Some(child)) => {
                    reaped.add(&child);
                    if child.pid == pid {
                        break Ok(child.status);
                    }
                }
                Ok(None) => break Err(io::Error::new(io::ErrorKind::Other, "program lost")),
                Err(e) => break Err(e),
            }
        };
        let wall = start.elapsed();
        let _ = done_tx.send(());
        let (fired, watched_kib) = watchdog.join().unwrap_or((None, 0));
        (status, wall, fired, watched_kib)
    });
    sweep(me, &reaped);
    Ok(Report {
        exit: Exit::of(ExitStatus::from_raw(status?)),
        wall,
        cpu: reaped.cpu(),
        peak_kib: reaped.peak_kib.load(Ordering::SeqCst).max(watched_kib),
        fired,
    })
}

/// Stops the tree when a limit fires or SIGTERM comes; until the program ends.
/// Returns what fired and the largest resident set of the whole tree seen:
/// the tree's processes together, as a judge's control group counts them.
fn watch_tree(
    me: i32,
    watch: &Watch,
    start: Instant,
    done: &mpsc::Receiver<()>,
    reaped: &Reaped,
) -> (Option<Fired>, u64) {
    let sample = watch.memory_kib.is_some() || watch.cpu.is_some();
    let tick = sys::clock_tick();
    let page_kib = sys::page_kib();
    let mut peak_kib = 0;
    loop {
        let fired = if interrupt::stop_requested() {
            Some(Fired::Stopped)
        } else if start.elapsed() > watch.wall {
            Some(Fired::Time)
        } else if sample {
            // Reaped first: a process reaped meanwhile is then counted at most once.
            let mut cpu = reaped.cpu();
            let mut resident = 0;
            for pid in descendants(me) {
                if let Some(stat) = Stat::of(pid) {
                    cpu += tick * stat.ticks as u32;
                    resident += stat.pages * page_kib;
                }
            }
            peak_kib = peak_kib.max(resident);
            if watch.memory_kib.is_some_and(|limit| resident > limit) {
                Some(Fired::Memory)
            } else if watch.cpu.is_some_and(|limit| cpu > limit) {
                Some(Fired::Time)
            } else {
                None
            }
        } else {
            None
        };
        if fired.is_some() {
            for pid in descendants(me) {
                sys::signal(pid, SIGKILL);
            }
            return (fired, peak_kib);
        }
        let left = watch.wall.saturating_sub(start.elapsed());
        if done.recv_timeout(POLL.min(left)) != Err(mpsc::RecvTimeoutError::Timeout) {
            return (None, peak_kib);
        }
    }
}

/// Kills and reaps every process left below the launcher, over and over
/// until none is left: a dying process may still have forked.
fn sweep(me: i32, reaped: &Reaped) {
    loop {
        let tree = descendants(me);
        if tree.is_empty() {
            return;
        }
        for &pid in &tree {
            sys::signal(pid, SIGKILL);
        }
        let mut any = false;
        while let Ok(Some(child)) = sys::reap(-1, false) {
            reaped.add(&child);
            any = true;
        }
        if !any {
            thread::sleep(Duration::from_millis(1));
        }
    }
}

/// Every descendant of `pid` (zombies included), from
/// `/proc/<pid>/task/*/children`.
fn descendants(pid: i32) -> Vec<i32> {
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
    tree.remove(0);
    tree
}

/// The figures of a live process from `/proc/<pid>/stat`.
struct Stat {
    /// User and system time, its own and its reaped children's, in clock ticks.
    ticks: u64,
    /// Resident set size in pages.
    pages: u64,
}

impl Stat {
    fn of(pid: i32) -> Option<Stat> {
        let text = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // The command name may hold spaces and parentheses: fields follow the last ')'.
        let fields: Vec<&str> = text
            .get(text.rfind(')')? + 1..)?
            .split_whitespace()
            .collect();
        // Field 3 of proc(5) is fields[0]: utime, stime, cutime, cstime are
        // fields 14 to 17, rss field 24.
        let number = |field: usize| fields.get(field - 3)?.parse::<u64>().ok();
        Some(Stat {
            ticks: number(14)? + number(15)? + number(16)? + number(17)?,
            pages: number(24)?,
        })
    }
}

impl Report {
    fn to_line(&self) -> String {
        let (kind, value) = match self.exit {
            Exit::Code(code) => ("code", code),
            Exit::Signal(signal) => ("signal", signal),
        };
        let fired = match self.fired {
            None => "-",
            Some(Fired::Time) => "time",
            Some(Fired::Memory) => "memory",
            Some(Fired::Stopped) => "stopped",
        };
        format!(
            "{kind} {value} {} {} {} {fired}\n",
            self.wall.as_nanos(),
            self.cpu.as_nanos(),
            self.peak_kib,
        )
    }

    /// The launcher's report; `Err` carries why it could not start the program.
    pub fn parse(text: &str) -> Result<Report, String> {
        if let Some(message) = text.strip_prefix("error ") {
            return Err(message.trim_end().to_string());
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        let parsed = match words.as_slice() {
            [kind, value, wall, cpu, peak, fired] => (|| {
                let value = value.parse().ok()?;
                Some(Report {
                    exit: match *kind {
                        "code" => Exit::Code(value),
                        "signal" => Exit::Signal(value),
                        _ => return None,
                    },
                    wall: Duration::from_nanos(wall.parse().ok()?),
                    cpu: Duration::from_nanos(cpu.parse().ok()?),
                    peak_kib: peak.parse().ok()?,
                    fired: match *fired {
                        "-" => None,
                        "time" => Some(Fired::Time),
                        "memory" => Some(Fired::Memory),
                        "stopped" => Some(Fired::Stopped),
                        _ => return None,
                    },
                })
            })(),
            _ => None,
        };
        parsed.ok_or_else(|| format!("unreadable launcher report {text:?}"))
    }
}

pub fn signal_name(signal: i32) -> &'static str {
    match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        _ => "unknown signal",
    }
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
                cpu: Duration::from_nanos(900_000),
                peak_kib: 2048,
                fired: None,
            },
            Report {
                exit: Exit::Signal(9),
                wall: Duration::from_nanos(7),
                cpu: Duration::ZERO,
                peak_kib: 0,
                fired: Some(Fired::Memory),
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
        assert!(Report::parse("code x 1 2 3 -").is_err());
        assert!(Report::parse("exit 0 1 2 3 -").is_err());
        assert!(Report::parse("code 0 1 2 3 soon").is_err());
    }

    #[test]
    fn stat_reads_this_process() {
        let stat = Stat::of(process::id() as i32).unwrap();
        assert!(stat.pages > 0);
    }
}
