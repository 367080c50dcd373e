//! Runs one program on one input the way a judge does: a time limit enforced
//! by killing the whole process group, a memory figure from the kernel, and
//! output captured up to a cap so an endless stream cannot exhaust the runner.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::raw::c_long;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How much of stderr is kept for the report.
const STDERR_TAIL_BYTES: usize = 4096;
/// How often the watchdog looks at the clock and the resident memory.
const POLL: Duration = Duration::from_millis(5);

/// What to run: an executable file, or a shell command line (`sh -c`).
#[derive(Clone, Debug)]
pub enum Program {
    Exec(PathBuf),
    /// An executable with arguments, started without a shell so that timing
    /// it does not time the shell too.
    ExecWith(PathBuf, Vec<String>),
    Shell(String),
}

impl Program {
    /// An existing file is run directly; anything else is a shell command.
    pub fn from_arg(text: &str) -> Program {
        let path = Path::new(text);
        if path.is_file() {
            Program::Exec(path.to_path_buf())
        } else {
            Program::Shell(text.to_string())
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Program::Exec(path) => path.display().to_string(),
            Program::ExecWith(path, args) => format!("{} {}", path.display(), args.join(" ")),
            Program::Shell(line) => line.clone(),
        }
    }

    fn command(&self) -> Command {
        match self {
            Program::Exec(path) => Command::new(path),
            Program::ExecWith(path, args) => {
                let mut command = Command::new(path);
                command.args(args);
                command
            }
            Program::Shell(line) => {
                let mut command = Command::new("sh");
                command.arg("-c").arg(line);
                command
            }
        }
    }
}

pub enum Input<'a> {
    File(&'a Path),
    Bytes(&'a [u8]),
}

#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub time: Duration,
    /// Killed as soon as its resident memory passes this; `None` watches nothing.
    pub memory_kib: Option<u64>,
    /// Stdout beyond this many bytes is an output limit exceeded: the run is killed.
    pub output_cap: usize,
}

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
}

/// Why the runner stopped the program early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Killed {
    Time,
    Memory,
    Output,
}

#[derive(Debug)]
pub struct Outcome {
    pub stdout: Vec<u8>,
    pub stderr_tail: String,
    pub exit: Exit,
    pub wall: Duration,
    /// Peak resident memory from the kernel; `None` where the platform gives none.
    pub peak_kib: Option<u64>,
    pub killed: Option<Killed>,
}

/// Runs `program` on `input` under `limits`. An error means it could not be started.
pub fn run(program: &Program, input: Input, limits: &Limits) -> io::Result<Outcome> {
    let mut command = program.command();
    command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let bytes = match input {
        Input::File(path) => {
            command.stdin(File::open(path)?);
            None
        }
        Input::Bytes(bytes) => {
            command.stdin(Stdio::piped());
            Some(bytes)
        }
    };
    let start = Instant::now();
    let mut child = command.spawn()?;
    let pid = child.id() as i32;
    let killed = AtomicU8::new(0);
    let kill_for = |reason: Killed| {
        // The first reason wins: a program killed for time also loses its output pipe.
        let _ = killed.compare_exchange(0, reason as u8 + 1, Ordering::SeqCst, Ordering::SeqCst);
        kill_group(pid);
    };
    let (stdin, mut stdout, mut stderr) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take());
    let (done_tx, done_rx) = mpsc::channel::<()>();

    let (status, peak_kib, wall, stdout, stderr_tail) = thread::scope(|scope| {
        if let (Some(mut stdin), Some(bytes)) = (stdin, bytes) {
            // A program that exits without reading all its input is no error here.
            scope.spawn(move || drop(stdin.write_all(bytes)));
        }
        let stdout_reader = scope.spawn(|| {
            let mut captured = Vec::new();
            if let Some(pipe) = stdout.as_mut() {
                if read_capped(pipe, &mut captured, limits.output_cap) {
                    kill_for(Killed::Output);
                }
            }
            captured
        });
        let stderr_reader = scope.spawn(|| {
            let mut tail = Vec::new();
            if let Some(pipe) = stderr.as_mut() {
                read_tail(pipe, &mut tail, STDERR_TAIL_BYTES);
            }
            tail
        });
        let kill_for = &kill_for;
        scope.spawn(move || loop {
            let elapsed = start.elapsed();
            if elapsed >= limits.time {
                kill_for(Killed::Time);
                return;
            }
            if let (Some(limit), Some(rss)) = (limits.memory_kib, resident_kib(pid)) {
                if rss > limit {
                    kill_for(Killed::Memory);
                    return;
                }
            }
            if done_rx.recv_timeout(POLL.min(limits.time - elapsed))
                != Err(mpsc::RecvTimeoutError::Timeout)
            {
                return;
            }
        });
        let (status, peak_kib) = wait_with_usage(pid);
        let wall = start.elapsed();
        let _ = done_tx.send(());
        // Children the program left behind would hold the pipes open.
        kill_group(pid);
        let stdout = stdout_reader.join().unwrap_or_default();
        let stderr = stderr_reader.join().unwrap_or_default();
        (status, peak_kib, wall, stdout, stderr)
    });
    let status = status?;
    let killed = match killed.load(Ordering::SeqCst) {
        1 => Some(Killed::Time),
        2 => Some(Killed::Memory),
        3 => Some(Killed::Output),
        _ => None,
    };
    Ok(Outcome {
        stdout,
        stderr_tail: String::from_utf8_lossy(&stderr_tail).into_owned(),
        exit: match (status.code(), status.signal()) {
            (Some(code), _) => Exit::Code(code),
            (None, Some(signal)) => Exit::Signal(signal),
            (None, None) => Exit::Code(-1),
        },
        wall,
        peak_kib,
        killed,
    })
}

/// Reads `pipe` to its end, keeping at most `cap` bytes; true when it had more.
fn read_capped(pipe: &mut impl Read, captured: &mut Vec<u8>, cap: usize) -> bool {
    let mut buffer = [0u8; 64 * 1024];
    loop {
        match pipe.read(&mut buffer) {
            Ok(0) => return false,
            Ok(n) if captured.len() + n > cap => {
                captured.extend_from_slice(&buffer[..cap - captured.len()]);
                return true;
            }
            Ok(n) => captured.extend_from_slice(&buffer[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

/// Reads `pipe` to its end, keeping only the last `keep` bytes.
fn read_tail(pipe: &mut impl Read, tail: &mut Vec<u8>, keep: usize) {
    let mut buffer = [0u8; 8192];
    loop {
        match pipe.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => {
                tail.extend_from_slice(&buffer[..n]);
                if tail.len() > 2 * keep {
                    tail.drain(..tail.len() - keep);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    if tail.len() > keep {
        tail.drain(..tail.len() - keep);
    }
}

/// The current resident set of `pid` from `/proc`, in KiB (Linux only).
fn resident_kib(pid: i32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
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
    fn kill(pid: i32, signal: i32) -> i32;
}

const SIGKILL: i32 = 9;

fn kill_group(pgid: i32) {
    // SAFETY: kill has no memory effects; a group that is already gone is ESRCH.
    unsafe {
        kill(-pgid, SIGKILL);
    }
}

/// Waits for `pid` and returns its status with its peak resident memory in KiB.
fn wait_with_usage(pid: i32) -> (io::Result<std::process::ExitStatus>, Option<u64>) {
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
            return (Err(error), None);
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
    (Ok(std::process::ExitStatus::from_raw(status)), peak_kib)
}
