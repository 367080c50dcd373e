//! `judge __launch <channel fd> [<box argument>...]` (hidden): reads one
//! run from the inherited socket `<channel fd>` (`send`: its limits and
//! view, `--` and the program's command line), starts the program with this
//! process's stdin, stdout and stderr, enforces the limits on everything it
//! starts, kills whatever is left when it ends, and writes its exit, wall
//! time, CPU time, peak memory and refused forks back on the socket.
//!
//! With box arguments (`confine::Confinement::launcher_args`), the box
//! installed serves the run, on the pieces below; without, the launcher
//! alone (`Portable`, the same code on Linux and macOS, whose differences
//! `sys` holds): the program is its child in a process group of its own,
//! under its resource limits; while it runs, the group's members are
//! measured (`Group`) and the group is killed at a limit; when the program
//! ends, the group is killed and what is the launcher's reaped. On Linux
//! the launcher is also a child subreaper, so a member that loses its
//! parent (a double fork) is its child, reaped and counted. A process that
//! leaves the group (`setsid`) is neither followed nor killed.
//!
//! Why a process of its own: when a program is started, Linux keeps the
//! starting process's memory high-water mark as the program's peak if that is
//! larger. A long-lived `judge` (holding expected files, bench inputs) would
//! lend its own peak to every child; a fresh `judge` weighs about 2 MiB, less
//! than any Rust solution. It also keeps a box's preparation out of the
//! runner.
//!
//! The report is written once the whole tree is dead. The launcher dies
//! with the runner (SIGTERM on Linux, on which it still cleans up; on
//! macOS it sees its parent gone), the program with the launcher (on
//! Linux; a runner that loses a launcher kills the group it announced).
//! The report goes through a socket the program never holds.

use super::confine::{self, Confinement, SANDBOX_VARIABLE};
use super::interrupt;
use super::sight::{self, Sight};
use super::sys::{self, SIGKILL};
use std::env;
use std::ffi::{CString, OsStr, OsString};
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::net::UnixStream;
use std::os::unix::process::ExitStatusExt;
use std::path::PathBuf;
use std::process::{ExitCode, ExitStatus};
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

pub const COMMAND: &str = "__launch";

/// Programs are started by `<launcher> __launch ...`: this very binary, the runner.
pub fn launcher() -> io::Result<PathBuf> {
    env::current_exe()
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

/// What made the launcher stop the program, as it reports it (the runner
/// turns it into the verdict's `run::Killed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoppedBy {
    Time,
    Memory,
    /// SIGTERM: the runner wanted it stopped, or went away.
    Sigterm,
}

/// What the launcher found out, as written to and read from its channel.
#[derive(Debug, PartialEq, Eq)]
pub struct Report {
    pub exit: Exit,
    pub wall: Duration,
    /// User and system time of the whole tree.
    pub cpu: Duration,
    pub peak_kib: u64,
    pub stopped_by: Option<StoppedBy>,
    /// Forks (or threads) the process limit refused.
    pub refused_forks: u64,
}

/// One program's run, as the runner asks for it and the launcher reads it:
/// `key=value` arguments (`run_args`), then `--` and the program's command
/// line, on the launcher's channel.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spec {
    pub memory_kib: Option<u64>,
    pub cpu: Option<Duration>,
    pub wall: Duration,
    pub processes: Option<u32>,
    pub stack_kib: Option<u64>,
    pub file_kib: Option<u64>,
    /// What it is shown of the files, where a box builds a view.
    pub sight: Sight,
    /// Its stdin comes as a file on the channel, after the run
    /// (`take_stdin`); else it is the launcher's stdin.
    pub stdin_file: bool,
}

/// `key=value` arguments, in order.
#[derive(Default)]
pub struct Pairs(pub Vec<OsString>);

impl Pairs {
    pub fn pair(&mut self, key: &str, value: &dyn AsRef<OsStr>) {
        let mut arg = OsString::from(format!("{key}="));
        arg.push(value.as_ref());
        self.0.push(arg);
    }
}

/// `pair`'s key and value, or why it is none.
pub fn split_pair(pair: &str) -> Result<(&str, &str), String> {
    pair.split_once('=')
        .ok_or(format!("expected key=value, got {pair:?}"))
}

