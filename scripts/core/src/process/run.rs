//! Runs one program on one input the way a judge does: CPU time and memory
//! limits on the program's whole process tree, a wall-clock cap, figures from
//! the kernel, and output counted (and captured up to a cap) so an endless
//! stream cannot exhaust the runner.
//!
//! The program is started by a launcher, `judge __launch` (this very
//! binary) or, through pipes on Linux, a fork of the thread's zygote
//! (`zygote`), which enforces the limits, kills whatever the program leaves
//! behind and reports over a socket; see `launch`. This side feeds stdin,
//! drains stdout and stderr with a deadline, and reads the report.

use super::launch::{self, Exit, Report, Spec, StoppedBy};
use super::sight::{self, Sight};
use super::{interrupt, sys, zygote};
use crate::base::modes::Clock;
use crate::base::terminal::escape_controls;
use std::cell::RefCell;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::net::UnixStream;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
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

    /// The command line the launcher starts: a path made absolute and its
    /// folder resolved (`..`, symlinks), as the program starts elsewhere
    /// than the runner, in a view where only that path leads to it.
    fn argv(&self) -> io::Result<Vec<OsString>> {
        Ok(match self {
            Program::Exec(path, args) => {
                let path = match path.components().count() {
                    // A bare name is looked up in PATH.
                    1 if path.is_relative() && !path.starts_with(".") => path.clone(),
                    _ if path.is_relative() => std::env::current_dir()?.join(path),
                    _ => path.clone(),
                };
                let path = match (path.parent(), path.file_name()) {
                    (Some(dir), Some(name)) if path.is_absolute() => dir
                        .canonicalize()
                        .map_or(path.clone(), |dir| dir.join(name)),
                    _ => path,
                };
                std::iter::once(path.into())
                    .chain(args.iter().map(OsString::from))
                    .collect()
            }
            Program::Shell(line) => vec!["sh".into(), "-c".into(), line.into()],
        })
    }
}

/// Where the program's stdin comes from.
pub enum Stdin<'a> {
    Bytes(&'a [u8]),
    /// A file's bytes, copied into a pipe: the program never holds the file.
    File(&'a Path),
    /// A descriptor the caller made: an open file, or the read end of a pipe
    /// from an interactor. The runner keeps no copy of it.
    Fd(OwnedFd),
}

/// Where the program's stdout goes.
pub enum Stdout {
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
    /// The memory of everything the program starts, together; `None` limits
    /// nothing.
    pub memory_kib: Option<u64>,
    /// Stdout beyond this many bytes is an output limit exceeded: the run is killed.
    pub output_cap: usize,
    /// Processes and threads at once, where the box counts them.
    pub processes: Option<u32>,
    /// The main thread's stack (`RLIMIT_STACK`); `None` keeps the runner's.
    pub stack_kib: Option<u64>,
    /// The largest file it may write (`RLIMIT_FSIZE`): past it, SIGXFSZ.
    pub file_kib: Option<u64>,
}

/// The access to files a caller grants a program, beyond the system, its
/// program and the absolute paths among its arguments: the launcher's
/// `sight::Sight` is built from it.
#[derive(Clone, Copy, Debug)]
pub struct Access<'a> {
    /// Files and folders it may read (a compile's header folders).
    pub readable: &'a [&'a Path],
    /// Folders it may write in.
    pub writable: &'a [&'a Path],
}

impl Access<'_> {
    /// A judged program's: nothing more, nothing writable.
    pub const JUDGED: Access<'static> = Access {
        readable: &[],
        writable: &[],
    };
}

/// The size of a tool's `/tmp`, which has no memory limit of its own.
const TOOL_SCRATCH_KIB: u64 = 2 << 20;

/// A tool's processes and threads at once: a compiler's or a JVM's many.
const TOOL_PROCESSES: u32 = 256;
/// The largest file a tool writes, unless told otherwise: a compiler's
/// binary, a generator's case.
pub const TOOL_FILE_KIB: u64 = 1 << 20;

