//! Runs one program on one input the way a judge does: CPU time and memory
//! limits on the program's whole process tree, a wall-clock cap, figures from
//! the kernel, and output counted (and captured up to a cap) so an endless
//! stream cannot exhaust the runner. Linux only (/proc, prctl, wait4).
//!
//! The program is started by a fresh `judge __launch` (this very binary),
//! which enforces the limits, kills whatever the program leaves behind and
//! reports over a pipe; see `launch`. This side feeds stdin, drains stdout and
//! stderr with a deadline, and reads the report.

use super::launch::{self, Exit, Fired, Report};
use super::{interrupt, sys};
use crate::base::modes::Clock;
use crate::base::terminal::escape_controls;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How much of stderr is kept for the report.
const STDERR_TAIL_BYTES: usize = 4096;
/// How many lines of stderr a failure shows.
const STDERR_LINES: usize = 5;
/// How long stdout and stderr are still read after the launcher ended: only
/// a process that escaped it could hold them open longer.
const DRAIN_GRACE: Duration = Duration::from_millis(100);
/// Past the wall cap by this much, the launcher itself is killed.
const LAUNCHER_SLACK: Duration = Duration::from_secs(1);
/// A launcher report is one short line; this much of the pipe's end is kept.
const REPORT_BYTES: usize = 4096;

/// What to run: an executable with its arguments, or a shell command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Program {
    /// Started without a shell, so that timing it does not time a shell too.
    Exec(PathBuf, Vec<String>),
    /// Run by `sh -c`.
    Shell(String),
}

impl Program {
    pub fn exec(path: impl Into<PathBuf>) -> Program {
        Program::Exec(path.into(), Vec::new())
    }

    /// The program with `args` after its own arguments.
    pub fn with_args(&self, args: &[String]) -> Program {
        match self {
            Program::Exec(path, first) => Program::Exec(path.clone(), [&first[..], args].concat()),
            Program::Shell(line) => Program::Shell(
                [line.clone()]
                    .iter()
                    .chain(args)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Program::Exec(path, args) if args.is_empty() => path.display().to_string(),
            Program::Exec(path, args) => format!("{} {}", path.display(), args.join(" ")),
            Program::Shell(line) => line.clone(),
        }
    }

    /// The command line the launcher starts.
    fn argv(&self) -> Vec<OsString> {
        match self {
            Program::Exec(path, args) => std::iter::once(path.into())
                .chain(args.iter().map(OsString::from))
                .collect(),
            Program::Shell(line) => vec!["sh".into(), "-c".into(), line.into()],
        }
    }
}

/// Where the program's stdin comes from.
pub enum Input<'a> {
    Bytes(&'a [u8]),
    /// A file's bytes.
    File(&'a Path),
    /// A descriptor the caller made: an open file, or the read end of a pipe
    /// from an interactor. The runner keeps no copy of it.
    Fd(OwnedFd),
}

/// Where the program's stdout goes.
pub enum Output {
    /// Into `Outcome::stdout`, up to the output cap.
    Capture,
    /// Counted into `Outcome::stdout_bytes` and dropped.
    Count,
    /// A descriptor the caller made (e.g. a pipe to an interactor); the
    /// runner keeps no copy of it, so the reader sees the end of the output.
    Fd(OwnedFd),
}

#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub time: Duration,
    pub clock: Clock,
    /// Killed as soon as a process's resident memory passes this; `None`
    /// watches nothing.
    pub memory_kib: Option<u64>,
    /// Stdout beyond this many bytes is an output limit exceeded: the run is killed.
    pub output_cap: usize,
}

impl Limits {
    /// The wall time at which the run is stopped whatever the clock: with CPU
    /// time, `max(2 x limit, limit + 1 s)`, so a sleeping program still ends.
    pub fn wall_cap(&self) -> Duration {
        match self.clock {
            Clock::Cpu => (self.time * 2).max(self.time + Duration::from_secs(1)),
            Clock::Wall => self.time,
        }
    }
}

/// Why the program was stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Killed {
    Time,
    Memory,
    Output,
}

#[derive(Debug)]
pub struct Outcome {
    /// Empty unless the output was captured.
    pub stdout: Vec<u8>,
    /// Bytes written to stdout (0 when it went to a caller's descriptor).
    pub stdout_bytes: u64,
    /// The end of stderr, control characters escaped.
    pub stderr_tail: String,
    pub exit: Exit,
    pub wall: Duration,
    /// User and system time of the whole process tree.
    pub cpu: Duration,
    /// Peak resident memory of the largest process of the tree; `None` when
    /// the launcher was lost and with it the figures.
    pub peak_kib: Option<u64>,
    pub killed: Option<Killed>,
}

impl Outcome {
    /// The last few lines of stderr, to append to what a failure says.
    pub fn stderr_end(&self) -> String {
        let lines: Vec<&str> = self.stderr_tail.lines().collect();
        if lines.is_empty() {
            return String::new();
        }
        let shown = &lines[lines.len().saturating_sub(STDERR_LINES)..];
        format!("; stderr ends with:\n  {}", shown.join("\n  "))
    }
}