/// A pair's value as a number, or why it is none.
pub fn number(key: &str, value: &str) -> Result<u64, String> {
    value
        .parse::<u64>()
        .map_err(|_| format!("{key} takes a number, got {value:?}"))
}

impl Spec {
    /// The run's part, sent when the run is asked for: its limits and its
    /// view, then `--` (the program's command line follows).
    pub fn run_args(&self) -> Vec<OsString> {
        let mut args = Pairs::default();
        args.pair("wall", &self.wall.as_millis().max(1).to_string());
        if let Some(kib) = self.memory_kib {
            args.pair("memory", &kib.to_string());
        }
        if let Some(cpu) = self.cpu {
            args.pair("cpu", &cpu.as_millis().max(1).to_string());
        }
        if let Some(count) = self.processes {
            args.pair("processes", &count.to_string());
        }
        if let Some(kib) = self.stack_kib {
            args.pair("stack", &kib.to_string());
        }
        if let Some(kib) = self.file_kib {
            args.pair("file", &kib.to_string());
        }
        for path in &self.sight.readable {
            args.pair("read", path);
        }
        for dir in &self.sight.writable {
            args.pair("write", dir);
        }
        for dir in &self.sight.hidden {
            args.pair("hide", dir);
        }
        if self.sight.fresh_cwd {
            args.pair("cwd", &"fresh");
        }
        args.pair("scratch", &self.sight.scratch_kib.to_string());
        if self.stdin_file {
            args.pair("stdin", &"file");
        }
        args.0.push("--".into());
        args.0
    }

    /// The run's spec and the program's command line after `--`.
    pub fn parse(args: &[String]) -> Result<(Spec, &[String]), String> {
        let end = args
            .iter()
            .position(|arg| arg == "--")
            .ok_or("no `--` before the program")?;
        let (pairs, program) = (&args[..end], &args[end + 1..]);
        if program.is_empty() {
            return Err("no program after `--`".into());
        }
        let mut spec = Spec::default();
        for pair in pairs {
            let (key, value) = split_pair(pair)?;
            let number = || number(key, value);
            let path = || PathBuf::from(value);
            match key {
                "wall" => spec.wall = Duration::from_millis(number()?),
                "memory" => spec.memory_kib = Some(number()?),
                "cpu" => spec.cpu = Some(Duration::from_millis(number()?)),
                "processes" => spec.processes = Some(number()? as u32),
                "stack" => spec.stack_kib = Some(number()?),
                "file" => spec.file_kib = Some(number()?),
                "scratch" => spec.sight.scratch_kib = number()?,
                "read" => spec.sight.readable.push(path()),
                "write" => spec.sight.writable.push(path()),
                "hide" => spec.sight.hidden.push(path()),
                "cwd" if value == "fresh" => spec.sight.fresh_cwd = true,
                "stdin" if value == "file" => spec.stdin_file = true,
                _ => return Err(format!("unknown {pair:?}")),
            }
        }
        Ok((spec, program))
    }

    /// Sets the run's stack, file size and core dump limits on the calling
    /// process, the program-to-be. Async-signal-safe.
    pub fn limit_resources(&self) -> io::Result<()> {
        if let Some(kib) = self.stack_kib {
            sys::limit_resource(sys::RLIMIT_STACK, kib * 1024)?;
        }
        if let Some(kib) = self.file_kib {
            sys::limit_resource(sys::RLIMIT_FSIZE, kib * 1024)?;
        }
        sys::limit_resource(sys::RLIMIT_CORE, 0)
    }

    /// Where the launcher alone confines the run, the limits it sets
    /// besides: open files, and a CPU time a second past the run's, the
    /// backstop of the watch. Async-signal-safe.
    pub fn limit_alone(&self) -> io::Result<()> {
        sys::lower_limit(sys::RLIMIT_NOFILE, OPEN_FILES)?;
        match self.cpu {
            Some(cpu) => sys::lower_limit(sys::RLIMIT_CPU, cpu.as_secs() + 2),
            None => Ok(()),
        }
    }
}

pub fn command(args: &[String]) -> ExitCode {
    ExitCode::from(launch(args))
}