impl Limits {
    /// A tool's limits (a checker, a generator, a brute force): wall time,
    /// files of up to `TOOL_FILE_KIB`, its own memory unlimited.
    pub const fn tool(time: Duration, output_cap: usize) -> Limits {
        Limits {
            time,
            clock: Clock::Wall,
            memory_kib: None,
            output_cap,
            processes: Some(TOOL_PROCESSES),
            stack_kib: None,
            file_kib: Some(TOOL_FILE_KIB),
        }
    }

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
    /// Peak memory of the whole tree together; `None` when the launcher was
    /// lost and with it the figures.
    pub peak_kib: Option<u64>,
    pub killed: Option<Killed>,
    /// Forks (or threads) the process limit refused.
    pub refused_forks: u64,
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

/// Runs `program` with stdin from `input` and stdout to `output`, under
/// `limits`, with the access to files `access` grants (in the sandbox, where the
/// machine allows one).
pub fn run(
    program: &Program,
    input: Stdin,
    output: Stdout,
    limits: &Limits,
    access: &Access,
) -> io::Result<Outcome> {
    let argv = program.argv()?;
    let mut spec = spec(program, &argv, limits, access);
    let keep_stdout = matches!(output, Stdout::Capture);
    // Through pipes, the run takes the launcher started ahead (its box is
    // prepared) and starts the next one's.
    let piped = matches!(input, Stdin::File(_) | Stdin::Bytes(_))
        && matches!(output, Stdout::Capture | Stdout::Count);
    let (sealed, stdin, feed) = stdin_of(input)?;
    spec.stdin_file = sealed.is_some();
    let stdout = match output {
        Stdout::Capture | Stdout::Count => Stdio::piped(),
        Stdout::Fd(fd) => Stdio::from(fd),
    };
    let start = Instant::now();
    let ready = READY.with(|ready| {
        let mut ready = ready.borrow_mut();
        ready.reap_finished();
        // One started ahead keeps waiting through a run of other pipes.
        piped.then(|| ready.next.take()).flatten()
    });
    let Launcher {
        mut process,
        pipes: [stdin, stdout, stderr],
        mut channel,
    } = match ready {
        Some(launcher) => launcher,
        None if piped => READY.with(|ready| ready.borrow_mut().start())?,
        None => start_launcher(stdin, stdout)?,
    };
    let mut words = spec.run_args();
    words.extend(argv);
    // A launcher that could not prepare has reported why and is gone.
    let _ = launch::send(&mut channel, &words);
    if let Some(file) = &sealed {
        let _ = sys::send_fds(channel.as_raw_fd(), &[file.as_raw_fd()]);
    }
    if piped {
        // Only a help: the next run starts its own if none is ready.
        READY.with(|ready| {
            let mut ready = ready.borrow_mut();
            ready.next = ready.start().ok();
        });
    }
    let pid = process.id();
    let pipes = Pipes {
        stdin,
        stdout,
        stderr,
        report: Some(File::from(OwnedFd::from(channel))),
    };
    let drained = pipes.drain(feed, keep_stdout, limits, pid, start);
    if drained.is_err() {
        // Nothing watches the launcher any more: it must not outlive this call.
        sys::signal(-pid, sys::SIGKILL);
    }
    // A launcher that reported in full takes its box down after, when the
    // run is over: it is reaped later.
    let status = if drained.as_ref().is_ok_and(Drained::reported) {
        READY.with(|ready| ready.borrow_mut().finishing.push(process));
        interrupt::hold();
        None
    } else {
        let status = process.wait();
        interrupt::reaped(pid);
        Some(status?)
    };
    outcome(program, status, drained?, pid, start)
}

/// The program's stdin: its input as a file, as judges give it, where the
/// system makes one that nothing changes (sent after the run); else what
/// the launcher's stdin is, and what this side feeds it.
fn stdin_of(input: Stdin) -> io::Result<(Option<File>, Stdio, Feed)> {
    let (sealed, feed) = match input {
        Stdin::Fd(fd) => return Ok((None, Stdio::from(fd), Feed::Bytes(b""))),
        // A stored file is copied by the kernel (`io::copy` of two files).
        Stdin::File(path) => {
            let mut source = File::open(path)?;
            let sealed = sys::sealed_file(&mut |file| io::copy(&mut source, file).map(drop));
            (sealed, Feed::File(source, Vec::new(), 0))
        }
        Stdin::Bytes(bytes) => {
            let sealed = sys::sealed_file(&mut |file| file.write_all(bytes));
            (sealed, Feed::Bytes(bytes))
        }
    };
    match sealed {
        Ok(file) => Ok((Some(file), Stdio::piped(), Feed::Bytes(b""))),
        Err(e) if e.kind() == io::ErrorKind::Unsupported => Ok((None, Stdio::piped(), feed)),
        Err(e) => Err(e),
    }
}

/// A launcher, the runner's ends of its stdin, stdout and stderr where they
/// are pipes, and the runner's end of its channel (the run goes in, the
/// report comes out).
struct Launcher {
    process: Process,
    pipes: [Option<File>; 3],
    channel: UnixStream,
}

impl Launcher {
    /// One asked for nothing: its channel closed, it takes its box down and
    /// exits; reaped.
    fn end(self) {
        let Launcher {
            mut process,
            channel,
            ..
        } = self;
        drop(channel);
        process.end();
    }
}

/// A zygote's or a launcher's process: one the runner started, or a
/// launcher its thread's zygote forked as the runner's child.
enum Process {
    Started(Child),
    Forked(i32),
}

impl Process {
    fn id(&self) -> i32 {
        match self {
            Process::Started(child) => child.id() as i32,
            Process::Forked(pid) => *pid,
        }
    }

