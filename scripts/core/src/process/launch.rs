//! `judge __launch <channel fd> [<key>=<value>...]` (hidden; `Spec` is the
//! format): prepares a box as the keys say (`sandbox`), then reads one run
//! from the inherited socket `<channel fd>` (`send`: its limits and view,
//! `--` and the program's command line), starts the program with this
//! process's stdin, stdout and stderr, confined, enforces the limits on
//! everything it starts, kills whatever is left when it ends, and writes
//! its exit, wall time, CPU time, peak memory and refused forks back on the
//! socket.
//!
//! Why the box before the run: preparing it costs more than the run's own
//! start (the cgroup made and joined; the namespaces; the view's base of
//! some thirty mounts) and needs nothing of the run. The runner starts a
//! thread's next launcher while the thread's run runs, so that the next run
//! finds its box ready; each launcher still serves one run only.
//!
//! Why a process of its own: when a program is started, Linux keeps the
//! starting process's memory high-water mark as the program's peak if that is
//! larger. A long-lived `judge` (holding expected files, bench inputs) would
//! lend its own peak to every child; a fresh `judge` weighs about 2 MiB, less
//! than any Rust solution. It also keeps the namespaces and the cgroup, which
//! the program is put in, out of the runner.
//!
//! Why nothing escapes it: in the sandbox the program is the child of the
//! init of its own PID namespace and its cgroup is killed at the end.
//! Without one (the fallback) the launcher is a child subreaper, so every
//! process the program starts that loses its parent (a double fork, a
//! `setsid` daemon) becomes the launcher's child; after the program ends
//! every descendant is killed and reaped, and their CPU time and memory
//! count. The report is written once the whole tree is dead. The launcher
//! dies with the runner (SIGTERM, on which it still cleans up), the program
//! with the launcher. The report goes through a socket the program never
//! holds, and the launcher is not dumpable, so its `/proc/<pid>/fd` is
//! closed to the program too.

use super::interrupt;
use super::sandbox::{self, Cgroup, CgroupBase, Confinement, Namespaces};
use super::seccomp;
use super::sys::{self, Filter, SIGKILL};
use super::view::{self, Sight};
use std::env;
use std::ffi::{CString, OsStr, OsString};
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, FromRawFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::net::UnixStream;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{self, Command, ExitCode, ExitStatus};
use std::sync::atomic::{AtomicU64, Ordering};
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
/// `key=value` arguments, the box's on the launcher's command line
/// (`box_args`), the run's on its channel (`run_args`, then `--` and the
/// program's command line).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spec {
    pub memory_kib: Option<u64>,
    pub cpu: Option<Duration>,
    pub wall: Duration,
    pub processes: Option<u32>,
    pub stack_kib: Option<u64>,
    pub file_kib: Option<u64>,
    pub namespaces: Option<Namespaces>,
    pub cgroup: Option<CgroupBase>,
    /// As root: the uids of the boxes, one of which the run takes.
    pub boxes: Option<(u32, u32)>,
    /// The seccomp filter is installed before the exec.
    pub filter: bool,
    /// What the box shows of the machine (`view::system`), in namespaces.
    pub system: Vec<PathBuf>,
    pub sight: Sight,
    /// An inherited descriptor of the network namespace to join.
    pub network: Option<i32>,
}

/// `key=value` arguments, in order.
#[derive(Default)]
struct Pairs(Vec<OsString>);

impl Pairs {
    fn pair(&mut self, key: &str, value: &dyn AsRef<OsStr>) {
        let mut arg = OsString::from(format!("{key}="));
        arg.push(value.as_ref());
        self.0.push(arg);
    }
}