/// What serves a run given the box's arguments `boxed`: the launcher
/// alone given none.
fn confinement_of(boxed: &[String]) -> Result<&'static dyn Confinement, &'static str> {
    match (boxed.is_empty(), confine::installed()) {
        (true, _) => Ok(&Portable),
        (false, Some(confinement)) => Ok(confinement),
        (false, None) => Err("box arguments, but no box here"),
    }
}

/// In a zygote given the box's arguments `boxed`: what its launchers share
/// (`Confinement::prepare_zygote`), and the box's arguments they get.
pub fn prepare_zygote(boxed: &[String]) -> io::Result<Vec<String>> {
    let confinement = confinement_of(boxed).map_err(|why| io_error(why.to_string()))?;
    confinement.prepare_zygote(boxed)
}

/// The launcher's life, `judge __launch`'s or a zygote's fork's: its exit
/// status.
pub fn launch(args: &[String]) -> u8 {
    let fd = match args.first().and_then(|fd| fd.parse::<i32>().ok()) {
        Some(fd) if fd > 2 => fd,
        _ => return usage("the first argument is the channel's descriptor"),
    };
    let boxed = &args[1..];
    let confinement = match confinement_of(boxed) {
        Ok(confinement) => confinement,
        Err(why) => return usage(why),
    };
    // The program must not inherit the channel.
    if let Err(e) = sys::set_inherited(fd, false) {
        eprintln!("judge {COMMAND}: no channel descriptor {fd}: {e}");
        return 2;
    }
    // SAFETY: the runner opened `fd` for this process alone; nothing else owns it.
    let mut channel = unsafe { UnixStream::from_raw_fd(fd) };
    interrupt::catch_stop();
    let served = match sys::become_subreaper() {
        Ok(()) => confinement.serve(boxed, &mut channel),
        Err(e) => say(&mut channel, Err(e)),
    };
    match served {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("judge {COMMAND}: cannot write the report: {e}");
            1
        }
    }
}

/// The confinement in force: the box installed, unless there is none or
/// `JUDGE_SANDBOX=portable` says not to use it.
pub fn current() -> &'static dyn Confinement {
    match confine::installed() {
        Some(confinement) if !confine::turned_off() => confinement,
        _ => &Portable,
    }
}

/// The launcher alone: the confinement of a launcher given no box arguments.
struct Portable;

impl Confinement for Portable {
    fn describe(&self) -> String {
        let why = match confine::installed() {
            Some(_) => format!("{SANDBOX_VARIABLE}=portable"),
            None => "no box on this system".into(),
        };
        format!(
            "portable ({why}): resource limits and a watch of the program's process group; \
             no view, no namespaces: a program sees what the user sees, and a process that \
             leaves the group is not followed"
        )
    }

    fn explain(&self) -> String {
        format!(
            "sandbox: {}\n\
             in force: the program in a process group of its own, killed whole at the end; \
             limits on its CPU time (a backstop), file size, open files ({OPEN_FILES}) and \
             stack; the group's CPU time and memory ({MEMORY_COUNTED}) read while it runs, \
             MLE and TLE from them\n\
             missing: a view (a program may read and write every file the user may), a uid of \
             its own, namespaces (no network of its own), a process limit; a process that \
             leaves the group (setsid, setpgid) is neither counted nor killed\n",
            self.describe()
        )
    }

    fn launcher_args(&self) -> (Vec<OsString>, Vec<RawFd>) {
        (Vec::new(), Vec::new())
    }

    fn serve(&self, _args: &[String], channel: &mut UnixStream) -> io::Result<()> {
        serve(channel)
    }
}

/// Writes the report of the run (or why it could not start) on `channel`
/// and closes it and the program's stdin, stdout and stderr: the runner
/// has all it waits for, while the box is taken down.
pub fn say(channel: &mut UnixStream, result: io::Result<Report>) -> io::Result<()> {
    let text = match result {
        Ok(report) => report.to_line(),
        Err(e) => format!("error {e}\n"),
    };
    let written = channel.write_all(text.as_bytes());
    let _ = channel.shutdown(std::net::Shutdown::Both);
    sys::close_standard_streams();
    written
}