/// Runs `program` with stdin from `input` and stdout to `output`.
pub fn run(
    program: &Program,
    input: Input,
    output: Output,
    limits: &Limits,
) -> io::Result<Outcome> {
    let (report_read, report_write) = sys::pipe()?;
    let report_fd = report_write.as_raw_fd();
    let cpu_ms = match limits.clock {
        Clock::Cpu => limits.time.as_millis().max(1),
        Clock::Wall => 0,
    };
    let mut command = Command::new(launch::launcher()?);
    command
        .arg(launch::COMMAND)
        .arg(report_fd.to_string())
        .arg(limits.memory_kib.unwrap_or(0).to_string())
        .arg(cpu_ms.to_string())
        .arg(limits.wall_cap().as_millis().max(1).to_string())
        .args(program.argv())
        .stderr(Stdio::piped())
        // Its own group: Ctrl-C at a terminal reaches the runner alone, which
        // then stops the launchers in order.
        .process_group(0);
    // SAFETY: prctl and fcntl are async-signal-safe; this runs between fork
    // and exec. The launcher gets SIGTERM when the thread that started it
    // ends, and still kills its program's tree then.
    unsafe {
        command.pre_exec(move || {
            sys::die_with_parent(sys::SIGTERM)?;
            sys::set_inherited(report_fd, true)
        });
    }
    let keep_stdout = matches!(output, Output::Capture);
    match output {
        Output::Capture | Output::Count => command.stdout(Stdio::piped()),
        Output::Fd(fd) => command.stdout(fd),
    };
    let bytes = match input {
        Input::File(path) => {
            command.stdin(File::open(path)?);
            None
        }
        Input::Bytes(bytes) => {
            command.stdin(Stdio::piped());
            Some(bytes)
        }
        Input::Fd(fd) => {
            command.stdin(fd);
            None
        }
    };
    let start = Instant::now();
    let spawned = interrupt::launch(|| command.spawn());
    // The caller's descriptors and the report's write end live on only in the launcher.
    drop(command);
    drop(report_write);
    let mut launcher = spawned?;
    let pid = launcher.id() as i32;
    let pipes = Pipes {
        stdin: launcher.stdin.take().map(OwnedFd::from).map(File::from),
        stdout: launcher.stdout.take().map(OwnedFd::from).map(File::from),
        stderr: launcher.stderr.take().map(OwnedFd::from).map(File::from),
        report: Some(File::from(report_read)),
    };
    let drained = pipes.drain(bytes.unwrap_or(&[]), keep_stdout, limits, pid, start);
    if drained.is_err() {
        // Nothing watches the launcher any more: it must not outlive this call.
        sys::signal(-pid, sys::SIGKILL);
    }
    let status = launcher.wait();
    interrupt::reaped(pid);
    let status = status?;
    let drained = drained?;
    // Whatever a program managed to write into the pipe (as root it can reach
    // the launcher's descriptors) came before the launcher's own report: the
    // launcher writes only once its whole tree is dead. So the report is the
    // last line, and only from a launcher that ended normally.
    let text = String::from_utf8_lossy(&drained.report);
    if status.success() && text.trim().is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::Other,
            format!(
                "{} ended with no report: it is not the runner's launcher",
                launch::launcher()?.display()
            ),
        ));
    }
    let last_line = text.lines().last().filter(|_| status.success());
    let (exit, wall, cpu, peak_kib, fired) = if let Some(line) = last_line {
        let report = Report::parse(line).map_err(|e| io::Error::new(io::ErrorKind::Other, e))?;
        let peak = Some(report.peak_kib);
        (report.exit, report.wall, report.cpu, peak, report.fired)
    } else {
        // No report: the launcher was killed, by the runner's last resort or
        // by the program; its figures are lost. The program died with it;
        // what it started is killed with the launcher's process group (only a
        // process that also left the group escapes then).
        sys::signal(-pid, sys::SIGKILL);
        let fired = drained.launcher_killed.then_some(Fired::Time);
        let exit = Exit::of(status);
        (exit, start.elapsed(), Duration::ZERO, None, fired)
    };
    let killed = match fired {
        Some(Fired::Time) => Some(Killed::Time),
        Some(Fired::Memory) => Some(Killed::Memory),
        Some(Fired::Stopped) if drained.over_cap => Some(Killed::Output),
        Some(Fired::Stopped) => {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "the launcher was stopped from outside",
            ))
        }
        None if drained.over_cap => Some(Killed::Output),
        None => None,
    };
    Ok(Outcome {
        stdout: drained.stdout,
        stdout_bytes: drained.stdout_bytes,
        stderr_tail: escape_controls(&String::from_utf8_lossy(&drained.stderr_tail)),
        exit,
        wall,
        cpu,
        peak_kib,
        killed,
    })
}

/// The runner's ends of the launcher's pipes; each is `None` once closed.
struct Pipes {
    stdin: Option<File>,
    stdout: Option<File>,
    stderr: Option<File>,
    report: Option<File>,
}