    fn wait(&mut self) -> io::Result<ExitStatus> {
        match self {
            Process::Started(child) => child.wait(),
            // No child to reap: a plain exit.
            Process::Forked(pid) => Ok(ExitStatus::from_raw(
                sys::reap(*pid, true)?.map_or(0, |child| child.status),
            )),
        }
    }

    /// Waited for as it ends: an interrupt's cleanup reaps it itself.
    fn end(&mut self) {
        if !interrupt::interrupted() {
            let _ = self.wait();
        }
        interrupt::forget(self.id());
    }

    fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        match self {
            Process::Started(child) => child.try_wait(),
            Process::Forked(pid) => {
                Ok(sys::reap(*pid, false)?.map(|child| ExitStatus::from_raw(child.status)))
            }
        }
    }
}

/// A thread's launchers not in a run: the one started ahead for its next
/// run, and those that reported and are taking their boxes down; and the
/// zygote that forks them, unless it could not start.
#[derive(Default)]
struct Ready {
    next: Option<Launcher>,
    finishing: Vec<Process>,
    zygote: Option<Result<Zygote, ()>>,
}

impl Ready {
    fn reap_finished(&mut self) {
        self.finishing
            .retain_mut(|process| match process.try_wait() {
                Ok(None) => true,
                _ => {
                    interrupt::reaped(process.id());
                    false
                }
            });
    }

    /// A launcher with pipes for stdin and stdout, forked by the zygote,
    /// started as the zygote starts, or started alone where there is none.
    fn start(&mut self) -> io::Result<Launcher> {
        let zygote = self
            .zygote
            .get_or_insert_with(|| Zygote::start().map_err(drop));
        match zygote.as_mut().map(Zygote::fork_launcher) {
            Ok(Ok(launcher)) => Ok(launcher),
            // A zygote gone is not asked again.
            Ok(Err(_)) | Err(()) => {
                self.zygote = Some(Err(()));
                start_launcher(Stdio::piped(), Stdio::piped())
            }
        }
    }
}

impl Drop for Ready {
    /// At the thread's end: the launcher asked for nothing takes its box
    /// down and exits, as the others do, and then the zygote.
    fn drop(&mut self) {
        for mut process in self.finishing.drain(..) {
            process.end();
        }
        if let Some(launcher) = self.next.take() {
            launcher.end();
        }
        self.zygote = None;
    }
}