/// Sends a run's spec and command line (`run_args` and the program's
/// words) as one message: its length, then each word ended by a NUL.
pub fn send(channel: &mut impl Write, words: &[OsString]) -> io::Result<()> {
    let mut body = Vec::new();
    for word in words {
        body.extend_from_slice(word.as_bytes());
        body.push(0);
    }
    let mut message = (body.len() as u32).to_le_bytes().to_vec();
    message.extend_from_slice(&body);
    channel.write_all(&message)
}

/// The next message `send` sent, whole (its length first); `None` at the
/// end of the stream before one begins, or on SIGTERM while waiting.
pub fn receive(from: &mut (impl Read + AsRawFd)) -> io::Result<Option<Vec<u8>>> {
    loop {
        if interrupt::stop_requested() {
            return Ok(None);
        }
        // SIGTERM ends a poll, where a read would be restarted.
        let mut fds = [sys::PollFd {
            fd: from.as_raw_fd(),
            events: sys::POLLIN,
            revents: 0,
        }];
        sys::poll_fds(&mut fds, Duration::from_secs(1))?;
        if fds[0].revents != 0 {
            break;
        }
    }
    let mut length = [0u8; 4];
    match from.read_exact(&mut length) {
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        other => other?,
    }
    let mut message = length.to_vec();
    message.resize(4 + u32::from_le_bytes(length) as usize, 0);
    from.read_exact(&mut message[4..])?;
    Ok(Some(message))
}

/// The words of a message `receive` returned.
pub fn words(message: &[u8]) -> io::Result<Vec<String>> {
    let body = message.get(4..).unwrap_or_default();
    body.strip_suffix(b"\0")
        .unwrap_or(body)
        .split(|&byte| byte == 0)
        .map(|word| String::from_utf8(word.to_vec()))
        .collect::<Result<_, _>>()
        .map_err(|_| io_error("a run's words are not UTF-8".into()))
}

pub fn io_error(why: String) -> io::Error {
    io::Error::new(io::ErrorKind::Other, why)
}

fn usage(why: &str) -> u8 {
    eprintln!("judge {COMMAND}: {why}\nusage: judge {COMMAND} <channel fd> [<box argument>...]");
    2
}

/// CPU time and peak memory of the processes reaped so far.
#[derive(Default)]
pub struct Reaped {
    cpu_nanos: AtomicU64,
    peak_kib: AtomicU64,
}

impl Reaped {
    pub fn add(&self, reaped: &sys::Reaped) {
        self.cpu_nanos
            .fetch_add(reaped.cpu.as_nanos() as u64, Ordering::SeqCst);
        self.peak_kib.fetch_max(reaped.peak_kib, Ordering::SeqCst);
    }

    pub fn cpu(&self) -> Duration {
        Duration::from_nanos(self.cpu_nanos.load(Ordering::SeqCst))
    }

    pub fn peak_kib(&self) -> u64 {
        self.peak_kib.load(Ordering::SeqCst)
    }
}

/// Where a run's CPU time and memory are read while it runs, and how all
/// it started is killed.
pub trait Meter {
    /// CPU time so far, and memory charged now in KiB.
    fn sample(&self) -> (Duration, u64);
    /// Kills every process of the run.
    fn kill(&self);
    /// Whether its figures are read even with no limit to enforce (they
    /// hold what the end alone would miss).
    fn always_sampled(&self) -> bool {
        false
    }
}

/// The launcher's own meter: its process tree in `/proc`, and what was
/// reaped of it.
pub struct Tree<'a> {
    pub me: i32,
    pub reaped: &'a Reaped,
}

impl Meter for Tree<'_> {
    fn sample(&self) -> (Duration, u64) {
        // Reaped first: a process reaped meanwhile is then counted at most once.
        total(self.reaped, sys::descendants(self.me))
    }

    fn kill(&self) {
        for pid in sys::descendants(self.me) {
            sys::signal(pid, SIGKILL);
        }
    }
}

/// The launcher alone's meter: the members of the run's process group,
/// and what was reaped of it.
pub struct Group<'a> {
    pub pgid: i32,
    pub reaped: &'a Reaped,
}