impl Spec {
    /// The box's part, on the launcher's command line: what is the same for
    /// every run of a command, and prepared before a run is asked for.
    pub fn box_args(&self) -> Vec<OsString> {
        let mut args = Pairs::default();
        if let Some((first, last)) = self.boxes {
            args.pair("boxes", &format!("{first}-{last}"));
        }
        if self.filter {
            args.pair("filter", &"seccomp");
        }
        match self.namespaces {
            Some(Namespaces::AsRoot) => args.pair("namespaces", &"root"),
            Some(Namespaces::InUserNamespace) => args.pair("namespaces", &"user"),
            None => {}
        }
        match &self.cgroup {
            Some(CgroupBase::V1 {
                memory,
                pids,
                cpuacct,
            }) => {
                args.pair("cgroup.memory", memory);
                args.pair("cgroup.pids", pids);
                args.pair("cgroup.cpuacct", cpuacct);
            }
            Some(CgroupBase::V2(dir)) => args.pair("cgroup.v2", dir),
            None => {}
        }
        if let Some(fd) = self.network {
            args.pair("network", &fd.to_string());
        }
        for path in &self.system {
            args.pair("show", path);
        }
        args.0
    }

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
        args.0.push("--".into());
        args.0
    }

    /// The run's spec and the program's command line after `--`, within
    /// the box `boxed`.
    fn parse<'a>(args: &'a [String], boxed: &Spec) -> Result<(Spec, &'a [String]), String> {
        let end = args
            .iter()
            .position(|arg| arg == "--")
            .ok_or("no `--` before the program")?;
        let (pairs, program) = (&args[..end], &args[end + 1..]);
        if program.is_empty() {
            return Err("no program after `--`".into());
        }
        let run = Spec::parse_pairs(pairs)?;
        let spec = Spec {
            namespaces: boxed.namespaces,
            cgroup: boxed.cgroup.clone(),
            boxes: boxed.boxes,
            filter: boxed.filter,
            network: boxed.network,
            system: boxed.system.clone(),
            ..run
        };
        Ok((spec, program))
    }

    fn parse_pairs(pairs: &[String]) -> Result<Spec, String> {
        let mut spec = Spec::default();
        let (mut memory, mut pids, mut cpuacct) = (None, None, None);
        for pair in pairs {
            let (key, value) = pair
                .split_once('=')
                .ok_or(format!("expected key=value, got {pair:?}"))?;
            let number = || {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("{key} takes a number, got {value:?}"))
            };
            match key {
                "wall" => spec.wall = Duration::from_millis(number()?),
                "memory" => spec.memory_kib = Some(number()?),
                "cpu" => spec.cpu = Some(Duration::from_millis(number()?)),
                "processes" => spec.processes = Some(number()? as u32),
                "stack" => spec.stack_kib = Some(number()?),
                "file" => spec.file_kib = Some(number()?),
                "boxes" => {
                    let range = value
                        .split_once('-')
                        .and_then(|(first, last)| Some((first.parse().ok()?, last.parse().ok()?)));
                    spec.boxes =
                        Some(range.ok_or(format!("boxes takes <first>-<last>, got {value:?}"))?);
                }
                "filter" if value == "seccomp" => spec.filter = true,
                "scratch" => spec.sight.scratch_kib = number()?,
                "namespaces" if value == "root" => spec.namespaces = Some(Namespaces::AsRoot),
                "namespaces" if value == "user" => {
                    spec.namespaces = Some(Namespaces::InUserNamespace)
                }
                "cgroup.memory" => memory = Some(PathBuf::from(value)),
                "cgroup.pids" => pids = Some(PathBuf::from(value)),
                "cgroup.cpuacct" => cpuacct = Some(PathBuf::from(value)),
                "cgroup.v2" => spec.cgroup = Some(CgroupBase::V2(PathBuf::from(value))),
                "show" => spec.system.push(PathBuf::from(value)),
                "read" => spec.sight.readable.push(PathBuf::from(value)),
                "write" => spec.sight.writable.push(PathBuf::from(value)),
                "hide" => spec.sight.hidden.push(PathBuf::from(value)),
                "cwd" if value == "fresh" => spec.sight.fresh_cwd = true,
                "network" => spec.network = Some(number()? as i32),
                _ => return Err(format!("unknown {pair:?}")),
            }
        }
        if let (Some(memory), Some(pids), Some(cpuacct)) = (memory, pids, cpuacct) {
            spec.cgroup = Some(CgroupBase::V1 {
                memory,
                pids,
                cpuacct,
            });
        }
        Ok(spec)
    }
}