/// A zygote (`zygote`), the runner's end of its socket, and the launcher
/// it forked ahead of the first run, if any.
struct Zygote {
    process: Process,
    socket: UnixStream,
    ahead: Option<Launcher>,
}

thread_local! {
    /// The zygote the box started on this thread as it looked at what the
    /// machine allows (`start_zygote`), until the thread's first run takes it.
    static STARTED: RefCell<Option<Zygote>> = const { RefCell::new(None) };
}

/// Starts a zygote with the box's arguments `boxed` and the descriptors
/// `inherited`, for this thread's runs: its pid once it has prepared what
/// its launchers share, or why it could not. It forks the first run's
/// launcher at once, which prepares its box while the command goes on.
pub fn start_zygote(boxed: Vec<OsString>, inherited: &[RawFd]) -> io::Result<u32> {
    let mut zygote = Zygote::start_with(boxed, inherited)?;
    zygote.ahead = zygote.fork_launcher().ok();
    let pid = zygote.process.id() as u32;
    STARTED.with(|started| *started.borrow_mut() = Some(zygote));
    Ok(pid)
}

impl Zygote {
    /// The thread's zygote: the one the box started here, else a new one in
    /// the box in force.
    fn start() -> io::Result<Zygote> {
        match STARTED.with(|started| started.borrow_mut().take()) {
            Some(zygote) => Ok(zygote),
            None => {
                let (boxed, inherited) = launch::current().launcher_args();
                Zygote::start_with(boxed, &inherited)
            }
        }
    }

    fn start_with(boxed: Vec<OsString>, inherited: &[RawFd]) -> io::Result<Zygote> {
        if !zygote::HERE {
            return Err(io::ErrorKind::Unsupported.into());
        }
        let (mut command, socket, theirs) = launcher_command(zygote::COMMAND, boxed, inherited)?;
        command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit());
        let child = interrupt::launch(|| command.spawn())?;
        drop((command, theirs));
        let mut zygote = Zygote {
            process: Process::Started(child),
            socket,
            ahead: None,
        };
        // Its first line (`zygote::READY`), or why not.
        let mut line = Vec::new();
        let mut byte = [0u8];
        while line.len() < REPORT_BYTES && zygote.socket.read(&mut byte)? == 1 && byte[0] != b'\n' {
            line.push(byte[0]);
        }
        match String::from_utf8_lossy(&line).split_once(' ') {
            _ if line == zygote::READY.as_bytes() => Ok(zygote),
            Some(("error", why)) => Err(launch::io_error(why.to_string())),
            _ => Err(launch::io_error("the zygote ended unready".into())),
        }
    }

    /// A launcher forked with pipes for stdin, stdout and stderr.
    fn fork_launcher(&mut self) -> io::Result<Launcher> {
        if let Some(launcher) = self.ahead.take() {
            return Ok(launcher);
        }
        let (stdin_read, stdin) = sys::pipe()?;
        let (stdout, stdout_write) = sys::pipe()?;
        let (stderr, stderr_write) = sys::pipe()?;
        let (channel, theirs) = UnixStream::pair()?;
        let fds = [&stdin_read, &stdout_write, &stderr_write, &theirs.into()];
        let socket = &mut self.socket;
        let pid = interrupt::launch_as(
            || {
                sys::send_fds(socket.as_raw_fd(), &fds.map(AsRawFd::as_raw_fd))?;
                let mut pid = [0u8; 4];
                socket.read_exact(&mut pid)?;
                Ok(i32::from_le_bytes(pid))
            },
            |pid| *pid,
        )?;
        Ok(Launcher {
            process: Process::Forked(pid),
            pipes: [stdin, stdout, stderr].map(|end| Some(File::from(end))),
            channel,
        })
    }
}

impl Drop for Zygote {
    /// Its stream closed, it exits: reaped.
    fn drop(&mut self) {
        if let Some(launcher) = self.ahead.take() {
            launcher.end();
        }
        let _ = self.socket.shutdown(std::net::Shutdown::Both);
        self.process.end();
    }
}