impl Meter for Group<'_> {
    fn sample(&self) -> (Duration, u64) {
        total(self.reaped, sys::group_members(self.pgid))
    }

    fn kill(&self) {
        sys::signal(-self.pgid, SIGKILL);
    }
}

/// CPU time and memory now of the processes `pids`, with those of the
/// processes reaped before.
fn total(reaped: &Reaped, pids: Vec<i32>) -> (Duration, u64) {
    // Reaped first: a process reaped meanwhile is then counted at most once.
    let mut cpu = reaped.cpu();
    let mut memory = 0;
    for usage in pids.into_iter().filter_map(sys::usage) {
        cpu += usage.cpu;
        memory += usage.memory_kib;
    }
    (cpu, memory)
}

/// The launcher's life with no box: waits for the run on `channel`, runs
/// it, says how it went (`say`). Nothing is said when no run came; `Err`
/// when the report could not be written.
fn serve(channel: &mut UnixStream) -> io::Result<()> {
    PARENT.store(sys::parent(), Ordering::SeqCst);
    let ahead = Start::ahead();
    let message = match receive(channel) {
        Ok(Some(message)) => message,
        Ok(None) => return Ok(()),
        Err(e) => return say(channel, Err(e)),
    };
    let ran = words(&message).and_then(|words| {
        let (spec, program) = Spec::parse(&words).map_err(io_error)?;
        let start_as = ahead.and_then(|start| start.program(program));
        start_as
            .and_then(|start_as| run(&spec, start_as, channel))
            .map_err(|e| cannot_start(program, e))
    });
    say(channel, ran)
}

/// The program's stdin, where the run's `spec` says it follows the run on
/// `channel` as a file (`sys::sealed_file`).
pub fn take_stdin(spec: &Spec, channel: RawFd) -> io::Result<Option<OwnedFd>> {
    if !spec.stdin_file {
        return Ok(None);
    }
    match sys::receive_fds(channel)?.and_then(|fds| fds.into_iter().next()) {
        Some(file) => Ok(Some(file)),
        None => Err(io_error("the run's stdin did not come".into())),
    }
}

/// Why `program` did not start, as a run reports it.
pub fn cannot_start(program: &[String], e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("cannot start {}: {e}", program[0]))
}

/// What the launcher alone counts as a process's memory.
#[cfg(target_os = "linux")]
const MEMORY_COUNTED: &str = "resident sets, from /proc";
#[cfg(target_os = "macos")]
const MEMORY_COUNTED: &str = "physical footprints, from proc_pid_rusage";

/// The open files a run may hold at once, where the launcher alone
/// confines it.
const OPEN_FILES: u64 = 1024;

/// Runs `start_as`'s program as the launcher's child in a process group
/// of its own, under the run's resource limits; watches the group
/// until the program ends, then kills what is left of the group. The
/// group's number goes out on `channel` first: a runner that loses the
/// launcher kills it.
fn run(spec: &Spec, start_as: Start, channel: &mut UnixStream) -> io::Result<Report> {
    let stdin = take_stdin(spec, channel.as_raw_fd())?;
    let start = Instant::now();
    let pid = start_as.spawn(&mut sys::spawn, &mut || {
        if let Some(file) = &stdin {
            sys::duplicate_onto(file.as_raw_fd(), 0)?;
        }
        sys::own_process_group()?;
        spec.limit_resources()?;
        spec.limit_alone()?;
        sys::die_with_parent(SIGKILL)
    })?;
    drop(stdin);
    let _ = channel.write_all(format!("{GROUP} {pid}\n").as_bytes());
    let reaped = Reaped::default();
    let group = Group {
        pgid: pid,
        reaped: &reaped,
    };
    let (status, wall, fired, seen) = watch(spec, pid, None, start, &group, &reaped);
    end_group(pid, &reaped);
    // Reaped here: nothing else ends the watch.
    let exit = Exit::of(ExitStatus::from_raw(status.unwrap_or_default()));
    // The CPU limit's backstop fired before the watch saw it past the limit.
    let backstop = exit == Exit::Signal(sys::SIGXCPU) && spec.cpu.is_some();
    Ok(Report {
        exit,
        wall,
        // A group killed at once leaves some of its time unreaped.
        cpu: reaped.cpu().max(seen.cpu),
        peak_kib: reaped.peak_kib().max(seen.peak_kib),
        stopped_by: fired.or(backstop.then_some(StoppedBy::Time)),
        refused_forks: 0,
    })
}