pub fn command(args: &[String]) -> ExitCode {
    if let [flag, how] = args {
        if flag == "--probe" {
            return probe(how);
        }
    }
    let fd = match args.first().and_then(|fd| fd.parse::<i32>().ok()) {
        Some(fd) if fd > 2 => fd,
        _ => return usage("the first argument is the channel's descriptor"),
    };
    let boxed = match Spec::parse_pairs(&args[1..]) {
        Ok(spec) => spec,
        Err(why) => return usage(&why),
    };
    // The program must not inherit the channel.
    if let Err(e) = sys::set_inherited(fd, false) {
        eprintln!("judge {COMMAND}: no channel descriptor {fd}: {e}");
        return ExitCode::from(2);
    }
    // SAFETY: the runner opened `fd` for this process alone; nothing else owns it.
    let mut channel = unsafe { UnixStream::from_raw_fd(fd) };
    interrupt::catch_stop();
    let served = match sys::become_subreaper() {
        Ok(()) => serve(&boxed, &mut channel),
        Err(e) => say(&mut channel, Err(e)),
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("judge {COMMAND}: cannot write the report: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Writes the report of the run (or why it could not start) on `channel`
/// and closes it and the program's stdin, stdout and stderr: the runner
/// has all it waits for, while the box is taken down.
fn say(channel: &mut UnixStream, result: io::Result<Report>) -> io::Result<()> {
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
fn receive(from: &mut (impl Read + AsRawFd)) -> io::Result<Option<Vec<u8>>> {
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
fn words(message: &[u8]) -> io::Result<Vec<String>> {
    let body = message.get(4..).unwrap_or_default();
    body.strip_suffix(b"\0")
        .unwrap_or(body)
        .split(|&byte| byte == 0)
        .map(|word| String::from_utf8(word.to_vec()))
        .collect::<Result<_, _>>()
        .map_err(|_| io_error("a run's words are not UTF-8".into()))
}

/// `judge __launch --probe root|user`: confines `true` as a program would
/// be. As root it then makes an empty network namespace, says `ready` and
/// waits for the end of stdin, so that the runner can open it and hold it
/// for every run. The runner's `probe` reads the exit.
fn probe(how: &str) -> ExitCode {
    let namespaces = match how {
        "root" => Namespaces::AsRoot,
        _ => Namespaces::InUserNamespace,
    };
    let result = (|| {
        // As root, in a box as every run is.
        let boxed = match namespaces {
            Namespaces::AsRoot => Some(
                sandbox::box_uids()
                    .map_err(io_error)
                    .and_then(sandbox::take_box)?,
            ),
            Namespaces::InUserNamespace => None,
        };
        let confinement = Confinement {
            namespaces: Some(namespaces),
            cgroup_join: Vec::new(),
            network: None,
            system: view::system().to_vec(),
            sight: Sight {
                fresh_cwd: true,
                scratch_kib: 1024,
                ..Sight::default()
            },
            stack_bytes: None,
            file_bytes: None,
            processes: None,
            user: boxed.as_ref().map(|(uid, _)| (*uid, *uid)),
        };
        let filter: Option<Vec<Filter>> = sandbox::filter_available()
            .ok()
            .and_then(|()| seccomp::filter());
        sandbox::enter_launcher_namespaces(namespaces)?;
        let mut command = Command::new("/bin/true");
        // SAFETY: the launcher has no other thread yet: the child may
        // allocate; it only sets itself up and execs.
        unsafe {
            command.pre_exec(move || {
                let confined = confinement.enter().and_then(|()| match &filter {
                    Some(filter) => sys::install_filter(filter),
                    None => Ok(()),
                });
                // Only the error's number crosses the exec: its words go first.
                if let Err(e) = &confined {
                    eprintln!("{e}");
                }
                confined
            });
        }
        let status = command.status()?;
        if !status.success() {
            return Err(io::Error::new(
                io::ErrorKind::Other,
                format!("true ended with {status}"),
            ));
        }
        if namespaces == Namespaces::AsRoot {
            sys::unshare_namespaces(sys::CLONE_NEWNET)?;
            println!("ready");
            io::stdin().read_to_end(&mut Vec::new())?;
        }
        Ok(())
    })();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

fn io_error(why: String) -> io::Error {
    io::Error::new(io::ErrorKind::Other, why)
}

fn usage(why: &str) -> ExitCode {
    eprintln!("judge {COMMAND}: {why}\nusage: judge {COMMAND} <channel fd> [<key>=<value>...]");
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

/// Where a run's CPU time and memory are read: its cgroup, or else its
/// process tree in `/proc` and what was reaped of it.
enum Meter<'a> {
    Cgroup(&'a Cgroup),
    Tree { me: i32, reaped: &'a Reaped },
}

impl Meter<'_> {
    /// CPU time so far, and memory charged now in KiB.
    fn sample(&self) -> (Duration, u64) {
        match self {
            Meter::Cgroup(cgroup) => (cgroup.cpu(), cgroup.memory_kib()),
            Meter::Tree { me, reaped } => {
                // Reaped first: a process reaped meanwhile is then counted at most once.
                let mut cpu = reaped.cpu();
                let mut resident = 0;
                for pid in descendants(*me) {
                    if let Some(stat) = Stat::of(pid) {
                        cpu += sys::clock_tick() * stat.ticks as u32;
                        resident += stat.pages * sys::page_kib();
                    }
                }
                (cpu, resident)
            }
        }
    }
}

/// The launcher's life: prepares the box `boxed` (the run's cgroup and uid,
/// its namespaces and their init with the view's base), done before the run
/// is asked for; then waits for the run on `channel`, runs it, says how it
/// went (`say`) and takes the box down. Nothing is said when no run came; `Err` when
/// the report could not be written.
fn serve(boxed: &Spec, channel: &mut UnixStream) -> io::Result<()> {
    let me = process::id() as i32;
    let cgroup = match &boxed.cgroup {
        Some(base) => Cgroup::create(base, &format!("judge-{me}")).map(Some),
        None => Ok(None),
    };
    let cgroup = match cgroup {
        Ok(cgroup) => cgroup,
        Err(e) => return say(channel, Err(e)),
    };
    let said = (|| {
        // As root, a box of its own: its uid owns the folders it writes in
        // while it runs, and the runner's uid again after.
        // The box's lock is held until the run is over.
        let (_held, user, init) = match boxed.boxes.map(sandbox::take_box).transpose() {
            Ok(taken) => {
                let user = taken.as_ref().map(|(uid, _)| (*uid, *uid));
                let init = (|| {
                    if let Some(namespaces) = boxed.namespaces {
                        sandbox::enter_launcher_namespaces(namespaces)?;
                    }
                    // Only once the user namespace is mapped: mapped by a process
                    // that is not dumpable, it let its programs execute nothing.
                    sys::forbid_inspection()?;
                    match boxed.namespaces {
                        Some(_) => start_init(boxed, cgroup.as_ref(), user).map(Some),
                        None => Ok(None),
                    }
                })();
                (taken, user, init)
            }
            Err(e) => (None, None, Err(e)),
        };
        let message = match receive(channel) {
            Ok(Some(message)) => message,
            Ok(None) => {
                sweep(me, &Reaped::default());
                return Ok(());
            }
            Err(e) => return say(channel, Err(e)),
        };
        let ran = words(&message).and_then(|words| {
            let (spec, program) = Spec::parse(&words, boxed).map_err(io_error)?;
            let give = |(uid, gid): (u32, u32)| -> io::Result<()> {
                for dir in &spec.sight.writable {
                    sandbox::give(dir, uid, gid)?;
                }
                Ok(())
            };
            let ran = init
                .and_then(|init| {
                    if let Some(cgroup) = &cgroup {
                        cgroup.limit(spec.memory_kib, spec.processes)?;
                    }
                    user.map_or(Ok(()), give)?;
                    run_confined(&spec, program, cgroup.as_ref(), user, init, &message)
                })
                .map_err(|e| io::Error::new(e.kind(), format!("cannot start {}: {e}", program[0])));
            // Given back before the report: the next run may take them.
            if user.is_some() {
                give(sys::ids())?;
            }
            ran
        });
        say(channel, ran)
    })();
    if let Some(cgroup) = &cgroup {
        cgroup.kill();
        cgroup.remove();
    }
    said
}

/// What confines a run of `spec`: its view, its limits, its user.
fn confinement(spec: &Spec, cgroup: Option<&Cgroup>, user: Option<(u32, u32)>) -> Confinement {
    Confinement {
        namespaces: spec.namespaces,
        // In namespaces the init has joined it, before it was asked for the run.
        cgroup_join: cgroup
            .filter(|_| spec.namespaces.is_none())
            .map(Cgroup::joined_through)
            .unwrap_or_default(),
        network: spec.network,
        system: spec.system.clone(),
        sight: spec.sight.clone(),
        stack_bytes: spec.stack_kib.map(|kib| kib * 1024),
        file_bytes: spec.file_kib.map(|kib| kib * 1024),
        // With its own user namespace and no cgroup; the launcher counts too.
        processes: spec
            .processes
            .filter(|_| cgroup.is_none() && spec.namespaces == Some(Namespaces::InUserNamespace))
            .map(|count| u64::from(count) + 1),
        user,
    }
}

/// What the program is started as: its command line, its environment (of
/// the runner's making), and the filter installed last.
struct Start {
    argv: Vec<CString>,
    envp: Vec<CString>,
    filter: Option<Vec<Filter>>,
}

impl Start {
    fn of(spec: &Spec, program: &[String]) -> io::Result<Start> {
        let text = |bytes: &[u8]| {
            CString::new(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))
        };
        let envp = view::environment()
            .iter()
            .map(|(name, value)| text(&[name.as_bytes(), b"=", value.as_bytes()].concat()))
            .collect::<io::Result<_>>()?;
        Ok(Start {
            argv: program
                .iter()
                .map(|arg| text(arg.as_bytes()))
                .collect::<io::Result<_>>()?,
            envp,
            filter: if spec.filter { seccomp::filter() } else { None },
        })
    }

    /// In the program's process, just before exec: every signal default and
    /// unblocked, no descriptor but 0, 1 and 2 past the exec, the filter.
    /// Async-signal-safe.
    fn prepare(&self) -> io::Result<()> {
        sys::default_signals()?;
        sys::close_others_on_exec()?;
        match &self.filter {
            Some(filter) => sys::install_filter(filter),
            None => Ok(()),
        }
    }

    /// Becomes the program; returns only why it could not.
    fn exec(&self) -> io::Error {
        match self.prepare() {
            Ok(()) => sys::exec(&self.argv, &self.envp),
            Err(e) => e,
        }
    }
}

/// The namespaces' init, forked while the box is prepared: it says how the
/// program ended on `says`, once the run is given to it on `go`.
struct Init {
    pid: i32,
    says: File,
    go: File,
}

fn run_confined(
    spec: &Spec,
    program: &[String],
    cgroup: Option<&Cgroup>,
    user: Option<(u32, u32)>,
    init: Option<Init>,
    message: &[u8],
) -> io::Result<Report> {
    let me = process::id() as i32;
    let start = Instant::now();
    // In namespaces the launcher's child is their init, and the program its
    // child; the init says how the program ended.
    let (pid, init_says) = match init {
        Some(Init { pid, says, mut go }) => {
            // An init that could not prepare has ended and says why.
            let _ = go.write_all(message);
            (pid, Some(says))
        }
        None => (spawn(spec, program, cgroup, user)?, None),
    };
    let reaped = Reaped::default();
    let meter = match cgroup {
        Some(cgroup) => Meter::Cgroup(cgroup),
        None => Meter::Tree {
            me,
            reaped: &reaped,
        },
    };
    let (status, wall, fired, seen) = watch(spec, pid, start, &meter, &reaped);
    if let Some(cgroup) = cgroup {
        cgroup.kill();
    }
    sweep(me, &reaped);
    let exit = match init_says.map(ended) {
        // A limit fired: the init was killed with the program.
        None | Some(Ok(None)) => Exit::of(ExitStatus::from_raw(status)),
        Some(Ok(Some(exit))) => exit,
        Some(Err(e)) => return Err(e),
    };
    let report = match cgroup {
        Some(cgroup) => Report {
            exit,
            wall,
            cpu: cgroup.cpu(),
            peak_kib: cgroup.peak_kib().max(seen.peak_kib),
            stopped_by: fired.or(cgroup.out_of_memory().then_some(StoppedBy::Memory)),
            refused_forks: cgroup.refused_forks(),
        },
        None => Report {
            exit,
            wall,
            // A tree killed at once leaves some of its time unreaped.
            cpu: reaped.cpu().max(seen.cpu),
            peak_kib: reaped.peak_kib.load(Ordering::SeqCst).max(seen.peak_kib),
            stopped_by: fired,
            refused_forks: 0,
        },
    };
    Ok(report)
}

/// Starts the program as the launcher's own child (no namespaces, so no
/// init), confining itself between fork and exec; its pid.
fn spawn(
    spec: &Spec,
    program: &[String],
    cgroup: Option<&Cgroup>,
    user: Option<(u32, u32)>,
) -> io::Result<i32> {
    let confinement = confinement(spec, cgroup, user);
    let start_as = Start::of(spec, program)?;
    let mut command = Command::new(&program[0]);
    command
        .args(&program[1..])
        .env_clear()
        .envs(view::environment());
    // SAFETY: the launcher has no other thread, so the child, between
    // fork and exec, may allocate; it only confines itself.
    unsafe {
        command.pre_exec(move || {
            confinement.enter()?;
            sys::die_with_parent(SIGKILL)?;
            start_as.prepare()
        })
    };
    Ok(command.spawn()?.id() as i32)
}

/// Waits for the program `pid` to end, reaping every process that ends
/// meanwhile and stopping the run once a limit fires: its wait status, its
/// wall time, what fired and the most seen of it.
fn watch(
    spec: &Spec,
    pid: i32,
    start: Instant,
    meter: &Meter,
    reaped: &Reaped,
) -> (i32, Duration, Option<StoppedBy>, Seen) {
    // One thread only: a process that made a PID namespace for its children
    // cannot start threads. It wakes when the program ends (its pidfd) or a
    // limit is to be looked at again.
    let pidfd = sys::pidfd(pid).ok();
    let (mut status, mut wall, mut fired) = (None, Duration::ZERO, None);
    let mut seen = Seen::default();
    loop {
        // Orphans adopted meanwhile are reaped too, with their usage.
        while let Ok(Some(child)) = sys::reap(-1, false) {
            reaped.add(&child);
            if child.pid == pid {
                status = Some(child.status);
                wall = start.elapsed();
            }
        }
        if let Some(status) = status {
            return (status, wall, fired, seen);
        }
        if fired.is_none() {
            fired = limit_fired(meter, spec, start, &mut seen);
            if fired.is_some() {
                stop(meter, pid);
            }
        }
        let left = spec.wall.saturating_sub(start.elapsed());
        let wait = if left.is_zero() { POLL } else { POLL.min(left) };
        match &pidfd {
            Some(pidfd) => sys::wait_readable(pidfd, wait),
            None => thread::sleep(wait),
        }
    }
}

/// Forks the namespaces' init, which joins the run's cgroup, prepares the
/// view's base, waits for the run on its `go` pipe, confines itself for it,
/// starts the program, reaps every process until the program ends and says
/// how it ended on its `says` pipe. A program as init would ignore signals it sends itself
/// (`kill -SEGV $$`, `raise`): an init of ours keeps its semantics.
fn start_init(boxed: &Spec, cgroup: Option<&Cgroup>, user: Option<(u32, u32)>) -> io::Result<Init> {
    let (says_read, says_write) = sys::pipe()?;
    let (go_read, go_write) = sys::pipe()?;
    // SAFETY: the launcher has one thread; the child runs only `init`, which
    // ends in `_exit`.
    match unsafe { sys::fork() }? {
        0 => {
            drop((says_read, go_write));
            init(
                boxed,
                cgroup,
                user,
                File::from(says_write),
                File::from(go_read),
            );
            sys::exit_now(0)
        }
        pid => {
            drop((says_write, go_read));
            Ok(Init {
                pid,
                says: File::from(says_read),
                go: File::from(go_write),
            })
        }
    }
}

/// The init's life, in the launcher's forked child: see `start_init`.
fn init(
    boxed: &Spec,
    cgroup: Option<&Cgroup>,
    user: Option<(u32, u32)>,
    mut says: File,
    mut go: File,
) {
    let result = (|| -> io::Result<Option<Exit>> {
        // First: all it does from here on, and all it starts, is the run's.
        if let Some(cgroup) = cgroup {
            sandbox::join_cgroup(&cgroup.joined_through())?;
        }
        let base = Confinement::prepare(boxed.namespaces, boxed.network, &boxed.system)?;
        sys::die_with_parent(SIGKILL)?;
        // Not dumpable: the program cannot trace it.
        sys::forbid_inspection()?;
        let message = match receive(&mut go)? {
            Some(message) => message,
            None => return Ok(None),
        };
        let words = words(&message)?;
        let (spec, program) = Spec::parse(&words, boxed).map_err(io_error)?;
        confinement(&spec, cgroup, user).enter_prepared(base.as_ref())?;
        let start = Start::of(&spec, program)?;
        let (failed_read, failed_write) = sys::pipe()?;
        // SAFETY: one thread; the child only execs, or says why it could not.
        let program = match unsafe { sys::fork() }? {
            0 => {
                let error = start.exec();
                let mut failed = File::from(failed_write);
                let _ = failed.write_all(&error.raw_os_error().unwrap_or(0).to_le_bytes());
                sys::exit_now(127)
            }
            program => program,
        };
        drop(failed_write);
        // A successful exec closes the pipe; a failed one sends its errno.
        let mut errno = [0u8; 4];
        if File::from(failed_read).read_exact(&mut errno).is_ok() {
            return Err(io::Error::from_raw_os_error(i32::from_le_bytes(errno)));
        }
        loop {
            match sys::reap(-1, true)? {
                Some(child) if child.pid == program => {
                    return Ok(Some(Exit::of(ExitStatus::from_raw(child.status))))
                }
                Some(_) => {}
                None => return Err(io::Error::new(io::ErrorKind::Other, "program lost")),
            }
        }
    })();
    let line = match result {
        Ok(None) => return,
        Ok(Some(Exit::Code(code))) => format!("code {code}\n"),
        Ok(Some(Exit::Signal(signal))) => format!("signal {signal}\n"),
        Err(e) => format!("error {e}\n"),
    };
    let _ = says.write_all(line.as_bytes());
}

/// How the init said the program ended: `None` when it said nothing (it was
/// killed with the program); an error when the program could not start.
fn ended(mut says: File) -> io::Result<Option<Exit>> {
    let mut line = String::new();
    let _ = says.read_to_string(&mut line);
    let (kind, rest) = line.trim().split_once(' ').unwrap_or(("", ""));
    Ok(match (kind, rest.parse::<i32>()) {
        ("code", Ok(code)) => Some(Exit::Code(code)),
        ("signal", Ok(signal)) => Some(Exit::Signal(signal)),
        ("error", _) => return Err(io::Error::new(io::ErrorKind::Other, rest.to_string())),
        _ => None,
    })
}

/// The most seen of a run while it ran: memory charged at once (the whole
/// tree's together, as a judge's control group counts it), and CPU time.
#[derive(Default)]
struct Seen {
    peak_kib: u64,
    cpu: Duration,
}

/// What fired, if a limit did or SIGTERM came; `seen` keeps the most seen.
fn limit_fired(meter: &Meter, spec: &Spec, start: Instant, seen: &mut Seen) -> Option<StoppedBy> {
    if interrupt::stop_requested() {
        return Some(StoppedBy::Sigterm);
    }
    if start.elapsed() > spec.wall {
        return Some(StoppedBy::Time);
    }
    // A run shorter than one poll is measured at its end alone: most are.
    let sample =
        spec.memory_kib.is_some() || spec.cpu.is_some() || matches!(meter, Meter::Cgroup(_));
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

/// Kills the program and all it started. In its own PID namespace the
/// program is its init: with it dies every process it started.
fn stop(meter: &Meter, pid: i32) {
    sys::signal(pid, SIGKILL);
    match meter {
        Meter::Cgroup(cgroup) => cgroup.kill(),
        Meter::Tree { me, .. } => {
            for pid in descendants(*me) {
                sys::signal(pid, SIGKILL);
            }
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
    fn a_spec_goes_whole_through_the_command_line_and_the_channel() {
        let spec = Spec {
            memory_kib: Some(65536),
            cpu: Some(Duration::from_millis(1500)),
            wall: Duration::from_millis(12000),
            processes: Some(64),
            stack_kib: Some(8192),
            file_kib: Some(1024),
            namespaces: Some(Namespaces::AsRoot),
            cgroup: Some(CgroupBase::V2(PathBuf::from("/sys/fs/cgroup/a b"))),
            boxes: Some((60000, 60999)),
            filter: true,
            system: vec![PathBuf::from("/usr"), PathBuf::from("/etc/pass wd")],
            sight: Sight {
                readable: vec![PathBuf::from("/tmp/x/check"), PathBuf::from("/w/in put")],
                writable: vec![PathBuf::from("/tmp/feedback")],
                hidden: vec![PathBuf::from("/w/.git")],
                fresh_cwd: true,
                scratch_kib: 65536,
            },
            network: Some(5),
        };
        let text = |args: Vec<OsString>| -> Vec<String> {
            args.into_iter().map(|a| a.into_string().unwrap()).collect()
        };
        let boxed = Spec::parse_pairs(&text(spec.box_args())).unwrap();
        let (mut ours, mut theirs) = UnixStream::pair().unwrap();
        let mut run = spec.run_args();
        run.extend(["prog".into(), "".into(), "two words".into()]);
        send(&mut ours, &run).unwrap();
        drop(ours);
        let message = receive(&mut theirs).unwrap().unwrap();
        let words = words(&message).unwrap();
        let (parsed, program) = Spec::parse(&words, &boxed).unwrap();
        assert_eq!(parsed, spec);
        assert_eq!(program, ["prog", "", "two words"]);
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
    fn stat_reads_this_process() {
        let stat = Stat::of(process::id() as i32).unwrap();
        assert!(stat.pages > 0);
    }
}