thread_local! {
    static READY: RefCell<Ready> = RefCell::new(Ready::default());
}

/// What the launcher is to enforce for `program` (started as `argv`).
fn spec(program: &Program, argv: &[OsString], limits: &Limits, access: &Access) -> Spec {
    let mut readable = sight::paths_given(argv);
    if let Program::Shell(line) = program {
        readable.extend(sight::named_here(line));
    }
    readable.extend(access.readable.iter().map(|path| path.to_path_buf()));
    if let Some(kib) = limits.stack_kib {
        say_stack_held(kib);
    }
    Spec {
        memory_kib: limits.memory_kib,
        cpu: (limits.clock == Clock::Cpu).then_some(limits.time),
        wall: limits.wall_cap(),
        processes: limits.processes,
        stack_kib: limits.stack_kib,
        file_kib: limits.file_kib,
        sight: Sight {
            readable,
            writable: access
                .writable
                .iter()
                .map(|dir| dir.to_path_buf())
                .collect(),
            hidden: sight::hidden(),
            fresh_cwd: matches!(program, Program::Exec(..)),
            scratch_kib: limits.memory_kib.unwrap_or(TOOL_SCRATCH_KIB),
        },
        stdin_file: false,
    }
}

/// Says once, on stderr, when a run's stack of `wanted_kib` is held to
/// the hard limit (`sys::stack_granted`): the run proceeds on that.
fn say_stack_held(wanted_kib: u64) {
    static SAID: AtomicBool = AtomicBool::new(false);
    let wanted = wanted_kib.saturating_mul(1024);
    let granted = sys::stack_granted(wanted, sys::stack_hard_limit());
    if granted < wanted && !SAID.swap(true, Ordering::SeqCst) {
        eprintln!(
            "judge: a run's stack is held to {} KiB, this system's hard limit (it asks for \
             {wanted_kib} KiB); a recursion deeper than that runs on a thread of its own (the \
             big_stack snippet)",
            granted >> 10
        );
    }
}

/// Starts a launcher in the box `launch::current` gives, with this stdin
/// and stdout; it prepares the box and waits on its channel for the run.
fn start_launcher(stdin: Stdio, stdout: Stdio) -> io::Result<Launcher> {
    let (boxed, inherited) = launch::current().launcher_args();
    let (mut command, channel, theirs) = launcher_command(launch::COMMAND, boxed, &inherited)?;
    command.stdin(stdin).stdout(stdout).stderr(Stdio::piped());
    let mut child = interrupt::launch(|| command.spawn())?;
    // The caller's descriptors and the channel's other end live on only in
    // the launcher.
    drop((command, theirs));
    let pipes = [
        child.stdin.take().map(OwnedFd::from),
        child.stdout.take().map(OwnedFd::from),
        child.stderr.take().map(OwnedFd::from),
    ];
    Ok(Launcher {
        process: Process::Started(child),
        pipes: pipes.map(|end| end.map(File::from)),
        channel,
    })
}

/// `judge <name> <fd> <box arguments>`, a launcher or a zygote given the
/// box's arguments `boxed` and the descriptors `inherited`, with the
/// runner's end of a channel and the end to keep until it has started.
fn launcher_command(
    name: &str,
    boxed: Vec<OsString>,
    inherited: &[RawFd],
) -> io::Result<(Command, UnixStream, UnixStream)> {
    let inherited = inherited.to_vec();
    let (channel, theirs) = UnixStream::pair()?;
    let fd = theirs.as_raw_fd();
    let mut command = Command::new(launch::launcher()?);
    command
        .arg(name)
        .arg(fd.to_string())
        .args(boxed)
        // Its own group: Ctrl-C at a terminal reaches the runner alone, which
        // then stops the launchers in order.
        .process_group(0);
    // SAFETY: prctl, close_range and fcntl are async-signal-safe; this runs
    // between fork and exec. It gets SIGTERM when the thread that started
    // it ends (a launcher still kills its program's tree then). It holds no
    // descriptor but its own: what the runner's caller left open stays here.
    unsafe {
        command.pre_exec(move || {
            sys::die_with_parent(sys::SIGTERM)?;
            sys::close_others_on_exec()?;
            for &fd in &inherited {
                sys::set_inherited(fd, true)?;
            }
            sys::set_inherited(fd, true)
        });
    }
    Ok((command, channel, theirs))
}