/// The word before the process group a launcher alone announces on its
/// channel, ahead of its report.
pub const GROUP: &str = "group";

/// The process groups announced in `said` (what a launcher wrote on its
/// channel): those to kill when the launcher is lost.
pub fn groups_announced(said: &str) -> Vec<i32> {
    said.lines()
        .filter_map(|line| line.strip_prefix(GROUP)?.trim().parse::<i32>().ok())
        .filter(|&pgid| pgid > 1)
        .collect()
}

/// Kills the run's process group and reaps what of it is the launcher's,
/// until none of it is left, or for a second when another process is to
/// reap the last of it.
fn end_group(pgid: i32, reaped: &Reaped) {
    let give_up = Instant::now() + Duration::from_secs(1);
    loop {
        sys::signal(-pgid, SIGKILL);
        while let Ok(Some(child)) = sys::reap(-1, false) {
            reaped.add(&child);
        }
        if sys::group_members(pgid).is_empty() || Instant::now() > give_up {
            return;
        }
        thread::sleep(Duration::from_millis(1));
    }
}

/// The parent a launcher alone started with, while it serves its run: 0
/// when none is watched.
static PARENT: AtomicI32 = AtomicI32::new(0);

/// Whether the parent watched (`PARENT`) is gone: the launcher was
/// orphaned, its runner will read no report.
fn parent_gone() -> bool {
    let parent = PARENT.load(Ordering::SeqCst);
    parent != 0 && sys::parent() != parent
}

/// What the program is started as: its command line, and its environment
/// (of the runner's making).
pub struct Start {
    pub argv: Vec<CString>,
    pub envp: Vec<CString>,
}

impl Start {
    /// Its environment (of the runner's making), found before the program
    /// is known; `program` adds the command line.
    pub fn ahead() -> io::Result<Start> {
        let envp = sight::environment()
            .iter()
            .map(|(name, value)| text(&[name.as_bytes(), b"=", value.as_bytes()].concat()))
            .collect::<io::Result<_>>()?;
        Ok(Start {
            argv: Vec::new(),
            envp,
        })
    }

    /// With `program` as its command line.
    pub fn program(mut self, program: &[String]) -> io::Result<Start> {
        self.argv = program
            .iter()
            .map(|arg| text(arg.as_bytes()))
            .collect::<io::Result<_>>()?;
        Ok(self)
    }

    /// In the program's process, just before exec: every signal default and
    /// unblocked, no descriptor but 0, 1 and 2 past the exec.
    /// Async-signal-safe.
    pub fn prepare(&self) -> io::Result<()> {
        sys::default_signals()?;
        sys::close_others_on_exec()
    }

    /// Starts the program in a new process, made by `spawn` (as
    /// `sys::spawn` makes one) to run the child it is given: the child
    /// prepares (`prepare`), runs `confine` and execs, or says why it could
    /// not. Its pid, or why it could not start. `confine` must be
    /// async-signal-safe.
    pub fn spawn(
        &self,
        spawn: &mut dyn FnMut(&mut dyn FnMut() -> io::Error) -> io::Result<i32>,
        confine: &mut dyn FnMut() -> io::Result<()>,
    ) -> io::Result<i32> {
        spawn(&mut || match self.prepare().and_then(|()| confine()) {
            Ok(()) => sys::exec(&self.argv, &self.envp),
            Err(e) => e,
        })
    }
}

/// `bytes` as a word of a command line or environment (no NUL in it).
fn text(bytes: &[u8]) -> io::Result<CString> {
    CString::new(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))
}