/// What came out of the pipes.
struct Drained {
    stdout: Vec<u8>,
    stdout_bytes: u64,
    stderr_tail: Vec<u8>,
    report: Vec<u8>,
    /// Stdout passed the cap and the launcher was asked to stop the program.
    over_cap: bool,
    /// The launcher outlived its wall cap and was killed.
    launcher_killed: bool,
}

impl Pipes {
    /// Feeds stdin and reads everything else in one loop, so that nothing
    /// waits on a pipe forever: it ends when every pipe is closed, or a short
    /// grace after the launcher's end even if an escaped process holds one.
    fn drain(
        mut self,
        bytes: &[u8],
        keep_stdout: bool,
        limits: &Limits,
        launcher: i32,
        start: Instant,
    ) -> io::Result<Drained> {
        if let Some(stdin) = &self.stdin {
            sys::set_nonblocking(stdin.as_raw_fd())?;
        }
        if bytes.is_empty() {
            self.stdin = None;
        }
        let mut drained = Drained {
            stdout: Vec::new(),
            stdout_bytes: 0,
            stderr_tail: Vec::new(),
            report: Vec::new(),
            over_cap: false,
            launcher_killed: false,
        };
        let last_resort = start + limits.wall_cap() + LAUNCHER_SLACK;
        let mut written = 0;
        let mut deadline = None;
        let mut buffer = vec![0u8; 64 * 1024];
        loop {
            let now = Instant::now();
            if self.report.is_none() && deadline.is_none() {
                deadline = Some(now + DRAIN_GRACE);
            }
            if deadline.is_none() && now >= last_resort {
                sys::signal(-launcher, sys::SIGKILL);
                drained.launcher_killed = true;
                deadline = Some(now + DRAIN_GRACE);
            }
            let reading = [&self.stdout, &self.stderr, &self.report];
            if reading.iter().all(|pipe| pipe.is_none()) || deadline.is_some_and(|d| now >= d) {
                return Ok(drained);
            }
            let mut fds = Vec::new();
            let mut add = |pipe: &Option<File>, events| {
                if let Some(file) = pipe {
                    fds.push(sys::PollFd {
                        fd: file.as_raw_fd(),
                        events,
                        revents: 0,
                    });
                }
            };
            add(&self.stdin, sys::POLLOUT);
            add(&self.stdout, sys::POLLIN);
            add(&self.stderr, sys::POLLIN);
            add(&self.report, sys::POLLIN);
            let until = deadline.unwrap_or(last_resort);
            sys::poll_fds(&mut fds, until.saturating_duration_since(now))?;
            let ready = |pipe: &Option<File>| {
                pipe.as_ref().is_some_and(|file| {
                    fds.iter()
                        .any(|fd| fd.fd == file.as_raw_fd() && fd.revents != 0)
                })
            };
            let (stdin_ready, stdout_ready, stderr_ready, report_ready) = (
                ready(&self.stdin),
                ready(&self.stdout),
                ready(&self.stderr),
                ready(&self.report),
            );
            if stdin_ready {
                if let Some(stdin) = &mut self.stdin {
                    match stdin.write(&bytes[written..bytes.len().min(written + buffer.len())]) {
                        Ok(n) => written += n,
                        Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                        // A program that exits without reading all its input is no error here.
                        Err(_) => written = bytes.len(),
                    }
                }
                if written == bytes.len() {
                    self.stdin = None;
                }
            }
            if stdout_ready {
                if let Some(n) = read_some(&mut self.stdout, &mut buffer) {
                    drained.stdout_bytes += n as u64;
                    if keep_stdout {
                        let room = limits.output_cap.saturating_sub(drained.stdout.len());
                        drained.stdout.extend_from_slice(&buffer[..n.min(room)]);
                    }
                    if drained.stdout_bytes > limits.output_cap as u64 && !drained.over_cap {
                        drained.over_cap = true;
                        sys::signal(launcher, sys::SIGTERM);
                    }
                }
            }
            if stderr_ready {
                if let Some(n) = read_some(&mut self.stderr, &mut buffer) {
                    keep_tail(&mut drained.stderr_tail, &buffer[..n], STDERR_TAIL_BYTES);
                }
            }
            if report_ready {
                if let Some(n) = read_some(&mut self.report, &mut buffer) {
                    keep_tail(&mut drained.report, &buffer[..n], REPORT_BYTES);
                }
            }
        }
    }
}

/// Appends `bytes` to `tail`, keeping only the last `keep` bytes.
fn keep_tail(tail: &mut Vec<u8>, bytes: &[u8], keep: usize) {
    tail.extend_from_slice(bytes);
    if tail.len() > keep {
        tail.drain(..tail.len() - keep);
    }
}

/// Reads what `pipe` has; closes it (sets `None`) at its end or on an error.
fn read_some(pipe: &mut Option<File>, buffer: &mut [u8]) -> Option<usize> {
    let file = pipe.as_mut()?;
    match file.read(buffer) {
        Ok(0) => {
            *pipe = None;
            None
        }
        Ok(n) => Some(n),
        Err(e) if e.kind() == io::ErrorKind::Interrupted => None,
        Err(_) => {
            *pipe = None;
            None
        }
    }
}