/// The run as the launcher (`pid`, ended with `status`, or not waited for
/// when it reported) reported it.
fn outcome(
    program: &Program,
    status: Option<ExitStatus>,
    drained: Drained,
    pid: i32,
    start: Instant,
) -> io::Result<Outcome> {
    // Anything else on the channel came before the launcher's own report:
    // the launcher writes only once its whole tree is dead. So the report is
    // the last line: a whole one as it is, anything else only from a launcher
    // that ended normally.
    let text = String::from_utf8_lossy(&drained.report);
    let ended_well = status.map_or(true, |status| status.success());
    if ended_well && text.trim().is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::Other,
            format!(
                "{} ended with no report: it is not the runner's launcher",
                launch::launcher()?.display()
            ),
        ));
    }
    let last_line = text.lines().last().filter(|_| ended_well);
    let stderr_tail = escape_controls(&String::from_utf8_lossy(&drained.stderr_tail));
    let said = stderr_tail.lines().last().unwrap_or("").trim().to_string();
    // A launcher that exited by itself with no report refused the run (its
    // arguments, its channel): the program never started.
    let exited = status.is_some_and(|status| status.code().is_some());
    if last_line.is_none() && exited && !drained.launcher_killed {
        kill_lost(pid, &text);
        return Err(io::Error::new(
            io::ErrorKind::Other,
            format!("the launcher refused to start it: {said}"),
        ));
    }
    let mut refused_forks = 0;
    let (exit, wall, cpu, peak_kib, fired) = if let Some(line) = last_line {
        let report = Report::parse(line).map_err(|e| io::Error::new(io::ErrorKind::Other, e))?;
        let peak = Some(report.peak_kib);
        refused_forks = report.refused_forks;
        (
            report.exit,
            report.wall,
            report.cpu,
            peak,
            report.stopped_by,
        )
    } else {
        // No report: the launcher was killed, by the runner's last resort or
        // by the program; its figures are lost. What it started is killed
        // with the launcher's process group, or the group it announced
        // (only a process that also left the group escapes then).
        kill_lost(pid, &text);
        let fired = drained.launcher_killed.then_some(StoppedBy::Time);
        let exit = status.map_or(Exit::Code(0), Exit::of);
        (exit, start.elapsed(), Duration::ZERO, None, fired)
    };
    let killed = killed(fired, drained.over_cap)?;
    // The shell's own statuses: 127, no such command; 126, not executable.
    if let (Program::Shell(line), Exit::Code(126 | 127), None) = (program, exit, killed) {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("`{line}` could not start: {said}"),
        ));
    }
    Ok(Outcome {
        stdout: drained.stdout,
        stdout_bytes: drained.stdout_bytes,
        stderr_tail,
        exit,
        wall,
        cpu,
        peak_kib,
        killed,
        refused_forks,
    })
}

/// Kills a launcher that is lost (`pid`, the leader of its process group),
/// and the process groups it announced in `said`.
fn kill_lost(pid: i32, said: &str) {
    sys::signal(-pid, sys::SIGKILL);
    for pgid in launch::groups_announced(said) {
        sys::signal(-pgid, sys::SIGKILL);
    }
}