/// Waits for the run to end: the program `pid` reaped, or `said` readable
/// where another process reaps it and says so there. Meanwhile it reaps
/// every process that ends and stops the run once a limit fires. The
/// program's wait status where it was reaped here, the wall time, what
/// fired and the most seen of the run.
pub fn watch(
    spec: &Spec,
    pid: i32,
    said: Option<BorrowedFd>,
    start: Instant,
    meter: &dyn Meter,
    reaped: &Reaped,
) -> (Option<i32>, Duration, Option<StoppedBy>, Seen) {
    // One thread only: a process that made a PID namespace for its children
    // cannot start threads. It wakes when the run ends (the program's pidfd,
    // or `said`) or a limit is to be looked at again.
    let pidfd = said.is_none().then(|| sys::pidfd(pid).ok()).flatten();
    let ending = said.or(pidfd.as_ref().map(AsFd::as_fd));
    let (mut status, mut wall, mut fired) = (None, None, None);
    let mut seen = Seen::default();
    loop {
        // Orphans adopted meanwhile are reaped too, with their usage.
        while let Ok(Some(child)) = sys::reap(-1, false) {
            reaped.add(&child);
            if child.pid == pid {
                status = Some(child.status);
                wall = wall.or(Some(start.elapsed()));
            }
        }
        if let Some(wall) = wall {
            return (status, wall, fired, seen);
        }
        if fired.is_none() {
            fired = limit_fired(meter, spec, start, &mut seen);
            if fired.is_some() {
                sys::signal(pid, SIGKILL);
                meter.kill();
            }
        }
        let left = spec.wall.saturating_sub(start.elapsed());
        let wait = if left.is_zero() { POLL } else { POLL.min(left) };
        match ending {
            Some(fd) => {
                if sys::wait_readable(fd, wait) && said.is_some() {
                    wall = Some(start.elapsed());
                }
            }
            None => thread::sleep(wait),
        }
    }
}

/// The most seen of a run while it ran: memory charged at once (the whole
/// tree's together, as a judge's control group counts it), and CPU time.
#[derive(Default)]
pub struct Seen {
    pub peak_kib: u64,
    pub cpu: Duration,
}

/// What fired, if a limit did or SIGTERM came; `seen` keeps the most seen.
fn limit_fired(
    meter: &dyn Meter,
    spec: &Spec,
    start: Instant,
    seen: &mut Seen,
) -> Option<StoppedBy> {
    if interrupt::stop_requested() || parent_gone() {
        return Some(StoppedBy::Sigterm);
    }
    if start.elapsed() > spec.wall {
        return Some(StoppedBy::Time);
    }
    // A run shorter than one poll is measured at its end alone: most are.
    let sample = spec.memory_kib.is_some() || spec.cpu.is_some() || meter.always_sampled();
    if !sample || start.elapsed() < POLL {
        return None;
    }
    let (cpu, memory) = meter.sample();
    seen.peak_kib = seen.peak_kib.max(memory);
    seen.cpu = seen.cpu.max(cpu);
    if spec.memory_kib.is_some_and(|limit| memory > limit) {
        Some(StoppedBy::Memory)
    } else if spec.cpu.is_some_and(|limit| cpu > limit) {
        Some(StoppedBy::Time)
    } else {
        None
    }
}

/// Kills and reaps every process left below the launcher, over and over
/// until none is left: a dying process may still have forked.
pub fn sweep(me: i32, reaped: &Reaped) {
    loop {
        let tree = sys::descendants(me);
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
            // Killed and not yet gone (an init takes its namespaces down
            // first): the first to end is waited for, not polled.
            match sys::reap(-1, true) {
                Ok(Some(child)) => reaped.add(&child),
                // No child yet: one whose parent died is about to be.
                _ => thread::sleep(Duration::from_micros(100)),
            }
        }
    }
}

impl Report {
    fn to_line(&self) -> String {
        let (kind, value) = match self.exit {
            Exit::Code(code) => ("code", code),
            Exit::Signal(signal) => ("signal", signal),
        };
        let fired = match self.stopped_by {
            None => "-",
            Some(StoppedBy::Time) => "time",
            Some(StoppedBy::Memory) => "memory",
            Some(StoppedBy::Sigterm) => "stopped",
        };
        format!(
            "{kind} {value} {} {} {} {fired} {}\n",
            self.wall.as_nanos(),
            self.cpu.as_nanos(),
            self.peak_kib,
            self.refused_forks,
        )
    }

