//! Runs one program on one input the way a judge does: a time limit enforced
//! by killing the whole process group, a memory figure from the kernel, and
//! output captured up to a cap so an endless stream cannot exhaust the runner.

pub mod launch;

use launch::Report;
use std::env;
use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{self, Command, Stdio};
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How much of stderr is kept for the report.
const STDERR_TAIL_BYTES: usize = 4096;
/// How many lines of stderr a failure shows.
const STDERR_LINES: usize = 5;
/// How often the launcher looks at the program's resident memory.
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
    /// An existing file is run directly; anything else is a shell command,
    /// except a lone path that names no executable file, which is an error.
    pub fn from_arg(text: &str) -> Result<Program, String> {
        let path = Path::new(text);
        let lone_path = text.contains('/') && !text.contains(char::is_whitespace);
        match fs::metadata(path) {
            Ok(meta) if meta.is_file() && meta.permissions().mode() & 0o111 == 0 => {
                Err(format!("{text} is not executable (chmod +x {text})"))
            }
            Ok(meta) if meta.is_file() => Ok(Program::Exec(path.to_path_buf())),
            _ if lone_path => Err(format!("no program {text}: no such file")),
            _ => Ok(Program::Shell(text.to_string())),
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Program::Exec(path) => path.display().to_string(),
            Program::ExecWith(path, args) => format!("{} {}", path.display(), args.join(" ")),
            Program::Shell(line) => line.clone(),
        }
    }

    /// The command line the launcher starts.
    fn argv(&self) -> Vec<OsString> {
        match self {
            Program::Exec(path) => vec![path.into()],
            Program::ExecWith(path, args) => std::iter::once(path.into())
                .chain(args.iter().map(OsString::from))
                .collect(),
            Program::Shell(line) => vec!["sh".into(), "-c".into(), line.into()],
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

/// Runs `program` on `input` under `limits`. An error means it could not be
/// started. The program is started by a fresh `judge __launch` (this very
/// binary), which measures it; see `launch` for why.
pub fn run(program: &Program, input: Input, limits: &Limits) -> io::Result<Outcome> {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let report_path = env::temp_dir().join(format!(
        "judge-launch-{}-{}",
        process::id(),
        RUNS.fetch_add(1, Ordering::SeqCst)
    ));
    let mut command = Command::new(env::current_exe()?);
    command
        .arg(launch::COMMAND)
        .arg(&report_path)
        .arg(limits.memory_kib.unwrap_or(0).to_string())
        .args(program.argv())
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
    let mut launcher = command.spawn()?;
    let pid = launcher.id() as i32;
    let killed = AtomicU8::new(0);
    let kill_for = |reason: Killed| {
        // The first reason wins: a program killed for time also loses its output pipe.
        let _ = killed.compare_exchange(0, reason as u8 + 1, Ordering::SeqCst, Ordering::SeqCst);
        kill_group(pid);
    };
    let (stdin, mut stdout, mut stderr) = (
        launcher.stdin.take(),
        launcher.stdout.take(),
        launcher.stderr.take(),
    );
    let (done_tx, done_rx) = mpsc::channel::<()>();

    let (status, wall, stdout, stderr_tail) = thread::scope(|scope| {
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
        scope.spawn(move || {
            if done_rx.recv_timeout(limits.time) == Err(mpsc::RecvTimeoutError::Timeout) {
                kill_for(Killed::Time);
            }
        });
        let status = launcher.wait();
        let wall = start.elapsed();
        let _ = done_tx.send(());
        // Children the program left behind would hold the pipes open.
        kill_group(pid);
        let stdout = stdout_reader.join().unwrap_or_default();
        let stderr = stderr_reader.join().unwrap_or_default();
        (status, wall, stdout, stderr)
    });
    let status = status?;
    let report = fs::read_to_string(&report_path);
    let _ = fs::remove_file(&report_path);
    let mut killed = match killed.load(Ordering::SeqCst) {
        1 => Some(Killed::Time),
        3 => Some(Killed::Output),
        _ => None,
    };
    let stderr_tail = String::from_utf8_lossy(&stderr_tail).into_owned();
    // No report: the runner killed the launcher too, so the program's own
    // figures are lost and only the runner's are left.
    let (exit, wall, peak_kib) = match report {
        Ok(text) => {
            let report =
                Report::parse(&text).map_err(|e| io::Error::new(io::ErrorKind::Other, e))?;
            if report.over_memory {
                killed = killed.or(Some(Killed::Memory));
            }
            (report.exit, report.wall, report.peak_kib)
        }
        Err(_) => {
            let exit = match (status.code(), status.signal()) {
                (Some(code), _) => Exit::Code(code),
                (None, Some(signal)) => Exit::Signal(signal),
                (None, None) => Exit::Code(-1),
            };
            (exit, wall, None)
        }
    };
    Ok(Outcome {
        stdout,
        stderr_tail,
        exit,
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

extern "C" {
    pub(crate) fn kill(pid: i32, signal: i32) -> i32;
}

pub(crate) const SIGKILL: i32 = 9;

fn kill_group(pgid: i32) {
    // SAFETY: kill has no memory effects; a group that is already gone is ESRCH.
    unsafe {
        kill(-pgid, SIGKILL);
    }
}