/// What killed the program, from what the launcher said fired and whether
/// stdout passed its cap (the launcher was stopped then).
fn killed(fired: Option<StoppedBy>, over_cap: bool) -> io::Result<Option<Killed>> {
    Ok(match fired {
        Some(StoppedBy::Time) => Some(Killed::Time),
        Some(StoppedBy::Memory) => Some(Killed::Memory),
        Some(StoppedBy::Sigterm) if over_cap => Some(Killed::Output),
        Some(StoppedBy::Sigterm) => {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "the launcher was stopped from outside",
            ))
        }
        None if over_cap => Some(Killed::Output),
        None => None,
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
#[derive(Default)]
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

impl Drained {
    /// Whether the launcher's whole report came: a line that reads as one.
    fn reported(&self) -> bool {
        let text = String::from_utf8_lossy(&self.report);
        text.ends_with('\n')
            && text
                .lines()
                .last()
                .is_some_and(|line| Report::parse(line).is_ok())
    }
}

impl Pipes {
    /// Feeds stdin and reads everything else in one loop, so that nothing
    /// waits on a pipe forever: it ends when every pipe is closed, or a short
    /// grace after the launcher's end even if an escaped process holds one.
    fn drain(
        mut self,
        mut feed: Feed,
        keep_stdout: bool,
        limits: &Limits,
        launcher: i32,
        start: Instant,
    ) -> io::Result<Drained> {
        if let Some(stdin) = &self.stdin {
            sys::set_nonblocking(stdin.as_raw_fd())?;
        }
        if feed.pending()?.is_empty() {
            self.stdin = None;
        }
        let mut drained = Drained::default();
        let last_resort = start + limits.wall_cap() + LAUNCHER_SLACK;
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
            let until = deadline.unwrap_or(last_resort);
            let [stdin_ready, stdout_ready, stderr_ready, report_ready] =
                self.wait(until.saturating_duration_since(now))?;
            if stdin_ready {
                self.feed(&mut feed);
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

    /// Waits up to `timeout` for the open pipes: which are ready, of stdin,
    /// stdout, stderr and the report.
    fn wait(&self, timeout: Duration) -> io::Result<[bool; 4]> {
        let pipes = [
            (&self.stdin, sys::POLLOUT),
            (&self.stdout, sys::POLLIN),
            (&self.stderr, sys::POLLIN),
            (&self.report, sys::POLLIN),
        ];
        let mut fds: Vec<sys::PollFd> = pipes
            .iter()
            .filter_map(|(pipe, events)| {
                let fd = pipe.as_ref()?.as_raw_fd();
                Some(sys::PollFd {
                    fd,
                    events: *events,
                    revents: 0,
                })
            })
            .collect();
        sys::poll_fds(&mut fds, timeout)?;
        Ok(pipes.map(|(pipe, _)| {
            pipe.as_ref().is_some_and(|file| {
                fds.iter()
                    .any(|fd| fd.fd == file.as_raw_fd() && fd.revents != 0)
            })
        }))
    }

    /// Writes what `feed` has next to stdin; closes stdin once all is
    /// written or the program no longer reads.
    fn feed(&mut self, feed: &mut Feed) {
        if let Some(stdin) = &mut self.stdin {
            let written = feed.pending().and_then(|pending| stdin.write(pending));
            match written {
                Ok(n) => feed.advance(n),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                // A program that exits without reading all its input is no error here.
                Err(_) => self.stdin = None,
            }
        }
        if feed.pending().map_or(true, |pending| pending.is_empty()) {
            self.stdin = None;
        }
    }
}

/// What the program's stdin is fed: bytes in memory, or a file read a chunk
/// at a time (the chunk read last, and how much of it is written).
enum Feed<'a> {
    Bytes(&'a [u8]),
    File(File, Vec<u8>, usize),
}

impl Feed<'_> {
    /// What is to be written next; empty at the end.
    fn pending(&mut self) -> io::Result<&[u8]> {
        match self {
            Feed::Bytes(bytes) => Ok(bytes),
            Feed::File(file, chunk, at) => {
                if *at == chunk.len() {
                    chunk.resize(64 * 1024, 0);
                    let read = loop {
                        match file.read(chunk) {
                            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                            other => break other,
                        }
                    };
                    chunk.truncate(read.unwrap_or(0));
                    *at = 0;
                }
                Ok(&chunk[*at..])
            }
        }
    }

    fn advance(&mut self, written: usize) {
        match self {
            Feed::Bytes(bytes) => *bytes = &bytes[written..],
            Feed::File(_, _, at) => *at += written,
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