    /// The launcher's report; `Err` carries why it could not start the program.
    pub fn parse(text: &str) -> Result<Report, String> {
        if let Some(message) = text.strip_prefix("error ") {
            return Err(message.trim_end().to_string());
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        let parsed = match words.as_slice() {
            [kind, value, wall, cpu, peak, fired, forks] => (|| {
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
                    stopped_by: match *fired {
                        "-" => None,
                        "time" => Some(StoppedBy::Time),
                        "memory" => Some(StoppedBy::Memory),
                        "stopped" => Some(StoppedBy::Sigterm),
                        _ => return None,
                    },
                    refused_forks: forks.parse().ok()?,
                })
            })(),
            _ => None,
        };
        parsed.ok_or_else(|| format!("unreadable launcher report {text:?}"))
    }
}

/// A signal's name, by this system's numbers.
pub fn signal_name(signal: i32) -> &'static str {
    sys::signal_name(signal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs::File;

    #[test]
    fn report_round_trips() {
        for report in [
            Report {
                exit: Exit::Code(3),
                wall: Duration::from_nanos(1_500_000),
                cpu: Duration::from_nanos(900_000),
                peak_kib: 2048,
                stopped_by: None,
                refused_forks: 0,
            },
            Report {
                exit: Exit::Signal(9),
                wall: Duration::from_nanos(7),
                cpu: Duration::ZERO,
                peak_kib: 0,
                stopped_by: Some(StoppedBy::Memory),
                refused_forks: 3,
            },
        ] {
            assert_eq!(Report::parse(&report.to_line()), Ok(report));
        }
    }

    #[test]
    fn a_spec_goes_whole_through_the_channel() {
        let spec = Spec {
            memory_kib: Some(65536),
            cpu: Some(Duration::from_millis(1500)),
            wall: Duration::from_millis(12000),
            processes: Some(64),
            stack_kib: Some(8192),
            file_kib: Some(1024),
            sight: Sight {
                readable: vec![PathBuf::from("/tmp/x/check"), PathBuf::from("/w/in put")],
                writable: vec![PathBuf::from("/tmp/feedback")],
                hidden: vec![PathBuf::from("/w/.git")],
                fresh_cwd: true,
                scratch_kib: 65536,
            },
            stdin_file: true,
        };
        let (mut ours, mut theirs) = UnixStream::pair().unwrap();
        let mut run = spec.run_args();
        run.extend(["prog".into(), "".into(), "two words".into()]);
        send(&mut ours, &run).unwrap();
        let input = sys::sealed_file(&mut |file| file.write_all(b"2 3\n")).unwrap();
        sys::send_fds(ours.as_raw_fd(), &[input.as_raw_fd()]).unwrap();
        drop((ours, input));
        let message = receive(&mut theirs).unwrap().unwrap();
        let words = words(&message).unwrap();
        let (parsed, program) = Spec::parse(&words).unwrap();
        assert_eq!(parsed, spec);
        assert_eq!(program, ["prog", "", "two words"]);
        // The stdin that follows the run: the bytes, from their start.
        let stdin = take_stdin(&parsed, theirs.as_raw_fd()).unwrap().unwrap();
        let mut text = String::new();
        File::from(stdin).read_to_string(&mut text).unwrap();
        assert_eq!(text, "2 3\n");
        // The end of the channel before a message: no run was asked for.
        assert_eq!(receive(&mut theirs).unwrap(), None);
    }

    #[test]
    fn errors_and_garbage_are_not_reports() {
        assert_eq!(
            Report::parse("error cannot start x: No such file\n"),
            Err("cannot start x: No such file".to_string())
        );
        assert!(Report::parse("").is_err());
        assert!(Report::parse("code x 1 2 3 - 0").is_err());
        assert!(Report::parse("exit 0 1 2 3 - 0").is_err());
        assert!(Report::parse("code 0 1 2 3 soon 0").is_err());
        assert!(Report::parse("code 0 1 2 3 -").is_err());
    }

    #[test]
    fn usage_reads_this_process() {
        let usage = sys::usage(std::process::id() as i32).unwrap();
        assert!(usage.memory_kib > 0);
    }
}
